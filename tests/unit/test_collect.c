/*
 * test_collect: oomtrail-collect end to end against fakes on PATH that
 * replay real captures (fixtures/collect/, see its README.md) or hang,
 * ignore SIGTERM, flood, fail or are missing; fake cgroup trees (v1 from
 * a live Slurm job, v2 from a real Slurm v2 tree) and a fake /proc. Plus
 * the redaction filter on its own. (The contrib/slurm scripts are tested
 * by tests/cli/deploy-load.sh.)
 */
#include <sys/stat.h>
#include <sys/time.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bundle.h"
#include "harness.h"
#include "internal.h"
#include "manifest.h"
#include "pseudo.h"

#define FIX	"fixtures/collect"
#define TASK0	"cgroup/memory/slurm_vm/uid_1001/job_3/step_batch/task_0/"

/* test_src/test_bin return one static buffer: keep several at once. */
static const char *
src(const char *rel)
{
	static char	ring[8][1024];
	static int	i;

	i = (i + 1) % 8;
	snprintf(ring[i], sizeof(ring[i]), "%s", test_src(rel));
	return ring[i];
}

static const char *
bin(void)
{
	static char	b[1024];

	snprintf(b, sizeof(b), "%s", test_bin("collect/oomtrail-collect"));
	return b;
}

static const char *const fakes[] = {
	"scontrol", "sacct", "nvidia-smi", "dmesg", "journalctl", NULL
};
static const char *const tools[] = {
	"sh", "cat", "sleep", "yes", "dirname", "mkdir", "chmod", NULL
};

/* ./fakebin (all fakes but those named in missing), ./sysbin (the few
 * tools the fakes use), ./proc (pid 14962 of the live job), ./out. */
static void
setup(const char *missing)
{
	test_sh("mkdir -p fakebin sysbin out proc/14962 && "
	    "sed -n 2,11p '%s' > proc/14962/cgroup && "
	    "printf 'Name:\\tsh\\nUid:\\t1001\\t1001\\t1001\\t1001\\n"
	    "VmRSS:\\t    3072 kB\\n' > proc/14962/status && "
	    "printf 'sh\\0/var/lib/slurm/slurmd/job00003/slurm_script\\0' "
	    "> proc/14962/cmdline && cp /proc/meminfo proc/meminfo",
	    src(FIX "/slurm-3.out"));
	for (size_t i = 0; fakes[i] != NULL; i++)
		if (missing == NULL || strstr(missing, fakes[i]) == NULL)
			test_sh("ln -sf '%s/%s' fakebin/", src("tests/fakes/bin"),
			    fakes[i]);
	for (size_t i = 0; tools[i] != NULL; i++)
		test_sh("ln -sf \"$(command -v %s)\" sysbin/", tools[i]);
}

/* Run the collector; returns its exit status. */
static int
collect(const char *cgroot, const char *env, const char *args)
{
	char	cwd[1024];

	if (getcwd(cwd, sizeof(cwd)) == NULL)
		return -1;
	return test_sh("env -i PATH='%s/fakebin:%s/sysbin' TZ=UTC LC_ALL=C "
	    "OOMTRAIL_FAKES='%s' OOMTRAIL_FAKE_FIXTURES='%s' "
	    "OOMTRAIL_CGROUP_ROOT='%s' OOMTRAIL_PROC_ROOT='%s/proc' "
	    "OOMTRAIL_KMSG='%s/no-kmsg' %s '%s' %s >stdout 2>stderr",
	    cwd, cwd, src("tests/fakes"), src(FIX), cgroot, cwd,
	    cwd, env, bin(), args);
}

static char *
bundle_path(void)
{
	static char	line[4096];
	FILE		*f = fopen("stdout", "r");

	line[0] = '\0';
	if (f == NULL)
		return line;
	while (fgets(line, sizeof(line), f) != NULL)
		;
	fclose(f);
	line[strcspn(line, "\n")] = '\0';
	return line;
}

/* Read every member (verifying hashes) and return a copy of the
 * manifest; *integrity gets the verdict. */
static struct manifest *
open_bundle(const char *path, enum integrity *integrity)
{
	struct bundle_reader	*r = NULL;
	struct bundle_member	 m;
	struct bundle_limits	 lim;
	struct manifest		*copy = NULL;
	char			*json;
	size_t			 n;
	char			 b[65536];

	/* The flood test's members are a repeated line: far above the
	 * reader's default ratio cap for decompression bombs. */
	bundle_limits_default(&lim);
	lim.max_ratio = 1u << 20;
	*integrity = INTEGRITY_DAMAGED;
	if (bundle_reader_open(&r, path, &lim, NULL) != ERR_OK)
		return NULL;
	while (bundle_next(r, &m, NULL) == 1)
		while (bundle_read(r, b, sizeof(b), NULL) > 0)
			;
	*integrity = bundle_integrity(r);
	if (bundle_manifest(r) != NULL &&
	    manifest_to_json(bundle_manifest(r), &json, &n, NULL) == ERR_OK) {
		manifest_from_json(json, n, &copy, NULL);
		free(json);
	}
	bundle_reader_close(r);
	return copy;
}

static const struct manifest_item *
item(const struct manifest *m, const char *path)
{
	const struct manifest_item	*it = m ? manifest_find(m, path) : NULL;

	if (it == NULL)
		test_fail(__FILE__, __LINE__, "no item %s", path);
	return it;
}

static struct manifest *
checked_bundle(void)
{
	enum integrity	 in;
	struct manifest	*m;
	const char	*p = bundle_path();

	CHECK(test_sh("tar --zstd -tf '%s' >/dev/null", p) == 0);
	m = open_bundle(p, &in);
	CHECK(m != NULL);
	CHECK_EQ_STR(integrity_name(in), integrity_name(INTEGRITY_VERIFIED));
	return m;
}

