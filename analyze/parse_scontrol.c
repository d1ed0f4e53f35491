/*
 * parse_scontrol: "scontrol show job|step|node|config" output.
 *
 * Records are Key=value pairs, multi-line (continuation lines indented,
 * records separated by empty lines; a line of only spaces, which 24.11's
 * show node prints before Reason=, does not end one) or one line each
 * (-o). A record is
 * named by its first key: JobId -> EV_SCONTROL_JOB, StepId ->
 * EV_SCONTROL_STEP, NodeName -> EV_SCONTROL_NODE; any other first key
 * (PartitionName=...) gives an EV_NOTE "scontrol.record". Every pair is
 * kept as a string field under its own key (names copied into the arena,
 * values borrowed from the input), and the keys the rules read also get
 * the stable names and numbers of the key_defs[] table. -d/-dd per-node
 * lines ("Nodes=vm CPU_IDs=0 Mem=100 GRES=") join their job; Mem= gives
 * alloc_mem_bytes (the largest, per node), CPU_IDs= cpu_ids and ncpu_ids,
 * GRES=gpu:a100:2(IDX:0-1) gres_idx and ngres_idx (the last node line's).
 * A job's gpus_requested comes from ReqTRES, the allocated TRES,
 * TresPerJob or TresPerNode times NumNodes, in that order.
 *
 * Values hold spaces and '=' (Command=, WorkDir=, StdOut= paths, node
 * Reason= with its "[user@time]"): a value runs until the next space that
 * is followed by a key ("Name="); the keys of rest_keys[] take the rest
 * of the line when they open a continuation line, as scontrol prints
 * them. In -o output a value holding " word=" is cut there.
 *
 * "scontrol show config" ("Key = value" lines, with its "Cgroup Support
 * Configuration:" section) gives one EV_SCONTROL_CONFIG citing line 1.
 * Errors ("slurm_load_jobs error: Invalid job id specified", "Job step 3.
 * not found") become EV_NOTE "scontrol.error".
 *
 * A record cites its first line (ref and text); its context is the whole
 * record, verbatim. Times are naive local (TSQ_RAW_LOCAL, times_local 1).
 * Output that opens with '{' is `scontrol show job --json`, read by
 * parse_scontrol_json.c into the same records. It does not expand node
 * ranges.
 */
#include <stdint.h>
#include <string.h>

#include "parse.h"
#include "slurm_json.h"
#include "units.h"

#define MAXKEYS	1024		/* per record; more are counted, not kept */
#define MIB	(1024 * 1024)
#define SECS_MAX	9000000000LL	/* ns of it still fit an int64 */

enum rec {
	R_JOB = 1,
	R_STEP = 2,
	R_NODE = 4,
	R_OTHER = 8
};

enum kconv {
	K_STR,
	K_COUNT,	/* leading integer: "1", "1-1" */
	K_MB,		/* size, bare number in MB */
	K_MB_MAX,	/* same, keep the largest */
	K_EXIT,		/* name, name2 */
	K_USER,		/* "ciuser(1001)" or "1001" -> name, name2 */
	K_TIME,
	K_DUR,
	K_STEPID,	/* "3.batch" -> step_id, job_id, step */
	K_MEMTRES,	/* "gres:gpu:10000" / "gres/gpu:10000" (MB) */
	K_CPULIST,	/* "0-3,8": the list and its count (name2) */
	K_GRESIDX	/* "gpu:a100:2(IDX:0-1)": the IDX list and count */
};

struct key_def {
	unsigned	 recs;
	const char	*key;
	const char	*name;
	const char	*name2;
	enum kconv	 conv;
};

