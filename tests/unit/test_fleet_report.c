/*
 * test_fleet_report: "oomtrail fleet report" (report/fleet_model.c,
 * fleet_render.c) on a test fleet of 1,200 jobs, with the real binary.
 *
 * Where the fleet comes from: each job's record starts as the real
 * analysis (analyze --format jsonl) of a shipped scenario or of a real
 * kernel log from fixtures/real; then the variation is SYNTHETIC and
 * made here: job id, cluster, user, redaction key, partition, GPU
 * model, node, GPU UUID and serial, start date (eight weeks from Monday
 * 2026-01-05), elapsed time, GPU count, GPU-hours, memory limit and the
 * bundle hashes (a counter, not a real file's hash). One GPU (serial
 * 1650924060042 on node042) gets the Xid 48 record in 24 jobs; node077
 * gets it in 6 jobs on 6 different GPUs. No other job has a hardware
 * fault (the test checks its base records for that).
 *
 * The expected numbers are counted here from the generator's own
 * parameters, not from the records the report reads: jobs and GPU-hours
 * per week and per partition, the sick GPU and nodes, the drain order,
 * repeat host OOMs per user and limit (one-off-key pseudonyms counted
 * as unknown users), the inconclusive share and --since.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

#define NJOBS		1200
#define NWEEKS		8
#define NUSERS		7
#define SICK_SERIAL	"1650924060042"
#define SICK_UUID	"GPU-5ac4e0b2-7f51-4d2c-9e0a-000000000042"

enum { B_PLAIN, B_HOSTOOM, B_INCONCL, B_FAULT };

static const struct {
	const char	*src;		/* scenario name, or a real log */
	int		 scenario;
	int		 kind;
} bases[] = {
	{ "host_oom-fires-sacct-oom-only", 1, B_HOSTOOM },
	{ "inconclusive-fires-nccl-nodes-uncollected", 1, B_INCONCL },
	{ "time_limit-fires-sacct-timeout", 1, B_PLAIN },
	{ "cuda_oom_fragmentation-fires-unallocated-cache", 1, B_PLAIN },
	{ "fixtures/real/kernel/cgroup-v1-oom-srun-dmesg.excerpt", 0,
	  B_HOSTOOM },
	{ "cuda_oom_exhaustion-fires-allowed-cap", 1, B_PLAIN },
	{ "inconclusive-fires-progress-only", 1, B_INCONCL },
	{ "retired_pages-fires-xid48-dbe", 1, B_FAULT },
};
#define NBASES	(sizeof(bases) / sizeof(bases[0]))

static const char *const parts[] = { "a100", "h100", "debug" };
static const char *const models[] = {
	"NVIDIA A100-SXM4-80GB", "NVIDIA H100 80GB HBM3", "NVIDIA A100-SXM4-80GB"
};

struct expect {
	int64_t	 wjobs[NWEEKS];
	double	 wgh[NWEEKS];
	int64_t	 pjobs[3];
	double	 pgh[3];
	int64_t	 sick_gpu_jobs, node77_jobs;
	int64_t	 host_oom, unknown_user;
	int64_t	 hom[NUSERS][2];	/* site-key host OOMs per user, limit */
	int64_t	 inconclusive;
	int64_t	 since_jobs;		/* from week 3 on */
	double	 gh;
};

static json_t *base_rec[NBASES];

static int
is_fault(json_t *r)
{
	const char	*c = json_string_value(json_object_get(r, "cause"));

	return json_integer_value(json_object_get(r, "ecc_errors")) > 0 ||
	    json_array_size(json_object_get(r, "hardware_evidence")) > 0 ||
	    (c != NULL && strcmp(c, "retired_pages") == 0);
}

