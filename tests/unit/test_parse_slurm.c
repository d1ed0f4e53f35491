/*
 * test_parse_slurm: the sacct and scontrol parsers against real captures
 * (fixtures/real/slurm/, see its README.md) and hostile edge cases built
 * here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "member_cache.h"
#include "parse.h"
#include "units.h"

#define FX	"fixtures/real/slurm/"
#define MIB	(1024LL * 1024)

struct run {
	struct arena	*a;
	struct evlist	 out;
	char		*buf;
	size_t		 len;
	enum err_code	 rc;
};

static void
run_buf(struct run *r, parse_fn *fn, const char *p, size_t n)
{
	struct src	in = { 3, "test", p, n };
	struct err	e = { 0 };

	memset(&r->out, 0, sizeof(r->out));
	r->buf = NULL;
	r->len = n;
	r->a = arena_new(1 << 16);
	r->rc = fn(&in, r->a, &r->out, &e);
}

static void
run_file(struct run *r, parse_fn *fn, const char *rel)
{
	char	*b;
	size_t	 n;

	b = test_slurp(rel, &n);
	run_buf(r, fn, b, n);
	r->buf = b;
	CHECK_EQ_INT(r->rc, ERR_OK);
}

static void
run_str(struct run *r, parse_fn *fn, const char *s)
{
	run_buf(r, fn, s, strlen(s));
	CHECK_EQ_INT(r->rc, ERR_OK);
}

static void
run_free(struct run *r)
{
	evlist_free(&r->out);
	arena_free(r->a);
	free(r->buf);
}

static size_t
count_kind(const struct evlist *l, enum ev_kind k)
{
	size_t	n = 0;

	for (size_t i = 0; i < l->n; i++)
		n += l->v[i]->kind == k;
	return n;
}

static struct event *
nth_kind(const struct evlist *l, enum ev_kind k, size_t nth)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i]->kind == k && nth-- == 0)
			return l->v[i];
	return NULL;
}

static struct event *
row(const struct evlist *l, const char *job_step)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i]->kind == EV_SACCT_ROW &&
		    str_eq(ev_str(l->v[i], "job_step"), job_step))
			return l->v[i];
	return NULL;
}

static int64_t
num(const struct event *ev, const char *name)
{
	int64_t	v;

	if (ev == NULL || ev_num(ev, name, &v) == -1)
		return -999;
	return v;
}

#define CHECK_FSTR(ev, name, want) do {					\
	struct str _s = (ev) ? ev_str((ev), (name)) : str_make(NULL, 0); \
	CHECK_EQ_STRN(_s.p, _s.n, (want));				\
} while (0)

/* Every evref lies inside the input; text lies inside it or the arena. */
static void
check_refs(const struct run *r)
{
	for (size_t i = 0; i < r->out.n; i++) {
		const struct event	*ev = r->out.v[i];

		CHECK_EQ_INT(ev->ref.file_id, 3);
		CHECK(ev->ref.off + ev->ref.len <= r->len);
	}
}

/* ---- sacct ---- */

/* A fixture of sacct -n output with sacct's header line put back. */
static void
run_headed(struct run *r, const char *hdr, const char *rel)
{
	size_t	 n, h = strlen(hdr);
	char	*b = test_slurp(rel, &n), *p = malloc(h + n);

	CHECK(p != NULL);
	if (p == NULL) {
		free(b);
		return;
	}
	memcpy(p, hdr, h);
	memcpy(p + h, b, n);
	free(b);
	run_buf(r, parse_sacct, p, h + n);
	r->buf = p;
	CHECK_EQ_INT(r->rc, ERR_OK);
}

/* Slurm's GPU accounting (issue 18): gres/gpumem and gres/gpuutil of
 * TRESUsageInMax (sizes converted) and TRESUsageInAve (--noconvert,
 * bytes), real rows from a site's documentation. */
DEFINE_TEST(test_sacct_gpu_tres)
{
	struct run	 r;
	struct event	*b, *x;

	run_headed(&r, "JobID|TRESUsageInMax|\n",
	    FX "gpu-tres/tresusageinmax.txt");
	b = row(&r.out, "18194943.batch");
	x = row(&r.out, "18194943.extern");
	CHECK(b != NULL && x != NULL);
	CHECK_EQ_INT(num(b, "gpu_mem_max_bytes"), 38888 * MIB);
	CHECK_EQ_INT(num(b, "gpu_util_max_pct"), 100);
	CHECK_EQ_INT(num(x, "gpu_mem_max_bytes"), 0);
	CHECK(ev_field(b, "gpu_mem_ave_bytes") == NULL);
	CHECK(ev_field(row(&r.out, "18194943"), "gpu_mem_max_bytes") ==
	    NULL);
	run_free(&r);

	run_headed(&r, "JobID|TRESUsageInAve|\n",
	    FX "gpu-tres/tresusageinave-noconvert.txt");
	b = row(&r.out, "18194943.batch");
	CHECK(b != NULL);
	CHECK_EQ_INT(num(b, "gpu_mem_ave_bytes"), 40777023488LL);
	CHECK_EQ_INT(num(b, "gpu_util_ave_pct"), 100);
	run_free(&r);
}

/* The same in sacct --json's step tres (built from Slurm's layout:
 * tres.requested.max/average entries {"type": "gres", "name": "gpumem",
 * "count"}): no real capture of it was available. */
DEFINE_TEST(test_sacct_gpu_tres_json)
{
	struct run	 r;
	struct event	*s;

	run_str(&r, parse_sacct, "{\"jobs\": [{\"job_id\": 9, \"name\": "
	    "\"t\", \"steps\": [{\"step\": {\"id\": \"9.0\", \"name\": "
	    "\"python\"}, \"tres\": {\"requested\": {\"max\": [{\"type\": "
	    "\"gres\", \"name\": \"gpumem\", \"id\": 1002, \"count\": "
	    "40777023488}, {\"type\": \"gres\", \"name\": \"gpuutil\", "
	    "\"id\": 1003, \"count\": 100}], \"average\": [{\"type\": "
	    "\"gres\", \"name\": \"gpumem\", \"id\": 1002, \"count\": "
	    "20000000000}, {\"type\": \"gres\", \"name\": \"gpuutil\", "
	    "\"id\": 1003, \"count\": 87}]}}}]}]}");
	s = row(&r.out, "9.0");
	CHECK(s != NULL);
	CHECK_EQ_INT(num(s, "gpu_mem_max_bytes"), 40777023488LL);
	CHECK_EQ_INT(num(s, "gpu_util_max_pct"), 100);
	CHECK_EQ_INT(num(s, "gpu_mem_ave_bytes"), 20000000000LL);
	CHECK_EQ_INT(num(s, "gpu_util_ave_pct"), 87);
	run_free(&r);
}

