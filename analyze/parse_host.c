/*
 * parse_host: the host/ files the collector writes.
 *
 * The file's base name picks a row of hostfiles[]: meminfo.txt (a copy of
 * /proc/meminfo), shm.txt (key=value lines from statvfs of /dev/shm),
 * uptime.txt (/proc/uptime), os-release.txt, env.txt (allow-listed
 * KEY=VALUE lines), ulimits.txt ("name soft hard"), cgroup-mode.txt
 * ("v1", "v2" or "hybrid") and procs.tsv (a header, then one process a
 * row; threads and cpus_allowed, with its width ncpus_allowed, when the
 * header names them). Each file becomes one EV_HOST whose sig names it ("host.meminfo",
 * ...), except procs.tsv, which gives one "host.proc" per row. Sizes are
 * in bytes. Unknown keys are skipped; a line that cannot be read becomes
 * EV_UNPARSED (a few per file); unknown files give no events.
 *
 * It does not judge the values (is /dev/shm too small?): the rules do.
 * Pure: reads in->data only. Values borrow from it; env.txt's variable
 * names are copied into the arena (they name the fields).
 */
#include <string.h>

#include "parse.h"

#define NITEMS(a)	(sizeof(a) / sizeof((a)[0]))
#define UNPARSED_MAX	8
#define ENV_MAX		1024	/* variables kept from env.txt */

enum hkind {
	HK_NUM,		/* a number */
	HK_KB,		/* "123 kB" -> bytes; a bare number is taken as is */
	HK_KIB,		/* a number of KiB -> bytes */
	HK_STR,		/* text */
	HK_QSTR		/* text, surrounding quotes removed */
};

struct hkey {
	const char	*key;
	const char	*field;
	enum hkind	 kind;
};

struct hparse {
	const struct src	*in;
	struct arena		*a;
	struct evlist		*out;
	int			 unparsed;
};

struct hostfile {
	const char		*base;
	const char		*sig;
	char			 sep;	/* key/value separator, key-value files */
	const char		*cite;	/* key whose line the event cites */
	const struct hkey	*keys;
	size_t			 nkeys;
	int			(*fn)(struct hparse *, const struct hostfile *);
};

static int
unparsed(struct hparse *hp, const struct scan *sc, struct str line)
{
	return ev_unparsed(hp->out, hp->a, "host.unparsed", hp->in->file_id, sc, line,
	    &hp->unparsed, UNPARSED_MAX);
}

static struct event *
host_event(struct hparse *hp, const char *sig)
{
	struct event	*ev;

	if ((ev = evlist_add(hp->out, hp->a, EV_HOST)) == NULL)
		return NULL;
	ev->sig = sig;
	ev->ref.file_id = hp->in->file_id;
	return ev;
}

/* Sets one field from its text. Returns -1 on allocation failure, 1 when
 * the text is not of its kind, 0 when set. */
static int
set_value(struct event *ev, struct arena *a, const char *field,
    enum hkind kind, struct str v)
{
	uint64_t	n, mult = 1;

	v = str_trim(v);
	if (kind == HK_QSTR && v.n >= 2 && (v.p[0] == '"' || v.p[0] == '\'') &&
	    v.p[v.n - 1] == v.p[0])
		v = str_make(v.p + 1, v.n - 2);
	if (kind == HK_STR || kind == HK_QSTR)
		return ev_set_str(ev, a, field, v) == -1 ? -1 : 0;
	if (kind == HK_KB && str_ends(v, " kB")) {
		v = str_trim(str_make(v.p, v.n - 3));
		mult = 1024;
	} else if (kind == HK_KIB)
		mult = 1024;
	if (str_to_u64(v, &n) == -1 || n > (uint64_t)INT64_MAX / mult)
		return 1;
	return ev_set_num(ev, a, field, (int64_t)(n * mult)) == -1 ? -1 : 0;
}

