/*
 * rules_device: the device-memory rows of the decision table (boundary
 * device): CUDA OOM exhaustion and fragmentation, another tenant, a
 * zombie context, several processes of the job on one GPU, the plain
 * and BFC-allocator OOMs, a busy or unavailable GPU, the records of a
 * dead or left-over holder, an allocation of impossible size, and the
 * device memory leak and tenant refining rows (their predicates in
 * series_view.c). The CUDA OOM classification the device and hardware
 * rows share is the kit's (rule_kit_cuda.c). Each row beside its
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

static int
m_cuda_allowed(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o;

	if (!cuda_rule(f, a, m, CC_ALLOWED, &o))
		return 0;
	if (ev_str_is(o, "what", "hami")) {
		m->detail = arena_printf(a, "The pod's share of the GPU "
		    "(HAMi's nvidia.com/gpumem cap, %s) refused the allocation: "
		    "the workload needs more device memory than the slice it was "
		    "given. PyTorch may report the refusal as 'unrecognized error "
		    "code' rather than out of memory.",
		    fmt_bytes(a, ev_num_or(o, "allowed_bytes", -1)));
		m->next_action = "Give the pod a larger nvidia.com/gpumem (or "
		    "a whole GPU), or cut the batch, and require HAMi-core's "
		    "'Device N OOM' line to disappear.";
		return 1;
	}
	m->detail = arena_printf(a, "The process capped itself at %s "
	    "(set_per_process_memory_fraction) and hit its own cap.",
	    fmt_bytes(a, ev_num_or(o, "allowed_bytes", -1)));
	return 1;
}

static int
m_cuda_tenant(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o;

	if (!cuda_rule(f, a, m, CC_TENANT, &o))
		return 0;
	m->detail = arena_printf(a, "%s of the GPU was held outside this "
	    "process, by another process or job on the same device.",
	    fmt_bytes(a, held_outside(o)));
	return 1;
}

static int
m_cuda_zombie(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o, *x;

	if (!cuda_rule(f, a, m, CC_ZOMBIE, &o))
		return 0;
	if ((x = named_pid_exited(f, o)) != NULL) {
		m->detail = arena_printf(a, "Process %lld, which the job's log "
		    "reported exited, still held %s of the GPU: its CUDA "
		    "context outlived it.", (long long)x->pid,
		    fmt_bytes(a, held_outside(o)));
		return 1;
	}
	m->detail = arena_printf(a, "%s of the GPU was held outside this "
	    "process, and no listed process accounts for it: a CUDA context "
	    "left behind by a crashed or killed process.",
	    fmt_bytes(a, held_outside(o)));
	return 1;
}

static int
m_cuda_multiproc(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o;

	if (!cuda_rule(f, a, m, CC_MULTIPROC, &o))
		return 0;
	m->detail = "Several processes of this job hold CUDA contexts on the "
	    "same GPU; each pays the context overhead (often DataLoader "
	    "workers touching CUDA).";
	return 1;
}

/* Intel GPUs refuse one allocation of 4 GiB or more unless relaxed
 * allocation limits are enabled. */
#define XPU_ALLOC_LIMIT	(4LL << 30)

static int
xpu_limit(const struct event *o)
{
	return ev_str_is(o, "what", "xpu_alloc_limit") ||
	    (ev_str_is(o, "api", "XPU") &&
	    ev_num_or(o, "requested_bytes", -1) >= XPU_ALLOC_LIMIT);
}

/* The device's own figures show room for the request, yet it failed:
 * on an Intel GPU a request of 4 GiB or more is its single-allocation
 * limit; elsewhere the figures cannot say what refused it. */
static int
m_cuda_room_xpu(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o;

	if (!cuda_rule(f, a, m, CC_ROOM, &o) || !xpu_limit(o))
		return 0;
	m->confidence = "medium";
	m->confidence_reason = "the allocator's own figures: the device had "
	    "room, and the request reaches Intel GPUs' single-allocation "
	    "limit";
	m->detail = arena_printf(a, "The Intel GPU refused one allocation of "
	    "%s%s%s: its runtime caps a single allocation below 4 GiB unless "
	    "relaxed allocation limits are enabled; not memory running short.",
	    fmt_bytes(a, ev_num_or(o, "requested_bytes", -1)),
	    ev_num_or(o, "free_bytes", -1) >= 0 ? " while this much of it was "
	    "free: " : "", ev_num_or(o, "free_bytes", -1) >= 0 ? fmt_bytes(a,
	    ev_num_or(o, "free_bytes", -1)) : "");
	return 1;
}

static int
m_cuda_room(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o;

	if (!cuda_rule(f, a, m, CC_ROOM, &o) || xpu_limit(o))
		return 0;
	m->confidence = "low";
	m->confidence_reason = "the allocator's own figures show the device "
	    "with room for the request; what refused it is not in them";
	m->detail = arena_printf(a, "An allocation of %s failed while the "
	    "device reported %s free: not the memory running short as the "
	    "figures stand. A cap the message did not print (a per-process "
	    "memory fraction set earlier in the process), a limit on one "
	    "allocation's size, or memory another process took and released "
	    "in between refuses it this way.", fmt_bytes(a, ev_num_or(o,
	    "requested_bytes", -1)), fmt_bytes(a, ev_num_or(o, "free_bytes",
	    -1)));
	return 1;
}

