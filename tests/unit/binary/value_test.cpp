// metajson::value as MessagePack and CBOR (dynamic/binary.hpp): every kind written byte for byte
// and read back, big numbers as CBOR bignums and decimal fractions (refused in MessagePack), the
// items a value has no kind for refused with what to do, tags, deterministic and sorted keys,
// values inside structs, error paths, depth far beyond the thread's stack, and memory bounded by
// the input on hostile counts.
#include <metajson/cbor.hpp>
#include <metajson/msgpack.hpp>
#include <metajson/value.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "counting_new.hpp"

namespace {

using metajson::value;

std::string hex(std::string_view h) {
  std::string s;
  for (std::size_t i = 0; i + 1 < h.size(); i += 2) s += static_cast<char>(std::stoi(std::string(h.substr(i, 2)), nullptr, 16));
  return s;
}
std::string to_hex(std::string_view b) {
  constexpr char digits[] = "0123456789abcdef";
  std::string s;
  for (unsigned char c : b) {
    s += digits[c >> 4];
    s += digits[c & 15];
  }
  return s;
}
value json(std::string_view text) { return metajson::from<value>(text); }
std::string cbor_hex(const value& v) { return to_hex(metajson::to_cbor(v)); }
std::string msgpack_hex(const value& v) { return to_hex(metajson::to_msgpack(v)); }
std::string cbor_json(std::string_view h) { return metajson::to_json(metajson::from_cbor<value>(hex(h))); }
std::string msgpack_json(std::string_view h) { return metajson::to_json(metajson::from_msgpack<value>(hex(h))); }
metajson::error cbor_error(std::string_view h) {
  value v;
  return metajson::from_cbor(hex(h), v);
}
metajson::error msgpack_error(std::string_view h) {
  value v;
  return metajson::from_msgpack(hex(h), v);
}

TEST(BinaryValue, EveryKindWrittenByteForByte) {
  const value v = json(R"({"n":null,"t":true,"f":false,"i":-2,"u":18446744073709551615,"d":1.5,"x":0.1,"s":"é","a":[1,[]],"o":{}})");
  // (as cbor2 and msgpack-python write them, but for the shortest float of 1.5)
  EXPECT_EQ(cbor_hex(v),
            "aa616ef66174f56166f461692161751bffffffffffffffff6164f93e006178fb3fb999999999999a6173"
            "62c3a9616182018061" "6fa0");
  EXPECT_EQ(msgpack_hex(v),
            "8aa16ec0a174c3a166c2a169fea175cfffffffffffffffffa164ca3fc00000a178cb3fb999999999999aa173"
            "a2c3a9a161920190a16f80");
  // Integers read as JSON's are: int64 when it holds them, else uint64, else a big number.
  EXPECT_EQ(metajson::from_cbor<value>(hex("1b7fffffffffffffff")).kind(), metajson::kind::int64);
  EXPECT_EQ(metajson::from_cbor<value>(hex("1b8000000000000000")).kind(), metajson::kind::uint64);
  EXPECT_EQ(metajson::from_cbor<value>(hex("3b7fffffffffffffff")).as_int64(), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(cbor_json("3b8000000000000000"), "-9223372036854775809");
  EXPECT_EQ(cbor_json("3bffffffffffffffff"), "-18446744073709551616");
  EXPECT_EQ(metajson::from_cbor<value>(hex("3bffffffffffffffff")).kind(), metajson::kind::big_number);
  // Floats of every width read as doubles; a double's kind kept.
  EXPECT_EQ(cbor_json("f93c00"), "1.0");
  EXPECT_EQ(cbor_json("fa47c35000"), "100000.0");
  EXPECT_EQ(msgpack_json("ca3fc00000"), "1.5");
}

TEST(BinaryValue, RoundTripsInBothFormats) {
  const value v = json(R"({"id":12345678901,"name":"metajson \"binary\"\n","tags":["a","b",""],"nested":{"deep":[[[{"x":-0.0}]]],"e":1e300},)"
                       R"("dup":1,"dup":2,"neg":-9223372036854775808,"unicode":"日本𝄞"})");
  EXPECT_EQ(metajson::from_cbor<value>(metajson::to_cbor(v)), v);
  EXPECT_EQ(metajson::from_msgpack<value>(metajson::to_msgpack(v)), v);
  // Duplicate keys are kept, in order, as the JSON reader keeps them.
  EXPECT_EQ(metajson::from_cbor<value>(metajson::to_cbor(v)).as_object().size(), v.as_object().size());
  // Every double written in its shortest float reads back the same; with shortest_floats off, as a float64.
  for (double d : {0.0, -0.0, 1.0, 0.1, 65504.0, 1e-8, 3.4028234663852886e38, 1e308, 5e-324}) {
    EXPECT_EQ(metajson::from_cbor<value>(metajson::to_cbor(value(d))).as_double(), d);
    EXPECT_EQ(metajson::from_msgpack<value>(metajson::to_msgpack(value(d))).as_double(), d);
  }
  EXPECT_EQ(to_hex(metajson::to_cbor<metajson::options{}, metajson::binary_options{.shortest_floats = false}>(value(1.0))), "fb3ff0000000000000");
}

TEST(BinaryValue, BigNumbersAsBignumsAndDecimalFractionsInCbor) {
  // Integers beyond 64 bits: tags 2 and 3 (RFC 8949 §3.4.3); -2^64 still fits major type 1.
  EXPECT_EQ(cbor_hex(json("18446744073709551616")), "c249010000000000000000");
  EXPECT_EQ(cbor_hex(json("-18446744073709551616")), "3bffffffffffffffff");
  EXPECT_EQ(cbor_hex(json("-18446744073709551617")), "c349010000000000000000");
  EXPECT_EQ(cbor_json("c249010000000000000000"), "18446744073709551616");
  EXPECT_EQ(cbor_json("c349010000000000000000"), "-18446744073709551617");
  EXPECT_EQ(cbor_json("c24100"), "0");                      // a bignum that fits: an integer
  EXPECT_EQ(cbor_json("c2490000000000000000ff"), "255");    // (leading zeros allowed)
  EXPECT_EQ(cbor_json("c35f420001ff"), "-2");               // (its bytes in chunks)
  const value big = json("123456789012345678901234567890123456789012345678901234567890");
  EXPECT_EQ(metajson::from_cbor<value>(metajson::to_cbor(big)), big);
  // Numbers beyond a double's range: decimal fractions (tag 4, [exponent, mantissa]), exact.
  EXPECT_EQ(cbor_hex(json("1e400")), "c482190190" "01");
  EXPECT_EQ(cbor_hex(json("-1.5e-400")), "c4823901902e");
  EXPECT_EQ(cbor_json("c4823901902e"), "-15e-401");
  EXPECT_TRUE(metajson::from_cbor<value>(hex("c4823901902e")) == json("-1.5e-400"));  // (equal as numbers)
  EXPECT_EQ(cbor_json("c4822103"), "3e-2");                 // RFC 8949's 273.15 form, any exponent
  EXPECT_EQ(cbor_json("c4820003"), "3");                    // exponent 0: an integer
  EXPECT_EQ(metajson::from_cbor<value>(metajson::to_cbor(json("1e400"))), json("1e400"));
  EXPECT_EQ(cbor_error("c482c2410103").code(), metajson::error_code::type_mismatch);  // a bignum exponent
  EXPECT_EQ(cbor_error("c483010203").code(), metajson::error_code::type_mismatch);   // not two items
  // A bignum beyond 1,024 bytes: refused both ways (the conversions are quadratic).
  std::string huge = "c259040101";
  for (int i = 0; i < 1024; ++i) huge += "00";
  EXPECT_EQ(cbor_error(huge).code(), metajson::error_code::number_out_of_range);
  EXPECT_EQ(metajson::try_to_cbor(json("1" + std::string(3000, '0'))).error().code(), metajson::error_code::number_out_of_range);
  // MessagePack has no such number: an error with the path.
  const auto e = metajson::try_to_msgpack(json(R"({"a":[1,18446744073709551616]})"));
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().code(), metajson::error_code::number_out_of_range);
  EXPECT_EQ(e.error().path(), "$.a[1]");
  EXPECT_FALSE(metajson::try_to_msgpack(json("-9223372036854775809")));
  // A big number whose text is no JSON number (set by hand) is refused.
  value bad;
  bad = value::big_number{"12x"};
  EXPECT_EQ(metajson::try_to_cbor(bad).error().code(), metajson::error_code::invalid_value);
}

