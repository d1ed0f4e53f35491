/*
 * manifest: struct manifest <-> manifest.json (format v1).
 *
 * Both directions are driven by two field tables (top level and item), so
 * the key order of the JSON is the order of the rows and a new field is a
 * new row. Parsing treats the text as hostile: every value is type- and
 * range-checked, required keys must be present, item paths must be unique,
 * and any failure is ERR_FORMAT naming the key ("items[3].sha256: ...").
 * Unknown keys are ignored so that later minor additions stay readable.
 *
 * This module does no I/O and knows nothing about archives; the bundle
 * writer and reader call it. See docs/bundle-format.md for the layout.
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "manifest.h"
#include "scan.h"
#include "units.h"

enum ftype {
	F_INT,		/* int, range-checked */
	F_I64,		/* int64_t, range-checked */
	F_U64,		/* uint64_t, 0 .. INT64_MAX (JSON is signed) */
	F_BOOL,		/* int 0/1 */
	F_STR,		/* char *, owned; null allowed */
	F_TIME,		/* int64_t ns <-> ISO 8601 UTC string; 0 <-> null */
	F_MS,		/* int64_t ns <-> integer milliseconds */
	F_SHA,		/* char[65] hex digest or "" */
	F_UTCOFF,	/* clocks.utc_offset_s + has_offset; null = unknown */
	F_RANGES	/* item kept ranges: [[off, len], ...] */
};

struct field {
	const char	*obj;		/* enclosing object, or NULL */
	const char	*key;
	enum ftype	 type;
	size_t		 off;		/* offset in struct manifest(_item) */
	int		 required;
	int64_t		 min, max;	/* for F_INT / F_I64 / F_MS */
};

#define M(f)	offsetof(struct manifest, f)
#define I(f)	offsetof(struct manifest_item, f)
#define I64MAX	INT64_MAX
#define MS_MAX	(INT64_MAX / 1000000)

static const struct field top_fields[] = {
	{ NULL, "format", F_INT, M(format), 1, 1, 1 },
	{ "collector", "version", F_STR, M(collector_version), 0, 0, 0 },
	{ "collector", "build", F_STR, M(collector_build), 0, 0, 0 },
	{ NULL, "host", F_STR, M(host), 0, 0, 0 },
	{ NULL, "node", F_STR, M(node), 0, 0, 0 },
	{ NULL, "kernel", F_STR, M(kernel), 0, 0, 0 },
	{ NULL, "cluster", F_STR, M(cluster), 0, 0, 0 },
	{ "job", "id", F_STR, M(job_id), 0, 0, 0 },
	{ "job", "step", F_STR, M(step_id), 0, 0, 0 },
	{ "job", "array_job_id", F_STR, M(array_job_id), 0, 0, 0 },
	{ "job", "array_task_id", F_STR, M(array_task_id), 0, 0, 0 },
	{ NULL, "scope", F_STR, M(scope), 0, 0, 0 },
	{ NULL, "cgroup_mode", F_STR, M(cgroup_mode), 0, 0, 0 },
	{ NULL, "created", F_TIME, M(created_ns), 1, 0, 0 },
	{ "clocks", "realtime_ns", F_I64, M(clocks.realtime_ns), 0, 0, I64MAX },
	{ "clocks", "monotonic_ns", F_I64, M(clocks.monotonic_ns), 0, 0,
	    I64MAX },
	{ "clocks", "boottime_ns", F_I64, M(clocks.boottime_ns), 0, 0, I64MAX },
	{ "clocks", "utc_offset_s", F_UTCOFF, M(clocks.utc_offset_s), 0,
	    -86400, 86400 },
	{ "clocks", "tz", F_STR, M(clocks.tz), 0, 0, 0 },
	{ "redaction", "enabled", F_BOOL, M(redacted), 0, 0, 0 },
	{ "redaction", "categories", F_STR, M(redaction_categories), 0, 0, 0 },
	/* issue 20: what masked, with which detector set and key */
	{ "redaction", "detectors", F_STR, M(redaction_detectors), 0, 0, 0 },
	{ "redaction", "detector_set", F_STR, M(redaction_detector_set), 0, 0,
	    0 },
	{ "redaction", "key", F_STR, M(redaction_key), 0, 0, 0 },
	{ "redaction", "key_id", F_STR, M(redaction_key_id), 0, 0, 0 },
	{ "redaction", "cleaned", F_TIME, M(redaction_cleaned_ns), 0, 0, 0 },
};

