/*
 * The safe pickle reader (common/pickle.c) and the allocator snapshot
 * summary (common/torch_snap.c): every data opcode of protocols 0 to 5,
 * as Python's own pickle module writes them (the byte strings below were
 * made by pickle.dumps of one dict at each protocol), the refusal of
 * every opcode that imports, calls or constructs, the bounds, and the
 * numbers read from the synthetic snapshots of fixtures/pytorch-snapshots.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena.h"
#include "err.h"
#include "harness.h"
#include "pickle.h"
#include "torch_snap.h"

/*
 * pickle.dumps(o, protocol=N) of
 *   {"none": None, "t": True, "f": False, "small": 5, "mid": 300,
 *    "neg": -5, "big": 2**40, "min": -2**63, "fl": 1.5, "s": "h\u00e9llo",
 *    "l": [1, (2,), (3, 4), (5, 6, 7), (), (1, 2, 3, 4)],
 *    "sh1": shared, "sh2": shared, "d": {"x": {}}}
 * with shared = [7, 8] (one list under two keys: the memo), plus
 * "by": b"ab\0" from protocol 3, "set": {1} and "fs": frozenset([2]) from
 * protocol 4, and "ba": bytearray(b"xy") at protocol 5.
 */
static const char proto0[] =
	"\x28\x64\x70\x30\x0a\x56\x6e\x6f\x6e\x65\x0a\x70\x31\x0a\x4e\x73"
	"\x56\x74\x0a\x70\x32\x0a\x49\x30\x31\x0a\x73\x56\x66\x0a\x70\x33"
	"\x0a\x49\x30\x30\x0a\x73\x56\x73\x6d\x61\x6c\x6c\x0a\x70\x34\x0a"
	"\x49\x35\x0a\x73\x56\x6d\x69\x64\x0a\x70\x35\x0a\x49\x33\x30\x30"
	"\x0a\x73\x56\x6e\x65\x67\x0a\x70\x36\x0a\x49\x2d\x35\x0a\x73\x56"
	"\x62\x69\x67\x0a\x70\x37\x0a\x4c\x31\x30\x39\x39\x35\x31\x31\x36"
	"\x32\x37\x37\x37\x36\x4c\x0a\x73\x56\x6d\x69\x6e\x0a\x70\x38\x0a"
	"\x4c\x2d\x39\x32\x32\x33\x33\x37\x32\x30\x33\x36\x38\x35\x34\x37"
	"\x37\x35\x38\x30\x38\x4c\x0a\x73\x56\x66\x6c\x0a\x70\x39\x0a\x46"
	"\x31\x2e\x35\x0a\x73\x56\x73\x0a\x70\x31\x30\x0a\x56\x68\xe9\x6c"
	"\x6c\x6f\x0a\x70\x31\x31\x0a\x73\x56\x6c\x0a\x70\x31\x32\x0a\x28"
	"\x6c\x70\x31\x33\x0a\x49\x31\x0a\x61\x28\x49\x32\x0a\x74\x70\x31"
	"\x34\x0a\x61\x28\x49\x33\x0a\x49\x34\x0a\x74\x70\x31\x35\x0a\x61"
	"\x28\x49\x35\x0a\x49\x36\x0a\x49\x37\x0a\x74\x70\x31\x36\x0a\x61"
	"\x28\x74\x61\x28\x49\x31\x0a\x49\x32\x0a\x49\x33\x0a\x49\x34\x0a"
	"\x74\x70\x31\x37\x0a\x61\x73\x56\x73\x68\x31\x0a\x70\x31\x38\x0a"
	"\x28\x6c\x70\x31\x39\x0a\x49\x37\x0a\x61\x49\x38\x0a\x61\x73\x56"
	"\x73\x68\x32\x0a\x70\x32\x30\x0a\x67\x31\x39\x0a\x73\x56\x64\x0a"
	"\x70\x32\x31\x0a\x28\x64\x70\x32\x32\x0a\x56\x78\x0a\x70\x32\x33"
	"\x0a\x28\x64\x70\x32\x34\x0a\x73\x73\x2e";
