/*
 * series_view: memory over time as verdict input (the CUDA guide's "does
 * memory.used ramp over time?" and "what is the runway?").
 *
 * Sources: the watch files of every input (series.h: the job's memory
 * cgroup, each GPU's used memory and each compute process's) and the
 * memory figures a framework printed in a job log (memory_figure events,
 * one series per file and rank). Each becomes a view: its points, its
 * limit and its shape by trend_classify() up to the failure. For each GPU
 * it also asks when memory of processes outside the job first appeared.
 *
 * series_views_build() runs after the verdict's initiating event is
 * known (the window ends there); series_refine_*() are the predicates of
 * the refining rows (R-LEAK-*, R-DEV-008); series_model() copies the
 * views into the analysis model for the reports. Views live in the
 * analysis arena.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rule_kit.h"
#include "rules.h"
#include "series.h"
#include "trend.h"
#include "units.h"

#define SV_MAX		64		/* views kept */
#define SV_POINTS	20000		/* points per view analysed */
#define SV_MODEL_POINTS	240		/* points per view in the model */
#define TENANT_MIN	(64LL << 20)	/* memory of others that counts */

static int
job_column(const char *name, int *gpu)
{
	int	n = 0;

	*gpu = -1;
	if (strcmp(name, "cg/job/current") == 0)
		return SV_HOST;
	if (sscanf(name, "gpu%d/used%n", gpu, &n) == 1 && n > 0 &&
	    name[n] == '\0' && *gpu >= 0)
		return SV_GPU;
	*gpu = -1;
	return -1;
}

static struct sview *
sv_add(struct series_facts *sf, struct arena *a)
{
	struct sview	*v;

	if (sf->n == SV_MAX)
		return NULL;
	if (sf->v == NULL &&
	    (sf->v = arena_zalloc(a, SV_MAX * sizeof(*sf->v))) == NULL)
		return NULL;
	v = &sf->v[sf->n];
	memset(v, 0, sizeof(*v));
	v->gpu = -1;
	v->tenant_ns = -1;
	v->cut_ns = INT64_MAX;
	if ((v->pts = arena_alloc(a, SV_POINTS * sizeof(*v->pts))) == NULL)
		return NULL;
	sf->n++;
	return v;
}

static void
classify(struct sview *v, int64_t fail_ns)
{
	struct err	e = { 0 };

	if (trend_classify(v->pts, v->n, v->limit, fail_ns, &v->tr,
	    &e) != ERR_OK)
		v->tr.shape = TREND_TOO_SHORT;
}

/* The largest memory of processes outside the job on GPU g, per row. */
static size_t
others_on(const struct facts *f, const struct series *s, int g,
    struct trend_pt *out, int64_t *pid_out)
{
	char	pfx[32];
	size_t	n = 0;
	int	plen = snprintf(pfx, sizeof(pfx), "gpu%d/pid", g);

	*pid_out = -1;
	for (size_t r = 0; r < s->nrows && n < SV_POINTS; r++) {
		int64_t	sum = 0, best = 0;

		for (size_t c = 0; c < s->ncols; c++) {
			const char	*name = s->cols[c].name;
			int64_t		 pid, v = s->v[r * s->ncols + c];
			char		*end;

			if (strncmp(name, pfx, (size_t)plen) != 0 ||
			    v == SERIES_NONE || v < 0)
				continue;
			pid = strtoll(name + plen, &end, 10);
			if (strcmp(end, "/used") != 0 ||
			    facts_is_job_pid(f, pid))
				continue;
			sum += v;
			if (v > best) {
				best = v;
				if (*pid_out < 0)
					*pid_out = pid;
			}
		}
		out[n].t_ns = s->t_ns[r];
		out[n++].v = (double)sum;
	}
	return n;
}

static void
tenant_of(const struct facts *f, const struct series *s, struct sview *v,
    struct arena *a)
{
	struct trend_pt	*pts = arena_alloc(a, SV_POINTS * sizeof(*pts));
	size_t		 n;
	int64_t		 pid;

	if (pts == NULL || f->njob_pids == 0)
		return;
	n = others_on(f, s, v->gpu, pts, &pid);
	v->tenant_ns = trend_first_rise(pts, n, (double)TENANT_MIN, 2);
	if (v->tenant_ns >= 0) {
		v->tenant_pid = pid;
		for (size_t i = 0; i < n; i++)
			if (pts[i].v > (double)v->tenant_bytes)
				v->tenant_bytes = (int64_t)pts[i].v;
	}
}

