/*
 * needles: the scanner's multi-needle pre-filter (needles.h).
 *
 * Long needles (SHORT_NEEDLE bytes or more) are found with a Wu-Manber
 * search: three-byte blocks, hashed to 16 bits, over a window of m bytes
 * (m: the shortest long needle). The block ending a window says how far
 * the window may move without skipping a needle's first m bytes; a block
 * that ends some needle's prefix (shift 0) is checked against those
 * needles. With two hundred needles, two-byte blocks left most common
 * letter pairs at shift 0; three bytes keep ordinary log text moving the
 * window m - 2 bytes at a time.
 *
 * Each move waits for the load of the shift it depends on, so one window
 * keeps a core mostly idle. The span ahead is cut into ND_LANES lanes
 * whose windows move side by side, each lane's chain of loads
 * independent of the others', and the hits of every lane are kept in
 * order for the calls that follow.
 *
 * A few short needles ("Killed") would cap every shift at their length;
 * each is searched on its own (find_short) and its next hit kept.
 */
#include <stdlib.h>
#include <string.h>

#include "needles.h"

#define SHORT_NEEDLE	8	/* shorter needles: find_short */
#define LANE_SPAN	(8u << 10)	/* bytes of windows one lane covers */
#define LANE_MIN	256	/* shorter spans: one lane */

struct nd_set {
	const char	*nd[ND_MAX];
	size_t		 nlen[ND_MAX];
	size_t		 n;
	size_t		 wm;		/* shortest long needle */
	int16_t		 shorts[ND_SHORT_MAX];
	int		 nshort;
	uint8_t		 shift[65536];	/* by block: how far to move */
	int16_t		 head[65536];	/* by block: needles ending ... */
	int16_t		 next[ND_MAX];	/* ... a window there */
};

#define BLOCK(p)	((((unsigned)(unsigned char)(p)[0] << 10) ^ \
			    ((unsigned)(unsigned char)(p)[1] << 5) ^ \
			    (unsigned char)(p)[2]) & 0xffff)

int
nd_set_new(const char *const *needles, size_t n, struct nd_set **out)
{
	struct nd_set	*t;
	size_t		 m = SIZE_MAX;

	*out = NULL;
	if (n > ND_MAX || (t = calloc(1, sizeof(*t))) == NULL)
		return -1;
	t->n = n;
	for (size_t i = 0; i < n; i++) {
		t->nd[i] = needles[i];
		t->nlen[i] = strlen(needles[i]);
		if (t->nlen[i] < SHORT_NEEDLE && t->nshort < ND_SHORT_MAX)
			t->shorts[t->nshort++] = (int16_t)i;
		else if (t->nlen[i] < m)
			m = t->nlen[i];
	}
	if (m < 3 || m > 255) {
		free(t);
		return -1;
	}
	t->wm = m;
	memset(t->shift, (int)(m - 2), sizeof(t->shift));
	for (size_t b = 0; b < 65536; b++)
		t->head[b] = -1;
	for (size_t i = n; i-- > 0;) {
		const char	*nd = t->nd[i];
		int		 skip = 0;

		for (int j = 0; j < t->nshort; j++)
			skip |= t->shorts[j] == (int16_t)i;
		if (skip)
			continue;
		for (size_t q = 2; q < m; q++) {
			unsigned	 b = BLOCK(nd + q - 2);

			if (m - 1 - q < t->shift[b])
				t->shift[b] = (uint8_t)(m - 1 - q);
		}
		t->next[i] = t->head[BLOCK(nd + m - 3)];
		t->head[BLOCK(nd + m - 3)] = (int16_t)i;
	}
	*out = t;
	return 0;
}

void
nd_set_free(struct nd_set *t)
{
	free(t);
}

void
nd_cursor_reset(struct nd_cursor *c)
{
	c->end = NULL;
	c->llo = c->lhi = NULL;
	c->nl = c->il = 0;
}

/* Newlines in p[0..n), sixteen bytes at a time with the compiler's
 * portable vector extension (SSE2 on x86-64): a byte equal to '\n'
 * compares to -1, i.e. 255 in an unsigned lane, so subtracting it adds
 * one (unsigned: wrapping is defined); lanes are summed before they
 * could wrap. */
typedef signed char v16 __attribute__((vector_size(16)));
typedef unsigned char u16v __attribute__((vector_size(16)));

