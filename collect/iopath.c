/*
 * iopath: a batch job's StdOut/StdErr path from the pattern Slurm gives
 * the Epilog (SLURM_JOB_STDOUT, SLURM_JOB_STDERR: as the user wrote it,
 * "%j" and all), so a node-scope run finds the job's log without asking
 * scontrol. The replacement symbols are sbatch's filename pattern: %% a
 * per cent sign, %j the job id, %A the array's job id (the job id for a
 * job that is no array task), %a the task id (4294967294 for no array),
 * %J job.batch, %s "batch", %N this node's short host name, %n and %t
 * "0" (the batch step runs on the first node as task 0), %u the user,
 * %x the job's name; a number between % and the letter pads with zeros;
 * a backslash anywhere turns replacement off. A relative result is under
 * the job's working directory. Pure: no I/O, no environment.
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* The text of symbol ch, or NULL when it is not known. */
static const char *
symbol(const struct iopath_ctx *x, char ch, char *tmp, size_t sz)
{
	int	arr = x->array_job != NULL && *x->array_job != '\0';

	switch (ch) {
	case 'j':
		return x->job;
	case 'A':
		return arr ? x->array_job : x->job;
	case 'a':
		return arr ? x->array_task : "4294967294";
	case 'J':
		snprintf(tmp, sz, "%s.batch", x->job);
		return tmp;
	case 's':
		return "batch";
	case 'n':
	case 't':
		return "0";
	case 'N':
		return x->host;
	case 'u':
		return x->user;
	case 'x':
		return x->name;
	default:
		return NULL;
	}
}

static int
expand(const char *pat, const struct iopath_ctx *x, char *out, size_t sz)
{
	char		 tmp[96];
	const char	*v;
	size_t		 n = 0, w;
	int		 pad;

	if (pat == NULL || *pat == '\0' || x->job == NULL || *x->job == '\0')
		return -1;
	if (pat[0] != '/') {
		if (x->workdir == NULL || x->workdir[0] != '/')
			return -1;
		n = (size_t)snprintf(out, sz, "%s/", x->workdir);
		if (n >= sz)
			return -1;
	}
	if (strchr(pat, '\\') != NULL)
		return (size_t)snprintf(out + n, sz - n, "%s", pat) >= sz - n ?
		    -1 : 0;
	for (const char *p = pat; *p != '\0'; p++) {
		if (*p != '%' || p[1] == '\0') {
			if (n + 1 >= sz)
				return -1;
			out[n++] = *p;
			continue;
		}
		p++;
		for (pad = 0; *p >= '0' && *p <= '9'; p++)
			pad = pad < 64 ? pad * 10 + (*p - '0') : 64;
		if (*p == '%')
			v = "%";
		else if ((v = symbol(x, *p, tmp, sizeof(tmp))) == NULL ||
		    *v == '\0')
			return -1;
		for (w = strlen(v); (size_t)pad > w; pad--) {
			if (n + 1 >= sz)
				return -1;
			out[n++] = '0';
		}
		if (n + strlen(v) >= sz)
			return -1;
		memcpy(out + n, v, strlen(v));
		n += strlen(v);
	}
	out[n] = '\0';
	return 0;
}

int
iopath_expand(const char *pat, const struct iopath_ctx *x, char *out,
    size_t sz)
{
	if (sz == 0)
		return -1;
	if (expand(pat, x, out, sz) == -1) {
		*out = '\0';
		return -1;
	}
	return 0;
}