static const char proto1[] =
	"\x7d\x71\x00\x28\x58\x04\x00\x00\x00\x6e\x6f\x6e\x65\x71\x01\x4e"
	"\x58\x01\x00\x00\x00\x74\x71\x02\x49\x30\x31\x0a\x58\x01\x00\x00"
	"\x00\x66\x71\x03\x49\x30\x30\x0a\x58\x05\x00\x00\x00\x73\x6d\x61"
	"\x6c\x6c\x71\x04\x4b\x05\x58\x03\x00\x00\x00\x6d\x69\x64\x71\x05"
	"\x4d\x2c\x01\x58\x03\x00\x00\x00\x6e\x65\x67\x71\x06\x4a\xfb\xff"
	"\xff\xff\x58\x03\x00\x00\x00\x62\x69\x67\x71\x07\x4c\x31\x30\x39"
	"\x39\x35\x31\x31\x36\x32\x37\x37\x37\x36\x4c\x0a\x58\x03\x00\x00"
	"\x00\x6d\x69\x6e\x71\x08\x4c\x2d\x39\x32\x32\x33\x33\x37\x32\x30"
	"\x33\x36\x38\x35\x34\x37\x37\x35\x38\x30\x38\x4c\x0a\x58\x02\x00"
	"\x00\x00\x66\x6c\x71\x09\x47\x3f\xf8\x00\x00\x00\x00\x00\x00\x58"
	"\x01\x00\x00\x00\x73\x71\x0a\x58\x06\x00\x00\x00\x68\xc3\xa9\x6c"
	"\x6c\x6f\x71\x0b\x58\x01\x00\x00\x00\x6c\x71\x0c\x5d\x71\x0d\x28"
	"\x4b\x01\x28\x4b\x02\x74\x71\x0e\x28\x4b\x03\x4b\x04\x74\x71\x0f"
	"\x28\x4b\x05\x4b\x06\x4b\x07\x74\x71\x10\x29\x28\x4b\x01\x4b\x02"
	"\x4b\x03\x4b\x04\x74\x71\x11\x65\x58\x03\x00\x00\x00\x73\x68\x31"
	"\x71\x12\x5d\x71\x13\x28\x4b\x07\x4b\x08\x65\x58\x03\x00\x00\x00"
	"\x73\x68\x32\x71\x14\x68\x13\x58\x01\x00\x00\x00\x64\x71\x15\x7d"
	"\x71\x16\x58\x01\x00\x00\x00\x78\x71\x17\x7d\x71\x18\x73\x75\x2e";
static const char proto2[] =
	"\x80\x02\x7d\x71\x00\x28\x58\x04\x00\x00\x00\x6e\x6f\x6e\x65\x71"
	"\x01\x4e\x58\x01\x00\x00\x00\x74\x71\x02\x88\x58\x01\x00\x00\x00"
	"\x66\x71\x03\x89\x58\x05\x00\x00\x00\x73\x6d\x61\x6c\x6c\x71\x04"
	"\x4b\x05\x58\x03\x00\x00\x00\x6d\x69\x64\x71\x05\x4d\x2c\x01\x58"
	"\x03\x00\x00\x00\x6e\x65\x67\x71\x06\x4a\xfb\xff\xff\xff\x58\x03"
	"\x00\x00\x00\x62\x69\x67\x71\x07\x8a\x06\x00\x00\x00\x00\x00\x01"
	"\x58\x03\x00\x00\x00\x6d\x69\x6e\x71\x08\x8a\x08\x00\x00\x00\x00"
	"\x00\x00\x00\x80\x58\x02\x00\x00\x00\x66\x6c\x71\x09\x47\x3f\xf8"
	"\x00\x00\x00\x00\x00\x00\x58\x01\x00\x00\x00\x73\x71\x0a\x58\x06"
	"\x00\x00\x00\x68\xc3\xa9\x6c\x6c\x6f\x71\x0b\x58\x01\x00\x00\x00"
	"\x6c\x71\x0c\x5d\x71\x0d\x28\x4b\x01\x4b\x02\x85\x71\x0e\x4b\x03"
	"\x4b\x04\x86\x71\x0f\x4b\x05\x4b\x06\x4b\x07\x87\x71\x10\x29\x28"
	"\x4b\x01\x4b\x02\x4b\x03\x4b\x04\x74\x71\x11\x65\x58\x03\x00\x00"
	"\x00\x73\x68\x31\x71\x12\x5d\x71\x13\x28\x4b\x07\x4b\x08\x65\x58"
	"\x03\x00\x00\x00\x73\x68\x32\x71\x14\x68\x13\x58\x01\x00\x00\x00"
	"\x64\x71\x15\x7d\x71\x16\x58\x01\x00\x00\x00\x78\x71\x17\x7d\x71"
	"\x18\x73\x75\x2e";