static const struct hkey *
key_lookup(const struct hostfile *hf, struct str k)
{
	for (size_t i = 0; i < hf->nkeys; i++)
		if (str_eq(k, hf->keys[i].key))
			return &hf->keys[i];
	return NULL;
}

/* One "key<sep>value" line. */
static int
kv_line(struct hparse *hp, const struct hostfile *hf, struct event *ev,
    const struct scan *sc, struct str line)
{
	const struct hkey	*k;
	const char		*sep;
	struct str		 t = str_trim(line), key;
	int			 r;

	if (t.n == 0 || t.p[0] == '#')
		return 0;
	if ((sep = memchr(t.p, hf->sep, t.n)) == NULL)
		return unparsed(hp, sc, line);
	key = str_trim(str_make(t.p, (size_t)(sep - t.p)));
	if ((k = key_lookup(hf, key)) == NULL)
		return 0;
	if (str_eq(key, hf->cite))
		ev_cite(ev, hp->in->file_id, sc, line);
	r = set_value(ev, hp->a, k->field, k->kind, str_make(sep + 1,
	    t.n - (size_t)(sep + 1 - t.p)));
	return r == 1 ? unparsed(hp, sc, line) : r;
}

/* meminfo, shm, os-release: one event, a field per known key. */
static int
h_keyvalue(struct hparse *hp, const struct hostfile *hf)
{
	struct event	*ev;
	struct scan	 sc;
	struct str	 line;
	int		 cited = 0;

	if ((ev = host_event(hp, hf->sig)) == NULL)
		return -1;
	scan_init(&sc, hp->in->data, hp->in->len);
	while (scan_line(&sc, &line)) {
		if (!cited++)
			ev_cite(ev, hp->in->file_id, &sc, line);
		if (kv_line(hp, hf, ev, &sc, line) == -1)
			return -1;
	}
	return 0;
}

/* /proc/uptime: "350735.47 234388.90" (seconds up, seconds idle). */
static int
h_uptime(struct hparse *hp, const struct hostfile *hf)
{
	struct event	*ev;
	struct scan	 sc;
	struct str	 line, t;
	const char	*dot;
	uint64_t	 s, frac = 0;
	size_t		 n;

	if ((ev = host_event(hp, hf->sig)) == NULL)
		return -1;
	scan_init(&sc, hp->in->data, hp->in->len);
	if (!scan_line(&sc, &line))
		return 0;
	ev_cite(ev, hp->in->file_id, &sc, line);
	t = str_trim(line);
	for (n = 0; n < t.n && t.p[n] != ' '; n++)
		;
	t = str_make(t.p, n);
	if ((dot = memchr(t.p, '.', t.n)) != NULL) {
		struct str	f = str_make(dot + 1, t.n - (size_t)(dot + 1 - t.p));

		if (f.n != 2 || str_to_u64(f, &frac) == -1)
			return unparsed(hp, &sc, line);
		t.n = (size_t)(dot - t.p);
	}
	if (str_to_u64(t, &s) == -1 || s > (uint64_t)INT64_MAX / 1000000000)
		return unparsed(hp, &sc, line);
	if (ev_set_num(ev, hp->a, "uptime_s", (int64_t)s) == -1 ||
	    ev_set_num(ev, hp->a, "uptime_ns", (int64_t)(s * 1000000000 +
	    frac * 10000000)) == -1)
		return -1;
	return 0;
}