/* The sentence of a verdict the allocator snapshot measured. */
static const char *
snap_detail(struct arena *a, const struct event *sn, const struct event *o,
    int frag)
{
	int64_t	req = snap_request(sn, o);
	int64_t	nfree = ev_num_or(sn, "free_blocks", 0);

	if (frag)
		return arena_printf(a, "The allocator snapshot of GPU %" PRId64
		    " shows %s free in %" PRId64 " block%s, enough in total for "
		    "the %s request, but its largest free block is %s: the "
		    "cache was too fragmented to serve it.",
		    ev_num_or(sn, "gpu", 0), fmt_bytes(a, ev_num_or(sn,
		    "free_bytes", 0)), nfree, nfree == 1 ? "" : "s",
		    fmt_bytes(a, req), fmt_bytes(a, ev_num_or(sn,
		    "largest_free_block_bytes", 0)));
	return arena_printf(a, "The allocator snapshot of GPU %" PRId64
	    " shows %s reserved and only %s free in %" PRId64 " block%s "
	    "(the largest %s), less than the %s request: live memory needs "
	    "more than the GPU has.", ev_num_or(sn, "gpu", 0),
	    fmt_bytes(a, ev_num_or(sn, "reserved_bytes", 0)),
	    fmt_bytes(a, ev_num_or(sn, "free_bytes", 0)), nfree,
	    nfree == 1 ? "" : "s", fmt_bytes(a, ev_num_or(sn,
	    "largest_free_block_bytes", 0)), fmt_bytes(a, req));
}

static int
m_cuda_frag(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o, *sn, *xs;
	int64_t			 req;

	if (!cuda_rule(f, a, m, CC_FRAG, &o))
		return 0;
	/* Already on: recommending it again would change nothing. */
	if ((xs = expandable_on(f)) != NULL) {
		rmatch_support(m, xs);
		m->next_action = "The job already ran with "
		    "expandable_segments:True, so do not set it again: hold "
		    "the batch and host memory constant, cap the cache's "
		    "splitting with PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb "
		    "(below the failing request) or free the long-lived "
		    "tensors allocated between the short-lived ones, and "
		    "require the OOM to disappear.";
	}
	if ((sn = cuda_measured(f, o)) != NULL) {
		m->detail = snap_detail(a, sn, o, 1);
		return 1;
	}
	req = ev_num_or(o, "requested_bytes", -1);
	m->detail = arena_printf(a, "PyTorch held %s reserved but "
	    "unallocated (%.1f%% of the %s it reserved, %s in live "
	    "tensors)%s%s%s: the cache was too fragmented to serve it.",
	    fmt_bytes(a, unallocated_of(o)), share_pct(o),
	    fmt_bytes(a, reserved_of(o)), fmt_bytes(a, allocated_of(o)),
	    req > 0 ? ", more than the " : "", req > 0 ? fmt_bytes(a, req) : "",
	    req > 0 ? " request" : "");
	return 1;
}

static int
m_cuda_exhaust(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*o;
	int64_t			 req, cap, alloc;

	if (!cuda_rule(f, a, m, CC_EXHAUST, &o))
		return 0;
	if (cuda_measured(f, o) != NULL) {
		m->detail = snap_detail(a, cuda_measured(f, o), o, 0);
		return 1;
	}
	req = ev_num_or(o, "requested_bytes", -1);
	cap = ev_num_or(o, "capacity_bytes", -1);
	alloc = allocated_of(o);
	if (req > 0 && cap > 0 && req > cap)
		m->detail = arena_printf(a, "The one request for %s is larger "
		    "than the whole GPU (%s): the workload's own allocation "
		    "does not fit, whatever else is on the device.",
		    fmt_bytes(a, req), fmt_bytes(a, cap));
	else if (alloc < 0)
		m->detail = arena_printf(a, "A request for %s failed%s%s; the "
		    "quoted part of the message has no allocated and reserved "
		    "figures to tell fragmentation from exhaustion.",
		    fmt_bytes(a, req), cap > 0 ? " on a GPU of " : "",
		    cap > 0 ? fmt_bytes(a, cap) : "");
	else if (req > 0 && cap > 0 && alloc <= cap && req > cap - alloc)
		m->detail = arena_printf(a, "Live tensors held %s of %s, and "
		    "the request for %s is more than the rest of the device: "
		    "it could not fit however the cache was arranged, so the "
		    "workload does not fit%s.", fmt_bytes(a, alloc),
		    fmt_bytes(a, cap), fmt_bytes(a, req), reserved_of(o) > cap ?
		    arena_printf(a, " (the %s the message says were reserved "
		    "is more than the device holds, so its cache figures are "
		    "not this device's alone)", fmt_bytes(a, reserved_of(o))) :
		    "");
	else if (req > 0 && cap > 0 && unallocated_of(o) >= req)
		m->detail = arena_printf(a, "Live tensors held %s of %s; the "
		    "%s PyTorch cached but left unallocated could have held "
		    "the %s request, but it is only %.1f%% of the %s "
		    "reserved: the usual slack of a caching allocator on a "
		    "full card, so the workload does not fit.",
		    fmt_bytes(a, alloc), fmt_bytes(a, cap),
		    fmt_bytes(a, unallocated_of(o)), fmt_bytes(a, req),
		    share_pct(o), fmt_bytes(a, reserved_of(o)));
	else if (req > 0 && cap > 0)
		m->detail = arena_printf(a, "Live tensors held %s of %s and "
		    "the cache had no room for %s more: the workload does not "
		    "fit.", fmt_bytes(a, alloc), fmt_bytes(a, cap),
		    fmt_bytes(a, req));
	else
		m->detail = arena_printf(a, "Live tensors held %s of the %s "
		    "PyTorch reserved: reserved is about allocated, so the "
		    "memory was in use, not fragmented.", fmt_bytes(a, alloc),
		    fmt_bytes(a, reserved_of(o)));
	return 1;
}

/*
 * The BFC allocator's stats (TensorFlow, XLA for JAX) beside a plain OOM:
 * 1 when its arena had room for the request in total but no free block
 * as large (DESIGN: "free memory in blocks all smaller than the request"),
 * 0 when it had not, -1 when the figures do not say (no stats, no
 * LargestFreeBlock, no request size).
 */
static int
bfc_fragmented(const struct facts *f, const struct event *s)
{
	const struct event	*b = f->bfc_stats;
	int64_t			 lim, use, big, req;

	if (b == NULL || s == NULL)
		return -1;
	lim = ev_num_or(b, "limit_bytes", -1);
	use = ev_num_or(b, "in_use_bytes", -1);
	big = ev_num_or(b, "largest_free_block_bytes", -1);
	req = ev_num_or(s, "requested_bytes", -1);
	if (lim <= 0 || use < 0 || req <= 0)
		return -1;
	if (lim - use < req)
		return 0;
	return big < 0 ? -1 : big < req;
}

