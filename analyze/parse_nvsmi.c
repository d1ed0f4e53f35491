/*
 * parse_nvsmi: nvidia-smi output in its two machine-readable forms.
 *
 * parse_nvsmi_xml reads `nvidia-smi -q -x` (DTD v7 to v13, with or
 * without an inline DTD) and emits one EV_GPU per <gpu> and one
 * EV_GPU_PROC per <process_info>. The document comes from a stranger, so
 * libxml2 gets no network, no DTD loading, no entity substitution, and
 * this module additionally refuses every general and parameter entity
 * lookup and every external resource on its own parser context: an
 * entity declaration is parsed but never expanded, so XXE and billion
 * laughs have nothing to work with. Depth and text sizes keep libxml2's
 * default limits (no XML_PARSE_HUGE). A document cut short is read in
 * recovery mode: what came before the cut is kept and an EV_NOTE says
 * where the document broke. libxml2 objects never leave this file;
 * strings are copied into the arena. Element text is the first text
 * node of the element (nvidia-smi never splits it).
 *
 * parse_nvsmi_csv reads `--query-compute-apps=... --format=csv` (one
 * EV_GPU_PROC per row) and `--query-gpu=... --format=csv` (one EV_GPU
 * per row), header-driven, with or without units and header. Rows that
 * do not fit the header become EV_UNPARSED.
 *
 * Event fields use one vocabulary in both forms (bytes for sizes, 0/1 for
 * Yes/No); a value nvidia-smi could not give ("N/A", "[N/A]", "Not
 * Supported", "[Unknown Error]", ...) leaves its field absent. Neither
 * parser sets ev->node; the analysis does. Timestamps are the local time
 * nvidia-smi printed, emitted as TSQ_RAW_LOCAL.
 *
 * Citations: an event's ref is the line of its element (or CSV row):
 * off and len cover that whole line, text is the line without its
 * indentation, at most TEXT_MAX bytes. XML line numbers are libxml2's,
 * which counts LF only; a file of more than 65535 lines may get
 * approximate element lines on libxml2 2.9.
 */
#include <limits.h>
#include <string.h>

#include <libxml/entities.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "parse.h"
#include "units.h"

#define MIB		((uint64_t)1 << 20)
#define TEXT_MAX	512	/* bytes of a cited line kept as text */
#define NS_PER_S	1000000000LL
#define SNIFF_LEN	4096
#define XML_OPTS	(XML_PARSE_NONET | XML_PARSE_NOERROR | \
			    XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES | \
			    XML_PARSE_RECOVER)

enum vkind { V_TEXT, V_BYTES, V_COUNT, V_YESNO };

/* What nvidia-smi prints when it has no value (XML bare, CSV bracketed). */
static const char *const absent_words[] = {
	"N/A", "Not Supported", "Not Found", "Unknown Error",
	"Insufficient Permissions", "Not Available", "GPU is lost",
};

/* ------------------------------------------------------------------ */
/* Values shared by both forms                                         */

static int
ieq(struct str s, const char *c)
{
	size_t	n = strlen(c);

	if (s.n != n)
		return 0;
	for (size_t i = 0; i < n; i++) {
		int	x = (unsigned char)s.p[i], y = (unsigned char)c[i];

		if (x >= 'A' && x <= 'Z')
			x += 32;
		if (y >= 'A' && y <= 'Z')
			y += 32;
		if (x != y)
			return 0;
	}
	return 1;
}

static int
is_absent(struct str v)
{
	if (v.n == 0)
		return 1;
	if (v.p[0] == '[' && v.p[v.n - 1] == ']')
		return 1;
	for (size_t i = 0; i < sizeof(absent_words) / sizeof(*absent_words);
	    i++)
		if (ieq(v, absent_words[i]))
			return 1;
	return 0;
}

/*
 * Set field name of ev from the text v, as kind k. Sizes without a unit
 * are multiplied by mult. dup copies text into the arena (XML); otherwise
 * it is borrowed from the input (CSV). An absent or unreadable value sets
 * nothing. Returns -1 only when the arena is exhausted.
 */
static int
set_value(struct event *ev, struct arena *a, const char *name, enum vkind k,
    struct str v, uint64_t mult, int dup)
{
	uint64_t	b;
	int64_t		n;

	v = str_trim(v);
	if (v.p == NULL || is_absent(v))
		return 0;
	switch (k) {
	case V_TEXT:
		return dup ? ev_set_strdup(ev, a, name, v) :
		    ev_set_str(ev, a, name, v);
	case V_BYTES:
		if (units_size(v, mult, &b) == -1 || b > INT64_MAX)
			return 0;
		return ev_set_num(ev, a, name, (int64_t)b);
	case V_COUNT:
		if (str_to_i64(v, &n) == -1)
			return 0;
		return ev_set_num(ev, a, name, n);
	case V_YESNO:
		if (ieq(v, "Yes") || ieq(v, "No"))
			return ev_set_num(ev, a, name, ieq(v, "Yes"));
		return 0;
	}
	return 0;
}

static int
digits(struct str s, size_t at, size_t n, int *out)
{
	int	v = 0;

	if (at + n > s.n)
		return -1;
	for (size_t i = at; i < at + n; i++) {
		if (s.p[i] < '0' || s.p[i] > '9')
			return -1;
		v = v * 10 + (s.p[i] - '0');
	}
	*out = v;
	return 0;
}

/* Civil fields to ns; -1 when out of range (years an int64 ns can't hold
 * are refused, never clamped). */
static int
civil_ns(int y, int mon, int d, int h, int mi, int s, int64_t *ns)
{
	if (y < 1970 || y > 2200 || mon < 1 || mon > 12 || d < 1 || d > 31 ||
	    h > 23 || mi > 59 || s > 60)
		return -1;
	*ns = units_civil_to_epoch(y, mon, d, h, mi, s) * NS_PER_S;
	return 0;
}

