/*
 * fuzz_marker: marker_parse (the SPANK plugin's step marker, read by the
 * collector) on any bytes, copied to a buffer of exactly that size so a
 * read past the end is caught. Asserts invariants: strings terminated
 * within their fields, npids within MARKER_PIDS, a valid marker has a
 * job of digits and a known step form, a failed step has an exit list,
 * nbad never over the number of lines.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct marker	 m;
	char		*p = malloc(size ? size : 1);
	size_t		 lines = 1;

	if (p == NULL)
		return 0;
	memcpy(p, data, size);
	marker_parse(p, size, &m);
	for (size_t i = 0; i < size; i++)
		lines += p[i] == '\n';
	if (memchr(m.job, '\0', sizeof(m.job)) == NULL ||
	    memchr(m.step, '\0', sizeof(m.step)) == NULL ||
	    memchr(m.exit, '\0', sizeof(m.exit)) == NULL ||
	    memchr(m.stdout_path, '\0', sizeof(m.stdout_path)) == NULL ||
	    m.npids > MARKER_PIDS || m.nbad > lines ||
	    (m.failed && m.nexit == 0) ||
	    (!m.invalid && (m.format != 1 || m.job[0] == '\0' ||
	    strspn(m.job, "0123456789") != strlen(m.job) ||
	    m.step[0] == '\0')) ||
	    (m.stdout_path[0] != '\0' && m.stdout_path[0] != '/'))
		abort();
	free(p);
	return 0;
}