static const char proto3[] =
	"\x80\x03\x7d\x71\x00\x28\x58\x04\x00\x00\x00\x6e\x6f\x6e\x65\x71"
	"\x01\x4e\x58\x01\x00\x00\x00\x74\x71\x02\x88\x58\x01\x00\x00\x00"
	"\x66\x71\x03\x89\x58\x05\x00\x00\x00\x73\x6d\x61\x6c\x6c\x71\x04"
	"\x4b\x05\x58\x03\x00\x00\x00\x6d\x69\x64\x71\x05\x4d\x2c\x01\x58"
	"\x03\x00\x00\x00\x6e\x65\x67\x71\x06\x4a\xfb\xff\xff\xff\x58\x03"
	"\x00\x00\x00\x62\x69\x67\x71\x07\x8a\x06\x00\x00\x00\x00\x00\x01"
	"\x58\x03\x00\x00\x00\x6d\x69\x6e\x71\x08\x8a\x08\x00\x00\x00\x00"
	"\x00\x00\x00\x80\x58\x02\x00\x00\x00\x66\x6c\x71\x09\x47\x3f\xf8"
	"\x00\x00\x00\x00\x00\x00\x58\x01\x00\x00\x00\x73\x71\x0a\x58\x06"
	"\x00\x00\x00\x68\xc3\xa9\x6c\x6c\x6f\x71\x0b\x58\x01\x00\x00\x00"
	"\x6c\x71\x0c\x5d\x71\x0d\x28\x4b\x01\x4b\x02\x85\x71\x0e\x4b\x03"
	"\x4b\x04\x86\x71\x0f\x4b\x05\x4b\x06\x4b\x07\x87\x71\x10\x29\x28"
	"\x4b\x01\x4b\x02\x4b\x03\x4b\x04\x74\x71\x11\x65\x58\x03\x00\x00"
	"\x00\x73\x68\x31\x71\x12\x5d\x71\x13\x28\x4b\x07\x4b\x08\x65\x58"
	"\x03\x00\x00\x00\x73\x68\x32\x71\x14\x68\x13\x58\x01\x00\x00\x00"
	"\x64\x71\x15\x7d\x71\x16\x58\x01\x00\x00\x00\x78\x71\x17\x7d\x71"
	"\x18\x73\x58\x02\x00\x00\x00\x62\x79\x71\x19\x43\x03\x61\x62\x00"
	"\x71\x1a\x75\x2e";
static const char proto4[] =
	"\x80\x04\x95\xda\x00\x00\x00\x00\x00\x00\x00\x7d\x94\x28\x8c\x04"
	"\x6e\x6f\x6e\x65\x94\x4e\x8c\x01\x74\x94\x88\x8c\x01\x66\x94\x89"
	"\x8c\x05\x73\x6d\x61\x6c\x6c\x94\x4b\x05\x8c\x03\x6d\x69\x64\x94"
	"\x4d\x2c\x01\x8c\x03\x6e\x65\x67\x94\x4a\xfb\xff\xff\xff\x8c\x03"
	"\x62\x69\x67\x94\x8a\x06\x00\x00\x00\x00\x00\x01\x8c\x03\x6d\x69"
	"\x6e\x94\x8a\x08\x00\x00\x00\x00\x00\x00\x00\x80\x8c\x02\x66\x6c"
	"\x94\x47\x3f\xf8\x00\x00\x00\x00\x00\x00\x8c\x01\x73\x94\x8c\x06"
	"\x68\xc3\xa9\x6c\x6c\x6f\x94\x8c\x01\x6c\x94\x5d\x94\x28\x4b\x01"
	"\x4b\x02\x85\x94\x4b\x03\x4b\x04\x86\x94\x4b\x05\x4b\x06\x4b\x07"
	"\x87\x94\x29\x28\x4b\x01\x4b\x02\x4b\x03\x4b\x04\x74\x94\x65\x8c"
	"\x03\x73\x68\x31\x94\x5d\x94\x28\x4b\x07\x4b\x08\x65\x8c\x03\x73"
	"\x68\x32\x94\x68\x13\x8c\x01\x64\x94\x7d\x94\x8c\x01\x78\x94\x7d"
	"\x94\x73\x8c\x02\x62\x79\x94\x43\x03\x61\x62\x00\x94\x8c\x03\x73"
	"\x65\x74\x94\x8f\x94\x28\x4b\x01\x90\x8c\x02\x66\x73\x94\x28\x4b"
	"\x02\x91\x94\x75\x2e";
