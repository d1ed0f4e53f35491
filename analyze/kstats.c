/*
 * kstats: the memory cgroup's stats and the task table of a kernel
 * memory-cgroup OOM report (see kstats.h), in every layout kernels print:
 *
 *  - 3.10 - 4.x, cgroup v1: one line per cgroup of the subtree,
 *    "Memory cgroup stats for /13: cache:4KB rss:0KB rss_huge:0KB ...",
 *    each with that cgroup's own pages: the lines are summed.
 *  - 5.x+, cgroup v1: "Memory cgroup stats for <path>:" then one
 *    "key value" line each, in bytes: the cgroup's own values ("rss N")
 *    and then the subtree's ("total_rss N"), which win.
 *  - cgroup v2: the same block in memory.stat's v2 keys, hierarchical
 *    ("anon N", "file N", "kernel N", "shmem N", "file_dirty N", ...).
 *
 * The task table's columns changed too (3.x nr_ptes; 4.1-4.14 nr_ptes
 * nr_pmds; 4.15+ pgtables_bytes; 6.x rss_anon rss_file rss_shmem), so its
 * header line is read for the order and every row is read by it. Memory
 * values in the rows are pages; kstats_emit finds the page size from the
 * victim's own row and its "Killed process" line where it can.
 */
#include <stdint.h>
#include <string.h>

#include "kstats.h"

#define NITEMS(a)	(sizeof(a) / sizeof((a)[0]))
#define PG_CAP		(INT64_MAX / 65536)	/* pages: bytes stay int64 */

static const struct mskey {
	const char	*name;
	int		 slot;
	int		 layout;	/* which layout the key proves, or 0 */
} mskeys[] = {
	{ "anon", MS_ANON, KS_V2 },
	{ "rss", MS_ANON, KS_V1 },
	{ "file", MS_FILE, KS_V2 },
	{ "cache", MS_FILE, KS_V1 },
	{ "shmem", MS_SHMEM, 0 },
	{ "file_dirty", MS_DIRTY, KS_V2 },
	{ "dirty", MS_DIRTY, KS_V1 },
	{ "file_writeback", MS_WRITEBACK, KS_V2 },
	{ "writeback", MS_WRITEBACK, KS_V1 },
	{ "kernel", MS_KERNEL, KS_V2 },
	{ "kernel_stack", MS_KPARTS, KS_V2 },
	{ "pagetables", MS_KPARTS, KS_V2 },
	{ "sec_pagetables", MS_KPARTS, KS_V2 },
	{ "percpu", MS_KPARTS, KS_V2 },
	{ "slab", MS_KPARTS, KS_V2 },
	{ "vmalloc", MS_KPARTS, KS_V2 },
	{ "sock", MS_SOCK, KS_V2 },
	{ "swap", MS_SWAP, KS_V1 },
	{ "pgmajfault", MS_MAJFLT, 0 },
	{ "pgscan", MS_PGSCAN, KS_V2 },
	{ "pgsteal", MS_PGSTEAL, KS_V2 },
};

enum { TC_NONE, TC_UID, TC_TGID, TC_VM, TC_RSS, TC_SWAP, TC_PGT_BYTES,
    TC_PTES, TC_ADJ, TC_ANON, TC_OTHER };

static const struct { const char *name; int kind; } tcols[] = {
	{ "uid", TC_UID }, { "tgid", TC_TGID }, { "total_vm", TC_VM },
	{ "rss", TC_RSS }, { "swapents", TC_SWAP },
	{ "pgtables_bytes", TC_PGT_BYTES }, { "nr_ptes", TC_PTES },
	{ "oom_score_adj", TC_ADJ }, { "rss_anon", TC_ANON },
};

void
kstats_init(struct kstats *k)
{
	memset(k, 0, sizeof(*k));
	k->kmem_bytes = -1;
}

/* Next whitespace-separated token of *s, or {NULL,0}. */
static struct str
token(struct str *s)
{
	const char	*p = s->p, *e = s->p + s->n, *q;

	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	for (q = p; q < e && *q != ' ' && *q != '\t'; q++)
		;
	*s = str_make(q, (size_t)(e - q));
	return str_make(p, (size_t)(q - p));
}

static int
u64_of(struct str s, int64_t *v)
{
	int64_t	n = 0;

	if (s.n == 0)
		return -1;
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] < '0' || s.p[i] > '9')
			return -1;
		/* Larger than any memory: "unlimited" limits; kept at max. */
		n = n > (INT64_MAX - 9) / 10 ? INT64_MAX : n * 10 +
		    (s.p[i] - '0');
	}
	*v = n;
	return 0;
}

