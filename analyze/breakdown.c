/*
 * breakdown: what filled the memory cgroup's limit, and who held it.
 *
 * "MaxRSS was far below the limit: what filled it?" The kernel answers in
 * its memcg OOM report: the cgroup's memory.stat at the kill ("Memory
 * cgroup stats for", read by kstats.c) and the task table. Without a
 * report, the memory.stat the collector copied from the job's cgroup
 * says the same at collection time, when the cgroup was still at its
 * limit (90% of it or more) then. breakdown_views() turns either into
 * an->breakdown (parts that add up to the charge, the largest holders
 * mapped to steps through any process snapshot that saw their pid) and,
 * when one part holds at least half of the charge, verdict.filled_by,
 * a sentence in the summary and that part's own next control: tmpfs
 * files are deleted or their tmpfs sized, dirty pages written to a
 * faster place, kernel memory found and cut; none of those is --mem.
 */
#include <inttypes.h>
#include <string.h>

#include "rule_kit.h"
#include "rules.h"

enum { P_ANON, P_CACHE, P_DIRTY, P_SHMEM, P_KERNEL, P_SOCK, P_OTHER };

const char *const breakdown_part_names[BD_PARTS] = {
	"anon", "page_cache", "dirty", "shmem", "kernel", "sock", "other",
};

#define DOMINANT_PCT	50	/* a part at least this share of the charge */
#define BD_MAX		16	/* failing cgroups listed */

static int64_t
nn(int64_t v)
{
	return v > 0 ? v : 0;
}

/* Fills parts from the kernel report's stats_* fields; 0 when it has
 * none. */
static int
parts_of_kernel(const struct event *k, struct breakdown_q *b)
{
	int64_t	file = ev_num_or(k, "stats_file_bytes", -1);
	int64_t	shmem = ev_num_or(k, "stats_shmem_bytes", -1);
	int64_t	dirty = ev_num_or(k, "stats_dirty_bytes", -1);

	if (ev_field(k, "stats_line") == NULL)
		return 0;
	b->parts[P_ANON] = ev_num_or(k, "stats_anon_bytes", -1);
	b->parts[P_SHMEM] = shmem;
	b->parts[P_DIRTY] = dirty;
	b->parts[P_CACHE] = file < 0 ? -1 : nn(file - nn(shmem) - nn(dirty));
	b->parts[P_KERNEL] = ev_num_or(k, "stats_kernel_bytes", -1);
	b->parts[P_SOCK] = ev_num_or(k, "stats_sock_bytes", -1);
	/* v2 prints "swap: usage" itself; v1's "memory+swap" counts both,
	 * its stats' total_swap is the swap */
	b->pgscan = ev_num_or(k, "stats_pgscan", -1);
	b->pgsteal = ev_num_or(k, "stats_pgsteal", -1);
	b->swap_bytes = str_eq(ev_str(k, "stats_layout"), "v2") ?
	    ev_num_or(k, "swap_usage_bytes", -1) : ev_num_or(k,
	    "stats_swap_bytes", -1);
	return 1;
}

/* The same from a collected memory.stat: v1 total_* (the subtree), v2's
 * hierarchical keys. */
static int
parts_of_stat(const struct event *s, struct breakdown_q *b)
{
	int	v1 = ev_field(s, "total_rss") != NULL;
	int64_t	file, shmem, dirty;

	if (!v1 && ev_field(s, "anon") == NULL)
		return 0;
	b->parts[P_ANON] = ev_num_or(s, v1 ? "total_rss" : "anon", -1);
	shmem = ev_num_or(s, v1 ? "total_shmem" : "shmem", -1);
	file = ev_num_or(s, v1 ? "total_cache" : "file_bytes", -1);
	dirty = v1 ? -1 : nn(ev_num_or(s, "file_dirty", 0)) +
	    nn(ev_num_or(s, "file_writeback", 0));
	if (v1 && (ev_field(s, "total_dirty") || ev_field(s,
	    "total_writeback")))
		dirty = nn(ev_num_or(s, "total_dirty", 0)) +
		    nn(ev_num_or(s, "total_writeback", 0));
	b->parts[P_SHMEM] = shmem;
	b->parts[P_DIRTY] = dirty;
	b->parts[P_CACHE] = file < 0 ? -1 : nn(file - nn(shmem) - nn(dirty));
	b->parts[P_KERNEL] = v1 ? -1 : ev_num_or(s, "kernel", -1);
	if (!v1 && b->parts[P_KERNEL] < 0 && ev_field(s, "slab") != NULL)
		b->parts[P_KERNEL] = nn(ev_num_or(s, "slab", 0)) +
		    nn(ev_num_or(s, "kernel_stack", 0)) +
		    nn(ev_num_or(s, "pagetables", 0));
	b->parts[P_SOCK] = v1 ? -1 : ev_num_or(s, "sock", -1);
	b->swap_bytes = v1 ? ev_num_or(s, "total_swap", -1) : -1;
	b->pgscan = v1 ? -1 : ev_num_or(s, "pgscan", -1);
	b->pgsteal = v1 ? -1 : ev_num_or(s, "pgsteal", -1);
	return 1;
}

/* other: what the charge has beyond the parts the stats name. */
static void
parts_other(struct breakdown_q *b)
{
	int64_t	sum = 0, charge = b->usage_bytes >= 0 ? b->usage_bytes :
		    b->limit_bytes;

	for (int i = 0; i < P_OTHER; i++)
		sum += nn(b->parts[i]);
	b->parts[P_OTHER] = charge >= 0 ? nn(charge - sum) : -1;
	if (b->usage_bytes < 0)
		b->usage_bytes = charge >= sum ? charge : sum;
}