static const struct field item_fields[] = {
	{ NULL, "path", F_STR, I(path), 1, 0, 0 },
	{ NULL, "source", F_STR, I(source), 0, 0, 0 },
	{ NULL, "kind", F_STR, I(kind), 0, 0, 0 },
	{ NULL, "start", F_TIME, I(start_ns), 0, 0, 0 },
	{ NULL, "duration_ms", F_MS, I(duration_ns), 0, 0, MS_MAX },
	{ NULL, "exit_status", F_INT, I(exit_status), 0, -1, 255 },
	{ NULL, "signal", F_INT, I(signal), 0, 0, 128 },
	{ NULL, "timed_out", F_BOOL, I(timed_out), 0, 0, 0 },
	{ NULL, "abandoned", F_BOOL, I(abandoned), 0, 0, 0 },
	{ NULL, "bytes", F_U64, I(bytes), 1, 0, 0 },
	{ NULL, "source_bytes", F_U64, I(source_bytes), 0, 0, 0 },
	{ NULL, "sha256", F_SHA, I(sha256), 1, 0, 0 },
	{ NULL, "truncated", F_BOOL, I(truncated), 0, 0, 0 },
	{ NULL, "kept_ranges", F_RANGES, 0, 0, 0, 0 },
	{ NULL, "error", F_STR, I(error), 0, 0, 0 },
	{ NULL, "redactions", F_U64, I(redactions), 0, 0, 0 },
};

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/* Item kinds the collector writes; anything else is refused. */
static const char *const item_kinds[] = { "command", "file", "generated" };

/* Years the int64 nanosecond clock can hold, with margin. */
#define YEAR_MIN	1970
#define YEAR_MAX	2261

struct manifest *
manifest_new(void)
{
	struct manifest	*m;

	if ((m = calloc(1, sizeof(*m))) == NULL)
		return NULL;
	m->format = MANIFEST_FORMAT;
	return m;
}

static void
item_free(struct manifest_item *it)
{
	free(it->path);
	free(it->source);
	free(it->kind);
	free(it->ranges);
	free(it->error);
}

void
manifest_clear_items(struct manifest *m)
{
	for (size_t i = 0; i < m->nitems; i++)
		item_free(&m->items[i]);
	m->nitems = 0;
}

void
manifest_free(struct manifest *m)
{
	if (m == NULL)
		return;
	for (size_t i = 0; i < m->nitems; i++)
		item_free(&m->items[i]);
	free(m->items);
	free(m->collector_version);
	free(m->collector_build);
	free(m->host);
	free(m->kernel);
	free(m->cluster);
	free(m->job_id);
	free(m->step_id);
	free(m->node);
	free(m->array_job_id);
	free(m->array_task_id);
	free(m->scope);
	free(m->cgroup_mode);
	free(m->clocks.tz);
	free(m->redaction_categories);
	free(m->redaction_detectors);
	free(m->redaction_detector_set);
	free(m->redaction_key);
	free(m->redaction_key_id);
	free(m);
}

struct manifest_item *
manifest_add_item(struct manifest *m)
{
	struct manifest_item	*it;
	size_t			 ncap;

	if (m->nitems == m->capitems) {
		ncap = m->capitems == 0 ? 16 : m->capitems * 2;
		if (ncap > SIZE_MAX / sizeof(*it))
			return NULL;
		if ((it = realloc(m->items, ncap * sizeof(*it))) == NULL)
			return NULL;
		m->items = it;
		m->capitems = ncap;
	}
	it = &m->items[m->nitems++];
	memset(it, 0, sizeof(*it));
	it->exit_status = -1;
	return it;
}

