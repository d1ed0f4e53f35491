/*
 * fold: identical evidence across nodes and ranks, grouped (issue 19).
 *
 * A job on 2,048 nodes writes the same NCCL watchdog line 2,047 times;
 * the reports should say so once ("2,047 nodes: ...") with the list one
 * click away. Two events are the same evidence when they have the same
 * kind and the same text after fold_key() has masked what differs only
 * because of where and when the line was written:
 *
 *   - the node's own name, and any other node name of the analysis as a
 *     whole word (a peer in an NCCL message), with a "host:pid:tid"
 *     prefix after it;
 *   - a rank: the digits after the word "rank" (any case, after spaces,
 *     '=', ':', '[' or '#'), and srun's "N: " label at the line start;
 *   - a pid or tid: the digits after the words "pid", "tid" or "process";
 *   - times: YYYY-MM-DD, HH:MM:SS[.frac], a kernel "[ 123.456]" stamp, a
 *     glog "E1126 " level-and-date before a time, a syslog "Nov 30"
 *     before a time, and the "ran for N milliseconds" of a watchdog.
 *
 * Every other number stays, so lines that differ in a SeqNum, a size, an
 * Xid code or a GPU index never fold. The timeline itself is not changed:
 * folding only adds the groups (JSON "folded"); it is recomputed from the
 * timeline when a saved analysis is read back, so reports of a model and
 * of its JSON stay the same.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

/* A set of node names, for masking peers (open addressing). */
struct nameset {
	const char	**v;
	size_t		  cap;
};

