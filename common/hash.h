/*
 * hash: streaming SHA-256 (libmd) with a hex result.
 */
#ifndef OOMTRAIL_HASH_H
#define OOMTRAIL_HASH_H

#include <stddef.h>
#include <sys/types.h>
#include <sha2.h>

struct sha256 {
	SHA2_CTX	ctx;
};

void	sha256_init(struct sha256 *);
void	sha256_update(struct sha256 *, const void *, size_t);
void	sha256_hex(struct sha256 *, char out[65]);	/* finishes */

#endif
