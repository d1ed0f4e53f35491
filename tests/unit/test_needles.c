/*
 * test_needles: the scanner's pre-filter (common/needles.c) finds the
 * earliest needle occurrence exactly where a plain memmem over every
 * needle finds it, from every start a scan uses: on the catalog's own
 * needles and on small sets, in random text salted with needles and
 * their near misses, with needles across the lanes' boundaries, more
 * hits than a lane keeps, regions shorter than a window, and a cursor
 * walked forward as the scanner walks it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "compat.h"
#include "harness.h"
#include "needles.h"

/* The reference: ref[i] is the earliest start at or after i of any
 * needle that lies within p[0..n) (n: none), from memmem alone. */
static size_t *
reference(const char *const *nd, size_t nn, const char *p, size_t n)
{
	size_t	*ref = malloc((n + 1) * sizeof(*ref));

	if (ref == NULL)
		abort();
	for (size_t i = 0; i <= n; i++)
		ref[i] = n;
	for (size_t k = 0; k < nn; k++) {
		size_t		 m = strlen(nd[k]);
		const char	*q = p;

		while ((q = compat_memmem(q, (size_t)(p + n - q), nd[k], m)) !=
		    NULL)
			ref[q - p] = (size_t)(q - p), q++;
	}
	for (size_t i = n; i-- > 0;)
		if (ref[i] == n)
			ref[i] = ref[i + 1];
	return ref;
}

static uint64_t	rng = 88172645463325252ull;

static uint64_t
rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* n bytes of log-like text with needles, their prefixes and their
 * one-byte-off copies dropped in every ~gap bytes (0: none). */
static char *
salted(const char *const *nd, size_t nn, size_t n, size_t gap)
{
	static const char	 words[] = "step=0 loss=1.602 lr=9.0e-04 "
	    "NCCL INFO Channel 11/32 : 6[7] -> 51[5] via P2P/IPC/read\n"
	    "[rank1]: Epoch 3:  0/20000 [00:00<12:31, 2.41it/s]\n";
	char			*p = malloc(n);
	size_t			 i = 0;

	if (p == NULL)
		abort();
	while (i < n) {
		size_t	 k = rnd() % (sizeof(words) - 1), m;

		if (gap > 0 && rnd() % gap < 24) {
			const char	*s = nd[rnd() % nn];

			m = strlen(s);
			if (i + m > n)
				m = n - i;
			memcpy(p + i, s, m);
			switch (rnd() % 4) {
			case 0:	/* a prefix only */
				m = m > 1 ? m - 1 : m;
				break;
			case 1:	/* one byte changed */
				p[i + rnd() % m] ^= 0x20;
				break;
			}
			i += m;
			continue;
		}
		p[i++] = words[k];
	}
	return p;
}

static const char *
at(const char *p, size_t n, size_t i)
{
	return i < n ? p + i : NULL;
}

/* From every step-th start (and, walked, from each hit on), nd_next on
 * one region is the reference's answer. */
static int
agrees(const struct nd_set *t, const char *const *nd, size_t nn,
    const char *p, size_t n, size_t step)
{
	struct nd_cursor	 c;
	const char		*end = p + n, *pos, *h;
	size_t			*ref = reference(nd, nn, p, n);
	int			 bad = 0;

	for (size_t s = 0; s < n && bad < 5; s += step) {
		nd_cursor_reset(&c);
		bad += nd_next(t, &c, p + s, end) != at(p, n, ref[s]);
	}
	nd_cursor_reset(&c);
	for (pos = p; pos < end && bad < 5; pos = h + 1) {
		const char *r = at(p, n, ref[pos - p]);

		if ((h = nd_next(t, &c, pos, end)) != r) {
			fprintf(stderr, "walk: at %zu got %td want %td\n",
			    (size_t)(pos - p), h ? h - p : -1, r ? r - p : -1);
			bad++;
		}
		if (h == NULL)
			break;
	}
	free(ref);
	return bad;
}

/* The catalog's distinct needles, as the scanner takes them. */
static size_t
catalog_needles(const char **nd)
{
	struct catalog	*cat;
	size_t		 n = 0;

	if (catalog_new(&cat, NULL) != ERR_OK)
		abort();
	for (size_t r = 0; r < catalog_len(cat); r++) {
		const struct cat_sig	*s = catalog_sig(cat, r);

		for (size_t k = 0; k < CAT_NEEDLES && s->needles[k]; k++) {
			size_t	j;

			for (j = 0; j < n && strcmp(nd[j], s->needles[k]); j++)
				;
			if (j == n && n < ND_MAX)
				nd[n++] = s->needles[k];
		}
	}
	catalog_free(cat);
	return n;
}

