/*
 * yaml_tree: Slurm's `--yaml` output (libyaml's event parser) into the
 * jansson tree that its `--json` output gives, so that one reader serves
 * both (slurm_json.h). The input is hostile: the text, the nesting and
 * the node count are capped, aliases are never expanded (no "billion
 * laughs"), and only the first document is read. Containers are built
 * on an explicit stack and attached to their parent when they end, so a
 * mapping or sequence used as a key is simply dropped with its value.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "slurm_json.h"

#define TAG_PREFIX	"tag:yaml.org,2002:"

enum role { RL_OTHER, RL_ROOT, RL_JOBS, RL_JOB, RL_STEPS, RL_STEP };

struct frame {
	json_t		*node;		/* owned until attached */
	int		 is_map;
	int		 role;
	int		 have_key;	/* a key waits for its value */
	int		 bad_key;	/* that key was no scalar */
	char		*key;		/* malloc'd */
};

struct build {
	struct frame	 st[YAML_MAX_DEPTH];
	size_t		 depth;
	json_t		*root;
	size_t		 nodes;
	size_t		*bad;
	uint64_t	*lines;		/* 0-based line of each mark */
	int		*steps;
	size_t		 nm, cap;
	int		 nomem;
};

/* The role of a container opening under the top frame. */
static int
role_of(const struct build *b, int is_map)
{
	const struct frame	*t;

	if (b->depth == 0)
		return is_map ? RL_ROOT : RL_OTHER;
	t = &b->st[b->depth - 1];
	if (t->is_map && (!t->have_key || t->bad_key || t->key == NULL))
		return RL_OTHER;	/* a key, or a dropped pair */
	if (t->role == RL_ROOT && !is_map && strcmp(t->key, "jobs") == 0)
		return RL_JOBS;
	if (t->role == RL_JOBS && is_map)
		return RL_JOB;
	if (t->role == RL_JOB && !is_map && strcmp(t->key, "steps") == 0)
		return RL_STEPS;
	if (t->role == RL_STEPS && is_map)
		return RL_STEP;
	return RL_OTHER;
}

static int
add_mark(struct build *b, uint64_t line, int step)
{
	uint64_t	*l;
	int		*s;
	size_t		 cap;

	if (b->nm == b->cap) {
		cap = b->cap ? b->cap * 2 : 16;
		if ((l = realloc(b->lines, cap * sizeof(*l))) == NULL)
			return -1;
		b->lines = l;
		if ((s = realloc(b->steps, cap * sizeof(*s))) == NULL)
			return -1;
		b->steps = s;
		b->cap = cap;
	}
	b->lines[b->nm] = line;
	b->steps[b->nm++] = step;
	return 0;
}

/* Hand a finished value to the top frame (or make it the root). Takes
 * the reference to v. Returns -1 only when memory ran out. */
static int
attach(struct build *b, json_t *v)
{
	struct frame	*t;
	int		 r = 0;

	if (b->depth == 0) {
		if (b->root == NULL)
			b->root = v;
		else
			json_decref(v);
		return 0;
	}
	t = &b->st[b->depth - 1];
	if (!t->is_map)
		return json_array_append_new(t->node, v) == -1 ? -1 : 0;
	if (!t->have_key) {
		t->have_key = 1;
		t->bad_key = !json_is_string(v);
		if (t->bad_key)
			(*b->bad)++;
		else if ((t->key = strdup(json_string_value(v))) == NULL)
			r = -1;
		json_decref(v);
		return r;
	}
	if (!t->bad_key && t->key != NULL)
		r = json_object_set_new(t->node, t->key, v) == -1 ? -1 : 0;
	else
		json_decref(v);
	free(t->key);
	t->key = NULL;
	t->have_key = t->bad_key = 0;
	return r;
}

static int
eq_any(const char *s, const char *const *list)
{
	for (; *list != NULL; list++)
		if (strcmp(s, *list) == 0)
			return 1;
	return 0;
}

