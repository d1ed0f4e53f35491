/*
 * units: size and time parsing without locale or TZ.
 */
#include <stdio.h>
#include <string.h>

#include "units.h"

static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static uint64_t
prefix_mult(struct str u, int *ok)
{
	static const char	pfx[] = "kmgtpe";
	const char		*q;
	uint64_t		 m = 1;

	*ok = 1;
	if (u.n == 0)
		return 0;	/* caller uses its default */
	if (u.n == 1 && lower(u.p[0]) == 'b')
		return 1;
	if (str_eq(u, "bytes") || str_eq(u, "byte"))
		return 1;
	if ((q = memchr(pfx, lower(u.p[0]), 6)) == NULL) {
		*ok = 0;
		return 0;
	}
	for (int i = 0; i <= q - pfx; i++)
		m *= 1024;
	/* Accept K, KB, KiB, kB, free -h's Ki, Mi, Gi and the sacct
	 * per-cpu/per-node suffixes. */
	if (u.n == 1 || (u.n == 2 && (lower(u.p[1]) == 'b' ||
	    lower(u.p[1]) == 'i')) ||
	    (u.n == 3 && lower(u.p[1]) == 'i' && lower(u.p[2]) == 'b'))
		return m;
	*ok = 0;
	return 0;
}

#define EXP_MAX	30

/* An exponent at s[*i] ("e+10", "E3", "e-2"): its value, advancing *i,
 * held to [-EXP_MAX - 1, EXP_MAX + 1]; 0 when there is none ("E" alone
 * is the exa prefix). */
static int
exponent(struct str s, size_t *i)
{
	size_t	j = *i;
	int	neg = 0, v = 0;

	if (j >= s.n || lower(s.p[j]) != 'e')
		return 0;
	j++;
	if (j < s.n && (s.p[j] == '+' || s.p[j] == '-'))
		neg = s.p[j++] == '-';
	if (j >= s.n || s.p[j] < '0' || s.p[j] > '9')
		return 0;
	for (; j < s.n && s.p[j] >= '0' && s.p[j] <= '9'; j++)
		if (v <= EXP_MAX)
			v = v * 10 + (s.p[j] - '0');
	if (v > EXP_MAX)
		v = EXP_MAX + 1;
	*i = j;
	return neg ? -v : v;
}

static double
pow10i(int e)
{
	double	v = 1;

	for (int k = 0; k < (e < 0 ? -e : e); k++)
		v *= 10;
	return e < 0 ? 1 / v : v;
}

/* One reading of a size: digits, an optional fraction and exponent, an
 * optional unit.  The integer part is exact while it fits (ip_over says
 * when it did not); v is the whole number in double, unit applied. */
struct size_scan {
	uint64_t	ip, frac, fdiv, mult;
	double		v;
	int		exp, ip_over;
};

static int
size_scan(struct str s, struct size_scan *z)
{
	size_t	i = 0;
	int	digits = 0, ok;
	double	fd = 1;

	memset(z, 0, sizeof(*z));
	z->fdiv = 1;
	s = str_trim(s);
	for (; i < s.n && s.p[i] >= '0' && s.p[i] <= '9'; i++, digits++) {
		if (z->ip > (UINT64_MAX - 9) / 10)
			z->ip_over = 1;
		else
			z->ip = z->ip * 10 + (uint64_t)(s.p[i] - '0');
		z->v = z->v * 10 + (s.p[i] - '0');
	}
	if (i < s.n && s.p[i] == '.')
		for (i++; i < s.n && s.p[i] >= '0' && s.p[i] <= '9'; i++) {
			digits++;
			fd /= 10;
			z->v += (s.p[i] - '0') * fd;
			if (z->fdiv < 1000000000ULL) {
				z->frac = z->frac * 10 +
				    (uint64_t)(s.p[i] - '0');
				z->fdiv *= 10;
			}
		}
	if (digits == 0)
		return -1;
	z->exp = exponent(s, &i);
	z->mult = prefix_mult(str_trim(str_make(s.p + i, s.n - i)), &ok);
	if (!ok)
		return -1;
	z->v *= pow10i(z->exp) * (double)(z->mult == 0 ? 1 : z->mult);
	return 0;
}

int
units_size(struct str s, uint64_t default_mult, uint64_t *bytes)
{
	struct size_scan	z;
	uint64_t		mult;

	if (size_scan(s, &z) < 0 || z.ip_over ||
	    z.exp > EXP_MAX || z.exp < -EXP_MAX)
		return -1;
	mult = z.mult == 0 ? default_mult : z.mult;
	if (z.exp != 0) {
		/* C++ streams print large sizes this way ("1.718e+10 G") */
		double	v = ((double)z.ip + (double)z.frac /
			    (double)z.fdiv) * pow10i(z.exp) * (double)mult;

		if (!(v < 18446744073709551616.0))
			return -1;
		*bytes = (uint64_t)(v + 0.5);
		return 0;
	}
	if (z.ip != 0 && mult > UINT64_MAX / z.ip)
		return -1;
	*bytes = z.ip * mult + (uint64_t)((double)z.frac / (double)z.fdiv *
	    (double)mult + 0.5);
	return 0;
}

