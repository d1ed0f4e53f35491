/*
 * test_catalog: the signature table, the line matcher, the streaming
 * scanner and parse_log, on real lines from fixtures/logs/.
 *
 * UPDATE_ERE=1 ctest -R catalog.test_catalog_ere rewrites
 * bench/SIGNATURES.ere from the table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catalog.h"
#include "buf.h"
#include "harness.h"
#include "parse_log.h"

#define FX	"fixtures/logs/"
#define CX	"fixtures/corpus/cases/"

/* The line of a fixture that contains sub (malloc'd, no terminator). */
static char *
fixture_line(const char *file, const char *sub)
{
	size_t		 n;
	char		*buf = test_slurp(file, &n), *p, *nl, *out = NULL;

	for (p = buf; p < buf + n; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(buf + n - p))) == NULL)
			nl = buf + n;
		*nl = '\0';
		if (strstr(p, sub) != NULL) {
			out = strdup(p);
			break;
		}
	}
	free(buf);
	if (out == NULL)
		test_fail(__FILE__, __LINE__, "%s: no line with \"%s\"", file,
		    sub);
	return out;
}

static struct catalog *
cat_open(void)
{
	struct catalog	*c = NULL;
	struct err	 e = { 0 };

	if (catalog_new(&c, &e) != ERR_OK)
		test_fail(__FILE__, __LINE__, "catalog_new: %s", e.msg);
	return c;
}

/* First matching row of a line (after its envelope), or NULL. */
static const struct cat_sig *
match1(struct catalog *c, const char *line, struct cat_match *m)
{
	struct cat_env	env;
	size_t		row = 0;
	uint64_t	groups = 0;

	catalog_envelope(str_cstr(line), &env);
	return catalog_match(c, env.body, &row, &groups, m) ? m->sig : NULL;
}

/* The first row that decides something on the line: app_error rows (a
 * bare exception line, a traceback header) only keep a job from being
 * called healthy, so they are skipped. */
static const struct cat_sig *
match_decisive(struct catalog *c, const char *line, struct cat_match *m)
{
	struct cat_env	env;
	size_t		row = 0;
	uint64_t	groups = 0;

	catalog_envelope(str_cstr(line), &env);
	while (catalog_match(c, env.body, &row, &groups, m))
		if (m->sig->kind != EV_APP_ERROR)
			return m->sig;
	return NULL;
}

static int64_t
fnum(const struct cat_match *m, const char *name)
{
	for (size_t i = 0; i < m->nf; i++)
		if (strcmp(m->f[i].name, name) == 0)
			return m->f[i].has_num ? m->f[i].num : -7777;
	return -9999;
}

static int
fstr(const struct cat_match *m, const char *name, const char *want)
{
	for (size_t i = 0; i < m->nf; i++)
		if (strcmp(m->f[i].name, name) == 0)
			return strlen(want) == m->f[i].s.n &&
			    memcmp(m->f[i].s.p, want, m->f[i].s.n) == 0;
	return 0;
}

/* One real line per row: fixture file and a substring that picks it.
 * Rows marked built have no captured line anywhere in the shared
 * material; their line is written here from the format in the source
 * (signatures.md section in the table's .source). */
struct row_line {
	const char	*id, *file, *sub;
	const char	*built;
};

