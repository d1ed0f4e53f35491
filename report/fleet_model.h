/*
 * fleet_model: the fleet report's model (oomtrail.fleet/1,
 * docs/fleet.schema.json) built from stored records, and its renderings
 * (fleet_model.c). fleet.c reads the records from the database.
 */
#ifndef OOMTRAIL_FLEET_MODEL_H
#define OOMTRAIL_FLEET_MODEL_H

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>

#define FLEET_SCHEMA	"oomtrail.fleet/1"

/* Adds one stored record (an oomtrail.record/1 object, borrowed) to the
 * model being built; records that started before since ("YYYY-MM-DD",
 * NULL: all) or have no start while since is set are counted as left
 * out. */
struct fleet_acc;
struct fleet_acc *fleet_acc_new(const char *since);
void	fleet_acc_add(struct fleet_acc *, json_t *rec);
/* The model, ranked and sorted; frees the accumulator. NULL: no memory. */
json_t	*fleet_acc_finish(struct fleet_acc *);

/* Renderings: fmt is enum report_format (REPORT_MD, REPORT_HTML,
 * REPORT_JSON). 0 ok, -1 a write failed. */
int	fleet_render(json_t *model, int fmt, FILE *);

/* A model or record member: an integer (-1 absent), a number (0 absent),
 * a string (NULL absent); shared by the builder and the renderers. */
int64_t	fleet_gi(json_t *, const char *);
double	fleet_gd(json_t *, const char *);
const char *fleet_gs(json_t *, const char *);

/* "YYYY-MM-DD" or an RFC 3339 time, as the day it names; -1 bad. */
int	fleet_since_parse(const char *, char out[11]);

#endif
