/*
 * collect: one collection run, from choosing the output directory to the
 * renamed bundle.
 *
 * collect_run() picks a writable output directory with enough free space
 * (the one asked for or the current one, then $TMPDIR, then /tmp),
 * samples the clock anchors, walks the probe table (probes.c) and closes
 * the bundle. Every item goes through collect_emit(): its spooled bytes
 * are redacted into a second spool, stored as a member within the bundle
 * cap, and its outcome recorded in the manifest; failures are listed for
 * the caller. The writer opens once the cluster name is known (it is in
 * the bundle's name); members captured before that wait in redacted
 * spools. With --redact, identifiers are learned from Slurm's output
 * before each item is rewritten, member paths and the bundle's name are
 * pseudonymous, the manifest's own text is rewritten at the end (when
 * everything is known), and the map goes next to the bundle. This module
 * runs no commands itself and never prints.
 */
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/utsname.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"
#include "pseudo.h"

#define LEARN_MAX	(1u << 20)	/* bytes of an item learned from */

/*
 * Spool files live unlinked in the output directory. They are reused:
 * creating and unlinking one per item costs more kernel time than the
 * rest of the collector on ext4 (inode allocation), so an emptied spool
 * goes back to a small pool.
 */
int
collect_spool(struct collect *c)
{
	char	p[PATH_MAX];
	int	fd;

	if (c->npool > 0)
		return c->pool[--c->npool];
	if ((size_t)snprintf(p, sizeof(p), "%s/.oomtrail-spool.XXXXXX",
	    c->outdir) >= sizeof(p) || (fd = mkstemp(p)) == -1)
		return -1;
	unlink(p);
	return fd;
}

void
collect_unspool(struct collect *c, int fd)
{
	if (fd == -1)
		return;
	if (c->npool < (int)(sizeof(c->pool) / sizeof(c->pool[0])) &&
	    ftruncate(fd, 0) == 0 && lseek(fd, 0, SEEK_SET) == 0)
		c->pool[c->npool++] = fd;
	else
		close(fd);
}

static void
add_failure(struct collect *c, const char *path, const char *why)
{
	char	**v;
	char	 *s;
	size_t	  n = strlen(path) + strlen(why) + 3;

	if ((v = realloc(c->r->failed, (c->r->nfailed + 1) * sizeof(*v)))
	    == NULL)
		return;
	c->r->failed = v;
	if ((s = malloc(n)) == NULL)
		return;
	snprintf(s, n, "%s: %s", path, why);
	v[c->r->nfailed++] = s;
}

static const char *
env_or(const char *name, const char *dflt)
{
	const char	*v = getenv(name);

	return v != NULL && *v != '\0' ? v : dflt;
}

static void
safe_part(char *out, size_t sz, const char *in, const char *dflt)
{
	size_t	i;

	if (in == NULL || *in == '\0')
		in = dflt;
	for (i = 0; in[i] != '\0' && i + 1 < sz; i++)
		out[i] = isalnum((unsigned char)in[i]) || in[i] == '.' ||
		    in[i] == '_' ? in[i] : '_';
	out[i] = '\0';
}

static enum err_code
flush_pending(struct collect *c)
{
	struct pending	*p;
	enum err_code	 rc = ERR_OK;

	for (size_t i = 0; i < c->npend; i++) {
		p = &c->pend[i];
		if (rc == ERR_OK && lseek(p->fd, 0, SEEK_SET) == 0)
			rc = bundle_add_fd(c->w, &c->m->items[p->item],
			    c->m->items[p->item].path, p->fd, p->size, c->e);
		collect_unspool(c, p->fd);
	}
	c->npend = 0;
	return rc;
}

