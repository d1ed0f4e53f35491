/*
 * test_series: the watch file format (common/series.c). A file checksummed
 * by zlib's crc32 (Python) reads back; the writer's output reads back
 * exactly; a file cut in the middle of a record, a bad checksum, columns
 * declared mid-file, two segments, a second writer, compaction (the cap
 * holds and the peaks survive) and hostile input. The real series
 * recorded on the integration cluster is read in test_series_real.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "series.h"

#define T0	1700000000000000000ll
#define MIB	(1024ll * 1024)

/* Written by hand, checksums from Python's zlib.crc32. */
static const char zlib_file[] =
    "H oomtrail-series 1 job=42 host=n1 interval_ms=1000 "
    "t0_ns=1700000000000000000 mono0_ns=5000 *fdd6848a\n"
    "C 0 cg/job/current bytes 104857600 *49cfb5bb\n"
    "S 0 1000 *21ee4672\n"
    "S 1000 2000 *930fd0eb\n"
    "S 2000 = *80097972\n"
    "N end: signal *a1729c0f\n";

static char *
slurp(const char *path, size_t *n)
{
	struct stat	 st;
	char		*b;
	int		 fd = open(path, O_RDONLY);

	*n = 0;
	if (fd == -1 || fstat(fd, &st) == -1 ||
	    (b = malloc((size_t)st.st_size + 1)) == NULL) {
		if (fd != -1)
			close(fd);
		return NULL;
	}
	*n = (size_t)read(fd, b, (size_t)st.st_size);
	close(fd);
	return b;
}

static int
read_file(const char *path, struct arena *a, struct series *s)
{
	size_t	 n;
	char	*b = slurp(path, &n);
	int	 rc;

	if (b == NULL)
		return -1;
	rc = series_read(b, n, a, s, NULL) == ERR_OK ? 0 : -1;
	/* the arena keeps copies of what it needs, never the buffer */
	memset(b, 'x', n);
	free(b);
	return rc;
}

static int
has_note_text(const struct series *s, const char *text)
{
	for (size_t i = 0; i < s->nnotes; i++)
		if (strstr(s->notes[i], text) != NULL)
			return 1;
	return 0;
}

static struct series_writer *
writer(const char *path, uint64_t cap)
{
	struct series_hdr	 h = { "42", "node-1", 1000, T0, 5000 };
	struct series_writer	*w = NULL;
	struct err		 e = { 0 };

	if (series_writer_open(&w, path, &h, cap, &e) != ERR_OK)
		test_fail(__FILE__, __LINE__, "open: %s", e.msg);
	return w;
}

DEFINE_TEST(test_series_zlib_checksums)
{
	struct arena	*a = arena_new(4096);
	struct series	 s;
	struct err	 e = { 0 };

	CHECK_EQ_INT(series_read(zlib_file, strlen(zlib_file), a, &s, &e),
	    ERR_OK);
	CHECK_EQ_STR(s.job, "42");
	CHECK_EQ_STR(s.host, "n1");
	CHECK_EQ_INT(s.interval_ms, 1000);
	CHECK_EQ_INT(s.mono0_ns, 5000);
	CHECK_EQ_U64(s.bad_records, 0);
	CHECK_EQ_INT(s.dropped_tail, 0);
	CHECK_EQ_INT(s.ncols, 1);
	CHECK_EQ_STR(s.cols[0].name, "cg/job/current");
	CHECK_EQ_STR(s.cols[0].unit, "bytes");
	CHECK_EQ_INT(s.cols[0].limit, 104857600);
	CHECK_EQ_INT(s.nrows, 3);
	CHECK_EQ_INT(s.t_ns[2], T0 + 2000000000ll);
	CHECK_EQ_INT(s.v[0], 1000);
	CHECK_EQ_INT(s.v[2], 2000);	/* "=" */
	CHECK_EQ_INT(s.nnotes, 1);
	CHECK_EQ_STR(s.notes[0], "end: signal");
	arena_free(a);
}

