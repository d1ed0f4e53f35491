/*
 * fuzz_pickle: the safe pickle reader and the allocator snapshot summary
 * on arbitrary bytes. Invariants checked: the reader either fails with
 * ERR_FORMAT, ERR_LIMIT or ERR_NOMEM and hands out no tree, or returns a
 * tree whose depth stays within the limit; a walk of every node (shared
 * nodes once per parent, bounded by a budget) never loops, since the
 * tree is acyclic; the summary never reports negative sizes it counted.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "arena.h"
#include "pickle.h"
#include "torch_snap.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
check(int ok)
{
	if (!ok)
		abort();
}

/* Walk n; a child is always shallower than its parent. */
static void
walk(const struct pk_node *n, long *budget)
{
	size_t	items;

	if (--*budget < 0)
		return;
	check(n->depth >= 1 && n->depth <= pk_default_limits.max_depth);
	if (n->type < PK_LIST)
		return;
	items = n->type == PK_DICT ? (size_t)n->n * 2 : n->n;
	for (size_t i = 0; i < items; i++) {
		check(n->u.v[i]->depth < n->depth);
		walk(n->u.v[i], budget);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena	*a = arena_new(1 << 16);
	struct pk_node	*root = (struct pk_node *)1;
	struct err	 e = { 0 };
	struct tsnap	 s;
	enum err_code	 rc;
	long		 budget = 1 << 20;

	check(a != NULL);
	rc = pickle_read(data, size, NULL, a, &root, &e);
	if (rc != ERR_OK) {
		check(root == NULL);
		check(rc == ERR_FORMAT || rc == ERR_LIMIT || rc == ERR_NOMEM);
		check(e.msg[0] != '\0');
		arena_free(a);
		return 0;
	}
	check(root != NULL);
	walk(root, &budget);
	if (tsnap_read(root, &s, &e) == ERR_OK) {
		check(s.ndev >= 0 && s.ndev <= TSNAP_MAX_DEV);
		for (int i = 0; i < s.ndev; i++)
			check(s.dev[i].free_blocks >= 0 &&
			    s.dev[i].nrecent <= TSNAP_RECENT);
	}
	arena_free(a);
	return 0;
}