DEFINE_TEST(test_needles_catalog_set_random_text)
{
	const char	*nd[ND_MAX];
	size_t		 nn = catalog_needles(nd);
	struct nd_set	*t;

	CHECK(nn > 50);
	CHECK(nd_set_new(nd, nn, &t) == 0);
	for (size_t gap = 0; gap <= 4096; gap = gap == 0 ? 64 : gap * 8) {
		size_t	 n = 200000 + (size_t)(rnd() % 5000);
		char	*p = salted(nd, nn, n, gap);

		CHECK_EQ_INT(agrees(t, nd, nn, p, n, 97), 0);
		/* short regions, ends inside needles */
		for (size_t k = 0; k < 2000; k++) {
			size_t	a = (size_t)(rnd() % n), m = (size_t)(rnd() % 64);

			if (a + m > n)
				m = n - a;
			CHECK_EQ_INT(agrees(t, nd, nn, p + a, m, 1), 0);
		}
		free(p);
	}
	nd_set_free(t);
}

/* A needle on every lane boundary and its neighbours: the lanes of one
 * look-ahead split the span in four, and a window starting before a
 * boundary ends past it. */
DEFINE_TEST(test_needles_across_lanes)
{
	static const char *const nd[] = { "Killed process", "oom-kill:",
	    "Tried to allocate", "ab" };
	struct nd_set	*t;
	size_t		 n = 1 << 16;
	char		*p = malloc(n);

	CHECK(nd_set_new(nd, 4, &t) == 0);
	for (size_t off = 0; off < 24; off++) {
		memset(p, 'x', n);
		for (size_t b = 1024; b + 32 < n; b += 1024)
			memcpy(p + b - off, nd[(b >> 10) % 3],
			    strlen(nd[(b >> 10) % 3]));
		CHECK_EQ_INT(agrees(t, nd, 4, p, n, 61), 0);
	}
	free(p);
	nd_set_free(t);
}

/* Far more hits than a lane keeps (a needle every few bytes) and every
 * one found, in order; then a set with more short needles than are
 * searched one by one, so that the rest, as short as three bytes, go
 * through the windows. */
DEFINE_TEST(test_needles_dense_hits)
{
	static const char *const nd[] = { "oom-kill:", "Killed" };
	static const char *const three[] = { "q0", "q1", "q2", "q3", "q4",
	    "q5", "q6", "q7", "q8", "q9", "qa", "qb", "qc", "qd", "qe", "qf",
	    "Xid", "abcq" };
	struct nd_set	*t;
	size_t		 n = 300000;
	char		*p = malloc(n);

	CHECK(nd_set_new(nd, 2, &t) == 0);
	for (size_t i = 0; i < n; i++)
		p[i] = "oom-kill:"[i % 9];
	CHECK_EQ_INT(agrees(t, nd, 2, p, n, 7), 0);
	for (size_t i = 0; i < n; i++)
		p[i] = "oom-kill:Killed "[i % 16];
	CHECK_EQ_INT(agrees(t, nd, 2, p, n, 13), 0);
	nd_set_free(t);
	CHECK(nd_set_new(three, 18, &t) == 0);
	for (size_t i = 0; i < n; i++)
		p[i] = "abcXidq0123456789abcdefxyzw"[rnd() % 27];
	CHECK_EQ_INT(agrees(t, three, 18, p, n, 101), 0);
	nd_set_free(t);
	free(p);
}

/* Sets the pre-filter cannot take are refused, not searched wrongly. */
DEFINE_TEST(test_needles_refused_sets)
{
	static const char *const shorts[] = { "ab", "cd" };
	struct nd_set	*t = (struct nd_set *)1;

	CHECK(nd_set_new(shorts, 2, &t) == -1);
	CHECK(t == NULL);
	CHECK(nd_set_new(shorts, ND_MAX + 1, &t) == -1);
}

/* Newline counts agree with a byte loop at every length and offset. */
DEFINE_TEST(test_needles_count_nl)
{
	char	p[9000];

	for (size_t i = 0; i < sizeof(p); i++)
		p[i] = rnd() % 7 == 0 ? '\n' : 'a';
	for (size_t a = 0; a < 40; a++)
		for (size_t n = 0; a + n <= sizeof(p); n += 1 + n / 3) {
			uint64_t	c = 0;

			for (size_t i = a; i < a + n; i++)
				c += p[i] == '\n';
			CHECK_EQ_U64(nd_count_nl(p + a, n), c);
		}
}
