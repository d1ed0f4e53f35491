/*
 * parse_sacct: sacct output, one EV_SACCT_ROW per job or step row.
 *
 * Three shapes, told apart by content:
 * - parsable (--parsable2, or --parsable with its trailing '|'): the
 *   header line names the columns, in any order. Columns this parser
 *   knows get the stable field names below; others are kept as string
 *   fields under their header text.
 * - fixed width (the default and --long): the header and the dashes line
 *   under it give the column spans. sacct cuts a long value to its column
 *   and ends it with '+'; a cut State is expanded when exactly one state
 *   name has that prefix ("OUT_OF_ME+"), and state_truncated is set.
 * - --json: Slurm 22.05 (dbv0.0.38: plain numbers, "signal_id") and the
 *   later layouts ({set, infinite, number} numbers, state and status as
 *   arrays, "id" for the signal). A value of the wrong type is skipped and
 *   counted in one EV_NOTE ("sacct.json_types").
 * - --yaml: the same tree in YAML (first line "%YAML", "---" or a top
 *   key), loaded by yaml_tree() into what --json gives and read by the
 *   same code: the same records, "sacct --yaml" in their text and notes
 *   ("sacct.yaml_types", "sacct.yaml_error").
 *
 * Times: text formats print naive local time, kept as if UTC with
 * TSQ_RAW_LOCAL and times_local 1; JSON has epoch seconds (TSQ_EXACT,
 * times_local 0). The event time is End, else Start.
 *
 * Text rows cite their own line. JSON and YAML rows cite the line where
 * the job's or step's object opens (found by a bounded skim of the text,
 * or by the YAML parser; line 0 if not found), and their text is a
 * compact summary in the arena.
 * "sacct: error: ..." lines (and the bare "Slurm accounting storage is
 * disabled") become EV_NOTE "sacct.error".
 *
 * It does not expand node ranges or map headerless (-n) rows: without a
 * header a row is EV_UNPARSED.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "parse.h"
#include "slurm_json.h"
#include "units.h"

#define MAXCOL		256
#define MIB		(1024 * 1024)
#define SECS_MAX	9000000000LL	/* ns of it still fit an int64 */

enum conv {
	C_RAW,		/* unknown column: header text -> string */
	C_STR,
	C_JOBID,	/* job_step, job_id, step */
	C_STATE,	/* state, state_by */
	C_EXIT,		/* name:name2 */
	C_REQMEM,	/* req_mem_bytes, req_mem_per */
	C_SIZE,		/* bytes; a bare number is bytes */
	C_INT,
	C_TIME,
	C_DUR
};

struct col_def {
	const char	*hdr;	/* header text as sacct prints it */
	const char	*name;
	const char	*name2;
	enum conv	 conv;
};

static const struct col_def col_defs[] = {
	{ "JobID", "job_step", NULL, C_JOBID },
	{ "JobIDRaw", "job_id_raw", NULL, C_STR },
	{ "JobName", "job_name", NULL, C_STR },
	{ "State", "state", "state_by", C_STATE },
	{ "ExitCode", "exit_code", "exit_signal", C_EXIT },
	{ "DerivedExitCode", "derived_exit_code", "derived_signal", C_EXIT },
	{ "ReqMem", "req_mem_bytes", "req_mem_per", C_REQMEM },
	{ "MaxRSS", "max_rss_bytes", NULL, C_SIZE },
	{ "MaxRSSNode", "max_rss_node", NULL, C_STR },
	{ "MaxRSSTask", "max_rss_task", NULL, C_INT },
	{ "MaxVMSize", "max_vmsize_bytes", NULL, C_SIZE },
	{ "NTasks", "ntasks", NULL, C_INT },
	{ "NCPUS", "ncpus", NULL, C_INT },
	{ "AllocCPUS", "ncpus", NULL, C_INT },
	{ "NNodes", "nnodes", NULL, C_INT },
	{ "NodeList", "node_list", NULL, C_STR },
	{ "Partition", "partition", NULL, C_STR },
	{ "QOS", "qos", NULL, C_STR },
	{ "User", "user", NULL, C_STR },
	{ "UID", "uid", NULL, C_INT },
	{ "Reason", "reason", NULL, C_STR },
	{ "ReqTRES", "req_tres", NULL, C_STR },
	{ "AllocTRES", "alloc_tres", NULL, C_STR },
	{ "Submit", "submit_s", NULL, C_TIME },
	{ "Start", "start_s", NULL, C_TIME },
	{ "End", "end_s", NULL, C_TIME },
	{ "Elapsed", "elapsed_s", NULL, C_DUR },
	{ "Timelimit", "timelimit_s", NULL, C_DUR },
	{ "SubmitLine", "submit_line", NULL, C_STR },
	/* GPU accounting (AcctGatherGpu / gpu_nvml, 23.02+): per-step
	 * gres/gpumem and gres/gpuutil, read by gpu_usage() below. */
	{ "TRESUsageInMax", "tres_usage_in_max", NULL, C_STR },
	{ "TRESUsageInAve", "tres_usage_in_ave", NULL, C_STR },
};

/* job_state_string() names, for expanding a cut "OUT_OF_ME+". */
static const char *const state_names[] = {
	"PENDING", "RUNNING", "SUSPENDED", "COMPLETED", "CANCELLED", "FAILED",
	"TIMEOUT", "NODE_FAIL", "PREEMPTED", "BOOT_FAIL", "DEADLINE",
	"OUT_OF_MEMORY", "REQUEUED", "RESIZING", "REVOKED", "SPECIAL_EXIT",
};

/* Lines sacct writes instead of rows (stderr merged into the capture). */
static const char *const error_prefixes[] = {
	"sacct: error: ", "sacct: fatal: ", "sacct: ",
	"Slurm accounting storage is disabled",
};