static const struct row_line row_lines[] = {
#define R(id, file, sub)	{ id, file, sub, NULL }
#define B(id, line)		{ id, NULL, NULL, line }
	R("S-PT-OOM-NEW", FX "example-pytorch_oom.txt", "capacity of 23.65"),
	R("S-PT-OOM-OLD", FX "example-pytorch_oom.txt", "1.71 GiB (GPU 0"),
	/* facebookresearch/fairseq#4352 (wrapped at 80 columns) */
	B("S-PT-OOM-HEAD", "A out of memory. Tried to allocate 3.02 GiB (GPU "
	  "1; 23.70 GiB total capacity; "),
	/* pytorch/pytorch#37709 (the message's tail as an issue title) */
	B("S-PT-OOM-TAIL", "1.17 GiB reserved in total by PyTorch)"),
	/* NVIDIA/nccl#1284 (title) */
	B("S-PT-OOM-1EB", "torch.cuda.OutOfMemoryError: CUDA out of memory. "
	  "Tried to allocate more than 1EB memory"),
	/* ollama/ollama#3683 */
	B("S-GGML-CUDA-OOM", "Apr 17 01:25:10 ai-pc ollama[56169]: "
	  "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 24289.03 MiB "
	  "on device 0: cudaMalloc failed: out of memory"),
	/* triton-inference-server/onnxruntime_backend#203 */
	B("S-ORT-ARENA-OOM", "Status Message: /workspace/onnxruntime/"
	  "onnxruntime/core/framework/bfc_arena.cc:368 void* onnxruntime::"
	  "BFCArena::AllocateRawInternal(size_t, bool, onnxruntime::Stream*, "
	  "bool, onnxruntime::WaitNotificationFn) Failed to allocate memory "
	  "for requested buffer of size 4547406516732812544"),
	R("S-CUDA-OOM-PLAIN", FX "example-pytorch_oom.txt",
	  "AcceleratorError: CUDA error: out of memory"),
	/* vllm-project/vllm#20305 */
	B("S-VLLM-STARTUP-FREE", "[multiproc_executor.py:492] ValueError: "
	  "Free memory on device (31.44/47.38 GiB) on startup is less than "
	  "desired GPU memory utilization (0.95, 45.01 GiB). Decrease GPU "
	  "memory utilization or reduce GPU memory used by other processes."),
	R("S-TF-DEVICE-FREE", CX "d107-crosse-tf-p100-13gib-held-no-process-"
	  "listed/evidence.log", "freeMemory: "),
	/* wencolani/CrossE#2, the line as the thread kept it (cut) */
	R("S-TF-DRIVER-ALLOC", CX "d107-crosse-tf-p100-13gib-held-no-process-"
	  "listed/evidence.log", "] failed to allocate"),
	R("S-XLA-OOM", FX "example-jax_tf_oom.txt", "285212672"),
	R("S-TF-BFC-OOM", FX "example-jax_tf_oom.txt", "shape[64,2016"),
	/* a JAX (Reactant) user's log, 2025-01-05, xla/tsl BFC allocator */
	B("S-TF-BFC-RANOUT", "2025-01-05 09:48:28.754214: W external/xla/xla/"
	  "tsl/framework/bfc_allocator.cc:501] Allocator (GPU_0_bfc) ran out "
	  "of memory trying to allocate 3.72GiB (rounded to 4000000000)"
	  "requested by op "),
	B("S-BFC-STATS", "2025-01-05 09:48:28.755051: I external/xla/xla/tsl/"
	  "framework/bfc_allocator.cc:1133] Stats: "),
	B("S-PT-MEM-SUMMARY", "|                  PyTorch CUDA "
	  "memory summary, device ID 0                 |"),
	R("S-CUDA-FAULT", FX "example-cuda_errors_not_oom.txt",
	  "Triton Error"),
	R("S-CUDA-FAULT-NAME", FX "device-vocabulary.txt", "error=6"),
	/* keras-team/keras#13889 (fixtures/real/rocm/README.md) */
	R("S-HIP-OOM-PLAIN", "fixtures/real/rocm/hip-oom-lines.txt",
	  "HIP_ERROR_OutOfMemory"),
	/* ROCm/legacy-rocm-build#2804 */
	R("S-HIP-FAULT", "fixtures/scenarios/xid_fault-fires-amdgpu-page-"
	  "fault/logs/slurm-7.out", "Memory access fault by GPU"),
	B("S-CUDA-ECC",
	  "RuntimeError: CUDA error: uncorrectable ECC error encountered"),
	R("S-STEPD-OOM-2302", FX "example-slurm_oom.txt", "167 oom_kill"),
	R("S-STEPD-OOM-1711", FX "cgroup-v1-oom-batch-slurm-2.out",
	  "Detected 1"),
	R("S-STEPD-OOM-TAIL", FX "example-slurm_oom.txt",
	  "in StepId=5770797.batch"),
	B("S-STEPD-EXCEEDED-AT", "slurmstepd: error: Exceeded step memory "
	  "limit at some point. oom-killer likely killed a process."),
	R("S-STEPD-FAILCNT", FX "example-slurm_oom.txt", "partially swapped"),
	R("S-STEPD-MEMLIMIT", FX "linuxproc-oom-batch-slurm-2.out",
	  "exceeded memory limit"),
	R("S-STEPD-MEMLIMIT-OLD", FX "example-slurm_oom.txt",
	  "Job 42664148 exceeded"),
	R("S-STEPD-OOM-INFO", FX "cgroup-v1-oom-batch-slurmd.log.excerpt",
	  "hit memory limit at least once"),
	R("S-SLURM-EXCEEDED", FX "linuxproc-srun-oom-srun.stderr",
	  "srun: Exceeded job memory limit"),
	R("S-BANNER-TIME-LIMIT", FX "quoted-lines.txt", "TIME LIMIT"),
	B("S-BANNER-PREEMPTED", "slurmstepd: error: *** JOB 1234 "
	  "ON node01 CANCELLED AT 2021-10-27T19:35:36 DUE TO PREEMPTION ***"),
	R("S-BANNER-NODE-FAIL", FX "slurm-step-setup.txt", "NODE FAILURE"),
	R("S-BANNER-CANCELLED", FX "linuxproc-oom-batch-slurm-2.out",
	  "CANCELLED AT"),
	R("S-SRUN-TASK-OOM", FX "cgroup-v1-oom-srun-slurm-4.out",
	  "Out Of Memory"),
	R("S-SRUN-TASK-KILLED", FX "linuxproc-oom-srun-slurm-4.out",
	  "task 0: Killed"),
	R("S-STEPD-TASK-SIGNALED", FX "linuxproc-oom-batch-slurmd.log.excerpt",
	  "Killed by signal 9"),
	R("S-SRUN-TASK-EXIT", FX "cgroup-v1-oom-batch-slurmd.log.excerpt",
	  "started" /* replaced below */),
	R("S-STEP-CREATE-FAIL", FX "cgroup-v1-step-toobig-slurm-5.out",
	  "Unable to create step"),
	R("S-STEP-LAUNCH-FAIL", FX "slurm-step-setup.txt",
	  "exiting abnormally"),
	/* ROCm/legacy-rocm-build#1318; rocminfo's EACCES as posted in
	 * ROCm's trackers; pytorch/pytorch#129749; gbionics/jaxsim#50 */
	B("S-KFD-OPEN-FAIL", "Unable to open /dev/kfd read-write: Cannot "
	  "allocate memory"),
	B("S-KFD-OPEN-DENIED", "Unable to open /dev/kfd read-write: "
	  "Permission denied"),
	B("S-FM-DRIVER-MISMATCH", "NVIDIA GPU driver interface version "
	  "550.90.07 don't match with driver version 550.54.15"),
	B("S-CUDA-INIT-UNKNOWN", "2023-10-04 12:33:47.594219: E external/xla/"
	  "xla/stream_executor/cuda/cuda_driver.cc:268] failed call to "
	  "cuInit: CUDA_ERROR_UNKNOWN: unknown error"),
	/* NVIDIA/nccl-tests#206, DonsetPG/graph-physics#22,
	 * kijai/ComfyUI-HunyuanVideoWrapper#30, tenstorrent/tt-metal#14474 */
	B("S-RLIMIT-MEMLOCK", "misc/ibvwrap.cc:278 NCCL WARN Call to "
	  "ibv_reg_mr_iova2 failed with error Cannot allocate memory"),
	B("S-RLIMIT-NOFILE", "RuntimeError: received 0 items of ancdata"),
	B("S-SHELL-KILLED-ZSH", "60190 killed     python main.py"),
	B("S-STRACE-CLD-KILLED", "--- SIGCHLD {si_signo=SIGCHLD, si_code="
	  "CLD_KILLED, si_pid=3840555, si_uid=1000, si_status=SIGKILL, "
	  "si_utime=1209, si_stime=944} ---"),
	/* LSSI-ETH/plmfit#40; noonghunna/club-3090#633 */
	B("S-SLURM-NVML-GPU-LOST", "slurmstepd: error: NVML: Failed to get "
	  "usage(15): GPU is lost"),
	B("S-CUDA-COMPAT-UNSUPPORTED", "ggml_cuda_init: failed to initialize "
	  "CUDA: forward compatibility was attempted on non supported HW"),
	/* cupy/cupy#1912; CSCS's Cray MPICH and NCCL pages */
	B("S-CUPY-OOM", "cupy.cuda.memory.OutOfMemoryError: out of memory to "
	  "allocate 1073741824 bytes (total 12373894656 bytes)"),
	B("S-CRAY-GTL-NOT-LINKED", "MPIDI_CRAY_init: GPU_SUPPORT_ENABLED is "
	  "requested, but GTL library is not linked"),
	B("S-NCCL-NET-SETUP", "nid006352:34157:34217 [1] net.cc:626 NCCL WARN "
	  "Error: network AWS Libfabric not found."),
	/* NVIDIA/ai-cloud-validation#643 */
	B("S-UCX-MM-FIFO", "mm_iface failed to allocate receive FIFO"),
	/* Lightning's observer (the launcher's words) */
	B("S-LIGHTNING-CHILD-KILLED", "[rank: 1] Child process with PID 41123 "
	  "terminated with code -9. Forcefully terminating all other "
	  "processes to avoid zombies"),
	/* PaddlePaddle/Paddle#5956 */
	B("S-NVDOCKER-CUDA-VERSION", "nvidia-docker | 2017/11/29 10:51:38 "
	  "Error: unsupported CUDA version: driver 8.0 < image 9.0.176"),
	/* ultralytics/ultralytics#918 */
	B("S-ELASTIC-DEATH-SIGNAL", "WARNING:torch.distributed.elastic.agent."
	  "server.api:Received 1 death signal, shutting down workers"),
	/* NVIDIA/pyxis#110 */
	B("S-STEP-CONTAINER-FAIL", "slurmstepd: error: pyxis:     [ERROR] "
	  "Command not found: nvidia-container-cli, see https://github.com/"
	  "NVIDIA/libnvidia-container"),
	B("S-CGROUP-WRITE-FAIL", "slurmstepd: error: "
	  "common_file_write_content: unable to write 5 bytes to cgroup "
	  "/sys/fs/cgroup/system.slice/slurmstepd.scope/job_7/"
	  "cgroup.subtree_control: No such file or directory"),
	B("S-CGROUP-DEVICES-FAIL", "slurmstepd: error: load_ebpf_prog: BPF "
	  "load error (Operation not permitted). Please check your system "
	  "limits (MEMLOCK)."),
	R("S-CGROUP-ATTACH-FAIL", FX "slurm-step-setup.txt",
	  "unable to add pids"),
	B("S-CGROUP-CREATE-FAIL", "slurmstepd: error: "
	  "xcgroup_instantiate: unable to create cgroup "
	  "'/sys/fs/cgroup/memory/slurm/uid_1001' : No space left on device"),
	R("S-CGROUP-PARAPHRASE", FX "quoted-lines.txt", "unable to allocate"),
	R("S-CLI-FILTER-REJECTED", CX "h109-picongpu-capella-srun-cli-filter-"
	  "mem-per-gpu-rejected/evidence.log", "cli_filter plugin"),
	R("S-CUDA-ORDINAL-RANGE", CX "f104-vllm-a100-mig-enabled-four-"
	  "visible-assert/evidence.log", "device < num_gpus"),
	R("S-VISIBLE-DEVICES-UUID", CX "f105-blackfish-vllm-mig-uuid-visible-"
	  "devices-int-parse/evidence.log", "invalid literal"),
	R("S-RAY-OOM-SUMMARY", CX "f103-vllm-ray-memory-monitor-kills-"
	  "workers-all-logits/evidence.log", "killed due to memory pressure"),
	R("S-RAY-TOP-MEMORY", CX "e108-verl-ray-memory-monitor-8-rollout-"
	  "workers-96gb/evidence.log", "MEM(GB)"),
	/* aws/aws-k8s-tester, a prometheus-server pod's eviction */
	B("S-K8S-EVICT-MEMORY", "The node was low on resource: memory. "
	  "Container prometheus-server was using 3885112Ki, which exceeds its "
	  "request of 0."),
	R("S-K8S-EVICT-STORAGE", CX "f112-tgi-gke-evicted-ephemeral-storage-"
	  "not-memory/evidence.log", "low on resource"),
	R("S-VLLM-KV-CACHE", CX "f209-vllm-dual-5090-max-model-len-60000-kv-"
	  "holds-58384/evidence.log", "stored in KV cache"),
	R("S-TGI-WARMUP-OOM", CX "f607-tgi-llama2-70b-gptq-4xt4-warmup-not-"
	  "enough-memory-4096-prefill/evidence.log", "4096 prefill"),
	R("S-TRITON-PY-SHM", CX "f606-triton-python-backend-two-3090s-shm-"
	  "region-64mb-default-docker-shm/evidence.log", "shared memory key"),
	R("S-OLLAMA-CTX-UNAVAILABLE", CX "f609-ollama-4090-exclusive-process-"
	  "second-runner-device-context-46/evidence.log", "context 46"),
	R("S-NGC-DRIVER-TOO-OLD", CX "f204-triton-2006-container-needs-450-"
	  "driver-440-cuinit-804/evidence.log", "This container was built"),
	R("S-STEPD-EXECVE", CX "h208-arjuna-gpu-nodes-execve-slurm-script-"
	  "missing-reboot/evidence.log", "execve"),
	R("S-SLURM-LOW-REALMEMORY", CX "h2404-az-hop-cyclecloud-hbv2-spot-"
	  "replacement-node-low-real-memory-drains-job-never-runs/evidence.log",
	  "low real_memory"),
	R("S-WF-EXIT-140", CX "h1105-aind-ephys-kilosort4-gpu-task-exit-140-"
	  "time-limit/evidence.log", "exit status (140)"),
	R("S-CMD-NOT-FOUND", CX "f2311-freesurfer-8-container-on-cluster-"
	  "recon-all-aborts-uptime-command-not-found-not-memory/evidence.log",
	  "Command not found"),
	R("S-KOKKOS-ALLOC-DEVICE", CX "d1601-nalu-wind-summit-kokkos-"
	  "teamscratchmemory-1-279g-cudamalloc-fails-scratch-pool-regression/"
	  "evidence.log", "Kokkos failed"),
	R("S-KOKKOS-ALLOC-HOST", CX "d1805-lammps-reaxff-kokkos-bogus-1e10-gb-"
	  "allocation-failure-integer-overflow-not-oom/evidence.log",
	  "Kokkos failed"),
	R("S-RLIMIT-FSIZE", CX "h2506-eutelescope-sge-filesize-limit-exceeded-"
	  "h-fsize-3gb-lcio-output/evidence.log", "Filesize limit"),
	R("S-RAY-OOM-ERROR-OLD", CX "e2107-muzero-general-rayoutofmemoryerror-"
	  "node-95pct-replaybuffer-50gib-of-62gib-host-ram/evidence.log",
	  "More than 95%"),
	/* the whole line of corpus e2101 (danijar/dreamerv3#203) */
	B("S-SHELL-KILLED-ZH", "\xe5\xb7\xb2\xe6\x9d\x80\xe6\xad\xbb"),
	R("S-PBS-QSUB-ILLEGAL", CX "h2509-canu-torque-qsub-rejects-mem-16-16g-"
	  "range-ovsmemory-job-never-submitted/evidence.log", "Illegal"),
	R("S-NF-TIME-EXCEEDED", CX "h2504-nfcore-eager-bwa-exceeded-4h-time-"
	  "limit-despite-max-time-440h/evidence.log", "running time limit"),
	R("S-STEPD-EXECVE-CMD", CX "h2304-lumi-g-salloc-srun-gpu-check-"
	  "slurmstepd-execve-no-such-file-missing-partition-g-module/"
	  "evidence.log", "execve"),
	R("S-RETURNCODE-SIGKILL", CX "h2507-fractal-create-ome-zarr-"
	  "returncode-minus9-slurm-1gb-memory-kill-no-oom-message/evidence.log",
	  "returncode=-9"),
	R("S-PY-RESOURCE-TRACKER", CX "f612-vllm-050-tp-mp-backend-resource-"
	  "tracker-keyerror-psm-benign/evidence.log", "resource_tracker.py"),
	R("S-RAY-OBJECT-STORE-TMP", CX "f911-open-instruct-ray-object-store-"
	  "tmp-warning-shm-5gib-no-failure/evidence.log", "object store"),
	R("S-OMPI-CMA-READ", CX "e1309-horovod-docker-p2-8xlarge-read-minus-"
	  "1-errno-1-flood-job-finished-fine/evidence.log", "Read -1"),
	R("S-RAY-WORKER-DIED", CX "e2207-openrlhf-ray-actor-sigkill-docker-"
	  "500g-memory-limit-after-episode/evidence.log", "connection error"),
	R("S-HYDRA-JOB-FAILED", CX "e2214-search-r1-verl-ppo-ray-memory-"
	  "monitor-oom-user-asks-if-vram-it-is-host-ram/evidence.log",
	  "Error executing job with overrides: ["),
	R("S-PBS-NCPUS-KILLED", CX "h2620-pbs-job-killed-ncpus-38-exceeded-"
	  "limit-32-mixcr-align-user-thought-memory/evidence.log",
	  "ncpus 38.28"),
	R("S-TORQUE-NODE-FAIL", CX "h2621-torque-moab-interactive-job-killed-"
	  "job-preempted-node-failure-mom-unreachable/evidence.log",
	  "job preempted (node failure)"),
	R("S-APPTAINER-FATAL", CX "h1201-hysea-leonardo-singularity-sif-"
	  "extraction-batch-oomkill-shared-gpu-node/evidence.log",
	  "while extracting"),
	R("S-RAY-ACTOR-DIED", CX "f2521-ray-tune-slurm-cgroup-oom-kill-8-"
	  "events-actor-died-trials-did-not-complete/evidence.log",
	  "RayActorError"),
	R("S-SPANK-EPILOG-ERROR", CX "h2632-pyxis-epilog-enroot-mkdir-"
	  "permission-node-drain-kill-task-failed/evidence.log",
	  "spank-epilog: error"),
	R("S-STEPD-UNKILLABLE", CX "h209-trixie-step-cancelled-stepd-"
	  "terminated-drain-cause-unknown/evidence.log", "STEPD TERMINATED"),
	R("S-HAMI-COUNTER-WRAP", CX "f1409-hami-vgpu-usage-counter-underflow-fals"
	  "e-oom-18446744073707737660/evidence.log",
	  "OOM 18446744073707737660"),
	R("S-HAMI-OOM", CX "f904-hami-vgpu-gpumem-3000mib-cap-oom-unreco"
	  "gnized-error-code/evidence.log",
	  "Device 0 OOM 3171158016"),
	R("S-SYCL-OCL-NO-DEVICE", CX "d2011-jlse-arcticus-sycl-no-gpu-device-new-u"
	  "md-drops-ats/evidence.log",
	  "No device of requested type"),
	R("S-XPU-ALLOC-LIMIT", FX "gpu-runtime-lines.txt", "can NOT allocate"),
	R("S-SBATCH-SITE-REFUSED", CX "h2636-job-submit-plugin-refuses-gpus-flag-as"
	  "-cpu-job/evidence.log",
	  "is not valid for this job"),
	R("S-BANNER-TASK-FAILURE", CX "h2640-cscs-openmpi-iallreduce-gpu-buffers-se"
	  "gfault-srun-terminates-peers/evidence.log",
	  "DUE TO TASK FAILURE"),
	R("S-K8S-NVML-UNLOADABLE", CX "f2533-k8s-device-plugin-nvml-not-loaded-dock"
	  "er-default-runtime-not-nvidia/evidence.log",
	  "could not load NVML"),
	R("S-NCCL-WATCHDOG-CUT", CX "e2229-litgpt-fsdp-rank-cuda-oom-backward-the"
	  "n-rank3-nccl-watchdog/evidence.log",
	  "Watchdog caught collective ope"),
	R("S-KALDI-CU-ALLOC", CX "d2016-kaldi-nnet3-train-alloc-fail-shared-gp"
	  "u-17gb-used-by-others/evidence.log",
	  "Failed to allocate a memory region"),
	R("S-FLUX-TIMEOUT", CX "h2649-flux-ats-test-timeout-exit-142-reporte"
	  "d-as-fail/evidence.log",
	  "type=timeout"),
	R("S-FLUX-START-FAILED", CX "h2648-flux-exec-fail-stress-missing-on-nodes"
	  "-then-timeout-hang/evidence.log",
	  "flux-shell[1]: FATAL"),
	R("S-VLLM-WSL-NO-PIN", CX "f2537-vllm-wsl-pin-memory-false-warning-beni"
	  "gn/evidence.log",
	  "pin_memory=False"),
	R("S-ECS-OOM", CX "h2653-ecs-fargate-500mib-container-outofmemo"
	  "ryerror-exit-137/evidence.log",
	  "Container killed due to memory usage"),
	R("S-CUDNN-CONV-ALGO", CX "e2237-flax-tfds-load-tf-grabs-gpu-cudnn-conv"
	  "-algorithm-fail/evidence.log",
	  "Failed to determine best cudnn"),
	R("S-PTXAS-FATAL", CX "e2235-af3-narval-jaxlib-ptxas-isa-8.4-vs-cud"
	  "a-12.2-module/evidence.log",
	  "Ptx assembly aborted"),
	R("S-HIP-INVALID-VALUE", CX "d2021-amdgpujl-mi100-zeros-hipmemgetinfo-inv"
	  "alidvalue-rocm630-fixed-634/evidence.log",
	  "hipErrorInvalidValue"),
	R("S-SLURMD-FATAL", CX "h2657-bibigrid-slurmd-gres-nvidia0-missing/e"
	  "vidence.log",
	  "slurmd: fatal"),
	R("S-CTLD-GRES-COUNT", CX "h2661-magic-castle-mig-division-decrease-gre"
	  "s-count-node-inval/evidence.log",
	  "Count changed on node"),
	R("S-JSRUN-TERMINATED", CX "f2544-octotiger-summit-jsrun-no-gpus-in-reso"
	  "urce-set-invalid-device-ordinal/evidence.log",
	  "first noticed rank"),
	R("S-AWS-HOST-TERMINATED", CX "h2665-moj-aws-batch-shredder-spot-fleet-recl"
	  "aimed-host-ec2-terminated/evidence.log",
	  "Host EC2 (instance"),
	R("S-FLUX-SHELL-OOM", CX "h2608-flux-shell-oom-plugin-memory-cgroup-"
	  "out-of-memory-killed-1-task-memory-peak/evidence.log",
	  "killed 1 task on"),
	R("S-DEVMEM-ALLOC-OOM", CX "f2504-mfc-exit-143-openacc-device-oom-gpu-"
	  "shared-by-other-sims/evidence.log", "Out of memory allocating"),
	R("S-WF-REQ-EXCEEDS", CX "h2604-canu-slurm-aws-cluster-nodes-"
	  "registered-as-1-cpu-slurm-conf-ignores-40-cores-jobs-never-submitted/"
	  "evidence.log", "can't run on any"),
	R("S-WF-TASK-FAILED", CX "h2605-snakemake-slurm-bwa-map-timeout-after-"
	  "24h-despite-runtime-10080-in-profile/evidence.log", "Error in rule"),
	R("S-CUDA-IPC-HIDDEN", CX "d207-jdftx-perlmutter-gpu-bind-cuipc-"
	  "invalid-bcast-abort/evidence.log", "cuIpcOpenMemHandle"),
	R("S-RELION-GPU-OOM", CX "d206-relion4-refine3d-baskerville-per-task-"
	  "gpu-seen-as-shared-cufft/evidence.log", "GPU memory was insuff"),
	R("S-PBS-MEM-ABORTED", CX "h310-sarek-torque-vmem-287gb-rss-37gb-exit-"
	  "minus10/evidence.log", "memory resource limit"),
	R("S-LSF-DONE", CX "h307-fcs-gx-lsf-successfully-completed-49mb-mmap-"
	  "db/evidence.log", "Successfully completed."),
	R("S-MOAB-SOFT-LIMIT", CX "h304-cbio-moab-mem-soft-limit-warning-not-"
	  "a-kill/evidence.log", "soft limit"),
	R("S-TRT-OOM", CX "f510-rag-blueprint-nim-embedding-22.6gb-on-mig-3g."
	  "20gb-slice/evidence.log", "Cuda Runtime (out of memory)"),
	R("S-DEVICE-PLUGIN-XID", CX "f505-device-plugin-xid69-device-marked-"
	  "unhealthy/evidence.log", "XidCriticalError"),
	R("S-TORCH-SHM", CX "f508-kubeflow-notebook-fastai-dataloader-shm-"
	  "unable-to-write/evidence.log", "unable to write to file"),
	R("S-SUBMIT-REJECTED", FX "cgroup-v1-submit-toobig-sbatch.stderr",
	  "Memory specification"),
	R("S-CTLD-JOB-OOM", FX "cgroup-v1-oom-batch-slurmctld.log.excerpt",
	  "OOM failure"),
	R("S-CTLD-JOB-EXIT", FX "linuxproc-oom-batch-slurmctld.log.excerpt",
	  "WTERMSIG"),
	R("S-SLURM-NODE-FAIL", FX "slurm-step-setup.txt", "Node failure on"),
	R("S-OMPI-BINDING", CX "h034-optuna-mpirun-ranks-bound-same-socket/"
	  "evidence.log", "MCW rank 1 bound"),
	R("S-IMPI-PIN", CX "h035-openhpc-all-ranks-pinned-cpu0/evidence.log",
	  "597310"),
	R("S-SLURM-CPU-BIND", FX "slurm-step-setup.txt", "task 10 10"),
	R("S-SHELL-KILLED", FX "cgroup-v1-oom-live-slurm-3.out", " Killed "),
	R("S-NCCL-WATCHDOG-TIMEOUT", FX "example-nccl_watchdog.txt",
	  "SeqNum=808, OpType=ALLREDUCE"),
	R("S-NCCL-BLOCKING-WAIT", FX "example-nccl_watchdog.txt",
	  "blocking wait"),
	R("S-NCCL-SHM", FX "example-nccl_shm.txt", "failed to extend"),
	R("S-KV-CACHE-RESERVED", CX "f602-vllm-sglang-kv-cache-size-comparison-"
	  "qwen3-235b-fp8-no-failure/evidence.log", "GPU KV cache size"),
	R("S-CYCLES-CUDA-FAULT", CX "d502-cycles-illegal-address-gpu-factory-"
	  "oc/evidence.log", "Illegal address in CUDA queue"),
	R("S-SYSTEMD-OOM-KILL", CX "f806-ollama-065-gemma3-runner-9.6"
	  "g-res-9.5g-swap-systemd-oom-killer/evidence.log", "killed by the OOM killer"),
	R("S-HTCONDOR-PERIODIC-HOLD", CX "h603-osg-htcondor-pycbc-jobs-h"
	  "eld-system-periodic-hold-memory/evidence.log", "SYSTEM_PERIODIC_HOLD"),
	R("S-SGE-EXECD-LIMIT", CX "h607-mgatk-uge-execd-enfo"
	  "rced-h-vmem-max-vmem-749g/evidence.log", "execd enforced"),
	R("S-TF-DEVICE-FREE-LINES", CX "e501-tf1-gtx1080-session-190mib-fre"
	  "e-of-7.92gib-other-process-holds-gpu/evidence.log", "Free memory:"),
	R("S-PADDLE-OOM", CX "e503-paddleocr-gunicorn-13-work"
	  "ers-all-on-gpu0-25mb-alloc-fails/evidence.log", "Cannot allocate 25"),
	R("S-MIOPEN-OOM", CX "e508-rocm-keras-rx470-miopen-528mb-b"
	  "uffer-earlier-keras-calls-held-memory/evidence.log", "Memory not available"),
	R("S-XLA-HBM-EXCEEDED", CX "e510-colabfold-free-colab-tpu-"
	  "hbm-9.08g-of-7.48g-compile-oom/evidence.log", "memory space hbm"),
	R("S-JVM-HEAP-RESERVE", CX "h610-canu-mhap-jvm-could-not-rese"
	  "rve-heap-slurm-mem-per-cpu-ulimit/evidence.log", "object heap"),
	R("S-TORQUE-CGROUP-FAIL", CX "h612-torque6-multinode-task-"
	  "cgroups-15004-job-exec-retry/evidence.log", "failed to create task cgroups"),
	R("S-LLAMACPP-KV", CX "f705-h2ogpt-llamacpp-two-l4-mlock-warning-"
	  "rlimit-model-loads-no-failure/evidence.log", "kv self size"),
	R("S-MLOCK-RLIMIT", CX "f705-h2ogpt-llamacpp-two-l4-mlock-warning-"
	  "rlimit-model-loads-no-failure/evidence.log", "failed to mlock"),
	R("S-GO-SIGNAL-KILLED", CX "f703-ollama-gemma3-27b-docker-memory-8g-"
	  "runner-signal-killed/evidence.log", "signal: killed"),
	R("S-SLURM-PROLOG-FAIL", CX "h504-hpcfund-salloc-prolog-failure-"
	  "allocation-revoked/evidence.log", "Prolog failure"),
	R("S-OLLAMA-CUDA-INIT", CX "f701-ollama-rtx-pro-6000-cudart-init-"
	  "failure-3-uvm-hmm-driver-bug/evidence.log", "init failure: 3"),
	R("S-CUDA-INVALID-SYMBOL", CX "d410-autodock-gpu-a100-no-sm80-target-"
	  "invalid-device-symbol/evidence.log", "invalid device symbol"),
	R("S-NCCL-DUPLICATE-GPU", CX "e307-dfine-ddp-hardcoded-device-nccl-"
	  "duplicate-gpu-invalid-usage/evidence.log", "Duplicate GPU"),
	R("S-NCCL-ERROR", FX "example-nccl_watchdog.txt",
	  "NCCL version 2.21.5"),
	R("S-NCCL-WATCHDOG-EXCEPTION", FX "example-nccl_watchdog.txt",
	  "work: 808"),
	R("S-ELASTIC-CHILD-FAILED", FX "example-torchrun_childfailed.txt",
	  "ChildFailedError"),
	R("S-ELASTIC-AGENT-FAILED", FX "example-torchrun_childfailed.txt",
	  "roboMamba" /* replaced below */),
	B("S-LAUNCHER-RETURN-CODE", "[2024-05-01 10:00:00,000] "
	  "[ERROR] [launch.py:321:sigkill_handler] ['python', 'train.py'] "
	  "exits with return code = -9"),
	R("S-ELASTIC-SIGTERM", FX "cascade-lines.txt", "process 1519"),
	R("S-LAUNCH-KILL-SUBPROCESS", FX "cascade-lines.txt", "9439"),
	R("S-SRUN-TASK-TERMINATED", FX "cascade-lines.txt",
	  "" /* replaced below */),
	R("S-FORTRAN-SIGTERM", FX "cascade-lines.txt", "forrtl"),
	R("S-SRUN-STEP-TEARDOWN", FX "cascade-lines.txt", "Terminating"),
	R("S-MP-SPAWN-RAISED", FX "cascade-lines.txt", "Process 3"),
	R("S-OMPI-NOTICED", FX "cascade-lines.txt", "rank 7 with PID"),
	B("S-OMPI-EXITED-IMPROPERLY", "mpirun has exited due to process "
	  "rank 0 with PID 16119 on"),
	B("S-OMPI-ABORT", "MPI_ABORT was invoked on rank 1 in communicator "
	  "MPI_COMM_WORLD"),
	R("S-OMPI-NONZERO", FX "cascade-lines.txt", "Primary job"),
	R("S-OMPI-NONZERO-FIRST", FX "cascade-lines.txt", "mpirun detected"),
	R("S-OMPI-PROCESS-NAME", FX "cascade-lines.txt", "Process name:"),
	R("S-HOROVOD-SHUT-DOWN", FX "cascade-lines.txt", "Horovod has been"),
	R("S-PICKLE-TRUNCATED", FX "cascade-lines.txt", "pickle data"),
	R("S-SPARK-LOST-TASK", CX "h1304-tfos-yarn-vmem-kill-executor-lost-"
	  "then-executor-id-ioerror/evidence.log", "Lost task 0.2"),
	R("S-PBS-SUBMIT-REJECTED", CX "h1512-cbio-hal-torque-gpu-queue-mem-"
	  "96gb-qsub-rejected-queue-max-mem/evidence.log", "max mem"),
	R("S-SGE-QACCT-LIMIT", CX "h1510-sos-peer-sge-qacct-failed-37-h_rt-"
	  "h_cpu-h_vmem-18001s-walltime-not-updated/evidence.log",
	  "qmaster enforced"),
	R("S-MOAB-WALLCLOCK", CX "h1805-magetbrain-scinet-moab-wallclock-"
	  "exceeded-minutes-after-start/evidence.log", "MOAB_INFO"),
	R("S-SIGILL", CX "f1706-gpustack-llama-box-exit-132-illegal-"
	  "instruction-on-help-no-avx2-in-vm/evidence.log",
	  "Illegal instruction (core"),
	R("S-MEGATRON-PLANNED-EXIT", CX "e1407-bloom-tr1-13b-planned-exit-"
	  "after-1190-minutes-then-watchdog-not-running-alerts/evidence.log",
	  "exiting program after"),
	R("S-CRAY-UNDER-OOM", CX "h1704-gfs-esfc-wcoss2-pbs-cray-under-oom-"
	  "rank19-signal9-rank15-sigterm/evidence.log", "under_oom detected"),
	R("S-PALS-RANK-DIED", CX "h1704-gfs-esfc-wcoss2-pbs-cray-under-oom-"
	  "rank19-signal9-rank15-sigterm/evidence.log", "died from signal 9"),
	R("S-PT-OOM-ASYNC", CX "f1607-comfyui-3090-lowvram-oom-allocated-plus-"
	  "requested-below-limit-other-vram-users/evidence.log",
	  "Allocation on device 0"),
	R("S-GGML-NO-DEVICE-CODE", CX "f1604-ollama-021-v100-no-sm70-mmq-"
	  "kernel-unspecified-launch-failure/evidence.log", "has no device"),
	R("S-YARN-NM-BEYOND", CX "h1609-tony-tensorflow-yarn-container-24-8g-"
	  "of-4-2g-virtual-vmem-check-kill/evidence.log", "'VIRTUAL'"),
	R("S-SLURM-EPILOG-FAIL", CX "f1510-pyxis-016-container-scope-job-"
	  "epilog-enroot-mkdir-run-enroot-denied-node-drain/evidence.log",
	  "[job 5886] epilog failed"),
	R("S-NVCLI-DRIVER-TIMEOUT", CX "d1105-docker-driver-rpc-timeout-"
	  "persistence-mode-off/evidence.log", "driver rpc error"),
	R("S-CUDA-NOT-SUPPORTED", CX "e1302-cudf-2110-wsl2-pascal-laptop-"
	  "memoryerror-bad-alloc-cudaerrornotsupported-4600-rows/evidence.log",
	  "cuda_memory_resource.hpp:69"),
	R("S-TF-BFC-RANOUT-OLD", CX "e1303-tf-macos-gt750m-2gb-305mib-free-"
	  "dst-tensor-not-initialized-144mib-fc-weights/evidence.log",
	  "See logs for memory state"),
	R("S-DS-LAUNCH-FAILED-CMD", FX "cascade-lines.txt",
	  "--local_rank=1"),
	R("S-NCCL-WATCHDOG-TERMINATED", FX "example-nccl_watchdog.txt",
	  "what():  [PG ID 0"),
	R("S-DATALOADER-KILLED", FX "host-kills.txt", "pid 1285"),
	R("S-MP-SPAWN-SIGKILL", FX "host-kills.txt", "ProcessExitedException"),
	R("S-ELASTIC-SIGKILL-TRACEBACK", FX "host-kills.txt", "traceback :"),
	R("S-XARGS-SIGKILL", FX "host-kills.txt", "xargs:"),
	R("S-PY-SUBPROCESS-SIGKILL", FX "host-kills.txt", "DaskOnBatch"),
	R("S-IDE-EXIT-137", FX "host-kills.txt", "Process finished"),
	R("S-EXIT-137", FX "host-kills.txt", "frappe"),
	R("S-MPIRUN-SIGNAL9", FX "host-kills.txt", "mpirun noticed"),
	R("S-MOAB-MEM-HARD-LIMIT", FX "host-kills.txt", "MEM usage"),
	R("S-PBS-MEM-KILLED", FX "host-kills.txt", "PBS: job killed"),
	R("S-LSF-MEMLIMIT", FX "host-kills.txt", "TERM_MEMLIMIT"),
	R("S-LSF-RUNLIMIT", FX "scheduler-limits.txt", "TERM_RUNLIMIT"),
	R("S-PBS-WALLTIME", FX "scheduler-limits.txt", "walltime 3611"),
	R("S-HTCONDOR-MEMLIMIT", FX "host-kills.txt", "condor_q"),
	R("S-WMCORE-MAXPSS", FX "host-kills.txt", "maxPSS"),
	R("S-K8S-OOMKILLED", FX "host-kills.txt", "OOMKilled"),
	R("S-RAY-MEMORY-MONITOR", FX "host-kills.txt", "running low"),
	R("S-YARN-MEMLIMIT", FX "host-kills.txt", "YARN"),
	R("S-PAI-OOM-KILLER", FX "host-kills.txt", "OOM Killer"),
	R("S-DATALOADER-BUS-ERROR", FX "quoted-lines.txt", "pid 249"),
	R("S-SIGBUS-REPORT", FX "sigbus.txt", "Signal 7 (SIGBUS)"),
	R("S-XID", FX "example-xid.txt", "Xid (PCI:0000:00:07): 31"),
	R("S-KERNEL-OOM-KILLED", FX "example-kernel_oom.txt", "UID:0 pgtables"),
	R("S-KERNEL-OOM-SUMMARY", FX "example-kernel_oom.txt",
	  "CONSTRAINT_MEMCG"),
	R("S-KERNEL-OOM-INVOKED", FX "example-kernel_oom.txt",
	  "mem invoked oom-killer"),
	R("S-KERNEL-OOM-TASK-IN", FX "example-kernel_oom.txt", "Task in /13"),
	R("S-PARAPHRASE-OOM-KILLER", FX "quoted-lines.txt", "OOM-KILLER"),
	B("S-HOST-OOM-APP", "terminate called after throwing an "
	  "instance of 'std::bad_alloc'"),
	R("S-STORAGE-FULL", CX "h020-pyxis-run-tmpfs-no-space/evidence.log",
	  "Write failed"),
	R("S-CUDA-NO-DEVICE", FX "gpu-access.txt", "cudaErrorNoDevice"),
	R("S-NVML-INIT-UNKNOWN", FX "gpu-access.txt", "NVML: Unknown Error"),
	R("S-NVML-NO-PERMISSION", CX "h018-selinux-nvml-insufficient-"
	  "permissions/evidence.log", "Insufficient Permissions"),
	R("S-CTK-DEVICE-RULES", CX "f027-pyxis-ctk-1177-device-rules-bpf-"
	  "denied/evidence.log", "failed to add device rules"),
	R("S-NVSMI-NO-DEVICES", FX "gpu-access.txt", "No devices were found"),
	R("S-PT-NO-DRIVER", FX "gpu-access.txt", "Found no NVIDIA driver"),
	R("S-CUDA-DRIVER-INIT", FX "gpu-access.txt",
	  "RuntimeError: CUDA driver initialization failed"),
	R("S-CUDA-DEVICES-BUSY", FX "device-vocabulary.txt", "error=46"),
	R("S-CUDA-NO-KERNEL-IMAGE", FX "device-vocabulary.txt",
	  "Capture cuda graph"),
	R("S-CUDA-NOT-INITIALIZED", FX "device-vocabulary.txt",
	  "CUDA_ERROR_NOT_INITIALIZED"),
	R("S-NVSMI-NO-DRIVER", FX "device-vocabulary.txt", "NVIDIA-SMI has"),
	R("S-NVML-DRIVER-MISMATCH", FX "device-vocabulary.txt",
	  "version mismatch"),
	R("S-CUDA-DRIVER-TOO-OLD", FX "device-vocabulary.txt", "(35)"),
	R("S-NVSMI-GPU-LOST", FX "device-vocabulary.txt", "GPU is lost"),
	R("S-PROC-EXITED", FX "device-vocabulary.txt", "MEMORY: proc"),
	R("S-PS-HEADER", FX "device-vocabulary.txt", "PPID  CMD"),
	R("S-PS-AUX-ROW", FX "device-vocabulary.txt", "thomased"),
	R("S-SLURM-GPU-REQUEST", FX "device-vocabulary.txt", "srun --nodes"),
	R("S-VMSTAT-HEADER", FX "vmstat.txt", "free   buff  cache"),
	R("S-MMCV-MEMORY", FX "mmdet-memory.txt", "Epoch [1][1550/"),
	R("S-DS-MEM-GPU", FX "deepspeed-see_memory_usage-4775.txt",
	  "MA 0.64 GB"),
	R("S-DS-MEM-CPU", FX "deepspeed-see_memory_usage-522.txt",
	  "used = 50.5 GB"),
	R("S-MEGATRON-MEM", FX "megatron-report_memory-756.txt", "[Rank 1]"),
	R("S-SUBMITIT-PREEMPT", FX "healthy-warnings.txt", "SIGUSR2"),
	/* built from submitit's and Lightning's format strings */
	B("S-SUBMITIT-TIMEOUT", "submitit INFO (2022-07-12 04:18:45,881) - "
	  "Job has timed out. Ran 1438 minutes out of requested 1440 minutes."),
	B("S-LIGHTNING-REQUEUE", "Handling auto-requeue signal: 10"),
	R("S-SRUN-STEP-DELAYED", FX "healthy-warnings.txt",
	  "temporarily disabled"),
	R("S-SRUN-STEP-CREATED", FX "healthy-warnings.txt", "Step created"),
	R("S-DS-CACHE-FLUSH", FX "healthy-warnings.txt", "cache flushes"),
	R("S-PT-PG-NOT-DESTROYED", FX "healthy-warnings.txt",
	  "destroy_process_group"),
	R("S-PY-TRACEBACK", FX "healthy-warnings.txt",
	  "Traceback (most recent call last):"),
	R("S-PY-EXCEPTION", FX "example-pytorch_oom.txt",
	  "RuntimeError: cuda runtime error (2)"),
	B("S-SEGFAULT", "/var/spool/slurmd/job42/slurm_script: line 9: "
	  "1234 Aborted                 (core dumped) ./a.out"),
	R("S-FREE-MEM", FX "healthy-warnings.txt", "Mem:"),
	/* procps 3.3.9- `free -m` output as posted in a public thread */
	B("S-FREE-OLD-BUFCACHE", "-/+ buffers/cache:        231       1645"),
	R("S-NVSMI-GPU-ROW", FX "healthy-warnings.txt", "00000000:01:00.0"),
	R("S-NVSMI-MEM-CELL", FX "healthy-warnings.txt", "7940MiB"),
	R("S-VLLM-SLEEP-RESIDUAL", FX "healthy-warnings.txt", "Sleep mode"),
	R("S-CUDA-PTX-TOOLCHAIN", CX "d908-cuda-memtest-ptx-unsupported-"
	  "toolchain-cuda113-on-driver-460/evidence.log", "toolchain"),
	R("S-HIP-HW-EXCEPTION", CX "d904-rocm-mi300-torchrun-hw-exception-gpu-"
	  "hang-illegal-register-access/evidence.log", "HW Exception"),
	R("S-OMPI-CLEANUP-KILLED", CX "h1301-covizu-mpirun-ranks-signal-9-"
	  "node-n3-global-oom-python3-pid-match/evidence.log",
	  "during cleanup"),
	R("S-PBS-JOBFS-QUOTA", CX "h1308-gadi-pbs-job-killed-jobfs-quota-"
	  "15gb-exit-271-memory-fine/evidence.log", "jobfs quota"),
	R("S-LSF-TASK-LIMIT", CX "h1309-carveme-recursive-lsf-term-"
	  "threadlimit-744-threads-swap-figure-decoy/evidence.log",
	  "TERM_THREADLIMIT"),
	B("S-DASK-NANNY-KILL", "distributed.nanny - WARNING - Worker "
	  "exceeded 95% memory budget. Restarting"),
	R("S-DASK-KILLED-WORKER", CX "h1306-ert-prefect-dask-pbscluster-"
	  "killedworker-4gb-worker-limit/evidence.log", "KilledWorker("),
	R("S-DASK-MEMORY-HIGH", CX "h1306-ert-prefect-dask-pbscluster-"
	  "killedworker-4gb-worker-limit/evidence.log", "3.73 GB"),
	R("S-SRUN-TASK-SIGNALED", CX "d1001-gromacs-acpp-dardel-"
	  "hipmemsetasync-invalid-value-one-rank-aborts-srun-kills-63/"
	  "evidence.log", "Aborted (core dumped)"),
	R("S-TF-BFC-NOT-FAILURE", CX "e1208-deeplabcut-ma-training-bfc-2.26gib-"
	  "not-a-failure-warning-training-runs/evidence.log",
	  "not a failure"),
	R("S-TF-DRIVER-INSUFFICIENT", CX "e1210-qanet-tf15-cudnn-not-"
	  "initialized-driver-384.69-too-old-for-cuda9-aborted/evidence.log",
	  "possibly insufficient"),
	R("S-K8S-EVICT-SHM", CX "f1407-k8s-dshm-emptydir-memory-sizelimit-1gi-"
	  "exceeded-pod-evicted/evidence.log", "EmptyDir volume \"dshm\""),
	R("S-RUNC-INIT-OOM", CX "f1403-ocp-dgx-training-operator-runc-"
	  "container-init-oom-killed-createcontainererror/evidence.log",
	  "container init was OOM-killed"),
	R("S-K8S-GPU-UNSCHEDULABLE", CX "f1401-device-plugin-gtx760-too-old-"
	  "for-healthcheck-marked-unhealthy-insufficient-gpu/evidence.log",
	  "Insufficient nvidia.com/gpu"),
	R("S-SEFF-COMPLETED", CX "h1407-openmind-whisker-2-nodes-48g-per-node-"
	  "completed-seff-156pct-no-failure/evidence.log", "State: COMPLETED"),
	R("S-CUDNN-HANDLE", CX "e1202-jax-m1000m-cudnn-handle-internal-error-"
	  "707mb-free-of-4gb-cudnn-not-installed/evidence.log",
	  "create cudnn handle"),
	R("S-XLA-CUDNN-MEMORY", CX "e1202-jax-m1000m-cudnn-handle-internal-"
	  "error-707mb-free-of-4gb-cudnn-not-installed/evidence.log",
	  "bytes free,"),
	R("S-NVCLI-REQUIREMENT", CX "f1801-vllm-openai-v0.5.0-docker-nvidia-"
	  "container-cli-requires-cuda-12.4-driver-530-v100/evidence.log",
	  "requirement error"),
	R("S-CUDA-SYSTEM-DRIVER-MISMATCH", CX "f1807-vllm-0.15-image-runtime-"
	  "nvidia-cuda-compat-ldcache-error-803-newer-driver/evidence.log",
	  "Error 803"),
	R("S-TRITON-OUT-OF-RESOURCES", CX "f1805-sglang-glm45-air-fp8-tp4-"
	  "triton-moe-kernel-shared-memory-out-of-resource/evidence.log",
	  "out of resource: shared memory"),
	R("S-HSA-QUEUE-ABORT", CX "d1307-rocm-hip-fortran-radeon-vii-pro-"
	  "memory-aperture-violation-faulty-card-returned/evidence.log",
	  "MEMORY_APERTURE_VIOLATION"),
	/* docker container inspect | grep OOM, as a Docker training
	 * exercise shows it (a container killed at --limit-memory) */
	B("S-DOCKER-OOMKILLED", "                \"OOMKilled\": true,"),
	R("S-JOBSTATS-COMPLETED", CX "h1909-princeton-della-4xa100-2-node-job-"
	  "completed-jobstats-10pct-cpu-6pct-memory-no-failure/evidence.log",
	  "State: COMPLETED"),
	R("S-SRUN-FATAL", CX "h1911-snakemake-slurm-plugin-gpu-rule-srun-"
	  "fatal-tres-per-task-vs-ntasks-per-gpu-slurm-24-05/evidence.log",
	  "srun: fatal"),
	R("S-CUDA-NOT-PERMITTED", CX "f1803-ollama-docker-gpu-lost-after-idle-"
	  "context-800-cpu-runner-systemd-cgroup/evidence.log",
	  "primary device context 800"),
	R("S-EDAC-UE", CX "d1308-ovro-lwa-gpu09-node-freeze-host-dimm-"
	  "uncorrectable-ecc-edac-not-gpu/evidence.log", "UE memory read"),
	R("S-PBS-WALLTIME-MAIL", CX "h2001-cbio-torque-mpi-smufin-8-node-"
	  "walltime-72h-exit-status-minus-11-not-segfault/evidence.log",
	  "exceeded its walltime"),
	R("S-LSF-RESRSV-LIMIT", CX "h2005-bcbio-ipython-lsf-engine-bsub-"
	  "rejected-resrsv-limit-rusage-mem-1024-big-queue/evidence.log",
	  "set by RESRSV_LIMIT"),
	R("S-FLUX-SHELL-INIT", CX "h2003-flux-shell-oom-plugin-init-failed-"
	  "inotify-instances-exhausted-not-an-oom/evidence.log",
	  "shell.init failed"),
	R("S-CUDA-SYSTEM-NOT-READY", CX "f1909-hf-jobs-h200-cuda-error-802-"
	  "fabric-manager-never-completed-before-training/evidence.log",
	  "Error 802"),
	R("S-NCCL-NVLS-FAIL", CX "f1912-pytorch-ci-aws-p5-h100-nccl-nvls-"
	  "multicast-cuda-error-401-fabric-manager-not-running/evidence.log",
	  "Failed to bind NVLink SHARP"),
	R("S-NVRM-OPEN-KMOD", CX "f1904-eks-al2023-g7-blackwell-missing-from-"
	  "open-kmod-list-rminitadapter-failed-pods-pending/evidence.log",
	  "requires use of the NVIDIA open"),
	R("S-CUDA-CONTAINED", CX "d1410-marin-gb200-nvl72-cuda-error-"
	  "contained-nvlink-fault-one-rank-whole-gang-fate-shared/"
	  "evidence.log", "CUDA_ERROR_CONTAINED"),
	R("S-NVCLI-ERROR", CX "f1910-eks-gpu-ami-v20241109-container-toolkit-"
	  "unsupported-imex-channel-all-legacy-image/evidence.log",
	  "error parsing IMEX info"),
	R("S-NVCLI-UNKNOWN-DEVICE", CX "f906-gpushare-aws-stop-start-new-gpu-"
	  "uuid-unknown-device-id/evidence.log", "unknown device id"),
	R("S-LIBCUDA-SEGFAULT", CX "e1505-trixie-multinode-gpu-job-hang-"
	  "libcuda-segfault-on-cn110-faulty-gpu/evidence.log",
	  "python[15677]: segfault"),
	R("S-CUDA-PINNED-HOST", CX "d1512-unsupervised-detection-tf-training-"
	  "failed-to-alloc-4gib-on-host-pinned-memory-not-gpu-12gb/"
	  "evidence.log", "bytes on host"),
	R("S-ROCMINFO-HSA-RESOURCES", CX "f2007-rocm-3-3-rocminfo-hsa-status-"
	  "error-out-of-resources-as-user-works-as-root-kfd-render-group/"
	  "evidence.log", "Call returned"),
	R("S-SEFF-STATE", CX "h1406-openmind-whisker-5-nodes-mem-12g-per-node-"
	  "batch-step-oom-seff-59pct/evidence.log", "State: OUT_OF_MEMORY"),
	R("S-VLLM-PREEMPTED", CX "e1802-limo-eval-vllm-warning-sequence-group-"
	  "preempted-recompute-not-enough-kv-cache-no-failure/evidence.log",
	  "Sequence group 221"),
	R("S-VLLM-KV-USAGE", CX "e1801-vllm-v1-kv-cache-usage-climbs-to-99-"
	  "percent-prefix-cache-user-reports-gpu-memory-not-freed/"
	  "evidence.log", "GPU KV cache usage: 99.3%"),
	R("S-SIGSEGV", CX "h2201-rrfs-mpas-orion-init-atmosphere-srun-signal-"
	  "11-stack-limit-not-oom-ulimit-s-unlimited/evidence.log",
	  "Caught signal 11"),
	R("S-CUDA-NUM-COMPAT", CX "d1608-lammps-gpu-package-rtx5080-cuda-"
	  "driver-error-804-forward-compat-unsupported-hw-driver-mismatch/"
	  "evidence.log", "Cuda driver error 804"),
	R("S-CUDA-NUM-FAULT", CX "d1605-openmm-400k-atom-waterbox-"
	  "energybuffer-invalid-error-code-700-cuda-bug-workaround/"
	  "evidence.log", "Invalid error code (700)"),
	R("S-K8S-ADMISSION-ALLOCATE", CX "f2109-gke-node-reboot-pod-admitted-"
	  "before-device-plugin-reregisters-no-healthy-devices-stuck/"
	  "evidence.log", "Allocate failed due to no healthy devices"),
	R("S-CUDAJL-MEMORY-STATUS", CX "d1610-cuda-jl-multithreaded-loop-"
	  "effective-gpu-memory-grows-per-run-pool-flat-22mib-crash/"
	  "evidence.log", "Effective GPU memory usage: 86.83%"),
	R("S-PREEMPTION-QUOTED", CX "h2105-mfc-phoenix-embers-qos-preemptmode-"
	  "cancel-after-1h-exempt-bench-job-preempted-tests-passed/"
	  "evidence.log", "DUE TO PREEMPTION"),
	R("S-SGE-QSUB-REJECTED", CX "h2109-toil-cactus-grid-engine-qsub-"
	  "rejects-h-vmem-change-l-hard-m-default-submit-retry/evidence.log",
	  "Unable to run job: List"),
	R("S-CRAB-MEMORY", CX "h2111-crab3-htcondor-periodicremove-rss-2250mb-"
	  "postjob-says-no-usable-fjr-50660/evidence.log",
	  "ERROR:RetryJob Job killed by HTCondor"),
	R("S-FS-STALE", CX "h2112-babel-snakemake-slurm-duckdb-reports-share-"
	  "nfs-spill-dir-stale-file-handle-not-oom/evidence.log",
	  "Stale file handle"),
	R("S-RAY-MEMORY-THRESHOLD", CX "e1706-vllm-ray-worker-killed-by-ray-"
	  "memory-monitor-12-49-of-13-15gb-node-ram-after-hours-serving/"
	  "evidence.log",
	  "exceeds the memory usage threshold"),
	R("S-DF-SHM-FULL", CX "f1804-triton-gke-python-backend-stub-unhealthy-"
	  "dev-shm-64m-full/evidence.log", "100% /dev/shm"),
	R("S-NCCL-TIMEOUT-FRAME", CX "e1501-particleflow-ddp-nccl-watchdog-"
	  "timeout-rank0-only-end-of-epoch-test-desync/evidence.log",
	  "WorkNCCL::checkTimeout"),
};

