// The study's CITM catalog schema (study 000, section 5.2).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace citm {

struct CITMPrice {
  std::uint64_t amount;
  std::uint64_t audienceSubCategoryId;
  std::uint64_t seatCategoryId;
  bool operator==(const CITMPrice&) const = default;
};

struct CITMArea {
  std::uint64_t areaId;
  std::vector<std::uint64_t> blockIds;
  bool operator==(const CITMArea&) const = default;
};

struct CITMSeatCategory {
  std::vector<CITMArea> areas;
  std::uint64_t seatCategoryId;
  bool operator==(const CITMSeatCategory&) const = default;
};

struct CITMPerformance {
  std::uint64_t id;
  std::uint64_t eventId;
  std::optional<std::string> logo;
  std::optional<std::string> name;
  std::vector<CITMPrice> prices;
  std::vector<CITMSeatCategory> seatCategories;
  std::optional<std::string> seatMapImage;
  std::uint64_t start;
  std::string venueCode;
  bool operator==(const CITMPerformance&) const = default;
};

struct CITMEvent {
  std::uint64_t id;
  std::string name;
  std::optional<std::string> description;
  std::optional<std::string> logo;
  std::vector<std::uint64_t> subTopicIds;
  std::optional<std::string> subjectCode;
  std::optional<std::string> subtitle;
  std::vector<std::uint64_t> topicIds;
  bool operator==(const CITMEvent&) const = default;
};

struct CitmCatalog {
  std::map<std::string, CITMEvent> events;
  std::vector<CITMPerformance> performances;
  bool operator==(const CitmCatalog&) const = default;
};

}  // namespace citm