DEFINE_TEST(test_collect_v1_complete)
{
	struct manifest			*m;
	const struct manifest_item	*it;

	setup(NULL);
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"), "",
	    "--job 3 --output out --deadline 20"), 0);
	CHECK(strstr(bundle_path(), "/out/oomtrail-ci-3-") != NULL);
	m = checked_bundle();
	CHECK_EQ_STR(m ? m->cgroup_mode : NULL, "v1");
	CHECK_EQ_STR(m ? m->job_id : NULL, "3");
	if ((it = item(m, "slurm/scontrol-job.txt")) != NULL) {
		CHECK_EQ_INT(it->exit_status, 0);
		CHECK(it->bytes > 500 && it->sha256[0] != '\0');
	}
	if ((it = item(m, "kernel/kmsg.txt")) != NULL)
		CHECK(it->error != NULL && strncmp(it->error, "ENOENT", 6) == 0);
	if ((it = item(m, "kernel/dmesg.txt")) != NULL)
		CHECK_EQ_INT(it->exit_status, 0);
	item(m, "slurm/sacct.txt");
	item(m, "slurm/sacct.json");
	item(m, "gpu/nvidia-smi.xml");
	item(m, TASK0 "memory.oom_control");
	item(m, "cgroup/memory/slurm_vm/uid_1001/job_3/memory.limit_in_bytes");
	/* The kill is counted only at task level on v1. */
	CHECK(test_sh("tar --zstd -xOf '%s' '" TASK0 "memory.oom_control' | "
	    "grep -qx 'oom_kill 1'", bundle_path()) == 0);
	CHECK(test_sh("tar --zstd -xOf '%s' host/procs.tsv | grep -q "
	    "'^14962\t1001\t3072\t/slurm_vm/uid_1001/job_3/step_batch/task_0"
	    "\tsh /var/lib'", bundle_path()) == 0);
	CHECK(test_sh("tar --zstd -xOf '%s' host/cgroup-mode.txt | "
	    "grep -qx v1", bundle_path()) == 0);
	CHECK(test_sh("ls -a out | grep -c . | grep -qx 3") == 0);
	manifest_free(m);
}

DEFINE_TEST(test_collect_v2_tree)
{
	struct manifest	*m;
	char		 root[1024];

	setup(NULL);
	snprintf(root, sizeof(root), "%s", src(FIX "/cgroup-v2"));
	CHECK_EQ_INT(collect(root, "", "--job 4 --output out"), 0);
	m = checked_bundle();
	CHECK_EQ_STR(m ? m->cgroup_mode : NULL, "v2");
	item(m, "cgroup/system.slice/slurmstepd.scope/job_4/memory.events");
	item(m, "cgroup/system.slice/slurmstepd.scope/job_4/step_0/"
	    "memory.peak");
	item(m, "cgroup/system.slice/slurmstepd.scope/job_4/step_0/user/"
	    "task_0/memory.events.local");
	manifest_free(m);
}

DEFINE_TEST(test_collect_hang_deadline)
{
	struct manifest			*m;
	const struct manifest_item	*it;
	time_t				 t0 = time(NULL);

	setup(NULL);
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"),
	    "FAKE_SCONTROL=ignore-term FAKE_NVIDIA_SMI=hang",
	    "--job 3 --output out --deadline 4"), 3);
	CHECK(time(NULL) - t0 <= 4 + 3);
	m = checked_bundle();
	if ((it = item(m, "slurm/scontrol-job.txt")) != NULL) {
		CHECK_EQ_INT(it->timed_out, 1);
		CHECK_EQ_INT(it->signal, 9);	/* SIGTERM was ignored */
	}
	CHECK(test_sh("grep -q 'slurm/scontrol-job.txt: timeout' stderr")
	    == 0);
	manifest_free(m);
}

DEFINE_TEST(test_collect_flood_fail_missing)
{
	struct manifest			*m;
	const struct manifest_item	*it;

	setup("dmesg journalctl");
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"),
	    "FAKE_NVIDIA_SMI=flood FAKE_SACCT=fail", "--job 3 --output out"), 3);
	m = checked_bundle();
	if ((it = item(m, "gpu/nvidia-smi.xml")) != NULL) {
		CHECK_EQ_INT(it->truncated, 1);
		CHECK_EQ_U64(it->bytes, ITEM_CAP);
		CHECK(it->source_bytes > ITEM_CAP);
	}
	if ((it = item(m, "slurm/sacct.txt")) != NULL) {
		CHECK_EQ_INT(it->exit_status, 1);
		CHECK(it->error && strstr(it->error, "exit status 1") != NULL);
	}
	if ((it = item(m, "kernel/dmesg.txt")) != NULL)
		CHECK_EQ_STR(it->error, "ENOENT: dmesg not found");
	if ((it = item(m, "kernel/journal.txt")) != NULL)
		CHECK(it->error && strncmp(it->error, "ENOENT", 6) == 0);
	manifest_free(m);
}

