/*
 * test_flight_recorder: PyTorch Flight Recorder dumps (synthetic, from
 * fixtures/flight-recorder/gen.py) read by the safe pickle reader, one
 * event per rank, folded by stall.c alone and beside watchdog lines, and
 * the additive "flight_recorder_ranks" of the collective JSON.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "harness.h"

#define FR	"fixtures/flight-recorder/"

static struct analysis *
run_dir(const char *dir)
{
	struct analyze_opts	 o = { 0 };
	struct analysis		*an = NULL;
	struct err		 e = { 0 };
	const char		*in[1] = { dir };

	o.inputs = in;
	o.ninputs = 1;
	o.jobs = 1;
	if (analysis_run(&o, &an, &e) != ERR_OK) {
		test_fail(__FILE__, __LINE__, "analysis_run: %s", e.msg);
		return NULL;
	}
	return an;
}

DEFINE_TEST(test_fr_rank_behind)
{
	struct analysis			*an;
	const struct collective_q	*c;

	test_sh("mkdir d && cp '%s'/nccl_trace_rank_* d/",
	    test_src(FR "rank-behind"));
	if ((an = run_dir("d")) == NULL)
		return;
	CHECK((c = an->collective) != NULL);
	if (c != NULL) {
		CHECK(c->timeouts == 0 && c->flight_recorder_ranks == 4);
		CHECK(c->ranks == 4 && c->seqnum == 42);
		CHECK_EQ_STR(c->optype, "nccl:all_reduce");
		CHECK(c->numel_in == 262144 && c->timeout_ms == 600000);
		CHECK_EQ_U64(c->nstalled, 1);
		if (c->nstalled == 1) {
			CHECK(c->stalled[0].rank == 2);
			CHECK_EQ_STR(c->stalled[0].state, "not_enqueued");
			CHECK(c->stalled[0].last_enqueued == 41 &&
			    c->stalled[0].last_completed == 41);
			CHECK(c->stalled[0].evidence != NULL &&
			    strstr(c->stalled[0].evidence->source,
			    "nccl_trace_rank_2") != NULL);
		}
	}
	analysis_free(an);
}

DEFINE_TEST(test_fr_mismatch)
{
	struct analysis			*an;
	const struct collective_q	*c;

	test_sh("mkdir d && cp '%s'/nccl_trace_rank_* d/",
	    test_src(FR "mismatch"));
	if ((an = run_dir("d")) == NULL)
		return;
	CHECK((c = an->collective) != NULL);
	if (c != NULL && c->nstalled == 1) {
		CHECK(c->stalled[0].rank == 3);
		CHECK_EQ_STR(c->stalled[0].state, "other_collective");
		CHECK_EQ_STR(c->stalled[0].optype, "nccl:all_gather");
	} else
		CHECK(c != NULL && c->nstalled == 1);
	analysis_free(an);
}

/* Watchdog lines of ranks 0 and 1 (ALLREDUCE) beside the dumps: one
 * record per rank, the dump's "nccl:all_reduce" of rank 3 is the same
 * collective (not a desync), rank 2 is still the one behind. */
