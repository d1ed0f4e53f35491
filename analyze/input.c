/*
 * input: load one input — a bundle archive, an unpacked bundle, a
 * directory of loose files or a bare log — into events.
 *
 * Members arrive in archive order. Small structured members (sacct,
 * scontrol, cgroup, nvidia-smi, host files; capped at collection) are
 * read whole and handed to their pure parser through the analysis's
 * member cache (member_cache.c): the node bundles of one job carry the
 * same Slurm records, which are kept and parsed once, not once a node;
 * logs are streamed in large blocks through the catalog's scanner, so a
 * 20 GB log costs its events and their context, never the log itself.
 * Without a manifest, the first block of each member decides its parser.
 * A damaged member, a cap or a refused read becomes a note; what was read
 * before stays evidence. A member the reader skipped for a cap (a bomb,
 * an over-size member, members past the count cap) is named in its
 * notes; the rest of the bundle is still read, and the input is marked
 * damaged (exit 3). "-" is standard input, "<stdin>" in the report.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "hash.h"
#include "internal.h"
#include "member_cache.h"
#include "parse.h"
#include "parse_log.h"

#define STRUCT_CAP	(64u << 20)	/* structured member read whole */
#define BLOCK		(128u << 10)	/* log streaming block: stays in L2 */
#define SNIFF_BYTES	(64u << 10)

static parse_fn *const parsers[] = {
	[FK_SACCT] = parse_sacct,
	[FK_SCONTROL] = parse_scontrol,
	[FK_KERNEL] = parse_kernel,
	[FK_CGROUP] = parse_cgroup,
	[FK_NVSMI_XML] = parse_nvsmi_xml,
	[FK_NVSMI_CSV] = parse_nvsmi_csv,
	[FK_HOST] = parse_host,
	[FK_CGROUP_CPU] = parse_cgroup_cpu,
	[FK_DEV_ACCESS] = parse_dev_access,
	[FK_SLURM_CONF] = parse_slurm_conf,
	[FK_JOB_ENV] = parse_job_env,
	[FK_DCGMI] = parse_dcgmi,
	[FK_AMDSMI] = parse_amdsmi,
};

static struct afile *
add_file(struct input *in, const char *path, enum file_kind kind,
    uint64_t bytes)
{
	struct afile	*nf;

	/* Arena arrays grow by copy; inputs hold few files. */
	if ((in->nfiles & (in->nfiles - 1)) == 0 || in->nfiles == 0) {
		size_t cap = in->nfiles == 0 ? 16 : in->nfiles * 2;

		if ((nf = arena_alloc(in->arena, cap * sizeof(*nf))) == NULL)
			return NULL;
		if (in->nfiles > 0)
			memcpy(nf, in->files, in->nfiles * sizeof(*nf));
		in->files = nf;
	}
	nf = &in->files[in->nfiles++];
	memset(nf, 0, sizeof(*nf));
	if ((nf->path = arena_strdup(in->arena, path)) == NULL)
		return NULL;
	nf->kind = kind;
	nf->bytes = bytes;
	return nf;
}

/* Read the rest of the member into the arena (a NULL: a malloc'd buffer
 * the caller frees), after `head` bytes already read. NUL-terminated as a
 * second guard; parsers don't rely on it. */
static enum err_code
slurp_rest(struct arena *a, struct bundle_reader *br, const char *head,
    size_t nhead, char **out, size_t *outn, struct err *e)
{
	char		*rest = NULL, *p;
	size_t		 nrest = 0;
	enum err_code	 rc;

	if ((rc = bundle_read_all(br, STRUCT_CAP - nhead, &rest, &nrest, e)))
		return rc;
	p = a != NULL ? arena_alloc(a, nhead + nrest + 1) :
	    malloc(nhead + nrest + 1);
	if (p == NULL) {
		free(rest);
		return ERR(e, ERR_NOMEM, "reading member");
	}
	if (nhead > 0)
		memcpy(p, head, nhead);
	if (nrest > 0)
		memcpy(p + nhead, rest, nrest);
	p[nhead + nrest] = '\0';
	free(rest);
	*out = p;
	*outn = nhead + nrest;
	return ERR_OK;
}

