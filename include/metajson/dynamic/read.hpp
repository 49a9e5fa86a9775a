// Reading metajson::value (the validating walk of read/walk.hpp into a sink that builds the
// value) and a struct's [[=metajson::extra_keys]] member.
#pragma once

#include <limits>
#include <memory>
#include <string>
#include <utility>

#include "../read/dispatch.hpp"
#include "../read/map.hpp"
#include "../read/object.hpp"
#include "../read/walk.hpp"
#include "stacks.hpp"
#include "value.hpp"

namespace metajson::detail {

// Reading metajson::value: the walk of read/walk.hpp into this sink, which gathers the values of
// the open containers on two stacks (elements, and members with their keys) and gives each array
// and object one block of its exact size when it closes (its elements' bytes moved there): one
// allocation per non-empty container and per string longer than 14 bytes, nothing else. The
// stacks (dynamic/stacks.hpp) are kept per thread between reads (up to 1 MiB).
template <bool PlainStrings>
struct value_sink {
  using parent = value_parent;
  struct mark {
    std::size_t start;
    parent outer;
  };
  value_stacks& st;
  value& out;
  parent where = parent::root;
  std::string scratch;  // decoded strings

  // Constructs the next value with make(storage): a new element, the value of the last member
  // (a null value there, which needs no destruction), or the result (emptied before the read).
  // An element counts once constructed: a failure in make leaves nothing to destroy.
  // (value_stacks::put, which the binary readers use, does the same; this reader keeps its own
  // copy: calling that one changed its instruction counts on the datasets by -0.18 to +0.05 %.)
  template <class Make>
  METAJSON_ALWAYS_INLINE void put(Make make) {
    if (METAJSON_LIKELY(where == parent::array)) {
      if (METAJSON_UNLIKELY(st.values_size == st.values_capacity)) value_stacks::grow<value>(st.values, st.values_size, st.values_capacity);
      make(reinterpret_cast<value*>(st.values) + st.values_size);
      ++st.values_size;
    } else if (where == parent::object) {
      make(&(reinterpret_cast<value::member*>(st.members) + st.members_size - 1)->second);
    } else {
      make(&out);
    }
  }
  METAJSON_ALWAYS_INLINE void scalar(kind k, std::uint64_t bits) {
    put([&](value* at) { dyn::access::new_scalar(at, k, bits); });
  }

  void null(const char*) { scalar(kind::null, 0); }
  void boolean(bool b, const char*) { scalar(kind::boolean, b); }
  void int64(std::int64_t v, const char*) { scalar(kind::int64, static_cast<std::uint64_t>(v)); }
  void uint64(std::uint64_t v, const char*) { scalar(kind::uint64, v); }
  void float64(double v, const char*) { scalar(kind::float64, std::bit_cast<std::uint64_t>(v)); }
  void big_number(std::string_view t, const char*) {
    put([&](value* at) { dyn::access::new_text(at, dyn::code(kind::big_number), t); });
  }

  // The text of a string or key as it is to be held, and its tag.
  METAJSON_ALWAYS_INLINE std::string_view text_of(std::string_view t, string_form form, std::uint8_t& tag) {
    tag = dyn::code(kind::string);
    if (METAJSON_LIKELY(form == string_form::plain)) {
      if constexpr (PlainStrings) tag |= dyn::flag_plain;
      return t;
    }
    if (form == string_form::decoded) return t;
    scratch.resize_and_overwrite(t.size(), [t](char* d, std::size_t) noexcept { return decode_checked_into(t, d); });
    return scratch;
  }
  void string(std::string_view t, string_form form, const char*) {
    std::uint8_t tag;
    const std::string_view s = text_of(t, form, tag);
    put([&](value* at) { dyn::access::new_text(at, tag, s); });
  }
  void key(std::string_view t, string_form form, const char*) {
    std::uint8_t tag;
    const std::string_view s = text_of(t, form, tag);
    if (METAJSON_UNLIKELY(st.members_size == st.members_capacity))
      value_stacks::grow<value::member>(st.members, st.members_size, st.members_capacity);
    auto* m = reinterpret_cast<value::member*>(st.members) + st.members_size;
    dyn::access::set_key(&m->first, tag, s);  // (nothing constructed when it fails)
    ::new (static_cast<void*>(&m->second)) value();
    ++st.members_size;
  }

  mark begin_array(const char*) {
    const mark m{st.values_size, where};
    where = parent::array;
    return m;
  }
  mark begin_object(const char*) {
    const mark m{st.members_size, where};
    where = parent::object;
    return m;
  }
  void end_array(mark m, std::size_t count) {
    value::array a;
    a.adopt(st.values + m.start * sizeof(value), count);  // the elements' bytes moved: forgotten here
    st.values_size = m.start;
    where = m.outer;
    put([&](value* at) { ::new (static_cast<void*>(at)) value(std::move(a)); });
  }
  void end_object(mark m, std::size_t count) {
    value::object o;
    o.adopt(st.members + m.start * sizeof(value::member), count);
    st.members_size = m.start;
    where = m.outer;
    put([&](value* at) { ::new (static_cast<void*>(at)) value(std::move(o)); });
  }
};

template <options O>
const char* read_dynamic(read_context& c, const char* k, value& v) {
  v = value();  // reading replaces the content; a null value is raw storage for the root (its
                // destruction is trivial), which stays null when the read fails
  value_stacks& shared = thread_value_stacks();
  value_stacks local;
  value_stacks& st = shared.busy ? local : shared;
  st.busy = true;
  struct release {
    value_stacks& st;
    ~release() {
      st.reset();
      st.busy = false;
    }
  } guard{st};
  value_sink<O.utf8 == utf8_policy::validate> s{st, v, value_sink<O.utf8 == utf8_policy::validate>::parent::root, {}};
  return walk_value<O>(c, k, s);
}

template <>
struct reader<family::dynamic> {
  template <options O, class T>
  static const char* read(read_context& c, const char* k, T& v) {
    return read_dynamic<O>(c, k, v);
  }
};

// [[=metajson::extra_keys]] (declared in read/object.hpp).
template <class X>
void clear_extra_keys(X& extra) {
  if constexpr (std::is_same_v<X, value>) extra = value(value::object{});
  else extra.clear();
}
template <options O, class X>
const char* read_extra_key(read_context& c, const char* k, std::string_view key, const char* key_at, X& extra) {
  if constexpr (std::is_same_v<X, value>) {  // every key in order, repeats kept (as metajson::value does)
    if (!extra.is_object()) extra = value(value::object{});
    auto& members = extra.as_object();
    members.emplace_back(json_string(key), value{});
    const char* r = read_value<O>(c, k, members.back().second);
    if (METAJSON_UNLIKELY(!r)) return push_read_key(c, members.back().first);
    return r;
  } else {  // a map: a repeated key is a duplicate (or the last wins), as for members
    std::string name(key);  // (key may live in c.scratch, which reading the value reuses)
    auto it = extra.find(name);
    if (it != extra.end()) {
      if constexpr (O.duplicate_keys == duplicate_key_policy::error) return c.fail(error_code::duplicate_key, key_at, "\"" + name.substr(0, 64) + "\"");
      it->second = value{};
    } else {
      it = extra.emplace(std::move(name), value{}).first;
    }
    const char* r = read_value<O>(c, k, it->second);
    if (METAJSON_UNLIKELY(!r)) return push_read_key(c, it->first);
    return r;
  }
}

}  // namespace metajson::detail
