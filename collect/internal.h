/*
 * internal: what the collector's modules share and nobody else sees.
 *
 * run.c     runs one child (a command, or a function that reads a file)
 *           in its own process group under a timeout and the global
 *           deadline, spooling its capped stdout to a file.
 * snap.c    child functions that read one file, or /dev/kmsg.
 * logwin.c  child function that keeps head + tail + matching lines of a
 *           log over its cap, and says which byte ranges it kept.
 * cgroup_find.c  cgroup mode, the job's memory cgroup, its subtree.
 * probes.c  the probe table and the probe handlers.
 * cpudev.c  the job's CPU and device evidence: v1 cpuset/cpu/cpuacct/
 *           devices subtrees, Slurm's cgroup.conf and gres.conf, the job
 *           processes' environment, and which GPU device nodes a child in
 *           the job's cgroup, as the job's user, can open.
 *
 * None of these print or exit (a child's _exit is not the collector's).
 */
#ifndef OOMTRAIL_COLLECT_INTERNAL_H
#define OOMTRAIL_COLLECT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <limits.h>

#include "bundle.h"
#include "collect.h"
#include "err.h"
#include "manifest.h"
#include "redact.h"

#define KIB		1024ull
#define MIB		(1024ull * 1024)
#define NS_PER_MS	1000000ll
#define NS_PER_S	1000000000ll

/* A child that could not open its file exits with RUN_ERRNO_BASE + errno. */
#define RUN_ERRNO_BASE	64
#define RUN_STDERR_MAX	2048

/* ---- run.c ---- */

struct run_req {
	char *const	*argv;		/* a command (PATH search), or NULL */
	int		(*fn)(void *);	/* else this, in the child, writes fd 1 */
	void		*arg;
	int		 out_fd;	/* spool for stdout */
	uint64_t	 cap;		/* bytes kept; the rest is counted */
	int		 timeout_ms;	/* per child; clamped to deadline */
	int64_t		 deadline_ns;	/* CLOCK_MONOTONIC; 0 = none */
	int		 drop;		/* drop to uid/gid in the child */
	uid_t		 uid;
	gid_t		 gid;
};

struct run_res {
	int		 exit_status;	/* -1 if signalled or never ran */
	int		 signal;
	int		 timed_out;
	int		 abandoned;	/* not reaped: left in D state */
	int		 flooded;	/* stopped: output far over the cap */
	int		 exec_errno;	/* execvp's errno, 0 if it ran */
	int		 truncated;
	uint64_t	 bytes;		/* written to out_fd */
	uint64_t	 seen;		/* produced by the child */
	int64_t		 start_ns;	/* CLOCK_REALTIME */
	int64_t		 duration_ns;
	char		 err[RUN_STDERR_MAX];	/* stderr head, NUL-terminated */
};

/* Run one child to completion, timeout or abandonment. Fails only when
 * the child cannot be started (pipe/fork); everything the child does is
 * in *res. */
enum err_code	run_capture(const struct run_req *, struct run_res *,
		    struct err *);
int64_t		run_now(int clock);	/* clock_gettime in ns */

/* ---- snap.c ---- */

struct snap_arg {
	const char	*path;
	int		 nofollow;
};

int	snap_file_child(void *);	/* arg: struct snap_arg */
/* snap_file_child's read done here, into out_fd (at most cap bytes): for
 * files that cannot hang a reader. Fills *res as run_capture would. */
void	snap_file_inproc(const struct snap_arg *, int out_fd, uint64_t cap,
	    struct run_res *);
int	snap_kmsg_child(void *);	/* arg: struct snap_arg */
/* "ENOENT"... for the errno a child reported; "E?" if unknown. */
const char	*snap_errno_name(int);

/* ---- logwin.c ---- */

struct logwin_arg {
	const char	*path;
	int		 nofollow;
	uint64_t	 cap;		/* bytes kept at most */
	int		 meta_fd;	/* kept ranges, as pairs of uint64 */
};

/* Child: writes the kept bytes to fd 1, the ranges to meta_fd, and
 * exits 0 (or RUN_ERRNO_BASE + errno). */
