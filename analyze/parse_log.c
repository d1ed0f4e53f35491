/*
 * parse_log: catalog matches -> events, with bounded context.
 *
 * The catalog scanner delivers matching lines and the context lines
 * around them, in order, each once. This module keeps the last few
 * delivered lines (a fixed ring), opens a context window at a match,
 * closes it LOGSCAN_AFTER lines later (or when it grows past WIN_LINES)
 * and copies it into the arena as the context of the events it holds.
 * It does not decide what an event means; rules do.
 *
 * Memory figures a framework prints every step (memory_figure events)
 * can be most of a long log: past FIG_BUDGET kept, only every second one
 * is kept, then every fourth, and so on (memory stays logarithmic in the
 * log's length), and the last one before any other match and at the end
 * of the log is always kept, so a series still reaches the failure.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "parse_log.h"
#include "units.h"

#define PRE_LINE	512		/* bytes kept of a ring line */
#define WIN_LINES	16		/* lines in one context window */
#define WIN_MAX		(32 * 1024)	/* bytes in one context window */
#define SM_LINES	64		/* lines a table state machine reads */
#define FIG_BUDGET	2048		/* memory figures kept per stride */
#define FIG_SAVE	2048		/* bytes of a skipped figure line kept */
#define WRAP_MAX	2048		/* bytes of a wrapped message joined */
#define WRAP_LINES	8		/* lines a wrapped message may span */

/* The last memory-figure line skipped, to keep if it turns out last. */
struct fig_saved {
	char		 p[FIG_SAVE];
	size_t		 n, body_off, body_n;
	uint64_t	 lineno, off;
	struct cat_env	 env;
	int		 valid;
};

enum sm_kind { SM_NONE, SM_CHILD, SM_SUMMARY, SM_BFC, SM_PS, SM_VMSTAT,
	SM_WRAP, SM_QACCT };

#define PS_COLS		16	/* columns of a ps header kept */
#define PS_HDR		256	/* bytes of a ps header kept */

struct pre_line {
	char		p[PRE_LINE];
	size_t		n;
	uint64_t	no;
};

struct logscan {
	struct catalog	*cat;
	struct arena	*a;
	struct evlist	*out;
	int		 file_id;
	const char	*name;
	struct cat_scan	*scan;
	enum err_code	 rc;
	struct pre_line	 pre[LOGSCAN_BEFORE];
	unsigned	 npre, pre_head;
	struct buf	 win;
	int		 win_open;
	uint64_t	 win_first, win_last;
	unsigned	 win_lines, win_left;
	size_t		 win_ev;	/* first event of the window */
	enum sm_kind	 sm;
	struct event	*sm_ev;
	unsigned	 sm_left;
	int		 sm_root;
	char		 ps_hdr[PS_HDR];	/* the ps header's names */
	size_t		 ps_col[PS_COLS], ps_len[PS_COLS], ps_ncols;
	uint64_t	 nfig, fig_kept, fig_stride;
	struct fig_saved fig;
	uint64_t	 vm_rows, vm_kept, vm_stride;	/* vmstat thinning */
	char		 wrap[WRAP_MAX];	/* a wrapped message, joined */
	size_t		 nwrap;
	uint32_t	 wrap_fed;	/* line on_match already joined */
};

static void
pre_push(struct logscan *ls, const struct cat_line *cl)
{
	struct pre_line	*pl;

	if (ls->npre < LOGSCAN_BEFORE)
		pl = &ls->pre[(ls->pre_head + ls->npre++) % LOGSCAN_BEFORE];
	else {
		pl = &ls->pre[ls->pre_head];
		ls->pre_head = (ls->pre_head + 1) % LOGSCAN_BEFORE;
	}
	pl->n = cl->line.n < PRE_LINE ? cl->line.n : PRE_LINE;
	memcpy(pl->p, cl->line.p, pl->n);
	pl->no = cl->lineno;
}

static int
win_add(struct logscan *ls, const char *p, size_t n, uint64_t no)
{
	/* Full (a huge line came before): the context keeps what it has;
	 * adding even the "\n" would pass the cap. */
	if (ls->win.n >= WIN_MAX)
		return 0;
	if (ls->win.n + n + 1 > WIN_MAX)
		n = ls->win.n + 1 < WIN_MAX ? WIN_MAX - ls->win.n - 1 : 0;
	if (buf_add(&ls->win, p, n) != ERR_OK || buf_add(&ls->win, "\n", 1))
		return -1;
	if (ls->win_lines++ == 0)
		ls->win_first = no;
	ls->win_last = no;
	return 0;
}

