/*
 * bundle: writing and reading oomtrail bundles (format v1).
 *
 * Writing (collector): members are appended one by one to a .tar.zst
 * (pax-restricted tar, zstd filter in libarchive, never an external
 * program) at a temporary name in the target directory; each member is
 * hashed as it is written and recorded in the manifest; bundle_writer_close()
 * appends manifest.json last, flushes, fsyncs, sets mode 0600 and renames
 * to the final name. bundle_writer_abort() (or a failed close) unlinks
 * the temporary file: nothing half-written remains under the final name.
 * The writer never holds a member in memory: bundle_add_fd() streams.
 *
 * Reading (analyzer): bundle_reader_open() accepts a .tar.zst, .tar.gz,
 * .tar (detected by content, not name), an unpacked bundle directory, a
 * directory of loose files, or one bare file. Members come in order from
 * bundle_next(); the data of the current member is streamed with
 * bundle_read() (each byte hashed) or taken whole with bundle_read_all()
 * (capped). After the last member, bundle_integrity() compares every
 * member's sha256 with the manifest. Hostile archives: entries that are
 * not regular files, absolute paths, ".." components, control characters
 * in names and duplicates are skipped and recorded as notes; caps on
 * member count, member size, total bytes and compression ratio apply
 * while streaming. Nothing is ever extracted to disk.
 */
#ifndef OOMTRAIL_BUNDLE_H
#define OOMTRAIL_BUNDLE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "err.h"
#include "manifest.h"

/* ---- writing ---- */

struct bundle_writer;

/* dir: output directory; name: final file name (no slash). The manifest
 * is borrowed and must outlive the writer; the writer appends items to
 * it. */
enum err_code	 bundle_writer_open(struct bundle_writer **, const char *dir,
		    const char *name, struct manifest *, struct err *);
/* The same, for a name that may be taken by a peer (collectors of one job
 * and host finishing in the same second): "X.tar.zst" then becomes
 * "X.2.tar.zst" ... "X.99.tar.zst" instead of an error. The final name is
 * what bundle_writer_close() returns. */
enum err_code	 bundle_writer_open_unique(struct bundle_writer **,
		    const char *dir, const char *name, struct manifest *,
		    struct err *);
/* Append a member from memory; fills item->path, bytes, sha256. */
enum err_code	 bundle_add_buf(struct bundle_writer *, struct manifest_item *,
		    const char *path, const void *, size_t, struct err *);
/* Append a member streamed from fd (read from its current offset to EOF;
 * size must be the exact number of bytes that remain, e.g. a spool file's
 * size). */
enum err_code	 bundle_add_fd(struct bundle_writer *, struct manifest_item *,
		    const char *path, int fd, uint64_t size, struct err *);
/* Bytes written so far (compressed, on disk). */
uint64_t	 bundle_writer_bytes(const struct bundle_writer *);
/* Finish: write manifest.json, close, fsync, chmod 0600, rename. On
 * success *final_path (malloc'd) is the bundle's path. */
enum err_code	 bundle_writer_close(struct bundle_writer *, char **final_path,
		    struct err *);
void		 bundle_writer_abort(struct bundle_writer *); /* NULL ok */

/* ---- reading ---- */

struct bundle_limits {
	uint64_t	max_members;		/* default 100000 */
	uint64_t	max_member_bytes;	/* default 32 GiB */
	uint64_t	max_total_bytes;	/* default 64 GiB */
	uint64_t	max_ratio;		/* decompressed/compressed, 1000 */
};

enum bundle_kind {
	BUNDLE_ARCHIVE,		/* tar, possibly compressed */
	BUNDLE_DIR,		/* a directory (with or without manifest) */
	BUNDLE_FILE		/* one bare file */
};

struct bundle_member {
	const char	*path;	/* relative, '/'-separated; valid until next */
	uint64_t	 size;	/* as declared (archive) or stat'ed (dir) */
	int		 index;	/* 0-based order of arrival */
};

enum integrity {
	INTEGRITY_VERIFIED,	/* manifest present and every hash matched */
	INTEGRITY_MISMATCH,	/* some hash differed, or items missing/extra */
	INTEGRITY_UNVERIFIED,	/* no manifest */
	INTEGRITY_DAMAGED	/* archive truncated or corrupt */
};

struct bundle_note {
	char	*path;		/* member concerned, or NULL */
	char	*msg;		/* e.g. "sha256 mismatch", "skipped: symlink" */
};

struct bundle_reader;

void		 bundle_limits_default(struct bundle_limits *);
enum err_code	 bundle_reader_open(struct bundle_reader **, const char *path,
		    const struct bundle_limits *, struct err *);
enum bundle_kind bundle_reader_kind(const struct bundle_reader *);
/* 1: *m is the next member; 0: end; -1: damaged (e says why; members
 * already returned remain valid evidence). manifest.json is returned as a
 * member too (the analyzer may ignore it). */
int		 bundle_next(struct bundle_reader *, struct bundle_member *,
		    struct err *);
/* Hand the hashing of the current member's bytes to the caller (on = 1)
 * until the member ends: bundle_read() then does not hash, and the caller
 * passes every byte it read, in order, to bundle_hash() — possibly on
 * another thread, but never concurrently with bundle_next(). */
void		 bundle_defer_hash(struct bundle_reader *, int on);
void		 bundle_hash(struct bundle_reader *, const void *, size_t);
/* Stream the current member: bytes read (0 at end), -1 on error: the
 * bundle is damaged or over max_total_bytes (the reader stops), or the
 * member was skipped for a cap (ERR_LIMIT; bundle_next() goes on). */
ssize_t		 bundle_read(struct bundle_reader *, void *, size_t,
		    struct err *);
/* The rest of the current member into a malloc'd NUL-terminated buffer;
 * ERR_LIMIT if it exceeds cap (nothing returned then). */
enum err_code	 bundle_read_all(struct bundle_reader *, size_t cap,
		    char **p, size_t *n, struct err *);
/* The manifest, once seen (for a directory: before the first member; for
 * an archive: after bundle_next() has returned 0). NULL if none or bad;
 * bundle_manifest_error() says why it was bad. */
const struct manifest *bundle_manifest(const struct bundle_reader *);
const char	*bundle_manifest_error(const struct bundle_reader *);
/* After the end: verdict on integrity and the notes (mismatches, missing
 * and extra items, skipped entries). */
enum integrity	 bundle_integrity(const struct bundle_reader *);
const struct bundle_note *bundle_notes(const struct bundle_reader *,
		    size_t *n);
/* sha256 status of one member after it was read: 1 match, 0 mismatch,
 * -1 not in manifest / not known yet. */
int		 bundle_member_verified(const struct bundle_reader *,
		    const char *path);
/* Members skipped for a cap (size, ratio, count): not all was read. */
uint64_t	 bundle_skipped(const struct bundle_reader *);
void		 bundle_reader_close(struct bundle_reader *);	/* NULL ok */
const char	*integrity_name(enum integrity);

#endif
