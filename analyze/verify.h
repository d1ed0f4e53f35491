/*
 * verify: the seeds' last step — the same workload before and after one
 * change. Did the initiating signature disappear, and was the other
 * boundary held constant? Works on two analysis models only.
 */
#ifndef OOMTRAIL_VERIFY_H
#define OOMTRAIL_VERIFY_H

#include <stdio.h>

#include "analysis.h"

enum verify_outcome {
	VERIFY_FIXED = 0,	/* exit 0 */
	VERIFY_NOT_FIXED = 1,	/* exit 1 */
	VERIFY_INCONCLUSIVE = 4	/* exit 4 */
};

struct verify_result {
	enum verify_outcome	 outcome;
	int			 signature_gone;	/* -1 unknown */
	int			 other_constant;	/* -1 unknown */
	const char		*lines[16];	/* findings, in order */
	int			 nlines;
};

/* Compare; strings live in after->arena. */
void	verify_compare(const struct analysis *before,
	    const struct analysis *after, struct verify_result *);
void	verify_print(const struct verify_result *, FILE *);

#endif
