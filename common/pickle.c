/*
 * pickle: the safe reader of pickle.h. A loop over the opcodes drives a
 * value stack, a mark stack and the memo, as Python's unpickler does,
 * but only for the opcodes that build plain data; every other opcode is
 * refused by name and offset before anything is done with it. Why a
 * container is never mutated once it sits in another: Python's pickler
 * always fills a list, dict or set before it is appended anywhere, so a
 * pickle that appends to a placed container is one that builds a cycle
 * (or a hand-made one), and refusing it keeps the tree acyclic and its
 * depth known when each container is placed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pickle.h"

const struct pk_limits	pk_default_limits = {
	.max_input = 256u << 20,
	.max_nodes = 8u << 20,
	.max_depth = 64,
	.max_str = 16u << 20,
	.max_memo = 8u << 20,
};

#define SLAB	1024		/* nodes allocated at a time */

struct rd {
	const unsigned char	*p;
	size_t			 len, off;	/* off: next byte */
	size_t			 op_at;		/* the opcode being read */
	unsigned char		 op;
	const struct pk_limits	*lim;
	struct arena		*a;
	struct err		*e;
	struct pk_node		*slab;
	size_t			 nslab, nodes, edges;
	struct pk_node		*none, *yes, *no;
	struct pk_node		**stack;
	size_t			 sp, scap;
	size_t			*marks;
	size_t			 nmarks, mcap;
	struct pk_node		**memo;
	size_t			 nmemo, memocap;	/* nmemo: slots set */
};

static const struct {
	unsigned char	 op;
	const char	*name;
	int		 refused;	/* imports, calls or constructs */
} opcodes[] = {
	{ '(', "MARK", 0 }, { '.', "STOP", 0 }, { '0', "POP", 0 },
	{ '1', "POP_MARK", 0 }, { '2', "DUP", 0 }, { 'F', "FLOAT", 0 },
	{ 'I', "INT", 0 }, { 'J', "BININT", 0 }, { 'K', "BININT1", 0 },
	{ 'L', "LONG", 0 }, { 'M', "BININT2", 0 }, { 'N', "NONE", 0 },
	{ 'P', "PERSID", 1 }, { 'Q', "BINPERSID", 1 }, { 'R', "REDUCE", 1 },
	{ 'S', "STRING", 0 }, { 'T', "BINSTRING", 0 },
	{ 'U', "SHORT_BINSTRING", 0 }, { 'V', "UNICODE", 0 },
	{ 'X', "BINUNICODE", 0 }, { 'a', "APPEND", 0 }, { 'b', "BUILD", 1 },
	{ 'c', "GLOBAL", 1 }, { 'd', "DICT", 0 }, { '}', "EMPTY_DICT", 0 },
	{ 'e', "APPENDS", 0 }, { 'g', "GET", 0 }, { 'h', "BINGET", 0 },
	{ 'i', "INST", 1 }, { 'j', "LONG_BINGET", 0 }, { 'l', "LIST", 0 },
	{ ']', "EMPTY_LIST", 0 }, { 'o', "OBJ", 1 }, { 'p', "PUT", 0 },
	{ 'q', "BINPUT", 0 }, { 'r', "LONG_BINPUT", 0 }, { 's', "SETITEM", 0 },
	{ 't', "TUPLE", 0 }, { ')', "EMPTY_TUPLE", 0 }, { 'u', "SETITEMS", 0 },
	{ 'G', "BINFLOAT", 0 }, { 0x80, "PROTO", 0 }, { 0x81, "NEWOBJ", 1 },
	{ 0x82, "EXT1", 1 }, { 0x83, "EXT2", 1 }, { 0x84, "EXT4", 1 },
	{ 0x85, "TUPLE1", 0 }, { 0x86, "TUPLE2", 0 }, { 0x87, "TUPLE3", 0 },
	{ 0x88, "NEWTRUE", 0 }, { 0x89, "NEWFALSE", 0 }, { 0x8a, "LONG1", 0 },
	{ 0x8b, "LONG4", 0 }, { 'B', "BINBYTES", 0 },
	{ 'C', "SHORT_BINBYTES", 0 }, { 0x8c, "SHORT_BINUNICODE", 0 },
	{ 0x8d, "BINUNICODE8", 0 }, { 0x8e, "BINBYTES8", 0 },
	{ 0x8f, "EMPTY_SET", 0 }, { 0x90, "ADDITEMS", 0 },
	{ 0x91, "FROZENSET", 0 }, { 0x92, "NEWOBJ_EX", 1 },
	{ 0x93, "STACK_GLOBAL", 1 }, { 0x94, "MEMOIZE", 0 },
	{ 0x95, "FRAME", 0 }, { 0x96, "BYTEARRAY8", 0 },
	{ 0x97, "NEXT_BUFFER", 1 }, { 0x98, "READONLY_BUFFER", 1 },
};

