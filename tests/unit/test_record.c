/*
 * test_record: "oomtrail analyze --format jsonl" (report/render_record.c)
 * on bundles packed from the shipped scenarios by the real bundle writer
 * (mkbundle): every record has exactly the keys docs/record.schema.json
 * requires, of the types and words it allows; the values come from the
 * bundle (cluster and job from the manifest, Slurm's state and times,
 * Xids, the bundle's sha256); --bulk puts an Elasticsearch/OpenSearch
 * bulk "index" action line before each record.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "harness.h"
#include "report.h"

static int	rv_quiet;

static void
rv_bad(const char *key, const char *why)
{
	if (!rv_quiet)
		fprintf(stderr, "record: %s: %s\n", key, why);
}

static int
rv_type_ok(json_t *t, json_t *v)
{
	json_t		*one;
	size_t		 i;
	const char	*n;

	if (json_is_string(t)) {
		n = json_string_value(t);
		return (strcmp(n, "string") == 0 && json_is_string(v)) ||
		    (strcmp(n, "integer") == 0 && json_is_integer(v)) ||
		    (strcmp(n, "number") == 0 && json_is_number(v)) ||
		    (strcmp(n, "null") == 0 && json_is_null(v)) ||
		    (strcmp(n, "array") == 0 && json_is_array(v)) ||
		    (strcmp(n, "boolean") == 0 && json_is_boolean(v)) ||
		    (strcmp(n, "object") == 0 && json_is_object(v));
	}
	json_array_foreach(t, i, one)
		if (rv_type_ok(one, v))
			return 1;
	return 0;
}

/* What the record schema says of one record: required keys, no others,
 * types, enums, const, array item types. 0 when valid. */
static int
rv_validate(json_t *schema, json_t *rec)
{
	json_t		*props = json_object_get(schema, "properties");
	json_t		*req = json_object_get(schema, "required"), *k, *p, *v;
	json_t		*en, *e1, *items;
	const char	*key;
	size_t		 i, j;
	int		 bad = 0, hit;

	if (!json_is_object(rec)) {
		rv_bad("$", "not an object");
		return 1;
	}
	json_array_foreach(req, i, k)
		if (json_object_get(rec, json_string_value(k)) == NULL) {
			rv_bad(json_string_value(k), "missing");
			bad = 1;
		}
	json_object_foreach(rec, key, v) {
		if ((p = json_object_get(props, key)) == NULL) {
			rv_bad(key, "not in the schema");
			bad = 1;
			continue;
		}
		if (json_object_get(p, "const") != NULL &&
		    !json_equal(json_object_get(p, "const"), v)) {
			rv_bad(key, "not the const");
			bad = 1;
		}
		if (json_object_get(p, "type") != NULL &&
		    !rv_type_ok(json_object_get(p, "type"), v)) {
			rv_bad(key, "wrong type");
			bad = 1;
		}
		if ((en = json_object_get(p, "enum")) != NULL) {
			hit = 0;
			json_array_foreach(en, j, e1)
				hit |= json_equal(e1, v);
			if (!hit) {
				rv_bad(key, "not in the enum");
				bad = 1;
			}
		}
		if ((items = json_object_get(p, "items")) != NULL &&
		    json_is_array(v))
			json_array_foreach(v, j, e1)
				if (!rv_type_ok(json_object_get(items, "type"),
				    e1)) {
					rv_bad(key, "an item of the wrong type");
					bad = 1;
				}
	}
	return bad;
}

static json_t *
rv_schema(void)
{
	size_t		 n;
	char		*text = test_slurp("docs/record.schema.json", &n);
	json_error_t	 je;
	json_t		*s;

	s = text != NULL ? json_loadb(text, n, 0, &je) : NULL;
	free(text);
	CHECK(s != NULL);
	return s;
}

/* Pack a scenario with the real bundle writer, analyse it and render
 * it as jsonl (bulk or not) into a malloc'd string. */
