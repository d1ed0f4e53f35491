/*
 * test_redact: the shared secret detectors (common/redact.c) against the
 * planted-secrets corpus (fixtures/secrets/planted.tsv): every planted
 * secret is masked, every evidence value is kept, masking twice changes
 * nothing, and the tally names the detector.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "harness.h"
#include "pseudo.h"
#include "redact.h"

/* The TSV's line with "@@" replaced by the value and "<NL>" by "\n". */
static char *
planted_line(const char *tmpl, const char *value)
{
	size_t	 sz = strlen(tmpl) + 4 * strlen(value) + 1, k = 0;
	char	*s = malloc(sz);

	for (const char *p = tmpl; *p != '\0';) {
		if (strncmp(p, "@@", 2) == 0) {
			k += (size_t)snprintf(s + k, sz - k, "%s", value);
			p += 2;
		} else if (strncmp(p, "<NL>", 4) == 0) {
			s[k++] = '\n';
			p += 4;
		} else
			s[k++] = *p++;
	}
	s[k] = '\0';
	return s;
}

DEFINE_TEST(test_redact_planted_corpus)
{
	char		*tsv = test_slurp("fixtures/secrets/planted.tsv", NULL);
	char		*save = NULL, *row;
	size_t		 nm = 0, nk = 0;

	for (row = strtok_r(tsv, "\n", &save); row != NULL;
	    row = strtok_r(NULL, "\n", &save)) {
		char			*f[4], *p = row, *line, *out, *again;
		struct redact_tally	 t = { 0 };

		for (int i = 0; i < 4; i++) {
			f[i] = p;
			if (i < 3 && (p = strchr(p, '\t')) != NULL)
				*p++ = '\0';
			CHECK(p != NULL);
			if (p == NULL)
				return;
		}
		line = planted_line(f[3], f[2]);
		out = redact_text(line, &t);
		if (f[1][0] == 'M') {
			nm++;
			if (out == NULL || strstr(out, f[2]) != NULL)
				test_fail(__FILE__, __LINE__, "%s survives: %s",
				    f[0], out != NULL ? out : line);
			if (out != NULL && (again = redact_text(out, NULL)) !=
			    NULL) {
				test_fail(__FILE__, __LINE__, "%s: masked "
				    "twice: %s", f[0], again);
				free(again);
			}
		} else {
			nk++;
			if (out != NULL)
				test_fail(__FILE__, __LINE__, "%s masked: %s",
				    f[0], out);
		}
		free(out);
		free(line);
	}
	CHECK(nm >= 40);
	CHECK(nk >= 10);
	free(tsv);
}

DEFINE_TEST(test_redact_tally_names)
{
	struct redact_tally	 t = { 0 };
	char			*out, *s;

	out = redact_text("a AKIAABCDEFGH23456789 b ghp_"
	    "0123456789abcdefghij0123456789abcdef\nPASSWORD=x", &t);
	CHECK(out != NULL);
	CHECK_EQ_U64(t.total, 3);
	CHECK_EQ_U64(t.by[RD_AWS], 1);
	CHECK_EQ_U64(t.by[RD_GITHUB], 1);
	s = redact_tally_str(&t);
	CHECK_EQ_STR(s, "secret_assignment:1,aws_key:1,github_token:1");
	CHECK_EQ_STR(out, "a [REDACTED] b [REDACTED]\nPASSWORD=[REDACTED]");
	free(s);
	free(out);
}

DEFINE_TEST(test_redact_pem_spans_lines)
{
	struct redact_tally	 t = { 0 };
	char			*out;

	out = redact_text("before\n-----BEGIN EC PRIVATE KEY-----\nAAAA\n"
	    "BBBB\n-----END EC PRIVATE KEY-----\nafter\n", &t);
	CHECK_EQ_STR(out, "before\n[REDACTED]\n[REDACTED]\n[REDACTED]\n"
	    "[REDACTED]\nafter\n");
	CHECK_EQ_U64(t.by[RD_PRIVATE_KEY], 1);
	free(out);
	/* a public key or certificate is not a secret */
	CHECK(redact_text("-----BEGIN CERTIFICATE-----\nMIIB\n", NULL) ==
	    NULL);
}

