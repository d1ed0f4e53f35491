/*
 * input_note: a note on an input (a damaged member, a cap, a refused
 * read), said once. Below both the loader (input.c) and the watch-file
 * reader (parse_series.c), which each tell of damage; neither calls the
 * other back.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

int
input_add_note(struct input *in, const char *fmt, ...)
{
	va_list		 ap;
	char		 msg[512];
	const char	**nv;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	/* The reader, the loader and the end of input can each tell of the
	 * same damage: say it once. */
	for (size_t i = 0; i < in->nnotes; i++)
		if (strstr(in->notes[i], msg) != NULL ||
		    strstr(msg, in->notes[i]) != NULL)
			return 0;
	nv = arena_alloc(in->arena, (in->nnotes + 1) * sizeof(*nv));
	if (nv == NULL)
		return -1;
	if (in->nnotes > 0)
		memcpy(nv, in->notes, in->nnotes * sizeof(*nv));
	if ((nv[in->nnotes] = arena_strdup(in->arena, msg)) == NULL)
		return -1;
	in->notes = nv;
	in->nnotes++;
	return 0;
}
