/*
 * run: run one child and capture what it writes, without ever letting it
 * hold the collector past its deadline.
 *
 * The child is a command (execvp, so PATH decides which sacct runs) or a
 * function (a file read that may block on NFS or a wedged sysfs). It runs
 * in its own process group with stdin from /dev/null; its stdout goes
 * through a pipe into the caller's spool file, capped (the excess is
 * counted; far over the cap the group is killed); its stderr head is kept
 * small. At the timeout (the child's own, clamped to the global deadline)
 * the group gets SIGTERM, then SIGKILL after a short grace; a child that
 * still cannot be reaped (uninterruptible sleep) is abandoned, not waited
 * for. This module does not decide what a result means.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"

extern char	**environ;

#define TERM_GRACE_MS	300	/* SIGTERM -> SIGKILL */
#define KILL_GRACE_MS	400	/* SIGKILL -> abandon */
#define LINGER_MS	200	/* pipes held open after the child exited */
#define FLOOD_SLACK	(16 * MIB)	/* counted past the cap, then kill */

struct child {
	pid_t		 pid;
	int		 out, errp, exec_fd;
	int		 reaped;
	int		 status;
	size_t		 errn;
};

int64_t
run_now(int clock)
{
	struct timespec	ts;

	clock_gettime(clock, &ts);
	return (int64_t)ts.tv_sec * NS_PER_S + ts.tv_nsec;
}

static void
child_exec(const struct run_req *rq, int out, int errp, int exec_fd)
{
	sigset_t	 none;
	int		 null;
	int		 rc;

	setpgid(0, 0);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGPIPE, SIG_DFL);
	if ((null = open("/dev/null", O_RDONLY)) != -1)
		dup2(null, 0);
	dup2(out, 1);
	dup2(errp, 2);
	if (rq->drop && geteuid() == 0 && (setgroups(0, NULL) == -1 ||
	    setgid(rq->gid) == -1 || setuid(rq->uid) == -1))
		_exit(RUN_ERRNO_BASE + EPERM);
	if (rq->argv != NULL) {
		execvp(rq->argv[0], rq->argv);
		rc = errno;
		if (write(exec_fd, &rc, sizeof(rc)) < 0)
			_exit(127);
		_exit(127);
	}
	_exit(rq->fn(rq->arg));
}

/*
 * A command that needs no privilege change is started with posix_spawn:
 * glibc's vfork-style spawn does not copy the collector's page tables,
 * which on a busy node is most of what starting a probe costs. 0 when it
 * started; -1 to fall back to fork (which then reports exec errors the
 * usual way).
 */
static int
spawn(const struct run_req *rq, pid_t *pid, int out, int errp, int close1,
    int close2)
{
	posix_spawn_file_actions_t	fa;
	posix_spawnattr_t		at;
	sigset_t			none, def;
	int				rc = -1;

	if (rq->argv == NULL || (rq->drop && geteuid() == 0))
		return -1;
	if (posix_spawn_file_actions_init(&fa) != 0)
		return -1;
	if (posix_spawnattr_init(&at) != 0) {
		posix_spawn_file_actions_destroy(&fa);
		return -1;
	}
	sigemptyset(&none);
	sigemptyset(&def);
	sigaddset(&def, SIGPIPE);
	if (posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY,
	    0) == 0 && posix_spawn_file_actions_adddup2(&fa, out, 1) == 0 &&
	    posix_spawn_file_actions_adddup2(&fa, errp, 2) == 0 &&
	    posix_spawn_file_actions_addclose(&fa, close1) == 0 &&
	    posix_spawn_file_actions_addclose(&fa, close2) == 0 &&
	    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP |
	    POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) == 0 &&
	    posix_spawnattr_setpgroup(&at, 0) == 0 &&
	    posix_spawnattr_setsigmask(&at, &none) == 0 &&
	    posix_spawnattr_setsigdefault(&at, &def) == 0 &&
	    posix_spawnp(pid, rq->argv[0], &fa, &at, rq->argv, environ) == 0)
		rc = 0;
	posix_spawnattr_destroy(&at);
	posix_spawn_file_actions_destroy(&fa);
	return rc;
}

static int
start(const struct run_req *rq, struct child *ch, struct err *e)
{
	int	op[2], ep[2], xp[2];

	if (pipe(op) == -1)
		return ERR_SYS(e, ERR_IO, "pipe");
	if (pipe(ep) == -1) {
		close(op[0]), close(op[1]);
		return ERR_SYS(e, ERR_IO, "pipe");
	}
	if (pipe(xp) == -1) {
		close(op[0]), close(op[1]), close(ep[0]), close(ep[1]);
		return ERR_SYS(e, ERR_IO, "pipe");
	}
	fcntl(xp[1], F_SETFD, FD_CLOEXEC);
	if (spawn(rq, &ch->pid, op[1], ep[1], op[0], ep[0]) == 0)
		;
	else if ((ch->pid = fork()) == -1) {
		close(op[0]), close(op[1]), close(ep[0]), close(ep[1]);
		close(xp[0]), close(xp[1]);
		return ERR_SYS(e, ERR_IO, "fork");
	}
	else if (ch->pid == 0) {
		close(op[0]), close(ep[0]), close(xp[0]);
		child_exec(rq, op[1], ep[1], xp[1]);
	}
	/* Both sides set the group: no race with an early killpg. */
	setpgid(ch->pid, ch->pid);
	close(op[1]), close(ep[1]), close(xp[1]);
	ch->out = op[0];
	ch->errp = ep[0];
	ch->exec_fd = xp[0];
	fcntl(ch->out, F_SETFL, O_NONBLOCK);
	fcntl(ch->errp, F_SETFL, O_NONBLOCK);
	fcntl(ch->exec_fd, F_SETFL, O_NONBLOCK);
	return ERR_OK;
}

