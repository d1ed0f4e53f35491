/*
 * compat: the few non-POSIX functions (memmem, memrchr, explicit_bzero) the analyzer and the common code
 * use, behind names of their own, so that only compat.c asks for the
 * system's extensions.  Where the system has them (glibc, the BSDs,
 * macOS) they are used; elsewhere, or with -DOOMTRAIL_PORTABLE=ON, the
 * portable versions below, which are always built so that the tests can
 * compare both.
 */
#ifndef OOMTRAIL_COMPAT_H
#define OOMTRAIL_COMPAT_H

#include <stddef.h>

/* memmem: the first n-byte needle in the h-byte haystack, or NULL. */
void	*compat_memmem(const void *, size_t, const void *, size_t);
/* memrchr: the last byte c in the n bytes at s, or NULL. */
void	*compat_memrchr(const void *, int, size_t);
/* explicit_bzero: zero n bytes at s in a way the compiler keeps. */
void	 compat_explicit_bzero(void *, size_t);

void	*portable_memmem(const void *, size_t, const void *, size_t);
void	*portable_memrchr(const void *, int, size_t);

#endif
