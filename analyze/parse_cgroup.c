/*
 * parse_cgroup: one memory cgroup interface file, v1 or v2.
 *
 * The file's bundle path says what it is: "cgroup/memory/<path>/memory.X"
 * for v1 (the first component after cgroup/ is the v1 mount, memory) and
 * "cgroup/<path>/memory.X" for v2. The base name picks a row of cgfiles[]
 * (single-value files such as memory.max or memory.failcnt, flat-keyed
 * files such as memory.events, memory.oom_control or memory.stat); the
 * cgroup path says where Slurm's job, step and task are
 * (parse_slurm_cgpath). Each file becomes one EV_CGROUP_MEM with its
 * values as fields (bytes, counts); a limit of "max" or of v1's
 * page-counter maximum becomes unlimited=1 with no limit field. Unknown
 * keys are tolerated and skipped; a line that is not "key value" becomes
 * EV_UNPARSED. cgroup.procs becomes one EV_HOST "cgroup.procs" with
 * the pids as listed (field "pids", "npids") and the same path fields:
 * which step a pid was in while the snapshot saw it; memory.pressure one
 * EV_CGROUP_MEM with psi_* fields. Other files not in the table produce
 * nothing.
 *
 * It does not compare files with one another (job against step, v1
 * failcnt against oom_kill): the rules do. Pure: reads in->data only;
 * values borrow nothing, path strings are copied into the arena.
 */
#include <string.h>

#include "parse.h"

#define NITEMS(a)	(sizeof(a) / sizeof((a)[0]))
#define UNPARSED_MAX	8
/* v1 reads PAGE_COUNTER_MAX * PAGE_SIZE for "no limit": 9223372036854771712
 * with 4 KiB pages, 9223372036854710272 with 64 KiB pages. */
#define V1_UNLIMITED	0x7FFFFFFFFFFF0000ULL

struct cgkey {
	const char	*key;
	const char	*field;
	int		 limit;		/* "max" or V1_UNLIMITED: no limit */
};

struct cgfile {
	const char		*name;
	int			 version;	/* 0: from the path */
	const char		*field;		/* single value; NULL: flat */
	int			 limit;
	const struct cgkey	*keys;
	size_t			 nkeys;
	int			 local;
};

static const struct cgkey oom_control_keys[] = {
	{ "oom_kill_disable", "oom_kill_disable", 0 },
	{ "under_oom", "under_oom", 0 },
	{ "oom_kill", "oom_kill", 0 },
};

static const struct cgkey events_keys[] = {
	{ "low", "low", 0 },
	{ "high", "high", 0 },
	{ "max", "max", 0 },
	{ "oom", "oom", 0 },
	{ "oom_kill", "oom_kill", 0 },
	{ "oom_group_kill", "oom_group_kill", 0 },
	{ "sock_throttled", "sock_throttled", 0 },
};

static const struct cgkey swap_events_keys[] = {
	{ "high", "swap_high", 0 },
	{ "max", "swap_max", 0 },
	{ "fail", "swap_fail", 0 },
};

