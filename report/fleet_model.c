/*
 * fleet_model: "oomtrail fleet report" (issue 19) from the stored
 * records (oomtrail.record/1), as one model (oomtrail.fleet/1, see
 * docs/fleet-json.md) rendered as JSON, Markdown or one self-contained
 * HTML file with inline SVG charts.
 *
 * The model: jobs and GPU-hours lost by cause, per week (Monday, UTC),
 * per partition and per GPU model, each ranked by GPU-hours lost; sick
 * hardware: GPUs (serial, else UUID, else node and index) and nodes that
 * faulted in two jobs or more (an Xid the catalog does not file under
 * the application, an uncorrectable ECC error, page retirement or row
 * remapping), each with its jobs, its evidence lines and the catalog's
 * action, and the nodes to drain first; host OOMs repeated by one user
 * and account with the same memory limit (only pseudonyms made with the
 * site key identify a user: a one-off key's do not match across bundles,
 * so those jobs count as unknown users); and the inconclusive verdicts
 * with the missing evidence they named, most often first.
 *
 * The renderers decide nothing; every string from a record is escaped.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "escape.h"
#include "fleet_model.h"
#include "report.h"
#include "xid_catalog.h"

#define FM_SICK_JOBS	2	/* jobs with faults that make hardware sick */
#define FM_RMA_JOBS	3	/* ... and that call for an RMA */
#define FM_EV_PER_JOB	3	/* evidence lines kept per job */
#define FM_EV_MAX	24	/* ... per GPU or node */
#define FM_JOBIDS_MAX	200	/* job ids listed per row */

struct fleet_acc {
	char	 since[11];
	int	 has_since;
	json_t	*causes, *weeks, *parts, *models;
	json_t	*gpus, *nodes, *hostoom, *missing;
	int64_t	 jobs, left_out, no_gh, inconclusive, host_oom, unknown_user;
	int64_t	 seq;
	double	 gh;
	int	 bad;
};


int64_t
fleet_gi(json_t *o, const char *k)
{
	json_t	*v = json_object_get(o, k);

	return json_is_integer(v) ? json_integer_value(v) : -1;
}

double
fleet_gd(json_t *o, const char *k)
{
	json_t	*v = json_object_get(o, k);

	return json_is_number(v) ? json_number_value(v) : 0;
}

const char *
fleet_gs(json_t *o, const char *k)
{
	return json_string_value(json_object_get(o, k));
}

static void
put(struct fleet_acc *a, json_t *o, const char *k, json_t *v)
{
	if (v == NULL || json_object_set_new(o, k, v) != 0)
		a->bad = 1;
}

static json_t *
sv(const char *s)
{
	return s != NULL ? json_string(s) : json_null();
}

int
fleet_since_parse(const char *s, char out[11])
{
	int	 y, m, d;
	char	 tail, tmp[48];

	if (s == NULL || strlen(s) < 10 || sscanf(s, "%4d-%2d-%2d%c", &y, &m,
	    &d, &tail) < 3 || y < 1970 || m < 1 || m > 12 || d < 1 || d > 31 ||
	    (s[10] != '\0' && s[10] != 'T' && s[10] != ' '))
		return -1;
	if (y > 9999)
		return -1;
	snprintf(tmp, sizeof(tmp), "%04d-%02d-%02d", y, m, d);
	memcpy(out, tmp, 10);
	out[10] = '\0';
	return 0;
}

struct fleet_acc *
fleet_acc_new(const char *since)
{
	struct fleet_acc *a;

	if ((a = calloc(1, sizeof(*a))) == NULL)
		return NULL;
	if (since != NULL) {
		snprintf(a->since, sizeof(a->since), "%s", since);
		a->has_since = 1;
	}
	a->causes = json_object();
	a->weeks = json_object();
	a->parts = json_object();
	a->models = json_object();
	a->gpus = json_object();
	a->nodes = json_object();
	a->hostoom = json_object();
	a->missing = json_object();
	if (!a->causes || !a->weeks || !a->parts || !a->models || !a->gpus ||
	    !a->nodes || !a->hostoom || !a->missing)
		a->bad = 1;
	return a;
}

/* Days since 1970-01-01 of a civil date (proleptic Gregorian); timegm()
 * is not POSIX. */
