/*
 * test_trend: trend_classify, trend_first_rise and the conversions.
 *
 * The series here are synthetic, generated in the tests (no captured
 * memory time series exists in the shared material): a linear leak with
 * noise, a sawtooth, a flat series with a step, a leak ending in a spike,
 * downsampled spacing, a tenant arriving. The memory figures come from
 * real DeepSpeed and Megatron-LM lines (fixtures/logs/README.md).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catalog.h"
#include "harness.h"
#include "parse_log.h"
#include "series.h"
#include "trend.h"

#define GB	(1024.0 * 1024 * 1024)
#define MB	(1024.0 * 1024)
#define S	1000000000LL	/* ns per second */
#define T0	(1700000000LL * S)
#define FX	"fixtures/logs/"

/* Deterministic noise in [-1, 1). */
static double
noise(uint32_t *x)
{
	*x = *x * 1664525u + 1013904223u;
	return (double)(*x >> 8) / (double)(1u << 23) - 1;
}

/* libm is not linked: small stand-ins. */
static double
dabs(double x)
{
	return x < 0 ? -x : x;
}

static double
rnd(double x)
{
	return (double)(int64_t)(x + 0.5);
}

static struct trend_pt *
alloc_pts(size_t n)
{
	struct trend_pt	*p = calloc(n ? n : 1, sizeof(*p));

	if (p == NULL)
		test_fail(__FILE__, __LINE__, "calloc");
	return p;
}

static struct trend
classify(const struct trend_pt *p, size_t n, double limit, int64_t fail)
{
	struct trend	t;
	struct err	e = { 0 };

	CHECK_EQ_INT(trend_classify(p, n, limit, fail, &t, &e), ERR_OK);
	return t;
}

static int
near(double got, double want, double rel)
{
	return dabs(got - want) <= rel * dabs(want);
}

/* 10 MB/s for an hour from 10 GB, +-200 MB of noise, 1 Hz. */
DEFINE_TEST(test_trend_leak)
{
	size_t		 n = 3600;
	struct trend_pt	*p = alloc_pts(n);
	uint32_t	 x = 1;
	double		 limit = 80 * GB, want_runway;
	struct trend	 t;

	for (size_t i = 0; i < n; i++) {
		p[i].t_ns = T0 + (int64_t)i * S;
		p[i].v = 10 * GB + 10 * MB * (double)i + 200 * MB * noise(&x);
	}
	t = classify(p, n, limit, INT64_MAX);
	CHECK_EQ_STR(trend_shape_name(t.shape), "leak");
	CHECK(near(t.slope_per_s, 10 * MB, 0.05));
	CHECK(t.fit > 0.9);
	CHECK_EQ_INT(t.from_ns, T0);
	CHECK_EQ_INT(t.to_ns, T0 + 3599 * S);
	CHECK_EQ_INT(t.step_ns, -1);
	CHECK(t.last == p[n - 1].v && t.first == p[0].v);
	/* (limit - last) / true slope: about an hour left. */
	want_runway = (limit - t.last) / (10 * MB);
	CHECK(want_runway > 3300 && want_runway < 3800);
	CHECK(near(t.runway_s, want_runway, 0.05));
	/* No limit: the same leak, no runway. */
	t = classify(p, n, 0, INT64_MAX);
	CHECK_EQ_INT(t.shape, TREND_LEAK);
	CHECK(t.runway_s == -1);
	/* Cut at the failure: the window ends at 1800 s. */
	t = classify(p, n, limit, T0 + 1800 * S);
	CHECK_EQ_INT(t.shape, TREND_LEAK);
	CHECK_EQ_INT(t.to_ns, T0 + 1800 * S);
	CHECK_EQ_INT(t.used, 1801);
	free(p);
}

/* A caching allocator: 20 -> 35 GB over a minute, then back, for an
 * hour. It grows all the time and gives it all back: not a leak. */