DEFINE_TEST(test_sacct_parsable2_oom_srun)
{
	struct run	 r;
	struct event	*job, *step;

	run_file(&r, parse_sacct, FX "cgroup-v1/oom-srun/sacct_parsable2.txt");
	check_refs(&r);
	CHECK_EQ_INT(count_kind(&r.out, EV_SACCT_ROW), 3);
	job = row(&r.out, "4");
	step = row(&r.out, "4.0");
	CHECK(job != NULL && step != NULL);
	CHECK_FSTR(job, "job_id", "4");
	CHECK_FSTR(job, "step", "");
	CHECK_FSTR(job, "state", "COMPLETED");
	CHECK_EQ_INT(num(job, "exit_code"), 0);
	CHECK_EQ_INT(num(job, "exit_signal"), 0);
	CHECK_EQ_INT(num(job, "req_mem_bytes"), 104857600);
	CHECK_FSTR(job, "req_mem_per", "node");
	CHECK_FSTR(step, "job_id", "4");
	CHECK_FSTR(step, "step", "0");
	CHECK_FSTR(step, "job_name", "python3");
	CHECK_FSTR(step, "state", "OUT_OF_MEMORY");
	CHECK_EQ_INT(num(step, "exit_code"), 0);
	CHECK_EQ_INT(num(step, "exit_signal"), 125);
	CHECK_EQ_INT(num(step, "max_rss_bytes"), 54008 * 1024);
	CHECK_EQ_INT(num(step, "max_vmsize_bytes"), 54008 * 1024);
	CHECK(ev_field(step, "req_mem_bytes") == NULL);	/* blank on steps */
	CHECK_EQ_INT(num(step, "elapsed_s"), 2);
	CHECK_EQ_INT(num(step, "times_local"), 1);
	CHECK_EQ_INT(num(step, "start_s"),
	    units_civil_to_epoch(2026, 11, 30, 6, 59, 12));
	CHECK_EQ_INT(step->ts_ns,
	    units_civil_to_epoch(2026, 11, 30, 6, 59, 14) * 1000000000LL);
	CHECK_EQ_INT(step->tsq, TSQ_RAW_LOCAL);
	CHECK_EQ_INT(step->ref.line, 4);
	CHECK(str_starts(step->text, "4.0|python3|OUT_OF_MEMORY|0:125|"));
	CHECK(step->ref.off == (uint64_t)(step->text.p - r.buf));
	CHECK_EQ_STR(step->node, "vm");
	CHECK_FSTR(row(&r.out, "4.batch"), "step", "batch");
	run_free(&r);
}

DEFINE_TEST(test_sacct_parsable2_wide)
{
	struct run	 r;
	struct event	*job, *step;

	run_file(&r, parse_sacct,
	    FX "cgroup-v1/oom-srun/sacct_parsable2_wide.txt");
	job = row(&r.out, "4");
	step = row(&r.out, "4.0");
	CHECK(job != NULL && step != NULL);
	CHECK_EQ_INT(num(job, "derived_exit_code"), 0);
	CHECK_EQ_INT(num(job, "derived_signal"), 125);
	CHECK(ev_field(job, "reason") == NULL);		/* "None" */
	CHECK_FSTR(job, "user", "ciuser");
	CHECK_FSTR(job, "partition", "debug");
	CHECK_FSTR(job, "alloc_tres", "billing=1,cpu=1,mem=100M,node=1");
	CHECK_EQ_INT(num(job, "tres_mem_bytes"), 104857600);
	CHECK_EQ_INT(num(job, "nnodes"), 1);
	CHECK_EQ_INT(num(job, "submit_s"),
	    units_civil_to_epoch(2026, 11, 30, 6, 59, 6));
	CHECK_FSTR(job, "submit_line", "sbatch --parsable oom-srun.sbatch");
	CHECK_FSTR(job, "Account", "ci");	/* unknown column kept */
	CHECK_FSTR(step, "max_rss_node", "vm");
	CHECK_EQ_INT(num(step, "max_rss_task"), 0);
	CHECK_FSTR(step, "submit_line",
	    "srun python3 /home/ciuser/oomjobs/alloc.py 500");
	run_free(&r);
}

/* Same state and exit; sizes too where b's format has the column. */
static void
check_same_row(const struct event *a, const struct event *b, int all)
{
	struct str	sa = ev_str(a, "state"), sb = ev_str(b, "state");

	CHECK(sa.p != NULL && sb.p != NULL && sa.n == sb.n &&
	    memcmp(sa.p, sb.p, sa.n) == 0);
	CHECK_EQ_INT(num(a, "exit_code"), num(b, "exit_code"));
	CHECK_EQ_INT(num(a, "exit_signal"), num(b, "exit_signal"));
	if (ev_field(a, "req_mem_bytes") != NULL &&
	    (all || ev_field(b, "req_mem_bytes") != NULL))
		CHECK_EQ_INT(num(a, "req_mem_bytes"), num(b, "req_mem_bytes"));
	if (ev_field(a, "max_rss_bytes") != NULL &&
	    (all || ev_field(b, "max_rss_bytes") != NULL))
		CHECK_EQ_INT(num(a, "max_rss_bytes"), num(b, "max_rss_bytes"));
}