/* Values Slurm prints for "not set". */
static const char *const absent_words[] = {
	"Unknown", "None", "N/A", "(null)", "UNLIMITED", "Partition_Limit",
	"INVALID", "NONE", "INFINITE",
};

struct layout {
	int			 fixed;
	size_t			 ncol;
	struct str		 header;
	const struct col_def	*def[MAXCOL];
	const char		*raw[MAXCOL];	/* arena copy of an unknown name */
	size_t			 start[MAXCOL], end[MAXCOL];
};

static int
is_absent(struct str v)
{
	if (v.n == 0)
		return 1;
	for (size_t i = 0; i < sizeof(absent_words) / sizeof(*absent_words);
	    i++)
		if (str_eq(v, absent_words[i]))
			return 1;
	return 0;
}

static int
eq_nocase(struct str s, const char *c)
{
	size_t	n = strlen(c);

	if (s.n != n)
		return 0;
	for (size_t i = 0; i < n; i++) {
		int	x = s.p[i], y = c[i];

		if (x >= 'A' && x <= 'Z')
			x += 32;
		if (y >= 'A' && y <= 'Z')
			y += 32;
		if (x != y)
			return 0;
	}
	return 1;
}

/* Parse a leading unsigned decimal of at most 18 digits; advance *s. */
static int
take_num(struct str *s, int64_t *v)
{
	size_t	i = 0;

	*v = 0;
	while (i < s->n && i < 18 && s->p[i] >= '0' && s->p[i] <= '9')
		*v = *v * 10 + (s->p[i++] - '0');
	if (i == 0 || (i < s->n && s->p[i] >= '0' && s->p[i] <= '9'))
		return -1;
	s->p += i;
	s->n -= i;
	return 0;
}

int
slurm_exit(struct str s, int64_t *code, int64_t *sig)
{
	const char	*c;

	s = str_trim(s);
	if (is_absent(s) || (c = memchr(s.p, ':', s.n)) == NULL)
		return -1;
	if (str_to_i64(str_make(s.p, (size_t)(c - s.p)), code) == -1 ||
	    str_to_i64(str_make(c + 1, s.n - (size_t)(c - s.p) - 1),
	    sig) == -1)
		return -1;
	return 0;
}

int
slurm_duration(struct str s, int64_t *secs)
{
	int64_t	 part[4], days = 0;
	int	 n = 0;

	s = str_trim(s);
	if (is_absent(s))
		return -1;
	if (memchr(s.p, '-', s.n) != NULL) {
		if (take_num(&s, &days) == -1 || s.n == 0 || s.p[0] != '-' ||
		    days > 100000000)
			return -1;
		s.p++;
		s.n--;
	}
	for (;;) {
		if (n == 3 || take_num(&s, &part[n]) == -1 ||
		    part[n++] > 1000000000)
			return -1;
		if (s.n == 0 || s.p[0] == '.')	/* TotalCPU has ".mmm" */
			break;
		if (s.p[0] != ':')
			return -1;
		s.p++;
		s.n--;
	}
	if (n == 1)		/* "M" alone is minutes, as Slurm reads it */
		*secs = part[0] * 60;
	else if (n == 2)	/* MM:SS */
		*secs = part[0] * 60 + part[1];
	else
		*secs = part[0] * 3600 + part[1] * 60 + part[2];
	*secs += days * 86400;
	return 0;
}

/* "2026-11-30T06:59:10": read here rather than with units_iso_time()
 * so that no year, however far, is turned into nanoseconds. */
int
slurm_time(struct str s, int64_t *secs)
{
	static const unsigned char	at[6] = { 0, 5, 8, 11, 14, 17 };
	int				v[6];

	s = str_trim(s);
	if (s.n != 19 || s.p[4] != '-' || s.p[7] != '-' ||
	    (s.p[10] != 'T' && s.p[10] != ' ') || s.p[13] != ':' ||
	    s.p[16] != ':')
		return -1;
	for (int i = 0; i < 6; i++) {
		v[i] = 0;
		for (int k = at[i]; k < at[i] + (i == 0 ? 4 : 2); k++) {
			if (s.p[k] < '0' || s.p[k] > '9')
				return -1;
			v[i] = v[i] * 10 + (s.p[k] - '0');
		}
	}
	if (v[1] < 1 || v[1] > 12 || v[2] < 1 || v[2] > 31 || v[3] > 23 ||
	    v[4] > 59 || v[5] > 60)
		return -1;
	*secs = units_civil_to_epoch(v[0], v[1], v[2], v[3], v[4], v[5]);
	return 0;
}

static int
size_i64(struct str v, uint64_t mult, int64_t *out)
{
	uint64_t	b;

	if (units_size(v, mult, &b) == -1 || b > (uint64_t)INT64_MAX)
		return -1;
	*out = (int64_t)b;
	return 0;
}

void
slurm_tres(struct str s, int64_t *mem, int64_t *gpus, int64_t *nodes)
{
	struct str	item, k, v;
	const char	*c, *eq;
	int64_t		n, typed = -1;

	*mem = *gpus = *nodes = -1;
	while (s.n > 0) {
		c = memchr(s.p, ',', s.n);
		item = str_make(s.p, c ? (size_t)(c - s.p) : s.n);
		s = c ? str_make(c + 1, s.n - item.n - 1) : str_make(NULL, 0);
		if ((eq = memchr(item.p, '=', item.n)) == NULL)
			continue;
		k = str_make(item.p, (size_t)(eq - item.p));
		v = str_make(eq + 1, item.n - k.n - 1);
		if (str_eq(k, "mem"))
			(void)size_i64(v, MIB, mem);
		else if (str_eq(k, "node") && str_to_i64(v, &n) == 0)
			*nodes = n;
		else if (str_eq(k, "gres/gpu") && str_to_i64(v, &n) == 0)
			*gpus = n;
		else if (str_starts(k, "gres/gpu:") && str_to_i64(v, &n) == 0)
			typed = (typed < 0 ? 0 : typed) +
			    (n < INT64_MAX / 2 ? n : 0);
	}
	if (*gpus < 0)
		*gpus = typed;
}

