/*
 * internal: what the analyzer's modules share and nothing else sees.
 *
 * input.c loads one input (a bundle, a directory, a bare file) into a
 * struct input: its files, its events (parsed, not yet normalised) and
 * what its manifest said. timeline.c normalises and merges the inputs'
 * events onto one UTC axis. facts.c condenses the merged events into the
 * facts the rules read; rules.c evaluates the rule table (the rows by
 * boundary in rules_*.c, one view in rules_table.c, their helpers in
 * rule_kit.c) into the analysis model.
 *
 * Ownership: a struct input owns its arena (events, strings, file
 * buffers) until input_free(); events of structured members borrow their
 * text and fields from the member cache, which outlives the inputs. The
 * model copies what it shows, so the inputs and the cache are freed
 * before analysis_run() returns.
 */
#ifndef OOMTRAIL_ANALYZE_INTERNAL_H
#define OOMTRAIL_ANALYZE_INTERNAL_H

#include <stdint.h>

#include "analysis.h"
#include "arena.h"
#include "bundle.h"
#include "event.h"

struct catalog;

enum file_kind {
	FK_OTHER = 0,	/* scanned as a log with the whole catalog */
	FK_MANIFEST,
	FK_SACCT,
	FK_SCONTROL,
	FK_KERNEL,
	FK_CGROUP,
	FK_NVSMI_XML,
	FK_NVSMI_CSV,
	FK_HOST,
	FK_LOG,
	FK_SKIP,	/* kept, read by nobody (cgroup.procs, driver info) */
	FK_CGROUP_CPU,	/* cpu, cpuacct, cpuset and devices cgroup files */
	FK_DEV_ACCESS,	/* gpu/dev-access.txt */
	FK_SLURM_CONF,	/* slurm/cgroup.conf, slurm/gres.conf */
	FK_JOB_ENV,	/* host/job-env.txt */
	FK_SERIES,	/* watch/...: a --watch series file */
	FK_NVSMI_TABLE,	/* plain nvidia-smi: the table, then as a log */
	FK_TORCH_SNAPSHOT,	/* a PyTorch allocator snapshot pickle */
	FK_TORCH_SUMMARY,	/* its numeric summary (collector --redact) */
	FK_DCGMI,	/* gpu/dcgmi-stats.txt: dcgmi stats -j JOB -v */
	FK_AMDSMI	/* gpu/amd-smi-*.json, gpu/rocm-smi.json */
};

struct afile {
	const char	*path;		/* member path inside the input */
	enum file_kind	 kind;
	uint64_t	 bytes;
	int		 untrusted;	/* failed its hash */
	int		 truncated;	/* cut at collection (manifest) */
	int		 unreadable;	/* damaged, capped or refused here */
};

struct mitem {				/* what the manifest said of an item */
	const char	*path;
	const char	*source;
	const char	*error;
	int		 truncated;
	int		 timed_out;
	int		 exit_status;
	int		 signal;
};

struct series;

struct in_series {			/* a watch file of the input */
	const struct series	*s;
	const char		*path;
	const struct event	*ev;	/* its EV_MEM_SERIES */
};

struct input {
	struct arena	*arena;
	const char	*path;		/* as given by the user */
	const char	*label;		/* short name for reports */
	const char	*node;		/* the node: Slurm's NodeName once
					 * snapshot.c joined it, else the
					 * manifest host, else NULL */
	const char	*host;		/* manifest host (the hostname) */
	const char	*slurm_node;	/* manifest node (NodeName) or NULL */
	const char	*cluster;	/* manifest cluster, or NULL */
	const char	*job_id;	/* manifest job id (a task's own) */
	const char	*array_job_id;	/* manifest array job, or NULL */
	const char	*array_task_id;
	const char	*redaction_key;	/* manifest: "site" "random"; NULL
					 * when not redacted */
	const char	*scope;		/* "node" "job" "all"; NULL = all */
	int		 has_manifest;
	enum integrity	 integrity;
	int		 damaged;
	int		 kind;		/* enum bundle_kind */
	struct manifest_clocks clocks;	/* tz borrowed from the arena */
	int		 has_clocks;
	int64_t		 created_ns;	/* collection time, 0 unknown */
	struct afile	*files;
	size_t		 nfiles;
	struct mitem	*items;
	size_t		 nitems;
	const char	**notes;
	size_t		 nnotes;
	struct evlist	 ev;
	int		 file_base;	/* global file id of files[0] */
	struct in_series *series;
	size_t		 nseries;
	int		 other_job;	/* another job than the one analysed:
					 * left out (snapshot.c) */
	int		 snapshot;	/* 1-based place among the snapshots
					 * of its job and node, 0 alone */
	const char	*sha256;	/* a bare log's, hashed as it was
					 * scanned (input.c), or NULL */
};

