/*
 * stall: the rank that stalled a collective (issue 18 §2). Every rank's
 * ProcessGroupNCCL watchdog reports the collective it timed out in
 * (SeqNum, OpType, NumelIn) and, from PyTorch 2.3 on, its last enqueued
 * and last completed work. When one rank never arrives, every other rank
 * times out in the same collective and prints the same lines: thousands
 * of identical timeouts that say nothing about where to look. Folded per
 * rank, they do: the rank that never reported, the rank still in an
 * earlier collective or that never enqueued this one, or the ranks that
 * called another collective at the same sequence number (a desync). The
 * result is an->collective (JSON "collective"), and for a verdict that
 * has nothing but the timeouts, the place to look in its next action.
 *
 * Sequence numbers count per process group; lines that do not name the
 * group are compared as one group, and the summary says so when a rank's
 * number is far from the others'.
 *
 * A rank's Flight Recorder dump (flight_recorder.c: EV_FLIGHT_RECORDER,
 * its first collective not completed and its last enqueued and completed
 * ones) folds into the same record: it names the rank behind the others
 * when no watchdog line was kept, or confirms the lines when both are
 * there (a rank's watchdog line, which is what timed out, wins where the
 * two differ). The dump's "nccl:all_reduce" and the watchdog's ALLREDUCE
 * are compared as the same collective.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rule_kit.h"
#include "rules.h"

#define STALL_RANKS	4096	/* ranks tracked (0 .. 4095) */
#define STALL_NAMED	16	/* stalled ranks listed */

/* One rank's watchdog lines folded; -1 unknown. */
struct rank_rec {
	int			 rank;
	int64_t			 seq;	/* oldest timed-out work */
	struct str		 optype;
	int64_t			 numel;
	int64_t			 timeout_ms;
	int64_t			 enq, comp;	/* last enqueued, completed */
	const char		*node;
	const struct event	*ev;	/* its timeout (or progress) line */
};

/* The record of rank (below STALL_RANKS; larger ranks are not tracked),
 * made on first sight; idx maps a rank to its place in v. */
static struct rank_rec *
rec_of(struct rank_rec *v, int *idx, size_t *n, int rank)
{
	if (rank < 0 || rank >= STALL_RANKS)
		return NULL;
	if (idx[rank] < 0) {
		v[*n] = (struct rank_rec){ .rank = rank, .seq = -1,
		    .numel = -1, .timeout_ms = -1, .enq = -1, .comp = -1 };
		idx[rank] = (int)(*n)++;
	}
	return &v[idx[rank]];
}

static int
is_progress(const struct event *ev)
{
	return ev->kind == EV_NCCL_ERROR && ev->sig != NULL &&
	    strcmp(ev->sig, "S-NCCL-WATCHDOG-EXCEPTION") == 0;
}

/* Folds one watchdog line (or Flight Recorder dump) into its rank's
 * record. */
static void
take(struct rank_rec *r, const struct event *ev)
{
	int64_t	seq = ev_num_or(ev, "seqnum", -1), v;

	if (r->node == NULL)
		r->node = ev->node;
	if (ev->kind == EV_FLIGHT_RECORDER && seq >= 0 && (r->ev == NULL ||
	    r->ev->kind != EV_NCCL_TIMEOUT)) {
		r->seq = seq;
		r->optype = ev_str(ev, "optype");
		r->numel = ev_num_or(ev, "numel_in", -1);
		r->timeout_ms = ev_num_or(ev, "timeout_ms", -1);
		r->ev = ev;
	}
	if (ev->kind == EV_NCCL_TIMEOUT) {
		if (seq >= 0 && (r->seq < 0 || seq < r->seq ||
		    r->ev == NULL || r->ev->kind != EV_NCCL_TIMEOUT)) {
			r->seq = seq;
			r->optype = ev_str(ev, "optype");
			r->numel = ev_num_or(ev, "numel_in", -1);
			r->timeout_ms = ev_num_or(ev, "timeout_ms", -1);
			r->ev = ev;
		} else if (r->ev == NULL)
			r->ev = ev;
		return;
	}
	if ((v = ev_num_or(ev, "last_enqueued", -1)) > r->enq)
		r->enq = v;
	if ((v = ev_num_or(ev, "last_completed", -1)) > r->comp)
		r->comp = v;
	if (r->seq < 0 && seq >= 0)
		r->seq = seq;
	if (r->ev == NULL)
		r->ev = ev;
}

