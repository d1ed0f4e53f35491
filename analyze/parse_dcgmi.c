/*
 * parse_dcgmi: DCGM job statistics, as `dcgmi stats -j JOB -v` prints
 * them (gpu/dcgmi-stats.txt; issue 18 §4). A site that runs DCGM's job
 * prolog and epilog (dcgmi stats -s JOB, -x JOB) can ask the host engine
 * afterwards what each GPU of the job went through: its memory peak, ECC
 * errors, critical Xids, the processes that used it and its health.
 *
 * The layout is dcgmi's box table (dcgmi/ProcessStats.cpp in NVIDIA's
 * DCGM): a "Successfully retrieved statistics for job: JOB." line, then
 * per GPU a header row "| GPU ID: N |" (or "| Summary |" without -v)
 * and rows "| name | value |" under section rules ("+----- Event
 * Stats ---+"). A row with an empty name continues the list of the row
 * before it (the times of each Xid, further conflicting PIDs). Values
 * can be "N/A", "Not Specified", "Not Supported": unknown, not zero.
 * Job statistics print neither the Xid numbers nor which PIDs were the
 * job's: only how many Xids and every PID DCGM saw on the GPU. Process
 * statistics (dcgmi stats -p PID -v) print "No. of Conflicting
 * Processes" and "Conflicting Compute PID" rows: those are read too.
 *
 * One EV_DCGM_GPU per GPU block (cited at its header row) with fields
 * gpu (-1 for the summary), job, processes, conflicting,
 * max_memory_bytes, ecc_sbe, ecc_dbe, pcie_replays, xid_errors, pids
 * ("10140,10141"), health; an "Error: ..." line dcgmi printed instead is
 * an EV_NOTE. Numbers absent from the text are absent from the event.
 */
#include <stdio.h>
#include <string.h>

#include "parse.h"

#define DCGM_PIDS	32	/* PIDs kept per GPU */

enum dlist { DL_NONE, DL_XID, DL_PID, DL_CONFLICT };

struct dblock {
	struct event	*ev;
	enum dlist	 list;	/* what an empty-name row continues */
	int64_t		 pids[DCGM_PIDS];
	int		 npids;
	int64_t		 nconflict;	/* conflicting PID rows */
	int64_t		 nxid;		/* Xid time rows seen */
};

static const struct {
	const char	*name;		/* the row's name, trimmed */
	const char	*field;
} num_rows[] = {
	{ "No. of Processes", "processes" },
	{ "No. of Conflicting Processes", "conflicting" },
	{ "Max GPU Memory Used (bytes)", "max_memory_bytes" },
	{ "Single Bit ECC Errors", "ecc_sbe" },
	{ "Double Bit ECC Errors", "ecc_dbe" },
	{ "PCIe Replay Warnings", "pcie_replays" },
	{ "Critical XID Errors", "xid_errors" },
};

/* "| name | value |" -> name and value trimmed (a process statistic's
 * trailing "*" dropped from its name); 0, or -1 for another line. */
static int
split_row(struct str l, struct str *name, struct str *val)
{
	const char	*bar;
	size_t		 i;

	l = str_trim(l);
	if (l.n < 3 || l.p[0] != '|' || l.p[l.n - 1] != '|')
		return -1;
	l = str_make(l.p + 1, l.n - 2);
	if ((bar = memchr(l.p, '|', l.n)) == NULL)
		return -1;
	i = (size_t)(bar - l.p);
	*name = str_trim(str_make(l.p, i));
	*val = str_trim(str_make(bar + 1, l.n - i - 1));
	if (name->n > 0 && name->p[name->n - 1] == '*')
		*name = str_trim(str_make(name->p, name->n - 1));
	return 0;
}

/* The number a value row holds; -1 when it holds none (N/A, ...). */
static int
value_num(struct str v, int64_t *out)
{
	return str_to_i64(v, out) == 0 && *out >= 0 ? 0 : -1;
}

static int
add_pid(struct dblock *b, struct str v)
{
	int64_t	pid;

	if (value_num(v, &pid) != 0 || pid == 0)
		return 0;
	for (int i = 0; i < b->npids; i++)
		if (b->pids[i] == pid)
			return 0;
	if (b->npids < DCGM_PIDS)
		b->pids[b->npids++] = pid;
	return 0;
}

/* Close a GPU block: its PIDs and list counts into fields. */
static int
close_block(struct dblock *b, struct arena *a)
{
	char	buf[DCGM_PIDS * 21 + 1];
	size_t	k = 0;
	int	rc = 0;

	if (b->ev == NULL)
		return 0;
	buf[0] = '\0';
	for (int i = 0; i < b->npids; i++)
		k += (size_t)snprintf(buf + k, sizeof(buf) - k, "%s%lld",
		    i ? "," : "", (long long)b->pids[i]);
	if (b->npids > 0)
		rc |= ev_set_strdup(b->ev, a, "pids", str_cstr(buf));
	rc |= ev_set_num(b->ev, a, "npids", b->npids);
	if (b->nxid > 0 && ev_field(b->ev, "xid_errors") == NULL)
		rc |= ev_set_num(b->ev, a, "xid_errors", b->nxid);
	if (b->nconflict > 0 && ev_field(b->ev, "conflicting") == NULL)
		rc |= ev_set_num(b->ev, a, "conflicting", b->nconflict);
	memset(b, 0, sizeof(*b));
	return rc;
}

