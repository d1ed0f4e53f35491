/*
 * series_dump: read a watch file (common/series.h) the way the analyzer
 * does and print what the reader made of it, for the integration checks
 * and for people.
 *
 *   series_dump FILE [COLUMN]
 *
 * First line: "rows=N cols=M bad=B dropped_tail=T downsampled=D
 * job=J host=H interval_ms=I"; then one "col NAME UNIT LIMIT" line per
 * column, the notes as "note TEXT", and with COLUMN its values as
 * "t_ns value" lines (rows without a sample left out). Exit 0 when the
 * file has a header, 1 when not, 2 on usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "series.h"

#define FILE_MAX	(64u << 20)

static char *
slurp(const char *path, size_t *n)
{
	FILE	*f = fopen(path, "rb");
	char	*b = malloc(FILE_MAX);

	*n = 0;
	if (f != NULL && b != NULL)
		*n = fread(b, 1, FILE_MAX, f);
	if (f != NULL)
		fclose(f);
	return b;
}

static void
dump_col(const struct series *s, const char *name)
{
	long	c = series_col_index(s, name);
	int64_t	v;

	if (c == -1)
		return;
	for (size_t r = 0; r < s->nrows; r++)
		if ((v = s->v[r * s->ncols + (size_t)c]) != SERIES_NONE)
			printf("%lld %lld\n", (long long)s->t_ns[r],
			    (long long)v);
}

int
main(int argc, char *argv[])
{
	struct arena	*a;
	struct series	 s;
	struct err	 e = { 0 };
	size_t		 n;
	char		*b;

	if (argc < 2 || argc > 3)
		return fprintf(stderr, "usage: series_dump FILE [COLUMN]\n"), 2;
	if ((b = slurp(argv[1], &n)) == NULL || (a = arena_new(1 << 16)) ==
	    NULL)
		return 1;
	if (series_read(b, n, a, &s, &e) != ERR_OK) {
		fprintf(stderr, "series_dump: %s: %s\n", argv[1], e.msg);
		return 1;
	}
	printf("rows=%zu cols=%zu bad=%llu dropped_tail=%d downsampled=%d "
	    "job=%s host=%s interval_ms=%lld\n", s.nrows, s.ncols,
	    (unsigned long long)s.bad_records, s.dropped_tail, s.downsampled,
	    s.job ? s.job : "-", s.host ? s.host : "-",
	    (long long)s.interval_ms);
	for (size_t i = 0; i < s.ncols; i++)
		printf("col %s %s %lld\n", s.cols[i].name, s.cols[i].unit,
		    (long long)s.cols[i].limit);
	for (size_t i = 0; i < s.nnotes; i++)
		printf("note %s\n", s.notes[i]);
	if (argc == 3)
		dump_col(&s, argv[2]);
	arena_free(a);
	free(b);
	return 0;
}