static int
rec_cmp(const void *a, const void *b)
{
	const struct rank_rec	*x = a, *y = b;

	return (x->rank > y->rank) - (x->rank < y->rank);
}

/* The sequence number most ranks timed out in; on a tie the largest:
 * ranks still in an earlier collective are the ones behind. */
static int64_t
mode_seq(const struct rank_rec *v, size_t n, size_t *count)
{
	int64_t	best = -1;
	size_t	bestn = 0;

	for (size_t i = 0; i < n; i++) {
		size_t	c = 0;

		if (v[i].seq < 0)
			continue;
		for (size_t j = 0; j < n; j++)
			c += v[j].seq == v[i].seq;
		if (c > bestn || (c == bestn && v[i].seq > best)) {
			best = v[i].seq;
			bestn = c;
		}
	}
	*count = bestn;
	return best;
}

/* A collective's name without "nccl:", case and underscores:
 * "nccl:all_reduce" and ALLREDUCE are one. */
static struct str
op_core(struct str s)
{
	if (s.n >= 5 && strncasecmp(s.p, "nccl:", 5) == 0)
		s = str_make(s.p + 5, s.n - 5);
	return s;
}

static int
same(struct str a, struct str b)
{
	size_t	i = 0, j = 0;

	a = op_core(a);
	b = op_core(b);
	for (;;) {
		while (i < a.n && a.p[i] == '_')
			i++;
		while (j < b.n && b.p[j] == '_')
			j++;
		if (i == a.n || j == b.n)
			return i == a.n && j == b.n;
		if (toupper((unsigned char)a.p[i++]) !=
		    toupper((unsigned char)b.p[j++]))
			return 0;
	}
}

/* The OpType most ranks at seq called (its count in *count). */
static struct str
mode_op(const struct rank_rec *v, size_t n, int64_t seq, size_t *count)
{
	struct str	best = { NULL, 0 };
	size_t		bestn = 0;

	for (size_t i = 0; i < n; i++) {
		size_t	c = 0;

		if (v[i].seq != seq || v[i].optype.n == 0)
			continue;
		for (size_t j = 0; j < n; j++)
			c += v[j].seq == seq && same(v[j].optype, v[i].optype);
		if (c > bestn) {
			best = v[i].optype;
			bestn = c;
		}
	}
	*count = bestn;
	return best;
}

/* The node a rank that never reported probably ran on: that of both its
 * neighbours when they ran on the same node (ranks are placed in blocks
 * per node by srun and torchrun alike). */
static const char *
neighbours_node(const struct rank_rec *v, size_t n, int rank)
{
	const char	*lo = NULL, *hi = NULL;

	for (size_t i = 0; i < n; i++) {
		if (v[i].rank == rank - 1)
			lo = v[i].node;
		if (v[i].rank == rank + 1)
			hi = v[i].node;
	}
	return lo != NULL && hi != NULL && strcmp(lo, hi) == 0 ? lo : NULL;
}

static struct stall_rank *
add_stalled(struct collective_q *c, struct arena *a, const struct facts *f,
    const struct rank_rec *r, int rank, const char *state)
{
	struct stall_rank	*s;

	if (c->nstalled >= STALL_NAMED) {
		c->more_stalled++;
		return NULL;
	}
	s = &c->stalled[c->nstalled++];
	memset(s, 0, sizeof(*s));
	s->rank = rank;
	s->state = state;
	s->seqnum = s->last_enqueued = s->last_completed = s->numel_in = -1;
	if (r == NULL)
		return s;
	s->node = r->node != NULL ? arena_strdup(a, r->node) : NULL;
	s->seqnum = r->seq;
	s->optype = r->optype.n > 0 ? arena_strndup(a, r->optype.p,
	    r->optype.n) : NULL;
	s->numel_in = r->numel;
	s->last_enqueued = r->enq;
	s->last_completed = r->comp;
	s->evidence = kit_evidence_of(f, a, r->ev);
	return s;
}

/* "rank 3 on node2", "rank 3" */
static const char *
who(struct arena *a, const struct stall_rank *s)
{
	return arena_printf(a, "rank %d%s%s%s", s->rank,
	    s->node != NULL ? " on " : "", s->node != NULL ? s->node : "",
	    s->node_inferred ? " (where its neighbouring ranks ran)" : "");
}