/* "Tue Dec  3 05:27:00 2019" (ctime, local time). */
static int
ctime_ns(struct str s, int64_t *ns)
{
	struct str	 tok[5];
	size_t		 i = 0, nt = 0;
	int		 mon, d, h, mi, sec, y;

	s = str_trim(s);
	while (i < s.n && nt < 5) {
		size_t	j = i;

		while (j < s.n && s.p[j] != ' ')
			j++;
		tok[nt++] = str_make(s.p + i, j - i);
		while (j < s.n && s.p[j] == ' ')
			j++;
		i = j;
	}
	if (nt != 5 || i != s.n || tok[2].n < 1 || tok[2].n > 2 ||
	    tok[3].n != 8 || tok[4].n != 4 ||
	    (mon = units_month(tok[1])) == 0 ||
	    digits(tok[2], 0, tok[2].n, &d) == -1 ||
	    digits(tok[3], 0, 2, &h) == -1 || tok[3].p[2] != ':' ||
	    digits(tok[3], 3, 2, &mi) == -1 || tok[3].p[5] != ':' ||
	    digits(tok[3], 6, 2, &sec) == -1 ||
	    digits(tok[4], 0, 4, &y) == -1)
		return -1;
	return civil_ns(y, mon, d, h, mi, sec, ns);
}

/* "2026/07/14 08:12:53.500" (CSV timestamp column, local time). */
static int
csv_time_ns(struct str s, int64_t *ns)
{
	int	y, mon, d, h, mi, sec, ms = 0;

	s = str_trim(s);
	if (s.n < 19 || digits(s, 0, 4, &y) == -1 || s.p[4] != '/' ||
	    digits(s, 5, 2, &mon) == -1 || s.p[7] != '/' ||
	    digits(s, 8, 2, &d) == -1 || s.p[10] != ' ' ||
	    digits(s, 11, 2, &h) == -1 || s.p[13] != ':' ||
	    digits(s, 14, 2, &mi) == -1 || s.p[16] != ':' ||
	    digits(s, 17, 2, &sec) == -1)
		return -1;
	if (s.n == 23 && s.p[19] == '.' && digits(s, 20, 3, &ms) == -1)
		return -1;
	if (s.n != 19 && s.n != 23)
		return -1;
	if (civil_ns(y, mon, d, h, mi, sec, ns) == -1)
		return -1;
	*ns += (int64_t)ms * 1000000;
	return 0;
}

/* Cite a whole line: ref covers it, text is it without indentation. */
static void
cite_line(struct event *ev, const struct src *in, size_t lineno, size_t off,
    size_t n)
{
	struct str	t;

	ev->ref.file_id = in->file_id;
	ev->ref.line = lineno > UINT32_MAX ? 0 : (uint32_t)lineno;
	ev->ref.off = off;
	ev->ref.len = n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
	t = str_trim(str_make(in->data + off, n));
	if (t.n > TEXT_MAX)
		t.n = TEXT_MAX;
	ev->text = t;
}

/* ------------------------------------------------------------------ */
/* XML                                                                 */

struct xdoc {
	const struct src	*in;
	struct arena		*a;
	struct evlist		*out;
	xmlNode			*root;
	size_t			 line;	/* line cursor */
	size_t			 off;
};

/* One field of a <gpu> taken from a fixed path below it. */
static const struct gpath {
	const char	*field;
	const char	*path;
	enum vkind	 kind;
} gpu_paths[] = {
	{ "index", "minor_number", V_COUNT },
	{ "uuid", "uuid", V_TEXT },
	{ "serial", "serial", V_TEXT },
	{ "pci_bus_id", "pci/pci_bus_id", V_TEXT },
	{ "product", "product_name", V_TEXT },
	{ "product_architecture", "product_architecture", V_TEXT },
	{ "fb_total_bytes", "fb_memory_usage/total", V_BYTES },
	{ "fb_reserved_bytes", "fb_memory_usage/reserved", V_BYTES },
	{ "fb_used_bytes", "fb_memory_usage/used", V_BYTES },
	{ "fb_free_bytes", "fb_memory_usage/free", V_BYTES },
	{ "mig_mode", "mig_mode/current_mig", V_TEXT },
	{ "ecc_mode", "ecc_mode/current_ecc", V_TEXT },
	{ "retired_sbe",
	  "retired_pages/multiple_single_bit_retirement/retired_count",
	  V_COUNT },
	{ "retired_dbe", "retired_pages/double_bit_retirement/retired_count",
	  V_COUNT },
	{ "remapped_correctable", "remapped_rows/remapped_row_corr", V_COUNT },
	{ "remapped_uncorrectable", "remapped_rows/remapped_row_unc",
	  V_COUNT },
	{ "remapped_pending", "remapped_rows/remapped_row_pending", V_YESNO },
	{ "remapped_failure", "remapped_rows/remapped_row_failure", V_YESNO },
	{ "compute_mode", "compute_mode", V_TEXT },
	{ "persistence_mode", "persistence_mode", V_TEXT },
	{ "recovery_action", "gpu_recovery_action", V_TEXT },
};

/* Fields of the whole document copied onto every GPU. */
static const struct gpath doc_paths[] = {
	{ "driver_version", "driver_version", V_TEXT },
	{ "cuda_version", "cuda_version", V_TEXT },
	{ "timestamp", "timestamp", V_TEXT },
};

static const struct gpath proc_paths[] = {
	{ "pid", "pid", V_COUNT },
	{ "type", "type", V_TEXT },
	{ "name", "process_name", V_TEXT },
	{ "used_bytes", "used_memory", V_BYTES },
	{ "gpu_instance_id", "gpu_instance_id", V_COUNT },
	{ "compute_instance_id", "compute_instance_id", V_COUNT },
};

static int
name_is(const xmlNode *n, const char *name, size_t len)
{
	const char	*nm = (const char *)n->name;

	return nm != NULL && strncmp(nm, name, len) == 0 && nm[len] == '\0';
}

static xmlNode *
kid(xmlNode *n, const char *name, size_t len)
{
	if (n == NULL)
		return NULL;
	for (xmlNode *c = n->children; c != NULL; c = c->next)
		if (c->type == XML_ELEMENT_NODE && name_is(c, name, len))
			return c;
	return NULL;
}

