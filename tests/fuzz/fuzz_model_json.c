/*
 * fuzz_model_json: model_from_json on arbitrary bytes (what "oomtrail
 * report" reads). Invariants checked: it either fails with ERR_FORMAT,
 * ERR_LIMIT or ERR_NOMEM and leaves no analysis, or succeeds with a model
 * whose unknowns are -1/0 (never other negatives) and whose JSON, read
 * back, writes the same bytes again (the contract is a fixed point).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Names the invariant that broke, so a crash report says which. */
#define check(ok) check_at((ok), #ok, __LINE__)

static void
check_at(int ok, const char *what, int line)
{
	if (!ok) {
		fprintf(stderr, "fuzz_model_json.c:%d: %s\n", line, what);
		abort();
	}
}

static char *
dump(const struct analysis *an, size_t *n)
{
	char		*p = NULL;
	FILE		*fp = open_memstream(&p, n);
	struct err	 e = { 0 };

	check(fp != NULL);
	check(model_to_json(an, fp, &e) == ERR_OK);
	check(fclose(fp) == 0);
	return p;
}

static void
check_model(const struct analysis *an)
{
	for (size_t i = 0; i < an->timeline.n; i++) {
		check(an->timeline.v[i].rank >= -1);
		check(an->timeline.v[i].pid >= -1);
	}
	for (size_t i = 0; i < an->nhost; i++)
		check(an->host[i].req_mem_bytes >= -1 &&
		    an->host[i].max_rss_bytes >= -1);
	for (size_t i = 0; i < an->ndevice; i++)
		check(an->device[i].capacity_bytes >= -1 &&
		    an->device[i].free_bytes >= -1);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct analysis	*an = (struct analysis *)1, *again = NULL;
	struct err	 e = { 0 };
	enum err_code	 rc;
	char		*j1, *j2;
	size_t		 n1, n2;

	rc = model_from_json((const char *)data, size, &an, &e);
	if (rc != ERR_OK) {
		check(an == NULL);
		check(rc == ERR_FORMAT || rc == ERR_LIMIT || rc == ERR_NOMEM);
		return 0;
	}
	check(an != NULL);
	check_model(an);
	j1 = dump(an, &n1);
	if (model_from_json(j1, n1, &again, &e) != ERR_OK) {
		fprintf(stderr, "its own output does not read back: %s\n%.*s\n",
		    e.msg, (int)n1, j1);
		abort();
	}
	j2 = dump(again, &n2);
	if (n1 != n2 || memcmp(j1, j2, n1) != 0) {
		fprintf(stderr, "first write:\n%.*s\nsecond write:\n%.*s\n",
		    (int)n1, j1, (int)n2, j2);
		abort();
	}
	free(j1);
	free(j2);
	analysis_free(again);
	analysis_free(an);
	return 0;
}