static const char proto5[] =
	"\x80\x05\x95\xeb\x00\x00\x00\x00\x00\x00\x00\x7d\x94\x28\x8c\x04"
	"\x6e\x6f\x6e\x65\x94\x4e\x8c\x01\x74\x94\x88\x8c\x01\x66\x94\x89"
	"\x8c\x05\x73\x6d\x61\x6c\x6c\x94\x4b\x05\x8c\x03\x6d\x69\x64\x94"
	"\x4d\x2c\x01\x8c\x03\x6e\x65\x67\x94\x4a\xfb\xff\xff\xff\x8c\x03"
	"\x62\x69\x67\x94\x8a\x06\x00\x00\x00\x00\x00\x01\x8c\x03\x6d\x69"
	"\x6e\x94\x8a\x08\x00\x00\x00\x00\x00\x00\x00\x80\x8c\x02\x66\x6c"
	"\x94\x47\x3f\xf8\x00\x00\x00\x00\x00\x00\x8c\x01\x73\x94\x8c\x06"
	"\x68\xc3\xa9\x6c\x6c\x6f\x94\x8c\x01\x6c\x94\x5d\x94\x28\x4b\x01"
	"\x4b\x02\x85\x94\x4b\x03\x4b\x04\x86\x94\x4b\x05\x4b\x06\x4b\x07"
	"\x87\x94\x29\x28\x4b\x01\x4b\x02\x4b\x03\x4b\x04\x74\x94\x65\x8c"
	"\x03\x73\x68\x31\x94\x5d\x94\x28\x4b\x07\x4b\x08\x65\x8c\x03\x73"
	"\x68\x32\x94\x68\x13\x8c\x01\x64\x94\x7d\x94\x8c\x01\x78\x94\x7d"
	"\x94\x73\x8c\x02\x62\x79\x94\x43\x03\x61\x62\x00\x94\x8c\x03\x73"
	"\x65\x74\x94\x8f\x94\x28\x4b\x01\x90\x8c\x02\x66\x73\x94\x28\x4b"
	"\x02\x91\x94\x8c\x02\x62\x61\x94\x96\x02\x00\x00\x00\x00\x00\x00"
	"\x00\x78\x79\x94\x75\x2e";

static const struct {
	const char	*p;
	size_t		 n;
} protos[] = {
	{ proto0, sizeof(proto0) - 1 }, { proto1, sizeof(proto1) - 1 },
	{ proto2, sizeof(proto2) - 1 }, { proto3, sizeof(proto3) - 1 },
	{ proto4, sizeof(proto4) - 1 }, { proto5, sizeof(proto5) - 1 },
};

static int64_t
iget(const struct pk_node *d, const char *k)
{
	int64_t	v = -999;

	CHECK(pk_int(pk_get(d, k), &v) == 0);
	return v;
}

