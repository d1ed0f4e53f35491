/*
 * test_fleet: "oomtrail fleet ingest" (report/fleet.c) with the real
 * binary on bundles packed from the shipped scenarios: bundles of one
 * job (cluster and job id in their manifests) become one record, a
 * second ingest adds nothing (idempotent by bundle hash), two ingesters
 * racing on the same bundles store each job once, the schema is
 * versioned and a database from a newer oomtrail is refused.
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

/* job 1 (time limit), job 7 on vm twice (two bundles: one record),
 * and a bundle of another cluster's job 7 would be another record. */
static const char *const sc[] = {
	"time_limit-fires-sacct-timeout",
	"retired_pages-fires-xid48-dbe",
	"cuda_oom_fragmentation-fires-unallocated-cache",
	"no_incident-fires-bundle-while-running",
};
#define NSC	(sizeof(sc) / sizeof(sc[0]))

static void
pack_all(char *list, size_t n)
{
	list[0] = '\0';
	for (size_t i = 0; i < NSC; i++) {
		char	rel[256];

		snprintf(rel, sizeof(rel), "fixtures/scenarios/%s", sc[i]);
		if (access(sc[i], F_OK) != 0 && test_sh("'%s' '%s' . '%s' "
		    ">/dev/null", test_bin("tests/mkbundle"), test_src(rel),
		    sc[i]) != 0)
			test_fail(__FILE__, __LINE__, "mkbundle %s", sc[i]);
		strncat(list, " ", n - strlen(list) - 1);
		strncat(list, sc[i], n - strlen(list) - 1);
	}
}

