/*
 * oomtrail-collect: the command line. Parses options from a table, calls
 * collect_run() once, prints what failed on stderr and the bundle's path
 * last on stdout, and maps the outcome to the exit status: 0 complete,
 * 1 no bundle, 2 usage, 3 bundle written with some sources failed. With
 * --watch it calls collect_watch() instead, which samples until the job
 * ends or a signal comes, and prints the series file's path: 0 written,
 * 1 not. With --if-incident it first asks collect_if_incident() and, when
 * the node saw no trouble for the job, says why on stderr and exits 0
 * with no bundle.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect.h"
#include "scan.h"
#include "units.h"

#define EXIT_USAGE	2
#define MAX_LOGS	64
#define MAX_ATTACH	32

struct cli {
	struct collect_opts	 o;
	const char		*logs[MAX_LOGS];
	const char		*attach[MAX_ATTACH];
	int			 help, version;
	int			 watch;		/* --watch */
	int			 interval_ms;
	int			 if_incident;
};

static volatile sig_atomic_t	stop;

typedef int	opt_fn(struct cli *, const char *);

static int
opt_job(struct cli *c, const char *v)
{
	if (*v == '\0' || strspn(v, "0123456789_+") != strlen(v))
		return -1;
	c->o.job = v;
	return 0;
}

static int
opt_log(struct cli *c, const char *v)
{
	if (c->o.nlogs == MAX_LOGS)
		return -1;
	c->logs[c->o.nlogs++] = v;
	return 0;
}

static int
opt_attach(struct cli *c, const char *v)
{
	if (c->o.nattach == MAX_ATTACH || *v == '\0')
		return -1;
	c->attach[c->o.nattach++] = v;
	return 0;
}

static int
opt_max_attach(struct cli *c, const char *v)
{
	return units_size(str_cstr(v), 1, &c->o.max_attach) == -1 ||
	    c->o.max_attach == 0 ? -1 : 0;
}

static int
opt_output(struct cli *c, const char *v)
{
	c->o.output = v;
	return 0;
}

static int
opt_deadline(struct cli *c, const char *v)
{
	char	*end;
	long	 s;

	errno = 0;
	s = strtol(v, &end, 10);
	if (errno != 0 || *end != '\0' || s < 1 || s > 86400)
		return -1;
	c->o.deadline_s = (int)s;
	return 0;
}

static int
opt_redact(struct cli *c, const char *v)
{
	c->o.redact = 1;
	return 0;
}

static int
opt_site_key(struct cli *c, const char *v)
{
	c->o.site_key = v;
	return 0;
}

static int
opt_watch(struct cli *c, const char *v)
{
	c->watch = 1;
	return 0;
}

/* Seconds with up to three decimals, WATCH_INTERVAL_MIN_MS to an hour. */
static int
opt_interval(struct cli *c, const char *v)
{
	char	*end;
	double	 s;

	errno = 0;
	s = strtod(v, &end);
	if (errno != 0 || end == v || *end != '\0' || !(s * 1000 >=
	    WATCH_INTERVAL_MIN_MS) || s > 3600)
		return -1;
	c->interval_ms = (int)(s * 1000 + 0.5);
	return 0;
}

static int
opt_watch_file(struct cli *c, const char *v)
{
	c->o.watch_file = v;
	return 0;
}

static int
opt_scope(struct cli *c, const char *v)
{
	return collect_scope_parse(v, &c->o.scope);
}

static int
opt_if_incident(struct cli *c, const char *v)
{
	c->if_incident = 1;
	return 0;
}

static int
opt_keep(struct cli *c, const char *v)
{
	char	*end;

	errno = 0;
	c->o.keep = strtoull(v, &end, 10);
	return errno != 0 || end == v || *end != '\0' || *v == '-' ||
	    c->o.keep == 0 ? -1 : 0;
}

/* A size as the other size options take it: "500M", "2G", bytes. */
static int
opt_keep_bytes(struct cli *c, const char *v)
{
	return units_size(str_cstr(v), 1, &c->o.keep_bytes) == -1 ||
	    c->o.keep_bytes == 0 ? -1 : 0;
}

static int
opt_help(struct cli *c, const char *v)
{
	c->help = 1;
	return 0;
}

static int
opt_version(struct cli *c, const char *v)
{
	c->version = 1;
	return 0;
}

