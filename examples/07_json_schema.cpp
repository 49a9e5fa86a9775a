// The JSON Schema of a type: what metajson::from<T> accepts, for a validator in any language
// (docs/schema.md). Also: sorted keys and ASCII-only output for the same order.
#include <metajson/metajson.hpp>
#include <metajson/schema.hpp>

#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <variant>
#include <vector>

enum class Status { pending, shipped, delivered };

struct Line {
  std::string sku;
  std::uint16_t quantity;
};
struct Card {
  std::string last4;
};
struct Transfer {
  std::string iban;
};

struct Order {
  std::uint64_t id;
  std::string customer;
  std::vector<Line> lines;
  Status status;
  std::optional<std::string> note;
  std::chrono::sys_seconds placed;
  std::variant<Card, Transfer> payment;
};
template <>
struct metajson::meta<Order> {  // (docs/annotations.md; with C++26 reflection also [[=...]] on the declarations)
  static constexpr auto type = metajson::deny_unknown_keys;
  static constexpr auto members = metajson::with(metajson::member<&Order::id>(metajson::required),
                                                 metajson::member<&Order::payment>(metajson::tag("method")));
};

int main() {
  // The schema, indented: "id" is required, unknown keys are not allowed, "quantity" is 0..65535,
  // "status" one of three names, "placed" an ISO 8601 time, "payment" told apart by "method".
  const std::string schema = metajson::schema<Order, {.pretty = true}>();
  std::puts(schema.c_str());

  // The same order of keys whatever the declaration order (RFC 8785's), ASCII only.
  Order o{7, "Zo\xc3\xab", {{"A-1", 2}}, Status::pending, std::nullopt, {}, Card{"4242"}};
  constexpr metajson::options stable{.escape_non_ascii = true, .sort_keys = true};
  std::puts(metajson::to_json<stable>(o).c_str());
  // {"customer":"Zo\u00eb","id":7,"lines":[{"quantity":2,"sku":"A-1"}],"note":null,
  //  "payment":{"last4":"4242","method":"Card"},"placed":"1970-01-01T00:00:00Z","status":"pending"}
  return schema.find("\"additionalProperties\": false") != std::string::npos ? 0 : 1;
}

// Output (checked by ctest):
// {
//   "$schema": "https://json-schema.org/draft/2020-12/schema",
//   "title": "Order",
//   "type": "object",
//   "properties": {
//     "id": {
//       "type": "integer",
//       "minimum": 0,
//       "maximum": 18446744073709551615
//     },
//     "customer": {
//       "type": "string"
//     },
//     "lines": {
//       "type": "array",
//       "items": {
//         "$ref": "#/$defs/Line"
//       }
//     },
//     "status": {
//       "$ref": "#/$defs/Status"
//     },
//     "note": {
//       "type": [
//         "string",
//         "null"
//       ]
//     },
//     "placed": {
//       "type": "string",
//       "format": "date-time",
//       "pattern": "^(?:[0-9]{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)[Tt](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.0+)?(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$(?!\\n)"
//     },
//     "payment": {
//       "oneOf": [
//         {
//           "type": "object",
//           "properties": {
//             "method": {
//               "const": "Card"
//             },
//             "last4": {
//               "type": "string"
//             }
//           },
//           "required": [
//             "method"
//           ]
//         },
//         {
//           "type": "object",
//           "properties": {
//             "method": {
//               "const": "Transfer"
//             },
//             "iban": {
//               "type": "string"
//             }
//           },
//           "required": [
//             "method"
//           ]
//         }
//       ]
//     }
//   },
//   "required": [
//     "id"
//   ],
//   "additionalProperties": false,
//   "$defs": {
//     "Line": {
//       "type": "object",
//       "properties": {
//         "sku": {
//           "type": "string"
//         },
//         "quantity": {
//           "type": "integer",
//           "minimum": 0,
//           "maximum": 65535
//         }
//       }
//     },
//     "Status": {
//       "type": "string",
//       "enum": [
//         "pending",
//         "shipped",
//         "delivered"
//       ]
//     }
//   }
// }
// {"customer":"Zo\u00eb","id":7,"lines":[{"quantity":2,"sku":"A-1"}],"note":null,"payment":{"last4":"4242","method":"Card"},"placed":"1970-01-01T00:00:00Z","status":"pending"}
