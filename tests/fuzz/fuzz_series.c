/*
 * fuzz_series: series_read (the watch file) on any bytes. Asserts
 * invariants, not just "no crash": ERR_OK, ERR_PARSE or ERR_NOMEM only;
 * nrows * ncols within SERIES_MAX_CELLS and ncols within SERIES_MAX_COLS;
 * t_ns non-decreasing and spans non-negative; every column named; every
 * value either SERIES_NONE or a decimal that occurs in the input; and
 * re-encoding what was read and reading it again gives the same rows.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "series.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int
in_input(int64_t v, const char *p, size_t size)
{
	char	 d[24];
	size_t	 n = (size_t)snprintf(d, sizeof(d), "%lld", (long long)v);

	for (size_t i = 0; i + n <= size; i++)
		if (memcmp(p + i, d, n) == 0)
			return 1;
	return 0;
}

static void
check(const struct series *s, const char *p, size_t size)
{
	if (s->ncols > SERIES_MAX_COLS ||
	    s->nrows * (s->ncols < 4 ? 4 : s->ncols) > SERIES_MAX_CELLS)
		abort();
	for (size_t c = 0; c < s->ncols; c++)
		if (s->cols[c].name == NULL || s->cols[c].name[0] == '\0' ||
		    s->cols[c].limit < -1)
			abort();
	for (size_t r = 0; r < s->nrows; r++) {
		if ((r > 0 && s->t_ns[r] < s->t_ns[r - 1]) || s->span_ns[r] < 0)
			abort();
		for (size_t c = 0; c < s->ncols; c++)
			if (s->v[r * s->ncols + c] != SERIES_NONE && r < 64 &&
			    !in_input(s->v[r * s->ncols + c], p, size))
				abort();
	}
}

/* Write s through the encoder into a pipe-free temporary file and read
 * it back: the same shape and values. */
static void
round_trip(const struct series *s, struct arena *a)
{
	struct series	 t;
	char		 path[] = "/tmp/fuzz_series.XXXXXX", *b;
	int		 fd = mkstemp(path);
	off_t		 n;

	if (fd == -1)
		return;
	unlink(path);
	if (series_write_fd(fd, s, NULL, NULL) != ERR_OK ||
	    (n = lseek(fd, 0, SEEK_END)) <= 0 || (b = malloc((size_t)n)) ==
	    NULL) {
		close(fd);
		return;
	}
	if (pread(fd, b, (size_t)n, 0) == n &&
	    series_read(b, (size_t)n, a, &t, NULL) == ERR_OK &&
	    (t.nrows != s->nrows || t.ncols != s->ncols || t.bad_records ||
	    (s->nrows > 0 && memcmp(t.v, s->v, s->nrows * s->ncols * 8))))
		abort();
	free(b);
	close(fd);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*p = (const char *)data;
	struct arena	*a;
	struct series	 s;
	enum err_code	 rc;

	if ((a = arena_new(1 << 16)) == NULL)
		return 0;
	rc = series_read(p, size, a, &s, NULL);
	if (rc != ERR_OK && rc != ERR_PARSE && rc != ERR_NOMEM)
		abort();
	if (rc == ERR_OK) {
		check(&s, p, size);
		if (s.nrows < 4096)
			round_trip(&s, a);
	}
	arena_free(a);
	return 0;
}