static const char *
describe(struct arena *a, const struct collective_q *c,
    const struct stall_rank *s)
{
	if (strcmp(s->state, "never_reported") == 0)
		return arena_printf(a, "%s printed no watchdog line",
		    who(a, s));
	if (strcmp(s->state, "not_enqueued") == 0)
		return arena_printf(a, "%s never enqueued collective %" PRId64
		    " (its last enqueued work is %" PRId64 ")", who(a, s),
		    c->seqnum, s->last_enqueued);
	if (strcmp(s->state, "behind") == 0)
		return arena_printf(a, "%s is still in collective %" PRId64
		    "%s%s%s", who(a, s), s->seqnum, s->optype != NULL ? " (" :
		    "", s->optype != NULL ? s->optype : "",
		    s->optype != NULL ? ")" : "");
	if (strcmp(s->state, "ahead") == 0)
		return arena_printf(a, "%s timed out in a later collective, %"
		    PRId64, who(a, s), s->seqnum);
	return arena_printf(a, "%s called %s%s where %s called %s at the "
	    "same sequence number", who(a, s),
	    s->optype != NULL ? s->optype : "another collective",
	    s->numel_in >= 0 ? arena_printf(a, " (%" PRId64 " elements)",
	    s->numel_in) : "", c->ranks > 2 ? "the others" : "the other rank",
	    c->optype != NULL ? c->optype : "another");
}

/* "ranks 0-2, 4 and 6 printed no watchdog line" for the ranks that
 * never reported and whose node is unknown (in runs); NULL if none. */
static const char *
silent_ranks(struct arena *a, const struct collective_q *c)
{
	const char	*out = NULL;
	size_t		 k = 0, runs = 0;
	int		 total = 0;

	for (size_t i = 0; i < c->nstalled; i = k) {
		const struct stall_rank	*s = &c->stalled[i];
		int			 last;

		k = i + 1;
		if (strcmp(s->state, "never_reported") != 0 || s->node != NULL)
			continue;
		last = s->rank;
		while (k < c->nstalled && strcmp(c->stalled[k].state,
		    "never_reported") == 0 && c->stalled[k].node == NULL &&
		    c->stalled[k].rank == last + 1)
			last = c->stalled[k++].rank;
		total += last - s->rank + 1;
		runs++;
		out = arena_printf(a, "%s%s%d%s", out != NULL ? out : "",
		    out != NULL ? ", " : "", s->rank, last > s->rank ?
		    arena_printf(a, "-%d", last) : "");
	}
	if (out == NULL)
		return NULL;
	(void)runs;
	return arena_printf(a, "rank%s %s printed no watchdog line",
	    total > 1 ? "s" : "", out);
}

static void
summarize(struct arena *a, struct collective_q *c, struct str op,
    int64_t spread)
{
	const char	*s, *list = "", *silent;

	if (c->timeouts > 0)
		s = arena_printf(a, "%" PRId64 " collective timeout%s from %"
		    PRId64 " rank%s", c->timeouts, c->timeouts == 1 ? "" : "s",
		    c->ranks, c->ranks == 1 ? "" : "s");
	else
		s = arena_printf(a, "No watchdog timeout line; Flight "
		    "Recorder dumps of %" PRId64 " rank%s", c->ranks,
		    c->ranks == 1 ? "" : "s");
	if (c->timeouts > 0 && c->flight_recorder_ranks > 0)
		s = arena_printf(a, "%s, and Flight Recorder dumps of %"
		    PRId64 " rank%s", s, c->flight_recorder_ranks,
		    c->flight_recorder_ranks == 1 ? "" : "s");
	if (c->seqnum >= 0)
		s = arena_printf(a, "%s; %s in collective %" PRId64
		    "%s%.*s%s%s", s, c->ranks == 1 ? "it waits" : "they wait",
		    c->seqnum, op.n > 0 ? " (" : "",
		    (int)op.n, op.p, c->numel_in >= 0 ? arena_printf(a,
		    ", %" PRId64 " elements", c->numel_in) : "",
		    op.n > 0 ? ")" : "");
	for (size_t i = 0; i < c->nstalled; i++)
		if (strcmp(c->stalled[i].state, "never_reported") != 0 ||
		    c->stalled[i].node != NULL)
			list = arena_printf(a, "%s%s%s", list, *list != '\0' ?
			    "; " : "", describe(a, c, &c->stalled[i]));
	if ((silent = silent_ranks(a, c)) != NULL)
		list = arena_printf(a, "%s%s%s", list, *list != '\0' ? "; " :
		    "", silent);
	if (c->more_stalled > 0)
		list = arena_printf(a, "%s; and %zu more", list,
		    c->more_stalled);
	if (c->nstalled > 0)
		s = arena_printf(a, "%s. Look first at the rank%s behind the "
		    "others: %s.", s, c->nstalled + c->more_stalled > 1 ? "s" :
		    "", list);
	else
		s = arena_printf(a, "%s. Every reporting rank waits in the "
		    "same collective: the rank that stalled it printed no "
		    "timeout (find the rank missing from the list, or the "
		    "node whose log is not in the input).", s);
	for (size_t i = 0; i < c->nstalled; i++)
		if (strcmp(c->stalled[i].state, "other_collective") == 0) {
			s = arena_printf(a, "%s The ranks disagree on which "
			    "collective comes next: a desync (the ranks took "
			    "different code paths), not a slow rank.", s);
			break;
		}
	if (spread > 1000)
		s = arena_printf(a, "%s Sequence numbers count per process "
		    "group: ranks far apart may be in different groups.", s);
	c->summary = s;
}

