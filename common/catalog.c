/*
 * catalog: compiles the signature table (catalog_table.c), splits a line
 * into envelope and body, matches bodies against the table, and runs the
 * streaming block scanner (at the end of this file).
 *
 * Matching a line: strip the envelope, then for each row whose needle
 * occurs in the body run its JIT-compiled regex under a match limit.
 * Nothing here allocates after catalog_new() / cat_scan_new(), prints or
 * exits. Bad input is never an error: a line that trips a regex limit is
 * counted and treated as no match.
 */
#define PCRE2_CODE_UNIT_WIDTH 8

#include <pcre2.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "compat.h"
#include "needles.h"
#include "units.h"

#define MATCH_LIMIT	200000	/* backtracking steps per regex run */
#define DEPTH_LIMIT	2000	/* nested backtracking frames */
#define HEAP_LIMIT	4096	/* KiB of backtracking memory */
#define MAX_GROUPS	64
#define MAX_NEEDLES	ND_MAX

struct row {
	pcre2_code	*code;
	PCRE2_SPTR	 names;		/* name table (entry: 2 bytes + name) */
	uint32_t	 nnames, entry;
	uint64_t	 group;		/* bit of its group, 0 if none */
};

struct catalog {
	struct row		*rows;
	size_t			 n;
	pcre2_match_data	*md;
	pcre2_match_context	*mctx;
	const char		*needles[MAX_NEEDLES];	/* distinct, all rows */
	size_t			 nneedles;
	uint64_t		 limit_hits;
	char			*norm;		/* CAT_LINE_MAX: a body with
						 * ASCII quotes */
};

/* The regex compile error, as text, for the row being compiled. */
static enum err_code
compile_error(int rc, size_t off, size_t row, struct err *e)
{
	PCRE2_UCHAR	msg[160];

	pcre2_get_error_message(rc, msg, sizeof(msg));
	return ERR(e, ERR_REGEX, "%s: offset %zu: %s", catalog_table[row].id,
	    off, (const char *)msg);
}

static int
group_bit(const char **groups, size_t *ngroups, const char *g, uint64_t *bit)
{
	size_t	i;

	*bit = 0;
	if (g == NULL)
		return 0;
	for (i = 0; i < *ngroups; i++)
		if (strcmp(groups[i], g) == 0)
			break;
	if (i == *ngroups) {
		if (*ngroups == MAX_GROUPS)
			return -1;
		groups[(*ngroups)++] = g;
	}
	*bit = 1ULL << i;
	return 0;
}

static int
add_needles(struct catalog *c, const struct cat_sig *s)
{
	for (size_t k = 0; k < CAT_NEEDLES && s->needles[k] != NULL; k++) {
		size_t	j;

		for (j = 0; j < c->nneedles; j++)
			if (strcmp(c->needles[j], s->needles[k]) == 0)
				break;
		if (j < c->nneedles)
			continue;
		if (c->nneedles == MAX_NEEDLES)
			return -1;
		c->needles[c->nneedles++] = s->needles[k];
	}
	return 0;
}

static enum err_code
compile_row(struct catalog *c, size_t i, const char **groups,
    size_t *ngroups, struct err *e)
{
	const struct cat_sig	*s = &catalog_table[i];
	struct row		*r = &c->rows[i];
	int			 rc;
	PCRE2_SIZE		 off;

	r->code = pcre2_compile((PCRE2_SPTR)s->pcre, PCRE2_ZERO_TERMINATED,
	    PCRE2_DUPNAMES, &rc, &off, NULL);
	if (r->code == NULL)
		return compile_error(rc, off, i, e);
	/* No JIT on this platform is fine: the interpreter runs instead. */
	(void)pcre2_jit_compile(r->code, PCRE2_JIT_COMPLETE);
	pcre2_pattern_info(r->code, PCRE2_INFO_NAMECOUNT, &r->nnames);
	pcre2_pattern_info(r->code, PCRE2_INFO_NAMEENTRYSIZE, &r->entry);
	pcre2_pattern_info(r->code, PCRE2_INFO_NAMETABLE, &r->names);
	if (group_bit(groups, ngroups, s->group, &r->group) == -1 ||
	    s->needles[0] == NULL || add_needles(c, s) == -1)
		return ERR(e, ERR_LIMIT, "%s: too many groups or needles, or "
		    "no needle", s->id);
	return ERR_OK;
}

enum err_code
catalog_new(struct catalog **out, struct err *e)
{
	struct catalog	*c;
	const char	*groups[MAX_GROUPS];
	size_t		 ngroups = 0;
	enum err_code	 rc;

	*out = NULL;
	if ((c = calloc(1, sizeof(*c))) == NULL ||
	    (c->rows = calloc(catalog_table_len, sizeof(*c->rows))) == NULL) {
		free(c);
		return ERR(e, ERR_NOMEM, "catalog");
	}
	c->n = catalog_table_len;
	for (size_t i = 0; i < c->n; i++)
		if ((rc = compile_row(c, i, groups, &ngroups, e)) != ERR_OK) {
			catalog_free(c);
			return rc;
		}
	c->md = pcre2_match_data_create(CAT_FIELDS * 2 + 2, NULL);
	c->mctx = pcre2_match_context_create(NULL);
	c->norm = malloc(CAT_LINE_MAX);
	if (c->md == NULL || c->mctx == NULL || c->norm == NULL) {
		catalog_free(c);
		return ERR(e, ERR_NOMEM, "catalog match data");
	}
	pcre2_set_match_limit(c->mctx, MATCH_LIMIT);
	pcre2_set_depth_limit(c->mctx, DEPTH_LIMIT);
	pcre2_set_heap_limit(c->mctx, HEAP_LIMIT);
	*out = c;
	return ERR_OK;
}

void
catalog_free(struct catalog *c)
{
	if (c == NULL)
		return;
	for (size_t i = 0; c->rows != NULL && i < c->n; i++)
		pcre2_code_free(c->rows[i].code);
	pcre2_match_data_free(c->md);
	pcre2_match_context_free(c->mctx);
	free(c->norm);
	free(c->rows);
	free(c);
}

const struct cat_sig *
catalog_sig(const struct catalog *c, size_t row)
{
	return row < c->n ? &catalog_table[row] : NULL;
}

size_t
catalog_len(const struct catalog *c)
{
	return c->n;
}

long
catalog_find(const char *id)
{
	for (size_t i = 0; i < catalog_table_len; i++)
		if (strcmp(catalog_table[i].id, id) == 0)
			return (long)i;
	return -1;
}