static const struct {
	struct option	 lo;
	opt_fn		*fn;
	const char	*arg;
	const char	*help;
} options[] = {
	{ { "job", required_argument, NULL, 'j' }, opt_job, "ID",
	  "job id, or ARRAY_TASK (default: $SLURM_JOB_ID; none: host "
	  "evidence only)" },
	{ { "log", required_argument, NULL, 'l' }, opt_log, "PATH",
	  "also capture this log (repeatable)" },
	{ { "attach", required_argument, NULL, 'a' }, opt_attach, "PATH",
	  "also add this file whole, e.g. a PyTorch memory snapshot "
	  "(repeatable; with --redact a snapshot's numeric summary only)" },
	{ { "max-attach", required_argument, NULL, 'A' }, opt_max_attach,
	  "SIZE", "budget of the --attach files (default 256M), beside the "
	  "bundle's own cap" },
	{ { "output", required_argument, NULL, 'o' }, opt_output, "DIR",
	  "where to write the bundle, %j job, %n node (default: "
	  "$OOMTRAIL_OUTPUT, else .)" },
	{ { "deadline", required_argument, NULL, 'd' }, opt_deadline,
	  "SECONDS", "stop collecting after this long (default 60)" },
	{ { "redact", no_argument, NULL, 'r' }, opt_redact, NULL,
	  "pseudonymise hosts, users, accounts, uids, addresses, e-mails, "
	  "paths (secrets are always masked)" },
	{ { "site-key", required_argument, NULL, 'k' }, opt_site_key, "FILE",
	  "key for --redact (default: $OOMTRAIL_SITE_KEY, "
	  "/etc/oomtrail/site.key, else a random key for this run)" },
	{ { "scope", required_argument, NULL, 's' }, opt_scope,
	  "node|job|all", "node: this node, no Slurm call; job: the job's "
	  "records (default all)" },
	{ { "if-incident", no_argument, NULL, 'I' }, opt_if_incident, NULL,
	  "collect only if this node saw trouble for the job" },
	{ { "keep", required_argument, NULL, 'K' }, opt_keep, "N",
	  "then keep only the newest N bundles in the directory" },
	{ { "keep-bytes", required_argument, NULL, 'B' }, opt_keep_bytes,
	  "SIZE", "then keep bundles of at most SIZE (K, M, G) there" },
	{ { "watch", no_argument, NULL, 'w' }, opt_watch, NULL,
	  "sample the job's memory cgroup and GPUs until it ends" },
	{ { "interval", required_argument, NULL, 'i' }, opt_interval,
	  "SECONDS", "--watch: time between samples (default 1, min 0.1)" },
	{ { "watch-file", required_argument, NULL, 'W' }, opt_watch_file,
	  "PATH", "the series file --watch writes / a collection includes" },
	{ { "version", no_argument, NULL, 'V' }, opt_version, NULL,
	  "print the version and exit" },
	{ { "help", no_argument, NULL, 'h' }, opt_help, NULL,
	  "print this help and exit" },
};
#define NOPTS	(sizeof(options) / sizeof(options[0]))

static void
usage(FILE *f)
{
	fprintf(f, "usage: oomtrail-collect [--job ID] [--log PATH]... "
	    "[--attach PATH]... [--max-attach SIZE]\n"
	    "                        [--output DIR] [--deadline SECONDS]\n"
	    "                        [--scope node|job|all] [--if-incident] "
	    "[--keep N]\n"
	    "                        [--keep-bytes SIZE] [--redact] "
	    "[--site-key FILE] [--version] [--help]\n"
	    "       oomtrail-collect --watch [--job ID] [--output DIR] "
	    "[--interval SECONDS]\n"
	    "                        [--watch-file PATH]\n\n");
	for (size_t i = 0; i < NOPTS; i++)
		fprintf(f, "  --%s%s%-*s %s\n", options[i].lo.name,
		    options[i].arg ? " " : "",
		    (int)(18 - strlen(options[i].lo.name)),
		    options[i].arg ? options[i].arg : "", options[i].help);
}