/* ---- end to end: collector, oomtrail redact, every report format ---- */

struct planted {
	char	*shape, *kind, *value, *line;
};

static struct planted	*rows;
static size_t		 nrows;

static void
load_planted(void)
{
	char	*tsv, *save = NULL, *row, *f[4];

	if (rows != NULL)
		return;
	tsv = test_slurp("fixtures/secrets/planted.tsv", NULL);
	rows = calloc(256, sizeof(*rows));
	for (row = strtok_r(tsv, "\n", &save); row != NULL && nrows < 256;
	    row = strtok_r(NULL, "\n", &save)) {
		char	*p = row;

		for (int i = 0; i < 4 && p != NULL; i++) {
			f[i] = p;
			if (i < 3 && (p = strchr(p, '\t')) != NULL)
				*p++ = '\0';
		}
		if (p == NULL)
			continue;
		rows[nrows++] = (struct planted){ f[0], f[1], f[2],
		    planted_line(f[3], f[2]) };
	}
}

/* planted.log: every row, with a CUDA OOM in the middle so that the
 * analyzer has a verdict and renders the lines around it. */
static void
write_planted_log(const char *path)
{
	FILE	*f = fopen(path, "w");

	load_planted();
	CHECK(f != NULL);
	if (f == NULL)
		return;
	for (size_t i = 0; i < nrows; i++) {
		if (i == nrows / 2)
			fputs("torch.OutOfMemoryError: CUDA out of memory. Tried "
			    "to allocate 2.00 GiB. GPU 0 has a total capacity "
			    "of 79.10 GiB of which 1.20 GiB is free.\n", f);
		fprintf(f, "%s\n", rows[i].line);
	}
	fclose(f);
}

static char *
slurp_abs(const char *path)
{
	FILE	*f = fopen(path, "rb");
	char	*b;
	long	 n;

	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	b = malloc((size_t)n + 1);
	if (b != NULL) {
		b[fread(b, 1, (size_t)n, f)] = '\0';
	}
	fclose(f);
	return b;
}

/* No planted secret in the file; with keep, every evidence value too. */
static void
check_clean(const char *path, int keep, const char *what)
{
	char	*s = slurp_abs(path);
	size_t	 k = 0;

	CHECK(s != NULL);
	if (s == NULL)
		return;
	/* Markdown escapes _ ~ : @ with a backslash: a survivor there
	 * would read "ghp\_..." */
	if (strstr(path, ".md") != NULL) {
		for (size_t i = 0; s[i] != '\0'; i++)
			if (s[i] != '\\')
				s[k++] = s[i];
		s[k] = '\0';
	}
	for (size_t i = 0; i < nrows; i++) {
		if (rows[i].kind[0] == 'M' && strstr(s, rows[i].value) != NULL)
			test_fail(__FILE__, __LINE__, "%s: %s survives in %s",
			    what, rows[i].shape, path);
		if (keep && rows[i].kind[0] == 'K' &&
		    strstr(s, rows[i].value) == NULL)
			test_fail(__FILE__, __LINE__, "%s: evidence %s (%s) "
			    "lost in %s", what, rows[i].shape, rows[i].value,
			    path);
	}
	free(s);
}

static size_t
nmasked(void)
{
	size_t	n = 0;

	for (size_t i = 0; i < nrows; i++)
		n += rows[i].kind[0] == 'M';
	return n;
}

static const char *
oomtrail(void)
{
	static char	b[1024];

	snprintf(b, sizeof(b), "%s", test_bin("report/oomtrail"));
	return b;
}

