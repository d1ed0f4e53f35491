/*
 * event: what every parser produces and every rule consumes.
 *
 * An event is one fact taken from one place in one input: a kind, a
 * verbatim text, a source reference (file id, 1-based line, byte offset)
 * so that a report can cite path:line, a timestamp with its provenance,
 * and a small list of named fields (numbers in bytes, seconds or counts;
 * strings borrowed from the input buffer or copied into the arena).
 *
 * Events and their fields live in the arena given to evlist_add() and die
 * with it; struct evlist only owns its pointer array (evlist_free()).
 * The kind names (ev_kind_name) appear in the JSON contract: keep them
 * stable.
 */
#ifndef OOMTRAIL_EVENT_H
#define OOMTRAIL_EVENT_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "scan.h"

#define EV_KINDS(X)							\
	X(EV_UNPARSED, "unparsed")					\
	X(EV_NOTE, "note")		/* parser remark: skipped, cut */	\
	/* Slurm structured records */					\
	X(EV_SACCT_ROW, "sacct_row")	/* one job or step row */	\
	X(EV_SCONTROL_JOB, "scontrol_job")				\
	X(EV_SCONTROL_STEP, "scontrol_step")				\
	X(EV_SCONTROL_NODE, "scontrol_node")				\
	X(EV_SCONTROL_CONFIG, "scontrol_config")			\
	/* kernel log */						\
	X(EV_KERNEL_OOM, "kernel_oom")	/* grouped OOM report */	\
	X(EV_OOM_REAPER, "oom_reaper")					\
	X(EV_XID, "xid")						\
	X(EV_GPU_DRIVER_ERROR, "gpu_driver_error")			\
	/* memory cgroup files */					\
	X(EV_CGROUP_MEM, "cgroup_mem")	/* values of one file */	\
	/* nvidia-smi */						\
	X(EV_GPU, "gpu")		/* one GPU of -q -x */		\
	X(EV_GPU_PROC, "gpu_process")	/* one compute process */	\
	/* host facts */						\
	X(EV_HOST, "host")						\
	/* job logs: the signature catalog */				\
	X(EV_CUDA_OOM, "cuda_oom")	/* allocator OOM, with numbers */ \
	X(EV_CUDA_OOM_PLAIN, "cuda_oom_plain")	/* no numbers */	\
	X(EV_XLA_OOM, "xla_oom")					\
	X(EV_CUDA_FAULT, "cuda_fault")	/* illegal access, launch fail */ \
	X(EV_ECC_ERROR, "ecc_error")	/* uncorrectable ECC in output */ \
	X(EV_MEM_SUMMARY, "memory_summary")				\
	X(EV_STEPD_OOM, "slurmstepd_oom")	/* Detected N oom-kill */ \
	X(EV_STEPD_MEMLIMIT, "slurmstepd_memlimit") /* RSS poll kill */ \
	X(EV_STEPD_OOM_INFO, "slurmstepd_oom_info") /* hit limit once */ \
	X(EV_SLURM_OOM_PARAPHRASE, "slurm_oom_paraphrase")		\
	X(EV_SRUN_TASK_OOM, "srun_task_oom")				\
	X(EV_SRUN_TASK_KILLED, "srun_task_killed")			\
	X(EV_SRUN_TASK_EXIT, "srun_task_exit")				\
	X(EV_SRUN_EXCEEDED, "srun_exceeded_memory")			\
	X(EV_TIME_LIMIT, "time_limit")					\
	X(EV_CANCELLED, "cancelled")					\
	X(EV_PREEMPTED, "preempted")					\
	X(EV_STEP_CREATE_FAIL, "step_create_failure")			\
	X(EV_CGROUP_CREATE_FAIL, "cgroup_create_failure")		\
	X(EV_SUBMIT_REJECTED, "submit_rejected")			\
	X(EV_JOB_COMPLETE, "job_complete")	/* slurmctld line */	\
	X(EV_SHELL_KILLED, "shell_killed")				\
	X(EV_NCCL_TIMEOUT, "nccl_timeout")				\
	X(EV_NCCL_ERROR, "nccl_error")					\
	X(EV_CHILD_FAILED, "child_failed")				\
	X(EV_LAUNCHER_EXIT, "launcher_exit")				\
	X(EV_SHM_ERROR, "shm_error")					\
	X(EV_BUS_ERROR, "bus_error")					\
	X(EV_HOST_OOM_APP, "host_oom_app")	/* e.g. "Cannot allocate memory" */ \
	/* CPU and device cgroups, GPU access, Slurm config, job env */	\
	X(EV_CGROUP_CPU, "cgroup_cpu")	/* cpu, cpuacct, cpuset file */	\
	X(EV_CGROUP_DEVICES, "cgroup_devices")	/* v1 devices.list */	\
	X(EV_GPU_DEV_ACCESS, "gpu_dev_access")	/* one open() probe */	\
	X(EV_SLURM_CONF, "slurm_conf")	/* cgroup.conf, gres.conf line */ \
	X(EV_JOB_ENV, "job_env")	/* one process's environment */	\
	X(EV_GPU_NODEV, "gpu_no_device")	/* no device / NVML init */ \
	X(EV_MEM_FIGURE, "memory_figure")	/* a printed memory report */ \
	X(EV_MEM_SERIES, "memory_series")	/* a --watch file */	\
	X(EV_STEPD_FAILCNT, "slurmstepd_failcnt") /* limit reached, no kill */ \
	X(EV_BENIGN, "benign_warning")	/* known harmless warning */	\
	X(EV_APP_ERROR, "app_error")	/* traceback, segfault: failed */ \
	/* the cascade after one process failed (issue 15) */		\
	X(EV_PEER_TERMINATED, "peer_terminated") /* siblings signalled */ \
	X(EV_PEER_LOST, "peer_lost")	/* a survivor saw a peer go */ \
	/* host memory kills reported by others (issue 15) */		\
	X(EV_CHILD_KILLED, "child_killed")	/* a framework: SIGKILL */ \
	X(EV_ENFORCER_KILL, "memory_enforcer_kill") /* not Slurm's */ \
	/* step setup and failures that are not memory (issue 15) */	\
	X(EV_CPU_BIND, "cpu_binding")	/* one rank's binding report */	\
	X(EV_NODE_FAIL, "node_failure")	/* node lost, not responding */	\
	X(EV_STORAGE_FULL, "storage_full")	/* ENOSPC, EDQUOT on a file */ \
	/* device vocabulary beyond memory (issue 15) */		\
	X(EV_GPU_BUSY, "gpu_busy")	/* exclusive GPU held elsewhere */ \
	X(EV_CUDA_STACK, "cuda_stack_error")	/* build, init, driver */ \
	X(EV_PROC_EXIT, "process_exit")	/* a log says pid N exited */ \
	X(EV_PROC_STATE, "process_state")	/* a row of pasted ps output */ \
	/* a PyTorch allocator snapshot, one per device (issue 18) */	\
	X(EV_ALLOC_SNAPSHOT, "allocator_snapshot")			\
	/* DCGM job statistics, one per GPU (issue 18) */		\
	X(EV_DCGM_GPU, "dcgm_gpu")					\
	/* a Flight Recorder dump, one per rank (issue 18) */		\
	X(EV_FLIGHT_RECORDER, "flight_recorder")			\
	/* a framework's count of a device's free memory at start */	\
	X(EV_DEVICE_FREE, "device_free")				\
	/* a per-process resource limit ran out (open files, locked	\
	 * memory) */							\
	X(EV_RLIMIT, "resource_limit")					\
	/* a launcher told to stop by a signal from outside */		\
	X(EV_LAUNCHER_SIGNALED, "launcher_signaled")

