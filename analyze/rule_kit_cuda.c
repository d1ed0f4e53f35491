/*
 * rule_kit_cuda: the kit's CUDA OOM classification, shared by the device
 * (rules_device.c) and hardware (rules_hardware.c) rows and read by the
 * engine for the quantities: which allocation failure the rows read
 * (PyTorch's message with its figures, merged when wrapped; a plain
 * CUDA/TF/XLA line; a memory_summary() table), the allocator's figures,
 * what the GPU snapshot says about the device and its processes, and the
 * one class an allocator OOM falls into (cuda_rule()).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "gpu_models.h"
#include "rule_kit.h"
#include "units.h"
#include "rules.h"

/* The device allocation failure with allocator figures: PyTorch's OOM
 * message (whole or its figures alone), else — with no OOM line at all —
 * a torch.cuda.memory_summary() table that counts a CUDA OOM. */
/* A quoted tail with neither the request nor live memory ("1.17 GiB
 * reserved in total by PyTorch)") says only that an allocation failed:
 * the plain row reads it. */
static int
has_figures(const struct event *oom)
{
	return ev_num_or(oom, "requested_bytes", -1) > 0 ||
	    allocated_of(oom) >= 0 || ev_num_or(oom, "allowed_bytes", -1) >= 0;
}

/*
 * A message wrapped over lines as pasted ("... Tried to allocate 3.02 GiB
 * (GPU 1; 23.70 GiB total capacity; " / "16.92 GiB already allocated; ...
 * reserved in total by " / "PyTorch)") gives two events: the head with
 * the request, the tail with the allocator's figures, on the next line or
 * the one after in the same file. The figures of both, on a copy of the
 * head (its field array is reallocated on the first addition, never
 * shared); the head alone when there is no such tail.
 */
static const char *const oom_figures[] = {
	"requested_bytes", "gpu", "capacity_bytes", "free_bytes",
	"allocated_bytes", "reserved_bytes", "reserved_unallocated_bytes",
	"allowed_bytes", "process_bytes"
};

static const struct event *
oom_merged(const struct facts *f, struct arena *a, const struct event *h)
{
	size_t			 at = f->first_at[EV_CUDA_OOM];
	const struct event	*t = NULL;
	struct event		*c;
	int64_t			 v;

	for (size_t i = at + 1; i < f->tl->n && i <= at + 4; i++) {
		const struct event *e = f->tl->v[i];

		if (e->kind == EV_CUDA_OOM && f->tl->in[i] == f->tl->in[at] &&
		    e->ref.file_id == h->ref.file_id &&
		    e->ref.line > h->ref.line && e->ref.line <= h->ref.line + 2) {
			t = e;
			break;
		}
	}
	if (t == NULL || ev_field(h, "allocated_bytes") != NULL ||
	    ev_field(t, "requested_bytes") != NULL ||
	    (c = arena_alloc(a, sizeof(*c))) == NULL)
		return h;
	*c = *h;
	c->fcap = c->nf;
	for (size_t i = 0; i < sizeof(oom_figures) / sizeof(oom_figures[0]);
	    i++)
		if (ev_field(c, oom_figures[i]) == NULL &&
		    ev_num(t, oom_figures[i], &v) == 0 &&
		    ev_set_num(c, a, oom_figures[i], v) == -1)
			return h;
	return c;
}

/*
 * The allocator snapshot (EV_ALLOC_SNAPSHOT) of the OOM's device: the one
 * of the GPU the OOM names, else the only device whose trace recorded an
 * OOM; on the OOM's node when both name theirs (every rank's snapshot
 * says device 0). NULL when there is none, or no way to tell which.
 */
const struct event *
cuda_snapshot(const struct facts *f, const struct event *oom)
{
	int64_t			 idx = ev_num_or(oom, "gpu", -1);
	const struct event	*hit = NULL;
	int			 n = 0;

	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];

		if (ev->kind != EV_ALLOC_SNAPSHOT || facts_foreign(f, ev) ||
		    (oom != NULL && oom->node != NULL && ev->node != NULL &&
		    strcmp(oom->node, ev->node) != 0))
			continue;
		if (idx >= 0 && ev_num_or(ev, "gpu", -1) == idx)
			return ev;
		if (idx < 0 && ev_num_or(ev, "oom", 0) > 0) {
			hit = ev;
			n++;
		}
	}
	return n == 1 ? hit : NULL;
}

