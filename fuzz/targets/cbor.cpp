// The CBOR reader on any bytes, into a record of every family (binary_record.hpp). Then:
//   - reading never crashes, never reads out of bounds (ASan), never allocates beyond the input's
//     claims (lengths are checked against what remains first);
//   - a record that reads is written; the bytes written read back into a record that writes the
//     same bytes (a fixed point after one round), and skipping them as an unknown member works;
//   - an input that does not read gives an error whose offset lies within the input;
//   - the same record written deterministically reads back equal (its bytes written again; its
//     metajson::value, whose maps keep the sorted order they are read in, equal as JSON).
// Seeds: records written by metajson (default and deterministic), RFC 8949 Appendix A's
// indefinite-length items and tags, and hand-made items of every major type.
#include <metajson/cbor.hpp>

#include "../fuzz.hpp"

#include <string>
#include <vector>

#include "../binary_record.hpp"

using binary_fuzz::Record;
using binary_fuzz::Wrapper;

extern "C" void metajson_fuzz_seeds(std::vector<std::string>& out) {
  out.push_back(metajson::to_cbor(Record{}));
  Record r = binary_fuzz::filled();
  out.push_back(metajson::to_cbor(r));
  r.var = std::vector<std::int64_t>{1, 2, 3};
  r.s.assign(300, 'z');
  out.push_back(metajson::to_cbor(r));
  out.push_back(metajson::to_cbor<metajson::options{}, metajson::binary_options{.deterministic = true}>(r));
  r.any = metajson::from<metajson::value>(R"([-18446744073709551617,123456789012345678901234567890,1e400,-2.5e-999])");
  out.push_back(metajson::to_cbor(r));
  const char items[] =
      "\x9f\x01\x82\x02\x03\x9f\x04\x05\xff\xff\x5f\x42\x01\x02\x43\x03\x04\x05\xff\x7f\x65" "strea\x64" "ming\xff"
      "\xbf\x63" "Fun\xf5\x63" "Amt\x21\xff\xc1\x1a\x51\x4b\x67\xb0\xc2\x49\x01\0\0\0\0\0\0\0\0\xd9\xd9\xf7\xf9\x7e\x00"
      "\xd9\x03\xe9\xa2\x01\x01\x28\x1a\x1d\xcd\x65\x00\xf8\xff\xf7\xd7\x44\x01\x02\x03\x04";
  out.emplace_back(items, sizeof items - 1);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  Record r;
  const metajson::error e = metajson::from_cbor(in, r);
  if (e) {
    METAJSON_FUZZ_CHECK(e.offset() <= in.size());
    METAJSON_FUZZ_CHECK(e.binary());
  } else {
    std::string once, twice;
    const metajson::error w = metajson::try_to_cbor(r, once);
    // A record read from bytes writes (its strings are UTF-8: checked when read).
    METAJSON_FUZZ_CHECK(!w);
    Record back;
    METAJSON_FUZZ_CHECK(!metajson::from_cbor(once, back));
    METAJSON_FUZZ_CHECK(!metajson::try_to_cbor(back, twice));
    METAJSON_FUZZ_CHECK(once == twice);
    std::string sorted;
    METAJSON_FUZZ_CHECK(!(metajson::try_to_cbor<metajson::options{}, metajson::binary_options{.deterministic = true}>(r, sorted)));
    Record again;
    METAJSON_FUZZ_CHECK(!metajson::from_cbor(sorted, again));
    METAJSON_FUZZ_CHECK((metajson::to_cbor<metajson::options{}, metajson::binary_options{.deterministic = true}>(again)) == sorted);
    METAJSON_FUZZ_CHECK(again.any == r.any);
    again.any = r.any;
    METAJSON_FUZZ_CHECK(metajson::to_cbor(again) == once);
  }
  // The same bytes as the value of an unknown key: skipped when they are one well-formed item.
  if (size < (1u << 20)) {
    std::string wrapped = "\xa2\x65known\x01\x63zzz";
    wrapped.append(in);
    Wrapper w;
    const metajson::error s = metajson::from_cbor(wrapped, w);
    if (!e) METAJSON_FUZZ_CHECK(!s && w.known == 1);  // it read as a record: it is one item
  }
  return 0;
}