/* A "GPU ID: N" or "Summary" header row opens a block. */
static int
open_block(struct dblock *b, const struct src *in, struct arena *a,
    struct evlist *out, const struct scan *sc, struct str l, struct str job,
    struct str head)
{
	int64_t	gpu = -1;

	if (close_block(b, a) != 0)
		return -1;
	if (str_starts(head, "GPU ID:") &&
	    value_num(str_trim(str_make(head.p + 7, head.n - 7)), &gpu) != 0)
		gpu = -1;
	if ((b->ev = evlist_add(out, a, EV_DCGM_GPU)) == NULL)
		return -1;
	b->ev->sig = "dcgmi.stats";
	ev_cite(b->ev, in->file_id, sc, l);
	if (ev_set_num(b->ev, a, "gpu", gpu) != 0)
		return -1;
	return job.n > 0 ? ev_set_str(b->ev, a, "job", job) : 0;
}

static int
take_row(struct dblock *b, struct arena *a, struct str name, struct str val)
{
	int64_t	v;

	if (name.n == 0) {	/* continues the list above */
		if (b->list == DL_XID)
			b->nxid++;
		else if (b->list == DL_PID || b->list == DL_CONFLICT) {
			b->nconflict += b->list == DL_CONFLICT;
			return add_pid(b, val);
		}
		return 0;
	}
	b->list = DL_NONE;
	for (size_t i = 0; i < sizeof(num_rows) / sizeof(num_rows[0]); i++)
		if (str_eq(name, num_rows[i].name))
			return value_num(val, &v) == 0 ?
			    ev_set_num(b->ev, a, num_rows[i].field, v) : 0;
	if (str_eq(name, "XID (Hr:Min:Sec since start)")) {
		b->list = DL_XID;
		b->nxid++;
	} else if (str_eq(name, "PID")) {
		b->list = DL_NONE;
		return add_pid(b, val);
	} else if (str_starts(name, "Conflicting Compute PID") ||
	    str_starts(name, "Conflicting Graphics PID")) {
		b->list = DL_CONFLICT;
		b->nconflict++;
		return add_pid(b, val);
	} else if (str_eq(name, "Overall Health"))
		return ev_set_str(b->ev, a, "health", val);
	return 0;
}

/* "Successfully retrieved statistics for job: 232. " -> "232" */
static struct str
job_of(struct str l)
{
	static const char	 pfx[] = "Successfully retrieved statistics "
				    "for job: ";
	struct str		 j;

	l = str_trim(l);
	if (!str_starts(l, pfx))
		return (struct str){ NULL, 0 };
	j = str_make(l.p + sizeof(pfx) - 1, l.n - (sizeof(pfx) - 1));
	if (j.n > 0 && j.p[j.n - 1] == '.')
		j.n--;
	return j;
}

enum err_code
parse_dcgmi(const struct src *in, struct arena *a, struct evlist *out,
    struct err *e)
{
	struct scan	 sc;
	struct str	 l, name, val, job = { NULL, 0 }, j;
	struct dblock	 b;
	struct event	*ev;

	memset(&b, 0, sizeof(b));
	scan_init(&sc, in->data, in->len);
	while (scan_line(&sc, &l)) {
		if ((j = job_of(l)).n > 0) {
			job = j;
			continue;
		}
		if (str_starts(str_trim(l), "Error:")) {
			if ((ev = evlist_add(out, a, EV_NOTE)) == NULL)
				goto nomem;
			ev->sig = "dcgmi.error";
			ev_cite(ev, in->file_id, &sc, l);
			continue;
		}
		if (split_row(l, &name, &val) != 0) {
			/* A header row has no middle bar: "| GPU ID: 0  |" */
			struct str t = str_trim(l);

			if (t.n > 2 && t.p[0] == '|' && t.p[t.n - 1] == '|') {
				name = str_trim(str_make(t.p + 1, t.n - 2));
				if ((str_starts(name, "GPU ID:") ||
				    str_eq(name, "Summary")) &&
				    open_block(&b, in, a, out, &sc, l, job,
				    name) != 0)
					goto nomem;
			}
			continue;
		}
		if (b.ev != NULL && take_row(&b, a, name, val) != 0)
			goto nomem;
	}
	if (close_block(&b, a) != 0)
		goto nomem;
	return ERR_OK;
nomem:
	return ERR(e, ERR_NOMEM, "%s", in->name);
}

/* Content sniffer: dcgmi's job or process statistics. */
int
sniff_dcgmi(const char *p, size_t n)
{
	struct str	s = str_make(p, n > 4096 ? 4096 : n);

	if (str_find(s, "Successfully retrieved statistics for job: ") !=
	    NULL)
		return 90;
	if (str_find(s, "|-----  Execution Stats  ------------+") != NULL)
		return 80;
	return 0;
}
