// main_program.cc: see main_program.h.
#include "libfuzzer/main_program.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <utility>

namespace grammut {
namespace {

// Load address of the main program (the first object dl_iterate_phdr lists).
uintptr_t MainProgramBias() {
  uintptr_t bias = 0;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) {
        *static_cast<uintptr_t*>(data) = info->dlpi_addr;
        return 1;  // the first one is the main program
      },
      &bias);
  return bias;
}

// /proc/self/exe mapped read-only, with bounds-checked access to its ELF64
// section headers; empty (ok() false) if it cannot be read as one.
class ElfFile {
 public:
  ElfFile() {
    const int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st;
    void* map = MAP_FAILED;
    if (fstat(fd, &st) == 0 &&
        st.st_size >= static_cast<off_t>(sizeof(Elf64_Ehdr))) {
      map = mmap(nullptr, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    }
    close(fd);
    if (map == MAP_FAILED) return;
    base_ = static_cast<const uint8_t*>(map);
    size_ = static_cast<size_t>(st.st_size);
    std::memcpy(&eh_, base_, sizeof eh_);
    const uint64_t table_end =
        eh_.e_shoff + uint64_t{eh_.e_shnum} * sizeof(Elf64_Shdr);
    ok_ = std::memcmp(eh_.e_ident, ELFMAG, SELFMAG) == 0 &&
          eh_.e_ident[EI_CLASS] == ELFCLASS64 &&
          eh_.e_shentsize == sizeof(Elf64_Shdr) &&
          eh_.e_shstrndx < eh_.e_shnum && table_end <= size_;
  }
  ~ElfFile() {
    if (base_ != nullptr) munmap(const_cast<uint8_t*>(base_), size_);
  }
  ElfFile(const ElfFile&) = delete;
  ElfFile& operator=(const ElfFile&) = delete;

  bool ok() const { return ok_; }
  size_t num_sections() const { return ok_ ? eh_.e_shnum : 0; }
  Elf64_Shdr section(size_t i) const {
    Elf64_Shdr sh;
    std::memcpy(&sh, base_ + eh_.e_shoff + i * sizeof(Elf64_Shdr), sizeof sh);
    return sh;
  }
  // True if the NUL-terminated string at `offset` of string table section
  // `strtab` is `name` (`len` bytes).
  bool NameIs(const Elf64_Shdr& strtab, uint64_t offset, const char* name,
              size_t len) const {
    if (offset >= strtab.sh_size || strtab.sh_offset + offset + len + 1 > size_)
      return false;
    return std::memcmp(base_ + strtab.sh_offset + offset, name, len + 1) == 0;
  }
  // Symbol `i` of symbol table section `table` (whose bounds were checked).
  Elf64_Sym symbol(const Elf64_Shdr& table, size_t i) const {
    Elf64_Sym sym;
    std::memcpy(&sym, base_ + table.sh_offset + i * sizeof(Elf64_Sym),
                sizeof sym);
    return sym;
  }
  bool InFile(const Elf64_Shdr& sh) const {
    return sh.sh_offset <= size_ && sh.sh_size <= size_ - sh.sh_offset;
  }
  const Elf64_Shdr section_names() const { return section(eh_.e_shstrndx); }
  // The file's bytes of section `sh` (whose bounds were checked).
  std::string bytes(const Elf64_Shdr& sh) const {
    return std::string(reinterpret_cast<const char*>(base_ + sh.sh_offset),
                       sh.sh_size);
  }

 private:
  const uint8_t* base_ = nullptr;
  size_t size_ = 0;
  Elf64_Ehdr eh_{};
  bool ok_ = false;
};

}  // namespace

absl::Span<uint8_t> MainProgramSection(const char* name) {
  ElfFile elf;
  const size_t len = std::strlen(name);
  for (size_t i = 0; i < elf.num_sections(); ++i) {
    const Elf64_Shdr sh = elf.section(i);
    if (sh.sh_addr == 0 ||
        !elf.NameIs(elf.section_names(), sh.sh_name, name, len))
      continue;
    return absl::MakeSpan(
        reinterpret_cast<uint8_t*>(MainProgramBias() + sh.sh_addr), sh.sh_size);
  }
  return {};
}

std::string MainProgramSectionBytes(const char* name) {
  ElfFile elf;
  const size_t len = std::strlen(name);
  for (size_t i = 0; i < elf.num_sections(); ++i) {
    const Elf64_Shdr sh = elf.section(i);
    if (sh.sh_type == SHT_NOBITS || !elf.InFile(sh) ||
        !elf.NameIs(elf.section_names(), sh.sh_name, name, len))
      continue;
    return elf.bytes(sh);
  }
  return {};
}

namespace {

// The address and size of symbol `name` of ELF type `type` (STT_FUNC,
// STT_OBJECT) in the running program, from .symtab or .dynsym; a null
// address if neither defines it.
std::pair<uintptr_t, uint64_t> FindSymbol(const char* name, unsigned type) {
  ElfFile elf;
  const size_t len = std::strlen(name);
  for (const uint32_t kind : {SHT_SYMTAB, SHT_DYNSYM}) {
    for (size_t i = 0; i < elf.num_sections(); ++i) {
      const Elf64_Shdr table = elf.section(i);
      if (table.sh_type != kind || table.sh_entsize != sizeof(Elf64_Sym) ||
          table.sh_link >= elf.num_sections() || !elf.InFile(table))
        continue;
      const Elf64_Shdr strings = elf.section(table.sh_link);
      const size_t n = table.sh_size / sizeof(Elf64_Sym);
      for (size_t k = 0; k < n; ++k) {
        const Elf64_Sym sym = elf.symbol(table, k);
        if (ELF64_ST_TYPE(sym.st_info) != type || sym.st_shndx == SHN_UNDEF ||
            sym.st_value == 0 || !elf.NameIs(strings, sym.st_name, name, len))
          continue;
        return {MainProgramBias() + sym.st_value, sym.st_size};
      }
    }
  }
  return {0, 0};
}

}  // namespace

void* MainProgramFunction(const char* name) {
  return reinterpret_cast<void*>(FindSymbol(name, STT_FUNC).first);
}

absl::Span<const uint8_t> MainProgramObject(const char* name) {
  const auto [address, size] = FindSymbol(name, STT_OBJECT);
  if (address == 0) return {};
  return absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(address), size);
}

}  // namespace grammut
