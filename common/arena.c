/*
 * arena: chunked bump allocator. Large requests get a chunk of their own.
 * Chunks start at the size given to arena_new() and double, up to
 * GROW_MAX, as the arena fills: one arena per input of a 10,000-node
 * analysis holds a few KB, and a chunk's unused tail is memory too (the
 * allocator hands back pages an earlier input's buffers touched).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

#define GROW_MAX	((size_t)1 << 20)

struct chunk {
	struct chunk	*next;
	size_t		 size;
	size_t		 used;
	_Alignas(16) unsigned char data[];
};

struct arena {
	struct chunk	*head;
	size_t		 chunk;
	size_t		 total;
	long		 fail_after;	/* < 0: never */
};

struct arena *
arena_new(size_t chunk)
{
	struct arena	*a;

	if ((a = calloc(1, sizeof(*a))) == NULL)
		return NULL;
	a->chunk = chunk < 1024 ? 1024 : chunk;
	a->fail_after = -1;
	return a;
}

static struct chunk *
chunk_new(size_t size)
{
	struct chunk	*c;

	if (size > SIZE_MAX - sizeof(*c))
		return NULL;
	if ((c = malloc(sizeof(*c) + size)) == NULL)
		return NULL;
	c->size = size;
	c->used = 0;
	return c;
}

void *
arena_alloc(struct arena *a, size_t size)
{
	struct chunk	*c;
	size_t		 need;

	if (a == NULL)
		return NULL;
	if (a->fail_after >= 0 && a->fail_after-- == 0)
		return NULL;
	if (size > SIZE_MAX - 15)
		return NULL;
	need = (size + 15) & ~(size_t)15;
	if (need == 0)
		need = 16;
	c = a->head;
	if (c == NULL || c->size - c->used < need) {
		if ((c = chunk_new(need > a->chunk ? need : a->chunk)) == NULL)
			return NULL;
		if (a->head != NULL && need > a->chunk) {
			/* Keep the current chunk's free space for later. */
			c->next = a->head->next;
			a->head->next = c;
		} else {
			c->next = a->head;
			a->head = c;
			if (a->chunk < GROW_MAX)
				a->chunk = a->chunk * 2 > GROW_MAX ?
				    GROW_MAX : a->chunk * 2;
		}
	}
	c->used += need;
	a->total += need;
	return c->data + c->used - need;
}

void *
arena_zalloc(struct arena *a, size_t size)
{
	void	*p;

	if ((p = arena_alloc(a, size)) != NULL)
		memset(p, 0, size);
	return p;
}

char *
arena_strndup(struct arena *a, const char *s, size_t n)
{
	char	*p;

	if (n == SIZE_MAX || (p = arena_alloc(a, n + 1)) == NULL)
		return NULL;
	if (n > 0)
		memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
arena_strdup(struct arena *a, const char *s)
{
	return s == NULL ? NULL : arena_strndup(a, s, strlen(s));
}

char *
arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list	 ap;
	int	 n;
	char	*p;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || (p = arena_alloc(a, (size_t)n + 1)) == NULL)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

size_t
arena_used(const struct arena *a)
{
	return a == NULL ? 0 : a->total;
}

void
arena_free(struct arena *a)
{
	struct chunk	*c, *next;

	if (a == NULL)
		return;
	for (c = a->head; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
	free(a);
}

void
arena_fail_after(struct arena *a, long n)
{
	a->fail_after = n;
}
