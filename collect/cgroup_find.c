/*
 * cgroup_find: where the job's memory cgroup is, and what to copy.
 *
 * The mode (v1, v2, hybrid) comes from the cgroup mount's root. The job's
 * memory cgroup is taken from /proc/<pid>/cgroup of any of its processes
 * (cut at the "job_<id>" component), else from Slurm's layouts, a table of
 * patterns: v1 memory/slurm*\/uid_*\/job_<id>, v2
 * system.slice/slurmstepd.scope/job_<id> and <node>_slurmstepd.scope. The
 * walk over its subtree (job, steps, tasks) is bounded in depth and
 * count. Paths are relative to the cgroup root, so the bundle keeps the
 * controller's directory first on v1 (memory/slurm_vm/...). The other v1
 * controllers (cpuset, cpu, cpuacct, devices) are found the same way in
 * their own mount, named as it appears under the root ("cpu,cpuacct"),
 * else by transposing the memory directory. This module reads only
 * directories and /proc/<pid>/cgroup; it copies nothing.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

#define WALK_DEPTH	8
#define WALK_MAX_DIRS	1024

static const char *const v1_files[] = {
	"memory.limit_in_bytes", "memory.max_usage_in_bytes",
	"memory.usage_in_bytes", "memory.failcnt", "memory.oom_control",
	"memory.stat", "memory.memsw.limit_in_bytes",
	"memory.memsw.max_usage_in_bytes", "memory.memsw.failcnt",
	"cgroup.procs", NULL
};
static const char *const v2_files[] = {
	"memory.events", "memory.events.local", "memory.max", "memory.high",
	"memory.peak", "memory.current", "memory.stat", "memory.swap.current",
	"memory.swap.max", "memory.swap.peak", "memory.swap.events",
	"memory.oom.group", "memory.pressure", "cgroup.procs", "cgroup.events",
	"cpu.max", "cpu.stat", "cpuset.cpus", "cpuset.cpus.effective", NULL
};

/* Slurm's layouts; "%s" is the job id. */
static const struct {
	enum cg_mode	 mode;
	const char	*pattern;
} layouts[] = {
	{ CG_V1, "memory/slurm*/uid_*/job_%s" },
	{ CG_V2, "system.slice/slurmstepd.scope/job_%s" },
	{ CG_V2, "*_slurmstepd.scope/job_%s" },
	{ CG_V2, "system.slice/*_slurmstepd.scope/job_%s" },
};

static const char *const mode_names[] = { NULL, "v1", "v2", "hybrid" };

const char *
cgroup_mode_name(enum cg_mode m)
{
	return mode_names[m];
}

const char *const *
cgroup_files(enum cg_mode m)
{
	return m == CG_V2 ? v2_files : v1_files;
}

static int
exists(const char *root, const char *rel, int want_dir)
{
	char		p[PATH_MAX];
	struct stat	st;

	if ((size_t)snprintf(p, sizeof(p), "%s/%s", root, rel) >= sizeof(p) ||
	    lstat(p, &st) == -1)
		return 0;
	return want_dir ? S_ISDIR(st.st_mode) : 1;
}

enum cg_mode
cgroup_mode(const char *root)
{
	if (exists(root, "cgroup.controllers", 0))
		return CG_V2;
	if (exists(root, "memory", 1))
		return exists(root, "unified/cgroup.controllers", 0) ?
		    CG_HYBRID : CG_V1;
	if (exists(root, "system.slice", 1))
		return CG_V2;
	return CG_NONE;
}

/* Cut path after its "job_<id>" component; 0 ok, -1 not in the path. */
static int
cut_at_job(char *path, const char *job)
{
	char	comp[64];
	char	*p;
	size_t	l;

	snprintf(comp, sizeof(comp), "/job_%s", job);
	l = strlen(comp);
	for (p = strstr(path, comp); p != NULL; p = strstr(p + 1, comp))
		if (p[l] == '/' || p[l] == '\0') {
			p[l] = '\0';
			return 0;
		}
	return -1;
}

/* What a /proc/<pid>/cgroup line must name: a v1 controller (then the
 * rel starts with its mount name), or the v2 line too when v2ok. */