static int
win_close(struct logscan *ls)
{
	char	*ctx;
	size_t	 n;

	if (!ls->win_open)
		return 0;
	ls->win_open = 0;
	n = ls->win.n > 0 ? ls->win.n - 1 : 0;	/* drop the last "\n" */
	if ((ctx = arena_strndup(ls->a, ls->win.p, n)) == NULL)
		return -1;
	for (size_t i = ls->win_ev; i < ls->out->n; i++) {
		ls->out->v[i]->context = str_make(ctx, n);
		ls->out->v[i]->context_line = (uint32_t)ls->win_first;
	}
	return 0;
}

/* Open a window at match line no with the contiguous ring lines before. */
static int
win_open(struct logscan *ls, uint64_t no)
{
	unsigned	k, first = ls->npre;

	buf_reset(&ls->win);
	ls->win_open = 1;
	ls->win_lines = 0;
	ls->win_ev = ls->out->n;
	for (k = 0; k < ls->npre; k++) {
		const struct pre_line	*pl = &ls->pre[(ls->pre_head + k) %
		    LOGSCAN_BEFORE];

		if (pl->no + (ls->npre - k) == no && first == ls->npre)
			first = k;
	}
	for (k = first; k < ls->npre; k++) {
		const struct pre_line	*pl = &ls->pre[(ls->pre_head + k) %
		    LOGSCAN_BEFORE];

		if (win_add(ls, pl->p, pl->n, pl->no) == -1)
			return -1;
	}
	return 0;
}

static int
set_field(struct logscan *ls, struct event *ev, const struct cat_field *f)
{
	const char	*name = arena_strdup(ls->a, f->name);

	if (name == NULL || ev_set_strdup(ev, ls->a, name, f->s) == -1 ||
	    (f->has_num && ev_set_num(ev, ls->a, name, f->num) == -1))
		return -1;
	if (strcmp(f->name, "rank") == 0 && f->has_num)
		ev->rank = (int)f->num;
	else if (strcmp(f->name, "pid") == 0 && f->has_num)
		ev->pid = f->num;
	else if (strcmp(f->name, "node") == 0 &&
	    (ev->node = arena_strndup(ls->a, f->s.p, f->s.n)) == NULL)
		return -1;
	return 0;
}

static struct event *
add_event(struct logscan *ls, const struct cat_line *cl,
    const struct cat_match *m, const char *text)
{
	struct event	*ev;

	if ((ev = evlist_add(ls->out, ls->a, m->sig->kind)) == NULL)
		return NULL;
	ev->sig = m->sig->id;
	ev->ref.file_id = ls->file_id;
	ev->ref.line = cl->lineno > UINT32_MAX ? 0 : (uint32_t)cl->lineno;
	ev->ref.off = cl->off;
	ev->ref.len = (uint32_t)cl->line.n;
	ev->text = str_make(text, cl->line.n);
	ev->ts_ns = cl->env->ts_ns;
	ev->tsq = cl->env->tsq;
	ev->rank = cl->env->rank;
	if (m->sig->cls == CAT_PARAPHRASE)
		ev->flags |= EVF_PARAPHRASE;
	for (size_t i = 0; i < m->nf; i++)
		if (set_field(ls, ev, &m->f[i]) == -1)
			return NULL;
	return ev;
}

/* Keep the column names of a ps header (ev's text). */
static int
ps_header(struct logscan *ls, const struct event *ev)
{
	struct str	t = ev->text;
	size_t		i = 0, n = t.n < PS_HDR ? t.n : PS_HDR;

	memcpy(ls->ps_hdr, t.p, n);
	ls->ps_ncols = 0;
	while (i < n && ls->ps_ncols < PS_COLS) {
		while (i < n && (ls->ps_hdr[i] == ' ' || ls->ps_hdr[i] == '\t'))
			i++;
		if (i == n)
			break;
		ls->ps_col[ls->ps_ncols] = i;
		while (i < n && ls->ps_hdr[i] != ' ' && ls->ps_hdr[i] != '\t')
			i++;
		ls->ps_len[ls->ps_ncols] = i - ls->ps_col[ls->ps_ncols];
		ls->ps_ncols++;
	}
	return ls->ps_ncols >= 2;
}

