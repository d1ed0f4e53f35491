/*
 * bundle_read: the analyzer's side of the bundle format.
 *
 * bundle_reader_open() decides by content what it was given: a directory
 * (walked recursively in sorted order, symlinks never followed), a tar
 * archive (libarchive with only the tar formats and the zstd, gzip, xz,
 * bzip2 filters), or one bare file. A file named like an archive that
 * libarchive cannot read is an error, never silently a bare log.
 *
 * Members are streamed: every byte handed out is hashed, and the caps of
 * struct bundle_limits (member count, member size, total size, and the
 * ratio of decompressed to compressed bytes) are checked as the bytes
 * arrive. Hostile entries (absolute paths, ".." parts, control
 * characters, empty names, anything not a regular file, duplicates) are
 * skipped and recorded as notes. Nothing is ever written to disk.
 *
 * After the last member the computed hashes are compared with
 * manifest.json: bundle_integrity() gives the verdict and bundle_notes()
 * the reasons. A corrupt stream, or a bundle over max_total_bytes, stops
 * the reader; members fully read before that remain valid evidence.
 * A member over a per-member cap is skipped, not the bundle, so that a
 * hostile member placed before the evidence does not hide it: a member
 * over max_member_bytes, or one whose bytes push the ratio of the bytes
 * handed out to the compressed bytes read past max_ratio (a
 * decompression bomb), is noted and skipped. Its data is still
 * decompressed to reach the next member, and that work counts toward
 * max_total_bytes, which stays the bound on the reader's whole effort.
 * Past max_members entries, only manifest.json, paths the manifest
 * (when already read) lists and paths under the collector's directories
 * (slurm/, kernel/, cgroup/, gpu/, host/, logs/, watch/) are kept, up to
 * max_members more; the rest are skipped, counted, and the first named.
 *
 * The path "-" is standard input ("<stdin>" in notes and errors): a
 * regular file is read as any file; a pipe is streamed, its first block
 * deciding between an archive and one bare log.
 *
 * This module does not parse members other than manifest.json.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>
#include <zstd.h>

#include "buf.h"
#include "bundle.h"
#include "hash.h"

#define MANIFEST_NAME	"manifest.json"
#define RATIO_AFTER	(1u << 20)	/* ratio is checked past 1 MiB */
#define MAX_DEPTH	32		/* directory nesting we walk */
#define READ_BLOCK	(64u * 1024)
#define STDIN_NAME	"<stdin>"

struct seen {
	char	*path;
	char	 sha256[65];
	int	 complete;	/* read to its end */
	int	 verdict;	/* 1 match, 0 mismatch, -1 unknown */
};

struct pslot {
	const char	*key;	/* borrowed */
	size_t		 val;
};

struct pathset {
	struct pslot	*v;
	size_t		 cap, n;
};

struct dfile {
	char		*rel;
	dev_t		 dev;
	ino_t		 ino;
	uint64_t	 size;
};

struct bundle_reader {
	enum bundle_kind	 kind;
	struct bundle_limits	 lim;
	char			*path;
	int			 fd;		/* archive / bare file / dir */
	struct archive		*a;
	struct archive_entry	*first;		/* read while probing */
	int			 pending;	/* first is not consumed yet */
	char			*last;		/* last member returned */
	struct dfile		*files;
	size_t			 nfiles, capfiles, nextfile;
	int			 mfd;		/* current dir member */
	/* the current member */
	int			 active;
	size_t			 cur;		/* index into seen */
	uint64_t		 cur_size, cur_got;
	struct sha256		 h;
	char			*mbuf;		/* manifest.json text */
	size_t			 mbuf_n, mbuf_pos;
	int			 buffered;	/* serving mbuf */
	int			 index;
	uint64_t		 nentries, total;
	struct seen		*seen;
	size_t			 nseen, capseen;
	struct pathset		 names;
	struct manifest		*m;
	char			*merr;
	struct bundle_note	*notes;
	size_t			 nnotes, capnotes;
	int			 hostile;	/* skipped a non-directory */
	int			 ended, damaged;
	enum err_code		 stop_code;
	char			 stop_msg[256];
	enum integrity		 integ;
	struct zsrc		*zs;		/* our own zstd decoding */
	uint64_t		 kept;		/* archive bytes handed out */
	uint64_t		 nskipped;	/* members skipped for a cap */
	uint64_t		 nover;		/* skipped past max_members */
	uint64_t		 nextra;	/* kept past max_members */
	int			 mreading;	/* reading manifest.json */
	char			*head;		/* a pipe's first block */
	size_t			 head_n, head_pos;
	int			 defer;		/* the caller hashes (bundle_hash) */
	int			 final_pending;	/* member ended while deferred */
};

/*
 * zstd is decoded here, not by libarchive's filter: libarchive refuses a
 * truncated zstd stream as a whole ("Truncated zstd input") before
 * handing out the data that precedes the cut, and a bundle cut short by a
 * full disk or a killed transfer must still give every member it holds.
 * ZSTD_decompressStream hands out all it can; the cut is reported once
 * that is consumed.
 */
struct zsrc {
	int		 fd;
	ZSTD_DStream	*ds;
	unsigned char	*in, *out;
	size_t		 in_n, in_pos, out_cap;
	uint64_t	 raw;		/* compressed bytes read */
	size_t		 last;		/* ZSTD_decompressStream's last hint */
	int		 eof;
};

static la_ssize_t
zs_read(struct archive *a, void *arg, const void **buf)
{
	struct zsrc	*z = arg;
	ZSTD_inBuffer	 in;
	ZSTD_outBuffer	 out = { 0 };
	ssize_t		 n;

	for (;;) {
		if (z->in_pos == z->in_n && !z->eof) {
			do
				n = read(z->fd, z->in, ZSTD_DStreamInSize());
			while (n == -1 && errno == EINTR);
			if (n == -1) {
				archive_set_error(a, errno, "read: %s",
				    strerror(errno));
				return -1;
			}
			z->eof = n == 0;
			z->in_n = (size_t)n;
			z->in_pos = 0;
			z->raw += (uint64_t)n;
		}
		if (z->in_pos == z->in_n && z->eof) {
			if (z->last != 0) {
				archive_set_error(a, EILSEQ,
				    "truncated zstd stream");
				return -1;
			}
			return 0;
		}
		in = (ZSTD_inBuffer){ z->in, z->in_n, z->in_pos };
		out = (ZSTD_outBuffer){ z->out, z->out_cap, 0 };
		z->last = ZSTD_decompressStream(z->ds, &out, &in);
		z->in_pos = in.pos;
		if (ZSTD_isError(z->last)) {
			archive_set_error(a, EILSEQ, "corrupt zstd stream: %s",
			    ZSTD_getErrorName(z->last));
			return -1;
		}
		if (out.pos > 0) {
			*buf = z->out;
			return (la_ssize_t)out.pos;
		}
	}
}

static void
zs_free(struct zsrc *z)
{
	if (z == NULL)
		return;
	ZSTD_freeDStream(z->ds);
	free(z->in);
	free(z->out);
	free(z);
}

