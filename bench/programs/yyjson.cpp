// yyjson 0.12. Writing: a mutable document built from the struct, then yyjson_mut_write — a new
// document and a new output string per call ("mut_doc fresh"), or both placed in one reused
// arena through yyjson's pool allocator ("mut_doc reused"). Reading: yyjson_read into its
// immutable document, then mapped member by member into the struct (lookups by key).
// Strings are referenced, not copied, into the mutable document (the struct outlives it).
#include <yyjson.h>

#include <cstdlib>
#include <limits>
#include <memory>
#include <stdexcept>

#include "fields.hpp"
#include "harness.hpp"

namespace {

using namespace bench::fields;

template <class T>
yyjson_mut_val* to_dom(yyjson_mut_doc* doc, const T& v) {
  if constexpr (std::is_same_v<T, bool>) return yyjson_mut_bool(doc, v);
  else if constexpr (std::is_same_v<T, std::uint64_t>) return yyjson_mut_uint(doc, v);
  else if constexpr (std::is_same_v<T, int>) return yyjson_mut_sint(doc, v);
  else if constexpr (std::is_same_v<T, double>) return yyjson_mut_real(doc, v);
  else if constexpr (std::is_same_v<T, std::string>) return yyjson_mut_strn(doc, v.data(), v.size());
  else if constexpr (is_optional<T>) return v ? to_dom(doc, *v) : yyjson_mut_null(doc);
  else if constexpr (is_vector<T> || is_array<T>) {
    yyjson_mut_val* a = yyjson_mut_arr(doc);
    for (const auto& e : v) yyjson_mut_arr_append(a, to_dom(doc, e));
    return a;
  } else if constexpr (is_map<T>) {
    yyjson_mut_val* o = yyjson_mut_obj(doc);
    for (const auto& [k, e] : v) yyjson_mut_obj_add(o, yyjson_mut_strn(doc, k.data(), k.size()), to_dom(doc, e));
    return o;
  } else {
    yyjson_mut_val* o = yyjson_mut_obj(doc);
    template for (constexpr auto m : of<T>()) {
      yyjson_mut_obj_add(o, yyjson_mut_strn(doc, name<m>, name_size<m>), to_dom(doc, v.[:m:]));
    }
    return o;
  }
}

[[noreturn]] void bad(const char* what) { throw std::runtime_error(std::string("yyjson mapping: ") + what); }

template <class T>
void from_dom(yyjson_val* j, T& out) {
  if constexpr (std::is_same_v<T, bool>) {
    if (!yyjson_is_bool(j)) bad("expected a bool");
    out = yyjson_get_bool(j);
  } else if constexpr (std::is_same_v<T, std::uint64_t>) {
    if (!yyjson_is_uint(j)) bad("expected an unsigned integer");
    out = yyjson_get_uint(j);
  } else if constexpr (std::is_same_v<T, int>) {
    if (!yyjson_is_int(j)) bad("expected an integer");
    if (yyjson_is_uint(j) ? yyjson_get_uint(j) > std::numeric_limits<int>::max()
                          : yyjson_get_sint(j) < std::numeric_limits<int>::min())
      bad("integer out of range");
    out = static_cast<int>(yyjson_get_int(j));
  } else if constexpr (std::is_same_v<T, double>) {
    if (!yyjson_is_num(j)) bad("expected a number");
    out = yyjson_get_num(j);
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!yyjson_is_str(j)) bad("expected a string");
    out.assign(yyjson_get_str(j), yyjson_get_len(j));
  } else if constexpr (is_optional<T>) {
    if (j == nullptr || yyjson_is_null(j)) out.reset();
    else from_dom(j, out.emplace());
  } else if constexpr (is_vector<T>) {
    if (!yyjson_is_arr(j)) bad("expected an array");
    out.resize(yyjson_arr_size(j));
    std::size_t i = 0;
    yyjson_val* e;
    yyjson_arr_iter it = yyjson_arr_iter_with(j);
    while ((e = yyjson_arr_iter_next(&it))) from_dom(e, out[i++]);
  } else if constexpr (is_array<T>) {
    if (!yyjson_is_arr(j) || yyjson_arr_size(j) != out.size()) bad("expected a fixed-size array");
    std::size_t i = 0;
    yyjson_val* e;
    yyjson_arr_iter it = yyjson_arr_iter_with(j);
    while ((e = yyjson_arr_iter_next(&it))) from_dom(e, out[i++]);
  } else if constexpr (is_map<T>) {
    if (!yyjson_is_obj(j)) bad("expected an object");
    yyjson_val *k, *e;
    yyjson_obj_iter it = yyjson_obj_iter_with(j);
    while ((k = yyjson_obj_iter_next(&it))) {
      e = yyjson_obj_iter_get_val(k);
      from_dom(e, out[std::string(yyjson_get_str(k), yyjson_get_len(k))]);
    }
  } else {
    if (!yyjson_is_obj(j)) bad("expected an object");
    template for (constexpr auto m : of<T>()) {
      yyjson_val* e = yyjson_obj_getn(j, name<m>, name_size<m>);
      if constexpr (!is_optional<typename [:std::meta::type_of(m):]>) {
        if (e == nullptr) bad("missing member");
      }
      from_dom(e, out.[:m:]);
    }
  }
}