enum ev_kind {
#define EV_ENUM(k, s) k,
	EV_KINDS(EV_ENUM)
#undef EV_ENUM
	EV__COUNT
};

/* Time provenance. The RAW values are what parsers emit; normalisation
 * (analysis) turns them into the others with the manifest's clocks. */
enum tsq {
	TSQ_NONE = 0,		/* "position_only": no timestamp on the line */
	TSQ_EXACT,		/* had an explicit UTC offset */
	TSQ_MONOTONIC_CONVERTED,
	TSQ_LOCAL_CONVERTED,
	TSQ_NO_YEAR,		/* converted, year taken from collection time */
	TSQ_NO_TIMEZONE,	/* local time, offset unknown: read as UTC */
	TSQ_RAW_MONO,		/* ts_ns = ns since boot (kernel) */
	TSQ_RAW_LOCAL,		/* ts_ns = naive local time read as UTC */
	TSQ_RAW_LOCAL_NOYEAR	/* same, year 1970 as a placeholder */
};

struct evref {
	int		 file_id;	/* index into the analysis's file table */
	uint32_t	 line;		/* 1-based; 0 if unknown */
	uint64_t	 off;		/* byte offset of the line in the file */
	uint32_t	 len;		/* bytes of the cited text */
};

struct evfield {
	const char	*name;		/* static string (a field name) */
	struct str	 s;		/* text value, or {NULL,0} */
	int64_t		 num;
	int		 has_num;
};

