// Test helpers for the reader and for write -> read -> write.
#pragma once

#include <metajson/metajson.hpp>

#include <gtest/gtest.h>

#include <string>

// to_json(v) == expected_json; reading it back gives v; writing that gives expected_json again.
template <metajson::options O = metajson::options{}, class T>
void expect_round_trip(const T& v, std::string_view expected_json) {
  const std::string json = metajson::to_json<O>(v);
  EXPECT_EQ(json, expected_json);
  auto back = metajson::try_from<T, O>(json);
  ASSERT_TRUE(back.has_value()) << back.error().message() << "\n  in: " << json;
  EXPECT_TRUE(*back == v) << json;
  EXPECT_EQ(metajson::to_json<O>(*back), expected_json);
}

// Reading json into T gives `expected`.
template <class T, metajson::options O = metajson::options{}>
void expect_read(std::string_view json, const T& expected) {
  auto r = metajson::try_from<T, O>(json);
  ASSERT_TRUE(r.has_value()) << r.error().message() << "\n  in: " << json;
  EXPECT_TRUE(*r == expected) << json;
}

// Reading json into T fails with `code` and exactly this message.
template <class T, metajson::options O = metajson::options{}>
void expect_read_error(std::string_view json, metajson::error_code code, std::string_view message) {
  auto r = metajson::try_from<T, O>(json);
  ASSERT_FALSE(r.has_value()) << "accepted: " << json;
  EXPECT_EQ(r.error().code(), code) << r.error().message();
  EXPECT_EQ(r.error().message(), message);
  T existing{};
  EXPECT_EQ(metajson::from_json<O>(json, existing).code(), code);
  EXPECT_THROW((metajson::from<T, O>(json)), metajson::error);
}

// Reading json into T fails with `code` (message not checked).
template <class T, metajson::options O = metajson::options{}>
void expect_read_fails(std::string_view json, metajson::error_code code) {
  auto r = metajson::try_from<T, O>(json);
  ASSERT_FALSE(r.has_value()) << "accepted: " << json;
  EXPECT_EQ(r.error().code(), code) << json << ": " << r.error().message();
}