/* Does a cgroup.procs listing ("2581\n3276") hold pid? */
static int
procs_has(struct str l, int64_t pid)
{
	int64_t	v = 0;
	int	digits = 0;

	for (size_t i = 0; i <= l.n; i++) {
		if (i < l.n && l.p[i] >= '0' && l.p[i] <= '9') {
			v = v < INT64_MAX / 10 ? v * 10 + (l.p[i] - '0') : v;
			digits = 1;
			continue;
		}
		if (digits && v == pid)
			return 1;
		v = 0;
		digits = 0;
	}
	return 0;
}

/* The step of pid on node from a snapshot that saw it alive: a process
 * listing (procs.tsv), a cgroup.procs file or the SPANK plugin's step
 * marker; NULL when none did. */
static const char *
step_of_pid(const struct facts *f, struct arena *a, int64_t pid,
    const char *node)
{
	for (size_t i = 0; pid > 0 && i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];
		struct str		 st;

		if (ev->kind != EV_HOST || ev->sig == NULL ||
		    (node != NULL && ev->node != NULL &&
		    strcmp(node, ev->node) != 0))
			continue;
		if (!(strcmp(ev->sig, "host.proc") == 0 && ev->pid == pid) &&
		    !((strcmp(ev->sig, "cgroup.procs") == 0 ||
		    strcmp(ev->sig, "host.step_marker") == 0) &&
		    procs_has(ev_str(ev, "pids"), pid)))
			continue;
		if ((st = ev_str(ev, "step")).n == 0)
			continue;
		if (ev_field(ev, "job_id") == NULL)
			return kit_dupstr(a, st);
		return arena_printf(a, "%" PRId64 ".%.*s", ev_num_or(ev,
		    "job_id", 0), (int)st.n, st.p);
	}
	return NULL;
}

static const char *const hf[5][6] = {
	{ "holder0_pid", "holder0_uid", "holder0_rss_bytes",
	    "holder0_swap_bytes", "holder0_name", "holder0_anon_bytes" },
	{ "holder1_pid", "holder1_uid", "holder1_rss_bytes",
	    "holder1_swap_bytes", "holder1_name", "holder1_anon_bytes" },
	{ "holder2_pid", "holder2_uid", "holder2_rss_bytes",
	    "holder2_swap_bytes", "holder2_name", "holder2_anon_bytes" },
	{ "holder3_pid", "holder3_uid", "holder3_rss_bytes",
	    "holder3_swap_bytes", "holder3_name", "holder3_anon_bytes" },
	{ "holder4_pid", "holder4_uid", "holder4_rss_bytes",
	    "holder4_swap_bytes", "holder4_name", "holder4_anon_bytes" },
};

static void
holders_of(const struct facts *f, struct arena *a, const struct event *k,
    struct breakdown_q *b)
{
	size_t	n = 0;

	while (n < 5 && ev_field(k, hf[n][0]) != NULL)
		n++;
	b->tasks = ev_num_or(k, "tasks_n", -1);
	b->tasks_anon_bytes = ev_num_or(k, "tasks_anon_bytes", -1);
	if (n == 0 || (b->holders = arena_zalloc(a, n *
	    sizeof(*b->holders))) == NULL)
		return;
	for (size_t i = 0; i < n; i++) {
		struct holder_q	*h = &b->holders[i];

		h->pid = ev_num_or(k, hf[i][0], -1);
		h->uid = ev_num_or(k, hf[i][1], -1);
		h->rss_bytes = ev_num_or(k, hf[i][2], -1);
		h->swap_bytes = ev_num_or(k, hf[i][3], -1);
		h->anon_bytes = ev_num_or(k, hf[i][5], -1);
		h->name = kit_dupstr(a, ev_str(k, hf[i][4]));
		h->victim = k->pid > 0 && h->pid == k->pid;
		h->step = step_of_pid(f, a, h->pid, k->node);
		/* the victim's step is in the kill's own task_memcg */
		if (h->step == NULL && h->victim && ev_str(k, "step").n > 0)
			h->step = ev_field(k, "job_id") != NULL ?
			    arena_printf(a, "%" PRId64 ".%.*s", ev_num_or(k,
			    "job_id", 0), (int)ev_str(k, "step").n,
			    ev_str(k, "step").p) : kit_dupstr(a, ev_str(k,
			    "step"));
	}
	b->nholders = n;
}

/* The job's own memory.stat at its job level (the cgroup whose limit
 * the job was given), newest collected. */
static const struct event *
job_stat(const struct facts *f)
{
	const struct event	*best = NULL;

	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];

		if (ev->kind != EV_CGROUP_MEM || facts_foreign(f, ev) ||
		    !str_eq(ev_str(ev, "file"), "memory.stat") ||
		    !str_eq(ev_str(ev, "level"), "job"))
			continue;
		best = ev;
	}
	return best;
}

