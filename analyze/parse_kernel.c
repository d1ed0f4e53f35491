/*
 * parse_kernel: the kernel log, whatever wrapped it.
 *
 * Reads /dev/kmsg records ("pri,seq,usec,flags;text", with " KEY=value"
 * dictionary lines after them), dmesg in its default, -r, -x, -T and
 * --time-format iso shapes, and syslog / journalctl short, short-precise
 * and short-iso lines. Each line's envelope comes off first (the env[]
 * table), then its message body is matched against the kernel and NVIDIA
 * driver messages in kmatch[].
 *
 * It emits one EV_KERNEL_OOM per OOM-killer report (header, memcg usage,
 * summary and victim lines grouped into one event, also when only part of
 * the report is in the log: "partial", and "cut_head" when the log begins
 * inside the report, after its first line), EV_OOM_REAPER, EV_XID,
 * EV_GPU_DRIVER_ERROR (NVRM lines; the amdgpu driver's page fault and
 * its uncorrectable RAS errors outside memory), EV_ECC_ERROR (amdgpu's
 * uncorrectable errors in the memory controller, UMC),
 * one EV_NOTE "kernel.coverage" that says what span of time the log
 * covers, and an EV_NOTE "kernel.out_of_order" where a timestamp goes
 * backwards. Other lines produce no events; they are only counted.
 *
 * It does not convert time: timestamps are emitted raw (TSQ_RAW_MONO for
 * time since boot, TSQ_RAW_LOCAL and TSQ_RAW_LOCAL_NOYEAR for wall clocks
 * without an offset, TSQ_EXACT with one). It does not decide what an OOM
 * means; the rules do. Pure: reads in->data only. Event strings borrow
 * from in->data; the context of a long report is copied into the arena.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kstats.h"
#include "parse.h"
#include "units.h"

#define NS		1000000000LL
#define GRP_HEAD	10	/* first lines of a report kept in its context */
#define GRP_KEYS	29	/* key lines kept; a context has <= 40 lines */
#define GRP_CTX_LINES	40
#define CTX_LINE_MAX	4096	/* bytes of one line copied into a context */
#define OOO_NOTES_MAX	64	/* out-of-order notes; the rest are counted */
#define GPU_MAP_MAX	32
#define NV_MULTI_LINES	3	/* "The NVIDIA GPU x" ... "fallen off the bus" */
#define GRP_GAP_NS	(5 * NS)	/* a report is printed in well under this */
#define YEAR_MIN	1970	/* years outside these are not timestamps, */
#define YEAR_MAX	2200	/* and keep ts_ns far from overflow */
#define NITEMS(a)	(sizeof(a) / sizeof((a)[0]))

/* One line with its envelope taken off. */
struct kline {
	struct str	 raw;		/* the whole line, cited */
	struct str	 body;		/* the kernel's message */
	uint32_t	 lineno;
	size_t		 off;
	int64_t		 ts_ns;
	enum tsq	 tsq;		/* TSQ_NONE: no time on the line */
	int		 kernel;	/* 0: a syslog line of another program */
	int		 cont;		/* continues the line before it */
	int		 ooo;		/* its time goes backwards */
};

struct lref {
	size_t		 off, len;
	uint32_t	 line;
};

/* The OOM report being read. ev is NULL when none is open. */
struct oomgrp {
	struct event	*ev;
	int		 has_header, has_kill, has_summary, multi;
	int		 at_start;	/* opened on the log's first kernel line */
	const char	*scope;		/* from the victim line's prefix */
	int		 global_oom;	/* summary said global_oom */
	struct str	 constraint;
	struct str	 task_memcg, oom_memcg, stats_memcg, taskin_memcg;
	int64_t		 victims;
	uint32_t	 first_line, last_line;
	size_t		 first_off, end_off;
	int64_t		 last_ts;
	enum tsq	 tsq;
	struct lref	 head[GRP_HEAD];
	size_t		 nhead;
	struct lref	 keys[GRP_KEYS];
	size_t		 nkeys;
	struct kstats	 ks;		/* Memory cgroup stats, task table */
};

struct gpumap {
	struct str	 pci, uuid;
};

struct kstate {
	const struct src	*in;
	struct arena		*a;
	struct evlist		*out;
	int			 kmsg;		/* saw a /dev/kmsg record */
	struct kline		 prev;		/* for continuation lines */
	int			 have_prev;
	uint64_t		 lines, timed, ooo, events;
	uint64_t		 klines;	/* kernel lines matched so far */
	int			 have_ts;
	int64_t			 first_ts, last_ts;
	enum tsq		 first_tsq, last_tsq;
	struct oomgrp		 g;
	struct gpumap		 gpus[GPU_MAP_MAX];
	size_t			 ngpus;
	struct str		 nv_pci;	/* "The NVIDIA GPU <pci>" */
	struct lref		 nv_line;
};

struct cur {
	const char	*p, *e;
};

/* Cursor helpers: each consumes on success only. */

static struct cur
cur_of(struct str s)
{
	struct cur	c = { s.p, s.p + s.n };

	return c;
}

static int
cur_ch(struct cur *c, char ch)
{
	if (c->p < c->e && *c->p == ch) {
		c->p++;
		return 1;
	}
	return 0;
}

static void
cur_sp(struct cur *c)
{
	while (c->p < c->e && *c->p == ' ')
		c->p++;
}

static const char *
take_u64(const char *p, const char *e, uint64_t *v)
{
	const char	*s = p;
	uint64_t	 n = 0, d;

	for (; p < e && *p >= '0' && *p <= '9'; p++) {
		d = (uint64_t)(*p - '0');
		if (n > (UINT64_MAX - d) / 10)
			return NULL;
		n = n * 10 + d;
	}
	if (p == s)
		return NULL;
	*v = n;
	return p;
}

static int
cur_u64(struct cur *c, uint64_t *v)
{
	const char	*q = take_u64(c->p, c->e, v);

	if (q == NULL)
		return 0;
	c->p = q;
	return 1;
}

/* Exactly n digits. */
static int
cur_ndig(struct cur *c, int n, int *v)
{
	int	x = 0;

	if (c->e - c->p < n)
		return 0;
	for (int i = 0; i < n; i++) {
		if (c->p[i] < '0' || c->p[i] > '9')
			return 0;
		x = x * 10 + (c->p[i] - '0');
	}
	c->p += n;
	*v = x;
	return 1;
}

static struct str
cur_rest(const struct cur *c)
{
	return str_make(c->p, (size_t)(c->e - c->p));
}

/* ".123456" after seconds -> nanoseconds (extra digits are dropped). */
static int64_t
cur_frac(struct cur *c)
{
	int64_t	 ns = 0, mul = NS / 10;

	if (!cur_ch(c, '.'))
		return 0;
	for (; c->p < c->e && *c->p >= '0' && *c->p <= '9'; c->p++) {
		ns += (*c->p - '0') * mul;
		mul /= 10;
	}
	return ns;
}

/* "hh:mm:ss" -> seconds. */
static int
cur_hms(struct cur *c, int *h, int *m, int *s)
{
	return cur_ndig(c, 2, h) && cur_ch(c, ':') && cur_ndig(c, 2, m) &&
	    cur_ch(c, ':') && cur_ndig(c, 2, s) && *h < 24 && *m < 60 &&
	    *s <= 60;
}

/* "[  569.484545]": seconds since boot. */
static int
bracket_mono(struct cur *c, int64_t *ns)
{
	struct cur	t = *c;
	uint64_t	sec;
	int64_t		frac;

	if (!cur_ch(&t, '['))
		return 0;
	cur_sp(&t);
	if (!cur_u64(&t, &sec) || sec > (uint64_t)(INT64_MAX / NS - 1) ||
	    t.p >= t.e || *t.p != '.')
		return 0;
	frac = cur_frac(&t);
	if (!cur_ch(&t, ']'))
		return 0;
	*ns = (int64_t)sec * NS + frac;
	*c = t;
	return 1;
}

/* dmesg -T: "[Mon Nov 30 06:59:10 2026]" (%a %b %e %H:%M:%S %Y). */
static int
bracket_ctime(struct cur *c, int64_t *ns)
{
	struct cur	t = *c;
	int		mon, d = 0, h, mi, s, y;
	uint64_t	dd;

	if (!cur_ch(&t, '[') || t.e - t.p < 8 || t.p[3] != ' ')
		return 0;
	t.p += 4;
	if ((mon = units_month(str_make(t.p, 3))) == 0)
		return 0;
	t.p += 3;
	cur_sp(&t);
	if (!cur_u64(&t, &dd) || dd < 1 || dd > 31)
		return 0;
	d = (int)dd;
	if (!cur_ch(&t, ' ') || !cur_hms(&t, &h, &mi, &s) || !cur_ch(&t, ' ') ||
	    !cur_ndig(&t, 4, &y) || !cur_ch(&t, ']') || y < YEAR_MIN ||
	    y > YEAR_MAX)
		return 0;
	*ns = units_civil_to_epoch(y, mon, d, h, mi, s) * NS;
	*c = t;
	return 1;
}

/* A bracket we cannot read (a translated dmesg -T, "[...]"): skip it. */
static int
bracket_other(struct cur *c)
{
	const char	*q;
	size_t		 n = (size_t)(c->e - c->p);

	if (n < 3 || *c->p != '[')
		return 0;
	if ((q = memchr(c->p, ']', n < 48 ? n : 48)) == NULL || q + 1 >= c->e ||
	    q[1] != ' ')
		return 0;
	c->p = q + 1;
	return 1;
}

