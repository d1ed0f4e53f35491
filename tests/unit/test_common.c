/*
 * The common core: arena, capped buffer, line cursor, units, events and
 * errors.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "compat.h"
#include "err.h"
#include "event.h"
#include "harness.h"
#include "scan.h"
#include "units.h"

DEFINE_TEST(test_arena_alloc_and_fail_hook)
{
	struct arena	*a = arena_new(1024);
	char		*p, *q;

	CHECK(a != NULL);
	p = arena_alloc(a, 3);
	q = arena_alloc(a, 5000);	/* bigger than a chunk */
	CHECK(p != NULL && q != NULL);
	CHECK(((uintptr_t)p & 15) == 0 && ((uintptr_t)q & 15) == 0);
	memset(q, 'x', 5000);
	CHECK_EQ_STR(arena_strndup(a, "hello world", 5), "hello");
	CHECK_EQ_STR(arena_printf(a, "%d-%s", 42, "x"), "42-x");
	CHECK(arena_used(a) >= 5000);
	arena_fail_after(a, 1);
	CHECK(arena_alloc(a, 8) != NULL);
	CHECK(arena_alloc(a, 8) == NULL);	/* the hook trips */
	CHECK(arena_strdup(a, NULL) == NULL);
	arena_free(a);
	arena_free(NULL);
}

/* Chunks grow from the size given to 1 MiB as an arena fills, with
 * requests bigger than a chunk in between: no two blocks overlap. */
DEFINE_TEST(test_arena_grows)
{
	struct arena	*a = arena_new(1024);
	unsigned char	*v[4000];
	size_t		 len[4000], sum = 0;
	int		 bad = 0;

	CHECK(a != NULL);
	for (size_t i = 0; i < 4000; i++) {
		len[i] = i % 97 == 0 ? 70000 : 1 + (i * 131) % 3000;
		v[i] = arena_alloc(a, len[i]);
		CHECK(v[i] != NULL);
		if (v[i] == NULL)
			return;
		CHECK(((uintptr_t)v[i] & 15) == 0);
		memset(v[i], (int)(i & 0xff), len[i]);
		sum += (len[i] + 15) & ~(size_t)15;
	}
	for (size_t i = 0; i < 4000; i++)
		for (size_t k = 0; k < len[i]; k++)
			bad += v[i][k] != (unsigned char)(i & 0xff);
	CHECK_EQ_INT(bad, 0);
	CHECK_EQ_INT(arena_used(a), sum);
	arena_free(a);
}

DEFINE_TEST(test_buf_cap)
{
	struct buf	b;

	buf_init(&b, 10);
	CHECK_EQ_INT(buf_addstr(&b, "12345"), ERR_OK);
	CHECK_EQ_INT(buf_printf(&b, "%d", 678), ERR_OK);
	CHECK_EQ_STR(b.p, "12345678");
	CHECK_EQ_INT(buf_addstr(&b, "abc"), ERR_LIMIT);	/* past the cap */
	CHECK_EQ_STR(b.p, "12345678");			/* unchanged */
	buf_reset(&b);
	CHECK_EQ_INT(b.n, 0);
	buf_free(&b);
}

DEFINE_TEST(test_scan_line_ends)
{
	static const char	text[] = "a\nbb\r\nccc\rdd";
	struct scan		sc;
	struct str		l;
	const char		*want[] = { "a", "bb", "ccc", "dd" };
	size_t			off[] = { 0, 2, 6, 10 };

	scan_init(&sc, text, sizeof(text) - 1);
	for (size_t i = 0; i < 4; i++) {
		CHECK(scan_line(&sc, &l) == 1);
		CHECK_EQ_STRN(l.p, l.n, want[i]);
		CHECK_EQ_INT(sc.lineno, i + 1);
		CHECK_EQ_INT(sc.line_off, off[i]);
	}
	CHECK(scan_line(&sc, &l) == 0);
	scan_init(&sc, "", 0);
	CHECK(scan_line(&sc, &l) == 0);
}

DEFINE_TEST(test_str_numbers)
{
	int64_t		v;
	uint64_t	u;

	CHECK(str_to_i64(str_cstr("-42"), &v) == 0 && v == -42);
	CHECK(str_to_i64(str_cstr("9223372036854775807"), &v) == 0);
	CHECK(str_to_i64(str_cstr("9223372036854775808"), &v) == -1);
	CHECK(str_to_u64(str_cstr("18446744073709551616"), &u) == -1);
	CHECK(str_to_u64(str_cstr("12a"), &u) == -1);
	CHECK(str_to_u64(str_cstr(""), &u) == -1);
	CHECK(str_find(str_cstr("abcabd"), "abd") != NULL);
	CHECK(str_find(str_cstr("ab"), "abc") == NULL);
	CHECK(str_eq(str_trim(str_cstr("  x \t")), "x"));
}