static int64_t
q1(const char *db, const char *sql)
{
	sqlite3		*h = NULL;
	sqlite3_stmt	*st = NULL;
	int64_t		 v = -1;

	if (sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	else
		fprintf(stderr, "q1 %s: %s\n", sql, h ? sqlite3_errmsg(h) :
		    "open");
	sqlite3_finalize(st);
	sqlite3_close(h);
	return v;
}

/* How many distinct cluster/job keys the scenarios' manifests name. */
static int64_t
jobs_expected(void)
{
	return 3;	/* ci/1, ci/7 (two bundles), and the running job */
}

DEFINE_TEST(test_fleet_ingest_idempotent)
{
	char	 list[2048];
	int64_t	 recs;

	pack_all(list, sizeof(list));
	CHECK_EQ_INT(test_sh("'%s' fleet ingest f.db %s >out1.txt",
	    test_bin("report/oomtrail"), list), 0);
	recs = q1("f.db", "SELECT count(*) FROM records");
	CHECK_EQ_INT(recs, jobs_expected());
	CHECK_EQ_INT(q1("f.db", "SELECT count(*) FROM bundles"), NSC);
	/* The two bundles of ci/7 share one record. */
	CHECK_EQ_INT(q1("f.db", "SELECT count(DISTINCT record_id) FROM "
	    "bundles"), jobs_expected());
	CHECK_EQ_INT(q1("f.db", "SELECT count(*) FROM records WHERE "
	    "cluster = 'ci' AND job_id = '1' AND failure_domain = "
	    "'scheduler' AND json_extract(record, '$.schema') = "
	    "'oomtrail.record/1'"), 1);
	CHECK_EQ_INT(q1("f.db", "SELECT max(version) FROM "
	    "schema_migrations"), 1);
	/* Again: nothing new. */
	CHECK_EQ_INT(test_sh("'%s' fleet ingest f.db %s >out2.txt",
	    test_bin("report/oomtrail"), list), 0);
	CHECK_EQ_INT(test_sh("grep -q '0 job(s) stored, 4 input(s) already "
	    "stored' out2.txt"), 0);
	CHECK_EQ_INT(q1("f.db", "SELECT count(*) FROM records"), recs);
	CHECK_EQ_INT(q1("f.db", "SELECT count(*) FROM schema_migrations"), 1);
	/* Write-ahead logging, for concurrent ingesters. */
	CHECK_EQ_INT(q1("f.db", "SELECT journal_mode = 'wal' FROM "
	    "pragma_journal_mode"), 1);
}

/* A saved analysis is an input too: its record, without the job's
 * Slurm fields (the analysis JSON does not carry them). */
DEFINE_TEST(test_fleet_saved_analysis)
{
	char	 list[2048];

	pack_all(list, sizeof(list));
	CHECK_EQ_INT(test_sh("'%s' analyze -f json '%s' >saved.json",
	    test_bin("report/oomtrail"), sc[0]), 0);
	CHECK_EQ_INT(test_sh("'%s' fleet ingest s.db saved.json >/dev/null",
	    test_bin("report/oomtrail")), 0);
	CHECK_EQ_INT(q1("s.db", "SELECT count(*) FROM records WHERE cause = "
	    "'time_limit' AND retry_outlook = 'requeue' AND job_id IS NULL"),
	    1);
	CHECK_EQ_INT(q1("s.db", "SELECT count(*) FROM bundles"), 1);
}

/* Two ingesters at once on the same bundles (and a third on half of
 * them): every job is stored once, every bundle once. */
DEFINE_TEST(test_fleet_concurrent)
{
	char	 list[2048];
	int	 rc;

	pack_all(list, sizeof(list));
	for (int round = 0; round < 3; round++) {
		(void)unlink("c.db");
		(void)unlink("c.db-wal");
		(void)unlink("c.db-shm");
		rc = test_sh("B='%s'; ($B fleet ingest c.db %s >a.txt 2>&1 &"
		    " $B fleet ingest c.db %s >b.txt 2>&1 &"
		    " $B fleet ingest c.db %s %s >c.txt 2>&1 & wait) && "
		    "! grep -q 'locked\\|busy\\|error' a.txt b.txt c.txt",
		    test_bin("report/oomtrail"), list, list, sc[0], sc[1]);
		CHECK_EQ_INT(rc, 0);
		CHECK_EQ_INT(q1("c.db", "SELECT count(*) FROM records"),
		    jobs_expected());
		CHECK_EQ_INT(q1("c.db", "SELECT count(*) FROM bundles"), NSC);
		CHECK_EQ_INT(q1("c.db", "SELECT count(*) FROM "
		    "schema_migrations"), 1);
	}
	(void)test_sh("cat a.txt b.txt c.txt >&2");
}

/* A database whose schema is newer than this oomtrail is refused, and
 * not touched. */
DEFINE_TEST(test_fleet_newer_schema)
{
	char	 list[2048];

	pack_all(list, sizeof(list));
	CHECK_EQ_INT(test_sh("'%s' fleet ingest n.db %s >/dev/null",
	    test_bin("report/oomtrail"), sc[0]), 0);
	{
		sqlite3	*h = NULL;

		CHECK(sqlite3_open("n.db", &h) == SQLITE_OK &&
		    sqlite3_exec(h, "INSERT INTO schema_migrations VALUES "
		    "(99, 'future')", NULL, NULL, NULL) == SQLITE_OK);
		sqlite3_close(h);
	}
	CHECK(test_sh("'%s' fleet ingest n.db %s 2>err.txt >/dev/null",
	    test_bin("report/oomtrail"), list) != 0);
	CHECK_EQ_INT(test_sh("grep -q 'schema version 99 is newer' err.txt"),
	    0);
	CHECK_EQ_INT(q1("n.db", "SELECT count(*) FROM records"), 1);
}

/* fleet report: causes ranked by GPU-hours lost, and a node whose
 * hardware faults recur across jobs (three jobs' bundles with Xids 48,
 * 31 and 13/109 on node vm, ingested one by one) listed as sick
 * hardware: 48 (memory) and 109 (context-switch timeout) count, 31 and
 * 13 the catalog files under the application, so job 101 does not. */
DEFINE_TEST(test_fleet_report_md)
{
	static const char *const x[] = {
		"retired_pages-fires-xid48-dbe",
		"xid_fault-fires-xid31-illegal-access",
		"xid_fault-fires-xid13-then-109-ctxsw",
	};
	char	 rel[256], mk[1024];

	/* Each its own job: the scenarios all say ci/7, so a copy of each
	 * gets job 100, 101, 102 in its manifest. */
	snprintf(mk, sizeof(mk), "%s", test_bin("tests/mkbundle"));
	for (size_t i = 0; i < 3; i++) {
		snprintf(rel, sizeof(rel), "fixtures/scenarios/%s", x[i]);
		CHECK_EQ_INT(test_sh("cp -r '%s' s%zu && sed -i "
		    "'s/\"job_id\": \"7\"/\"job_id\": \"10%zu\"/' "
		    "s%zu/scenario.json && grep -q '\"10%zu\"' "
		    "s%zu/scenario.json && '%s' s%zu . '%s' >/dev/null && "
		    "'%s' fleet ingest r.db '%s' >/dev/null", test_src(rel), i,
		    i, i, i, i, mk, i, x[i], test_bin("report/oomtrail"),
		    x[i]), 0);
	}
	CHECK_EQ_INT(test_sh("'%s' fleet report r.db >r.md",
	    test_bin("report/oomtrail")), 0);
	CHECK_EQ_INT(test_sh("grep -q '^| xid\\\\_fault | workload | 2 |' r.md"),
	    0);
	CHECK_EQ_INT(test_sh("grep -qF '1. **vm**: faults in 2 jobs "
	    "(ci\\:100, ci\\:102); Xids 48, 109;' r.md"), 0);
	CHECK_EQ_INT(test_sh("grep -qF '1. vm (2 jobs' r.md"), 0);
	/* Bad use: no such database, another format, a bad date. */
	CHECK(test_sh("'%s' fleet report none.db 2>/dev/null",
	    test_bin("report/oomtrail")) == 1);
	CHECK(test_sh("'%s' fleet report --format text r.db 2>/dev/null",
	    test_bin("report/oomtrail")) == 2);
	CHECK(test_sh("'%s' fleet report --since 2026-13 r.db 2>/dev/null",
	    test_bin("report/oomtrail")) == 2);
}
