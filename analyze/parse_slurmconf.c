/*
 * parse_slurmconf: Slurm's cgroup.conf and gres.conf, as copied from the
 * node (slurm/cgroup.conf, slurm/gres.conf).
 *
 * Both use Slurm's configuration syntax: Key=Value words separated by
 * blanks, keys case-insensitive, '#' to the end of a line is a comment.
 * cgroup.conf becomes one EV_SLURM_CONF ("slurm.cgroup_conf") with every
 * key under Slurm's canonical spelling (cgconf_keys[]; an unknown key
 * keeps the spelling it was written with) and yes/no values also as 1/0.
 * Each gres.conf line that names a GRES or sets AutoDetect becomes one
 * EV_SLURM_CONF ("slurm.gres_conf") with name, type, file, nfiles (the
 * device files after expanding "[0-3]" ranges and commas), count, cores,
 * autodetect, nodename and flags. Lines that are no Key=Value words
 * become EV_UNPARSED (a few per file).
 *
 * It does not merge gres.conf lines per node or expand node names, and
 * does not join lines continued with a backslash. Pure: reads in->data
 * only; values borrow from it.
 */
#include <string.h>
#include <strings.h>

#include "parse.h"

#define NITEMS(a)	(sizeof(a) / sizeof((a)[0]))
#define UNPARSED_MAX	8
#define HL_MAX		(1u << 20)	/* most names one expression expands to */
#define KEYS_MAX	256		/* keys kept per cgroup.conf */

/* cgroup.conf keys, Slurm 17.02 to 25.x (some long removed). */
static const struct {
	const char	*key;
	int		 yesno;
} cgconf_keys[] = {
	{ "CgroupAutomount", 1 }, { "CgroupMountpoint", 0 },
	{ "CgroupPlugin", 0 }, { "CgroupReleaseAgentDir", 0 },
	{ "CgroupSlice", 0 }, { "ConstrainCores", 1 },
	{ "ConstrainDevices", 1 }, { "ConstrainKmemSpace", 1 },
	{ "ConstrainRAMSpace", 1 }, { "ConstrainSwapSpace", 1 },
	{ "AllowedDevicesFile", 0 }, { "AllowedKmemSpace", 0 },
	{ "AllowedRAMSpace", 0 }, { "AllowedSwapSpace", 0 },
	{ "MaxKmemPercent", 0 }, { "MaxRAMPercent", 0 },
	{ "MaxSwapPercent", 0 }, { "MemorySwappiness", 0 },
	{ "MinKmemSpace", 0 }, { "MinRAMSpace", 0 },
	{ "TaskAffinity", 1 }, { "IgnoreSystemd", 1 },
	{ "IgnoreSystemdOnFailure", 1 }, { "EnableControllers", 1 },
	{ "EnableExtraControllers", 0 }, { "SignalChildrenProcesses", 1 },
	{ "SystemdTimeout", 0 },
};

/* gres.conf keys -> field names. */
static const struct {
	const char	*key;
	const char	*field;
} gres_keys[] = {
	{ "Name", "name" }, { "Type", "type" }, { "File", "file" },
	{ "Files", "file" }, { "Count", "count" }, { "Cores", "cores" },
	{ "CPUs", "cpus" }, { "AutoDetect", "autodetect" },
	{ "NodeName", "nodename" }, { "Flags", "flags" }, { "Links", "links" },
	{ "MultipleFiles", "file" },
};

struct cparse {
	const struct src	*in;
	struct arena		*a;
	struct evlist		*out;
	int			 unparsed;
};

static int
unparsed(struct cparse *cp, const struct scan *sc, struct str line)
{
	return ev_unparsed(cp->out, cp->a, "slurm_conf.unparsed",
	    cp->in->file_id, sc, line, &cp->unparsed, UNPARSED_MAX);
}

/* The line without its comment, trimmed. */
static struct str
uncomment(struct str line)
{
	const char	*h = memchr(line.p, '#', line.n);

	return str_trim(h != NULL ? str_make(line.p, (size_t)(h - line.p)) :
	    line);
}

static int
blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The next Key=Value word of *s: 1, 0 at the end, -1 for a word with no
 * '=' (skipped). A value may be quoted ("a b"); the quotes are dropped. */
