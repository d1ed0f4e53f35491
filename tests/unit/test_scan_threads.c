/*
 * test_scan_threads: the catalog scanner on several threads
 * (cat_scan_threads) delivers exactly what it delivers on one: the same
 * lines, line numbers, offsets, lengths, envelopes, fields and order, the
 * same after-context a callback asks for, and the same stats; and a
 * logscan (parse_log) makes the same events, multi-line tables and
 * context windows included, whatever the thread count. Inputs: every
 * fixture log, and hostile ones (lines across part and block boundaries,
 * empty lines, no final newline, CRLF, NUL bytes, lines past
 * CAT_LINE_MAX, more candidate lines than a prescan notes, one line).
 */
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "harness.h"
#include "parse_log.h"

struct out {
	char	*p;
	size_t	 n, cap;
};

static void
app_mem(struct out *o, const char *p, size_t n)
{
	if (o->n + n + 1 > o->cap) {
		o->cap = (o->n + n + 1) * 2;
		if ((o->p = realloc(o->p, o->cap)) == NULL)
			abort();
	}
	if (n > 0)
		memcpy(o->p + o->n, p, n);
	o->n += n;
	o->p[o->n] = '\0';
}

static void
app(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
app(struct out *o, const char *fmt, ...)
{
	char	b[512];
	va_list	ap;
	int	k;

	va_start(ap, fmt);
	k = vsnprintf(b, sizeof(b), fmt, ap);
	va_end(ap);
	app_mem(o, b, k < (int)sizeof(b) ? (size_t)k : sizeof(b) - 1);
}

/* Every delivered line, whole, with its match; asks for 0 to 4 more
 * lines after a match, as parse_log's table readers do. */
static int
rec(void *arg, const struct cat_line *cl)
{
	struct out	*o = arg;

	app(o, "%c %llu %llu %llu |", cl->m != NULL ? 'M' : 'C',
	    (unsigned long long)cl->lineno, (unsigned long long)cl->off,
	    (unsigned long long)cl->len);
	app_mem(o, cl->line.p, cl->line.n);
	app(o, "|");
	if (cl->m != NULL) {
		app(o, " %s rank=%d ts=%lld tsq=%d body=%zu+%zu",
		    cl->m->sig->id, cl->env->rank, (long long)cl->env->ts_ns,
		    (int)cl->env->tsq, (size_t)(cl->env->body.p - cl->line.p),
		    cl->env->body.n);
		for (size_t i = 0; i < cl->m->nf; i++) {
			app(o, " %s=", cl->m->f[i].name);
			app_mem(o, cl->m->f[i].s.p, cl->m->f[i].s.n);
			app(o, "/%lld", (long long)cl->m->f[i].num);
		}
	}
	app(o, "\n");
	return cl->m != NULL ? (int)(cl->lineno % 5) : 0;
}

/* Scan p[0..n) in blocks of blk on threads threads (regions of minb bytes
 * and more split); the delivered lines and the stats, as text. */
static char *
scan(struct catalog *c, const char *p, size_t n, size_t blk,
    unsigned threads, size_t minb, uint64_t *split)
{
	struct out		 o = { NULL, 0, 0 };
	struct cat_scan		*s;
	struct cat_scan_stats	 st;
	struct err		 e;

	app(&o, "%s", "");
	CHECK(cat_scan_new(c, 3, 3, rec, &o, &s, &e) == ERR_OK);
	cat_scan_threads(s, threads, minb);
	for (size_t i = 0; i < n; i += blk)
		CHECK(cat_scan_feed(s, p + i, n - i < blk ? n - i : blk,
		    &e) == ERR_OK);
	CHECK(cat_scan_end(s, &e) == ERR_OK);
	cat_scan_stats(s, &st);
	app(&o, "lines %llu bytes %llu cand %llu matches %llu cut %llu "
	    "limits %llu\n", (unsigned long long)st.lines,
	    (unsigned long long)st.bytes, (unsigned long long)st.candidates,
	    (unsigned long long)st.matches, (unsigned long long)st.cut_lines,
	    (unsigned long long)st.limit_hits);
	if (split != NULL)
		*split += st.split;
	cat_scan_free(s);
	return o.p;
}

/* The first differing line of a and b, for the failure message. */
static void
report_diff(const char *what, const char *a, const char *b)
{
	size_t	i = 0, ls = 0;

	while (a[i] != '\0' && a[i] == b[i])
		if (a[i++] == '\n')
			ls = i;
	test_fail(__FILE__, __LINE__, "%s: differs at\n  1: %.200s\n  n: %.200s",
	    what, a + ls, b + ls);
}

/* Threads 2..4 (every region split) against one thread, fed the same
 * blocks (which blocks a line arrives in may cut a context line taken
 * from an earlier block to 2 KiB; catalog.h). Returns how many slices
 * were shared. */
static uint64_t
same_as_one(struct catalog *c, const char *what, const char *p, size_t n)
{
	static const size_t	 blks[] = { 0, 65536, 4096, 1000, 97, 13 };
	uint64_t		 split = 0;

	for (size_t b = 0; b < sizeof(blks) / sizeof(blks[0]); b++) {
		size_t	 blk = blks[b] == 0 ? (n > 0 ? n : 1) : blks[b];
		char	*one;

		if (blk < 97 && n > 200000)
			continue;	/* slow, and says nothing new */
		one = scan(c, p, n, blk, 1, 0, NULL);
		for (unsigned t = 2; t <= 4; t++) {
			char	*many = scan(c, p, n, blk, t, 1, &split);

			if (strcmp(one, many) != 0) {
				char	w[200];

				snprintf(w, sizeof(w), "%s, %u threads, "
				    "blocks of %zu", what, t, blk);
				report_diff(w, one, many);
				free(many);
				free(one);
				return split;
			}
			free(many);
		}
		free(one);
	}
	return split;
}

/* Every fixture log, alone and all of them one after the other. */
DEFINE_TEST(test_scan_threads_fixture_logs)
{
	struct catalog	*c;
	struct err	 e;
	struct out	 all = { NULL, 0, 0 };
	DIR		*d = opendir(test_src("fixtures/logs"));
	struct dirent	*de;
	size_t		 nfiles = 0;
	uint64_t	 split = 0;

	CHECK(catalog_new(&c, &e) == ERR_OK);
	CHECK(d != NULL);
	while (d != NULL && (de = readdir(d)) != NULL) {
		char	 rel[512];
		char	*p;
		size_t	 n;

		if (de->d_name[0] == '.' || strcmp(de->d_name, "README.md") == 0)
			continue;
		snprintf(rel, sizeof(rel), "fixtures/logs/%s", de->d_name);
		p = test_slurp(rel, &n);
		split += same_as_one(c, rel, p, n);
		app_mem(&all, p, n);
		free(p);
		nfiles++;
	}
	if (d != NULL)
		closedir(d);
	CHECK(nfiles >= 30);
	split += same_as_one(c, "all fixture logs", all.p, all.n);
	CHECK(split > 0);
	free(all.p);
	catalog_free(c);
}

static void
repeat(struct out *o, const char *s, size_t times)
{
	for (size_t i = 0; i < times; i++)
		app_mem(o, s, strlen(s));
}

DEFINE_TEST(test_scan_threads_hostile)
{
	static const char *const small[] = {
		"",
		"\n",
		"\n\n\n\n",
		"slurmstepd: error: Detected 1 oom-kill event(s) in StepId=2.batch. "
		    "Some of your processes may have been killed by the cgroup "
		    "out-of-memory handler.",	/* one line, no newline */
		"Killed\n",
		"\r\n\r\nKilled\r\n\r\nsrun: error: n1: task 0: Out Of Memory\r\n",
		"a\nb\nKilled\nc\nd\ne\nf\nKilled\ng\n\n\nKilled",
	};
	struct catalog	*c;
	struct err	 e;
	struct out	 o = { NULL, 0, 0 };
	uint64_t	 split = 0;
	char		*big;

	CHECK(catalog_new(&c, &e) == ERR_OK);
	for (size_t i = 0; i < sizeof(small) / sizeof(small[0]); i++)
		split += same_as_one(c, small[i], small[i], strlen(small[i]));

	/* NUL bytes in ordinary and matching lines, CRLF, empty lines. */
	for (int k = 0; k < 40; k++) {
		app(&o, "%d: step=%d loss=0.5\r\n", k, k);
		app_mem(&o, "x\0y Killed\0\n", 12);
		app(&o, "\n\n[rank%d]: torch.OutOfMemoryError: CUDA out of "
		    "memory. Tried to allocate 20.00 MiB. GPU 0 has a total "
		    "capacity of 79.15 GiB of which 2.00 MiB is free.\r\n", k);
		app_mem(&o, "\0\0\0\n", 4);
	}
	split += same_as_one(c, "nul/crlf", o.p, o.n);
	o.n = 0;

	/* Lines past CAT_LINE_MAX: a needle inside the cut part and one
	 * only past it, between short lines. */
	big = malloc(CAT_LINE_MAX + 5000);
	memset(big, 'a', CAT_LINE_MAX + 4999);
	big[CAT_LINE_MAX + 4999] = '\0';
	memcpy(big + 100, " Killed ", 8);
	for (int k = 0; k < 4; k++) {
		app(&o, "first\n");
		app_mem(&o, big, strlen(big));
		app(&o, "\nKilled\n");
		repeat(&o, "filler\n", 10);
	}
	memset(big + 100, 'a', 8);
	memcpy(big + CAT_LINE_MAX + 100, " Killed ", 8);
	for (int k = 0; k < 4; k++) {
		repeat(&o, "filler\n", 10);
		app_mem(&o, big, strlen(big));
		app(&o, "\n");
	}
	app(&o, "second\nsrun: error: n1: task 0: Out Of Memory\n");
	app_mem(&o, big, strlen(big));
	free(big);
	split += same_as_one(c, "long lines", o.p, o.n);
	o.n = 0;

	/* More candidate lines in one part than a prescan notes (HINT_MAX):
	 * the scan goes on from where the prescan stopped. */
	for (int k = 0; k < 50000; k++)
		app(&o, k % 1000 == 7 ? "srun: error: n%d: task 0: Out Of "
		    "Memory\n" : "Killed %d\n", k);
	split += same_as_one(c, "many candidates", o.p, o.n);
	o.n = 0;

	/* Matches every few lines so that after-context runs across every
	 * kind of boundary. */
	for (int k = 0; k < 3000; k++)
		if (k % 3 == 0)
			app(&o, "[rank%d]:[E626 06:24:44.903881913 "
			    "ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught "
			    "collective operation timeout: WorkNCCL(SeqNum=%d, "
			    "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, "
			    "Timeout(ms)=600000) ran for 600020 milliseconds "
			    "before timing out.\n", k % 8, k % 8, k);
		else
			repeat(&o, "ordinary line\n", (size_t)(k % 7));
	split += same_as_one(c, "dense matches", o.p, o.n);
	CHECK(split > 0);
	free(o.p);
	catalog_free(c);
}

/* The events of a logscan fed in blocks of blk, as text. */
static char *
logscan_text(struct catalog *c, const char *p, size_t n, size_t blk)
{
	struct arena	*a = arena_new(1 << 20);
	struct evlist	 l = { NULL, 0, 0 };
	struct logscan	*ls;
	struct err	 e;
	struct out	 o = { NULL, 0, 0 };

	app(&o, "%s", "");
	CHECK(logscan_new(c, a, &l, 1, "big.log", &ls, &e) == ERR_OK);
	for (size_t i = 0; i < n; i += blk)
		CHECK(logscan_feed(ls, p + i, n - i < blk ? n - i : blk,
		    &e) == ERR_OK);
	CHECK(logscan_end(ls, &e) == ERR_OK);
	logscan_free(ls);
	for (size_t i = 0; i < l.n; i++) {
		const struct event	*ev = l.v[i];

		app(&o, "%s %s %u %llu %u ts=%lld/%d rank=%d pid=%lld "
		    "flags=%u node=%s |", ev_kind_name(ev->kind), ev->sig,
		    ev->ref.line, (unsigned long long)ev->ref.off, ev->ref.len,
		    (long long)ev->ts_ns, (int)ev->tsq, ev->rank,
		    (long long)ev->pid, ev->flags,
		    ev->node != NULL ? ev->node : "-");
		app_mem(&o, ev->text.p, ev->text.n);
		app(&o, "| ctx %u |", ev->context_line);
		app_mem(&o, ev->context.p, ev->context.n);
		app(&o, "|");
		for (uint16_t k = 0; k < ev->nf; k++) {
			app(&o, " %s=", ev->f[k].name);
			app_mem(&o, ev->f[k].s.p, ev->f[k].s.n);
			app(&o, "/%lld/%d", (long long)ev->f[k].num,
			    ev->f[k].has_num);
		}
		app(&o, "\n");
	}
	evlist_free(&l);
	arena_free(a);
	return o.p;
}

/*
 * parse_log's multi-line readers (the torchrun ChildFailedError table,
 * memory_summary(), the BFC "Stats:" block, ps and vmstat tables) and
 * its context windows run on the thread that calls the callback, in line
 * order, whatever the thread count: a log of every fixture, repeated
 * with fillers of changing length so that the tables fall across the
 * parts' boundaries at many places, gives the same events on one thread
 * and on two (OOMTRAIL_SCAN_THREADS, what logscan_new reads), fed in the
 * analyzer's 1 MiB blocks and whole.
 */
DEFINE_TEST(test_scan_threads_logscan_events)
{
	static const char *const files[] = {
		"example-torchrun_childfailed.txt", "childfailed-flattened.txt",
		"mmdet-memory.txt", "example-jax_tf_oom.txt", "vmstat.txt",
		"host-kills.txt", "example-pytorch_oom.txt",
		"megatron-report_memory-756.txt", "cascade-lines.txt",
		"example-kernel_oom.txt", "deepspeed-see_memory_usage-522.txt",
	};
	struct catalog	*c;
	struct err	 e;
	struct out	 o = { NULL, 0, 0 };
	char		*one, *two, *whole;
	size_t		 k = 0;

	CHECK(catalog_new(&c, &e) == ERR_OK);
	while (o.n < (3u << 20)) {
		char	 rel[256];
		char	*p;
		size_t	 n;

		snprintf(rel, sizeof(rel), "fixtures/logs/%s",
		    files[k % (sizeof(files) / sizeof(files[0]))]);
		p = test_slurp(rel, &n);
		app_mem(&o, p, n);
		free(p);
		for (size_t j = 0; j < 37 * k % 1601; j++)
			app(&o, "%zu: step=%zu loss=0.25 lr=1e-4\n", j, k);
		k++;
	}
	setenv("OOMTRAIL_SCAN_THREADS", "1", 1);
	one = logscan_text(c, o.p, o.n, 1u << 20);
	setenv("OOMTRAIL_SCAN_THREADS", "2", 1);
	two = logscan_text(c, o.p, o.n, 1u << 20);
	whole = logscan_text(c, o.p, o.n, o.n);
	unsetenv("OOMTRAIL_SCAN_THREADS");
	CHECK(strlen(one) > 100000);
	/* the tables were read */
	CHECK(strstr(one, "S-ELASTIC-CHILD-FAILED") != NULL);
	CHECK(strstr(one, "S-VMSTAT-HEADER") != NULL);
	if (strcmp(one, two) != 0)
		report_diff("1 MiB blocks", one, two);
	if (strcmp(one, whole) != 0)
		report_diff("whole", one, whole);
	free(one);
	free(two);
	free(whole);
	free(o.p);
	catalog_free(c);
}

/*
 * End to end through the analyzer's driver (input.c: a member of 8 MiB
 * or more is read on one thread and scanned on the others, in 1 MiB
 * blocks): the JSON analysis of a generated 12 MB log with an
 * unterminated last line is the same on one thread and on two, and the
 * bare log's sha256, taken from the blocks as they were scanned, is the
 * file's (and none for standard input, as before).
 */
DEFINE_TEST(test_scan_threads_cli)
{
	char	bin[1024], gen[1024];

	snprintf(bin, sizeof(bin), "%s", test_bin("report/oomtrail"));
	snprintf(gen, sizeof(gen), "%s", test_bin("bench/genlog"));
	CHECK(test_sh("'%s' 12 8 >big.log && printf 'slurmstepd: error: "
	    "Detected 1 oom-kill event(s) in StepId=2.batch.' >>big.log",
	    gen) == 0);
	CHECK(test_sh("OOMTRAIL_SCAN_THREADS=1 '%s' analyze --format json "
	    "big.log >one.json; OOMTRAIL_SCAN_THREADS=2 '%s' analyze "
	    "--format json big.log >two.json; test -s one.json && "
	    "grep -q slurmstepd_oom one.json && cmp one.json two.json", bin,
	    bin) == 0);
	CHECK(test_sh("h=$(sha256sum big.log | cut -c1-64) && '%s' analyze "
	    "--format jsonl big.log | grep -q \"\\\"bundle_sha256\\\":"
	    "\\[\\\"$h\\\"\\]\"", bin) == 0);
	CHECK(test_sh("'%s' analyze --format jsonl - <big.log | grep -q "
	    "'\"bundle_sha256\":\\[\\]'", bin) == 0);
}
