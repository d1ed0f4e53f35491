/*
 * fleet_pg: the fleet database in PostgreSQL (see fleet_pg.h), through
 * Debian's libpq. The schema is the SQLite one (fleet.c) in PostgreSQL's
 * types: schema_migrations (one row per migration applied, in order),
 * records (the record's text and the columns a report groups by, taken
 * from it by the server) and bundles (every input's sha256, unique).
 *
 * Concurrent ingesters, on one host or many: the migrations run in one
 * transaction under a transaction-level advisory lock, and each job's
 * check-and-insert too (the lock SQLite's BEGIN IMMEDIATE gives), so two
 * ingesters racing on one bundle store it once; the bundles' primary key
 * is the last word either way.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

#include "fleet_pg.h"

/* The advisory lock's key: "oomt" */
#define PG_LOCK		"SELECT pg_advisory_xact_lock(1869573492)"

/* Migrations, applied in order; never edit one that shipped, add one.
 * Version N here is version N of fleet.c's SQLite schema. */
static const char *const pg_migrations[] = {
	/* 1: records and the bundles they came from */
	"CREATE TABLE records ("
	" id BIGSERIAL PRIMARY KEY,"
	" cluster TEXT, job_id TEXT, cause TEXT, boundary TEXT,"
	" failure_domain TEXT, retry_outlook TEXT, partition TEXT,"
	" gpu_model TEXT, start TEXT, gpu_hours_lost DOUBLE PRECISION,"
	" record TEXT NOT NULL, ingested TIMESTAMPTZ NOT NULL);"
	"CREATE INDEX records_job ON records(cluster, job_id);"
	"CREATE TABLE bundles ("
	" sha256 TEXT PRIMARY KEY,"
	" record_id BIGINT NOT NULL REFERENCES records(id),"
	" path TEXT);",
};
#define PG_NMIGRATIONS	(sizeof(pg_migrations) / sizeof(pg_migrations[0]))

struct fleet_pg {
	PGconn	*c;
};

/* A command without rows; 0 ok, -1 said why. */
static int
pg_cmd(struct fleet_pg *p, const char *sql, FILE *err)
{
	PGresult	*r = PQexec(p->c, sql);
	int		 ok = PQresultStatus(r) == PGRES_COMMAND_OK ||
			    PQresultStatus(r) == PGRES_TUPLES_OK;

	if (!ok)
		fprintf(err, "oomtrail: fleet: postgresql: %s",
		    PQresultErrorMessage(r));
	PQclear(r);
	return ok ? 0 : -1;
}

static void
pg_rollback(struct fleet_pg *p)
{
	PQclear(PQexec(p->c, "ROLLBACK"));
}

struct fleet_pg *
fleet_pg_open(const char *url, FILE *err)
{
	struct fleet_pg	*p;
	PGresult	*r;
	long long	 v;
	char		 sql[128];

	if ((p = calloc(1, sizeof(*p))) == NULL)
		return NULL;
	p->c = PQconnectdb(url);
	if (PQstatus(p->c) != CONNECTION_OK) {
		/* the message names host and port, never the password */
		fprintf(err, "oomtrail: fleet: postgresql: %s",
		    PQerrorMessage(p->c));
		fleet_pg_close(p);
		return NULL;
	}
	PQclear(PQexec(p->c, "SET client_min_messages = warning"));
	if (pg_cmd(p, "BEGIN", err) != 0)
		goto bad;
	if (pg_cmd(p, PG_LOCK, err) != 0 ||
	    pg_cmd(p, "CREATE TABLE IF NOT EXISTS schema_migrations ("
	    "version INTEGER PRIMARY KEY, applied TIMESTAMPTZ NOT NULL)",
	    err) != 0)
		goto rollback;
	r = PQexec(p->c, "SELECT coalesce(max(version), 0) FROM "
	    "schema_migrations");
	if (PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) != 1) {
		fprintf(err, "oomtrail: fleet: postgresql: %s",
		    PQresultErrorMessage(r));
		PQclear(r);
		goto rollback;
	}
	v = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
	PQclear(r);
	if (v > (long long)PG_NMIGRATIONS) {
		fprintf(err, "oomtrail: fleet: postgresql: schema version %lld "
		    "is newer than this oomtrail's (%zu)\n", v,
		    PG_NMIGRATIONS);
		goto rollback;
	}
	for (; v < (long long)PG_NMIGRATIONS; v++) {
		snprintf(sql, sizeof(sql), "INSERT INTO schema_migrations "
		    "VALUES (%lld, now())", v + 1);
		if (pg_cmd(p, pg_migrations[v], err) != 0 ||
		    pg_cmd(p, sql, err) != 0)
			goto rollback;
	}
	if (pg_cmd(p, "COMMIT", err) != 0)
		goto bad;
	return p;
rollback:
	pg_rollback(p);
bad:
	fleet_pg_close(p);
	return NULL;
}

void
fleet_pg_close(struct fleet_pg *p)
{
	if (p == NULL)
		return;
	PQfinish(p->c);
	free(p);
}

