/*
 * pseudo: consistent, keyed pseudonyms for --redact (see pseudo.h).
 *
 * The key, the learned identifiers (a bounded table matched as whole
 * tokens, longest first) and the map of every pseudonym produced (a
 * bounded open-addressed set) live in one struct pseudo. pseudo_line()
 * walks a line once: at each token start it tries the learned table, then
 * the shapes (home/scratch/work/project paths, uids in their contexts,
 * MAC, IPv4, IPv6), else copies the token. Loopback and unspecified
 * addresses and uids below 1000 (system accounts) are kept: they carry
 * meaning and identify nobody. Learning is lenient and bounded; hostile
 * text can only make it replace more, never overflow.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat.h"
#include "hash.h"
#include "pseudo.h"

#define MAX_LEARN	1024
#define MAX_UIDS	64
#define MAP_SLOTS	16384
#define MAP_FULL	12288
#define HOSTLIST_MAX	256
#define PS_LEN		24
#define UID_MIN		1000

struct learned {
	char		*s;
	size_t		 n;
	enum pseudo_cat	 cat;
	char		 ps[PS_LEN];
	int		 esc;		/* JSON-escaped directory */
};

struct mapent {
	char		*orig;
	char		 ps[PS_LEN];
	enum pseudo_cat	 cat;
};

struct pseudo {
	uint8_t		 key[PSEUDO_KEY_MAX];
	size_t		 keyn;
	struct learned	 l[MAX_LEARN];
	size_t		 nl;
	uint8_t		 first[256];	/* a learned entry starts so */
	unsigned long	 uids[MAX_UIDS];
	size_t		 nuids;
	struct mapent	*map;
	size_t		 nmap;
	int		 map_full;
};

static const struct {
	const char	*name;	/* in the HMAC input and the map */
	const char	*pre;	/* pseudonym prefix */
} cats[PS_NCAT] = {
	[PS_HOST] = { "host", "host-" },
	[PS_USER] = { "user", "user-" },
	[PS_UID] = { "uid", "" },
	[PS_IP] = { "ip", "ip-" },
	[PS_MAC] = { "mac", "mac-" },
	[PS_DIR] = { "dir", "/dir-" },
	[PS_PROJ] = { "project", "proj-" },
	[PS_EMAIL] = { "email", "email-" },
};

/* ---- HMAC-SHA256 ---- */

static void
digest(struct sha256 *h, uint8_t out[32])
{
	char	hex[65];

	sha256_hex(h, hex);
	for (int i = 0; i < 32; i++)
		out[i] = (uint8_t)strtoul((char[3]){ hex[2 * i],
		    hex[2 * i + 1], '\0' }, NULL, 16);
}

void
pseudo_hmac(const void *key, size_t kn, const void *msg, size_t mn,
    uint8_t out[32])
{
	uint8_t		k[64] = { 0 }, pad[64], inner[32];
	struct sha256	h;

	if (kn > sizeof(k)) {
		sha256_init(&h);
		sha256_update(&h, key, kn);
		digest(&h, k);
	} else
		memcpy(k, key, kn);
	for (int i = 0; i < 64; i++)
		pad[i] = k[i] ^ 0x36;
	sha256_init(&h);
	sha256_update(&h, pad, sizeof(pad));
	sha256_update(&h, msg, mn);
	digest(&h, inner);
	for (int i = 0; i < 64; i++)
		pad[i] = k[i] ^ 0x5c;
	sha256_init(&h);
	sha256_update(&h, pad, sizeof(pad));
	sha256_update(&h, inner, sizeof(inner));
	digest(&h, out);
}

static void
mac_of(const struct pseudo *ps, enum pseudo_cat cat, const char *s,
    size_t n, uint8_t d[32])
{
	char	msg[512];
	size_t	l = strlen(cats[cat].name);

	/* "cat:" + original; longer originals are hashed first. */
	memcpy(msg, cats[cat].name, l);
	msg[l++] = ':';
	if (n > sizeof(msg) - l) {
		struct sha256	h;

		sha256_init(&h);
		sha256_update(&h, s, n);
		sha256_hex(&h, msg + l);
		n = 64;
	} else
		memcpy(msg + l, s, n);
	pseudo_hmac(ps->key, ps->keyn, msg, l + n, d);
}

unsigned long
pseudo_uid(const struct pseudo *ps, unsigned long uid)
{
	char	num[24];
	uint8_t	d[32];
	int	n = snprintf(num, sizeof(num), "%lu", uid);

	mac_of(ps, PS_UID, num, (size_t)n, d);
	return 900000000ul + ((unsigned long)d[0] << 24 | d[1] << 16 |
	    d[2] << 8 | d[3]) % 100000000ul;
}

