/*
 * fuzz_kernel: parse_kernel on arbitrary bytes. Beyond "no crash" it
 * checks that every event cites bytes inside the input and that its text
 * is exactly those bytes, and that exactly one coverage note comes out.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
check(const struct evlist *l, const char *p, size_t n)
{
	size_t	notes = 0;

	for (size_t i = 0; i < l->n; i++) {
		const struct event	*ev = l->v[i];

		if (ev->kind >= EV__COUNT || ev->sig == NULL ||
		    ev->ref.off > n || ev->ref.len > n - ev->ref.off)
			abort();
		if (ev->text.p != NULL && (ev->text.p != p + ev->ref.off ||
		    ev->text.n != ev->ref.len))
			abort();
		if (ev->kind == EV_NOTE && strcmp(ev->sig, "kernel.coverage") == 0)
			notes++;
	}
	if (notes != 1)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct src	 in = { 0, "kernel/kmsg.txt", (const char *)data, size };
	struct arena	*a = arena_new(1 << 16);
	struct evlist	 out = { 0 };

	if (a != NULL && parse_kernel(&in, a, &out, NULL) == ERR_OK)
		check(&out, in.data, size);
	(void)sniff_kernel(in.data, size);
	evlist_free(&out);
	arena_free(a);
	return 0;
}