/* dmesg -x: "kern  :err   : " */
static void
skip_decoded(struct cur *c)
{
	struct cur	t = *c;
	int		part;

	for (part = 0; part < 2; part++) {
		const char	*s = t.p;

		while (t.p < t.e && *t.p >= 'a' && *t.p <= 'z')
			t.p++;
		if (t.p == s || t.p - s > 8)
			return;
		cur_sp(&t);
		if (!cur_ch(&t, ':'))
			return;
	}
	if (cur_ch(&t, ' '))
		*c = t;
}

/* Envelopes. Each returns 1 and fills kl when the line has its shape. */

static int
env_kmsg(struct kstate *st, struct str l, struct kline *kl)
{
	struct cur	 c = cur_of(l);
	uint64_t	 pri, seq, usec;
	const char	*semi;
	size_t		 n;

	if (!cur_u64(&c, &pri) || pri > 1023 || !cur_ch(&c, ',') ||
	    !cur_u64(&c, &seq) || !cur_ch(&c, ',') || !cur_u64(&c, &usec) ||
	    !cur_ch(&c, ',') || usec > (uint64_t)(INT64_MAX / 1000))
		return 0;
	n = (size_t)(c.e - c.p);
	if ((semi = memchr(c.p, ';', n < 64 ? n : 64)) == NULL)
		return 0;
	kl->ts_ns = (int64_t)usec * 1000;
	kl->tsq = TSQ_RAW_MONO;
	kl->body = str_make(semi + 1, (size_t)(c.e - semi - 1));
	st->kmsg = 1;
	return 1;
}

static int
env_dmesg(struct kstate *st, struct str l, struct kline *kl)
{
	struct cur	c = cur_of(l);
	uint64_t	pri;

	if (cur_ch(&c, '<')) {
		if (!cur_u64(&c, &pri) || !cur_ch(&c, '>'))
			return 0;
	} else
		skip_decoded(&c);
	if (bracket_mono(&c, &kl->ts_ns))
		kl->tsq = TSQ_RAW_MONO;
	else if (bracket_ctime(&c, &kl->ts_ns))
		kl->tsq = TSQ_RAW_LOCAL;
	else if (!bracket_other(&c))
		return 0;
	cur_ch(&c, ' ');
	kl->body = cur_rest(&c);
	return 1;
}

/* "[7456668.476936]": the kernel's own seconds since boot. */
static int
bracket_stamp(struct str t)
{
	size_t	i = 1, d = 0;

	if (t.n < 4 || t.p[0] != '[' || t.p[t.n - 1] != ']')
		return 0;
	for (; i < t.n - 1 && t.p[i] >= '0' && t.p[i] <= '9'; i++)
		d++;
	if (d == 0 || i >= t.n - 1 || t.p[i] != '.')
		return 0;
	for (i++, d = 0; i < t.n - 1 && t.p[i] >= '0' && t.p[i] <= '9'; i++)
		d++;
	return d > 0 && i == t.n - 1;
}

/* A paste that cut journalctl's host (and maybe its time) out leaves
 * the tag first: "kernel: msg". Strips it; 1 when it was there. */
static int
bare_kernel_tag(struct kline *kl)
{
	if (!str_starts(kl->body, "kernel: "))
		return 0;
	kl->body = str_make(kl->body.p + 8, kl->body.n - 8);
	return 1;
}

/* After a syslog time: "host tag: msg". Only "kernel:" lines are ours. */
static void
syslog_tag(struct kline *kl, int required)
{
	struct cur	 c = cur_of(kl->body);
	const char	*tag;
	struct str	 t;

	if (bare_kernel_tag(kl)) {
		kl->kernel = 1;
		return;
	}
	while (c.p < c.e && *c.p != ' ')
		c.p++;
	if (!cur_ch(&c, ' '))
		return;
	tag = c.p;
	while (c.p < c.e && *c.p != ' ')
		c.p++;
	t = str_make(tag, (size_t)(c.p - tag));
	if (str_eq(t, "kernel:"))
		kl->kernel = 1;
	else if (t.n > 1 && (required || str_ends(t, "]:")) &&
	    t.p[t.n - 1] == ':')
		kl->kernel = 0;
	else if (bracket_stamp(t)) {
		/* "host [7456668.476936] msg": a kernel line written without
		 * its tag; strip_inner() takes the kernel's time */
		kl->kernel = 1;
		kl->body = str_make(tag, (size_t)(c.e - tag));
		return;
	} else
		return;
	cur_ch(&c, ' ');
	kl->body = cur_rest(&c);
}

static int
env_iso(struct kstate *st, struct str l, struct kline *kl)
{
	const char	*sp;
	int		 has_tz, y;
	struct cur	 c = cur_of(l);

	if (l.n < 20 || l.p[4] != '-' || l.p[10] != 'T' ||
	    !cur_ndig(&c, 4, &y) || y < YEAR_MIN || y > YEAR_MAX)
		return 0;
	if ((sp = memchr(l.p, ' ', l.n < 48 ? l.n : 48)) == NULL)
		return 0;
	if (units_iso_time(str_make(l.p, (size_t)(sp - l.p)), &kl->ts_ns,
	    &has_tz) == -1)
		return 0;
	kl->tsq = has_tz ? TSQ_EXACT : TSQ_RAW_LOCAL;
	kl->body = str_make(sp + 1, l.n - (size_t)(sp + 1 - l.p));
	syslog_tag(kl, 0);
	return 1;
}

/* "Aug 17 06:27:33 host kernel: " and "Aug 30 06:58:55.050705 ...". */
static int
env_syslog(struct kstate *st, struct str l, struct kline *kl)
{
	struct cur	c = cur_of(l);
	int		mon, h, mi, s;
	uint64_t	d;
	int64_t		frac;

	if (l.n < 16 || (mon = units_month(str_make(l.p, 3))) == 0 ||
	    l.p[3] != ' ')
		return 0;
	c.p += 4;
	cur_sp(&c);
	if (!cur_u64(&c, &d) || d < 1 || d > 31 || !cur_ch(&c, ' ') ||
	    !cur_hms(&c, &h, &mi, &s))
		return 0;
	frac = cur_frac(&c);
	if (!cur_ch(&c, ' '))
		return 0;
	kl->ts_ns = units_civil_to_epoch(1970, mon, (int)d, h, mi, s) * NS +
	    frac;
	kl->tsq = TSQ_RAW_LOCAL_NOYEAR;
	kl->body = cur_rest(&c);
	syslog_tag(kl, 1);
	return 1;
}

static int (*const env[])(struct kstate *, struct str, struct kline *) = {
	env_kmsg, env_dmesg, env_iso, env_syslog
};

/* Inside the message: a kernel time under a syslog one, a caller id
 * ("[ T1946]"), an "OOM[n]: " prefix. */
static void
strip_inner(struct kline *kl)
{
	struct cur	c;
	int64_t		ns;
	uint64_t	v;

	for (int i = 0; i < 3; i++) {
		c = cur_of(kl->body);
		if (bracket_mono(&c, &ns))
			;
		else if (cur_ch(&c, '[')) {
			cur_sp(&c);
			if (!(cur_ch(&c, 'T') || cur_ch(&c, 'C')) ||
			    !cur_u64(&c, &v) || !cur_ch(&c, ']'))
				return;
		} else if (str_starts(kl->body, "OOM[")) {
			c.p += 4;
			if (!cur_u64(&c, &v) || !cur_ch(&c, ']') ||
			    !cur_ch(&c, ':'))
				return;
		} else
			return;
		cur_ch(&c, ' ');
		kl->body = cur_rest(&c);
	}
}

/* Returns 0 for a line that is not a message (a kmsg dictionary line). */
static int
kline_read(struct kstate *st, const struct scan *sc, struct str line,
    struct kline *kl)
{
	size_t		i;
	struct str	lead;

	memset(kl, 0, sizeof(*kl));
	kl->raw = line;
	kl->lineno = (uint32_t)sc->lineno;
	kl->off = sc->line_off;
	kl->kernel = 1;
	/* A pasted log indented as a whole (" [Sun Jan 11 09:52:01 2026]
	 * NVRM: ..."): its lines keep their time prefix after the blanks. */
	lead = line;
	while (lead.n > 0 && (lead.p[0] == ' ' || lead.p[0] == '\t'))
		lead = str_make(lead.p + 1, lead.n - 1);
	for (i = 0; i < NITEMS(env); i++)
		if (env[i](st, lead, kl))
			break;
	if (i == NITEMS(env)) {
		if (line.n > 0 && (line.p[0] == ' ' || line.p[0] == '\t')) {
			if (st->kmsg)
				return 0;
			if (st->have_prev) {
				kl->ts_ns = st->prev.ts_ns;
				kl->tsq = st->prev.tsq;
				kl->kernel = st->prev.kernel;
			}
			kl->cont = 1;
		}
		kl->body = str_trim(line);
		if (!kl->cont)
			bare_kernel_tag(kl);
	}
	strip_inner(kl);
	if (!kl->cont) {
		st->prev = *kl;
		st->have_prev = 1;
	}
	return 1;
}

/* Events. */