/*
 * A device OOM message wrapped over lines as pasted (a terminal or an
 * issue's 80 columns: "... Tried to allocate 112.00 MiB. GPU 2 has a" /
 * "total capacty of 15.78 GiB of which 27.19 MiB is free. Process
 * 307065 has 15.75" / "GiB memory in use. Of the allocated memory ..."):
 * the head matched without the allocator's figures (allocated, or the
 * reserved figure after it when the cut fell there). The lines after
 * it are joined to it, blank for newline (or nothing, where a terminal
 * cut a number in two: "16.9" / "4 GiB reserved"), until a catalog row
 * reads the missing figures from the whole, which the head's event
 * then gets.
 */
static void
wrap_start(struct logscan *ls, struct event *ev)
{
	if (ev->kind != EV_CUDA_OOM || (ev_field(ev, "allocated_bytes") !=
	    NULL && ev_field(ev, "reserved_bytes") != NULL) ||
	    ev->text.n >= WRAP_MAX)
		return;
	memcpy(ls->wrap, ev->text.p, ev->text.n);
	ls->nwrap = ev->text.n;
	ls->sm = SM_WRAP;
	ls->sm_ev = ev;
	ls->sm_left = WRAP_LINES;
}

/* Whether a match of the joined text gives a figure the head lacks; if
 * so, the head gets every field it lacks. */
static int
wrap_fill(struct logscan *ls, struct str joined, int *err)
{
	struct cat_match	 m;
	size_t			 row = 0;
	uint64_t		 groups = 0;

	while (catalog_match(ls->cat, joined, &row, &groups, &m)) {
		int	figures = 0;

		if (m.sig->kind != EV_CUDA_OOM)
			continue;
		for (size_t i = 0; i < m.nf; i++)
			figures |= (strcmp(m.f[i].name, "allocated_bytes") ==
			    0 || strcmp(m.f[i].name, "reserved_bytes") == 0) &&
			    ev_field(ls->sm_ev, m.f[i].name) == NULL;
		if (!figures)
			continue;
		for (size_t i = 0; i < m.nf; i++)
			if (ev_field(ls->sm_ev, m.f[i].name) == NULL)
				*err |= set_field(ls, ls->sm_ev, &m.f[i]) == -1;
		return 1;
	}
	return 0;
}

/* One more line of a wrapped message. Returns 2 when the head got its
 * figures, 1 when it never will, 0 to go on. */
static int
wrap_line(struct logscan *ls, struct str body, int *err)
{
	struct str	b = str_trim(body);
	size_t		at = ls->nwrap;

	if (b.n == 0 || ls->nwrap + 1 + b.n > WRAP_MAX)
		return 1;
	/* A cut between two letters or digits may be inside a word or a
	 * number: the join without the blank is tried first, on the side
	 * ("16.9" / "4 GiB reserved" is 16.94 GiB; with the blank, the
	 * tail alone would read 4 GiB). The blank stays for the lines
	 * after. */
	if (at > 0 && isalnum((unsigned char)ls->wrap[at - 1]) &&
	    isalnum((unsigned char)b.p[0])) {
		char	tmp[WRAP_MAX];

		memcpy(tmp, ls->wrap, at);
		memcpy(tmp + at, b.p, b.n);
		if (wrap_fill(ls, str_make(tmp, at + b.n), err))
			return 2;
	}
	ls->wrap[ls->nwrap++] = ' ';
	memcpy(ls->wrap + ls->nwrap, b.p, b.n);
	ls->nwrap += b.n;
	return wrap_fill(ls, str_make(ls->wrap, ls->nwrap), err) ? 2 : 0;
}

/*
 * A line that matched on its own while a wrapped message waits for its
 * figures is joined to it first (its own match is often the message's
 * tail alone): 1 when that completed the head, whose figures the tail's
 * event would then only repeat.
 */
static int
wrap_feed(struct logscan *ls, const struct cat_line *cl, int *err)
{
	struct cat_env	env;
	int		r;

	if (ls->sm != SM_WRAP || cl->lineno == ls->sm_ev->ref.line)
		return 0;
	catalog_envelope(cl->line, &env);
	r = wrap_line(ls, env.body, err);
	ls->wrap_fed = cl->lineno;
	if (r != 0 || --ls->sm_left == 0)
		ls->sm = SM_NONE;
	return r == 2;
}

