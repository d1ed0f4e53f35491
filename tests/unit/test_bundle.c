/*
 * test_bundle: manifest JSON, the bundle writer and the bundle reader.
 *
 * Members are real captured outputs from fixtures/bundle/ (see its
 * README). Each test runs in its own temporary directory (the cwd), so
 * bundles are written to ".". GNU tar, zstd and sha256sum check the
 * writer from the outside.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>

#include "bundle.h"
#include "harness.h"
#include "manifest.h"

#define FIX	"fixtures/bundle/"

/* The sample bundle: member path, fixture file, written with add_fd? */
static const struct sample {
	const char	*path;
	const char	*fixture;
	int		 by_fd;
} sample[] = {
	{ "slurm/sacct.txt", FIX "sacct_parsable2.txt", 1 },
	{ "slurm/scontrol-job.txt", FIX "scontrol_show_job_-d.txt", 0 },
	{ "kernel/dmesg.txt", FIX "dmesg.excerpt", 1 },
	{ "cgroup/system.slice/slurmstepd.scope/job_4/step_0/memory.events",
	    FIX "memory.events", 0 },
	{ "gpu/nvidia-smi.xml",
	    FIX "t4-driver-515-v11dtd-reserved-processes.xml", 1 },
	{ "logs/slurm-2.out", FIX "slurm-2.out", 0 },
};
#define NSAMPLE	(sizeof(sample) / sizeof(sample[0]))
#define BUNDLE	"oomtrail-ci-2-vm-20261130T075501Z.tar.zst"

/* Read a file relative to the cwd; NULL if absent. */
static char *
slurp(const char *path, size_t *n)
{
	FILE	*f;
	char	*p;
	long	 len;

	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	p = malloc((size_t)len + 1);
	if (p != NULL && fread(p, 1, (size_t)len, f) != (size_t)len) {
		free(p);
		p = NULL;
	}
	fclose(f);
	if (p != NULL) {
		p[len] = '\0';
		*n = (size_t)len;
	}
	return p;
}

static struct manifest *
sample_manifest(void)
{
	struct manifest	*m = manifest_new();

	CHECK(m != NULL);
	manifest_set_str(&m->collector_version, "0.1.0");
	manifest_set_str(&m->collector_build, "test");
	manifest_set_str(&m->host, "vm");
	manifest_set_str(&m->cluster, "ci");
	manifest_set_str(&m->job_id, "2");
	manifest_set_str(&m->cgroup_mode, "v1");
	m->created_ns = 1796025301000000000LL;	/* 2026-11-30T07:55:01Z */
	return m;
}

static void
add_sample(struct bundle_writer *w, struct manifest *m, const struct sample *s)
{
	struct manifest_item	*it;
	struct stat		 st;
	struct err		 e = { 0 };
	char			*p;
	size_t			 n;
	int			 fd;

	it = manifest_add_item(m);
	manifest_set_str(&it->kind, "file");
	manifest_set_str(&it->source, s->fixture);
	if (s->by_fd) {
		fd = open(test_src(s->fixture), O_RDONLY);
		CHECK(fd != -1 && fstat(fd, &st) == 0);
		CHECK_EQ_INT(bundle_add_fd(w, it, s->path, fd,
		    (uint64_t)st.st_size, &e), ERR_OK);
		close(fd);
	} else {
		p = test_slurp(s->fixture, &n);
		CHECK_EQ_INT(bundle_add_buf(w, it, s->path, p, n, &e), ERR_OK);
		free(p);
	}
	CHECK_EQ_STR(it->path, s->path);
	CHECK_EQ_INT(strlen(it->sha256), 64);
}

/* Write the sample bundle as ./BUNDLE; returns its manifest (owned). */
static struct manifest *
write_sample(void)
{
	struct manifest		*m = sample_manifest();
	struct bundle_writer	*w;
	struct err		 e = { 0 };
	char			*final;

	CHECK_EQ_INT(bundle_writer_open(&w, ".", BUNDLE, m, &e), ERR_OK);
	for (size_t i = 0; i < NSAMPLE; i++)
		add_sample(w, m, &sample[i]);
	CHECK_EQ_INT(bundle_writer_close(w, &final, &e), ERR_OK);
	CHECK_EQ_STR(final, "./" BUNDLE);
	free(final);
	return m;
}

/* Read every member of path; returns the reader (caller closes). */
static struct bundle_reader *
read_all(const char *path, const struct bundle_limits *lim, int *nmembers,
    int *last_rc, struct err *e)
{
	struct bundle_reader	*r;
	struct bundle_member	 mb;
	char			 blk[4096];
	int			 rc;

	*nmembers = 0;
	if (bundle_reader_open(&r, path, lim, e) != ERR_OK)
		return NULL;
	while ((rc = bundle_next(r, &mb, e)) == 1) {
		(*nmembers)++;
		while (bundle_read(r, blk, sizeof(blk), e) > 0)
			;
	}
	*last_rc = rc;
	return r;
}

static int
has_note(struct bundle_reader *r, const char *path, const char *msg)
{
	const struct bundle_note	*v;
	size_t				 n;

	v = bundle_notes(r, &n);
	for (size_t i = 0; i < n; i++)
		if ((path == NULL || (v[i].path != NULL &&
		    strcmp(v[i].path, path) == 0)) &&
		    strstr(v[i].msg, msg) != NULL)
			return 1;
	return 0;
}

static size_t
count_dir(const char *dir, const char *contains)
{
	DIR		*d = opendir(dir);
	struct dirent	*de;
	size_t		 n = 0;

	if (d == NULL)
		return 0;
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") &&
		    (contains == NULL || strstr(de->d_name, contains)))
			n++;
	closedir(d);
	return n;
}

/* ---- manifest ---- */

static struct manifest *
full_manifest(void)
{
	struct manifest		*m = sample_manifest();
	struct manifest_item	*it;

	manifest_set_str(&m->kernel, "Linux vm 6.18.44-fc-v657");
	manifest_set_str(&m->step_id, "batch");
	m->clocks.realtime_ns = 1796025301123456789LL;
	m->clocks.monotonic_ns = 5123456789LL;
	m->clocks.boottime_ns = 5223456789LL;
	m->clocks.utc_offset_s = -18000;
	m->clocks.has_offset = 1;
	manifest_set_str(&m->clocks.tz, "America/New_York");
	m->redacted = 1;
	manifest_set_str(&m->redaction_categories, "env,hostnames");
	m->created_ns = 1796025301987654321LL;
	it = manifest_add_item(m);
	manifest_set_str(&it->path, "logs/slurm-2.out");
	manifest_set_str(&it->source, "/home/ciuser/slurm-2.out");
	manifest_set_str(&it->kind, "file");
	it->start_ns = 1796025300500000001LL;
	it->duration_ns = 1234000000LL;
	it->exit_status = 137;
	it->signal = 9;
	it->timed_out = 1;
	it->abandoned = 1;
	it->bytes = 353;
	it->source_bytes = 1ULL << 40;
	memset(it->sha256, 'a', 64);
	it->truncated = 1;
	manifest_item_add_range(it, 0, 100);
	manifest_item_add_range(it, 1099511627676ULL, 100);
	manifest_set_str(&it->error, "ENOENT: no such file");
	it->redactions = 7;
	it = manifest_add_item(m);
	manifest_set_str(&it->path, "kernel/kmsg.txt");
	return m;
}

