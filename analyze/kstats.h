/*
 * kstats: the two tables inside a memory-cgroup OOM report that say what
 * filled the limit and who held it: "Memory cgroup stats for <path>:"
 * (the cgroup's memory.stat at the kill) and the task table ("[ pid ]
 * uid tgid total_vm rss ... name", memory in pages). parse_kernel.c feeds
 * them one message body at a time while a report is open and writes the
 * result into the report's event (kstats_emit). Pure: no I/O, no
 * allocation until kstats_emit.
 */
#ifndef OOMTRAIL_KSTATS_H
#define OOMTRAIL_KSTATS_H

#include <stdint.h>

#include "arena.h"
#include "event.h"
#include "scan.h"

enum ms_slot {
	MS_ANON,	/* v2 anon, v1 rss (THP included) */
	MS_FILE,	/* v2 file, v1 cache: page cache, shmem included */
	MS_SHMEM,
	MS_DIRTY,
	MS_WRITEBACK,
	MS_KERNEL,	/* v2 "kernel" (5.18+) */
	MS_KPARTS,	/* v2 kernel_stack+pagetables+percpu+slab+vmalloc */
	MS_SOCK,
	MS_SWAP,	/* v1 swap */
	MS_MAJFLT,	/* pgmajfault (events, not bytes) */
	MS_PGSCAN,	/* v2 pgscan, pgsteal: pages reclaim scanned, freed */
	MS_PGSTEAL,
	MS_N
};

#define KS_HOLDERS	5	/* largest tasks kept */
#define KS_COLS		16

struct ks_task {
	int64_t		 pid, uid, rss, swap, pgtables_bytes;	/* pages */
	int64_t		 anon;		/* rss_anon (6.x), -1 not printed */
	struct str	 name;
};

struct kstats {
	/* Memory cgroup stats */
	int		 layout;	/* 0 none, KS_V1, KS_V2, KS_INLINE */
	int		 levels;	/* blocks or inline lines read */
	int		 in_stats;	/* the last line was part of a block */
	int64_t		 own[MS_N], tot[MS_N];	/* v1 total_* in tot */
	unsigned	 seen_own, seen_tot;
	uint32_t	 stats_line;	/* the first "Memory cgroup stats" */
	int64_t		 kmem_bytes;	/* v1 "kmem: usage", -1 none */
	/* Tasks state */
	int		 in_tasks;
	int		 col[KS_COLS];	/* column kind per position */
	int		 ncol;
	int64_t		 ntasks, rss_total, swap_total, anon_total;
	int		 has_anon;	/* the table has rss_anon */
	struct ks_task	 top[KS_HOLDERS];
	int		 ntop;
	uint32_t	 tasks_line;	/* the table's header line */
};

#define KS_V1		1
#define KS_V2		2
#define KS_INLINE	3

void	kstats_init(struct kstats *);
/* "Memory cgroup stats for <path>:" and what follows it on the line
 * (3.10-4.x print the values inline: " cache:4KB rss:0KB ..."). */
void	kstats_header(struct kstats *, struct str rest, uint32_t line);
/* One line of a multi-line block ("anon 4096", "total_rss 8192"); 0 when
 * the line is not one, which ends the block. */
int	kstats_line(struct kstats *, struct str body);
/* The task table's column line ("[  pid  ]   uid  tgid total_vm ..."):
 * 1 when it is one. */
int	kstats_tasks_header(struct kstats *, struct str body, uint32_t line);
/* One row ("[  14919]  1001 14919 29098 ... python3"); 0 when the line
 * is not one, which ends the table. */
int	kstats_task_row(struct kstats *, struct str body);
/* Writes the stats_* and tasks_* / holderN_* fields; victim_pid and
 * victim_rss_bytes (anon+file+shmem RSS from the kill line, -1 unknown)
 * give the page size. -1 on allocation failure. */
int	kstats_emit(const struct kstats *, struct event *, struct arena *,
	    int64_t victim_pid, int64_t victim_rss_bytes);

#endif