static void
cite(struct event *ev, const struct kstate *st, const struct kline *kl)
{
	size_t	n = kl->raw.n > UINT32_MAX ? UINT32_MAX : kl->raw.n;

	ev->ref = (struct evref){ st->in->file_id, kl->lineno, kl->off,
	    (uint32_t)n };
	ev->text = str_make(kl->raw.p, n);
	ev->ts_ns = kl->ts_ns;
	ev->tsq = kl->tsq;
	if (kl->ooo)
		ev->flags |= EVF_OUT_OF_ORDER;
	else
		ev->flags &= ~(unsigned)EVF_OUT_OF_ORDER;
}

static struct event *
kev(struct kstate *st, const struct kline *kl, enum ev_kind kind,
    const char *sig)
{
	struct event	*ev;

	if ((ev = evlist_add(st->out, st->a, kind)) == NULL)
		return NULL;
	ev->sig = sig;
	cite(ev, st, kl);
	st->events++;
	return ev;
}

/* A number after key in s, times mult ("total-vm:" 116392 kB). */
static int
num_after(struct str s, const char *key, int64_t mult, int64_t *out)
{
	const char	*p;
	uint64_t	 v;
	int		 neg;

	if ((p = str_find(s, key)) == NULL)
		return -1;
	p += strlen(key);
	neg = p < s.p + s.n && *p == '-';
	if (take_u64(p + neg, s.p + s.n, &v) == NULL ||
	    v > (uint64_t)(INT64_MAX / mult))
		return -1;
	*out = (neg ? -1 : 1) * (int64_t)v * mult;
	return 0;
}

struct numkey {
	const char	*key;
	const char	*field;
	int64_t		 mult;
};

/* Sets each field whose key is in s; missing keys are left unset. */
static int
set_nums(struct event *ev, struct arena *a, struct str s,
    const struct numkey *k, size_t n)
{
	int64_t	v;

	for (size_t i = 0; i < n; i++)
		if (num_after(s, k[i].key, k[i].mult, &v) == 0 &&
		    ev_set_num(ev, a, k[i].field, v) == -1)
			return -1;
	return 0;
}

/* The OOM report group. */

static void
grp_key(struct kstate *st, const struct kline *kl)
{
	struct oomgrp	*g = &st->g;
	struct lref	 r = { kl->off, kl->raw.n, kl->lineno };

	if (g->nkeys < GRP_KEYS)
		g->keys[g->nkeys++] = r;
	else
		g->keys[GRP_KEYS - 1] = r;
	g->last_line = kl->lineno;
	g->end_off = kl->off + kl->raw.n;
	if (kl->tsq != TSQ_NONE) {
		g->tsq = kl->tsq;
		g->last_ts = kl->ts_ns;
	}
}

/* Appends one line (capped) and a newline to the buffer at *p. */
static char *
ctx_put(char *p, const struct kstate *st, const struct lref *r)
{
	size_t	n = r->len < CTX_LINE_MAX ? r->len : CTX_LINE_MAX;

	memcpy(p, st->in->data + r->off, n);
	p[n] = '\n';
	return p + n + 1;
}

/* The lines kept for a long report: its head, then key lines, with a
 * marker where lines were left out. */
static int
grp_context_long(struct kstate *st)
{
	struct oomgrp	*g = &st->g;
	struct lref	 v[GRP_HEAD + GRP_KEYS];
	size_t		 n = 0, total = 0;
	char		*buf, *p, mark[64];
	int		 mlen;

	for (size_t i = 0; i < g->nhead && g->head[i].line <= g->last_line; i++)
		v[n++] = g->head[i];
	for (size_t i = 0; i < g->nkeys; i++)
		if (n == 0 || g->keys[i].line > v[n - 1].line)
			v[n++] = g->keys[i];
	for (size_t i = 0; i < n; i++)
		total += (v[i].len < CTX_LINE_MAX ? v[i].len : CTX_LINE_MAX) +
		    1 + sizeof(mark);
	if ((p = buf = arena_alloc(st->a, total + 1)) == NULL)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && v[i].line > v[i - 1].line + 1) {
			mlen = snprintf(mark, sizeof(mark),
			    "[... %u lines not shown ...]\n",
			    (unsigned)(v[i].line - v[i - 1].line - 1));
			memcpy(p, mark, (size_t)mlen);
			p += mlen;
		}
		p = ctx_put(p, st, &v[i]);
	}
	g->ev->context = str_make(buf, (size_t)(p - buf) - (p > buf));
	return 0;
}

static int
grp_context(struct kstate *st)
{
	struct oomgrp	*g = &st->g;

	g->ev->context_line = g->first_line;
	if (g->last_line - g->first_line + 1 <= GRP_CTX_LINES) {
		g->ev->context = str_make(st->in->data + g->first_off,
		    g->end_off - g->first_off);
		return 0;
	}
	return grp_context_long(st);
}

/* The scope of the report, from the most direct evidence there is. */
static const char *
grp_scope(const struct oomgrp *g)
{
	if (g->scope != NULL)
		return g->scope;
	if (g->constraint.n > 0)
		return str_eq(g->constraint, "CONSTRAINT_MEMCG") ? "memcg" :
		    "global";
	if (g->global_oom)
		return "global";
	if (g->taskin_memcg.n > 0)
		return "memcg";
	return NULL;
}

/* job_id, step, task_id from the most specific memcg path. */
static int
set_slurm(struct event *ev, struct arena *a, struct str path)
{
	struct slurm_cgpath	sp;
	int64_t			v;

	if (path.n == 0 || !parse_slurm_cgpath(path, &sp))
		return 0;
	if (sp.job.n > 0 && str_to_i64(sp.job, &v) == 0 &&
	    ev_set_num(ev, a, "job_id", v) == -1)
		return -1;
	if (sp.sluid.n > 0 && ev_set_str(ev, a, "job_sluid", sp.sluid) == -1)
		return -1;
	if (sp.step.n > 0 && ev_set_str(ev, a, "step", sp.step) == -1)
		return -1;
	if (sp.task.n > 0 && str_to_i64(sp.task, &v) == 0 &&
	    ev_set_num(ev, a, "task_id", v) == -1)
		return -1;
	return 0;
}

/* The victim's anon+file+shmem RSS from its kill line, -1 unknown. */
static int64_t
victim_rss(const struct event *ev)
{
	int64_t	a = ev_num_or(ev, "anon_rss_bytes", -1);

	if (a < 0)
		return -1;
	return a + ev_num_or(ev, "file_rss_bytes", 0) +
	    ev_num_or(ev, "shmem_rss_bytes", 0);
}

static int
grp_close(struct kstate *st)
{
	struct oomgrp	*g = &st->g;
	struct event	*ev = g->ev;
	const char	*scope;
	struct str	 path;

	if (ev == NULL)
		return 0;
	path = g->task_memcg.n > 0 ? g->task_memcg : g->oom_memcg.n > 0 ?
	    g->oom_memcg : g->stats_memcg.n > 0 ? g->stats_memcg :
	    g->taskin_memcg;
	if ((scope = grp_scope(g)) != NULL &&
	    ev_set_str(ev, st->a, "scope", str_cstr(scope)) == -1)
		return -1;
	/* cut_head: the log begins inside this report, after its first
	 * line (a wrapped ring buffer, a window that started mid-report). */
	if (kstats_emit(&g->ks, ev, st->a, ev->pid, victim_rss(ev)) == -1 ||
	    set_slurm(ev, st->a, path) == -1 ||
	    ev_set_num(ev, st->a, "partial",
	    !(g->has_header && g->has_kill)) == -1 ||
	    (g->at_start && !g->has_header && ev_set_num(ev, st->a,
	    "cut_head", 1) == -1) ||
	    (g->multi && ev_set_num(ev, st->a, "victims", g->victims) == -1) ||
	    grp_context(st) == -1)
		return -1;
	memset(g, 0, sizeof(*g));
	return 0;
}

/* Is the line too far in time from the open report to be part of it? */
static int
grp_far(const struct oomgrp *g, const struct kline *kl)
{
	int64_t	d = kl->ts_ns - g->last_ts;

	if (kl->tsq == TSQ_NONE)
		return 0;
	return kl->tsq != g->tsq || d > GRP_GAP_NS || d < -GRP_GAP_NS;
}

/* The report this line belongs to; a line that can only start a report
 * (restart) closes one that already has its victim, and so does a line
 * far from it in time. */
static struct event *
grp_for(struct kstate *st, const struct kline *kl, int restart)
{
	struct oomgrp	*g = &st->g;

	if (g->ev != NULL && ((restart && g->has_kill) || grp_far(g, kl)) &&
	    grp_close(st) == -1)
		return NULL;
	if (g->ev == NULL) {
		if ((g->ev = kev(st, kl, EV_KERNEL_OOM, "kernel.oom")) == NULL)
			return NULL;
		kstats_init(&g->ks);
		g->first_line = kl->lineno;
		g->first_off = kl->off;
		g->at_start = st->klines == 0;
		g->head[0] = (struct lref){ kl->off, kl->raw.n, kl->lineno };
		g->nhead = 1;
	}
	grp_key(st, kl);
	return g->ev;
}

/* Every line inside an open report may be one of its first lines. */
static void
grp_line(struct kstate *st, const struct kline *kl)
{
	struct oomgrp	*g = &st->g;

	if (g->ev != NULL && g->nhead < GRP_HEAD &&
	    kl->lineno > g->head[g->nhead - 1].line)
		g->head[g->nhead++] = (struct lref){ kl->off, kl->raw.n,
		    kl->lineno };
}

/* Matchers: at is where the needle was found in the body. */

