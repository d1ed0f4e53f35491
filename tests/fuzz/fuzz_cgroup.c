/*
 * fuzz_cgroup: parse_cgroup on arbitrary bytes, read as each kind of
 * memory cgroup file in turn (the bundle path picks the parser's row).
 * Checks that every event cites bytes inside the input, that its text is
 * exactly those bytes, and that a known file gives one EV_CGROUP_MEM.
 */
#include <stdint.h>
#include <stdlib.h>

#include "parse.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char *const names[] = {
	"cgroup/memory/slurm/uid_1/job_2/step_batch/task_0/memory.oom_control",
	"cgroup/memory/slurm/uid_1/job_2/memory.limit_in_bytes",
	"cgroup/memory/slurm/uid_1/job_2/step_0/memory.failcnt",
	"cgroup/memory/x/memory.stat",
	"cgroup/system.slice/slurmstepd.scope/job_4/step_0/user/memory.events",
	"cgroup/system.slice/slurmstepd.scope/job_4/memory.events.local",
	"cgroup/system.slice/slurmstepd.scope/job_4/memory.max",
	"cgroup/system.slice/slurmstepd.scope/sABCDEFGH12/memory.stat",
	"cgroup/a/memory.swap.events",
	"memory.peak",
	"cgroup/system.slice/slurmstepd.scope/job_4/memory.pressure",
	"cgroup/a/cgroup.procs",	/* last: a host fact, not a memory file */
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
		struct src	 in = { 0, names[k], (const char *)data, size };
		struct arena	*a = arena_new(1 << 14);
		struct evlist	 out = { 0 };
		size_t		 mem = 0;

		if (a != NULL && parse_cgroup(&in, a, &out, NULL) == ERR_OK) {
			for (size_t i = 0; i < out.n; i++) {
				const struct event	*ev = out.v[i];

				if (ev->ref.off > size ||
				    ev->ref.len > size - ev->ref.off)
					abort();
				if (ev->text.p != NULL &&
				    (ev->text.p != in.data + ev->ref.off ||
				    ev->text.n != ev->ref.len))
					abort();
				mem += ev->kind == EV_CGROUP_MEM;
			}
			if (mem != (k + 1 < sizeof(names) / sizeof(names[0])))
				abort();
		}
		evlist_free(&out);
		arena_free(a);
	}
	return 0;
}
