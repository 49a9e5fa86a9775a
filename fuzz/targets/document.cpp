// metajson::document on any bytes, against from<metajson::value> and the reference validator:
//   - the verdict is the reference's, and the error is from<value>'s, word for word and at the
//     same offset (the document and the value are walked by the same reader);
//   - an accepted document is the value: to_value gives an identical value, to_json the same
//     text (also reused by parse_into, and with utf8_policy::replace);
//   - every node (the first few hundred) agrees with the value at the same place: kind, size,
//     scalars, [i] and iteration, find and items, the path and at_pointer of that path, and
//     get<value>.
#include <metajson/document.hpp>

#include "../fuzz.hpp"
#include "../oracle.hpp"

#include <string>

namespace {

using metajson::node;
using metajson::value;

std::string pointer_of(const std::string& parent, std::string_view key) {
  std::string p = parent + "/";
  for (char ch : key) {
    if (ch == '~') p += "~0";
    else if (ch == '/') p += "~1";
    else p += ch;
  }
  return p;
}

void compare(const metajson::document& doc, node n, const value& v, const std::string& pointer, int& budget) {
  if (--budget < 0) return;
  METAJSON_FUZZ_CHECK(n.exists());
  METAJSON_FUZZ_CHECK(n.kind() == v.kind());
  METAJSON_FUZZ_CHECK(doc.at_pointer(pointer) == n);
  METAJSON_FUZZ_CHECK(identical(metajson::to_value(n), v));
  switch (v.kind()) {
    case metajson::kind::boolean: METAJSON_FUZZ_CHECK(n.as_bool() == v.as_bool()); break;
    case metajson::kind::int64: METAJSON_FUZZ_CHECK(n.as_int64() == v.as_int64()); break;
    case metajson::kind::uint64: METAJSON_FUZZ_CHECK(n.as_uint64() == v.as_uint64()); break;
    case metajson::kind::float64: METAJSON_FUZZ_CHECK(value(n.as_double()) == v); break;
    case metajson::kind::big_number: METAJSON_FUZZ_CHECK(n.big_number_text() == v.big_number_text()); break;
    case metajson::kind::string: METAJSON_FUZZ_CHECK(n.as_string() == v.as_string()); break;
    case metajson::kind::array: {
      METAJSON_FUZZ_CHECK(n.size() == v.size());
      std::size_t i = 0;
      for (node e : n) {
        METAJSON_FUZZ_CHECK(e == n[i]);
        compare(doc, e, v[i], pointer + "/" + std::to_string(i), budget);
        ++i;
      }
      METAJSON_FUZZ_CHECK(i == v.size());
      METAJSON_FUZZ_CHECK(!n[i]);
      break;
    }
    case metajson::kind::object: {
      METAJSON_FUZZ_CHECK(n.size() == v.size());
      std::size_t i = 0;
      for (auto [key, e] : n.items()) {
        const auto& m = v.as_object()[i];
        METAJSON_FUZZ_CHECK(key == m.first.view());
        METAJSON_FUZZ_CHECK(n.count(key) == v.count(key));
        METAJSON_FUZZ_CHECK(identical(metajson::to_value(n.find(key)), *v.find(key)));  // the first with the key
        if (v.count(key) == 1) compare(doc, e, m.second, pointer_of(pointer, key), budget);
        ++i;
      }
      METAJSON_FUZZ_CHECK(i == v.size());
      break;
    }
    default: break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  const auto d = metajson::document::try_parse(in);
  const auto v = metajson::try_from<value>(in);
  metajson_fuzz::value_matches_reference(d, reference::check(in));
  METAJSON_FUZZ_CHECK(d.has_value() == v.has_value());
  static metajson::document reused;
  const metajson::error again = metajson::document::parse_into(reused, in);
  if (!d) {
    METAJSON_FUZZ_CHECK(d.error().message() == v.error().message());
    METAJSON_FUZZ_CHECK(d.error().offset() == v.error().offset());
    METAJSON_FUZZ_CHECK(again.message() == d.error().message());
    METAJSON_FUZZ_CHECK(!reused.root());
    return 0;
  }
  METAJSON_FUZZ_CHECK(!again);
  METAJSON_FUZZ_CHECK(identical(metajson::to_value(*d), *v));
  const auto text = metajson::try_to_json(*d);
  METAJSON_FUZZ_CHECK(text.has_value());
  METAJSON_FUZZ_CHECK(*text == metajson::to_json(*v));
  METAJSON_FUZZ_CHECK(metajson::to_json(reused) == *text);
  METAJSON_FUZZ_CHECK((metajson::to_json<{.pretty = true, .sort_keys = true}>(*d)) == (metajson::to_json<{.pretty = true, .sort_keys = true}>(*v)));
  int budget = 300;
  compare(*d, d->root(), *v, "", budget);
  constexpr metajson::options replace{.utf8 = metajson::utf8_policy::replace};
  const auto dr = metajson::document::try_parse<replace>(in);
  const auto vr = metajson::try_from<value, replace>(in);
  METAJSON_FUZZ_CHECK(dr.has_value() && vr.has_value());
  METAJSON_FUZZ_CHECK(identical(metajson::to_value(*dr), *vr));
  return 0;
}
