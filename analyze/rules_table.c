/*
 * rules_table: the one view of the decision table. One row per row of the
 * seeds' decision tables and cause tables (seed ids in .seeds: S000 = the
 * Slurm GPU OOM guide, S001 = the SLURM cgroup-limit entry, S004 = the
 * CUDA OOM guide), each with a stable id, the taxonomy cause and boundary
 * it concludes, its signals and thresholds in words, what it means, and
 * the single boundary-specific control to run next. The rows and their
 * predicates live by boundary (rules_host.c, rules_step.c, rules_shm.c,
 * rules_device.c, rules_hardware.c, rules_scheduler.c, rules_access.c,
 * rules_outcome.c); this file puts them in one order, by id, which the
 * engine (rules.c) iterates and breaks ties by, and
 * rules_table_markdown() renders as docs/rules.md.
 *
 * Ids are stable (the JSON contract cites them) and sorted.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "rules_rows.h"

#define MAX_RULES	512

static const struct {
	const struct rule	*v;
	const size_t		*n;
} parts[] = {
	{ rules_access, &nrules_access },
	{ rules_device, &nrules_device },
	{ rules_hardware, &nrules_hardware },
	{ rules_host, &nrules_host },
	{ rules_outcome, &nrules_outcome },
	{ rules_scheduler, &nrules_scheduler },
	{ rules_shm, &nrules_shm },
	{ rules_step, &nrules_step },
};

static const struct rule	*view[MAX_RULES];
static size_t			 nview;
static pthread_once_t		 view_once = PTHREAD_ONCE_INIT;

static int
by_id(const void *a, const void *b)
{
	const struct rule	*const *x = a, *const *y = b;

	return strcmp((*x)->id, (*y)->id);
}

static void
view_build(void)
{
	for (size_t p = 0; p < sizeof(parts) / sizeof(parts[0]); p++)
		for (size_t i = 0; i < *parts[p].n; i++) {
			if (nview == MAX_RULES)
				abort();	/* raise MAX_RULES */
			view[nview++] = &parts[p].v[i];
		}
	qsort(view, nview, sizeof(view[0]), by_id);
}

size_t
rules_count(void)
{
	pthread_once(&view_once, view_build);
	return nview;
}

const struct rule *
rule_at(size_t i)
{
	pthread_once(&view_once, view_build);
	return i < nview ? view[i] : NULL;
}

/* ---- the table as documentation (docs/rules.md) ---- */

static const char *const rclass_names[] = {
	[RC_INCIDENT] = "incident: the earliest initiating event wins",
	[RC_RECORD] = "record: decides only when no incident row fired",
	[RC_FINAL] = "final: last resort when nothing else fired",
	[RC_REFINE] = "refine: names the cause behind a verdict it refines"
};

static const char doc_intro[] =
    "# Diagnosis rules\n"
    "\n"
    "Generated from `rules[]` in `analyze/rules_table.c` by\n"
    "`rules_table_markdown()`; `tests/unit/test_rules.c` compares this file\n"
    "with the table, so the two cannot drift. Seed ids: S000 = the Slurm\n"
    "GPU OOM guide, S001 = the SLURM cgroup-limit entry, S004 = the CUDA\n"
    "OOM guide.\n"
    "\n"
    "## How the verdict is chosen\n"
    "\n"
    "Every row is a predicate over the facts condensed from the merged\n"
    "timeline. Rows come in three classes:\n"
    "\n"
    "- **incident** rows fire on a primary failure line (a kernel or cgroup\n"
    "  OOM kill, slurmstepd's OOM or memory-limit kill, a device allocation\n"
    "  failure, an Xid or CUDA fault, a step or submission failure, a\n"
    "  shared-memory error, a scheduler banner). Among the incident rows\n"
    "  that fire, the one whose initiating event comes first on the merged\n"
    "  timeline wins: the initiating-event rule.\n"
    "- **record** rows read state records only (sacct and scontrol states,\n"
    "  cgroup counters, an nvidia-smi snapshot). They decide only when no\n"
    "  incident row fired, in the order of their priority (lowest first).\n"
    "- **final** rows (`no_incident`, `inconclusive`) decide when nothing\n"
    "  else fired, also by priority.\n"
    "- **refine** rows run after the verdict: when the verdict's cause is\n"
    "  one they refine and their predicate holds (a watch series that grew\n"
    "  steadily up to the failure, another process's memory arriving on the\n"
    "  GPU), they name the cause behind it. The initiating event stays the\n"
    "  failure line.\n"
    "\n"
    "Secondary reports (collective timeouts, a watchdog re-raising an\n"
    "error, launcher errors and the siblings they terminate, Open MPI's\n"
    "abort block, Horovod's shutdown error, srun task exits and step\n"
    "teardown, shell `Killed` echoes) never compete: after the verdict\n"
    "they are reported as the cascade (`nccl_cascade` is never the\n"
    "verdict), folded by what they say, never citing the initiating line\n"
    "itself. Siblings terminated just before a launcher's report of the\n"
    "failed process belong to it too (launchers print the report last).\n"
    "Later primaries of another cause are reported as following the\n"
    "failure, other boundaries as ruled out (with the evidence) or as\n"
    "missing (with what they would decide). Absence rules something out\n"
    "only where the source covers the incident.\n";

/* Markdown-escape the characters the table's prose can contain. */
static void
md_text(FILE *fp, const char *s)
{
	for (; *s != '\0'; s++) {
		if (strchr("\\`*_[]<>|#", *s) != NULL)
			fputc('\\', fp);
		fputc(*s, fp);
	}
}

static void
md_row(FILE *fp, const struct rule *r)
{
	fprintf(fp, "\n## %s\n\n", r->id);
	fprintf(fp, "- **cause:** `%s`\n", r->cause);
	fprintf(fp, "- **boundary:** `%s`\n", r->boundary);
	fprintf(fp, "- **class:** %s", rclass_names[r->rclass]);
	if (r->rclass == RC_RECORD || r->rclass == RC_FINAL)
		fprintf(fp, " (priority %d)", r->prio);
	if (r->refines != NULL)
		fprintf(fp, " (refines `%s`)", r->refines);
	fputs("\n- **seeds:** ", fp);
	md_text(fp, r->seeds);
	fputs("\n- **signals and thresholds:** ", fp);
	md_text(fp, r->signals);
	fputs("\n- **meaning:** ", fp);
	md_text(fp, r->meaning);
	fputs("\n- **next control:** ", fp);
	md_text(fp, r->next_action);
	fputc('\n', fp);
}

enum err_code
rules_table_markdown(FILE *fp, struct err *e)
{
	fputs(doc_intro, fp);
	for (size_t i = 0; i < rules_count(); i++)
		md_row(fp, rule_at(i));
	if (ferror(fp))
		return ERR(e, ERR_IO, "writing the rules table");
	return ERR_OK;
}