/* The failed request: the OOM line's, else the snapshot's OOM entry's. */
int64_t
snap_request(const struct event *snap, const struct event *oom)
{
	int64_t	req = ev_num_or(oom, "requested_bytes", -1);

	return req > 0 ? req : ev_num_or(snap, "oom_requested_bytes", -1);
}

/*
 * Fragmentation measured: 1 when the snapshot's free blocks add up to the
 * request but none is as large (DESIGN: "a snapshot shows free memory in
 * blocks all smaller than the request"), 0 when they do not add up to it
 * (exhaustion), -1 when the snapshot cannot say: no request size, no
 * blocks, or a free block that could have held the request (the snapshot
 * was taken after memory was released, not at the failure).
 */
static int
snap_measure(const struct event *snap, const struct event *oom)
{
	int64_t	req = snap_request(snap, oom);
	int64_t	free_ = ev_num_or(snap, "free_bytes", -1);
	int64_t	big = ev_num_or(snap, "largest_free_block_bytes", -1);

	if (req <= 0 || free_ < 0 || big < 0 ||
	    ev_num_or(snap, "blocks", 0) <= 0 || big >= req)
		return -1;
	return free_ >= req;
}

const struct event *
cuda_measured(const struct facts *f, const struct event *oom)
{
	const struct event	*s = cuda_snapshot(f, oom);

	return s != NULL && snap_measure(s, oom) >= 0 ? s : NULL;
}

/* A PyTorch OOM without the allocator's figures that a snapshot of its
 * device measures: the device rows read it as if it had them. */
static const struct event *
measured_plain(const struct facts *f)
{
	const struct event	*s = f->first[EV_CUDA_OOM];

	if (s == NULL)
		s = f->first[EV_CUDA_OOM_PLAIN];
	if (s == NULL || (s->kind == EV_CUDA_OOM && has_figures(s)))
		return NULL;
	return cuda_measured(f, s) != NULL ? s : NULL;
}

/* With no OOM line at all: a snapshot whose trace recorded the failed
 * allocation and that measures it (the allocator's own record). */
static const struct event *
snapshot_oom(const struct facts *f)
{
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];

		if (ev->kind == EV_ALLOC_SNAPSHOT && !facts_foreign(f, ev) &&
		    ev_num_or(ev, "oom", 0) > 0 && cuda_measured(f, ev) != NULL)
			return ev;
	}
	return NULL;
}

static const struct event *
oom_event(const struct facts *f)
{
	if (f->first[EV_CUDA_OOM] != NULL)
		return has_figures(f->first[EV_CUDA_OOM]) ?
		    f->first[EV_CUDA_OOM] : measured_plain(f);
	if (measured_plain(f) != NULL)
		return measured_plain(f);
	if (f->first[EV_CUDA_OOM_PLAIN] != NULL || f->first[EV_XLA_OOM] !=
	    NULL)
		return NULL;
	return f->summary_oom != NULL && has_figures(f->summary_oom) ?
	    f->summary_oom : snapshot_oom(f);
}

static int
is_summary(const struct event *ev)
{
	return ev->kind == EV_MEM_SUMMARY;
}

static const struct gpu_fact *
gpu_of(const struct facts *f, const struct event *oom)
{
	int64_t	idx = ev_num_or(oom, "gpu", -1);

	for (int i = 0; i < f->ngpus; i++)
		if ((idx >= 0 && f->gpus[i].index == idx) ||
		    (idx < 0 && f->ngpus == 1))
			return &f->gpus[i];
	return NULL;
}

/* Current hardware evidence on a GPU (never old aggregate counters). */
int
gpu_hw_current(const struct event *g)
{
	return ev_num_or(g, "retired_pending", 0) > 0 ||
	    ev_num_or(g, "remapped_pending", 0) > 0 ||
	    ev_num_or(g, "remapped_failure", 0) > 0 ||
	    ev_num_or(g, "ecc_volatile_uncorrectable", 0) > 0;
}

/* PyTorch's reserved total: printed by the old message, or allocated +
 * reserved-but-unallocated in the 2.x message (or + "cached" in 1.0-1.3),
 * or the memory_summary() table's current "GPU reserved memory". */