static int
i64_of(struct str s, int64_t *v)
{
	if (s.n > 1 && s.p[0] == '-') {
		if (u64_of(str_make(s.p + 1, s.n - 1), v) == -1)
			return -1;
		*v = -*v;
		return 0;
	}
	return u64_of(s, v);
}

static const struct mskey *
mskey_of(struct str name)
{
	for (size_t i = 0; i < NITEMS(mskeys); i++)
		if (str_eq(name, mskeys[i].name))
			return &mskeys[i];
	return NULL;
}

/* Adds one value: total_* to tot, the rest to own. Unknown keys are
 * fine (memory.stat grows with every kernel). */
static void
ms_add(struct kstats *k, struct str name, int64_t v)
{
	const struct mskey	*m;
	int			 total = 0;

	if (name.n > 6 && memcmp(name.p, "total_", 6) == 0) {
		total = 1;
		name = str_make(name.p + 6, name.n - 6);
	}
	if ((m = mskey_of(name)) == NULL)
		return;
	if (k->layout == 0 && m->layout != 0)
		k->layout = m->layout;
	if (total) {
		if (v < INT64_MAX && k->tot[m->slot] <= INT64_MAX - v)
			k->tot[m->slot] += v;
		k->seen_tot |= 1u << m->slot;
	} else {
		if (v < INT64_MAX && k->own[m->slot] <= INT64_MAX - v)
			k->own[m->slot] += v;
		k->seen_own |= 1u << m->slot;
	}
}

/* " cache:4KB rss:0KB ..." */
static void
inline_stats(struct kstats *k, struct str rest)
{
	struct str	t, name, num;
	const char	*c;
	int64_t		v;

	while ((t = token(&rest)).n > 0) {
		if ((c = memchr(t.p, ':', t.n)) == NULL)
			continue;
		name = str_make(t.p, (size_t)(c - t.p));
		num = str_make(c + 1, (size_t)(t.p + t.n - c - 1));
		if (num.n < 3 || memcmp(num.p + num.n - 2, "KB", 2) != 0 ||
		    u64_of(str_make(num.p, num.n - 2), &v) == -1 ||
		    v > INT64_MAX / 1024)
			continue;
		ms_add(k, name, v * 1024);
	}
}

void
kstats_header(struct kstats *k, struct str rest, uint32_t line)
{
	int	layout = k->layout;

	if (k->stats_line == 0)
		k->stats_line = line;
	k->levels++;
	rest = str_trim(rest);
	if (rest.n == 0) {
		k->in_stats = 1;
		return;
	}
	k->in_stats = 0;
	inline_stats(k, rest);
	/* The inline keys (cache, rss) are v1's: say which layout. */
	if (layout == 0 && k->layout != 0)
		k->layout = KS_INLINE;
}

int
kstats_line(struct kstats *k, struct str body)
{
	struct str	s = str_trim(body), name, num;
	const char	*nl;
	int64_t		v;

	if (!k->in_stats)
		return 0;
	/* /dev/kmsg escapes the newlines of one multi-line record. */
	if ((nl = str_find(s, "\\x0a")) != NULL) {
		if (!kstats_line(k, str_make(s.p, (size_t)(nl - s.p))))
			return 0;
		if (s.p + s.n == nl + 4)
			return 1;
		return kstats_line(k, str_make(nl + 4,
		    (size_t)(s.p + s.n - nl - 4)));
	}
	name = token(&s);
	num = token(&s);
	if (name.n == 0 || s.n != 0 || u64_of(num, &v) == -1) {
		k->in_stats = 0;
		return 0;
	}
	for (size_t i = 0; i < name.n; i++)
		if (!((name.p[i] >= 'a' && name.p[i] <= 'z') ||
		    (name.p[i] >= '0' && name.p[i] <= '9') ||
		    name.p[i] == '_')) {
			k->in_stats = 0;
			return 0;
		}
	ms_add(k, name, v);
	return 1;
}

