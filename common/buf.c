/*
 * buf: capped growable buffer.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

void
buf_init(struct buf *b, size_t max)
{
	b->p = NULL;
	b->n = 0;
	b->cap = 0;
	b->max = max;
}

enum err_code
buf_add(struct buf *b, const void *p, size_t n)
{
	size_t	 ncap;
	char	*np;

	if (n > b->max || b->n > b->max - n)
		return ERR_LIMIT;
	if (b->n + n + 1 > b->cap) {
		ncap = b->cap == 0 ? 256 : b->cap;
		while (ncap < b->n + n + 1)
			ncap *= 2;
		if (ncap > b->max + 1)
			ncap = b->max + 1;
		if ((np = realloc(b->p, ncap)) == NULL)
			return ERR_NOMEM;
		b->p = np;
		b->cap = ncap;
	}
	if (n > 0)
		memcpy(b->p + b->n, p, n);
	b->n += n;
	b->p[b->n] = '\0';
	return ERR_OK;
}

enum err_code
buf_addstr(struct buf *b, const char *s)
{
	return buf_add(b, s, strlen(s));
}

enum err_code
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list		 ap;
	char		 small[512], *big;
	int		 n;
	enum err_code	 rc;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return ERR_FORMAT;
	if ((size_t)n < sizeof(small))
		return buf_add(b, small, (size_t)n);
	if ((big = malloc((size_t)n + 1)) == NULL)
		return ERR_NOMEM;
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	rc = buf_add(b, big, (size_t)n);
	free(big);
	return rc;
}

void
buf_reset(struct buf *b)
{
	b->n = 0;
	if (b->p != NULL)
		b->p[0] = '\0';
}

void
buf_free(struct buf *b)
{
	free(b->p);
	buf_init(b, b->max);
}