DEFINE_TEST(test_units_size)
{
	uint64_t	b;

	CHECK(units_size(str_cstr("81559 MiB"), 1, &b) == 0);
	CHECK_EQ_U64(b, 81559ULL << 20);
	CHECK(units_size(str_cstr("20.00 MiB"), 1, &b) == 0);
	CHECK_EQ_U64(b, 20971520);
	CHECK(units_size(str_cstr("1.50 GiB"), 1, &b) == 0);
	CHECK_EQ_U64(b, 3ULL << 29);
	CHECK(units_size(str_cstr("4000M"), 1, &b) == 0);
	CHECK_EQ_U64(b, 4000ULL << 20);
	CHECK(units_size(str_cstr("102400kB"), 1, &b) == 0);
	CHECK_EQ_U64(b, 104857600);
	CHECK(units_size(str_cstr("100"), 1 << 20, &b) == 0);
	CHECK_EQ_U64(b, 100ULL << 20);
	CHECK(units_size(str_cstr("N/A"), 1, &b) == -1);
	CHECK(units_size(str_cstr("-1M"), 1, &b) == -1);
	CHECK(units_size(str_cstr("99999999999999999999"), 1, &b) == -1);
	CHECK(units_size(str_cstr("17179869184T"), 1, &b) == -1);
	CHECK(units_size(str_cstr("5 parsecs"), 1, &b) == -1);
	/* C++ streams' exponent form (Kokkos' "Allocation of size 1.279 G",
	 * large ones "1.718e+10 G"); a lone E stays the exa prefix */
	CHECK(units_size(str_cstr("1.5e+03 M"), 1, &b) == 0);
	CHECK_EQ_U64(b, 1500ULL << 20);
	CHECK(units_size(str_cstr("2E1 K"), 1, &b) == 0);
	CHECK_EQ_U64(b, 20480);
	CHECK(units_size(str_cstr("1E"), 1, &b) == 0);
	CHECK_EQ_U64(b, 1ULL << 60);
	CHECK(units_size(str_cstr("1.718e+10 G"), 1, &b) == -1);
	CHECK(units_size(str_cstr("1e+99 B"), 1, &b) == -1);
	CHECK(units_size(str_cstr("1e+5x"), 1, &b) == -1);
	CHECK(units_size_overflows(str_cstr("1.718e+10 G")));
	CHECK(units_size_overflows(str_cstr("17179869184T")));
	CHECK(units_size_overflows(str_cstr("99999999999999999999")));
	CHECK(units_size_overflows(str_cstr("1e+99 B")));
	CHECK(!units_size_overflows(str_cstr("1.279 G")));
	CHECK(!units_size_overflows(str_cstr("1e-99 G")));
	CHECK(!units_size_overflows(str_cstr("N/A")));
	CHECK(!units_size_overflows(str_cstr("5 parsecs")));
}

DEFINE_TEST(test_units_time)
{
	int64_t	ns;
	int	tz;
	char	out[48];

	CHECK(units_iso_time(str_cstr("2026-11-30T06:59:10"), &ns, &tz) == 0);
	CHECK_EQ_INT(tz, 0);
	CHECK_EQ_INT(ns, 1796021950LL * 1000000000LL);
	CHECK(units_iso_time(str_cstr("2026-11-30T07:59:10.5+01:00"), &ns,
	    &tz) == 0);
	CHECK_EQ_INT(tz, 1);
	units_fmt_iso(ns, out);
	CHECK_EQ_STR(out, "2026-11-30T06:59:10.500000Z");
	CHECK(units_iso_time(str_cstr("2024-01-15T03:00:00,000000+00:00"),
	    &ns, &tz) == 0);
	CHECK(units_iso_time(str_cstr("2026-13-30T06:59:10"), &ns, &tz) == -1);
	CHECK(units_iso_time(str_cstr("yesterday"), &ns, &tz) == -1);
	CHECK(units_iso_time(str_cstr("99999-01-01T00:00:00"), &ns, &tz) ==
	    -1);
	units_fmt_iso(0, out);
	CHECK_EQ_STR(out, "1970-01-01T00:00:00Z");
	units_fmt_iso(-1000000000LL, out);
	CHECK_EQ_STR(out, "1969-12-31T23:59:59Z");
	CHECK_EQ_INT(units_month(str_cstr("Nov")), 11);
	CHECK_EQ_INT(units_month(str_cstr("Foo")), 0);
}