DEFINE_TEST(test_manifest_round_trip)
{
	struct manifest			*m = full_manifest(), *b = NULL;
	const struct manifest_item	*x, *y;
	struct err			 e = { 0 };
	char				*j1, *j2;
	size_t				 n1, n2;

	CHECK_EQ_INT(manifest_to_json(m, &j1, &n1, &e), ERR_OK);
	CHECK_EQ_INT(manifest_from_json(j1, n1, &b, &e), ERR_OK);
	if (b == NULL) {
		test_fail(__FILE__, __LINE__, "%s", e.msg);
		return;
	}
	CHECK_EQ_INT(b->format, 1);
	CHECK_EQ_STR(b->collector_version, "0.1.0");
	CHECK_EQ_STR(b->collector_build, "test");
	CHECK_EQ_STR(b->host, "vm");
	CHECK_EQ_STR(b->kernel, "Linux vm 6.18.44-fc-v657");
	CHECK_EQ_STR(b->cluster, "ci");
	CHECK_EQ_STR(b->job_id, "2");
	CHECK_EQ_STR(b->step_id, "batch");
	CHECK_EQ_STR(b->cgroup_mode, "v1");
	CHECK_EQ_INT(b->created_ns, 1796025301987654321LL);
	CHECK_EQ_INT(b->clocks.realtime_ns, 1796025301123456789LL);
	CHECK_EQ_INT(b->clocks.monotonic_ns, 5123456789LL);
	CHECK_EQ_INT(b->clocks.boottime_ns, 5223456789LL);
	CHECK_EQ_INT(b->clocks.utc_offset_s, -18000);
	CHECK_EQ_INT(b->clocks.has_offset, 1);
	CHECK_EQ_STR(b->clocks.tz, "America/New_York");
	CHECK_EQ_INT(b->redacted, 1);
	CHECK_EQ_STR(b->redaction_categories, "env,hostnames");
	CHECK_EQ_INT(b->nitems, 2);
	x = &m->items[0];
	y = &b->items[0];
	CHECK_EQ_STR(y->path, x->path);
	CHECK_EQ_STR(y->source, x->source);
	CHECK_EQ_STR(y->kind, "file");
	CHECK_EQ_INT(y->start_ns, x->start_ns);
	CHECK_EQ_INT(y->duration_ns, x->duration_ns);
	CHECK_EQ_INT(y->exit_status, 137);
	CHECK_EQ_INT(y->signal, 9);
	CHECK_EQ_INT(y->timed_out, 1);
	CHECK_EQ_INT(y->abandoned, 1);
	CHECK_EQ_U64(y->bytes, 353);
	CHECK_EQ_U64(y->source_bytes, 1ULL << 40);
	CHECK_EQ_STR(y->sha256, x->sha256);
	CHECK_EQ_INT(y->truncated, 1);
	CHECK_EQ_INT(y->nranges, 2);
	CHECK_EQ_U64(y->ranges[1].off, 1099511627676ULL);
	CHECK_EQ_U64(y->ranges[1].len, 100);
	CHECK_EQ_STR(y->error, "ENOENT: no such file");
	CHECK_EQ_U64(y->redactions, 7);
	y = &b->items[1];
	CHECK_EQ_STR(y->path, "kernel/kmsg.txt");
	CHECK_EQ_INT(y->exit_status, -1);
	CHECK_EQ_STR(y->source, NULL);
	CHECK_EQ_INT(y->start_ns, 0);
	CHECK(manifest_find(b, "kernel/kmsg.txt") == &b->items[1]);
	CHECK(manifest_find(b, "nope") == NULL);
	/* Stable: serialising the parsed copy gives the same text. */
	CHECK_EQ_INT(manifest_to_json(b, &j2, &n2, &e), ERR_OK);
	CHECK_EQ_STR(j2, j1);
	CHECK(strstr(j1, "\"created\": \"2026-11-30T07:55:01.987654321Z\"")
	    != NULL);
	CHECK(strstr(j1, "\"format\"") < strstr(j1, "\"collector\""));
	CHECK(strstr(j1, "\"clocks\"") < strstr(j1, "\"items\""));
	free(j1);
	free(j2);
	manifest_free(m);
	manifest_free(b);
}

DEFINE_TEST(test_manifest_minimal)
{
	static const char	 j[] = "{\"format\": 1, \"created\": "
	    "\"2026-11-30T07:55:01+01:00\", \"items\": [{\"path\": \"a\", "
	    "\"bytes\": 0, \"sha256\": \"\"}], \"future_key\": [1]}";
	struct manifest		*m;
	struct err		 e = { 0 };

	CHECK_EQ_INT(manifest_from_json(j, strlen(j), &m, &e), ERR_OK);
	if (m == NULL)
		return;
	CHECK_EQ_INT(m->created_ns, 1796025301000000000LL - 3600000000000LL);
	CHECK_EQ_STR(m->host, NULL);
	CHECK_EQ_INT(m->clocks.has_offset, 0);
	CHECK_EQ_INT(m->items[0].exit_status, -1);
	CHECK_EQ_STR(m->items[0].sha256, "");
	manifest_free(m);
}

static const struct hostile {
	const char	*json;
	const char	*want;		/* in the error message */
} hostile[] = {
	{ "[]", "not a JSON object" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\"", "line" },
	{ "{\"created\": \"2026-11-30T07:55:01Z\", \"items\": []}",
	    "format: missing" },
	{ "{\"format\": \"1\", \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": []}", "format: want" },
	{ "{\"format\": 2, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": []}", "format: want" },
	{ "{\"format\": 1, \"items\": []}", "created: missing" },
	{ "{\"format\": 1, \"created\": \"yesterday\", \"items\": []}",
	    "created: want" },
	{ "{\"format\": 1, \"created\": \"9999-01-01T00:00:00Z\", "
	    "\"items\": []}", "created: want" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01\", "
	    "\"items\": []}", "created: want" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\"}",
	    "items: missing" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": {}}", "items: not an array" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"collector\": \"x\", \"items\": []}",
	    "collector: not an object" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"clocks\": {\"utc_offset_s\": 999999}, \"items\": []}",
	    "clocks.utc_offset_s: want" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"host\": 7, \"items\": []}", "host: want a string" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": [{\"path\": \"a\", \"bytes\": 1, "
	    "\"sha256\": \"\"}, 3]}",
	    "items[1]: not an object" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": [{\"path\": \"a\", \"bytes\": 1, \"sha256\": \"\"}, "
	    "{\"path\": \"b\", \"bytes\": 1, \"sha256\": \"xyz\"}]}",
	    "items[1].sha256: want 64 hex" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": [{\"bytes\": 1, \"sha256\": \"\"}]}",
	    "items[0].path: missing" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": [{\"path\": null, \"bytes\": 1, \"sha256\": \"\"}]}",
	    "items[0].path: want a string" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": [{\"path\": \"\", \"bytes\": 1, \"sha256\": \"\"}]}",
	    "items[0].path: empty" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": [{\"path\": \"a\", \"sha256\": \"\"}]}",
	    "items[0].bytes: missing" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": [{\"path\": \"a\", \"bytes\": -1, \"sha256\": \"\"}]}",
	    "items[0].bytes: want" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": [{\"path\": \"a\", \"bytes\": 1, \"sha256\": \"\", "
	    "\"exit_status\": 300}]}", "items[0].exit_status: want" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": [{\"path\": \"a\", \"bytes\": 1, \"sha256\": \"\", "
	    "\"kind\": \"evil\"}]}", "items[0].kind" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": [{\"path\": \"a\", \"bytes\": 1, \"sha256\": \"\", "
	    "\"timed_out\": 1}]}", "items[0].timed_out: want true or false" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": [{\"path\": \"a\", \"bytes\": 1, \"sha256\": \"\", "
	    "\"kept_ranges\": [[9223372036854775807, 1]]}]}",
	    "items[0].kept_ranges" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": [{\"path\": \"a\", \"bytes\": 1, \"sha256\": \"\", "
	    "\"duration_ms\": 99999999999999999}]}", "items[0].duration_ms" },
	{ "{\"format\": 1, \"created\": \"2026-11-30T07:55:01Z\", "
	    "\"items\": [{\"path\": \"a\", \"bytes\": 1, \"sha256\": \"\"}, "
	    "{\"path\": \"a\", \"bytes\": 2, \"sha256\": \"\"}]}",
	    "].path: duplicate \"a\"" },
	{ "{\"format\": 1, \"format\": 1}", "line" },
};

