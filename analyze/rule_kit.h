/*
 * rule_kit: what the decision table's rows share (rule_kit.c). The rows
 * (rules_*.c, series_view.c, usage.c) and the engine (rules.c) include
 * it; it reads the facts and the timeline, never the table.
 */
#ifndef OOMTRAIL_RULE_KIT_H
#define OOMTRAIL_RULE_KIT_H

#include "rules.h"

/* A byte count in words ("1.50 GiB", "512 B"; "unknown" below 0). */
const char	*fmt_bytes(struct arena *, int64_t);

/* Add ev to m's corroborating evidence (not NULL, not the initiating
 * event, not twice, at most 8). */
void		 rmatch_support(struct rmatch *, const struct event *);
/* Evidence entries for events (NULLs skipped), and the "4.batch" name of
 * a job or step row. Arena-owned. */
void		 evidence_list_of(const struct facts *, struct arena *,
		    const struct event *const *, int,
		    struct evidence_list *);
const char	*host_step_name(struct arena *, const struct event *sacct);
/* A secondary finding citing ev (may be NULL). */
void		 rules_add_finding(const struct facts *, struct analysis *,
		    const char *cause, const char *rule, const char *summary,
		    const struct event *ev);
/* Evidence that was missing and what it would decide. */
void		 rules_add_missing(struct analysis *, const char *what,
		    const char *decide);

/* The engine's own uses: a string's arena copy (NULL stays NULL), one
 * event as evidence (from in, which may be NULL; or from the input that
 * holds it), and a secondary finding without evidence yet. */
const char	*kit_dupstr(struct arena *, struct str);
void		 kit_to_evidence(struct arena *, const struct input *,
		    const struct event *, struct evidence *);
struct evidence	*kit_evidence_of(const struct facts *, struct arena *,
		    const struct event *);
struct finding	*kit_add_finding(struct analysis *, const char *cause,
		    const char *rule, const char *summary);

#endif
