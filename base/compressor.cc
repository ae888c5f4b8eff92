#include "base/compressor.h"

#include <zlib.h>

namespace grammut {
namespace {

// Raw deflate (no header or checksum: the caller keeps the size) with a
// 4 KB window: packed trees are a few KB, and the small window keeps the
// streams' own memory near 100 KB.
constexpr int kWindowBits = -12;
constexpr int kMemLevel = 7;
// What one call takes or makes at most (zlib counts in 32-bit sizes).
constexpr size_t kMaxBytes = size_t{1} << 30;

}  // namespace

struct Compressor::Streams {
  z_stream deflate{};
  z_stream inflate{};
  bool deflate_ok = false, inflate_ok = false;
};

Compressor::Compressor() : streams_(std::make_unique<Streams>()) {
  streams_->deflate_ok =
      deflateInit2(&streams_->deflate, Z_BEST_SPEED, Z_DEFLATED, kWindowBits,
                   kMemLevel, Z_DEFAULT_STRATEGY) == Z_OK;
  streams_->inflate_ok = inflateInit2(&streams_->inflate, kWindowBits) == Z_OK;
}

Compressor::~Compressor() {
  if (streams_->deflate_ok) deflateEnd(&streams_->deflate);
  if (streams_->inflate_ok) inflateEnd(&streams_->inflate);
}

bool Compressor::Compress(absl::string_view in, std::string* out) {
  z_stream& z = streams_->deflate;
  if (!streams_->deflate_ok || in.size() > kMaxBytes ||
      deflateReset(&z) != Z_OK) {
    return false;
  }
  out->resize(deflateBound(&z, in.size()));
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out->data());
  z.avail_out = static_cast<uInt>(out->size());
  if (deflate(&z, Z_FINISH) != Z_STREAM_END) return false;
  out->resize(out->size() - z.avail_out);
  return true;
}

bool Compressor::Expand(absl::string_view in, size_t size, std::string* out) {
  z_stream& z = streams_->inflate;
  if (!streams_->inflate_ok || in.size() > kMaxBytes || size >= kMaxBytes ||
      inflateReset(&z) != Z_OK) {
    return false;
  }
  // One byte to spare: an input that inflates to more than `size` stops
  // there instead of ending the stream, and is refused.
  out->resize(size + 1);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out->data());
  z.avail_out = static_cast<uInt>(out->size());
  const int rc = inflate(&z, Z_FINISH);
  if (rc != Z_STREAM_END || z.avail_out != 1 || z.avail_in != 0) return false;
  out->resize(size);
  return true;
}

}  // namespace grammut
