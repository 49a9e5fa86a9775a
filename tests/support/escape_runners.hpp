// Escapers run into a std::string, for comparing the fast kernels with the scalar oracle
// (tests/roundtrip/escape_differential_test.cpp and fuzz/targets/escape.cpp). An invalid input
// gives "<invalid at N>", so verdicts and error offsets compare like outputs.
#pragma once

#include <metajson/text/escape.hpp>
#include <metajson/text/escape_scalar.hpp>

#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

namespace metajson_test {

namespace detail = metajson::detail;

// s in a heap block of exactly its size (nothing readable after it: under ASan a read of one
// byte too many fails, where a std::string's terminating NUL would hide it).
inline std::unique_ptr<char[]> exact_copy(std::string_view s) {
  std::unique_ptr<char[]> block(new char[s.size()]);
  if (!s.empty()) std::memcpy(block.get(), s.data(), s.size());
  return block;
}

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
// The kernels read their input from an exactly-sized copy (exact_copy).
template <class K, detail::utf8_mode M>
std::string escape_kernel(std::string_view s) {
  const auto in = exact_copy(s);
  return escape_into_string(detail::escaped_size_bound(s.size()),
                            [&](char* dst, std::size_t* bad) { return detail::escape_with<K, M>(dst, in.get(), s.size(), bad); });
}

// escape_blocks: the kernel's own block loop, without the fused pass.
template <class K, detail::utf8_mode M>
std::string escape_kernel_blocks(std::string_view s) {
  const auto in = exact_copy(s);
  return escape_into_string(detail::escaped_size_bound(s.size()),
                            [&](char* dst, std::size_t* bad) { return detail::escape_blocks<K, M>(dst, in.get(), s.size(), bad); });
}

// The scalar oracle.
template <detail::utf8_mode M>
std::string escape_reference(std::string_view s) {
  return escape_into_string(6 * s.size() + 1, [&](char* dst, std::size_t* bad) { return detail::escape_scalar(dst, s.data(), s.size(), M, bad); });
}

}  // namespace metajson_test
