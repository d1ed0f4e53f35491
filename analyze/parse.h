/*
 * parse: one pure parser per source format.
 *
 * Every parser has the same shape: it reads in->data[0..len) only (no I/O,
 * globals or clock; it must not rely on a NUL terminator), appends events
 * to out with their evref (file_id from in, 1-based line, byte offset and
 * length of the cited text), and returns ERR_OK. Bad evidence is data: a
 * line it cannot read becomes EV_UNPARSED (or a counted EV_NOTE), never an
 * error. Only allocation failure (ERR_NOMEM) or a hard limit is an error.
 * Event strings may borrow from in->data (the caller keeps it alive as
 * long as the arena) or be copied into the arena.
 *
 * Timestamps are emitted raw (TSQ_RAW_MONO, TSQ_RAW_LOCAL, ...) and
 * normalised later by the timeline with the manifest's clocks.
 */
#ifndef OOMTRAIL_PARSE_H
#define OOMTRAIL_PARSE_H

#include <stddef.h>

#include "arena.h"
#include "err.h"
#include "event.h"

struct src {
	int		 file_id;
	const char	*name;	/* path inside the input, e.g. slurm/sacct.txt */
	const char	*data;
	size_t		 len;
};

typedef enum err_code parse_fn(const struct src *, struct arena *,
    struct evlist *, struct err *);

/* sacct: --parsable2 (header-driven, any field order), --json, --yaml,
 * fixed-width default/long output. Detected by content. One EV_SACCT_ROW
 * per row. */
parse_fn	parse_sacct;
/* scontrol show job [-dd] / node / config / step, multi-line or -o; and
 * scontrol show job --json (slurm_json.h). */
parse_fn	parse_scontrol;
/* Kernel log: /dev/kmsg records, dmesg raw / -T / -r / iso, journalctl. */
parse_fn	parse_kernel;
/* A copy of a kernel log's n bytes with the kernel's own lines blanked,
 * when other daemons' lines are left (a syslog or journal paste); NULL
 * when none are (or out of memory). The caller frees it. */
char	*kernel_foreign(const char *, size_t);
/* One memory cgroup file; in->name is its bundle path (cgroup/...), from
 * which the file type, version and job/step/task level are taken. */
parse_fn	parse_cgroup;
/* One cpu, cpuacct, cpuset or devices cgroup file (v1 or v2); in->name is
 * its bundle path, as for parse_cgroup. (parse_cpu.c) */
parse_fn	parse_cgroup_cpu;
/* gpu/dev-access.txt: the collector's open() probe of the GPUs. */
parse_fn	parse_dev_access;
/* host/job-env.txt: the job processes' thread and GPU variables. */
parse_fn	parse_job_env;
/* slurm/cgroup.conf and slurm/gres.conf, by base name. */
parse_fn	parse_slurm_conf;
/* nvidia-smi -q -x XML (untrusted: no network, no entities, no DTD). */
parse_fn	parse_nvsmi_xml;
/* nvidia-smi --query-compute-apps / --query-gpu CSV. */
parse_fn	parse_nvsmi_csv;
/* The default human-readable nvidia-smi table (GPU rows, processes). */
parse_fn	parse_nvsmi_table;
/* host/ files written by the collector (meminfo, shm, env, ...). */
parse_fn	parse_host;
/* dcgmi stats -j JOB -v (DCGM job statistics): one EV_DCGM_GPU per GPU
 * block. (parse_dcgmi.c) */
parse_fn	parse_dcgmi;
/* amd-smi metric/static/bad-pages/process --json and rocm-smi --json
 * (parse_amdsmi.c): EV_GPU and EV_GPU_PROC in nvidia-smi's vocabulary,
 * vendor "amd". amdsmi_merge() folds one snapshot's documents into one
 * EV_GPU per GPU (0, or -1 on allocation failure). */
parse_fn	parse_amdsmi;
int	amdsmi_merge(struct evlist *, struct arena *);

/* Slurm value helpers shared by the sacct and scontrol parsers
 * (parse_sacct.c). Each returns 0 and sets its outputs, or -1 when the
 * text is absent ("", Unknown, None, N/A, UNLIMITED...) or malformed.
 * slurm_tres sets *mem (bytes), *gpus and *nodes to -1 when missing. */