/* "python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, ..." */
static int
on_header(struct kstate *st, const struct kline *kl, const char *at)
{
	static const struct numkey	keys[] = {
		{ "order=", "order", 1 },
		{ "oom_score_adj=", "invoker_oom_score_adj", 1 },
	};
	struct event	*ev;
	struct str	 b = kl->body;
	const char	*p, *q;

	if (st->g.ev != NULL && grp_close(st) == -1)
		return -1;
	if ((ev = grp_for(st, kl, 1)) == NULL)
		return -1;
	st->g.has_header = 1;
	if (ev_set_str(ev, st->a, "invoker",
	    str_make(b.p, (size_t)(at - b.p))) == -1)
		return -1;
	if ((p = str_find(b, "gfp_mask=")) != NULL) {
		p += 9;
		q = memchr(p, ',', (size_t)(b.p + b.n - p));
		if (ev_set_str(ev, st->a, "gfp_mask", str_make(p,
		    (size_t)((q != NULL ? q : b.p + b.n) - p))) == -1)
			return -1;
	}
	return set_nums(ev, st->a, b, keys, NITEMS(keys));
}

struct sumkey {
	const char	*key;
	const char	*field;
	int		 num;
};

static const struct sumkey sumkeys[] = {
	{ "constraint", "constraint", 0 },
	{ "nodemask", "nodemask", 0 },
	{ "cpuset", "cpuset", 0 },
	{ "mems_allowed", "mems_allowed", 0 },
	{ "oom_memcg", "oom_memcg", 0 },
	{ "task_memcg", "task_memcg", 0 },
	{ "task", "task", 0 },
	{ "pid", "pid", 1 },
	{ "uid", "uid", 1 },
};

/* Does an item of the summary start at p? (Values hold commas too:
 * "mems_allowed=0,2".) */
static const struct sumkey *
sum_item(const char *p, const char *e)
{
	size_t	n;

	for (size_t i = 0; i < NITEMS(sumkeys); i++) {
		n = strlen(sumkeys[i].key);
		if ((size_t)(e - p) > n && memcmp(p, sumkeys[i].key, n) == 0 &&
		    p[n] == '=')
			return &sumkeys[i];
	}
	return NULL;
}

static int
is_global_oom(const char *p, const char *e)
{
	return e - p >= 10 && memcmp(p, "global_oom", 10) == 0 &&
	    (e - p == 10 || p[10] == ',');
}

static int
sum_set(struct kstate *st, const struct sumkey *k, struct str v)
{
	struct oomgrp	*g = &st->g;
	int64_t		 n;

	if (str_eq(str_cstr(k->key), "constraint"))
		g->constraint = v;
	else if (str_eq(str_cstr(k->key), "oom_memcg"))
		g->oom_memcg = v;
	else if (str_eq(str_cstr(k->key), "task_memcg"))
		g->task_memcg = v;
	if (!k->num)
		return ev_set_str(g->ev, st->a, k->field, v);
	if (str_to_i64(v, &n) == -1)
		return 0;
	if (str_eq(str_cstr(k->key), "pid") && !g->has_kill)
		g->ev->pid = n;
	return ev_set_num(g->ev, st->a, k->field, n);
}

/* "constraint=CONSTRAINT_MEMCG,nodemask=(null),...,uid=1001" */
static int
sum_parse(struct kstate *st, struct str s)
{
	const char		*p = s.p, *e = s.p + s.n, *q;
	const struct sumkey	*k;

	while (p < e) {
		if (*p == ',') {
			p++;
			continue;
		}
		for (q = p; q < e; q++)
			if (*q == ',' && (sum_item(q + 1, e) != NULL ||
			    is_global_oom(q + 1, e)))
				break;
		if (is_global_oom(p, q))
			st->g.global_oom = 1;
		else if ((k = sum_item(p, q)) != NULL && sum_set(st, k,
		    str_make(p + strlen(k->key) + 1,
		    (size_t)(q - p) - strlen(k->key) - 1)) == -1)
			return -1;
		p = q;
	}
	return 0;
}

static int
on_summary(struct kstate *st, const struct kline *kl, const char *at)
{
	if (st->g.ev != NULL && st->g.has_summary && grp_close(st) == -1)
		return -1;
	if (grp_for(st, kl, 1) == NULL)
		return -1;
	st->g.has_summary = 1;
	if (!st->g.has_kill)
		cite(st->g.ev, st, kl);
	return sum_parse(st, str_make(at + 9, kl->body.n -
	    (size_t)(at + 9 - kl->body.p)));
}

/* Before 2018 the summary could be split: ",global_oom,task_memcg=..." */
static int
on_summary_rest(struct kstate *st, const struct kline *kl, const char *at)
{
	if (st->g.ev == NULL || !st->g.has_summary || st->g.has_kill)
		return 0;
	grp_key(st, kl);
	return sum_parse(st, kl->body);
}

/* The victim's comm and what follows it: "(python3) total-vm:..." */
static int
victim_comm(struct str s, struct str *comm, struct str *tail)
{
	static const char *const ends[] = { ") total-vm:", "), UID", ")," };
	const char	*open, *close = NULL, *e = s.p + s.n;

	if ((open = memchr(s.p, '(', s.n)) == NULL)
		return -1;
	s = str_make(open + 1, (size_t)(e - open - 1));
	for (size_t i = 0; i < NITEMS(ends) && close == NULL; i++)
		close = str_find(s, ends[i]);
	for (const char *p = e; close == NULL && p > s.p; p--)
		if (p[-1] == ')')
			close = p - 1;
	if (close == NULL)
		return -1;
	*comm = str_make(s.p, (size_t)(close - s.p));
	*tail = str_make(close + 1, (size_t)(e - close - 1));
	return 0;
}

static const struct numkey victim_keys[] = {
	{ "total-vm:", "total_vm_bytes", 1024 },
	{ "anon-rss:", "anon_rss_bytes", 1024 },
	{ "file-rss:", "file_rss_bytes", 1024 },
	{ "shmem-rss:", "shmem_rss_bytes", 1024 },
	{ "pgtables:", "pgtables_bytes", 1024 },
	{ "UID:", "uid", 1 },
	{ "UID ", "uid", 1 },
	{ "oom_score_adj:", "oom_score_adj", 1 },
};

static int
victim_fields(struct kstate *st, struct event *ev, struct str rest)
{
	struct str	comm, tail;
	uint64_t	pid;

	if (take_u64(rest.p, rest.p + rest.n, &pid) != NULL &&
	    pid <= INT64_MAX) {
		ev->pid = (int64_t)pid;
		if (ev_set_num(ev, st->a, "pid", (int64_t)pid) == -1)
			return -1;
	}
	if (victim_comm(rest, &comm, &tail) == -1)
		return 0;
	if (ev_set_str(ev, st->a, "task", comm) == -1)
		return -1;
	return set_nums(ev, st->a, tail, victim_keys, NITEMS(victim_keys));
}

/* The message before "Killed process" / "Kill process" names the OOM. */
static const char *
kill_scope(struct str b, const char *at)
{
	struct str	pfx = str_make(b.p, (size_t)(at - b.p));

	if (str_starts(pfx, "Memory cgroup out of memory"))
		return "memcg";
	if (str_starts(pfx, "Out of memory"))
		return "global";
	return NULL;
}

/* "Memory cgroup out of memory: Killed process 14919 (python3) ..." */
static int
on_victim(struct kstate *st, const struct kline *kl, const char *at)
{
	struct oomgrp	*g = &st->g;
	struct str	 b = kl->body;

	if (at != b.p && (at - b.p < 2 || at[-2] != ':'))
		return 0;
	if (g->ev != NULL && g->has_kill && g->multi) {
		g->victims++;
		grp_key(st, kl);
		return 0;
	}
	if (grp_for(st, kl, 1) == NULL)
		return -1;
	g->has_kill = 1;
	g->victims = 1;
	if (kill_scope(b, at) != NULL)
		g->scope = kill_scope(b, at);
	cite(g->ev, st, kl);
	at += strlen("Killed process ");
	return victim_fields(st, g->ev, str_make(at,
	    (size_t)(b.p + b.n - at)));
}

/* Before 5.1: "...: Kill process 42453 (comm) score 0 or sacrifice child" */
static int
on_select(struct kstate *st, const struct kline *kl, const char *at)
{
	struct str	b = kl->body;

	if (!str_ends(b, "or sacrifice child") || at - b.p < 2 ||
	    at[-2] != ':')
		return 0;
	if (grp_for(st, kl, 1) == NULL)
		return -1;
	if (kill_scope(b, at) != NULL)
		st->g.scope = kill_scope(b, at);
	return 0;
}

static int
on_usage(struct kstate *st, const struct kline *kl, const char *fields[3])
{
	const struct numkey	keys[] = {
		{ "usage ", fields[0], 1024 },
		{ "limit ", fields[1], 1024 },
		{ "failcnt ", fields[2], 1 },
	};
	struct event		*ev;

	if ((ev = grp_for(st, kl, 1)) == NULL)
		return -1;
	return set_nums(ev, st->a, kl->body, keys, NITEMS(keys));
}

/* "memory: usage 102400kB, limit 102400kB, failcnt 243" */
static int
on_memory(struct kstate *st, const struct kline *kl, const char *at)
{
	const char	*f[3] = { "usage_bytes", "limit_bytes", "failcnt" };

	return on_usage(st, kl, f);
}

