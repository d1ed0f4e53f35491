/*
 * logwin: keep the part of a job log that matters when the whole log is
 * over its cap.
 *
 * Runs in a forked child (a log on NFS may block). A log that fits is
 * copied whole. A bigger one keeps its head and its tail (a quarter of
 * the cap each, cut at line ends) and, from the middle, every line the
 * signature catalog matches with three lines of context each side, until
 * the cap is used. The kept byte ranges of the source (ascending, merged)
 * go to meta_fd as pairs of native uint64 so the parent can put them in
 * the manifest, after a first pair {source size, 0}. The size is taken once: bytes appended meanwhile are not
 * read. No marker lines are inserted; the ranges say where the gaps are.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "internal.h"

#define CTX_LINES	3
#define MAX_RANGES	4096

struct win {
	int			 fd;
	uint64_t		 base;		/* stream offset 0 in the file */
	uint64_t		 end;		/* middle ends here */
	uint64_t		 budget;
	struct manifest_range	 r[MAX_RANGES];
	size_t			 n;
};

static int
fail(int no)
{
	return no > 0 && no < 190 ? RUN_ERRNO_BASE + no : RUN_ERRNO_BASE;
}

static int
add_range(struct win *w, uint64_t off, uint64_t len)
{
	struct manifest_range	*last = w->n > 0 ? &w->r[w->n - 1] : NULL;
	uint64_t		 grow;

	if (off >= w->end)
		return 0;
	if (off + len > w->end)
		len = w->end - off;
	if (last != NULL && off <= last->off + last->len) {
		grow = off + len > last->off + last->len ?
		    off + len - (last->off + last->len) : 0;
		if (grow > w->budget)
			return -1;
		last->len += grow;
		w->budget -= grow;
		return 0;
	}
	if (len > w->budget || w->n == MAX_RANGES)
		return -1;
	w->r[w->n++] = (struct manifest_range){ off, len };
	w->budget -= len;
	return 0;
}

static int
on_line(void *arg, const struct cat_line *l)
{
	struct win	*w = arg;

	return add_range(w, w->base + l->off, l->len + 1) == -1 ? -1 : 0;
}

static int
copy_range(int fd, uint64_t off, uint64_t len)
{
	char	b[65536];
	ssize_t	r;
	size_t	k;

	while (len > 0) {
		k = len < sizeof(b) ? (size_t)len : sizeof(b);
		if ((r = pread(fd, b, k, (off_t)off)) <= 0)
			return r == 0 ? 0 : -1;
		if (write(1, b, (size_t)r) != r)
			return -1;
		off += (uint64_t)r;
		len -= (uint64_t)r;
	}
	return 0;
}

/* Offset just past the last '\n' in [off, off + len), or off + len. */
static uint64_t
cut_back(int fd, uint64_t off, uint64_t len)
{
	char	b[4096];
	ssize_t	r;
	size_t	k = len < sizeof(b) ? (size_t)len : sizeof(b);

	if ((r = pread(fd, b, k, (off_t)(off + len - k))) <= 0)
		return off + len;
	for (ssize_t i = r - 1; i >= 0; i--)
		if (b[i] == '\n')
			return off + len - k + (uint64_t)i + 1;
	return off + len;
}

/* Offset just past the first '\n' at or after off (bounded), or off. */
static uint64_t
cut_fwd(int fd, uint64_t off, uint64_t lim)
{
	char	b[4096];
	ssize_t	r;

	if ((r = pread(fd, b, sizeof(b), (off_t)off)) <= 0)
		return off;
	for (ssize_t i = 0; i < r; i++)
		if (b[i] == '\n' && off + (uint64_t)i + 1 < lim)
			return off + (uint64_t)i + 1;
	return off;
}

static void
scan_middle(struct win *w)
{
	struct catalog	*cat = NULL;
	struct cat_scan	*sc = NULL;
	char		 b[65536];
	uint64_t	 off = w->base;
	ssize_t		 r;
	size_t		 k;

	if (catalog_new(&cat, NULL) != ERR_OK ||
	    cat_scan_new(cat, CTX_LINES, CTX_LINES, on_line, w, &sc,
	    NULL) != ERR_OK)
		goto out;
	while (off < w->end) {
		k = w->end - off < sizeof(b) ? (size_t)(w->end - off) :
		    sizeof(b);
		if ((r = pread(w->fd, b, k, (off_t)off)) <= 0)
			break;
		if (cat_scan_feed(sc, b, (size_t)r, NULL) != ERR_OK)
			break;
		off += (uint64_t)r;
	}
	cat_scan_end(sc, NULL);
out:
	cat_scan_free(sc);
	catalog_free(cat);
}

static int
window(struct win *w, uint64_t size, uint64_t cap)
{
	uint64_t	head, tail;

	head = cut_back(w->fd, 0, cap / 4);
	tail = cut_fwd(w->fd, size - cap / 4, size);
	w->base = head;
	w->end = tail;
	w->budget = cap - head - (size - tail);
	scan_middle(w);
	for (size_t i = 0; i < w->n; i++)
		if (copy_range(w->fd, w->r[i].off, w->r[i].len) == -1)
			return -1;
	return 0;
}

int
logwin_child(void *arg)
{
	const struct logwin_arg	*a = arg;
	struct manifest_range	 ends[2];
	struct win		*w;
	struct stat		 st;
	int			 fd;

	fd = open(a->path, O_RDONLY | O_NOCTTY | O_CLOEXEC |
	    (a->nofollow ? O_NOFOLLOW : 0));
	if (fd == -1)
		return fail(errno);
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode))
		return fail(fstat(fd, &st) == -1 ? errno : EINVAL);
	ends[0] = (struct manifest_range){ (uint64_t)st.st_size, 0 };
	if (write(a->meta_fd, ends, sizeof(ends[0])) < 0)
		return 0;
	if ((uint64_t)st.st_size <= a->cap) {
		ends[0] = (struct manifest_range){ 0, (uint64_t)st.st_size };
		if (write(a->meta_fd, ends, sizeof(ends[0])) < 0 ||
		    copy_range(fd, 0, (uint64_t)st.st_size) == -1)
			return 0;
		return 0;
	}
	if ((w = calloc(1, sizeof(*w))) == NULL)
		return fail(ENOMEM);
	w->fd = fd;
	if (copy_range(fd, 0, cut_back(fd, 0, a->cap / 4)) == -1)
		return 0;
	if (window(w, (uint64_t)st.st_size, a->cap) == -1)
		return 0;
	ends[0] = (struct manifest_range){ 0, w->base };
	ends[1] = (struct manifest_range){ w->end,
	    (uint64_t)st.st_size - w->end };
	copy_range(fd, w->end, ends[1].len);
	if (write(a->meta_fd, &ends[0], sizeof(ends[0])) < 0 ||
	    write(a->meta_fd, w->r, w->n * sizeof(w->r[0])) < 0 ||
	    write(a->meta_fd, &ends[1], sizeof(ends[1])) < 0)
		return 0;
	return 0;
}
