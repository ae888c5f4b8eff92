// The AFL++ custom mutator API, called as afl-fuzz 4.04c calls it: this
// binary plays AFL++'s loop (queue_get, trimming of new entries, a custom
// stage of fuzz calls on one entry with another entry as add_buf, each
// output run at once and, when it "adds coverage", written to the queue
// and announced with describe + queue_new_entry), with scripted verdicts,
// and checks that the glue told the core exactly what became of each
// output. Then trimming (every accepted step still parses, each is
// smaller, the same input gives the same steps), sizes and garbage.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "parse/parser.h"
#include "base/rng.h"
#include "gtest/gtest.h"
#include "aflpp/aflpp_glue.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// The credit tests count every fate exactly: the mutator's choices must not
// depend on measured time (a loaded machine changed them and, with them,
// which outputs happened to repeat an entry).
const bool kDeterministic = [] {
  setenv("GRAMMUT_DETERMINISTIC", "1", 1);
  return true;
}();

// A scratch directory for queue files, removed at the end.
class TempDir {
 public:
  TempDir() {
    char tmpl[] = "/tmp/grammut_aflpp_test_XXXXXX";
    path_ = mkdtemp(tmpl);
  }
  ~TempDir() {
    std::string cmd = "rm -rf '" + path_ + "'";
    (void)std::system(cmd.c_str());
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

void WriteFile(const std::string& path, const std::string& bytes) {
  FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr) << path;
  std::fwrite(bytes.data(), 1, bytes.size(), f);
  std::fclose(f);
}

const uint8_t* U8(const std::string& s) {
  return reinterpret_cast<const uint8_t*>(s.data());
}

struct Expected {
  uint64_t kept = 0, discarded = 0, unknown = 0, late = 0, outputs = 0;
  uint64_t stacked = 0;  // calls that got our last output back
};

// What the script does around outputs.
struct Script {
  double keep = 0.2;      // chance an output adds coverage
  double stack = 0.0;     // chance the next fuzz call gets our output back
  double foreign = 0.0;   // chance of someone else's entry after a stage
  double lost = 0.0;      // chance a kept output's file cannot be read
  bool trim = false;      // trim new entries (accepting every other step)
  bool crossover = true;  // pass another entry as add_buf
};

// Plays `rounds` of AFL++'s fuzz_one on a fresh mutator.
Expected PlayAflpp(void* data, int rounds, const Script& script,
                   uint64_t seed) {
  TempDir dir;
  std::vector<std::string> queue = {"[1, 2, 3]", "{\"a\": true}",
                                    "[\"x\", {\"b\": null}]"};
  std::vector<bool> trimmed(queue.size(), false);
  int files = 0;
  auto new_file = [&](const std::string& bytes) {
    const std::string path =
        dir.path() + "/id:" + std::to_string(files++) + ",op:test";
    WriteFile(path, bytes);
    return path;
  };
  // Outputs of unknown fate, by content: when they show up as an input
  // (buf or add_buf), the core credits them late.
  std::set<std::string> pending;
  Expected e;
  auto see_entry = [&](const std::string& entry) {
    auto it = pending.find(entry);
    if (it != pending.end()) {
      pending.erase(it);
      ++e.late;
    }
  };
  Rng rng(seed);
  uint64_t* last_fate = nullptr;    // the fate the next event will tell
  constexpr size_t kMax = 1 << 20;  // AFL++'s MAX_FILE
  std::string last_out;
  bool last_confirmed = false;  // last_out became a readable queue entry
  for (int r = 0; r < rounds; ++r) {
    // Like the chain test: never start a stage with bytes equal to the
    // output just made (the glue would take it for a stacked call).
    size_t cur = rng.Below(queue.size());
    while (queue[cur] == last_out) cur = (cur + 1) % queue.size();
    const std::string qpath = new_file(queue[cur]);
    afl_custom_queue_get(data, U8(qpath));
    last_fate = nullptr;  // queue_get settled it
    if (script.trim && !trimmed[cur]) {
      trimmed[cur] = true;
      std::string entry = queue[cur];
      int32_t stage_max = afl_custom_init_trim(
          data, reinterpret_cast<uint8_t*>(entry.data()), entry.size());
      int32_t stage_cur = 0;
      bool accept = false;
      while (stage_cur < stage_max) {
        uint8_t* out = nullptr;
        const size_t n = afl_custom_trim(data, &out);
        EXPECT_NE(out, nullptr);
        EXPECT_LT(n, entry.size());
        accept = !accept;
        if (accept) entry.assign(reinterpret_cast<char*>(out), n);
        stage_cur = afl_custom_post_trim(data, accept ? 1 : 0);
      }
      queue[cur] = entry;
    }
    const std::string unit = queue[cur];
    // The stage's length for the entry (256 while warming up).
    EXPECT_GE(afl_custom_fuzz_count(data, U8(unit), unit.size()), 32u);
    const int stage = 1 + static_cast<int>(rng.Below(8));
    std::string input = unit;
    for (int i = 0; i < stage; ++i) {
      if (i == 0 || !script.stack || !rng.Chance(script.stack) ||
          last_fate != &e.discarded) {
        input = unit;  // AFL++ restores out_buf from the entry
      }
      if (input == unit) {
        // An entry equal to our last output, unless that output became a
        // readable queue entry, is taken for a stacked call (the glue
        // cannot tell them apart): not a new sight of the entry.
        if (!(unit == last_out && !last_confirmed)) see_entry(unit);
      } else {
        ++e.stacked;
      }
      std::string other;
      const bool cross = script.crossover && queue.size() > 1;
      if (cross) {
        size_t o = rng.Below(queue.size());
        if (o == cur) o = (o + 1) % queue.size();
        other = queue[o];
        see_entry(other);
      }
      uint8_t* out = nullptr;
      std::string buf = input;
      const size_t n = afl_custom_fuzz(
          data, reinterpret_cast<uint8_t*>(buf.data()), buf.size(), &out,
          cross ? reinterpret_cast<uint8_t*>(other.data()) : nullptr,
          other.size(), kMax);
      EXPECT_GT(n, 0u);
      const std::string output(reinterpret_cast<char*>(out), n);
      last_out = output;
      last_confirmed = false;
      ++e.outputs;
      if (rng.Chance(script.keep)) {
        // AFL++ names the file, writes it, then tells.
        const char* d = afl_custom_describe(data, 200);
        EXPECT_EQ(std::string(d).rfind("grammut-", 0), 0u) << d;
        if (rng.Chance(script.lost)) {
          const std::string gone = dir.path() + "/missing";
          afl_custom_queue_new_entry(data, U8(gone), U8(qpath));
          ++e.unknown;
          pending.insert(output);
        } else {
          const std::string path = new_file(output);
          afl_custom_queue_new_entry(data, U8(path), U8(qpath));
          ++e.kept;
          last_confirmed = true;
        }
        queue.push_back(output);
        trimmed.push_back(false);
        last_fate = nullptr;
      } else {
        ++e.discarded;  // told by the next event
        last_fate = &e.discarded;
      }
      input = output;  // a stacked call gets this back
    }
    if (rng.Chance(script.foreign)) {
      // AFL++'s havoc stage found something: an entry that is not ours.
      std::string havoc = unit + " ";
      if (havoc == last_out) havoc += " ";
      const std::string path = new_file(havoc);
      afl_custom_queue_new_entry(data, U8(path), U8(qpath));
      queue.push_back(havoc);
      trimmed.push_back(false);
      last_fate = nullptr;
    }
  }
  // The very last output's fate is never told when it was discarded.
  if (last_fate != nullptr) --*last_fate;
  return e;
}

void ExpectCredit(void* data, const Expected& e) {
  const Mutator& m = AflMutator(data);
  EXPECT_EQ(m.stats().mutations, e.outputs);
  EXPECT_EQ(m.stats().kept, e.kept);
  EXPECT_EQ(m.stats().discarded, e.discarded);
  EXPECT_EQ(m.stats().unknown, e.unknown);
  EXPECT_EQ(m.stats().late_credit, e.late);
  // Every credit went to exactly one family.
  EXPECT_EQ(m.family_bandit().wins(kGrammarFamily) +
                m.family_bandit().wins(kBytesFamily),
            e.kept + e.late);
}

TEST(AflppCredit, NothingKept) {
  void* data = afl_custom_init(nullptr, 1);
  Script s;
  s.keep = 0;
  const Expected e = PlayAflpp(data, 30, s, 7);
  ExpectCredit(data, e);
  EXPECT_EQ(e.kept, 0u);
  EXPECT_GT(e.discarded, 0u);
  afl_custom_deinit(data);
}

TEST(AflppCredit, EveryFateIsToldOnce) {
  void* data = afl_custom_init(nullptr, 2);
  Script s;
  s.keep = 0.25;
  const Expected e = PlayAflpp(data, 80, s, 11);
  ExpectCredit(data, e);
  EXPECT_GT(e.kept, 0u);
  EXPECT_EQ(e.unknown, 0u);
  afl_custom_deinit(data);
}

TEST(AflppCredit, StackedCallsForeignEntriesAndTrimming) {
  void* data = afl_custom_init(nullptr, 3);
  Script s;
  s.keep = 0.2;
  s.stack = 0.5;
  s.foreign = 0.3;
  s.trim = true;
  const Expected e = PlayAflpp(data, 120, s, 13);
  ExpectCredit(data, e);
  EXPECT_GT(e.kept, 0u);
  EXPECT_GT(e.stacked, 0u);
  ASSERT_NE(AflTrimmer(data), nullptr);
  EXPECT_GT(AflTrimmer(data)->totals().inputs, 0u);
  afl_custom_deinit(data);
}

TEST(AflppCredit, UnreadableEntriesAreUnknownThenCreditedLate) {
  void* data = afl_custom_init(nullptr, 4);
  Script s;
  s.keep = 0.3;
  s.lost = 0.5;
  s.crossover = true;
  const Expected e = PlayAflpp(data, 150, s, 17);
  ExpectCredit(data, e);
  EXPECT_GT(e.unknown, 0u);
  EXPECT_GT(e.late, 0u);
  afl_custom_deinit(data);
}

TEST(AflppCredit, WithoutAddBuf) {
  void* data = afl_custom_init(nullptr, 5);
  Script s;
  s.crossover = false;
  s.stack = 0.3;
  const Expected e = PlayAflpp(data, 60, s, 19);
  ExpectCredit(data, e);
  afl_custom_deinit(data);
}

// Trims `input` with an oracle that accepts a candidate when it still
// contains every string of `keep`; checks each step. Returns the result.
std::string TrimWithOracle(void* data, const std::string& input,
                           const std::vector<std::string>& keep,
                           std::vector<std::string>* candidates = nullptr) {
  Parser parser(AflMutator(data).grammar());
  std::string entry = input;
  const int32_t stage_max = afl_custom_init_trim(
      data, reinterpret_cast<uint8_t*>(entry.data()), entry.size());
  EXPECT_GE(stage_max, 0);
  EXPECT_LE(stage_max, GrammarTrimmer::kMaxSteps);
  int32_t stage_cur = 0, steps = 0, accepted = 0;
  while (stage_cur < stage_max) {
    uint8_t* out = nullptr;
    const size_t n = afl_custom_trim(data, &out);
    const std::string cand(reinterpret_cast<char*>(out), n);
    if (candidates) candidates->push_back(cand);
    EXPECT_LT(cand.size(), entry.size());
    EXPECT_GT(cand.size(), 0u);
    bool ok = true;
    for (const std::string& k : keep) ok = ok && cand.find(k) != cand.npos;
    if (ok) {
      // An accepted step still parses, with no error.
      absl::StatusOr<ParseResult> r = parser.Parse(cand);
      EXPECT_TRUE(r.ok());
      if (r.ok()) {
        EXPECT_EQ(r->syntax_errors, 0) << r->first_error << "\n" << cand;
      }
      entry = cand;
      ++accepted;
    }
    const int32_t next = afl_custom_post_trim(data, ok ? 1 : 0);
    EXPECT_GT(next, stage_cur);
    stage_cur = next;
    ++steps;
  }
  EXPECT_LE(steps, stage_max);
  EXPECT_EQ(AflTrimmer(data)->current(), entry);
  return entry;
}

TEST(AflppTrim, JsonShrinksStepByStepAndStaysValid) {
  void* data = afl_custom_init(nullptr, 6);
  const std::string sample =
      testing::ReadFileOrDie(testing::GrammarSourceDir("json") +
                             "/samples/02_api_response_users.json");
  const std::string out =
      TrimWithOracle(data, sample, {"\"tchen\"", "2024-03-18T09:41:12Z"});
  EXPECT_TRUE(AflTrimmer(data)->by_tree());
  EXPECT_LT(out.size(), sample.size() / 3) << out;
  EXPECT_NE(out.find("\"tchen\""), std::string::npos);
  // The same input gives the same candidates.
  std::vector<std::string> a, b;
  TrimWithOracle(data, sample, {"\"tchen\""}, &a);
  TrimWithOracle(data, sample, {"\"tchen\""}, &b);
  EXPECT_EQ(a, b);
  EXPECT_FALSE(a.empty());
  afl_custom_deinit(data);
}

TEST(AflppTrim, EverySampleOfJsonAndSqlTrimsToValidInputs) {
  for (const char* g : {"json", "sqlite"}) {
    setenv("GRAMMUT_GRAMMAR", testing::GrammarDir(g).c_str(), 1);
    void* data = afl_custom_init(nullptr, 7);
    unsetenv("GRAMMUT_GRAMMAR");
    int shrunk = 0;
    for (const std::string& path : testing::Samples(g)) {
      const std::string sample = testing::ReadFileOrDie(path);
      // Keep the first word-ish token: coverage stand-in.
      const std::string marker = sample.substr(sample.size() / 2, 3);
      const std::string out = TrimWithOracle(data, sample, {marker});
      if (out.size() < sample.size()) ++shrunk;
      EXPECT_TRUE(AflTrimmer(data)->by_tree()) << path;
    }
    EXPECT_GT(shrunk, 0) << g;
    afl_custom_deinit(data);
  }
}

TEST(AflppTrim, GarbageIsTrimmedByChunks) {
  void* data = afl_custom_init(nullptr, 8);
  Rng rng(3);
  std::string garbage(300, '\0');
  for (char& c : garbage) c = static_cast<char>(rng.Below(256));
  garbage[0] = '{';  // not JSON anyway
  std::string entry = garbage;
  const int32_t stage_max = afl_custom_init_trim(
      data, reinterpret_cast<uint8_t*>(entry.data()), entry.size());
  EXPECT_GT(stage_max, 0);
  EXPECT_FALSE(AflTrimmer(data)->by_tree());
  int32_t stage_cur = 0;
  while (stage_cur < stage_max) {
    uint8_t* out = nullptr;
    const size_t n = afl_custom_trim(data, &out);
    ASSERT_LT(n, entry.size());
    ASSERT_GT(n, 0u);
    entry.assign(reinterpret_cast<char*>(out), n);  // accept everything
    stage_cur = afl_custom_post_trim(data, 1);
  }
  EXPECT_LT(entry.size(), garbage.size() / 4);
  // Inputs too small to trim, and the empty input.
  std::string one = "x";
  EXPECT_EQ(afl_custom_init_trim(data, reinterpret_cast<uint8_t*>(one.data()),
                                 one.size()),
            0);
  EXPECT_EQ(afl_custom_init_trim(data, nullptr, 0), 0);
  afl_custom_deinit(data);
}

TEST(AflppFuzzCount, SpliceCyclesAreLeftToAflpp) {
  TempDir dir;
  void* data = afl_custom_init(nullptr, 13);
  const std::string entry = "{\"a\": [1, 2]}";
  const std::string path = dir.path() + "/id:000001";
  WriteFile(path, entry);
  afl_custom_queue_get(data, U8(path));
  EXPECT_EQ(afl_custom_fuzz_count(data, U8(entry), entry.size()), 256u);
  // A splice cycle: the entry's head with another entry's tail.
  const std::string spliced = "{\"a\": [1, 2, 3, 4]";
  EXPECT_EQ(afl_custom_fuzz_count(data, U8(spliced), spliced.size()), 0u);
  // After trimming, the trimmed entry is the entry.
  std::string buf = entry;
  const int32_t steps = afl_custom_init_trim(
      data, reinterpret_cast<uint8_t*>(buf.data()), buf.size());
  ASSERT_GT(steps, 0);
  uint8_t* out = nullptr;
  const size_t n = afl_custom_trim(data, &out);
  const std::string trimmed(reinterpret_cast<char*>(out), n);
  afl_custom_post_trim(data, 1);
  EXPECT_EQ(afl_custom_fuzz_count(data, U8(trimmed), trimmed.size()), 256u);
  afl_custom_deinit(data);
  // GRAMMUT_AFL_FUZZ_COUNT sets the count.
  setenv("GRAMMUT_AFL_FUZZ_COUNT", "40", 1);
  data = afl_custom_init(nullptr, 14);
  unsetenv("GRAMMUT_AFL_FUZZ_COUNT");
  afl_custom_queue_get(data, U8(path));
  EXPECT_EQ(afl_custom_fuzz_count(data, U8(entry), entry.size()), 40u);
  afl_custom_deinit(data);
}

TEST(AflppFuzz, MaxSizeIsNeverExceeded) {
  void* data = afl_custom_init(nullptr, 9);
  const std::vector<std::string> inputs = {
      "[1, 2, 3]", "{\"key\": [true, false, null, 1.5e3]}", "[]", "7"};
  Rng rng(5);
  for (int k = 0; k < 3000; ++k) {
    std::string in = inputs[rng.Below(inputs.size())];
    std::string other = inputs[rng.Below(inputs.size())];
    const size_t caps[] = {1, 2, 5, in.size(), in.size() + 3, 64, 4096};
    const size_t max_size = caps[rng.Below(7)];
    uint8_t* out = nullptr;
    const bool cross = rng.Chance(0.5);
    const size_t n = afl_custom_fuzz(
        data, reinterpret_cast<uint8_t*>(in.data()), in.size(), &out,
        cross ? reinterpret_cast<uint8_t*>(other.data()) : nullptr,
        cross ? other.size() : 0, max_size);
    ASSERT_NE(out, nullptr);
    ASSERT_LE(n, max_size) << "input " << in;
    ASSERT_GE(n, 1u);
  }
  afl_custom_deinit(data);
}

TEST(AflppFuzz, GarbageEmptyAndHugeInputs) {
  void* data = afl_custom_init(nullptr, 10);
  Rng rng(9);
  std::string empty;
  uint8_t* out = nullptr;
  size_t n = afl_custom_fuzz(data, reinterpret_cast<uint8_t*>(empty.data()), 0,
                             &out, nullptr, 0, 4096);
  EXPECT_GE(n, 1u);
  EXPECT_LE(n, 4096u);
  for (int k = 0; k < 500; ++k) {
    std::string g(1 + rng.Below(2000), '\0');
    for (char& c : g) c = static_cast<char>(rng.Below(256));
    std::string o(rng.Below(50), '\0');
    for (char& c : o) c = static_cast<char>(rng.Below(256));
    n = afl_custom_fuzz(
        data, reinterpret_cast<uint8_t*>(g.data()), g.size(), &out,
        o.empty() ? nullptr : reinterpret_cast<uint8_t*>(o.data()), o.size(),
        1 << 20);
    ASSERT_GE(n, 1u);
    ASSERT_LE(n, size_t{1} << 20);
    const char* d = afl_custom_describe(data, 16);
    ASSERT_LE(std::strlen(d), 16u);
    for (const char* c = d; *c; ++c) {
      ASSERT_TRUE(isalnum(static_cast<unsigned char>(*c)) || *c == '-' ||
                  *c == '_')
          << d;
    }
  }
  // Larger than GRAMMUT_MAX_PARSE: byte mutations, no parse.
  std::string huge(70000, 'a');
  huge[0] = '[';
  n = afl_custom_fuzz(data, reinterpret_cast<uint8_t*>(huge.data()),
                      huge.size(), &out, nullptr, 0, 1 << 20);
  EXPECT_GE(n, 1u);
  afl_custom_deinit(data);
}

TEST(AflppFuzz, DescribeNamesTheArm) {
  void* data = afl_custom_init(nullptr, 12);
  std::set<std::string> names;
  std::string in = "{\"a\": [1, 2, {\"b\": \"c\"}], \"d\": null}";
  for (int k = 0; k < 400; ++k) {
    std::string buf = in;
    uint8_t* out = nullptr;
    afl_custom_fuzz(data, reinterpret_cast<uint8_t*>(buf.data()), buf.size(),
                    &out, nullptr, 0, 4096);
    const std::string d = afl_custom_describe(data, 200);
    std::string want = "grammut-" + AflMutator(data).last_operator();
    for (char& c : want) {
      if (c == '/') c = '-';
    }
    EXPECT_EQ(d, want);
    names.insert(d);
  }
  EXPECT_GT(names.size(), 3u);
  afl_custom_deinit(data);
}

}  // namespace
}  // namespace grammut