static void
agree(const char *other, int json)
{
	static const char *const cases[] = { "ok", "oom-batch", "oom-live",
	    "oom-srun", "step-toobig", "srun-oom" };
	char		 p1[256], p2[256];
	struct run	 r1, r2;

	for (size_t c = 0; c < sizeof(cases) / sizeof(*cases); c++) {
		snprintf(p1, sizeof(p1), FX "cgroup-v1/%s/sacct_parsable2.txt",
		    cases[c]);
		snprintf(p2, sizeof(p2), FX "cgroup-v1/%s/%s", cases[c], other);
		run_file(&r1, parse_sacct, p1);
		run_file(&r2, parse_sacct, p2);
		check_refs(&r2);
		CHECK(r1.out.n > 0);
		CHECK_EQ_INT(count_kind(&r2.out, EV_SACCT_ROW),
		    count_kind(&r1.out, EV_SACCT_ROW));
		for (size_t i = 0; i < r1.out.n; i++) {
			struct str	 js = ev_str(r1.out.v[i], "job_step");
			char		 id[64];
			struct event	*o;

			snprintf(id, sizeof(id), "%.*s", (int)js.n, js.p);
			o = row(&r2.out, id);
			CHECK(o != NULL);
			if (o == NULL)
				continue;
			check_same_row(r1.out.v[i], o, json);
			/* The capture host ran in UTC: local == epoch. */
			if (json)
				CHECK_EQ_INT(num(o, "end_s"),
				    num(r1.out.v[i], "end_s"));
		}
		run_free(&r1);
		run_free(&r2);
	}
}

DEFINE_TEST(test_sacct_json_agrees_with_parsable2)
{
	agree("sacct_json.json", 1);
}

DEFINE_TEST(test_sacct_fixed_width_agrees_with_parsable2)
{
	agree("sacct_default.txt", 0);
	agree("sacct_long.txt", 0);
}

DEFINE_TEST(test_sacct_json_oom_srun)
{
	struct run	 r;
	struct event	*job, *step;

	run_file(&r, parse_sacct, FX "cgroup-v1/oom-srun/sacct_json.json");
	check_refs(&r);
	job = row(&r.out, "4");
	step = row(&r.out, "4.0");
	CHECK(job != NULL && step != NULL);
	CHECK_EQ_INT(num(job, "derived_signal"), 125);
	CHECK_EQ_INT(num(job, "timelimit_s"), 300);
	CHECK_EQ_INT(num(job, "times_local"), 0);
	CHECK_EQ_INT(job->tsq, TSQ_EXACT);
	CHECK_EQ_INT(job->ts_ns, 1796021954LL * 1000000000LL);
	CHECK_FSTR(job, "alloc_tres", "cpu=1,mem=100M,node=1,billing=1");
	CHECK_EQ_INT(num(step, "exit_signal"), 125);
	CHECK_EQ_INT(num(step, "max_rss_bytes"), 55304192);
	CHECK_FSTR(step, "job_name", "python3");
	CHECK_EQ_STRN(step->text.p, step->text.n,
	    "sacct --json: job 4 step 0 OUT_OF_MEMORY");
	/* Cites the line where the step object opens. */
	CHECK(step->ref.line > job->ref.line);
	CHECK(step->ref.len > 0 && memchr(r.buf + step->ref.off, '{',
	    step->ref.len) != NULL);
	run_free(&r);
}

DEFINE_TEST(test_sacct_json_all_jobs)
{
	struct run	r1, r2;

	run_file(&r1, parse_sacct, FX "cgroup-v1/all_sacct_parsable2.txt");
	run_file(&r2, parse_sacct, FX "cgroup-v1/all_sacct_json.json");
	CHECK_EQ_INT(count_kind(&r1.out, EV_SACCT_ROW), 13);
	CHECK_EQ_INT(count_kind(&r2.out, EV_SACCT_ROW), 13);
	for (size_t i = 0; i < r1.out.n; i++) {
		struct str	js = ev_str(r1.out.v[i], "job_step");
		char		id[64];

		snprintf(id, sizeof(id), "%.*s", (int)js.n, js.p);
		if (row(&r2.out, id) != NULL)
			check_same_row(r1.out.v[i], row(&r2.out, id), 1);
		else
			CHECK(!"row missing from json");
	}
	run_free(&r1);
	run_free(&r2);
}

DEFINE_TEST(test_sacct_linuxproc_cancelled_by)
{
	struct run	 r;
	struct event	*ev;

	run_file(&r, parse_sacct,
	    FX "linuxproc-overmemorykill/oom-batch/sacct_parsable2.txt");
	ev = row(&r.out, "2.batch");
	CHECK_FSTR(ev, "state", "CANCELLED");
	CHECK_FSTR(ev, "state_by", "0");
	CHECK_EQ_INT(num(ev, "exit_signal"), 9);
	CHECK_EQ_INT(num(ev, "max_rss_bytes"), 110704 * 1024);
	CHECK_FSTR(row(&r.out, "2"), "state", "FAILED");
	run_free(&r);
	run_file(&r, parse_sacct,
	    FX "linuxproc-overmemorykill/oom-batch/sacct_default.txt");
	ev = row(&r.out, "2.batch");
	CHECK_FSTR(ev, "state", "CANCELLED");	/* "CANCELLED+" */
	CHECK_EQ_INT(num(ev, "state_truncated"), 1);
	CHECK_EQ_INT(num(ev, "exit_signal"), 9);
	run_free(&r);
	run_file(&r, parse_sacct,
	    FX "linuxproc-overmemorykill/oom-srun/sacct_parsable2.txt");
	CHECK_FSTR(row(&r.out, "4.0"), "state", "CANCELLED");
	CHECK_FSTR(row(&r.out, "4"), "state", "COMPLETED");
	run_free(&r);
}

DEFINE_TEST(test_sacct_errors)
{
	struct run	 r;
	struct event	*ev;

	run_file(&r, parse_sacct, FX "no-slurmdbd/sacct_-j_1.stderr");
	CHECK_EQ_INT(r.out.n, 1);
	ev = nth_kind(&r.out, EV_NOTE, 0);
	CHECK(ev != NULL && ev->sig != NULL &&
	    strcmp(ev->sig, "sacct.error") == 0);
	CHECK_FSTR(ev, "message", "Slurm accounting storage is disabled");
	run_free(&r);
	run_str(&r, parse_sacct, "sacct: error: Problem talking to the "
	    "database: Connection refused\nJobID|State\n7|FAILED\n");
	ev = nth_kind(&r.out, EV_NOTE, 0);
	CHECK_FSTR(ev, "message",
	    "Problem talking to the database: Connection refused");
	CHECK_EQ_INT(count_kind(&r.out, EV_SACCT_ROW), 1);
	run_free(&r);
}

