// Must not compile: a character is neither a JSON string nor a number, so metajson::value refuses
// to be made from a char, wchar_t, char8_t, char16_t or char32_t (nlohmann/json makes a number of
// it), with a message saying what to write instead (where the compiler has C++26's
// = delete("reason"); the plain deleted constructor's name otherwise).
#include <metajson/value.hpp>

int main() {
  metajson::value a = 'A';
  metajson::value w = L'A';
  metajson::value u8 = u8'A';
  metajson::value u16 = u'A';
  metajson::value u32 = U'A';
  metajson::value list = {1, 'x'};
  return a.is_null() + w.is_null() + u8.is_null() + u16.is_null() + u32.is_null() + list.is_null();
}