int
manifest_item_add_range(struct manifest_item *it, uint64_t off, uint64_t len)
{
	struct manifest_range	*r;

	if (it->nranges >= SIZE_MAX / sizeof(*r) - 1)
		return -1;
	if ((r = realloc(it->ranges, (it->nranges + 1) * sizeof(*r))) == NULL)
		return -1;
	r[it->nranges].off = off;
	r[it->nranges].len = len;
	it->ranges = r;
	it->nranges++;
	return 0;
}

const struct manifest_item *
manifest_find(const struct manifest *m, const char *path)
{
	for (size_t i = 0; i < m->nitems; i++)
		if (m->items[i].path != NULL &&
		    strcmp(m->items[i].path, path) == 0)
			return &m->items[i];
	return NULL;
}

int
manifest_set_str(char **field, const char *value)
{
	char	*s = NULL;

	if (value != NULL && (s = strdup(value)) == NULL)
		return -1;
	free(*field);
	*field = s;
	return 0;
}

/* ---- serialising ---- */

/* "2026-11-30T07:55:01Z", or with 9 fraction digits when there are ns. */
static void
fmt_time(int64_t ns, char out[48])
{
	int64_t	frac = ns % 1000000000LL;
	size_t	n;

	if (frac < 0)
		frac += 1000000000LL;
	units_fmt_iso(ns - frac, out);
	n = strlen(out);
	if (frac != 0 && n > 0)
		snprintf(out + n - 1, 48 - (n - 1), ".%09" PRId64 "Z", frac);
}

/*
 * jansson refuses strings that are not UTF-8 (a path or argv may hold
 * any bytes): such a string is written with every non-ASCII byte
 * replaced by '?', so the manifest always parses.
 */
static json_t *
jstr(const char *s)
{
	json_t	*j;
	char	*c;

	if (s == NULL)
		return json_null();
	if ((j = json_string(s)) != NULL)
		return j;
	if ((c = strdup(s)) == NULL)
		return NULL;
	for (char *p = c; *p != '\0'; p++)
		if ((unsigned char)*p >= 0x80)
			*p = '?';
	j = json_string(c);
	free(c);
	return j;
}