int64_t
reserved_of(const struct event *oom)
{
	int64_t	r = ev_num_or(oom, "reserved_bytes", -1);
	int64_t	a = ev_num_or(oom, "allocated_bytes", -1);
	int64_t	u = ev_num_or(oom, "reserved_unallocated_bytes", -1);

	if (r >= 0)
		return r;
	/* PyTorch 1.0-1.3 "N cached": the cached part not allocated (it is
	 * printed below "already allocated" on the same message). */
	if (u < 0)
		u = ev_num_or(oom, "cached_bytes", -1);
	if (a >= 0 && u >= 0)
		return a + u;
	return ev_num_or(oom, "reserved_cur_bytes", -1);
}

/* Live tensors: the message's allocated figure or the table's current
 * "Allocated memory". */
int64_t
allocated_of(const struct event *oom)
{
	int64_t	a = ev_num_or(oom, "allocated_bytes", -1);

	return a >= 0 ? a : ev_num_or(oom, "allocated_cur_bytes", -1);
}

/* Reserved but unallocated, or -1. */
int64_t
unallocated_of(const struct event *oom)
{
	int64_t	r = reserved_of(oom), a = allocated_of(oom);

	return r >= 0 && a >= 0 && r >= a ? r - a : -1;
}

/* The unallocated cache is at least FRAG_SHARE_PCT of reserved. */
static int
cache_share_large(const struct event *oom)
{
	int64_t	r = reserved_of(oom), u = unallocated_of(oom);

	return r > 0 && u >= 0 && (double)u * 100 >= (double)r *
	    FRAG_SHARE_PCT;
}

/* The unallocated cache as a percentage of reserved (for the text). */
double
share_pct(const struct event *oom)
{
	int64_t	r = reserved_of(oom), u = unallocated_of(oom);

	return r > 0 && u >= 0 ? (double)u * 100 / (double)r : 0;
}

/*
 * PyTorch 2.x lists every process with a context on the device, this one
 * included: as "Including non-PyTorch memory, this process has X" when it
 * finds its own pid, as "Process N has X" when it does not (a container's
 * pid namespace). A list of one "Process N" is therefore this process:
 * its bytes, or -1.
 */
static int64_t
sole_listed_bytes(const struct event *oom)
{
	struct str	 s = ev_str(oom, "proc_info");
	const char	*p, *q;
	uint64_t	 b;

	if (s.n == 0 || str_find(s, "this process") != NULL ||
	    (p = str_find(s, "Process ")) == NULL ||
	    str_find(str_make(p + 8, (size_t)(s.p + s.n - p - 8)),
	    "Process ") != NULL || (p = str_find(s, " has ")) == NULL ||
	    (q = str_find(s, " memory in use")) == NULL || q < p + 5)
		return -1;
	if (units_size(str_make(p + 5, (size_t)(q - p - 5)), 1, &b) != 0 ||
	    b > INT64_MAX)
		return -1;
	return (int64_t)b;
}

int64_t
held_outside(const struct event *oom)
{
	int64_t	cap = ev_num_or(oom, "capacity_bytes", -1);
	int64_t	free_ = ev_num_or(oom, "free_bytes", -1);
	int64_t	mine = ev_num_or(oom, "process_bytes", -1);

	if (mine < 0)
		mine = sole_listed_bytes(oom);
	if (mine < 0)
		mine = reserved_of(oom);
	/* PyTorch 1.0-1.3 printed "N cached": the cache beyond what is
	 * allocated (signatures.md 3.1), so the process held allocated +
	 * cached. */
	if (mine < 0 && ev_num_or(oom, "cached_bytes", -1) >= 0 &&
	    ev_num_or(oom, "allocated_bytes", -1) >= 0)
		mine = ev_num_or(oom, "cached_bytes", 0) +
		    ev_num_or(oom, "allocated_bytes", 0);
	if (cap < 0 || free_ < 0 || mine < 0)
		return -1;
	return cap - free_ - mine;
}

int
others_hold(int64_t held, int64_t cap)
{
	if (cap <= 0 || held <= 0)
		return 0;
	return (held > 2 * GiB && held > cap / 10) ||
	    (held >= GiB && held >= cap / 2);
}

/* Would the request have fit had the memory held outside the process been
 * free? A request larger than that (larger than the whole GPU, say) is
 * the workload's own size, whoever else is on the card. */