DEFINE_TEST(test_collect_secrets_masked)
{
	static const char *const secrets[] = {
		"AKIAIOSFODNN7EXAMPLE",
		"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3"
		    "jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
		"hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ012345678",
		"hunter2-correct-horse",
		"MIIEvQIBADANBgkqhkiG9w0BAQEFAASC",
		NULL
	};
	struct manifest			*m;
	const struct manifest_item	*it;

	setup(NULL);
	/* The collector runs as the job's user (uid 1001) to read logs when
	 * it is root: let that user in. */
	test_sh("chmod 755 .");
	test_sh("umask 022; { echo 'starting'; echo 'export PASSWORD=%s'; "
	    "echo 'aws key %s in use'; echo 'Authorization: Bearer %s'; "
	    "echo '-----BEGIN PRIVATE KEY-----'; echo '%s'; "
	    "echo '-----END PRIVATE KEY-----'; echo 'login with %s'; "
	    "} > job.log", secrets[3], secrets[0], secrets[1], secrets[4],
	    secrets[2]);
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"),
	    "PASSWORD=hunter2-correct-horse SLURM_COMMENT=AKIAIOSFODNN7EXAMPLE "
	    "NCCL_DEBUG=INFO HF_TOKEN=hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ012345678",
	    "--job 3 --output out --log job.log"), 0);
	for (size_t i = 0; secrets[i] != NULL; i++)
		CHECK_EQ_INT(test_sh("tar --zstd -xOf '%s' | grep -c -- '%.20s'",
		    bundle_path(), secrets[i]), 1);
	CHECK(test_sh("tar --zstd -xOf '%s' logs/job.log | grep -q "
	    "'^starting$'", bundle_path()) == 0);
	CHECK(test_sh("tar --zstd -xOf '%s' host/env.txt | grep -qx "
	    "'NCCL_DEBUG=INFO'", bundle_path()) == 0);
	m = checked_bundle();
	if ((it = item(m, "logs/job.log")) != NULL)
		CHECK_EQ_U64(it->redactions, 5);	/* a key block counts once */
	manifest_free(m);
}

DEFINE_TEST(test_collect_big_log_windowed)
{
	struct manifest			*m;
	const struct manifest_item	*it;

	setup(NULL);
	/* 20 MiB of noise with one real PyTorch OOM line in the middle. */
	test_sh("chmod 755 .");
	CHECK(test_sh("umask 022; yes 'step 1234 loss 0.1234 lr 0.0001 noise noise' | "
	    "head -c 10485760 > big.log && echo >> big.log && "
	    "sed -n 7p '%s' >> big.log && yes 'tail noise line here' | "
	    "head -c 10485760 >> big.log && printf '\\nlast line\\n' >> big.log",
	    src(FIX "/pytorch_oom.txt")) == 0);
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"), "",
	    "--job 3 --output out --log big.log"), 0);
	m = checked_bundle();
	if ((it = item(m, "logs/big.log")) != NULL) {
		CHECK_EQ_INT(it->truncated, 1);
		CHECK(it->nranges >= 3);
		CHECK(it->bytes <= LOG_CAP);
		CHECK(it->source_bytes > 20 * MIB);
	}
	CHECK(test_sh("tar --zstd -xOf '%s' logs/big.log | grep -c "
	    "'CUDA out of memory. Tried to allocate 1024.00 MiB' | grep -qx 1",
	    bundle_path()) == 0);
	CHECK(test_sh("tar --zstd -xOf '%s' logs/big.log | tail -1 | "
	    "grep -qx 'last line'", bundle_path()) == 0);
	manifest_free(m);
}

DEFINE_TEST(test_collect_output_fallback_and_full)
{
	char	cmd[256];

	setup(NULL);
	test_sh("mkdir -p tmp");
	/* Not a directory: falls back to $TMPDIR. */
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"), "TMPDIR=$PWD/tmp",
	    "--job 3 --output /nonexistent/dir"), 0);
	CHECK(strstr(bundle_path(), "/tmp/oomtrail-ci-3-") != NULL);
	CHECK(test_sh("grep -q 'using' stderr") == 0);
	/* A file-size limit stands in for a full disk: no bundle, nothing
	 * half-written left behind. */
	snprintf(cmd, sizeof(cmd), "--job 3 --output out");
	test_sh("rm -f stdout");
	CHECK_EQ_INT(test_sh("trap '' XFSZ; ulimit -f 4; env -i PATH=$PWD/"
	    "fakebin:$PWD/sysbin OOMTRAIL_FAKES='%s' OOMTRAIL_FAKE_FIXTURES='%s'"
	    " OOMTRAIL_CGROUP_ROOT='%s' '%s' %s >stdout 2>stderr",
	    src("tests/fakes"), src(FIX), src(FIX "/cgroup-v1"),
	    bin(), cmd), 1);
	CHECK(test_sh("ls -A out | grep -q .") != 0);
	CHECK(test_sh("grep -q 'no bundle' stderr") == 0);
}

DEFINE_TEST(test_collect_usage)
{
	const char	*b = bin();

	CHECK_EQ_INT(test_sh("'%s' --bogus >/dev/null 2>&1", b), 2);
	CHECK_EQ_INT(test_sh("'%s' --deadline 0 >/dev/null 2>&1", b), 2);
	CHECK_EQ_INT(test_sh("'%s' --job 'x;y' >/dev/null 2>&1", b), 2);
	CHECK_EQ_INT(test_sh("'%s' extra >/dev/null 2>&1", b), 2);
	CHECK_EQ_INT(test_sh("'%s' --site-key k 2>&1 | grep -q 'needs "
	    "--redact'", b), 0);
	CHECK_EQ_INT(test_sh("'%s' --site-key k >/dev/null 2>&1", b), 2);
	/* No key: a clear error and no bundle, never a random key. */
	CHECK_EQ_INT(test_sh("cd \"$(mktemp -d)\" && env -i OOMTRAIL_SITE_KEY="
	    "/nonexistent/site.key '%s' --redact --output . >out 2>err; "
	    "rc=$?; grep -q 'site key /nonexistent/site.key' err && "
	    "! ls *.tar.zst >/dev/null 2>&1 && exit $rc", b), 1);
	CHECK_EQ_INT(test_sh("printf short > k && '%s' --redact --site-key k "
	    "2>&1 | grep -q 'need at least 16'", b), 0);
	CHECK_EQ_INT(test_sh("'%s' --help | grep -q -- --deadline", b), 0);
	CHECK_EQ_INT(test_sh("'%s' --version | grep -q '^oomtrail-collect '",
	    b), 0);
}

DEFINE_TEST(test_collect_no_job)
{
	struct manifest			*m;
	const struct manifest_item	*it;

	setup(NULL);
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"), "", "--output out"),
	    0);
	CHECK(strstr(bundle_path(), "/out/oomtrail-ci-nojob-") != NULL);
	m = checked_bundle();
	if ((it = item(m, "slurm/sacct.txt")) != NULL)
		CHECK(it->error && strstr(it->error, "no job id") != NULL);
	item(m, "host/meminfo.txt");
	manifest_free(m);
}

