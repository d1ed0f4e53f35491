/*
 * cpudev: the job's CPU and GPU-device evidence.
 *
 * On cgroup v1 the job's subtree is copied from the cpuset, cpu, cpuacct
 * and devices mounts too (the files of ctl_files[], each under its mount
 * name as it appears under the root: "cgroup/cpu,cpuacct/slurm_vm/...");
 * on v2 those files sit beside the memory ones and cgroup_find.c lists
 * them. Slurm's cgroup.conf and gres.conf are copied from its config
 * directory. host/job-env.txt is the allow-listed environment of each
 * distinct job process, read as the job's user. gpu/dev-access.txt says
 * which GPU device nodes (NVIDIA's /dev/nvidia*; AMD's /dev/kfd, which
 * every ROCm process opens, and /dev/dri/renderD*, one per GPU) a child
 * can open once it has joined the job's cgroup and become the job's user: the device cgroup (v1 devices.list,
 * v2 eBPF) decides that at open time, so only a process inside the
 * cgroup can tell; as root outside it every open succeeds. The child
 * exits at once, leaving the cgroup; a hung open is the usual per-probe
 * timeout's (run.c abandons it). Nothing here decides what the evidence
 * means, and nothing is written outside the bundle except that child's
 * own pid into the job's cgroup.procs.
 */
#include <sys/stat.h>
#include <sys/vfs.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <grp.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

#define ENV_PROCS	16		/* processes written at most */
#define ENV_MAX		(128 * KIB)	/* bytes of one environ read */
#define DEV_MAX		64		/* device nodes tried at most */
#define CGROUP_MAGIC	0x27e0ebL	/* statfs f_type, v1 */
#define CGROUP2_MAGIC	0x63677270L	/* v2 */

/* v1 controllers and the files copied from each of the job's cgroups. */
static const struct {
	const char	*ctl;
	const char	*files[4];
} ctl_files[] = {
	{ "cpuset", { "cpuset.cpus", "cpuset.effective_cpus", NULL } },
	{ "cpu", { "cpu.cfs_quota_us", "cpu.cfs_period_us", "cpu.stat",
	  NULL } },
	{ "cpuacct", { "cpuacct.usage", NULL } },
	{ "devices", { "devices.list", NULL } },
};

/* Device nodes worth trying, as fnmatch patterns: in the device root,
 * and in its dri/ (AMD's render nodes, named "dri/renderD128"). */
static const char *const dev_patterns[] = {
	"nvidia[0-9]*", "nvidiactl", "nvidia-uvm", "kfd",
};
static const char *const dri_patterns[] = { "renderD[0-9]*" };

static const char *const conf_files[] = { "cgroup.conf", "gres.conf" };

/* ---- v1 controller subtrees ---- */

struct ctl_walk {
	struct collect	*c;
	size_t		 row;
};

static int
ctl_dir(void *arg, const char *rel)
{
	struct ctl_walk		*w = arg;
	struct collect		*c = w->c;
	const char *const	*f = ctl_files[w->row].files;
	char			 bpath[PATH_MAX], src[PATH_MAX];

	for (; *f != NULL; f++) {
		if (probe_left_ms(c) == 0)
			return -1;
		if ((size_t)snprintf(bpath, sizeof(bpath), "cgroup/%s/%s", rel,
		    *f) >= sizeof(bpath) || (size_t)snprintf(src, sizeof(src),
		    "%s/%s/%s", c->cg_root, rel, *f) >= sizeof(src))
			continue;
		probe_file(c, bpath, src, 2000);
	}
	return 0;
}

void
cpudev_cgroups(struct collect *c)
{
	struct ctl_walk	w = { c, 0 };
	char		rel[PATH_MAX], bpath[64], why[PATH_MAX + 128];

	if (c->mode != CG_V1 && c->mode != CG_HYBRID)
		return;
	for (w.row = 0; w.row < sizeof(ctl_files) / sizeof(ctl_files[0]);
	    w.row++) {
		if (probe_left_ms(c) == 0)
			return;
		if (cgroup_find_ctl(c->cg_root, c->proc_root, c->job, c->pids,
		    c->npids, ctl_files[w.row].ctl, c->cg_rel[0] ? c->cg_rel :
		    NULL, rel, sizeof(rel)) == 0) {
			cgroup_walk(c->cg_root, rel, ctl_dir, &w);
			continue;
		}
		snprintf(bpath, sizeof(bpath), "cgroup/%s/",
		    ctl_files[w.row].ctl);
		snprintf(why, sizeof(why), "ENOENT: no %s cgroup for job %s "
		    "under %s", ctl_files[w.row].ctl, c->job, c->cg_root);
		probe_none(c, bpath, c->cg_root, why);
	}
}