static enum err_code
open_writer(struct collect *c)
{
	char	name[512], cl[64], job[64], host[64];

	if (c->w != NULL)
		return ERR_OK;
	safe_part(cl, sizeof(cl), c->cluster, "nocluster");
	safe_part(job, sizeof(job), c->jid.ref, "nojob");
	if (c->o->scope == SCOPE_JOB)
		snprintf(host, sizeof(host), "job");	/* not this host's */
	else if (c->ps != NULL && c->host[0] != '\0')
		pseudo_name(c->ps, PS_HOST, c->host, strlen(c->host), host,
		    sizeof(host));
	else
		safe_part(host, sizeof(host), c->host, "nohost");
	snprintf(name, sizeof(name), "oomtrail-%s-%s-%s-%s.tar.zst", cl, job,
	    host, c->stamp);
	if ((c->fatal = bundle_writer_open_unique(&c->w, c->outdir, name, c->m,
	    c->e)) != ERR_OK)
		return c->fatal;
	return c->fatal = flush_pending(c);
}

/* The item's error text and whether it counts as a failure. */
static int
describe(const struct emit *em, char *out, size_t sz)
{
	const struct run_res	*r = em->res;
	int			 file = strcmp(em->kind, "file") == 0;
	int			 no;

	*out = '\0';
	if (em->error != NULL)
		return snprintf(out, sz, "%s", em->error), em->failed;
	if (r == NULL)
		return 0;
	if (r->exec_errno != 0)
		return snprintf(out, sz, "%s: %s not found%s",
		    snap_errno_name(r->exec_errno), em->source,
		    r->exec_errno == ENOENT ? "" : " or not runnable"),
		    r->exec_errno != ENOENT;
	if (r->timed_out)
		return snprintf(out, sz, "timeout after %lld ms%s",
		    (long long)(r->duration_ns / NS_PER_MS),
		    r->abandoned ? "; child abandoned (not reaped)" : ""), 1;
	if (r->flooded)
		return snprintf(out, sz, "output over cap: stopped after "
		    "%llu bytes", (unsigned long long)r->seen), 1;
	if (file && r->exit_status >= RUN_ERRNO_BASE) {
		no = r->exit_status - RUN_ERRNO_BASE;
		return snprintf(out, sz, "%s: %s: %s", snap_errno_name(no),
		    em->source, strerror(no)), no != ENOENT;
	}
	if (r->signal != 0)
		return snprintf(out, sz, "killed by signal %d", r->signal), 1;
	if (r->exit_status != 0)
		return snprintf(out, sz, "exit status %d: %.*s", r->exit_status,
		    (int)strcspn(r->err, "\n"), r->err), 1;
	return 0;
}

static void
fill_item(struct manifest_item *it, const struct emit *em, const char *err,
    uint64_t red)
{
	const struct run_res	*r = em->res;

	manifest_set_str(&it->source, em->source);
	manifest_set_str(&it->kind, em->kind);
	if (*err != '\0')
		manifest_set_str(&it->error, err);
	it->redactions = red;
	it->source_bytes = em->source_bytes;
	for (size_t i = 0; i < em->nranges; i++)
		manifest_item_add_range(it, em->ranges[i].off,
		    em->ranges[i].len);
	it->truncated = em->nranges > 1;
	if (r == NULL)
		return;
	it->start_ns = r->start_ns;
	it->duration_ns = r->duration_ns;
	it->exit_status = r->exit_status;
	it->signal = r->signal;
	it->timed_out = r->timed_out;
	it->abandoned = r->abandoned;
	it->truncated |= r->truncated;
	if (it->source_bytes == 0)
		it->source_bytes = r->seen;
	if (r->truncated && em->nranges == 0)
		manifest_item_add_range(it, 0, r->bytes);
}

static enum err_code
store(struct collect *c, struct manifest_item *it, const char *bpath, int fd,
    uint64_t n)
{
	if (c->w == NULL && (c->named || c->npend == MAX_PENDING) &&
	    open_writer(c) != ERR_OK) {
		collect_unspool(c, fd);
		return c->fatal;
	}
	if (c->w != NULL) {
		c->fatal = bundle_add_fd(c->w, it, bpath, fd, n, c->e);
		collect_unspool(c, fd);
		return c->fatal;
	}
	if (manifest_set_str(&it->path, bpath) == -1)
		return c->fatal = ERR(c->e, ERR_NOMEM, "%s", bpath);
	c->pend[c->npend++] = (struct pending){ it - c->m->items, fd, n };
	return ERR_OK;
}

/* With --redact, Slurm's own output and the process table name the job's
 * user, uid, nodes and directories: learn them before rewriting. */