#define EVF_OUT_OF_ORDER	0x01	/* earlier than the line before it */
#define EVF_UNTRUSTED		0x02	/* its file failed its hash */
#define EVF_PARAPHRASE		0x04	/* a quoted paraphrase, not real output */

struct event {
	enum ev_kind	 kind;
	const char	*sig;		/* catalog id or parser tag, static */
	struct evref	 ref;
	int64_t		 ts_ns;
	enum tsq	 tsq;
	struct str	 text;		/* verbatim cited text */
	struct str	 context;	/* a few lines around it, verbatim */
	uint32_t	 context_line;	/* line number of context's first line */
	const char	*node;		/* NULL if unknown */
	int		 rank;		/* -1 if unknown */
	int64_t		 pid;		/* -1 if unknown */
	unsigned	 flags;
	struct evfield	*f;
	uint16_t	 nf, fcap;
};

struct evlist {
	struct event	**v;
	size_t		  n, cap;
};

const char	*ev_kind_name(enum ev_kind);
int		 ev_kind_from_name(const char *);	/* -1 if none */
const char	*tsq_name(enum tsq);

/* Returns a zeroed event (rank, pid = -1) allocated in a, or NULL. */
struct event	*evlist_add(struct evlist *, struct arena *, enum ev_kind);
void		 evlist_free(struct evlist *);	/* the array, not events */

/* Fields. Setting a name that exists replaces its value. Borrow: the
 * string must outlive the arena (input buffers do). Dup: copied. Return
 * -1 on allocation failure. */
int	ev_set_num(struct event *, struct arena *, const char *, int64_t);
int	ev_set_str(struct event *, struct arena *, const char *, struct str);
int	ev_set_strdup(struct event *, struct arena *, const char *,
	    struct str);
const struct evfield	*ev_field(const struct event *, const char *);
/* Cite the line the scanner just returned: ref (file, line, offset,
 * length) and text, borrowed from the input. */
void	ev_cite(struct event *, int file_id, const struct scan *, struct str);
/* An EV_UNPARSED event for that line, at most max per caller's counter;
 * 0, or -1 when the arena is exhausted. */
int	ev_unparsed(struct evlist *, struct arena *, const char *sig,
	    int file_id, const struct scan *, struct str, int *count, int max);
int	ev_num(const struct event *, const char *, int64_t *);	/* 0 found */
/* The number, or dflt when ev is NULL or has no such number. */
int64_t	ev_num_or(const struct event *, const char *, int64_t dflt);
struct str	ev_str(const struct event *, const char *);	/* {NULL,0} */

#endif
