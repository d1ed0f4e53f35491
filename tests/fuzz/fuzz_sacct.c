/*
 * fuzz_sacct: parse_sacct on arbitrary bytes. Invariants checked: the
 * parser returns ERR_OK (only allocation can fail, and it does not here),
 * every evref lies inside the input, borrowed text lies inside the input,
 * and every event has a kind the parser emits.
 */
#include <stdint.h>
#include <stdlib.h>

#include "parse.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
check(int ok)
{
	if (!ok)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*p = (const char *)data;
	struct src	 in = { 1, "fuzz", p, size };
	struct arena	*a = arena_new(1 << 16);
	struct evlist	 out = { 0 };
	struct event	*ev;

	check(a != NULL);
	check(parse_sacct(&in, a, &out, NULL) == ERR_OK);
	for (size_t i = 0; i < out.n; i++) {
		ev = out.v[i];
		check(ev->kind == EV_SACCT_ROW || ev->kind == EV_NOTE ||
		    ev->kind == EV_UNPARSED);
		check(ev->ref.file_id == 1);
		check(ev->ref.off <= size && ev->ref.len <= size - ev->ref.off);
		/* Text rows cite their own bytes. */
		if (ev->ref.line > 0 && ev->text.p >= p &&
		    ev->text.p < p + size)
			check(ev->text.p == p + ev->ref.off &&
			    ev->text.n == ev->ref.len);
	}
	(void)sniff_sacct(p, size);
	evlist_free(&out);
	arena_free(a);
	return 0;
}