DEFINE_TEST(test_redact_lines)
{
	static const struct {
		const char	*in, *want;
		uint64_t	 n;
	} cases[] = {
		{ "AccountingStoragePass   = s3cret", "AccountingStoragePass   = "
		  "[REDACTED]", 1 },
		{ "StoragePass=REDACTED", "StoragePass=[REDACTED]", 1 },
		{ "WANDB_API_KEY=0123456789abcdef", "WANDB_API_KEY=[REDACTED]",
		  1 },
		{ "{\"token\": \"abc123\"}", "{\"token\": \"[REDACTED]\"}", 1 },
		{ "key AKIAIOSFODNN7EXAMPLE.", "key [REDACTED].", 1 },
		{ "Memory cgroup out of memory: Killed process 14975 (python3)",
		  "Memory cgroup out of memory: Killed process 14975 (python3)",
		  0 },
		{ "   RunTime=00:00:08 TimeLimit=00:05:00 TimeMin=N/A",
		  "   RunTime=00:00:08 TimeLimit=00:05:00 TimeMin=N/A", 0 },
		{ "", "", 0 },
	};
	char		out[512];
	uint64_t	n;
	int		pem;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		n = 0;
		pem = 0;
		redact_line(cases[i].in, strlen(cases[i].in), out, sizeof(out),
		    &pem, &n);
		CHECK_EQ_STR(out, cases[i].want);
		CHECK_EQ_U64(n, cases[i].n);
	}
}

DEFINE_TEST(test_redact_stream_nul_crlf)
{
	static const char	in[] = "a\0b PASSWORD=x\r\nAKIAIOSFODNN7EXAMPL";
	static const char	want[] = "a\0b PASSWORD=[REDACTED]\r\n"
				    "AKIAIOSFODNN7EXAMPL";
	char			b[128];
	uint64_t		bytes, n;
	ssize_t			r;
	FILE			*fi = tmpfile(), *fo = tmpfile();

	CHECK(fi != NULL && fo != NULL);
	if (fi == NULL || fo == NULL)
		return;
	CHECK(write(fileno(fi), in, sizeof(in) - 1) == sizeof(in) - 1);
	CHECK_EQ_INT(redact_stream(fileno(fi), fileno(fo), &bytes, &n, NULL),
	    ERR_OK);
	r = pread(fileno(fo), b, sizeof(b), 0);
	CHECK_EQ_INT(r, (ssize_t)bytes);
	/* NUL kept, the value is masked up to its CR, a cut key (19
	 * chars) is not a key shape. */
	CHECK_EQ_INT(r, sizeof(want) - 1);
	CHECK(r > 0 && memcmp(b, want, sizeof(want) - 1) == 0);
	CHECK_EQ_U64(n, 1);
	fclose(fi);
	fclose(fo);
}

/* ---- --redact ---- */

