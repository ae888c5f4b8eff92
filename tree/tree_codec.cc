#include "tree/tree_codec.h"

#include <cstdint>
#include <vector>

namespace grammut {
namespace {

// Layout: varint node count, text size, trailer size, step count; the text; the
// trailer; then per node in preorder a varint header (zigzag(symbol) << 2 |
// is_rule << 1 | is_error) followed by, for a rule node, its subtree size,
// its step count and each step (zigzag(decision), alt, child), and for a
// token, its trivia size and text size.

void PutVarint(uint64_t v, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

uint64_t ZigZag(int64_t v) {
  return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
}

int64_t UnZigZag(uint64_t v) {
  return static_cast<int64_t>(v >> 1) ^ -static_cast<int64_t>(v & 1);
}

// Reads varints from a byte range; any overrun or overlong value makes
// ok() false for good.
class VarintReader {
 public:
  explicit VarintReader(absl::string_view in) : in_(in) {}

  uint64_t Next() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= in_.size()) return Fail();
      const auto byte = static_cast<uint8_t>(in_[pos_++]);
      v |= static_cast<uint64_t>(byte & 0x7F) << shift;
      if ((byte & 0x80) == 0) return v;
    }
    return Fail();
  }
  // A varint no larger than `max`.
  uint64_t NextAtMost(uint64_t max) {
    const uint64_t v = Next();
    return v <= max ? v : Fail();
  }
  absl::string_view Bytes(uint64_t n) {
    if (n > in_.size() - pos_) {
      Fail();
      return {};
    }
    absl::string_view out = in_.substr(pos_, n);
    pos_ += n;
    return out;
  }
  bool ok() const { return ok_; }
  bool at_end() const { return pos_ == in_.size(); }

 private:
  uint64_t Fail() {
    ok_ = false;
    pos_ = in_.size();
    return 0;
  }

  absl::string_view in_;
  size_t pos_ = 0;
  bool ok_ = true;
};

}  // namespace

void PackTree(const Tree& tree, std::string* out) {
  out->clear();
  const absl::string_view text = tree.text();
  PutVarint(static_cast<uint64_t>(tree.size()), out);
  PutVarint(text.size(), out);
  PutVarint(tree.trailer().size(), out);
  size_t steps = 0;
  for (int i = 0; i < tree.size(); ++i) steps += tree.steps(i).size();
  PutVarint(steps, out);
  out->append(text.data(), text.size());
  out->append(tree.trailer());
  for (int i = 0; i < tree.size(); ++i) {
    const Node& n = tree.node(i);
    PutVarint(
        ZigZag(n.symbol) << 2 | (n.is_rule ? 2 : 0) | (n.is_error ? 1 : 0),
        out);
    if (n.is_rule) {
      PutVarint(n.size, out);
      const absl::Span<const DerivationStep> steps = tree.steps(i);
      PutVarint(steps.size(), out);
      for (const DerivationStep& s : steps) {
        PutVarint(ZigZag(s.decision), out);
        PutVarint(s.alt, out);
        PutVarint(s.child, out);
      }
    } else {
      PutVarint(n.trivia_size, out);
      PutVarint(n.text_size - n.trivia_size, out);
    }
  }
}

bool UnpackTree(absl::string_view packed, Tree* tree) {
  tree->Clear();
  VarintReader in(packed);
  const uint64_t count = in.NextAtMost(packed.size());
  const uint64_t text_size = in.NextAtMost(UINT32_MAX);
  const uint64_t trailer_size = in.NextAtMost(UINT32_MAX);
  const uint64_t step_count = in.NextAtMost(packed.size());
  const absl::string_view text = in.Bytes(text_size);
  if (!in.ok()) return false;
  tree->Reserve(count, text_size, step_count);
  tree->set_trailer(in.Bytes(trailer_size));
  struct Open {
    int node;
    uint64_t end;
  };
  std::vector<Open> open;
  uint64_t offset = 0;
  for (uint64_t i = 0; i < count && in.ok(); ++i) {
    const uint64_t header = in.Next();
    const int64_t symbol = UnZigZag(header >> 2);
    if (symbol < INT32_MIN || symbol > INT32_MAX) return false;
    const uint64_t limit = open.empty() ? count : open.back().end;
    if ((header & 2) != 0) {
      const uint64_t size = in.NextAtMost(limit - i);
      const uint64_t steps = in.NextAtMost(packed.size());
      if (size == 0 || (header & 1) != 0) return false;
      const int node = tree->BeginRule(static_cast<int>(symbol));
      for (uint64_t k = 0; k < steps && in.ok(); ++k) {
        DerivationStep s;
        const int64_t decision = UnZigZag(in.Next());
        if (decision < INT32_MIN || decision > INT32_MAX) return false;
        s.decision = static_cast<int32_t>(decision);
        s.alt = static_cast<uint16_t>(in.NextAtMost(UINT16_MAX));
        s.child = static_cast<uint16_t>(in.NextAtMost(UINT16_MAX));
        tree->AddStep(node, s);
      }
      open.push_back({node, i + size});
    } else {
      const uint64_t trivia = in.NextAtMost(text_size - offset);
      const uint64_t token = in.NextAtMost(text_size - offset - trivia);
      tree->AddToken(static_cast<int>(symbol), text.substr(offset, trivia),
                     text.substr(offset + trivia, token), (header & 1) != 0);
      offset += trivia + token;
    }
    while (!open.empty() && open.back().end == i + 1) {
      tree->EndRule(open.back().node);
      open.pop_back();
    }
  }
  return in.ok() && in.at_end() && open.empty() && offset == text_size &&
         static_cast<uint64_t>(tree->size()) == count;
}

}  // namespace grammut
