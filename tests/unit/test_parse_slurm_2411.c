/*
 * test_parse_slurm_2411: the sacct and scontrol parsers on the real Slurm
 * 24.11 captures (fixtures/real/slurm-24.11/, see its README.md): the
 * text, --json and --yaml forms of one job give the same records, the
 * 24.11 --json gives the records the 22.05 one gave for the same case,
 * scontrol show job --json gives what the -dd text gives, and hostile
 * YAML and JSON are read within bounds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "internal.h"
#include "parse.h"
#include "slurm_json.h"
#include "units.h"

#define FX	"fixtures/real/slurm-24.11/"
#define FX22	"fixtures/real/slurm/cgroup-v1/"
#define MIB	(1024LL * 1024)

static const char *const cases[] = { "timeout", "ok", "oom-batch",
    "oom-live", "oom-srun", "step-toobig", "srun-oom" };
#define NCASES	(sizeof(cases) / sizeof(*cases))

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
	CHECK_EQ_INT(r->rc, ERR_OK);
}

static void
run_file(struct run *r, parse_fn *fn, const char *rel)
{
	char	*b;
	size_t	 n;

	b = test_slurp(rel, &n);
	run_buf(r, fn, b, n);
	r->buf = b;
}

static void
run_str(struct run *r, parse_fn *fn, const char *s)
{
	run_buf(r, fn, s, strlen(s));
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

static void
check_refs(const struct run *r)
{
	for (size_t i = 0; i < r->out.n; i++) {
		const struct event	*ev = r->out.v[i];

		CHECK_EQ_INT(ev->ref.file_id, 3);
		CHECK(ev->ref.off + ev->ref.len <= r->len);
	}
}

/* Field `name` is absent from both events or holds the same value. */
static void
same_field(const struct event *a, const struct event *b, const char *name,
    const char *what)
{
	const struct evfield	*fa = ev_field(a, name);
	const struct evfield	*fb = ev_field(b, name);
	int			 ok;

	if (fa == NULL || fb == NULL)
		ok = fa == fb;
	else if (fa->has_num || fb->has_num)
		ok = fa->has_num && fb->has_num && fa->num == fb->num;
	else
		ok = fa->s.n == fb->s.n && memcmp(fa->s.p, fb->s.p,
		    fa->s.n) == 0;
	if (!ok)
		test_fail(__FILE__, __LINE__, "%s: field %s differs", what,
		    name);
}

/* Every field of a is in b with the same value, and the reverse. */
static void
same_fields(const struct event *a, const struct event *b, const char *what)
{
	for (uint16_t i = 0; i < a->nf; i++)
		same_field(a, b, a->f[i].name, what);
	for (uint16_t i = 0; i < b->nf; i++)
		same_field(a, b, b->f[i].name, what);
}

/* ---- sacct ---- */

/* --yaml is --json's tree in YAML: the same rows, field for field, each
 * citing the line where its object opens. */
DEFINE_TEST(test_sacct_yaml_equals_json)
{
	char		 p[256], what[128];
	struct run	 rj, ry;

	for (size_t c = 0; c < NCASES; c++) {
		snprintf(p, sizeof(p), FX "%s/sacct_json.json", cases[c]);
		run_file(&rj, parse_sacct, p);
		snprintf(p, sizeof(p), FX "%s/sacct_yaml.yaml", cases[c]);
		run_file(&ry, parse_sacct, p);
		check_refs(&ry);
		CHECK(count_kind(&rj.out, EV_SACCT_ROW) >= 1);
		CHECK_EQ_INT(rj.out.n, ry.out.n);
		CHECK_EQ_INT(count_kind(&ry.out, EV_NOTE), 0);
		for (size_t i = 0; i < rj.out.n && i < ry.out.n; i++) {
			const struct event	*j = rj.out.v[i];
			const struct event	*y = ry.out.v[i];

			snprintf(what, sizeof(what), "%s row %zu", cases[c], i);
			CHECK_EQ_INT(y->kind, EV_SACCT_ROW);
			same_fields(j, y, what);
			CHECK_EQ_INT(y->ts_ns, j->ts_ns);
			CHECK_EQ_INT(y->tsq, TSQ_EXACT);
			CHECK_EQ_STR(y->node, j->node);
			CHECK(str_starts(y->text, "sacct --yaml: job "));
			CHECK(y->text.n == j->text.n);
			/* "- !!map" opens each job and step object. */
			CHECK(y->ref.line > 0);
			CHECK(str_starts(str_trim(str_make(ry.buf + y->ref.off,
			    y->ref.len)), "- !!map"));
		}
		run_free(&rj);
		run_free(&ry);
	}
}