/* The element at "a/b/c" below n (first match at each step), or NULL. */
static xmlNode *
at(xmlNode *n, const char *path)
{
	const char	*p = path, *slash;

	while (n != NULL && *p != '\0') {
		slash = strchr(p, '/');
		n = kid(n, p, slash != NULL ? (size_t)(slash - p) : strlen(p));
		p = slash != NULL ? slash + 1 : p + strlen(p);
	}
	return n;
}

/* First text child of n, untrimmed; borrowed from the document. */
static struct str
leaf(const xmlNode *n)
{
	if (n == NULL)
		return str_make(NULL, 0);
	for (const xmlNode *c = n->children; c != NULL; c = c->next)
		if ((c->type == XML_TEXT_NODE ||
		    c->type == XML_CDATA_SECTION_NODE) && c->content != NULL)
			return str_cstr((const char *)c->content);
	return str_make(NULL, 0);
}

static int
set_paths(struct event *ev, struct arena *a, xmlNode *n,
    const struct gpath *t, size_t nt)
{
	for (size_t i = 0; i < nt; i++)
		if (set_value(ev, a, t[i].field, t[i].kind,
		    leaf(at(n, t[i].path)), MIB, 1) == -1)
			return -1;
	return 0;
}

/*
 * Cite line lineno of the input. libxml2 counts LF only, so this does
 * too. The cursor moves forward from the last line cited (document
 * order) and restarts from the top when asked for an earlier line. An
 * unknown or impossible line leaves ref at line 0, offset 0, length 0.
 */
static void
xcite(struct xdoc *d, long lineno, struct event *ev)
{
	const char	*p = d->in->data, *nl;
	size_t		 len = d->in->len, n;

	ev->ref.file_id = d->in->file_id;
	if (lineno <= 0 || p == NULL || len == 0)
		return;
	if ((size_t)lineno < d->line || d->line == 0) {
		d->line = 1;
		d->off = 0;
	}
	while (d->line < (size_t)lineno) {
		if ((nl = memchr(p + d->off, '\n', len - d->off)) == NULL)
			return;
		d->off = (size_t)(nl - p) + 1;
		d->line++;
	}
	nl = memchr(p + d->off, '\n', len - d->off);
	n = nl != NULL ? (size_t)(nl - (p + d->off)) : len - d->off;
	if (n > 0 && p[d->off + n - 1] == '\r')
		n--;
	cite_line(ev, d->in, d->line, d->off, n);
}

/* Sum the numeric children of an ECC group that match: legacy layout
 * (single_bit / double_bit, their "total" when it has a number) or flat
 * (sram_uncorrectable, dram_uncorrectable, sram_uncorrectable_parity...).
 * Returns 1 and sets *sum when some counter had a number. */
static int
ecc_sum(xmlNode *grp, int uncorr, int64_t *sum)
{
	xmlNode		*legacy;
	int64_t		 v, s = 0;
	int		 any = 0;

	legacy = kid(grp, uncorr ? "double_bit" : "single_bit", 10);
	if (legacy != NULL &&
	    str_to_i64(str_trim(leaf(kid(legacy, "total", 5))), sum) == 0)
		return 1;
	for (xmlNode *c = legacy != NULL ? legacy->children :
	    grp != NULL ? grp->children : NULL; c != NULL; c = c->next) {
		const char	*nm = (const char *)c->name;

		if (c->type != XML_ELEMENT_NODE || nm == NULL ||
		    strcmp(nm, "total") == 0)
			continue;
		if (legacy == NULL && (uncorr ?
		    strstr(nm, "uncorrectable") == NULL :
		    strstr(nm, "_correctable") == NULL))
			continue;
		if (str_to_i64(str_trim(leaf(c)), &v) == -1 || v < 0)
			continue;
		s = v > INT64_MAX - s ? INT64_MAX : s + v;
		any = 1;
	}
	*sum = s;
	return any;
}

static int
set_ecc(struct event *ev, struct arena *a, xmlNode *g)
{
	static const struct {
		const char	*field;
		const char	*group;
		int		 uncorr;
	} t[] = {
		{ "ecc_volatile_uncorrectable", "ecc_errors/volatile", 1 },
		{ "ecc_aggregate_uncorrectable", "ecc_errors/aggregate", 1 },
		{ "ecc_volatile_correctable", "ecc_errors/volatile", 0 },
	};
	int64_t		v;

	for (size_t i = 0; i < sizeof(t) / sizeof(*t); i++)
		if (ecc_sum(at(g, t[i].group), t[i].uncorr, &v) &&
		    ev_set_num(ev, a, t[i].field, v) == -1)
			return -1;
	return 0;
}

/* retired_pending: 1 if either pending flag says Yes, 0 if one says No. */
static int
set_pending(struct event *ev, struct arena *a, xmlNode *g)
{
	static const char *const flags[] = {
		"retired_pages/pending_blacklist",
		"retired_pages/pending_retirement",
	};
	int	v = -1;

	for (size_t i = 0; i < 2; i++) {
		struct str	s = str_trim(leaf(at(g, flags[i])));

		if (ieq(s, "Yes"))
			v = 1;
		else if (ieq(s, "No") && v == -1)
			v = 0;
	}
	return v == -1 ? 0 : ev_set_num(ev, a, "retired_pending", v);
}

/* <gpu id="..."> when <pci><pci_bus_id> is missing. */
static int
set_gpu_id(struct event *ev, struct arena *a, xmlNode *g)
{
	if (ev_field(ev, "pci_bus_id") != NULL)
		return 0;
	for (xmlAttr *p = g->properties; p != NULL; p = p->next)
		if (p->name != NULL &&
		    strcmp((const char *)p->name, "id") == 0 &&
		    p->children != NULL && p->children->content != NULL)
			return set_value(ev, a, "pci_bus_id", V_TEXT,
			    str_cstr((const char *)p->children->content), 1,
			    1);
	return 0;
}

