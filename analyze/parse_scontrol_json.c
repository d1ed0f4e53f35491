/*
 * parse_scontrol_json: `scontrol show job --json` (Slurm >= 23.02; 22.05
 * refuses the option) into the EV_SCONTROL_JOB records that the text
 * form gives, one per jobs[] element, under the same stable names
 * (job_id, job_state, exit_code, min_memory_node_bytes, req_tres,
 * alloc_tres, std_out, ...), so that the rules read either form alike.
 * squeue --json lists jobs in the same layout and is read the same way.
 *
 * Differences from the text form: times are epoch seconds (TSQ_EXACT,
 * times_local 0); the per-node values of -d come from job_resources
 * (ncpu_ids is the last node's allocated CPU count, alloc_mem_bytes the
 * largest per-node allocation) and gres_detail (gres_idx); the CPU id
 * list itself (cpu_ids) and RunTime are not derived; raw text keys
 * ("JobState") do not exist. A record cites the line where its object
 * opens and its text is a summary ("scontrol --json: job 3 ...").
 * "errors" become EV_NOTE "scontrol.error"; malformed or oversized JSON
 * one EV_NOTE naming why.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "slurm_json.h"

#define MIB		(1024 * 1024)
#define SECS_MAX	9000000000LL	/* ns of it still fit an int64 */

/* Values the text form leaves out as "not set". */
static const char *const absent_words[] = {
	"(null)", "N/A", "n/a", "None", "Unknown", "UNLIMITED", "INVALID",
	"NONE", "Partition_Limit",
};

static int
absent(const char *s)
{
	for (size_t i = 0; i < sizeof(absent_words) / sizeof(*absent_words);
	    i++)
		if (strcmp(s, absent_words[i]) == 0)
			return 1;
	return 0;
}

/* A string field, skipping what the text form calls absent. */
static int
set_str(struct sj_ctx *c, struct event *ev, const char *name, json_t *j)
{
	const char	*s = sj_str(c, j);

	if (s == NULL || *s == '\0' || absent(s))
		return 0;
	return ev_set_strdup(ev, c->a, name, str_cstr(s));
}

/* An epoch time; 0 is Slurm's "not set". */
static int
set_time(struct sj_ctx *c, struct event *ev, const char *name, json_t *j)
{
	int64_t	v;

	if (sj_num(c, j, &v) == -1 || v <= 0 || v >= SECS_MAX)
		return 0;
	return ev_set_num(ev, c->a, name, v);
}

/* job_resources.nodes.allocation[]: the last node's CPU count (the text
 * form keeps the last -d node line) and the largest memory. */
static int
resources(struct sj_ctx *c, struct event *ev, json_t *jr)
{
	json_t	*alloc, *n;
	size_t	 i;
	int64_t	 v, mem = -1, cpus = -1;
	int	 r = 0;

	alloc = json_object_get(json_object_get(jr, "nodes"), "allocation");
	if (!json_is_array(alloc))
		return 0;
	json_array_foreach(alloc, i, n) {
		if (sj_num(c, json_object_get(json_object_get(n, "memory"),
		    "allocated"), &v) == 0 && v >= 0 && v < INT64_MAX / MIB &&
		    v * MIB > mem)
			mem = v * MIB;
		if (sj_num(c, json_object_get(json_object_get(n, "cpus"),
		    "count"), &v) == 0 && v >= 0)
			cpus = v;
	}
	if (mem >= 0)
		r |= ev_set_num(ev, c->a, "alloc_mem_bytes", mem);
	if (cpus > 0)
		r |= ev_set_num(ev, c->a, "ncpu_ids", cpus);
	return r;
}

/* gres_detail[]: one "gpu:a100:2(IDX:0-1)" per node; the last wins. */
static int
gres(struct sj_ctx *c, struct event *ev, json_t *list)
{
	const char	*s;
	size_t		 i;
	json_t		*g;
	int		 r = 0;

	/* Copied first: the field borrows its value, and the tree is
	 * freed after parsing. */
	json_array_foreach(list, i, g)
		if ((s = sj_str(c, g)) != NULL) {
			if ((s = arena_strdup(c->a, s)) == NULL)
				return -1;
			r |= scontrol_gres_idx(ev, c->a, "gres_idx",
			    "ngres_idx", str_cstr(s));
		}
	return r;
}

