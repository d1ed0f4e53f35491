/*
 * series: the watch file's format (series.h): one record decoder shared
 * by the reader and the writer's compaction, the reader (two passes over
 * the buffer: count, then fill dense arrays of a size known in advance),
 * and the append-only writer. The decoder checks each line's checksum
 * and syntax and joins the columns of every segment by name through a
 * small hash table. This module knows nothing of cgroups or GPUs: the
 * collector names the columns.
 */
#include <sys/stat.h>

#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "series.h"

#define NAME_MAX_LEN	255
#define NOTE_MAX_LEN	255
#define HASH_SZ		2048		/* > 2 * SERIES_MAX_COLS */
#define OFF_MAX		1000000000000ll	/* ms: about 31 years */
#define NS_PER_MS	1000000ll
#define COMPACT_NOTES	256		/* notes a compaction keeps */

/* ---- CRC-32 (IEEE 802.3, reflected, as zlib) ---- */

static uint32_t
crc32_of(const char *p, size_t n)
{
	static uint32_t	tab[256];
	static int	ready;
	uint32_t	c;

	if (!ready) {
		for (uint32_t i = 0; i < 256; i++) {
			c = i;
			for (int k = 0; k < 8; k++)
				c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
			tab[i] = c;
		}
		ready = 1;
	}
	c = 0xffffffffu;
	for (size_t i = 0; i < n; i++)
		c = tab[(c ^ (unsigned char)p[i]) & 0xff] ^ (c >> 8);
	return c ^ 0xffffffffu;
}

/* ---- the decoder ---- */

enum rec { R_BAD, R_HDR, R_COL, R_ROW, R_NOTE };

struct dcol {
	char		*name, *unit;
	int64_t		 limit;
};

struct dec {
	struct arena	*a;
	struct dcol	 cols[SERIES_MAX_COLS];
	size_t		 ncols;
	int32_t		 hash[HASH_SZ];		/* global index + 1 */
	int		 have_first;		/* first header's values: */
	const char	*job, *host;
	int64_t		 interval_ms, t0_ns, mono0_ns, bucket_ms;
	int		 in_seg;		/* the current segment: */
	int64_t		 seg_t0;
	int32_t		 map[SERIES_MAX_COLS];	/* segment index -> global */
	size_t		 nmap;
	int64_t		 prev[SERIES_MAX_COLS];
	int64_t		 nv[SERIES_MAX_COLS];
	int		 have_t;
	int64_t		 last_t;
	/* the record just decoded: */
	int		 merged;
	int64_t		 t, span;
	int64_t		 row[SERIES_MAX_COLS];	/* global; for R_ROW */
	const char	*note;
	size_t		 note_n;
	const char	*why;
};

struct tok {
	const char	*p, *end;
};

/* Next space-separated token; 0 at the end, -1 on an empty token. */
static int
tok_next(struct tok *t, const char **s, size_t *n)
{
	const char	*sp;

	if (t->p >= t->end)
		return 0;
	sp = memchr(t->p, ' ', (size_t)(t->end - t->p));
	if (sp == NULL)
		sp = t->end;
	if (sp == t->p)
		return -1;
	*s = t->p;
	*n = (size_t)(sp - t->p);
	t->p = sp < t->end ? sp + 1 : sp;
	if (sp < t->end && t->p == t->end)
		return -1;	/* trailing space */
	return 1;
}

static int
tok_is(const char *s, size_t n, const char *lit)
{
	return n == strlen(lit) && memcmp(s, lit, n) == 0;
}