int
catalog_write_ere(FILE *f)
{
	for (size_t i = 0; i < catalog_table_len; i++)
		if (!catalog_table[i].no_baseline &&
		    fprintf(f, "%s\n", catalog_table[i].ere) < 0)
			return -1;
	return 0;
}

static int
has_needle(struct str s, const char *nd)
{
	return s.n > 0 && compat_memmem(s.p, s.n, nd, strlen(nd)) != NULL;
}

int
catalog_candidate(const struct catalog *c, struct str body)
{
	for (size_t i = 0; i < c->nneedles; i++)
		if (has_needle(body, c->needles[i]))
			return 1;
	return 0;
}

static int
row_candidate(const struct cat_sig *s, struct str body)
{
	for (size_t k = 0; k < CAT_NEEDLES && s->needles[k] != NULL; k++)
		if (has_needle(body, s->needles[k]))
			return 1;
	return 0;
}

/* A whole signed decimal integer that fits comfortably in int64_t. */
static int
decimal(struct str s, int64_t *v)
{
	size_t	i = 0;
	int64_t	x = 0;

	if (s.n > 0 && s.p[0] == '-')
		i = 1;
	if (s.n == i || s.n - i > 18)
		return -1;
	for (; i < s.n; i++) {
		if (s.p[i] < '0' || s.p[i] > '9')
			return -1;
		x = x * 10 + (s.p[i] - '0');
	}
	*v = s.p[0] == '-' ? -x : x;
	return 0;
}

static int
ends_with(const char *s, const char *suf)
{
	size_t	n = strlen(s), m = strlen(suf);

	return n >= m && strcmp(s + n - m, suf) == 0;
}

static void
convert(struct cat_field *f)
{
	uint64_t	b;

	f->has_num = 0;
	if (ends_with(f->name, "_bytes")) {
		if (units_size(f->s, 1, &b) == 0 && b <= INT64_MAX) {
			f->num = (int64_t)b;
			f->has_num = 1;
		}
	} else if (decimal(f->s, &f->num) == 0)
		f->has_num = 1;
}

/* A size printed as a bare number in a unit named elsewhere on the line
 * ("memory (MB) | allocated: 1234.5"): the row's .bare_mult. */
static void
bare_size(struct cat_field *f, uint64_t mult)
{
	uint64_t	b;

	if (ends_with(f->name, "_bytes") && units_size(f->s, mult, &b) == 0 &&
	    b <= INT64_MAX) {
		f->num = (int64_t)b;
		f->has_num = 1;
	}
}

static int
seen_name(const struct cat_match *m, const char *name)
{
	for (size_t i = 0; i < m->nf; i++)
		if (strcmp(m->f[i].name, name) == 0)
			return 1;
	return 0;
}

static void
fill_fields(const struct row *r, PCRE2_SIZE *ov, uint32_t npairs,
    struct str body, struct cat_match *m)
{
	m->nf = 0;
	for (uint32_t i = 0; i < r->nnames && m->nf < CAT_FIELDS; i++) {
		PCRE2_SPTR	 ent = r->names + (size_t)i * r->entry;
		uint32_t	 g = ((uint32_t)ent[0] << 8) | ent[1];
		const char	*name = (const char *)ent + 2;
		struct cat_field	*f;

		if (g >= npairs || ov[2 * g] == PCRE2_UNSET ||
		    seen_name(m, name))
			continue;
		f = &m->f[m->nf++];
		f->name = name;
		f->s = str_make(body.p + ov[2 * g], ov[2 * g + 1] - ov[2 * g]);
		convert(f);
	}
	for (size_t i = 0; m->sig->bare_mult > 1 && i < m->nf; i++)
		bare_size(&m->f[i], m->sig->bare_mult);
	/* A row's constant tag (catalog_table.c .what) after its groups. */
	if (m->sig->what != NULL && m->nf < CAT_FIELDS &&
	    !seen_name(m, "what"))
		m->f[m->nf++] = (struct cat_field){ "what",
		    str_cstr(m->sig->what), 0, 0 };
}

/* Run one row's regex: 1 match, 0 no match (or a limit was hit). */
static int
run_row(struct catalog *c, size_t i, struct str body, struct cat_match *m)
{
	const struct row	*r = &c->rows[i];
	PCRE2_SPTR		 subj = (PCRE2_SPTR)(body.p ? body.p : "");
	PCRE2_SIZE		*ov;
	int			 rc;

	rc = pcre2_match(r->code, subj, body.n, 0, 0, c->md, c->mctx);
	if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
	    rc == PCRE2_ERROR_HEAPLIMIT || rc == PCRE2_ERROR_JIT_STACKLIMIT)
		c->limit_hits++;
	if (rc <= 0)
		return 0;
	ov = pcre2_get_ovector_pointer(c->md);
	m->sig = &catalog_table[i];
	m->row = i;
	m->text = str_make(body.p + ov[0], ov[1] - ov[0]);
	fill_fields(r, ov, pcre2_get_ovector_count(c->md), body, m);
	return 1;
}

/*
 * Text pasted from tickets and web pages carries typographic quotes
 * (U+2018-U+201F, UTF-8 E2 80 98..9F; primes U+2032, U+2033 from some
 * editors): read them as the ASCII quote they stand for, so every row
 * written for 'x' or "x" matches the pasted line too. The body is copied
 * into the catalog's buffer only when it holds one; fields then borrow
 * from that buffer (the same text again on every call for that body).
 * Needles hold no quote character (test_catalog checks), so the
 * pre-filter needs no such step.
 */
static struct str
ascii_quotes(struct catalog *c, struct str body)
{
	size_t	i, n = 0;

	if (body.n < 3 || body.n > CAT_LINE_MAX ||
	    compat_memmem(body.p, body.n, "\xe2\x80", 2) == NULL)
		return body;
	for (i = 0; i < body.n; i++) {
		unsigned char	b = (unsigned char)(i + 2 < body.n ?
				    body.p[i + 2] : 0);

		if ((unsigned char)body.p[i] == 0xe2 && i + 2 < body.n &&
		    (unsigned char)body.p[i + 1] == 0x80 &&
		    ((b >= 0x98 && b <= 0x9f) || b == 0xb2 || b == 0xb3)) {
			c->norm[n++] = b <= 0x9b || b == 0xb2 ? '\'' : '"';
			i += 2;
		} else
			c->norm[n++] = body.p[i];
	}
	return str_make(c->norm, n);
}