uint64_t
nd_count_nl(const char *p, size_t n)
{
	const v16	nl = { '\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n',
			    '\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n' };
	uint64_t	c = 0;
	size_t		i = 0;

	while (i + 16 <= n) {
		u16v	acc = { 0 };
		v16	x;
		size_t	k;

		for (k = 0; k < 255 && i + 16 <= n; k++, i += 16) {
			memcpy(&x, p + i, 16);
			acc -= (u16v)(x == nl);
		}
		for (int j = 0; j < 16; j++)
			c += acc[j];
	}
	for (; i < n; i++)
		c += p[i] == '\n';
	return c;
}

/* How rare byte c is in logs, higher rarer: upper case and unusual
 * punctuation first, spaces last, lower case by English letter
 * frequency. */
static int
rarity(unsigned char c)
{
	static const char	 letters[] = "etaoinsrhldcumfpgwybvkxjqz";
	const char		*l;

	if (c >= 'A' && c <= 'Z')
		return 100;
	if (c >= 'a' && c <= 'z')
		return (l = strchr(letters, c)) ? 10 + (int)(l - letters) : 10;
	if (c >= '1' && c <= '9')
		return 50;
	if (c == '0')
		return 40;
	if (strchr(" \t", c) != NULL)
		return 0;
	if (strchr("./-_", c) != NULL)
		return 5;
	if (strchr(":=,", c) != NULL)
		return 60;
	return 90;
}

/* Needle i in [p, end): memchr on its rarest byte (in logs: "Killed" ->
 * 'K', " ? " -> '?'), then memcmp. A needle whose rarest byte is a lower
 * case letter (" pts/" -> 'p': several times a line in ordinary text)
 * would stop memchr too often: its two rarest bytes are compared sixteen
 * positions at a time instead, and memcmp runs where both are there. */
static const char *
find_short(const struct nd_set *t, size_t i, const char *p,
    const char *end)
{
	const char	*nd = t->nd[i], *q;
	size_t		 n = t->nlen[i], k = 0, j;
	v16		 vk, vj, a, b, m;
	uint64_t	 w[2];

	for (size_t x = 1; x < n; x++)
		if (rarity((unsigned char)nd[x]) >
		    rarity((unsigned char)nd[k]))
			k = x;
	if (n < 2 || rarity((unsigned char)nd[k]) >= 50) {
		for (q = p + k; q + (n - k) <= end; q++) {
			if ((q = memchr(q, nd[k], (size_t)(end - q))) ==
			    NULL || q + (n - k) > end)
				return NULL;
			if (q - k >= p && memcmp(q - k, nd, n) == 0)
				return q - k;
		}
		return NULL;
	}
	j = k == 0;
	for (size_t x = 0; x < n; x++)
		if (x != k && rarity((unsigned char)nd[x]) >
		    rarity((unsigned char)nd[j]))
			j = x;
	for (int l = 0; l < 16; l++) {
		vk[l] = nd[k];
		vj[l] = nd[j];
	}
	/* Loads end before q + n + 15; a start q + l (l < 16) fits. */
	for (q = p; (size_t)(end - q) >= n + 15; q += 16) {
		memcpy(&a, q + k, 16);
		memcpy(&b, q + j, 16);
		m = (a == vk) & (b == vj);
		memcpy(w, &m, 16);
		if ((w[0] | w[1]) == 0)
			continue;
		for (int l = 0; l < 16; l++)
			if (m[l] != 0 && memcmp(q + l, nd, n) == 0)
				return q + l;
	}
	for (; (size_t)(end - q) >= n; q++)
		if (q[k] == nd[k] && memcmp(q, nd, n) == 0)
			return q;
	return NULL;
}

/* The earliest short-needle occurrence at or after pos, or NULL. Each
 * short needle's next occurrence is kept until pos passes it. */
static const char *
next_short(const struct nd_set *t, struct nd_cursor *c, const char *pos,
    const char *end)
{
	const char	*best = NULL;

	for (int j = 0; j < t->nshort; j++) {
		int16_t	 i = t->shorts[j];

		if (c->end != end || (c->hit[j] != NULL && c->hit[j] < pos))
			c->hit[j] = find_short(t, (size_t)i, pos, end);
		if (c->hit[j] != NULL && (best == NULL || c->hit[j] < best))
			best = c->hit[j];
	}
	return best;
}

/* One lane: windows starting in [its start, stop), their last bytes
 * before lim (stop + wm - 1, or the region's end). */
struct lane {
	const char	*w;		/* the window's last byte */
	const char	*lim;
	const char	*done;		/* windows before this were looked at */
	uint32_t	*hit;		/* [ND_LANE_HITS], offsets from base */
	size_t		 n;
	int		 full;		/* stopped at a hit it had no room for */
};

