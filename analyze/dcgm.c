/*
 * dcgm: DCGM's job statistics as secondary evidence (issue 18 §4).
 *
 * parse_dcgmi.c reads `dcgmi stats -j JOB -v` into one EV_DCGM_GPU per
 * GPU. This module adds one quantities.dcgm row per such GPU (its memory
 * peak beside the capacity nvidia-smi reports for the same GPU, the
 * processes DCGM saw on it, critical Xids, ECC errors, health), and,
 * when the verdict's cause is one that DCGM can speak to, a finding of
 * the verdict's own rule that cites it:
 *
 *  - gpu_other_tenant: DCGM saw a process on the GPU that is none of
 *    the job's (the job's pids are known), or process statistics name
 *    conflicting processes;
 *  - xid_fault, retired_pages: DCGM counted critical Xids or double-bit
 *    ECC errors during the job (job statistics give the count and the
 *    time of each Xid, not its number: the catalog cannot be asked);
 *  - cuda_oom_exhaustion: DCGM's peak reached 95% of the GPU's capacity.
 *
 * When the verdict names its GPU (the rule matched one of nvidia-smi's
 * GPUs: the Xid's PCI address, the OOM's device), only that GPU's row,
 * on that node, may corroborate, and the finding says the identity was
 * checked; DCGM's GPU ID is NVML's index, nvidia-smi's.  Without it,
 * every row may speak (its GPU is named in the finding).
 *
 * It never decides a verdict: DCGM samples (its peak can miss a short
 * spike) and counts what happened on the GPU during the job's window,
 * whoever did it.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rule_kit.h"
#include "rules.h"

/* nvidia-smi's framebuffer total of GPU index gpu on node; -1. */
static int64_t
capacity_of(const struct facts *f, const struct event *d, int64_t gpu)
{
	for (int i = 0; i < f->ngpus; i++) {
		const struct event *g = f->gpus[i].gpu;

		if (g == NULL || f->gpus[i].index != gpu)
			continue;
		if (d->node != NULL && g->node != NULL &&
		    strcmp(d->node, g->node) != 0)
			continue;
		return ev_num_or(g, "fb_total_bytes", -1);
	}
	return -1;
}

/* PIDs DCGM saw that are not the job's (when the job's are known),
 * listed in *list ("100477, 100478"). */
static int64_t
foreign_pids(const struct facts *f, struct arena *a, const struct event *d,
    const char **list)
{
	struct str	p = ev_str(d, "pids");
	int64_t		n = 0, pid;
	size_t		i = 0, k;

	*list = "";
	if (f->njob_pids == 0 || p.n == 0)
		return 0;
	while (i < p.n) {
		for (k = i; k < p.n && p.p[k] != ','; k++)
			;
		if (str_to_i64(str_make(p.p + i, k - i), &pid) == 0 &&
		    !facts_is_job_pid(f, pid)) {
			*list = arena_printf(a, "%s%s%" PRId64, *list,
			    n > 0 ? ", " : "", pid);
			n++;
		}
		i = k + 1;
	}
	return n;
}

static void
fill_row(const struct facts *f, struct analysis *an, struct dcgm_q *q,
    const struct event *d)
{
	int64_t	gpu = ev_num_or(d, "gpu", -1);

	q->gpu = gpu >= 0 ? arena_printf(an->arena, "%" PRId64, gpu) :
	    "summary";
	q->node = d->node != NULL ? arena_strdup(an->arena, d->node) : NULL;
	q->job = kit_dupstr(an->arena, ev_str(d, "job"));
	q->max_memory_bytes = ev_num_or(d, "max_memory_bytes", -1);
	q->capacity_bytes = gpu >= 0 ? capacity_of(f, d, gpu) : -1;
	q->processes = ev_num_or(d, "processes", -1);
	q->conflicting = ev_num_or(d, "conflicting", -1);
	q->pids = kit_dupstr(an->arena, ev_str(d, "pids"));
	q->xid_errors = ev_num_or(d, "xid_errors", -1);
	q->ecc_sbe = ev_num_or(d, "ecc_sbe", -1);
	q->ecc_dbe = ev_num_or(d, "ecc_dbe", -1);
	q->pcie_replays = ev_num_or(d, "pcie_replays", -1);
	q->health = kit_dupstr(an->arena, ev_str(d, "health"));
	evidence_list_of(f, an->arena, &d, 1, &q->evidence);
}