struct want {
	const char	*ctl;
	const char	*mount;
	int		 v2ok;
	int		 cut;		/* cut at job_<id>, else the whole path */
};

/* Whether path has a "job_<id>" component. */
static int
under_job(const char *path, const char *job)
{
	char	copy[PATH_MAX];

	snprintf(copy, sizeof(copy), "%s", path);
	return cut_at_job(copy, job) == 0;
}

/* One /proc/<pid>/cgroup line "id:controllers:path" -> rel or -1. */
static int
from_line(char *line, const char *job, const struct want *w, char *out,
    size_t sz)
{
	char	*c1, *c2, *ctl, *tok, *save;
	int	 v2;

	if ((c1 = strchr(line, ':')) == NULL || (c2 = strchr(c1 + 1, ':'))
	    == NULL)
		return -1;
	*c2 = '\0';
	ctl = c1 + 1;
	v2 = *ctl == '\0';
	if (v2 && !w->v2ok)
		return -1;
	for (tok = strtok_r(ctl, ",", &save); tok != NULL && !v2;
	    tok = strtok_r(NULL, ",", &save))
		if (strcmp(tok, w->ctl) == 0)
			break;
	if (!v2 && tok == NULL)
		return -1;
	c2[1 + strcspn(c2 + 1, "\n")] = '\0';
	if (w->cut ? cut_at_job(c2 + 1, job) == -1 :
	    !under_job(c2 + 1, job))
		return -1;
	return (size_t)snprintf(out, sz, "%s%s", v2 ? "" : w->mount,
	    v2 ? c2 + 2 : c2 + 1) < sz ? 0 : -1;
}

static int
from_pid(const char *root, const char *proc, const char *job, pid_t pid,
    const struct want *w, char *out, size_t sz)
{
	char	 p[PATH_MAX], line[PATH_MAX];
	FILE	*f;
	int	 found = -1;

	snprintf(p, sizeof(p), "%s/%ld/cgroup", proc, (long)pid);
	if ((f = fopen(p, "re")) == NULL)
		return -1;
	while (found == -1 && fgets(line, sizeof(line), f) != NULL)
		if (from_line(line, job, w, out, sz) == 0 &&
		    exists(root, out, 1))
			found = 0;
	fclose(f);
	return found;
}

/* Expand a '/'-separated pattern under root/rel, one component at a time. */
static int
glob_dirs(const char *root, const char *rel, const char *pat, char *out,
    size_t sz)
{
	char		 comp[NAME_MAX + 1], sub[PATH_MAX], dir[PATH_MAX];
	const char	*slash = strchr(pat, '/');
	size_t		 l = slash ? (size_t)(slash - pat) : strlen(pat);
	struct dirent	*d;
	DIR		*dp;
	int		 rc = -1;

	if (l > NAME_MAX)
		return -1;
	memcpy(comp, pat, l);
	comp[l] = '\0';
	snprintf(dir, sizeof(dir), "%s/%s", root, rel);
	if ((dp = opendir(dir)) == NULL)
		return -1;
	while (rc == -1 && (d = readdir(dp)) != NULL) {
		if (d->d_name[0] == '.' || fnmatch(comp, d->d_name, 0) != 0)
			continue;
		if ((size_t)snprintf(sub, sizeof(sub), "%s%s%s", rel,
		    *rel ? "/" : "", d->d_name) >= sizeof(sub) ||
		    !exists(root, sub, 1))
			continue;
		if (slash == NULL)
			rc = (size_t)snprintf(out, sz, "%s", sub) < sz ? 0 : -1;
		else
			rc = glob_dirs(root, sub, slash + 1, out, sz);
	}
	closedir(dp);
	return rc;
}

int
cgroup_find_job(const char *root, const char *proc, const char *job,
    const pid_t *pids, size_t npids, char *out, size_t sz)
{
	enum cg_mode	m = cgroup_mode(root);
	char		pat[256];
	struct want	w = { "memory", "memory", 1, 1 };

	if (job == NULL || strchr(job, '/') != NULL)
		return -1;
	for (size_t i = 0; i < npids; i++)
		if (from_pid(root, proc, job, pids[i], &w, out, sz) == 0)
			return 0;
	for (size_t i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++) {
		if ((layouts[i].mode == CG_V2) != (m == CG_V2))
			continue;
		snprintf(pat, sizeof(pat), layouts[i].pattern, job);
		if (glob_dirs(root, "", pat, out, sz) == 0)
			return 0;
	}
	return -1;
}

