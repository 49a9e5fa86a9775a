// Reflected classes: JSON objects with one key per serialized member, in declaration order,
// base classes first. Member names, keys with their punctuation, and whether the whole struct
// has a bounded size are all decided at compile time (reflect/).
#pragma once

#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../detail/ablation.hpp"
#include "../detail/ranges.hpp"
#include "../family/policy.hpp"
#include "../fwd.hpp"
#include "../reflect/keys.hpp"
#include "../reflect/members.hpp"
#include "../text/escape_extended.hpp"
#include "dispatch.hpp"
#include "optional.hpp"
#include "variant.hpp"

namespace metajson::detail {

// The type of T's member M with references and cv removed.
template <class T, auto M>
using member_type = reflect::member_type<T, M>;

template <options O, class T>
consteval bool any_tagged() {
  bool any = false;
  METAJSON_FOR_EACH(m, reflect::members_of<T>()) { any = any || reflect::has_tag_v<m>; };
  return any;
}

// A struct's [[=metajson::extra_keys]] entries while its object is written (dynamic/write.hpp):
// their keys (checked against the members'), in the map's order or, under sort_keys, sorted;
// written after the members, or each before the first member whose key sorts after it.
struct extra_cursor {
  std::vector<std::pair<std::string_view, const metajson::value*>> items;
  std::size_t next = 0;
};
struct no_extra_keys {};
template <options O, class T, class X>
bool start_extra_keys(write_context& c, const X& extra, extra_cursor& cur);
template <options O>
char* write_extra_keys(write_context& c, char* p, extra_cursor& cur, std::string_view before, bool all, bool& first);

template <class T>
inline constexpr bool has_extra_keys_v = reflect::has_extra_keys<T>();

// The bound of a whole compact object, 0 when a member is unbounded.
template <options O, class T>
consteval std::size_t object_bound() {
  if (O.pretty || any_omittable<O, T>() || any_tagged<O, T>() || has_extra_keys_v<T>) return 0;
  std::size_t total = 2;  // '{' (or the first key's) and '}'
  METAJSON_EXIT_SLOT(std::size_t);
  METAJSON_FOR_EACH_EXITING(m, ordered_members<O, T>()) {
    constexpr std::size_t b = max_size_of<O, member_type<T, m>>();
    if (b == 0) METAJSON_EXIT(0);
    total += reflect::key_text<T, m, reflect::key_form::next, name_escapes_of<O>>().size() + b;
  };
  METAJSON_EXITED();
  return total;
}

// Writes member M's value (tagged when the member carries metajson::tag).
template <options O, auto M, class V>
METAJSON_ALWAYS_INLINE char* write_member_value(write_context& c, char* p, const V& v) {
  if constexpr (reflect::has_tag_v<M>) {
    constexpr const char* tag = reflect::tag_key_v<M>;
    using U = std::remove_cvref_t<V>;
    if constexpr (is_variant_v<U>) {
      return write_tagged_variant<O, tag>(c, p, v);
    } else if constexpr (family_of<U>() == family::nullable) {
      if (!v) {
        p = ensure(c, p, 4);
        std::memcpy(p, "null", 4);
        return p + 4;
      }
      return write_tagged_variant<O, tag>(c, p, *v);
    } else {
      static_assert(is_variant_v<U>, "metajson::tag applies to a std::variant member (or an optional/pointer to one)");
      return nullptr;
    }
  } else {
    return write_value<O>(c, p, v);
  }
}

// Ablation (ablation::no_consteval_keys; never instantiated otherwise): quote and escape the
// member name at run time, as a writer without compile-time keys must. Output is identical.
template <options O>
METAJSON_NOINLINE inline char* write_runtime_key(write_context& c, char* p, std::string_view name, bool comma) {
  p = ensure(c, p, escaped_size_bound(name.size()) + 4);
  if (comma) *p++ = ',';
  *p++ = '"';
  std::size_t bad = 0;
  if constexpr (O.escape_non_ascii || O.escape_html) {
    p = escape_extended<utf8_mode::unchecked, O.escape_non_ascii, O.escape_html>(p, name.data(), name.size(), &bad);
  } else {
    p = escape_scalar(p, name.data(), name.size(), utf8_mode::unchecked, &bad);
  }
  *p++ = '"';
  *p++ = ':';
  return p;
}

template <>
struct writer<family::object> {
  template <options O, class T> static constexpr std::size_t max_size = object_bound<O, T>();
  template <options O, class T>
    requires(object_bound<O, T>() > 0)
  static std::size_t reserve(const T&) { return object_bound<O, T>(); }