static int
ends_with(const char *s, const char *suffix)
{
	size_t	n = strlen(s), k = strlen(suffix);

	return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* The last row before any oom_kill counter of the file went up: when the
 * verdict's own event has no time, the series still says when the kill
 * happened. INT64_MAX when no counter moved. */
static int64_t
kill_cut(const struct series *s)
{
	int64_t	cut = INT64_MAX;

	for (size_t c = 0; c < s->ncols; c++) {
		int64_t	base = SERIES_NONE;

		if (!ends_with(s->cols[c].name, "/oom_kill"))
			continue;
		for (size_t r = 0; r < s->nrows; r++) {
			int64_t	v = s->v[r * s->ncols + c];

			if (v == SERIES_NONE)
				continue;
			if (base == SERIES_NONE)
				base = v;
			else if (v > base) {
				if (s->t_ns[r - 1] < cut)
					cut = s->t_ns[r - 1];
				break;
			}
		}
	}
	return cut;
}

static void
from_series(const struct facts *f, struct series_facts *sf,
    const struct input *in, const struct in_series *is, struct arena *a)
{
	const struct series	*s = is->s;
	int64_t			 cut = kill_cut(s);

	for (size_t c = 0; c < s->ncols; c++) {
		struct sview	*v;
		int		 gpu, kind = job_column(s->cols[c].name, &gpu);

		if (kind < 0 || (v = sv_add(sf, a)) == NULL)
			continue;
		v->kind = kind;
		v->host = kind == SV_HOST;
		v->gpu = gpu;
		v->column = s->cols[c].name;
		v->source = is->path;
		v->node = in->node != NULL ? in->node : s->host;
		v->cite = is->ev;
		v->n = trend_from_series(s, v->column, v->pts, SV_POINTS,
		    &v->limit);
		v->name = kind == SV_HOST ? "job memory cgroup (current)" :
		    arena_printf(a, "GPU %d used", gpu);
		v->cut_ns = kind == SV_HOST ? cut : INT64_MAX;
		if (kind == SV_GPU)
			tenant_of(f, s, v, a);
	}
}

#define FIG_GROUPS	8	/* files x ranks x fields of figures viewed */
#define FIG_MIN		2	/* fewer readings: no view at all */

/* The fields of memory_figure events that form a series: what they
 * measure, on which side, and the field of the same line holding the
 * limit. A framework's allocated bytes, the used memory of a `free` or
 * `nvidia-smi` loop, an engine's memory left after it released, and
 * vmstat's free + buff + cache, whose fall is the memory taken (vmstat
 * prints no total, so no limit). */
static const struct fig_field {
	const char	*field;
	const char	*label;
	int		 host;
	const char	*limit;
	int		 falling;	/* the figure is what is left: the
					 * series is its fall from the first
					 * reading */
} fig_fields[] = {
	{ "allocated_bytes", "allocated", 0, NULL, 0 },
	{ "gpu_used_bytes", "GPU memory used", 0, "gpu_total_bytes", 0 },
	{ "residual_bytes", "GPU memory still in use after release", 0,
	  NULL, 0 },
	{ "host_used_bytes", "host memory used", 1, "host_total_bytes", 0 },
	{ "host_avail_bytes", "host memory taken since vmstat's first row",
	  1, NULL, 1 },
};
#define NFIG	(sizeof(fig_fields) / sizeof(fig_fields[0]))

struct fig_group {
	const struct input	*in;
	int			 file_id, rank;
	int			 slot;		/* nvidia-smi: GPU row of its
						 * table, -1 none */
	size_t			 field;		/* index in fig_fields */
	const struct event	**evs;
	size_t			 n;
};

static int
str_is_c(const struct event *ev, const char *name, const char *val)
{
	struct str	s = ev_str(ev, name);

	return s.p != NULL && str_eq(s, val);
}

/* free(1) prints bare KiB by default and bare MiB or GiB with -m or
 * -g, with no unit on the line: read from the node's total (1 GiB to
 * 1 TiB as KiB, MiB or GiB), and scale every reading alike. 1 when the
 * line carried its unit or is not free's. */
static double
free_scale(const struct event *ev)
{
	int64_t	total = ev_num_or(ev, "host_total_bytes", -1) / 1024;
	struct str what = ev_str(ev, "what");

	if (what.p == NULL || (!str_eq(what, "free") &&
	    !str_eq(what, "free_old")) || total <= 0 ||
	    total >= (1LL << 20))
		return 1;
	return total >= 1024 ? 1024 : 1024.0 * 1024;
}

/* The limit a reading ran against: its own line's total, DeepSpeed's
 * used and percent, else the device's size from the allocator's OOM. */
static double
figure_limit(const struct facts *f, const struct fig_field *ff,
    const struct event *last, double scale)
{
	int64_t	v, pct;

	if (ff->limit != NULL && ev_num(last, ff->limit, &v) == 0 && v > 0)
		return (double)v * scale;
	if (ff->host && ev_num(last, "host_used_bytes", &v) == 0 &&
	    ev_num(last, "host_used_percent", &pct) == 0 && pct > 0)
		return (double)v * 100.0 / (double)pct;
	if (!ff->host && f->first[EV_CUDA_OOM] != NULL &&
	    ev_num(f->first[EV_CUDA_OOM], "capacity_bytes", &v) == 0 && v > 0)
		return (double)v;
	return 0;
}

static void
figure_view(const struct facts *f, struct series_facts *sf,
    struct arena *a, const struct fig_group *g)
{
	const struct fig_field	*ff = &fig_fields[g->field];
	const struct event	*mem = g->evs[0];
	struct sview		*v;
	double			 scale;

	if (g->n < FIG_MIN || (v = sv_add(sf, a)) == NULL)
		return;
	/* an old free(1)'s "-/+ buffers/cache" row: its file's "Mem:" row
	 * has the total (units and limit) */
	for (size_t i = 0; str_is_c(g->evs[0], "what", "free_old") &&
	    i < f->tl->n; i++)
		if (f->tl->v[i]->kind == EV_MEM_FIGURE &&
		    f->tl->v[i]->ref.file_id == g->file_id &&
		    str_is_c(f->tl->v[i], "what", "free")) {
			mem = f->tl->v[i];
			break;
		}
	scale = free_scale(mem);
	v->kind = SV_FIGURE;
	v->host = ff->host;
	v->column = ff->field;
	v->cite = g->evs[g->n - 1];
	v->node = g->evs[0]->node;
	v->name = g->slot >= 0 ? arena_printf(a, "GPU %d memory used (job "
	    "log)", g->slot) : g->rank >= 0 ? arena_printf(a, "rank %d %s "
	    "(job log)", g->rank, ff->label) : arena_printf(a, "%s (job log)",
	    ff->label);
	v->gpu = g->slot;
	v->n = trend_from_figures(g->evs, g->n, ff->field, v->pts,
	    SV_POINTS, &v->axis);
	/* Untimed periodic readings (a free or nvidia-smi table repeats
	 * several lines per reading): the reading, not the log line, is
	 * the step of the axis. */
	if (v->axis == TREND_AXIS_LINE && (ff->limit != NULL ||
	    ff->falling))
		for (size_t i = 0; i < v->n; i++)
			v->pts[i].t_ns = (int64_t)i * 1000000000LL;
	for (size_t i = v->n; ff->falling && i-- > 0;)
		v->pts[i].v = v->pts[0].v - v->pts[i].v;
	for (size_t i = 0; scale != 1 && i < v->n; i++)
		v->pts[i].v *= scale;
	v->limit = figure_limit(f, ff, mem != g->evs[0] ? mem :
	    g->evs[g->n - 1], scale);
}

/* One view per file, rank and field of memory_figure events, for the
 * first FIG_GROUPS of them; one pass over the timeline. */
static void
from_figures(const struct facts *f, struct series_facts *sf,
    struct arena *a)
{
	struct fig_group	 g[FIG_GROUPS];
	size_t			 ng = 0, k;

	int			 old_free[FIG_GROUPS];
	size_t			 nold = 0;
	struct {
		int	file_id, next;
	}			 tab[FIG_GROUPS];
	size_t			 ntab = 0;
	int			 slot;

	if (f->count[EV_MEM_FIGURE] < FIG_MIN)
		return;
	/* Files with an old free(1)'s "-/+ buffers/cache" row: their
	 * "Mem:" used counts page cache, so that row is the reading. */
	for (size_t i = 0; i < f->tl->n && nold < FIG_GROUPS; i++)
		if (f->tl->v[i]->kind == EV_MEM_FIGURE &&
		    str_is_c(f->tl->v[i], "what", "free_old"))
			old_free[nold++] = f->tl->v[i]->ref.file_id;
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];

		if (ev->kind != EV_MEM_FIGURE || facts_foreign(f, ev))
			continue;
		if (str_is_c(ev, "what", "free")) {
			for (k = 0; k < nold; k++)
				if (old_free[k] == ev->ref.file_id)
					break;
			if (k < nold)
				continue;
		}
		/* nvidia-smi tables: the memory cell belongs to the GPU
		 * whose row precedes it; cells without one, one series */
		slot = -1;
		if (str_is_c(ev, "what", "nvsmi_gpu") ||
		    str_is_c(ev, "what", "nvidia_smi")) {
			for (k = 0; k < ntab; k++)
				if (tab[k].file_id == ev->ref.file_id)
					break;
			if (k == ntab && ntab < FIG_GROUPS) {
				tab[ntab].file_id = ev->ref.file_id;
				tab[ntab++].next = -1;
			}
			if (str_is_c(ev, "what", "nvsmi_gpu")) {
				if (k < ntab)
					tab[k].next = (int)ev_num_or(ev,
					    "gpu_index", -1);
				continue;
			}
			if (k < ntab) {
				slot = tab[k].next;
				tab[k].next = -1;
			}
		}
		for (size_t fi = 0; fi < NFIG; fi++) {
			if (ev_field(ev, fig_fields[fi].field) == NULL)
				continue;
			for (k = 0; k < ng; k++)
				if (g[k].in == f->tl->in[i] &&
				    g[k].rank == ev->rank &&
				    g[k].file_id == ev->ref.file_id &&
				    g[k].slot == slot && g[k].field == fi)
					break;
			if (k == ng) {
				if (ng == FIG_GROUPS || (g[ng].evs =
				    arena_alloc(a, SV_POINTS *
				    sizeof(*g[ng].evs))) == NULL)
					continue;
				g[ng].in = f->tl->in[i];
				g[ng].rank = ev->rank;
				g[ng].file_id = ev->ref.file_id;
				g[ng].slot = slot;
				g[ng].field = fi;
				g[ng++].n = 0;
			}
			if (g[k].n < SV_POINTS)
				g[k].evs[g[k].n++] = ev;
		}
	}
	for (k = 0; k < ng; k++)
		figure_view(f, sf, a, &g[k]);
}