static uint64_t
fold_hash(const char *s, size_t n, uint64_t h)
{
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

static int
ns_has(const struct nameset *ns, const char *s, size_t n)
{
	size_t	 i;

	if (ns == NULL || ns->cap == 0)
		return 0;
	i = fold_hash(s, n, 0xcbf29ce484222325ULL) & (ns->cap - 1);
	for (; ns->v[i] != NULL; i = (i + 1) & (ns->cap - 1))
		if (strncmp(ns->v[i], s, n) == 0 && ns->v[i][n] == '\0')
			return 1;
	return 0;
}

static void
ns_add(struct nameset *ns, const char *s)
{
	size_t	 i, n = strlen(s);

	if (n == 0 || ns_has(ns, s, n))
		return;
	i = fold_hash(s, n, 0xcbf29ce484222325ULL) & (ns->cap - 1);
	while (ns->v[i] != NULL)
		i = (i + 1) & (ns->cap - 1);
	ns->v[i] = s;
}

static int
word_ch(int c)
{
	return isalnum(c) || c == '-' || c == '_' || c == '.';
}

/* Case-insensitive: s starts with the word w (not preceded by a letter,
 * which the caller checks). */
static int
starts_ci(const char *s, const char *w)
{
	for (; *w != '\0'; s++, w++)
		if (tolower((unsigned char)*s) != *w)
			return 0;
	return 1;
}

static size_t
digits(const char *s)
{
	size_t	 n = 0;

	while (isdigit((unsigned char)s[n]))
		n++;
	return n;
}

/* Length of HH:MM:SS[.frac] (H one or two digits) at s, or 0. */
static size_t
time_len(const char *s)
{
	size_t	 h = digits(s), n;

	if (h < 1 || h > 2 || s[h] != ':' || digits(s + h + 1) != 2 ||
	    s[h + 3] != ':' || digits(s + h + 4) != 2)
		return 0;
	n = h + 6;
	if ((s[n] == '.' || s[n] == ',') && digits(s + n + 1) > 0)
		n += 1 + digits(s + n + 1);
	return n;
}

static const char *const months[] = { "jan", "feb", "mar", "apr", "may",
	"jun", "jul", "aug", "sep", "oct", "nov", "dec" };

/* After a keyword that names an identifier: the separators, then the
 * digits to mask. Returns the separators' length, or -1 without digits. */
static long
after_word(const char *s)
{
	size_t	 k = 0;

	while (s[k] == ' ' || s[k] == '=' || s[k] == ':' || s[k] == '[' ||
	    s[k] == '#')
		k++;
	return digits(s + k) > 0 && k <= 3 ? (long)k : -1;
}

struct out {
	char	*p;
	size_t	 n, cap;
};

static void
put(struct out *o, const char *s, size_t n)
{
	for (size_t i = 0; i < n && o->n + 1 < o->cap; i++)
		o->p[o->n++] = s[i];
	o->p[o->n] = '\0';
}

static void
puts_(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

static size_t
fold_key_set(const char *text, const char *node, const struct nameset *ns,
    char *buf, size_t cap)
{
	struct out	 o = { buf, 0, cap };
	size_t		 i = 0, nl = node != NULL ? strlen(node) : 0, k;
	long		 sep;

	if (cap == 0)
		return 0;
	buf[0] = '\0';
	if (text == NULL)
		return 0;
	/* srun --label: "12: " */
	k = digits(text);
	if (k > 0 && text[k] == ':' && text[k + 1] == ' ') {
		puts_(&o, "#:");
		i = k + 1;
	}
	while (text[i] != '\0') {
		const char	*s = text + i;
		int		 prev = i > 0 ? (unsigned char)text[i - 1] : ' ';

		if (word_ch(prev)) {
			put(&o, s, 1);
			i++;
			continue;
		}
		/* A whole word: a node name? */
		for (k = 0; word_ch((unsigned char)s[k]); k++)
			;
		while (k > 0 && s[k - 1] == '.')	/* end of sentence */
			k--;
		if (k > 0 && ((nl == k && strncmp(s, node, k) == 0) ||
		    ns_has(ns, s, k))) {
			puts_(&o, "<node>");
			i += k;
			/* NCCL's "host:pid:tid" */
			while (text[i] == ':' && digits(text + i + 1) > 0) {
				puts_(&o, ":#");
				i += 1 + digits(text + i + 1);
			}
			continue;
		}
		if (isalpha((unsigned char)*s)) {
			static const char *const ids[] = { "rank", "pid",
			    "tid", "process " };
			size_t	 w;

			for (w = 0; w < sizeof(ids) / sizeof(ids[0]); w++) {
				size_t	 wl = strlen(ids[w]);

				if (!starts_ci(s, ids[w]) ||
				    (ids[w][wl - 1] != ' ' && isalpha(
				    (unsigned char)s[wl])))
					continue;
				if ((sep = after_word(s + wl)) < 0)
					continue;
				put(&o, s, wl + (size_t)sep);
				puts_(&o, "#");
				i += wl + (size_t)sep;
				i += digits(text + i);
				break;
			}
			if (w < sizeof(ids) / sizeof(ids[0]))
				continue;
			/* glog "E1126 12:00:00.123" */
			if (strchr("IWEF", *s) != NULL && (k = digits(s + 1)) >=
			    3 && k <= 4 && s[k + 1] == ' ' && time_len(s + k +
			    2) > 0) {
				puts_(&o, "<glog> <time>");
				i += k + 2 + time_len(s + k + 2);
				continue;
			}
			/* syslog "Nov 30 06:24:44" */
			for (w = 0; w < 12; w++)
				if (starts_ci(s, months[w]) && s[3] == ' ')
					break;
			if (w < 12) {
				size_t	 j = 4;

				while (s[j] == ' ')
					j++;
				k = digits(s + j);
				if (k >= 1 && k <= 2 && s[j + k] == ' ' &&
				    time_len(s + j + k + 1) > 0) {
					puts_(&o, "<date> <time>");
					i += j + k + 1 + time_len(s + j + k + 1);
					continue;
				}
			}
			if (starts_ci(s, "ran for ") && (k = digits(s + 8)) >
			    0 && starts_ci(s + 8 + k, " milliseconds")) {
				puts_(&o, "ran for # milliseconds");
				i += 8 + k + 13;
				continue;
			}
		}
		if (*s == '[') {	/* kernel "[ 1234.567890]" */
			size_t	 j = 1;

			while (s[j] == ' ')
				j++;
			if ((k = digits(s + j)) > 0 && s[j + k] == '.' &&
			    digits(s + j + k + 1) > 0 &&
			    s[j + k + 1 + digits(s + j + k + 1)] == ']') {
				puts_(&o, "[<mono>]");
				i += j + k + 2 + digits(s + j + k + 1);
				continue;
			}
		}
		if (isdigit((unsigned char)*s)) {
			if (digits(s) == 4 && s[4] == '-' && digits(s + 5) ==
			    2 && s[7] == '-' && digits(s + 8) == 2 &&
			    !isdigit((unsigned char)s[10])) {
				puts_(&o, "<date>");
				i += 10;
				if (text[i] == 'T' && (k = time_len(text + i +
				    1)) > 0) {
					puts_(&o, "T<time>");
					i += 1 + k;
				}
				continue;
			}
			if ((k = time_len(s)) > 0) {
				puts_(&o, "<time>");
				i += k;
				continue;
			}
			k = digits(s);
			put(&o, s, k);
			i += k;
			continue;
		}
		put(&o, s, 1);
		i++;
	}
	return o.n;
}

size_t
fold_key(const char *text, const char *node, char *buf, size_t cap)
{
	return fold_key_set(text, node, NULL, buf, cap);
}

/* The hash table from kind and key to a group under construction. */
struct slot {
	char	*key;		/* kind '\x1f' key; malloc'd */
	size_t	 group;
};

struct build {
	struct slot	*slots;
	size_t		 cap;
	size_t		*first;		/* per group: first member */
	size_t		*count;
	size_t		 ngroups, gcap;
	size_t		*of;		/* per event: its group */
};

static long
build_find(struct build *b, const char *key)
{
	size_t	 i = fold_hash(key, strlen(key), 0xcbf29ce484222325ULL) &
	    (b->cap - 1);

	for (; b->slots[i].key != NULL; i = (i + 1) & (b->cap - 1))
		if (strcmp(b->slots[i].key, key) == 0)
			return (long)b->slots[i].group;
	if (b->ngroups == b->gcap) {
		size_t	 nc = b->gcap ? b->gcap * 2 : 64;
		size_t	*f = realloc(b->first, nc * sizeof(*f));
		size_t	*c;

		if (f == NULL)
			return -1;
		b->first = f;
		if ((c = realloc(b->count, nc * sizeof(*c))) == NULL)
			return -1;
		b->count = c;
		b->gcap = nc;
	}
	if ((b->slots[i].key = strdup(key)) == NULL)
		return -1;
	b->slots[i].group = b->ngroups;
	b->count[b->ngroups] = 0;
	return (long)b->ngroups++;
}

/* Distinct nodes (or, with ranks, node and rank pairs) among members. */
static size_t
distinct(const struct evidence_list *tl, const size_t *m, size_t n,
    int ranks)
{
	struct nameset	 ns = { 0 };
	size_t		 d = 0, cap = 16;
	char		 b[256];
	char		**keep;

	while (cap < 2 * n)
		cap *= 2;
	ns.cap = cap;
	if ((ns.v = calloc(cap, sizeof(*ns.v))) == NULL ||
	    (keep = calloc(n, sizeof(*keep))) == NULL) {
		free(ns.v);
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		const struct evidence	*ev = &tl->v[m[i]];

		if (ranks && ev->rank < 0)
			continue;
		if (ranks)
			snprintf(b, sizeof(b), "%s\x1f%d", ev->node != NULL ?
			    ev->node : "", ev->rank);
		else if (ev->node == NULL)
			continue;
		else
			snprintf(b, sizeof(b), "%s", ev->node);
		if (ns_has(&ns, b, strlen(b)))
			continue;
		if ((keep[d] = strdup(b)) == NULL)
			break;
		ns_add(&ns, keep[d++]);
	}
	for (size_t i = 0; i < d; i++)
		free(keep[i]);
	free(keep);
	free(ns.v);
	return d;
}

int
analysis_fold(struct analysis *an)
{
	const struct evidence_list	*tl = &an->timeline;
	struct build			 b = { 0 };
	struct nameset			 ns = { 0 };
	size_t				 kcap = 4096, ng = 0;
	char				*key = NULL;
	int				 rc = -1;

	an->folds = NULL;
	an->nfolds = 0;
	if (tl->n < FOLD_MIN)
		return 0;
	for (b.cap = 64; b.cap < 2 * tl->n; b.cap *= 2)
		;
	ns.cap = b.cap;
	if ((b.slots = calloc(b.cap, sizeof(*b.slots))) == NULL ||
	    (b.of = calloc(tl->n, sizeof(*b.of))) == NULL ||
	    (ns.v = calloc(ns.cap, sizeof(*ns.v))) == NULL ||
	    (key = malloc(kcap)) == NULL)
		goto out;
	for (size_t i = 0; i < tl->n; i++)
		if (tl->v[i].node != NULL)
			ns_add(&ns, tl->v[i].node);
	for (size_t i = 0; i < tl->n; i++) {
		const struct evidence	*ev = &tl->v[i];
		size_t			 kl = ev->kind != NULL ?
		    strlen(ev->kind) : 0;
		long			 g;

		if (kl + 2 >= kcap)
			kl = kcap - 2;
		memcpy(key, ev->kind != NULL ? ev->kind : "", kl);
		key[kl] = '\x1f';
		fold_key_set(ev->text, ev->node, &ns, key + kl + 1,
		    kcap - kl - 1);
		if ((g = build_find(&b, key)) < 0)
			goto out;
		if (b.count[g]++ == 0)
			b.first[g] = i;
		b.of[i] = (size_t)g;
	}
	/* Groups that fold, in order of their first member. */
	for (size_t g = 0; g < b.ngroups; g++)
		if (b.count[g] >= FOLD_MIN)
			ng++;
	if (ng == 0) {
		rc = 0;
		goto out;
	}
	if ((an->folds = arena_zalloc(an->arena, ng *
	    sizeof(*an->folds))) == NULL)
		goto out;
	for (size_t i = 0; i < tl->n; i++) {
		size_t			 g = b.of[i];
		struct fold_group	*f;
		size_t			 j;

		if (b.count[g] < FOLD_MIN)
			continue;
		if (b.first[g] == i) {
			f = &an->folds[an->nfolds++];
			f->kind = tl->v[i].kind;
			f->members = arena_alloc(an->arena, b.count[g] *
			    sizeof(*f->members));
			if (f->members == NULL)
				goto out;
			b.first[g] = an->nfolds - 1;	/* now: its fold */
			b.count[g] |= (size_t)1 << (sizeof(size_t) * 8 - 1);
		}
		j = b.first[g];
		an->folds[j].members[an->folds[j].n++] = i;
	}
	for (size_t s = 0; s < b.cap; s++) {
		size_t	 g = b.slots[s].group;

		if (b.slots[s].key == NULL || !(b.count[g] >> (sizeof(size_t) *
		    8 - 1)))
			continue;
		an->folds[b.first[g]].key = arena_strdup(an->arena,
		    strchr(b.slots[s].key, '\x1f') + 1);
	}
	/* Only what repeats across nodes or ranks folds. */
	ng = 0;
	for (size_t j = 0; j < an->nfolds; j++) {
		struct fold_group	*f = &an->folds[j];

		f->nodes = distinct(tl, f->members, f->n, 0);
		f->ranks = distinct(tl, f->members, f->n, 1);
		if (f->key != NULL && (f->nodes >= 2 || f->ranks >= 2))
			an->folds[ng++] = *f;
	}
	an->nfolds = ng;
	if (ng == 0)
		an->folds = NULL;
	rc = 0;
out:
	for (size_t s = 0; b.slots != NULL && s < b.cap; s++)
		free(b.slots[s].key);
	free(b.slots);
	free(b.of);
	free(b.first);
	free(b.count);
	free(ns.v);
	free(key);
	if (rc != 0) {
		an->folds = NULL;
		an->nfolds = 0;
	}
	return rc;
}

const struct fold_group *
analysis_fold_of(const struct analysis *an, size_t i)
{
	/* Folds are few; members ascend. */
	for (size_t j = 0; j < an->nfolds; j++) {
		const struct fold_group	*f = &an->folds[j];
		size_t			 lo = 0, hi = f->n;

		while (lo < hi) {
			size_t	 mid = lo + (hi - lo) / 2;

			if (f->members[mid] < i)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < f->n && f->members[lo] == i)
			return f;
	}
	return NULL;
}

void
fold_count(size_t n, char out[32])
{
	char	 d[32];
	size_t	 l, k = 0;

	snprintf(d, sizeof(d), "%zu", n);
	l = strlen(d);
	for (size_t i = 0; i < l; i++) {
		if (i > 0 && (l - i) % 3 == 0)
			out[k++] = ',';
		out[k++] = d[i];
	}
	out[k] = '\0';
}

void
fold_label(const struct fold_group *f, char out[96])
{
	char	 a[32], b[32];

	fold_count(f->n, a);
	fold_count(f->nodes, b);
	if (f->nodes == f->n)
		snprintf(out, 96, "%s nodes", a);
	else if (f->ranks == f->n)
		snprintf(out, 96, "%s ranks on %s node%s", a, b,
		    f->nodes == 1 ? "" : "s");
	else
		snprintf(out, 96, "%s lines on %s node%s", a, b,
		    f->nodes == 1 ? "" : "s");
}