  // All members bounded: the caller reserved object_bound() bytes; no checks at all.
  template <options O, class T>
    requires(object_bound<O, T>() > 0)
  static char* write_reserved(write_context& c, char* p, const T& v) {
    constexpr auto ms = ordered_members<O, T>();
    constexpr std::size_t n = ms.size();
    if constexpr (n == 0) {
      std::memcpy(p, "{}", 2);
      return p + 2;
    } else {
      METAJSON_EXIT_SLOT(char*);
      METAJSON_FOR_EXITING(i, n) {
        constexpr auto m = ms[i];
        using M = member_type<T, m>;
        if constexpr (ablation::no_consteval_keys) {
          if constexpr (i == 0) *p++ = '{';
          p = write_runtime_key<O>(c, p, reflect::key_text<T, m, reflect::key_form::raw>(), i != 0);
        } else {
          constexpr std::string_view key = reflect::key_text<T, m, i == 0 ? reflect::key_form::first : reflect::key_form::next, name_escapes_of<O>>();
          std::memcpy(p, key.data(), key.size());
          p += key.size();
        }
        p = writer_of<M>::template write_reserved<O, M>(c, p, reflect::field<T, m>(v));
        if (METAJSON_UNLIKELY(p == nullptr)) METAJSON_EXIT(push_key(c, reflect::key_text<T, m, reflect::key_form::raw>()));
      };
      METAJSON_EXITED();
      *p++ = '}';
      return p;
    }
  }