/* 22.05's --yaml (openapi dbv0.0.38, its meta first) is its --json too. */
DEFINE_TEST(test_sacct_yaml_equals_json_2205)
{
	static const char *const c22[] = { "ok", "oom-batch", "oom-live",
	    "oom-srun", "step-toobig", "srun-oom" };
	char		 p[256], what[128];
	struct run	 rj, ry;

	for (size_t c = 0; c < sizeof(c22) / sizeof(*c22); c++) {
		snprintf(p, sizeof(p), FX22 "%s/sacct_json.json", c22[c]);
		run_file(&rj, parse_sacct, p);
		snprintf(p, sizeof(p), FX22 "%s/sacct_yaml.yaml", c22[c]);
		run_file(&ry, parse_sacct, p);
		CHECK(sniff_sacct(ry.buf, ry.len) >= 50);
		CHECK(count_kind(&rj.out, EV_SACCT_ROW) >= 1);
		CHECK_EQ_INT(rj.out.n, ry.out.n);
		for (size_t i = 0; i < rj.out.n && i < ry.out.n; i++) {
			snprintf(what, sizeof(what), "22.05 %s row %zu",
			    c22[c], i);
			same_fields(rj.out.v[i], ry.out.v[i], what);
			CHECK_EQ_INT(ry.out.v[i]->ts_ns, rj.out.v[i]->ts_ns);
		}
		run_free(&rj);
		run_free(&ry);
	}
}

/* The fields both the text (--parsable2, 28 columns) and the structured
 * forms carry. */
static const char *const common_fields[] = {
	"job_id", "step", "job_step", "job_name", "state", "exit_code",
	"exit_signal", "derived_exit_code", "derived_signal", "reason",
	"req_mem_bytes", "req_mem_per", "max_rss_bytes", "max_rss_node",
	"max_rss_task", "max_vmsize_bytes", "node_list", "partition", "user",
	"submit_s", "start_s", "end_s", "elapsed_s", "tres_mem_bytes",
	"nnodes", "submit_line",
};

/* Text, JSON and YAML of one job: the same rows with the same values
 * (the VM ran in UTC, so naive local times equal the epoch). */
DEFINE_TEST(test_sacct_text_json_yaml_same_records)
{
	static const char *const forms[] = { "sacct_json.json",
	    "sacct_yaml.yaml" };
	char		 p[256], what[160], id[64];
	struct run	 rt, rs;

	for (size_t c = 0; c < NCASES; c++) {
		snprintf(p, sizeof(p), FX "%s/sacct_parsable2_wide.txt",
		    cases[c]);
		run_file(&rt, parse_sacct, p);
		for (size_t f = 0; f < 2; f++) {
			snprintf(p, sizeof(p), FX "%s/%s", cases[c], forms[f]);
			run_file(&rs, parse_sacct, p);
			CHECK_EQ_INT(count_kind(&rs.out, EV_SACCT_ROW),
			    count_kind(&rt.out, EV_SACCT_ROW));
			for (size_t i = 0; i < rt.out.n; i++) {
				const struct event	*t = rt.out.v[i], *s;
				struct str		 js;

				js = ev_str(t, "job_step");
				snprintf(id, sizeof(id), "%.*s", (int)js.n,
				    js.p);
				s = row(&rs.out, id);
				CHECK(s != NULL);
				if (s == NULL)
					continue;
				snprintf(what, sizeof(what), "%s %s %s",
				    cases[c], forms[f], id);
				for (size_t k = 0; k < sizeof(common_fields) /
				    sizeof(*common_fields); k++) {
					/* A step's Submit and SubmitLine are
					 * text-only: JSON steps have none. */
					if (ev_str(t, "step").n > 0 &&
					    strncmp(common_fields[k], "submit",
					    6) == 0)
						continue;
					same_field(t, s, common_fields[k],
					    what);
				}
				CHECK_EQ_INT(t->ts_ns, s->ts_ns);
				CHECK_EQ_STR(t->node, s->node);
				CHECK_EQ_INT(num(t, "times_local"), 1);
				CHECK_EQ_INT(num(s, "times_local"), 0);
			}
			run_free(&rs);
		}
		run_free(&rt);
	}
}

/* 24.11's fixed-width output (default and --long) against --parsable2:
 * the same rows, states (the cut "OUT_OF_ME+" expanded) and exits. */
