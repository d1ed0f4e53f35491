/*
 * oomtrail: the analyzer's command line. Parse, run one command, map
 * the status to an exit code. Commands are a table (git's commands[]).
 *
 *   oomtrail analyze  [--format F] [-o FILE] [-j N] INPUT...
 *   oomtrail timeline [--format text|json] [-o FILE] INPUT...
 *   oomtrail report   [--format F] [-o FILE] ANALYSIS.json
 *   oomtrail verify   BEFORE AFTER
 *   oomtrail verify   --before INPUT... --after INPUT...
 *   oomtrail redact   [--site-key FILE] -o OUT INPUT...
 *
 * Exit: 0 done, 3 done but an input was damaged or failed its hash,
 * 1 nothing could be analysed, 2 usage; verify: 0 fixed, 1 not fixed,
 * 4 inconclusive.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis.h"
#include "buildinfo.h"
#include "bundle.h"
#include "clean.h"
#include "fleet.h"
#include "fleet_model.h"
#include "fleet_pg.h"
#include "report.h"
#include "units.h"
#include "verify.h"

#define EXIT_DAMAGED	3
#define EXIT_USAGE	2

struct cli {
	struct bundle_limits lim;	/* zero fields: the defaults */
	int		 format;	/* enum report_format, -1 default */
	const char	*out;		/* -o FILE or NULL */
	const char	*site_key;	/* redact --site-key FILE */
	int		 jobs;
	char		**args;		/* the operands, in order */
	int		 nargs;
	unsigned char	*side;		/* per operand: SIDE_* */
	int		 sides;		/* --before or --after given */
	int		 bulk;		/* --bulk: jsonl with action lines */
	const char	*bulk_index;	/* --bulk-index NAME */
	char		 since[11];	/* fleet report --since DATE, or "" */
	const char	*db;		/* fleet --db URI */
};

enum { SIDE_NONE, SIDE_BEFORE, SIDE_AFTER };

static const char usage_text[] =
    "usage: oomtrail analyze  [--format text|md|html|json|jsonl] [-o FILE] "
    "[-j N]\n"
    "                         [--bulk [--bulk-index NAME]] INPUT...\n"
    "       oomtrail timeline [--format text|json] [-o FILE] INPUT...\n"
    "       oomtrail report   [--format text|md|html|json|jsonl] [-o FILE] "
    "ANALYSIS.json\n"
    "       oomtrail verify   BEFORE AFTER\n"
    "       oomtrail verify   --before INPUT... --after INPUT...\n"
    "       oomtrail redact   [--site-key FILE] -o OUT INPUT...\n"
    "       oomtrail fleet ingest DB|--db URI INPUT...\n"
    "       oomtrail fleet report [--format md|html|json] [--since DATE] "
    "[-o FILE] DB|--db URI\n"
    "         (DB: an SQLite file; URI: postgresql://..., "
#ifdef OOMTRAIL_HAVE_PQ
    "through libpq)\n"
#else
    "not in this build:\n          a static build leaves PostgreSQL out)\n"
#endif
    "       oomtrail --version | --help\n"
    "\n"
    "Caps on each input (analyze, timeline, verify), enforced while\n"
    "streaming; sizes take K/M/G/T: --max-members N (100000),\n"
    "--max-member-bytes SIZE (32G), --max-total-bytes SIZE (64G),\n"
    "--max-ratio N (decompressed/compressed, 1000).\n"
    "\n"
    "INPUT is a bundle (.tar.zst, .tar.gz, .tar), an unpacked bundle, a\n"
    "directory of loose files, or one bare log; - reads standard input\n"
    "(a pasted log or a piped bundle). Several inputs are the nodes of\n"
    "one job, or snapshots of it, and are merged.\n"
    "Exit: 0 done, 3 an input was damaged, 1 nothing analysed, 2 usage;\n"
    "verify: 0 fixed, 1 not fixed, 4 inconclusive.\n";

