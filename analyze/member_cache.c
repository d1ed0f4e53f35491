/*
 * member_cache: one parse of each distinct structured member across the
 * inputs of one analysis.
 *
 * The node bundles of one job carry the same Slurm records (scontrol
 * show config, the job and node records, the sacct rows), byte for byte,
 * once per node: at 10,000 nodes their texts and parsed fields were most
 * of the analysis's memory. Parsers are pure functions of (path, bytes)
 * (parse.h), so a member whose kind, path and bytes equal one already
 * parsed is not parsed again: the input gets its own copies of the
 * event structs (its file id, node, time and flags are set later, per
 * input) that share the first parse's text and field arrays. The text is
 * kept once, in the cache's entry, not in the input's arena.
 *
 * Shared field arrays are read-only from then on: a copy's fcap is its
 * nf, so a field added to one copy later (ev_set_*) moves that copy to
 * an array of its own (nobody changes a parsed field in place).
 * Thread-safe: the loading workers share one cache; an entry is never
 * changed after it is published. It lives until mcache_free(), after the
 * inputs whose events borrow from it.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "member_cache.h"

struct mentry {
	struct mentry	*next;
	uint64_t	 hash;
	int		 kind;
	const char	*path;
	const char	*data;		/* NUL-terminated copy */
	size_t		 len;
	struct arena	*arena;		/* path, data, events, their fields */
	struct evlist	 ev;
	enum err_code	 rc;
	struct err	 err;
};

struct mcache {
	pthread_mutex_t	 mu;
	struct mentry	**tab;
	size_t		 ntab;		/* a power of two */
	size_t		 n;
	size_t		 hits;
};

struct mcache *
mcache_new(void)
{
	struct mcache	*mc;

	if ((mc = calloc(1, sizeof(*mc))) == NULL)
		return NULL;
	mc->ntab = 64;
	if ((mc->tab = calloc(mc->ntab, sizeof(*mc->tab))) == NULL) {
		free(mc);
		return NULL;
	}
	pthread_mutex_init(&mc->mu, NULL);
	return mc;
}

static void
entry_free(struct mentry *me)
{
	if (me == NULL)
		return;
	evlist_free(&me->ev);
	arena_free(me->arena);	/* me itself is in it */
}

void
mcache_free(struct mcache *mc)
{
	struct mentry	*me, *next;

	if (mc == NULL)
		return;
	for (size_t i = 0; i < mc->ntab; i++)
		for (me = mc->tab[i]; me != NULL; me = next) {
			next = me->next;
			entry_free(me);
		}
	free(mc->tab);
	pthread_mutex_destroy(&mc->mu);
	free(mc);
}

size_t
mcache_hits(struct mcache *mc)
{
	size_t	n;

	pthread_mutex_lock(&mc->mu);
	n = mc->hits;
	pthread_mutex_unlock(&mc->mu);
	return n;
}

/* 64-bit FNV-1a over 8-byte words, then the tail; the bytes are compared
 * in full on a match, so this only has to spread. */
static uint64_t
hash_bytes(uint64_t h, const char *p, size_t n)
{
	uint64_t	w;

	for (; n >= 8; p += 8, n -= 8) {
		memcpy(&w, p, 8);
		h = (h ^ w) * 0x100000001b3ULL;
		h ^= h >> 29;
	}
	for (; n > 0; p++, n--)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
	return h;
}

static uint64_t
key_hash(int kind, const struct src *s)
{
	uint64_t	h = 0xcbf29ce484222325ULL ^ (uint64_t)kind;

	h = hash_bytes(h, s->name, strlen(s->name) + 1);
	return hash_bytes(h, s->data, s->len);
}

/* The entry equal to (kind, s), or NULL. Under mc->mu. */
static struct mentry *
find(struct mcache *mc, uint64_t h, int kind, const struct src *s)
{
	struct mentry	*me;

	for (me = mc->tab[h & (mc->ntab - 1)]; me != NULL; me = me->next)
		if (me->hash == h && me->kind == kind && me->len == s->len &&
		    strcmp(me->path, s->name) == 0 &&
		    memcmp(me->data, s->data, s->len) == 0)
			return me;
	return NULL;
}

/* Under mc->mu. A table that cannot grow stays as it is: longer chains. */
static void
insert(struct mcache *mc, struct mentry *me)
{
	struct mentry	**nt, *x, *next;
	size_t		  nn;

	if (mc->n >= mc->ntab && (nt = calloc(mc->ntab * 2,
	    sizeof(*nt))) != NULL) {
		nn = mc->ntab * 2;
		for (size_t i = 0; i < mc->ntab; i++)
			for (x = mc->tab[i]; x != NULL; x = next) {
				next = x->next;
				x->next = nt[x->hash & (nn - 1)];
				nt[x->hash & (nn - 1)] = x;
			}
		free(mc->tab);
		mc->tab = nt;
		mc->ntab = nn;
	}
	me->next = mc->tab[me->hash & (mc->ntab - 1)];
	mc->tab[me->hash & (mc->ntab - 1)] = me;
	mc->n++;
}

/* Parse a private copy of s into a new entry; NULL when out of memory
 * (the parse's own ERR_NOMEM included: it is not kept). */
static struct mentry *
entry_parse(parse_fn *fn, int kind, const struct src *s, uint64_t h,
    struct err *e)
{
	struct arena	*a;
	struct mentry	*me;
	struct src	 c;

	if ((a = arena_new(s->len + 4096)) == NULL)
		return NULL;
	if ((me = arena_zalloc(a, sizeof(*me))) == NULL ||
	    (me->path = arena_strdup(a, s->name)) == NULL ||
	    (me->data = arena_strndup(a, s->data, s->len)) == NULL) {
		arena_free(a);
		return NULL;
	}
	me->arena = a;
	me->hash = h;
	me->kind = kind;
	me->len = s->len;
	c = (struct src){ s->file_id, me->path, me->data, s->len };
	me->rc = fn(&c, a, &me->ev, &me->err);
	if (me->rc == ERR_NOMEM) {
		*e = me->err;
		entry_free(me);
		return NULL;
	}
	return me;
}

enum err_code
mcache_parse(struct mcache *mc, parse_fn *fn, int kind, const struct src *s,
    struct arena *a, struct evlist *out, struct err *e)
{
	struct mentry	*me, *had;
	struct event	*c;
	uint64_t	 h = key_hash(kind, s);

	pthread_mutex_lock(&mc->mu);
	if ((me = find(mc, h, kind, s)) != NULL)
		mc->hits++;
	pthread_mutex_unlock(&mc->mu);
	if (me == NULL) {
		/* parsed outside the lock; another worker may have parsed
		 * the same bytes meanwhile: the first one in is kept */
		if ((me = entry_parse(fn, kind, s, h, e)) == NULL)
			return e->code == ERR_NOMEM ? e->code :
			    ERR(e, ERR_NOMEM, "%s", s->name);
		pthread_mutex_lock(&mc->mu);
		if ((had = find(mc, h, kind, s)) == NULL)
			insert(mc, me);
		pthread_mutex_unlock(&mc->mu);
		if (had != NULL) {
			entry_free(me);
			me = had;
		}
	}
	for (size_t i = 0; i < me->ev.n; i++) {
		if ((c = evlist_add(out, a, me->ev.v[i]->kind)) == NULL)
			return ERR(e, ERR_NOMEM, "%s", s->name);
		*c = *me->ev.v[i];
		c->ref.file_id = s->file_id;
		c->fcap = c->nf;
	}
	if (me->rc != ERR_OK)
		*e = me->err;
	return me->rc;
}