DEFINE_TEST(test_sacct_2411_fixed_width)
{
	static const char *const forms[] = { "sacct_default.txt",
	    "sacct_long.txt" };
	static const char *const fields[] = { "state", "exit_code",
	    "exit_signal", "max_rss_bytes", "max_vmsize_bytes" };
	char		 p[256], what[160], id[64];
	struct run	 rt, rf;

	for (size_t c = 0; c < NCASES; c++) {
		snprintf(p, sizeof(p), FX "%s/sacct_parsable2.txt", cases[c]);
		run_file(&rt, parse_sacct, p);
		for (size_t f = 0; f < 2; f++) {
			snprintf(p, sizeof(p), FX "%s/%s", cases[c], forms[f]);
			run_file(&rf, parse_sacct, p);
			CHECK_EQ_INT(count_kind(&rf.out, EV_SACCT_ROW),
			    count_kind(&rt.out, EV_SACCT_ROW));
			for (size_t i = 0; i < rt.out.n; i++) {
				const struct event	*o;
				struct str		 js;

				js = ev_str(rt.out.v[i], "job_step");
				snprintf(id, sizeof(id), "%.*s", (int)js.n,
				    js.p);
				o = row(&rf.out, id);
				CHECK(o != NULL);
				if (o == NULL)
					continue;
				snprintf(what, sizeof(what), "%s %s %s",
				    cases[c], forms[f], id);
				for (size_t k = 0; k < sizeof(fields) /
				    sizeof(*fields); k++)
					if (ev_field(o, fields[k]) != NULL ||
					    strncmp(fields[k], "max_", 4) != 0)
						same_field(rt.out.v[i], o,
						    fields[k], what);
			}
			run_free(&rf);
		}
		run_free(&rt);
	}
}

DEFINE_TEST(test_sacct_2411_cases)
{
	struct run	 r;
	struct event	*job, *step;

	run_file(&r, parse_sacct, FX "oom-srun/sacct_yaml.yaml");
	job = row(&r.out, "5");
	step = row(&r.out, "5.0");
	CHECK(job != NULL && step != NULL);
	CHECK_FSTR(job, "state", "COMPLETED");
	CHECK_EQ_INT(num(job, "derived_signal"), 125);
	CHECK_EQ_INT(num(job, "req_mem_bytes"), 100 * MIB);
	CHECK_FSTR(job, "req_mem_per", "node");
	CHECK_EQ_INT(num(job, "timelimit_s"), 300);
	CHECK_FSTR(step, "state", "OUT_OF_MEMORY");
	CHECK_EQ_INT(num(step, "exit_code"), 0);
	CHECK_EQ_INT(num(step, "exit_signal"), 125);
	CHECK_EQ_INT(num(step, "max_rss_bytes"), 97288 * 1024);
	CHECK_FSTR(step, "job_name", "python3");
	CHECK_EQ_INT(step->ts_ns, units_civil_to_epoch(2026, 12, 1, 13, 46,
	    39) * 1000000000LL);
	CHECK_EQ_STRN(step->text.p, step->text.n,
	    "sacct --yaml: job 5 step 0 OUT_OF_MEMORY");
	run_free(&r);

	run_file(&r, parse_sacct, FX "timeout/sacct_yaml.yaml");
	CHECK_FSTR(row(&r.out, "1"), "state", "TIMEOUT");
	CHECK_FSTR(row(&r.out, "1.batch"), "state", "CANCELLED");
	CHECK_EQ_INT(num(row(&r.out, "1.batch"), "exit_signal"), 15);
	run_free(&r);

	/* step-toobig: the refused step has no row in any form. */
	run_file(&r, parse_sacct, FX "step-toobig/sacct_yaml.yaml");
	CHECK_EQ_INT(count_kind(&r.out, EV_SACCT_ROW), 2);
	CHECK(row(&r.out, "6.0") == NULL);
	run_free(&r);
}

/* The 24.11 --json (data_parser v0.0.42) and the 22.05 one (dbv0.0.38)
 * of the same case: the same row shape (24.11 adds the job's
 * submit_line) and the same values where the two runs did the same
 * thing (job ids, times and MaxRSS differ). */