/* env.txt: every variable becomes a field named after it. */
static int
h_env(struct hparse *hp, const struct hostfile *hf)
{
	struct event	*ev;
	struct scan	 sc;
	struct str	 line;
	const char	*eq;
	char		*name;
	int		 n = 0;

	if ((ev = host_event(hp, hf->sig)) == NULL)
		return -1;
	scan_init(&sc, hp->in->data, hp->in->len);
	while (scan_line(&sc, &line)) {
		if (n == 0)
			ev_cite(ev, hp->in->file_id, &sc, line);
		if (line.n == 0)
			continue;
		if ((eq = memchr(line.p, '=', line.n)) == NULL || eq == line.p ||
		    memchr(line.p, '\0', (size_t)(eq - line.p)) != NULL) {
			if (unparsed(hp, &sc, line) == -1)
				return -1;
			continue;
		}
		if (n++ >= ENV_MAX)
			continue;
		if ((name = arena_strndup(hp->a, line.p,
		    (size_t)(eq - line.p))) == NULL ||
		    ev_set_str(ev, hp->a, name, str_make(eq + 1,
		    line.n - (size_t)(eq + 1 - line.p))) == -1)
			return -1;
	}
	return n > ENV_MAX ? ev_set_num(ev, hp->a, "env_dropped",
	    n - ENV_MAX) : 0;
}

static const struct ulimit {
	const char	*name, *soft, *hard;
} ulimits[] = {
	{ "as", "as_soft", "as_hard" },
	{ "core", "core_soft", "core_hard" },
	{ "cpu", "cpu_soft", "cpu_hard" },
	{ "data", "data_soft", "data_hard" },
	{ "fsize", "fsize_soft", "fsize_hard" },
	{ "locks", "locks_soft", "locks_hard" },
	{ "memlock", "memlock_soft", "memlock_hard" },
	{ "msgqueue", "msgqueue_soft", "msgqueue_hard" },
	{ "nice", "nice_soft", "nice_hard" },
	{ "nofile", "nofile_soft", "nofile_hard" },
	{ "nproc", "nproc_soft", "nproc_hard" },
	{ "rss", "rss_soft", "rss_hard" },
	{ "rtprio", "rtprio_soft", "rtprio_hard" },
	{ "rttime", "rttime_soft", "rttime_hard" },
	{ "sigpending", "sigpending_soft", "sigpending_hard" },
	{ "stack", "stack_soft", "stack_hard" },
};

/* A limit: a number, or the text ("unlimited") with no number. */
static int
set_limit(struct event *ev, struct arena *a, const char *field,
    struct str v)
{
	uint64_t	n;

	if (str_to_u64(v, &n) == 0 && n <= INT64_MAX)
		return ev_set_num(ev, a, field, (int64_t)n);
	return ev_set_str(ev, a, field, v);
}

/* The space-separated words of a line (at most max). */
static size_t
words(struct str line, struct str *w, size_t max)
{
	size_t	n = 0, i = 0, s;

	while (i < line.n && n < max) {
		while (i < line.n && (line.p[i] == ' ' || line.p[i] == '\t'))
			i++;
		for (s = i; i < line.n && line.p[i] != ' ' && line.p[i] != '\t';
		    i++)
			;
		if (i > s)
			w[n++] = str_make(line.p + s, i - s);
	}
	return n;
}

/* "as unlimited unlimited" */
static int
h_ulimits(struct hparse *hp, const struct hostfile *hf)
{
	struct event	*ev;
	struct scan	 sc;
	struct str	 line, w[4];
	size_t		 i;

	if ((ev = host_event(hp, hf->sig)) == NULL)
		return -1;
	scan_init(&sc, hp->in->data, hp->in->len);
	while (scan_line(&sc, &line)) {
		if (sc.lineno == 1)
			ev_cite(ev, hp->in->file_id, &sc, line);
		if (words(line, w, 4) != 3) {
			if (str_trim(line).n > 0 && unparsed(hp, &sc, line) == -1)
				return -1;
			continue;
		}
		for (i = 0; i < NITEMS(ulimits); i++)
			if (str_eq(w[0], ulimits[i].name))
				break;
		if (i < NITEMS(ulimits) &&
		    (set_limit(ev, hp->a, ulimits[i].soft, w[1]) == -1 ||
		    set_limit(ev, hp->a, ulimits[i].hard, w[2]) == -1))
			return -1;
	}
	return 0;
}