static char *
row_line(size_t i)
{
	if (row_lines[i].built != NULL)
		return strdup(row_lines[i].built);
	if (strcmp(row_lines[i].id, "S-SRUN-TASK-EXIT") == 0)
		return fixture_line(FX "cgroup-v1-step-toobig-slurmd.log.excerpt",
		    "exited with exit code");
	if (strcmp(row_lines[i].id, "S-SRUN-TASK-TERMINATED") == 0)
		return strdup("srun: error: nid001097: tasks 1,3: Terminated");
	if (strcmp(row_lines[i].id, "S-ELASTIC-AGENT-FAILED") == 0)
		return fixture_line(FX "example-torchrun_childfailed.txt",
		    "local_rank: 5 (pid: 2630)");
	return fixture_line(row_lines[i].file, row_lines[i].sub);
}

DEFINE_TEST(test_catalog_table_sane)
{
	struct catalog	*c = cat_open();

	CHECK(c != NULL);
	CHECK_EQ_INT(catalog_table_len, sizeof(row_lines) / sizeof(row_lines[0]));
	for (size_t i = 0; i < catalog_table_len; i++) {
		const struct cat_sig	*s = &catalog_table[i];

		CHECK(strncmp(s->id, "S-", 2) == 0);
		CHECK(s->needles[0] != NULL && s->pcre != NULL &&
		    s->ere != NULL && s->source != NULL);
		CHECK_EQ_INT(catalog_find(s->id), (long)i);
		for (size_t j = i + 1; j < catalog_table_len; j++)
			if (strcmp(s->id, catalog_table[j].id) == 0)
				test_fail(__FILE__, __LINE__, "dup %s", s->id);
	}
	catalog_free(c);
}

/* Every row fires on its line, and one of its needles occurs in it. */
DEFINE_TEST(test_catalog_every_row_fires)
{
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	struct cat_env		 env;

	for (size_t i = 0; c != NULL && i < catalog_table_len; i++) {
		char			*line = row_line(i);
		long			 row = catalog_find(row_lines[i].id);
		const struct cat_sig	*s;
		size_t			 r = 0;
		uint64_t		 g = 0;
		int			 hit = 0, needle = 0;

		CHECK(row >= 0 && line != NULL);
		if (row < 0 || line == NULL)
			continue;
		s = &catalog_table[row];
		for (size_t k = 0; k < CAT_NEEDLES && s->needles[k]; k++)
			needle |= strstr(line, s->needles[k]) != NULL;
		catalog_envelope(str_cstr(line), &env);
		while (catalog_match(c, env.body, &r, &g, &m))
			hit |= m.row == (size_t)row;
		if (!needle || !hit)
			test_fail(__FILE__, __LINE__, "%s: needle %d match %d: %s",
			    s->id, needle, hit, line);
		free(line);
	}
	catalog_free(c);
}

/* Other real forms of rows row_lines already covers: printed by another
 * version or tool, wrapped or redacted by whoever pasted them. */