int
catalog_match(struct catalog *c, struct str body, size_t *row,
    uint64_t *groups, struct cat_match *m)
{
	body = ascii_quotes(c, body);
	for (size_t i = *row; i < c->n; i++) {
		if ((c->rows[i].group & *groups) != 0 ||
		    !row_candidate(&catalog_table[i], body))
			continue;
		if (run_row(c, i, body, m)) {
			*groups |= c->rows[i].group;
			*row = i + 1;
			return 1;
		}
	}
	*row = c->n;
	return 0;
}

uint64_t
catalog_limit_hits(const struct catalog *c)
{
	return c->limit_hits;
}

/* --- envelope: timestamps and rank prefixes --- */

static int
digits(const char *p, size_t n, size_t max, size_t *used, int64_t *v)
{
	size_t	i = 0;

	*v = 0;
	while (i < n && i < max && p[i] >= '0' && p[i] <= '9')
		*v = *v * 10 + (p[i++] - '0');
	*used = i;
	return i > 0 ? 0 : -1;
}

/* mpirun --tag-output "[1,3]<stderr>:" (ORTE, "[<jobid>,<rank>]"; PRRTE
 * jobids may be any token), "[1,mpirank:3,host]<stdout>:", and
 * horovodrun's "[3]<stdout>:"; the stream is stdout, stderr or stddiag.
 * Returns bytes used. */
static size_t
tag_output_prefix(struct str s, int *rank)
{
	static const char *const	tail[] = { "]<stdout>:", "]<stderr>:",
	    "]<stddiag>:" };
	size_t				 e, r, used, k;
	int64_t				 v;

	if (s.n < 12 || s.p[0] != '[')
		return 0;
	for (e = 1; e < s.n && e < 128 && s.p[e] != ']' && s.p[e] != ' ' &&
	    s.p[e] != '['; e++)
		;
	for (k = 0; k < 3; k++)
		if (s.n - e >= strlen(tail[k]) &&
		    memcmp(s.p + e, tail[k], strlen(tail[k])) == 0)
			break;
	if (k == 3)
		return 0;
	/* The rank: after the first comma ("mpirank:" optional), else the
	 * whole tag. */
	for (r = 1; r < e && s.p[r] != ','; r++)
		;
	r = r < e ? r + 1 : 1;
	if (e - r > 8 && memcmp(s.p + r, "mpirank:", 8) == 0)
		r += 8;
	if (digits(s.p + r, e - r, 7, &used, &v) != 0 ||
	    (r + used != e && s.p[r + used] != ','))
		return 0;
	*rank = (int)v;
	return e + strlen(tail[k]);
}

/* "[rank3]:", "[default0]:", srun -l "12: " and the mpirun tags above;
 * returns bytes used. */
static size_t
rank_prefix(struct str s, int *rank)
{
	static const char *const	pfx[] = { "[rank", "[default" };
	size_t				 k, used;
	int64_t				 v;

	if ((k = tag_output_prefix(s, rank)) > 0)
		return k;

	for (size_t i = 0; i < 2; i++) {
		k = strlen(pfx[i]);
		if (s.n > k && memcmp(s.p, pfx[i], k) == 0 &&
		    digits(s.p + k, s.n - k, 6, &used, &v) == 0 &&
		    k + used + 1 < s.n && s.p[k + used] == ']' &&
		    s.p[k + used + 1] == ':') {
			*rank = (int)v;
			k += used + 2;
			return k < s.n && s.p[k] == ' ' ? k + 1 : k;
		}
	}
	if (digits(s.p, s.n, 5, &used, &v) == 0 && used + 1 < s.n &&
	    s.p[used] == ':' && s.p[used + 1] == ' ') {
		*rank = (int)v;
		return used + 2;
	}
	return 0;
}

/* ISO 8601 date-time, optionally in brackets, then ":"/"]" and blanks. */
static size_t
iso_prefix(struct str s, struct cat_env *env)
{
	size_t	b = s.n > 0 && s.p[0] == '[', e;
	int	has_tz;
	int64_t	ns;

	e = b + 19;
	if (s.n < e || s.p[b + 4] != '-' || s.p[b + 7] != '-')
		return 0;
	while (e < s.n && e < b + 40 && s.p[e] != ' ' && s.p[e] != ']' &&
	    !(s.p[e] == ':' && (e + 1 == s.n || s.p[e + 1] == ' ')))
		e++;
	if ((b && (e >= s.n || s.p[e] != ']')) ||
	    units_iso_time(str_make(s.p + b, e - b), &ns, &has_tz) == -1)
		return 0;
	env->ts_ns = ns;
	env->tsq = has_tz ? TSQ_EXACT : TSQ_RAW_LOCAL;
	e += e < s.n && (s.p[e] == ']' || s.p[e] == ':');
	while (e < s.n && s.p[e] == ' ')
		e++;
	return e;
}

/* "hh:mm:ss" at p (8 bytes); seconds of day or -1. */
static int64_t
hms(const char *p, size_t n)
{
	int64_t	h, m, sec;
	size_t	u;

	if (n < 8 || p[2] != ':' || p[5] != ':' ||
	    digits(p, 2, 2, &u, &h) || u != 2 || digits(p + 3, 2, 2, &u, &m) ||
	    u != 2 || digits(p + 6, 2, 2, &u, &sec) || u != 2)
		return -1;
	return h * 3600 + m * 60 + sec;
}

/* syslog "May 15 23:09:30[.frac] host " (no year). */
static size_t
syslog_prefix(struct str s, struct cat_env *env)
{
	int	mon;
	int64_t	d, t;
	size_t	i = 4, u;

	if (s.n < 16 || s.p[3] != ' ' ||
	    (mon = units_month(str_make(s.p, 3))) == 0)
		return 0;
	if (s.p[i] == ' ')
		i++;
	if (digits(s.p + i, s.n - i, 2, &u, &d) || s.p[i + u] != ' ')
		return 0;
	i += u + 1;
	if ((t = hms(s.p + i, s.n - i)) < 0)
		return 0;
	i += 8;
	while (i < s.n && (s.p[i] == '.' || (s.p[i] >= '0' && s.p[i] <= '9')))
		i++;
	if (i >= s.n || s.p[i] != ' ')
		return 0;
	env->ts_ns = (units_civil_to_epoch(1970, mon, (int)d, 0, 0, 0) + t) *
	    1000000000LL;
	env->tsq = TSQ_RAW_LOCAL_NOYEAR;
	i++;
	while (i < s.n && s.p[i] != ' ')	/* the host name */
		i++;
	return i < s.n ? i + 1 : 0;
}