static int
set_exit(struct event *ev, struct arena *a, const struct col_def *d,
    struct str v)
{
	int64_t	code, sig;

	if (slurm_exit(v, &code, &sig) == -1)
		return 0;
	if (ev_set_num(ev, a, d->name, code) == -1 ||
	    ev_set_num(ev, a, d->name2, sig) == -1)
		return -1;
	return 0;
}

static int
set_state(struct event *ev, struct arena *a, struct str v)
{
	const char	*by = str_find(v, " by ");
	const char	*hit = NULL;
	size_t		 nhit = 0;

	if (by != NULL) {
		if (ev_set_str(ev, a, "state_by", str_trim(str_make(by + 4,
		    v.n - (size_t)(by - v.p) - 4))) == -1)
			return -1;
		v.n = (size_t)(by - v.p);
	}
	if (v.n < 2 || v.p[v.n - 1] != '+')
		return ev_set_str(ev, a, "state", v);
	v.n--;
	for (size_t i = 0; i < sizeof(state_names) / sizeof(*state_names); i++)
		if (strlen(state_names[i]) >= v.n &&
		    memcmp(state_names[i], v.p, v.n) == 0) {
			hit = state_names[i];
			nhit++;
		}
	if (ev_set_num(ev, a, "state_truncated", 1) == -1)
		return -1;
	return ev_set_str(ev, a, "state", nhit == 1 ? str_cstr(hit) : v);
}

static int
set_jobid(struct event *ev, struct arena *a, struct str v)
{
	const char	*dot = memchr(v.p, '.', v.n);
	size_t		 nj = dot ? (size_t)(dot - v.p) : v.n;

	if (ev_set_str(ev, a, "job_step", v) == -1 ||
	    ev_set_str(ev, a, "job_id", str_make(v.p, nj)) == -1)
		return -1;
	return ev_set_str(ev, a, "step", dot ? str_make(dot + 1,
	    v.n - nj - 1) : str_make(v.p + v.n, 0));
}

static int
set_reqmem(struct event *ev, struct arena *a, struct str v)
{
	const char	*per = "node";
	int64_t		 b;

	/* <=21.02 appends c (per CPU) or n (per node) to the size. */
	if (v.n > 1 && (v.p[v.n - 1] == 'c' || v.p[v.n - 1] == 'n')) {
		per = v.p[v.n - 1] == 'c' ? "cpu" : "node";
		v.n--;
		if (ev_set_num(ev, a, "req_mem_suffix", 1) == -1)
			return -1;
	}
	if (size_i64(v, MIB, &b) == -1)
		return 0;
	if (ev_set_num(ev, a, "req_mem_bytes", b) == -1)
		return -1;
	return ev_set_str(ev, a, "req_mem_per", str_cstr(per));
}

/* Store one cell. Returns -1 only on allocation failure. */
static int
set_cell(struct event *ev, struct arena *a, const struct layout *l,
    size_t i, struct str v)
{
	const struct col_def	*d = l->def[i];
	int64_t			 n;

	v = str_trim(v);
	if (d == NULL)
		return v.n == 0 ? 0 : ev_set_str(ev, a, l->raw[i], v);
	if (is_absent(v))
		return 0;
	switch (d->conv) {
	case C_JOBID:
		return set_jobid(ev, a, v);
	case C_STATE:
		return set_state(ev, a, v);
	case C_EXIT:
		return set_exit(ev, a, d, v);
	case C_REQMEM:
		return set_reqmem(ev, a, v);
	case C_SIZE:
		return size_i64(v, 1, &n) == -1 ? 0 : ev_set_num(ev, a, d->name, n);
	case C_INT:
		return str_to_i64(v, &n) == -1 ? 0 : ev_set_num(ev, a, d->name, n);
	case C_TIME:
		return slurm_time(v, &n) == -1 ? 0 : ev_set_num(ev, a, d->name, n);
	case C_DUR:
		return slurm_duration(v, &n) == -1 ? 0 :
		    ev_set_num(ev, a, d->name, n);
	case C_RAW:
	case C_STR:
	default:
		return ev_set_str(ev, a, d->name, v);
	}
}

/*
 * A TRESUsageIn* string's GPU figures: "gres/gpumem=38888M" (converted;
 * a bare number, as --noconvert prints it, is bytes) into mem_key and
 * "gres/gpuutil=100" (percent) into util_key. 0 when neither is there.
 */
static int
gpu_usage(struct event *ev, struct arena *a, struct str s,
    const char *mem_key, const char *util_key)
{
	struct str	item, k, v;
	const char	*c, *eq;
	int64_t		n;

	while (s.n > 0) {
		c = memchr(s.p, ',', s.n);
		item = str_make(s.p, c ? (size_t)(c - s.p) : s.n);
		s = c ? str_make(c + 1, s.n - item.n - 1) : str_make(NULL, 0);
		if ((eq = memchr(item.p, '=', item.n)) == NULL)
			continue;
		k = str_make(item.p, (size_t)(eq - item.p));
		v = str_make(eq + 1, item.n - k.n - 1);
		if (str_eq(k, "gres/gpumem") && size_i64(v, 1, &n) == 0 &&
		    ev_set_num(ev, a, mem_key, n) == -1)
			return -1;
		if (str_eq(k, "gres/gpuutil") && str_to_i64(v, &n) == 0 &&
		    n >= 0 && ev_set_num(ev, a, util_key, n) == -1)
			return -1;
	}
	return 0;
}