static void
check_common(const struct pk_node *d, int proto)
{
	const struct pk_node	*l, *s;
	double			 x = 0;

	CHECK(d != NULL && d->type == PK_DICT);
	CHECK(pk_get(d, "none") != NULL && pk_get(d, "none")->type == PK_NONE);
	CHECK_EQ_INT(pk_get(d, "t")->type, PK_BOOL);
	CHECK_EQ_INT(iget(d, "t"), 1);
	CHECK_EQ_INT(iget(d, "f"), 0);
	CHECK_EQ_INT(iget(d, "small"), 5);
	CHECK_EQ_INT(iget(d, "mid"), 300);
	CHECK_EQ_INT(iget(d, "neg"), -5);
	CHECK_EQ_INT(iget(d, "big"), 1LL << 40);
	CHECK(iget(d, "min") == INT64_MIN);
	CHECK(pk_num(pk_get(d, "fl"), &x) == 0 && x == 1.5);
	s = pk_get(d, "s");
	CHECK(s != NULL && s->type == PK_STR);
	if (s != NULL)
		CHECK_EQ_STRN(s->u.s, s->n, "h\xc3\xa9llo");
	l = pk_get(d, "l");
	CHECK_EQ_INT(pk_len(l), 6);
	CHECK_EQ_INT(pk_item(l, 1)->type, PK_TUPLE);
	CHECK_EQ_INT(pk_len(pk_item(l, 1)), 1);
	CHECK_EQ_INT(pk_len(pk_item(l, 2)), 2);
	CHECK_EQ_INT(pk_len(pk_item(l, 3)), 3);
	CHECK_EQ_INT(pk_len(pk_item(l, 4)), 0);
	CHECK_EQ_INT(pk_len(pk_item(l, 5)), 4);
	CHECK(pk_int(pk_item(pk_item(l, 3), 2), &(int64_t){ 0 }) == 0);
	/* The memo: one list, two keys. */
	CHECK(pk_get(d, "sh1") == pk_get(d, "sh2"));
	CHECK_EQ_INT(pk_len(pk_get(d, "sh1")), 2);
	CHECK_EQ_INT(pk_get(pk_get(d, "d"), "x")->type, PK_DICT);
	CHECK_EQ_INT(pk_get(d, "d")->depth, 2);
	CHECK_EQ_INT(d->depth, 4);	/* root, "l", a tuple, an int */
	if (proto >= 3) {
		s = pk_get(d, "by");
		CHECK(s != NULL && s->type == PK_BYTES && s->n == 3 &&
		    memcmp(s->u.s, "ab\0", 3) == 0);
	}
	if (proto >= 4) {
		CHECK_EQ_INT(pk_get(d, "set")->type, PK_SET);
		CHECK_EQ_INT(pk_get(d, "set")->n, 1);
		CHECK_EQ_INT(pk_get(d, "fs")->type, PK_FROZENSET);
	}
	if (proto >= 5) {
		s = pk_get(d, "ba");
		CHECK(s != NULL && s->type == PK_BYTES && s->n == 2);
	}
}

DEFINE_TEST(test_pickle_every_protocol)
{
	for (int i = 0; i < 6; i++) {
		struct arena	*a = arena_new(1 << 16);
		struct pk_node	*root;
		struct err	 e = { 0 };

		if (pickle_read(protos[i].p, protos[i].n, NULL, a, &root,
		    &e) != ERR_OK)
			test_fail(__FILE__, __LINE__, "protocol %d: %s", i,
			    e.msg);
		else
			check_common(root, i);
		arena_free(a);
	}
}

/* Read len bytes; the error code, and the message in e. */
static enum err_code
rd(const char *p, size_t n, struct err *e, struct pk_node **out)
{
	struct arena	*a = arena_new(4096);
	struct pk_node	*root = NULL;
	enum err_code	 rc;

	rc = pickle_read(p, n, NULL, a, &root, e);
	if (out != NULL)
		*out = NULL;	/* the arena goes: never hand the tree out */
	arena_free(a);
	return rc;
}

/* What Python would do with this: import os and run a shell command
 * that creates a file. The reader refuses it at the first opcode. */
DEFINE_TEST(test_pickle_refuses_os_system)
{
	static const char	p0[] = "cos\nsystem\n(S'touch pwned'\ntR.";
	struct err		e = { 0 };
	char			*hostile;
	size_t			 n;

	CHECK_EQ_INT(rd(p0, sizeof(p0) - 1, &e, NULL), ERR_FORMAT);
	CHECK(strstr(e.msg, "offset 0: opcode GLOBAL (0x63)") != NULL);
	CHECK(access("pwned", F_OK) != 0);
	hostile = test_slurp("fixtures/pytorch-snapshots/"
	    "hostile-os-system.pickle", &n);
	memset(&e, 0, sizeof(e));
	CHECK_EQ_INT(rd(hostile, n, &e, NULL), ERR_FORMAT);
	CHECK(strstr(e.msg, "offset 28: opcode STACK_GLOBAL (0x93)") != NULL);
	CHECK(strstr(e.msg, "refused") != NULL);
	free(hostile);
}