static void
sm_start(struct logscan *ls, struct event *ev)
{
	if (ev->kind == EV_CHILD_FAILED)
		ls->sm = SM_CHILD;
	else if (ev->kind == EV_MEM_SUMMARY && ev->sig != NULL &&
	    strcmp(ev->sig, "S-BFC-STATS") == 0)
		ls->sm = SM_BFC;
	else if (ev->kind == EV_MEM_SUMMARY)
		ls->sm = SM_SUMMARY;
	else if (ev->sig != NULL && strcmp(ev->sig, "S-PS-HEADER") == 0 &&
	    ps_header(ls, ev))
		ls->sm = SM_PS;
	else if (ev->sig != NULL && strcmp(ev->sig, "S-VMSTAT-HEADER") == 0 &&
	    ps_header(ls, ev))
		ls->sm = SM_VMSTAT;
	else if (ev->sig != NULL && strcmp(ev->sig, "S-SGE-QACCT-LIMIT") == 0)
		ls->sm = SM_QACCT;
	else {
		wrap_start(ls, ev);	/* sets its own state, or none */
		return;
	}
	ls->sm_ev = ev;
	ls->sm_left = SM_LINES;
	ls->sm_root = 0;
}

/* The saved figure line as a delivered line, and its events (no
 * context: it was skipped when it was read). */
static int
fig_flush(struct logscan *ls)
{
	struct fig_saved	*fs = &ls->fig;
	struct cat_env		 env = fs->env;
	struct cat_line		 cl = { .line = str_make(fs->p, fs->n),
				    .lineno = fs->lineno, .off = fs->off,
				    .len = fs->n, .env = &env };
	struct cat_match	 m;
	size_t			 row = 0;
	uint64_t		 groups = 0;
	const char		*text;

	if (!fs->valid)
		return 0;
	fs->valid = 0;
	env.body = str_make(fs->p + fs->body_off, fs->body_n);
	if ((text = arena_strndup(ls->a, fs->p, fs->n)) == NULL)
		return -1;
	while (catalog_match(ls->cat, env.body, &row, &groups, &m))
		if (add_event(ls, &cl, &m, text) == NULL)
			return -1;
	return 0;
}

/* A memory-figure line: 1 to keep, 0 skipped (saved for fig_flush). */
static int
fig_keep(struct logscan *ls, const struct cat_line *cl)
{
	struct fig_saved	*fs = &ls->fig;
	const char		*b = cl->env->body.p;

	if (ls->fig_stride == 0)
		ls->fig_stride = 1;
	if (ls->nfig++ % ls->fig_stride == 0) {
		fs->valid = 0;
		if (++ls->fig_kept == FIG_BUDGET) {
			ls->fig_kept = 0;
			ls->fig_stride *= 2;
		}
		return 1;
	}
	fs->valid = cl->line.n <= FIG_SAVE && b >= cl->line.p &&
	    b + cl->env->body.n <= cl->line.p + cl->line.n;
	if (fs->valid) {
		memcpy(fs->p, cl->line.p, cl->line.n);
		fs->n = cl->line.n;
		fs->body_off = (size_t)(b - cl->line.p);
		fs->body_n = cl->env->body.n;
		fs->lineno = cl->lineno;
		fs->off = cl->off;
		fs->env = *cl->env;
	}
	return 0;
}

/* Every row that matches the line: one event per group. */
static int
on_match(struct logscan *ls, const struct cat_line *cl)
{
	struct cat_match	 m;
	size_t			 row = 0;
	uint64_t		 groups = 0;
	const char		*text;
	struct event		*ev;
	int			 err = 0, joined = wrap_feed(ls, cl, &err);

	if (err)
		return -1;
	if (cl->m->sig->kind == EV_MEM_FIGURE) {
		if (!fig_keep(ls, cl))
			return 0;
	} else if (fig_flush(ls) == -1)
		return -1;
	if (ls->win_open && ls->win_lines >= WIN_LINES && win_close(ls) == -1)
		return -1;
	if (!ls->win_open && win_open(ls, cl->lineno) == -1)
		return -1;
	if ((text = arena_strndup(ls->a, cl->line.p, cl->line.n)) == NULL)
		return -1;
	/* The scanner reports the first row only: take them all here. */
	while (catalog_match(ls->cat, cl->env->body, &row, &groups, &m)) {
		if (joined && m.sig->kind == EV_CUDA_OOM)
			continue;
		if ((ev = add_event(ls, cl, &m, text)) == NULL)
			return -1;
		sm_start(ls, ev);
	}
	ls->win_left = LOGSCAN_AFTER;
	return win_add(ls, cl->line.p, cl->line.n, cl->lineno);
}

/* "  key   : value" -> key, value (trimmed); -1 if no colon. */
static int
key_value(struct str s, struct str *k, struct str *v)
{
	const char	*c = memchr(s.p, ':', s.n);

	if (c == NULL)
		return -1;
	*k = str_trim(str_make(s.p, (size_t)(c - s.p)));
	*v = str_trim(str_make(c + 1, s.n - (size_t)(c - s.p) - 1));
	return 0;
}

