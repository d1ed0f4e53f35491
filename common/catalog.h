/*
 * catalog: the signature catalog shared by the collector and the analyzer.
 *
 * One table row per signature (catalog_table.c): a stable id ("S-..."),
 * the event kind it becomes, a class (primary, secondary, context,
 * paraphrase), literal needles, a PCRE2 pattern with named groups for the
 * fields, an ERE equivalent (for the grep baseline bench/SIGNATURES.ere)
 * and the software and version it comes from.
 *
 * catalog_new() compiles every pattern once (JIT when available) with
 * match and depth limits; one match data block is reused, so a catalog is
 * not thread-safe: one per thread. Matching never allocates.
 *
 * A line is matched on its body: the envelope (leading timestamps and
 * rank prefixes such as "[rank3]:", "12: " from srun -l, "[default0]:")
 * is stripped first (catalog_envelope) and reported separately. A row
 * only runs its regex when one of its needles occurs in the body.
 *
 * Rows sharing a non-NULL group are exclusive on one line: the first row
 * (in table order) that matches wins and the others of its group are
 * skipped, so "CUDA out of memory. Tried to allocate ..." is one cuda_oom
 * event and not also a cuda_oom_plain. Rows of different groups may all
 * match one line (a pasted line can hold a slurmstepd and an srun message).
 *
 * Field convention (named groups; the group name is the field name):
 *   NAME_bytes   a size as printed ("20.00 MiB", "0 bytes", "3149468kB",
 *                "113360896"), parsed with units_size into bytes;
 *   node, rank, pid   also fill the event's node / rank / pid;
 *   any other    a number when the text is a (signed) decimal integer,
 *                otherwise a string.
 * Groups that did not participate are left out.
 *
 * The streaming scanner (struct cat_scan) takes blocks of any size. It
 * searches the whole block for the needles (memmem), runs the regexes on
 * candidate lines only, counts lines with memchr and allocates nothing
 * after cat_scan_new(). Lines end at "\n"; a trailing "\r" is dropped.
 * Lines longer than CAT_LINE_MAX are matched on their first CAT_LINE_MAX
 * bytes and counted in cut_lines. It can deliver a few lines of context
 * before and after each match (grep -B/-A) and more after-lines on demand.
 *
 * With cat_scan_threads(n > 1), a big block is cut at line boundaries
 * into n parts: this thread scans the first while prescan threads (each
 * with its own catalog, so its own PCRE2 match data) find and match the
 * candidate lines of the others; then this thread walks those parts in
 * order from their notes, delivering every line and running the callback
 * itself, so the callback's state and the after-context it asks for are
 * exactly those of a scan on one thread: same lines, line numbers,
 * offsets and order, same stats.
 */
#ifndef OOMTRAIL_CATALOG_H
#define OOMTRAIL_CATALOG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "err.h"
#include "event.h"
#include "scan.h"

#define CAT_NEEDLES	8	/* needles per row (NULL-terminated) */
#define CAT_FIELDS	24	/* named groups kept per match */
#define CAT_LINE_MAX	(64 * 1024)	/* bytes of a line that are matched */
#define CAT_CTX_MAX	8	/* most context lines before a match */

enum cat_class {
	CAT_PRIMARY,		/* can initiate an incident */
	CAT_SECONDARY,		/* cascade: timeouts, launcher reports */
	CAT_CONTEXT,		/* informative only */
	CAT_PARAPHRASE		/* quoted wording real software never prints */
};

struct cat_sig {
	const char	*id;		/* "S-...", stable */
	enum ev_kind	 kind;
	enum cat_class	 cls;
	const char	*group;		/* exclusive group on a line, or NULL */
	const char	*needles[CAT_NEEDLES];	/* any one must occur */
	const char	*pcre;		/* PCRE2 (UTF off, DUPNAMES on) */
	const char	*ere;		/* POSIX ERE for grep -E */
	const char	*source;	/* software, versions, signatures.md § */
	const char	*what;		/* a constant "what" field, or NULL */
	int		 no_baseline;	/* left out of bench/SIGNATURES.ere */
	uint64_t	 bare_mult;	/* bytes per unit of a bare number in a
					 * NAME_bytes field (0: bytes) */
};

extern const struct cat_sig	catalog_table[];
extern const size_t		catalog_table_len;

struct catalog;

struct cat_field {
	const char	*name;		/* the group name; lives in the catalog */
	struct str	 s;		/* the matched text (borrowed) */
	int64_t		 num;
	int		 has_num;
};

/* What precedes the message on a line. */
struct cat_env {
	struct str	 body;		/* the line without its envelope */
	int		 rank;		/* -1 if no rank prefix */
	int64_t		 ts_ns;		/* when tsq != TSQ_NONE */
	enum tsq	 tsq;		/* TSQ_NONE, TSQ_EXACT, TSQ_RAW_LOCAL,
					 * TSQ_RAW_LOCAL_NOYEAR */
};