DEFINE_TEST(test_series_round_trip)
{
	struct series_writer	*w = writer("w.series", 0);
	struct arena		*a = arena_new(1 << 16);
	struct series		 s;
	int64_t			 v[3];

	if (w == NULL)
		return;
	CHECK_EQ_INT(series_writer_col(w, "cg/job/current", "bytes", 100 * MIB),
	    0);
	CHECK_EQ_INT(series_writer_col(w, "cg/job/oom_kill", "count", -1), 1);
	CHECK_EQ_INT(series_writer_col(w, "gpu0/used", "bytes", 80 * MIB), 2);
	CHECK_EQ_INT(series_writer_col(w, "cg/job/current", "bytes", 100 * MIB),
	    0);
	CHECK_EQ_INT(series_writer_col(w, "bad name", "bytes", -1), -1);
	for (int i = 0; i < 100; i++) {
		v[0] = (int64_t)i * MIB;
		v[1] = i < 90 ? 0 : 1;
		v[2] = i % 2 ? SERIES_NONE : 7;
		CHECK_EQ_INT(series_writer_row(w, T0 + (int64_t)i * 1000000000,
		    v, 3, NULL), ERR_OK);
	}
	CHECK_EQ_INT(series_writer_note(w, "end: job cgroup removed", NULL),
	    ERR_OK);
	series_writer_close(w);
	CHECK_EQ_INT(read_file("w.series", a, &s), 0);
	CHECK_EQ_INT(s.nrows, 100);
	CHECK_EQ_INT(s.ncols, 3);
	CHECK_EQ_U64(s.bad_records, 0);
	CHECK_EQ_INT(s.downsampled, 0);
	CHECK_EQ_STR(s.host, "node-1");
	CHECK_EQ_INT(s.cols[2].limit, 80 * MIB);
	CHECK_EQ_INT(series_get(&s, 57, "cg/job/current"), 57 * MIB);
	CHECK_EQ_INT(series_get(&s, 89, "cg/job/oom_kill"), 0);
	CHECK_EQ_INT(series_get(&s, 95, "cg/job/oom_kill"), 1);
	CHECK_EQ_INT(series_get(&s, 4, "gpu0/used"), 7);
	CHECK_EQ_INT(series_get(&s, 5, "gpu0/used"), SERIES_NONE);
	CHECK_EQ_INT(s.t_ns[99], T0 + 99000000000ll);
	CHECK_EQ_STR(s.notes[0], "end: job cgroup removed");
	/* unchanged values are written "=": the file stays small */
	CHECK(test_sh("test $(grep -c ' = ' w.series) -ge 90") == 0);
	arena_free(a);
}

/* A file cut inside its last record: the record is dropped, not counted
 * bad, and every earlier row is kept. */
