/*
 * pseudo: --redact, consistent pseudonyms for what identifies a site or a
 * person in a bundle.
 *
 * A pseudonym is a keyed hash (HMAC-SHA256 under the site key) of the
 * category and the original, so every node of a job, collected on its
 * own, names the same host, user or path the same way, and a site that
 * keeps its key can map pseudonyms back with the map file written next
 * to the bundle. Shapes keep meaning: "host-1a2b3c4d", "user-1a2b3c4d",
 * "ip-1a2b3c4d", "mac-1a2b3c4d", "/dir-1a2b3c4d" for a job's own
 * directories, "proj-1a2b3c4d" for a project, and a number 9xxxxxxxx for
 * a uid (so "name(uid)", "uid_N" and "UID: N" still parse).
 *
 * Hosts, users and the job's directories are learned (pseudo_learn_*)
 * from Slurm's output, the environment and the system before an item is
 * rewritten; addresses, home/scratch/work/project paths and uids in their
 * usual contexts are recognised by shape. This module does not mask
 * secrets (redact.c does, always) and does no I/O except reading the key
 * and writing the map.
 */
#ifndef OOMTRAIL_PSEUDO_H
#define OOMTRAIL_PSEUDO_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"

#define PSEUDO_DEFAULT_KEY	"/etc/oomtrail/site.key"
#define PSEUDO_KEY_MIN		16	/* bytes */
#define PSEUDO_KEY_MAX		4096
#define PSEUDO_CATEGORIES	"hosts,users,accounts,uids,ips,macs,emails,paths"
/* The command that creates a site key (README, man pages, warnings). */
#define PSEUDO_KEYGEN_CMD	"install -d -m 0755 /etc/oomtrail && " \
	"(umask 077; head -c 32 /dev/urandom > /etc/oomtrail/site.key)"

enum pseudo_cat {
	PS_HOST, PS_USER, PS_UID, PS_IP, PS_MAC, PS_DIR, PS_PROJ, PS_EMAIL,
	PS_NCAT
};

struct pseudo;

/* HMAC-SHA256 (RFC 2104) over libmd's SHA-256. */
void		pseudo_hmac(const void *key, size_t kn, const void *msg,
		    size_t mn, uint8_t out[32]);

/* Load the site key from path (NULL: $OOMTRAIL_SITE_KEY, else
 * PSEUDO_DEFAULT_KEY); trailing blanks and newlines are not part of it.
 * ERR_IO / ERR_LIMIT with a message naming the file when it is missing,
 * unreadable, shorter than PSEUDO_KEY_MIN or longer than PSEUDO_KEY_MAX.
 * The caller frees *ps with pseudo_free(). */
enum err_code	pseudo_new(struct pseudo **ps, const char *path,
		    struct err *);
/* The same when a key is configured (path, $OOMTRAIL_SITE_KEY or
 * PSEUDO_DEFAULT_KEY exists); when none is, a random key for this run
 * only (*random_key = 1): pseudonyms then match no other bundle. */
enum err_code	pseudo_open(struct pseudo **ps, const char *path,
		    int *random_key, struct err *);
void		pseudo_free(struct pseudo *);		/* NULL ok */
/* A public id of the key (16 hex digits of an HMAC under it), never the
 * key: tells whether two bundles were pseudonymised with one key. */
void		pseudo_key_id(const struct pseudo *, char out[17]);

/* Pseudonym for (cat, s[0..n)) into out (NUL-terminated, >= 24 bytes). */
void		pseudo_name(const struct pseudo *, enum pseudo_cat,
		    const char *s, size_t n, char *out, size_t sz);

/* Learn one identifier to be replaced wherever it stands as a token.
 * Too short, common ("root", "localhost", "(null)") or already learned
 * identifiers are ignored. A host may be a Slurm hostlist ("gpu[01-04]"):
 * the expression and every host it names (bounded) are learned. A
 * directory is learned with its JSON-escaped form. Returns 0, or -1 when
 * the table is full. */
int		pseudo_learn(struct pseudo *, enum pseudo_cat, const char *s,
		    size_t n);
void		pseudo_learn_uid(struct pseudo *, unsigned long uid);
/* Learn from Slurm output (scontrol KEY=value, scontrol show config,
 * sacct --parsable2 with its header, sacct --json) or KEY=value
 * environment text. Reads at most n bytes; never fails. */
void		pseudo_learn_text(struct pseudo *, const char *p, size_t n);
/* Learn from the environment and the host (node name, user, submit
 * host, submit directory). */
void		pseudo_learn_env(struct pseudo *, const char *nodename);

/* Rewrite one line (no terminator) into out (NUL-terminated; out_sz >=
 * 8 * n + 64 guarantees nothing is cut). Adds replacements to *cnt. */
size_t		pseudo_line(struct pseudo *, const char *p, size_t n,
		    char *out, size_t out_sz, uint64_t *cnt);
/* A rewritten copy of a NUL-terminated string (malloc'd; NULL on ENOMEM
 * or when s is NULL). */
char		*pseudo_str(struct pseudo *, const char *s, uint64_t *cnt);
/* The pseudonym of a uid (numeric, 9 digits). */
unsigned long	pseudo_uid(const struct pseudo *, unsigned long uid);

/* Write the map (pseudonym -> original, each one produced so far) as
 * JSON to path, created with mode 0600 (an existing file is replaced). */
enum err_code	pseudo_write_map(const struct pseudo *, const char *path,
		    struct err *);

#endif