DEFINE_TEST(test_redact_analyzer_every_format)
{
	static const char *const fmts[] = { "text", "md", "html", "json" };

	write_planted_log("planted.log");
	for (size_t i = 0; i < 4; i++) {
		char	out[64];

		snprintf(out, sizeof(out), "report.%s", fmts[i]);
		CHECK_EQ_INT(test_sh("'%s' analyze --format %s -o %s "
		    "planted.log", oomtrail(), fmts[i], out), 0);
		check_clean(out, 0, fmts[i]);
	}
	CHECK_EQ_INT(test_sh("'%s' timeline planted.log > tl.txt && '%s' "
	    "timeline --format json planted.log > tl.json", oomtrail(),
	    oomtrail()), 0);
	check_clean("tl.txt", 0, "timeline");
	check_clean("tl.json", 0, "timeline json");
	/* the lines around the OOM are its context: some were masked */
	CHECK(test_sh("grep -q '\"masked\": true' report.json") == 0);
}

/* A saved analysis whose evidence holds every planted line (as an older
 * oomtrail would have written it): report re-renders it masked. */
DEFINE_TEST(test_redact_report_from_saved_json)
{
	static const char *const fmts[] = { "text", "md", "html", "json" };
	json_t	*root, *evs;

	write_planted_log("planted.log");
	CHECK_EQ_INT(test_sh("'%s' analyze --format json planted.log > "
	    "base.json", oomtrail()), 0);
	/* one evidence item per planted line, in a ruled-out cause */
	root = json_load_file("base.json", 0, NULL);
	CHECK(root != NULL && json_is_array(json_object_get(root,
	    "ruled_out")));
	if (root == NULL)
		return;
	evs = json_array();
	for (size_t i = 0; i < nrows; i++)
		json_array_append_new(evs, json_pack("{s:s, s:I, s:s, s:n, "
		    "s:s, s:n, s:n, s:n, s:n, s:n, s:s, s:b, s:b, s:b}",
		    "source", "logs/planted.log", "line", (json_int_t)i + 1,
		    "text", rows[i].line, "time", "time_quality", "none",
		    "node", "rank", "pid", "context", "context_line", "input",
		    "planted.log", "out_of_order", 0, "initiating", 0,
		    "cascade", 0));
	json_array_append_new(json_object_get(root, "ruled_out"),
	    json_pack("{s:s, s:s, s:o}", "cause", "time_limit", "why",
	    "planted", "evidence", evs));
	CHECK(json_dump_file(root, "saved.json", JSON_INDENT(1)) == 0);
	json_decref(root);
	for (size_t i = 0; i < 4; i++) {
		char	out[64];

		snprintf(out, sizeof(out), "out.%s", fmts[i]);
		CHECK_EQ_INT(test_sh("'%s' report --format %s -o %s saved.json",
		    oomtrail(), fmts[i], out), 0);
		/* text, md and html show the first few evidence items */
		check_clean(out, i == 3, fmts[i]);
	}
	/* each planted secret's evidence says masked, no evidence's does */
	CHECK_EQ_INT(test_sh("b=$(grep -o '\"masked\": true' base.json | "
	    "wc -l); n=$(grep -o '\"masked\": true' out.json | wc -l); "
	    "test $n -eq $((b + %zu))", nmasked()), 0);
}

/* The collector as test_collect.c runs it: the fakes of tests/fakes/bin
 * replay fixtures/collect, the job's log is planted.log. */
