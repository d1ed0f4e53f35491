/*
 * parse_cpu: one CPU or device cgroup interface file, v1 or v2.
 *
 * The bundle path says what it is. Under v1 the first component after
 * cgroup/ is the controller's mount ("cgroup/cpuset/<path>/cpuset.cpus",
 * "cgroup/cpu,cpuacct/<path>/cpu.stat", "cgroup/devices/<path>/
 * devices.list"); under v2 the files sit next to the memory files
 * ("cgroup/<path>/cpu.max"). The base name picks a row of cpufiles[];
 * the cgroup path gives Slurm's job, step and task (parse_slurm_cgpath),
 * as for the memory files.
 *
 * Each cpu, cpuacct or cpuset file becomes one EV_CGROUP_CPU with what it
 * holds: cpus and ncpus (a cpuset list and its width), quota_us (-1 for
 * no quota) and period_us, the cpu.stat counters (throttled_us and
 * usage_us in microseconds whatever the version printed), usage_us of
 * cpuacct.usage. A devices.list becomes one EV_CGROUP_DEVICES: allow_all,
 * the NVIDIA minors (major 195) it lets the job open read-write,
 * nvidiactl and the number of rules. A value that cannot be read is an
 * EV_UNPARSED of its line; unknown cpu.stat keys are skipped; files not
 * in the table give nothing.
 *
 * It does not compare the cpuset with what the job asked for, nor the
 * allowed minors with CUDA_VISIBLE_DEVICES: the rules do. Pure: reads
 * in->data only; values borrow from it, the cgroup path is copied.
 */
#include <stdio.h>
#include <string.h>

#include "parse.h"

#define NITEMS(a)	(sizeof(a) / sizeof((a)[0]))
#define UNPARSED_MAX	8
#define CPU_ID_MAX	(1u << 22)	/* far above any NR_CPUS */
#define NV_MAJOR	195
#define NV_CTL_MINOR	255
#define NV_GPU_MINORS	254		/* 254 is nvidia-modeset */

enum cpuconv {
	CC_NUM,		/* a count */
	CC_US,		/* microseconds */
	CC_NS_US,	/* nanoseconds, kept as microseconds */
	CC_QUOTA	/* microseconds, "max" or -1: no quota (-1) */
};

struct cpukey {
	const char	*key;
	const char	*field;
	enum cpuconv	 conv;
};

static const struct cpukey stat_keys[] = {
	{ "nr_periods", "nr_periods", CC_NUM },
	{ "nr_throttled", "nr_throttled", CC_NUM },
	{ "throttled_time", "throttled_us", CC_NS_US },		/* v1 */
	{ "throttled_usec", "throttled_us", CC_US },		/* v2 */
	{ "usage_usec", "usage_us", CC_US },
	{ "user_usec", "user_us", CC_US },
	{ "system_usec", "system_us", CC_US },
	{ "nr_bursts", "nr_bursts", CC_NUM },
	{ "burst_time", "burst_us", CC_NS_US },			/* v1 */
	{ "burst_usec", "burst_us", CC_US },			/* v2 */
};

struct cpuparse;

struct cpufile {
	const char	*name;
	int		 version;	/* 0: from the path */
	const char	*field;		/* single value files */
	enum cpuconv	 conv;
	int		(*fn)(struct cpuparse *, const struct cpufile *);
};

struct cpuparse {
	const struct src	*in;
	struct arena		*a;
	struct evlist		*out;
	struct event		*ev;
	int			 unparsed;
};

static int	cpu_single(struct cpuparse *, const struct cpufile *);
static int	cpu_stat(struct cpuparse *, const struct cpufile *);
static int	cpu_max(struct cpuparse *, const struct cpufile *);
static int	cpu_list(struct cpuparse *, const struct cpufile *);
static int	cpu_devices(struct cpuparse *, const struct cpufile *);