const char *
pickle_opcode_name(unsigned char op)
{
	for (size_t i = 0; i < sizeof(opcodes) / sizeof(opcodes[0]); i++)
		if (opcodes[i].op == op)
			return opcodes[i].name;
	return NULL;
}

static int
op_refused(unsigned char op)
{
	for (size_t i = 0; i < sizeof(opcodes) / sizeof(opcodes[0]); i++)
		if (opcodes[i].op == op)
			return opcodes[i].refused;
	return 1;
}

/* An error about the opcode being read, with its name and offset. */
static enum err_code
bad(struct rd *r, enum err_code code, const char *why)
{
	const char	*name = pickle_opcode_name(r->op);

	if (name == NULL)
		return ERR(r->e, code, "pickle: offset %zu: unknown opcode "
		    "0x%02x: %s", r->op_at, r->op, why);
	return ERR(r->e, code, "pickle: offset %zu: opcode %s (0x%02x): %s",
	    r->op_at, name, r->op, why);
}

static struct pk_node *
node(struct rd *r, enum pk_type t)
{
	struct pk_node	*n;

	if (r->nodes >= r->lim->max_nodes) {
		bad(r, ERR_LIMIT, "more values than the limit");
		return NULL;
	}
	if (r->slab == NULL || r->nslab == SLAB) {
		if ((r->slab = arena_alloc(r->a, SLAB * sizeof(*n))) == NULL) {
			ERR(r->e, ERR_NOMEM, "pickle: values");
			return NULL;
		}
		r->nslab = 0;
	}
	n = &r->slab[r->nslab++];
	r->nodes++;
	memset(n, 0, sizeof(*n));
	n->type = (uint8_t)t;
	n->depth = 1;
	return n;
}

/* An arena array of isz-byte items grown to hold need (by copy): v
 * itself or its copy; NULL when out of memory. */
static void *
grow(struct rd *r, void *v, size_t *cap, size_t need, size_t isz)
{
	size_t	 nc = *cap == 0 ? 8 : *cap;
	void	*nv;

	if (need <= *cap)
		return v;
	while (nc < need)
		nc *= 2;
	if ((nv = arena_alloc(r->a, nc * isz)) == NULL) {
		ERR(r->e, ERR_NOMEM, "pickle: stack");
		return NULL;
	}
	if (*cap > 0)
		memcpy(nv, v, *cap * isz);
	*cap = nc;
	return nv;
}

static enum err_code
push(struct rd *r, struct pk_node *n)
{
	if (n == NULL)
		return r->e->code != ERR_OK ? r->e->code : ERR_NOMEM;
	if (r->sp >= r->lim->max_nodes)
		return bad(r, ERR_LIMIT, "stack deeper than the limit");
	if ((r->stack = grow(r, r->stack, &r->scap, r->sp + 1,
	    sizeof(*r->stack))) == NULL)
		return ERR_NOMEM;
	r->stack[r->sp++] = n;
	return ERR_OK;
}

static struct pk_node *
pop(struct rd *r)
{
	if (r->sp == 0 || (r->nmarks > 0 && r->sp <= r->marks[r->nmarks - 1])) {
		bad(r, ERR_FORMAT, "stack underflow");
		return NULL;
	}
	return r->stack[--r->sp];
}