static int
collect_planted(const char *args, const char *env)
{
	char	cwd[1024], fakes[1024], fix[1024], cg[1024], bin[1024];

	/* test_src() and test_bin() share one static buffer */
	snprintf(fakes, sizeof(fakes), "%s", test_src("tests/fakes"));
	snprintf(fix, sizeof(fix), "%s", test_src("fixtures/collect"));
	snprintf(cg, sizeof(cg), "%s", test_src("fixtures/collect/cgroup-v1"));
	snprintf(bin, sizeof(bin), "%s", test_bin("collect/oomtrail-collect"));
	write_planted_log("planted.log");
	test_sh("mkdir -p fakebin sysbin out proc/14962 && chmod 755 . && "
	    "sed -n 2,11p '%s' > proc/14962/cgroup && "
	    "printf 'Name:\\tsh\\nUid:\\t1001\\t1001\\t1001\\t1001\\n' > "
	    "proc/14962/status && printf 'sh\\0/var/lib/slurm/slurmd/"
	    "job00003/slurm_script\\0' > proc/14962/cmdline && "
	    "cp /proc/meminfo proc/meminfo && chmod 644 planted.log",
	    test_src("fixtures/collect/slurm-3.out"));
	test_sh("for f in scontrol sacct nvidia-smi dmesg journalctl; do "
	    "ln -sf '%s'/$f fakebin/; done; for t in sh cat sleep yes dirname "
	    "mkdir chmod; do ln -sf \"$(command -v $t)\" sysbin/; done",
	    test_src("tests/fakes/bin"));
	if (getcwd(cwd, sizeof(cwd)) == NULL)
		return -1;
	return test_sh("env -i PATH='%s/fakebin:%s/sysbin' TZ=UTC LC_ALL=C "
	    "OOMTRAIL_FAKES='%s' OOMTRAIL_FAKE_FIXTURES='%s' "
	    "OOMTRAIL_CGROUP_ROOT='%s' OOMTRAIL_PROC_ROOT='%s/proc' "
	    "OOMTRAIL_KMSG='%s/no-kmsg' %s '%s' --job 3 --output out "
	    "--log planted.log %s >stdout 2>stderr",
	    cwd, cwd, fakes, fix, cg, cwd, cwd, env, bin, args);
}

/* Every member of the bundle, one after the other, into all.txt. */
static void
unpack_all(const char *bundle)
{
	CHECK_EQ_INT(test_sh("tar --zstd -xOf \"%s\" > all.txt", bundle), 0);
}

DEFINE_TEST(test_redact_collector_planted)
{
	CHECK_EQ_INT(collect_planted("", ""), 0);
	unpack_all("$(tail -1 stdout)");
	check_clean("all.txt", 0, "collector");
	/* the evidence in the job's log is kept as it was */
	CHECK_EQ_INT(test_sh("tar --zstd -xOf \"$(tail -1 stdout)\" "
	    "logs/planted.log > log.txt"), 0);
	check_clean("log.txt", 1, "collector log");
	/* the summary names detectors, the manifest counts them */
	CHECK(test_sh("grep -q 'masked [0-9]* secrets (.*github_token:2,' "
	    "stderr") == 0);
	CHECK(test_sh("tar --zstd -xOf \"$(tail -1 stdout)\" manifest.json | "
	    "grep -q '\"detectors\": \".*aws_key:'") == 0);
}

DEFINE_TEST(test_redact_collector_no_site_key)
{
	/* --redact with no key anywhere: a bundle all the same, a random
	 * key, and the command that makes a site key */
	if (access("/etc/oomtrail/site.key", F_OK) == 0)
		return;		/* this host has one */
	CHECK_EQ_INT(collect_planted("--redact", ""), 0);
	CHECK(test_sh("grep -q 'no site key' stderr && grep -q "
	    "'head -c 32 /dev/urandom > /etc/oomtrail/site.key' stderr") ==
	    0);
	CHECK(test_sh("tar --zstd -xOf \"$(tail -1 stdout)\" manifest.json | "
	    "grep -q '\"key\": \"random\"'") == 0);
	CHECK(test_sh("test -f \"$(tail -1 stdout).map.json\"") == 0);
	unpack_all("$(tail -1 stdout)");
	check_clean("all.txt", 0, "collector --redact");
}

