// The reader's index pass (stage 1) alone over one document, with a kernel chosen by name, for
// instruction counts under callgrind and for timing one kernel at a time:
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='*index_doc*' \
//     bench/build/index_loop avx2 twitter        # or citm_catalog, canada; sse2, portable
//   bench/build/index_loop avx512 twitter 1000   # ns per pass, the median of 1000
//
// The document is $METAJSON_DATA_DIR/<name>.json, indexed with the UTF-8 check into a buffer of
// the reader's size (2,048 entries), refilled from the start as the reader does. valgrind does
// not run AVX-512 code: count the avx2 kernel there.
#include <metajson/metajson.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace ix = metajson::detail::index;

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "cannot open %s\n", path.c_str());
    std::exit(2);
  }
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::uint32_t pos[2048];
char8_t kinds[2048];

__attribute__((noinline)) std::size_t index_doc(ix::fill_fn fill, const std::string& text) {
  ix::stage1_state st{};
  st.begin = st.next = st.base = text.data();
  st.end = text.data() + text.size();
  std::size_t entries = 0;
  while (!st.done) {
    entries += fill(st, pos, kinds, 2048);
    st.base = st.next;
  }
  return st.failed ? 0 : entries;
}

}  // namespace

int main(int argc, char** argv) {
  const char* dir = std::getenv("METAJSON_DATA_DIR");
  if (argc < 3 || dir == nullptr) {
    std::fprintf(stderr, "usage: METAJSON_DATA_DIR=... index_loop avx512|avx2|sse2|portable twitter|citm_catalog|canada [repeats]\n");
    return 2;
  }
  const std::string kernel = argv[1];
  ix::fill_fn fill = nullptr;
  for (const ix::kernel_entry& k : ix::available_kernels())
    if (k.name == kernel) fill = k.checked;
  if (fill == nullptr) {
    std::fprintf(stderr, "index_loop: this CPU does not run the %s kernel\n", kernel.c_str());
    return 2;
  }
  const std::string text = slurp(std::string(dir) + "/" + argv[2] + ".json");
  const int repeats = argc > 3 ? std::atoi(argv[3]) : 1;
  std::vector<double> ns;
  std::size_t entries = 0;
  for (int i = 0; i < repeats; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    entries = index_doc(fill, text);
    ns.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count());
  }
  if (entries == 0) {
    std::fprintf(stderr, "%s: stage 1 failed\n", argv[2]);
    return 1;
  }
  if (repeats > 1) {
    std::sort(ns.begin(), ns.end());
    std::printf("%s, %s: %.1f us per pass (median of %d), %zu entries, %zu blocks\n", argv[2], kernel.c_str(), ns[ns.size() / 2] / 1000,
                repeats, entries, (text.size() + 63) / 64);
  }
  return 0;
}
