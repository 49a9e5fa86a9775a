// The indexed reader (stage 1 + the walk over its entries) against the per-token checker, on
// any bytes: the same verdict, and for a rejected input the same error code at the same offset.
// Stage 1's kernels must agree with each other: the same verdict, and entry for entry on what
// they accept; each kernel's fast path gives the entries, verdict and error place of its exact
// path (stage1.inc). Built with the smallest index buffer, so every input refills it at every
// position.
#define METAJSON_INDEX_CAPACITY 280
#include <metajson/value.hpp>

#include <string>
#include <vector>

#include "../fuzz.hpp"
#include "../oracle.hpp"

namespace {

struct entries {
  std::vector<std::uint32_t> pos;
  std::string kinds;
  bool failed = false;
};

// The entries of a kernel's fast path (fill), or of its exact path alone (exact), terminating
// entries included, in a buffer of `room` entries.
entries index_with(const metajson::detail::index::kernel_entry& k, std::string_view in, bool exact = false,
                   std::size_t room = metajson::detail::index::fill_room + 16) {
  using namespace metajson::detail::index;
  stage1_state st;
  st.begin = in.data();
  st.end = in.data() + in.size();
  st.next = st.begin;
  st.base = st.begin;
  std::vector<char8_t> kinds(room);
  std::vector<std::uint32_t> pos(room);
  entries r;
  while (!st.done) {
    const std::size_t n = (exact ? k.exact_checked : k.checked)(st, pos.data(), kinds.data(), room);
    for (std::size_t i = 0; i < n; ++i) {
      r.pos.push_back(pos[i]);
      r.kinds.push_back(static_cast<char>(kinds[i]));
    }
  }
  r.failed = st.failed;
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  const metajson::error indexed = metajson::validate(in);
  metajson::detail::read_context c;
  c.begin = in.data();
  c.end = in.data() + in.size();
  const bool accepted = metajson::detail::check_document<metajson::options{}>(c);
  METAJSON_FUZZ_CHECK(accepted == !indexed);
  // ...and both with the independent reference validator (the index reader with the smallest
  // buffer, whose refills the validate target's default build rarely reaches).
  metajson_fuzz::validate_matches_reference(indexed, reference::check(in));
  if (!accepted) {
    const metajson::error checked = metajson::detail::make_read_error(c);
    METAJSON_FUZZ_CHECK(indexed.code() == checked.code());
    METAJSON_FUZZ_CHECK(indexed.offset() == checked.offset());
  }
  // The typed reader of any JSON value agrees.
  const auto value = metajson::try_from<metajson::value>(in);
  METAJSON_FUZZ_CHECK(value.has_value() == accepted);
  // Every kernel indexes alike; a kernel's rejection is an error for the checker too.
  const auto kernels = metajson::detail::index::available_kernels();
  const entries first = index_with(kernels[0], in);
  if (first.failed) METAJSON_FUZZ_CHECK(!accepted);
  // Each kernel's fast path gives exactly what its exact path alone gives (the pass block by
  // block, the old one's way): the same entries, verdict and place of the error, with buffers
  // of two sizes (chunks end at different blocks).
  const std::size_t room = metajson::detail::index::fill_room + size % 97;
  for (const auto& k : kernels) {
    const entries fast = index_with(k, in, false, room);
    const entries exact = index_with(k, in, true, room);
    METAJSON_FUZZ_CHECK(fast.failed == exact.failed);
    METAJSON_FUZZ_CHECK(fast.kinds == exact.kinds);
    METAJSON_FUZZ_CHECK(fast.pos == exact.pos);
    METAJSON_FUZZ_CHECK(index_with(k, in, true, 4096).pos == index_with(k, in, false, 4096).pos);
  }
  for (std::size_t i = 1; i < kernels.size(); ++i) {
    const entries other = index_with(kernels[i], in);
    METAJSON_FUZZ_CHECK(other.failed == first.failed);
    if (first.failed) continue;  // the error's block may differ (one sees a cut sequence at its lead, one after)
    METAJSON_FUZZ_CHECK(other.kinds == first.kinds);
    METAJSON_FUZZ_CHECK(other.pos == first.pos);
  }
  return 0;
}