/* "v1", "v2" or "hybrid" */
static int
h_cgroup_mode(struct hparse *hp, const struct hostfile *hf)
{
	static const char *const modes[] = { "v1", "v2", "hybrid" };
	struct event	*ev;
	struct scan	 sc;
	struct str	 line, t;

	if ((ev = host_event(hp, hf->sig)) == NULL)
		return -1;
	scan_init(&sc, hp->in->data, hp->in->len);
	if (!scan_line(&sc, &line))
		return 0;
	ev_cite(ev, hp->in->file_id, &sc, line);
	t = str_trim(line);
	for (size_t i = 0; i < NITEMS(modes); i++)
		if (str_eq(t, modes[i]))
			return ev_set_str(ev, hp->a, "mode", t);
	return unparsed(hp, &sc, line);
}

/* procs.tsv columns; the header says their order. */
static const struct hkey proc_cols[] = {
	{ "pid", "pid", HK_NUM },
	{ "uid", "uid", HK_NUM },
	{ "vmrss_kb", "rss_bytes", HK_KIB },
	{ "cgroup", "cgroup", HK_STR },
	{ "cmdline", "cmdline", HK_STR },
	/* later collectors add these (only with a header) */
	{ "threads", "threads", HK_NUM },
	{ "cpus_allowed", "cpus_allowed", HK_STR },
	/* soft RLIMIT_AS / RLIMIT_DATA; "unlimited" leaves them unset */
	{ "as_limit", "as_limit_bytes", HK_NUM },
	{ "data_limit", "data_limit_bytes", HK_NUM },
};

#define PROC_COLS_NOHEADER	5	/* columns of a file with no header */

#define PROC_COLS_MAX	16

/* The tab-separated cells of a row; the last column takes the rest. */
static size_t
cells(struct str line, struct str *c, size_t max)
{
	size_t		 n = 0;
	const char	*p = line.p, *e = line.p + line.n, *t;

	while (n < max) {
		t = n + 1 < max ? memchr(p, '\t', (size_t)(e - p)) : NULL;
		c[n++] = str_make(p, (size_t)((t != NULL ? t : e) - p));
		if (t == NULL)
			break;
		p = t + 1;
	}
	return n;
}

static int
proc_slurm(struct event *ev, struct arena *a)
{
	struct slurm_cgpath	sp;
	int64_t			v;

	if (!parse_slurm_cgpath(ev_str(ev, "cgroup"), &sp))
		return 0;
	if ((sp.job.n > 0 && str_to_i64(sp.job, &v) == 0 &&
	    ev_set_num(ev, a, "job_id", v) == -1) ||
	    (sp.sluid.n > 0 && ev_set_str(ev, a, "job_sluid", sp.sluid) == -1) ||
	    (sp.step.n > 0 && ev_set_str(ev, a, "step", sp.step) == -1))
		return -1;
	if (sp.task.n > 0 && str_to_i64(sp.task, &v) == 0)
		return ev_set_num(ev, a, "task_id", v);
	return 0;
}

/* ncpus_allowed: the width of cpus_allowed ("0-3,8"). */
static int
proc_cpus(struct event *ev, struct arena *a)
{
	struct str	l = ev_str(ev, "cpus_allowed");
	uint64_t	n;

	if (l.p == NULL || cpulist_count(l, &n) == -1)
		return 0;
	return ev_set_num(ev, a, "ncpus_allowed", (int64_t)n);
}

static int
proc_row(struct hparse *hp, const struct scan *sc, struct str line,
    const struct hkey **map, size_t ncols)
{
	struct event	*ev;
	struct str	 c[PROC_COLS_MAX];
	size_t		 n = cells(line, c, ncols);
	int64_t		 pid;
	int		 r;

	if (n != ncols)
		return unparsed(hp, sc, line);
	if ((ev = host_event(hp, "host.proc")) == NULL)
		return -1;
	ev_cite(ev, hp->in->file_id, sc, line);
	for (size_t i = 0; i < n; i++) {
		if (map[i] == NULL)
			continue;
		if ((r = set_value(ev, hp->a, map[i]->field, map[i]->kind,
		    c[i])) == -1)
			return -1;
	}
	if (ev_num(ev, "pid", &pid) == 0)
		ev->pid = pid;
	if (proc_cpus(ev, hp->a) == -1)
		return -1;
	return proc_slurm(ev, hp->a);
}

