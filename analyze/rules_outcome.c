/*
 * rules_outcome: the outcome rows of the decision table, those that name
 * no memory boundary: not_oom_other (a failed job, a SIGKILL no OOM
 * killer sent, a lost node, a full disk, the CUDA software stack, a GPU
 * program on a CPU-only job), no_incident and inconclusive (the final
 * rows). Each row beside its predicate; rules_table.c assembles every
 * boundary's rows into the one table.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gpu_models.h"
#include "rule_kit.h"
#include "rules.h"
#include "rules_rows.h"

/* What each CUDA stack error means, by "what"; a driver older than the
 * runtime is the rest (driver_too_old, insufficient_driver). */
static const struct words stack_words[] = {
	{ .key = "no_kernel_image", .detail = "The program (or a library it "
	    "loads) has no GPU code for this device's architecture: a build "
	    "problem. Memory settings cannot help; any memory-tuning advice "
	    "printed with it is generic." },
	{ .key = "invalid_symbol", .detail = "The GPU code has no symbol the "
	    "program asked for (cudaErrorInvalidSymbol): most often a build "
	    "without code for this GPU's architecture, a build problem that "
	    "memory settings cannot help." },
	{ .key = "not_initialized", .detail = "A library called the CUDA "
	    "driver before initialising it (CUDA_ERROR_NOT_INITIALIZED): a "
	    "software version problem, not the GPUs or their access; a "
	    "framework may then silently fall back to the CPU." },
	{ .key = "driver_init_failed", .detail = "The CUDA driver failed to "
	    "initialise (cuInit returned an error): the driver or its kernel "
	    "modules on the node, not the job's memory; a server that "
	    "falls back to the CPU keeps running without the GPU." },
	{ .key = "driver_unreachable", .detail = "nvidia-smi could not talk "
	    "to the NVIDIA driver at all: the kernel module is not loaded or "
	    "does not match; a node problem, not the job's GPU access." },
	{ .key = "not_supported", .detail = "The CUDA driver refused an "
	    "operation this GPU or platform does not offer (error 801, "
	    "operation not supported), such as managed or pool memory on "
	    "WSL2 or an older GPU; a library that reports it as a failed "
	    "allocation (std::bad_alloc, MemoryError) did not run out of "
	    "memory.",
	  .next = "Run on a GPU and platform the library supports, or choose "
	      "its plain device allocator over managed or pool memory; "
	      "require one small run to pass, then rerun unchanged." },
	{ .key = "driver_timeout", .detail = "The NVIDIA container runtime "
	    "timed out waiting for the driver while it set up the "
	    "container's GPUs: with persistence mode off the driver "
	    "initialises every GPU on first use, which on a node with many "
	    "GPUs can outlast the runtime's deadline. A node set-up problem, "
	    "not the job's memory or GPU access.",
	  .next = "Run the NVIDIA persistence daemon on the node "
	      "(nvidia-persistenced, or nvidia-smi -pm 1), require "
	      "nvidia-smi -q to show Persistence Mode Enabled on every GPU, "
	      "then start the container unchanged." },
	{ .key = "driver_mismatch", .detail = "The NVIDIA driver's user-space "
	    "library does not match the loaded kernel module (upgraded "
	    "without a reboot): a node problem." },
	{ .key = "gtl_not_linked", .detail = "Cray MPICH was asked for GPU "
	    "support (MPICH_GPU_SUPPORT_ENABLED=1) by a program built "
	    "without its GPU transport library (GTL): a build problem, not "
	    "memory.",
	  .next = "Build the program with the GPU accelerator module loaded "
	      "(craype-accel-*, which links the GTL), or unset "
	      "MPICH_GPU_SUPPORT_ENABLED for a program that sends no GPU "
	      "buffers; rerun unchanged." },
	{ .key = "compat_unsupported", .detail = "The program's CUDA is "
	    "newer than the node's driver and tried CUDA's forward "
	    "compatibility, which this GPU does not support (error 804): a "
	    "driver and runtime version mismatch; a program that then falls "
	    "back to the CPU is not the GPU's memory either.",
	  .next = "Use a build or container image made for the node "
	      "driver's CUDA version (or upgrade the driver), require CUDA "
	      "to initialise, and rerun unchanged." },
	{ .key = "ptx_toolchain", .detail = "The program's GPU code is PTX "
	    "from a CUDA toolkit newer than the node's driver can compile "
	    "(error 222): the driver is older than the toolkit the program "
	    "was built with. A version mismatch, not memory.",
	  .next = "Rebuild with the CUDA toolkit the node's driver supports "
	      "(or with native code for this GPU's architecture), or upgrade "
	      "the driver; require the program to start and rerun unchanged." },
	{ .key = "fm_mismatch", .detail = "The NVSwitch Fabric Manager does "
	    "not match the NVIDIA driver's version, so it failed and the "
	    "GPUs' NVLink fabric was never set up: collectives across the "
	    "node's GPUs hang or fail. A node problem, not memory.",
	  .next = "Install the Fabric Manager of the driver's exact version "
	      "(or the driver of its version), start it and require "
	      "nvidia-smi -q to show the fabric state Completed; then rerun "
	      "the job unchanged." },
	{ .key = "container_toolkit", .detail = "The NVIDIA container "
	    "toolkit (nvidia-container-cli, run by the container runtime's "
	    "hook) failed while giving the container its GPUs, so the "
	    "container never started: the toolkit's version or "
	    "configuration on the node, not the job and not memory.",
	  .next = "Fix what the toolkit's own error names on the node "
	      "(upgrade the NVIDIA container toolkit to one that knows the "
	      "driver's features, or correct its configuration), require "
	      "a container with --gpus all to run nvidia-smi there, then "
	      "rerun unchanged." },
	{ .key = "ptxas", .detail = "The CUDA assembler (ptxas) refused the "
	    "GPU code the framework generated: the toolkit it found is older "
	    "than the PTX version the framework emits (a site's CUDA module "
	    "older than the wheel's). A build and version problem, not "
	    "memory.",
	  .next = "Load a CUDA toolkit at least as new as the framework's "
	      "wheel needs (or let the wheel use its own ptxas, e.g. JAX's "
	      "cuda12 pip packages), require a small jit-compiled kernel to "
	      "run, then rerun unchanged." },
	{ .key = "hip_invalid_value", .detail = "The HIP runtime refused a "
	    "call's arguments (invalid value): the ROCm runtime, the kernel "
	    "driver and the program disagree (a runtime too new or too old "
	    "for the driver, a release with a bug in that call), or the "
	    "program passed a bad argument. Not memory running short.",
	  .next = "Match the ROCm runtime to the node's amdgpu driver (the "
	      "site's supported pair, or a newer point release), require "
	      "rocminfo and a small allocation to work, then rerun "
	      "unchanged." },
	{ .key = "hami_wrap", .detail = "HAMi-core, the vGPU layer in the "
	    "pod, counts the container's device memory below zero (it prints "
	    "the count as an unsigned number near 2^64), so it refuses every "
	    "allocation against the pod's cap: a bug in the layer's "
	    "accounting, not memory running out; the GPU itself had room.",
	  .next = "Upgrade HAMi and HAMi-core to a release that fixes the "
	      "usage accounting, restart the pod (its shared usage region "
	      "is rebuilt), and rerun unchanged; memory settings are not the "
	      "control to change." },
	{ .key = "fm_not_ready", .detail = "CUDA reported the system not yet "
	    "initialised (error 802): on a node whose GPUs are joined by "
	    "NVSwitches, the Fabric Manager has not set up the NVLink fabric "
	    "(not running, failed, or still starting), so no CUDA program "
	    "can use the GPUs. A node problem, not memory.",
	  .next = "On the node start the Fabric Manager of the driver's "
	      "version (nvidia-fabricmanager) and require nvidia-smi -q to "
	      "show the fabric state Completed on every GPU; then rerun the "
	      "job unchanged." },
	{ .key = "fm_nvls", .detail = "NCCL could not set up NVLink SHARP "
	    "(NVLS) on the node's NVSwitches: a CUDA call of its NVLS "
	    "transport failed, which the Fabric Manager's or the switches' "
	    "state causes (a restarted Fabric Manager, a GPU that needs a "
	    "reset). Not memory.",
	  .next = "Check the Fabric Manager (running, the driver's version, "
	      "fabric state Completed in nvidia-smi -q) and reset the GPUs or "
	      "the node if it was restarted; NCCL_NVLS_ENABLE=0 avoids NVLS "
	      "meanwhile. Require nccl-tests' all_reduce_perf to pass before "
	      "rerunning unchanged." },
	{ .key = "open_kmod_required", .detail = "The NVIDIA kernel driver "
	    "refused the GPU because this GPU needs the open kernel modules "
	    "and the node loaded the proprietary ones; the driver could not "
	    "initialise it (RmInitAdapter failed after it). A node set-up "
	    "problem, not a GPU fault and not memory.",
	  .next = "Install and load the driver's open kernel modules "
	      "(nvidia-open, or the -open flavour of the same driver) on the "
	      "node, require nvidia-smi to list the GPU, then rerun "
	      "unchanged." },
	{ .key = "cuda_init_unknown", .detail = "CUDA failed to initialise "
	    "with an unknown error: the driver or its unified-memory module "
	    "(nvidia_uvm) is in a bad state, typically after a suspend and "
	    "resume or a driver update; the program found no usable GPU "
	    "(a framework may fall back to the CPU). Not the job's memory.",
	  .next = "On that node reload the driver's modules (rmmod nvidia_uvm "
	      "&& modprobe nvidia_uvm) or reboot it, require a one-line CUDA "
	      "program (python -c 'import torch; torch.cuda.init()') to "
	      "pass, then rerun the job unchanged." },
	{ .key = "driver_compat_mismatch", .detail = "The CUDA driver library "
	    "the program loaded does not match the node's kernel driver "
	    "(error 803, unsupported display driver / cuda driver "
	    "combination): a container's CUDA forward-compatibility libcuda "
	    "found ahead of the host's, on a driver newer or of another "
	    "branch than it supports. A software set-up problem, not memory.",
	  .next = "Make the program load the host driver's libcuda (remove "
	      "the image's compat directory from the loader path or "
	      "ldconfig cache, or use an image made for this driver), "
	      "require torch.cuda.is_available() or nvidia-smi inside it, "
	      "then rerun unchanged." },
	{ .key = "kernel_resources", .detail = "A GPU kernel compiled by "
	    "Triton needs more on-chip shared memory per block than this "
	    "GPU offers: its launch configuration (block sizes, num_stages) "
	    "was tuned for a GPU with more. Not device memory, not host "
	    "memory: no smaller batch fixes it.",
	  .next = "Use kernel configurations made for this GPU model (the "
	      "library's tuned configs for it, smaller block sizes or "
	      "num_stages), another kernel backend, or the GPU model the "
	      "configuration was written for; require one request or step "
	      "to pass, then rerun unchanged." },
	{ .key = "kfd_unsupported", .detail = "The amdgpu driver's compute "
	    "part (KFD) has no support for this GPU, so ROCm cannot use it; "
	    "its 'Cannot allocate memory' on /dev/kfd is that refusal, not "
	    "memory running out." },
	{ .key = "kfd_open", .detail = "The ROCm runtime could not open the "
	    "compute device /dev/kfd: the amdgpu driver offers no compute "
	    "device (a GPU it does not support, or the driver in a bad "
	    "state); its 'Cannot allocate memory' is not memory running "
	    "out." },
	{ .key = NULL }
};