DEFINE_TEST(test_manifest_hostile)
{
	struct manifest	*m;
	struct err	 e;

	for (size_t i = 0; i < sizeof(hostile) / sizeof(hostile[0]); i++) {
		memset(&e, 0, sizeof(e));
		m = (struct manifest *)&e;	/* must be reset to NULL */
		CHECK_EQ_INT(manifest_from_json(hostile[i].json,
		    strlen(hostile[i].json), &m, &e), ERR_FORMAT);
		CHECK(m == NULL);
		if (strstr(e.msg, hostile[i].want) == NULL)
			test_fail(__FILE__, __LINE__, "case %zu: \"%s\" lacks "
			    "\"%s\"", i, e.msg, hostile[i].want);
	}
}

DEFINE_TEST(test_manifest_too_big)
{
	size_t		 n = MANIFEST_MAX_BYTES + 1;
	char		*p = malloc(n);
	struct manifest	*m;
	struct err	 e = { 0 };

	memset(p, ' ', n);
	CHECK_EQ_INT(manifest_from_json(p, n, &m, &e), ERR_FORMAT);
	CHECK(strstr(e.msg, "bytes") != NULL);
	free(p);
}

/* ---- writer, checked from the outside ---- */

DEFINE_TEST(test_write_listed_by_tar)
{
	static const char	 want[] = "slurm/sacct.txt\n"
	    "slurm/scontrol-job.txt\nkernel/dmesg.txt\n"
	    "cgroup/system.slice/slurmstepd.scope/job_4/step_0/memory.events\n"
	    "gpu/nvidia-smi.xml\nlogs/slurm-2.out\nmanifest.json\n";
	struct manifest		*m = write_sample();
	struct stat		 st;
	char			*list;
	size_t			 n;

	CHECK_EQ_INT(test_sh("tar --zstd -tf %s > list.txt", BUNDLE), 0);
	list = slurp("list.txt", &n);
	CHECK_EQ_STR(list, want);
	CHECK(stat(BUNDLE, &st) == 0);
	CHECK_EQ_INT(st.st_mode & 07777, 0600);
	CHECK_EQ_INT(count_dir(".", ".tmp."), 0);
	free(list);
	manifest_free(m);
}

DEFINE_TEST(test_write_hashes_match_sha256sum)
{
	struct manifest		*m = write_sample(), *in = NULL;
	struct err		 e = { 0 };
	char			*json, *sum, *orig;
	size_t			 n, k;

	CHECK_EQ_INT(test_sh("mkdir x && tar --zstd -xf %s -C x", BUNDLE), 0);
	CHECK_EQ_INT(test_sh("tar --zstd -xOf %s manifest.json > m.json",
	    BUNDLE), 0);
	json = slurp("m.json", &n);
	CHECK(json != NULL);
	CHECK_EQ_INT(manifest_from_json(json, n, &in, &e), ERR_OK);
	CHECK(in != NULL);
	for (size_t i = 0; in != NULL && i < NSAMPLE; i++) {
		CHECK_EQ_STR(in->items[i].path, sample[i].path);
		CHECK_EQ_INT(test_sh("cd x && sha256sum '%s' > ../sum.txt",
		    sample[i].path), 0);
		sum = slurp("sum.txt", &k);
		CHECK(sum != NULL && k > 64);
		CHECK_EQ_STRN(sum, 64, in->items[i].sha256);
		CHECK_EQ_STR(in->items[i].sha256, m->items[i].sha256);
		free(sum);
		/* and the extracted bytes are the fixture's */
		CHECK_EQ_INT(test_sh("cmp -s 'x/%s' '%s'", sample[i].path,
		    test_src(sample[i].fixture)), 0);
		orig = test_slurp(sample[i].fixture, &k);
		CHECK_EQ_U64(in->items[i].bytes, k);
		free(orig);
	}
	CHECK_EQ_STR(in ? in->host : NULL, "vm");
	CHECK_EQ_INT(in ? in->created_ns : 0, 1796025301000000000LL);
	/* manifest.json's mtime is the manifest's created time */
	CHECK_EQ_INT(test_sh("tar --zstd --full-time -tvf %s manifest.json | "
	    "grep -q '2026-11-30 07:55:01'", BUNDLE), 0);
	free(json);
	manifest_free(in);
	manifest_free(m);
}

/* ---- reader ---- */

DEFINE_TEST(test_read_back_verified)
{
	struct manifest		*m = write_sample();
	struct bundle_reader	*r;
	struct bundle_member	 mb;
	struct err		 e = { 0 };
	char			*p, *want;
	size_t			 n, wn;
	size_t			 i = 0, nnotes;

	CHECK_EQ_INT(bundle_reader_open(&r, BUNDLE, NULL, &e), ERR_OK);
	CHECK_EQ_INT(bundle_reader_kind(r), BUNDLE_ARCHIVE);
	CHECK(bundle_manifest(r) == NULL);
	while (bundle_next(r, &mb, &e) == 1 && i < NSAMPLE) {
		CHECK_EQ_STR(mb.path, sample[i].path);
		CHECK_EQ_INT(mb.index, (int)i);
		CHECK_EQ_INT(bundle_read_all(r, 1 << 20, &p, &n, &e), ERR_OK);
		want = test_slurp(sample[i].fixture, &wn);
		CHECK_EQ_U64(mb.size, wn);
		CHECK(n == wn && memcmp(p, want, n) == 0);
		free(p);
		free(want);
		i++;
	}
	CHECK_EQ_INT(i, NSAMPLE);
	CHECK_EQ_STR(mb.path, "manifest.json");
	CHECK_EQ_INT(bundle_next(r, &mb, &e), 0);
	CHECK_EQ_INT(bundle_integrity(r), INTEGRITY_VERIFIED);
	CHECK_EQ_STR(integrity_name(bundle_integrity(r)), "verified");
	CHECK(bundle_manifest(r) != NULL);
	CHECK_EQ_STR(bundle_manifest(r)->job_id, "2");
	CHECK_EQ_INT(bundle_member_verified(r, "kernel/dmesg.txt"), 1);
	CHECK_EQ_INT(bundle_member_verified(r, "nope"), -1);
	bundle_notes(r, &nnotes);
	CHECK_EQ_INT(nnotes, 0);
	bundle_reader_close(r);
	manifest_free(m);
}

