// Counts heap allocations by defining the C allocator's entry points in the program (glibc lets
// a program interpose them) and forwarding to glibc's own implementation. operator new calls
// malloc, Rust's System allocator calls malloc, yyjson calls malloc: all are counted the same
// way. The cost is one increment and one direct call per allocation, paid by every C++ row.
#include <cstddef>
#include <cstdint>

#include "harness.hpp"

extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);
}

namespace {
std::uint64_t allocations = 0;  // the programs are single-threaded
}

std::uint64_t bench::allocation_count() noexcept { return allocations; }

extern "C" {
void* malloc(std::size_t n) {
  ++allocations;
  return __libc_malloc(n);
}
void* calloc(std::size_t n, std::size_t size) {
  ++allocations;
  return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t n) {
  ++allocations;
  return __libc_realloc(p, n);
}
void free(void* p) { __libc_free(p); }
void* memalign(std::size_t align, std::size_t n) {
  ++allocations;
  return __libc_memalign(align, n);
}
void* aligned_alloc(std::size_t align, std::size_t n) {
  ++allocations;
  return __libc_memalign(align, n);
}
int posix_memalign(void** out, std::size_t align, std::size_t n) {
  ++allocations;
  void* p = __libc_memalign(align, n);
  if (p == nullptr) return 12;  // ENOMEM
  *out = p;
  return 0;
}
}