static int
parse(struct cli *c, int argc, char *argv[])
{
	struct option	lo[NOPTS + 1];
	int		ch, idx;

	for (size_t i = 0; i < NOPTS; i++)
		lo[i] = options[i].lo;
	memset(&lo[NOPTS], 0, sizeof(lo[NOPTS]));
	c->o.deadline_s = COLLECT_DEADLINE_DEFAULT;
	c->interval_ms = WATCH_INTERVAL_DEFAULT_MS;
	c->o.logs = c->logs;
	c->o.attach = c->attach;
	while ((ch = getopt_long(argc, argv, "", lo, &idx)) != -1) {
		if (ch == '?' || ch == ':')
			return -1;
		for (size_t i = 0; i < NOPTS; i++)
			if (options[i].lo.val == ch &&
			    options[i].fn(c, optarg) == -1) {
				fprintf(stderr, "oomtrail-collect: bad value "
				    "for --%s: %s\n", options[i].lo.name,
				    optarg ? optarg : "");
				return -1;
			}
	}
	if (optind != argc) {
		fprintf(stderr, "oomtrail-collect: unexpected argument: %s\n",
		    argv[optind]);
		return -1;
	}
	if (c->interval_ms != WATCH_INTERVAL_DEFAULT_MS && !c->watch) {
		fprintf(stderr, "oomtrail-collect: --interval needs --watch\n");
		return -1;
	}
	if (c->if_incident && (c->watch || c->o.scope == SCOPE_JOB)) {
		fprintf(stderr, "oomtrail-collect: --if-incident is a node's "
		    "decision: not with --scope job or --watch\n");
		return -1;
	}
	if (c->o.site_key != NULL && !c->o.redact) {
		fprintf(stderr, "oomtrail-collect: --site-key needs --redact "
		    "(secrets are always masked)\n");
		return -1;
	}
	return 0;
}

static void
on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* --watch: TERM, INT and HUP end it cleanly (the job is ending); they
 * interrupt its waits, so no SA_RESTART. */
static int
watch(struct cli *c)
{
	struct watch_opts	o = { c->o.job, c->o.output, c->o.watch_file,
				    c->interval_ms, 0, 0, &stop };
	struct watch_result	r;
	struct err		e = { 0 };
	struct sigaction	sa;
	const int		sigs[] = { SIGTERM, SIGINT, SIGHUP };

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
	if (collect_watch(&o, &r, &e) != ERR_OK) {
		fprintf(stderr, "oomtrail-collect: watch: %s\n", e.msg);
		return 1;
	}
	fprintf(stderr, "oomtrail-collect: watch ended: %s; %llu rows\n",
	    r.why, (unsigned long long)r.rows);
	printf("%s\n", r.path);
	return 0;
}

/* --if-incident: ERR_OK to collect, ERR_LIMIT when there is nothing to
 * collect (exit 0, no bundle), else the error (printed). */
static enum err_code
incident(struct cli *c)
{
	char		why[1024];
	int		yes = 0;
	struct err	e = { 0 };
	enum err_code	rc;

	if ((rc = collect_if_incident(c->o.job, &yes, why, sizeof(why), &e))
	    != ERR_OK) {
		fprintf(stderr, "oomtrail-collect: --if-incident: %s\n", e.msg);
		return rc;
	}
	fprintf(stderr, "oomtrail-collect: %s: %s\n", yes ? "incident" :
	    "no incident, no bundle", why);
	return yes ? ERR_OK : ERR_LIMIT;
}

int
main(int argc, char *argv[])
{
	struct cli		c = { 0 };
	struct collect_result	r;
	struct err		e = { 0 };
	enum err_code		rc;

	signal(SIGPIPE, SIG_IGN);
	if (parse(&c, argc, argv) == -1) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (c.help || c.version) {
		if (c.help)
			usage(stdout);
		else
			printf("oomtrail-collect %s\n", OOMTRAIL_VERSION);
		return 0;
	}
	if (c.watch)
		return watch(&c);
	if (c.if_incident && (rc = incident(&c)) != ERR_OK)
		return rc == ERR_USAGE ? EXIT_USAGE : rc == ERR_LIMIT ? 0 : 1;
	rc = collect_run(&c.o, &r, &e);
	if (r.note[0] != '\0')
		fprintf(stderr, "oomtrail-collect: %s\n", r.note);
	for (size_t i = 0; i < r.nfailed; i++)
		fprintf(stderr, "oomtrail-collect: %s\n", r.failed[i]);
	if (r.pruned > 0)
		fprintf(stderr, "oomtrail-collect: pruned %llu old bundle%s "
		    "(%llu bytes)\n", (unsigned long long)r.pruned,
		    r.pruned > 1 ? "s" : "",
		    (unsigned long long)r.pruned_bytes);
	if (r.prune_note[0] != '\0')
		fprintf(stderr, "oomtrail-collect: %s\n", r.prune_note);
	if (rc != ERR_OK)
		fprintf(stderr, "oomtrail-collect: no bundle: %s\n", e.msg);
	else {
		fprintf(stderr, "oomtrail-collect: %s\n", r.redaction);
		printf("%s\n", r.bundle_path);
	}
	collect_result_free(&r);
	return rc != ERR_OK ? 1 : (int)r.status;
}
