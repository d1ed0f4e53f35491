/*
 * rules_rows: the decision table's rows by boundary, each file's rows an
 * array in id order, and the predicates one boundary's file lends
 * another. rules_table.c assembles the arrays into the one view
 * (rule_at(), rules_count()); only the row files and the view include
 * this header.
 */
#ifndef OOMTRAIL_RULES_ROWS_H
#define OOMTRAIL_RULES_ROWS_H

#include "rules.h"

extern const struct rule	rules_access[];	/* R-CPU-*, R-GPU-* */
extern const size_t		nrules_access;
extern const struct rule	rules_device[];	/* R-DEV-*, R-LEAK-002/004 */
extern const size_t		nrules_device;
extern const struct rule	rules_hardware[];	/* R-HW-* */
extern const size_t		nrules_hardware;
extern const struct rule	rules_host[];	/* R-HOST-*, R-LEAK-001/003 */
extern const size_t		nrules_host;
extern const struct rule	rules_outcome[];	/* R-INC-*, R-NONE-*,
							 * R-OTHER-* */
extern const size_t		nrules_outcome;
extern const struct rule	rules_scheduler[];	/* R-SCHED-* */
extern const size_t		nrules_scheduler;
extern const struct rule	rules_shm[];	/* R-SHM-* */
extern const size_t		nrules_shm;
extern const struct rule	rules_step[];	/* R-STEP-* */
extern const size_t		nrules_step;

/* rules_access.c: the cpu_limited and gpu_access_denied predicates
 * (m_nodev_cpu_job is R-OTHER-022's, in rules_outcome.c). */
int	m_cpuset_narrow(const struct facts *, struct arena *, struct rmatch *);
int	m_cpu_throttled(const struct facts *, struct arena *, struct rmatch *);
int	m_cpu_oversub(const struct facts *, struct arena *, struct rmatch *);
int	m_cpu_bound_same(const struct facts *, struct arena *,
	    struct rmatch *);
int	m_gpu_nodev(const struct facts *, struct arena *, struct rmatch *);
int	m_nodev_cpu_job(const struct facts *, struct arena *,
	    struct rmatch *);
int	m_gpu_denied(const struct facts *, struct arena *, struct rmatch *);
int	m_gpu_cvd(const struct facts *, struct arena *, struct rmatch *);
int	m_gpu_gres_nofile(const struct facts *, struct arena *,
	    struct rmatch *);
#endif
