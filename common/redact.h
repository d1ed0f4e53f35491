/*
 * redact: the secret detectors, shared by the collector (masks every
 * item while streaming it into a bundle), the analyzer (masks every line
 * it renders) and `oomtrail redact` (cleans a bundle after the fact).
 *
 * One line at a time, bytes in, bytes out: a secret is replaced by
 * REDACT_MASK and the detector that fired is counted. Detectors are rows
 * of a table (redact.c): private key blocks (PEM, OpenSSH, PGP; a block
 * spans lines, carried in struct redact_state), passwords in URL
 * userinfo and on command lines, NAME=value / NAME: value / "name":
 * "value" / name value assignments whose name says secret, HTTP
 * authorization headers, the known token prefixes (cloud, Git hosting,
 * chat, model hubs, package registries, LLM APIs), chat webhook URLs,
 * JWTs, cloud storage connection strings, container-registry auth blobs,
 * and high-entropy values next to a key-like word. Values that are
 * evidence (commit ids, UUIDs, GPU UUIDs, PCI bus ids, addresses,
 * checksums) are not secrets by themselves and are left alone.
 */
#ifndef OOMTRAIL_REDACT_H
#define OOMTRAIL_REDACT_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"

#define REDACT_MASK		"[REDACTED]"
#define REDACT_DETECTOR_SET	"2"	/* bump when detectors change */

enum redact_det {
	RD_PRIVATE_KEY, RD_URL_USERINFO, RD_CLI_PASSWORD, RD_ASSIGNMENT,
	RD_AUTH_HEADER, RD_BEARER, RD_AWS, RD_GITHUB, RD_GITLAB,
	RD_ATLASSIAN, RD_CHAT, RD_WEBHOOK, RD_HUGGINGFACE, RD_WANDB,
	RD_OPENAI, RD_ANTHROPIC, RD_LLM, RD_GOOGLE, RD_NPM, RD_PYPI, RD_DOCKERHUB,
	RD_RUBYGEMS, RD_NUGET, RD_STRIPE, RD_SENDGRID, RD_TWILIO,
	RD_DIGITALOCEAN, RD_DATABRICKS, RD_AZURE_STORAGE, RD_REGISTRY_AUTH,
	RD_JWT, RD_HIGH_ENTROPY, RD_CLOUD, RD_N
};

struct redact_tally {
	uint64_t	total;
	uint64_t	by[RD_N];
};

/* Carried from one line to the next of the same text. */
struct redact_state {
	int	in_pem;		/* inside a private key block */
};

/* The detector's name as counted in manifests ("aws_key", "jwt"...). */
const char	*redact_det_name(enum redact_det);

/* Mask one line (no terminator) into out (NUL-terminated; out_sz >=
 * REDACT_OUT_SZ(n) guarantees nothing is cut). Returns the output length;
 * adds what fired to *t (may be NULL). */
#define REDACT_OUT_SZ(n)	(4 * (n) + 64)
size_t		redact_scan(const char *, size_t, char *out, size_t out_sz,
		    struct redact_state *, struct redact_tally *t);
/* The same, counting only the total (the collector's older interface). */
size_t		redact_line(const char *, size_t, char *out, size_t out_sz,
		    int *in_pem, uint64_t *n);
/* Mask a NUL-terminated text of one or more lines ("\n" kept). Returns
 * a malloc'd copy when something was masked, else NULL (also on
 * ENOMEM). */
char		*redact_text(const char *, struct redact_tally *t);
/* redact_text until nothing more is found (at most REDACT_PASSES passes):
 * masking a value can make its neighbours read as a secret's key or
 * value. What the analyzer masks is masked this way, so masked text read
 * back (a saved analysis) is left as it is. Same return as redact_text. */
#define REDACT_PASSES	8
char		*redact_text_fixed(const char *, struct redact_tally *t);
/* Whether an environment/config name looks like it holds a secret. */
int		redact_secret_name(const char *, size_t);
/* "aws_key:2,jwt:1" (malloc'd, NULL when nothing fired or ENOMEM). */
char		*redact_tally_str(const struct redact_tally *);
void		redact_tally_add(struct redact_tally *,
		    const struct redact_tally *);

/* ---- streams (redact_stream.c) ---- */

struct pseudo;
/* Copy in_fd (from offset 0) to out_fd, masking secrets line by line
 * (lines over 64 KiB are cut in pieces). *out_bytes: bytes written; *n:
 * replacements made. */
enum err_code	redact_stream(int in_fd, int out_fd, uint64_t *out_bytes,
		    uint64_t *n, struct err *);
/* The same, then pseudonyms (pseudo.h) on each masked line when ps is
 * not NULL; *n counts both kinds of replacement, *by (may be NULL) gains
 * the secrets by detector. */
enum err_code	redact_stream_ps(int in_fd, int out_fd, struct pseudo *ps,
		    uint64_t *out_bytes, uint64_t *n, struct redact_tally *by,
		    struct err *);

#endif