TEST(BinaryValue, ItemsAValueCannotHoldAreRefusedWithWhatToDo) {
  const auto check = [](metajson::error e, std::string_view words) {
    EXPECT_EQ(e.code(), metajson::error_code::type_mismatch) << e.message();
    EXPECT_NE(e.message().find(words), std::string::npos) << e.message();
  };
  check(cbor_error("4101"), "byte strings");
  check(msgpack_error("c40101"), "byte strings");
  check(cbor_error("c11a65000000"), "tag 1");
  check(msgpack_error("d6ff00000001"), "times");
  check(msgpack_error("d40501"), "extension");
  check(cbor_error("f7"), "undefined");
  check(cbor_error("f0"), "simple value");
  check(cbor_error("a10102"), "text keys");
  check(msgpack_error("810102"), "text keys");
  check(cbor_error("d82061"), "tag 32");
  // ...unless unknown tags are skipped: the tag's item alone.
  value v;
  ASSERT_FALSE((metajson::from_cbor<metajson::options{}, metajson::binary_options{.unknown_tags = metajson::unknown_tag_policy::skip}>(
      hex("82d820656874747073c11a65000000"), v)));
  EXPECT_EQ(metajson::to_json(v), R"(["https",1694498816])");
  // Tag 55799 (self-described CBOR) is dropped; typed arrays read as arrays of numbers.
  EXPECT_EQ(cbor_json("d9d9f701"), "1");
  EXPECT_EQ(cbor_json("d840440100" "02ff"), "[1,0,2,255]");                 // tag 64: uint8
  EXPECT_EQ(cbor_json("d84d48ffff0100feff0000"), "[-1,1,-2,0]");          // tag 77: sint16, little-endian
  EXPECT_EQ(cbor_json("d850440000" "3c00"), "[0.0,1.0]");                  // tag 80: float16, big-endian
  EXPECT_EQ(cbor_json("d8424800000000ffffffff"), "[0,4294967295]");        // tag 66: uint32, big-endian
}

