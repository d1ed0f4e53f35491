/*
 * bundle_write: the collector's side of the bundle format.
 *
 * A bundle is written as a pax-restricted tar through libarchive's own
 * zstd filter (never an external program) into ".NAME.tmp.XXXXXX" in the
 * target directory. Members are appended one at a time and hashed as they
 * go; bundle_writer_close() appends manifest.json last, flushes, fsyncs,
 * sets mode 0600, renames to NAME without clobbering and fsyncs the
 * directory. Any failure unlinks the temporary file, so a bundle under its
 * final name is always complete.
 *
 * bundle_add_fd() never holds a member in memory: it streams 64 KiB
 * blocks. The tar header promises the size before the data, so a source
 * that delivers fewer bytes is padded with zeros and one that has more is
 * cut at the promised size; either way the member stays well formed, the
 * item records what happened (error, truncated, kept range) and the call
 * returns ERR_OK, because the bundle is still good evidence.
 *
 * This file must not use libarchive's reading side: the static collector
 * links only this object. It does not decide what to collect.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>

#include "bundle.h"
#include "hash.h"

#define BLOCK		(64u * 1024)
#define MANIFEST_NAME	"manifest.json"

struct bundle_writer {
	struct archive	*a;
	struct manifest	*m;
	int		 fd;		/* the temporary file */
	int		 dirfd;
	char		*dir;
	char		*name;		/* final name, no slash */
	int		 unique;	/* a taken name gets .N (place()) */
	char		*tmp;		/* temporary name, no slash */
	int		 failed;	/* a write failed: only abort */
};

static int
name_ok(const char *name)
{
	return name[0] != '\0' && strchr(name, '/') == NULL &&
	    strcmp(name, ".") != 0 && strcmp(name, "..") != 0;
}

