/*
 * timeline: one UTC axis for the events of every input.
 *
 * Raw parser timestamps are converted with the input's own manifest:
 * kernel monotonic time with the clock anchors sampled together at
 * collection (never guessed), naive local times with the recorded UTC
 * offset, year-less syslog times with the collection year. What cannot
 * be converted keeps its place by position: an untimed event sorts right
 * after the timed event before it in the same file. Nothing is clamped.
 *
 * Across nodes, clock skew is estimated from a shared anchor: every
 * node's first job-log line follows the job's start (sacct, one clock,
 * the controller's) by about the same delay, so a node whose delay stands
 * out from the median by more than SKEW_MIN_NS has its events shifted,
 * and the report says by how much.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "units.h"

#define NS		1000000000LL
#define SKEW_MIN_NS	(2 * NS)

int
ev_has_time(const struct event *ev)
{
	switch (ev->tsq) {
	case TSQ_EXACT:
	case TSQ_MONOTONIC_CONVERTED:
	case TSQ_LOCAL_CONVERTED:
	case TSQ_NO_YEAR:
	case TSQ_NO_TIMEZONE:
		return 1;
	default:
		return 0;
	}
}

/* Give a year-less time (placeholder year 1970) the collection year,
 * stepping back a year when that would put it after the collection. */