static const struct cpufile cpufiles[] = {
	{ "cpu.cfs_quota_us", 1, "quota_us", CC_QUOTA, cpu_single },
	{ "cpu.cfs_period_us", 1, "period_us", CC_US, cpu_single },
	{ "cpuacct.usage", 1, "usage_us", CC_NS_US, cpu_single },
	{ "cpuset.effective_cpus", 1, "cpus", CC_NUM, cpu_list },
	{ "devices.list", 1, NULL, CC_NUM, cpu_devices },
	{ "cpu.max", 2, NULL, CC_NUM, cpu_max },
	{ "cpuset.cpus.effective", 2, "cpus", CC_NUM, cpu_list },
	{ "cpu.stat", 0, NULL, CC_NUM, cpu_stat },
	{ "cpuset.cpus", 0, "cpus", CC_NUM, cpu_list },
};

/* v1 controller mounts as the collector names them under cgroup/. */
static const char *const v1_mounts[] = {
	"cpu,cpuacct", "cpuacct,cpu", "cpu", "cpuacct", "cpuset", "devices",
};

/* range_next: see parse.h. */
int
range_next(struct str *s, uint64_t *lo, uint64_t *hi)
{
	const char	*c, *dash;
	struct str	 item;

	if (s->n == 0)
		return 0;
	c = memchr(s->p, ',', s->n);
	item = str_make(s->p, c != NULL ? (size_t)(c - s->p) : s->n);
	*s = c != NULL ? str_make(c + 1, s->n - item.n - 1) :
	    str_make(s->p + s->n, 0);
	if (c != NULL && s->n == 0)
		return -1;	/* trailing comma */
	dash = memchr(item.p, '-', item.n);
	if (str_to_u64(dash == NULL ? item : str_make(item.p,
	    (size_t)(dash - item.p)), lo) == -1)
		return -1;
	*hi = *lo;
	if (dash != NULL && str_to_u64(str_make(dash + 1, item.n -
	    (size_t)(dash + 1 - item.p)), hi) == -1)
		return -1;
	return *lo <= *hi ? 1 : -1;
}

/*
 * cpulist_count: see parse.h. Ranges must be ascending and disjoint, as
 * the kernel prints them; each id is below CPU_ID_MAX.
 */
int
cpulist_count(struct str s, uint64_t *count)
{
	uint64_t	lo, hi, n = 0;
	int64_t		prev = -1;
	int		r;

	s = str_trim(s);
	*count = 0;
	while ((r = range_next(&s, &lo, &hi)) == 1) {
		if (hi >= CPU_ID_MAX || (int64_t)lo <= prev)
			return -1;
		n += hi - lo + 1;
		prev = (int64_t)hi;
	}
	if (r == -1)
		return -1;
	*count = n;
	return 0;
}

static int
unparsed(struct cpuparse *cp, const struct scan *sc, struct str line)
{
	return ev_unparsed(cp->out, cp->a, "cgroup.unparsed", cp->in->file_id,
	    sc, line, &cp->unparsed, UNPARSED_MAX);
}

/* A value by its conversion. -1: not one; -2: allocation failure. */
static int
cpu_value(struct cpuparse *cp, const char *field, enum cpuconv conv,
    struct str v)
{
	uint64_t	n;
	int64_t		q;

	v = str_trim(v);
	if (conv == CC_QUOTA && (str_eq(v, "max") || (str_to_i64(v, &q) == 0 &&
	    q == -1)))
		return ev_set_num(cp->ev, cp->a, field, -1) == -1 ? -2 : 0;
	if (str_to_u64(v, &n) == -1 || n > INT64_MAX)
		return -1;
	if (conv == CC_NS_US)
		n /= 1000;
	return ev_set_num(cp->ev, cp->a, field, (int64_t)n) == -1 ? -2 : 0;
}