/* A CUDA error of the build, the library or the driver: not the device,
 * not its memory. */
/*
 * cuDNN that would not start while XLA's figure beside it shows the
 * device with room (at least CUDNN_ROOM and a tenth of it free): not
 * memory, the cuDNN library (missing, another version than the
 * framework's) or the driver. Less room than that decides nothing.
 */
#define CUDNN_ROOM	(512LL << 20)

static int
cudnn_with_room(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*h = kit_first_what(f, EV_APP_ERROR,
				    "cudnn_handle");
	const struct event	*mem = kit_first_what(f, EV_APP_ERROR,
				    "cudnn_memory");
	int64_t			 fr = ev_num_or(mem, "free_bytes", -1);
	int64_t			 tot = ev_num_or(mem, "total_bytes", -1);

	if (h == NULL || fr < CUDNN_ROOM || tot <= 0 || fr > tot ||
	    fr < tot / 10 || kit_memory_failed(f) != NULL)
		return 0;
	m->initiating = h;
	rmatch_support(m, mem);
	m->confidence = "medium";
	m->confidence_reason = "cuDNN failed to start while the framework's "
	    "own figure shows the device with memory to spare";
	m->detail = arena_printf(a, "cuDNN could not start (%.*s) with %s of "
	    "the device's %s free: not memory. A cuDNN that is missing or of "
	    "another version than the framework was built with, or a driver "
	    "too old for it, fails this way.", (int)ev_str(h, "status").n,
	    ev_str(h, "status").p, fmt_bytes(a, fr), fmt_bytes(a, tot));
	m->next_action = "Install the cuDNN (and CUDA) versions the "
	    "framework release names (pip's CUDA wheels, or the module the "
	    "site builds it with), require a one-line convolution to run, "
	    "and rerun unchanged.";
	return 1;
}

static int
m_cuda_stack(const struct facts *f, struct arena *a, struct rmatch *m)
{
	if (f->first[EV_CUDA_STACK] == NULL)
		return cudnn_with_room(f, a, m);
	m->detail = "The NVIDIA driver is older than the CUDA runtime the "
	    "program was built with.";
	return kit_words_first(f, EV_CUDA_STACK, stack_words, "the CUDA error "
	    "names the software stack, not the device or its memory", m);
}

/* NCCL refusing the communicator because two ranks sit on one GPU: the
 * program chose its devices wrongly (a hard-coded device, a local rank
 * not used, one visible GPU per task), before any memory was used. */
static int
m_nccl_misuse(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*d = kit_first_what(f, EV_NCCL_ERROR,
				    "duplicate_gpu");

	if (d == NULL)
		return 0;
	m->initiating = d;
	m->confidence = "high";
	m->confidence_reason = "NCCL's own check names the two ranks on one "
	    "device";
	m->detail = arena_printf(a, "NCCL found ranks %" PRId64 " and %"
	    PRId64 " on the same GPU (bus id %.*s) and refused to build the "
	    "communicator (ncclInvalidUsage): the program put two ranks on "
	    "one device, so the collective never started.",
	    ev_num_or(d, "rank", -1), ev_num_or(d, "peer_rank", -1),
	    (int)ev_str(d, "busid").n, ev_str(d, "busid").p);
	return 1;
}

/* A node of the job was lost (Slurm's own line): not a memory limit of
 * the job, whatever the node's own logs later say brought it down. */
/* Could node be one of the job's? Its NodeList (scontrol, else sacct)
 * names it, or shares the prefix of a bracketed range; unknown: yes.
 * slurmctld.log holds every node's "not responding" line. */
static int
job_node(const struct facts *f, const char *node)
{
	const struct event	*j = f->scontrol_job ? f->scontrol_job :
				    f->sacct_job;
	struct str		 nl = j ? ev_str(j, "node_list") :
				    str_make(NULL, 0);
	const char		*br;
	size_t			 k;

	if (node == NULL || nl.p == NULL || nl.n == 0 ||
	    str_eq(nl, "None assigned") || str_find(nl, node) != NULL)
		return 1;
	if ((br = memchr(nl.p, '[', nl.n)) == NULL)
		return 0;
	/* "gpu[01-04]" against "gpu03": the prefix before the bracket. */
	for (k = (size_t)(br - nl.p); k > 0 && nl.p[k - 1] != ','; k--)
		;
	return strncmp(node, nl.p + k, (size_t)(br - nl.p) - k) == 0;
}

/* A node's failure in its own words, by "what": detail is a format
 * taking where ("node " or "the node"), the node's name, and the
 * field's text (%.*s) when the entry names one. */
static const struct node_words {
	const char	*key, *field, *reason, *detail, *next;
} node_words[] = {
	{ "host_memory_ue", "dimm", "the node's kernel logged the "
	    "uncorrectable error itself (EDAC)",
	  "The kernel on %s%s logged an uncorrectable error in the node's "
	    "own memory (a DIMM, EDAC '%.*s'): host hardware failed. What ran "
	    "there crashed, hung or was killed with it; not the job's memory "
	    "use and not a GPU.",
	  "Drain the node and have the site run its memory diagnostics (the "
	    "DIMM the EDAC line names, the BMC's event log) and replace the "
	    "failing module; rerun the job unchanged on other nodes." },
	{ "epilog_failed", NULL, "slurmd's own line; what the Epilog (or a "
	    "plugin's job_epilog) found is in the lines before it in the "
	    "node's log",
	  "The Epilog on %s%s failed after the job's processes had ended, so "
	    "Slurm drains the node: a fault of the node's set-up (its epilog "
	    "script, a SPANK plugin's clean-up), not of the job's memory.",
	  "Have the site read the node's slurmd log for the Epilog's own "
	    "error (the lines before 'epilog failed'), fix the epilog or the "
	    "plugin, and resume the node; the job's memory settings are not "
	    "the control to change." },
	{ "gres_count", NULL, "slurmctld's own line: the node registered "
	    "fewer GPUs than its configuration; why is in the node's kernel "
	    "log and nvidia-smi",
	  "slurmctld took %s%s out of service: it registered fewer GPUs "
	    "than slurm.conf gives it (a GPU lost from the bus, a MIG layout "
	    "changed, gres.conf out of step with the node), so jobs meant for "
	    "it fail or wait; not the job's memory.",
	  "On the node compare nvidia-smi -L with gres.conf and slurm.conf's "
	    "Gres= count; read its kernel log for an Xid (79: fallen off the "
	    "bus) before resetting or replacing the GPU, or correct the "
	    "configuration after a deliberate change; then resume the node." },
	{ "slurmd_fatal", "reason", "slurmd's own fatal error at start-up",
	  "slurmd could not start on %s%s (%.*s): the node is down for Slurm "
	    "until its configuration matches the hardware (a gres.conf naming "
	    "a device that is not there, a slurm.conf the node cannot "
	    "satisfy); not the job's memory.",
	  "Have the site fix the node's configuration to what the node has "
	    "(gres.conf File= entries against ls /dev/nvidia*, slurm.conf's "
	    "node line against slurmd -C), restart slurmd and resume the "
	    "node; the job's memory settings are not the control to change." },
	{ "epilog_error", "reason", "the plugin's own error from the node's "
	    "epilog; whether Slurm drained the node for it is in slurmctld's "
	    "log and sinfo -R",
	  "A SPANK plugin's epilog on %s%s failed after the job (%.*s): a "
	    "fault of the node's set-up (the plugin's directories, "
	    "permissions or clean-up), which fails the Epilog and drains the "
	    "node; not the job's memory.",
	  "Have the site fix what the plugin's error names on the node (a "
	    "directory it cannot create, its permissions or its "
	    "configuration), check that the plugin's epilog now succeeds, and "
	    "resume the drained nodes; the job's memory settings are not the "
	    "control to change." },
};

static const struct node_words *
node_words_of(const struct event *ev)
{
	for (size_t i = 0; i < sizeof(node_words) / sizeof(node_words[0]);
	    i++)
		if (ev_str_is(ev, "what", node_words[i].key))
			return &node_words[i];
	return NULL;
}

static int
m_node_fail(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = NULL;
	const struct node_words	*w;

	for (size_t i = 0; s == NULL && i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];

		if (ev->kind == EV_NODE_FAIL && !facts_foreign(f, ev) &&
		    !ev_str_is(ev, "what", "unkillable") &&
		    job_node(f, ev->node))
			s = ev;
	}
	if (s == NULL)
		return 0;
	m->initiating = s;
	rmatch_support(m, f->failed_row);
	m->confidence = "medium";
	m->confidence_reason = "Slurm reports the node lost; why it went "
	    "down (reboot, hardware, a node-wide hang) is in the node's own "
	    "logs, not collected";
	m->detail = arena_printf(a, "Node %s failed: Slurm lost contact with "
	    "it (not responding, rebooted or down), and the job's work there "
	    "ended with it.", s->node != NULL ? s->node : "?");
	if (ev_str_is(s, "what", "prolog_failed")) {
		m->confidence_reason = "slurmd's own notice to the job; what "
		    "the Prolog found is in the node's slurmd log";
		m->detail = arena_printf(a, "The Prolog on node %s failed, so "
		    "Slurm took the node out of service (drained or down) and "
		    "revoked the allocation: the job never ran there.",
		    s->node != NULL ? s->node : "?");
	} else if ((w = node_words_of(s)) != NULL) {
		struct str	v = w->field != NULL ? ev_str(s, w->field) :
				    str_make(NULL, 0);

		m->confidence_reason = w->reason;
		m->detail = arena_printf(a, w->detail, s->node != NULL ?
		    "node " : "the node", s->node != NULL ? s->node : "",
		    (int)v.n, v.p != NULL ? v.p : "");
		m->next_action = w->next;
	}
	return 1;
}

/* Slurm could not kill the step's processes and drained the node ("Kill
 * task failed"); alone, that is the failure to name. What made them
 * unkillable (a hang in I/O, a driver or a plugin) is on the node; a
 * time limit, a cancel or an OOM kill that started the teardown is the
 * failure instead (an incident row fires on it). */