static char *
record_of(const char *scenario, int bulk, struct analysis **anp)
{
	char			 rel[256], *p = NULL;
	size_t			 n = 0;
	FILE			*fp;
	struct analyze_opts	 o = { 0 };
	struct report_opts	 ro = { 0 };
	struct analysis		*an = NULL;
	struct err		 e = { 0 };
	const char		*in[1];

	snprintf(rel, sizeof(rel), "fixtures/scenarios/%s", scenario);
	if (access(scenario, F_OK) != 0 &&
	    test_sh("'%s' '%s' . '%s' >/dev/null", test_bin("tests/mkbundle"),
	    test_src(rel), scenario) != 0) {
		test_fail(__FILE__, __LINE__, "mkbundle %s", scenario);
		return NULL;
	}
	in[0] = scenario;
	o.inputs = in;
	o.ninputs = 1;
	o.jobs = 1;
	if (analysis_run(&o, &an, &e) != ERR_OK) {
		test_fail(__FILE__, __LINE__, "analyse %s: %s", scenario,
		    e.msg);
		return NULL;
	}
	ro.bulk = bulk;
	if ((fp = open_memstream(&p, &n)) == NULL)
		return NULL;
	CHECK_EQ_INT(report_render(an, REPORT_JSONL, fp, &ro, &e), ERR_OK);
	fclose(fp);
	if (anp != NULL)
		*anp = an;
	else
		analysis_free(an);
	return p;
}

static json_t *
one_line(const char *s, size_t *used)
{
	const char	*nl = strchr(s, '\n');
	json_error_t	 je;

	if (nl == NULL)
		return NULL;
	*used = (size_t)(nl - s) + 1;
	return json_loadb(s, (size_t)(nl - s), 0, &je);
}

static const char *
gs(json_t *o, const char *k)
{
	return json_string_value(json_object_get(o, k));
}

DEFINE_TEST(test_record_schema_scenarios)
{
	static const char *const sc[] = {
		"time_limit-fires-sacct-timeout",
		"retired_pages-fires-xid48-dbe",
		"cuda_oom_fragmentation-fires-unallocated-cache",
		"xid_fault-fires-xid31-illegal-access",
		"not_oom_other-fires-nccl-desync",
		"multinode-node2-host-oom-skewed-node3",
		"retired_pages-fires-xid48-dbe-dcgm",
		"cuda_oom_exhaustion-fires-no-free-memory-dcgm",
	};
	json_t		*schema = rv_schema(), *r;
	char		*s;
	size_t		 used;

	if (schema == NULL)
		return;
	for (size_t i = 0; i < sizeof(sc) / sizeof(sc[0]); i++) {
		if ((s = record_of(sc[i], 0, NULL)) == NULL)
			continue;
		r = one_line(s, &used);
		CHECK(r != NULL);
		/* One line, nothing after it. */
		CHECK(r != NULL && s[used] == '\0');
		if (r != NULL && rv_validate(schema, r) != 0)
			test_fail(__FILE__, __LINE__, "%s: record does not "
			    "match docs/record.schema.json", sc[i]);
		if (r != NULL && strcmp(sc[i],
		    "time_limit-fires-sacct-timeout") == 0) {
			CHECK_EQ_STR(gs(r, "cluster"), "ci");
			CHECK_EQ_STR(gs(r, "job_id"), "1");
			CHECK_EQ_STR(gs(r, "state"), "TIMEOUT");
			CHECK_EQ_STR(gs(r, "start"), "2026-11-30T06:59:09Z");
			CHECK_EQ_INT(json_integer_value(json_object_get(r,
			    "elapsed_s")), 1);
			CHECK_EQ_STR(gs(r, "failure_domain"), "scheduler");
			CHECK_EQ_STR(gs(r, "retry_outlook"), "requeue");
			CHECK_EQ_INT(json_array_size(json_object_get(r,
			    "bundle_sha256")), 1);
			CHECK_EQ_INT(strlen(json_string_value(json_array_get(
			    json_object_get(r, "bundle_sha256"), 0))), 64);
		}
		if (r != NULL && strcmp(sc[i],
		    "retired_pages-fires-xid48-dbe") == 0) {
			CHECK_EQ_INT(json_array_size(json_object_get(r,
			    "xids")), 1);
			CHECK_EQ_INT(json_integer_value(json_array_get(
			    json_object_get(r, "xids"), 0)), 48);
			CHECK_EQ_STR(gs(r, "failure_domain"),
			    "infrastructure");
			CHECK_EQ_STR(gs(r, "initiating_node"), "vm");
			/* no nvidia-smi: no serial */
			CHECK(json_is_null(json_object_get(r,
			    "initiating_gpu_serial")));
			/* no DCGM statistics: every dcgm_* key null */
			CHECK(json_is_null(json_object_get(r, "dcgm_gpus")) &&
			    json_is_null(json_object_get(r, "dcgm_xid_errors")) &&
			    json_is_null(json_object_get(r, "dcgm_health")));
		}
		/* DCGM: GPU 0 healthy, GPU 1 with 2 critical Xids, 1 DBE
		 * and Failure: summed, the worst health */
		if (r != NULL && strcmp(sc[i],
		    "retired_pages-fires-xid48-dbe-dcgm") == 0) {
			CHECK_EQ_INT(json_integer_value(json_object_get(r,
			    "dcgm_gpus")), 2);
			CHECK_EQ_INT(json_integer_value(json_object_get(r,
			    "dcgm_xid_errors")), 2);
			CHECK_EQ_INT(json_integer_value(json_object_get(r,
			    "dcgm_ecc_dbe")), 1);
			CHECK_EQ_STR(gs(r, "dcgm_health"), "Failure");
		}
		/* the peak of the GPU the verdict names (GPU 0, 4095 MiB);
		 * its board serial from nvidia-smi's <serial> */
		if (r != NULL && strcmp(sc[i],
		    "cuda_oom_exhaustion-fires-no-free-memory-dcgm") == 0) {
			CHECK_EQ_STR(gs(r, "initiating_gpu"), "0");
			CHECK_EQ_STR(gs(r, "initiating_gpu_serial"),
			    "0321014026924");
			CHECK_EQ_INT(json_integer_value(json_object_get(r,
			    "dcgm_max_memory_bytes")), 4293918720LL);
		}
		json_decref(r);
		free(s);
	}
	/* The validator can fail: a record without a key, with a word
	 * outside an enum, or with a key the schema does not know. */
	rv_quiet = 1;
	if ((s = record_of("time_limit-fires-sacct-timeout", 0, NULL)) !=
	    NULL && (r = one_line(s, &used)) != NULL) {
		json_object_set_new(r, "failure_domain", json_string("gods"));
		CHECK_EQ_INT(rv_validate(schema, r), 1);
		json_object_del(r, "failure_domain");
		CHECK_EQ_INT(rv_validate(schema, r), 1);
		json_object_set_new(r, "failure_domain", json_null());
		CHECK_EQ_INT(rv_validate(schema, r), 0);
		json_object_set_new(r, "extra", json_true());
		CHECK_EQ_INT(rv_validate(schema, r), 1);
		json_decref(r);
	}
	free(s);
	rv_quiet = 0;
	json_decref(schema);
}