/* ---- Slurm's cgroup.conf and gres.conf ---- */

/* SLURM_CONF's directory, else scontrol's SLURM_CONF, else /etc/slurm. */
static void
conf_dir(const struct collect *c, char *out, size_t sz)
{
	const char	*env = getenv("SLURM_CONF");
	char		 copy[PATH_MAX];

	if (env != NULL && *env == '/')
		snprintf(copy, sizeof(copy), "%s", env);
	else if (c->slurm_conf[0] == '/')
		snprintf(copy, sizeof(copy), "%s", c->slurm_conf);
	else {
		snprintf(out, sz, "/etc/slurm");
		return;
	}
	snprintf(out, sz, "%s", dirname(copy));
}

void
cpudev_confs(struct collect *c, int timeout_ms)
{
	char	dir[PATH_MAX], src[PATH_MAX], bpath[64];

	conf_dir(c, dir, sizeof(dir));
	for (size_t i = 0; i < sizeof(conf_files) / sizeof(conf_files[0]) &&
	    probe_left_ms(c) > 0; i++) {
		if ((size_t)snprintf(src, sizeof(src), "%s/%s", dir,
		    conf_files[i]) >= sizeof(src))
			continue;
		snprintf(bpath, sizeof(bpath), "slurm/%s", conf_files[i]);
		probe_file(c, bpath, src, timeout_ms);
	}
}

/* ---- host/job-env.txt ---- */

struct env_arg {
	const struct collect	*c;
	char			*seen[ENV_PROCS];	/* filtered texts */
	pid_t			 pid[ENV_PROCS];
	size_t			 n;
};

/* The allow-listed entries of one NUL-separated environ, one a line
 * (CR/LF in values become blanks); malloc'd, NULL if unreadable. */
static char *
env_filter(const char *buf, size_t len)
{
	char		*out = malloc(len + 2), *o = out;
	const char	*p = buf, *e = buf + len, *z;

	if (out == NULL)
		return NULL;
	for (; p < e; p = z + 1) {
		if ((z = memchr(p, '\0', (size_t)(e - p))) == NULL)
			z = e;
		if (z == p || !probe_env_ok(p))
			continue;
		for (const char *s = p; s < z; s++)
			*o++ = *s == '\n' || *s == '\r' ? ' ' : *s;
		*o++ = '\n';
	}
	*o = '\0';
	return out;
}

/* Read /proc/<pid>/environ (bounded); -errno on failure. */
static ssize_t
env_read(const struct collect *c, pid_t pid, char *buf, size_t sz)
{
	char	path[PATH_MAX];
	ssize_t	r;
	size_t	got = 0;
	int	fd;

	snprintf(path, sizeof(path), "%s/%ld/environ", c->proc_root,
	    (long)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)) == -1)
		return -errno;
	while (got < sz && (r = read(fd, buf + got, sz - got)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			r = -errno;
			close(fd);
			return r;
		}
		got += (size_t)r;
	}
	close(fd);
	return (ssize_t)got;
}

static void
env_one(struct env_arg *a, pid_t pid, char *buf)
{
	ssize_t	 r = env_read(a->c, pid, buf, ENV_MAX - 1);
	char	*t;

	if (r >= 0)
		buf[r] = '\0';	/* a cut last entry still ends */
	if (r < 0) {
		printf("%spid=%ld error=%s\n", a->n ? "\n" : "", (long)pid,
		    snap_errno_name((int)-r));
		a->pid[a->n] = pid;
		a->seen[a->n++] = NULL;
		return;
	}
	if ((t = env_filter(buf, (size_t)r)) == NULL)
		return;
	for (size_t i = 0; i < a->n; i++)
		if (a->seen[i] != NULL && strcmp(a->seen[i], t) == 0) {
			printf("\npid=%ld same_as=%ld\n", (long)pid,
			    (long)a->pid[i]);
			a->pid[a->n] = pid;
			a->seen[a->n++] = NULL;
			free(t);
			return;
		}
	printf("%spid=%ld\n%s", a->n ? "\n" : "", (long)pid, t);
	a->pid[a->n] = pid;
	a->seen[a->n++] = t;
}