int	logwin_child(void *);

/* ---- redaction: common/redact.h (detectors, redact_stream_ps) ---- */

/* ---- cgroup_find.c ---- */

enum cg_mode { CG_NONE, CG_V1, CG_V2, CG_HYBRID };

const char	*cgroup_mode_name(enum cg_mode);
enum cg_mode	 cgroup_mode(const char *root);
/* Directory of the job's memory cgroup, relative to root (e.g.
 * "memory/slurm_vm/uid_1001/job_3"), into out. Tries each pid's
 * <proc>/<pid>/cgroup, then Slurm's layouts. 0 found, -1 not. */
int		 cgroup_find_job(const char *root, const char *proc,
		    const char *job, const pid_t *pids, size_t npids,
		    char *out, size_t out_sz);
/* Call fn for the directory rel and every directory under it (depth and
 * count bounded), parents first. */
int		 cgroup_walk(const char *root, const char *rel,
		    int (*fn)(void *, const char *rel), void *arg);
/* Memory files worth copying for a mode, NULL-terminated. */
const char *const *cgroup_files(enum cg_mode);
/* v1: the mount directory under root whose comma-separated name lists
 * controller ctl ("cpu,cpuacct" for "cpuacct"), into out. 0 or -1. */
int		 cgroup_ctl_mount(const char *root, const char *ctl,
		    char *out, size_t out_sz);
/* v1: the job's directory in ctl's hierarchy, relative to root (e.g.
 * "cpuset/slurm_vm/uid_1001/job_3"): from a pid's /proc/<pid>/cgroup,
 * else mem_rel (from cgroup_find_job) with ctl's mount in place of its
 * first component. 0 found (the directory exists), -1 not. */
int		 cgroup_find_ctl(const char *root, const char *proc,
		    const char *job, const pid_t *pids, size_t npids,
		    const char *ctl, const char *mem_rel, char *out,
		    size_t out_sz);
/* The directory pid is in, relative to root, when it lies under the job:
 * in v1 controller ctl's hierarchy, or the v2 one when ctl is NULL. */
int		 cgroup_pid_dir(const char *root, const char *proc,
		    const char *job, pid_t pid, const char *ctl, char *out,
		    size_t out_sz);

/* ---- collect.c: which job ---- */

/* The job as the node knows it (own: SLURM_JOB_ID, the cgroup's and the
 * markers' id) and as Slurm's commands name it (ref: <array>_<task> for
 * an array task, else own). */
struct jobid {
	char	own[64];	/* "" without a job; "A_T" when not known */
	char	ref[64];
	char	aj[24], at[24];	/* array job and task ids, or "" */
};

/* From --job (NULL: $SLURM_JOB_ID), SLURM_ARRAY_* and the markers. */
void		collect_job(const char *arg, struct jobid *j);

/* ---- marker.c ---- */

#define MARKER_MAX	4096	/* bytes of one marker file */
#define MARKER_PIDS	512
#define MARKER_FILES	64	/* steps read per job */

/* One DIR/<job>/<step>.step (see docs/bundle-format.md). Numbers are -1
 * when absent; strings "". */
struct marker {
	int		 format;
	char		 job[24], step[16], array_job[24], array_task[24];
	char		 node[256];
	int64_t		 uid, start, end, oom_kill;
	pid_t		 pids[MARKER_PIDS];
	size_t		 npids;
	char		 exit[512];	/* as written */
	size_t		 nexit;
	int		 failed;	/* an exit other than 0, or sigN */
	char		 stdout_path[1024], stderr_path[1024];
	unsigned	 nbad, bad_line;	/* lines skipped, the first */
	int		 invalid;	/* no format=1, job or step */
	char		 file[PATH_MAX];	/* where it was read */
};

struct markers {
	char		 dir[PATH_MAX];	/* DIR/<job> */
	int		 missing;	/* errno opening dir, 0 if opened */
	struct marker	 v[MARKER_FILES];	/* sorted by step */
	size_t		 n;
	char		 notes[1024];	/* files skipped and why */
};