/* Leading integer of s (after blanks); -1 if none. */
static int
lead_int(struct str s, int64_t *v)
{
	size_t	i = 0;

	s = str_trim(s);
	if (i < s.n && s.p[i] == '-')
		i++;
	while (i < s.n && s.p[i] >= '0' && s.p[i] <= '9')
		i++;
	return str_to_i64(str_make(s.p, i), v);
}

/* "(SIGKILL)" style name anywhere in s. */
static int
signal_name(struct str s, struct str *out)
{
	const char	*p = str_find(s, "(SIG"), *q;

	if (p == NULL || (q = memchr(p, ')', s.n - (size_t)(p - s.p))) == NULL)
		return -1;
	*out = str_make(p + 1, (size_t)(q - p - 1));
	return 0;
}

static int
child_num(struct logscan *ls, const char *name, struct str v)
{
	int64_t	n;

	if (lead_int(v, &n) == -1)
		return 0;
	return ev_set_num(ls->sm_ev, ls->a, name, n);
}

/* One line of the ChildFailedError report. Returns 1 when done. */
static int
child_line(struct logscan *ls, struct str body, int *err)
{
	struct event	*ev = ls->sm_ev;
	struct str	 k, v, sig;
	const char	*p;
	int64_t		 n;

	if (str_find(body, "Root Cause") != NULL) {
		ls->sm_root = 1;
		return 0;
	}
	if (!ls->sm_root)
		return 0;
	if (body.n > 0 && body.p[0] == '=')
		return 1;
	if (key_value(body, &k, &v) == -1)
		return 0;
	if (str_eq(k, "host"))
		*err |= (ev->node = arena_strndup(ls->a, v.p, v.n)) == NULL ||
		    ev_set_strdup(ev, ls->a, "host", v) == -1;
	else if (str_eq(k, "time"))
		*err |= ev_set_strdup(ev, ls->a, "time", v) == -1;
	else if (str_eq(k, "rank")) {
		*err |= child_num(ls, "rank", v) == -1;
		if (lead_int(v, &n) == 0)
			ev->rank = (int)n;
		if ((p = str_find(v, "local_rank:")) != NULL)
			*err |= child_num(ls, "local_rank", str_make(p + 11,
			    v.n - (size_t)(p + 11 - v.p))) == -1;
	} else if (str_eq(k, "exitcode")) {
		*err |= child_num(ls, "exitcode", v) == -1;
		if ((p = str_find(v, "pid:")) != NULL &&
		    lead_int(str_make(p + 4, v.n - (size_t)(p + 4 - v.p)),
		    &ev->pid) == 0)
			*err |= ev_set_num(ev, ls->a, "pid", ev->pid) == -1;
		if (signal_name(v, &sig) == 0)
			*err |= ev_set_strdup(ev, ls->a, "signal", sig) == -1;
	} else if (str_eq(k, "traceback")) {
		if (signal_name(v, &sig) == 0 &&
		    ev_field(ev, "signal") == NULL)
			*err |= ev_set_strdup(ev, ls->a, "signal", sig) == -1;
		return 1;
	} else if ((p = str_find(body, "exitcode:")) != NULL &&
	    ev_field(ev, "exitcode") == NULL) {
		/* A paste that lost the table's line breaks: "rank2 (local
		 * rank: 2)exitcode: -9 (pid: 36071)error file: <N/A>". */
		*err |= child_num(ls, "exitcode", str_make(p + 9,
		    body.n - (size_t)(p + 9 - body.p))) == -1;
	} else if (body.n > 0 && body.p[0] == '[' && ev_field(ev, "rank"))
		return 1;	/* the next failure's block */
	return 0;
}

/* Split "| a | b | c |" into at most n trimmed cells. */
static size_t
cells(struct str s, struct str *c, size_t n)
{
	size_t		 k = 0;
	const char	*p = s.p, *end = s.p + s.n, *q;

	if (s.n == 0 || *p != '|')
		return 0;
	for (p++; p < end && k < n; p = q + 1) {
		if ((q = memchr(p, '|', (size_t)(end - p))) == NULL)
			break;
		c[k++] = str_trim(str_make(p, (size_t)(q - p)));
	}
	return k;
}

static const struct {
	const char	*row;
	const char	*cur, *peak;
} summary_rows[] = {
	{ "Allocated memory", "allocated_cur_bytes", "allocated_peak_bytes" },
	{ "Active memory", "active_cur_bytes", "active_peak_bytes" },
	{ "Requested memory", "requested_cur_bytes", "requested_peak_bytes" },
	{ "GPU reserved memory", "reserved_cur_bytes", "reserved_peak_bytes" },
	{ "Non-releasable memory", "nonreleasable_cur_bytes",
	  "nonreleasable_peak_bytes" },
};

