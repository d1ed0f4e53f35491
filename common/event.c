/*
 * event: event lists and their named fields.
 */
#include <stdlib.h>
#include <string.h>

#include "event.h"

static const char *const kind_names[] = {
#define EV_NAME(k, s) [k] = s,
	EV_KINDS(EV_NAME)
#undef EV_NAME
};

const char *
ev_kind_name(enum ev_kind k)
{
	if ((unsigned)k >= EV__COUNT)
		return "unknown";
	return kind_names[k];
}

int
ev_kind_from_name(const char *s)
{
	for (int k = 0; k < EV__COUNT; k++)
		if (strcmp(kind_names[k], s) == 0)
			return k;
	return -1;
}

const char *
tsq_name(enum tsq q)
{
	switch (q) {
	case TSQ_EXACT:
		return "exact";
	case TSQ_MONOTONIC_CONVERTED:
		return "monotonic_converted";
	case TSQ_LOCAL_CONVERTED:
		return "local_converted";
	case TSQ_NO_YEAR:
	case TSQ_RAW_LOCAL_NOYEAR:
		return "no_year";
	case TSQ_NO_TIMEZONE:
	case TSQ_RAW_LOCAL:
		return "no_timezone";
	case TSQ_RAW_MONO:
		return "monotonic_unconverted";
	case TSQ_NONE:
	default:
		return "position_only";
	}
}

struct event *
evlist_add(struct evlist *l, struct arena *a, enum ev_kind kind)
{
	struct event	*ev, **nv;
	size_t		 ncap;

	if (l->n == l->cap) {
		ncap = l->cap == 0 ? 64 : l->cap * 2;
		if ((nv = realloc(l->v, ncap * sizeof(*nv))) == NULL)
			return NULL;
		l->v = nv;
		l->cap = ncap;
	}
	if ((ev = arena_zalloc(a, sizeof(*ev))) == NULL)
		return NULL;
	ev->kind = kind;
	ev->rank = -1;
	ev->pid = -1;
	l->v[l->n++] = ev;
	return ev;
}

void
evlist_free(struct evlist *l)
{
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}

static struct evfield *
field_slot(struct event *ev, struct arena *a, const char *name)
{
	struct evfield	*nf;
	uint16_t	 ncap;

	for (uint16_t i = 0; i < ev->nf; i++)
		if (strcmp(ev->f[i].name, name) == 0)
			return &ev->f[i];
	if (ev->nf == ev->fcap) {
		if (ev->fcap >= 32768)
			return NULL;
		ncap = ev->fcap == 0 ? 8 : (uint16_t)(ev->fcap * 2);
		if ((nf = arena_alloc(a, ncap * sizeof(*nf))) == NULL)
			return NULL;
		if (ev->nf > 0)
			memcpy(nf, ev->f, ev->nf * sizeof(*nf));
		ev->f = nf;
		ev->fcap = ncap;
	}
	nf = &ev->f[ev->nf++];
	memset(nf, 0, sizeof(*nf));
	nf->name = name;
	return nf;
}

int
ev_set_num(struct event *ev, struct arena *a, const char *name, int64_t v)
{
	struct evfield	*f;

	if ((f = field_slot(ev, a, name)) == NULL)
		return -1;
	f->num = v;
	f->has_num = 1;
	return 0;
}

int
ev_set_str(struct event *ev, struct arena *a, const char *name, struct str s)
{
	struct evfield	*f;

	if ((f = field_slot(ev, a, name)) == NULL)
		return -1;
	f->s = s;
	return 0;
}

int
ev_set_strdup(struct event *ev, struct arena *a, const char *name,
    struct str s)
{
	char	*p;

	if ((p = arena_strndup(a, s.p == NULL ? "" : s.p, s.n)) == NULL)
		return -1;
	return ev_set_str(ev, a, name, str_make(p, s.n));
}

const struct evfield *
ev_field(const struct event *ev, const char *name)
{
	for (uint16_t i = 0; i < ev->nf; i++)
		if (strcmp(ev->f[i].name, name) == 0)
			return &ev->f[i];
	return NULL;
}

int
ev_num(const struct event *ev, const char *name, int64_t *out)
{
	const struct evfield	*f = ev_field(ev, name);

	if (f == NULL || !f->has_num)
		return -1;
	*out = f->num;
	return 0;
}

int64_t
ev_num_or(const struct event *ev, const char *name, int64_t dflt)
{
	int64_t	v;

	return ev != NULL && ev_num(ev, name, &v) == 0 ? v : dflt;
}

struct str
ev_str(const struct event *ev, const char *name)
{
	const struct evfield	*f = ev_field(ev, name);

	return f == NULL ? str_make(NULL, 0) : f->s;
}

void
ev_cite(struct event *ev, int file_id, const struct scan *sc, struct str line)
{
	size_t	n = line.n > UINT32_MAX ? UINT32_MAX : line.n;

	ev->ref = (struct evref){ file_id, (uint32_t)sc->lineno,
	    sc->line_off, (uint32_t)n };
	ev->text = str_make(line.p, n);
}

int
ev_unparsed(struct evlist *l, struct arena *a, const char *sig, int file_id,
    const struct scan *sc, struct str line, int *count, int max)
{
	struct event	*u;

	if ((*count)++ >= max)
		return 0;
	if ((u = evlist_add(l, a, EV_UNPARSED)) == NULL)
		return -1;
	u->sig = sig;
	ev_cite(u, file_id, sc, line);
	return 0;
}
