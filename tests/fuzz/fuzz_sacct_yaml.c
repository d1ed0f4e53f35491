/*
 * fuzz_sacct_yaml: parse_sacct_yaml (libyaml into the --json tree, then
 * the sacct reader) on arbitrary bytes, whatever their first line.
 * Invariants checked: ERR_OK (only allocation can fail, and it does not
 * here), every evref inside the input, only the kinds the reader emits,
 * and the sniffers return a score.
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
	struct src	 in = { 1, "fuzz", p, size };
	struct arena	*a = arena_new(1 << 16);
	struct evlist	 out = { 0 };
	struct event	*ev;

	check(a != NULL);
	check(parse_sacct_yaml(&in, a, &out, NULL) == ERR_OK);
	for (size_t i = 0; i < out.n; i++) {
		ev = out.v[i];
		check(ev->kind == EV_SACCT_ROW || ev->kind == EV_NOTE);
		check(ev->ref.file_id == 1);
		check(ev->ref.off <= size && ev->ref.len <= size - ev->ref.off);
		check(ev->text.p != NULL);
		for (uint16_t k = 0; k < ev->nf; k++)
			check(ev->f[k].name != NULL);
	}
	(void)sniff_sacct(p, size);
	(void)yaml_looks(p, size);
	evlist_free(&out);
	arena_free(a);
	return 0;
}
