/*
 * golden: one scenario end to end, in process.
 *
 *   golden SCENARIO_NAME...
 *
 * For each name: pack fixtures/scenarios/NAME with mkbundle (the real
 * bundle writer) into NAME.tar.zst in the current directory, analyse it
 * (or, when the scenario lists "inputs", those member trees or bare files
 * as separate inputs; a listed directory with its own scenario.json is
 * one node's bundle tree and is packed with mkbundle first), check the
 * verdict against scenario.json's "expect", and compare the rendered JSON, Markdown, text and HTML with
 * tests/golden/NAME.{json,md,txt,html} byte for byte. UPDATE_GOLDEN=1
 * rewrites the golden files instead (review the diff before committing).
 * Inputs are named relative to the cwd, so the output is the same on
 * every machine.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis.h"
#include "report.h"

static int	failed;

static void
fail(const char *name, const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "golden %s: ", name);
	fprintf(stderr, fmt, a ? a : "(null)", b ? b : "(null)");
	fputc('\n', stderr);
	failed = 1;
}

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

static void
compare(const char *name, const struct analysis *an, enum report_format fmt,
    const char *ext)
{
	char		 path[4096], *got = NULL, *want;
	size_t		 ngot = 0, nwant = 0;
	FILE		*mem;
	struct err	 e = { 0 };

	snprintf(path, sizeof(path), "%s/tests/golden/%s.%s", OOMTRAIL_SRC,
	    name, ext);
	if ((mem = open_memstream(&got, &ngot)) == NULL)
		exit(99);
	if (report_render(an, fmt, mem, NULL, &e) != ERR_OK)
		fail(name, "render %s: %s", ext, e.msg);
	fclose(mem);
	if (getenv("UPDATE_GOLDEN") != NULL) {
		FILE *out = fopen(path, "wb");

		if (out == NULL || fwrite(got, 1, ngot, out) != ngot ||
		    fclose(out) != 0)
			fail(name, "cannot write %s%s", path, "");
		free(got);
		return;
	}
	want = slurp(path, &nwant);
	if (want == NULL)
		fail(name, "no golden file %s%s (UPDATE_GOLDEN=1 writes it)",
		    path, "");
	else if (nwant != ngot || memcmp(want, got, ngot) != 0) {
		char actual[4200];

		snprintf(actual, sizeof(actual), "%s.actual.%s", name, ext);
		mem = fopen(actual, "wb");
		if (mem != NULL) {
			fwrite(got, 1, ngot, mem);
			fclose(mem);
		}
		fail(name, "output differs from %s (see %s)", path, actual);
	}
	free(want);
	free(got);
}

static void
check_expect(const char *name, json_t *sc, const struct analysis *an)
{
	json_t		*ex = json_object_get(sc, "expect");
	const char	*keys[] = { "cause", "boundary", "rule", "confidence",
			    "failure_domain", "retry_outlook" };
	const char	*got[] = { an->verdict.cause, an->verdict.boundary,
			    an->verdict.rule, an->verdict.confidence,
			    an->verdict.failure_domain,
			    an->verdict.retry_outlook };
	json_t		*v;

	if (!json_is_object(ex)) {
		fail(name, "scenario.json has no \"expect\"%s%s", "", "");
		return;
	}
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		v = json_object_get(ex, keys[i]);
		if (json_is_string(v) && (got[i] == NULL ||
		    strcmp(json_string_value(v), got[i]) != 0))
			fail(name, "verdict %s", keys[i], "");
		if (json_is_string(v) && (got[i] == NULL ||
		    strcmp(json_string_value(v), got[i]) != 0))
			fprintf(stderr, "  want %s, got %s\n",
			    json_string_value(v), got[i] ? got[i] : "(null)");
	}
	/* "cascade": whether an nccl_cascade finding is reported. */
	v = json_object_get(ex, "cascade");
	if (json_is_boolean(v)) {
		int	seen = 0;

		for (size_t i = 0; i < an->nsecondary; i++)
			seen |= an->secondary[i].cause != NULL &&
			    strcmp(an->secondary[i].cause, "nccl_cascade") == 0;
		if (seen != json_is_true(v))
			fail(name, "nccl_cascade finding: want %s, got %s",
			    json_is_true(v) ? "one" : "none",
			    seen ? "one" : "none");
	}
	/* "step": the step whose memory limit was hit (the first usage
	 * row: the limit the verdict is about). */
	v = json_object_get(ex, "step");
	if (json_is_string(v) && (an->nusage == 0 ||
	    an->usage[0].step == NULL ||
	    strcmp(an->usage[0].step, json_string_value(v)) != 0))
		fail(name, "step of the limit hit: want %s, got %s",
		    json_string_value(v), an->nusage > 0 ?
		    an->usage[0].step : NULL);
	v = json_object_get(ex, "initiating_source");
	if (json_is_string(v) && (an->verdict.initiating == NULL ||
	    an->verdict.initiating->source == NULL ||
	    strcmp(an->verdict.initiating->source, json_string_value(v))))
		fail(name, "initiating source: want %s, got %s",
		    json_string_value(v), an->verdict.initiating ?
		    an->verdict.initiating->source : NULL);
}

