/*
 * harness: a small DEFINE_TEST harness (after libarchive's). Each test is
 * a function registered by DEFINE_TEST; ctest runs one test per process
 * ("test_x name"), found by grepping the sources for DEFINE_TEST. Checks
 * do not abort: they print file:line and mark the test failed.
 *
 * Each test runs in a fresh temporary directory (cwd), removed on
 * success and kept on failure. OOMTRAIL_SRC is the source tree root and
 * OOMTRAIL_BIN the build tree (compile definitions), so tests find
 * fixtures and built programs without reading anything outside the tree.
 */
#ifndef OOMTRAIL_HARNESS_H
#define OOMTRAIL_HARNESS_H

#include <stddef.h>
#include <stdint.h>

struct test_def {
	const char	*name;
	void		(*fn)(void);
	struct test_def	*next;
};

void	test_register(struct test_def *);
void	test_fail(const char *file, int line, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
int	test_failed(void);
/* Read a file under the source tree (path relative to it); NUL-terminated;
 * caller frees. Aborts the test process on failure (a missing fixture is a
 * broken test, not a result). */
char	*test_slurp(const char *relpath, size_t *len);
/* Absolute path of a file under the source / build tree (static buffer). */
const char	*test_src(const char *relpath);
const char	*test_bin(const char *relpath);
/* Run a shell command; returns its exit status (or 128+signal). */
int	test_sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define DEFINE_TEST(name)						\
	static void name(void);						\
	static struct test_def name##_def = { #name, name, NULL };	\
	__attribute__((constructor)) static void name##_reg(void)	\
	{ test_register(&name##_def); }					\
	static void name(void)

#define CHECK(c) do {							\
	if (!(c))							\
		test_fail(__FILE__, __LINE__, "CHECK(%s)", #c);		\
} while (0)

#define CHECK_EQ_INT(a, b) do {						\
	long long _a = (long long)(a), _b = (long long)(b);		\
	if (_a != _b)							\
		test_fail(__FILE__, __LINE__, "%s == %lld, want %s == %lld", \
		    #a, _a, #b, _b);					\
} while (0)

#define CHECK_EQ_U64(a, b) do {						\
	unsigned long long _a = (a), _b = (b);				\
	if (_a != _b)							\
		test_fail(__FILE__, __LINE__, "%s == %llu, want %llu",	\
		    #a, _a, _b);					\
} while (0)

#define CHECK_EQ_STR(a, b) do {						\
	const char *_a = (a), *_b = (b);				\
	if (_a == NULL || _b == NULL ? _a != _b : strcmp(_a, _b) != 0)	\
		test_fail(__FILE__, __LINE__, "%s == \"%s\", want \"%s\"", \
		    #a, _a ? _a : "(null)", _b ? _b : "(null)");	\
} while (0)

/* Compare a (pointer, length) string with a C string. */
#define CHECK_EQ_STRN(p, n, b) do {					\
	const char *_p = (p), *_b = (b);				\
	size_t _n = (n);						\
	if (_p == NULL || strlen(_b) != _n || memcmp(_p, _b, _n) != 0)	\
		test_fail(__FILE__, __LINE__, "%s == \"%.*s\", want \"%s\"", \
		    #p, _p ? (int)_n : 6, _p ? _p : "(null)", _b);	\
} while (0)

#include <string.h>

#endif