static void
try_reap(struct child *ch)
{
	if (!ch->reaped && waitpid(ch->pid, &ch->status, WNOHANG) == ch->pid)
		ch->reaped = 1;
}

/* Wait up to ms for the child to be reaped. */
static void
reap_for(struct child *ch, int ms)
{
	struct timespec	ts = { 0, 10 * NS_PER_MS };

	for (int i = 0; i <= ms / 10 && !ch->reaped; i++) {
		try_reap(ch);
		if (!ch->reaped)
			nanosleep(&ts, NULL);
	}
}

static void
stop(struct child *ch, struct run_res *res)
{
	try_reap(ch);
	if (ch->reaped)
		return;
	killpg(ch->pid, SIGTERM);
	reap_for(ch, TERM_GRACE_MS);
	if (ch->reaped)
		return;
	killpg(ch->pid, SIGKILL);
	reap_for(ch, KILL_GRACE_MS);
	if (!ch->reaped)
		res->abandoned = 1;
}

static void
drain_out(const struct run_req *rq, struct child *ch, struct run_res *res)
{
	char	 b[65536];
	ssize_t	 r;
	size_t	 keep;

	while ((r = read(ch->out, b, sizeof(b))) > 0) {
		res->seen += (uint64_t)r;
		keep = 0;
		if (res->bytes < rq->cap)
			keep = rq->cap - res->bytes < (uint64_t)r ?
			    (size_t)(rq->cap - res->bytes) : (size_t)r;
		if (keep > 0 && write(rq->out_fd, b, keep) == (ssize_t)keep)
			res->bytes += keep;
		if (res->seen > res->bytes)
			res->truncated = 1;
		if (res->seen > rq->cap + FLOOD_SLACK) {
			res->flooded = 1;
			break;
		}
	}
	if (r == 0) {
		close(ch->out);
		ch->out = -1;
	}
}

static void
drain_err(struct child *ch, struct run_res *res)
{
	char	 b[4096];
	ssize_t	 r;
	size_t	 k;

	while ((r = read(ch->errp, b, sizeof(b))) > 0) {
		k = sizeof(res->err) - 1 - ch->errn;
		k = k < (size_t)r ? k : (size_t)r;
		memcpy(res->err + ch->errn, b, k);
		ch->errn += k;
		res->err[ch->errn] = '\0';
	}
	if (r == 0) {
		close(ch->errp);
		ch->errp = -1;
	}
}

static int64_t
end_time(const struct run_req *rq)
{
	int64_t	end = run_now(CLOCK_MONOTONIC) +
	    (int64_t)rq->timeout_ms * NS_PER_MS;

	if (rq->deadline_ns != 0 && rq->deadline_ns < end)
		end = rq->deadline_ns;
	return end;
}

/* Pump both pipes until both close (and the child is gone) or time is up.
 * Returns 1 on timeout. */
static int
pump(const struct run_req *rq, struct child *ch, struct run_res *res)
{
	int64_t		end = end_time(rq), linger = 0, now;
	struct pollfd	pf[2];
	int		ms;

	while (ch->out != -1 || ch->errp != -1) {
		now = run_now(CLOCK_MONOTONIC);
		if (now >= end)
			return 1;
		try_reap(ch);
		if (ch->reaped && linger == 0)
			linger = now + LINGER_MS * NS_PER_MS;
		if (linger != 0 && now >= linger)
			break;
		ms = (int)((end - now) / NS_PER_MS) + 1;
		ms = ms > 50 ? 50 : ms;
		pf[0] = (struct pollfd){ .fd = ch->out, .events = POLLIN };
		pf[1] = (struct pollfd){ .fd = ch->errp, .events = POLLIN };
		if (poll(pf, 2, ms) == -1 && errno != EINTR)
			return 1;
		if (ch->out != -1 && pf[0].revents != 0)
			drain_out(rq, ch, res);
		if (ch->errp != -1 && pf[1].revents != 0)
			drain_err(ch, res);
		if (res->flooded)
			return 0;
	}
	while (!ch->reaped && run_now(CLOCK_MONOTONIC) < end)
		reap_for(ch, 10);
	return !ch->reaped;
}

static void
finish(struct child *ch, struct run_res *res)
{
	int	xe;

	if (read(ch->exec_fd, &xe, sizeof(xe)) == (ssize_t)sizeof(xe))
		res->exec_errno = xe;
	if (ch->reaped && WIFEXITED(ch->status))
		res->exit_status = WEXITSTATUS(ch->status);
	else if (ch->reaped && WIFSIGNALED(ch->status))
		res->signal = WTERMSIG(ch->status);
	if (ch->out != -1)
		close(ch->out);
	if (ch->errp != -1)
		close(ch->errp);
	close(ch->exec_fd);
}

enum err_code
run_capture(const struct run_req *rq, struct run_res *res, struct err *e)
{
	struct child	ch = { 0 };
	int64_t		t0;
	enum err_code	rc;

	memset(res, 0, sizeof(*res));
	res->exit_status = -1;
	res->start_ns = run_now(CLOCK_REALTIME);
	t0 = run_now(CLOCK_MONOTONIC);
	if ((rc = start(rq, &ch, e)) != ERR_OK)
		return rc;
	if (pump(rq, &ch, res))
		res->timed_out = 1;
	if (res->timed_out || res->flooded)
		stop(&ch, res);
	else if (ch.reaped)
		killpg(ch.pid, SIGKILL);	/* leftovers holding pipes */
	finish(&ch, res);
	res->duration_ns = run_now(CLOCK_MONOTONIC) - t0;
	return ERR_OK;
}