/* oomtrail redact on the bare log, and on a bundle built from it. */
DEFINE_TEST(test_redact_cli_planted)
{
	write_planted_log("planted.log");
	CHECK_EQ_INT(test_sh("'%s' redact -o clean.log planted.log 2>err",
	    oomtrail()), 0);
	check_clean("clean.log", 1, "redact bare log");
	CHECK(test_sh("grep -q 'masked [0-9]* secrets' err") == 0);
	/* a pasted log names its own user (UserId=alice(1001)) */
	CHECK(test_sh("grep -q alice clean.log") != 0);
	CHECK(test_sh("grep -q 'UserId=user-[0-9a-f]*(9' clean.log") == 0);
	/* the original is untouched; an existing output is refused */
	CHECK(test_sh("grep -q hf_ planted.log") == 0);
	CHECK(test_sh("'%s' redact -o clean.log planted.log 2>/dev/null",
	    oomtrail()) != 0);
	/* a directory: a bundle with a fresh manifest */
	CHECK_EQ_INT(test_sh("mkdir -p d/logs && cp planted.log d/logs/ && "
	    "'%s' redact -o d.tar.zst d 2>err", oomtrail()), 0);
	unpack_all("d.tar.zst");
	check_clean("all.txt", 0, "redact dir");
	CHECK_EQ_INT(test_sh("'%s' analyze --format json d.tar.zst | "
	    "grep -q '\"integrity\": \"verified\"'", oomtrail()), 0);
	CHECK(test_sh("tar --zstd -tf d.tar.zst | grep -q map.json") != 0);
	CHECK(test_sh("test -f d.tar.zst.map.json") == 0);
}

/* cause, boundary, rule, confidence of the inputs (shell words) */
static int
verdict(const char *in, char *out, size_t sz)
{
	json_t	*root, *v;

	if (test_sh("'%s' analyze --format json %s > v.json 2>/dev/null; "
	    "test -s v.json", oomtrail(), in) != 0 ||
	    (root = json_load_file("v.json", 0, NULL)) == NULL)
		return -1;
	v = json_object_get(root, "verdict");
	snprintf(out, sz, "%s %s %s %s",
	    json_string_value(json_object_get(v, "cause")),
	    json_string_value(json_object_get(v, "boundary")),
	    json_string_value(json_object_get(v, "rule")),
	    json_string_value(json_object_get(v, "confidence")));
	json_decref(root);
	return 0;
}

/* A scenario's inputs as the golden test packs them (tests/golden/
 * golden.c): its tree as one bundle, or each listed input (a node's
 * tree packed, else copied). Shell words into words. */
static int
scenario_inputs(const char *name, char *words, size_t sz)
{
	char	 path[10240], mk[1024], src[1024];
	json_t	*sc, *list, *it;
	size_t	 i, k = 0;

	snprintf(mk, sizeof(mk), "%s", test_bin("tests/mkbundle"));
	snprintf(src, sizeof(src), "%s", test_src("fixtures/scenarios"));
	snprintf(path, sizeof(path), "%s/%s/scenario.json", src, name);
	if ((sc = json_load_file(path, 0, NULL)) == NULL)
		return -1;
	test_sh("rm -rf in && mkdir in");
	list = json_object_get(sc, "inputs");
	if (!json_is_array(list)) {
		json_decref(sc);
		if (test_sh("'%s' '%s/%s' in b.tar.zst >/dev/null", mk, src,
		    name) != 0)
			return -1;
		snprintf(words, sz, "in/b.tar.zst");
		return 0;
	}
	words[0] = '\0';
	json_array_foreach(list, i, it) {
		const char	*rel = json_string_value(it);

		if (rel == NULL)
			continue;
		snprintf(path, sizeof(path), "%s/%s/%s/scenario.json", src,
		    name, rel);
		if (access(path, F_OK) == 0) {
			if (test_sh("'%s' '%s/%s/%s' in n%zu.tar.zst "
			    ">/dev/null", mk, src, name, rel, i) != 0)
				break;
			k += (size_t)snprintf(words + k, sz - k,
			    " in/n%zu.tar.zst", i);
		} else {
			if (test_sh("mkdir -p in/%zu && cp -R '%s/%s/%s' in/%zu/",
			    i, src, name, rel, i) != 0)
				break;
			k += (size_t)snprintf(words + k, sz - k, " in/%zu/%s", i,
			    strrchr(rel, '/') != NULL ? strrchr(rel, '/') + 1 :
			    rel);
		}
	}
	json_decref(sc);
	return 0;
}