DEFINE_TEST(test_sacct_json_2411_like_2205)
{
	static const struct {
		const char	*c;
		const char	*id22, *id24;
	} t[] = {
		{ "ok", "1", "2" }, { "oom-batch", "2", "3" },
		{ "oom-live", "3", "4" }, { "oom-srun", "4", "5" },
		{ "step-toobig", "5", "6" }, { "srun-oom", "8", "7" },
	};
	static const char *const steps[] = { "", ".batch", ".0" };
	static const char *const same[] = { "step", "job_name", "state",
	    "exit_code", "exit_signal", "derived_exit_code", "derived_signal",
	    "req_mem_bytes", "req_mem_per", "node_list", "partition", "user",
	    "tres_mem_bytes", "nnodes", "ntasks", "timelimit_s", "times_local",
	    "max_rss_node", "max_rss_task" };
	char		 p[256], a[64], b[64], what[128];
	struct run	 r22, r24;

	for (size_t i = 0; i < sizeof(t) / sizeof(*t); i++) {
		snprintf(p, sizeof(p), FX22 "%s/sacct_json.json", t[i].c);
		run_file(&r22, parse_sacct, p);
		snprintf(p, sizeof(p), FX "%s/sacct_json.json", t[i].c);
		run_file(&r24, parse_sacct, p);
		CHECK_EQ_INT(count_kind(&r22.out, EV_SACCT_ROW),
		    count_kind(&r24.out, EV_SACCT_ROW));
		CHECK_EQ_INT(count_kind(&r24.out, EV_NOTE), 0);
		for (size_t s = 0; s < sizeof(steps) / sizeof(*steps); s++) {
			const struct event	*e22, *e24;

			snprintf(a, sizeof(a), "%s%s", t[i].id22, steps[s]);
			snprintf(b, sizeof(b), "%s%s", t[i].id24, steps[s]);
			e22 = row(&r22.out, a);
			e24 = row(&r24.out, b);
			CHECK((e22 == NULL) == (e24 == NULL));
			if (e22 == NULL || e24 == NULL)
				continue;
			snprintf(what, sizeof(what), "%s %s", t[i].c, steps[s]);
			/* The same fields are set... */
			for (uint16_t k = 0; k < e22->nf; k++)
				if (ev_field(e24, e22->f[k].name) == NULL)
					test_fail(__FILE__, __LINE__, "%s: "
					    "24.11 lacks %s", what,
					    e22->f[k].name);
			for (uint16_t k = 0; k < e24->nf; k++)
				if (ev_field(e22, e24->f[k].name) == NULL &&
				    strcmp(e24->f[k].name, "submit_line") != 0)
					test_fail(__FILE__, __LINE__, "%s: "
					    "22.05 lacks %s", what,
					    e24->f[k].name);
			/* ...and these hold the same values. */
			for (size_t k = 0; k < sizeof(same) / sizeof(*same);
			    k++)
				same_field(e22, e24, same[k], what);
		}
		run_free(&r22);
		run_free(&r24);
	}
}

DEFINE_TEST(test_sacct_json_2411_all_jobs)
{
	struct run	r1, r2;

	run_file(&r1, parse_sacct, FX "all_sacct_parsable2.txt");
	run_file(&r2, parse_sacct, FX "all_sacct_json.json");
	CHECK_EQ_INT(count_kind(&r1.out, EV_SACCT_ROW), 15);
	CHECK_EQ_INT(count_kind(&r2.out, EV_SACCT_ROW), 15);
	for (size_t i = 0; i < r1.out.n; i++) {
		struct str		 js = ev_str(r1.out.v[i], "job_step");
		char			 id[64];
		const struct event	*o;

		snprintf(id, sizeof(id), "%.*s", (int)js.n, js.p);
		o = row(&r2.out, id);
		CHECK(o != NULL);
		if (o == NULL)
			continue;
		same_field(r1.out.v[i], o, "state", id);
		same_field(r1.out.v[i], o, "exit_signal", id);
		same_field(r1.out.v[i], o, "end_s", id);
	}
	run_free(&r1);
	run_free(&r2);
}

/* ---- scontrol show job --json ---- */

/* The stable names both forms give; the -dd text adds cpu_ids and
 * run_time_s (not derived from JSON) and its raw keys. */
static const char *const job_fields[] = {
	"job_id", "job_name", "user", "uid", "job_state", "reason",
	"exit_code", "exit_signal", "derived_exit_code", "derived_signal",
	"partition", "qos", "node_list", "batch_host", "num_nodes", "num_cpus",
	"num_tasks", "cpus_per_task", "ncpu_ids", "gres_idx", "ngres_idx",
	"min_memory_node_bytes", "min_memory_cpu_bytes", "mem_per_gpu_bytes",
	"req_tres", "alloc_tres", "tres_per_node", "tres_per_job",
	"alloc_mem_bytes", "std_out", "std_err", "std_in", "work_dir",
	"command", "submit_s", "start_s", "end_s", "time_limit_s",
	"tres_mem_bytes", "tres_gpus", "gpus_requested",
};

