/*
 * fuzz_scontrol_json: parse_scontrol_json (scontrol show job --json) on
 * arbitrary bytes. Invariants checked: ERR_OK, every evref inside the
 * input, only job records and notes, every field named, and the
 * sniffers return a score.
 */
#include <stdint.h>
#include <stdlib.h>

#include "parse.h"
#include "slurm_json.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
check(int ok)
{
	if (!ok)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*p = (const char *)data;
	struct src	 in = { 2, "fuzz", p, size };
	struct arena	*a = arena_new(1 << 16);
	struct evlist	 out = { 0 };
	struct event	*ev;

	check(a != NULL);
	check(parse_scontrol_json(&in, a, &out, NULL) == ERR_OK);
	for (size_t i = 0; i < out.n; i++) {
		ev = out.v[i];
		check(ev->kind == EV_SCONTROL_JOB || ev->kind == EV_NOTE);
		check(ev->ref.file_id == 2);
		check(ev->ref.off <= size && ev->ref.len <= size - ev->ref.off);
		check(ev->text.p != NULL);
		for (uint16_t k = 0; k < ev->nf; k++)
			check(ev->f[k].name != NULL);
	}
	(void)sniff_scontrol(p, size);
	(void)sniff_sacct(p, size);
	evlist_free(&out);
	arena_free(a);
	return 0;
}