/* dmesg -T "[Sun Feb 23 16:24:18 2025] " (C locale), and mpirun
 * --timestamp-output "Thu Jan 23 11:55:50 2025[1,1]<stderr>:" (no
 * brackets; only taken when a tag follows, which is left for
 * rank_prefix). */
static size_t
ctime_prefix(struct str s, struct cat_env *env)
{
	int	mon, r;
	int64_t	d, y, t;
	size_t	o = s.n > 0 && s.p[0] == '[', i = o + 8, u;

	if (s.n < o + 26 || s.p[o + 3] != ' ' || s.p[o + 7] != ' ' ||
	    (mon = units_month(str_make(s.p + o + 4, 3))) == 0)
		return 0;
	if (s.p[i] == ' ')
		i++;
	if (digits(s.p + i, s.n - i, 2, &u, &d) || s.p[i + u] != ' ')
		return 0;
	i += u + 1;
	if ((t = hms(s.p + i, s.n - i)) < 0 || i + 14 > s.n ||
	    s.p[i + 8] != ' ' || digits(s.p + i + 9, 4, 4, &u, &y) || u != 4)
		return 0;
	i += 13;
	if (o ? s.p[i] != ']' : tag_output_prefix(str_make(s.p + i,
	    s.n - i), &r) == 0)
		return 0;
	env->ts_ns = (units_civil_to_epoch((int)y, mon, (int)d, 0, 0, 0) +
	    t) * 1000000000LL;
	env->tsq = TSQ_RAW_LOCAL;
	if (!o)
		return i;
	i++;
	return i < s.n && s.p[i] == ' ' ? i + 1 : i;
}

/* dmesg "[ 7063.247407] " (seconds since boot). */
static size_t
mono_prefix(struct str s, struct cat_env *env)
{
	size_t	i = 1, u, f;
	int64_t	sec, us;

	if (s.n < 4 || s.p[0] != '[')
		return 0;
	while (i < s.n && s.p[i] == ' ')
		i++;
	if (digits(s.p + i, s.n - i, 12, &u, &sec) || i + u >= s.n ||
	    s.p[i + u] != '.')
		return 0;
	i += u + 1;
	if (digits(s.p + i, s.n - i, 9, &f, &us) || i + f >= s.n ||
	    s.p[i + f] != ']')
		return 0;
	for (size_t k = f; k < 9; k++)
		us *= 10;
	env->ts_ns = sec * 1000000000LL + us;
	env->tsq = TSQ_RAW_MONO;
	i += f + 1;
	return i < s.n && s.p[i] == ' ' ? i + 1 : i;
}

/* glog / c10 logging "[E1130 06:59:30.408271257 File.cpp:616] " (also
 * unbracketed "E1130 06:59:30.408271 123 file.cc:12] "); the month may
 * be unpadded ("E321" is March 21). Local time, no year. */
static size_t
glog_prefix(struct str s, struct cat_env *env)
{
	size_t	i = s.n > 0 && s.p[0] == '[', u, end;
	int64_t	md, t, frac = 0, mul = 100000000;

	if (i + 1 >= s.n || strchr("IWEF", s.p[i]) == NULL ||
	    digits(s.p + i + 1, s.n - i - 1, 4, &u, &md) || u < 3 ||
	    i + 1 + u >= s.n || s.p[i + 1 + u] != ' ')
		return 0;
	i += 2 + u;
	if ((t = hms(s.p + i, s.n - i)) < 0 || md / 100 < 1 || md / 100 > 12 ||
	    md % 100 < 1 || md % 100 > 31)
		return 0;
	i += 8;
	if (i < s.n && s.p[i] == '.')
		for (i++; i < s.n && s.p[i] >= '0' && s.p[i] <= '9'; i++) {
			frac += (s.p[i] - '0') * mul;
			mul /= 10;
		}
	for (end = i; end < s.n && end < i + 256 && s.p[end] != ']'; end++)
		;
	if (end >= s.n || s.p[end] != ']')
		return 0;
	env->ts_ns = (units_civil_to_epoch(1970, (int)(md / 100),
	    (int)(md % 100), 0, 0, 0) + t) * 1000000000LL + frac;
	env->tsq = TSQ_RAW_LOCAL_NOYEAR;
	end++;
	while (end < s.n && (s.p[end] == ' ' || s.p[end] == ':'))
		end++;
	return end;
}

/* log4j 1.x's default layout in Hadoop and Spark, "%d{yy/MM/dd
 * HH:mm:ss} %p": "18/04/03 10:24:43 WARN " (local time, two-digit year).
 * Only taken before a level name, so other slashed dates stay text. */
static size_t
log4j_prefix(struct str s, struct cat_env *env)
{
	static const char *const	lvl[] = { "TRACE ", "DEBUG ", "INFO ",
	    "WARN ", "ERROR ", "FATAL " };
	int64_t				y, mo, d, t;
	size_t				u;

	if (s.n < 24 || s.p[2] != '/' || s.p[5] != '/' || s.p[8] != ' ' ||
	    digits(s.p, 2, 2, &u, &y) || u != 2 ||
	    digits(s.p + 3, 2, 2, &u, &mo) || u != 2 ||
	    digits(s.p + 6, 2, 2, &u, &d) || u != 2 ||
	    mo < 1 || mo > 12 || d < 1 || d > 31 ||
	    (t = hms(s.p + 9, s.n - 9)) < 0 || s.p[17] != ' ')
		return 0;
	for (size_t i = 0; i < sizeof(lvl) / sizeof(lvl[0]); i++) {
		size_t	k = strlen(lvl[i]);

		if (s.n - 18 >= k && memcmp(s.p + 18, lvl[i], k) == 0) {
			env->ts_ns = (units_civil_to_epoch(2000 + (int)y,
			    (int)mo, (int)d, 0, 0, 0) + t) * 1000000000LL;
			env->tsq = TSQ_RAW_LOCAL;
			return 18;
		}
	}
	return 0;
}

/* A log view's column: docker compose's "<service>  | " (v1 "name_1  | ",
 * v2 "name-1  | "), or a web log view's "135 | 1534166953117 | ": one
 * token, blanks, a bar and one blank. Not a table's row ("|   0 ..."), not
 * tqdm's "100%|". Returns bytes used. */