static int
m_unkillable(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = kit_first_what(f, EV_NODE_FAIL,
				    "unkillable");

	if (s == NULL)
		return 0;
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = "Slurm's own drain reason; what kept the "
	    "processes from dying is in the node's kernel and slurmd logs, "
	    "not collected";
	m->detail = arena_printf(a, "The processes on %s%s outlived the "
	    "kill signals for UnkillableStepTimeout, so Slurm drained it "
	    "('Kill task failed'): they were stuck in the kernel (a hung file "
	    "system, the GPU driver, a plugin's clean-up), not out of memory.",
	    s->node != NULL ? "node " : "the node",
	    s->node != NULL ? s->node : "");
	return 1;
}

/* A per-process limit ran out, by "what". */
static const struct words rlimit_words[] = {
	{ .key = "nofile", .detail = "The process ran out of file "
	    "descriptors (its open-files limit, ulimit -n), not memory: "
	    "PyTorch's DataLoader passing tensors between processes by file "
	    "descriptor, and libraries opening one file per GPU kernel, reach "
	    "a limit of 1024 soon; a script raising its soft limit above the "
	    "hard one fails the same way.",
	  .next = "Raise the open-files limit the job runs under (ulimit -n "
	      "up to the hard limit in the batch script; the container's "
	      "--ulimit nofile; Slurm's PropagateResourceLimits), or set "
	      "torch.multiprocessing.set_sharing_strategy('file_system'); "
	      "rerun unchanged otherwise and require ulimit -n inside the job "
	      "to show the new limit." },
	{ .key = "lsf_tasks", .detail = "LSF killed the job for reaching "
	    "its limit on threads or processes (bsub -T / -p, or the queue's "
	    "THREADLIMIT / PROCESSLIMIT), not for memory: a program that "
	    "starts a thread pool per core (or per input) multiplies past it; "
	    "the memory and swap figures of LSF's summary are beside the "
	    "point.",
	  .next = "Cap the program's threads and processes to the job's "
	      "slots (its own thread option, OMP_NUM_THREADS, the worker "
	      "count), or submit with a higher -T / -p or to a queue that "
	      "allows it; require TERM_THREADLIMIT (TERM_PROCESSLIMIT) to "
	      "disappear." },
	{ .key = "memlock", .detail = "Pinning memory for the InfiniBand "
	    "driver (a memory registration, a completion queue's or queue "
	    "pair's buffers) failed with 'Cannot allocate memory': the "
	    "locked-memory limit (ulimit -l) the job runs under is too small "
	    "for the communication library (NCCL, UCX, MPI), or the buffers "
	    "asked for (NCCL_BUFFSIZE) are more than the adapter registers; "
	    "the host's memory did not run out.",
	  .next = "Set the locked-memory limit to unlimited for the job "
	      "(slurmd started with LimitMEMLOCK=infinity and Slurm's "
	      "PropagateResourceLimits, or docker --ulimit memlock=-1), "
	      "require ulimit -l inside the job to print unlimited (and any "
	      "NCCL_BUFFSIZE set back to its default), and rerun unchanged." },
	{ .key = "pbs_ncpus", .detail = "PBS killed the job because it used "
	    "more CPUs than it asked for (the mom averages the job's CPU "
	    "use against its ncpus): the program ran more threads or "
	    "processes than the request; memory did not run out.",
	  .next = "Cap the program's threads and processes at the job's "
	      "ncpus (its own thread option, OMP_NUM_THREADS, a JVM's "
	      "-XX:ActiveProcessorCount) or ask for more ncpus; require the "
	      "'ncpus … exceeded limit' line to disappear." },
	{ .key = "fsize", .detail = "A process was stopped by SIGXFSZ: it "
	    "wrote a file past the file-size limit it runs under (ulimit -f; "
	    "Grid Engine's h_fsize / s_fsize, a site's default), not for "
	    "memory: the output file ends at that size.",
	  .next = "Find the limit the job runs under (ulimit -f inside the "
	      "job; qstat -j or the queue's h_fsize), ask for a larger one or "
	      "split the output, and require the file to grow past the old "
	      "size before rerunning unchanged." },
	{ .key = NULL }
};

static int
m_rlimit(const struct facts *f, struct arena *a, struct rmatch *m)
{
	(void)a;
	/* A limit's complaint beside a memory failure (a file watcher's
	 * "Too many open files" before a device OOM) is not the story. */
	if (kit_memory_failed(f) != NULL)
		return 0;
	return kit_words_first(f, EV_RLIMIT, rlimit_words, "the job's own "
	    "line names a per-process limit, not memory running out", m);
}

/* NCCL could not set up its network when the communicator was made:
 * the failure itself, before any rank could fail and cascade. */
static int
m_nccl_net_setup(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = kit_first_what(f, EV_NCCL_ERROR,
				    "net_setup");
	struct str		 net = s != NULL ? ev_str(s, "net") :
				    str_make(NULL, 0);

	if (s == NULL)
		return 0;
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = "NCCL's own warning names what it could not "
	    "set up; no rank's failure comes before it";
	m->detail = net.n > 0 ? arena_printf(a, "NCCL could not load the "
	    "network it was told to use (%.*s, by NCCL_NET or a plugin "
	    "setting): its plugin library is not where NCCL looks, so the "
	    "communicator was never made; not memory.", (int)net.n, net.p) :
	    "NCCL could not open a socket for its network (no usable "
	    "interface in the container or namespace), so the communicator "
	    "was never made; not memory.";
	return 1;
}

/* A process ended by SIGILL: the CPU met an instruction it does not
 * have. */
static int
m_sigill(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = kit_first_what(f, EV_APP_ERROR, "sigill");

	(void)a;
	if (s == NULL)
		return 0;
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = ev_field(s, "exit_code") != NULL ? "exit "
	    "status 132 is 128 + SIGILL, the signal for an instruction the "
	    "CPU refused" : "the process was ended by SIGILL ('Illegal "
	    "instruction'), the signal for an instruction the CPU refused";
	m->detail = "A process was killed by SIGILL: the CPU met an "
	    "instruction it does not have, most often a build (or a "
	    "container image, a wheel) made for newer CPU features such as "
	    "AVX, AVX2 or AVX-512 on a node or VM without them.";
	return 1;
}

/* The first app_error of WHAT that names the command (*path): Slurm's
 * execve() and a shell's "command not found" read alike. */
static const struct event *
command_event(const struct facts *f, const char *what, struct str *path)
{
	const struct event	*s = kit_first_what(f, EV_APP_ERROR, what);

	*path = s != NULL ? ev_str(s, "path") : str_make(NULL, 0);
	return path->n != 0 ? s : NULL;
}

/* slurmstepd could not exec a task's own command: the program is not
 * there, not on the task's PATH or not executable on that node. */
static int
m_command_missing(const struct facts *f, struct arena *a, struct rmatch *m)
{
	struct str		 p, r;
	const struct event	*s = command_event(f, "command_missing", &p);
	const char		*who;

	if (s == NULL)
		return 0;
	r = ev_str(s, "reason");
	who = s->sig != NULL && strcmp(s->sig, "S-FLUX-START-FAILED") == 0 ?
	    "Flux's job shell" : "Slurm";
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = arena_printf(a, "%s's own line: it could not "
	    "execute the task's command; the environment the task got "
	    "(modules, PATH, mounts) is not in what was collected",
	    strcmp(who, "Slurm") == 0 ? "Slurm" : "Flux");
	m->detail = arena_printf(a, "%s could not start the task's "
	    "command %.*s (%.*s): the program is not on that node or not on "
	    "the task's PATH (a module or environment not loaded in the step, "
	    "a file system not mounted there), or it is not executable. The "
	    "task never ran, so nothing ran out of memory.", who, (int)p.n,
	    p.p, (int)r.n, r.p);
	return 1;
}

/* A shell could not find a command the job's script runs, and nothing
 * else failed: the script's environment, not memory. */
static int
m_command_not_found(const struct facts *f, struct arena *a,
    struct rmatch *m)
{
	struct str		 p;
	const struct event	*s = command_event(f, "command_not_found", &p);

	if (s == NULL)
		return 0;
	m->initiating = s;
	m->confidence = "low";
	m->confidence_reason = "a shell could not find a command the script "
	    "runs and nothing else failed in what was collected; whether the "
	    "job needed that command is not in the line";
	m->detail = arena_printf(a, "A shell could not find the command %.*s: "
	    "the environment the script ran in (a module not loaded, a PATH "
	    "set only in an interactive shell, a tool missing from the node or "
	    "the container) lacks it, and the work that needed it failed.",
	    (int)p.n, p.p);
	return 1;
}

/* A process ended by SIGSEGV and nothing else failed: a program or
 * library fault, not memory running out (the OOM killer's SIGKILL and an
 * allocator's error read otherwise). */
static int
m_sigsegv(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = kit_first_what(f, EV_APP_ERROR, "sigsegv");

	(void)a;
	if (s == NULL)
		return 0;
	m->initiating = s;
	m->confidence = "low";
	m->confidence_reason = "a process ended by SIGSEGV and nothing else "
	    "failed in what was collected; what it touched is in its "
	    "backtrace, not here";
	m->detail = "A process crashed with a segmentation fault: it touched "
	    "memory it does not own. That is a fault in the program or a "
	    "library it loaded (a bug, a build for other hardware or library "
	    "versions, corrupt input), or a stack too small for it (deep "
	    "recursion, large local arrays under ulimit -s); running out of "
	    "memory ends a process with SIGKILL or an allocation error, not "
	    "this.";
	return 1;
}

/* The signal a launcher received, by name ("SIGHUP"), from its name or
 * its number; "other" for the rest. */
static const char *
launcher_signal(const struct event *s)
{
	static const struct {
		int64_t		 num;
		const char	*name;
	} sigs[] = { { 1, "SIGHUP" }, { 2, "SIGINT" }, { 3, "SIGQUIT" },
	    { 15, "SIGTERM" } };
	struct str	n = ev_str(s, "signame");
	int64_t		v = ev_num_or(s, "signum", -1);

	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if ((n.n > 0 && str_eq(n, sigs[i].name)) || v == sigs[i].num)
			return sigs[i].name;
	return "other";
}