static const struct key_def key_defs[] = {
	{ R_JOB, "JobId", "job_id", NULL, K_STR },
	{ R_JOB, "JobName", "job_name", NULL, K_STR },
	{ R_JOB | R_STEP, "UserId", "user", "uid", K_USER },
	{ R_JOB, "JobState", "job_state", NULL, K_STR },
	{ R_JOB | R_NODE, "Reason", "reason", NULL, K_STR },
	{ R_JOB, "ExitCode", "exit_code", "exit_signal", K_EXIT },
	{ R_JOB, "DerivedExitCode", "derived_exit_code", "derived_signal",
	    K_EXIT },
	{ R_JOB | R_STEP, "Partition", "partition", NULL, K_STR },
	{ R_JOB, "QOS", "qos", NULL, K_STR },
	{ R_JOB | R_STEP, "NodeList", "node_list", NULL, K_STR },
	{ R_JOB, "BatchHost", "batch_host", NULL, K_STR },
	{ R_JOB, "NumNodes", "num_nodes", NULL, K_COUNT },
	{ R_JOB, "NumCPUs", "num_cpus", NULL, K_COUNT },
	{ R_JOB, "NumTasks", "num_tasks", NULL, K_COUNT },
	{ R_JOB, "CPUs/Task", "cpus_per_task", NULL, K_COUNT },
	{ R_JOB, "CPU_IDs", "cpu_ids", "ncpu_ids", K_CPULIST },	/* -d */
	{ R_JOB, "GRES", "gres_idx", "ngres_idx", K_GRESIDX },	/* -d */
	{ R_JOB, "MinMemoryNode", "min_memory_node_bytes", NULL, K_MB },
	{ R_JOB, "MinMemoryCPU", "min_memory_cpu_bytes", NULL, K_MB },
	{ R_JOB, "MinMemoryTRES", "mem_per_gpu_bytes", NULL, K_MB },
	{ R_JOB, "MemPerTres", "mem_per_gpu_bytes", NULL, K_MEMTRES },
	{ R_JOB, "ReqTRES", "req_tres", NULL, K_STR },
	{ R_JOB | R_NODE, "AllocTRES", "alloc_tres", NULL, K_STR },
	{ R_JOB, "TRES", "alloc_tres", NULL, K_STR },	/* <=22.05 */
	{ R_JOB, "TresPerNode", "tres_per_node", NULL, K_STR },
	{ R_JOB, "TresPerJob", "tres_per_job", NULL, K_STR },
	{ R_JOB, "Mem", "alloc_mem_bytes", NULL, K_MB_MAX },	/* -d */
	{ R_JOB, "StdOut", "std_out", NULL, K_STR },
	{ R_JOB, "StdErr", "std_err", NULL, K_STR },
	{ R_JOB, "StdIn", "std_in", NULL, K_STR },
	{ R_JOB, "WorkDir", "work_dir", NULL, K_STR },
	{ R_JOB, "Command", "command", NULL, K_STR },
	{ R_JOB, "SubmitTime", "submit_s", NULL, K_TIME },
	{ R_JOB | R_STEP, "StartTime", "start_s", NULL, K_TIME },
	{ R_JOB, "EndTime", "end_s", NULL, K_TIME },
	{ R_JOB | R_STEP, "TimeLimit", "time_limit_s", NULL, K_DUR },
	{ R_JOB, "RunTime", "run_time_s", NULL, K_DUR },
	{ R_STEP, "StepId", "step_id", NULL, K_STEPID },
	{ R_STEP, "State", "state", NULL, K_STR },
	{ R_STEP, "Nodes", "nodes", NULL, K_COUNT },
	{ R_STEP, "Tasks", "tasks", NULL, K_COUNT },
	{ R_STEP, "TRES", "tres", NULL, K_STR },
	{ R_NODE, "NodeName", "node_name", NULL, K_STR },
	{ R_NODE, "RealMemory", "real_memory_bytes", NULL, K_MB },
	{ R_NODE, "AllocMem", "alloc_mem_bytes", NULL, K_MB },
	{ R_NODE, "FreeMem", "free_mem_bytes", NULL, K_MB },
	{ R_NODE, "CPUTot", "cpu_tot", NULL, K_COUNT },
	{ R_NODE, "CPUAlloc", "cpu_alloc", NULL, K_COUNT },
	{ R_NODE, "State", "state", NULL, K_STR },
	{ R_NODE, "CfgTRES", "cfg_tres", NULL, K_STR },
	{ R_NODE, "Gres", "gres", NULL, K_STR },
};

