/*
 * driver: replays fuzz inputs without libFuzzer (zstd's regression driver
 * model). Each argument is a file or a directory of files; every file is
 * passed once to LLVMFuzzerTestOneInput. Used by ctest in every build.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int
run_file(const char *path)
{
	FILE	*f;
	uint8_t	*p;
	long	 n;

	if ((f = fopen(path, "rb")) == NULL)
		return -1;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	if (n < 0 || (p = malloc((size_t)n + 1)) == NULL) {
		fclose(f);
		return -1;
	}
	if (fread(p, 1, (size_t)n, f) != (size_t)n) {
		free(p);
		fclose(f);
		return -1;
	}
	fclose(f);
	LLVMFuzzerTestOneInput(p, (size_t)n);
	free(p);
	return 0;
}

static int
run_path(const char *path, int *count)
{
	struct stat	 st;
	struct dirent	*de;
	DIR		*d;
	char		 sub[4096];
	int		 bad = 0;

	if (stat(path, &st) == -1) {
		fprintf(stderr, "driver: %s: not found\n", path);
		return 1;
	}
	if (!S_ISDIR(st.st_mode)) {
		(*count)++;
		return run_file(path) == -1;
	}
	if ((d = opendir(path)) == NULL)
		return 1;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name);
		bad += run_path(sub, count);
	}
	closedir(d);
	return bad;
}

int
main(int argc, char *argv[])
{
	int	bad = 0, count = 0;

	for (int i = 1; i < argc; i++)
		bad += run_path(argv[i], &count);
	printf("driver: replayed %d inputs\n", count);
	return bad != 0 || count == 0;
}
