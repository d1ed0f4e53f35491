/*
 * clean: `oomtrail redact` (see clean.h).
 *
 * Two passes over each input with the bundle reader (never extracting
 * anything): the first learns the job's names (Slurm's output, the
 * process table, the manifest's host and node) from every input, so
 * that all nodes of a job get the same pseudonyms; the second spools each
 * member, masks and pseudonymises it line by line (redact_stream_ps, the
 * collector's own filter) and appends it to a new bundle, whose manifest
 * starts as a copy of the original's and gets the new sizes and hashes.
 * A pickle (an --attach allocator snapshot) is never copied: as the
 * collector's --redact does, it becomes NAME.summary.json, its numbers
 * only, or is left out when it is no snapshot.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bundle.h"
#include "clean.h"
#include "arena.h"
#include "manifest.h"
#include "pseudo.h"
#include "redact.h"
#include "series.h"
#include "torch_snap.h"

#define LEARN_MAX	(1u << 20)	/* bytes of a member learned from */

struct clean {
	const struct clean_opts	*o;
	struct pseudo		*ps;
	int			 random_key;
	struct redact_tally	 tally;		/* this input */
	uint64_t		 names;		/* pseudonyms this input */
};

static int64_t
now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Members whose text names the job's user, nodes and directories. */
static int
learn_from(const char *path)
{
	const char	*b = strrchr(path, '/');

	b = b != NULL ? b + 1 : path;
	return strncmp(path, "slurm/", 6) == 0 ||
	    strcmp(path, "host/procs.tsv") == 0 || strstr(b, "scontrol") !=
	    NULL || strstr(b, "sacct") != NULL || strncmp(b, "env", 3) == 0;
}

static struct manifest *copy_manifest(const struct manifest *,
		    struct err *);

/* Learn from one input; returns a copy of its manifest (or NULL). */
static struct manifest *
learn_input(struct clean *c, const char *in)
{
	struct bundle_reader	*r;
	struct bundle_member	 m;
	const struct manifest	*man;
	struct err		 e = { 0 };
	char			*buf;
	ssize_t			 got;
	size_t			 n;
	int			 all;
	struct manifest		*copy = NULL;

	if (bundle_reader_open(&r, in, c->o->limits, &e) != ERR_OK)
		return NULL;
	if ((buf = malloc(LEARN_MAX)) == NULL) {
		bundle_reader_close(r);
		return NULL;
	}
	/* a pasted log or loose files: nothing else says who the job was */
	all = bundle_reader_kind(r) == BUNDLE_FILE ||
	    (bundle_reader_kind(r) == BUNDLE_DIR && bundle_manifest(r) == NULL);
	while (bundle_next(r, &m, &e) == 1) {
		if (!all && !learn_from(m.path))
			continue;
		n = 0;
		while (n < LEARN_MAX && (got = bundle_read(r, buf + n,
		    LEARN_MAX - n, &e)) > 0)
			n += (size_t)got;
		pseudo_learn_text(c->ps, buf, n);
	}
	if ((man = bundle_manifest(r)) != NULL) {
		if (man->host != NULL)
			pseudo_learn(c->ps, PS_HOST, man->host,
			    strlen(man->host));
		if (man->node != NULL)
			pseudo_learn(c->ps, PS_HOST, man->node,
			    strlen(man->node));
		copy = copy_manifest(man, &e);
	}
	free(buf);
	bundle_reader_close(r);
	return copy;
}

/* A new unlinked temporary file (TMPDIR), or -1. */
static int
temp_fd(struct err *e)
{
	FILE	*f = tmpfile();
	int	 fd = f != NULL ? dup(fileno(f)) : -1;

	if (f != NULL)
		fclose(f);
	if (fd == -1)
		ERR_SYS(e, ERR_IO, "temporary file");
	return fd;
}

