/*
 * fleet: many jobs' records in one SQLite database (fleet.c, issue 19).
 */
#ifndef OOMTRAIL_FLEET_H
#define OOMTRAIL_FLEET_H

#include <stddef.h>
#include <stdio.h>

struct bundle_limits;

struct fleet_opts {
	const char		 *db;		/* SQLite database file */
	const char		**inputs;
	size_t			  ninputs;
	int			  jobs;
	const struct bundle_limits *limits;
	FILE			 *out, *err;
};

/* Group the inputs by job, analyse each job once and store its record;
 * inputs whose sha256 is stored are skipped. 0 ok, 3 some job could not
 * be analysed, 1 error. */
int	fleet_ingest(const struct fleet_opts *);
/* The fleet report in Markdown: causes ranked by GPU-hours lost, and
 * GPUs or nodes with Xids in two jobs or more. 0 ok, 1 error. */
int	fleet_report(const char *db, FILE *, FILE *err);

#endif
