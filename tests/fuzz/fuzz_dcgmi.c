/*
 * fuzz_dcgmi: parse_dcgmi (dcgmi stats -j JOB -v) on any bytes.
 * Asserts invariants, not just "no crash": the parser returns ERR_OK or
 * ERR_NOMEM; every event is one of the kinds it may emit, cites this
 * file, and its ref and text lie inside the input; every count and size
 * is non-negative, at most 32 PIDs are kept; the sniffer's score is
 * 0..100.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
check_event(const struct event *ev, const char *p, size_t size)
{
	int64_t	v;

	static const char *const counts[] = { "gpu", "processes",
		"conflicting", "max_memory_bytes", "ecc_sbe", "ecc_dbe",
		"pcie_replays", "xid_errors", "npids" };

	if (ev->kind != EV_DCGM_GPU && ev->kind != EV_NOTE)
		abort();
	if (ev->ref.file_id != 3 || ev->ref.off > size ||
	    ev->ref.len > size - ev->ref.off)
		abort();
	if (ev->text.p != NULL && (ev->text.p < p || ev->text.n > size ||
	    ev->text.p + ev->text.n > p + size))
		abort();
	/* counts and sizes are never negative; gpu is -1 for a summary */
	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
		if (ev_num(ev, counts[i], &v) == 0 && v < (i == 0 ? -1 : 0))
			abort();
	if (ev_num(ev, "npids", &v) == 0 && v > 32)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*p = (const char *)data;
	struct src	 in = { 3, "gpu/fuzz", p, size };
	struct arena	*a;
	struct evlist	 out = { 0 };
	enum err_code	 rc;
	int		 score;

	score = sniff_dcgmi(p, size);
	if (score < 0 || score > 100)
		abort();
	if ((a = arena_new(1 << 16)) == NULL)
		return 0;
	rc = parse_dcgmi(&in, a, &out, NULL);
	if (rc != ERR_OK && rc != ERR_NOMEM)
		abort();
	for (size_t i = 0; i < out.n; i++)
		check_event(out.v[i], p, size);
	evlist_free(&out);
	arena_free(a);
	return 0;
}