/* After all cells: TRES numbers, per-node ReqMem, node, time. */
static int
finish_row(struct event *ev, struct arena *a, int local)
{
	struct str	tres = ev_str(ev, "alloc_tres"), req;
	int64_t		mem, gpus, nodes, rm, t;

	if (tres.p == NULL)
		tres = ev_str(ev, "req_tres");
	slurm_tres(tres, &mem, &gpus, &nodes);
	if ((mem >= 0 && ev_set_num(ev, a, "tres_mem_bytes", mem) == -1) ||
	    (gpus >= 0 && ev_set_num(ev, a, "tres_gpus", gpus) == -1) ||
	    (nodes >= 0 && ev_field(ev, "nnodes") == NULL &&
	    ev_set_num(ev, a, "nnodes", nodes) == -1))
		return -1;
	/* >=21.08 ReqMem is ReqTRES's mem=, the job's total: per node. */
	req = ev_str(ev, "req_tres");
	if (local && req.p != NULL && ev_field(ev, "req_mem_suffix") == NULL &&
	    ev_num(ev, "req_mem_bytes", &rm) == 0) {
		slurm_tres(req, &mem, &gpus, &nodes);
		if (nodes > 1 && ev_set_num(ev, a, "req_mem_bytes",
		    rm / nodes) == -1)
			return -1;
	}
	if (gpu_usage(ev, a, ev_str(ev, "tres_usage_in_max"),
	    "gpu_mem_max_bytes", "gpu_util_max_pct") == -1 ||
	    gpu_usage(ev, a, ev_str(ev, "tres_usage_in_ave"),
	    "gpu_mem_ave_bytes", "gpu_util_ave_pct") == -1)
		return -1;
	if (ev_set_num(ev, a, "times_local", local) == -1)
		return -1;
	if ((ev_num(ev, "end_s", &t) == 0 || ev_num(ev, "start_s", &t) == 0) &&
	    t > -SECS_MAX && t < SECS_MAX) {
		ev->ts_ns = t * 1000000000LL;
		ev->tsq = local ? TSQ_RAW_LOCAL : TSQ_EXACT;
	}
	return 0;
}

static const char *
node_name(struct arena *a, struct str s, int *nomem)
{
	const char	*p;

	if (s.p == NULL || s.n == 0 || s.n > 255 || memchr(s.p, '[', s.n) ||
	    memchr(s.p, ',', s.n))
		return NULL;
	if ((p = arena_strndup(a, s.p, s.n)) == NULL)
		*nomem = 1;
	return p;
}

/* ---- text: parsable and fixed width ---- */

static int
dashes_line(struct str s)
{
	int	seen = 0;

	s = str_trim(s);
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] == '-')
			seen = 1;
		else if (s.p[i] != ' ')
			return 0;
	}
	return seen;
}

static int
set_col(struct layout *l, struct arena *a, struct str name)
{
	size_t	i = l->ncol;

	name = str_trim(name);
	l->def[i] = NULL;
	for (size_t k = 0; k < sizeof(col_defs) / sizeof(*col_defs); k++)
		if (eq_nocase(name, col_defs[k].hdr))
			l->def[i] = &col_defs[k];
	if (l->def[i] == NULL &&
	    (l->raw[i] = arena_strndup(a, name.p, name.n)) == NULL)
		return -1;
	l->ncol++;
	return 0;
}

static int
layout_parsable(struct layout *l, struct arena *a, struct str h)
{
	const char	*bar;

	l->fixed = 0;
	l->ncol = 0;
	l->header = h;
	while (l->ncol < MAXCOL) {
		bar = memchr(h.p, '|', h.n);
		if (bar == NULL && h.n == 0)
			break;		/* --parsable's trailing '|' */
		if (set_col(l, a, str_make(h.p, bar ? (size_t)(bar - h.p) :
		    h.n)) == -1)
			return -1;
		if (bar == NULL)
			break;
		h = str_make(bar + 1, h.n - (size_t)(bar - h.p) - 1);
	}
	return 0;
}

static int
layout_fixed(struct layout *l, struct arena *a, struct str h, struct str d)
{
	size_t	i = 0, s, e;

	l->fixed = 1;
	l->ncol = 0;
	l->header = h;
	while (i < d.n && l->ncol < MAXCOL) {
		while (i < d.n && d.p[i] != '-')
			i++;
		if (i == d.n)
			break;
		for (s = i; i < d.n && d.p[i] == '-'; i++)
			;
		l->start[l->ncol] = s;
		l->end[l->ncol] = i;
		e = i < h.n ? i : h.n;
		if (set_col(l, a, s < e ? str_make(h.p + s, e - s) :
		    str_make(h.p, 0)) == -1)
			return -1;
	}
	return 0;
}

static int
row_cells(struct event *ev, struct arena *a, const struct layout *l,
    struct str line)
{
	struct str	 rest = line;
	const char	*bar;
	size_t		 i, s, e;

	for (i = 0; i < l->ncol; i++) {
		if (l->fixed) {
			s = l->start[i] < line.n ? l->start[i] : line.n;
			e = l->end[i] < line.n ? l->end[i] : line.n;
			if (set_cell(ev, a, l, i, str_make(line.p + s,
			    e - s)) == -1)
				return -1;
			continue;
		}
		if (rest.p == NULL)
			break;
		bar = memchr(rest.p, '|', rest.n);
		if (set_cell(ev, a, l, i, str_make(rest.p, bar ?
		    (size_t)(bar - rest.p) : rest.n)) == -1)
			return -1;
		rest = bar ? str_make(bar + 1, rest.n -
		    (size_t)(bar - rest.p) - 1) : str_make(NULL, 0);
	}
	if (i < l->ncol && ev_set_num(ev, a, "cells_missing",
	    (int64_t)(l->ncol - i)) == -1)
		return -1;
	return 0;
}

