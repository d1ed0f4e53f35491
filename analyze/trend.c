/*
 * trend: classify one memory time series (see trend.h for the shapes and
 * the thresholds in words).
 *
 * Pass 1 finds the usable samples of the window (first and last time,
 * first, last, smallest and largest value). Pass 2 sums them into
 * TREND_BUCKETS equal time buckets and counts large drops. Everything
 * else works on the bucket means (at most TREND_BUCKETS points, sorted
 * on the stack), except the step time, which is refined on the samples
 * of the two buckets around the step. Nothing here allocates, prints or
 * keeps state between calls.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "series.h"
#include "trend.h"

#define MIN_POINTS	8	/* usable samples below this: too short */
#define MIN_BUCKETS	4	/* bucket means a fit needs */
#define STEP_TAIL_FRAC	0.20	/* a spike starts in this last part */
#define STEP_K		6.0	/* spike height, in noise units */
#define STEP_MIN_FRAC	0.05	/* spike height, as a share of scale */
#define LEAK_MIN_FRAC	0.05	/* leak growth, as a share of scale */
#define LEAK_MIN_FIT	0.60	/* R^2 a leak's line must reach */
#define LEAK_QUARTER	0.25	/* each quarter's share of its growth */
#define SAW_DROP_FRAC	0.25	/* drops of this share of range */
#define SAW_MIN_DROPS	3	/* ... this many times: sawtooth */
#define FLAT_FRAC	0.05	/* flat: growth under this share ... */
#define FLAT_SPREAD	0.25	/* ... and spread under this share */
#define MAD_SIGMA	1.4826	/* MAD to standard deviation (normal) */

struct bucket {
	double	 st, sv;	/* sums: seconds since t0, values */
	int64_t	 lo, hi;	/* first and last sample time */
	size_t	 n;
};

/* The summary both passes and the classifier share. */
struct summary {
	const struct trend_pt	*p;
	size_t			 n;
	int64_t			 fail_ns, t0, t1;
	double			 vmin, vmax, scale, span_s;
	size_t			 used;
	size_t			 rises;	/* rises as large as a drop */
	struct bucket		 b[TREND_BUCKETS];
	double			 t[TREND_BUCKETS], v[TREND_BUCKETS];
	int64_t			 lo[TREND_BUCKETS], hi[TREND_BUCKETS];
	size_t			 m;	/* non-empty buckets */
};

/* A line v = a + slope * t (t in seconds since t0) with its noise. */
struct line {
	double	 slope, a, sigma, r2;
};

static const char *const shape_names[] = {
#define TREND_NAME(k, s) s,
	TREND_SHAPES(TREND_NAME)
#undef TREND_NAME
};

const char *
trend_shape_name(enum trend_shape s)
{
	return (unsigned)s < TREND__COUNT ? shape_names[s] : "?";
}

/* Local min, max and abs: libm is not linked (NaN never reaches these). */
static double
dmin(double a, double b)
{
	return a < b ? a : b;
}

static double
dmax(double a, double b)
{
	return a > b ? a : b;
}

static double
dabs(double a)
{
	return a < 0 ? -a : a;
}

static int
usable(double v)
{
	return isfinite(v) && dabs(v) <= TREND_VMAX;
}

/* Seconds from a to b (b >= a), without signed overflow. */
static double
secs(int64_t a, int64_t b)
{
	return (double)((uint64_t)b - (uint64_t)a) / 1e9;
}

static int
cmp_double(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Median of a[0..n) (n <= TREND_BUCKETS); 0 when n is 0. */
static double
median(const double *a, size_t n)
{
	double	tmp[TREND_BUCKETS];

	if (n == 0)
		return 0;
	if (n > TREND_BUCKETS)
		n = TREND_BUCKETS;
	memcpy(tmp, a, n * sizeof(*tmp));
	qsort(tmp, n, sizeof(*tmp), cmp_double);
	return n % 2 ? tmp[n / 2] : (tmp[n / 2 - 1] + tmp[n / 2]) / 2;
}

/*
 * Pass 1: the usable samples of the window. Sorted input is assumed;
 * a sample earlier than the one before it is skipped, which keeps the
 * passes consistent on hostile input.
 */
static void
pass_range(struct summary *s, struct trend *out)
{
	int64_t	prev = INT64_MIN;
	int	any = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct trend_pt	*q = &s->p[i];

		if (q->t_ns > s->fail_ns)
			break;
		if (!usable(q->v) || q->t_ns < prev)
			continue;
		prev = q->t_ns;
		if (!any) {
			s->t0 = q->t_ns;
			s->vmin = s->vmax = out->first = q->v;
			any = 1;
		}
		s->t1 = q->t_ns;
		s->vmin = dmin(s->vmin, q->v);
		s->vmax = dmax(s->vmax, q->v);
		out->last = q->v;
		s->used++;
	}
	out->max = s->vmax;
	out->used = s->used;
}

