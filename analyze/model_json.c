/*
 * model_json: the analysis model as JSON ("oomtrail.analysis/1",
 * docs/analysis-json.md), both ways.
 *
 * model_to_json() writes one object with a fixed key order: the same
 * model always gives the same bytes. Every string goes through jansson,
 * which does all JSON escaping; text that is not valid UTF-8 (bundle
 * bytes are verbatim) is first repaired with U+FFFD, since JSON strings
 * must be Unicode. Unknown integers (-1 in the model) and unknown strings
 * (NULL) are written as null.
 *
 * model_from_json() reads such an object back into a fresh analysis. The
 * JSON is treated as hostile: a wrong type is ERR_FORMAT naming the key,
 * a missing key means "unknown", and nothing it says is trusted to be
 * small. It does not check that ids are known taxonomy values: a report
 * renders whatever the file says, escaped.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "analysis.h"
#include "units.h"

#define MJ_MAX_INPUT	(256u << 20)	/* bytes of JSON we agree to read */

struct mj {				/* reading state */
	struct arena	*a;
	struct err	*e;
	char		 where[96];	/* object being read, for errors */
};

/* ---- writing ---- */

/*
 * Copy s into a malloc'd buffer, replacing each byte that does not start
 * a valid UTF-8 sequence with U+FFFD. Returns NULL on allocation failure.
 */
