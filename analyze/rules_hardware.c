/*
 * rules_hardware: the GPU hardware rows of the decision table (boundary
 * hardware): an Xid fault, retired pages or remapped rows behind a CUDA
 * OOM (the kit's classification, rule_kit_cuda.c) or on their own, and a
 * plain OOM on a GPU whose memory is failing. Each row beside its
 * predicate; rules_table.c assembles every boundary's rows into the one
 * table.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gpu_models.h"
#include "rule_kit.h"
#include "rules.h"
#include "rules_rows.h"
#include "xid_catalog.h"

/* Xid 154's own word on the recovery: "... to 0x4 (Drain and Reset)"
 * gives "Drain and Reset"; {NULL, 0} when the line does not say. */
static struct str
recovery_of(const struct event *ev)
{
	struct str	d = ev_str(ev, "detail");
	const char	*to, *lp, *rp;

	if (d.p == NULL || (to = str_find(d, " to 0x")) == NULL ||
	    (lp = memchr(to, '(', (size_t)(d.p + d.n - to))) == NULL ||
	    (rp = memchr(lp, ')', (size_t)(d.p + d.n - lp))) == NULL ||
	    rp - lp < 2)
		return str_make(NULL, 0);
	return str_make(lp + 1, (size_t)(rp - lp - 1));
}

/*
 * The catalog's immediate action for each distinct Xid of the incident
 * (the first four, in time order) ahead of the row's own next action,
 * so the verdict says what NVIDIA says to do with these Xids; base alone
 * when no Xid of the catalog was seen.
 */
const char *
hw_xid_next(const struct facts *f, struct arena *a, const char *base)
{
	int64_t		 seen[4];
	int		 n = 0;
	const char	*out = NULL;

	for (size_t i = 0; i < f->tl->n && n < 4; i++) {
		const struct event	*ev = f->tl->v[i];
		const struct xid_info	*x;
		int64_t			 code;
		int			 dup = 0;

		if (ev->kind != EV_XID || facts_foreign(f, ev) ||
		    (x = xid_lookup(code = ev_num_or(ev, "xid", -1))) == NULL)
			continue;
		for (int j = 0; j < n; j++)
			dup |= seen[j] == code;
		if (dup)
			continue;
		seen[n++] = code;
		if (code == 154 && recovery_of(ev).n > 0)	/* the driver's */
			out = arena_printf(a, "%s%sXid 154: the driver asks "
			    "for %.*s", out != NULL ? out : "NVIDIA's Xid "
			    "catalog says: ", out != NULL ? "; " : "",
			    (int)recovery_of(ev).n, recovery_of(ev).p);
		else
			out = arena_printf(a, "%s%sXid %" PRId64 ": %s (%s)",
			    out != NULL ? out : "NVIDIA's Xid catalog says: ",
			    out != NULL ? "; " : "", code,
			    xid_action_text(x->action), x->immediate);
	}
	if (out == NULL || (out = arena_printf(a, "%s. Then: %s", out,
	    base)) == NULL)
		return base;
	return out;
}

/* The sentence on a catalogued Xid: its number, what it implicates and
 * what it means; NULL when ev is no Xid of the catalog. */
static const char *
xid_sentence(struct arena *a, const struct event *ev)
{
	const struct xid_info	*x;

	const struct xid_info	*p;

	if (ev == NULL || ev->kind != EV_XID ||
	    (x = xid_lookup(ev_num_or(ev, "xid", -1))) == NULL)
		return NULL;
	/* "caused by previous Xid 149": the clean-up names the fault. */
	if ((p = xid_lookup(ev_num_or(ev, "previous_xid", -1))) != NULL &&
	    p != x)
		return arena_printf(a, "Xid %d (%s, implicates %s): %s The "
		    "driver names an earlier Xid %d as its cause (%s, "
		    "implicates %s): %s", x->xid, x->mnemonic,
		    xid_component_name(x->component), x->meaning, p->xid,
		    p->mnemonic, xid_component_name(p->component), p->meaning);
	return arena_printf(a, "Xid %d (%s, implicates %s): %s", x->xid,
	    x->mnemonic, xid_component_name(x->component), x->meaning);
}

static int
m_cuda_retired(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o;

	if (!cuda_rule(f, a, m, CC_RETIRED, &o))
		return 0;
	rmatch_support(m, m->gpu);
	m->detail = "A device allocation failed on a GPU with pending page "
	    "retirement, row remapping or volatile uncorrectable ECC errors: "
	    "its memory hardware is failing.";
	return 1;
}

