// nst/JSONTestSuite (test_parsing/): the results docs/conformance.md publishes, pinned.
//  - exactly 95 y_, 188 n_ and 35 i_ files;
//  - every y_ file accepted and every n_ file rejected by validate(), by from<metajson::value>
//    and by the independent reference validator (tests/support/reference_validator.hpp);
//  - every i_ verdict of validate() and from<value> as the table below says (any change fails),
//    and the reference agreeing with both: validate's verdict is the reference's, from<value>
//    also refuses a number the reference finds beyond a double;
//  - every error inside the reference's bounds for the first error ([token, offset]);
//  - the i_ table of docs/conformance.md is exactly what this test produces (it also writes it
//    to i_outcomes.md in the working folder).
#include <metajson/value.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

#include "data.hpp"
#include "reference_validator.hpp"

namespace {

struct entry {
  std::string name;
  std::string text;
};

std::vector<entry> suite(char prefix) {
  std::vector<entry> out;
  const auto dir = data_dir();
  if (!dir) {
    ADD_FAILURE() << "METAJSON_DATA_DIR is not set: the JSONTestSuite test needs $METAJSON_DATA_DIR/JSONTestSuite/test_parsing";
    return out;
  }
  const auto folder = *dir / "JSONTestSuite" / "test_parsing";
  if (!std::filesystem::is_directory(folder)) {
    ADD_FAILURE() << "missing " << folder.string();
    return out;
  }
  for (const auto& f : std::filesystem::directory_iterator(folder)) {
    const std::string name = f.path().filename().string();
    if (name.size() < 2 || name[0] != prefix || name[1] != '_') continue;
    std::ifstream in(f.path(), std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    out.push_back({name, ss.str()});
  }
  std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return a.name < b.name; });
  return out;
}

// An error of metajson's lies where the reference puts the first error: no earlier than the
// start of the token it is in, no later than the first byte no JSON text could have.
void expect_within(const std::string& what, const metajson::error& e, const reference::verdict& ref) {
  EXPECT_GE(e.offset(), ref.token) << what << ": " << e.message() << " (reference: " << reference::fault_name(ref.why)
                                   << " at " << ref.offset << ")";
  EXPECT_LE(e.offset(), ref.offset) << what << ": " << e.message() << " (reference: " << reference::fault_name(ref.why)
                                    << " at " << ref.offset << ")";
}

// validate and from<value> against the reference, on any input.
void expect_reference_verdicts(const entry& f) {
  const reference::verdict ref = reference::check(f.text);
  const metajson::error v = metajson::validate(f.text);
  const auto d = metajson::try_from<metajson::value>(f.text);
  EXPECT_EQ(!v, ref.ok) << f.name << ": validate " << (v ? v.message() : "accepts") << ", reference "
                        << (ref.ok ? "accepts" : reference::fault_name(ref.why));
  if (v && !ref.ok) expect_within(f.name + ": validate", v, ref);
  // from<value> refuses what the reference refuses (a number beyond a double is kept as text).
  {
    EXPECT_EQ(d.has_value(), ref.ok) << f.name << ": from<value> " << (d ? "accepts" : d.error().message());
    if (!d && !ref.ok) expect_within(f.name + ": from<value>", d.error(), ref);
  }
}

TEST(JsonTestSuite, AcceptsEveryY) {
  const auto files = suite('y');
  EXPECT_EQ(files.size(), 95u);
  for (const auto& f : files) {
    const auto v = metajson::validate(f.text);
    EXPECT_FALSE(v) << f.name << ": validate: " << v.message();
    const auto r = metajson::try_from<metajson::value>(f.text);
    EXPECT_TRUE(r.has_value()) << f.name << ": from<value>: " << (r ? "" : r.error().message());
    EXPECT_TRUE(reference::accepts(f.text)) << f.name << ": reference rejects";
    expect_reference_verdicts(f);
  }
}

TEST(JsonTestSuite, RejectsEveryN) {
  const auto files = suite('n');
  EXPECT_EQ(files.size(), 188u);
  for (const auto& f : files) {
    EXPECT_TRUE(metajson::validate(f.text)) << f.name << " accepted by validate";
    EXPECT_FALSE(metajson::try_from<metajson::value>(f.text).has_value()) << f.name << " accepted by from<value>";
    EXPECT_FALSE(reference::accepts(f.text)) << f.name << " accepted by the reference";
    expect_reference_verdicts(f);
  }
}

