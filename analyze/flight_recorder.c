/*
 * flight_recorder: a PyTorch Flight Recorder dump (issue 18 §2) as an
 * input's member.
 *
 * With TORCH_NCCL_TRACE_BUFFER_SIZE set, ProcessGroupNCCL keeps a ring
 * of its last collectives, and with TORCH_NCCL_DUMP_ON_TIMEOUT=1 each
 * rank writes it when the watchdog fires: one pickle per rank, named
 * TORCH_NCCL_DEBUG_INFO_TEMP_FILE (default /tmp/nccl_trace_rank_) plus
 * the rank. The dump is a dict (FlightRecorder's dump_dict in PyTorch's
 * torch/csrc/distributed/c10d): "version", "pg_config" (per process
 * group: name, desc, ranks), "pg_status" (per group id: the last
 * enqueued, started and completed collective), "entries" (record_id,
 * pg_id, process_group, collective_seq_id, p2p_seq_id, op_id,
 * profiling_name such as "nccl:all_reduce", time_created_ns,
 * input_sizes, state scheduled / started / completed, timeout_ms,
 * is_p2p, frames ...). The rank is in the file's name only.
 *
 * The pickle is read by the same safe reader as an allocator snapshot
 * (parse_torch.c tries it first): nothing is imported or called. Each
 * dump gives one EV_FLIGHT_RECORDER event for its rank with the numbers
 * stall.c folds beside the watchdog's lines: the first collective of the
 * group that has not completed (seqnum, optype, numel_in, timeout_ms,
 * state), and the group's last enqueued, started and completed
 * collective. Frames, file names and thread names are not kept.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "pickle.h"

/* The rank a dump's name ends in ("attach/nccl_trace_rank_3",
 * "rank_3.pickle"); -1 when it names none. */
static int
rank_of(const char *path)
{
	const char	*b = strrchr(path, '/'), *e, *d;
	long		 r = 0;

	b = b == NULL ? path : b + 1;
	e = b + strlen(b);
	if ((d = strrchr(b, '.')) != NULL && d > b && !isdigit(
	    (unsigned char)d[1]))
		e = d;
	for (d = e; d > b && isdigit((unsigned char)d[-1]); d--)
		;
	if (d == e || e - d > 7)
		return -1;
	for (; d < e; d++)
		r = r * 10 + (*d - '0');
	return (int)r;
}

/* Is this tree a Flight Recorder dump? */
int
fr_is_dump(const struct pk_node *root)
{
	const struct pk_node	*v = pk_get(root, "version");

	return v != NULL && v->type == PK_STR &&
	    (pk_get(root, "entries") != NULL ||
	    pk_get(root, "pg_status") != NULL) &&
	    pk_get(root, "pg_config") != NULL;
}

static int64_t
int_or(const struct pk_node *d, const char *k, int64_t dflt)
{
	int64_t	v;

	return pk_int(pk_get(d, k), &v) == 0 ? v : dflt;
}

/* The elements of the first input (the watchdog's NumelIn); -1. */
static int64_t
numel_of(const struct pk_node *e)
{
	const struct pk_node	*s = pk_item(pk_get(e, "input_sizes"), 0);
	int64_t			 n = 1, d;

	if (s == NULL)
		return -1;
	for (size_t i = 0; i < pk_len(s); i++) {
		if (pk_int(pk_item(s, i), &d) != 0 || d < 0)
			return -1;
		if (d != 0 && n > INT64_MAX / d)
			return -1;
		n *= d;
	}
	return n;
}

/* The group's id as pg_status keys it ("0"), from an entry's pg_id. */
static const struct pk_node *
status_of(const struct pk_node *root, int64_t pg)
{
	char	key[24];

	snprintf(key, sizeof(key), "%" PRId64, pg);
	return pk_get(pk_get(root, "pg_status"), key);
}

/* The first collective (not p2p) that has not completed, else NULL;
 * its group in *pg (else the group of the last entry). */
static const struct pk_node *
pending(const struct pk_node *entries, int64_t *pg)
{
	size_t	n = pk_len(entries);

	*pg = n > 0 ? int_or(pk_item(entries, n - 1), "pg_id", 0) : 0;
	for (size_t i = 0; i < n; i++) {
		const struct pk_node *e = pk_item(entries, i);
		const struct pk_node *p2p = pk_get(e, "is_p2p");

		if (p2p != NULL && p2p->type == PK_BOOL && p2p->u.i)
			continue;
		if (pk_str_is(pk_get(e, "state"), "completed"))
			continue;
		if (int_or(e, "collective_seq_id", -1) < 0)
			continue;
		*pg = int_or(e, "pg_id", 0);
		return e;
	}
	return NULL;
}