DEFINE_TEST(test_pickle_refuses_each_object_opcode)
{
	static const unsigned char refused[] = {
		'c', 0x93, 'R', 'b', 'i', 'o', 0x81, 0x92, 0x82, 0x83, 0x84,
		'P', 'Q', 0x97, 0x98,
	};
	char		 p[4] = { (char)0x80, 2, 0, '.' };
	char		 want[64];
	struct err	 e;

	for (size_t i = 0; i < sizeof(refused); i++) {
		memset(&e, 0, sizeof(e));
		p[2] = (char)refused[i];
		CHECK_EQ_INT(rd(p, sizeof(p), &e, NULL), ERR_FORMAT);
		snprintf(want, sizeof(want), "offset 2: opcode %s (0x%02x)",
		    pickle_opcode_name(refused[i]), refused[i]);
		if (strstr(e.msg, want) == NULL)
			test_fail(__FILE__, __LINE__, "%s: %s", want, e.msg);
	}
	memset(&e, 0, sizeof(e));
	p[2] = (char)0xff;
	CHECK_EQ_INT(rd(p, sizeof(p), &e, NULL), ERR_FORMAT);
	CHECK(strstr(e.msg, "offset 2: unknown opcode 0xff") != NULL);
}

DEFINE_TEST(test_pickle_malformed)
{
	static const struct {
		const char	*p;
		size_t		 n;
		enum err_code	 rc;
		const char	*want;
	} bad[] = {
		{ "", 0, ERR_FORMAT, "ended without STOP" },
		{ "N", 1, ERR_FORMAT, "ended without STOP" },
		{ ".", 1, ERR_FORMAT, "exactly one value" },
		{ "NN.", 3, ERR_FORMAT, "exactly one value" },
		{ "X\xff\xff\x00\x00", 5, ERR_FORMAT, "truncated" },
		{ "h\x05.", 3, ERR_FORMAT, "never stored" },
		{ "a.", 2, ERR_FORMAT, "underflow" },
		{ "Na.", 3, ERR_FORMAT, "underflow" },
		{ "NNa.", 4, ERR_FORMAT, "right kind" },
		{ "e.", 2, ERR_FORMAT, "no MARK" },
		/* l = []; l.append(l): a cycle */
		{ "]\x94h\x00" "a.", 6, ERR_FORMAT, "placed in itself" },
		/* a list appended to after it was placed in another */
		{ "]\x94]h\x00" "ah\x00K\x01" "a.", 12, ERR_FORMAT, "already placed" },
		/* LONG1 longer than the rest of the input */
		{ "\x8a\x09\x00\x00.", 5, ERR_FORMAT, "truncated" },
		{ "\x80\x06N.", 4, ERR_FORMAT, "protocol above 5" },
		{ "\x95\xff\x00\x00\x00\x00\x00\x00\x00N.", 11, ERR_FORMAT,
		  "frame runs past" },
		{ "I12x\n.", 6, ERR_FORMAT, "decimal" },
		{ "S'abc\n.", 7, ERR_FORMAT, "not quoted" },
	};
	struct err	e;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&e, 0, sizeof(e));
		CHECK_EQ_INT(rd(bad[i].p, bad[i].n, &e, NULL), bad[i].rc);
		if (strstr(e.msg, bad[i].want) == NULL)
			test_fail(__FILE__, __LINE__, "case %zu: want \"%s\", "
			    "got \"%s\"", i, bad[i].want, e.msg);
	}
}

/* Ints past int64 (Python writes 2**63 and up in nine bytes or more):
 * a PK_BIGINT without a number, not an error; 2**63 - 1 in nine bytes
 * (a sign byte) still reads as a number. */
