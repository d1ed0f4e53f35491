/*
 * err: the one error type of oomtrail's libraries.
 *
 * A library function returns enum err_code (ERR_OK is 0) and fills an
 * optional struct err. The message buffer is fixed, so setting an error
 * never allocates. Libraries never print and never exit; only main.c does.
 */
#ifndef OOMTRAIL_ERR_H
#define OOMTRAIL_ERR_H

#include <errno.h>

enum err_code {
	ERR_OK = 0,
	ERR_NOMEM,	/* allocation failed (or the arena's test hook tripped) */
	ERR_IO,		/* a system call failed; sys_errno says why */
	ERR_LIMIT,	/* a cap was hit (size, count, ratio, deadline) */
	ERR_ARCHIVE,	/* libarchive reported a fatal error */
	ERR_XML,	/* libxml2 could not build a document */
	ERR_REGEX,	/* PCRE2 compile or JIT failure */
	ERR_FORMAT,	/* input is not what it claims to be */
	ERR_USAGE,	/* the caller passed something invalid */
	ERR_INTEGRITY	/* a hash did not match */
};

struct err {
	enum err_code	 code;
	int		 sys_errno;	/* 0 if not from a system call */
	const char	*file;		/* source location that set it */
	int		 line;
	char		 msg[256];
};

enum err_code	err_set(struct err *, enum err_code, int, const char *, int,
		    const char *, ...) __attribute__((format(printf, 6, 7)));
const char	*err_code_name(enum err_code);

#define ERR(e, code, ...) err_set((e), (code), 0, __FILE__, __LINE__, __VA_ARGS__)
#define ERR_SYS(e, code, ...) \
	err_set((e), (code), errno, __FILE__, __LINE__, __VA_ARGS__)

#endif
