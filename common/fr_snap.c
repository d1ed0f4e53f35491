/*
 * fr_snap: a Flight Recorder dump's numbers (fr_snap.h). The dump is
 * FlightRecorder's dump_dict in PyTorch's torch/csrc/distributed/c10d;
 * entries carry record_id, pg_id, collective_seq_id, profiling_name,
 * input_sizes, state, timeout_ms, is_p2p and frames, and pg_status the
 * group's last enqueued, started and completed collective.
 */
#include <inttypes.h>
#include <string.h>

#include "fr_snap.h"

int
fr_is_dump(const struct pk_node *root)
{
	const struct pk_node	*v = pk_get(root, "version");

	return v != NULL && v->type == PK_STR &&
	    (pk_get(root, "entries") != NULL ||
	    pk_get(root, "pg_status") != NULL) &&
	    pk_get(root, "pg_config") != NULL;
}

int
fr_word_ok(const char *s, size_t n, size_t max)
{
	if (s == NULL || n == 0 || n >= max)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' &&
		    s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') ||
		    s[i] == '_' || s[i] == ':' || s[i] == '.' || s[i] == '-'))
			return 0;
	return 1;
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

/* The group's status, keyed by its id as text ("0"). */
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

void
fr_read(const struct pk_node *root, struct fr_snap *s)
{
	const struct pk_node	*ents = pk_get(root, "entries"), *e, *st, *nm;

	memset(s, 0, sizeof(*s));
	e = pending(ents, &s->pg_id);
	st = status_of(root, s->pg_id);
	s->entries = (int64_t)pk_len(ents);
	s->last_enqueued = int_or(st, "last_enqueued_collective",
	    last_seq(ents, s->pg_id, NULL));
	s->last_started = int_or(st, "last_started_collective", -1);
	s->last_completed = int_or(st, "last_completed_collective",
	    last_seq(ents, s->pg_id, "completed"));
	s->seqnum = s->numel_in = s->timeout_ms = -1;
	if (e == NULL)
		return;
	s->pending = 1;
	s->seqnum = int_or(e, "collective_seq_id", -1);
	s->numel_in = numel_of(e);
	s->timeout_ms = int_or(e, "timeout_ms", -1);
	if ((nm = pk_get(e, "profiling_name")) != NULL && nm->type == PK_STR &&
	    fr_word_ok(nm->u.s, nm->n, sizeof(s->optype)))
		memcpy(s->optype, nm->u.s, nm->n);
	if ((nm = pk_get(e, "state")) != NULL && nm->type == PK_STR &&
	    fr_word_ok(nm->u.s, nm->n, sizeof(s->state)))
		memcpy(s->state, nm->u.s, nm->n);
}

enum err_code
fr_json(const struct fr_snap *s, FILE *fp, struct err *e)
{
	fprintf(fp, "{\"format\":\"" FR_SUMMARY_FORMAT "\",\"version\":1,"
	    "\"pg_id\":%" PRId64 ",\"entries\":%" PRId64 ",\"last_enqueued\":%"
	    PRId64 ",\"last_started\":%" PRId64 ",\"last_completed\":%" PRId64,
	    s->pg_id, s->entries, s->last_enqueued, s->last_started,
	    s->last_completed);
	if (s->pending) {
		/* the words were checked against [A-Za-z0-9_:.-] */
		fprintf(fp, ",\"pending\":{\"seqnum\":%" PRId64 ",\"numel_in\":%"
		    PRId64 ",\"timeout_ms\":%" PRId64, s->seqnum, s->numel_in,
		    s->timeout_ms);
		if (s->optype[0] != '\0')
			fprintf(fp, ",\"optype\":\"%s\"", s->optype);
		if (s->state[0] != '\0')
			fprintf(fp, ",\"state\":\"%s\"", s->state);
		fputc('}', fp);
	}
	fputs("}\n", fp);
	if (ferror(fp))
		return ERR(e, ERR_IO, "writing the Flight Recorder summary");
	return ERR_OK;
}