/* The GPU-hours lost: elapsed x GPUs, from the job's Slurm row. */
DEFINE_TEST(test_record_gpu_hours)
{
	struct analysis	*an = NULL;
	char		*s;
	json_t		*r;
	size_t		 used;

	if ((s = record_of("time_limit-fires-sacct-timeout", 0, &an)) ==
	    NULL)
		return;
	CHECK(an != NULL && an->job != NULL);
	if (an != NULL && an->job != NULL) {
		struct report_opts	 ro = { 0 };
		struct err		 e = { 0 };
		char			*p = NULL;
		size_t			 n = 0;
		FILE			*fp = open_memstream(&p, &n);

		an->job->elapsed_s = 7200;
		an->job->gpus = 8;
		CHECK_EQ_INT(report_record(an, fp, &ro, &e), ERR_OK);
		fclose(fp);
		r = one_line(p, &used);
		CHECK(r != NULL && json_is_number(json_object_get(r,
		    "gpu_hours_lost")) && json_number_value(json_object_get(r,
		    "gpu_hours_lost")) == 16.0);
		json_decref(r);
		free(p);
	}
	analysis_free(an);
	free(s);
}

/* --bulk: an action line, then the record, each one line; the action
 * names the index and the job as the document id. */
DEFINE_TEST(test_record_bulk)
{
	char	*s;
	json_t	*act, *rec, *idx;
	size_t	 u1, u2;

	if ((s = record_of("time_limit-fires-sacct-timeout", 1, NULL)) ==
	    NULL)
		return;
	act = one_line(s, &u1);
	rec = act != NULL ? one_line(s + u1, &u2) : NULL;
	CHECK(act != NULL && rec != NULL);
	CHECK(rec != NULL && s[u1 + u2] == '\0');
	CHECK_EQ_INT(json_object_size(act), 1);
	idx = json_object_get(act, "index");
	CHECK(json_is_object(idx));
	CHECK_EQ_STR(gs(idx, "_index"), "oomtrail-records");
	CHECK_EQ_STR(gs(idx, "_id"), "ci:1");
	CHECK_EQ_STR(gs(rec, "schema"), "oomtrail.record/1");
	json_decref(act);
	json_decref(rec);
	free(s);
}