static const struct {
	const char	*key;
	enum rec	 rec;
	enum ev_kind	 kind;
	const char	*sig;
} rec_types[] = {
	{ "JobId", R_JOB, EV_SCONTROL_JOB, "scontrol.job" },
	{ "StepId", R_STEP, EV_SCONTROL_STEP, "scontrol.step" },
	{ "NodeName", R_NODE, EV_SCONTROL_NODE, "scontrol.node" },
};

/* Keys printed alone on their line, whose value may hold " x=y". */
static const char *const rest_keys[] = {
	"Command", "WorkDir", "StdOut", "StdErr", "StdIn", "Comment",
	"AdminComment", "SystemComment", "OS", "Reason", "SubmitLine",
};

/* scontrol's error lines; matched at the start of a line, except those
 * marked as found anywhere in it. */
static const struct {
	const char	*text;
	int		 anywhere;
} error_texts[] = {
	{ "slurm_load_", 0 }, { "scontrol: error: ", 0 },
	{ "scontrol: fatal: ", 0 }, { "Job step ", 0 },
	{ "No jobs in the system", 0 }, { "No nodes in the system", 0 },
	{ "Invalid job id specified", 0 }, { "Invalid node name", 0 },
	{ "Unable to contact slurm controller", 0 },
	{ "error: ", 0 }, { " does not exist on node", 1 },
};

static const char *const absent_words[] = {
	"", "(null)", "N/A", "n/a", "None", "Unknown", "UNLIMITED", "INVALID",
	"NONE", "Partition_Limit",
};

/* Job states whose EndTime is a forecast, not a fact. */
static const char *const live_states[] = {
	"PENDING", "RUNNING", "SUSPENDED", "CONFIGURING", "REQUEUED",
	"RESIZING",
};

struct ctx {
	const struct src	*in;
	struct arena		*a;
	struct evlist		*out;
	struct event		*ev;		/* open record, or NULL */
	unsigned		 rec;
	size_t			 nkeys, dropped;
	size_t			 end;		/* end offset of its last line */
};

static int
in_list(struct str v, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (str_eq(v, list[i]))
			return 1;
	return 0;
}

#define IN_LIST(v, l)	in_list((v), (l), sizeof(l) / sizeof(*(l)))

static int
key_char(char c, int first)
{
	if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))
		return 1;
	return !first && ((c >= '0' && c <= '9') || c == '_' || c == ':' ||
	    c == '/');
}

/* Length of the "Key" of a "Key=" at p, or 0 if none starts there. */
static size_t
key_at(const char *p, size_t n)
{
	size_t	i;

	if (n == 0 || !key_char(p[0], 1))
		return 0;
	for (i = 1; i < n && key_char(p[i], 0); i++)
		;
	return i < n && p[i] == '=' ? i : 0;
}

/* Split the next "Key=value" off *s. Returns 0 at the end of *s, 1 with
 * a pair, -1 for a word that is no pair (skipped). */
static int
next_pair(struct str *s, struct str *k, struct str *v, int rest_ok)
{
	size_t	i = 0, kn;

	while (i < s->n && s->p[i] == ' ')
		i++;
	*s = str_make(s->p + i, s->n - i);
	if (s->n == 0)
		return 0;
	if ((kn = key_at(s->p, s->n)) == 0) {
		for (i = 0; i < s->n && s->p[i] != ' '; i++)
			;
		*s = str_make(s->p + i, s->n - i);
		return -1;
	}
	*k = str_make(s->p, kn);
	if (rest_ok && IN_LIST(*k, rest_keys))
		i = s->n;
	else
		for (i = kn + 1; i < s->n; i++)
			if (s->p[i] == ' ' && key_at(s->p + i + 1,
			    s->n - i - 1) != 0)
				break;
	*v = str_make(s->p + kn + 1, i - kn - 1);
	/* Keep a trailing space inside the value out of it. */
	while (v->n > 0 && v->p[v->n - 1] == ' ')
		v->n--;
	*s = str_make(s->p + i, s->n - i);
	return 1;
}