static void
usage(const char *msg)
{
	if (msg != NULL)
		fprintf(stderr, "oomtrail: %s\n", msg);
	fputs(usage_text, stderr);
	exit(EXIT_USAGE);
}

/* A positive count or size ("4G"); a bare number times unit. */
static uint64_t
cap_arg(const char *arg, uint64_t unit, const char *opt)
{
	uint64_t	v;
	char		msg[128];

	if (units_size(str_cstr(arg), unit, &v) == -1 || v == 0) {
		snprintf(msg, sizeof(msg), "%s takes a positive number", opt);
		usage(msg);
	}
	return v;
}

static void
parse(struct cli *c, int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ "max-members", required_argument, NULL, 'M' },
		{ "max-member-bytes", required_argument, NULL, 'B' },
		{ "max-total-bytes", required_argument, NULL, 'T' },
		{ "max-ratio", required_argument, NULL, 'R' },
		{ "before", no_argument, NULL, 'b' },
		{ "after", no_argument, NULL, 'a' },
		{ "site-key", required_argument, NULL, 'K' },
		{ "bulk", no_argument, NULL, 'U' },
		{ "bulk-index", required_argument, NULL, 'I' },
		{ "since", required_argument, NULL, 'S' },
		{ "db", required_argument, NULL, 'D' },
		{ NULL, 0, NULL, 0 }
	};
	int	ch, side = SIDE_NONE;
	char	*end;

	memset(c, 0, sizeof(*c));
	c->format = -1;
	c->args = calloc((size_t)argc + 1, sizeof(*c->args));
	c->side = calloc((size_t)argc + 1, 1);
	if (c->args == NULL || c->side == NULL) {
		fputs("oomtrail: out of memory\n", stderr);
		exit(1);
	}
	optind = 1;
	/* "-": operands come back in order (as 1), so "--before B1 B2
	 * --after A1" says which side each is on. */
	while ((ch = getopt_long(argc, argv, "-f:o:j:h", longopts, NULL)) !=
	    -1)
		switch (ch) {
		case 1:
			c->side[c->nargs] = (unsigned char)side;
			c->args[c->nargs++] = optarg;
			break;
		case 'b':
			side = SIDE_BEFORE;
			c->sides = 1;
			break;
		case 'a':
			side = SIDE_AFTER;
			c->sides = 1;
			break;
		case 'f':
			if ((c->format = report_format_parse(optarg)) < 0)
				usage("unknown --format (text, md, html, json, "
				    "jsonl)");
			break;
		case 'o':
			c->out = optarg;
			break;
		case 'j':
			c->jobs = (int)strtol(optarg, &end, 10);
			if (*end != '\0' || c->jobs < 1 || c->jobs > 1024)
				usage("-j takes a number from 1 to 1024");
			break;
		case 'h':
			fputs(usage_text, stdout);
			exit(0);
		case 'M':
			c->lim.max_members = cap_arg(optarg, 1, "--max-members");
			break;
		case 'B':
			c->lim.max_member_bytes = cap_arg(optarg, 1 << 20,
			    "--max-member-bytes");
			break;
		case 'T':
			c->lim.max_total_bytes = cap_arg(optarg, 1 << 20,
			    "--max-total-bytes");
			break;
		case 'R':
			c->lim.max_ratio = cap_arg(optarg, 1, "--max-ratio");
			break;
		case 'K':
			c->site_key = optarg;
			break;
		case 'U':
			c->bulk = 1;
			break;
		case 'I':
			if (optarg[0] == '\0' || strlen(optarg) > 255 ||
			    strpbrk(optarg, "\"\\/*?<>| ,#:") != NULL)
				usage("--bulk-index takes an index name");
			c->bulk_index = optarg;
			break;
		case 'D':
			if (!fleet_pg_is_url(optarg))
				usage("--db takes a postgresql:// URI (an SQLite "
				    "database is the DB operand)");
			c->db = optarg;
			break;
		case 'S':
			if (fleet_since_parse(optarg, c->since) != 0)
				usage("--since takes a date, YYYY-MM-DD");
			break;
		default:
			usage(NULL);
		}
	for (; optind < argc; optind++) {	/* after "--" */
		c->side[c->nargs] = (unsigned char)side;
		c->args[c->nargs++] = argv[optind];
	}
	if ((c->bulk || c->bulk_index != NULL) && c->format != REPORT_JSONL)
		usage("--bulk and --bulk-index go with --format jsonl");
	if (c->bulk_index != NULL)
		c->bulk = 1;
}

