// JSON Pointer reads (RFC 6901) and canonical output (RFC 8785): take one field out of a
// document without a type for the whole of it, and write the form of a value that is hashed
// and signed. docs/pointer.md, docs/canonical.md.
#include <metajson/value.hpp>

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

struct Line {
  std::string sku;
  int quantity;
  double price;
};

// Declared in any order: canonical output sorts the keys.
struct Order {
  std::uint64_t id;
  std::vector<Line> lines;
  std::map<std::string, std::string> meta;
  std::string customer;
};

int main() {
  const std::string webhook = R"({
    "event": "order.paid",
    "data": {"order": {"id": 42, "customer": "Zo\u00eb", "lines": [{"sku": "A/1", "quantity": 2, "price": 9.50}]}},
    "a/b": {"~tilde": true}
  })";

  // One field, one sub-object: the rest of the document is skipped (and still checked).
  const auto id = metajson::from_pointer<std::uint64_t>(webhook, "/data/order/id");
  const auto sku = metajson::from_pointer<std::string>(webhook, "/data/order/lines/0/sku");
  const bool tilde = metajson::from_pointer<bool>(webhook, "/a~1b/~0tilde");  // "/" is ~1, "~" is ~0
  std::printf("order %llu, first sku %s, tilde %s\n", static_cast<unsigned long long>(id), sku.c_str(), tilde ? "true" : "false");

  // A pointer that does not resolve says how far it got.
  const auto missing = metajson::try_from_pointer<int>(webhook, "/data/order/lines/3/quantity");
  if (missing) return 1;
  std::printf("error: %s\n", missing.error().message().c_str());

  // Canonical form: keys sorted, no whitespace, numbers as JavaScript writes them (9.5, not
  // 9.50), non-ASCII as UTF-8. The same bytes from any program holding the same order.
  Order order = metajson::from_pointer<Order>(webhook, "/data/order");
  order.meta = {{"source", "web"}, {"campaign", "spring"}};
  const std::string signed_text = metajson::to_json<metajson::canonical>(order);
  std::printf("%s\n", signed_text.c_str());

  // A JSON document re-canonicalized through metajson::value gives the same bytes.
  const auto again = metajson::to_json<metajson::canonical>(metajson::from<metajson::value>(metajson::to_json<{.pretty = true}>(order)));
  if (again != signed_text) return 1;

  // What has no canonical form is an error, never a silent change.
  order.id = 505874924095815681;  // beyond 2^53: no double holds it
  const auto r = metajson::try_to_json<metajson::canonical>(order);
  if (r) return 1;
  std::printf("error: %s\n", r.error().message().c_str());
}

// Output (checked by ctest):
// order 42, first sku A/1, tilde true
// error: JSON Pointer does not resolve ("/data/order/lines/3/quantity" resolves as far as "/data/order/lines", an array of 1 element) at $.data.order.lines (line 3, column 67)
// {"customer":"Zoë","id":42,"lines":[{"price":9.5,"quantity":2,"sku":"A/1"}],"meta":{"campaign":"spring","source":"web"}}
// error: no RFC 8785 canonical form (integer 505874924095815681 would be 505874924095815700 as a double (RFC 8785 numbers are doubles); write it as a string) at $.id