static struct zsrc *
zs_new(int fd)
{
	struct zsrc	*z;

	if ((z = calloc(1, sizeof(*z))) == NULL)
		return NULL;
	z->fd = fd;
	z->out_cap = ZSTD_DStreamOutSize();
	z->ds = ZSTD_createDStream();
	z->in = malloc(ZSTD_DStreamInSize());
	z->out = malloc(z->out_cap);
	if (z->ds == NULL || z->in == NULL || z->out == NULL ||
	    ZSTD_isError(ZSTD_initDStream(z->ds))) {
		zs_free(z);
		return NULL;
	}
	return z;
}

/* Does the file start with a zstd frame? Leaves the offset at 0. */
static int
is_zstd(int fd)
{
	unsigned char	m[4];
	ssize_t		n = pread(fd, m, 4, 0);

	return n == 4 && m[0] == 0x28 && m[1] == 0xb5 && m[2] == 0x2f &&
	    m[3] == 0xfd;
}

/* ---- standard input as a pipe ---- */

/* The pipe's first block (read to decide what it holds), then the pipe. */
static ssize_t
src_read(struct bundle_reader *r, int fd, void *p, size_t n)
{
	ssize_t	s;
	size_t	k;

	if (r->head != NULL && r->head_pos < r->head_n) {
		k = r->head_n - r->head_pos < n ? r->head_n - r->head_pos : n;
		memcpy(p, r->head + r->head_pos, k);
		r->head_pos += k;
		return (ssize_t)k;
	}
	do
		s = read(fd, p, n);
	while (s == -1 && errno == EINTR);
	return s;
}

/* libarchive's read callback for a pipe: the first block, then blocks
 * read into the same buffer (valid until the next call). */
static la_ssize_t
pipe_read(struct archive *a, void *arg, const void **buf)
{
	struct bundle_reader	*r = arg;
	ssize_t			 n;

	if (r->head_pos < r->head_n) {
		*buf = r->head + r->head_pos;
		n = (ssize_t)(r->head_n - r->head_pos);
		r->head_pos = r->head_n;
		return n;
	}
	if ((n = src_read(r, r->fd, r->head, READ_BLOCK)) == -1) {
		archive_set_error(a, errno, "read: %s", strerror(errno));
		return -1;
	}
	*buf = r->head;
	return n;
}

/* Does the pipe's first block look like a (compressed) tar archive? */
static int
head_is_archive(const struct bundle_reader *r)
{
	static const struct {
		const char	*magic;
		size_t		 n, off;
	} m[] = {
		{ "\x28\xb5\x2f\xfd", 4, 0 },		/* zstd */
		{ "\x1f\x8b", 2, 0 },			/* gzip */
		{ "\xfd" "7zXZ\0", 6, 0 },		/* xz */
		{ "BZh", 3, 0 },			/* bzip2 */
		{ "ustar", 5, 257 },			/* tar */
	};

	for (size_t i = 0; i < sizeof(m) / sizeof(m[0]); i++)
		if (r->head_n >= m[i].off + m[i].n &&
		    memcmp(r->head + m[i].off, m[i].magic, m[i].n) == 0)
			return 1;
	return 0;
}

/* ---- small helpers ---- */

