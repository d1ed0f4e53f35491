/*
 * gpu_models: what a healthy board of a given GPU model reports as its
 * framebuffer total ("FB Memory Usage / Total", <fb_memory_usage><total>).
 *
 * The analysis compares a board's reported total with this nominal value
 * to notice capacity lost to retired pages or remapped rows, or a board
 * that is not what its name says. This module only looks names up in a
 * small static table; it knows nothing about events or reports.
 *
 * Tolerance the caller should use. A healthy board's total is not one
 * fixed number:
 *  - Drivers that print <reserved> (about R510 and later) count the
 *    driver's reservation inside total; older drivers left it out, so the
 *    same board reported up to about 3% less (e.g. an A100 80GB or a T4 on
 *    an R450 driver).
 *  - Boards of one model differ by a few MiB (two GTX 1070 in one host
 *    report 8112 and 8114 MiB).
 *  - On GDDR boards before Volta, enabling ECC takes about 6% of the
 *    memory (a K80 reports 11441 MiB with ECC on); table rows record the
 *    ECC mode of the capture they come from.
 * So: with GPU_SRC_CAPTURE or GPU_SRC_REPORTED rows, treat a shortfall
 * below 1% as normal when the document has <reserved>, and below 4% when
 * it has not; with GPU_SRC_DATASHEET rows (the marketing "80 GB" read as
 * GiB) treat a shortfall below 4% as normal in both cases. A total
 * *above* nominal is never a fault. Anything beyond the tolerance is a
 * signal to be weighed with retired pages, remapped rows and Xids, not a
 * verdict on its own.
 */
#ifndef OOMTRAIL_GPU_MODELS_H
#define OOMTRAIL_GPU_MODELS_H

#include <stdint.h>

enum gpu_src {
	GPU_SRC_CAPTURE = 0,	/* a real -q -x capture in fixtures/real */
	GPU_SRC_REPORTED,	/* nvidia-smi's figure, no capture here */
	GPU_SRC_DATASHEET	/* vendor data sheet capacity, GB as GiB */
};

struct gpu_model {
	const char	*name;		/* nvidia-smi's product_name */
	int64_t		 mib;		/* nominal total in MiB */
	enum gpu_src	 src;
};

/*
 * Look product up: exact match first, then a normalised one (case
 * folded; a leading "NVIDIA " or "Tesla " dropped; runs of spaces,
 * '-' and '_' read as one space). product is a NUL-terminated string the
 * caller keeps; the result points into a static table (never freed), or
 * is NULL for an unknown model or a NULL product.
 */
const struct gpu_model	*gpu_model_find(const char *product);

/*
 * Nominal framebuffer bytes of product (see gpu_model_find for the
 * matching). Returns 0 and sets *bytes, or -1 (bytes untouched) when the
 * model is unknown. Use the tolerance described at the top of this file.
 */
int	gpu_nominal_bytes(const char *product, int64_t *bytes);

#endif
