// metajson::error: what went wrong, where, and why, in words a user can act on.
#pragma once

#include "detail/requirements.hpp"  // first: one clear #error without C++26 reflection
#if METAJSON_REQUIREMENTS_MET

#include <cstddef>
#include <cstdint>
#include <exception>
#include <expected>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "detail/macros.hpp"

namespace metajson {
inline namespace v0 {

/// Every error the library reports. 0 is success.
enum class error_code : std::uint8_t {
  ok = 0,
  // writing
  invalid_utf8,         ///< a string holds bytes that are not UTF-8 (utf8_policy::validate)
  non_finite_number,    ///< NaN or infinity (nonfinite_policy::error)
  unnamed_enum_value,   ///< an enum value that matches no enumerator
  invalid_raw_json,     ///< a metajson::raw_json holding an empty string
  time_out_of_range,    ///< a time_point outside years 0000-9999
  out_of_memory,        ///< the output could not grow
  // reading
  unexpected_end,       ///< the input ends inside a value
  syntax_error,         ///< not JSON: the message says what was expected and what was found
  type_mismatch,        ///< valid JSON of the wrong kind for the target type
  invalid_number,       ///< a number that breaks RFC 8259's grammar (leading zero, "1.", ...)
  number_out_of_range,  ///< a number that does not fit the target (300 into int8_t, 1e400 into double)
  invalid_string,       ///< a raw control character in a string
  invalid_escape,       ///< an unknown escape, a bad \u escape or a lone surrogate
  unknown_key,          ///< a key that matches no member (unknown_key_policy::error, deny_unknown_keys)
  missing_key,          ///< a member's key is absent (missing_key_policy::error, required)
  duplicate_key,        ///< a member's key appears twice (duplicate_key_policy::error)
  depth_exceeded,       ///< nesting deeper than options.max_depth
  trailing_content,     ///< something other than whitespace after the value
  unknown_enum_name,    ///< a string that names no enumerator
  wrong_length,         ///< an array of the wrong length for a std::array, C array or tuple
  escaped_string_view,  ///< a std::string_view target for a string that has escapes
  no_matching_alternative,  ///< no std::variant alternative accepts the value
  invalid_time,         ///< a time_point string that is not ISO 8601 UTC
  document_too_large,   ///< the input is longer than options.max_document_size
  string_too_long,      ///< a string or key is longer than options.max_string_length
  // files and streams (metajson/file.hpp, metajson/stream.hpp)
  io_error,             ///< a file or stream could not be opened, read or written: the OS's reason
  // JSON Pointer reads (pointer.hpp)
  invalid_pointer,      ///< the pointer is not RFC 6901 syntax (not empty and not starting with '/', a bad '~' escape)
  pointer_not_found,    ///< the pointer does not resolve in the document: the message says how far it did
  // writing, canonical form (options::rfc8785, metajson::canonical)
  not_canonical,        ///< no RFC 8785 form: an integer that ECMAScript writes with other digits (beyond +-2^53), a duplicate key
  // both directions: a value its type refuses (the message says why)
  invalid_value,        ///< a std::bitset string of other than '0'/'1', a date that does not exist, an unpaired UTF-16 surrogate
  // reading: [[=metajson::range]], length, non_empty
  constraint_violated,  ///< a member's value outside its constraint (the message says which)
  // metajson::value and metajson::document (document.hpp), JSON Patch (patch.hpp)
  not_found,            ///< at(key) or at(index) of a value or node that has no such member or element
  invalid_patch,        ///< a JSON Patch or its operation is malformed (not an array of operations, an unknown op, a member missing)
  patch_test_failed,    ///< a JSON Patch "test" operation found another value
  // JSON Schema validation (json_schema.hpp)
  invalid_schema,       ///< a schema that cannot be compiled: the message says which keyword and why
};

/// Returns a short, stable description of a code ("invalid UTF-8").
constexpr std::string_view describe(error_code c) noexcept {
  switch (c) {
    case error_code::ok: return "no error";
    case error_code::invalid_utf8: return "invalid UTF-8 in string";
    case error_code::non_finite_number: return "NaN or infinity cannot be written as JSON";
    case error_code::unnamed_enum_value: return "enum value has no enumerator name";
    case error_code::invalid_raw_json: return "raw_json is empty";
    case error_code::time_out_of_range: return "time_point outside the years 0000-9999";
    case error_code::out_of_memory: return "out of memory";
    case error_code::unexpected_end: return "unexpected end of input";
    case error_code::syntax_error: return "syntax error";
    case error_code::type_mismatch: return "wrong type";
    case error_code::invalid_number: return "invalid number";
    case error_code::number_out_of_range: return "number out of range";
    case error_code::invalid_string: return "control character in string (must be escaped)";
    case error_code::invalid_escape: return "invalid escape in string";
    case error_code::unknown_key: return "unknown key";
    case error_code::missing_key: return "missing key";
    case error_code::duplicate_key: return "duplicate key";
    case error_code::depth_exceeded: return "nesting too deep";
    case error_code::trailing_content: return "unexpected content after the JSON value";
    case error_code::unknown_enum_name: return "no enumerator has this name";
    case error_code::wrong_length: return "array has the wrong length";
    case error_code::escaped_string_view: return "a std::string_view cannot hold a string with escapes";
    case error_code::no_matching_alternative: return "no variant alternative matches";
    case error_code::invalid_time: return "invalid ISO 8601 time";
    case error_code::document_too_large: return "document larger than max_document_size";
    case error_code::string_too_long: return "string longer than max_string_length";
    case error_code::io_error: return "I/O error";
    case error_code::invalid_pointer: return "invalid JSON Pointer";
    case error_code::pointer_not_found: return "JSON Pointer does not resolve";
    case error_code::not_canonical: return "no RFC 8785 canonical form";
    case error_code::invalid_value: return "invalid value for its type";
    case error_code::constraint_violated: return "value outside its constraint";
    case error_code::not_found: return "no such member or element";
    case error_code::invalid_patch: return "invalid JSON Patch";
    case error_code::patch_test_failed: return "JSON Patch test failed";
    case error_code::invalid_schema: return "invalid JSON Schema";
  }
  return "unknown error";
}

/// An error: a code, where it happened (byte offset, line and column in the input when
/// reading; the JSON path of the value in both directions; the file, when a file was read or
/// written), and a message.
///
/// A default-constructed error means success and is falsy, so
///     if (auto e = metajson::from_json(json, x)) std::cerr << e.message();
/// reads naturally. Constructing an error costs nothing until it is reported: the path is
/// built only when something fails.
class error : public std::exception {
 public:
  error() noexcept = default;
  error(error_code code, std::string path = {}, std::string detail = {}, std::size_t offset = 0,
        std::size_t line = 0, std::size_t column = 0)
      : code_(code), offset_(offset), line_(line), column_(column), path_(std::move(path)),
        detail_(std::move(detail)) {}

  explicit operator bool() const noexcept { return code_ != error_code::ok; }
  error_code code() const noexcept { return code_; }
  /// Byte offset in the input (reading), 0 when writing.
  std::size_t offset() const noexcept { return offset_; }
  /// 1-based line and column in the input (reading), 0 when writing.
  std::size_t line() const noexcept { return line_; }
  std::size_t column() const noexcept { return column_; }
  /// The JSON path of the value being processed: `$`, `$.statuses[3].user.id`, `$["a b"]`.
  const std::string& path() const noexcept { return path_; }
  /// The file read or written (from_file, to_file...), as given; empty otherwise.
  const std::string& file() const noexcept { return file_; }
  /// What the message adds to the code's description: "expected integer, found string",
  /// "cannot open for reading: No such file or directory".
  const std::string& detail() const noexcept { return detail_; }

  /// Names the file the error is about (the entry points that read or write files do this).
  error& in_file(std::string file) {
    file_ = std::move(file);
    what_.clear();
    return *this;
  }
  /// Moves the error's place: `offset`, `line` and `column` replace the ones it had.
  error& at_place(std::size_t offset, std::size_t line, std::size_t column) noexcept {
    offset_ = offset;
    line_ = line;
    column_ = column;
    what_.clear();
    return *this;
  }
  /// Says the input was a binary format (MessagePack): the message names the byte offset, as
  /// such input has no lines.
  error& in_binary() noexcept {
    binary_ = true;
    what_.clear();
    return *this;
  }
  /// Whether the error arose reading a binary format (its offset is the place to look).
  bool binary() const noexcept { return binary_; }
  /// Replaces the JSON path (the readers of NDJSON and arrays prefix an element's path).
  error& with_path(std::string path) noexcept {
    path_ = std::move(path);
    what_.clear();
    return *this;
  }

  /// "invalid UTF-8 in string (byte 0xC3 at offset 4) at $.users[2].name", and with a file
  /// "expected integer, found string at $.id in 'data/x.json' (line 2, column 10)" or
  /// "I/O error (cannot open for reading: No such file or directory) in 'data/x.json'".
  std::string message() const {
    std::string m;
    if ((code_ == error_code::syntax_error || code_ == error_code::type_mismatch) && !detail_.empty()) {
      m = detail_;  // "expected unsigned integer, found string"
    } else {
      m = describe(code_);
      if (!detail_.empty()) m += " (" + detail_ + ")";
    }
    if (code_ != error_code::ok) {
      if (code_ != error_code::io_error || !path_.empty()) {
        m += " at ";
        m += path_.empty() ? std::string("$") : path_;
      }
      if (!file_.empty()) m += " in '" + file_ + "'";
      if (line_ != 0)
        m += " (line " + std::to_string(line_) + ", column " + std::to_string(column_) + ")";
      else if (binary_)
        m += " (byte " + std::to_string(offset_) + ")";
    }
    return m;
  }
  const char* what() const noexcept override {
    if (what_.empty()) {
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
      try {
        what_ = message();
      } catch (...) {
        return describe(code_).data();
      }
#else
      what_ = message();
#endif
    }
    return what_.c_str();
  }

  friend bool operator==(const error& a, error_code c) noexcept { return a.code_ == c; }

 private:
  error_code code_ = error_code::ok;
  bool binary_ = false;  // read from a binary format: the place is a byte offset, without lines
  std::size_t offset_ = 0, line_ = 0, column_ = 0;
  std::string path_, detail_, file_;
  mutable std::string what_;
};

/// Every error of a read with options::errors = error_mode::collect, in document order (a
/// syntax error, which ends the document, last), the first options::max_errors of them; more()
/// counts the others. Falsy when there is none, so
///     if (auto errors = metajson::from_json<{.errors = metajson::error_mode::collect}>(text, config))
///       std::cerr << errors.message();
/// reads like a first-error read. Thrown by from<T> in that mode.
class error_list : public std::exception {
 public:
  error_list() = default;
  error_list(std::vector<error> errors, std::size_t more) : errors_(std::move(errors)), more_(more) {}

  explicit operator bool() const noexcept { return !errors_.empty(); }
  bool empty() const noexcept { return errors_.empty(); }
  std::size_t size() const noexcept { return errors_.size(); }
  const error& operator[](std::size_t i) const noexcept { return errors_[i]; }
  const error& front() const noexcept { return errors_.front(); }
  auto begin() const noexcept { return errors_.begin(); }
  auto end() const noexcept { return errors_.end(); }
  const std::vector<error>& all() const noexcept { return errors_; }
  /// Errors found beyond options::max_errors (not listed).
  std::size_t more() const noexcept { return more_; }

  /// One error per line, then "and N more errors".
  std::string message() const {
    std::string m;
    for (const error& e : errors_) m += e.message() + "\n";
    if (more_) m += "and " + std::to_string(more_) + " more error" + (more_ == 1 ? "" : "s") + "\n";
    return m;
  }
  const char* what() const noexcept override {
    if (what_.empty()) {
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
      try {
        what_ = message();
      } catch (...) {
        return "metajson::error_list";
      }
#else
      what_ = message();
#endif
    }
    return what_.c_str();
  }

 private:
  std::vector<error> errors_;
  std::size_t more_ = 0;
  mutable std::string what_;
};

}  // namespace v0

namespace detail {

// The detail of an error an adapter returned (a fallible to_json or from_json), for the error
// the reader or writer then reports at the adapted value's own path: its words, and where in the
// adapter's JSON it arose when that is not the whole of it.
inline std::string adapter_refusal(const error& e) {
  std::string m = e.detail();
  if (e.path().empty() || e.path() == "$") return m;
  if (m.empty()) return "in the adapter's JSON at " + e.path();
  return m + " (in the adapter's JSON at " + e.path() + ")";
}

// The one place where the entry points that promise not to throw catch: f() (which returns a
// metajson::error or a std::expected<T, metajson::error>), with std::bad_alloc turned into
// error_code::out_of_memory after on_failure() (e.g. clearing a half-written output). With
// exceptions disabled, f() as it is (an allocation that fails ends the program).
template <class F, class G>
METAJSON_ALWAYS_INLINE auto out_of_memory_as_error(F&& f, G&& on_failure) noexcept -> decltype(f()) {
#if METAJSON_HAS_EXCEPTIONS
  try {
    return f();
  } catch (const std::bad_alloc&) {
    on_failure();
    using R = decltype(f());
    if constexpr (std::is_same_v<R, error>) return error(error_code::out_of_memory);
    else return R(std::unexpect, error_code::out_of_memory);
  }
#else
  (void)on_failure;
  return f();
#endif
}
template <class F>
METAJSON_ALWAYS_INLINE auto out_of_memory_as_error(F&& f) noexcept -> decltype(f()) {
  return out_of_memory_as_error(static_cast<F&&>(f), [] {});
}

}  // namespace detail
}  // namespace metajson

#endif  // METAJSON_REQUIREMENTS_MET
