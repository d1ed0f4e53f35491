/*
 * test_stall: the collective timeouts folded per rank (analyze/stall.c)
 * on real watchdog lines from public issues (the scenarios' logs, read
 * as bare pasted logs): the rank behind, the desync, the rank that never
 * reported and its inferred node, the count, the next action of an
 * inconclusive verdict, and the JSON round trip.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "harness.h"

#define SC	"fixtures/scenarios/"

static struct analysis *
run1(const char *rel)
{
	struct analyze_opts	 o = { 0 };
	struct analysis		*an = NULL;
	struct err		 e = { 0 };
	const char		*in[1];

	in[0] = test_src(rel);
	o.inputs = in;
	o.ninputs = 1;
	o.jobs = 1;
	if (analysis_run(&o, &an, &e) != ERR_OK)
		test_fail(__FILE__, __LINE__, "analysis_run %s: %s", rel,
		    e.msg);
	return an;
}

static const struct stall_rank *
stalled(const struct collective_q *c, int rank)
{
	for (size_t i = 0; c != NULL && i < c->nstalled; i++)
		if (c->stalled[i].rank == rank)
			return &c->stalled[i];
	return NULL;
}

/* pytorch/pytorch#118369: rank 0 times out in 96117-96125 (four lines),
 * rank 7 in 64088: rank 7 is behind; five lines fold into one count. */
DEFINE_TEST(test_stall_rank_behind)
{
	struct analysis			*an;
	const struct collective_q	*c;
	const struct stall_rank		*r;

	if ((an = run1(SC "not_oom_other-fires-nccl-rank-behind/logs/"
	    "slurm-7.out")) == NULL)
		return;
	c = an->collective;
	CHECK(c != NULL);
	if (c == NULL)
		goto out;
	CHECK_EQ_INT(c->timeouts, 5);
	CHECK_EQ_INT(c->ranks, 2);
	CHECK_EQ_INT(c->world, 8);
	CHECK_EQ_INT(c->seqnum, 96117);
	CHECK_EQ_STR(c->optype, "ALLREDUCE");
	CHECK((r = stalled(c, 7)) != NULL);
	if (r != NULL) {
		CHECK_EQ_STR(r->state, "behind");
		CHECK_EQ_INT(r->seqnum, 64088);
		CHECK(r->evidence != NULL && r->evidence->line == 5);
	}
	CHECK(c->nstalled > 0 && c->stalled[0].rank == 7);
	CHECK(stalled(c, 0) == NULL);
	CHECK((r = stalled(c, 3)) != NULL &&
	    strcmp(r->state, "never_reported") == 0 && r->evidence == NULL);
	CHECK(strstr(c->summary, "per process group") != NULL);
	/* Nothing failed before the timeouts: the hang is the failure
	 * (R-OTHER-028), and its next action starts at the rank behind. */
	CHECK_EQ_STR(an->verdict.rule, "R-OTHER-028");
	CHECK_EQ_STR(an->verdict.confidence, "low");
	CHECK(strncmp(an->verdict.next_action, "Start where the collective "
	    "stalled: rank 7 is still in collective 64088", 69) == 0);
out:
	analysis_free(an);
}

/* NVIDIA/nccl#1409: rank 7 BROADCAST and rank 3 ALLREDUCE at the same
 * sequence number: a desync; rank 7's progress line gives its last
 * enqueued and completed work. */
DEFINE_TEST(test_stall_desync)
{
	struct analysis			*an;
	const struct collective_q	*c;
	const struct stall_rank		*r;

	if ((an = run1(SC "not_oom_other-fires-nccl-desync/logs/"
	    "slurm-7.out")) == NULL)
		return;
	c = an->collective;
	CHECK(c != NULL);
	if (c == NULL)
		goto out;
	CHECK_EQ_INT(c->timeouts, 2);
	CHECK_EQ_INT(c->seqnum, 80078);
	CHECK((r = stalled(c, 7)) != NULL);
	if (r != NULL) {
		CHECK_EQ_STR(r->state, "other_collective");
		CHECK_EQ_STR(r->optype, "BROADCAST");
		CHECK_EQ_INT(r->numel_in, 5056);
		CHECK_EQ_INT(r->last_enqueued, 80078);
		CHECK_EQ_INT(r->last_completed, 80077);
	}
	CHECK(stalled(c, 3) == NULL);
	CHECK(strstr(c->summary, "desync") != NULL);
	CHECK(strstr(c->summary, "; ranks 4-6 printed no watchdog line") !=
	    NULL);
out:
	analysis_free(an);
}

/* XPixelGroup/BasicSR#737 without rank 1's lines: rank 1 never
 * reported (no node as a bare log: the golden scenario, a bundle of
 * node vm, shows the inferred node); the collective survives the JSON
 * round trip. */
DEFINE_TEST(test_stall_silent_rank)
{
	struct analysis			*an, *back = NULL;
	const struct collective_q	*c;
	const struct stall_rank		*r;
	char				*json = NULL;
	size_t				 jn = 0;
	FILE				*fp;
	struct err			 e = { 0 };

	if ((an = run1(SC "not_oom_other-fires-nccl-rank-silent/logs/"
	    "slurm-7.out")) == NULL)
		return;
	c = an->collective;
	CHECK(c != NULL);
	if (c == NULL)
		goto out;
	CHECK_EQ_INT(c->ranks, 2);
	CHECK_EQ_INT(c->seqnum, 808);
	CHECK_EQ_INT(c->numel_in, 9801523);
	CHECK_EQ_U64(c->nstalled, 1);
	CHECK((r = stalled(c, 1)) != NULL);
	if (r != NULL) {
		CHECK_EQ_STR(r->state, "never_reported");
		CHECK(r->node == NULL && !r->node_inferred);
	}
	CHECK(stalled(c, 0) == NULL);	/* enqueued 811 >= 808 */
	CHECK(c->evidence.n == 1);

	CHECK((fp = open_memstream(&json, &jn)) != NULL);
	if (fp == NULL)
		goto out;
	CHECK(model_to_json(an, fp, &e) == ERR_OK);
	fclose(fp);
	CHECK(model_from_json(json, jn, &back, &e) == ERR_OK);
	c = back != NULL ? back->collective : NULL;
	CHECK(c != NULL);
	if (c != NULL) {
		CHECK_EQ_INT(c->seqnum, 808);
		CHECK_EQ_U64(c->nstalled, 1);
		CHECK(c->nstalled == 1 && c->stalled[0].rank == 1 &&
		    strcmp(c->stalled[0].state, "never_reported") == 0 &&
		    c->stalled[0].evidence == NULL);
		CHECK_EQ_STR(c->summary, an->collective->summary);
	}
	free(json);
	analysis_free(back);
out:
	analysis_free(an);
}

/* A job without collective timeouts has no collective section. */
DEFINE_TEST(test_stall_absent)
{
	struct analysis	*an;

	if ((an = run1(SC "xid_fault-fires-xid31-illegal-access/logs/"
	    "slurm-7.out")) == NULL)
		return;
	CHECK(an->collective == NULL);
	analysis_free(an);
}
