// Segments of a JSON path ($.statuses[3].user["screen name"]), shared by the writer and the
// reader. Called only after an error: nothing here runs on the success path.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace metajson::detail {

// ".name" for identifier-like keys, ["any \"key\""] otherwise.
inline std::string key_segment(std::string_view k) {
  bool ident = !k.empty() && !(k[0] >= '0' && k[0] <= '9');
  for (char ch : k) ident = ident && ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_');
  if (ident) return "." + std::string(k);
  std::string s = "[\"";
  for (char ch : k) {
    if (ch == '"' || ch == '\\') s += '\\';
    s += ch;
  }
  return s + "\"]";
}

inline std::string index_segment(std::size_t i) { return "[" + std::to_string(i) + "]"; }

}  // namespace metajson::detail