DEFINE_TEST(test_pseudo_hmac_rfc4231)
{
	/* RFC 4231 test case 2. */
	static const char	want[] = "5bdcc146bf60754e6a042426089575c7"
				    "5a003f089d2739839dec58b964ec3843";
	uint8_t			d[32];
	char			hex[65];

	pseudo_hmac("Jefe", 4, "what do ya want for nothing?", 28, d);
	for (int i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", d[i]);
	CHECK_EQ_STR(hex, want);
}

static struct pseudo *
test_pseudo(const char *key)
{
	struct pseudo	*ps = NULL;
	struct err	 e = { 0 };

	test_sh("printf '%%s\\n' '%s' > site.key", key);
	CHECK_EQ_INT(pseudo_new(&ps, "site.key", &e), ERR_OK);
	return ps;
}

static void
check_line(struct pseudo *ps, const char *in, const char *want)
{
	char		out[1024];
	uint64_t	n = 0;

	pseudo_line(ps, in, strlen(in), out, sizeof(out), &n);
	CHECK_EQ_STR(out, want);
}

DEFINE_TEST(test_pseudo_lines)
{
	struct pseudo	*ps = test_pseudo("0123456789abcdef-site-one");
	char		 h[32], u[32], id[32], ip[32], g2[32], mac[32],
			 want[1024];
	/* Verbatim lines of the real oom-live capture (fixtures/collect). */
	static const char	job[] = "   UserId=ciuser(1001) "
				    "GroupId=ciuser(1001) MCS_label=N/A\n"
				    "   NodeList=vm\n";

	if (ps == NULL)
		return;
	pseudo_learn_text(ps, job, sizeof(job) - 1);
	pseudo_learn(ps, PS_HOST, "gpu[01-02,07]", 13);
	pseudo_name(ps, PS_HOST, "vm", 2, h, sizeof(h));
	pseudo_name(ps, PS_USER, "ciuser", 6, u, sizeof(u));
	pseudo_name(ps, PS_UID, "1001", 4, id, sizeof(id));
	pseudo_name(ps, PS_IP, "10.12.34.56", 11, ip, sizeof(ip));
	pseudo_name(ps, PS_HOST, "gpu02", 5, g2, sizeof(g2));
	pseudo_name(ps, PS_MAC, "3c:ec:ef:12:34:56", 17, mac, sizeof(mac));
	CHECK(strncmp(h, "host-", 5) == 0 && strlen(h) == 13);
	CHECK(id[0] == '9' && strlen(id) == 9);
	snprintf(want, sizeof(want), "[  572.709752] Memory cgroup stats for "
	    "/slurm_%s/uid_%s/job_3:", h, id);
	check_line(ps, "[  572.709752] Memory cgroup stats for "
	    "/slurm_vm/uid_1001/job_3:", want);
	snprintf(want, sizeof(want), "   UserId=%s(%s) GroupId=%s(%s) "
	    "MCS_label=N/A", u, id, u, id);
	check_line(ps, "   UserId=ciuser(1001) GroupId=ciuser(1001) "
	    "MCS_label=N/A", want);
	snprintf(want, sizeof(want), "[  572.709967] [  14975]  %s 14975    "
	    "29098", id);
	check_line(ps, "[  572.709967] [  14975]  1001 14975    29098", want);
	snprintf(want, sizeof(want), "NCCL %s:29500 via 127.0.0.1 ether %s "
	    "on %s", ip, mac, g2);
	check_line(ps, "NCCL 10.12.34.56:29500 via 127.0.0.1 ether "
	    "3c:ec:ef:12:34:56 on gpu02", want);
	/* What must not change: times, versions, Slurm's own syntax. */
	check_line(ps, "   RunTime=00:00:08 TimeLimit=00:05:00 TimeMin=N/A",
	    "   RunTime=00:00:08 TimeLimit=00:05:00 TimeMin=N/A");
	check_line(ps, "Version=22.05.8 vmem=101276K ReqB:S:C:T=0:0:*:* "
	    "MaxArraySize = 1001", "Version=22.05.8 vmem=101276K "
	    "ReqB:S:C:T=0:0:*:* MaxArraySize = 1001");
	/* A node called "vm" is not the kernel's "total-vm" (real line of
	 * the same capture), but it is slurmstepd-vm's. */
	snprintf(want, sizeof(want), "[  572.709991] Memory cgroup out of "
	    "memory: Killed process 14975 (python3) total-vm:116392kB, "
	    "anon-rss:101376kB, file-rss:5104kB, shmem-rss:0kB, UID:%s "
	    "pgtables:260kB oom_score_adj:0", id);
	check_line(ps, "[  572.709991] Memory cgroup out of memory: Killed "
	    "process 14975 (python3) total-vm:116392kB, anon-rss:101376kB, "
	    "file-rss:5104kB, shmem-rss:0kB, UID:1001 pgtables:260kB "
	    "oom_score_adj:0", want);
	snprintf(want, sizeof(want), "slurmstepd-%s: error: Detected 1 "
	    "oom-kill event(s)", h);
	check_line(ps, "slurmstepd-vm: error: Detected 1 oom-kill event(s)",
	    want);
	pseudo_name(ps, PS_IP, "fe80::1c2d:3e4f", 15, ip, sizeof(ip));
	snprintf(want, sizeof(want), "c10::Error at::cuda %s", ip);
	check_line(ps, "c10::Error at::cuda fe80::1c2d:3e4f", want);
	pseudo_free(ps);
}

DEFINE_TEST(test_pseudo_hostile)
{
	static const char	junk[] = "NodeList=a[0-99999999] 1.2.3.4 "
				    "::\0|\t(";
	struct pseudo	*ps = test_pseudo("0123456789abcdef-site-one");
	char		*big, *out;
	uint64_t	 n = 0;
	size_t		 len = 1 << 16;

	if (ps == NULL)
		return;
	big = malloc(len);
	out = malloc(8 * len + 64);
	CHECK(big != NULL && out != NULL);
	if (big != NULL && out != NULL) {
		/* Learning from junk with huge hostlists stays bounded. */
		for (size_t i = 0; i < len; i++)
			big[i] = junk[i % (sizeof(junk) - 1)];
		pseudo_learn_text(ps, big, len);
		CHECK(pseudo_line(ps, big, len, out, 8 * len + 64, &n) <
		    8 * len + 64);
		CHECK(n > 0);
		/* Out buffer too small: cut, never overrun. */
		CHECK(pseudo_line(ps, big, len, out, 16, &n) == 15);
	}
	free(big);
	free(out);
	pseudo_free(ps);
}

static const char *const planted_secrets[] = {
	"AKIAIOSFODNN7EXAMPLE",
	"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3"
	    "jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
	"hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ012345678",
	"hunter2-correct-horse",
	"MIIEvQIBADANBgkqhkiG9w0BAQEFAASC",
	"ghp_0123456789abcdefghijABCDEFGHIJ012345",
	"xoxb-1234567890-abcdefghijkl",
	"0123456789abcdef0123456789abcdef01234567",	/* W&B */
	"planted-slurm-pass-77",
	"planted-cmdline-token-99",
	NULL
};

/* Planted identifiers (extended regexps, as whole tokens). */
static const char *const planted_ids[] = {
	"vm", "ciuser", "login-a17", "10\\.12\\.34\\.56",
	"3c:ec:ef:12:34:56", "fe80::1c2d:3e4f:5a6b:7c8d", "/home/ciuser",
	"uid_1001", "UID: ?1001", "uid=1001", "\\(1001\\)", "UserId=1001",
	"\\]  1001 ", NULL
};

/* A scontrol that adds a password to the real config capture, a process
 * whose command line holds a token, a log holding every kind of secret
 * and identifier, and two site keys. */
static void
plant(void)
{
	const char	**s = (const char **)planted_secrets;

	setup(NULL);
	test_sh("chmod 755 . && rm fakebin/scontrol && printf '#!/bin/sh\\n"
	    "\"%s/scontrol\" \"$@\"; rc=$?\\n"
	    "[ \"$1 $2\" = \"show config\" ] && echo "
	    "\"AccountingStoragePass   = %s\"\\nexit $rc\\n' > fakebin/scontrol"
	    " && chmod 755 fakebin/scontrol", src("tests/fakes/bin"), s[8]);
	test_sh("printf 'python3\\0train.py\\0--token=%s\\0' > "
	    "proc/14962/cmdline", s[9]);
	test_sh("umask 022; { echo 'starting on vm as ciuser'; "
	    "echo 'export PASSWORD=%s'; echo 'aws key %s in use'; "
	    "echo 'Authorization: Bearer %s'; "
	    "echo '-----BEGIN PRIVATE KEY-----'; echo '%s'; "
	    "echo '-----END PRIVATE KEY-----'; echo 'login with %s'; "
	    "echo 'git %s slack %s'; echo 'WANDB_API_KEY=%s'; "
	    "echo 'NCCL INFO NET/Socket : Using [0]eth0:10.12.34.56<0>'; "
	    "echo 'link/ether 3c:ec:ef:12:34:56 brd ff:ff:ff:ff:ff:ff'; "
	    "echo 'inet6 fe80::1c2d:3e4f:5a6b:7c8d/64 scope link'; "
	    "echo 'open /home/ciuser/data/train.bin from login-a17'; "
	    "} > job.log", s[3], s[0], s[1], s[4], s[2], s[5], s[6], s[7]);
	test_sh("printf 'first-site-key-0123456789\\n' > key1 && "
	    "printf 'second-site-key-0123456789\\n' > key2");
}

static int
run_planted(const char *out, const char *extra)
{
	char	args[512];

	test_sh("mkdir -p %s", out);
	snprintf(args, sizeof(args), "--job 3 --output %s --log $PWD/job.log "
	    "%s", out, extra);
	return collect(src(FIX "/cgroup-v1"), "PASSWORD=hunter2-correct-horse "
	    "SLURM_COMMENT=AKIAIOSFODNN7EXAMPLE NCCL_DEBUG=INFO "
	    "HF_TOKEN=hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ012345678 "
	    "NCCL_COMM_ID=10.12.34.56:29500 SLURM_SUBMIT_HOST=login-a17 "
	    "SLURM_JOB_USER=ciuser", args);
}

/* Every byte of every member, and every member name, into all.txt. */
static void
dump_bundle(const char *b)
{
	CHECK(test_sh("tar --zstd -xOf '%s' > all.txt && tar --zstd -tf '%s' "
	    ">> all.txt && echo '%s' >> all.txt", b, b, b) == 0);
}

static void
verdict(const char *b, const char *to)
{
	CHECK(test_sh("'%s' analyze --format json '%s' > %s.json; "
	    "grep -m1 '\"cause\"' %s.json > %s && grep -m1 '\"rule\"' %s.json "
	    ">> %s", test_bin("report/oomtrail"), b, to, to, to, to, to) == 0);
}

static char *
bundle_copy(void)
{
	static char	ring[4][4096];
	static int	i;

	i = (i + 1) % 4;
	snprintf(ring[i], sizeof(ring[i]), "%s", bundle_path());
	return ring[i];
}

/* The host's pseudonym as the bundle's name and BatchHost carry it. */
static void
host_of(const char *b, const char *to)
{
	CHECK(test_sh("tar --zstd -xOf '%s' slurm/scontrol-job.txt | "
	    "grep -o 'BatchHost=.*' > %s && basename '%s' | cut -d- -f4,5 >> %s",
	    b, to, b, to) == 0);
}

DEFINE_TEST(test_collect_redact_no_secret_survives)
{
	struct manifest			*m;
	const struct manifest_item	*it;
	char				*plain, *red, *same, *other;

	plant();
	CHECK_EQ_INT(run_planted("plain", ""), 0);
	plain = bundle_copy();
	CHECK_EQ_INT(run_planted("red", "--redact --site-key key1"), 0);
	red = bundle_copy();
	CHECK_EQ_INT(run_planted("same", "--redact --site-key key1"), 0);
	same = bundle_copy();
	CHECK_EQ_INT(run_planted("other", "--redact --site-key key2"), 0);
	other = bundle_copy();
	/* Secrets: gone with and without --redact. */
	dump_bundle(plain);
	CHECK(test_sh("grep -q 'starting on vm as ciuser' all.txt") == 0);
	for (size_t i = 0; planted_secrets[i] != NULL; i++)
		CHECK_EQ_INT(test_sh("grep -q -- '%.20s' all.txt",
		    planted_secrets[i]), 1);
	dump_bundle(red);
	CHECK(test_sh("grep -q '^starting on host-[0-9a-f]\\{8\\} as "
	    "user-[0-9a-f]\\{8\\}$' all.txt") == 0);
	for (size_t i = 0; planted_secrets[i] != NULL; i++)
		CHECK_EQ_INT(test_sh("grep -q -- '%.20s' all.txt",
		    planted_secrets[i]), 1);
	/* Identifiers: gone too, member names and bundle name included;
	 * the kernel's own word "total-vm" stays (the node is "vm"). */
	CHECK(test_sh("grep -q 'total-vm:' all.txt") == 0);
	test_sh("sed 's/total-vm:/total-KERNELWORD:/g' all.txt > ids.txt");
	for (size_t i = 0; planted_ids[i] != NULL; i++)
		CHECK_EQ_INT(test_sh("grep -Eq -- '(^|[^[:alnum:]])%s"
		    "($|[^[:alnum:]])' ids.txt", planted_ids[i]), 1);
	CHECK(test_sh("tar --zstd -tf '%s' | grep -q '^cgroup/memory/"
	    "slurm_host-[0-9a-f]\\{8\\}/uid_9[0-9]\\{8\\}/job_3/step_batch/"
	    "task_0/memory.oom_control$'", red) == 0);
	/* The map: next to the bundle, 0600, never inside. */
	CHECK(test_sh("test \"$(stat -c %%a '%s.map.json')\" = 600 && "
	    "grep -q '\"original\": \"ciuser\"' '%s.map.json' && "
	    "! grep -q 'map.json' all.txt && ls red | grep -c . | grep -qx 2",
	    red, red) == 0);
	/* Same key, same pseudonyms; another key, others. */
	host_of(red, "h1");
	host_of(same, "h2");
	host_of(other, "h3");
	CHECK(test_sh("grep -q 'BatchHost=host-' h1 && cmp -s h1 h2") == 0);
	CHECK(test_sh("grep -q 'BatchHost=host-' h3 && ! cmp -s h1 h3") == 0);
	/* The same verdict from both bundles. */
	verdict(plain, "v1");
	verdict(red, "v2");
	CHECK(test_sh("grep -q '\"host_oom\"' v1 && cmp -s v1 v2") == 0);
	test_sh("cp stdout stdout.keep && echo '%s' > stdout", red);
	m = checked_bundle();
	CHECK_EQ_INT(m ? m->redacted : -1, 1);
	CHECK(m && m->redaction_categories &&
	    strstr(m->redaction_categories, "hosts") != NULL);
	if ((it = item(m, "slurm/scontrol-job.txt")) != NULL)
		CHECK(it->redactions >= 6);
	if ((it = item(m, "logs/job.log")) != NULL)
		CHECK(it->redactions >= 16);
	manifest_free(m);
}

DEFINE_TEST(test_collect_log_symlink_refused)
{
	struct manifest			*m;
	const struct manifest_item	*it;

	if (geteuid() != 0) {
		printf("not root: O_NOFOLLOW applies only when running as "
		    "root; skipped\n");
		return;
	}
	setup(NULL);
	test_sh("chmod 755 . && printf 'root-only-content-4242\\n' > secret && "
	    "chmod 644 secret && ln -s \"$PWD/secret\" link.log");
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"), "",
	    "--job 3 --output out --log $PWD/link.log"), 3);
	m = checked_bundle();
	if ((it = item(m, "logs/link.log")) != NULL)
		CHECK(it->error != NULL && strncmp(it->error, "ELOOP", 5) == 0);
	CHECK(test_sh("tar --zstd -xOf '%s' | grep -q root-only-content",
	    bundle_path()) != 0);
	manifest_free(m);
}

