/*
 * scan: line cursor and bounded string helpers.
 */
#include <limits.h>
#include <string.h>

#include "scan.h"

void
scan_init(struct scan *sc, const char *p, size_t len)
{
	sc->p = p;
	sc->len = len;
	sc->pos = 0;
	sc->lineno = 0;
	sc->line_off = 0;
}

int
scan_line(struct scan *sc, struct str *line)
{
	const char	*start, *nl, *cr;
	size_t		 rest, n;

	if (sc->pos >= sc->len)
		return 0;
	start = sc->p + sc->pos;
	rest = sc->len - sc->pos;
	nl = memchr(start, '\n', rest);
	n = nl != NULL ? (size_t)(nl - start) : rest;
	/* A lone CR before any LF also ends a line (old Mac / progress bars). */
	cr = memchr(start, '\r', n);
	if (cr != NULL && (size_t)(cr - start) + 1 < n) {
		n = (size_t)(cr - start);
		sc->pos += n + 1;
	} else if (cr != NULL && nl == NULL && (size_t)(cr - start) + 1 == n) {
		n--;
		sc->pos += n + 1;
	} else {
		sc->pos += n + (nl != NULL ? 1 : 0);
		if (n > 0 && start[n - 1] == '\r')
			n--;
	}
	sc->line_off = (size_t)(start - sc->p);
	sc->lineno++;
	line->p = start;
	line->n = n;
	return 1;
}

struct str
str_make(const char *p, size_t n)
{
	struct str	s = { p, n };

	return s;
}

struct str
str_cstr(const char *s)
{
	return str_make(s, s == NULL ? 0 : strlen(s));
}

struct str
str_trim(struct str s)
{
	while (s.n > 0 && (*s.p == ' ' || *s.p == '\t' || *s.p == '\r' ||
	    *s.p == '\n')) {
		s.p++;
		s.n--;
	}
	while (s.n > 0 && (s.p[s.n - 1] == ' ' || s.p[s.n - 1] == '\t' ||
	    s.p[s.n - 1] == '\r' || s.p[s.n - 1] == '\n'))
		s.n--;
	return s;
}

int
str_eq(struct str s, const char *c)
{
	size_t	n = strlen(c);

	return s.n == n && (n == 0 || memcmp(s.p, c, n) == 0);
}

int
str_starts(struct str s, const char *c)
{
	size_t	n = strlen(c);

	return s.n >= n && (n == 0 || memcmp(s.p, c, n) == 0);
}

int
str_ends(struct str s, const char *c)
{
	size_t	n = strlen(c);

	return s.n >= n && (n == 0 || memcmp(s.p + s.n - n, c, n) == 0);
}

const char *
str_find(struct str s, const char *needle)
{
	size_t		 n = strlen(needle);
	const char	*p, *end;

	if (n == 0)
		return s.p;
	if (s.n < n)
		return NULL;
	end = s.p + s.n - n;
	for (p = s.p; p <= end; p++) {
		p = memchr(p, needle[0], (size_t)(end - p) + 1);
		if (p == NULL)
			return NULL;
		if (memcmp(p, needle, n) == 0)
			return p;
	}
	return NULL;
}

int
str_to_u64(struct str s, uint64_t *out)
{
	uint64_t	v = 0;
	size_t		i;

	if (s.n == 0)
		return -1;
	for (i = 0; i < s.n; i++) {
		if (s.p[i] < '0' || s.p[i] > '9')
			return -1;
		if (v > (UINT64_MAX - (uint64_t)(s.p[i] - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(s.p[i] - '0');
	}
	*out = v;
	return 0;
}

int
str_to_i64(struct str s, int64_t *out)
{
	uint64_t	v;
	int		neg = 0;

	if (s.n > 0 && (s.p[0] == '-' || s.p[0] == '+')) {
		neg = s.p[0] == '-';
		s.p++;
		s.n--;
	}
	if (str_to_u64(s, &v) == -1)
		return -1;
	if (neg) {
		if (v > (uint64_t)INT64_MAX + 1)
			return -1;
		*out = v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v;
	} else {
		if (v > (uint64_t)INT64_MAX)
			return -1;
		*out = (int64_t)v;
	}
	return 0;
}