static FILE *
open_out(const struct cli *c)
{
	FILE	*fp;

	if (c->out == NULL || strcmp(c->out, "-") == 0)
		return stdout;
	if ((fp = fopen(c->out, "w")) == NULL) {
		perror(c->out);
		exit(1);
	}
	return fp;
}

static int
close_out(FILE *fp, const struct cli *c)
{
	if (fflush(fp) != 0 || ferror(fp) ||
	    (fp != stdout && fclose(fp) != 0)) {
		fprintf(stderr, "oomtrail: writing %s failed\n",
		    c->out ? c->out : "stdout");
		return 1;
	}
	return 0;
}

static void
progress(const char *input, void *arg)
{
	(void)arg;
	fprintf(stderr, "oomtrail: reading %s\n", input);
}

static int
render(const struct analysis *an, const struct cli *c, int dflt)
{
	struct report_opts	 ro = { 0 };
	struct err		 e = { 0 };
	FILE			*fp = open_out(c);
	int			 fmt = c->format >= 0 ? c->format : dflt;

	ro.color = fmt == REPORT_TEXT && fp == stdout && isatty(1) &&
	    getenv("NO_COLOR") == NULL;
	ro.bulk = c->bulk;
	ro.bulk_index = c->bulk_index;
	if (report_render(an, (enum report_format)fmt, fp, &ro, &e) !=
	    ERR_OK) {
		fprintf(stderr, "oomtrail: render: %s\n", e.msg);
		close_out(fp, c);
		return 1;
	}
	return close_out(fp, c);
}

/* Worth a progress line: more than a moment's reading (64 MiB). */
static int
big_input(const struct cli *c)
{
	struct stat	st;

	for (int i = 0; i < c->nargs; i++)
		if (stat(c->args[i], &st) == 0 && st.st_size > (64 << 20))
			return 1;
	return 0;
}

static int
analyze_inputs(const struct cli *c, struct analysis **an)
{
	struct analyze_opts	 o = { 0 };
	struct err		 e = { 0 };

	for (int i = 0, n = 0; i < c->nargs; i++)
		if (strcmp(c->args[i], "-") == 0 && ++n > 1)
			usage("standard input (-) can be read only once");
	o.inputs = (const char **)c->args;
	o.ninputs = (size_t)c->nargs;
	o.jobs = c->jobs;
	o.limits = &c->lim;
	/* Only the record (jsonl) prints the inputs' hashes. */
	o.no_sha256 = c->format != REPORT_JSONL;
	if (isatty(2) && (c->nargs > 1 || big_input(c)))
		o.progress = progress;
	if (analysis_run(&o, an, &e) != ERR_OK) {
		fprintf(stderr, "oomtrail: %s\n", e.msg);
		return 1;
	}
	return 0;
}

static int
cmd_analyze(struct cli *c)
{
	struct analysis	*an;
	int		 rc;

	if (c->nargs < 1)
		usage("analyze needs at least one INPUT");
	if (analyze_inputs(c, &an) != 0)
		return 1;
	rc = render(an, c, REPORT_TEXT);
	if (rc == 0 && an->damaged)
		rc = EXIT_DAMAGED;
	analysis_free(an);
	return rc;
}