static int
m_bfc_frag(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = plain_oom(f), *b = f->bfc_stats;

	if (bfc_fragmented(f, s) != 1)
		return 0;
	m->initiating = s;
	rmatch_support(m, b);
	m->confidence = "high";
	m->confidence_reason = "the BFC allocator's own stats at the failure";
	m->detail = arena_printf(a, "The BFC allocator had %s of its %s "
	    "limit free, enough for the %s request, but its largest free "
	    "block was %s.", fmt_bytes(a, ev_num_or(b, "limit_bytes", 0) -
	    ev_num_or(b, "in_use_bytes", 0)), fmt_bytes(a, ev_num_or(b,
	    "limit_bytes", 0)), fmt_bytes(a, ev_num_or(s, "requested_bytes",
	    0)), fmt_bytes(a, ev_num_or(b, "largest_free_block_bytes", 0)));
	return 1;
}

/*
 * An out-of-memory from creating the CUDA context itself (the driver's
 * cuCtxCreate / cuDevicePrimaryCtxRetain, PyTorch's lazy CUDA init in
 * the lines around it): a new process has allocated nothing yet, so the
 * device was already full, held by others.
 */
static int
ctx_create(const struct event *oom)
{
	static const char *const frames[] = {
		"cuCtxCreate", "cuDevicePrimaryCtxRetain", "_cuda_init()",
		"torch._C._cuda_init", "cudaSetDevice",
	};

	if (oom == NULL || oom->kind != EV_CUDA_OOM_PLAIN)
		return 0;
	for (size_t i = 0; i < sizeof(frames) / sizeof(frames[0]); i++)
		if (str_find(oom->context, frames[i]) != NULL ||
		    str_find(oom->text, frames[i]) != NULL)
			return 1;
	return 0;
}

static int
m_cuda_ctx(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = plain_oom(f);

	(void)a;
	if (s == NULL || !ctx_create(s) || plain_hw_gpu(f, s) != NULL)
		return 0;
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = "the OOM came from creating the CUDA context, "
	    "before the process allocated anything; who held the memory was "
	    "not collected";
	m->detail = "Creating the CUDA context failed with out-of-memory: "
	    "the device was already full before this process allocated "
	    "anything, so other processes held it.";
	return 1;
}

/*
 * A device OOM in a process that found most of the device taken when it
 * started: TensorFlow's device properties before the failure
 * ("totalMemory: 15.90GiB freeMemory: 3.12GiB"), or vLLM's own start-up
 * check, which is the failure ("Free memory on device cuda:0
 * (12.18/23.56 GiB) on startup is less than desired GPU memory
 * utilization"). What others held is capacity - free, counted before
 * this process allocated anything; as much as R-DEV-003 asks of what
 * others hold (others_hold).
 */
static int
m_held_at_start(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*oom = m->initiating, *s = NULL, *g = NULL;
	int64_t			 cap, fr, held, used;

	if (oom == NULL)
		return 0;
	cap = fr = -1;
	if (ev_str_is(oom, "what", "vllm_startup"))
		s = oom;
	else	/* the last counts before the failure in its own log: one
		 * line with both, or TF 1.0's two lines */
		for (size_t i = 0; i < f->tl->n; i++) {
			const struct event *d = f->tl->v[i];

			if (d->kind != EV_DEVICE_FREE || facts_foreign(f, d) ||
			    d->ref.file_id != oom->ref.file_id ||
			    d->ref.line >= oom->ref.line)
				continue;
			if (ev_field(d, "capacity_bytes") != NULL)
				cap = ev_num_or(d, "capacity_bytes", -1);
			if (ev_field(d, "free_bytes") != NULL) {
				fr = ev_num_or(d, "free_bytes", -1);
				s = d;
			}
		}
	if (s == oom && (ev_num(s, "capacity_bytes", &cap) != 0 ||
	    ev_num(s, "free_bytes", &fr) != 0))
		return 0;
	if (s == NULL || cap <= 0 || fr < 0 || fr > cap)
		return 0;
	held = cap - fr;
	if (!others_hold(held, cap))
		return 0;
	/* a snapshot whose GPU shows that much used and lists no process */
	for (int i = 0; i < f->ngpus && g == NULL; i++)
		if (f->gpus[i].nprocs == 0 && ev_num(f->gpus[i].gpu,
		    "fb_used_bytes", &used) == 0 && used * 2 >= held)
			g = f->gpus[i].gpu;
	if (s != oom)
		rmatch_support(m, s);
	rmatch_support(m, g);
	m->confidence = "medium";
	m->confidence_reason = "the framework counted the device's free "
	    "memory when it started, before it allocated anything; who held "
	    "the rest is not named";
	m->detail = arena_printf(a, "When the process started, only %s of the "
	    "device's %s was free: %s was held by other processes before it "
	    "allocated anything%s.", fmt_bytes(a, fr), fmt_bytes(a, cap),
	    fmt_bytes(a, held), g != NULL ? ", and nvidia-smi shows that "
	    "much in use with no process listed (a process in another "
	    "container or namespace, or a dead process's context)" : "");
	return 1;
}

/* An exclusive-process GPU another process holds: CUDA refuses the
 * context ("busy or unavailable") instead of reporting out-of-memory. */
static int
m_gpu_busy(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_GPU_BUSY], *ex = NULL;

	(void)a;
	/* A GPU the driver says is gone or needs a reset refuses work as
	 * "busy or unavailable" too: that is the device's fault. */
	if (s == NULL || kit_gpu_broken(f) != NULL)
		return 0;
	m->initiating = s;
	for (int i = 0; i < f->ngpus && ex == NULL; i++) {
		struct str cm = ev_str(f->gpus[i].gpu, "compute_mode");

		if (cm.p != NULL && (str_find(cm, "Exclusive") != NULL ||
		    str_find(cm, "E. Process") != NULL))
			ex = f->gpus[i].gpu;
	}
	rmatch_support(m, ex);
	m->confidence = "medium";
	m->confidence_reason = ex != NULL ? "CUDA refused the device and the "
	    "snapshot shows it in an exclusive compute mode; the holder is "
	    "not named" : "CUDA refused the device as busy; the holder is "
	    "not named";
	m->detail = "CUDA reported every device busy or unavailable: the GPU "
	    "is in an exclusive compute mode and another process (another "
	    "job, or a leftover of an earlier one) already holds it.";
	return 1;
}