static const struct row_line variant_lines[] = {
	R("S-YARN-NM-BEYOND", CX "h1610-stratosphere-yarn-jobmanager-xmx1000m-"
	  "in-1g-container-physical-limit-kill/evidence.log",
	  "beyond physical memory limits"),
	R("S-NVCLI-DRIVER-TIMEOUT", CX "f1504-nvidia-docker-p2-16xlarge-16-"
	  "gpus-container-cli-driver-timed-out-no-persistenced/evidence.log",
	  "driver error: timed out"),
	R("S-GGML-CUDA-OOM", CX "f1704-ollama-deepseek-coder-v2-lite-"
	  "deepseek2-rtx3070-cudamalloc-oom-vram-didnt-recover/evidence.log",
	  "aborted (core dumped) cudaMalloc"),
	R("S-NVSMI-GPU-LOST", CX "d1202-gpud-xid79-then-remapped-rows-query-"
	  "gpu-is-lost/evidence.log", "ERROR_GPU_IS_LOST"),
	R("S-SIGILL", CX "f1707-determined-experiment-container-exit-132-"
	  "tensorflow-avx-on-xeon-x5675/evidence.log", "(exit code 132)"),
	R("S-CUDA-OOM-PLAIN", CX "e1408-verl-fsdp-colocated-vllm-wake-up-"
	  "cumem-oom-after-empty-cache-removed/evidence.log",
	  "CUDA Error: out of memory"),
	/* Spark 3's "(TID N) (host executor M)". */
	R("S-SPARK-LOST-TASK", FX "cascade-lines.txt", "(TID 6) (localhost"),
	R("S-SIGBUS-REPORT", CX "h701-pipedream-docker-nccl-getuniqueid-bus-"
	  "error-default-64m-shm/evidence.log", "Caught signal 7"),
	R("S-SIGBUS-REPORT", CX "h702-jax-toolbox-container-sigbus-in-"
	  "ncclshmopen-proxy-thread/evidence.log", "received signal SIGBUS"),
	R("S-CUDA-NO-KERNEL-IMAGE", CX "h711-olcf-frontier-xnack-plus-binary-"
	  "run-with-hsa-xnack-0-no-binary-for-gpu/evidence.log",
	  "hipErrorNoBinaryForGpu"),
	R("S-CYCLES-CUDA-FAULT", CX "d504-gaffercycles-illegal-address-fixed-"
	  "by-upgrade/evidence.log", "cuCtxCreate: Illegal address"),
	R("S-CUDA-OOM-PLAIN", CX "d501-faster-whisper-large-v2-load-ct2-"
	  "oom/evidence.log", "CUDA failed with error out of memory"),
	R("S-SYSTEMD-OOM-KILL", CX "f807-llamacpp-server-prompt-cache-save-"
	  "3.4gib-state-systemd-oom-kill-16gb-host/evidence.log", "result 'oom-kill'"),
	R("S-PADDLE-OOM", CX "e502-paddle-aistudio-cannot-alloca"
	  "te-1.53gb-416mb-left-batch-16-fixed/evidence.log", "Cannot allocate 1.53"),
	R("S-TF-DEVICE-FREE-LINES", CX "e501-tf1-gtx1080-session-190mib-fre"
	  "e-of-7.92gib-other-process-holds-gpu/evidence.log", "Total memory:"),
	R("S-KV-CACHE-RESERVED", CX "f711-trtllm-triton-a10-paged-kv-10718-"
	  "tokens-at-095-fraction-question-no-failure/evidence.log",
	  "tokens in paged KV cache"),
	R("S-K8S-EVICT-STORAGE", CX "f709-modelmesh-triton-40gb-model-evicted-"
	  "models-dir-emptydir-1536mi-exit-137/evidence.log", "EmptyDir"),
	R("S-CUDA-OOM-PLAIN", CX "d406-amrex-arena-init-three-quarters-gpu-"
	  "oom-at-start/evidence.log", "CUDA error 2 in file"),
	R("S-CUDA-OOM-PLAIN", CX "d407-cryosparc-v0-refine-box-1024-titan-"
	  "black-6gb-cumemalloc/evidence.log", "cuMemAlloc failed"),
	R("S-CUDA-OOM-PLAIN", CX "d404-cudf-groupby-5gb-csv-one-1080ti-of-"
	  "two/evidence.log", "parallel_for failed"),
	R("S-CUDA-OOM-PLAIN", CX "f309-trtllm-triton-mistral7b-engine-batch32-"
	  "seq48k-runtime-buffers-oom/evidence.log", "cudaMallocAsync"),
	R("S-CUDA-OOM-PLAIN", CX "d408-gpumd-msd-5m-correlation-steps-cuda-"
	  "oom/evidence.log", "Error text: out of memory"),
	R("S-KV-CACHE-RESERVED", CX "f602-vllm-sglang-kv-cache-size-comparison-"
	  "qwen3-235b-fp8-no-failure/evidence.log", "KV Cache is allocated"),
	R("S-KV-CACHE-RESERVED", CX "f602-vllm-sglang-kv-cache-size-comparison-"
	  "qwen3-235b-fp8-no-failure/evidence.log", "Available KV cache"),
	R("S-KV-CACHE-RESERVED", CX "f305-trtllm-a100-67gb-kv-cache-"
	  "preallocated-by-design/evidence.log", "bytes for k/v cache"),
	R("S-VLLM-KV-CACHE", CX "f603-vllm-recipes-qwen3-coder-480b-fp8-256k-"
	  "needs-62gib-kv-has-48.66/evidence.log", "48.66 GiB"),
	R("S-NVML-DRIVER-MISMATCH", CX "f601-fauxpilot-triton-container-nvml-"
	  "driver-library-mismatch-reboot/evidence.log", "nvml error"),
	R("S-EXIT-137", CX "f604-kserve-triton-bert-predictor-500mi-limit-exit-"
	  "137-crashloop/evidence.log", "exitCode: 137"),
	R("S-DATALOADER-BUS-ERROR", CX "e302-fastai-course-docker-dataloader-"
	  "bus-error-shm-size-3g/evidence.log", "signal: Bus"),
	R("S-ELASTIC-SIGKILL-TRACEBACK", CX "e310-cosmos-predict2.5-slurm-"
	  "torchrun-4xa100-sigkill-256gb-ram-sync-model-states/evidence.log",
	  "received by PID xxx"),
	R("S-HIP-FAULT", CX "d308-rocm-mi210-memory-access-fault-nil-stale-"
	  "hsa-override-gfx1030/evidence.log", "(nil)"),
	/* Slurm before 17.02: "... DUE TO TIME LIMIT on NODE ***" */
	R("S-BANNER-TIME-LIMIT", CX "h1207-canu-unitigging-subjobs-normal-"
	  "qos-3-day-time-limit/evidence.log", "TIME LIMIT on n447"),
	R("S-CUDA-IPC-HIDDEN", CX "h1206-ompi-smcuda-slurm-gpus-per-task-"
	  "cuipcopenmemhandle-failed-not-memory/evidence.log",
	  "return value:"),
	R("S-VLLM-KV-CACHE", CX "f1309-club3090-vllm-180k-default-kv-3.05-"
	  "gib-needed-2.17-available/evidence.log", "3.05 GiB KV cache"),
	R("S-CUDA-INIT-UNKNOWN", CX "d905-pytorch-a100-cuda-unknown-error-"
	  "driver-installed-without-reboot/evidence.log", "CUDA unknown"),
	R("S-NCCL-NVLS-FAIL", CX "d902-nccltests-h100-nvls-invalid-argument-"
	  "after-fabricmanager-restart/evidence.log", "Cuda failure 1"),
	R("S-CUDA-CONTAINED", CX "d1407-fal-ai-h100-worker-cuda-invalid-"
	  "access-peer-gpu-memory-over-nvlink-hardware-error-sticky/"
	  "evidence.log", "torch.AcceleratorError"),
	/* rich's log format: "binary:" on the next line */
	R("S-ELASTIC-AGENT-FAILED", CX "e1603-accelerate-fsdp-llama-30b-8-"
	  "ranks-each-load-fp32-checkpoint-host-ram-exitcode-9-sigterm-peers/"
	  "evidence.log", "of  api.py:673"),
	R("S-RELION-GPU-OOM", CX "d1306-relion5-beta-cudacustomallocator-gpu-"
	  "oom-bad-particles-nrofsignificantsamples/evidence.log",
	  "You ran out of memory on the GPU"),
	R("S-EXIT-137", CX "f1811-sd-webui-docker-auto-cpu-exit-137-oomkilled-"
	  "false-docker-desktop-vm-ram/evidence.log", "\"ExitCode\": 137"),
	/* UPPMAX's finishedjobinfo */
	R("S-SEFF-STATE", CX "h1404-uppmax-rackham-matrixeqtl-2-cores-"
	  "finishedjobinfo-out-of-memory-11.7gib/evidence.log", "jobstate="),
	/* SPECFEM's own wording */
	R("S-CUDA-OOM-PLAIN", CX "d1604-specfem3d-tpv15-mpi-ranks-share-one-"
	  "rtx4060-8gb-cuda-out-of-memory-2402-mpi-abort/evidence.log",
	  "<out of memory>"),
	/* a script's report after output left without a newline */
	R("S-SHELL-KILLED", CX "d1510-numba-cuda-ci-h100-managed-alloc-"
	  "undersubscribe-test-killed-40gb-managed-memory-host-oom/"
	  "evidence.log", "1148 Killed"),
	R("S-CUDA-NO-DEVICE", CX "f2008-rocm-xla-ci-test-worker-sees-no-gpus-"
	  "hipinit-hip-error-nodevice-no-rocm-devices-found/evidence.log",
	  "HIP_ERROR_NoDevice"),
	/* logs wrapped in the middle of the message */
	R("S-VLLM-STARTUP-FREE", CX "f2009-vss-blueprint-dgx-spark-rtvi-vlm-"
	  "startup-free-memory-67-92-of-121-69-llm-nim-holds-0-4-restart-"
	  "loop/evidence.log", "on startup is less than"),
	R("S-RAY-MEMORY-MONITOR", CX "f2010-dual-dgx-spark-vllm-ray-load-"
	  "stalls-ray-memory-monitor-kills-worker-at-95pct-unified-node-"
	  "memory/evidence.log", "were killed due to the node"),
	/* the pod-wide form of the kubelet's eviction */
	R("S-K8S-EVICT-STORAGE", CX "f2301-k8s-training-pod-evicted-ephemeral-"
	  "local-storage-exceeds-5gi-gcsfuse-sidecar-not-memory/evidence.log",
	  "ephemeral local storage usage"),
	/* MPICH hydra's banner, gfortran's backtrace */
	R("S-SIGBUS-REPORT", CX "d1803-nwchem-globalarrays-mpi-pr-bus-error-"
	  "signal-7-dev-shm-full-of-stale-cmx-segments/evidence.log",
	  "KILLED BY SIGNAL: 7"),
	R("S-SIGBUS-REPORT", CX "d1804-fv3gfs-c48-2x2-mpich-halo-update-sigbus-"
	  "kubernetes-pod-default-dev-shm/evidence.log", "signal SIGBUS"),
	/* sinfo -R's drain reason */
	R("S-SLURM-LOW-REALMEMORY", CX "h2405-citc-oci-gpu-shape-realmemory-"
	  "overstated-nodes-drained-low-realmemory-job-pending-forever/"
	  "evidence.log", "Low RealMemory  "),
	/* Ray's re-raise of the same error in the driver */
	R("S-RAY-OOM-ERROR-OLD", CX "e2103-rllib-maddpg-rayoutofmemoryerror-"
	  "titled-memory-leak-actually-replay-buffer-too-large-host-ram/"
	  "evidence.log", "RayTaskError(RayOutOfMemoryError)"),
	/* UCX's completion queue, and mlx5's, refused by the memlock limit */
	R("S-RLIMIT-MEMLOCK", CX "f2502-ucx-ibv-create-cq-cannot-allocate-"
	  "memory-memlock-64k/evidence.log", "ibv_create_cq"),
	R("S-RLIMIT-MEMLOCK", CX "f2502-ucx-ibv-create-cq-cannot-allocate-"
	  "memory-memlock-64k/evidence.log", "mlx5dv_create_cq"),
	/* Theano's form, with the driver's free and total (Theano#3748) */
	R("S-DEVMEM-ALLOC-OOM", FX "workflow-lines.txt", "Driver report"),
	/* Nextflow's local executor */
	R("S-WF-REQ-EXCEEDS", FX "workflow-lines.txt", "req: 6 GB"),
	/* BenchExec's runexec naming the signal */
	R("S-RETURNCODE-SIGKILL", CX "h1605-benchexec-3-25-oom-reported-as-"
	  "failed-exit-signal-9-cgroupv2/evidence.log", "exit signal 9"),
	/* the last line of Ray's OutOfMemoryError, pasted alone */
	R("S-RAY-MEMORY-MONITOR", CX "e2214-search-r1-verl-ppo-ray-memory-"
	  "monitor-oom-user-asks-if-vram-it-is-host-ram/evidence.log",
	  "Refer to the documentation"),
	/* Toil retrying a refused submission; pyxis' own summary line */
	R("S-WF-TASK-FAILED", CX "h2109-toil-cactus-grid-engine-qsub-rejects-"
	  "h-vmem-change-l-hard-m-default-submit-retry/evidence.log",
	  "Will retry errored"),
	R("S-STEP-CONTAINER-FAIL", CX "f2508-pyxis-enroot-import-fails-run-"
	  "enroot-permission-denied-runtime-path/evidence.log",
	  "failed to import docker image"),
	/* JAX's CUDA backend finding no device */
	R("S-CUDA-NO-DEVICE", CX "e2216-jax-distributed-initialize-slurm-gpus-"
	  "per-task-no-supported-devices-cuda-backend/evidence.log",
	  "no supported devices"),
	/* Torque's server unable to reach the node's mom */
	R("S-TORQUE-NODE-FAIL", CX "h2621-torque-moab-interactive-job-killed-"
	  "job-preempted-node-failure-mom-unreachable/evidence.log",
	  "Server could not connect to MOM"),
	/* Ray Tune's report of the trials that failed */
	R("S-RAY-ACTOR-DIED", CX "f2521-ray-tune-slurm-cgroup-oom-kill-8-"
	  "events-actor-died-trials-did-not-complete/evidence.log",
	  "TuneError: ("),
	/* the banner with its job id redacted (cp2k/cp2k#4399) */
	R("S-BANNER-TIME-LIMIT", CX "h2628-cp2k-geo-opt-walltime-keyword-not-"
	  "honoured-slurm-time-limit/evidence.log", "JOB XXX"),
	/* slurmstepd's count quoted cut after "cgroup" */
	R("S-STEPD-OOM-1711", CX "h2612-nesi-kb-oom-kill-batch-step-sacct-"
	  "underreports-tmp/evidence.log", "370626.batch cgroup"),
	/* CuPy's message under a pool limit */
	R("S-CUPY-OOM", CX "d1603-cupy-mempool-set-limit-1gib-free-then-"
	  "800mb-alloc-oom-used-bytes-0-cached-block-no"
	  "t-released/evidence.log",
	  "limit set to"),
	/* the same rows in other programs' and posters' words */
	R("S-SHELL-KILLED", CX "e2227-athena-tf-training-killed-2gb-ram/evid"
	  "ence.log",
	  "killed"),
	R("S-SIGILL", CX "f2530-ollama-cuda-runner-sigill-cpu-without-"
	  "avx/evidence.log",
	  "SIGILL: illegal"),
	R("S-SIGILL", CX "f2529-ollama-xeon-x5660-no-avx-invalid-opcod"
	  "e-trap/evidence.log",
	  "signal: illegal"),
	R("S-CUDA-NO-KERNEL-IMAGE", CX "h2639-pytorch-built-on-other-cluster-node-in"
	  "valid-device-function/evidence.log",
	  "error=8 : invalid device function"),
	R("S-CUDA-DEVICES-BUSY", CX "d2013-tf07-k40m-cuctxsetcurrent-216-exclusiv"
	  "e-thread-compute-mode/evidence.log",
	  "(0 vs. 216)"),
	R("S-PT-OOM-NEW", CX "d2009-a770-xpu-oom-4gib-single-allocation-li"
	  "mit-15gib-free/evidence.log",
	  "XPU out of memory"),
	R("S-SBATCH-SITE-REFUSED", CX "h2637-submitit-gres-flag-rejected-by-site-su"
	  "bmit-filter/evidence.log",
	  "FailedJobError"),
	R("S-SYCL-OCL-NO-DEVICE", CX "e2225-leelaz-cl-error-clgetplatformids-no-gp"
	  "u-cloud-vm/evidence.log",
	  "clGetPlatformIDs"),
	R("S-CUDA-NO-DEVICE", FX "gpu-runtime-lines.txt", "No CUDA GPUs"),
	R("S-SIGILL", CX "f2529-ollama-xeon-x5660-no-avx-invalid-opcod"
	  "e-trap/evidence.log",
	  "trap invalid opcode"),
	R("S-NCCL-WATCHDOG-CUT", CX "e1403-autocast-lightning-4gpu-ddp-post-fit-r"
	  "ank0-only-save-checkpoint-barrier-watchdog-s"
	  "run-abort/evidence.log",
	  "Watchdog caught collective operation timeout:"),
	R("S-BANNER-TASK-FAILURE", CX "h210-desispec-task-failure-but-sacct-complet"
	  "ed/evidence.log",
	  "DUE TO TASK FAILURE"),
	R("S-FLUX-TIMEOUT", CX "h2650-flux-sched-premature-timeout-stale-R-s"
	  "tarttime-busy-instance/evidence.log",
	  "\"type\":\"timeout\""),
	R("S-FLUX-START-FAILED", CX "h2648-flux-exec-fail-stress-missing-on-nodes"
	  "-then-timeout-hang/evidence.log",
	  "job.exception type=exec"),
	R("S-CUDA-OOM-PLAIN", CX "d2019-cntk-python-lstm-cuda-failure-2-oom-se"
	  "cond-training-instance-same-gpu/evidence.log",
	  "CUDA failure 2: out of memory"),
	R("S-CUDA-OOM-PLAIN", CX "d2020-heffte-ci-mpi-ranks-all-on-gpu0-cufft-"
	  "cudamalloc-oom/evidence.log",
	  "failed with message: out of memory"),
	R("S-HIP-INVALID-VALUE", CX "e504-rocm-tf-mi250x-lumi-query-memory-info-i"
	  "nvalid-value-old-host-amdgpu-driver/evidence"
	  ".log",
	  "HIP_ERROR_InvalidValue"),
	R("S-CTLD-GRES-COUNT", CX "h2661-magic-castle-mig-division-decrease-gre"
	  "s-count-node-inval/evidence.log",
	  "with reason:gres/gpu"),
	R("S-CUDA-ORDINAL-RANGE", CX "h2659-dorado-singularity-invalid-device-ids-"
	  "cuda-visible-devices/evidence.log",
	  "Invalid device ids"),
	R("S-AWS-HOST-TERMINATED", CX "h2664-raster-vision-aws-batch-gpu-spot-host-"
	  "ec2-terminated/evidence.log",
	  "Host EC2 Terminated"),
	R("S-RLIMIT-MEMLOCK", CX "d2026-spark-rapids-ucx-rdma-container-ibv-cr"
	  "eate-cq-enomem-memlock/evidence.log",
	  "ERROR mlx5_0: ibv_create_cq"),
	R("S-RLIMIT-MEMLOCK", CX "d2028-ucx-ibv-create-cq-memlock-error-on-nod"
	  "e-without-ib-benchmark-completes/evidence.lo"
	  "g",
	  "UCX  ERROR mlx5_0"),
	/* sinfo -R's drain reason for an unkillable step */
	R("S-STEPD-UNKILLABLE", CX "h2632-pyxis-epilog-enroot-mkdir-"
	  "permission-node-drain-kill-task-failed/evidence.log",
	  "Kill task failed root"),
	/* a wrapper's bare cudaError_t number for a busy device */
	R("S-CUDA-DEVICES-BUSY", CX "d2007-charm-bluewaters-cudastreamcreate-"
	  "46-exclusive-process-multiple-pes/evidence.log", "Return value 46"),
	/* srun's step error with the job id the poster replaced */
	R("S-STEP-CREATE-FAIL", CX "h2630-crusher-core-spec-srun-more-"
	  "processors-than-permitted/evidence.log", "for job ...:"),
	/* Snakemake's Slurm executor plugin relaying sacct's state */
	R("S-SEFF-STATE", CX "h2605-snakemake-slurm-bwa-map-timeout-after-"
	  "24h-despite-runtime-10080-in-profile/evidence.log", "SLURM-job"),
	/* Snakemake's Slurm executor plugin, Nextflow, Toil, Cromwell,
	 * Autosubmit */
	R("S-WF-TASK-FAILED", CX "h2605-snakemake-slurm-bwa-map-timeout-after-"
	  "24h-despite-runtime-10080-in-profile/evidence.log", "SLURM-job"),
	R("S-WF-TASK-FAILED", CX "h2504-nfcore-eager-bwa-exceeded-4h-time-"
	  "limit-despite-max-time-440h/evidence.log", "Error executing process"),
	R("S-WF-TASK-FAILED", CX "h1812-nextflow-lsf-bowtie2samtools-unknown-"
	  "reason-exit-dash-ignored/evidence.log", "unknown reason"),
	R("S-WF-TASK-FAILED", CX "h2010-toil-cactus-slurm-32mb-encapsulating-"
	  "job-exit-135-oom-retried-with-2g/evidence.log", "Job failed with"),
	R("S-WF-TASK-FAILED", CX "h2407-autosubmit-bsc-power9-calc-stats-"
	  "cgroup-oom-kill-workflow-leaves-job-unknown-forever/evidence.log",
	  "completion check failed"),
	R("S-WF-TASK-FAILED", FX "workflow-lines.txt", "continueOnReturnCode"),
	/* NCCL's CUDACHECK with the error's number */
	R("S-CUDA-OOM-PLAIN", CX "e2001-cosmos-rl-8xh100-nccl-cudamalloc-oom-"
	  "torch-cache-holds-fragmented-segments-expandable-segments-fix/"
	  "evidence.log", "Cuda failure 2"),
	/* NCCL 2.18's form, without the error's number */
	R("S-NCCL-NVLS-FAIL", CX "e1705-h100-nccl-2-18-nvls-cc-165-cuda-"
	  "failure-invalid-argument-3plus-ranks-fabricmanager-restarted-"
	  "reboot/evidence.log",
	  "Cuda failure 'invalid argument'"),
};