/* The rest of the current member into a temporary file. */
static int
spool_member(struct bundle_reader *r, struct err *e)
{
	char	 b[65536];
	ssize_t	 got;
	int	 fd;

	if ((fd = temp_fd(e)) == -1)
		return -1;
	while ((got = bundle_read(r, b, sizeof(b), e)) > 0)
		if (write(fd, b, (size_t)got) != got) {
			ERR_SYS(e, ERR_IO, "temporary file");
			close(fd);
			return -1;
		}
	if (got < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static void
copy_item(struct manifest_item *d, const struct manifest_item *s)
{
	manifest_set_str(&d->source, s->source);
	manifest_set_str(&d->kind, s->kind);
	manifest_set_str(&d->error, s->error);
	d->start_ns = s->start_ns;
	d->duration_ns = s->duration_ns;
	d->exit_status = s->exit_status;
	d->signal = s->signal;
	d->timed_out = s->timed_out;
	d->abandoned = s->abandoned;
	d->source_bytes = s->source_bytes;
	d->truncated = s->truncated;
	d->redactions = s->redactions;
	for (size_t i = 0; i < s->nranges; i++)
		manifest_item_add_range(d, s->ranges[i].off, s->ranges[i].len);
}

static struct manifest *
copy_manifest(const struct manifest *orig, struct err *e)
{
	struct manifest	*m;
	char		*json;
	size_t		 n;

	if (manifest_to_json(orig, &json, &n, e) != ERR_OK)
		return NULL;
	if (manifest_from_json(json, n, &m, e) != ERR_OK)
		m = NULL;
	free(json);
	return m;
}

/* A copy of the original's top level (no items), or a new one. */
static struct manifest *
new_manifest(const struct manifest *orig, struct err *e)
{
	struct manifest	*m;

	if (orig == NULL) {
		if ((m = manifest_new()) != NULL)
			m->created_ns = now_ns();
		return m;
	}
	if ((m = copy_manifest(orig, e)) != NULL)
		manifest_clear_items(m);
	return m;
}

static void
pseudo_field(struct clean *c, char **field)
{
	char	*s;

	if (*field == NULL || (s = pseudo_str(c->ps, *field, &c->names)) ==
	    NULL)
		return;
	free(*field);
	*field = s;
}

static void
mask_field(struct clean *c, char **field)
{
	char	*s;

	if (*field == NULL || (s = redact_text(*field, &c->tally)) == NULL)
		return;
	free(*field);
	*field = s;
}

static void
record(struct clean *c, struct manifest *m)
{
	char	 kid[17];
	char	*by;

	for (size_t i = 0; i < m->nitems; i++) {
		mask_field(c, &m->items[i].source);
		mask_field(c, &m->items[i].error);
	}
	by = redact_tally_str(&c->tally);
	m->redacted = 1;
	manifest_set_str(&m->redaction_categories, "secrets,"
	    PSEUDO_CATEGORIES);
	if (by != NULL) {
		free(m->redaction_detectors);
		m->redaction_detectors = by;
	}
	manifest_set_str(&m->redaction_detector_set, REDACT_DETECTOR_SET);
	pseudo_key_id(c->ps, kid);
	manifest_set_str(&m->redaction_key_id, kid);
	manifest_set_str(&m->redaction_key, c->random_key ? "random" : "site");
	m->redaction_cleaned_ns = now_ns();
	pseudo_field(c, &m->host);
	pseudo_field(c, &m->node);
	for (size_t i = 0; i < m->nitems; i++) {
		pseudo_field(c, &m->items[i].source);
		pseudo_field(c, &m->items[i].error);
	}
}

#define SERIES_READ_MAX	(64u << 20)

/* A watch series carries a checksum on every record: re-encode it (host
 * and notes pseudonymised, notes masked, checksums recomputed) as the
 * collector's --redact does. -1: not a series, the usual pass. */
static int
reencode_series(struct clean *c, int in, int out)
{
	struct arena	*a;
	struct series	 s;
	char		 head[19], *buf = NULL, host[64], *t;
	ssize_t		 got;
	int		 rc = -1;

	if (pread(in, head, sizeof(head), 0) != (ssize_t)sizeof(head) ||
	    memcmp(head, "H oomtrail-series ", 18) != 0 ||
	    (a = arena_new(1 << 16)) == NULL)
		return -1;
	if ((buf = malloc(SERIES_READ_MAX)) == NULL ||
	    (got = pread(in, buf, SERIES_READ_MAX, 0)) <= 0 ||
	    series_read(buf, (size_t)got, a, &s, NULL) != ERR_OK)
		goto out;
	host[0] = '\0';
	if (s.host != NULL)
		pseudo_name(c->ps, PS_HOST, s.host, strlen(s.host), host,
		    sizeof(host));
	for (size_t i = 0; i < s.nnotes; i++) {
		char	*m = redact_text(s.notes[i], &c->tally);

		if ((t = pseudo_str(c->ps, m != NULL ? m : s.notes[i],
		    &c->names)) != NULL) {
			s.notes[i] = arena_strdup(a, t);
			free(t);
		}
		free(m);
		if (s.notes[i] == NULL)
			s.notes[i] = "(note dropped)";
	}
	if (ftruncate(out, 0) == 0 && lseek(out, 0, SEEK_SET) == 0 &&
	    series_write_fd(out, &s, host[0] != '\0' ? host : NULL, NULL) ==
	    ERR_OK)
		rc = 0;
out:
	free(buf);
	arena_free(a);
	return rc;
}

/*
 * A pickle in `in`: its allocator snapshot's numeric summary into `out`
 * (1), or -1 with why when it is no snapshot or too big; 0 when `in` is
 * no pickle (the usual pass).
 */
static int
pickle_summary(int in, int out, char *why, size_t whysz)
{
	struct err	 e = { 0 };
	unsigned char	 head[2];
	char		*buf = NULL, *json = NULL;
	size_t		 jn = 0;
	struct stat	 st;
	off_t		 end;
	int		 rc = -1;

	/* pread and fstat only: the usual pass reads in from where it is. */
	if (pread(in, head, 2, 0) != 2 || head[0] != 0x80 ||
	    fstat(in, &st) == -1)
		return 0;
	end = st.st_size;
	if (end <= 0 || (uint64_t)end > tsnap_limits.max_input) {
		snprintf(why, whysz, "not stored: a pickle over %zu bytes",
		    tsnap_limits.max_input);
		return -1;
	}
	if ((buf = malloc((size_t)end)) == NULL ||
	    pread(in, buf, (size_t)end, 0) != (ssize_t)end)
		snprintf(why, whysz, "not stored: out of memory or unreadable");
	else if (pickle_summary_json(buf, (size_t)end, &json, &jn, &e) !=
	    ERR_OK)
		snprintf(why, whysz, e.code == ERR_NOMEM ? "not stored: out "
		    "of memory" : "not stored: redaction keeps only the "
		    "numeric summary of an allocator snapshot or a Flight "
		    "Recorder dump, and this is %s", e.msg);
	else if (ftruncate(out, 0) == -1 || lseek(out, 0, SEEK_SET) != 0 ||
	    pwrite(out, json, jn, 0) != (ssize_t)jn)
		snprintf(why, whysz, "not stored: writing its summary");
	else
		rc = 1;
	free(json);
	free(buf);
	return rc;
}

/* The item of a pickle member: its summary (fd) as PATH.summary.json,
 * or, with fd -1, an item without a member saying why. */
static enum err_code
pickle_item(struct clean *c, struct bundle_writer *w, struct manifest *m,
    const struct manifest_item *oi, const char *path, int fd,
    const char *why, struct err *e)
{
	struct manifest_item	*it;
	char			 sum[PATH_MAX], *bpath;
	off_t			 end = fd != -1 ? lseek(fd, 0, SEEK_END) : 0;
	enum err_code		 rc;

	snprintf(sum, sizeof(sum), "%s.summary.json", path);
	if ((it = manifest_add_item(m)) == NULL ||
	    (bpath = pseudo_str(c->ps, sum, &c->names)) == NULL)
		return ERR(e, ERR_NOMEM, "%s", path);
	if (oi != NULL)
		copy_item(it, oi);
	else {
		manifest_set_str(&it->kind, "file");
		manifest_set_str(&it->source, path);
	}
	if (fd == -1 || end <= 0 || lseek(fd, 0, SEEK_SET) != 0) {
		manifest_set_str(&it->error, why);
		manifest_set_str(&it->path, bpath);
		free(bpath);
		return ERR_OK;
	}
	rc = bundle_add_fd(w, it, bpath, fd, (uint64_t)end, e);
	free(bpath);
	return rc;
}

/* Clean one member into the writer. */
static enum err_code
clean_member(struct clean *c, struct bundle_reader *r,
    struct bundle_writer *w, struct manifest *m, const struct manifest *orig,
    const char *path, struct err *e)
{
	const struct manifest_item	*oi = orig != NULL ?
					    manifest_find(orig, path) : NULL;
	struct manifest_item		*it;
	uint64_t			 bytes, n;
	enum err_code			 rc;
	char				*bpath, why[512] = "";
	int				 in, out, pk;

	if ((in = spool_member(r, e)) == -1)
		return ERR_IO;
	if ((out = temp_fd(e)) == -1) {
		close(in);
		return ERR_IO;
	}
	n = 0;
	if ((pk = pickle_summary(in, out, why, sizeof(why))) != 0) {
		close(in);
		rc = pickle_item(c, w, m, oi, path, pk == 1 ? out : -1, why, e);
		close(out);
		return rc;
	}
	if (reencode_series(c, in, out) == 0) {
		off_t	end = lseek(out, 0, SEEK_END);

		bytes = end > 0 ? (uint64_t)end : 0;
		rc = ERR_OK;
	} else if (ftruncate(out, 0) == -1 || lseek(out, 0, SEEK_SET) != 0) {
		rc = ERR_SYS(e, ERR_IO, "temporary file");
	} else {
		uint64_t	before = c->tally.total;

		rc = redact_stream_ps(in, out, c->ps, &bytes, &n, &c->tally, e);
		c->names += n - (c->tally.total - before);
	}
	close(in);
	if (rc == ERR_OK && lseek(out, 0, SEEK_SET) != 0)
		rc = ERR_SYS(e, ERR_IO, "temporary file");
	if (rc == ERR_OK && ((it = manifest_add_item(m)) == NULL ||
	    (bpath = pseudo_str(c->ps, path, &c->names)) == NULL))
		rc = ERR(e, ERR_NOMEM, "%s", path);
	if (rc == ERR_OK) {
		if (oi != NULL)
			copy_item(it, oi);
		else {
			manifest_set_str(&it->kind, "file");
			manifest_set_str(&it->source, path);
			it->source_bytes = bytes;
		}
		it->redactions += n;
		rc = bundle_add_fd(w, it, bpath, out, bytes, e);
		free(bpath);
	}
	close(out);
	return rc;
}

/* Items of the original with no member (a probe that failed). */
static void
memberless(struct manifest *m, const struct manifest *orig)
{
	struct manifest_item	*it;

	for (size_t i = 0; orig != NULL && i < orig->nitems; i++) {
		if (orig->items[i].sha256[0] != '\0' ||
		    (it = manifest_add_item(m)) == NULL)
			continue;
		copy_item(it, &orig->items[i]);
		manifest_set_str(&it->path, orig->items[i].path);
	}
}

/* A bare file: cleaned into a file. */
static enum err_code
clean_file(struct clean *c, const char *in, const char *out, struct err *e)
{
	uint64_t	bytes, n;
	enum err_code	rc;
	int		ifd, ofd, pk;
	char		why[512] = "";

	if ((ifd = open(in, O_RDONLY | O_CLOEXEC)) == -1)
		return ERR_SYS(e, ERR_IO, "%s", in);
	if ((ofd = open(out, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC |
	    O_NOFOLLOW, 0600)) == -1) {
		close(ifd);
		return ERR_SYS(e, ERR_IO, "%s", out);
	}
	/* A bare pickle: its snapshot's summary, or nothing. */
	if ((pk = pickle_summary(ifd, ofd, why, sizeof(why))) == -1)
		rc = ERR(e, ERR_FORMAT, "%s: %s", in, why);
	else if (pk == 1)
		rc = ERR_OK;
	else {
		rc = redact_stream_ps(ifd, ofd, c->ps, &bytes, &n, &c->tally,
		    e);
		c->names += n - c->tally.total;
	}
	close(ifd);
	if (fsync(ofd) == -1 && rc == ERR_OK)
		rc = ERR_SYS(e, ERR_IO, "%s", out);
	close(ofd);
	if (rc != ERR_OK)
		unlink(out);
	return rc;
}

static enum err_code
clean_bundle(struct clean *c, struct bundle_reader *r, const char *in,
    const struct manifest *orig, const char *out, int *damaged,
    struct err *e)
{
	struct bundle_writer	*w = NULL;
	struct bundle_member	 mb;
	struct manifest		*m = NULL;
	char			 dir[PATH_MAX], name[PATH_MAX], *fin = NULL;
	enum err_code		 rc = ERR_OK;
	int			 k = 0;

	snprintf(dir, sizeof(dir), "%s", out);
	snprintf(name, sizeof(name), "%s", out);
	/* orig: read in the first pass (an archive's comes last) */
	if ((m = new_manifest(orig, e)) == NULL)
		return e->code != ERR_OK ? e->code : ERR_NOMEM;
	if ((rc = bundle_writer_open(&w, dirname(dir), basename(name), m,
	    e)) != ERR_OK) {
		manifest_free(m);
		return rc;
	}
	while (rc == ERR_OK && (k = bundle_next(r, &mb, e)) == 1) {
		if (strcmp(mb.path, "manifest.json") == 0)
			continue;
		rc = clean_member(c, r, w, m, orig, mb.path, e);
	}
	if (rc == ERR_OK && k == -1) {
		fprintf(c->o->report, "oomtrail: %s: damaged: %s (the members "
		    "read before it are cleaned)\n", in, e->msg);
		*damaged = 1;
	}
	if (bundle_integrity(r) == INTEGRITY_MISMATCH ||
	    bundle_integrity(r) == INTEGRITY_DAMAGED) {
		fprintf(c->o->report, "oomtrail: %s: integrity %s before "
		    "cleaning\n", in, integrity_name(bundle_integrity(r)));
		*damaged = 1;
	}
	if (rc != ERR_OK) {
		bundle_writer_abort(w);
		manifest_free(m);
		return rc;
	}
	memberless(m, orig);
	record(c, m);
	rc = bundle_writer_close(w, &fin, e);
	free(fin);
	manifest_free(m);
	return rc;
}

/* OUT for input i: OUT itself, or OUT/<name of the input>.tar.zst. */
static void
out_path(const struct clean_opts *o, struct clean *c, int i, int bare,
    char *buf, size_t sz)
{
	static const char *const sfx[] = { ".tar.zst", ".tar.gz", ".tgz",
	    ".tar" };
	char	 tmp[PATH_MAX], *b, *ps;
	size_t	 l;

	if (o->ninputs == 1) {
		snprintf(buf, sz, "%s", o->out);
		return;
	}
	snprintf(tmp, sizeof(tmp), "%s", o->inputs[i]);
	l = strlen(tmp);
	while (l > 1 && tmp[l - 1] == '/')
		tmp[--l] = '\0';
	b = basename(tmp);
	for (size_t k = 0; !bare && k < sizeof(sfx) / sizeof(*sfx); k++) {
		size_t	sl = strlen(sfx[k]), bl = strlen(b);

		if (bl > sl && strcmp(b + bl - sl, sfx[k]) == 0) {
			b[bl - sl] = '\0';
			break;
		}
	}
	ps = pseudo_str(c->ps, b, &(uint64_t){ 0 });
	snprintf(buf, sz, "%s/%s%s", o->out, ps != NULL ? ps : b,
	    bare ? "" : ".tar.zst");
	/* two inputs of one name (node1/slurm.out, node2/slurm.out) */
	if (access(buf, F_OK) == 0)
		snprintf(buf, sz, "%s/%d-%s%s", o->out, i + 1, ps != NULL ? ps :
		    b, bare ? "" : ".tar.zst");
	free(ps);
}

static void
summary(struct clean *c, const char *in, const char *out)
{
	char	*by = redact_tally_str(&c->tally);

	fprintf(c->o->report, "oomtrail: redact: %s -> %s: masked %llu "
	    "secret%s%s%s%s, %llu names pseudonymised\n", in, out,
	    (unsigned long long)c->tally.total, c->tally.total == 1 ? "" : "s",
	    by != NULL ? " (" : "", by != NULL ? by : "", by != NULL ? ")" : "",
	    (unsigned long long)c->names);
	free(by);
}

static int
clean_one(struct clean *c, int i, const struct manifest *orig)
{
	const struct clean_opts	*o = c->o;
	struct bundle_reader	*r;
	struct err		 e = { 0 };
	char			 out[PATH_MAX];
	enum err_code		 rc;
	int			 damaged = 0, bare;

	memset(&c->tally, 0, sizeof(c->tally));
	c->names = 0;
	if (bundle_reader_open(&r, o->inputs[i], o->limits, &e) != ERR_OK) {
		fprintf(o->report, "oomtrail: %s: %s\n", o->inputs[i], e.msg);
		return 1;
	}
	bare = bundle_reader_kind(r) == BUNDLE_FILE;
	out_path(o, c, i, bare, out, sizeof(out));
	if (bare) {
		bundle_reader_close(r);
		rc = clean_file(c, o->inputs[i], out, &e);
	} else {
		rc = clean_bundle(c, r, o->inputs[i], orig, out, &damaged,
		    &e);
		bundle_reader_close(r);
	}
	if (rc != ERR_OK) {
		fprintf(o->report, "oomtrail: redact: %s: %s\n", o->inputs[i],
		    e.msg);
		return 1;
	}
	summary(c, o->inputs[i], out);
	return damaged ? 3 : 0;
}

int
clean_run(const struct clean_opts *o)
{
	struct clean	 c = { .o = o };
	struct manifest	**origs;
	struct err	 e = { 0 };
	char		 map[PATH_MAX];
	int		 rc = 0, bad = 0, r;

	if (pseudo_open(&c.ps, o->site_key, &c.random_key, &e) != ERR_OK) {
		fprintf(o->report, "oomtrail: redact: %s\n", e.msg);
		return 1;
	}
	if (o->ninputs > 1 && mkdir(o->out, 0700) == -1 && errno != EEXIST) {
		fprintf(o->report, "oomtrail: redact: %s: %s\n", o->out,
		    strerror(errno));
		pseudo_free(c.ps);
		return 1;
	}
	if ((origs = calloc((size_t)o->ninputs, sizeof(*origs))) == NULL) {
		pseudo_free(c.ps);
		return 1;
	}
	for (int i = 0; i < o->ninputs; i++)
		origs[i] = learn_input(&c, o->inputs[i]);
	for (int i = 0; i < o->ninputs; i++) {
		r = clean_one(&c, i, origs[i]);
		bad += r == 1;
		if (r != 0)
			rc = 3;
		manifest_free(origs[i]);
	}
	free(origs);
	snprintf(map, sizeof(map), "%s", o->out);
	while (strlen(map) > 1 && map[strlen(map) - 1] == '/')
		map[strlen(map) - 1] = '\0';
	strncat(map, ".map.json", sizeof(map) - strlen(map) - 1);
	if (bad < o->ninputs && pseudo_write_map(c.ps, map, &e) != ERR_OK) {
		fprintf(o->report, "oomtrail: redact: map: %s\n", e.msg);
		rc = 3;
	} else if (bad < o->ninputs)
		fprintf(o->report, "oomtrail: redact: pseudonym map (keep it, "
		    "do not send it): %s\n", map);
	if (c.random_key && bad < o->ninputs)
		fprintf(o->report, "oomtrail: redact: no site key (%s): "
		    "pseudonyms use a random key for this run and will not "
		    "match other bundles; create one with:\n  %s\n",
		    PSEUDO_DEFAULT_KEY, PSEUDO_KEYGEN_CMD);
	pseudo_free(c.ps);
	return bad == o->ninputs ? 1 : rc;
}
