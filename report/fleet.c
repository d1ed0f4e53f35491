/*
 * fleet: "oomtrail fleet ingest DB INPUT..." (issue 19). Many bundles of
 * many jobs go in; they are grouped by job (cluster and job id from
 * their manifests), each job is analysed once, and its flat record
 * (oomtrail.record/1, render_record.c) is stored in an SQLite database.
 *
 * The database: a versioned schema (schema_migrations, one row per
 * migration applied, in order), records (the record's JSON and the
 * columns a report groups by) and bundles (the sha256 of every input
 * file, unique): an input whose hash is stored is skipped, so a second
 * ingest of the same spool adds nothing. Concurrent ingesters: WAL, a
 * busy timeout, and each job's check-and-insert in one BEGIN IMMEDIATE
 * transaction, so two of them racing on one bundle store it once.
 */
#include <sys/stat.h>

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis.h"
#include "bundle.h"
#include "escape.h"
#include "fleet.h"
#include "fleet_model.h"
#include "fleet_pg.h"
#include "hash.h"
#include "report.h"

#define FLEET_BUSY_MS	60000
#define FLEET_RETRIES	600	/* x 100 ms: the busy handler's bound */

/* Migrations, applied in order; never edit one that shipped, add one. */
static const char *const migrations[] = {
	/* 1: records and the bundles they came from */
	"CREATE TABLE records ("
	" id INTEGER PRIMARY KEY,"
	" cluster TEXT, job_id TEXT, cause TEXT, boundary TEXT,"
	" failure_domain TEXT, retry_outlook TEXT, partition TEXT,"
	" gpu_model TEXT, start TEXT, gpu_hours_lost REAL,"
	" record TEXT NOT NULL, ingested TEXT NOT NULL);"
	"CREATE INDEX records_job ON records(cluster, job_id);"
	"CREATE TABLE bundles ("
	" sha256 TEXT PRIMARY KEY,"
	" record_id INTEGER NOT NULL REFERENCES records(id),"
	" path TEXT);",
};
#define NMIGRATIONS	(sizeof(migrations) / sizeof(migrations[0]))

struct fin {				/* one input */
	const char	*path;
	char		 sha[65];	/* "" when not a file */
	char		*key;		/* cluster/job, or NULL: alone */
	int		 done;
};

/* The database: SQLite (a file), or PostgreSQL (a postgresql:// URI,
 * fleet_pg.c) where the build has libpq. */
struct fdb {
	sqlite3		*lite;
	struct fleet_pg	*pg;
};

int
fleet_pg_is_url(const char *s)
{
	return strncmp(s, "postgresql://", 13) == 0 ||
	    strncmp(s, "postgres://", 11) == 0;
}