DEFINE_TEST(test_catalog_real_variants)
{
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	struct cat_env		 env;

	for (size_t i = 0; c != NULL && i < sizeof(variant_lines) / sizeof(variant_lines[0]); i++) {
		char	*line = fixture_line(variant_lines[i].file,
			    variant_lines[i].sub);
		long	 row = catalog_find(variant_lines[i].id);
		size_t	 r = 0;
		uint64_t g = 0;
		int	 hit = 0;

		CHECK(row >= 0 && line != NULL);
		if (row < 0 || line == NULL) {
			free(line);
			continue;
		}
		catalog_envelope(str_cstr(line), &env);
		while (catalog_match(c, env.body, &r, &g, &m))
			hit |= m.row == (size_t)row;
		if (!hit)
			test_fail(__FILE__, __LINE__, "%s does not fire: %s",
			    variant_lines[i].id, line);
		free(line);
	}
	catalog_free(c);
}

DEFINE_TEST(test_catalog_pytorch_new_fields)
{
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	char			*l;

	l = fixture_line(FX "example-pytorch_oom.txt", "capacity of 23.65");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-PT-OOM-NEW");
	CHECK_EQ_INT(m.sig->kind, EV_CUDA_OOM);
	CHECK_EQ_INT(fnum(&m, "requested_bytes"), 23068672);	/* 22.00 MiB */
	CHECK_EQ_INT(fnum(&m, "gpu"), 0);
	CHECK_EQ_INT(fnum(&m, "capacity_bytes"), 25393994138LL); /* 23.65 GiB */
	CHECK_EQ_INT(fnum(&m, "free_bytes"), 11597251);	/* 11.06 MiB */
	CHECK_EQ_INT(fnum(&m, "process_bytes"), 25340307046LL);	/* 23.60 GiB */
	CHECK_EQ_INT(fnum(&m, "allocated_bytes"), 24588687770LL);
	CHECK_EQ_INT(fnum(&m, "reserved_unallocated_bytes"), 204336005);
	CHECK_EQ_INT(fnum(&m, "allowed_bytes"), -9999);
	CHECK(fstr(&m, "exception", "torch.cuda.OutOfMemoryError"));
	free(l);
	/* 2.1 "capacty", 0 bytes free, no NVML process info. */
	l = fixture_line(FX "example-pytorch_oom.txt", "27.12 GiB");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-PT-OOM-NEW");
	CHECK_EQ_INT(fnum(&m, "free_bytes"), 0);
	CHECK_EQ_INT(fnum(&m, "requested_bytes"), 29119878267LL);
	CHECK_EQ_INT(fnum(&m, "process_bytes"), -9999);
	free(l);
	/* Another process listed, private pools, vLLM prefix. */
	l = fixture_line(FX "example-pytorch_oom.txt", "546.00 MiB");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-PT-OOM-NEW");
	CHECK_EQ_INT(fnum(&m, "requested_bytes"), 572522496);
	CHECK_EQ_INT(fnum(&m, "private_pool_bytes"), 48234496);
	CHECK(fstr(&m, "proc_info",
	    "Process 562167 has 15.25 GiB memory in use. "));
	free(l);
	/* The memory-fraction variant: allowed_info before "Of the". */
	CHECK(match1(c, "torch.OutOfMemoryError: CUDA out of memory. Tried to "
	    "allocate 20.00 MiB. GPU 0 has a total capacity of 4.00 GiB of "
	    "which 2.35 GiB is free. 1.50 GiB allowed; Of the allocated memory "
	    "825.15 MiB is allocated by PyTorch, and 24.85 MiB is reserved by "
	    "PyTorch but unallocated.", &m) != NULL);
	CHECK_EQ_INT(fnum(&m, "allowed_bytes"), 1610612736);
	catalog_free(c);
}

DEFINE_TEST(test_catalog_pytorch_old_fields)
{
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	char			*l;

	l = fixture_line(FX "example-pytorch_oom.txt", "3.46 GiB already");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-PT-OOM-OLD");
	CHECK_EQ_INT(fnum(&m, "requested_bytes"), 20971520);	/* 20.00 MiB */
	CHECK_EQ_INT(fnum(&m, "gpu"), 0);
	CHECK_EQ_INT(fnum(&m, "capacity_bytes"), 4294967296LL);
	CHECK_EQ_INT(fnum(&m, "allocated_bytes"), 3715146711LL);
	CHECK_EQ_INT(fnum(&m, "free_bytes"), 0);
	CHECK_EQ_INT(fnum(&m, "reserved_bytes"), 3725884129LL);
	free(l);
	l = fixture_line(FX "example-pytorch_oom.txt", "607.00 KiB cached");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-PT-OOM-OLD");
	CHECK_EQ_INT(fnum(&m, "requested_bytes"), 1073741824);
	CHECK_EQ_INT(fnum(&m, "free_bytes"), 1039726019);	/* 991.56 MiB */
	CHECK_EQ_INT(fnum(&m, "cached_bytes"), 621568);
	free(l);
	CHECK(match1(c, "RuntimeError: CUDA out of memory. Tried to allocate "
	    "2.00 MiB (GPU 1; 10.00 GiB total capacity; 1.00 GiB already "
	    "allocated; 0 bytes free; 3.00 GiB allowed; 2.00 GiB reserved in "
	    "total by PyTorch)", &m) != NULL);
	CHECK_EQ_INT(fnum(&m, "gpu"), 1);
	CHECK_EQ_INT(fnum(&m, "allowed_bytes"), 3221225472LL);
	CHECK_EQ_INT(fnum(&m, "reserved_bytes"), 2147483648LL);
	catalog_free(c);
}

/* The allocator's evidence in pieces: the message without its first
 * sentence, its figures alone, wrapped XLA, TF 1.x's short form, sizes no
 * device has. */
DEFINE_TEST(test_catalog_alloc_pieces)
{
	struct catalog		*c = cat_open();
	struct cat_match	 m;

	/* carolchenyx/MGFN.#35 without "...Tried to allocate 1.70 GiB. " */
	CHECK_EQ_STR(match1(c, "GPU 0 has a total capacty of 6.00 GiB of "
	    "which 0 bytes is free. Of the allocated memory 2.93 GiB is "
	    "allocated by PyTorch, and 2.30 GiB is reserved by PyTorch but "
	    "unallocated. If reserved but unallocated memory is large try "
	    "setting max_split_size_mb to avoid fragmentation.", &m)->id,
	    "S-PT-OOM-NEW");
	CHECK_EQ_INT(fnum(&m, "requested_bytes"), -9999);
	CHECK_EQ_INT(fnum(&m, "capacity_bytes"), 6442450944LL);
	CHECK_EQ_INT(fnum(&m, "reserved_unallocated_bytes"), 2469606195LL);
	/* qingze-bai/VSmTrans#3, the figures alone */
	CHECK_EQ_STR(match1(c, "Of the allocated memory 14.81 GiB is "
	    "allocated by PyTorch, and 336.73 MiB is reserved by PyTorch but "
	    "unallocated.", &m)->id, "S-PT-OOM-TAIL");
	CHECK_EQ_INT(m.sig->kind, EV_CUDA_OOM);
	CHECK_EQ_INT(fnum(&m, "allocated_bytes"), 15902116413LL);
	/* pytorch/pytorch#37709 */
	CHECK_EQ_STR(match1(c, "1.17 GiB reserved in total by PyTorch)",
	    &m)->id, "S-PT-OOM-TAIL");
	CHECK_EQ_INT(fnum(&m, "reserved_bytes"), 1256277934LL);
	CHECK_EQ_INT(fnum(&m, "allocated_bytes"), -9999);
	/* fairseq#4352's wrapped middle line */
	CHECK_EQ_STR(match1(c, "16.92 GiB already allocated; 1019.69 MiB "
	    "free; 21.03 GiB reserved in total by ", &m)->id, "S-PT-OOM-TAIL");
	CHECK_EQ_INT(fnum(&m, "reserved_bytes"), 22580790559LL);
	CHECK_EQ_STR(match1(c, "A out of memory. Tried to allocate 3.02 GiB "
	    "(GPU 1; 23.70 GiB total capacity; ", &m)->id, "S-PT-OOM-HEAD");
	CHECK_EQ_INT(fnum(&m, "gpu"), 1);
	CHECK_EQ_INT(fnum(&m, "allocated_bytes"), -9999);
	/* qingze-bai/VSmTrans#3's 2.x message wrapped after "is free. " */
	CHECK_EQ_STR(match1(c, "torch.OutOfMemoryError: CUDA out of memory. "
	    "Tried to allocate 226.00 MiB. GPU 0 has a total capacity of 15.70 "
	    "GiB of which 210.38 MiB is free. Including non-PyTorch memory, "
	    "this process has 15.48 GiB", &m)->id, "S-PT-OOM-HEAD");
	CHECK_EQ_INT(fnum(&m, "requested_bytes"), 236978176LL);
	CHECK_EQ_INT(fnum(&m, "capacity_bytes") >> 20, 16076);
	/* the old message without "CUDA out of memory. Tried to ..." */
	CHECK_EQ_STR(match1(c, "(GPU 0; 6.00 GiB total capacity; 4.11 GiB "
	    "already allocated; 34.82 MiB free; 4.42 GiB reserved in total by "
	    "PyTorch)", &m)->id, "S-PT-OOM-OLD");
	CHECK_EQ_INT(fnum(&m, "requested_bytes"), -9999);
	/* jax-ml/jax#788, wrapped after "Resource exhausted: Out" */
	CHECK_EQ_STR(match1(c, "of memory while trying to allocate "
	    "5520758552 bytes.", &m)->id, "S-XLA-OOM");
	CHECK_EQ_INT(fnum(&m, "requested_bytes"), 5520758552LL);
	CHECK(match1(c, "the cache ran out of memory while trying to allocate "
	    "5 bytes", &m) == NULL);
	/* zhengyang-wang/Deeplab-v2--ResNet-101--Tensorflow#22 (TF 1.x) */
	CHECK_EQ_STR(match1(c, "ResourceExhaustedError (see above for "
	    "traceback): OOM when allocating tensor with "
	    "shape[5760,4,4,2048]", &m)->id, "S-TF-BFC-OOM");
	CHECK(fstr(&m, "shape", "5760,4,4,2048"));
	/* the device-copy path: "of shape [..] and type" */
	CHECK_EQ_STR(match1(c, "Resource exhausted: OOM when allocating "
	    "tensor of shape [32256512,512] and type float", &m)->id,
	    "S-TF-BFC-OOM");
	CHECK(fstr(&m, "dtype", "float"));
	/* TF's warning that is not a failure (NVIDIA/nccl#1039): only
	 * its benign row, never an OOM row */
	CHECK_EQ_STR(match1(c, "W tensorflow/core/common_runtime/"
	    "bfc_allocator.cc:242] Allocator (GPU_0_bfc) ran out of memory "
	    "trying to allocate 0B with freed_by_count=0. The caller indicates "
	    "that this is not a failure, but may mean that there could be "
	    "performance gains if more memory were available.", &m)->id,
	    "S-TF-BFC-NOT-FAILURE");
	CHECK_EQ_STR(match1(c, "2024-07-13 01:58:23.985593: W tensorflow/tsl/"
	    "framework/bfc_allocator.cc:485] Allocator (GPU_0_bfc) ran out of "
	    "memory trying to allocate 3.07GiB (rounded to 3300000000)"
	    "requested by op _EagerConst", &m)->id, "S-TF-BFC-RANOUT");
	CHECK_EQ_INT(fnum(&m, "requested_bytes"), 3300000000LL);
	CHECK(fstr(&m, "allocator", "GPU_0_bfc"));
	CHECK(match1(c, "If the cause is memory fragmentation maybe the "
	    "environment variable 'TF_GPU_ALLOCATOR=cuda_malloc_async' will "
	    "improve the situation. ", &m) == NULL);
	CHECK_EQ_STR(match1(c, "RuntimeError: CUDA out of memory. Tried to "
	    "allocate more than 1EB memory.", &m)->id, "S-PT-OOM-1EB");
	CHECK(fstr(&m, "what", "nonsense_size"));
	CHECK_EQ_STR(match1(c, "Failed to allocate memory for requested "
	    "buffer of size 4547406516732812544", &m)->id, "S-ORT-ARENA-OOM");
	CHECK_EQ_INT(fnum(&m, "requested_bytes"), 4547406516732812544LL);
	CHECK_EQ_STR(match1(c, "ggml_backend_cuda_buffer_type_alloc_buffer: "
	    "allocating 24289.03 MiB on device 0: cudaMalloc failed: out of "
	    "memory", &m)->id, "S-GGML-CUDA-OOM");
	CHECK_EQ_INT(fnum(&m, "gpu"), 0);
	CHECK_EQ_INT(fnum(&m, "requested_bytes") >> 20, 24289);
	catalog_free(c);
}

DEFINE_TEST(test_catalog_slurm_fields)
{
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	char			*l;

	l = fixture_line(FX "cgroup-v1-srun-oom-srun.stderr", "Detected");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-STEPD-OOM-1711");
	CHECK_EQ_INT(fnum(&m, "count"), 1);
	CHECK_EQ_INT(fnum(&m, "job_id"), 8);
	CHECK(fstr(&m, "step", "0"));
	CHECK(fstr(&m, "node", "vm"));
	free(l);
	l = fixture_line(FX "example-slurm_oom.txt", "3756240.batch cgroup.");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-STEPD-OOM-1711");
	CHECK_EQ_INT(fnum(&m, "count"), 2);
	CHECK(fstr(&m, "step", "batch"));
	free(l);
	l = fixture_line(FX "linuxproc-oom-batch-slurm-2.out", "exceeded");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-STEPD-MEMLIMIT");
	CHECK_EQ_INT(fnum(&m, "used_bytes"), 113360896);
	CHECK_EQ_INT(fnum(&m, "limit_bytes"), 104857600);
	CHECK_EQ_INT(fnum(&m, "job_id"), 2);
	free(l);
	l = fixture_line(FX "example-slurm_oom.txt", "falkor7: error: Step");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-STEPD-MEMLIMIT-OLD");
	CHECK_EQ_INT(fnum(&m, "used"), 52917772);
	CHECK(fstr(&m, "node", "falkor7"));
	free(l);
	l = fixture_line(FX "linuxproc-oom-srun-slurm-4.out", "STEP 4.0");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-BANNER-CANCELLED");
	CHECK_EQ_INT(fnum(&m, "job_id"), 4);
	CHECK(fstr(&m, "step", "0") && fstr(&m, "at", "2026-11-30T07:00:01"));
	free(l);
	l = fixture_line(CX "h1207-canu-unitigging-subjobs-normal-qos-3-day-"
	    "time-limit/evidence.log", "TIME LIMIT on");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-BANNER-TIME-LIMIT");
	CHECK_EQ_INT(fnum(&m, "job_id"), 830329);
	CHECK(fstr(&m, "node", "n447") && fstr(&m, "at",
	    "2018-08-06T17:21:44"));
	free(l);
	CHECK_EQ_STR(match1(c, "slurmstepd: *** STEP 12.0 CANCELLED AT "
	    "2014-03-01T10:00:00 ***", &m)->id, "S-BANNER-CANCELLED");
	CHECK(fstr(&m, "step", "0") && fnum(&m, "job_id") == 12);
	CHECK_EQ_STR(match1(c, "slurmstepd: error: *** JOB 77 ON n1 CANCELLED "
	    "AT 2025-06-01T10:00:00 DUE to SIGNAL Terminated ***", &m)->id,
	    "S-BANNER-CANCELLED");
	CHECK(fstr(&m, "reason", "SIGNAL Terminated"));
	l = fixture_line(FX "cgroup-v1-oom-live-slurm-3.out", " Killed ");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-SHELL-KILLED");
	CHECK_EQ_INT(fnum(&m, "pid"), 14975);
	free(l);
	l = fixture_line(FX "example-slurm_oom.txt", "sdumont6156");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-STEPD-OOM-2302");
	CHECK(fstr(&m, "job_id", "11300781"));
	free(l);
	catalog_free(c);
}

DEFINE_TEST(test_catalog_other_fields)
{
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	char			*l;

	l = fixture_line(FX "example-nccl_watchdog.txt", "SeqNum=1580, OpType");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-NCCL-WATCHDOG-TIMEOUT");
	CHECK_EQ_INT(fnum(&m, "seqnum"), 1580);
	CHECK(fstr(&m, "optype", "ALLREDUCE"));
	CHECK_EQ_INT(fnum(&m, "timeout_ms"), 600000);
	CHECK_EQ_INT(fnum(&m, "rank"), 0);
	free(l);
	l = fixture_line(FX "example-xid.txt", "Xid (PCI:0000:00:07): 31");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-XID");
	CHECK_EQ_INT(fnum(&m, "xid"), 31);
	CHECK_EQ_INT(fnum(&m, "pid"), 2512125);
	CHECK(fstr(&m, "pci", "0000:00:07"));
	free(l);
	l = fixture_line(FX "example-kernel_oom.txt", "UID:0 pgtables");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-KERNEL-OOM-KILLED");
	CHECK_EQ_INT(fnum(&m, "pid"), 63214);
	CHECK_EQ_INT(fnum(&m, "anon_rss_bytes"), 164992LL * 1024);
	CHECK(fstr(&m, "scope", "Memory cgroup out of memory"));
	free(l);
	l = fixture_line(FX "example-jax_tf_oom.txt", "6291456 bytes");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-XLA-OOM");
	CHECK_EQ_INT(fnum(&m, "requested_bytes"), 6291456);
	free(l);
	l = fixture_line(FX "example-nccl_shm.txt", "(size 9637888)");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-NCCL-SHM");
	CHECK_EQ_INT(fnum(&m, "size_bytes"), 9637888);
	free(l);
	catalog_free(c);
}

/* The watchdog's progress report in its three wordings (issue 18): the
 * failed work, last enqueued and last completed; the global rank only
 * from PG 0's bracket, another group's rank as pg_rank. */
DEFINE_TEST(test_catalog_nccl_progress)
{
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	char			*l;

	l = fixture_line(FX "nccl-watchdog-progress.txt",
	    "(default_pg) Rank 7]");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-NCCL-WATCHDOG-EXCEPTION");
	CHECK_EQ_INT(fnum(&m, "rank"), 7);
	CHECK_EQ_INT(fnum(&m, "seqnum"), 80078);
	CHECK_EQ_INT(fnum(&m, "last_enqueued"), 80078);
	CHECK_EQ_INT(fnum(&m, "last_completed"), 80077);
	free(l);
	l = fixture_line(FX "nccl-watchdog-progress.txt",
	    "Timeout at NCCL work: 9141");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-NCCL-WATCHDOG-EXCEPTION");
	CHECK_EQ_INT(fnum(&m, "rank"), -9999);
	CHECK_EQ_INT(fnum(&m, "pg"), 3);
	CHECK_EQ_INT(fnum(&m, "pg_rank"), 4);
	CHECK_EQ_INT(fnum(&m, "seqnum"), 9141);
	CHECK_EQ_INT(fnum(&m, "last_enqueued"), 9141);
	CHECK_EQ_INT(fnum(&m, "last_completed"), 9140);
	free(l);
	l = fixture_line(FX "nccl-watchdog-progress.txt", "sequence id:");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-NCCL-WATCHDOG-EXCEPTION");
	CHECK_EQ_INT(fnum(&m, "rank"), 118);
	CHECK_EQ_INT(fnum(&m, "seqnum"), 2398459);
	CHECK_EQ_INT(fnum(&m, "last_enqueued"), 2398578);
	CHECK_EQ_INT(fnum(&m, "last_completed"), 2398458);
	free(l);
	l = fixture_line(FX "nccl-watchdog-progress.txt", "[PG 1 Rank 0]");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-NCCL-WATCHDOG-EXCEPTION");
	CHECK_EQ_INT(fnum(&m, "rank"), -9999);
	CHECK_EQ_INT(fnum(&m, "pg_rank"), 0);
	CHECK_EQ_INT(fnum(&m, "last_enqueued"), 7755);
	free(l);
	l = fixture_line(FX "example-nccl_watchdog.txt", "SeqNum=7753,");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-NCCL-WATCHDOG-TIMEOUT");
	CHECK_EQ_INT(fnum(&m, "numel_in"), 544997376);
	CHECK(fstr(&m, "optype", "_REDUCE_SCATTER_BASE"));
	free(l);
	catalog_free(c);
}