void
pseudo_name(const struct pseudo *ps, enum pseudo_cat cat, const char *s,
    size_t n, char *out, size_t sz)
{
	uint8_t		d[32];
	unsigned long	u = 0;

	if (cat == PS_UID) {
		for (size_t i = 0; i < n && i < 10 && isdigit((unsigned char)
		    s[i]); i++)
			u = u * 10 + (unsigned long)(s[i] - '0');
		snprintf(out, sz, "%lu", pseudo_uid(ps, u));
		return;
	}
	mac_of(ps, cat, s, n, d);
	snprintf(out, sz, "%s%02x%02x%02x%02x", cats[cat].pre, d[0], d[1],
	    d[2], d[3]);
}

/* ---- key ---- */

static enum err_code
read_key(struct pseudo *ps, const char *path, struct err *e)
{
	ssize_t	r;
	size_t	n = 0;
	int	fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)) == -1)
		return ERR_SYS(e, ERR_IO, "site key %s: %s (--site-key FILE, "
		    "$OOMTRAIL_SITE_KEY or %s)", path, strerror(errno),
		    PSEUDO_DEFAULT_KEY);
	while (n < sizeof(ps->key) && (r = read(fd, ps->key + n,
	    sizeof(ps->key) - n)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			close(fd);
			return ERR_SYS(e, ERR_IO, "site key %s", path);
		}
		n += (size_t)r;
	}
	r = read(fd, (char[1]){ 0 }, 1);
	close(fd);
	if (r > 0)
		return ERR(e, ERR_LIMIT, "site key %s: over %d bytes", path,
		    PSEUDO_KEY_MAX);
	while (n > 0 && isspace(ps->key[n - 1]))
		n--;
	if (n < PSEUDO_KEY_MIN)
		return ERR(e, ERR_LIMIT, "site key %s: %zu bytes, need at "
		    "least %d", path, n, PSEUDO_KEY_MIN);
	ps->keyn = n;
	return ERR_OK;
}

enum err_code
pseudo_new(struct pseudo **out, const char *path, struct err *e)
{
	struct pseudo	*ps;
	const char	*env = getenv("OOMTRAIL_SITE_KEY");
	enum err_code	 rc;

	*out = NULL;
	if (path == NULL)
		path = env != NULL && *env != '\0' ? env : PSEUDO_DEFAULT_KEY;
	if ((ps = calloc(1, sizeof(*ps))) == NULL ||
	    (ps->map = calloc(MAP_SLOTS, sizeof(*ps->map))) == NULL) {
		free(ps);
		return ERR(e, ERR_NOMEM, "pseudonym tables");
	}
	if ((rc = read_key(ps, path, e)) != ERR_OK) {
		pseudo_free(ps);
		return rc;
	}
	*out = ps;
	return ERR_OK;
}

/* 32 bytes from the kernel's generator (getrandom(2) where it exists,
 * /dev/urandom otherwise). */
