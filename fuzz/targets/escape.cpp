// The SIMD string kernels against the scalar ones, on any bytes: the escaper of every kernel
// compiled in (SWAR, SSE2, AVX2, AVX-512 when the build targets them, NEON on ARM64) in the three UTF-8 modes
// against escape_scalar, the reader's special-byte and whitespace scans against byte loops,
// and the bulk UTF-8 check against the sequence-by-sequence one.
#include <metajson/metajson.hpp>
#include <metajson/text/escape.hpp>
#include <metajson/text/scan.hpp>
#include <metajson/text/utf8.hpp>

#include <string>

#if defined(__SSE2__) && !defined(METAJSON_NO_SIMD)
#include <metajson/simd/sse2.hpp>
#endif
#if defined(__AVX2__) && !defined(METAJSON_NO_SIMD)
#include <metajson/simd/avx2.hpp>
#endif
#if defined(__AVX512BW__) && !defined(METAJSON_NO_SIMD)
#include <metajson/simd/avx512.hpp>
#endif

#include "../../tests/support/escape_runners.hpp"
#include "../fuzz.hpp"

namespace {

using namespace metajson::detail;

template <class K, utf8_mode M>
std::string kernel(std::string_view s) { return metajson_test::escape_kernel<K, M>(s); }
template <utf8_mode M>
std::string scalar(std::string_view s) { return metajson_test::escape_reference<M>(s); }

template <class K>
void against_scalar(std::string_view s, const std::string (&ref)[3]) {
  METAJSON_FUZZ_CHECK((kernel<K, utf8_mode::validate>(s)) == ref[0]);
  METAJSON_FUZZ_CHECK((kernel<K, utf8_mode::replace>(s)) == ref[1]);
  METAJSON_FUZZ_CHECK((kernel<K, utf8_mode::unchecked>(s)) == ref[2]);
  // The reader's scans from every one of the first 64 positions.
  for (std::size_t at = 0; at < s.size() && at < 64; ++at) {
    const char* ref_ws = s.data() + at;
    const char* end = s.data() + s.size();
    const char* special = s.data() + at;
    const char* special_ascii = s.data() + at;
    auto is_special = [](unsigned char ch, bool non_ascii) { return ch == '"' || ch == '\\' || ch < 0x20 || (non_ascii && ch >= 0x80); };
    while (special < end && !is_special(static_cast<unsigned char>(*special), true)) ++special;
    while (special_ascii < end && !is_special(static_cast<unsigned char>(*special_ascii), false)) ++special_ascii;
    METAJSON_FUZZ_CHECK((find_special_with<K, true>(s.data() + at, end)) == special);
    METAJSON_FUZZ_CHECK((find_special_with<K, false>(s.data() + at, end)) == special_ascii);
    while (ref_ws < end && (*ref_ws == ' ' || *ref_ws == '\n' || *ref_ws == '\r' || *ref_ws == '\t')) ++ref_ws;
    METAJSON_FUZZ_CHECK(find_non_whitespace_with<K>(s.data() + at, end) == ref_ws);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view s = metajson_fuzz::as_text(data, size);
  const std::string ref[3] = {scalar<utf8_mode::validate>(s), scalar<utf8_mode::replace>(s),
                              scalar<utf8_mode::unchecked>(s)};
  against_scalar<simd::swar>(s, ref);
#if defined(__SSE2__) && !defined(METAJSON_NO_SIMD)
  against_scalar<simd::sse2>(s, ref);
#endif
#if defined(__AVX2__) && !defined(METAJSON_NO_SIMD)
  against_scalar<simd::avx2>(s, ref);
#endif
#if defined(__AVX512BW__) && !defined(METAJSON_NO_SIMD)
  against_scalar<simd::avx512>(s, ref);
#endif
#if defined(__aarch64__) && !defined(METAJSON_NO_SIMD)
  against_scalar<simd::neon>(s, ref);  // escape_with<neon> validates through the fused NEON escaper
#endif
  // The bulk UTF-8 check agrees with the first-invalid search.
  METAJSON_FUZZ_CHECK(utf8_valid(s.data(), s.size()) == (utf8_first_invalid(s.data(), s.size()) == s.size()));
  // The public writer: a string written with `replace` is always valid JSON that reads back.
  const auto w = metajson::try_to_json<{.utf8 = metajson::utf8_policy::replace}>(std::string(s));
  METAJSON_FUZZ_CHECK(w.has_value() && !metajson::validate(*w));
  const auto v = metajson::try_to_json(std::string(s));
  if (v) METAJSON_FUZZ_CHECK(metajson::from<std::string>(*v) == s);
  return 0;
}
