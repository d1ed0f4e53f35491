/*
 * fuzz_nvsmi_xml: parse_nvsmi_xml (nvidia-smi -q -x XML) on arbitrary bytes.
 * Asserts invariants, not just "no crash": the parser returns ERR_OK,
 * ERR_NOMEM, or ERR_LIMIT (nested past libxml2's depth limit); every event is one of the kinds it may emit, cites this
 * file, and its ref and text lie inside the input; every numeric field
 * of a size is non-negative; the sniffer's score is 0..100.
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

	if (ev->kind != EV_GPU && ev->kind != EV_GPU_PROC &&
	    ev->kind != EV_UNPARSED && ev->kind != EV_NOTE)
		abort();
	if (ev->ref.file_id != 3 || ev->ref.off > size ||
	    ev->ref.len > size - ev->ref.off)
		abort();
	if (ev->text.p != NULL && (ev->text.p < p || ev->text.n > size ||
	    ev->text.p + ev->text.n > p + size))
		abort();
	if ((ev_num(ev, "used_bytes", &v) == 0 && v < 0) ||
	    (ev_num(ev, "fb_total_bytes", &v) == 0 && v < 0))
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

	score = sniff_nvsmi_xml(p, size);
	if (score < 0 || score > 100)
		abort();
	if ((a = arena_new(1 << 16)) == NULL)
		return 0;
	rc = parse_nvsmi_xml(&in, a, &out, NULL);
	if (rc != ERR_OK && rc != ERR_NOMEM && rc != ERR_LIMIT)
		abort();
	for (size_t i = 0; i < out.n; i++)
		check_event(out.v[i], p, size);
	evlist_free(&out);
	arena_free(a);
	return 0;
}