/* The cascade rows (issue 15): what each names. */
DEFINE_TEST(test_catalog_cascade_fields)
{
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	char			*l;

	l = fixture_line(FX "cascade-lines.txt", "process 197");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-ELASTIC-SIGTERM");
	CHECK_EQ_INT(fnum(&m, "pid"), 197);
	CHECK(fstr(&m, "signame", "SIGTERM"));
	free(l);
	l = fixture_line(FX "cascade-lines.txt", "rank 7 with PID");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-OMPI-NOTICED");
	CHECK_EQ_INT(fnum(&m, "rank"), 7);
	CHECK_EQ_INT(fnum(&m, "signal"), 9);
	CHECK(fstr(&m, "node", "DESKTOP-G7NUGFV"));
	free(l);
	l = fixture_line(FX "cascade-lines.txt", "--local_rank=1");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-DS-LAUNCH-FAILED-CMD");
	CHECK_EQ_INT(fnum(&m, "local_rank"), 1);
	free(l);
	l = fixture_line(FX "cascade-lines.txt", "Process 3");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-MP-SPAWN-RAISED");
	CHECK_EQ_INT(fnum(&m, "local_rank"), 3);
	free(l);
	/* The watchdog re-raising a timeout stays a timeout; re-raising a
	 * CUDA error is the device row first (it can initiate) and the
	 * watchdog row too, in another group. */
	l = fixture_line(FX "example-nccl_watchdog.txt",
	    "[Rank 2] NCCL watchdog thread terminated");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-NCCL-WATCHDOG-TIMEOUT");
	free(l);
	l = fixture_line(FX "example-nccl_watchdog.txt",
	    "[E ProcessGroupNCCL.cpp:916] [Rank 0] NCCL watchdog");
	{
		struct cat_env	env;
		size_t		row = 0;
		uint64_t	g = 0;
		int		fault = 0, wd = 0;

		catalog_envelope(str_cstr(l), &env);
		while (catalog_match(c, env.body, &row, &g, &m)) {
			fault |= strcmp(m.sig->id, "S-CUDA-FAULT") == 0;
			if (strcmp(m.sig->id, "S-NCCL-WATCHDOG-TERMINATED") == 0) {
				wd = 1;
				CHECK_EQ_INT(fnum(&m, "rank"), 0);
			}
		}
		CHECK(fault && wd);
	}
	free(l);
	/* A non-default process group numbers its own ranks. */
	CHECK_EQ_STR(match1(c, "[PG ID 5 PG GUID 55(mesh_replicate) Rank 1] "
	    "Process group watchdog thread terminated with exception: "
	    "NCCL error: remote process exited", &m)->id,
	    "S-NCCL-WATCHDOG-TERMINATED");
	CHECK_EQ_INT(fnum(&m, "pg_rank"), 1);
	CHECK_EQ_INT(fnum(&m, "rank"), -9999);
	/* mpirun --tag-output: the rank is the tag's. */
	l = fixture_line(FX "cascade-lines.txt", "[1,1]<stderr>:RuntimeError");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-HOROVOD-SHUT-DOWN");
	CHECK(fstr(&m, "exception", "RuntimeError"));
	free(l);
	l = fixture_line(FX "cascade-lines.txt", "Process name:");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-OMPI-PROCESS-NAME");
	CHECK_EQ_INT(fnum(&m, "rank"), 0);
	free(l);
	/* Words, not the messages. */
	CHECK(match1(c, "Killing subprocess with PID 4021", &m) == NULL);
	CHECK(match1(c, "the process was Terminated by the user", &m) == NULL);
	catalog_free(c);
}

/* Lines that mention the words but are not the signature. */
/* Device faults by name, a busy GPU, the CUDA software stack, a GPU
 * nvidia-smi lost (issue 15): one event per line, the right row. */
DEFINE_TEST(test_catalog_device_vocabulary)
{
	static const struct {
		const char	*sub, *id;
	} t[] = {
		{ "error=6 :", "S-CUDA-FAULT-NAME" },
		{ "code=700", "S-CUDA-FAULT-NAME" },
		/* the full sentence wins over its enum name */
		{ "CUDA_ERROR_ILLEGAL_ADDRESS:", "S-CUDA-FAULT" },
		{ "error=46", "S-CUDA-DEVICES-BUSY" },
		{ "CUDA_ERROR_NOT_INITIALIZED", "S-CUDA-NOT-INITIALIZED" },
		{ "Capture cuda graph", "S-CUDA-NO-KERNEL-IMAGE" },
		{ "NVIDIA-SMI has failed", "S-NVSMI-NO-DRIVER" },
		{ "version mismatch", "S-NVML-DRIVER-MISMATCH" },
		{ "(35)", "S-CUDA-DRIVER-TOO-OLD" },
		{ "GPU is lost", "S-NVSMI-GPU-LOST" },
		{ "GPU0000:07:00.0", "S-NVSMI-GPU-LOST" },
		{ "MEMORY: proc", "S-PROC-EXITED" },
		{ "0 bytes inactive", "S-PT-OOM-OLD" },
		{ "thomased", "S-PS-AUX-ROW" },
		{ "srun --nodes", "S-SLURM-GPU-REQUEST" },
	};
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	char			*l;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		const struct cat_sig *s;

		l = fixture_line(FX "device-vocabulary.txt", t[i].sub);
		CHECK(l != NULL);
		if (l == NULL)
			continue;
		s = match_decisive(c, l, &m);
		CHECK(s != NULL);
		if (s != NULL && strcmp(s->id, t[i].id) != 0)
			test_fail(__FILE__, __LINE__, "%s: %s, want %s",
			    t[i].sub, s->id, t[i].id);
		if (strcmp(t[i].sub, "error=6 :") == 0)
			CHECK_EQ_INT(fnum(&m, "cuda_error"), 6);
		if (strcmp(t[i].sub, "error=46") == 0)
			CHECK_EQ_INT(fnum(&m, "cuda_error"), 46);
		if (strcmp(t[i].sub, "GPU0000:07:00.0") == 0)
			CHECK(fstr(&m, "pci", "0000:07:00.0") &&
			    fstr(&m, "error", "Unknown Error"));
		if (strcmp(t[i].sub, "GPU is lost") == 0)
			CHECK(fstr(&m, "pci", "0000:02:00.0") &&
			    fstr(&m, "error", "GPU is lost"));
		if (strcmp(t[i].sub, "srun --nodes") == 0)
			CHECK(fstr(&m, "request", "--gpus-per-task=1"));
		if (strcmp(t[i].sub, "thomased") == 0)
			CHECK(fnum(&m, "pid") == 1395 && fstr(&m, "stat", "Tl"));
		if (strcmp(t[i].sub, "MEMORY: proc") == 0)
			CHECK_EQ_INT(fnum(&m, "pid"), 118636);
		if (strcmp(t[i].sub, "0 bytes inactive") == 0)
			CHECK(fnum(&m, "cached_bytes") / 1000 == 80876 &&
			    fnum(&m, "allocated_bytes") > 0);
		free(l);
	}
	/* Short phrase as people quote it; launch errors that are not
	 * faults stay out. */
	CHECK_EQ_STR(match1(c, "the job died with an illegal memory access "
	    "on GPU 3", &m)->id, "S-CUDA-FAULT-NAME");
	CHECK(match1(c, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: too many "
	    "resources requested for launch", &m) == NULL);
	catalog_free(c);
}

DEFINE_TEST(test_catalog_near_misses)
{
	static const char *const	no[] = {
		"The dataset ran out of memory budget; see notes on memory.",
		"we ran out of memory last week",
		"gpu2-ru7:2143:2561 [1] NCCL INFO include/shm.h:41 -> 2",
		("[2026-11-30T06:59:09.268] [2.batch] debug:  Setting "
		    "slurmstepd(14912) oom_score_adj to -1000"),
		"Killed processes are listed above",
		"the job was Killed by its owner",
		"OutOfMemoryErrors are handled by the retry loop",
	};
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	char			*l;

	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		if (match1(c, no[i], &m) != NULL)
			test_fail(__FILE__, __LINE__, "%s fired on: %s",
			    m.sig->id, no[i]);
	/* TF BFC "not a failure" warning is not an OOM: its benign row */
	l = fixture_line(FX "quoted-lines.txt", "not a failure");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-TF-BFC-NOT-FAILURE");
	free(l);
	/* The watchdog killed by an illegal access is a fault, not a
	 * timeout, and a CUDA OOM is not also a plain OOM. */
	l = fixture_line(FX "example-cuda_errors_not_oom.txt",
	    "[E ProcessGroupNCCL.cpp:916]");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-CUDA-FAULT");
	free(l);
	/* Without "oom-killer likely killed a process" the failcnt
	 * sentence is a warning, not a kill. */
	l = fixture_line(FX "example-slurm_oom.txt", "Exceeded job memory "
	    "limit at some point.");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-STEPD-FAILCNT");
	/* submitit's "not timed out" is the pre-emption case. */
	CHECK(match1(c, "submitit INFO (2022-07-12 04:18:45,881) - Job has "
	    "not timed out. Ran 1 minutes out of requested 20 minutes.", &m) ==
	    NULL);
	/* top's header is not free's row; a process row is not a GPU's. */
	CHECK(match1(c, "KiB Mem:  16333864 total, 15843372 used,   490492 "
	    "free", &m) == NULL);
	CHECK(match1(c, "|    0   N/A  N/A     12345      C   python      "
	    "7936MiB |", &m) == NULL);
	free(l);
	catalog_free(c);
}

/* Typographic quotes pasted from tickets read as ASCII quotes, for every
 * row; needles hold no quote, so the pre-filter needs no such step. */
DEFINE_TEST(test_catalog_typographic_quotes)
{
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	const struct cat_sig	*s;
	char			*l;

	for (size_t i = 0; i < catalog_table_len; i++)
		for (size_t k = 0; k < CAT_NEEDLES &&
		    catalog_table[i].needles[k] != NULL; k++)
			if (strpbrk(catalog_table[i].needles[k], "'\"") != NULL)
				test_fail(__FILE__, __LINE__, "%s: quote in "
				    "needle", catalog_table[i].id);
	/* galaxyproject/galaxy#7766, as pasted: ‘…’ around the path. */
	l = fixture_line(FX "slurm-step-setup.txt", "uid_819800");
	s = match1(c, l, &m);
	CHECK(s != NULL);
	if (s != NULL) {
		CHECK_EQ_STR(s->id, "S-CGROUP-CREATE-FAIL");
		CHECK(fstr(&m, "path",
		    "/sys/fs/cgroup/memory/slurm/uid_819800"));
		CHECK(fstr(&m, "errno", "Cannot allocate memory"));
	}
	free(l);
	/* Double quotes too (“ ”), and a line without any stays as is. */
	s = match1(c, "torch.OutOfMemoryError: CUDA out of memory. Tried to "
	    "allocate 20.00 MiB (GPU 0; 4.00 GiB total capacity; 3.46 GiB "
	    "already allocated; 0 bytes free; 3.47 GiB reserved in total by "
	    "PyTorch) \xe2\x80\x9cquoted\xe2\x80\x9d", &m);
	CHECK(s != NULL && strcmp(s->id, "S-PT-OOM-OLD") == 0);
	s = match1(c, "slurmstepd: error: unable to add pids to "
	    "\xe2\x80\x98/sys/fs/cgroup/devices/slurm/job_7\xe2\x80\x99", &m);
	CHECK(s != NULL && strcmp(s->id, "S-CGROUP-ATTACH-FAIL") == 0);
	if (s != NULL)
		CHECK(fstr(&m, "path", "/sys/fs/cgroup/devices/slurm/job_7"));
	catalog_free(c);
}

/* Step setup: attach failures on any controller, the job manager giving
 * up, submission refusals with any reason; a Slurm daemon's ENOMEM is not
 * the application's; ENOSPC outside /dev/shm is storage. */
DEFINE_TEST(test_catalog_step_setup)
{
	static const struct {
		const char	*line, *id;
	} t[] = {
		{ "slurmstepd: error: task/cgroup: unable to add slurmstepd to "
		    "cpuset cg '/sys/fs/cgroup/cpuset/slurm/uid_1/job_2'",
		    "S-CGROUP-ATTACH-FAIL" },
		{ "slurmstepd: error: _file_write_uint32s: write pid 4242 to "
		    "/sys/fs/cgroup/devices/slurm/uid_1/job_2/step_0/"
		    "cgroup.procs failed: Invalid argument",
		    "S-CGROUP-ATTACH-FAIL" },
		{ "slurmstepd: error: Could not apply device constrain to step",
		    "S-CGROUP-DEVICES-FAIL" },
		{ "slurmstepd: error: job_manager exiting abnormally, "
		    "rc = 4020", "S-STEP-LAUNCH-FAIL" },
		{ "sbatch: error: Batch job submission failed: Invalid generic "
		    "resource (gres) specification", "S-SUBMIT-REJECTED" },
		{ "srun: error: Unable to allocate resources: Requested node "
		    "configuration is not available", "S-SUBMIT-REJECTED" },
		{ "sbatch: error: cli_filter plugin terminated with error",
		    "S-CLI-FILTER-REJECTED" },
		/* a refusal of the site's own words is context, not a row */
		{ "srun: lua: Non-exclusive jobs are allowed to request at "
		    "most 193250 MB memory per requested GPU", NULL },
		{ "srun: error: Unable to create job step: Requested node "
		    "configuration is not available", "S-STEP-CREATE-FAIL" },
		{ "[2026-11-30T06:59:11.239] [2.batch] debug:  "
		    "task_g_post_term: task/cgroup: Cannot allocate memory",
		    NULL },
		{ "Nov 30 06:59:11 node1 slurmstepd[4242]: error: fork: Cannot "
		    "allocate memory", NULL },
		{ "OSError: [Errno 12] Cannot allocate memory",
		    "S-HOST-OOM-APP" },
		/* PyTorch's OOM wrapped inside "out of memory" (fairseq#708
		 * as posted), TensorFlow's driver allocation whole and in a
		 * host library's words */
		{ "f memory. Tried to allocate 354.00 MiB (GPU 0; 10.91 GiB "
		    "total capacity; 9.27 GiB already allocated; 207.38 MiB "
		    "free;", "S-PT-OOM-HEAD" },
		{ "2019-07-31 12:26:59.036369: E tensorflow/stream_executor/"
		    "cuda/cuda_driver.cc:806] failed to allocate 7.63G "
		    "(8193582336 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: "
		    "out of memory", "S-CUDA-OOM-PLAIN" },
		{ "malloc: failed to allocate 4096 bytes", NULL },
		/* perl under ulimit -v, as 5.36 and 5.40 print it (the
		 * integration stage's ulimit case) */
		{ "Out of memory!", "S-HOST-OOM-APP" },
		{ "Out of memory in perl:util:safesysrealloc",
		    "S-HOST-OOM-APP" },
		{ "May 15 23:09:30 ubuntu-s-1vcpu-2gb-ams3-01 kernel: [  "
		    "518.050606] Out of memory: Killed process 15784 (python3) "
		    "total-vm:11964kB, anon-rss:4288kB, file-rss:3028kB, "
		    "shmem-rss:0kB", "S-KERNEL-OOM-KILLED" },
		{ "OSError: [Errno 28] No space left on device: '/scratch/x'",
		    "S-STORAGE-FULL" },
		{ "slurmstepd: error: common_file_write_content: unable to "
		    "write 7 bytes to cgroup /sys/fs/cgroup/slurm/job_7/memory.max: "
		    "No space left on device", "S-CGROUP-WRITE-FAIL" },
		{ "mkdir: cannot create directory '/sys/fs/cgroup/x': No space "
		    "left on device", NULL },
		{ "RuntimeError: unable to write to file "
		    "</torch_18692_1954506>: No space left on device (28)",
		    "S-TORCH-SHM" },
		{ "salloc: error: Node failure on worker-1",
		    "S-SLURM-NODE-FAIL" },
		{ "slurmctld: _validate_node_reg: Node c3 unexpectedly "
		    "rebooted boot_time=1 last response=2",
		    "S-SLURM-NODE-FAIL" },
		{ "srun: error: task 0 launch failed: Plugin initialization "
		    "failed", "S-STEP-LAUNCH-FAIL" },
		{ "slurmstepd: error: pyxis:     Parallel mksquashfs: Using 2 "
		    "processors", NULL },
		{ "zsh: killed     python3 train.py", "S-SHELL-KILLED-ZSH" },
		{ "e66aa18dc444:3171:3171 [0] include/socket.h:311 WARN Socket "
		    "creation failed : Address family not supported by "
		    "protocol", "S-NCCL-NET-SETUP" },
		/* a job id the poster redacted, the copy cut after it
		 * (nextflow-io/nextflow#5332, real) */
		{ "slurmstepd-hpc-...: error: Detected 1 oom_kill event in "
		    "StepId=71xxxx", "S-STEPD-OOM-2302" },
		{ "RuntimeError: DataLoader worker (pid <worker_pid>) is killed "
		    "by signal: Killed.", "S-DATALOADER-KILLED" },
		{ "out of memory cudaMalloc(&this->d_jcb, size * sizeof(float))",
		    "S-CUDA-OOM-PLAIN" },
		{ "[rank: 0] Child process with PID 4 terminated with code 1. "
		    "Forcefully terminating all other processes", NULL },
		{ "Error: Process completed with exit code 137.", "S-EXIT-137" },
		{ "the job was killed    by the admin", NULL },
		{ "srun: Slurm controller not responding, sleeping and "
		    "retrying.", NULL },
		{ "[c1:01698] MCW rank 0 is not bound (or bound to all "
		    "available processors)", NULL },
		{ "PROC_ID=0 No devices found.", "S-NVSMI-NO-DEVICES" },
		{ "cpu-bind=NONE - node1, task  1  1 [4242]: mask 0xff", NULL },
		{ "[b5227] Rank 1 bound to package[0][core:L1]",
		    "S-OMPI-BINDING" },
		{ "cpu-bind-cores=MAP  - node1, task  1  1 [4242]: mask 0x2 "
		    "set", "S-SLURM-CPU-BIND" },
		{ "nvidia-docker | 2017/06/02 17:35:05 Error: nvml: "
		    "Insufficient Permissions", "S-NVML-NO-PERMISSION" },
		/* NVIDIA/nvidia-docker#1523, the hook's stderr as posted */
		{ "docker: Error response from daemon: OCI runtime create "
		    "failed: container_linux.go:367: starting container "
		    "process caused: process_linux.go:495: container init "
		    "caused: "
		    "Running hook #0:: error running hook: exit status 1, "
		    "stdout: , stderr: nvidia-container-cli: initialization "
		    "error: nvml error: insufficient permissions: unknown.",
		    "S-NVML-NO-PERMISSION" },
	};
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	const struct cat_sig	*s;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		s = match_decisive(c, t[i].line, &m);
		if ((s == NULL) != (t[i].id == NULL) ||
		    (s != NULL && strcmp(s->id, t[i].id) != 0))
			test_fail(__FILE__, __LINE__, "%s on: %s (want %s)",
			    s ? s->id : "nothing", t[i].line,
			    t[i].id ? t[i].id : "nothing");
	}
	s = match1(c, "sbatch: error: Batch job submission failed: Invalid "
	    "Trackable RESource (TRES) specification", &m);
	CHECK(s != NULL && fstr(&m, "reason", "Invalid Trackable RESource "
	    "(TRES) specification"));
	/* The binding to compare: Open MPI 4's map, else PRRTE's place. */
	s = match1(c, "[b5227] Rank 1 bound to package[0][core:L1]", &m);
	CHECK(s != NULL && fstr(&m, "binding", "package[0][core:L1]") &&
	    fstr(&m, "node", "b5227") && fnum(&m, "rank") == 1);
	s = match1(c, "[32ad0a59e1c4:01677] MCW rank 0 bound to socket 0[core "
	    "0[hwt 0-1]], socket 0[core 1[hwt 0-1]]: "
	    "[BB/BB/../..][../../../..]", &m);
	CHECK(s != NULL && fstr(&m, "binding", "[BB/BB/../..][../../../..]") &&
	    fnum(&m, "pid") == 1677);
	catalog_free(c);
}

