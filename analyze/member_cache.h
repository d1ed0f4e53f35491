/*
 * member_cache: parse each distinct structured member once across the
 * inputs of one analysis (member_cache.c says why and how). Shared by the
 * loading workers; freed after every input whose events borrow from it.
 */
#ifndef OOMTRAIL_ANALYZE_MEMBER_CACHE_H
#define OOMTRAIL_ANALYZE_MEMBER_CACHE_H

#include <stddef.h>

#include "parse.h"

struct mcache;

struct mcache	*mcache_new(void);		/* NULL: out of memory */
void		 mcache_free(struct mcache *);	/* NULL is a no-op */
/*
 * The events fn gives for s (kind, path and bytes), appended to out as
 * copies in a that share the text and fields of the first parse of the
 * same kind, path and bytes; fn runs only for bytes not seen before. s's
 * bytes need not outlive the call. Returns what fn returned (with its
 * err), or ERR_NOMEM.
 */
enum err_code	 mcache_parse(struct mcache *, parse_fn *, int kind,
		    const struct src *s, struct arena *a, struct evlist *out,
		    struct err *);
/* How many members were not parsed again (tests). */
size_t		 mcache_hits(struct mcache *);

#endif