static int
lead_count(struct str v, int64_t *out)
{
	size_t	i = 0;

	*out = 0;
	while (i < v.n && i < 18 && v.p[i] >= '0' && v.p[i] <= '9')
		*out = *out * 10 + (v.p[i++] - '0');
	return i == 0 || (i < v.n && v.p[i] >= '0' && v.p[i] <= '9') ? -1 : 0;
}

static int
mb_size(struct str v, int64_t *out)
{
	uint64_t	b;

	if (units_size(v, MIB, &b) == -1 || b > (uint64_t)INT64_MAX)
		return -1;
	*out = (int64_t)b;
	return 0;
}

static int
set_user(struct ctx *c, const struct key_def *d, struct str v)
{
	const char	*lp = memchr(v.p, '(', v.n);
	int64_t		 uid;

	if (lp == NULL)
		return str_to_i64(v, &uid) == 0 ?
		    ev_set_num(c->ev, c->a, d->name2, uid) : 0;
	if (ev_set_str(c->ev, c->a, d->name, str_make(v.p,
	    (size_t)(lp - v.p))) == -1)
		return -1;
	v = str_make(lp + 1, v.n - (size_t)(lp - v.p) - 1);
	if (v.n > 0 && v.p[v.n - 1] == ')' &&
	    str_to_i64(str_make(v.p, v.n - 1), &uid) == 0)
		return ev_set_num(c->ev, c->a, d->name2, uid);
	return 0;
}

static int
set_stepid(struct ctx *c, struct str v)
{
	const char	*dot = memchr(v.p, '.', v.n);
	size_t		 nj = dot ? (size_t)(dot - v.p) : v.n;

	if (ev_set_str(c->ev, c->a, "step_id", v) == -1 ||
	    ev_set_str(c->ev, c->a, "job_id", str_make(v.p, nj)) == -1)
		return -1;
	return ev_set_str(c->ev, c->a, "step", dot ? str_make(dot + 1,
	    v.n - nj - 1) : str_make(v.p + v.n, 0));
}

/* MemPerTres "gres:gpu:10000" / "gres/gpu:10000" (MB) as name. */
int
scontrol_mem_tres(struct event *ev, struct arena *a, const char *name,
    struct str v)
{
	size_t	i = v.n;
	int64_t	b;

	if (str_find(v, "gpu") == NULL)
		return 0;
	while (i > 0 && v.p[i - 1] != ':' && v.p[i - 1] != '=')
		i--;
	if (mb_size(str_make(v.p + i, v.n - i), &b) == -1)
		return 0;
	return ev_set_num(ev, a, name, b);
}

/* CPU_IDs of a -d per-node line; the last node line wins. */
static int
set_cpulist(struct ctx *c, const struct key_def *d, struct str v)
{
	uint64_t	n;

	if (ev_set_str(c->ev, c->a, d->name, v) == -1)
		return -1;
	return cpulist_count(v, &n) == -1 ? 0 :
	    ev_set_num(c->ev, c->a, d->name2, (int64_t)n);
}

/* "gpu:a100:2(IDX:0-1)", "gpu(IDX:0)": the GPU indexes bound, as name
 * (the list) and name2 (its count). */
int
scontrol_gres_idx(struct event *ev, struct arena *a, const char *name,
    const char *name2, struct str v)
{
	const char	*idx = str_find(v, "(IDX:"), *end;
	struct str	 l;
	uint64_t	 n;

	if (!str_starts(v, "gpu") || idx == NULL)
		return 0;
	idx += 5;
	if ((end = memchr(idx, ')', v.n - (size_t)(idx - v.p))) == NULL)
		return 0;
	l = str_make(idx, (size_t)(end - idx));
	if (ev_set_str(ev, a, name, l) == -1)
		return -1;
	return cpulist_count(l, &n) == -1 ? 0 :
	    ev_set_num(ev, a, name2, (int64_t)n);
}