static int
fits_without_others(const struct event *oom, int64_t out)
{
	int64_t	req = ev_num_or(oom, "requested_bytes", -1);
	int64_t	free_ = ev_num_or(oom, "free_bytes", -1);
	int64_t	u = unallocated_of(oom);

	if (req <= 0 || free_ < 0)
		return 1;
	return req <= free_ + out + (u > 0 ? u : 0);
}

static int
other_procs(const struct facts *f, const struct gpu_fact *g,
    const struct event *oom, int64_t *bytes)
{
	int	n = 0;

	*bytes = 0;
	for (int i = 0; g != NULL && i < g->nprocs; i++) {
		const struct event *p = g->procs[i];
		int mine = f->njob_pids > 0 ? facts_is_job_pid(f, p->pid) :
		    (oom->pid > 0 && p->pid == oom->pid);

		if (!mine) {
			n++;
			*bytes += ev_num_or(p, "used_bytes", 0);
		}
	}
	return n;
}

static int
job_procs(const struct facts *f, const struct gpu_fact *g)
{
	int	n = 0;

	for (int i = 0; g != NULL && i < g->nprocs; i++)
		if (f->njob_pids > 0 && facts_is_job_pid(f, g->procs[i]->pid))
			n++;
	return n;
}

/* An EV_PROC_EXIT of the job's log names pid. */
const struct event *
pid_exited(const struct facts *f, int64_t pid)
{
	for (size_t i = 0; pid > 0 && i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];

		if (ev->kind == EV_PROC_EXIT && ev->pid == pid &&
		    !facts_foreign(f, ev))
			return ev;
	}
	return NULL;
}

/*
 * The OOM message's "Process N has X memory in use" names a pid that
 * the job's own log reported exited before: the memory it holds belongs
 * to no live process (a context left behind), not to another tenant.
 */
const struct event *
named_pid_exited(const struct facts *f, const struct event *oom)
{
	struct str	 s = ev_str(oom, "proc_info");
	const char	*p = s.p, *end = s.p + s.n;
	int64_t		 pid;

	while (p != NULL && p < end) {
		const char *q = str_find(str_make(p, (size_t)(end - p)),
		    "Process ");

		if (q == NULL)
			break;
		q += 8;
		for (pid = 0; q < end && *q >= '0' && *q <= '9'; q++)
			pid = pid * 10 + (*q - '0');
		if (pid > 0 && pid != oom->pid && pid_exited(f, pid) != NULL &&
		    facts_index_of(f, pid_exited(f, pid)) <
		    facts_index_of(f, oom))
			return pid_exited(f, pid);
		p = q;
	}
	return NULL;
}

/* The request cannot fit on the device however the cache is arranged:
 * live tensors plus the request exceed its capacity, or the figures
 * contradict themselves (more reserved than the device has). Then a
 * large unallocated share is not fragmentation. */
static int
beyond_device(const struct event *oom)
{
	int64_t	cap = ev_num_or(oom, "capacity_bytes", -1);
	int64_t	req = ev_num_or(oom, "requested_bytes", -1);
	int64_t	al = allocated_of(oom), rs = reserved_of(oom);

	if (cap <= 0)
		return 0;
	return (req > 0 && al >= 0 && al <= cap && req > cap - al) ||
	    rs > cap;
}

/* The device had room: its own free figure exceeds the request by a
 * gibibyte or more, yet the allocation failed. Not memory running short
 * but a limit on one allocation's size (Intel GPUs refuse a single
 * allocation of 4 GiB unless relaxed limits are enabled). */
#define ROOM_SLACK	(1LL << 30)

static int
room_on_device(const struct event *oom)
{
	int64_t	req = ev_num_or(oom, "requested_bytes", -1);
	int64_t	free_ = ev_num_or(oom, "free_bytes", -1);
	int64_t	cap = ev_num_or(oom, "capacity_bytes", -1);

	return req > 0 && free_ >= 0 && cap > 0 && free_ <= cap &&
	    free_ - req >= ROOM_SLACK;
}

