/*
 * redact: mask secrets in text before it enters a bundle, always.
 *
 * A streaming, line-by-line filter applied to every text item. Secrets
 * are found by name (NAME=value, NAME: value, NAME = value where NAME
 * looks like a token, key, secret or password, or is Slurm's
 * AccountingStoragePass/StoragePass) and by shape (AWS access key ids,
 * bearer tokens, JWTs, private key blocks, Hugging Face, W&B, GitHub
 * and Slack tokens), each a row of a table. The secret is replaced by
 * "[REDACTED]" and counted. With --redact the same pass then hands each
 * masked line to pseudo.c for pseudonyms; this module itself does not
 * pseudonymise hosts, users or paths, and it does not parse formats: it
 * works on bytes.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "internal.h"
#include "pseudo.h"
#include "scan.h"

#define MASK		"[REDACTED]"
#define LINE_MAX_IN	(64 * 1024)	/* longer lines are cut in pieces */

static int
is_tok(int c)
{
	return isalnum(c) || c == '_' || c == '-';
}

static int
is_b64(int c)
{
	return isalnum(c) || c == '_' || c == '-' || c == '+' || c == '/' ||
	    c == '=' || c == '.' || c == '~';
}

static size_t
run_of(const char *p, size_t n, int (*cls)(int))
{
	size_t	i = 0;

	while (i < n && cls((unsigned char)p[i]))
		i++;
	return i;
}

static int
upper_or_digit(int c)
{
	return isupper(c) || isdigit(c);
}

/* AKIA/ASIA + 16 upper-case letters or digits. */
static size_t
shape_aws(const char *p, size_t n)
{
	if (n < 20 || (memcmp(p, "AKIA", 4) != 0 && memcmp(p, "ASIA", 4) != 0))
		return 0;
	return run_of(p + 4, n - 4, upper_or_digit) >= 16 ?
	    4 + run_of(p + 4, n - 4, upper_or_digit) : 0;
}

/* eyJ... . ... . ... (header.payload.signature) */
static size_t
shape_jwt(const char *p, size_t n)
{
	size_t	i, k;

	if (n < 10 || memcmp(p, "eyJ", 3) != 0)
		return 0;
	i = run_of(p, n, is_tok);
	for (k = 0; k < 2; k++) {
		if (i >= n || p[i] != '.')
			return 0;
		i++;
		i += run_of(p + i, n - i, is_tok);
	}
	return i >= 20 ? i : 0;
}

static size_t
prefixed(const char *p, size_t n, const char *pre, size_t min)
{
	size_t	l = strlen(pre), r;

	if (n < l || memcmp(p, pre, l) != 0)
		return 0;
	r = run_of(p + l, n - l, is_tok);
	return r >= min ? l + r : 0;
}

static size_t
shape_hf(const char *p, size_t n)
{
	return prefixed(p, n, "hf_", 30);
}

static size_t
shape_github(const char *p, size_t n)
{
	size_t	r;

	if ((r = prefixed(p, n, "ghp_", 30)) != 0 ||
	    (r = prefixed(p, n, "gho_", 30)) != 0 ||
	    (r = prefixed(p, n, "github_pat_", 30)) != 0)
		return r;
	return 0;
}

static size_t
shape_wandb(const char *p, size_t n)
{
	return prefixed(p, n, "wandb_v1_", 20);
}

/* xoxb-, xoxp-, xoxa-, xoxr-, xoxs- */
static size_t
shape_slack(const char *p, size_t n)
{
	if (n < 15 || memcmp(p, "xox", 3) != 0 ||
	    strchr("abprs", p[3]) == NULL || p[3] == '\0' || p[4] != '-')
		return 0;
	return prefixed(p, n, (char[6]){ 'x', 'o', 'x', p[3], '-', '\0' },
	    10);
}

/* "Bearer <token>": keep the word, mask the token. */
static size_t
shape_bearer(const char *p, size_t n)
{
	size_t	r;

	if (n < 15 || strncasecmp(p, "bearer ", 7) != 0)
		return 0;
	r = run_of(p + 7, n - 7, is_b64);
	return r >= 8 ? 7 + r : 0;
}

static const struct {
	size_t		(*match)(const char *, size_t);
	size_t		 keep;	/* leading bytes left visible */
} shapes[] = {
	{ shape_aws, 0 },
	{ shape_jwt, 0 },
	{ shape_hf, 0 },
	{ shape_github, 0 },
	{ shape_wandb, 0 },
	{ shape_slack, 0 },
	{ shape_bearer, 7 },
};

static const char *const secret_exact[] = {
	"AccountingStoragePass", "StoragePass", "PASSWORD", "PASSWD", "PASS",
};
static const char *const secret_parts[] = {
	"TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL", "PRIVATE_KEY",
	"API_KEY", "APIKEY",
};

static int
has_part(const char *p, size_t n, const char *part)
{
	size_t	l = strlen(part);

	for (size_t i = 0; i + l <= n; i++)
		if (strncasecmp(p + i, part, l) == 0)
			return 1;
	return 0;
}

int
redact_secret_name(const char *p, size_t n)
{
	for (size_t i = 0; i < sizeof(secret_exact) / sizeof(*secret_exact);
	    i++)
		if (strlen(secret_exact[i]) == n &&
		    strncasecmp(p, secret_exact[i], n) == 0)
			return 1;
	for (size_t i = 0; i < sizeof(secret_parts) / sizeof(*secret_parts);
	    i++)
		if (has_part(p, n, secret_parts[i]))
			return 1;
	return n >= 4 && (strncasecmp(p + n - 4, "_KEY", 4) == 0 ||
	    strncasecmp(p + n - 4, "PASS", 4) == 0);
}

