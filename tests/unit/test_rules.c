/*
 * test_rules: the decision table as data. Ids unique and sorted; every
 * row complete, with a taxonomy cause and boundary from DESIGN.md; every
 * rule fired by a scenario under fixtures/scenarios (expect.rule) and
 * every cause with a near-miss scenario (<cause>-near-*, expecting some
 * other cause); docs/rules.md equal to the table rendered by
 * rules_table_markdown(). UPDATE_GOLDEN=1 rewrites docs/rules.md.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "rules.h"

static const char *const causes[] = { "host_oom", "step_creation_failure",
    "cuda_oom_exhaustion", "cuda_oom_fragmentation", "gpu_other_tenant",
    "zombie_context", "memory_leak", "retired_pages", "shm_limit",
    "xid_fault", "cpu_limited", "gpu_access_denied", "nccl_cascade",
    "time_limit", "memory_stall", "not_oom_other", "no_incident",
    "inconclusive" };

static const char *const boundaries[] = { "host", "device", "step", "shm",
    "hardware", "scheduler", "none", "unknown" };

/*
 * Rules no scenario fires yet, and why: no real text exists in the shared
 * material for them. The test fails as soon as a scenario for one of them
 * appears, so the entry must then be removed.
 */
static const struct {
	const char	*id;
	const char	*why;
} no_scenario[] = {
	{ "R-DEV-005", "no real nvidia-smi snapshot lists two compute "
	    "processes of one job on one GPU together with that GPU's record" },
};

#define MAX_SCEN	256

struct scen {
	char	name[256];
	char	cause[64];
	char	rule[32];
};

static int
in_list(const char *s, const char *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(s, v[i]) == 0)
			return 1;
	return 0;
}

/* The string value of "key" inside the "expect" object of a scenario.json
 * (a flat object of strings: enough for these files). */
static void
expect_value(const char *json, const char *key, char *out, size_t outsz)
{
	const char	*p = strstr(json, "\"expect\"");
	const char	*end, *q;
	char		 pat[64];
	size_t		 n;

	out[0] = '\0';
	if (p == NULL || (end = strchr(p, '}')) == NULL)
		return;
	snprintf(pat, sizeof(pat), "\"%s\"", key);
	if ((q = strstr(p, pat)) == NULL || q > end)
		return;
	q += strlen(pat);
	while (*q == ' ' || *q == ':')
		q++;
	if (*q++ != '"')
		return;
	for (n = 0; q[n] != '"' && q[n] != '\0' && n + 1 < outsz; n++)
		out[n] = q[n];
	out[n] = '\0';
}

static size_t
load_scenarios(struct scen *v, size_t max)
{
	DIR		*d = opendir(test_src("fixtures/scenarios"));
	struct dirent	*de;
	size_t		 n = 0;
	char		 rel[512], *json;
	FILE		*f;

	CHECK(d != NULL);
	while (d != NULL && (de = readdir(d)) != NULL && n < max) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(rel, sizeof(rel), "fixtures/scenarios/%s/scenario.json",
		    de->d_name);
		if ((f = fopen(test_src(rel), "r")) == NULL)
			continue;	/* README.md and other files */
		fclose(f);
		json = test_slurp(rel, NULL);
		snprintf(v[n].name, sizeof(v[n].name), "%s", de->d_name);
		expect_value(json, "cause", v[n].cause, sizeof(v[n].cause));
		expect_value(json, "rule", v[n].rule, sizeof(v[n].rule));
		free(json);
		n++;
	}
	if (d != NULL)
		closedir(d);
	return n;
}

DEFINE_TEST(test_rules_ids_unique_sorted)
{
	CHECK(rules_count() > 0);
	for (size_t i = 1; i < rules_count(); i++)
		if (strcmp(rule_at(i - 1)->id, rule_at(i)->id) >= 0)
			test_fail(__FILE__, __LINE__, "%s before %s: ids must "
			    "be unique and sorted", rule_at(i - 1)->id,
			    rule_at(i)->id);
}

DEFINE_TEST(test_rules_rows_complete)
{
	for (size_t i = 0; i < rules_count(); i++) {
		const struct rule *r = rule_at(i);
		const char *f[] = { r->id, r->cause, r->boundary, r->seeds,
		    r->signals, r->meaning, r->next_action };

		for (size_t j = 0; j < sizeof(f) / sizeof(f[0]); j++)
			if (f[j] == NULL || f[j][0] == '\0')
				test_fail(__FILE__, __LINE__, "%s: field %zu "
				    "empty", r->id ? r->id : "?", j);
		CHECK(r->match != NULL);
		CHECK(strncmp(r->id, "R-", 2) == 0);
		CHECK(r->rclass == RC_INCIDENT || r->rclass == RC_RECORD ||
		    r->rclass == RC_FINAL || r->rclass == RC_REFINE);
		/* a refining row names what it refines; no other row does */
		CHECK((r->rclass == RC_REFINE) == (r->refines != NULL &&
		    r->refines[0] != '\0'));
	}
}

DEFINE_TEST(test_rules_taxonomy)
{
	for (size_t i = 0; i < rules_count(); i++) {
		if (!in_list(rule_at(i)->cause, causes,
		    sizeof(causes) / sizeof(causes[0])))
			test_fail(__FILE__, __LINE__, "%s: cause %s is not a "
			    "taxonomy id", rule_at(i)->id, rule_at(i)->cause);
		if (!in_list(rule_at(i)->boundary, boundaries,
		    sizeof(boundaries) / sizeof(boundaries[0])))
			test_fail(__FILE__, __LINE__, "%s: boundary %s "
			    "unknown", rule_at(i)->id, rule_at(i)->boundary);
		/* DESIGN: nccl_cascade is only ever secondary */
		CHECK(strcmp(rule_at(i)->cause, "nccl_cascade") != 0);
	}
}

