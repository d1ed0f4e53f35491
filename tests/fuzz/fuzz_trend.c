/*
 * fuzz_trend: trend_classify and trend_first_rise on arbitrary numbers.
 *
 * Input: a 9-byte header (limit as a double, a fail-time selector), then
 * 10-byte records (a uint16 gap in ms, a double value). The records are
 * classified twice: as a sorted series (times accumulate the gaps) and
 * with the gap bytes read as raw, unsorted times. Checks that the shape
 * is valid, that no output is NaN, that runway >= -1 and fit is within
 * [0, 1], that a step time is a sample time inside the window, and that
 * trend_first_rise returns -1 or the time of a sample above the level.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "trend.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define HDR	9
#define REC	10
#define MAXPTS	4096

static int
has_time(const struct trend_pt *p, size_t n, int64_t t)
{
	for (size_t i = 0; i < n; i++)
		if (p[i].t_ns == t)
			return 1;
	return 0;
}

static void
check(const struct trend_pt *p, size_t n, double limit, int64_t fail)
{
	struct trend	t;

	if (trend_classify(p, n, limit, fail, &t, NULL) != ERR_OK)
		abort();
	if ((unsigned)t.shape >= TREND__COUNT || t.used > n)
		abort();
	if (isnan(t.slope_per_s) || isnan(t.fit) || isnan(t.runway_s) ||
	    isnan(t.step_before) || isnan(t.step_after) || isnan(t.first) ||
	    isnan(t.last) || isnan(t.max))
		abort();
	if (t.runway_s < -1 || t.fit < 0 || t.fit > 1)
		abort();
	if ((t.shape == TREND_SPIKE || t.shape == TREND_LEAK_SPIKE) !=
	    (t.step_ns != -1))
		abort();
	if (t.step_ns != -1 && (!has_time(p, n, t.step_ns) ||
	    t.step_ns > fail || t.from_ns > t.to_ns))
		abort();
	if (t.runway_s != -1 && t.shape != TREND_LEAK &&
	    t.shape != TREND_LEAK_SPIKE)
		abort();
	if (strcmp(trend_shape_name(t.shape), "?") == 0)
		abort();
}

static void
check_rise(const struct trend_pt *p, size_t n, double level, size_t hold)
{
	int64_t	r = trend_first_rise(p, n, level, hold);
	size_t	i;

	if (r == -1)
		return;
	for (i = 0; i < n; i++)
		if (p[i].t_ns == r && p[i].v > level)
			break;
	if (i == n)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct trend_pt	 sorted[MAXPTS], raw[MAXPTS];
	double			 limit = 0;
	int64_t			 t = 0, fail = INT64_MAX;
	size_t			 n = 0;

	if (size < HDR)
		return 0;
	memcpy(&limit, data, sizeof(limit));
	for (size_t off = HDR; off + REC <= size && n < MAXPTS; off += REC) {
		uint16_t	gap;
		double		v;

		memcpy(&gap, data + off, sizeof(gap));
		memcpy(&v, data + off + 2, sizeof(v));
		t += (int64_t)gap * 1000000;
		sorted[n] = (struct trend_pt){ t, v };
		raw[n] = (struct trend_pt){
		    (int64_t)(int16_t)gap * 1000000000LL, v };
		n++;
	}
	/* Selector: all, cut in the middle, or before the start. */
	if (data[8] % 3 == 1 && n > 0)
		fail = sorted[n / 2].t_ns;
	else if (data[8] % 3 == 2)
		fail = -1;
	check(sorted, n, limit, fail);
	check(raw, n, limit, fail);
	check_rise(sorted, n, n ? sorted[0].v : 0, data[8] % 16);
	return 0;
}