/* The real analyses the fleet starts from. */
static int
load_bases(void)
{
	char	 rel[512], in[600], out[64];

	for (size_t i = 0; i < NBASES; i++) {
		const char *c;

		if (bases[i].scenario) {
			snprintf(rel, sizeof(rel), "fixtures/scenarios/%s",
			    bases[i].src);
			if (access(bases[i].src, F_OK) != 0 && test_sh("'%s' "
			    "'%s' . '%s' >/dev/null", test_bin("tests/mkbundle"),
			    test_src(rel), bases[i].src) != 0) {
				test_fail(__FILE__, __LINE__, "mkbundle %s",
				    bases[i].src);
				return -1;
			}
			snprintf(in, sizeof(in), "%s", bases[i].src);
		} else
			snprintf(in, sizeof(in), "%s", test_src(bases[i].src));
		snprintf(out, sizeof(out), "base%zu.jsonl", i);
		if (test_sh("'%s' analyze --format jsonl -o %s '%s' 2>/dev/null;"
		    " test -s %s", test_bin("report/oomtrail"), out, in, out) !=
		    0 || (base_rec[i] = json_load_file(out, 0, NULL)) == NULL) {
			test_fail(__FILE__, __LINE__, "analyze %s", in);
			return -1;
		}
		c = json_string_value(json_object_get(base_rec[i], "cause"));
		if (c == NULL || (bases[i].kind == B_HOSTOOM && strcmp(c,
		    "host_oom") != 0) || (bases[i].kind == B_INCONCL &&
		    strcmp(c, "inconclusive") != 0) || (bases[i].kind ==
		    B_FAULT) != is_fault(base_rec[i])) {
			test_fail(__FILE__, __LINE__, "base %s: cause %s, "
			    "not the kind the fleet needs", in, c ? c : "null");
			return -1;
		}
		if (bases[i].kind == B_INCONCL && json_array_size(
		    json_object_get(base_rec[i], "missing_evidence")) == 0) {
			test_fail(__FILE__, __LINE__, "base %s names no "
			    "missing evidence", in);
			return -1;
		}
	}
	return 0;
}

static void
set(json_t *o, const char *k, json_t *v)
{
	if (json_object_set_new(o, k, v) != 0)
		test_fail(__FILE__, __LINE__, "set %s", k);
}

/* Job k of the fleet: its base and its synthetic variation; what the
 * report should make of it goes into ex. */
