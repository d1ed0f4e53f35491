/*
 * torch_snap: the numbers of a PyTorch CUDA allocator snapshot (what
 * torch.cuda.memory._snapshot() returns and _dump_snapshot() pickles: a
 * dict of "segments", "device_traces" and, in newer releases,
 * "allocator_settings"), read from the safe pickle tree (pickle.h).
 * Per device: the segments and their sizes, the free (inactive) blocks,
 * the largest of them, the inactive memory inside segments that also
 * hold live blocks, and from the device's trace ring the OOM entry with
 * the allocations before it. Numbers only: frames, file names and other
 * strings are never copied out, so the summary can travel where the
 * pickle may not (the collector's --redact).
 */
#ifndef OOMTRAIL_TORCH_SNAP_H
#define OOMTRAIL_TORCH_SNAP_H

#include <stdint.h>
#include <stdio.h>

#include "err.h"
#include "pickle.h"

#define TSNAP_MAX_DEV	16
#define TSNAP_RECENT	8	/* allocations kept before the OOM */
#define TSNAP_WORK	(4u << 20)	/* blocks plus trace entries read */
#define TSNAP_SEGS	24	/* segments kept for the map, per device */
#define TSNAP_SEG_BLOCKS 32	/* blocks kept per segment; the rest
				 * merged into the last one */

enum tsnap_bstate { TSB_ALLOCATED, TSB_FREE, TSB_MIXED };

/* One segment of the map: its blocks in address order. */
struct tsnap_seg {
	int64_t		 size;
	int		 nblocks;
	struct {
		int64_t		 size;
		int		 state;		/* enum tsnap_bstate */
	}		 b[TSNAP_SEG_BLOCKS];
};

struct tsnap_alloc {
	const char	*action;	/* static: "alloc", "segment_alloc" */
	int64_t		 size;
};

struct tsnap_device {
	int		 device;
	int64_t		 segments, total_size, allocated, active, requested;
	int64_t		 expandable;	/* segments with is_expandable */
	int64_t		 blocks;
	int64_t		 free_blocks, free_total, largest_free;
	int64_t		 inactive_split;	/* free bytes in segments that
						 * also hold live blocks */
	int64_t		 trace_entries;
	int		 has_oom;
	int64_t		 oom_size, oom_device_free;	/* -1 unknown */
	int		 nrecent;		/* oldest first */
	struct tsnap_alloc recent[TSNAP_RECENT];
	int		 nsegmap;	/* the first TSNAP_SEGS segments */
	struct tsnap_seg segmap[TSNAP_SEGS];
};

struct tsnap {
	int		 ndev;
	struct tsnap_device dev[TSNAP_MAX_DEV];
	int		 has_settings;
	int		 expandable_segments;	/* -1 unknown, 0, 1 */
	int64_t		 max_split_size;	/* bytes; -1 unknown */
	double		 gc_threshold;		/* -1 unknown */
	int		 truncated;	/* TSNAP_WORK reached, or devices
					 * past TSNAP_MAX_DEV */
};

/* The pickle reader's bounds for a snapshot: a long trace ring of small
 * dicts (each frame one) needs more values than pk_default_limits allow;
 * 16 Mi values cost at most about 1 GiB while read. */
extern const struct pk_limits	tsnap_limits;

/*
 * Fill *s from the pickle's root. ERR_FORMAT when root is not a snapshot
 * (no dict with "segments" or "device_traces"). Devices are ordered by
 * number; a device appears when it has a segment or a trace entry.
 */
enum err_code	tsnap_read(const struct pk_node *root, struct tsnap *s,
		    struct err *e);
/* The device's entry, or NULL. */
const struct tsnap_device *tsnap_device(const struct tsnap *, int device);
/*
 * Write the summary as one JSON object (numbers and the fixed action
 * names only) to fp; ERR_IO when fp reports an error.
 */
enum err_code	tsnap_json(const struct tsnap *, FILE *fp, struct err *e);
/*
 * What redaction keeps of a pickle (the collector's --redact and
 * oomtrail redact): an allocator snapshot's summary (tsnap_json) or a
 * Flight Recorder dump's (fr_snap.h's fr_json), into *json (malloc'd,
 * *jn bytes). ERR_FORMAT with the reason when the pickle is neither or
 * the safe reader refused it; ERR_NOMEM.
 */
enum err_code	pickle_summary_json(const char *buf, size_t n, char **json,
		    size_t *jn, struct err *e);

#endif