/* The matcher itself: a flat expect object, key order free, key absent. */
DEFINE_TEST(test_rules_expect_parser)
{
	char	v[32];

	expect_value("{ \"description\": \"rule R-X\", \"expect\": "
	    "{ \"cause\": \"host_oom\", \"rule\": \"R-HOST-001\" } }", "rule",
	    v, sizeof(v));
	CHECK_EQ_STR(v, "R-HOST-001");
	expect_value("{ \"expect\": { \"rule\":\"R-A\" }, \"cause\": \"x\" }",
	    "cause", v, sizeof(v));
	CHECK_EQ_STR(v, "");
	expect_value("{ \"rule\": \"R-A\" }", "rule", v, sizeof(v));
	CHECK_EQ_STR(v, "");
}

static int
exempt(const char *id)
{
	for (size_t i = 0; i < sizeof(no_scenario) / sizeof(no_scenario[0]);
	    i++)
		if (strcmp(no_scenario[i].id, id) == 0)
			return 1;
	return 0;
}

DEFINE_TEST(test_rules_every_rule_has_scenario)
{
	static struct scen	v[MAX_SCEN];
	size_t			n = load_scenarios(v, MAX_SCEN);

	CHECK(n > 20);
	for (size_t i = 0; i < rules_count(); i++) {
		size_t hits = 0;

		for (size_t j = 0; j < n; j++)
			if (strcmp(v[j].rule, rule_at(i)->id) == 0) {
				hits++;
				if (strcmp(v[j].cause, rule_at(i)->cause) != 0)
					test_fail(__FILE__, __LINE__, "%s "
					    "expects %s with cause %s, the "
					    "rule concludes %s", v[j].name,
					    rule_at(i)->id, v[j].cause,
					    rule_at(i)->cause);
			}
		if (hits == 0 && !exempt(rule_at(i)->id))
			test_fail(__FILE__, __LINE__, "no scenario fires %s",
			    rule_at(i)->id);
		if (hits > 0 && exempt(rule_at(i)->id))
			test_fail(__FILE__, __LINE__, "%s now has a scenario: "
			    "remove it from no_scenario[]", rule_at(i)->id);
	}
	for (size_t j = 0; j < n; j++) {
		int known = 0;

		for (size_t i = 0; i < rules_count(); i++)
			known |= strcmp(v[j].rule, rule_at(i)->id) == 0;
		if (!known)
			test_fail(__FILE__, __LINE__, "%s expects rule \"%s\", "
			    "which is not in the table", v[j].name, v[j].rule);
	}
}

DEFINE_TEST(test_rules_every_cause_has_near_miss)
{
	static struct scen	v[MAX_SCEN];
	size_t			n = load_scenarios(v, MAX_SCEN);
	char			prefix[96];

	for (size_t i = 0; i < rules_count(); i++) {
		int near = 0, fires = 0;

		snprintf(prefix, sizeof(prefix), "%s-near-", rule_at(i)->cause);
		for (size_t j = 0; j < n; j++) {
			if (strcmp(v[j].cause, rule_at(i)->cause) == 0)
				fires = 1;
			if (strncmp(v[j].name, prefix, strlen(prefix)) != 0)
				continue;
			near = 1;
			if (strcmp(v[j].cause, rule_at(i)->cause) == 0)
				test_fail(__FILE__, __LINE__, "near miss %s "
				    "expects its own cause %s", v[j].name,
				    v[j].cause);
		}
		if (!near)
			test_fail(__FILE__, __LINE__, "no near-miss scenario "
			    "%s* for %s", prefix, rule_at(i)->id);
		if (!fires)
			test_fail(__FILE__, __LINE__, "no scenario concludes "
			    "%s", rule_at(i)->cause);
	}
}

DEFINE_TEST(test_rules_doc_matches_table)
{
	char		*got = NULL, *want;
	size_t		 ngot = 0, nwant = 0;
	FILE		*mem = open_memstream(&got, &ngot);
	struct err	 e = { 0 };

	CHECK(mem != NULL);
	if (mem == NULL)
		return;
	CHECK_EQ_INT(rules_table_markdown(mem, &e), ERR_OK);
	fclose(mem);
	for (size_t i = 0; i < rules_count(); i++)
		CHECK(strstr(got, rule_at(i)->id) != NULL);
	if (getenv("UPDATE_GOLDEN") != NULL) {
		FILE *out = fopen(test_src("docs/rules.md"), "wb");

		CHECK(out != NULL && fwrite(got, 1, ngot, out) == ngot);
		if (out != NULL)
			fclose(out);
	}
	want = test_slurp("docs/rules.md", &nwant);
	if (nwant != ngot || memcmp(want, got, ngot) != 0)
		test_fail(__FILE__, __LINE__, "docs/rules.md differs from "
		    "rules_table_markdown() (UPDATE_GOLDEN=1 rewrites it)");
	free(want);
	free(got);
}

DEFINE_TEST(test_rules_markdown_write_error)
{
	FILE		*ro = fopen("/dev/null", "r");
	struct err	 e = { 0 };

	CHECK(ro != NULL);
	if (ro == NULL)
		return;
	CHECK_EQ_INT(rules_table_markdown(ro, &e), ERR_IO);
	CHECK_EQ_INT(e.code, ERR_IO);
	fclose(ro);
}
