// The small-message documents (models/player.hpp, order.hpp), generated in code: the
// reference values are built by sample(), and their JSON text is written here by a hand-written
// emitter that uses no JSON library (so the input every reader gets, and the text every
// writer's output is compared with, owes nothing to any library under test). Compact, keys in
// declaration order, strings escaped as RFC 8259 requires and no more (", \ and control
// characters; non-ASCII passed through), numbers by std::to_chars (shortest round trip).
// bench/serde/src/main.rs writes the same text for the Rust program; the driver checks that
// every read row was given the same number of bytes.
#include <charconv>
#include <cstdio>
#include <string>
#include <string_view>

#include "harness.hpp"

namespace bench {
namespace {

struct emitter {
  std::string out;

  void raw(std::string_view s) { out += s; }
  void str(std::string_view s) {
    out += '"';
    for (const char c : s) {
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            char b[8];
            std::snprintf(b, sizeof b, "\\u%04x", static_cast<unsigned>(c));
            out += b;
          } else {
            out += c;
          }
      }
    }
    out += '"';
  }
  template <class N>
  void num(N v) {
    char b[32];
    out.append(b, std::to_chars(b, b + sizeof b, v).ptr);
  }
  void opt(const std::optional<std::string>& s) {
    if (s) str(*s);
    else raw("null");
  }
  // `"name":` preceded by ',' unless first.
  void key(std::string_view name, bool first = false) {
    if (!first) out += ',';
    str(name);
    out += ':';
  }
};

}  // namespace

std::string player_json(const player::Player& p) {
  emitter e;
  e.raw("{");
  e.key("username", true), e.str(p.username);
  e.key("level"), e.num(p.level);
  e.key("health"), e.num(p.health);
  e.key("inventory"), e.raw("[");
  for (std::size_t i = 0; i < p.inventory.size(); ++i) {
    if (i) e.raw(",");
    e.str(p.inventory[i]);
  }
  e.raw("]");
  e.key("equipped"), e.raw("{");
  bool first = true;
  for (const auto& [k, v] : p.equipped) {
    e.key(k, first), first = false;
    e.raw("{");
    e.key("name", true), e.str(v.name);
    e.key("damage"), e.num(v.damage);
    e.key("durability"), e.num(v.durability);
    e.raw("}");
  }
  e.raw("}");
  e.key("guild_name"), e.opt(p.guild_name);
  e.raw("}");
  return e.out;
}

std::string order_json(const order::Order& o) {
  emitter e;
  e.raw("{");
  e.key("id", true), e.str(o.id);
  e.key("created_at"), e.str(o.created_at);
  e.key("status"), e.str(o.status);
  e.key("customer"), e.raw("{");
  e.key("id", true), e.num(o.customer.id);
  e.key("name"), e.str(o.customer.name);
  e.key("email"), e.str(o.customer.email);
  e.key("shipping_address"), e.raw("{");
  const order::Address& a = o.customer.shipping_address;
  e.key("street", true), e.str(a.street);
  e.key("city"), e.str(a.city);
  e.key("postal_code"), e.str(a.postal_code);
  e.key("country"), e.str(a.country);
  e.raw("}");
  e.key("loyalty_member"), e.raw(o.customer.loyalty_member ? "true" : "false");
  e.raw("}");
  e.key("items"), e.raw("[");
  for (std::size_t i = 0; i < o.items.size(); ++i) {
    const order::Item& it = o.items[i];
    if (i) e.raw(",");
    e.raw("{");
    e.key("sku", true), e.str(it.sku);
    e.key("name"), e.str(it.name);
    e.key("quantity"), e.num(it.quantity);
    e.key("unit_price"), e.num(it.unit_price);
    e.key("gift_message"), e.opt(it.gift_message);
    e.raw("}");
  }
  e.raw("]");
  e.key("subtotal"), e.num(o.subtotal);
  e.key("shipping"), e.num(o.shipping);
  e.key("total"), e.num(o.total);
  e.key("currency"), e.str(o.currency);
  e.key("notes"), e.opt(o.notes);
  e.key("coupon"), e.opt(o.coupon);
  e.raw("}");
  return e.out;
}

const player::Player& player_reference() {
  static const player::Player v = player::sample();
  return v;
}
const order::Order& order_reference() {
  static const order::Order v = order::sample();
  return v;
}

}  // namespace bench