/* The first line, cited; 0 when the file is empty. */
static int
first_line(struct cpuparse *cp, struct scan *sc, struct str *line)
{
	scan_init(sc, cp->in->data, cp->in->len);
	if (!scan_line(sc, line))
		return 0;
	ev_cite(cp->ev, cp->in->file_id, sc, *line);
	return 1;
}

static int
cpu_single(struct cpuparse *cp, const struct cpufile *f)
{
	struct scan	sc;
	struct str	line;
	int		r;

	if (!first_line(cp, &sc, &line))
		return ev_set_num(cp->ev, cp->a, "empty", 1);
	if ((r = cpu_value(cp, f->field, f->conv, line)) == -2)
		return -1;
	return r == -1 ? unparsed(cp, &sc, line) : 0;
}

/* v2 cpu.max: "max 100000" or "200000 100000". */
static int
cpu_max(struct cpuparse *cp, const struct cpufile *f)
{
	struct scan	 sc;
	struct str	 line, t;
	const char	*sp;
	int		 r;

	(void)f;
	if (!first_line(cp, &sc, &line))
		return ev_set_num(cp->ev, cp->a, "empty", 1);
	t = str_trim(line);
	sp = memchr(t.p, ' ', t.n);
	if ((r = cpu_value(cp, "quota_us", CC_QUOTA, sp == NULL ? t :
	    str_make(t.p, (size_t)(sp - t.p)))) == 0 && sp != NULL)
		r = cpu_value(cp, "period_us", CC_US, str_make(sp + 1,
		    t.n - (size_t)(sp + 1 - t.p)));
	if (r == -2)
		return -1;
	return r == -1 ? unparsed(cp, &sc, line) : 0;
}

static const struct cpukey *
stat_key(struct str k)
{
	for (size_t i = 0; i < NITEMS(stat_keys); i++)
		if (str_eq(k, stat_keys[i].key))
			return &stat_keys[i];
	return NULL;
}

/* cpu.stat, both versions: "key value" lines. */
static int
cpu_stat(struct cpuparse *cp, const struct cpufile *f)
{
	const struct cpukey	*k;
	struct scan		 sc;
	struct str		 line, t;
	const char		*sp;
	int			 r;

	(void)f;
	if (!first_line(cp, &sc, &line))
		return ev_set_num(cp->ev, cp->a, "empty", 1);
	do {
		if ((t = str_trim(line)).n == 0)
			continue;
		r = -1;
		if ((sp = memchr(t.p, ' ', t.n)) != NULL) {
			struct str	v = str_make(sp + 1,
					    t.n - (size_t)(sp + 1 - t.p));
			uint64_t	u;

			k = stat_key(str_make(t.p, (size_t)(sp - t.p)));
			r = k != NULL ? cpu_value(cp, k->field, k->conv, v) :
			    str_to_u64(str_trim(v), &u);
		}
		if (r == -2 || (r == -1 && unparsed(cp, &sc, line) == -1))
			return -1;
	} while (scan_line(&sc, &line));
	return 0;
}

/* cpuset.cpus and its effective forms: "0-3,8,10-11", maybe empty. */
static int
cpu_list(struct cpuparse *cp, const struct cpufile *f)
{
	struct scan	sc;
	struct str	line, t;
	uint64_t	n;

	if (!first_line(cp, &sc, &line) || (t = str_trim(line)).n == 0)
		return ev_set_str(cp->ev, cp->a, f->field, str_make("", 0)) |
		    ev_set_num(cp->ev, cp->a, "empty", 1);
	if (cpulist_count(t, &n) == -1)
		return unparsed(cp, &sc, line);
	if (ev_set_str(cp->ev, cp->a, f->field, t) == -1 ||
	    ev_set_num(cp->ev, cp->a, "ncpus", (int64_t)n) == -1)
		return -1;
	return 0;
}

/* What one devices.list rule allows. */
struct devrule {
	char		 type;		/* a, b or c */
	int64_t		 major;		/* -1 for '*' */
	int64_t		 minor;
	int		 rw;		/* both r and w */
};