TEST(BinaryValue, MalformedItemsAreTheReadersErrors) {
  EXPECT_EQ(cbor_error("").code(), metajson::error_code::unexpected_end);
  EXPECT_EQ(cbor_error("82").code(), metajson::error_code::unexpected_end);
  EXPECT_EQ(cbor_error("9f01").code(), metajson::error_code::unexpected_end);
  EXPECT_EQ(cbor_error("bf6161ff").code(), metajson::error_code::syntax_error);  // a key with no value
  EXPECT_EQ(cbor_error("ff").code(), metajson::error_code::syntax_error);
  EXPECT_EQ(cbor_error("1c").code(), metajson::error_code::syntax_error);
  EXPECT_EQ(cbor_error("6280ff").code(), metajson::error_code::invalid_utf8);
  EXPECT_EQ(msgpack_error("a280ff").code(), metajson::error_code::invalid_utf8);
  EXPECT_EQ(msgpack_error("c1").code(), metajson::error_code::syntax_error);
  EXPECT_EQ(cbor_error("0101").code(), metajson::error_code::trailing_content);
  // The path and offset of an error deep inside.
  const metajson::error e = cbor_error("a1616182a0a1616241ff");
  EXPECT_EQ(e.code(), metajson::error_code::type_mismatch);
  EXPECT_EQ(e.path(), "$.a[1].b");
  // A value that failed to read is left null.
  value v = json("[1,2]");
  EXPECT_TRUE(metajson::from_cbor(hex("8201ff"), v));
  EXPECT_TRUE(v.is_null());
}

