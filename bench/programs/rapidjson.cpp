// RapidJSON. Writing: rapidjson::Writer driven member by member into a StringBuffer, fresh per
// call ("Writer fresh"; its content is used in place, not copied out) or one buffer cleared
// and reused ("Writer reused"). Reading: Document::Parse with kParseFullPrecisionFlag (exact
// doubles, like every other row), then mapped member by member into the struct.
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <memory>
#include <stdexcept>

#include "fields.hpp"
#include "harness.hpp"

namespace {

using namespace bench::fields;
using writer_t = rapidjson::Writer<rapidjson::StringBuffer>;

template <class T>
void write(writer_t& w, const T& v) {
  if constexpr (std::is_same_v<T, bool>) w.Bool(v);
  else if constexpr (std::is_same_v<T, std::uint64_t>) w.Uint64(v);
  else if constexpr (std::is_same_v<T, int>) w.Int(v);
  else if constexpr (std::is_same_v<T, double>) w.Double(v);
  else if constexpr (std::is_same_v<T, std::string>) w.String(v.data(), static_cast<rapidjson::SizeType>(v.size()));
  else if constexpr (is_optional<T>) {
    if (v) write(w, *v);
    else w.Null();
  } else if constexpr (is_vector<T> || is_array<T>) {
    w.StartArray();
    for (const auto& e : v) write(w, e);
    w.EndArray();
  } else if constexpr (is_map<T>) {
    w.StartObject();
    for (const auto& [k, e] : v) {
      w.Key(k.data(), static_cast<rapidjson::SizeType>(k.size()));
      write(w, e);
    }
    w.EndObject();
  } else {
    w.StartObject();
    template for (constexpr auto m : of<T>()) {
      w.Key(name<m>, name_size<m>);
      write(w, v.[:m:]);
    }
    w.EndObject();
  }
}

[[noreturn]] void bad(const char* what) { throw std::runtime_error(std::string("RapidJSON mapping: ") + what); }

template <class T>
void read(const rapidjson::Value& j, T& out) {
  if constexpr (std::is_same_v<T, bool>) {
    if (!j.IsBool()) bad("expected a bool");
    out = j.GetBool();
  } else if constexpr (std::is_same_v<T, std::uint64_t>) {
    if (!j.IsUint64()) bad("expected an unsigned integer");
    out = j.GetUint64();
  } else if constexpr (std::is_same_v<T, int>) {
    if (!j.IsInt()) bad("expected an int");
    out = j.GetInt();
  } else if constexpr (std::is_same_v<T, double>) {
    if (!j.IsNumber()) bad("expected a number");
    out = j.GetDouble();
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!j.IsString()) bad("expected a string");
    out.assign(j.GetString(), j.GetStringLength());
  } else if constexpr (is_optional<T>) {
    if (j.IsNull()) out.reset();
    else read(j, out.emplace());
  } else if constexpr (is_vector<T>) {
    if (!j.IsArray()) bad("expected an array");
    out.resize(j.Size());
    for (rapidjson::SizeType i = 0; i < j.Size(); ++i) read(j[i], out[i]);
  } else if constexpr (is_array<T>) {
    if (!j.IsArray() || j.Size() != out.size()) bad("expected a fixed-size array");
    for (rapidjson::SizeType i = 0; i < j.Size(); ++i) read(j[i], out[i]);
  } else if constexpr (is_map<T>) {
    if (!j.IsObject()) bad("expected an object");
    for (auto it = j.MemberBegin(); it != j.MemberEnd(); ++it)
      read(it->value, out[std::string(it->name.GetString(), it->name.GetStringLength())]);
  } else {
    if (!j.IsObject()) bad("expected an object");
    template for (constexpr auto m : of<T>()) {
      const auto it = j.FindMember(rapidjson::Value(rapidjson::StringRef(name<m>, name_size<m>)));
      if (it != j.MemberEnd()) read(it->value, out.[:m:]);
      else if constexpr (!is_optional<typename [:std::meta::type_of(m):]>) bad("missing member");
    }
  }
}

template <class T>
void cases(bench::registry& r, const bench::dataset<T>& d) {
  r.write("RapidJSON", "Writer fresh", d, [&d](bench::view_sink& sink) {
    rapidjson::StringBuffer buf;
    writer_t w(buf);
    write(w, d.value);
    sink(std::string_view(buf.GetString(), buf.GetSize()));
  });
  r.write("RapidJSON", "Writer reused", d, [&d, buf = std::make_shared<rapidjson::StringBuffer>()](bench::view_sink& sink) {
    buf->Clear();
    writer_t w(*buf);
    write(w, d.value);
    sink(std::string_view(buf->GetString(), buf->GetSize()));
  });
  r.read("RapidJSON", "Document + mapping", d, [&d](T& out) {
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseFullPrecisionFlag>(d.input.data(), d.input.size());
    if (doc.HasParseError()) throw std::runtime_error("RapidJSON parse error");
    read(doc, out);
    return true;
  });
}

}  // namespace

int main(int argc, char** argv) {
  auto reg = BENCH_ALL_DATASETS(cases);
  reg.simd = {"none (RAPIDJSON_SSE2/SSE42 not defined: its default)", "none (RAPIDJSON_SSE2/SSE42 not defined: its default)"};
  return bench::main(argc, argv, reg);
}