void
series_views_build(const struct facts *f, struct arena *a, int64_t fail_ns)
{
	struct series_facts	*sf = f->sv;

	if (sf == NULL)
		return;
	sf->n = 0;
	sf->fail_ns = fail_ns;
	for (size_t i = 0; i < f->nins; i++)
		for (size_t k = 0; k < f->ins[i]->nseries; k++)
			from_series(f, sf, f->ins[i], &f->ins[i]->series[k],
			    a);
	from_figures(f, sf, a);
	for (size_t i = 0; i < sf->n; i++) {
		struct sview	*v = &sf->v[i];

		/* an untimed verdict: the file's own kill counter cuts it */
		if (fail_ns == INT64_MAX && v->cut_ns != INT64_MAX &&
		    sf->fail_ns == INT64_MAX)
			sf->fail_ns = v->cut_ns;
		classify(v, fail_ns != INT64_MAX ? fail_ns : v->cut_ns);
	}
}

static int
leaked(const struct sview *v)
{
	return v->tr.shape == TREND_LEAK || v->tr.shape == TREND_LEAK_SPIKE;
}

static const char *
rate(struct arena *a, const struct sview *v)
{
	double	per_s = v->tr.slope_per_s, per_h = per_s * 3600;

	if (v->axis != TREND_AXIS_TIME)
		return arena_printf(a, "%s per %s", fmt_bytes(a,
		    (int64_t)per_s), v->axis == TREND_AXIS_ITERATION ?
		    "iteration" : "report");
	if (per_h >= 1024.0 * 1024 * 1024 * 4)
		return arena_printf(a, "%s/min", fmt_bytes(a,
		    (int64_t)(per_s * 60)));
	return arena_printf(a, "%s/h", fmt_bytes(a, (int64_t)per_h));
}

static const char *
span(struct arena *a, const struct sview *v)
{
	double	d = (double)(v->tr.to_ns - v->tr.from_ns) / 1e9;

	if (v->axis == TREND_AXIS_TIME)
		return arena_printf(a, "%.0f s", d);
	return arena_printf(a, "%.0f %s", d, v->axis ==
	    TREND_AXIS_ITERATION ? "iterations" : "reports");
}

static const char *
leak_detail(struct arena *a, const struct sview *v, int failed)
{
	const char	*limit = v->limit > 0 ? arena_printf(a, " against its "
			    "limit of %s", fmt_bytes(a, (int64_t)v->limit)) :
			    "";

	if (!failed)
		return arena_printf(a, "The %s grew steadily by %s (R\xc2\xb2 "
		    "%.2f) from %s to %s over %s%s and was still growing when "
		    "the readings end%s.", v->name, rate(a, v), v->tr.fit,
		    fmt_bytes(a, (int64_t)v->tr.first), fmt_bytes(a,
		    (int64_t)v->tr.last), span(a, v), limit,
		    v->tr.runway_s >= 1 ? arena_printf(a, "; at that rate the "
		    "runway to the limit is %.0f %s", v->tr.runway_s,
		    v->axis == TREND_AXIS_TIME ? "s" : v->axis ==
		    TREND_AXIS_ITERATION ? "iterations" : "reports") :
		    v->limit > 0 ? "; it is at the limit already" : "; its "
		    "limit is unknown, so the runway cannot be given");
	return arena_printf(a, "The %s grew steadily by %s (R\xc2\xb2 %.2f) "
	    "from %s to %s over %s until the failure%s%s%s.", v->name,
	    rate(a, v), v->tr.fit, fmt_bytes(a, (int64_t)v->tr.first),
	    fmt_bytes(a, (int64_t)v->tr.last), span(a, v), limit,
	    v->tr.shape == TREND_LEAK_SPIKE ? ", then jumped right before "
	    "it" : "", v->tr.runway_s >= 1 ? arena_printf(a, "; at that rate "
	    "the runway was %.0f %s", v->tr.runway_s, v->axis ==
	    TREND_AXIS_TIME ? "s" : v->axis == TREND_AXIS_ITERATION ?
	    "iterations" : "reports") : v->limit > 0 ?
	    ", where it met the limit" : "");
}