/* --attach: a snapshot goes in byte for byte (the secret masking pass,
 * which would rewrite its bytes, is not run on it), one over the
 * --max-attach budget is left out whole with a failed item, and the
 * bundle cap is not charged for attachments. */
DEFINE_TEST(test_collect_attach_whole_or_nothing)
{
	struct manifest			*m;
	const struct manifest_item	*it;
	const char			*p;

	setup(NULL);
	test_sh("chmod 755 .");
	/* A frame named like a secret assignment: as a log the masking
	 * pass rewrites it; as an attachment it is kept as is. */
	CHECK(test_sh("cp '%s' frag.pickle && cp '%s' exh.pickle && "
	    "cp '%s' secret.pickle",
	    src("fixtures/pytorch-snapshots/fragmentation.pickle"),
	    src("fixtures/pytorch-snapshots/exhaustion.pickle"),
	    src("fixtures/pytorch-snapshots/secret-frame.pickle")) == 0);
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"), "",
	    "--job 3 --output out --attach frag.pickle --attach secret.pickle "
	    "--attach exh.pickle --max-attach 6000"), 3);
	m = checked_bundle();
	p = bundle_path();
	CHECK(test_sh("tar --zstd -xOf '%s' attach/frag.pickle | cmp - "
	    "frag.pickle", p) == 0);
	CHECK(test_sh("tar --zstd -xOf '%s' attach/secret.pickle | cmp - "
	    "secret.pickle", p) == 0);
	/* 5262 + the small one fit in 6000 bytes; exh.pickle (2511) not. */
	CHECK(test_sh("tar --zstd -tf '%s' | grep -q attach/exh.pickle",
	    p) != 0);
	if ((it = item(m, "attach/exh.pickle")) != NULL) {
		CHECK(it->error != NULL &&
		    strstr(it->error, "--max-attach") != NULL &&
		    strstr(it->error, "not stored") != NULL);
		CHECK_EQ_INT(it->bytes, 0);
	}
	CHECK(test_sh("grep -q 'attach/exh.pickle' stderr") == 0);
	manifest_free(m);
}

