/*
 * snapshot: the inputs of one analysis as snapshots of one job.
 *
 * A site collects the same job on the same node more than once: the
 * batch script's trap while the job fails, the SPANK plugin when a step
 * ends, the Epilog after the job, an operator by hand; a --scope job
 * bundle (sacct, scontrol) is taken once per job, on another host. Given
 * together, those bundles are one node's evidence seen at different
 * moments, not more evidence: the kill the kernel logged once is one
 * kill, the cgroup's oom_kill counter is read, not added up, and
 * accounting that still said RUNNING in the first snapshot is replaced
 * by the final state of a later one.
 *
 * What this module does, before the timeline is built:
 *
 *  - Names: a node is known by Slurm's NodeName (sacct, scontrol, the
 *    manifest's "node") and by its hostname (the manifest's "host",
 *    scontrol's NodeHostName and NodeAddr). Every input and event gets
 *    the NodeName when a record joins the two (or the hostname is the
 *    NodeName with a domain, or the job ran on one node: its NodeList),
 *    so a node is one node.
 *  - Jobs: the job analysed is the first input's that names one; an
 *    array task is its own job (its own job id, or <array>_<task>).
 *    Inputs of other jobs are marked other_job and noted; analysis.c
 *    leaves them out.
 *  - Snapshots of one job and node (sorted by the manifest's "created"):
 *    a log or kernel line that a later snapshot holds again is dropped
 *    from the earlier one (as many times as the later one holds it, so a
 *    line a job printed twice stays twice); a state file (cgroup, host,
 *    GPU, watch series) is read from the latest snapshot that has it,
 *    except a cgroup's pid list: each snapshot's is kept (who was in
 *    which step at that moment).
 *  - Slurm's records of the job (sacct rows by job and step, scontrol
 *    job, step, node and config records) come from one snapshot each,
 *    whatever node collected it: the one whose record is in a final
 *    state, then the latest.
 *
 * It does not judge: it only removes events from in->ev (and superseded
 * watch series from in->series) and adds notes saying what it merged.
 * Inputs without a manifest (bare files, loose directories) are never
 * merged: nothing says when they were taken.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"
#include "units.h"

#define MAX_ALIASES	4096

struct alias {
	const char	*name;		/* a hostname or address */
	const char	*canon;		/* the NodeName */
};

struct names {
	struct alias	*v;
	size_t		 n;
	const char	**known;	/* NodeNames seen */
	size_t		 nknown;
};

static int
streq(const char *a, const char *b)
{
	return a != NULL && b != NULL && strcmp(a, b) == 0;
}

static void
add_known(struct names *nm, const char *node)
{
	if (node == NULL || *node == '\0' || nm->nknown >= MAX_ALIASES)
		return;
	for (size_t i = 0; i < nm->nknown; i++)
		if (strcmp(nm->known[i], node) == 0)
			return;
	nm->known[nm->nknown++] = node;
}

static void
add_alias(struct names *nm, const char *name, const char *canon)
{
	if (name == NULL || canon == NULL || *name == '\0' ||
	    *canon == '\0' || strcasecmp(name, canon) == 0 ||
	    nm->n >= MAX_ALIASES)
		return;
	for (size_t i = 0; i < nm->n; i++)
		if (strcasecmp(nm->v[i].name, name) == 0)
			return;	/* the first record that names it wins */
	nm->v[nm->n++] = (struct alias){ name, canon };
	add_known(nm, canon);
}

/* A field of an event as a NUL-terminated copy in the input's arena. */
static const char *
field_dup(struct input *in, const struct event *ev, const char *key)
{
	struct str	s = ev_str(ev, key);

	if (s.p == NULL || s.n == 0 || s.n > 255)
		return NULL;
	return arena_strndup(in->arena, s.p, s.n);
}

static int
cmp_alias(const void *a, const void *b)
{
	return strcasecmp(((const struct alias *)a)->name,
	    ((const struct alias *)b)->name);
}

static int
cmp_name(const void *a, const void *b)
{
	return strcasecmp(*(const char *const *)a, *(const char *const *)b);
}

/* Once every pair is in: sorted, so that each event's node is found
 * in log time (a job on a thousand nodes has a thousand records). */
static void
names_sort(struct names *nm)
{
	qsort(nm->v, nm->n, sizeof(*nm->v), cmp_alias);
	qsort(nm->known, nm->nknown, sizeof(*nm->known), cmp_name);
}