/* memory.current / usage_in_bytes and the limit of the same cgroup. */
static void
stat_siblings(const struct facts *f, const struct event *s,
    struct breakdown_q *b, const struct event **lim)
{
	struct str	path = ev_str(s, "cg_path");

	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];
		struct str		 p = ev_str(ev, "cg_path");
		int64_t			 v;

		if (ev->kind != EV_CGROUP_MEM || p.n != path.n ||
		    memcmp(p.p, path.p, p.n) != 0 || (ev->node != s->node &&
		    (ev->node == NULL || s->node == NULL ||
		    strcmp(ev->node, s->node) != 0)))
			continue;
		if (ev_num(ev, "usage_bytes", &v) == 0)
			b->usage_bytes = v;
		if (ev_num(ev, "limit_bytes", &v) == 0) {
			b->limit_bytes = v;
			*lim = ev;
		}
		/* v2 keeps swap apart: memory.swap.current */
		if (ev_num(ev, "swap_usage_bytes", &v) == 0)
			b->swap_bytes = v;
	}
}

static struct breakdown_q *
bd_new(struct arena *a)
{
	struct breakdown_q	*b = arena_zalloc(a, sizeof(*b));

	if (b == NULL)
		return NULL;
	b->limit_bytes = b->usage_bytes = b->tasks = b->tasks_anon_bytes = -1;
	b->swap_bytes = -1;
	for (int i = 0; i < BD_PARTS; i++)
		b->parts[i] = -1;
	return b;
}

/* The "Memory cgroup stats for" line of the report, cited: the kill's
 * evidence moved to that line. */
static void
stats_evidence(const struct facts *f, struct arena *a,
    const struct event *k, struct breakdown_q *b)
{
	struct evidence	*ev = kit_evidence_of(f, a, k);
	struct str	 t = ev_str(k, "stats_text");

	if (ev == NULL)
		return;
	if (t.n > 0) {
		ev->line = (uint32_t)ev_num_or(k, "stats_line", 0);
		ev->text = kit_dupstr(a, t);
		ev->context = NULL;
		ev->context_line = 0;
		ev->pid = -1;
	}
	b->evidence.v = ev;
	b->evidence.n = 1;
}

static struct breakdown_q *
from_kernel(const struct facts *f, struct arena *a, const struct event *k)
{
	struct breakdown_q	*b;
	struct str		 cg = ev_str(k, "stats_memcg");

	if ((b = bd_new(a)) == NULL || !parts_of_kernel(k, b))
		return NULL;
	b->at = "kill";
	b->node = k->node != NULL ? arena_strdup(a, k->node) : NULL;
	b->cgroup = kit_dupstr(a, cg.n > 0 ? cg : ev_str(k, "oom_memcg"));
	b->limit_bytes = ev_num_or(k, "limit_bytes", -1);
	b->usage_bytes = ev_num_or(k, "usage_bytes", -1);
	parts_other(b);
	holders_of(f, a, k, b);
	stats_evidence(f, a, k, b);
	return b;
}

static struct breakdown_q *
from_collection(const struct facts *f, struct arena *a)
{
	const struct event	*s = job_stat(f), *ev[2] = { NULL, NULL };
	struct breakdown_q	*b;

	if (s == NULL || (b = bd_new(a)) == NULL || !parts_of_stat(s, b))
		return NULL;
	b->at = "collection";
	b->node = s->node != NULL ? arena_strdup(a, s->node) : NULL;
	b->cgroup = kit_dupstr(a, ev_str(s, "cg_path"));
	stat_siblings(f, s, b, &ev[1]);
	/* A cgroup that had emptied by collection says nothing about what
	 * filled it. */
	if (b->usage_bytes < 0 || b->limit_bytes <= 0 ||
	    b->usage_bytes * 10 < b->limit_bytes * 9)
		return NULL;
	parts_other(b);
	ev[0] = s;
	evidence_list_of(f, a, ev, 2, &b->evidence);
	return b;
}

/* Did tmpfs (shmem) fill the job's cgroup at the kill, by the kernel's
 * own stats? A tmpfs file grows as it is written: no leak (series_view.c
 * asks before it calls a host series a leak). */
int
breakdown_shmem_filled(const struct facts *f, struct arena *a)
{
	const struct breakdown_q	*b;
	int64_t				 charge;

	if (f->kernel_memcg == NULL ||
	    (b = from_kernel(f, a, f->kernel_memcg)) == NULL)
		return 0;
	charge = b->usage_bytes;
	return charge > 0 && b->parts[P_SHMEM] * 2 >= charge;
}

/* The dominant part: at least DOMINANT_PCT of the charge; -1 none. */
static int
dominant(const struct breakdown_q *b, int64_t *pct)
{
	int64_t	charge = b->usage_bytes;

	if (charge <= 0)
		return -1;
	for (int i = 0; i < BD_PARTS; i++) {
		if (b->parts[i] <= 0 || b->parts[i] * 100 < charge *
		    DOMINANT_PCT)
			continue;
		*pct = (b->parts[i] * 100 + charge / 2) / charge;
		return i;
	}
	return -1;
}

static const struct holder_q *
victim_of(const struct breakdown_q *b)
{
	for (size_t i = 0; i < b->nholders; i++)
		if (b->holders[i].victim)
			return &b->holders[i];
	return NULL;
}

/* "python3 (pid 2595, step 6.batch)" */
static const char *
who(struct arena *a, const struct holder_q *h)
{
	return arena_printf(a, "%s (pid %" PRId64 "%s%s)", h->name != NULL ?
	    h->name : "?", h->pid, h->step != NULL ? ", step " : "",
	    h->step != NULL ? h->step : "");
}

/* anon: the victim's share and the rest, and the holder when it is not
 * the victim. */
