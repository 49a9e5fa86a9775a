// Converting a JSON file holding one big array into NDJSON (one value per line), in bounded
// memory: read_array hands over one element at a time from the std::ifstream, and each is
// written to the std::ofstream through a small buffer. Neither file is ever held in memory
// whole, so this works as well for 100 GB as for the few lines below; an element that is not
// what the program expects is reported with its place and the conversion goes on.
#include <metajson/metajson.hpp>
#include <metajson/file.hpp>
#include <metajson/stream.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

struct Reading {
  std::string sensor;
  double celsius;
  std::optional<std::string> note;
};

// Returns the number of elements converted, or -1 when the input is not a JSON array.
long array_to_ndjson(const std::filesystem::path& from, const std::filesystem::path& to) {
  std::ifstream in(from, std::ios::binary);
  std::ofstream out(to, std::ios::binary);
  long converted = 0;
  for (auto& r : metajson::read_array<Reading>(in)) {
    if (!r) {
      std::printf("skipped: %s\n", r.error().message().c_str());
      if (r.error().code() == metajson::error_code::type_mismatch) continue;  // one bad element
      return -1;  // the file is not a JSON array: stop
    }
    metajson::to_json(*r, out);  // through a bounded buffer, no string per element
    out << '\n';
    ++converted;
  }
  return converted;
}

int main() {
  const auto dir = std::filesystem::temp_directory_path() / "metajson_example_08";
  std::filesystem::create_directories(dir);
  const auto input = dir / "readings.json", output = dir / "readings.ndjson";

  // The input: written here with to_file (a temporary file, fsync, rename: never half a file).
  std::vector<Reading> readings{{"north", 21.5, std::nullopt}, {"south", -3.25, "frost"}, {"east", 30.0, std::nullopt}};
  metajson::to_file<{.pretty = true}>(readings, input);

  std::printf("converted %ld elements\n", array_to_ndjson(input, output));
  std::ifstream lines(output);
  for (std::string line; std::getline(lines, line);) std::printf("%s\n", line.c_str());

  // A bad element is reported with its line and path; the others are converted.
  std::ofstream(input, std::ios::trunc) << R"([{"sensor": "west", "celsius": 18},
 {"sensor": "up", "celsius": "hot"},
 {"sensor": "down", "celsius": 12.5}])";
  std::printf("converted %ld elements\n", array_to_ndjson(input, output));

  // Reading the NDJSON back: one std::expected per line.
  std::ifstream again(output);
  for (auto& r : metajson::read_ndjson<Reading>(again)) std::printf("%s: %.1f\n", r->sensor.c_str(), r->celsius);

  // A missing file: the error names it and gives the system's reason.
  auto missing = metajson::try_from_file<std::vector<Reading>>(dir / "nope.json");
  std::printf("missing: %s\n", missing.error().detail().c_str());
  std::filesystem::remove_all(dir);
}

// Output (checked by ctest):
// converted 3 elements
// {"sensor":"north","celsius":21.5,"note":null}
// {"sensor":"south","celsius":-3.25,"note":"frost"}
// {"sensor":"east","celsius":30.0,"note":null}
// skipped: expected number, found string at $[1].celsius (line 2, column 30)
// converted 2 elements
// west: 18.0
// down: 12.5
// missing: cannot open for reading: No such file or directory