static const char *
canon_of(const struct names *nm, const char *name)
{
	const struct alias	 key = { name, NULL }, *hit;
	const char		*dot, *const *k;
	char			 buf[256];

	if (name == NULL)
		return NULL;
	if (nm->n > 0 && (hit = bsearch(&key, nm->v, nm->n, sizeof(*nm->v),
	    cmp_alias)) != NULL)
		return hit->canon;
	/* "gpu07.cluster.example" is node gpu07 when Slurm knows gpu07 */
	if ((dot = strchr(name, '.')) == NULL || dot == name ||
	    (size_t)(dot - name) >= sizeof(buf) || nm->nknown == 0)
		return name;
	memcpy(buf, name, (size_t)(dot - name));
	buf[dot - name] = '\0';
	dot = buf;
	k = bsearch(&dot, nm->known, nm->nknown, sizeof(*nm->known),
	    cmp_name);
	return k != NULL ? *k : name;
}

/* Collect the name pairs: manifests (host, node) and scontrol's node
 * records (NodeName, NodeHostName, NodeAddr). */
static void
collect_names(struct input **ins, size_t n, struct names *nm)
{
	for (size_t i = 0; i < n; i++) {
		struct input *in = ins[i];

		add_known(nm, in->slurm_node);
		add_alias(nm, in->host, in->slurm_node);
	}
	for (size_t i = 0; i < n; i++) {
		struct input *in = ins[i];

		for (size_t j = 0; j < in->ev.n; j++) {
			const struct event *ev = in->ev.v[j];
			const char *node;

			if (ev->kind != EV_SCONTROL_NODE ||
			    (node = field_dup(in, ev, "node_name")) == NULL)
				continue;
			add_known(nm, node);
			add_alias(nm, field_dup(in, ev, "NodeHostName"), node);
			add_alias(nm, field_dup(in, ev, "NodeAddr"), node);
		}
	}
}

/* The job's node when it ran on one: a NodeList or BatchHost that is
 * one plain name, in a record of the input's own job. */
static const char *
single_node(struct input *in)
{
	for (size_t j = 0; in->job_id != NULL && j < in->ev.n; j++) {
		const struct event *ev = in->ev.v[j];
		struct str l;

		if ((ev->kind != EV_SCONTROL_JOB && (ev->kind != EV_SACCT_ROW ||
		    ev_str(ev, "step").n != 0)) ||
		    !str_eq(ev_str(ev, "job_id"), in->job_id))
			continue;
		l = ev_str(ev, "node_list");
		if (l.n == 0 || memchr(l.p, ',', l.n) != NULL ||
		    memchr(l.p, '[', l.n) != NULL || str_eq(l, "None assigned")
		    || str_eq(l, "(null)"))
			continue;
		return field_dup(in, ev, "node_list");
	}
	return NULL;
}

static int
host_bundle(const struct input *in)
{
	return !in->other_job && in->host != NULL && in->slurm_node == NULL &&
	    (in->scope == NULL || strcmp(in->scope, "job") != 0);
}

/* A job that ran on one node, and node bundles all from one host that
 * no record names: that host is the node. Bundles from several hosts
 * are several machines, whatever the records say (nothing joined). */
static void
single_node_names(struct input **ins, size_t n, struct names *nm)
{
	const char	*node = NULL, *host = NULL;

	for (size_t i = 0; i < n && node == NULL; i++)
		if (!ins[i]->other_job)
			node = single_node(ins[i]);
	if (node == NULL)
		return;
	for (size_t i = 0; i < n; i++) {
		if (!host_bundle(ins[i]))
			continue;
		if (host != NULL && strcasecmp(host, ins[i]->host) != 0)
			return;
		host = ins[i]->host;
	}
	if (host != NULL && canon_of(nm, host) == host)	/* not joined yet */
		add_alias(nm, host, node);
}

static void
join_names(struct input **ins, size_t n, const struct names *nm)
{
	for (size_t i = 0; i < n; i++) {
		struct input *in = ins[i];

		if (in->slurm_node != NULL && *in->slurm_node != '\0')
			in->node = in->slurm_node;
		in->node = canon_of(nm, in->node);
		for (size_t j = 0; j < in->ev.n; j++)
			if (in->ev.v[j]->node != NULL)
				in->ev.v[j]->node = canon_of(nm,
				    in->ev.v[j]->node);
	}
}

/* ---- jobs ---- */

/* "46_3" -> array "46", task "3"; anything else: 0. */
static int
split_task(const char *id, struct str *arr, struct str *task)
{
	const char	*u;

	if (id == NULL || (u = strchr(id, '_')) == NULL || u == id ||
	    u[1] == '\0')
		return 0;
	*arr = str_make(id, (size_t)(u - id));
	*task = str_cstr(u + 1);
	return 1;
}