DEFINE_TEST(test_trend_sawtooth)
{
	size_t		 n = 3600;
	struct trend_pt	*p = alloc_pts(n);
	struct trend	 t;

	for (size_t i = 0; i < n; i++) {
		p[i].t_ns = T0 + (int64_t)i * S;
		p[i].v = 20 * GB + 15 * GB * (double)(i % 60) / 60;
	}
	t = classify(p, n, 80 * GB, INT64_MAX);
	CHECK(t.shape != TREND_LEAK && t.shape != TREND_LEAK_SPIKE);
	CHECK_EQ_STR(trend_shape_name(t.shape), "sawtooth");
	CHECK(t.drops >= 50);
	CHECK(t.runway_s == -1);
	/* The same with the period near the bucket width (14 s). */
	for (size_t i = 0; i < n; i++)
		p[i].v = 20 * GB + 15 * GB * (double)(i % 13) / 13;
	t = classify(p, n, 80 * GB, INT64_MAX);
	CHECK(t.shape != TREND_LEAK && t.shape != TREND_LEAK_SPIKE &&
	    t.shape != TREND_SPIKE);
	free(p);
}

/* Flat at 40 GB (+-100 MB) for 10 minutes, 60 GB from 30 s before the
 * failure at 600 s. */
DEFINE_TEST(test_trend_spike)
{
	size_t		 n = 600;
	struct trend_pt	*p = alloc_pts(n);
	uint32_t	 x = 7;
	struct trend	 t;

	for (size_t i = 0; i < n; i++) {
		p[i].t_ns = T0 + (int64_t)i * S;
		p[i].v = (i >= 570 ? 60 : 40) * GB + 100 * MB * noise(&x);
	}
	t = classify(p, n, 80 * GB, T0 + 600 * S);
	CHECK_EQ_STR(trend_shape_name(t.shape), "spike");
	CHECK_EQ_INT(t.step_ns, T0 + 570 * S);
	CHECK(near(t.step_before, 40 * GB, 0.01));
	CHECK(near(t.step_after, 60 * GB, 0.01));
	CHECK_EQ_INT(t.from_ns, T0 + 570 * S);
	CHECK(t.runway_s == -1);
	CHECK(dabs(t.slope_per_s) < 1 * MB);
	/* The same step in the middle of the run is not "right before the
	 * failure": no spike (and not a leak either). */
	for (size_t i = 0; i < n; i++)
		p[i].v = (i >= 300 ? 60 : 40) * GB + 100 * MB * noise(&x);
	t = classify(p, n, 80 * GB, INT64_MAX);
	CHECK(t.shape != TREND_SPIKE && t.shape != TREND_LEAK);
	CHECK_EQ_INT(t.step_ns, -1);
	/* A step under 5% of the limit is noise, whatever the noise. */
	for (size_t i = 0; i < n; i++)
		p[i].v = (i >= 570 ? 43 : 40) * GB;
	t = classify(p, n, 80 * GB, INT64_MAX);
	CHECK_EQ_INT(t.shape, TREND_FLAT);
	free(p);
}

/* 10 MB/s for an hour, then 15 GB more 60 s before the end. */
DEFINE_TEST(test_trend_leak_then_spike)
{
	size_t		 n = 3600;
	struct trend_pt	*p = alloc_pts(n);
	uint32_t	 x = 3;
	struct trend	 t;

	for (size_t i = 0; i < n; i++) {
		p[i].t_ns = T0 + (int64_t)i * S;
		p[i].v = 10 * GB + 10 * MB * (double)i + 100 * MB * noise(&x) +
		    (i >= 3540 ? 15 * GB : 0);
	}
	t = classify(p, n, 80 * GB, INT64_MAX);
	CHECK_EQ_STR(trend_shape_name(t.shape), "leak_then_spike");
	CHECK_EQ_INT(t.step_ns, T0 + 3540 * S);
	CHECK(near(t.slope_per_s, 10 * MB, 0.05));
	CHECK_EQ_INT(t.from_ns, T0);
	CHECK_EQ_INT(t.to_ns, T0 + 3540 * S);
	CHECK(near(t.step_after - t.step_before, 15 * GB, 0.05));
	CHECK(t.runway_s >= 0 && near(t.runway_s, (80 * GB - t.last) /
	    t.slope_per_s, 1e-9));
	free(p);
}

/*
 * Downsampled: samples 10 s apart for 50 minutes, then 1 s apart for
 * the last 10 (most samples are recent). 5 MB/s throughout; a fit on
 * sample index would see the slope change tenfold.
 */