// The output of yyjson_mut_write (malloc'd), freed after the call like a fresh std::string.
struct malloced {
  char* p = nullptr;
  std::size_t n = 0;
  malloced(char* p, std::size_t n) : p(p), n(n) {}
  malloced(const malloced&) = delete;
  ~malloced() { std::free(p); }
  const char* data() const { return p; }
  std::size_t size() const { return n; }
};

template <class T>
void cases(bench::registry& r, const bench::dataset<T>& d) {
  r.write("yyjson", "mut_doc fresh", d, [&d] {
    yyjson_mut_doc* doc = yyjson_mut_doc_new(nullptr);
    yyjson_mut_doc_set_root(doc, to_dom(doc, d.value));
    std::size_t len = 0;
    char* out = yyjson_mut_write(doc, 0, &len);
    yyjson_mut_doc_free(doc);
    if (out == nullptr) throw std::runtime_error("yyjson_mut_write failed");
    return malloced(out, len);
  });
  // One arena, reused: the document and the output both come from yyjson's pool allocator,
  // reset each call. Sized once, outside the timed calls, from what the document needs.
  auto arena = std::make_shared<std::vector<char>>(d.input.size() * 16 + (1 << 20));
  r.write("yyjson", "mut_doc reused", d, [&d, arena](bench::view_sink& sink) {
    yyjson_alc alc;
    yyjson_alc_pool_init(&alc, arena->data(), arena->size());
    yyjson_mut_doc* doc = yyjson_mut_doc_new(&alc);
    if (doc == nullptr) throw std::runtime_error("yyjson arena too small");
    yyjson_mut_doc_set_root(doc, to_dom(doc, d.value));
    std::size_t len = 0;
    char* out = yyjson_mut_write_opts(doc, 0, &alc, &len, nullptr);
    if (out == nullptr) throw std::runtime_error("yyjson_mut_write_opts failed (arena too small?)");
    sink(std::string_view(out, len));
  });
  r.read("yyjson", "doc + mapping", d, [&d](T& out) {
    yyjson_doc* doc = yyjson_read(d.input.data(), d.input.size(), 0);
    if (doc == nullptr) throw std::runtime_error("yyjson_read failed");
    try {
      from_dom(yyjson_doc_get_root(doc), out);
    } catch (...) {
      yyjson_doc_free(doc);
      throw;
    }
    yyjson_doc_free(doc);
    return true;
  });
}

}  // namespace

int main(int argc, char** argv) {
  auto reg = BENCH_ALL_DATASETS(cases);
  reg.simd = {"none (portable C)", "none (portable C)"};
  return bench::main(argc, argv, reg);
}