/* Parse one marker's text (pure; never fails: see m->invalid, nbad). */
void		marker_parse(const char *, size_t, struct marker *m);
/* Read the <step>.step files of root/<job>. Absence is not an error (ms->missing). */
enum err_code	markers_read(const char *root, const char *job,
		    struct markers *ms);
/* The job id (directory) whose markers name array task aj_at; 0 or -1. */
int		markers_find_array(const char *root, const char *aj,
		    const char *at, char *job, size_t sz);
/* $OOMTRAIL_MARKERS, else /run/oomtrail. */
const char	*markers_root(void);

/* ---- iopath.c ---- */

/* What an sbatch filename pattern's symbols stand for; NULL or "":
 * unknown (a pattern that needs it does not expand). */
struct iopath_ctx {
	const char	*job, *array_job, *array_task, *user, *name, *host;
	const char	*workdir;	/* for a relative pattern */
};

/* Expand pat into out; 0, or -1 when a symbol is unknown or out is too
 * small. */
int		iopath_expand(const char *pat, const struct iopath_ctx *,
		    char *out, size_t sz);

/* ---- incident.c ---- */

#define INCIDENT_WINDOW_S	86400	/* without a start time: a day */

struct incident {
	int		 yes;		/* collect */
	char		 why[768];	/* one line */
};

/* --if-incident: did this node see trouble for job (its own id) since
 * it started? From the markers, the kernel log (catalog rows), the job's
 * cgroup's creation time; no Slurm call. An unreadable kernel log with
 * no other sign is a yes (it cannot rule anything out). */
enum err_code	incident_decide(const char *job, struct incident *r,
		    struct err *e);

/* ---- prune.c ---- */

/* Remove the oldest oomtrail bundles (and their .map.json) in dir beyond
 * keep bundles and keep_bytes bytes (0: no limit), never `self` (the base
 * name just written) nor a temporary file; under flock(dir). */
enum err_code	prune_bundles(const char *dir, const char *self,
		    uint64_t keep, uint64_t keep_bytes, uint64_t *pruned,
		    uint64_t *pruned_bytes, struct err *e);
/* Whether name is one the collector gives a bundle. */
int		prune_is_bundle(const char *name);

/* ---- probes.c / collect.c ---- */

#define ITEM_CAP	(8 * MIB)	/* per item */
#define LOG_CAP		(16 * MIB)	/* per job log */
#define BUNDLE_CAP	(64 * MIB)	/* all members together */
#define FREE_MARGIN	(BUNDLE_CAP + 2 * LOG_CAP)	/* needed to start */
#define MAX_PIDS	512
#define MAX_PENDING	32

struct pending {
	size_t		 item;		/* index into m->items */
	int		 fd;		/* redacted spool */
	uint64_t	 size;
};

struct collect {
	const struct collect_opts *o;
	struct collect_result	*r;
	struct manifest		*m;
	struct bundle_writer	*w;
	struct err		*e;
	enum err_code		 fatal;		/* set: stop writing */
	int			 named;		/* cluster name known */
	struct pending		 pend[MAX_PENDING];
	size_t			 npend;
	char			 outdir[PATH_MAX];
	char			 host[256];	/* uname nodename */
	char			 node[256];	/* Slurm node to show */
	char			 cluster[128];
	char			 job[64];	/* own id; "" without a job */
	struct jobid		 jid;		/* own and Slurm's names */
	int			 epilog;	/* run by slurmd's Epilog */
	struct markers		*ms;		/* the job's step markers */
	char			 outarg[PATH_MAX];	/* --output, expanded */
	char			 nodelist[1024];	/* the job's NodeList */
	char			 job_state[32];
	char			 stamp[32];	/* UTC yyyymmddThhmmssZ */
	const char		*cg_root, *proc_root, *kmsg;
	int			 cg_local;	/* cg_root cannot block a
						 * reader: -1 not known yet */
	int64_t			 deadline_ns;	/* probes stop here */
	uint64_t		 total;		/* member bytes so far */
	uint64_t		 attach_total;	/* --attach bytes so far */
	pid_t			 pids[MAX_PIDS];
	size_t			 npids;
	int			 have_user;
	uid_t			 uid;
	gid_t			 gid;
	char			 logs[2][PATH_MAX];	/* StdOut, StdErr */
	enum cg_mode		 mode;
	char			 cg_rel[PATH_MAX];	/* job's memory cgroup */
	char			 slurm_conf[PATH_MAX];	/* from scontrol */
	struct pseudo		*ps;		/* --redact, else NULL */
	int			 random_key;	/* --redact without a site key */
	struct redact_tally	 tally;		/* secrets masked, by detector */
	int			 pool[8];	/* emptied spools for reuse */
	int			 npool;
	int			 amd_smi;	/* 1 ran, -1 not installed,
						 * 0 not tried yet */
};

