/*
 * render_text: the terminal summary, and report_render(), the one entry
 * point that picks a renderer by format.
 *
 * The verdict comes first in a few lines (cause, boundary, confidence and
 * why, the initiating line with source:line, the next control); then the
 * cascade, what was ruled out, what evidence was missing, the quantities,
 * the inputs and clock skew notes. Colour is used only when the caller
 * asks (it decides tty and NO_COLOR); every string from the model passes
 * through esc_term(), so a log line cannot move the cursor, retitle the
 * window or change colours. It does not print the timeline (that is
 * "oomtrail timeline" and the other formats).
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "report.h"
#include "units.h"

#define TXT_EVIDENCE_MAX	3	/* evidence lines per finding */
#define TXT_ROWS_MAX		32	/* rows per quantity table */
#define TXT_LINE_MAX		400	/* code points of one cited line */

struct txt {
	FILE	*fp;
	int	 color;
};

static const struct {
	const char	*name;
	int		 fmt;
} report_formats[] = {
	{ "text", REPORT_TEXT },
	{ "md", REPORT_MD },
	{ "markdown", REPORT_MD },
	{ "html", REPORT_HTML },
	{ "json", REPORT_JSON },
	{ "jsonl", REPORT_JSONL },
};

int
report_format_parse(const char *s)
{
	if (s == NULL)
		return -1;
	for (size_t i = 0; i < sizeof(report_formats) /
	    sizeof(report_formats[0]); i++)
		if (strcmp(s, report_formats[i].name) == 0)
			return report_formats[i].fmt;
	return -1;
}

enum err_code
report_render(const struct analysis *an, enum report_format fmt, FILE *fp,
    const struct report_opts *opts, struct err *e)
{
	static const struct report_opts	 dflt;

	if (opts == NULL)
		opts = &dflt;
	switch (fmt) {
	case REPORT_TEXT:
		return report_text(an, fp, opts, e);
	case REPORT_MD:
		return report_md(an, fp, opts, e);
	case REPORT_HTML:
		return report_html(an, fp, opts, e);
	case REPORT_JSON:
		return model_to_json(an, fp, e);
	case REPORT_JSONL:
		return report_record(an, fp, opts, e);
	}
	return ERR(e, ERR_USAGE, "unknown report format %d", (int)fmt);
}

/* Formats with integer printing only, so that no locale can turn the
 * decimal point into a comma. */