DEFINE_TEST(test_series_truncated_mid_record)
{
	struct series_writer	*w = writer("t.series", 0);
	struct arena		*a = arena_new(1 << 16);
	struct series		 s;
	int64_t			 v = 0;
	size_t			 n;
	char			*b;

	if (w == NULL)
		return;
	series_writer_col(w, "cg/job/current", "bytes", -1);
	for (int i = 0; i < 10; i++) {
		v = 1000 + i;
		series_writer_row(w, T0 + i * 1000000000ll, &v, 1, NULL);
	}
	series_writer_close(w);
	b = slurp("t.series", &n);
	CHECK(b != NULL && n > 20);
	if (b == NULL)
		return;
	for (size_t cut = 1; cut < 12; cut++) {
		CHECK_EQ_INT(series_read(b, n - cut, a, &s, NULL), ERR_OK);
		CHECK_EQ_INT(s.dropped_tail, 1);
		CHECK_EQ_U64(s.bad_records, 0);
		CHECK_EQ_INT(s.nrows, 9);
		CHECK_EQ_INT(s.v[8], 1008);
	}
	CHECK_EQ_INT(series_read(b, n, a, &s, NULL), ERR_OK);
	CHECK_EQ_INT(s.dropped_tail, 0);
	CHECK_EQ_INT(s.nrows, 10);
	free(b);
	/* A writer reopening a torn file ends the partial line first. */
	CHECK(test_sh("head -c -5 t.series > t2.series") == 0);
	if ((w = writer("t2.series", 0)) == NULL)
		return;
	series_writer_col(w, "cg/job/current", "bytes", -1);
	v = 5555;
	series_writer_row(w, T0 + 20000000000ll, &v, 1, NULL);
	series_writer_close(w);
	CHECK_EQ_INT(read_file("t2.series", a, &s), 0);
	CHECK_EQ_U64(s.bad_records, 1);
	CHECK_EQ_INT(s.dropped_tail, 0);
	CHECK_EQ_INT(s.nrows, 10);
	CHECK_EQ_INT(s.v[9], 5555);
	arena_free(a);
}

DEFINE_TEST(test_series_bad_checksum)
{
	struct arena	*a = arena_new(4096);
	struct series	 s;
	char		 f[sizeof(zlib_file)];
	char		*p;

	memcpy(f, zlib_file, sizeof(f));
	p = strstr(f, "S 1000 2000");
	p[8] = '9';			/* 2000 -> 2900: checksum fails */
	CHECK_EQ_INT(series_read(f, strlen(f), a, &s, NULL), ERR_OK);
	CHECK_EQ_U64(s.bad_records, 1);
	CHECK_EQ_INT(s.nrows, 2);
	/* "=" is the previous good row's value */
	CHECK_EQ_INT(s.v[1], 1000);
	CHECK_EQ_INT(s.t_ns[1], T0 + 2000000000ll);
	/* the header itself bad: nothing usable */
	memcpy(f, zlib_file, sizeof(f));
	f[20] = 'X';
	CHECK_EQ_INT(series_read(f, strlen(f), a, &s, NULL), ERR_PARSE);
	arena_free(a);
}

DEFINE_TEST(test_series_columns_mid_file_and_segments)
{
	struct series_writer	*w = writer("m.series", 0);
	struct arena		*a = arena_new(1 << 16);
	struct series		 s;
	int64_t			 v[2] = { 1, 2 };
	long			 pid;

	if (w == NULL)
		return;
	series_writer_col(w, "gpu0/used", "bytes", 80 * MIB);
	series_writer_row(w, T0, v, 1, NULL);
	pid = series_writer_col(w, "gpu0/pid4242/used", "bytes", 80 * MIB);
	CHECK_EQ_INT(pid, 1);
	series_writer_row(w, T0 + 1000000000, v, 2, NULL);
	/* the limit changes: redeclared, same index */
	CHECK_EQ_INT(series_writer_col(w, "gpu0/used", "bytes", 40 * MIB), 0);
	series_writer_row(w, T0 + 2000000000, v, 2, NULL);
	series_writer_close(w);
	/* A second run appends its own segment with its own indices. */
	if ((w = writer("m.series", 0)) == NULL)
		return;
	series_writer_col(w, "gpu0/pid4242/used", "bytes", -1);
	series_writer_col(w, "gpu0/used", "bytes", 40 * MIB);
	v[0] = 9;
	v[1] = 8;
	series_writer_row(w, T0 + 3000000000, v, 2, NULL);
	series_writer_close(w);
	CHECK_EQ_INT(read_file("m.series", a, &s), 0);
	CHECK_EQ_INT(s.ncols, 2);
	CHECK_EQ_INT(s.nrows, 4);
	CHECK_EQ_U64(s.bad_records, 0);
	CHECK_EQ_INT(series_get(&s, 0, "gpu0/pid4242/used"), SERIES_NONE);
	CHECK_EQ_INT(series_get(&s, 1, "gpu0/pid4242/used"), 2);
	CHECK_EQ_INT(series_get(&s, 3, "gpu0/pid4242/used"), 9);
	CHECK_EQ_INT(series_get(&s, 3, "gpu0/used"), 8);
	CHECK_EQ_INT(s.cols[series_col_index(&s, "gpu0/used")].limit, 40 * MIB);
	arena_free(a);
}