/* A member path must be relative, with no empty, "." or ".." parts. */
static int
member_path_ok(const char *p)
{
	const char	*c = p, *s;
	size_t		 n;

	if (*p == '\0' || *p == '/')
		return 0;
	for (; *c != '\0'; c = *s == '/' ? s + 1 : s) {
		s = strchr(c, '/');
		if (s == NULL)
			s = c + strlen(c);
		n = (size_t)(s - c);
		if (n == 0 || (n == 1 && c[0] == '.') ||
		    (n == 2 && c[0] == '.' && c[1] == '.'))
			return 0;
		if (*s == '/' && s[1] == '\0')
			return 0;
	}
	for (c = p; *c != '\0'; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			return 0;
	return 1;
}

static enum err_code
open_archive(struct bundle_writer *w, struct err *e)
{
	if ((w->a = archive_write_new()) == NULL)
		return ERR(e, ERR_NOMEM, "archive_write_new");
	if (archive_write_set_format_pax_restricted(w->a) != ARCHIVE_OK)
		return ERR(e, ERR_ARCHIVE, "pax format: %s",
		    archive_error_string(w->a));
	/* ARCHIVE_WARN here means "using external zstd program": refuse. */
	if (archive_write_add_filter_zstd(w->a) != ARCHIVE_OK)
		return ERR(e, ERR_ARCHIVE, "zstd filter: %s",
		    archive_error_string(w->a));
	if (archive_write_open_fd(w->a, w->fd) != ARCHIVE_OK)
		return ERR(e, ERR_ARCHIVE, "%s/%s: %s", w->dir, w->tmp,
		    archive_error_string(w->a));
	return ERR_OK;
}

static enum err_code
make_temp(struct bundle_writer *w, struct err *e)
{
	char	*full;
	size_t	 n = strlen(w->dir) + strlen(w->name) + 32;

	if ((full = malloc(n)) == NULL)
		return ERR(e, ERR_NOMEM, "temp name");
	snprintf(full, n, "%s/.%s.tmp.XXXXXX", w->dir, w->name);
	/* mkstemp creates mode 0600; mkostemp would need _GNU_SOURCE. */
	if ((w->fd = mkstemp(full)) == -1) {
		ERR_SYS(e, ERR_IO, "%s", full);
		free(full);
		return ERR_IO;
	}
	(void)fcntl(w->fd, F_SETFD, FD_CLOEXEC);
	w->tmp = strdup(strrchr(full, '/') + 1);
	free(full);
	if (w->tmp == NULL)
		return ERR(e, ERR_NOMEM, "temp name");
	return ERR_OK;
}

/* A bundle name (".tar.zst") that close may turn into ".N.tar.zst" when
 * it is taken: opening it is never refused for that (see place()). */
static int
has_alt(const char *name)
{
	static const char	suf[] = ".tar.zst";
	size_t			n = strlen(name);

	return n >= sizeof(suf) && strcmp(name + n - (sizeof(suf) - 1),
	    suf) == 0;
}

static enum err_code
final_absent(const struct bundle_writer *w, struct err *e)
{
	struct stat	st;

	if (fstatat(w->dirfd, w->name, &st, AT_SYMLINK_NOFOLLOW) == 0)
		return err_set(e, ERR_IO, EEXIST, __FILE__, __LINE__,
		    "%s/%s", w->dir, w->name);
	if (errno != ENOENT)
		return ERR_SYS(e, ERR_IO, "%s/%s", w->dir, w->name);
	return ERR_OK;
}

/*
 * Open a writer for dir/name. The name must not exist yet and must not
 * contain '/'. The manifest is borrowed (it must outlive the writer) and
 * receives one item per member. On error nothing is left on disk.
 */
static enum err_code
writer_open(struct bundle_writer **wp, const char *dir, const char *name,
    struct manifest *m, int unique, struct err *e)
{
	struct bundle_writer	*w;
	enum err_code		 rc = ERR_OK;

	*wp = NULL;
	if (m == NULL || !name_ok(name))
		return ERR(e, ERR_USAGE, "bundle name \"%s\"", name);
	if ((w = calloc(1, sizeof(*w))) == NULL)
		return ERR(e, ERR_NOMEM, "bundle writer");
	w->fd = w->dirfd = -1;
	w->m = m;
	w->unique = unique;
	w->dir = strdup(dir);
	w->name = strdup(name);
	if (w->dir == NULL || w->name == NULL) {
		bundle_writer_abort(w);
		return ERR(e, ERR_NOMEM, "bundle writer");
	}
	if ((w->dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		rc = ERR_SYS(e, ERR_IO, "%s", dir);
	else if (((w->unique && has_alt(w->name)) ||
	    (rc = final_absent(w, e)) == ERR_OK) &&
	    (rc = make_temp(w, e)) == ERR_OK)
		rc = open_archive(w, e);
	if (rc != ERR_OK) {
		bundle_writer_abort(w);
		return rc;
	}
	*wp = w;
	return ERR_OK;
}

enum err_code
bundle_writer_open(struct bundle_writer **wp, const char *dir,
    const char *name, struct manifest *m, struct err *e)
{
	return writer_open(wp, dir, name, m, 0, e);
}

enum err_code
bundle_writer_open_unique(struct bundle_writer **wp, const char *dir,
    const char *name, struct manifest *m, struct err *e)
{
	return writer_open(wp, dir, name, m, 1, e);
}

static int64_t
now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static enum err_code
write_header(struct bundle_writer *w, const char *path, uint64_t size,
    int64_t mtime_ns, struct err *e)
{
	struct archive_entry	*ae;
	int			 r;

	if (mtime_ns <= 0)
		mtime_ns = now_ns();
	if ((ae = archive_entry_new()) == NULL)
		return ERR(e, ERR_NOMEM, "entry for %s", path);
	archive_entry_set_pathname(ae, path);
	archive_entry_set_filetype(ae, AE_IFREG);
	archive_entry_set_perm(ae, 0600);
	archive_entry_set_size(ae, (la_int64_t)size);
	archive_entry_set_mtime(ae, mtime_ns / 1000000000LL, 0);
	r = archive_write_header(w->a, ae);
	archive_entry_free(ae);
	if (r < ARCHIVE_WARN) {
		w->failed = 1;
		return ERR(e, ERR_ARCHIVE, "%s: %s", path,
		    archive_error_string(w->a));
	}
	return ERR_OK;
}

static enum err_code
write_data(struct bundle_writer *w, const char *path, const void *p,
    size_t n, struct err *e)
{
	if (n > 0 && archive_write_data(w->a, p, n) != (la_ssize_t)n) {
		w->failed = 1;
		return ERR(e, ERR_ARCHIVE, "%s: %s", path,
		    archive_error_string(w->a));
	}
	return ERR_OK;
}

/* Check the writer and the path; find or make the item for the member. */
static enum err_code
begin_member(struct bundle_writer *w, struct manifest_item **itp,
    const char *path, struct err *e)
{
	const struct manifest_item	*dup;

	if (w->failed)
		return ERR(e, ERR_USAGE, "%s: bundle writer failed earlier",
		    path);
	if (!member_path_ok(path) || strcmp(path, MANIFEST_NAME) == 0)
		return ERR(e, ERR_USAGE, "bad member path \"%s\"", path);
	dup = manifest_find(w->m, path);
	if (dup != NULL && dup != *itp && dup->sha256[0] != '\0')
		return ERR(e, ERR_USAGE, "%s: already in the bundle", path);
	if (*itp == NULL) {
		if ((*itp = manifest_add_item(w->m)) == NULL ||
		    manifest_set_str(&(*itp)->kind, "generated") == -1)
			return ERR(e, ERR_NOMEM, "item %s", path);
	}
	if ((*itp)->path != path &&
	    manifest_set_str(&(*itp)->path, path) == -1)
		return ERR(e, ERR_NOMEM, "item %s", path);
	return ERR_OK;
}

/*
 * Append a member from memory. item may be NULL (an item of kind
 * "generated" is added); its path, bytes and sha256 are filled in.
 * Borrows p.
 */
enum err_code
bundle_add_buf(struct bundle_writer *w, struct manifest_item *item,
    const char *path, const void *p, size_t n, struct err *e)
{
	struct sha256	h;
	enum err_code	rc;

	if ((rc = begin_member(w, &item, path, e)) != ERR_OK)
		return rc;
	if ((rc = write_header(w, path, n, item->start_ns, e)) != ERR_OK ||
	    (rc = write_data(w, path, p, n, e)) != ERR_OK)
		return rc;
	sha256_init(&h);
	sha256_update(&h, p, n);
	sha256_hex(&h, item->sha256);
	item->bytes = n;
	return ERR_OK;
}

/* read(2) that retries EINTR; -1 with errno on error. */
static ssize_t
read_some(int fd, void *p, size_t n)
{
	ssize_t	r;

	do
		r = read(fd, p, n);
	while (r == -1 && errno == EINTR);
	return r;
}

/* Record a source that did not deliver exactly size bytes. */
static enum err_code
note_short(struct manifest_item *it, uint64_t got, uint64_t size, int errnum)
{
	char	msg[160];

	if (errnum != 0)
		snprintf(msg, sizeof(msg), "read: %s after %llu of %llu "
		    "bytes; rest zero-filled", strerror(errnum),
		    (unsigned long long)got, (unsigned long long)size);
	else
		snprintf(msg, sizeof(msg), "short read: %llu of %llu bytes; "
		    "rest zero-filled", (unsigned long long)got,
		    (unsigned long long)size);
	return manifest_set_str(&it->error, msg) == -1 ? ERR_NOMEM : ERR_OK;
}

static enum err_code
note_grew(struct manifest_item *it, uint64_t size)
{
	it->truncated = 1;
	if (it->nranges == 0 && manifest_item_add_range(it, 0, size) == -1)
		return ERR_NOMEM;
	return manifest_set_str(&it->error, "source grew past its size; cut")
	    == -1 ? ERR_NOMEM : ERR_OK;
}

/*
 * Copy exactly size bytes from fd into the open member, hashing them.
 * *got is what the fd delivered; a shortfall is filled with zeros.
 */
static enum err_code
stream_fd(struct bundle_writer *w, const char *path, int fd, uint64_t size,
    struct sha256 *h, uint64_t *got, int *errnum, char *blk, struct err *e)
{
	uint64_t	done = 0;
	size_t		want;
	ssize_t		r = 1;
	enum err_code	rc;

	*got = 0;
	*errnum = 0;
	while (done < size) {
		want = size - done < BLOCK ? (size_t)(size - done) : BLOCK;
		if (r > 0 && (r = read_some(fd, blk, want)) == -1)
			*errnum = errno;
		if (r > 0)
			*got += (uint64_t)r;
		else
			memset(blk, 0, want);	/* source ended early */
		if (r > 0)
			want = (size_t)r;
		sha256_update(h, blk, want);
		if ((rc = write_data(w, path, blk, want, e)) != ERR_OK)
			return rc;
		done += want;
	}
	return ERR_OK;
}

/*
 * Append a member streamed from fd: exactly size bytes from its current
 * offset. A source that delivers fewer bytes (zero-filled) or more (cut)
 * is recorded in the item and still returns ERR_OK. item may be NULL as
 * for bundle_add_buf(). The fd is borrowed and not closed.
 */
enum err_code
bundle_add_fd(struct bundle_writer *w, struct manifest_item *item,
    const char *path, int fd, uint64_t size, struct err *e)
{
	struct sha256	 h;
	uint64_t	 got;
	int		 errnum;
	char		*blk, extra;
	enum err_code	 rc;

	if ((rc = begin_member(w, &item, path, e)) != ERR_OK)
		return rc;
	if ((blk = malloc(BLOCK)) == NULL)
		return ERR(e, ERR_NOMEM, "%s", path);
	sha256_init(&h);
	rc = write_header(w, path, size, item->start_ns, e);
	if (rc == ERR_OK)
		rc = stream_fd(w, path, fd, size, &h, &got, &errnum, blk, e);
	free(blk);
	if (rc != ERR_OK)
		return rc;
	sha256_hex(&h, item->sha256);
	item->bytes = size;
	if (got < size)
		rc = note_short(item, got, size, errnum);
	else if (read_some(fd, &extra, 1) == 1)
		rc = note_grew(item, size);
	if (rc != ERR_OK)
		return ERR(e, rc, "%s", path);
	return ERR_OK;
}

uint64_t
bundle_writer_bytes(const struct bundle_writer *w)
{
	la_int64_t	n;

	if (w == NULL || w->a == NULL)
		return 0;
	n = archive_filter_bytes(w->a, -1);
	return n < 0 ? 0 : (uint64_t)n;
}

static enum err_code
write_manifest(struct bundle_writer *w, struct err *e)
{
	char		*json;
	size_t		 n;
	enum err_code	 rc;

	if (w->m->created_ns == 0)
		w->m->created_ns = now_ns();
	if ((rc = manifest_to_json(w->m, &json, &n, e)) != ERR_OK)
		return rc;
	rc = write_header(w, MANIFEST_NAME, n, w->m->created_ns, e);
	if (rc == ERR_OK)
		rc = write_data(w, MANIFEST_NAME, json, n, e);
	free(json);
	return rc;
}

/* Flush the archive and make the temporary file durable, mode 0600. */
static enum err_code
finish_file(struct bundle_writer *w, struct err *e)
{
	int	r;

	r = archive_write_close(w->a);
	archive_write_free(w->a);
	w->a = NULL;
	if (r != ARCHIVE_OK)
		return ERR(e, ERR_ARCHIVE, "%s/%s: closing the archive failed",
		    w->dir, w->tmp);
	if (fsync(w->fd) == -1 || fchmod(w->fd, 0600) == -1)
		return ERR_SYS(e, ERR_IO, "%s/%s", w->dir, w->tmp);
	r = close(w->fd);
	w->fd = -1;
	if (r == -1)
		return ERR_SYS(e, ERR_IO, "%s/%s", w->dir, w->tmp);
	return ERR_OK;
}

/*
 * Write manifest.json, close, fsync, chmod 0600 and rename the temporary
 * file to the final name (refusing to replace an existing file), then
 * fsync the directory. On success *final_path is malloc'd (caller frees)
 * and the writer is freed; on failure the temporary file is unlinked and
 * the writer is freed as well.
 */
/* Link the temporary file to name without replacing anything: 0, or -1
 * with errno (EEXIST when name is taken). link() is atomic where the
 * check-then-rename was not: two collectors finishing at once cannot both
 * pass the check. */
static int
link_noreplace(struct bundle_writer *w, const char *name)
{
	struct stat	st;

	if (linkat(w->dirfd, w->tmp, w->dirfd, name, 0) == 0) {
		unlinkat(w->dirfd, w->tmp, 0);
		return 0;
	}
	if (errno != EPERM && errno != EOPNOTSUPP && errno != ENOSYS)
		return -1;
	/* No hard links here (vfat, some FUSE): check, then rename. */
	if (fstatat(w->dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0)
		return errno = EEXIST, -1;
	return renameat(w->dirfd, w->tmp, w->dirfd, name);
}

/*
 * Give the finished file its final name. When another writer took the
 * name meanwhile (collectors of the same job and host finishing in the
 * same second: the batch trap, the SPANK plugin and the Epilog), a
 * name ending in ".tar.zst" gets ".2" ... ".99" before that suffix; any
 * other name is an error (EEXIST), as before.
 */
static enum err_code
place(struct bundle_writer *w, struct err *e)
{
	static const char	 suf[] = ".tar.zst";
	size_t			 n = strlen(w->name), base;
	char			*alt;

	if (link_noreplace(w, w->name) == 0)
		return ERR_OK;
	if (errno != EEXIST)
		return ERR_SYS(e, ERR_IO, "link to %s/%s", w->dir, w->name);
	if (!w->unique || !has_alt(w->name))
		return err_set(e, ERR_IO, EEXIST, __FILE__, __LINE__,
		    "%s/%s", w->dir, w->name);
	base = n - (sizeof(suf) - 1);
	if ((alt = malloc(n + 4)) == NULL)
		return ERR(e, ERR_NOMEM, "bundle name");
	for (int k = 2; k <= 99; k++) {
		snprintf(alt, n + 4, "%.*s.%d%s", (int)base, w->name, k, suf);
		if (link_noreplace(w, alt) == 0) {
			free(w->name);
			w->name = alt;
			return ERR_OK;
		}
		if (errno != EEXIST)
			break;
	}
	free(alt);
	return err_set(e, ERR_IO, errno, __FILE__, __LINE__, "%s/%s",
	    w->dir, w->name);
}

enum err_code
bundle_writer_close(struct bundle_writer *w, char **final_path,
    struct err *e)
{
	enum err_code	 rc;
	char		*fp;
	size_t		 n;

	*final_path = NULL;
	if (w->failed)
		rc = ERR(e, ERR_USAGE, "bundle writer failed earlier");
	else if ((rc = write_manifest(w, e)) == ERR_OK &&
	    (rc = finish_file(w, e)) == ERR_OK)
		rc = place(w, e);
	if (rc != ERR_OK) {
		bundle_writer_abort(w);
		return rc;
	}
	free(w->tmp);
	w->tmp = NULL;	/* renamed: nothing to unlink now */
	if (fsync(w->dirfd) == -1)
		rc = ERR_SYS(e, ERR_IO, "fsync %s", w->dir);
	n = strlen(w->dir) + strlen(w->name) + 2;
	if (rc == ERR_OK && (fp = malloc(n)) != NULL) {
		snprintf(fp, n, "%s/%s", w->dir, w->name);
		*final_path = fp;
	} else if (rc == ERR_OK)
		rc = ERR(e, ERR_NOMEM, "final path");
	bundle_writer_abort(w);
	return rc;
}

/* Drop everything: the archive, the temporary file, the writer. */
void
bundle_writer_abort(struct bundle_writer *w)
{
	if (w == NULL)
		return;
	/* Not archive_write_fail(): after it, free skips the close callback
	 * and leaks libarchive's block buffer. The trailer free writes goes
	 * to the temporary file, which is unlinked below. */
	if (w->a != NULL)
		archive_write_free(w->a);
	if (w->fd != -1)
		close(w->fd);
	if (w->tmp != NULL && w->dirfd != -1)
		unlinkat(w->dirfd, w->tmp, 0);
	if (w->dirfd != -1)
		close(w->dirfd);
	free(w->tmp);
	free(w->dir);
	free(w->name);
	free(w);
}