static int
same_job(const struct input *a, const struct input *b)
{
	struct str	aa, at, ba, bt;

	if (streq(a->job_id, b->job_id))
		return 1;
	/* the same array task, named by its own id in one manifest and
	 * as <array>_<task> in the other */
	if (a->array_task_id != NULL && split_task(b->job_id, &ba, &bt))
		return str_eq(ba, a->array_job_id) &&
		    str_eq(bt, a->array_task_id);
	if (b->array_task_id != NULL && split_task(a->job_id, &aa, &at))
		return str_eq(aa, b->array_job_id) &&
		    str_eq(at, b->array_task_id);
	return 0;
}

static void
mark_jobs(struct input **ins, size_t n)
{
	const struct input	*job = NULL;

	for (size_t i = 0; i < n && job == NULL; i++)
		if (ins[i]->job_id != NULL && *ins[i]->job_id != '\0')
			job = ins[i];
	if (job == NULL)
		return;
	for (size_t i = 0; i < n; i++) {
		struct input *in = ins[i];

		if (in->job_id == NULL || *in->job_id == '\0' ||
		    same_job(job, in))
			continue;
		in->other_job = 1;
		input_add_note(in, "job %s%s%s%s is not the job analysed "
		    "(%s): left out, its evidence is another job's",
		    in->job_id, in->array_task_id ? " (array task " : "",
		    in->array_task_id ? in->array_task_id : "",
		    in->array_task_id ? ")" : "", job->job_id);
	}
}

/* ---- dropping events ---- */

/* Events to drop are marked in a per-input byte map, then removed in
 * one pass, keeping the order (timeline.c relies on file order). */
struct drops {
	unsigned char	**map;		/* [input][event] */
	size_t		 *ndropped;	/* lines seen again later */
	size_t		 *nreplaced;	/* records and files superseded */
};

static void
drop(struct drops *d, size_t in, size_t ev, int replaced)
{
	if (d->map[in][ev])
		return;
	d->map[in][ev] = 1;
	if (replaced)
		d->nreplaced[in]++;
	else
		d->ndropped[in]++;
}

static void
compact(struct input *in, const unsigned char *map)
{
	size_t	k = 0;

	for (size_t j = 0; j < in->ev.n; j++)
		if (!map[j])
			in->ev.v[k++] = in->ev.v[j];
	in->ev.n = k;
}

/* Moments, not states: a line a later snapshot holds again is the same
 * line. State files are superseded by path instead (below). */
static int
moment_file(enum file_kind k)
{
	return k == FK_LOG || k == FK_OTHER || k == FK_KERNEL ||
	    k == FK_NVSMI_TABLE;
}

/* Slurm's records of the job, which any snapshot (any node) may hold. */
static int
job_record(enum ev_kind k)
{
	return k == EV_SACCT_ROW || k == EV_SCONTROL_JOB ||
	    k == EV_SCONTROL_STEP || k == EV_SCONTROL_NODE ||
	    k == EV_SCONTROL_CONFIG;
}

static enum file_kind
kind_of(const struct input *in, const struct event *ev)
{
	if (ev->ref.file_id < 0 || (size_t)ev->ref.file_id >= in->nfiles)
		return FK_OTHER;
	return in->files[ev->ref.file_id].kind;
}

/* ---- lines seen again: a multiset of (kind, text) ---- */

struct mset {
	struct mslot {
		const struct event	*ev;	/* key: kind and text */
		uint32_t		 count;	/* kept so far */
		uint32_t		 seen;	/* in the snapshot at hand */
		uint32_t		 gen;
	}	*v;
	size_t	 cap;
};

static uint64_t
ev_hash(const struct event *ev)
{
	uint64_t	h = 1469598103934665603ULL ^ (uint64_t)ev->kind;

	for (size_t i = 0; i < ev->text.n; i++)
		h = (h ^ (unsigned char)ev->text.p[i]) * 1099511628211ULL;
	return h;
}

static struct mslot *
mset_get(struct mset *m, const struct event *ev)
{
	size_t	i = (size_t)(ev_hash(ev) & (m->cap - 1));

	for (;; i = (i + 1) & (m->cap - 1)) {
		struct mslot *s = &m->v[i];

		if (s->ev == NULL) {
			s->ev = ev;
			return s;
		}
		if (s->ev->kind == ev->kind && s->ev->text.n == ev->text.n &&
		    (ev->text.n == 0 || memcmp(s->ev->text.p, ev->text.p,
		    ev->text.n) == 0))
			return s;
	}
}

