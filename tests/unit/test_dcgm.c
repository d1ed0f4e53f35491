/*
 * test_dcgm: DCGM job statistics (dcgmi stats -j JOB -v): the parser on
 * a real capture and on the synthetic files written after dcgmi's
 * printer, an error dcgmi printed instead, and through the analysis into
 * quantities.dcgm, the text report and the JSON round trip.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "harness.h"
#include "parse.h"
#include "report.h"

/* Returns the file's buffer (the events borrow it): free it last. */
static char *
parse_file(const char *rel, struct arena *a, struct evlist *out)
{
	size_t		 n = 0;
	char		*b = test_slurp(rel, &n);
	struct src	 s = { 1, rel, b, n };
	struct err	 e = { 0 };

	CHECK(b != NULL);
	if (b != NULL)
		CHECK(parse_dcgmi(&s, a, out, &e) == ERR_OK);
	return b;
}

static const struct event *
gpu_ev(const struct evlist *l, int64_t gpu)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i]->kind == EV_DCGM_GPU &&
		    ev_num_or(l->v[i], "gpu", -2) == gpu)
			return l->v[i];
	return NULL;
}

DEFINE_TEST(test_dcgm_parse_real)
{
	struct arena		*a = arena_new(1 << 16);
	struct evlist		 l = { 0 };
	const struct event	*g;
	char			*b = parse_file(
				    "fixtures/real/dcgm/uber-prof-job-232-v.txt",
				    a, &l);

	CHECK_EQ_U64(l.n, 1);
	CHECK((g = gpu_ev(&l, 0)) != NULL);
	if (g != NULL) {
		CHECK_EQ_U64(g->ref.line, 3);	/* "| GPU ID: 0 ... |" */
		CHECK_EQ_STRN(ev_str(g, "job").p, ev_str(g, "job").n, "232");
		CHECK(ev_num_or(g, "processes", -1) == 1);
		CHECK(ev_num_or(g, "max_memory_bytes", -1) == 2628780032LL);
		CHECK(ev_num_or(g, "ecc_sbe", -1) == 0);
		CHECK(ev_num_or(g, "ecc_dbe", -1) == 0);
		CHECK(ev_num_or(g, "xid_errors", -1) == 0);
		CHECK(ev_num_or(g, "pcie_replays", -1) == 0);
		CHECK_EQ_STRN(ev_str(g, "pids").p, ev_str(g, "pids").n,
		    "10140");
		CHECK_EQ_STRN(ev_str(g, "health").p, ev_str(g, "health").n,
		    "Healthy");
	}
	evlist_free(&l);
	arena_free(a);
	free(b);
}

DEFINE_TEST(test_dcgm_parse_xid_ecc)
{
	struct arena		*a = arena_new(1 << 16);
	struct evlist		 l = { 0 };
	const struct event	*g;
	char			*b = parse_file("fixtures/dcgm/xid-ecc-v.txt",
				    a, &l);

	CHECK_EQ_U64(l.n, 2);
	CHECK((g = gpu_ev(&l, 1)) != NULL);
	if (g != NULL) {
		CHECK(ev_num_or(g, "xid_errors", -1) == 2);
		CHECK(ev_num_or(g, "ecc_dbe", -1) == 1);
		CHECK(ev_num_or(g, "ecc_sbe", -1) == 3);
		CHECK_EQ_STRN(ev_str(g, "health").p, ev_str(g, "health").n,
		    "Failure");
		CHECK_EQ_STRN(ev_str(g, "pids").p, ev_str(g, "pids").n,
		    "7002");
	}
	CHECK((g = gpu_ev(&l, 0)) != NULL && ev_num_or(g, "xid_errors", -1)
	    == 0);
	evlist_free(&l);
	arena_free(a);
	free(b);
}

/* Unknown values stay unknown; an error line is a note; process
 * statistics' conflicting PIDs are read. */