static const struct words launcher_signal_words[] = {
	{ .key = "SIGHUP", .detail = "The launcher received SIGHUP and shut "
	    "its workers down: the terminal it ran under went away (an ssh "
	    "session closed, a nohup'ed run left in the shell's jobs). "
	    "Nothing in the job failed first.",
	  .next = "Run the job detached from the terminal (sbatch, or "
	      "setsid / tmux / screen, or nohup with disown) and rerun it "
	      "unchanged." },
	{ .key = "SIGINT", .detail = "The launcher received SIGINT (Ctrl-C, "
	    "or a tool interrupting it) and shut its workers down; nothing in "
	    "the job failed first.",
	  .next = "Ask who interrupted the run; rerun it unchanged, detached "
	      "from the terminal." },
	{ .key = "SIGTERM", .detail = "The launcher received SIGTERM from "
	    "outside and shut its workers down: a scheduler's time limit, "
	    "cancel or pre-emption, a container or pod being stopped, or "
	    "someone's kill; nothing in the job failed first." },
	{ .key = NULL }
};

/* A launcher stopped by a signal from outside (torchelastic's "Received
 * N death signal"), when nothing collected says who sent it: a
 * scheduler's end of the job or a memory failure decides instead. */
static int
m_launcher_signaled(const struct facts *f, struct arena *a, struct rmatch *m)
{
	static const enum ev_kind	sched[] = { EV_TIME_LIMIT,
	    EV_CANCELLED, EV_PREEMPTED, EV_NODE_FAIL };
	const struct event		*s = f->first[EV_LAUNCHER_SIGNALED];
	const char			*sig;

	(void)a;
	if (s == NULL || f->timeout_row != NULL || f->preempt_row != NULL ||
	    kit_first_of(f, sched, sizeof(sched) / sizeof(sched[0])) !=
	    NULL || kit_memory_failed(f) != NULL)
		return 0;
	sig = launcher_signal(s);
	m->initiating = s;
	m->confidence = strcmp(sig, "SIGHUP") == 0 ||
	    strcmp(sig, "SIGINT") == 0 ? "medium" : "low";
	m->confidence_reason = "the launcher's own line names the signal it "
	    "received; who sent it is not in what was collected";
	m->detail = "The launcher received a signal from outside and shut "
	    "its workers down; nothing in the job failed first.";
	kit_words_apply(kit_words_key(launcher_signal_words, sig), m);
	return 1;
}

/* A file system the job writes to was full or over quota (not /dev/shm:
 * the catalog leaves those lines to the shm rows). */
static int
m_storage(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_STORAGE_FULL];
	struct str		 e = s != NULL ? ev_str(s, "error") :
				    str_make(NULL, 0);

	/* Next to a shared-memory failure a bare ENOSPC (Python's
	 * "[Errno 28]" from a worker's segment) is that failure's echo. */
	if (s == NULL || f->first[EV_SHM_ERROR] != NULL ||
	    f->first[EV_BUS_ERROR] != NULL)
		return 0;
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = "the job's own line names a full or "
	    "over-quota file system; which one is in the line";
	m->detail = arena_printf(a, "Storage ran out, not memory: a write "
	    "failed with \"%.*s\". The job's output may be incomplete even "
	    "where Slurm records success.", (int)e.n, e.p ? e.p : "");
	if (ev_str_is(s, "what", "fs_error")) {
		m->confidence_reason = "the job's own line names a file-system "
		    "error that memory does not cause";
		m->detail = arena_printf(a, "A file system failed under the "
		    "job, not memory: a read or write failed with \"%.*s\" (a "
		    "network file system whose file was removed or replaced by "
		    "another client or whose server restarted, or a FUSE mount "
		    "whose daemon went away).", (int)e.n, e.p ? e.p : "");
		m->next_action = "Give each job its own scratch or spill "
		    "directory on node-local disk (not a directory shared by "
		    "concurrent jobs on NFS), check the mount with the site, "
		    "rerun, and require the I/O error to disappear.";
	}
	if (s->sig != NULL && strcmp(s->sig, "S-PBS-JOBFS-QUOTA") == 0) {
		m->confidence = "high";
		m->confidence_reason = "the batch system's own line says it "
		    "killed the job for its scratch-disk quota";
		m->detail = arena_printf(a, "Storage ran out, not memory: PBS "
		    "killed the job for exceeding its node-local scratch "
		    "(jobfs) quota%s.", ev_field(s, "quota") != NULL ?
		    arena_printf(a, " (quota %.*s, used %.*s)",
		    (int)ev_str(s, "quota").n, ev_str(s, "quota").p,
		    (int)ev_str(s, "used").n, ev_str(s, "used").p) : "");
		m->next_action = "Request more jobfs (qsub -l jobfs=SIZE, up to "
		    "the node's disk) or write the large scratch files to a "
		    "shared file system, and require the job to end without "
		    "the jobfs kill.";
	}
	if (s->sig != NULL && strcmp(s->sig, "S-K8S-EVICT-STORAGE") == 0) {
		m->confidence_reason = "the kubelet's own eviction message "
		    "names a disk resource, not memory";
		if (ev_field(s, "volume") != NULL)
			m->detail = arena_printf(a, "Storage ran out, not "
			    "memory: the kubelet evicted the pod because its "
			    "emptyDir volume %.*s outgrew its size limit (an "
			    "exit 137 that follows is the eviction's kill, not "
			    "the OOM killer).", (int)ev_str(s, "volume").n,
			    ev_str(s, "volume").p);
		else if (str_starts(e, "ephemeral-") || str_eq(e, "nodefs") ||
		    str_eq(e, "imagefs"))
			m->detail = arena_printf(a, "Storage ran out, not "
			    "memory: the kubelet evicted the pod because the "
			    "node was low on %.*s (the container's writable "
			    "layer, emptyDir volumes and logs count against "
			    "it).", (int)e.n, e.p);
		else
			m->detail = "Storage ran out, not memory: the kubelet "
			    "evicted the pod because it used more local "
			    "ephemeral storage (writable layer, emptyDir "
			    "volumes, logs) than its limit.";
		m->next_action = "Write large files (model weights, caches) "
		    "to a mounted volume rather than the container's own "
		    "filesystem, or set an ephemeral-storage request and "
		    "limit, and require the pod to run without eviction.";
	}
	return 1;
}

static int
m_sigkill_other(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = sigkill_event(f), *c;

	if (s == NULL || !sigkill_not_oom(f, s, &c))
		return 0;
	m->initiating = s;
	rmatch_support(m, c);
	rmatch_support(m, sacct_sigkill(f));
	m->confidence = "medium";
	m->confidence_reason = "the kernel log covers the kill and has no OOM "
	    "kill, and the memory cgroup's counter is 0; who sent the "
	    "SIGKILL is not in the evidence";
	m->detail = arena_printf(a, "The kernel log, which covers the kill, "
	    "has no OOM kill, and %s of %.*s counted no oom_kill: the OOM "
	    "killer did not send this SIGKILL. Something else did (a "
	    "watchdog, a health check, the user or an administrator).",
	    ev_num_or(c, "version", 1) == 2 ? "memory.events" :
	    "memory.oom_control", (int)ev_str(c, "cg_path").n,
	    ev_str(c, "cg_path").p != NULL ? ev_str(c, "cg_path").p : "");
	return 1;
}

static int
m_failed(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->failed_row;
	struct str		 st;

	if (s == NULL && f->cancel_row != NULL &&
	    !ev_str_is(f->cancel_row, "state_by", "0"))
		s = f->cancel_row;
	/* scontrol alone: a node of the job failed or did not boot. */
	if (s == NULL && (ev_str_is(f->scontrol_job, "job_state",
	    "NODE_FAIL") || ev_str_is(f->scontrol_job, "job_state",
	    "BOOT_FAIL")))
		s = f->scontrol_job;
	if (s == NULL)
		return 0;
	st = ev_str(s, "state");
	if (st.p == NULL)
		st = ev_str(s, "job_state");
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = "Slurm records a failure and no memory "
	    "evidence was found in the sources collected";
	m->detail = ev_num_or(s, "exit_code", -1) < 0 ? arena_printf(a, "The "
	    "job ended %.*s and no sign of a memory failure was found.",
	    (int)st.n, st.p) : arena_printf(a, "The job ended %.*s with exit "
	    "code %" PRId64 " and no sign of a memory failure.", (int)st.n,
	    st.p, ev_num_or(s, "exit_code", 0));
	return 1;
}

/* Kinds that say nothing failed: state records, context, figures and
 * the warnings a healthy job prints. */
static int
quiet_kind(enum ev_kind k)
{
	switch (k) {
	case EV_UNPARSED: case EV_NOTE: case EV_SACCT_ROW:
	case EV_SCONTROL_JOB: case EV_SCONTROL_STEP: case EV_SCONTROL_NODE:
	case EV_SCONTROL_CONFIG: case EV_CGROUP_MEM: case EV_GPU:
	case EV_GPU_PROC: case EV_HOST: case EV_CGROUP_CPU:
	case EV_CGROUP_DEVICES: case EV_GPU_DEV_ACCESS: case EV_SLURM_CONF:
	case EV_JOB_ENV: case EV_MEM_FIGURE: case EV_MEM_SERIES:
	case EV_STEPD_OOM_INFO: case EV_STEPD_FAILCNT: case EV_BENIGN:
		return 1;
	default:
		return 0;
	}
}

/* The traceback of Python's resource tracker at exit (its header, its
 * "KeyError: '/psm_…'") is the tracker's noise, not the program's
 * failure: an exception line within three lines of the tracker's frame,
 * in the same file. */
static int
tracker_noise(const struct facts *f, size_t at)
{
	const struct event	*ev = f->tl->v[at];
	size_t			 lo = at > 8 ? at - 8 : 0;

	if (!ev_str_is(ev, "what", "exception") &&
	    !ev_str_is(ev, "what", "traceback"))
		return 0;
	/* the lines sit next to each other in the timeline: look near */
	for (size_t i = lo; i < f->tl->n && i <= at + 8; i++) {
		const struct event *t = f->tl->v[i];

		if (t->kind == EV_BENIGN && t->ref.file_id == ev->ref.file_id &&
		    f->tl->in[i] == f->tl->in[at] &&
		    ev_str_is(t, "what", "resource_tracker") &&
		    t->ref.line + 3 >= ev->ref.line &&
		    ev->ref.line + 3 >= t->ref.line)
			return 1;
	}
	return 0;
}

/* No failure line of any kind, and no cgroup OOM kill counted. */
static int
nothing_failed(const struct facts *f)
{
	if (f->cg_oom != NULL)
		return 0;
	for (int k = 0; k < EV__COUNT; k++)
		if (f->count[k] > 0 && !quiet_kind((enum ev_kind)k) &&
		    k != EV_APP_ERROR)
			return 0;
	for (size_t i = 0; f->count[EV_APP_ERROR] > 0 && i < f->tl->n; i++)
		if (f->tl->v[i]->kind == EV_APP_ERROR && !tracker_noise(f, i))
			return 0;
	return 1;
}

