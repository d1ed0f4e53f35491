/*
 * redactbench: how fast the secret detectors go over a big log, for the
 * choice between the byte scanner (common/redact.c) and PCRE2 with JIT
 * (bench/run.sh, "mask" rows).
 *
 *   redactbench scan|pcre2|lines FILE
 *
 * scan: every line through redact_scan() (finds and masks, builds the
 * output). pcre2: every line through one JIT-compiled alternation of the
 * same families (token prefixes, URL userinfo, NAME=value with a secret
 * name, Bearer, JWT, key blocks); it only finds the matches, it masks
 * nothing, so it is a lower bound for a PCRE2 redactor. lines: splitting
 * the lines only, the floor under both. Prints lines, matches and MB/s.
 */
#define PCRE2_CODE_UNIT_WIDTH 8

#include <sys/mman.h>
#include <sys/stat.h>

#include <fcntl.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "redact.h"

static const char pattern[] =
    "(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z0-9]{16}|AIza[\\w-]{35}"
    "|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_\\w{30,}"
    "|gl(?:pat|ptt|rt|dt|cbt|ffct|soat|imt)-[\\w.-]{20,}|GR1348941[\\w-]{20,}"
    "|ATBB[A-Za-z0-9]{28,}|xox[bpares]-[\\w-]{10,}|xapp-[\\w-]{10,}"
    "|hf_[A-Za-z0-9]{30,}|wandb_v1_[\\w-]{20,}|sk-[\\w-]{20,}"
    "|gsk_[A-Za-z0-9]{40,}|npm_[A-Za-z0-9]{36}|pypi-Ag[\\w-]{50,}"
    "|dckr_pat_[\\w-]{20,}|[sr]k_(?:live|test)_[A-Za-z0-9]{10,}"
    "|SG\\.[\\w.-]{60,}|do[opr]_v1_[0-9a-f]{64}|dapi[0-9a-f]{32}"
    "|eyJ[\\w-]*\\.[\\w-]*\\.[\\w-]*|[Bb]earer\\s+[\\w.~+/=-]{8,}"
    "|[A-Za-z][\\w+.-]*://[^/\\s:@]*:[^/\\s@]+@"
    "|(?i:pass(?:word|wd|phrase)?|secret|token|api_?key|credential|"
    "accountkey|auth)[\\w.-]*[\"']?\\s*[:=]\\s*\\S+"
    "|-----BEGIN [A-Z ]*PRIVATE KEY-----";

static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int
main(int argc, char *argv[])
{
	struct stat		 st;
	struct redact_state	 rs = { 0 };
	struct redact_tally	 t = { 0 };
	pcre2_code		*re = NULL;
	pcre2_match_data	*md = NULL;
	const char		*p, *e, *nl;
	char			*out;
	uint64_t		 lines = 0, hits = 0;
	double			 t0;
	int			 fd, err, mode;
	PCRE2_SIZE		 eo;

	if (argc != 3 || ((mode = strcmp(argv[1], "scan") == 0 ? 0 :
	    strcmp(argv[1], "pcre2") == 0 ? 1 : strcmp(argv[1], "lines") ==
	    0 ? 2 : -1)) == -1) {
		fprintf(stderr, "usage: redactbench scan|pcre2|lines FILE\n");
		return 2;
	}
	if ((fd = open(argv[2], O_RDONLY)) == -1 || fstat(fd, &st) == -1 ||
	    st.st_size == 0 || (p = mmap(NULL, (size_t)st.st_size, PROT_READ,
	    MAP_PRIVATE, fd, 0)) == MAP_FAILED) {
		perror(argv[2]);
		return 1;
	}
	e = p + st.st_size;
	if (mode == 1) {
		if ((re = pcre2_compile((PCRE2_SPTR)pattern,
		    PCRE2_ZERO_TERMINATED, 0, &err, &eo, NULL)) == NULL ||
		    pcre2_jit_compile(re, PCRE2_JIT_COMPLETE) != 0) {
			fprintf(stderr, "redactbench: pattern at %zu\n",
			    (size_t)eo);
			return 1;
		}
		md = pcre2_match_data_create_from_pattern(re, NULL);
	}
	out = malloc(REDACT_OUT_SZ(65536));
	t0 = now();
	while (p < e) {
		size_t	n;

		nl = memchr(p, '\n', (size_t)(e - p));
		n = (size_t)((nl != NULL ? nl : e) - p);
		if (n > 65536)
			n = 65536;
		lines++;
		if (mode == 0)
			redact_scan(p, n, out, REDACT_OUT_SZ(65536), &rs, &t);
		else if (mode == 1) {
			PCRE2_SIZE	off = 0;

			while (off < n && pcre2_jit_match(re, (PCRE2_SPTR)p, n,
			    off, 0, md, NULL) > 0) {
				PCRE2_SIZE	*ov = pcre2_get_ovector_pointer(md);

				hits++;
				off = ov[1] > off ? ov[1] : off + 1;
			}
		}
		p += n + 1;
	}
	t0 = now() - t0;
	printf("%s: %llu lines, %llu matches, %.1f MB/s\n", argv[1],
	    (unsigned long long)lines, (unsigned long long)(mode == 0 ?
	    t.total : hits), st.st_size / 1e6 / (t0 > 0 ? t0 : 1e-9));
	free(out);
	pcre2_match_data_free(md);
	pcre2_code_free(re);
	return 0;
}
