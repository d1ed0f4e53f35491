/*
 * jobinfo: the job the inputs are of (struct job_q), for the flat fleet
 * record (issue 19): cluster and ids from the manifests, the rest from
 * the job's sacct row, else its scontrol record. Only what the inputs
 * say; unknown stays NULL or -1.
 */
#include <stdint.h>
#include <string.h>

#include "analysis.h"
#include "internal.h"
#include "rules.h"

static const char *
job_str(struct arena *a, const struct event *sacct, const struct event *sc,
    const char *skey, const char *ckey)
{
	struct str	 v = { NULL, 0 };

	if (sacct != NULL && skey != NULL)
		v = ev_str(sacct, skey);
	if (v.n == 0 && sc != NULL && ckey != NULL)
		v = ev_str(sc, ckey);
	return v.n == 0 ? NULL : arena_strndup(a, v.p, v.n);
}

static int64_t
job_num(const struct event *sacct, const struct event *sc, const char *skey,
    const char *ckey)
{
	int64_t	 v;

	if (sacct != NULL && skey != NULL && ev_num(sacct, skey, &v) == 0)
		return v;
	if (sc != NULL && ckey != NULL && ev_num(sc, ckey, &v) == 0)
		return v;
	return -1;
}

void
job_info(const struct facts *f, struct analysis *an)
{
	struct arena		*a = an->arena;
	const struct event	*sa = f->sacct_job, *sc = f->scontrol_job;
	struct job_q		*j;

	if ((j = arena_zalloc(a, sizeof(*j))) == NULL)
		return;
	for (size_t i = 0; i < f->nins; i++) {
		const struct input *in = f->ins[i];

		if (in == NULL || in->other_job)
			continue;
		if (j->cluster == NULL && in->cluster != NULL)
			j->cluster = arena_strdup(a, in->cluster);
		if (in->redaction_key != NULL && (j->redaction_key == NULL ||
		    strcmp(j->redaction_key, "site") == 0))
			j->redaction_key = arena_strdup(a, in->redaction_key);
		if (j->array_job_id == NULL && in->array_job_id != NULL) {
			j->array_job_id = arena_strdup(a, in->array_job_id);
			j->array_task_id = arena_strdup(a, in->array_task_id);
		}
	}
	if (f->job_id.n > 0)
		j->job_id = arena_strndup(a, f->job_id.p, f->job_id.n);
	else
		j->job_id = job_str(a, sa, sc, "job_id", "job_id");
	if (j->array_job_id == NULL && f->array_id.n > 0) {
		j->array_job_id = arena_strndup(a, f->array_id.p,
		    f->array_id.n);
		if (f->task_id.n > 0)
			j->array_task_id = arena_strndup(a, f->task_id.p,
			    f->task_id.n);
	}
	j->user = job_str(a, sa, sc, "user", "user");
	j->partition = job_str(a, sa, sc, "partition", "partition");
	j->node_list = job_str(a, sa, sc, "node_list", "node_list");
	j->state = job_str(a, sa, sc, "state", "job_state");
	j->start_s = job_num(sa, sc, "start_s", "start_s");
	j->end_s = job_num(sa, sc, "end_s", "end_s");
	j->elapsed_s = job_num(sa, sc, "elapsed_s", "run_time_s");
	if (j->elapsed_s < 0 && j->start_s > 0 && j->end_s >= j->start_s)
		j->elapsed_s = j->end_s - j->start_s;
	j->gpus = job_num(sa, sc, "tres_gpus", "tres_gpus");
	an->job = j;
}