/* A second writer of the same file (another process) is refused. */
DEFINE_TEST(test_series_one_writer)
{
	struct series_writer	*w = writer("l.series", 0);
	struct series_hdr	 h = { "42", "node-1", 1000, T0, 0 };
	struct series_writer	*w2;
	pid_t			 pid;
	int			 st = 0;

	if (w == NULL)
		return;
	if ((pid = fork()) == 0)
		_exit(series_writer_open(&w2, "l.series", &h, 0, NULL));
	waitpid(pid, &st, 0);
	CHECK(WIFEXITED(st));
	CHECK_EQ_INT(WEXITSTATUS(st), ERR_LIMIT);
	series_writer_close(w);
}

/* A week at 1 s into a 256 KiB cap: the file never passes the cap, old
 * rows are merged, the newest are kept, and every peak survives. */
DEFINE_TEST(test_series_compaction_bound_and_peaks)
{
	const uint64_t		 cap = 256 * 1024;
	struct series_writer	*w = writer("c.series", cap);
	struct arena		*a = arena_new(1 << 20);
	struct series		 s;
	int64_t			 v[3], maxv = 0, n = 7 * 86400;
	uint64_t		 maxsize = 0;
	long			 c;

	if (w == NULL)
		return;
	series_writer_col(w, "cg/job/current", "bytes", 100 * MIB);
	series_writer_col(w, "cg/job/oom_kill", "count", -1);
	series_writer_col(w, "cg/job/anon", "bytes", -1);
	for (int64_t i = 0; i < n; i++) {
		v[0] = 10 * MIB + (i % 600) * 4096;	/* sawtooth */
		if (i == 1234 || i == 300000)
			v[0] = 99 * MIB + i;		/* two spikes */
		v[1] = i >= 500000;
		v[2] = i % 7 == 0 ? SERIES_NONE : i;
		if (series_writer_row(w, T0 + i * 1000000000, v, 3, NULL)
		    != ERR_OK) {
			test_fail(__FILE__, __LINE__, "row %lld", (long long)i);
			break;
		}
		if (series_writer_size(w) > maxsize)
			maxsize = series_writer_size(w);
	}
	CHECK(series_writer_compactions(w) >= 3);
	series_writer_close(w);
	CHECK(maxsize <= cap + 200);
	CHECK_EQ_INT(read_file("c.series", a, &s), 0);
	CHECK_EQ_INT(s.downsampled, 1);
	CHECK_EQ_U64(s.bad_records, 0);
	CHECK(s.bucket_ms > 1000);
	CHECK(s.nrows > 1000 && s.nrows < (size_t)n);
	c = series_col_index(&s, "cg/job/current");
	for (size_t r = 0; c >= 0 && r < s.nrows; r++) {
		if (s.v[r * s.ncols + (size_t)c] > maxv)
			maxv = s.v[r * s.ncols + (size_t)c];
		if (r > 0)
			CHECK(s.t_ns[r] >= s.t_ns[r - 1]);
	}
	CHECK_EQ_INT(maxv, 99 * MIB + 300000);
	/* the earlier spike is in the row whose span covers it */
	for (size_t r = 0; c >= 0 && r < s.nrows; r++)
		if (s.t_ns[r] <= T0 + 1234000000000ll &&
		    s.t_ns[r] + s.span_ns[r] >= T0 + 1234000000000ll)
			CHECK_EQ_INT(s.v[r * s.ncols + (size_t)c],
			    99 * MIB + 1234);
	/* the newest rows are at full resolution, values exact */
	CHECK_EQ_INT(s.t_ns[s.nrows - 1], T0 + (n - 1) * 1000000000);
	CHECK_EQ_INT(s.span_ns[s.nrows - 1], 0);
	CHECK_EQ_INT(series_get(&s, s.nrows - 1, "cg/job/anon"), n - 1);
	CHECK_EQ_INT(series_get(&s, s.nrows - 1, "cg/job/oom_kill"), 1);
	CHECK(s.nnotes >= 1 && strncmp(s.notes[0], "compacted:", 10) == 0);
	CHECK(test_sh("ls -a | grep -c 'c.series' | grep -qx 1") == 0);
	arena_free(a);
}

