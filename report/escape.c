/*
 * escape: cleaning and escaping of every string a report prints (see
 * escape.h for the rules). One walker decodes UTF-8, drops control
 * sequences and controls, and counts code points; small "put" functions
 * decide how each remaining character is written for HTML, Markdown or
 * a terminal. Nothing here allocates except esc_md_code(), which needs
 * the cleaned text twice (to choose its fence) and falls back to a
 * plain escape when it cannot allocate.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"

struct esc_sink {
	FILE	*fp;
	char	*buf;			/* or a buffer of cap bytes */
	size_t	 cap, n;
	int	 flags;
	int	 www;			/* Markdown: last chars were "www" */
	size_t	 ncp;			/* code points put so far */
	int	 digits;		/* Markdown: all of them were digits */
	void	(*put)(struct esc_sink *, uint32_t, const char *, size_t);
};

static void
sink_bytes(struct esc_sink *k, const char *p, size_t n)
{
	if (k->fp != NULL) {
		fwrite(p, 1, n, k->fp);
		return;
	}
	if (k->n + n >= k->cap)
		return;			/* never split a character */
	memcpy(k->buf + k->n, p, n);
	k->n += n;
	k->buf[k->n] = '\0';
}

/*
 * Decode one UTF-8 character at p (avail bytes). Returns its length and
 * sets *cp; an invalid, overlong, surrogate or truncated sequence is one
 * byte of U+FFFD.
 */