static const char *
anon_sentence(struct arena *a, const struct breakdown_q *b, int64_t pct)
{
	const struct holder_q	*v = victim_of(b), *top;
	const char		*s;

	s = arena_printf(a, "Anonymous memory (heap, stacks, anonymous "
	    "mappings) filled %" PRId64 "%% of the charge (%s of %s).", pct,
	    fmt_bytes(a, b->parts[P_ANON]), fmt_bytes(a, b->usage_bytes));
	if (b->nholders == 0)
		return s;
	top = &b->holders[0];
	if (v != NULL && v->anon_bytes >= 0 && b->tasks_anon_bytes >= 0 &&
	    b->tasks > 1)
		s = arena_printf(a, "%s The victim %s had %s of anonymous "
		    "memory; the %" PRId64 " other task%s of the cgroup had "
		    "%s.", s, who(a, v), fmt_bytes(a, v->anon_bytes),
		    b->tasks - 1, b->tasks == 2 ? "" : "s", fmt_bytes(a,
		    nn(b->tasks_anon_bytes - v->anon_bytes)));
	else if (v != NULL)
		s = arena_printf(a, "%s The victim %s had %s resident (its "
		    "anon, file and shmem pages).", s, who(a, v),
		    fmt_bytes(a, v->rss_bytes));
	if (v != NULL && top != v && top->rss_bytes > v->rss_bytes &&
	    top->uid != 0)
		s = arena_printf(a, "%s The largest holder was %s with %s, "
		    "not the victim: the kernel kills by its own score, and "
		    "memory the holder keeps stays charged.", s, who(a, top),
		    fmt_bytes(a, top->rss_bytes));
	return s;
}

static const char *
part_sentence(struct arena *a, const struct breakdown_q *b, int part,
    int64_t pct)
{
	const char	*amt = arena_printf(a, "%" PRId64 "%% of the charge "
			    "(%s of %s)", pct, fmt_bytes(a, b->parts[part]),
			    fmt_bytes(a, b->usage_bytes));

	switch (part) {
	case P_ANON:
		return anon_sentence(a, b, pct);
	case P_SHMEM:
		return arena_printf(a, "Shared memory filled %s: files in a "
		    "tmpfs (/dev/shm, a job-private tmpfs) or memfd, charged "
		    "to the job that wrote them until they are deleted; no "
		    "process's RSS shows them.", amt);
	case P_DIRTY:
		return arena_printf(a, "Dirty page cache filled %s: written "
		    "data not yet on disk, which the kernel cannot reclaim "
		    "until it is written back.", amt);
	case P_CACHE:
		return arena_printf(a, "Page cache filled %s: file pages the "
		    "kernel could not reclaim fast enough (mapped, or in "
		    "active use).", amt);
	case P_KERNEL:
		return arena_printf(a, "Kernel memory charged to the job "
		    "(slab, page tables, stacks) filled %s.", amt);
	case P_SOCK:
		return arena_printf(a, "Socket buffers filled %s.", amt);
	}
	return arena_printf(a, "Memory the stats do not name filled %s.",
	    amt);
}

static const char *
part_next(int part, const char *dflt)
{
	switch (part) {
	case P_SHMEM:
		return "Hold --mem constant; find the files the job leaves in "
		    "/dev/shm (or its private tmpfs), delete them when done "
		    "(in the job or its epilog) or size that tmpfs for them; "
		    "raising --mem only moves the limit the files fill. Rerun "
		    "and require the oom-kill line to disappear.";
	case P_DIRTY:
		return "Hold --mem constant; write to a faster or node-local "
		    "filesystem, or flush as the job writes (smaller buffers, "
		    "periodic fsync), then rerun and require the oom-kill line "
		    "to disappear.";
	case P_KERNEL:
		return "Hold --mem constant; find which kernel memory grew "
		    "(memory.stat slab, sock and pagetables per step: many "
		    "open files, sockets or threads) and cut it, then rerun "
		    "and require the oom-kill line to disappear.";
	}
	return dflt;
}

/* Page cache waiting on writeback that tipped the cgroup over: another
 * part dominates (anonymous memory, mostly) but fit under the limit by
 * itself, and the dirty and writeback pages, which reclaim cannot free
 * until the file system has them, filled the rest. Writes faster than the
 * file system takes them are then the control, or a --mem that also holds
 * them. */
#define TIP_PCT		10	/* dirty + writeback, of the limit */
#define TIP_FIT_PCT	95	/* the rest, of the limit */

static int
writeback_tipped(const struct breakdown_q *b, int part)
{
	int64_t	d = b->parts[P_DIRTY], lim = b->limit_bytes;

	return part != P_DIRTY && part != P_SHMEM && d > 0 && lim > 0 &&
	    b->usage_bytes > 0 && d * 100 >= lim * TIP_PCT &&
	    (b->usage_bytes - d) * 100 < lim * TIP_FIT_PCT &&
	    b->usage_bytes * 100 >= lim * TIP_FIT_PCT;
}