/* Maps the header's columns to proc_cols[] (NULL: a column we skip). */
static size_t
proc_header(struct str line, const struct hkey **map)
{
	struct str	c[PROC_COLS_MAX];
	size_t		n = cells(line, c, PROC_COLS_MAX);

	for (size_t i = 0; i < n; i++) {
		map[i] = NULL;
		for (size_t j = 0; j < NITEMS(proc_cols); j++)
			if (str_eq(str_trim(c[i]), proc_cols[j].key))
				map[i] = &proc_cols[j];
	}
	return n;
}

static int
h_procs(struct hparse *hp, const struct hostfile *hf)
{
	const struct hkey	*map[PROC_COLS_MAX];
	struct scan		 sc;
	struct str		 line;
	size_t			 ncols = PROC_COLS_NOHEADER;

	for (size_t i = 0; i < ncols; i++)
		map[i] = &proc_cols[i];
	scan_init(&sc, hp->in->data, hp->in->len);
	while (scan_line(&sc, &line)) {
		if (sc.lineno == 1 && str_starts(line, "pid")) {
			ncols = proc_header(line, map);
			continue;
		}
		if (line.n > 0 && proc_row(hp, &sc, line, map, ncols) == -1)
			return -1;
	}
	return 0;
}

static const struct hkey meminfo_keys[] = {
	{ "MemTotal", "mem_total_bytes", HK_KB },
	{ "MemFree", "mem_free_bytes", HK_KB },
	{ "MemAvailable", "mem_available_bytes", HK_KB },
	{ "Cached", "cached_bytes", HK_KB },
	{ "SwapTotal", "swap_total_bytes", HK_KB },
	{ "SwapFree", "swap_free_bytes", HK_KB },
	{ "AnonPages", "anon_pages_bytes", HK_KB },
	{ "Shmem", "shmem_bytes", HK_KB },
	{ "CommitLimit", "commit_limit_bytes", HK_KB },
	{ "Committed_AS", "committed_as_bytes", HK_KB },
	{ "HugePages_Total", "hugepages_total", HK_NUM },
	{ "HugePages_Free", "hugepages_free", HK_NUM },
	{ "Hugepagesize", "hugepage_size_bytes", HK_KB },
	{ "Hugetlb", "hugetlb_bytes", HK_KB },
};

static const struct hkey shm_keys[] = {
	{ "path", "shm_path", HK_STR },
	{ "fstype", "shm_fstype", HK_STR },
	{ "size_bytes", "shm_size_bytes", HK_NUM },
	{ "avail_bytes", "shm_avail_bytes", HK_NUM },
	{ "free_bytes", "shm_free_bytes", HK_NUM },
	{ "error", "shm_error", HK_STR },
};

static const struct hkey os_keys[] = {
	{ "PRETTY_NAME", "pretty_name", HK_QSTR },
	{ "NAME", "os_name", HK_QSTR },
	{ "ID", "os_id", HK_QSTR },
	{ "VERSION_ID", "version_id", HK_QSTR },
};

#define KV(k)	k, NITEMS(k)

/* slurm/markers/<step>.step, the SPANK plugin's record of a step on this
 * node ("job=6", "step=batch", "pids=2581 3276", "start=1796186055",
 * "end=...", "uid=1001", ...): one "host.step_marker" with job_id, step
 * and pids (as written), so a pid the kernel names later can be put in
 * its step, and the step's start_s, end_s (UTC seconds) and uid, the
 * job's run and user where no Slurm record was collected. Other keys are
 * left to the plugin's readers; a line without '=' is skipped. */