static int64_t
add_year(int64_t ts_ns, int64_t created_ns)
{
	time_t		 t = (time_t)(ts_ns / NS), c = (time_t)(created_ns / NS);
	struct tm	 tm, ctm;
	int64_t		 out;

	if (gmtime_r(&t, &tm) == NULL || gmtime_r(&c, &ctm) == NULL)
		return ts_ns;
	out = units_civil_to_epoch(ctm.tm_year + 1900, tm.tm_mon + 1,
	    tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
	if (out > (int64_t)c + 86400)
		out = units_civil_to_epoch(ctm.tm_year + 1899, tm.tm_mon + 1,
		    tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
	return out * NS + ts_ns % NS;
}

static void
normalise(struct event *ev, const struct input *in)
{
	const struct manifest_clocks *c = &in->clocks;

	switch (ev->tsq) {
	case TSQ_RAW_MONO:
		if (!in->has_clocks)
			break;	/* stays position-only; raw value kept */
		ev->ts_ns += c->realtime_ns - c->monotonic_ns;
		ev->tsq = TSQ_MONOTONIC_CONVERTED;
		break;
	case TSQ_RAW_LOCAL:
		if (in->has_manifest && c->has_offset) {
			ev->ts_ns -= (int64_t)c->utc_offset_s * NS;
			ev->tsq = TSQ_LOCAL_CONVERTED;
		} else
			ev->tsq = TSQ_NO_TIMEZONE;
		break;
	case TSQ_RAW_LOCAL_NOYEAR:
		if (in->created_ns == 0)
			break;
		ev->ts_ns = add_year(ev->ts_ns, in->created_ns);
		if (in->has_manifest && c->has_offset)
			ev->ts_ns -= (int64_t)c->utc_offset_s * NS;
		ev->tsq = TSQ_NO_YEAR;
		break;
	default:
		break;
	}
	if (ev->node == NULL)
		ev->node = in->node;
}

int
tl_utc_of(const struct input *in, const struct event *ev, int64_t *out)
{
	const struct manifest_clocks *c = &in->clocks;

	switch (ev->tsq) {
	case TSQ_RAW_MONO:
		if (!in->has_clocks)
			return -1;
		*out = ev->ts_ns + c->realtime_ns - c->monotonic_ns;
		return 0;
	case TSQ_RAW_LOCAL:
		if (!in->has_manifest || !c->has_offset)
			return -1;
		*out = ev->ts_ns - (int64_t)c->utc_offset_s * NS;
		return 0;
	case TSQ_RAW_LOCAL_NOYEAR:
		if (in->created_ns == 0 || !in->has_manifest || !c->has_offset)
			return -1;
		*out = add_year(ev->ts_ns, in->created_ns) -
		    (int64_t)c->utc_offset_s * NS;
		return 0;
	case TSQ_EXACT:
		*out = ev->ts_ns;
		return 0;
	default:
		return -1;
	}
}

int64_t
tl_local_to_utc(const struct input *in, int64_t naive_s)
{
	if (in->has_manifest && in->clocks.has_offset)
		return naive_s - in->clocks.utc_offset_s;
	return naive_s;
}

struct item {
	struct event		*ev;
	const struct input	*in;
	int64_t			 key;	/* effective time */
	int			 timed;
	size_t			 seq;	/* input order, then file order */
};

static int
cmp_item(const void *a, const void *b)
{
	const struct item	*x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (x->timed != y->timed)	/* a timed event before its followers */
		return y->timed - x->timed;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Untimed events take the time of the timed event before them in the
 * same file, or, at the head of a file, of the first timed event after
 * them; a file with no time at all sorts last. A file's events are
 * contiguous and in line order (inputs are loaded member by member). */
static void
bracket(struct item *it, size_t n)
{
	size_t	start = 0;

	while (start < n) {
		size_t	end = start, first = (size_t)-1;
		int64_t	last = INT64_MAX;

		while (end < n && it[end].in == it[start].in &&
		    it[end].ev->ref.file_id == it[start].ev->ref.file_id)
			end++;
		for (size_t i = start; i < end && first == (size_t)-1; i++)
			if (it[i].timed)
				first = i;
		if (first != (size_t)-1)
			last = it[first].key;
		for (size_t i = start; i < end; i++) {
			if (it[i].timed)
				last = it[i].key;
			else
				it[i].key = last;
		}
		start = end;
	}
}

static int
first_log_time(const struct input *in, int64_t *t)
{
	int	have = 0;

	for (size_t i = 0; i < in->ev.n; i++) {
		const struct event *ev = in->ev.v[i];

		if (in->files[ev->ref.file_id].kind != FK_LOG ||
		    !ev_has_time(ev) || ev->tsq == TSQ_NO_TIMEZONE)
			continue;
		if (!have || ev->ts_ns < *t)
			*t = ev->ts_ns;
		have = 1;
	}
	return have;
}

static int
job_start(const struct input *in, int64_t *t)
{
	int64_t	s, local;

	for (size_t i = 0; i < in->ev.n; i++) {
		const struct event *ev = in->ev.v[i];

		if (ev->kind != EV_SACCT_ROW || ev_str(ev, "step").n != 0 ||
		    ev_num(ev, "start_s", &s) != 0)
			continue;
		if (ev_num(ev, "times_local", &local) == 0 && local)
			s = tl_local_to_utc(in, s);
		*t = s * NS;
		return 1;
	}
	return 0;
}

static int
cmp_i64(const void *a, const void *b)
{
	int64_t	x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

static void
estimate_skew(struct input **ins, size_t n, struct arena *a,
    struct timeline *tl)
{
	int64_t	*delay, start = 0, t = 0, med;
	int	*ok;
	size_t	 k = 0;
	int	 have_start = 0;

	for (size_t i = 0; i < n && !have_start; i++)
		have_start = job_start(ins[i], &start);
	if (!have_start || n < 2)
		return;
	delay = arena_zalloc(a, n * sizeof(*delay));
	ok = arena_zalloc(a, n * sizeof(*ok));
	tl->skew = arena_zalloc(a, n * sizeof(*tl->skew));
	if (delay == NULL || ok == NULL || tl->skew == NULL)
		return;
	for (size_t i = 0; i < n; i++)
		if ((ok[i] = first_log_time(ins[i], &t)))
			delay[k++] = t - start;
	if (k < 2)
		return;
	{
		int64_t sorted[k];

		memcpy(sorted, delay, k * sizeof(*sorted));
		qsort(sorted, k, sizeof(*sorted), cmp_i64);
		med = sorted[k / 2];
	}
	k = 0;
	for (size_t i = 0; i < n; i++) {
		int64_t	off;

		if (!ok[i])
			continue;
		off = delay[k++] - med;
		if (off > -SKEW_MIN_NS && off < SKEW_MIN_NS)
			continue;
		for (size_t j = 0; j < ins[i]->ev.n; j++) {
			struct event *ev = ins[i]->ev.v[j];

			if (ev_has_time(ev) && ev->tsq != TSQ_EXACT)
				ev->ts_ns -= off;
		}
		tl->skew[tl->nskew++] = arena_printf(a,
		    "%s: clock about %+.1f s off the other nodes (first job-log "
		    "line vs the job's start in sacct); its times were shifted "
		    "by %+.1f s", ins[i]->node ? ins[i]->node : ins[i]->label,
		    (double)off / NS, -(double)off / NS);
	}
}

enum err_code
timeline_build(struct input **ins, size_t n, struct arena *a,
    struct timeline *tl, struct err *e)
{
	struct item	*it;
	size_t		 total = 0, k = 0;

	memset(tl, 0, sizeof(*tl));
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < ins[i]->ev.n; j++)
			normalise(ins[i]->ev.v[j], ins[i]);
		total += ins[i]->ev.n;
	}
	estimate_skew(ins, n, a, tl);
	if ((it = calloc(total + 1, sizeof(*it))) == NULL)
		return ERR(e, ERR_NOMEM, "timeline");
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < ins[i]->ev.n; j++, k++) {
			it[k].ev = ins[i]->ev.v[j];
			it[k].in = ins[i];
			it[k].timed = ev_has_time(it[k].ev);
			it[k].key = it[k].ev->ts_ns;
			it[k].seq = k;
		}
	bracket(it, total);
	qsort(it, total, sizeof(*it), cmp_item);
	tl->v = calloc(total + 1, sizeof(*tl->v));
	tl->in = calloc(total + 1, sizeof(*tl->in));
	if (tl->v == NULL || tl->in == NULL) {
		free(it);
		timeline_free(tl);
		return ERR(e, ERR_NOMEM, "timeline");
	}
	for (k = 0; k < total; k++) {
		tl->v[k] = it[k].ev;
		tl->in[k] = it[k].in;
	}
	tl->n = total;
	free(it);
	return ERR_OK;
}

void
timeline_free(struct timeline *tl)
{
	free(tl->v);
	free(tl->in);
	tl->v = NULL;
	tl->in = NULL;
	tl->n = 0;
}