static int
fields(struct sj_ctx *c, struct event *ev, json_t *j)
{
	const char	*s;
	int		 r = 0;

	r |= sj_set_str(c, ev, "job_name", json_object_get(j, "name"));
	r |= sj_set_str(c, ev, "user", json_object_get(j, "user_name"));
	r |= sj_set_num(c, ev, "uid", json_object_get(j, "user_id"), 1);
	r |= sj_set_str(c, ev, "job_state", json_object_get(j, "job_state"));
	r |= set_str(c, ev, "reason", json_object_get(j, "state_reason"));
	r |= sj_exit(c, ev, json_object_get(j, "exit_code"), "exit_code",
	    "exit_signal");
	r |= sj_exit(c, ev, json_object_get(j, "derived_exit_code"),
	    "derived_exit_code", "derived_signal");
	r |= set_str(c, ev, "partition", json_object_get(j, "partition"));
	r |= set_str(c, ev, "qos", json_object_get(j, "qos"));
	r |= set_str(c, ev, "node_list", json_object_get(j, "nodes"));
	r |= set_str(c, ev, "batch_host", json_object_get(j, "batch_host"));
	r |= sj_set_num(c, ev, "num_nodes", json_object_get(j, "node_count"),
	    1);
	r |= sj_set_num(c, ev, "num_cpus", json_object_get(j, "cpus"), 1);
	r |= sj_set_num(c, ev, "num_tasks", json_object_get(j, "tasks"), 1);
	r |= sj_set_num(c, ev, "cpus_per_task", json_object_get(j,
	    "cpus_per_task"), 1);
	r |= resources(c, ev, json_object_get(j, "job_resources"));
	r |= gres(c, ev, json_object_get(j, "gres_detail"));
	r |= sj_set_num(c, ev, "min_memory_node_bytes", json_object_get(j,
	    "memory_per_node"), MIB);
	r |= sj_set_num(c, ev, "min_memory_cpu_bytes", json_object_get(j,
	    "memory_per_cpu"), MIB);
	if ((s = sj_str(c, json_object_get(j, "memory_per_tres"))) != NULL)
		r |= scontrol_mem_tres(ev, c->a, "mem_per_gpu_bytes",
		    str_cstr(s));
	r |= set_str(c, ev, "req_tres", json_object_get(j, "tres_req_str"));
	r |= set_str(c, ev, "alloc_tres", json_object_get(j,
	    "tres_alloc_str"));
	r |= set_str(c, ev, "tres_per_node", json_object_get(j,
	    "tres_per_node"));
	r |= set_str(c, ev, "tres_per_job", json_object_get(j,
	    "tres_per_job"));
	r |= set_str(c, ev, "std_out", json_object_get(j, "standard_output"));
	r |= set_str(c, ev, "std_err", json_object_get(j, "standard_error"));
	r |= set_str(c, ev, "std_in", json_object_get(j, "standard_input"));
	r |= set_str(c, ev, "work_dir", json_object_get(j,
	    "current_working_directory"));
	r |= set_str(c, ev, "command", json_object_get(j, "command"));
	r |= set_time(c, ev, "submit_s", json_object_get(j, "submit_time"));
	r |= set_time(c, ev, "start_s", json_object_get(j, "start_time"));
	r |= set_time(c, ev, "end_s", json_object_get(j, "end_time"));
	r |= sj_set_num(c, ev, "time_limit_s", json_object_get(j,
	    "time_limit"), 60);
	return r;
}

