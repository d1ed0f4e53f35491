/*
 * thrash ANON_MIB FILE FILE_MIB READYFILE: hold ANON_MIB MiB of touched
 * anonymous memory, then re-read every page of a FILE_MIB MiB file through
 * a read-only mapping, forever (until the job's time limit).  Under a
 * --mem a little below ANON_MIB + FILE_MIB the file's pages are reclaimed
 * and faulted back on every pass: the job thrashes at its limit without
 * an OOM kill (memory.events "high"/"max" and PSI rise).  READYFILE is
 * created after three passes, for the operator's live collection.  The
 * thrash case of the cgroup v2 stage; vm.sh builds it static.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MIB	(1UL << 20)

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	unsigned long anon_mib, file_mib, off, passes = 0, i;
	volatile unsigned long sum = 0;
	const unsigned char *m;
	struct stat st;
	char *anon, *blk;
	double t0, tp;
	int fd;

	if (argc != 5) {
		fprintf(stderr, "usage: thrash ANON_MIB FILE FILE_MIB READYFILE\n");
		return 2;
	}
	anon_mib = strtoul(argv[1], NULL, 10);
	file_mib = strtoul(argv[3], NULL, 10);
	if ((anon = malloc(anon_mib * MIB)) == NULL)
		return perror("malloc"), 1;
	memset(anon, 1, anon_mib * MIB);
	printf("anon: %lu MiB allocated and touched\n", anon_mib);
	fflush(stdout);
	if (stat(argv[2], &st) != 0 || (unsigned long)st.st_size != file_mib * MIB) {
		if ((fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
			return perror(argv[2]), 1;
		if ((blk = malloc(MIB)) == NULL)
			return perror("malloc"), 1;
		for (i = 0; i < MIB; i++)
			blk[i] = (char)(i * 7 + 3);
		for (i = 0; i < file_mib; i++)
			if (write(fd, blk, MIB) != (ssize_t)MIB)
				return perror("write"), 1;
		fsync(fd);
		close(fd);
		free(blk);
		printf("file: wrote %lu MiB to %s\n", file_mib, argv[2]);
	}
	if ((fd = open(argv[2], O_RDONLY)) < 0)
		return perror(argv[2]), 1;
	m = mmap(NULL, file_mib * MIB, PROT_READ, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		return perror("mmap"), 1;
	t0 = now();
	for (;;) {
		tp = now();
		for (off = 0; off < file_mib * MIB; off += 4096)
			sum += m[off];
		passes++;
		printf("pass %lu: %lu MiB mapped file re-read in %.2f s"
		    " (elapsed %.1f s)\n", passes, file_mib, now() - tp,
		    now() - t0);
		fflush(stdout);
		if (passes == 3)
			close(open(argv[4], O_WRONLY | O_CREAT, 0644));
	}
}