static void
scontrol_agree(const char *text, const char *json, const char *what)
{
	struct run		 rt, rj;
	const struct event	*t, *j;

	run_file(&rt, parse_scontrol, text);
	run_file(&rj, parse_scontrol, json);
	check_refs(&rj);
	CHECK_EQ_INT(count_kind(&rt.out, EV_SCONTROL_JOB), 1);
	CHECK_EQ_INT(count_kind(&rj.out, EV_SCONTROL_JOB), 1);
	CHECK_EQ_INT(count_kind(&rj.out, EV_NOTE), 0);
	t = nth_kind(&rt.out, EV_SCONTROL_JOB, 0);
	j = nth_kind(&rj.out, EV_SCONTROL_JOB, 0);
	if (t != NULL && j != NULL) {
		for (size_t k = 0; k < sizeof(job_fields) / sizeof(*job_fields);
		    k++)
			same_field(t, j, job_fields[k], what);
		CHECK_EQ_INT(t->ts_ns, j->ts_ns);
		CHECK_EQ_STR(t->node, j->node);
		CHECK_EQ_INT(num(j, "times_local"), 0);
		CHECK_EQ_INT(j->tsq, t->tsq == TSQ_NONE ? TSQ_NONE : TSQ_EXACT);
		CHECK(j->ref.line > 0 && memchr(rj.buf + j->ref.off, '{',
		    j->ref.len) != NULL);
	}
	run_free(&rt);
	run_free(&rj);
}

DEFINE_TEST(test_scontrol_json_equals_text)
{
	char	t[256], j[256];

	for (size_t c = 0; c < NCASES; c++) {
		snprintf(t, sizeof(t), FX "%s/scontrol_show_job_-dd.txt",
		    cases[c]);
		snprintf(j, sizeof(j), FX "%s/scontrol_show_job_json.json",
		    cases[c]);
		scontrol_agree(t, j, cases[c]);
		if (strcmp(cases[c], "srun-oom") == 0)
			continue;	/* interactive: no live capture */
		snprintf(t, sizeof(t), FX "%s/live/scontrol_show_job_-dd.txt",
		    cases[c]);
		snprintf(j, sizeof(j), FX "%s/live/scontrol_show_job_json.json",
		    cases[c]);
		scontrol_agree(t, j, cases[c]);
	}
}

/* squeue --json lists the same job records: read as scontrol's. */
DEFINE_TEST(test_squeue_json_equals_scontrol_json)
{
	char		 p[256];
	struct run	 rs, rq;

	for (size_t c = 0; c < NCASES; c++) {
		snprintf(p, sizeof(p), FX "%s/scontrol_show_job_json.json",
		    cases[c]);
		run_file(&rs, parse_scontrol, p);
		snprintf(p, sizeof(p), FX "%s/squeue_json.json", cases[c]);
		run_file(&rq, parse_scontrol, p);
		CHECK_EQ_INT(sniff_content("x", rq.buf, rq.len), FK_SCONTROL);
		CHECK_EQ_INT(count_kind(&rq.out, EV_SCONTROL_JOB), 1);
		CHECK_EQ_INT(rq.out.n, rs.out.n);
		if (rq.out.n == 1 && rs.out.n == 1)
			same_fields(rs.out.v[0], rq.out.v[0], cases[c]);
		run_free(&rs);
		run_free(&rq);
	}
}

DEFINE_TEST(test_scontrol_json_oom_batch)
{
	struct run	 r;
	struct event	*ev;

	run_file(&r, parse_scontrol,
	    FX "oom-batch/scontrol_show_job_json.json");
	ev = nth_kind(&r.out, EV_SCONTROL_JOB, 0);
	CHECK(ev != NULL);
	CHECK_FSTR(ev, "job_id", "3");
	CHECK_FSTR(ev, "job_state", "OUT_OF_MEMORY");
	CHECK_FSTR(ev, "reason", "OutOfMemory");
	CHECK_EQ_INT(num(ev, "exit_code"), 0);
	CHECK_EQ_INT(num(ev, "exit_signal"), 125);
	CHECK_EQ_INT(num(ev, "min_memory_node_bytes"), 100 * MIB);
	CHECK(ev_field(ev, "min_memory_cpu_bytes") == NULL);	/* unset */
	CHECK_EQ_INT(num(ev, "time_limit_s"), 300);
	CHECK_FSTR(ev, "std_err", "/home/ciuser/jobs/slurm-3.err");
	CHECK_EQ_INT(num(ev, "end_s"), units_civil_to_epoch(2026, 12, 1, 13,
	    46, 32));
	CHECK_EQ_INT(ev->tsq, TSQ_EXACT);
	CHECK_EQ_STR(ev->node, "vm");
	CHECK_EQ_STRN(ev->text.p, ev->text.n,
	    "scontrol --json: job 3 OUT_OF_MEMORY");
	run_free(&r);

	/* Running: EndTime is a forecast, the record is timed by its start. */
	run_file(&r, parse_scontrol,
	    FX "oom-srun/live/scontrol_show_job_json.json");
	ev = nth_kind(&r.out, EV_SCONTROL_JOB, 0);
	CHECK_FSTR(ev, "job_state", "RUNNING");
	CHECK_EQ_INT(ev->ts_ns, num(ev, "start_s") * 1000000000LL);
	run_free(&r);
}

