/*
 * slurm_json: what the readers of Slurm's structured output share
 * (sacct --json and --yaml in parse_sacct.c, scontrol show job --json in
 * parse_scontrol_json.c): a context that cites the line where each job
 * (or step) object opens, value readers that accept both the 22.05
 * layout (plain numbers and strings) and the later one ({set, infinite,
 * number} numbers, arrays of flags), and the YAML loader that turns
 * `--yaml` output into the same tree as `--json` (yaml_tree.c), so both
 * give the same records.
 */
#ifndef OOMTRAIL_SLURM_JSON_H
#define OOMTRAIL_SLURM_JSON_H

#include <stdint.h>

#include <jansson.h>

#include "parse.h"

#define SJ_MAX_BYTES	(64u << 20)	/* jansson holds ~10x the text */

/* Where jobs[i] (step 0) or jobs[i].steps[j] (step 1) opens: a byte
 * offset into the text, in text order. */
struct sj_mark {
	uint64_t	off;
	int		step;
};

struct sj_ctx {
	const struct src	*in;
	struct arena		*a;
	struct evlist		*out;
	const char		*what;		/* "sacct --json" ... */
	int			 yaml;		/* read from --yaml */
	struct sj_mark		*m;
	size_t			 nm, mi;
	size_t			 bad;		/* values of the wrong type */
	uint64_t		 lpos;		/* line cursor */
	uint32_t		 lno;
};

/* The marks of JSON text: a bounded, iterative skim (no allocation; the
 * count is returned even when cap is smaller). */
size_t		 sj_skim(const char *, size_t, struct sj_mark *, size_t cap);
/* Cite the line of the next mark if it is of this kind (else line 0). */
void		 sj_ref(struct sj_ctx *, struct event *, int step);
/* A number: plain, real, or {"set": true, "infinite": false, "number"};
 * -1 when absent, unset, infinite or of another type (counted in bad). */
int		 sj_num(struct sj_ctx *, json_t *, int64_t *);
/* A string, or the first string of an array; NULL otherwise. */
const char	*sj_str(struct sj_ctx *, json_t *);
/* Set a field from a string (empty ones skipped) or a number times mult
 * (negative ones skipped). -1 only on allocation failure. */
int		 sj_set_str(struct sj_ctx *, struct event *, const char *,
		    json_t *);
int		 sj_set_num(struct sj_ctx *, struct event *, const char *,
		    json_t *, int64_t mult);
/* An exit_code object (or a bare wait status) into two fields. */
int		 sj_exit(struct sj_ctx *, struct event *, json_t *,
		    const char *code_name, const char *sig_name);
/* "errors": [{"error"|"description": ...}] as EV_NOTE sig. */
int		 sj_errors(struct sj_ctx *, json_t *, const char *sig);
/* An EV_NOTE of this input with msg as its text and "message". */
int		 sj_note(struct sj_ctx *, const char *sig, const char *msg);

/*
 * yaml_tree.c: YAML text (libyaml) into a jansson tree, bounded for
 * hostile input: at most SJ_MAX_BYTES of text, YAML_MAX_DEPTH levels and
 * YAML_MAX_NODES nodes; only the first document is read. Scalars are
 * typed by their tag (!!str, !!int, !!bool, !!null, !!float) or, when
 * untagged and plain, by YAML 1.1's core forms; quoted ones are strings.
 * Aliases are not expanded (each becomes null and is counted in *bad), a
 * key that is not a scalar drops its pair (counted too). Where jobs[i]
 * and jobs[i].steps[j] open is recorded as marks (offsets of their
 * lines), as sj_skim() does for JSON. Returns 0 with *root set; -1 with
 * a message in err ("line 3: did not find expected key", "nesting deeper
 * than 64 levels"); -2 when memory ran out. *m is allocated in a.
 */
#define YAML_MAX_DEPTH	64
#define YAML_MAX_NODES	2000000

int		 yaml_tree(const char *, size_t, struct arena *, json_t **root,
		    struct sj_mark **m, size_t *nm, size_t *bad, char *err,
		    size_t errlen);
/* Does the text look like YAML rather than sacct's text output? Its
 * first line is a directive, a document start, or one of the top-level
 * keys of Slurm's data_parser output. */
int		 yaml_looks(const char *, size_t);

/* parse_sacct.c: sacct --yaml, whatever its first line (parse_sacct()
 * sends YAML here when yaml_looks() says so). */
parse_fn	parse_sacct_yaml;

/* parse_scontrol.c: what a job record's text and JSON forms share. */
int		 scontrol_job_derive(struct event *, struct arena *);
int		 scontrol_live_state(struct str job_state);
int		 scontrol_mem_tres(struct event *, struct arena *,
		    const char *name, struct str);
int		 scontrol_gres_idx(struct event *, struct arena *,
		    const char *name, const char *name2, struct str);

/* parse_scontrol_json.c: scontrol show job --json (also squeue --json,
 * whose jobs have the same layout) into EV_SCONTROL_JOB records with the
 * stable names of the text form. */
parse_fn	parse_scontrol_json;

#endif