/* The stable field(s) of one known key. -1 only on allocation failure. */
static int
set_known(struct ctx *c, const struct key_def *d, struct str v)
{
	int64_t	n, m;

	if (IN_LIST(v, absent_words))
		return 0;
	switch (d->conv) {
	case K_COUNT:
		return lead_count(v, &n) == -1 ? 0 :
		    ev_set_num(c->ev, c->a, d->name, n);
	case K_MB:
		return mb_size(v, &n) == -1 ? 0 :
		    ev_set_num(c->ev, c->a, d->name, n);
	case K_MB_MAX:
		if (mb_size(v, &n) == -1 ||
		    (ev_num(c->ev, d->name, &m) == 0 && m >= n))
			return 0;
		return ev_set_num(c->ev, c->a, d->name, n);
	case K_EXIT:
		if (slurm_exit(v, &n, &m) == -1)
			return 0;
		return ev_set_num(c->ev, c->a, d->name, n) |
		    ev_set_num(c->ev, c->a, d->name2, m);
	case K_USER:
		return set_user(c, d, v);
	case K_TIME:
		return slurm_time(v, &n) == -1 ? 0 :
		    ev_set_num(c->ev, c->a, d->name, n);
	case K_DUR:
		return slurm_duration(v, &n) == -1 ? 0 :
		    ev_set_num(c->ev, c->a, d->name, n);
	case K_STEPID:
		return set_stepid(c, v);
	case K_MEMTRES:
		return scontrol_mem_tres(c->ev, c->a, d->name, v);
	case K_CPULIST:
		return set_cpulist(c, d, v);
	case K_GRESIDX:
		return scontrol_gres_idx(c->ev, c->a, d->name, d->name2, v);
	case K_STR:
	default:
		return ev_set_str(c->ev, c->a, d->name, v);
	}
}

static int
add_pair(struct ctx *c, struct str k, struct str v)
{
	const char	*name;

	if (c->nkeys >= MAXKEYS) {
		c->dropped++;
		return 0;
	}
	c->nkeys++;
	if ((name = arena_strndup(c->a, k.p, k.n)) == NULL ||
	    ev_set_str(c->ev, c->a, name, v) == -1)
		return -1;
	for (size_t i = 0; i < sizeof(key_defs) / sizeof(*key_defs); i++)
		if ((key_defs[i].recs & c->rec) && str_eq(k, key_defs[i].key))
			return set_known(c, &key_defs[i], v);
	return 0;
}

static int
add_line(struct ctx *c, struct str line, int rest_ok)
{
	struct str	k, v;
	int		r;

	while ((r = next_pair(&line, &k, &v, rest_ok)) != 0) {
		rest_ok = 0;	/* only the first pair of a line */
		if (r == 1 && add_pair(c, k, v) == -1)
			return -1;
	}
	return 0;
}

/* GPUs of "gres:gpu:2", "gres/gpu:a100:2,gres/shard:1", "gres/gpu";
 * -1 when none is named. */
static int64_t
tres_per_gpus(struct str s)
{
	struct str	 item;
	const char	*comma, *colon;
	int64_t		 n, total = -1;

	while (s.n > 0) {
		comma = memchr(s.p, ',', s.n);
		item = str_make(s.p, comma ? (size_t)(comma - s.p) : s.n);
		s = comma ? str_make(comma + 1, s.n - item.n - 1) :
		    str_make(s.p + s.n, 0);
		if (!str_starts(item, "gres:gpu") &&
		    !str_starts(item, "gres/gpu"))
			continue;
		item = str_make(item.p + 8, item.n - 8);
		if (item.n > 0 && item.p[0] != ':' && item.p[0] != '=')
			continue;	/* gres/gpumem and the like */
		colon = item.n > 0 ? item.p + item.n : NULL;
		while (colon != NULL && colon > item.p && colon[-1] != ':' &&
		    colon[-1] != '=')
			colon--;
		n = 1;
		if (colon != NULL && (str_to_i64(str_make(colon, item.n -
		    (size_t)(colon - item.p)), &n) == -1 || n < 0 ||
		    n > 1000000))
			n = 1;	/* a type with no count: one */
		total = (total < 0 ? 0 : total) + n;
	}
	return total;
}