/* Every scenario and the shipped example, cleaned with oomtrail redact,
 * keep their verdict. */
DEFINE_TEST(test_redact_keeps_every_verdict)
{
	char	line[4096], words[8192], a[512], b[512], key[1024];
	char	ordered[8192] = "c/all/*";
	FILE	*f, *f2;
	size_t	 n = 0;
	int	 one;

	snprintf(key, sizeof(key), "%s", test_src("fixtures/secrets/"
	    "test-site.key"));
	CHECK_EQ_INT(test_sh("ls '%s' > list.txt", test_src("fixtures/"
	    "scenarios")), 0);
	if ((f = fopen("list.txt", "r")) == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (scenario_inputs(line, words, sizeof(words)) != 0)
			continue;	/* README.md, a script */
		if (verdict(words, a, sizeof(a)) != 0) {
			test_fail(__FILE__, __LINE__, "%s: no verdict", line);
			continue;
		}
		/* one input: -o c/one (a file); several: -o c/all (a dir) */
		one = strchr(words + 1, ' ') == NULL;
		if (test_sh("rm -rf c && mkdir c && OOMTRAIL_SITE_KEY='%s' "
		    "'%s' redact -o c/%s %s 2>/dev/null", key, oomtrail(),
		    one ? "one" : "all", words) != 0) {
			test_fail(__FILE__, __LINE__, "redact %s failed", line);
			continue;
		}
		/* Several inputs: in their order (the first input's job is
		 * the one analysed); a cleaned bundle keeps its name's time
		 * stamp, other outputs their name. */
		if (!one && test_sh("for w in %s; do b=${w##*/}; "
		    "s=${b##*-}; set -- c/all/*-\"$s\"; [ -e \"$1\" ] || "
		    "set -- c/all/\"$b\"; printf '%%s ' \"$1\"; done "
		    "> order.txt", words) != 0)
			test_fail(__FILE__, __LINE__, "%s: no outputs", line);
		if (!one && (f2 = fopen("order.txt", "r")) != NULL) {
			if (fgets(ordered, sizeof(ordered), f2) == NULL)
				ordered[0] = '\0';
			fclose(f2);
		}
		if (verdict(one ? "c/one" : ordered, b, sizeof(b)) != 0 ||
		    strcmp(a, b) != 0)
			test_fail(__FILE__, __LINE__, "%s: %s, redacted: %s",
			    line, a, b);
		n++;
	}
	fclose(f);
	CHECK(n >= 100);
	/* the shipped example */
	snprintf(words, sizeof(words), "'%s'", test_src("fixtures/example/"
	    "oomtrail-ci-3-vm-20261130T065940Z.tar.zst"));
	CHECK_EQ_INT(verdict(words, a, sizeof(a)), 0);
	CHECK_EQ_INT(test_sh("rm -rf c && mkdir c && '%s' redact -o c/one %s "
	    "2>/dev/null", oomtrail(), words), 0);
	CHECK_EQ_INT(verdict("c/one", b, sizeof(b)), 0);
	CHECK_EQ_STR(b, a);
}

/* Pseudonyms cover the job: every node of a host list, the user, the
 * account, e-mail addresses, wherever they appear; consistent for one
 * key. */