DEFINE_TEST(test_read_mismatch)
{
	struct manifest		*m = write_sample();
	struct bundle_reader	*r;
	struct err		 e = { 0 };
	int			 n, rc;

	CHECK_EQ_INT(test_sh("mkdir x && tar --zstd -xf %s -C x && "
	    "echo tampered >> x/kernel/dmesg.txt && "
	    "tar --zstd -cf t.tar.zst -C x slurm kernel cgroup gpu logs "
	    "manifest.json", BUNDLE), 0);
	r = read_all("t.tar.zst", NULL, &n, &rc, &e);
	CHECK(r != NULL);
	if (r == NULL)
		return;
	CHECK_EQ_INT(rc, 0);
	CHECK_EQ_INT(n, NSAMPLE + 1);
	CHECK_EQ_INT(bundle_integrity(r), INTEGRITY_MISMATCH);
	CHECK(has_note(r, "kernel/dmesg.txt",
	    "sha256 mismatch (tampered or corrupt)"));
	CHECK(has_note(r, NULL, "skipped: directory"));
	CHECK_EQ_INT(bundle_member_verified(r, "kernel/dmesg.txt"), 0);
	CHECK_EQ_INT(bundle_member_verified(r, "slurm/sacct.txt"), 1);
	bundle_reader_close(r);
	manifest_free(m);
}

DEFINE_TEST(test_read_missing_and_extra)
{
	struct manifest		*m = write_sample();
	struct bundle_reader	*r;
	struct err		 e = { 0 };
	int			 n, rc;

	CHECK_EQ_INT(test_sh("mkdir x && tar --zstd -xf %s -C x && "
	    "rm x/logs/slurm-2.out && echo hi > x/logs/extra.txt", BUNDLE), 0);
	r = read_all("x", NULL, &n, &rc, &e);
	CHECK(r != NULL);
	if (r == NULL)
		return;
	CHECK_EQ_INT(bundle_integrity(r), INTEGRITY_MISMATCH);
	CHECK(has_note(r, "logs/slurm-2.out", "missing"));
	CHECK(has_note(r, "logs/extra.txt", "extra"));
	bundle_reader_close(r);
	manifest_free(m);
}

/* Two 600 kB incompressible members, so a cut leaves the first whole. */
static void
write_big(void)
{
	struct manifest		*m = sample_manifest();
	struct bundle_writer	*w;
	struct err		 e = { 0 };
	char			*final;
	const char		*names[] = { "r1", "r2" };
	int			 fd;

	CHECK_EQ_INT(test_sh("head -c 600000 /dev/urandom > r1 && "
	    "head -c 600000 /dev/urandom > r2"), 0);
	CHECK_EQ_INT(bundle_writer_open(&w, ".", "big.tar.zst", m, &e),
	    ERR_OK);
	for (int i = 0; i < 2; i++) {
		fd = open(names[i], O_RDONLY);
		CHECK_EQ_INT(bundle_add_fd(w, NULL, names[i], fd, 600000, &e),
		    ERR_OK);
		close(fd);
	}
	CHECK_EQ_INT(bundle_writer_close(w, &final, &e), ERR_OK);
	free(final);
	manifest_free(m);
}

DEFINE_TEST(test_read_truncated)
{
	struct bundle_reader	*r;
	struct bundle_member	 mb;
	struct err		 e = { 0 };
	char			*p, *want;
	size_t			 n, wn;

	write_big();
	CHECK_EQ_INT(test_sh("truncate -s 900000 big.tar.zst"), 0);
	CHECK_EQ_INT(bundle_reader_open(&r, "big.tar.zst", NULL, &e), ERR_OK);
	CHECK_EQ_INT(bundle_next(r, &mb, &e), 1);
	CHECK_EQ_STR(mb.path, "r1");
	CHECK_EQ_INT(bundle_read_all(r, 1 << 20, &p, &n, &e), ERR_OK);
	want = slurp("r1", &wn);
	CHECK(n == wn && memcmp(p, want, n) == 0);
	free(p);
	free(want);
	CHECK_EQ_INT(bundle_next(r, &mb, &e), 1);
	CHECK_EQ_STR(mb.path, "r2");
	CHECK_EQ_INT(bundle_read_all(r, 1 << 20, &p, &n, &e), ERR_ARCHIVE);
	CHECK(strstr(e.msg, "r2: truncated or corrupt") != NULL);
	CHECK_EQ_INT(bundle_next(r, &mb, &e), -1);
	CHECK_EQ_INT(bundle_integrity(r), INTEGRITY_DAMAGED);
	CHECK(bundle_manifest(r) == NULL);
	bundle_reader_close(r);
}

DEFINE_TEST(test_read_unpacked_dir)
{
	struct manifest		*m = write_sample();
	struct bundle_reader	*r;
	struct bundle_member	 mb;
	struct err		 e = { 0 };
	static const char	*order[] = { "manifest.json",
	    "cgroup/system.slice/slurmstepd.scope/job_4/step_0/memory.events",
	    "gpu/nvidia-smi.xml", "kernel/dmesg.txt", "logs/slurm-2.out",
	    "slurm/sacct.txt", "slurm/scontrol-job.txt" };
	int			 i = 0;
	char			*p;
	size_t			 n;

	CHECK_EQ_INT(test_sh("mkdir x && tar --zstd -xf %s -C x", BUNDLE), 0);
	CHECK_EQ_INT(bundle_reader_open(&r, "x", NULL, &e), ERR_OK);
	CHECK_EQ_INT(bundle_reader_kind(r), BUNDLE_DIR);
	CHECK(bundle_manifest(r) != NULL);	/* before the first member */
	while (bundle_next(r, &mb, &e) == 1 && i < 7) {
		CHECK_EQ_STR(mb.path, order[i]);
		if (i == 0) {
			CHECK_EQ_INT(bundle_read_all(r, 1 << 20, &p, &n, &e),
			    ERR_OK);
			CHECK(strstr(p, "\"format\": 1") != NULL);
			free(p);
		}
		i++;
	}
	CHECK_EQ_INT(i, 7);
	CHECK_EQ_INT(bundle_integrity(r), INTEGRITY_VERIFIED);
	bundle_reader_close(r);
	manifest_free(m);
}

DEFINE_TEST(test_read_dir_no_manifest)
{
	struct bundle_reader	*r;
	struct err		 e = { 0 };
	int			 n, rc;
	char			*out = strdup(test_src(FIX "slurm-2.out"));

	CHECK(out != NULL);
	CHECK_EQ_INT(test_sh("mkdir -p d/sub && cp '%s' d/ && cp '%s' d/sub/ "
	    "&& ln -s /etc/passwd d/link && mkfifo d/fifo",
	    out, test_src(FIX "memory.events")), 0);
	free(out);
	r = read_all("d", NULL, &n, &rc, &e);
	CHECK(r != NULL);
	if (r == NULL)
		return;
	CHECK_EQ_INT(n, 2);
	CHECK_EQ_INT(bundle_integrity(r), INTEGRITY_UNVERIFIED);
	CHECK(bundle_manifest(r) == NULL);
	CHECK(bundle_manifest_error(r) == NULL);
	CHECK(has_note(r, "link", "skipped: symlink"));
	CHECK(has_note(r, "fifo", "skipped: fifo"));
	bundle_reader_close(r);
}

