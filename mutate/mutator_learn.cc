// mutator_learn.cc: what Mutator learns: clean trees into the weights,
// token pool and the token generator's lexer steps, donor pool and k-path
// targets; plateau resets; words of the fuzzed program; saving the weights.
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "generate/token_texts.h"
#include "mutate/mutator.h"

namespace grammut {

void Mutator::Learn(const Tree& tree, double times) {
  if (!config_.learning() || tree.empty() || times <= 0) return;
  const uint64_t salt = stats_.learned;
  weights_->AddTree(tree, times);
  token_pool_.AddTree(tree, salt);
  LearnTokenTexts(tree, kit_.tokens);
  bindings_->AddTree(tree, times);
  donors_.AddTree(tree, salt);
  if (kpaths_ != nullptr) kpaths_->AddTree(tree);
  ++stats_.learned;
}

void Mutator::ResetOneRule() {
  // A random decision that is a choice; its rule's decisions all reset.
  const int n = grammar_->num_decisions();
  if (n == 0) return;
  const int start = static_cast<int>(goal_rng_.Below(n));
  for (int i = 0; i < n; ++i) {
    const DecisionInfo& d = grammar_->decision((start + i) % n);
    if (d.num_alts >= 2) {
      weights_->ResetRule(d.rule);
      return;
    }
  }
}

size_t Mutator::AddProgramWords(absl::Span<const std::string> words) {
  if (!config_.program_words || !config_.learning()) return 0;
  std::vector<int> open;
  for (int t = 1; t <= grammar_->max_token_type(); ++t) {
    if (kit_.tokens.HasOpenText(t)) open.push_back(t);
  }
  size_t kept = 0;
  std::string quoted;
  for (const std::string& w : words) {
    bool any = false;
    for (int t : open) {
      if (kit_.tokens.Accepts(t, w)) {
        token_pool_.AddProgramText(t, w);
        any = true;
      }
      // Inside quotes, for string tokens: a format, a path, a command or
      // an option name the program reads from a string argument.
      for (const char q : {'\'', '"'}) {
        if (absl::StrContains(w, q) || absl::StrContains(w, '\\')) continue;
        quoted.assign(1, q);
        quoted.append(w);
        quoted.push_back(q);
        if (!kit_.tokens.Accepts(t, quoted)) continue;
        token_pool_.AddProgramText(t, quoted);
        any = true;
      }
    }
    kept += any;
  }
  return kept;
}

absl::Status Mutator::SaveWeights() const {
  if (config_.save_weights_file.empty()) return absl::OkStatus();
  // Adds what this process learned since its last save to the file, so
  // that processes sharing it (libFuzzer -fork, -jobs) add up.
  absl::Status st =
      weights_->SaveMerged(config_.save_weights_file, *saved_baseline_);
  if (st.ok()) saved_baseline_ = std::make_unique<Weights>(*weights_);
  if (!st.ok()) return st;
  // The names and token texts: this process's (not merged across
  // processes).
  st = bindings_->Save(BindingsBesideWeights(config_.save_weights_file));
  if (!st.ok()) return st;
  return SaveTokenTexts(*grammar_, kit_.tokens, token_pool_,
                        TokenTextsBesideWeights(config_.save_weights_file));
}

}  // namespace grammut
