/*
 * parse_series: a watch file (series.h) as an input's member.
 *
 * The samples stay a table (struct series in the input's arena, listed in
 * in->series) for series_view.c; the member also gives one
 * EV_MEM_SERIES event that reports and findings cite: its header line,
 * with rows, columns, the sampled span and what the reader dropped (a
 * half-written last record, records failing their checksum). A file the
 * reader refuses gives a note naming it and the line, and nothing else.
 */
#include <string.h>

#include "internal.h"
#include "series.h"

#define SERIES_PER_INPUT	64

static int
series_event(struct input *in, int file_id, const char *data, size_t n,
    const struct series *s)
{
	struct arena	*a = in->arena;
	struct event	*ev = evlist_add(&in->ev, a, EV_MEM_SERIES);
	size_t		 len = 0;

	if (ev == NULL)
		return -1;
	while (len < n && data[len] != '\n')
		len++;
	ev->sig = "watch.series";
	ev->ref = (struct evref){ file_id, 1, 0, (uint32_t)len };
	ev->text = str_make(data, len);
	return ev_set_num(ev, a, "rows", (int64_t)s->nrows) |
	    ev_set_num(ev, a, "columns", (int64_t)s->ncols) |
	    ev_set_num(ev, a, "dropped_tail", s->dropped_tail) |
	    ev_set_num(ev, a, "bad_records", (int64_t)s->bad_records) |
	    ev_set_num(ev, a, "downsampled", s->downsampled) |
	    (s->nrows > 0 ? ev_set_num(ev, a, "first_ns", s->t_ns[0]) |
	    ev_set_num(ev, a, "last_ns", s->t_ns[s->nrows - 1]) : 0);
}

enum err_code
input_series(struct input *in, int file_id, const char *path,
    const char *data, size_t n, struct err *e)
{
	struct series	*s;
	struct err	 pe = { 0 };

	if (in->nseries == SERIES_PER_INPUT) {
		input_add_note(in, "%s: more than %d watch files; ignored",
		    path, SERIES_PER_INPUT);
		return ERR_OK;
	}
	if (in->series == NULL && (in->series = arena_zalloc(in->arena,
	    SERIES_PER_INPUT * sizeof(*in->series))) == NULL)
		return ERR(e, ERR_NOMEM, "%s", path);
	if ((s = arena_zalloc(in->arena, sizeof(*s))) == NULL)
		return ERR(e, ERR_NOMEM, "%s", path);
	if (series_read(data, n, in->arena, s, &pe) != ERR_OK) {
		if (pe.code == ERR_NOMEM)
			return ERR(e, ERR_NOMEM, "%s", path);
		input_add_note(in, "%s: not a watch file: %s", path, pe.msg);
		return ERR_OK;
	}
	if (s->dropped_tail || s->bad_records > 0)
		input_add_note(in, "%s: %s%s%llu damaged record(s) dropped",
		    path, s->dropped_tail ? "a half-written last record and " :
		    "", "", (unsigned long long)s->bad_records);
	in->series[in->nseries++] = (struct in_series){ s, path, NULL };
	if (series_event(in, file_id, data, n, s) == -1)
		return ERR(e, ERR_NOMEM, "%s", path);
	in->series[in->nseries - 1].ev = in->ev.v[in->ev.n - 1];
	return ERR_OK;
}