static int64_t
days_from_civil(int64_t y, int64_t m, int64_t d)
{
	int64_t	 era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* The Monday (UTC) of the week a record started in, or "" unknown. */
static void
week_of(const char *start, char out[11])
{
	struct tm	 tm;
	time_t		 t;
	int		 y, m, d;
	int64_t		 days;

	out[0] = '\0';
	if (start == NULL || sscanf(start, "%4d-%2d-%2d", &y, &m, &d) != 3 ||
	    y < 1970 || m < 1 || m > 12 || d < 1 || d > 31)
		return;
	days = days_from_civil(y, m, d);
	days -= (days + 3) % 7;		/* 1970-01-01 was a Thursday */
	t = (time_t)(days * 86400);
	if (gmtime_r(&t, &tm) != NULL)
		strftime(out, 11, "%Y-%m-%d", &tm);
}

/* A group's row (created on first use) gains one job. */
static json_t *
group_add(struct fleet_acc *a, json_t *map, const char *key,
    const char *name, const char *val, json_t *rec, int by_cause)
{
	json_t		*g = json_object_get(map, key), *c;
	const char	*cause = fleet_gs(rec, "cause");
	double		 h = fleet_gd(rec, "gpu_hours_lost");
	int		 has = json_is_number(json_object_get(rec,
			    "gpu_hours_lost"));

	if (g == NULL) {
		if ((g = json_object()) == NULL ||
		    json_object_set_new(map, key, g) != 0) {
			a->bad = 1;
			return NULL;
		}
		put(a, g, name, sv(val));
		put(a, g, "jobs", json_integer(0));
		put(a, g, "gpu_hours_lost", json_real(0));
		put(a, g, "jobs_without_gpu_hours", json_integer(0));
		if (by_cause)
			put(a, g, "causes", json_object());
	}
	put(a, g, "jobs", json_integer(fleet_gi(g, "jobs") + 1));
	put(a, g, "gpu_hours_lost", json_real(fleet_gd(g, "gpu_hours_lost") + h));
	if (!has)
		put(a, g, "jobs_without_gpu_hours", json_integer(fleet_gi(g,
		    "jobs_without_gpu_hours") + 1));
	if (by_cause && (c = json_object_get(g, "causes")) != NULL)
		(void)group_add(a, c, cause ? cause : "", "cause", cause, rec,
		    0);
	return g;
}

static int
hw_xid(int64_t code)
{
	const struct xid_info *x = xid_lookup(code);

	return x == NULL || x->component != XC_APPLICATION;
}

/* How urgent a catalog action is, for picking a GPU's worst. */
static int
action_rank(enum xid_action a)
{
	switch (a) {
	case XA_CONTACT_SUPPORT:	return 8;
	case XA_REBOOT_NODE:		return 7;
	case XA_RESTART_VM:		return 6;
	case XA_RESET_GPU:		return 5;
	case XA_UPDATE_FIRMWARE:	return 4;
	case XA_CHECK_POWER:		return 3;
	case XA_FOLLOW_OTHER:		return 2;
	case XA_RESTART_APP:		return 1;
	default:			return 0;
	}
}

static void
set_add(struct fleet_acc *a, json_t *o, const char *k, const char *v)
{
	json_t	*s = json_object_get(o, k);

	if (s == NULL) {
		put(a, o, k, json_object());
		s = json_object_get(o, k);
	}
	if (s != NULL && v != NULL)
		put(a, s, v, json_integer(fleet_gi(s, v) > 0 ? fleet_gi(s, v) + 1 : 1));
}

/* One faulting job on a GPU or node entry. */
static void
sick_add(struct fleet_acc *a, json_t *map, const char *key, json_t *rec,
    const char *job, json_t *hwxids)
{
	json_t		*e = json_object_get(map, key), *ev, *l, *x;
	const char	*node = fleet_gs(rec, "initiating_node");
	size_t		 i, nl = 0;

	if (e == NULL) {
		if ((e = json_object()) == NULL ||
		    json_object_set_new(map, key, e) != 0) {
			a->bad = 1;
			return;
		}
		put(a, e, "key", json_string(key));
		put(a, e, "gpu_serial", sv(fleet_gs(rec, "initiating_gpu_serial")));
		put(a, e, "gpu_uuid", sv(fleet_gs(rec, "initiating_gpu_uuid")));
		put(a, e, "gpu", sv(fleet_gs(rec, "initiating_gpu")));
		put(a, e, "node", sv(node));
		put(a, e, "ecc_errors", json_integer(0));
		put(a, e, "gpu_hours_lost", json_real(0));
		put(a, e, "evidence", json_array());
	}
	set_add(a, e, "job_set", job);
	set_add(a, e, "gpu_set", fleet_gs(rec, "initiating_gpu_serial") ?
	    fleet_gs(rec, "initiating_gpu_serial") : fleet_gs(rec, "initiating_gpu_uuid"));
	put(a, e, "ecc_errors", json_integer(fleet_gi(e, "ecc_errors") +
	    (fleet_gi(rec, "ecc_errors") > 0 ? fleet_gi(rec, "ecc_errors") : 0)));
	put(a, e, "gpu_hours_lost", json_real(fleet_gd(e, "gpu_hours_lost") +
	    fleet_gd(rec, "gpu_hours_lost")));
	json_array_foreach(hwxids, i, x) {
		char	 b[24];

		snprintf(b, sizeof(b), "%lld",
		    (long long)json_integer_value(x));
		set_add(a, e, "xid_set", b);
	}
	if (fleet_gi(rec, "ecc_errors") > 0)
		set_add(a, e, "kind_set", "ecc");
	if (json_array_size(hwxids) > 0)
		set_add(a, e, "kind_set", "xid");
	ev = json_object_get(e, "evidence");
	json_array_foreach(json_object_get(rec, "hardware_evidence"), i, l) {
		json_t	*o;

		if (fleet_gs(l, "kind") != NULL)
			set_add(a, e, "kind_set", fleet_gs(l, "kind"));
		if (nl >= FM_EV_PER_JOB || json_array_size(ev) >= FM_EV_MAX ||
		    (fleet_gs(l, "kind") != NULL && strcmp(fleet_gs(l, "kind"), "xid") ==
		    0 && !hw_xid(fleet_gi(l, "xid"))))
			continue;
		if ((o = json_object()) == NULL) {
			a->bad = 1;
			return;
		}
		put(a, o, "job", json_string(job));
		put(a, o, "node", sv(fleet_gs(l, "node")));
		put(a, o, "kind", sv(fleet_gs(l, "kind")));
		put(a, o, "source", sv(fleet_gs(l, "source")));
		put(a, o, "line", fleet_gi(l, "line") > 0 ? json_integer(fleet_gi(l,
		    "line")) : json_null());
		put(a, o, "text", sv(fleet_gs(l, "text")));
		if (json_array_append_new(ev, o) != 0)
			a->bad = 1;
		nl++;
	}
	if (fleet_gs(rec, "cause") != NULL && strcmp(fleet_gs(rec, "cause"),
	    "retired_pages") == 0)
		set_add(a, e, "kind_set", "retired_pages");
}

void
fleet_acc_add(struct fleet_acc *a, json_t *rec)
{
	const char	*start = fleet_gs(rec, "start"), *cause = fleet_gs(rec, "cause");
	const char	*user = fleet_gs(rec, "user"), *rk = fleet_gs(rec, "redaction_key");
	const char	*gpu, *node;
	json_t		*hwx, *x, *m;
	char		 wk[11], job[512], key[1024];
	size_t		 i;
	int		 fault;

	if (a == NULL || a->bad || !json_is_object(rec))
		return;
	if (a->has_since && (start == NULL || strncmp(start, a->since, 10) <
	    0)) {
		a->left_out++;
		return;
	}
	a->jobs++;
	a->seq++;
	if (fleet_gs(rec, "job_id") != NULL)
		snprintf(job, sizeof(job), "%s%s%s", fleet_gs(rec, "cluster") ?
		    fleet_gs(rec, "cluster") : "", fleet_gs(rec, "cluster") ? ":" : "",
		    fleet_gs(rec, "job_id"));
	else
		snprintf(job, sizeof(job), "(record %lld)", (long long)a->seq);
	if (json_is_number(json_object_get(rec, "gpu_hours_lost")))
		a->gh += fleet_gd(rec, "gpu_hours_lost");
	else
		a->no_gh++;
	snprintf(key, sizeof(key), "%s\x1f%s", cause ? cause : "",
	    fleet_gs(rec, "failure_domain") ? fleet_gs(rec, "failure_domain") : "");
	if ((m = group_add(a, a->causes, key, "cause", cause, rec, 0)) != NULL &&
	    json_object_get(m, "failure_domain") == NULL)
		put(a, m, "failure_domain", sv(fleet_gs(rec, "failure_domain")));
	week_of(start, wk);
	(void)group_add(a, a->weeks, wk, "week", wk[0] ? wk : NULL, rec, 1);
	(void)group_add(a, a->parts, fleet_gs(rec, "partition") ? fleet_gs(rec,
	    "partition") : "", "partition", fleet_gs(rec, "partition"), rec, 1);
	(void)group_add(a, a->models, fleet_gs(rec, "gpu_model") ? fleet_gs(rec,
	    "gpu_model") : "", "gpu_model", fleet_gs(rec, "gpu_model"), rec, 1);

	/* sick hardware */
	if ((hwx = json_array()) == NULL) {
		a->bad = 1;
		return;
	}
	json_array_foreach(json_object_get(rec, "xids"), i, x)
		if (json_is_integer(x) && hw_xid(json_integer_value(x)))
			(void)json_array_append(hwx, x);
	fault = json_array_size(hwx) > 0 || fleet_gi(rec, "ecc_errors") > 0 ||
	    (cause != NULL && strcmp(cause, "retired_pages") == 0);
	json_array_foreach(json_object_get(rec, "hardware_evidence"), i, x)
		if (fleet_gs(x, "kind") != NULL && (strcmp(fleet_gs(x, "kind"), "xid") != 0 ||
		    hw_xid(fleet_gi(x, "xid"))))
			fault = 1;
	node = fleet_gs(rec, "initiating_node");
	if (node == NULL && json_array_size(json_object_get(rec, "nodes")) == 1)
		node = json_string_value(json_array_get(json_object_get(rec,
		    "nodes"), 0));
	if (fault) {
		if ((gpu = fleet_gs(rec, "initiating_gpu_serial")) != NULL ||
		    (gpu = fleet_gs(rec, "initiating_gpu_uuid")) != NULL)
			sick_add(a, a->gpus, gpu, rec, job, hwx);
		else if (node != NULL && fleet_gs(rec, "initiating_gpu") != NULL) {
			snprintf(key, sizeof(key), "%s:%s", node,
			    fleet_gs(rec, "initiating_gpu"));
			sick_add(a, a->gpus, key, rec, job, hwx);
		}
		if (node != NULL) {
			sick_add(a, a->nodes, node, rec, job, hwx);
			put(a, json_object_get(a->nodes, node), "node",
			    json_string(node));
		}
	}
	json_decref(hwx);

	/* repeat host OOMs: a user known only under the site key */
	if (cause != NULL && (strcmp(cause, "host_oom") == 0 ||
	    (strcmp(cause, "memory_leak") == 0 && fleet_gs(rec, "boundary") &&
	    strcmp(fleet_gs(rec, "boundary"), "host") == 0))) {
		a->host_oom++;
		if (user == NULL || (rk != NULL && strcmp(rk, "site") != 0))
			a->unknown_user++;
		else {
			json_t	*h;

			snprintf(key, sizeof(key), "%s\x1f%s\x1f%lld", user,
			    fleet_gs(rec, "account") ? fleet_gs(rec, "account") : "",
			    (long long)fleet_gi(rec, "limit_bytes"));
			if ((h = json_object_get(a->hostoom, key)) == NULL) {
				h = json_object();
				if (h == NULL || json_object_set_new(a->hostoom,
				    key, h) != 0) {
					a->bad = 1;
					return;
				}
				put(a, h, "user", json_string(user));
				put(a, h, "account", sv(fleet_gs(rec, "account")));
				put(a, h, "limit_bytes", fleet_gi(rec, "limit_bytes")
				    >= 0 ? json_integer(fleet_gi(rec, "limit_bytes")) :
				    json_null());
				put(a, h, "jobs", json_integer(0));
				put(a, h, "gpu_hours_lost", json_real(0));
				put(a, h, "job_ids", json_array());
			}
			put(a, h, "jobs", json_integer(fleet_gi(h, "jobs") + 1));
			put(a, h, "gpu_hours_lost", json_real(fleet_gd(h,
			    "gpu_hours_lost") + fleet_gd(rec, "gpu_hours_lost")));
			if (json_array_size(json_object_get(h, "job_ids")) <
			    FM_JOBIDS_MAX)
				(void)json_array_append_new(json_object_get(h,
				    "job_ids"), json_string(job));
		}
	}

	/* inconclusive: the missing evidence each named, once per job */
	if (cause != NULL && strcmp(cause, "inconclusive") == 0) {
		json_t	*seen = json_object();

		a->inconclusive++;
		json_array_foreach(json_object_get(rec, "missing_evidence"), i,
		    x) {
			const char *s = json_string_value(x);

			if (s == NULL || seen == NULL || json_object_get(seen, s))
				continue;
			(void)json_object_set_new(seen, s, json_true());
			put(a, a->missing, s, json_integer(fleet_gi(a->missing, s) >
			    0 ? fleet_gi(a->missing, s) + 1 : 1));
		}
		json_decref(seen);
	}
}

/* Sorting the rows of a map. */
static int
by_hours(const void *pa, const void *pb)
{
	json_t	*a = *(json_t *const *)pa, *b = *(json_t *const *)pb;
	double	 x = fleet_gd(a, "gpu_hours_lost"), y = fleet_gd(b, "gpu_hours_lost");

	if (x != y)
		return x < y ? 1 : -1;
	if (fleet_gi(a, "jobs") != fleet_gi(b, "jobs"))
		return fleet_gi(a, "jobs") < fleet_gi(b, "jobs") ? 1 : -1;
	return strcmp(fleet_gs(a, "_k"), fleet_gs(b, "_k"));
}

static int
by_week(const void *pa, const void *pb)
{
	json_t	*a = *(json_t *const *)pa, *b = *(json_t *const *)pb;
	const char *x = fleet_gs(a, "_k"), *y = fleet_gs(b, "_k");

	if ((x[0] == '\0') != (y[0] == '\0'))	/* undated last */
		return x[0] == '\0' ? 1 : -1;
	return strcmp(x, y);
}

static int
by_jobs(const void *pa, const void *pb)
{
	json_t	*a = *(json_t *const *)pa, *b = *(json_t *const *)pb;

	if (fleet_gi(a, "jobs") != fleet_gi(b, "jobs"))
		return fleet_gi(a, "jobs") < fleet_gi(b, "jobs") ? 1 : -1;
	return by_hours(pa, pb);
}

static double
round3(double v)
{
	/* no libm: to 3 decimals by hand */
	return (double)(int64_t)(v * 1000.0 + (v >= 0 ? 0.5 : -0.5)) / 1000.0;
}

/* The map's rows as an array in order; each row's own maps too. */
static json_t *
rows(struct fleet_acc *a, json_t *map, int (*cmp)(const void *,
    const void *))
{
	json_t		**v, *out = json_array(), *o;
	const char	*k;
	size_t		 n = 0;

	if (out == NULL || (v = calloc(json_object_size(map) + 1,
	    sizeof(*v))) == NULL) {
		a->bad = 1;
		return out;
	}
	json_object_foreach(map, k, o) {
		put(a, o, "_k", json_string(k));
		if (json_object_get(o, "gpu_hours_lost") != NULL)
			put(a, o, "gpu_hours_lost", json_real(round3(fleet_gd(o,
			    "gpu_hours_lost"))));
		if (json_is_object(json_object_get(o, "causes")))
			put(a, o, "causes", rows(a, json_object_get(o,
			    "causes"), by_hours));
		v[n++] = o;
	}
	qsort(v, n, sizeof(*v), cmp);
	for (size_t i = 0; i < n; i++) {
		(void)json_object_del(v[i], "_k");
		if (json_array_append(out, v[i]) != 0)
			a->bad = 1;
	}
	free(v);
	return out;
}

static int
cmp_jstr(const void *pa, const void *pb)
{
	json_t	*a = *(json_t *const *)pa, *b = *(json_t *const *)pb;

	if (json_is_integer(a))
		return json_integer_value(a) < json_integer_value(b) ? -1 :
		    json_integer_value(a) > json_integer_value(b);
	return strcmp(json_string_value(a), json_string_value(b));
}

static void
fm_sort(json_t *arr)
{
	size_t	  n = json_array_size(arr);
	json_t	**v;

	if (n < 2 || (v = calloc(n, sizeof(*v))) == NULL)
		return;
	for (size_t i = 0; i < n; i++)
		v[i] = json_incref(json_array_get(arr, i));
	qsort(v, n, sizeof(*v), cmp_jstr);
	json_array_clear(arr);
	for (size_t i = 0; i < n; i++)
		(void)json_array_append_new(arr, v[i]);
	free(v);
}

/* A set (object of counts) as a sorted array of its keys. */
static json_t *
keys(json_t *set, int numeric)
{
	json_t		*out = json_array(), *v;
	const char	*k;

	json_object_foreach(set, k, v)
		(void)json_array_append_new(out, numeric ?
		    json_integer(strtoll(k, NULL, 10)) : json_string(k));
	fm_sort(out);
	return out;
}

/* The recommended action for a sick GPU or node: the most urgent the
 * Xid catalog gives for its Xids, memory faults at least a GPU reset
 * (retirements and remappings take effect then); repeated faults an RMA
 * case with the lines below. */
static void
recommend(struct fleet_acc *a, json_t *e, int is_node)
{
	const struct xid_info *worst = NULL, *x;
	json_t		*kinds = json_object_get(e, "kind_set"), *v;
	const char	*k;
	char		 buf[1024];
	int64_t		 jobs = fleet_gi(e, "jobs");
	enum xid_action	 act;
	int		 mem;

	json_object_foreach(json_object_get(e, "xid_set"), k, v)
		if ((x = xid_lookup(strtoll(k, NULL, 10))) != NULL &&
		    (worst == NULL || action_rank(x->action) >
		    action_rank(worst->action)))
			worst = x;
	mem = json_object_get(kinds, "ecc") != NULL || json_object_get(kinds,
	    "retired_pages") != NULL || json_object_get(kinds,
	    "row_remapping") != NULL;
	act = worst != NULL ? worst->action : XA_RESET_GPU;
	if (mem && action_rank(act) < action_rank(XA_RESET_GPU))
		act = XA_RESET_GPU;
	put(a, e, "action", json_string(xid_action_name(act)));
	snprintf(buf, sizeof(buf), "%s%s%s%s", xid_action_text(act),
	    mem ? "; memory faults (ECC, page retirement, row remapping) "
	    "take effect on a GPU reset" : "",
	    jobs >= FM_RMA_JOBS ? "; it faulted in several jobs: drain " : "",
	    jobs >= FM_RMA_JOBS ? (is_node ? "the node and check its GPUs "
	    "before it takes jobs again" : "its node and open an RMA case "
	    "with the evidence lines") : "");
	put(a, e, "recommendation", json_string(buf));
}

static json_t *
sick_rows(struct fleet_acc *a, json_t *map, int is_node, int64_t *nsick)
{
	json_t		*keep = json_object(), *e;
	const char	*k;

	*nsick = 0;
	json_object_foreach(map, k, e) {
		json_t	*jobs = keys(json_object_get(e, "job_set"), 0);

		put(a, e, "jobs", json_integer((json_int_t)json_array_size(
		    jobs)));
		if (json_array_size(jobs) < FM_SICK_JOBS) {
			json_decref(jobs);
			continue;
		}
		put(a, e, "job_ids", jobs);
		put(a, e, "xids", keys(json_object_get(e, "xid_set"), 1));
		put(a, e, "faults", keys(json_object_get(e, "kind_set"), 0));
		if (is_node)
			put(a, e, "gpus", keys(json_object_get(e, "gpu_set"),
			    0));
		recommend(a, e, is_node);
		(void)json_object_del(e, "job_set");
		(void)json_object_del(e, "xid_set");
		(void)json_object_del(e, "kind_set");
		(void)json_object_del(e, "gpu_set");
		if (is_node) {
			(void)json_object_del(e, "gpu_serial");
			(void)json_object_del(e, "gpu_uuid");
			(void)json_object_del(e, "gpu");
			(void)json_object_del(e, "key");
		}
		(void)json_object_set(keep, k, e);
		(*nsick)++;
	}
	e = rows(a, keep, by_jobs);
	json_decref(keep);
	return e;
}

json_t *
fleet_acc_finish(struct fleet_acc *a)
{
	json_t		*m, *g, *n, *d, *r, *e, *miss;
	const char	*k;
	size_t		 i;
	int64_t		 ng, nn;

	if (a == NULL)
		return NULL;
	m = json_object();
	if (m == NULL)
		a->bad = 1;
	put(a, m, "schema", json_string(FLEET_SCHEMA));
	put(a, m, "tool_version", json_string(OOMTRAIL_VERSION));
	put(a, m, "since", a->has_since ? json_string(a->since) : json_null());
	put(a, m, "jobs", json_integer(a->jobs));
	put(a, m, "jobs_left_out", json_integer(a->left_out));
	put(a, m, "gpu_hours_lost", json_real(round3(a->gh)));
	put(a, m, "jobs_without_gpu_hours", json_integer(a->no_gh));
	put(a, m, "causes", rows(a, a->causes, by_hours));
	put(a, m, "weeks", rows(a, a->weeks, by_week));
	put(a, m, "partitions", rows(a, a->parts, by_hours));
	put(a, m, "gpu_models", rows(a, a->models, by_hours));
	g = sick_rows(a, a->gpus, 0, &ng);
	n = sick_rows(a, a->nodes, 1, &nn);
	put(a, m, "sick_gpus", g);
	put(a, m, "sick_nodes", n);
	/* drain first: the sick nodes in their order (most faulting jobs,
	 * then GPU-hours lost), with the sick GPUs on each */
	if ((d = json_array()) == NULL)
		a->bad = 1;
	json_array_foreach(n, i, e) {
		json_t	*o = json_object(), *gl = json_array(), *x;
		size_t	 j;

		json_array_foreach(g, j, x)
			if (fleet_gs(x, "node") != NULL && strcmp(fleet_gs(x, "node"),
			    fleet_gs(e, "node")) == 0)
				(void)json_array_append_new(gl,
				    json_string(fleet_gs(x, "key")));
		put(a, o, "node", json_string(fleet_gs(e, "node")));
		put(a, o, "jobs", json_integer(fleet_gi(e, "jobs")));
		put(a, o, "sick_gpus", gl);
		put(a, o, "action", json_string(fleet_gs(e, "action")));
		if (json_array_append_new(d, o) != 0)
			a->bad = 1;
	}
	put(a, m, "drain_first", d);
	if ((r = json_object()) == NULL)
		a->bad = 1;
	put(a, r, "jobs", json_integer(a->host_oom));
	put(a, r, "unknown_user_jobs", json_integer(a->unknown_user));
	{
		json_t	*rep = json_object();

		json_object_foreach(a->hostoom, k, e)
			if (fleet_gi(e, "jobs") >= 2)
				(void)json_object_set(rep, k, e);
		put(a, r, "repeats", rows(a, rep, by_jobs));
		json_decref(rep);
	}
	put(a, m, "host_oom", r);
	if ((r = json_object()) == NULL || (miss = json_object()) == NULL)
		a->bad = 1;
	put(a, r, "jobs", json_integer(a->inconclusive));
	put(a, r, "share", json_real(a->jobs > 0 ? round3(
	    (double)a->inconclusive / (double)a->jobs) : 0));
	json_object_foreach(a->missing, k, e) {
		json_t	*o = json_object();

		put(a, o, "evidence", json_string(k));
		put(a, o, "jobs", json_integer(json_integer_value(e)));
		(void)json_object_set_new(miss, k, o);
	}
	put(a, r, "missing_evidence", rows(a, miss, by_jobs));
	json_decref(miss);
	put(a, m, "inconclusive", r);
	json_decref(a->causes);
	json_decref(a->weeks);
	json_decref(a->parts);
	json_decref(a->models);
	json_decref(a->gpus);
	json_decref(a->nodes);
	json_decref(a->hostoom);
	json_decref(a->missing);
	if (a->bad) {
		json_decref(m);
		m = NULL;
	}
	free(a);
	return m;
}
