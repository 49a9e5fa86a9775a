// The adapter customization point: map a type the library cannot reflect onto one it can.
#include <metajson/metajson.hpp>

#include <cstdio>
#include <string>

class Money {  // private state, invariants: written as a number of cents
 public:
  explicit Money(long long cents = 0) : cents_(cents) {}
  long long cents() const { return cents_; }

 private:
  long long cents_;
};

template <>
struct metajson::adapter<Money> {
  static long long to_json(const Money& m) { return m.cents(); }
  static void from_json(Money& m, long long cents) { m = Money(cents); }
};

struct Order {
  std::string id;
  Money total;
};

int main() { std::puts(metajson::to_json(Order{"A-17", Money(1999)}).c_str()); }  // {"id":"A-17","total":1999}

// Output (checked by ctest):
// {"id":"A-17","total":1999}