DEFINE_TEST(test_catalog_envelope)
{
	struct cat_env	env;
	char		*l;

	catalog_envelope(str_cstr("[rank3]: torch.OutOfMemoryError: x"), &env);
	CHECK_EQ_INT(env.rank, 3);
	CHECK_EQ_STRN(env.body.p, env.body.n, "torch.OutOfMemoryError: x");
	catalog_envelope(str_cstr("12: Killed"), &env);
	CHECK_EQ_INT(env.rank, 12);
	CHECK_EQ_STRN(env.body.p, env.body.n, "Killed");
	catalog_envelope(str_cstr("[default0]:Killed"), &env);
	CHECK_EQ_INT(env.rank, 0);
	l = fixture_line(FX "cgroup-v1-oom-batch-slurmctld.log.excerpt",
	    "OOM failure");
	catalog_envelope(str_cstr(l), &env);
	CHECK_EQ_INT(env.tsq, TSQ_RAW_LOCAL);
	CHECK_EQ_INT(env.ts_ns, 1796021951255000000LL);	/* 06:59:11.255 */
	CHECK_EQ_STRN(env.body.p, env.body.n,
	    "_job_complete: JobId=2 OOM failure");
	free(l);
	catalog_envelope(str_cstr("2024-01-15T03:00:00,000000+01:00 msg"), &env);
	CHECK_EQ_INT(env.tsq, TSQ_EXACT);
	CHECK_EQ_INT(env.ts_ns, 1705284000LL * 1000000000LL);
	l = fixture_line(FX "example-kernel_oom.txt", "15784 (python3)");
	catalog_envelope(str_cstr(l), &env);
	CHECK_EQ_INT(env.tsq, TSQ_RAW_LOCAL_NOYEAR);
	CHECK(str_starts(env.body, "kernel: [  518.050606] Out of memory"));
	free(l);
	catalog_envelope(str_cstr("[ 7063.247407] Memory cgroup"), &env);
	CHECK_EQ_INT(env.tsq, TSQ_RAW_MONO);
	CHECK_EQ_INT(env.ts_ns, 7063247407000LL);
	/* mpirun --tag-output, with and without --timestamp-output, and
	 * horovodrun's tag. */
	catalog_envelope(str_cstr("[1,3]<stderr>:RuntimeError: x"), &env);
	CHECK_EQ_INT(env.rank, 3);
	CHECK_EQ_STRN(env.body.p, env.body.n, "RuntimeError: x");
	catalog_envelope(str_cstr("[1,0]<stdout>:Killed"), &env);
	CHECK_EQ_INT(env.rank, 0);
	CHECK_EQ_STRN(env.body.p, env.body.n, "Killed");
	catalog_envelope(str_cstr("[1,mpirank:12,algo-1]<stderr>:INFO:root:x"),
	    &env);
	CHECK_EQ_INT(env.rank, 12);
	CHECK_EQ_STRN(env.body.p, env.body.n, "INFO:root:x");
	catalog_envelope(str_cstr("Thu Jan 23 11:55:50 2025[1,1]<stderr>:  "
	    "File \"x.py\""), &env);
	CHECK_EQ_INT(env.rank, 1);
	CHECK_EQ_INT(env.tsq, TSQ_RAW_LOCAL);
	CHECK_EQ_INT(env.ts_ns, 1737633350LL * 1000000000LL);
	CHECK_EQ_STRN(env.body.p, env.body.n, "  File \"x.py\"");
	catalog_envelope(str_cstr("[2]<stdout>:is Use nccl:0"), &env);
	CHECK_EQ_INT(env.rank, 2);
	/* Not tags: a bracketed word, a stream name alone. */
	catalog_envelope(str_cstr("[INFO]<stderr>: x"), &env);
	CHECK_EQ_INT(env.rank, -1);
	catalog_envelope(str_cstr("[1,0]<stdin>: x"), &env);
	CHECK_EQ_INT(env.rank, -1);
	catalog_envelope(str_cstr("Thu Jan 23 11:55:50 2025 started"), &env);
	CHECK_EQ_INT(env.tsq, TSQ_NONE);
	/* A log view's columns: docker compose's service, then the line's
	 * own timestamp; a web view's line number and epoch. */
	catalog_envelope(str_cstr("vllm-1  | 2024-01-15T03:00:00Z Killed"),
	    &env);
	CHECK_EQ_INT(env.tsq, TSQ_EXACT);
	CHECK_EQ_STRN(env.body.p, env.body.n, "Killed");
	catalog_envelope(str_cstr("ollama_1  |   File \"x.py\""), &env);
	CHECK_EQ_STRN(env.body.p, env.body.n, "  File \"x.py\"");
	catalog_envelope(str_cstr("135 | 1534166953117 | /usr/local/bin/"
	    "train.sh: line 18:    36 Killed"), &env);
	CHECK_EQ_STRN(env.body.p, env.body.n, "/usr/local/bin/train.sh: line "
	    "18:    36 Killed");
	/* Not columns: a table's row, tqdm's bar, two words, a third bar. */
	catalog_envelope(str_cstr("|   0  NVIDIA A100 |"), &env);
	CHECK_EQ_STRN(env.body.p, env.body.n, "|   0  NVIDIA A100 |");
	catalog_envelope(str_cstr("100%|#####| 8/8"), &env);
	CHECK_EQ_STRN(env.body.p, env.body.n, "100%|#####| 8/8");
	catalog_envelope(str_cstr("Epoch 1 | loss 0.5"), &env);
	CHECK_EQ_STRN(env.body.p, env.body.n, "Epoch 1 | loss 0.5");
	catalog_envelope(str_cstr("a | b | c | Killed"), &env);
	CHECK_EQ_STRN(env.body.p, env.body.n, "c | Killed");
	/* log4j's "yy/MM/dd HH:mm:ss LEVEL" (Hadoop, Spark), a corpus line;
	 * a slashed date before anything but a level stays text. */
	l = fixture_line(CX "h1304-tfos-yarn-vmem-kill-executor-lost-then-"
	    "executor-id-ioerror/evidence.log", "Disabling executor 1");
	catalog_envelope(str_cstr(l), &env);
	CHECK_EQ_INT(env.tsq, TSQ_RAW_LOCAL);
	CHECK_EQ_INT(env.ts_ns, 1522751083LL * 1000000000LL);
	CHECK(str_starts(env.body, "INFO cluster.YarnClusterSchedulerBackend"));
	free(l);
	catalog_envelope(str_cstr("18/04/03 10:24:43 done"), &env);
	CHECK_EQ_INT(env.tsq, TSQ_NONE);
	catalog_envelope(str_cstr("18/13/03 10:24:43 WARN x"), &env);
	CHECK_EQ_INT(env.tsq, TSQ_NONE);
}

/* --- the scanner --- */

struct rec {
	char	 s[64][160];
	size_t	 n, ctx;
};

static int
rec_line(void *arg, const struct cat_line *cl)
{
	struct rec	*r = arg;

	if (cl->m == NULL) {
		r->ctx++;
		return 0;
	}
	if (r->n < 64)
		snprintf(r->s[r->n++], 160, "%s %llu %llu %llu %.*s",
		    cl->m->sig->id, (unsigned long long)cl->lineno,
		    (unsigned long long)cl->off, (unsigned long long)cl->len,
		    (int)(cl->line.n < 40 ? cl->line.n : 40), cl->line.p);
	return 0;
}

static void
scan_blocks(struct catalog *c, const char *p, size_t n, size_t blk,
    struct rec *r, struct cat_scan_stats *st)
{
	struct cat_scan	*s;
	struct err	 e;

	memset(r, 0, sizeof(*r));
	CHECK(cat_scan_new(c, 2, 2, rec_line, r, &s, &e) == ERR_OK);
	for (size_t i = 0; i < n; i += blk)
		CHECK(cat_scan_feed(s, p + i, n - i < blk ? n - i : blk,
		    &e) == ERR_OK);
	CHECK(cat_scan_end(s, &e) == ERR_OK);
	if (st != NULL)
		cat_scan_stats(s, st);
	cat_scan_free(s);
}

DEFINE_TEST(test_catalog_scan_every_split)
{
	struct catalog		*c = cat_open();
	struct rec		*whole = calloc(1, sizeof(*whole));
	struct rec		*part = calloc(1, sizeof(*part));
	struct cat_scan_stats	 st;
	size_t			 n;
	char			*p = test_slurp(FX "linuxproc-oom-srun-slurm-4.out",
				    &n);

	scan_blocks(c, p, n, n, whole, &st);
	CHECK_EQ_INT(whole->n, 7);	/* 6, and srun's step teardown */
	CHECK_EQ_INT(st.lines, 19);
	CHECK_EQ_STR(whole->s[0], "S-STEPD-MEMLIMIT 12 225 92 "
	    "slurmstepd-vm: error: StepId=4.0 exceede");
	/* Two-part feeds at every byte boundary, and 1-byte blocks. */
	for (size_t cut = 1; cut < n; cut++) {
		struct cat_scan	*s;
		struct err	 e;

		memset(part, 0, sizeof(*part));
		CHECK(cat_scan_new(c, 2, 2, rec_line, part, &s, &e) == ERR_OK);
		cat_scan_feed(s, p, cut, &e);
		cat_scan_feed(s, p + cut, n - cut, &e);
		cat_scan_end(s, &e);
		cat_scan_free(s);
		if (part->n != whole->n || part->ctx != whole->ctx ||
		    memcmp(part->s, whole->s, sizeof(part->s)) != 0) {
			test_fail(__FILE__, __LINE__, "split at %zu differs: "
			    "%zu/%zu %zu/%zu", cut, part->n, whole->n, part->ctx,
			    whole->ctx);
			for (size_t k = 0; k < part->n || k < whole->n; k++)
				printf("%s | %s\n", part->s[k], whole->s[k]);
			break;
		}
	}
	scan_blocks(c, p, n, 1, part, NULL);
	CHECK(memcmp(part->s, whole->s, sizeof(part->s)) == 0);
	CHECK_EQ_INT(part->ctx, whole->ctx);
	free(p);
	free(whole);
	free(part);
	catalog_free(c);
}

DEFINE_TEST(test_catalog_scan_crlf_and_last_line)
{
	static const char	txt[] = "ok\r\nsrun: error: vm: task 0: Out Of "
				    "Memory\r\nmore\r\nKilled";
	struct catalog		*c = cat_open();
	struct rec		 r;

	scan_blocks(c, txt, sizeof(txt) - 1, 7, &r, NULL);
	CHECK_EQ_INT(r.n, 2);
	CHECK_EQ_STR(r.s[0], "S-SRUN-TASK-OOM 2 4 38 srun: error: vm: task 0: "
	    "Out Of Memory");
	CHECK_EQ_STR(r.s[1], "S-SHELL-KILLED 4 50 6 Killed");
	CHECK_EQ_INT(r.ctx, 2);		/* "ok" and "more" */
	catalog_free(c);
}

/* A 1 MiB line, NUL bytes, an empty input. */
DEFINE_TEST(test_catalog_scan_hostile)
{
	struct catalog		*c = cat_open();
	struct rec		 r;
	struct cat_scan_stats	 st;
	size_t			 n = 1 << 20;
	char			*p = malloc(n + 64);

	memset(p, 'A', n);
	memcpy(p + 10, "Killed process 1 (x)", 20);
	p[30] = '\0';
	memcpy(p + n, "\nsrun: error: vm: task 0: Out Of Memory\n", 40);
	scan_blocks(c, p, n + 40, 4096, &r, &st);
	CHECK_EQ_INT(st.cut_lines, 1);
	CHECK_EQ_INT(r.n, 2);
	CHECK(strncmp(r.s[0], "S-KERNEL-OOM-KILLED 1 0 1048576 ", 32) == 0);
	CHECK(strncmp(r.s[1], "S-SRUN-TASK-OOM 2 1048577 ", 26) == 0);
	scan_blocks(c, p, 0, 1, &r, &st);
	CHECK_EQ_INT(r.n, 0);
	CHECK_EQ_INT(st.lines, 0);
	free(p);
	catalog_free(c);
}

/* A line built to make a naive regex backtrack must stay fast. */
DEFINE_TEST(test_catalog_backtracking)
{
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	size_t			 n = 60000;
	char			*l = malloc(n + 200);
	clock_t			 t0 = clock();

	strcpy(l, "CUDA out of memory. Tried to allocate 1.00 MiB. GPU 0 has a "
	    "total capacity of 1.00 GiB of which 0 bytes is free. ");
	for (size_t k = strlen(l); k + 60 < n; k = strlen(l))
		strcat(l, "Process 1 has 1.00 MiB memory in use. ");
	strcat(l, "Of the allocated memory");
	for (int i = 0; i < 20; i++)
		(void)match1(c, l, &m);
	CHECK((double)(clock() - t0) / CLOCKS_PER_SEC < 2.0);
	free(l);
	catalog_free(c);
}

/* Memory figures (issue 10): DeepSpeed's "GB" is 1024^3, Megatron's bare
 * floats are MiB (.bare_mult); the old Megatron form has no rank. */
DEFINE_TEST(test_catalog_mem_figures)
{
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	char			*l;

	l = fixture_line(FX "deepspeed-see_memory_usage-522.txt",
	    "MA 4.89 GB");
	CHECK(match1(c, l, &m) != NULL && m.sig->kind == EV_MEM_FIGURE);
	CHECK_EQ_STR(m.sig->id, "S-DS-MEM-GPU");
	CHECK_EQ_INT(fnum(&m, "allocated_bytes"), 5250597519LL);
	CHECK_EQ_INT(fnum(&m, "max_allocated_bytes"), 5959267123LL);
	CHECK_EQ_INT(fnum(&m, "reserved_bytes"), 6861210255LL);
	CHECK_EQ_INT(fnum(&m, "max_reserved_bytes"), 6LL << 30);
	free(l);
	l = fixture_line(FX "deepspeed-see_memory_usage-4775.txt", "81.11 GB");
	CHECK(match1(c, l, &m) != NULL);
	CHECK_EQ_STR(m.sig->id, "S-DS-MEM-CPU");
	CHECK_EQ_INT(fnum(&m, "host_used_bytes"), 87091199345LL);
	CHECK(fstr(&m, "host_used_percent", "43.3"));
	free(l);
	l = fixture_line(FX "megatron-report_memory-756.txt", "[Rank 1]");
	CHECK(match1(c, l, &m) != NULL);
	CHECK_EQ_STR(m.sig->id, "S-MEGATRON-MEM");
	CHECK_EQ_INT(fnum(&m, "rank"), 1);
	CHECK_EQ_INT(fnum(&m, "iteration"), 1);
	CHECK_EQ_INT(fnum(&m, "allocated_bytes"), 56886273536LL);
	CHECK_EQ_INT(fnum(&m, "max_reserved_bytes"), 61480LL << 20);
	free(l);
	l = fixture_line(FX "megatron-report_memory-60.txt", "after 5");
	CHECK(match1(c, l, &m) != NULL);
	CHECK_EQ_STR(m.sig->id, "S-MEGATRON-MEM");
	CHECK_EQ_INT(fnum(&m, "rank"), -9999);
	CHECK_EQ_INT(fnum(&m, "iteration"), 5);
	CHECK_EQ_INT(fnum(&m, "reserved_bytes"), 17482LL << 20);
	free(l);
	/* The words without the figures are not a figure. */
	CHECK(match1(c, "MA Max_MA CA Max_CA", &m) == NULL);
	CHECK(match1(c, "report_memory: memory (MB) | allocated: n/a", &m) ==
	    NULL);
	catalog_free(c);
}

/* Does any SIGKILL or memory-kill row match the line? */
static int
kill_row(struct catalog *c, const char *line)
{
	struct cat_env		env;
	struct cat_match	m;
	size_t			row = 0;
	uint64_t		groups = 0;

	catalog_envelope(str_cstr(line), &env);
	while (catalog_match(c, env.body, &row, &groups, &m))
		if (m.sig->kind == EV_CHILD_KILLED ||
		    m.sig->kind == EV_ENFORCER_KILL ||
		    m.sig->kind == EV_SHELL_KILLED)
			return 1;
	return 0;
}

/* SIGKILL reported by frameworks, memory kills by other enforcers, and
 * the near misses that must not match. */
DEFINE_TEST(test_catalog_host_kills)
{
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	char			*l;

	l = fixture_line(FX "host-kills.txt", "MEM usage");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-MOAB-MEM-HARD-LIMIT");
	CHECK_EQ_INT(m.sig->kind, EV_ENFORCER_KILL);
	CHECK_EQ_INT(fnum(&m, "used_bytes"), 2528LL << 20);
	CHECK_EQ_INT(fnum(&m, "limit_bytes"), 1126LL << 20);
	free(l);
	l = fixture_line(FX "host-kills.txt", "PBS: job killed");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-PBS-MEM-KILLED");
	CHECK_EQ_INT(fnum(&m, "used_bytes"), 4323312LL << 10);
	CHECK_EQ_INT(fnum(&m, "limit_bytes"), 3145728LL << 10);
	free(l);
	l = fixture_line(FX "host-kills.txt", "condor_q");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-HTCONDOR-MEMLIMIT");
	CHECK_EQ_INT(fnum(&m, "limit_bytes"), 2048LL << 20);
	free(l);
	/* HTCondor 9.x and later: "cgroup memory limit", "Last measured
	 * usage" (built from the starter's format string, as a pool's
	 * hold reason shows it) */
	CHECK_EQ_STR(match1(c, "Error from slot1_1@node17.example.org: Job "
	    "has gone over cgroup memory limit of 10624 megabytes. Last "
	    "measured usage: 10701 megabytes.  Consider resubmitting with a "
	    "higher request_memory.", &m)->id, "S-HTCONDOR-MEMLIMIT");
	CHECK_EQ_INT(fnum(&m, "limit_bytes"), 10624LL << 20);
	CHECK_EQ_INT(fnum(&m, "peak_bytes"), 10701LL << 20);
	l = fixture_line(FX "host-kills.txt", "YARN");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-YARN-MEMLIMIT");
	CHECK_EQ_INT(fnum(&m, "used_bytes"), 4402341478LL);	/* 4.1 GB */
	CHECK_EQ_INT(fnum(&m, "limit_bytes"), 4LL << 30);
	free(l);
	l = fixture_line(FX "host-kills.txt", "ProcessExitedException");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-MP-SPAWN-SIGKILL");
	CHECK_EQ_INT(m.sig->kind, EV_CHILD_KILLED);
	free(l);
	/* bash's "Killed" glued to a tqdm bar */
	l = fixture_line(FX "host-kills.txt", "checkpoint shards");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-SHELL-KILLED");
	free(l);
	/* the elastic agent with an empty binary */
	l = fixture_line(FX "host-kills.txt", "pid: 14447");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-ELASTIC-AGENT-FAILED");
	CHECK_EQ_INT(fnum(&m, "exitcode"), -9);
	CHECK_EQ_INT(fnum(&m, "pid"), 14447);
	free(l);
	/* Near misses: other signals, other reasons, prose. Other rows
	 * (application errors) may take them; no kill row may. */
	CHECK(!kill_row(c, "xargs: python: terminated by signal 15"));
	CHECK(!kill_row(c, "torch.multiprocessing.spawn.ProcessExitedException"
	    ": process 0 terminated with signal SIGSEGV"));
	CHECK(!kill_row(c, "      Reason:       Error"));
	CHECK(!kill_row(c, "Loading checkpoint shards: 100%|##########| 8/8 "
	    "[00:10<00:00,  1.30s/it]"));
	CHECK(!kill_row(c, "the process was Killed by the user"));
	l = fixture_line(FX "quoted-lines.txt", "pid 249");
	CHECK_EQ_STR(match1(c, l, &m)->id, "S-DATALOADER-BUS-ERROR");
	free(l);
	catalog_free(c);
}

DEFINE_TEST(test_catalog_ere)
{
	size_t	 n;
	char	*want = test_slurp("bench/SIGNATURES.ere", &n), *got = NULL;
	size_t	 gn = 0;
	FILE	*f = open_memstream(&got, &gn);
	char	 ere[4096];

	CHECK(f != NULL && catalog_write_ere(f) == 0);
	fclose(f);
	if (getenv("UPDATE_ERE") != NULL) {
		FILE	*o = fopen(test_src("bench/SIGNATURES.ere"), "w");

		CHECK(o != NULL && fwrite(got, 1, gn, o) == gn);
		fclose(o);
	} else
		CHECK(gn == n && memcmp(got, want, n) == 0);
	/* Every pattern is a valid ERE and grep agrees on the candidates. */
	snprintf(ere, sizeof(ere), "%s", test_src("bench/SIGNATURES.ere"));
	CHECK_EQ_INT(test_sh("grep -c -E -f '%s' '%s' | grep -qx 2", ere,
	    test_src(FX "cgroup-v1-oom-srun-slurm-4.out")), 0);
	CHECK_EQ_INT(test_sh("grep -c -E -f '%s' '%s' | grep -qx 5", ere,
	    test_src(FX "linuxproc-oom-batch-slurm-2.out")), 0);
	free(want);
	free(got);
}

/* --- parse_log --- */

static struct evlist
parse_file(const char *rel, struct arena *a)
{
	struct evlist	out = { 0 };
	size_t		n;
	char		*p = test_slurp(rel, &n);
	struct src	in = { 3, rel, p, n };
	struct err	e;

	CHECK(parse_log(&in, a, &out, &e) == ERR_OK);
	free(p);
	return out;
}

static const struct event *
find_ev(const struct evlist *l, const char *sig, size_t nth)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i]->sig, sig) == 0 && nth-- == 0)
			return l->v[i];
	return NULL;
}

DEFINE_TEST(test_parse_log_child_failed)
{
	struct arena		*a = arena_new(1 << 16);
	struct evlist		 l = parse_file(FX "example-torchrun_childfailed.txt",
				    a);
	const struct event	*ev = find_ev(&l, "S-ELASTIC-CHILD-FAILED", 0);
	int64_t			 v;
	struct str		 s;

	CHECK(ev != NULL);
	if (ev != NULL) {
		CHECK_EQ_INT(ev->kind, EV_CHILD_FAILED);
		CHECK_EQ_INT(ev->rank, 0);
		CHECK_EQ_INT(ev->pid, 14750);
		CHECK(ev_num(ev, "exitcode", &v) == 0 && v == -9);
		CHECK(ev_num(ev, "local_rank", &v) == 0 && v == 0);
		s = ev_str(ev, "signal");
		CHECK_EQ_STRN(s.p, s.n, "SIGKILL");
		CHECK_EQ_STR(ev->node, "mlxlab115rp2n7682d40d9-20250521025625-"
		    "6dyyd3-8nir8b-worker");
		CHECK_EQ_INT(ev->ref.line, 4);
	}
	ev = find_ev(&l, "S-ELASTIC-CHILD-FAILED", 1);
	CHECK(ev != NULL && ev->rank == 7 && ev->pid == 3309);
	CHECK(ev != NULL && ev_num(ev, "local_rank", &v) == 0 && v == 7);
	ev = find_ev(&l, "S-ELASTIC-AGENT-FAILED", 0);
	CHECK(ev != NULL && ev->kind == EV_LAUNCHER_EXIT && ev->pid == 2630);
	evlist_free(&l);
	arena_free(a);
}