DEFINE_TEST(test_trend_uneven)
{
	struct trend_pt	*p = alloc_pts(1000);
	size_t		 n = 0;
	uint32_t	 x = 11;
	struct trend	 t;

	for (int64_t s = 0; s < 3600; s += s < 3000 ? 10 : 1) {
		p[n].t_ns = T0 + s * S;
		p[n++].v = 20 * GB + 5 * MB * (double)s + 50 * MB * noise(&x);
	}
	CHECK_EQ_INT(n, 900);
	t = classify(p, n, 80 * GB, INT64_MAX);
	CHECK_EQ_INT(t.shape, TREND_LEAK);
	CHECK(near(t.slope_per_s, 5 * MB, 0.05));
	free(p);
}

DEFINE_TEST(test_trend_too_short_and_hostile)
{
	struct trend_pt	 p[64];
	struct trend	 t;
	struct err	 e = { 0 };

	CHECK_EQ_INT(trend_classify(NULL, 0, 1, INT64_MAX, &t, &e), ERR_OK);
	CHECK_EQ_INT(t.shape, TREND_TOO_SHORT);
	CHECK(t.runway_s == -1 && t.step_ns == -1 && t.used == 0);
	CHECK_EQ_INT(trend_classify(p, 5, 1, INT64_MAX, NULL, &e), ERR_USAGE);
	CHECK_EQ_INT(trend_classify(NULL, 5, 1, INT64_MAX, &t, &e), ERR_USAGE);
	/* Seven points, or sixty at one instant: too short. */
	for (size_t i = 0; i < 64; i++) {
		p[i].t_ns = T0 + (int64_t)i * S;
		p[i].v = (double)i * GB;
	}
	t = classify(p, 7, 0, INT64_MAX);
	CHECK_EQ_INT(t.shape, TREND_TOO_SHORT);
	CHECK_EQ_INT(t.used, 7);
	for (size_t i = 0; i < 64; i++)
		p[i].t_ns = T0;
	t = classify(p, 64, 0, INT64_MAX);
	CHECK_EQ_INT(t.shape, TREND_TOO_SHORT);
	/* Failure before the first sample: nothing in the window. */
	t = classify(p, 64, 0, T0 - 1);
	CHECK_EQ_INT(t.shape, TREND_TOO_SHORT);
	CHECK_EQ_INT(t.used, 0);
	/* NaN, inf, 1e300 and out-of-order samples are skipped; the rest is
	 * a clean leak of 1 GB/s. */
	for (size_t i = 0; i < 64; i++) {
		p[i].t_ns = T0 + (int64_t)i * S;
		p[i].v = (double)i * GB;
	}
	p[10].v = NAN;
	p[20].v = INFINITY;
	p[30].v = -1e300;
	p[40].t_ns = T0;		/* earlier than its neighbours */
	p[40].v = 1e29;
	t = classify(p, 64, 0, INT64_MAX);
	CHECK_EQ_INT(t.used, 60);
	CHECK_EQ_INT(t.shape, TREND_LEAK);
	CHECK(near(t.slope_per_s, GB, 1e-6));
	CHECK(t.max == 63 * GB);
	/* Extreme times: no overflow (the span is ~292 years). */
	p[0].t_ns = INT64_MIN + 1;
	p[63].t_ns = INT64_MAX;
	t = classify(p, 64, 70 * GB, INT64_MAX);
	CHECK(!isnan(t.slope_per_s) && !isnan(t.fit) && t.runway_s >= -1);
	CHECK(strcmp(trend_shape_name((enum trend_shape)99), "?") == 0);
}

/* A noisy flat series (+-5 GB around 40 GB of 80) is flat, not a leak;
 * the same noise around a tiny level with no limit is noisy. */
DEFINE_TEST(test_trend_flat_noisy)
{
	size_t		 n = 2000;
	struct trend_pt	*p = alloc_pts(n);
	uint32_t	 x = 5;
	struct trend	 t;

	for (size_t i = 0; i < n; i++) {
		p[i].t_ns = T0 + (int64_t)i * 2 * S;
		p[i].v = 40 * GB + 5 * GB * noise(&x);
	}
	t = classify(p, n, 80 * GB, INT64_MAX);
	CHECK_EQ_STR(trend_shape_name(t.shape), "flat");
	CHECK(t.runway_s == -1);
	for (size_t i = 0; i < n; i++)
		p[i].v = 1 * GB + 1 * GB * noise(&x) * noise(&x) * 4;
	t = classify(p, n, 0, INT64_MAX);
	CHECK(t.shape == TREND_NOISY || t.shape == TREND_SAWTOOTH);
	free(p);
}