TEST(BinaryValue, DeterministicAndSortedKeys) {
  const value v = json(R"({"bb":1,"a":{"z":1,"y":[{"d":0,"c":0}]},"b":2,"aa":3})");
  // Deterministic: every map in the bytewise order of its encoded keys (shorter first).
  using det = metajson::binary_options;
  EXPECT_EQ(to_hex(metajson::to_cbor<metajson::options{}, det{.deterministic = true}>(v)),
            "a4" "6161" "a2" "6179" "81a2" "6163" "00" "6164" "00" "617a" "01" "6162" "02" "626161" "03" "626262" "01");
  EXPECT_EQ(to_hex(metajson::to_msgpack<metajson::options{}, det{.deterministic = true}>(v)),
            "84" "a161" "82" "a179" "9182" "a163" "00" "a164" "00" "a17a" "01" "a162" "02" "a26161" "03" "a26262" "01");
  // sort_keys: JSON's order (UTF-16 code units), as to_json<sort_keys> writes them.
  EXPECT_EQ(metajson::to_json(metajson::from_cbor<value>(metajson::to_cbor<metajson::options{.sort_keys = true}>(v))),
            R"({"a":{"y":[{"c":0,"d":0}],"z":1},"aa":3,"b":2,"bb":1})");
}

struct Event {
  std::int64_t id = 0;
  value payload;
  std::vector<value> extra;
  bool operator==(const Event&) const = default;
};

TEST(BinaryValue, InsideStructs) {
  const Event e{7, json(R"({"k":[1,"two",3.5,null]})"), {value(1), json("[]"), json(R"({"x":{}})")}};
  EXPECT_EQ(metajson::from_cbor<Event>(metajson::to_cbor(e)), e);
  EXPECT_EQ(metajson::from_msgpack<Event>(metajson::to_msgpack(e)), e);
  Event out;
  const metajson::error err = metajson::from_cbor(hex("a262696407" "677061796c6f6164" "a1616b4101"), out);
  EXPECT_EQ(err.code(), metajson::error_code::type_mismatch);
  EXPECT_EQ(err.path(), "$.payload.k");
}

TEST(BinaryValue, DepthBeyondTheStackAndWithinMaxDepth) {
  constexpr std::size_t depth = 200000;
  value v;
  for (std::size_t i = 0; i < depth; ++i) {
    value outer = value(value::array{});
    outer.as_array().push_back(std::move(v));
    v = std::move(outer);
  }
  constexpr metajson::options deep{.max_depth = 1u << 20};
  const std::string c = metajson::to_cbor<deep>(v);
  EXPECT_EQ(c.size(), depth + 1);  // depth one-byte array heads, then null
  value back;
  ASSERT_FALSE(metajson::from_cbor<deep>(c, back));
  EXPECT_EQ(back, v);
  const std::string m = metajson::to_msgpack<deep>(v);
  ASSERT_FALSE(metajson::from_msgpack<deep>(m, back));
  EXPECT_EQ(back, v);
  // Within the default max_depth (1,024) both ways.
  EXPECT_EQ(metajson::try_to_cbor(v).error().code(), metajson::error_code::depth_exceeded);
  EXPECT_EQ(metajson::from_cbor(c, back).code(), metajson::error_code::depth_exceeded);
}

TEST(BinaryValue, HostileCountsAllocateNoMoreThanTheInputHolds) {
  // Arrays nested 1,000 deep in a 5 kB input, each claiming as many items as there are bytes
  // after its head (what a count is checked against): nothing is reserved from a count (a
  // reservation per level would be 16 bytes per remaining byte, 40 MB in all); the values are
  // gathered as they come.
  constexpr int levels = 1000;
  const auto nested = [](unsigned char head) {
    std::string b;
    for (int i = 0; i < levels; ++i) {
      const auto remaining = static_cast<std::uint32_t>(5 * (levels - i - 1));
      b += static_cast<char>(head);
      for (int k = 3; k >= 0; --k) b += static_cast<char>((remaining >> (8 * k)) & 0xff);
    }
    return b;
  };
  constexpr metajson::options deep{.max_depth = 4096};
  value v;
  test_support::largest_allocation(true);
  EXPECT_EQ((metajson::from_cbor<deep>(nested(0x9a), v).code()), metajson::error_code::unexpected_end);
  EXPECT_LT(test_support::largest_allocation(), std::size_t{1} << 16);
  test_support::largest_allocation(true);
  EXPECT_EQ((metajson::from_msgpack<deep>(nested(0xdd), v).code()), metajson::error_code::unexpected_end);
  EXPECT_LT(test_support::largest_allocation(), std::size_t{1} << 16);
}

}  // namespace