static int
proc_event(struct xdoc *d, xmlNode *p, const struct event *gpu)
{
	struct event	*ev;
	int64_t		 v;

	if ((ev = evlist_add(d->out, d->a, EV_GPU_PROC)) == NULL)
		return -1;
	ev->sig = "nvsmi_xml";
	xcite(d, xmlGetLineNo(p), ev);
	ev->ts_ns = gpu->ts_ns;
	ev->tsq = gpu->tsq;
	if (set_paths(ev, d->a, p, proc_paths,
	    sizeof(proc_paths) / sizeof(*proc_paths)) == -1)
		return -1;
	if (ev_num(ev, "pid", &v) == 0)
		ev->pid = v;
	if (ev_str(gpu, "uuid").p != NULL &&
	    ev_set_str(ev, d->a, "gpu_uuid", ev_str(gpu, "uuid")) == -1)
		return -1;
	if (ev_num(gpu, "index", &v) == 0 &&
	    ev_set_num(ev, d->a, "gpu_index", v) == -1)
		return -1;
	return 0;
}

static int
gpu_event(struct xdoc *d, xmlNode *g)
{
	struct event	*ev;
	xmlNode		*procs;

	if ((ev = evlist_add(d->out, d->a, EV_GPU)) == NULL)
		return -1;
	ev->sig = "nvsmi_xml";
	xcite(d, xmlGetLineNo(g), ev);
	if (ctime_ns(leaf(kid(d->root, "timestamp", 9)), &ev->ts_ns) == 0)
		ev->tsq = TSQ_RAW_LOCAL;
	if (set_paths(ev, d->a, g, gpu_paths,
	    sizeof(gpu_paths) / sizeof(*gpu_paths)) == -1 ||
	    set_paths(ev, d->a, d->root, doc_paths,
	    sizeof(doc_paths) / sizeof(*doc_paths)) == -1 ||
	    set_gpu_id(ev, d->a, g) == -1 || set_ecc(ev, d->a, g) == -1 ||
	    set_pending(ev, d->a, g) == -1)
		return -1;
	procs = kid(g, "processes", 9);
	for (xmlNode *c = procs != NULL ? procs->children : NULL; c != NULL;
	    c = c->next)
		if (c->type == XML_ELEMENT_NODE &&
		    name_is(c, "process_info", 12) &&
		    proc_event(d, c, ev) == -1)
			return -1;
	return 0;
}

/* A remark about the document as a whole, cited at lineno. */
static int
doc_note(struct xdoc *d, enum ev_kind k, const char *sig, long lineno)
{
	struct event	*ev;

	if ((ev = evlist_add(d->out, d->a, k)) == NULL)
		return -1;
	ev->sig = sig;
	xcite(d, lineno, ev);
	return 0;
}

/* Entities are never expanded: only the five predefined ones exist. */
static xmlEntityPtr
no_entity(void *ctx, const xmlChar *name)
{
	(void)ctx;
	return xmlGetPredefinedEntity(name);
}

static xmlEntityPtr
no_pentity(void *ctx, const xmlChar *name)
{
	(void)ctx;
	(void)name;
	return NULL;
}

static xmlParserInputPtr
no_resource(void *ctx, const xmlChar *pub, const xmlChar *sys)
{
	(void)ctx;
	(void)pub;
	(void)sys;
	return NULL;
}

static void
harden(xmlParserCtxtPtr ctxt)
{
	ctxt->sax->getEntity = no_entity;
	ctxt->sax->getParameterEntity = no_pentity;
	ctxt->sax->resolveEntity = no_resource;
	ctxt->sax->externalSubset = NULL;
}

static int
walk(struct xdoc *d, xmlDoc *doc, xmlParserCtxtPtr ctxt)
{
	d->root = xmlDocGetRootElement(doc);
	if (d->root == NULL || d->root->name == NULL ||
	    strcmp((const char *)d->root->name, "nvidia_smi_log") != 0)
		return doc_note(d, EV_UNPARSED, "nvsmi_xml_not_nvsmi",
		    d->root != NULL ? xmlGetLineNo(d->root) : 1);
	for (xmlNode *c = d->root->children; c != NULL; c = c->next)
		if (c->type == XML_ELEMENT_NODE && name_is(c, "gpu", 3) &&
		    gpu_event(d, c) == -1)
			return -1;
	if (!ctxt->wellFormed)
		return doc_note(d, EV_NOTE, "nvsmi_xml_cut",
		    ctxt->lastError.line);
	return 0;
}

/*
 * nvidia-smi -q -x. Reads in->data[0..len) only; events and their strings
 * live in a. Returns ERR_OK (a document libxml2 cannot read at all is one
 * EV_UNPARSED), ERR_NOMEM, or ERR_LIMIT for input over INT_MAX bytes.
 * ERR_LIMIT also for a document nested past libxml2's depth limit
 * (what came before it is kept).
 */
enum err_code
parse_nvsmi_xml(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct xdoc		 d = { in, a, out, NULL, 0, 0 };
	xmlParserCtxtPtr	 ctxt;
	xmlDoc			*doc;
	int			 r, deep, line;

	if (in->len > INT_MAX)
		return ERR(e, ERR_LIMIT, "%s: %zu bytes", in->name, in->len);
	xmlInitParser();
	if ((ctxt = xmlNewParserCtxt()) == NULL)
		return ERR(e, ERR_NOMEM, "%s: parser context", in->name);
	harden(ctxt);
	doc = xmlCtxtReadMemory(ctxt, in->data, (int)in->len, NULL, NULL,
	    XML_OPTS);
	if (ctxt->lastError.code == XML_ERR_NO_MEMORY)
		r = -1;
	else if (doc == NULL)
		r = doc_note(&d, EV_UNPARSED, "nvsmi_xml_malformed",
		    ctxt->lastError.line > 0 ? ctxt->lastError.line : 1);
	else
		r = walk(&d, doc, ctxt);
	/* libxml2 halts at its depth limit: the rest of the document is
	 * unread, so the member was not read completely (a hostile one) */
	deep = ctxt->lastError.message != NULL &&
	    strstr(ctxt->lastError.message, "Excessive depth") != NULL;
	line = ctxt->lastError.line;
	xmlFreeDoc(doc);
	xmlFreeParserCtxt(ctxt);
	if (r == -1)
		return ERR(e, ERR_NOMEM, "%s", in->name);
	if (deep)
		return ERR(e, ERR_LIMIT, "skipped from line %d: elements nested "
		    "deeper than libxml2's limit", line);
	return ERR_OK;
}