/* The step cgroup that sat at its limit (failcnt > 0, peak = limit)
 * without an OOM kill: page cache filled it and was reclaimed. */
static const struct step_fact *
cache_at_limit(const struct facts *f)
{
	for (int i = 0; i < f->nsteps; i++) {
		const struct step_fact *sf = &f->steps[i];

		if (sf->cg_limit != NULL && sf->cg_limit_bytes > 0 &&
		    sf->cg_peak_bytes >= sf->cg_limit_bytes &&
		    sf->oom_kills <= 0 && sf->cg_failcnt > 0)
			return sf;
	}
	return NULL;
}

/* What a completed job's warnings were, in a sentence, or "". */
static const char *
healthy_note(const struct facts *f, struct arena *a)
{
	const struct step_fact	*c = cache_at_limit(f);

	if (c != NULL)
		return arena_printf(a, " Its memory cgroup reached its limit "
		    "of %s (failcnt %" PRId64 ", peak = limit) without an OOM "
		    "kill: the usage counts page cache, which fills a cgroup "
		    "and is reclaimed at the limit, so reaching it is not a "
		    "failure by itself.", fmt_bytes(a,
		    c->cg_limit_bytes), c->cg_failcnt);
	if (f->first[EV_STEPD_FAILCNT] != NULL ||
	    f->first[EV_STEPD_OOM_INFO] != NULL)
		return " Slurm's note that the step reached its memory limit "
		    "\"at some point\" (\"may or may not result in some "
		    "failure\") only means the cgroup's usage, page cache and "
		    "swap included, touched the limit; nothing was killed.";
	return "";
}

static int
m_no_incident(const struct facts *f, struct arena *a, struct rmatch *m)
{
	if (!f->have_sacct || !f->all_completed)
		return 0;
	m->initiating = f->sacct_job;
	m->confidence = f->have_logs || f->have_kernel ? "high" : "medium";
	m->confidence_reason = f->have_logs || f->have_kernel ? "every job "
	    "and step COMPLETED 0:0 and no failure in the logs" : "every job "
	    "and step COMPLETED 0:0; no logs were collected to confirm";
	m->detail = arena_printf(a, "The job and all its steps ended "
	    "normally.%s", healthy_note(f, a));
	return 1;
}

static int
live_state(struct str s)
{
	return s.p != NULL && (str_eq(s, "RUNNING") ||
	    str_eq(s, "COMPLETING") || str_eq(s, "PENDING"));
}

/* A bundle the batch trap took while the job was finishing: the job is
 * RUNNING or COMPLETING, every step that ended exited 0, nothing failed. */
static int
m_finishing(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*job = f->sacct_job != NULL ? f->sacct_job :
				    f->scontrol_job;
	struct str		 st;
	int			 ended = 0;

	if (job == NULL)
		return 0;
	st = ev_str(job, job == f->sacct_job ? "state" : "job_state");
	if (!live_state(st) || str_eq(st, "PENDING") || !nothing_failed(f))
		return 0;
	for (int i = 0; i < f->nsteps; i++) {
		const struct event *r = f->steps[i].sacct;
		struct str rs = ev_str(r, "state");

		if (r == f->sacct_job || live_state(rs))
			continue;
		if (!ev_str_is(r, "state", "COMPLETED") ||
		    ev_num_or(r, "exit_code", 0) != 0 ||
		    ev_num_or(r, "exit_signal", 0) != 0)
			return 0;
		ended++;
	}
	m->initiating = job;
	m->confidence = "medium";
	m->confidence_reason = "the job had not yet ended when the bundle was "
	    "taken; nothing had failed up to then";
	m->detail = arena_printf(a, "The bundle was taken while the job was "
	    "still %.*s: %s and no failure line was found; once the job "
	    "ends, sacct says how it ended.%s", (int)st.n, st.p, ended == 0 ?
	    "no step had "
	    "ended yet" : arena_printf(a, "the %d step%s that had ended "
	    "exited 0", ended, ended == 1 ? "" : "s"), healthy_note(f, a));
	return 1;
}

/* What each healthy job's line means, by its "what". */
#define STEP_WAITED "srun waited until another step of the job released " \
	"its resources (\"step creation temporarily disabled\"), then " \
	"created the step: the steps ran one after another, which is " \
	"slower, but nothing failed."
static const struct words benign_words[] = {
	{ .key = "vllm_wsl_pin", .detail = "vLLM turns pinned host memory "
	    "off under WSL, where the driver allows little of it, and says "
	    "so: transfers are slower, nothing failed." },
	{ .key = "step_delayed", .detail = STEP_WAITED },
	{ .key = "step_created", .detail = STEP_WAITED },
	{ .key = "allocator_flush", .detail = "DeepSpeed reports allocator "
	    "cache flushes: allocations failed once, the cache was emptied "
	    "and they succeeded. That is memory pressure costing speed, not "
	    "a failure." },
	{ .key = "vllm_preempt", .detail = "vLLM preempted requests when "
	    "its KV cache pool was full: they are recomputed (or swapped) and "
	    "complete later. That costs throughput, not a failure; more KV "
	    "cache (--gpu-memory-utilization, tensor parallelism, a shorter "
	    "--max-model-len) removes it." },
	{ .key = "vllm_kv_usage", .detail = "vLLM's engine stats show the "
	    "share of its KV cache pool in use: the pool is reserved whole at "
	    "start, and with prefix caching finished requests' blocks are "
	    "kept for reuse, so the figure climbs toward 100% and stays there "
	    "by design; the GPU memory it stands for was taken at start, not "
	    "leaked." },
	{ .key = "lsf_done", .detail = "LSF's job report says the job "
	    "completed successfully (exit 0); its memory figures are peaks, "
	    "not a limit that was hit." },
	{ .key = "seff_completed", .detail = "seff reports the job "
	    "COMPLETED with exit code 0: it ended normally. Its memory "
	    "efficiency compares a sampled peak with the request; a figure "
	    "near or over 100% (page cache, memory counted twice across "
	    "tasks) is not a limit that was hit." },
	{ .key = "jobstats_completed", .detail = "jobstats reports the job "
	    "COMPLETED: it ended normally. Its utilisation figures are "
	    "averages over the run, a measure of efficiency, not a limit "
	    "that was hit." },
	{ .key = "bfc_not_failure", .detail = "TensorFlow's allocator could "
	    "not give a workspace to a faster algorithm (cuDNN's autotuning "
	    "asks for one) and says itself that this is not a failure: the "
	    "slower algorithm runs instead; no allocation of the program "
	    "failed." },
	{ .key = "mlock_rlimit", .detail = "mlock() was refused by the "
	    "locked-memory limit (RLIMIT_MLOCK, 'ulimit -l'), which it reports "
	    "as \"Cannot allocate memory\": the program runs on with its "
	    "pages unlocked; no memory ran out." },
	{ .key = "moab_soft_limit", .detail = "Moab notified that the job "
	    "passed its soft memory limit: a warning sent while the job runs "
	    "on; only the hard limit kills, and no kill was reported." },
	{ .key = "resource_tracker", .detail = "Python's multiprocessing "
	    "resource tracker complains at exit about a shared-memory "
	    "segment already removed (a KeyError on its name) or one left "
	    "behind: noise of the program's shutdown, not a failure." },
	{ .key = "ray_store_tmp", .detail = "Ray put its object store in "
	    "/tmp because /dev/shm had less room than it wanted: slower "
	    "object transfers, not a failure." },
	{ .key = "ompi_cma", .detail = "Open MPI's shared-memory transport "
	    "could not read a peer's memory in one copy (process_vm_readv "
	    "refused, errno 1: a container's default ptrace policy) and "
	    "says so on every transfer; the run itself went on (setting "
	    "btl_vader_single_copy_mechanism to none silences it)." },
	{ .key = NULL }
};

/* Ray's warning about a small /dev/shm is a healthy run's only while
 * the room it reports is more than a container's default (64 MiB) by
 * far: at 512 MiB or less, the workers that need /dev/shm (NCCL's,
 * DataLoader's) fail there, and the warning is that failure's sign. */
static int
benign_for_now(const struct event *ev)
{
	int64_t	b;

	return !ev_str_is(ev, "what", "ray_store_tmp") ||
	    (b = ev_num_or(ev, "shm_available_bytes", -1)) < 0 ||
	    b > 512 * MiB;
}

/* The warnings a healthy job prints, and nothing else: a delayed step
 * counts only once srun says it was created. */
static int
m_benign_only(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*first = NULL, *delayed = NULL;
	int			 created = 0;

	if (!f->have_logs || !nothing_failed(f))
		return 0;
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event *ev = f->tl->v[i];

		/* slurmd.log's "hit memory limit at least once" is logged
		 * for real OOM kills too: quiet, but it decides nothing */
		if (facts_foreign(f, ev) || (ev->kind != EV_BENIGN &&
		    ev->kind != EV_STEPD_FAILCNT))
			continue;
		if (!benign_for_now(ev))
			return 0;
		if (first == NULL)
			first = ev;
		if (ev_str_is(ev, "what", "step_delayed") && delayed == NULL)
			delayed = ev;
		else if (ev_str_is(ev, "what", "step_created") &&
		    delayed != NULL)
			created = 1;
	}
	if (first == NULL || (delayed != NULL && !created))
		return 0;
	m->initiating = first;
	m->confidence = "medium";
	m->confidence_reason = "only warnings that healthy jobs print, and no "
	    "failure line; the job's exit state (sacct) was not collected";
	if (first->kind != EV_BENIGN)
		m->detail = "slurmstepd's \"Exceeded ... memory limit at some "
		    "point\" says only that the cgroup's usage touched its "
		    "limit at some time; page cache and swapped pages count, "
		    "so it is printed for jobs that completed, and no kill was "
		    "reported.";
	else if (!kit_words_apply(kit_words(benign_words, first, "what"), m))
		m->detail = "PyTorch warns at exit that "
		    "destroy_process_group() was not called; it is printed on "
		    "every normal exit of such programs and is not a failure.";
	return 1;
}

/* A GPU of the snapshot at least half full: the memory a running
 * process holds (its own reservation, most often), or NULL. */
static const struct event *
gpu_held(const struct facts *f)
{
	for (int i = 0; i < f->ngpus; i++) {
		const struct event	*g = f->gpus[i].gpu;
		int64_t			 u = ev_num_or(g, "fb_used_bytes", -1);
		int64_t			 t = ev_num_or(g, "fb_total_bytes", -1);

		if (g != NULL && !facts_foreign(f, g) && u > 0 && t > 0 &&
		    u >= t / 2)
			return g;
	}
	return NULL;
}