static int
m_cuda_plain_hw(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = plain_oom(f), *g;

	(void)a;
	if (s == NULL || (g = plain_hw_gpu(f, s)) == NULL)
		return 0;
	m->initiating = s;
	m->gpu = g;
	rmatch_support(m, g);
	m->confidence = "medium";
	m->confidence_reason = "a device OOM without the allocator's "
	    "numbers, on a GPU whose snapshot shows failing memory";
	m->detail = "A device allocation failed on a GPU whose nvidia-smi "
	    "snapshot shows volatile uncorrectable ECC errors or pending "
	    "retirement/remapping: without allocator numbers, the failing "
	    "memory is the cause to rule out first, not the workload's size.";
	return 1;
}

/* The driver's word that a GPU is broken, by its signature. */
#define BROKEN_NEXT "Drain the node and run the vendor's diagnostics on " \
	"that GPU (dcgmi diag -r 3, or AMD's agfhc/rvs) with its link and " \
	"slot checked; rerun the job unchanged on another node and require " \
	"it to pass."
#define AMD_HANG_NEXT "Find what hung it: rerun the job alone on that " \
	"GPU with AMD_SERIALIZE_KERNEL=3 and HIP_LAUNCH_BLOCKING=1 (a " \
	"kernel's bad index shows up as an error there); if it hangs again " \
	"with nothing wrong in the program, update the GPU's firmware and " \
	"driver or drain the node and run AMD's diagnostics (agfhc/rvs) on " \
	"that GPU."
static const struct words broken_words[] = {
	{ .key = "amdgpu.page_fault", .detail = "The amdgpu driver logged a "
	    "GPU page fault (the AMD counterpart of an MMU-fault Xid): a "
	    "device fault of the process, not an allocation failure." },
	{ .key = "nvrm.reset_required", .detail = "The NVIDIA driver reports "
	    "the GPU needs a reset (NV_ERR_RESET_REQUIRED): it is in a state "
	    "no new work can use, a device fault, not an allocation failure "
	    "or another process holding it.",
	  .next = BROKEN_NEXT },
	{ .key = "amdgpu.ring_timeout", .detail = "The amdgpu driver timed "
	    "out waiting for the GPU to finish work on one of its rings and "
	    "reset the GPU: the device hung (a fault of the GPU, its "
	    "firmware, or a kernel that made it hang, such as an "
	    "out-of-bounds access), not an allocation failure; every "
	    "process on it lost its work.",
	  .next = AMD_HANG_NEXT },
	{ .key = "amdgpu.gpu_reset", .detail = "The amdgpu driver reset the "
	    "GPU because it hung (its scheduler or firmware stopped "
	    "answering): a device fault, not an allocation failure; every "
	    "process on it lost its work.",
	  .next = AMD_HANG_NEXT },
	{ .key = "amdgpu.init_failed", .detail = "The amdgpu driver could not "
	    "bring the GPU up (its firmware ring or IP blocks failed to "
	    "start): a failing GPU or its interconnect, not an allocation "
	    "failure.",
	  .next = BROKEN_NEXT },
	{ .key = "S-SLURM-NVML-GPU-LOST", .detail = "Slurm's NVML query of "
	    "the GPU failed with 'GPU is lost' (NVML error 15): the GPU fell "
	    "off the bus or the driver lost it, a device fault, not an "
	    "allocation failure.",
	  .next = BROKEN_NEXT },
	{ .key = "pcie.aer_fatal", .detail = "The GPU's PCIe link reported an "
	    "uncorrected fatal error the driver could not recover from: the "
	    "GPU (or its slot, riser or bridge) failed, so the job hung or "
	    "died on it; not an allocation failure.",
	  .next = BROKEN_NEXT },
	{ .key = NULL }
};

/* A GPU nvidia-smi shows with a recovery action pending (R570+: "Reset",
 * "Reboot", "Drain P2P", "Drain and Reset"): the driver has marked it
 * unusable until that is done. */
static const struct event *
gpu_needs_recovery(const struct facts *f)
{
	for (int i = 0; i < f->ngpus; i++) {
		struct str r = ev_str(f->gpus[i].gpu, "recovery_action");

		if (str_find(r, "Reset") != NULL || str_find(r, "Reboot") !=
		    NULL || str_find(r, "Drain") != NULL)
			return f->gpus[i].gpu;
	}
	return NULL;
}