static void
learn(struct collect *c, const struct emit *em)
{
	char	*buf;
	ssize_t	 r;

	if (c->ps == NULL || em->spool == -1 ||
	    (strncmp(em->bpath, "slurm/", 6) != 0 &&
	    strcmp(em->bpath, "host/procs.tsv") != 0) ||
	    (buf = malloc(LEARN_MAX)) == NULL)
		return;
	if ((r = pread(em->spool, buf, LEARN_MAX, 0)) > 0)
		pseudo_learn_text(c->ps, buf, (size_t)r);
	free(buf);
}

/* An --attach file byte for byte: a pickle must not be touched. */
static int
raw_copy(int in, int out, uint64_t *n)
{
	char	buf[65536];
	ssize_t	r, w;

	*n = 0;
	while ((r = pread(in, buf, sizeof(buf), (off_t)*n)) > 0) {
		for (ssize_t k = 0; k < r; k += w)
			if ((w = write(out, buf + k, (size_t)(r - k))) <= 0)
				return -1;
		*n += (uint64_t)r;
	}
	return r < 0 || lseek(out, 0, SEEK_SET) != 0 ? -1 : 0;
}

/* Redact em->spool into a new spool; -1 if there is nothing to store. */
static int
redacted(struct collect *c, const struct emit *em, uint64_t *n,
    uint64_t *red)
{
	int	out;

	*n = *red = 0;
	if (em->spool == -1 || (out = collect_spool(c)) == -1)
		return -1;
	if (em->raw)
		return raw_copy(em->spool, out, n) == 0 ? out :
		    (close(out), -1);
	learn(c, em);
	/* A verbatim item (a checksummed series) was pseudonymised by its
	 * probe: only secrets are masked here. */
	if (redact_stream_ps(em->spool, out, em->verbatim ? NULL : c->ps, n,
	    red, &c->tally, NULL) != ERR_OK ||
	    lseek(out, 0, SEEK_SET) != 0) {
		close(out);
		return -1;
	}
	return out;
}

enum err_code
collect_emit(struct collect *c, const struct emit *em)
{
	struct manifest_item	*it;
	char			 err[512], *bp = NULL;
	const char		*bpath = em->bpath;
	uint64_t		 n, red, pn = 0, n_raw = 0;
	int			 failed, out = -1;

	if (c->fatal != ERR_OK)
		goto out;
	failed = describe(em, err, sizeof(err));
	out = redacted(c, em, &n, &red);
	if (c->ps != NULL && (bpath = bp = pseudo_str(c->ps, em->bpath,
	    &pn)) == NULL) {
		c->fatal = ERR(c->e, ERR_NOMEM, "%s", em->bpath);
		goto out;
	}
	if (out != -1 && n == 0 && *err != '\0') {
		close(out);	/* nothing came: the item says why */
		out = -1;
	}
	if (out != -1 && em->raw) {
		c->attach_total += n;	/* its own budget, checked by attach.c */
		n_raw = n;
	} else if (out != -1 && c->total + n > BUNDLE_CAP) {
		snprintf(err, sizeof(err), "bundle cap of %llu bytes reached: "
		    "not stored", (unsigned long long)BUNDLE_CAP);
		failed = 1;
		close(out);
		out = -1;
	}
	if ((it = manifest_add_item(c->m)) == NULL) {
		c->fatal = ERR(c->e, ERR_NOMEM, "manifest item");
		goto out;
	}
	fill_item(it, em, err, red + pn);
	if (failed)
		add_failure(c, bpath, err);
	if (out == -1) {
		if (manifest_set_str(&it->path, bpath) == -1)
			c->fatal = ERR(c->e, ERR_NOMEM, "%s", bpath);
		goto out;
	}
	c->total += n - n_raw;
	store(c, it, bpath, out, n);
	out = -1;
out:
	free(bp);
	collect_unspool(c, out);
	/* A probe's spool dup()ed to be read again is closed, never emptied
	 * for reuse. */
	if (em->shared && em->spool != -1)
		close(em->spool);
	else
		collect_unspool(c, em->spool);
	return c->fatal;
}