static size_t
column_prefix(struct str s)
{
	size_t	i = 0, e;

	while (i < s.n && i < 64 && ((s.p[i] >= 'a' && s.p[i] <= 'z') ||
	    (s.p[i] >= 'A' && s.p[i] <= 'Z') || (s.p[i] >= '0' &&
	    s.p[i] <= '9') || s.p[i] == '_' || s.p[i] == '.' ||
	    s.p[i] == '-'))
		i++;
	if (i == 0 || i >= s.n || s.p[i] != ' ')
		return 0;
	for (e = i; e < s.n && s.p[e] == ' '; e++)
		;
	if (e >= s.n || s.p[e] != '|' || (e + 1 < s.n && s.p[e + 1] != ' '))
		return 0;
	return e + 1 < s.n ? e + 2 : e + 1;
}

typedef size_t	prefix_fn(struct str, struct cat_env *);

static size_t
any_time_prefix(struct str s, struct cat_env *env)
{
	static prefix_fn *const	fns[] = { iso_prefix, ctime_prefix,
	    mono_prefix, syslog_prefix, glog_prefix, log4j_prefix };
	size_t			k;

	if (env->tsq != TSQ_NONE)
		return 0;
	for (size_t i = 0; i < sizeof(fns) / sizeof(fns[0]); i++)
		if ((k = fns[i](s, env)) > 0)
			return k;
	return 0;
}

void
catalog_envelope(struct str line, struct cat_env *env)
{
	size_t	k;
	int	ncol = 0;

	env->rank = -1;
	env->ts_ns = 0;
	env->tsq = TSQ_NONE;
	/* A few rounds: "0: [rank0]:", "[2024-..] [rank1]:", syslog+dmesg,
	 * "vllm-1  | INFO 08-25 ...", at most two view columns. */
	for (int round = 0; round < 4 && line.n > 0; round++) {
		if ((k = any_time_prefix(line, env)) == 0 &&
		    (env->rank != -1 || (k = rank_prefix(line, &env->rank)) == 0) &&
		    (ncol++ >= 2 || (k = column_prefix(line)) == 0))
			break;
		line.p += k;
		line.n -= k;
	}
	env->body = line;
}

/* --- the streaming scanner --- */

#define CTX_LINE	2048	/* bytes kept of a context line across blocks */
#define PAR_MIN		(256u << 10)	/* smallest region split (default) */
#define PAR_PART	(1u << 20)	/* most bytes of one thread's part */
#define HINT_MAX	16384	/* candidate lines noted per part */
#define THREADS_MAX	4	/* the default's cap */
#define STEAL_MIN	(64u << 10)	/* a part not begun yet is taken back */

/* A candidate line a prescan thread found: offsets from its part. */
struct hint {
	uint32_t	off, end;	/* the line: [off, end), end at '\n' */
	uint32_t	nl;		/* newlines in the part before it */
	uint16_t	lim;		/* regex limit hits (no match only) */
	uint8_t		matched;	/* a row matched its (cut) body */
	uint8_t		cut;		/* longer than CAT_LINE_MAX */
};

enum { PS_WAIT, PS_BUSY, PS_DONE, PS_BACK };	/* a part's state */

/* One prescan thread, its own catalog (match data) and its last part. */
struct prescan {
	struct cat_scan	*s;
	struct catalog	*cat;
	pthread_t	 th;
	uint64_t	 gen;		/* the last job taken */
	int		 state;		/* PS_* */
	struct nd_cursor sc;
	const char	*p;		/* the part: whole lines */
	size_t		 n;
	struct hint	*h;		/* [HINT_MAX] */
	size_t		 nh;
	int		 ovf;		/* stopped at HINT_MAX hints ... */
	uint32_t	 ovf_off, ovf_nl;	/* ... before this line */
	uint32_t	 nl;		/* newlines in the part (no ovf) */
	struct cat_env	 env;
	struct cat_match m;
};

struct ctx_slot {
	char		p[CTX_LINE];
	size_t		n;
	uint64_t	lineno, off, len;
};

struct cat_scan {
	struct catalog		*cat;
	unsigned		 before, after;
	cat_line_fn		*fn;
	void			*arg;
	int			 stopped;
	uint64_t		 lineno;	/* lines completed so far */
	uint64_t		 consumed;	/* stream bytes fed so far */
	uint64_t		 delivered;	/* last line number delivered */
	uint64_t		 want;		/* after-lines still wanted */
	int			 partial, part_cr;
	uint64_t		 part_off, part_len;
	size_t			 part_n;
	char			*part;		/* CAT_LINE_MAX bytes */
	struct ctx_slot		 ring[CAT_CTX_MAX];
	unsigned		 rhead, rcount;
	struct cat_env		 env;
	struct cat_match	 m;
	struct cat_scan_stats	 st;
	uint64_t		 limit0;
	struct nd_set		*nd;		/* the pre-filter's tables */
	struct nd_cursor	 sc;
	/* Prescan threads (cat_scan_threads): made at the first region of
	 * par_min bytes or more; nthreads counts this thread too. */
	unsigned		 nthreads;
	size_t			 par_min;
	struct prescan		*ps;		/* [nthreads - 1] once made */
	unsigned		 nps;		/* threads running */
	pthread_mutex_t		 mu;
	pthread_cond_t		 go, done;
	uint64_t		 gen;		/* jobs handed out */
	int			 quit;
	uint64_t		 extra_limit;	/* limit hits in prescans */
};

struct ctx_line {
	struct str	l;
	uint64_t	no, off, len;
};

static void	stop_workers(struct cat_scan *);

enum err_code
cat_scan_new(struct catalog *cat, unsigned before, unsigned after,
    cat_line_fn *fn, void *arg, struct cat_scan **out, struct err *e)
{
	struct cat_scan	*s;

	*out = NULL;
	if (before > CAT_CTX_MAX || fn == NULL)
		return ERR(e, ERR_USAGE, "scan: before %u > %d or no callback",
		    before, CAT_CTX_MAX);
	if ((s = calloc(1, sizeof(*s))) == NULL ||
	    (s->part = malloc(CAT_LINE_MAX)) == NULL) {
		free(s);
		return ERR(e, ERR_NOMEM, "scan");
	}
	s->cat = cat;
	s->before = before;
	s->after = after;
	s->fn = fn;
	s->arg = arg;
	s->limit0 = cat->limit_hits;
	s->nthreads = 1;
	s->par_min = PAR_MIN;
	if (nd_set_new(cat->needles, cat->nneedles, &s->nd) == -1) {
		cat_scan_free(s);
		return ERR(e, ERR_NOMEM, "scan: needle table");
	}
	*out = s;
	return ERR_OK;
}