/* 24.11's show node prints a line of spaces before Reason=: the record
 * goes on past it (the drained node's Reason was lost there). */
DEFINE_TEST(test_scontrol_node_2411_reason)
{
	static const char	*const files[] = {
		FX "cluster/scontrol_show_node_drained.txt",
		FX "cluster/scontrol_show_node.txt",
	};
	struct run		 r;
	const struct event	*n;

	run_file(&r, parse_scontrol, files[0]);
	CHECK_EQ_INT(r.out.n, 1);
	CHECK_EQ_INT(count_kind(&r.out, EV_SCONTROL_NODE), 1);
	n = nth_kind(&r.out, EV_SCONTROL_NODE, 0);
	CHECK_FSTR(n, "reason", "gres/gpu count reported lower than "
	    "configured (0 < 1) [slurm@2026-12-01T18:36:01]");
	CHECK_FSTR(n, "State", "IDLE+DRAIN+INVALID_REG+PLANNED");
	CHECK_FSTR(n, "Gres", "gpu:1");
	/* the record's context runs to its Reason= line */
	CHECK(n != NULL && str_find(n->context, "   Reason=") != NULL);
	check_refs(&r);
	run_free(&r);

	/* spaces, then the empty line that ends it: one record, no Reason */
	run_file(&r, parse_scontrol, files[1]);
	CHECK_EQ_INT(r.out.n, 1);
	n = nth_kind(&r.out, EV_SCONTROL_NODE, 0);
	CHECK(n != NULL && ev_field(n, "reason") == NULL);
	CHECK_FSTR(n, "NodeHostName", "vm");
	run_free(&r);

	/* records still end at an empty line, and at the next NodeName= */
	run_str(&r, parse_scontrol, "NodeName=a State=IDLE\n   \n"
	    "   Reason=x [root@2026-12-01T00:00:00]\n\nNodeName=b "
	    "State=DOWN\n   \nNodeName=c State=IDLE\n");
	CHECK_EQ_INT(count_kind(&r.out, EV_SCONTROL_NODE), 3);
	CHECK_FSTR(nth_kind(&r.out, EV_SCONTROL_NODE, 0), "reason",
	    "x [root@2026-12-01T00:00:00]");
	CHECK(ev_field(nth_kind(&r.out, EV_SCONTROL_NODE, 1), "reason") ==
	    NULL);
	run_free(&r);
}

/* ---- sniffing ---- */

DEFINE_TEST(test_slurm_2411_sniffers)
{
	static const struct {
		const char	*rel;
		enum file_kind	 kind;
	} t[] = {
		{ FX "oom-srun/sacct_yaml.yaml", FK_SACCT },
		{ FX "oom-srun/sacct_json.json", FK_SACCT },
		{ FX "oom-srun/sacct_parsable2_wide.txt", FK_SACCT },
		{ FX "oom-srun/sacct_long.txt", FK_SACCT },
		{ FX "oom-srun/scontrol_show_job_json.json", FK_SCONTROL },
		{ FX "oom-srun/live/scontrol_show_job_json.json", FK_SCONTROL },
		{ FX "oom-srun/scontrol_show_job_-dd.txt", FK_SCONTROL },
		{ FX "oom-srun/slurm-5.err", FK_LOG },
	};
	char	*b;
	size_t	 n;

	for (size_t i = 0; i < sizeof(t) / sizeof(*t); i++) {
		b = test_slurp(t[i].rel, &n);
		if (sniff_content("x", b, n) != t[i].kind)
			test_fail(__FILE__, __LINE__, "%s: kind %d, want %d",
			    t[i].rel, (int)sniff_content("x", b, n),
			    (int)t[i].kind);
		free(b);
	}
	/* A bundle's slurm/ paths reach the parser that reads by content. */
	CHECK_EQ_INT(sniff_path("slurm/sacct.yaml"), FK_SACCT);
	CHECK_EQ_INT(sniff_path("slurm/scontrol-job.json"), FK_SCONTROL);
	CHECK_EQ_INT(yaml_looks("JobID|JobName\n", 14), 0);
	CHECK_EQ_INT(yaml_looks("sacct: error: x\n", 16), 0);
	CHECK_EQ_INT(yaml_looks("\n# c\n---\n", 9), 1);
	CHECK_EQ_INT(yaml_looks("jobs: []\n", 9), 1);
}

