/*
 * test_outlook: failure_domain and retry_outlook (analyze/outlook.c) for
 * each kind of row of the table (cause, rule, boundary, initiating kind,
 * its variant, Xid component), and what model_from_json does with them: derives them
 * for an analysis saved before they existed, keeps them when present,
 * and rejects a word outside their vocabulary naming the key.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "harness.h"

static void
check(const char *cause, const char *rule, const char *boundary,
    const struct evidence *ini, const char *domain, const char *outlook,
    int line)
{
	struct verdict	 v = { 0 };

	v.cause = cause;
	v.rule = rule;
	v.boundary = boundary;
	v.initiating = (struct evidence *)ini;
	verdict_outlook(&v);
	if (v.failure_domain == NULL || v.retry_outlook == NULL ||
	    v.outlook_reason == NULL ||
	    strcmp(v.failure_domain, domain) != 0 ||
	    strcmp(v.retry_outlook, outlook) != 0)
		test_fail(__FILE__, line, "%s/%s/%s: got %s/%s, want %s/%s",
		    cause ? cause : "(null)", rule ? rule : "(null)",
		    boundary ? boundary : "(null)",
		    v.failure_domain ? v.failure_domain : "(null)",
		    v.retry_outlook ? v.retry_outlook : "(null)", domain,
		    outlook);
}

DEFINE_TEST(test_outlook_table)
{
	struct evidence_xid	 app = { .code = 31, .component = "application" };
	struct evidence_xid	 mem = { .code = 48, .component = "memory" };
	struct evidence		 xid_app = { .kind = "xid", .xid = &app };
	struct evidence		 xid_mem = { .kind = "xid", .xid = &mem };
	struct evidence		 nodefail = { .kind = "node_failure" };
	struct evidence		 lowmem = { .kind = "step_create_fail",
				    .what = "node_memory" };
	struct evidence		 stepmem = { .kind = "step_create_fail" };

	check("host_oom", "R-HOST-001", "host", NULL, "workload",
	    "change_then_requeue", __LINE__);
	check("cuda_oom_fragmentation", "R-DEV-002", "device", NULL,
	    "workload", "change_then_requeue", __LINE__);
	/* One cause, two owners: the Xid's catalog component decides. */
	check("xid_fault", "R-HW-001", "hardware", &xid_app, "workload",
	    "change_then_requeue", __LINE__);
	check("xid_fault", "R-HW-001", "hardware", &xid_mem,
	    "infrastructure", "requeue_elsewhere", __LINE__);
	check("xid_fault", "R-HW-001", "hardware", NULL, "infrastructure",
	    "requeue_elsewhere", __LINE__);
	check("retired_pages", "R-HW-003", "hardware", &xid_mem,
	    "infrastructure", "requeue_elsewhere", __LINE__);
	/* One cause, two owners: the variant of the initiating event
	 * decides (a node drained for Low RealMemory, a request that did
	 * not fit), then the rule (cgroups the node could not set up). */
	check("step_creation_failure", "R-STEP-001", "step", &lowmem,
	    "infrastructure", "requeue_elsewhere", __LINE__);
	check("step_creation_failure", "R-STEP-001", "step", &stepmem,
	    "workload", "change_then_requeue", __LINE__);
	check("step_creation_failure", "R-STEP-001", "step", NULL,
	    "workload", "change_then_requeue", __LINE__);
	check("step_creation_failure", "R-STEP-002", "step", NULL,
	    "infrastructure", "requeue_elsewhere", __LINE__);
	check("step_creation_failure", "R-STEP-003", "step", NULL,
	    "workload", "change_then_requeue", __LINE__);
	check("time_limit", "R-SCHED-002", "scheduler", NULL, "scheduler",
	    "requeue", __LINE__);
	/* not_oom_other: by rule, by the initiating event, by boundary. */
	check("not_oom_other", "R-OTHER-004", "none", NULL, "infrastructure",
	    "requeue_elsewhere", __LINE__);
	check("not_oom_other", "R-OTHER-001", "none", &nodefail,
	    "infrastructure", "requeue_elsewhere", __LINE__);
	check("not_oom_other", "R-OTHER-001", "none", NULL, "unknown",
	    "unknown", __LINE__);
	check("not_oom_other", "R-SCHED-003", "scheduler", NULL, "scheduler",
	    "unknown", __LINE__);
	check("not_oom_other", "R-X-999", "scheduler", NULL, "scheduler",
	    "requeue", __LINE__);
	check("not_oom_other", "R-X-999", "hardware", NULL, "infrastructure",
	    "requeue_elsewhere", __LINE__);
	check("not_oom_other", "R-OTHER-021", "none", NULL, "workload",
	    "change_then_requeue", __LINE__);
	check("inconclusive", "R-INC-001", "unknown", NULL, "unknown",
	    "unknown", __LINE__);
	check("no_incident", "R-NONE-001", "none", NULL, "unknown",
	    "unknown", __LINE__);
	check(NULL, NULL, NULL, NULL, "unknown", "unknown", __LINE__);
	check("a_cause_from_the_future", NULL, NULL, NULL, "unknown",
	    "unknown", __LINE__);
}

