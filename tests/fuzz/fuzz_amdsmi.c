/*
 * fuzz_amdsmi: parse_amdsmi (amd-smi metric/static/bad-pages/process
 * --json, rocm-smi --json) on any bytes, then amdsmi_merge() over what it
 * emitted. Asserts invariants, not just "no crash": the parser returns
 * ERR_OK or ERR_NOMEM; every event is one of the kinds it may emit and
 * cites this file; every event but a note has its ref and text inside the
 * input; sizes, counts, pids and indexes are non-negative; an EV_GPU says
 * vendor "amd"; the merge leaves at most one amd-smi GPU per index; the
 * sniffer's score is 0..100.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char *const nonneg[] = {
	"index", "gpu_index", "pid", "used_bytes", "fb_total_bytes",
	"fb_used_bytes", "fb_free_bytes", "ecc_volatile_uncorrectable",
	"ecc_volatile_correctable", "ecc_deferred", "retired_pages",
	"retired_pending", "retired_pending_pages", "retired_unreservable",
};

static void
check_event(const struct event *ev, const char *p, size_t size)
{
	int64_t	v;

	if (ev->kind != EV_GPU && ev->kind != EV_GPU_PROC &&
	    ev->kind != EV_NOTE)
		abort();
	if (ev->ref.file_id != 3)
		abort();
	if (ev->kind == EV_NOTE)
		return;
	if (ev->ref.off > size || ev->ref.len > size - ev->ref.off ||
	    ev->ref.line < 1)
		abort();
	if (ev->text.p != NULL && (ev->text.p < p || ev->text.n > size ||
	    ev->text.p + ev->text.n > p + size))
		abort();
	for (size_t i = 0; i < sizeof(nonneg) / sizeof(nonneg[0]); i++)
		if (ev_num(ev, nonneg[i], &v) == 0 && v < 0)
			abort();
	if (ev->kind == EV_GPU && !str_eq(ev_str(ev, "vendor"), "amd"))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*p = (const char *)data;
	struct src	 in = { 3, "gpu/amd-smi-fuzz.json", p, size };
	struct arena	*a;
	struct evlist	 out = { 0 };
	enum err_code	 rc;
	int		 score;

	score = sniff_amdsmi(p, size);
	if (score < 0 || score > 100)
		abort();
	if ((a = arena_new(1 << 16)) == NULL)
		return 0;
	rc = parse_amdsmi(&in, a, &out, NULL);
	if (rc != ERR_OK && rc != ERR_NOMEM)
		abort();
	for (size_t i = 0; i < out.n; i++)
		check_event(out.v[i], p, size);
	if (rc == ERR_OK && amdsmi_merge(&out, a) == 0)
		for (size_t i = 0; i < out.n; i++)
			for (size_t j = i + 1; j < out.n; j++)
				if (out.v[i]->kind == EV_GPU &&
				    out.v[j]->kind == EV_GPU &&
				    ev_num_or(out.v[i], "index", -1) ==
				    ev_num_or(out.v[j], "index", -2))
					abort();
	evlist_free(&out);
	arena_free(a);
	return 0;
}
