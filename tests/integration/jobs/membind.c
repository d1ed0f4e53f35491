/*
 * membind NODE|any MIB [READYFILE]: bind this process's memory to NUMA node NODE (what
 * numactl --membind=NODE or srun --mem-bind=map_mem:NODE do, by the same
 * set_mempolicy(MPOL_BIND) system call), or leave it unbound ("any"), and
 * touch MIB MiB of anonymous memory, 16 MiB at a time, then hold it until
 * killed.  When NODE has less free memory than MIB, the kernel runs its
 * OOM killer constrained to that node (constraint=CONSTRAINT_MEMORY_POLICY)
 * although the job's memory cgroup and the other node have room: the
 * numa_bind case of the cgroup v2 stage, whose VM has two NUMA nodes of
 * unequal size.  Unbound, it is the anonymous memory of the dirty case.
 * With READYFILE it rewrites every page, pass after pass, until killed,
 * and creates that file after the first pass: under a --mem below MIB
 * with swap allowed, the job swaps its own memory in and out (the swap
 * case), and has done so once over when root collects it, as someone
 * who saw it slow would.  vm.sh builds it static (no libnuma in the
 * guest).
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
	unsigned long	 node, mib, mask, i, n = 0;
	char		*p, **chunk;
	int		 bind;

	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: membind NODE|any MIB [READYFILE]\n");
		return 2;
	}
	bind = strcmp(argv[1], "any") != 0;
	node = strtoul(argv[1], NULL, 10);
	mib = strtoul(argv[2], NULL, 10);
	if ((bind && node >= 8 * sizeof(mask)) || mib == 0) {
		fprintf(stderr, "membind: bad node or size\n");
		return 2;
	}
	mask = 1UL << node;
	if (bind && syscall(SYS_set_mempolicy, MPOL_BIND, &mask,
	    8 * sizeof(mask)) != 0) {
		fprintf(stderr, "membind: set_mempolicy: %s\n",
		    strerror(errno));
		return 1;
	}
	if (bind)
		printf("membind: bound to node %lu, touching %lu MiB\n", node,
		    mib);
	else
		printf("membind: unbound, touching %lu MiB\n", mib);
	fflush(stdout);
	if ((chunk = calloc(mib / 16 + 1, sizeof(*chunk))) == NULL)
		return 1;
	for (i = 0; i < mib; i += 16) {
		if ((p = chunk[n++] = malloc(16 * MIB)) == NULL) {
			fprintf(stderr, "membind: malloc: %s\n",
			    strerror(errno));
			return 1;
		}
		memset(p, 0x5a, 16 * MIB);
		printf("touched %lu MiB\n", i + 16);
		fflush(stdout);
	}
	printf("membind: all %lu MiB held\n", mib);
	fflush(stdout);
	if (argc == 4) {
		for (unsigned long pass = 1;; pass++) {
			for (i = 0; i < n; i++)
				memset(chunk[i], (int)pass, 16 * MIB);
			printf("pass %lu\n", pass);
			fflush(stdout);
			if (pass == 1) {
				FILE	*r = fopen(argv[3], "w");

				if (r != NULL)
					fclose(r);
			}
		}
	}
	for (;;)
		pause();
}
