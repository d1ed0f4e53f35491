/*
 * pickle: a reader of Python pickles (protocols 0 to 5) that interprets
 * only the opcodes that build plain data — None, bools, ints that fit in
 * 64 bits, floats, str, bytes, lists, tuples, dicts, sets and the memo —
 * into a tree of struct pk_node (an int wider than 64 bits is a
 * PK_BIGINT without its value). It never imports, calls or constructs
 * anything: GLOBAL, STACK_GLOBAL, REDUCE, BUILD, INST, OBJ, NEWOBJ,
 * NEWOBJ_EX, the EXT opcodes, PERSID, BINPERSID and out-of-band buffers
 * are refused with ERR_FORMAT naming the opcode and its byte offset, as
 * is every unknown byte. A pickle is evidence from a stranger: its size,
 * its number of values, the nesting of its containers, each string and
 * the memo are bounded (struct pk_limits), and a container is never made
 * to contain itself, so the tree is acyclic (values may be shared: the
 * memo lets one node appear under several parents).
 *
 * The tree lives in the arena given; str and bytes values point into the
 * input buffer when they are stored raw there, so the input must outlive
 * the tree (or the arena, whichever goes first).
 */
#ifndef OOMTRAIL_PICKLE_H
#define OOMTRAIL_PICKLE_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "err.h"

enum pk_type {
	PK_NONE, PK_BOOL, PK_INT, PK_FLOAT, PK_STR, PK_BYTES,
	PK_BIGINT,	/* an int outside int64: kept as a value, no number */
	PK_LIST, PK_TUPLE, PK_DICT, PK_SET, PK_FROZENSET
};

struct pk_node {
	uint8_t		 type;		/* enum pk_type */
	uint8_t		 sealed;	/* placed in a container: frozen */
	uint16_t	 depth;		/* 1 for a scalar */
	uint32_t	 n;		/* bytes of str/bytes; items; dict:
					 * pairs */
	union {
		int64_t		  i;	/* PK_INT, PK_BOOL (0 or 1) */
		double		  f;
		const char	 *s;	/* PK_STR (UTF-8 as written), PK_BYTES */
		struct pk_node	**v;	/* items; dict: key, value, key, ... */
	} u;
	uint32_t	 cap;		/* containers: room in v */
};

struct pk_limits {
	size_t		 max_input;	/* bytes */
	size_t		 max_nodes;	/* values made */
	unsigned	 max_depth;	/* container nesting */
	size_t		 max_str;	/* bytes of one str or bytes */
	size_t		 max_memo;	/* memo slots */
};

/* The defaults: 256 MiB, 8 Mi values, depth 64, 16 MiB strings, 8 Mi
 * memo slots. */
extern const struct pk_limits	pk_default_limits;

/*
 * Read the pickle in data[0..len) into *out (in a). lim NULL means the
 * defaults. ERR_FORMAT: a refused or unknown opcode, a truncated or
 * malformed pickle (the message names the opcode and the byte offset);
 * ERR_LIMIT: a bound was hit (named); ERR_NOMEM. Nothing is executed.
 */
enum err_code	pickle_read(const void *data, size_t len,
		    const struct pk_limits *lim, struct arena *a,
		    struct pk_node **out, struct err *e);

/* The opcode's name ("GLOBAL"), or NULL for a byte that is no opcode. */
const char	*pickle_opcode_name(unsigned char op);

/* Dict lookup by a str key (the last of duplicates, as Python keeps);
 * NULL when d is no dict or has no such key. */
const struct pk_node *pk_get(const struct pk_node *d, const char *key);
/* Item i of a list or tuple, or NULL. */
const struct pk_node *pk_item(const struct pk_node *l, size_t i);
/* Length of a list or tuple, 0 for anything else. */
size_t		 pk_len(const struct pk_node *l);
/* The integer (an int or a bool); 0 when found, -1 otherwise. */
int		 pk_int(const struct pk_node *, int64_t *);
/* A number as a double (int, bool or float); 0 when found. */
int		 pk_num(const struct pk_node *, double *);
/* A str equals s. */
int		 pk_str_is(const struct pk_node *, const char *s);

#endif
