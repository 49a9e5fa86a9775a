// Between a metajson::value and any type metajson reads and writes: to_value(t) and
// from_value<T>(v) (and value::get<T>()), with from<T>'s and to_json's semantics exactly.
//
// How: t is written into a per-thread buffer and read into the value (and the value written and
// read into T), by the library's own writer and reader: what a value holds is by construction
// what from<value>(to_json(t)) holds, every option, annotation and error included, at the
// writer's and reader's speed (docs/dynamic.md measures it). Included by value.hpp.
#pragma once

#include "../detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <concepts>
#include <cstddef>
#include <exception>
#include <expected>
#include <new>
#include <string>
#include <string_view>

#include "../error.hpp"
#include "../from_json.hpp"
#include "../options.hpp"
#include "../reflect/borrows.hpp"
#include "../to_json.hpp"
#include "read.hpp"
#include "value.hpp"
#include "write.hpp"

namespace metajson::detail {

// The text between the two halves of a conversion, kept per thread (and let go above 1 MiB).
struct convert_buffer {
  std::string text;
  bool busy = false;
};
inline convert_buffer& thread_convert_buffer() noexcept {
  thread_local convert_buffer b;
  return b;
}
template <class F>
error with_convert_buffer(F&& f) noexcept {
  return out_of_memory_as_error([&]() -> error {
    convert_buffer& shared = thread_convert_buffer();
    convert_buffer local;
    convert_buffer& b = shared.busy ? local : shared;  // (a conversion inside an adapter's)
    b.busy = true;
    struct release {
      convert_buffer& b;
      ~release() {
        b.busy = false;
        if (b.text.capacity() > (std::size_t{1} << 20)) std::string().swap(b.text);
      }
    } guard{b};
    return f(b.text);
  });
}

// The options a value is written with on its way to a T read with O: its numbers and NaN as O
// reads them, its strings as they are, its nesting up to O's max_depth.
template <options O>
consteval options value_write_options() {
  options w{};
  w.allow_nonfinite = O.allow_nonfinite;
  w.utf8 = O.utf8;
  w.max_depth = O.max_depth;  // a value as deep as O reads is written, a deeper one refused
  return w;
}

}  // namespace metajson::detail

