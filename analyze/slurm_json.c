/*
 * slurm_json: the pieces the readers of Slurm's JSON and YAML output
 * share (see slurm_json.h): where each job and step object opens, and
 * value readers for both the 22.05 layout and the later one.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "slurm_json.h"

enum { R_OTHER, R_ROOT, R_JOBS, R_JOB, R_STEPS, R_STEP };
enum { K_OTHER, K_JOBS, K_STEPS };

struct skim {
	unsigned char	 role[64];
	size_t		 depth;
	int		 key, pend;
	struct sj_mark	*m;
	size_t		 nm, cap;
};

static int
skim_role(const struct skim *k, char c)
{
	int	parent;

	if (k->depth == 0)
		return c == '{' ? R_ROOT : R_OTHER;
	if (k->depth > sizeof(k->role))
		return R_OTHER;
	parent = k->role[k->depth - 1];
	if (parent == R_ROOT && k->pend == K_JOBS && c == '[')
		return R_JOBS;
	if (parent == R_JOBS && c == '{')
		return R_JOB;
	if (parent == R_JOB && k->pend == K_STEPS && c == '[')
		return R_STEPS;
	if (parent == R_STEPS && c == '{')
		return R_STEP;
	return R_OTHER;
}

static void
skim_open(struct skim *k, char c, size_t off)
{
	int	role = skim_role(k, c);

	if ((role == R_JOB || role == R_STEP) && k->m != NULL &&
	    k->nm < k->cap)
		k->m[k->nm] = (struct sj_mark){ off, role == R_STEP };
	if (role == R_JOB || role == R_STEP)
		k->nm++;
	if (k->depth < sizeof(k->role))
		k->role[k->depth] = (unsigned char)role;
	if (k->depth < SIZE_MAX)
		k->depth++;
	k->pend = K_OTHER;
}

/* Where each jobs[i] and jobs[i].steps[j] object opens, in text order.
 * Iterative, one pass, no allocation; depth beyond 64 is counted only. */
size_t
sj_skim(const char *p, size_t n, struct sj_mark *m, size_t cap)
{
	struct skim	k = { .m = m, .cap = cap };
	size_t		i, s;

	for (i = 0; i < n; i++) {
		switch (p[i]) {
		case '"':
			for (s = ++i; i < n && p[i] != '"'; i++)
				if (p[i] == '\\')
					i++;
			if (i >= n)
				return k.nm;
			k.key = i - s == 4 && memcmp(p + s, "jobs", 4) == 0 ?
			    K_JOBS : i - s == 5 && memcmp(p + s, "steps", 5) ==
			    0 ? K_STEPS : K_OTHER;
			break;
		case ':':
			k.pend = k.key;
			break;
		case '{':
		case '[':
			skim_open(&k, p[i], i);
			break;
		case '}':
		case ']':
			if (k.depth > 0)
				k.depth--;
			/* FALLTHROUGH */
		case ',':
			k.pend = K_OTHER;
			break;
		}
	}
	return k.nm;
}

/* Cite the line where the next job (or step) object opens. */
void
sj_ref(struct sj_ctx *c, struct event *ev, int step)
{
	const char	*p = c->in->data, *nl;
	uint64_t	 off, end;

	ev->ref.file_id = c->in->file_id;
	if (c->mi >= c->nm || c->m[c->mi].step != step)
		return;
	off = c->m[c->mi++].off;
	if (off < c->lpos) {
		c->lpos = 0;
		c->lno = 1;
	}
	for (; (nl = memchr(p + c->lpos, '\n', off - c->lpos)) != NULL;
	    c->lno++)
		c->lpos = (uint64_t)(nl - p) + 1;
	nl = memchr(p + c->lpos, '\n', c->in->len - c->lpos);
	end = nl ? (uint64_t)(nl - p) : c->in->len;
	if (end > c->lpos && p[end - 1] == '\r')
		end--;
	ev->ref.line = c->lno;
	ev->ref.off = c->lpos;
	ev->ref.len = end - c->lpos > UINT32_MAX ? UINT32_MAX :
	    (uint32_t)(end - c->lpos);
}