static int
next_kv(struct str *s, struct str *k, struct str *v)
{
	size_t	i = 0, j;

	while (i < s->n && blank(s->p[i]))
		i++;
	if (i == s->n)
		return 0;
	for (j = i; j < s->n && !blank(s->p[j]) && s->p[j] != '='; j++)
		;
	*k = str_make(s->p + i, j - i);
	if (j == s->n || s->p[j] != '=' || j == i) {
		while (j < s->n && !blank(s->p[j]))
			j++;
		*s = str_make(s->p + j, s->n - j);
		return -1;
	}
	i = ++j;
	if (i < s->n && s->p[i] == '"') {
		for (j = ++i; j < s->n && s->p[j] != '"'; j++)
			;
		*v = str_make(s->p + i, j - i);
		j += j < s->n;
	} else {
		for (; j < s->n && !blank(s->p[j]); j++)
			;
		*v = str_make(s->p + i, j - i);
	}
	*s = str_make(s->p + j, s->n - j);
	return 1;
}

static int
ieq(struct str s, const char *w)
{
	return strlen(w) == s.n && strncasecmp(s.p, w, s.n) == 0;
}

/* "yes"/"no" (and Slurm's true/false, 1/0) as 1/0; -1 otherwise. */
static int
yesno(struct str v)
{
	if (ieq(v, "yes") || ieq(v, "true") || ieq(v, "1"))
		return 1;
	if (ieq(v, "no") || ieq(v, "false") || ieq(v, "0"))
		return 0;
	return -1;
}

/* One Key=Value of cgroup.conf. */
static int
cg_pair(struct cparse *cp, struct event *ev, struct str k, struct str v)
{
	const char	*name = NULL;
	int		 yn = 0, b;

	for (size_t i = 0; i < NITEMS(cgconf_keys) && name == NULL; i++)
		if (ieq(k, cgconf_keys[i].key)) {
			name = cgconf_keys[i].key;
			yn = cgconf_keys[i].yesno;
		}
	if (name == NULL && ev->nf >= KEYS_MAX)
		return 0;
	if (name == NULL && (name = arena_strndup(cp->a, k.p, k.n)) == NULL)
		return -1;
	if (ev_set_str(ev, cp->a, name, v) == -1)
		return -1;
	if (yn && (b = yesno(v)) != -1)
		return ev_set_num(ev, cp->a, name, b);
	return 0;
}

static enum err_code
parse_cgroup_conf(struct cparse *cp, struct err *e)
{
	struct event	*ev;
	struct scan	 sc;
	struct str	 line, t, k, v;
	int		 r, cited = 0;

	if ((ev = evlist_add(cp->out, cp->a, EV_SLURM_CONF)) == NULL)
		return ERR(e, ERR_NOMEM, "%s", cp->in->name);
	ev->sig = "slurm.cgroup_conf";
	ev->ref.file_id = cp->in->file_id;
	if (ev_set_str(ev, cp->a, "conf", str_cstr("cgroup.conf")) == -1)
		return ERR(e, ERR_NOMEM, "%s", cp->in->name);
	scan_init(&sc, cp->in->data, cp->in->len);
	while (scan_line(&sc, &line)) {
		if ((t = uncomment(line)).n == 0)
			continue;
		if (!cited++)
			ev_cite(ev, cp->in->file_id, &sc, line);
		while ((r = next_kv(&t, &k, &v)) != 0)
			if ((r == 1 ? cg_pair(cp, ev, k, v) :
			    unparsed(cp, &sc, line)) == -1)
				return ERR(e, ERR_NOMEM, "%s", cp->in->name);
	}
	ev->context = str_make(cp->in->data, cp->in->len > 4096 ? 4096 :
	    cp->in->len);
	ev->context_line = 1;
	return ERR_OK;
}

/* Numbers in "0-3,7" (any order): -1 if malformed or too many. */
static int
hl_range(struct str s, uint64_t *n)
{
	uint64_t	 lo, hi;
	int		 r;

	*n = 0;
	while ((r = range_next(&s, &lo, &hi)) == 1)
		if (hi - lo >= HL_MAX || *n > HL_MAX - (hi - lo + 1))
			return -1;
		else
			*n += hi - lo + 1;
	return r;
}