/* Child: one block per process, at most ENV_PROCS. */
static int
env_child(void *arg)
{
	struct env_arg	*a = arg;
	char		*buf = malloc(ENV_MAX);

	if (buf == NULL)
		return RUN_ERRNO_BASE + ENOMEM;
	for (size_t i = 0; i < a->c->npids && a->n < ENV_PROCS; i++)
		env_one(a, a->c->pids[i], buf);
	fflush(stdout);
	for (size_t i = 0; i < a->n; i++)
		free(a->seen[i]);
	free(buf);
	return 0;
}

void
cpudev_job_env(struct collect *c, const char *bpath, int timeout_ms)
{
	struct env_arg	a = { .c = c };

	if (c->npids == 0) {
		probe_none(c, bpath, "/proc/<pid>/environ",
		    "ENOENT: no job process found");
		return;
	}
	probe_fn(c, bpath, "/proc/<pid>/environ (allow-listed)", env_child,
	    &a, timeout_ms, 1);
}

/* ---- gpu/dev-access.txt ---- */

struct dev_arg {
	const struct collect	*c;
	char			 cg[PATH_MAX];	/* relative to cg_root */
	const char		*mode;		/* "v1" | "v2" */
	char			 dev[DEV_MAX][NAME_MAX + 1];
	size_t			 ndev;
	const char		*root;
	int			 fake;		/* OOMTRAIL_DEV_ROOT: a test */
};

static int
dev_order(const void *a, const void *b)
{
	const char	*x = a, *y = b;
	int		 dx = strncmp(x, "nvidia", 6) == 0 &&
			    x[6] >= '0' && x[6] <= '9';
	int		 dy = strncmp(y, "nvidia", 6) == 0 &&
			    y[6] >= '0' && y[6] <= '9';

	if (dx != dy)
		return dy - dx;		/* numbered nodes first */
	if (dx && strlen(x) != strlen(y))
		return strlen(x) < strlen(y) ? -1 : 1;
	return strcmp(x, y);
}

/* The names in dir (below the device root: "" or "dri") that match one
 * of pats, as "dri/renderD128". */
static void
dev_scan(struct dev_arg *a, const char *dir, const char *const *pats,
    size_t npats)
{
	char		 path[PATH_MAX];
	struct dirent	*d;
	DIR		*dp;

	snprintf(path, sizeof(path), "%s%s%s", a->root, *dir ? "/" : "", dir);
	if ((dp = opendir(path)) == NULL)
		return;
	while ((d = readdir(dp)) != NULL && a->ndev < DEV_MAX)
		for (size_t i = 0; i < npats; i++)
			if (fnmatch(pats[i], d->d_name, 0) == 0 &&
			    strlen(dir) + 1 + strlen(d->d_name) <= NAME_MAX) {
				snprintf(a->dev[a->ndev++], NAME_MAX + 1,
				    "%s%s%s", dir, *dir ? "/" : "", d->d_name);
				break;
			}
	closedir(dp);
}

static void
dev_list(struct dev_arg *a)
{
	dev_scan(a, "", dev_patterns, sizeof(dev_patterns) /
	    sizeof(dev_patterns[0]));
	dev_scan(a, "dri", dri_patterns, sizeof(dri_patterns) /
	    sizeof(dri_patterns[0]));
	qsort(a->dev, a->ndev, sizeof(a->dev[0]), dev_order);
}

/* Child: join the cgroup, become the job's user, open each node. */
static int
dev_child(void *arg)
{
	struct dev_arg	*a = arg;
	const char	*no = NULL;
	char		 procs[PATH_MAX];
	int		 fd = -1, how = 0;

	if ((size_t)snprintf(procs, sizeof(procs), "%s/%s/cgroup.procs",
	    a->c->cg_root, a->cg) >= sizeof(procs))
		errno = ENAMETOOLONG;
	else
		fd = open(procs, O_WRONLY | O_CLOEXEC);
	if (fd == -1 ||
	    dprintf(fd, "%ld\n", (long)getpid()) < 0 || close(fd) == -1)
		no = snap_errno_name(errno), how = 1;
	else if (setgroups(0, NULL) == -1 || setgid(a->c->gid) == -1 ||
	    setuid(a->c->uid) == -1)
		no = snap_errno_name(errno), how = 2;
	if (no != NULL) {
		printf("method=skipped\nnote=cannot %s %s: %s\n", how == 1 ?
		    "join the job's cgroup" : "become the job's user in",
		    a->cg, no);
		fflush(stdout);
		return 0;
	}
	/* v1: the devices controller's lists; v2: eBPF programs the kernel
	 * runs at open(2), with no file to read: the opens below tell. */
	printf("method=child-in-cgroup\nuid=%lu gid=%lu cgroup=%s\n"
	    "cgroup_mode=%s device_rules=%s\n", (unsigned long)a->c->uid,
	    (unsigned long)a->c->gid, a->cg, a->mode,
	    strcmp(a->mode, "v2") == 0 ? "ebpf" : "devices.list");
	fflush(stdout);
	for (size_t i = 0; i < a->ndev; i++) {
		snprintf(procs, sizeof(procs), "%s/%s", a->root, a->dev[i]);
		fd = open(procs, O_RDONLY | O_NONBLOCK | O_NOFOLLOW |
		    O_NOCTTY | O_CLOEXEC);
		printf("device=%s result=%s\n", procs, fd == -1 ?
		    snap_errno_name(errno) : "ok");
		fflush(stdout);	/* a later open may hang: keep these */
		if (fd != -1)
			close(fd);
	}
	return 0;
}