/* Another process's memory: none for 100 s, then 5 GB. */
DEFINE_TEST(test_trend_first_rise)
{
	struct trend_pt	p[300];

	for (size_t i = 0; i < 300; i++) {
		p[i].t_ns = T0 + (int64_t)i * S;
		p[i].v = i < 100 ? 0 : 5 * GB;
	}
	CHECK_EQ_INT(trend_first_rise(p, 300, 0.5 * GB, 10), T0 + 100 * S);
	CHECK_EQ_INT(trend_first_rise(p, 300, 0.5 * GB, 100), T0 + 100 * S);
	CHECK_EQ_INT(trend_first_rise(p, 300, 0.5 * GB, 101), -1);
	CHECK_EQ_INT(trend_first_rise(p, 300, 10 * GB, 0), -1);
	/* Present from the start: it did not arrive mid-job. */
	CHECK_EQ_INT(trend_first_rise(p + 100, 200, 0.5 * GB, 1), -1);
	CHECK_EQ_INT(trend_first_rise(p + 100, 200, 0.5 * GB, 0), T0 + 100 * S);
	/* A NaN gap does not break the run below the level. */
	p[50].v = NAN;
	CHECK_EQ_INT(trend_first_rise(p, 300, 0.5 * GB, 99), T0 + 100 * S);
	CHECK_EQ_INT(trend_first_rise(NULL, 300, 0, 0), -1);
}

/* A million samples: two passes plus a fixed summary. */
DEFINE_TEST(test_trend_million)
{
	size_t		 n = 1000000;
	struct trend_pt	*p = alloc_pts(n);
	uint32_t	 x = 9;
	struct trend	 t;
	clock_t		 c0;

	for (size_t i = 0; i < n; i++) {
		p[i].t_ns = T0 + (int64_t)i * (S / 10);
		p[i].v = 10 * GB + 1 * MB * (double)i / 10 +
		    100 * MB * noise(&x);
	}
	c0 = clock();
	t = classify(p, n, 200 * GB, INT64_MAX);
	printf("trend_classify: %zu points in %.1f ms\n", n,
	    (double)(clock() - c0) * 1000 / CLOCKS_PER_SEC);
	CHECK_EQ_INT(t.shape, TREND_LEAK);
	CHECK(near(t.slope_per_s, 1 * MB, 0.05));
	CHECK_EQ_INT(t.used, n);
	free(p);
}

/* --- memory figures from real job log lines --- */

static struct evlist
parse_fixture(const char *rel, struct arena *a)
{
	struct evlist	out = { 0 };
	size_t		n;
	char		*p = test_slurp(rel, &n);
	struct src	in = { 1, rel, p, n };
	struct err	e = { 0 };

	CHECK(parse_log(&in, a, &out, &e) == ERR_OK);
	free(p);		/* events copy their lines into the arena */
	return out;
}

/* DeepSpeed's host line three times in one ZeRO-3 set-up: 44.74, 63.86,
 * 81.11 GB, timestamped; the GPU line's MA 0.63, 0.63, 0.64 GB. */
DEFINE_TEST(test_trend_from_figures_deepspeed)
{
	struct arena		*a = arena_new(1 << 16);
	struct evlist		 l = parse_fixture(FX
				    "deepspeed-see_memory_usage-4775.txt", a);
	const struct event	*ev[16];
	struct trend_pt		 p[16];
	enum trend_axis		 ax;
	size_t			 n = 0, k;

	for (size_t i = 0; i < l.n && n < 16; i++)
		if (l.v[i]->kind == EV_MEM_FIGURE)
			ev[n++] = l.v[i];
	CHECK_EQ_INT(n, 6);
	k = trend_from_figures(ev, n, "host_used_bytes", p, 16, &ax);
	CHECK_EQ_INT(k, 3);
	CHECK_EQ_INT(ax, TREND_AXIS_TIME);
	CHECK(k == 3 && p[0].v == rnd(44.74 * GB) &&
	    p[2].v == rnd(81.11 * GB));
	CHECK(k == 3 && p[2].t_ns - p[0].t_ns == 3329000000LL);
	k = trend_from_figures(ev, n, "allocated_bytes", p, 16, &ax);
	CHECK_EQ_INT(k, 3);
	CHECK(k == 3 && p[0].v == rnd(0.63 * GB) &&
	    p[2].v == rnd(0.64 * GB));
	/* max bounds the output. */
	CHECK_EQ_INT(trend_from_figures(ev, n, "allocated_bytes", p, 2, NULL),
	    2);
	CHECK_EQ_INT(trend_from_figures(ev, n, "no_such_field", p, 16, NULL),
	    0);
	evlist_free(&l);
	arena_free(a);
}