/* ------------------------------------------------------------------ */
/* CSV                                                                 */

#define CSV_MAXCOLS	64

enum csv_mode { M_APPS, M_GPU };

/* --query-compute-apps and --query-gpu names -> event fields. A NULL
 * field is a known column that carries nothing the analysis reads. */
static const struct ccol {
	const char	*hdr;
	enum csv_mode	 mode;
	const char	*field;
	enum vkind	 kind;
} ccols[] = {
	{ "pid", M_APPS, "pid", V_COUNT },
	{ "process_name", M_APPS, "name", V_TEXT },
	{ "name", M_APPS, "name", V_TEXT },
	{ "used_gpu_memory", M_APPS, "used_bytes", V_BYTES },
	{ "used_memory", M_APPS, "used_bytes", V_BYTES },
	{ "gpu_uuid", M_APPS, "gpu_uuid", V_TEXT },
	{ "gpu_name", M_APPS, "gpu_product", V_TEXT },
	{ "gpu_bus_id", M_APPS, "gpu_pci_bus_id", V_TEXT },
	{ "gpu_serial", M_APPS, NULL, V_TEXT },
	{ "timestamp", M_APPS, "timestamp", V_TEXT },
	{ "timestamp", M_GPU, "timestamp", V_TEXT },
	{ "index", M_GPU, "index", V_COUNT },
	{ "uuid", M_GPU, "uuid", V_TEXT },
	{ "serial", M_GPU, "serial", V_TEXT },
	{ "gpu_uuid", M_GPU, "uuid", V_TEXT },
	{ "name", M_GPU, "product", V_TEXT },
	{ "gpu_name", M_GPU, "product", V_TEXT },
	{ "pci.bus_id", M_GPU, "pci_bus_id", V_TEXT },
	{ "gpu_bus_id", M_GPU, "pci_bus_id", V_TEXT },
	{ "driver_version", M_GPU, "driver_version", V_TEXT },
	{ "memory.total", M_GPU, "fb_total_bytes", V_BYTES },
	{ "memory.reserved", M_GPU, "fb_reserved_bytes", V_BYTES },
	{ "memory.used", M_GPU, "fb_used_bytes", V_BYTES },
	{ "memory.free", M_GPU, "fb_free_bytes", V_BYTES },
	{ "compute_mode", M_GPU, "compute_mode", V_TEXT },
	{ "persistence_mode", M_GPU, "persistence_mode", V_TEXT },
	{ "gpu_recovery_action", M_GPU, "recovery_action", V_TEXT },
	{ "mig.mode.current", M_GPU, "mig_mode", V_TEXT },
	{ "ecc.mode.current", M_GPU, "ecc_mode", V_TEXT },
	{ "ecc.errors.uncorrected.volatile.total", M_GPU,
	  "ecc_volatile_uncorrectable", V_COUNT },
	{ "ecc.errors.uncorrected.aggregate.total", M_GPU,
	  "ecc_aggregate_uncorrectable", V_COUNT },
	{ "ecc.errors.corrected.volatile.total", M_GPU,
	  "ecc_volatile_correctable", V_COUNT },
	{ "retired_pages.single_bit_ecc.count", M_GPU, "retired_sbe",
	  V_COUNT },
	{ "retired_pages.sbe", M_GPU, "retired_sbe", V_COUNT },
	{ "retired_pages.double_bit.count", M_GPU, "retired_dbe", V_COUNT },
	{ "retired_pages.dbe", M_GPU, "retired_dbe", V_COUNT },
	{ "retired_pages.pending", M_GPU, "retired_pending", V_YESNO },
	{ "remapped_rows.correctable", M_GPU, "remapped_correctable",
	  V_COUNT },
	{ "remapped_rows.uncorrectable", M_GPU, "remapped_uncorrectable",
	  V_COUNT },
	{ "remapped_rows.pending", M_GPU, "remapped_pending", V_YESNO },
	{ "remapped_rows.failure", M_GPU, "remapped_failure", V_YESNO },
};

#define NCCOLS	(sizeof(ccols) / sizeof(ccols[0]))

struct csv_hdr {
	enum csv_mode		 mode;
	size_t			 ncols;
	int			 free_col;	/* has commas; -1 none */
	const struct ccol	*col[CSV_MAXCOLS];	/* NULL: unknown */
	uint64_t		 mult[CSV_MAXCOLS];	/* "[MiB]" etc. */
};

/* Split "used_gpu_memory [MiB]" into name and its unit's multiplier
 * (MiB when there is no unit or it is not a size: "[%]"). */
static struct str
hdr_name(struct str f, uint64_t *mult)
{
	const char	*lb;
	char		 buf[16];
	size_t		 un;
	uint64_t	 m;

	f = str_trim(f);
	*mult = MIB;
	if (f.n == 0 || (lb = memchr(f.p, '[', f.n)) == NULL)
		return f;
	un = (size_t)(f.p + f.n - lb) - 1;	/* after '[' */
	if (f.p[f.n - 1] == ']' && un >= 2 && un < sizeof(buf)) {
		buf[0] = '1';
		memcpy(buf + 1, lb + 1, un - 1);
		if (units_size(str_make(buf, un), 1, &m) == 0)
			*mult = m;
	}
	return str_trim(str_make(f.p, (size_t)(lb - f.p)));
}

static const struct ccol *
col_find(struct str name, int mode)
{
	for (size_t i = 0; i < NCCOLS; i++)
		if ((mode == -1 || ccols[i].mode == (enum csv_mode)mode) &&
		    str_eq(name, ccols[i].hdr))
			return &ccols[i];
	return NULL;
}

/* The next comma-separated field of line from *pos (which moves). */
static struct str
next_field(struct str line, size_t *pos)
{
	const char	*c = memchr(line.p + *pos, ',', line.n - *pos);
	size_t		 end = c != NULL ? (size_t)(c - line.p) : line.n;
	struct str	 f = str_make(line.p + *pos, end - *pos);

	*pos = c != NULL ? end + 1 : line.n + 1;
	return f;
}