/* --attach with --redact: a snapshot goes in as its numeric summary,
 * without its frames' file names; a pickle that would import a module
 * is refused with the opcode and its offset, and nothing of it is kept. */
DEFINE_TEST(test_collect_attach_redact_summary)
{
	struct manifest			*m;
	const struct manifest_item	*it;
	const char			*p;

	setup(NULL);
	test_sh("chmod 755 .");
	CHECK(test_sh("cp '%s' frag.pickle && cp '%s' evil.pickle",
	    src("fixtures/pytorch-snapshots/fragmentation.pickle"),
	    src("fixtures/pytorch-snapshots/hostile-os-system.pickle")) == 0);
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"), "",
	    "--job 3 --output out --redact --attach frag.pickle "
	    "--attach evil.pickle"), 3);
	m = checked_bundle();
	p = bundle_path();
	CHECK(test_sh("tar --zstd -tf '%s' | grep -q 'attach/.*pickle$'",
	    p) != 0);
	CHECK(test_sh("tar --zstd -xOf '%s' attach/frag.pickle.summary.json "
	    "| grep -q '\"largest_free_block\":10223104'", p) == 0);
	CHECK(test_sh("tar --zstd -xOf '%s' attach/frag.pickle.summary.json "
	    "| grep -q 'train.py'", p) != 0);
	if ((it = item(m, "attach/evil.pickle.summary.json")) != NULL) {
		CHECK(it->error != NULL && strstr(it->error,
		    "offset 28: opcode STACK_GLOBAL (0x93)") != NULL);
		CHECK_EQ_INT(it->bytes, 0);
	}
	manifest_free(m);
}

/* --attach with --redact: a Flight Recorder dump goes in as its numbers
 * (the collective rank 0 waits in, the group's last enqueued and
 * completed), without its frames, file names or thread names. */