/* Megatron's line has no timestamp: the iteration is the axis. */
DEFINE_TEST(test_trend_from_figures_megatron)
{
	struct arena		*a = arena_new(1 << 16);
	struct evlist		 l = parse_fixture(FX
				    "megatron-report_memory-756.txt", a);
	const struct event	*ev[1];
	struct trend_pt		 p[1];
	enum trend_axis		 ax;
	int64_t			 v;

	CHECK_EQ_INT(l.n, 1);
	if (l.n != 1)
		return;
	ev[0] = l.v[0];
	CHECK_EQ_INT(ev[0]->kind, EV_MEM_FIGURE);
	CHECK_EQ_INT(ev[0]->rank, 1);
	CHECK(ev_num(ev[0], "reserved_bytes", &v) == 0 &&
	    v == 61480LL * 1024 * 1024);
	CHECK_EQ_INT(trend_from_figures(ev, 1, "max_allocated_bytes", p, 1,
	    &ax), 1);
	CHECK_EQ_INT(ax, TREND_AXIS_ITERATION);
	CHECK_EQ_INT(p[0].t_ns, 1 * S);
	CHECK(p[0].v == rnd(54250.98583984375 * MB));
	evlist_free(&l);
	arena_free(a);
}

/* Built events: no timestamps, no iteration: the line is the axis, and
 * the points come out sorted. */
DEFINE_TEST(test_trend_from_figures_line_axis)
{
	struct arena		*a = arena_new(1 << 12);
	struct evlist		 l = { 0 };
	const struct event	*ev[3];
	struct trend_pt		 p[3];
	enum trend_axis		 ax;
	uint32_t		 lines[3] = { 30, 10, 20 };

	for (int i = 0; i < 3; i++) {
		struct event	*e = evlist_add(&l, a, EV_MEM_FIGURE);

		CHECK(e != NULL);
		if (e == NULL)
			return;
		e->ref.line = lines[i];
		CHECK(ev_set_num(e, a, "allocated_bytes", 100 * (i + 1)) == 0);
		ev[i] = e;
	}
	CHECK_EQ_INT(trend_from_figures(ev, 3, "allocated_bytes", p, 3, &ax),
	    3);
	CHECK_EQ_INT(ax, TREND_AXIS_LINE);
	CHECK(p[0].t_ns == 10 * S && p[0].v == 200);
	CHECK(p[2].t_ns == 30 * S && p[2].v == 100);
	evlist_free(&l);
	arena_free(a);
}

/* A series file column (series.h), built in memory. */
DEFINE_TEST(test_trend_from_series)
{
	struct series_col	cols[2] = { { "cg/job/current", "bytes", 1000 },
				    { "gpu0/used", "bytes", -1 } };
	int64_t			t[3] = { T0, T0 + S, T0 + 2 * S };
	int64_t			v[6] = { 10, 5, SERIES_NONE, 6, 30, 7 };
	struct series		s = { 0 };
	struct trend_pt		p[3];
	double			limit = -5;

	s.ncols = 2;
	s.cols = cols;
	s.nrows = 3;
	s.t_ns = t;
	s.v = v;
	CHECK_EQ_INT(trend_from_series(&s, "cg/job/current", p, 3, &limit), 2);
	CHECK(limit == 1000);
	CHECK(p[0].v == 10 && p[1].t_ns == T0 + 2 * S && p[1].v == 30);
	CHECK_EQ_INT(trend_from_series(&s, "gpu0/used", p, 3, &limit), 3);
	CHECK(limit == 0);
	CHECK_EQ_INT(trend_from_series(&s, "nope", p, 3, &limit), 0);
}
