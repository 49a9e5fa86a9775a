// The study's twitter schema (study 000, section 5.1): a subset of twitter.json's statuses.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace twitter {

struct User {
  std::uint64_t id;
  std::string name;
  std::string screen_name;
  std::string location;
  std::string description;
  bool verified;
  std::uint64_t followers_count;
  std::uint64_t friends_count;
  std::uint64_t statuses_count;
  bool operator==(const User&) const = default;
};

struct Status {
  std::string created_at;
  std::uint64_t id;
  std::string text;
  User user;
  std::uint64_t retweet_count;
  std::uint64_t favorite_count;
  bool operator==(const Status&) const = default;
};

struct TwitterData {
  std::vector<Status> statuses;
  bool operator==(const TwitterData&) const = default;
};

}  // namespace twitter