static size_t
hash_str(const char *s)
{
	size_t	h = 1469598103934665603ULL;

	while (*s != '\0')
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

static long
ps_get(const struct pathset *ps, const char *key)
{
	size_t	i;

	if (ps->cap == 0)
		return -1;
	for (i = hash_str(key) & (ps->cap - 1); ps->v[i].key != NULL;
	    i = (i + 1) & (ps->cap - 1))
		if (strcmp(ps->v[i].key, key) == 0)
			return (long)ps->v[i].val;
	return -1;
}

static int ps_put(struct pathset *, const char *, size_t);

static int
ps_grow(struct pathset *ps)
{
	struct pathset	old = *ps;

	ps->cap = old.cap == 0 ? 64 : old.cap * 2;
	ps->n = 0;
	if ((ps->v = calloc(ps->cap, sizeof(*ps->v))) == NULL) {
		*ps = old;
		return -1;
	}
	for (size_t i = 0; i < old.cap; i++)
		if (old.v[i].key != NULL)
			ps_put(ps, old.v[i].key, old.v[i].val);
	free(old.v);
	return 0;
}

static int
ps_put(struct pathset *ps, const char *key, size_t val)
{
	size_t	i;

	if ((ps->n + 1) * 2 > ps->cap && ps_grow(ps) == -1)
		return -1;
	for (i = hash_str(key) & (ps->cap - 1); ps->v[i].key != NULL;
	    i = (i + 1) & (ps->cap - 1))
		;
	ps->v[i].key = key;
	ps->v[i].val = val;
	ps->n++;
	return 0;
}

static int
has_ctl(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

/* A copy safe to print: control characters become '?'. */
static char *
printable(const char *s)
{
	char	*c;

	if ((c = strdup(s == NULL ? "" : s)) == NULL)
		return NULL;
	for (char *p = c; *p != '\0'; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	return c;
}

/* Record a note; on ENOMEM the note is lost (the verdict is not). */
static void
note(struct bundle_reader *r, const char *path, const char *msg)
{
	struct bundle_note	*v;
	size_t			 ncap;

	if (r->nnotes == r->capnotes) {
		ncap = r->capnotes == 0 ? 16 : r->capnotes * 2;
		if ((v = realloc(r->notes, ncap * sizeof(*v))) == NULL)
			return;
		r->notes = v;
		r->capnotes = ncap;
	}
	v = &r->notes[r->nnotes];
	v->path = path == NULL ? NULL : printable(path);
	if ((v->msg = strdup(msg)) == NULL) {
		free(v->path);
		return;
	}
	r->nnotes++;
}

static void	finish_integrity(struct bundle_reader *);

/*
 * Stop the reader: every later call fails with this error. The verdict
 * becomes DAMAGED: what follows the stop point cannot be vouched for.
 */
static int
stop(struct bundle_reader *r, enum err_code code, struct err *e,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int
stop(struct bundle_reader *r, enum err_code code, struct err *e,
    const char *fmt, ...)
{
	va_list	ap;

	if (!r->ended) {
		va_start(ap, fmt);
		vsnprintf(r->stop_msg, sizeof(r->stop_msg), fmt, ap);
		va_end(ap);
		r->stop_code = code;
		r->ended = r->damaged = 1;
		r->active = 0;
		note(r, NULL, r->stop_msg);
		finish_integrity(r);
	}
	ERR(e, r->stop_code, "%s", r->stop_msg);
	return -1;
}

/* Normalise a member name in place ("./a//b" -> "a/b"); the reason it
 * is refused, or NULL. */
static const char *
name_refusal(char *p)
{
	char	*in = p, *out = p, *s;
	size_t	 n;

	if (*p == '/')
		return "absolute path";
	if (has_ctl(p))
		return "control character in name";
	while (*in != '\0') {
		n = (s = strchr(in, '/')) == NULL ? strlen(in) :
		    (size_t)(s - in);
		if (n == 2 && in[0] == '.' && in[1] == '.')
			return "'..' in path";
		if (n > 0 && !(n == 1 && in[0] == '.')) {
			if (out != p)
				*out++ = '/';
			memmove(out, in, n);
			out += n;
		}
		in += n + (in[n] == '/');
	}
	*out = '\0';
	return *p == '\0' ? "empty name" : NULL;
}

static int
has_suffix(const char *s, const char *suf)
{
	size_t	n = strlen(s), k = strlen(suf);

	return n >= k && strcmp(s + n - k, suf) == 0;
}

static int
archive_named(const char *path)
{
	static const char *const sufs[] = { ".tar", ".tar.zst", ".tzst",
	    ".tar.gz", ".tgz", ".tar.xz", ".txz", ".tar.bz2", ".tbz2" };

	for (size_t i = 0; i < sizeof(sufs) / sizeof(sufs[0]); i++)
		if (has_suffix(path, sufs[i]))
			return 1;
	return 0;
}

void
bundle_limits_default(struct bundle_limits *l)
{
	l->max_members = 100000;
	l->max_member_bytes = 32ULL << 30;
	l->max_total_bytes = 64ULL << 30;
	l->max_ratio = 1000;
}

/* Zero fields take the default. */
static void
limits_set(struct bundle_limits *l, const struct bundle_limits *in)
{
	struct bundle_limits	d;

	bundle_limits_default(&d);
	*l = in == NULL ? d : *in;
	if (l->max_members == 0)
		l->max_members = d.max_members;
	if (l->max_member_bytes == 0)
		l->max_member_bytes = d.max_member_bytes;
	if (l->max_total_bytes == 0)
		l->max_total_bytes = d.max_total_bytes;
	if (l->max_ratio == 0)
		l->max_ratio = d.max_ratio;
}

/* ---- the manifest ---- */

static void
take_manifest(struct bundle_reader *r, const char *p, size_t n)
{
	struct err	e = { 0 };

	if (manifest_from_json(p, n, &r->m, &e) == ERR_OK)
		return;
	r->merr = strdup(e.msg);
	note(r, MANIFEST_NAME, e.msg);
}

static void
manifest_too_big(struct bundle_reader *r)
{
	char	msg[80];

	snprintf(msg, sizeof(msg), "manifest: larger than %u bytes",
	    MANIFEST_MAX_BYTES);
	r->merr = strdup(msg);
	note(r, MANIFEST_NAME, msg);
}

/* ---- directory walk ---- */

static int
add_file(struct bundle_reader *r, const char *rel, const struct stat *st)
{
	struct dfile	*v;
	size_t		 ncap;

	if (r->nfiles == r->capfiles) {
		ncap = r->capfiles == 0 ? 64 : r->capfiles * 2;
		if ((v = realloc(r->files, ncap * sizeof(*v))) == NULL)
			return -1;
		r->files = v;
		r->capfiles = ncap;
	}
	v = &r->files[r->nfiles];
	if ((v->rel = strdup(rel)) == NULL)
		return -1;
	v->dev = st->st_dev;
	v->ino = st->st_ino;
	v->size = (uint64_t)st->st_size;
	r->nfiles++;
	return 0;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
free_names(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* Sorted names in the directory dfd (not "." or ".."); dfd stays open. */
static enum err_code
list_dir(int dfd, const char *rel, char ***vp, size_t *np, struct err *e)
{
	DIR		*d;
	struct dirent	*de;
	char		**v = NULL, **nv;
	size_t		  n = 0, cap = 0;
	int		  fd;

	if ((fd = dup(dfd)) == -1 || (d = fdopendir(fd)) == NULL) {
		if (fd != -1)
			close(fd);
		return ERR_SYS(e, ERR_IO, "%s", *rel ? rel : ".");
	}
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		if (n == cap) {
			cap = cap == 0 ? 32 : cap * 2;
			if ((nv = realloc(v, cap * sizeof(*v))) == NULL)
				break;
			v = nv;
		}
		if ((v[n] = strdup(de->d_name)) == NULL)
			break;
		n++;
	}
	closedir(d);
	if (de != NULL) {
		free_names(v, n);
		return ERR(e, ERR_NOMEM, "%s", rel);
	}
	if (n > 1)
		qsort(v, n, sizeof(*v), cmp_str);
	*vp = v;
	*np = n;
	return ERR_OK;
}

static const char *
type_note(mode_t mode)
{
	if (S_ISLNK(mode))
		return "skipped: symlink";
	if (S_ISFIFO(mode))
		return "skipped: fifo";
	if (S_ISSOCK(mode))
		return "skipped: socket";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "skipped: device";
	return "skipped: not a regular file";
}

static enum err_code walk(struct bundle_reader *, int, const char *, int,
    struct err *);
static int	keep_over(struct bundle_reader *, const char *);
static void	skip_over(struct bundle_reader *, const char *);

/* One directory entry: a file to read, a directory to walk, or a note. */
static enum err_code
walk_entry(struct bundle_reader *r, int dfd, const char *rel,
    const char *name, int depth, struct err *e)
{
	struct stat	st;
	char		sub[4096];
	int		cfd, over;

	if ((size_t)snprintf(sub, sizeof(sub), "%s%s%s", rel, *rel ? "/" :
	    "", name) >= sizeof(sub)) {
		note(r, name, "skipped: path too long");
		return ERR_OK;
	}
	over = ++r->nentries > r->lim.max_members;
	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == -1)
		return ERR_SYS(e, ERR_IO, "%s", sub);
	r->hostile |= has_ctl(name) || (!S_ISREG(st.st_mode) &&
	    !S_ISDIR(st.st_mode));
	/* past the cap a directory is still walked, for what it holds */
	if (over && (has_ctl(name) || (!S_ISDIR(st.st_mode) &&
	    (!S_ISREG(st.st_mode) || !keep_over(r, sub))))) {
		skip_over(r, sub);
		return ERR_OK;
	}
	if (has_ctl(name)) {
		note(r, sub, "skipped: control character in name");
		return ERR_OK;
	}
	if (S_ISREG(st.st_mode))
		return add_file(r, sub, &st) == -1 ?
		    ERR(e, ERR_NOMEM, "%s", sub) : ERR_OK;
	if (!S_ISDIR(st.st_mode)) {
		note(r, sub, type_note(st.st_mode));
		return ERR_OK;
	}
	if (depth >= MAX_DEPTH) {
		note(r, sub, "skipped: directory nested too deep");
		return ERR_OK;
	}
	cfd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC);
	if (cfd == -1)
		return ERR_SYS(e, ERR_IO, "%s", sub);
	return walk(r, cfd, sub, depth + 1, e);
}

/* Walk one directory in sorted order; dfd is closed here. */
static enum err_code
walk(struct bundle_reader *r, int dfd, const char *rel, int depth,
    struct err *e)
{
	char		**v = NULL;
	size_t		  n = 0, i;
	enum err_code	  rc;

	rc = list_dir(dfd, rel, &v, &n, e);
	for (i = 0; i < n && rc == ERR_OK; i++)
		rc = walk_entry(r, dfd, rel, v[i], depth, e);
	free_names(v, n);
	close(dfd);
	return rc;
}

/* Open a listed file, refusing it if it changed since the walk. */
static int
open_listed(struct bundle_reader *r, const struct dfile *f)
{
	struct stat	st;
	int		fd;

	fd = openat(r->fd, f->rel, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC);
	if (fd == -1)
		return -1;
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode) ||
	    st.st_dev != f->dev || st.st_ino != f->ino) {
		close(fd);
		errno = ESTALE;
		return -1;
	}
	return fd;
}

/* Read a whole small file (at most max bytes); 1 if it was larger. */
static int
slurp_fd(int fd, size_t max, char **p, size_t *n)
{
	struct buf	b;
	char		blk[8192];
	ssize_t		k;

	buf_init(&b, max);
	while ((k = read(fd, blk, sizeof(blk))) > 0)
		if (buf_add(&b, blk, (size_t)k) != ERR_OK) {
			buf_free(&b);
			return 1;
		}
	if (k == -1 || (b.p == NULL && buf_add(&b, "", 0) != ERR_OK)) {
		buf_free(&b);
		return -1;
	}
	*p = b.p;
	*n = b.n;
	return 0;
}

/* A top-level manifest.json is parsed before the walk (past max_members
 * the walk keeps what it lists) and goes first. */
static void
dir_manifest(struct bundle_reader *r)
{
	struct dfile	 t = { 0 };
	struct stat	 st;
	int		 fd, s;

	if (fstatat(r->fd, MANIFEST_NAME, &st, AT_SYMLINK_NOFOLLOW) == -1 ||
	    !S_ISREG(st.st_mode))
		return;
	t.rel = (char *)MANIFEST_NAME;
	t.dev = st.st_dev;
	t.ino = st.st_ino;
	if ((fd = open_listed(r, &t)) == -1) {
		note(r, MANIFEST_NAME, "manifest: unreadable");
		r->merr = strdup("manifest: unreadable");
		return;
	}
	s = slurp_fd(fd, MANIFEST_MAX_BYTES, &r->mbuf, &r->mbuf_n);
	close(fd);
	if (s == 1)
		manifest_too_big(r);
	else if (s == 0)
		take_manifest(r, r->mbuf, r->mbuf_n);
}

/* ---- opening ---- */

static enum err_code
open_dir(struct bundle_reader *r, struct err *e)
{
	struct dfile	t;
	enum err_code	rc;
	size_t		i;
	int		dfd;

	r->kind = BUNDLE_DIR;
	dir_manifest(r);
	if ((dfd = dup(r->fd)) == -1)
		return ERR_SYS(e, ERR_IO, "%s", r->path);
	if ((rc = walk(r, dfd, "", 0, e)) != ERR_OK)
		return rc;
	r->nentries = 0;
	for (i = 0; i < r->nfiles; i++)
		if (strcmp(r->files[i].rel, MANIFEST_NAME) == 0)
			break;
	if (i < r->nfiles) {
		t = r->files[i];
		memmove(&r->files[1], &r->files[0], i * sizeof(t));
		r->files[0] = t;
	}
	return ERR_OK;
}

/* 1: a tar archive (first header read), 0: not one (msg says why). */
static int
probe_archive(struct bundle_reader *r, char *msg, size_t len)
{
	int	rc;

	if ((r->a = archive_read_new()) == NULL) {
		snprintf(msg, len, "out of memory");
		return 0;
	}
	archive_read_support_format_tar(r->a);
	archive_read_support_filter_zstd(r->a);
	archive_read_support_filter_gzip(r->a);
	archive_read_support_filter_xz(r->a);
	archive_read_support_filter_bzip2(r->a);
	archive_read_support_filter_none(r->a);
	if (r->head != NULL ? r->head_n >= 4 &&
	    memcmp(r->head, "\x28\xb5\x2f\xfd", 4) == 0 : is_zstd(r->fd)) {
		if ((r->zs = zs_new(r->fd)) == NULL) {
			snprintf(msg, len, "out of memory");
			archive_read_free(r->a);
			r->a = NULL;
			return 0;
		}
		if (r->head != NULL) {	/* the pipe's first block */
			memcpy(r->zs->in, r->head, r->head_n);
			r->zs->in_n = r->head_n;
			r->zs->raw = r->head_n;
			r->head_pos = r->head_n;
		}
		rc = archive_read_open(r->a, r->zs, NULL, zs_read, NULL);
	} else if (r->head != NULL)
		rc = archive_read_open(r->a, r, NULL, pipe_read, NULL);
	else
		rc = archive_read_open_fd(r->a, r->fd, READ_BLOCK);
	if (rc == ARCHIVE_OK)
		rc = archive_read_next_header(r->a, &r->first);
	if (rc == ARCHIVE_OK || rc == ARCHIVE_WARN || rc == ARCHIVE_EOF) {
		r->pending = rc != ARCHIVE_EOF;
		r->ended = rc == ARCHIVE_EOF;
		return 1;
	}
	snprintf(msg, len, "%s", archive_error_string(r->a) ?
	    archive_error_string(r->a) : "unreadable");
	archive_read_free(r->a);
	r->a = NULL;
	zs_free(r->zs);
	r->zs = NULL;
	return 0;
}

static enum err_code
open_file(struct bundle_reader *r, const struct stat *st, struct err *e)
{
	char	msg[200];

	if (st->st_size == 0 && archive_named(r->path))
		return ERR(e, ERR_FORMAT, "not a tar archive: %s (empty)",
		    r->path);
	r->kind = BUNDLE_ARCHIVE;
	if (st->st_size > 0 && probe_archive(r, msg, sizeof(msg)))
		return ERR_OK;
	if (is_zstd(r->fd))
		return ERR(e, ERR_FORMAT, "damaged archive: %s (%s; nothing "
		    "readable before the damage)", r->path, msg);
	if (archive_named(r->path))
		return ERR(e, ERR_FORMAT, "not a tar archive: %s (%s)",
		    r->path, msg);
	r->kind = BUNDLE_FILE;
	r->ended = 0;
	if (lseek(r->fd, 0, SEEK_SET) == -1)
		return ERR_SYS(e, ERR_IO, "%s", r->path);
	return ERR_OK;
}

static enum err_code
open_path(struct bundle_reader *r, struct err *e)
{
	struct stat	st;
	int		fl;

	r->fd = open(r->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (r->fd == -1)
		return ERR_SYS(e, ERR_IO, "%s", r->path);
	if (fstat(r->fd, &st) == -1)
		return ERR_SYS(e, ERR_IO, "%s", r->path);
	if (S_ISDIR(st.st_mode))
		return open_dir(r, e);
	if (!S_ISREG(st.st_mode))
		return ERR(e, ERR_FORMAT, "%s: not a file or directory",
		    r->path);
	if ((fl = fcntl(r->fd, F_GETFL)) != -1)
		(void)fcntl(r->fd, F_SETFL, fl & ~O_NONBLOCK);
	return open_file(r, &st, e);
}

/*
 * "-": standard input. A regular file (a redirection) is read like any
 * file; anything else is streamed: its first block says whether it is an
 * archive, and is then served again from memory before the rest.
 */
static enum err_code
open_stdin(struct bundle_reader *r, struct err *e)
{
	struct stat	st;
	ssize_t		k;
	char		msg[200];

	if ((r->fd = fcntl(0, F_DUPFD_CLOEXEC, 0)) == -1 ||
	    fstat(r->fd, &st) == -1)
		return ERR_SYS(e, ERR_IO, "%s", r->path);
	if (S_ISDIR(st.st_mode))
		return ERR(e, ERR_FORMAT, "%s: a directory", r->path);
	if (S_ISREG(st.st_mode))
		return open_file(r, &st, e);
	if ((r->head = malloc(READ_BLOCK)) == NULL)
		return ERR(e, ERR_NOMEM, "%s", r->path);
	while (r->head_n < READ_BLOCK && (k = read(r->fd, r->head +
	    r->head_n, READ_BLOCK - r->head_n)) != 0) {
		if (k == -1 && errno == EINTR)
			continue;
		if (k == -1)
			return ERR_SYS(e, ERR_IO, "%s", r->path);
		r->head_n += (size_t)k;
	}
	if (!head_is_archive(r)) {
		r->kind = BUNDLE_FILE;
		return ERR_OK;
	}
	r->kind = BUNDLE_ARCHIVE;
	if (probe_archive(r, msg, sizeof(msg)))
		return ERR_OK;
	return ERR(e, ERR_FORMAT, "damaged archive: %s (%s; nothing readable "
	    "before the damage)", r->path, msg);
}

/*
 * Open path for reading: a directory, a tar archive (any supported
 * compression, detected by content) or one bare file; "-" is standard
 * input, named "<stdin>". lim may be NULL
 * (defaults); a zero field takes its default. A directory is walked here
 * (past max_members only what keep_over() keeps is listed). The reader
 * owns everything it returns;
 * bundle_reader_close() frees it.
 */
enum err_code
bundle_reader_open(struct bundle_reader **rp, const char *path,
    const struct bundle_limits *lim, struct err *e)
{
	struct bundle_reader	*r;
	enum err_code		 rc;

	*rp = NULL;
	if ((r = calloc(1, sizeof(*r))) == NULL)
		return ERR(e, ERR_NOMEM, "bundle reader");
	r->fd = r->mfd = -1;
	r->integ = INTEGRITY_UNVERIFIED;
	limits_set(&r->lim, lim);
	if ((r->path = strdup(strcmp(path, "-") == 0 ? STDIN_NAME :
	    path)) == NULL)
		rc = ERR(e, ERR_NOMEM, "bundle reader");
	else if (strcmp(path, "-") == 0)
		rc = open_stdin(r, e);
	else
		rc = open_path(r, e);
	if (rc != ERR_OK) {
		bundle_reader_close(r);
		return rc;
	}
	if (r->ended)		/* an archive with no entries */
		finish_integrity(r);
	*rp = r;
	return ERR_OK;
}

enum bundle_kind
bundle_reader_kind(const struct bundle_reader *r)
{
	return r->kind;
}

/* ---- streaming the current member ---- */

static const char *
cur_path(const struct bundle_reader *r)
{
	return r->nseen > 0 ? r->seen[r->cur].path : r->path;
}

/* Raw bytes of the current member: >0, 0 at its end, -1 (stopped). */
static ssize_t
pull(struct bundle_reader *r, void *p, size_t n, struct err *e)
{
	la_ssize_t	k;
	ssize_t		s;

	if (r->kind == BUNDLE_ARCHIVE) {
		if ((k = archive_read_data(r->a, p, n)) < 0)
			return stop(r, ERR_ARCHIVE, e, "%s: truncated or "
			    "corrupt: %s", cur_path(r),
			    archive_error_string(r->a) ?
			    archive_error_string(r->a) : "read error");
		return (ssize_t)k;
	}
	if ((s = src_read(r, r->mfd, p, n)) == -1)
		return stop(r, ERR_IO, e, "%s: %s", cur_path(r),
		    strerror(errno));
	return s;
}

/*
 * The bytes handed out so far against the compressed bytes read: the
 * bytes of skipped members do not count, so that the members after a
 * bomb are judged on their own.
 */
static int
ratio_exceeded(struct bundle_reader *r)
{
	la_int64_t	c;

	if (r->kind != BUNDLE_ARCHIVE || r->kept <= RATIO_AFTER)
		return 0;
	c = r->zs != NULL ? (la_int64_t)r->zs->raw :
	    archive_filter_bytes(r->a, -1);
	return c <= 0 || r->kept / (uint64_t)c > r->lim.max_ratio;
}

/* Hash n bytes just read and check the caps; -1 when one is hit. */
/* Only what a manifest can vouch for is hashed: an archive's manifest
 * comes last, so its members are always hashed; a directory's is known
 * before the first member; a bare file has none. */
static int
must_hash(const struct bundle_reader *r)
{
	return r->kind == BUNDLE_ARCHIVE || (r->kind == BUNDLE_DIR &&
	    (r->m != NULL || r->merr != NULL));
}

static void	finalize(struct bundle_reader *);

void
bundle_defer_hash(struct bundle_reader *r, int on)
{
	r->defer = on;
	if (!on && r->final_pending) {
		r->final_pending = 0;
		finalize(r);
	}
}

void
bundle_hash(struct bundle_reader *r, const void *p, size_t n)
{
	if (must_hash(r))
		sha256_update(&r->h, p, n);
}

/*
 * Skip the rest of the current member for a cap: noted, counted, never
 * complete (so never verified), and the reader goes on. An archive
 * member's unread data is decompressed by libarchive on the way to the
 * next header: it counts toward max_total_bytes (its declared size was
 * checked against what was left).
 */
static int
skip_member(struct bundle_reader *r, struct err *e, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
skip_member(struct bundle_reader *r, struct err *e, const char *fmt, ...)
{
	va_list	ap;
	char	msg[200];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	note(r, cur_path(r), msg);
	r->nskipped++;
	if (r->kind == BUNDLE_ARCHIVE) {
		r->kept -= r->cur_got;
		if (r->cur_size > r->cur_got)
			r->total += r->cur_size - r->cur_got;
	}
	r->active = 0;
	r->final_pending = 0;
	if (r->mfd != -1) {
		close(r->mfd);
		r->mfd = -1;
	}
	ERR(e, ERR_LIMIT, "%s: %s", cur_path(r), msg);
	return -1;
}

static int
account(struct bundle_reader *r, const void *p, size_t n, struct err *e)
{
	if (!r->defer && must_hash(r))
		sha256_update(&r->h, p, n);
	r->cur_got += n;
	r->total += n;
	if (r->kind == BUNDLE_ARCHIVE)
		r->kept += n;
	if (r->total > r->lim.max_total_bytes)
		return stop(r, ERR_LIMIT, e, "%s: bundle over %llu bytes "
		    "(max_total_bytes)", cur_path(r),
		    (unsigned long long)r->lim.max_total_bytes);
	if (r->cur_got > r->lim.max_member_bytes)
		return skip_member(r, e, "skipped: more than %llu bytes "
		    "(max_member_bytes)",
		    (unsigned long long)r->lim.max_member_bytes);
	if (!r->mreading && ratio_exceeded(r))
		return skip_member(r, e, "skipped: decompressed/compressed "
		    "ratio over %llu (max_ratio)",
		    (unsigned long long)r->lim.max_ratio);
	return 0;
}

static void
finalize(struct bundle_reader *r)
{
	if (!r->buffered) {
		if (must_hash(r))
			sha256_hex(&r->h, r->seen[r->cur].sha256);
		r->seen[r->cur].complete = 1;
	}
}

/* The member's data ended; its hash is final now, or once the caller who
 * hashes it (bundle_defer_hash) is done. */
static void
end_member(struct bundle_reader *r)
{
	if (r->defer)
		r->final_pending = 1;
	else
		finalize(r);
	r->active = 0;
	if (r->mfd != -1) {
		close(r->mfd);
		r->mfd = -1;
	}
}

/*
 * Stream the current member into p: bytes read, 0 at its end, -1 when
 * the bundle is damaged or a cap was hit (e says which member and why).
 */
ssize_t
bundle_read(struct bundle_reader *r, void *p, size_t n, struct err *e)
{
	ssize_t	k;

	if (r->ended && r->damaged)
		return stop(r, r->stop_code, e, "%s", r->stop_msg);
	if (!r->active)
		return 0;
	if (n > (1u << 30))
		n = 1u << 30;
	if (r->buffered) {
		k = (ssize_t)(r->mbuf_n - r->mbuf_pos < n ?
		    r->mbuf_n - r->mbuf_pos : n);
		memcpy(p, r->mbuf + r->mbuf_pos, (size_t)k);
		r->mbuf_pos += (size_t)k;
		if (k == 0)
			end_member(r);
		return k;
	}
	if ((k = pull(r, p, n, e)) <= 0) {
		if (k == 0)
			end_member(r);
		return k;
	}
	return account(r, p, (size_t)k, e) == -1 ? -1 : k;
}

/*
 * The rest of the current member, whole, into a malloc'd NUL-terminated
 * buffer (caller frees). ERR_LIMIT when it would exceed cap: nothing is
 * returned and the member's remaining bytes are left to bundle_next().
 */
enum err_code
bundle_read_all(struct bundle_reader *r, size_t cap, char **p, size_t *n,
    struct err *e)
{
	struct buf	 b;
	char		*blk;
	ssize_t		 k;

	*p = NULL;
	*n = 0;
	if (r->active && !r->buffered && r->cur_size > r->cur_got &&
	    r->cur_size - r->cur_got > cap)
		return ERR(e, ERR_LIMIT, "%s: %llu bytes, more than %zu",
		    cur_path(r), (unsigned long long)r->cur_size, cap);
	if ((blk = malloc(READ_BLOCK)) == NULL)
		return ERR(e, ERR_NOMEM, "%s", cur_path(r));
	buf_init(&b, cap);
	while ((k = bundle_read(r, blk, READ_BLOCK, e)) > 0)
		if (buf_add(&b, blk, (size_t)k) != ERR_OK)
			break;
	free(blk);
	if (k > 0 || (k == 0 && b.p == NULL && buf_add(&b, "", 0) !=
	    ERR_OK)) {
		buf_free(&b);
		return ERR(e, k > 0 ? ERR_LIMIT : ERR_NOMEM, "%s: more than "
		    "%zu bytes", cur_path(r), cap);
	}
	if (k < 0) {
		buf_free(&b);
		return e->code != ERR_OK ? e->code : r->stop_code;
	}
	*p = b.p;
	*n = b.n;
	return ERR_OK;
}

/* ---- moving to the next member ---- */

static int
drain(struct bundle_reader *r, struct err *e)
{
	char	blk[16384];
	ssize_t	k;

	while (r->active)
		if ((k = bundle_read(r, blk, sizeof(blk), e)) < 0)
			return -1;
	return 0;
}

/* Make name (owned from now on) the current member. */
static int
start_member(struct bundle_reader *r, char *name, uint64_t size,
    struct err *e)
{
	struct seen	*v;
	size_t		 ncap;

	if (r->nseen == r->capseen) {
		ncap = r->capseen == 0 ? 64 : r->capseen * 2;
		if ((v = realloc(r->seen, ncap * sizeof(*v))) == NULL) {
			free(name);
			return stop(r, ERR_NOMEM, e, "out of memory");
		}
		r->seen = v;
		r->capseen = ncap;
	}
	v = &r->seen[r->nseen];
	memset(v, 0, sizeof(*v));
	v->path = name;
	v->verdict = -1;
	if (ps_put(&r->names, name, r->nseen) == -1) {
		free(name);
		return stop(r, ERR_NOMEM, e, "out of memory");
	}
	r->cur = r->nseen++;
	r->cur_size = size;
	r->cur_got = 0;
	r->buffered = 0;
	r->active = 1;
	sha256_init(&r->h);
	return 1;
}

/* Serve the (already hashed and parsed) manifest text as the member. */
static void
serve_buffer(struct bundle_reader *r)
{
	r->mbuf_pos = 0;
	r->buffered = 1;
}

/* Read an archive's manifest.json whole, hashing it, then parse it. */
static int
buffer_manifest(struct bundle_reader *r, struct err *e)
{
	ssize_t	k;

	if ((r->mbuf = malloc(r->cur_size + 1)) == NULL)
		return stop(r, ERR_NOMEM, e, "out of memory");
	r->mreading = 1;	/* small and capped: never skipped */
	while (r->mbuf_n < r->cur_size) {
		k = pull(r, r->mbuf + r->mbuf_n, r->cur_size - r->mbuf_n, e);
		if (k < 0 || (k > 0 && account(r, r->mbuf + r->mbuf_n,
		    (size_t)k, e) == -1)) {
			r->mreading = 0;
			return -1;
		}
		if (k == 0)
			break;
		r->mbuf_n += (size_t)k;
	}
	r->mreading = 0;
	r->mbuf[r->mbuf_n] = '\0';
	end_member(r);
	r->active = 1;
	take_manifest(r, r->mbuf, r->mbuf_n);
	serve_buffer(r);
	return 1;
}

/* Start an archive member; a top-level manifest.json is read whole. */
static int
archive_member(struct bundle_reader *r, char *name, uint64_t size,
    struct err *e)
{
	int	is_manifest;

	is_manifest = strcmp(name, MANIFEST_NAME) == 0 && r->m == NULL &&
	    r->merr == NULL;
	if (start_member(r, name, size, e) == -1)
		return -1;
	if (!is_manifest)
		return 1;
	if (size > MANIFEST_MAX_BYTES) {
		manifest_too_big(r);
		return 1;
	}
	return buffer_manifest(r, e);
}

/* Why an archive entry is skipped, or NULL; *name gets the clean name. */
static const char *
entry_refusal(struct archive_entry *ae, char **name, int *hostile)
{
	static const struct {
		mode_t		 type;
		const char	*msg;
	} types[] = {
		{ AE_IFLNK, "skipped: symlink" }, { AE_IFIFO, "skipped: fifo" },
		{ AE_IFCHR, "skipped: device" },
		{ AE_IFBLK, "skipped: device" },
		{ AE_IFSOCK, "skipped: socket" },
	};
	const char	*why = NULL, *raw = archive_entry_pathname(ae);
	mode_t		 t = archive_entry_filetype(ae);

	*hostile = t != AE_IFDIR;	/* "./" from tar -C dir . is fine */
	if ((*name = strdup(raw == NULL ? "" : raw)) == NULL)
		return "out of memory";
	if (t == AE_IFDIR)
		why = "skipped: directory";
	else
		why = name_refusal(*name);
	if (why != NULL) {
		free(*name);
		*name = printable(raw);	/* the note shows the raw name */
		return why;
	}
	if (archive_entry_hardlink(ae) != NULL)
		return "skipped: hardlink";
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (t == types[i].type)
			return types[i].msg;
	*hostile = 0;
	return t == AE_IFREG ? NULL : "skipped: not a regular file";
}

/* name_refusal() reasons need the "skipped: " prefix in notes. */
static void
note_skip(struct bundle_reader *r, const char *name, const char *why)
{
	char	msg[96];

	if (strncmp(why, "skipped: ", 9) == 0)
		note(r, name, why);
	else {
		snprintf(msg, sizeof(msg), "skipped: %s", why);
		note(r, name, msg);
	}
}

/* An entry's declared data is decompressed whether it is read or
 * skipped: past what is left of max_total_bytes the reader stops. */
static int
check_total(struct bundle_reader *r, const char *name, uint64_t s,
    struct err *e)
{
	if (r->total > r->lim.max_total_bytes ||
	    r->lim.max_total_bytes - r->total < s)
		return stop(r, ERR_LIMIT, e, "%s: bundle over %llu bytes "
		    "(max_total_bytes)", name,
		    (unsigned long long)r->lim.max_total_bytes);
	return 0;
}

/*
 * Past max_members: keep manifest.json, what the manifest lists (when it
 * is already known) and paths under the collector's directories, up to
 * max_members more. A bundle padded with junk before its evidence keeps
 * the evidence; memory stays bounded whatever the count.
 */
static int
keep_over(struct bundle_reader *r, const char *name)
{
	static const char *const dirs[] = { "slurm/", "kernel/", "cgroup/",
	    "gpu/", "host/", "logs/", "watch/" };
	int	keep;

	if (strcmp(name, MANIFEST_NAME) == 0)	/* once: a second is a dup */
		return 1;
	keep = r->m != NULL && manifest_find(r->m, name) != NULL;
	for (size_t i = 0; !keep && i < sizeof(dirs) / sizeof(dirs[0]); i++)
		keep = strncmp(name, dirs[i], strlen(dirs[i])) == 0;
	if (!keep || r->nextra >= r->lim.max_members)
		return 0;
	r->nextra++;
	return 1;
}

/* An entry skipped past max_members: counted, the first one named. */
static void
skip_over(struct bundle_reader *r, const char *name)
{
	char	msg[200];

	if (r->nover++ > 0)
		return;
	snprintf(msg, sizeof(msg), "skipped: more than %llu members "
	    "(max_members); past it only manifest.json, listed members and "
	    "the collector's directories are read",
	    (unsigned long long)r->lim.max_members);
	note(r, name, msg);
}

/* An entry over max_member_bytes: recorded as seen (so the manifest does
 * not call it missing), never read. name is owned from now on. */
static int
skip_big(struct bundle_reader *r, char *name, uint64_t s, struct err *e)
{
	char	msg[160];

	if (start_member(r, name, s, e) == -1)
		return -1;
	r->active = 0;
	r->nskipped++;
	snprintf(msg, sizeof(msg), "skipped: %llu bytes, more than %llu "
	    "(max_member_bytes)", (unsigned long long)s,
	    (unsigned long long)r->lim.max_member_bytes);
	note(r, name, msg);
	return 0;
}

static int
header(struct bundle_reader *r, struct archive_entry **ae, struct err *e)
{
	int	rc;

	if (r->pending) {
		r->pending = 0;
		*ae = r->first;
		return 1;
	}
	rc = archive_read_next_header(r->a, ae);
	if (rc == ARCHIVE_EOF)
		return 0;
	/* RETRY is a header that failed its checksum: its fields are
	 * garbage (a lying size field before it, or corruption). */
	if (rc < ARCHIVE_WARN || rc == ARCHIVE_RETRY)
		return stop(r, ERR_ARCHIVE, e, "%s: damaged after %s: %s",
		    r->path, r->last ? r->last : "the start",
		    archive_error_string(r->a) ? archive_error_string(r->a) :
		    "read error");
	return 1;
}

static int
next_archive(struct bundle_reader *r, struct err *e)
{
	struct archive_entry	*ae;
	const char		*why;
	char			*name;
	int			 h, hostile, over;
	la_int64_t		 size;
	uint64_t		 s;

	while ((h = header(r, &ae, e)) == 1) {
		over = ++r->nentries > r->lim.max_members;
		size = archive_entry_size(ae);
		s = size < 0 ? 0 : (uint64_t)size;
		why = entry_refusal(ae, &name, &hostile);
		if (name == NULL)
			return stop(r, ERR_NOMEM, e, "out of memory");
		if (check_total(r, name, s, e) == -1) {
			free(name);
			return -1;
		}
		r->total += s;	/* read, skipped or refused: decompressed */
		if (why == NULL && ps_get(&r->names, name) >= 0) {
			why = "skipped: duplicate";
			hostile = 1;
		}
		if (over && (why != NULL || !keep_over(r, name))) {
			skip_over(r, name);
			r->hostile |= hostile;
			free(name);
			continue;
		}
		if (why == NULL && s > r->lim.max_member_bytes) {
			if (skip_big(r, name, s, e) == -1)
				return -1;
			continue;
		}
		if (why == NULL) {
			r->total -= s;	/* counted as it is read */
			return archive_member(r, name, s, e);
		}
		note_skip(r, name, why);
		r->hostile |= hostile;
		free(name);
	}
	return h;
}

static int
next_dir(struct bundle_reader *r, struct err *e)
{
	const struct dfile	*f;
	char			*name;

	while (r->nextfile < r->nfiles) {
		f = &r->files[r->nextfile++];
		if (f->size > r->lim.max_member_bytes) {
			if ((name = strdup(f->rel)) == NULL)
				return stop(r, ERR_NOMEM, e, "out of memory");
			if (skip_big(r, name, f->size, e) == -1)
				return -1;
			continue;
		}
		if ((r->mfd = open_listed(r, f)) == -1) {
			note(r, f->rel, errno == ESTALE ?
			    "skipped: changed while reading" :
			    "skipped: unreadable");
			r->hostile = 1;
			continue;
		}
		if ((name = strdup(f->rel)) == NULL)
			return stop(r, ERR_NOMEM, e, "out of memory");
		if (start_member(r, name, f->size, e) == -1)
			return -1;
		if (r->mbuf == NULL || strcmp(name, MANIFEST_NAME) != 0)
			return 1;
		close(r->mfd);
		r->mfd = -1;
		if (account(r, r->mbuf, r->mbuf_n, e) == -1)
			return -1;
		end_member(r);
		r->active = 1;
		serve_buffer(r);
		return 1;
	}
	return 0;
}

static int
next_file(struct bundle_reader *r, struct err *e)
{
	const char	*base = strrchr(r->path, '/');
	char		*name;
	struct stat	 st;

	if (r->index > 0)
		return 0;
	base = base == NULL ? r->path : base + 1;
	if ((name = printable(*base ? base : "file")) == NULL)
		return stop(r, ERR_NOMEM, e, "out of memory");
	if (fstat(r->fd, &st) == -1)
		st.st_size = 0;
	r->mfd = r->fd;		/* end_member() closes it */
	r->fd = -1;
	return start_member(r, name, (uint64_t)st.st_size, e);
}

/*
 * The next member: 1 and *m filled, 0 at the end, -1 when the bundle is
 * damaged or a cap was hit (e names the member; members returned before
 * stay valid). The rest of the previous member is read (and hashed)
 * first. m->path is valid until the reader is closed.
 */
int
bundle_next(struct bundle_reader *r, struct bundle_member *m, struct err *e)
{
	static int (*const next[])(struct bundle_reader *, struct err *) = {
		[BUNDLE_ARCHIVE] = next_archive, [BUNDLE_DIR] = next_dir,
		[BUNDLE_FILE] = next_file,
	};
	int		h;

	bundle_defer_hash(r, 0);	/* a caller that forgot to end it */
	if (r->ended)
		return r->damaged ? stop(r, r->stop_code, e, "%s",
		    r->stop_msg) : 0;
	if (drain(r, e) == -1)
		return -1;
	if ((h = next[r->kind](r, e)) == 0) {
		r->ended = 1;
		finish_integrity(r);
		return 0;
	}
	if (h < 0)
		return -1;
	free(r->last);
	r->last = printable(r->seen[r->cur].path);
	m->path = r->seen[r->cur].path;
	m->size = r->cur_size;
	m->index = r->index++;
	return 1;
}

/* ---- integrity ---- */

static int
member_verdict(struct bundle_reader *r, struct seen *s,
    const struct pathset *items)
{
	long	i;

	if (!s->complete)
		return 0;
	if ((i = ps_get(items, s->path)) < 0) {
		note(r, s->path, "extra");
		return 1;
	}
	s->verdict = strcmp(r->m->items[i].sha256, s->sha256) == 0;
	if (s->verdict == 0)
		note(r, s->path, "sha256 mismatch (tampered or corrupt)");
	return !s->verdict;
}

static void
finish_integrity(struct bundle_reader *r)
{
	struct pathset	items = { 0 };
	int		bad = r->hostile;
	int		skipped = r->nskipped > 0 || r->nover > 0;
	size_t		i;
	char		msg[96];

	if (r->nover > 0) {
		snprintf(msg, sizeof(msg), "%llu entries skipped past "
		    "max_members", (unsigned long long)r->nover);
		note(r, NULL, msg);
	}
	/* "damaged": not read completely, whether stopped or skipped */
	r->integ = r->damaged || skipped ? INTEGRITY_DAMAGED :
	    INTEGRITY_UNVERIFIED;
	if (r->m == NULL)
		return;
	for (i = 0; i < r->m->nitems; i++)
		if (ps_put(&items, r->m->items[i].path, i) == -1) {
			note(r, NULL, "out of memory: not verified");
			free(items.v);
			return;
		}
	for (i = 0; i < r->nseen; i++)
		if (strcmp(r->seen[i].path, MANIFEST_NAME) != 0)
			bad |= member_verdict(r, &r->seen[i], &items);
	for (i = 0; i < r->m->nitems && !r->damaged; i++)
		if (r->m->items[i].sha256[0] != '\0' &&
		    ps_get(&r->names, r->m->items[i].path) < 0) {
			note(r, r->m->items[i].path, "missing");
			bad = 1;
		}
	free(items.v);
	if (!r->damaged)
		r->integ = skipped ? INTEGRITY_DAMAGED : bad ?
		    INTEGRITY_MISMATCH : INTEGRITY_VERIFIED;
}

/* Members skipped for a cap so far (over a size or the ratio, or past
 * max_members): the bundle was not read completely. */
uint64_t
bundle_skipped(const struct bundle_reader *r)
{
	return r->nskipped + r->nover;
}

const struct manifest *
bundle_manifest(const struct bundle_reader *r)
{
	return r->m;
}

const char *
bundle_manifest_error(const struct bundle_reader *r)
{
	return r->merr;
}

/* INTEGRITY_UNVERIFIED until the end (or the stop) has been reached. */
enum integrity
bundle_integrity(const struct bundle_reader *r)
{
	return r->integ;
}

const struct bundle_note *
bundle_notes(const struct bundle_reader *r, size_t *n)
{
	*n = r->nnotes;
	return r->notes;
}

int
bundle_member_verified(const struct bundle_reader *r, const char *path)
{
	long	i;

	if (!r->ended || (i = ps_get(&r->names, path)) < 0)
		return -1;
	return r->seen[i].verdict;
}

void
bundle_reader_close(struct bundle_reader *r)
{
	if (r == NULL)
		return;
	if (r->a != NULL)
		archive_read_free(r->a);
	zs_free(r->zs);
	if (r->fd != -1)
		close(r->fd);
	if (r->mfd != -1)
		close(r->mfd);
	for (size_t i = 0; i < r->nfiles; i++)
		free(r->files[i].rel);
	for (size_t i = 0; i < r->nseen; i++)
		free(r->seen[i].path);
	for (size_t i = 0; i < r->nnotes; i++) {
		free(r->notes[i].path);
		free(r->notes[i].msg);
	}
	free(r->files);
	free(r->seen);
	free(r->names.v);
	free(r->notes);
	free(r->mbuf);
	free(r->merr);
	free(r->last);
	free(r->path);
	free(r->head);
	manifest_free(r->m);
	free(r);
}

const char *
integrity_name(enum integrity i)
{
	static const char *const names[] = {
		[INTEGRITY_VERIFIED] = "verified",
		[INTEGRITY_MISMATCH] = "mismatch",
		[INTEGRITY_UNVERIFIED] = "unverified",
		[INTEGRITY_DAMAGED] = "damaged",
	};

	if ((unsigned)i >= sizeof(names) / sizeof(names[0]))
		return "unknown";
	return names[i];
}