/* Memory readings and nothing else: an inference server's report of the
 * KV cache it reserved, or a GPU that nvidia-smi shows mostly full,
 * with no failure line, no kill and no failed state anywhere. The
 * question such evidence answers is "why is so much memory used", and
 * the answer is a reservation, not an incident. */
static int
m_readings_only(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*kv, *g = gpu_held(f);

	if (!nothing_failed(f))
		return 0;
	kv = kit_first_what(f, EV_MEM_FIGURE, "kv_cache_reserved");
	if (kv == NULL && g == NULL)
		return 0;
	m->initiating = kv != NULL ? kv : g;
	rmatch_support(m, g);
	m->confidence = "low";
	m->confidence_reason = "nothing in the evidence failed; what is "
	    "missing is the failure itself, if there was one (the job's "
	    "error output or exit state)";
	if (kv != NULL)
		m->detail = arena_printf(a, "The server reported the KV cache it "
		    "reserved at start%s: it takes most of the memory its "
		    "utilization setting grants (vLLM --gpu-memory-utilization, SGLang "
		    "--mem-fraction-static, TensorRT-LLM's free-memory "
		    "fraction) whatever the model's size, so a full GPU is its "
		    "design, not a leak or a failure.", ev_num_or(kv,
		    "kv_bytes", -1) > 0 ? arena_printf(a, " (%s)", fmt_bytes(a,
		    ev_num_or(kv, "kv_bytes", 0))) : "");
	else
		m->detail = arena_printf(a, "The GPU snapshot shows %s of %s in "
		    "use and no failure anywhere: memory held by a running "
		    "process (a server or framework that reserves it up front "
		    "holds most of the device by design), not an incident.",
		    fmt_bytes(a, ev_num_or(g, "fb_used_bytes", 0)),
		    fmt_bytes(a, ev_num_or(g, "fb_total_bytes", 0)));
	return 1;
}

/* Reports that a rank ended: first those of a launcher or srun (a failure
 * table, the launcher's exit line, srun's task exit), then a survivor's
 * report that a peer went. */
static const enum ev_kind rank_ended[] = { EV_CHILD_FAILED,
    EV_LAUNCHER_EXIT, EV_SRUN_TASK_EXIT, EV_PEER_TERMINATED, EV_PEER_LOST };
#define LAUNCHER_REPORTS	3	/* rank_ended[] entries from a launcher */
#define RANK_ENDED	(sizeof(rank_ended) / sizeof(rank_ended[0]))

/* A launcher's report alone, in its own words: what it ran failed, and
 * where the failure itself is. The workflow engine's detail names the
 * task, so m_only_secondary writes it. */
static const struct words launcher_words[] = {
	{ .key = "workflow", .reason = "only the workflow engine's report "
	    "that a task failed was found; the task's own output, where its "
	    "failure is, was not collected",
	  .next = "Collect the failed task's own output and its scheduler "
	      "record: Nextflow's work directory (.command.log, .command.err, "
	      ".exitcode), Snakemake's rule log and its executor's Slurm log, "
	      "the task's sacct -j JOBID line; or run oomtrail-collect for "
	      "that job on its node before its cgroup is removed." },
	{ .key = "ray_actor", .reason = "only Ray's report that an actor or "
	    "a trial failed was found; what ended its process was not "
	    "collected",
	  .detail = "Only Ray's report is visible: an actor's process (or a "
	    "Tune trial's) ended before its task finished; what ended it is "
	    "in the node's kernel log or Ray's worker and raylet logs, not "
	    "here.",
	  .next = "Collect the node's kernel log and Ray's logs of that "
	      "session (/tmp/ray/session_*/logs: raylet.out, the worker's err "
	      "file) and the job's sacct record; they name the OOM kill, the "
	      "segfault or the stop that ended it." },
	{ .key = "hydra", .reason = "only Hydra's report that the job "
	    "function raised was found; the exception, printed after it, was "
	    "not collected",
	  .detail = "Only Hydra's report is visible: the job function raised "
	    "an exception, which Hydra prints after that line; that traceback "
	    "was not collected.",
	  .next = "Collect the job's output past Hydra's line (its traceback; "
	      "HYDRA_FULL_ERROR=1 prints it whole) and the job's scheduler "
	      "record (sacct -j JOBID)." },
	{ .key = NULL }
};

int
launcher_own_report(const struct event *ev)
{
	return ev->kind == EV_LAUNCHER_EXIT &&
	    kit_words(launcher_words, ev, "what") != NULL;
}

static int
m_only_secondary(const struct facts *f, struct arena *a, struct rmatch *m)
{
	static const enum ev_kind nccl[] = { EV_NCCL_TIMEOUT, EV_NCCL_ERROR };
	const struct event	*s = kit_first_of(f, nccl, 2);
	const struct event	*l = kit_first_of(f, rank_ended,
				    LAUNCHER_REPORTS);

	if (l != NULL && (s == NULL ||
	    facts_index_of(f, l) < facts_index_of(f, s)))
		s = l;

	/* Else the siblings a launcher terminated, or a survivor's report
	 * that a peer went (Horovod's shutdown error); a truncated pickle
	 * alone says too little to be a cascade. A report of the process
	 * that failed is the better line to cite: launchers print it after
	 * terminating the others. */
	for (size_t i = 0; s == NULL && i < f->tl->n; i++)
		if ((f->tl->v[i]->kind == EV_PEER_TERMINATED ||
		    (f->tl->v[i]->kind == EV_PEER_LOST &&
		    !str_eq(ev_str(f->tl->v[i], "what"), "pickle_truncated")))
		    && !facts_foreign(f, f->tl->v[i]))
			s = f->tl->v[i];
	/* Else a rank's Flight Recorder dump that waits in a collective it
	 * started and never completed: the stall without its watchdog line
	 * (stall.c names the rank behind the others). */
	for (size_t i = 0; s == NULL && i < f->tl->n; i++)
		if (f->tl->v[i]->kind == EV_FLIGHT_RECORDER &&
		    ev_num_or(f->tl->v[i], "seqnum", -1) >= 0 &&
		    !facts_foreign(f, f->tl->v[i]))
			s = f->tl->v[i];
	if (s == NULL)
		return 0;
	m->initiating = s;
	m->confidence = "low";
	if (launcher_own_report(s)) {
		const struct words	*w = kit_words(launcher_words, s, "what");
		struct str		 p = ev_str(s, "process");

		kit_words_apply(w, m);
		if (w->detail == NULL)
			m->detail = arena_printf(a, "Only the workflow engine's "
			    "report is visible: a task it ran%s%.*s%s failed, and "
			    "why is in the task's own output, not in the "
			    "engine's log.", p.n > 0 ? " (" : "", (int)p.n, p.p,
			    p.n > 0 ? ")" : "");
		return 1;
	}
	m->confidence_reason = s->kind == EV_FLIGHT_RECORDER ? "only Flight "
	    "Recorder dumps of ranks waiting in a collective were found; the "
	    "rank that held them up left no evidence of its own in what was "
	    "collected" : "only downstream reports (collective timeouts, "
	    "launcher errors) were found; the rank that failed first left no "
	    "evidence in what was collected";
	m->detail = s->kind == EV_FLIGHT_RECORDER ? "Only the stall is "
	    "visible: the Flight Recorder dumps show ranks waiting in a "
	    "collective; the rank that held them up left no failure of its "
	    "own in what was collected." : "Only the cascade is visible: "
	    "ranks timed out or exited after another rank failed.";
	return 1;
}

/* An NCCL line that only repeats a collective timeout: the watchdog's
 * progress report, its thread ending on the timeout, or "Some NCCL
 * operations have failed or timed out". Any other NCCL error is a
 * failure of its own. */
static int
timeout_echo(const struct event *ev)
{
	struct str	e = ev_str(ev, "error");

	if (ev->sig == NULL)
		return 0;
	if (strcmp(ev->sig, "S-NCCL-WATCHDOG-EXCEPTION") == 0)
		return 1;
	if (strcmp(ev->sig, "S-NCCL-WATCHDOG-TERMINATED") == 0)
		return str_find(e, "operation timeout") != NULL;
	return strcmp(ev->sig, "S-NCCL-ERROR") == 0 && e.n == 0 &&
	    ev_field(ev, "warn") == NULL;
}

/*
 * The stall is the failure: ranks timed out in a collective (or their
 * Flight Recorder dumps wait in one) and nothing before the first
 * timeout says a rank died (no launcher, srun or peer report of one, no
 * SIGKILL, no memory failure, no NCCL error of its own). Every rank
 * that printed a timeout was alive when it did; the one they waited for
 * was busy elsewhere, in another collective, or stuck in the transport.
 * A job's log written through srun or a launcher carries every rank's
 * death report, but a rank that died could still be on a node whose
 * evidence is missing: low, medium where the ranks called different
 * collectives at one sequence number (the program itself diverged), and
 * not at all when the job's NodeList names nodes that were not
 * collected (R-INC-001 then asks for them).
 */
static int
m_collective_hang(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*t = NULL, *d;
	int			 desync;

	(void)a;
	for (size_t i = 0; i < f->tl->n; i++) {
		const struct event	*ev = f->tl->v[i];

		if (facts_foreign(f, ev))
			continue;
		if (ev->kind == EV_NCCL_ERROR && !timeout_echo(ev))
			return 0;
		if (t == NULL && (ev->kind == EV_NCCL_TIMEOUT ||
		    (ev->kind == EV_FLIGHT_RECORDER &&
		    ev_num_or(ev, "seqnum", -1) >= 0)))
			t = ev;
	}
	/* Nodes of the job left uncollected may hold the rank that died. */
	if (t == NULL || f->nodes_unseen != NULL ||
	    sigkill_event(f) != NULL || kit_memory_failed(f) != NULL)
		return 0;
	d = kit_first_of(f, rank_ended, RANK_ENDED);
	if (d != NULL && facts_index_of(f, d) < facts_index_of(f, t))
		return 0;
	desync = stall_desync(f);
	m->initiating = t;
	m->confidence = desync ? "medium" : "low";
	m->confidence_reason = desync ? "ranks timed out at the same "
	    "sequence number in different collectives: the program called "
	    "different collectives on different ranks, and nothing failed "
	    "before the timeouts" : "ranks timed out in a collective and "
	    "nothing before the first timeout says a rank failed; a rank "
	    "whose node was not collected could still have died first";
	m->detail = desync ? "The ranks fell out of step: at one sequence "
	    "number some called one collective and others another, so each "
	    "waited for partners that never came. A rank ran different code "
	    "(a branch on the rank, an early stop decided on one rank only, "
	    "a collective inside rank-0-only work)." : "A collective timed "
	    "out and no rank failed before it: every rank that printed the "
	    "timeout was alive, waiting for a rank that was busy elsewhere "
	    "(rank-0-only work between collectives, a slow data step), in "
	    "another collective, or stuck in the transport.";
	return 1;
}

