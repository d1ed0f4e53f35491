/*
 * escape: the one place where report text is made safe for its medium.
 *
 * Every string a renderer prints that came from an analysis (bundle text,
 * paths, node names, and also rule text, since a saved JSON can say
 * anything) goes through one of these. All of them first clean the text
 * the same way: bytes that are not valid UTF-8 become U+FFFD, terminal
 * control sequences (ESC [ ... final, ESC ] ... BEL or ESC \, other ESC x,
 * and their C1 forms) are removed whole, and the remaining C0/C1 controls
 * and DEL are removed except tab (and newline where the caller keeps
 * lines). Then each medium escapes what it must:
 *
 *   esc_html	text and attribute values: & < > " ' become entities.
 *   esc_md	Markdown prose: ASCII punctuation that could start markup,
 *		links, autolinks or HTML is backslash-escaped.
 *   esc_md_code	a Markdown code span with a backtick fence longer than
 *		any backtick run inside; in a table cell "|" is escaped.
 *   esc_term	terminal text: cleaned only.
 *
 * maxcp caps the output at that many code points (0: no cap) and marks a
 * cut with "…", so a cut never splits a character. The functions write
 * to fp and never fail on their own; the caller checks ferror(fp). NULL
 * prints nothing.
 */
#ifndef OOMTRAIL_ESCAPE_H
#define OOMTRAIL_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

#define ESC_KEEP_NL	0x01	/* keep newlines (context blocks) */
#define ESC_TABLE	0x02	/* Markdown: inside a table cell */

void	esc_html(FILE *, const char *, size_t maxcp, int flags);
void	esc_md(FILE *, const char *, size_t maxcp, int flags);
void	esc_md_code(FILE *, const char *, size_t maxcp, int flags);
void	esc_term(FILE *, const char *, size_t maxcp, int flags);

/* Cleaned text (as above) of s into out (size n, NUL-terminated); for
 * tests and for measuring. Returns the number of bytes written. */
size_t	esc_clean(char *out, size_t n, const char *s, int flags);

#endif
