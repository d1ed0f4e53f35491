/*
 * parse_amdsmi: AMD GPUs as ROCm's tools report them, in JSON.
 *
 * One parser reads every document the collector writes (and the same
 * output pasted as a loose file): `amd-smi metric --json` (VRAM total,
 * used and free under "mem_usage"; the RAS error counts under "ecc"),
 * `amd-smi static --json` (the ASIC's market name, the VRAM size),
 * `amd-smi bad-pages --json` (retired, pending and unreservable pages),
 * `amd-smi process --json` (one entry per process with its VRAM) and,
 * where amd-smi is missing, `rocm-smi --showmeminfo vram
 * --showproductname --json` ("cardN" objects of strings). amd-smi wraps
 * its GPU list as a bare array or, in later releases, as {"gpu_data":
 * [...]}; the --sort-by-pid process list puts the pid first with the GPUs
 * inside. All shapes are read; a key of an unknown shape is skipped.
 *
 * The output uses the nvidia-smi parsers' vocabulary, so the device rules
 * read both vendors alike: one EV_GPU per GPU object that says something
 * about the GPU (fb_total_bytes, fb_used_bytes, fb_free_bytes, product,
 * uuid, ecc_volatile_correctable and _uncorrectable from the driver's RAS
 * counts since it loaded, retired_pages (RESERVED), retired_pending (0/1)
 * and retired_pending_pages, retired_unreservable), vendor "amd" and index = amd-smi's "gpu" (or
 * rocm-smi's card number); one EV_GPU_PROC per process (pid, name,
 * used_bytes = its VRAM, gpu_index). amd-smi's "MB" is MiB (it divides
 * bytes by 1024 * 1024), as are KB and GB. The documents of one snapshot
 * are merged per GPU by amdsmi_merge() once the whole input is read.
 *
 * Every document comes from a stranger: the size is capped, the GPUs and
 * processes counted, numbers range-checked (a negative or overflowing
 * quantity is skipped, counted and noted), and a document that is not
 * JSON becomes an EV_NOTE naming the file, the line and jansson's reason;
 * nothing is an error but allocation failure. Events cite the line of
 * their GPU's "gpu" key (rocm-smi: "cardN"; a process: "pid"), found by
 * a forward scan of the raw text, since jansson keeps no positions.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "parse.h"

#define AMD_MAX_BYTES	(16u << 20)	/* a document larger is not read */
#define AMD_MAX_GPUS	256
#define AMD_MAX_PROCS	4096
#define TEXT_MAX	512

struct actx {
	const struct src	*in;
	struct arena		*a;
	struct evlist		*out;
	size_t			 cur;	/* citation cursor: byte offset */
	uint32_t		 line;	/* its line */
	size_t			 ngpus, nprocs;
	size_t			 bad;	/* values skipped */
	size_t			 over;	/* GPUs or processes past the caps */
};

static int
note(struct actx *c, const char *sig, uint32_t line, const char *msg)
{
	struct event	*ev;

	if ((ev = evlist_add(c->out, c->a, EV_NOTE)) == NULL)
		return -1;
	ev->sig = sig;
	ev->ref.file_id = c->in->file_id;
	ev->ref.line = line;
	if ((msg = arena_strdup(c->a, msg)) == NULL)
		return -1;
	ev->text = str_cstr(msg);
	return ev_set_str(ev, c->a, "message", ev->text);
}

/*
 * Move the cursor to the next `"key"` (then blanks and a colon) whose
 * value starts with val (when not NULL), and cite that line on ev. The
 * cursor only moves forward, so the whole scan costs one pass. Without
 * a match the event keeps the line the cursor is on.
 */