/* Column c's first (first != 0) or last sample in rows r0..r1, -1 none. */
static int64_t
sample_in(const struct series *s, size_t c, size_t r0, size_t r1, int first)
{
	for (size_t k = 0; k <= r1 - r0; k++) {
		size_t	i = first ? r0 + k : r1 - k;

		if (s->v[i * s->ncols + c] != SERIES_NONE)
			return s->v[i * s->ncols + c];
	}
	return -1;
}

/* The series a view was read from (its member path), or NULL. */
static const struct series *
series_of_view(const struct facts *f, const struct sview *v)
{
	for (size_t i = 0; i < f->nins; i++)
		for (size_t k = 0; k < f->ins[i]->nseries; k++)
			if (f->ins[i]->series[k].path == v->source)
				return f->ins[i]->series[k].s;
	return NULL;
}

/* Column name's change over the rows between t0 and t1 (its first and
 * last sample there); -1 when it has none. */
static int64_t
change_in(const struct series *s, const char *name, int64_t t0, int64_t t1)
{
	long	c = series_col_index(s, name);
	size_t	r0 = SIZE_MAX, r1 = 0;
	int64_t	a, b;

	if (c < 0)
		return -1;
	for (size_t r = 0; r < s->nrows; r++)
		if (s->t_ns[r] >= t0 && s->t_ns[r] <= t1) {
			if (r0 == SIZE_MAX)
				r0 = r;
			r1 = r;
		}
	if (r0 == SIZE_MAX || (a = sample_in(s, (size_t)c, r0, r1, 1)) < 0 ||
	    (b = sample_in(s, (size_t)c, r0, r1, 0)) < 0)
		return -1;
	return b - a;
}

/* Was a host view's steady rise written data (page cache, tmpfs files)
 * rather than anonymous memory? The same level's anon, file and shmem
 * columns over the leak's own window decide: a file being written grows
 * as steadily as a leak, and its control is the writes. */
#define WRITTEN_PCT	50	/* of the rise: file + shmem */

static int
rise_was_written(const struct facts *f, const struct sview *v)
{
	const struct series	*s = series_of_view(f, v);
	const char		*slash = v->column != NULL ?
				    strrchr(v->column, '/') : NULL;
	char			 col[128];
	int64_t			 cur, anon, file, shm;
	int			 n;

	if (s == NULL || slash == NULL)
		return 0;
	n = (int)(slash - v->column);
	snprintf(col, sizeof(col), "%.*s/current", n, v->column);
	cur = change_in(s, col, v->tr.from_ns, v->tr.to_ns);
	snprintf(col, sizeof(col), "%.*s/anon", n, v->column);
	anon = change_in(s, col, v->tr.from_ns, v->tr.to_ns);
	snprintf(col, sizeof(col), "%.*s/file", n, v->column);
	file = change_in(s, col, v->tr.from_ns, v->tr.to_ns);
	snprintf(col, sizeof(col), "%.*s/shmem", n, v->column);
	shm = change_in(s, col, v->tr.from_ns, v->tr.to_ns);
	if (cur <= 0 || anon < 0 || file < 0)
		return 0;
	/* v2's file counts shmem too; v1 has no shmem column */
	return anon * 100 < cur * (100 - WRITTEN_PCT) &&
	    (file > (shm > 0 ? shm : 0) ? file : shm) * 100 >=
	    cur * WRITTEN_PCT;
}

#define LEAK_MIN_SPAN_NS	((int64_t)15 * 1000000000)

/* Did the same level's anonymous memory come in one burst? The time it
 * took to go from a tenth to nine tenths of its rise over the leak's
 * window: shorter than LEAK_MIN_SPAN_NS is one allocation phase, even
 * when another kind of memory (page cache being written) rose before it
 * and the whole line looks steady. 0 when the series cannot say. */
static int
anon_burst(const struct facts *f, const struct sview *v)
{
	const struct series	*s = series_of_view(f, v);
	const char		*slash = v->column != NULL ?
				    strrchr(v->column, '/') : NULL;
	char			 col[128];
	long			 c;
	int64_t			 a0 = -1, a1 = -1, t10 = -1, t90 = -1, x;

	if (s == NULL || slash == NULL)
		return 0;
	snprintf(col, sizeof(col), "%.*s/anon", (int)(slash - v->column),
	    v->column);
	if ((c = series_col_index(s, col)) < 0)
		return 0;
	for (size_t r = 0; r < s->nrows; r++) {
		if (s->t_ns[r] < v->tr.from_ns || s->t_ns[r] > v->tr.to_ns ||
		    (x = s->v[r * s->ncols + (size_t)c]) == SERIES_NONE)
			continue;
		if (a0 < 0)
			a0 = x;
		a1 = x;
	}
	if (a0 < 0 || a1 <= a0)
		return 0;
	for (size_t r = 0; r < s->nrows; r++) {
		if (s->t_ns[r] < v->tr.from_ns || s->t_ns[r] > v->tr.to_ns ||
		    (x = s->v[r * s->ncols + (size_t)c]) == SERIES_NONE)
			continue;
		if (t10 < 0 && (x - a0) * 10 >= a1 - a0)
			t10 = s->t_ns[r];
		if (t90 < 0 && (x - a0) * 10 >= (a1 - a0) * 9)
			t90 = s->t_ns[r];
	}
	return t10 >= 0 && t90 >= t10 && t90 - t10 < LEAK_MIN_SPAN_NS;
}

/* Was the job level's rise several steps' memory? Each step level's
 * (cg/step_X/current) change over the leak's window: when two steps or
 * more each carry a fifth of the job's rise or more, the line is steps
 * allocating in turn (an srun --overlap step growing beside another),
 * not one leak; series_grower names the step that grew. 0 when the
 * series cannot say. */
