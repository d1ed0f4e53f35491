/*
 * clean: `oomtrail redact IN... -o OUT`, cleaning bundles after the fact
 * with what the collector's --redact does while collecting: secrets
 * masked (common/redact.h) and names pseudonymised (common/pseudo.h)
 * under the site key (or a random key for this run, with a warning).
 *
 * A bundle (archive or unpacked directory) becomes a fresh .tar.zst whose
 * manifest hashes the cleaned members and whose redaction record gains
 * when it was cleaned, the detector set, what fired and the key id
 * (never the key); a bare file (a pasted log) becomes a cleaned file. The
 * pseudonym map is written beside each output as OUT.map.json, never
 * inside it. Inputs are only read; an existing OUT is refused.
 */
#ifndef OOMTRAIL_CLEAN_H
#define OOMTRAIL_CLEAN_H

#include <stdio.h>

struct bundle_limits;

struct clean_opts {
	const char	**inputs;
	int		  ninputs;
	const char	 *out;		/* one input: the output; several: a dir */
	const char	 *site_key;	/* NULL: $OOMTRAIL_SITE_KEY, default */
	const struct bundle_limits *limits;
	FILE		 *report;	/* the summary (stderr) */
};

/* 0 every input cleaned, 1 none could be, 3 some failed. */
int	clean_run(const struct clean_opts *);

#endif
