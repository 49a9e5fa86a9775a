// Must not compile: value's members patch(), patch_in_place(), patch_inplace() and merge_patch()
// are defined by <metajson/patch.hpp>, which <metajson/value.hpp> does not include. Without it
// each call is a static_assert naming the header (not a link error).
#include <metajson/value.hpp>

int main() {
  metajson::value doc, ops;
  metajson::value out = doc.patch(ops);
  doc.patch_in_place(ops);
  doc.patch_inplace(ops);
  doc.merge_patch(ops);
  return out.is_null();
}