/* The name just before a separator at p[sep], skipping blanks. */
static int
secret_before(const char *p, size_t sep)
{
	size_t	e = sep, s;

	while (e > 0 && (p[e - 1] == ' ' || p[e - 1] == '\t'))
		e--;
	if (e > 0 && (p[e - 1] == '"' || p[e - 1] == '\''))
		e--;	/* "token": "..." */
	s = e;
	while (s > 0 && (is_tok((unsigned char)p[s - 1]) || p[s - 1] == '.'))
		s--;
	return e > s && redact_secret_name(p + s, e - s);
}

/* Length of the value after a separator: to the end of the line when the
 * name starts the line (KEY=value files), else to a blank or quote. */
static size_t
value_len(const char *p, size_t n, int whole)
{
	size_t	i = 0;

	if (whole)
		return n;
	while (i < n && !isspace((unsigned char)p[i]) && p[i] != '"' &&
	    p[i] != '\'' && p[i] != ',' && p[i] != ';')
		i++;
	return i;
}

struct out {
	char	*p;
	size_t	 n, sz;
};

static void
put(struct out *o, const char *p, size_t n)
{
	if (o->n + n >= o->sz)
		n = o->sz - 1 - o->n;
	memcpy(o->p + o->n, p, n);
	o->n += n;
}

static size_t
try_shapes(const char *p, size_t n, struct out *o, uint64_t *cnt)
{
	size_t	m;

	for (size_t k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++) {
		if ((m = shapes[k].match(p, n)) == 0)
			continue;
		put(o, p, shapes[k].keep);
		put(o, MASK, strlen(MASK));
		(*cnt)++;
		return m;
	}
	return 0;
}

/* p[i] is '=' or ':' after a secret name: copy it and mask the value. */
static size_t
mask_value(const char *p, size_t n, size_t i, struct out *o, uint64_t *cnt)
{
	size_t	j = i + 1, v, s = 0;
	int	whole;

	while (j < n && (p[j] == ' ' || p[j] == '\t'))
		j++;
	while (s < i && (p[s] == ' ' || p[s] == '\t'))
		s++;
	whole = p[i] == '=' && (i == s || strncmp(p + s, "export ", 7) == 0 ||
	    memchr(p + s, ' ', i - s) == NULL);
	if (j < n && (p[j] == '"' || p[j] == '\''))
		put(o, p + i, ++j - i);
	else
		put(o, p + i, j - i);
	v = value_len(p + j, n - j, whole);
	if (v == 0)
		return j - i;
	put(o, MASK, strlen(MASK));
	(*cnt)++;
	return j - i + v;
}

/* Bytes before the next one where a secret could start: a shape's first
 * letter or a NAME=/NAME: separator. */
static size_t
plain_run(const char *p, size_t n)
{
	static const char	starts[] = "AehgwxBb=:";
	size_t			i = 0;

	while (i < n && (p[i] == '\0' || strchr(starts, p[i]) == NULL))
		i++;
	return i;
}

static int
pem_line(const char *p, size_t n, const char *what)
{
	struct str	s = { p, n };

	return str_find(s, what) != NULL && str_find(s, "PRIVATE KEY") != NULL;
}

size_t
redact_line(const char *p, size_t n, char *buf, size_t sz, int *in_pem,
    uint64_t *cnt)
{
	struct out	o = { buf, 0, sz };
	size_t		i = 0, m;

	if (*in_pem || pem_line(p, n, "-----BEGIN")) {
		*in_pem = !pem_line(p, n, "-----END");
		put(&o, MASK, strlen(MASK));
		(*cnt)++;
		buf[o.n] = '\0';
		return o.n;
	}
	while (i < n) {
		m = plain_run(p + i, n - i);
		put(&o, p + i, m);
		if ((i += m) == n)
			break;
		if ((i == 0 || !is_tok((unsigned char)p[i - 1])) &&
		    (m = try_shapes(p + i, n - i, &o, cnt)) != 0) {
			i += m;
			continue;
		}
		if ((p[i] == '=' || p[i] == ':') && secret_before(p, i)) {
			i += mask_value(p, n, i, &o, cnt);
			continue;
		}
		put(&o, p + i, 1);
		i++;
	}
	buf[o.n] = '\0';
	return o.n;
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

#define WBUF	(256 * 1024)

#define OUT_SZ	(2 * LINE_MAX_IN + 64)
#define PS_SZ	(8 * OUT_SZ + 64)

struct filter {
	struct pseudo	*ps;		/* NULL: secrets only */
	char		*line, *out, *w, *pout;
	size_t		 n, wn;
	int		 in_pem;
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

	m = redact_line(f->line, f->n, f->out, OUT_SZ, &f->in_pem, &f->cnt);
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
	return redact_stream_ps(in, out, NULL, out_bytes, n, e);
}

enum err_code
redact_stream_ps(int in, int out, struct pseudo *ps, uint64_t *out_bytes,
    uint64_t *n, struct err *e)
{
	struct filter	 f = { .fd = out, .ps = ps };
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
	*n = f.cnt;
	free(f.line);
	free(f.out);
	free(f.w);
	free(f.pout);
	return rc;
}