static size_t
bucket_of(const struct summary *s, int64_t t)
{
	double	x = secs(s->t0, t) / s->span_s * TREND_BUCKETS;

	return x >= TREND_BUCKETS - 1 ? TREND_BUCKETS - 1 : (size_t)x;
}

/* Pass 2: bucket sums, large drops and rises; then the bucket means. */
static void
pass_buckets(struct summary *s, struct trend *out)
{
	int64_t	prev = INT64_MIN;
	double	pv = 0, drop = SAW_DROP_FRAC * (s->vmax - s->vmin);

	for (size_t i = 0; i < s->n && s->p[i].t_ns <= s->fail_ns; i++) {
		const struct trend_pt	*q = &s->p[i];
		struct bucket		*b;

		if (!usable(q->v) || q->t_ns < prev)
			continue;
		if (prev != INT64_MIN && drop > 0 && pv - q->v > drop)
			out->drops++;
		else if (prev != INT64_MIN && drop > 0 && q->v - pv > drop)
			s->rises++;
		prev = q->t_ns;
		pv = q->v;
		b = &s->b[bucket_of(s, q->t_ns)];
		if (b->n++ == 0)
			b->lo = q->t_ns;
		b->hi = q->t_ns;
		b->st += secs(s->t0, q->t_ns);
		b->sv += q->v;
	}
	for (size_t k = 0; k < TREND_BUCKETS; k++) {
		if (s->b[k].n == 0)
			continue;
		s->t[s->m] = s->b[k].st / (double)s->b[k].n;
		s->v[s->m] = s->b[k].sv / (double)s->b[k].n;
		s->lo[s->m] = s->b[k].lo;
		s->hi[s->m] = s->b[k].hi;
		s->m++;
	}
}

/*
 * A robust line through points [0, n): the slope is the median of the
 * slopes between point i and point i + n/2 (a pairwise Sen estimator:
 * O(n), and a burst moves at most the pairs it touches); the intercept
 * is the median residual; sigma is the scaled median absolute residual.
 */
static void
fit_line(const double *t, const double *v, size_t n, struct line *l)
{
	double	sl[TREND_BUCKETS], r[TREND_BUCKETS];
	double	mean = 0, ss = 0, sr = 0;
	size_t	h = n / 2, k = 0;

	memset(l, 0, sizeof(*l));
	if (n < 2)
		return;
	for (size_t i = 0; i + h < n; i++)
		if (t[i + h] > t[i])
			sl[k++] = (v[i + h] - v[i]) / (t[i + h] - t[i]);
	l->slope = median(sl, k);
	for (size_t i = 0; i < n; i++)
		r[i] = v[i] - l->slope * t[i];
	l->a = median(r, n);
	for (size_t i = 0; i < n; i++) {
		r[i] = dabs(r[i] - l->a);
		mean += v[i] / (double)n;
	}
	l->sigma = MAD_SIGMA * median(r, n);
	for (size_t i = 0; i < n; i++) {
		double	e = v[i] - (l->a + l->slope * t[i]);

		sr += e * e;
		ss += (v[i] - mean) * (v[i] - mean);
	}
	l->r2 = ss > 0 ? dmax(0, 1 - sr / ss) : 0;
}

/*
 * Did each quarter of [0, n) (by time) grow by at least LEAK_QUARTER of
 * an even share of the whole growth? One step puts all of it in one
 * quarter; a leak spreads it.
 */
static int
steady(const double *t, const double *v, size_t n)
{
	double	q[4], lo = t[0], w = (t[n - 1] - t[0]) / 4, share;
	size_t	i = 0;

	if (!(w > 0))
		return 0;
	for (int k = 0; k < 4; k++) {
		size_t	j = i;

		while (j < n && (k == 3 || t[j] < lo + w * (k + 1)))
			j++;
		if (j == i)
			return 0;
		q[k] = median(v + i, j - i);
		i = j;
	}
	share = LEAK_QUARTER * (q[3] - q[0]) / 3;
	return q[3] > q[0] && q[1] - q[0] >= share && q[2] - q[1] >= share &&
	    q[3] - q[2] >= share;
}

/* Leak test over the first n bucket means. */
static int
is_leak(const struct summary *s, size_t n, struct line *l)
{
	if (n < MIN_BUCKETS)
		return 0;
	fit_line(s->t, s->v, n, l);
	return l->slope > 0 && l->r2 >= LEAK_MIN_FIT &&
	    l->slope * (s->t[n - 1] - s->t[0]) >= LEAK_MIN_FRAC * s->scale &&
	    steady(s->t, s->v, n);
}