static size_t
esc_decode(const unsigned char *p, size_t avail, uint32_t *cp)
{
	static const uint32_t	 min[5] = { 0, 0, 0x80, 0x800, 0x10000 };
	size_t			 len, i;
	uint32_t		 c = p[0];

	len = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ?
	    3 : (c & 0xf8) == 0xf0 ? 4 : 0;
	if (len == 0 || len > avail)
		goto bad;
	if (len > 1)
		c &= 0x7f >> len;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			goto bad;
		c = c << 6 | (p[i] & 0x3f);
	}
	if (c < min[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		goto bad;
	*cp = c;
	return len;
bad:
	*cp = 0xfffd;
	return 1;
}

/* Length of the control sequence that starts at p (ESC or its C1 form
 * already decoded as intro, hdr bytes long); the whole thing is dropped. */
static size_t
esc_seq_len(const unsigned char *p, size_t avail, uint32_t intro,
    size_t hdr)
{
	size_t	 i = hdr;

	if (intro == 0x1b) {
		if (i >= avail)
			return i;
		intro = p[i] == '[' ? 0x9b : p[i] == ']' ? 0x9d :
		    strchr("PX^_", p[i]) != NULL && p[i] ? 0x90 : 0;
		if (intro == 0) {	/* ESC intermediates final */
			while (i < avail && p[i] >= 0x20 && p[i] <= 0x2f)
				i++;
			return i < avail && p[i] >= 0x30 && p[i] <= 0x7e ?
			    i + 1 : i;
		}
		i++;
	}
	if (intro == 0x9b) {		/* CSI params intermediates final */
		while (i < avail && p[i] >= 0x20 && p[i] <= 0x3f)
			i++;
		return i < avail && p[i] >= 0x40 && p[i] <= 0x7e ? i + 1 : i;
	}
	for (; i < avail; i++) {	/* string: up to BEL or ST */
		if (p[i] == 0x07)
			return i + 1;
		if (p[i] == 0x1b && i + 1 < avail && p[i + 1] == '\\')
			return i + 2;
		if (p[i] == 0xc2 && i + 1 < avail && p[i + 1] == 0x9c)
			return i + 2;
	}
	return i;
}

static int
esc_is_seq(uint32_t c)
{
	return c == 0x1b || c == 0x9b || c == 0x9d || c == 0x90 ||
	    c == 0x98 || c == 0x9e || c == 0x9f;
}

/* Controls and invisible direction overrides that are dropped. */
static int
esc_is_dropped(uint32_t c, int flags)
{
	if (c == '\t' || (c == '\n' && (flags & ESC_KEEP_NL)))
		return 0;
	return c < 0x20 || (c >= 0x7f && c <= 0x9f) ||
	    (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

static void
esc_walk(struct esc_sink *k, const char *s, size_t maxcp)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 avail, i = 0, len, ncp = 0;
	uint32_t		 c;

	if (s == NULL)
		return;
	avail = strlen(s);
	while (i < avail) {
		len = esc_decode(p + i, avail - i, &c);
		if (esc_is_seq(c)) {
			i += esc_seq_len(p + i, avail - i, c, len);
			continue;
		}
		if (c == '\n' && !(k->flags & ESC_KEEP_NL))
			c = ' ';
		else if (esc_is_dropped(c, k->flags)) {
			i += len;
			continue;
		}
		if (maxcp != 0 && ncp == maxcp) {
			k->put(k, 0x2026, "\xe2\x80\xa6", 3);
			return;
		}
		if (c == 0xfffd)
			k->put(k, c, "\xef\xbf\xbd", 3);
		else
			k->put(k, c, c == ' ' ? " " : s + i, c == ' ' ? 1 : len);
		ncp++;
		i += len;
	}
}

static void
put_plain(struct esc_sink *k, uint32_t c, const char *p, size_t n)
{
	sink_bytes(k, p, n);
}

static void
put_html(struct esc_sink *k, uint32_t c, const char *p, size_t n)
{
	static const char *const	 ent[] = {
		['&'] = "&amp;", ['<'] = "&lt;", ['>'] = "&gt;",
		['"'] = "&quot;", ['\''] = "&#39;",
	};

	if (c < sizeof(ent) / sizeof(ent[0]) && ent[c] != NULL)
		sink_bytes(k, ent[c], strlen(ent[c]));
	else
		sink_bytes(k, p, n);
}

static void
put_md(struct esc_sink *k, uint32_t c, const char *p, size_t n)
{
	/* Anywhere: what can open emphasis, code, links, autolinks
	 * ("http:", "a@b", "www."), HTML, entities or table cells. At the
	 * start (prose never holds a newline, so only there): headings,
	 * block quotes, list items, thematic breaks, setext underlines. */
	static const char	 punct[] = "\\`*_{}[]()<>!|~:@&";
	static const char	 lead[] = "-+#>=";
	int			 www = k->www, first = k->ncp == 0;

	if (k->flags & ESC_TABLE)	/* no block starts inside a cell */
		first = k->digits = 0;

	k->www = (c == 'w' || c == 'W') ? k->www + 1 : 0;
	if (c < 0x80 && c != 0 && (strchr(punct, (int)c) != NULL ||
	    (first && strchr(lead, (int)c) != NULL) ||
	    (c == '.' && www >= 3) ||
	    ((c == '.' || c == ')') && k->digits && k->ncp > 0)))
		sink_bytes(k, "\\", 1);
	k->digits = (first || k->digits) && c >= '0' && c <= '9';
	k->ncp++;
	sink_bytes(k, p, n);
}

static void
put_md_cell(struct esc_sink *k, uint32_t c, const char *p, size_t n)
{
	if (c == '|' && (k->flags & ESC_TABLE))
		sink_bytes(k, "\\|", 2);
	else
		sink_bytes(k, p, n);
}

static void
esc_run(FILE *fp, const char *s, size_t maxcp, int flags,
    void (*put)(struct esc_sink *, uint32_t, const char *, size_t))
{
	struct esc_sink	 k = { .fp = fp, .flags = flags, .put = put };

	esc_walk(&k, s, maxcp);
}

void
esc_html(FILE *fp, const char *s, size_t maxcp, int flags)
{
	esc_run(fp, s, maxcp, flags, put_html);
}

void
esc_md(FILE *fp, const char *s, size_t maxcp, int flags)
{
	esc_run(fp, s, maxcp, flags & ~ESC_KEEP_NL, put_md);
}

void
esc_term(FILE *fp, const char *s, size_t maxcp, int flags)
{
	esc_run(fp, s, maxcp, flags, put_plain);
}

size_t
esc_clean(char *out, size_t n, const char *s, int flags)
{
	struct esc_sink	 k = { .buf = out, .cap = n, .flags = flags,
			    .put = put_plain };

	if (n == 0)
		return 0;
	out[0] = '\0';
	esc_walk(&k, s, 0);
	return k.n;
}

/* Longest run of backticks in s. */
static size_t
esc_ticks(const char *s)
{
	size_t	 run = 0, best = 0;

	for (; *s != '\0'; s++) {
		run = *s == '`' ? run + 1 : 0;
		if (run > best)
			best = run;
	}
	return best;
}

void
esc_md_code(FILE *fp, const char *s, size_t maxcp, int flags)
{
	struct esc_sink	 k = { .flags = flags & ~ESC_KEEP_NL,
			    .put = put_plain };
	size_t		 fence, len = s == NULL ? 0 : strlen(s);
	int		 pad;

	if ((k.buf = malloc(len * 3 + 8)) == NULL) {
		esc_md(fp, s, maxcp, flags);
		return;
	}
	k.cap = len * 3 + 8;
	k.buf[0] = '\0';
	esc_walk(&k, s, maxcp);
	fence = esc_ticks(k.buf) + 1;
	/* A span that starts or ends with a backtick or is all blank
	 * needs one space of padding (which Markdown strips again). */
	pad = k.n == 0 || k.buf[0] == '`' || k.buf[k.n - 1] == '`' ||
	    k.buf[0] == ' ';
	for (size_t i = 0; i < fence; i++)
		fputc('`', fp);
	if (pad)
		fputc(' ', fp);
	esc_run(fp, k.buf, 0, flags & ~ESC_KEEP_NL, put_md_cell);
	if (pad)
		fputc(' ', fp);
	for (size_t i = 0; i < fence; i++)
		fputc('`', fp);
	free(k.buf);
}