static void
cite(struct actx *c, struct event *ev, const char *key, const char *val)
{
	const char	*d = c->in->data, *e = d + c->in->len, *p, *q, *ls;
	size_t		 kl = strlen(key), vl = val != NULL ? strlen(val) : 0;
	size_t		 i, at = c->in->len;

	for (i = c->cur; i + kl + 2 <= c->in->len; i++) {
		if (d[i] != '"' || memcmp(d + i + 1, key, kl) != 0 ||
		    d[i + 1 + kl] != '"')
			continue;
		for (q = d + i + kl + 2; q < e && (*q == ' ' || *q == '\t' ||
		    *q == '\r' || *q == '\n'); q++)
			;
		if (q >= e || *q != ':')
			continue;
		for (q++; q < e && (*q == ' ' || *q == '\t' || *q == '\r' ||
		    *q == '\n'); q++)
			;
		if (val != NULL && ((size_t)(e - q) < vl ||
		    memcmp(q, val, vl) != 0 || (q + vl < e && q[vl] >= '0' &&
		    q[vl] <= '9')))
			continue;
		at = i;
		break;
	}
	if (at < c->in->len) {
		for (p = d + c->cur; p < d + at; p++)
			if (*p == '\n')
				c->line++;
		c->cur = at;
	}
	for (ls = d + c->cur; ls > d && ls[-1] != '\n'; ls--)
		;
	for (p = d + c->cur; p < e && *p != '\n'; p++)
		;
	ev->ref.file_id = c->in->file_id;
	ev->ref.line = c->line;
	ev->ref.off = (uint64_t)(ls - d);
	ev->ref.len = (uint32_t)(p - ls);
	while (ls < p && (*ls == ' ' || *ls == '\t'))
		ls++;
	ev->text = str_make(ls, (size_t)(p - ls) > TEXT_MAX ? TEXT_MAX :
	    (size_t)(p - ls));
}

/* A string that says "no value": amd-smi's and rocm-smi's words. */
static int
absent(const char *s)
{
	return strcmp(s, "N/A") == 0 || strcmp(s, "") == 0 ||
	    strstr(s, "Not supported") != NULL ||
	    strstr(s, "not supported") != NULL;
}

/* A whole decimal number in a JSON integer, real or string; 0 or -1. */
static int
jnumber(json_t *v, double *out)
{
	const char	*s;
	char		*end;

	if (json_is_integer(v)) {
		*out = (double)json_integer_value(v);
		return 0;
	}
	if (json_is_real(v)) {
		*out = json_real_value(v);
		return 0;
	}
	if (!json_is_string(v) || absent(s = json_string_value(v)))
		return -1;
	*out = strtod(s, &end);
	return end == s || *end != '\0' ? -1 : 0;
}