/* memory.stat keys that matter, v1 and v2 (unknown ones are skipped). */
static const struct cgkey stat_keys[] = {
	{ "cache", "cache", 0 },
	{ "rss", "rss", 0 },
	{ "rss_huge", "rss_huge", 0 },
	{ "mapped_file", "mapped_file", 0 },
	{ "swap", "swap", 0 },
	{ "total_cache", "total_cache", 0 },
	{ "total_rss", "total_rss", 0 },
	{ "total_rss_huge", "total_rss_huge", 0 },
	{ "total_shmem", "total_shmem", 0 },
	{ "total_dirty", "total_dirty", 0 },
	{ "total_writeback", "total_writeback", 0 },
	{ "total_mapped_file", "total_mapped_file", 0 },
	{ "total_swap", "total_swap", 0 },
	{ "total_inactive_anon", "total_inactive_anon", 0 },
	{ "total_active_anon", "total_active_anon", 0 },
	{ "total_inactive_file", "total_inactive_file", 0 },
	{ "total_active_file", "total_active_file", 0 },
	{ "total_unevictable", "total_unevictable", 0 },
	{ "hierarchical_memory_limit", "hierarchical_memory_limit", 1 },
	{ "hierarchical_memsw_limit", "hierarchical_memsw_limit", 1 },
	{ "anon", "anon", 0 },
	{ "file", "file_bytes", 0 },	/* "file" names the file itself */
	{ "kernel", "kernel", 0 },
	{ "kernel_stack", "kernel_stack", 0 },
	{ "pagetables", "pagetables", 0 },
	{ "sock", "sock", 0 },
	{ "shmem", "shmem", 0 },
	{ "file_mapped", "file_mapped", 0 },
	{ "file_dirty", "file_dirty", 0 },
	{ "file_writeback", "file_writeback", 0 },
	{ "swapcached", "swapcached", 0 },
	{ "anon_thp", "anon_thp", 0 },
	{ "inactive_anon", "inactive_anon", 0 },
	{ "active_anon", "active_anon", 0 },
	{ "inactive_file", "inactive_file", 0 },
	{ "active_file", "active_file", 0 },
	{ "unevictable", "unevictable", 0 },
	{ "slab", "slab", 0 },
	{ "slab_reclaimable", "slab_reclaimable", 0 },
	{ "slab_unreclaimable", "slab_unreclaimable", 0 },
	{ "zswap", "zswap", 0 },
	{ "zswapped", "zswapped", 0 },
	{ "pgmajfault", "pgmajfault", 0 },
	{ "total_pgmajfault", "total_pgmajfault", 0 },
	{ "workingset_refault_file", "workingset_refault_file", 0 },
	{ "total_workingset_refault_file", "total_workingset_refault_file",
	  0 },
	{ "workingset_refault", "workingset_refault", 0 },	/* < 5.9 */
};

#define FLAT(k)	NULL, 0, k, NITEMS(k)

static const struct cgfile cgfiles[] = {
	/* v1 */
	{ "memory.limit_in_bytes", 1, "limit_bytes", 1, NULL, 0, 0 },
	{ "memory.soft_limit_in_bytes", 1, "soft_limit_bytes", 1, NULL, 0, 0 },
	{ "memory.usage_in_bytes", 1, "usage_bytes", 0, NULL, 0, 0 },
	{ "memory.max_usage_in_bytes", 1, "peak_bytes", 0, NULL, 0, 0 },
	{ "memory.failcnt", 1, "failcnt", 0, NULL, 0, 0 },
	{ "memory.memsw.limit_in_bytes", 1, "memsw_limit_bytes", 1, NULL, 0,
	  0 },
	{ "memory.memsw.usage_in_bytes", 1, "memsw_usage_bytes", 0, NULL, 0,
	  0 },
	{ "memory.memsw.max_usage_in_bytes", 1, "memsw_peak_bytes", 0, NULL,
	  0, 0 },
	{ "memory.memsw.failcnt", 1, "memsw_failcnt", 0, NULL, 0, 0 },
	{ "memory.oom_control", 1, FLAT(oom_control_keys), 0 },
	/* v2 */
	{ "memory.max", 2, "limit_bytes", 1, NULL, 0, 0 },
	{ "memory.high", 2, "high_bytes", 1, NULL, 0, 0 },
	{ "memory.low", 2, "low_bytes", 0, NULL, 0, 0 },
	{ "memory.min", 2, "min_bytes", 0, NULL, 0, 0 },
	{ "memory.current", 2, "usage_bytes", 0, NULL, 0, 0 },
	{ "memory.peak", 2, "peak_bytes", 0, NULL, 0, 0 },
	{ "memory.events", 2, FLAT(events_keys), 0 },
	{ "memory.events.local", 2, FLAT(events_keys), 1 },
	{ "memory.swap.current", 2, "swap_usage_bytes", 0, NULL, 0, 0 },
	{ "memory.swap.max", 2, "swap_limit_bytes", 1, NULL, 0, 0 },
	{ "memory.swap.high", 2, "swap_high_bytes", 1, NULL, 0, 0 },
	{ "memory.swap.peak", 2, "swap_peak_bytes", 0, NULL, 0, 0 },
	{ "memory.swap.events", 2, FLAT(swap_events_keys), 0 },
	{ "memory.oom.group", 2, "oom_group", 0, NULL, 0, 0 },
	/* both */
	{ "memory.stat", 0, FLAT(stat_keys), 0 },
};