DEFINE_TEST(test_sacct_field_order_and_legacy_reqmem)
{
	struct run	 r;
	struct event	*ev;

	/* --parsable (trailing '|'), reversed order, <=21.02 suffixes. */
	run_str(&r, parse_sacct,
	    "Timelimit|Elapsed|ReqMem|ExitCode|State|JobID|\n"
	    "1-00:00:00|1-02:03:04|4000Mc|1:0|FAILED|77|\n"
	    "Partition_Limit|05:06|16Gn|0:0|COMPLETED|77.batch|\n"
	    "UNLIMITED|00:00:01|100M|0:0|COMPLETED|77.extern|\n"
	    "UNLIMITED|00:00:01||0:0|RUNNING|77.interactive|\n"
	    "UNLIMITED|00:00:01||0:0|RUNNING|1234+0.0|\n");
	CHECK_EQ_INT(count_kind(&r.out, EV_SACCT_ROW), 5);
	ev = row(&r.out, "77");
	CHECK_EQ_INT(num(ev, "req_mem_bytes"), 4000 * MIB);
	CHECK_FSTR(ev, "req_mem_per", "cpu");
	CHECK_EQ_INT(num(ev, "exit_code"), 1);
	CHECK_EQ_INT(num(ev, "elapsed_s"), 93784);
	CHECK_EQ_INT(num(ev, "timelimit_s"), 86400);
	CHECK(ev_field(ev, "cells_missing") == NULL);
	ev = row(&r.out, "77.batch");
	CHECK_EQ_INT(num(ev, "req_mem_bytes"), 16 * 1024 * MIB);
	CHECK_FSTR(ev, "req_mem_per", "node");
	CHECK_EQ_INT(num(ev, "elapsed_s"), 306);
	CHECK(ev_field(ev, "timelimit_s") == NULL);
	CHECK(ev_field(row(&r.out, "77.extern"), "timelimit_s") == NULL);
	CHECK_FSTR(row(&r.out, "77.extern"), "step", "extern");
	CHECK_FSTR(row(&r.out, "77.interactive"), "step", "interactive");
	CHECK_FSTR(row(&r.out, "1234+0.0"), "job_id", "1234+0");
	run_free(&r);
	/* Newer plain ReqMem is the job total when ReqTRES has nodes. */
	run_str(&r, parse_sacct, "JobID|ReqMem|ReqTRES\n"
	    "9|400G|cpu=8,mem=400G,node=4,gres/gpu:a100=8\n");
	ev = row(&r.out, "9");
	CHECK_EQ_INT(num(ev, "req_mem_bytes"), 100 * 1024 * MIB);
	CHECK_EQ_INT(num(ev, "tres_gpus"), 8);
	CHECK_EQ_INT(num(ev, "nnodes"), 4);
	run_free(&r);
}

DEFINE_TEST(test_sacct_crlf_and_truncation)
{
	struct run	 r;
	struct event	*ev;
	char		*src, *crlf;
	size_t		 n, j = 0;

	src = test_slurp(FX "cgroup-v1/oom-srun/sacct_parsable2.txt", &n);
	crlf = malloc(2 * n + 1);
	for (size_t i = 0; i < n; i++) {
		if (src[i] == '\n')
			crlf[j++] = '\r';
		crlf[j++] = src[i];
	}
	run_buf(&r, parse_sacct, crlf, j);
	ev = row(&r.out, "4.0");
	CHECK_FSTR(ev, "state", "OUT_OF_MEMORY");
	CHECK_EQ_INT(num(ev, "elapsed_s"), 2);
	CHECK(ev != NULL && ev->text.n > 0 &&
	    ev->text.p[ev->text.n - 1] != '\r');
	run_free(&r);
	/* Cut in the middle of the last row's State column. */
	run_buf(&r, parse_sacct, src, (size_t)(strstr(src, "OUT_OF") -
	    src) + 6);
	ev = row(&r.out, "4.0");
	CHECK_FSTR(ev, "state", "OUT_OF");
	CHECK(ev_field(ev, "exit_code") == NULL);
	CHECK_EQ_INT(num(ev, "cells_missing"), 8);
	run_free(&r);
	/* Header only. */
	run_buf(&r, parse_sacct, src, (size_t)(strchr(src, '\n') - src));
	CHECK_EQ_INT(r.out.n, 0);
	run_free(&r);
	free(crlf);
	free(src);
}

DEFINE_TEST(test_sacct_garbage_and_huge)
{
	struct run	 r;
	struct event	*ev;
	static const char bin[] = "\x00\x01garbage\n\xff\xfe|\x00|\n";

	run_str(&r, parse_sacct, "hello world\nthis is not sacct\n");
	CHECK_EQ_INT(count_kind(&r.out, EV_SACCT_ROW), 0);
	CHECK_EQ_INT(count_kind(&r.out, EV_UNPARSED), 2);
	run_free(&r);
	run_buf(&r, parse_sacct, bin, sizeof(bin) - 1);
	CHECK_EQ_INT(r.rc, ERR_OK);
	run_free(&r);
	run_str(&r, parse_sacct, "JobID|MaxRSS|MaxVMSize|ExitCode|ReqMem|"
	    "Elapsed|NTasks\n"
	    "5|99999999999999999999K|18014398509481984K|"
	    "99999999999999999999:1|9999999999999999999T|"
	    "99999999999999999999-00:00:00|-3\n");
	ev = row(&r.out, "5");
	CHECK(ev != NULL);
	CHECK(ev_field(ev, "max_rss_bytes") == NULL);
	CHECK(ev_field(ev, "max_vmsize_bytes") == NULL);	/* 2^64 */
	CHECK(ev_field(ev, "exit_code") == NULL);
	CHECK(ev_field(ev, "req_mem_bytes") == NULL);
	CHECK(ev_field(ev, "elapsed_s") == NULL);
	CHECK_EQ_INT(num(ev, "ntasks"), -3);
	run_free(&r);
}