static void
set_ref(struct event *ev, const struct src *in, const struct scan *sc,
    struct str line)
{
	ev->ref.file_id = in->file_id;
	ev->ref.line = (uint32_t)sc->lineno;
	ev->ref.off = sc->line_off;
	ev->ref.len = line.n > UINT32_MAX ? UINT32_MAX : (uint32_t)line.n;
	ev->text = str_make(line.p, ev->ref.len);
}

static enum err_code
emit_row(const struct src *in, struct arena *a, struct evlist *out,
    const struct layout *l, const struct scan *sc, struct str line,
    struct err *e)
{
	struct event	*ev;
	int		 nomem = 0;

	if ((ev = evlist_add(out, a, EV_SACCT_ROW)) == NULL)
		return ERR(e, ERR_NOMEM, "%s", in->name);
	ev->sig = "sacct.row";
	set_ref(ev, in, sc, line);
	if (row_cells(ev, a, l, line) == -1 || finish_row(ev, a, 1) == -1)
		return ERR(e, ERR_NOMEM, "%s", in->name);
	ev->node = node_name(a, ev_str(ev, "max_rss_node"), &nomem);
	if (ev->node == NULL && !nomem)
		ev->node = node_name(a, ev_str(ev, "node_list"), &nomem);
	return nomem ? ERR(e, ERR_NOMEM, "%s", in->name) : ERR_OK;
}

/* "sacct: error: ..." -> EV_NOTE. Returns 1 if it was one, -1 on OOM. */
static int
error_line(const struct src *in, struct arena *a, struct evlist *out,
    const struct scan *sc, struct str line)
{
	struct event	*ev;
	size_t		 i, n;

	for (i = 0; i < sizeof(error_prefixes) / sizeof(*error_prefixes); i++)
		if (str_starts(line, error_prefixes[i]))
			break;
	if (i == sizeof(error_prefixes) / sizeof(*error_prefixes))
		return 0;
	if ((ev = evlist_add(out, a, EV_NOTE)) == NULL)
		return -1;
	ev->sig = "sacct.error";
	set_ref(ev, in, sc, line);
	n = error_prefixes[i][strlen(error_prefixes[i]) - 1] == ' ' ?
	    strlen(error_prefixes[i]) : 0;
	return ev_set_str(ev, a, "message", str_make(line.p + n,
	    line.n - n)) == -1 ? -1 : 1;
}

static enum err_code
unparsed(const struct src *in, struct arena *a, struct evlist *out,
    const struct scan *sc, struct str line, struct err *e)
{
	struct event	*ev;

	if ((ev = evlist_add(out, a, EV_UNPARSED)) == NULL)
		return ERR(e, ERR_NOMEM, "%s", in->name);
	ev->sig = "sacct.unparsed";
	set_ref(ev, in, sc, line);
	return ERR_OK;
}

/* A line before any header: a parsable header, a fixed-width header
 * (next line is dashes; consumed), or something else (0). */
static int
try_header(struct layout *l, struct arena *a, struct scan *sc,
    struct str line, int *nomem)
{
	struct scan	peek = *sc;
	struct str	next;

	if (memchr(line.p, '|', line.n) != NULL) {
		*nomem = layout_parsable(l, a, line) == -1;
		return 1;
	}
	if (scan_line(&peek, &next) && dashes_line(next)) {
		*nomem = layout_fixed(l, a, line, next) == -1;
		*sc = peek;
		return 1;
	}
	return 0;
}

static enum err_code
parse_text(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct layout	*l;
	struct scan	 sc;
	struct str	 line;
	int		 have = 0, r, nomem = 0;
	enum err_code	 rc = ERR_OK;

	if ((l = arena_zalloc(a, sizeof(*l))) == NULL)
		return ERR(e, ERR_NOMEM, "%s", in->name);
	scan_init(&sc, in->data, in->len);
	while (rc == ERR_OK && scan_line(&sc, &line)) {
		if ((r = error_line(in, a, out, &sc, line)) != 0) {
			if (r == -1)
				return ERR(e, ERR_NOMEM, "%s", in->name);
			continue;
		}
		if (str_trim(line).n == 0)
			continue;
		if (!have) {
			have = try_header(l, a, &sc, line, &nomem);
			if (nomem)
				return ERR(e, ERR_NOMEM, "%s", in->name);
			if (!have)
				rc = unparsed(in, a, out, &sc, line, e);
			continue;
		}
		/* Concatenated captures repeat the header. */
		if ((line.n == l->header.n && memcmp(line.p, l->header.p,
		    line.n) == 0) || (l->fixed && dashes_line(line)))
			continue;
		rc = emit_row(in, a, out, l, &sc, line, e);
	}
	return rc;
}

/* ---- JSON ---- */




/* A TRES list [{"type","name","count"}] -> "cpu=1,mem=100M,...". */
static int
jtres(struct sj_ctx *c, struct event *ev, const char *name, json_t *list)
{
	char		 buf[1024];
	size_t		 n = 0, i;
	json_t		*t;
	const char	*ty, *nm;
	int64_t		 cnt;
	int		 w;

	if (!json_is_array(list)) {
		c->bad += list != NULL && !json_is_null(list);
		return 0;
	}
	buf[0] = '\0';
	json_array_foreach(list, i, t) {
		if ((ty = sj_str(c, json_object_get(t, "type"))) == NULL ||
		    sj_num(c, json_object_get(t, "count"), &cnt) == -1)
			continue;
		nm = sj_str(c, json_object_get(t, "name"));
		w = snprintf(buf + n, sizeof(buf) - n, "%s%s%s%s=%lld%s",
		    n ? "," : "", ty, nm && *nm ? "/" : "", nm ? nm : "",
		    (long long)cnt, strcmp(ty, "mem") == 0 ? "M" : "");
		if (w < 0 || (size_t)w >= sizeof(buf) - n)
			break;
		n += (size_t)w;
	}
	return n == 0 ? 0 : ev_set_strdup(ev, c->a, name, str_make(buf, n));
}