/*
 * A big member is read on two threads: this one reads, decompresses and
 * hashes (bundle_read) while a scanner thread runs the catalog over the
 * block read before (zstd | grep uses two cores too).
 * Two buffers go back and forth; only the scanner touches the logscan.
 */
/* A bare file's sha256 (the fleet record's), taken from the blocks as
 * they are read for the scan rather than by reading the file again. */
struct fhash {
	struct sha256	h;
	uint64_t	n;		/* bytes hashed */
};

#define PIPE_MIN	(8u << 20)	/* members smaller than this: one thread */
#define PIPE_BLOCK	(1u << 20)	/* its blocks: big enough for the
					 * scanner to split across cores */

struct pipe {
	pthread_mutex_t	 mu;
	pthread_cond_t	 cv;
	char		*buf[2];
	size_t		 len[2];
	int		 full[2];
	int		 done;		/* no more blocks will come */
	int		 failed;	/* the scanner stopped */
	struct logscan	*ls;
	struct bundle_reader *br;	/* hashed here, off the reading thread */
	struct fhash	*fh;		/* hashed on the reading thread */
	struct err	 e;
	enum err_code	 rc;
};

static void *
pipe_scan(void *arg)
{
	struct pipe	*p = arg;
	int		 i = 0;

	for (;;) {
		pthread_mutex_lock(&p->mu);
		while (!p->full[i] && !p->done)
			pthread_cond_wait(&p->cv, &p->mu);
		if (!p->full[i]) {
			pthread_mutex_unlock(&p->mu);
			return NULL;
		}
		pthread_mutex_unlock(&p->mu);
		/* Every block is hashed, in order, even after a failed scan:
		 * the member's sha256 must stay right. */
		bundle_hash(p->br, p->buf[i], p->len[i]);
		if (p->rc == ERR_OK)
			p->rc = logscan_feed(p->ls, p->buf[i], p->len[i],
			    &p->e);
		pthread_mutex_lock(&p->mu);
		p->full[i] = 0;
		p->failed = p->rc != ERR_OK;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
		i ^= 1;
	}
}

/* Read the rest of the member through the pipe; ERR_OK or the first
 * error of either side. blk provides the two buffers (2 * BLOCK). */
static enum err_code
pipe_run(struct logscan *ls, struct bundle_reader *br, char *blk,
    struct fhash *fh, struct err *e)
{
	struct pipe	 p = { .ls = ls, .br = br, .buf = { blk, blk + BLOCK },
			    .fh = fh };
	pthread_t	 th;
	ssize_t		 r = 0;
	int		 i = 0;
	size_t		 bsz = BLOCK;
	char		*big;
	int		 failed;

	/* Without the memory, the small blocks do. */
	if ((big = malloc(2 * PIPE_BLOCK)) != NULL) {
		p.buf[0] = big;
		p.buf[1] = big + PIPE_BLOCK;
		bsz = PIPE_BLOCK;
	}
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.cv, NULL);
	bundle_defer_hash(br, 1);
	if (pthread_create(&th, NULL, pipe_scan, &p) != 0) {
		bundle_defer_hash(br, 0);
		pthread_mutex_destroy(&p.mu);
		pthread_cond_destroy(&p.cv);
		free(big);
		return ERR(e, ERR_NOMEM, "scanner thread");
	}
	for (;;) {
		pthread_mutex_lock(&p.mu);
		while (p.full[i] && !p.failed)
			pthread_cond_wait(&p.cv, &p.mu);
		failed = p.failed;	/* read under the lock (TSan) */
		pthread_mutex_unlock(&p.mu);
		if (failed || (r = bundle_read(br, p.buf[i], bsz, e)) <= 0)
			break;
		if (fh != NULL) {
			sha256_update(&fh->h, p.buf[i], (size_t)r);
			fh->n += (uint64_t)r;
		}
		pthread_mutex_lock(&p.mu);
		p.len[i] = (size_t)r;
		p.full[i] = 1;
		pthread_cond_broadcast(&p.cv);
		pthread_mutex_unlock(&p.mu);
		i ^= 1;
	}
	pthread_mutex_lock(&p.mu);
	p.done = 1;
	pthread_cond_broadcast(&p.cv);
	pthread_mutex_unlock(&p.mu);
	pthread_join(th, NULL);
	bundle_defer_hash(br, 0);	/* what is left is hashed as read */
	pthread_mutex_destroy(&p.mu);
	pthread_cond_destroy(&p.cv);
	free(big);
	if (p.failed) {
		*e = p.e;
		return p.rc;
	}
	return r < 0 ? (e->code == ERR_OK ? ERR_ARCHIVE : e->code) : ERR_OK;
}