static void
writeback_note(struct analysis *an, const struct breakdown_q *b)
{
	struct arena	*a = an->arena;
	const char	*reclaim = "";

	if (b->pgscan > 0 && b->pgsteal >= 0 && b->pgsteal * 10 < b->pgscan)
		reclaim = arena_printf(a, " Reclaim scanned %" PRId64 " pages "
		    "of the cgroup and freed %" PRId64 ".", b->pgscan,
		    b->pgsteal);
	an->verdict.summary = arena_printf(a, "%s Without the %s of page "
	    "cache waiting to be written back (dirty or under writeback: "
	    "reclaim cannot free it until the file system has it), the rest "
	    "of the charge (%s) fit under the %s limit: the job wrote faster "
	    "than its file system took the data, and that tipped the cgroup "
	    "over.%s", an->verdict.summary, fmt_bytes(a, b->parts[P_DIRTY]),
	    fmt_bytes(a, b->usage_bytes - b->parts[P_DIRTY]),
	    fmt_bytes(a, b->limit_bytes), reclaim);
	an->verdict.next_action = arena_printf(a, "Hold the rest of the job "
	    "constant; write to a faster or node-local file system, or flush "
	    "as the job writes (smaller buffers, periodic fsync, O_DIRECT "
	    "for large sequential writes), or raise --mem by the %s the "
	    "writes held, then rerun and require the oom-kill line to "
	    "disappear.", fmt_bytes(a, b->parts[P_DIRTY]));
}

/* The holder of another step than the victim's (an srun --overlap step
 * that grew until a process of another step was killed): its own --mem
 * is the control. NULL when the victim held most, or steps are unknown. */
static const struct holder_q *
other_step_holder(const struct breakdown_q *b)
{
	const struct holder_q	*v = victim_of(b), *top;

	if (v == NULL || b->nholders == 0)
		return NULL;
	top = &b->holders[0];
	if (top == v || top->uid == 0 || top->rss_bytes <= v->rss_bytes ||
	    top->step == NULL || v->step == NULL ||
	    strcmp(top->step, v->step) == 0)
		return NULL;
	return top;
}

/* The kernel killed the largest process, of a step that held steady,
 * while another step grew into the job's limit (an srun --overlap step
 * started beside it): a watch series says which. */
static void
grower_note(const struct facts *f, struct analysis *an,
    const struct breakdown_q *b)
{
	const struct holder_q	*v = victim_of(b);
	const char		*dot, *g, *job;
	struct arena		*a = an->arena;
	int64_t			 rise, span;

	if (v == NULL || v->step == NULL || (dot = strrchr(v->step, '.')) ==
	    NULL || (g = series_grower(f, a, dot + 1, b->limit_bytes, &rise,
	    &span)) == NULL)
		return;
	job = arena_printf(a, "%.*s", (int)(dot - v->step), v->step);
	an->verdict.summary = arena_printf(a, "%s Step %s.%s grew by %s in "
	    "the %" PRId64 " s before the kill (the watch series) while step "
	    "%s, whose process the kernel killed as the largest, held "
	    "steady: the steps share the job's limit, and the step that "
	    "grew filled it.", an->verdict.summary, job, g, fmt_bytes(a,
	    rise), span / 1000000000, v->step);
	an->verdict.next_action = arena_printf(a, "Hold the job's --mem "
	    "constant; give step %s.%s its own --mem (srun --mem for that "
	    "step, so it is capped apart from the others, also under "
	    "--overlap) or run it after step %s, and require the oom-kill "
	    "line to disappear.", job, g, v->step);
}

static void
fill_verdict(const struct facts *f, struct analysis *an,
    const struct breakdown_q *b)
{
	struct arena	*a = an->arena;
	struct filled_by *fb;
	int64_t		 pct = 0;
	int		 part = dominant(b, &pct);

	if (part < 0 || (fb = arena_zalloc(a, sizeof(*fb))) == NULL)
		return;
	fb->part = breakdown_part_names[part];
	fb->share = pct;
	fb->evidence = b->evidence;
	an->verdict.filled_by = fb;
	an->verdict.summary = arena_printf(a, "%s %s", an->verdict.summary,
	    part_sentence(a, b, part, pct));
	an->verdict.next_action = part_next(part, an->verdict.next_action);
	if (writeback_tipped(b, part))
		writeback_note(an, b);
	else if (part == P_ANON && other_step_holder(b) != NULL) {
		const struct holder_q	*h = other_step_holder(b);

		an->verdict.summary = arena_printf(a, "%s Step %s held the "
		    "memory and a process of step %s was killed: the steps "
		    "share the job's limit.", an->verdict.summary, h->step,
		    victim_of(b)->step);
		an->verdict.next_action = arena_printf(a, "Hold the job's "
		    "--mem constant; give step %s its own --mem (srun --mem "
		    "for that step, so it is capped apart from the others, "
		    "also under --overlap) or run it after step %s, and "
		    "require the oom-kill line to disappear.", h->step,
		    victim_of(b)->step);
	} else if (part == P_ANON)
		grower_note(f, an, b);
}

/* Swap at the kill: a job that was swapping hard before it died. */
#define SWAP_HARD_PCT	10	/* of the limit */

static void
swap_note(struct analysis *an, const struct breakdown_q *b)
{
	struct arena	*a = an->arena;

	if (b->swap_bytes <= 0 || b->limit_bytes <= 0 || b->swap_bytes *
	    100 < b->limit_bytes * SWAP_HARD_PCT)
		return;
	an->verdict.summary = arena_printf(a, "%s It was swapping hard "
	    "before it ended: %s of its memory was in swap at %s, on top of "
	    "the %s limit.", an->verdict.summary, fmt_bytes(a, b->swap_bytes),
	    strcmp(b->at, "kill") == 0 ? "the kill" : "collection",
	    fmt_bytes(a, b->limit_bytes));
}