static json_t *
jranges(const struct manifest_item *it)
{
	json_t	*a, *r;

	if ((a = json_array()) == NULL)
		return NULL;
	for (size_t i = 0; i < it->nranges; i++) {
		r = json_pack("[II]", (json_int_t)it->ranges[i].off,
		    (json_int_t)it->ranges[i].len);
		if (r == NULL || json_array_append_new(a, r) == -1) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

static int
u64_ok(uint64_t v)
{
	return v <= (uint64_t)INT64_MAX;
}

/* One field's value as JSON; NULL with *bad set if the value can't be. */
static json_t *
field_to_json(const struct field *f, const char *base, int *bad)
{
	const void	*p = base + f->off;
	char		 t[48];

	switch (f->type) {
	case F_INT:
		return json_integer(*(const int *)p);
	case F_I64:
		return json_integer(*(const int64_t *)p);
	case F_U64:
		if (!u64_ok(*(const uint64_t *)p))
			*bad = 1;
		return json_integer((json_int_t)*(const uint64_t *)p);
	case F_BOOL:
		return json_boolean(*(const int *)p);
	case F_STR:
		return jstr(*(char *const *)p);
	case F_TIME:
		if (*(const int64_t *)p == 0 && f->required == 0)
			return json_null();
		fmt_time(*(const int64_t *)p, t);
		return json_string(t);
	case F_MS:
		return json_integer(*(const int64_t *)p / 1000000);
	case F_SHA:
		return json_string((const char *)p);
	case F_UTCOFF:
		if (!((const struct manifest *)base)->clocks.has_offset)
			return json_null();
		return json_integer(*(const int *)p);
	case F_RANGES:
		return jranges((const struct manifest_item *)base);
	}
	return NULL;
}

/* Set obj[f->obj][f->key] (creating the sub-object on first use). */
static int
put_field(json_t *obj, const struct field *f, json_t *v)
{
	json_t	*sub = obj;

	if (v == NULL)
		return -1;
	if (f->obj != NULL && (sub = json_object_get(obj, f->obj)) == NULL) {
		if ((sub = json_object()) == NULL ||
		    json_object_set_new(obj, f->obj, sub) == -1) {
			json_decref(v);
			return -1;
		}
	}
	return json_object_set_new(sub, f->key, v);
}

static enum err_code
fields_to_json(json_t *obj, const struct field *tab, size_t n,
    const void *base, const char *where, struct err *e)
{
	int	 bad = 0;

	for (size_t i = 0; i < n; i++) {
		if (put_field(obj, &tab[i], field_to_json(&tab[i], base,
		    &bad)) == -1)
			return ERR(e, ERR_NOMEM, "manifest: %s%s", where,
			    tab[i].key);
		if (bad)
			return ERR(e, ERR_USAGE, "manifest: %s%s: too large",
			    where, tab[i].key);
	}
	return ERR_OK;
}

static enum err_code
items_to_json(json_t *root, const struct manifest *m, struct err *e)
{
	json_t		*a, *o;
	char		 where[40];
	enum err_code	 rc;

	if ((a = json_array()) == NULL ||
	    json_object_set_new(root, "items", a) == -1)
		return ERR(e, ERR_NOMEM, "manifest: items");
	for (size_t i = 0; i < m->nitems; i++) {
		snprintf(where, sizeof(where), "items[%zu].", i);
		if ((o = json_object()) == NULL ||
		    json_array_append_new(a, o) == -1)
			return ERR(e, ERR_NOMEM, "manifest: %s", where);
		rc = fields_to_json(o, item_fields, NELEM(item_fields),
		    &m->items[i], where, e);
		if (rc != ERR_OK)
			return rc;
	}
	return ERR_OK;
}

enum err_code
manifest_to_json(const struct manifest *m, char **out, size_t *len,
    struct err *e)
{
	json_t		*root;
	char		*s = NULL;
	enum err_code	 rc;

	*out = NULL;
	if ((root = json_object()) == NULL)
		return ERR(e, ERR_NOMEM, "manifest");
	rc = fields_to_json(root, top_fields, NELEM(top_fields), m, "", e);
	if (rc == ERR_OK)
		rc = items_to_json(root, m, e);
	if (rc == ERR_OK && (s = json_dumps(root, JSON_INDENT(1) |
	    JSON_PRESERVE_ORDER)) == NULL)
		rc = ERR(e, ERR_NOMEM, "manifest: serialise");
	json_decref(root);
	if (rc != ERR_OK)
		return rc;
	*len = strlen(s);
	*out = s;
	return ERR_OK;
}

/* ---- parsing ---- */

static int
parse_time(const char *s, int64_t *ns)
{
	int	has_tz, y = 0;

	for (int i = 0; i < 4; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		y = y * 10 + (s[i] - '0');
	}
	if (y < YEAR_MIN || y > YEAR_MAX)
		return -1;
	if (units_iso_time(str_make(s, strlen(s)), ns, &has_tz) == -1 ||
	    !has_tz || *ns < 0)
		return -1;
	return 0;
}

static int
sha_ok(const char *s)
{
	size_t	n = strlen(s);

	if (n == 0)
		return 1;
	if (n != 64)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') ||
		    (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

/* [[off, len], ...] with off + len not overflowing. */
static int
parse_ranges(json_t *v, struct manifest_item *it)
{
	json_t		*r;
	size_t		 i;
	json_int_t	 off, len;

	if (!json_is_array(v))
		return -1;
	json_array_foreach(v, i, r) {
		if (!json_is_array(r) || json_array_size(r) != 2 ||
		    !json_is_integer(json_array_get(r, 0)) ||
		    !json_is_integer(json_array_get(r, 1)))
			return -1;
		off = json_integer_value(json_array_get(r, 0));
		len = json_integer_value(json_array_get(r, 1));
		if (off < 0 || len < 0 || off > INT64_MAX - len)
			return -1;
		if (manifest_item_add_range(it, (uint64_t)off,
		    (uint64_t)len) == -1)
			return -2;
	}
	return 0;
}

static int
parse_str(json_t *v, char **dst)
{
	if (json_is_null(v))
		return manifest_set_str(dst, NULL) == -1 ? -2 : 0;
	if (!json_is_string(v))
		return -1;
	return manifest_set_str(dst, json_string_value(v)) == -1 ? -2 : 0;
}

static int
parse_int(json_t *v, const struct field *f, int64_t *out)
{
	json_int_t	x;

	if (!json_is_integer(v))
		return -1;
	x = json_integer_value(v);
	if (f->type != F_U64 && (x < f->min || x > f->max))
		return -1;
	if (f->type == F_U64 && x < 0)
		return -1;
	*out = x;
	return 0;
}

/*
 * Store one JSON value into the field. Returns 0, -1 for a bad value,
 * -2 for ENOMEM.
 */
static int
field_from_json(const struct field *f, json_t *v, char *base)
{
	void	*p = base + f->off;
	int64_t	 x;

	switch (f->type) {
	case F_STR:
		return parse_str(v, (char **)p);
	case F_BOOL:
		if (!json_is_boolean(v))
			return -1;
		*(int *)p = json_is_true(v);
		return 0;
	case F_TIME:
		if (json_is_null(v) && !f->required) {
			*(int64_t *)p = 0;
			return 0;
		}
		if (!json_is_string(v))
			return -1;
		return parse_time(json_string_value(v), (int64_t *)p);
	case F_SHA:
		if (!json_is_string(v) || !sha_ok(json_string_value(v)))
			return -1;
		memcpy(p, json_string_value(v), strlen(json_string_value(v)) +
		    1);
		return 0;
	case F_UTCOFF:
		((struct manifest *)base)->clocks.has_offset = 0;
		if (json_is_null(v))
			return 0;
		((struct manifest *)base)->clocks.has_offset = 1;
		break;
	case F_RANGES:
		return parse_ranges(v, (struct manifest_item *)base);
	default:
		break;
	}
	if (parse_int(v, f, &x) == -1)
		return -1;
	if (f->type == F_INT || f->type == F_UTCOFF)
		*(int *)p = (int)x;
	else if (f->type == F_MS)
		*(int64_t *)p = x * 1000000;
	else if (f->type == F_U64)
		*(uint64_t *)p = (uint64_t)x;
	else
		*(int64_t *)p = x;
	return 0;
}

static const char *const type_hint[] = {
	[F_INT] = "an integer in range", [F_I64] = "an integer in range",
	[F_U64] = "a non-negative integer", [F_BOOL] = "true or false",
	[F_STR] = "a string or null",
	[F_TIME] = "an ISO 8601 UTC time (1970..2261)",
	[F_MS] = "a non-negative integer", [F_SHA] = "64 hex digits or \"\"",
	[F_UTCOFF] = "an integer (seconds) or null",
	[F_RANGES] = "[[offset, length], ...]",
};

static enum err_code
fields_from_json(json_t *obj, const struct field *tab, size_t n,
    void *base, const char *where, struct err *e)
{
	json_t	*sub, *v;
	int	 r;

	for (size_t i = 0; i < n; i++) {
		sub = tab[i].obj == NULL ? obj : json_object_get(obj,
		    tab[i].obj);
		if (sub != NULL && !json_is_object(sub))
			return ERR(e, ERR_FORMAT, "manifest: %s%s: not an "
			    "object", where, tab[i].obj);
		v = sub == NULL ? NULL : json_object_get(sub, tab[i].key);
		if (v == NULL && tab[i].required)
			return ERR(e, ERR_FORMAT, "manifest: %s%s%s%s: "
			    "missing", where, tab[i].obj ? tab[i].obj : "",
			    tab[i].obj ? "." : "", tab[i].key);
		if (v == NULL)
			continue;
		if ((r = field_from_json(&tab[i], v, base)) == -2)
			return ERR(e, ERR_NOMEM, "manifest: %s%s", where,
			    tab[i].key);
		if (r != 0)
			return ERR(e, ERR_FORMAT, "manifest: %s%s%s%s: want "
			    "%s", where, tab[i].obj ? tab[i].obj : "",
			    tab[i].obj ? "." : "", tab[i].key,
			    type_hint[tab[i].type]);
	}
	return ERR_OK;
}

static enum err_code
item_check(const struct manifest_item *it, size_t idx, struct err *e)
{
	size_t	k;

	if (it->path[0] == '\0')
		return ERR(e, ERR_FORMAT, "manifest: items[%zu].path: empty",
		    idx);
	if (it->kind == NULL)
		return ERR_OK;
	for (k = 0; k < NELEM(item_kinds); k++)
		if (strcmp(it->kind, item_kinds[k]) == 0)
			return ERR_OK;
	return ERR(e, ERR_FORMAT, "manifest: items[%zu].kind: want command, "
	    "file or generated", idx);
}

static int
cmp_item_path(const void *a, const void *b)
{
	const struct manifest_item *const *x = a, *const *y = b;

	return strcmp((*x)->path, (*y)->path);
}

/* Duplicate paths, found by sorting pointers (n log n on hostile input). */
static enum err_code
items_unique(const struct manifest *m, struct err *e)
{
	const struct manifest_item	**v;
	enum err_code			  rc = ERR_OK;

	if (m->nitems < 2)
		return ERR_OK;
	if ((v = calloc(m->nitems, sizeof(*v))) == NULL)
		return ERR(e, ERR_NOMEM, "manifest: items");
	for (size_t i = 0; i < m->nitems; i++)
		v[i] = &m->items[i];
	qsort(v, m->nitems, sizeof(*v), cmp_item_path);
	for (size_t i = 1; i < m->nitems && rc == ERR_OK; i++)
		if (strcmp(v[i - 1]->path, v[i]->path) == 0)
			rc = ERR(e, ERR_FORMAT, "manifest: items[%zu].path: "
			    "duplicate \"%.64s\"", (size_t)(v[i] - m->items),
			    v[i]->path);
	free(v);
	return rc;
}

static enum err_code
items_from_json(json_t *root, struct manifest *m, struct err *e)
{
	json_t			*a, *o;
	struct manifest_item	*it;
	size_t			 i;
	char			 where[40];
	enum err_code		 rc;

	if ((a = json_object_get(root, "items")) == NULL)
		return ERR(e, ERR_FORMAT, "manifest: items: missing");
	if (!json_is_array(a))
		return ERR(e, ERR_FORMAT, "manifest: items: not an array");
	json_array_foreach(a, i, o) {
		snprintf(where, sizeof(where), "items[%zu].", i);
		if (!json_is_object(o))
			return ERR(e, ERR_FORMAT, "manifest: items[%zu]: not "
			    "an object", i);
		if ((it = manifest_add_item(m)) == NULL)
			return ERR(e, ERR_NOMEM, "manifest: %s", where);
		rc = fields_from_json(o, item_fields, NELEM(item_fields), it,
		    where, e);
		if (rc == ERR_OK && it->path == NULL)
			rc = ERR(e, ERR_FORMAT, "manifest: %spath: want a "
			    "string", where);
		if (rc == ERR_OK)
			rc = item_check(it, i, e);
		if (rc != ERR_OK)
			return rc;
	}
	return items_unique(m, e);
}

enum err_code
manifest_from_json(const char *p, size_t n, struct manifest **out,
    struct err *e)
{
	json_t		*root;
	json_error_t	 je;
	struct manifest	*m;
	enum err_code	 rc;

	*out = NULL;
	if (n > MANIFEST_MAX_BYTES)
		return ERR(e, ERR_FORMAT, "manifest: %zu bytes, more than %u",
		    n, MANIFEST_MAX_BYTES);
	/* Depth is bounded by jansson (JSON_PARSER_MAX_DEPTH). */
	if ((root = json_loadb(p, n, JSON_REJECT_DUPLICATES, &je)) == NULL)
		return ERR(e, ERR_FORMAT, "manifest: line %d: %s", je.line,
		    je.text);
	if (!json_is_object(root)) {
		json_decref(root);
		return ERR(e, ERR_FORMAT, "manifest: not a JSON object");
	}
	if ((m = manifest_new()) == NULL) {
		json_decref(root);
		return ERR(e, ERR_NOMEM, "manifest");
	}
	rc = fields_from_json(root, top_fields, NELEM(top_fields), m, "", e);
	if (rc == ERR_OK)
		rc = items_from_json(root, m, e);
	json_decref(root);
	if (rc != ERR_OK) {
		manifest_free(m);
		return rc;
	}
	*out = m;
	return ERR_OK;
}
