/*
 * series: the watch file, a time series of memory samples (format 1).
 *
 * One text line per record, each ending in " *" and the CRC-32 (IEEE,
 * the one zlib and `crc32` compute) of everything before " *", as eight
 * lower-case hex digits, then "\n":
 *
 *   H oomtrail-series 1 job=J host=H interval_ms=N t0_ns=T mono0_ns=M *crc
 *   C IDX NAME UNIT LIMIT *crc          column IDX of this segment
 *   S OFF_MS V0 V1 ... *crc            one sample
 *   M OFF_MS SPAN_MS V0 V1 ... *crc    older samples merged (their max)
 *   N TEXT *crc                        a note (restarts, why it ended)
 *
 * A header starts a segment: row times are t0_ns + OFF_MS ms, and column
 * indices are the segment's own (declared in order from 0, mid-segment
 * too; re-declaring an index updates its limit). A value is a decimal
 * integer, "-" (no sample) or "=" (as in the segment's previous row);
 * values missing at the end of a row are "-". The reader joins columns
 * of every segment by name. A line without its newline (the writer died
 * in the middle of it) or with a bad checksum or syntax is dropped and
 * counted; a row earlier than the one before it is dropped too.
 *
 * The writer appends one record per write(2) to a file opened O_APPEND,
 * so the file is valid at every moment. Past its cap it is compacted:
 * rows older than the newest quarter are merged into buckets of a
 * power-of-two multiple of the interval (each value the maximum, so
 * peaks survive), written to a temporary file that replaces the old one
 * by rename(2). The reader keeps everything in an arena. The writer
 * uses malloc and one small line buffer: it never holds the file.
 */
#ifndef OOMTRAIL_SERIES_H
#define OOMTRAIL_SERIES_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "err.h"

#define SERIES_FORMAT		1
#define SERIES_NONE		INT64_MIN
#define SERIES_MAX_COLS		1024
#define SERIES_MAX_CELLS	(1u << 22)	/* nrows * ncols kept */
#define SERIES_MAX_NOTES	64
#define SERIES_LINE_MAX		65536
/* A week at 1 s of a typical job (~30 columns) stays under this. */
#define SERIES_CAP_DEFAULT	(8u * 1024 * 1024 - 256 * 1024)

/* The reader's result names the format error ERR_PARSE. */
#define ERR_PARSE		ERR_FORMAT

struct series_col {
	const char	*name;	/* "cg/job/current", "gpu0/used", "gpu0/pid4242/used" */
	const char	*unit;	/* "bytes", "count", "us" */
	int64_t		 limit;	/* the boundary this column fails at, -1 none */
};

struct series {
	const char		*job, *host;	/* header values, may be NULL */
	int64_t			 interval_ms;
	size_t			 ncols;
	struct series_col	*cols;
	size_t			 nrows;
	int64_t			*t_ns;		/* UTC ns of each row, non-decreasing */
	int64_t			*v;		/* nrows * ncols; SERIES_NONE: no sample */
	int			 dropped_tail;	/* a half-written last record was dropped */
	uint64_t		 bad_records;	/* records that failed their checksum or syntax */
	int			 downsampled;	/* older rows were merged */
	/* Added after the analyzer's contract: */
	int64_t			*span_ns;	/* per row: 0, or the time a merged row covers */
	int64_t			 t0_ns;		/* first header's anchors */
	int64_t			 mono0_ns;	/* CLOCK_MONOTONIC at t0_ns */
	int64_t			 bucket_ms;	/* merged rows' bucket width, 0 none */
	uint64_t		 skipped_rows;	/* good rows past SERIES_MAX_CELLS */
	size_t			 nnotes;
	const char		**notes;	/* first SERIES_MAX_NOTES notes */
};

/* Parse a whole series file held in buf (hostile bytes: bounded columns
 * and rows, no overflow, no NUL needed). Everything lives in the arena.
 * ERR_PARSE with "line N: why" only when nothing usable (no header);
 * ERR_NOMEM when the arena fails. */
enum err_code	series_read(const char *buf, size_t len, struct arena *,
		    struct series *, struct err *);

/* Value of column name in row r, SERIES_NONE if either is absent. */
int64_t		series_get(const struct series *, size_t r, const char *name);
/* Index of the column called name, or -1. */
long		series_col_index(const struct series *, const char *name);

/* Write s as one fresh segment to fd (host replaces s->host when not
 * NULL). Used to re-encode a file; returns ERR_IO on a short write. */
enum err_code	series_write_fd(int fd, const struct series *, const char *host,
		    struct err *);

struct series_hdr {
	const char	*job;		/* NULL: none; [A-Za-z0-9._+-] kept */
	const char	*host;
	int64_t		 interval_ms;
	int64_t		 t0_ns;		/* CLOCK_REALTIME at mono0_ns */
	int64_t		 mono0_ns;
};

struct series_writer;

/* Open path for appending (created 0600 if absent; an existing file gets
 * a new segment) and take an exclusive lock on it: ERR_LIMIT "busy" when
 * another writer holds it. cap 0 means SERIES_CAP_DEFAULT. */
enum err_code	series_writer_open(struct series_writer **, const char *path,
		    const struct series_hdr *, uint64_t cap, struct err *);
/* The index of column name, declared now if new (or its limit changed).
 * -1 when SERIES_MAX_COLS are declared, on a bad name or a write error. */
long		series_writer_col(struct series_writer *, const char *name,
		    const char *unit, int64_t limit);
/* Append one sample row: v[i] for column i, n columns (the rest "-").
 * t_ns is UTC; compacts the file when it passes the cap. */
enum err_code	series_writer_row(struct series_writer *, int64_t t_ns,
		    const int64_t *v, size_t n, struct err *);
enum err_code	series_writer_note(struct series_writer *, const char *,
		    struct err *);
/* Compact now (also called by series_writer_row past the cap). */
enum err_code	series_writer_compact(struct series_writer *, struct err *);
enum err_code	series_writer_sync(struct series_writer *, struct err *);
uint64_t	series_writer_size(const struct series_writer *);
unsigned	series_writer_compactions(const struct series_writer *);
/* Sync, unlock and free; NULL is a no-op. */
void		series_writer_close(struct series_writer *);

#endif