void
cat_scan_free(struct cat_scan *s)
{
	if (s == NULL)
		return;
	stop_workers(s);
	free(s->part);
	nd_set_free(s->nd);
	free(s);
}

void
cat_scan_stats(const struct cat_scan *s, struct cat_scan_stats *st)
{
	*st = s->st;
	st->lines = s->lineno;
	st->limit_hits = s->cat->limit_hits - s->limit0 + s->extra_limit;
}

void
cat_scan_threads(struct cat_scan *s, unsigned n, size_t min_bytes)
{
	if (s->ps != NULL)	/* set before the first feed */
		return;
	s->nthreads = n < 1 ? 1 : n > THREADS_MAX ? THREADS_MAX : n;
	s->par_min = min_bytes > 0 ? min_bytes : PAR_MIN;
}

unsigned
cat_scan_default_threads(void)
{
	const char	*v = getenv("OOMTRAIL_SCAN_THREADS");
	long		 n;

	if (v != NULL && *v != '\0') {
		n = strtol(v, NULL, 10);
		return n < 1 ? 1 : n > THREADS_MAX ? THREADS_MAX : (unsigned)n;
	}
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > THREADS_MAX ? THREADS_MAX : (unsigned)n;
}

/* The line [p, end) without a trailing CR, cut for matching. */
static struct ctx_line
mkline(const char *p, const char *end, uint64_t no, uint64_t off)
{
	struct ctx_line	c;
	size_t		n = (size_t)(end - p);

	if (n > 0 && p[n - 1] == '\r')
		n--;
	c.len = n;
	c.l = str_make(p, n > CAT_LINE_MAX ? CAT_LINE_MAX : n);
	c.no = no;
	c.off = off;
	return c;
}

static int
deliver(struct cat_scan *s, const struct ctx_line *c, int is_match)
{
	struct cat_line	cl = { c->l, c->no, c->off, c->len,
			    is_match ? &s->env : NULL, is_match ? &s->m : NULL };
	int		r;

	if (s->want > 0)
		s->want--;
	if ((r = s->fn(s->arg, &cl)) < 0) {
		s->stopped = 1;
		return -1;
	}
	if (is_match && s->after > s->want)
		s->want = s->after;
	if ((uint64_t)r > s->want)
		s->want = (uint64_t)r;
	s->delivered = c->no;
	s->st.matches += is_match;
	return 0;
}

static void
ring_push(struct cat_scan *s, const struct ctx_line *c)
{
	struct ctx_slot	*slot;

	if (s->before == 0)
		return;
	if (s->rcount < s->before)
		slot = &s->ring[(s->rhead + s->rcount++) % s->before];
	else {
		slot = &s->ring[s->rhead];
		s->rhead = (s->rhead + 1) % s->before;
	}
	slot->n = c->l.n > CTX_LINE ? CTX_LINE : c->l.n;
	memcpy(slot->p, c->l.p, slot->n);
	slot->lineno = c->no;
	slot->off = c->off;
	slot->len = c->len;
}

static int
ring_get(const struct cat_scan *s, uint64_t no, struct ctx_line *c)
{
	for (unsigned i = 0; i < s->rcount; i++) {
		const struct ctx_slot	*slot = &s->ring[i];

		if (slot->lineno == no) {
			c->l = str_make(slot->p, slot->n);
			c->no = no;
			c->off = slot->off;
			c->len = slot->len;
			return 0;
		}
	}
	return -1;
}

/* Deliver the lines before line no (starting at ls in region R) that
 * were not delivered yet: from R while it lasts, then from the ring. */
static int
deliver_before(struct cat_scan *s, const char *R, uint64_t base,
    const char *ls, uint64_t no)
{
	struct ctx_line	 v[CAT_CTX_MAX];
	const char	*q = ls, *st;
	unsigned	 k = 0;

	while (k < s->before && no > 1 && no - 1 > s->delivered) {
		if (R != NULL && q > R) {
			st = compat_memrchr(R, '\n', (size_t)(q - 1 - R));
			st = st != NULL ? st + 1 : R;
			v[k] = mkline(st, q - 1, no - 1, base + (uint64_t)(st - R));
			q = st;
		} else if (ring_get(s, no - 1, &v[k]) == -1)
			break;
		k++;
		no--;
	}
	while (k > 0)
		if (deliver(s, &v[--k], 0) == -1)
			return -1;
	return 0;
}

/* One line: match it (if a needle occurs) and deliver it when it matches
 * or when after-context is still wanted. */
static int
do_line(struct cat_scan *s, const char *R, uint64_t base,
    const struct ctx_line *c, const char *ls, int cand)
{
	size_t	row = 0;
	uint64_t groups = 0;
	int	matched = 0;

	if (c->len > CAT_LINE_MAX)
		s->st.cut_lines++;
	if (cand || catalog_candidate(s->cat, c->l)) {
		s->st.candidates++;
		catalog_envelope(c->l, &s->env);
		matched = catalog_match(s->cat, s->env.body, &row, &groups,
		    &s->m);
	}
	if (matched)
		return deliver_before(s, R, base, ls, c->no) == -1 ? -1 :
		    deliver(s, c, 1);
	if (s->want > 0)
		return deliver(s, c, 0);
	return 0;
}

static void
ring_push_tail(struct cat_scan *s, const char *R, const char *end,
    uint64_t base)
{
	const char	*st[CAT_CTX_MAX + 1], *q = end - 1;
	unsigned	 k = 0;

	st[0] = end;
	while (k < s->before && q > R) {
		const char	*b = compat_memrchr(R, '\n', (size_t)(q - R));

		b = b != NULL ? b + 1 : R;
		st[++k] = b;
		q = b - 1;
		if (b == R)
			break;
	}
	for (unsigned i = k; i > 0; i--) {
		struct ctx_line	c = mkline(st[i], st[i - 1] - 1,
		    s->lineno - (i - 1), base + (uint64_t)(st[i] - R));

		ring_push(s, &c);
	}
}