/* The window ending at L->w has shift 0: is a needle there? A hit is
 * noted; a full lane stops before it. */
static inline void
check_window(const struct nd_set *t, struct lane *L, const char *base,
    const char *end)
{
	const char	*q = L->w - (t->wm - 1);

	for (int16_t i = t->head[BLOCK(L->w - 2)]; i != -1; i = t->next[i]) {
		const char	*nd = t->nd[i];
		size_t		 n = t->nlen[i];

		if ((size_t)(end - q) >= n && q[0] == nd[0] &&
		    memcmp(q, nd, n) == 0) {
			if (L->n == ND_LANE_HITS) {
				L->done = q;
				L->lim = L->w;	/* stops the lane */
				L->full = 1;
				return;
			}
			L->hit[L->n++] = (uint32_t)(q - base);
			break;
		}
	}
	L->w++;
}

#define STEP(L) do {							\
	unsigned sh_ = t->shift[BLOCK((L).w - 2)];			\
	if (sh_ != 0)							\
		(L).w += sh_;						\
	else								\
		check_window(t, &(L), base, end);			\
} while (0)

/* Find the long-needle hits of windows starting in [pos, pos + span)
 * (span > 0; every window ends by end) into c. */
static void
fill_long(const struct nd_set *t, struct nd_cursor *c, const char *pos,
    size_t span, const char *end)
{
	struct lane	 L[ND_LANES];
	const char	*base = pos, *stop;
	size_t		 per, nl, k;

	nl = span < LANE_MIN ? 1 : ND_LANES;
	per = (span + nl - 1) / nl;
	for (k = 0; k < nl; k++) {
		const char *a = pos + (k * per < span ? k * per : span);

		stop = pos + ((k + 1) * per < span ? (k + 1) * per : span);
		L[k].w = a + t->wm - 1;
		L[k].lim = (size_t)(end - stop) >= t->wm - 1 ?
		    stop + t->wm - 1 : end;
		L[k].done = stop;
		L[k].hit = c->lhit + k * ND_LANE_HITS;
		L[k].n = 0;
		L[k].full = 0;
	}
	if (nl == ND_LANES)
		while (L[0].w < L[0].lim && L[1].w < L[1].lim &&
		    L[2].w < L[2].lim && L[3].w < L[3].lim) {
			STEP(L[0]);
			STEP(L[1]);
			STEP(L[2]);
			STEP(L[3]);
		}
	for (k = 0; k < nl; k++)
		while (L[k].w < L[k].lim)
			STEP(L[k]);
	/* In order: every lane's hits up to the first lane that filled. */
	c->llo = pos;
	c->nl = 0;
	c->il = 0;
	for (k = 0; k < nl; k++) {
		if (k > 0)
			memmove(c->lhit + c->nl, L[k].hit,
			    L[k].n * sizeof(*c->lhit));
		c->nl += L[k].n;
		c->lhi = L[k].done;
		if (L[k].full)
			break;
	}
}

/* The earliest long-needle occurrence starting in [pos, limit). */
static const char *
next_long(const struct nd_set *t, struct nd_cursor *c, const char *pos,
    const char *limit, const char *end)
{
	for (;;) {
		if (c->lhi == NULL || pos < c->llo || pos >= c->lhi) {
			size_t	span = (size_t)(end - pos);

			if (pos >= limit)
				return NULL;
			if (span > ND_LANES * LANE_SPAN)
				span = ND_LANES * LANE_SPAN;
			fill_long(t, c, pos, span, end);
		}
		if (c->il > 0 && c->llo + c->lhit[c->il - 1] >= pos)
			c->il = 0;	/* pos went back */
		while (c->il < c->nl && c->llo + c->lhit[c->il] < pos)
			c->il++;
		if (c->il < c->nl)
			return c->llo + c->lhit[c->il] < limit ?
			    c->llo + c->lhit[c->il] : NULL;
		if (c->lhi >= limit)
			return NULL;
		pos = c->lhi;
	}
}

/* Windows are taken in order, so the first long needle found starts
 * earliest; it only counts if it starts before the first short one. */
const char *
nd_next(const struct nd_set *t, struct nd_cursor *c, const char *pos,
    const char *end)
{
	const char	*sh, *l;

	if (c->end != end)
		c->llo = c->lhi = NULL;
	sh = next_short(t, c, pos, end);
	c->end = end;
	l = next_long(t, c, pos, sh != NULL ? sh : end, end);
	return l != NULL ? l : sh;
}