static json_t *
make_job(int k, struct expect *ex)
{
	size_t		 b, nplain = NBASES - 1;	/* the last: the fault */
	json_t		*r, *h;
	char		 s[128];
	int		 day = k % (NWEEKS * 7), node, p = (k / 3) % 3, u;
	int64_t		 elapsed = 600 + (k % 13) * 300, gpus = 1 << (k % 4);
	double		 gh = (double)elapsed * (double)gpus / 3600.0;
	const char	*key;
	size_t		 i;

	if (k % 50 == 7 || k % 200 == 33)
		b = NBASES - 1;
	else
		b = (size_t)k % nplain;
	r = json_deep_copy(base_rec[b]);
	snprintf(s, sizeof(s), "%d", 500000 + k);
	set(r, "cluster", json_string("synth"));
	set(r, "job_id", json_string(s));
	set(r, "array_job_id", json_null());
	set(r, "array_task_id", json_null());
	set(r, "partition", json_string(parts[p]));
	set(r, "gpu_model", json_string(models[p]));
	snprintf(s, sizeof(s), "2026-%02d-%02dT%02d:%02d:00Z",
	    day < 27 ? 1 : 2, day < 27 ? 5 + day : day - 26, k % 24, k % 60);
	set(r, "start", json_string(s));
	set(r, "end", json_null());
	set(r, "elapsed_s", json_integer(elapsed));
	set(r, "gpus", json_integer(gpus));
	set(r, "gpu_hours_lost", json_real(gh));
	snprintf(s, sizeof(s), "%064d", k + 1);
	h = json_array();
	json_array_append_new(h, json_string(s));
	set(r, "bundle_sha256", h);
	set(r, "initiating_gpu_serial", json_null());
	if (k % 50 == 7) {
		node = 42;
		set(r, "initiating_gpu_serial", json_string(SICK_SERIAL));
		set(r, "initiating_gpu_uuid", json_string(SICK_UUID));
		ex->sick_gpu_jobs++;
	} else if (k % 200 == 33) {
		node = 77;
		snprintf(s, sizeof(s), "GPU-node077-%d", k / 200);
		set(r, "initiating_gpu_uuid", json_string(s));
		ex->node77_jobs++;
	} else {
		node = k % 97;
		if (node == 42 || node == 77)
			node++;
		snprintf(s, sizeof(s), "GPU-synth-%05d", k);
		set(r, "initiating_gpu_uuid", json_string(s));
	}
	set(r, "initiating_gpu", json_string("0"));
	snprintf(s, sizeof(s), "node%03d", node);
	set(r, "initiating_node", json_string(s));
	json_array_foreach(json_object_get(r, "hardware_evidence"), i, h) {
		set(h, "node", json_string(s));
		set(h, "gpu_uuid", json_copy(json_object_get(r,
		    "initiating_gpu_uuid")));
	}
	h = json_array();
	json_array_append_new(h, json_string(s));
	set(r, "nodes", h);
	/* users: a one-off redaction key for every tenth job */
	u = (k / 3) % NUSERS;	/* not in step with the base rotation */
	snprintf(s, sizeof(s), "user-%02d", u);
	set(r, "user", json_string(s));
	key = k % 10 == 3 ? "random" : "site";
	set(r, "redaction_key", json_string(key));
	set(r, "limit_bytes", json_integer(k % 2 ? 68719476736LL :
	    34359738368LL));
	if (bases[b].kind == B_HOSTOOM) {
		ex->host_oom++;
		if (strcmp(key, "site") != 0)
			ex->unknown_user++;
		else
			ex->hom[u][k % 2]++;
	}
	if (bases[b].kind == B_INCONCL)
		ex->inconclusive++;
	ex->wjobs[day / 7]++;
	ex->wgh[day / 7] += gh;
	ex->pjobs[p]++;
	ex->pgh[p] += gh;
	ex->gh += gh;
	if (day >= 21)
		ex->since_jobs++;
	return r;
}

static int
near(double a, double b)
{
	return a - b < 0.01 && b - a < 0.01;
}

static json_t *
row_named(json_t *arr, const char *key, const char *val)
{
	json_t	*o;
	size_t	 i;

	json_array_foreach(arr, i, o) {
		const char *s = json_string_value(json_object_get(o, key));

		if (s != NULL && strcmp(s, val) == 0)
			return o;
	}
	return NULL;
}

static int64_t
ji(json_t *o, const char *k)
{
	return json_integer_value(json_object_get(o, k));
}

static double
jd(json_t *o, const char *k)
{
	return json_number_value(json_object_get(o, k));
}

/* The subset of JSON Schema docs/fleet.schema.json uses: type, const,
 * enum, required, properties with additionalProperties false, items and
 * $ref into $defs. Says where the first mismatch is. */
static int
type_ok(json_t *t, json_t *v)
{
	const char	*n;
	json_t		*e;
	size_t		 i;

	if (json_is_array(t)) {
		json_array_foreach(t, i, e)
			if (type_ok(e, v))
				return 1;
		return 0;
	}
	n = json_string_value(t);
	if (n == NULL)
		return 1;
	return (strcmp(n, "string") == 0 && json_is_string(v)) ||
	    (strcmp(n, "integer") == 0 && json_is_integer(v)) ||
	    (strcmp(n, "number") == 0 && json_is_number(v)) ||
	    (strcmp(n, "object") == 0 && json_is_object(v)) ||
	    (strcmp(n, "array") == 0 && json_is_array(v)) ||
	    (strcmp(n, "boolean") == 0 && json_is_boolean(v)) ||
	    (strcmp(n, "null") == 0 && json_is_null(v));
}

