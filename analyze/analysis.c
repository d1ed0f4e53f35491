/*
 * analysis: run the whole pipeline over the user's inputs.
 *
 * Each input (one node's bundle, a directory, a bare log) is loaded on
 * its own — in parallel across cores when there are several, each worker
 * with its own compiled catalog — then the events are normalised and
 * merged on one timeline, condensed into facts and judged by the rule
 * table. The model (struct analysis) owns copies of everything it shows,
 * so the inputs are freed before analysis_run() returns.
 */
#include <sys/stat.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "hash.h"
#include "internal.h"
#include "member_cache.h"
#include "rules.h"

struct pool {
	const struct analyze_opts *o;
	struct input	**ins;
	struct err	 *errs;
	enum err_code	 *rcs;
	size_t		  next;
	pthread_mutex_t	  mu;
	struct mcache	 *mc;		/* identical members parsed once */
};

static void *
worker(void *arg)
{
	struct pool	*p = arg;
	struct catalog	*cat = NULL;
	struct err	 e = { 0 };
	size_t		 i;

	if (catalog_new(&cat, &e) != ERR_OK)
		cat = NULL;
	for (;;) {
		pthread_mutex_lock(&p->mu);
		i = p->next++;
		pthread_mutex_unlock(&p->mu);
		if (i >= p->o->ninputs)
			break;
		if (cat == NULL) {
			p->rcs[i] = ERR(&p->errs[i], ERR_REGEX, "catalog: %s",
			    e.msg);
			continue;
		}
		if (p->o->progress != NULL)
			p->o->progress(p->o->inputs[i], p->o->progress_arg);
		p->rcs[i] = input_load(p->o->inputs[i], cat, p->mc,
		    p->o->limits, !p->o->no_sha256, &p->ins[i], &p->errs[i]);
	}
	catalog_free(cat);
	return NULL;
}

static size_t
nworkers(const struct analyze_opts *o)
{
	long	n = o->jobs > 0 ? o->jobs : sysconf(_SC_NPROCESSORS_ONLN);

	if (n < 1)
		n = 1;
	if ((size_t)n > o->ninputs)
		n = (long)o->ninputs;
	return (size_t)n;
}

static enum err_code
load_all(const struct analyze_opts *o, struct pool *p, struct err *e)
{
	size_t		 nw = nworkers(o), started = 0;
	pthread_t	*th;

	memset(p, 0, sizeof(*p));
	p->o = o;
	p->ins = calloc(o->ninputs, sizeof(*p->ins));
	p->errs = calloc(o->ninputs, sizeof(*p->errs));
	p->rcs = calloc(o->ninputs, sizeof(*p->rcs));
	th = calloc(nw, sizeof(*th));
	/* without it (no memory) every input parses its own members */
	p->mc = mcache_new();
	if (p->ins == NULL || p->errs == NULL || p->rcs == NULL || th == NULL) {
		free(th);
		return ERR(e, ERR_NOMEM, "inputs");
	}
	pthread_mutex_init(&p->mu, NULL);
	if (nw == 1)
		worker(p);
	else {
		for (size_t i = 0; i < nw; i++)
			if (pthread_create(&th[i], NULL, worker, p) == 0)
				started++;
		if (started == 0)
			worker(p);
		for (size_t i = 0; i < started; i++)
			pthread_join(th[i], NULL);
	}
	pthread_mutex_destroy(&p->mu);
	free(th);
	return ERR_OK;
}

static void
pool_free(struct pool *p)
{
	for (size_t i = 0; p->ins != NULL && i < p->o->ninputs; i++)
		input_free(p->ins[i]);
	mcache_free(p->mc);	/* after the inputs: their events borrow */
	free(p->ins);
	free(p->errs);
	free(p->rcs);
}

/* The sha256 of an input that is a regular file (a bundle or a bare
 * log), for the fleet record's idempotence; NULL for anything else. */
static const char *
file_sha256(struct arena *a, const char *path)
{
	struct sha256	 h;
	struct stat	 st;
	char		 buf[65536], hex[65];
	size_t		 n;
	FILE		*fp;
	int		 bad;

	if (strcmp(path, "-") == 0 || stat(path, &st) != 0 ||
	    !S_ISREG(st.st_mode) || (fp = fopen(path, "rb")) == NULL)
		return NULL;
	sha256_init(&h);
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		sha256_update(&h, buf, n);
	bad = ferror(fp);
	fclose(fp);
	if (bad)
		return NULL;
	sha256_hex(&h, hex);
	return arena_strdup(a, hex);
}