/* The MaxRSS explanation (usage.c) gains what RSS cannot see: page
 * cache, tmpfs and kernel memory are charged to the cgroup but are no
 * process's anonymous memory. */
static void
usage_note(struct analysis *an, const struct breakdown_q *b)
{
	struct arena	*a = an->arena;
	int64_t		 unseen = nn(b->parts[P_CACHE]) + nn(b->parts[P_DIRTY]) +
			    nn(b->parts[P_SHMEM]) + nn(b->parts[P_KERNEL]) +
			    nn(b->parts[P_SOCK]);

	if (an->nusage == 0 || an->usage[0].summary == NULL ||
	    b->usage_bytes <= 0)
		return;
	if (unseen * 10 < b->usage_bytes)
		an->usage[0].summary = arena_printf(a, "%s %s, the charge was "
		    "mostly anonymous memory (%s of %s), which RSS counts.", an->usage[0].summary, strcmp(b->at, "kill") ==
		    0 ? "At the kill" : "At collection", fmt_bytes(a,
		    nn(b->parts[P_ANON])), fmt_bytes(a, b->usage_bytes));
	else
		an->usage[0].summary = arena_printf(a, "%s %s, %s of the %s "
		    "charged was page cache, tmpfs (shmem) or kernel memory: "
		    "charged to the cgroup, yet no process's anonymous memory "
		    "(an RSS counts such pages only while the process maps "
		    "them).",
		    an->usage[0].summary, strcmp(b->at, "kill") == 0 ?
		    "At the kill" : "At collection", fmt_bytes(a, unseen),
		    fmt_bytes(a, b->usage_bytes));
}

/*
 * memory_stall (R-HOST-010), a refinement of time_limit, not_oom_other
 * and of no_incident while the job still runs (a job that COMPLETED is
 * no incident however slow): nothing was OOM-killed, but the job's memory cgroup was
 * at its limit (charge >= 95%) with memory that cannot be reclaimed
 * (anon + shmem >= 60% of the limit) and the kernel reclaiming at the
 * limit (v2 memory.events max or v1 failcnt > 0) while the job re-read
 * its own evicted file pages (workingset refaults, else major faults,
 * worth at least the limit): it thrashed at its limit. Page cache alone
 * at the limit is normal and does not fire. The counters are cumulative
 * and the snapshot one: medium confidence, high when the cgroup's PSI
 * (memory.pressure) has every task stalled >= 10% of the last minute;
 * PSI below 1% over one and five minutes says there was no stall.
 */
#define STALL_AT_PCT	95
#define PSI_STALL	1000	/* full avg10 or avg60 >= 10.00%: confirms */
#define PSI_NONE	100	/* full avg60, avg300 < 1.00%: no stall */
#define STALL_UNRECL_PCT 60
#define STALL_SWAP_PCT	10	/* of the limit in swap */
#define PAGE		4096

/* The input (bundle) event ev came from; NULL when not in the timeline. */
static const struct input *
input_of(const struct facts *f, const struct event *ev)
{
	size_t	i = facts_index_of(f, ev);

	return i != (size_t)-1 ? f->tl->in[i] : NULL;
}

/* The job cgroup's file of that name: same path, from the same snapshot
 * (input) as s; several snapshots of one job each carry one. */
static const struct event *
cg_file(const struct facts *f, const struct event *s, const char *file)
{
	struct str		 path = ev_str(s, "cg_path");
	const struct input	*in = input_of(f, s);

	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];
		struct str		 p = ev_str(ev, "cg_path");

		if (ev->kind == EV_CGROUP_MEM && f->tl->in[i] == in &&
		    p.n == path.n && memcmp(p.p, path.p, p.n) == 0 &&
		    str_eq(ev_str(ev, "file"), file) &&
		    ev_num_or(ev, "local", 0) == 0)
			return ev;
	}
	return NULL;
}

/* A counter of the job cgroup's memory.events / memory.failcnt / stat,
 * from the same snapshot as s. */
static int64_t
cg_counter(const struct facts *f, const struct event *s, const char *file,
    const char *field)
{
	return ev_num_or(cg_file(f, s, file), field, -1);
}

/*
 * The share of the job's life its tasks all stalled on memory, in
 * hundredths of a percent (PSI's own unit): memory.pressure's cumulative
 * full total over the time from the job's start to this snapshot's
 * collection; -1 when either is unknown.  The 60 s and 300 s averages
 * of a job younger than their window understate a stall that began with
 * it (a 20 s old job stalled all along shows avg300 near 6%); its total
 * does not.
 */
static int64_t
psi_life_share(const struct facts *f, const struct event *s,
    const struct event *psi, int64_t *age_s)
{
	const struct input	*in = input_of(f, s);
	int64_t			 total_us = ev_num_or(psi, "psi_full_total_us",
				    -1), age_ns;

	*age_s = -1;
	if (in == NULL || in->created_ns <= 0 || !f->have_window ||
	    f->job_from_ns <= 0 || in->created_ns <= f->job_from_ns)
		return -1;
	age_ns = in->created_ns - f->job_from_ns;
	*age_s = age_ns / 1000000000LL;
	if (total_us < 0 || age_ns < 1000000000LL)
		return -1;
	/* total_us * 1000 / age_ns is the share; * 10000 for hundredths */
	if (total_us > INT64_MAX / 10000000)
		return 10000;
	return total_us * 10000000 / age_ns > 10000 ? 10000 :
	    total_us * 10000000 / age_ns;
}

