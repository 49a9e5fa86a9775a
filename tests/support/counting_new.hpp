// Counting heap allocations: tests/support/counting_new.cpp replaces the global operator new
// (and operator delete) with malloc and free, counting every call of operator new. The
// replacement is the whole program's, so a test that counts is a program of its own, with
// counting_new.cpp among its sources (tests/CMakeLists.txt).
#pragma once

#include <cstddef>

namespace test_support {

// The calls of operator new so far in this program (every thread's).
std::size_t allocation_count() noexcept;
// The largest size operator new was asked for since the program started, or since the last call
// with reset = true (which returns it and starts again from 0).
std::size_t largest_allocation(bool reset = false) noexcept;

}  // namespace test_support
