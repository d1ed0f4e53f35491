/*
 * hash: streaming SHA-256 with a hex result, over nettle (which uses the
 * CPU's SHA extensions where present: ~1 GB/s here against ~140 MB/s for
 * a portable C implementation; every bundle byte is hashed, so this is on
 * the analyzer's hot path). The context is opaque so callers need no
 * nettle header.
 */
#ifndef OOMTRAIL_HASH_H
#define OOMTRAIL_HASH_H

#include <stddef.h>
#include <stdint.h>

struct sha256 {
	_Alignas(16) unsigned char	opaque[128];
};

void	sha256_init(struct sha256 *);
void	sha256_update(struct sha256 *, const void *, size_t);
void	sha256_hex(struct sha256 *, char out[65]);	/* finishes */

#endif