/* From the newest snapshot of the job's cgroup: 1 a stall, -1 its PSI
 * says none, 0 it does not tell (then a watch series may). */
static int
stall_snapshot(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s, *lim = NULL, *psi;
	struct breakdown_q	 b;
	int64_t			 unrecl, hits, refault, majflt, full60, full300;
	int64_t			 full10, fullmax, life, age_s;
	int			 v1, swapping;

	if ((s = job_stat(f)) == NULL)
		return 0;
	memset(&b, 0, sizeof(b));
	b.limit_bytes = b.usage_bytes = b.swap_bytes = -1;
	if (!parts_of_stat(s, &b))
		return 0;
	stat_siblings(f, s, &b, &lim);
	if (b.limit_bytes <= 0 || b.usage_bytes * 100 < b.limit_bytes *
	    STALL_AT_PCT)
		return 0;
	unrecl = nn(b.parts[P_ANON]) + nn(b.parts[P_SHMEM]);
	if (unrecl * 100 < b.limit_bytes * STALL_UNRECL_PCT)
		return 0;
	v1 = ev_field(s, "total_rss") != NULL;
	hits = v1 ? cg_counter(f, s, "memory.failcnt", "failcnt") :
	    cg_counter(f, s, "memory.events", "max");
	refault = ev_num_or(s, v1 ? "total_workingset_refault_file" :
	    "workingset_refault_file", -1);
	if (refault < 0)
		refault = ev_num_or(s, "workingset_refault", -1);
	majflt = ev_num_or(s, v1 ? "total_pgmajfault" : "pgmajfault", -1);
	psi = cg_file(f, s, "memory.pressure");
	full60 = ev_num_or(psi, "psi_full_avg60", -1);
	full300 = ev_num_or(psi, "psi_full_avg300", -1);
	full10 = ev_num_or(psi, "psi_full_avg10", -1);
	life = psi_life_share(f, s, psi, &age_s);
	/* swapping its own memory in and out: much of it in swap beyond the
	 * limit while its tasks stall (swap-ins are read ahead in clusters:
	 * neither refaults nor major faults count them all) */
	swapping = b.swap_bytes > 0 && b.swap_bytes * 100 >= b.limit_bytes *
	    STALL_SWAP_PCT && (full10 >= PSI_STALL || full60 >= PSI_STALL ||
	    life >= PSI_STALL);
	if (hits <= 0 || !((refault > 0 && refault * PAGE >= b.limit_bytes) ||
	    (majflt > 0 && majflt * PAGE >= b.limit_bytes) || swapping))
		return 0;
	/* PSI that saw no stall overrules the counters; averages over windows
	 * longer than the job's life only when its total agrees */
	if (full60 >= 0 && full60 < PSI_NONE && full300 < PSI_NONE &&
	    (life < 0 || life < PSI_NONE))
		return -1;
	rmatch_support(m, s);
	rmatch_support(m, lim);
	/* the last minute; a stall still going on shows in the last 10 s
	 * first */
	fullmax = full60 >= PSI_STALL || full10 < full60 ? full60 : full10;
	if (fullmax >= PSI_STALL) {
		m->confidence = "high";
		m->confidence_reason = arena_printf(a, "the job's memory "
		    "cgroup at its limit with reclaim and refault counters, "
		    "and its PSI: every task stalled on memory for a large "
		    "share of the last %s", fullmax == full60 ? "minute" :
		    "10 seconds");
		rmatch_support(m, psi);
	} else if (life >= PSI_STALL) {
		m->confidence = "high";
		m->confidence_reason = arena_printf(a, "the job's memory "
		    "cgroup at its limit with reclaim and refault counters, "
		    "and its PSI total: every task stalled on memory for a "
		    "large share of the job's %" PRId64 " s so far", age_s);
		rmatch_support(m, psi);
	} else {
		m->confidence = "medium";
		m->confidence_reason = "one snapshot of the job's memory cgroup "
		    "at its limit, with cumulative reclaim and refault "
		    "counters; a watch series or PSI over the last minutes "
		    "would make it certain";
	}
	if (swapping)
		m->detail = arena_printf(a, "Nothing was OOM-killed, but the "
		    "job's memory cgroup was at its limit when collected (%s "
		    "of %s), %" PRId64 "%% of it anonymous or shared memory, "
		    "and %s more of its memory was in swap: the kernel hit "
		    "the limit %" PRId64 " time%s and swapped the job's own "
		    "memory out and back in as it used it: it was swapping "
		    "hard at its limit.", fmt_bytes(a, b.usage_bytes),
		    fmt_bytes(a, b.limit_bytes), (unrecl * 100 +
		    b.limit_bytes / 2) / b.limit_bytes, fmt_bytes(a,
		    b.swap_bytes), hits, hits == 1 ? "" : "s");
	else
		m->detail = arena_printf(a, "Nothing was OOM-killed, but the "
		    "job's memory cgroup was at its limit when collected (%s "
		    "of %s), %" PRId64 "%% of it anonymous or shared memory "
		    "that cannot be reclaimed; the kernel hit the limit %"
		    PRId64 " time%s and the job re-read %s of its evicted "
		    "file pages: it thrashed at its limit.", fmt_bytes(a,
		    b.usage_bytes), fmt_bytes(a, b.limit_bytes), (unrecl *
		    100 + b.limit_bytes / 2) / b.limit_bytes, hits, hits == 1 ?
		    "" : "s", fmt_bytes(a, refault > 0 && refault * PAGE >=
		    b.limit_bytes ? refault * PAGE : majflt * PAGE));
	if (fullmax >= PSI_STALL)
		m->detail = arena_printf(a, "%s Its pressure stall information "
		    "(memory.pressure) says all its tasks waited on memory "
		    "%" PRId64 ".%02" PRId64 "%% of the last %s.", m->detail,
		    fullmax / 100, fullmax % 100, fullmax == full60 ?
		    "minute" : "10 seconds");
	else if (life >= PSI_STALL)
		m->detail = arena_printf(a, "%s Its pressure stall information "
		    "(memory.pressure's total) says all its tasks waited on "
		    "memory %" PRId64 ".%02" PRId64 "%% of the %" PRId64 " s "
		    "from the job's start to the collection.", m->detail,
		    life / 100, life % 100, age_s);
	return 1;
}