static int
cmd_timeline(struct cli *c)
{
	struct analysis	*an;
	FILE		*fp;
	char		 t[48];
	int		 rc;

	if (c->nargs < 1)
		usage("timeline needs at least one INPUT");
	if (c->format == REPORT_MD || c->format == REPORT_HTML ||
	    c->format == REPORT_JSONL)
		usage("timeline prints text or json");
	if (analyze_inputs(c, &an) != 0)
		return 1;
	if (c->format == REPORT_JSON)
		rc = render(an, c, REPORT_JSON);
	else {
		fp = open_out(c);
		for (size_t i = 0; i < an->timeline.n; i++) {
			const struct evidence *ev = &an->timeline.v[i];

			report_time(ev, t);
			fprintf(fp, "%-27s %-20s %-12s %s:%u %s%s\n", t,
			    ev->time_quality, ev->node ? ev->node : "-",
			    ev->source ? ev->source : "-", ev->line,
			    ev->initiating ? "[INITIATING] " :
			    ev->cascade ? "[cascade] " : "", ev->kind);
		}
		for (size_t i = 0; i < an->nskew; i++)
			fprintf(fp, "clock skew: %s\n", an->skew[i]);
		rc = close_out(fp, c);
	}
	if (rc == 0 && an->damaged)
		rc = EXIT_DAMAGED;
	analysis_free(an);
	return rc;
}

static int
cmd_report(struct cli *c)
{
	struct analysis	*an;
	struct err	 e = { 0 };
	char		*buf;
	size_t		 n = 0, cap = 1 << 16;
	size_t		 r;
	FILE		*in;
	int		 rc;

	if (c->nargs != 1)
		usage("report needs exactly one ANALYSIS.json");
	if ((in = strcmp(c->args[0], "-") == 0 ? stdin :
	    fopen(c->args[0], "rb")) == NULL) {
		perror(c->args[0]);
		return 1;
	}
	buf = malloc(cap);
	while (buf != NULL && (r = fread(buf + n, 1, cap - n, in)) > 0) {
		n += r;
		if (n == cap && cap < (256u << 20)) {
			char *nb = realloc(buf, cap * 2);

			if (nb == NULL) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
			cap *= 2;
		} else if (n == cap)
			break;
	}
	if (in != stdin)
		fclose(in);
	if (buf == NULL || model_from_json(buf, n, &an, &e) != ERR_OK) {
		fprintf(stderr, "oomtrail: %s: %s\n", c->args[0],
		    buf == NULL ? "out of memory" : e.msg);
		free(buf);
		return 1;
	}
	free(buf);
	rc = render(an, c, REPORT_TEXT);
	analysis_free(an);
	return rc;
}

/* The operands of one side of verify into out (args of c). */
static void
side_of(const struct cli *c, int side, struct cli *out)
{
	*out = *c;
	out->args = calloc((size_t)c->nargs + 1, sizeof(*out->args));
	out->nargs = 0;
	if (out->args == NULL) {
		fputs("oomtrail: out of memory\n", stderr);
		exit(1);
	}
	for (int i = 0; i < c->nargs; i++)
		if (c->side[i] == side)
			out->args[out->nargs++] = c->args[i];
}

static int
cmd_verify(struct cli *c)
{
	struct analysis		*b, *a;
	struct verify_result	 r;
	struct cli		 before, after;

	if (!c->sides) {
		if (c->nargs != 2)
			usage("verify needs BEFORE and AFTER");
		c->side[0] = SIDE_BEFORE;
		c->side[1] = SIDE_AFTER;
	}
	side_of(c, SIDE_NONE, &before);
	if (before.nargs > 0)
		usage("verify: every INPUT goes after --before or --after");
	free(before.args);
	side_of(c, SIDE_BEFORE, &before);
	side_of(c, SIDE_AFTER, &after);
	if (before.nargs == 0 || after.nargs == 0)
		usage("verify needs inputs before and after the change");
	if (analyze_inputs(&before, &b) != 0) {
		free(before.args);
		free(after.args);
		return 1;
	}
	if (analyze_inputs(&after, &a) != 0) {
		analysis_free(b);
		free(before.args);
		free(after.args);
		return 1;
	}
	free(before.args);
	free(after.args);
	verify_compare(b, a, &r);
	verify_print(&r, stdout);
	analysis_free(b);
	analysis_free(a);
	return (int)r.outcome;
}