/*
 * Lines [pos, end) of region R (whole lines; end is R's end or a part
 * boundary). Without w, needles are searched here; with w, pos is the
 * start of w's part and its hints stand for the search: a candidate line
 * that matched no row is only counted, one that matched is matched again
 * here (this thread's catalog fills the match), and lines between
 * candidates are counted from the hints' newline counts. After-context
 * (want) is read line by line either way, so what is delivered does not
 * depend on where parts begin. Past an overflowed prescan's last hint the
 * search goes on here.
 */
static const char *
run_lines(struct cat_scan *s, const char *R, uint64_t base, const char *pos,
    const char *end, const struct prescan *w)
{
	const char	*cand, *ls, *nl;
	struct ctx_line	 c;
	uint64_t	 l0 = s->lineno;	/* lines before the part */
	size_t		 h = 0;

	nd_cursor_reset(&s->sc);	/* what it found ahead is stale */
	while (pos < end && !s->stopped) {
		if (s->want > 0)
			cand = ls = pos;
		else if (w != NULL) {
			const struct hint	*hh;

			while (h < w->nh && w->p + w->h[h].off < pos)
				h++;
			if (h == w->nh) {
				if (!w->ovf) {
					s->lineno = l0 + w->nl;
					pos = end;
					break;
				}
				if (pos < w->p + w->ovf_off) {
					s->lineno = l0 + w->ovf_nl;
					pos = w->p + w->ovf_off;
				}
				w = NULL;
				continue;
			}
			hh = &w->h[h++];
			ls = cand = w->p + hh->off;
			s->lineno = l0 + hh->nl;
			if (!hh->matched) {
				/* what do_line counts for it */
				s->st.candidates++;
				s->st.cut_lines += hh->cut;
				s->extra_limit += hh->lim;
				s->lineno++;
				pos = w->p + hh->end + 1;
				continue;
			}
		} else if ((cand = nd_next(s->nd, &s->sc, pos, end)) == NULL) {
			s->lineno += nd_count_nl(pos, (size_t)(end - pos));
			pos = end;
			break;
		} else {
			ls = compat_memrchr(pos, '\n', (size_t)(cand - pos));
			ls = ls != NULL ? ls + 1 : pos;
			s->lineno += nd_count_nl(pos, (size_t)(ls - pos));
		}
		nl = memchr(cand, '\n', (size_t)(end - cand));
		c = mkline(ls, nl, ++s->lineno, base + (uint64_t)(ls - R));
		(void)do_line(s, R, base, &c, ls, s->want == 0);
		pos = nl + 1;
	}
	return pos;
}

/* A prescan thread's part: find the candidate lines the way run_lines
 * would, match each on this thread's catalog, and note the results. */
static void
prescan_part(struct prescan *w)
{
	const struct cat_scan	*s = w->s;
	const char		*pos = w->p, *end = w->p + w->n, *cand, *ls;
	const char		*nl;
	uint32_t		 nls = 0;

	w->nh = 0;
	w->ovf = 0;
	nd_cursor_reset(&w->sc);
	while (pos < end) {
		struct ctx_line	 c;
		struct hint	*hh;
		uint64_t	 lim0;
		size_t		 row = 0;
		uint64_t	 groups = 0;

		if ((cand = nd_next(s->nd, &w->sc, pos, end)) == NULL) {
			nls += (uint32_t)nd_count_nl(pos, (size_t)(end - pos));
			break;
		}
		ls = compat_memrchr(pos, '\n', (size_t)(cand - pos));
		ls = ls != NULL ? ls + 1 : pos;
		nls += (uint32_t)nd_count_nl(pos, (size_t)(ls - pos));
		if (w->nh == HINT_MAX) {
			w->ovf = 1;
			w->ovf_off = (uint32_t)(ls - w->p);
			w->ovf_nl = nls;
			return;
		}
		nl = memchr(cand, '\n', (size_t)(end - cand));
		c = mkline(ls, nl, 0, 0);
		hh = &w->h[w->nh++];
		hh->off = (uint32_t)(ls - w->p);
		hh->end = (uint32_t)(nl - w->p);
		hh->nl = nls;
		hh->cut = c.len > CAT_LINE_MAX;
		lim0 = w->cat->limit_hits;
		catalog_envelope(c.l, &w->env);
		hh->matched = (uint8_t)catalog_match(w->cat, w->env.body, &row,
		    &groups, &w->m);
		hh->lim = hh->matched ? 0 : (uint16_t)(w->cat->limit_hits -
		    lim0);
		nls++;
		pos = nl + 1;
	}
	w->nl = nls;
}

static void *
prescan_main(void *arg)
{
	struct prescan	*w = arg;
	struct cat_scan	*s = w->s;

	for (;;) {
		pthread_mutex_lock(&s->mu);
		while (w->gen == s->gen && !s->quit)
			pthread_cond_wait(&s->go, &s->mu);
		if (s->quit) {
			pthread_mutex_unlock(&s->mu);
			return NULL;
		}
		w->gen = s->gen;
		if (w->state != PS_WAIT) {	/* taken back */
			pthread_mutex_unlock(&s->mu);
			continue;
		}
		w->state = PS_BUSY;
		pthread_mutex_unlock(&s->mu);
		prescan_part(w);
		pthread_mutex_lock(&s->mu);
		w->state = PS_DONE;
		pthread_cond_broadcast(&s->done);
		pthread_mutex_unlock(&s->mu);
	}
}

static void
stop_workers(struct cat_scan *s)
{
	if (s->ps == NULL)
		return;
	pthread_mutex_lock(&s->mu);
	s->quit = 1;
	pthread_cond_broadcast(&s->go);
	pthread_mutex_unlock(&s->mu);
	for (unsigned i = 0; i < s->nps; i++)
		pthread_join(s->ps[i].th, NULL);
	for (unsigned i = 0; i < s->nthreads - 1; i++) {
		catalog_free(s->ps[i].cat);
		free(s->ps[i].h);
	}
	pthread_mutex_destroy(&s->mu);
	pthread_cond_destroy(&s->go);
	pthread_cond_destroy(&s->done);
	free(s->ps);
	s->ps = NULL;
	s->nps = 0;
}

