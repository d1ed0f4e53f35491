/*
 * parse_access: what the job could open and what it was told to use.
 *
 * gpu/dev-access.txt is the collector's probe of the job's device cgroup:
 * a header ("method=child-in-cgroup" or "method=skipped", "uid=N gid=N
 * cgroup=PATH", "cgroup_mode=v1|v2
 * device_rules=devices.list|ebpf", an optional "note=TEXT") and one
 * "device=/dev/nvidiaN result=ok|EPERM|ENOENT|..." line per device it
 * tried to open. Each device line becomes one EV_GPU_DEV_ACCESS (device,
 * result, ok, and the header's uid, gid, cgroup, method and cgroup_mode);
 * method=skipped becomes an EV_NOTE carrying the note.
 *
 * host/job-env.txt holds the environment of the job's processes: blocks
 * that open with "pid=N" (or "pid=N same_as=M" when the environment is
 * the one of pid M) followed by KEY=VALUE lines, a blank line between
 * blocks. Each block becomes one EV_JOB_ENV with pid, the variables of
 * env_keys[] that set how many threads and which GPUs the process uses,
 * and omp_num_threads as a number; a same_as block takes M's values.
 *
 * Neither judges what it reads (is a denied device one the job was
 * given?): the rules do. Pure: reads in->data only; values borrow it.
 * Lines that are none of the above become EV_UNPARSED (a few per file).
 */
#include <string.h>

#include "parse.h"

#define NITEMS(a)	(sizeof(a) / sizeof((a)[0]))
#define UNPARSED_MAX	8
#define PAIRS_MAX	8	/* key=value pairs read on one line */

struct aparse {
	const struct src	*in;
	struct arena		*a;
	struct evlist		*out;
	int			 unparsed;
};

static int
unparsed(struct aparse *ap, const char *sig, const struct scan *sc,
    struct str line)
{
	return ev_unparsed(ap->out, ap->a, sig, ap->in->file_id, sc, line,
	    &ap->unparsed, UNPARSED_MAX);
}

/* ---- gpu/dev-access.txt ---- */

/* Keys whose value runs to the end of the line. */
static const char *const rest_keys[] = { "note", "cgroup" };

struct pair {
	struct str	k, v;
};

/* The "k=v k=v" pairs of a line; 0 when a word has no '='. */
static size_t
pairs(struct str t, struct pair *pv, size_t max)
{
	size_t		 n = 0, i;
	const char	*eq, *sp;

	while ((t = str_trim(t)).n > 0 && n < max) {
		if ((eq = memchr(t.p, '=', t.n)) == NULL || eq == t.p)
			return 0;
		pv[n].k = str_make(t.p, (size_t)(eq - t.p));
		if (memchr(pv[n].k.p, ' ', pv[n].k.n) != NULL)
			return 0;
		t = str_make(eq + 1, t.n - pv[n].k.n - 1);
		sp = memchr(t.p, ' ', t.n);
		for (i = 0; i < NITEMS(rest_keys); i++)
			if (str_eq(pv[n].k, rest_keys[i]))
				sp = NULL;
		pv[n].v = str_make(t.p, sp != NULL ? (size_t)(sp - t.p) : t.n);
		t = str_make(t.p + pv[n].v.n, t.n - pv[n].v.n);
		n++;
	}
	return n;
}

static struct str
pair_get(const struct pair *pv, size_t n, const char *k)
{
	for (size_t i = 0; i < n; i++)
		if (str_eq(pv[i].k, k))
			return pv[i].v;
	return str_make(NULL, 0);
}

/* The probe's header, wherever its lines are. */
struct dahead {
	struct str	 method, uid, gid, cgroup, mode, rules, note;
	struct scan	 method_at;	/* where method= was, to cite */
	struct str	 method_line;
};

static const struct {
	const char	*key;
	size_t		 off;
} head_keys[] = {
	{ "method", offsetof(struct dahead, method) },
	{ "uid", offsetof(struct dahead, uid) },
	{ "gid", offsetof(struct dahead, gid) },
	{ "cgroup", offsetof(struct dahead, cgroup) },
	{ "cgroup_mode", offsetof(struct dahead, mode) },
	{ "device_rules", offsetof(struct dahead, rules) },
	{ "note", offsetof(struct dahead, note) },
};

/* Reads the header lines; 1 when the line was one. */
static int
da_header(struct dahead *h, const struct scan *sc, struct str line,
    const struct pair *pv, size_t n)
{
	int	hit = 0;

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < NITEMS(head_keys); j++)
			if (str_eq(pv[i].k, head_keys[j].key)) {
				*(struct str *)((char *)h + head_keys[j].off) =
				    pv[i].v;
				hit = 1;
			}
	if (pair_get(pv, n, "method").p != NULL) {
		h->method_at = *sc;
		h->method_line = line;
	}
	return hit;
}

