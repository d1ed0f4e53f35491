/*
 * catalog_table: the signature table, one row per signature.
 *
 * Every string is the one real software prints, per the section of
 * reference/signatures.md named in .source. Patterns match the body of a
 * line (catalog_envelope() has removed timestamps and rank prefixes) and
 * are unanchored unless a row says otherwise. Rows of one group are
 * exclusive on a line and tried in table order, so the more specific row
 * comes first. The .ere column is written to bench/SIGNATURES.ere
 * (grep -E baseline); it selects roughly the same lines, without fields.
 *
 * This file holds data only; catalog.c compiles and runs it.
 */
#include "catalog.h"

/* PyTorch format_size(): "0 bytes", "512 bytes", "20.00 MiB", "1.71 GiB". */
#define SZ	"[0-9]+(?:\\.[0-9]+)? (?:bytes|[KMGTPE]iB)"
#define SZE	"[0-9.]+ (bytes|[KMGTPE]iB)"
/* DeepSpeed see_memory_usage(): "0.63 GB", "6 GB" (forks: "KB", "MB",
 * "B"); Megatron report_memory(): a bare float of MiB. */
#define DSZ	"[0-9]+(?:\\.[0-9]+)? [KMGT]?B"
#define MNUM	"[0-9]+(?:\\.[0-9]+)?"
/* slurmstepd[-<node>]: [error: ] (signatures.md 0.1) */
#define STEPD	"(?:slurmstepd(?:-(?<node>[^\\s:]+))?: (?:error: )?)?"