static int
sv_check(json_t *root, json_t *sc, json_t *v, const char *at)
{
	json_t		*x, *e, *props;
	const char	*k, *ref;
	char		 sub[512];
	size_t		 i;
	int		 hit;

	if ((ref = json_string_value(json_object_get(sc, "$ref"))) != NULL) {
		if (strncmp(ref, "#/$defs/", 8) != 0 || (sc = json_object_get(
		    json_object_get(root, "$defs"), ref + 8)) == NULL) {
			fprintf(stderr, "schema: %s: bad $ref\n", at);
			return 1;
		}
	}
	if ((x = json_object_get(sc, "type")) != NULL && !type_ok(x, v)) {
		fprintf(stderr, "schema: %s: wrong type\n", at);
		return 1;
	}
	if ((x = json_object_get(sc, "const")) != NULL && !json_equal(x, v)) {
		fprintf(stderr, "schema: %s: not the const\n", at);
		return 1;
	}
	if ((x = json_object_get(sc, "enum")) != NULL) {
		hit = 0;
		json_array_foreach(x, i, e)
			hit |= json_equal(e, v);
		if (!hit) {
			fprintf(stderr, "schema: %s: not in the enum\n", at);
			return 1;
		}
	}
	if (json_is_object(v)) {
		props = json_object_get(sc, "properties");
		json_array_foreach(json_object_get(sc, "required"), i, e)
			if (json_object_get(v, json_string_value(e)) == NULL) {
				fprintf(stderr, "schema: %s.%s: missing\n", at,
				    json_string_value(e));
				return 1;
			}
		json_object_foreach(v, k, e) {
			snprintf(sub, sizeof(sub), "%s.%s", at, k);
			if ((x = json_object_get(props, k)) == NULL) {
				if (json_is_false(json_object_get(sc,
				    "additionalProperties"))) {
					fprintf(stderr, "schema: %s: not in the "
					    "schema\n", sub);
					return 1;
				}
				continue;
			}
			if (sv_check(root, x, e, sub) != 0)
				return 1;
		}
	}
	if (json_is_array(v) && (x = json_object_get(sc, "items")) != NULL)
		json_array_foreach(v, i, e) {
			snprintf(sub, sizeof(sub), "%s[%zu]", at, i);
			if (sv_check(root, x, e, sub) != 0)
				return 1;
		}
	return 0;
}

static void
schema_check(json_t *m)
{
	size_t	 n;
	char	*t = test_slurp("docs/fleet.schema.json", &n);
	json_t	*sc = t != NULL ? json_loadb(t, n, 0, NULL) : NULL;

	free(t);
	if (sc == NULL)
		test_fail(__FILE__, __LINE__, "docs/fleet.schema.json");
	else if (sv_check(sc, sc, m, "$") != 0)
		test_fail(__FILE__, __LINE__, "the report does not match "
		    "docs/fleet.schema.json");
	json_decref(sc);
}