/* Re-encoding (the collector does it under --redact) keeps the data. */
DEFINE_TEST(test_series_write_fd)
{
	struct arena	*a = arena_new(1 << 16);
	struct series	 s, s2;
	int		 fd;

	CHECK_EQ_INT(series_read(zlib_file, strlen(zlib_file), a, &s, NULL),
	    ERR_OK);
	fd = open("re.series", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	CHECK_EQ_INT(series_write_fd(fd, &s, "host-1a2b3c4d", NULL), ERR_OK);
	close(fd);
	CHECK_EQ_INT(read_file("re.series", a, &s2), 0);
	CHECK_EQ_STR(s2.host, "host-1a2b3c4d");
	CHECK_EQ_INT(s2.nrows, 3);
	CHECK_EQ_INT(s2.v[2], 2000);
	CHECK_EQ_INT(s2.t_ns[2], s.t_ns[2]);
	CHECK_EQ_STR(s2.notes[0], "end: signal");
	arena_free(a);
}

static void
hostile(const char *text, int want_rc, size_t rows, uint64_t bad)
{
	struct arena	*a = arena_new(4096);
	struct series	 s;
	struct err	 e = { 0 };

	CHECK_EQ_INT(series_read(text, strlen(text), a, &s, &e), want_rc);
	if (want_rc == ERR_OK) {
		CHECK_EQ_INT(s.nrows, rows);
		CHECK_EQ_U64(s.bad_records, bad);
	} else
		CHECK(strncmp(e.msg, "line ", 5) == 0);
	arena_free(a);
}

DEFINE_TEST(test_series_hostile)
{
	struct arena	*a = arena_new(1 << 16);
	struct series	 s;
	char		*big, *p;
	size_t		 n = 0;

	hostile("", ERR_PARSE, 0, 0);
	hostile("\n\n\n", ERR_PARSE, 0, 0);
	hostile("H oomtrail-series 1 t0_ns=0 *00000000\n", ERR_PARSE, 0, 0);
	hostile("S 0 1 *00000000\n", ERR_PARSE, 0, 0);
	/* the header of zlib_file then rows before any column, wrong
	 * version, time going back, a value that is SERIES_NONE */
	hostile("H oomtrail-series 1 job=42 host=n1 interval_ms=1000 "
	    "t0_ns=1700000000000000000 mono0_ns=5000 *fdd6848a\n"
	    "S 0 1000 *21ee4672\n", ERR_OK, 0, 1);
	/* Generated by the encoder itself: many columns, rows that are too
	 * wide, a row earlier than its predecessor. */
	big = malloc(4u << 20);
	if (big == NULL)
		return;
	n += (size_t)sprintf(big, "%s", "H oomtrail-series 1 job=42 host=n1 "
	    "interval_ms=1000 t0_ns=1700000000000000000 mono0_ns=5000 "
	    "*fdd6848a\n");
	CHECK_EQ_INT(series_read(big, n, a, &s, NULL), ERR_OK);
	CHECK_EQ_INT(s.nrows, 0);
	/* 2000 declarations through a real writer are refused past 1024 */
	{
		struct series_writer	*w = writer("h.series", 0);
		char			 name[32];
		int64_t			 v[2] = { 5, 6 };
		long			 last = 0;

		for (int i = 0; w != NULL && i < 2000; i++) {
			snprintf(name, sizeof(name), "c%d", i);
			last = series_writer_col(w, name, "count", -1);
		}
		CHECK_EQ_INT(last, -1);
		if (w != NULL) {
			series_writer_row(w, T0 + 5000000000, v, 2, NULL);
			series_writer_row(w, T0, v, 2, NULL);	/* earlier */
			series_writer_close(w);
		}
		CHECK_EQ_INT(read_file("h.series", a, &s), 0);
		CHECK_EQ_INT(s.ncols, SERIES_MAX_COLS);
		CHECK_EQ_INT(s.nrows, 1);
		CHECK_EQ_U64(s.bad_records, 1);
	}
	/* noise: random bytes with newlines never crash or yield rows */
	srand(7);
	for (size_t i = 0; i < (4u << 20) - 1; i++)
		big[i] = (char)(rand() % 7 == 0 ? '\n' : rand() % 256);
	CHECK_EQ_INT(series_read(big, (4u << 20) - 1, a, &s, NULL), ERR_PARSE);
	/* a valid header then 1 MiB of one huge line */
	p = big + sprintf(big, "%s", zlib_file);
	memset(p, '7', 1 << 20);
	p[1 << 20] = '\n';
	CHECK_EQ_INT(series_read(big, strlen(zlib_file) + (1 << 20) + 1, a,
	    &s, NULL), ERR_OK);
	CHECK_EQ_U64(s.bad_records, 1);
	CHECK_EQ_INT(s.nrows, 3);
	free(big);
	arena_free(a);
}

/* The real series recorded on the integration cluster (fixtures/real/
 * watch/README.md): a slow leak killed by its memory cgroup. */
DEFINE_TEST(test_series_real_leak)
{
	struct arena	*a = arena_new(1 << 16);
	struct series	 s;
	size_t		 n;
	char		*b = test_slurp("fixtures/real/watch/"
	    "leak-slurm22.05-cgroup-v1-job46035634.series", &n);
	int64_t		 prev = 0, v;
	size_t		 last;

	CHECK_EQ_INT(series_read(b, n, a, &s, NULL), ERR_OK);
	CHECK_EQ_STR(s.job, "46035634");
	CHECK_EQ_INT(s.interval_ms, 500);
	CHECK_EQ_U64(s.bad_records, 0);
	CHECK_EQ_INT(s.dropped_tail, 0);
	CHECK_EQ_INT(s.nrows, 49);
	CHECK_EQ_INT(s.cols[series_col_index(&s, "cg/job/current")].limit,
	    104857600);
	last = s.nrows - 1;
	/* grows to just under the limit, never shrinking before the kill */
	for (size_t r = 0; r < last; r++) {
		v = series_get(&s, r, "cg/job/current");
		CHECK(v != SERIES_NONE && v >= prev - 1048576);
		prev = v;
	}
	CHECK(prev > 100 * 1000 * 1000 && prev < 104857600);
	CHECK_EQ_INT(series_get(&s, last - 1, "cg/step_batch/task_0/oom_kill"),
	    0);
	CHECK_EQ_INT(series_get(&s, last, "cg/step_batch/task_0/oom_kill"), 1);
	CHECK(series_get(&s, last, "cg/job/current") < 4 * 1048576);
	CHECK(has_note_text(&s, "end: signalled"));
	/* cut inside its last record, as a watcher killed mid-write */
	CHECK_EQ_INT(series_read(b, n - 3, a, &s, NULL), ERR_OK);
	CHECK_EQ_INT(s.dropped_tail, 1);
	CHECK_EQ_INT(s.nrows, 49);	/* the cut line was the end note */
	free(b);
	arena_free(a);
}
