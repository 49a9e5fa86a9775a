// JSON Patch and Merge Patch on any bytes: the input is a document, a line break, then a patch
// (both read into metajson::value), or one JSON value (below). Then:
//   - try_patch and try_patch_in_place give the same verdict; when they succeed, identical values;
//     when they fail, the document given in place is identical to what it was (all or nothing);
//   - make_patch(document, result) applied to the document gives the result (JSON equality), and
//     make_patch(document, patch-as-a-document) too, with any two values;
//   - the patch applied as a merge patch, in place and not, gives identical values; where
//     make_merge_patch makes one for (document, that result), it gives the result back.
// Seeds: every example of RFC 6902 and RFC 7396, and traps of both.
#include <metajson/metajson.hpp>
#include <metajson/patch.hpp>

#include "../fuzz.hpp"

#include <string>
#include <vector>

using metajson::value;

extern "C" void metajson_fuzz_seeds(std::vector<std::string>& out) {
  const char* const seeds[] = {
      "{\"foo\": \"bar\"}\n[{ \"op\": \"add\", \"path\": \"/baz\", \"value\": \"qux\" }]",
      "{\"foo\": [ \"bar\", \"baz\" ]}\n[{ \"op\": \"add\", \"path\": \"/foo/1\", \"value\": \"qux\" }]",
      "{\"baz\": \"qux\", \"foo\": \"bar\"}\n[{ \"op\": \"remove\", \"path\": \"/baz\" }]",
      "{\"foo\": [ \"bar\", \"qux\", \"baz\" ]}\n[{ \"op\": \"remove\", \"path\": \"/foo/1\" }]",
      "{\"baz\": \"qux\", \"foo\": \"bar\"}\n[{ \"op\": \"replace\", \"path\": \"/baz\", \"value\": \"boo\" }]",
      "{\"foo\": {\"bar\": \"baz\", \"waldo\": \"fred\"}, \"qux\": {\"corge\": \"grault\"}}\n[{ \"op\": \"move\", \"from\": \"/foo/waldo\", \"path\": \"/qux/thud\" }]",
      "{\"foo\": [ \"all\", \"grass\", \"cows\", \"eat\" ]}\n[{ \"op\": \"move\", \"from\": \"/foo/1\", \"path\": \"/foo/3\" }]",
      "{\"baz\": \"qux\", \"foo\": [ \"a\", 2, \"c\" ]}\n[{ \"op\": \"test\", \"path\": \"/baz\", \"value\": \"qux\" }, { \"op\": \"test\", \"path\": \"/foo/1\", \"value\": 2 }]",
      "{ \"foo\": \"bar\" }\n[{ \"op\": \"add\", \"path\": \"/child\", \"value\": { \"grandchild\": { } } }]",
      "{ \"foo\": \"bar\" }\n[{ \"op\": \"add\", \"path\": \"/baz\", \"value\": \"qux\", \"op\": \"remove\" }]",
      "{\"/\": 9, \"~1\": 10}\n[{\"op\": \"test\", \"path\": \"/~01\", \"value\": 10}]",
      "{ \"foo\": [\"bar\"] }\n[{ \"op\": \"add\", \"path\": \"/foo/-\", \"value\": [\"abc\", \"def\"] }]",
      "{\"a\":{\"b\":[1,2,3],\"c\":\"x\"},\"d\":[{\"e\":1}],\"k\":1,\"k\":2}\n[{\"op\":\"add\",\"path\":\"/a/b/1\",\"value\":9},"
      "{\"op\":\"remove\",\"path\":\"/a/c\"},{\"op\":\"move\",\"from\":\"/d/0\",\"path\":\"/a/m\"},{\"op\":\"replace\",\"path\":\"/k\",\"value\":[1]},"
      "{\"op\":\"copy\",\"from\":\"/a\",\"path\":\"/d/-\"},{\"op\":\"add\",\"path\":\"\",\"value\":{}},{\"op\":\"remove\",\"path\":\"/nope\"}]",
      "[1,2,3]\n[{\"op\":\"move\",\"from\":\"/0\",\"path\":\"/2\"},{\"op\":\"test\",\"path\":\"/2\",\"value\":1.0}]",
      "{\"a\":1e400,\"b\":9007199254740993}\n[{\"op\":\"test\",\"path\":\"/a\",\"value\":10E399},{\"op\":\"test\",\"path\":\"/b\",\"value\":9007199254740992.0}]",
      "{\"title\": \"Goodbye!\", \"author\" : {\"givenName\" : \"John\", \"familyName\" : \"Doe\"}, \"tags\":[ \"example\", \"sample\" ]}\n"
      "{\"title\": \"Hello!\", \"phoneNumber\": \"+01-123-456-7890\", \"author\": {\"familyName\": null}, \"tags\": [ \"example\" ]}",
      "{\"a\": [{\"b\":\"c\"}]}\n{\"a\": [1]}",
      "[1,2]\n{\"a\":\"b\",\"c\":null}",
      "{}\n{\"a\":{\"bb\":{\"ccc\":null}}}",
      "{\"k\":1,\"x\":0,\"k\":2}\n{\"k\":{\"z\":null,\"y\":[]}}",
  };
  for (const char* s : seeds) out.emplace_back(s);
}

namespace {

void check(const value& doc, const value& ops) {
  // JSON Patch, both ways.
  const auto r = metajson::try_patch(doc, ops);
  value in_place = doc;
  const metajson::error e = metajson::try_patch_in_place(in_place, ops);
  METAJSON_FUZZ_CHECK(r.has_value() == !e);
  if (r) {
    METAJSON_FUZZ_CHECK(identical(in_place, *r));
    const value back = metajson::make_patch(doc, *r);
    const auto again = metajson::try_patch(doc, back);
    METAJSON_FUZZ_CHECK(again && *again == *r);
  } else {
    METAJSON_FUZZ_CHECK(identical(in_place, doc));
    METAJSON_FUZZ_CHECK(e.code() == r.error().code() && e.message() == r.error().message());
  }
  // Any two values: a made patch turns one into the other.
  const auto made = metajson::try_patch(doc, metajson::make_patch(doc, ops));
  METAJSON_FUZZ_CHECK(made && *made == ops);
  // Merge patch.
  const value merged = metajson::merge_patch(doc, ops);
  value merged_in_place = doc;
  metajson::merge_patch_in_place(merged_in_place, ops);
  METAJSON_FUZZ_CHECK(identical(merged, merged_in_place));
  if (const auto m = metajson::try_make_merge_patch(doc, merged)) METAJSON_FUZZ_CHECK(metajson::merge_patch(doc, *m) == merged);
  if (const auto m = metajson::try_make_merge_patch(doc, ops)) METAJSON_FUZZ_CHECK(metajson::merge_patch(doc, *m) == ops);
}

}  // namespace

// A document and a patch separated by a line break; any other JSON value is tried as a patch of
// itself and of {} (so that every input of the corpus exercises the patches), and against its
// first element or member's value.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = metajson_fuzz::as_text(data, size);
  if (const std::size_t nl = in.find('\n'); nl != std::string_view::npos) {
    const auto doc = metajson::try_from<value>(in.substr(0, nl));
    const auto ops = metajson::try_from<value>(in.substr(nl + 1));
    if (doc && ops) {
      check(*doc, *ops);
      return 0;
    }
  }
  const auto v = metajson::try_from<value>(in);
  if (!v) return 0;
  check(*v, *v);
  check(value::object{}, *v);
  if (v->is_array() && !v->empty()) check(*v, (*v)[0]);
  if (v->is_object() && !v->empty()) check(v->as_object()[0].second, *v);
  return 0;
}