DEFINE_TEST(test_read_dir_bad_manifest)
{
	struct bundle_reader	*r;
	struct err		 e = { 0 };
	int			 n, rc;

	CHECK_EQ_INT(test_sh("mkdir d && cp '%s' d/ && "
	    "printf '{\"format\": \"one\"}' > d/manifest.json",
	    test_src(FIX "slurm-2.out")), 0);
	r = read_all("d", NULL, &n, &rc, &e);
	CHECK(r != NULL);
	if (r == NULL)
		return;
	CHECK_EQ_INT(n, 2);
	CHECK_EQ_INT(bundle_integrity(r), INTEGRITY_UNVERIFIED);
	CHECK(bundle_manifest(r) == NULL);
	CHECK(bundle_manifest_error(r) != NULL &&
	    strstr(bundle_manifest_error(r), "format") != NULL);
	CHECK(has_note(r, "manifest.json", "format"));
	bundle_reader_close(r);
}

DEFINE_TEST(test_read_bare_file)
{
	struct bundle_reader	*r;
	struct bundle_member	 mb;
	struct err		 e = { 0 };
	char			*p, *want;
	size_t			 n, wn;

	CHECK_EQ_INT(test_sh("cp '%s' .", test_src(FIX "slurm-2.out")), 0);
	CHECK_EQ_INT(bundle_reader_open(&r, "./slurm-2.out", NULL, &e),
	    ERR_OK);
	CHECK_EQ_INT(bundle_reader_kind(r), BUNDLE_FILE);
	CHECK_EQ_INT(bundle_next(r, &mb, &e), 1);
	CHECK_EQ_STR(mb.path, "slurm-2.out");
	CHECK_EQ_INT(bundle_read_all(r, 1 << 20, &p, &n, &e), ERR_OK);
	want = test_slurp(FIX "slurm-2.out", &wn);
	CHECK(n == wn && memcmp(p, want, n) == 0);
	CHECK_EQ_INT(bundle_next(r, &mb, &e), 0);
	CHECK_EQ_INT(bundle_integrity(r), INTEGRITY_UNVERIFIED);
	free(p);
	free(want);
	bundle_reader_close(r);
}

DEFINE_TEST(test_read_gz_and_plain_tar)
{
	struct manifest		*m = write_sample();
	struct bundle_reader	*r;
	struct err		 e = { 0 };
	const char		*names[] = { "b.tar.gz", "b.tar", "b.tar.xz",
	    "renamed.bin" };
	int			 n, rc;

	CHECK_EQ_INT(test_sh("mkdir x && tar --zstd -xf %s -C x && "
	    "tar -czf b.tar.gz -C x . && tar -cf b.tar -C x . && "
	    "tar -cJf b.tar.xz -C x . && cp b.tar.gz renamed.bin", BUNDLE), 0);
	for (int i = 0; i < 4; i++) {
		r = read_all(names[i], NULL, &n, &rc, &e);
		CHECK(r != NULL);
		if (r == NULL)
			continue;
		CHECK_EQ_INT(bundle_reader_kind(r), BUNDLE_ARCHIVE);
		CHECK_EQ_INT(rc, 0);
		CHECK_EQ_INT(n, NSAMPLE + 1);
		if (bundle_integrity(r) != INTEGRITY_VERIFIED)
			test_fail(__FILE__, __LINE__, "%s: %s", names[i],
			    integrity_name(bundle_integrity(r)));
		bundle_reader_close(r);
	}
	manifest_free(m);
}

DEFINE_TEST(test_read_not_an_archive)
{
	struct bundle_reader	*r;
	struct bundle_member	 mb;
	struct err		 e = { 0 };

	CHECK_EQ_INT(test_sh("cp '%s' fake.tar.zst && : > empty.tar.gz && "
	    ": > empty.log", test_src(FIX "slurm-2.out")), 0);
	CHECK_EQ_INT(bundle_reader_open(&r, "fake.tar.zst", NULL, &e),
	    ERR_FORMAT);
	CHECK(r == NULL);
	CHECK(strstr(e.msg, "not a tar archive: fake.tar.zst") != NULL);
	CHECK_EQ_INT(bundle_reader_open(&r, "empty.tar.gz", NULL, &e),
	    ERR_FORMAT);
	CHECK(strstr(e.msg, "not a tar archive: empty.tar.gz") != NULL);
	CHECK_EQ_INT(bundle_reader_open(&r, "empty.log", NULL, &e), ERR_OK);
	if (r == NULL)
		return;
	CHECK_EQ_INT(bundle_reader_kind(r), BUNDLE_FILE);
	CHECK_EQ_INT(bundle_next(r, &mb, &e), 1);
	CHECK_EQ_U64(mb.size, 0);
	CHECK_EQ_INT(bundle_next(r, &mb, &e), 0);
	bundle_reader_close(r);
	CHECK_EQ_INT(bundle_reader_open(&r, "no-such-file", NULL, &e),
	    ERR_IO);
}

/* Add one entry to a hand-built archive. */
static void
raw_entry(struct archive *a, const char *name, mode_t type, const char *link,
    const char *data)
{
	struct archive_entry	*ae = archive_entry_new();
	size_t			 n = data ? strlen(data) : 0;

	archive_entry_set_pathname(ae, name);
	archive_entry_set_filetype(ae, type);
	archive_entry_set_perm(ae, 0644);
	archive_entry_set_size(ae, (la_int64_t)n);
	if (link != NULL && type == AE_IFLNK)
		archive_entry_set_symlink(ae, link);
	else if (link != NULL)
		archive_entry_set_hardlink(ae, link);
	CHECK(archive_write_header(a, ae) == ARCHIVE_OK);
	if (n > 0)
		CHECK(archive_write_data(a, data, n) == (la_ssize_t)n);
	archive_entry_free(ae);
}

DEFINE_TEST(test_read_hostile_entries)
{
	struct archive		*a = archive_write_new();
	struct bundle_reader	*r;
	struct bundle_member	 mb;
	struct err		 e = { 0 };
	const char		*got[4] = { 0 };
	int			 n = 0;

	archive_write_set_format_pax_restricted(a);
	archive_write_add_filter_zstd(a);
	CHECK(archive_write_open_filename(a, "evil.tar.zst") == ARCHIVE_OK);
	raw_entry(a, "sym", AE_IFLNK, "/etc/passwd", NULL);
	raw_entry(a, "../x", AE_IFREG, NULL, "escape\n");
	raw_entry(a, "a/../../y", AE_IFREG, NULL, "escape\n");
	raw_entry(a, "/etc/passwd", AE_IFREG, NULL, "root:x:0:0\n");
	raw_entry(a, "fifo", AE_IFIFO, NULL, NULL);
	raw_entry(a, "dup.txt", AE_IFREG, NULL, "first\n");
	raw_entry(a, "./dup.txt", AE_IFREG, NULL, "second\n");
	raw_entry(a, "esc\x1b[31m", AE_IFREG, NULL, "color\n");
	raw_entry(a, "hard", AE_IFREG, "dup.txt", NULL);
	raw_entry(a, "", AE_IFREG, NULL, "noname\n");
	raw_entry(a, "./ok//file.txt", AE_IFREG, NULL, "fine\n");
	CHECK(archive_write_close(a) == ARCHIVE_OK);
	archive_write_free(a);

	CHECK_EQ_INT(bundle_reader_open(&r, "evil.tar.zst", NULL, &e), ERR_OK);
	if (r == NULL)
		return;
	while (bundle_next(r, &mb, &e) == 1 && n < 4)
		got[n++] = mb.path;
	CHECK_EQ_INT(n, 2);
	CHECK_EQ_STR(got[0], "dup.txt");
	CHECK_EQ_STR(got[1], "ok/file.txt");
	CHECK(has_note(r, "sym", "skipped: symlink"));
	CHECK(has_note(r, "../x", "skipped: '..' in path"));
	CHECK(has_note(r, "a/../../y", "skipped: '..' in path"));
	CHECK(has_note(r, "/etc/passwd", "skipped: absolute path"));
	CHECK(has_note(r, "fifo", "skipped: fifo"));
	CHECK(has_note(r, "dup.txt", "skipped: duplicate"));
	CHECK(has_note(r, "esc?[31m", "skipped: control character"));
	CHECK(has_note(r, "hard", "skipped: hardlink"));
	CHECK(has_note(r, NULL, "skipped: empty name"));
	CHECK_EQ_INT(bundle_integrity(r), INTEGRITY_UNVERIFIED);
	bundle_reader_close(r);
	/* nothing was extracted anywhere */
	CHECK_EQ_INT(count_dir(".", NULL), 1);
	CHECK(access("../x", F_OK) == -1);
	CHECK(access("y", F_OK) == -1);
}

