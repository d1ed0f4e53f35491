/*
 * fuzz_scontrol: parse_scontrol on arbitrary bytes. Invariants checked:
 * ERR_OK, every evref and record context inside the input, text is the
 * cited bytes (for the text forms; --json records carry a summary), and
 * every field has a name. fuzz_scontrol_json drives the --json reader.
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

static int
inside(const char *p, size_t size, struct str s)
{
	return s.p >= p && s.n <= size && s.p <= p + size - s.n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*p = (const char *)data;
	struct src	 in = { 2, "fuzz", p, size };
	struct arena	*a = arena_new(1 << 16);
	struct evlist	 out = { 0 };
	struct event	*ev;
	size_t		 i0 = 0;
	int		 json;

	check(a != NULL);
	check(parse_scontrol(&in, a, &out, NULL) == ERR_OK);
	/* Output opening with '{' is --json: its records cite the line
	 * where their object opens (or none) and carry a summary text. */
	while (i0 < size && (p[i0] == ' ' || p[i0] == '\t' || p[i0] == '\r' ||
	    p[i0] == '\n'))
		i0++;
	json = i0 < size && p[i0] == '{';
	for (size_t i = 0; i < out.n; i++) {
		ev = out.v[i];
		check(ev->ref.file_id == 2 && (json || ev->ref.line > 0));
		check(ev->ref.off <= size && ev->ref.len <= size - ev->ref.off);
		check(json || (ev->text.p == p + ev->ref.off &&
		    ev->text.n == ev->ref.len));
		check(ev->context.p == NULL || inside(p, size, ev->context));
		for (uint16_t k = 0; k < ev->nf; k++)
			check(ev->f[k].name != NULL);
	}
	(void)sniff_scontrol(p, size);
	evlist_free(&out);
	arena_free(a);
	return 0;
}