static enum cuda_class
cuda_classify(const struct facts *f, const struct event *oom,
    const struct gpu_fact **gp)
{
	const struct gpu_fact	*g = gpu_of(f, oom);
	int64_t			 cap = ev_num_or(oom, "capacity_bytes", -1);
	int64_t			 req = ev_num_or(oom, "requested_bytes", -1);
	int64_t			 u = unallocated_of(oom);
	int64_t			 out = held_outside(oom), obytes, used, sum;
	const struct event	*sn;

	*gp = g;
	if (g != NULL && gpu_hw_current(g->gpu))
		return CC_RETIRED;
	if (ev_num_or(oom, "allowed_bytes", -1) >= 0)
		return CC_ALLOWED;
	if (room_on_device(oom) || ev_str_is(oom, "what", "xpu_alloc_limit"))
		return CC_ROOM;
	if (others_hold(out, cap) && fits_without_others(oom, out)) {
		if (named_pid_exited(f, oom))
			return CC_ZOMBIE;
		if (g == NULL)
			return CC_TENANT;
		if (other_procs(f, g, oom, &obytes) > 0 && obytes >= out / 2)
			return CC_TENANT;
		used = ev_num_or(g->gpu, "fb_used_bytes", -1);
		sum = 0;
		for (int i = 0; i < g->nprocs; i++)
			sum += ev_num_or(g->procs[i], "used_bytes", 0);
		if (used < 0 || used - sum >= out / 2 || g->nprocs == 0)
			return CC_ZOMBIE;
		return CC_TENANT;
	}
	if (job_procs(f, g) >= 2)
		return CC_MULTIPROC;
	/* A snapshot of the device measures what the threshold infers. */
	if ((sn = cuda_measured(f, oom)) != NULL)
		return snap_measure(sn, oom) ? CC_FRAG : CC_EXHAUST;
	/* Both conditions; an unknown request (the figures alone were
	 * quoted, or a memory_summary() table) leaves the share to decide. */
	if (u >= 0 && (req <= 0 || u >= req) && cache_share_large(oom) &&
	    !beyond_device(oom))
		return CC_FRAG;
	return CC_EXHAUST;
}

/* *op: the figures the row reads (a wrapped message's head and tail
 * together); m->initiating stays the timeline's first line. */
int
cuda_rule(const struct facts *f, struct arena *a, struct rmatch *m,
    enum cuda_class want, const struct event **op)
{
	const struct event	*first = oom_event(f), *oom;
	const struct gpu_fact	*g;
	enum cuda_class		 c;
	int64_t			 req, u;

