/*
 * hash: thin wrapper over libmd's SHA-256, so callers need no libmd types.
 */
#include <stdio.h>

#include "hash.h"

void
sha256_init(struct sha256 *h)
{
	SHA256Init(&h->ctx);
}

void
sha256_update(struct sha256 *h, const void *p, size_t n)
{
	SHA256Update(&h->ctx, p, n);
}

void
sha256_hex(struct sha256 *h, char out[65])
{
	uint8_t	d[SHA256_DIGEST_LENGTH];

	SHA256Final(d, &h->ctx);
	for (int i = 0; i < SHA256_DIGEST_LENGTH; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
}