DEFINE_TEST(test_sacct_10k_rows)
{
	struct run	 r;
	char		*p;
	size_t		 n = 0, cap = 64 * 10002;

	p = malloc(cap);
	n += (size_t)snprintf(p + n, cap - n, "JobID|State|ExitCode\n");
	for (int i = 0; i < 10000; i++)
		n += (size_t)snprintf(p + n, cap - n, "%d.%d|COMPLETED|0:0\n",
		    100 + i / 10, i % 10);
	run_buf(&r, parse_sacct, p, n);
	CHECK_EQ_INT(count_kind(&r.out, EV_SACCT_ROW), 10000);
	CHECK_EQ_INT(r.out.v[9999]->ref.line, 10001);
	CHECK_FSTR(r.out.v[9999], "job_step", "1099.9");
	evlist_free(&r.out);
	arena_free(r.a);
	free(p);
}

DEFINE_TEST(test_sacct_json_newer_and_hostile)
{
	struct run	 r;
	struct event	*ev;

	/* 23.02+ layout: arrays for state/status, {set,number} numbers. */
	run_str(&r, parse_sacct, "{\"jobs\": [{\"job_id\": 12, \"name\": \"t\","
	    "\"state\": {\"current\": [\"OUT_OF_MEMORY\"], \"reason\": "
	    "\"OutOfMemory\"}, \"exit_code\": {\"status\": [\"SIGNALED\"], "
	    "\"return_code\": {\"set\": true, \"number\": 0}, \"signal\": "
	    "{\"id\": {\"set\": true, \"number\": 125}}}, \"required\": "
	    "{\"memory_per_cpu\": {\"set\": true, \"infinite\": false, "
	    "\"number\": 4000}}, \"time\": {\"end\": 1700000000, \"limit\": "
	    "{\"set\": true, \"infinite\": true, \"number\": 0}},\n"
	    "\"steps\": [{\"step\": {\"id\": \"12.batch\", \"name\": "
	    "\"batch\"}, \"state\": [\"OUT_OF_MEMORY\"]}]}]}");
	ev = row(&r.out, "12");
	CHECK_FSTR(ev, "state", "OUT_OF_MEMORY");
	CHECK_FSTR(ev, "reason", "OutOfMemory");
	CHECK_EQ_INT(num(ev, "exit_signal"), 125);
	CHECK_EQ_INT(num(ev, "req_mem_bytes"), 4000 * MIB);
	CHECK_FSTR(ev, "req_mem_per", "cpu");
	CHECK(ev_field(ev, "timelimit_s") == NULL);
	CHECK_EQ_INT(ev->ts_ns, 1700000000LL * 1000000000LL);
	CHECK_EQ_INT(ev->ref.line, 1);
	CHECK_FSTR(row(&r.out, "12.batch"), "state", "OUT_OF_MEMORY");
	CHECK_EQ_INT(row(&r.out, "12.batch")->ref.line, 2);
	run_free(&r);
	/* Wrong types everywhere: skipped and counted, not fatal. */
	run_str(&r, parse_sacct, "{\"jobs\": [1, {\"job_id\": \"x\", "
	    "\"name\": 5, \"state\": [7], \"exit_code\": \"no\", "
	    "\"steps\": {\"a\": 1}, \"time\": {\"end\": \"soon\"}}]}");
	CHECK_EQ_INT(count_kind(&r.out, EV_SACCT_ROW), 1);
	ev = nth_kind(&r.out, EV_NOTE, 0);
	CHECK(ev != NULL && strcmp(ev->sig, "sacct.json_types") == 0);
	run_free(&r);
	run_str(&r, parse_sacct, "{\"jobs\": [{\"job_id\": 1,");
	ev = nth_kind(&r.out, EV_NOTE, 0);
	CHECK(ev != NULL && strcmp(ev->sig, "sacct.json_error") == 0);
	run_free(&r);
	run_str(&r, parse_sacct, "[1, 2, 3]");
	CHECK_EQ_INT(count_kind(&r.out, EV_SACCT_ROW), 0);
	CHECK_EQ_INT(count_kind(&r.out, EV_NOTE), 1);
	run_free(&r);
}

static void
torture(parse_fn *fn, const char *rel)
{
	char		*buf;
	size_t		 len;
	int		 ok = 0;

	buf = test_slurp(rel, &len);
	for (long n = 0; n < 400 && !ok; n++) {
		struct src	 in = { 0, "t", buf, len };
		struct arena	*a = arena_new(1 << 12);
		struct evlist	 out = { 0 };
		enum err_code	 rc;

		arena_fail_after(a, n);
		rc = fn(&in, a, &out, NULL);
		CHECK(rc == ERR_OK || rc == ERR_NOMEM);
		ok = rc == ERR_OK;
		evlist_free(&out);
		arena_free(a);
	}
	CHECK(ok);
	free(buf);
}

DEFINE_TEST(test_slurm_alloc_failures)
{
	torture(parse_sacct, FX "cgroup-v1/oom-srun/sacct_parsable2_wide.txt");
	torture(parse_sacct, FX "cgroup-v1/oom-srun/sacct_json.json");
	torture(parse_scontrol, FX "cgroup-v1/oom-srun/scontrol_show_job_-d.txt");
	torture(parse_scontrol, FX "cgroup-v1/cluster/scontrol_show_node.txt");
}