/* The row of pasted ps output for pid, or NULL. */
static const struct event *
ps_row(const struct facts *f, int64_t pid)
{
	for (size_t i = 0; pid > 0 && i < f->tl->n; i++)
		if (f->tl->v[i]->kind == EV_PROC_STATE &&
		    f->tl->v[i]->pid == pid)
			return f->tl->v[i];
	return NULL;
}

/* ps's state of pid starts with c ('Z' zombie, 'T' stopped). */
static int
ps_state(const struct facts *f, int64_t pid, char c)
{
	const struct event	*ps = ps_row(f, pid);
	struct str		 s;

	if (ps == NULL)
		return 0;
	s = ev_str(ps, "stat");
	return s.n > 0 && s.p[0] == c;
}

/* A dead process in the snapshot's process table: nvidia-smi cannot
 * read its name ("Unknown Error", "[Not Found]", "<defunct>"), or the
 * job's log said it exited, and it still holds device memory. */
static const struct event *
dead_holder(const struct facts *f)
{
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *p = f->tl->v[i];

		if (p->kind != EV_GPU_PROC || facts_foreign(f, p) ||
		    ev_num_or(p, "used_bytes", 0) < 256 * MiB)
			continue;
		if (ev_num_or(p, "defunct", 0) > 0 ||
		    pid_exited(f, p->pid) != NULL || ps_state(f, p->pid, 'Z'))
			return p;
	}
	return NULL;
}

static int
m_zombie_record(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*p = dead_holder(f);

	if (p == NULL)
		return 0;
	m->initiating = p;
	rmatch_support(m, pid_exited(f, p->pid));
	rmatch_support(m, ps_row(f, p->pid));
	m->confidence = "medium";
	m->confidence_reason = "nvidia-smi lists device memory held by a "
	    "process that is gone; no failure line ties it to the job";
	m->detail = arena_printf(a, "nvidia-smi lists pid %lld holding %s "
	    "of device memory, but the process is dead: its CUDA context "
	    "was not torn down (often a forked child still holds the device "
	    "files), and every job placed on that GPU loses that memory.",
	    (long long)p->pid, fmt_bytes(a, ev_num_or(p, "used_bytes", 0)));
	return 1;
}

/*
 * A live process the snapshot lists holding device memory that ps shows
 * stopped (state T) or orphaned (parent pid 1: its job or launcher is
 * gone), and that is not one of the job's own processes: a leftover
 * holding the GPU for whoever is placed on it next.
 */
static const struct event *
leftover_holder(const struct facts *f)
{
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *p = f->tl->v[i], *ps;

		if (p->kind != EV_GPU_PROC || facts_foreign(f, p) ||
		    ev_num_or(p, "used_bytes", 0) < 256 * MiB ||
		    facts_is_job_pid(f, p->pid) ||
		    (ps = ps_row(f, p->pid)) == NULL)
			continue;
		if (ps_state(f, p->pid, 'T') || ev_num_or(ps, "ppid", -1) == 1)
			return p;
	}
	return NULL;
}

static int
m_leftover_record(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*p = leftover_holder(f), *ps;

	if (p == NULL)
		return 0;
	ps = ps_row(f, p->pid);
	m->initiating = p;
	rmatch_support(m, ps);
	m->confidence = "low";
	m->confidence_reason = "nvidia-smi and ps show the holder, but no "
	    "failure line and no list of the job's own pids tie it to the "
	    "job analysed";
	m->detail = arena_printf(a, "nvidia-smi lists pid %lld holding %s of "
	    "device memory, and ps shows it %s: a leftover of another job or "
	    "session, holding the GPU for whoever is placed on it next.",
	    (long long)p->pid, fmt_bytes(a, ev_num_or(p, "used_bytes", 0)),
	    ps_state(f, p->pid, 'T') ? "stopped (state T), doing no work" :
	    "orphaned (parent pid 1: its job or launcher is gone)");
	return 1;
}

/* Servers' refusals to start, by "what"; a detail with figures is worded
 * in m_cuda_plain. */
static const struct words server_words[] = {
	{ .key = "vllm_kv_cache", .detail = "vLLM refused to start: after the "
	    "weights (and activations profiled), nothing of what "
	    "--gpu-memory-utilization grants was left for the KV cache.",
	  .reason = "vLLM's engine found its KV cache too small once the "
	    "model was loaded",
	  .next = "Hold the model and its precision; lower --max-model-len "
	    "(or --max-num-seqs), or raise --gpu-memory-utilization if "
	    "nothing else uses the GPU, or spread the model with "
	    "--tensor-parallel-size; require the engine to start." },
	{ .key = "tgi_warmup", .detail = "Text Generation Inference refused "
	    "to start: its warm-up could not fit a prefill batch of "
	    "--max-batch-prefill-tokens beside the weights on the device.",
	  .reason = "TGI's warm-up found too little device memory for the "
	    "prefill batch it was told to serve",
	  .next = "Hold the model and its quantization; lower "
	    "--max-batch-prefill-tokens (and --max-input-length / "
	    "--max-total-tokens with it) or shard over more GPUs "
	    "(--num-shard); require the warm-up to pass." },
	{ .key = "cudnn_algo", .detail = "cuDNN found no convolution "
	    "algorithm it could run: each needs workspace on the device, and "
	    "the autotuner could get none, so the device was full when the "
	    "convolution ran (the framework's own preallocation, another "
	    "process or the model itself).",
	  .reason = "the autotuner's failure names no figures; it fails this "
	      "way when the device has no room for a workspace",
	  .next = "Rerun with the framework's preallocation off "
	      "(XLA_PYTHON_CLIENT_PREALLOCATE=false, TensorFlow's "
	      "allow_growth), with nvidia-smi showing what else holds the "
	      "GPU, or with a smaller batch; require the convolution to "
	      "run." },
	{ .key = "vllm_startup",
	  .reason = "vLLM's start-up check: the device's free memory was "
	    "below what --gpu-memory-utilization asks",
	  .next = "Lower --gpu-memory-utilization below the free share the "
	    "check printed (free / total) and require the engine to start; "
	    "then size --max-model-len or --max-num-seqs to the KV cache "
	    "that leaves." },
	{ .key = NULL }
};