static int
m_xid_fault(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*x = f->xid_fault, *c = f->first[EV_CUDA_FAULT];
	const struct event	*d = NULL, *g = gpu_needs_recovery(f);

	/* The driver's own word that the GPU is gone is a fault with or
	 * without an Xid number; d is that word, when it decides. */
	if (x == NULL && (d = kit_gpu_broken(f)) != NULL)
		x = d;
	if (x == NULL && c == NULL && g != NULL) {
		struct str r = ev_str(g, "recovery_action");

		m->initiating = g;
		m->confidence = "medium";
		m->confidence_reason = "nvidia-smi's own field: the driver "
		    "marked the GPU for recovery; the fault that did it (its "
		    "Xid) is in the kernel log, not collected";
		m->detail = arena_printf(a, "nvidia-smi reports GPU %" PRId64
		    "'s recovery action as '%.*s': the driver has marked the GPU "
		    "unusable until it is %s, a device fault (the Xid that caused "
		    "it is in the kernel log), not an allocation failure or "
		    "another process holding it.", ev_num_or(g, "index", -1),
		    (int)r.n, r.p, str_find(r, "Reboot") != NULL ? "rebooted" :
		    "reset");
		m->next_action = "Drain the node, read the kernel log for the "
		    "GPU's Xid, carry out the recovery nvidia-smi names (nvidia-"
		    "smi -r -i N, or reboot the node), run dcgmi diag -r 3 on "
		    "that GPU, and require the recovery action to read None "
		    "before the node takes jobs again.";
		return 1;
	}

	if (x == NULL && c == NULL)
		return 0;
	m->initiating = x;
	if (x == NULL || (c != NULL &&
	    facts_index_of(f, c) < facts_index_of(f, x)))
		m->initiating = c;
	rmatch_support(m, x);
	rmatch_support(m, c);
	m->confidence = x != NULL && c != NULL ? "high" : "medium";
	m->confidence_reason = x != NULL && c != NULL ? "the driver's Xid and "
	    "the application's CUDA error agree" : "one source reports the "
	    "device fault";
	m->detail = "A device fault (illegal memory access, launch failure or "
	    "a driver Xid), not an allocation failure.";
	if (xid_sentence(a, x) != NULL)
		m->detail = arena_printf(a, "A device fault, not an allocation "
		    "failure: %s", xid_sentence(a, x));
	kit_words_apply(kit_words_sig(broken_words, d), m);
	if (m->initiating == c && c->sig != NULL &&
	    strcmp(c->sig, "S-LIBCUDA-SEGFAULT") == 0) {
		m->detail = arena_printf(a, "A process crashed (segfault) inside "
		    "the NVIDIA driver's library %.*s: a fault of the driver or "
		    "of the GPU under it, not an allocation failure; the same "
		    "crash repeating on one node points at that node's GPU.",
		    (int)ev_str(c, "lib").n, ev_str(c, "lib").p != NULL ?
		    ev_str(c, "lib").p : "");
		m->next_action = "Rerun the job on another node; if the crash "
		    "stays with this node, drain it, run the GPU's diagnostics "
		    "(dcgmi diag -r 3) and reinstall the driver before it takes "
		    "jobs again.";
	}
	if (d != NULL && m->initiating == d && d->sig != NULL &&
	    strcmp(d->sig, "S-NVSMI-GPU-LOST") == 0 &&
	    ev_str(d, "pci").p != NULL)
		m->detail = arena_printf(a, "nvidia-smi can no longer reach the "
		    "GPU at %.*s (%.*s): it fell off the bus, a device fault, "
		    "not an allocation failure or access denial.",
		    (int)ev_str(d, "pci").n, ev_str(d, "pci").p,
		    (int)ev_str(d, "error").n, ev_str(d, "error").p);
	return 1;
}

static const struct event *
hw_gpu(const struct facts *f)
{
	for (int i = 0; i < f->ngpus; i++)
		if (gpu_hw_current(f->gpus[i].gpu))
			return f->gpus[i].gpu;
	return NULL;
}

static int
m_retired(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*e = f->first[EV_ECC_ERROR];

	if (e == NULL || (f->xid_memory != NULL &&
	    facts_index_of(f, f->xid_memory) < facts_index_of(f, e)))
		e = f->xid_memory;
	if (e == NULL)
		return 0;
	m->initiating = e;
	rmatch_support(m, hw_gpu(f));
	m->confidence = m->nsupport > 0 ? "high" : "medium";
	m->confidence_reason = "uncorrectable memory errors reported during "
	    "the incident";
	m->detail = "The GPU's memory hardware reported uncorrectable errors "
	    "(ECC, page retirement or row remapping) during the job.";
	if (xid_sentence(a, e) != NULL)
		m->detail = arena_printf(a, "The GPU's memory hardware reported "
		    "errors during the job: %s", xid_sentence(a, e));
	return 1;
}

static int
m_retired_record(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*g = hw_gpu(f);

	if (g == NULL)
		return 0;
	m->initiating = g;
	m->confidence = "medium";
	m->confidence_reason = "the nvidia-smi snapshot shows pending "
	    "retirement/remapping or volatile uncorrectable ECC, but no "
	    "failure line ties it to the job";
	m->detail = "A GPU of the job has failing memory hardware.";
	return 1;
}

/* The hardware rows, in id order; rules_table.c merges them into
 * the one view. */
