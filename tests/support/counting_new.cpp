// The replaced global operator new of the tests that count allocations (counting_new.hpp). A
// replacement is an ordinary definition in one translation unit (never inline): this one.
#include "counting_new.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<std::size_t> allocations{0};
std::atomic<std::size_t> largest{0};
}

std::size_t test_support::allocation_count() noexcept { return allocations.load(); }
std::size_t test_support::largest_allocation(bool reset) noexcept { return reset ? largest.exchange(0) : largest.load(); }

// Every unaligned form is replaced, so that whatever allocates with one is freed by its pair:
// under AddressSanitizer an unreplaced form (the nothrow new std::stable_sort's buffer uses) is
// the sanitizer's own, and freeing its memory with this file's delete is an alloc-dealloc
// mismatch. The aligned forms are left alone (they allocate and free on their own, uncounted).
void* operator new(std::size_t n) {
  ++allocations;
  for (std::size_t l = largest.load(std::memory_order_relaxed); n > l && !largest.compare_exchange_weak(l, n, std::memory_order_relaxed);) {
  }
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return ::operator new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return ::operator new(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept { return ::operator new(n, t); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
