// try_from_pointer on any bytes, against reading the whole document into metajson::value and
// walking it. Pointers come from the document itself (random walks down its members and
// elements, with keys and indices that miss: a key not there, an index past the end, "-",
// "01"), plus "" and a slice of the input taken as a pointer, parsed here by an RFC 6901 splitter
// of this file's own. For each:
//   - a pointer that is not RFC 6901 is error_code::invalid_pointer, whatever the document;
//   - a document the reference validator rejects is rejected by the pointer read too, with the
//     document's error (not a pointer's), within the reference's bounds;
//   - otherwise the walk over the value decides: the same value (also read as a string, an
//     integer or a bool when it is one, and a type error when it is not a string), or
//     pointer_not_found, or duplicate_key for a key on the path that an object holds twice (the
//     shallowest problem wins); with duplicate_keys = last_wins, the last such member is walked.
#include <metajson/value.hpp>

#include "../fuzz.hpp"
#include "../oracle.hpp"

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace {

using metajson::error_code;
using metajson::value;

// RFC 6901 section 3 and 4, written here apart from pointer.hpp: "" is no token; otherwise '/'
// then tokens separated by '/', in which "~0" is '~', "~1" is '/' and any other '~' is invalid.
std::optional<std::vector<std::string>> split_pointer(std::string_view p) {
  std::vector<std::string> tokens;
  if (p.empty()) return tokens;
  if (p[0] != '/') return std::nullopt;
  std::string t;
  for (std::size_t i = 1; i <= p.size(); ++i) {
    if (i == p.size() || p[i] == '/') {
      tokens.push_back(std::move(t));
      t.clear();
    } else if (p[i] == '~') {
      if (i + 1 >= p.size() || (p[i + 1] != '0' && p[i + 1] != '1')) return std::nullopt;
      t += p[++i] == '0' ? '~' : '/';
    } else {
      t += p[i];
    }
  }
  return tokens;
}

std::string join_pointer(const std::vector<std::string>& tokens) {
  std::string p;
  for (const auto& t : tokens) {
    p += '/';
    for (char ch : t) {
      if (ch == '~') p += "~0";
      else if (ch == '/') p += "~1";
      else p += ch;
    }
  }
  return p;
}

enum class outcome { found, not_found, duplicate };

// Where the tokens lead in v: the value, or the first (shallowest) problem on the way.
std::pair<outcome, const value*> walk(const value& v, const std::vector<std::string>& tokens, bool last_wins) {
  const value* x = &v;
  for (const std::string& t : tokens) {
    if (x->is_object()) {
      const value* match = nullptr;
      int matches = 0;
      for (const auto& [k, e] : x->as_object()) {
        if (k != t) continue;
        if (matches++ == 0 || last_wins) match = &e;
      }
      if (matches == 0) return {outcome::not_found, nullptr};
      if (matches > 1 && !last_wins) return {outcome::duplicate, nullptr};
      x = match;
    } else if (x->is_array()) {
      const bool digits = !t.empty() && t.size() <= 19 && t.find_first_not_of("0123456789") == std::string::npos;
      if (!digits || (t.size() > 1 && t[0] == '0')) return {outcome::not_found, nullptr};
      const std::uint64_t i = std::stoull(t);
      if (i >= x->as_array().size()) return {outcome::not_found, nullptr};
      x = &x->as_array()[i];
    } else {
      return {outcome::not_found, nullptr};
    }
  }
  return {outcome::found, x};
}

// Pointers down d: at each level a member's key or an element's index, sometimes one that
// misses; stops at random.
std::vector<std::string> random_tokens(const value& d, std::mt19937_64& rng) {
  std::vector<std::string> tokens;
  const value* x = &d;
  while (x != nullptr && rng() % 5 != 0) {
    const unsigned miss = static_cast<unsigned>(rng() % 8);
    if (x->is_object() && !x->as_object().empty()) {
      const auto& o = x->as_object();
      const auto& [k, e] = o[rng() % o.size()];
      if (miss == 0) {
        tokens.push_back(k.str() + "x");
        break;
      }
      tokens.push_back(k.str());
      x = &e;
    } else if (x->is_array() && !x->as_array().empty()) {
      const auto& a = x->as_array();
      const std::size_t i = rng() % a.size();
      static const char* const misses[] = {"-", "01", "1e0", "-1", " 1", "", "18446744073709551616", "99999999999999999999999"};
      if (miss == 0) {
        tokens.push_back(std::to_string(a.size()));
        break;
      }
      if (miss == 1) {
        tokens.push_back(misses[rng() % std::size(misses)]);
        break;
      }
      tokens.push_back(std::to_string(i));
      x = &a[i];
    } else {
      if (miss < 2) tokens.push_back(miss == 0 ? "0" : "a");  // into a scalar or an empty container
      break;
    }
  }
  return tokens;
}

template <metajson::options O>
void check_pointer(std::string_view in, std::string_view pointer, const reference::verdict& ref, const value* d) {
  const auto r = metajson::try_from_pointer<value, O>(in, pointer);
  if (!r) {
    METAJSON_FUZZ_CHECK(!r.error().message().empty());
    METAJSON_FUZZ_CHECK(r.error().offset() <= in.size());
  }
  const auto tokens = split_pointer(pointer);
  if (!tokens) {
    METAJSON_FUZZ_CHECK(!r && r.error().code() == error_code::invalid_pointer);
    return;
  }
  if (!ref.ok) {
    METAJSON_FUZZ_CHECK(!r);
    const error_code c = r.error().code();
    METAJSON_FUZZ_CHECK(c != error_code::invalid_pointer && c != error_code::pointer_not_found && c != error_code::duplicate_key);
    if (c != error_code::number_out_of_range) METAJSON_FUZZ_CHECK(r.error().offset() >= ref.token && r.error().offset() <= ref.offset);
    return;
  }
  if (d == nullptr) return;  // JSON, but with a number beyond a double: metajson::value cannot hold it
  const auto [what, x] = walk(*d, *tokens, O.duplicate_keys == metajson::duplicate_key_policy::last_wins);
  switch (what) {
    case outcome::not_found:
      METAJSON_FUZZ_CHECK(!r && r.error().code() == error_code::pointer_not_found);
      return;
    case outcome::duplicate:
      METAJSON_FUZZ_CHECK(!r && r.error().code() == error_code::duplicate_key);
      return;
    case outcome::found:
      break;
  }
  METAJSON_FUZZ_CHECK(r.has_value());
  METAJSON_FUZZ_CHECK(identical(*r, *x));
  // The same place read into typed targets.
  const auto s = metajson::try_from_pointer<std::string, O>(in, pointer);
  if (x->is_string()) METAJSON_FUZZ_CHECK(s && *s == x->as_string());
  else METAJSON_FUZZ_CHECK(!s && s.error().code() == error_code::type_mismatch);
  if (x->is_int64()) {
    const auto i = metajson::try_from_pointer<std::int64_t, O>(in, pointer);
    METAJSON_FUZZ_CHECK(i && *i == x->as_int64());
  }
  if (x->is_bool()) {
    const auto b = metajson::try_from_pointer<bool, O>(in, pointer);
    METAJSON_FUZZ_CHECK(b && *b == x->as_bool());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  const reference::verdict ref = reference::check(in);
  const auto d = metajson::try_from<value>(in);
  metajson_fuzz::value_matches_reference(d, ref);
  const value* doc = d ? &*d : nullptr;

  std::uint64_t h = 1469598103934665603ull;  // FNV-1a: the same pointers for the same input
  for (unsigned char ch : in) h = (h ^ ch) * 1099511628211ull;
  std::mt19937_64 rng(h);

  std::vector<std::string> pointers = {""};
  if (doc != nullptr) {
    for (int i = 0; i < 6; ++i) pointers.push_back(join_pointer(random_tokens(*doc, rng)));
  } else {
    pointers.push_back("/0");
    pointers.push_back("/a");
  }
  if (!in.empty()) {  // a slice of the input as a pointer: any bytes, often not RFC 6901
    const std::size_t from = rng() % in.size();
    const std::string slice(in.substr(from, rng() % 24));
    pointers.push_back(rng() % 2 == 0 ? "/" + slice : slice);
  }
  for (const std::string& p : pointers) {
    check_pointer<metajson::options{}>(in, p, ref, doc);
    check_pointer<metajson::options{.duplicate_keys = metajson::duplicate_key_policy::last_wins}>(in, p, ref, doc);
  }
  return 0;
}