static int
db_exec(sqlite3 *db, const char *sql, FILE *err)
{
	char	*msg = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		fprintf(err, "oomtrail: fleet: %s\n", msg ? msg :
		    sqlite3_errmsg(db));
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

/* The schema version stored, 0 for a new database. */
static int
db_version(sqlite3 *db, int64_t *v)
{
	sqlite3_stmt	*st;
	int		 rc;

	*v = 0;
	if (sqlite3_prepare_v2(db, "SELECT coalesce(max(version), 0) FROM "
	    "schema_migrations", -1, &st, NULL) != SQLITE_OK)
		return -1;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : -1;
}

/* Open (or create) the database and bring its schema up to date. */
/* sql, again while another connection holds the lock: SQLite does not
 * call the busy handler where waiting could deadlock (switching the
 * journal mode, upgrading a lock), so concurrent ingesters retry here
 * quietly; the last try reports its error. */
static int
db_exec_retry(sqlite3 *db, const char *sql, FILE *err)
{
	struct timespec	ts = { 0, 100000000 };
	int		rc;

	for (int i = 0; i < FLEET_RETRIES; i++) {
		rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
		if (rc == SQLITE_OK)
			return 0;
		if ((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED)
			break;
		nanosleep(&ts, NULL);
	}
	return db_exec(db, sql, err);
}

static sqlite3 *
lite_open(const char *path, FILE *err)
{
	sqlite3		*db = NULL;
	int64_t		 v;
	char		 sql[96];

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
		fprintf(err, "oomtrail: fleet: %s: %s\n", path,
		    db ? sqlite3_errmsg(db) : "cannot open");
		sqlite3_close(db);
		return NULL;
	}
	sqlite3_busy_timeout(db, FLEET_BUSY_MS);
	/* synchronous=NORMAL: in WAL mode a crash loses at most the last
	 * commits, never the database; a record is re-ingested then. */
	if (db_exec_retry(db, "PRAGMA journal_mode=WAL;", err) != 0 ||
	    db_exec(db, "PRAGMA synchronous=NORMAL;", err) != 0 ||
	    db_exec(db, "PRAGMA foreign_keys=ON;", err) != 0 ||
	    db_exec_retry(db, "BEGIN IMMEDIATE;", err) != 0)
		goto bad;
	if (db_exec(db, "CREATE TABLE IF NOT EXISTS schema_migrations ("
	    "version INTEGER PRIMARY KEY, applied TEXT NOT NULL);", err) != 0 ||
	    db_version(db, &v) != 0)
		goto rollback;
	if (v > (int64_t)NMIGRATIONS) {
		fprintf(err, "oomtrail: fleet: %s: schema version %lld is "
		    "newer than this oomtrail's (%zu)\n", path, (long long)v,
		    NMIGRATIONS);
		goto rollback;
	}
	for (; v < (int64_t)NMIGRATIONS; v++) {
		snprintf(sql, sizeof(sql), "INSERT INTO schema_migrations "
		    "VALUES (%lld, datetime('now'));", (long long)v + 1);
		if (db_exec(db, migrations[v], err) != 0 ||
		    db_exec(db, sql, err) != 0)
			goto rollback;
	}
	if (db_exec(db, "COMMIT;", err) != 0)
		goto rollback;
	return db;
rollback:
	(void)sqlite3_exec(db, "ROLLBACK;", NULL, NULL, NULL);
bad:
	sqlite3_close(db);
	return NULL;
}

static void
file_hash(struct fin *f)
{
	struct sha256	 h;
	struct stat	 st;
	char		 buf[65536];
	size_t		 n;
	FILE		*fp;

	f->sha[0] = '\0';
	if (stat(f->path, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (fp = fopen(f->path, "rb")) == NULL)
		return;
	sha256_init(&h);
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		sha256_update(&h, buf, n);
	if (!ferror(fp))
		sha256_hex(&h, f->sha);
	fclose(fp);
}

/* The job a bundle is of, from its manifest: "cluster/job" (an array
 * task's own id is its job id), or NULL without one. */
static char *
job_key(const char *path)
{
	struct bundle_reader	*r = NULL;
	struct bundle_member	 m;
	const struct manifest	*mf;
	struct err		 e = { 0 };
	char			*key = NULL;
	size_t			 n;

	if (bundle_reader_open(&r, path, NULL, &e) != ERR_OK)
		return NULL;
	while (bundle_next(r, &m, &e) == 1)
		;
	mf = bundle_manifest(r);
	if (mf != NULL && mf->job_id != NULL) {
		n = strlen(mf->job_id) + (mf->cluster ? strlen(mf->cluster) :
		    0) + 2;
		if ((key = malloc(n)) != NULL)
			snprintf(key, n, "%s/%s", mf->cluster ? mf->cluster :
			    "", mf->job_id);
	}
	bundle_reader_close(r);
	return key;
}

/* The record a bundle is stored under, or 0. */
static sqlite3_int64
lite_stored(sqlite3 *db, const char *sha)
{
	sqlite3_stmt	*st;
	sqlite3_int64	 id = 0;

	if (sha[0] == '\0' || sqlite3_prepare_v2(db, "SELECT record_id FROM "
	    "bundles WHERE sha256 = ?", -1, &st, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_text(st, 1, sha, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

/* The record stored for the record's job (cluster and job id), or 0;
 * a record without a job id is a job of its own. */
static sqlite3_int64
job_stored(sqlite3 *db, const char *rec)
{
	sqlite3_stmt	*st;
	sqlite3_int64	 id = 0;

	if (sqlite3_prepare_v2(db, "SELECT id FROM records WHERE job_id = "
	    "json_extract(?1, '$.job_id') AND cluster IS json_extract(?1, "
	    "'$.cluster') ORDER BY id LIMIT 1", -1, &st, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_text(st, 1, rec, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

/* Store one job's record and its bundles' hashes: 1 stored. When
 * another ingester stored some of them first (racing, or a bundle of
 * the job arriving later), the new ones join that record without a new
 * analysis: 2; all of them: 0. -1 error. */
static int
lite_store(sqlite3 *db, const char *rec, const char *const *sha,
    const char *const *path, size_t n, FILE *err)
{
	static const char ins[] = "INSERT INTO records (cluster, job_id, "
	    "cause, boundary, failure_domain, retry_outlook, partition, "
	    "gpu_model, start, gpu_hours_lost, record, ingested) VALUES ("
	    "json_extract(?1, '$.cluster'), json_extract(?1, '$.job_id'), "
	    "json_extract(?1, '$.cause'), json_extract(?1, '$.boundary'), "
	    "json_extract(?1, '$.failure_domain'), "
	    "json_extract(?1, '$.retry_outlook'), "
	    "json_extract(?1, '$.partition'), json_extract(?1, '$.gpu_model'), "
	    "json_extract(?1, '$.start'), json_extract(?1, '$.gpu_hours_lost'), "
	    "?1, datetime('now'))";
	sqlite3_stmt	*st = NULL;
	sqlite3_int64	 id = 0, had;
	size_t		 i, nhad = 0, nfile = 0;

	if (db_exec_retry(db, "BEGIN IMMEDIATE;", err) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (sha[i][0] != '\0')
			nfile++;
		if ((had = lite_stored(db, sha[i])) != 0) {
			id = had;
			nhad++;
		}
	}
	if (nhad > 0 && nhad == nfile) {
		(void)db_exec(db, "ROLLBACK;", err);
		return 0;
	}
	if (nhad == 0 && (id = job_stored(db, rec)) != 0)
		nhad = 1;	/* a later bundle of a stored job */
	if (nhad == 0) {
		if (sqlite3_prepare_v2(db, ins, -1, &st, NULL) != SQLITE_OK ||
		    sqlite3_bind_text(st, 1, rec, -1, SQLITE_STATIC) !=
		    SQLITE_OK || sqlite3_step(st) != SQLITE_DONE)
			goto bad;
		sqlite3_finalize(st);
		st = NULL;
		id = sqlite3_last_insert_rowid(db);
	}
	if (sqlite3_prepare_v2(db, "INSERT OR IGNORE INTO bundles VALUES "
	    "(?, ?, ?)", -1, &st, NULL) != SQLITE_OK)
		goto bad;
	for (i = 0; i < n; i++) {
		if (sha[i][0] == '\0')
			continue;
		sqlite3_reset(st);
		if (sqlite3_bind_text(st, 1, sha[i], -1, SQLITE_STATIC) ||
		    sqlite3_bind_int64(st, 2, id) ||
		    sqlite3_bind_text(st, 3, path[i], -1, SQLITE_STATIC) ||
		    sqlite3_step(st) != SQLITE_DONE)
			goto bad;
	}
	sqlite3_finalize(st);
	if (db_exec(db, "COMMIT;", err) != 0)
		return -1;
	return nhad > 0 ? 2 : 1;
bad:
	fprintf(err, "oomtrail: fleet: %s\n", sqlite3_errmsg(db));
	sqlite3_finalize(st);
	(void)sqlite3_exec(db, "ROLLBACK;", NULL, NULL, NULL);
	return -1;
}

static struct fdb *
fdb_open(const char *target, FILE *err)
{
	struct fdb	*d;

	if ((d = calloc(1, sizeof(*d))) == NULL)
		return NULL;
	if (fleet_pg_is_url(target)) {
#ifdef OOMTRAIL_HAVE_PQ
		if ((d->pg = fleet_pg_open(target, err)) != NULL)
			return d;
#else
		fprintf(err, "oomtrail: fleet: this oomtrail was built "
		    "without PostgreSQL (a static build leaves it out): "
		    "use a dynamic build for --db postgresql://\n");
#endif
	} else if ((d->lite = lite_open(target, err)) != NULL)
		return d;
	free(d);
	return NULL;
}

static void
fdb_close(struct fdb *d)
{
	if (d == NULL)
		return;
	sqlite3_close(d->lite);
#ifdef OOMTRAIL_HAVE_PQ
	fleet_pg_close(d->pg);
#endif
	free(d);
}

static int64_t
stored(struct fdb *d, const char *sha)
{
#ifdef OOMTRAIL_HAVE_PQ
	if (d->pg != NULL)
		return fleet_pg_stored(d->pg, sha);
#endif
	return lite_stored(d->lite, sha);
}

static int
store(struct fdb *d, const char *rec, const char *const *sha,
    const char *const *path, size_t n, FILE *err)
{
#ifdef OOMTRAIL_HAVE_PQ
	if (d->pg != NULL)
		return fleet_pg_store(d->pg, rec, sha, path, n, err);
#endif
	return lite_store(d->lite, rec, sha, path, n, err);
}

/* An input that is a saved analysis (oomtrail.analysis/1), read back;
 * NULL for anything else, which is then analysed as evidence. Its
 * record lacks the job's Slurm fields (the analysis JSON has none). */
static struct analysis *
saved_analysis(const char *path)
{
	struct analysis	*an = NULL;
	struct err	 e = { 0 };
	struct stat	 st;
	size_t		 len, n;
	char		*p;
	FILE		*fp;

	len = strlen(path);
	if (len < 5 || strcmp(path + len - 5, ".json") != 0 ||
	    stat(path, &st) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_size > (64 << 20) || (fp = fopen(path, "rb")) == NULL)
		return NULL;
	if ((p = malloc((size_t)st.st_size + 1)) != NULL) {
		n = fread(p, 1, (size_t)st.st_size, fp);
		if (n == 0 || model_from_json(p, n, &an, &e) != ERR_OK)
			an = NULL;
		free(p);
	}
	fclose(fp);
	return an;
}

/* Analyse one group (one job) and store it. */
static int
ingest_group(struct fdb *db, struct fin **g, size_t n, const struct fleet_opts
    *o, size_t *nstored, size_t *njoined, size_t *nfailed)
{
	struct analyze_opts	 ao = { 0 };
	struct analysis		*an = NULL;
	struct err		 e = { 0 };
	const char		**paths;
	char			*rec = NULL;
	size_t			 len = 0;
	FILE			*fp;
	int			 rc;

	if ((paths = calloc(n, sizeof(*paths))) == NULL)
		return -1;
	for (size_t i = 0; i < n; i++)
		paths[i] = g[i]->path;
	ao.inputs = paths;
	ao.ninputs = n;
	ao.jobs = o->jobs;
	ao.limits = o->limits;
	if (n == 1 && (an = saved_analysis(paths[0])) != NULL)
		;	/* a saved analysis: its record as it is */
	else if (analysis_run(&ao, &an, &e) != ERR_OK) {
		fprintf(o->err, "oomtrail: fleet: %s: %s\n", paths[0], e.msg);
		free(paths);
		(*nfailed)++;
		return 0;
	}
	free(paths);
	if ((fp = open_memstream(&rec, &len)) == NULL ||
	    report_record(an, fp, NULL, &e) != ERR_OK) {
		if (fp != NULL)
			fclose(fp);
		free(rec);
		analysis_free(an);
		return -1;
	}
	fclose(fp);
	analysis_free(an);
	{
		const char	**sha = calloc(n, sizeof(*sha));
		const char	**pth = calloc(n, sizeof(*pth));

		if (sha == NULL || pth == NULL)
			rc = -1;
		else {
			for (size_t i = 0; i < n; i++) {
				sha[i] = g[i]->sha;
				pth[i] = g[i]->path;
			}
			rc = store(db, rec, sha, pth, n, o->err);
		}
		free(sha);
		free(pth);
	}
	free(rec);
	if (rc == 1)
		(*nstored)++;
	else if (rc == 2)
		(*njoined)++;
	return rc < 0 ? -1 : 0;
}

static int
is_jsonl(const char *path)
{
	size_t	 n = strlen(path);

	return n > 6 && strcmp(path + n - 6, ".jsonl") == 0;
}

/* A file of records (oomtrail.record/1 lines, as "analyze --format
 * jsonl" writes them, bulk action lines skipped): each line a job,
 * stored as it is, idempotent by its bundle_sha256 (a record without
 * any: by the line's own sha256). A line that is not a record is an
 * error naming the file and line; the other lines still go in. */
static int
ingest_jsonl(struct fdb *db, const char *path, FILE *err, size_t *nstored,
    size_t *nskipped, size_t *njoined, size_t *nfailed)
{
	struct sha256	 h;
	json_error_t	 je;
	json_t		*rec, *hs, *v;
	char		*line = NULL, lsha[65];
	const char	**sha, **pth;
	size_t		 cap = 0, lno = 0, i, n;
	ssize_t		 len;
	FILE		*fp;
	int		 rc = 0, r;

	if ((fp = fopen(path, "r")) == NULL) {
		fprintf(err, "oomtrail: fleet: %s: cannot open\n", path);
		(*nfailed)++;
		return 0;
	}
	while (rc == 0 && (len = getline(&line, &cap, fp)) != -1) {
		lno++;
		while (len > 0 && (line[len - 1] == '\n' ||
		    line[len - 1] == '\r'))
			line[--len] = '\0';
		if (len == 0)
			continue;
		if ((rec = json_loadb(line, (size_t)len, JSON_REJECT_DUPLICATES,
		    &je)) == NULL || !json_is_object(rec)) {
			fprintf(err, "oomtrail: fleet: %s:%zu: not a JSON "
			    "object%s%s\n", path, lno, rec ? "" : ": ",
			    rec ? "" : je.text);
			json_decref(rec);
			(*nfailed)++;
			continue;
		}
		if (json_object_size(rec) == 1 && (json_object_get(rec,
		    "index") || json_object_get(rec, "create"))) {
			json_decref(rec);	/* a bulk action line */
			continue;
		}
		v = json_object_get(rec, "schema");
		if (!json_is_string(v) || strcmp(json_string_value(v),
		    "oomtrail.record/1") != 0) {
			fprintf(err, "oomtrail: fleet: %s:%zu: not an "
			    "oomtrail.record/1 line\n", path, lno);
			json_decref(rec);
			(*nfailed)++;
			continue;
		}
		hs = json_object_get(rec, "bundle_sha256");
		n = json_array_size(hs);
		sha = calloc(n + 1, sizeof(*sha));
		pth = calloc(n + 1, sizeof(*pth));
		if (sha == NULL || pth == NULL)
			rc = -1;
		for (i = 0; rc == 0 && i < n; i++) {
			const char *x = json_string_value(json_array_get(hs,
			    i));

			if (x == NULL || strlen(x) != 64 || x[strspn(x,
			    "0123456789abcdef")] != '\0') {
				fprintf(err, "oomtrail: fleet: %s:%zu: "
				    "bundle_sha256 holds something other "
				    "than a sha256\n", path, lno);
				break;
			}
			sha[i] = x;
			pth[i] = path;
		}
		if (rc == 0 && i < n)
			(*nfailed)++;
		else if (rc == 0) {
			if (n == 0) {
				sha256_init(&h);
				sha256_update(&h, line, (size_t)len);
				sha256_hex(&h, lsha);
				sha[0] = lsha;
				pth[0] = path;
				n = 1;
			}
			r = store(db, line, sha, pth, n, err);
			if (r < 0)
				rc = -1;
			else if (r == 0)
				(*nskipped)++;
			else if (r == 1)
				(*nstored)++;
			else
				(*njoined)++;
		}
		free(sha);
		free(pth);
		json_decref(rec);
	}
	free(line);
	fclose(fp);
	return rc;
}

int
fleet_ingest(const struct fleet_opts *o)
{
	struct fin	*in;
	struct fin	**g;
	struct fdb	*db;
	size_t		 nstored = 0, nskipped = 0, nfailed = 0, njoined = 0;
	size_t		 ng;
	int		 rc = 0;

	if ((db = fdb_open(o->db, o->err)) == NULL)
		return 1;
	in = calloc(o->ninputs, sizeof(*in));
	g = calloc(o->ninputs, sizeof(*g));
	if (in == NULL || g == NULL) {
		rc = 1;
		goto out;
	}
	for (size_t i = 0; i < o->ninputs; i++) {
		in[i].path = o->inputs[i];
		if (is_jsonl(in[i].path)) {
			in[i].done = 1;
			if (ingest_jsonl(db, in[i].path, o->err, &nstored,
			    &nskipped, &njoined, &nfailed) != 0) {
				rc = 1;
				goto out;
			}
			continue;
		}
		file_hash(&in[i]);
		if (stored(db, in[i].sha)) {
			in[i].done = 1;
			nskipped++;
			continue;
		}
		in[i].key = job_key(in[i].path);
	}
	for (size_t i = 0; i < o->ninputs && rc == 0; i++) {
		if (in[i].done)
			continue;
		ng = 0;
		g[ng++] = &in[i];
		in[i].done = 1;
		for (size_t j = i + 1; in[i].key != NULL && j < o->ninputs;
		    j++)
			if (!in[j].done && in[j].key != NULL &&
			    strcmp(in[i].key, in[j].key) == 0) {
				g[ng++] = &in[j];
				in[j].done = 1;
			}
		if (ingest_group(db, g, ng, o, &nstored, &njoined,
		    &nfailed) != 0)
			rc = 1;
	}
	fprintf(o->out, "oomtrail: fleet: %zu job(s) stored, %zu input(s) "
	    "already stored, %zu job(s) joined a stored record, %zu job(s) "
	    "not analysable\n", nstored, nskipped, njoined, nfailed);
out:
	for (size_t i = 0; in != NULL && i < o->ninputs; i++)
		free(in[i].key);
	free(in);
	free(g);
	fdb_close(db);
	return rc != 0 ? 1 : nfailed > 0 ? 3 : 0;
}

struct each_arg {
	struct fleet_acc *acc;
	const char	*name;
	FILE		*err;
};

static void
each_record(int64_t id, const char *t, void *arg)
{
	struct each_arg	*ea = arg;
	json_error_t	 je;
	json_t		*rec;

	if (t == NULL || (rec = json_loads(t, 0, &je)) == NULL) {
		fprintf(ea->err, "oomtrail: fleet: %s: record %lld is not "
		    "JSON: %s\n", ea->name, (long long)id, t ? je.text :
		    "null");
		return;
	}
	fleet_acc_add(ea->acc, rec);
	json_decref(rec);
}

static int
lite_each(sqlite3 *db, struct each_arg *ea)
{
	sqlite3_stmt	*st = NULL;
	int		 rc;

	if (sqlite3_prepare_v2(db, "SELECT id, record FROM records ORDER BY "
	    "id", -1, &st, NULL) != SQLITE_OK) {
		fprintf(ea->err, "oomtrail: fleet: %s: %s\n", ea->name,
		    sqlite3_errmsg(db));
		return -1;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		each_record(sqlite3_column_int64(st, 0), (const char *)
		    sqlite3_column_text(st, 1), ea);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		fprintf(ea->err, "oomtrail: fleet: %s: %s\n", ea->name,
		    sqlite3_errmsg(db));
		return -1;
	}
	return 0;
}

/* Read the stored records (or those from since on) into the report's
 * model and render it. A PostgreSQL URI is never printed (it may hold
 * a password). */
int
fleet_report(const struct fleet_report_opts *o)
{
	struct each_arg	 ea;
	struct fdb	*db;
	struct stat	 sb;
	json_t		*m;
	int		 rc;

	ea.name = fleet_pg_is_url(o->db) ? "postgresql" : o->db;
	ea.err = o->err;
	if (!fleet_pg_is_url(o->db) && stat(o->db, &sb) != 0) {
		fprintf(o->err, "oomtrail: fleet: %s: no such database\n",
		    o->db);
		return 1;
	}
	if ((db = fdb_open(o->db, o->err)) == NULL)
		return 1;
	if ((ea.acc = fleet_acc_new(o->since)) == NULL) {
		fdb_close(db);
		return 1;
	}
#ifdef OOMTRAIL_HAVE_PQ
	if (db->pg != NULL)
		rc = fleet_pg_each(db->pg, each_record, &ea, o->err);
	else
#endif
		rc = lite_each(db->lite, &ea);
	fdb_close(db);
	if ((m = fleet_acc_finish(ea.acc)) == NULL) {
		fprintf(o->err, "oomtrail: fleet: out of memory\n");
		return 1;
	}
	rc = rc != 0 || fleet_render(m, o->format, o->out) != 0;
	json_decref(m);
	return rc;
}
