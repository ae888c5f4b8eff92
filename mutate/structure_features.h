// structure_features.h: an input's k-paths as fuzzer features (Havrikov).
//
// With GRAMMUT_KPATH_FEATURES=k, the fuzzer keeps an input that shows a
// k-path (a chain of k grammar symbols in its derivation tree, kpath.h) no
// kept input showed before, even if it reached no new code: the corpus then
// spans the grammar's structure as well as the target's code. Each k-path
// is hashed into one of a fixed number of counters (the harness's array,
// 4096 by default) and only its presence is written, so the features an
// input can add, and with them the corpus's growth, are capped.
#ifndef GRAMMUT_MUTATE_STRUCTURE_FEATURES_H_
#define GRAMMUT_MUTATE_STRUCTURE_FEATURES_H_

#include <cstddef>
#include <cstdint>
#include <memory>

#include "grammar/grammar.h"
#include "kpath/kpath.h"
#include "tree/tree.h"

namespace grammut {

class StructureFeatures {
 public:
  // The k-paths of `grammar`'s trees, k >= 1. `grammar` must outlive this.
  StructureFeatures(const Grammar& grammar, int k);

  // Sets counters[hash % size] to 1 for every k-path of `tree`. Allocates
  // nothing once its buffers have grown.
  void Write(const Tree& tree, uint8_t* counters, size_t size);

  int k() const { return k_; }

 private:
  int k_;
  SymbolGraph graph_;
  KPathScratch scratch_;
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_STRUCTURE_FEATURES_H_
