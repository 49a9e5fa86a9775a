/* C ABI of the Rust crate bench/serde (static library libserde_bench.a): serde_json as called
 * from C++ by bench_serde_ffi, the way study 000 called it.
 * Dataset codes: 0 = twitter, 1 = citm, 2 = canada, 3 = player, 4 = order; the types are those
 * of models/{twitter,citm,canada,player,order}.hpp, mirrored in src/lib.rs. */
#ifndef SERDE_BENCH_H
#define SERDE_BENCH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Parses json[0..len) as the dataset's type; NULL on a parse error or an unknown dataset.
 * Free the result with serde_bench_free(dataset, ...). */
void* serde_bench_parse(int dataset, const char* json, size_t len);

/* Writes a parsed value as JSON: serde_json::to_string, then a CString made from it (the
 * study's str_from_twitter). NUL-terminated; free with serde_bench_free_string.
 * NULL if data is NULL or the dataset is unknown. */
char* serde_bench_to_cstring(int dataset, const void* data);

/* Frees a string from serde_bench_to_cstring (NULL is a no-op). */
void serde_bench_free_string(char* s);

/* Frees a value from serde_bench_parse (NULL is a no-op). */
void serde_bench_free(int dataset, void* data);

#ifdef __cplusplus
}
#endif

#endif