DEFINE_TEST(test_event_fields)
{
	struct arena	*a = arena_new(4096);
	struct evlist	 l = { 0 };
	struct event	*ev = NULL;
	int64_t		 v;
	char		 name[32];

	for (int i = 0; i < 200; i++)	/* the list grows */
		CHECK((ev = evlist_add(&l, a, EV_KERNEL_OOM)) != NULL);
	CHECK_EQ_INT(l.n, 200);
	CHECK(ev->rank == -1 && ev->pid == -1);
	CHECK(ev_set_num(ev, a, "limit_bytes", 5) == 0);
	CHECK(ev_set_num(ev, a, "limit_bytes", 7) == 0);	/* replaces */
	CHECK(ev_num(ev, "limit_bytes", &v) == 0 && v == 7);
	CHECK(ev_num(ev, "absent", &v) == -1);
	for (int i = 0; i < 40; i++) {	/* the field table grows */
		snprintf(name, sizeof(name), "k%d", i);
		CHECK(ev_set_strdup(ev, a, arena_strdup(a, name),
		    str_cstr(name)) == 0);
	}
	CHECK(str_eq(ev_str(ev, "k39"), "k39"));
	CHECK(ev_str(ev, "nope").p == NULL);
	CHECK_EQ_STR(ev_kind_name(EV_KERNEL_OOM), "kernel_oom");
	CHECK_EQ_INT(ev_kind_from_name("cuda_oom"), EV_CUDA_OOM);
	CHECK_EQ_INT(ev_kind_from_name("no_such_kind"), -1);
	CHECK_EQ_STR(tsq_name(TSQ_RAW_MONO), "monotonic_unconverted");
	CHECK_EQ_STR(tsq_name(TSQ_NONE), "position_only");
	evlist_free(&l);
	arena_free(a);
}

DEFINE_TEST(test_err_set)
{
	struct err	e = { 0 };

	errno = ENOENT;
	CHECK_EQ_INT(ERR_SYS(&e, ERR_IO, "open %s", "x"), ERR_IO);
	CHECK(strstr(e.msg, "open x: ") == e.msg);
	CHECK(strstr(e.msg, strerror(ENOENT)) != NULL);
	CHECK_EQ_INT(e.sys_errno, ENOENT);
	CHECK_EQ_INT(ERR(NULL, ERR_LIMIT, "ignored"), ERR_LIMIT);
	CHECK_EQ_STR(err_code_name(ERR_INTEGRITY), "integrity");
	CHECK_EQ_STR(err_code_name((enum err_code)99), "unknown");
}

/*
 * compat's portable memmem/memrchr (the fallback where the system lacks
 * them) against a plain reference on every needle of a small alphabet's
 * haystacks: empty needles, needles at either end, longer than the
 * haystack, bytes >= 0x80 and NULs.
 */
static const unsigned char *
ref_memmem(const unsigned char *h, size_t hn, const unsigned char *n,
    size_t nn)
{
	for (size_t i = 0; i + nn <= hn; i++)
		if (memcmp(h + i, n, nn) == 0)
			return h + i;
	return NULL;
}

DEFINE_TEST(test_compat_memmem_memrchr)
{
	static const unsigned char	abc[] = { 'a', 'b', 0, 0xe2 };
	unsigned char			h[9], n[4];
	uint32_t			seed = 12345;

	CHECK(portable_memmem("", 0, "", 0) != NULL);
	CHECK(portable_memmem("abc", 3, "abcd", 4) == NULL);
	CHECK(portable_memrchr("", 'a', 0) == NULL);
	CHECK_EQ_STR((char *)portable_memmem("xxabcab", 7, "ab", 2), "abcab");
	CHECK_EQ_STR((char *)portable_memrchr("a\nb\nc", '\n', 5), "\nc");
	for (int iter = 0; iter < 20000; iter++) {
		size_t	hn, nn;

		seed = seed * 1103515245u + 12345u;
		hn = (seed >> 8) % (sizeof(h) + 1);
		nn = (seed >> 16) % (sizeof(n) + 1);
		for (size_t i = 0; i < hn; i++) {
			seed = seed * 1103515245u + 12345u;
			h[i] = abc[(seed >> 12) % sizeof(abc)];
		}
		for (size_t i = 0; i < nn; i++) {
			seed = seed * 1103515245u + 12345u;
			n[i] = abc[(seed >> 12) % sizeof(abc)];
		}
		CHECK(portable_memmem(h, hn, n, nn) == ref_memmem(h, hn, n,
		    nn));
		CHECK(compat_memmem(h, hn, n, nn) == ref_memmem(h, hn, n, nn));
		for (size_t k = 0; k < sizeof(abc); k++) {
			const unsigned char	*want = NULL;

			for (size_t i = hn; i-- > 0;)
				if (h[i] == abc[k]) {
					want = h + i;
					break;
				}
			CHECK(portable_memrchr(h, abc[k], hn) == want);
			CHECK(compat_memrchr(h, abc[k], hn) == want);
		}
	}
}