/* ---- hostile input ---- */

static const char *
note_sig(const struct run *r)
{
	const struct event	*ev = nth_kind(&r->out, EV_NOTE, 0);

	return ev != NULL ? ev->sig : "";
}

static char *
repeat(const char *head, const char *unit, size_t n, const char *tail)
{
	size_t	 hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
	char	*s = malloc(hl + ul * n + tl + 1), *p = s;

	if (s == NULL)
		abort();
	memcpy(p, head, hl);
	p += hl;
	for (size_t i = 0; i < n; i++, p += ul)
		memcpy(p, unit, ul);
	memcpy(p, tail, tl + 1);
	return s;
}

DEFINE_TEST(test_sacct_yaml_hostile)
{
	struct run	 r;
	struct event	*ev;
	char		*s;

	/* Aliases are never expanded: ten levels of ten would be 10^10. */
	run_str(&r, parse_sacct, "---\n"
	    "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	    "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
	    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
	    "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
	    "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
	    "f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
	    "g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
	    "h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g, *g]\n"
	    "i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h, *h]\n"
	    "jobs: [{job_id: 9, state: {current: [FAILED]}, steps: *i}]\n");
	CHECK_EQ_INT(count_kind(&r.out, EV_SACCT_ROW), 1);
	CHECK_FSTR(row(&r.out, "9"), "state", "FAILED");
	CHECK_EQ_STR(note_sig(&r), "sacct.yaml_types");
	run_free(&r);

	/* Nesting past the limit stops the parse with a note. */
	s = repeat("---\njobs: ", "[", 100000, "\n");
	run_str(&r, parse_sacct, s);
	CHECK_EQ_INT(count_kind(&r.out, EV_SACCT_ROW), 0);
	ev = nth_kind(&r.out, EV_NOTE, 0);
	CHECK_EQ_STR(note_sig(&r), "sacct.yaml_error");
	CHECK(ev != NULL && str_find(ev->text, "nesting deeper than 64") !=
	    NULL);
	run_free(&r);
	free(s);
	s = repeat("---\njobs:\n", "- ", 200, "x\n");	/* block style */
	run_str(&r, parse_sacct, s);
	CHECK_EQ_STR(note_sig(&r), "sacct.yaml_error");
	run_free(&r);
	free(s);

	/* Malformed: the parser's message and line. */
	run_str(&r, parse_sacct, "---\njobs:\n  - job_id: 1\n   bad: [\n");
	ev = nth_kind(&r.out, EV_NOTE, 0);
	CHECK_EQ_STR(note_sig(&r), "sacct.yaml_error");
	CHECK(ev != NULL && str_starts(ev->text, "sacct --yaml: line "));
	run_free(&r);

	/* Not UTF-8. */
	run_str(&r, parse_sacct,
	    "---\njobs: [{job_id: 1, name: \"\xff\xfe\"}]\n");
	CHECK_EQ_INT(count_kind(&r.out, EV_SACCT_ROW), 0);
	CHECK_EQ_STR(note_sig(&r), "sacct.yaml_error");
	run_free(&r);

	/* A mapping as a key drops its pair; an escaped NUL stays inside
	 * its string; a second document is not read; wrong types counted. */
	run_str(&r, parse_sacct, "%YAML 1.1\n---\n"
	    "jobs:\n"
	    "- {job_id: 7, ? {x: 1} : {y: 2}, name: \"a\\0b\","
	    " state: {current: 12}, exit_code: {status: [SIGNALED],"
	    " signal: {id: {set: true, number: 9}}}}\n"
	    "---\njobs: [{job_id: 8}]\n");
	CHECK_EQ_INT(count_kind(&r.out, EV_SACCT_ROW), 1);
	ev = row(&r.out, "7");
	CHECK(ev != NULL);
	CHECK_FSTR(ev, "job_name", "a");
	CHECK(ev_field(ev, "state") == NULL);
	CHECK_EQ_INT(num(ev, "exit_signal"), 9);
	CHECK_EQ_STR(note_sig(&r), "sacct.yaml_types");
	run_free(&r);

	/* Untagged scalars take YAML 1.1's forms. */
	run_str(&r, parse_sacct, "jobs:\n- job_id: 12\n  time: {start: 5,"
	    " end: 1.2e1, elapsed: ~}\n  required: {memory_per_node:"
	    " {set: yes, infinite: no, number: 64}}\n");
	ev = row(&r.out, "12");
	CHECK(ev != NULL);
	CHECK_EQ_INT(num(ev, "start_s"), 5);
	CHECK_EQ_INT(num(ev, "end_s"), 12);
	CHECK(ev_field(ev, "elapsed_s") == NULL);
	CHECK_EQ_INT(num(ev, "req_mem_bytes"), 64 * MIB);
	CHECK_EQ_INT(count_kind(&r.out, EV_NOTE), 0);
	run_free(&r);

	/* Shapes that are YAML but not sacct's. */
	run_str(&r, parse_sacct, "---\n- 1\n- 2\n");
	CHECK_EQ_STR(note_sig(&r), "sacct.yaml_shape");
	run_free(&r);
	run_str(&r, parse_sacct, "%YAML 1.1\n");
	CHECK_EQ_STR(note_sig(&r), "sacct.yaml_error");
	run_free(&r);
	run_str(&r, parse_sacct, "---\njobs: !!str 3\nerrors: [{description:"
	    " \"Unknown job\"}]\n");
	CHECK_EQ_INT(count_kind(&r.out, EV_SACCT_ROW), 0);
	CHECK_EQ_STR(note_sig(&r), "sacct.error");
	run_free(&r);
}