/* input.c: mc, when not NULL, shares the parse of identical structured
 * members with the other inputs loaded through it (member_cache.h); it
 * must outlive the input. sha256: hash a bare log as it is read
 * (input->sha256). */
struct mcache;
enum err_code	input_load(const char *path, struct catalog *,
		    struct mcache *mc, const struct bundle_limits *, int sha256,
		    struct input **, struct err *);
void		input_free(struct input *);
const struct mitem *input_item(const struct input *, const char *path);
/* input_note.c: a note on the input, unless one already says it. */
int		input_add_note(struct input *, const char *fmt, ...)
		    __attribute__((format(printf, 2, 3)));
/* parse_series.c: read a watch file into in->series, with its event. */
enum err_code	input_series(struct input *, int file_id, const char *path,
		    const char *, size_t, struct err *);
/* parse_torch.c: read an allocator snapshot pickle into its events. */
/* flight_recorder.c: a Flight Recorder dump's event (fr_snap.h says
 * what is one), from its pickle or from the summary redaction keeps. */
struct pk_node;
struct json_t;
enum err_code	input_flight(struct input *, int file_id, const char *path,
		    const struct pk_node *, struct err *);
enum err_code	input_flight_summary(struct input *, int file_id,
		    const char *path, struct json_t *, struct err *);
enum err_code	input_torch(struct input *, int file_id, const char *path,
		    const char *, size_t, struct err *);
enum err_code	input_torch_summary(struct input *, int file_id,
		    const char *path, const char *, size_t, struct err *);
/* Classify a member by its bundle path (with a manifest) or by content. */
enum file_kind	sniff_path(const char *path);
enum file_kind	sniff_content(const char *path, const char *, size_t);

/*
 * snapshot.c: the inputs as snapshots. Joins each node's names (Slurm's
 * NodeName, the hostname) into one, picks the job analysed (the first
 * input naming one; an array task is its own job) and marks inputs of
 * other jobs (other_job, noted). Inputs of the same job and node taken
 * at different moments are one node's evidence: an event a later
 * snapshot holds again is dropped from the earlier one; a state file is
 * read from the latest snapshot that has it; Slurm's records of the job
 * (sacct rows, scontrol job, step, node, config), from whichever
 * snapshot holds the most final state, then the latest, whatever node
 * collected it. Dropped events leave in->ev; notes say what was merged.
 * Runs before timeline_build(); ERR_NOMEM only.
 */
enum err_code	snapshot_merge(struct input **, size_t, struct err *);
/* Is this Slurm state one a job or step stays in (not PENDING, RUNNING,
 * COMPLETING, ...)? Empty or unknown text is not final. */
int		snapshot_state_final(struct str);
/* The nodes of a Slurm NodeList ("gpu[01-04],vm") that no node bundle
 * (scope node or all) among the inputs is from: "gpu02, gpu03" (at most
 * eight named, then "and N more"), in a; NULL when every node has one or
 * the list cannot be read. */
const char	*snapshot_nodes_unseen(struct str, struct input **, size_t,
		    struct arena *);

/* timeline.c: normalise each input's raw timestamps with its clocks,
 * set nodes, and merge all events into *out sorted by time (untimed
 * events keep their place after the timed event before them in their
 * file). Estimates per-node clock skew into skew notes. */
struct timeline {
	struct event	**v;
	size_t		  n;
	const struct input **in;	/* per event: its input */
	const char	**skew;
	size_t		  nskew;
};
enum err_code	timeline_build(struct input **, size_t, struct arena *,
		    struct timeline *, struct err *);
void		timeline_free(struct timeline *);
/* Sort key: UTC ns, or INT64_MIN-free position key for untimed events. */
int		ev_has_time(const struct event *);
/* An event's raw time as UTC ns, without changing it (before
 * timeline_build): 0, or -1 when the input's clocks cannot say. */
int		tl_utc_of(const struct input *, const struct event *,
		    int64_t *);
/* A naive local time (seconds) of this input to UTC seconds. */
int64_t		tl_local_to_utc(const struct input *, int64_t);

#endif
