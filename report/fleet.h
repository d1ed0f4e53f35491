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
 * inputs whose sha256 is stored are skipped; a .jsonl input holds
 * records (one a line) stored as they are. 0 ok, 3 some job could not
 * be analysed, 1 error. */
int	fleet_ingest(const struct fleet_opts *);
struct fleet_report_opts {
	const char	*db;
	const char	*since;		/* "YYYY-MM-DD" or NULL: all */
	int		 format;	/* REPORT_MD, REPORT_HTML, REPORT_JSON */
	FILE		*out, *err;
};

/* The fleet report (fleet_model.c): causes per week, partition and GPU
 * model ranked by GPU-hours lost, sick hardware, repeat host OOMs and
 * the inconclusive share. 0 ok, 1 error. */
int	fleet_report(const struct fleet_report_opts *);

#endif