DEFINE_TEST(test_sacct_yaml_node_limit)
{
	struct run	 r;
	struct event	*ev;
	char		*s;

	s = repeat("---\njobs: [", "0,", YAML_MAX_NODES, "0]\n");
	run_str(&r, parse_sacct, s);
	CHECK_EQ_INT(count_kind(&r.out, EV_SACCT_ROW), 0);
	ev = nth_kind(&r.out, EV_NOTE, 0);
	CHECK(ev != NULL && str_find(ev->text, "more than 2000000 nodes") !=
	    NULL);
	run_free(&r);
	free(s);
}

DEFINE_TEST(test_scontrol_json_hostile)
{
	struct run	 r;
	struct event	*ev;

	run_str(&r, parse_scontrol, "{\"jobs\": [{\"job_id\": \"x\", "
	    "\"job_state\": 5, \"memory_per_node\": {\"set\": true, "
	    "\"number\": -3}, \"end_time\": {\"set\": true, \"number\": "
	    "99999999999999}, \"gres_detail\": [\"gpu:2(IDX:0-1)\", 7], "
	    "\"job_resources\": {\"nodes\": {\"allocation\": "
	    "[{\"memory\": {\"allocated\": 9223372036854775807}}]}}}, 3]}");
	CHECK_EQ_INT(count_kind(&r.out, EV_SCONTROL_JOB), 1);
	ev = nth_kind(&r.out, EV_SCONTROL_JOB, 0);
	CHECK_FSTR(ev, "job_id", "?");
	CHECK(ev_field(ev, "job_state") == NULL);
	CHECK(ev_field(ev, "min_memory_node_bytes") == NULL);
	CHECK(ev_field(ev, "end_s") == NULL);
	CHECK(ev_field(ev, "alloc_mem_bytes") == NULL);
	CHECK_FSTR(ev, "gres_idx", "0-1");
	CHECK_EQ_INT(num(ev, "ngres_idx"), 2);
	CHECK_EQ_INT(ev->tsq, TSQ_NONE);
	CHECK_EQ_STR(note_sig(&r), "scontrol.json_types");
	run_free(&r);

	run_str(&r, parse_scontrol, "{\"jobs\": [], \"errors\": "
	    "[{\"description\": \"Invalid job id specified\"}]}");
	CHECK_EQ_STR(note_sig(&r), "scontrol.error");
	run_free(&r);
	run_str(&r, parse_scontrol, "  {\"jobs\": [{\"job_id\": 1,");
	CHECK_EQ_STR(note_sig(&r), "scontrol.json_error");
	run_free(&r);
	run_str(&r, parse_scontrol, "{\"meta\": {}}");
	CHECK_EQ_STR(note_sig(&r), "scontrol.json_shape");
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

DEFINE_TEST(test_slurm_2411_alloc_failures)
{
	torture(parse_sacct, FX "oom-srun/sacct_yaml.yaml");
	torture(parse_sacct, FX "oom-srun/sacct_json.json");
	torture(parse_scontrol, FX "oom-srun/scontrol_show_job_json.json");
}
