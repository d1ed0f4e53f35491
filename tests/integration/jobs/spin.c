/*
 * spin N SECONDS [STOPFILE]: N threads that burn CPU for SECONDS (at most
 * 600), or until STOPFILE exists, then exit 0. The thread-hungry workload
 * of the cpu_hungry and cpu_narrow cases; cluster.sh builds it into
 * $RUN/jobs/spin.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long	sink;
static volatile time_t		end;

static void *
spin(void *arg)
{
	(void)arg;
	while (time(NULL) < end)
		for (int i = 0; i < 1000000; i++)
			sink += (unsigned long)i;
	return NULL;
}

int
main(int argc, char *argv[])
{
	pthread_t	t[64];
	int		n = argc > 1 ? atoi(argv[1]) : 4;
	int		s = argc > 2 ? atoi(argv[2]) : 10;

	n = n < 1 ? 1 : n > 64 ? 64 : n;
	s = s < 1 ? 1 : s > 600 ? 600 : s;
	end = time(NULL) + s;
	for (int i = 0; i < n; i++)
		if (pthread_create(&t[i], NULL, spin, NULL) != 0)
			return 1;
	if (argc > 3) {
		while (time(NULL) < end && access(argv[3], F_OK) != 0)
			usleep(200000);
		end = 0;
	}
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	return 0;
}