/* A listed input that is a directory with its own scenario.json is a
 * node's bundle tree: pack it with mkbundle as ./<rel>.tar.zst
 * (slashes in rel become '-'). Returns 0 when rel is not such a tree. */
static int
pack_member(const char *name, const char *rel, const char **out)
{
	char		 path[4096], cmd[8192], flat[1024];
	struct stat	 st;
	size_t		 i;

	snprintf(path, sizeof(path), "%s/fixtures/scenarios/%s/%s/scenario.json",
	    OOMTRAIL_SRC, name, rel);
	if (stat(path, &st) == -1 || !S_ISREG(st.st_mode))
		return 0;
	for (i = 0; rel[i] != '\0' && i + 1 < sizeof(flat); i++)
		flat[i] = rel[i] == '/' ? '-' : rel[i];
	flat[i] = '\0';
	snprintf(cmd, sizeof(cmd), "rm -f '%s.tar.zst' && '%s/tests/mkbundle' "
	    "'%s/fixtures/scenarios/%s/%s' . '%s.tar.zst' >/dev/null", flat,
	    OOMTRAIL_BIN, OOMTRAIL_SRC, name, rel, flat);
	if (system(cmd) != 0)
		fail(name, "mkbundle %s failed%s", rel, "");
	snprintf(cmd, sizeof(cmd), "%s.tar.zst", flat);
	*out = strdup(cmd);
	return 1;
}

/* The inputs: the packed bundle, or the scenario's "inputs" list
 * (paths relative to the scenario dir, copied to the cwd as given). */
static size_t
inputs_of(const char *name, json_t *sc, const char **v, size_t max)
{
	json_t	*list = json_object_get(sc, "inputs");
	char	 cmd[8192];
	size_t	 n = 0, i;
	json_t	*it;

	if (!json_is_array(list)) {
		snprintf(cmd, sizeof(cmd), "rm -f '%s.tar.zst' && "
		    "'%s/tests/mkbundle' '%s/fixtures/scenarios/%s' . "
		    "%s.tar.zst >/dev/null", name, OOMTRAIL_BIN, OOMTRAIL_SRC,
		    name, name);
		if (system(cmd) != 0)
			fail(name, "mkbundle failed%s%s", "", "");
		snprintf(cmd, sizeof(cmd), "%s.tar.zst", name);
		v[0] = strdup(cmd);
		return 1;
	}
	json_array_foreach(list, i, it) {
		const char *rel = json_string_value(it);

		if (rel == NULL || n == max)
			continue;
		if (pack_member(name, rel, &v[n])) {
			n++;
			continue;
		}
		snprintf(cmd, sizeof(cmd), "rm -rf './%s' && mkdir -p "
		    "\"$(dirname './%s')\" && cp -R '%s/fixtures/scenarios/%s/%s'"
		    " './%s'", rel, rel, OOMTRAIL_SRC, name, rel, rel);
		if (system(cmd) != 0)
			fail(name, "copy %s failed%s", rel, "");
		v[n++] = strdup(rel);
	}
	return n;
}

static void
run(const char *name)
{
	struct analyze_opts	 o = { 0 };
	struct analysis		*an = NULL;
	struct err		 e = { 0 };
	const char		*in[64];
	char			 path[4096];
	json_error_t		 je;
	json_t			*sc;

	snprintf(path, sizeof(path), "%s/fixtures/scenarios/%s/scenario.json",
	    OOMTRAIL_SRC, name);
	if ((sc = json_load_file(path, 0, &je)) == NULL) {
		fail(name, "%s: %s", path, je.text);
		return;
	}
	o.inputs = in;
	o.ninputs = inputs_of(name, sc, in, 64);
	o.jobs = 1;
	if (analysis_run(&o, &an, &e) != ERR_OK) {
		fail(name, "analysis: %s%s", e.msg, "");
		json_decref(sc);
		return;
	}
	check_expect(name, sc, an);
	compare(name, an, REPORT_JSON, "json");
	compare(name, an, REPORT_MD, "md");
	compare(name, an, REPORT_TEXT, "txt");
	compare(name, an, REPORT_HTML, "html");
	analysis_free(an);
	for (size_t i = 0; i < o.ninputs; i++)
		free((char *)in[i]);
	json_decref(sc);
}

int
main(int argc, char *argv[])
{
	setenv("TZ", "UTC", 1);
	setenv("LC_ALL", "C", 1);
	for (int i = 1; i < argc; i++)
		run(argv[i]);
	return failed;
}