DEFINE_TEST(test_collect_attach_redact_flight_recorder)
{
	const char	*p;

	setup(NULL);
	test_sh("chmod 755 .");
	CHECK(test_sh("cp '%s' nccl_trace_rank_0", src("fixtures/"
	    "flight-recorder/rank-behind/nccl_trace_rank_0")) == 0);
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"), "",
	    "--job 3 --output out --redact --attach nccl_trace_rank_0"), 0);
	manifest_free(checked_bundle());
	p = bundle_path();
	CHECK(test_sh("tar --zstd -tf '%s' | grep -qx attach/nccl_trace_rank_0",
	    p) != 0);
	CHECK(test_sh("tar --zstd -xOf '%s' attach/nccl_trace_rank_0."
	    "summary.json > fr.json && grep -q '^{\"format\":\"oomtrail-"
	    "flight-recorder-summary\",\"version\":1,' fr.json && grep -q "
	    "'\"last_completed\":41,\"pending\":{\"seqnum\":42,' fr.json "
	    "&& grep -q '\"optype\":\"nccl:all_reduce\",\"state\":"
	    "\"started\"}' fr.json", p) == 0);
	CHECK(test_sh("grep -Eq 'train|distributed_c10d|pt_main_thread|"
	    "default_pg' fr.json") != 0);
}

/* DCGM job statistics (issue 18): run when dcgmi is there, by the job's
 * own id, under nvidia-smi's deadline; no dcgmi is a note, not a failure,
 * and no statistics for the job (dcgmi exits 255) neither. */
DEFINE_TEST(test_collect_dcgmi_stats)
{
	struct manifest			*m;
	const struct manifest_item	*it;

	setup(NULL);
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"), "", "--job 3 --output "
	    "out"), 0);
	m = checked_bundle();
	if ((it = item(m, "gpu/dcgmi-stats.txt")) != NULL) {
		CHECK_EQ_STR(it->error, "ENOENT: dcgmi stats -j 3 -v not found");
		CHECK_EQ_U64(it->bytes, 0);
	}
	manifest_free(m);

	test_sh("rm -rf out && mkdir out && printf '#!/bin/sh\\n"
	    "[ \"$*\" = \"stats -j 3 -v\" ] && exec cat \"%s\"\\n"
	    "echo \"Error: Unable to retrieve job statistics. Return: No data "
	    "is available.\"; exit 255\\n' > fakebin/dcgmi && "
	    "chmod +x fakebin/dcgmi",
	    src("fixtures/real/dcgm/uber-prof-job-232-v.txt"));
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"), "", "--job 3 --output "
	    "out"), 0);
	m = checked_bundle();
	if ((it = item(m, "gpu/dcgmi-stats.txt")) != NULL) {
		CHECK(it->error == NULL);
		CHECK_EQ_U64(it->bytes, 3045);
	}
	manifest_free(m);

	test_sh("rm -rf out && mkdir out");
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"), "", "--job 4 --output "
	    "out"), 0);
	m = checked_bundle();
	if ((it = item(m, "gpu/dcgmi-stats.txt")) != NULL) {
		CHECK_EQ_INT(it->exit_status, 255);
		/* dcgmi says why on its standard output: kept */
		CHECK_EQ_STR(it->error, "non-zero exit");
		CHECK(it->bytes > 0);
	}
	manifest_free(m);
}

/* ROCm: amd-smi's JSON rows when amd-smi is there (rocm-smi is then not
 * asked); rocm-smi when it is not (the one amd-smi item says ENOENT, the
 * other amd-smi rows leave none); neither installed is two notes, never
 * a failure (exit 0, as without nvidia-smi). */
DEFINE_TEST(test_collect_amd_smi_then_rocm_smi)
{
	struct manifest			*m;
	const struct manifest_item	*it;

	setup(NULL);
	test_sh("ln -sf '%s/amd-smi' '%s/rocm-smi' fakebin/",
	    src("tests/fakes/bin"), src("tests/fakes/bin"));
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"), "",
	    "--job 3 --output out --deadline 20"), 0);
	m = checked_bundle();
	if ((it = item(m, "gpu/amd-smi-metric.json")) != NULL) {
		CHECK_EQ_INT(it->exit_status, 0);
		CHECK_EQ_STR(it->source, "amd-smi metric --json");
		CHECK(it->bytes > 100 && it->error == NULL);
	}
	item(m, "gpu/amd-smi-process.json");
	item(m, "gpu/amd-smi-bad-pages.json");
	if ((it = item(m, "gpu/amd-smi-static.json")) != NULL)
		CHECK(it->error != NULL && it->exit_status == 2);
	CHECK(m != NULL && manifest_find(m, "gpu/rocm-smi.json") == NULL);
	CHECK(test_sh("tar --zstd -xOf '%s' gpu/amd-smi-bad-pages.json | "
	    "grep -q PENDING", bundle_path()) == 0);
	manifest_free(m);

	test_sh("rm -rf out/* fakebin/amd-smi");
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"), "",
	    "--job 3 --output out --deadline 20"), 0);
	m = checked_bundle();
	if ((it = item(m, "gpu/amd-smi-metric.json")) != NULL)
		CHECK_EQ_STR(it->error, "ENOENT: amd-smi metric --json not "
		    "found");
	CHECK(m != NULL && manifest_find(m, "gpu/amd-smi-process.json") ==
	    NULL);
	CHECK(m != NULL && manifest_find(m, "gpu/amd-smi-bad-pages.json") ==
	    NULL);
	if ((it = item(m, "gpu/rocm-smi.json")) != NULL) {
		CHECK_EQ_INT(it->exit_status, 0);
		CHECK_EQ_STR(it->source, "rocm-smi --showmeminfo vram "
		    "--showproductname --json");
	}
	manifest_free(m);

	test_sh("rm -rf out/* fakebin/rocm-smi");
	CHECK_EQ_INT(collect(src(FIX "/cgroup-v1"), "",
	    "--job 3 --output out --deadline 20"), 0);
	m = checked_bundle();
	if ((it = item(m, "gpu/rocm-smi.json")) != NULL)
		CHECK(it->error != NULL && strncmp(it->error, "ENOENT", 6) == 0);
	manifest_free(m);
}