/* One value of a one-parameter query, as a number; 0 none. */
static int64_t
pg_id(struct fleet_pg *p, const char *sql, const char *arg)
{
	PGresult	*r;
	int64_t		 id = 0;

	r = PQexecParams(p->c, sql, 1, NULL, &arg, NULL, NULL, 0);
	if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) > 0 &&
	    !PQgetisnull(r, 0, 0))
		id = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
	PQclear(r);
	return id;
}

int64_t
fleet_pg_stored(struct fleet_pg *p, const char *sha)
{
	if (sha[0] == '\0')
		return 0;
	return pg_id(p, "SELECT record_id FROM bundles WHERE sha256 = $1",
	    sha);
}

int
fleet_pg_store(struct fleet_pg *p, const char *rec, const char *const *sha,
    const char *const *path, size_t n, FILE *err)
{
	static const char ins[] = "INSERT INTO records (cluster, job_id, "
	    "cause, boundary, failure_domain, retry_outlook, partition, "
	    "gpu_model, start, gpu_hours_lost, record, ingested) SELECT "
	    "j->>'cluster', j->>'job_id', j->>'cause', j->>'boundary', "
	    "j->>'failure_domain', j->>'retry_outlook', j->>'partition', "
	    "j->>'gpu_model', j->>'start', (j->>'gpu_hours_lost')::double "
	    "precision, $1, now() FROM (SELECT $1::jsonb AS j) AS x "
	    "RETURNING id";
	PGresult	*r;
	int64_t		 id = 0, had;
	size_t		 i, nhad = 0, nfile = 0;
	char		 idbuf[32];
	const char	*args[3];

	if (pg_cmd(p, "BEGIN", err) != 0)
		return -1;
	if (pg_cmd(p, PG_LOCK, err) != 0)
		goto bad;
	for (i = 0; i < n; i++) {
		if (sha[i][0] != '\0')
			nfile++;
		if ((had = fleet_pg_stored(p, sha[i])) != 0) {
			id = had;
			nhad++;
		}
	}
	if (nhad > 0 && nhad == nfile) {
		pg_rollback(p);
		return 0;
	}
	if (nhad == 0 && (id = pg_id(p, "SELECT id FROM records WHERE "
	    "job_id = $1::jsonb->>'job_id' AND cluster IS NOT DISTINCT FROM "
	    "$1::jsonb->>'cluster' ORDER BY id LIMIT 1", rec)) != 0)
		nhad = 1;	/* a later bundle of a stored job */
	if (nhad == 0) {
		r = PQexecParams(p->c, ins, 1, NULL, &rec, NULL, NULL, 0);
		if (PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) != 1) {
			fprintf(err, "oomtrail: fleet: postgresql: %s",
			    PQresultErrorMessage(r));
			PQclear(r);
			goto bad;
		}
		id = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
		PQclear(r);
	}
	snprintf(idbuf, sizeof(idbuf), "%lld", (long long)id);
	for (i = 0; i < n; i++) {
		if (sha[i][0] == '\0')
			continue;
		args[0] = sha[i];
		args[1] = idbuf;
		args[2] = path[i];
		r = PQexecParams(p->c, "INSERT INTO bundles VALUES ($1, $2, "
		    "$3) ON CONFLICT (sha256) DO NOTHING", 3, NULL, args, NULL,
		    NULL, 0);
		if (PQresultStatus(r) != PGRES_COMMAND_OK) {
			fprintf(err, "oomtrail: fleet: postgresql: %s",
			    PQresultErrorMessage(r));
			PQclear(r);
			goto bad;
		}
		PQclear(r);
	}
	if (pg_cmd(p, "COMMIT", err) != 0)
		return -1;
	return nhad > 0 ? 2 : 1;
bad:
	pg_rollback(p);
	return -1;
}

/*
 * Every stored record, in id order, one row at a time: libpq's
 * single-row mode hands each row over as it arrives, so a report over
 * millions of records holds one of them, not the whole result, in
 * memory (PQexec would buffer it all).
 */
int
fleet_pg_each(struct fleet_pg *p, void (*fn)(int64_t, const char *, void *),
    void *arg, FILE *err)
{
	PGresult	*r;
	int		 rc = 0;

	if (!PQsendQuery(p->c, "SELECT id, record FROM records ORDER BY id") ||
	    !PQsetSingleRowMode(p->c)) {
		fprintf(err, "oomtrail: fleet: postgresql: %s",
		    PQerrorMessage(p->c));
		while ((r = PQgetResult(p->c)) != NULL)
			PQclear(r);
		return -1;
	}
	while ((r = PQgetResult(p->c)) != NULL) {
		switch (PQresultStatus(r)) {
		case PGRES_SINGLE_TUPLE:
			if (rc == 0)
				fn(strtoll(PQgetvalue(r, 0, 0), NULL, 10),
				    PQgetvalue(r, 0, 1), arg);
			break;
		case PGRES_TUPLES_OK:	/* the end: no rows in it */
			break;
		default:
			if (rc == 0)
				fprintf(err, "oomtrail: fleet: postgresql: %s",
				    PQresultErrorMessage(r));
			rc = -1;
		}
		PQclear(r);
	}
	return rc;
}