static int64_t
unit_mult(const char *u)
{
	static const struct {
		const char	*name;
		int64_t		 mult;
	} t[] = {
		{ "B", 1 }, { "KB", 1 << 10 }, { "KiB", 1 << 10 },
		{ "MB", 1 << 20 }, { "MiB", 1 << 20 },
		{ "GB", (int64_t)1 << 30 }, { "GiB", (int64_t)1 << 30 },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (strcmp(u, t[i].name) == 0)
			return t[i].mult;
	return -1;
}

/*
 * A quantity in bytes: {"value": N, "unit": "MB"}, or a bare number
 * (string or not) in dflt_mult units. 1 set, 0 absent ("N/A"), -1 of a
 * shape or range that cannot be a size (counted).
 */
static int
jbytes(struct actx *c, json_t *v, int64_t dflt_mult, int64_t *out)
{
	json_t	*u;
	double	 n;
	int64_t	 m = dflt_mult;

	if (v == NULL || json_is_null(v) || (json_is_string(v) &&
	    absent(json_string_value(v))))
		return 0;
	if (json_is_object(v)) {
		u = json_object_get(v, "unit");
		if (json_is_string(u) && (m = unit_mult(json_string_value(u)))
		    == -1)
			goto bad;
		v = json_object_get(v, "value");
		if (v == NULL || json_is_null(v) || (json_is_string(v) &&
		    absent(json_string_value(v))))
			return 0;
	}
	if (jnumber(v, &n) == -1 || n < 0 || n != n ||
	    n * (double)m >= 9.2e18)
		goto bad;
	*out = (int64_t)(n * (double)m);
	return 1;
bad:
	c->bad++;
	return -1;
}

/* A count: a non-negative whole number (or {"value": N}). */
static int
jcount(struct actx *c, json_t *v, int64_t *out)
{
	return jbytes(c, v, 1, out);
}

static int
set_bytes(struct actx *c, struct event *ev, const char *field, json_t *v,
    int64_t mult)
{
	int64_t	n;

	return jbytes(c, v, mult, &n) == 1 ?
	    ev_set_num(ev, c->a, field, n) : 0;
}

static int
set_text(struct actx *c, struct event *ev, const char *field, json_t *v)
{
	if (!json_is_string(v) || absent(json_string_value(v)))
		return 0;
	return ev_set_strdup(ev, c->a, field,
	    str_cstr(json_string_value(v)));
}

/* The entries of a bad-pages list: amd-smi prints a list, one entry
 * alone as an object, and a sentence ("No bad pages found.", "N/A") for
 * none. -1 when the key is absent or of another shape. */
static int64_t
page_count(json_t *v)
{
	json_t		*x;
	size_t		 i;
	int64_t		 n = 0;

	if (json_is_object(v))
		return 1;
	if (!json_is_array(v))
		return json_is_string(v) ? 0 : -1;
	json_array_foreach(v, i, x)
		if (json_is_object(x))
			n++;
	return n;
}

/* retired (RESERVED), pending (PENDING) and un_res (UNRESERVABLE). */
static int
bad_pages(struct actx *c, struct event *ev, json_t *g)
{
	int64_t	r = page_count(json_object_get(g, "retired"));
	int64_t	p = page_count(json_object_get(g, "pending"));
	int64_t	u = page_count(json_object_get(g, "un_res"));

	if ((r >= 0 && ev_set_num(ev, c->a, "retired_pages", r) == -1) ||
	    (p >= 0 && ev_set_num(ev, c->a, "retired_pending", p > 0) ==
	    -1) || (p > 0 && ev_set_num(ev, c->a, "retired_pending_pages",
	    p) == -1) || (u >= 0 && ev_set_num(ev, c->a,
	    "retired_unreservable", u) == -1))
		return -1;
	return 0;
}

static int
ecc(struct actx *c, struct event *ev, json_t *e)
{
	static const struct {
		const char	*key, *field;
	} t[] = {
		{ "total_uncorrectable", "ecc_volatile_uncorrectable" },
		{ "total_uncorrectable_count", "ecc_volatile_uncorrectable" },
		{ "uncorrectable_count", "ecc_volatile_uncorrectable" },
		{ "total_correctable", "ecc_volatile_correctable" },
		{ "total_correctable_count", "ecc_volatile_correctable" },
		{ "correctable_count", "ecc_volatile_correctable" },
		{ "total_deferred_count", "ecc_deferred" },
	};
	int64_t	n;

	if (!json_is_object(e))
		return 0;
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (ev_field(ev, t[i].field) == NULL &&
		    jcount(c, json_object_get(e, t[i].key), &n) == 1 &&
		    ev_set_num(ev, c->a, t[i].field, n) == -1)
			return -1;
	return 0;
}

static struct event *
gpu_new(struct actx *c, int64_t idx, const char *key, const char *val)
{
	struct event	*ev;

	if (c->ngpus >= AMD_MAX_GPUS) {
		c->over++;
		return NULL;
	}
	c->ngpus++;
	if ((ev = evlist_add(c->out, c->a, EV_GPU)) == NULL)
		return NULL;
	ev->sig = "amdsmi_json";
	cite(c, ev, key, val);
	if (ev_set_num(ev, c->a, "index", idx) == -1 ||
	    ev_set_strdup(ev, c->a, "vendor", str_cstr("amd")) == -1)
		return NULL;
	return ev;
}

static int
proc_event(struct actx *c, json_t *pi, int64_t gpu, json_t *mem_in)
{
	struct event	*ev;
	json_t		*pid = json_object_get(pi, "pid"), *mu, *mem;
	int64_t		 p;
	char		 val[32];

	if (jcount(c, pid, &p) != 1)
		return 0;
	if (c->nprocs >= AMD_MAX_PROCS) {
		c->over++;
		return 0;
	}
	c->nprocs++;
	if ((ev = evlist_add(c->out, c->a, EV_GPU_PROC)) == NULL)
		return -1;
	ev->sig = "amdsmi_json";
	snprintf(val, sizeof(val), "%" PRId64, p);
	cite(c, ev, "pid", val);
	ev->pid = p;
	mem = mem_in != NULL ? mem_in : pi;
	mu = json_object_get(mem, "memory_usage");
	if (ev_set_num(ev, c->a, "pid", p) == -1 ||
	    set_text(c, ev, "name", json_object_get(pi, "name")) == -1 ||
	    (gpu >= 0 && ev_set_num(ev, c->a, "gpu_index", gpu) == -1))
		return -1;
	/* VRAM, else all the process's GPU memory ("mem", "mem_usage") */
	if (json_is_object(mu) && json_object_get(mu, "vram_mem") != NULL)
		return set_bytes(c, ev, "used_bytes",
		    json_object_get(mu, "vram_mem"), 1);
	if (json_object_get(mem, "mem_usage") != NULL)
		return set_bytes(c, ev, "used_bytes",
		    json_object_get(mem, "mem_usage"), 1);
	return set_bytes(c, ev, "used_bytes", json_object_get(mem, "mem"), 1);
}

/* "process_list": [{"process_info": {...}}] (or a sentence: none). */
static int
procs(struct actx *c, json_t *list, int64_t gpu)
{
	json_t	*x, *pi;
	size_t	 i;

	if (!json_is_array(list))
		return 0;
	json_array_foreach(list, i, x) {
		pi = json_object_get(x, "process_info");
		if (json_is_object(pi) && proc_event(c, pi, gpu, NULL) == -1)
			return -1;
	}
	return 0;
}

/* One GPU object of amd-smi: {"gpu": N, ...}. */
static int
amd_gpu(struct actx *c, json_t *g)
{
	json_t		*mu, *asic, *vram;
	struct event	*ev;
	int64_t		 idx;
	char		 val[32];

	if (jcount(c, json_object_get(g, "gpu"), &idx) != 1)
		return 0;
	mu = json_object_get(g, "mem_usage");
	asic = json_object_get(g, "asic");
	vram = json_object_get(g, "vram");
	if (json_is_object(mu) || json_is_object(asic) ||
	    json_is_object(vram) || json_object_get(g, "ecc") != NULL ||
	    json_object_get(g, "retired") != NULL ||
	    json_object_get(g, "pending") != NULL) {
		snprintf(val, sizeof(val), "%" PRId64, idx);
		if ((ev = gpu_new(c, idx, "gpu", val)) == NULL)
			return c->over > 0 ? 0 : -1;
		if (set_bytes(c, ev, "fb_total_bytes",
		    json_object_get(mu, "total_vram"), 1 << 20) == -1 ||
		    set_bytes(c, ev, "fb_used_bytes",
		    json_object_get(mu, "used_vram"), 1 << 20) == -1 ||
		    set_bytes(c, ev, "fb_free_bytes",
		    json_object_get(mu, "free_vram"), 1 << 20) == -1 ||
		    (ev_field(ev, "fb_total_bytes") == NULL &&
		    set_bytes(c, ev, "fb_total_bytes",
		    json_object_get(vram, "size"), 1 << 20) == -1) ||
		    set_text(c, ev, "product",
		    json_object_get(asic, "market_name")) == -1 ||
		    set_text(c, ev, "uuid", json_object_get(g, "uuid")) == -1 ||
		    ecc(c, ev, json_object_get(g, "ecc")) == -1 ||
		    bad_pages(c, ev, g) == -1)
			return -1;
		/* hardware trouble cites its own line */
		if (ev_num_or(ev, "retired_pending", 0) > 0)
			cite(c, ev, "pending", NULL);
		else if (ev_num_or(ev, "ecc_volatile_uncorrectable", 0) > 0)
			cite(c, ev, "total_uncorrectable", NULL);
	}
	return procs(c, json_object_get(g, "process_list"), idx);
}

/* --sort-by-pid: {"pid": P, "name": ..., "gpus": [{"gpu_index": N,
 * "mem": ..., "memory_usage": {...}}]}. */
static int
amd_pid_first(struct actx *c, json_t *p)
{
	json_t	*x;
	size_t	 i;
	int64_t	 gi;

	json_array_foreach(json_object_get(p, "gpus"), i, x)
		if (json_is_object(x) && jcount(c, json_object_get(x,
		    "gpu_index"), &gi) == 1 && proc_event(c, p, gi, x) == -1)
			return -1;
	return 0;
}

/* rocm-smi: {"card0": {"VRAM Total Memory (B)": "...", ...}, ...}. */
static int
rocm_cards(struct actx *c, json_t *root)
{
	const char	*k;
	json_t		*v;
	struct event	*ev;
	int64_t		 idx;
	char		 key[64];

	json_object_foreach(root, k, v) {
		if (strncmp(k, "card", 4) != 0 || !json_is_object(v) ||
		    str_to_i64(str_cstr(k + 4), &idx) == -1 || idx < 0)
			continue;
		snprintf(key, sizeof(key), "%s", k);
		if ((ev = gpu_new(c, idx, key, NULL)) == NULL) {
			if (c->over > 0)
				continue;
			return -1;
		}
		if (set_bytes(c, ev, "fb_total_bytes", json_object_get(v,
		    "VRAM Total Memory (B)"), 1) == -1 ||
		    set_bytes(c, ev, "fb_used_bytes", json_object_get(v,
		    "VRAM Total Used Memory (B)"), 1) == -1 ||
		    set_text(c, ev, "product", json_object_get(v,
		    "Card Series")) == -1 ||
		    set_text(c, ev, "uuid", json_object_get(v,
		    "Unique ID")) == -1)
			return -1;
	}
	return 0;
}

static int
doc(struct actx *c, json_t *root)
{
	json_t	*list = root, *x;
	size_t	 i;

	if (json_is_object(root) && json_is_array(json_object_get(root,
	    "gpu_data")))
		list = json_object_get(root, "gpu_data");
	else if (json_is_object(root) && json_object_get(root, "gpu_data") ==
	    NULL) {
		size_t	before = c->ngpus;

		if (rocm_cards(c, root) == -1)
			return -1;
		if (c->ngpus == before && c->over == 0 &&
		    json_object_get(root, "system") == NULL)
			return note(c, "amdsmi.json_shape", 1, "rocm-smi JSON: "
			    "an object without \"cardN\" members; no GPU read");
		return 0;
	}
	if (!json_is_array(list))
		return note(c, "amdsmi.json_shape", 1, "amd-smi/rocm-smi JSON: "
		    "neither a list of GPUs nor an object of cards; not read");
	json_array_foreach(list, i, x) {
		if (!json_is_object(x))
			continue;
		if (json_object_get(x, "gpus") != NULL &&
		    json_object_get(x, "pid") != NULL) {
			if (amd_pid_first(c, x) == -1)
				return -1;
		} else if (amd_gpu(c, x) == -1)
			return -1;
	}
	return 0;
}

enum err_code
parse_amdsmi(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct actx	 c = { .in = in, .a = a, .out = out, .line = 1 };
	json_error_t	 je;
	json_t		*root;
	char		 msg[320];
	int		 r;

	if (in->len > AMD_MAX_BYTES) {
		snprintf(msg, sizeof(msg), "%s: %zu bytes, over the %u byte "
		    "limit of an amd-smi/rocm-smi document; not read", in->name,
		    in->len, AMD_MAX_BYTES);
		return note(&c, "amdsmi.too_big", 1, msg) == -1 ?
		    ERR(e, ERR_NOMEM, "%s", in->name) : ERR_OK;
	}
	if ((root = json_loadb(in->data, in->len, JSON_REJECT_DUPLICATES,
	    &je)) == NULL) {
		snprintf(msg, sizeof(msg), "%s: line %d: not amd-smi/rocm-smi "
		    "JSON: %s", in->name, je.line, je.text);
		return note(&c, "amdsmi.json_error", je.line > 0 ?
		    (uint32_t)je.line : 1, msg) == -1 ?
		    ERR(e, ERR_NOMEM, "%s", in->name) : ERR_OK;
	}
	r = doc(&c, root);
	json_decref(root);
	if (r == 0 && (c.bad > 0 || c.over > 0)) {
		snprintf(msg, sizeof(msg), "%s: %zu values of an unexpected "
		    "type or range skipped, %zu GPUs or processes past the "
		    "caps (%d, %d) not read", in->name, c.bad, c.over,
		    AMD_MAX_GPUS, AMD_MAX_PROCS);
		r = note(&c, "amdsmi.skipped", 1, msg);
	}
	return r == -1 ? ERR(e, ERR_NOMEM, "%s", in->name) : ERR_OK;
}

/* Content sniffer: amd-smi's keys or rocm-smi's VRAM lines near the top
 * of a JSON document. */
int
sniff_amdsmi(const char *p, size_t n)
{
	struct str	s = str_make(p, n > 8192 ? 8192 : n), t = str_trim(s);

	if (t.n == 0 || (t.p[0] != '[' && t.p[0] != '{'))
		return 0;
	if (str_find(s, "\"VRAM Total Memory (B)\"") != NULL ||
	    str_find(s, "\"mem_usage\"") != NULL ||
	    str_find(s, "\"process_list\"") != NULL ||
	    (str_find(s, "\"gpu\"") != NULL && (str_find(s, "\"asic\"") !=
	    NULL || str_find(s, "\"retired\"") != NULL)))
		return 90;
	return 0;
}

/* Fold the later EV_GPU of a GPU (another amd-smi document of the same
 * snapshot: metric, static, bad pages) into the first: the fields it
 * lacks are copied, the later event is dropped; the first keeps its
 * citation unless only the later one shows hardware trouble (pending
 * pages, uncorrectable errors), whose line is then cited. */
static int
hw_trouble(const struct event *ev)
{
	return ev_num_or(ev, "retired_pending", 0) > 0 ||
	    ev_num_or(ev, "ecc_volatile_uncorrectable", 0) > 0;
}

int
amdsmi_merge(struct evlist *l, struct arena *a)
{
	struct event	*firsts[AMD_MAX_GPUS];
	size_t		 k = 0, nfirst = 0;

	for (size_t i = 0; i < l->n; i++) {
		struct event	*ev = l->v[i], *first = NULL;
		int64_t		 idx = ev_num_or(ev, "index", -1);
		int		 amd = ev->kind == EV_GPU && ev->sig != NULL &&
				    strcmp(ev->sig, "amdsmi_json") == 0;

		for (size_t j = 0; amd && j < nfirst && first == NULL; j++)
			if (ev_num_or(firsts[j], "index", -2) == idx &&
			    firsts[j]->node == ev->node)
				first = firsts[j];
		if (first == NULL) {
			if (amd && nfirst < AMD_MAX_GPUS)
				firsts[nfirst++] = ev;
			l->v[k++] = ev;
			continue;
		}
		/* the citation of the hardware trouble, when only the later
		 * document shows it (bad pages after the metric) */
		if (hw_trouble(ev) && !hw_trouble(first)) {
			first->ref = ev->ref;
			first->text = ev->text;
		}
		for (uint16_t f = 0; f < ev->nf; f++) {
			const struct evfield *fl = &ev->f[f];

			if (ev_field(first, fl->name) != NULL)
				continue;
			if ((fl->has_num ? ev_set_num(first, a, fl->name,
			    fl->num) : ev_set_str(first, a, fl->name, fl->s))
			    == -1)
				return -1;
		}
	}
	l->n = k;
	return 0;
}