  template <options O, class T>
  static char* write(write_context& c, char* p, const T& v) {
    constexpr auto ms = ordered_members<O, T>();
    constexpr std::size_t n = ms.size();
    if constexpr (n == 0 && !has_extra_keys_v<T>) {
      p = ensure(c, p, 2);
      std::memcpy(p, "{}", 2);
      return p + 2;
    } else if constexpr (object_bound<O, T>() > 0) {
      p = ensure(c, p, object_bound<O, T>());
      return write_reserved<O, T>(c, p, v);
    } else if constexpr (!O.pretty && !any_omittable<O, T>() && !has_extra_keys_v<T>) {
      // Compact, every key known with its punctuation: `{"a":` then `,"b":` ...
      METAJSON_EXIT_SLOT(char*);
      METAJSON_FOR_EXITING(i, n) {
        constexpr auto m = ms[i];
        using M = member_type<T, m>;
        if constexpr (ablation::no_consteval_keys) {
          if constexpr (i == 0) {
            p = ensure(c, p, 1);
            *p++ = '{';
          }
          p = write_runtime_key<O>(c, p, reflect::key_text<T, m, reflect::key_form::raw>(), i != 0);
          p = write_member_value<O, m>(c, p, reflect::field<T, m>(v));
        } else {
          constexpr std::string_view key = reflect::key_text<T, m, i == 0 ? reflect::key_form::first : reflect::key_form::next, name_escapes_of<O>>();
          if constexpr (!reflect::has_tag_v<m>) {
            p = write_prefixed<O, M>(c, p, key, reflect::field<T, m>(v));
          } else {
            p = ensure(c, p, key.size());
            std::memcpy(p, key.data(), key.size());
            p = write_member_value<O, m>(c, p + key.size(), reflect::field<T, m>(v));
          }
        }
        if (METAJSON_UNLIKELY(p == nullptr)) METAJSON_EXIT(push_key(c, reflect::key_text<T, m, reflect::key_form::raw>()));
      };
      METAJSON_EXITED();
      p = ensure(c, p, 1);
      *p++ = '}';
      return p;
    } else {
      // Pretty, members that may be omitted, or extra keys: separators decided at run time.
      [[maybe_unused]] std::conditional_t<has_extra_keys_v<T>, extra_cursor, no_extra_keys> extra;  // (nothing without them)
      if constexpr (has_extra_keys_v<T>) {
        if (!start_extra_keys<O, T>(c, reflect::field<T, reflect::extra_keys_member<T>()>(v), extra)) return nullptr;
      }
      p = ensure(c, p, 1);
      *p++ = '{';
      if constexpr (O.pretty) ++c.depth;
      bool first = true;
      METAJSON_EXIT_SLOT(char*);
      METAJSON_FOR_EACH_EXITING(m, ordered_members<O, T>()) {
        using M = member_type<T, m>;
        if constexpr (O.sort_keys && has_extra_keys_v<T>) {  // the extra keys that sort before this one
          p = write_extra_keys<O>(c, p, extra, reflect::key_text<T, m, reflect::key_form::raw>(), false, first);
          if (METAJSON_UNLIKELY(p == nullptr)) METAJSON_EXIT(nullptr);
        }
        bool skip = false;
        if constexpr (omittable<O, M>) skip = is_empty_nullable(reflect::field<T, m>(v));
        if (!skip) {
          if (!first) {
            p = ensure(c, p, 1);
            *p++ = ',';
          }
          first = false;
          if constexpr (O.pretty) p = newline_indent<O.indent>(c, p, c.depth);
          constexpr std::string_view key = reflect::key_text<T, m, O.pretty ? reflect::key_form::pretty : reflect::key_form::bare, name_escapes_of<O>>();
          p = ensure(c, p, key.size());
          std::memcpy(p, key.data(), key.size());
          p = write_member_value<O, m>(c, p + key.size(), reflect::field<T, m>(v));
          if (METAJSON_UNLIKELY(p == nullptr)) METAJSON_EXIT(push_key(c, reflect::key_text<T, m, reflect::key_form::raw>()));
        }
      };
      METAJSON_EXITED();
      if constexpr (has_extra_keys_v<T>) {  // the rest of them (all, unsorted)
        p = write_extra_keys<O>(c, p, extra, {}, true, first);
        if (METAJSON_UNLIKELY(p == nullptr)) return nullptr;
      }
      if constexpr (O.pretty) {
        --c.depth;
        if (!first) p = newline_indent<O.indent>(c, p, c.depth);
      }
      p = ensure(c, p, 1);
      *p++ = '}';
      return p;
    }
  }
};

// options.sort_keys: a tagged variant's alternative A as one object whose keys are in order, the
// tag key among them: a struct's members with the tag where its key sorts, or the tag and
// "value" (the boxed form) in their order.
template <options O, const char* TagKey, class A>
inline char* write_sorted_tagged(write_context& c, char* p, const A& alt) {
  constexpr std::string_view tag_key = reflect::quoted_tag_key<TagKey, name_escapes_of<O>>();
  constexpr std::string_view tag_name = reflect::quoted_type_tag<A, name_escapes_of<O>>();
  p = ensure(c, p, 1);
  *p++ = '{';
  if constexpr (O.pretty) ++c.depth;
  bool first = true;
  auto separator = [&] {
    if (!first) {
      p = ensure(c, p, 1);
      *p++ = ',';
    }
    first = false;
    if constexpr (O.pretty) p = newline_indent<O.indent>(c, p, c.depth);
  };
  auto write_tag = [&] {
    separator();
    p = ensure(c, p, tag_key.size() + 1 + tag_name.size());
    std::memcpy(p, tag_key.data(), tag_key.size());
    p += tag_key.size();
    if constexpr (O.pretty) *p++ = ' ';
    std::memcpy(p, tag_name.data(), tag_name.size());
    p += tag_name.size();
  };
  if constexpr (family_of<A>() == family::object) {
    static_assert(!has_extra_keys_v<A>, "options::sort_keys cannot yet place the [[=metajson::extra_keys]] entries of a tagged "
                                         "variant's struct alternative among its sorted keys: write it without sort_keys");
    constexpr auto ms = ordered_members<O, A>();
    constexpr std::size_t n = ms.size();
    constexpr std::size_t tag_at = reflect::keys_before<A>(reflect::static_string(TagKey));
    METAJSON_EXIT_SLOT(char*);
    METAJSON_FOR_EXITING(i, n + 1) {
      if constexpr (i == tag_at) write_tag();
      if constexpr (i < n) {
        constexpr auto m = ms[i];
        using M = member_type<A, m>;
        bool skip = false;
        if constexpr (omittable<O, M>) skip = is_empty_nullable(reflect::field<A, m>(alt));
        if (!skip) {
          separator();
          constexpr std::string_view key = reflect::key_text<A, m, O.pretty ? reflect::key_form::pretty : reflect::key_form::bare, name_escapes_of<O>>();
          p = ensure(c, p, key.size());
          std::memcpy(p, key.data(), key.size());
          p = write_member_value<O, m>(c, p + key.size(), reflect::field<A, m>(alt));
          if (METAJSON_UNLIKELY(p == nullptr)) METAJSON_EXIT(push_key(c, reflect::key_text<A, m, reflect::key_form::raw>()));
        }
      }
    };
    METAJSON_EXITED();
  } else {
    constexpr bool value_first = utf16_less("value", reflect::static_string(TagKey));
    constexpr std::string_view vkey = O.pretty ? std::string_view("\"value\": ") : std::string_view("\"value\":");
    if constexpr (!value_first) write_tag();
    separator();
    p = write_prefixed<O>(c, p, vkey, alt);
    if (METAJSON_UNLIKELY(p == nullptr)) return nullptr;
    if constexpr (value_first) write_tag();
  }
  if constexpr (O.pretty) {
    --c.depth;
    p = newline_indent<O.indent>(c, p, c.depth);
  }
  p = ensure(c, p, 1);
  *p++ = '}';
  return p;
}

// Tagged variant (declared in variant.hpp).
template <options O, const char* TagKey, class T>
inline char* write_tagged_variant(write_context& c, char* p, const T& v) {
  if (METAJSON_UNLIKELY(v.valueless_by_exception())) {
    p = ensure(c, p, 4);
    std::memcpy(p, "null", 4);
    return p + 4;
  }
  return std::visit(
      [&](const auto& alt) -> char* {
        using A = std::remove_cvref_t<decltype(alt)>;
        if constexpr (O.sort_keys) return write_sorted_tagged<O, TagKey>(c, p, alt);
        constexpr std::string_view key = reflect::quoted_tag_key<TagKey, name_escapes_of<O>>();
        constexpr std::string_view name = reflect::quoted_type_tag<A, name_escapes_of<O>>();
        p = ensure(c, p, key.size() + name.size() + 2);
        *p++ = '{';
        if constexpr (O.pretty) {
          ++c.depth;
          p = newline_indent<O.indent>(c, p, c.depth);
          p = ensure(c, p, key.size() + name.size() + 1);
        }
        std::memcpy(p, key.data(), key.size());
        p += key.size();
        if constexpr (O.pretty) *p++ = ' ';
        std::memcpy(p, name.data(), name.size());
        p += name.size();
        if constexpr (family_of<A>() == family::object) {
          // The alternative's own object follows, its '{' turned into ',' (or, when it has
          // no members, dropped so that its '}' closes the tag's object).
          if constexpr (O.pretty) --c.depth;
          const std::size_t at = output_offset(c, p);
          {
            const output_hold hold(c, at);  // a streaming output keeps the '{' until it is patched
            p = write_value<O>(c, p, alt);
          }
          if (METAJSON_UNLIKELY(p == nullptr)) return nullptr;
          char* s = at_output_offset(c, at);
          if (p == s + 2) {  // "{}"
            if constexpr (O.pretty) {
              p = newline_indent<O.indent>(c, s, c.depth);
              p = ensure(c, p, 1);
              *p++ = '}';
            } else {
              *s = '}';
              p = s + 1;
            }
          } else {
            *s = ',';
          }
          return p;
        } else {
          constexpr std::string_view vkey = O.pretty ? std::string_view(",\"value\": ") : std::string_view(",\"value\":");
          if constexpr (O.pretty) {
            p = ensure(c, p, 1);
            *p++ = ',';
            p = newline_indent<O.indent>(c, p, c.depth);
            p = write_prefixed<O>(c, p, vkey.substr(1), alt);
          } else {
            p = write_prefixed<O>(c, p, vkey, alt);
          }
          if (METAJSON_UNLIKELY(p == nullptr)) return nullptr;
          if constexpr (O.pretty) {
            --c.depth;
            p = newline_indent<O.indent>(c, p, c.depth);
          }
          p = ensure(c, p, 1);
          *p++ = '}';
          return p;
        }
      },
      v);
}

}  // namespace metajson::detail
