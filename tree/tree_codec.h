// tree_codec.h: a Tree packed into a few bytes a node, for trees kept long.
//
// A Tree is laid out for fast edits (24-byte nodes, offsets, capacity to
// spare): a 600-byte SQL statement takes ~15 KB. Packed, each node is a
// handful of variable-length integers (symbol, subtree size or token
// lengths, derivation steps) after the text itself, about a quarter of
// that; the offsets and depths are recomputed when it is unpacked. The tree
// cache keeps the trees it has not used lately packed, so the same memory
// holds several times more corpus entries and an entry that comes back is
// unpacked in microseconds instead of parsed again.
//
// Example:
//   std::string packed;
//   PackTree(tree, &packed);
//   Tree copy;
//   if (UnpackTree(packed, &copy)) { ... copy serializes like tree ... }
#ifndef GRAMMUT_TREE_TREE_CODEC_H_
#define GRAMMUT_TREE_TREE_CODEC_H_

#include <string>

#include "absl/strings/string_view.h"
#include "tree/tree.h"

namespace grammut {

// PackTree replaces *out with the packed form of `tree`.
void PackTree(const Tree& tree, std::string* out);

// UnpackTree rebuilds the tree PackTree packed into `packed` (nodes, text,
// trailer and derivation steps equal; the steps pool compact). Returns
// false, leaving *tree unspecified, if `packed` is not such a form.
bool UnpackTree(absl::string_view packed, Tree* tree);

}  // namespace grammut

#endif  // GRAMMUT_TREE_TREE_CODEC_H_