DEFINE_TEST(test_fr_with_watchdog_lines)
{
	struct analysis			*an;
	const struct collective_q	*c;
	char				*buf = NULL;
	size_t				 n = 0;
	FILE				*fp;
	struct err			 e = { 0 };

	test_sh("mkdir d && cp '%s'/nccl_trace_rank_* d/ && "
	    "for r in 0 1; do echo \"[E ProcessGroupNCCL.cpp:458] [Rank $r] "
	    "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=42, "
	    "OpType=ALLREDUCE, Timeout(ms)=600000) ran for 600031 milliseconds "
	    "before timing out.\"; done > d/slurm-7.out",
	    test_src(FR "rank-behind"));
	if ((an = run_dir("d")) == NULL)
		return;
	CHECK((c = an->collective) != NULL);
	if (c != NULL) {
		CHECK(c->timeouts == 2 && c->flight_recorder_ranks == 4);
		CHECK(c->ranks == 4 && c->seqnum == 42);
		CHECK_EQ_U64(c->nstalled, 1);
		if (c->nstalled == 1) {
			CHECK(c->stalled[0].rank == 2);
			CHECK_EQ_STR(c->stalled[0].state, "not_enqueued");
		}
		CHECK(c->summary != NULL && strstr(c->summary, "2 collective "
		    "timeouts from 4 ranks, and Flight Recorder dumps of 4 "
		    "ranks") != NULL);
	}
	CHECK((fp = open_memstream(&buf, &n)) != NULL);
	if (fp != NULL) {
		struct analysis	*back = NULL;

		CHECK(model_to_json(an, fp, &e) == ERR_OK);
		fclose(fp);
		CHECK(strstr(buf, "\"flight_recorder_ranks\": 4") != NULL);
		CHECK(model_from_json(buf, n, &back, &e) == ERR_OK);
		CHECK(back != NULL && back->collective != NULL &&
		    back->collective->flight_recorder_ranks == 4);
		analysis_free(back);
	}
	free(buf);
	analysis_free(an);
}

/* Dumps where every collective completed stalled nothing: no section. */
DEFINE_TEST(test_fr_nothing_pending)
{
	struct analysis	*an;

	test_sh("mkdir d && cp '%s'/nccl_trace_rank_2 d/",
	    test_src(FR "rank-behind"));
	if ((an = run_dir("d")) == NULL)
		return;
	CHECK(an->collective == NULL);
	analysis_free(an);
}

/* Redaction keeps each dump as its numbers (<dump>.summary.json): the
 * same collective record, the straggler named from its summary's name,
 * and the verdict R-OTHER-028 (ranks waiting, nothing failed before). */
DEFINE_TEST(test_fr_redacted_summaries)
{
	struct analysis			*an;
	const struct collective_q	*c;

	CHECK(test_sh("mkdir -p in/attach && cp '%s'/nccl_trace_rank_* "
	    "in/attach/ && '%s' redact -o red in 2>/dev/null && mkdir d && "
	    "tar --zstd -xf red -C d && ! ls d/attach | grep -qv "
	    "'summary.json$'", test_src(FR "rank-behind"),
	    test_bin("report/oomtrail")) == 0);
	if ((an = run_dir("d")) == NULL)
		return;
	CHECK_EQ_STR(an->verdict.rule, "R-OTHER-028");
	CHECK((c = an->collective) != NULL);
	if (c != NULL) {
		CHECK(c->flight_recorder_ranks == 4 && c->seqnum == 42);
		CHECK_EQ_STR(c->optype, "nccl:all_reduce");
		CHECK(c->nstalled == 1 && c->stalled[0].rank == 2);
	}
	analysis_free(an);
}

/* A summary from a stranger: a word outside [A-Za-z0-9_:.-] is dropped,
 * a number that is not an integer reads as unknown, and a name without
 * a rank is read with a note. */
DEFINE_TEST(test_fr_hostile_summary)
{
	struct analysis	*an;
	int		 found = 0;

	CHECK(test_sh("mkdir -p d/attach && printf '%%s' '{\"format\":"
	    "\"oomtrail-flight-recorder-summary\",\"version\":1,\"pg_id\":0,"
	    "\"entries\":\"7\",\"last_enqueued\":42,\"last_started\":42,"
	    "\"last_completed\":41,\"pending\":{\"seqnum\":42,\"numel_in\":1,"
	    "\"timeout_ms\":600000,\"optype\":\"<script>alert(1)</script>\","
	    "\"state\":\"started\"}}' > d/attach/nccl_trace_rank_5.summary."
	    "json") == 0);
	if ((an = run_dir("d")) == NULL)
		return;
	for (size_t i = 0; i < an->timeline.n; i++) {
		const struct evidence *ev = &an->timeline.v[i];

		if (ev->text == NULL || strstr(ev->text, "Flight Recorder "
		    "dump, rank 5: collective 42 () started") == NULL)
			continue;
		found = 1;
		CHECK(strstr(ev->text, "script") == NULL);
	}
	CHECK(found);
	analysis_free(an);
}
