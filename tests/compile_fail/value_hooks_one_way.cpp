// Must not compile: a type with nlohmann/json's to_json function but no from_json is written
// through the function (it takes precedence over reflection), so it cannot be read: the
// message says which function is missing. The other way round likewise.
#include <metajson/value.hpp>

namespace app {
struct Out {
  int x = 0;
};
void to_json(metajson::value& j, const Out& o) { j = o.x; }
struct In {
  int x = 0;
};
void from_json(const metajson::value& j, In& i) { i.x = j.get<int>(); }
}  // namespace app

int main() {
  app::Out o = metajson::from<app::Out>("1");
  std::string s = metajson::to_json(app::In{});
  return o.x + static_cast<int>(s.size());
}