/*
 * Past max_members the reader goes on: what lies under the collector's
 * directories (and manifest.json) is kept, up to max_members more; the
 * rest is skipped, counted, and the first skipped entry named.
 */
DEFINE_TEST(test_cap_members)
{
	struct manifest		*m = write_sample();
	struct bundle_limits	 lim;
	struct bundle_reader	*r;
	struct err		 e = { 0 };
	int			 n, rc;

	bundle_limits_default(&lim);
	lim.max_members = 2;
	r = read_all(BUNDLE, &lim, &n, &rc, &e);
	CHECK(r != NULL);
	if (r == NULL)
		return;
	/* 2, then 2 more under kernel/ and cgroup/, then manifest.json */
	CHECK_EQ_INT(n, 5);
	CHECK_EQ_INT(rc, 0);
	CHECK(has_note(r, "gpu/nvidia-smi.xml", "skipped: more than 2 "
	    "members (max_members)"));
	CHECK(has_note(r, NULL, "2 entries skipped past max_members"));
	CHECK_EQ_INT((int)bundle_skipped(r), 2);
	CHECK_EQ_INT(bundle_integrity(r), INTEGRITY_DAMAGED);
	/* the members read are still checked against the manifest */
	CHECK_EQ_INT(bundle_member_verified(r, "kernel/dmesg.txt"), 1);
	bundle_reader_close(r);
	manifest_free(m);
}

/* Junk before the evidence, in an archive and in a directory: the
 * evidence after it is read. */
DEFINE_TEST(test_cap_members_junk_first)
{
	struct bundle_limits	 lim;
	struct archive		*a = archive_write_new();
	struct bundle_reader	*r;
	struct bundle_member	 mb;
	struct err		 e = { 0 };
	char			 name[32];
	int			 n = 0, got_log = 0, rc;

	bundle_limits_default(&lim);
	lim.max_members = 4;
	archive_write_set_format_pax_restricted(a);
	archive_write_add_filter_zstd(a);
	CHECK(archive_write_open_filename(a, "junk.tar.zst") == ARCHIVE_OK);
	for (int i = 0; i < 10; i++) {
		snprintf(name, sizeof(name), "junk/%d", i);
		raw_entry(a, name, AE_IFREG, NULL, "junk\n");
	}
	raw_entry(a, "notes.txt", AE_IFREG, NULL, "not evidence\n");
	raw_entry(a, "logs/slurm-2.out", AE_IFREG, NULL, "oom-kill\n");
	CHECK(archive_write_close(a) == ARCHIVE_OK);
	archive_write_free(a);
	CHECK_EQ_INT(bundle_reader_open(&r, "junk.tar.zst", &lim, &e),
	    ERR_OK);
	if (r == NULL)
		return;
	while ((rc = bundle_next(r, &mb, &e)) == 1) {
		n++;
		got_log |= strcmp(mb.path, "logs/slurm-2.out") == 0;
	}
	CHECK_EQ_INT(rc, 0);
	CHECK_EQ_INT(n, 5);
	CHECK(got_log);
	CHECK(has_note(r, "junk/4", "skipped: more than 4 members"));
	CHECK(has_note(r, NULL, "7 entries skipped past max_members"));
	CHECK_EQ_INT((int)bundle_skipped(r), 7);
	bundle_reader_close(r);

	/* the same as a directory: walked in sorted order */
	CHECK_EQ_INT(test_sh("mkdir -p d/junk d/logs && for i in 0 1 2 3 4 "
	    "5 6 7 8 9; do echo junk > d/junk/$i; done && "
	    "echo oom-kill > d/logs/slurm-2.out"), 0);
	n = got_log = 0;
	CHECK_EQ_INT(bundle_reader_open(&r, "d", &lim, &e), ERR_OK);
	if (r == NULL)
		return;
	while ((rc = bundle_next(r, &mb, &e)) == 1) {
		n++;
		got_log |= strcmp(mb.path, "logs/slurm-2.out") == 0;
	}
	CHECK_EQ_INT(rc, 0);
	CHECK(got_log);
	CHECK(has_note(r, NULL, "skipped past max_members"));
	CHECK(bundle_skipped(r) > 0);
	bundle_reader_close(r);
}

/* In a directory the manifest is read before the walk: past
 * max_members, what it lists is kept even outside the collector's
 * directories; what it does not list is skipped. */
DEFINE_TEST(test_cap_members_dir_listed)
{
	struct manifest		*m = sample_manifest();
	struct bundle_limits	 lim;
	struct bundle_writer	*w;
	struct bundle_reader	*r;
	struct bundle_member	 mb;
	struct err		 e = { 0 };
	char			*final;
	int			 listed = 0, unlisted = 0, rc;

	CHECK_EQ_INT(bundle_writer_open(&w, ".", "l.tar.zst", m, &e), ERR_OK);
	CHECK_EQ_INT(bundle_add_buf(w, NULL, "misc/listed.txt", "kept\n", 5,
	    &e), ERR_OK);
	CHECK_EQ_INT(bundle_writer_close(w, &final, &e), ERR_OK);
	free(final);
	CHECK_EQ_INT(test_sh("mkdir -p l/aaa && zstd -dc l.tar.zst | "
	    "tar -xf - -C l && for i in 0 1 2 3 4 5 6 7 8 9; do echo junk > "
	    "l/aaa/$i; done && echo no > l/misc/zz-unlisted.txt"), 0);
	bundle_limits_default(&lim);
	lim.max_members = 4;
	CHECK_EQ_INT(bundle_reader_open(&r, "l", &lim, &e), ERR_OK);
	if (r == NULL)
		return;
	CHECK(bundle_manifest(r) != NULL);
	while ((rc = bundle_next(r, &mb, &e)) == 1) {
		listed |= strcmp(mb.path, "misc/listed.txt") == 0;
		unlisted |= strcmp(mb.path, "misc/zz-unlisted.txt") == 0;
	}
	CHECK_EQ_INT(rc, 0);
	CHECK(listed);
	CHECK(!unlisted);
	CHECK_EQ_INT(bundle_member_verified(r, "misc/listed.txt"), 1);
	CHECK(has_note(r, NULL, "entries skipped past max_members"));
	bundle_reader_close(r);
	manifest_free(m);
}