/* A golden analysis with the three keys cut out (as one saved before
 * issue 19), or with failure_domain replaced by what. */
static char *
golden_without(const char *name, const char *what)
{
	char		 rel[256];
	size_t		 n, len;
	char		*doc, *p, *q, *s;

	snprintf(rel, sizeof(rel), "tests/golden/%s.json", name);
	if ((doc = test_slurp(rel, &n)) == NULL)
		return NULL;
	/* The three keys are consecutive lines of "verdict": cut from the
	 * comma before the first to the end of the last's line. */
	if ((p = strstr(doc, "\"failure_domain\"")) == NULL ||
	    (q = strstr(p, "\"outlook_reason\"")) == NULL ||
	    (q = strchr(q, '\n')) == NULL) {
		free(doc);
		return NULL;
	}
	while (p > doc && p[-1] != ',')
		p--;
	len = (size_t)(p - doc) + strlen(q) + 64 + (what ? strlen(what) : 0);
	if ((s = malloc(len)) != NULL)
		snprintf(s, len, "%.*s%s%s%s", (int)(p - doc - 1), doc,
		    what != NULL ? ",\n    \"failure_domain\": " : "",
		    what != NULL ? what : "", q);
	free(doc);
	return s;
}

DEFINE_TEST(test_outlook_json)
{
	struct analysis	*an = NULL;
	struct err	 e = { 0 };
	char		*j;

	/* Saved before the keys: derived, here from the initiating
	 * evidence's Xid (31, component application). */
	j = golden_without("xid_fault-fires-xid31-illegal-access", NULL);
	CHECK(j != NULL && strstr(j, "failure_domain") == NULL &&
	    strstr(j, "retry_outlook") == NULL);
	if (j != NULL) {
		CHECK_EQ_INT(model_from_json(j, strlen(j), &an, &e), ERR_OK);
		CHECK(an != NULL && an->verdict.failure_domain != NULL &&
		    strcmp(an->verdict.failure_domain, "workload") == 0 &&
		    strcmp(an->verdict.retry_outlook,
		    "change_then_requeue") == 0);
		analysis_free(an);
		an = NULL;
		free(j);
	}
	j = golden_without("time_limit-fires-sacct-timeout", NULL);
	CHECK(j != NULL);
	if (j != NULL) {
		CHECK_EQ_INT(model_from_json(j, strlen(j), &an, &e), ERR_OK);
		CHECK(an != NULL && an->verdict.retry_outlook != NULL &&
		    strcmp(an->verdict.retry_outlook, "requeue") == 0);
		analysis_free(an);
		an = NULL;
		free(j);
	}
	/* Present: kept as written (a site may have its own reasons). */
	j = golden_without("time_limit-fires-sacct-timeout",
	    "\"infrastructure\"");
	CHECK(j != NULL);
	if (j != NULL) {
		CHECK_EQ_INT(model_from_json(j, strlen(j), &an, &e), ERR_OK);
		CHECK(an != NULL && an->verdict.failure_domain != NULL &&
		    strcmp(an->verdict.failure_domain, "infrastructure") == 0);
		analysis_free(an);
		an = NULL;
		free(j);
	}
	/* Outside the vocabulary, or not a string: refused, naming it. */
	j = golden_without("time_limit-fires-sacct-timeout", "\"the_gods\"");
	CHECK(j != NULL);
	if (j != NULL) {
		CHECK_EQ_INT(model_from_json(j, strlen(j), &an, &e),
		    ERR_FORMAT);
		CHECK(an == NULL);
		CHECK(strstr(e.msg, "verdict.failure_domain") != NULL);
		free(j);
	}
	j = golden_without("time_limit-fires-sacct-timeout", "7");
	CHECK(j != NULL);
	if (j != NULL) {
		CHECK_EQ_INT(model_from_json(j, strlen(j), &an, &e),
		    ERR_FORMAT);
		CHECK(strstr(e.msg, "failure_domain") != NULL);
		free(j);
	}
}