DEFINE_TEST(test_pickle_bigint)
{
	static const char	p1[] = "\x8a\x09\x00\x00\x00\x00\x00\x00"
	    "\x00\x00\x01.";
	static const char	p2[] = "\x8a\x09\xff\xff\xff\xff\xff\xff"
	    "\xff\x7f\x00.";
	static const char	p3[] = "L18446744073709551616L\n.";
	struct arena		*a = arena_new(4096);
	struct pk_node		*root;
	struct err		 e = { 0 };
	int64_t			 v = 0;

	CHECK_EQ_INT(pickle_read(p1, sizeof(p1) - 1, NULL, a, &root, &e),
	    ERR_OK);
	CHECK_EQ_INT(root->type, PK_BIGINT);
	CHECK(pk_int(root, &v) == -1);
	CHECK_EQ_INT(pickle_read(p2, sizeof(p2) - 1, NULL, a, &root, &e),
	    ERR_OK);
	CHECK(pk_int(root, &v) == 0 && v == INT64_MAX);
	CHECK_EQ_INT(pickle_read(p3, sizeof(p3) - 1, NULL, a, &root, &e),
	    ERR_OK);
	CHECK_EQ_INT(root->type, PK_BIGINT);
	arena_free(a);
}

DEFINE_TEST(test_pickle_limits)
{
	struct pk_limits	 lim = pk_default_limits;
	struct arena		*a = arena_new(4096);
	struct pk_node		*root;
	struct err		 e = { 0 };
	char			 deep[200];
	size_t			 n = 0;

	/* 40 nested empty lists, appended inside out: depth 41. */
	for (int i = 0; i < 40; i++)
		deep[n++] = ']';
	deep[n++] = ']';
	for (int i = 0; i < 40; i++)
		deep[n++] = 'a';
	deep[n++] = '.';
	CHECK_EQ_INT(pickle_read(deep, n, NULL, a, &root, &e), ERR_OK);
	CHECK_EQ_INT(root->depth, 41);
	lim.max_depth = 20;
	CHECK_EQ_INT(pickle_read(deep, n, &lim, a, &root, &e), ERR_LIMIT);
	CHECK(strstr(e.msg, "nesting deeper") != NULL);
	lim = pk_default_limits;
	lim.max_nodes = 10;
	CHECK_EQ_INT(pickle_read(deep, n, &lim, a, &root, &e), ERR_LIMIT);
	CHECK(strstr(e.msg, "more values") != NULL);
	lim = pk_default_limits;
	lim.max_input = 5;
	CHECK_EQ_INT(pickle_read(deep, n, &lim, a, &root, &e), ERR_LIMIT);
	lim = pk_default_limits;
	lim.max_str = 2;
	CHECK_EQ_INT(pickle_read("\x8c\x03" "abc.", 6, &lim, a, &root, &e),
	    ERR_LIMIT);
	CHECK(strstr(e.msg, "string longer") != NULL);
	lim = pk_default_limits;
	lim.max_memo = 4;
	CHECK_EQ_INT(pickle_read("Nq\x04.", 4, &lim, a, &root, &e), ERR_LIMIT);
	CHECK(strstr(e.msg, "memo index") != NULL);
	CHECK_EQ_INT(pickle_read("Nq\x03.", 4, &lim, a, &root, &e), ERR_OK);
	/* Out of memory at every allocation in turn: an error, no crash. */
	for (long k = 0; k < 6; k++) {
		struct arena *b = arena_new(1024);

		arena_fail_after(b, k);
		CHECK_EQ_INT(pickle_read(protos[4].p, protos[4].n, NULL, b,
		    &root, &e), ERR_NOMEM);
		arena_free(b);
	}
	arena_free(a);
}

static void
read_snap(const char *name, struct tsnap *s)
{
	struct arena	*a = arena_new(1 << 16);
	struct pk_node	*root;
	struct err	 e = { 0 };
	char		*p, path[256];
	size_t		 n;

	snprintf(path, sizeof(path), "fixtures/pytorch-snapshots/%s", name);
	p = test_slurp(path, &n);
	CHECK_EQ_INT(pickle_read(p, n, NULL, a, &root, &e), ERR_OK);
	CHECK_EQ_INT(tsnap_read(root, s, &e), ERR_OK);
	arena_free(a);
	free(p);
}

#define MiB	(1LL << 20)
#define GiB	(1LL << 30)

/* The figures of the pinokio#31 line: 3.46 GiB allocated of 3.47 GiB
 * reserved, 20 MiB asked; 10 MiB free in three holes. */
