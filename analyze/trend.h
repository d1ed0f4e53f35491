/*
 * trend: the shape of one memory time series, as a verdict input.
 *
 * Given samples of one quantity (bytes used by a cgroup, a GPU's
 * memory.used, a framework's allocated bytes) and the limit it runs into,
 * trend_classify() says whether the series grew steadily until the
 * failure (a leak, with its growth rate and the time left to the limit),
 * jumped right before the failure (a spike: a bigger batch or sequence),
 * both, or neither (flat, sawtooth, noisy). trend_first_rise() says when
 * a series that sat at a level first rose above it (another tenant's
 * memory appearing mid-job). trend_from_figures() turns memory_figure
 * events from one job log into points.
 *
 * Pure numeric code: no I/O, no allocation, no globals. Work is bounded:
 * two passes over the points plus a fixed-size summary (TREND_BUCKETS
 * time buckets), so a million points cost a few milliseconds. Time, not
 * sample index, is the axis: downsampled series with uneven spacing are
 * fine. Points that are NaN, infinite, larger than TREND_VMAX in
 * magnitude, or earlier than the point before them are skipped.
 *
 * Thresholds (all in trend.c, named there):
 *  - too short: fewer than 8 usable points, or no time between them;
 *  - leak: over the span before any spike, the robust slope (pairwise
 *    Sen over the bucket means) is positive, the growth it implies is at
 *    least 5% of the scale (the limit, else the series' largest
 *    magnitude), the line explains at least 60% of the variance (R^2),
 *    and each quarter of the span grew by at least a quarter of its
 *    share, so one step or one burst is not a leak;
 *  - spike: within the last 20% of the window, the series rises above
 *    the line fitted to the earlier 80% by more than 6 times that part's
 *    robust noise and by at least 5% of the scale, and stays above half
 *    of that until the end;
 *  - sawtooth: not a leak, at least 3 drops each larger than a quarter
 *    of the series' range, and fewer rises that large (it climbs slowly
 *    and falls at once: a caching allocator or a garbage collector
 *    giving memory back; white noise jumps both ways);
 *  - flat: not the above, the line's growth is under 5% and the bucket
 *    means' spread under 25% of the scale; noisy otherwise.
 */
#ifndef OOMTRAIL_TREND_H
#define OOMTRAIL_TREND_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "event.h"

#define TREND_BUCKETS	256	/* time buckets of the summary */
#define TREND_VMAX	1e30	/* larger magnitudes are skipped */

struct trend_pt {
	int64_t	 t_ns;
	double	 v;
};

#define TREND_SHAPES(X)							\
	X(TREND_TOO_SHORT, "too_short")					\
	X(TREND_FLAT, "flat")						\
	X(TREND_LEAK, "leak")		/* steady growth */		\
	X(TREND_SPIKE, "spike")		/* a step before the end */	\
	X(TREND_LEAK_SPIKE, "leak_then_spike")				\
	X(TREND_SAWTOOTH, "sawtooth")	/* grows and gives back */	\
	X(TREND_NOISY, "noisy")		/* varies, no steady trend */

enum trend_shape {
#define TREND_ENUM(k, s) k,
	TREND_SHAPES(TREND_ENUM)
#undef TREND_ENUM
	TREND__COUNT
};

struct trend {
	enum trend_shape shape;
	double		 slope_per_s;	/* robust growth, units/s: of the
					 * leak for LEAK*, else of the series
					 * (before the step for SPIKE) */
	double		 fit;		/* R^2 of that line, 0..1 */
	int64_t		 from_ns, to_ns;	/* LEAK: the series; SPIKE:
					 * step to end; LEAK_SPIKE: the leak,
					 * up to the step */
	double		 runway_s;	/* LEAK*: (limit - last) / slope, 0
					 * when at or over; else -1 */
	int64_t		 step_ns;	/* SPIKE*: first sample of the step,
					 * else -1 */
	double		 step_before;	/* SPIKE*: the level the line
					 * predicts at the step */
	double		 step_after;	/* SPIKE*: median level after it */
	double		 first, last, max;	/* of the window's samples */
	size_t		 used;		/* usable samples in the window */
	size_t		 drops;		/* drops larger than a quarter of the
					 * range */
};

/*
 * Classify pts[0..n) (sorted by t_ns) against limit (<= 0, NaN: no
 * limit), looking at the samples up to and including fail_ns (INT64_MAX:
 * all). Fills *out in every case (TREND_TOO_SHORT when there is too
 * little). Borrows pts for the call. Returns ERR_OK, or ERR_USAGE when
 * out is NULL or pts is NULL with n > 0.
 */
enum err_code	 trend_classify(const struct trend_pt *pts, size_t n,
		    double limit, int64_t fail_ns, struct trend *out,
		    struct err *e);

/*
 * When did the series first rise above level after at least hold
 * consecutive usable samples at or below it? (hold 0: the first sample
 * above it.) Returns that sample's t_ns, or -1 if it never did. NaN and
 * infinite samples are skipped without breaking the run.
 */
int64_t		 trend_first_rise(const struct trend_pt *pts, size_t n,
		    double level, size_t hold);

/* "leak", "spike", ...; "?" for a value out of range. Static. */
const char	*trend_shape_name(enum trend_shape);

/* The time axis trend_from_figures() chose. */
enum trend_axis {
	TREND_AXIS_TIME,	/* every figure had a timestamp: ts_ns */
	TREND_AXIS_ITERATION,	/* else every one had "iteration": one
				 * second per iteration */
	TREND_AXIS_LINE		/* else the log line: one second per line */
};

/*
 * Points from memory_figure events of one file and rank (the caller
 * picks them): one point per event that has the numeric field (e.g.
 * "allocated_bytes"), at most max, sorted by time. Events are borrowed;
 * out is the caller's. Returns the number of points written; *axis (may
 * be NULL) says what t_ns means.
 */
size_t		 trend_from_figures(const struct event *const *evs, size_t n,
		    const char *field, struct trend_pt *out, size_t max,
		    enum trend_axis *axis);

struct series;

/*
 * Points of the column called name of a series file (series.h): one per
 * row that has a sample (a merged row counts at its start time; its value
 * is the maximum of the rows it merged), at most max. Sets *limit (may be
 * NULL) to the column's limit, 0 when it has none. Borrows s. Returns the
 * number of points written; 0 when the column does not exist.
 */
size_t		 trend_from_series(const struct series *s, const char *name,
		    struct trend_pt *out, size_t max, double *limit);

#endif
