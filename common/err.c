/*
 * err: set a struct err without allocating. ERR_SYS appends strerror().
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "err.h"

enum err_code
err_set(struct err *e, enum err_code code, int sys_errno, const char *file,
    int line, const char *fmt, ...)
{
	va_list	 ap;
	size_t	 n;

	if (e == NULL)
		return code;
	e->code = code;
	e->sys_errno = sys_errno;
	e->file = file;
	e->line = line;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	if (sys_errno != 0) {
		n = strlen(e->msg);
		snprintf(e->msg + n, sizeof(e->msg) - n, ": %s",
		    strerror(sys_errno));
	}
	return code;
}

const char *
err_code_name(enum err_code c)
{
	static const char *const names[] = {
		[ERR_OK] = "ok", [ERR_NOMEM] = "out of memory",
		[ERR_IO] = "I/O error", [ERR_LIMIT] = "limit exceeded",
		[ERR_ARCHIVE] = "archive error", [ERR_XML] = "XML error",
		[ERR_REGEX] = "regex error", [ERR_FORMAT] = "bad format",
		[ERR_USAGE] = "usage", [ERR_INTEGRITY] = "integrity",
	};

	if ((unsigned)c >= sizeof(names) / sizeof(names[0]))
		return "unknown";
	return names[c];
}
