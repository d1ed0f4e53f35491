/*
 * test_redact: the shared secret detectors (common/redact.c) against the
 * planted-secrets corpus (fixtures/secrets/planted.tsv): every planted
 * secret is masked, every evidence value is kept, masking twice changes
 * nothing, and the tally names the detector.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "redact.h"

/* The TSV's line with "@@" replaced by the value and "<NL>" by "\n". */
static char *
planted_line(const char *tmpl, const char *value)
{
	size_t	 sz = strlen(tmpl) + 4 * strlen(value) + 1, k = 0;
	char	*s = malloc(sz);

	for (const char *p = tmpl; *p != '\0';) {
		if (strncmp(p, "@@", 2) == 0) {
			k += (size_t)snprintf(s + k, sz - k, "%s", value);
			p += 2;
		} else if (strncmp(p, "<NL>", 4) == 0) {
			s[k++] = '\n';
			p += 4;
		} else
			s[k++] = *p++;
	}
	s[k] = '\0';
	return s;
}

DEFINE_TEST(test_redact_planted_corpus)
{
	char		*tsv = test_slurp("fixtures/secrets/planted.tsv", NULL);
	char		*save = NULL, *row;
	size_t		 nm = 0, nk = 0;

	for (row = strtok_r(tsv, "\n", &save); row != NULL;
	    row = strtok_r(NULL, "\n", &save)) {
		char			*f[4], *p = row, *line, *out, *again;
		struct redact_tally	 t = { 0 };

		for (int i = 0; i < 4; i++) {
			f[i] = p;
			if (i < 3 && (p = strchr(p, '\t')) != NULL)
				*p++ = '\0';
			CHECK(p != NULL);
			if (p == NULL)
				return;
		}
		line = planted_line(f[3], f[2]);
		out = redact_text(line, &t);
		if (f[1][0] == 'M') {
			nm++;
			if (out == NULL || strstr(out, f[2]) != NULL)
				test_fail(__FILE__, __LINE__, "%s survives: %s",
				    f[0], out != NULL ? out : line);
			if (out != NULL && (again = redact_text(out, NULL)) !=
			    NULL) {
				test_fail(__FILE__, __LINE__, "%s: masked "
				    "twice: %s", f[0], again);
				free(again);
			}
		} else {
			nk++;
			if (out != NULL)
				test_fail(__FILE__, __LINE__, "%s masked: %s",
				    f[0], out);
		}
		free(out);
		free(line);
	}
	CHECK(nm >= 40);
	CHECK(nk >= 10);
	free(tsv);
}

DEFINE_TEST(test_redact_tally_names)
{
	struct redact_tally	 t = { 0 };
	char			*out, *s;

	out = redact_text("a AKIAABCDEFGH23456789 b ghp_"
	    "0123456789abcdefghij0123456789abcdef\nPASSWORD=x", &t);
	CHECK(out != NULL);
	CHECK_EQ_U64(t.total, 3);
	CHECK_EQ_U64(t.by[RD_AWS], 1);
	CHECK_EQ_U64(t.by[RD_GITHUB], 1);
	s = redact_tally_str(&t);
	CHECK_EQ_STR(s, "secret_assignment:1,aws_key:1,github_token:1");
	CHECK_EQ_STR(out, "a [REDACTED] b [REDACTED]\nPASSWORD=[REDACTED]");
	free(s);
	free(out);
}

DEFINE_TEST(test_redact_pem_spans_lines)
{
	struct redact_tally	 t = { 0 };
	char			*out;

	out = redact_text("before\n-----BEGIN EC PRIVATE KEY-----\nAAAA\n"
	    "BBBB\n-----END EC PRIVATE KEY-----\nafter\n", &t);
	CHECK_EQ_STR(out, "before\n[REDACTED]\n[REDACTED]\n[REDACTED]\n"
	    "[REDACTED]\nafter\n");
	CHECK_EQ_U64(t.by[RD_PRIVATE_KEY], 1);
	free(out);
	/* a public key or certificate is not a secret */
	CHECK(redact_text("-----BEGIN CERTIFICATE-----\nMIIB\n", NULL) ==
	    NULL);
}
