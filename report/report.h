/*
 * report: renders one analysis (analysis.h, the "oomtrail.analysis/1"
 * model) for people: terminal text, GitHub-flavoured Markdown for a
 * ticket, one self-contained HTML file, or the JSON contract itself.
 *
 * Every renderer reads only the model: no clock, locale, host or network
 * lookups, so the same model always gives the same bytes, and a model
 * read back from its JSON renders exactly like the original. Text from
 * the model is never trusted: it reaches the output only through
 * escape.h. Renderers write to a caller's FILE and never print elsewhere.
 */
#ifndef OOMTRAIL_REPORT_H
#define OOMTRAIL_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "analysis.h"
#include "err.h"

enum report_format {
	REPORT_TEXT,
	REPORT_MD,
	REPORT_HTML,
	REPORT_JSON,
	REPORT_JSONL		/* one flat oomtrail.record/1 line */
};

#define RECORD_SCHEMA	"oomtrail.record/1"

struct report_opts {
	int	 color;		/* text: ANSI colour (caller: tty, no NO_COLOR) */
	size_t	 max_rows;	/* md: timeline rows shown; 0 = 40 */
	int	 bulk;		/* jsonl: a bulk action line first */
	const char *bulk_index;	/* its _index; NULL: oomtrail-records */
};

/* "text", "md" (or "markdown"), "html", "json" -> enum report_format;
 * -1 for anything else. */
int		report_format_parse(const char *);

/*
 * Render an in format fmt to fp. Borrows everything; opts may be NULL
 * (no colour, default caps). ERR_IO when writing failed, ERR_NOMEM,
 * ERR_USAGE for an unknown format.
 */
enum err_code	report_render(const struct analysis *, enum report_format,
		    FILE *, const struct report_opts *, struct err *);

/* The renderers behind report_render(), same contract. */
enum err_code	report_text(const struct analysis *, FILE *,
		    const struct report_opts *, struct err *);
enum err_code	report_md(const struct analysis *, FILE *,
		    const struct report_opts *, struct err *);
enum err_code	report_html(const struct analysis *, FILE *,
		    const struct report_opts *, struct err *);
enum err_code	report_record(const struct analysis *, FILE *,
		    const struct report_opts *, struct err *);

/* Helpers shared by the renderers (render_text.c). */
/* With more than cap inputs (issue 19): a malloc'd array, per input the
 * index of the first input alike (same manifest flag, integrity and
 * notes; the first REPORT_INPUT_KINDS kinds), for the renderers to show
 * each kind once; NULL with cap or fewer inputs (or out of memory). */
#define REPORT_INPUT_KINDS	64
size_t		*report_input_groups(const struct analysis *, size_t cap);
/* "100.0 MiB", "1.50 GiB", "512 B"; "unknown" for a negative value. */
void		report_bytes(int64_t, char out[32]);
/* One sentence of an allocator snapshot's numbers (no source, plain
 * ASCII): "allocator snapshot: 4 segments, ... before it: alloc 2.00
 * MiB, ...". Writes and returns out. */
const char	*report_snapshot(const struct alloc_snap_q *, char *out,
		    size_t n);
/* The evidence's UTC time "2026-11-30T06:59:11Z", or "untimed". */
void		report_time(const struct evidence *, char out[48]);
/* An Xid evidence's catalog line: "Xid 79 (bus, ROBUST_...): meaning
 * NVIDIA's Xid catalog: drain the node and reboot it (RESTART_BM, then
 * CONTACT_SUPPORT)."; unescaped, for the renderer to escape. */
void		report_xid_note(const struct evidence_xid *, char *out,
		    size_t n);
/* A Slurm GPU accounting row of quantities.device (step set): "step
 * 7.0 on node1: GPU memory peak 37.98 GiB (average 30.00 GiB), GPU
 * utilisation peak 100% (average 80%)"; unescaped. */
void		report_gpu_acct(const struct device_q *, char *out, size_t n);
/* One quantities.dcgm row in words (DCGM job statistics, issue 18). */
void		report_dcgm(const struct dcgm_q *, char *out, size_t n);

/* The meters of a usage view (analysis.h struct usage_q), in the order
 * every renderer shows them: label, what it measures, the field. */
struct report_meter {
	const char	*label;
	const char	*measures;
	size_t		 off;		/* int64_t in struct usage_q */
};
extern const struct report_meter	report_meters[];
extern const size_t			report_nmeters;
int64_t		report_meter_value(const struct usage_q *, size_t k);
/* ", +1.2 GiB/h" or ", +18.0 MiB per iteration" for a series' growth;
 * "" when it is not growing. Writes and returns out. */
const char	*report_growth(const struct series_q *, char out[64]);
/* ", runway 31 s" (or iterations), ", at the limit", or "". */
const char	*report_runway(const struct series_q *, char out[64]);
/* The parts of a breakdown (analysis.h struct breakdown_q) as every
 * renderer names them: label, one-letter key for the text bar, colour. */
struct report_part {
	const char	*label;
	char		 key;
	const char	*color;
};
extern const struct report_part	report_parts[BD_PARTS];
/* The scale of a breakdown's bar: the limit, else the charge; 0 none. */
int64_t		report_bd_scale(const struct breakdown_q *);
/* The stacked bar in width characters, each part its key, the room left
 * under the limit '.'; NUL-terminated in out (width + 1 bytes). */
void		report_bd_bar(const struct breakdown_q *, size_t width,
		    char *out);
/* "the kernel memory cgroup" ... for enforced_by; "?" if unknown. */
const char	*report_enforcer(const char *enforced_by);

#endif