static int
summary_count(struct logscan *ls, struct str cell, const char *key,
    const char *name)
{
	int64_t	n;

	if (!str_starts(cell, key) ||
	    lead_int(str_make(cell.p + strlen(key), cell.n - strlen(key)),
	    &n) == -1)
		return 0;
	return ev_set_num(ls->sm_ev, ls->a, name, n);
}

/* One line of the memory_summary() table. Returns 1 when done. */
static int
summary_line(struct logscan *ls, struct str body, int *err)
{
	struct str	c[6];
	size_t		k = cells(body, c, 6);
	uint64_t	cur, peak;

	if (k == 0)
		return 1;
	for (size_t i = 0; i < k; i++) {
		*err |= summary_count(ls, c[i], "CUDA OOMs:", "ooms") == -1;
		*err |= summary_count(ls, c[i], "cudaMalloc retries:",
		    "malloc_retries") == -1;
	}
	for (size_t i = 0; k >= 3 && i < sizeof(summary_rows) /
	    sizeof(summary_rows[0]); i++) {
		if (!str_eq(c[0], summary_rows[i].row) ||
		    units_size(c[1], 1, &cur) == -1 ||
		    units_size(c[2], 1, &peak) == -1)
			continue;
		*err |= ev_set_num(ls->sm_ev, ls->a, summary_rows[i].cur,
		    (int64_t)cur) == -1;
		*err |= ev_set_num(ls->sm_ev, ls->a, summary_rows[i].peak,
		    (int64_t)peak) == -1;
	}
	return 0;
}

static const struct {
	const char	*key, *name;
} bfc_rows[] = {
	{ "Limit", "limit_bytes" },
	{ "InUse", "in_use_bytes" },
	{ "MaxInUse", "max_in_use_bytes" },
	{ "LargestFreeBlock", "largest_free_block_bytes" },
};

/* One "Key:   N" line of the BFC allocator's stats. Returns 1 when done
 * (a blank line or anything else). */
static int
bfc_line(struct logscan *ls, struct str body, int *err)
{
	struct str	k, v;
	int64_t		n;

	if (key_value(body, &k, &v) == -1 || str_to_i64(v, &n) == -1)
		return 1;
	for (size_t i = 0; i < sizeof(bfc_rows) / sizeof(bfc_rows[0]); i++)
		if (str_eq(k, bfc_rows[i].key))
			*err |= ev_set_num(ls->sm_ev, ls->a, bfc_rows[i].name,
			    n) == -1;
	return 0;
}

static int
ps_is(const struct logscan *ls, size_t c, const char *name)
{
	return ls->ps_len[c] == strlen(name) &&
	    memcmp(ls->ps_hdr + ls->ps_col[c], name, ls->ps_len[c]) == 0;
}

/* The next blank-separated token of body from *i (rest: the rest of the
 * line); 0 when none is left. */
static int
next_tok(struct str body, size_t *i, int rest, struct str *tok)
{
	size_t	j = *i;

	while (j < body.n && (body.p[j] == ' ' || body.p[j] == '\t'))
		j++;
	if (j == body.n)
		return 0;
	tok->p = body.p + j;
	if (rest)
		j = body.n;
	while (j < body.n && body.p[j] != ' ' && body.p[j] != '\t')
		j++;
	tok->n = (size_t)(body.p + j - tok->p);
	*i = j;
	return 1;
}

/* An event of kind for the whole line cl, cited under sig (the table's
 * header row); NULL when out of memory. */
static struct event *
line_event(struct logscan *ls, const struct cat_line *cl, enum ev_kind kind,
    const char *sig)
{
	struct event	*ev;
	char		*text;

	if ((ev = evlist_add(ls->out, ls->a, kind)) == NULL ||
	    (text = arena_strndup(ls->a, cl->line.p, cl->line.n)) == NULL)
		return NULL;
	ev->sig = sig;
	ev->ref.file_id = ls->file_id;
	ev->ref.line = cl->lineno > UINT32_MAX ? 0 : (uint32_t)cl->lineno;
	ev->ref.off = cl->off;
	ev->ref.len = (uint32_t)cl->line.n;
	ev->text = str_make(text, cl->line.n);
	return ev;
}