static int
dir_ok(const char *dir)
{
	struct statvfs	sv;

	return access(dir, W_OK | X_OK) == 0 && statvfs(dir, &sv) == 0 &&
	    (uint64_t)sv.f_bavail * sv.f_frsize >= FREE_MARGIN;
}

static enum err_code
pick_outdir(struct collect *c)
{
	const char	*cand[3];
	const char	*tmp = getenv("TMPDIR");

	cand[0] = c->outarg;
	cand[1] = tmp != NULL && *tmp != '\0' ? tmp : "/tmp";
	cand[2] = "/tmp";
	for (size_t i = 0; i < 3; i++) {
		if (!dir_ok(cand[i]))
			continue;
		if (i > 0)
			snprintf(c->r->note, sizeof(c->r->note), "%.100s "
			    "is not writable or has under %llu MiB free; using "
			    "%.100s",
			    cand[0], (unsigned long long)(FREE_MARGIN / MIB),
			    cand[i]);
		if (realpath(cand[i], c->outdir) == NULL)
			snprintf(c->outdir, sizeof(c->outdir), "%s", cand[i]);
		return ERR_OK;
	}
	return ERR(c->e, ERR_IO, "no output directory is writable with %llu "
	    "MiB free (tried %s, %s, /tmp)",
	    (unsigned long long)(FREE_MARGIN / MIB), cand[0], cand[1]);
}

/* mkdir -p, 0700 for what is created; existing parts are left alone. */
static void
mkdirs(char *path)
{
	for (char *p = path + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		(void)mkdir(path, 0700);
		*p = '/';
	}
	(void)mkdir(path, 0700);
}

/*
 * --output (else $OOMTRAIL_OUTPUT, else .) with %j (the job as Slurm
 * names it: <array>_<task> for an array task) and %n (the Slurm node, else
 * the host) replaced, each made safe for a path component; %% is %.
 * Directories that the pattern names are created (0700).
 */
static void
expand_output(struct collect *c)
{
	const char	*in = c->o->output, *v;
	char		 part[256] = "";
	size_t		 n = 0;
	int		 pat = 0;

	if (in == NULL || *in == '\0')
		in = env_or("OOMTRAIL_OUTPUT", ".");
	for (; *in != '\0' && n + 1 < sizeof(c->outarg); in++) {
		if (*in != '%' || (in[1] != 'j' && in[1] != 'n' &&
		    in[1] != '%')) {
			c->outarg[n++] = *in;
			continue;
		}
		in++;
		v = *in == '%' ? "%" : part;
		if (*in == 'j')
			safe_part(part, sizeof(part), c->jid.ref, "nojob");
		else if (*in == 'n')
			safe_part(part, sizeof(part), env_or("SLURMD_NODENAME",
			    c->host), "nohost");
		if (strcmp(part, ".") == 0 || strcmp(part, "..") == 0)
			part[0] = '_', part[1] = '\0';
		pat |= *in != '%';
		n += (size_t)snprintf(c->outarg + n, sizeof(c->outarg) - n,
		    "%s", v);
		n = n >= sizeof(c->outarg) ? sizeof(c->outarg) - 1 : n;
	}
	c->outarg[n] = '\0';
	if (pat)
		mkdirs(c->outarg);
}

/* REALTIME/MONOTONIC/BOOTTIME together: the try with the least spread. */
static void
clocks(struct manifest_clocks *k)
{
	int64_t		m1, m2, r, b, best = INT64_MAX;
	struct tm	tm;
	time_t		now;

	for (int i = 0; i < 3; i++) {
		m1 = run_now(CLOCK_MONOTONIC);
		r = run_now(CLOCK_REALTIME);
		b = run_now(CLOCK_BOOTTIME);
		m2 = run_now(CLOCK_MONOTONIC);
		if (m2 - m1 >= best)
			continue;
		best = m2 - m1;
		k->realtime_ns = r;
		k->monotonic_ns = m1 + (m2 - m1) / 2;
		k->boottime_ns = b;
	}
	now = (time_t)(k->realtime_ns / NS_PER_S);
	if (localtime_r(&now, &tm) != NULL) {
		k->utc_offset_s = (int)tm.tm_gmtoff;
		k->has_offset = 1;
		manifest_set_str(&k->tz, getenv("TZ") != NULL ?
		    getenv("TZ") : tm.tm_zone);
	}
}

