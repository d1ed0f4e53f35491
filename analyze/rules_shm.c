/*
 * rules_shm: the /dev/shm rows of the decision table (boundary shm): a
 * shared-memory error, a process dead of SIGBUS with a small /dev/shm.
 * Each row beside its predicate; rules_table.c assembles every
 * boundary's rows into the one table.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gpu_models.h"
#include "rule_kit.h"
#include "rules.h"
#include "rules_rows.h"

/*
 * NCCL's shared-memory errors when every one of them is a rank failing
 * to attach to a segment that is not there ("No such file or
 * directory"), with no creation failure, bus error or small /dev/shm
 * beside them: the peer's segment is missing, not short of room (the
 * ranks do not share one /dev/shm, something removed it, or NCCL's
 * ranks disagreed on the transport). The first such line, or NULL.
 */
static const struct event *
shm_only_missing(const struct facts *f)
{
	const struct event	*first = NULL;

	if (f->first[EV_BUS_ERROR] != NULL ||
	    (f->shm_bytes >= 0 && f->shm_bytes <= 512 * MiB))
		return NULL;
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];

		if (ev->kind != EV_SHM_ERROR || facts_foreign(f, ev))
			continue;
		if (ev->sig == NULL || strcmp(ev->sig, "S-NCCL-SHM") != 0 ||
		    !ev_str_is(ev, "op", "attaching to") ||
		    str_find(ev_str(ev, "errno"), "No such file") == NULL)
			return NULL;
		if (first == NULL)
			first = ev;
	}
	return first;
}

static int
m_shm_missing(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = shm_only_missing(f);

	(void)a;
	if (s == NULL)
		return 0;
	m->initiating = s;
	rmatch_support(m, f->shm_ev);
	m->confidence = "medium";
	m->confidence_reason = "NCCL found no segment under the name a peer "
	    "gave it (ENOENT), and nothing failed creating one: missing, not "
	    "short of room";
	m->detail = "A rank could not attach to a peer's shared-memory "
	    "segment because it does not exist where the rank looked, not "
	    "because /dev/shm is full: the ranks do not share one /dev/shm "
	    "(separate containers or pods without a shared IPC namespace), "
	    "something removed the segment (systemd-logind's RemoveIPC for "
	    "the job's user), or the ranks chose different host-memory "
	    "transports (NCCL's cuMem host buffers on some ranks, /dev/shm "
	    "files on others: a name of 'nccl-' with size 0 is that).";
	return 1;
}

static int
m_shm(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_SHM_ERROR];

	if (shm_only_missing(f) != NULL)
		return 0;
	if (s == NULL || (f->first[EV_BUS_ERROR] != NULL &&
	    f->first_at[EV_BUS_ERROR] < f->first_at[EV_SHM_ERROR]))
		s = f->first[EV_BUS_ERROR];
	if (s == NULL || ev_str_is(s, "what", "sigbus"))
		return 0;
	m->initiating = s;
	rmatch_support(m, f->shm_ev);
	if (f->shm_bytes >= 0 && f->shm_bytes <= 512 * MiB) {
		m->confidence = "high";
		m->confidence_reason = "a shared-memory failure with a small "
		    "/dev/shm";
	} else if (f->shm_bytes < 0) {
		m->confidence = "medium";
		m->confidence_reason = "a shared-memory failure; the size of "
		    "/dev/shm was not collected";
	} else {
		m->confidence = "low";
		m->confidence_reason = "a shared-memory failure although "
		    "/dev/shm is not small";
	}
	m->detail = f->shm_bytes >= 0 ? arena_printf(a, "/dev/shm is %s; "
	    "NCCL or DataLoader shared memory did not fit.",
	    fmt_bytes(a, f->shm_bytes)) : "NCCL or DataLoader shared memory "
	    "did not fit in /dev/shm.";
	if (ev_str_is(s, "what", "k8s_dshm")) {
		m->confidence = "high";
		m->confidence_reason = "the kubelet's own eviction message names "
		    "the pod's shared-memory volume";
		m->detail = arena_printf(a, "The kubelet evicted the pod because "
		    "its shared-memory volume (emptyDir %.*s, mounted at "
		    "/dev/shm) outgrew its size limit%s%.*s: the pod's /dev/shm "
		    "filled, not the node's memory.",
		    (int)ev_str(s, "volume").n, ev_str(s, "volume").p,
		    ev_field(s, "limit") != NULL ? " of " : "",
		    (int)ev_str(s, "limit").n, ev_str(s, "limit").p != NULL ?
		    ev_str(s, "limit").p : "");
	}
	if (ev_str_is(s, "what", "df_full")) {
		m->confidence = "medium";
		m->confidence_reason = "df shows /dev/shm full; what failed "
		    "writing to it is not named beside it";
		m->detail = arena_printf(a, "df shows /dev/shm full (%.*s of "
		    "%.*s used, %.*s%%): shared-memory buffers (a DataLoader's, "
		    "NCCL's, an inference server's backend processes) had no "
		    "room left in it.", (int)ev_str(s, "used").n,
		    ev_str(s, "used").p, (int)ev_str(s, "size").n,
		    ev_str(s, "size").p, (int)ev_str(s, "use_pct").n,
		    ev_str(s, "use_pct").p);
	}
	if (ev_str_is(s, "what", "ucx"))
		m->detail = f->shm_bytes >= 0 ? arena_printf(a, "/dev/shm is "
		    "%s; UCX's shared-memory transport could not map its "
		    "receive FIFO there.", fmt_bytes(a, f->shm_bytes)) :
		    "UCX's shared-memory transport could not map its receive "
		    "FIFO in /dev/shm (a container's or pod's default is 64 "
		    "MiB).";
	return 1;
}