DEFINE_TEST(test_fleet_report_fleet)
{
	struct expect	 ex = { 0 };
	const char	*bin = test_bin("report/oomtrail");
	const char	*sample = getenv("OOMTRAIL_SAMPLE_DIR");
	json_t		*m, *w, *o, *g;
	FILE		*fp;
	char		 day[16];
	int64_t		 sum;
	size_t		 i, j;

	if (load_bases() != 0)
		return;
	if ((fp = fopen("fleet.jsonl", "w")) == NULL) {
		test_fail(__FILE__, __LINE__, "fleet.jsonl");
		return;
	}
	for (int k = 0; k < NJOBS; k++) {
		json_t *r = make_job(k, &ex);

		json_dumpf(r, fp, JSON_COMPACT);
		fputc('\n', fp);
		json_decref(r);
	}
	fclose(fp);
	CHECK_EQ_INT(test_sh("'%s' fleet ingest f.db fleet.jsonl >in1.txt",
	    bin), 0);
	CHECK_EQ_INT(test_sh("grep -q '^oomtrail: fleet: 1200 job(s) stored' "
	    "in1.txt"), 0);
	/* idempotent: the same records again add nothing */
	CHECK_EQ_INT(test_sh("'%s' fleet ingest f.db fleet.jsonl >in2.txt",
	    bin), 0);
	CHECK_EQ_INT(test_sh("grep -q '^oomtrail: fleet: 0 job(s) stored, "
	    "1200 input(s) already stored' in2.txt"), 0);
	CHECK_EQ_INT(test_sh("'%s' fleet report --format json -o r.json f.db",
	    bin), 0);
	if ((m = json_load_file("r.json", 0, NULL)) == NULL) {
		test_fail(__FILE__, __LINE__, "r.json is not JSON");
		return;
	}
	CHECK_EQ_STR(json_string_value(json_object_get(m, "schema")),
	    "oomtrail.fleet/1");
	schema_check(m);
	CHECK_EQ_INT(ji(m, "jobs"), NJOBS);
	CHECK(near(jd(m, "gpu_hours_lost"), ex.gh));

	/* per week: Mondays from 2026-01-05, in order */
	w = json_object_get(m, "weeks");
	CHECK_EQ_INT(json_array_size(w), NWEEKS);
	for (i = 0; i < NWEEKS && i < json_array_size(w); i++) {
		o = json_array_get(w, i);
		snprintf(day, sizeof(day), "2026-%02d-%02d", i < 4 ? 1 : 2,
		    i < 4 ? 5 + 7 * (int)i : 7 * (int)i - 26);
		CHECK_EQ_STR(json_string_value(json_object_get(o, "week")),
		    day);
		CHECK_EQ_INT(ji(o, "jobs"), ex.wjobs[i]);
		if (!near(jd(o, "gpu_hours_lost"), ex.wgh[i]))
			test_fail(__FILE__, __LINE__, "week %zu: %.3f GPU-h, "
			    "want %.3f", i, jd(o, "gpu_hours_lost"), ex.wgh[i]);
		sum = 0;
		json_array_foreach(json_object_get(o, "causes"), j, g)
			sum += ji(g, "jobs");
		CHECK_EQ_INT(sum, ex.wjobs[i]);
	}
	/* per partition, ranked by GPU-hours lost */
	for (i = 0; i < 3; i++) {
		o = row_named(json_object_get(m, "partitions"), "partition",
		    parts[i]);
		CHECK(o != NULL);
		if (o == NULL)
			continue;
		CHECK_EQ_INT(ji(o, "jobs"), ex.pjobs[i]);
		CHECK(near(jd(o, "gpu_hours_lost"), ex.pgh[i]));
	}
	for (i = 1; i < json_array_size(json_object_get(m, "causes")); i++)
		CHECK(jd(json_array_get(json_object_get(m, "causes"), i - 1),
		    "gpu_hours_lost") >= jd(json_array_get(json_object_get(m,
		    "causes"), i), "gpu_hours_lost"));

	/* sick hardware: the one GPU, by serial, and the two nodes */
	g = json_object_get(m, "sick_gpus");
	CHECK_EQ_INT(json_array_size(g), 1);
	o = json_array_get(g, 0);
	CHECK_EQ_STR(json_string_value(json_object_get(o, "key")), SICK_SERIAL);
	CHECK_EQ_STR(json_string_value(json_object_get(o, "gpu_uuid")),
	    SICK_UUID);
	CHECK_EQ_STR(json_string_value(json_object_get(o, "node")), "node042");
	CHECK_EQ_INT(ji(o, "jobs"), ex.sick_gpu_jobs);
	CHECK_EQ_INT(json_array_size(json_object_get(o, "job_ids")),
	    ex.sick_gpu_jobs);
	CHECK_EQ_INT(json_integer_value(json_array_get(json_object_get(o,
	    "xids"), 0)), 48);
	CHECK(json_array_size(json_object_get(o, "evidence")) > 0);
	CHECK_EQ_STR(json_string_value(json_object_get(json_array_get(
	    json_object_get(o, "evidence"), 0), "node")), "node042");
	CHECK(strstr(json_string_value(json_object_get(json_array_get(
	    json_object_get(o, "evidence"), 0), "text")) ?
	    json_string_value(json_object_get(json_array_get(json_object_get(o,
	    "evidence"), 0), "text")) : "", "Xid") != NULL);
	CHECK(json_string_value(json_object_get(o, "action")) != NULL);
	CHECK(strstr(json_string_value(json_object_get(o, "recommendation")),
	    "RMA") != NULL);
	g = json_object_get(m, "sick_nodes");
	CHECK_EQ_INT(json_array_size(g), 2);
	CHECK_EQ_INT(ji(row_named(g, "node", "node042"), "jobs"),
	    ex.sick_gpu_jobs);
	CHECK_EQ_INT(ji(row_named(g, "node", "node077"), "jobs"),
	    ex.node77_jobs);
	CHECK_EQ_INT(json_array_size(json_object_get(row_named(g, "node",
	    "node077"), "gpus")), ex.node77_jobs);
	g = json_object_get(m, "drain_first");
	CHECK_EQ_INT(json_array_size(g), 2);
	CHECK_EQ_STR(json_string_value(json_object_get(json_array_get(g, 0),
	    "node")), "node042");
	CHECK_EQ_STR(json_string_value(json_object_get(json_array_get(g, 1),
	    "node")), "node077");

	/* repeat host OOMs: per user and limit, site-key pseudonyms only */
	o = json_object_get(m, "host_oom");
	CHECK_EQ_INT(ji(o, "jobs"), ex.host_oom);
	CHECK_EQ_INT(ji(o, "unknown_user_jobs"), ex.unknown_user);
	sum = 0;
	for (int u = 0; u < NUSERS; u++)
		for (int l = 0; l < 2; l++)
			sum += ex.hom[u][l] >= 2;
	CHECK_EQ_INT(json_array_size(json_object_get(o, "repeats")), sum);
	CHECK(sum >= NUSERS);
	json_array_foreach(json_object_get(o, "repeats"), i, g) {
		int	 u = atoi(json_string_value(json_object_get(g,
			    "user")) + 5);
		int	 l = ji(g, "limit_bytes") == 68719476736LL;

		CHECK_EQ_INT(ji(g, "jobs"), ex.hom[u][l]);
	}

	/* inconclusive: the share, and the most named missing evidence is
	 * named by... every inconclusive job of the base that names it */
	o = json_object_get(m, "inconclusive");
	CHECK_EQ_INT(ji(o, "jobs"), ex.inconclusive);
	CHECK(near(jd(o, "share"), (double)ex.inconclusive / NJOBS));
	CHECK(json_array_size(json_object_get(o, "missing_evidence")) > 0);
	CHECK(ji(json_array_get(json_object_get(o, "missing_evidence"), 0),
	    "jobs") <= ex.inconclusive);
	CHECK(ji(json_array_get(json_object_get(o, "missing_evidence"), 0),
	    "jobs") >= ex.inconclusive / 2);
	json_decref(m);

	/* --since: from the fourth week on */
	CHECK_EQ_INT(test_sh("'%s' fleet report --format json --since "
	    "2026-01-26 -o s.json f.db", bin), 0);
	if ((m = json_load_file("s.json", 0, NULL)) != NULL) {
		schema_check(m);
		CHECK_EQ_INT(ji(m, "jobs"), ex.since_jobs);
		CHECK_EQ_INT(ji(m, "jobs_left_out"), NJOBS - ex.since_jobs);
		CHECK_EQ_INT(json_array_size(json_object_get(m, "weeks")),
		    NWEEKS - 3);
		json_decref(m);
	} else
		test_fail(__FILE__, __LINE__, "s.json");

	/* Markdown and HTML from the same model */
	CHECK_EQ_INT(test_sh("'%s' fleet report -o r.md f.db && grep -qF "
	    "'1. **1650924060042** on node042: faults in %lld jobs' r.md && "
	    "grep -qF '1. node042 (%lld jobs' r.md", bin,
	    (long long)ex.sick_gpu_jobs, (long long)ex.sick_gpu_jobs), 0);
	CHECK_EQ_INT(test_sh("'%s' fleet report --format html -o fleet.html "
	    "f.db && grep -c '<svg' fleet.html | grep -qv '^[0-3]$' && ! grep "
	    "-qi '<script' fleet.html", bin), 0);
	if (sample != NULL) {
		CHECK_EQ_INT(test_sh("cp fleet.html '%s/fleet-report.html' && "
		    "printf '%%s\\n' 'Sick hardware' '1650924060042' "
		    "'Drain first' 'node077' > '%s/fleet-report.html.expect'",
		    sample, sample), 0);
	}
	for (i = 0; i < NBASES; i++)
		json_decref(base_rec[i]);
}