const struct rule	rules_hardware[] = {
	{ .id = "R-HW-001", .cause = "xid_fault", .boundary = "hardware",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 'Confirm the failure is allocation, not corruption'; "
	      "S004 flowchart B-C",
	  .signals = "NVRM Xid 13/31/43/79/… (any Xid NVIDIA's catalog, "
	      "data/xid-catalog.tsv, does not file under memory), NVRM 'fallen "
	      "off the bus' / 'GPU is lost', or 'illegal memory access' / "
	      "'unspecified launch failure'; with none of those, a GPU "
	      "nvidia-smi shows with a recovery action pending "
	      "(gpu_recovery_action Reset, Reboot, Drain P2P, Drain and "
	      "Reset; medium); on AMD GPUs the amdgpu driver's "
	      "page fault, its ring timeout ('ring gfx_0.0.0 timeout, "
	      "signaled seq=…') or a GPU reset ('GPU reset begin!', a hung "
	      "GPU), its failure to bring the "
	      "GPU up (PSP ring, IP init), ROCr's 'Memory access fault by "
	      "GPU' or ROCclr aborting a queue on HSA_STATUS_ERROR_MEMORY_"
	      "APERTURE_VIOLATION (or ILLEGAL_INSTRUCTION, MEMORY_FAULT, "
	      "EXCEPTION), CUDA's cudaErrorContained ('Invalid access of peer "
	      "GPU memory over nvlink or a hardware error'), CUDA errors "
	      "700/715/716/719 given as numbers only (LAMMPS' 'Cuda driver "
	      "error N', OpenMM's 'Invalid error code (N)'), the kernel's "
	      "report of a segfault inside libcuda or libnvidia-*; an "
	      "uncorrected "
	      "fatal PCIe AER error on the GPU's own device line",
	  .meaning = "An application bug or a GPU fault, not capacity.",
	  .next_action = "Rerun the same job unchanged on another GPU/node "
	      "with CUDA_LAUNCH_BLOCKING=1 (compute-sanitizer for a small "
	      "case); if the Xid follows the GPU, drain it.",
	  /* The verdict puts the catalog's action for each Xid first
	   * (hw_xid_next). */
	  .match = m_xid_fault },
	{ .id = "R-HW-002", .cause = "retired_pages", .boundary = "hardware",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Retired pages shrinking capacity'; S004 "
	      "flowchart capacity check",
	  .signals = "CUDA OOM on a GPU with pending retirement/remapping or "
	      "volatile uncorrectable ECC in the snapshot (nvidia-smi; amd-smi "
	      "bad-pages PENDING or uncorrectable RAS counts)",
	  .meaning = "The GPU's memory hardware shrank or broke the "
	      "framebuffer.",
	  .next_action = "Drain the GPU and run the vendor memory diagnostics "
	      "(or reset to apply pending retirement); rerun the job unchanged "
	      "on another GPU.",
	  .match = m_cuda_retired },
	{ .id = "R-HW-003", .cause = "retired_pages", .boundary = "hardware",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 metric 'Uncorrected ECC errors (volatile)'",
	  .signals = "uncorrectable ECC error in the job's output, or an Xid "
	      "NVIDIA's catalog files under memory (48/63/64/92/94/95/140/"
	      "156/157/168/171/172) during the job, or the amdgpu driver's "
	      "new uncorrectable RAS errors in its memory controller (UMC)",
	  .meaning = "The GPU's memory hardware failed during the job.",
	  .next_action = "Drain the GPU and run the vendor memory diagnostics; "
	      "rerun the job unchanged on another GPU.",
	  .match = m_retired },
	{ .id = "R-HW-004", .cause = "retired_pages", .boundary = "hardware",
	  .prio = 4, .rclass = RC_RECORD,
	  .seeds = "S004 metric 'Retired page count'",
	  .signals = "nvidia-smi: retired pages pending, remapped rows "
	      "pending/failed, or volatile uncorrectable ECC > 0",
	  .meaning = "A GPU of the job has failing memory.",
	  .next_action = "Drain the GPU, reset it to apply pending "
	      "retirement, and rerun the job unchanged on another GPU.",
	  .match = m_retired_record },
	{ .id = "R-HW-011", .cause = "retired_pages", .boundary = "hardware",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Retired pages shrinking capacity'; S004 "
	      "metric 'Uncorrected ECC errors (volatile)'",
	  .signals = "a plain device OOM (no allocator numbers) on a GPU whose "
	      "snapshot shows volatile uncorrectable ECC or pending "
	      "retirement/remapping",
	  .meaning = "Failing GPU memory, not the workload's size.",
	  .next_action = "Drain the GPU and run the vendor memory diagnostics "
	      "(or reset to apply pending retirement); rerun the job unchanged "
	      "on another GPU.",
	  .match = m_cuda_plain_hw },
};
const size_t	nrules_hardware =
    sizeof(rules_hardware) / sizeof(rules_hardware[0]);