/* First sample of the step: the first in buckets k-1..k above half. */
static int64_t
step_time(const struct summary *s, size_t k, const struct line *l,
    double half)
{
	int64_t	from = s->lo[k > 0 ? k - 1 : 0];
	size_t	lo = 0, hi = s->n;

	while (lo < hi) {
		size_t	mid = lo + (hi - lo) / 2;

		if (s->p[mid].t_ns < from)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < s->n && s->p[lo].t_ns <= s->hi[k]; lo++) {
		const struct trend_pt	*q = &s->p[lo];

		if (q->t_ns >= from && usable(q->v) &&
		    q->v - (l->a + l->slope * secs(s->t0, q->t_ns)) > half)
			return q->t_ns;
	}
	return s->lo[k];
}

/*
 * Spike test: fit the buckets before the last STEP_TAIL_FRAC of the
 * span, then find the earliest tail bucket from which every residual
 * stays above half the threshold; the median residual from there must
 * clear the threshold. Returns that bucket's index, or s->m for none.
 */
static size_t
find_step(const struct summary *s, struct line *pre, double *thresh)
{
	double	r[TREND_BUCKETS], tail = s->span_s * (1 - STEP_TAIL_FRAC);
	double	run = INFINITY;
	size_t	np = 0, k;

	while (np < s->m && s->t[np] < tail)
		np++;
	if (np < MIN_BUCKETS || np == s->m)
		return s->m;
	fit_line(s->t, s->v, np, pre);
	*thresh = dmax(STEP_K * pre->sigma, STEP_MIN_FRAC * s->scale);
	for (k = s->m; k > np; k--) {
		r[k - 1] = s->v[k - 1] - (pre->a + pre->slope * s->t[k - 1]);
		run = dmin(run, r[k - 1]);
		if (!(run > *thresh / 2))
			break;
	}
	if (k == s->m || median(r + k, s->m - k) <= *thresh)
		return s->m;
	return k;
}

static void
set_leak(struct trend *out, const struct line *l, double limit)
{
	out->slope_per_s = l->slope;
	out->fit = l->r2;
	if (limit > 0)
		out->runway_s = out->last >= limit ? 0 :
		    (limit - out->last) / l->slope;
	if (!isfinite(out->runway_s))
		out->runway_s = -1;
}

/* Neither leak nor spike: sawtooth, flat or noisy. */
static void
set_other(const struct summary *s, struct trend *out)
{
	struct line	l;
	double		lo = s->v[0], hi = s->v[0];

	fit_line(s->t, s->v, s->m, &l);
	out->slope_per_s = l.slope;
	out->fit = l.r2;
	for (size_t i = 1; i < s->m; i++) {
		lo = dmin(lo, s->v[i]);
		hi = dmax(hi, s->v[i]);
	}
	if (out->drops >= SAW_MIN_DROPS && s->rises < out->drops)
		out->shape = TREND_SAWTOOTH;
	else if (dabs(l.slope * s->span_s) < FLAT_FRAC * s->scale &&
	    hi - lo < FLAT_SPREAD * s->scale)
		out->shape = TREND_FLAT;
	else
		out->shape = TREND_NOISY;
}

static void
classify(struct summary *s, double limit, struct trend *out)
{
	struct line	pre, leak;
	double		thresh = 0;
	size_t		k = find_step(s, &pre, &thresh);

	out->from_ns = s->t0;
	out->to_ns = s->t1;
	if (k < s->m) {
		out->step_ns = step_time(s, k, &pre, thresh / 2);
		out->step_before = pre.a +
		    pre.slope * secs(s->t0, out->step_ns);
		out->step_after = median(s->v + k, s->m - k);
		if (is_leak(s, k, &leak)) {
			out->shape = TREND_LEAK_SPIKE;
			out->to_ns = out->step_ns;
			set_leak(out, &leak, limit);
		} else {
			out->shape = TREND_SPIKE;
			out->from_ns = out->step_ns;
			out->slope_per_s = pre.slope;
			out->fit = pre.r2;
		}
	} else if (is_leak(s, s->m, &leak)) {
		out->shape = TREND_LEAK;
		set_leak(out, &leak, limit);
	} else
		set_other(s, out);
}

