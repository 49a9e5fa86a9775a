// An API-style order as a small-message workload (~1.5 KB of JSON): a customer with an address,
// ten small line items, strings with escapes (quotes, backslashes, newlines, tabs) and non-ASCII
// text (Latin accents, CJK, an emoji), a few doubles (prices with two decimals) and optionals,
// both empty and set.
//
// The document is generated in code (bench/harness/small_messages.cpp), not read from a file:
// sample() is the reference value, and the input text is written from it by a hand-written
// emitter that uses no library. The doubles are whole cents / 100, written the same way by
// every library (shortest round trip, no exponent, never integral, so no ".0" question).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace order {

struct Address {
  std::string street;
  std::string city;
  std::string postal_code;
  std::string country;
  bool operator==(const Address&) const = default;
};

struct Customer {
  std::uint64_t id;
  std::string name;
  std::string email;
  Address shipping_address;
  bool loyalty_member;
  bool operator==(const Customer&) const = default;
};

struct Item {
  std::string sku;
  std::string name;
  std::uint64_t quantity;
  double unit_price;
  std::optional<std::string> gift_message;
  bool operator==(const Item&) const = default;
};

struct Order {
  std::string id;
  std::string created_at;
  std::string status;
  Customer customer;
  std::vector<Item> items;
  double subtotal;
  double shipping;
  double total;
  std::string currency;
  std::optional<std::string> notes;
  std::optional<std::string> coupon;
  bool operator==(const Order&) const = default;
};

inline Order sample() {
  struct line {
    const char* name;
    std::uint64_t quantity;
    std::uint64_t cents;
    const char* gift;  // nullptr: no gift message
  };
  static constexpr std::array<line, 10> lines{{
      {"Crème brûlée torch", 1, 2499, nullptr},
      {"12\" cast-iron skillet", 1, 4550, "Happy housewarming!\nLove, Zoë"},
      {"東京 sencha green tea, 100 g", 3, 1275, nullptr},
      {"Espresso beans \"Dark Roast\" 1 kg", 2, 1899, nullptr},
      {"Backslash\\forward/slash cutting board", 1, 3125, nullptr},
      {"Ölfilter für Kaffeemaschine", 4, 349, nullptr},
      {"Birthday candles 🎂 (pack of 24)", 2, 275, "For the party\tat 8 pm"},
      {"Linen napkins, set of 6", 1, 2990, nullptr},
      {"Señorita's hot sauce", 6, 615, nullptr},
      {"Café crème mugs – pair", 1, 3350, "Enjoy! ☕"},
  }};
  Order o{"ORD-2026-000417",
          "2026-11-21T14:03:27Z",
          "paid",
          {90210417,
           "Zoë O'Connor-Müller",
           "zoe.oconnor@example.com",
           {"Rue de la Paix 17, 3e étage", "Genève", "1201", "CH"},
           true},
          {},
          0,
          0,
          0,
          "EUR",
          "Please ring twice.\nIf nobody answers, leave it with \"Concierge\" (door C\\2).",
          std::nullopt};
  std::uint64_t subtotal = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const line& l = lines[i];
    o.items.push_back({"SKU-" + std::to_string(40000 + 37 * i), l.name, l.quantity, static_cast<double>(l.cents) / 100,
                       l.gift ? std::optional<std::string>(l.gift) : std::nullopt});
    subtotal += l.quantity * l.cents;
  }
  constexpr std::uint64_t shipping = 795;
  o.subtotal = static_cast<double>(subtotal) / 100;
  o.shipping = static_cast<double>(shipping) / 100;
  o.total = static_cast<double>(subtotal + shipping) / 100;
  return o;
}

}  // namespace order