/* The snapshots of one node, latest first (g[] sorted that way): an
 * occurrence of a line that a later snapshot holds too is dropped. */
static enum err_code
dedupe_moments(struct input **ins, const size_t *g, size_t ng,
    struct drops *d, struct err *e)
{
	struct mset	m = { 0 };
	size_t		total = 0;

	for (size_t k = 0; k < ng; k++)
		total += ins[g[k]]->ev.n;
	for (m.cap = 64; m.cap < total * 2; m.cap *= 2)
		;
	if ((m.v = calloc(m.cap, sizeof(*m.v))) == NULL)
		return ERR(e, ERR_NOMEM, "snapshots");
	for (size_t k = 0; k < ng; k++) {
		struct input *in = ins[g[k]];

		for (size_t j = 0; j < in->ev.n; j++) {
			const struct event *ev = in->ev.v[j];
			struct mslot *s;

			if (!moment_file(kind_of(in, ev)) ||
			    job_record(ev->kind))
				continue;
			s = mset_get(&m, ev);
			if (s->gen != k + 1) {
				s->gen = (uint32_t)k + 1;
				s->seen = 0;
			}
			if (++s->seen <= s->count)
				drop(d, g[k], j, 0);
		}
		/* the counts kept so far grow to this snapshot's */
		for (size_t i = 0; i < m.cap; i++)
			if (m.v[i].gen == k + 1 && m.v[i].seen > m.v[i].count)
				m.v[i].count = m.v[i].seen;
	}
	free(m.v);
	return ERR_OK;
}

/* The kernel's report of one kill read in two formats (/dev/kmsg by
 * root, journalctl -k by the job's user): the same kind and pid within
 * a second on the UTC axis is the same kill. g[] latest first; runs
 * after dedupe_moments, on what it kept. */
#define SAME_KILL_NS	1000000000LL

static int
kill_event(const struct input *in, const struct event *ev)
{
	return kind_of(in, ev) == FK_KERNEL && ev->pid > 0 &&
	    (ev->kind == EV_KERNEL_OOM || ev->kind == EV_OOM_REAPER);
}

static int
kill_seen_later(struct input **ins, const size_t *g, size_t k,
    const struct drops *d, const struct event *ev, int64_t t)
{
	for (size_t l = 0; l < k; l++) {
		const struct input *o = ins[g[l]];

		for (size_t j = 0; j < o->ev.n; j++) {
			const struct event *x = o->ev.v[j];
			int64_t u;

			if (d->map[g[l]][j] || x->kind != ev->kind ||
			    x->pid != ev->pid || !kill_event(o, x) ||
			    tl_utc_of(o, x, &u) != 0)
				continue;
			if (u - t < SAME_KILL_NS && t - u < SAME_KILL_NS)
				return 1;
		}
	}
	return 0;
}

#define MAX_KILLS	4096	/* pairs compared: a flood is not read */

static void
dedupe_kills(struct input **ins, const size_t *g, size_t ng,
    struct drops *d)
{
	size_t	nkills = 0;

	for (size_t k = 0; k < ng; k++)
		for (size_t j = 0; j < ins[g[k]]->ev.n; j++)
			nkills += kill_event(ins[g[k]], ins[g[k]]->ev.v[j]);
	if (nkills > MAX_KILLS)
		return;
	for (size_t k = 1; k < ng; k++) {
		struct input *in = ins[g[k]];

		for (size_t j = 0; j < in->ev.n; j++) {
			const struct event *ev = in->ev.v[j];
			int64_t t;

			if (d->map[g[k]][j] || !kill_event(in, ev) ||
			    tl_utc_of(in, ev, &t) != 0)
				continue;
			if (kill_seen_later(ins, g, k, d, ev, t))
				drop(d, g[k], j, 0);
		}
	}
}

/* A set of member paths (open addressing; the paths are borrowed). */
struct pset {
	const char	**v;
	size_t		  cap;
};

static uint64_t
path_hash(const char *p)
{
	uint64_t	h = 1469598103934665603ULL;

	while (*p != '\0')
		h = (h ^ (unsigned char)*p++) * 1099511628211ULL;
	return h;
}

/* The slot of p: where it is, or the empty one where it would go. */
static const char **
pset_slot(const struct pset *ps, const char *p)
{
	size_t	i = (size_t)(path_hash(p) & (ps->cap - 1));

	while (ps->v[i] != NULL && strcmp(ps->v[i], p) != 0)
		i = (i + 1) & (ps->cap - 1);
	return &ps->v[i];
}

