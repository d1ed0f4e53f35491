/*
 * test_xid_catalog: the generated Xid table (analyze/xid_catalog.c)
 * against its source data/xid-catalog.tsv, the lookups, and the catalog
 * in an analysis: the meaning on the Xid's evidence (also after a JSON
 * round trip) and the catalog's action in the verdict's next action.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "harness.h"
#include "xid_catalog.h"

#define TSV	"data/xid-catalog.tsv"
#define XID13	"fixtures/scenarios/xid_fault-fires-xid13-then-109-ctxsw" \
		"/kernel/dmesg.txt"

/* Splits line at tabs into up to max fields; returns the count. */
static int
split_tabs(char *line, char **f, int max)
{
	int	n = 0;

	while (n < max) {
		f[n++] = line;
		if ((line = strchr(line, '\t')) == NULL)
			break;
		*line++ = '\0';
	}
	return n;
}

/* Every row of the TSV is in the table, field for field, and nothing
 * else is: the generated file is current (rerun
 * scripts/gen_xid_catalog.py after editing the TSV). */
DEFINE_TEST(test_xid_catalog_matches_tsv)
{
	size_t		 n, rows = 0;
	char		*buf = test_slurp(TSV, &n), *p, *nl, *f[8];
	int		 source = 0;

	for (p = buf; p != NULL && p < buf + n; p = nl + 1) {
		const struct xid_info	*x;

		if ((nl = memchr(p, '\n', (size_t)(buf + n - p))) == NULL)
			nl = buf + n;
		*nl = '\0';
		if (strncmp(p, "#!catalog\t", 10) == 0) {
			CHECK_EQ_STR(xid_catalog_source, p + 10);
			source = 1;
			continue;
		}
		if (*p == '#' || *p == '\0')
			continue;
		if (split_tabs(p, f, 8) != 7) {
			test_fail(__FILE__, __LINE__, "%s: row '%s' has not 7 "
			    "columns", TSV, p);
			continue;
		}
		rows++;
		if ((x = xid_lookup(atoll(f[0]))) == NULL) {
			test_fail(__FILE__, __LINE__, "Xid %s of the TSV is "
			    "not in xid_catalog.c", f[0]);
			continue;
		}
		CHECK_EQ_STR(x->mnemonic, f[1]);
		CHECK_EQ_STR(xid_component_name(x->component), f[2]);
		CHECK_EQ_STR(x->immediate, f[3]);
		CHECK_EQ_STR(x->investigate, f[4]);
		CHECK_EQ_STR(xid_action_name(x->action), f[5]);
		CHECK_EQ_STR(x->meaning, f[6]);
	}
	CHECK(source);
	CHECK_EQ_U64(rows, nxid_catalog);
	for (size_t i = 1; i < nxid_catalog; i++)
		CHECK(xid_catalog[i - 1].xid < xid_catalog[i].xid);
	free(buf);
}

DEFINE_TEST(test_xid_lookup)
{
	const struct xid_info	*x;

	CHECK(xid_lookup(-1) == NULL);
	CHECK(xid_lookup(0) == NULL);
	CHECK(xid_lookup(1) == NULL);		/* unused on Ampere+ */
	CHECK(xid_lookup(173) == NULL);
	CHECK(xid_lookup(INT64_MAX) == NULL);
	CHECK((x = xid_lookup(79)) != NULL);
	if (x != NULL) {
		CHECK_EQ_STR(x->mnemonic,
		    "ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS");
		CHECK_EQ_STR(xid_component_name(x->component), "bus");
		CHECK_EQ_STR(x->immediate, "RESTART_BM");
		CHECK_EQ_STR(xid_action_text(x->action),
		    "drain the node and reboot it");
	}
	CHECK((x = xid_lookup(119)) != NULL && x->component == XC_GSP &&
	    x->action == XA_RESET_GPU);
	CHECK((x = xid_lookup(74)) != NULL && x->component == XC_NVLINK);
	CHECK((x = xid_lookup(8)) != NULL && x == &xid_catalog[0]);
	CHECK((x = xid_lookup(172)) != NULL &&
	    x == &xid_catalog[nxid_catalog - 1]);
	/* Memory hardware feeds retired_pages; the rest xid_fault. */
	CHECK(xid_is_memory(48) && xid_is_memory(63) && xid_is_memory(94) &&
	    xid_is_memory(95) && xid_is_memory(140));
	CHECK(!xid_is_memory(31) && !xid_is_memory(79) &&
	    !xid_is_memory(119) && !xid_is_memory(2));
}