static const char *const memory_mount[] = { "memory" };

/* cg_member_split: see parse.h. */
void
cg_member_split(const char *name, const char *const *mounts, size_t nm,
    struct cg_member *cn)
{
	struct str	 s = str_cstr(name);
	const char	*slash = NULL;

	memset(cn, 0, sizeof(*cn));
	for (size_t i = 0; i < s.n; i++)
		if (s.p[i] == '/')
			slash = s.p + i;
	cn->base = slash == NULL ? s : str_make(slash + 1,
	    s.n - (size_t)(slash + 1 - s.p));
	cn->dir = str_make(s.p, slash == NULL ? 0 : (size_t)(slash - s.p));
	if (!str_eq(cn->dir, "cgroup") && !str_starts(cn->dir, "cgroup/"))
		return;
	cn->bundle = 1;
	cn->dir = str_make(cn->dir.p + 6, cn->dir.n - 6);
	while (cn->dir.n > 0 && cn->dir.p[0] == '/')
		cn->dir = str_make(cn->dir.p + 1, cn->dir.n - 1);
	for (size_t i = 0; i < nm; i++) {
		size_t	ml = strlen(mounts[i]);

		if (cn->dir.n >= ml && memcmp(cn->dir.p, mounts[i], ml) == 0 &&
		    (cn->dir.n == ml || cn->dir.p[ml] == '/')) {
			cn->v1mount = 1;
			cn->dir = str_make(cn->dir.p + ml, cn->dir.n - ml);
			break;
		}
	}
	while (cn->dir.n > 0 && cn->dir.p[0] == '/')
		cn->dir = str_make(cn->dir.p + 1, cn->dir.n - 1);
}

static const struct cgfile *
cg_lookup(struct str base)
{
	for (size_t i = 0; i < NITEMS(cgfiles); i++)
		if (str_eq(base, cgfiles[i].name))
			return &cgfiles[i];
	return NULL;
}

/* memory.stat: v1 if it sits under the v1 mount or has v1-only keys. */
static int
cg_version(const struct cgfile *f, const struct cg_member *cn,
    const struct src *in)
{
	struct str	data = str_make(in->data, in->len);

	if (f->version != 0)
		return f->version;
	if (cn->bundle)
		return cn->v1mount ? 1 : 2;
	return str_find(data, "total_rss ") != NULL ||
	    str_find(data, "hierarchical_memory_limit ") != NULL ? 1 : 2;
}

/* Takes the next "/"-separated component of *p. */
static struct str
next_comp(struct str *p)
{
	struct str	 c;
	const char	*sl;

	while (p->n > 0 && p->p[0] == '/') {
		p->p++;
		p->n--;
	}
	sl = memchr(p->p, '/', p->n);
	c = str_make(p->p, sl != NULL ? (size_t)(sl - p->p) : p->n);
	p->p += c.n;
	p->n -= c.n;
	return c;
}

static int
all_digits(struct str s)
{
	for (size_t i = 0; i < s.n; i++)
		if (s.p[i] < '0' || s.p[i] > '9')
			return 0;
	return s.n > 0;
}

/* Slurm 26.05 names job directories by SLUID ("s5K1KKYAYG5D00"). */
static int
is_sluid(struct str c)
{
	if (c.n < 8 || c.n > 20 || c.p[0] != 's' || str_eq(c, "system"))
		return 0;
	for (size_t i = 0; i < c.n; i++)
		if (!((c.p[i] >= '0' && c.p[i] <= '9') ||
		    (c.p[i] >= 'a' && c.p[i] <= 'z') ||
		    (c.p[i] >= 'A' && c.p[i] <= 'Z')))
			return 0;
	return 1;
}

/* What follows a job directory: step_X, then user|slurm, then task_N. */
static void
slurm_below_job(struct str rest, struct slurm_cgpath *sp)
{
	struct str	c;

	while (rest.n > 0) {
		c = next_comp(&rest);
		if (sp->step.p == NULL && str_starts(c, "step_"))
			sp->step = str_make(c.p + 5, c.n - 5);
		else if (sp->step.p != NULL && sp->task.p == NULL &&
		    (str_eq(c, "user") || str_eq(c, "slurm")))
			sp->sub = c;
		else if (sp->step.p != NULL && str_starts(c, "task_"))
			sp->task = str_make(c.p + 5, c.n - 5);
	}
}