static enum err_code
pset_init(struct pset *ps, struct input **ins, const size_t *g, size_t ng,
    struct err *e)
{
	size_t	total = 0;

	for (size_t k = 0; k < ng; k++)
		total += ins[g[k]]->nfiles;
	for (ps->cap = 64; ps->cap < total * 2; ps->cap *= 2)
		;
	if ((ps->v = calloc(ps->cap, sizeof(*ps->v))) == NULL)
		return ERR(e, ERR_NOMEM, "snapshots");
	return ERR_OK;
}

/* A cgroup's list of pids is what that snapshot saw, not a state a later
 * reading replaces: a process that died between two snapshots (the one the
 * kernel killed, or one that ended after it) is in the earlier list only,
 * and that list is what maps a kernel report's task table to steps. */
static int
pid_list(const struct event *ev)
{
	return ev->kind == EV_HOST && ev->sig != NULL &&
	    strcmp(ev->sig, "cgroup.procs") == 0;
}

/* Drop the events of one earlier snapshot's state files that a later
 * one has too (but not its pid lists); its watch series likewise. */
static enum err_code
supersede_one(struct input *in, size_t idx, const struct pset *later,
    struct drops *d, struct err *e)
{
	unsigned char	*gone;
	size_t		 ns = 0;

	if ((gone = calloc(in->nfiles + 1, 1)) == NULL)
		return ERR(e, ERR_NOMEM, "snapshots");
	for (size_t j = 0; j < in->nfiles; j++)
		gone[j] = *pset_slot(later, in->files[j].path) != NULL;
	for (size_t j = 0; j < in->ev.n; j++) {
		const struct event *ev = in->ev.v[j];
		enum file_kind fk = kind_of(in, ev);

		if (moment_file(fk) || job_record(ev->kind) ||
		    fk == FK_SACCT || fk == FK_SCONTROL || pid_list(ev))
			continue;
		if (gone[ev->ref.file_id])
			drop(d, idx, j, 1);
	}
	for (size_t s = 0; s < in->nseries; s++)
		if (*pset_slot(later, in->series[s].path) == NULL)
			in->series[ns++] = in->series[s];
	in->nseries = ns;
	free(gone);
	return ERR_OK;
}

/* A state file (cgroup counters, host, GPU snapshot, watch series) is
 * read from the latest snapshot that has it readable; g[] latest first. */
static enum err_code
supersede_files(struct input **ins, const size_t *g, size_t ng,
    struct drops *d, struct err *e)
{
	struct pset	ps;
	enum err_code	rc = ERR_OK;

	if ((rc = pset_init(&ps, ins, g, ng, e)) != ERR_OK)
		return rc;
	for (size_t k = 0; k < ng && rc == ERR_OK; k++) {
		struct input *in = ins[g[k]];

		if (k > 0)
			rc = supersede_one(in, g[k], &ps, d, e);
		for (size_t j = 0; j < in->nfiles; j++)
			if (!in->files[j].unreadable)
				*pset_slot(&ps, in->files[j].path) =
				    in->files[j].path;
	}
	free(ps.v);
	return rc;
}

/* ---- Slurm's records of the job ---- */

int
snapshot_state_final(struct str s)
{
	static const char *const live[] = { "PENDING", "RUNNING",
		"REQUEUED", "RESIZING", "SUSPENDED", "COMPLETING",
		"CONFIGURING", "STAGE_OUT", "SIGNALING", "REQUEUE_HOLD",
		"REQUEUE_FED", "STOPPED", "SPECIAL_EXIT" };
	size_t	n = 0;

	if (s.p == NULL || s.n == 0)
		return 0;
	/* "CANCELLED by 0", "RUNNING+COMPLETING": the first word */
	while (n < s.n && s.p[n] >= 'A' && s.p[n] <= 'Z')
		n++;
	while (n < s.n && s.p[n] == '_')
		for (n++; n < s.n && s.p[n] >= 'A' && s.p[n] <= 'Z'; n++)
			;
	if (n == 0)
		return 0;
	for (size_t i = 0; i < sizeof(live) / sizeof(live[0]); i++)
		if (str_eq(str_make(s.p, n), live[i]))
			return 0;
	return 1;
}

