/*
 * collect: the collector's one entry point. collect_run() walks the probe
 * table, spools and redacts every source, and writes one bundle (format
 * v1) with its manifest. A failed, absent, timed-out or truncated source
 * is recorded in the manifest and the run goes on; only a bundle that
 * cannot be written at all is an error. Never prints, never exits.
 *
 * Environment read (for tests and odd nodes): OOMTRAIL_CGROUP_ROOT
 * (default /sys/fs/cgroup), OOMTRAIL_PROC_ROOT (/proc), OOMTRAIL_KMSG
 * (/dev/kmsg), OOMTRAIL_DEV_ROOT (/dev, where nvidia* nodes are tried),
 * OOMTRAIL_MARKERS (/run/oomtrail, the SPANK plugin's step markers),
 * OOMTRAIL_OUTPUT (the default --output), SLURM_JOB_ID,
 * SLURM_ARRAY_JOB_ID, SLURM_ARRAY_TASK_ID, SLURMD_NODENAME,
 * SLURM_SCRIPT_CONTEXT (epilog_slurmd: the Epilog), SLURM_JOB_UID,
 * SLURM_JOB_GID, SLURM_JOB_USER, SLURM_JOB_NAME, SLURM_CLUSTER_NAME,
 * SLURM_JOB_STDOUT, SLURM_JOB_STDERR, SLURM_JOB_WORK_DIR (what a
 * node-scope run takes instead of asking Slurm), SLURM_JOB_START_TIME,
 * SLURM_JOB_EXIT_CODE, SLURM_JOB_DERIVED_EC (--if-incident), SLURM_CONF
 * (Slurm's config directory), TMPDIR, PATH for the external commands.
 */
#ifndef OOMTRAIL_COLLECT_H
#define OOMTRAIL_COLLECT_H

#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"

#define COLLECT_DEADLINE_DEFAULT	60	/* seconds */
#define ATTACH_CAP_DEFAULT	(256ULL << 20)	/* --max-attach, bytes */

/* --scope: what one run collects. */
enum collect_scope {
	SCOPE_ALL = 0,	/* both (a person running it by hand) */
	SCOPE_NODE,	/* this node's evidence; no Slurm client call */
	SCOPE_JOB	/* the job's Slurm records, once per job */
};

struct collect_opts {
	const char	*job;		/* NULL: SLURM_JOB_ID, else no job */
	const char	**logs;		/* extra log paths (borrowed) */
	size_t		 nlogs;
	const char	*output;	/* NULL: current directory */
	int		 deadline_s;	/* global deadline, > 0 */
	int		 redact;	/* --redact (pseudonyms) */
	const char	*site_key;
	const char	*watch_file;	/* --watch-file: series to include */
	enum collect_scope scope;
	uint64_t	 keep;		/* --keep: bundles kept; 0 all */
	uint64_t	 keep_bytes;	/* --keep-bytes; 0 no limit */
	const char	**attach;	/* --attach paths (borrowed) */
	size_t		 nattach;
	uint64_t	 max_attach;	/* --max-attach; 0: the default */
};

enum collect_status {
	COLLECT_COMPLETE = 0,	/* bundle written, every source captured */
	COLLECT_NO_BUNDLE = 1,
	COLLECT_PARTIAL = 3	/* bundle written, some sources failed */
};

struct collect_result {
	enum collect_status	 status;
	char			*bundle_path;	/* malloc'd, NULL if none */
	char			**failed;	/* "member: why", malloc'd */
	size_t			 nfailed;
	char			 note[256];	/* e.g. output dir fallback */
	uint64_t		 pruned;	/* old bundles removed */
	uint64_t		 pruned_bytes;
	char			 prune_note[256];	/* why pruning failed */
	char			 redaction[1024];	/* what was masked */
};

/* Run the collection described by o. *r is filled in every case (free it
 * with collect_result_free()); the return value is ERR_OK when a bundle
 * was written, else why not (r->status is then COLLECT_NO_BUNDLE). */
enum err_code	collect_run(const struct collect_opts *o,
		    struct collect_result *r, struct err *e);
void		collect_result_free(struct collect_result *);	/* NULL ok */

const char	*collect_scope_name(enum collect_scope);
/* "node" | "job" | "all" -> *out; -1 if none of them. */
int		collect_scope_parse(const char *, enum collect_scope *out);

/*
 * --if-incident: decide, from the node alone (SPANK markers, the kernel
 * log; no Slurm call), whether job (NULL: $SLURM_JOB_ID) had trouble
 * here. *yes and why (one line) say the decision. No job is ERR_USAGE;
 * an unreadable kernel log is a yes, not an error.
 */
enum err_code	collect_if_incident(const char *job, int *yes, char *why,
		    size_t why_sz, struct err *e);

/* ---- --watch (watch.c) ---- */

#define WATCH_INTERVAL_MIN_MS	100
#define WATCH_INTERVAL_DEFAULT_MS	1000

struct watch_opts {
	const char	*job;		/* NULL: SLURM_JOB_ID */
	const char	*output;	/* directory of the default name; NULL: . */
	const char	*file;		/* the series path itself, or NULL */
	int		 interval_ms;	/* >= WATCH_INTERVAL_MIN_MS */
	uint64_t	 cap;		/* bytes; 0: SERIES_CAP_DEFAULT */
	int		 no_gpu;	/* do not run nvidia-smi */
	volatile sig_atomic_t *stop;	/* set by the caller's signal handler */
};

struct watch_result {
	char		 path[PATH_MAX];	/* the series file */
	uint64_t	 rows;
	int		 gpu;		/* GPUs were seen */
	int		 failed;	/* the file could not be written */
	char		 why[256];	/* why the watch ended */
};

/* Sample the job's memory cgroup and GPUs into a series file until the
 * job ends or *o->stop is set. Returns ERR_OK when the file was written
 * to the end (r->why says why it ended); ERR_LIMIT when another watcher
 * holds the file; ERR_IO when it could not be created or written. */
enum err_code	collect_watch(const struct watch_opts *o,
		    struct watch_result *r, struct err *e);
/* "oomtrail-watch-<job>-<host>.series": where a collection run of the
 * same job on the same host looks for the watch file. */
void		collect_watch_name(const char *job, const char *host,
		    char *out, size_t sz);

#endif