/*
 * parse_slurm_cgpath: see parse.h. Slices borrow path.
 */
int
parse_slurm_cgpath(struct str path, struct slurm_cgpath *sp)
{
	struct str	c, prev = { NULL, 0 };

	memset(sp, 0, sizeof(*sp));
	sp->level = "other";
	while (path.n > 0) {
		c = next_comp(&path);
		if (str_starts(c, "job_") && all_digits(str_make(c.p + 4,
		    c.n - 4)))
			sp->job = str_make(c.p + 4, c.n - 4);
		else if (str_ends(prev, "slurmstepd.scope") && is_sluid(c))
			sp->sluid = c;
		else {
			prev = c;
			continue;
		}
		slurm_below_job(path, sp);
		sp->level = sp->task.p != NULL ? "task" : sp->step.p != NULL ?
		    "step" : "job";
		return 1;
	}
	return 0;
}

/* cg_path, file, version, level and Slurm's ids. */
static int
cg_where(struct event *ev, struct arena *a, const struct cg_member *cn,
    int version, const struct cgfile *f)
{
	struct slurm_cgpath	 sp;
	char			*path;
	struct str		 ps;
	int64_t			 v;

	if ((path = arena_printf(a, "/%.*s", (int)cn->dir.n, cn->dir.p)) ==
	    NULL)
		return -1;
	ps = str_cstr(path);
	parse_slurm_cgpath(ps, &sp);
	if (ev_set_str(ev, a, "cg_path", ps) == -1 ||
	    ev_set_str(ev, a, "file", str_cstr(f->name)) == -1 ||
	    ev_set_num(ev, a, "version", version) == -1 ||
	    ev_set_str(ev, a, "level", str_cstr(sp.level)) == -1 ||
	    (f->local && ev_set_num(ev, a, "local", 1) == -1))
		return -1;
	if (sp.job.n > 0 && str_to_i64(sp.job, &v) == 0 &&
	    ev_set_num(ev, a, "job_id", v) == -1)
		return -1;
	if ((sp.sluid.n > 0 && ev_set_str(ev, a, "job_sluid", sp.sluid) == -1) ||
	    (sp.step.n > 0 && ev_set_str(ev, a, "step", sp.step) == -1) ||
	    (sp.sub.n > 0 && ev_set_str(ev, a, "sub", sp.sub) == -1))
		return -1;
	if (sp.task.n > 0 && str_to_i64(sp.task, &v) == 0)
		return ev_set_num(ev, a, "task", v);
	return sp.task.n > 0 ? ev_set_str(ev, a, "task", sp.task) : 0;
}

struct cgparse {
	const struct src	*in;
	struct arena		*a;
	struct evlist		*out;
	struct event		*ev;
	int			 unparsed;
};

static int
unparsed(struct cgparse *cp, const struct scan *sc, struct str line)
{
	return ev_unparsed(cp->out, cp->a, "cgroup.unparsed", cp->in->file_id, sc, line,
	    &cp->unparsed, UNPARSED_MAX);
}

/* A value: a count, bytes, or "max". Returns -1 if it is none of them. */
static int
cg_value(struct event *ev, struct arena *a, const char *field, int limit,
    struct str v)
{
	uint64_t	n;

	if (limit && str_eq(v, "max"))
		return ev_set_num(ev, a, "unlimited", 1) == -1 ? -2 : 0;
	if (str_to_u64(v, &n) == -1)
		return -1;
	if (limit && n >= V1_UNLIMITED)
		return ev_set_num(ev, a, "unlimited", 1) == -1 ? -2 : 0;
	if (n > INT64_MAX)
		return -1;
	return ev_set_num(ev, a, field, (int64_t)n) == -1 ? -2 : 0;
}

static int
cg_single(struct cgparse *cp, const struct cgfile *f)
{
	struct scan	sc;
	struct str	line;
	int		r;

	scan_init(&sc, cp->in->data, cp->in->len);
	if (!scan_line(&sc, &line))
		return ev_set_num(cp->ev, cp->a, "empty", 1);
	ev_cite(cp->ev, cp->in->file_id, &sc, line);
	if ((r = cg_value(cp->ev, cp->a, f->field, f->limit,
	    str_trim(line))) == -2)
		return -1;
	return r == -1 ? unparsed(cp, &sc, line) : 0;
}