int
stall_match(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*job = f->sacct_job != NULL ? f->sacct_job :
				    f->scontrol_job;
	int			 r;

	if (f->kernel_memcg != NULL || f->kernel_global != NULL ||
	    f->cg_oom != NULL || f->oom_step != NULL)
		return 0;
	/* a job that completed was slow at worst: no incident */
	if (job != NULL && str_eq(ev_str(job, job == f->sacct_job ? "state" :
	    "job_state"), "COMPLETED"))
		return 0;
	if ((r = stall_snapshot(f, a, m)) != 0)
		return r > 0;
	return series_stall(f, a, m);
}

/* What the kill took, and which setting decided it: the kernel kills one
 * process unless the cgroup has memory.oom.group set (cgroup v2; Slurm
 * sets it with OOMKillStep / srun --oom-kill-step), and Slurm ends the
 * step's other tasks after one dies only with KillOnBadExit=1. */
static void
kill_note(const struct facts *f, struct analysis *an)
{
	const struct event	*k = f->kernel_memcg;
	const struct event	*cfg = f->first[EV_SCONTROL_CONFIG];
	struct str		 kobe = cfg != NULL ? str_trim(ev_str(cfg,
				    "KillOnBadExit")) : str_make(NULL, 0);
	const char		*s;

	if (k == NULL || an->nusage == 0 || an->usage[0].summary == NULL)
		return;
	if (ev_num_or(k, "oom_group", 0) == 1)
		s = "The kernel killed every process of the cgroup together "
		    "(memory.oom.group set: Slurm's OOMKillStep or srun "
		    "--oom-kill-step).";
	else
		s = arena_printf(an->arena, "The kernel killed one process "
		    "(pid %" PRId64 ")%s%s", k->pid, str_eq(ev_str(k,
		    "stats_layout"), "v2") && ev_num_or(k, "partial", 1) == 0 ?
		    ", memory.oom.group being unset "
		    "(Slurm's OOMKillStep off)" : "", str_eq(kobe, "1") ?
		    "; KillOnBadExit=1 made Slurm end the step's other tasks." :
		    str_eq(kobe, "0") ? "; with KillOnBadExit=0 the step's "
		    "other tasks ran on until they ended." : ".");
	an->usage[0].summary = arena_printf(an->arena, "%s %s",
	    an->usage[0].summary, s);
}

/* Another failing cgroup than those already in v[0..n): a memcg kill of
 * this job, on another node or cgroup, whose report has stats. */
static int
another_cgroup(const struct facts *f, const struct event *ev,
    const struct breakdown_q *v, size_t n)
{
	struct str	cg = ev_str(ev, "stats_memcg");

	if (ev->kind != EV_KERNEL_OOM || ev == f->kernel_memcg ||
	    facts_foreign(f, ev) || !str_eq(ev_str(ev, "scope"), "memcg") ||
	    ev_field(ev, "stats_line") == NULL)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (v[i].cgroup != NULL && str_eq(cg, v[i].cgroup) &&
		    ((v[i].node == NULL && ev->node == NULL) ||
		    (v[i].node != NULL && ev->node != NULL &&
		    strcmp(v[i].node, ev->node) == 0)))
			return 0;
	return 1;
}

void
breakdown_views(const struct facts *f, struct analysis *an)
{
	const struct event	*k = f->kernel_memcg;
	struct breakdown_q	*b = NULL, *v, *o;
	size_t			 n = 1;

	if (an->verdict.cause == NULL ||
	    (strcmp(an->verdict.cause, "host_oom") != 0 &&
	    strcmp(an->verdict.cause, "memory_stall") != 0))
		return;
	if (k != NULL)
		b = from_kernel(f, an->arena, k);
	if (b == NULL && k == NULL && f->kernel_global == NULL)
		b = from_collection(f, an->arena);
	if (b == NULL ||
	    (v = arena_zalloc(an->arena, BD_MAX * sizeof(*v))) == NULL)
		return;
	v[0] = *b;
	/* the other cgroups that failed (other nodes of the job, other
	 * steps' own limits), after the initiating one */
	for (size_t i = 0; k != NULL && i < f->tl->n && n < BD_MAX; i++)
		if (another_cgroup(f, f->tl->v[i], v, n) &&
		    (o = from_kernel(f, an->arena, f->tl->v[i])) != NULL)
			v[n++] = *o;
	an->breakdown = v;
	an->nbreakdown = n;
	fill_verdict(f, an, &v[0]);
	swap_note(an, &v[0]);
	usage_note(an, &v[0]);
	kill_note(f, an);
}
