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

#include <jansson.h>

#include "fr_snap.h"
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

/* One EV_FLIGHT_RECORDER for a dump's numbers (from its pickle or from
 * the summary redaction keeps), read from path (the dump's own name). */
static enum err_code
fr_event(struct input *in, int file_id, const char *path,
    const struct fr_snap *s, struct err *e)
{
	struct arena	*a = in->arena;
	struct event	*ev;
	int		 rank = rank_of(path), rc = 0;
	char		*t;

	if (rank < 0)
		input_add_note(in, "%s: a Flight Recorder dump whose name "
		    "ends in no rank (dumps are named <prefix><rank>): read, "
		    "but it cannot name a rank", path);
	if ((ev = evlist_add(&in->ev, a, EV_FLIGHT_RECORDER)) == NULL)
		return ERR(e, ERR_NOMEM, "%s", path);
	ev->sig = "torch.flight_recorder";
	ev->ref = (struct evref){ file_id, 0, 0, 0 };
	ev->node = in->node;
	ev->rank = rank;
	rc |= ev_set_num(ev, a, "pg_id", s->pg_id);
	rc |= ev_set_num(ev, a, "entries", s->entries);
	rc |= ev_set_num(ev, a, "last_enqueued", s->last_enqueued);
	rc |= ev_set_num(ev, a, "last_started", s->last_started);
	rc |= ev_set_num(ev, a, "last_completed", s->last_completed);
	if (s->pending) {
		rc |= ev_set_num(ev, a, "seqnum", s->seqnum);
		rc |= ev_set_num(ev, a, "numel_in", s->numel_in);
		rc |= ev_set_num(ev, a, "timeout_ms", s->timeout_ms);
		if (s->optype[0] != '\0')
			rc |= ev_set_strdup(ev, a, "optype",
			    str_cstr(s->optype));
		if (s->state[0] != '\0')
			rc |= ev_set_strdup(ev, a, "state", str_cstr(s->state));
	}
	if (rc != 0)
		return ERR(e, ERR_NOMEM, "%s", path);
	/* No line to quote in a pickle: the cited text is our summary. */
	if (s->pending)
		t = arena_printf(a, "Flight Recorder dump, rank %d: collective "
		    "%" PRId64 " (%s) %s, not completed; last enqueued %"
		    PRId64 ", last completed %" PRId64 " (process group %"
		    PRId64 ")", rank, s->seqnum, s->optype, s->state,
		    s->last_enqueued, s->last_completed, s->pg_id);
	else
		t = arena_printf(a, "Flight Recorder dump, rank %d: every "
		    "collective recorded completed; last enqueued %" PRId64
		    ", last completed %" PRId64 " (process group %" PRId64 ")",
		    rank, s->last_enqueued, s->last_completed, s->pg_id);
	if (t == NULL)
		return ERR(e, ERR_NOMEM, "%s", path);
	ev->text = str_cstr(t);
	return ERR_OK;
}

/*
 * One EV_FLIGHT_RECORDER for the dump in root (a tree that fr_is_dump
 * accepted), read from path. Only numbers and checked words leave the
 * tree (fr_snap.c): it dies after this call.
 */
enum err_code
input_flight(struct input *in, int file_id, const char *path,
    const struct pk_node *root, struct err *e)
{
	struct fr_snap	s;

	fr_read(root, &s);
	return fr_event(in, file_id, path, &s, e);
}

static int64_t
jint(json_t *o, const char *k)
{
	json_t	*v = json_object_get(o, k);

	return json_is_integer(v) ? (int64_t)json_integer_value(v) : -1;
}

static void
jword(json_t *o, const char *k, char *dst, size_t max)
{
	json_t	*v = json_object_get(o, k);

	if (json_is_string(v) && fr_word_ok(json_string_value(v),
	    json_string_length(v), max))
		memcpy(dst, json_string_value(v), json_string_length(v) + 1);
}

/*
 * The summary redaction stores instead of a dump (fr_json: path is
 * "<dump>.summary.json"): the same event as the dump's own, its rank
 * from the dump's name. Numbers that are not integers read as unknown,
 * words outside [A-Za-z0-9_:.-] as absent.
 */
enum err_code
input_flight_summary(struct input *in, int file_id, const char *path,
    json_t *root, struct err *e)
{
	static const char	 sfx[] = ".summary.json";
	struct fr_snap		 s;
	json_t			*p = json_object_get(root, "pending");
	char			*dump;
	size_t			 n = strlen(path);

	memset(&s, 0, sizeof(s));
	s.pg_id = jint(root, "pg_id");
	s.entries = jint(root, "entries");
	s.last_enqueued = jint(root, "last_enqueued");
	s.last_started = jint(root, "last_started");
	s.last_completed = jint(root, "last_completed");
	s.seqnum = s.numel_in = s.timeout_ms = -1;
	if (json_is_object(p)) {
		s.pending = 1;
		s.seqnum = jint(p, "seqnum");
		s.numel_in = jint(p, "numel_in");
		s.timeout_ms = jint(p, "timeout_ms");
		jword(p, "optype", s.optype, sizeof(s.optype));
		jword(p, "state", s.state, sizeof(s.state));
	}
	if (n > sizeof(sfx) - 1 && strcmp(path + n - (sizeof(sfx) - 1),
	    sfx) == 0)
		n -= sizeof(sfx) - 1;
	if ((dump = arena_strndup(in->arena, path, n)) == NULL)
		return ERR(e, ERR_NOMEM, "%s", path);
	return fr_event(in, file_id, dump, &s, e);
}