/* Pop to the last mark: *base is where the marked items start. */
static enum err_code
pop_mark(struct rd *r, size_t *base)
{
	if (r->nmarks == 0)
		return bad(r, ERR_FORMAT, "no MARK before it");
	*base = r->marks[--r->nmarks];
	return ERR_OK;
}

static enum err_code
need(struct rd *r, size_t n, const unsigned char **p)
{
	if (r->len - r->off < n)
		return bad(r, ERR_FORMAT, "truncated argument");
	*p = r->p + r->off;
	r->off += n;
	return ERR_OK;
}

static uint64_t
le(const unsigned char *p, size_t n)
{
	uint64_t	v = 0;

	for (size_t i = n; i > 0; i--)
		v = v << 8 | p[i - 1];
	return v;
}

/* A text argument: the bytes up to the newline (protocol 0). */
static enum err_code
line(struct rd *r, const char **s, size_t *n)
{
	const unsigned char	*p = r->p + r->off;
	const unsigned char	*nl = memchr(p, '\n', r->len - r->off);

	if (nl == NULL)
		return bad(r, ERR_FORMAT, "argument not ended by a newline");
	if ((size_t)(nl - p) > r->lim->max_str)
		return bad(r, ERR_LIMIT, "argument longer than the limit");
	*s = (const char *)p;
	*n = (size_t)(nl - p);
	r->off += *n + 1;
	return ERR_OK;
}

/* s[0..n) as a decimal int64; -1 when it is none (or out of range). */
static int
dec_i64(const char *s, size_t n, int64_t *v)
{
	char		 buf[32], *end;
	long long	 x;

	if (n == 0 || n >= sizeof(buf))
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	errno = 0;
	x = strtoll(buf, &end, 10);
	if (errno != 0 || end == buf || *end != '\0')
		return -1;
	*v = x;
	return 0;
}

static enum err_code
dec(struct rd *r, const char *s, size_t n, int64_t *v)
{
	return dec_i64(s, n, v) == 0 ? ERR_OK :
	    bad(r, ERR_FORMAT, "not a 64-bit decimal integer");
}

static enum err_code
push_int(struct rd *r, int64_t v)
{
	struct pk_node	*n = node(r, PK_INT);

	if (n != NULL)
		n->u.i = v;
	return push(r, n);
}

/* A little-endian two's-complement integer of n bytes (LONG1, LONG4);
 * past 64 bits a PK_BIGINT, unless it is sign extension only. */
static enum err_code
push_long(struct rd *r, const unsigned char *p, size_t n)
{
	uint64_t	v;
	size_t		k = n;

	/* Drop high bytes that only repeat the sign of the byte below. */
	while (k > 8 && ((p[k - 1] == 0 && !(p[k - 2] & 0x80)) ||
	    (p[k - 1] == 0xff && (p[k - 2] & 0x80))))
		k--;
	if (k > 8)
		return push(r, node(r, PK_BIGINT));
	n = k;
	v = le(p, n);
	if (n > 0 && n < 8 && (p[n - 1] & 0x80))
		v |= ~(uint64_t)0 << (8 * n);
	return push_int(r, (int64_t)v);
}

static enum err_code
push_str(struct rd *r, enum pk_type t, const char *s, size_t n)
{
	struct pk_node	*x;

	if (n > r->lim->max_str || n > UINT32_MAX)
		return bad(r, ERR_LIMIT, "string longer than the limit");
	if ((x = node(r, t)) != NULL) {
		x->u.s = s;
		x->n = (uint32_t)n;
	}
	return push(r, x);
}

/* A string stored raw after a length of lb bytes. */
static enum err_code
op_counted(struct rd *r, enum pk_type t, size_t lb)
{
	const unsigned char	*p = NULL, *s = NULL;
	uint64_t		 n;
	enum err_code		 rc;

	if ((rc = need(r, lb, &p)) != ERR_OK)
		return rc;
	n = le(p, lb);
	if (lb == 4 && (r->op == 'T') && (p[3] & 0x80))
		return bad(r, ERR_FORMAT, "negative length");
	if (n > r->lim->max_str)
		return bad(r, ERR_LIMIT, "string longer than the limit");
	if ((rc = need(r, (size_t)n, &s)) != ERR_OK)
		return rc;
	return push_str(r, t, (const char *)s, (size_t)n);
}