static int
random_bytes(uint8_t *b, size_t n)
{
	ssize_t	r;
	size_t	k = 0;
	int	fd;

	if ((fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	while (k < n && (r = read(fd, b + k, n - k)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			break;
		k += (size_t)r;
	}
	close(fd);
	return k == n ? 0 : -1;
}

enum err_code
pseudo_open(struct pseudo **out, const char *path, int *random_key,
    struct err *e)
{
	const char	*env = getenv("OOMTRAIL_SITE_KEY");
	struct pseudo	*ps;

	*random_key = 0;
	if (path != NULL || (env != NULL && *env != '\0') ||
	    access(PSEUDO_DEFAULT_KEY, F_OK) == 0 || errno != ENOENT)
		return pseudo_new(out, path, e);
	/* No key configured anywhere: one for this run only. */
	*out = NULL;
	if ((ps = calloc(1, sizeof(*ps))) == NULL ||
	    (ps->map = calloc(MAP_SLOTS, sizeof(*ps->map))) == NULL) {
		free(ps);
		return ERR(e, ERR_NOMEM, "pseudonym tables");
	}
	if (random_bytes(ps->key, 32) == -1) {
		pseudo_free(ps);
		return ERR_SYS(e, ERR_IO, "random site key: /dev/urandom");
	}
	ps->keyn = 32;
	*random_key = 1;
	*out = ps;
	return ERR_OK;
}

void
pseudo_key_id(const struct pseudo *ps, char out[17])
{
	static const char	msg[] = "oomtrail site key id";
	uint8_t			d[32];

	pseudo_hmac(ps->key, ps->keyn, msg, sizeof(msg) - 1, d);
	for (int i = 0; i < 8; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
	compat_explicit_bzero(d, sizeof(d));
}

void
pseudo_free(struct pseudo *ps)
{
	if (ps == NULL)
		return;
	for (size_t i = 0; i < ps->nl; i++)
		free(ps->l[i].s);
	for (size_t i = 0; ps->map != NULL && i < MAP_SLOTS; i++)
		free(ps->map[i].orig);
	free(ps->map);
	compat_explicit_bzero(ps->key, sizeof(ps->key));
	free(ps);
}

/* ---- the map ---- */

static void
record(struct pseudo *ps, enum pseudo_cat cat, const char *s, size_t n,
    const char *name)
{
	uint32_t	h = 2166136261u;
	struct mapent	*m;

	for (const char *p = name; *p != '\0'; p++)
		h = (h ^ (uint8_t)*p) * 16777619u;
	for (size_t i = 0; i < MAP_SLOTS; i++) {
		m = &ps->map[(h + i) % MAP_SLOTS];
		if (m->orig == NULL)
			break;
		if (m->cat == cat && strcmp(m->ps, name) == 0 &&
		    strlen(m->orig) == n && memcmp(m->orig, s, n) == 0)
			return;
	}
	if (ps->nmap >= MAP_FULL) {
		ps->map_full = 1;
		return;
	}
	if ((m->orig = strndup(s, n)) == NULL)
		return;
	snprintf(m->ps, sizeof(m->ps), "%s", name);
	m->cat = cat;
	ps->nmap++;
}

static void
json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", (unsigned char)*s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

enum err_code
pseudo_write_map(const struct pseudo *ps, const char *path, struct err *e)
{
	FILE	*f;
	int	 fd, first = 1;

	unlink(path);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC |
	    O_NOFOLLOW, 0600)) == -1 || fchmod(fd, 0600) == -1 ||
	    (f = fdopen(fd, "w")) == NULL) {
		if (fd != -1)
			close(fd);
		return ERR_SYS(e, ERR_IO, "%s", path);
	}
	fprintf(f, "{\n  \"format\": 1,\n  \"complete\": %s,\n"
	    "  \"pseudonyms\": [", ps->map_full ? "false" : "true");
	for (size_t i = 0; i < MAP_SLOTS; i++) {
		if (ps->map[i].orig == NULL)
			continue;
		fprintf(f, "%s\n    { \"category\": \"%s\", \"pseudonym\": ",
		    first ? "" : ",", cats[ps->map[i].cat].name);
		json_str(f, ps->map[i].ps);
		fprintf(f, ", \"original\": ");
		json_str(f, ps->map[i].orig);
		fprintf(f, " }");
		first = 0;
	}
	fprintf(f, "\n  ]\n}\n");
	if (fflush(f) != 0 || fsync(fd) == -1) {
		fclose(f);
		return ERR_SYS(e, ERR_IO, "%s", path);
	}
	return fclose(f) == 0 ? ERR_OK : ERR_SYS(e, ERR_IO, "%s", path);
}

/* ---- learning ---- */

static const char *const common_words[] = {
	"root", "localhost", "(null)", "N/A", "n/a", "None", "none",
	"Unknown", "unknown", "nobody", "slurm", "all", "batch", "extern",
};

static int
learnable(enum pseudo_cat cat, const char *s, size_t n)
{
	if (n < 2 || n > 255 || memchr(s, '\0', n) != NULL)
		return 0;
	for (size_t i = 0; i < sizeof(common_words) / sizeof(*common_words);
	    i++)
		if (strlen(common_words[i]) == n &&
		    memcmp(common_words[i], s, n) == 0)
			return 0;
	if (cat == PS_HOST && strspn(s, "0123456789.:abcdefABCDEF") >= n &&
	    memchr(s, '.', n) != NULL)
		return 0;	/* an address: a shape, not a name */
	if (cat == PS_DIR)
		return s[0] == '/' && memchr(s + 1, '/', n - 1) != NULL &&
		    strncmp(s, "/dev/", 5) != 0 && strncmp(s, "/proc/", 6)
		    != 0 && strncmp(s, "/sys/", 5) != 0;
	for (size_t i = 0; i < n; i++)
		if (isspace((unsigned char)s[i]) || s[i] == '=' ||
		    s[i] == '"')
			return 0;
	return 1;
}

static int
add(struct pseudo *ps, enum pseudo_cat cat, const char *s, size_t n,
    const char *ps_name, int esc)
{
	struct learned	*l;

	for (size_t i = 0; i < ps->nl; i++)
		if (ps->l[i].n == n && memcmp(ps->l[i].s, s, n) == 0)
			return 0;
	if (ps->nl == MAX_LEARN)
		return -1;
	l = &ps->l[ps->nl];
	if ((l->s = strndup(s, n)) == NULL)
		return -1;
	l->n = n;
	l->cat = cat;
	l->esc = esc;
	snprintf(l->ps, sizeof(l->ps), "%s%s", esc ? "\\" : "", ps_name);
	ps->first[(unsigned char)s[0]] = 1;
	ps->nl++;
	return 0;
}

/* "/a/b" also as "\/a\/b" (sacct --json escapes slashes). */
static int
add_dir(struct pseudo *ps, const char *s, size_t n, const char *name)
{
	char	esc[512];
	size_t	k = 0;

	if (add(ps, PS_DIR, s, n, name, 0) == -1)
		return -1;
	for (size_t i = 0; i < n && k + 2 < sizeof(esc); i++) {
		if (s[i] == '/')
			esc[k++] = '\\';
		esc[k++] = s[i];
	}
	return add(ps, PS_DIR, esc, k, name, 1);
}

/* prefix[01-04,7]suffix: every host, zero padding kept, bounded. */
static void
expand(struct pseudo *ps, const char *in, size_t n)
{
	const char	*o, *c, *r;
	char		 s[256], host[600], name[PS_LEN];
	unsigned long	 a, b;
	int		 w, made = 0;

	if (n >= sizeof(s))
		return;
	memcpy(s, in, n);
	s[n] = '\0';
	o = memchr(s, '[', n);
	if (o == NULL || (c = memchr(o, ']', n - (size_t)(o - s))) == NULL)
		return;
	for (r = o + 1; r < c && made < HOSTLIST_MAX; r++) {
		w = (int)strspn(r, "0123456789");
		a = b = strtoul(r, NULL, 10);
		r += w;
		if (*r == '-')
			b = strtoul(++r, NULL, 10), r += strspn(r,
			    "0123456789");
		for (; a <= b && made < HOSTLIST_MAX; a++, made++) {
			snprintf(host, sizeof(host), "%.*s%0*lu%.*s",
			    (int)(o - s), s, w, a, (int)(s + n - c - 1),
			    c + 1);
			pseudo_name(ps, PS_HOST, host, strlen(host), name,
			    sizeof(name));
			add(ps, PS_HOST, host, strlen(host), name, 0);
		}
		if (*r != ',')
			break;
	}
}

static size_t
top_comma(const char *s, size_t n)
{
	int	depth = 0;

	for (size_t i = 0; i < n; i++)
		if (s[i] == '[')
			depth = 1;
		else if (s[i] == ']')
			depth = 0;
		else if (s[i] == ',' && depth == 0)
			return i;
	return n;
}

int
pseudo_learn(struct pseudo *ps, enum pseudo_cat cat, const char *s,
    size_t n)
{
	char	name[PS_LEN];
	size_t	k;

	/* a[1-2],b3: one host or hostlist per comma outside brackets */
	while (cat == PS_HOST && (k = top_comma(s, n)) < n) {
		pseudo_learn(ps, cat, s, k);
		s += k + 1;
		n -= k + 1;
	}
	if (!learnable(cat, s, n))
		return 0;
	k = cat == PS_DIR ? n : strcspn(s, "(");
	if (cat == PS_HOST && k < n)	/* vm(127.0.0.1) */
		return pseudo_learn(ps, cat, s, k);
	pseudo_name(ps, cat, s, n, name, sizeof(name));
	if (cat == PS_DIR)
		return add_dir(ps, s, n, name);
	if (cat == PS_HOST)
		expand(ps, s, n);
	return add(ps, cat, s, n, name, 0);
}

void
pseudo_learn_uid(struct pseudo *ps, unsigned long uid)
{
	for (size_t i = 0; i < ps->nuids; i++)
		if (ps->uids[i] == uid)
			return;
	if (uid >= UID_MIN && uid < 4294967295ul && ps->nuids < MAX_UIDS)
		ps->uids[ps->nuids++] = uid;
}

/* The directory part of a file path (the path itself for a dir). */
static void
learn_dir(struct pseudo *ps, const char *s, size_t n, int is_file)
{
	while (is_file && n > 0 && s[n - 1] != '/')
		n--;
	while (n > 1 && s[n - 1] == '/')
		n--;
	pseudo_learn(ps, PS_DIR, s, n);
}

enum how {
	H_HOST, H_USER, H_USERID, H_UID, H_DIR, H_FILEDIR, H_ALLOC, H_PROJ
};

static const struct {
	const char	*key;
	enum how	 how;
} keys[] = {
	{ "UserId", H_USERID }, { "GroupId", H_USERID },
	{ "NodeList", H_HOST }, { "BatchHost", H_HOST }, { "Nodes", H_HOST },
	{ "NodeName", H_HOST }, { "NodeHostName", H_HOST },
	{ "NodeAddr", H_HOST }, { "AllocNode:Sid", H_ALLOC },
	{ "SlurmctldHost", H_HOST }, { "ControlMachine", H_HOST },
	{ "BackupController", H_HOST }, { "AccountingStorageHost", H_HOST },
	{ "WorkDir", H_DIR }, { "StdOut", H_FILEDIR },
	{ "StdErr", H_FILEDIR }, { "StdIn", H_FILEDIR },
	{ "Command", H_FILEDIR },
	{ "SLURM_JOB_NODELIST", H_HOST }, { "SLURM_NODELIST", H_HOST },
	{ "SLURM_STEP_NODELIST", H_HOST }, { "SLURM_SUBMIT_HOST", H_HOST },
	{ "SLURMD_NODENAME", H_HOST }, { "SLURM_TOPOLOGY_ADDR", H_HOST },
	{ "HOSTNAME", H_HOST }, { "SLURM_JOB_USER", H_USER },
	{ "USER", H_USER }, { "LOGNAME", H_USER },
	{ "SLURM_JOB_UID", H_UID }, { "SLURM_SUBMIT_DIR", H_DIR },
	{ "HOME", H_DIR }, { "Account", H_PROJ }, { "SLURM_JOB_ACCOUNT", H_PROJ },
	{ "\"account\"", H_PROJ },
	/* sacct --json and parsable2 headers */
	{ "\"user\"", H_USER }, { "\"group\"", H_USER },
	{ "\"nodes\"", H_HOST }, { "\"node\"", H_HOST },
	{ "\"batch_host\"", H_HOST },
	{ "\"working_directory\"", H_DIR }, { "User", H_USER },
	{ "UID", H_UID }, { "uid", H_UID },
};

static void
learn_value(struct pseudo *ps, enum how how, const char *v, size_t n)
{
	static const enum pseudo_cat	cat_of[] = {
		[H_HOST] = PS_HOST, [H_USER] = PS_USER, [H_USERID] = PS_USER,
		[H_PROJ] = PS_PROJ,
	};
	char				buf[512];
	size_t				k = 0;

	/* JSON "\/" -> "/" */
	for (size_t i = 0; i < n && k + 1 < sizeof(buf); i++)
		if (!(v[i] == '\\' && i + 1 < n && v[i + 1] == '/'))
			buf[k++] = v[i];
	buf[k] = '\0';
	if (how == H_UID && k > 0 && isdigit((unsigned char)buf[0]))
		pseudo_learn_uid(ps, strtoul(buf, NULL, 10));
	else if (how == H_DIR || how == H_FILEDIR)
		learn_dir(ps, buf, k, how == H_FILEDIR);
	else if (how == H_ALLOC)
		pseudo_learn(ps, PS_HOST, buf, strcspn(buf, ":"));
	else if (how == H_USERID && isdigit((unsigned char)buf[0]))
		pseudo_learn_uid(ps, strtoul(buf, NULL, 10));	/* UserId=1001 */
	else if (how == H_USERID)
		pseudo_learn(ps, PS_USER, buf, strcspn(buf, "("));
	else if (how != H_UID)
		pseudo_learn(ps, cat_of[how], buf, k);
	if (how == H_USERID && memchr(buf, '(', k) != NULL)
		pseudo_learn_uid(ps, strtoul(strchr(buf, '(') + 1, NULL, 10));
}

/* "Key=v", "Key = v", "Key[0] = v", "\"key\": \"v\"" at line offset i. */
static size_t
value_at(const char *p, size_t n, size_t i, size_t *vn)
{
	while (i < n && p[i] == '[')
		i += strcspn(p + i, "]") + 1;
	while (i < n && p[i] == ' ')
		i++;
	if (i >= n || (p[i] != '=' && p[i] != ':'))
		return n;
	i++;
	while (i < n && (p[i] == ' ' || p[i] == '"'))
		i++;
	*vn = 0;
	while (i + *vn < n && !isspace((unsigned char)p[i + *vn]) &&
	    p[i + *vn] != '"' && p[i + *vn] != ',')
		(*vn)++;
	return i;
}

static void
learn_kv(struct pseudo *ps, const char *p, size_t n)
{
	size_t	l, v, vn = 0;

	for (size_t i = 0; i < n; i++) {
		if (i > 0 && !isspace((unsigned char)p[i - 1]) &&
		    p[i - 1] != '{' && p[i - 1] != ',')
			continue;
		for (size_t k = 0; k < sizeof(keys) / sizeof(*keys); k++) {
			l = strlen(keys[k].key);
			if (l > n - i || memcmp(p + i, keys[k].key, l) != 0 ||
			    (v = value_at(p, n, i + l, &vn)) >= n)
				continue;
			learn_value(ps, keys[k].how, p + v, vn);
			break;
		}
	}
}

/* A '|' or tab separated header: the index of each known column. */
struct cols {
	char	sep;
	int	how[64];
	int	n;
};

static int
header(const char *p, size_t n, struct cols *c)
{
	size_t	st = 0, k;

	c->sep = memchr(p, '|', n) != NULL ? '|' : memchr(p, '\t', n) !=
	    NULL ? '\t' : 0;
	if (c->sep == 0)
		return 0;
	c->n = 0;
	for (size_t i = 0; i <= n && c->n < 64; i++) {
		if (i < n && p[i] != c->sep)
			continue;
		c->how[c->n] = -1;
		for (k = 0; k < sizeof(keys) / sizeof(*keys); k++)
			if (strlen(keys[k].key) == i - st &&
			    memcmp(keys[k].key, p + st, i - st) == 0)
				c->how[c->n] = (int)keys[k].how;
		c->n++;
		st = i + 1;
	}
	return 1;
}

static void
learn_row(struct pseudo *ps, const struct cols *c, const char *p, size_t n)
{
	size_t	st = 0;
	int	col = 0;

	for (size_t i = 0; i <= n && col < c->n; i++) {
		if (i < n && p[i] != c->sep)
			continue;
		if (c->how[col] >= 0)
			learn_value(ps, (enum how)c->how[col], p + st, i - st);
		col++;
		st = i + 1;
	}
}

void
pseudo_learn_text(struct pseudo *ps, const char *p, size_t n)
{
	struct cols	c = { 0 };
	size_t		l, lines = 0;
	int		table = 0;

	while (n > 0 && lines++ < 100000) {
		l = (const char *)memchr(p, '\n', n) != NULL ?
		    (size_t)((const char *)memchr(p, '\n', n) - p) : n;
		if (lines == 1)
			table = header(p, l, &c);
		else if (table)
			learn_row(ps, &c, p, l);
		if (!table)
			learn_kv(ps, p, l);
		p += l < n ? l + 1 : l;
		n -= l < n ? l + 1 : l;
	}
}

void
pseudo_learn_env(struct pseudo *ps, const char *nodename)
{
	extern char	**environ;

	if (nodename != NULL)
		pseudo_learn(ps, PS_HOST, nodename, strlen(nodename));
	for (char **e = environ; *e != NULL; e++)
		learn_kv(ps, *e, strlen(*e));
}

/* ---- rewriting ---- */

struct out {
	char	*p;
	size_t	 n, sz;
};

static void
put(struct out *o, const char *p, size_t n)
{
	if (o->n + n >= o->sz)
		n = o->sz - 1 - o->n;
	memcpy(o->p + o->n, p, n);
	o->n += n;
}

/* Emit the pseudonym of (cat, s, n) and record it in the map. */
static void
subst(struct pseudo *ps, struct out *o, enum pseudo_cat cat, const char *s,
    size_t n, uint64_t *cnt)
{
	char	name[PS_LEN];

	pseudo_name(ps, cat, s, n, name, sizeof(name));
	record(ps, cat, s, n, name);
	put(o, name, strlen(name));
	(*cnt)++;
}

/* Digits p[0..d), d <= 10: no terminator needed. */
static unsigned long
num(const char *p, size_t d)
{
	unsigned long	v = 0;

	for (size_t i = 0; i < d && i < 10; i++)
		v = v * 10 + (unsigned long)(p[i] - '0');
	return v;
}

static int
alnum(const char *p, size_t n, size_t i)
{
	return i < n && isalnum((unsigned char)p[i]);
}

/* "name(1001)" after a user: the uid too. */
static size_t
paren_uid(struct pseudo *ps, const char *p, size_t n, struct out *o,
    uint64_t *cnt)
{
	size_t	d;

	if (n < 3 || p[0] != '(')
		return 0;
	d = strspn(p + 1, "0123456789");
	if (d == 0 || d > 10 || 1 + d >= n || p[1 + d] != ')' ||
	    num(p + 1, d) < UID_MIN)
		return 0;
	put(o, "(", 1);
	subst(ps, o, PS_UID, p + 1, d, cnt);
	return 1 + d;
}

/*
 * Words of the evidence itself that a short host or user name can be part
 * of: a node called "vm" must not turn the kernel's "total-vm:" into
 * "total-host-…:". The token around p[i] (letters, digits, '-', '_') is
 * compared whole.
 */
static const char *const vocab[] = {
	"total-vm", "anon-rss", "file-rss", "shmem-rss", "oom-kill",
	"oom_kill", "oom-killer", "out-of-memory",
};

static int
in_vocab(const char *p, size_t n, size_t i)
{
	size_t	a = i, b = i;

	while (a > 0 && (isalnum((unsigned char)p[a - 1]) || p[a - 1] == '-' ||
	    p[a - 1] == '_'))
		a--;
	while (b < n && (isalnum((unsigned char)p[b]) || p[b] == '-' ||
	    p[b] == '_'))
		b++;
	for (size_t k = 0; k < sizeof(vocab) / sizeof(*vocab); k++)
		if (strlen(vocab[k]) == b - a && memcmp(vocab[k], p + a,
		    b - a) == 0)
			return 1;
	return 0;
}

static size_t
try_learned(struct pseudo *ps, const char *p, size_t n, size_t i,
    struct out *o, uint64_t *cnt)
{
	const struct learned	*best = NULL;
	struct learned		*l;

	if (!ps->first[(unsigned char)p[i]])
		return 0;
	for (size_t k = 0; k < ps->nl; k++) {
		l = &ps->l[k];
		if (l->s[0] != p[i] || l->n > n - i ||
		    (best != NULL && l->n <= best->n) ||
		    memcmp(p + i, l->s, l->n) != 0 || alnum(p, n, i + l->n))
			continue;
		if (l->s[0] != '/' && l->s[0] != '\\' && i > 0 &&
		    isalnum((unsigned char)p[i - 1]))
			continue;
		best = l;
	}
	if (best == NULL || (best->s[0] != '/' && best->s[0] != '\\' &&
	    in_vocab(p, n, i)))
		return 0;
	record(ps, best->cat, best->s, best->n, best->ps);
	put(o, best->ps, strlen(best->ps));
	(*cnt)++;
	if (best->cat == PS_USER)
		return best->n + paren_uid(ps, p + i + best->n,
		    n - i - best->n, o, cnt);
	return best->n;
}

static const struct {
	const char	*pre;
	enum pseudo_cat	 cat;
} homes[] = {
	{ "/home/", PS_USER }, { "/scratch/", PS_USER }, { "/work/", PS_USER },
	{ "/users/", PS_USER }, { "/project/", PS_PROJ },
	{ "/projects/", PS_PROJ },
	{ "\\/home\\/", PS_USER }, { "\\/scratch\\/", PS_USER },
	{ "\\/work\\/", PS_USER }, { "\\/project\\/", PS_PROJ },
};

static size_t
try_home(struct pseudo *ps, const char *p, size_t n, size_t i,
    struct out *o, uint64_t *cnt)
{
	size_t	l, s;

	if (p[i] != '/' && p[i] != '\\')	/* every prefix is a path */
		return 0;
	for (size_t k = 0; k < sizeof(homes) / sizeof(*homes); k++) {
		l = strlen(homes[k].pre);
		if (l > n - i || memcmp(p + i, homes[k].pre, l) != 0)
			continue;
		s = 0;
		while (i + l + s < n && (isalnum((unsigned char)p[i + l + s])
		    || strchr("._-+@", p[i + l + s]) != NULL) && p[i + l + s]
		    != '\0')
			s++;
		if (s == 0)
			return 0;
		put(o, p + i, l);
		subst(ps, o, homes[k].cat, p + i + l, s, cnt);
		return l + s;
	}
	return 0;
}

static const char *const uid_ctx[] = {
	"uid_", "uid=", "UID: ", "UID:", "UID=", "\"uid\": ", "Uid:\t",
	"UserId=", "GroupId=",
};

static size_t
try_uid(struct pseudo *ps, const char *p, size_t n, size_t i,
    struct out *o, uint64_t *cnt)
{
	size_t	l, d;

	for (size_t k = 0; k < sizeof(uid_ctx) / sizeof(*uid_ctx); k++) {
		l = strlen(uid_ctx[k]);
		if (l > n - i || memcmp(p + i, uid_ctx[k], l) != 0)
			continue;
		d = strspn(p + i + l, "0123456789");
		if (d == 0 || d > 10 || i + l + d > n ||
		    alnum(p, n, i + l + d) ||
		    num(p + i + l, d) < UID_MIN)
			return 0;
		put(o, p + i, l);
		subst(ps, o, PS_UID, p + i + l, d, cnt);
		return l + d;
	}
	return 0;
}

/* The kernel's OOM task dump: "[  14962]  1001 14962 ...", the uid
 * after the bracketed pid. */
static int
after_pid(const char *p, size_t i)
{
	size_t	j = i, d = 0;

	while (j > 0 && p[j - 1] == ' ')
		j--;
	if (j == i || j == 0 || p[--j] != ']')
		return 0;
	while (j > 0 && isdigit((unsigned char)p[j - 1]))
		j--, d++;
	while (j > 0 && p[j - 1] == ' ')
		j--;
	return d > 0 && j > 0 && p[j - 1] == '[';
}

/* A learned uid as a whole '|' or tab separated field, or any uid in the
 * kernel's task dump. */
static size_t
try_field_uid(struct pseudo *ps, const char *p, size_t n, size_t i,
    struct out *o, uint64_t *cnt)
{
	size_t		d = 0;
	unsigned long	u;
	int		dump;

	if (i == 0)
		return 0;
	while (i + d < n && d <= 10 && isdigit((unsigned char)p[i + d]))
		d++;
	if (d == 0 || d > 10)
		return 0;
	u = num(p + i, d);
	dump = i + d < n && p[i + d] == ' ' && after_pid(p, i);
	if (dump && u >= UID_MIN) {
		subst(ps, o, PS_UID, p + i, d, cnt);
		return d;
	}
	if ((p[i - 1] != '|' && p[i - 1] != '\t') || (i + d < n &&
	    p[i + d] != '|' && p[i + d] != '\t'))
		return 0;
	for (size_t k = 0; k < ps->nuids; k++)
		if (ps->uids[k] == u) {
			subst(ps, o, PS_UID, p + i, d, cnt);
			return d;
		}
	return 0;
}

static int
hexc(int c)
{
	return isxdigit(c);
}

/* aa:bb:cc:dd:ee:ff or aa-bb-cc-dd-ee-ff */
static size_t
shape_mac(const char *p, size_t n, size_t i)
{
	char	sep;

	if (n - i < 17 || (p[i + 2] != ':' && p[i + 2] != '-'))
		return 0;
	sep = p[i + 2];
	for (size_t k = 0; k < 17; k++)
		if (k % 3 == 2 ? p[i + k] != sep : !hexc((unsigned char)p[i +
		    k]))
			return 0;
	if (alnum(p, n, i + 17) || (i + 17 < n && p[i + 17] == sep))
		return 0;
	return 17;
}

static size_t
shape_ipv4(const char *p, size_t n, size_t i)
{
	size_t		j = i, d;
	unsigned long	v, first = 0;

	for (int k = 0; k < 4; k++) {
		if (k > 0 && (j >= n || p[j++] != '.'))
			return 0;
		for (d = 0; j + d < n && isdigit((unsigned char)p[j + d]); )
			d++;
		if (d == 0 || d > 3 || (v = num(p + j, d)) > 255)
			return 0;
		first = k == 0 ? v : first;
		j += d;
	}
	if (alnum(p, n, j) || (j + 1 < n && p[j] == '.' &&
	    isdigit((unsigned char)p[j + 1])))
		return 0;
	/* loopback and 0.0.0.0 name nobody */
	if (first == 127 || (first == 0 && j - i == 7))
		return 0;
	return j - i;
}

static size_t
shape_ipv6(const char *p, size_t n, size_t i)
{
	size_t	j = i, groups = 0, colons = 0, dbl = 0, g = 0;

	while (j < n && j - i < 40 && (hexc((unsigned char)p[j]) ||
	    p[j] == ':')) {
		if (p[j] == ':') {
			colons++;
			dbl += j + 1 < n && p[j + 1] == ':';
			g = 0;
		} else if (++g == 1)
			groups++;
		if (g > 4)
			return 0;
		j++;
	}
	if (alnum(p, n, j) || dbl > 1 || colons < 2 || colons > 7)
		return 0;
	if (!((dbl == 1 && groups >= 2) || (colons == 7 && groups == 8)))
		return 0;
	return j - i;
}

static size_t
try_addr(struct pseudo *ps, const char *p, size_t n, size_t i,
    struct out *o, uint64_t *cnt)
{
	size_t	m;

	if (i > 0 && p[i - 1] == '.')
		return 0;
	if ((m = shape_ipv4(p, n, i)) != 0) {	/* also "eth0:10.1.2.3" */
		subst(ps, o, PS_IP, p + i, m, cnt);
		return m;
	}
	if (i > 0 && p[i - 1] == ':')
		return 0;
	if ((m = shape_mac(p, n, i)) != 0) {
		subst(ps, o, PS_MAC, p + i, m, cnt);
		return m;
	}
	if ((m = shape_ipv6(p, n, i)) != 0) {
		subst(ps, o, PS_IP, p + i, m, cnt);
		return m;
	}
	return 0;
}

/* local@domain.tld: the whole address becomes one pseudonym. */
static size_t
try_email(struct pseudo *ps, const char *p, size_t n, size_t i,
    struct out *o, uint64_t *cnt)
{
	size_t	j = i, at, dot = 0;

	while (j < n && (isalnum((unsigned char)p[j]) ||
	    strchr("._%+-", p[j]) != NULL) && p[j] != '\0')
		j++;
	if (j == i || j >= n || p[j] != '@')
		return 0;
	at = j++;
	while (j < n && (isalnum((unsigned char)p[j]) || p[j] == '-' ||
	    (p[j] == '.' && j + 1 < n && isalnum((unsigned char)p[j + 1])))) {
		if (p[j] == '.')
			dot = j;
		j++;
	}
	if (dot == 0 || j - dot < 3 || !isalpha((unsigned char)p[dot + 1]) ||
	    at == i)
		return 0;
	subst(ps, o, PS_EMAIL, p + i, j - i, cnt);
	return j - i;
}

static size_t
try_all(struct pseudo *ps, const char *p, size_t n, size_t i, struct out *o,
    uint64_t *cnt)
{
	size_t	m;

	if (isalnum((unsigned char)p[i]) && (i == 0 ||
	    strchr(".-+_%@", p[i - 1]) == NULL || p[i - 1] == '\0') &&
	    (m = try_email(ps, p, n, i, o, cnt)) != 0)
		return m;
	if ((m = try_learned(ps, p, n, i, o, cnt)) != 0 ||
	    (m = try_home(ps, p, n, i, o, cnt)) != 0)
		return m;
	if (i > 0 && isalnum((unsigned char)p[i - 1]))
		return 0;
	if ((m = try_uid(ps, p, n, i, o, cnt)) != 0 ||
	    (m = try_field_uid(ps, p, n, i, o, cnt)) != 0)
		return m;
	if (hexc((unsigned char)p[i]) || p[i] == ':')
		return try_addr(ps, p, n, i, o, cnt);
	return 0;
}

size_t
pseudo_line(struct pseudo *ps, const char *p, size_t n, char *buf,
    size_t sz, uint64_t *cnt)
{
	struct out	o = { buf, 0, sz };
	size_t		i = 0, m;

	while (i < n) {
		if ((m = try_all(ps, p, n, i, &o, cnt)) != 0) {
			i += m;
			continue;
		}
		/* Inside an alphanumeric run nothing can start. */
		m = 1;
		if (isalnum((unsigned char)p[i]))
			while (i + m < n && isalnum((unsigned char)p[i + m]))
				m++;
		put(&o, p + i, m);
		i += m;
	}
	buf[o.n] = '\0';
	return o.n;
}

char *
pseudo_str(struct pseudo *ps, const char *s, uint64_t *cnt)
{
	size_t	n, sz;
	char	*out;

	if (s == NULL)
		return NULL;
	n = strlen(s);
	sz = 8 * n + 64;
	if ((out = malloc(sz)) == NULL)
		return NULL;
	pseudo_line(ps, s, n, out, sz, cnt);
	return out;
}