/* "[  pid  ]" or "[ pid ]" opens both the header and nothing else. */
static int
pid_bracket(struct str *s, int64_t *pid)
{
	const char	*p = s->p, *e = s->p + s->n, *q;

	if (p >= e || *p != '[')
		return 0;
	for (p++; p < e && *p == ' '; p++)
		;
	for (q = p; q < e && *q != ' ' && *q != ']'; q++)
		;
	if (pid == NULL ? !(q - p == 3 && memcmp(p, "pid", 3) == 0) :
	    u64_of(str_make(p, (size_t)(q - p)), pid) == -1)
		return 0;
	while (q < e && *q == ' ')
		q++;
	if (q >= e || *q != ']')
		return 0;
	*s = str_make(q + 1, (size_t)(e - q - 1));
	return 1;
}

int
kstats_tasks_header(struct kstats *k, struct str body, uint32_t line)
{
	struct str	s = str_trim(body), t;
	int		rss = 0;

	if (!pid_bracket(&s, NULL))
		return 0;
	k->ncol = 0;
	while ((t = token(&s)).n > 0 && !str_eq(t, "name")) {
		int	kind = TC_OTHER;

		for (size_t i = 0; i < NITEMS(tcols); i++)
			if (str_eq(t, tcols[i].name))
				kind = tcols[i].kind;
		rss |= kind == TC_RSS;
		k->has_anon |= kind == TC_ANON;
		if (k->ncol == KS_COLS)
			return 0;
		k->col[k->ncol++] = kind;
	}
	if (!rss || t.n == 0)
		return 0;
	k->in_tasks = 1;
	k->tasks_line = line;
	return 1;
}

/* Keeps the KS_HOLDERS largest by rss + swap, largest first. */
static void
keep_top(struct kstats *k, const struct ks_task *t)
{
	int	i;

	if (k->ntop == KS_HOLDERS && t->rss + t->swap <=
	    k->top[KS_HOLDERS - 1].rss + k->top[KS_HOLDERS - 1].swap)
		return;
	i = k->ntop < KS_HOLDERS ? k->ntop++ : KS_HOLDERS - 1;
	for (; i > 0 && k->top[i - 1].rss + k->top[i - 1].swap <
	    t->rss + t->swap; i--)
		k->top[i] = k->top[i - 1];
	k->top[i] = *t;
}

int
kstats_task_row(struct kstats *k, struct str body)
{
	struct str	s = str_trim(body);
	struct ks_task	task = { .pid = -1, .uid = -1, .pgtables_bytes = -1,
			    .anon = -1 };
	int64_t		v;

	if (!k->in_tasks)
		return 0;
	if (!pid_bracket(&s, &task.pid)) {
		k->in_tasks = 0;
		return 0;
	}
	for (int i = 0; i < k->ncol; i++) {
		if (i64_of(token(&s), &v) == -1) {
			k->in_tasks = 0;
			return 0;
		}
		switch (k->col[i]) {
		case TC_UID:
			task.uid = v;
			break;
		case TC_RSS:
			task.rss = v < 0 ? 0 : v > PG_CAP ? PG_CAP : v;
			break;
		case TC_SWAP:
			task.swap = v < 0 ? 0 : v > PG_CAP ? PG_CAP : v;
			break;
		case TC_PGT_BYTES:
			task.pgtables_bytes = v;
			break;
		case TC_ANON:
			task.anon = v < 0 ? 0 : v > PG_CAP ? PG_CAP : v;
			break;
		}
	}
	task.name = str_trim(s);
	k->ntasks++;
	k->rss_total = k->rss_total > PG_CAP - task.rss ? PG_CAP :
	    k->rss_total + task.rss;
	k->swap_total = k->swap_total > PG_CAP - task.swap ? PG_CAP :
	    k->swap_total + task.swap;
	if (task.anon >= 0)
		k->anon_total = k->anon_total > PG_CAP - task.anon ? PG_CAP :
		    k->anon_total + task.anon;
	keep_top(k, &task);
	return 1;
}

/* The value of a slot: the subtree's (v1 total_*) when printed. */
static int64_t
ms_val(const struct kstats *k, int slot)
{
	if (k->seen_tot & (1u << slot))
		return k->tot[slot];
	if (k->seen_own & (1u << slot))
		return k->own[slot];
	return -1;
}

/* Page size from the victim: its RSS in kB on the kill line over its
 * row's rss in pages; 4096 (said so) when that does not give one. */
static int64_t
page_bytes(const struct kstats *k, int64_t pid, int64_t rss_bytes,
    int *assumed)
{
	static const int64_t	sizes[] = { 4096, 16384, 65536 };

	*assumed = 1;
	for (int i = 0; i < k->ntop && rss_bytes > 0; i++) {
		if (k->top[i].pid != pid || k->top[i].rss <= 0)
			continue;
		for (size_t j = 0; j < NITEMS(sizes); j++)
			if (rss_bytes / k->top[i].rss == sizes[j] &&
			    rss_bytes % k->top[i].rss == 0) {
				*assumed = 0;
				return sizes[j];
			}
	}
	return 4096;
}