/* Whether the verdict's initiating event is a collective that stalled. */
static int
initiated_by_stall(const struct verdict *v)
{
	const char	*k = v->initiating != NULL ? v->initiating->kind : NULL;

	return k != NULL && (strcmp(k, ev_kind_name(EV_NCCL_TIMEOUT)) == 0 ||
	    strcmp(k, ev_kind_name(EV_FLIGHT_RECORDER)) == 0);
}

/*
 * Fills an->collective from the job's watchdog lines; NULL when the job
 * has no collective timeout.
 */
void
stall_view(const struct facts *f, struct analysis *an)
{
	struct arena		*a = an->arena;
	struct rank_rec		*v;
	int			*idx;
	struct collective_q	*c;
	struct str		 op = { NULL, 0 };
	size_t			 n = 0, cnt = 0, opn = 0;
	int64_t			 timeouts = 0, lo = -1, hi = -1, frs = 0;
	int64_t			 frpend = 0;
	int			 maxrank = -1;

	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];

		if (facts_foreign(f, ev))
			continue;
		/* a watchdog line, not the frame of its stack */
		timeouts += ev->kind == EV_NCCL_TIMEOUT &&
		    ev_field(ev, "optype") != NULL;
		if (ev->kind == EV_FLIGHT_RECORDER && ev->rank >= 0) {
			frs++;
			frpend += ev_num_or(ev, "seqnum", -1) >= 0;
		}
	}
	/* Dumps where nothing is pending stalled nothing. */
	if ((timeouts == 0 && frpend == 0) ||
	    (v = calloc(STALL_RANKS, sizeof(*v))) == NULL)
		return;
	if ((idx = malloc(STALL_RANKS * sizeof(*idx))) == NULL) {
		free(v);
		return;
	}
	for (int r = 0; r < STALL_RANKS; r++)
		idx[r] = -1;
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];
		struct rank_rec		*r;

		if ((ev->kind != EV_NCCL_TIMEOUT && !is_progress(ev) &&
		    ev->kind != EV_FLIGHT_RECORDER) ||
		    ev->rank < 0 || facts_foreign(f, ev) ||
		    (r = rec_of(v, idx, &n, ev->rank)) == NULL)
			continue;
		take(r, ev);
	}
	qsort(v, n, sizeof(*v), rec_cmp);
	if ((c = arena_zalloc(a, sizeof(*c))) == NULL ||
	    (c->stalled = arena_zalloc(a, STALL_NAMED *
	    sizeof(*c->stalled))) == NULL)
		goto out;
	c->timeouts = timeouts;
	c->flight_recorder_ranks = frs;
	c->ranks = (int64_t)n;
	c->seqnum = mode_seq(v, n, &cnt);
	c->numel_in = c->timeout_ms = -1;
	if (c->seqnum >= 0)
		op = mode_op(v, n, c->seqnum, &opn);
	c->optype = op.n > 0 ? arena_strndup(a, op.p, op.n) : NULL;
	for (size_t i = 0; i < n; i++) {
		if (v[i].rank > maxrank)
			maxrank = v[i].rank;
		if (v[i].seq >= 0 && (lo < 0 || v[i].seq < lo))
			lo = v[i].seq;
		if (v[i].seq > hi)
			hi = v[i].seq;
		if (v[i].seq == c->seqnum && same(v[i].optype, op) &&
		    c->numel_in < 0) {
			c->numel_in = v[i].numel;
			c->timeout_ms = v[i].timeout_ms;
			if (v[i].ev != NULL && c->evidence.n == 0 &&
			    (c->evidence.v = kit_evidence_of(f, a,
			    v[i].ev)) != NULL)
				c->evidence.n = 1;
		}
	}
	c->world = n >= 2 ? maxrank + 1 : -1;

	for (size_t i = 0; c->seqnum >= 0 && n >= 2 && i < n; i++) {
		const struct rank_rec	*r = &v[i];

		if (r->seq >= 0 && r->seq < c->seqnum)
			add_stalled(c, a, f, r, r->rank, "behind");
		else if (r->enq >= 0 && r->enq < c->seqnum)
			add_stalled(c, a, f, r, r->rank, "not_enqueued");
		else if (r->seq == c->seqnum && op.n > 0 &&
		    r->optype.n > 0 && !same(r->optype, op))
			add_stalled(c, a, f, r, r->rank, "other_collective");
		else if (r->seq > c->seqnum && cnt > 1)
			add_stalled(c, a, f, r, r->rank, "ahead");
	}
	/* Ranks between the lowest and the highest that reported but that
	 * printed nothing (ranks outside that span are more likely on a node
	 * whose log is not in the input than silent). */
	for (int r = n > 0 ? v[0].rank : 0, j = 0; n >= 2 && r <= maxrank;
	    r++) {
		struct stall_rank	*s;

		while ((size_t)j < n && v[j].rank < r)
			j++;
		if ((size_t)j < n && v[j].rank == r)
			continue;
		const char		*nb = neighbours_node(v, n, r);

		/* Event strings live in the inputs: copy what is kept. */
		if ((s = add_stalled(c, a, f, NULL, r, "never_reported")) !=
		    NULL && nb != NULL &&
		    (s->node = arena_strdup(a, nb)) != NULL)
			s->node_inferred = 1;
	}
	summarize(a, c, op, lo >= 0 ? hi - lo : 0);
	an->collective = c;
	/* A verdict that has nothing but the stall (inconclusive, or one
	 * whose initiating event is the stall itself) starts where it
	 * stalled. */
	if (c->nstalled > 0 && an->verdict.cause != NULL &&
	    (strcmp(an->verdict.cause, "inconclusive") == 0 ||
	    initiated_by_stall(&an->verdict)))
		an->verdict.next_action = arena_printf(a, "Start where the "
		    "collective stalled: %s. Then: %s", describe(a, c,
		    &c->stalled[0]), an->verdict.next_action != NULL ?
		    an->verdict.next_action : "");