DEFINE_TEST(test_redact_pseudonyms_cover_job)
{
	static const char	line[] = "gpu02 ran out; mail alice.smith@uni.example "
				    "and alice about account proj_ml on gpu[01-03], "
				    "gpu03 idle";
	static const char *const names[] = { "gpu02", "gpu03", "alice",
	    "proj_ml", "uni.example", "gpu[01-03]" };
	struct pseudo	*a, *b;
	struct err	 e = { 0 };
	char		 key[1024], *x, *y;
	uint64_t	 n = 0;

	snprintf(key, sizeof(key), "%s", test_src("fixtures/secrets/"
	    "test-site.key"));
	CHECK_EQ_INT(pseudo_new(&a, key, &e), ERR_OK);
	CHECK_EQ_INT(pseudo_new(&b, key, &e), ERR_OK);
	if (a == NULL || b == NULL)
		return;
	pseudo_learn_text(a, "JobId=7 UserId=alice(1001) Account=proj_ml "
	    "NodeList=gpu[01-03]\n", 64);
	pseudo_learn_text(b, "JobId=7 UserId=alice(1001) Account=proj_ml "
	    "NodeList=gpu[01-03]\n", 64);
	x = pseudo_str(a, line, &n);
	y = pseudo_str(b, line, &n);
	CHECK(x != NULL && y != NULL);
	for (size_t i = 0; x != NULL && i < sizeof(names) / sizeof(*names);
	    i++)
		if (strstr(x, names[i]) != NULL)
			test_fail(__FILE__, __LINE__, "%s survives: %s",
			    names[i], x);
	CHECK(x != NULL && strstr(x, "email-") != NULL &&
	    strstr(x, "proj-") != NULL && strstr(x, "host-") != NULL);
	/* two nodes, collected apart with one key, agree */
	CHECK_EQ_STR(x, y);
	free(x);
	free(y);
	pseudo_free(a);
	pseudo_free(b);
}

/* The real-incident corpus, cleaned with oomtrail redact, keeps every
 * verdict (fixtures/corpus is read, never written). */
DEFINE_TEST(test_redact_keeps_corpus_verdicts)
{
	char	line[4096], words[16384], a[512], b[512], key[1024];
	char	cases[1024];
	FILE	*f;
	size_t	 n = 0;

	snprintf(key, sizeof(key), "%s", test_src("fixtures/secrets/"
	    "test-site.key"));
	snprintf(cases, sizeof(cases), "%s", test_src("fixtures/corpus/"
	    "cases"));
	CHECK_EQ_INT(test_sh("ls '%s' > list.txt", cases), 0);
	if ((f = fopen("list.txt", "r")) == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		/* every file of the case but its truth.md, one input each */
		if (test_sh("cd '%s/%s' && ls | grep -v '^truth.md$' | "
		    "sed \"s|^|'$PWD/|; s|$|'|\" | tr '\\n' ' ' > \"$OLDPWD/w\"",
		    cases, line) != 0)
			continue;
		{
			FILE	*w = fopen("w", "r");
			size_t	 k = w != NULL ? fread(words, 1,
				    sizeof(words) - 1, w) : 0;

			words[k] = '\0';
			if (w != NULL)
				fclose(w);
		}
		if (verdict(words, a, sizeof(a)) != 0)
			continue;
		if (test_sh("rm -rf c && mkdir c && OOMTRAIL_SITE_KEY='%s' "
		    "'%s' redact -o c/all %s 2>/dev/null", key, oomtrail(),
		    words) != 0 && test_sh("test -d c/all") != 0) {
			test_fail(__FILE__, __LINE__, "redact %s failed", line);
			continue;
		}
		/* one input: c/all is the cleaned file itself */
		if (verdict(test_sh("test -d c/all") == 0 ? "c/all/*" : "c/all",
		    b, sizeof(b)) != 0 || strcmp(a, b) != 0)
			test_fail(__FILE__, __LINE__, "%s: %s, redacted: %s",
			    line, a, b);
		n++;
	}
	fclose(f);
	CHECK(n >= 90);
}