/* The last collective seq an entry of group pg reached in state (or
 * any state when NULL); -1. */
static int64_t
last_seq(const struct pk_node *entries, int64_t pg, const char *state)
{
	int64_t	best = -1, s;

	for (size_t i = 0; i < pk_len(entries); i++) {
		const struct pk_node *e = pk_item(entries, i);

		if (int_or(e, "pg_id", 0) != pg || (state != NULL &&
		    !pk_str_is(pk_get(e, "state"), state)))
			continue;
		if ((s = int_or(e, "collective_seq_id", -1)) > best)
			best = s;
	}
	return best;
}

static int
set_fields(struct event *ev, struct arena *a, const struct pk_node *root,
    const struct pk_node *e, int64_t pg)
{
	const struct pk_node	*ents = pk_get(root, "entries");
	const struct pk_node	*st = status_of(root, pg), *nm;
	int			 rc = 0;

	rc |= ev_set_num(ev, a, "pg_id", pg);
	rc |= ev_set_num(ev, a, "entries", (int64_t)pk_len(ents));
	rc |= ev_set_num(ev, a, "last_enqueued", int_or(st,
	    "last_enqueued_collective", last_seq(ents, pg, NULL)));
	rc |= ev_set_num(ev, a, "last_started", int_or(st,
	    "last_started_collective", -1));
	rc |= ev_set_num(ev, a, "last_completed", int_or(st,
	    "last_completed_collective", last_seq(ents, pg, "completed")));
	if (e == NULL)
		return rc;
	rc |= ev_set_num(ev, a, "seqnum", int_or(e, "collective_seq_id", -1));
	rc |= ev_set_num(ev, a, "numel_in", numel_of(e));
	rc |= ev_set_num(ev, a, "timeout_ms", int_or(e, "timeout_ms", -1));
	if ((nm = pk_get(e, "profiling_name")) != NULL && nm->type == PK_STR)
		rc |= ev_set_strdup(ev, a, "optype", str_make(nm->u.s, nm->n));
	if ((nm = pk_get(e, "state")) != NULL && nm->type == PK_STR)
		rc |= ev_set_strdup(ev, a, "state", str_make(nm->u.s, nm->n));
	return rc;
}

/*
 * One EV_FLIGHT_RECORDER for the dump in root (a tree that fr_is_dump
 * accepted), read from path. The tree's strings are copied: it dies
 * after this call.
 */
enum err_code
input_flight(struct input *in, int file_id, const char *path,
    const struct pk_node *root, struct err *e)
{
	struct arena		*a = in->arena;
	const struct pk_node	*ent, *ents = pk_get(root, "entries");
	struct event		*ev;
	struct str		 op;
	int64_t			 pg;
	int			 rank = rank_of(path);
	char			*t;

	if (rank < 0)
		input_add_note(in, "%s: a Flight Recorder dump whose name "
		    "ends in no rank (dumps are named <prefix><rank>): read, "
		    "but it cannot name a rank", path);
	ent = pending(ents, &pg);
	if ((ev = evlist_add(&in->ev, a, EV_FLIGHT_RECORDER)) == NULL)
		return ERR(e, ERR_NOMEM, "%s", path);
	ev->sig = "torch.flight_recorder";
	ev->ref = (struct evref){ file_id, 0, 0, 0 };
	ev->node = in->node;
	ev->rank = rank;
	if (set_fields(ev, a, root, ent, pg) != 0)
		return ERR(e, ERR_NOMEM, "%s", path);
	op = ev_str(ev, "optype");
	/* No line to quote in a pickle: the cited text is our summary. */
	if (ent != NULL)
		t = arena_printf(a, "Flight Recorder dump, rank %d: collective "
		    "%" PRId64 " (%.*s) %.*s, not completed; last enqueued %"
		    PRId64 ", last completed %" PRId64 " (process group %"
		    PRId64 ")", rank, ev_num_or(ev, "seqnum", -1), (int)op.n,
		    op.p != NULL ? op.p : "", (int)ev_str(ev, "state").n,
		    ev_str(ev, "state").p != NULL ? ev_str(ev, "state").p : "",
		    ev_num_or(ev, "last_enqueued", -1),
		    ev_num_or(ev, "last_completed", -1), pg);
	else
		t = arena_printf(a, "Flight Recorder dump, rank %d: every "
		    "collective recorded completed; last enqueued %" PRId64
		    ", last completed %" PRId64 " (process group %" PRId64 ")",
		    rank, ev_num_or(ev, "last_enqueued", -1),
		    ev_num_or(ev, "last_completed", -1), pg);
	if (t == NULL)
		return ERR(e, ERR_NOMEM, "%s", path);
	ev->text = str_cstr(t);
	return ERR_OK;
}