static int
job(struct sj_ctx *c, json_t *j)
{
	struct event	*ev;
	struct str	 st, host;
	const char	*jid, *txt;
	int64_t		 v, t;

	if (!json_is_object(j)) {
		c->bad++;
		return 0;
	}
	if ((ev = evlist_add(c->out, c->a, EV_SCONTROL_JOB)) == NULL)
		return -1;
	ev->sig = "scontrol.job";
	sj_ref(c, ev, 0);
	if (sj_num(c, json_object_get(j, "job_id"), &v) == 0)
		jid = arena_printf(c->a, "%lld", (long long)v);
	else
		jid = arena_strdup(c->a, "?");
	if (jid == NULL || ev_set_str(ev, c->a, "job_id",
	    str_cstr(jid)) == -1 || fields(c, ev, j) != 0 ||
	    scontrol_job_derive(ev, c->a) != 0 ||
	    ev_set_num(ev, c->a, "times_local", 0) == -1)
		return -1;
	st = ev_str(ev, "job_state");
	if ((!scontrol_live_state(st) && ev_num(ev, "end_s", &t) == 0) ||
	    ev_num(ev, "start_s", &t) == 0) {
		ev->ts_ns = t * 1000000000LL;
		ev->tsq = TSQ_EXACT;
	}
	if ((txt = arena_printf(c->a, "%s: job %s %.*s", c->what, jid,
	    (int)st.n, st.p ? st.p : "")) == NULL)
		return -1;
	ev->text = str_cstr(txt);
	host = ev_str(ev, "batch_host");
	if (host.p != NULL && host.n > 0 && host.n < 256 &&
	    (ev->node = arena_strndup(c->a, host.p, host.n)) == NULL)
		return -1;
	return 0;
}

static int
doc(struct sj_ctx *c, json_t *root)
{
	json_t	*jobs = json_object_get(root, "jobs"), *j;
	size_t	 i;
	char	 msg[96];

	if (sj_errors(c, json_object_get(root, "errors"), "scontrol.error") ==
	    -1)
		return -1;
	if (!json_is_array(jobs)) {
		snprintf(msg, sizeof(msg), "%s: no \"jobs\" array", c->what);
		return sj_note(c, "scontrol.json_shape", msg);
	}
	json_array_foreach(jobs, i, j)
		if (job(c, j) == -1)
			return -1;
	if (c->bad == 0)
		return 0;
	snprintf(msg, sizeof(msg), "%s: %zu values of an unexpected type "
	    "skipped", c->what, c->bad);
	return sj_note(c, "scontrol.json_types", msg);
}

/*
 * Parse scontrol (or squeue) --json output into EV_SCONTROL_JOB events
 * (see the top of this file). Strings are copied into a. Returns ERR_OK,
 * or ERR_NOMEM.
 */
enum err_code
parse_scontrol_json(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct sj_ctx	 c = { .in = in, .a = a, .out = out, .lno = 1,
			    .what = "scontrol --json" };
	json_error_t	 je;
	json_t		*root;
	char		 msg[256];
	int		 r;

	if (in->len > SJ_MAX_BYTES) {
		snprintf(msg, sizeof(msg), "scontrol --json: %zu bytes, over "
		    "the %u byte limit; not read", in->len, SJ_MAX_BYTES);
		return sj_note(&c, "scontrol.json_too_big", msg) == -1 ?
		    ERR(e, ERR_NOMEM, "%s", in->name) : ERR_OK;
	}
	c.nm = sj_skim(in->data, in->len, NULL, 0);
	if (c.nm > 0 && (c.m = arena_alloc(a, c.nm * sizeof(*c.m))) == NULL)
		return ERR(e, ERR_NOMEM, "%s", in->name);
	c.nm = sj_skim(in->data, in->len, c.m, c.nm);
	if ((root = json_loadb(in->data, in->len, 0, &je)) == NULL) {
		snprintf(msg, sizeof(msg), "scontrol --json: line %d: %s",
		    je.line, je.text);
		return sj_note(&c, "scontrol.json_error", msg) == -1 ?
		    ERR(e, ERR_NOMEM, "%s", in->name) : ERR_OK;
	}
	r = doc(&c, root);
	json_decref(root);
	return r == -1 ? ERR(e, ERR_NOMEM, "%s", in->name) : ERR_OK;
}