static enum err_code
stream_log(struct input *in, struct bundle_reader *br,
    const struct bundle_member *m, int file_id, const char *path,
    struct catalog *cat, const char *head, size_t nhead, char *blk,
    struct fhash *fh, struct err *e)
{
	struct logscan	*ls;
	enum err_code	 rc = ERR_OK;
	ssize_t		 r;

	if ((rc = logscan_new(cat, in->arena, &in->ev, file_id, path, &ls,
	    e)) != ERR_OK)
		return rc;
	if (fh != NULL) {
		sha256_update(&fh->h, head, nhead);
		fh->n += nhead;
	}
	if (nhead > 0 && (rc = logscan_feed(ls, head, nhead, e)) != ERR_OK)
		goto out;
	if (m->size >= PIPE_MIN)
		rc = pipe_run(ls, br, blk, fh, e);
	else {
		while ((r = bundle_read(br, blk, BLOCK, e)) > 0) {
			if (fh != NULL) {
				sha256_update(&fh->h, blk, (size_t)r);
				fh->n += (uint64_t)r;
			}
			if ((rc = logscan_feed(ls, blk, (size_t)r, e)) != ERR_OK)
				goto out;
		}
		if (r < 0)
			rc = e->code == ERR_OK ? ERR_ARCHIVE : e->code;
	}
	if (rc == ERR_OK)
		rc = logscan_end(ls, e);
out:
	logscan_free(ls);
	return rc;
}

/* A whole member already in memory, scanned as a log. */
static enum err_code
table_log(struct input *in, const struct src *s, struct catalog *cat,
    struct err *e)
{
	struct logscan	*ls;
	enum err_code	 rc;

	if ((rc = logscan_new(cat, in->arena, &in->ev, s->file_id, s->name,
	    &ls, e)) != ERR_OK)
		return rc;
	if ((rc = logscan_feed(ls, s->data, s->len, e)) == ERR_OK)
		rc = logscan_end(ls, e);
	logscan_free(ls);
	return rc;
}

/* Read up to SNIFF_BYTES of the member's start into blk. */
static ssize_t
read_head(struct bundle_reader *br, char *blk, struct err *e)
{
	size_t	n = 0;
	ssize_t	r;

	while (n < SNIFF_BYTES &&
	    (r = bundle_read(br, blk + n, SNIFF_BYTES - n, e)) > 0)
		n += (size_t)r;
	return r < 0 ? -1 : (ssize_t)n;
}

/*
 * Kinds whose parse is shared across inputs through the member cache:
 * every pure parser of the table but amd-smi's, whose events finish()
 * merges in place.
 */
static int
cached_kind(enum file_kind kind)
{
	return kind < sizeof(parsers) / sizeof(parsers[0]) &&
	    parsers[kind] != NULL && kind != FK_AMDSMI;
}

/* A structured member through the cache: its bytes are read into a
 * buffer freed here; the cache keeps one copy of each distinct text. */
static enum err_code
cached_member(struct input *in, struct mcache *mc, struct bundle_reader *br,
    enum file_kind kind, int file_id, const char *path, const char *head,
    size_t nhead, struct err *e)
{
	struct src	 s;
	char		*data = NULL;
	size_t		 n = 0;
	enum err_code	 rc;

	if ((rc = slurp_rest(NULL, br, head, nhead, &data, &n, e)))
		return rc;
	s = (struct src){ file_id, path, data, n };
	rc = mcache_parse(mc, parsers[kind], (int)kind, &s, in->arena,
	    &in->ev, e);
	free(data);
	return rc;
}

/* A kernel log: the kernel parser reads the kernel's lines; other
 * daemons' lines in the same paste (a syslog or journal) go to the
 * catalog as a log's would, the kernel's blanked so none is read twice. */
