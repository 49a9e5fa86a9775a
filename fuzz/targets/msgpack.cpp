// The MessagePack reader on any bytes, into a record of every family (binary_record.hpp). Then:
//   - reading never crashes, never reads out of bounds (ASan), never allocates beyond the input's
//     claims (lengths are checked against what remains first);
//   - a record that reads is written; the bytes written read back into a record that writes the
//     same bytes (a fixed point after one round), and skipping them as an unknown member works;
//   - an input that does not read gives an error whose offset lies within the input.
// Seeds: records written by metajson, and hand-made items of every first byte.
#include <metajson/msgpack.hpp>

#include "../fuzz.hpp"

#include <string>
#include <vector>

#include "../binary_record.hpp"

using binary_fuzz::Record;
using binary_fuzz::Wrapper;

extern "C" void metajson_fuzz_seeds(std::vector<std::string>& out) {
  out.push_back(metajson::to_msgpack(Record{}));
  Record r = binary_fuzz::filled();
  out.push_back(metajson::to_msgpack(r));
  r.var = std::vector<std::int64_t>{1, 2, 3};
  r.s.assign(300, 'z');
  out.push_back(metajson::to_msgpack(r));
  const char items[] = "\x91\xc0\x92\xc2\xc3\x81\xa1k\xcb\x3f\xf0\0\0\0\0\0\0\xc7\x01\x05\x00\xd4\x01\x02\xdc\x00\x01\x05";
  out.emplace_back(items, sizeof items - 1);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  Record r;
  const metajson::error e = metajson::from_msgpack(in, r);
  if (e) {
    METAJSON_FUZZ_CHECK(e.offset() <= in.size());
    METAJSON_FUZZ_CHECK(e.binary());
  } else {
    std::string once, twice;
    const metajson::error w = metajson::try_to_msgpack(r, once);
    // A record read from bytes writes (its strings are UTF-8: checked when read).
    METAJSON_FUZZ_CHECK(!w);
    Record back;
    METAJSON_FUZZ_CHECK(!metajson::from_msgpack(once, back));
    METAJSON_FUZZ_CHECK(!metajson::try_to_msgpack(back, twice));
    METAJSON_FUZZ_CHECK(once == twice);
  }
  // The same bytes as the value of an unknown key: skipped when they are one well-formed item.
  if (size < (1u << 20)) {
    std::string wrapped = "\x82\xa5known\x01\xa3zzz";
    wrapped.append(in);
    Wrapper w;
    const metajson::error s = metajson::from_msgpack(wrapped, w);
    if (!e) METAJSON_FUZZ_CHECK(!s && w.known == 1);  // it read as a record: it is one item
  }
  return 0;
}