/* Make the prescan threads; on any failure the scan stays on one. */
static int
start_workers(struct cat_scan *s)
{
	unsigned	n = s->nthreads - 1;

	if (s->ps != NULL)
		return 0;
	if ((s->ps = calloc(n, sizeof(*s->ps))) == NULL)
		goto fail;
	pthread_mutex_init(&s->mu, NULL);
	pthread_cond_init(&s->go, NULL);
	pthread_cond_init(&s->done, NULL);
	for (unsigned i = 0; i < n; i++) {
		struct prescan	*w = &s->ps[i];

		w->s = s;
		if (catalog_new(&w->cat, NULL) != ERR_OK ||
		    (w->h = malloc(HINT_MAX * sizeof(*w->h))) == NULL)
			goto fail;
	}
	for (; s->nps < n; s->nps++)
		if (pthread_create(&s->ps[s->nps].th, NULL, prescan_main,
		    &s->ps[s->nps]) != 0)
			goto fail;
	return 0;
fail:
	stop_workers(s);
	s->nthreads = 1;
	return -1;
}

/* The first line start at or after t in [lo, hi). */
static const char *
line_start(const char *lo, const char *t, const char *hi)
{
	const char	*x;

	if (t <= lo)
		return lo;
	if (t >= hi)
		return hi;
	x = memchr(t - 1, '\n', (size_t)(hi - (t - 1)));
	return x != NULL ? x + 1 : hi;
}

/* Is a prescan thread still on, or yet to begin, a part it keeps? */
static int
parts_pending(const struct cat_scan *s)
{
	for (unsigned k = 0; k + 1 < s->nthreads; k++)
		if (s->ps[k].state == PS_WAIT || s->ps[k].state == PS_BUSY)
			return 1;
	return 0;
}

/* Whole lines R[0..n) in slices of nthreads parts: this thread scans the
 * first part itself while the prescan threads note the others, then
 * reads their parts in order from the hints. A part whose thread has
 * not begun it by then (its core was busy) is scanned here instead. */
static const char *
par_region(struct cat_scan *s, const char *R, size_t n, uint64_t base)
{
	const char	*p = R, *end = R + n, *b[THREADS_MAX + 1], *pos = R;
	unsigned	 T = s->nthreads, k;

	while (p < end && !s->stopped) {
		size_t	 span = (size_t)(end - p);
		const char *se;

		if (span > (size_t)T * PAR_PART)
			span = (size_t)T * PAR_PART;
		se = line_start(p, p + span, end);
		if ((size_t)(se - p) > UINT32_MAX / 2) {
			/* a line of gigabytes: past what a hint holds */
			pos = run_lines(s, R, base, p, se, NULL);
			p = se;
			continue;
		}
		b[0] = p;
		for (k = 1; k < T; k++)
			b[k] = line_start(b[k - 1], p + (size_t)(se - p) / T * k,
			    se);
		b[T] = se;
		pthread_mutex_lock(&s->mu);
		for (k = 1; k < T; k++) {
			s->ps[k - 1].p = b[k];
			s->ps[k - 1].n = (size_t)(b[k + 1] - b[k]);
			s->ps[k - 1].state = PS_WAIT;
		}
		s->gen++;
		s->st.split++;
		pthread_cond_broadcast(&s->go);
		pthread_mutex_unlock(&s->mu);
		pos = run_lines(s, R, base, b[0], b[1], NULL);
		pthread_mutex_lock(&s->mu);
		for (k = 1; k < T; k++)
			if (s->ps[k - 1].state == PS_WAIT &&
			    s->ps[k - 1].n >= STEAL_MIN)
				s->ps[k - 1].state = PS_BACK;
		while (parts_pending(s))
			pthread_cond_wait(&s->done, &s->mu);
		pthread_mutex_unlock(&s->mu);
		for (k = 1; k < T && !s->stopped; k++)
			pos = run_lines(s, R, base, b[k], b[k + 1],
			    s->ps[k - 1].state == PS_BACK ? NULL :
			    &s->ps[k - 1]);
		p = se;
	}
	return pos;
}

/* Whole lines R[0..n), n > 0, R[n - 1] == '\n'. */
static void
do_region(struct cat_scan *s, const char *R, size_t n, uint64_t base)
{
	const char	*pos;

	if (s->nthreads > 1 && n >= s->par_min && start_workers(s) == 0)
		pos = par_region(s, R, n, base);
	else
		pos = run_lines(s, R, base, R, R + n, NULL);
	if (pos == R + n)
		ring_push_tail(s, R, R + n, base);
}

static void
part_add(struct cat_scan *s, const char *p, size_t k)
{
	size_t	room = CAT_LINE_MAX - s->part_n;

	memcpy(s->part + s->part_n, p, k < room ? k : room);
	s->part_n += k < room ? k : room;
	s->part_len += k;
	if (k > 0)
		s->part_cr = p[k - 1] == '\r';
}

static void
part_finish(struct cat_scan *s)
{
	struct ctx_line	c;
	uint64_t	full = s->part_len - (uint64_t)s->part_cr;

	c.len = full;
	c.l = str_make(s->part, s->part_n < full ? s->part_n : (size_t)full);
	c.no = ++s->lineno;
	c.off = s->part_off;
	(void)do_line(s, NULL, 0, &c, NULL, 0);
	ring_push(s, &c);
	s->partial = 0;
}

enum err_code
cat_scan_feed(struct cat_scan *s, const char *p, size_t n, struct err *e)
{
	const char	*nl, *last;
	size_t		 i = 0;

	if (s->stopped)
		return ERR(e, ERR_LIMIT, "scan stopped by its callback");
	if (s->partial && n > 0) {
		nl = memchr(p, '\n', n);
		part_add(s, p, nl != NULL ? (size_t)(nl - p) : n);
		if (nl != NULL) {
			part_finish(s);
			i = (size_t)(nl - p) + 1;
		} else
			i = n;
	}
	if (i < n && !s->stopped &&
	    (last = compat_memrchr(p + i, '\n', n - i)) != NULL) {
		do_region(s, p + i, (size_t)(last + 1 - (p + i)),
		    s->consumed + i);
		i = (size_t)(last + 1 - p);
	}
	if (i < n && !s->stopped) {
		s->partial = 1;
		s->part_off = s->consumed + i;
		s->part_n = 0;
		s->part_len = 0;
		s->part_cr = 0;
		part_add(s, p + i, n - i);
	}
	s->consumed += n;
	s->st.bytes += n;
	if (s->stopped)
		return ERR(e, ERR_LIMIT, "scan stopped by its callback");
	return ERR_OK;
}

enum err_code
cat_scan_end(struct cat_scan *s, struct err *e)
{
	if (s->partial && !s->stopped)
		part_finish(s);
	if (s->stopped)
		return ERR(e, ERR_LIMIT, "scan stopped by its callback");
	return ERR_OK;
}
