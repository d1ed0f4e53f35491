/*
 * fuzz_redact: the secret detectors (common/redact.c) on arbitrary bytes,
 * line by line as the collector's filter feeds them and whole as the
 * analyzer masks its strings, then the pseudonymiser on the masked lines.
 * Checks that nothing is cut (the output fits REDACT_OUT_SZ), that the
 * per-detector counts add up to the total, and that the whole-text and
 * line-by-line passes agree, and that the analyzer's masking comes to a
 * fixed point.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pseudo.h"
#include "redact.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct pseudo *
key(void)
{
	static struct pseudo	*ps;
	static int		 tried;
	char			 path[] = "/tmp/fuzz-redact-key-XXXXXX";
	int			 fd;

	if (tried)
		return ps;
	tried = 1;
	if ((fd = mkstemp(path)) == -1)
		return NULL;
	if (write(fd, "fuzz-site-key-0123456789abcdef\n", 31) == 31)
		pseudo_new(&ps, path, NULL);
	close(fd);
	unlink(path);
	return ps;
}

static void
check_tally(const struct redact_tally *t)
{
	uint64_t	sum = 0;

	for (int d = 0; d < RD_N; d++)
		sum += t->by[d];
	if (sum != t->total)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct redact_state	 st = { 0 };
	struct redact_tally	 lines = { 0 }, whole = { 0 };
	const char		*p = (const char *)data;
	char			*s, *out, *w, *again, *ps_out;
	size_t			 sz, k = 0, e, n;
	uint64_t		 cnt = 0;

	if (size > 65536 || (s = malloc(size + 1)) == NULL)
		return 0;
	/* the analyzer's strings have no NUL: cut at the first */
	memcpy(s, data, size);
	s[size] = '\0';
	n = strlen(s);
	sz = REDACT_OUT_SZ(n);
	out = malloc(sz);
	ps_out = malloc(8 * sz + 64);
	for (size_t i = 0; out != NULL && ps_out != NULL && i <= n;
	    i = e + 1) {
		const char	*nl = memchr(p + i, '\n', n - i);
		size_t		 m;

		e = nl != NULL ? (size_t)(nl - p) : n;
		m = redact_scan(p + i, e - i, out + k, sz - k, &st, &lines);
		if (m + 1 >= sz - k)	/* cut: the size promise failed */
			abort();
		if (key() != NULL)
			pseudo_line(key(), out + k, m, ps_out, 8 * sz + 64,
			    &cnt);
		k += m;
		if (e < n)
			out[k++] = '\n';
	}
	check_tally(&lines);
	if ((w = redact_text(s, &whole)) != NULL) {
		check_tally(&whole);
		if (out == NULL || whole.total != lines.total ||
		    strlen(w) != k || memcmp(w, out, k) != 0)
			abort();
		free(w);
	} else if (lines.total != 0)
		abort();
	/* what the analyzer masks comes to a fixed point: one more pass
	 * over it (a saved analysis read back) finds nothing */
	if ((w = redact_text_fixed(s, NULL)) != NULL) {
		if ((again = redact_text(w, NULL)) != NULL) {
			fprintf(stderr, "no fixed point:\n%s\n%s\n", w,
			    again);
			abort();
		}
		free(w);
	}
	free(ps_out);
	free(out);
	free(s);
	return 0;
}