static enum err_code
kernel_member(struct input *in, struct mcache *mc, struct bundle_reader *br,
    int file_id, const char *path, struct catalog *cat, const char *head,
    size_t nhead, struct err *e)
{
	struct src	 s;
	char		*data = NULL, *rest;
	size_t		 n = 0;
	enum err_code	 rc;

	if (mc != NULL)
		rc = slurp_rest(NULL, br, head, nhead, &data, &n, e);
	else
		rc = slurp_rest(in->arena, br, head, nhead, &data, &n, e);
	if (rc != ERR_OK)
		return rc;
	s = (struct src){ file_id, path, data, n };
	rc = mc != NULL ? mcache_parse(mc, parse_kernel, (int)FK_KERNEL, &s,
	    in->arena, &in->ev, e) : parse_kernel(&s, in->arena, &in->ev, e);
	if (rc == ERR_OK && (rest = kernel_foreign(data, n)) != NULL) {
		s.data = rest;
		rc = table_log(in, &s, cat, e);
		free(rest);
	}
	if (mc != NULL)
		free(data);
	return rc;
}

static enum err_code
load_member(struct input *in, struct mcache *mc, struct bundle_reader *br,
    const struct bundle_member *m, struct catalog *cat, char *blk,
    struct fhash *fh, struct err *e)
{
	enum file_kind	 kind;
	struct afile	*f;
	struct src	 s;
	ssize_t		 nh;
	char		*data = NULL;
	size_t		 n = 0;
	int		 file_id;
	enum err_code	 rc;

	if ((nh = read_head(br, blk, e)) < 0)
		return e->code == ERR_OK ? ERR_ARCHIVE : e->code;
	if (in->has_manifest || bundle_reader_kind(br) == BUNDLE_ARCHIVE)
		kind = sniff_path(m->path);
	else
		kind = sniff_content(m->path, blk, (size_t)nh);
	/* Bundles from old or foreign collectors: trust content over path
	 * when the path says nothing. */
	if (kind == FK_LOG && !in->has_manifest)
		kind = sniff_content(m->path, blk, (size_t)nh);
	/* An --attach file without a .pickle suffix (a Flight Recorder dump
	 * is named /tmp/nccl_trace_rank_N) is a pickle by its first bytes. */
	if (kind == FK_LOG && strncmp(m->path, "attach/", 7) == 0 &&
	    nh >= 2 && (unsigned char)blk[0] == 0x80 && blk[1] >= 2 &&
	    blk[1] <= 5)
		kind = FK_TORCH_SNAPSHOT;
	if (kind == FK_MANIFEST)
		return ERR_OK;
	/* A kernel log too big to read whole is still scanned: the catalog
	 * knows the kernel's OOM and Xid lines too. */
	if (kind == FK_KERNEL && m->size > STRUCT_CAP) {
		input_add_note(in, "%s: over %u MiB, scanned as a log", m->path,
		    STRUCT_CAP >> 20);
		kind = FK_LOG;
	}
	if ((f = add_file(in, m->path, kind, m->size)) == NULL)
		return ERR(e, ERR_NOMEM, "file table");
	file_id = (int)in->nfiles - 1;
	if (kind == FK_SKIP)
		return ERR_OK;
	if (kind == FK_LOG || kind == FK_OTHER)
		return stream_log(in, br, m, file_id, f->path, cat, blk,
		    (size_t)nh, blk + SNIFF_BYTES, fh, e);
	if (kind == FK_KERNEL)
		return kernel_member(in, mc, br, file_id, f->path, cat, blk,
		    (size_t)nh, e);
	if (mc != NULL && cached_kind(kind))
		return cached_member(in, mc, br, kind, file_id, f->path, blk,
		    (size_t)nh, e);
	if ((rc = slurp_rest(in->arena, br, blk, (size_t)nh, &data, &n, e)))
		return rc;
	if (kind == FK_SERIES)
		return input_series(in, file_id, f->path, data, n, e);
	if (kind == FK_TORCH_SNAPSHOT)
		return input_torch(in, file_id, f->path, data, n, e);
	if (kind == FK_TORCH_SUMMARY)
		return input_torch_summary(in, file_id, f->path, data, n, e);
	s = (struct src){ file_id, f->path, data, n };
	/* A pasted nvidia-smi table often sits in a log: read the table,
	 * then scan the same bytes with the catalog. */
	if (kind == FK_NVSMI_TABLE)
		return parse_nvsmi_table(&s, in->arena, &in->ev, e) != ERR_OK ?
		    e->code : table_log(in, &s, cat, e);
	return parsers[kind](&s, in->arena, &in->ev, e);
}