/* A TRES entry {"type": "gres", "name": "gpumem"|"gpuutil", "count"}
 * (GPU accounting) into mem_key (bytes) or util_key (percent). */
static int
jgpu(struct sj_ctx *c, struct event *ev, json_t *t, const char *mem_key,
    const char *util_key)
{
	const char	*ty = sj_str(c, json_object_get(t, "type"));
	const char	*nm = sj_str(c, json_object_get(t, "name"));

	if (ty == NULL || nm == NULL || strcmp(ty, "gres") != 0)
		return 0;
	if (strcmp(nm, "gpumem") == 0)
		return sj_set_num(c, ev, mem_key, json_object_get(t, "count"),
		    1);
	if (strcmp(nm, "gpuutil") == 0)
		return sj_set_num(c, ev, util_key, json_object_get(t,
		    "count"), 1);
	return 0;
}

/* steps[].tres.requested.max: the peak mem / vmem and where. */
static int
jmax(struct sj_ctx *c, struct event *ev, json_t *list)
{
	json_t		*t;
	size_t		 i;
	const char	*ty;
	int		 r = 0;

	if (!json_is_array(list))
		return 0;
	json_array_foreach(list, i, t) {
		if ((ty = sj_str(c, json_object_get(t, "type"))) == NULL)
			continue;
		if (strcmp(ty, "mem") == 0)
			r |= sj_set_num(c, ev, "max_rss_bytes",
			    json_object_get(t, "count"), 1) |
			    sj_set_str(c, ev, "max_rss_node",
			    json_object_get(t, "node")) |
			    sj_set_num(c, ev, "max_rss_task",
			    json_object_get(t, "task"), 1);
		else if (strcmp(ty, "vmem") == 0)
			r |= sj_set_num(c, ev, "max_vmsize_bytes",
			    json_object_get(t, "count"), 1);
		else
			r |= jgpu(c, ev, t, "gpu_mem_max_bytes",
			    "gpu_util_max_pct");
	}
	return r;
}

/* steps[].tres.requested.average: the mean GPU figures. */
static int
jave(struct sj_ctx *c, struct event *ev, json_t *list)
{
	json_t	*t;
	size_t	 i;
	int	 r = 0;

	if (!json_is_array(list))
		return 0;
	json_array_foreach(list, i, t)
		r |= jgpu(c, ev, t, "gpu_mem_ave_bytes", "gpu_util_ave_pct");
	return r;
}

static int
jtimes(struct sj_ctx *c, struct event *ev, json_t *t)
{
	int64_t	v;
	int	r = 0;

	if (!json_is_object(t))
		return 0;
	/* 0 means "not set" for Slurm's epoch times. */
	if (sj_num(c, json_object_get(t, "submission"), &v) == 0 && v > 0)
		r |= ev_set_num(ev, c->a, "submit_s", v);
	if (sj_num(c, json_object_get(t, "start"), &v) == 0 && v > 0)
		r |= ev_set_num(ev, c->a, "start_s", v);
	if (sj_num(c, json_object_get(t, "end"), &v) == 0 && v > 0)
		r |= ev_set_num(ev, c->a, "end_s", v);
	r |= sj_set_num(c, ev, "elapsed_s", json_object_get(t, "elapsed"), 1);
	r |= sj_set_num(c, ev, "timelimit_s", json_object_get(t, "limit"), 60);
	return r;
}

/* The job's own values that its step rows repeat in text output. */
static int
jcommon(struct sj_ctx *c, struct event *ev, const char *jid, const char *step)
{
	const char	*js;

	if (ev_set_strdup(ev, c->a, "job_id", str_cstr(jid)) == -1 ||
	    ev_set_strdup(ev, c->a, "step", str_cstr(step)) == -1)
		return -1;
	if (*step == '\0')
		return ev_set_strdup(ev, c->a, "job_step", str_cstr(jid));
	if ((js = arena_printf(c->a, "%s.%s", jid, step)) == NULL)
		return -1;
	return ev_set_str(ev, c->a, "job_step", str_cstr(js));
}

static int
jfinish(struct sj_ctx *c, struct event *ev, const char *jid, const char *step)
{
	struct str	 st = ev_str(ev, "state");
	const char	*txt;
	int		 nomem = 0;

	if (finish_row(ev, c->a, 0) == -1)
		return -1;
	if (*step == '\0')
		txt = arena_printf(c->a, "%s: job %s %.*s", c->what, jid,
		    (int)st.n, st.p ? st.p : "");
	else
		txt = arena_printf(c->a, "%s: job %s step %s %.*s", c->what,
		    jid, step, (int)st.n, st.p ? st.p : "");
	if (txt == NULL)
		return -1;
	ev->text = str_cstr(txt);
	ev->node = node_name(c->a, ev_str(ev, "max_rss_node"), &nomem);
	if (ev->node == NULL && !nomem)
		ev->node = node_name(c->a, ev_str(ev, "node_list"), &nomem);
	return nomem ? -1 : 0;
}

static int
jreqmem(struct sj_ctx *c, struct event *ev, json_t *req)
{
	json_t	*m;

	if (!json_is_object(req))
		return 0;
	if ((m = json_object_get(req, "memory_per_cpu")) != NULL &&
	    sj_num(c, m, &(int64_t){ 0 }) == 0)
		return sj_set_num(c, ev, "req_mem_bytes", m, MIB) |
		    ev_set_str(ev, c->a, "req_mem_per", str_cstr("cpu"));
	if ((m = json_object_get(req, "memory_per_node")) == NULL)
		m = json_object_get(req, "memory");
	if (sj_num(c, m, &(int64_t){ 0 }) == 0)
		return sj_set_num(c, ev, "req_mem_bytes", m, MIB) |
		    ev_set_str(ev, c->a, "req_mem_per", str_cstr("node"));
	return 0;
}