DEFINE_TEST(test_slurm_sniffers)
{
	static const struct {
		const char	*rel;
		int		 sacct, scontrol;
	} t[] = {
		{ FX "cgroup-v1/oom-srun/sacct_parsable2.txt", 1, 0 },
		{ FX "cgroup-v1/oom-srun/sacct_default.txt", 1, 0 },
		{ FX "cgroup-v1/oom-srun/sacct_json.json", 1, 0 },
		{ FX "no-slurmdbd/sacct_-j_1.stderr", 1, 0 },
		{ FX "cgroup-v1/oom-srun/scontrol_show_job.txt", 0, 1 },
		{ FX "cgroup-v1/cluster/scontrol_show_node.txt", 0, 1 },
		{ FX "cgroup-v1/cluster/scontrol_show_config.txt", 0, 1 },
	};
	char	*b;
	size_t	 n;

	for (size_t i = 0; i < sizeof(t) / sizeof(*t); i++) {
		b = test_slurp(t[i].rel, &n);
		CHECK_EQ_INT(sniff_sacct(b, n) >= 50, t[i].sacct);
		CHECK_EQ_INT(sniff_scontrol(b, n) >= 50, t[i].scontrol);
		free(b);
	}
	CHECK_EQ_INT(sniff_sacct("", 0), 0);
	CHECK_EQ_INT(sniff_scontrol("", 0), 0);
}

/* ---- scontrol ---- */

DEFINE_TEST(test_scontrol_job_detail)
{
	struct run	 r;
	struct event	*ev;

	run_file(&r, parse_scontrol,
	    FX "cgroup-v1/oom-srun/scontrol_show_job_-d.txt");
	check_refs(&r);
	CHECK_EQ_INT(r.out.n, 1);
	ev = nth_kind(&r.out, EV_SCONTROL_JOB, 0);
	CHECK(ev != NULL);
	CHECK_FSTR(ev, "job_id", "4");
	CHECK_FSTR(ev, "job_name", "oom-srun");
	CHECK_FSTR(ev, "user", "ciuser");
	CHECK_EQ_INT(num(ev, "uid"), 1001);
	CHECK_FSTR(ev, "job_state", "COMPLETED");
	CHECK_EQ_INT(num(ev, "exit_code"), 0);
	CHECK_EQ_INT(num(ev, "derived_signal"), 125);
	CHECK_FSTR(ev, "partition", "debug");
	CHECK_FSTR(ev, "qos", "normal");
	CHECK_FSTR(ev, "batch_host", "vm");
	CHECK_EQ_INT(num(ev, "num_cpus"), 1);
	CHECK_EQ_INT(num(ev, "min_memory_node_bytes"), 104857600);
	CHECK_EQ_INT(num(ev, "alloc_mem_bytes"), 104857600);	/* Mem=100 */
	CHECK_EQ_INT(num(ev, "tres_mem_bytes"), 104857600);
	CHECK_EQ_INT(num(ev, "time_limit_s"), 300);
	CHECK_EQ_INT(num(ev, "run_time_s"), 2);
	CHECK_EQ_INT(num(ev, "end_s"),
	    units_civil_to_epoch(2026, 11, 30, 6, 59, 14));
	CHECK_EQ_INT(ev->tsq, TSQ_RAW_LOCAL);
	CHECK_EQ_INT(num(ev, "times_local"), 1);
	CHECK_FSTR(ev, "std_out", "/home/ciuser/oomjobs/slurm-4.out");
	CHECK_FSTR(ev, "command", "/home/ciuser/oomjobs/oom-srun.sbatch");
	CHECK_FSTR(ev, "AllocNode:Sid", "localhost:2272");	/* every key */
	CHECK_FSTR(ev, "ReqB:S:C:T", "0:0:*:*");
	CHECK_FSTR(ev, "CPU_IDs", "1");
	CHECK_FSTR(ev, "Power", "");
	CHECK_EQ_INT(ev->ref.line, 1);
	CHECK_EQ_STRN(ev->text.p, ev->text.n, "JobId=4 JobName=oom-srun");
	CHECK(ev->context.n > 1000 && str_ends(ev->context, "Power="));
	CHECK_EQ_STR(ev->node, "vm");
	run_free(&r);
}

DEFINE_TEST(test_scontrol_oneline_matches_multiline)
{
	static const char *const keys[] = { "job_state", "std_err",
	    "work_dir", "alloc_tres", "node_list", "AccrueTime" };
	struct run	 r1, r2;
	struct event	*a, *b;

	run_file(&r1, parse_scontrol,
	    FX "cgroup-v1/oom-batch/scontrol_show_job.txt");
	run_file(&r2, parse_scontrol,
	    FX "cgroup-v1/oom-batch/scontrol_show_job_-o.txt");
	a = nth_kind(&r1.out, EV_SCONTROL_JOB, 0);
	b = nth_kind(&r2.out, EV_SCONTROL_JOB, 0);
	CHECK(a != NULL && b != NULL && r1.out.n == 1 && r2.out.n == 1);
	CHECK_FSTR(a, "job_state", "OUT_OF_MEMORY");
	CHECK_FSTR(a, "reason", "OutOfMemory");
	CHECK_EQ_INT(num(a, "exit_signal"), 125);
	for (size_t i = 0; a && b && i < sizeof(keys) / sizeof(*keys); i++) {
		struct str	x = ev_str(a, keys[i]), y = ev_str(b, keys[i]);

		CHECK(x.p != NULL && y.p != NULL && x.n == y.n &&
		    memcmp(x.p, y.p, x.n) == 0);
	}
	CHECK_EQ_INT(num(a, "exit_signal"), num(b, "exit_signal"));
	CHECK_EQ_INT(num(a, "end_s"), num(b, "end_s"));
	CHECK_EQ_INT(num(a, "uid"), num(b, "uid"));
	CHECK_EQ_INT(a ? a->nf : 0, b ? b->nf : 0);
	run_free(&r1);
	run_free(&r2);
}