/* Names in one "pre[0-3,7]post[1-2]" word: the product of its brackets. */
static int
hl_word(struct str w, uint64_t *n)
{
	const char	*o, *c;
	uint64_t	 k;

	*n = 1;
	while ((o = memchr(w.p, '[', w.n)) != NULL) {
		if ((c = memchr(o, ']', w.n - (size_t)(o - w.p))) == NULL ||
		    c == o + 1)
			return -1;
		if (hl_range(str_make(o + 1, (size_t)(c - o - 1)), &k) == -1 ||
		    k == 0 || *n > HL_MAX / k)
			return -1;
		*n *= k;
		w = str_make(c + 1, w.n - (size_t)(c + 1 - w.p));
	}
	return memchr(w.p, ']', w.n) != NULL ? -1 : 0;
}

/*
 * hostlist_count: see parse.h. Commas inside brackets separate ranges,
 * outside them names.
 */
int
hostlist_count(struct str s, uint64_t *count)
{
	uint64_t	total = 0, n;
	size_t		i, start = 0;
	int		depth = 0;

	s = str_trim(s);
	*count = 0;
	if (s.n == 0)
		return 0;
	for (i = 0; i <= s.n; i++) {
		if (i < s.n && s.p[i] == '[' && depth++ > 0)
			return -1;
		if (i < s.n && s.p[i] == ']' && depth-- == 0)
			return -1;
		if (i < s.n && (s.p[i] != ',' || depth > 0))
			continue;
		if (i == start || hl_word(str_make(s.p + start, i - start),
		    &n) == -1 || n > HL_MAX - total)
			return -1;
		total += n;
		start = i + 1;
	}
	if (depth != 0)
		return -1;
	*count = total;
	return 0;
}

/* gres.conf: one event per line that names a GRES or sets AutoDetect. */
static int
gres_line(struct cparse *cp, const struct scan *sc, struct str line,
    struct str t)
{
	struct str	 k, v, probe = t;
	struct event	*ev;
	uint64_t	 n;
	int64_t		 c;
	int		 r, named = 0;

	while ((r = next_kv(&probe, &k, &v)) != 0)
		named |= r == 1 && (ieq(k, "Name") || ieq(k, "AutoDetect"));
	if (!named)
		return unparsed(cp, sc, line);
	if ((ev = evlist_add(cp->out, cp->a, EV_SLURM_CONF)) == NULL)
		return -1;
	ev->sig = "slurm.gres_conf";
	ev_cite(ev, cp->in->file_id, sc, line);
	if (ev_set_str(ev, cp->a, "conf", str_cstr("gres.conf")) == -1)
		return -1;
	while ((r = next_kv(&t, &k, &v)) != 0)
		for (size_t i = 0; r == 1 && i < NITEMS(gres_keys); i++)
			if (ieq(k, gres_keys[i].key) &&
			    ev_set_str(ev, cp->a, gres_keys[i].field, v) == -1)
				return -1;
	if ((v = ev_str(ev, "file")).p != NULL &&
	    hostlist_count(v, &n) == 0 &&
	    ev_set_num(ev, cp->a, "nfiles", (int64_t)n) == -1)
		return -1;
	if ((v = ev_str(ev, "count")).p != NULL && str_to_i64(v, &c) == 0 &&
	    ev_set_num(ev, cp->a, "count", c) == -1)
		return -1;
	return 0;
}

static enum err_code
parse_gres_conf(struct cparse *cp, struct err *e)
{
	struct scan	sc;
	struct str	line, t;

	scan_init(&sc, cp->in->data, cp->in->len);
	while (scan_line(&sc, &line))
		if ((t = uncomment(line)).n > 0 &&
		    gres_line(cp, &sc, line, t) == -1)
			return ERR(e, ERR_NOMEM, "%s", cp->in->name);
	return ERR_OK;
}

/*
 * parse_slurm_conf: see parse.h. The base name of in->name says which
 * file; others give nothing. ERR_NOMEM is the only error.
 */
enum err_code
parse_slurm_conf(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct cparse	 cp = { in, a, out, 0 };
	const char	*name = in->name == NULL ? "" : in->name;
	const char	*base = strrchr(name, '/');

	base = base == NULL ? name : base + 1;
	if (strcmp(base, "cgroup.conf") == 0)
		return parse_cgroup_conf(&cp, e);
	if (strcmp(base, "gres.conf") == 0)
		return parse_gres_conf(&cp, e);
	return ERR_OK;
}