/* The record's identity: which row or record of Slurm's it is. */
static int
record_key(const struct event *ev, char *buf, size_t len)
{
	struct str	a, b = str_make(NULL, 0);
	char		tag;

	switch (ev->kind) {
	case EV_SACCT_ROW:
		tag = 's';
		a = ev_str(ev, "job_id");
		b = ev_str(ev, "step");
		break;
	case EV_SCONTROL_JOB:
		tag = 'j';
		a = ev_str(ev, "job_id");
		break;
	case EV_SCONTROL_STEP:
		tag = 't';
		a = ev_str(ev, "step_id");
		break;
	case EV_SCONTROL_NODE:
		tag = 'n';
		a = ev->node != NULL ? str_cstr(ev->node) :
		    ev_str(ev, "node_name");
		break;
	case EV_SCONTROL_CONFIG:
		tag = 'c';
		a = str_make("", 0);
		break;
	default:
		return -1;
	}
	if (a.p == NULL || a.n + b.n + 4 > len)
		return -1;
	buf[0] = tag;
	memcpy(buf + 1, a.p, a.n);
	buf[1 + a.n] = '.';
	if (b.n > 0)
		memcpy(buf + 2 + a.n, b.p, b.n);
	buf[2 + a.n + b.n] = '\0';
	return 0;
}

static int
record_final(const struct event *ev)
{
	if (ev->kind == EV_SACCT_ROW)
		return snapshot_state_final(ev_str(ev, "state"));
	if (ev->kind == EV_SCONTROL_JOB)
		return snapshot_state_final(ev_str(ev, "job_state"));
	return 0;
}

struct rec {
	const char	*key;
	size_t		 in, ev;
	int		 final;
};

static int
cmp_rec(const void *a, const void *b)
{
	const struct rec	*x = a, *y = b;
	int			 c = strcmp(x->key, y->key);

	if (c != 0)
		return c;
	return x->in < y->in ? -1 : x->in > y->in;
}

/* Is snapshot i's record better than j's: final first, then later. */
static int
better(struct input **ins, const struct rec *i, const struct rec *j)
{
	if (i->final != j->final)
		return i->final > j->final;
	if (ins[i->in]->created_ns != ins[j->in]->created_ns)
		return ins[i->in]->created_ns > ins[j->in]->created_ns;
	return i->in > j->in;
}

static enum err_code
supersede_records(struct input **ins, size_t n, struct drops *d,
    struct arena *a, struct err *e)
{
	struct rec	*r = NULL;
	size_t		 nr = 0, cap = 0;
	char		 key[512];

	for (size_t i = 0; i < n; i++) {
		if (ins[i]->other_job || !ins[i]->has_manifest)
			continue;
		for (size_t j = 0; j < ins[i]->ev.n; j++) {
			const struct event *ev = ins[i]->ev.v[j];

			if (record_key(ev, key, sizeof(key)) != 0)
				continue;
			if (nr == cap) {
				struct rec *nv = realloc(r, (cap ? cap * 2 :
				    64) * sizeof(*r));

				if (nv == NULL) {
					free(r);
					return ERR(e, ERR_NOMEM, "snapshots");
				}
				r = nv;
				cap = cap ? cap * 2 : 64;
			}
			if ((r[nr].key = arena_strdup(a, key)) == NULL) {
				free(r);
				return ERR(e, ERR_NOMEM, "snapshots");
			}
			r[nr].in = i;
			r[nr].ev = j;
			r[nr++].final = record_final(ev);
		}
	}
	if (nr > 0)
		qsort(r, nr, sizeof(*r), cmp_rec);
	for (size_t s = 0; s < nr;) {
		size_t end = s, best = s;

		while (end < nr && strcmp(r[end].key, r[s].key) == 0)
			end++;
		for (size_t k = s; k < end; k++)
			if (better(ins, &r[k], &r[best]))
				best = k;
		/* the best snapshot's rows stay (text and JSON alike) */
		for (size_t k = s; k < end; k++)
			if (r[k].in != r[best].in)
				drop(d, r[k].in, r[k].ev, 1);
		s = end;
	}
	free(r);
	return ERR_OK;
}

/* ---- snapshots of one node ---- */

static int
node_snapshot(const struct input *in)
{
	return !in->other_job && in->has_manifest && in->node != NULL &&
	    (in->scope == NULL || strcmp(in->scope, "job") != 0);
}

static struct input **sort_ins;

/* Latest first; the same moment: the later input first. */
static int
cmp_latest(const void *a, const void *b)
{
	size_t	x = *(const size_t *)a, y = *(const size_t *)b;
	int64_t	cx = sort_ins[x]->created_ns, cy = sort_ins[y]->created_ns;

	if (cx != cy)
		return cx > cy ? -1 : 1;
	return x > y ? -1 : x < y;
}