DEFINE_TEST(test_scontrol_step_node_config)
{
	struct run	 r;
	struct event	*ev;

	run_file(&r, parse_scontrol,
	    FX "cgroup-v1/oom-live/live/scontrol_show_step.txt");
	ev = nth_kind(&r.out, EV_SCONTROL_STEP, 0);
	CHECK_FSTR(ev, "step_id", "3.batch");
	CHECK_FSTR(ev, "job_id", "3");
	CHECK_FSTR(ev, "step", "batch");
	CHECK_FSTR(ev, "state", "RUNNING");
	CHECK_EQ_INT(num(ev, "tasks"), 1);
	CHECK_EQ_INT(num(ev, "nodes"), 1);
	CHECK_FSTR(ev, "SrunHost:Pid", "(null):0");
	run_free(&r);
	run_file(&r, parse_scontrol, FX "cgroup-v1/cluster/scontrol_show_node.txt");
	ev = nth_kind(&r.out, EV_SCONTROL_NODE, 0);
	CHECK_FSTR(ev, "node_name", "vm");
	CHECK_EQ_INT(num(ev, "real_memory_bytes"), 4194304000LL);
	CHECK_EQ_INT(num(ev, "alloc_mem_bytes"), 0);
	CHECK_EQ_INT(num(ev, "free_mem_bytes"), 22640 * MIB);
	CHECK_EQ_INT(num(ev, "cpu_tot"), 2);
	CHECK_FSTR(ev, "state", "IDLE");
	CHECK_FSTR(ev, "cfg_tres", "cpu=2,mem=4000M,billing=2");
	CHECK_FSTR(ev, "OS", "Linux 6.18.44-fc-v657 #1 SMP PREEMPT_DYNAMIC @0");
	CHECK_EQ_STR(ev ? ev->node : NULL, "vm");
	run_free(&r);
	run_file(&r, parse_scontrol,
	    FX "cgroup-v1/cluster/scontrol_show_config.txt");
	CHECK_EQ_INT(r.out.n, 1);
	ev = nth_kind(&r.out, EV_SCONTROL_CONFIG, 0);
	CHECK(ev != NULL && ev->ref.line == 1 && ev->ref.off == 0);
	CHECK_FSTR(ev, "ConstrainRAMSpace", "yes");
	CHECK_FSTR(ev, "AllowedRAMSpace", "100.0%");
	CHECK_FSTR(ev, "CgroupPlugin", "cgroup/v1");
	CHECK_FSTR(ev, "TaskPlugin", "task/cgroup");
	CHECK_FSTR(ev, "DefMemPerNode", "UNLIMITED");
	CHECK_FSTR(ev, "JobAcctGatherParams", "(null)");
	CHECK_EQ_INT(num(ev, "as_of_s"),
	    units_civil_to_epoch(2026, 11, 30, 6, 59, 31));
	run_free(&r);
	run_file(&r, parse_scontrol, FX
	    "linuxproc-overmemorykill/cluster/scontrol_show_config.txt");
	ev = nth_kind(&r.out, EV_SCONTROL_CONFIG, 0);
	CHECK_FSTR(ev, "JobAcctGatherParams", "OverMemoryKill");
	CHECK(ev != NULL && ev_field(ev, "ConstrainRAMSpace") == NULL);
	run_free(&r);
}

DEFINE_TEST(test_scontrol_errors)
{
	static const char *const files[] = {
		FX "linuxproc-overmemorykill/oom-live/live/scontrol_show_step.txt",
		FX "linuxproc-overmemorykill/oom-live/live/"
		    "scontrol_listpids.txt.stderr",
	};
	struct run	 r;
	struct event	*ev;

	for (size_t i = 0; i < 2; i++) {
		run_file(&r, parse_scontrol, files[i]);
		CHECK_EQ_INT(r.out.n, 1);
		ev = nth_kind(&r.out, EV_NOTE, 0);
		CHECK(ev != NULL && strcmp(ev->sig, "scontrol.error") == 0);
		run_free(&r);
	}
	run_str(&r, parse_scontrol,
	    "slurm_load_jobs error: Invalid job id specified\n");
	ev = nth_kind(&r.out, EV_NOTE, 0);
	CHECK(ev != NULL && strcmp(ev->sig, "scontrol.error") == 0);
	CHECK_FSTR(ev, "message",
	    "slurm_load_jobs error: Invalid job id specified");
	run_free(&r);
}

DEFINE_TEST(test_scontrol_values_with_spaces)
{
	struct run	 r;
	struct event	*ev;

	run_str(&r, parse_scontrol,
	    "JobId=7 JobName=my job UserId=u(5) JobState=RUNNING\r\n"
	    "   Command=/bin/run --x=1 lr=0.1 a b\r\n"
	    "   WorkDir=/home/u/my dir\r\n"
	    "   StdOut=/tmp/o ut=1.txt\r\n"
	    "   TresPerNode=gres:gpu:4 MemPerTres=gres/gpu:10000\r\n"
	    "   ReqTRES=cpu=8,mem=64G,node=1,gres/gpu=4\r\n"
	    "\r\n"
	    "JobId=8 JobName=x StartTime=2026-11-30T06:59:12 "
	    "EndTime=2026-11-30T07:04:12 JobState=RUNNING\n"
	    "  stray indented line after the record\n"
	    "NodeName=n1 State=DOWN+DRAIN RealMemory=99999999999999999999\n"
	    "   Reason=Not responding [slurm@2026-11-30T06:00:00]\n");
	CHECK_EQ_INT(count_kind(&r.out, EV_SCONTROL_JOB), 2);
	ev = nth_kind(&r.out, EV_SCONTROL_JOB, 0);
	CHECK_FSTR(ev, "job_name", "my job");
	CHECK_EQ_INT(num(ev, "uid"), 5);
	CHECK_FSTR(ev, "command", "/bin/run --x=1 lr=0.1 a b");
	CHECK_FSTR(ev, "work_dir", "/home/u/my dir");
	CHECK_FSTR(ev, "std_out", "/tmp/o ut=1.txt");
	CHECK_FSTR(ev, "tres_per_node", "gres:gpu:4");
	CHECK_EQ_INT(num(ev, "mem_per_gpu_bytes"), 10000 * MIB);
	CHECK_EQ_INT(num(ev, "tres_gpus"), 4);
	CHECK_EQ_INT(num(ev, "tres_mem_bytes"), 64 * 1024 * MIB);
	ev = nth_kind(&r.out, EV_SCONTROL_JOB, 1);
	/* A running job's EndTime is a forecast: cite StartTime. */
	CHECK_EQ_INT(ev ? ev->ts_ns : 0,
	    units_civil_to_epoch(2026, 11, 30, 6, 59, 12) * 1000000000LL);
	CHECK_EQ_INT(count_kind(&r.out, EV_UNPARSED), 0);
	ev = nth_kind(&r.out, EV_SCONTROL_NODE, 0);
	CHECK_FSTR(ev, "reason", "Not responding [slurm@2026-11-30T06:00:00]");
	CHECK_FSTR(ev, "state", "DOWN+DRAIN");
	CHECK(ev != NULL && ev_field(ev, "real_memory_bytes") == NULL);
	run_free(&r);
}