enum err_code
trend_classify(const struct trend_pt *pts, size_t n, double limit,
    int64_t fail_ns, struct trend *out, struct err *e)
{
	static struct summary	 zero;
	struct summary		 s = zero;

	if (out == NULL || (pts == NULL && n > 0))
		return ERR(e, ERR_USAGE, "trend_classify: no %s",
		    out == NULL ? "result" : "points");
	memset(out, 0, sizeof(*out));
	out->shape = TREND_TOO_SHORT;
	out->runway_s = -1;
	out->step_ns = -1;
	if (!isfinite(limit))
		limit = 0;
	s.p = pts;
	s.n = n;
	s.fail_ns = fail_ns;
	pass_range(&s, out);
	if (s.used < MIN_POINTS || s.t1 <= s.t0)
		return ERR_OK;
	s.span_s = secs(s.t0, s.t1);
	s.scale = limit > 0 ? limit : dmax(dabs(s.vmin), dabs(s.vmax));
	if (!(s.scale > 0))
		s.scale = 1;
	pass_buckets(&s, out);
	classify(&s, limit, out);
	return ERR_OK;
}

int64_t
trend_first_rise(const struct trend_pt *pts, size_t n, double level,
    size_t hold)
{
	size_t	below = 0;

	for (size_t i = 0; pts != NULL && i < n; i++) {
		if (!isfinite(pts[i].v))
			continue;
		if (pts[i].v <= level)
			below++;
		else if (!(pts[i].v > level))
			continue;	/* level is NaN */
		else if (below >= hold)
			return pts[i].t_ns;
		else
			below = 0;
	}
	return -1;
}

/* --- points from memory_figure events --- */

static int
cmp_pt(const void *a, const void *b)
{
	const struct trend_pt	*x = a, *y = b;

	return (x->t_ns > y->t_ns) - (x->t_ns < y->t_ns);
}

/* The axis every event with the field supports. */
static enum trend_axis
pick_axis(const struct event *const *evs, size_t n, const char *field)
{
	int	ts = 1, it = 1;
	int64_t	v;

	for (size_t i = 0; i < n; i++) {
		if (evs[i] == NULL || ev_num(evs[i], field, &v) != 0)
			continue;
		ts &= evs[i]->tsq != TSQ_NONE;
		it &= ev_num(evs[i], "iteration", &v) == 0;
	}
	return ts ? TREND_AXIS_TIME : it ? TREND_AXIS_ITERATION :
	    TREND_AXIS_LINE;
}

/* Seconds as nanoseconds, saturating instead of overflowing. */
static int64_t
as_ns(int64_t x)
{
	if (x > INT64_MAX / 1000000000LL)
		return INT64_MAX;
	if (x < INT64_MIN / 1000000000LL)
		return INT64_MIN;
	return x * 1000000000LL;
}

size_t
trend_from_figures(const struct event *const *evs, size_t n,
    const char *field, struct trend_pt *out, size_t max,
    enum trend_axis *axis)
{
	enum trend_axis	ax;
	size_t		k = 0;
	int64_t		v, it;

	ax = evs != NULL && field != NULL ? pick_axis(evs, n, field) :
	    TREND_AXIS_LINE;
	if (axis != NULL)
		*axis = ax;
	for (size_t i = 0; evs != NULL && field != NULL && out != NULL &&
	    i < n && k < max; i++) {
		const struct event	*ev = evs[i];

		if (ev == NULL || ev_num(ev, field, &v) != 0)
			continue;
		if (ax == TREND_AXIS_TIME)
			out[k].t_ns = ev->ts_ns;
		else if (ax == TREND_AXIS_ITERATION &&
		    ev_num(ev, "iteration", &it) == 0)
			out[k].t_ns = as_ns(it);
		else
			out[k].t_ns = as_ns((int64_t)ev->ref.line);
		out[k++].v = (double)v;
	}
	if (k > 1)
		qsort(out, k, sizeof(*out), cmp_pt);
	return k;
}

/* --- points from a series file column --- */

size_t
trend_from_series(const struct series *s, const char *name,
    struct trend_pt *out, size_t max, double *limit)
{
	size_t	c, k = 0;

	if (limit != NULL)
		*limit = 0;
	if (s == NULL || name == NULL || out == NULL)
		return 0;
	for (c = 0; c < s->ncols; c++)
		if (s->cols[c].name != NULL &&
		    strcmp(s->cols[c].name, name) == 0)
			break;
	if (c == s->ncols)
		return 0;
	if (limit != NULL && s->cols[c].limit > 0)
		*limit = (double)s->cols[c].limit;
	for (size_t r = 0; r < s->nrows && k < max; r++) {
		int64_t	v = s->v[r * s->ncols + c];

		if (v == SERIES_NONE)
			continue;
		out[k].t_ns = s->t_ns[r];
		out[k++].v = (double)v;
	}
	return k;
}