/* The cgroup a job process is in (the step's), else the job's own. */
static int
dev_cgroup(const struct collect *c, struct dev_arg *a)
{
	const char	*ctl = c->mode == CG_V2 ? NULL : "devices";

	for (size_t i = 0; i < c->npids; i++)
		if (cgroup_pid_dir(c->cg_root, c->proc_root, c->job,
		    c->pids[i], ctl, a->cg, sizeof(a->cg)) == 0)
			return 0;
	if (ctl == NULL) {
		snprintf(a->cg, sizeof(a->cg), "%s", c->cg_rel);
		return c->cg_rel[0] ? 0 : -1;
	}
	return cgroup_find_ctl(c->cg_root, c->proc_root, c->job, c->pids,
	    c->npids, ctl, c->cg_rel[0] ? c->cg_rel : NULL, a->cg,
	    sizeof(a->cg));
}

/* Real device nodes are only tried from a real cgroup: a pid is never
 * written into a plain file (a cgroup root pointed at a copy). */
static int
dev_cgroupfs(const struct dev_arg *a)
{
	struct statfs	sf;
	char		procs[PATH_MAX];

	if (a->fake)
		return 1;
	if ((size_t)snprintf(procs, sizeof(procs), "%s/%s/cgroup.procs",
	    a->c->cg_root, a->cg) >= sizeof(procs) || statfs(procs, &sf) == -1)
		return 0;
	return (long)sf.f_type == CGROUP_MAGIC ||
	    (long)sf.f_type == CGROUP2_MAGIC;
}

/* Why the check cannot run here, or NULL. */
static const char *
dev_why_not(const struct collect *c, struct dev_arg *a)
{
	static char	why[PATH_MAX + 64];

	if (a->ndev == 0) {
		snprintf(why, sizeof(why), "no %s/nvidia*, %s/kfd or "
		    "%s/dri/renderD* on this node", a->root, a->root, a->root);
		return why;
	}
	if (geteuid() != 0)
		return "not root: cannot join the job's cgroup";
	if (!c->have_user)
		return "the job's uid is unknown (no scontrol show job)";
	if (c->mode == CG_NONE)
		return "no cgroup mount";
	if (dev_cgroup(c, a) == -1)
		return "the job has no cgroup on this node (it has ended, or has not started)";
	if (!dev_cgroupfs(a)) {
		snprintf(why, sizeof(why), "%s/%s/cgroup.procs is not on a "
		    "cgroup file system", c->cg_root, a->cg);
		return why;
	}
	return NULL;
}

void
cpudev_dev_access(struct collect *c, const char *bpath, int timeout_ms)
{
	struct dev_arg	*a = calloc(1, sizeof(*a));
	const char	*why, *root = getenv("OOMTRAIL_DEV_ROOT");
	int		 fd;

	if (a == NULL)
		return;
	a->c = c;
	a->fake = root != NULL && *root == '/';
	a->root = a->fake ? root : "/dev";
	a->mode = c->mode == CG_V2 ? "v2" : "v1";
	dev_list(a);
	if ((why = dev_why_not(c, a)) == NULL)
		probe_fn(c, bpath, "open(/dev/nvidia*) in the job's cgroup",
		    dev_child, a, timeout_ms, 0);
	else if ((fd = collect_spool(c)) != -1) {
		dprintf(fd, "method=skipped\nnote=%s\n", why);
		collect_emit(c, &(struct emit){ .bpath = bpath,
		    .source = "open(/dev/nvidia*) in the job's cgroup",
		    .kind = "generated", .spool = fd });
	}
	free(a);
}
