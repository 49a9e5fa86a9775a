// A small JSON tree and its text: what the schema generator assembles (at run time, once per
// call; the names and patterns it is made of are computed at compile time). Objects keep their
// members in insertion order (so a schema reads in a stable, deliberate order: "type" first,
// "$defs" last). Scalars are stored as their JSON text, which lets integer bounds beyond 64
// bits be written exactly.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "../text/escape_scalar.hpp"

namespace metajson::detail::schema {

struct node {
  enum class kind : unsigned char { scalar, array, object };
  kind k = kind::object;
  std::string text;               // scalar: its JSON text
  std::vector<std::string> keys;  // object: member names, unescaped
  std::vector<node> items;        // object: member values (beside keys); array: elements

  bool is_object() const { return k == kind::object; }
  bool is_empty_object() const { return k == kind::object && keys.empty(); }

  const node* find(std::string_view key) const {
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (keys[i] == key) return &items[i];
    return nullptr;
  }
  node* find(std::string_view key) {
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (keys[i] == key) return &items[i];
    return nullptr;
  }
  // Sets member `key` (replacing its value if present, else appending it).
  node& set(std::string_view key, node v) {
    if (node* n = find(key)) {
      *n = std::move(v);
      return *this;
    }
    keys.emplace_back(key);
    items.push_back(std::move(v));
    return *this;
  }
  // Appends an array element.
  node& push(node v) {
    items.push_back(std::move(v));
    return *this;
  }
};

inline node object() { return {}; }
inline node array() {
  node n;
  n.k = node::kind::array;
  return n;
}
inline node raw(std::string text) {
  node n;
  n.k = node::kind::scalar;
  n.text = std::move(text);
  return n;
}
// s quoted and escaped (s is UTF-8: names and patterns checked at compile time).
inline std::string quoted(std::string_view s) {
  std::string out(s.size() * 6 + 2, '\0');
  std::size_t unused = 0;
  char* p = out.data();
  *p++ = '"';
  p = escape_scalar(p, s.data(), s.size(), utf8_mode::unchecked, &unused);
  *p++ = '"';
  out.resize(static_cast<std::size_t>(p - out.data()));
  return out;
}
inline node string(std::string_view s) { return raw(quoted(s)); }
inline node boolean(bool b) { return raw(b ? "true" : "false"); }
// {"<key>": v}
inline node with(std::string_view key, node v) { return object().set(key, std::move(v)); }
inline node type(std::string_view t) { return with("type", string(t)); }

// Writes n as JSON: compact when indent is 0, else one member or element per line, `"key":
// value`, like metajson's pretty output ({} and [] stay on one line).
inline void print(const node& n, std::string& out, int indent, int depth) {
  if (n.k == node::kind::scalar) {
    out += n.text;
    return;
  }
  const bool obj = n.k == node::kind::object;
  if (n.items.empty()) {
    out += obj ? "{}" : "[]";
    return;
  }
  out += obj ? '{' : '[';
  for (std::size_t i = 0; i < n.items.size(); ++i) {
    if (i) out += ',';
    if (indent) {
      out += '\n';
      out.append(static_cast<std::size_t>(indent * (depth + 1)), ' ');
    }
    if (obj) {
      out += schema::quoted(n.keys[i]);  // (qualified: std::quoted is found by ADL)
      out += ':';
      if (indent) out += ' ';
    }
    print(n.items[i], out, indent, depth + 1);
  }
  if (indent) {
    out += '\n';
    out.append(static_cast<std::size_t>(indent * depth), ' ');
  }
  out += obj ? '}' : ']';
}

}  // namespace metajson::detail::schema