out:
	free(idx);
	free(v);
}

/*
 * Whether two ranks timed out (or their Flight Recorder dumps wait) at
 * one sequence number in different collectives (a desync: the program
 * called different collectives on different ranks). Bounded: the first collective seen at each of
 * DESYNC_SLOTS sequence numbers (by seq modulo the slots) is kept.
 */
#define DESYNC_SLOTS	512

int
stall_desync(const struct facts *f)
{
	struct {
		int64_t		seq;
		struct str	op;
	} slot[DESYNC_SLOTS];

	for (size_t i = 0; i < DESYNC_SLOTS; i++)
		slot[i].seq = -1;
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];
		int64_t			 seq = ev_num_or(ev, "seqnum", -1);
		struct str		 op = ev_str(ev, "optype");

		if ((ev->kind != EV_NCCL_TIMEOUT &&
		    ev->kind != EV_FLIGHT_RECORDER) || seq < 0 || op.n == 0 ||
		    facts_foreign(f, ev))
			continue;
		size_t	k = (size_t)(seq % DESYNC_SLOTS);

		if (slot[k].seq == seq && !same(slot[k].op, op))
			return 1;
		if (slot[k].seq != seq) {
			slot[k].seq = seq;
			slot[k].op = op;
		}
	}
	return 0;
}