/* A ChildFailedError table pasted without its line breaks still says
 * exit code -9, and its traceback line is a SIGKILL report of its own. */
DEFINE_TEST(test_parse_log_child_failed_flattened)
{
	struct arena		*a = arena_new(1 << 16);
	struct evlist		 l = parse_file(FX "childfailed-flattened.txt",
				    a);
	const struct event	*ev = find_ev(&l, "S-ELASTIC-CHILD-FAILED", 0);
	int64_t			 v;
	struct str		 s;

	CHECK(ev != NULL);
	if (ev != NULL) {
		CHECK(ev_num(ev, "exitcode", &v) == 0 && v == -9);
		s = ev_str(ev, "signal");
		CHECK_EQ_STRN(s.p, s.n, "SIGKILL");
	}
	ev = find_ev(&l, "S-ELASTIC-SIGKILL-TRACEBACK", 0);
	CHECK(ev != NULL && ev->kind == EV_CHILD_KILLED && ev->ref.line == 12);
	evlist_free(&l);
	arena_free(a);
}

DEFINE_TEST(test_parse_log_events_and_context)
{
	struct arena		*a = arena_new(1 << 16);
	struct evlist		 l = parse_file(FX "cgroup-v1-oom-srun-slurm-4.out",
				    a);
	const struct event	*ev;

	CHECK_EQ_INT(l.n, 2);
	ev = find_ev(&l, "S-STEPD-OOM-1711", 0);
	CHECK(ev != NULL);
	if (ev != NULL) {
		CHECK_EQ_INT(ev->kind, EV_STEPD_OOM);
		CHECK_EQ_INT(ev->ref.file_id, 3);
		CHECK_EQ_INT(ev->ref.line, 11);
		CHECK_EQ_STR(ev->node, "vm");
		CHECK_EQ_INT(ev->context_line, 8);
		CHECK_EQ_STRN(ev->context.p, ev->context.n,
		    "allocated 70 MiB\nallocated 80 MiB\nallocated 90 MiB\n"
		    "slurmstepd-vm: error: Detected 1 oom-kill event(s) in "
		    "StepId=4.0. Some of your processes may have been killed by "
		    "the cgroup out-of-memory handler.\nsrun: error: vm: task 0: "
		    "Out Of Memory\nsrun exit status: 1");
		CHECK(ev->text.n == ev->ref.len && ev->tsq == TSQ_NONE);
	}
	evlist_free(&l);
	/* One pasted line, two groups: two events; paraphrase flagged. */
	l = parse_file(FX "example-slurm_oom.txt", a);
	ev = find_ev(&l, "S-STEPD-OOM-2302", 0);
	CHECK(ev != NULL && find_ev(&l, "S-SRUN-TASK-OOM", 1) != NULL &&
	    find_ev(&l, "S-SRUN-TASK-OOM", 1)->ref.line == ev->ref.line);
	evlist_free(&l);
	l = parse_file(FX "quoted-lines.txt", a);
	ev = find_ev(&l, "S-PARAPHRASE-OOM-KILLER", 0);
	CHECK(ev != NULL && (ev->flags & EVF_PARAPHRASE) &&
	    ev->kind == EV_SLURM_OOM_PARAPHRASE);
	evlist_free(&l);
	arena_free(a);
}

DEFINE_TEST(test_parse_log_memory_summary)
{
	static const char	txt[] =
	    "[rank1]: |=============================================|\n"
	    "[rank1]: |   PyTorch CUDA memory summary, device ID 1  |\n"
	    "[rank1]: |---------------------------------------------|\n"
	    "[rank1]: |   CUDA OOMs: 2     |   cudaMalloc retries: 5 |\n"
	    "[rank1]: |=============================================|\n"
	    "[rank1]: |  Metric  | Cur Usage  | Peak Usage | Tot Alloc  |\n"
	    "[rank1]: | Allocated memory      |  11610 MiB |  14012 MiB |  1 |\n"
	    "[rank1]: |       from large pool |  11600 MiB |  14000 MiB |  1 |\n"
	    "[rank1]: | GPU reserved memory   |   12420 MB |   12420 MB |  1 |\n"
	    "[rank1]: |=============================================|\n"
	    "next\n";
	struct arena		*a = arena_new(1 << 16);
	struct evlist		 l = { 0 };
	struct src		 in = { 0, "t", txt, sizeof(txt) - 1 };
	struct err		 e;
	const struct event	*ev;
	int64_t			 v;

	CHECK(parse_log(&in, a, &l, &e) == ERR_OK);
	CHECK((ev = find_ev(&l, "S-PT-MEM-SUMMARY", 0)) != NULL);
	if (ev != NULL) {
		CHECK_EQ_INT(ev->rank, 1);
		CHECK(ev_num(ev, "gpu", &v) == 0 && v == 1);
		CHECK(ev_num(ev, "ooms", &v) == 0 && v == 2);
		CHECK(ev_num(ev, "malloc_retries", &v) == 0 && v == 5);
		CHECK(ev_num(ev, "allocated_cur_bytes", &v) == 0 &&
		    v == 11610LL << 20);
		CHECK(ev_num(ev, "allocated_peak_bytes", &v) == 0 &&
		    v == 14012LL << 20);
		CHECK(ev_num(ev, "reserved_peak_bytes", &v) == 0 &&
		    v == 12420LL << 20);
	}
	evlist_free(&l);
	arena_free(a);
}

/* The BFC allocator's stats block (EnzymeAD/Reactant.jl docs, Getting
 * Started, an XLA OOM on a 24 GB GPU), through parse_log's reader. */
DEFINE_TEST(test_parse_log_bfc_stats)
{
	static const char	 txt[] =
	    "2025-01-05 09:48:28.755051: I external/xla/xla/tsl/framework/"
	    "bfc_allocator.cc:1133] Stats: \n"
	    "Limit:                     18995773440\n"
	    "InUse:                     16000000000\n"
	    "MaxInUse:                  16000000000\n"
	    "NumAllocs:                           4\n"
	    "MaxAllocSize:               4000000000\n"
	    "Reserved:                            0\n"
	    "PeakReserved:                        0\n"
	    "LargestFreeBlock:                    0\n"
	    "\n"
	    "Limit:                               7\n";
	struct arena		*a = arena_new(1 << 16);
	struct evlist		 l = { 0 };
	struct src		 in = { 0, "t", txt, sizeof(txt) - 1 };
	struct err		 e;
	const struct event	*ev;
	int64_t			 v;

	CHECK(parse_log(&in, a, &l, &e) == ERR_OK);
	CHECK((ev = find_ev(&l, "S-BFC-STATS", 0)) != NULL);
	if (ev != NULL) {
		CHECK(ev_num(ev, "limit_bytes", &v) == 0 &&
		    v == 18995773440LL);
		CHECK(ev_num(ev, "in_use_bytes", &v) == 0 && v == 16000000000LL);
		CHECK(ev_num(ev, "max_in_use_bytes", &v) == 0 &&
		    v == 16000000000LL);
		CHECK(ev_num(ev, "largest_free_block_bytes", &v) == 0 && v == 0);
	}
	evlist_free(&l);
	arena_free(a);
}

/* Grid Engine's record of a job a limit ended without saying which: its
 * own lines decide. The real record (corpus h1510, vatlab/sos#1455: 18001
 * s, no h_rt in it) is a round-time run-time limit; the same layout
 * with a category naming the limits, or a maxvmem at its h_vmem, or
 * neither, decides as those say. */
static const struct event *
qacct_ev(struct arena *a, struct evlist *l, const char *txt)
{
	struct src	in = { 0, "t", txt, strlen(txt) };
	struct err	e;

	memset(l, 0, sizeof(*l));
	CHECK(parse_log(&in, a, l, &e) == ERR_OK);
	return find_ev(l, "S-SGE-QACCT-LIMIT", 0);
}

DEFINE_TEST(test_parse_log_qacct_limit)
{
	struct arena		*a = arena_new(1 << 16);
	struct evlist		 l;
	const struct event	*ev;
	char			*real;
	size_t			 n;

	real = test_slurp(CX "h1510-sos-peer-sge-qacct-failed-37-h_rt-h_cpu-"
	    "h_vmem-18001s-walltime-not-updated/evidence.log", &n);
	ev = qacct_ev(a, &l, real);
	CHECK(ev != NULL && ev->kind == EV_TIME_LIMIT);
	CHECK(ev != NULL && str_eq(ev_str(ev, "what"), "grid_engine_round"));
	CHECK(ev != NULL && ev_num_or(ev, "wallclock_s", -1) == 18001);
	evlist_free(&l);
	free(real);
	ev = qacct_ev(a, &l, "failed       37  : qmaster enforced h_rt, h_cpu, "
	    "or h_vmem limit\nexit_status  137                  (Killed)\n"
	    "ru_wallclock 7190s\nmaxvmem      1.2G\ncategory     -u x -l "
	    "h_rt=2:00:00,h_vmem=4G -pe smp 8\n");
	CHECK(ev != NULL && ev->kind == EV_TIME_LIMIT &&
	    str_eq(ev_str(ev, "what"), "grid_engine_h_rt") &&
	    ev_num_or(ev, "h_rt_s", -1) == 7200);
	evlist_free(&l);
	ev = qacct_ev(a, &l, "failed       37  : qmaster enforced h_rt, h_cpu, "
	    "or h_vmem limit\nru_wallclock 1234s\nmaxvmem      3.950G\n"
	    "category     -l h_rt=86400,h_vmem=4G\n");
	CHECK(ev != NULL && ev->kind == EV_ENFORCER_KILL &&
	    str_eq(ev_str(ev, "what"), "grid_engine") &&
	    str_eq(ev_str(ev, "resource"), "h_vmem"));
	evlist_free(&l);
	/* hostile figures: absurd h_rt fields, a size that overflows, a
	 * category with the name but no value; nothing past the record */
	ev = qacct_ev(a, &l, "failed       37  : qmaster enforced h_rt, h_cpu, "
	    "or h_vmem limit\nru_wallclock 99999999999999999999999s\n"
	    "maxvmem      99999999999999999999E\ncategory     -l h_rt=9999999"
	    "9999999999999:99999999999:9999,h_vmem,h_rt=\n");
	CHECK(ev != NULL && (ev->kind == EV_TIME_LIMIT ||
	    ev->kind == EV_APP_ERROR));
	evlist_free(&l);
	ev = qacct_ev(a, &l, "failed       37  : qmaster enforced h_rt, h_cpu, "
	    "or h_vmem limit\nru_wallclock 1234s\n\nru_wallclock 1800s\n");
	CHECK(ev != NULL && ev->kind == EV_APP_ERROR &&
	    str_eq(ev_str(ev, "what"), "sge_limit"));
	evlist_free(&l);
	arena_free(a);
}

/* Rows under a ps header become process_state events; the table ends
 * at the first line that is not a row. The aux row is corpus d003's
 * (ai4d-iasc/trixie#92) under procps's standard `ps aux` header. */
DEFINE_TEST(test_parse_log_ps_rows)
{
	static const char	txt[] =
	    "USER   PID      PPID  CMD\n"
	    "user   2505781  1     sglang::scheduler_DP0_TP0_EP0\n"
	    "USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME "
	    "COMMAND\n"
	    "thomased  1395  1.7 14.4 89506440 28604880 pts/2 Tl May25 147:37 "
	    "python train.py --model=TransformerSeq2Set\n"
	    "Traceback (most recent call last):\n"
	    "1 2 3\n";
	struct arena		*a = arena_new(1 << 16);
	struct evlist		 l = { 0 };
	struct src		 in = { 0, "t", txt, sizeof(txt) - 1 };
	struct err		 e;
	const struct event	*ev;
	size_t			 n = 0;

	CHECK(parse_log(&in, a, &l, &e) == ERR_OK);
	for (size_t i = 0; i < l.n; i++)
		n += l.v[i]->kind == EV_PROC_STATE;
	CHECK_EQ_INT(n, 2);
	for (size_t i = 0, k = 0; i < l.n; i++) {
		if ((ev = l.v[i])->kind != EV_PROC_STATE)
			continue;
		if (k++ == 0) {
			CHECK_EQ_INT(ev->pid, 2505781);
			CHECK_EQ_INT(ev_num_or(ev, "ppid", -1), 1);
			CHECK_EQ_INT(ev->ref.line, 2);
			CHECK(str_eq(ev_str(ev, "cmd"),
			    "sglang::scheduler_DP0_TP0_EP0"));
		} else {
			CHECK_EQ_INT(ev->pid, 1395);
			CHECK(str_eq(ev_str(ev, "stat"), "Tl"));
			CHECK(str_eq(ev_str(ev, "user"), "thomased"));
			CHECK(str_eq(ev_str(ev, "cmd"), "python train.py "
			    "--model=TransformerSeq2Set"));
		}
	}
	evlist_free(&l);
	arena_free(a);
}

/* vmstat rows under a buff/cache header become memory figures (free +
 * buff + cache, KiB); vmstat -a's inact/active header gives none. Real
 * output from fixtures/logs/vmstat.txt. */
DEFINE_TEST(test_parse_log_vmstat_rows)
{
	size_t			 n = 0, k = 0;
	char			*txt = test_slurp("fixtures/logs/vmstat.txt", &n);
	struct arena		*a = arena_new(1 << 16);
	struct evlist		 l = { 0 };
	struct src		 in = { 0, "t", txt, n };
	struct err		 e;
	const struct event	*ev;
	static const int64_t	 want[] = {
		(226112LL + 11092 + 1087072) * 1024,
		(14404020LL + 544 + 9373728) * 1024,
	};

	CHECK(txt != NULL);
	if (txt == NULL)
		return;
	CHECK(parse_log(&in, a, &l, &e) == ERR_OK);
	for (size_t i = 0; i < l.n; i++) {
		if ((ev = l.v[i])->kind != EV_MEM_FIGURE)
			continue;
		CHECK(k < 2);
		if (k >= 2)
			break;
		CHECK(str_eq(ev_str(ev, "what"), "vmstat"));
		CHECK_EQ_INT(ev_num_or(ev, "host_avail_bytes", -1), want[k]);
		CHECK_EQ_INT(ev->ref.line, k == 0 ? 6 : 9);
		k++;
	}
	CHECK_EQ_INT(k, 2);
	evlist_free(&l);
	arena_free(a);
	free(txt);
}

DEFINE_TEST(test_parse_log_nomem)
{
	size_t	 n;
	char	*p = test_slurp(FX "example-slurm_oom.txt", &n);
	int	 saw_nomem = 0, saw_ok = 0;

	for (long k = 1; k < 400 && !saw_ok; k++) {
		struct arena	*a = arena_new(1 << 12);
		struct evlist	 l = { 0 };
		struct src	 in = { 0, "t", p, n };
		struct err	 e;
		enum err_code	 rc;

		arena_fail_after(a, k);
		rc = parse_log(&in, a, &l, &e);
		saw_nomem |= rc == ERR_NOMEM;
		saw_ok |= rc == ERR_OK;
		CHECK(rc == ERR_OK || rc == ERR_NOMEM);
		evlist_free(&l);
		arena_free(a);
	}
	CHECK(saw_nomem && saw_ok);
	free(p);
}

/* Memory figures printed every step: past the budget only a thinning
 * sample is kept (bounded memory), and the last figure before another
 * match, and the last of the log, are always kept. Lines in Megatron-LM's
 * real report_memory format (fixtures/logs/megatron-report_memory-756.txt). */
DEFINE_TEST(test_parse_log_figures_thinned)
{
	struct arena	*a = arena_new(1 << 20);
	struct evlist	 l = { 0 };
	struct buf	 b = { 0 };
	struct src	 in = { 0, "t", NULL, 0 };
	struct err	 e;
	size_t		 nfig = 0, oom_at = 0, nlines = 50000, i;
	uint32_t	 last_before_oom = 0, last = 0;

	buf_init(&b, 64u << 20);
	for (i = 1; i <= nlines; i++) {
		buf_printf(&b, "[Rank 0] (after %zu iterations) memory (MB) | "
		    "allocated: %zu.0 | max allocated: %zu.0 | reserved: "
		    "3552.0 | max reserved: 3552.0\n", i, 3000 + i / 100,
		    3040 + i / 100);
		if (i == 30001)
			buf_printf(&b, "torch.cuda.OutOfMemoryError: CUDA out "
			    "of memory. Tried to allocate 20.00 MiB\n");
	}
	in.data = b.p;
	in.len = b.n;
	CHECK(parse_log(&in, a, &l, &e) == ERR_OK);
	for (i = 0; i < l.n; i++) {
		if (l.v[i]->kind == EV_MEM_FIGURE) {
			nfig++;
			if (oom_at == 0)
				last_before_oom = l.v[i]->ref.line;
			last = l.v[i]->ref.line;
		} else if (l.v[i]->kind == EV_CUDA_OOM_PLAIN ||
		    l.v[i]->kind == EV_CUDA_OOM)
			oom_at = l.v[i]->ref.line;
	}
	CHECK_EQ_INT(oom_at, 30002);
	CHECK_EQ_INT(last_before_oom, 30001);	/* the line before the OOM */
	CHECK_EQ_INT(last, 50001);		/* the last line of the log */
	/* 2048 at stride 1, 2, 4, 8 cover 30720 lines; then 16, 32 */
	CHECK(nfig > 2048 * 4 && nfig < 2048 * 6);
	evlist_free(&l);
	buf_free(&b);
	arena_free(a);
}

/* ROCm (issue 18): PyTorch's HIP message is the CUDA row with api=HIP
 * and the same figures; the HIP runtime's and TensorFlow-ROCm's error
 * names are plain device OOMs; ROCr's memory fault is a device fault. */
DEFINE_TEST(test_catalog_hip)
{
	struct catalog		*c = cat_open();
	struct cat_match	 m;
	char			*l;

	l = fixture_line("fixtures/real/rocm/hip-oom-lines.txt", "GPU 7 has");
	CHECK(l != NULL && match1(c, l, &m) != NULL);
	if (l != NULL && m.sig != NULL) {
		CHECK_EQ_STR(m.sig->id, "S-PT-OOM-NEW");
		CHECK(fstr(&m, "api", "HIP"));
		CHECK_EQ_INT(fnum(&m, "gpu"), 7);
		CHECK_EQ_INT(fnum(&m, "requested_bytes"), 2 << 20);
	}
	free(l);
	l = fixture_line("fixtures/real/rocm/hip-oom-lines.txt",
	    "HIP_ERROR_OutOfMemory");
	CHECK(l != NULL && match1(c, l, &m) != NULL);
	if (l != NULL && m.sig != NULL) {
		CHECK_EQ_STR(m.sig->id, "S-HIP-OOM-PLAIN");
		CHECK(fstr(&m, "api", "HIP"));
	}
	free(l);
	CHECK(match1(c, "RuntimeError: HIP error: out of memory", &m) != NULL &&
	    strcmp(m.sig->id, "S-HIP-OOM-PLAIN") == 0 && fstr(&m, "api", "HIP"));
	CHECK(match1(c, "hipMalloc failed: hipErrorOutOfMemory", &m) != NULL &&
	    strcmp(m.sig->id, "S-HIP-OOM-PLAIN") == 0 && fstr(&m, "api", "hip"));
	/* the CUDA message says so */
	CHECK(match1(c, "torch.OutOfMemoryError: CUDA out of memory. Tried to "
	    "allocate 2.00 MiB. GPU 0 has a total capacity of 1.00 GiB of which "
	    "0 bytes is free. Of the allocated memory 1.00 GiB is allocated by "
	    "PyTorch, and 0 bytes is reserved by PyTorch but unallocated.",
	    &m) != NULL && fstr(&m, "api", "CUDA"));
	/* PyTorch on ROCm finding no GPU (pytorch/pytorch#70036, #58374) */
	CHECK(match1(c, "RuntimeError: No HIP GPUs are available", &m) !=
	    NULL && strcmp(m.sig->id, "S-CUDA-NO-DEVICE") == 0 &&
	    fstr(&m, "api", "HIP") && fstr(&m, "what", "no_cuda_device"));
	CHECK(match1(c, "  what():  HIP error: hipErrorNoDevice", &m) !=
	    NULL && strcmp(m.sig->id, "S-CUDA-NO-DEVICE") == 0 &&
	    fstr(&m, "api", "hip"));
	l = fixture_line("fixtures/scenarios/xid_fault-fires-amdgpu-page-fault/"
	    "logs/slurm-7.out", "Memory access fault");
	CHECK(l != NULL && match1(c, l, &m) != NULL);
	if (l != NULL && m.sig != NULL) {
		CHECK_EQ_STR(m.sig->id, "S-HIP-FAULT");
		CHECK_EQ_INT(fnum(&m, "gpu_node"), 2);
		CHECK(fstr(&m, "reason", "Page not present or supervisor "
		    "privilege"));
	}
	free(l);
	catalog_free(c);
}