#define STEP_SHARE_PCT	20

static int
rise_of_several_steps(const struct facts *f, const struct sview *v)
{
	const struct series	*s = series_of_view(f, v);
	int64_t			 job, d;
	int			 nbig = 0;

	if (s == NULL || v->column == NULL ||
	    strcmp(v->column, "cg/job/current") != 0 ||
	    (job = change_in(s, v->column, v->tr.from_ns, v->tr.to_ns)) <= 0)
		return 0;
	for (size_t c = 0; c < s->ncols; c++) {
		const char	*n = s->cols[c].name, *e;

		if (strncmp(n, "cg/step_", 8) != 0 ||
		    (e = strchr(n + 3, '/')) == NULL ||
		    strcmp(e, "/current") != 0)
			continue;
		if ((d = change_in(s, n, v->tr.from_ns, v->tr.to_ns)) > 0 &&
		    d * 100 >= job * STEP_SHARE_PCT)
			nbig++;
	}
	return nbig > 1;
}

static int
refine_leak(const struct facts *f, struct arena *a, struct rmatch *m,
    int host)
{
	const struct series_facts	*sf = f->sv;

	for (size_t i = 0; sf != NULL && i < sf->n; i++) {
		const struct sview *v = &sf->v[i];

		if (v->host != host || !leaked(v))
			continue;
		/* a host rise of a few seconds before the kill is one
		 * allocation phase (data or a model loaded in chunks), not
		 * memory lost across the job's work */
		if (host && v->axis == TREND_AXIS_TIME && v->kind != SV_FIGURE &&
		    (v->tr.to_ns - v->tr.from_ns < LEAK_MIN_SPAN_NS ||
		    anon_burst(f, v)))
			continue;
		/* files written into a tmpfs filled the limit: what grew
		 * was written, and filled_by says so */
		if (host && breakdown_shmem_filled(f, a))
			return 0;
		/* the same for a file being written: the page cache grew */
		if (host && rise_was_written(f, v))
			return 0;
		/* steps that allocated in turn: the grower note says which */
		if (host && rise_of_several_steps(f, v))
			return 0;
		m->detail = leak_detail(a, v, 1);
		m->confidence = v->tr.fit >= 0.9 && v->kind != SV_FIGURE ?
		    "high" : "medium";
		m->confidence_reason = arena_printf(a, "%zu samples of %s "
		    "rise steadily up to the failure (R\xc2\xb2 %.2f); a "
		    "spike or one oversized batch would be a step, not a line",
		    v->tr.used, v->name, v->tr.fit);
		if (m->nsupport < 8 && v->cite != NULL)
			rmatch_support(m, v->cite);
		return 1;
	}
	return 0;
}

int
series_refine_host_leak(const struct facts *f, struct arena *a,
    struct rmatch *m)
{
	return refine_leak(f, a, m, 1);
}

int
series_refine_device_leak(const struct facts *f, struct arena *a,
    struct rmatch *m)
{
	return refine_leak(f, a, m, 0);
}

/*
 * A handful of readings pasted by hand (free or an nvidia-smi table run
 * now and then, too few for a trend): each one higher than the one
 * before, rising by at least FEW_RISE_PCT of the limit (or, with no
 * limit known, by FEW_REL_PCT of the first reading).
 */
#define FEW_MIN		3
#define FEW_RISE_PCT	10
#define FEW_REL_PCT	30

static int
few_rising(const struct sview *v)
{
	double	rise;

	if (v->n < FEW_MIN || v->pts[0].v <= 0)
		return 0;
	for (size_t i = 1; i < v->n; i++)
		if (!(v->pts[i].v > v->pts[i - 1].v))
			return 0;
	rise = v->pts[v->n - 1].v - v->pts[0].v;
	return v->limit > 0 ? rise * 100 >= v->limit * FEW_RISE_PCT :
	    rise * 100 >= v->pts[0].v * FEW_REL_PCT;
}

/* A steady rise with nothing failed yet: memory_leak with its runway.
 * Stricter than the refining rows, since no failure backs it: a good
 * fit (R^2 >= 0.8) over enough readings (>= 8, trend.h), or a handful
 * of hand-taken readings each above the last (few_rising: low). */
static int
growing(const struct facts *f, struct arena *a, struct rmatch *m, int host)
{
	const struct series_facts	*sf = f->sv;

	series_views_build(f, a, INT64_MAX);
	for (size_t i = 0; sf != NULL && i < sf->n; i++) {
		const struct sview *v = &sf->v[i];

		if (v->host != host || v->cite == NULL)
			continue;
		if (v->kind == SV_FIGURE && v->tr.shape == TREND_TOO_SHORT &&
		    few_rising(v)) {
			m->initiating = v->cite;
			m->detail = arena_printf(a, "Each of the %zu readings "
			    "of the %s is higher than the one before, from "
			    "%s to %s%s; nothing has failed in what was "
			    "collected.", v->n, v->name, fmt_bytes(a,
			    (int64_t)v->pts[0].v), fmt_bytes(a,
			    (int64_t)v->pts[v->n - 1].v), v->limit > 0 ?
			    arena_printf(a, " against its limit of %s",
			    fmt_bytes(a, (int64_t)v->limit)) : "");
			m->confidence = "low";
			m->confidence_reason = arena_printf(a, "only %zu "
			    "readings, each above the last: too few for a "
			    "trend, and whether the workload stayed the same "
			    "between them is not in the readings", v->n);
			return 1;
		}
		if (v->tr.shape != TREND_LEAK || v->tr.fit < 0.8)
			continue;
		m->initiating = v->cite;
		m->detail = leak_detail(a, v, 0);
		m->confidence = v->tr.fit >= 0.9 && v->tr.used >= 12 ?
		    "medium" : "low";
		m->confidence_reason = arena_printf(a, "%zu readings of %s "
		    "rise steadily (R\xc2\xb2 %.2f) and nothing has failed "
		    "yet; whether the workload stayed the same is not in the "
		    "readings", v->tr.used, v->name, v->tr.fit);
		return 1;
	}
	return 0;
}

int
series_growing_host(const struct facts *f, struct arena *a,
    struct rmatch *m)
{
	return growing(f, a, m, 1);
}

