/*
 * arena: region allocator. Everything allocated from an arena is released
 * by arena_free(); there is no per-object free. Allocation returns NULL on
 * exhaustion or when the test hook arena_fail_after() trips; callers map
 * that to ERR_NOMEM. Not thread-safe: one arena per thread or per analysis.
 */
#ifndef OOMTRAIL_ARENA_H
#define OOMTRAIL_ARENA_H

#include <stddef.h>

struct arena;

struct arena	*arena_new(size_t chunk);
void		*arena_alloc(struct arena *, size_t size);	/* 16-aligned */
void		*arena_zalloc(struct arena *, size_t size);
char		*arena_strndup(struct arena *, const char *, size_t);
char		*arena_strdup(struct arena *, const char *);
char		*arena_printf(struct arena *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));
size_t		 arena_used(const struct arena *);
void		 arena_free(struct arena *);		/* NULL is a no-op */
void		 arena_fail_after(struct arena *, long n);	/* tests only */

#endif