/* Records come from strangers: markup and control characters in every
 * string a report prints stay text, and a line that is not a record is
 * refused with its file and line while the good lines go in. */
DEFINE_TEST(test_fleet_report_hostile)
{
	const char	*bin = test_bin("report/oomtrail");
	FILE		*fp;
	static const char hostile[] = "<script>alert(1)</script>|x\\u001b[2J";

	if ((fp = fopen("h.jsonl", "w")) == NULL) {
		test_fail(__FILE__, __LINE__, "h.jsonl");
		return;
	}
	for (int i = 0; i < 2; i++)
		fprintf(fp, "{\"schema\":\"oomtrail.record/1\",\"cluster\":"
		    "\"c\",\"job_id\":\"%d\",\"user\":\"%s\",\"redaction_key\":"
		    "\"site\",\"partition\":\"%s\",\"gpu_model\":\"%s\","
		    "\"cause\":\"host_oom\",\"failure_domain\":\"%s\","
		    "\"start\":\"2026-03-0%dT00:00:00Z\",\"limit_bytes\":1,"
		    "\"gpu_hours_lost\":1.5,\"initiating_node\":\"%s\","
		    "\"initiating_gpu_uuid\":\"%s\",\"xids\":[79],"
		    "\"ecc_errors\":0,\"hardware_evidence\":[{\"kind\":\"xid\","
		    "\"xid\":79,\"node\":\"%s\",\"source\":\"%s\",\"line\":3,"
		    "\"text\":\"%s\"}],\"bundle_sha256\":[]}\n", i + 1,
		    hostile, hostile, hostile, hostile, i + 2, hostile, hostile,
		    hostile, hostile, hostile);
	fprintf(fp, "{\"schema\":\"something/else\"}\nnot json\n");
	fclose(fp);
	CHECK_EQ_INT(test_sh("'%s' fleet ingest h.db h.jsonl >o.txt 2>e.txt",
	    bin), 3);
	CHECK_EQ_INT(test_sh("grep -q '^oomtrail: fleet: 2 job(s) stored' "
	    "o.txt && grep -q 'h.jsonl:3: not an oomtrail.record/1 line' e.txt "
	    "&& grep -q 'h.jsonl:4: not a JSON object' e.txt"), 0);
	CHECK_EQ_INT(test_sh("'%s' fleet report --format html -o h.html h.db "
	    "&& ! grep -qi '<script' h.html && grep -q '&lt;script&gt;' "
	    "h.html && ! grep -q \"$(printf '\\033')\" h.html", bin), 0);
	CHECK_EQ_INT(test_sh("'%s' fleet report -o h.md h.db && ! grep -q "
	    "\"$(printf '\\033')\" h.md && grep -q '^1\\. \\*\\*' h.md", bin), 0);
	/* the hostile user repeats a host OOM and the GPU is sick */
	CHECK_EQ_INT(test_sh("'%s' fleet report --format json h.db | grep -q "
	    "'\"unknown_user_jobs\": 0'", bin), 0);
	CHECK_EQ_INT(test_sh("'%s' fleet report --format json h.db | grep -c "
	    "'\"recommendation\"' | grep -qx 2", bin), 0);
}