/* A decimal integer that fits an int64 (optional sign, no blanks). */
static int
int_of(const char *s, size_t n, json_int_t *out)
{
	size_t		i = 0;
	int		neg = 0;
	uint64_t	v = 0;

	if (n > 0 && (s[0] == '-' || s[0] == '+')) {
		neg = s[0] == '-';
		i++;
	}
	if (i == n)
		return -1;
	for (; i < n; i++) {
		if (s[i] < '0' || s[i] > '9' || v > (UINT64_C(1) << 62))
			return -1;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	if (v > (uint64_t)INT64_MAX)
		return -1;
	*out = neg ? -(json_int_t)v : (json_int_t)v;
	return 0;
}

/* A plain decimal real ("1.5", "-2e3"); strtod on the NUL-ended value. */
static int
real_of(const char *s, size_t n, double *out)
{
	char	*end;
	size_t	 i;
	int	 digit = 0;

	for (i = 0; i < n; i++) {
		if (s[i] >= '0' && s[i] <= '9')
			digit = 1;
		else if (strchr("+-.eE", s[i]) == NULL)
			return -1;
	}
	if (!digit || n == 0 || n > 64)
		return -1;
	errno = 0;
	*out = strtod(s, &end);
	return end == s + n && errno == 0 ? 0 : -1;
}

static json_t *
string_of(struct build *b, const char *s, size_t n)
{
	json_t	*v = json_stringn(s, n);

	if (v == NULL) {		/* not UTF-8 jansson takes */
		(*b->bad)++;
		v = json_null();
	}
	return v;
}

/* A scalar by its tag, or (untagged and plain) by its form. */
static json_t *
scalar(struct build *b, const yaml_event_t *ev)
{
	static const char *const nulls[] = { "", "~", "null", "Null", "NULL",
	    NULL };
	static const char *const trues[] = { "true", "True", "TRUE", "yes",
	    "Yes", "YES", "on", "On", "ON", NULL };
	static const char *const falses[] = { "false", "False", "FALSE", "no",
	    "No", "NO", "off", "Off", "OFF", NULL };
	const char	*s = (const char *)ev->data.scalar.value;
	size_t		 n = ev->data.scalar.length;
	const char	*tag = (const char *)ev->data.scalar.tag;
	json_int_t	 i;
	double		 d;

	if (tag != NULL && strncmp(tag, TAG_PREFIX, strlen(TAG_PREFIX)) == 0)
		tag += strlen(TAG_PREFIX);
	else if (tag != NULL || !ev->data.scalar.plain_implicit)
		tag = "str";	/* "!", a local tag, or quoted */
	else
		tag = NULL;
	if (tag != NULL && strcmp(tag, "str") == 0)
		return string_of(b, s, n);
	if ((tag == NULL || strcmp(tag, "null") == 0) && strlen(s) == n &&
	    eq_any(s, nulls))
		return json_null();
	if ((tag == NULL || strcmp(tag, "bool") == 0) && strlen(s) == n) {
		if (eq_any(s, trues))
			return json_true();
		if (eq_any(s, falses))
			return json_false();
	}
	if ((tag == NULL || strcmp(tag, "int") == 0) && int_of(s, n, &i) == 0)
		return json_integer(i);
	if ((tag == NULL || strcmp(tag, "float") == 0) && strlen(s) == n &&
	    real_of(s, n, &d) == 0)
		return json_real(d);
	return string_of(b, s, n);	/* a value its tag does not fit */
}

static int
open_container(struct build *b, const yaml_event_t *ev, int is_map)
{
	struct frame	*f;
	int		 role;

	role = role_of(b, is_map);
	if ((role == RL_JOB || role == RL_STEP) &&
	    add_mark(b, ev->start_mark.line, role == RL_STEP) == -1)
		return -2;
	f = &b->st[b->depth];
	memset(f, 0, sizeof(*f));
	f->is_map = is_map;
	f->role = role;
	if ((f->node = is_map ? json_object() : json_array()) == NULL)
		return -2;
	b->depth++;
	return 0;
}

static int
close_container(struct build *b)
{
	struct frame	*f;

	if (b->depth == 0)
		return 0;
	f = &b->st[--b->depth];
	free(f->key);
	f->key = NULL;
	return attach(b, f->node) == -1 ? -2 : 0;
}

/* One event. Returns 0 to go on, 1 at the end of the first document,
 * -1 for a limit (err set), -2 when memory ran out. */
static int
step(struct build *b, const yaml_event_t *ev, char *err, size_t errlen)
{
	json_t	*v;

	switch (ev->type) {
	case YAML_MAPPING_START_EVENT:
	case YAML_SEQUENCE_START_EVENT:
	case YAML_SCALAR_EVENT:
	case YAML_ALIAS_EVENT:
		if (++b->nodes > YAML_MAX_NODES) {
			snprintf(err, errlen, "line %zu: more than %d nodes",
			    (size_t)ev->start_mark.line + 1, YAML_MAX_NODES);
			return -1;
		}
		break;
	default:
		break;
	}
	switch (ev->type) {
	case YAML_DOCUMENT_END_EVENT:
		return 1;
	case YAML_MAPPING_START_EVENT:
	case YAML_SEQUENCE_START_EVENT:
		if (b->depth == YAML_MAX_DEPTH) {
			snprintf(err, errlen, "line %zu: nesting deeper than "
			    "%d levels", (size_t)ev->start_mark.line + 1,
			    YAML_MAX_DEPTH);
			return -1;
		}
		return open_container(b, ev,
		    ev->type == YAML_MAPPING_START_EVENT);
	case YAML_MAPPING_END_EVENT:
	case YAML_SEQUENCE_END_EVENT:
		return close_container(b);
	case YAML_SCALAR_EVENT:
		if ((v = scalar(b, ev)) == NULL)
			return -2;
		return attach(b, v) == -1 ? -2 : 0;
	case YAML_ALIAS_EVENT:
		(*b->bad)++;
		return attach(b, json_null()) == -1 ? -2 : 0;
	default:
		return 0;
	}
}

/* Marks from 0-based lines to the offsets where those lines start. */
static int
marks_out(struct build *b, const char *p, size_t n, struct arena *a,
    struct sj_mark **m, size_t *nm)
{
	uint64_t	 line = 0, off = 0;
	const char	*nl;

	*m = NULL;
	*nm = 0;
	if (b->nm == 0)
		return 0;
	if ((*m = arena_alloc(a, b->nm * sizeof(**m))) == NULL)
		return -1;
	for (size_t i = 0; i < b->nm; i++) {
		if (b->lines[i] < line) {	/* out of order: start over */
			line = 0;
			off = 0;
		}
		while (line < b->lines[i] && off < n &&
		    (nl = memchr(p + off, '\n', n - off)) != NULL) {
			off = (uint64_t)(nl - p) + 1;
			line++;
		}
		(*m)[i] = (struct sj_mark){ off <= n ? off : n, b->steps[i] };
	}
	*nm = b->nm;
	return 0;
}

int
yaml_tree(const char *p, size_t n, struct arena *a, json_t **root,
    struct sj_mark **m, size_t *nm, size_t *bad, char *err, size_t errlen)
{
	struct build	*b;
	yaml_parser_t	 ps;
	yaml_event_t	 ev;
	int		 r = 0;

	*root = NULL;
	*m = NULL;
	*nm = 0;
	*bad = 0;
	err[0] = '\0';
	if (n > SJ_MAX_BYTES) {
		snprintf(err, errlen, "%zu bytes, over the %u byte limit", n,
		    SJ_MAX_BYTES);
		return -1;
	}
	if ((b = calloc(1, sizeof(*b))) == NULL)
		return -2;
	b->bad = bad;
	if (!yaml_parser_initialize(&ps)) {
		free(b);
		return -2;
	}
	yaml_parser_set_input_string(&ps, (const unsigned char *)p, n);
	while (r == 0) {
		if (!yaml_parser_parse(&ps, &ev)) {
			if (ps.error == YAML_MEMORY_ERROR)
				r = -2;
			else {
				snprintf(err, errlen, "line %zu: %s",
				    (size_t)ps.problem_mark.line + 1,
				    ps.problem ? ps.problem : "malformed");
				r = -1;
			}
			break;
		}
		if (ev.type == YAML_STREAM_END_EVENT)
			r = 1;
		else
			r = step(b, &ev, err, errlen);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&ps);
	while (b->depth > 0) {		/* a stopped parse: free the stack */
		b->depth--;
		free(b->st[b->depth].key);
		json_decref(b->st[b->depth].node);
	}
	if (r >= 0 && b->root == NULL) {
		snprintf(err, errlen, "no document");
		r = -1;
	}
	if (r >= 0 && marks_out(b, p, n, a, m, nm) == -1)
		r = -2;
	if (r >= 0)
		*root = b->root;
	else
		json_decref(b->root);
	free(b->lines);
	free(b->steps);
	free(b);
	return r < 0 ? r : 0;
}

/* The first line that is neither blank nor a comment. */
int
yaml_looks(const char *p, size_t n)
{
	static const char *const starts[] = { "%YAML", "---", "jobs:",
	    "!!str jobs:", "meta:", "!!str meta:", "errors:",
	    "!!str errors:", "warnings:", "!!str warnings:" };
	size_t	i = 0, e;

	if (n > 4096)
		n = 4096;
	while (i < n) {
		for (e = i; e < n && p[e] != '\n'; e++)
			;
		while (i < e && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r'))
			i++;
		if (i < e && p[i] != '#') {
			for (size_t k = 0; k < sizeof(starts) /
			    sizeof(*starts); k++)
				if (e - i >= strlen(starts[k]) &&
				    memcmp(p + i, starts[k],
				    strlen(starts[k])) == 0)
					return 1;
			return 0;
		}
		i = e + 1;
	}
	return 0;
}
