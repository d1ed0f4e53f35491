/*
 * harness: test registry, runner and helpers. Usage:
 *   test_x            run every test, print a summary
 *   test_x NAME...    run the named tests
 *   test_x --list     print test names (used by CMake discovery checks)
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"

static struct test_def	*tests;
static int		 failures;

void
test_register(struct test_def *t)
{
	struct test_def	**pp = &tests;

	while (*pp != NULL)		/* keep source order */
		pp = &(*pp)->next;
	*pp = t;
}

void
test_fail(const char *file, int line, const char *fmt, ...)
{
	va_list	ap;

	fprintf(stderr, "%s:%d: FAIL: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	failures++;
}

int
test_failed(void)
{
	return failures != 0;
}

const char *
test_src(const char *rel)
{
	static char	path[4096];

	snprintf(path, sizeof(path), "%s/%s", OOMTRAIL_SRC, rel);
	return path;
}

const char *
test_bin(const char *rel)
{
	static char	path[4096];

	snprintf(path, sizeof(path), "%s/%s", OOMTRAIL_BIN, rel);
	return path;
}

char *
test_slurp(const char *rel, size_t *len)
{
	FILE	*f;
	char	*p;
	long	 n;

	if ((f = fopen(test_src(rel), "rb")) == NULL) {
		fprintf(stderr, "harness: %s: %s\n", test_src(rel),
		    strerror(errno));
		exit(99);
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	if (n < 0 || (p = malloc((size_t)n + 1)) == NULL ||
	    fread(p, 1, (size_t)n, f) != (size_t)n) {
		fprintf(stderr, "harness: cannot read %s\n", rel);
		exit(99);
	}
	fclose(f);
	p[n] = '\0';
	if (len != NULL)
		*len = (size_t)n;
	return p;
}

int
test_sh(const char *fmt, ...)
{
	va_list	 ap;
	char	 cmd[8192];
	int	 st;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	st = system(cmd);
	if (st == -1)
		return -1;
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return WEXITSTATUS(st);
}

static int
run_one(struct test_def *t)
{
	char	 tmpl[] = "/tmp/oomtrail-test-XXXXXX", old[4096];
	int	 before = failures;

	if (mkdtemp(tmpl) == NULL || getcwd(old, sizeof(old)) == NULL ||
	    chdir(tmpl) == -1) {
		fprintf(stderr, "harness: temp dir: %s\n", strerror(errno));
		return 1;
	}
	t->fn();
	if (chdir(old) == -1)
		return 1;
	if (failures == before) {
		test_sh("rm -rf '%s'", tmpl);
		printf("ok %s\n", t->name);
		return 0;
	}
	printf("FAIL %s (work dir kept: %s)\n", t->name, tmpl);
	return 1;
}

int
main(int argc, char *argv[])
{
	struct test_def	*t;
	int		 bad = 0, n = 0, found;

	setenv("LC_ALL", "C", 1);
	setenv("TZ", "UTC", 1);
	if (argc == 2 && strcmp(argv[1], "--list") == 0) {
		for (t = tests; t != NULL; t = t->next)
			puts(t->name);
		return 0;
	}
	if (argc == 1) {
		for (t = tests; t != NULL; t = t->next, n++)
			bad += run_one(t);
		printf("%d passed, %d failed\n", n - bad, bad);
		return bad != 0;
	}
	for (int i = 1; i < argc; i++) {
		found = 0;
		for (t = tests; t != NULL; t = t->next)
			if (strcmp(t->name, argv[i]) == 0) {
				found = 1;
				bad += run_one(t);
			}
		if (!found) {
			fprintf(stderr, "harness: no test named %s\n", argv[i]);
			bad++;
		}
	}
	return bad != 0;
}