/* Xid 154 names the recovery the driver wants: the next action quotes it
 * rather than the catalog's "act on the Xid that came with it". */
DEFINE_TEST(test_xid_154_recovery)
{
	struct analyze_opts	 o = { 0 };
	struct analysis		*an = NULL;
	struct err		 e = { 0 };
	const char		*in[1] = { test_src("fixtures/scenarios/"
				    "xid_fault-fires-xid149-154-nvlink/kernel/"
				    "dmesg.txt") };

	o.inputs = in;
	o.ninputs = 1;
	o.jobs = 1;
	if (analysis_run(&o, &an, &e) != ERR_OK) {
		test_fail(__FILE__, __LINE__, "analysis_run: %s", e.msg);
		return;
	}
	CHECK_EQ_STR(an->verdict.cause, "xid_fault");
	CHECK(strstr(an->verdict.next_action, "Xid 149: reset the GPU "
	    "(WORKFLOW_NVLINK5_ERR); Xid 154: the driver asks for Drain and "
	    "Reset. Then: ") != NULL);
	CHECK(an->verdict.initiating != NULL &&
	    an->verdict.initiating->xid != NULL &&
	    strcmp(an->verdict.initiating->xid->component, "nvlink") == 0);
	analysis_free(an);
}

/* Real Xid 13 x3 then 109 (leptonai/gpud#46) as a pasted kernel log:
 * the verdict's evidence carries Xid 13's meaning, and the next action
 * begins with the catalog's action for 13 and for 109, once each. */
DEFINE_TEST(test_xid_catalog_in_verdict)
{
	struct analyze_opts	 o = { 0 };
	struct analysis		*an = NULL, *back = NULL;
	struct err		 e = { 0 };
	const char		*in[1] = { test_src(XID13) };
	const struct evidence	*init;
	const char		*next;
	char			*json = NULL;
	size_t			 jn = 0;
	FILE			*fp;

	o.inputs = in;
	o.ninputs = 1;
	o.jobs = 1;
	if (analysis_run(&o, &an, &e) != ERR_OK) {
		test_fail(__FILE__, __LINE__, "analysis_run: %s", e.msg);
		return;
	}
	CHECK_EQ_STR(an->verdict.cause, "xid_fault");
	init = an->verdict.initiating;
	CHECK(init != NULL && init->xid != NULL);
	if (init != NULL && init->xid != NULL) {
		CHECK(init->xid->code == 13);
		CHECK_EQ_STR(init->xid->component, "application");
		CHECK_EQ_STR(init->xid->action, "restart_app");
		CHECK_EQ_STR(init->xid->immediate, "RESTART_APP");
	}
	next = an->verdict.next_action;
	CHECK(next != NULL && strncmp(next, "NVIDIA's Xid catalog says: "
	    "Xid 13: restart the application (RESTART_APP); Xid 109: reset "
	    "the GPU (RESET_GPU). Then: ", 99) == 0);
	CHECK(next != NULL && strstr(strstr(next, "Xid 13") + 1,
	    "Xid 13") == NULL);
	CHECK(strstr(an->verdict.summary, "Xid 13 (ROBUST_CHANNEL_GR_"
	    "EXCEPTION, implicates application)") != NULL);

	/* The xid object survives the JSON round trip. */
	CHECK((fp = open_memstream(&json, &jn)) != NULL);
	if (fp == NULL)
		return;
	CHECK(model_to_json(an, fp, &e) == ERR_OK);
	fclose(fp);
	CHECK(strstr(json, "\"catalog_investigatory\": \"WORKFLOW_XID_13\"")
	    != NULL);
	CHECK(model_from_json(json, jn, &back, &e) == ERR_OK);
	if (back != NULL && back->verdict.initiating != NULL) {
		const struct evidence_xid *x = back->verdict.initiating->xid;

		CHECK(x != NULL && x->code == 13);
		CHECK(x != NULL && x->meaning != NULL &&
		    strcmp(x->meaning, init->xid->meaning) == 0);
	} else
		CHECK(!"read back");
	free(json);
	analysis_free(back);
	analysis_free(an);
}