static void
setup(struct collect *c, const struct collect_opts *o)
{
	struct utsname	u;
	struct tm	tm;
	time_t		now = time(NULL);
	int64_t		d = (int64_t)o->deadline_s * NS_PER_S;
	int64_t		reserve = d / 5 < 2 * NS_PER_S ? d / 5 : 2 * NS_PER_S;

	c->deadline_ns = run_now(CLOCK_MONOTONIC) + d - reserve;
	c->cg_root = env_or("OOMTRAIL_CGROUP_ROOT", "/sys/fs/cgroup");
	c->cg_local = -1;
	c->proc_root = env_or("OOMTRAIL_PROC_ROOT", "/proc");
	c->kmsg = env_or("OOMTRAIL_KMSG", "/dev/kmsg");
	collect_job(o->job, &c->jid);
	snprintf(c->job, sizeof(c->job), "%s", c->jid.own);
	c->epilog = strcmp(env_or("SLURM_SCRIPT_CONTEXT", ""),
	    "epilog_slurmd") == 0;
	if (uname(&u) == 0) {
		snprintf(c->host, sizeof(c->host), "%s", u.nodename);
		manifest_set_str(&c->m->kernel, u.release);
	}
	manifest_set_str(&c->m->host, c->host);
	snprintf(c->node, sizeof(c->node), "%s", env_or("SLURMD_NODENAME",
	    c->host));
	gmtime_r(&now, &tm);
	strftime(c->stamp, sizeof(c->stamp), "%Y%m%dT%H%M%SZ", &tm);
	clocks(&c->m->clocks);
	c->m->format = MANIFEST_FORMAT;
	c->m->created_ns = c->m->clocks.realtime_ns;
	manifest_set_str(&c->m->collector_version, OOMTRAIL_VERSION);
	manifest_set_str(&c->m->collector_build, "oomtrail-collect " __DATE__);
	if (*c->job != '\0')
		manifest_set_str(&c->m->job_id, c->job);
	if (c->jid.aj[0] != '\0') {
		manifest_set_str(&c->m->array_job_id, c->jid.aj);
		manifest_set_str(&c->m->array_task_id, c->jid.at);
	}
	if (getenv("SLURMD_NODENAME") != NULL && o->scope != SCOPE_JOB)
		manifest_set_str(&c->m->node, getenv("SLURMD_NODENAME"));
	manifest_set_str(&c->m->scope, collect_scope_name(o->scope));
}

/* Replace *field with its pseudonymous form; counts into *n. */
static void
pseudo_field(struct collect *c, char **field, uint64_t *n)
{
	char	*s;

	if (*field == NULL || (s = pseudo_str(c->ps, *field, n)) == NULL)
		return;
	free(*field);
	*field = s;
}

/* Mask secrets in a manifest string; counted in the item and tally. */
static void
mask_field(struct collect *c, char **field, struct manifest_item *it)
{
	uint64_t	 before = c->tally.total;
	char		*s;

	if (*field == NULL || (s = redact_text(*field, &c->tally)) == NULL)
		return;
	free(*field);
	*field = s;
	it->redactions += c->tally.total - before;
}

/* The manifest's own text, once everything has been learned. */
static void
pseudo_manifest(struct collect *c)
{
	struct manifest_item	*it;

	char			 kid[17];

	manifest_set_str(&c->m->redaction_categories,
	    c->ps != NULL ? "secrets," PSEUDO_CATEGORIES : "secrets");
	c->m->redacted = c->ps != NULL;
	/* an item's source (argv) or error (a tool's message) may hold a
	 * secret too */
	for (size_t i = 0; i < c->m->nitems; i++) {
		mask_field(c, &c->m->items[i].source, &c->m->items[i]);
		mask_field(c, &c->m->items[i].error, &c->m->items[i]);
	}
	c->m->redaction_detectors = redact_tally_str(&c->tally);
	manifest_set_str(&c->m->redaction_detector_set, REDACT_DETECTOR_SET);
	if (c->ps == NULL)
		return;
	pseudo_key_id(c->ps, kid);
	manifest_set_str(&c->m->redaction_key_id, kid);
	manifest_set_str(&c->m->redaction_key, c->random_key ? "random" :
	    "site");
	pseudo_field(c, &c->m->host, &(uint64_t){ 0 });
	for (size_t i = 0; i < c->m->nitems; i++) {
		it = &c->m->items[i];
		pseudo_field(c, &it->source, &it->redactions);
		pseudo_field(c, &it->error, &it->redactions);
	}
}

