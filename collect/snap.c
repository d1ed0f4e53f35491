/*
 * snap: child-side readers for one file and for the kernel log device.
 *
 * These run in a forked child (see run.c), so a read that blocks forever
 * on NFS, /proc/driver/nvidia or a wedged sysfs only costs the child. They
 * write the bytes to fd 1 and exit 0; a file that cannot be opened exits
 * with RUN_ERRNO_BASE + errno, which the parent turns into "ENOENT: ...".
 * They do not cap (the parent does) and do not interpret anything.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"

static const struct {
	int		 no;
	const char	*name;
} errnames[] = {
	{ ENOENT, "ENOENT" }, { EACCES, "EACCES" }, { EPERM, "EPERM" },
	{ ELOOP, "ELOOP" }, { ENOTDIR, "ENOTDIR" }, { EISDIR, "EISDIR" },
	{ EIO, "EIO" }, { EAGAIN, "EAGAIN" }, { ENXIO, "ENXIO" },
	{ EINVAL, "EINVAL" }, { ENODEV, "ENODEV" }, { ENOSPC, "ENOSPC" },
	{ EROFS, "EROFS" }, { ENOEXEC, "ENOEXEC" }, { ESTALE, "ESTALE" },
	{ ETIMEDOUT, "ETIMEDOUT" }, { EMFILE, "EMFILE" }, { ENOMEM, "ENOMEM" },
};

const char *
snap_errno_name(int no)
{
	for (size_t i = 0; i < sizeof(errnames) / sizeof(errnames[0]); i++)
		if (errnames[i].no == no)
			return errnames[i].name;
	return "E?";
}

static int
fail(int no)
{
	return no > 0 && no < 190 ? RUN_ERRNO_BASE + no : RUN_ERRNO_BASE;
}

static int
write_all(int fd, const char *p, size_t n)
{
	ssize_t	w;

	while (n > 0) {
		if ((w = write(fd, p, n)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int
snap_file_child(void *arg)
{
	const struct snap_arg	*a = arg;
	char			 b[65536];
	struct stat		 st;
	ssize_t			 r;
	int			 fd;

	fd = open(a->path, O_RDONLY | O_NOCTTY | O_CLOEXEC |
	    (a->nofollow ? O_NOFOLLOW : 0));
	if (fd == -1)
		return fail(errno);
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
		return fail(EISDIR);
	if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode) && a->nofollow)
		return fail(EINVAL);	/* user files: no FIFOs, devices */
	while ((r = read(fd, b, sizeof(b))) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return fail(errno);
		if (write_all(1, b, (size_t)r) == -1)
			return 0;	/* parent stopped reading: capped */
	}
	return 0;
}

/*
 * The same read without a child, for files on a file system that cannot
 * block a reader indefinitely (cgroupfs, a local disk): what the child
 * would have reported lands in *res, so the item reads the same.
 */
void
snap_file_inproc(const struct snap_arg *a, int out_fd, uint64_t cap,
    struct run_res *res)
{
	char		 b[16384];
	struct stat	 st;
	ssize_t		 r;
	size_t		 keep;
	int		 fd;
	int64_t		 t0 = run_now(CLOCK_MONOTONIC);

	memset(res, 0, sizeof(*res));
	res->start_ns = run_now(CLOCK_REALTIME);
	fd = open(a->path, O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK |
	    (a->nofollow ? O_NOFOLLOW : 0));
	if (fd == -1)
		res->exit_status = fail(errno);
	else if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
		res->exit_status = fail(EISDIR);
	else if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode))
		res->exit_status = fail(EINVAL);
	while (res->exit_status == 0 && (r = read(fd, b, sizeof(b))) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			res->exit_status = fail(errno);
			break;
		}
		res->seen += (uint64_t)r;
		keep = res->bytes >= cap ? 0 : cap - res->bytes < (size_t)r ?
		    (size_t)(cap - res->bytes) : (size_t)r;
		if (keep > 0 && write_all(out_fd, b, keep) == -1) {
			res->exit_status = fail(errno);
			break;
		}
		res->bytes += keep;
		if (res->seen > res->bytes) {
			res->truncated = 1;
			break;
		}
	}
	if (fd != -1)
		close(fd);
	res->duration_ns = run_now(CLOCK_MONOTONIC) - t0;
}

/*
 * /dev/kmsg returns one record per read() and EAGAIN at the end when
 * opened O_NONBLOCK; EPIPE means records were overwritten while we read
 * (the next read continues). A regular file stands in for it in tests.
 */
int
snap_kmsg_child(void *arg)
{
	const struct snap_arg	*a = arg;
	char			 b[8192];
	ssize_t			 r;
	int			 fd;

	if ((fd = open(a->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) == -1)
		return fail(errno);
	for (;;) {
		r = read(fd, b, sizeof(b));
		if (r < 0 && (errno == EINTR || errno == EPIPE))
			continue;
		if (r < 0 && errno == EAGAIN)
			break;
		if (r < 0)
			return fail(errno);
		if (r == 0)
			break;
		if (write_all(1, b, (size_t)r) == -1)
			break;
	}
	return 0;
}