int
units_size_overflows(struct str s)
{
	struct size_scan	z;

	return size_scan(s, &z) == 0 && z.v >= 9223372036854775808.0;
}

int64_t
units_civil_to_epoch(int y, int mon, int d, int h, int mi, int s)
{
	/* Howard Hinnant's days_from_civil. */
	int64_t		yy = y - (mon <= 2);
	int64_t		era = (yy >= 0 ? yy : yy - 399) / 400;
	int64_t		yoe = yy - era * 400;
	int64_t		doy = (153 * (mon + (mon > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	int64_t		doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	int64_t		days = era * 146097 + doe - 719468;

	return days * 86400 + h * 3600 + mi * 60 + s;
}

static int
num(const char *p, size_t n, int *out)
{
	int	v = 0;

	for (size_t i = 0; i < n; i++) {
		if (p[i] < '0' || p[i] > '9')
			return -1;
		v = v * 10 + (p[i] - '0');
	}
	*out = v;
	return 0;
}

/* "+hh:mm" or "+hhmm" -> seconds east of UTC. */
static int
tz_offset(struct str s, int64_t *off)
{
	int	oh, om;

	if (s.n == 6 && s.p[3] == ':' && num(s.p + 1, 2, &oh) == 0 &&
	    num(s.p + 4, 2, &om) == 0)
		;
	else if (s.n == 5 && num(s.p + 1, 2, &oh) == 0 &&
	    num(s.p + 3, 2, &om) == 0)
		;
	else
		return -1;
	*off = (s.p[0] == '-' ? -1 : 1) * (int64_t)(oh * 3600 + om * 60);
	return 0;
}

int
units_iso_time(struct str s, int64_t *ns, int *has_tz)
{
	int		 y, mo, d, h, mi, se;
	int64_t		 off;
	int64_t		 frac = 0, mul = 100000000, t;
	size_t		 i = 19;

	s = str_trim(s);
	if (s.n < 19 || s.p[4] != '-' || s.p[7] != '-' ||
	    (s.p[10] != 'T' && s.p[10] != ' ') || s.p[13] != ':' ||
	    s.p[16] != ':')
		return -1;
	if (num(s.p, 4, &y) || num(s.p + 5, 2, &mo) || num(s.p + 8, 2, &d) ||
	    num(s.p + 11, 2, &h) || num(s.p + 14, 2, &mi) ||
	    num(s.p + 17, 2, &se))
		return -1;
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 ||
	    se > 60)
		return -1;
	if (i < s.n && (s.p[i] == '.' || s.p[i] == ',')) {
		for (i++; i < s.n && s.p[i] >= '0' && s.p[i] <= '9'; i++) {
			frac += (s.p[i] - '0') * mul;
			mul /= 10;
		}
	}
	t = units_civil_to_epoch(y, mo, d, h, mi, se);
	*has_tz = 0;
	if (i < s.n && (s.p[i] == 'Z' || s.p[i] == 'z')) {
		*has_tz = 1;
		i++;
	} else if (i < s.n && (s.p[i] == '+' || s.p[i] == '-')) {
		if (tz_offset(str_make(s.p + i, s.n - i), &off) == -1)
			return -1;
		t -= off;
		*has_tz = 1;
		i = s.n;
	}
	if (i != s.n || t > INT64_MAX / 1000000000LL - 1 ||
	    t < INT64_MIN / 1000000000LL + 1)
		return -1;
	*ns = t * 1000000000LL + frac;
	return 0;
}

void
units_fmt_iso(int64_t ns, char out[48])
{
	char		 tmp[160];
	int64_t		 secs = ns / 1000000000LL, days, rem, z, era, doe, yoe;
	int64_t		 y, doy, mp, d, m;
	long		 frac = (long)(ns % 1000000000LL);

	if (frac < 0) {
		frac += 1000000000L;
		secs--;
	}
	days = secs / 86400;
	rem = secs % 86400;
	if (rem < 0) {
		rem += 86400;
		days--;
	}
	z = days + 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	y = yoe + era * 400;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	d = doy - (153 * mp + 2) / 5 + 1;
	m = mp + (mp < 10 ? 3 : -9);
	y += m <= 2;
	if (frac == 0)
		snprintf(tmp, sizeof(tmp), "%04lld-%02lld-%02lldT%02lld:%02lld:%02lldZ",
		    (long long)y, (long long)m, (long long)d,
		    (long long)(rem / 3600), (long long)(rem / 60 % 60),
		    (long long)(rem % 60));
	else
		snprintf(tmp, sizeof(tmp),
		    "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld.%06ldZ",
		    (long long)y, (long long)m, (long long)d,
		    (long long)(rem / 3600), (long long)(rem / 60 % 60),
		    (long long)(rem % 60), frac / 1000);
	/* Years past 9999 do not fit the caller's buffer: cut, never overrun. */
	tmp[47] = '\0';
	memcpy(out, tmp, strlen(tmp) + 1);
}

int
units_month(struct str s)
{
	static const char	months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";

	if (s.n != 3)
		return 0;
	for (int i = 0; i < 12; i++)
		if (memcmp(months + i * 3, s.p, 3) == 0)
			return i + 1;
	return 0;
}