static const struct cgkey *
key_lookup(const struct cgfile *f, struct str k)
{
	for (size_t i = 0; i < f->nkeys; i++)
		if (str_eq(k, f->keys[i].key))
			return &f->keys[i];
	return NULL;
}

/* One "key value" line of a flat-keyed file. */
static int
cg_pair(struct cgparse *cp, const struct cgfile *f, const struct scan *sc,
    struct str line)
{
	const struct cgkey	*k;
	const char		*sp;
	struct str		 t = str_trim(line), key, val;
	int64_t			 n;
	int			 r;

	if (t.n == 0)
		return 0;
	if ((sp = memchr(t.p, ' ', t.n)) == NULL)
		return unparsed(cp, sc, line);
	key = str_make(t.p, (size_t)(sp - t.p));
	val = str_trim(str_make(sp + 1, t.n - key.n - 1));
	if ((k = key_lookup(f, key)) == NULL) {
		uint64_t	u;

		return str_to_u64(val, &u) == -1 ? unparsed(cp, sc, line) : 0;
	}
	if ((r = cg_value(cp->ev, cp->a, k->field, k->limit, val)) == -2)
		return -1;
	if (r == -1)
		return unparsed(cp, sc, line);
	/* Cite the line that says something was killed. */
	if (str_eq(key, "oom_kill") && ev_num(cp->ev, "oom_kill", &n) == 0 &&
	    n > 0)
		ev_cite(cp->ev, cp->in->file_id, sc, line);
	return 0;
}

static int
cg_flat(struct cgparse *cp, const struct cgfile *f)
{
	struct scan	sc;
	struct str	line;

	scan_init(&sc, cp->in->data, cp->in->len);
	if (!scan_line(&sc, &line))
		return ev_set_num(cp->ev, cp->a, "empty", 1);
	ev_cite(cp->ev, cp->in->file_id, &sc, line);
	do {
		if (cg_pair(cp, f, &sc, line) == -1)
			return -1;
	} while (scan_line(&sc, &line));
	return 0;
}

static const char *const psi_names[2][4] = {
	{ "psi_some_avg10", "psi_some_avg60", "psi_some_avg300",
	    "psi_some_total_us" },
	{ "psi_full_avg10", "psi_full_avg60", "psi_full_avg300",
	    "psi_full_total_us" },
};

/* "25.47" -> 2547; -1 if not a percentage with two decimals or fewer. */
static int64_t
psi_pct(struct str v)
{
	const char	*dot = memchr(v.p, '.', v.n);
	uint64_t	 i, f = 0;
	size_t		 nf;

	if (str_to_u64(str_make(v.p, dot != NULL ? (size_t)(dot - v.p) :
	    v.n), &i) == -1 || i > 100)
		return -1;
	if (dot != NULL) {
		nf = (size_t)(v.p + v.n - dot - 1);
		if (nf == 0 || nf > 2 || str_to_u64(str_make(dot + 1, nf),
		    &f) == -1)
			return -1;
		f *= nf == 1 ? 10 : 1;
	}
	return i * 100 + f > 10000 ? -1 : (int64_t)(i * 100 + f);
}

/* psi_fields: see parse.h. */
int
psi_fields(struct event *ev, struct arena *a, const struct src *in)
{
	static const char *const keys[4] = { "avg10=", "avg60=", "avg300=",
	    "total=" };
	struct scan	 sc;
	struct str	 line, t, tok;
	int		 got = 0, which;
	uint64_t	 u;
	int64_t		 v;

	scan_init(&sc, in->data, in->len);
	while (scan_line(&sc, &line)) {
		t = str_trim(line);
		if (str_starts(t, "some "))
			which = 0;
		else if (str_starts(t, "full "))
			which = 1;
		else
			continue;
		if (!got)
			ev_cite(ev, in->file_id, &sc, line);
		got = 1;
		t = str_make(t.p + 5, t.n - 5);
		while (t.n > 0) {
			const char	*sp = memchr(t.p, ' ', t.n);

			tok = str_make(t.p, sp != NULL ? (size_t)(sp - t.p) :
			    t.n);
			t = sp != NULL ? str_make(sp + 1, (size_t)(t.p + t.n -
			    sp - 1)) : str_make(t.p + t.n, 0);
			for (int k = 0; k < 4; k++) {
				size_t	kn = strlen(keys[k]);

				if (tok.n <= kn || memcmp(tok.p, keys[k], kn))
					continue;
				tok = str_make(tok.p + kn, tok.n - kn);
				if (k < 3)
					v = psi_pct(tok);
				else
					v = str_to_u64(tok, &u) == 0 &&
					    u <= INT64_MAX ? (int64_t)u : -1;
				if (v >= 0 && ev_set_num(ev, a,
				    psi_names[which][k], v) == -1)
					return -1;
			}
		}
	}
	return got;
}