/* What this GPU's row says for the verdict's cause; NULL: nothing. */
static const char *
speaks_to(const struct facts *f, struct arena *a, const char *cause,
    const struct dcgm_q *q, const struct event *d)
{
	const char	*list;
	int64_t		 other;

	if (strcmp(cause, "gpu_other_tenant") == 0) {
		other = foreign_pids(f, a, d, &list);
		if (other > 0 && list != NULL)
			return arena_printf(a, "DCGM saw %" PRId64 " process%s "
			    "on GPU %s during the job that %s not the job's "
			    "(PID%s %s)", other, other == 1 ? "" : "es", q->gpu,
			    other == 1 ? "is" : "are", other == 1 ? "" : "s",
			    list);
		if (q->conflicting > 0)
			return arena_printf(a, "DCGM names %" PRId64
			    " conflicting process%s on GPU %s", q->conflicting,
			    q->conflicting == 1 ? "" : "es", q->gpu);
		return NULL;
	}
	if (strcmp(cause, "xid_fault") == 0 ||
	    strcmp(cause, "retired_pages") == 0) {
		if (q->xid_errors <= 0 && q->ecc_dbe <= 0)
			return NULL;
		return arena_printf(a, "DCGM counted %" PRId64 " critical "
		    "Xid%s and %" PRId64 " double-bit ECC error%s on GPU %s "
		    "during the job", q->xid_errors > 0 ? q->xid_errors : 0,
		    q->xid_errors == 1 ? "" : "s", q->ecc_dbe > 0 ?
		    q->ecc_dbe : 0, q->ecc_dbe == 1 ? "" : "s", q->gpu);
	}
	if (strcmp(cause, "cuda_oom_exhaustion") == 0 &&
	    q->max_memory_bytes > 0 && q->capacity_bytes > 0 &&
	    q->max_memory_bytes >= q->capacity_bytes - q->capacity_bytes / 20)
		return arena_printf(a, "DCGM's memory peak on GPU %s was %s "
		    "of %s", q->gpu, fmt_bytes(a, q->max_memory_bytes),
		    fmt_bytes(a, q->capacity_bytes));
	return NULL;
}

/* nvidia-smi's index of the EV_GPU g; -1 when g is not one of them. */
static int64_t
index_of(const struct facts *f, const struct event *g)
{
	for (int i = 0; g != NULL && i < f->ngpus; i++)
		if (f->gpus[i].gpu == g)
			return f->gpus[i].index;
	return -1;
}

/* A row of another GPU than the one that failed (failed: its EV_GPU,
 * want its index, -1 when unknown); DCGM's summary row covers every
 * GPU. */
static int
other_gpu(const struct event *failed, int64_t want, const struct event *d)
{
	int64_t	gpu = ev_num_or(d, "gpu", -1);

	if (want < 0 || gpu < 0)
		return 0;
	return gpu != want || (d->node != NULL && failed->node != NULL &&
	    strcmp(d->node, failed->node) != 0);
}

/* One finding of the verdict's rule citing the GPUs that corroborate. */
static void
corroborate(const struct facts *f, struct analysis *an,
    const struct event *failed, const struct event **ev, size_t n)
{
	const struct event	*cite[16];
	const char		*said = NULL, *s;
	struct finding		*fd;
	int64_t			 want = index_of(f, failed);
	int			 k = 0;

	if (an->verdict.cause == NULL || an->verdict.rule == NULL)
		return;
	for (size_t i = 0; i < n && k < 16; i++) {
		if (other_gpu(failed, want, ev[i]) ||
		    (s = speaks_to(f, an->arena, an->verdict.cause,
		    &an->dcgm[i], ev[i])) == NULL)
			continue;
		if (want >= 0 && ev_num_or(ev[i], "gpu", -1) >= 0)
			s = arena_printf(an->arena, "%s, the GPU that failed "
			    "(DCGM's GPU ID is nvidia-smi's index)", s);
		said = arena_printf(an->arena, "%s%s%s", said != NULL ? said :
		    "", said != NULL ? "; " : "", s);
		cite[k++] = ev[i];
	}
	if (k == 0 || said == NULL)
		return;
	fd = kit_add_finding(an, an->verdict.cause, an->verdict.rule,
	    arena_printf(an->arena, "DCGM job statistics corroborate "
	    "(secondary evidence): %s.", said));
	if (fd != NULL)
		evidence_list_of(f, an->arena, cite, k, &fd->evidence);
}

void
dcgm_view(const struct facts *f, struct analysis *an,
    const struct event *failed)
{
	const struct event	**ev;
	size_t			  n = 0;

	for (size_t i = 0; i < f->tl->n; i++)
		n += f->tl->v[i]->kind == EV_DCGM_GPU &&
		    !facts_foreign(f, f->tl->v[i]);
	if (n == 0)
		return;
	if ((ev = calloc(n, sizeof(*ev))) == NULL ||
	    (an->dcgm = arena_zalloc(an->arena, n * sizeof(*an->dcgm))) ==
	    NULL) {
		free(ev);
		return;
	}
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *d = f->tl->v[i];

		if (d->kind != EV_DCGM_GPU || facts_foreign(f, d))
			continue;
		ev[an->ndcgm] = d;
		fill_row(f, an, &an->dcgm[an->ndcgm++], d);
	}
	corroborate(f, an, failed, ev, an->ndcgm);
	free(ev);
}