DEFINE_TEST(test_torch_snapshot_exhaustion)
{
	struct tsnap			 s;
	const struct tsnap_device	*d;

	read_snap("exhaustion.pickle", &s);
	CHECK_EQ_INT(s.ndev, 1);
	d = tsnap_device(&s, 0);
	CHECK(d != NULL);
	if (d == NULL)
		return;
	CHECK_EQ_INT(d->segments, 4);
	CHECK_EQ_INT(d->total_size, 3725883904LL);
	CHECK_EQ_INT(d->allocated, 3715146240LL);
	CHECK_EQ_INT(d->active, 3715146240LL);
	CHECK_EQ_INT(d->blocks, 15);
	CHECK_EQ_INT(d->free_blocks, 3);
	CHECK_EQ_INT(d->free_total, 10737664);
	CHECK_EQ_INT(d->largest_free, 3579904);
	CHECK_EQ_INT(d->inactive_split, 10737664);
	CHECK(d->free_total < 20 * MiB);
	CHECK_EQ_INT(d->has_oom, 1);
	CHECK_EQ_INT(d->oom_size, 20 * MiB);
	CHECK_EQ_INT(d->oom_device_free, 0);
	CHECK_EQ_INT(d->trace_entries, 8);
	/* alloc and segment_alloc entries only, oldest first */
	CHECK_EQ_INT(d->nrecent, 5);
	CHECK_EQ_STR(d->recent[2].action, "segment_alloc");
	CHECK_EQ_INT(d->recent[4].size, 8 * MiB);
	CHECK_EQ_INT(s.has_settings, 1);
	CHECK_EQ_INT(s.expandable_segments, 0);
	CHECK_EQ_INT(s.max_split_size, -1);
	CHECK(s.gc_threshold == 0.0);
}

/* The figures of the pytorch#16417 line: 194.87 MiB free in 20 holes of
 * about 9.7 MiB, a 22 MiB request. */
DEFINE_TEST(test_torch_snapshot_fragmentation)
{
	struct tsnap			 s;
	const struct tsnap_device	*d;
	char				*out = NULL;
	size_t				 n;
	FILE				*fp;
	struct err			 e = { 0 };

	read_snap("fragmentation.pickle", &s);
	d = tsnap_device(&s, 0);
	CHECK(d != NULL);
	if (d == NULL)
		return;
	CHECK_EQ_INT(d->segments, 12);
	CHECK_EQ_INT(d->total_size, 24793022976LL);
	CHECK_EQ_INT(d->free_blocks, 20);
	CHECK_EQ_INT(d->free_total, 204335616);
	CHECK_EQ_INT(d->largest_free, 10223104);
	CHECK_EQ_INT(d->oom_size, 22 * MiB);
	CHECK_EQ_INT(d->oom_device_free, 11596800);
	CHECK(d->largest_free < d->oom_size && d->free_total >= d->oom_size);
	CHECK_EQ_INT(d->expandable, 0);
	read_snap("fragmentation-expandable.pickle", &s);
	CHECK_EQ_INT(s.expandable_segments, 1);
	CHECK_EQ_INT(tsnap_device(&s, 0)->expandable, 12);
	/* The numeric summary: numbers and action names, no strings of
	 * the snapshot (the frames' file names stay out). */
	fp = open_memstream(&out, &n);
	CHECK_EQ_INT(tsnap_json(&s, fp, &e), ERR_OK);
	fclose(fp);
	CHECK(strstr(out, "\"largest_free_block\":10223104") != NULL);
	CHECK(strstr(out, "\"expandable_segments\":true") != NULL);
	CHECK(strstr(out, "train.py") == NULL);
	CHECK(strstr(out, "{\"action\":\"alloc\",\"size\":6291456}") !=
	    NULL);
	free(out);
}

DEFINE_TEST(test_torch_snapshot_not_a_snapshot)
{
	struct arena	*a = arena_new(4096);
	struct pk_node	*root;
	struct tsnap	 s;
	struct err	 e = { 0 };

	CHECK_EQ_INT(pickle_read("}.", 2, NULL, a, &root, &e), ERR_OK);
	CHECK_EQ_INT(tsnap_read(root, &s, &e), ERR_FORMAT);
	CHECK(strstr(e.msg, "not an allocator snapshot") != NULL);
	arena_free(a);
}
