/*
 * redact_stream: mask secrets in text before it enters a bundle, always.
 *
 * A streaming, line-by-line filter applied to every text item: each line
 * goes through the shared detectors (common/redact.c), which replace a
 * secret by "[REDACTED]" and count which detector fired. With --redact
 * the same pass then hands each masked line to pseudo.c for pseudonyms.
 * This module does not parse formats: it works on bytes.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "pseudo.h"
#include "redact.h"

#define LINE_MAX_IN	(64 * 1024)	/* longer lines are cut in pieces */

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

#define WBUF	(256 * 1024)

#define OUT_SZ	REDACT_OUT_SZ(LINE_MAX_IN)
#define PS_SZ	(8 * OUT_SZ + 64)

struct filter {
	struct pseudo	*ps;		/* NULL: secrets only */
	char		*line, *out, *w, *pout;
	size_t		 n, wn;
	struct redact_state	 st;
	struct redact_tally	*t;
	int		 fd;
	uint64_t	 bytes, cnt;
};

/* Buffered output: one write per WBUF, not two per line. */
static int
emit(struct filter *f, const char *p, size_t n)
{
	if (f->wn + n > WBUF) {
		if (write_all(f->fd, f->w, f->wn) == -1)
			return -1;
		f->wn = 0;
	}
	if (n > WBUF)
		return write_all(f->fd, p, n);
	memcpy(f->w + f->wn, p, n);
	f->wn += n;
	return 0;
}

static int
flush_line(struct filter *f, const char *term, size_t tn)
{
	size_t		 m;
	const char	*p = f->out;

	m = redact_scan(f->line, f->n, f->out, OUT_SZ, &f->st, f->t);
	if (f->ps != NULL) {
		m = pseudo_line(f->ps, f->out, m, f->pout, PS_SZ, &f->cnt);
		p = f->pout;
	}
	if (emit(f, p, m) == -1 || emit(f, term, tn) == -1)
		return -1;
	f->bytes += m + tn;
	f->n = 0;
	return 0;
}

static int
feed(struct filter *f, const char *b, size_t r)
{
	for (size_t i = 0; i < r; i++) {
		if (b[i] == '\n') {
			if (flush_line(f, "\n", 1) == -1)
				return -1;
			continue;
		}
		f->line[f->n++] = b[i];
		if (f->n == LINE_MAX_IN && flush_line(f, "", 0) == -1)
			return -1;
	}
	return 0;
}

enum err_code
redact_stream(int in, int out, uint64_t *out_bytes, uint64_t *n,
    struct err *e)
{
	return redact_stream_ps(in, out, NULL, out_bytes, n, NULL, e);
}

enum err_code
redact_stream_ps(int in, int out, struct pseudo *ps, uint64_t *out_bytes,
    uint64_t *n, struct redact_tally *by, struct err *e)
{
	struct redact_tally	 mine = { 0 };
	struct filter	 f = { .fd = out, .ps = ps, .t = &mine };
	char		 b[65536];
	ssize_t		 r;
	enum err_code	 rc = ERR_OK;

	f.line = malloc(LINE_MAX_IN);
	f.out = malloc(OUT_SZ);
	f.w = malloc(WBUF);
	f.pout = ps != NULL ? malloc(PS_SZ) : NULL;
	if (f.line == NULL || f.out == NULL || f.w == NULL ||
	    (ps != NULL && f.pout == NULL)) {
		rc = ERR(e, ERR_NOMEM, "redact buffers");
		goto out;
	}
	if (lseek(in, 0, SEEK_SET) == -1) {
		rc = ERR_SYS(e, ERR_IO, "spool seek");
		goto out;
	}
	while ((r = read(in, b, sizeof(b))) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 || feed(&f, b, (size_t)r) == -1) {
			rc = ERR_SYS(e, ERR_IO, "spool");
			goto out;
		}
	}
	if ((f.n > 0 && flush_line(&f, "", 0) == -1) ||
	    write_all(f.fd, f.w, f.wn) == -1)
		rc = ERR_SYS(e, ERR_IO, "spool");
out:
	*out_bytes = f.bytes;
	*n = f.cnt + mine.total;
	if (by != NULL)
		redact_tally_add(by, &mine);
	free(f.line);
	free(f.out);
	free(f.w);
	free(f.pout);
	return rc;
}