/* memory.pressure: the cgroup's PSI, one EV_CGROUP_MEM. */
static int
cg_psi(struct cgparse *cp, const struct cg_member *cn)
{
	static const struct cgfile	psi = { "memory.pressure", 2, NULL, 0,
					    NULL, 0, 0 };
	int				r;

	if ((cp->ev = evlist_add(cp->out, cp->a, EV_CGROUP_MEM)) == NULL)
		return -1;
	cp->ev->sig = "cgroup.memory";
	cp->ev->ref.file_id = cp->in->file_id;
	if (cg_where(cp->ev, cp->a, cn, 2, &psi) == -1 ||
	    (r = psi_fields(cp->ev, cp->a, cp->in)) == -1)
		return -1;
	if (r == 0)
		return ev_set_num(cp->ev, cp->a, "empty", 1);
	return 0;
}

/* cgroup.procs: pids, one a line; anything else and it is not one. */
static int
cg_procs(struct cgparse *cp, const struct cg_member *cn)
{
	static const struct cgfile	procs = { "cgroup.procs", 0, NULL, 0,
					    NULL, 0, 0 };
	struct str			d = str_trim(str_make(cp->in->data,
					    cp->in->len));
	int64_t				n = 0;

	for (size_t i = 0; i < d.n; i++) {
		if (d.p[i] == '\n')
			n++;
		else if (d.p[i] < '0' || d.p[i] > '9')
			return 0;
	}
	if (d.n == 0)
		return 0;
	if ((cp->ev = evlist_add(cp->out, cp->a, EV_HOST)) == NULL)
		return -1;
	cp->ev->sig = "cgroup.procs";
	cp->ev->ref.file_id = cp->in->file_id;
	cp->ev->ref.line = 1;
	if (cg_where(cp->ev, cp->a, cn, 0, &procs) == -1 ||
	    ev_set_str(cp->ev, cp->a, "pids", d) == -1 ||
	    ev_set_num(cp->ev, cp->a, "npids", n + 1) == -1)
		return -1;
	return 0;
}

/*
 * parse_cgroup: see parse.h. One EV_CGROUP_MEM per known memory file;
 * ERR_NOMEM is the only error.
 */
enum err_code
parse_cgroup(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct cg_member		 cn;
	const struct cgfile	*f;
	struct cgparse		 cp = { in, a, out, NULL, 0 };

	cg_member_split(in->name == NULL ? "" : in->name, memory_mount, 1,
	    &cn);
	if (str_eq(cn.base, "cgroup.procs"))
		return cg_procs(&cp, &cn) == -1 ? ERR(e, ERR_NOMEM, "%s",
		    in->name) : ERR_OK;
	if (str_eq(cn.base, "memory.pressure"))
		return cg_psi(&cp, &cn) == -1 ? ERR(e, ERR_NOMEM, "%s",
		    in->name) : ERR_OK;
	if ((f = cg_lookup(cn.base)) == NULL)
		return ERR_OK;
	if ((cp.ev = evlist_add(out, a, EV_CGROUP_MEM)) == NULL)
		goto nomem;
	cp.ev->sig = "cgroup.memory";
	cp.ev->ref.file_id = in->file_id;
	if (cg_where(cp.ev, a, &cn, cg_version(f, &cn, in), f) == -1 ||
	    (f->field != NULL ? cg_single(&cp, f) : cg_flat(&cp, f)) == -1)
		goto nomem;
	return ERR_OK;
nomem:
	return ERR(e, ERR_NOMEM, "%s", in->name);
}