/*
 * Read a header line into h. Returns 1 when the line is a header (its
 * first column is a name nvidia-smi uses), else 0.
 */
static int
csv_header(struct str line, struct csv_hdr *h)
{
	struct str	name;
	size_t		pos = 0;
	uint64_t	m;
	int		apps = 0;

	if (col_find(hdr_name(next_field(line, &pos), &m), -1) == NULL)
		return 0;
	for (pos = 0; pos <= line.n;)
		if (str_eq(hdr_name(next_field(line, &pos), &m), "pid"))
			apps = 1;
	memset(h, 0, sizeof(*h));
	h->mode = apps ? M_APPS : M_GPU;
	h->free_col = -1;
	for (pos = 0; pos <= line.n && h->ncols < CSV_MAXCOLS; h->ncols++) {
		name = hdr_name(next_field(line, &pos), &h->mult[h->ncols]);
		h->col[h->ncols] = col_find(name, (int)h->mode);
		if (str_eq(name, "process_name") || (str_eq(name, "name") &&
		    h->mode == M_APPS))
			h->free_col = (int)h->ncols;
	}
	return 1;
}

/* The collector's order, used when the file has no header. */
static void
csv_default(struct csv_hdr *h)
{
	static const char *const names[] = {
		"pid", "process_name", "used_gpu_memory", "gpu_uuid",
	};

	memset(h, 0, sizeof(*h));
	h->mode = M_APPS;
	h->ncols = 4;
	h->free_col = 1;
	for (size_t i = 0; i < 4; i++) {
		h->col[i] = col_find(str_cstr(names[i]), M_APPS);
		h->mult[i] = MIB;
	}
}

/* Last comma in line.p[from..to), or NULL. */
static const char *
last_comma(struct str line, size_t from, size_t to)
{
	while (to > from)
		if (line.p[--to] == ',')
			return line.p + to;
	return NULL;
}

/*
 * Split a row into h->ncols fields. Columns left of the free column
 * (the process name) are read from the left, those right of it from the
 * right, and the free column keeps whatever commas are left between.
 * Returns -1 when the row does not have the header's shape.
 */
static int
csv_split(struct str line, const struct csv_hdr *h, struct str *f)
{
	size_t		 fc = h->free_col >= 0 ? (size_t)h->free_col :
			    h->ncols - 1, pos = 0, end = line.n;
	const char	*c;

	for (size_t i = 0; i < fc; i++) {
		if (pos > line.n || memchr(line.p + pos, ',', line.n - pos) ==
		    NULL)
			return -1;
		f[i] = next_field(line, &pos);
	}
	if (pos > line.n)
		return -1;
	for (size_t j = h->ncols - 1; j > fc; j--) {
		if ((c = last_comma(line, pos, end)) == NULL)
			return -1;
		f[j] = str_make(c + 1, (size_t)(line.p + end - c - 1));
		end = (size_t)(c - line.p);
	}
	f[fc] = str_make(line.p + pos, end - pos);
	if (h->free_col < 0 && memchr(f[fc].p, ',', f[fc].n) != NULL)
		return -1;
	return 0;
}

static int
csv_fields(struct event *ev, struct arena *a, const struct csv_hdr *h,
    const struct str *f)
{
	int64_t	v;

	for (size_t i = 0; i < h->ncols; i++) {
		const struct ccol	*c = h->col[i];

		if (c == NULL || c->field == NULL)
			continue;
		if (set_value(ev, a, c->field, c->kind, f[i], h->mult[i],
		    0) == -1)
			return -1;
		if (strcmp(c->field, "timestamp") == 0 &&
		    csv_time_ns(f[i], &ev->ts_ns) == 0)
			ev->tsq = TSQ_RAW_LOCAL;
	}
	if (ev_num(ev, "pid", &v) == 0)
		ev->pid = v;
	return 0;
}

static int
csv_row(const struct src *in, struct arena *a, struct evlist *out,
    const struct csv_hdr *h, const struct scan *sc, struct str line)
{
	struct str	 f[CSV_MAXCOLS];
	struct event	*ev;
	enum ev_kind	 k = h->mode == M_APPS ? EV_GPU_PROC : EV_GPU;
	int		 ok;

	ok = csv_split(line, h, f) == 0;
	if ((ev = evlist_add(out, a, ok ? k : EV_UNPARSED)) == NULL)
		return -1;
	ev->sig = "nvsmi_csv";
	cite_line(ev, in, sc->lineno, sc->line_off, line.n);
	if (!ok)
		return 0;
	if (csv_fields(ev, a, h, f) == -1)
		return -1;
	/* A compute-apps row without a pid is not a process row. */
	if (k == EV_GPU_PROC && ev->pid == -1)
		ev->kind = EV_UNPARSED;
	return 0;
}

/*
 * nvidia-smi --query-compute-apps / --query-gpu --format=csv[,noheader]
 * [,nounits]. Reads in->data[0..len) only; event strings borrow from it.
 * A header line (re)starts a table, so concatenated outputs work.
 * Returns ERR_OK or ERR_NOMEM.
 */
enum err_code
parse_nvsmi_csv(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct scan	sc;
	struct str	line;
	struct csv_hdr	h;
	int		have = 0;

	scan_init(&sc, in->data, in->len);
	while (scan_line(&sc, &line)) {
		if (str_trim(line).n == 0)
			continue;
		if (csv_header(line, &h)) {
			have = 1;
			continue;
		}
		if (!have) {
			csv_default(&h);
			have = 1;
		}
		if (csv_row(in, a, out, &h, &sc, line) == -1)
			return ERR(e, ERR_NOMEM, "%s:%zu", in->name,
			    sc.lineno);
	}
	return ERR_OK;
}

/* ------------------------------------------------------------------ */
/* Sniffers                                                            */

static int
has(const char *p, size_t n, const char *needle)
{
	return str_find(str_make(p, n < SNIFF_LEN ? n : SNIFF_LEN),
	    needle) != NULL;
}

int
sniff_nvsmi_xml(const char *p, size_t n)
{
	if (has(p, n, "<nvidia_smi_log"))
		return 100;
	if (has(p, n, "nvsmi_device_v"))
		return 90;
	return 0;
}