static char *
mj_utf8_repair(const char *s)
{
	size_t		 n = strlen(s), i = 0, o = 0, k, len;
	unsigned char	 c;
	char		*out;

	if ((out = malloc(n * 3 + 1)) == NULL)
		return NULL;
	while (i < n) {
		c = (unsigned char)s[i];
		len = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 && c >= 0xc2 ? 2 :
		    (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 && c <= 0xf4 ?
		    4 : 0;
		for (k = 1; len > 1 && k < len; k++)
			if (i + k >= n || ((unsigned char)s[i + k] & 0xc0) != 0x80)
				len = 0;
		if (len == 3 && ((c == 0xe0 && (unsigned char)s[i + 1] < 0xa0) ||
		    (c == 0xed && (unsigned char)s[i + 1] >= 0xa0)))
			len = 0;	/* overlong or surrogate */
		if (len == 4 && ((c == 0xf0 && (unsigned char)s[i + 1] < 0x90) ||
		    (c == 0xf4 && (unsigned char)s[i + 1] >= 0x90)))
			len = 0;
		if (len == 0) {
			memcpy(out + o, "\xef\xbf\xbd", 3);
			o += 3;
			i++;
			continue;
		}
		memcpy(out + o, s + i, len);
		o += len;
		i += len;
	}
	out[o] = '\0';
	return out;
}

static json_t *
mj_str(const char *s)
{
	json_t	*j;
	char	*fixed;

	if (s == NULL)
		return json_null();
	if ((j = json_string(s)) != NULL)
		return j;
	if ((fixed = mj_utf8_repair(s)) == NULL)
		return NULL;
	j = json_string(fixed);
	free(fixed);
	return j;
}

static json_t *
mj_int(int64_t v)			/* -1 is unknown */
{
	return v < 0 ? json_null() : json_integer((json_int_t)v);
}

static json_t *
mj_time(const struct evidence *ev)
{
	char	 iso[48], tmp[64];
	int64_t	 ns = ev->time_ns, frac;

	if (!ev->has_time)
		return json_null();
	frac = ns % 1000000000LL;
	if (frac < 0)
		frac += 1000000000LL;
	if (frac % 1000 == 0) {
		units_fmt_iso(ns, iso);
		return json_string(iso);
	}
	/* Sub-microsecond precision: keep all nine digits so the time
	 * reads back exactly. */
	units_fmt_iso(ns - frac, iso);
	iso[strlen(iso) - 1] = '\0';
	snprintf(tmp, sizeof(tmp), "%s.%09" PRId64 "Z", iso, frac);
	return json_string(tmp);
}

/* Adds k: v to o; remembers any failure (v NULL or set failed). */
static void
mj_set(json_t *o, const char *k, json_t *v, int *bad)
{
	if (v == NULL || o == NULL || json_object_set_new(o, k, v) == -1)
		*bad = 1;
}

static void
mj_push(json_t *arr, json_t *v, int *bad)
{
	if (v == NULL || arr == NULL || json_array_append_new(arr, v) == -1)
		*bad = 1;
}

static json_t *
mj_xid(const struct evidence_xid *x, int *bad)
{
	json_t	*o = json_object();

	mj_set(o, "code", json_integer((json_int_t)x->code), bad);
	mj_set(o, "mnemonic", mj_str(x->mnemonic), bad);
	mj_set(o, "component", mj_str(x->component), bad);
	mj_set(o, "meaning", mj_str(x->meaning), bad);
	mj_set(o, "action", mj_str(x->action), bad);
	mj_set(o, "action_text", mj_str(x->action_text), bad);
	mj_set(o, "catalog_immediate", mj_str(x->immediate), bad);
	mj_set(o, "catalog_investigatory", mj_str(x->investigate), bad);
	return o;
}

static json_t *
mj_evidence(const struct evidence *ev, int *bad)
{
	json_t	*o;

	if (ev == NULL)
		return json_null();
	o = json_object();
	mj_set(o, "source", mj_str(ev->source), bad);
	mj_set(o, "line", ev->line ? json_integer(ev->line) : json_null(), bad);
	mj_set(o, "text", mj_str(ev->text), bad);
	mj_set(o, "time", mj_time(ev), bad);
	mj_set(o, "time_quality", mj_str(ev->time_quality), bad);
	mj_set(o, "node", mj_str(ev->node), bad);
	mj_set(o, "rank", mj_int(ev->rank), bad);
	mj_set(o, "pid", mj_int(ev->pid), bad);
	mj_set(o, "context", mj_str(ev->context), bad);
	mj_set(o, "context_line", ev->context_line ?
	    json_integer(ev->context_line) : json_null(), bad);
	if (ev->kind != NULL)
		mj_set(o, "kind", mj_str(ev->kind), bad);
	mj_set(o, "input", mj_str(ev->input), bad);
	mj_set(o, "out_of_order", json_boolean(ev->out_of_order), bad);
	mj_set(o, "initiating", json_boolean(ev->initiating), bad);
	mj_set(o, "cascade", json_boolean(ev->cascade), bad);
	if (ev->masked)		/* only when true: additive (issue 20) */
		mj_set(o, "masked", json_true(), bad);
	if (ev->xid != NULL)	/* only on a catalogued Xid (issue 18) */
		mj_set(o, "xid", mj_xid(ev->xid, bad), bad);
	return o;
}

static json_t *
mj_evlist(const struct evidence_list *l, int *bad)
{
	json_t	*arr = json_array();

	for (size_t i = 0; i < l->n; i++)
		mj_push(arr, mj_evidence(&l->v[i], bad), bad);
	return arr;
}

static json_t *
mj_verdict(const struct verdict *v, int *bad)
{
	json_t	*o = json_object();

	mj_set(o, "cause", mj_str(v->cause), bad);
	mj_set(o, "boundary", mj_str(v->boundary), bad);
	mj_set(o, "confidence", mj_str(v->confidence), bad);
	mj_set(o, "confidence_reason", mj_str(v->confidence_reason), bad);
	mj_set(o, "rule", mj_str(v->rule), bad);
	mj_set(o, "summary", mj_str(v->summary), bad);
	mj_set(o, "initiating", mj_evidence(v->initiating, bad), bad);
	mj_set(o, "next_action", mj_str(v->next_action), bad);
	mj_set(o, "failure_domain", mj_str(v->failure_domain), bad);
	mj_set(o, "retry_outlook", mj_str(v->retry_outlook), bad);
	mj_set(o, "outlook_reason", mj_str(v->outlook_reason), bad);
	if (v->filled_by != NULL) {
		json_t	*fb = json_object();

		mj_set(fb, "part", mj_str(v->filled_by->part), bad);
		mj_set(fb, "share", json_integer(v->filled_by->share), bad);
		mj_set(fb, "evidence", mj_evlist(&v->filled_by->evidence,
		    bad), bad);
		mj_set(o, "filled_by", fb, bad);
	}
	return o;
}

static json_t *
mj_findings(const struct analysis *an, int *bad)
{
	json_t	*arr = json_array(), *o;

	for (size_t i = 0; i < an->nsecondary; i++) {
		o = json_object();
		mj_set(o, "cause", mj_str(an->secondary[i].cause), bad);
		mj_set(o, "rule", mj_str(an->secondary[i].rule), bad);
		mj_set(o, "summary", mj_str(an->secondary[i].summary), bad);
		mj_set(o, "evidence", mj_evlist(&an->secondary[i].evidence,
		    bad), bad);
		mj_push(arr, o, bad);
	}
	return arr;
}

static json_t *
mj_ruled_out(const struct analysis *an, int *bad)
{
	json_t	*arr = json_array(), *o;

	for (size_t i = 0; i < an->nruled_out; i++) {
		o = json_object();
		mj_set(o, "cause", mj_str(an->ruled_out[i].cause), bad);
		mj_set(o, "why", mj_str(an->ruled_out[i].why), bad);
		mj_set(o, "evidence", mj_evlist(&an->ruled_out[i].evidence,
		    bad), bad);
		mj_push(arr, o, bad);
	}
	return arr;
}

static json_t *
mj_missing(const struct analysis *an, int *bad)
{
	json_t	*arr = json_array(), *o;

	for (size_t i = 0; i < an->nmissing; i++) {
		o = json_object();
		mj_set(o, "evidence", mj_str(an->missing[i].evidence), bad);
		mj_set(o, "would_decide", mj_str(an->missing[i].would_decide),
		    bad);
		mj_push(arr, o, bad);
	}
	return arr;
}

static json_t *
mj_host(const struct host_q *h, int *bad)
{
	json_t	*o = json_object();

	mj_set(o, "step", mj_str(h->step), bad);
	mj_set(o, "node", mj_str(h->node), bad);
	mj_set(o, "state", mj_str(h->state), bad);
	mj_set(o, "exit_code", mj_str(h->exit_code), bad);
	mj_set(o, "req_mem_bytes", mj_int(h->req_mem_bytes), bad);
	mj_set(o, "req_mem_per", mj_str(h->req_mem_per), bad);
	mj_set(o, "cgroup_limit_bytes", mj_int(h->cgroup_limit_bytes), bad);
	mj_set(o, "cgroup_peak_bytes", mj_int(h->cgroup_peak_bytes), bad);
	mj_set(o, "max_rss_bytes", mj_int(h->max_rss_bytes), bad);
	mj_set(o, "tasks", mj_int(h->tasks), bad);
	mj_set(o, "oom_kills", mj_int(h->oom_kills), bad);
	mj_set(o, "node_mem_bytes", mj_int(h->node_mem_bytes), bad);
	return o;
}

/* Allocator snapshot byte and count fields, in contract order. */
static const struct {
	const char	*key;
	size_t		 off;
} mj_snap_ints[] = {
	{ "segments", offsetof(struct alloc_snap_q, segments) },
	{ "reserved_bytes", offsetof(struct alloc_snap_q, reserved_bytes) },
	{ "allocated_bytes", offsetof(struct alloc_snap_q, allocated_bytes) },
	{ "active_bytes", offsetof(struct alloc_snap_q, active_bytes) },
	{ "blocks", offsetof(struct alloc_snap_q, blocks) },
	{ "free_blocks", offsetof(struct alloc_snap_q, free_blocks) },
	{ "free_bytes", offsetof(struct alloc_snap_q, free_bytes) },
	{ "largest_free_block_bytes",
	  offsetof(struct alloc_snap_q, largest_free_block_bytes) },
	{ "inactive_split_bytes",
	  offsetof(struct alloc_snap_q, inactive_split_bytes) },
	{ "expandable_segment_count",
	  offsetof(struct alloc_snap_q, expandable_segment_count) },
	{ "trace_entries", offsetof(struct alloc_snap_q, trace_entries) },
	{ "oom_requested_bytes",
	  offsetof(struct alloc_snap_q, oom_requested_bytes) },
	{ "oom_device_free_bytes",
	  offsetof(struct alloc_snap_q, oom_device_free_bytes) },
	{ "max_split_size_bytes",
	  offsetof(struct alloc_snap_q, max_split_size_bytes) },
};

static json_t *
mj_segmap(const struct alloc_snap_q *s, int *bad)
{
	json_t	*arr = json_array(), *o, *bl, *x;

	for (size_t i = 0; i < s->nsegment_map; i++) {
		const struct snap_seg_q *q = &s->segment_map[i];

		o = json_object();
		bl = json_array();
		mj_set(o, "size_bytes", mj_int(q->size_bytes), bad);
		for (size_t j = 0; j < q->nblocks; j++) {
			x = json_object();
			mj_set(x, "size_bytes", mj_int(q->blocks[j].size_bytes),
			    bad);
			mj_set(x, "state", mj_str(q->blocks[j].state), bad);
			mj_push(bl, x, bad);
		}
		mj_set(o, "blocks", bl, bad);
		mj_push(arr, o, bad);
	}
	return arr;
}

static json_t *
mj_snapshot(const struct alloc_snap_q *s, int *bad)
{
	json_t	*o = json_object(), *b = json_array(), *x;

	mj_set(o, "source", mj_str(s->source), bad);
	for (size_t i = 0; i < sizeof(mj_snap_ints) / sizeof(mj_snap_ints[0]);
	    i++)
		mj_set(o, mj_snap_ints[i].key, mj_int(*(const int64_t *)
		    (const void *)((const char *)s + mj_snap_ints[i].off)),
		    bad);
	mj_set(o, "expandable_segments", s->expandable_segments < 0 ?
	    json_null() : json_boolean(s->expandable_segments), bad);
	mj_set(o, "garbage_collection_threshold", s->gc_threshold_permille <
	    0 ? json_null() : json_real((double)s->gc_threshold_permille /
	    1000), bad);
	for (size_t i = 0; i < s->nbefore; i++) {
		x = json_object();
		mj_set(x, "action", mj_str(s->before[i].action), bad);
		mj_set(x, "size_bytes", mj_int(s->before[i].size_bytes), bad);
		mj_push(b, x, bad);
	}
	mj_set(o, "before_oom", b, bad);
	mj_set(o, "segment_map", mj_segmap(s, bad), bad);
	return o;
}

static json_t *
mj_device(const struct device_q *d, int *bad)
{
	json_t	*o = json_object();

	mj_set(o, "gpu", mj_str(d->gpu), bad);
	mj_set(o, "uuid", mj_str(d->uuid), bad);
	mj_set(o, "node", mj_str(d->node), bad);
	mj_set(o, "product", mj_str(d->product), bad);
	if (d->api != NULL)	/* ROCm's evidence (issue 18) */
		mj_set(o, "api", mj_str(d->api), bad);
	mj_set(o, "capacity_bytes", mj_int(d->capacity_bytes), bad);
	mj_set(o, "free_bytes", mj_int(d->free_bytes), bad);
	mj_set(o, "allocated_bytes", mj_int(d->allocated_bytes), bad);
	mj_set(o, "reserved_bytes", mj_int(d->reserved_bytes), bad);
	mj_set(o, "requested_bytes", mj_int(d->requested_bytes), bad);
	mj_set(o, "used_bytes", mj_int(d->used_bytes), bad);
	mj_set(o, "process_bytes", mj_int(d->process_bytes), bad);
	mj_set(o, "processes", mj_int(d->processes), bad);
	mj_set(o, "nominal_bytes", mj_int(d->nominal_bytes), bad);
	if (d->snapshot != NULL)
		mj_set(o, "allocator_snapshot", mj_snapshot(d->snapshot, bad),
		    bad);
	if (d->step != NULL) {	/* Slurm GPU accounting (issue 18) */
		mj_set(o, "step", mj_str(d->step), bad);
		mj_set(o, "used_ave_bytes", mj_int(d->used_ave_bytes), bad);
		mj_set(o, "util_max_pct", mj_int(d->util_max_pct), bad);
		mj_set(o, "util_ave_pct", mj_int(d->util_ave_pct), bad);
	}
	return o;
}

/* Usage byte fields, in contract order. */
static const struct {
	const char	*key;
	size_t		 off;
} mj_usage_ints[] = {
	{ "limit_bytes", offsetof(struct usage_q, limit_bytes) },
	{ "max_rss_bytes", offsetof(struct usage_q, max_rss_bytes) },
	{ "cgroup_peak_bytes", offsetof(struct usage_q, cgroup_peak_bytes) },
	{ "kernel_usage_bytes",
	    offsetof(struct usage_q, kernel_usage_bytes) },
	{ "kernel_rss_bytes", offsetof(struct usage_q, kernel_rss_bytes) },
};

static json_t *
mj_usage(const struct usage_q *u, int *bad)
{
	json_t	*o = json_object();

	mj_set(o, "step", mj_str(u->step), bad);
	mj_set(o, "node", mj_str(u->node), bad);
	for (size_t i = 0; i < sizeof(mj_usage_ints) /
	    sizeof(mj_usage_ints[0]); i++)
		mj_set(o, mj_usage_ints[i].key, mj_int(*(const int64_t *)
		    (const void *)((const char *)u + mj_usage_ints[i].off)),
		    bad);
	mj_set(o, "enforced_by", mj_str(u->enforced_by), bad);
	mj_set(o, "summary", mj_str(u->summary), bad);
	mj_set(o, "evidence", mj_evlist(&u->evidence, bad), bad);
	return o;
}

static json_t *
mj_holder(const struct holder_q *h, int *bad)
{
	json_t	*o = json_object();

	mj_set(o, "pid", mj_int(h->pid), bad);
	mj_set(o, "name", mj_str(h->name), bad);
	mj_set(o, "uid", mj_int(h->uid), bad);
	mj_set(o, "rss_bytes", mj_int(h->rss_bytes), bad);
	mj_set(o, "swap_bytes", mj_int(h->swap_bytes), bad);
	mj_set(o, "anon_bytes", mj_int(h->anon_bytes), bad);
	mj_set(o, "step", mj_str(h->step), bad);
	mj_set(o, "victim", json_boolean(h->victim), bad);
	return o;
}

static json_t *
mj_breakdown(const struct breakdown_q *b, int *bad)
{
	json_t	*o = json_object(), *p = json_object(), *h = json_array();

	mj_set(o, "node", mj_str(b->node), bad);
	mj_set(o, "cgroup", mj_str(b->cgroup), bad);
	mj_set(o, "at", mj_str(b->at), bad);
	mj_set(o, "limit_bytes", mj_int(b->limit_bytes), bad);
	mj_set(o, "usage_bytes", mj_int(b->usage_bytes), bad);
	for (size_t i = 0; i < BD_PARTS; i++)
		mj_set(p, breakdown_part_names[i], mj_int(b->parts[i]), bad);
	mj_set(o, "parts", p, bad);
	mj_set(o, "swap_bytes", mj_int(b->swap_bytes), bad);
	mj_set(o, "tasks", mj_int(b->tasks), bad);
	for (size_t i = 0; i < b->nholders; i++)
		mj_push(h, mj_holder(&b->holders[i], bad), bad);
	mj_set(o, "holders", h, bad);
	mj_set(o, "evidence", mj_evlist(&b->evidence, bad), bad);
	return o;
}

static json_t *
mj_ns(int64_t ns, int has)
{
	struct evidence	ev = { .time_ns = ns, .has_time = has };

	return mj_time(&ev);
}

static json_t *
mj_points(const struct series_q *q, int *bad)
{
	json_t	*arr = json_array(), *p;

	for (size_t i = 0; i < q->npoints; i++) {
		p = json_array();
		if (p == NULL || json_array_append_new(p, q->axis != NULL &&
		    strcmp(q->axis, "time") != 0 ? json_integer(q->t_ns[i] /
		    1000000000LL) : mj_ns(q->t_ns[i], 1)) == -1 ||
		    json_array_append_new(p, mj_int(q->v[i])) == -1)
			*bad = 1;
		mj_push(arr, p, bad);
	}
	return arr;
}

static json_t *
mj_series(const struct series_q *q, int *bad)
{
	json_t	*o = json_object();

	mj_set(o, "name", mj_str(q->name), bad);
	mj_set(o, "node", mj_str(q->node), bad);
	mj_set(o, "source", mj_str(q->source), bad);
	mj_set(o, "boundary", mj_str(q->boundary), bad);
	mj_set(o, "limit_bytes", mj_int(q->limit_bytes), bad);
	mj_set(o, "shape", mj_str(q->shape), bad);
	mj_set(o, "axis", mj_str(q->axis), bad);
	mj_set(o, "growth_bytes_per_hour", json_integer(q->growth_per_h),
	    bad);
	mj_set(o, "growth_bytes_per_step", json_integer(q->growth_per_step),
	    bad);
	mj_set(o, "runway", mj_int(q->runway_s), bad);
	mj_set(o, "step", mj_ns(q->step_ns, q->has_step), bad);
	mj_set(o, "failure", mj_ns(q->fail_ns, q->has_fail), bad);
	mj_set(o, "other_tenant", mj_ns(q->tenant_ns, q->has_tenant), bad);
	mj_set(o, "points", mj_points(q, bad), bad);
	return o;
}

/* quantities.dcgm[]: DCGM's job statistics per GPU (issue 18). */
static json_t *
mj_dcgm(const struct dcgm_q *q, int *bad)
{
	json_t	*o = json_object();

	mj_set(o, "gpu", mj_str(q->gpu), bad);
	mj_set(o, "node", mj_str(q->node), bad);
	mj_set(o, "job", mj_str(q->job), bad);
	mj_set(o, "max_memory_bytes", mj_int(q->max_memory_bytes), bad);
	mj_set(o, "capacity_bytes", mj_int(q->capacity_bytes), bad);
	mj_set(o, "processes", mj_int(q->processes), bad);
	mj_set(o, "conflicting", mj_int(q->conflicting), bad);
	mj_set(o, "pids", mj_str(q->pids), bad);
	mj_set(o, "xid_errors", mj_int(q->xid_errors), bad);
	mj_set(o, "ecc_sbe", mj_int(q->ecc_sbe), bad);
	mj_set(o, "ecc_dbe", mj_int(q->ecc_dbe), bad);
	mj_set(o, "pcie_replays", mj_int(q->pcie_replays), bad);
	mj_set(o, "health", mj_str(q->health), bad);
	mj_set(o, "evidence", mj_evlist(&q->evidence, bad), bad);
	return o;
}

static json_t *
mj_quantities(const struct analysis *an, int *bad)
{
	json_t	*o = json_object(), *h = json_array(), *d = json_array();
	json_t	*u = json_array(), *sr = json_array();

	for (size_t i = 0; i < an->nseries; i++)
		mj_push(sr, mj_series(&an->series[i], bad), bad);
	mj_set(o, "series", sr, bad);
	for (size_t i = 0; i < an->nhost; i++)
		mj_push(h, mj_host(&an->host[i], bad), bad);
	for (size_t i = 0; i < an->ndevice; i++)
		mj_push(d, mj_device(&an->device[i], bad), bad);
	for (size_t i = 0; i < an->nusage; i++)
		mj_push(u, mj_usage(&an->usage[i], bad), bad);
	mj_set(o, "host", h, bad);
	mj_set(o, "device", d, bad);
	mj_set(o, "usage", u, bad);
	if (an->nbreakdown > 0) {
		json_t	*b = json_array();

		for (size_t i = 0; i < an->nbreakdown; i++)
			mj_push(b, mj_breakdown(&an->breakdown[i], bad), bad);
		mj_set(o, "breakdown", b, bad);
	}
	if (an->ndcgm > 0) {	/* only when read: additive (issue 18) */
		json_t	*g = json_array();

		for (size_t i = 0; i < an->ndcgm; i++)
			mj_push(g, mj_dcgm(&an->dcgm[i], bad), bad);
		mj_set(o, "dcgm", g, bad);
	}
	return o;
}

static json_t *
mj_strings(const char **v, size_t n, int *bad)
{
	json_t	*arr = json_array();

	for (size_t i = 0; i < n; i++)
		mj_push(arr, mj_str(v[i]), bad);
	return arr;
}

static json_t *
mj_inputs(const struct analysis *an, int *bad)
{
	json_t			*arr = json_array(), *o;
	const struct input_info	*in;

	for (size_t i = 0; i < an->ninputs; i++) {
		in = &an->inputs[i];
		o = json_object();
		mj_set(o, "path", mj_str(in->path), bad);
		mj_set(o, "node", mj_str(in->node), bad);
		mj_set(o, "manifest", json_boolean(in->manifest), bad);
		mj_set(o, "integrity", mj_str(in->integrity), bad);
		mj_set(o, "notes", mj_strings(in->notes, in->nnotes, bad), bad);
		mj_push(arr, o, bad);
	}
	return arr;
}

/* The job's collective timeouts folded per rank (issue 18): present
 * only when the job has one. */
static json_t *
mj_collective(const struct collective_q *c, int *bad)
{
	json_t	*o = json_object(), *arr = json_array();

	mj_set(o, "timeouts", json_integer((json_int_t)c->timeouts), bad);
	if (c->flight_recorder_ranks > 0)	/* additive (issue 18) */
		mj_set(o, "flight_recorder_ranks",
		    json_integer((json_int_t)c->flight_recorder_ranks), bad);
	mj_set(o, "ranks_reported", json_integer((json_int_t)c->ranks), bad);
	mj_set(o, "world_size", mj_int(c->world), bad);
	mj_set(o, "seqnum", mj_int(c->seqnum), bad);
	mj_set(o, "optype", mj_str(c->optype), bad);
	mj_set(o, "numel_in", mj_int(c->numel_in), bad);
	mj_set(o, "timeout_ms", mj_int(c->timeout_ms), bad);
	mj_set(o, "summary", mj_str(c->summary), bad);
	for (size_t i = 0; i < c->nstalled; i++) {
		const struct stall_rank	*r = &c->stalled[i];
		json_t			*so = json_object();

		mj_set(so, "rank", json_integer(r->rank), bad);
		mj_set(so, "node", mj_str(r->node), bad);
		mj_set(so, "node_inferred", json_boolean(r->node_inferred),
		    bad);
		mj_set(so, "state", mj_str(r->state), bad);
		mj_set(so, "seqnum", mj_int(r->seqnum), bad);
		mj_set(so, "optype", mj_str(r->optype), bad);
		mj_set(so, "numel_in", mj_int(r->numel_in), bad);
		mj_set(so, "last_enqueued", mj_int(r->last_enqueued), bad);
		mj_set(so, "last_completed", mj_int(r->last_completed), bad);
		mj_set(so, "evidence", mj_evidence(r->evidence, bad), bad);
		mj_push(arr, so, bad);
	}
	mj_set(o, "stalled", arr, bad);
	mj_set(o, "more_stalled", json_integer((json_int_t)c->more_stalled),
	    bad);
	mj_set(o, "evidence", mj_evlist(&c->evidence, bad), bad);
	return o;
}

/* The timeline's folded groups: members by timeline index. */
static json_t *
mj_folds(const struct analysis *an, int *bad)
{
	json_t	*arr = json_array();

	for (size_t i = 0; i < an->nfolds; i++) {
		const struct fold_group	*f = &an->folds[i];
		json_t			*o = json_object(), *m = json_array();

		mj_set(o, "kind", mj_str(f->kind), bad);
		mj_set(o, "key", mj_str(f->key), bad);
		mj_set(o, "count", json_integer((json_int_t)f->n), bad);
		mj_set(o, "nodes", json_integer((json_int_t)f->nodes), bad);
		mj_set(o, "ranks", json_integer((json_int_t)f->ranks), bad);
		mj_set(o, "first", json_integer((json_int_t)f->members[0]),
		    bad);
		mj_set(o, "last", json_integer((json_int_t)
		    f->members[f->n - 1]), bad);
		for (size_t j = 0; j < f->n; j++)
			mj_push(m, json_integer((json_int_t)f->members[j]),
			    bad);
		mj_set(o, "members", m, bad);
		mj_push(arr, o, bad);
	}
	return arr;
}

static json_t *
mj_build(const struct analysis *an, int *bad)
{
	json_t	*root = json_object(), *tool = json_object();

	mj_set(root, "schema", json_string(ANALYSIS_SCHEMA), bad);
	mj_set(tool, "name", json_string("oomtrail"), bad);
	mj_set(tool, "version", mj_str(an->tool_version), bad);
	mj_set(root, "tool", tool, bad);
	mj_set(root, "verdict", mj_verdict(&an->verdict, bad), bad);
	mj_set(root, "secondary", mj_findings(an, bad), bad);
	mj_set(root, "ruled_out", mj_ruled_out(an, bad), bad);
	mj_set(root, "missing", mj_missing(an, bad), bad);
	mj_set(root, "quantities", mj_quantities(an, bad), bad);
	mj_set(root, "timeline", mj_evlist(&an->timeline, bad), bad);
	if (an->nfolds > 0)	/* additive (issue 19) */
		mj_set(root, "folded", mj_folds(an, bad), bad);
	if (an->collective != NULL)	/* additive (issue 18) */
		mj_set(root, "collective", mj_collective(an->collective, bad),
		    bad);
	mj_set(root, "inputs", mj_inputs(an, bad), bad);
	mj_set(root, "clock_skew", mj_strings(an->skew, an->nskew, bad), bad);
	mj_set(root, "damaged", json_boolean(an->damaged), bad);
	return root;
}

/*
 * Write an as one JSON object (two-space indent, fixed key order, a final
 * newline) to fp. Borrows both. ERR_NOMEM if building the tree failed,
 * ERR_IO if writing did.
 */
enum err_code
model_to_json(const struct analysis *an, FILE *fp, struct err *e)
{
	json_t		*root;
	int		 bad = 0;
	enum err_code	 rc = ERR_OK;

	root = mj_build(an, &bad);
	if (bad) {
		rc = ERR(e, ERR_NOMEM, "building the analysis JSON");
		goto out;
	}
	if (json_dumpf(root, fp, JSON_INDENT(2)) == -1 ||
	    fputc('\n', fp) == EOF || ferror(fp))
		rc = ERR_SYS(e, ERR_IO, "writing the analysis JSON");
out:
	json_decref(root);
	return rc;
}

/* ---- reading ---- */

static enum err_code
mj_bad(struct mj *m, const char *key, const char *want)
{
	return ERR(m->e, ERR_FORMAT, "%s%s%s: expected %s", m->where,
	    m->where[0] ? "." : "", key, want);
}

static enum err_code
mj_get_str(struct mj *m, json_t *o, const char *key, const char **out)
{
	json_t	*v = json_object_get(o, key);

	*out = NULL;
	if (v == NULL || json_is_null(v))
		return ERR_OK;
	if (!json_is_string(v))
		return mj_bad(m, key, "a string or null");
	if ((*out = arena_strndup(m->a, json_string_value(v),
	    json_string_length(v))) == NULL)
		return ERR(m->e, ERR_NOMEM, "%s.%s", m->where, key);
	return ERR_OK;
}

/* An integer in [lo, hi]; null or absent gives dflt. */
static enum err_code
mj_get_int(struct mj *m, json_t *o, const char *key, int64_t lo, int64_t hi,
    int64_t dflt, int64_t *out)
{
	json_t	*v = json_object_get(o, key);

	*out = dflt;
	if (v == NULL || json_is_null(v))
		return ERR_OK;
	if (!json_is_integer(v) || json_integer_value(v) < lo ||
	    json_integer_value(v) > hi)
		return mj_bad(m, key, "an integer in range or null");
	*out = (int64_t)json_integer_value(v);
	return ERR_OK;
}

static enum err_code
mj_get_bool(struct mj *m, json_t *o, const char *key, int *out)
{
	json_t	*v = json_object_get(o, key);

	*out = 0;
	if (v == NULL || json_is_null(v))
		return ERR_OK;
	if (!json_is_boolean(v))
		return mj_bad(m, key, "true or false");
	*out = json_is_true(v);
	return ERR_OK;
}

/* The array at key (absent or null: empty), its length, and an arena
 * vector of elsz bytes per element (NULL when empty). */
static enum err_code
mj_get_arr(struct mj *m, json_t *o, const char *key, size_t elsz,
    json_t **arr, void **vec, size_t *n)
{
	json_t	*v = json_object_get(o, key);

	*arr = NULL;
	*vec = NULL;
	*n = 0;
	if (v == NULL || json_is_null(v))
		return ERR_OK;
	if (!json_is_array(v))
		return mj_bad(m, key, "an array");
	*arr = v;
	if ((*n = json_array_size(v)) == 0)
		return ERR_OK;
	if ((*vec = arena_zalloc(m->a, *n * elsz)) == NULL)
		return ERR(m->e, ERR_NOMEM, "%s.%s", m->where, key);
	return ERR_OK;
}

static enum err_code
mj_where(struct mj *m, const char *key, json_t *v, size_t i, int indexed)
{
	if (indexed)
		snprintf(m->where, sizeof(m->where), "%s[%zu]", key, i);
	else
		snprintf(m->where, sizeof(m->where), "%s", key);
	if (!json_is_object(v))
		return ERR(m->e, ERR_FORMAT, "%s: expected an object",
		    m->where);
	return ERR_OK;
}

static enum err_code
mj_read_time(struct mj *m, json_t *o, struct evidence *ev)
{
	const char	*s;
	int		 tz;
	enum err_code	 rc;

	if ((rc = mj_get_str(m, o, "time", &s)) != ERR_OK || s == NULL)
		return rc;
	if (units_iso_time(str_cstr(s), &ev->time_ns, &tz) == -1 || !tz)
		return mj_bad(m, "time", "ISO 8601 UTC time or null");
	ev->has_time = 1;
	return ERR_OK;
}

/* The optional "xid" object of an evidence (issue 18). */
static enum err_code
mj_read_xid(struct mj *m, json_t *o, struct evidence *ev)
{
	json_t			*v = json_object_get(o, "xid");
	struct evidence_xid	*x;
	enum err_code		 rc;

	if (v == NULL || json_is_null(v))
		return ERR_OK;
	if (!json_is_object(v))
		return mj_bad(m, "xid", "an object or null");
	if ((x = arena_zalloc(m->a, sizeof(*x))) == NULL)
		return ERR(m->e, ERR_NOMEM, "%s.xid", m->where);
	if ((rc = mj_get_int(m, v, "code", 0, INT64_MAX, -1, &x->code)) ||
	    (rc = mj_get_str(m, v, "mnemonic", &x->mnemonic)) ||
	    (rc = mj_get_str(m, v, "component", &x->component)) ||
	    (rc = mj_get_str(m, v, "meaning", &x->meaning)) ||
	    (rc = mj_get_str(m, v, "action", &x->action)) ||
	    (rc = mj_get_str(m, v, "action_text", &x->action_text)) ||
	    (rc = mj_get_str(m, v, "catalog_immediate", &x->immediate)) ||
	    (rc = mj_get_str(m, v, "catalog_investigatory",
	    &x->investigate)))
		return rc;
	if (x->code < 0)	/* the schema requires it: no unknown code */
		return mj_bad(m, "xid.code", "an integer >= 0");
	ev->xid = x;
	return ERR_OK;
}

static enum err_code
mj_read_ev(struct mj *m, json_t *o, struct evidence *ev)
{
	int64_t		 line, rank, pid, cline;
	enum err_code	 rc;

	if ((rc = mj_get_str(m, o, "source", &ev->source)) ||
	    (rc = mj_get_int(m, o, "line", 1, UINT32_MAX, 0, &line)) ||
	    (rc = mj_get_str(m, o, "text", &ev->text)) ||
	    (rc = mj_read_time(m, o, ev)) ||
	    (rc = mj_get_str(m, o, "time_quality", &ev->time_quality)) ||
	    (rc = mj_get_str(m, o, "node", &ev->node)) ||
	    (rc = mj_get_int(m, o, "rank", 0, INT32_MAX, -1, &rank)) ||
	    (rc = mj_get_int(m, o, "pid", 0, INT64_MAX, -1, &pid)) ||
	    (rc = mj_get_str(m, o, "context", &ev->context)) ||
	    (rc = mj_get_int(m, o, "context_line", 1, UINT32_MAX, 0,
	    &cline)) ||
	    (rc = mj_get_str(m, o, "kind", &ev->kind)) ||
	    (rc = mj_get_str(m, o, "input", &ev->input)) ||
	    (rc = mj_get_bool(m, o, "out_of_order", &ev->out_of_order)) ||
	    (rc = mj_get_bool(m, o, "initiating", &ev->initiating)) ||
	    (rc = mj_get_bool(m, o, "cascade", &ev->cascade)) ||
	    (rc = mj_get_bool(m, o, "masked", &ev->masked)) ||
	    (rc = mj_read_xid(m, o, ev)))
		return rc;
	ev->line = (uint32_t)line;
	ev->rank = (int)rank;
	ev->pid = pid;
	ev->context_line = (uint32_t)cline;
	return ERR_OK;
}

static enum err_code
mj_read_evlist(struct mj *m, json_t *o, const char *key,
    struct evidence_list *l)
{
	json_t		*arr;
	void		*vec;
	char		 where[sizeof(m->where)];
	enum err_code	 rc;

	if ((rc = mj_get_arr(m, o, key, sizeof(*l->v), &arr, &vec, &l->n)))
		return rc;
	l->v = vec;
	memcpy(where, m->where, sizeof(where));
	for (size_t i = 0; i < l->n; i++) {
		snprintf(m->where, sizeof(m->where), "%.60s.%s[%zu]", where,
		    key, i);
		if (!json_is_object(json_array_get(arr, i)))
			return ERR(m->e, ERR_FORMAT, "%s: expected an object",
			    m->where);
		if ((rc = mj_read_ev(m, json_array_get(arr, i), &l->v[i])))
			return rc;
	}
	memcpy(m->where, where, sizeof(where));
	return ERR_OK;
}

static enum err_code
mj_read_filled_by(struct mj *m, json_t *o, struct verdict *v)
{
	json_t			*fb = json_object_get(o, "filled_by");
	struct filled_by	*f;
	enum err_code		 rc;

	if (fb == NULL || json_is_null(fb))
		return ERR_OK;
	if ((rc = mj_where(m, "verdict.filled_by", fb, 0, 0)))
		return rc;
	if ((f = arena_zalloc(m->a, sizeof(*f))) == NULL)
		return ERR(m->e, ERR_NOMEM, "verdict.filled_by");
	if ((rc = mj_get_str(m, fb, "part", &f->part)) ||
	    (rc = mj_get_int(m, fb, "share", 0, 100, 0, &f->share)) ||
	    (rc = mj_read_evlist(m, fb, "evidence", &f->evidence)))
		return rc;
	v->filled_by = f;
	snprintf(m->where, sizeof(m->where), "verdict");
	return ERR_OK;
}

/* failure_domain and retry_outlook: one of their words, or derived from
 * the verdict when a saved analysis predates them (outlook.c). */
static int
mj_one_of(const char *s, const char *const *words)
{
	for (; *words != NULL; words++)
		if (strcmp(s, *words) == 0)
			return 1;
	return 0;
}

static enum err_code
mj_read_outlook(struct mj *m, struct verdict *v)
{
	static const char *const domains[] = { "workload", "infrastructure",
	    "scheduler", "unknown", NULL };
	static const char *const outlooks[] = { "requeue",
	    "requeue_elsewhere", "change_then_requeue", "unknown", NULL };

	if (v->failure_domain != NULL &&
	    !mj_one_of(v->failure_domain, domains))
		return mj_bad(m, "failure_domain", "workload, infrastructure, "
		    "scheduler or unknown");
	if (v->retry_outlook != NULL && !mj_one_of(v->retry_outlook, outlooks))
		return mj_bad(m, "retry_outlook", "requeue, requeue_elsewhere, "
		    "change_then_requeue or unknown");
	if (v->failure_domain == NULL || v->retry_outlook == NULL) {
		struct verdict	 d = *v;

		verdict_outlook(&d);
		if (v->failure_domain == NULL)
			v->failure_domain = d.failure_domain;
		if (v->retry_outlook == NULL)
			v->retry_outlook = d.retry_outlook;
		if (v->outlook_reason == NULL)
			v->outlook_reason = d.outlook_reason;
	}
	return ERR_OK;
}

static enum err_code
mj_read_verdict(struct mj *m, json_t *root, struct verdict *v)
{
	json_t		*o = json_object_get(root, "verdict"), *ini;
	enum err_code	 rc;

	if (o == NULL || json_is_null(o))
		return mj_read_outlook(m, v);	/* written back as derived */
	if ((rc = mj_where(m, "verdict", o, 0, 0)) ||
	    (rc = mj_get_str(m, o, "cause", &v->cause)) ||
	    (rc = mj_get_str(m, o, "boundary", &v->boundary)) ||
	    (rc = mj_get_str(m, o, "confidence", &v->confidence)) ||
	    (rc = mj_get_str(m, o, "confidence_reason",
	    &v->confidence_reason)) ||
	    (rc = mj_get_str(m, o, "rule", &v->rule)) ||
	    (rc = mj_get_str(m, o, "summary", &v->summary)) ||
	    (rc = mj_get_str(m, o, "next_action", &v->next_action)) ||
	    (rc = mj_get_str(m, o, "failure_domain", &v->failure_domain)) ||
	    (rc = mj_get_str(m, o, "retry_outlook", &v->retry_outlook)) ||
	    (rc = mj_get_str(m, o, "outlook_reason", &v->outlook_reason)) ||
	    (rc = mj_read_filled_by(m, o, v)))
		return rc;
	ini = json_object_get(o, "initiating");
	if (ini == NULL || json_is_null(ini))
		return mj_read_outlook(m, v);
	if (!json_is_object(ini))
		return mj_bad(m, "initiating", "an evidence object or null");
	if ((v->initiating = arena_zalloc(m->a, sizeof(*v->initiating))) ==
	    NULL)
		return ERR(m->e, ERR_NOMEM, "verdict.initiating");
	snprintf(m->where, sizeof(m->where), "verdict.initiating");
	if ((rc = mj_read_ev(m, ini, v->initiating)) != ERR_OK)
		return rc;
	snprintf(m->where, sizeof(m->where), "verdict");
	return mj_read_outlook(m, v);
}

static enum err_code
mj_read_secondary(struct mj *m, json_t *root, struct analysis *an)
{
	json_t		*arr, *o;
	void		*vec;
	struct finding	*f;
	enum err_code	 rc;

	m->where[0] = '\0';
	if ((rc = mj_get_arr(m, root, "secondary", sizeof(*f), &arr, &vec,
	    &an->nsecondary)))
		return rc;
	an->secondary = vec;
	for (size_t i = 0; i < an->nsecondary; i++) {
		f = &an->secondary[i];
		o = json_array_get(arr, i);
		if ((rc = mj_where(m, "secondary", o, i, 1)) ||
		    (rc = mj_get_str(m, o, "cause", &f->cause)) ||
		    (rc = mj_get_str(m, o, "rule", &f->rule)) ||
		    (rc = mj_get_str(m, o, "summary", &f->summary)) ||
		    (rc = mj_read_evlist(m, o, "evidence", &f->evidence)))
			return rc;
	}
	return ERR_OK;
}

static enum err_code
mj_read_ruled_out(struct mj *m, json_t *root, struct analysis *an)
{
	json_t			*arr, *o;
	void			*vec;
	struct ruled_out	*r;
	enum err_code		 rc;

	m->where[0] = '\0';
	if ((rc = mj_get_arr(m, root, "ruled_out", sizeof(*r), &arr, &vec,
	    &an->nruled_out)))
		return rc;
	an->ruled_out = vec;
	for (size_t i = 0; i < an->nruled_out; i++) {
		r = &an->ruled_out[i];
		o = json_array_get(arr, i);
		if ((rc = mj_where(m, "ruled_out", o, i, 1)) ||
		    (rc = mj_get_str(m, o, "cause", &r->cause)) ||
		    (rc = mj_get_str(m, o, "why", &r->why)) ||
		    (rc = mj_read_evlist(m, o, "evidence", &r->evidence)))
			return rc;
	}
	return ERR_OK;
}

static enum err_code
mj_read_missing(struct mj *m, json_t *root, struct analysis *an)
{
	json_t		*arr, *o;
	void		*vec;
	enum err_code	 rc;

	m->where[0] = '\0';
	if ((rc = mj_get_arr(m, root, "missing", sizeof(*an->missing), &arr,
	    &vec, &an->nmissing)))
		return rc;
	an->missing = vec;
	for (size_t i = 0; i < an->nmissing; i++) {
		o = json_array_get(arr, i);
		if ((rc = mj_where(m, "missing", o, i, 1)) ||
		    (rc = mj_get_str(m, o, "evidence",
		    &an->missing[i].evidence)) ||
		    (rc = mj_get_str(m, o, "would_decide",
		    &an->missing[i].would_decide)))
			return rc;
	}
	return ERR_OK;
}

static enum err_code
mj_read_host(struct mj *m, json_t *o, struct host_q *h)
{
	enum err_code	 rc;

	if ((rc = mj_get_str(m, o, "step", &h->step)) ||
	    (rc = mj_get_str(m, o, "node", &h->node)) ||
	    (rc = mj_get_str(m, o, "state", &h->state)) ||
	    (rc = mj_get_str(m, o, "exit_code", &h->exit_code)) ||
	    (rc = mj_get_int(m, o, "req_mem_bytes", 0, INT64_MAX, -1,
	    &h->req_mem_bytes)) ||
	    (rc = mj_get_str(m, o, "req_mem_per", &h->req_mem_per)) ||
	    (rc = mj_get_int(m, o, "cgroup_limit_bytes", 0, INT64_MAX, -1,
	    &h->cgroup_limit_bytes)) ||
	    (rc = mj_get_int(m, o, "cgroup_peak_bytes", 0, INT64_MAX, -1,
	    &h->cgroup_peak_bytes)) ||
	    (rc = mj_get_int(m, o, "max_rss_bytes", 0, INT64_MAX, -1,
	    &h->max_rss_bytes)) ||
	    (rc = mj_get_int(m, o, "tasks", 0, INT64_MAX, -1, &h->tasks)) ||
	    (rc = mj_get_int(m, o, "oom_kills", 0, INT64_MAX, -1,
	    &h->oom_kills)))
		return rc;
	return mj_get_int(m, o, "node_mem_bytes", 0, INT64_MAX, -1,
	    &h->node_mem_bytes);
}

/* Device byte fields, in contract order: a table, not twelve branches. */
static const struct {
	const char	*key;
	size_t		 off;
} mj_dev_ints[] = {
	{ "capacity_bytes", offsetof(struct device_q, capacity_bytes) },
	{ "free_bytes", offsetof(struct device_q, free_bytes) },
	{ "allocated_bytes", offsetof(struct device_q, allocated_bytes) },
	{ "reserved_bytes", offsetof(struct device_q, reserved_bytes) },
	{ "requested_bytes", offsetof(struct device_q, requested_bytes) },
	{ "used_bytes", offsetof(struct device_q, used_bytes) },
	{ "process_bytes", offsetof(struct device_q, process_bytes) },
	{ "processes", offsetof(struct device_q, processes) },
	{ "nominal_bytes", offsetof(struct device_q, nominal_bytes) },
};

static enum err_code
mj_read_before(struct mj *m, json_t *o, struct alloc_snap_q *s)
{
	json_t		*arr = json_object_get(o, "before_oom"), *x;
	enum err_code	 rc;

	if (arr == NULL || json_is_null(arr))
		return ERR_OK;
	if (!json_is_array(arr) || json_array_size(arr) > SNAP_BEFORE)
		return mj_bad(m, "before_oom", "an array of at most 8");
	for (size_t i = 0; i < json_array_size(arr); i++) {
		x = json_array_get(arr, i);
		if (!json_is_object(x))
			return mj_bad(m, "before_oom", "objects");
		if ((rc = mj_get_str(m, x, "action", &s->before[i].action)) ||
		    (rc = mj_get_int(m, x, "size_bytes", 0, INT64_MAX, -1,
		    &s->before[i].size_bytes)))
			return rc;
		s->nbefore++;
	}
	return ERR_OK;
}

static enum err_code
mj_read_segmap(struct mj *m, json_t *o, struct alloc_snap_q *s)
{
	json_t		*arr = json_object_get(o, "segment_map"), *g, *bl, *x;
	enum err_code	 rc;

	if (arr == NULL || json_is_null(arr))
		return ERR_OK;
	if (!json_is_array(arr) || json_array_size(arr) > 4096)
		return mj_bad(m, "segment_map", "an array");
	if (json_array_size(arr) > 0 && (s->segment_map = arena_zalloc(m->a,
	    json_array_size(arr) * sizeof(*s->segment_map))) == NULL)
		return ERR(m->e, ERR_NOMEM, "%s", m->where);
	for (size_t i = 0; i < json_array_size(arr); i++) {
		struct snap_seg_q *q = &s->segment_map[i];

		g = json_array_get(arr, i);
		bl = json_object_get(g, "blocks");
		if (!json_is_object(g) || !json_is_array(bl) ||
		    json_array_size(bl) > 4096)
			return mj_bad(m, "segment_map", "segments with blocks");
		if ((rc = mj_get_int(m, g, "size_bytes", 0, INT64_MAX, -1,
		    &q->size_bytes)))
			return rc;
		if (json_array_size(bl) > 0 && (q->blocks = arena_zalloc(m->a,
		    json_array_size(bl) * sizeof(*q->blocks))) == NULL)
			return ERR(m->e, ERR_NOMEM, "%s", m->where);
		for (size_t j = 0; j < json_array_size(bl); j++) {
			x = json_array_get(bl, j);
			if (!json_is_object(x))
				return mj_bad(m, "segment_map", "block objects");
			if ((rc = mj_get_int(m, x, "size_bytes", 0, INT64_MAX,
			    -1, &q->blocks[j].size_bytes)) ||
			    (rc = mj_get_str(m, x, "state",
			    &q->blocks[j].state)))
				return rc;
		}
		q->nblocks = json_array_size(bl);
		s->nsegment_map++;
	}
	return ERR_OK;
}

/* quantities.device[].allocator_snapshot, when present. */
static enum err_code
mj_read_snapshot(struct mj *m, json_t *o, struct device_q *d)
{
	json_t			*v = json_object_get(o, "allocator_snapshot");
	json_t			*x;
	struct alloc_snap_q	*s;
	enum err_code		 rc;
	int64_t			*p;

	if (v == NULL || json_is_null(v))
		return ERR_OK;
	if (!json_is_object(v))
		return mj_bad(m, "allocator_snapshot", "an object or null");
	if ((s = arena_zalloc(m->a, sizeof(*s))) == NULL)
		return ERR(m->e, ERR_NOMEM, "%s", m->where);
	if ((rc = mj_get_str(m, v, "source", &s->source)))
		return rc;
	for (size_t i = 0; i < sizeof(mj_snap_ints) / sizeof(mj_snap_ints[0]);
	    i++) {
		p = (int64_t *)(void *)((char *)s + mj_snap_ints[i].off);
		if ((rc = mj_get_int(m, v, mj_snap_ints[i].key, 0, INT64_MAX,
		    -1, p)))
			return rc;
	}
	x = json_object_get(v, "expandable_segments");
	if (x != NULL && !json_is_null(x) && !json_is_boolean(x))
		return mj_bad(m, "expandable_segments", "true, false or null");
	s->expandable_segments = x == NULL || json_is_null(x) ? -1 :
	    json_is_true(x);
	x = json_object_get(v, "garbage_collection_threshold");
	s->gc_threshold_permille = -1;
	if (x != NULL && !json_is_null(x)) {
		if (!json_is_number(x) || json_number_value(x) < 0 ||
		    json_number_value(x) > 1e6)
			return mj_bad(m, "garbage_collection_threshold",
			    "a number or null");
		s->gc_threshold_permille =
		    (int64_t)(json_number_value(x) * 1000 + .5);
	}
	if ((rc = mj_read_before(m, v, s)) || (rc = mj_read_segmap(m, v, s)))
		return rc;
	d->snapshot = s;
	return ERR_OK;
}

static enum err_code
mj_read_device(struct mj *m, json_t *o, struct device_q *d)
{
	enum err_code	 rc;
	int64_t		*p;

	if ((rc = mj_get_str(m, o, "gpu", &d->gpu)) ||
	    (rc = mj_get_str(m, o, "uuid", &d->uuid)) ||
	    (rc = mj_get_str(m, o, "node", &d->node)) ||
	    (rc = mj_get_str(m, o, "product", &d->product)) ||
	    (rc = mj_get_str(m, o, "api", &d->api)))
		return rc;
	for (size_t i = 0; i < sizeof(mj_dev_ints) / sizeof(mj_dev_ints[0]);
	    i++) {
		p = (int64_t *)(void *)((char *)d + mj_dev_ints[i].off);
		if ((rc = mj_get_int(m, o, mj_dev_ints[i].key, 0, INT64_MAX,
		    -1, p)))
			return rc;
	}
	if ((rc = mj_read_snapshot(m, o, d)))
		return rc;
	if ((rc = mj_get_str(m, o, "step", &d->step)) || d->step == NULL)
		return rc;
	if ((rc = mj_get_int(m, o, "used_ave_bytes", 0, INT64_MAX, -1,
	    &d->used_ave_bytes)) ||
	    (rc = mj_get_int(m, o, "util_max_pct", 0, INT64_MAX, -1,
	    &d->util_max_pct)))
		return rc;
	return mj_get_int(m, o, "util_ave_pct", 0, INT64_MAX, -1,
	    &d->util_ave_pct);
}

static enum err_code
mj_read_usage(struct mj *m, json_t *o, struct usage_q *u)
{
	enum err_code	 rc;
	int64_t		*p;

	if ((rc = mj_get_str(m, o, "step", &u->step)) ||
	    (rc = mj_get_str(m, o, "node", &u->node)) ||
	    (rc = mj_get_str(m, o, "enforced_by", &u->enforced_by)) ||
	    (rc = mj_get_str(m, o, "summary", &u->summary)))
		return rc;
	for (size_t i = 0; i < sizeof(mj_usage_ints) /
	    sizeof(mj_usage_ints[0]); i++) {
		p = (int64_t *)(void *)((char *)u + mj_usage_ints[i].off);
		if ((rc = mj_get_int(m, o, mj_usage_ints[i].key, 0,
		    INT64_MAX, -1, p)))
			return rc;
	}
	return mj_read_evlist(m, o, "evidence", &u->evidence);
}

/* An ISO time or null into *ns / *has. */
static enum err_code
mj_read_ns(struct mj *m, json_t *o, const char *key, int64_t *ns, int *has)
{
	const char	*s;
	int		 tz;
	enum err_code	 rc;

	*has = 0;
	*ns = 0;
	if ((rc = mj_get_str(m, o, key, &s)) != ERR_OK || s == NULL)
		return rc;
	if (units_iso_time(str_cstr(s), ns, &tz) == -1 || !tz)
		return mj_bad(m, key, "ISO 8601 UTC time or null");
	*has = 1;
	return ERR_OK;
}

static enum err_code
mj_read_points(struct mj *m, json_t *o, struct series_q *q)
{
	json_t		*arr = json_object_get(o, "points"), *p, *t, *v;
	int		 tz;

	if (arr == NULL || json_is_null(arr))
		return ERR_OK;
	if (!json_is_array(arr))
		return mj_bad(m, "points", "an array");
	q->npoints = json_array_size(arr);
	q->t_ns = arena_alloc(m->a, (q->npoints + 1) * sizeof(*q->t_ns));
	q->v = arena_alloc(m->a, (q->npoints + 1) * sizeof(*q->v));
	if (q->t_ns == NULL || q->v == NULL)
		return ERR(m->e, ERR_NOMEM, "%s.points", m->where);
	for (size_t i = 0; i < q->npoints; i++) {
		p = json_array_get(arr, i);
		t = json_array_get(p, 0);
		v = json_array_get(p, 1);
		if (json_is_integer(t) && json_integer_value(t) >= 0 &&
		    json_integer_value(t) < INT64_MAX / 1000000000LL)
			q->t_ns[i] = json_integer_value(t) * 1000000000LL;
		else if (!json_is_string(t) || units_iso_time(str_cstr(
		    json_string_value(t)), &q->t_ns[i], &tz) == -1 || !tz)
			t = NULL;
		if (!json_is_array(p) || json_array_size(p) != 2 || t == NULL ||
		    !(json_is_null(v) || (json_is_integer(v) &&
		    json_integer_value(v) >= 0)))
			return mj_bad(m, "points", "[ISO time or step, bytes "
			    "or null] pairs");
		q->v[i] = json_is_null(v) ? -1 : json_integer_value(v);
	}
	return ERR_OK;
}

static enum err_code
mj_read_one_series(struct mj *m, json_t *o, struct series_q *q)
{
	enum err_code	 rc;

	if ((rc = mj_get_str(m, o, "name", &q->name)) ||
	    (rc = mj_get_str(m, o, "node", &q->node)) ||
	    (rc = mj_get_str(m, o, "source", &q->source)) ||
	    (rc = mj_get_str(m, o, "boundary", &q->boundary)) ||
	    (rc = mj_get_str(m, o, "shape", &q->shape)) ||
	    (rc = mj_get_int(m, o, "limit_bytes", 0, INT64_MAX, -1,
	    &q->limit_bytes)) ||
	    (rc = mj_get_str(m, o, "axis", &q->axis)) ||
	    (rc = mj_get_int(m, o, "growth_bytes_per_hour", INT64_MIN,
	    INT64_MAX, 0, &q->growth_per_h)) ||
	    (rc = mj_get_int(m, o, "growth_bytes_per_step", INT64_MIN,
	    INT64_MAX, 0, &q->growth_per_step)) ||
	    (rc = mj_get_int(m, o, "runway", 0, INT64_MAX, -1,
	    &q->runway_s)) ||
	    (rc = mj_read_ns(m, o, "step", &q->step_ns, &q->has_step)) ||
	    (rc = mj_read_ns(m, o, "failure", &q->fail_ns, &q->has_fail)) ||
	    (rc = mj_read_ns(m, o, "other_tenant", &q->tenant_ns,
	    &q->has_tenant)))
		return rc;
	return mj_read_points(m, o, q);
}

static enum err_code
mj_read_series(struct mj *m, json_t *q, struct analysis *an)
{
	json_t		*sa;
	void		*sv;
	enum err_code	 rc;

	if ((rc = mj_get_arr(m, q, "series", sizeof(*an->series), &sa, &sv,
	    &an->nseries)))
		return rc;
	an->series = sv;
	for (size_t i = 0; i < an->nseries; i++)
		if ((rc = mj_where(m, "quantities.series",
		    json_array_get(sa, i), i, 1)) ||
		    (rc = mj_read_one_series(m, json_array_get(sa, i),
		    &an->series[i])))
			return rc;
	return ERR_OK;
}

static enum err_code
mj_read_holder(struct mj *m, json_t *o, struct holder_q *h)
{
	json_t		*v = json_object_get(o, "victim");
	enum err_code	 rc;

	if ((rc = mj_get_int(m, o, "pid", 0, INT64_MAX, -1, &h->pid)) ||
	    (rc = mj_get_str(m, o, "name", &h->name)) ||
	    (rc = mj_get_int(m, o, "uid", 0, INT64_MAX, -1, &h->uid)) ||
	    (rc = mj_get_int(m, o, "rss_bytes", 0, INT64_MAX, -1,
	    &h->rss_bytes)) ||
	    (rc = mj_get_int(m, o, "swap_bytes", 0, INT64_MAX, -1,
	    &h->swap_bytes)) ||
	    (rc = mj_get_int(m, o, "anon_bytes", 0, INT64_MAX, -1,
	    &h->anon_bytes)) ||
	    (rc = mj_get_str(m, o, "step", &h->step)))
		return rc;
	if (v != NULL && !json_is_boolean(v))
		return mj_bad(m, "victim", "a boolean");
	h->victim = v != NULL && json_is_true(v);
	return ERR_OK;
}

static enum err_code
mj_read_one_breakdown(struct mj *m, json_t *o, struct breakdown_q *b)
{
	json_t		*p = json_object_get(o, "parts"), *ha;
	void		*hv;
	enum err_code	 rc;

	if ((rc = mj_get_str(m, o, "node", &b->node)) ||
	    (rc = mj_get_str(m, o, "cgroup", &b->cgroup)) ||
	    (rc = mj_get_str(m, o, "at", &b->at)) ||
	    (rc = mj_get_int(m, o, "limit_bytes", 0, INT64_MAX, -1,
	    &b->limit_bytes)) ||
	    (rc = mj_get_int(m, o, "usage_bytes", 0, INT64_MAX, -1,
	    &b->usage_bytes)) ||
	    (rc = mj_get_int(m, o, "tasks", 0, INT64_MAX, -1, &b->tasks)) ||
	    (rc = mj_get_int(m, o, "swap_bytes", 0, INT64_MAX, -1,
	    &b->swap_bytes)) ||
	    (rc = mj_read_evlist(m, o, "evidence", &b->evidence)))
		return rc;
	if (p != NULL && !json_is_null(p) && !json_is_object(p))
		return mj_bad(m, "parts", "an object");
	for (size_t i = 0; i < BD_PARTS; i++) {
		b->parts[i] = -1;
		if (p != NULL && json_is_object(p) && (rc = mj_get_int(m, p,
		    breakdown_part_names[i], 0, INT64_MAX, -1, &b->parts[i])))
			return rc;
	}
	b->tasks_anon_bytes = -1;
	if ((rc = mj_get_arr(m, o, "holders", sizeof(*b->holders), &ha, &hv,
	    &b->nholders)))
		return rc;
	b->holders = hv;
	for (size_t i = 0; i < b->nholders; i++) {
		json_t	*h = json_array_get(ha, i);

		if (!json_is_object(h))
			return mj_bad(m, "holders", "objects");
		if ((rc = mj_read_holder(m, h, &b->holders[i])))
			return rc;
	}
	return ERR_OK;
}

static enum err_code
mj_read_breakdowns(struct mj *m, json_t *q, struct analysis *an)
{
	json_t		*ba;
	void		*bv;
	enum err_code	 rc;

	if ((rc = mj_get_arr(m, q, "breakdown", sizeof(*an->breakdown), &ba,
	    &bv, &an->nbreakdown)))
		return rc;
	an->breakdown = bv;
	for (size_t i = 0; i < an->nbreakdown; i++)
		if ((rc = mj_where(m, "quantities.breakdown",
		    json_array_get(ba, i), i, 1)) ||
		    (rc = mj_read_one_breakdown(m, json_array_get(ba, i),
		    &an->breakdown[i])))
			return rc;
	return ERR_OK;
}

static enum err_code
mj_read_usages(struct mj *m, json_t *q, struct analysis *an)
{
	json_t		*ua;
	void		*uv;
	enum err_code	 rc;

	if ((rc = mj_get_arr(m, q, "usage", sizeof(*an->usage), &ua, &uv,
	    &an->nusage)))
		return rc;
	an->usage = uv;
	for (size_t i = 0; i < an->nusage; i++)
		if ((rc = mj_where(m, "quantities.usage",
		    json_array_get(ua, i), i, 1)) ||
		    (rc = mj_read_usage(m, json_array_get(ua, i),
		    &an->usage[i])))
			return rc;
	return ERR_OK;
}

/* The optional "collective" object (issue 18). */
static enum err_code
mj_read_collective(struct mj *m, json_t *root, struct analysis *an)
{
	json_t			*o = json_object_get(root, "collective"), *arr;
	struct collective_q	*c;
	void			*vec;
	int64_t			 more, rank;
	enum err_code		 rc;

	if (o == NULL || json_is_null(o))
		return ERR_OK;
	if ((rc = mj_where(m, "collective", o, 0, 0)))
		return rc;
	if ((c = arena_zalloc(m->a, sizeof(*c))) == NULL)
		return ERR(m->e, ERR_NOMEM, "collective");
	if ((rc = mj_get_int(m, o, "timeouts", 0, INT64_MAX, 0,
	    &c->timeouts)) ||
	    (rc = mj_get_int(m, o, "flight_recorder_ranks", 0, INT64_MAX, 0,
	    &c->flight_recorder_ranks)) ||
	    (rc = mj_get_int(m, o, "ranks_reported", 0, INT64_MAX, 0,
	    &c->ranks)) ||
	    (rc = mj_get_int(m, o, "world_size", 0, INT64_MAX, -1,
	    &c->world)) ||
	    (rc = mj_get_int(m, o, "seqnum", 0, INT64_MAX, -1, &c->seqnum)) ||
	    (rc = mj_get_str(m, o, "optype", &c->optype)) ||
	    (rc = mj_get_int(m, o, "numel_in", 0, INT64_MAX, -1,
	    &c->numel_in)) ||
	    (rc = mj_get_int(m, o, "timeout_ms", 0, INT64_MAX, -1,
	    &c->timeout_ms)) ||
	    (rc = mj_get_str(m, o, "summary", &c->summary)) ||
	    (rc = mj_get_int(m, o, "more_stalled", 0, INT32_MAX, 0, &more)) ||
	    (rc = mj_read_evlist(m, o, "evidence", &c->evidence)) ||
	    (rc = mj_get_arr(m, o, "stalled", sizeof(*c->stalled), &arr, &vec,
	    &c->nstalled)))
		return rc;
	c->more_stalled = (size_t)more;
	c->stalled = vec;
	for (size_t i = 0; i < c->nstalled; i++) {
		struct stall_rank	*r = &c->stalled[i];
		json_t			*so = json_array_get(arr, i), *ev;

		if ((rc = mj_where(m, "collective.stalled", so, i, 1)) ||
		    (rc = mj_get_int(m, so, "rank", 0, INT32_MAX, 0, &rank)) ||
		    (rc = mj_get_str(m, so, "node", &r->node)) ||
		    (rc = mj_get_bool(m, so, "node_inferred",
		    &r->node_inferred)) ||
		    (rc = mj_get_str(m, so, "state", &r->state)) ||
		    (rc = mj_get_int(m, so, "seqnum", 0, INT64_MAX, -1,
		    &r->seqnum)) ||
		    (rc = mj_get_str(m, so, "optype", &r->optype)) ||
		    (rc = mj_get_int(m, so, "numel_in", 0, INT64_MAX, -1,
		    &r->numel_in)) ||
		    (rc = mj_get_int(m, so, "last_enqueued", 0, INT64_MAX, -1,
		    &r->last_enqueued)) ||
		    (rc = mj_get_int(m, so, "last_completed", 0, INT64_MAX, -1,
		    &r->last_completed)))
			return rc;
		r->rank = (int)rank;
		if (r->state == NULL)
			return mj_bad(m, "state", "a string");
		ev = json_object_get(so, "evidence");
		if (ev != NULL && !json_is_null(ev)) {
			if ((r->evidence = arena_zalloc(m->a,
			    sizeof(*r->evidence))) == NULL)
				return ERR(m->e, ERR_NOMEM, "collective");
			if ((rc = mj_where(m, "collective.stalled.evidence", ev,
			    0, 0)) || (rc = mj_read_ev(m, ev, r->evidence)))
				return rc;
		}
	}
	an->collective = c;
	return ERR_OK;
}

static const struct {
	const char	*key;
	size_t		 off;
} mj_dcgm_ints[] = {
	{ "max_memory_bytes", offsetof(struct dcgm_q, max_memory_bytes) },
	{ "capacity_bytes", offsetof(struct dcgm_q, capacity_bytes) },
	{ "processes", offsetof(struct dcgm_q, processes) },
	{ "conflicting", offsetof(struct dcgm_q, conflicting) },
	{ "xid_errors", offsetof(struct dcgm_q, xid_errors) },
	{ "ecc_sbe", offsetof(struct dcgm_q, ecc_sbe) },
	{ "ecc_dbe", offsetof(struct dcgm_q, ecc_dbe) },
	{ "pcie_replays", offsetof(struct dcgm_q, pcie_replays) },
};

static enum err_code
mj_read_one_dcgm(struct mj *m, json_t *o, struct dcgm_q *q)
{
	enum err_code	 rc;
	int64_t		*p;

	if ((rc = mj_get_str(m, o, "gpu", &q->gpu)) ||
	    (rc = mj_get_str(m, o, "node", &q->node)) ||
	    (rc = mj_get_str(m, o, "job", &q->job)) ||
	    (rc = mj_get_str(m, o, "pids", &q->pids)) ||
	    (rc = mj_get_str(m, o, "health", &q->health)) ||
	    (rc = mj_read_evlist(m, o, "evidence", &q->evidence)))
		return rc;
	for (size_t i = 0; i < sizeof(mj_dcgm_ints) / sizeof(mj_dcgm_ints[0]);
	    i++) {
		p = (int64_t *)(void *)((char *)q + mj_dcgm_ints[i].off);
		if ((rc = mj_get_int(m, o, mj_dcgm_ints[i].key, 0, INT64_MAX,
		    -1, p)))
			return rc;
	}
	return ERR_OK;
}

static enum err_code
mj_read_dcgm(struct mj *m, json_t *q, struct analysis *an)
{
	json_t		*ga;
	void		*gv;
	enum err_code	 rc;

	if ((rc = mj_get_arr(m, q, "dcgm", sizeof(*an->dcgm), &ga, &gv,
	    &an->ndcgm)))
		return rc;
	an->dcgm = gv;
	for (size_t i = 0; i < an->ndcgm; i++)
		if ((rc = mj_where(m, "quantities.dcgm",
		    json_array_get(ga, i), i, 1)) ||
		    (rc = mj_read_one_dcgm(m, json_array_get(ga, i),
		    &an->dcgm[i])))
			return rc;
	return ERR_OK;
}

static enum err_code
mj_read_quantities(struct mj *m, json_t *root, struct analysis *an)
{
	json_t		*q = json_object_get(root, "quantities"), *ha, *da;
	void		*hv, *dv;
	enum err_code	 rc;

	if (q == NULL || json_is_null(q))
		return ERR_OK;
	if ((rc = mj_where(m, "quantities", q, 0, 0)) ||
	    (rc = mj_get_arr(m, q, "host", sizeof(*an->host), &ha, &hv,
	    &an->nhost)) ||
	    (rc = mj_get_arr(m, q, "device", sizeof(*an->device), &da, &dv,
	    &an->ndevice)) ||
	    (rc = mj_read_usages(m, q, an)) ||
	    (rc = mj_read_breakdowns(m, q, an)) ||
	    (rc = mj_read_dcgm(m, q, an)) ||
	    (rc = mj_read_series(m, q, an)))
		return rc;
	an->host = hv;
	an->device = dv;
	for (size_t i = 0; i < an->nhost; i++)
		if ((rc = mj_where(m, "quantities.host", json_array_get(ha, i),
		    i, 1)) ||
		    (rc = mj_read_host(m, json_array_get(ha, i), &an->host[i])))
			return rc;
	for (size_t i = 0; i < an->ndevice; i++)
		if ((rc = mj_where(m, "quantities.device",
		    json_array_get(da, i), i, 1)) ||
		    (rc = mj_read_device(m, json_array_get(da, i),
		    &an->device[i])))
			return rc;
	return ERR_OK;
}

static enum err_code
mj_read_strings(struct mj *m, json_t *o, const char *key, const char ***v,
    size_t *n)
{
	json_t		*arr, *s;
	void		*vec;
	enum err_code	 rc;

	if ((rc = mj_get_arr(m, o, key, sizeof(**v), &arr, &vec, n)))
		return rc;
	*v = vec;
	for (size_t i = 0; i < *n; i++) {
		s = json_array_get(arr, i);
		if (!json_is_string(s))
			return mj_bad(m, key, "an array of strings");
		if (((*v)[i] = arena_strndup(m->a, json_string_value(s),
		    json_string_length(s))) == NULL)
			return ERR(m->e, ERR_NOMEM, "%s", key);
	}
	return ERR_OK;
}

static enum err_code
mj_read_inputs(struct mj *m, json_t *root, struct analysis *an)
{
	json_t			*arr, *o;
	void			*vec;
	struct input_info	*in;
	enum err_code		 rc;

	m->where[0] = '\0';
	if ((rc = mj_get_arr(m, root, "inputs", sizeof(*in), &arr, &vec,
	    &an->ninputs)))
		return rc;
	an->inputs = vec;
	for (size_t i = 0; i < an->ninputs; i++) {
		in = &an->inputs[i];
		o = json_array_get(arr, i);
		if ((rc = mj_where(m, "inputs", o, i, 1)) ||
		    (rc = mj_get_str(m, o, "path", &in->path)) ||
		    (rc = mj_get_str(m, o, "node", &in->node)) ||
		    (rc = mj_get_bool(m, o, "manifest", &in->manifest)) ||
		    (rc = mj_get_str(m, o, "integrity", &in->integrity)) ||
		    (rc = mj_read_strings(m, o, "notes", &in->notes,
		    &in->nnotes)))
			return rc;
	}
	return ERR_OK;
}

static enum err_code
mj_read_root(struct mj *m, json_t *root, struct analysis *an)
{
	json_t		*schema = json_object_get(root, "schema");
	json_t		*tool = json_object_get(root, "tool");
	enum err_code	 rc;

	if (!json_is_string(schema) ||
	    strcmp(json_string_value(schema), ANALYSIS_SCHEMA) != 0)
		return ERR(m->e, ERR_FORMAT, "schema: expected \"%s\"",
		    ANALYSIS_SCHEMA);
	if (tool != NULL && !json_is_null(tool)) {
		if ((rc = mj_where(m, "tool", tool, 0, 0)) ||
		    (rc = mj_get_str(m, tool, "version", &an->tool_version)))
			return rc;
	}
	if ((rc = mj_read_verdict(m, root, &an->verdict)) ||
	    (rc = mj_read_secondary(m, root, an)) ||
	    (rc = mj_read_ruled_out(m, root, an)) ||
	    (rc = mj_read_missing(m, root, an)) ||
	    (rc = mj_read_quantities(m, root, an)))
		return rc;
	m->where[0] = '\0';
	if ((rc = mj_read_evlist(m, root, "timeline", &an->timeline)) ||
	    (rc = mj_read_collective(m, root, an)) ||
	    (rc = mj_read_inputs(m, root, an)))
		return rc;
	m->where[0] = '\0';
	if ((rc = mj_read_strings(m, root, "clock_skew", &an->skew,
	    &an->nskew)))
		return rc;
	return mj_get_bool(m, root, "damaged", &an->damaged);
}

/*
 * Read a saved analysis (len bytes of JSON at p; no NUL needed) into a new
 * analysis, *out, freed with analysis_free(). Borrows p. ERR_FORMAT (the
 * message names the key) when the JSON is malformed, has a wrong type or
 * is not schema oomtrail.analysis/1; ERR_LIMIT when absurdly large;
 * ERR_NOMEM. On error *out is NULL.
 */
enum err_code
model_from_json(const char *p, size_t len, struct analysis **out,
    struct err *e)
{
	struct mj	 m = { .e = e };
	struct analysis	*an;
	json_t		*root;
	json_error_t	 je;
	enum err_code	 rc;

	*out = NULL;
	if (len > MJ_MAX_INPUT)
		return ERR(e, ERR_LIMIT, "analysis JSON over %u bytes",
		    MJ_MAX_INPUT);
	root = json_loadb(p, len, JSON_REJECT_DUPLICATES, &je);
	if (root == NULL)
		return ERR(e, ERR_FORMAT, "JSON line %d column %d: %s",
		    je.line, je.column, je.text);
	if (!json_is_object(root)) {
		json_decref(root);
		return ERR(e, ERR_FORMAT, "top level: expected an object");
	}
	/* As analysis_run() does: the struct is malloc'd, the rest is in
	 * its arena; analysis_free() releases both. */
	if ((an = calloc(1, sizeof(*an))) == NULL ||
	    (m.a = arena_new(1 << 16)) == NULL) {
		json_decref(root);
		free(an);
		return ERR(e, ERR_NOMEM, "analysis");
	}
	an->arena = m.a;
	if ((rc = mj_read_root(&m, root, an)) != ERR_OK)
		analysis_free(an);
	else {
		analysis_mask(an);	/* a saved JSON may predate masking */
		/* "folded" is derived: made again from the timeline. */
		if (analysis_fold(an) == -1) {
			analysis_free(an);
			json_decref(root);
			return ERR(e, ERR_NOMEM, "folding the timeline");
		}
		*out = an;
	}
	json_decref(root);
	return rc;
}
