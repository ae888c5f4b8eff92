#include "grammar/separator_oracle.h"

namespace grammut {

bool SeparatorOracle::Needs(int prev_type, absl::string_view prev_text,
                            int next_type, absl::string_view next_text) {
  if (prev_text.empty() || next_text.empty()) return false;
  if (grammar_.separator().empty()) return false;
  if (!grammar_.separator_ok_in_mode(grammar_.token_mode(next_type))) {
    return false;
  }
  const int32_t state =
      dfa_.Run(dfa_.Start(grammar_.token_mode(prev_type)), prev_text);
  return dfa_.Continues(state, static_cast<unsigned char>(next_text.front()));
}

}  // namespace grammut