/* <bundle>.map.json, mode 0600, next to the bundle, never in it. */
static void
write_map(struct collect *c)
{
	char		 path[PATH_MAX];
	struct err	 e = { 0 };

	if (c->ps == NULL || c->r->bundle_path == NULL)
		return;
	snprintf(path, sizeof(path), "%s.map.json", c->r->bundle_path);
	if (pseudo_write_map(c->ps, path, &e) != ERR_OK)
		add_failure(c, "pseudonym map", e.msg);
}

/* What was masked, for the sender to review (issue 20). */
static void
redaction_summary(struct collect *c)
{
	char	*by = redact_tally_str(&c->tally);
	size_t	 k;

	k = (size_t)snprintf(c->r->redaction, sizeof(c->r->redaction),
	    "masked %llu secret%s%s%s%s",
	    (unsigned long long)c->tally.total, c->tally.total == 1 ? "" : "s",
	    by != NULL ? " (" : "", by != NULL ? by : "", by != NULL ? ")" : "");
	free(by);
	if (c->ps != NULL && k < sizeof(c->r->redaction))
		k += (size_t)snprintf(c->r->redaction + k,
		    sizeof(c->r->redaction) - k, "; names pseudonymised, map "
		    "beside the bundle: %s.map.json", c->r->bundle_path != NULL ?
		    c->r->bundle_path : "(none)");
	if (c->random_key && k < sizeof(c->r->redaction))
		snprintf(c->r->redaction + k, sizeof(c->r->redaction) - k,
		    "\nno site key (%s): pseudonyms use a random key for this "
		    "run and will not match other nodes' bundles; create one "
		    "with: %s", PSEUDO_DEFAULT_KEY, PSEUDO_KEYGEN_CMD);
}

static void
finish(struct collect *c)
{
	if (c->fatal == ERR_OK && c->w == NULL)
		open_writer(c);
	if (c->cluster[0] != '\0')
		manifest_set_str(&c->m->cluster, c->cluster);
	pseudo_manifest(c);
	if (c->fatal == ERR_OK) {
		c->fatal = bundle_writer_close(c->w, &c->r->bundle_path, c->e);
		write_map(c);
	} else
		bundle_writer_abort(c->w);
	for (size_t i = 0; i < c->npend; i++)
		close(c->pend[i].fd);
	c->w = NULL;
}

/* --keep, --keep-bytes: after the bundle is in place. */
static void
prune(struct collect *c)
{
	const char	*base;
	struct err	 e = { 0 };

	if (c->r->bundle_path == NULL || (c->o->keep == 0 &&
	    c->o->keep_bytes == 0))
		return;
	base = strrchr(c->r->bundle_path, '/');
	base = base != NULL ? base + 1 : c->r->bundle_path;
	if (prune_bundles(c->outdir, base, c->o->keep, c->o->keep_bytes,
	    &c->r->pruned, &c->r->pruned_bytes, &e) != ERR_OK)
		snprintf(c->r->prune_note, sizeof(c->r->prune_note),
		    "not pruned: %.200s", e.msg);
}

static const char *const scope_names[] = { "all", "node", "job" };

const char *
collect_scope_name(enum collect_scope s)
{
	return scope_names[s];
}

int
collect_scope_parse(const char *v, enum collect_scope *out)
{
	for (size_t i = 0; i < 3; i++)
		if (strcmp(v, scope_names[i]) == 0) {
			*out = (enum collect_scope)i;
			return 0;
		}
	return -1;
}

static int
all_digits(const char *s)
{
	return *s != '\0' && strspn(s, "0123456789") == strlen(s);
}