static void
note_group(struct input **ins, const size_t *g, size_t ng,
    const struct drops *d)
{
	for (size_t k = 0; k < ng; k++) {
		struct input *in = ins[g[k]];
		char when[48];

		size_t nd = d->ndropped[g[k]], nr = d->nreplaced[g[k]];

		in->snapshot = (int)(ng - k);
		units_fmt_iso(in->created_ns, when);
		input_add_note(in, "snapshot %d of %zu of job %s on %s "
		    "(collected %s), merged with the others as one node's "
		    "evidence%s%.0zu%s%s%.0zu%s", in->snapshot, ng,
		    in->job_id ? in->job_id : "?", in->node, when,
		    nd > 0 ? "; left out: " : "", nd, nd == 0 ? "" : nd == 1 ?
		    " event a later snapshot holds again" : " events a later "
		    "snapshot holds again", nr > 0 ? nd > 0 ? ", " :
		    "; left out: " : "", nr, nr == 0 ? "" : nr == 1 ?
		    " record or state file superseded" : " records or state "
		    "files superseded");
	}
}

static enum err_code
merge_nodes(struct input **ins, size_t n, struct drops *d, struct err *e)
{
	size_t		*g, ng;
	unsigned char	*done;
	enum err_code	 rc = ERR_OK;

	if ((g = calloc(n, sizeof(*g))) == NULL ||
	    (done = calloc(n, 1)) == NULL) {
		free(g);
		return ERR(e, ERR_NOMEM, "snapshots");
	}
	for (size_t i = 0; i < n && rc == ERR_OK; i++) {
		if (done[i] || !node_snapshot(ins[i]))
			continue;
		ng = 0;
		for (size_t j = i; j < n; j++)
			if (!done[j] && node_snapshot(ins[j]) &&
			    strcmp(ins[j]->node, ins[i]->node) == 0) {
				done[j] = 1;
				g[ng++] = j;
			}
		if (ng < 2)
			continue;
		sort_ins = ins;
		qsort(g, ng, sizeof(*g), cmp_latest);
		if ((rc = dedupe_moments(ins, g, ng, d, e)) != ERR_OK)
			break;
		dedupe_kills(ins, g, ng, d);
		rc = supersede_files(ins, g, ng, d, e);
		/* Slurm's records were settled before: every drop of
		 * these inputs is known */
		note_group(ins, g, ng, d);
	}
	free(g);
	free(done);
	return rc;
}

/* Inputs alone on their node whose Slurm records another snapshot of
 * the job superseded. */
static void
note_records(struct input **ins, size_t n, const struct drops *d)
{
	for (size_t i = 0; i < n; i++)
		if (ins[i]->snapshot == 0 && d->nreplaced[i] > 0)
			input_add_note(ins[i], "%zu Slurm records superseded "
			    "by another snapshot of the job (a more final "
			    "state, or a later one) left out",
			    d->nreplaced[i]);
}