static int
h_marker(struct hparse *hp, const struct hostfile *hf)
{
	struct event	*ev;
	struct scan	 sc;
	struct str	 line, t, k, v;
	const char	*eq;
	int64_t		 n;

	if ((ev = host_event(hp, hf->sig)) == NULL)
		return -1;
	scan_init(&sc, hp->in->data, hp->in->len);
	while (scan_line(&sc, &line)) {
		t = str_trim(line);
		if ((eq = memchr(t.p, '=', t.n)) == NULL)
			continue;
		k = str_make(t.p, (size_t)(eq - t.p));
		v = str_trim(str_make(eq + 1, (size_t)(t.p + t.n - eq - 1)));
		if (str_eq(k, "job") && str_to_i64(v, &n) == 0) {
			ev_cite(ev, hp->in->file_id, &sc, line);
			if (ev_set_num(ev, hp->a, "job_id", n) == -1)
				return -1;
		} else if ((str_eq(k, "step") || str_eq(k, "pids")) && v.n > 0 &&
		    ev_set_str(ev, hp->a, str_eq(k, "step") ? "step" : "pids",
		    v) == -1)
			return -1;
		else if ((str_eq(k, "start") || str_eq(k, "end") ||
		    str_eq(k, "uid")) && str_to_i64(v, &n) == 0 && n >= 0 &&
		    ev_set_num(ev, hp->a, str_eq(k, "start") ? "start_s" :
		    str_eq(k, "end") ? "end_s" : "uid", n) == -1)
			return -1;
	}
	return 0;
}

/* /proc/pressure/memory: the node's PSI. */
static int
h_pressure(struct hparse *hp, const struct hostfile *hf)
{
	struct event	*ev;

	if ((ev = host_event(hp, hf->sig)) == NULL)
		return -1;
	return psi_fields(ev, hp->a, hp->in) == -1 ? -1 : 0;
}

static const struct hostfile marker_file = { "", "host.step_marker", 0,
    NULL, NULL, 0, h_marker };

static const struct hostfile hostfiles[] = {
	{ "meminfo.txt", "host.meminfo", ':', "MemTotal", KV(meminfo_keys),
	  h_keyvalue },
	{ "shm.txt", "host.shm", '=', "size_bytes", KV(shm_keys), h_keyvalue },
	{ "os-release.txt", "host.os_release", '=', "PRETTY_NAME",
	  KV(os_keys), h_keyvalue },
	{ "uptime.txt", "host.uptime", 0, NULL, NULL, 0, h_uptime },
	{ "env.txt", "host.env", 0, NULL, NULL, 0, h_env },
	{ "ulimits.txt", "host.ulimits", 0, NULL, NULL, 0, h_ulimits },
	{ "cgroup-mode.txt", "host.cgroup_mode", 0, NULL, NULL, 0,
	  h_cgroup_mode },
	{ "procs.tsv", "host.proc", 0, NULL, NULL, 0, h_procs },
	{ "pressure-memory.txt", "host.pressure", 0, NULL, NULL, 0,
	  h_pressure },
};

/*
 * parse_host: see parse.h. Keyed by the base name of in->name; unknown
 * files give no events. ERR_NOMEM is the only error.
 */
enum err_code
parse_host(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct hparse	 hp = { in, a, out, 0 };
	const char	*name = in->name == NULL ? "" : in->name;
	const char	*base = strrchr(name, '/');

	base = base == NULL ? name : base + 1;
	if (strncmp(name, "slurm/markers/", 14) == 0 && strlen(base) > 5 &&
	    strcmp(base + strlen(base) - 5, ".step") == 0)
		return h_marker(&hp, &marker_file) == -1 ? ERR(e, ERR_NOMEM,
		    "%s", name) : ERR_OK;
	for (size_t i = 0; i < NITEMS(hostfiles); i++) {
		if (strcmp(base, hostfiles[i].base) != 0)
			continue;
		if (hostfiles[i].fn(&hp, &hostfiles[i]) == -1)
			return ERR(e, ERR_NOMEM, "%s", name);
		break;
	}
	return ERR_OK;
}