/* gpus_requested: ReqTRES, else the allocated TRES, else TresPerJob,
 * else TresPerNode times the nodes. */
static int
set_gpus_requested(struct event *ev, struct arena *a)
{
	int64_t		 mem, gpus, nodes, nn;

	slurm_tres(ev_str(ev, "req_tres"), &mem, &gpus, &nodes);
	if (gpus < 0)
		slurm_tres(ev_str(ev, "alloc_tres"), &mem, &gpus, &nodes);
	if (gpus < 0)
		gpus = tres_per_gpus(ev_str(ev, "tres_per_job"));
	if (gpus < 0 && (gpus = tres_per_gpus(ev_str(ev,
	    "tres_per_node"))) > 0 && ev_num(ev, "num_nodes", &nn) == 0 &&
	    nn > 0 && nn < 1000000)
		gpus *= nn;
	return gpus < 0 ? 0 : ev_set_num(ev, a, "gpus_requested", gpus);
}

/* A job record's derived numbers: tres_mem_bytes and tres_gpus of its
 * allocated (else requested) TRES, and gpus_requested. */
int
scontrol_job_derive(struct event *ev, struct arena *a)
{
	struct str	 tres = ev_str(ev, "alloc_tres");
	int64_t		 mem, gpus, nodes;
	int		 r = 0;

	if (tres.p == NULL)
		tres = ev_str(ev, "req_tres");
	slurm_tres(tres, &mem, &gpus, &nodes);
	if (mem >= 0)
		r |= ev_set_num(ev, a, "tres_mem_bytes", mem);
	if (gpus >= 0)
		r |= ev_set_num(ev, a, "tres_gpus", gpus);
	return r | set_gpus_requested(ev, a);
}

/* Job states whose EndTime is a forecast, not a fact. */
int
scontrol_live_state(struct str state)
{
	return IN_LIST(state, live_states);
}

static int
finish_job(struct ctx *c)
{
	struct event	*ev = c->ev;
	int64_t		 t;
	int		 r;

	r = scontrol_job_derive(ev, c->a);
	if (!scontrol_live_state(ev_str(ev, "job_state")) &&
	    ev_num(ev, "end_s", &t) == 0 && t > -SECS_MAX && t < SECS_MAX) {
		ev->ts_ns = t * 1000000000LL;
		ev->tsq = TSQ_RAW_LOCAL;
	}
	return r;
}

static int
finish_record(struct ctx *c)
{
	struct event	*ev = c->ev;
	struct str	 s;
	int64_t		 mem, gpus, nodes, t;
	int		 r = 0;

	if (ev == NULL)
		return 0;
	ev->context = str_make(c->in->data + ev->ref.off, c->end -
	    ev->ref.off);
	ev->context_line = ev->ref.line;
	if (c->dropped > 0)
		r |= ev_set_num(ev, c->a, "keys_dropped", (int64_t)c->dropped);
	if (c->rec == R_JOB)
		r |= finish_job(c);
	if (c->rec == R_STEP) {
		slurm_tres(ev_str(ev, "tres"), &mem, &gpus, &nodes);
		if (mem >= 0)
			r |= ev_set_num(ev, c->a, "tres_mem_bytes", mem);
	}
	if (ev->tsq == TSQ_NONE && ev_num(ev, "start_s", &t) == 0 &&
	    t > -SECS_MAX && t < SECS_MAX) {
		ev->ts_ns = t * 1000000000LL;
		ev->tsq = TSQ_RAW_LOCAL;
	}
	if (c->rec & (R_JOB | R_STEP))
		r |= ev_set_num(ev, c->a, "times_local", 1);
	s = ev_str(ev, c->rec == R_NODE ? "node_name" : "batch_host");
	if (s.p != NULL && s.n > 0 && s.n < 256 &&
	    (ev->node = arena_strndup(c->a, s.p, s.n)) == NULL)
		r = -1;
	c->ev = NULL;
	return r ? -1 : 0;
}

static struct event *
add_event(struct ctx *c, enum ev_kind kind, const char *sig,
    const struct scan *sc, struct str line)
{
	struct event	*ev;

	if ((ev = evlist_add(c->out, c->a, kind)) == NULL)
		return NULL;
	ev->sig = sig;
	ev->ref.file_id = c->in->file_id;
	ev->ref.line = (uint32_t)sc->lineno;
	ev->ref.off = sc->line_off;
	ev->ref.len = line.n > UINT32_MAX ? UINT32_MAX : (uint32_t)line.n;
	ev->text = str_make(line.p, ev->ref.len);
	return ev;
}

/* Open a record on a line that starts with a pair. */
static int
open_record(struct ctx *c, const struct scan *sc, struct str line,
    struct str key)
{
	enum ev_kind	 kind = EV_NOTE;
	const char	*sig = "scontrol.record";
	size_t		 i;

	c->rec = R_OTHER;
	for (i = 0; i < sizeof(rec_types) / sizeof(*rec_types); i++)
		if (str_eq(key, rec_types[i].key)) {
			c->rec = rec_types[i].rec;
			kind = rec_types[i].kind;
			sig = rec_types[i].sig;
		}
	if ((c->ev = add_event(c, kind, sig, sc, line)) == NULL)
		return -1;
	c->nkeys = c->dropped = 0;
	c->end = sc->line_off + line.n;
	return add_line(c, line, 0);
}

static int
is_error(struct str line)
{
	for (size_t i = 0; i < sizeof(error_texts) / sizeof(*error_texts);
	    i++)
		if (error_texts[i].anywhere ? str_find(line,
		    error_texts[i].text) != NULL : str_starts(line,
		    error_texts[i].text))
			return 1;
	return 0;
}

static int
note_line(struct ctx *c, const struct scan *sc, struct str line,
    enum ev_kind kind, const char *sig)
{
	struct event	*ev;

	if ((ev = add_event(c, kind, sig, sc, line)) == NULL)
		return -1;
	if (kind == EV_NOTE)
		return ev_set_str(ev, c->a, "message", line);
	return 0;
}

static int
record_line(struct ctx *c, const struct scan *sc, struct str line)
{
	struct str	rest = line, k, v;

	/* An empty line ends the record; one of only spaces does not:
	 * 24.11's show node prints "   " before the Reason= line. */
	if (line.n == 0 || (line.n == 1 && line.p[0] == '\r'))
		return finish_record(c);
	if (str_trim(line).n == 0)
		return 0;
	if (line.p[0] == ' ' || line.p[0] == '\t') {
		if (c->ev == NULL)
			return note_line(c, sc, line, EV_UNPARSED,
			    "scontrol.unparsed");
		c->end = sc->line_off + line.n;
		return add_line(c, line, 1);
	}
	if (finish_record(c) == -1)
		return -1;
	if (is_error(line))
		return note_line(c, sc, line, EV_NOTE, "scontrol.error");
	if (next_pair(&rest, &k, &v, 0) != 1)
		return note_line(c, sc, line, EV_UNPARSED, "scontrol.unparsed");
	return open_record(c, sc, line, k);
}

/* ---- scontrol show config ---- */

static int
config_line(struct ctx *c, struct str line)
{
	const char	*eq = str_find(line, " = ");
	struct str	 k, v;
	const char	*name;
	int64_t		 t;

	if (str_starts(line, "Configuration data as of "))
		return slurm_time(str_make(line.p + 25, line.n - 25), &t) ==
		    -1 ? 0 : ev_set_num(c->ev, c->a, "as_of_s", t);
	if (eq == NULL)
		return 0;	/* section titles, "Slurmctld(primary) ..." */
	k = str_trim(str_make(line.p, (size_t)(eq - line.p)));
	v = str_trim(str_make(eq + 3, line.n - (size_t)(eq - line.p) - 3));
	if (k.n == 0 || key_at(k.p, k.n) != 0 || c->nkeys >= MAXKEYS)
		return 0;
	c->nkeys++;
	if ((name = arena_strndup(c->a, k.p, k.n)) == NULL)
		return -1;
	return ev_set_str(c->ev, c->a, name, v);
}