namespace metajson {
inline namespace v0 {

/// Sets `out` to t as a metajson::value: what from<value>(to_json<O>(t)) would give (member
/// order, numbers' kinds, big numbers, annotations, every write error). Never throws.
template <options O = options{}, class T>
error to_value(const T& t, value& out) noexcept {
  return detail::with_convert_buffer([&](std::string& text) -> error {
    if (error e = detail::write_json<O>(t, text)) return e;
    error e = detail::read_json_noexcept<O>(text, out);
    if (e) e.at_place(0, 0, 0);
    return e;
  });
}

/// Reads a T from a metajson::value as from<T, O> reads it from the value's JSON text (every
/// check and error, the path included). Never throws.
template <options O = options{}, class T>
error from_value(const value& v, T& out) noexcept {
  static_assert(detail::owns_its_data<T>,
                "metajson::from_value cannot read a type that holds a std::string_view: the view would point into a "
                "text gone when from_value returns. Read a std::string there, or read the view from a metajson::document "
                "(node.get<T>()), whose strings live as long as the document");
  return detail::with_convert_buffer([&](std::string& text) -> error {
    if (error e = detail::write_json<detail::value_write_options<O>()>(v, text)) return e;
    error e = detail::read_json_noexcept<O>(text, out);
    if (e) e.at_place(0, 0, 0);  // a place in the text made here would mean nothing: the path says where
    return e;
  });
}

template <class T, options O = options{}>
std::expected<T, error> try_from_value(const value& v) noexcept {
  T out{};
  if (error e = from_value<O>(v, out)) return std::unexpected(std::move(e));
  return out;
}

template <options O = options{}, class T>
std::expected<value, error> try_to_value(const T& t) noexcept {
  value out;
  if (error e = to_value<O>(t, out)) return std::unexpected(std::move(e));
  return out;
}

#if METAJSON_HAS_EXCEPTIONS
/// t as a metajson::value; throws metajson::error.
///
///     metajson::value v = metajson::to_value(player);   // {"username":"Alice","level":42,...}
template <options O = options{}, class T>
value to_value(const T& t) {
  value out;
  if (error e = to_value<O>(t, out)) throw e;
  return out;
}

/// A T from a metajson::value; throws metajson::error ("expected integer, found string at $.level").
///
///     Player p = metajson::from_value<Player>(v);
template <class T, options O = options{}>
T from_value(const value& v) {
  T out{};
  if (error e = from_value<O>(v, out)) throw e;
  return out;
}

template <class T, options O>
T value::get() const {
  return from_value<T, O>(*this);
}

template <class T>
  requires(!detail::dyn::own_constructor<std::remove_cvref_t<T>, value> && !detail::dyn::converts_itself<T, value>)
value::value(const T& t) : c_() {
  if (error e = to_value(t, *this)) throw e;
}
#endif

}  // namespace v0

// --- nlohmann/json's to_json / from_json functions ----------------------------------------------
//
// A type with `to_json(metajson::value&, const T&)` or `from_json(const metajson::value&, T&)`
// beside it (found by argument-dependent lookup, as nlohmann/json finds them; whatever they
// return) is written and read through them, wherever it appears (a member, an element) and by
// every entry point: they are its metajson::adapter, which takes precedence over reflection.
// Whatever they throw refuses the value, at its path (a metajson::error as it is); a type
// with only one of the two cannot go the other way (a compile-time error that says which is
// missing). An explicit metajson::adapter<T> specialization takes precedence over them.
namespace detail::dyn::hooks {

void to_json() = delete;  // unqualified lookup stops here: only argument-dependent lookup finds a hook
void from_json() = delete;

// (Whatever they return: a hook that returns something is still the user's hook, never to be
// ignored in favour of reflection.)
template <class T, class V>
concept has_to_json = requires(V& v, const T& t) { to_json(v, t); };
template <class T, class V>
concept has_from_json = requires(const V& v, T& t) { from_json(v, t); };

template <class V, class T>
void call_to_json(V& v, const T& t) {
  (void)to_json(v, t);
}
template <class V, class T>
void call_from_json(const V& v, T& t) {
  (void)from_json(v, t);
}

// Runs a hook; whatever it throws becomes the error.
template <class F>
error run(F&& f) noexcept {
  return out_of_memory_as_error([&]() -> error {
    try {
      f();
      return {};
    } catch (const error& e) {
      return e;
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const std::exception& e) {
      return error(error_code::invalid_value, "$", e.what());
    } catch (...) {  // (the reader and writer do not throw: it would end the program)
      return error(error_code::invalid_value, "$", "the to_json or from_json function threw an exception that is not a std::exception");
    }
  });
}

}  // namespace detail::dyn::hooks
inline namespace v0 {

#if METAJSON_HAS_EXCEPTIONS
template <class T>
  requires(detail::dyn::hooks::has_to_json<T, value> || detail::dyn::hooks::has_from_json<T, value>)
struct adapter<T> {
  static std::expected<value, error> to_json(const T& t) noexcept {
    static_assert(detail::dyn::hooks::has_to_json<T, value>,
                  "this type has a from_json(const metajson::value&, T&) function but no to_json(metajson::value&, "
                  "const T&): metajson uses them in place of reflection, so it cannot write the type without one");
    value v;
    if constexpr (detail::dyn::hooks::has_to_json<T, value>) {
      if (error e = detail::dyn::hooks::run([&] { detail::dyn::hooks::call_to_json(v, t); })) return std::unexpected(std::move(e));
    }
    return v;
  }
  static error from_json(T& t, value&& v) noexcept {
    static_assert(detail::dyn::hooks::has_from_json<T, value>,
                  "this type has a to_json(metajson::value&, const T&) function but no from_json(const metajson::value&, "
                  "T&): metajson uses them in place of reflection, so it cannot read the type without one");
    if constexpr (detail::dyn::hooks::has_from_json<T, value>) {
      const value& in = v;
      return detail::dyn::hooks::run([&] { detail::dyn::hooks::call_from_json(in, t); });
    } else {
      return {};
    }
  }
};
#endif

}  // namespace v0

// --- As nlohmann/json spells it: dump(), operator<<, the _json literal -------------------------
// (docs/dynamic.md, "Coming from nlohmann/json")

namespace detail::dyn {

// Pretty text written with one space per level, re-indented to `indent` spaces per level: a JSON
// string holds no raw line break, so every '\n' is the writer's and the spaces after it are the
// depth. (options::indent is a compile-time value: this gives any indent from one instantiation.)
inline std::string reindent(std::string_view one, std::size_t indent) {
  if (indent == 1) return std::string(one);
  std::string out;
  out.reserve(one.size() + one.size() / 4 * (indent > 1 ? indent - 1 : 0));
  for (std::size_t i = 0; i < one.size();) {
    const char ch = one[i++];
    out += ch;
    if (ch != '\n') continue;
    std::size_t depth = 0;
    while (i < one.size() && one[i] == ' ') ++depth, ++i;
    out.append(depth * indent, ' ');
  }
  return out;
}

// v as text: compact when indent < 0, else pretty with `indent` spaces per level. (A template, as
// everything below: nothing is instantiated in a translation unit that does not use it.)
template <class V>
std::expected<std::string, error> dump_text(const V& v, long indent) noexcept {
  if (indent < 0) return try_to_json(v);
  constexpr options one = [] {
    options o{};
    o.pretty = true;
    o.indent = 1;
    return o;
  }();
  auto text = try_to_json<one>(v);
  if (!text || indent == 1) return text;
  return out_of_memory_as_error([&]() -> std::expected<std::string, error> {
    return reindent(*text, static_cast<std::size_t>(indent));
  });
}

// A string literal as a template argument (the _json literal's).
template <std::size_t N>
struct literal_text {
  char text[N];
  constexpr literal_text(const char (&s)[N]) noexcept {
    for (std::size_t i = 0; i < N; ++i) text[i] = s[i];
  }
};

template <class V>
  requires std::is_same_v<V, value>
struct convert_members<V> {
  static constexpr bool available = true;
#if METAJSON_HAS_EXCEPTIONS
  static std::string dump(const V& v, int indent) {
    auto text = dump_text(v, indent);
    if (!text) throw std::move(text.error());
    return std::move(*text);
  }
  static V parse(std::string_view text) { return from<V>(text); }
#endif
};

}  // namespace detail::dyn
inline namespace v0 {

/// Writes v as to_json does (compact), or, when the stream's width() is set (`os <<
/// std::setw(4) << v`, as nlohmann/json reads it), pretty with width() spaces per level (the
/// width is then reset to 0). When v cannot be written (invalid UTF-8, NaN) nothing is written and
/// metajson::error is thrown (without exceptions: the stream's failbit is set). A template over
/// the stream (any with operator<< for std::string_view), so no stream header is included here;
/// and over the value, which must be a metajson::value: no argument converts to one on its way
/// here (else `os << "text"` or `os << some_string_view` would be ambiguous wherever this
/// operator is visible, as after `using namespace metajson;`).
template <class Stream, class V>
  requires std::is_same_v<V, value> && requires(Stream& os, std::string_view s) { os << s; }
Stream& operator<<(Stream& os, const V& v) {
  long indent = -1;
  if constexpr (requires { os.width(); os.width(0); }) {
    if (os.width() > 0) indent = static_cast<long>(os.width());
    os.width(0);
  }
  auto text = detail::dyn::dump_text(v, indent);
  if (!text) {
#if METAJSON_HAS_EXCEPTIONS
    throw std::move(text.error());
#else
    if constexpr (requires { os.setstate(Stream::failbit); }) os.setstate(Stream::failbit);
    return os;
#endif
  }
  os << std::string_view(*text);
  return os;
}

/// Reads one JSON value from the stream into v, as nlohmann/json's `std::cin >> j` and `file >>
/// j` do: leading whitespace is skipped, then exactly the bytes of one value are taken (an object
/// or array up to its closing bracket, a string up to its closing quote, a number or literal up
/// to the next delimiter), so `is >> a >> b` reads two values, and read as from<value> reads
/// them (strict: every check). A bad value, or no value before the end of the stream, throws
/// metajson::error (without exceptions: sets failbit and leaves v unchanged). A template over the
/// stream (any with rdbuf()), so no stream header is included here.
template <class Stream, class V>
  requires std::is_same_v<V, value> && requires(Stream& is) { is.rdbuf()->sbumpc(); is.rdbuf()->sgetc(); }
Stream& operator>>(Stream& is, V& v) {
  auto* buf = is.rdbuf();
  using traits = typename Stream::traits_type;
  const auto eof = traits::eof();
  std::string text;
  auto next = [&] { return buf->sgetc(); };
  auto take = [&] { text += static_cast<char>(buf->sbumpc()); };
  auto blank = [](int ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; };
  auto ended = [&](int ch) { return traits::eq_int_type(ch, eof); };
  while (!ended(next()) && blank(next())) buf->sbumpc();
  if (!ended(next())) {
    const int first = next();
    if (first == '{' || first == '[' || first == '"') {
      // Up to the bracket that closes the first one, or the quote that closes the string (a
      // string inside skipped whole).
      std::size_t depth = 0;
      bool in_string = false, escaped = false;
      while (!ended(next())) {
        const int ch = next();
        take();
        if (in_string) {
          if (escaped) escaped = false;
          else if (ch == '\\') escaped = true;
          else if (ch == '"') in_string = false;
        } else if (ch == '"') {
          in_string = true;
        } else if (ch == '{' || ch == '[') {
          ++depth;
        } else if (ch == '}' || ch == ']') {
          --depth;
        }
        if (!in_string && depth == 0) break;
      }
    } else {
      while (!ended(next()) && !blank(next()) && next() != ',' && next() != ']' && next() != '}' && next() != '{' &&
             next() != '[' && next() != '"')
        take();
    }
  }
  if (ended(next())) is.setstate(Stream::eofbit);
  auto read = try_from<value>(text);
  if (!read) {
    is.setstate(Stream::failbit);
#if METAJSON_HAS_EXCEPTIONS
    throw std::move(read.error());
#else
    return is;
#endif
  }
  v = std::move(*read);
  return is;
}

#if METAJSON_HAS_EXCEPTIONS
/// The _json_pointer literal, as nlohmann/json has it: `v["/a/0"_json_pointer]` (a
/// metajson::json_pointer; throws metajson::error when the text is no JSON Pointer).
inline namespace literals {
inline json_pointer operator""_json_pointer(const char* text, std::size_t n) { return json_pointer(std::string_view(text, n)); }
}  // namespace literals

/// The _json literal, as nlohmann/json has it: `using namespace metajson::literals;` (or `using
/// namespace metajson;`), then `auto v = R"({"a":1})"_json;` is value::parse(that text), a
/// metajson::value (throws metajson::error on a bad text).
///
/// A literal operator template (the text a template argument): instantiated only where a literal
/// is used. A `(const char*, std::size_t)` operator's body would instantiate the value reader in
/// every translation unit that includes this header (+2 % of value.hpp's compile memory).
inline namespace literals {
template <detail::dyn::literal_text L>
value operator""_json() {
  return value::parse(std::string_view(L.text, sizeof(L.text) - 1));
}
}  // namespace literals
#endif

}  // namespace v0
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET
