/*
 * fleet_pg: the fleet database in PostgreSQL (fleet_pg.c, libpq), for
 * sites where many hosts ingest at once; "fleet ingest/report --db
 * postgresql://...". The same schema, migrations and idempotence as the
 * SQLite database in fleet.c. Dynamic builds only: a static build
 * (OOMTRAIL_STATIC_ANALYZER) leaves it out and OOMTRAIL_HAVE_PQ unset.
 */
#ifndef OOMTRAIL_FLEET_PG_H
#define OOMTRAIL_FLEET_PG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct fleet_pg;

/* 1: a PostgreSQL connection URI (postgresql:// or postgres://). */
int		 fleet_pg_is_url(const char *);
/* Connect and bring the schema up to date; NULL: said why on err. */
struct fleet_pg	*fleet_pg_open(const char *url, FILE *err);
void		 fleet_pg_close(struct fleet_pg *);
/* The record a bundle hash is stored under, or 0. */
int64_t		 fleet_pg_stored(struct fleet_pg *, const char *sha);
/* As store() in fleet.c: 1 stored, 2 joined a stored record, 0 all
 * stored already, -1 error. */
int		 fleet_pg_store(struct fleet_pg *, const char *rec,
		    const char *const *sha, const char *const *path, size_t n,
		    FILE *err);
/* Each stored record, in id order. 0 ok, -1 error. */
int		 fleet_pg_each(struct fleet_pg *, void (*)(int64_t,
		    const char *, void *), void *, FILE *err);

#endif
