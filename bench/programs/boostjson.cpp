// Boost.JSON with Boost.Describe (the structs are described below, as a Boost user would).
// Writing: boost::json::serialize(T) straight from the struct ("serialize(T)"), and through the
// DOM, value_from then serialize ("value_from + serialize"). Reading: parse_into straight into
// the struct, and parse then value_to ("parse + value_to"); both with exact number parsing
// (number_precision::precise; Boost's default is an approximation that can be 1 ulp off, which
// the reference comparison catches on canada).
#include <boost/describe.hpp>
#include <boost/json.hpp>
#include <boost/json/parse_into.hpp>

#include <stdexcept>

#include "harness.hpp"

namespace twitter {
BOOST_DESCRIBE_STRUCT(User, (), (id, name, screen_name, location, description, verified, followers_count,
                                 friends_count, statuses_count))
BOOST_DESCRIBE_STRUCT(Status, (), (created_at, id, text, user, retweet_count, favorite_count))
BOOST_DESCRIBE_STRUCT(TwitterData, (), (statuses))
}  // namespace twitter

namespace citm {
BOOST_DESCRIBE_STRUCT(CITMPrice, (), (amount, audienceSubCategoryId, seatCategoryId))
BOOST_DESCRIBE_STRUCT(CITMArea, (), (areaId, blockIds))
BOOST_DESCRIBE_STRUCT(CITMSeatCategory, (), (areas, seatCategoryId))
BOOST_DESCRIBE_STRUCT(CITMPerformance, (), (id, eventId, logo, name, prices, seatCategories, seatMapImage, start,
                                            venueCode))
BOOST_DESCRIBE_STRUCT(CITMEvent, (), (id, name, description, logo, subTopicIds, subjectCode, subtitle, topicIds))
BOOST_DESCRIBE_STRUCT(CitmCatalog, (), (events, performances))
}  // namespace citm

namespace canada {
BOOST_DESCRIBE_STRUCT(Properties, (), (name))
BOOST_DESCRIBE_STRUCT(Geometry, (), (type, coordinates))
BOOST_DESCRIBE_STRUCT(Feature, (), (type, properties, geometry))
BOOST_DESCRIBE_STRUCT(FeatureCollection, (), (type, features))
}  // namespace canada

namespace player {
BOOST_DESCRIBE_STRUCT(Equipment, (), (name, damage, durability))
BOOST_DESCRIBE_STRUCT(Player, (), (username, level, health, inventory, equipped, guild_name))
}  // namespace player

namespace order {
BOOST_DESCRIBE_STRUCT(Address, (), (street, city, postal_code, country))
BOOST_DESCRIBE_STRUCT(Customer, (), (id, name, email, shipping_address, loyalty_member))
BOOST_DESCRIBE_STRUCT(Item, (), (sku, name, quantity, unit_price, gift_message))
BOOST_DESCRIBE_STRUCT(Order, (), (id, created_at, status, customer, items, subtotal, shipping, total, currency, notes,
                                  coupon))
}  // namespace order

namespace {

boost::json::parse_options precise() {
  boost::json::parse_options o;
  o.numbers = boost::json::number_precision::precise;
  return o;
}

template <class T>
void cases(bench::registry& r, const bench::dataset<T>& d) {
  r.write("Boost.JSON", "serialize(T)", d, [&d] { return boost::json::serialize(d.value); });
  r.write("Boost.JSON", "value_from + serialize", d, [&d] { return boost::json::serialize(boost::json::value_from(d.value)); });
  r.read("Boost.JSON", "parse_into", d, [&d](T& out) {
    boost::system::error_code ec;
    boost::json::parse_into(out, d.input, ec, precise());
    if (ec) throw std::runtime_error("parse_into: " + ec.message());
    return true;
  });
  r.read("Boost.JSON", "parse + value_to", d, [&d](T& out) {
    boost::system::error_code ec;
    const boost::json::value jv = boost::json::parse(d.input, ec, {}, precise());
    if (ec) throw std::runtime_error("parse: " + ec.message());
    auto res = boost::json::try_value_to<T>(jv);
    if (!res) throw std::runtime_error("value_to: " + res.error().message());
    out = std::move(*res);
    return true;
  });
}

}  // namespace

int main(int argc, char** argv) {
  auto reg = BENCH_ALL_DATASETS(cases);
  // Boost.JSON's parser scans strings with SSE2 where the build has it (BOOST_JSON_USE_SSE2).
#if defined(BOOST_JSON_USE_SSE2)
  reg.simd = {"sse2 string scan (compile time)", "sse2 (compile time)"};
#else
  reg.simd = {"none", "none"};
#endif
  return bench::main(argc, argv, reg);
}