static int
same_str(const char *a, const char *b)
{
	return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

size_t *
report_input_groups(const struct analysis *an, size_t cap)
{
	size_t	*rep, *reps, nreps = 0;

	if (an->ninputs <= cap || (rep = calloc(an->ninputs * 2,
	    sizeof(*rep))) == NULL)
		return NULL;
	reps = rep + an->ninputs;
	for (size_t i = 0; i < an->ninputs; i++) {
		const struct input_info	*in = &an->inputs[i];
		size_t			 k;

		rep[i] = i;
		for (k = 0; k < nreps && k < REPORT_INPUT_KINDS; k++) {
			const struct input_info	*r = &an->inputs[reps[k]];
			size_t			 j;

			if (r->manifest != in->manifest ||
			    !same_str(r->integrity, in->integrity) ||
			    r->nnotes != in->nnotes)
				continue;
			for (j = 0; j < in->nnotes; j++)
				if (!same_str(r->notes[j], in->notes[j]))
					break;
			if (j == in->nnotes)
				break;
		}
		if (k < nreps && k < REPORT_INPUT_KINDS)
			rep[i] = reps[k];
		else if (nreps < REPORT_INPUT_KINDS)
			reps[nreps++] = i;
	}
	return rep;
}

void
report_bytes(int64_t v, char out[32])
{
	static const char *const	 unit[] = { "KiB", "MiB", "GiB", "TiB",
					    "PiB", "EiB" };
	double				 d = (double)v;
	int64_t				 whole, frac, scale;
	int				 u = -1;

	if (v < 0) {
		snprintf(out, 32, "unknown");
		return;
	}
	if (v < 1024) {
		snprintf(out, 32, "%" PRId64 " B", v);
		return;
	}
	while (d >= 1024.0 && u < 5) {
		d /= 1024.0;
		u++;
	}
	scale = d < 10.0 ? 100 : 10;
	frac = (int64_t)(d * (double)scale + 0.5);
	whole = frac / scale;
	frac %= scale;
	snprintf(out, 32, scale == 100 ? "%" PRId64 ".%02" PRId64 " %s" :
	    "%" PRId64 ".%01" PRId64 " %s", whole, frac, unit[u]);
}

void
report_time(const struct evidence *ev, char out[48])
{
	if (ev == NULL || !ev->has_time)
		snprintf(out, 48, "untimed");
	else
		units_fmt_iso(ev->time_ns, out);
}

void
report_xid_note(const struct evidence_xid *x, char *out, size_t n)
{
	snprintf(out, n, "Xid %" PRId64 " (%s, %s): %s NVIDIA's Xid catalog: "
	    "%s (immediate %s, investigatory %s).", x->code,
	    x->component != NULL ? x->component : "?",
	    x->mnemonic != NULL ? x->mnemonic : "?",
	    x->meaning != NULL ? x->meaning : "",
	    x->action_text != NULL ? x->action_text : "?",
	    x->immediate != NULL ? x->immediate : "?",
	    x->investigate != NULL ? x->investigate : "?");
}

void
report_gpu_acct(const struct device_q *d, char *out, size_t n)
{
	char	mx[32], av[32], um[32], ua[32];

	report_bytes(d->used_bytes, mx);
	report_bytes(d->used_ave_bytes, av);
	snprintf(um, sizeof(um), d->util_max_pct >= 0 ? "%" PRId64 "%%" :
	    "unknown", d->util_max_pct);
	snprintf(ua, sizeof(ua), d->util_ave_pct >= 0 ? "%" PRId64 "%%" :
	    "unknown", d->util_ave_pct);
	snprintf(out, n, "step %s%s%s: GPU memory peak %s (average %s), GPU "
	    "utilisation peak %s (average %s)", d->step != NULL ? d->step :
	    "?", d->node != NULL ? " on " : "", d->node != NULL ? d->node : "",
	    mx, av, um, ua);
}

/* "GPU 1 on node: memory peak 78.7 GiB of 80.0 GiB, 2 processes (PIDs
 * 4242,5151), 0 critical Xids, ECC 0 single / 0 double bit, Healthy" */
void
report_dcgm(const struct dcgm_q *d, char *out, size_t n)
{
	char	mx[32], cap[32], xid[32], sbe[24], dbe[24], pr[32];

	report_bytes(d->max_memory_bytes, mx);
	report_bytes(d->capacity_bytes, cap);
	snprintf(pr, sizeof(pr), d->processes >= 0 ? "%" PRId64 : "unknown",
	    d->processes);
	snprintf(xid, sizeof(xid), d->xid_errors >= 0 ? "%" PRId64 :
	    "unknown", d->xid_errors);
	snprintf(sbe, sizeof(sbe), d->ecc_sbe >= 0 ? "%" PRId64 : "unknown",
	    d->ecc_sbe);
	snprintf(dbe, sizeof(dbe), d->ecc_dbe >= 0 ? "%" PRId64 : "unknown",
	    d->ecc_dbe);
	snprintf(out, n, "GPU %s%s%s: memory peak %s%s%s, %s process%s%s%s%s"
	    ", %s critical Xid%s, ECC %s single / %s double bit%s%s",
	    d->gpu != NULL ? d->gpu : "?", d->node != NULL ? " on " : "",
	    d->node != NULL ? d->node : "", mx, d->capacity_bytes > 0 ?
	    " of " : "", d->capacity_bytes > 0 ? cap : "", pr,
	    d->processes == 1 ? "" : "es", d->pids == NULL ? "" :
	    strchr(d->pids, ',') != NULL ? " (PIDs " : " (PID ",
	    d->pids != NULL ? d->pids : "", d->pids != NULL ? ")" : "", xid,
	    d->xid_errors == 1 ? "" : "s", sbe, dbe, d->health != NULL ?
	    ", " : "", d->health != NULL ? d->health : "");
}

/* ---- text ---- */

static void
txt_sgr(struct txt *t, const char *code)
{
	if (t->color)
		fprintf(t->fp, "\033[%sm", code);
}

static void
txt_str(struct txt *t, const char *s, const char *dflt)
{
	esc_term(t->fp, s != NULL ? s : dflt, TXT_LINE_MAX, 0);
}

/* "source:line" (or "source" when the line is unknown). */
static void
txt_cite(struct txt *t, const struct evidence *ev)
{
	txt_str(t, ev->source, "?");
	if (ev->line != 0)
		fprintf(t->fp, ":%" PRIu32, ev->line);
}

static void
txt_evidence(struct txt *t, const struct evidence *ev, const char *indent)
{
	char	 when[48];

	report_time(ev, when);
	fprintf(t->fp, "%s", indent);
	txt_sgr(t, "36");
	txt_cite(t, ev);
	txt_sgr(t, "0");
	fprintf(t->fp, " (");
	txt_str(t, ev->node, "node unknown");
	fprintf(t->fp, ", %s", when);
	if (ev->has_time && ev->time_quality != NULL) {
		fprintf(t->fp, " ");
		txt_str(t, ev->time_quality, "");
	}
	fprintf(t->fp, ")\n%s    ", indent);
	txt_str(t, ev->text, "");
	fprintf(t->fp, "\n");
	if (ev->xid != NULL) {
		char	note[1024];

		report_xid_note(ev->xid, note, sizeof(note));
		fprintf(t->fp, "%s    ", indent);
		txt_str(t, note, "");
		fprintf(t->fp, "\n");
	}
}

static void
txt_heading(struct txt *t, const char *title, size_t n)
{
	fprintf(t->fp, "\n");
	txt_sgr(t, "1");
	fprintf(t->fp, "%s", title);
	txt_sgr(t, "0");
	if (n != (size_t)-1)
		fprintf(t->fp, " (%zu)", n);
	fprintf(t->fp, "\n");
}

static void
txt_verdict(struct txt *t, const struct verdict *v)
{
	txt_sgr(t, "1;31");
	fprintf(t->fp, "Verdict: ");
	txt_str(t, v->cause, "inconclusive");
	txt_sgr(t, "0");
	fprintf(t->fp, "  boundary ");
	txt_str(t, v->boundary, "unknown");
	fprintf(t->fp, ", confidence ");
	txt_str(t, v->confidence, "unknown");
	if (v->rule != NULL) {
		fprintf(t->fp, ", rule ");
		txt_str(t, v->rule, "");
	}
	fprintf(t->fp, "\n");
	if (v->summary != NULL) {
		esc_term(t->fp, v->summary, 4 * TXT_LINE_MAX, 0);
		fprintf(t->fp, "\n");
	}
	if (v->confidence_reason != NULL) {
		fprintf(t->fp, "Why: ");
		txt_str(t, v->confidence_reason, "");
		fprintf(t->fp, "\n");
	}
	fprintf(t->fp, "Initiating: ");
	if (v->initiating == NULL)
		fprintf(t->fp, "none found\n");
	else
		txt_evidence(t, v->initiating, "");
	txt_sgr(t, "1;32");
	fprintf(t->fp, "Next: ");
	txt_sgr(t, "0");
	txt_str(t, v->next_action, "collect the missing evidence below");
	fprintf(t->fp, "\n");
	if (v->failure_domain != NULL && v->retry_outlook != NULL) {
		fprintf(t->fp, "Retry: ");
		txt_str(t, v->retry_outlook, "");
		fprintf(t->fp, " (failure domain: ");
		txt_str(t, v->failure_domain, "");
		fprintf(t->fp, ")");
		if (v->outlook_reason != NULL) {
			fprintf(t->fp, ": ");
			txt_str(t, v->outlook_reason, "");
		}
		fprintf(t->fp, "\n");
	}
}

static void
txt_evlist(struct txt *t, const struct evidence_list *l)
{
	size_t	 shown = l->n < TXT_EVIDENCE_MAX ? l->n : TXT_EVIDENCE_MAX;

	for (size_t i = 0; i < shown; i++)
		txt_evidence(t, &l->v[i], "    ");
	if (l->n > shown)
		fprintf(t->fp, "    ... and %zu more\n", l->n - shown);
}

static void
txt_findings(struct txt *t, const struct analysis *an)
{
	if (an->nsecondary > 0)
		txt_heading(t, "Cascade and secondary findings",
		    an->nsecondary);
	for (size_t i = 0; i < an->nsecondary; i++) {
		fprintf(t->fp, "  ");
		txt_str(t, an->secondary[i].cause, "?");
		fprintf(t->fp, ": ");
		txt_str(t, an->secondary[i].summary, "");
		fprintf(t->fp, "\n");
		txt_evlist(t, &an->secondary[i].evidence);
	}
	if (an->nruled_out > 0)
		txt_heading(t, "Ruled out", an->nruled_out);
	for (size_t i = 0; i < an->nruled_out; i++) {
		fprintf(t->fp, "  ");
		txt_str(t, an->ruled_out[i].cause, "?");
		fprintf(t->fp, ": ");
		txt_str(t, an->ruled_out[i].why, "");
		fprintf(t->fp, "\n");
		txt_evlist(t, &an->ruled_out[i].evidence);
	}
	if (an->nmissing > 0)
		txt_heading(t, "Missing evidence", an->nmissing);
	for (size_t i = 0; i < an->nmissing; i++) {
		fprintf(t->fp, "  ");
		txt_str(t, an->missing[i].evidence, "?");
		fprintf(t->fp, ": ");
		txt_str(t, an->missing[i].would_decide, "");
		fprintf(t->fp, "\n");
	}
}

/* The job's collective timeouts folded per rank (issue 18). */
static void
txt_collective(struct txt *t, const struct analysis *an)
{
	const struct collective_q	*c = an->collective;

	if (c == NULL)
		return;
	txt_heading(t, "Collective stall", (size_t)-1);
	fprintf(t->fp, "  ");
	txt_str(t, c->summary, "");
	fprintf(t->fp, "\n");
	for (size_t i = 0; i < c->nstalled && i < TXT_ROWS_MAX; i++)
		if (c->stalled[i].evidence != NULL)
			txt_evidence(t, c->stalled[i].evidence, "    ");
	txt_evlist(t, &c->evidence);
}

/* Identical evidence across nodes and ranks, once per group (issue 19):
 * "2,047 nodes: <the first line> (first node005 at ..., last ...)". */
static void
txt_folds(struct txt *t, const struct analysis *an)
{
	if (an->nfolds == 0)
		return;
	txt_heading(t, "Repeated evidence", an->nfolds);
	for (size_t i = 0; i < an->nfolds && i < TXT_ROWS_MAX; i++) {
		const struct fold_group	*f = &an->folds[i];
		const struct evidence	*a = &an->timeline.v[f->members[0]];
		const struct evidence	*z = &an->timeline.v[f->members[f->n -
					    1]];
		char			 lab[96], t0[48], t1[48];

		fold_label(f, lab);
		report_time(a, t0);
		report_time(z, t1);
		fprintf(t->fp, "  %s: ", lab);
		txt_str(t, f->kind, "?");
		fprintf(t->fp, "\n    ");
		txt_str(t, a->text, "");
		fprintf(t->fp, "\n    (first ");
		txt_str(t, a->node, "node unknown");
		fprintf(t->fp, " at %s, last ", t0);
		txt_str(t, z->node, "node unknown");
		fprintf(t->fp, " at %s)\n", t1);
	}
	if (an->nfolds > TXT_ROWS_MAX)
		fprintf(t->fp, "  ... and %zu more groups\n",
		    an->nfolds - TXT_ROWS_MAX);
}

static void
txt_kv(struct txt *t, const char *label, int64_t v)
{
	char	 b[32];

	report_bytes(v, b);
	fprintf(t->fp, "  %s %s", label, b);
}

static void
txt_host(struct txt *t, const struct analysis *an)
{
	size_t	 n = an->nhost < TXT_ROWS_MAX ? an->nhost : TXT_ROWS_MAX;

	if (an->nhost > 0)
		txt_heading(t, "Host memory per step", an->nhost);
	for (size_t i = 0; i < n; i++) {
		const struct host_q	*h = &an->host[i];

		fprintf(t->fp, "  step ");
		txt_str(t, h->step, "?");
		fprintf(t->fp, " on ");
		txt_str(t, h->node, "?");
		fprintf(t->fp, ": ");
		txt_str(t, h->state, "state unknown");
		fprintf(t->fp, " ");
		txt_str(t, h->exit_code, "");
		fprintf(t->fp, "\n   ");
		txt_kv(t, "ReqMem", h->req_mem_bytes);
		txt_kv(t, "cgroup limit", h->cgroup_limit_bytes);
		txt_kv(t, "MaxRSS", h->max_rss_bytes);
		txt_kv(t, "peak", h->cgroup_peak_bytes);
		if (h->oom_kills >= 0)
			fprintf(t->fp, "  oom_kills %" PRId64, h->oom_kills);
		fprintf(t->fp, "\n");
	}
	if (an->nhost > n)
		fprintf(t->fp, "  ... and %zu more steps\n", an->nhost - n);
}

const struct report_meter report_meters[] = {
	{ "limit", "the limit that was enforced",
	    offsetof(struct usage_q, limit_bytes) },
	{ "kernel usage at the kill", "every page charged to the cgroup when "
	    "the kernel acted", offsetof(struct usage_q, kernel_usage_bytes) },
	{ "cgroup peak", "high-water mark of the same charge",
	    offsetof(struct usage_q, cgroup_peak_bytes) },
	{ "victim RSS", "anon + file + shmem RSS of the killed process (file pages may be "
	    "shared)",
	    offsetof(struct usage_q, kernel_rss_bytes) },
	{ "sacct MaxRSS", "largest RSS of one task, sampled",
	    offsetof(struct usage_q, max_rss_bytes) },
};
const size_t	report_nmeters = sizeof(report_meters) /
		    sizeof(report_meters[0]);

int64_t
report_meter_value(const struct usage_q *u, size_t k)
{
	return *(const int64_t *)(const void *)((const char *)u +
	    report_meters[k].off);
}

const char *
report_enforcer(const char *by)
{
	static const char *const names[][2] = {
		{ "kernel_memcg", "the kernel memory cgroup" },
		{ "kernel_global", "a node-wide kernel OOM (no limit)" },
		{ "slurmstepd_rss", "slurmstepd's RSS polling" },
	};

	for (size_t i = 0; by != NULL && i < sizeof(names) /
	    sizeof(names[0]); i++)
		if (strcmp(by, names[i][0]) == 0)
			return names[i][1];
	return "?";
}

static void
txt_usage(struct txt *t, const struct analysis *an)
{
	for (size_t i = 0; i < an->nusage; i++) {
		const struct usage_q	*u = &an->usage[i];

		txt_heading(t, "Memory as each meter saw it", (size_t)-1);
		fprintf(t->fp, "  step ");
		txt_str(t, u->step, "?");
		fprintf(t->fp, " on ");
		txt_str(t, u->node, "?");
		fprintf(t->fp, ", enforced by %s\n   ",
		    report_enforcer(u->enforced_by));
		for (size_t k = 0; k < report_nmeters; k++)
			txt_kv(t, report_meters[k].label,
			    report_meter_value(u, k));
		fprintf(t->fp, "\n  ");
		esc_term(t->fp, u->summary != NULL ? u->summary : "",
		    4 * TXT_LINE_MAX, 0);
		fprintf(t->fp, "\n");
	}
}

const struct report_part report_parts[BD_PARTS] = {
	{ "anon", 'a', "#2f4b7c" },
	{ "page cache", 'c', "#7d8fa9" },
	{ "dirty", 'd', "#ef8a17" },
	{ "shmem (tmpfs)", 's', "#c62828" },
	{ "kernel", 'k', "#8e6c8a" },
	{ "sock", 'n', "#4caf50" },
	{ "other", 'o', "#bbbbbb" },
};

int64_t
report_bd_scale(const struct breakdown_q *b)
{
	int64_t	s = b->limit_bytes > 0 ? b->limit_bytes : 0;

	if (b->usage_bytes > s)
		s = b->usage_bytes;
	return s;
}

void
report_bd_bar(const struct breakdown_q *b, size_t width, char *out)
{
	int64_t	scale = report_bd_scale(b), acc = 0;
	size_t	at = 0, to;

	memset(out, '.', width);
	out[width] = '\0';
	if (scale <= 0)
		return;
	for (size_t i = 0; i < BD_PARTS; i++) {
		if (b->parts[i] <= 0)
			continue;
		acc += b->parts[i];
		to = (size_t)((double)acc / (double)scale * (double)width +
		    0.5);
		if (to > width)
			to = width;
		/* a part too small for a cell still shows as one */
		if (to == at && at < width && b->parts[i] * 200 >= scale)
			to = at + 1;
		for (; at < to; at++)
			out[at] = report_parts[i].key;
	}
}

#define TXT_BAR	60	/* characters of the breakdown bar */

static void
txt_breakdown(struct txt *t, const struct analysis *an)
{
	char	 bar[TXT_BAR + 1], b[32];

	for (size_t i = 0; i < an->nbreakdown; i++) {
		const struct breakdown_q	*q = &an->breakdown[i];

		txt_heading(t, "What filled the limit", (size_t)-1);
		fprintf(t->fp, "  ");
		txt_str(t, q->cgroup, "?");
		fprintf(t->fp, " on ");
		txt_str(t, q->node, "?");
		fprintf(t->fp, ", %s\n   ", q->at != NULL &&
		    strcmp(q->at, "kill") == 0 ? "at the kill (the kernel's "
		    "Memory cgroup stats)" : "at collection (memory.stat)");
		txt_kv(t, "charged", q->usage_bytes);
		txt_kv(t, "limit", q->limit_bytes);
		report_bd_bar(q, TXT_BAR, bar);
		fprintf(t->fp, "\n   [%s]\n   ", bar);
		for (size_t k = 0; k < BD_PARTS; k++) {
			if (q->parts[k] <= 0)
				continue;
			report_bytes(q->parts[k], b);
			fprintf(t->fp, "  %c %s %s", report_parts[k].key,
			    report_parts[k].label, b);
		}
		fprintf(t->fp, "\n");
		if (q->nholders > 0) {
			fprintf(t->fp, "  Largest holders (of %" PRId64
			    " tasks):\n", q->tasks);
		}
		for (size_t k = 0; k < q->nholders; k++) {
			const struct holder_q	*h = &q->holders[k];

			fprintf(t->fp, "    pid %" PRId64 " ", h->pid);
			txt_str(t, h->name, "?");
			if (h->step != NULL) {
				fprintf(t->fp, " step ");
				txt_str(t, h->step, "?");
			}
			fprintf(t->fp, "%s ", h->victim ? " (victim)" : "");
			txt_kv(t, "RSS", h->rss_bytes);
			if (h->anon_bytes >= 0)
				txt_kv(t, "anon", h->anon_bytes);
			if (h->swap_bytes > 0)
				txt_kv(t, "swap", h->swap_bytes);
			fprintf(t->fp, "\n");
		}
	}
}

const char *
report_growth(const struct series_q *q, char out[64])
{
	char	 b[32];
	int64_t	 g = q->growth_per_h > 0 ? q->growth_per_h :
		    q->growth_per_step;

	out[0] = '\0';
	if (g <= 0)
		return out;
	report_bytes(g, b);
	snprintf(out, 64, ", +%s%s", b, q->growth_per_h > 0 ? "/h" :
	    q->axis != NULL && strcmp(q->axis, "iteration") == 0 ?
	    " per iteration" : " per report");
	return out;
}

const char *
report_runway(const struct series_q *q, char out[64])
{
	const char	*unit = q->axis == NULL || strcmp(q->axis, "time") == 0 ?
			    " s" : strcmp(q->axis, "iteration") == 0 ?
			    " iterations" : " reports";

	out[0] = '\0';
	if (q->runway_s == 0)
		snprintf(out, 64, ", at the limit");
	else if (q->runway_s > 0)
		snprintf(out, 64, ", runway %" PRId64 "%s", q->runway_s, unit);
	return out;
}

static void
txt_series(struct txt *t, const struct analysis *an)
{
	char		 rb[64];
	char		 gb[64];
	char	 b[32], when[48];

	if (an->nseries > 0)
		txt_heading(t, "Memory over time", an->nseries);
	for (size_t i = 0; i < an->nseries && i < TXT_ROWS_MAX; i++) {
		const struct series_q	*q = &an->series[i];
		struct evidence		 ev = { .has_time = 1 };

		fprintf(t->fp, "  ");
		txt_str(t, q->name, "?");
		fprintf(t->fp, " on ");
		txt_str(t, q->node, "?");
		fprintf(t->fp, ": ");
		txt_str(t, q->shape, "?");
		fprintf(t->fp, "%s", report_growth(q, gb));
		fprintf(t->fp, "%s", report_runway(q, rb));
		if (q->has_step) {
			ev.time_ns = q->step_ns;
			report_time(&ev, when);
			fprintf(t->fp, ", step at %s", when);
		}
		if (q->has_tenant) {
			ev.time_ns = q->tenant_ns;
			report_time(&ev, when);
			fprintf(t->fp, ", another process from %s", when);
		}
		report_bytes(q->limit_bytes, b);
		fprintf(t->fp, " (limit %s, %zu points)\n", b, q->npoints);
	}
}

const char *
report_snapshot(const struct alloc_snap_q *s, char *out, size_t n)
{
	char	r[32], f[32], big[32], req[32], df[32], sz[32];
	size_t	k;

	report_bytes(s->reserved_bytes, r);
	report_bytes(s->free_bytes, f);
	report_bytes(s->largest_free_block_bytes, big);
	k = (size_t)snprintf(out, n, "allocator snapshot: %" PRId64
	    " segments, %s reserved, %s free in %" PRId64 " blocks (largest "
	    "%s); expandable_segments %s", s->segments, r, f, s->free_blocks,
	    big, s->expandable_segments < 0 ? "unknown" :
	    s->expandable_segments ? "on" : "off");
	if (k < n && s->oom_requested_bytes >= 0) {
		report_bytes(s->oom_requested_bytes, req);
		report_bytes(s->oom_device_free_bytes, df);
		k += (size_t)snprintf(out + k, n - k, "; its trace's OOM asked "
		    "%s with %s free on the device", req, df);
	}
	for (size_t i = 0; i < s->nbefore && k < n; i++) {
		report_bytes(s->before[i].size_bytes, sz);
		k += (size_t)snprintf(out + k, n - k, "%s%s %s", i == 0 ?
		    "; before it: " : ", ", s->before[i].action != NULL ?
		    s->before[i].action : "?", sz);
	}
	return out;
}

/* DCGM's job statistics per GPU (issue 18), when read. */
static void
txt_dcgm(struct txt *t, const struct analysis *an)
{
	size_t	n = an->ndcgm < TXT_ROWS_MAX ? an->ndcgm : TXT_ROWS_MAX;
	char	line[512];

	if (an->ndcgm == 0)
		return;
	txt_heading(t, "DCGM job statistics", an->ndcgm);
	for (size_t i = 0; i < n; i++) {
		report_dcgm(&an->dcgm[i], line, sizeof(line));
		fprintf(t->fp, "  ");
		txt_str(t, line, "");
		fprintf(t->fp, "\n");
	}
}

static void
txt_device(struct txt *t, const struct analysis *an)
{
	size_t	 n = an->ndevice < TXT_ROWS_MAX ? an->ndevice : TXT_ROWS_MAX;

	if (an->ndevice > 0)
		txt_heading(t, "GPU memory", an->ndevice);
	for (size_t i = 0; i < n; i++) {
		const struct device_q	*d = &an->device[i];

		if (d->step != NULL) {		/* Slurm's accounting */
			char	line[512];

			report_gpu_acct(d, line, sizeof(line));
			fprintf(t->fp, "  Slurm accounting, ");
			txt_str(t, line, "");
			fprintf(t->fp, "\n");
			continue;
		}
		fprintf(t->fp, "  GPU ");
		txt_str(t, d->gpu, "?");
		fprintf(t->fp, " on ");
		txt_str(t, d->node, "?");
		fprintf(t->fp, " (");
		txt_str(t, d->product, "product unknown");
		if (d->api != NULL) {	/* ROCm's evidence (issue 18) */
			fprintf(t->fp, ", ");
			txt_str(t, d->api, "");
		}
		fprintf(t->fp, ")\n   ");
		txt_kv(t, "capacity", d->capacity_bytes);
		txt_kv(t, "reserved", d->reserved_bytes);
		txt_kv(t, "allocated", d->allocated_bytes);
		txt_kv(t, "free", d->free_bytes);
		txt_kv(t, "requested", d->requested_bytes);
		fprintf(t->fp, "\n");
		if (d->snapshot != NULL) {
			char	line[640];

			fprintf(t->fp, "     ");
			txt_str(t, report_snapshot(d->snapshot, line,
			    sizeof(line)), "");
			fprintf(t->fp, "\n");
		}
	}
	if (an->ndevice > n)
		fprintf(t->fp, "  ... and %zu more GPUs\n", an->ndevice - n);
}

static void
txt_inputs(struct txt *t, const struct analysis *an)
{
	size_t	*rep = report_input_groups(an, TXT_ROWS_MAX);
	char	 c[32];

	if (an->ninputs > 0)
		txt_heading(t, "Inputs", an->ninputs);
	for (size_t i = 0; i < an->ninputs; i++) {
		const struct input_info	*in = &an->inputs[i];
		size_t			 n = 1, last = i;

		if (rep != NULL && rep[i] != i)
			continue;
		/* Many nodes (issue 19): inputs alike (manifest, integrity,
		 * notes) are one line. */
		for (size_t j = i + 1; rep != NULL && j < an->ninputs; j++)
			if (rep[j] == i) {
				n++;
				last = j;
			}
		fprintf(t->fp, "  ");
		if (n > 1) {
			fold_count(n, c);
			fprintf(t->fp, "%s inputs, ", c);
			txt_str(t, in->path, "?");
			fprintf(t->fp, " ... ");
			txt_str(t, an->inputs[last].path, "?");
			fprintf(t->fp, ": %s, ", in->manifest ? "manifest" :
			    "no manifest");
			txt_str(t, in->integrity, "integrity unknown");
			fprintf(t->fp, "\n");
			for (size_t j = 0; j < in->nnotes; j++) {
				fprintf(t->fp, "    note: ");
				txt_str(t, in->notes[j], "");
				fprintf(t->fp, "\n");
			}
			continue;
		}
		txt_str(t, in->path, "?");
		fprintf(t->fp, " (");
		txt_str(t, in->node, "node unknown");
		fprintf(t->fp, "): %s, ", in->manifest ? "manifest" :
		    "no manifest");
		if (in->integrity != NULL && strcmp(in->integrity,
		    "verified") != 0)
			txt_sgr(t, "33");
		txt_str(t, in->integrity, "integrity unknown");
		txt_sgr(t, "0");
		fprintf(t->fp, "\n");
		for (size_t j = 0; j < in->nnotes; j++) {
			fprintf(t->fp, "    note: ");
			txt_str(t, in->notes[j], "");
			fprintf(t->fp, "\n");
		}
	}
	free(rep);
	if (an->nskew > 0)
		txt_heading(t, "Clock skew", an->nskew);
	for (size_t i = 0; i < an->nskew; i++) {
		fprintf(t->fp, "  ");
		txt_str(t, an->skew[i], "");
		fprintf(t->fp, "\n");
	}
}

enum err_code
report_text(const struct analysis *an, FILE *fp,
    const struct report_opts *opts, struct err *e)
{
	struct txt	 t = { .fp = fp, .color = opts != NULL && opts->color };

	txt_verdict(&t, &an->verdict);
	txt_collective(&t, an);
	txt_folds(&t, an);
	txt_findings(&t, an);
	txt_host(&t, an);
	txt_usage(&t, an);
	txt_breakdown(&t, an);
	txt_series(&t, an);
	txt_device(&t, an);
	txt_dcgm(&t, an);
	txt_inputs(&t, an);
	if (an->damaged)
		fprintf(fp, "\nSome input was damaged or failed its hash: "
		    "see Inputs.\n");
	if (fflush(fp) == EOF || ferror(fp))
		return ERR_SYS(e, ERR_IO, "writing the text report");
	return ERR_OK;
}