/* Walk the probe table in order. */
void		probes_run(struct collect *);
void		probes_markers(struct collect *);
/* Spool helpers and the item emitter (collect.c). */
int		collect_spool(struct collect *);
/* Give a spool back: emptied and kept for the next collect_spool(). */
void		collect_unspool(struct collect *, int);
struct emit {
	const char	*bpath;		/* member path in the bundle */
	const char	*source;	/* argv joined, or a file path */
	const char	*kind;		/* "command" | "file" | "generated" */
	struct run_res	*res;		/* NULL for generated items */
	int		 spool;		/* the raw bytes, or -1: none */
	const char	*error;		/* NULL, or why it failed / is absent */
	int		 failed;	/* counts toward exit status 3 */
	const struct manifest_range *ranges;	/* kept ranges, if windowed */
	size_t		 nranges;
	uint64_t	 source_bytes;
	int		 shared;	/* spool dup()ed by the probe: not reusable */
	int		 verbatim;	/* no pseudonyms (the probe applied them) */
	int		 raw;		/* stored byte for byte, no redaction
					 * pass, in the --max-attach budget */
};

/* attach.c: the --attach files, each whole or not at all. */
void		attach_all(struct collect *, int timeout_ms);

/* Redact the spool into a member and record the item; closes spool. */
enum err_code	collect_emit(struct collect *, const struct emit *);

/* What probes.c lends its neighbours: ms left before the deadline; copy
 * one file into bpath (a child reads it); run fn in a child (as the job's
 * user when drop and the user is known) into a "generated" item; emit an
 * item with no member (error says why; not a failure). */
int		probe_left_ms(const struct collect *);
void		probe_file(struct collect *, const char *bpath,
		    const char *path, int timeout_ms);
void		probe_fn(struct collect *, const char *bpath, const char *src,
		    int (*fn)(void *), void *arg, int timeout_ms, int drop);
void		probe_none(struct collect *, const char *bpath,
		    const char *src, const char *why);
/* Whether "KEY=value" is on the environment allow list (and no secret). */
int		probe_env_ok(const char *);

/* ---- watch.c ---- */

/* Put the job's watch file (--watch-file, else collect_watch_name() in
 * the output directory) into the bundle at bpath, re-encoded with
 * pseudonyms under --redact. Nothing is recorded when there is none and
 * none was asked for. */
void		watch_pickup(struct collect *, const char *bpath,
		    int timeout_ms);

/* ---- cpudev.c ---- */

/* v1 only: copy the job's cpuset, cpu, cpuacct and devices subtrees
 * (v2 keeps these files beside the memory ones: cgroup_files()). */
void		cpudev_cgroups(struct collect *);
/* slurm/cgroup.conf and slurm/gres.conf from Slurm's config directory. */
void		cpudev_confs(struct collect *, int timeout_ms);
/* host/job-env.txt: allow-listed environment of the job's processes. */
void		cpudev_job_env(struct collect *, const char *bpath,
		    int timeout_ms);
/* gpu/dev-access.txt: which /dev/nvidia* a child in the job's cgroup,
 * as the job's user, can open. */
void		cpudev_dev_access(struct collect *, const char *bpath,
		    int timeout_ms);

#endif