/* v1 "memory+swap: usage ..." and v2 "swap: usage ..." */
static int
on_swap(struct kstate *st, const struct kline *kl, const char *at)
{
	const char	*f[3] = { "swap_usage_bytes", "swap_limit_bytes",
			    "swap_failcnt" };

	return on_usage(st, kl, f);
}

/* A line of the report with nothing to take from it ("kmem: usage",
 * "Tasks state (memory values in pages):"). */
static int
on_keyline(struct kstate *st, const struct kline *kl, const char *at)
{
	return grp_for(st, kl, 1) == NULL ? -1 : 0;
}

/* "Memory cgroup stats for /slurm_vm/uid_1001/job_2:", its values on the
 * lines after it, or inline on 3.10 - 4.x (kstats.c reads them). */
static int
on_stats(struct kstate *st, const struct kline *kl, const char *at)
{
	struct str	 b = kl->body;
	const char	*p = b.p + strlen("Memory cgroup stats for "), *q;
	struct oomgrp	*g;

	if (grp_for(st, kl, 1) == NULL)
		return -1;
	g = &st->g;
	for (q = p; q < b.p + b.n && *q != ':'; q++)
		;
	if (g->has_summary)
		return 0;
	kstats_header(&g->ks, str_make(q + (q < b.p + b.n),
	    (size_t)(b.p + b.n - q - (q < b.p + b.n))), kl->lineno);
	if (g->stats_memcg.n > 0)
		return 0;
	g->stats_memcg = str_make(p, (size_t)(q - p));
	if (ev_set_str(g->ev, st->a, "stats_text", kl->raw) == -1)
		return -1;
	return ev_set_str(g->ev, st->a, "stats_memcg", g->stats_memcg);
}

/* v1 "kmem: usage 344kB, limit ...": kernel memory, also charged to the
 * memory counter. */
static int
on_kmem(struct kstate *st, const struct kline *kl, const char *at)
{
	int64_t	v;

	if (grp_for(st, kl, 1) == NULL)
		return -1;
	if (num_after(kl->body, "usage ", 1024, &v) == 0)
		st->g.ks.kmem_bytes = v;
	return 0;
}

/* Lines inside the report's stats block or task table, before kmatch[]:
 * 1 when the line was one of them. */
static int
grp_table_line(struct kstate *st, const struct kline *kl)
{
	struct oomgrp	*g = &st->g;

	if (g->ev == NULL || g->has_kill || grp_far(g, kl))
		return 0;
	if ((g->ks.in_stats && kstats_line(&g->ks, kl->body)) ||
	    (g->ks.in_tasks && kstats_task_row(&g->ks, kl->body))) {
		if (kl->tsq != TSQ_NONE) {
			g->tsq = kl->tsq;
			g->last_ts = kl->ts_ns;
		}
		return 1;
	}
	return !g->has_summary && kstats_tasks_header(&g->ks, kl->body,
	    kl->lineno);
}

/* Before 5.0: "Task in /13 killed as a result of limit of /13" */
static int
on_task_in(struct kstate *st, const struct kline *kl, const char *at)
{
	struct str	 b = kl->body;
	const char	*mid = str_find(b, " killed as a result of limit of ");
	const char	*p = b.p + strlen("Task in ");
	struct oomgrp	*g = &st->g;

	if (mid == NULL || mid < p)
		return 0;
	if (grp_for(st, kl, 1) == NULL)
		return -1;
	g->taskin_memcg = str_make(p, (size_t)(mid - p));
	p = mid + strlen(" killed as a result of limit of ");
	if (g->task_memcg.n == 0 && (ev_set_str(g->ev, st->a, "task_memcg",
	    g->taskin_memcg) == -1 || ev_set_str(g->ev, st->a, "oom_memcg",
	    str_make(p, (size_t)(b.p + b.n - p))) == -1))
		return -1;
	return 0;
}

/* "Tasks in <path> are going to be killed due to memory.oom.group set" */
static int
on_oom_group(struct kstate *st, const struct kline *kl, const char *at)
{
	if (str_find(kl->body, "memory.oom.group") == NULL)
		return 0;
	if (grp_for(st, kl, 0) == NULL)
		return -1;
	st->g.multi = 1;
	return ev_set_num(st->g.ev, st->a, "oom_group", 1);
}

/* Before 5.0: "mem cpuset=<name> mems_allowed=0", inside a report only. */
static int
on_cpuset(struct kstate *st, const struct kline *kl, const char *at)
{
	const char	*p = at + strlen(" cpuset="), *q;
	struct str	 b = kl->body;

	if (st->g.ev == NULL || st->g.has_kill || st->g.has_summary ||
	    (q = str_find(b, " mems_allowed=")) == NULL || q < p)
		return 0;
	grp_key(st, kl);
	return ev_set_str(st->g.ev, st->a, "cpuset",
	    str_make(p, (size_t)(q - p)));
}

static const struct numkey reaper_keys[] = {
	{ "anon-rss:", "anon_rss_bytes", 1024 },
	{ "file-rss:", "file_rss_bytes", 1024 },
	{ "shmem-rss:", "shmem_rss_bytes", 1024 },
};

/* "oom_reaper: reaped process 63214 (uwsgi), now anon-rss:0kB, ..." and
 * "oom_reaper: unable to reap pid:%d (%s)" */
static int
on_reaper(struct kstate *st, const struct kline *kl, const char *at)
{
	struct event	*ev;
	struct str	 b = kl->body, comm, tail;
	const char	*p;
	int64_t		 pid;
	int		 reaped;

	if ((p = str_find(b, "reaped process ")) != NULL)
		reaped = 1;
	else if ((p = str_find(b, "unable to reap pid:")) != NULL)
		reaped = 0;
	else
		return 0;
	if ((ev = kev(st, kl, EV_OOM_REAPER, "kernel.oom_reaper")) == NULL ||
	    ev_set_num(ev, st->a, "reaped", reaped) == -1)
		return -1;
	p = reaped ? p + 15 : p + 19;
	b = str_make(p, (size_t)(b.p + b.n - p));
	if (num_after(b, "", 1, &pid) == 0) {
		ev->pid = pid;
		if (ev_set_num(ev, st->a, "pid", pid) == -1)
			return -1;
	}
	if (victim_comm(b, &comm, &tail) == -1)
		return 0;
	if (ev_set_str(ev, st->a, "task", comm) == -1)
		return -1;
	return set_nums(ev, st->a, tail, reaper_keys, NITEMS(reaper_keys));
}

/* NVIDIA driver. */

static struct str
gpu_uuid(const struct kstate *st, struct str pci)
{
	for (size_t i = 0; i < st->ngpus; i++)
		if (st->gpus[i].pci.n == pci.n &&
		    strncasecmp(st->gpus[i].pci.p, pci.p, pci.n) == 0)
			return st->gpus[i].uuid;
	return str_make(NULL, 0);
}

/* "(PCI:0000:3b:00 GPU-I:01 GPU-CI:02)" or very old "(0000:03:00)" */
static int
xid_where(struct kstate *st, struct event *ev, struct str in)
{
	static const struct numkey	mig[] = {
		{ "GPU-I:", "gpu_instance", 1 },
		{ "GPU-CI:", "compute_instance", 1 },
	};
	const char	*sp;
	struct str	 pci, uuid;

	if (str_starts(in, "PCI:"))
		in = str_make(in.p + 4, in.n - 4);
	sp = memchr(in.p, ' ', in.n);
	pci = str_make(in.p, sp != NULL ? (size_t)(sp - in.p) : in.n);
	if (pci.n > 0 && ev_set_str(ev, st->a, "pci", pci) == -1)
		return -1;
	uuid = gpu_uuid(st, pci);
	if (uuid.n > 0 && ev_set_str(ev, st->a, "uuid", uuid) == -1)
		return -1;
	return set_nums(ev, st->a, in, mig, NITEMS(mig));
}

/* The next ", "-separated item of an Xid body when it is "key=value". */
static int
xid_item(struct str *rest, const char *key, struct str *val)
{
	const char	*q;
	size_t		 k = strlen(key);

	if (!str_starts(*rest, key))
		return 0;
	q = str_find(*rest, ", ");
	*val = str_make(rest->p + k, (size_t)((q != NULL ? q : rest->p +
	    rest->n) - rest->p) - k);
	*rest = q != NULL ? str_make(q + 2, (size_t)(rest->p + rest->n - q -
	    2)) : str_make(rest->p + rest->n, 0);
	return 1;
}

static int
xid_who(struct kstate *st, struct event *ev, struct str *rest)
{
	struct str	v;
	int64_t		pid;

	if (xid_item(rest, "pid=", &v) && str_to_i64(v, &pid) == 0) {
		ev->pid = pid;
		if (ev_set_num(ev, st->a, "pid", pid) == -1)
			return -1;
	}
	if (xid_item(rest, "name=", &v) && !str_eq(v, "<unknown>") &&
	    ev_set_str(ev, st->a, "proc_name", v) == -1)
		return -1;
	return 0;
}