static int
dev_num(struct str s, int64_t *v)
{
	if (str_eq(s, "*")) {
		*v = -1;
		return 0;
	}
	return str_to_i64(s, v) == 0 && *v >= 0 ? 0 : -1;
}

/* "c 195:0 rw", "a *:* rwm". -1 if the line is none. */
static int
dev_rule(struct str t, struct devrule *r)
{
	const char	*colon, *sp;
	struct str	 num, acc;

	if (t.n < 5 || (t.p[0] != 'a' && t.p[0] != 'b' && t.p[0] != 'c') ||
	    t.p[1] != ' ')
		return -1;
	r->type = t.p[0];
	t = str_make(t.p + 2, t.n - 2);
	if ((sp = memchr(t.p, ' ', t.n)) == NULL ||
	    (colon = memchr(t.p, ':', (size_t)(sp - t.p))) == NULL)
		return -1;
	num = str_make(t.p, (size_t)(colon - t.p));
	acc = str_make(sp + 1, t.n - (size_t)(sp + 1 - t.p));
	if (dev_num(num, &r->major) == -1 || dev_num(str_make(colon + 1,
	    (size_t)(sp - colon - 1)), &r->minor) == -1 || acc.n == 0 ||
	    acc.n > 3)
		return -1;
	for (size_t i = 0; i < acc.n; i++)
		if (acc.p[i] != 'r' && acc.p[i] != 'w' && acc.p[i] != 'm')
			return -1;
	r->rw = memchr(acc.p, 'r', acc.n) != NULL &&
	    memchr(acc.p, 'w', acc.n) != NULL;
	return 0;
}

struct devsum {
	unsigned char	 minors[NV_GPU_MINORS];
	int		 all_minors, ctl, allow_all;
	int64_t		 rules;
};

static void
dev_add(struct devsum *d, const struct devrule *r)
{
	d->rules++;
	if (r->type == 'a')
		d->allow_all = 1;
	if (!r->rw || r->type == 'b' || (r->major != -1 &&
	    r->major != NV_MAJOR))
		return;
	if (r->type == 'a' || r->minor == -1) {
		d->all_minors = d->ctl = 1;
		return;
	}
	if (r->minor == NV_CTL_MINOR)
		d->ctl = 1;
	else if (r->minor < NV_GPU_MINORS)
		d->minors[r->minor] = 1;
}

/* The allowed GPU minors as "0,1,5" ("*" for all). */
static int
dev_fields(struct cpuparse *cp, const struct devsum *d)
{
	char	buf[NV_GPU_MINORS * 4 + 1];
	size_t	n = 0;
	int64_t	count = 0;

	buf[0] = '\0';
	for (int i = 0; i < NV_GPU_MINORS && !d->all_minors; i++)
		if (d->minors[i]) {
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%d",
			    n > 0 ? "," : "", i);
			count++;
		}
	if (d->all_minors)
		memcpy(buf, "*", 2);
	if (ev_set_num(cp->ev, cp->a, "allow_all", d->allow_all) == -1 ||
	    ev_set_num(cp->ev, cp->a, "nvidiactl", d->ctl) == -1 ||
	    ev_set_num(cp->ev, cp->a, "rules", d->rules) == -1 ||
	    (!d->all_minors && ev_set_num(cp->ev, cp->a, "nnvidia_minors",
	    count) == -1))
		return -1;
	return ev_set_strdup(cp->ev, cp->a, "nvidia_minors", str_cstr(buf));
}

/* v1 devices.list: one rule a line. */
static int
cpu_devices(struct cpuparse *cp, const struct cpufile *f)
{
	struct devsum	 d;
	struct devrule	 r;
	struct scan	 sc;
	struct str	 line;

	(void)f;
	memset(&d, 0, sizeof(d));
	cp->ev->kind = EV_CGROUP_DEVICES;
	cp->ev->sig = "cgroup.devices";
	if (first_line(cp, &sc, &line))
		do {
			if (str_trim(line).n == 0)
				continue;
			if (dev_rule(str_trim(line), &r) == 0)
				dev_add(&d, &r);
			else if (unparsed(cp, &sc, line) == -1)
				return -1;
		} while (scan_line(&sc, &line));
	return dev_fields(cp, &d);
}


