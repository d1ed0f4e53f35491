/*
 * membind NODE MIB: bind this process's memory to NUMA node NODE (what
 * numactl --membind=NODE or srun --mem-bind=map_mem:NODE do, by the same
 * set_mempolicy(MPOL_BIND) system call) and touch MIB MiB of anonymous
 * memory, 16 MiB at a time.  When NODE has less free memory than MIB, the
 * kernel runs its OOM killer constrained to that node
 * (constraint=CONSTRAINT_MEMORY_POLICY) although the job's memory cgroup
 * and the other node have room.  The numa_bind case of the cgroup v2
 * stage, whose VM has two NUMA nodes of unequal size; vm.sh builds it
 * static (no libnuma in the guest).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MIB		(1UL << 20)
#define MPOL_BIND	2

int
main(int argc, char **argv)
{
	unsigned long	 node, mib, mask, i;
	char		*p;

	if (argc != 3) {
		fprintf(stderr, "usage: membind NODE MIB\n");
		return 2;
	}
	node = strtoul(argv[1], NULL, 10);
	mib = strtoul(argv[2], NULL, 10);
	if (node >= 8 * sizeof(mask) || mib == 0) {
		fprintf(stderr, "membind: bad node or size\n");
		return 2;
	}
	mask = 1UL << node;
	if (syscall(SYS_set_mempolicy, MPOL_BIND, &mask,
	    8 * sizeof(mask)) != 0) {
		fprintf(stderr, "membind: set_mempolicy: %s\n",
		    strerror(errno));
		return 1;
	}
	printf("membind: bound to node %lu, touching %lu MiB\n", node, mib);
	fflush(stdout);
	for (i = 0; i < mib; i += 16) {
		if ((p = malloc(16 * MIB)) == NULL) {
			fprintf(stderr, "membind: malloc: %s\n",
			    strerror(errno));
			return 1;
		}
		memset(p, 0x5a, 16 * MIB);
		printf("touched %lu MiB\n", i + 16);
		fflush(stdout);
	}
	printf("membind: all %lu MiB fit on node %lu\n", mib, node);
	return 0;
}