/* "NVRM: Xid (PCI:0000:3b:00): 79, pid=..., name=..., <detail>" */
static int
on_xid(struct kstate *st, const struct kline *kl, const char *at)
{
	struct event	*ev;
	struct str	 b = kl->body, rest;
	const char	*p = at + strlen("NVRM: Xid "), *e = b.p + b.n, *q;
	uint64_t	 xid;

	if ((ev = kev(st, kl, EV_XID, "nvrm.xid")) == NULL)
		return -1;
	if (p >= e || *p != '(' || (q = memchr(p, ')', (size_t)(e - p))) ==
	    NULL)
		return 0;
	if (xid_where(st, ev, str_make(p + 1, (size_t)(q - p - 1))) == -1)
		return -1;
	p = q + 1;
	if (p < e && *p == ':')
		p++;
	while (p < e && *p == ' ')
		p++;
	if ((q = take_u64(p, e, &xid)) == NULL || xid > INT64_MAX)
		return 0;
	if (ev_set_num(ev, st->a, "xid", (int64_t)xid) == -1)
		return -1;
	rest = str_make(q, (size_t)(e - q));
	if (str_starts(rest, ", "))
		rest = str_make(q + 2, rest.n - 2);
	if (xid_who(st, ev, &rest) == -1)
		return -1;
	rest = str_trim(rest);
	/* Xid 45's clean-up line names the fault it cleans up after:
	 * "Ch 00000001 caused by previous Xid 149". */
	if ((q = str_find(rest, "caused by previous Xid ")) != NULL &&
	    take_u64(q + 23, rest.p + rest.n, &xid) != NULL &&
	    xid <= INT64_MAX &&
	    ev_set_num(ev, st->a, "previous_xid", (int64_t)xid) == -1)
		return -1;
	return rest.n == 0 ? 0 : ev_set_str(ev, st->a, "detail", rest);
}

/* A PCI address in an NVRM line: after "PCI:" or "NVIDIA GPU ". */
static struct str
nvrm_pci(struct str b)
{
	const char	*p, *e = b.p + b.n, *q;

	if ((p = str_find(b, "PCI:")) != NULL)
		p += 4;
	else if ((p = str_find(b, "NVIDIA GPU ")) != NULL)
		p += 11;
	else
		return str_make(NULL, 0);
	for (q = p; q < e && (*q == ':' || *q == '.' ||
	    (*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'f') ||
	    (*q >= 'A' && *q <= 'F')); q++)
		;
	while (q > p && (q[-1] == ':' || q[-1] == '.'))
		q--;
	return str_make(p, (size_t)(q - p));
}

static const struct nvrm_err {
	const char	*needle;
	const char	*sig;
} nvrm_errs[] = {
	{ "fallen off the bus", "nvrm.fallen_off_bus" },
	{ "RmInitAdapter failed", "nvrm.rm_init_adapter_failed" },
	{ "rm_init_adapter failed", "nvrm.rm_init_adapter_failed" },
	{ "probe routine failed", "nvrm.probe_failed" },
	{ "GPU is lost", "nvrm.gpu_lost" },
	{ "Rate limiting GSP RPC error", "nvrm.gsp_rpc_error" },
	{ "waiting for RPC response", "nvrm.gsp_rpc_timeout" },
	{ "NV_ERR_RESET_REQUIRED", "nvrm.reset_required" },
};

/* "NVRM: GPU at PCI:0000:9b:00: GPU-509665ad-..." maps PCI to UUID. */
static void
nvrm_gpu_at(struct kstate *st, struct str b)
{
	const char	*u = str_find(b, ": GPU-");
	struct str	 pci = nvrm_pci(b);

	if (u == NULL || pci.n == 0 || st->ngpus == GPU_MAP_MAX)
		return;
	st->gpus[st->ngpus].pci = pci;
	st->gpus[st->ngpus++].uuid = str_trim(str_make(u + 2,
	    (size_t)(b.p + b.n - u - 2)));
}

static int
nvrm_error(struct kstate *st, const struct kline *kl, const char *sig)
{
	struct event	*ev;
	struct str	 pci = nvrm_pci(kl->body);
	int		 multi = st->nv_pci.n > 0 &&
			    kl->lineno - st->nv_line.line < NV_MULTI_LINES;

	if ((ev = kev(st, kl, EV_GPU_DRIVER_ERROR, sig)) == NULL)
		return -1;
	if (pci.n == 0 && multi) {
		pci = st->nv_pci;
		ev->context = str_make(st->in->data + st->nv_line.off,
		    kl->off + kl->raw.n - st->nv_line.off);
		ev->context_line = st->nv_line.line;
	}
	if (pci.n > 0 && ev_set_str(ev, st->a, "pci", pci) == -1)
		return -1;
	return 0;
}

static int
on_nvrm(struct kstate *st, const struct kline *kl, const char *at)
{
	struct str	b = kl->body;

	if (str_starts(b, "NVRM: GPU at PCI:") && str_find(b, ": GPU-")) {
		nvrm_gpu_at(st, b);
		return 0;
	}
	if (str_starts(b, "NVRM: The NVIDIA GPU ")) {
		st->nv_pci = nvrm_pci(b);
		st->nv_line = (struct lref){ kl->off, kl->raw.n, kl->lineno };
	}
	for (size_t i = 0; i < NITEMS(nvrm_errs); i++)
		if (str_find(b, nvrm_errs[i].needle) != NULL)
			return nvrm_error(st, kl, nvrm_errs[i].sig);
	return 0;
}

/*
 * The amdgpu driver's GPU page fault, first line of its block:
 * "amdgpu 0000:c6:00.0: amdgpu: [gfxhub0] no-retry page fault (src_id:0
 * ring:24 vmid:3 pasid:32769)" (also "[gfxhub] page fault", "[mmhub0]",
 * "retry page fault"). The AMD counterpart of an MMU-fault Xid: the
 * device fault of a process, never an allocation failure. The PCI address
 * is the driver's device prefix.
 */
static int
on_amdgpu_fault(struct kstate *st, const struct kline *kl, const char *at)
{
	struct event	*ev;
	struct str	 b = kl->body, pci = { NULL, 0 };
	const char	*p;
	size_t		 n;

	(void)at;
	if (!str_starts(b, "amdgpu ") || str_find(b, "hub") == NULL)
		return 0;
	p = b.p + 7;
	for (n = 0; p + n < b.p + b.n && (p[n] == ':' || p[n] == '.' || (p[n] >= '0' && p[n] <= '9') ||
	    (p[n] >= 'a' && p[n] <= 'f')); n++)
		;
	while (n > 0 && (p[n - 1] == ':' || p[n - 1] == '.'))
		n--;
	if (n > 0)
		pci = str_make(p, n);
	if ((ev = kev(st, kl, EV_GPU_DRIVER_ERROR, "amdgpu.page_fault")) ==
	    NULL)
		return -1;
	if (pci.n > 0 && ev_set_str(ev, st->a, "pci", pci) == -1)
		return -1;
	return 0;
}

/*
 * The amdgpu driver's RAS count of a block, in the forms of its format
 * strings (amdgpu_ras.c, amdgpu_umc.c, the RAS core): "N uncorrectable
 * hardware errors detected in umc block", "socket: 0, die: 0, N new
 * uncorrectable hardware errors detected in umc block". N = 0, "no ...",
 * and the "... detected in total in ..." companion line are not new
 * errors. The UMC (memory controller) block is failing memory, an
 * EV_ECC_ERROR like an uncorrectable ECC line; another block's is a
 * device fault (EV_GPU_DRIVER_ERROR "amdgpu.ras_uncorrectable").
 */
static int
on_amdgpu_ras(struct kstate *st, const struct kline *kl, const char *at)
{
	struct event	*ev;
	struct str	 b = kl->body, blk;
	const char	*p = at, *e = b.p + b.n, *q;
	uint64_t	 n = 0, mult = 1;
	int		 umc;

	if (str_find(b, "amdgpu") == NULL ||
	    str_find(b, "detected in total in") != NULL)
		return 0;
	if (p - b.p >= 4 && memcmp(p - 4, " new", 4) == 0)
		p -= 4;
	for (q = p; q > b.p && q[-1] >= '0' && q[-1] <= '9' && mult <
	    1000000000000ULL; q--, mult *= 10)
		n += (uint64_t)(q[-1] - '0') * mult;
	if (q == p || n == 0)
		return 0;
	blk.p = at + strlen(" uncorrectable hardware errors detected in ");
	for (q = blk.p; q < e && *q != ' '; q++)
		;
	blk.n = (size_t)(q - blk.p);
	umc = blk.n == 3 && (memcmp(blk.p, "umc", 3) == 0 ||
	    memcmp(blk.p, "UMC", 3) == 0);
	if ((ev = kev(st, kl, umc ? EV_ECC_ERROR : EV_GPU_DRIVER_ERROR,
	    umc ? "amdgpu.ras_umc_uncorrectable" :
	    "amdgpu.ras_uncorrectable")) == NULL)
		return -1;
	if (ev_set_num(ev, st->a, "count", (int64_t)n) == -1 ||
	    ev_set_str(ev, st->a, "block", blk) == -1)
		return -1;
	return 0;
}

/*
 * A GPU that failed where no Xid is printed, as broken as one that fell
 * off the bus:
 * - PCIe Advanced Error Reporting on the GPU's own function (the driver
 *   that owns it, nvidia or amdgpu, prefixes the line): an uncorrected
 *   fatal error, or a recovery the driver cannot do ("nvidia
 *   0000:03:00.0: AER: can't recover (no error_detected callback)").
 *   Corrected errors are noise; a root port's line (pcieport) does not
 *   say which device below it failed.
 * - amdgpu failing to bring the GPU up (its firmware ring, its IP
 *   blocks), the counterpart of RmInitAdapter failing.
 */
