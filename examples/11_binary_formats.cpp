// MessagePack and CBOR from the same struct as JSON: one description, three formats, the same
// annotations and the same strict reading. docs/binary.md.
#include <metajson/cbor.hpp>
#include <metajson/metajson.hpp>
#include <metajson/msgpack.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

struct Reading {
  std::string sensor;
  double celsius;
  std::chrono::sys_seconds at;
  std::map<std::string, std::int32_t> tags;
  std::vector<std::byte> raw;
};

std::string hex(const std::string& bytes) {
  std::string out;
  char two[3];
  for (unsigned char b : bytes) {
    std::snprintf(two, sizeof two, "%02x", b);
    out += two;
  }
  return out;
}

int main() {
  const Reading r{"t-1", 21.5, std::chrono::sys_seconds(std::chrono::seconds(1767225600)), {{"floor", 3}, {"b", -1}},
                  {std::byte{0xca}, std::byte{0xfe}}};

  const std::string json = metajson::to_json(r);
  const std::string mp = metajson::to_msgpack(r);
  const std::string cb = metajson::to_cbor<metajson::options{}, metajson::binary_options{.deterministic = true}>(r);
  std::printf("JSON %zu bytes, MessagePack %zu bytes, CBOR %zu bytes\n", json.size(), mp.size(), cb.size());
  std::printf("CBOR: %s\n", hex(cb).c_str());  // 21.5 is a float16 (3 bytes); keys in RFC 8949's deterministic order

  // Each reads back to the same value.
  const Reading a = metajson::from_msgpack<Reading>(mp);
  const Reading b = metajson::from_cbor<Reading>(cb);
  if (metajson::to_json(a) != json || metajson::to_json(b) != json) return 1;

  // The readers are strict: a wrong kind names its path and byte; a length the input cannot hold
  // is an error before anything is allocated.
  std::string bad = cb;
  bad[bad.find("floor") + 5] = '\x61';  // the integer 3 becomes a one-byte text string
  const auto e = metajson::try_from_cbor<Reading>(bad);
  if (e) return 1;
  std::printf("error: %s\n", e.error().message().c_str());
  const auto huge = metajson::try_from_msgpack<std::vector<std::int64_t>>(std::string("\xdd\xff\xff\xff\xff\x01", 6));
  if (huge) return 1;
  std::printf("error: %s\n", huge.error().message().c_str());
}

// Output (checked by ctest):
// JSON 101 bytes, MessagePack 58 bytes, CBOR 55 bytes
// CBOR: a5626174c11a6955b9006372617742cafe6474616773a261622065666c6f6f72036673656e736f7263742d316763656c73697573f94d60
// error: expected integer, found string at $.tags.floor (byte 32)
// error: unexpected end of input (an array of 4294967295 items in 1 remaining bytes) at $ (byte 0)