struct cat_match {
	const struct cat_sig	*sig;
	size_t			 row;		/* index into catalog_table */
	struct str		 text;		/* whole regex match (borrowed) */
	struct cat_field	 f[CAT_FIELDS];
	size_t			 nf;
};

/* Compile every row. Returns ERR_OK and *out, or ERR_REGEX naming the row
 * whose pattern does not compile, or ERR_NOMEM. Free with catalog_free. */
enum err_code	catalog_new(struct catalog **out, struct err *e);
void		catalog_free(struct catalog *);		/* NULL ok */

/* The catalog's table (the static catalog_table). */
const struct cat_sig	*catalog_sig(const struct catalog *, size_t row);
size_t		 catalog_len(const struct catalog *);
/* Row index of an id, or -1. */
long		 catalog_find(const char *id);

/* Split a line into its envelope and body (rank, timestamp). Borrows. */
void		 catalog_envelope(struct str line, struct cat_env *env);

/* Does any needle of any row occur in the body? (the pre-filter) */
int		 catalog_candidate(const struct catalog *, struct str body);

/*
 * Match one line body against rows from *row on (start with *row = 0).
 * Returns 1 and fills m (and advances *row past the matching row) or 0
 * when no further row matches. Groups already matched by an earlier call
 * on the same body are skipped when the caller passes the same *groups
 * bitmask (start with 0). Fields borrow from body and from the catalog
 * (from its copy of body when body held typographic quotes, which match
 * as ASCII ' and "; valid until a call with another body).
 * A line that hits the match or depth limit counts as no match.
 */
int		 catalog_match(struct catalog *, struct str body, size_t *row,
		    uint64_t *groups, struct cat_match *m);

/* Regex runs stopped by the match, depth or heap limit so far. */
uint64_t	 catalog_limit_hits(const struct catalog *);

/* Write one ERE per row (the table's ere column, in order). */
int		 catalog_write_ere(FILE *);

/* The streaming scanner. */
struct cat_line {
	struct str		 line;	/* without terminator; cut at CAT_LINE_MAX */
	uint64_t		 lineno;	/* 1-based */
	uint64_t		 off;	/* byte offset of the line in the stream */
	uint64_t		 len;	/* full length of the line */
	const struct cat_env	*env;	/* matches only: envelope of line */
	const struct cat_match	*m;	/* first matching row, or NULL for a
					 * context line */
};

/*
 * Called for every matching line and every context line, in stream order,
 * each line at most once; the line is borrowed for the call only. Return
 * < 0 to stop the scan (cat_scan_feed/cat_scan_end then return
 * ERR_LIMIT), otherwise the number of following lines wanted as context
 * (the scanner delivers max(that, after) more lines). Context lines taken
 * from an earlier block may be cut to 2 KiB.
 */
typedef int	cat_line_fn(void *arg, const struct cat_line *);

struct cat_scan;

/* before, after: context lines around each match (before <= CAT_CTX_MAX).
 * The catalog is borrowed and must outlive the scanner. */
enum err_code	cat_scan_new(struct catalog *, unsigned before, unsigned after,
		    cat_line_fn *fn, void *arg, struct cat_scan **out,
		    struct err *e);
/* Threads for big blocks, this one included (1: none, the default; at
 * most 4), used for regions of whole lines of at least min_bytes (0: 256
 * KiB). Call before the first feed. The threads and their catalogs are
 * made at the first such region and end with cat_scan_free; if that
 * fails the scan goes on alone. */
void		cat_scan_threads(struct cat_scan *, unsigned n,
		    size_t min_bytes);
/* OOMTRAIL_SCAN_THREADS when set (1 forces one thread), else the online
 * CPUs, at most 4. */
unsigned	cat_scan_default_threads(void);
/* Feed the next n bytes of the stream. A callback that returned < 0 makes
 * this return ERR_LIMIT (and later feeds do nothing). */
enum err_code	cat_scan_feed(struct cat_scan *, const char *p, size_t n,
		    struct err *e);
/* End of stream: processes an unterminated last line. */
enum err_code	cat_scan_end(struct cat_scan *, struct err *e);
void		cat_scan_free(struct cat_scan *);	/* NULL ok */

struct cat_scan_stats {
	uint64_t	lines;		/* lines seen */
	uint64_t	bytes;
	uint64_t	candidates;	/* lines a needle occurred in */
	uint64_t	matches;	/* lines that matched a row */
	uint64_t	cut_lines;	/* lines longer than CAT_LINE_MAX */
	uint64_t	limit_hits;	/* regex runs stopped by a limit */
	uint64_t	split;		/* slices shared with prescan threads */
};
void		cat_scan_stats(const struct cat_scan *, struct cat_scan_stats *);

#endif