enum err_code
snapshot_merge(struct input **ins, size_t n, struct err *e)
{
	struct names	 nm = { 0 };
	struct drops	 d = { 0 };
	struct arena	*a;
	enum err_code	 rc = ERR_OK;

	if (n == 0)
		return ERR_OK;
	nm.v = calloc(MAX_ALIASES, sizeof(*nm.v));
	nm.known = calloc(MAX_ALIASES, sizeof(*nm.known));
	d.map = calloc(n, sizeof(*d.map));
	d.ndropped = calloc(n, sizeof(*d.ndropped));
	d.nreplaced = calloc(n, sizeof(*d.nreplaced));
	a = arena_new(1 << 16);
	if (nm.v == NULL || nm.known == NULL || d.map == NULL ||
	    d.ndropped == NULL || d.nreplaced == NULL || a == NULL) {
		rc = ERR(e, ERR_NOMEM, "snapshots");
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		if ((d.map[i] = calloc(ins[i]->ev.n + 1, 1)) == NULL) {
			rc = ERR(e, ERR_NOMEM, "snapshots");
			goto out;
		}
	mark_jobs(ins, n);
	collect_names(ins, n, &nm);
	names_sort(&nm);
	single_node_names(ins, n, &nm);
	names_sort(&nm);
	join_names(ins, n, &nm);
	if (n < 2)
		goto out;
	if ((rc = supersede_records(ins, n, &d, a, e)) != ERR_OK ||
	    (rc = merge_nodes(ins, n, &d, e)) != ERR_OK)
		goto out;
	for (size_t i = 0; i < n; i++)
		compact(ins[i], d.map[i]);
	note_records(ins, n, &d);
out:
	for (size_t i = 0; d.map != NULL && i < n; i++)
		free(d.map[i]);
	free(d.map);
	free(d.ndropped);
	free(d.nreplaced);
	free(nm.v);
	free(nm.known);
	arena_free(a);
	return rc;
}

/* ---- nodes of the job without a node bundle ---- */

struct unseen {
	struct input	**ins;
	size_t		  n;
	size_t		  listed;	/* nodes of the list */
	char		  list[256];	/* the first few names */
	size_t		  len;
	size_t		  count;
};

static void
check_node(struct unseen *u, const char *name)
{
	int	r;

	u->listed++;
	for (size_t i = 0; i < u->n; i++)
		if (node_snapshot(u->ins[i]) &&
		    strcmp(u->ins[i]->node, name) == 0)
			return;
	if (u->count++ >= 8)
		return;
	r = snprintf(u->list + u->len, sizeof(u->list) - u->len, "%s%s",
	    u->len > 0 ? ", " : "", name);
	if (r > 0 && (size_t)r < sizeof(u->list) - u->len)
		u->len += (size_t)r;
}

/* One item of a Slurm hostlist: "vm", or "gpu[01-04,07]" with one
 * bracket (a name with two is not expanded: -1). */
static int
expand_item(struct unseen *u, struct str it)
{
	const char	*lb = memchr(it.p, '[', it.n), *rb;
	struct str	 pre, suf, rng;
	char		 name[256];

	if (lb == NULL) {
		if (it.n == 0 || it.n >= sizeof(name))
			return it.n == 0 ? 0 : -1;
		memcpy(name, it.p, it.n);
		name[it.n] = '\0';
		check_node(u, name);
		return 0;
	}
	if ((rb = memchr(lb, ']', it.n - (size_t)(lb - it.p))) == NULL)
		return -1;
	pre = str_make(it.p, (size_t)(lb - it.p));
	suf = str_make(rb + 1, it.n - (size_t)(rb + 1 - it.p));
	rng = str_make(lb + 1, (size_t)(rb - lb - 1));
	if (memchr(suf.p, '[', suf.n) != NULL || pre.n + suf.n > 200)
		return -1;
	while (rng.n > 0) {
		const char *c = memchr(rng.p, ',', rng.n);
		struct str r = str_make(rng.p, c ? (size_t)(c - rng.p) : rng.n);
		const char *dash = memchr(r.p, '-', r.n);
		int64_t lo, hi;
		int width = dash ? (int)(dash - r.p) : (int)r.n;

		if (str_to_i64(str_make(r.p, (size_t)width), &lo) != 0 ||
		    (dash != NULL ? str_to_i64(str_make(dash + 1, r.n -
		    (size_t)width - 1), &hi) : (hi = lo, 0)) != 0 ||
		    lo < 0 || hi < lo || hi - lo > 65536 || width > 18)
			return -1;
		for (int64_t v = lo; v <= hi; v++) {
			snprintf(name, sizeof(name), "%.*s%0*lld%.*s",
			    (int)pre.n, pre.p, r.p[0] == '0' ? width : 0,
			    (long long)v, (int)suf.n, suf.p);
			check_node(u, name);
		}
		rng = c ? str_make(c + 1, rng.n - r.n - 1) : str_make(NULL, 0);
	}
	return 0;
}

const char *
snapshot_nodes_unseen(struct str list, struct input **ins, size_t n,
    struct arena *a)
{
	struct unseen	u = { .ins = ins, .n = n };
	size_t		i = 0, start = 0;
	int		depth = 0, nodes = 0;

	if (list.p == NULL || list.n == 0 || str_eq(list, "None assigned") ||
	    str_eq(list, "(null)"))
		return NULL;
	for (i = 0; i <= list.n; i++) {
		if (i < list.n && list.p[i] == '[')
			depth++;
		else if (i < list.n && list.p[i] == ']')
			depth--;
		if (i < list.n && (list.p[i] != ',' || depth > 0))
			continue;
		if (expand_item(&u, str_make(list.p + start, i - start)) != 0)
			return NULL;	/* a list we cannot read: say nothing */
		start = i + 1;
	}
	/* No node bundle's node is in the list: the names do not join
	 * (a hostname Slurm does not know), so nothing can be said. */
	for (size_t k = 0; k < n && !nodes; k++)
		nodes = node_snapshot(ins[k]);
	if (u.count == 0 || (nodes && u.count == u.listed))
		return NULL;
	if (u.count > 8)
		return arena_printf(a, "%s and %zu more", u.list, u.count - 8);
	return arena_strdup(a, u.list);
}