static int
on_aer(struct kstate *st, const struct kline *kl, const char *at)
{
	struct event	*ev;
	struct str	 b = kl->body, pci;
	size_t		 skip;

	if (str_starts(b, "nvidia "))
		skip = 7;
	else if (str_starts(b, "amdgpu "))
		skip = 7;
	else
		return 0;
	if (str_find(b, "Uncorrected (Fatal)") == NULL &&
	    str_find(b, "can't recover") == NULL &&
	    str_find(b, "device recovery failed") == NULL)
		return 0;
	pci = str_make(b.p + skip, (size_t)(at - b.p) - skip);
	if ((ev = kev(st, kl, EV_GPU_DRIVER_ERROR, "pcie.aer_fatal")) == NULL)
		return -1;
	if (pci.n > 0 && pci.n < 16 && ev_set_str(ev, st->a, "pci", pci) == -1)
		return -1;
	return 0;
}

/*
 * The EDAC driver's report of an uncorrectable error in the node's own
 * memory ("EDAC MC3: 1 UE memory read error on CPU_SrcID#1_MC#1_Chan#2_
 * DIMM#0 (channel:2 ...)", the skx and i10nm drivers' DIMM label): host
 * hardware failed. Corrected errors (CE) are no failure and no event.
 */
static int
on_edac_ue(struct kstate *st, const struct kline *kl, const char *at)
{
	struct event	*ev;
	struct str	 b = kl->body, rest, dimm;
	const char	*on;
	size_t		 n = 0;

	if (!str_starts(b, "EDAC "))
		return 0;
	rest = str_make(at, (size_t)(b.p + b.n - at));
	if ((on = str_find(rest, " on ")) != NULL) {
		on += 4;
		while (on + n < b.p + b.n && on[n] != ' ' && on[n] != '(')
			n++;
	}
	dimm = str_make(on, n);
	if ((ev = kev(st, kl, EV_NODE_FAIL, "S-EDAC-UE")) == NULL ||
	    ev_set_str(ev, st->a, "what", str_make("host_memory_ue", 14)) == -1 ||
	    (dimm.n > 0 && dimm.n < 128 &&
	    ev_set_str(ev, st->a, "dimm", dimm) == -1))
		return -1;
	return 0;
}

/*
 * A process that crashed inside the NVIDIA driver's user-space library
 * ("python[3551]: segfault at 1378 ip ... error 4 in libcuda.so.418.67
 * [7fff858c5000+dec000]"): a fault of the driver or the GPU under it.
 * A segfault in any other library says nothing of the GPU.
 */
/* "traps: ollama-runner[2213] trap invalid opcode ip:... in ...": the
 * kernel's note of a SIGILL, the CPU refusing an instruction (a build
 * for AVX on a CPU without it); the catalog's S-SIGILL in a log. */
static int
on_trap_invalid(struct kstate *st, const struct kline *kl, const char *at)
{
	struct event	*ev;
	struct str	 b = kl->body, proc;
	const char	*p = str_find(b, "traps: "), *q;

	(void)at;
	if (p == NULL)
		return 0;
	p += 7;
	for (q = p; q < b.p + b.n && *q != '[' && *q != ' '; q++)
		;
	proc = str_make(p, (size_t)(q - p));
	if ((ev = kev(st, kl, EV_APP_ERROR, "S-SIGILL")) == NULL ||
	    ev_set_str(ev, st->a, "error", str_cstr("trap invalid opcode")) ==
	    -1 || ev_set_str(ev, st->a, "process", proc) == -1 ||
	    ev_set_str(ev, st->a, "what", str_cstr("sigill")) == -1)
		return -1;
	return 0;
}

static int
on_libcuda_segv(struct kstate *st, const struct kline *kl, const char *at)
{
	struct event	*ev;
	struct str	 b = kl->body, lib;
	const char	*in = str_find(b, " in libcuda.so");
	size_t		 n = 0;

	(void)at;
	if (in == NULL)
		in = str_find(b, " in libnvidia-");
	if (in == NULL)
		return 0;
	in += 4;
	while (in + n < b.p + b.n && in[n] != '[' && in[n] != ' ')
		n++;
	lib = str_make(in, n);
	if ((ev = kev(st, kl, EV_CUDA_FAULT, "S-LIBCUDA-SEGFAULT")) == NULL ||
	    ev_set_str(ev, st->a, "error", str_make("segfault", 8)) == -1 ||
	    ev_set_str(ev, st->a, "lib", lib) == -1)
		return -1;
	return 0;
}

/*
 * The amdgpu scheduler giving up on a job the GPU never finished
 * (amdgpu_job_timedout), after which it resets the GPU: a hung device,
 * the AMD counterpart of a GPU that stopped answering. Its forms: "[drm:
 * amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx_0.0.0 timeout, signaled
 * seq=159760, emitted seq=159762", from 6.x "amdgpu 0000:28:00.0: ring
 * gfx_0.0.0 timeout, signaled seq=...", FreeBSD's drm-kmod "[drm ERROR
 * :amdgpu_job_timedout] ring ...". The ring is kept.
 */
static int
on_amdgpu_ring(struct kstate *st, const struct kline *kl, const char *at)
{
	struct event	*ev;
	struct str	 b = kl->body, ring;
	const char	*q = at;

	if (str_find(b, "amdgpu") == NULL || at - b.p < 7 || at[-1] != ' ')
		return 0;
	for (q = at - 1; q > b.p && q[-1] != ' '; q--)
		;
	ring = str_make(q, (size_t)(at - 1 - q));
	if (ring.n == 0 || ring.n > 32 || q - b.p < 5 ||
	    memcmp(q - 5, "ring ", 5) != 0)
		return 0;
	if ((ev = kev(st, kl, EV_GPU_DRIVER_ERROR, "amdgpu.ring_timeout")) ==
	    NULL || ev_set_str(ev, st->a, "ring", ring) == -1)
		return -1;
	return 0;
}

/* "amdgpu 0000:c5:00.0: amdgpu: GPU reset begin!" (also "... begin!.
 * Source:  3"): the driver resets a GPU that hung, whatever found it
 * (a ring timeout, the MES firmware not answering, a RAS event). */
static int
on_amdgpu_reset(struct kstate *st, const struct kline *kl, const char *at)
{
	(void)at;
	if (str_find(kl->body, "amdgpu") == NULL &&
	    !str_starts(kl->body, "drmn"))
		return 0;
	return kev(st, kl, EV_GPU_DRIVER_ERROR, "amdgpu.gpu_reset") == NULL ?
	    -1 : 0;
}

static const char *const amdgpu_init_errs[] = {
	"PSP create ring failed", "amdgpu_device_ip_init failed",
	"Fatal error during GPU init",
};

static int
on_amdgpu_init(struct kstate *st, const struct kline *kl, const char *at)
{
	(void)at;
	if (str_find(kl->body, "amdgpu") == NULL)
		return 0;
	for (size_t i = 0; i < NITEMS(amdgpu_init_errs); i++)
		if (str_find(kl->body, amdgpu_init_errs[i]) != NULL)
			return kev(st, kl, EV_GPU_DRIVER_ERROR,
			    "amdgpu.init_failed") == NULL ? -1 : 0;
	return 0;
}

/*
 * Driver software, not the device: the NVIDIA kernel module refusing a
 * user-space driver of another version ("NVRM: API mismatch: the client
 * has the version 367.44, but"), the amdgpu driver's compute part (KFD)
 * refusing a GPU it has no support for ("kfd kfd: DID 7340 is missing in
 * supported_devices", "kgd2kfd_probe failed"). The same failures seen
 * from user space are EV_CUDA_STACK events, and so are these.
 */
static const struct {
	const char	*needle, *sig, *what;
} stack_errs[] = {
	{ "NVRM: API mismatch: ", "nvrm.api_mismatch", "driver_mismatch" },
	{ " is missing in supported_devices", "kfd.unsupported",
	  "kfd_unsupported" },
	{ "kgd2kfd_probe failed", "kfd.unsupported", "kfd_unsupported" },
	{ "requires use of the NVIDIA open kernel modules",
	  "nvrm.open_kmod_required", "open_kmod_required" },
};

static int
on_stack(struct kstate *st, const struct kline *kl, const char *at)
{
	struct event	*ev;

	(void)at;
	for (size_t i = 0; i < NITEMS(stack_errs); i++) {
		if (str_find(kl->body, stack_errs[i].needle) == NULL)
			continue;
		if ((ev = kev(st, kl, EV_CUDA_STACK, stack_errs[i].sig)) ==
		    NULL || ev_set_str(ev, st->a, "what",
		    str_cstr(stack_errs[i].what)) == -1)
			return -1;
		return 0;
	}
	return 0;
}

#define KM_START	0
#define KM_ANY		1