static size_t
put_utf8(char *o, uint32_t c)
{
	if (c < 0x80) {
		o[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		o[0] = (char)(0xc0 | c >> 6);
		o[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		o[0] = (char)(0xe0 | c >> 12);
		o[1] = (char)(0x80 | (c >> 6 & 0x3f));
		o[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | (c >> 18 & 0x07));
	o[1] = (char)(0x80 | (c >> 12 & 0x3f));
	o[2] = (char)(0x80 | (c >> 6 & 0x3f));
	o[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

static int
hexval(const char *s, size_t n, uint32_t *v)
{
	*v = 0;
	for (size_t i = 0; i < n; i++) {
		char	c = s[i];

		*v <<= 4;
		if (c >= '0' && c <= '9')
			*v |= (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			*v |= (uint32_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*v |= (uint32_t)(c - 'A' + 10);
		else
			return -1;
	}
	return 0;
}

/*
 * Protocol 0's text strings. STRING is a quoted Python 2 literal with
 * backslash escapes (bytes); UNICODE is raw-unicode-escape: \uXXXX and
 * \UXXXXXXXX escapes, every other byte a Latin-1 character. Both come
 * out as UTF-8 in the arena (4 bytes per input byte at most).
 */
static enum err_code
op_text(struct rd *r, int unicode)
{
	const char	*s = NULL;
	size_t		 n = 0, k = 0, i = 0;
	char		*o;
	uint32_t	 c;
	enum err_code	 rc;

	if ((rc = line(r, &s, &n)) != ERR_OK)
		return rc;
	if (!unicode) {
		if (n < 2 || (s[0] != '\'' && s[0] != '"') || s[n - 1] != s[0])
			return bad(r, ERR_FORMAT, "string not quoted");
		s++;
		n -= 2;
	}
	if ((o = arena_alloc(r->a, n * 4 + 1)) == NULL)
		return ERR(r->e, ERR_NOMEM, "pickle: string");
	while (i < n) {
		if (s[i] != '\\' || i + 1 >= n) {
			c = (unsigned char)s[i++];
			if (unicode)
				k += put_utf8(o + k, c);
			else
				o[k++] = (char)c;
			continue;
		}
		if (unicode && (s[i + 1] == 'u' || s[i + 1] == 'U')) {
			size_t w = s[i + 1] == 'u' ? 4 : 8;

			if (i + 2 + w > n || hexval(s + i + 2, w, &c) ||
			    c > 0x10ffff)
				return bad(r, ERR_FORMAT, "bad \\u escape");
			k += put_utf8(o + k, c);
			i += 2 + w;
			continue;
		}
		if (unicode) {
			o[k++] = s[i++];
			continue;
		}
		switch (s[i + 1]) {
		case 'n': o[k++] = '\n'; break;
		case 't': o[k++] = '\t'; break;
		case 'r': o[k++] = '\r'; break;
		case '0': o[k++] = '\0'; break;
		case 'x':
			if (i + 4 > n || hexval(s + i + 2, 2, &c))
				return bad(r, ERR_FORMAT, "bad \\x escape");
			o[k++] = (char)c;
			i += 2;
			break;
		default: o[k++] = s[i + 1]; break;
		}
		i += 2;
	}
	o[k] = '\0';
	return push_str(r, unicode ? PK_STR : PK_BYTES, o, k);
}

static enum err_code
op_float_text(struct rd *r)
{
	const char	*s = NULL;
	size_t		 n = 0;
	char		 buf[64], *end;
	struct pk_node	*x;
	enum err_code	 rc;

	if ((rc = line(r, &s, &n)) != ERR_OK)
		return rc;
	if (n == 0 || n >= sizeof(buf))
		return bad(r, ERR_FORMAT, "not a float");
	memcpy(buf, s, n);
	buf[n] = '\0';
	if ((x = node(r, PK_FLOAT)) == NULL)
		return r->e->code;
	x->u.f = strtod(buf, &end);
	if (*end != '\0')
		return bad(r, ERR_FORMAT, "not a float");
	return push(r, x);
}

static enum err_code
op_int_text(struct rd *r, int is_long)
{
	const char	*s = NULL;
	size_t		 n = 0;
	int64_t		 v = 0;
	enum err_code	 rc;

	if ((rc = line(r, &s, &n)) != ERR_OK)
		return rc;
	if (is_long && n > 0 && s[n - 1] == 'L')
		n--;
	/* Protocol 0 writes True and False as INT 01 and 00. */
	if (!is_long && n == 2 && s[0] == '0' && (s[1] == '0' || s[1] == '1'))
		return push(r, s[1] == '1' ? r->yes : r->no);
	/* All digits but past int64: a value without its number. */
	if (n > 19 && strspn(s + (*s == '-'), "0123456789") ==
	    n - (*s == '-') && dec_i64(s, n, &v) != 0)
		return push(r, node(r, PK_BIGINT));
	if ((rc = dec(r, s, n, &v)) != ERR_OK)
		return rc;
	return push_int(r, v);
}

/* Place child c in container p: c is frozen, p's depth follows. */
static enum err_code
adopt(struct rd *r, struct pk_node *p, struct pk_node *c)
{
	if (c == p)
		return bad(r, ERR_FORMAT, "a container placed in itself");
	c->sealed = 1;
	if (c->depth + 1 > p->depth)
		p->depth = (uint16_t)(c->depth + 1);
	if (p->depth > r->lim->max_depth)
		return bad(r, ERR_LIMIT, "nesting deeper than the limit");
	if (p->n >= UINT32_MAX / 2 - 1)
		return bad(r, ERR_LIMIT, "container too large");
	return ERR_OK;
}

/* Append items[0..n) to p (a list, set, or a dict taking pairs). */
static enum err_code
extend(struct rd *r, struct pk_node *p, struct pk_node **items, size_t n)
{
	size_t		 have, cap;
	void		*v;
	enum err_code	 rc;

	if (p->sealed)
		return bad(r, ERR_FORMAT, "modifies a container already "
		    "placed in another");
	if (p->type == PK_DICT && n % 2 != 0)
		return bad(r, ERR_FORMAT, "odd number of items for a dict");
	have = p->type == PK_DICT ? (size_t)p->n * 2 : p->n;
	cap = p->cap;
	if ((r->edges += n) > 2 * r->lim->max_nodes)
		return bad(r, ERR_LIMIT, "more items than the limit");
	for (size_t i = 0; i < n; i++)
		if ((rc = adopt(r, p, items[i])) != ERR_OK)
			return rc;
	if (n == 0)
		return ERR_OK;
	if ((v = grow(r, p->u.v, &cap, have + n, sizeof(*p->u.v))) == NULL)
		return ERR_NOMEM;
	if (cap > UINT32_MAX)
		return bad(r, ERR_LIMIT, "container too large");
	p->u.v = v;
	p->cap = (uint32_t)cap;
	memcpy(p->u.v + have, items, n * sizeof(*items));
	p->n += (uint32_t)(p->type == PK_DICT ? n / 2 : n);
	return ERR_OK;
}

/* A new container of type t holding stack[base..sp). */
static enum err_code
collect(struct rd *r, enum pk_type t, size_t base)
{
	struct pk_node	*c = node(r, t);
	enum err_code	 rc;

	if (c == NULL)
		return r->e->code;
	/* An empty stack has no array yet: no items, no pointer sum. */
	if (r->sp > base &&
	    (rc = extend(r, c, r->stack + base, r->sp - base)) != ERR_OK)
		return rc;
	r->sp = base;
	return push(r, c);
}

/* APPEND(S), SETITEM(S), ADDITEMS: add stack[base..sp) to the container
 * just below base. */
static enum err_code
add_to(struct rd *r, size_t base, enum pk_type want)
{
	struct pk_node	*p;
	enum err_code	 rc;

	if (base == 0 || (r->nmarks > 0 && base <= r->marks[r->nmarks - 1]))
		return bad(r, ERR_FORMAT, "no container below the items");
	p = r->stack[base - 1];
	if (p->type != want)
		return bad(r, ERR_FORMAT, "the target is not the right kind "
		    "of container");
	if ((rc = extend(r, p, r->stack + base, r->sp - base)) != ERR_OK)
		return rc;
	r->sp = base;
	return ERR_OK;
}

static enum err_code
memo_put(struct rd *r, uint64_t idx)
{
	size_t	old = r->memocap;

	if (r->sp == 0)
		return bad(r, ERR_FORMAT, "memo store with an empty stack");
	if (idx >= r->lim->max_memo)
		return bad(r, ERR_LIMIT, "memo index over the limit");
	if ((r->memo = grow(r, r->memo, &r->memocap, (size_t)idx + 1,
	    sizeof(*r->memo))) == NULL)
		return ERR_NOMEM;
	if (r->memocap > old)
		memset(r->memo + old, 0, (r->memocap - old) * sizeof(*r->memo));
	/* MEMOIZE's index is the memo's size, as Python counts it. */
	if (r->memo[idx] == NULL)
		r->nmemo++;
	r->memo[idx] = r->stack[r->sp - 1];
	return ERR_OK;
}

static enum err_code
memo_get(struct rd *r, uint64_t idx)
{
	if (idx >= r->memocap || r->memo[idx] == NULL)
		return bad(r, ERR_FORMAT, "memo index never stored");
	return push(r, r->memo[idx]);
}

static enum err_code
op_memo(struct rd *r)
{
	const unsigned char	*p = NULL;
	const char		*s = NULL;
	size_t			 n = 0;
	int64_t			 v = 0;
	enum err_code		 rc;
	int			 get = r->op == 'g' || r->op == 'h' ||
				     r->op == 'j';

	if (r->op == 0x94)
		return memo_put(r, r->nmemo);
	if (r->op == 'g' || r->op == 'p') {
		if ((rc = line(r, &s, &n)) != ERR_OK ||
		    (rc = dec(r, s, n, &v)) != ERR_OK)
			return rc;
		if (v < 0)
			return bad(r, ERR_FORMAT, "negative memo index");
		return get ? memo_get(r, (uint64_t)v) : memo_put(r, (uint64_t)v);
	}
	n = r->op == 'h' || r->op == 'q' ? 1 : 4;
	if ((rc = need(r, n, &p)) != ERR_OK)
		return rc;
	return get ? memo_get(r, le(p, n)) : memo_put(r, le(p, n));
}

static enum err_code
op_tuple_n(struct rd *r, size_t k)
{
	if (r->sp < k || (r->nmarks > 0 && r->sp - k < r->marks[r->nmarks - 1]))
		return bad(r, ERR_FORMAT, "stack underflow");
	return collect(r, PK_TUPLE, r->sp - k);
}

static enum err_code
op_mark(struct rd *r)
{
	if (r->nmarks >= r->lim->max_nodes)
		return bad(r, ERR_LIMIT, "too many marks");
	if ((r->marks = grow(r, r->marks, &r->mcap, r->nmarks + 1,
	    sizeof(*r->marks))) == NULL)
		return ERR_NOMEM;
	r->marks[r->nmarks++] = r->sp;
	return ERR_OK;
}

/* Opcodes that take no argument and work the stack. */
static enum err_code
op_stack(struct rd *r)
{
	struct pk_node	*x;
	size_t		 base = 0;
	enum err_code	 rc;

	switch (r->op) {
	case '0':
		if (r->nmarks > 0 && r->marks[r->nmarks - 1] == r->sp) {
			r->nmarks--;	/* POP of a bare mark */
			return ERR_OK;
		}
		return pop(r) == NULL ? r->e->code : ERR_OK;
	case '1':
		if ((rc = pop_mark(r, &base)) != ERR_OK)
			return rc;
		r->sp = base;
		return ERR_OK;
	case '2':
		if ((x = pop(r)) == NULL)
			return r->e->code;
		r->sp++;
		return push(r, x);
	case 'a':
		if (r->sp < 2)
			return bad(r, ERR_FORMAT, "stack underflow");
		return add_to(r, r->sp - 1, PK_LIST);
	case 's':
		if (r->sp < 3)
			return bad(r, ERR_FORMAT, "stack underflow");
		return add_to(r, r->sp - 2, PK_DICT);
	case 'e':
	case 'u':
	case 0x90:
		if ((rc = pop_mark(r, &base)) != ERR_OK)
			return rc;
		return add_to(r, base, r->op == 'e' ? PK_LIST :
		    r->op == 'u' ? PK_DICT : PK_SET);
	case 'l':
	case 't':
	case 'd':
	case 0x91:
		if ((rc = pop_mark(r, &base)) != ERR_OK)
			return rc;
		return collect(r, r->op == 'l' ? PK_LIST : r->op == 't' ?
		    PK_TUPLE : r->op == 'd' ? PK_DICT : PK_FROZENSET, base);
	case ']':
		return push(r, node(r, PK_LIST));
	case '}':
		return push(r, node(r, PK_DICT));
	case ')':
		return push(r, node(r, PK_TUPLE));
	case 0x8f:
		return push(r, node(r, PK_SET));
	case 0x85:
	case 0x86:
	case 0x87:
		return op_tuple_n(r, (size_t)(r->op - 0x84));
	case 'N':
		return push(r, r->none);
	case 0x88:
		return push(r, r->yes);
	case 0x89:
		return push(r, r->no);
	}
	return bad(r, ERR_FORMAT, "not handled");
}

/* Opcodes with a fixed binary argument. */
static enum err_code
op_binary(struct rd *r)
{
	const unsigned char	*p = NULL;
	uint64_t		 v;
	union { uint64_t u; double d; } fl;
	struct pk_node		*x;
	enum err_code		 rc;

	switch (r->op) {
	case 'J':
		if ((rc = need(r, 4, &p)) != ERR_OK)
			return rc;
		return push_int(r, (int32_t)(uint32_t)le(p, 4));
	case 'K':
		if ((rc = need(r, 1, &p)) != ERR_OK)
			return rc;
		return push_int(r, p[0]);
	case 'M':
		if ((rc = need(r, 2, &p)) != ERR_OK)
			return rc;
		return push_int(r, (int64_t)le(p, 2));
	case 0x8a:
	case 0x8b:
		if ((rc = need(r, r->op == 0x8a ? 1 : 4, &p)) != ERR_OK)
			return rc;
		v = r->op == 0x8a ? p[0] : le(p, 4);
		if (v > r->lim->max_str)
			return bad(r, ERR_LIMIT, "integer longer than the limit");
		if ((rc = need(r, (size_t)v, &p)) != ERR_OK)
			return rc;
		return push_long(r, p, (size_t)v);
	case 'G':
		if ((rc = need(r, 8, &p)) != ERR_OK)
			return rc;
		fl.u = 0;
		for (int i = 0; i < 8; i++)
			fl.u = fl.u << 8 | p[i];	/* big-endian */
		if ((x = node(r, PK_FLOAT)) != NULL)
			x->u.f = fl.d;
		return push(r, x);
	case 0x80:
		if ((rc = need(r, 1, &p)) != ERR_OK)
			return rc;
		return p[0] > 5 ? bad(r, ERR_FORMAT, "protocol above 5") :
		    ERR_OK;
	case 0x95:
		/* FRAME: a length hint for buffered readers; check it. */
		if ((rc = need(r, 8, &p)) != ERR_OK)
			return rc;
		return le(p, 8) > r->len - r->off ?
		    bad(r, ERR_FORMAT, "frame runs past the end") : ERR_OK;
	}
	return bad(r, ERR_FORMAT, "not handled");
}

static enum err_code
step(struct rd *r)
{
	switch (r->op) {
	case 'F':
		return op_float_text(r);
	case 'I':
	case 'L':
		return op_int_text(r, r->op == 'L');
	case 'S':
	case 'V':
		return op_text(r, r->op == 'V');
	case 'T':
	case 'B':
		return op_counted(r, PK_BYTES, 4);
	case 'U':
	case 'C':
		return op_counted(r, PK_BYTES, 1);
	case 'X':
		return op_counted(r, PK_STR, 4);
	case 0x8c:
		return op_counted(r, PK_STR, 1);
	case 0x8d:
		return op_counted(r, PK_STR, 8);
	case 0x8e:
	case 0x96:
		return op_counted(r, PK_BYTES, 8);
	case 'g': case 'h': case 'j': case 'p': case 'q': case 'r':
	case 0x94:
		return op_memo(r);
	case '(':
		return op_mark(r);
	case 'J': case 'K': case 'M': case 0x8a: case 0x8b: case 'G':
	case 0x80: case 0x95:
		return op_binary(r);
	}
	return op_stack(r);
}

static enum err_code
setup(struct rd *r)
{
	if ((r->none = node(r, PK_NONE)) == NULL ||
	    (r->yes = node(r, PK_BOOL)) == NULL ||
	    (r->no = node(r, PK_BOOL)) == NULL)
		return r->e->code;
	r->yes->u.i = 1;
	return ERR_OK;
}

enum err_code
pickle_read(const void *data, size_t len, const struct pk_limits *lim,
    struct arena *a, struct pk_node **out, struct err *e)
{
	struct err	 e0 = { 0 };
	struct rd	 r = { .p = data, .len = len, .a = a };
	enum err_code	 rc;

	r.e = e != NULL ? e : &e0;
	r.e->code = ERR_OK;
	r.lim = lim != NULL ? lim : &pk_default_limits;
	*out = NULL;
	if (len > r.lim->max_input)
		return ERR(r.e, ERR_LIMIT, "pickle: %zu bytes, over the limit "
		    "of %zu", len, r.lim->max_input);
	if ((rc = setup(&r)) != ERR_OK)
		return rc;
	while (r.off < r.len) {
		r.op_at = r.off;
		r.op = r.p[r.off++];
		if (op_refused(r.op))
			return bad(&r, ERR_FORMAT, pickle_opcode_name(r.op) ?
			    "refused: it would import, call or construct an "
			    "object" : "not an opcode of protocols 0 to 5");
		if (r.op == '.') {
			if (r.sp != 1 || r.nmarks != 0)
				return bad(&r, ERR_FORMAT, "the stack does "
				    "not hold exactly one value");
			*out = r.stack[0];
			return ERR_OK;
		}
		if ((rc = step(&r)) != ERR_OK)
			return rc;
	}
	return ERR(r.e, ERR_FORMAT, "pickle: offset %zu: ended without STOP",
	    r.len);
}

const struct pk_node *
pk_get(const struct pk_node *d, const char *key)
{
	const struct pk_node	*hit = NULL;
	size_t			 kn = strlen(key);

	if (d == NULL || d->type != PK_DICT)
		return NULL;
	for (size_t i = 0; i < d->n; i++) {
		const struct pk_node *k = d->u.v[2 * i];

		if (k->type == PK_STR && k->n == kn &&
		    memcmp(k->u.s, key, kn) == 0)
			hit = d->u.v[2 * i + 1];
	}
	return hit;
}

size_t
pk_len(const struct pk_node *l)
{
	return l != NULL && (l->type == PK_LIST || l->type == PK_TUPLE) ?
	    l->n : 0;
}

const struct pk_node *
pk_item(const struct pk_node *l, size_t i)
{
	return i < pk_len(l) ? l->u.v[i] : NULL;
}

int
pk_int(const struct pk_node *n, int64_t *v)
{
	if (n == NULL || (n->type != PK_INT && n->type != PK_BOOL))
		return -1;
	*v = n->u.i;
	return 0;
}

int
pk_num(const struct pk_node *n, double *v)
{
	if (n != NULL && n->type == PK_FLOAT) {
		*v = n->u.f;
		return 0;
	}
	if (n == NULL || (n->type != PK_INT && n->type != PK_BOOL))
		return -1;
	*v = (double)n->u.i;
	return 0;
}

int
pk_str_is(const struct pk_node *n, const char *s)
{
	size_t	k = strlen(s);

	return n != NULL && n->type == PK_STR && n->n == k &&
	    memcmp(n->u.s, s, k) == 0;
}
