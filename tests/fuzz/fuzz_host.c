/*
 * fuzz_host: parse_host on arbitrary bytes, read as each host/ file in
 * turn. Checks that every event cites bytes inside the input and that its
 * text is exactly those bytes, and that each procs.tsv row's pid matches
 * its field.
 */
#include <stdint.h>
#include <stdlib.h>

#include "parse.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char *const names[] = {
	"host/meminfo.txt", "host/shm.txt", "host/uptime.txt",
	"host/os-release.txt", "host/env.txt", "host/ulimits.txt",
	"host/cgroup-mode.txt", "host/procs.tsv", "host/unknown.txt",
};

static void
check(const struct evlist *l, const char *p, size_t n)
{
	int64_t	pid;

	for (size_t i = 0; i < l->n; i++) {
		const struct event	*ev = l->v[i];

		if (ev->ref.off > n || ev->ref.len > n - ev->ref.off)
			abort();
		if (ev->text.p != NULL && (ev->text.p != p + ev->ref.off ||
		    ev->text.n != ev->ref.len))
			abort();
		if (ev->kind == EV_HOST && ev_num(ev, "pid", &pid) == 0 &&
		    pid != ev->pid)
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
		struct src	 in = { 0, names[k], (const char *)data, size };
		struct arena	*a = arena_new(1 << 14);
		struct evlist	 out = { 0 };

		if (a != NULL && parse_host(&in, a, &out, NULL) == ERR_OK)
			check(&out, in.data, size);
		evlist_free(&out);
		arena_free(a);
	}
	return 0;
}