static const char *const hf[KS_HOLDERS][6] = {
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

static int
emit_tasks(const struct kstats *k, struct event *ev, struct arena *a,
    int64_t pid, int64_t rss_bytes)
{
	int	assumed;
	int64_t	pg = page_bytes(k, pid, rss_bytes, &assumed);

	if (ev_set_num(ev, a, "tasks_n", k->ntasks) == -1 ||
	    ev_set_num(ev, a, "tasks_line", k->tasks_line) == -1 ||
	    ev_set_num(ev, a, "tasks_page_bytes", pg) == -1 ||
	    ev_set_num(ev, a, "tasks_page_assumed", assumed) == -1 ||
	    ev_set_num(ev, a, "tasks_rss_bytes", k->rss_total * pg) == -1 ||
	    ev_set_num(ev, a, "tasks_swap_bytes", k->swap_total * pg) == -1)
		return -1;
	for (int i = 0; i < k->ntop; i++) {
		const struct ks_task	*t = &k->top[i];

		if (ev_set_num(ev, a, hf[i][0], t->pid) == -1 ||
		    ev_set_num(ev, a, hf[i][1], t->uid) == -1 ||
		    ev_set_num(ev, a, hf[i][2], t->rss * pg) == -1 ||
		    ev_set_num(ev, a, hf[i][3], t->swap * pg) == -1 ||
		    ev_set_str(ev, a, hf[i][4], t->name) == -1 ||
		    (t->anon >= 0 && ev_set_num(ev, a, hf[i][5], t->anon * pg)
		    == -1))
			return -1;
	}
	if (k->has_anon && ev_set_num(ev, a, "tasks_anon_bytes",
	    k->anon_total * pg) == -1)
		return -1;
	return 0;
}

static const struct { int slot; const char *field; } msout[] = {
	{ MS_ANON, "stats_anon_bytes" }, { MS_FILE, "stats_file_bytes" },
	{ MS_SHMEM, "stats_shmem_bytes" }, { MS_SOCK, "stats_sock_bytes" },
	{ MS_SWAP, "stats_swap_bytes" }, { MS_MAJFLT, "stats_pgmajfault" },
	{ MS_PGSCAN, "stats_pgscan" }, { MS_PGSTEAL, "stats_pgsteal" },
};

static int
emit_stats(const struct kstats *k, struct event *ev, struct arena *a)
{
	static const char *const names[] = { "unknown", "v1", "v2",
	    "v1_inline" };
	int64_t	v, w;

	if (ev_set_str(ev, a, "stats_layout", str_cstr(names[k->layout]))
	    == -1 || ev_set_num(ev, a, "stats_line", k->stats_line) == -1 ||
	    ev_set_num(ev, a, "stats_levels", k->levels) == -1)
		return -1;
	for (size_t i = 0; i < NITEMS(msout); i++)
		if ((v = ms_val(k, msout[i].slot)) >= 0 &&
		    ev_set_num(ev, a, msout[i].field, v) == -1)
			return -1;
	v = ms_val(k, MS_DIRTY);
	w = ms_val(k, MS_WRITEBACK);
	if ((v >= 0 || w >= 0) && ev_set_num(ev, a, "stats_dirty_bytes",
	    (v > 0 ? v : 0) + (w > 0 ? w : 0)) == -1)
		return -1;
	/* Kernel memory: v2's own line, else its parts; v1 charges kmem
	 * to the memory counter and prints it on the "kmem:" line. */
	if ((v = ms_val(k, MS_KERNEL)) < 0)
		v = ms_val(k, MS_KPARTS);
	if (v < 0 && k->layout != KS_V2)
		v = k->kmem_bytes;
	if (v >= 0 && ev_set_num(ev, a, "stats_kernel_bytes", v) == -1)
		return -1;
	return 0;
}

int
kstats_emit(const struct kstats *k, struct event *ev, struct arena *a,
    int64_t victim_pid, int64_t victim_rss_bytes)
{
	if ((k->seen_own | k->seen_tot) != 0 && emit_stats(k, ev, a) == -1)
		return -1;
	if (k->tasks_line != 0 && emit_tasks(k, ev, a, victim_pid,
	    victim_rss_bytes) == -1)
		return -1;
	return 0;
}
