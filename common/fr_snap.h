/*
 * fr_snap: the numbers of a PyTorch Flight Recorder dump (one rank's
 * pickle: "version", "pg_config", "pg_status", "entries"), read from the
 * safe pickle tree (pickle.h), and the numeric summary that travels in
 * its place where the pickle may not (redaction): the first collective
 * of the group that has not completed (its sequence number, profiling
 * name such as "nccl:all_reduce", state, elements, timeout) and the
 * group's last enqueued, started and completed collective. Frames, file
 * names, thread names and process group names are never copied out; the
 * profiling name is kept only when it is made of [A-Za-z0-9_:.-].
 */
#ifndef OOMTRAIL_FR_SNAP_H
#define OOMTRAIL_FR_SNAP_H

#include <stdint.h>
#include <stdio.h>

#include "err.h"
#include "pickle.h"

#define FR_SUMMARY_FORMAT	"oomtrail-flight-recorder-summary"

struct fr_snap {
	int64_t		 pg_id;
	int64_t		 entries;
	int64_t		 last_enqueued, last_started, last_completed; /* -1 */
	int		 pending;	/* the fields below are set */
	int64_t		 seqnum, numel_in, timeout_ms;	/* -1 unknown */
	char		 optype[64];	/* "" unknown or not kept */
	char		 state[16];	/* scheduled started ...; "" */
};

/* Is this tree a Flight Recorder dump? */
int		fr_is_dump(const struct pk_node *);
/* Its numbers (a tree fr_is_dump accepted). */
void		fr_read(const struct pk_node *, struct fr_snap *);
/* The summary as one JSON object (format FR_SUMMARY_FORMAT, version 1)
 * and a newline. */
enum err_code	fr_json(const struct fr_snap *, FILE *, struct err *);
/* Is s a profiling name or state that may be kept (a word of
 * [A-Za-z0-9_:.-], shorter than max)? */
int		fr_word_ok(const char *s, size_t n, size_t max);

#endif
