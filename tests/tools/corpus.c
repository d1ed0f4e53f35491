/*
 * corpus: the real incident corpus (fixtures/corpus), split and scored.
 *
 *   corpus split EVIDENCE.log OUTDIR
 *	Turn one case's evidence.log into what a user would hand over: one
 *	loose file per "=== <kind> (...) ===" section, named by kind
 *	(job-1.log, dmesg-1.txt, nvidia-smi-1.txt, ...; a "slurm config"
 *	section that names cgroup.conf, gres.conf or slurm.conf becomes that
 *	file). Curator notes ('#' lines before the first section, and in any
 *	section but "batch script") are dropped.
 *
 *   corpus score CORPUS_DIR WORKDIR [--markdown OUT] [--floor FILE]
 *	Split every case of CORPUS_DIR/labels.tsv into WORKDIR/<case>/,
 *	analyse that directory in process, and score it: right when the
 *	verdict's cause is one of the accepted causes and, for cascade "y",
 *	an nccl_cascade finding is reported. Prints one line per miss and a
 *	summary; --markdown writes the accuracy report (docs/accuracy.md);
 *	--floor FILE holds the fewest right cases allowed and the least share
 *	of high-confidence verdicts that must be right (percent): below
 *	either, exit 1.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis.h"

#define MAXCASES	4096
#define MAXCLASS	32

struct kcase {
	char	 name[128];
	char	*accepted[8];
	size_t	 naccepted;
	char	 cascade;		/* y n - */
	const char *cause;		/* verdict */
	const char *confidence;
	const char *rule;
	int	 cause_ok;
	int	 cascade_seen;
	int	 right;
};

static char *
slurp(const char *path, size_t *n)
{
	FILE	*f = fopen(path, "rb");
	char	*p = NULL;
	long	 len;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (p = malloc((size_t)len + 1))) {
		*n = fread(p, 1, (size_t)len, f);
		p[*n] = '\0';
	}
	fclose(f);
	return p;
}

static int
mkdirs(const char *path)
{
	char	 tmp[4096];

	snprintf(tmp, sizeof(tmp), "%s", path);
	for (char *s = tmp + 1; *s != '\0'; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(tmp, 0755) == -1 && errno != EEXIST)
			return -1;
		*s = '/';
	}
	return mkdir(tmp, 0755) == -1 && errno != EEXIST ? -1 : 0;
}

/* The file a section becomes, from its kind and its "(...)" note. */
static void
section_file(const char *kind, const char *note, unsigned seq, char *out,
    size_t outsz)
{
	static const struct {
		const char	*kind;
		const char	*stem;
		const char	*ext;
	} kinds[] = {
		{ "job log", "job", "log" },
		{ "batch script", "batch", "sh" },
		{ "dmesg", "dmesg", "txt" },
		{ "kernel log", "kern", "log" },
		{ "journal", "journal", "log" },
		{ "nvidia-smi", "nvidia-smi", "txt" },
		{ "scontrol", "scontrol", "txt" },
		{ "sacct", "sacct", "txt" },
		{ "squeue", "squeue", "txt" },
		{ "slurm config", "slurm-config", "txt" },
	};
	static const char *const confs[] = { "cgroup.conf", "gres.conf",
	    "slurm.conf" };

	if (strcmp(kind, "slurm config") == 0)
		for (size_t i = 0; i < sizeof(confs) / sizeof(confs[0]); i++)
			if (strstr(note, confs[i]) != NULL) {
				snprintf(out, outsz, "%s", confs[i]);
				return;
			}
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(kind, kinds[i].kind) == 0) {
			snprintf(out, outsz, "%s-%u.%s", kinds[i].stem, seq,
			    kinds[i].ext);
			return;
		}
	snprintf(out, outsz, "other-%u.txt", seq);
}

/* "=== kind (note) ===": kind and note, or 0 when not a header. */
static int
section_header(const char *line, size_t n, char *kind, size_t ksz,
    char *note, size_t nsz)
{
	const char	*p = line + 4, *end = line + n, *k;
	size_t		 kl;

	if (n < 8 || memcmp(line, "=== ", 4) != 0 ||
	    memcmp(end - 4, " ===", 4) != 0)
		return 0;
	end -= 4;
	for (k = p; k < end && *k != '('; k++)
		;
	kl = (size_t)(k - p);
	while (kl > 0 && p[kl - 1] == ' ')
		kl--;
	snprintf(kind, ksz, "%.*s", (int)kl, p);
	snprintf(note, nsz, "%.*s", (int)(end - k), k);
	return 1;
}