static void
take_manifest(struct input *in, const struct manifest *m)
{
	struct arena	*a = in->arena;

	in->has_manifest = 1;
	in->node = arena_strdup(a, m->host);
	in->host = in->node;
	in->slurm_node = arena_strdup(a, m->node);
	in->cluster = arena_strdup(a, m->cluster);
	in->job_id = arena_strdup(a, m->job_id);
	in->array_job_id = arena_strdup(a, m->array_job_id);
	in->array_task_id = arena_strdup(a, m->array_task_id);
	if (m->redacted)
		in->redaction_key = arena_strdup(a, m->redaction_key != NULL ?
		    m->redaction_key : "unknown");
	in->scope = arena_strdup(a, m->scope);
	in->created_ns = m->created_ns;
	in->clocks = m->clocks;
	in->clocks.tz = arena_strdup(a, m->clocks.tz);
	in->has_clocks = m->clocks.realtime_ns != 0;
	in->items = arena_zalloc(a, (m->nitems + 1) * sizeof(*in->items));
	if (in->items == NULL)
		return;
	for (size_t i = 0; i < m->nitems; i++) {
		const struct manifest_item *it = &m->items[i];
		struct mitem *mi = &in->items[in->nitems++];

		mi->path = arena_strdup(a, it->path);
		mi->source = arena_strdup(a, it->source);
		mi->error = arena_strdup(a, it->error);
		mi->truncated = it->truncated;
		mi->timed_out = it->timed_out;
		mi->exit_status = it->exit_status;
		mi->signal = it->signal;
	}
}

const struct mitem *
input_item(const struct input *in, const char *path)
{
	for (size_t i = 0; i < in->nitems; i++)
		if (in->items[i].path != NULL &&
		    strcmp(in->items[i].path, path) == 0)
			return &in->items[i];
	return NULL;
}

/* After the last member: integrity, notes, trust flags. */
static void
finish(struct input *in, struct bundle_reader *br)
{
	const struct bundle_note	*notes;
	const struct manifest		*m;
	size_t				 n;

	if (!in->has_manifest && (m = bundle_manifest(br)) != NULL)
		take_manifest(in, m);
	/* A manifest that is there but unusable verifies nothing: the
	 * input is corrupt or tampered with, not merely unverified. */
	if (bundle_manifest_error(br) != NULL) {
		input_add_note(in, "manifest.json unusable: %s",
		    bundle_manifest_error(br));
		in->damaged = 1;
	}
	in->integrity = bundle_integrity(br);
	if (in->integrity == INTEGRITY_DAMAGED ||
	    in->integrity == INTEGRITY_MISMATCH)
		in->damaged = 1;
	notes = bundle_notes(br, &n);
	for (size_t i = 0; i < n; i++)
		input_add_note(in, "%s%s%s", notes[i].path ? notes[i].path : "",
		    notes[i].path ? ": " : "", notes[i].msg);
	for (size_t i = 0; i < in->nfiles; i++) {
		struct afile *f = &in->files[i];
		const struct mitem *it = input_item(in, f->path);

		if (bundle_member_verified(br, f->path) == 0)
			f->untrusted = 1;
		if (it != NULL && it->truncated)
			f->truncated = 1;
	}
	for (size_t i = 0; i < in->ev.n; i++)
		if (in->files[in->ev.v[i]->ref.file_id].untrusted)
			in->ev.v[i]->flags |= EVF_UNTRUSTED;
	/* amd-smi's documents of one snapshot: one EV_GPU per GPU */
	if (amdsmi_merge(&in->ev, in->arena) == -1)
		input_add_note(in, "amd-smi: out of memory merging GPUs");
}