DEFINE_TEST(test_dcgm_parse_edges)
{
	static const char t[] =
	    "Error: Unable to retrieve job statistics. Return: No data is "
	    "available.\n"
	    "+------------------------------------------------------------"
	    "------------------+\n"
	    "| GPU ID: 3                                                   "
	    "                 |\n"
	    "| Max GPU Memory Used (bytes)    *   | Not Specified          "
	    "                 |\n"
	    "| No. of Conflicting Processes   *   | 2                      "
	    "                 |\n"
	    "| Conflicting Compute PID            | 811                    "
	    "                 |\n"
	    "|                                    | 812                    "
	    "                 |\n"
	    "| Critical XID Errors                | 1                      "
	    "                 |\n"
	    "| XID (Hr:Min:Sec since start)       | 0:00:05                "
	    "                 |\n";
	struct arena		*a = arena_new(1 << 16);
	struct evlist		 l = { 0 };
	struct src		 s = { 1, "t", t, sizeof(t) - 1 };
	struct err		 e = { 0 };
	const struct event	*g;

	CHECK(parse_dcgmi(&s, a, &l, &e) == ERR_OK);
	CHECK_EQ_U64(l.n, 2);
	CHECK(l.n > 0 && l.v[0]->kind == EV_NOTE);
	CHECK((g = gpu_ev(&l, 3)) != NULL);
	if (g != NULL) {
		CHECK(ev_field(g, "max_memory_bytes") == NULL);
		CHECK(ev_num_or(g, "conflicting", -1) == 2);
		CHECK(ev_num_or(g, "xid_errors", -1) == 1);
		CHECK_EQ_STRN(ev_str(g, "pids").p, ev_str(g, "pids").n,
		    "811,812");
	}
	CHECK(sniff_dcgmi(t, sizeof(t) - 1) == 0 ||
	    sniff_dcgmi(t, sizeof(t) - 1) >= 50);
	evlist_free(&l);
	arena_free(a);
}

DEFINE_TEST(test_dcgm_quantities_report_json)
{
	struct analyze_opts	 o = { 0 };
	struct analysis		*an = NULL, *back = NULL;
	struct err		 e = { 0 };
	const char		*in[1];
	char			*buf = NULL;
	size_t			 n = 0;
	FILE			*fp;

	in[0] = test_src("fixtures/dcgm/xid-ecc-v.txt");
	o.inputs = in;
	o.ninputs = 1;
	o.jobs = 1;
	if (analysis_run(&o, &an, &e) != ERR_OK) {
		test_fail(__FILE__, __LINE__, "analysis_run: %s", e.msg);
		return;
	}
	CHECK_EQ_U64(an->ndcgm, 2);
	if (an->ndcgm == 2) {
		CHECK_EQ_STR(an->dcgm[1].gpu, "1");
		CHECK_EQ_STR(an->dcgm[1].job, "7");
		CHECK(an->dcgm[1].xid_errors == 2 && an->dcgm[1].ecc_dbe == 1);
		CHECK(an->dcgm[1].max_memory_bytes == 40802189312LL);
		CHECK(an->dcgm[1].evidence.n == 1);
	}
	CHECK((fp = open_memstream(&buf, &n)) != NULL);
	if (fp == NULL)
		goto out;
	CHECK(report_render(an, REPORT_TEXT, fp, NULL, &e) == ERR_OK);
	fclose(fp);
	CHECK(strstr(buf, "GPU 1: memory peak 38.0 GiB, 1 process (PID "
	    "7002), 2 critical Xids, ECC 3 single / 1 double bit, Failure")
	    != NULL);
	free(buf);
	buf = NULL;
	CHECK((fp = open_memstream(&buf, &n)) != NULL);
	if (fp == NULL)
		goto out;
	CHECK(model_to_json(an, fp, &e) == ERR_OK);
	fclose(fp);
	CHECK(strstr(buf, "\"dcgm\"") != NULL);
	CHECK(model_from_json(buf, n, &back, &e) == ERR_OK);
	CHECK(back != NULL && back->ndcgm == 2);
	if (back != NULL && back->ndcgm == 2) {
		CHECK(back->dcgm[1].ecc_dbe == 1 &&
		    back->dcgm[1].xid_errors == 2);
		CHECK_EQ_STR(back->dcgm[1].pids, "7002");
		CHECK_EQ_STR(back->dcgm[1].health, "Failure");
	}
out:
	free(buf);
	analysis_free(back);
	analysis_free(an);
}