static const struct kmatch {
	const char	*needle;
	int		 where;
	int		(*fn)(struct kstate *, const struct kline *,
			    const char *);
} kmatch[] = {
	{ " invoked oom-killer: ", KM_ANY, on_header },
	{ "oom-kill:constraint=", KM_START, on_summary },
	{ ",", KM_START, on_summary_rest },
	{ "Killed process ", KM_ANY, on_victim },
	{ "Kill process ", KM_ANY, on_select },
	{ "memory: usage ", KM_START, on_memory },
	{ "memory+swap: usage ", KM_START, on_swap },
	{ "swap: usage ", KM_START, on_swap },
	{ "kmem: usage ", KM_START, on_kmem },
	{ "Memory cgroup stats for ", KM_START, on_stats },
	{ "Tasks state (memory values in pages)", KM_START, on_keyline },
	{ "Task in ", KM_START, on_task_in },
	{ "Tasks in ", KM_START, on_oom_group },
	{ " cpuset=", KM_ANY, on_cpuset },
	{ "oom_reaper: ", KM_START, on_reaper },
	{ "NVRM: Xid ", KM_START, on_xid },
	{ "NVRM: API mismatch: ", KM_START, on_stack },
	{ "NVRM: installed in this system requires use of the NVIDIA open",
	  KM_START, on_stack },
	{ "kfd kfd: ", KM_START, on_stack },
	{ "NVRM: ", KM_START, on_nvrm },
	{ "page fault (src_id:", KM_ANY, on_amdgpu_fault },
	{ "timeout, signaled seq=", KM_ANY, on_amdgpu_ring },
	{ "GPU reset begin!", KM_ANY, on_amdgpu_reset },
	{ " uncorrectable hardware errors detected in ", KM_ANY,
	  on_amdgpu_ras },
	{ ": AER: ", KM_ANY, on_aer },
	{ " UE memory ", KM_ANY, on_edac_ue },
	{ ": segfault at ", KM_ANY, on_libcuda_segv },
	{ " trap invalid opcode ", KM_ANY, on_trap_invalid },
	{ " failed", KM_ANY, on_amdgpu_init },
	{ "Fatal error during GPU init", KM_ANY, on_amdgpu_init },
};

static int
kmatch_line(struct kstate *st, const struct kline *kl)
{
	const struct kmatch	*m;
	const char		*at;

	if (!kl->kernel || kl->body.n == 0 || grp_table_line(st, kl))
		return 0;
	for (size_t i = 0; i < NITEMS(kmatch); i++) {
		m = &kmatch[i];
		at = m->where == KM_START ? (str_starts(kl->body, m->needle) ?
		    kl->body.p : NULL) : str_find(kl->body, m->needle);
		if (at != NULL)
			return m->fn(st, kl, at);
	}
	return 0;
}

/* Coverage and order. */

static int
track_time(struct kstate *st, struct kline *kl)
{
	struct event	*ev;

	st->lines++;
	if (kl->tsq == TSQ_NONE || kl->cont)
		return 0;
	st->timed++;
	if (!st->have_ts) {
		st->have_ts = 1;
		st->first_ts = kl->ts_ns;
		st->first_tsq = kl->tsq;
	} else if (kl->tsq == st->last_tsq && kl->ts_ns < st->last_ts) {
		kl->ooo = 1;
		if (st->ooo++ < OOO_NOTES_MAX) {
			if ((ev = kev(st, kl, EV_NOTE,
			    "kernel.out_of_order")) == NULL ||
			    ev_set_num(ev, st->a, "prev_ts_ns",
			    st->last_ts) == -1)
				return -1;
		}
	}
	st->last_ts = kl->ts_ns;
	st->last_tsq = kl->tsq;
	return 0;
}

static int
coverage_note(struct kstate *st)
{
	struct event	*ev;
	struct scan	 sc;
	struct str	 first = { NULL, 0 };

	if ((ev = evlist_add(st->out, st->a, EV_NOTE)) == NULL)
		return -1;
	ev->sig = "kernel.coverage";
	ev->ref.file_id = st->in->file_id;
	scan_init(&sc, st->in->data, st->in->len);
	if (scan_line(&sc, &first)) {
		ev->ref.line = 1;
		ev->ref.len = first.n > UINT32_MAX ? UINT32_MAX :
		    (uint32_t)first.n;
		ev->text = str_make(first.p, ev->ref.len);
	}
	if (ev_set_num(ev, st->a, "lines", (int64_t)st->lines) == -1 ||
	    ev_set_num(ev, st->a, "timed_lines", (int64_t)st->timed) == -1 ||
	    ev_set_num(ev, st->a, "events", (int64_t)st->events) == -1 ||
	    ev_set_num(ev, st->a, "out_of_order", (int64_t)st->ooo) == -1)
		return -1;
	if (!st->have_ts)
		return 0;
	ev->ts_ns = st->first_ts;
	ev->tsq = st->first_tsq;
	if (ev_set_num(ev, st->a, "first_ts_ns", st->first_ts) == -1 ||
	    ev_set_num(ev, st->a, "last_ts_ns", st->last_ts) == -1 ||
	    ev_set_num(ev, st->a, "first_tsq", st->first_tsq) == -1 ||
	    ev_set_str(ev, st->a, "first_tsq", str_cstr(
	    tsq_name(st->first_tsq))) == -1 ||
	    ev_set_num(ev, st->a, "last_tsq", st->last_tsq) == -1)
		return -1;
	return 0;
}

/*
 * parse_kernel: see parse.h. Events borrow from in->data; the context of
 * a report longer than 40 lines is an arena copy of its first and key
 * lines. ERR_NOMEM is the only error.
 */
enum err_code
parse_kernel(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	static struct kstate	 zero;
	struct kstate		 st = zero;
	struct scan		 sc;
	struct str		 line;
	struct kline		 kl;

	st.in = in;
	st.a = a;
	st.out = out;
	scan_init(&sc, in->data, in->len);
	while (scan_line(&sc, &line)) {
		if (!kline_read(&st, &sc, line, &kl))
			continue;
		grp_line(&st, &kl);
		if (track_time(&st, &kl) == -1 || kmatch_line(&st, &kl) == -1)
			return ERR(e, ERR_NOMEM, "%s: line %zu", in->name,
			    sc.lineno);
		st.klines += kl.kernel && kl.body.n > 0;
	}
	if (grp_close(&st) == -1 || coverage_note(&st) == -1)
		return ERR(e, ERR_NOMEM, "%s", in->name);
	return ERR_OK;
}

/*
 * kernel_foreign: see parse.h. A syslog or journal paste carries other
 * daemons' lines beside the kernel's ("ollama[2161]: ... signal: illegal
 * instruction", "slurmd[123]: error: ..."); parse_kernel reads only the
 * kernel's. The copy keeps every line's place (its newline) and blanks
 * the kernel's, so the catalog reads the rest once and cites the right
 * line numbers.
 */
char *
kernel_foreign(const char *p, size_t n)
{
	struct kstate	*st;
	struct scan	 sc;
	struct str	 line;
	struct kline	 kl;
	char		*out;
	size_t		 others = 0;

	if ((st = calloc(1, sizeof(*st))) == NULL)
		return NULL;
	if ((out = malloc(n + 1)) == NULL) {
		free(st);
		return NULL;
	}
	memcpy(out, p, n);
	out[n] = '\0';
	scan_init(&sc, p, n);
	while (scan_line(&sc, &line)) {
		if (kline_read(st, &sc, line, &kl) && !kl.kernel &&
		    kl.body.n > 0) {
			others++;
			continue;
		}
		memset(out + sc.line_off, ' ', line.n);
	}
	free(st);
	if (others == 0) {
		free(out);
		return NULL;
	}
	return out;
}

/* dmesg -H / --reltime's delta stamp, "[  +0.000844] ": time since the
 * line before, no clock to place it on, but a kernel envelope all the
 * same. */
static int
delta_stamp(struct str line)
{
	size_t	i = 1;

	if (line.n < 5 || line.p[0] != '[')
		return 0;
	while (i < line.n && line.p[i] == ' ')
		i++;
	if (i >= line.n || line.p[i] != '+')
		return 0;
	for (i++; i < line.n && ((line.p[i] >= '0' && line.p[i] <= '9') ||
	    line.p[i] == '.'); i++)
		;
	return i + 1 < line.n && line.p[i] == ']' && line.p[i + 1] == ' ';
}

/*
 * sniff_kernel: see parse.h. Scores the first 4 KB by the share of lines
 * that carry a kernel envelope, and by kernel-only phrases.
 */
int
sniff_kernel(const char *p, size_t n)
{
	static const char *const words[] = { " invoked oom-killer: ",
	    "Killed process ", "oom-kill:constraint=", "NVRM: ", " kernel: ",
	    "amdgpu 0000:", "[drm:amdgpu_" };
	struct kstate	 st;
	struct scan	 sc;
	struct str	 line;
	struct kline	 kl;
	int		 lines = 0, env_lines = 0, word = 0;

	memset(&st, 0, sizeof(st));
	scan_init(&sc, p, n < 4096 ? n : 4096);
	while (scan_line(&sc, &line)) {
		lines++;
		kline_read(&st, &sc, line, &kl);
		/* seconds since boot; a bracketed stamp of 10^9 seconds
		 * or more is an epoch (UCX's "[1613401128.440695] [host:
		 * pid:tid] ..."), not an uptime */
		if (!(kl.tsq == TSQ_RAW_MONO && kl.ts_ns >=
		    1000000000LL * 1000000000LL) && (kl.tsq == TSQ_RAW_MONO ||
		    (kl.tsq != TSQ_NONE && str_starts(line, "[")) ||
		    (kl.tsq == TSQ_EXACT && line.n > 19 && line.p[19] == ',') ||
		    delta_stamp(line)))
			env_lines++;
		for (size_t i = 0; i < NITEMS(words); i++)
			if (str_find(line, words[i]) != NULL)
				word = 1;
	}
	if (lines == 0)
		return 0;
	if (env_lines * 2 >= lines)
		return 90;
	return word ? 60 : 0;
}
