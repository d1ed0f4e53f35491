/*
 * fuzz_log: the streaming log parser on arbitrary bytes, fed in blocks of
 * pseudo-random size (derived from the input, so runs are repeatable).
 * Invariants: every event's evref lies inside the input, its text is the
 * input's bytes at that offset, its line number is plausible, and block
 * boundaries never change what is found.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse_log.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct catalog	*cat;

static void
check_events(const struct evlist *l, const uint8_t *data, size_t size)
{
	for (size_t i = 0; i < l->n; i++) {
		const struct event	*ev = l->v[i];

		if (ev->ref.off > size || ev->ref.len > size - ev->ref.off ||
		    ev->ref.line == 0 || ev->ref.line > size + 1 ||
		    ev->text.n != ev->ref.len ||
		    memcmp(ev->text.p, data + ev->ref.off, ev->text.n) != 0 ||
		    ev->sig == NULL || ev->context.p == NULL)
			abort();
	}
}

static size_t
feed_random(struct logscan *ls, const uint8_t *data, size_t size)
{
	uint32_t	x = 2166136261u ^ (uint32_t)size;
	size_t		i = 0, k;
	struct err	e;

	if (size > 0)
		x ^= data[0];
	while (i < size) {
		x = x * 1664525u + 1013904223u;
		k = 1 + (x >> 8) % 97;
		if (k > size - i)
			k = size - i;
		if (logscan_feed(ls, (const char *)data + i, k, &e) != ERR_OK)
			abort();
		i += k;
	}
	return i;
}

static void
run(const uint8_t *data, size_t size, int blocks, struct evlist *l,
    struct arena *a)
{
	struct logscan	*ls;
	struct err	 e;

	if (logscan_new(cat, a, l, 0, "fuzz", &ls, &e) != ERR_OK)
		abort();
	if (blocks)
		feed_random(ls, data, size);
	else if (logscan_feed(ls, (const char *)data, size, &e) != ERR_OK)
		abort();
	if (logscan_end(ls, &e) != ERR_OK)
		abort();
	logscan_free(ls);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena	*a = arena_new(1 << 16);
	struct evlist	 one = { 0 }, many = { 0 };
	struct err	 e;

	if (a == NULL || (cat == NULL && catalog_new(&cat, &e) != ERR_OK))
		abort();
	run(data, size, 0, &one, a);
	run(data, size, 1, &many, a);
	check_events(&one, data, size);
	check_events(&many, data, size);
	if (one.n != many.n)
		abort();
	for (size_t i = 0; i < one.n; i++)
		if (one.v[i]->ref.off != many.v[i]->ref.off ||
		    one.v[i]->ref.line != many.v[i]->ref.line ||
		    one.v[i]->kind != many.v[i]->kind)
			abort();
	evlist_free(&one);
	evlist_free(&many);
	arena_free(a);
	return 0;
}