/*
 * A process reported dead of SIGBUS, with no word of shared memory: the
 * usual sender is a write into a full tmpfs mapping (/dev/shm, where
 * DataLoader, NCCL and in-memory checkpoints put their buffers). The
 * size of /dev/shm decides how far to trust it.
 */
static int
m_shm_sigbus(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_BUS_ERROR];

	if (s == NULL || !ev_str_is(s, "what", "sigbus") ||
	    (f->first[EV_SHM_ERROR] != NULL &&
	    f->first_at[EV_SHM_ERROR] < f->first_at[EV_BUS_ERROR]))
		return 0;
	m->initiating = s;
	rmatch_support(m, f->shm_ev);
	if (f->shm_bytes >= 0 && f->shm_bytes <= 512 * MiB) {
		m->confidence = "medium";
		m->confidence_reason = "a process died of SIGBUS and /dev/shm "
		    "is small; nothing names the mapping it wrote";
	} else {
		m->confidence = "low";
		m->confidence_reason = f->shm_bytes < 0 ? "a process died of "
		    "SIGBUS, the usual sign of a full /dev/shm; the size of "
		    "/dev/shm was not collected (df /dev/shm would confirm "
		    "it)" : "a process died of SIGBUS although /dev/shm is not "
		    "small: a truncated mmapped file is as likely";
	}
	m->detail = f->shm_bytes >= 0 ? arena_printf(a, "A process died of "
	    "SIGBUS with /dev/shm at %s: a write into a full shared-memory "
	    "mapping faults this way.", fmt_bytes(a, f->shm_bytes)) :
	    "A process died of SIGBUS: a write into a full shared-memory "
	    "mapping (/dev/shm) faults this way, not a host or GPU OOM.";
	return 1;
}

/* The /dev/shm rows, in id order; rules_table.c merges them into
 * the one view. */
const struct rule	rules_shm[] = {
	{ .id = "R-SHM-001", .cause = "shm_limit", .boundary = "shm",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 table 'Container /dev/shm is 64 MB'",
	  .signals = "NCCL shared-memory errors (also UCX's 'mm_iface failed "
	      "to allocate receive FIFO') or DataLoader 'Bus error' / "
	      "'insufficient shared memory'; confidence from the size of "
	      "/dev/shm (<= 512 MiB high); the kubelet evicting a pod for "
	      "its /dev/shm emptyDir (dshm, shm) over its limit (high); df "
	      "showing /dev/shm 95-100% used (medium)",
	  .meaning = "Shared memory, not HBM or --mem, ran out.",
	  .next_action = "Hold --mem and the GPU batch constant; enlarge "
	      "/dev/shm (container --shm-size, or the node's tmpfs size) and "
	      "require the bus error / NCCL shm error to disappear.",
	  .match = m_shm },
	{ .id = "R-SHM-002", .cause = "shm_limit", .boundary = "shm",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 table 'Container /dev/shm is 64 MB'",
	  .signals = "a process reported dead of SIGBUS (torch elastic "
	      "'Signal 7 (SIGBUS) received by PID', mp.spawn 'terminated "
	      "with signal SIGBUS', '<Signals.SIGBUS: 7>', a shell's 'Bus "
	      "error (core dumped)') with no shared-memory text; medium with "
	      "/dev/shm <= 512 MiB, else low",
	  .meaning = "A write into shared memory most likely faulted: "
	      "/dev/shm, not HBM or --mem, ran out.",
	  .next_action = "Check the size of /dev/shm where the job ran (df "
	      "/dev/shm; a container's --shm-size); hold --mem and the batch "
	      "constant, enlarge /dev/shm, and require the SIGBUS to "
	      "disappear.",
	  .match = m_shm_sigbus },
	{ .id = "R-OTHER-029", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 table 'Container /dev/shm is 64 MB' (its converse: "
	      "the segment is missing, not short of room)",
	  .signals = "NCCL shared-memory errors that are all 'Error while "
	      "attaching to shared memory segment … No such file or "
	      "directory', with no creation failure ('failed to extend', "
	      "'creating … No space left'), no bus error and /dev/shm not "
	      "known to be small (<= 512 MiB)",
	  .meaning = "NCCL's ranks could not find each other's shared-memory "
	      "segments: an IPC set-up or NCCL transport problem, not a full "
	      "/dev/shm.",
	  .next_action = "Run the ranks of a node in one IPC namespace with "
	      "one /dev/shm (docker --ipc=host or a shared /dev/shm volume, "
	      "one pod per node), set RemoveIPC=no in logind.conf where a "
	      "service account runs jobs; if that holds, rerun with "
	      "NCCL_CUMEM_HOST_ENABLE=0 (or the NCCL version that last "
	      "worked) and require the attach error to disappear.",
	  .match = m_shm_missing },
};
const size_t	nrules_shm =
    sizeof(rules_shm) / sizeof(rules_shm[0]);
