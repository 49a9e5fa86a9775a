// The stacks the readers of metajson::value gather the values of the open containers on (the
// JSON reader: dynamic/read.hpp; MessagePack and CBOR: dynamic/binary.hpp): elements, and
// members with their keys; each array and object takes one block of its exact size when it
// closes, its elements' bytes moved there. One set per thread is kept between reads.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <new>

#include "../detail/macros.hpp"
#include "value.hpp"

namespace metajson::detail {

// Where a reader's next value goes: the result, an array's elements, an object's last member.
enum class value_parent : std::uint8_t { root, array, object };

struct value_stacks {
  unsigned char* values = nullptr;  // value[], raw storage
  std::size_t values_size = 0, values_capacity = 0;
  unsigned char* members = nullptr;  // value::member[], raw storage
  std::size_t members_size = 0, members_capacity = 0;
  bool busy = false;

  value_stacks() = default;
  value_stacks(const value_stacks&) = delete;
  value_stacks& operator=(const value_stacks&) = delete;
  ~value_stacks() {
    ::operator delete(values);
    ::operator delete(members);
  }
  // Destroys what a failed read left and lets large buffers go.
  void reset() noexcept {
    for (std::size_t i = 0; i < values_size; ++i) reinterpret_cast<value*>(values)[i].~value();
    for (std::size_t i = 0; i < members_size; ++i) std::destroy_at(reinterpret_cast<value::member*>(members) + i);
    values_size = members_size = 0;
    if (values_capacity * sizeof(value) > (std::size_t{1} << 20)) {
      ::operator delete(values);
      values = nullptr;
      values_capacity = 0;
    }
    if (members_capacity * sizeof(value::member) > (std::size_t{1} << 20)) {
      ::operator delete(members);
      members = nullptr;
      members_capacity = 0;
    }
  }
  // Constructs the next value with make(storage): a new element, the value of the last member
  // (a null value there, which needs no destruction), or `root` (emptied before the read).
  // An element counts once constructed: a failure in make leaves nothing to destroy.
  template <class Make>
  METAJSON_ALWAYS_INLINE void put(value_parent where, value& root, Make make) {
    if (METAJSON_LIKELY(where == value_parent::array)) {
      if (METAJSON_UNLIKELY(values_size == values_capacity)) grow<value>(values, values_size, values_capacity);
      make(reinterpret_cast<value*>(values) + values_size);
      ++values_size;
    } else if (where == value_parent::object) {
      make(&(reinterpret_cast<value::member*>(members) + members_size - 1)->second);
    } else {
      make(&root);
    }
  }
  template <class E>
  METAJSON_NOINLINE static void grow(unsigned char*& data, std::size_t size, std::size_t& capacity) {
    const std::size_t n = capacity < 64 ? 64 : capacity * 2;
    auto* bigger = static_cast<unsigned char*>(::operator new(n * sizeof(E)));
    if (size) std::memcpy(bigger, data, size * sizeof(E));  // relocated: their bytes moved
    ::operator delete(data);
    data = bigger;
    capacity = n;
  }
};

inline value_stacks& thread_value_stacks() noexcept {
  thread_local value_stacks s;
  return s;
}

// The stacks of one read: the thread's, or (a read inside a read: an adapter that reads a value
// while one is being read) stacks of its own; left empty, and trimmed, when the read ends.
class value_stacks_lease {
 public:
  value_stacks_lease() noexcept : st_(thread_value_stacks().busy ? local_ : thread_value_stacks()) { st_.busy = true; }
  value_stacks_lease(const value_stacks_lease&) = delete;
  value_stacks_lease& operator=(const value_stacks_lease&) = delete;
  ~value_stacks_lease() {
    st_.reset();
    st_.busy = false;
  }
  value_stacks& stacks() noexcept { return st_; }

 private:
  value_stacks local_;
  value_stacks& st_;
};

}  // namespace metajson::detail