// The implementation-defined files, as docs/conformance.md publishes them.
enum outcome : bool { reject = false, accept = true };
struct pinned {
  const char* name;
  outcome validate, value;
};
constexpr pinned i_verdicts[] = {
    {"i_number_double_huge_neg_exp.json", accept, accept},
    {"i_number_huge_exp.json", accept, accept},
    {"i_number_neg_int_huge_exp.json", accept, accept},
    {"i_number_pos_double_huge_exp.json", accept, accept},
    {"i_number_real_neg_overflow.json", accept, accept},
    {"i_number_real_pos_overflow.json", accept, accept},
    {"i_number_real_underflow.json", accept, accept},
    {"i_number_too_big_neg_int.json", accept, accept},
    {"i_number_too_big_pos_int.json", accept, accept},
    {"i_number_very_big_negative_int.json", accept, accept},
    {"i_object_key_lone_2nd_surrogate.json", reject, reject},
    {"i_string_1st_surrogate_but_2nd_missing.json", reject, reject},
    {"i_string_1st_valid_surrogate_2nd_invalid.json", reject, reject},
    {"i_string_UTF-16LE_with_BOM.json", reject, reject},
    {"i_string_UTF-8_invalid_sequence.json", reject, reject},
    {"i_string_UTF8_surrogate_U+D800.json", reject, reject},
    {"i_string_incomplete_surrogate_and_escape_valid.json", reject, reject},
    {"i_string_incomplete_surrogate_pair.json", reject, reject},
    {"i_string_incomplete_surrogates_escape_valid.json", reject, reject},
    {"i_string_invalid_lonely_surrogate.json", reject, reject},
    {"i_string_invalid_surrogate.json", reject, reject},
    {"i_string_invalid_utf-8.json", reject, reject},
    {"i_string_inverted_surrogates_U+1D11E.json", reject, reject},
    {"i_string_iso_latin_1.json", reject, reject},
    {"i_string_lone_second_surrogate.json", reject, reject},
    {"i_string_lone_utf8_continuation_byte.json", reject, reject},
    {"i_string_not_in_unicode_range.json", reject, reject},
    {"i_string_overlong_sequence_2_bytes.json", reject, reject},
    {"i_string_overlong_sequence_6_bytes.json", reject, reject},
    {"i_string_overlong_sequence_6_bytes_null.json", reject, reject},
    {"i_string_truncated-utf-8.json", reject, reject},
    {"i_string_utf16BE_no_BOM.json", reject, reject},
    {"i_string_utf16LE_no_BOM.json", reject, reject},
    {"i_structure_500_nested_arrays.json", accept, accept},
    {"i_structure_UTF-8_BOM_empty_object.json", reject, reject},
};

// The rows of docs/conformance.md's i_ table ("| i_... |").
std::vector<std::string> published_rows() {
  std::ifstream doc(std::string(METAJSON_SOURCE_DIR) + "/docs/conformance.md");
  EXPECT_TRUE(doc) << "cannot read docs/conformance.md";
  std::vector<std::string> rows;
  for (std::string line; std::getline(doc, line);)
    if (line.starts_with("| i_")) rows.push_back(line);
  return rows;
}

TEST(JsonTestSuite, ImplementationDefinedOutcomes) {
  const auto files = suite('i');
  EXPECT_EQ(files.size(), std::size(i_verdicts));
  std::map<std::string, pinned> expected;
  for (const pinned& p : i_verdicts) expected.emplace(p.name, p);
  std::vector<std::string> rows;
  std::ofstream table("i_outcomes.md");
  table << "| file | validate | from<value> | detail |\n|---|---|---|---|\n";
  for (const auto& f : files) {
    const auto v = metajson::validate(f.text);
    const auto r = metajson::try_from<metajson::value>(f.text);
    const auto it = expected.find(f.name);
    if (it == expected.end()) {
      ADD_FAILURE() << f.name << ": not in the pinned table (validate " << (v ? "rejects" : "accepts") << ", from<value> "
                    << (r ? "accepts" : "rejects") << ")";
    } else {
      EXPECT_EQ(!v, it->second.validate) << f.name << ": validate " << (v ? v.message() : "accepts");
      EXPECT_EQ(r.has_value(), it->second.value) << f.name << ": from<value> " << (r ? "accepts" : r.error().message());
    }
    // They agree: from<value> keeps a number that no double holds (1e999) as its text.
    EXPECT_EQ(!v, r.has_value()) << f.name;
    expect_reference_verdicts(f);
    std::string detail;
    if (r) {
      detail = metajson::to_json(*r);
      if (detail.size() > 40) detail = detail.substr(0, 40) + "...";
      std::string escaped;
      for (char ch : detail) escaped += ch == '|' ? std::string("\\|") : std::string(1, ch);
      detail = "read as `" + escaped + "`";
    } else {
      detail = r.error().message();
    }
    rows.push_back("| " + f.name + " | " + (v ? "rejected" : "accepted") + " | " + (r ? "accepted" : "rejected") + " | " +
                   detail + " |");
    table << rows.back() << "\n";
  }
  const auto published = published_rows();
  EXPECT_EQ(published.size(), rows.size()) << "docs/conformance.md's i_ table has another number of rows (see i_outcomes.md)";
  for (std::size_t i = 0; i < std::min(published.size(), rows.size()); ++i)
    EXPECT_EQ(published[i], rows[i]) << "docs/conformance.md's i_ table differs from this run (see i_outcomes.md)";
}

}  // namespace