/* A member over max_member_bytes is skipped, not the bundle. */
DEFINE_TEST(test_cap_member_bytes)
{
	struct manifest		*m = write_sample();
	struct bundle_limits	 lim = { .max_member_bytes = 4000 };
	struct bundle_reader	*r;
	struct err		 e = { 0 };
	int			 n, rc;

	r = read_all(BUNDLE, &lim, &n, &rc, &e);
	CHECK(r != NULL);
	if (r == NULL)
		return;
	CHECK_EQ_INT(n, 5);	/* 7 less dmesg and the XML */
	CHECK_EQ_INT(rc, 0);
	CHECK(has_note(r, "kernel/dmesg.txt", "skipped: 4210 bytes, more "
	    "than 4000 (max_member_bytes)"));
	CHECK(has_note(r, "gpu/nvidia-smi.xml", "skipped: 18621 bytes"));
	CHECK(!has_note(r, "kernel/dmesg.txt", "missing"));
	CHECK_EQ_INT((int)bundle_skipped(r), 2);
	CHECK_EQ_INT(bundle_integrity(r), INTEGRITY_DAMAGED);
	CHECK_EQ_INT(bundle_member_verified(r, "logs/slurm-2.out"), 1);
	CHECK_EQ_INT(bundle_member_verified(r, "kernel/dmesg.txt"), -1);
	bundle_reader_close(r);
	manifest_free(m);
}

DEFINE_TEST(test_cap_total_bytes_dir)
{
	struct bundle_limits	 lim = { .max_total_bytes = 1000 };
	struct bundle_reader	*r;
	struct err		 e = { 0 };
	int			 n, rc;
	/* test_src() returns one static buffer: copy the first path before
	 * the second call (argument order is the compiler's choice). */
	char			*dmesg = strdup(test_src(FIX "dmesg.excerpt"));

	CHECK(dmesg != NULL);
	CHECK_EQ_INT(test_sh("mkdir d && cp '%s' '%s' d/", dmesg,
	    test_src(FIX "slurm-2.out")), 0);
	free(dmesg);
	r = read_all("d", &lim, &n, &rc, &e);
	CHECK(r != NULL);
	if (r == NULL)
		return;
	CHECK_EQ_INT(rc, -1);
	CHECK(strstr(e.msg, "dmesg.excerpt: bundle over 1000 bytes "
	    "(max_total_bytes)") != NULL);
	bundle_reader_close(r);
}

/* A bomb before the evidence: skipped, and what follows is read. */
DEFINE_TEST(test_cap_ratio_bomb)
{
	struct manifest		*m = sample_manifest();
	struct bundle_writer	*w;
	struct bundle_reader	*r;
	struct bundle_member	 mb;
	struct stat		 st;
	struct err		 e = { 0 };
	char			*final, blk[4096];
	ssize_t			 k;
	int			 fd, rc, after = 0;

	/* 200 MB of zeros compress to a few kB. */
	CHECK_EQ_INT(bundle_writer_open(&w, ".", "bomb.tar.zst", m, &e),
	    ERR_OK);
	fd = open("/dev/zero", O_RDONLY);
	CHECK_EQ_INT(bundle_add_fd(w, NULL, "zeros", fd, 200000000, &e),
	    ERR_OK);
	close(fd);
	CHECK_EQ_INT(bundle_add_buf(w, NULL, "logs/after.txt", "oom-kill\n",
	    9, &e), ERR_OK);
	CHECK_EQ_INT(bundle_writer_close(w, &final, &e), ERR_OK);
	free(final);
	CHECK(stat("bomb.tar.zst", &st) == 0 && st.st_size < 200000);
	CHECK_EQ_INT(bundle_reader_open(&r, "bomb.tar.zst", NULL, &e),
	    ERR_OK);
	if (r == NULL)
		return;
	CHECK_EQ_INT(bundle_next(r, &mb, &e), 1);
	CHECK_EQ_STR(mb.path, "zeros");
	while ((k = bundle_read(r, blk, sizeof(blk), &e)) > 0)
		;
	CHECK_EQ_INT((int)k, -1);
	CHECK_EQ_INT(e.code, ERR_LIMIT);
	CHECK(strstr(e.msg, "zeros: skipped: decompressed/compressed ratio "
	    "over 1000") != NULL);
	CHECK_EQ_INT(bundle_read(r, blk, sizeof(blk), &e), 0);
	while ((rc = bundle_next(r, &mb, &e)) == 1) {
		if (strcmp(mb.path, "logs/after.txt") == 0) {
			after = 1;
			CHECK_EQ_INT((int)bundle_read(r, blk, sizeof(blk), &e),
			    9);
		}
	}
	CHECK_EQ_INT(rc, 0);
	CHECK(after);
	CHECK(has_note(r, "zeros", "skipped: decompressed/compressed ratio"));
	CHECK_EQ_INT((int)bundle_skipped(r), 1);
	CHECK_EQ_INT(bundle_integrity(r), INTEGRITY_DAMAGED);
	CHECK_EQ_INT(bundle_member_verified(r, "logs/after.txt"), 1);
	bundle_reader_close(r);
	manifest_free(m);
}

/* Over max_total_bytes the reader still stops: skipping costs work. */
DEFINE_TEST(test_cap_total_stops)
{
	struct manifest		*m = write_sample();
	struct bundle_limits	 lim = { .max_total_bytes = 5000 };
	struct bundle_reader	*r;
	struct err		 e = { 0 };
	int			 n, rc;

	r = read_all(BUNDLE, &lim, &n, &rc, &e);
	CHECK(r != NULL);
	if (r == NULL)
		return;
	CHECK_EQ_INT(rc, -1);
	CHECK(strstr(e.msg, "max_total_bytes") != NULL);
	CHECK_EQ_INT(bundle_integrity(r), INTEGRITY_DAMAGED);
	bundle_reader_close(r);
	manifest_free(m);
}

DEFINE_TEST(test_read_all_cap)
{
	struct manifest		*m = write_sample();
	struct bundle_reader	*r;
	struct bundle_member	 mb;
	struct err		 e = { 0 };
	char			*p;
	size_t			 n;

	CHECK_EQ_INT(bundle_reader_open(&r, BUNDLE, NULL, &e), ERR_OK);
	CHECK_EQ_INT(bundle_next(r, &mb, &e), 1);
	CHECK_EQ_INT(bundle_read_all(r, 100, &p, &n, &e), ERR_LIMIT);
	CHECK(p == NULL);
	CHECK_EQ_INT(bundle_next(r, &mb, &e), 1);
	CHECK_EQ_STR(mb.path, "slurm/scontrol-job.txt");
	while (bundle_next(r, &mb, &e) == 1)
		;
	CHECK_EQ_INT(bundle_integrity(r), INTEGRITY_VERIFIED);
	bundle_reader_close(r);
	manifest_free(m);
}

/* ---- writer failure paths ---- */

DEFINE_TEST(test_writer_abort_leaves_nothing)
{
	struct manifest		*m = sample_manifest();
	struct bundle_writer	*w;
	struct err		 e = { 0 };

	CHECK_EQ_INT(bundle_writer_open(&w, ".", BUNDLE, m, &e), ERR_OK);
	CHECK_EQ_INT(count_dir(".", ".tmp."), 1);
	CHECK_EQ_INT(bundle_add_buf(w, NULL, "a.txt", "hello\n", 6, &e),
	    ERR_OK);
	bundle_writer_abort(w);
	CHECK_EQ_INT(count_dir(".", NULL), 0);
	bundle_writer_abort(NULL);
	manifest_free(m);
}