static int
jstep(struct sj_ctx *c, json_t *s, const char *jid)
{
	struct event	*ev;
	json_t		*id, *st, *sj = json_object_get(s, "step");
	const char	*step = NULL, *dot;
	char		 num[24];
	int64_t		 v;
	int		 r;

	if ((ev = evlist_add(c->out, c->a, EV_SACCT_ROW)) == NULL)
		return -1;
	ev->sig = "sacct.row";
	sj_ref(c, ev, 1);
	id = json_object_get(sj, "id");
	if (json_is_string(id)) {
		step = json_string_value(id);
		if ((dot = strchr(step, '.')) != NULL)	/* "4.batch" */
			step = dot + 1;
	} else if (sj_num(c, id, &v) == 0) {
		snprintf(num, sizeof(num), "%lld", (long long)v);
		step = num;
	}
	if (step == NULL)
		step = "?";
	r = jcommon(c, ev, jid, step);
	r |= sj_set_str(c, ev, "job_name", json_object_get(sj, "name"));
	st = json_object_get(s, "state");
	r |= sj_set_str(c, ev, "state", json_is_object(st) ?
	    json_object_get(st, "current") : st);
	r |= sj_exit(c, ev, json_object_get(s, "exit_code"), "exit_code",
	    "exit_signal");
	r |= sj_set_str(c, ev, "node_list", json_object_get(
	    json_object_get(s, "nodes"), "range"));
	r |= sj_set_num(c, ev, "nnodes", json_object_get(
	    json_object_get(s, "nodes"), "count"), 1);
	r |= sj_set_num(c, ev, "ntasks", json_object_get(
	    json_object_get(s, "tasks"), "count"), 1);
	r |= jtimes(c, ev, json_object_get(s, "time"));
	r |= jtres(c, ev, "alloc_tres", json_object_get(
	    json_object_get(s, "tres"), "allocated"));
	r |= jmax(c, ev, json_object_get(json_object_get(json_object_get(s,
	    "tres"), "requested"), "max"));
	r |= jave(c, ev, json_object_get(json_object_get(json_object_get(s,
	    "tres"), "requested"), "average"));
	return r ? -1 : jfinish(c, ev, jid, step);
}

static int
jjob_fields(struct sj_ctx *c, struct event *ev, json_t *j)
{
	json_t		*st = json_object_get(j, "state");
	json_t		*tres = json_object_get(j, "tres");
	const char	*rs;
	int		 r = 0;

	r |= sj_set_str(c, ev, "job_name", json_object_get(j, "name"));
	r |= sj_set_str(c, ev, "state", json_is_object(st) ?
	    json_object_get(st, "current") : st);
	/* "None" is the text form's blank, as is_absent() reads it. */
	if (json_is_object(st) && (rs = sj_str(c, json_object_get(st,
	    "reason"))) != NULL && !is_absent(str_cstr(rs)))
		r |= ev_set_strdup(ev, c->a, "reason", str_cstr(rs));
	r |= sj_exit(c, ev, json_object_get(j, "exit_code"), "exit_code",
	    "exit_signal");
	r |= sj_exit(c, ev, json_object_get(j, "derived_exit_code"),
	    "derived_exit_code", "derived_signal");
	r |= jreqmem(c, ev, json_object_get(j, "required"));
	r |= sj_set_str(c, ev, "node_list", json_object_get(j, "nodes"));
	r |= sj_set_str(c, ev, "partition", json_object_get(j, "partition"));
	r |= sj_set_str(c, ev, "qos", json_object_get(j, "qos"));
	r |= sj_set_str(c, ev, "user", json_object_get(j, "user"));
	r |= sj_set_str(c, ev, "submit_line", json_object_get(j,
	    "submit_line"));
	r |= sj_set_num(c, ev, "nnodes", json_object_get(j, "allocation_nodes"),
	    1);
	r |= jtimes(c, ev, json_object_get(j, "time"));
	if (json_is_object(tres)) {
		r |= jtres(c, ev, "alloc_tres", json_object_get(tres,
		    "allocated"));
		r |= jtres(c, ev, "req_tres", json_object_get(tres,
		    "requested"));
	}
	return r;
}

static int
jjob(struct sj_ctx *c, json_t *j)
{
	struct event	*ev;
	json_t		*steps, *s;
	const char	*jid;
	int64_t		 v;
	size_t		 i;

	if (!json_is_object(j)) {
		c->bad++;
		return 0;
	}
	if ((ev = evlist_add(c->out, c->a, EV_SACCT_ROW)) == NULL)
		return -1;
	ev->sig = "sacct.row";
	sj_ref(c, ev, 0);
	if (sj_num(c, json_object_get(j, "job_id"), &v) == 0)
		jid = arena_printf(c->a, "%lld", (long long)v);
	else
		jid = arena_strdup(c->a, "?");
	if (jid == NULL || jcommon(c, ev, jid, "") == -1 ||
	    jjob_fields(c, ev, j) != 0 || jfinish(c, ev, jid, "") == -1)
		return -1;
	steps = json_object_get(j, "steps");
	if (steps != NULL && !json_is_array(steps))
		c->bad++;
	json_array_foreach(steps, i, s) {
		if (!json_is_object(s))
			c->bad++;
		else if (jstep(c, s, jid) == -1)
			return -1;
	}
	return 0;
}