/* A row in the collector's order: a pid first and a GPU UUID last. */
static int
noheader_row(struct str line)
{
	struct csv_hdr	h;
	struct str	f[CSV_MAXCOLS];
	int64_t		pid;

	csv_default(&h);
	if (csv_split(line, &h, f) == -1 ||
	    str_to_i64(str_trim(f[0]), &pid) == -1)
		return 0;
	f[3] = str_trim(f[3]);
	return str_starts(f[3], "GPU-") || str_starts(f[3], "MIG-");
}

int
sniff_nvsmi_csv(const char *p, size_t n)
{
	struct scan	sc;
	struct str	line;
	struct csv_hdr	h;

	scan_init(&sc, p, n < SNIFF_LEN ? n : SNIFF_LEN);
	if (!scan_line(&sc, &line))
		return 0;
	if (!csv_header(line, &h))
		return noheader_row(line) ? 70 : 0;
	if (h.mode == M_APPS)
		return has(p, n, "process_name") ||
		    has(p, n, "used_gpu_memory") ? 95 : 60;
	return has(p, n, "memory.") || has(p, n, "uuid") ? 85 : 40;
}

/* ------------------------------------------------------------------ */
/* The default human-readable table                                    */

/*
 * parse_nvsmi_table reads the table plain `nvidia-smi` prints (what
 * people paste far more often than XML), driver 3xx to 5xx layouts:
 *
 *   |   0  Tesla V100-SXM2...  On   | 00000000:06:00.0 Off |        0 |
 *   | N/A   66C    P0   253W / 300W |   9000MiB / 16152MiB | 98%  E. Process |
 *
 * a GPU's first row (index, name, bus id, volatile uncorrectable ECC)
 * and its second (memory used / total, compute mode) make one EV_GPU;
 * each row of the "Processes:" table (GPU, [GI CI,] PID, [Type,] name,
 * memory) one EV_GPU_PROC, with or without the box drawing (a table
 * reformatted by hand keeps its header line). Fields are those of the
 * XML parser; a process whose name nvidia-smi could not read ("Unknown
 * Error", "[Not Found]", "<defunct>") gets defunct=1. Other lines are
 * ignored: the file is scanned as a log as well.
 */

#define TCELLS	4

struct tstate {
	const struct src	*in;
	struct arena		*a;
	struct evlist		*out;
	struct event		*gpu;		/* waiting for its 2nd row */
	struct str		 driver;
	int			 procs;		/* in the process table */
	int			 has_type, has_gi;
};

/* Split a "| a | b | c |" row into trimmed cells; 0 when no pipes. */
static size_t
tcells(struct str line, struct str *c, size_t max)
{
	size_t	n = 0, i = 0, start;

	line = str_trim(line);
	if (line.n == 0 || line.p[0] != '|')
		return 0;
	i = 1;
	while (i < line.n && n < max) {
		start = i;
		while (i < line.n && line.p[i] != '|')
			i++;
		c[n++] = str_trim(str_make(line.p + start, i - start));
		i++;
	}
	return n;
}

/* Whitespace-separated tokens of s. */
static size_t
ttokens(struct str s, struct str *t, size_t max)
{
	size_t	n = 0, i = 0;

	while (i < s.n && n < max) {
		while (i < s.n && (s.p[i] == ' ' || s.p[i] == '\t'))
			i++;
		if (i == s.n)
			break;
		t[n].p = s.p + i;
		while (i < s.n && s.p[i] != ' ' && s.p[i] != '\t')
			i++;
		t[n].n = (size_t)(s.p + i - t[n].p);
		n++;
	}
	return n;
}

static int
all_digits(struct str s)
{
	if (s.n == 0)
		return 0;
	for (size_t i = 0; i < s.n; i++)
		if (s.p[i] < '0' || s.p[i] > '9')
			return 0;
	return 1;
}

