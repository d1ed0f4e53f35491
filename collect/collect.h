/*
 * collect: the collector's one entry point. collect_run() walks the probe
 * table, spools and redacts every source, and writes one bundle (format
 * v1) with its manifest. A failed, absent, timed-out or truncated source
 * is recorded in the manifest and the run goes on; only a bundle that
 * cannot be written at all is an error. Never prints, never exits.
 *
 * Environment read (for tests and odd nodes): OOMTRAIL_CGROUP_ROOT
 * (default /sys/fs/cgroup), OOMTRAIL_PROC_ROOT (/proc), OOMTRAIL_KMSG
 * (/dev/kmsg), SLURM_JOB_ID, TMPDIR, PATH for the external commands.
 */
#ifndef OOMTRAIL_COLLECT_H
#define OOMTRAIL_COLLECT_H

#include <stddef.h>

#include "err.h"

#define COLLECT_DEADLINE_DEFAULT	60	/* seconds */

struct collect_opts {
	const char	*job;		/* NULL: SLURM_JOB_ID, else no job */
	const char	**logs;		/* extra log paths (borrowed) */
	size_t		 nlogs;
	const char	*output;	/* NULL: current directory */
	int		 deadline_s;	/* global deadline, > 0 */
	int		 redact;	/* --redact (pseudonyms) */
	const char	*site_key;
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
};

/* Run the collection described by o. *r is filled in every case (free it
 * with collect_result_free()); the return value is ERR_OK when a bundle
 * was written, else why not (r->status is then COLLECT_NO_BUNDLE). */
enum err_code	collect_run(const struct collect_opts *o,
		    struct collect_result *r, struct err *e);
void		collect_result_free(struct collect_result *);	/* NULL ok */

#endif