/* A real directory (not a symlink) whose comma-separated name lists ctl. */
int
cgroup_ctl_mount(const char *root, const char *ctl, char *out, size_t sz)
{
	char		 name[NAME_MAX + 1], *tok, *save;
	struct dirent	*d;
	DIR		*dp;
	int		 rc = -1;

	if ((dp = opendir(root)) == NULL)
		return -1;
	while (rc == -1 && (d = readdir(dp)) != NULL) {
		if (d->d_name[0] == '.' || !exists(root, d->d_name, 1))
			continue;
		snprintf(name, sizeof(name), "%s", d->d_name);
		for (tok = strtok_r(name, ",", &save); tok != NULL;
		    tok = strtok_r(NULL, ",", &save))
			if (strcmp(tok, ctl) == 0)
				break;
		if (tok != NULL)
			rc = (size_t)snprintf(out, sz, "%s", d->d_name) < sz ?
			    0 : -1;
	}
	closedir(dp);
	return rc;
}

int
cgroup_find_ctl(const char *root, const char *proc, const char *job,
    const pid_t *pids, size_t npids, const char *ctl, const char *mem_rel,
    char *out, size_t sz)
{
	char		mount[NAME_MAX + 1];
	const char	*tail;
	struct want	w = { ctl, mount, 0, 1 };

	if (job == NULL || strchr(job, '/') != NULL ||
	    cgroup_ctl_mount(root, ctl, mount, sizeof(mount)) == -1)
		return -1;
	for (size_t i = 0; i < npids; i++)
		if (from_pid(root, proc, job, pids[i], &w, out, sz) == 0)
			return 0;
	if (mem_rel == NULL || (tail = strchr(mem_rel, '/')) == NULL ||
	    (size_t)snprintf(out, sz, "%s%s", mount, tail) >= sz)
		return -1;
	return exists(root, out, 1) ? 0 : -1;
}

int
cgroup_pid_dir(const char *root, const char *proc, const char *job,
    pid_t pid, const char *ctl, char *out, size_t sz)
{
	char		mount[NAME_MAX + 1] = "";
	struct want	w = { ctl ? ctl : "", mount, ctl == NULL, 0 };

	if (job == NULL || strchr(job, '/') != NULL || (ctl != NULL &&
	    cgroup_ctl_mount(root, ctl, mount, sizeof(mount)) == -1))
		return -1;
	return from_pid(root, proc, job, pid, &w, out, sz);
}

struct walk {
	const char	*root;
	int		(*fn)(void *, const char *);
	void		*arg;
	int		 ndirs;
};

static int
walk_dir(struct walk *w, const char *rel, int depth)
{
	char		 dir[PATH_MAX], sub[PATH_MAX];
	struct dirent	*d;
	DIR		*dp;

	if (w->ndirs++ >= WALK_MAX_DIRS || w->fn(w->arg, rel) == -1)
		return -1;
	if (depth >= WALK_DEPTH)
		return 0;
	snprintf(dir, sizeof(dir), "%s/%s", w->root, rel);
	if ((dp = opendir(dir)) == NULL)
		return 0;
	while ((d = readdir(dp)) != NULL) {
		if (d->d_name[0] == '.' ||
		    (d->d_type != DT_DIR && d->d_type != DT_UNKNOWN))
			continue;
		if ((size_t)snprintf(sub, sizeof(sub), "%s/%s", rel,
		    d->d_name) >= sizeof(sub) || !exists(w->root, sub, 1))
			continue;
		if (walk_dir(w, sub, depth + 1) == -1)
			break;
	}
	closedir(dp);
	return 0;
}

int
cgroup_walk(const char *root, const char *rel,
    int (*fn)(void *, const char *), void *arg)
{
	struct walk	w = { root, fn, arg, 0 };

	return walk_dir(&w, rel, 0);
}