	if (first == NULL)
		return 0;
	oom = first->kind == EV_CUDA_OOM ? oom_merged(f, a, first) : first;
	if ((c = cuda_classify(f, oom, &g)) != want)
		return 0;
	*op = oom;
	m->initiating = first;
	m->gpu = g ? g->gpu : NULL;
	if (!is_summary(oom))
		rmatch_support(m, f->first[EV_MEM_SUMMARY]);
	m->confidence = "high";
	m->confidence_reason = "the allocator's own numbers in the OOM message";
	req = ev_num_or(oom, "requested_bytes", -1);
	u = unallocated_of(oom);
	if (c == CC_ZOMBIE && named_pid_exited(f, oom) != NULL) {
		rmatch_support(m, named_pid_exited(f, oom));
		m->confidence = "medium";
		m->confidence_reason = "the OOM message names the process that "
		    "holds the memory, and the job's log reported that process "
		    "exited before";
	} else if ((c == CC_TENANT || c == CC_ZOMBIE) && g == NULL) {
		m->confidence = "low";
		m->confidence_reason = "memory held outside the process, but no "
		    "nvidia-smi process list to say by whom";
	} else if (c == CC_TENANT || c == CC_ZOMBIE || c == CC_MULTIPROC ||
	    c == CC_RETIRED)
		m->confidence_reason = "the allocator's numbers and the "
		    "nvidia-smi snapshot agree";
	else if (cuda_measured(f, oom) != NULL) {
		if (oom != cuda_measured(f, oom))
			rmatch_support(m, cuda_measured(f, oom));
		m->confidence_reason = oom->kind == EV_ALLOC_SNAPSHOT ?
		    "measured in the allocator snapshot, whose trace recorded "
		    "the failed allocation (no OOM line was collected): its "
		    "largest free block against the request" :
		    "measured in the allocator snapshot: its largest free "
		    "block against the failed request";
	}
	else if (is_summary(oom)) {
		m->confidence = "medium";
		m->confidence_reason = "no OOM line: a memory_summary() table "
		    "counting a CUDA OOM, read at the time it was printed (no "
		    "request size, no device capacity)";
	} else if (req > 0 && u < 0 && ev_num_or(oom, "capacity_bytes", -1) >=
	    0 && ev_num_or(oom, "allocated_bytes", -1) >= 0 &&
	    ev_num_or(oom, "free_bytes", -1) >= 0) {
		/* a whole message that prints no reserve (the
		 * cudaMallocAsync backend's) */
		m->confidence = "medium";
		m->confidence_reason = "the OOM message tells what PyTorch "
		    "holds and what the device had free, not how much of the "
		    "rest the allocator kept cached or another process held";
	} else if (req <= 0 || ev_num_or(oom, "capacity_bytes", -1) < 0 ||
	    u < 0) {
		m->confidence = "medium";
		m->confidence_reason = "only part of the OOM message was "
		    "quoted: the request size, the device capacity or the "
		    "allocator's allocated and reserved figures are missing";
	} else if (c == CC_FRAG) {
		/* The threshold infers fragmentation from two figures; real
		 * threads of such OOMs end about as often with a smaller
		 * batch as with an allocator setting. A snapshot (above)
		 * measures it instead. */
		m->confidence = "medium";
		m->confidence_reason = req > 0 && u < req + req / 4 ? "the "
		    "unallocated cache only just holds the request (less than "
		    "a quarter more): freed of its fragmentation it would serve "
		    "this allocation and little after it, so the workload may "
		    "need more than the device has all the same" : "inferred "
		    "from the allocator's figures (the unallocated cache holds "
		    "the request and is at least a tenth of what was reserved), "
		    "not measured; an allocator snapshot (--attach) would show "
		    "whether the free blocks were too small for it";
	} else if (c == CC_EXHAUST && u >= req && beyond_device(oom)) {
		m->confidence = "medium";
		m->confidence_reason = reserved_of(oom) > ev_num_or(oom,
		    "capacity_bytes", -1) ? "the OOM message's figures "
		    "contradict themselves (more reserved than the device "
		    "holds), so its unallocated share says nothing; the "
		    "request is most of the device" : "the request and the "
		    "live tensors together exceed the device: no arrangement "
		    "of the cache could have held it";
	} else if (c == CC_EXHAUST && u >= req) {
		m->confidence = "medium";
		m->confidence_reason = arena_printf(a, "the unallocated cache "
		    "could have held the request but is under %d%% of "
		    "reserved: the normal slack of a caching allocator on a "
		    "full card, not fragmentation", FRAG_SHARE_PCT);
	}
	return 1;
}

/* The plain device OOM (no PyTorch breakdown): the first of the plain
 * CUDA/TF/ggml/ORT lines and XLA's, else a quoted PyTorch tail without
 * figures, else a memory_summary() table cut before its figures. */
const struct event *
plain_oom(const struct facts *f)
{
	const struct event	*s = f->first[EV_CUDA_OOM_PLAIN];

	if (measured_plain(f) != NULL)
		return NULL;	/* the measured rows read it */
	if (f->first[EV_CUDA_OOM] != NULL)
		return has_figures(f->first[EV_CUDA_OOM]) ? NULL :
		    f->first[EV_CUDA_OOM];
	if (s == NULL || (f->first[EV_XLA_OOM] != NULL &&
	    f->first_at[EV_XLA_OOM] < f->first_at[EV_CUDA_OOM_PLAIN]))
		s = f->first[EV_XLA_OOM];
	if (s == NULL && f->summary_oom != NULL && oom_event(f) == NULL)
		s = f->summary_oom;
	return s;
}

/* A plain OOM's GPU (the one it names, or the snapshot's only one) when
 * the snapshot shows current hardware trouble on it, as R-HW-002 reads
 * an allocator OOM. */
const struct event *
plain_hw_gpu(const struct facts *f, const struct event *oom)
{
	const struct gpu_fact	*g = gpu_of(f, oom);

	return g != NULL && gpu_hw_current(g->gpu) ? g->gpu : NULL;
}

/* "expandable_segments:True" among an allocator config's options. */
static int
conf_expandable(struct str v)
{
	const char	*p = str_find(v, "expandable_segments");
	struct str	 rest;

	if (p == NULL)
		return 0;
	rest = str_make(p, (size_t)(v.p + v.n - p));
	return str_starts(rest, "expandable_segments:True") ||
	    str_starts(rest, "expandable_segments:true") ||
	    str_starts(rest, "expandable_segments:1");
}