/* A decimal int64 (optional '-'); 0 ok, -1 bad or overflow. */
static int
dec_i64(const char *s, size_t n, int64_t *out)
{
	uint64_t	v = 0, lim;
	int		neg = n > 0 && s[0] == '-';
	size_t		i = neg;

	if (i == n || n - i > 19)
		return -1;
	lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	for (; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		if (v > (lim - (uint64_t)(s[i] - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	if (neg)
		*out = v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v;
	else
		*out = (int64_t)v;
	return 0;
}

static int
name_ok(const char *s, size_t n)
{
	if (n == 0 || n > NAME_MAX_LEN)
		return 0;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] <= ' ' || (unsigned char)s[i] >= 0x7f)
			return 0;
	return 1;
}

static uint32_t
name_hash(const char *s, size_t n)
{
	uint32_t	h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* Global index of a column name, inserting it; -1 full or no memory. */
static long
col_global(struct dec *d, const char *s, size_t n, const char *u, size_t un)
{
	uint32_t	h = name_hash(s, n) % HASH_SZ;
	struct dcol	*c;

	for (;; h = (h + 1) % HASH_SZ) {
		if (d->hash[h] == 0)
			break;
		c = &d->cols[d->hash[h] - 1];
		if (strlen(c->name) == n && memcmp(c->name, s, n) == 0)
			return d->hash[h] - 1;
	}
	if (d->ncols == SERIES_MAX_COLS)
		return -1;
	c = &d->cols[d->ncols];
	if ((c->name = arena_strndup(d->a, s, n)) == NULL ||
	    (c->unit = arena_strndup(d->a, u, un)) == NULL)
		return -1;
	c->limit = -1;
	d->hash[h] = (int32_t)++d->ncols;
	return (long)d->ncols - 1;
}

static enum rec
bad(struct dec *d, const char *why)
{
	d->why = why;
	return R_BAD;
}

static void
hdr_kv(struct dec *d, const char *s, size_t n, int first)
{
	const char	*eq = memchr(s, '=', n);
	size_t		 kl, vl;
	int64_t		 v = 0;
	int		 num;

	if (eq == NULL)
		return;
	kl = (size_t)(eq - s);
	vl = n - kl - 1;
	num = dec_i64(eq + 1, vl, &v) == 0;
	if (tok_is(s, kl, "t0_ns") && num)
		d->seg_t0 = v;
	if (!first)
		return;
	if (tok_is(s, kl, "job") && vl > 0 && vl <= NAME_MAX_LEN)
		d->job = arena_strndup(d->a, eq + 1, vl);
	else if (tok_is(s, kl, "host") && vl > 0 && vl <= NAME_MAX_LEN)
		d->host = arena_strndup(d->a, eq + 1, vl);
	else if (tok_is(s, kl, "interval_ms") && num && v > 0)
		d->interval_ms = v;
	else if (tok_is(s, kl, "mono0_ns") && num)
		d->mono0_ns = v;
	else if (tok_is(s, kl, "bucket_ms") && num && v > 0)
		d->bucket_ms = v;
}

static enum rec
dec_hdr(struct dec *d, struct tok *t)
{
	const char	*s;
	size_t		 n;
	int		 r, first = !d->have_first;

	if (tok_next(t, &s, &n) != 1 || !tok_is(s, n, "oomtrail-series"))
		return bad(d, "not an oomtrail-series header");
	if (tok_next(t, &s, &n) != 1 || !tok_is(s, n, "1"))
		return bad(d, "unsupported format version");
	d->seg_t0 = INT64_MIN;
	while ((r = tok_next(t, &s, &n)) == 1)
		hdr_kv(d, s, n, first);
	if (r == -1 || d->seg_t0 == INT64_MIN)
		return bad(d, "header without t0_ns");
	if (first) {
		d->have_first = 1;
		d->t0_ns = d->seg_t0;
	}
	d->in_seg = 1;
	d->nmap = 0;
	return R_HDR;
}

static enum rec
dec_col(struct dec *d, struct tok *t)
{
	const char	*s[4];
	size_t		 n[4];
	int64_t		 idx, lim = -1;
	long		 g;

	for (int i = 0; i < 4; i++)
		if (tok_next(t, &s[i], &n[i]) != 1)
			return bad(d, "column: missing field");
	if (t->p != t->end || dec_i64(s[0], n[0], &idx) == -1 || idx < 0 ||
	    (size_t)idx > d->nmap || idx >= SERIES_MAX_COLS ||
	    !name_ok(s[1], n[1]) || !name_ok(s[2], n[2]) || n[2] > 16)
		return bad(d, "column: bad index, name or unit");
	if (!tok_is(s[3], n[3], "-") && (dec_i64(s[3], n[3], &lim) == -1 ||
	    lim < -1))
		return bad(d, "column: bad limit");
	if ((size_t)idx < d->nmap) {
		g = d->map[idx];
		if (!tok_is(s[1], n[1], d->cols[g].name))
			return bad(d, "column: index redeclared with another name");
	} else if ((g = col_global(d, s[1], n[1], s[2], n[2])) == -1)
		return bad(d, "column: too many columns");
	else {
		d->map[d->nmap] = (int32_t)g;
		d->prev[d->nmap++] = SERIES_NONE;
	}
	d->cols[g].limit = lim;
	return R_COL;
}

/* Decode the values of a row into d->nv (segment order); count in *k. */
static int
dec_values(struct dec *d, struct tok *t, size_t *k)
{
	const char	*s;
	size_t		 n;
	int		 r;

	*k = 0;
	while ((r = tok_next(t, &s, &n)) == 1) {
		if (*k == d->nmap)
			return -1;
		if (tok_is(s, n, "-"))
			d->nv[*k] = SERIES_NONE;
		else if (tok_is(s, n, "="))
			d->nv[*k] = d->prev[*k];
		else if (dec_i64(s, n, &d->nv[*k]) == -1 ||
		    d->nv[*k] == SERIES_NONE)
			return -1;
		(*k)++;
	}
	return r;
}

static enum rec
dec_row(struct dec *d, struct tok *t, int merged)
{
	const char	*s;
	size_t		 n, k;
	int64_t		 off, span = 0, tn;

	if (tok_next(t, &s, &n) != 1 || dec_i64(s, n, &off) == -1 ||
	    off > OFF_MAX || off < -OFF_MAX)
		return bad(d, "row: bad time offset");
	if (merged && (tok_next(t, &s, &n) != 1 ||
	    dec_i64(s, n, &span) == -1 || span < 0 || span > OFF_MAX))
		return bad(d, "row: bad span");
	if (__builtin_add_overflow(d->seg_t0, off * NS_PER_MS, &tn))
		return bad(d, "row: time out of range");
	if (dec_values(d, t, &k) == -1)
		return bad(d, "row: bad value or more values than columns");
	if (d->have_t && tn < d->last_t)
		return bad(d, "row: earlier than the row before");
	for (size_t i = 0; i < d->ncols; i++)
		d->row[i] = SERIES_NONE;
	for (size_t i = 0; i < d->nmap; i++) {
		d->prev[i] = i < k ? d->nv[i] : SERIES_NONE;
		d->row[d->map[i]] = d->prev[i];
	}
	d->have_t = 1;
	d->last_t = d->t = tn;
	d->span = span * NS_PER_MS;
	d->merged = merged;
	return R_ROW;
}

/* One line without its "\n". */
static enum rec
dec_line(struct dec *d, const char *p, size_t n)
{
	struct tok	t;
	char		hex[9];
	size_t		body;

	if (n < 12 || n > SERIES_LINE_MAX || p[n - 10] != ' ' ||
	    p[n - 9] != '*' || p[1] != ' ')
		return bad(d, "no checksum");
	body = n - 10;
	snprintf(hex, sizeof(hex), "%08x", crc32_of(p, body));
	if (memcmp(hex, p + n - 8, 8) != 0)
		return bad(d, "bad checksum");
	t = (struct tok){ p + 2, p + body };
	if (p[0] == 'H')
		return dec_hdr(d, &t);
	if (!d->in_seg)
		return bad(d, "record before any header");
	switch (p[0]) {
	case 'C':
		return dec_col(d, &t);
	case 'S':
		return dec_row(d, &t, 0);
	case 'M':
		return dec_row(d, &t, 1);
	case 'N':
		d->note = t.p;
		d->note_n = (size_t)(t.end - t.p);
		return R_NOTE;
	}
	return bad(d, "unknown record type");
}

/* Forget the segment state before another pass over the same lines. */
static void
dec_rewind(struct dec *d)
{
	d->in_seg = 0;
	d->nmap = 0;
	d->have_t = 0;
}

/* ---- the reader ---- */

struct rd {
	struct dec	*d;
	struct series	*s;
	size_t		 keep;		/* rows to store (pass 2) */
	size_t		 nrows;		/* rows seen this pass */
	size_t		 bad_line;	/* first bad line, for the error */
	const char	*bad_why;
};

/* Feed every complete line to fn; 1 if the last line had no newline. */
static int
each_line(const char *buf, size_t len, void (*fn)(struct rd *, size_t,
    const char *, size_t), struct rd *r)
{
	const char	*p = buf, *end = buf + len, *nl;
	size_t		 lineno = 0;

	while (p < end) {
		lineno++;
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			return 1;
		fn(r, lineno, p, (size_t)(nl - p));
		p = nl + 1;
	}
	return 0;
}

static void
pass1(struct rd *r, size_t lineno, const char *p, size_t n)
{
	struct series	*s = r->s;
	char		*note;

	switch (dec_line(r->d, p, n)) {
	case R_BAD:
		s->bad_records++;
		if (r->bad_line == 0) {
			r->bad_line = lineno;
			r->bad_why = r->d->why;
		}
		break;
	case R_ROW:
		r->nrows++;
		break;
	case R_NOTE:
		if (s->nnotes < SERIES_MAX_NOTES && (note = arena_strndup(
		    r->d->a, r->d->note, r->d->note_n < NOTE_MAX_LEN ?
		    r->d->note_n : NOTE_MAX_LEN)) != NULL)
			s->notes[s->nnotes++] = note;
		break;
	default:
		break;
	}
}

static void
pass2(struct rd *r, size_t lineno, const char *p, size_t n)
{
	struct series	*s = r->s;
	struct dec	*d = r->d;

	(void)lineno;
	if (dec_line(d, p, n) != R_ROW)
		return;
	if (r->nrows < r->keep) {
		s->t_ns[r->nrows] = d->t;
		s->span_ns[r->nrows] = d->span;
		memcpy(&s->v[r->nrows * s->ncols], d->row,
		    s->ncols * sizeof(int64_t));
		s->downsampled |= d->merged;
	}
	r->nrows++;
}

static enum err_code
read_fill(struct rd *r, const char *buf, size_t len, struct arena *a,
    struct err *e)
{
	struct series	*s = r->s;
	struct dec	*d = r->d;
	size_t		 max;

	s->ncols = d->ncols;
	/* Rows of few columns still cost their times: count at least 4. */
	max = SERIES_MAX_CELLS / (s->ncols < 4 ? 4 : s->ncols);
	r->keep = r->nrows < max ? r->nrows : max;
	s->skipped_rows = r->nrows - r->keep;
	if ((s->cols = arena_zalloc(a, (s->ncols + 1) * sizeof(*s->cols)))
	    == NULL || (s->t_ns = arena_alloc(a, (r->keep + 1) * 8)) == NULL ||
	    (s->span_ns = arena_alloc(a, (r->keep + 1) * 8)) == NULL ||
	    (s->v = arena_alloc(a, (r->keep * s->ncols + 1) * 8)) == NULL)
		return ERR(e, ERR_NOMEM, "series: %zu rows", r->keep);
	for (size_t i = 0; i < s->ncols; i++)
		s->cols[i] = (struct series_col){ d->cols[i].name,
		    d->cols[i].unit, d->cols[i].limit };
	dec_rewind(d);
	r->nrows = 0;
	each_line(buf, len, pass2, r);
	s->nrows = r->keep;
	return ERR_OK;
}

enum err_code
series_read(const char *buf, size_t len, struct arena *a, struct series *s,
    struct err *e)
{
	struct rd	 r = { 0 };
	struct dec	*d;

	memset(s, 0, sizeof(*s));
	if ((d = arena_zalloc(a, sizeof(*d))) == NULL ||
	    (s->notes = arena_zalloc(a, SERIES_MAX_NOTES * sizeof(char *)))
	    == NULL)
		return ERR(e, ERR_NOMEM, "series decoder");
	d->a = a;
	r.d = d;
	r.s = s;
	s->dropped_tail = each_line(buf, len, pass1, &r);
	if (!d->have_first) {
		if (r.bad_line != 0)
			return ERR(e, ERR_PARSE, "line %zu: %s", r.bad_line,
			    r.bad_why);
		return ERR(e, ERR_PARSE, "line 1: %s", len == 0 ? "empty" :
		    "no complete oomtrail-series header");
	}
	s->job = d->job;
	s->host = d->host;
	s->interval_ms = d->interval_ms;
	s->t0_ns = d->t0_ns;
	s->mono0_ns = d->mono0_ns;
	s->bucket_ms = d->bucket_ms;
	return read_fill(&r, buf, len, a, e);
}

long
series_col_index(const struct series *s, const char *name)
{
	for (size_t i = 0; i < s->ncols; i++)
		if (strcmp(s->cols[i].name, name) == 0)
			return (long)i;
	return -1;
}

int64_t
series_get(const struct series *s, size_t r, const char *name)
{
	long	c = series_col_index(s, name);

	if (c == -1 || r >= s->nrows)
		return SERIES_NONE;
	return s->v[r * s->ncols + (size_t)c];
}

/* ---- the encoder ---- */

struct lb {
	char	*p;
	size_t	 n, cap;
	int	 over;
};

static void __attribute__((format(printf, 2, 3)))
lb_printf(struct lb *b, const char *fmt, ...)
{
	va_list	ap;
	int	r;

	if (b->over)
		return;
	va_start(ap, fmt);
	r = vsnprintf(b->p + b->n, b->cap - b->n, fmt, ap);
	va_end(ap);
	if (r < 0 || (size_t)r >= b->cap - b->n)
		b->over = 1;
	else
		b->n += (size_t)r;
}

static int
write_all(int fd, const char *p, size_t n)
{
	ssize_t	r;

	while (n > 0) {
		if ((r = write(fd, p, n)) <= 0) {
			if (r == -1 && errno == EINTR)
				continue;
			return -1;
		}
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

/* Seal the line in b (checksum, newline) and write it with one call. */
static int
lb_put(struct lb *b, int fd)
{
	uint32_t	c;

	if (b->over || b->n + 11 > b->cap || b->n > SERIES_LINE_MAX - 11)
		return -1;
	c = crc32_of(b->p, b->n);
	snprintf(b->p + b->n, b->cap - b->n, " *%08x\n", c);
	b->n += 11;
	return write_all(fd, b->p, b->n);
}

/* A header value: [A-Za-z0-9._+-], others '_', "-" when empty. */
static void
safe_val(char *out, size_t sz, const char *in)
{
	size_t	i = 0;

	for (; in != NULL && in[i] != '\0' && i + 1 < sz; i++)
		out[i] = (in[i] >= 'a' && in[i] <= 'z') ||
		    (in[i] >= 'A' && in[i] <= 'Z') ||
		    (in[i] >= '0' && in[i] <= '9') ||
		    strchr("._+-", in[i]) != NULL ? in[i] : '_';
	out[i] = '\0';
	if (i == 0)
		snprintf(out, sz, "-");
}

struct enc {
	int	 fd;
	struct lb b;
	int64_t	 t0;
	int64_t	 prev[SERIES_MAX_COLS];
	size_t	 nprev;		/* prev holds the first nprev columns */
};

static int
enc_hdr(struct enc *x, const char *job, const char *host, int64_t iv,
    int64_t t0, int64_t mono0, int64_t bucket)
{
	char	j[128], h[256];

	safe_val(j, sizeof(j), job);
	safe_val(h, sizeof(h), host);
	x->b.n = 0;
	x->b.over = 0;
	lb_printf(&x->b, "H oomtrail-series %d job=%s host=%s interval_ms=%lld"
	    " t0_ns=%lld mono0_ns=%lld", SERIES_FORMAT, j, h, (long long)iv,
	    (long long)t0, (long long)mono0);
	if (bucket > 0)
		lb_printf(&x->b, " bucket_ms=%lld", (long long)bucket);
	x->t0 = t0;
	x->nprev = 0;
	return lb_put(&x->b, x->fd);
}

static int
enc_col(struct enc *x, size_t i, const char *name, const char *unit,
    int64_t limit)
{
	x->b.n = 0;
	x->b.over = 0;
	lb_printf(&x->b, "C %zu %s %s ", i, name, unit);
	if (limit < 0)
		lb_printf(&x->b, "-");
	else
		lb_printf(&x->b, "%lld", (long long)limit);
	return lb_put(&x->b, x->fd);
}

/* floor((t - t0) / 1 ms), without overflow for any int64 pair. */
static int64_t
off_ms(int64_t t, int64_t t0)
{
	__int128	d = (__int128)t - t0;
	__int128	q = d / NS_PER_MS;

	if (d % NS_PER_MS != 0 && d < 0)
		q--;
	if (q > OFF_MAX)
		return OFF_MAX;
	return q < -OFF_MAX ? -OFF_MAX : (int64_t)q;
}

static int
enc_row(struct enc *x, int64_t t, int64_t span, const int64_t *v, size_t n)
{
	size_t	last = 0;

	x->b.n = 0;
	x->b.over = 0;
	if (span > 0)
		lb_printf(&x->b, "M %lld %lld", (long long)off_ms(t, x->t0),
		    (long long)(span / NS_PER_MS));
	else
		lb_printf(&x->b, "S %lld", (long long)off_ms(t, x->t0));
	for (size_t i = 0; i < n; i++)
		if (v[i] != SERIES_NONE)
			last = i + 1;
	for (size_t i = 0; i < last; i++) {
		if (v[i] == SERIES_NONE)
			lb_printf(&x->b, " -");
		else if (i < x->nprev && v[i] == x->prev[i])
			lb_printf(&x->b, " =");
		else
			lb_printf(&x->b, " %lld", (long long)v[i]);
	}
	for (size_t i = 0; i < n && i < SERIES_MAX_COLS; i++)
		x->prev[i] = i < last ? v[i] : SERIES_NONE;
	if (n > x->nprev)
		x->nprev = n;
	for (size_t i = n; i < x->nprev; i++)
		x->prev[i] = SERIES_NONE;
	return lb_put(&x->b, x->fd);
}

static int
enc_note(struct enc *x, const char *text)
{
	x->b.n = 0;
	x->b.over = 0;
	lb_printf(&x->b, "N ");
	for (size_t i = 0; text[i] != '\0' && i < NOTE_MAX_LEN; i++)
		lb_printf(&x->b, "%c", (unsigned char)text[i] < ' ' ||
		    text[i] == 0x7f ? '?' : text[i]);
	return lb_put(&x->b, x->fd);
}

enum err_code
series_write_fd(int fd, const struct series *s, const char *host,
    struct err *e)
{
	struct enc	*x;
	char		*line;
	int		 rc = 0;

	if (s->ncols > SERIES_MAX_COLS)
		return ERR(e, ERR_USAGE, "series: %zu columns", s->ncols);
	if ((x = calloc(1, sizeof(*x))) == NULL ||
	    (line = malloc(SERIES_LINE_MAX)) == NULL) {
		free(x);
		return ERR(e, ERR_NOMEM, "series encoder");
	}
	x->fd = fd;
	x->b = (struct lb){ line, 0, SERIES_LINE_MAX, 0 };
	rc |= enc_hdr(x, s->job, host != NULL ? host : s->host,
	    s->interval_ms, s->t0_ns, s->mono0_ns, s->bucket_ms);
	for (size_t i = 0; i < s->ncols; i++)
		rc |= enc_col(x, i, s->cols[i].name, s->cols[i].unit,
		    s->cols[i].limit);
	for (size_t r = 0; r < s->nrows && rc == 0; r++)
		rc |= enc_row(x, s->t_ns[r], s->span_ns ? s->span_ns[r] : 0,
		    &s->v[r * s->ncols], s->ncols);
	for (size_t i = 0; i < s->nnotes && rc == 0; i++)
		rc |= enc_note(x, s->notes[i]);
	free(line);
	free(x);
	return rc == 0 ? ERR_OK : ERR_SYS(e, ERR_IO, "series: write");
}

/* ---- the writer ---- */

struct series_writer {
	char		*path;
	int		 fd;
	int		 torn;		/* a short write left a partial line */
	uint64_t	 size, cap;
	char		*job, *host;
	int64_t		 interval_ms, t0_ns, mono0_ns, bucket_ms;
	char		*names[SERIES_MAX_COLS], *units[SERIES_MAX_COLS];
	int64_t		 limits[SERIES_MAX_COLS];
	size_t		 ncols;
	unsigned	 compactions;
	struct enc	 x;
	char		 line[SERIES_LINE_MAX];
};

static int
lock_fd(int fd)
{
	struct flock	fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };

	return fcntl(fd, F_SETLK, &fl);
}

/* Open and lock path, retrying when a compaction replaced it between
 * the open and the lock. */
static enum err_code
open_locked(struct series_writer *w, struct err *e)
{
	struct stat	a, b;

	for (int i = 0; i < 5; i++) {
		if ((w->fd = open(w->path, O_RDWR | O_APPEND | O_CREAT |
		    O_CLOEXEC | O_NOFOLLOW, 0600)) == -1)
			return ERR_SYS(e, ERR_IO, "%s", w->path);
		if (lock_fd(w->fd) == -1) {
			close(w->fd);
			w->fd = -1;
			return ERR(e, ERR_LIMIT, "%s: busy (another watcher "
			    "writes it)", w->path);
		}
		if (fstat(w->fd, &a) == 0 && stat(w->path, &b) == 0 &&
		    a.st_ino == b.st_ino && a.st_dev == b.st_dev) {
			w->size = (uint64_t)a.st_size;
			return ERR_OK;
		}
		close(w->fd);
	}
	w->fd = -1;
	return ERR(e, ERR_IO, "%s: keeps being replaced", w->path);
}

static int
w_put_start(struct series_writer *w)
{
	if (w->torn && write_all(w->fd, "\n", 1) == 0) {
		w->torn = 0;
		w->size++;
	}
	return w->torn ? -1 : 0;
}

/* Account for the line just written (or torn). */
static enum err_code
w_done(struct series_writer *w, int rc, struct err *e)
{
	struct stat	st;

	if (rc == 0) {
		w->size += w->x.b.n;
		return ERR_OK;
	}
	if (fstat(w->fd, &st) == 0)
		w->size = (uint64_t)st.st_size;
	w->x.nprev = 0;	/* the next row spells every value out */
	if (w->x.b.over)
		return ERR(e, ERR_LIMIT, "series: line over %d bytes",
		    SERIES_LINE_MAX);
	w->torn = 1;
	return ERR_SYS(e, ERR_IO, "%s: write", w->path);
}

enum err_code
series_writer_open(struct series_writer **wp, const char *path,
    const struct series_hdr *h, uint64_t cap, struct err *e)
{
	struct series_writer	*w;
	enum err_code		 rc;
	char			 last;

	*wp = NULL;
	if ((w = calloc(1, sizeof(*w))) == NULL ||
	    (w->path = strdup(path)) == NULL ||
	    (w->job = strdup(h->job ? h->job : "")) == NULL ||
	    (w->host = strdup(h->host ? h->host : "")) == NULL) {
		series_writer_close(w);
		return ERR(e, ERR_NOMEM, "series writer");
	}
	w->fd = -1;
	w->cap = cap != 0 ? cap : SERIES_CAP_DEFAULT;
	w->interval_ms = h->interval_ms;
	w->t0_ns = h->t0_ns;
	w->mono0_ns = h->mono0_ns;
	w->x.b = (struct lb){ w->line, 0, sizeof(w->line), 0 };
	if ((rc = open_locked(w, e)) != ERR_OK) {
		series_writer_close(w);
		return rc;
	}
	w->x.fd = w->fd;
	/* A partial line left by a writer that died: end it. */
	if (w->size > 0 && pread(w->fd, &last, 1, (off_t)w->size - 1) == 1 &&
	    last != '\n')
		w->torn = 1;
	if (w_put_start(w) == -1 || (rc = w_done(w, enc_hdr(&w->x, w->job,
	    w->host, w->interval_ms, w->t0_ns, w->mono0_ns, 0), e)) != ERR_OK) {
		series_writer_close(w);
		return rc != ERR_OK ? rc : ERR_SYS(e, ERR_IO, "%s", path);
	}
	*wp = w;
	return ERR_OK;
}

long
series_writer_col(struct series_writer *w, const char *name,
    const char *unit, int64_t limit)
{
	size_t	i;

	limit = limit < 0 ? -1 : limit;
	for (i = 0; i < w->ncols; i++)
		if (strcmp(w->names[i], name) == 0)
			break;
	if (i < w->ncols && w->limits[i] == limit)
		return (long)i;
	if (i == w->ncols) {
		if (i == SERIES_MAX_COLS || !name_ok(name, strlen(name)) ||
		    !name_ok(unit, strlen(unit)) || strlen(unit) > 16 ||
		    (w->names[i] = strdup(name)) == NULL)
			return -1;
		if ((w->units[i] = strdup(unit)) == NULL) {
			free(w->names[i]);
			return -1;
		}
		w->ncols++;
	}
	w->limits[i] = limit;
	if (w_put_start(w) == -1 || w_done(w, enc_col(&w->x, i, name,
	    w->units[i], limit), NULL) != ERR_OK)
		return -1;
	return (long)i;
}

enum err_code
series_writer_row(struct series_writer *w, int64_t t_ns, const int64_t *v,
    size_t n, struct err *e)
{
	enum err_code	rc;

	if (n > w->ncols)
		return ERR(e, ERR_USAGE, "series: %zu values for %zu columns",
		    n, w->ncols);
	if (w->size > w->cap && (rc = series_writer_compact(w, e)) != ERR_OK)
		return rc;
	if (w->size > w->cap)
		return ERR(e, ERR_LIMIT, "%s: over its cap of %llu bytes even "
		    "compacted", w->path, (unsigned long long)w->cap);
	if (w_put_start(w) == -1)
		return ERR_SYS(e, ERR_IO, "%s: write", w->path);
	return w_done(w, enc_row(&w->x, t_ns, 0, v, n), e);
}

enum err_code
series_writer_note(struct series_writer *w, const char *text, struct err *e)
{
	if (w->size > w->cap + SERIES_LINE_MAX)
		return ERR(e, ERR_LIMIT, "%s: over its cap", w->path);
	if (w_put_start(w) == -1)
		return ERR_SYS(e, ERR_IO, "%s: write", w->path);
	return w_done(w, enc_note(&w->x, text), e);
}

enum err_code
series_writer_sync(struct series_writer *w, struct err *e)
{
	if (fdatasync(w->fd) == -1)
		return ERR_SYS(e, ERR_IO, "%s: fdatasync", w->path);
	return ERR_OK;
}

uint64_t
series_writer_size(const struct series_writer *w)
{
	return w->size;
}

unsigned
series_writer_compactions(const struct series_writer *w)
{
	return w->compactions;
}

void
series_writer_close(struct series_writer *w)
{
	if (w == NULL)
		return;
	if (w->fd != -1) {
		fdatasync(w->fd);
		close(w->fd);
	}
	for (size_t i = 0; i < w->ncols; i++) {
		free(w->names[i]);
		free(w->units[i]);
	}
	free(w->path);
	free(w->job);
	free(w->host);
	free(w);
}

/* ---- compaction ---- */

/* Lines of a file through pread, in a fixed buffer. */
struct lr {
	int	 fd;
	off_t	 off;		/* file offset of buf[0] */
	char	*buf;
	size_t	 n, pos, cap;
};

/* Next complete line (without "\n"); 0 at the end (a last line without
 * its newline is not returned). Over-long lines come back cut, to be
 * rejected by the decoder (their length says so). */
static int
lr_line(struct lr *r, const char **p, size_t *n)
{
	char	*nl;
	ssize_t	 got;

	for (;;) {
		nl = memchr(r->buf + r->pos, '\n', r->n - r->pos);
		if (nl != NULL) {
			*p = r->buf + r->pos;
			*n = (size_t)(nl - *p);
			r->pos = (size_t)(nl - r->buf) + 1;
			return 1;
		}
		if (r->pos == 0 && r->n == r->cap)
			r->n = 0;	/* over-long: skip what we have */
		memmove(r->buf, r->buf + r->pos, r->n - r->pos);
		r->off += (off_t)r->pos;
		r->n -= r->pos;
		r->pos = 0;
		got = pread(r->fd, r->buf + r->n, r->cap - r->n,
		    r->off + (off_t)r->n);
		if (got <= 0)
			return 0;
		r->n += (size_t)got;
	}
}

struct cpt {
	struct series_writer	*w;
	struct dec		*d;
	struct lr		 lr;
	struct enc		*x;	/* the output */
	int32_t			 out[SERIES_MAX_COLS];	/* global -> output */
	size_t			 nout;
	size_t			 nrows, cut;	/* rows; merge those < cut */
	int64_t			 t_first, t_last, width;	/* width: ns */
	int64_t			 acc[SERIES_MAX_COLS], acc_t, acc_end, acc_b;
	int			 have_acc;
	int64_t			 vals[SERIES_MAX_COLS];
	unsigned		 notes;
};

static void
cpt_pass1(struct cpt *c)
{
	const char	*p;
	size_t		 n;

	c->lr.off = 0;
	c->lr.n = c->lr.pos = 0;
	while (lr_line(&c->lr, &p, &n))
		if (dec_line(c->d, p, n) == R_ROW) {
			if (c->nrows++ == 0)
				c->t_first = c->d->t;
			c->t_last = c->d->t;
		}
}

/* Bucket width: a power-of-two multiple of the last one (or of the
 * interval) so that the merged rows are at most half the merged part. */
static void
cpt_width(struct cpt *c, int64_t min_ms)
{
	int64_t	w = c->d->bucket_ms > 0 ? c->d->bucket_ms : c->w->interval_ms;
	__int128 span = (__int128)c->t_last - c->t_first;

	w = w < 1 ? 1 : w;
	while (w < min_ms || span / ((__int128)w * NS_PER_MS) + 1 >
	    (__int128)(c->cut / 2 > 0 ? c->cut / 2 : 1))
		w *= 2;
	c->width = w * NS_PER_MS;
	c->w->bucket_ms = w;
}

static int
cpt_flush(struct cpt *c)
{
	int	rc;

	if (!c->have_acc)
		return 0;
	c->have_acc = 0;
	rc = enc_row(c->x, c->acc_t, c->acc_end - c->acc_t > 0 ?
	    c->acc_end - c->acc_t : 1, c->acc, c->nout);
	return rc;
}

static int64_t
floordiv(int64_t a, int64_t b)
{
	int64_t	q = a / b;

	return a % b != 0 && a < 0 ? q - 1 : q;
}

static int
cpt_row(struct cpt *c, size_t idx)
{
	struct dec	*d = c->d;
	int64_t		 b;

	for (size_t i = 0; i < c->nout; i++)
		c->vals[i] = SERIES_NONE;
	for (size_t g = 0; g < d->ncols; g++)
		c->vals[c->out[g]] = d->row[g];
	if (idx >= c->cut) {
		if (cpt_flush(c) != 0)
			return -1;
		return enc_row(c->x, d->t, d->span, c->vals, c->nout);
	}
	b = floordiv(off_ms(d->t, c->x->t0), c->width / NS_PER_MS);
	if (c->have_acc && b != c->acc_b && cpt_flush(c) != 0)
		return -1;
	if (!c->have_acc) {
		c->have_acc = 1;
		c->acc_b = b;
		c->acc_t = d->t;
		for (size_t i = 0; i < c->nout; i++)
			c->acc[i] = SERIES_NONE;
	}
	for (size_t i = 0; i < c->nout; i++)
		if (c->vals[i] != SERIES_NONE && (c->acc[i] == SERIES_NONE ||
		    c->vals[i] > c->acc[i]))
			c->acc[i] = c->vals[i];
	c->acc_end = d->t + d->span;
	return 0;
}

/* Output column order: the writer's columns keep their indices, then the
 * columns only older segments had. */
static int
cpt_columns(struct cpt *c)
{
	struct series_writer	*w = c->w;
	struct dec		*d = c->d;
	size_t			 i, g;

	c->nout = w->ncols;
	for (g = 0; g < d->ncols; g++) {
		for (i = 0; i < w->ncols; i++)
			if (strcmp(w->names[i], d->cols[g].name) == 0)
				break;
		c->out[g] = (int32_t)(i < w->ncols ? i : c->nout++);
	}
	if (c->nout > SERIES_MAX_COLS)
		return -1;
	for (i = 0; i < w->ncols; i++)
		if (enc_col(c->x, i, w->names[i], w->units[i], w->limits[i]))
			return -1;
	for (g = 0; g < d->ncols; g++)
		if ((size_t)c->out[g] >= w->ncols && enc_col(c->x,
		    (size_t)c->out[g], d->cols[g].name, d->cols[g].unit,
		    d->cols[g].limit))
			return -1;
	return 0;
}

static int
cpt_pass2(struct cpt *c)
{
	const char	*p;
	size_t		 n, idx = 0;
	int		 rc = 0;
	enum rec	 r;
	char		 note[NOTE_MAX_LEN + 1];

	dec_rewind(c->d);
	c->lr.off = 0;
	c->lr.n = c->lr.pos = 0;
	while (rc == 0 && lr_line(&c->lr, &p, &n)) {
		r = dec_line(c->d, p, n);
		if (r == R_ROW)
			rc = cpt_row(c, idx++);
		else if (r == R_NOTE && c->notes++ < COMPACT_NOTES) {
			n = c->d->note_n < NOTE_MAX_LEN ? c->d->note_n :
			    NOTE_MAX_LEN;
			memcpy(note, c->d->note, n);
			note[n] = '\0';
			rc = cpt_flush(c) | enc_note(c->x, note);
		}
	}
	return rc | cpt_flush(c);
}

/* Write the compacted file into fd; 0 ok. */
static int
cpt_write(struct cpt *c, int fd, int64_t min_ms)
{
	struct series_writer	*w = c->w;
	char			 note[160];

	c->x->fd = fd;
	c->cut = c->nrows - c->nrows / 4;
	cpt_width(c, min_ms);
	if (enc_hdr(c->x, w->job, w->host, w->interval_ms, c->d->t0_ns,
	    c->d->mono0_ns, w->bucket_ms) != 0 || cpt_columns(c) != 0 ||
	    cpt_pass2(c) != 0)
		return -1;
	snprintf(note, sizeof(note), "compacted: %zu oldest of %zu rows "
	    "merged into %lld ms buckets (maximum of each column)", c->cut,
	    c->nrows, (long long)w->bucket_ms);
	return enc_note(c->x, note);
}

static int
tmp_open(const struct series_writer *w, char *tmp, size_t sz)
{
	const char	*slash = strrchr(w->path, '/');
	int		 dl = slash ? (int)(slash - w->path) + 1 : 0;
	int		 fd;

	if ((size_t)snprintf(tmp, sz, "%.*s.%s.XXXXXX", dl, w->path,
	    slash ? slash + 1 : w->path) >= sz || (fd = mkstemp(tmp)) == -1)
		return -1;
	if (lock_fd(fd) == -1) {
		close(fd);
		unlink(tmp);
		return -1;
	}
	return fd;
}

/* Replace the file by the compacted one; the writer continues in it. */
static enum err_code
cpt_swap(struct cpt *c, int fd, const char *tmp, struct err *e)
{
	struct series_writer	*w = c->w;
	struct stat		 st;

	if (fdatasync(fd) == -1 || fstat(fd, &st) == -1 ||
	    fcntl(fd, F_SETFL, O_APPEND) == -1 || rename(tmp, w->path) == -1)
		return ERR_SYS(e, ERR_IO, "%s: compaction", w->path);
	close(w->fd);
	w->fd = w->x.fd = fd;
	w->size = (uint64_t)st.st_size;
	w->x.t0 = c->x->t0;
	memcpy(w->x.prev, c->x->prev, sizeof(w->x.prev));
	w->x.nprev = c->x->nprev < w->ncols ? c->x->nprev : w->ncols;
	w->compactions++;
	return ERR_OK;
}

static enum err_code
cpt_run(struct cpt *c, struct err *e)
{
	char		tmp[4096];
	int		fd;
	int64_t		min_ms = 0;
	enum err_code	rc;

	cpt_pass1(c);
	if (c->nrows < 8)
		return ERR(e, ERR_LIMIT, "%s: too few rows to compact",
		    c->w->path);
	for (int i = 0; i < 8; i++) {
		if ((fd = tmp_open(c->w, tmp, sizeof(tmp))) == -1)
			return ERR_SYS(e, ERR_IO, "%s: temporary file",
			    c->w->path);
		if (cpt_write(c, fd, min_ms) != 0) {
			close(fd);
			unlink(tmp);
			return ERR_SYS(e, ERR_IO, "%s: compaction", c->w->path);
		}
		if ((uint64_t)lseek(fd, 0, SEEK_END) <= c->w->cap / 2 ||
		    i == 7) {
			if ((rc = cpt_swap(c, fd, tmp, e)) != ERR_OK) {
				close(fd);
				unlink(tmp);
			}
			return rc;
		}
		close(fd);
		unlink(tmp);
		min_ms = c->w->bucket_ms * 4;
		c->notes = 0;
		memset(c->x, 0, sizeof(*c->x));
		c->x->b = (struct lb){ c->w->line, 0, sizeof(c->w->line), 0 };
	}
	return ERR_OK;
}

enum err_code
series_writer_compact(struct series_writer *w, struct err *e)
{
	struct cpt	*c;
	struct arena	*a;
	enum err_code	 rc = ERR_NOMEM;

	if ((c = calloc(1, sizeof(*c))) == NULL)
		return ERR(e, ERR_NOMEM, "compaction");
	c->w = w;
	c->lr = (struct lr){ w->fd, 0, malloc(SERIES_LINE_MAX), 0, 0,
	    SERIES_LINE_MAX };
	a = arena_new(1 << 14);
	c->d = calloc(1, sizeof(*c->d));
	c->x = calloc(1, sizeof(*c->x));
	if (c->lr.buf != NULL && a != NULL && c->d != NULL && c->x != NULL) {
		c->d->a = a;
		c->x->b = (struct lb){ w->line, 0, sizeof(w->line), 0 };
		rc = cpt_run(c, e);
	} else
		ERR(e, ERR_NOMEM, "compaction");
	free(c->lr.buf);
	free(c->d);
	free(c->x);
	arena_free(a);
	free(c);
	return rc;
}