/* cpu.stat and cpuset.cpus exist in both versions: the path, else the
 * content (v1 cpu.stat says throttled_time) decides. */
static int
cpu_version(const struct cpufile *f, const struct cg_member *cn,
    const struct src *in)
{
	if (f->version != 0)
		return f->version;
	if (cn->bundle)
		return cn->v1mount ? 1 : 2;
	return str_find(str_make(in->data, in->len), "throttled_time") !=
	    NULL ? 1 : 2;
}

/* cg_path, file, version, level and Slurm's ids, as parse_cgroup does. */
static int
cpu_where(struct cpuparse *cp, const struct cg_member *cn, int version,
    const struct cpufile *f)
{
	struct slurm_cgpath	 sp;
	struct event		*ev = cp->ev;
	char			*path;
	int64_t			 v;

	if ((path = arena_printf(cp->a, "/%.*s", (int)cn->dir.n,
	    cn->dir.p)) == NULL)
		return -1;
	parse_slurm_cgpath(str_cstr(path), &sp);
	if (ev_set_str(ev, cp->a, "cg_path", str_cstr(path)) == -1 ||
	    ev_set_str(ev, cp->a, "file", str_cstr(f->name)) == -1 ||
	    ev_set_num(ev, cp->a, "version", version) == -1 ||
	    ev_set_str(ev, cp->a, "level", str_cstr(sp.level)) == -1)
		return -1;
	if (sp.job.n > 0 && str_to_i64(sp.job, &v) == 0 &&
	    ev_set_num(ev, cp->a, "job_id", v) == -1)
		return -1;
	if ((sp.sluid.n > 0 && ev_set_str(ev, cp->a, "job_sluid",
	    sp.sluid) == -1) ||
	    (sp.step.n > 0 && ev_set_str(ev, cp->a, "step", sp.step) == -1) ||
	    (sp.sub.n > 0 && ev_set_str(ev, cp->a, "sub", sp.sub) == -1))
		return -1;
	if (sp.task.n > 0 && str_to_i64(sp.task, &v) == 0)
		return ev_set_num(ev, cp->a, "task", v);
	return 0;
}

/* Is this base name one of ours? (sniff.c asks) */
int
parse_cpu_known(const char *base)
{
	for (size_t i = 0; i < NITEMS(cpufiles); i++)
		if (strcmp(base, cpufiles[i].name) == 0)
			return 1;
	return 0;
}

/*
 * parse_cgroup_cpu: see parse.h. One event per known file; ERR_NOMEM is
 * the only error.
 */
enum err_code
parse_cgroup_cpu(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct cpuparse		 cp = { in, a, out, NULL, 0 };
	struct cg_member		 cn;
	const struct cpufile	*f = NULL;

	cg_member_split(in->name == NULL ? "" : in->name, v1_mounts,
	    NITEMS(v1_mounts), &cn);
	for (size_t i = 0; i < NITEMS(cpufiles) && f == NULL; i++)
		if (str_eq(cn.base, cpufiles[i].name))
			f = &cpufiles[i];
	if (f == NULL)
		return ERR_OK;
	if ((cp.ev = evlist_add(out, a, EV_CGROUP_CPU)) == NULL)
		goto nomem;
	cp.ev->sig = "cgroup.cpu";
	cp.ev->ref.file_id = in->file_id;
	if (cpu_where(&cp, &cn, cpu_version(f, &cn, in), f) == -1 ||
	    f->fn(&cp, f) == -1)
		goto nomem;
	return ERR_OK;
nomem:
	return ERR(e, ERR_NOMEM, "%s", in->name);
}