/* "00000000:06:00.0" or "0000:04:00.0" at the start of s. */
static int
bus_id(struct str s, struct str *out)
{
	size_t	i = 0, colon = 0;

	while (i < s.n && s.p[i] != ' ') {
		char	ch = s.p[i];

		if (ch == ':')
			colon++;
		else if (ch != '.' && !((ch >= '0' && ch <= '9') ||
		    (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F')))
			return 0;
		i++;
	}
	if (colon != 2 || i < 10 || s.p[i - 2] != '.')
		return 0;
	*out = str_make(s.p, i);
	return 1;
}

/* The GPU's first row: "0  Tesla V100-SXM2...  On", bus id, ECC. */
static int
gpu_row1(struct tstate *t, const struct scan *sc, struct str line,
    struct str *c, size_t nc)
{
	struct str	 tok[16], bus, name;
	struct event	*ev;
	size_t		 nt;

	if (nc < 3 || !bus_id(c[1], &bus))
		return 0;
	nt = ttokens(c[0], tok, 16);
	if (nt < 2 || !all_digits(tok[0]))
		return 0;
	if ((ev = evlist_add(t->out, t->a, EV_GPU)) == NULL)
		return -1;
	ev->sig = "nvsmi_table";
	cite_line(ev, t->in, sc->lineno, sc->line_off, line.n);
	/* the name runs to the persistence (or TCC/WDDM) word */
	name = str_make(tok[1].p, (size_t)(tok[nt - 1].p - tok[1].p));
	if (nt == 2)
		name = tok[1];
	if (set_value(ev, t->a, "index", V_COUNT, tok[0], 1, 0) == -1 ||
	    set_value(ev, t->a, "product", V_TEXT, name, 1, 0) == -1 ||
	    set_value(ev, t->a, "pci_bus_id", V_TEXT, bus, 1, 0) == -1 ||
	    set_value(ev, t->a, "ecc_volatile_uncorrectable", V_COUNT, c[2],
	    1, 0) == -1)
		return -1;
	if (t->driver.n > 0 &&
	    ev_set_str(ev, t->a, "driver_version", t->driver) == -1)
		return -1;
	t->gpu = ev;
	return 1;
}

/* The GPU's second row: "9000MiB / 16152MiB", "98%   E. Process". */
static int
gpu_row2(struct tstate *t, struct str *c, size_t nc)
{
	const char	*sl;
	struct str	 tok[8];
	size_t		 nt;

	if (nc < 3 || (sl = memchr(c[1].p, '/', c[1].n)) == NULL)
		return 0;
	if (set_value(t->gpu, t->a, "fb_used_bytes", V_BYTES,
	    str_make(c[1].p, (size_t)(sl - c[1].p)), MIB, 0) == -1 ||
	    set_value(t->gpu, t->a, "fb_total_bytes", V_BYTES,
	    str_make(sl + 1, (size_t)(c[1].p + c[1].n - sl - 1)), MIB,
	    0) == -1)
		return -1;
	nt = ttokens(c[2], tok, 8);
	if (nt >= 2 && tok[0].p[tok[0].n - 1] == '%' &&
	    set_value(t->gpu, t->a, "compute_mode", V_TEXT,
	    str_make(tok[1].p, (size_t)(c[2].p + c[2].n - tok[1].p)), 1,
	    0) == -1)
		return -1;
	return 1;
}

static int
dead_name(struct str name)
{
	static const char *const w[] = {
		"Unknown Error", "[Unknown Error]", "[Not Found]", "Not Found",
		"<defunct>", "[defunct]",
	};

	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		if (ieq(name, w[i]))
			return 1;
	return str_find(name, "<defunct>") != NULL;
}

/*
 * A process row: GPU, [GI, CI,] PID, [Type,] name, memory ("25081MiB",
 * "100998 MiB", "N/A"). Returns 1 when it was one.
 */
static int
proc_row(struct tstate *t, const struct scan *sc, struct str line,
    struct str body)
{
	struct str	 tok[32], name, mem;
	struct event	*ev;
	size_t		 nt, k = 1, last;
	int64_t		 v;

	nt = ttokens(body, tok, 32);
	if (nt < 4 || !all_digits(tok[0]))
		return 0;
	if (t->has_gi)
		k += 2;
	if (k >= nt || !all_digits(tok[k]))
		return 0;
	last = nt - 1;
	mem = tok[last];
	if (ieq(mem, "MiB") && last > k + 1) {
		last--;
		mem = str_make(tok[last].p,
		    (size_t)(tok[last + 1].p + tok[last + 1].n - tok[last].p));
	}
	if ((ev = evlist_add(t->out, t->a, EV_GPU_PROC)) == NULL)
		return -1;
	ev->sig = "nvsmi_table";
	cite_line(ev, t->in, sc->lineno, sc->line_off, line.n);
	if (set_value(ev, t->a, "gpu_index", V_COUNT, tok[0], 1, 0) == -1 ||
	    set_value(ev, t->a, "pid", V_COUNT, tok[k], 1, 0) == -1 ||
	    set_value(ev, t->a, "used_bytes", V_BYTES, mem, MIB, 0) == -1)
		return -1;
	k++;
	if (t->has_type && k < last) {
		if (set_value(ev, t->a, "type", V_TEXT, tok[k], 1, 0) == -1)
			return -1;
		k++;
	}
	if (k < last) {
		name = str_make(tok[k].p,
		    (size_t)(tok[last - 1].p + tok[last - 1].n - tok[k].p));
		if (set_value(ev, t->a, "name", V_TEXT, name, 1, 0) == -1 ||
		    (dead_name(name) &&
		    ev_set_num(ev, t->a, "defunct", 1) == -1))
			return -1;
	}
	if (ev_num(ev, "pid", &v) == 0)
		ev->pid = v;
	return 1;
}

static int
table_line(struct tstate *t, const struct scan *sc, struct str line)
{
	struct str	c[TCELLS], body;
	const char	*dv;
	size_t		nc = tcells(line, c, TCELLS);
	int		r;

	if ((dv = str_find(line, "Driver Version:")) != NULL) {
		struct str tok[1];

		body = str_make(dv + 15, (size_t)(line.p + line.n - dv - 15));
		if (ttokens(body, tok, 1) == 1)
			t->driver = tok[0];
		return 0;
	}
	/* A process table's header (boxed or not) says its columns. */
	if (str_find(line, "PID") != NULL &&
	    str_find(line, "Process name") != NULL) {
		t->procs = 1;
		t->gpu = NULL;
		t->has_type = str_find(line, "Type") != NULL;
		t->has_gi = str_find(line, " GI ") != NULL;
		return 0;
	}
	if (t->procs) {
		body = nc == 1 ? c[0] : nc == 0 ? line : str_make(NULL, 0);
		if (body.p != NULL && (r = proc_row(t, sc, line, body)) != 0)
			return r;
		if (str_trim(line).n > 0 && str_trim(line).p[0] != '|' &&
		    str_trim(line).p[0] != '+')
			t->procs = 0;
		return 0;
	}
	if (t->gpu != NULL) {
		r = gpu_row2(t, c, nc);
		t->gpu = NULL;
		if (r != 0)
			return r;
	}
	return gpu_row1(t, sc, line, c, nc);
}

/*
 * The default `nvidia-smi` table. Reads in->data[0..len) only; event
 * strings borrow from it. Returns ERR_OK or ERR_NOMEM.
 */
enum err_code
parse_nvsmi_table(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct tstate	t = { .in = in, .a = a, .out = out };
	struct scan	sc;
	struct str	line;

	scan_init(&sc, in->data, in->len);
	while (scan_line(&sc, &line))
		if (table_line(&t, &sc, line) == -1)
			return ERR(e, ERR_NOMEM, "%s:%zu", in->name,
			    sc.lineno);
	return ERR_OK;
}

/* The table's own header lines, anywhere in the first bytes. */
int
sniff_nvsmi_table(const char *p, size_t n)
{
	if (has(p, n, "| NVIDIA-SMI ") || (has(p, n, "Volatile Uncorr. ECC") &&
	    has(p, n, "Memory-Usage")))
		return 80;
	if (has(p, n, "| Processes:") ||
	    (has(p, n, "PID") && has(p, n, "Process name") &&
	    has(p, n, "GPU Memory")))
		return 75;
	return 0;
}