static int
is_config(const char *p, size_t n)
{
	struct scan	sc;
	struct str	line;
	const char	*eq;

	scan_init(&sc, p, n);
	while (scan_line(&sc, &line)) {
		if (str_trim(line).n == 0)
			continue;
		if (str_starts(line, "Configuration data as of "))
			return 1;
		eq = str_find(line, " = ");
		return eq != NULL && eq > line.p && key_char(line.p[0], 1) &&
		    memchr(line.p, '=', (size_t)(eq - line.p)) == NULL;
	}
	return 0;
}

static enum err_code
parse_config(struct ctx *c, struct err *e)
{
	struct scan	sc;
	struct str	line;

	scan_init(&sc, c->in->data, c->in->len);
	if (!scan_line(&sc, &line) || (c->ev = add_event(c,
	    EV_SCONTROL_CONFIG, "scontrol.config", &sc, line)) == NULL)
		return ERR(e, ERR_NOMEM, "%s", c->in->name);
	do {
		if (is_error(line) && !str_find(line, " = ")) {
			if (note_line(c, &sc, line, EV_NOTE,
			    "scontrol.error") == -1)
				return ERR(e, ERR_NOMEM, "%s", c->in->name);
		} else if (config_line(c, line) == -1)
			return ERR(e, ERR_NOMEM, "%s", c->in->name);
	} while (scan_line(&sc, &line));
	return ERR_OK;
}

/*
 * Parse scontrol show output into events (see the top of this file).
 * Borrows in->data for values; key names are copied into a. Returns
 * ERR_OK, or ERR_NOMEM.
 */
enum err_code
parse_scontrol(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct ctx	c = { .in = in, .a = a, .out = out };
	struct scan	sc;
	struct str	line;
	size_t		i = 0;

	while (i < in->len && (in->data[i] == ' ' || in->data[i] == '\t' ||
	    in->data[i] == '\r' || in->data[i] == '\n'))
		i++;
	if (i < in->len && in->data[i] == '{')
		return parse_scontrol_json(in, a, out, e);
	if (is_config(in->data, in->len))
		return parse_config(&c, e);
	scan_init(&sc, in->data, in->len);
	while (scan_line(&sc, &line))
		if (record_line(&c, &sc, line) == -1)
			return ERR(e, ERR_NOMEM, "%s", in->name);
	if (finish_record(&c) == -1)
		return ERR(e, ERR_NOMEM, "%s", in->name);
	return ERR_OK;
}

/* Score that the bytes are scontrol show output, from the first line. */
int
sniff_scontrol(const char *p, size_t n)
{
	static const char *const starts[] = {
		"JobId=", "StepId=", "NodeName=", "PartitionName=",
		"Configuration data as of ", "slurm_load_",
	};
	struct scan	sc;
	struct str	line, head;

	scan_init(&sc, p, n > 4096 ? 4096 : n);
	while (scan_line(&sc, &line)) {
		if (str_trim(line).n == 0)
			continue;
		/* --json (and squeue's): keys of a job record that sacct's
		 * --json never has. */
		if (str_trim(line).p[0] == '{') {
			head = str_make(line.p, (size_t)(p + (n > 4096 ?
			    4096 : n) - line.p));
			return str_find(head, "\"jobs\"") != NULL &&
			    (str_find(head, "\"batch_host\"") != NULL ||
			    str_find(head, "\"allocating_node\"") != NULL ||
			    str_find(head, "\"job_state\"") != NULL) ? 90 : 0;
		}
		for (size_t i = 0; i < sizeof(starts) / sizeof(*starts); i++)
			if (str_starts(line, starts[i]))
				return i < 4 ? 90 : 70;
		return 0;
	}
	return 0;
}