/*
 * One row under a ps header: one process_state event with pid, ppid,
 * stat, user and cmd (the last column takes the rest of the line).
 * Returns 1 when the line is not a row (the table ended).
 */
static int
ps_line(struct logscan *ls, const struct cat_line *cl, struct str body,
    int *err)
{
	struct str	 tok[PS_COLS];
	struct event	*ev;
	size_t		 nt = 0, i = 0, last = ls->ps_ncols - 1;
	int64_t		 v;

	while (nt < ls->ps_ncols && next_tok(body, &i, nt == last, &tok[nt]))
		nt++;
	if (nt < ls->ps_ncols)
		return 1;
	for (size_t c = 0; c < ls->ps_ncols; c++)
		if ((ps_is(ls, c, "PID") || ps_is(ls, c, "PPID")) &&
		    str_to_i64(tok[c], &v) == -1)
			return 1;
	/* An aux row the catalog already read (S-PS-AUX-ROW). */
	if (ls->out->n > 0 && ls->out->v[ls->out->n - 1]->kind ==
	    EV_PROC_STATE && ls->out->v[ls->out->n - 1]->ref.line ==
	    cl->lineno)
		return 0;
	if ((ev = line_event(ls, cl, EV_PROC_STATE, "S-PS-HEADER")) == NULL) {
		*err = 1;
		return 1;
	}
	for (size_t c = 0; c < ls->ps_ncols; c++) {
		static const struct {
			const char	*col, *field;
		} names[] = {
			{ "PID", "pid" }, { "PPID", "ppid" }, { "STAT", "stat" },
			{ "S", "stat" }, { "USER", "user" }, { "UID", "user" },
			{ "CMD", "cmd" }, { "COMMAND", "cmd" }, { "ARGS", "cmd" },
		};

		for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
			if (!ps_is(ls, c, names[k].col))
				continue;
			*err |= ev_set_strdup(ev, ls->a, names[k].field,
			    tok[c]) == -1;
			if (str_to_i64(tok[c], &v) == 0)
				*err |= ev_set_num(ev, ls->a, names[k].field,
				    v) == -1;
		}
	}
	ev->pid = ev_num_or(ev, "pid", -1);
	return 0;
}

