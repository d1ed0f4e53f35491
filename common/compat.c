/*
 * compat: memmem, memrchr and explicit_bzero from the system where it has them, portable
 * versions otherwise (compat.h).  This file alone asks for the system's
 * extensions (_GNU_SOURCE on glibc; the BSDs and macOS declare them when
 * no strict POSIX level is requested), so the rest of the code builds
 * with strict POSIX feature macros.
 */
#undef _POSIX_C_SOURCE
#undef _XOPEN_SOURCE
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdint.h>
#include <string.h>

#include "compat.h"

void *
portable_memmem(const void *h, size_t hn, const void *nd, size_t nn)
{
	const unsigned char	*p = h, *end, *n = nd;

	if (nn == 0)
		return (void *)(uintptr_t)h;
	if (hn < nn)
		return NULL;
	end = p + (hn - nn);
	/* memchr for the first byte, then compare the rest. */
	while (p <= end) {
		const unsigned char	*q;

		q = memchr(p, n[0], (size_t)(end - p) + 1);
		if (q == NULL)
			return NULL;
		if (memcmp(q + 1, n + 1, nn - 1) == 0)
			return (void *)(uintptr_t)q;
		p = q + 1;
	}
	return NULL;
}

void *
portable_memrchr(const void *s, int c, size_t n)
{
	const unsigned char	*p = s;

	while (n > 0)
		if (p[--n] == (unsigned char)c)
			return (void *)(uintptr_t)(p + n);
	return NULL;
}

void *
compat_memmem(const void *h, size_t hn, const void *nd, size_t nn)
{
#if defined(OOMTRAIL_HAVE_MEMMEM) && !defined(OOMTRAIL_PORTABLE)
	return memmem(h, hn, nd, nn);
#else
	return portable_memmem(h, hn, nd, nn);
#endif
}

void *
compat_memrchr(const void *s, int c, size_t n)
{
#if defined(OOMTRAIL_HAVE_MEMRCHR) && !defined(OOMTRAIL_PORTABLE)
	return memrchr(s, c, n);
#else
	return portable_memrchr(s, c, n);
#endif
}

void
compat_explicit_bzero(void *s, size_t n)
{
#if defined(OOMTRAIL_HAVE_EXPLICIT_BZERO) && !defined(OOMTRAIL_PORTABLE)
	explicit_bzero(s, n);
#else
	/* Stores through a volatile pointer are not elided. */
	volatile unsigned char	*p = s;

	while (n-- > 0)
		*p++ = 0;
#endif
}
