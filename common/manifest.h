/*
 * manifest: the bundle's manifest.json (format v1), as a C structure.
 *
 * The manifest is written LAST into a bundle (it carries every member's
 * sha256, known only after the member is written); readers find it at the
 * end of an archive or first in a directory. See docs/bundle-format.md.
 *
 * Ownership: a struct manifest owns all its strings and items;
 * manifest_free() releases them (NULL is a no-op).
 */
#ifndef OOMTRAIL_MANIFEST_H
#define OOMTRAIL_MANIFEST_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"

#define MANIFEST_FORMAT		1
#define MANIFEST_MAX_BYTES	(8u << 20)	/* readers refuse larger */

struct manifest_range {
	uint64_t	off;	/* byte offset in the original source */
	uint64_t	len;
};

struct manifest_item {
	char		*path;		/* member path inside the bundle */
	char		*source;	/* argv joined by spaces, or a file path */
	char		*kind;		/* "command" | "file" | "generated" */
	int64_t		 start_ns;	/* UTC; 0 unknown */
	int64_t		 duration_ns;
	int		 exit_status;	/* -1 if none (signalled or not run) */
	int		 signal;	/* 0 if none */
	int		 timed_out;
	int		 abandoned;	/* child left in D state, not reaped */
	uint64_t	 bytes;		/* bytes stored in the bundle */
	uint64_t	 source_bytes;	/* bytes the source had (0 unknown) */
	char		 sha256[65];	/* hex; "" if no member was written */
	int		 truncated;
	struct manifest_range *ranges;	/* kept ranges when truncated */
	size_t		 nranges;
	char		*error;		/* NULL, or "ENOENT: ...", "timeout" */
	uint64_t	 redactions;	/* replacements made in this item */
};

struct manifest_clocks {
	int64_t		 realtime_ns;	/* the three sampled together */
	int64_t		 monotonic_ns;
	int64_t		 boottime_ns;
	int		 utc_offset_s;	/* local - UTC, at collection */
	int		 has_offset;
	char		*tz;		/* TZ name or NULL */
};

struct manifest {
	int			 format;	/* MANIFEST_FORMAT */
	char			*collector_version;
	char			*collector_build;
	char			*host;
	char			*node;		/* Slurm NodeName if known (may differ from host) */
	char			*kernel;
	char			*cluster;
	char			*job_id;	/* NULL without a job */
	char			*step_id;
	char			*array_job_id;	/* SLURM_ARRAY_JOB_ID, or NULL */
	char			*array_task_id;	/* SLURM_ARRAY_TASK_ID, or NULL */
	char			*scope;		/* "node" | "job" | "all"; NULL = "all" */
	char			*cgroup_mode;	/* "v1" | "v2" | "hybrid" | NULL */
	int64_t			 created_ns;
	struct manifest_clocks	 clocks;
	int			 redacted;
	char			*redaction_categories;	/* comma list or NULL */
	char			*redaction_detectors;	/* "jwt:2,aws_key:1" */
	char			*redaction_detector_set; /* REDACT_DETECTOR_SET */
	char			*redaction_key;		/* "site" | "random" */
	char			*redaction_key_id;	/* pseudo_key_id() */
	int64_t			 redaction_cleaned_ns;	/* oomtrail redact; 0 */
	struct manifest_item	*items;
	size_t			 nitems, capitems;
};

struct manifest	*manifest_new(void);
void		 manifest_free(struct manifest *);
void		 manifest_clear_items(struct manifest *);	/* keeps the rest */
/* Append a zeroed item (exit_status = -1); NULL on ENOMEM. The pointer is
 * valid until the next manifest_add_item(). */
struct manifest_item *manifest_add_item(struct manifest *);
int		 manifest_item_add_range(struct manifest_item *, uint64_t off,
		    uint64_t len);
const struct manifest_item *manifest_find(const struct manifest *,
		    const char *path);
int		 manifest_set_str(char **field, const char *value); /* strdup */

/* Serialise to JSON text (malloc'd, NUL-terminated, stable key order). */
enum err_code	 manifest_to_json(const struct manifest *, char **out,
		    size_t *len, struct err *);
/* Parse untrusted JSON. Wrong types, missing keys and bad values are
 * ERR_FORMAT with a message naming the key (and item index); the
 * manifest is not returned then. */
enum err_code	 manifest_from_json(const char *, size_t, struct manifest **,
		    struct err *);

#endif
