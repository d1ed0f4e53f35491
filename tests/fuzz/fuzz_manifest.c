/*
 * fuzz_manifest: manifest_from_json() on untrusted bytes.
 *
 * Invariants, not just "no crash": a refused input returns no manifest
 * and ERR_FORMAT (or ERR_NOMEM); an accepted one serialises, the text
 * parses again, and serialising that copy gives the same text (so the
 * two manifests agree on every field).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "manifest.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define REQUIRE(c)	do { if (!(c)) abort(); } while (0)

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct manifest	*m = NULL, *b = NULL;
	struct err	 e = { 0 };
	char		*j1 = NULL, *j2 = NULL;
	size_t		 n1, n2;
	enum err_code	 rc;

	rc = manifest_from_json((const char *)data, size, &m, &e);
	if (rc != ERR_OK) {
		REQUIRE(m == NULL);
		REQUIRE(rc == ERR_FORMAT || rc == ERR_NOMEM);
		REQUIRE(memchr(e.msg, '\0', sizeof(e.msg)) != NULL);
		return 0;
	}
	REQUIRE(m != NULL && m->format == MANIFEST_FORMAT);
	for (size_t i = 0; i < m->nitems; i++) {
		REQUIRE(m->items[i].path != NULL && m->items[i].path[0]);
		REQUIRE(manifest_find(m, m->items[i].path) == &m->items[i]);
	}
	REQUIRE(manifest_to_json(m, &j1, &n1, &e) == ERR_OK);
	REQUIRE(manifest_from_json(j1, n1, &b, &e) == ERR_OK);
	REQUIRE(b->nitems == m->nitems && b->created_ns == m->created_ns);
	REQUIRE(manifest_to_json(b, &j2, &n2, &e) == ERR_OK);
	REQUIRE(n1 == n2 && memcmp(j1, j2, n1) == 0);
	free(j1);
	free(j2);
	manifest_free(m);
	manifest_free(b);
	return 0;
}