/* Header column c is one of vmstat's own (not -t's time zone). */
static int
vmstat_column(const struct logscan *ls, size_t c)
{
	static const char *const names[] = { "r", "b", "swpd", "free",
	    "buff", "cache", "inact", "active", "si", "so", "bi", "bo", "in",
	    "cs", "us", "sy", "id", "wa", "st", "gu" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (ps_is(ls, c, names[i]))
			return 1;
	return 0;
}

/*
 * One row under a vmstat header: a memory_figure event with what
 * "vmstat" and host_avail_bytes = free + buff + cache (vmstat prints KiB
 * unless -S says otherwise, and no total: the series view reads the
 * fall of this figure). Returns 1 when the line is not a row. A long
 * run keeps its rows thinned like the catalog's figures: past
 * FIG_BUDGET, every second one, then every fourth.
 */
static int
vmstat_line(struct logscan *ls, const struct cat_line *cl, struct str body,
    int *err)
{
	struct str	 tok;
	struct event	*ev;
	int64_t		 v, avail = 0;
	size_t		 i = 0, c = 0, want = 0;

	while (c < ls->ps_ncols && next_tok(body, &i, 0, &tok)) {
		/* -t appends a date and time under a time-zone name */
		if (!vmstat_column(ls, c))
			break;
		if (str_to_i64(tok, &v) == -1 || v < 0)
			return 1;
		if (ps_is(ls, c, "free") || ps_is(ls, c, "buff") ||
		    ps_is(ls, c, "cache")) {
			avail += v;
			want++;
		}
		c++;
	}
	if ((c < ls->ps_ncols && vmstat_column(ls, c)) || want != 3)
		return 1;
	ls->sm_left = SM_LINES + 1;	/* rows go on as long as they come */
	if (ls->vm_stride == 0)
		ls->vm_stride = 1;
	if (ls->vm_rows++ % ls->vm_stride != 0)
		return 0;
	if (++ls->vm_kept == FIG_BUDGET) {
		ls->vm_kept = 0;
		ls->vm_stride *= 2;
	}
	if ((ev = line_event(ls, cl, EV_MEM_FIGURE, "S-VMSTAT-HEADER")) ==
	    NULL) {
		*err = 1;
		return 1;
	}
	*err |= ev_set_strdup(ev, ls->a, "what", str_cstr("vmstat")) == -1;
	*err |= ev_set_num(ev, ls->a, "host_avail_bytes", avail * 1024) == -1;
	return 0;
}

/* Feed a line after the one that started the state machine. */
static int
sm_line(struct logscan *ls, const struct cat_line *cl)
{
	struct cat_env	env;
	int		err = 0, done;

	if (ls->sm == SM_NONE || cl->lineno == ls->sm_ev->ref.line ||
	    (ls->sm == SM_WRAP && cl->lineno == ls->wrap_fed))
		return 0;
	catalog_envelope(cl->line, &env);
	if (ls->sm == SM_CHILD)
		done = child_line(ls, env.body, &err);
	else if (ls->sm == SM_BFC)
		done = bfc_line(ls, env.body, &err);
	else if (ls->sm == SM_PS)
		done = ps_line(ls, cl, env.body, &err);
	else if (ls->sm == SM_VMSTAT)
		done = vmstat_line(ls, cl, env.body, &err);
	else if (ls->sm == SM_WRAP)
		done = wrap_line(ls, env.body, &err);
	else if (ls->sm == SM_QACCT)
		done = qacct_line(ls->sm_ev, ls->a, env.body, &err);
	else
		done = summary_line(ls, env.body, &err);
	if (done || --ls->sm_left == 0)
		ls->sm = SM_NONE;
	return err ? -1 : 0;
}

static int
on_line(void *arg, const struct cat_line *cl)
{
	struct logscan	*ls = arg;

	if (cl->m != NULL) {
		if (on_match(ls, cl) == -1)
			goto nomem;
	} else if (ls->win_open) {
		if (win_add(ls, cl->line.p, cl->line.n, cl->lineno) == -1)
			goto nomem;
		if (--ls->win_left == 0 && win_close(ls) == -1)
			goto nomem;
	}
	pre_push(ls, cl);
	if (sm_line(ls, cl) == -1)
		goto nomem;
	return ls->sm != SM_NONE ? (int)ls->sm_left : 0;
nomem:
	ls->rc = ERR_NOMEM;
	return -1;
}

enum err_code
logscan_new(struct catalog *cat, struct arena *a, struct evlist *out,
    int file_id, const char *source_name, struct logscan **lsp,
    struct err *e)
{
	struct logscan	*ls;
	enum err_code	 rc;

	*lsp = NULL;
	if ((ls = calloc(1, sizeof(*ls))) == NULL)
		return ERR(e, ERR_NOMEM, "%s", source_name);
	ls->cat = cat;
	ls->a = a;
	ls->out = out;
	ls->file_id = file_id;
	ls->name = source_name != NULL ? source_name : "log";
	buf_init(&ls->win, WIN_MAX);
	if ((rc = cat_scan_new(cat, LOGSCAN_BEFORE, LOGSCAN_AFTER, on_line,
	    ls, &ls->scan, e)) != ERR_OK) {
		free(ls);
		return rc;
	}
	/* A big log's blocks are matched on all cores (catalog.h); the
	 * events are the same on one. */
	cat_scan_threads(ls->scan, cat_scan_default_threads(), 0);
	*lsp = ls;
	return ERR_OK;
}

static enum err_code
status(struct logscan *ls, enum err_code rc, struct err *e)
{
	if (ls->rc != ERR_OK)
		return ERR(e, ls->rc, "%s: out of memory", ls->name);
	return rc;
}

enum err_code
logscan_feed(struct logscan *ls, const char *p, size_t n, struct err *e)
{
	return status(ls, cat_scan_feed(ls->scan, p, n, e), e);
}

enum err_code
logscan_end(struct logscan *ls, struct err *e)
{
	enum err_code	rc = cat_scan_end(ls->scan, e);

	if (ls->rc == ERR_OK && (win_close(ls) == -1 || fig_flush(ls) == -1))
		ls->rc = ERR_NOMEM;
	return status(ls, rc, e);
}

void
logscan_free(struct logscan *ls)
{
	if (ls == NULL)
		return;
	cat_scan_free(ls->scan);
	buf_free(&ls->win);
	free(ls);
}

enum err_code
parse_log(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct catalog	*cat;
	struct logscan	*ls;
	enum err_code	 rc;

	if ((rc = catalog_new(&cat, e)) != ERR_OK)
		return rc;
	if ((rc = logscan_new(cat, a, out, in->file_id, in->name, &ls,
	    e)) == ERR_OK) {
		if ((rc = logscan_feed(ls, in->data, in->len, e)) == ERR_OK)
			rc = logscan_end(ls, e);
		logscan_free(ls);
	}
	catalog_free(cat);
	return rc;
}