static int
m_inconclusive(const struct facts *f, struct arena *a, struct rmatch *m)
{
	m->confidence = "low";
	m->confidence_reason = "no failure evidence in what was collected";
	m->detail = "The evidence collected does not show what failed.";
	return 1;
}

/* The outcome rows, in id order; rules_table.c merges them into
 * the one view. */
const struct rule	rules_outcome[] = {
	{ .id = "R-INC-001", .cause = "inconclusive", .boundary = "unknown",
	  .prio = 2, .rclass = RC_FINAL,
	  .seeds = "S000 table 'NCCL watchdog timeout after one OOM'; S000 "
	      "mistake 'Treating NCCL timeout as a second root cause'",
	  .signals = "only collective timeouts, launcher errors, task exits, "
	      "siblings a launcher terminated, a survivor's shutdown error "
	      "(Horovod) or Flight Recorder dumps of ranks waiting in a "
	      "collective; when siblings were terminated or lost a peer, the "
	      "lines are also reported as the cascade, with the first failure "
	      "the launchers name; a workflow engine's report that a task "
	      "failed (Nextflow, Snakemake, Toil, Cromwell, Autosubmit), "
	      "Hydra's that its job function raised, Ray's that an actor or a "
	      "Tune trial died, each with its own next control",
	  .meaning = "Only reports of the failure were collected, not the "
	      "failure itself.",
	  .next_action = "Collect the bundle of every node of the job "
	      "(srun --ntasks-per-node=1 oomtrail-collect) to find the rank "
	      "that failed first.",
	  .match = m_only_secondary },
	{ .id = "R-INC-002", .cause = "inconclusive", .boundary = "unknown",
	  .prio = 6, .rclass = RC_FINAL, .seeds = "S000 evidence checklist",
	  .signals = "no failure evidence at all",
	  .meaning = "The evidence cannot decide.",
	  .next_action = "Collect with oomtrail-collect on the job's nodes "
	      "before the cgroup is removed (batch-script trap), with the "
	      "job's output files.",
	  .match = m_inconclusive },
	{ .id = "R-NONE-001", .cause = "no_incident", .boundary = "none",
	  .prio = 1, .rclass = RC_FINAL, .seeds = "S000 step 2",
	  .signals = "every sacct row COMPLETED with exit code 0:0 and no "
	      "failure event anywhere",
	  .meaning = "Nothing failed.",
	  .next_action = "Nothing to fix; if the user saw a failure, collect "
	      "the bundle of the job that actually failed.",
	  .match = m_no_incident },
	{ .id = "R-NONE-002", .cause = "no_incident", .boundary = "none",
	  .prio = 3, .rclass = RC_FINAL, .seeds = "S000 step 2",
	  .signals = "the job RUNNING or COMPLETING when collected, every step "
	      "that ended COMPLETED 0:0, no failure event anywhere",
	  .meaning = "Nothing had failed when the bundle was taken; the job "
	      "had not yet ended.",
	  .next_action = "Nothing to fix yet; if the job later fails, collect "
	      "again after it ends (sacct State and ExitCode decide).",
	  .match = m_finishing },
	{ .id = "R-NONE-003", .cause = "no_incident", .boundary = "none",
	  .prio = 4, .rclass = RC_FINAL, .seeds = "S000 step 2",
	  .signals = "only warnings healthy jobs print (slurmstepd 'Exceeded "
	      "step memory limit at some point' without 'oom-killer likely "
	      "killed', srun 'step creation "
	      "temporarily disabled' followed by 'Step created', DeepSpeed "
	      "allocator cache flushes, 'destroy_process_group() was not "
	      "called', TensorFlow's 'The caller indicates that this is not "
	      "a failure', LSF's 'Successfully completed.', seff's 'State: "
	      "COMPLETED (exit code 0)', jobstats' 'State: COMPLETED', vLLM's "
	      "'preempted ... not enough KV cache space' and its 'GPU KV cache "
	      "usage' stats) and no failure event anywhere",
	  .meaning = "The warnings seen are ones healthy jobs print; nothing "
	      "failed.",
	  .next_action = "Nothing to fix; confirm with sacct -j JOB "
	      "--format=State,ExitCode that the job completed, and act on "
	      "the warning only for speed (an explicit --mem per concurrent "
	      "srun step, less memory pressure).",
	  .match = m_benign_only },
	{ .id = "R-NONE-004", .cause = "no_incident", .boundary = "none",
	  .prio = 5, .rclass = RC_FINAL, .seeds = "S000 step 2",
	  .signals = "only memory readings: an inference server's report of "
	      "the KV cache it reserved (vLLM, SGLang, TensorRT-LLM), or a "
	      "GPU nvidia-smi shows at least half full; no failure event, "
	      "kill or failed state anywhere; low confidence",
	  .meaning = "Memory is in use by design; nothing failed.",
	  .next_action = "Nothing to fix; to use less memory, lower the "
	      "server's reservation (--gpu-memory-utilization, "
	      "--mem-fraction-static, --max-model-len). If the job did fail, "
	      "collect its error output and sacct State/ExitCode.",
	  .match = m_readings_only },
	{ .id = "R-OTHER-001", .cause = "not_oom_other", .boundary = "none",
	  .prio = 6, .rclass = RC_RECORD, .seeds = "S000 step 2",
	  .signals = "sacct FAILED/NODE_FAIL/…, or CANCELLED by a user, or "
	      "scontrol JobState=NODE_FAIL/BOOT_FAIL, with no memory evidence",
	  .meaning = "The job failed for a reason other than memory.",
	  .next_action = "Read the job's own error output around its end; "
	      "memory settings are not the control to change.",
	  .match = m_failed },
	{ .id = "R-OTHER-002", .cause = "not_oom_other", .boundary = "none",
	  .prio = 5, .rclass = RC_RECORD,
	  .seeds = "S001 symptom 'Job killed with SIGKILL by cgroup' (its "
	      "check); DESIGN.md 'Absence is evidence only where the source "
	      "covers the time'",
	  .signals = "a bare SIGKILL (as R-HOST-009) while the kernel log "
	      "covers the kill and has no OOM kill of the job, the OOM "
	      "counter is 0 (v2 memory.events oom_kill; v1 a task's "
	      "memory.oom_control oom_kill, since the job and step levels stay "
	      "0), and neither a whole job log nor the configuration allows "
	      "Slurm's RSS poller (OverMemoryKill) to have done it",
	  .meaning = "Something other than the OOM killer sent the SIGKILL.",
	  .next_action = "Find the sender: the launcher's or watchdog's own "
	      "log, health-check and admin logs on the node, sacct's "
	      "State/Reason; memory settings are not the control to change.",
	  .match = m_sigkill_other },
	{ .id = "R-OTHER-004", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT, .seeds = "S000 step 2 (NODE_FAIL)",
	  .signals = "srun/salloc 'Node failure on N', slurmctld 'Nodes N not "
	      "responding', 'Node N unexpectedly rebooted' or 'Killing JobId=… "
	      "on failed node', the '… CANCELLED AT … DUE TO NODE FAILURE' "
	      "banner, slurmd's 'Prolog failure on node N' or '[job N] "
	      "epilog failed status=…' (the node drained), a SPANK plugin's "
	      "'spank-epilog: error: …', slurmd's own 'slurmd: fatal: …' at "
	      "start-up, slurmctld draining a node that registered fewer GPUs "
	      "than configured ('gres/gpu: Count changed', 'gres/gpu count "
	      "reported lower than configured'), the kernel's EDAC "
	      "report of an uncorrectable error in the node's own memory "
	      "('EDAC MCn: N UE memory … error on <DIMM>'); a node the job's "
	      "NodeList names (when known)",
	  .meaning = "A node of the job was lost (rebooted, hung or down).",
	  .next_action = "Ask the site why the node went down (slurmctld.log, "
	      "the node's journal and BMC); requeue the job unchanged on "
	      "other nodes (--exclude the node); memory settings are not the "
	      "control to change.",
	  .match = m_node_fail },
	{ .id = "R-OTHER-005", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 mistake (a failure that is not memory)",
	  .signals = "'No space left on device', 'Disk quota exceeded' or "
	      "'storage exhausted' on a file system other than /dev/shm (not "
	      "an NCCL or DataLoader shared-memory file, not a cgroup), the "
	      "kubelet evicting for disk, PBS killing for the jobfs "
	      "quota, or a network or FUSE file system failing ('Stale file "
	      "handle', 'Transport endpoint is not connected'), with no "
	      "shared-memory failure beside it",
	  .meaning = "A file system the job writes to is full or over quota, "
	      "or failed under it.",
	  .next_action = "Free space or quota on the file system the line "
	      "names (or point the tool's cache, container runtime or output "
	      "at one with room: a scratch file system, not a RAM-backed "
	      "tmpfs), rerun, and require the write error to disappear.",
	  .match = m_storage },
	{ .id = "R-OTHER-021", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S004 'Confirm the failure is allocation, not corruption'",
	  .signals = "'no kernel image is available for execution on the "
	      "device', 'invalid device symbol', CUDA_ERROR_NOT_INITIALIZED, nvidia-smi 'couldn't "
	      "communicate with the NVIDIA driver', NVML 'Driver/library "
	      "version mismatch', 'CUDA driver version is insufficient', "
	      "'the provided PTX was compiled with an unsupported toolchain', "
	      "ggml's 'CUDA kernel K has no device code compatible with CUDA "
	      "arch N', cudaErrorNotSupported (801, also inside RMM's "
	      "std::bad_alloc), nvidia-container-cli's 'driver (rpc) error: "
	      "timed out' and 'requirement error: unsatisfied condition' (an "
	      "image's CUDA newer than the driver), error 803 (a CUDA compat "
	      "library that does not match the driver), error 804 (also as "
	      "a number only: LAMMPS' 'Cuda driver error 804', OpenMM's "
	      "'Invalid error code (804)'), Triton's "
	      "'OutOfResources: out of resource: shared memory' (a kernel "
	      "configured for a larger GPU), error 802 and NCCL's failed NVLS "
	      "set-up (the NVSwitch fabric not ready), the kernel's 'requires "
	      "use of the NVIDIA open kernel modules', any other error of "
	      "nvidia-container-cli setting up a container's GPUs; "
	      "'Could not create cudnn handle' when XLA's 'Memory usage: N "
	      "bytes free' beside it shows >= 512 MiB and a tenth of the "
	      "device free, and no memory failure",
	  .meaning = "The CUDA software stack (build, library, driver) "
	      "failed, not the device or its memory.",
	  .next_action = "Hold the job and node constant and change only the "
	      "software: a build with code for this GPU, the library version "
	      "before the regression, or a node with a working driver.",
	  .match = m_cuda_stack },
	{ .id = "R-OTHER-022", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S001 cause 'Cgroup device access not configured for GPUs'",
	  .signals = "a communication library's no-device line as it probes "
	      "CUDA at start (GPU-aware MPICH's yaksa hooks, Cray MPICH's "
	      "GTL, Open MPI, UCX, libfabric: 'no CUDA-capable device is "
	      "detected'; a program's own no-device line is R-GPU-001's) "
	      "while nothing shows the job asked for a GPU: no GPU "
	      "GRES/TRES, no CUDA_VISIBLE_DEVICES, no device cgroup record, "
	      "no nvidia-smi snapshot; a warning that lets the job go on, or a "
	      "job whose steps all completed, is no incident",
	  .meaning = "A library probed CUDA in a job that need not have a "
	      "GPU.",
	  .next_action = "If the job should use no GPU, turn the library's "
	      "GPU support off; if it should, resubmit with --gres=gpu:N and "
	      "collect the job's Slurm records with the bundle.",
	  .match = m_nodev_cpu_job },
	{ .id = "R-OTHER-023", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 mistake (a failure that is not memory)",
	  .signals = "NCCL's 'Duplicate GPU detected : rank A and rank B both "
	      "on CUDA device X' (ncclInvalidUsage at communicator init)",
	  .meaning = "Two ranks were put on the same GPU, so NCCL refused "
	      "them; not memory.",
	  .next_action = "Give each rank its own device: call "
	      "torch.cuda.set_device(LOCAL_RANK) (or use the device the "
	      "launcher gives) instead of a fixed cuda:0, with one GPU per "
	      "rank visible or all of the node's; require the communicator "
	      "to initialise.",
	  .match = m_nccl_misuse },
	{ .id = "R-OTHER-024", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 mistake (a failure that is not memory)",
	  .signals = "a per-process resource limit in the job's own words: "
	      "'Too many open files', Python's 'received 0 items of ancdata' "
	      "(a file descriptor a DataLoader worker could not pass) or "
	      "setrlimit's 'current limit exceeds maximum limit' (open "
	      "files); NCCL's 'Call to ibv_reg_mr failed with error Cannot "
	      "allocate memory' (also ibv_reg_dmabuf_mr) and UCX's "
	      "'ibv_reg_mr(...) failed: Cannot allocate memory' (locked "
	      "memory, or buffers larger than the adapter registers); LSF's "
	      "TERM_THREADLIMIT / TERM_PROCESSLIMIT (the job's thread or "
	      "process limit); SIGXFSZ ('File size limit exceeded', tcsh's "
	      "'Filesize limit exceeded': the file-size limit); not when a "
	      "memory failure is in the evidence too",
	  .meaning = "A per-process or per-job limit (open files, locked "
	      "memory, threads, file size) ran out, not memory.",
	  .next_action = "Raise the limit the line names for the job "
	      "(ulimit -n, ulimit -l; the container's --ulimit; Slurm's "
	      "PropagateResourceLimits), require the job to see it, and rerun "
	      "unchanged.",
	  .match = m_rlimit },
	{ .id = "R-OTHER-025", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 mistake (a failure that is not memory)",
	  .signals = "torchelastic's 'Received N death signal, shutting down "
	      "workers' (the agent itself signalled) with no scheduler end, "
	      "cancel or memory failure collected; medium for SIGHUP and SIGINT, "
	      "low for SIGTERM",
	  .meaning = "The launcher was stopped by a signal from outside; the "
	      "job did not fail.",
	  .next_action = "Find who sent the signal (the scheduler's record of "
	      "the job, the pod's events, the shell it ran under) and rerun "
	      "the job unchanged once that is settled.",
	  .match = m_launcher_signaled },
	{ .id = "R-OTHER-026", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 mistake (a failure that is not memory)",
	  .signals = "NCCL's warning that it could not set up its network "
	      "when making the communicator: 'Error: network NAME not found' "
	      "(a network plugin NCCL_NET names that is not installed), "
	      "'Socket creation failed'",
	  .meaning = "NCCL could not set up its network; no rank failed "
	      "first.",
	  .next_action = "Run nccl-tests (all_reduce_perf) on the same nodes "
	      "with NCCL_DEBUG=INFO: install or point to the network plugin "
	      "the setting names (or unset NCCL_NET), give containers the "
	      "host's network (--net=host) or set NCCL_SOCKET_IFNAME to an "
	      "interface the ranks share, and require the test to pass "
	      "before rerunning the job unchanged.",
	  .match = m_nccl_net_setup },
	{ .id = "R-OTHER-027", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 mistake (a failure that is not memory)",
	  .signals = "a process ended by SIGILL: 'Illegal instruction' (a "
	      "shell's or srun's report, Python's faulthandler) or exit "
	      "status 132 (docker, Kubernetes, a launcher)",
	  .meaning = "The program used a CPU instruction the node does not "
	      "have; not memory.",
	  .next_action = "Compare the node's CPU flags (grep -o 'avx[^ ]*' "
	      "/proc/cpuinfo, inside the VM or container too) with what the "
	      "build needs; run a build for this CPU (or the generic one) or "
	      "move to nodes whose CPUs have the instructions, and require "
	      "the program to start ('--help' or a one-line import) before "
	      "rerunning the job unchanged.",
	  .match = m_sigill },
	{ .id = "R-OTHER-031", .cause = "not_oom_other", .boundary = "none",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 mistake (a failure that is not memory)",
	  .signals = "slurmstepd's 'execve(): CMD: REASON' for a task's own "
	      "command (not the batch script in Slurm's spool directory): "
	      "'No such file or directory', 'Permission denied', 'Exec format "
	      "error'",
	  .meaning = "The task's command could not be executed on the node; "
	      "the workload never ran.",
	  .next_action = "On that node, in the same environment, run the "
	      "command as the task would (srun -w NODE --export=ALL bash -lc "
	      "'type CMD; ls -l $(type -P CMD)'): load the module or set the "
	      "PATH the task needs, give the full path to the program, make it "
	      "executable (chmod +x) or use the build for that node's "
	      "architecture, and require one task to start before rerunning "
	      "the job unchanged.",
	  .match = m_command_missing },
	{ .id = "R-OTHER-032", .cause = "not_oom_other", .boundary = "none",
	  .prio = 6, .rclass = RC_RECORD,
	  .seeds = "S000 mistake (a failure that is not memory)",
	  .signals = "a shell's report that a command the script runs does not "
	      "exist (bash 'CMD: command not found', zsh 'command not found: "
	      "CMD', tcsh 'CMD: Command not found.') and no incident row "
	      "fired; low",
	  .meaning = "A command the job's script runs was not found; nothing "
	      "shows memory running out.",
	  .next_action = "Run the script's environment set-up on the node as "
	      "the job does (srun -w NODE bash -lc 'type CMD' after the same "
	      "module loads, or inside the same container), install the tool "
	      "or load its module in the script itself, and require the "
	      "command to be found before rerunning the job unchanged.",
	  .match = m_command_not_found },
	{ .id = "R-OTHER-030", .cause = "not_oom_other", .boundary = "none",
	  .prio = 4, .rclass = RC_RECORD,
	  .seeds = "S000 mistake (a failure that is not memory)",
	  .signals = "a process ended by SIGSEGV ('Segmentation fault' from a "
	      "shell, srun, libc or abrt, gfortran's 'Program received signal "
	      "SIGSEGV', UCX's 'Caught signal 11 (Segmentation fault', "
	      "faulthandler) and no incident row fired; low",
	  .meaning = "A process crashed with a segmentation fault; nothing "
	      "shows memory running out.",
	  .next_action = "Get the crash's backtrace (its core file under gdb, "
	      "or the crash handler's frames); rerun once with ulimit -s "
	      "unlimited (a stack overflow looks like this) and with the "
	      "library versions the program was built against, and require "
	      "the crash to disappear before changing memory settings.",
	  .match = m_sigsegv },
	{ .id = "R-OTHER-028", .cause = "not_oom_other", .boundary = "none",
	  .prio = 5, .rclass = RC_RECORD,
	  .seeds = "S000 table 'NCCL watchdog timeout after one OOM' (its "
	      "converse: no rank failed); S000 mistake 'Treating NCCL timeout "
	      "as a second root cause'",
	  .signals = "collective timeouts (ProcessGroupNCCL's watchdog, or "
	      "Flight Recorder dumps waiting in a collective) with nothing "
	      "before the first of them saying a rank died: no launcher, srun "
	      "or peer report, no SIGKILL, no memory failure, no NCCL error "
	      "other than the timeout's own lines, and no node of the job's "
	      "NodeList left uncollected; medium when ranks timed out at one "
	      "sequence number in different collectives (a desync), low "
	      "otherwise",
	  .meaning = "The job hung in a collective: nothing before the "
	      "timeouts shows a rank failing or memory running out.",
	  .next_action = "Find what the rank behind was doing: rerun with "
	      "TORCH_NCCL_TRACE_BUFFER_SIZE=2000 and "
	      "TORCH_NCCL_DUMP_ON_TIMEOUT=1 and take py-spy dump of every "
	      "rank while it hangs; require every rank to call the same "
	      "collectives in the same order (no collective inside "
	      "rank-0-only work, a stop decided on every rank) and "
	      "nccl-tests to pass on the same nodes. If a node of the job "
	      "was not collected, collect it first: a rank killed there would "
	      "make these timeouts its cascade.",
	  .match = m_collective_hang },
	{ .id = "R-OTHER-034", .cause = "not_oom_other", .boundary = "none",
	  .prio = 6, .rclass = RC_RECORD,
	  .seeds = "S000 step 2 (a node of the job failed)",
	  .signals = "slurmstepd's '*** JOB N STEPD TERMINATED ON N AT T DUE "
	      "TO JOB NOT ENDING WITH SIGNALS ***', or the node's drain "
	      "reason 'Kill task failed' (sinfo -R, scontrol show node), and "
	      "no incident row fired (a time limit, cancel or OOM kill that "
	      "began the teardown is the failure instead)",
	  .meaning = "A node was drained because the job's processes could "
	      "not be killed.",
	  .next_action = "Have the site read the node's kernel log and "
	      "slurmd log at the drain's time for the processes that would "
	      "not die (tasks blocked in D state: a hung network file "
	      "system, the GPU driver, a plugin's epilog), fix that and "
	      "resume the node; raise UnkillableStepTimeout only where "
	      "teardown is merely slow. The job's memory settings are not the "
	      "control to change.",
	  .match = m_unkillable },
};
const size_t	nrules_outcome =
    sizeof(rules_outcome) / sizeof(rules_outcome[0]);