static int
da_set_header(struct event *ev, struct arena *a, const struct dahead *h)
{
	int64_t	v;

	if ((h->uid.p != NULL && str_to_i64(h->uid, &v) == 0 &&
	    ev_set_num(ev, a, "uid", v) == -1) ||
	    (h->gid.p != NULL && str_to_i64(h->gid, &v) == 0 &&
	    ev_set_num(ev, a, "gid", v) == -1))
		return -1;
	if ((h->method.p != NULL && ev_set_str(ev, a, "method",
	    h->method) == -1) ||
	    (h->mode.p != NULL && ev_set_str(ev, a, "cgroup_mode",
	    h->mode) == -1) ||
	    (h->rules.p != NULL && ev_set_str(ev, a, "device_rules",
	    h->rules) == -1) ||
	    (h->cgroup.p != NULL && ev_set_str(ev, a, "cgroup",
	    h->cgroup) == -1))
		return -1;
	return 0;
}

static int
da_device(struct aparse *ap, const struct dahead *h, const struct scan *sc,
    struct str line, const struct pair *pv, size_t n)
{
	struct str	 dev = pair_get(pv, n, "device");
	struct str	 res = pair_get(pv, n, "result");
	struct event	*ev;

	if (dev.n == 0 || res.n == 0)
		return unparsed(ap, "gpu.dev_access.unparsed", sc, line);
	if ((ev = evlist_add(ap->out, ap->a, EV_GPU_DEV_ACCESS)) == NULL)
		return -1;
	ev->sig = "gpu.dev_access";
	ev_cite(ev, ap->in->file_id, sc, line);
	if (ev_set_str(ev, ap->a, "device", dev) == -1 ||
	    ev_set_str(ev, ap->a, "result", res) == -1 ||
	    ev_set_num(ev, ap->a, "ok", str_eq(res, "ok")) == -1)
		return -1;
	return da_set_header(ev, ap->a, h);
}

static int
da_skipped(struct aparse *ap, const struct dahead *h)
{
	struct event	*ev;

	if ((ev = evlist_add(ap->out, ap->a, EV_NOTE)) == NULL)
		return -1;
	ev->sig = "gpu.dev_access.skipped";
	ev_cite(ev, ap->in->file_id, &h->method_at, h->method_line);
	return ev_set_str(ev, ap->a, "message", h->note.p != NULL ? h->note :
	    str_cstr("device access probe skipped"));
}

/*
 * parse_dev_access: see parse.h. Two passes: the header may follow the
 * device lines. ERR_NOMEM is the only error.
 */
enum err_code
parse_dev_access(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct aparse	 ap = { in, a, out, 0 };
	struct dahead	 h;
	struct pair	 pv[PAIRS_MAX];
	struct scan	 sc;
	struct str	 line;
	size_t		 n;

	memset(&h, 0, sizeof(h));
	scan_init(&sc, in->data, in->len);
	while (scan_line(&sc, &line))
		if ((n = pairs(line, pv, PAIRS_MAX)) > 0 &&
		    pair_get(pv, n, "device").p == NULL)
			(void)da_header(&h, &sc, line, pv, n);
	scan_init(&sc, in->data, in->len);
	while (scan_line(&sc, &line)) {
		if (str_trim(line).n == 0)
			continue;
		n = pairs(line, pv, PAIRS_MAX);
		if (n > 0 && pair_get(pv, n, "device").p == NULL)
			continue;
		if ((n > 0 ? da_device(&ap, &h, &sc, line, pv, n) :
		    unparsed(&ap, "gpu.dev_access.unparsed", &sc, line)) == -1)
			return ERR(e, ERR_NOMEM, "%s", in->name);
	}
	if (str_eq(h.method, "skipped") && da_skipped(&ap, &h) == -1)
		return ERR(e, ERR_NOMEM, "%s", in->name);
	return ERR_OK;
}

/* ---- host/job-env.txt ---- */

/* Variables kept; the field is the variable's name. */
static const char *const env_keys[] = {
	"OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS",
	"CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES",
	"GPU_DEVICE_ORDINAL", "ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES",
	"SLURM_CPUS_PER_TASK", "SLURM_CPUS_ON_NODE", "SLURM_JOB_CPUS_PER_NODE",
	"SLURM_JOB_GPUS", "SLURM_STEP_GPUS", "SLURM_GPUS_ON_NODE",
	"SLURM_JOB_ID", "SLURM_STEP_ID", "SLURM_PROCID", "SLURM_LOCALID",
	"SLURM_NTASKS", "PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_ALLOC_CONF",
	"PYTORCH_HIP_ALLOC_CONF",
};

