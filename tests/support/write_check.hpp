// Test helpers for the writer.
#pragma once

#include <metajson/metajson.hpp>

#include <gtest/gtest.h>

#include <string>

// Expects to_json<O>(v) == expected, through every entry point (fresh string, reused buffer,
// the non-throwing forms), so each test checks all four at once.
template <metajson::options O = metajson::options{}, class T>
void expect_json(const T& v, std::string_view expected) {
  EXPECT_EQ(metajson::to_json<O>(v), expected);
  std::string buf = "previous content that must disappear";
  metajson::to_json<O>(v, buf);
  EXPECT_EQ(buf, expected);
  auto r = metajson::try_to_json<O>(v);
  ASSERT_TRUE(r.has_value()) << r.error().message();
  EXPECT_EQ(*r, expected);
  std::string buf2;
  EXPECT_FALSE(metajson::try_to_json<O>(v, buf2));
  EXPECT_EQ(buf2, expected);
}

// Expects writing v to fail with `code`, with this message.
template <metajson::options O = metajson::options{}, class T>
void expect_write_error(const T& v, metajson::error_code code, std::string_view message) {
  auto r = metajson::try_to_json<O>(v);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code(), code);
  EXPECT_EQ(r.error().message(), message);
  std::string buf = "x";
  EXPECT_EQ(metajson::try_to_json<O>(v, buf).code(), code);
  EXPECT_TRUE(buf.empty());
  EXPECT_THROW(metajson::to_json<O>(v), metajson::error);
}