static int
split(const char *evidence, const char *outdir)
{
	char		*text, kind[128] = "", note[1024], name[256],
			 path[4096];
	size_t		 n = 0;
	unsigned	 seq = 0;
	FILE		*out = NULL;

	if ((text = slurp(evidence, &n)) == NULL) {
		fprintf(stderr, "corpus: %s: %s\n", evidence, strerror(errno));
		return -1;
	}
	if (mkdirs(outdir) == -1) {
		fprintf(stderr, "corpus: %s: %s\n", outdir, strerror(errno));
		free(text);
		return -1;
	}
	for (char *line = text, *nl; line < text + n; line = nl + 1) {
		size_t len;

		nl = memchr(line, '\n', (size_t)(text + n - line));
		if (nl == NULL)
			nl = text + n;
		len = (size_t)(nl - line);
		if (len > 0 && line[len - 1] == '\r')
			len--;
		if (section_header(line, len, kind, sizeof(kind), note,
		    sizeof(note))) {
			if (out != NULL)
				fclose(out);
			section_file(kind, note, ++seq, name, sizeof(name));
			snprintf(path, sizeof(path), "%s/%s", outdir, name);
			/* two config sections naming one file: append */
			if ((out = fopen(path, "ab")) == NULL) {
				fprintf(stderr, "corpus: %s: %s\n", path,
				    strerror(errno));
				free(text);
				return -1;
			}
			continue;
		}
		if (out == NULL)
			continue;	/* notes before the first section */
		if (len > 0 && line[0] == '#' &&
		    strcmp(kind, "batch script") != 0)
			continue;
		fwrite(line, 1, (size_t)(nl - line), out);
		if (nl < text + n)
			fputc('\n', out);
	}
	if (out != NULL)
		fclose(out);
	free(text);
	return 0;
}