DEFINE_TEST(test_writer_no_clobber)
{
	struct manifest		*m = sample_manifest();
	struct bundle_writer	*w;
	struct err		 e = { 0 };
	char			*final, *keep;
	size_t			 n;

	/* A name that exists: refused, unless it is a bundle's, which
	 * takes the next ".N" (a peer finished first in the same second). */
	CHECK_EQ_INT(test_sh("echo keep > taken.tar"), 0);
	CHECK_EQ_INT(bundle_writer_open(&w, ".", "taken.tar", m, &e), ERR_IO);
	CHECK_EQ_INT(e.sys_errno, EEXIST);
	CHECK(w == NULL);
	CHECK_EQ_INT(test_sh("echo keep > %s", BUNDLE), 0);
	CHECK_EQ_INT(bundle_writer_open(&w, ".", BUNDLE, m, &e), ERR_IO);
	CHECK_EQ_INT(e.sys_errno, EEXIST);
	CHECK_EQ_INT(bundle_writer_open_unique(&w, ".", BUNDLE, m, &e),
	    ERR_OK);
	CHECK_EQ_INT(bundle_writer_close(w, &final, &e), ERR_OK);
	CHECK(final != NULL && strcmp(final, "./oomtrail-ci-2-vm-"
	    "20261130T075501Z.2.tar.zst") == 0);
	free(final);
	keep = slurp(BUNDLE, &n);
	CHECK_EQ_STR(keep, "keep\n");
	free(keep);
	/* the name appears while the bundle is being written */
	CHECK_EQ_INT(bundle_writer_open_unique(&w, ".", "late.tar.zst", m,
	    &e), ERR_OK);
	CHECK_EQ_INT(bundle_add_buf(w, NULL, "a.txt", "hello\n", 6, &e),
	    ERR_OK);
	CHECK_EQ_INT(test_sh("echo keep > late.tar.zst; echo keep > "
	    "late.2.tar.zst"), 0);
	/* a peer took the name: the next free ".N" before .tar.zst */
	CHECK_EQ_INT(bundle_writer_close(w, &final, &e), ERR_OK);
	CHECK(final != NULL && strcmp(final, "./late.3.tar.zst") == 0);
	free(final);
	keep = slurp("late.tar.zst", &n);
	CHECK_EQ_STR(keep, "keep\n");
	free(keep);
	keep = slurp("late.2.tar.zst", &n);
	CHECK_EQ_STR(keep, "keep\n");
	free(keep);
	CHECK_EQ_INT(test_sh("tar --zstd -tf late.3.tar.zst | grep -qx a.txt"),
	    0);
	/* without _unique, a name that appears meanwhile is an error */
	CHECK_EQ_INT(bundle_writer_open(&w, ".", "plain.tar.zst", m, &e),
	    ERR_OK);
	CHECK_EQ_INT(test_sh("echo keep > plain.tar.zst"), 0);
	CHECK_EQ_INT(bundle_writer_close(w, &final, &e), ERR_IO);
	CHECK_EQ_INT(e.sys_errno, EEXIST);
	CHECK(final == NULL);
	CHECK_EQ_INT(test_sh("test ! -e plain.2.tar.zst"), 0);
	/* a name without the bundle suffix is never renamed */
	CHECK_EQ_INT(bundle_writer_open_unique(&w, ".", "late.tar", m, &e),
	    ERR_OK);
	CHECK_EQ_INT(test_sh("echo keep > late.tar"), 0);
	CHECK_EQ_INT(bundle_writer_close(w, &final, &e), ERR_IO);
	CHECK_EQ_INT(e.sys_errno, EEXIST);
	CHECK(final == NULL);
	keep = slurp("late.tar", &n);
	CHECK_EQ_STR(keep, "keep\n");
	CHECK_EQ_INT(count_dir(".", ".tmp."), 0);
	free(keep);
	CHECK_EQ_INT(bundle_writer_open(&w, ".", "a/b", m, &e), ERR_USAGE);
	CHECK_EQ_INT(bundle_writer_open(&w, "no-such-dir", "x", m, &e),
	    ERR_IO);
	manifest_free(m);
}

DEFINE_TEST(test_writer_bad_paths)
{
	struct manifest		*m = sample_manifest();
	struct bundle_writer	*w;
	struct err		 e = { 0 };
	static const char	*bad[] = { "../x", "/abs", "", "a//b", "a/./b",
	    "manifest.json", "dir/", "esc\x1b" };

	CHECK_EQ_INT(bundle_writer_open(&w, ".", "b.tar.zst", m, &e), ERR_OK);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK_EQ_INT(bundle_add_buf(w, NULL, bad[i], "x", 1, &e),
		    ERR_USAGE);
	CHECK_EQ_INT(bundle_add_buf(w, NULL, "a.txt", "x", 1, &e), ERR_OK);
	CHECK_EQ_INT(bundle_add_buf(w, NULL, "a.txt", "y", 1, &e), ERR_USAGE);
	CHECK(strstr(e.msg, "already in the bundle") != NULL);
	bundle_writer_abort(w);
	manifest_free(m);
}

DEFINE_TEST(test_writer_short_and_long_fd)
{
	struct manifest		*m = sample_manifest();
	struct bundle_writer	*w;
	struct bundle_reader	*r;
	struct bundle_member	 mb;
	struct manifest_item	*it;
	struct err		 e = { 0 };
	char			*final, *p;
	size_t			 n;
	int			 fd;

	CHECK_EQ_INT(test_sh("printf 0123456789 > src"), 0);
	CHECK_EQ_INT(bundle_writer_open(&w, ".", "b.tar.zst", m, &e), ERR_OK);
	fd = open("src", O_RDONLY);
	CHECK_EQ_INT(bundle_add_fd(w, NULL, "short", fd, 16, &e), ERR_OK);
	close(fd);
	it = &m->items[0];
	CHECK(it->error != NULL && strstr(it->error, "short read: 10 of 16")
	    != NULL);
	CHECK_EQ_U64(it->bytes, 16);
	fd = open("src", O_RDONLY);
	CHECK_EQ_INT(bundle_add_fd(w, NULL, "long", fd, 4, &e), ERR_OK);
	close(fd);
	it = &m->items[1];
	CHECK(it->error != NULL && strstr(it->error, "grew") != NULL);
	CHECK_EQ_INT(it->truncated, 1);
	CHECK(it->nranges == 1 && it->ranges[0].len == 4);
	CHECK_EQ_INT(bundle_writer_close(w, &final, &e), ERR_OK);
	free(final);

	CHECK_EQ_INT(bundle_reader_open(&r, "b.tar.zst", NULL, &e), ERR_OK);
	CHECK_EQ_INT(bundle_next(r, &mb, &e), 1);
	CHECK_EQ_INT(bundle_read_all(r, 100, &p, &n, &e), ERR_OK);
	CHECK(n == 16 && memcmp(p, "0123456789\0\0\0\0\0\0", 16) == 0);
	free(p);
	CHECK_EQ_INT(bundle_next(r, &mb, &e), 1);
	CHECK_EQ_INT(bundle_read_all(r, 100, &p, &n, &e), ERR_OK);
	CHECK(n == 4 && memcmp(p, "0123", 4) == 0);
	free(p);
	while (bundle_next(r, &mb, &e) == 1)
		;
	CHECK_EQ_INT(bundle_integrity(r), INTEGRITY_VERIFIED);
	CHECK_EQ_STR(bundle_manifest(r)->items[1].error,
	    "source grew past its size; cut");
	bundle_reader_close(r);
	manifest_free(m);
}
