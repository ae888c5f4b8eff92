#include "mutate/structure_features.h"

namespace grammut {

StructureFeatures::StructureFeatures(const Grammar& grammar, int k)
    : k_(k), graph_(grammar) {}

void StructureFeatures::Write(const Tree& tree, uint8_t* counters,
                              size_t size) {
  if (counters == nullptr || size == 0) return;
  KPathsOfTree(
      graph_, tree, k_,
      [counters, size](absl::Span<const int32_t> path) {
        counters[KPathHash(path) % size] = 1;
      },
      &scratch_);
}

}  // namespace grammut