static int
m_cuda_plain(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = plain_oom(f), *b = f->bfc_stats;
	int			 frag = bfc_fragmented(f, s);
	int64_t			 req;

	if (s == NULL || frag == 1 || plain_hw_gpu(f, s) != NULL ||
	    ctx_create(s))
		return 0;
	m->initiating = s;
	rmatch_support(m, f->summary_oom);
	m->confidence = "medium";
	m->confidence_reason = "a device allocation failure without the "
	    "allocator's breakdown (allocated, reserved, free)";
	req = ev_num_or(s, "requested_bytes", -1);
	if (frag == 0) {
		rmatch_support(m, b);
		m->confidence_reason = "the BFC allocator's stats show its "
		    "arena full; its limit may be below the device's (a "
		    "memory fraction or preallocation setting)";
		m->detail = arena_printf(a, "A device memory allocation of %s "
		    "failed: the BFC allocator had %s in use of its %s limit, "
		    "%s free, less than the request.", fmt_bytes(a, req),
		    fmt_bytes(a, ev_num_or(b, "in_use_bytes", 0)),
		    fmt_bytes(a, ev_num_or(b, "limit_bytes", 0)),
		    fmt_bytes(a, ev_num_or(b, "limit_bytes", 0) -
		    ev_num_or(b, "in_use_bytes", 0)));
		return 1;
	}
	m->detail = req > 0 ? arena_printf(a, "A device memory allocation "
	    "of %s failed.", fmt_bytes(a, req)) :
	    "A device memory allocation failed.";
	/* A server's own refusal to start words the failure its way. */
	kit_words_apply(kit_words(server_words, s, "what"), m);
	if (ev_str_is(s, "what", "vllm_kv_cache") &&
	    ev_num_or(s, "kv_tokens", -1) >= 0)
		m->detail = arena_printf(a, "vLLM refused to start: after the "
		    "weights, the memory --gpu-memory-utilization grants holds "
		    "a KV cache of %" PRId64 " tokens, fewer than the %" PRId64
		    " of one sequence at --max-model-len.",
		    ev_num_or(s, "kv_tokens", 0),
		    ev_num_or(s, "max_model_len", 0));
	else if (ev_str_is(s, "what", "vllm_kv_cache") &&
	    ev_num_or(s, "needed_bytes", -1) > 0)
		m->detail = arena_printf(a, "vLLM refused to start: one "
		    "sequence at --max-model-len (%" PRId64 " tokens) needs %s "
		    "of KV cache, more than the %s the memory "
		    "--gpu-memory-utilization grants leaves after the weights.",
		    ev_num_or(s, "max_model_len", 0),
		    fmt_bytes(a, ev_num_or(s, "needed_bytes", 0)),
		    fmt_bytes(a, ev_num_or(s, "available_bytes", 0)));
	else if (ev_str_is(s, "what", "vllm_startup"))
		m->detail = arena_printf(a, "vLLM refused to start: the device "
		    "had %s free of %s, less than the %s its "
		    "--gpu-memory-utilization (%.*s) asks for; the driver's and "
		    "other processes' share left less than that.",
		    fmt_bytes(a, ev_num_or(s, "free_bytes", 0)),
		    fmt_bytes(a, ev_num_or(s, "capacity_bytes", 0)),
		    fmt_bytes(a, req), (int)ev_str(s, "utilization").n,
		    ev_str(s, "utilization").p);
	/* ONNX Runtime's arena serves the CPU provider too: only a line
	 * that names the GPU side says it was device memory. */
	if (s->sig != NULL && strcmp(s->sig, "S-ORT-ARENA-OOM") == 0 &&
	    str_find(s->text, "CUDA") == NULL &&
	    str_find(s->text, "cuda") == NULL &&
	    str_find(s->text, "GPU") == NULL) {
		m->confidence = "low";
		m->confidence_reason = "ONNX Runtime's arena failed an "
		    "allocation, and its arena serves host (CPU provider) and "
		    "device memory alike: the line does not say which";
	}
	return 1;
}

/* An allocation of an impossible size (NONSENSE_BYTES): the size was
 * garbage — overflowed shape arithmetic, or state left corrupt by an
 * earlier failure such as an aborted collective. Never a capacity
 * problem. After a collective failure the size is that failure's echo:
 * the row stays silent and R-INC-001 names the collective (the missing
 * rank's own failure decides). */
static int
m_alloc_nonsense(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->alloc_nonsense;
	size_t			 at;
	int64_t			 req;
	struct str		 txt;

	if (s == NULL)
		return 0;
	at = facts_index_of(f, s);
	for (size_t i = 0; i < at && i < f->tl->n; i++) {
		enum ev_kind k = f->tl->v[i]->kind;

		if ((k == EV_NCCL_TIMEOUT || k == EV_NCCL_ERROR ||
		    k == EV_CHILD_FAILED || k == EV_LAUNCHER_EXIT) &&
		    !facts_foreign(f, f->tl->v[i]))
			return 0;
	}
	req = ev_num_or(s, "requested_bytes", -1);
	txt = ev_str(s, "requested_bytes");
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = req > 0 || txt.n == 0 ? "the size asked for "
	    "is no capacity figure (1 EiB or more); what corrupted it is not "
	    "in the evidence" : "the size asked for is too large for 63 bits, "
	    "no capacity figure; what corrupted it is not in the evidence";
	m->detail = req > 0 ? arena_printf(a, "An allocation asked for %s "
	    "(%" PRId64 " bytes), more than any device has: the size itself "
	    "was garbage, not the memory short.", fmt_bytes(a, req), req) :
	    txt.n > 0 ? arena_printf(a, "An allocation asked for %.*s, more "
	    "than 64 bits can count: the size itself was garbage (an "
	    "overflowed or negative count turned into a size), not the memory "
	    "short.", (int)txt.n, txt.p) : "PyTorch refused an allocation "
	    "of more than 1 EiB, the placeholder it prints for a garbage "
	    "size: the size itself was corrupt, not the memory short.";
	return 1;
}

