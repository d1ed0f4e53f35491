/*
 * scan: a (ptr, len) line cursor that tracks the 1-based line number and
 * byte offset of each line. Lines end at "\n", "\r\n" or a lone "\r"
 * (CR-only files exist); the terminator is not part of the line. The
 * last line may lack a terminator. Never reads past len and never needs a
 * NUL terminator. Borrows the buffer.
 */
#ifndef OOMTRAIL_SCAN_H
#define OOMTRAIL_SCAN_H

#include <stddef.h>
#include <stdint.h>

struct str {
	const char	*p;
	size_t		 n;
};

struct scan {
	const char	*p;
	size_t		 len;
	size_t		 pos;		/* offset of the next line */
	size_t		 lineno;	/* 1-based number of the last line returned */
	size_t		 line_off;	/* byte offset of the last line returned */
};

void	scan_init(struct scan *, const char *, size_t);
int	scan_line(struct scan *, struct str *);	/* 1 = got a line, 0 = end */

/* String helpers on struct str (all bounded by n). */
struct str	str_make(const char *p, size_t n);
struct str	str_cstr(const char *);
struct str	str_trim(struct str);
int		str_eq(struct str, const char *);
int		str_starts(struct str, const char *);
int		str_ends(struct str, const char *);
const char	*str_find(struct str, const char *needle);	/* or NULL */
int		str_to_i64(struct str, int64_t *);	/* whole str; 0 ok, -1 bad */
int		str_to_u64(struct str, uint64_t *);

#endif