const struct event *
expandable_on(const struct facts *f)
{
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];

		if (facts_foreign(f, ev))
			continue;
		if (ev->kind == EV_ALLOC_SNAPSHOT &&
		    (ev_num_or(ev, "expandable_segments", -1) > 0 ||
		    ev_num_or(ev, "expandable_segment_count", 0) > 0))
			return ev;
		if (ev->kind == EV_JOB_ENV &&
		    (conf_expandable(ev_str(ev, "PYTORCH_CUDA_ALLOC_CONF")) ||
		    conf_expandable(ev_str(ev, "PYTORCH_HIP_ALLOC_CONF")) ||
		    conf_expandable(ev_str(ev, "PYTORCH_ALLOC_CONF"))))
			return ev;
	}
	return NULL;
}

/* A GPU reported by amd-smi or rocm-smi (parse_amdsmi.c). */
static int
gpu_is_amd(const struct event *g)
{
	return g != NULL && str_eq(ev_str(g, "vendor"), "amd");
}

int
kit_is_hip(const struct facts *f, const struct event *ev)
{
	struct str	api = ev != NULL ? ev_str(ev, "api") : str_make(NULL, 0);

	if (api.n > 0)
		return api.n == 3 && (api.p[0] == 'H' || api.p[0] == 'h') &&
		    (api.p[1] == 'I' || api.p[1] == 'i') &&
		    (api.p[2] == 'P' || api.p[2] == 'p');
	if (ev != NULL && ev->sig != NULL &&
	    (strncmp(ev->sig, "amdgpu.", 7) == 0 ||
	    strcmp(ev->sig, "S-HIP-FAULT") == 0 ||
	    strcmp(ev->sig, "S-MIOPEN-OOM") == 0))
		return 1;
	if (ev != NULL && gpu_is_amd(ev))
		return 1;
	/* An OOM line that names an API said CUDA; only a line that names
	 * none (a cut message, a memory_summary() table) defers. */
	if (ev != NULL && (ev->kind == EV_CUDA_OOM ||
	    ev->kind == EV_CUDA_OOM_PLAIN) && api.p != NULL)
		return 0;
	for (int i = 0; i < f->ngpus; i++)
		if (gpu_is_amd(f->gpus[i].gpu))
			return 1;
	return 0;
}

const char *
kit_hip_words(struct arena *a, const char *s)
{
	static const struct {
		const char	*from, *to;
	} w[] = {
		{ "PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF" },
		{ "CUDA_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES (or "
		    "ROCR_VISIBLE_DEVICES)" },
		{ "nvidia-smi", "amd-smi" },
		{ "/dev/nvidia* minors", "/dev/dri/renderD* nodes (and "
		    "/dev/kfd)" },
		{ "/dev/nvidia*", "/dev/kfd and /dev/dri/renderD*" },
		{ "File=/dev/nvidia[0-N]", "File=/dev/dri/renderD[128-N]" },
		{ "AutoDetect=nvml", "AutoDetect=rsmi" },
		{ "CUDA_LAUNCH_BLOCKING=1", "AMD_SERIALIZE_KERNEL=3" },
		{ "compute-sanitizer", "ROCm's AddressSanitizer build" },
		{ "the Xid follows", "the fault follows" },
		{ "a MIG slice", "a compute partition (CPX)" },
		{ "CUDA", "HIP" },
	};
	struct buf	b;
	const char	*p, *out = s;
	size_t		 i;
	int		 bad = 0;

	if (s == NULL)
		return NULL;
	buf_init(&b, 1 << 16);
	for (p = s; *p != '\0' && !bad;) {
		for (i = 0; i < sizeof(w) / sizeof(w[0]); i++)
			if (strncmp(p, w[i].from, strlen(w[i].from)) == 0)
				break;
		if (i < sizeof(w) / sizeof(w[0])) {
			bad = buf_addstr(&b, w[i].to) != ERR_OK;
			p += strlen(w[i].from);
		} else
			bad = buf_add(&b, p++, 1) != ERR_OK;
	}
	if (!bad && b.n > 0)
		out = arena_strndup(a, b.p, b.n);
	buf_free(&b);
	return out != NULL ? out : s;
}
