/*
 * genlog: a realistic multi-rank training log of a given size, for the
 * scan benchmark. Ordinary lines imitate what PyTorch/Lightning jobs
 * print under `srun -l` (rank prefixes, step/loss/throughput lines,
 * warnings, checkpoint messages); three real incident lines (a PyTorch
 * CUDA OOM, an NCCL watchdog timeout, a slurmstepd oom-kill line; copied
 * from reference captures) are placed at 1/4, 1/2 and 3/4 of the file.
 * Deterministic: the same arguments give the same bytes.
 *
 *   genlog MEGABYTES RANKS > train.log
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const incidents[] = {
	"OutOfMemoryError: CUDA out of memory. Tried to allocate 1.71 GiB "
	"(GPU 0; 6.00 GiB total capacity; 3.49 GiB already allocated; 1.04 GiB "
	"free; 3.50 GiB reserved in total by PyTorch) If reserved memory is >> "
	"allocated memory try setting max_split_size_mb to avoid fragmentation."
	"  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF",
	"[rank1]:[E626 06:24:44.903881913 ProcessGroupNCCL.cpp:616] [Rank 1] "
	"Watchdog caught collective operation timeout: WorkNCCL(SeqNum=808, "
	"OpType=ALLREDUCE, NumelIn=9801523, NumelOut=9801523, "
	"Timeout(ms)=600000) ran for 600020 milliseconds before timing out.",
	"slurmstepd: error: Detected 1 oom-kill event(s) in StepId=2.batch. "
	"Some of your processes may have been killed by the cgroup "
	"out-of-memory handler.",
};

static uint64_t	seed = 88172645463325252ULL;

static uint64_t
rnd(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return seed;
}

static int
line(char *b, size_t n, int rank, long step)
{
	switch (rnd() % 8) {
	case 0:
		return snprintf(b, n, "%d: [rank%d]: Epoch 3:  %ld/%d [%02ld:%02ld"
		    "<12:31, 2.41it/s, loss=%.4f, v_num=17]\n", rank, rank, step,
		    20000, step / 60 % 60, step % 60,
		    (double)(rnd() % 100000) / 40000);
	case 1:
		return snprintf(b, n, "%d: step=%ld loss=%.5f lr=%.3e grad_norm="
		    "%.3f tokens_per_sec=%lu mem_alloc_gb=%.2f\n", rank, step,
		    (double)(rnd() % 100000) / 30000, 3e-4 * (1 + rnd() % 7),
		    (double)(rnd() % 5000) / 1000, 90000 + rnd() % 9000,
		    (double)(rnd() % 8000) / 100);
	case 2:
		return snprintf(b, n, "%d: [2026-11-30 06:%02ld:%02ld,%03lu] "
		    "[INFO] [logging.py:96:log_dist] [Rank %d] step=%ld, skipped="
		    "0, lr=[0.0001], mom=[(0.9, 0.95)]\n", rank, step / 60 % 60,
		    step % 60, rnd() % 1000, rank, step);
	case 3:
		return snprintf(b, n, "%d: /opt/conda/lib/python3.11/site-packages"
		    "/torch/utils/data/dataloader.py:560: UserWarning: This "
		    "DataLoader will create 8 worker processes in total.\n", rank);
	case 4:
		return snprintf(b, n, "%d: Saving checkpoint to /scratch/run17/"
		    "ckpt/step_%ld.pt (shard %d of 8)\n", rank, step, rank % 8);
	case 5:
		return snprintf(b, n, "%d: [rank%d]: throughput: %.1f samples/s,"
		    " data time %.3f s, compute %.3f s, allreduce %.3f s\n",
		    rank, rank, (double)(rnd() % 50000) / 100,
		    (double)(rnd() % 900) / 1000, (double)(rnd() % 3000) / 1000,
		    (double)(rnd() % 500) / 1000);
	case 6:
		return snprintf(b, n, "%d: NCCL INFO Channel %02lu/32 : %d[%lu] "
		    "-> %lu[%lu] via P2P/IPC/read\n", rank, rnd() % 32, rank,
		    rnd() % 8, rnd() % 64, rnd() % 8);
	default:
		return snprintf(b, n, "%d: validation: accuracy=%.4f "
		    "perplexity=%.3f samples=%lu\n", rank,
		    (double)(rnd() % 10000) / 10000,
		    (double)(rnd() % 100000) / 1000, rnd() % 100000);
	}
}

int
main(int argc, char *argv[])
{
	uint64_t	 want, done = 0;
	int		 ranks, next = 0, len;
	long		 step = 0;
	char		 b[512];

	if (argc != 3 || (want = strtoull(argv[1], NULL, 10) << 20) == 0 ||
	    (ranks = atoi(argv[2])) < 1) {
		fprintf(stderr, "usage: genlog MEGABYTES RANKS\n");
		return 2;
	}
	while (done < want) {
		if (next < 3 && done >= want / 4 * (uint64_t)(next + 1)) {
			done += (uint64_t)printf("%d: %s\n", next, incidents[next]);
			next++;
			continue;
		}
		len = line(b, sizeof(b), (int)(step % ranks), step / ranks);
		fwrite(b, 1, (size_t)len, stdout);
		done += (uint64_t)len;
		step++;
	}
	return ferror(stdout) ? 1 : 0;
}
