// RFC 6901 JSON Pointer syntax, shared by from_pointer (pointer.hpp), metajson::value's and
// metajson::node's pointers, and JSON Patch (patch.hpp): splitting a pointer into its reference
// tokens, reading a token as an array index, escaping a key into a token.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../error.hpp"

namespace metajson::detail {

// A parsed pointer: its text, its reference tokens unescaped (~1 is '/', ~0 is '~'), and where
// each token ends in the text.
struct pointer_tokens {
  std::string_view text;
  std::vector<std::string> tokens;
  std::vector<std::size_t> ends;

  // The pointer's text up to token i (exclusive), quoted: "" is the whole document.
  std::string prefix(std::size_t i) const { return "\"" + std::string(text.substr(0, i == 0 ? 0 : ends[i - 1])) + "\""; }
};

// Splits and unescapes an RFC 6901 pointer; a falsy error when it is one.
inline error parse_pointer_tokens(std::string_view text, pointer_tokens& w) {
  w.text = text;
  w.tokens.clear();
  w.ends.clear();
  if (text.empty()) return {};
  const auto bad = [&](std::string why) {
    return error(error_code::invalid_pointer, "$", "\"" + std::string(text).substr(0, 256) + "\": " + std::move(why));
  };
  if (text[0] != '/') {
    if (text[0] == '#')
      return bad("a URI fragment: remove the '#' and percent-decode it first; a JSON Pointer is empty or starts with '/'");
    return bad("a JSON Pointer is empty or starts with '/'");
  }
  for (std::size_t i = 1;; ++i) {
    std::string token;
    for (; i < text.size() && text[i] != '/'; ++i) {
      if (text[i] != '~') {
        token += text[i];
        continue;
      }
      if (i + 1 < text.size() && (text[i + 1] == '0' || text[i + 1] == '1')) {
        token += text[i + 1] == '0' ? '~' : '/';
        ++i;
        continue;
      }
      return bad("'~' at offset " + std::to_string(i) + " is not followed by 0 or 1 (write '~' as ~0, '/' as ~1)");
    }
    w.tokens.push_back(std::move(token));
    w.ends.push_back(i);
    if (i >= text.size()) break;
  }
  return {};
}

// An array index token (RFC 6901: "0" or digits without a leading zero) as a number; otherwise
// nullopt with the reason in `why` ("-", the element after the last, included: it names no
// element that can be read).
inline std::optional<std::size_t> array_index(const std::string& t, std::string& why) {
  if (t == "-") {
    why = "an array: \"-\" names the element after the last one, which cannot be read";
    return std::nullopt;
  }
  bool digits = !t.empty();
  for (char ch : t) digits = digits && ch >= '0' && ch <= '9';
  if (!digits) {
    why = "an array, and \"" + t.substr(0, 64) + "\" is not an array index";
    return std::nullopt;
  }
  if (t.size() > 1 && t[0] == '0') {
    why = "an array, and \"" + t.substr(0, 64) + "\" is not an array index (no leading zeros)";
    return std::nullopt;
  }
  std::size_t n = 0;
  for (char ch : t) {
    const auto d = static_cast<std::size_t>(ch - '0');
    if (n > (~std::size_t{0} - d) / 10) {
      why = "an array, and index " + t.substr(0, 64) + " is beyond any array";
      return std::nullopt;
    }
    n = n * 10 + d;
  }
  return n;
}

// A key as a reference token: '~' written ~0, '/' written ~1.
inline std::string pointer_token(std::string_view key) {
  std::string t;
  t.reserve(key.size());
  for (char ch : key) {
    if (ch == '~') t += "~0";
    else if (ch == '/') t += "~1";
    else t += ch;
  }
  return t;
}

}  // namespace metajson::detail
