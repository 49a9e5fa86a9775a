// canada.json as GeoJSON: a FeatureCollection of polygons whose coordinates are
// std::vector<std::vector<std::array<double, 2>>> (rings of [longitude, latitude] pairs).
#pragma once

#include <array>
#include <string>
#include <vector>

namespace canada {

struct Properties {
  std::string name;
  bool operator==(const Properties&) const = default;
};

struct Geometry {
  std::string type;
  std::vector<std::vector<std::array<double, 2>>> coordinates;
  bool operator==(const Geometry&) const = default;
};

struct Feature {
  std::string type;
  Properties properties;
  Geometry geometry;
  bool operator==(const Feature&) const = default;
};

struct FeatureCollection {
  std::string type;
  std::vector<Feature> features;
  bool operator==(const FeatureCollection&) const = default;
};

}  // namespace canada