int
series_growing_device(const struct facts *f, struct arena *a,
    struct rmatch *m)
{
	return growing(f, a, m, 0);
}

int
series_refine_tenant(const struct facts *f, struct arena *a,
    struct rmatch *m)
{
	const struct series_facts	*sf = f->sv;
	char				 when[48];

	for (size_t i = 0; sf != NULL && i < sf->n; i++) {
		const struct sview *v = &sf->v[i];

		if (v->kind != SV_GPU || v->tenant_ns < 0 ||
		    (sf->fail_ns != INT64_MAX && v->tenant_ns > sf->fail_ns))
			continue;
		units_fmt_iso(v->tenant_ns, when);
		m->detail = arena_printf(a, "On GPU %d, process %" PRId64
		    " outside the job appeared at %s holding up to %s.",
		    v->gpu, v->tenant_pid, when, fmt_bytes(a,
		    v->tenant_bytes));
		m->confidence = "high";
		m->confidence_reason = "the watch file's per-process samples "
		    "show memory of a process that is not the job's arriving "
		    "mid-job";
		rmatch_support(m, v->cite);
		return 1;
	}
	return 0;
}

/*
 * memory_stall from a watch series (R-HOST-010 when no snapshot of the
 * cgroup decides): the job level's samples show the cgroup at its limit
 * (charge >= 95%) for the last stretch of the series, at least
 * STALL_SPAN_S and on most samples of it, with memory that cannot be
 * reclaimed (anon + shmem >= 60% of the limit), the kernel hitting the
 * limit over that stretch (v2 memory.events max, v1 failcnt rising) and
 * either the pages re-read from the cgroup's own evictions (refaults x
 * 4 KiB >= the limit) or PSI's "full" share of that stretch >= 10%.
 * A PSI share under 1% says there was no stall; an OOM kill counted in
 * the series says it was no stall either.  High confidence with PSI,
 * medium on the counters alone.
 */
#define STALL_SPAN_S	10
#define STALL_AT	95	/* % of the limit */
#define STALL_UNRECL	60	/* % of the limit */
#define STALL_PSI	10	/* % of the stretch: a stall */
#define STALL_PSI_NONE	1	/* % of the stretch: none */
#define STALL_NS_PER_S	((int64_t)1000000000)
#define STALL_SWAP	10	/* % of the limit in swap: swapping hard */

static int64_t
col_at(const struct series *s, size_t r, const char *name)
{
	int64_t	v = series_get(s, r, name);

	return v == SERIES_NONE ? -1 : v;
}

/* Rise of a cumulative column from row r0 to r1 (-1: not sampled). */
static int64_t
rise(const struct series *s, size_t r0, size_t r1, const char *name)
{
	long	c = series_col_index(s, name);
	int64_t	a, b;

	if (c < 0 || (a = sample_in(s, (size_t)c, r0, r1, 1)) < 0 ||
	    (b = sample_in(s, (size_t)c, r0, r1, 0)) < 0)
		return -1;
	return b < a ? -1 : b - a;
}

static int
stall_in(const struct series *s, const struct in_series *is, int64_t end_ns,
    struct arena *a, struct rmatch *m)
{
	long		 ci = series_col_index(s, "cg/job/current");
	int64_t		 limit, cur, span, hits, refault, psi, swap;
	int64_t		 unrecl = -1;
	size_t		 first = SIZE_MAX, at = 0, last = SIZE_MAX, r0, nr;
	const char	*hitcol;
	int		 psi_pct = -1;

	if (ci < 0 || s->nrows < 3 || (limit = s->cols[ci].limit) <= 0 ||
	    col_at(s, s->nrows - 1, "cg/job/oom_kill") > 0)
		return 0;
	/* the rows up to the job's end: what a watcher sampled after the
	 * time limit's kill freed the memory is teardown, not the job */
	for (nr = s->nrows; nr > 0 && s->t_ns[nr - 1] > end_ns; nr--)
		;
	for (size_t r = 0; r < nr; r++) {
		if ((cur = col_at(s, r, "cg/job/current")) < 0)
			continue;
		if (cur * 100 >= limit * STALL_AT) {
			if (first == SIZE_MAX)
				first = r;
			at++;
			last = r;
			if (col_at(s, r, "cg/job/anon") >= 0)
				unrecl = col_at(s, r, "cg/job/anon") +
				    (col_at(s, r, "cg/job/shmem") > 0 ?
				    col_at(s, r, "cg/job/shmem") : 0);
		} else if (first != SIZE_MAX && at * 10 < (r - first + 1) * 6)
			first = SIZE_MAX, at = 0;	/* it left the limit */
	}
	if (first == SIZE_MAX || last == first ||
	    (span = s->t_ns[last] - s->t_ns[first]) < STALL_SPAN_S * STALL_NS_PER_S ||
	    unrecl * 100 < limit * STALL_UNRECL)
		return 0;
	r0 = first > 0 ? first - 1 : 0;
	hitcol = series_col_index(s, "cg/job/max") >= 0 ? "cg/job/max" :
	    "cg/job/failcnt";
	hits = rise(s, r0, last, hitcol);
	refault = rise(s, r0, last, "cg/job/refault");
	psi = rise(s, r0, last, "cg/job/psi_full");
	if (psi >= 0 && s->t_ns[last] > s->t_ns[r0])
		psi_pct = (int)(psi * 1000 * 100 / (s->t_ns[last] -
		    s->t_ns[r0]));
	if (hits <= 0 || (psi_pct >= 0 && psi_pct < STALL_PSI_NONE))
		return 0;
	if (!(refault >= 0 && refault * 4096 >= limit) && psi_pct < STALL_PSI)
		return 0;
	rmatch_support(m, is->ev);
	m->confidence = psi_pct >= STALL_PSI ? "high" : "medium";
	m->confidence_reason = psi_pct >= STALL_PSI ?
	    "the watch series holds the job's memory cgroup at its limit, "
	    "the kernel reclaiming there, and its PSI: every task stalled "
	    "on memory for a large share of that time" :
	    "the watch series holds the job's memory cgroup at its limit "
	    "with reclaim and refault counters rising; no PSI was sampled "
	    "to say how long its tasks waited";
	/* v2 only: what it kept in swap at the last sample */
	swap = sample_in(s, (size_t)(series_col_index(s, "cg/job/swap") >= 0 ?
	    series_col_index(s, "cg/job/swap") : ci), r0, last, 0);
	if (series_col_index(s, "cg/job/swap") < 0 ||
	    swap * 100 < limit * STALL_SWAP)
		swap = -1;
	m->detail = arena_printf(a, "Nothing was OOM-killed, but the watch "
	    "series (%s) holds the job's memory cgroup at its limit (%s) "
	    "for the last %" PRId64 " s %s, %" PRId64 "%% of it "
	    "anonymous or shared memory that cannot be reclaimed; the "
	    "kernel hit the limit %" PRId64 " time%s meanwhile%s%s%s.",
	    is->path, fmt_bytes(a, limit), span / STALL_NS_PER_S,
	    nr < s->nrows ? "before the job ended" : "it sampled",
	    (unrecl * 100 + limit / 2) / limit, hits, hits == 1 ? "" : "s",
	    refault > 0 ? arena_printf(a, " and the job re-read %s of its "
	    "evicted file pages", fmt_bytes(a, refault * 4096)) : "",
	    swap > 0 ? arena_printf(a, "; it was swapping hard: %s of its "
	    "memory was in swap at the last sample, beyond the limit, and "
	    "came back in as it was used", fmt_bytes(a, swap)) : "",
	    psi_pct >= 0 ? arena_printf(a, "; its tasks all waited on "
	    "memory %d%% of that time (PSI)", psi_pct) : "");
	return 1;
}

