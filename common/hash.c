/*
 * hash: thin wrapper over nettle's SHA-256. Our names are the same words
 * as nettle's convenience macros, so they are undefined here and only
 * the nettle_ symbols are called.
 */
#include <stdio.h>

#include <nettle/sha2.h>

#undef sha256_init
#undef sha256_update
#undef sha256_digest

#include "hash.h"

_Static_assert(sizeof(struct sha256_ctx) <= sizeof(struct sha256),
    "struct sha256 too small for nettle's context");

void
sha256_init(struct sha256 *h)
{
	nettle_sha256_init((struct sha256_ctx *)(void *)h->opaque);
}

void
sha256_update(struct sha256 *h, const void *p, size_t n)
{
	nettle_sha256_update((struct sha256_ctx *)(void *)h->opaque, n, p);
}

void
sha256_hex(struct sha256 *h, char out[65])
{
	uint8_t	d[SHA256_DIGEST_SIZE];

	nettle_sha256_digest((struct sha256_ctx *)(void *)h->opaque,
	    sizeof(d), d);
	for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
}
