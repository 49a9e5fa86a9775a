// The output buffer: how often a fresh to_json allocates, the room a fresh output starts with,
// and errors leaving their path and detail (the context keeps them out of line). A test program
// of its own: it counts allocations (support/counting_new.cpp replaces operator new).
#include <metajson/metajson.hpp>
#include <metajson/stream.hpp>

#include <gtest/gtest.h>

#include "counting_new.hpp"

#include <map>
#include <optional>
#include <ranges>
#include <string>
#include <vector>

namespace {

struct Equipment {
  std::string name;
  int damage;
  int durability;
};

// The talk's Player: its last strings reserve their worst case (6 bytes per byte and a block)
// near the end of a ~230-byte output, more than the output's own size with a small margin.
struct Player {
  std::string username;
  int level;
  double health;
  std::vector<std::string> inventory;
  std::map<std::string, Equipment> equipped;
  std::optional<std::string> guild_name;
};

Player player() {
  return {"Alice", 42, 99.5, {"sword", "shield", "bow"}, {{"main_hand", {"Excalibur", 100, 50}}, {"off_hand", {"Aegis", 20, 80}}},
          "Knights"};
}

template <class F>
std::size_t allocations(F&& f) {
  const std::size_t before = test_support::allocation_count();
  f();
  return test_support::allocation_count() - before;
}

TEST(WriteOutput, FreshSmallMessageAllocatesOnce) {
#if defined(METAJSON_ABLATION_NO_SIZE_HINT)
  GTEST_SKIP() << "the size hint is switched off";
#endif
  const Player p = player();
  const std::string first = metajson::to_json(p);  // learns the room it needs
  for (int i = 0; i < 5; ++i) {
    std::string s;
    EXPECT_EQ(allocations([&] { s = metajson::to_json(p); }), 1u) << "call " << i;
    EXPECT_EQ(s, first);
  }
  // The non-throwing form shares the room.
  EXPECT_EQ(allocations([&] { auto r = metajson::try_to_json(p); ASSERT_TRUE(r.has_value()); }), 1u);
}

TEST(WriteOutput, FreshLargeDocumentAllocatesOnce) {
#if defined(METAJSON_ABLATION_NO_SIZE_HINT)
  GTEST_SKIP() << "the size hint is switched off";
#endif
  std::vector<Player> many(500, player());
  const std::string first = metajson::to_json(many);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(allocations([&] { EXPECT_EQ(metajson::to_json(many), first); }), 1u);
}

// to_ndjson of a sized range starts with room for its count of lines at the previous fresh
// output's bytes per line: once it has seen one, it allocates once, for more lines too.
TEST(WriteOutput, FreshNdjsonAllocatesOnce) {
#if defined(METAJSON_ABLATION_NO_SIZE_HINT)
  GTEST_SKIP() << "the size hint is switched off";
#endif
  std::vector<Player> many(500, player());
  std::string lines;
  for (const Player& p : many) lines += metajson::to_json(p) + "\n";
  EXPECT_EQ(metajson::to_ndjson(many), lines);  // learns the room per line
  for (int i = 0; i < 3; ++i) EXPECT_EQ(allocations([&] { EXPECT_EQ(metajson::to_ndjson(many), lines); }), 1u);
  std::vector<Player> more(2000, player());
  EXPECT_EQ(allocations([&] { EXPECT_EQ(metajson::to_ndjson(more).size(), 4 * lines.size()); }), 1u);
  // Fewer and longer lines than the hint says: the output grows as it must, and is right.
  std::vector<Player> longer(3, player());
  longer[1].username = std::string(100000, 'x');
  std::string expected;
  for (const Player& p : longer) expected += metajson::to_json(p) + "\n";
  EXPECT_EQ(metajson::to_ndjson(longer), expected);
  // The hint is now ~33 KB a line: 10,000 short lines would reserve 330 MB; the hint stops at
  // 256 MiB (address space only: the pages are never touched).
  std::vector<Player> many_short(10000, player());
  const std::string short_lines = metajson::to_ndjson(many_short);
  EXPECT_EQ(short_lines.size(), 20 * lines.size());
  EXPECT_LE(short_lines.capacity(), metajson::detail::max_hinted_ndjson_room);
  EXPECT_EQ(metajson::to_ndjson(std::vector<Player>{}), "");
  // A range without a size starts small and grows.
  auto odd = many | std::views::filter([i = 0](const Player&) mutable { return i++ % 2 == 0; });
  EXPECT_EQ(metajson::to_ndjson(odd).size(), lines.size() / 2);
}

TEST(WriteOutput, ReusedBufferDoesNotAllocate) {
  const Player p = player();
  std::string buf;
  metajson::to_json(p, buf);
  const std::string first = buf;
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(allocations([&] { metajson::to_json(p, buf); }), 0u);
    EXPECT_EQ(buf, first);
  }
}

TEST(WriteOutput, NextFreshRoom) {
  using metajson::detail::next_fresh_room;
  // It grew: what was asked for, with 1/32 and 64 bytes more.
  EXPECT_EQ(next_fresh_room(256, 236, 335), 335u + 335 / 32 + 64);
  EXPECT_EQ(next_fresh_room(0, 1000, 900), 1000u + 1000 / 32 + 64);  // never less than the size
  // It fitted: unchanged...
  EXPECT_EQ(next_fresh_room(409, 236, 0), 409u);
  EXPECT_EQ(next_fresh_room(0, 10, 0), 0u);
  // ...unless far larger than the output: back to the size with the margin.
  EXPECT_EQ(next_fresh_room(1 << 20, 1000, 0), 1000u + 1000 / 32 + 64);
  EXPECT_EQ(next_fresh_room(2 * 1000 + 4096, 1000, 0), 2u * 1000 + 4096);
}

TEST(WriteOutput, DocumentsOfChangingSize) {
  // A large document, then small ones (the room shrinks back), then large again: every output
  // is right and a repeated document settles at one allocation.
  std::vector<std::string> big(20000, std::string(40, 'x'));
  std::vector<std::string> small{"a", "b"};
  EXPECT_EQ(metajson::to_json(big).size(), 20000u * 43 + 1);
  EXPECT_EQ(metajson::to_json(small), R"(["a","b"])");
  EXPECT_EQ(metajson::to_json(small), R"(["a","b"])");
  EXPECT_EQ(metajson::to_json(big).size(), 20000u * 43 + 1);
#if !defined(METAJSON_ABLATION_NO_SIZE_HINT)
  metajson::to_json(big);
  EXPECT_EQ(allocations([&] { metajson::to_json(big); }), 1u);
#endif
}

TEST(WriteOutput, ErrorsKeepPathAndDetail) {
  struct Inner {
    std::vector<std::string> names;
  };
  struct Outer {
    std::map<std::string, Inner> byKey;
  };
  Outer o;
  o.byKey["k"].names = {"ok", std::string("bad\xff", 4)};
  std::string buf = "previous";
  const metajson::error e = metajson::try_to_json(o, buf);
  ASSERT_TRUE(e);
  EXPECT_EQ(e.code(), metajson::error_code::invalid_utf8);
  EXPECT_EQ(e.path(), "$.byKey.k.names[1]");
  EXPECT_NE(e.message().find("byte 0xff at offset 3"), std::string::npos) << e.message();
  EXPECT_TRUE(buf.empty());
  // The next write into the same buffer succeeds.
  o.byKey["k"].names[1] = "fine";
  EXPECT_FALSE(metajson::try_to_json(o, buf));
  EXPECT_EQ(buf, R"({"byKey":{"k":{"names":["ok","fine"]}}})");
}

}  // namespace
