/*
 * attach: the files given with --attach (a PyTorch allocator snapshot,
 * a Flight Recorder dump), each added whole or not at all, never
 * windowed like a log: a pickle cut anywhere is unreadable. They have a
 * budget of their own (--max-attach, default ATTACH_CAP_DEFAULT) beside
 * the bundle cap, and are stored byte for byte: the text redaction pass
 * would corrupt a binary file. With --redact a pickle never goes in raw:
 * the safe pickle reader (common/pickle.h) turns an allocator snapshot
 * into its numeric summary (common/torch_snap.h: sizes, counts, trace
 * actions, allocator settings; no frames, file names or other strings),
 * stored as attach/NAME.summary.json; a pickle that is no snapshot is
 * left out, and the manifest says why. Other files under --redact go
 * through the usual text redaction.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "pickle.h"
#include "torch_snap.h"

static void
attach_bpath(struct collect *c, const char *path, const char *suffix,
    char *out, size_t sz)
{
	const char	*b = strrchr(path, '/');

	b = b == NULL ? path : b + 1;
	if (*b == '\0')
		b = "attachment";
	snprintf(out, sz, "attach/%s%s", b, suffix);
	for (int i = 2; manifest_find(c->m, out) != NULL; i++)
		snprintf(out, sz, "attach/%d-%s%s", i, b, suffix);
}

/* The spool's bytes in memory (at most n). NULL on failure. */
static char *
slurp_spool(int fd, uint64_t n)
{
	char	*p = malloc(n + 1);
	ssize_t	 r;
	size_t	 got = 0;

	if (p == NULL)
		return NULL;
	while (got < n && (r = pread(fd, p + got, n - got, (off_t)got)) > 0)
		got += (size_t)r;
	if (got != n) {
		free(p);
		return NULL;
	}
	return p;
}

/* Write all of p to fd; -1 on failure. */
static int
put_all(int fd, const char *p, size_t n)
{
	ssize_t	w;

	while (n > 0) {
		if ((w = write(fd, p, n)) <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/*
 * --redact: the numeric summary of the snapshot in spool (n bytes) into
 * a new spool, read from its start; -1 with why filled when it is not a
 * snapshot (or memory ran out).
 */
static int
summary_spool(struct collect *c, int spool, uint64_t n, char *why,
    size_t whysz)
{
	struct err	 e = { 0 };
	char		*data = slurp_spool(spool, n), *json = NULL;
	size_t		 jn = 0;
	int		 out = -1;

	if (data == NULL)
		snprintf(why, whysz, "out of memory reading it");
	else if (pickle_summary_json(data, (size_t)n, &json, &jn, &e) !=
	    ERR_OK)
		snprintf(why, whysz, e.code == ERR_NOMEM ? "out of memory "
		    "reading it" : "not stored: --redact keeps only the "
		    "numeric summary of an allocator snapshot or a Flight "
		    "Recorder dump, and this is %s", e.msg);
	else if ((out = collect_spool(c)) == -1 ||
	    put_all(out, json, jn) == -1 || lseek(out, 0, SEEK_SET) != 0) {
		snprintf(why, whysz, "writing its summary failed");
		if (out != -1)
			collect_unspool(c, out);
		out = -1;
	}
	free(json);
	free(data);
	return out;
}

/* One --attach file: read whole by a child (a hung file system cannot
 * stop the run), then stored, summarised or refused. */
static void
attach_one(struct collect *c, const char *path, uint64_t cap,
    int timeout_ms)
{
	struct snap_arg	 sa = { path, 1 };
	struct run_res	 res = { 0 };
	uint64_t	 left = cap > c->attach_total ? cap - c->attach_total : 0;
	struct run_req	 rq = { .fn = snap_file_child, .arg = &sa,
			    .cap = left + 1, .timeout_ms = timeout_ms,
			    .deadline_ns = c->deadline_ns };
	struct emit	 em = { .source = path, .kind = "file", .res = &res,
			    .raw = 1 };
	char		 bpath[PATH_MAX], why[512] = "";
	unsigned char	 magic = 0;
	int		 sum;

	rq.drop = c->have_user;
	rq.uid = c->uid;
	rq.gid = c->gid;
	if ((em.spool = rq.out_fd = collect_spool(c)) == -1 ||
	    run_capture(&rq, &res, NULL) != ERR_OK) {
		if (em.spool != -1)
			collect_unspool(c, em.spool);
		return;
	}
	if (pread(em.spool, &magic, 1, 0) != 1)
		magic = 0;
	sum = c->ps != NULL && magic == 0x80;
	attach_bpath(c, path, sum ? ".summary.json" : "", bpath, sizeof(bpath));
	em.bpath = bpath;
	if (res.exit_status == 0 && (res.truncated || res.flooded ||
	    res.seen > left)) {
		/* Whole or not at all: a cut pickle is unreadable. */
		snprintf(why, sizeof(why), "%llu bytes, over what is left of "
		    "the --max-attach budget (%llu of %llu bytes): not stored",
		    (unsigned long long)res.seen, (unsigned long long)left,
		    (unsigned long long)cap);
		em.res = NULL;
	} else if (res.exit_status == 0 && sum) {
		int out = summary_spool(c, em.spool, res.bytes, why,
		    sizeof(why));

		if (out != -1) {
			collect_unspool(c, em.spool);
			em.spool = out;
			em.raw = 0;
			em.verbatim = 1;	/* numbers only: no names */
		}
	} else if (res.exit_status != 0) {
		/* Unreadable, timed out or killed: what came is a part, and
		 * a part is not stored (the item says why). */
		collect_unspool(c, em.spool);
		em.spool = -1;
	} else if (c->ps != NULL)
		em.raw = 0;	/* not a pickle: the text redaction pass */
	if (*why != '\0') {
		collect_unspool(c, em.spool);
		em.spool = -1;
		em.error = why;
		em.failed = 1;
	}
	collect_emit(c, &em);
}

void
attach_all(struct collect *c, int timeout_ms)
{
	uint64_t	cap = c->o->max_attach != 0 ? c->o->max_attach :
			    ATTACH_CAP_DEFAULT;

	for (size_t i = 0; i < c->o->nattach && c->fatal == ERR_OK; i++)
		attach_one(c, c->o->attach[i], cap, timeout_ms);
}