static size_t
read_labels(const char *dir, struct kcase *c, size_t max)
{
	char	 path[4096], *text, *save = NULL;
	size_t	 n = 0, k = 0;

	snprintf(path, sizeof(path), "%s/labels.tsv", dir);
	if ((text = slurp(path, &n)) == NULL) {
		fprintf(stderr, "corpus: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	for (char *line = strtok_r(text, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		char *f1, *f2, *f3, *s2 = NULL;

		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (k == max) {
			fprintf(stderr, "corpus: %s: more than %zu cases\n",
			    path, max);
			exit(2);
		}
		f1 = line;
		if ((f2 = strchr(f1, '\t')) == NULL ||
		    (f3 = strchr(f2 + 1, '\t')) == NULL) {
			fprintf(stderr, "corpus: %s: bad row: %s\n", path,
			    line);
			exit(2);
		}
		*f2++ = '\0';
		*f3++ = '\0';
		snprintf(c[k].name, sizeof(c[k].name), "%s", f1);
		c[k].cascade = f3[0];
		for (char *a = strtok_r(f2, ",", &s2); a != NULL &&
		    c[k].naccepted < 8; a = strtok_r(NULL, ",", &s2))
			c[k].accepted[c[k].naccepted++] = strdup(a);
		k++;
	}
	free(text);
	return k;
}

static void
score_case(struct kcase *c, const char *corpus, const char *work)
{
	char			 ev[4096], dir[4096];
	const char		*in[1];
	struct analyze_opts	 o = { 0 };
	struct analysis		*an = NULL;
	struct err		 e = { 0 };

	snprintf(ev, sizeof(ev), "%s/cases/%s/evidence.log", corpus, c->name);
	snprintf(dir, sizeof(dir), "%s/%s", work, c->name);
	if (split(ev, dir) == -1)
		exit(2);
	in[0] = dir;
	o.inputs = in;
	o.ninputs = 1;
	o.jobs = 1;
	if (analysis_run(&o, &an, &e) != ERR_OK) {
		c->cause = "(error)";
		c->confidence = "-";
		c->rule = e.msg[0] ? strdup(e.msg) : "-";
		return;
	}
	c->cause = strdup(an->verdict.cause ? an->verdict.cause : "(none)");
	c->confidence = strdup(an->verdict.confidence ?
	    an->verdict.confidence : "-");
	c->rule = strdup(an->verdict.rule ? an->verdict.rule : "-");
	for (size_t i = 0; i < an->nsecondary; i++)
		if (an->secondary[i].cause != NULL &&
		    strcmp(an->secondary[i].cause, "nccl_cascade") == 0)
			c->cascade_seen = 1;
	for (size_t i = 0; i < c->naccepted; i++)
		if (strcmp(c->accepted[i], c->cause) == 0)
			c->cause_ok = 1;
	c->right = c->cause_ok && (c->cascade != 'y' || c->cascade_seen);
	analysis_free(an);
}

static size_t
class_index(const char **cls, size_t *ncls, const char *name)
{
	for (size_t i = 0; i < *ncls; i++)
		if (strcmp(cls[i], name) == 0)
			return i;
	if (*ncls == MAXCLASS)
		return MAXCLASS - 1;
	cls[*ncls] = name;
	return (*ncls)++;
}

static int
cmpstr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void
pct(FILE *f, size_t a, size_t b)
{
	if (b == 0)
		fprintf(f, "–");
	else
		fprintf(f, "%zu/%zu (%.0f%%)", a, b, 100.0 * (double)a /
		    (double)b);
}

static void
markdown(FILE *f, const struct kcase *c, size_t n)
{
	const char	*cls[MAXCLASS], *conf[] = { "high", "medium", "low" };
	size_t		 ncls = 0, right = 0, cause_ok = 0, casc = 0,
			 casc_ok = 0, m[MAXCLASS][MAXCLASS] = { { 0 } };

	for (size_t i = 0; i < n; i++) {
		class_index(cls, &ncls, c[i].accepted[0]);
		class_index(cls, &ncls, c[i].cause);
	}
	qsort(cls, ncls, sizeof(cls[0]), cmpstr);
	for (size_t i = 0; i < n; i++) {
		m[class_index(cls, &ncls, c[i].accepted[0])]
		    [class_index(cls, &ncls, c[i].cause)]++;
		right += (size_t)c[i].right;
		cause_ok += (size_t)c[i].cause_ok;
		if (c[i].cascade == 'y') {
			casc++;
			casc_ok += (size_t)c[i].cascade_seen;
		}
	}
	fprintf(f, "# Accuracy on the real incident corpus\n\n"
	    "Generated by `tests/corpus` from `fixtures/corpus/` (real "
	    "incidents from public threads, split into the loose files a "
	    "user would hand over) and compared by the `corpus.accuracy` "
	    "test: after a change in the rules, regenerate it with "
	    "`UPDATE_ACCURACY=1 ctest -R corpus.accuracy` and review the "
	    "diff.\n\n"
	    "A case is right when the verdict's cause is one of the case's "
	    "accepted causes and, where the case expects a cascade, an "
	    "`nccl_cascade` finding is reported.\n\n");
	fprintf(f, "| measure | value |\n|---|---|\n| right | ");
	pct(f, right, n);
	fprintf(f, " |\n| cause right | ");
	pct(f, cause_ok, n);
	fprintf(f, " |\n| cascade reported where expected | ");
	pct(f, casc_ok, casc);
	fprintf(f, " |\n\n## Confidence\n\nHow often each confidence level "
	    "was right.\n\n| confidence | right |\n|---|---|\n");
	for (size_t k = 0; k < 3; k++) {
		size_t a = 0, b = 0;

		for (size_t i = 0; i < n; i++)
			if (strcmp(c[i].confidence, conf[k]) == 0) {
				b++;
				a += (size_t)c[i].right;
			}
		fprintf(f, "| %s | ", conf[k]);
		pct(f, a, b);
		fprintf(f, " |\n");
	}
	fprintf(f, "\n## Per class\n\nRecall: of the cases whose first "
	    "accepted cause is the class, how many were right. Precision: "
	    "of the verdicts naming the class, how many named an accepted "
	    "cause.\n\n| class | cases | recall | verdicts | precision |\n"
	    "|---|---|---|---|---|\n");
	for (size_t k = 0; k < ncls; k++) {
		size_t rows = 0, rec = 0, cols = 0, prec = 0;

		for (size_t i = 0; i < n; i++) {
			if (strcmp(c[i].accepted[0], cls[k]) == 0) {
				rows++;
				rec += (size_t)c[i].right;
			}
			if (strcmp(c[i].cause, cls[k]) == 0) {
				cols++;
				prec += (size_t)c[i].cause_ok;
			}
		}
		fprintf(f, "| `%s` | %zu | ", cls[k], rows);
		pct(f, rec, rows);
		fprintf(f, " | %zu | ", cols);
		pct(f, prec, cols);
		fprintf(f, " |\n");
	}
	fprintf(f, "\n## Confusion matrix\n\nRows: the first accepted cause; "
	    "columns: the verdict (by column number).\n\n| first accepted "
	    "\\ verdict |");
	for (size_t k = 0; k < ncls; k++)
		fprintf(f, " %zu |", k + 1);
	fprintf(f, "\n|---|");
	for (size_t k = 0; k < ncls; k++)
		fprintf(f, "---|");
	fprintf(f, "\n");
	for (size_t r = 0; r < ncls; r++) {
		fprintf(f, "| %zu `%s` |", r + 1, cls[r]);
		for (size_t k = 0; k < ncls; k++)
			if (m[r][k] == 0)
				fprintf(f, " · |");
			else
				fprintf(f, " %zu |", m[r][k]);
		fprintf(f, "\n");
	}
	fprintf(f, "\n## Cases\n\n| case | accepted | cascade | verdict | "
	    "confidence | rule | right |\n|---|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "| %s | ", c[i].name);
		for (size_t a = 0; a < c[i].naccepted; a++)
			fprintf(f, "%s%s", a ? ", " : "", c[i].accepted[a]);
		fprintf(f, " | %c%s | %s | %s | %s | %s |\n", c[i].cascade,
		    c[i].cascade == 'y' ? (c[i].cascade_seen ? " (seen)" :
		    " (missed)") : "", c[i].cause, c[i].confidence,
		    c[i].rule, c[i].right ? "yes" : "**no**");
	}
}

static int
score(const char *corpus, const char *work, const char *md,
    const char *floorfile)
{
	static struct kcase	 c[MAXCASES];
	size_t			 n, right = 0, high = 0, high_ok = 0;
	int			 rc = 0;

	n = read_labels(corpus, c, MAXCASES);
	for (size_t i = 0; i < n; i++) {
		score_case(&c[i], corpus, work);
		right += (size_t)c[i].right;
		if (strcmp(c[i].confidence, "high") == 0) {
			high++;
			high_ok += (size_t)c[i].right;
		}
		if (!c[i].right) {
			printf("miss %s: got %s (%s, %s)%s; accepted", c[i].name,
			    c[i].cause, c[i].confidence, c[i].rule,
			    c[i].cause_ok ? ", cascade not reported" : "");
			for (size_t a = 0; a < c[i].naccepted; a++)
				printf("%s%s", a ? "," : " ", c[i].accepted[a]);
			printf("\n");
		}
	}
	printf("corpus: %zu/%zu right (%.1f%%); high confidence %zu/%zu "
	    "right\n", right, n, n ? 100.0 * (double)right / (double)n : 0.0,
	    high_ok, high);
	if (md != NULL) {
		FILE *f = fopen(md, "w");

		if (f == NULL) {
			fprintf(stderr, "corpus: %s: %s\n", md,
			    strerror(errno));
			return 2;
		}
		markdown(f, c, n);
		fclose(f);
	}
	if (floorfile != NULL) {
		size_t	 len = 0;
		char	*t = slurp(floorfile, &len);
		unsigned long min_right = 0, min_high = 0;

		if (t == NULL || sscanf(t, "right %lu high %lu", &min_right,
		    &min_high) != 2) {
			fprintf(stderr, "corpus: %s: want \"right N high P\"\n",
			    floorfile);
			free(t);
			return 2;
		}
		free(t);
		if (right < min_right) {
			printf("corpus: %zu right is below the floor of %lu\n",
			    right, min_right);
			rc = 1;
		}
		if (high > 0 && high_ok * 100 < min_high * high) {
			printf("corpus: high confidence right %zu/%zu, under "
			    "%lu%%\n", high_ok, high, min_high);
			rc = 1;
		}
	}
	return rc;
}

int
main(int argc, char *argv[])
{
	const char	*md = NULL, *floorfile = NULL;

	setenv("TZ", "UTC", 1);
	setenv("LC_ALL", "C", 1);
	if (argc == 4 && strcmp(argv[1], "split") == 0)
		return split(argv[2], argv[3]) == 0 ? 0 : 1;
	if (argc >= 4 && strcmp(argv[1], "score") == 0) {
		for (int i = 4; i + 1 < argc; i += 2) {
			if (strcmp(argv[i], "--markdown") == 0)
				md = argv[i + 1];
			else if (strcmp(argv[i], "--floor") == 0)
				floorfile = argv[i + 1];
			else
				goto usage;
		}
		if ((argc - 4) % 2 != 0)
			goto usage;
		return score(argv[2], argv[3], md, floorfile);
	}
usage:
	fprintf(stderr, "usage: corpus split EVIDENCE OUTDIR\n"
	    "       corpus score CORPUS WORKDIR [--markdown OUT] "
	    "[--floor FILE]\n");
	return 2;
}
