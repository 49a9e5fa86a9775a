// Escapers run into a std::string, for comparing the fast kernels with the scalar oracle
// (tests/roundtrip/escape_differential_test.cpp and fuzz/targets/escape.cpp). An invalid input
// gives "<invalid at N>", so verdicts and error offsets compare like outputs.
#pragma once

#include <metajson/text/escape.hpp>
#include <metajson/text/escape_scalar.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace metajson_test {

namespace detail = metajson::detail;

template <class Escape>
std::string escape_into_string(std::size_t room, Escape&& escape) {
  std::string out(room, '\0');
  std::size_t bad = 0;
  char* e = escape(out.data(), &bad);
  if (!e) return "<invalid at " + std::to_string(bad) + ">";
  out.resize(static_cast<std::size_t>(e - out.data()));
  return out;
}

// escape_with: the entry point the writer uses (the fused AVX2 pass where it applies).
template <class K, detail::utf8_mode M>
std::string escape_kernel(std::string_view s) {
  return escape_into_string(detail::escaped_size_bound(s.size()),
                            [&](char* dst, std::size_t* bad) { return detail::escape_with<K, M>(dst, s.data(), s.size(), bad); });
}

// escape_blocks: the kernel's own block loop, without the fused pass.
template <class K, detail::utf8_mode M>
std::string escape_kernel_blocks(std::string_view s) {
  return escape_into_string(detail::escaped_size_bound(s.size()),
                            [&](char* dst, std::size_t* bad) { return detail::escape_blocks<K, M>(dst, s.data(), s.size(), bad); });
}

// The scalar oracle.
template <detail::utf8_mode M>
std::string escape_reference(std::string_view s) {
  return escape_into_string(6 * s.size() + 1, [&](char* dst, std::size_t* bad) { return detail::escape_scalar(dst, s.data(), s.size(), M, bad); });
}

}  // namespace metajson_test
