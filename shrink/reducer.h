// reducer.h: grammar-aware test-case reduction.
//
// Reduce shrinks an input while a caller's test says it is still
// "interesting" (it still crashes, still shows the bug...). On an input that
// parses cleanly it runs hierarchical delta debugging over grammut's exact
// parse tree. A pass sweeps the rule nodes top-down by level (rule nesting
// depth) twice:
//   1. at each node, replace it by its rule's shortest derivation (the
//      generator in shortest mode, i.e. the grammar's minimum-cost
//      tables); if that is not interesting, remove sets of its children by
//      ddmin (ddmin.h), a loop iteration ((...)* / (...)+) counting as one
//      element, then runs of one to three children (this removes optional
//      elements and the first element of a separated list);
//   2. at each node, hoist: replace it by a same-rule descendant (the
//      outermost ones, in preorder).
// Removal comes first so that long lists shrink (in a logarithmic number
// of tests) before descendants are searched for one to hoist. A replaced
// node is visited again. After the sweeps, each distinct token text (all
// its occurrences at once, so names stay consistent; the texts saving most
// first) is replaced by its token type's shortest text, each remaining
// non-literal token text is reduced by ddmin over its bytes, and then all
// trivia (whitespace, comments) is dropped, with the grammar's separator
// where tokens would run together. Passes repeat until one changes nothing
// (a fixpoint). Every candidate is strictly
// smaller than the current input and must parse cleanly before it is
// tested, so the result stays in the grammar. An input that does not parse
// cleanly is reduced by plain ddmin over its bytes instead.
//
// The test is a callback, so the reducer knows nothing of processes or
// fuzzers (tools/cmd_reduce.cc wraps commands into one). Candidate texts
// already tested are remembered and never tested again. The output is
// always a text the test said was interesting (the input itself if nothing
// smaller was). Deterministic: the same input and the same answers give the
// same candidates in the same order.
//
// Example:
//   absl::StatusOr<ReduceResult> r = Reduce(grammar, input,
//       [](absl::string_view s) { return absl::StrContains(s, "BUG"); });
//   if (r.ok()) Write(r->output);
#ifndef GRAMMUT_SHRINK_REDUCER_H_
#define GRAMMUT_SHRINK_REDUCER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "grammar/grammar.h"

namespace grammut {

// The interestingness test: true if `candidate` still shows the behaviour
// being reduced for.
using InterestingFn = std::function<bool(absl::string_view candidate)>;

// Where a reduction stands; given to ReduceOptions::progress after each test.
struct ReduceProgress {
  size_t size = 0;        // bytes of the smallest interesting input so far
  int64_t tests = 0;      // tests run (the original's included)
  bool accepted = false;  // the last test kept its candidate
};

// How to reduce.
struct ReduceOptions {
  int start_rule = -1;    // rule the input is parsed from (-1: grammar's)
  int64_t max_tests = 0;  // stop after this many tests (0: no limit)
  int max_depth = 48;     // rule nesting of shortest derivations
  size_t max_parse_bytes = size_t{1} << 20;  // larger input: bytes only
  std::function<void(const ReduceProgress&)> progress;  // may be empty
  // Asked just before each test (not before the original's); true stops
  // the reduction as max_tests does. May be empty. (grammut reduce
  // --max-time passes a deadline check.)
  std::function<bool()> stop;
};

// What a reduction did.
struct ReduceResult {
  std::string output;      // the smallest interesting input found
  bool by_tree = false;    // reduced on the parse tree (else by bytes)
  bool stopped = false;    // max_tests or stop ended it before the fixpoint
  int64_t tests = 0;       // tests run, the original's included
  int64_t cache_hits = 0;  // candidates skipped as already tested
  int64_t unparsed = 0;    // tree candidates skipped as not parsing
  int passes = 0;          // passes over the tree (or 1 for bytes)
};

// Reduce shrinks `input` while `interesting` holds (see the file comment).
// Errors: FailedPrecondition if the test says `input` itself is not
// interesting; InvalidArgument for a bad start rule.
absl::StatusOr<ReduceResult> Reduce(const Grammar& grammar,
                                    absl::string_view input,
                                    const InterestingFn& interesting,
                                    const ReduceOptions& options = {});

}  // namespace grammut

#endif  // GRAMMUT_SHRINK_REDUCER_H_
