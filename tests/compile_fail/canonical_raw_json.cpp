// Must not compile: metajson::canonical cannot copy a raw_json's text, which is not canonicalized.
#include <metajson/metajson.hpp>

struct Signed {
  metajson::raw_json payload;
};

int main() { return metajson::to_json<metajson::canonical>(Signed{{"{\"b\":1, \"a\":2}"}}).size() == 1; }
