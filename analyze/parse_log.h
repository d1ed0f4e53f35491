/*
 * parse_log: job logs (slurm-N.out, srun stderr, slurmd.log, tickets)
 * turned into events through the signature catalog.
 *
 * A logscan streams: feed it blocks of any size; memory stays bounded
 * whatever the log size (the catalog scanner's carry line, a 3-line
 * context ring and one capped context window). Clean lines allocate
 * nothing. Each matching line becomes one event per matching catalog
 * group, with its line copied into the arena (cut at CAT_LINE_MAX), its
 * envelope (timestamp raw, rank prefix) and fields (see catalog.h), and a
 * few lines of verbatim context before and after. Three multi-line shapes
 * are read by small state machines: the torchrun ChildFailedError
 * root-cause table (rank, local_rank, exitcode, pid, signal, host, time),
 * the torch.cuda.memory_summary() table (allocated/reserved current
 * and peak, OOM and cudaMalloc retry counts) and the BFC allocator's
 * "Stats:" block (Limit, InUse, MaxInUse, LargestFreeBlock).
 *
 * Events live in the arena; field names and strings are arena copies, so
 * the catalog and the fed blocks may be freed before the events.
 */
#ifndef OOMTRAIL_PARSE_LOG_H
#define OOMTRAIL_PARSE_LOG_H

#include <stddef.h>

#include "arena.h"
#include "catalog.h"
#include "err.h"
#include "event.h"
#include "parse.h"

#define LOGSCAN_BEFORE	3	/* context lines before a match */
#define LOGSCAN_AFTER	3	/* context lines after a match */

struct logscan;

/* Borrows cat (must outlive the logscan), a and out; source_name is only
 * used in error messages. ERR_NOMEM or ERR_USAGE on failure. */
enum err_code	logscan_new(struct catalog *cat, struct arena *a,
		    struct evlist *out, int file_id, const char *source_name,
		    struct logscan **lsp, struct err *e);
/* Feed the next n bytes. ERR_NOMEM when the arena is exhausted (the
 * logscan stops; events added so far stay valid). */
enum err_code	logscan_feed(struct logscan *, const char *p, size_t n,
		    struct err *e);
/* End of input: the last unterminated line, open context windows. */
enum err_code	logscan_end(struct logscan *, struct err *e);
void		logscan_free(struct logscan *);		/* NULL ok */

/* Whole-buffer form with the parse_fn shape (compiles its own catalog). */
parse_fn	parse_log;

/* qacct.c: Grid Engine's accounting record after its ambiguous limit
 * line (S-SGE-QACCT-LIMIT, an app_error "sge_limit" until the record
 * decides): one more line of the record (sets *err on allocation
 * failure); returns 1 at its end. */
int		qacct_line(struct event *, struct arena *, struct str body,
		    int *err);

#endif