static const char *
env_key(struct str k)
{
	for (size_t i = 0; i < NITEMS(env_keys); i++)
		if (str_eq(k, env_keys[i]))
			return env_keys[i];
	return NULL;
}

/* The leading count of "8" or "8,4" (nested OpenMP levels). */
static int
lead_threads(struct str v, int64_t *n)
{
	const char	*c = memchr(v.p, ',', v.n);

	v = str_trim(c != NULL ? str_make(v.p, (size_t)(c - v.p)) : v);
	return str_to_i64(v, n) == 0 && *n > 0 ? 0 : -1;
}

static int
env_var(struct aparse *ap, struct event *ev, const struct scan *sc,
    struct str line)
{
	const char	*eq = memchr(line.p, '=', line.n);
	const char	*name;
	struct str	 v;
	int64_t		 n;

	if (eq == NULL || eq == line.p)
		return unparsed(ap, "host.unparsed", sc, line);
	if ((name = env_key(str_make(line.p, (size_t)(eq - line.p)))) == NULL)
		return 0;
	v = str_make(eq + 1, line.n - (size_t)(eq + 1 - line.p));
	if (ev_set_str(ev, ap->a, name, v) == -1)
		return -1;
	if (strcmp(name, "OMP_NUM_THREADS") == 0 && lead_threads(v, &n) == 0)
		return ev_set_num(ev, ap->a, "omp_num_threads", n);
	return 0;
}

/* A same_as block takes the fields of the earlier block of that pid. */
static int
env_same_as(struct aparse *ap, struct event *ev, int64_t pid, size_t first)
{
	const struct event	*src = NULL;

	for (size_t i = first; i < ap->out->n; i++)
		if (ap->out->v[i]->kind == EV_JOB_ENV &&
		    ap->out->v[i]->pid == pid && ap->out->v[i] != ev)
			src = ap->out->v[i];
	if (src == NULL)
		return 0;
	for (uint16_t i = 0; i < src->nf; i++) {
		const struct evfield *f = &src->f[i];

		if (strcmp(f->name, "pid") == 0 || strcmp(f->name, "same_as") == 0)
			continue;
		if (ev_set_str(ev, ap->a, f->name, f->s) == -1 ||
		    (f->has_num && ev_set_num(ev, ap->a, f->name, f->num) == -1))
			return -1;
	}
	return 0;
}

/* "pid=N" or "pid=N same_as=M": opens a block. NULL with *bad set when
 * the line is no such header. */
static struct event *
env_open(struct aparse *ap, const struct scan *sc, struct str line,
    size_t first, int *bad)
{
	struct pair	 pv[2];
	size_t		 n = pairs(line, pv, 2);
	struct event	*ev;
	int64_t		 pid, same;

	*bad = 0;
	if (n == 0 || !str_eq(pv[0].k, "pid") ||
	    str_to_i64(pv[0].v, &pid) == -1 || pid < 0) {
		*bad = 1;
		return NULL;
	}
	if ((ev = evlist_add(ap->out, ap->a, EV_JOB_ENV)) == NULL)
		return NULL;
	ev->sig = "host.job_env";
	ev->pid = pid;
	ev_cite(ev, ap->in->file_id, sc, line);
	if (ev_set_num(ev, ap->a, "pid", pid) == -1)
		return NULL;
	if (n == 2 && str_eq(pv[1].k, "same_as") &&
	    str_to_i64(pv[1].v, &same) == 0 &&
	    (ev_set_num(ev, ap->a, "same_as", same) == -1 ||
	    env_same_as(ap, ev, same, first) == -1))
		return NULL;
	return ev;
}

/*
 * parse_job_env: see parse.h. ERR_NOMEM is the only error.
 */
enum err_code
parse_job_env(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct aparse	 ap = { in, a, out, 0 };
	struct event	*ev = NULL;
	struct scan	 sc;
	struct str	 line;
	size_t		 first = out->n;
	int		 bad;

	scan_init(&sc, in->data, in->len);
	while (scan_line(&sc, &line)) {
		if (str_trim(line).n == 0) {
			ev = NULL;
			continue;
		}
		if (str_starts(line, "pid=")) {
			if ((ev = env_open(&ap, &sc, line, first, &bad)) != NULL)
				continue;
			if (!bad)
				goto nomem;
		}
		if (ev == NULL) {
			if (unparsed(&ap, "host.unparsed", &sc, line) == -1)
				goto nomem;
			continue;
		}
		ev->context = str_make(in->data + ev->ref.off, sc.line_off +
		    line.n - ev->ref.off);
		ev->context_line = ev->ref.line;
		if (env_var(&ap, ev, &sc, line) == -1)
			goto nomem;
	}
	return ERR_OK;
nomem:
	return ERR(e, ERR_NOMEM, "%s", in->name);
}
