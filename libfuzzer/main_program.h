// main_program.h: parts of the running program found in its own ELF file.
//
// libFuzzer is linked into the fuzz target's executable, which does not
// export its symbols to a library that was LD_PRELOADed, and the coverage
// instrumentation's counters are a section with no exported bounds. Both
// are found in /proc/self/exe's section headers and static symbol table
// plus the program's load address.
#ifndef GRAMMUT_LIBFUZZER_MAIN_PROGRAM_H_
#define GRAMMUT_LIBFUZZER_MAIN_PROGRAM_H_

#include <cstdint>
#include <string>

#include "absl/types/span.h"

namespace grammut {

// Section `name` of the running program, in memory; empty if not found.
absl::Span<uint8_t> MainProgramSection(const char* name);

// A copy of the bytes of section `name` as /proc/self/exe holds them; empty
// if not found. Read from the file, not from memory, so a sanitizer's
// poisoned padding between the program's globals is never touched.
std::string MainProgramSectionBytes(const char* name);

// The address of function `name` in the running program, from its static
// symbol table (.symtab, present unless the program was stripped) or its
// dynamic one; null if neither defines it.
void* MainProgramFunction(const char* name);

// The bytes of global variable `name` of the running program (its address
// and size from the static or dynamic symbol table); empty if neither
// defines it. The bytes change as the program runs.
absl::Span<const uint8_t> MainProgramObject(const char* name);

}  // namespace grammut

#endif  // GRAMMUT_LIBFUZZER_MAIN_PROGRAM_H_
