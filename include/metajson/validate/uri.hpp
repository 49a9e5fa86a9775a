// URI references for JSON Schema's identifiers: `$id`, `$ref`, `$dynamicRef`, `$schema` are
// resolved against the base URI in scope as RFC 3986 section 5 says (merge, remove dot segments),
// and a resolved URI is split into the resource (no fragment) and its fragment. No network, no
// percent-decoding beyond what a JSON Pointer fragment needs (`%25` -> `%`): an identifier is
// compared as text, which is what the specification asks of a validator.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace metajson::detail::validate {

struct uri_parts {
  std::string_view scheme, authority, path, query, fragment;
  bool has_scheme = false, has_authority = false, has_query = false, has_fragment = false;
};

inline uri_parts split_uri(std::string_view u) noexcept {
  uri_parts p;
  if (std::size_t h = u.find('#'); h != std::string_view::npos) {
    p.fragment = u.substr(h + 1);
    p.has_fragment = true;
    u = u.substr(0, h);
  }
  if (std::size_t q = u.find('?'); q != std::string_view::npos) {
    p.query = u.substr(q + 1);
    p.has_query = true;
    u = u.substr(0, q);
  }
  // A scheme: a letter, then letters, digits, + - . up to the first ':' (before any '/').
  std::size_t colon = u.find(':');
  if (colon != std::string_view::npos && colon > 0 && u.substr(0, colon).find('/') == std::string_view::npos) {
    bool ok = (u[0] >= 'a' && u[0] <= 'z') || (u[0] >= 'A' && u[0] <= 'Z');
    for (std::size_t i = 1; ok && i < colon; ++i) {
      char c = u[i];
      ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
    }
    if (ok) {
      p.scheme = u.substr(0, colon);
      p.has_scheme = true;
      u = u.substr(colon + 1);
    }
  }
  if (u.starts_with("//")) {
    u.remove_prefix(2);
    std::size_t slash = u.find('/');
    p.authority = u.substr(0, slash);
    p.has_authority = true;
    u = slash == std::string_view::npos ? std::string_view() : u.substr(slash);
  }
  p.path = u;
  return p;
}

// RFC 3986 5.2.4.
inline std::string remove_dot_segments(std::string_view in) {
  std::string out;
  while (!in.empty()) {
    if (in.starts_with("../")) in.remove_prefix(3);
    else if (in.starts_with("./")) in.remove_prefix(2);
    else if (in.starts_with("/./")) in.remove_prefix(2);
    else if (in == "/.") in = "/";
    else if (in.starts_with("/../") || in == "/..") {
      in = in.size() == 3 ? std::string_view("/") : in.substr(3);
      std::size_t last = out.rfind('/');
      out.resize(last == std::string::npos ? 0 : last);
      if (in == "/") {
        out += '/';
        in = {};
      }
    } else if (in == "." || in == "..") in = {};
    else {
      std::size_t start = in[0] == '/' ? 1 : 0;
      std::size_t next = in.find('/', start);
      if (next == std::string_view::npos) next = in.size();
      out.append(in.substr(0, next));
      in.remove_prefix(next);
    }
  }
  return out;
}

inline std::string join_uri(const uri_parts& p, std::string_view path) {
  std::string s;
  if (p.has_scheme) s.append(p.scheme).push_back(':');
  if (p.has_authority) s.append("//").append(p.authority);
  s.append(path);
  if (p.has_query) s.append("?").append(p.query);
  if (p.has_fragment && !p.fragment.empty()) s.append("#").append(p.fragment);
  return s;
}

/// The reference `ref` resolved against the absolute (or empty) URI `base` (RFC 3986 5.2.2). An
/// empty fragment is dropped: `a.json#` and `a.json` name the same resource.
inline std::string resolve_uri(std::string_view base, std::string_view ref) {
  uri_parts r = split_uri(ref), b = split_uri(base), t;
  std::string path;
  if (r.has_scheme) {
    t = r;
    path = remove_dot_segments(r.path);
  } else {
    t.scheme = b.scheme;
    t.has_scheme = b.has_scheme;
    if (r.has_authority) {
      t.authority = r.authority;
      t.has_authority = true;
      path = remove_dot_segments(r.path);
      t.query = r.query, t.has_query = r.has_query;
    } else {
      t.authority = b.authority;
      t.has_authority = b.has_authority;
      if (r.path.empty()) {
        path = std::string(b.path);
        t.query = r.has_query ? r.query : b.query;
        t.has_query = r.has_query || b.has_query;
      } else {
        if (r.path[0] == '/') path = remove_dot_segments(r.path);
        else {
          std::string merged;
          if (b.has_authority && b.path.empty()) merged = "/" + std::string(r.path);
          else {
            std::size_t last = b.path.rfind('/');
            merged = last == std::string_view::npos ? std::string(r.path)
                                                    : std::string(b.path.substr(0, last + 1)) + std::string(r.path);
          }
          path = (b.has_scheme && !b.has_authority && merged[0] != '/') ? merged : remove_dot_segments(merged);
        }
        t.query = r.query, t.has_query = r.has_query;
      }
    }
  }
  t.fragment = r.fragment;
  t.has_fragment = r.has_fragment;
  return join_uri(t, path);
}

/// `uri` without its fragment, and the fragment (without '#').
inline std::pair<std::string_view, std::string_view> split_fragment(std::string_view uri) noexcept {
  std::size_t h = uri.find('#');
  if (h == std::string_view::npos) return {uri, {}};
  return {uri.substr(0, h), uri.substr(h + 1)};
}

// A JSON Pointer fragment's percent-escapes decoded (`#/a%25b` is the key "a%b").
inline std::string percent_decode(std::string_view s) {
  std::string out;
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out.push_back(static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2])));
      i += 2;
    } else out.push_back(s[i]);
  }
  return out;
}

}  // namespace metajson::detail::validate