/* A number: plain, real, or {"set": true, "infinite": false, "number"}. */
int
sj_num(struct sj_ctx *c, json_t *j, int64_t *out)
{
	double	d;

	if (j == NULL || json_is_null(j))
		return -1;
	if (json_is_object(j)) {
		if (json_is_false(json_object_get(j, "set")) ||
		    json_is_true(json_object_get(j, "infinite")))
			return -1;
		j = json_object_get(j, "number");
	}
	if (json_is_integer(j)) {
		*out = (int64_t)json_integer_value(j);
		return 0;
	}
	if (json_is_real(j) && (d = json_real_value(j)) > -9e18 && d < 9e18) {
		*out = (int64_t)d;
		return 0;
	}
	c->bad += j != NULL && !json_is_null(j);
	return -1;
}

/* A string, or the first string of an array (newer state / status). */
const char *
sj_str(struct sj_ctx *c, json_t *j)
{
	if (json_is_array(j))
		j = json_array_get(j, 0);
	if (json_is_string(j))
		return json_string_value(j);
	c->bad += j != NULL && !json_is_null(j);
	return NULL;
}

int
sj_set_str(struct sj_ctx *c, struct event *ev, const char *name,
    json_t *j)
{
	const char	*s = sj_str(c, j);

	if (s == NULL || *s == '\0')
		return 0;
	return ev_set_strdup(ev, c->a, name, str_cstr(s));
}

int
sj_set_num(struct sj_ctx *c, struct event *ev, const char *name, json_t *j,
    int64_t mult)
{
	int64_t	v;

	if (sj_num(c, j, &v) == -1 || v < 0 || v > INT64_MAX / mult)
		return 0;
	return ev_set_num(ev, c->a, name, v * mult);
}

/* {"status": "SIGNALED", "return_code": 0, "signal": {"signal_id": 125}}
 * (or "id" / arrays in later versions); a bare number is a wait status. */
int
sj_exit(struct sj_ctx *c, struct event *ev, json_t *x, const char *cn,
    const char *sn)
{
	int64_t		 code = 0, sig = 0, v;
	const char	*st;
	json_t		*s;

	if (json_is_integer(x)) {
		v = (int64_t)json_integer_value(x);
		code = (v >> 8) & 0xff;
		sig = v & 0x7f;
	} else if (json_is_object(x)) {
		st = sj_str(c, json_object_get(x, "status"));
		if (sj_num(c, json_object_get(x, "return_code"), &v) == 0)
			code = v;
		s = json_object_get(x, "signal");
		if (st != NULL && strcmp(st, "SIGNALED") == 0 &&
		    json_is_object(s) &&
		    (sj_num(c, json_object_get(s, "signal_id"), &v) == 0 ||
		    sj_num(c, json_object_get(s, "id"), &v) == 0))
			sig = v;
	} else {
		c->bad += x != NULL && !json_is_null(x);
		return 0;
	}
	if (ev_set_num(ev, c->a, cn, code) == -1 ||
	    ev_set_num(ev, c->a, sn, sig) == -1)
		return -1;
	return 0;
}

int
sj_note(struct sj_ctx *c, const char *sig, const char *msg)
{
	struct event	*ev;

	if ((ev = evlist_add(c->out, c->a, EV_NOTE)) == NULL)
		return -1;
	ev->sig = sig;
	ev->ref.file_id = c->in->file_id;
	if ((msg = arena_strdup(c->a, msg)) == NULL)
		return -1;
	ev->text = str_cstr(msg);
	return ev_set_str(ev, c->a, "message", ev->text);
}

/* "errors": [{"error": "..."}] (22.05) or [{"description": "..."}]. */
int
sj_errors(struct sj_ctx *c, json_t *errs, const char *sig)
{
	json_t		*x;
	const char	*m;
	size_t		 i;

	json_array_foreach(errs, i, x) {
		m = sj_str(c, json_object_get(x, "error"));
		if (m == NULL)
			m = sj_str(c, json_object_get(x, "description"));
		if (m != NULL && sj_note(c, sig, m) == -1)
			return -1;
	}
	return 0;
}
