/*
 * needles: where any of a fixed set of literal needles occurs next in a
 * buffer. This is the scanner's pre-filter (catalog.c): a line is only
 * matched against the signature regexes when one of their needles occurs
 * in it, and almost no line of a training log holds one.
 *
 * The set's tables are read-only once built, so searchers on several
 * threads share one set; each keeps its own cursor (what it found ahead).
 */
#ifndef OOMTRAIL_NEEDLES_H
#define OOMTRAIL_NEEDLES_H

#include <stddef.h>
#include <stdint.h>

#define ND_MAX		1024	/* needles in a set */
#define ND_SHORT_MAX	16	/* short needles (searched one by one) */
#define ND_LANES	4	/* long-needle windows moved side by side */
#define ND_LANE_HITS	256	/* long-needle hits one lane keeps */

struct nd_set;

/*
 * One searcher's look-ahead over one region (a buffer ending at end): the
 * next occurrence of each short needle, and the long-needle occurrences
 * found in [llo, lhi). Valid while the searcher moves forward in the same
 * region; nd_cursor_reset() before another.
 */
struct nd_cursor {
	const char	*hit[ND_SHORT_MAX];
	const char	*end;
	const char	*llo, *lhi;
	uint32_t	 lhit[ND_LANES * ND_LANE_HITS];	/* offsets from llo */
	size_t		 nl, il;			/* found, next unread */
};

/* A set of n distinct needles (pointers kept, strings not copied): -1 if
 * n > ND_MAX, a needle is shorter than 3 bytes while more than
 * ND_SHORT_MAX are short, no needle is long, or memory ran out. */
int		 nd_set_new(const char *const *needles, size_t n,
		    struct nd_set **out);
void		 nd_set_free(struct nd_set *);

void		 nd_cursor_reset(struct nd_cursor *);

/* The earliest needle occurrence that starts at or after pos and ends by
 * end, or NULL. Successive calls on one cursor and region must not move
 * pos backwards. */
const char	*nd_next(const struct nd_set *, struct nd_cursor *,
		    const char *pos, const char *end);

/* Newlines in p[0..n). */
uint64_t	 nd_count_nl(const char *p, size_t n);

#endif