const struct cat_sig catalog_table[] = {
	/* --- PyTorch caching allocator (signatures.md 3.1, 3.2) --- */
	{ .id = "S-PT-OOM-NEW", .kind = EV_CUDA_OOM, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "Tried to allocate" },
	  .pcre = "(?:(?<exception>[A-Za-z_.]*(?:Error)): )?"
	    "(?:CUDA out|HIP out|Out) of memory\\. Tried to allocate "
	    "(?<requested_bytes>" SZ ")\\. GPU (?<gpu>[0-9]+) has a total "
	    "(?:capacity|capacty) of (?<capacity_bytes>" SZ ") of which "
	    "(?<free_bytes>" SZ ") is free\\. "
	    "(?:(?=(?:Process [0-9]+ has " SZ " memory in use\\. )*"
	    "Including non-PyTorch memory, this process has "
	    "(?<process_bytes>" SZ ") memory in use\\.))?"
	    "(?<proc_info>(?:(?:Process [0-9]+|Including non-PyTorch memory, "
	    "this process) has " SZ " memory in use\\. )*)"
	    "(?:(?<allowed_bytes>" SZ ") allowed; )?"
	    "Of the allocated memory (?<allocated_bytes>" SZ ") is allocated "
	    "by PyTorch, (?:with (?<private_pool_bytes>" SZ ") allocated in "
	    "private pools \\(e\\.g\\., CUDA Graphs\\), )?and "
	    "(?<reserved_unallocated_bytes>" SZ ") is reserved by PyTorch but "
	    "unallocated\\.",
	  .ere = "(CUDA out|HIP out|Out) of memory\\. Tried to allocate " SZE
	    "\\. GPU [0-9]+ has a total capaci?ty of",
	  .source = "PyTorch 2.1 (\"capacty\") to 2.x main, "
	    "c10/cuda/CUDACachingAllocator.cpp; signatures.md 3.1" },
	{ .id = "S-PT-OOM-OLD", .kind = EV_CUDA_OOM, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "Tried to allocate" },
	  .pcre = "(?:(?<exception>[A-Za-z_.]*(?:Error)): )?"
	    "CUDA out of memory\\. Tried to allocate (?<requested_bytes>" SZ
	    ") \\(GPU (?<gpu>[0-9]+); (?<capacity_bytes>" SZ ") total "
	    "capacity; (?<allocated_bytes>" SZ ") already allocated; "
	    "(?<free_bytes>" SZ ") free; (?:(?<allowed_bytes>" SZ
	    ") allowed; )?(?:(?<reserved_bytes>" SZ ") reserved in total by "
	    "PyTorch|(?<cached_bytes>" SZ ") cached(?:; (?<inactive_bytes>"
	    SZ ") inactive)?)\\)",
	  .ere = "CUDA out of memory\\. Tried to allocate " SZE " \\(GPU "
	    "[0-9]+; " SZE " total capacity",
	  .source = "PyTorch 1.0 (\"cached\") to 2.0; signatures.md 3.1" },
	{ .id = "S-CUDA-OOM-PLAIN", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "out of memory", "cudaErrorMemoryAllocation",
	      "CUDA_ERROR_OUT_OF_MEMORY" },
	  .pcre = "(?<error>CUDA error: out of memory|cudaErrorMemoryAllocation"
	    "|CUDA_ERROR_OUT_OF_MEMORY|cuda runtime error \\(2\\) : out of "
	    "memory|Cuda failure 'out of memory'|\\(error code out of "
	    "memory\\)|CUDA out of memory)",
	  .ere = "CUDA error: out of memory|cudaErrorMemoryAllocation|"
	    "CUDA_ERROR_OUT_OF_MEMORY|cuda runtime error \\(2\\) : out of "
	    "memory|Cuda failure 'out of memory'|\\(error code out of "
	    "memory\\)|CUDA out of memory",
	  .source = "CUDA runtime/driver error names; PyTorch 0.1-0.4 THC, "
	    "C10_CUDA_CHECK, torch.AcceleratorError (2.8+); NCCL; "
	    "signatures.md 3.1, 3.3, 4.3, 6.3" },
	{ .id = "S-XLA-OOM", .kind = EV_XLA_OOM, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "Out of memory while trying to allocate" },
	  .pcre = "(?:RESOURCE_EXHAUSTED|Resource exhausted): Out of memory "
	    "while trying to allocate (?<requested_bytes>[0-9]+) bytes",
	  .ere = "(RESOURCE_EXHAUSTED|Resource exhausted): Out of memory "
	    "while trying to allocate [0-9]+ bytes",
	  .source = "XLA TfAllocatorAdapter (jaxlib XlaRuntimeError, "
	    "JaxRuntimeError, 2019 local_client); signatures.md 6.1" },
	{ .id = "S-TF-BFC-OOM", .kind = EV_CUDA_OOM_PLAIN, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "OOM when allocating tensor" },
	  .pcre = "OOM when allocating tensor with shape\\[(?<shape>[^\\]]*)\\]"
	    " and type (?<dtype>[A-Za-z0-9_]+) on (?<device>[^ ]+) by "
	    "allocator (?<allocator>[A-Za-z0-9_]+)",
	  .ere = "OOM when allocating tensor with shape",
	  .source = "TensorFlow BFC allocator (TF1 and TF2); signatures.md 6.2" },
	{ .id = "S-PT-MEM-SUMMARY", .kind = EV_MEM_SUMMARY, .cls = CAT_CONTEXT,
	  .group = "mem_summary",
	  .needles = { "memory summary, device ID" },
	  .pcre = "PyTorch (?:CUDA )?memory summary, device ID (?<gpu>[0-9]+)",
	  .ere = "PyTorch (CUDA )?memory summary, device ID [0-9]+",
	  .source = "torch.cuda.memory_summary() header (table follows); "
	    "signatures.md 3" },
	/* --- device faults, never an OOM (signatures.md 6.3, 4.1) --- */
	{ .id = "S-CUDA-FAULT", .kind = EV_CUDA_FAULT, .cls = CAT_PRIMARY,
	  .group = "cuda_fault",
	  .needles = { "illegal memory access", "unspecified launch failure",
	      "device-side assert triggered", "misaligned address",
	      "illegal instruction", "unknown error" },
	  .pcre = "(?<error>an illegal memory access was encountered|"
	    "unspecified launch failure|device-side assert triggered|"
	    "misaligned address|an illegal instruction was encountered|"
	    "CUDA error: unknown error|\\(error code unknown error\\))",
	  /* The grep baseline keeps the set it was measured with, "no
	   * kernel image" included (now S-CUDA-NO-KERNEL-IMAGE). */
	  .ere = "an illegal memory access was encountered|unspecified launch "
	    "failure|device-side assert triggered|misaligned address|an "
	    "illegal instruction was encountered|no kernel image is available "
	    "for execution on the device|CUDA error: unknown error|\\(error "
	    "code unknown error\\)",
	  .source = "cudaGetErrorString (cudaErrorIllegalAddress, LaunchFailure,"
	    " Assert, Unknown); Triton; signatures.md 6.3" },
	/* The same faults by their enum names (runtime and driver API, as
	 * cudaGetErrorName and CUDA_ERROR_* checks print them), the launch
	 * watchdog's timeout (error 6, Xid 8), and the short phrase people
	 * quote. After the full sentences: a line holding both is one
	 * event. */
	{ .id = "S-CUDA-FAULT-NAME", .kind = EV_CUDA_FAULT, .cls = CAT_PRIMARY,
	  .group = "cuda_fault",
	  .needles = { "illegal memory access", "IllegalAddress",
	      "ILLEGAL_ADDRESS", "cudaErrorLaunch", "CUDA_ERROR_LAUNCH_",
	      "launch timed out" },
	  .pcre = "(?:error=(?<cuda_error>[0-9]+) : |cuda runtime error "
	    "\\((?<cuda_error>[0-9]+)\\) : )?"
	    "(?<error>cudaErrorIllegalAddress|CUDA_ERROR_ILLEGAL_ADDRESS|"
	    "cudaErrorLaunchFailure|CUDA_ERROR_LAUNCH_FAILED|"
	    "cudaErrorLaunchTimeout|CUDA_ERROR_LAUNCH_TIMEOUT|"
	    "the launch timed out and was terminated|"
	    "(?i:illegal memory access))",
	  .ere = "cudaErrorIllegalAddress|CUDA_ERROR_ILLEGAL_ADDRESS|"
	    "cudaErrorLaunchFailure|CUDA_ERROR_LAUNCH_FAILED|"
	    "cudaErrorLaunchTimeout|CUDA_ERROR_LAUNCH_TIMEOUT|the launch "
	    "timed out and was terminated|[Ii]llegal memory access",
	  .source = "cudaGetErrorName / CUresult names of cudaErrorIllegal"
	    "Address (700), LaunchFailure (719), LaunchTimeout (702; 6 "
	    "before CUDA 10.1, THC 'error=6'); JCuda, CuPy, Numba; "
	    "signatures.md 6.3",
	  .no_baseline = 1 },
	{ .id = "S-CUDA-ECC", .kind = EV_ECC_ERROR, .cls = CAT_PRIMARY,
	  .group = "cuda_fault",
	  .needles = { "uncorrectable ECC error encountered" },
	  .pcre = "uncorrectable ECC error encountered",
	  .ere = "uncorrectable ECC error encountered",
	  .source = "cudaErrorECCUncorrectable; signatures.md 6.3" },
	/* --- slurmstepd cgroup OOM (signatures.md 1.1) --- */
	{ .id = "S-STEPD-OOM-2302", .kind = EV_STEPD_OOM, .cls = CAT_PRIMARY,
	  .group = "stepd_oom",
	  .needles = { "oom_kill event" },
	  .pcre = STEPD "Detected (?<count>[0-9]+) oom_kill events? in "
	    "StepId=(?<job_id>[^.\\s]+)\\.(?<step>[A-Za-z0-9_+]+)\\.",
	  .ere = "Detected [0-9]+ oom_kill events? in StepId=",
	  .source = "Slurm 23.02.0 - 26.05 task_cgroup_memory.c; "
	    "signatures.md 1.1" },
	{ .id = "S-STEPD-OOM-1711", .kind = EV_STEPD_OOM, .cls = CAT_PRIMARY,
	  .group = "stepd_oom",
	  .needles = { "oom-kill event(s)" },
	  .pcre = STEPD "Detected (?<count>[0-9]+) oom-kill event\\(s\\) in "
	    "(?:StepId=|step )(?<job_id>[0-9]+)\\.(?<step>[A-Za-z0-9_+]+)"
	    "(?: cgroup)?\\.",
	  .ere = "Detected [0-9]+ oom-kill event\\(s\\) in (StepId=|step )",
	  .source = "Slurm 17.11.3 - 22.05 (\"step %s cgroup.\" before 20.11, "
	    "\"%ps cgroup.\" 20.11, \"%ps.\" 21.08-22.05); signatures.md 1.1" },
	{ .id = "S-STEPD-OOM-TAIL", .kind = EV_STEPD_OOM, .cls = CAT_PRIMARY,
	  .group = "stepd_oom",
	  .needles = { "killed by the cgroup out-of-memory handler" },
	  .pcre = "(?:in (?:StepId=|step )(?<job_id>[0-9]+)\\."
	    "(?<step>[A-Za-z0-9_+]+)(?: cgroup)?\\. )?Some of your processes "
	    "may have been killed by the cgroup out-of-memory handler",
	  .ere = "may have been killed by the cgroup out-of-memory handler",
	  .source = "Slurm 17.11.10 - 22.05, tail of a wrapped \"Detected\" "
	    "line; signatures.md 1.1" },
	{ .id = "S-STEPD-EXCEEDED-AT", .kind = EV_STEPD_OOM, .cls = CAT_PRIMARY,
	  .group = "stepd_oom",
	  .needles = { "memory limit at some point" },
	  .pcre = STEPD "Exceeded (?<scope>step|job) memory limit at some "
	    "point\\.(?<detail> oom-killer likely killed a process\\.| "
	    "(?:Step|Job) may have been partially swapped out to disk\\.)?",
	  .ere = "Exceeded (step|job) memory limit at some point",
	  .source = "Slurm 2.6.5 - 17.11.1 (failcnt, not necessarily a kill); "
	    "signatures.md 1.1" },
	{ .id = "S-STEPD-MEMLIMIT", .kind = EV_STEPD_MEMLIMIT,
	  .cls = CAT_PRIMARY, .group = "stepd_oom",
	  .needles = { "exceeded memory limit", "exceeded virtual memory" },
	  .pcre = STEPD "StepId=(?<job_id>[0-9]+)\\.(?<step>[A-Za-z0-9_+]+) "
	    "exceeded (?<what>virtual memory|memory) limit \\((?<used_bytes>"
	    "[0-9]+) > (?<limit_bytes>[0-9]+)\\), being killed",
	  .ere = "StepId=[0-9]+\\.[A-Za-z0-9_+]+ exceeded (virtual )?memory "
	    "limit \\([0-9]+ > [0-9]+\\), being killed",
	  .source = "Slurm >= 20.11 jobacct_gather (bytes since 18.08); "
	    "signatures.md 1.2" },
	{ .id = "S-STEPD-MEMLIMIT-OLD", .kind = EV_STEPD_MEMLIMIT,
	  .cls = CAT_PRIMARY, .group = "stepd_oom",
	  .needles = { "exceeded memory limit", "exceeded virtual memory" },
	  .pcre = STEPD "(?:Step (?<job_id>[0-9]+)\\.(?<step>[A-Za-z0-9_+]+)|"
	    "Job (?<job_id>[0-9]+)) exceeded (?<what>virtual memory|memory) "
	    "limit \\((?<used>[0-9]+) ?> ?(?<limit>[0-9]+)\\), "
	    "(?:being killed|cancelling it)",
	  .ere = "(Step [0-9]+\\.[A-Za-z0-9_+]+|Job [0-9]+) exceeded (virtual "
	    ")?memory limit \\([0-9]+ ?> ?[0-9]+\\), (being killed|cancelling"
	    " it)",
	  .source = "Slurm <= 20.02 jobacct_gather (KB <= 17.11, bytes 18.08+:"
	    " units left raw), slurmd job_mem_limit.c; signatures.md 1.2" },
	{ .id = "S-STEPD-OOM-INFO", .kind = EV_STEPD_OOM_INFO,
	  .cls = CAT_CONTEXT, .group = "stepd_oom",
	  .needles = { "limit at least once" },
	  .pcre = "(?:StepId=(?<job_id>[0-9]+)\\.(?<step>[A-Za-z0-9_+]+)|"
	    "Step (?<job_id>[0-9]+)\\.(?<step>[A-Za-z0-9_+]+)|"
	    "Job (?<job_id>[0-9]+)) hit (?<what>memory\\+swap|memory) limit "
	    "at least once",
	  .ere = "hit memory(\\+swap)? limit at least once",
	  .source = "Slurm all versions, info level, slurmd.log; "
	    "signatures.md 1.1" },
	{ .id = "S-SLURM-EXCEEDED", .kind = EV_SRUN_EXCEEDED,
	  .cls = CAT_PRIMARY, .group = "stepd_oom",
	  .needles = { "Exceeded job memory limit",
	      "Exceeded step memory limit" },
	  .pcre = STEPD "Exceeded (?<scope>job|step) memory limit(?! at some)",
	  .ere = "Exceeded (job|step) memory limit",
	  .source = "slurmctld job-notify text printed by srun (info) and "
	    "slurmstepd req.c (error), 17.11 - HEAD; signatures.md 1.2" },
	/* --- banners (signatures.md 1.4) --- */
	{ .id = "S-BANNER-TIME-LIMIT", .kind = EV_TIME_LIMIT,
	  .cls = CAT_PRIMARY, .group = "banner",
	  .needles = { "DUE TO TIME LIMIT" },
	  .pcre = "\\*\\*\\* (?<what>JOB|STEP) (?<job_id>[0-9]+)"
	    "(?:\\.(?<step>[A-Za-z0-9_+]+))? ON (?<node>[^ ]+) CANCELLED AT "
	    "(?<at>[^ ]+) DUE TO TIME LIMIT",
	  .ere = "\\*\\*\\* (JOB|STEP) [0-9.A-Za-z_+]+ ON [^ ]+ CANCELLED AT "
	    "[^ ]+ DUE TO TIME LIMIT",
	  .source = "slurmstepd req.c, Slurm 1.3 - HEAD; signatures.md 1.4" },
	{ .id = "S-BANNER-PREEMPTED", .kind = EV_PREEMPTED,
	  .cls = CAT_PRIMARY, .group = "banner",
	  .needles = { "DUE TO PREEMPTION" },
	  .pcre = "\\*\\*\\* (?<what>JOB|STEP) (?<job_id>[0-9]+)"
	    "(?:\\.(?<step>[A-Za-z0-9_+]+))? ON (?<node>[^ ]+) CANCELLED AT "
	    "(?<at>[^ ]+) DUE TO PREEMPTION",
	  .ere = "\\*\\*\\* (JOB|STEP) [0-9.A-Za-z_+]+ ON [^ ]+ CANCELLED AT "
	    "[^ ]+ DUE TO PREEMPTION",
	  .source = "slurmstepd req.c; signatures.md 1.4" },
	{ .id = "S-BANNER-CANCELLED", .kind = EV_CANCELLED, .cls = CAT_PRIMARY,
	  .group = "banner",
	  .needles = { " CANCELLED AT " },
	  .pcre = "\\*\\*\\* (?<what>JOB|STEP) (?<job_id>[0-9]+)"
	    "(?:\\.(?<step>[A-Za-z0-9_+]+))? ON (?<node>[^ ]+) CANCELLED AT "
	    "(?<at>[^ ]+)(?: by (?:uid )?(?<uid>[0-9]+))?"
	    "(?: DUE (?:TO|to) (?<reason>(?:SIGNAL )?[^*]*[^* ]))? \\*\\*\\*",
	  .ere = "\\*\\*\\* (JOB|STEP) [0-9.A-Za-z_+]+ ON [^ ]+ CANCELLED AT ",
	  .source = "slurmstepd req.c (\"DUE to SIGNAL\" >= 25.05); "
	    "signatures.md 1.4" },
	/* --- srun and slurmstepd task exits (signatures.md 1.3) --- */
	{ .id = "S-SRUN-TASK-OOM", .kind = EV_SRUN_TASK_OOM,
	  .cls = CAT_PRIMARY, .group = "srun_task",
	  .needles = { ": Out Of Memory" },
	  .pcre = "error: (?<node>[^\\s:]+): tasks? (?<task>[0-9]+(?:[-,]"
	    "[0-9]+)*): Out Of Memory",
	  .ere = "error: [^ :]+: tasks? [0-9,-]+: Out Of Memory",
	  .source = "srun launch (SIG_OOM), Slurm 17.02 - HEAD; "
	    "signatures.md 1.3" },
	{ .id = "S-SRUN-TASK-KILLED", .kind = EV_SRUN_TASK_KILLED,
	  .cls = CAT_SECONDARY, .group = "srun_task",
	  .needles = { ": Killed" },
	  .pcre = "error: (?<node>[^\\s:]+): tasks? (?<task>[0-9]+(?:[-,]"
	    "[0-9]+)*): Killed",
	  .ere = "error: [^ :]+: tasks? [0-9,-]+: Killed",
	  .source = "srun launch, strsignal(SIGKILL); signatures.md 1.3" },
	{ .id = "S-STEPD-TASK-SIGNALED", .kind = EV_SRUN_TASK_KILLED,
	  .cls = CAT_SECONDARY, .group = "srun_task",
	  .needles = { "exited. Killed by signal" },
	  .pcre = "task (?<task>[0-9]+) \\((?<pid>[0-9]+)\\) exited\\. Killed "
	    "by signal (?<signal>[0-9]+)",
	  .ere = "task [0-9]+ \\([0-9]+\\) exited\\. Killed by signal [0-9]+",
	  .source = "slurmstepd mgr.c _log_task_exit (slurmd.log); "
	    "signatures.md 1.3" },
	{ .id = "S-SRUN-TASK-EXIT", .kind = EV_SRUN_TASK_EXIT,
	  .cls = CAT_SECONDARY, .group = "srun_task",
	  .needles = { "xited with exit code" },
	  .pcre = "(?:error: (?<node>[^\\s:]+): tasks? (?<task>[0-9]+(?:[-,]"
	    "[0-9]+)*): Exited with exit code (?<exit_code>[0-9]+)|task "
	    "(?<task>[0-9]+) \\((?<pid>[0-9]+)\\) exited with exit code "
	    "(?<exit_code>-?[0-9]+))",
	  .ere = "tasks? [0-9,-]+: Exited with exit code [0-9]+|task [0-9]+ "
	    "\\([0-9]+\\) exited with exit code",
	  .source = "srun launch and slurmstepd mgr.c _log_task_exit; "
	    "signatures.md 1.3" },
	{ .id = "S-STEP-CREATE-FAIL", .kind = EV_STEP_CREATE_FAIL,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "Unable to create step for job" },
	  .pcre = "Unable to create step for job (?<job_id>[0-9]+): "
	    "(?<reason>.*[^ ])",
	  .ere = "Unable to create step for job [0-9]+: ",
	  .source = "srun (slurm_step_ctx_create error text); real Slurm "
	    "22.05 fixture" },
	{ .id = "S-CGROUP-CREATE-FAIL", .kind = EV_CGROUP_CREATE_FAIL,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "unable to create", "unable to instantiate",
	      "Failed to invoke task plugins", "unable to add task" },
	  .pcre = "(?:(?<func>[a-z_]+): )?(?:unable to (?:create|instantiate) "
	    "(?:cgroup '(?<path>[^']*)'(?: : (?<errno>.*[^ ]))?|(?:user|job) "
	    "[0-9]+ cgroup|(?:step |task )?[^ ]+ (?:user procs |slurm procs )?"
	    "cgroup|root memory cgroup(?:: (?<errno>.*[^ ]))?|memory namespace)"
	    "|unable to add task\\[pid=[0-9]+\\] to memory cg"
	    "|Failed to invoke task plugins: (?<detail>.*[^ ]))",
	  .ere = "unable to (create|instantiate) .*cgroup|unable to create "
	    "memory namespace|unable to add task\\[pid=[0-9]+\\] to memory "
	    "cg|Failed to invoke task plugins",
	  .source = "Slurm xcgroup.c <= 21.02, cgroup_common.c >= 21.08, "
	    "cgroup_v2.c >= 22.05, task_cgroup_memory.c, slurmstepd mgr.c; "
	    "signatures.md 1.10" },
	{ .id = "S-CGROUP-PARAPHRASE", .kind = EV_CGROUP_CREATE_FAIL,
	  .cls = CAT_PARAPHRASE, .group = "setup",
	  .needles = { "unable to allocate requested memory" },
	  .pcre = "task/cgroup: unable to allocate requested memory",
	  .ere = "task/cgroup: unable to allocate requested memory",
	  .source = "quoted in tickets (seeds); no Slurm version prints it" },
	{ .id = "S-SUBMIT-REJECTED", .kind = EV_SUBMIT_REJECTED,
	  .cls = CAT_PRIMARY, .group = "submit",
	  .needles = { "Memory specification can not be satisfied",
	      "Requested node configuration is not available" },
	  .pcre = "(?<reason>Memory specification can not be satisfied|"
	    "Requested node configuration is not available)",
	  .ere = "Memory specification can not be satisfied|Requested node "
	    "configuration is not available",
	  .source = "sbatch/srun, slurmctld ESLURM_INVALID_TASK_MEMORY and "
	    "ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE; real Slurm 22.05 "
	    "fixture" },
	{ .id = "S-CTLD-JOB-OOM", .kind = EV_JOB_COMPLETE, .cls = CAT_PRIMARY,
	  .group = "ctld",
	  .needles = { "OOM failure" },
	  .pcre = "_job_complete: JobId=(?<job_id>[0-9]+) (?<status>OOM "
	    "failure)",
	  .ere = "_job_complete: JobId=[0-9]+ OOM failure",
	  .source = "slurmctld job_mgr.c \"%s: %pJ OOM failure\"; "
	    "signatures.md 1.5, 1.11" },
	{ .id = "S-CTLD-JOB-EXIT", .kind = EV_JOB_COMPLETE, .cls = CAT_CONTEXT,
	  .group = "ctld",
	  .needles = { "_job_complete: JobId=" },
	  .pcre = "_job_complete: JobId=(?<job_id>[0-9]+) (?:WTERMSIG "
	    "(?<signal>[0-9]+)|WEXITSTATUS (?<exit_status>[0-9]+))",
	  .ere = "_job_complete: JobId=[0-9]+ (WTERMSIG|WEXITSTATUS) [0-9]+",
	  .source = "slurmctld job_mgr.c; real Slurm 22.05 fixture" },
	/* --- shell --- */
	{ .id = "S-SHELL-KILLED", .kind = EV_SHELL_KILLED, .cls = CAT_SECONDARY,
	  .group = "shell",
	  .needles = { "Killed" },
	  .pcre = "^(?:(?<script>[^ :]+): line (?<script_line>[0-9]+): +"
	    "(?<pid>[0-9]+) Killed(?: +(?<command>.*[^ ]))?|Killed) *$",
	  .ere = "^([^ :]+: line [0-9]+: +[0-9]+ Killed( .*)?|Killed) *$",
	  .source = "bash job-control report of SIGKILL; signatures.md 0.1" },
	/* --- NCCL / ProcessGroupNCCL (signatures.md 4.1) --- */
	{ .id = "S-NCCL-WATCHDOG-TIMEOUT", .kind = EV_NCCL_TIMEOUT,
	  .cls = CAT_SECONDARY, .group = "nccl",
	  .needles = { "Watchdog caught collective operation timeout" },
	  .pcre = "(?:\\[Rank (?<rank>[0-9]+)\\] )?Watchdog caught collective "
	    "operation timeout: WorkNCCL\\((?:SeqNum=(?<seqnum>[0-9]+), )?"
	    "OpType=(?<optype>[A-Z_]+)(?:, [^)]*?)?, Timeout\\(ms\\)="
	    "(?<timeout_ms>[0-9]+)\\) ran for (?<ran_ms>[0-9]+) milliseconds",
	  .ere = "Watchdog caught collective operation timeout: WorkNCCL\\(",
	  .source = "ProcessGroupNCCL.cpp, PyTorch 1.8 - 2.x; "
	    "signatures.md 4.1" },
	{ .id = "S-NCCL-BLOCKING-WAIT", .kind = EV_NCCL_TIMEOUT,
	  .cls = CAT_SECONDARY, .group = "nccl",
	  .needles = { "timed out in blocking wait" },
	  .pcre = "(?:\\[Rank (?<rank>[0-9]+)\\] )?Work WorkNCCL\\((?:SeqNum="
	    "(?<seqnum>[0-9]+), )?OpType=(?<optype>[A-Z_]+)(?:, [^)]*?)?, "
	    "Timeout\\(ms\\)=(?<timeout_ms>[0-9]+)\\) timed out in blocking "
	    "wait",
	  .ere = "Work WorkNCCL\\(.*\\) timed out in blocking wait",
	  .source = "ProcessGroupNCCL.cpp TORCH_NCCL_BLOCKING_WAIT; "
	    "signatures.md 4.1" },
	/* --- NCCL /dev/shm (signatures.md 4.3), before generic NCCL --- */
	{ .id = "S-NCCL-SHM", .kind = EV_SHM_ERROR, .cls = CAT_PRIMARY,
	  .group = "nccl",
	  .needles = { "shared memory segment", "failed to extend /dev/shm",
	      "posix_fallocate failed", "shared memory file" },
	  .pcre = "(?:Error while (?<op>creating|attaching to) shared memory "
	    "segment (?<segment>[^ ]*) \\(size (?<size_bytes>[0-9]+)\\)"
	    "(?:, error: (?<errno>.*[^ ]))?"
	    "|Error: failed to extend (?<segment>/dev/shm/[^ ]*) to "
	    "(?<size_bytes>[0-9]+) bytes(?:, error: (?<errno>.*[^ ]))?"
	    "|Call to posix_fallocate failed ?: (?<errno>.*[^ ])"
	    "|Error: failed to create shared memory file (?<segment>[^ ,]*))",
	  .ere = "Error while (creating|attaching to) shared memory segment|"
	    "failed to extend /dev/shm/|Call to posix_fallocate failed|"
	    "failed to create shared memory file",
	  .source = "NCCL <= 2.11 include/shm.h, 2.12-2.18 and >= 2.23 "
	    "shmutils.cc; signatures.md 4.3" },
	{ .id = "S-NCCL-ERROR", .kind = EV_NCCL_ERROR, .cls = CAT_SECONDARY,
	  .group = "nccl",
	  .needles = { "NCCL error", "ncclRemoteError", "ncclSystemError",
	      "ncclInternalError", "NCCL WARN", "NCCL operations have failed" },
	  .pcre = "(?:NCCL error in: (?<where>[^ ]+), (?<error>[^,]+), NCCL "
	    "version (?<nccl_version>[0-9.]+)"
	    "|NCCL error: (?<error>[^,]+), NCCL version "
	    "(?<nccl_version>[0-9.]+)"
	    "|(?<error>ncclRemoteError|ncclSystemError|ncclInternalError|"
	    "ncclUnhandledCudaError|ncclInvalidUsage):"
	    "|NCCL WARN (?<warn>.*[^ ])"
	    "|Some NCCL operations have failed or timed out)",
	  .ere = "NCCL error in: |NCCL error: |ncclRemoteError:|"
	    "ncclSystemError:|ncclInternalError:|ncclUnhandledCudaError:|"
	    "ncclInvalidUsage:|NCCL WARN |Some NCCL operations have failed or "
	    "timed out",
	  .source = "NCCL ncclGetErrorString, debug.cc WARN; PyTorch "
	    "NCCLUtils, ProcessGroupNCCL.cpp; signatures.md 4.1, 0.4" },
	{ .id = "S-NCCL-WATCHDOG-EXCEPTION", .kind = EV_NCCL_ERROR,
	  .cls = CAT_SECONDARY, .group = "nccl",
	  .needles = { "detected by watchdog at work" },
	  .pcre = "\\[PG (?:ID )?[0-9]+ (?:PG GUID [^ ]+ )?Rank "
	    "(?<rank>[0-9]+)\\] Exception \\(either an error or timeout\\) "
	    "detected by watchdog at work: (?<seqnum>[0-9]+)",
	  .ere = "Exception \\(either an error or timeout\\) detected by "
	    "watchdog at work",
	  .source = "ProcessGroupNCCL.cpp, PyTorch >= 2.4; signatures.md 4.1" },
	/* --- torch.distributed.elastic (signatures.md 4.2) --- */
	{ .id = "S-ELASTIC-CHILD-FAILED", .kind = EV_CHILD_FAILED,
	  .cls = CAT_SECONDARY, .group = "launcher",
	  .needles = { "ChildFailedError" },
	  .pcre = "(?:torch\\.distributed\\.elastic\\.multiprocessing\\."
	    "errors\\.)?ChildFailedError:",
	  .ere = "ChildFailedError:",
	  .source = "torch/distributed/elastic/multiprocessing/errors; the "
	    "root-cause table is read by parse_log.c; signatures.md 4.2" },
	{ .id = "S-ELASTIC-AGENT-FAILED", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "launcher",
	  .needles = { "failed (exitcode:" },
	  .pcre = "failed \\(exitcode: (?<exitcode>-?[0-9]+)\\) local_rank: "
	    "(?<local_rank>[0-9]+) \\(pid: (?<pid>[0-9]+)\\) of binary: "
	    "(?<binary>.*[^ ])",
	  .ere = "failed \\(exitcode: -?[0-9]+\\) local_rank: [0-9]+",
	  .source = "torch elastic multiprocessing api.py, all three log "
	    "prefixes; signatures.md 4.2, 0.3" },
	{ .id = "S-LAUNCHER-RETURN-CODE", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "launcher",
	  .needles = { "exits with return code", "exited with exit code" },
	  .pcre = "(?:exits with return code|exited with exit code) ?=? ?"
	    "(?<exitcode>-?[0-9]+)",
	  .ere = "(exits with return code|exited with exit code) ?=? ?-?[0-9]+",
	  .source = "launcher wrappers (deepspeed/accelerate style wording)" },
	/* --- DataLoader shared memory (signatures.md 3.4) --- */
	{ .id = "S-DATALOADER-BUS-ERROR", .kind = EV_BUS_ERROR,
	  .cls = CAT_PRIMARY, .group = "bus",
	  .needles = { "Bus error", "bus error", "insufficient shared memory" },
	  .pcre = "(?:DataLoader worker \\(pid (?<pid>[0-9]+)\\) is killed by "
	    "signal: Bus error|Unexpected bus error encountered in worker|"
	    "insufficient shared memory \\(shm\\)|error: (?<node>[^\\s:]+): "
	    "tasks? (?<task>[0-9]+(?:[-,][0-9]+)*): Bus error)",
	  .ere = "DataLoader worker \\(pid [0-9]+\\) is killed by signal: Bus "
	    "error|Unexpected bus error encountered in worker|insufficient "
	    "shared memory \\(shm\\)|tasks? [0-9,-]+: Bus error",
	  .source = "torch/csrc/DataLoader.cpp SIGBUS handler, "
	    "torch.utils.data; srun strsignal(SIGBUS); signatures.md 3.4, 1.3" },
	/* --- pasted kernel lines (signatures.md 5.1, 2.1, 2.2) --- */
	{ .id = "S-XID", .kind = EV_XID, .cls = CAT_PRIMARY, .group = "kernel",
	  .needles = { "NVRM: Xid" },
	  .pcre = "NVRM: Xid \\((?:PCI:)?(?<pci>[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:"
	    "[0-9a-fA-F]{2})(?: GPU-I:[0-9]+)?(?: GPU-CI:[0-9]+)?\\): "
	    "(?<xid>[0-9]+)(?:, pid=(?:'<unknown>'|(?<pid>[0-9]+)))?"
	    "(?:, name=(?<name>[^,]*))?(?:, (?<detail>.*[^ ]))?",
	  .ere = "NVRM: Xid \\(",
	  .source = "NVIDIA driver krcReportXid (all forms); signatures.md 5.1" },
	{ .id = "S-KERNEL-OOM-KILLED", .kind = EV_KERNEL_OOM,
	  .cls = CAT_PRIMARY, .group = "kernel",
	  .needles = { "Killed process", "Kill process" },
	  .pcre = "(?:(?<scope>Memory cgroup out of memory|Out of memory"
	    "(?: \\(oom_kill_allocating_task\\))?): )?Kill(?:ed)? process "
	    "(?<pid>[0-9]+) \\((?<comm>[^)]*)\\)(?:,? UID:? ?(?<uid>[0-9]+),?)?"
	    "(?: score [0-9]+ or sacrifice child)?"
	    "(?: total-vm:(?<total_vm_bytes>[0-9]+kB), anon-rss:"
	    "(?<anon_rss_bytes>[0-9]+kB), file-rss:(?<file_rss_bytes>[0-9]+kB)"
	    "(?:, shmem-rss:(?<shmem_rss_bytes>[0-9]+kB))?"
	    "(?:, UID:(?<uid>[0-9]+))?)?",
	  .ere = "Kill(ed)? process [0-9]+ \\(",
	  .source = "Linux mm/oom_kill.c, 3.10 (RHEL 7) to 6.x; "
	    "signatures.md 2.1" },
	{ .id = "S-KERNEL-OOM-SUMMARY", .kind = EV_KERNEL_OOM,
	  .cls = CAT_PRIMARY, .group = "kernel",
	  .needles = { "oom-kill:constraint=" },
	  .pcre = "oom-kill:constraint=(?<constraint>[A-Z_]+),nodemask="
	    "(?<nodemask>[^,]*)(?:,cpuset=(?<cpuset>[^,]*),mems_allowed="
	    "(?<mems_allowed>[^,]*))?(?:,oom_memcg=(?<oom_memcg>[^,]*)|,"
	    "(?<global>global_oom))?(?:,task_memcg=(?<task_memcg>[^,]*))?"
	    "(?:,task=(?<comm>[^,]*),pid=(?<pid>[0-9]+),uid=(?<uid>[0-9]+))?",
	  .ere = "oom-kill:constraint=",
	  .source = "Linux dump_oom_summary, >= 5.0 and RHEL 8; "
	    "signatures.md 2.2" },
	/* --- paraphrases people quote (DESIGN.md, signatures.md 1.4) --- */
	{ .id = "S-PARAPHRASE-OOM-KILLER", .kind = EV_SLURM_OOM_PARAPHRASE,
	  .cls = CAT_PARAPHRASE, .group = "paraphrase",
	  .needles = { "DUE TO OOM", "cgroup out of memory" },
	  .pcre = "(?<quote>JOB CANCELLED DUE TO OOM-KILLER|slurmstepd: error: "
	    "cgroup out of memory)",
	  .ere = "JOB CANCELLED DUE TO OOM-KILLER|slurmstepd: error: cgroup "
	    "out of memory",
	  .source = "paraphrase only: never printed by any SchedMD/slurm tag; "
	    "signatures.md 1.4" },
	/* --- host allocation failures inside the application --- */
	{ .id = "S-HOST-OOM-APP", .kind = EV_HOST_OOM_APP, .cls = CAT_PRIMARY,
	  .group = "setup",
	  .needles = { "Cannot allocate memory", "bad_alloc", "MemoryError" },
	  .pcre = "(?<error>Cannot allocate memory|std::bad_alloc|"
	    "(?<![A-Za-z])MemoryError(?![A-Za-z]))",
	  .ere = "Cannot allocate memory|std::bad_alloc|(^|[^A-Za-z])"
	    "MemoryError([^A-Za-z]|$)",
	  .source = "strerror(ENOMEM), libstdc++, CPython" },
	/* --- GPUs the job was given but could not open (issue 11). Not in
	 * the grep baseline, which stays the OOM set it was measured with. */
	{ .id = "S-CUDA-NO-DEVICE", .kind = EV_GPU_NODEV, .cls = CAT_PRIMARY,
	  .group = "gpu_access",
	  .needles = { "no CUDA-capable device", "cudaErrorNoDevice",
	      "CUDA_ERROR_NO_DEVICE" },
	  .pcre = "(?:cuda runtime error \\((?<cuda_error>[0-9]+)\\) : |"
	    "error=(?<cuda_error>[0-9]+) : |code=(?<cuda_error>[0-9]+)\\()?"
	    "(?<error>no CUDA-capable device is detected|cudaErrorNoDevice|"
	    "CUDA_ERROR_NO_DEVICE)",
	  .ere = "no CUDA-capable device is detected|cudaErrorNoDevice|"
	    "CUDA_ERROR_NO_DEVICE",
	  .source = "cudaErrorNoDevice (100; 38 before CUDA 10.1) and "
	    "CUDA_ERROR_NO_DEVICE text: PyTorch THC and C10_CUDA_CHECK, "
	    "cuda-samples helper_cuda.h, TensorFlow cuda_driver.cc",
	  .what = "no_cuda_device", .no_baseline = 1 },
	{ .id = "S-NVML-INIT-UNKNOWN", .kind = EV_GPU_NODEV, .cls = CAT_PRIMARY,
	  .group = "gpu_access",
	  .needles = { "Failed to initialize NVML" },
	  .pcre = "Failed to initialize NVML: (?<error>Unknown Error)",
	  .ere = "Failed to initialize NVML: Unknown Error",
	  .source = "NVML_ERROR_UNKNOWN from nvmlInit (nvidia-smi and NVML "
	    "users) when the device cgroup denies /dev/nvidia*; "
	    "NVIDIA/nvidia-container-toolkit#48",
	  .what = "nvml_init", .no_baseline = 1 },
	{ .id = "S-NVSMI-NO-DEVICES", .kind = EV_GPU_NODEV, .cls = CAT_PRIMARY,
	  .group = "gpu_access",
	  .needles = { "No devices were found" },
	  .pcre = "^No devices were found *$",
	  .ere = "^No devices were found *$",
	  .source = "nvidia-smi with no visible or openable device",
	  .what = "no_devices_found", .no_baseline = 1 },
	{ .id = "S-PT-NO-DRIVER", .kind = EV_GPU_NODEV, .cls = CAT_PRIMARY,
	  .group = "gpu_access",
	  .needles = { "Found no NVIDIA driver" },
	  .pcre = "Found no NVIDIA driver on your system",
	  .ere = "Found no NVIDIA driver on your system",
	  .source = "PyTorch torch/cuda/__init__.py (cudaErrorInsufficientDriver"
	    " with no driver loaded)",
	  .what = "no_driver", .no_baseline = 1 },
	{ .id = "S-CUDA-DRIVER-INIT", .kind = EV_GPU_NODEV, .cls = CAT_PRIMARY,
	  .group = "gpu_access",
	  .needles = { "CUDA driver initialization failed" },
	  .pcre = "CUDA driver initialization failed(?:, you might not have a "
	    "CUDA gpu)?",
	  .ere = "CUDA driver initialization failed",
	  .source = "PyTorch c10/cuda/CUDAFunctions.cpp (cudaErrorInitialization"
	    "Error from cudaGetDeviceCount)",
	  .what = "driver_init", .no_baseline = 1 },
	/* --- an exclusive-process GPU another process holds: the tenant
	 * class without an out-of-memory word (signatures.md 3.3) --- */
	{ .id = "S-CUDA-DEVICES-BUSY", .kind = EV_GPU_BUSY, .cls = CAT_PRIMARY,
	  .group = "gpu_busy",
	  .needles = { "busy or unavailable", "cudaErrorDevicesUnavailable" },
	  .pcre = "(?:cuda runtime error \\((?<cuda_error>[0-9]+)\\) : |"
	    "error=(?<cuda_error>[0-9]+) : )?(?<error>all CUDA-capable "
	    "devices are busy or unavailable|CUDA-capable device\\(s\\) "
	    "is/are busy or unavailable|cudaErrorDevicesUnavailable)",
	  .ere = "CUDA-capable devices are busy or unavailable|CUDA-capable "
	    "device\\(s\\) is/are busy or unavailable|"
	    "cudaErrorDevicesUnavailable",
	  .source = "cudaErrorDevicesUnavailable (46): the text before CUDA "
	    "10.1 ('all CUDA-capable devices ...', THC 'error=46') and after; "
	    "signatures.md 3.3, 6.3",
	  .no_baseline = 1 },
	/* --- CUDA errors of the software stack, not of the device or its
	 * memory: a build without kernels for this GPU, a library calling
	 * the driver before cuInit, a driver that cannot be reached or does
	 * not match its library (DESIGN.md: not_oom_other naming it). --- */
	{ .id = "S-CUDA-NO-KERNEL-IMAGE", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "no kernel image is available",
	      "NoKernelImageForDevice", "CUDA_ERROR_NO_BINARY_FOR_GPU" },
	  .pcre = "(?<error>no kernel image is available for execution on the "
	    "device|cudaErrorNoKernelImageForDevice|"
	    "CUDA_ERROR_NO_BINARY_FOR_GPU)",
	  .ere = "no kernel image is available for execution on the device|"
	    "cudaErrorNoKernelImageForDevice|CUDA_ERROR_NO_BINARY_FOR_GPU",
	  .source = "cudaErrorNoKernelImageForDevice (209) and its driver "
	    "twin: a binary built without code for this GPU's architecture; "
	    "signatures.md 6.3",
	  .what = "no_kernel_image", .no_baseline = 1 },
	{ .id = "S-CUDA-NOT-INITIALIZED", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "CUDA_ERROR_NOT_INITIALIZED" },
	  .pcre = "(?<error>CUDA_ERROR_NOT_INITIALIZED)",
	  .ere = "CUDA_ERROR_NOT_INITIALIZED",
	  .source = "CUresult 3: a driver API call before cuInit (jaxlib "
	    "0.4.26 versions_helpers.cc, jax-ml/jax#20711)",
	  .what = "not_initialized", .no_baseline = 1 },
	{ .id = "S-NVSMI-NO-DRIVER", .kind = EV_CUDA_STACK, .cls = CAT_PRIMARY,
	  .group = "cuda_stack",
	  .needles = { "communicate with the NVIDIA driver" },
	  .pcre = "NVIDIA-SMI has failed because it couldn.{1,3}t communicate "
	    "with the NVIDIA driver",
	  .ere = "NVIDIA-SMI has failed because it couldn.{1,3}t communicate "
	    "with the NVIDIA driver",
	  .source = "nvidia-smi when no NVIDIA kernel module answers (also "
	    "pasted with a typographic apostrophe)",
	  .what = "driver_unreachable", .no_baseline = 1 },
	{ .id = "S-NVML-DRIVER-MISMATCH", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "Driver/library version mismatch" },
	  .pcre = "(?:Failed to initialize NVML: )?(?<error>Driver/library "
	    "version mismatch)",
	  .ere = "Driver/library version mismatch",
	  .source = "NVML_ERROR_LIB_RM_VERSION_MISMATCH: user-space driver "
	    "upgraded under a loaded kernel module",
	  .what = "driver_mismatch", .no_baseline = 1 },
	{ .id = "S-CUDA-DRIVER-TOO-OLD", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "driver version is insufficient",
	      "cudaErrorInsufficientDriver" },
	  .pcre = "(?<error>CUDA driver version is insufficient for CUDA "
	    "runtime version|cudaErrorInsufficientDriver)",
	  .ere = "CUDA driver version is insufficient for CUDA runtime "
	    "version|cudaErrorInsufficientDriver",
	  .source = "cudaErrorInsufficientDriver (35): the driver is older "
	    "than the CUDA runtime the program was built with",
	  .what = "driver_too_old", .no_baseline = 1 },
	/* --- nvidia-smi / NVML: one GPU, by PCI bus id, can no longer be
	 * queried. The GPU-lost family (xid_fault), never access denial. */
	{ .id = "S-NVSMI-GPU-LOST", .kind = EV_GPU_DRIVER_ERROR,
	  .cls = CAT_PRIMARY, .group = "nvsmi_lost",
	  .needles = { "Unable to determine the device handle for GPU",
	      "NVMLError_GpuIsLost" },
	  .pcre = "(?:Unable to determine the device handle for GPU ?"
	    "(?<pci>[0-9A-Fa-f]{3,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\\."
	    "[0-9A-Fa-f]): (?<error>GPU is lost|Unknown Error|[^.]*[^. ])|"
	    "NVMLError_GpuIsLost: (?<error>GPU is lost))",
	  .ere = "Unable to determine the device handle for GPU|"
	    "NVMLError_GpuIsLost",
	  .source = "nvidia-smi / pynvml when NVML cannot get a handle to a "
	    "GPU that fell off the bus (NVML_ERROR_GPU_IS_LOST, or Unknown "
	    "Error)",
	  .what = "gpu_lost", .no_baseline = 1 },
	/* --- the header of pasted `ps` output (ps aux, ps -o ...): the rows
	 * after it are read by parse_log as process_state events. --- */
	{ .id = "S-PS-HEADER", .kind = EV_NOTE, .cls = CAT_CONTEXT,
	  .group = "ps",
	  .needles = { "PID" },
	  .pcre = "^ *(?:(?:USER|UID) +)?PID +(?:[A-Z%]+ +)*(?:CMD|COMMAND|"
	    "ARGS) *$",
	  .ere = "^ *((USER|UID) +)?PID +([A-Z%]+ +)*(CMD|COMMAND|ARGS) *$",
	  .source = "procps ps header line (ps aux, ps -ef, ps -o user,pid,"
	    "ppid,cmd); sgl-project/sglang#23627",
	  .no_baseline = 1 },
	/* --- a GPU request in a pasted sbatch/srun command or #SBATCH
	 * line: the job asked for GPUs (a no-device line is then an
	 * access problem, not a CPU job's probe). --- */
	{ .id = "S-SLURM-GPU-REQUEST", .kind = EV_NOTE, .cls = CAT_CONTEXT,
	  .group = "gpu_request",
	  .needles = { "--gres=gpu", "--gres gpu", "--gpus", "--gpu-bind" },
	  .pcre = "(?:^#SBATCH +|\\b(?:sbatch|srun|salloc) .*)"
	    "(?<request>--gres[= ]gpu(?::[A-Za-z0-9_.-]+)*|--gpus(?:-per-"
	    "(?:node|task|socket))?[= ][0-9A-Za-z:]+)",
	  .ere = "(^#SBATCH +|(sbatch|srun|salloc) .*)(--gres[= ]gpu|--gpus)",
	  .source = "Slurm sbatch/srun/salloc GPU options (--gres=gpu[:type]:N, "
	    "--gpus, --gpus-per-node/-task/-socket)",
	  .what = "gpu_request", .no_baseline = 1 },
	/* A `ps aux` row pasted without its header (`ps aux | grep PID`):
	 * the fixed column layout, strict enough to be one. */
	{ .id = "S-PS-AUX-ROW", .kind = EV_PROC_STATE, .cls = CAT_CONTEXT,
	  .group = "ps",
	  .needles = { " pts/", " ? ", " tty" },
	  .pcre = "^(?<user>[A-Za-z_][A-Za-z0-9_.-]*\\+?) +(?<pid>[0-9]+) +"
	    "[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9]+ +"
	    "(?:\\?|pts/[0-9]+|tty[0-9A-Za-z]*) +(?<stat>[DIRSTtWXZ][<NLsl+]*) +[A-Za-z0-9:]+ +[0-9]+:[0-9]{2} +"
	    "(?<cmd>[^ ].*)$",
	  .ere = "^[A-Za-z_][A-Za-z0-9_.-]*\\+? +[0-9]+ +[0-9.]+ +[0-9.]+ +"
	    "[0-9]+ +[0-9]+ +(\\?|pts/[0-9]+|tty[0-9A-Za-z]*) +[DIRSTtWXZ]",
	  .source = "procps `ps aux` row (USER PID %CPU %MEM VSZ RSS TTY STAT "
	    "START TIME COMMAND); ai4d-iasc/trixie#92",
	  .no_baseline = 1 },
	/* --- a process of the job reported gone by the job's own log: a
	 * pid that still holds device memory afterwards is a dead context.
	 * RETURNN's memory watcher prints these. --- */
	{ .id = "S-PROC-EXITED", .kind = EV_PROC_EXIT, .cls = CAT_CONTEXT,
	  .group = "proc_exit",
	  .needles = { ") exited" },
	  .pcre = "proc [^ ()]+\\((?<pid>[0-9]+)\\) exited",
	  .ere = "proc [^ ()]+\\([0-9]+\\) exited",
	  .source = "RETURNN returnn/util/watch_memory.py (rwth-i6/returnn#1649)",
	  .no_baseline = 1 },
	/* --- memory figures printed by training frameworks (issue 10): the
	 * points of a job's memory trend, never a failure. Not in the grep
	 * baseline. DeepSpeed rounds to 2 decimals of 1024^3 ("GB"), Max_CA
	 * to a whole GB; Megatron prints MiB as bare floats. --- */
	{ .id = "S-DS-MEM-GPU", .kind = EV_MEM_FIGURE, .cls = CAT_CONTEXT,
	  .group = "mem_figure",
	  .needles = { "Max_MA " },
	  .pcre = "(?<![A-Za-z_])MA (?<allocated_bytes>" DSZ ") +Max_MA "
	    "(?<max_allocated_bytes>" DSZ ") +CA (?<reserved_bytes>" DSZ
	    ") +Max_CA (?<max_reserved_bytes>" DSZ ")",
	  .ere = "MA [0-9.]+ [KMGT]?B +Max_MA [0-9.]+ [KMGT]?B +CA ",
	  .source = "DeepSpeed deepspeed/runtime/utils.py see_memory_usage(); "
	    "lines from deepspeedai/DeepSpeed#522, #4775",
	  .no_baseline = 1 },
	{ .id = "S-DS-MEM-CPU", .kind = EV_MEM_FIGURE, .cls = CAT_CONTEXT,
	  .group = "mem_figure",
	  .needles = { "CPU Virtual Memory:" },
	  .pcre = "CPU Virtual Memory: +used = (?<host_used_bytes>" DSZ
	    "), percent = (?<host_used_percent>[0-9]+(?:\\.[0-9]+)?)%",
	  .ere = "CPU Virtual Memory: +used = [0-9.]+ [KMGT]?B, percent = ",
	  .source = "DeepSpeed see_memory_usage() psutil line (used = total - "
	    "available); lines from deepspeedai/DeepSpeed#522, #4775",
	  .no_baseline = 1 },
	{ .id = "S-MEGATRON-MEM", .kind = EV_MEM_FIGURE, .cls = CAT_CONTEXT,
	  .group = "mem_figure",
	  .needles = { "memory (MB) | allocated:" },
	  .pcre = "(?:\\[Rank (?<rank>[0-9]+)\\] )?(?:\\(?after "
	    "(?<iteration>[0-9]+) iterations\\)? )?memory \\(MB\\) \\| "
	    "allocated: (?<allocated_bytes>" MNUM ") \\| max allocated: "
	    "(?<max_allocated_bytes>" MNUM ") \\| (?:reserved|cached): "
	    "(?<reserved_bytes>" MNUM ") \\| max (?:reserved|cached): "
	    "(?<max_reserved_bytes>" MNUM ")",
	  .ere = "memory \\(MB\\) \\| allocated: [0-9.]+ \\| max allocated: ",
	  .source = "Megatron-LM report_memory() (megatron/training/utils.py, "
	    "formerly megatron/utils.py; early forks print \"cached\"); "
	    "lines from NVIDIA/Megatron-LM#60, #756",
	  .no_baseline = 1, .bare_mult = 1024 * 1024 },
};

const size_t catalog_table_len = sizeof(catalog_table) /
    sizeof(catalog_table[0]);
