// libfuzzer_abi.h: the C ABI libFuzzer calls, declared once for the glue
// that defines it and the programs that call it directly (tests, drivers).
#ifndef GRAMMUT_LIBFUZZER_LIBFUZZER_ABI_H_
#define GRAMMUT_LIBFUZZER_LIBFUZZER_ABI_H_

#include <cstddef>
#include <cstdint>

// LLVMFuzzerCustomMutator mutates `data` (`size` bytes) in place into at
// most `max_size` bytes and returns the new size.
extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size,
                                          size_t max_size, unsigned int seed);
// LLVMFuzzerCustomCrossOver writes into `out` (at most `max_out_size`
// bytes) a mix of the two inputs and returns its size.
extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1,
                                            const uint8_t* data2, size_t size2,
                                            uint8_t* out, size_t max_out_size,
                                            unsigned int seed);

#endif  // GRAMMUT_LIBFUZZER_LIBFUZZER_ABI_H_