DEFINE_TEST(test_scontrol_hostile)
{
	struct run	 r;
	char		*p;
	size_t		 n = 0, cap = 20 * 5000;
	static const char bin[] = "JobId=\x00\n   =\x01=\n\xff=x\n   \n";

	p = malloc(cap);
	n += (size_t)snprintf(p, cap, "JobId=1");
	for (int i = 0; i < 4000; i++)
		n += (size_t)snprintf(p + n, cap - n, " K%d=v", i);
	run_buf(&r, parse_scontrol, p, n);
	CHECK_EQ_INT(r.out.n, 1);
	CHECK_EQ_INT(num(r.out.v[0], "keys_dropped"), 4001 - 1024);
	run_free(&r);
	free(p);
	run_buf(&r, parse_scontrol, bin, sizeof(bin) - 1);
	CHECK_EQ_INT(r.rc, ERR_OK);
	run_free(&r);
	run_str(&r, parse_scontrol, "   orphan=1\nno pairs here\n");
	CHECK_EQ_INT(count_kind(&r.out, EV_UNPARSED), 2);
	run_free(&r);
	run_str(&r, parse_scontrol, "");
	CHECK_EQ_INT(r.out.n, 0);
	run_free(&r);
}

/* One cached parse of a member through the member cache (analyze/
 * member_cache.c) into a fresh list; the bytes are a private copy freed
 * before the events are read, so a copy that borrowed from them fails
 * under ASan. */
static enum err_code
cache_one(struct mcache *mc, parse_fn *fn, int file_id, const char *path,
    const char *p, size_t n, struct arena *a, struct evlist *out)
{
	struct err	 e = { 0 };
	struct src	 s;
	char		*copy = malloc(n + 1);
	enum err_code	 rc;

	CHECK(copy != NULL);
	memcpy(copy, p, n);
	s = (struct src){ file_id, path, copy, n };
	rc = mcache_parse(mc, fn, 3, &s, a, out, &e);
	memset(copy, 'x', n);
	free(copy);
	return rc;
}

DEFINE_TEST(test_member_cache_parses_once)
{
	struct mcache	*mc = mcache_new();
	struct arena	*a = arena_new(4096);
	struct evlist	 l[4] = { 0 };
	struct run	 r;
	char		*b;
	size_t		 n;

	CHECK(mc != NULL && a != NULL);
	if (mc == NULL || a == NULL)
		return;
	b = test_slurp(FX "cgroup-v1/oom-live/sacct_parsable2.txt", &n);
	/* the uncached parse, for comparison */
	run_buf(&r, parse_sacct, b, n);
	CHECK_EQ_INT(r.rc, ERR_OK);
	CHECK(r.out.n > 0);
	CHECK_EQ_INT(cache_one(mc, parse_sacct, 1, "slurm/sacct.txt", b, n,
	    a, &l[0]), ERR_OK);
	CHECK_EQ_INT(mcache_hits(mc), 0);
	CHECK_EQ_INT(cache_one(mc, parse_sacct, 7, "slurm/sacct.txt", b, n,
	    a, &l[1]), ERR_OK);
	CHECK_EQ_INT(mcache_hits(mc), 1);	/* same path, same bytes */
	/* another path or other bytes are parsed on their own */
	CHECK_EQ_INT(cache_one(mc, parse_sacct, 8, "slurm/sacct-2.txt", b, n,
	    a, &l[2]), ERR_OK);
	CHECK_EQ_INT(cache_one(mc, parse_sacct, 9, "slurm/sacct.txt", b,
	    n - 1, a, &l[3]), ERR_OK);
	CHECK_EQ_INT(mcache_hits(mc), 1);
	CHECK_EQ_INT(l[0].n, r.out.n);
	CHECK_EQ_INT(l[1].n, r.out.n);
	CHECK_EQ_INT(l[2].n, r.out.n);
	for (size_t i = 0; i < r.out.n && i < l[0].n && i < l[1].n; i++) {
		const struct event *u = r.out.v[i], *x = l[0].v[i];
		const struct event *y = l[1].v[i];

		/* what the parser said, with each copy's own file id */
		CHECK_EQ_INT(x->kind, u->kind);
		CHECK_EQ_INT(x->ref.line, u->ref.line);
		CHECK_EQ_INT(x->ref.file_id, 1);
		CHECK_EQ_INT(y->ref.file_id, 7);
		CHECK_EQ_INT(x->nf, u->nf);
		CHECK(x->text.n == u->text.n &&
		    memcmp(x->text.p, u->text.p, u->text.n) == 0);
		for (uint16_t k = 0; k < u->nf && k < x->nf; k++) {
			CHECK_EQ_STR(x->f[k].name, u->f[k].name);
			CHECK_EQ_INT(x->f[k].num, u->f[k].num);
			CHECK(x->f[k].s.n == u->f[k].s.n && (u->f[k].s.n == 0 ||
			    memcmp(x->f[k].s.p, u->f[k].s.p, u->f[k].s.n) == 0));
		}
		/* two events, one text and one field array */
		CHECK(x != y);
		CHECK(x->text.p == y->text.p);
		CHECK(x->f == y->f);
	}
	/* a field set on one copy later is that copy's alone */
	if (l[0].n > 0 && l[1].n > 0) {
		CHECK_EQ_INT(ev_set_num(l[1].v[0], a, "later", 5), 0);
		CHECK_EQ_INT(num(l[1].v[0], "later"), 5);
		CHECK(ev_field(l[0].v[0], "later") == NULL);
		CHECK_EQ_INT(l[0].v[0]->nf, r.out.v[0]->nf);
	}
	for (size_t i = 0; i < 4; i++)
		evlist_free(&l[i]);
	run_free(&r);
	free(b);
	arena_free(a);
	mcache_free(mc);
	mcache_free(NULL);
}