/* When the job ended, UTC ns (INT64_MAX: not known): the earliest of its
 * run's end (sacct End, the step markers) and the scheduler's end of it
 * (the time limit's, a pre-emption's or a cancel's first line), with a
 * second's grace for their whole-second stamps. */
static int64_t
job_end_ns(const struct facts *f)
{
	static const enum ev_kind	ends[] = { EV_TIME_LIMIT, EV_PREEMPTED,
					    EV_CANCELLED };
	int64_t				end = INT64_MAX;

	if (f->have_window && f->job_to_ns < INT64_MAX - STALL_NS_PER_S)
		end = f->job_to_ns;
	for (size_t i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		const struct event *ev = f->first[ends[i]];

		if (ev != NULL && ev_has_time(ev) && ev->ts_ns < end)
			end = ev->ts_ns;
	}
	return end < INT64_MAX - STALL_NS_PER_S ? end + STALL_NS_PER_S : end;
}

int
series_stall(const struct facts *f, struct arena *a, struct rmatch *m)
{
	int64_t	end_ns = job_end_ns(f);

	for (size_t i = 0; i < f->nins; i++)
		for (size_t k = 0; k < f->ins[i]->nseries; k++) {
			const struct in_series	*is = &f->ins[i]->series[k];

			if ((is->ev == NULL || !facts_foreign(f, is->ev)) &&
			    stall_in(is->s, is, end_ns, a, m))
				return 1;
		}
	return 0;
}

/*
 * The step that grew into the job's limit (breakdown.c, when the kernel
 * killed a process of another step): in a watch series of the job, the
 * step level (cg/step_<x>/current) whose usage rose most over the
 * GROW_WINDOW_S before the kill (the row before an oom_kill counter moved),
 * by at least GROW_MIN_PCT of the job's limit, while the victim's step
 * (victim: "0", "batch") rose by under a quarter of that from the
 * grower's first sample in the window to the kill.  Its suffix
 * ("1"), the rise and the window; NULL when no series tells.
 */
#define GROW_WINDOW_S	30
#define GROW_MIN_PCT	10
#define GROW_GAP_S	10	/* a series that ended this close to the kill */

const char *
series_grower(const struct facts *f, struct arena *a, const char *victim,
    int64_t limit, int64_t *rise_out, int64_t *span_out)
{
	for (size_t i = 0; i < f->nins; i++)
		for (size_t k = 0; k < f->ins[i]->nseries; k++) {
			const struct in_series	*is = &f->ins[i]->series[k];
			const struct series	*s = is->s;
			int64_t			 cut = kill_cut(s), best = 0;
			int64_t			 r0t, v0, v1;
			size_t			 r1 = 0, r0, rg, bestc = 0;
			long			 vc;
			char			 vname[96];

			if (s->nrows < 2 || limit <= 0 ||
			    (is->ev != NULL && facts_foreign(f, is->ev)))
				continue;
			/* no counter moved in the series: it ended before
			 * the kill (a collection at the failure copies it
			 * then); the kernel's time of the kill, else its
			 * last row, if it ended close enough to the kill */
			if (cut == INT64_MAX) {
				const struct event *kev = f->kernel_memcg;

				cut = kev != NULL && ev_has_time(kev) ?
				    kev->ts_ns : s->t_ns[s->nrows - 1];
				if (cut < s->t_ns[0])
					continue;
			}
			while (r1 + 1 < s->nrows && s->t_ns[r1 + 1] <= cut)
				r1++;
			if (cut - s->t_ns[r1] > (int64_t)GROW_GAP_S *
			    STALL_NS_PER_S)
				continue;
			r0t = s->t_ns[r1] - (int64_t)GROW_WINDOW_S *
			    STALL_NS_PER_S;
			for (r0 = r1; r0 > 0 && s->t_ns[r0 - 1] >= r0t; r0--)
				;
			snprintf(vname, sizeof(vname), "cg/step_%s/current",
			    victim);
			vc = -1;
			for (size_t c = 0; c < s->ncols; c++) {
				const char	*n = s->cols[c].name;
				int64_t		 a0, a1;

				if (strncmp(n, "cg/step_", 8) != 0 ||
				    strchr(n + 8, '/') != strrchr(n, '/') ||
				    !ends_with(n, "/current"))
					continue;
				if (strcmp(n, vname) == 0) {
					vc = (long)c;
					continue;
				}
				/* from its first sample in the window (a
				 * step that started in it: from its start) */
				if ((a0 = sample_in(s, c, r0, r1, 1)) < 0 ||
				    (a1 = sample_in(s, c, r0, r1, 0)) < 0 ||
				    a1 - a0 <= best)
					continue;
				best = a1 - a0;
				bestc = c;
			}
			if (best * 100 < limit * GROW_MIN_PCT || vc < 0)
				continue;
			/* the victim's step over the same stretch: from the
			 * grower's first sample in the window to the kill */
			for (rg = r0; rg < r1 && s->v[rg * s->ncols + bestc] ==
			    SERIES_NONE; rg++)
				;
			if ((v0 = sample_in(s, (size_t)vc, rg, r1, 1)) < 0 ||
			    (v1 = sample_in(s, (size_t)vc, rg, r1, 0)) < 0 ||
			    (v1 - v0) * 4 >= best)
				continue;
			r0 = rg;
			*rise_out = best;
			*span_out = s->t_ns[r1] - s->t_ns[r0];
			return arena_printf(a, "%.*s", (int)(strlen(
			    s->cols[bestc].name) - 8 - strlen("/current")),
			    s->cols[bestc].name + 8);
		}
	return NULL;
}