/* The device rows, in id order; rules_table.c merges them into
 * the one view. */
const struct rule	rules_device[] = {
	{ .id = "R-DEV-001", .cause = "cuda_oom_exhaustion",
	  .boundary = "device", .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Model or batch too large'; S004 flowchart L",
	  .signals = "CUDA (or HIP) allocator OOM with numbers (the whole "
	      "message, "
	      "its figures alone, or with no OOM line a memory_summary() "
	      "table counting CUDA OOMs >= 1): reserved - allocated < the "
	      "request or < 10% of reserved (reserved ~ allocated); memory "
	      "held outside the process <= 2 GiB or 10% of capacity, or the "
	      "request would not fit even without it; at most one job "
	      "process on the GPU; medium confidence when the cache could "
	      "hold the request but is under 10% of reserved, or the request "
	      "or capacity is missing. With a PyTorch allocator snapshot of "
	      "the device (--attach), measured instead, also for an OOM line "
	      "without figures or the snapshot's own OOM trace entry: its "
	      "free blocks add up to less than the "
	      "request (a snapshot with a free block as large as the request "
	      "was taken after the failure and decides nothing)",
	  .meaning = "Live memory needs more than the GPU has.",
	  .next_action = "Hold host memory (--mem, workers) constant; lower "
	      "the device batch or sequence length, or enable activation "
	      "checkpointing or mixed precision, and require the CUDA OOM line "
	      "to disappear on the same GPU model.",
	  .match = m_cuda_exhaust },
	{ .id = "R-DEV-002", .cause = "cuda_oom_fragmentation",
	  .boundary = "device", .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Fragmentation'; S004 flowchart H",
	  .signals = "CUDA (or HIP) allocator OOM (or, with no OOM line, a "
	      "memory_summary() table counting CUDA OOMs >= 1) whose "
	      "reserved - allocated is >= the requested size AND >= 10% of "
	      "reserved (FRAG_SHARE_PCT); an unknown request leaves the 10% "
	      "to decide; medium confidence, as inferred from the figures "
	      "(real threads of such OOMs end about as often with a smaller "
	      "batch). With a PyTorch allocator "
	      "snapshot of the device (--attach), measured instead, also "
	      "for an OOM line without figures or, with no OOM line, the "
	      "snapshot's own trace entry of the failure: its free blocks "
	      "add up to "
	      "the request and its largest free block is smaller (the "
	      "verdict cites both); a job that already ran with "
	      "expandable_segments:True (snapshot settings or "
	      "PYTORCH_CUDA_ALLOC_CONF, PYTORCH_HIP_ALLOC_CONF) is not told "
	      "to set it again; on ROCm the control names "
	      "PYTORCH_HIP_ALLOC_CONF",
	  .meaning = "The allocator's cache held enough free memory, but in "
	      "pieces too small for the request.",
	  .next_action = "Hold batch and host memory constant; set "
	      "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (or "
	      "max_split_size_mb) and require the OOM to disappear.",
	  .match = m_cuda_frag },
	{ .id = "R-DEV-003", .cause = "gpu_other_tenant", .boundary = "device",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Another process on the GPU'",
	  .signals = "CUDA OOM where capacity - free - this process's memory "
	      "> 2 GiB and > 10% of capacity (on a small card >= 1 GiB and "
	      ">= half of it), and nvidia-smi (or amd-smi "
	      "process) lists another "
	      "process (not the job's) holding at least half of that",
	  .meaning = "Another process or job held the device memory.",
	  .next_action = "Run on an exclusively allocated GPU (--exclusive or "
	      "a GRES binding that isolates devices, or a MIG slice) with the "
	      "same batch, and require the OOM to disappear; reconcile the "
	      "other PID with the scheduler.",
	  .match = m_cuda_tenant },
	{ .id = "R-DEV-004", .cause = "zombie_context", .boundary = "device",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Zombie CUDA context'; S004 flowchart F",
	  .signals = "CUDA OOM with memory held outside the process and "
	      "nvidia-smi memory.used far above the sum of listed processes",
	  .meaning = "A CUDA context left by a dead process holds memory.",
	  .next_action = "Drain the node, kill the stale PID or reset the GPU "
	      "(nvidia-smi --gpu-reset) and rerun unchanged; require "
	      "memory.used to return to the driver reserve first.",
	  .match = m_cuda_zombie },
	{ .id = "R-DEV-005", .cause = "cuda_oom_exhaustion",
	  .boundary = "device", .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Context overhead multiplied by workers'",
	  .signals = "CUDA OOM while nvidia-smi lists two or more processes "
	      "of this job on the failing GPU",
	  .meaning = "Each extra process pays its own CUDA context.",
	  .next_action = "Keep CUDA out of DataLoader workers (or set "
	      "num_workers=0 as a control) with the same batch; require one "
	      "compute process per GPU and the OOM to disappear.",
	  .match = m_cuda_multiproc },
	{ .id = "R-DEV-006", .cause = "cuda_oom_exhaustion",
	  .boundary = "device", .rclass = RC_INCIDENT,
	  .seeds = "S004 'allowed' cap in the message",
	  .signals = "CUDA OOM message naming the memory the process is "
	      "allowed (set_per_process_memory_fraction), or HAMi-core's "
	      "'Device N OOM <would use> / <cap>' (a pod's vGPU slice)",
	  .meaning = "The process hit a cap on its device memory (its own, "
	      "or its vGPU slice's).",
	  .next_action = "Raise or remove the per-process memory fraction "
	      "with the same batch and require the OOM to disappear.",
	  .match = m_cuda_allowed },
	{ .id = "R-DEV-007", .cause = "cuda_oom_exhaustion",
	  .boundary = "device", .rclass = RC_INCIDENT,
	  .seeds = "S000 table 'torch.OutOfMemoryError: CUDA out of memory'; "
	      "S004 'Confirm the failure is allocation'",
	  .signals = "plain CUDA/XLA/TensorFlow out-of-memory errors without "
	      "PyTorch's allocator numbers (CUDA error names, XLA "
	      "RESOURCE_EXHAUSTED, TF 'OOM when allocating tensor' and its BFC "
	      "'ran out of memory ... (rounded to N)', llama.cpp's cudaMalloc, "
	      "ONNX Runtime's BFCArena, RELION's 'You ran out of memory on "
	      "the GPU(s)', cuDNN's autotuner finding no algorithm with room "
	      "for its workspace: low confidence unless the line names "
	      "CUDA or the GPU), with the BFC stats when printed (arena full: "
	      "Limit - InUse < the request)",
	  .meaning = "A device allocation failed; the breakdown is missing.",
	  .next_action = "Rerun once with the same settings and "
	      "torch.cuda.memory_summary() (or XLA's allocator dump) logged at "
	      "the failure; then change only the device batch.",
	  .match = m_cuda_plain },
	{ .id = "R-DEV-008", .cause = "gpu_other_tenant", .boundary = "device",
	  .rclass = RC_REFINE,
	  .refines = "cuda_oom_exhaustion,cuda_oom_fragmentation",
	  .seeds = "S004 cause 'Other processes holding GPU memory'",
	  .signals = "the watch series shows memory of a process outside the "
	      "job (not in its cgroup's processes) on the GPU, >= 64 MiB, "
	      "arriving mid-job before the CUDA OOM",
	  .meaning = "Another process took device memory during the job.",
	  .next_action = "Find the process by the pid and time shown "
	      "(nvidia-smi --query-compute-apps on the node, the scheduler's "
	      "job on that GPU); run the job with the GPU to itself "
	      "(--exclusive or a GPU-exclusive GRES) and the same batch, and "
	      "require the OOM to disappear.",
	  .match = series_refine_tenant },
	{ .id = "R-DEV-025", .cause = "gpu_other_tenant", .boundary = "device",
	  .rclass = RC_REFINE,
	  .refines = "cuda_oom_exhaustion,cuda_oom_fragmentation",
	  .seeds = "S004 cause 'Other processes holding GPU memory'",
	  .signals = "a device OOM in a process whose framework found at least "
	      "2 GiB and a tenth of the device (on a small card 1 GiB and "
	      "half of it) already taken when it started: "
	      "TensorFlow's 'totalMemory: X freeMemory: Y' before the failure, "
	      "or vLLM's 'Free memory on device (F/T GiB) on startup is less "
	      "than desired GPU memory utilization'",
	  .meaning = "Other processes held the device's memory before the job "
	      "allocated any.",
	  .next_action = "Snapshot nvidia-smi's processes on that GPU (and "
	      "fuser -v /dev/nvidia* for holders nvidia-smi cannot name) "
	      "before the job starts; rerun it unchanged on a GPU whose free "
	      "memory equals its capacity less the driver's reserve.",
	  .match = m_held_at_start },
	{ .id = "R-DEV-026", .cause = "not_oom_other", .boundary = "device",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 'Confirm the failure is allocation, not corruption'",
	  .signals = "an Intel GPU's (XPU) allocator OOM asking for 4 GiB or "
	      "more while its own figures show at least 1 GiB more than that "
	      "free, or Intel's extension's 'Current platform can NOT "
	      "allocate memory block with size larger than 4GB!'",
	  .meaning = "A single allocation was larger than the GPU's runtime "
	      "allows.",
	  .next_action = "Set UR_L0_ENABLE_RELAXED_ALLOCATION_LIMITS=1 for the "
	      "job (Level Zero's adapter then allows allocations past the "
	      "limit) or split the tensor below 4 GiB, and require the OOM to "
	      "disappear with the memory settings unchanged.",
	  .match = m_cuda_room_xpu },
	{ .id = "R-DEV-027", .cause = "inconclusive", .boundary = "device",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 'Confirm the failure is allocation, not corruption'",
	  .signals = "a device allocator OOM whose own figures show at least "
	      "1 GiB more free than the request (not an Intel GPU at its "
	      "single-allocation limit, no 'allowed' cap printed); low",
	  .meaning = "A device allocation failed although the device reported "
	      "room for it.",
	  .next_action = "Rerun with torch.cuda.memory_summary() and "
	      "nvidia-smi's per-process usage logged at the failure, and print "
	      "the process's memory fraction (a test or library may have set "
	      "one); do not raise memory or shrink the batch until one of "
	      "them explains the refusal.",
	  .match = m_cuda_room },
	{ .id = "R-DEV-009", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 'Confirm the failure is allocation, not corruption'",
	  .signals = "a device allocation failure asking for 1 EiB or more "
	      "(PyTorch's fixed 'Tried to allocate more than 1EB memory', "
	      "ONNX Runtime's BFCArena 'requested buffer of size N', XLA's "
	      "bytes), or a device or host allocation failure whose printed "
	      "size is too large for 63 bits (Kokkos' 'Allocation of size "
	      "1.718e+10 G'); silent when a collective timeout or launcher "
	      "report comes before it (R-INC-001 then names the collective)",
	  .meaning = "The requested size was garbage, not the memory short: "
	      "no batch size makes it fit.",
	  .next_action = "Do not lower the batch: find the failure before "
	      "this line (an aborted collective, an earlier exception, an "
	      "integer overflow in the failing operator's shape arithmetic), "
	      "log the failing operator's input shapes, and rerun unchanged.",
	  .match = m_alloc_nonsense },
	{ .id = "R-DEV-010", .cause = "cuda_oom_fragmentation",
	  .boundary = "device", .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Fragmentation'; S004 'the pool is chopped "
	      "into pieces too small for the failing request'",
	  .signals = "a TensorFlow/XLA device OOM whose BFC allocator stats "
	      "(Limit - InUse) had room for the request but whose "
	      "LargestFreeBlock was smaller than it (XLA's compile-time "
	      "'total fragmentation' and TF's 'If the cause is memory "
	      "fragmentation' hint are not evidence)",
	  .meaning = "The allocator's arena held enough free memory, but in "
	      "blocks too small for the request.",
	  .next_action = "Hold the batch and host memory constant; let the "
	      "allocator preallocate one arena (JAX: "
	      "XLA_PYTHON_CLIENT_PREALLOCATE=true; TF: "
	      "TF_GPU_ALLOCATOR=cuda_malloc_async) and require the OOM to "
	      "disappear.",
	  .match = m_bfc_frag },
	{ .id = "R-DEV-021", .cause = "gpu_other_tenant", .boundary = "device",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Another process on the GPU'",
	  .signals = "'all CUDA-capable devices are busy or unavailable' / "
	      "'CUDA-capable device(s) is/are busy or unavailable' "
	      "(cudaErrorDevicesUnavailable, 46)",
	  .meaning = "An exclusive-mode GPU was already held by another "
	      "process.",
	  .next_action = "On the node, list the GPU's compute processes "
	      "(nvidia-smi, and ps for their owners) while the GPU is "
	      "allocated to no job; rerun the job unchanged once it is free.",
	  .match = m_gpu_busy },
	{ .id = "R-DEV-022", .cause = "gpu_other_tenant", .boundary = "device",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 cause 'Another process on the GPU'",
	  .signals = "a plain CUDA out-of-memory raised while creating the "
	      "context (cuCtxCreate, cuDevicePrimaryCtxRetain, "
	      "torch._C._cuda_init in the lines around it)",
	  .meaning = "The device was full before the process allocated "
	      "anything.",
	  .next_action = "Snapshot nvidia-smi's process list on that GPU "
	      "when the failure happens; rerun unchanged on a GPU no other "
	      "process uses.",
	  .match = m_cuda_ctx },
	{ .id = "R-DEV-023", .cause = "zombie_context", .boundary = "device",
	  .prio = 4, .rclass = RC_RECORD,
	  .seeds = "S004 cause 'Zombie CUDA context'",
	  .signals = "nvidia-smi lists >= 256 MiB held by a process whose "
	      "name it cannot read ('Unknown Error', '[Not Found]', "
	      "'<defunct>'), that ps shows as a zombie (state Z), or that the "
	      "job's log reported exited",
	  .meaning = "A dead process's CUDA context still holds memory.",
	  .next_action = "Kill the processes that still hold the device "
	      "files (fuser -v /dev/nvidia*) or reset the GPU; drain the "
	      "node until nvidia-smi lists no dead holder.",
	  .match = m_zombie_record },
	{ .id = "R-DEV-024", .cause = "gpu_other_tenant", .boundary = "device",
	  .prio = 5, .rclass = RC_RECORD,
	  .seeds = "S004 cause 'Other processes holding GPU memory'",
	  .signals = "nvidia-smi lists >= 256 MiB held by a process that "
	      "pasted ps output shows stopped (state T) or orphaned (PPID 1), "
	      "and that is not one of the job's pids",
	  .meaning = "A leftover process of another job or session holds the "
	      "GPU.",
	  .next_action = "Kill the leftover (or make Slurm track and kill the "
	      "whole process tree: ProctrackType=proctrack/cgroup); rerun the "
	      "job unchanged on the freed GPU.",
	  .match = m_leftover_record },
	{ .id = "R-LEAK-002", .cause = "memory_leak", .boundary = "device",
	  .rclass = RC_REFINE,
	  .refines = "cuda_oom_exhaustion,cuda_oom_fragmentation",
	  .seeds = "S004 'does memory.used ramp over time?'; S004 'runway = "
	      "(total - used) / growth rate'",
	  .signals = "the watch series of a GPU's used memory, or the "
	      "allocated bytes a framework printed per step (DeepSpeed MA, "
	      "Megatron allocated), grew steadily up to the CUDA OOM",
	  .meaning = "Device memory grew steadily until an allocation "
	      "failed: a leak (tensors kept alive across steps), not one "
	      "oversized batch.",
	  .next_action = "Hold batch and sequence length constant and log "
	      "torch.cuda.memory_allocated() per step (or "
	      "torch.cuda.memory._record_memory_history); find what keeps "
	      "tensors alive (losses accumulated with their graph, caches, "
	      "hooks) and require allocated to stay flat across steps.",
	  .match = series_refine_device_leak },
	{ .id = "R-LEAK-004", .cause = "memory_leak", .boundary = "device",
	  .prio = 11, .rclass = RC_RECORD,
	  .seeds = "S004 'does memory.used ramp over time?'; S004 'runway = "
	      "(total - used) / growth rate'",
	  .signals = "no failure, and device memory readings (the watch "
	      "series of a GPU, an nvidia-smi loop, DeepSpeed/Megatron "
	      "allocated figures in the job log) rise steadily: a leak by "
	      "trend.h with R^2 >= 0.8 over >= 8 readings; medium from "
	      "R^2 >= 0.9 over >= 12; low from a "
	      "handful of readings (3 to 7, as pasted by hand) each above "
	      "the last and rising by >= 10% of the limit (30% of the first "
	      "reading when no limit is known)",
	  .meaning = "Device memory is growing steadily toward the GPU's "
	      "capacity; nothing has failed yet.",
	  .next_action = "Hold batch and sequence length constant and log "
	      "torch.cuda.memory_allocated() per step; find what keeps "
	      "tensors alive and require allocated to stay flat before the "
	      "runway runs out.",
	  .match = series_growing_device },
};
const size_t	nrules_device =
    sizeof(rules_device) / sizeof(rules_device[0]);
