/*
 * buf: a growable byte buffer with a hard cap (after curl's dynbuf).
 * Appending past the cap fails with ERR_LIMIT and leaves the buffer as it
 * was. The buffer owns its memory; buf_free() releases it. Always NUL
 * terminated after a successful append, so b->p can be used as a string.
 */
#ifndef OOMTRAIL_BUF_H
#define OOMTRAIL_BUF_H

#include <stddef.h>

#include "err.h"

struct buf {
	char	*p;
	size_t	 n;	/* bytes in use, not counting the NUL */
	size_t	 cap;	/* bytes allocated */
	size_t	 max;	/* hard cap on n */
};

void		 buf_init(struct buf *, size_t max);
enum err_code	 buf_add(struct buf *, const void *, size_t);
enum err_code	 buf_addstr(struct buf *, const char *);
enum err_code	 buf_printf(struct buf *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));
void		 buf_reset(struct buf *);	/* n = 0, keeps memory */
void		 buf_free(struct buf *);

#endif