/* A step right before the failure on the failing boundary: an oversized
 * batch or sequence, reported with the verdict; a leak with a runway
 * when nothing failed yet. */
void
series_findings(const struct facts *f, struct analysis *an,
    const char *cause, const char *boundary)
{
	const struct series_facts	*sf = f->sv;
	struct arena			*a = an->arena;
	char				 when[48];

	for (size_t i = 0; sf != NULL && i < sf->n; i++) {
		const struct sview	*v = &sf->v[i];
		int			 host = v->host;

		if (v->tr.shape == TREND_SPIKE && v->tenant_ns < 0 &&
		    boundary != NULL &&
		    strcmp(boundary, host ? "host" : "device") == 0) {
			units_fmt_iso(v->tr.step_ns, when);
			rules_add_finding(f, an, cause, "R-SPIKE-001",
			    arena_printf(a, "The %s jumped from %s to %s at "
			    "%s%s after a steady run: one oversized batch or "
			    "sequence, not a leak.", v->name, fmt_bytes(a,
			    (int64_t)v->tr.step_before), fmt_bytes(a,
			    (int64_t)v->tr.step_after), when,
			    sf->fail_ns == INT64_MAX ? "," : arena_printf(a,
			    ", %.0f s before the failure,",
			    (double)(sf->fail_ns - v->tr.step_ns) / 1e9)),
			    v->cite);
		} else if (leaked(v) && strcmp(cause, "memory_leak") != 0) {
			rules_add_finding(f, an, "memory_leak", host ?
			    "R-LEAK-001" : "R-LEAK-002", leak_detail(a, v,
			    sf->fail_ns != INT64_MAX), v->cite);
		} else if (v->tr.shape == TREND_TOO_SHORT &&
		    v->kind == SV_FIGURE) {
			rules_add_missing(an, arena_printf(a, "more readings "
			    "of the %s (%zu so far; at least 8 spread over "
			    "the run under the same workload)", v->name, v->n),
			    "whether memory grows steadily (a leak, and its "
			    "runway to the limit) or stays flat or sawtooth");
		}
	}
}

static int64_t
round_i64(double d)
{
	if (!(d > -9.2e18 && d < 9.2e18))
		return 0;
	return (int64_t)(d < 0 ? d - 0.5 : d + 0.5);
}

/* Evenly spaced picks of at most SV_MODEL_POINTS points, the maximum of
 * each stretch (peaks survive). */
static void
model_points(const struct sview *v, struct series_q *q, struct arena *a)
{
	size_t	n = v->n < SV_MODEL_POINTS ? v->n : SV_MODEL_POINTS;

	q->t_ns = arena_alloc(a, (n + 1) * sizeof(*q->t_ns));
	q->v = arena_alloc(a, (n + 1) * sizeof(*q->v));
	if (q->t_ns == NULL || q->v == NULL)
		return;
	for (size_t k = 0; k < n; k++) {
		size_t	lo = k * v->n / n, hi = (k + 1) * v->n / n;
		double	best = v->pts[lo].v;

		for (size_t j = lo; j < hi; j++)
			if (v->pts[j].v > best)
				best = v->pts[j].v;
		q->t_ns[k] = v->pts[lo].t_ns;
		q->v[k] = isfinite(best) && best < 9.2e18 && best > -9.2e18 ?
		    (int64_t)best : -1;
	}
	q->npoints = n;
}

void
series_model(const struct facts *f, struct analysis *an)
{
	const struct series_facts	*sf = f->sv;
	struct arena			*a = an->arena;

	if (sf == NULL || sf->n == 0 ||
	    (an->series = arena_zalloc(a, sf->n * sizeof(*an->series))) ==
	    NULL)
		return;
	for (size_t i = 0; i < sf->n; i++) {
		const struct sview	*v = &sf->v[i];
		struct series_q		*q = &an->series[an->nseries++];

		q->name = arena_strdup(a, v->name);
		q->node = v->node != NULL ? arena_strdup(a, v->node) : NULL;
		q->source = v->source != NULL ? arena_strdup(a, v->source) :
		    NULL;
		q->boundary = v->host ? "host" : "device";
		q->limit_bytes = v->limit > 0 ? (int64_t)v->limit : -1;
		q->shape = trend_shape_name(v->tr.shape);
		q->axis = v->kind != SV_FIGURE || v->axis == TREND_AXIS_TIME ?
		    "time" : v->axis == TREND_AXIS_ITERATION ? "iteration" :
		    "log_line";
		if (strcmp(q->axis, "time") == 0)
			q->growth_per_h = round_i64(v->tr.slope_per_s * 3600);
		else
			q->growth_per_step = round_i64(v->tr.slope_per_s);
		if (!(leaked(v) || v->tr.shape == TREND_FLAT ||
		    v->tr.shape == TREND_SPIKE))
			q->growth_per_h = q->growth_per_step = 0;
		q->runway_s = leaked(v) && v->tr.runway_s >= 0 ?
		    round_i64(v->tr.runway_s) : -1;
		q->step_ns = v->tr.step_ns;
		q->has_step = v->tr.step_ns >= 0 && (v->tr.shape ==
		    TREND_SPIKE || v->tr.shape == TREND_LEAK_SPIKE);
		q->fail_ns = sf->fail_ns;
		q->has_fail = sf->fail_ns != INT64_MAX;
		q->tenant_ns = v->tenant_ns;
		q->has_tenant = v->tenant_ns >= 0;
		model_points(v, q, a);
	}
}
