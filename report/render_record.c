/*
 * render_record: the analysis as one flat line, "oomtrail.record/1"
 * (docs/record.schema.json), for fleet databases and search engines
 * (issue 19): the job, the verdict, its failure domain and retry
 * outlook, the initiating node/rank/GPU, the Xids and ECC errors seen,
 * the key quantities and the GPU-hours lost. Unknown is null. With
 * bulk set, an Elasticsearch/OpenSearch bulk "index" action line comes
 * first.
 */
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "report.h"

#define RECORD_XIDS_MAX	32
#define RECORD_HW_MAX	16	/* hardware evidence lines kept */
#define RECORD_HW_CP	400	/* bytes of one line kept */

static json_t *
rs(const char *s)
{
	return s != NULL ? json_string(s) : json_null();
}

static json_t *
ri(int64_t v)
{
	return v >= 0 ? json_integer(v) : json_null();
}

static json_t *
rtime(int64_t s)
{
	char		 buf[32];
	struct tm	 tm;
	time_t		 t = (time_t)s;

	if (s <= 0 || gmtime_r(&t, &tm) == NULL ||
	    strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		return json_null();
	return json_string(buf);
}

static void
rset(json_t *o, const char *k, json_t *v, int *bad)
{
	if (v == NULL || json_object_set_new(o, k, v) != 0)
		*bad = 1;
}

static int
has_str(json_t *arr, const char *s)
{
	size_t	 i;
	json_t	*v;

	json_array_foreach(arr, i, v)
		if (strcmp(json_string_value(v), s) == 0)
			return 1;
	return 0;
}

/* One line of hardware evidence: an Xid, an uncorrectable ECC error, or
 * the line a retired-pages verdict rests on (page retirement or row
 * remapping), with where it was seen; the fleet report's sick-hardware
 * view cites them. */
static int
hw_line(json_t *arr, const struct evidence *ev, const char *kind,
    const struct device_q *g)
{
	json_t	*o, *tv;
	char	 t[RECORD_HW_CP + 1];
	int	 bad = 0, n;

	if (json_array_size(arr) >= RECORD_HW_MAX)
		return 0;
	if ((o = json_object()) == NULL)
		return 1;
	n = snprintf(t, sizeof(t), "%s", ev->text != NULL ? ev->text : "");
	if (n > RECORD_HW_CP) {		/* cut before a character */
		n = RECORD_HW_CP;
		while (n > 0 && ((unsigned char)t[n] & 0xc0) == 0x80)
			n--;
		t[n] = '\0';
	}
	rset(o, "kind", json_string(kind), &bad);
	rset(o, "xid", ev->xid != NULL ? json_integer(ev->xid->code) :
	    json_null(), &bad);
	rset(o, "node", rs(ev->node), &bad);
	rset(o, "gpu_uuid", rs(g != NULL && g->node != NULL && ev->node !=
	    NULL && strcmp(g->node, ev->node) == 0 ? g->uuid : NULL), &bad);
	rset(o, "source", rs(ev->source), &bad);
	rset(o, "line", ev->line > 0 ? json_integer(ev->line) : json_null(),
	    &bad);
	tv = json_string(t);	/* NULL: not UTF-8 after all */
	rset(o, "text", tv != NULL ? tv : json_null(), &bad);
	if (bad || json_array_append_new(arr, o) != 0)
		return 1;
	return 0;
}

/* The GPU the verdict is about: one on the initiating node, else the
 * only one described. */
static const struct device_q *
record_gpu(const struct analysis *an)
{
	const struct evidence	*ini = an->verdict.initiating;
	const struct device_q	*only = NULL;
	size_t			 n = 0;

	for (size_t i = 0; i < an->ndevice; i++) {
		const struct device_q *d = &an->device[i];

		if (d->step != NULL)	/* Slurm's accounting row */
			continue;
		if (ini != NULL && ini->node != NULL && d->node != NULL &&
		    strcmp(ini->node, d->node) == 0)
			return d;
		only = d;
		n++;
	}
	return n == 1 ? only : NULL;
}

/* DCGM's job statistics summed over its per-GPU rows: the critical Xids
 * and double-bit ECC errors it counted, its worst health; the memory peak
 * of the verdict's GPU (g, same node), else the largest. */
struct dcgm_sum {
	int64_t		 rows, xid, dbe, peak;
	const char	*health;
};

static int
health_rank(const char *h)
{
	if (h == NULL)
		return 0;
	if (strcmp(h, "Healthy") == 0)
		return 1;
	if (strcmp(h, "Warning") == 0)
		return 2;
	return 3;	/* Failure, or anything DCGM printed that is not known */
}

static void
dcgm_sum(const struct analysis *an, const struct device_q *g,
    struct dcgm_sum *d)
{
	int64_t	gpeak = -1;

	memset(d, 0, sizeof(*d));
	d->peak = -1;
	for (size_t i = 0; i < an->ndcgm; i++) {
		const struct dcgm_q *q = &an->dcgm[i];

		if (q->gpu == NULL || strcmp(q->gpu, "summary") == 0)
			continue;
		d->rows++;
		d->xid += q->xid_errors > 0 ? q->xid_errors : 0;
		d->dbe += q->ecc_dbe > 0 ? q->ecc_dbe : 0;
		if (health_rank(q->health) > health_rank(d->health))
			d->health = q->health;
		if (q->max_memory_bytes > d->peak)
			d->peak = q->max_memory_bytes;
		if (g != NULL && g->gpu != NULL && strcmp(g->gpu, q->gpu) == 0 &&
		    (g->node == NULL || q->node == NULL ||
		    strcmp(g->node, q->node) == 0))
			gpeak = q->max_memory_bytes;
	}
	if (gpeak >= 0)
		d->peak = gpeak;
}

static json_t *
record_of(const struct analysis *an, int *bad)
{
	const struct job_q	*j = an->job;
	const struct verdict	*v = &an->verdict;
	const struct evidence	*ini = v->initiating;
	const struct device_q	*g = record_gpu(an);
	const struct host_q	*h = an->nhost > 0 ? &an->host[0] : NULL;
	const struct usage_q	*u = an->nusage > 0 ? &an->usage[0] : NULL;
	json_t			*o = json_object(), *xids = json_array();
	json_t			*hashes = json_array(), *nodes = json_array();
	json_t			*hw = json_array(), *miss = json_array();
	int64_t			 seen[RECORD_XIDS_MAX], ecc = 0, elapsed, gpus;
	size_t			 nseen = 0;
	const char		*model = NULL;
	struct dcgm_sum		 dc;

	if (o == NULL || xids == NULL || hashes == NULL || nodes == NULL ||
	    hw == NULL || miss == NULL) {
		*bad = 1;
		json_decref(xids);
		json_decref(hashes);
		json_decref(nodes);
		json_decref(hw);
		json_decref(miss);
		return o;
	}
	for (size_t i = 0; i < an->timeline.n; i++) {
		const struct evidence *ev = &an->timeline.v[i];
		size_t	 k;

		if (ev->kind != NULL && strcmp(ev->kind, "ecc_error") == 0) {
			ecc++;
			if (ev->xid == NULL && hw_line(hw, ev, "ecc", g) != 0)
				*bad = 1;
		}
		if (ev->xid == NULL)
			continue;
		if (hw_line(hw, ev, "xid", g) != 0)
			*bad = 1;
		for (k = 0; k < nseen && seen[k] != ev->xid->code; k++)
			;
		if (k == nseen && nseen < RECORD_XIDS_MAX) {
			seen[nseen++] = ev->xid->code;
			if (json_array_append_new(xids,
			    json_integer(ev->xid->code)) != 0)
				*bad = 1;
		}
	}
	for (size_t i = 0; i < an->ninputs; i++) {
		if (an->inputs[i].sha256 != NULL && json_array_append_new(
		    hashes, json_string(an->inputs[i].sha256)) != 0)
			*bad = 1;
		if (an->inputs[i].node != NULL && !has_str(nodes,
		    an->inputs[i].node) && json_array_append_new(nodes,
		    json_string(an->inputs[i].node)) != 0)
			*bad = 1;
	}
	if (v->cause != NULL && strcmp(v->cause, "retired_pages") == 0 &&
	    json_array_size(hw) == 0) {
		/* the GPU's own report (nvidia-smi) when cited, else the
		 * line the verdict starts from */
		const struct evidence *src = ini;

		for (size_t i = 0; i < an->timeline.n; i++)
			if (an->timeline.v[i].source != NULL &&
			    strstr(an->timeline.v[i].source, "nvidia-smi") !=
			    NULL) {
				src = &an->timeline.v[i];
				break;
			}
		if (src != NULL && hw_line(hw, src, src->text != NULL &&
		    strstr(src->text, "emap") != NULL ? "row_remapping" :
		    "retired_pages", g) != 0)
			*bad = 1;
	}
	for (size_t i = 0; i < an->nmissing; i++)
		if (an->missing[i].evidence != NULL && json_array_append_new(
		    miss, json_string(an->missing[i].evidence)) != 0)
			*bad = 1;
	for (size_t i = 0; i < an->ndevice && model == NULL; i++)
		model = an->device[i].product;
	elapsed = j != NULL ? j->elapsed_s : -1;
	gpus = j != NULL ? j->gpus : -1;
	rset(o, "schema", json_string(RECORD_SCHEMA), bad);
	rset(o, "tool_version", rs(an->tool_version), bad);
	rset(o, "cluster", rs(j ? j->cluster : NULL), bad);
	rset(o, "job_id", rs(j ? j->job_id : NULL), bad);
	rset(o, "array_job_id", rs(j ? j->array_job_id : NULL), bad);
	rset(o, "array_task_id", rs(j ? j->array_task_id : NULL), bad);
	rset(o, "het_job_id", json_null(), bad);
	rset(o, "het_job_offset", json_null(), bad);
	rset(o, "user", rs(j ? j->user : NULL), bad);
	rset(o, "account", json_null(), bad);
	rset(o, "redaction_key", rs(j ? j->redaction_key : NULL), bad);
	rset(o, "partition", rs(j ? j->partition : NULL), bad);
	rset(o, "node_list", rs(j ? j->node_list : NULL), bad);
	rset(o, "nodes", nodes, bad);
	rset(o, "gpu_model", rs(model), bad);
	rset(o, "start", rtime(j ? j->start_s : -1), bad);
	rset(o, "end", rtime(j ? j->end_s : -1), bad);
	rset(o, "elapsed_s", ri(elapsed), bad);
	rset(o, "state", rs(j ? j->state : NULL), bad);
	rset(o, "cause", rs(v->cause), bad);
	rset(o, "boundary", rs(v->boundary), bad);
	rset(o, "confidence", rs(v->confidence), bad);
	rset(o, "rule", rs(v->rule), bad);
	rset(o, "failure_domain", rs(v->failure_domain), bad);
	rset(o, "retry_outlook", rs(v->retry_outlook), bad);
	rset(o, "initiating_node", rs(ini ? ini->node : NULL), bad);
	rset(o, "initiating_rank", ini != NULL && ini->rank >= 0 ?
	    json_integer(ini->rank) : json_null(), bad);
	rset(o, "initiating_gpu", rs(g ? g->gpu : NULL), bad);
	rset(o, "initiating_gpu_uuid", rs(g ? g->uuid : NULL), bad);
	rset(o, "initiating_gpu_serial", rs(g ? g->serial : NULL), bad);
	rset(o, "xids", xids, bad);
	rset(o, "ecc_errors", json_integer(ecc), bad);
	rset(o, "hardware_evidence", hw, bad);
	rset(o, "limit_bytes", ri(u ? u->limit_bytes :
	    h ? h->cgroup_limit_bytes : -1), bad);
	rset(o, "peak_bytes", ri(u ? u->cgroup_peak_bytes :
	    h ? h->cgroup_peak_bytes : -1), bad);
	rset(o, "max_rss_bytes", ri(u ? u->max_rss_bytes :
	    h ? h->max_rss_bytes : -1), bad);
	rset(o, "gpu_reserved_bytes", ri(g ? g->reserved_bytes : -1), bad);
	rset(o, "gpu_allocated_bytes", ri(g ? g->allocated_bytes : -1), bad);
	rset(o, "gpu_capacity_bytes", ri(g ? g->capacity_bytes : -1), bad);
	rset(o, "gpus", ri(gpus), bad);
	rset(o, "gpu_hours_lost", elapsed >= 0 && gpus >= 0 ?
	    json_real((double)elapsed * (double)gpus / 3600.0) : json_null(),
	    bad);
	rset(o, "bundle_sha256", hashes, bad);
	rset(o, "damaged", json_boolean(an->damaged), bad);
	rset(o, "missing_evidence", miss, bad);
	dcgm_sum(an, g, &dc);
	rset(o, "dcgm_gpus", dc.rows > 0 ? json_integer(dc.rows) :
	    json_null(), bad);
	rset(o, "dcgm_max_memory_bytes", dc.rows > 0 ? ri(dc.peak) :
	    json_null(), bad);
	rset(o, "dcgm_xid_errors", dc.rows > 0 ? json_integer(dc.xid) :
	    json_null(), bad);
	rset(o, "dcgm_ecc_dbe", dc.rows > 0 ? json_integer(dc.dbe) :
	    json_null(), bad);
	rset(o, "dcgm_health", rs(dc.health), bad);
	return o;
}

enum err_code
report_record(const struct analysis *an, FILE *fp,
    const struct report_opts *ro, struct err *e)
{
	json_t	*rec, *act, *idx;
	int	 bad = 0, werr;

	if ((rec = record_of(an, &bad)) == NULL || bad) {
		json_decref(rec);
		return ERR(e, ERR_NOMEM, "record");
	}
	werr = 0;
	if (ro != NULL && ro->bulk) {
		/* The document's id: the job where it is known, so a second
		 * load of the same job replaces the first. */
		const struct job_q *j = an->job;
		char	 id[512];

		act = json_object();
		idx = json_object();
		bad |= act == NULL || idx == NULL;
		if (!bad) {
			rset(idx, "_index", json_string(ro->bulk_index != NULL ?
			    ro->bulk_index : "oomtrail-records"), &bad);
			if (j != NULL && j->job_id != NULL) {
				snprintf(id, sizeof(id), "%s:%s", j->cluster ?
				    j->cluster : "", j->job_id);
				rset(idx, "_id", json_string(id), &bad);
			}
			rset(act, "index", idx, &bad);
			idx = NULL;
		}
		json_decref(idx);
		if (bad || json_dumpf(act, fp, JSON_COMPACT) != 0 ||
		    fputc('\n', fp) == EOF)
			werr = 1;
		json_decref(act);
	}
	if (werr || json_dumpf(rec, fp, JSON_COMPACT | JSON_REAL_PRECISION(6))
	    != 0 || fputc('\n', fp) == EOF) {
		json_decref(rec);
		return ERR(e, ERR_IO, "writing the record");
	}
	json_decref(rec);
	return ERR_OK;
}
