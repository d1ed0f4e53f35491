/*
 * mask: secrets out of everything the analyzer renders (issue 20).
 *
 * The analysis model is the one thing every output is made from (text,
 * Markdown, HTML, JSON, the timeline), so masking it once, after the
 * rules have run and before anything is rendered, covers them all, and
 * bundles from older collectors, loose files and pasted logs alike. The
 * detectors are the collector's (common/redact.c). Rules see the
 * original text, so masking never changes a verdict; an evidence item
 * whose text or context was changed is marked masked (JSON "masked":
 * true, docs/analysis-json.md).
 */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "redact.h"

/* Replace *s with its masked copy in the arena; 1 if anything changed. */
static int
mask_str(struct arena *a, const char **s)
{
	char	*m;
	char	*c;

	if (*s == NULL || (m = redact_text_fixed(*s, NULL)) == NULL)
		return 0;
	c = arena_strdup(a, m);
	/* Out of memory: the secret must not stay, so neither does the
	 * rest of the line. */
	*s = c != NULL ? c : REDACT_MASK;
	free(m);
	return 1;
}

static void
mask_ev(struct arena *a, struct evidence *ev)
{
	if (ev == NULL)
		return;
	if (mask_str(a, &ev->text) | mask_str(a, &ev->context))
		ev->masked = 1;
	mask_str(a, &ev->source);
	mask_str(a, &ev->input);
	mask_str(a, &ev->node);
}

static void
mask_list(struct arena *a, struct evidence_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		mask_ev(a, &l->v[i]);
}

void
analysis_mask(struct analysis *an)
{
	struct arena	*a = an->arena;

	mask_str(a, &an->verdict.summary);
	mask_str(a, &an->verdict.confidence_reason);
	mask_str(a, &an->verdict.next_action);
	mask_ev(a, an->verdict.initiating);
	for (size_t i = 0; i < an->nsecondary; i++) {
		mask_str(a, &an->secondary[i].summary);
		mask_list(a, &an->secondary[i].evidence);
	}
	for (size_t i = 0; i < an->nruled_out; i++) {
		mask_str(a, &an->ruled_out[i].why);
		mask_list(a, &an->ruled_out[i].evidence);
	}
	for (size_t i = 0; i < an->nmissing; i++) {
		mask_str(a, &an->missing[i].evidence);
		mask_str(a, &an->missing[i].would_decide);
	}
	for (size_t i = 0; i < an->nhost; i++) {
		mask_str(a, &an->host[i].step);
		mask_str(a, &an->host[i].node);
		mask_str(a, &an->host[i].state);
	}
	for (size_t i = 0; i < an->ndevice; i++)
		mask_str(a, &an->device[i].product);
	for (size_t i = 0; i < an->nusage; i++) {
		mask_str(a, &an->usage[i].summary);
		mask_list(a, &an->usage[i].evidence);
	}
	for (size_t i = 0; i < an->ndcgm; i++) {
		mask_str(a, &an->dcgm[i].node);
		mask_str(a, &an->dcgm[i].job);
		mask_str(a, &an->dcgm[i].health);
		mask_list(a, &an->dcgm[i].evidence);
	}
	for (size_t i = 0; i < an->nseries; i++) {
		mask_str(a, &an->series[i].name);
		mask_str(a, &an->series[i].source);
	}
	mask_list(a, &an->timeline);
	if (an->collective != NULL) {
		struct collective_q	*c = an->collective;

		mask_str(a, &c->summary);
		mask_str(a, &c->optype);
		mask_list(a, &c->evidence);
		for (size_t i = 0; i < c->nstalled; i++) {
			mask_str(a, &c->stalled[i].node);
			mask_str(a, &c->stalled[i].optype);
			mask_ev(a, c->stalled[i].evidence);
		}
	}
	for (size_t i = 0; i < an->ninputs; i++) {
		mask_str(a, &an->inputs[i].path);
		for (size_t j = 0; j < an->inputs[i].nnotes; j++)
			mask_str(a, &an->inputs[i].notes[j]);
	}
	for (size_t i = 0; i < an->nskew; i++)
		mask_str(a, &an->skew[i]);
}