void
collect_job(const char *arg, struct jobid *j)
{
	const char	*own = env_or("SLURM_JOB_ID", ""),
			*aj = env_or("SLURM_ARRAY_JOB_ID", ""),
			*at = env_or("SLURM_ARRAY_TASK_ID", "");
	const char	*us;

	memset(j, 0, sizeof(*j));
	if (arg == NULL)
		arg = own;
	snprintf(j->own, sizeof(j->own), "%s", arg);
	snprintf(j->ref, sizeof(j->ref), "%s", arg);
	if ((us = strchr(arg, '_')) != NULL) {
		/* --job A_T: the task's own id from the environment when it
		 * is that task's, else from its markers. */
		snprintf(j->aj, sizeof(j->aj), "%.*s", (int)(us - arg), arg);
		snprintf(j->at, sizeof(j->at), "%s", us + 1);
		if (!all_digits(j->aj) || !all_digits(j->at)) {
			j->aj[0] = j->at[0] = '\0';
			return;
		}
		if (strcmp(aj, j->aj) == 0 && strcmp(at, j->at) == 0 &&
		    all_digits(own))
			snprintf(j->own, sizeof(j->own), "%s", own);
		else
			markers_find_array(markers_root(), j->aj, j->at,
			    j->own, sizeof(j->own));
		return;
	}
	if (strcmp(arg, own) == 0 && all_digits(aj) && all_digits(at)) {
		snprintf(j->aj, sizeof(j->aj), "%s", aj);
		snprintf(j->at, sizeof(j->at), "%s", at);
		snprintf(j->ref, sizeof(j->ref), "%s_%s", aj, at);
	}
}

enum err_code
collect_if_incident(const char *job, int *yes, char *why, size_t why_sz,
    struct err *e)
{
	struct jobid	j;
	struct incident	r;
	enum err_code	rc;

	collect_job(job, &j);
	if (!all_digits(j.own))
		return ERR(e, ERR_USAGE, "--if-incident needs the job's own id "
		    "(--job or SLURM_JOB_ID; for an array task, its markers)");
	if ((rc = incident_decide(j.own, &r, e)) != ERR_OK)
		return rc;
	*yes = r.yes;
	snprintf(why, why_sz, "%s", r.why);
	return ERR_OK;
}

enum err_code
collect_run(const struct collect_opts *o, struct collect_result *r,
    struct err *e)
{
	struct collect	*c;
	enum err_code	 rc;

	memset(r, 0, sizeof(*r));
	r->status = COLLECT_NO_BUNDLE;
	if ((c = calloc(1, sizeof(*c))) == NULL)
		return ERR(e, ERR_NOMEM, "collect");
	c->o = o;
	c->r = r;
	c->e = e;
	if ((c->m = manifest_new()) == NULL) {
		free(c);
		return ERR(e, ERR_NOMEM, "manifest");
	}
	if (o->redact && (rc = pseudo_open(&c->ps, o->site_key,
	    &c->random_key, e)) != ERR_OK) {
		manifest_free(c->m);
		free(c);
		return rc;
	}
	setup(c, o);
	if (c->ps != NULL)
		pseudo_learn_env(c->ps, c->host);
	probes_markers(c);
	expand_output(c);
	if ((rc = pick_outdir(c)) == ERR_OK) {
		probes_run(c);
		finish(c);
		rc = c->fatal;
	}
	if (rc == ERR_OK)
		r->status = r->nfailed > 0 ? COLLECT_PARTIAL : COLLECT_COMPLETE;
	redaction_summary(c);
	if (rc == ERR_OK)
		prune(c);
	free(c->ms);
	while (c->npool > 0)
		close(c->pool[--c->npool]);
	manifest_free(c->m);
	pseudo_free(c->ps);
	free(c);
	return rc;
}

void
collect_result_free(struct collect_result *r)
{
	if (r == NULL)
		return;
	for (size_t i = 0; i < r->nfailed; i++)
		free(r->failed[i]);
	free(r->failed);
	free(r->bundle_path);
	r->failed = NULL;
	r->bundle_path = NULL;
	r->nfailed = 0;
}