static void
fill_inputs(struct analysis *an, struct pool *p)
{
	struct arena	*a = an->arena;
	size_t		 n = p->o->ninputs;

	an->inputs = arena_zalloc(a, (n + 1) * sizeof(*an->inputs));
	if (an->inputs == NULL)
		return;
	for (size_t i = 0; i < n; i++) {
		struct input_info	*ii = &an->inputs[an->ninputs++];
		const struct input	*in = p->ins[i];

		ii->path = arena_strdup(a, strcmp(p->o->inputs[i], "-") == 0 ?
		    "<stdin>" : p->o->inputs[i]);	/* as input_load */
		if (in == NULL) {
			ii->integrity = "damaged";
			ii->notes = arena_zalloc(a, sizeof(*ii->notes));
			if (ii->notes != NULL) {
				ii->notes[0] = arena_strdup(a, p->errs[i].msg);
				ii->nnotes = 1;
			}
			an->damaged = 1;
			continue;
		}
		ii->node = arena_strdup(a, in->node);
		/* A bare log was hashed as it was scanned (input.c). */
		ii->sha256 = p->o->no_sha256 ? NULL : in->sha256 != NULL ?
		    arena_strdup(a, in->sha256) : file_sha256(a,
		    p->o->inputs[i]);
		ii->manifest = in->has_manifest;
		ii->integrity = integrity_name(in->integrity);
		if (in->damaged)
			an->damaged = 1;
		ii->notes = arena_zalloc(a, (in->nnotes + 1) *
		    sizeof(*ii->notes));
		for (size_t j = 0; ii->notes != NULL && j < in->nnotes; j++)
			ii->notes[ii->nnotes++] = arena_strdup(a, in->notes[j]);
	}
}

static enum err_code
judge(struct analysis *an, struct input **ins, size_t n, struct err *e)
{
	struct timeline	 tl;
	struct facts	*f;
	enum err_code	 rc;

	if ((rc = timeline_build(ins, n, an->arena, &tl, e)) != ERR_OK)
		return rc;
	an->skew = tl.skew;
	an->nskew = tl.nskew;
	for (size_t i = 0; i < an->nskew; i++)
		an->skew[i] = arena_strdup(an->arena, an->skew[i]);
	if ((f = calloc(1, sizeof(*f))) == NULL) {
		timeline_free(&tl);
		return ERR(e, ERR_NOMEM, "facts");
	}
	rc = facts_build(f, &tl, ins, n, e);
	if (rc == ERR_OK && (f->sv = arena_zalloc(an->arena,
	    sizeof(*f->sv))) == NULL)
		rc = ERR(e, ERR_NOMEM, "series views");
	if (rc == ERR_OK)
		rc = rules_eval(f, an, e);
	free(f);
	timeline_free(&tl);
	return rc;
}

enum err_code
analysis_run(const struct analyze_opts *o, struct analysis **out,
    struct err *e)
{
	struct analysis	*an;
	struct input	**ok;
	struct pool	 p;
	size_t		 nok = 0;
	enum err_code	 rc;

	*out = NULL;
	if (o->ninputs == 0)
		return ERR(e, ERR_USAGE, "no input");
	if ((an = calloc(1, sizeof(*an))) == NULL ||
	    (an->arena = arena_new(1 << 20)) == NULL) {
		free(an);
		return ERR(e, ERR_NOMEM, "analysis");
	}
	an->tool_version = OOMTRAIL_VERSION;
	if ((rc = load_all(o, &p, e)) != ERR_OK)
		goto out;
	ok = calloc(o->ninputs, sizeof(*ok));
	for (size_t i = 0; ok != NULL && i < o->ninputs; i++)
		if (p.ins[i] != NULL)
			ok[nok++] = p.ins[i];
	/* Snapshots of one job merge before anything reads them; inputs
	 * of another job are left out (noted). */
	if (ok != NULL && (rc = snapshot_merge(ok, nok, e)) != ERR_OK) {
		free(ok);
		goto out;
	}
	fill_inputs(an, &p);
	if (ok != NULL) {
		size_t	k = nok;

		nok = 0;
		for (size_t i = 0; i < k; i++)
			if (!ok[i]->other_job)
				ok[nok++] = ok[i];
	}
	if (ok == NULL)
		rc = ERR(e, ERR_NOMEM, "inputs");
	else if (nok == 0) {
		*e = p.errs[0];
		rc = e->code != ERR_OK ? e->code : ERR_FORMAT;
	} else
		rc = judge(an, ok, nok, e);
	if (rc == ERR_OK) {
		analysis_mask(an);	/* issue 20: nothing renders unmasked */
		if (analysis_fold(an) == -1)
			rc = ERR(e, ERR_NOMEM, "folding the timeline");
	}
	free(ok);
out:
	pool_free(&p);
	if (rc != ERR_OK) {
		analysis_free(an);
		return rc;
	}
	*out = an;
	return ERR_OK;
}

void
analysis_free(struct analysis *an)
{
	if (an == NULL)
		return;
	arena_free(an->arena);
	free(an);
}