static const char *
base_name(const char *p)
{
	const char	*s = strrchr(p, '/');

	while (s != NULL && s[1] == '\0' && s > p) {
		/* trailing slash: a directory given as "dir/" */
		const char *q = s - 1;

		while (q > p && *q != '/')
			q--;
		return *q == '/' ? q + 1 : q;
	}
	return s == NULL ? p : s + 1;
}

enum err_code
input_load(const char *path, struct catalog *cat, struct mcache *mc,
    const struct bundle_limits *limits, int sha256, struct input **out,
    struct err *e)
{
	struct bundle_limits	 lim;
	struct bundle_reader	*br = NULL;
	struct bundle_member	 m;
	struct input		*in;
	struct err		 me = { 0 };
	char			*blk = NULL;
	enum err_code		 rc;
	const char		*name;
	uint64_t		 skipped;
	int			 r;
	struct fhash		 fh = { .n = 0 };
	int			 whole = 0;	/* fh covers the file */

	*out = NULL;
	/* The arena starts small and grows: a node bundle whose Slurm
	 * records the cache holds needs a few KB of its own. */
	if ((in = calloc(1, sizeof(*in))) == NULL ||
	    (in->arena = arena_new(1 << 12)) == NULL) {
		free(in);
		return ERR(e, ERR_NOMEM, "%s", path);
	}
	/* "-" is standard input; the reader names it "<stdin>" too */
	name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	in->path = arena_strdup(in->arena, name);
	in->label = arena_strdup(in->arena, base_name(name));
	in->integrity = INTEGRITY_UNVERIFIED;
	if (limits != NULL)
		lim = *limits;
	else
		bundle_limits_default(&lim);
	if ((rc = bundle_reader_open(&br, path, &lim, e)) != ERR_OK)
		goto fail;
	in->kind = bundle_reader_kind(br);
	if (bundle_manifest(br) != NULL)
		take_manifest(in, bundle_manifest(br));
	/* Page-aligned: the kernel's copy into a misaligned buffer costs
	 * several times more than the scan itself. */
	if (posix_memalign((void **)&blk, 4096, SNIFF_BYTES + 2 * BLOCK)
	    != 0) {
		blk = NULL;
		rc = ERR(e, ERR_NOMEM, "%s", path);
		goto fail;
	}
	sha256_init(&fh.h);
	while ((r = bundle_next(br, &m, &me)) == 1) {
		int	bare = sha256 && in->kind == BUNDLE_FILE &&
			    strcmp(path, "-") != 0;

		skipped = bundle_skipped(br);
		rc = load_member(in, mc, br, &m, cat, blk, bare ? &fh : NULL,
		    &me);
		/* A log read to its end: the file's hash is known. */
		whole = bare && rc == ERR_OK && fh.n == m.size &&
		    bundle_skipped(br) == skipped;
		if (rc == ERR_NOMEM) {
			*e = me;
			goto fail;
		}
		if (rc != ERR_OK) {
			/* a member skipped for a cap: the reader's note says so */
			if (bundle_skipped(br) == skipped)
				input_add_note(in, "%s: %s", m.path, me.msg);
			if (in->nfiles > 0 && strcmp(in->files[in->nfiles - 1]
			    .path, m.path) == 0)
				in->files[in->nfiles - 1].unreadable = 1;
			if (rc == ERR_ARCHIVE || rc == ERR_LIMIT)
				in->damaged = 1;
			me = (struct err){ 0 };
		}
	}
	if (r < 0) {
		input_add_note(in, "damaged: %s", me.msg);
		in->damaged = 1;
	}
	finish(in, br);
	if (r < 0 || bundle_skipped(br) > 0) {
		in->integrity = INTEGRITY_DAMAGED;
		in->damaged = 1;
	}
	if (whole && r == 0 && fh.n > 0) {
		char	hex[65];

		sha256_hex(&fh.h, hex);
		in->sha256 = arena_strdup(in->arena, hex);
	}
	free(blk);
	bundle_reader_close(br);
	*out = in;
	return ERR_OK;
fail:
	free(blk);
	bundle_reader_close(br);
	input_free(in);
	return rc;
}

void
input_free(struct input *in)
{
	if (in == NULL)
		return;
	evlist_free(&in->ev);
	arena_free(in->arena);
	free(in);
}
