/*
 * gpu_acct: GPU memory and utilisation as Slurm accounted them (issue 18
 * §4). With GPU accounting on (AcctGatherGpu, the gpu_nvml plugin),
 * sacct's TRESUsageInMax and TRESUsageInAve carry each step's
 * gres/gpumem and gres/gpuutil: the job's GPU memory peak without
 * oomtrail's --watch. parse_sacct.c reads them into the step rows
 * (gpu_mem_max_bytes, gpu_mem_ave_bytes, gpu_util_max_pct,
 * gpu_util_ave_pct); this adds one quantities.device row per step that
 * has them, beside the rows of the GPUs and the allocator's numbers. A
 * step whose figures are all zero (the extern step, or a GPU the plugin
 * cannot read) adds nothing.
 */
#include <stdint.h>
#include <string.h>

#include "rule_kit.h"
#include "rules.h"

static int
has_gpu_acct(const struct event *s, int64_t *mx, int64_t *av, int64_t *um,
    int64_t *ua)
{
	*mx = ev_num_or(s, "gpu_mem_max_bytes", -1);
	*av = ev_num_or(s, "gpu_mem_ave_bytes", -1);
	*um = ev_num_or(s, "gpu_util_max_pct", -1);
	*ua = ev_num_or(s, "gpu_util_ave_pct", -1);
	return *mx > 0 || *av > 0 || *um > 0 || *ua > 0;
}

void
gpu_acct_quantities(const struct facts *f, struct analysis *an)
{
	struct device_q	*v;
	int64_t		 mx, av, um, ua;
	size_t		 n = 0;

	for (int i = 0; i < f->nsteps; i++)
		n += f->steps[i].sacct != NULL &&
		    has_gpu_acct(f->steps[i].sacct, &mx, &av, &um, &ua);
	if (n == 0 || (v = arena_zalloc(an->arena, (an->ndevice + n) *
	    sizeof(*v))) == NULL)
		return;
	if (an->ndevice > 0)
		memcpy(v, an->device, an->ndevice * sizeof(*v));
	for (int i = 0; i < f->nsteps; i++) {
		const struct event	*s = f->steps[i].sacct;
		struct device_q		*q;
		struct str		 job, step;

		if (s == NULL || !has_gpu_acct(s, &mx, &av, &um, &ua))
			continue;
		q = &v[an->ndevice++];
		job = ev_str(s, "job_id");
		step = ev_str(s, "step");
		q->gpu = "all";
		q->step = step.n > 0 ? arena_printf(an->arena, "%.*s.%.*s",
		    (int)job.n, job.p, (int)step.n, step.p) :
		    kit_dupstr(an->arena, job);
		q->node = kit_dupstr(an->arena, ev_str(s, "node_list"));
		q->capacity_bytes = q->free_bytes = q->allocated_bytes = -1;
		q->reserved_bytes = q->requested_bytes = -1;
		q->process_bytes = q->processes = q->nominal_bytes = -1;
		q->used_bytes = mx;
		q->used_ave_bytes = av;
		q->util_max_pct = um;
		q->util_ave_pct = ua;
	}
	an->device = v;
}
