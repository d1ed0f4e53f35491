/*
 * test_gpu_acct: Slurm's GPU accounting (gres/gpumem, gres/gpuutil in
 * TRESUsageInMax/Ave) from real sacct rows, through the analysis into a
 * quantities.device row per step, the JSON round trip and the text
 * report.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "harness.h"
#include "report.h"

#define GT	"fixtures/real/slurm/gpu-tres/"

/* Writes sacct's header and the fixture's rows to sacct.txt in the
 * test's directory. */
static int
write_headed(const char *hdr, const char *rel)
{
	size_t	 n;
	char	*b = test_slurp(rel, &n);
	FILE	*fp = fopen("sacct.txt", "w");
	int	 ok;

	ok = fp != NULL && fputs(hdr, fp) >= 0 && fwrite(b, 1, n, fp) == n;
	if (fp != NULL && fclose(fp) != 0)
		ok = 0;
	free(b);
	return ok;
}

DEFINE_TEST(test_gpu_acct_device_row)
{
	struct analyze_opts	 o = { 0 };
	struct analysis		*an = NULL, *back = NULL;
	struct err		 e = { 0 };
	const char		*in[1] = { "sacct.txt" };
	const struct device_q	*d = NULL;
	char			*buf = NULL;
	size_t			 n = 0, rows = 0;
	FILE			*fp;

	CHECK(write_headed("JobID|TRESUsageInMax|\n",
	    GT "tresusageinmax.txt"));
	o.inputs = in;
	o.ninputs = 1;
	o.jobs = 1;
	if (analysis_run(&o, &an, &e) != ERR_OK) {
		test_fail(__FILE__, __LINE__, "analysis_run: %s", e.msg);
		return;
	}
	for (size_t i = 0; i < an->ndevice; i++)
		if (an->device[i].step != NULL) {
			d = &an->device[i];
			rows++;
		}
	CHECK_EQ_U64(rows, 1);	/* the extern step's zeros: no row */
	if (d != NULL) {
		CHECK_EQ_STR(d->step, "18194943.batch");
		CHECK_EQ_STR(d->gpu, "all");
		CHECK(d->used_bytes == 38888LL << 20);
		CHECK(d->util_max_pct == 100);
		CHECK(d->used_ave_bytes == -1 && d->util_ave_pct == -1);
		CHECK(d->capacity_bytes == -1 && d->allocated_bytes == -1);
	}

	CHECK((fp = open_memstream(&buf, &n)) != NULL);
	if (fp == NULL)
		goto out;
	CHECK(report_render(an, REPORT_TEXT, fp, NULL, &e) == ERR_OK);
	fclose(fp);
	CHECK(strstr(buf, "Slurm accounting, step 18194943.batch: GPU memory "
	    "peak 38.0 GiB (average unknown), GPU utilisation peak 100% "
	    "(average unknown)") != NULL);
	free(buf);
	buf = NULL;

	CHECK((fp = open_memstream(&buf, &n)) != NULL);
	if (fp == NULL)
		goto out;
	CHECK(model_to_json(an, fp, &e) == ERR_OK);
	fclose(fp);
	CHECK(model_from_json(buf, n, &back, &e) == ERR_OK);
	d = NULL;
	for (size_t i = 0; back != NULL && i < back->ndevice; i++)
		if (back->device[i].step != NULL)
			d = &back->device[i];
	CHECK(d != NULL && d->used_bytes == 38888LL << 20 &&
	    d->util_max_pct == 100 && d->util_ave_pct == -1);
	for (size_t i = 0; back != NULL && i < back->ndevice; i++)
		CHECK(back->device[i].step != NULL ||
		    back->device[i].util_max_pct == 0);
out:
	free(buf);
	analysis_free(back);
	analysis_free(an);
}