int	slurm_exit(struct str, int64_t *code, int64_t *sig);	/* "0:125" */
int	slurm_duration(struct str, int64_t *secs);	/* [D-]HH:MM:SS */
int	slurm_time(struct str, int64_t *secs);	/* naive local, no TZ */
void	slurm_tres(struct str, int64_t *mem, int64_t *gpus, int64_t *nodes);

/* Slurm's place in a cgroup path: v1 ".../uid_N/job_2/step_batch/task_0",
 * v2 ".../slurmstepd.scope/job_4/step_0/user/task_0" (or a 26.05 SLUID
 * instead of job_N). Slices borrow path; unset ones are {NULL,0}. level
 * is "job", "step", "task" or "other" (static). Returns 1 if a job was
 * found, else 0. (parse_cgroup.c) */
struct slurm_cgpath {
	struct str	 job;		/* "2" of job_2 */
	struct str	 sluid;		/* a SLUID job directory */
	struct str	 step;		/* "batch", "extern", "0", ... */
	struct str	 task;		/* "0" of task_0 */
	struct str	 sub;		/* v2 "user" or "slurm" under a step */
	const char	*level;
};
int	parse_slurm_cgpath(struct str path, struct slurm_cgpath *);

/* A cgroup file's member path: "cgroup/<mount>/<path>/<base>" under v1
 * (mount one of mounts[]), "cgroup/<path>/<base>" under v2. Slices
 * borrow name. (parse_cgroup.c) */
struct cg_member {
	struct str	 dir;		/* cgroup path, "" for the root */
	struct str	 base;		/* memory.X, cpu.stat, ... */
	int		 v1mount;	/* under one of the v1 mounts */
	int		 bundle;	/* under cgroup/ */
};
void	cg_member_split(const char *name, const char *const *mounts,
	    size_t nmounts, struct cg_member *);

/* Pressure stall information ("some avg10=25.47 avg60=13.92 avg300=3.79
 * total=12210651", and a "full" line) into fields psi_some_avg10 ...
 * (percent times 100) and psi_some_total_us; the first line read is
 * cited. Lines of another shape ("# comment") are skipped. Returns 1 when
 * a line was read, 0 none, -1 on allocation failure. (parse_cgroup.c) */
int	psi_fields(struct event *, struct arena *, const struct src *);

/* The number of CPUs in a kernel cpu list ("0-3,8,10-11"; CPU_IDs,
 * cpuset.cpus, Cpus_allowed_list), surrounding blanks ignored. Returns 0
 * and *count (0 for an empty list), or -1 when the list is malformed:
 * a reversed, overlapping or unordered range, an id of 2^22 or more.
 * (parse_cpu.c) */
int	cpulist_count(struct str, uint64_t *count);
/* The next "lo" or "lo-hi" item of a comma-separated id list ("0-3,8",
 * the inside of "[0-3,8]"): 1 with *lo <= *hi and *s advanced past it, 0
 * at the end of *s, -1 when malformed (a bad number, a reversed range, a
 * trailing comma). (parse_cpu.c) */
int	range_next(struct str *s, uint64_t *lo, uint64_t *hi);
/* Is this base name a file parse_cgroup_cpu reads? (parse_cpu.c) */
int	parse_cpu_known(const char *base);
/* The names a Slurm hostlist expression expands to ("/dev/nvidia[0-3]",
 * "a[1-2]b[0-1],c"): 0 and *count, or -1 when malformed or above 2^20.
 * (parse_slurmconf.c) */
int	hostlist_count(struct str, uint64_t *count);

/* Sniffers for loose files without a manifest: a score 0..100 that the
 * bytes are this format (looks at the first few KB only). */
int	sniff_sacct(const char *, size_t);
int	sniff_scontrol(const char *, size_t);
int	sniff_kernel(const char *, size_t);
int	sniff_nvsmi_xml(const char *, size_t);
int	sniff_nvsmi_csv(const char *, size_t);
int	sniff_nvsmi_table(const char *, size_t);
int	sniff_dcgmi(const char *, size_t);
int	sniff_amdsmi(const char *, size_t);

#endif