static int
jdoc(struct sj_ctx *c, json_t *root)
{
	json_t	*jobs = json_object_get(root, "jobs"), *j;
	size_t	 i;
	char	 msg[96];

	if (sj_errors(c, json_object_get(root, "errors"), "sacct.error") == -1)
		return -1;
	if (!json_is_array(jobs)) {
		snprintf(msg, sizeof(msg), "%s: no \"jobs\" array", c->what);
		return sj_note(c, c->yaml ? "sacct.yaml_shape" :
		    "sacct.json_shape", msg);
	}
	json_array_foreach(jobs, i, j)
		if (jjob(c, j) == -1)
			return -1;
	if (c->bad == 0)
		return 0;
	snprintf(msg, sizeof(msg), "%s: %zu values of an unexpected type "
	    "skipped", c->what, c->bad);
	return sj_note(c, c->yaml ? "sacct.yaml_types" : "sacct.json_types",
	    msg);
}

static enum err_code
too_big(struct sj_ctx *c, struct err *e)
{
	char	msg[256];

	snprintf(msg, sizeof(msg), "%s: %zu bytes, over the %u byte limit; "
	    "not read", c->what, c->in->len, SJ_MAX_BYTES);
	return sj_note(c, c->yaml ? "sacct.yaml_too_big" : "sacct.json_too_big",
	    msg) == -1 ? ERR(e, ERR_NOMEM, "%s", c->in->name) : ERR_OK;
}

static enum err_code
parse_json(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct sj_ctx	 c = { .in = in, .a = a, .out = out, .lno = 1,
			    .what = "sacct --json" };
	json_error_t	 je;
	json_t		*root;
	char		 msg[256];
	int		 r;

	if (in->len > SJ_MAX_BYTES)
		return too_big(&c, e);
	c.nm = sj_skim(in->data, in->len, NULL, 0);
	if (c.nm > 0 && (c.m = arena_alloc(a, c.nm * sizeof(*c.m))) == NULL)
		return ERR(e, ERR_NOMEM, "%s", in->name);
	c.nm = sj_skim(in->data, in->len, c.m, c.nm);
	if ((root = json_loadb(in->data, in->len, 0, &je)) == NULL) {
		snprintf(msg, sizeof(msg), "sacct --json: line %d: %s",
		    je.line, je.text);
		return sj_note(&c, "sacct.json_error", msg) == -1 ?
		    ERR(e, ERR_NOMEM, "%s", in->name) : ERR_OK;
	}
	r = jdoc(&c, root);
	json_decref(root);
	return r == -1 ? ERR(e, ERR_NOMEM, "%s", in->name) : ERR_OK;
}

/* --yaml: the same tree as --json, loaded by yaml_tree(). */
enum err_code
parse_sacct_yaml(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct sj_ctx	 c = { .in = in, .a = a, .out = out, .lno = 1,
			    .what = "sacct --yaml", .yaml = 1 };
	json_t		*root;
	char		 err[200], msg[256];
	int		 r;

	if (in->len > SJ_MAX_BYTES)
		return too_big(&c, e);
	r = yaml_tree(in->data, in->len, a, &root, &c.m, &c.nm, &c.bad, err,
	    sizeof(err));
	if (r == -2)
		return ERR(e, ERR_NOMEM, "%s", in->name);
	if (r == -1) {
		snprintf(msg, sizeof(msg), "sacct --yaml: %s", err);
		return sj_note(&c, "sacct.yaml_error", msg) == -1 ?
		    ERR(e, ERR_NOMEM, "%s", in->name) : ERR_OK;
	}
	r = jdoc(&c, root);
	json_decref(root);
	return r == -1 ? ERR(e, ERR_NOMEM, "%s", in->name) : ERR_OK;
}

static size_t
skip_ws(const char *p, size_t n)
{
	size_t	i = 0;

	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' ||
	    p[i] == '\n'))
		i++;
	return i;
}

/*
 * Parse sacct output of any shape into EV_SACCT_ROW events (see the top
 * of this file). Borrows in->data: string fields of text rows point into
 * it; JSON strings are copied into a. Returns ERR_OK, or ERR_NOMEM.
 */
enum err_code
parse_sacct(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	size_t	i = skip_ws(in->data, in->len);

	if (i < in->len && (in->data[i] == '{' || in->data[i] == '['))
		return parse_json(in, a, out, e);
	if (yaml_looks(in->data + i, in->len - i))
		return parse_sacct_yaml(in, a, out, e);
	return parse_text(in, a, out, e);
}

/* Score that the bytes are sacct output: JSON or YAML with "jobs" and
 * sacct's step/exit layout, a header naming JobID, or sacct's own error
 * lines. */
int
sniff_sacct(const char *p, size_t n)
{
	struct scan	sc;
	struct str	l1, l2, head;
	size_t		i;

	if (n > 4096)
		n = 4096;
	i = skip_ws(p, n);
	head = str_make(p + i, n - i);
	if (head.n > 0 && head.p[0] == '{')
		return str_find(head, "\"jobs\"") != NULL &&
		    (str_find(head, "\"steps\"") != NULL ||
		    str_find(head, "dbv0") != NULL ||
		    str_find(head, "\"derived_exit_code\"") != NULL) ? 85 : 0;
	/* --yaml: the same keys, unquoted; scontrol's job keys are not
	 * sacct's (scontrol --yaml is not read). */
	if (yaml_looks(head.p, head.n))
		return str_find(head, "jobs:") != NULL &&
		    (str_find(head, "steps:") != NULL ||
		    str_find(head, "derived_exit_code:") != NULL) &&
		    str_find(head, "batch_host:") == NULL &&
		    str_find(head, "allocating_node:") == NULL ? 85 : 0;
	scan_init(&sc, head.p, head.n);
	if (!scan_line(&sc, &l1))
		return 0;
	if (str_starts(l1, "sacct: ") ||
	    str_starts(l1, "Slurm accounting storage is disabled"))
		return 80;
	if (!str_starts(l1, "JobID") && str_find(l1, "|JobID") == NULL)
		return 0;
	if (memchr(l1.p, '|', l1.n) != NULL)
		return 95;
	return scan_line(&sc, &l2) && dashes_line(l2) ? 90 : 30;
}