/* oomtrail fleet ingest DB INPUT... (fleet.c). */
static int
cmd_fleet(struct cli *c)
{
	struct fleet_opts	o = { 0 };
	struct fleet_report_opts ro = { 0 };
	FILE			*fp;
	int			 rc, nargs = c->nargs;

	if (c->db != NULL) {	/* --db URI stands for the DB operand */
		if (nargs < 1)
			usage("fleet needs ingest or report");
		memmove(c->args + 2, c->args + 1, (size_t)(nargs - 1) *
		    sizeof(*c->args));
		c->args[1] = (char *)c->db;
		c->nargs = ++nargs;
	}
	if (c->nargs == 2 && strcmp(c->args[0], "report") == 0) {
		if (c->format >= 0 && c->format != REPORT_MD &&
		    c->format != REPORT_HTML && c->format != REPORT_JSON)
			usage("fleet report prints md, html or json");
		fp = open_out(c);
		ro.db = c->args[1];
		ro.since = c->since[0] != '\0' ? c->since : NULL;
		ro.format = c->format >= 0 ? c->format : REPORT_MD;
		ro.out = fp;
		ro.err = stderr;
		rc = fleet_report(&ro);
		return close_out(fp, c) != 0 ? 1 : rc;
	}
	if (c->since[0] != '\0')
		usage("--since goes with fleet report");
	if (c->nargs < 3 || strcmp(c->args[0], "ingest") != 0)
		usage("fleet ingest needs DB and at least one INPUT");
	o.db = c->args[1];
	o.inputs = (const char **)c->args + 2;
	o.ninputs = (size_t)c->nargs - 2;
	o.jobs = c->jobs;
	o.limits = &c->lim;
	o.out = stdout;
	o.err = stderr;
	return fleet_ingest(&o);
}

/* Clean bundles, directories or logs after the fact (clean.c). */
static int
cmd_redact(struct cli *c)
{
	struct clean_opts	o = { (const char **)c->args, c->nargs,
				    c->out, c->site_key, &c->lim, stderr };

	if (c->nargs < 1 || c->out == NULL)
		usage("redact needs -o OUT and at least one INPUT");
	return clean_run(&o);
}

static const struct {
	const char	*name;
	int		(*fn)(struct cli *);
} commands[] = {
	{ "analyze", cmd_analyze },
	{ "report", cmd_report },
	{ "timeline", cmd_timeline },
	{ "verify", cmd_verify },
	{ "redact", cmd_redact },
	{ "fleet", cmd_fleet },
};

int
main(int argc, char *argv[])
{
	struct cli	c;

	if (argc < 2)
		usage("missing command");
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version")
	    == 0) {
		printf("oomtrail %s\n", OOMTRAIL_VERSION);
		buildinfo_print(stdout);
		return 0;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		fputs(usage_text, stdout);
		return 0;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(argv[1], commands[i].name) == 0) {
			int	rc;

			parse(&c, argc - 1, argv + 1);
			if (c.sides && commands[i].fn != cmd_verify)
				usage("--before and --after are verify's");
			if ((c.db != NULL || c.since[0] != '\0') &&
			    commands[i].fn != cmd_fleet)
				usage("--db and --since are fleet's");
			rc = commands[i].fn(&c);
			free(c.args);
			free(c.side);
			return rc;
		}
	usage("unknown command");
	return EXIT_USAGE;
}
