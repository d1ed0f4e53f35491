/*
 * gpu_models: a table of GPU models and the framebuffer total a healthy
 * board reports, and a name lookup over it. It does not judge a board;
 * the tolerance a caller should apply is documented in gpu_models.h.
 *
 * Each row names where its number comes from. CAPTURE rows are the
 * <fb_memory_usage><total> of a real nvidia-smi -q -x capture under
 * fixtures/real/nvidia-smi/ (file and driver in the comment).
 * REPORTED rows are nvidia-smi's figure for that model with no capture
 * in this tree. DATASHEET rows are the vendor data sheet's capacity in
 * GB, read as GiB; nvidia-smi reports somewhat less for them.
 */
#include <stddef.h>
#include <string.h>

#include "gpu_models.h"

#define MIB	(1024 * 1024)

static const struct gpu_model models[] = {
	/* a100-sxm4-80gb-mig-driver-535-v12dtd.xml (535.54.03, reserved
	 * 869 MiB counted inside total) */
	{ "NVIDIA A100-SXM4-80GB", 81920, GPU_SRC_CAPTURE },
	/* a10g-driver-515-v11dtd-remapped-rows.xml (515.105.01) */
	{ "NVIDIA A10G", 23028, GPU_SRC_CAPTURE },
	/* t4-driver-515-v11dtd-reserved-processes.xml (515.105.01) and
	 * t4-windows-wddm-driver-512-v11dtd-processes-mem-na.xml (512.78) */
	{ "Tesla T4", 15360, GPU_SRC_CAPTURE },
	/* v100-sxm3-driver-410-v10dtd-retired-pages-pending-ecc.xml
	 * (410.104, ECC on, no <reserved>) */
	{ "Tesla V100-SXM3-32GB", 32480, GPU_SRC_CAPTURE },
	/* v100s-x8-driver-460-v11dtd-processes.xml (460.73.01, ECC on) */
	{ "Tesla V100S-PCIE-32GB", 32510, GPU_SRC_CAPTURE },
	/* k80-x4-driver-430-v10dtd-retired-pages-ecc-processes.xml
	 * (430.26, ECC on: one GK210 of the board) */
	{ "Tesla K80", 11441, GPU_SRC_CAPTURE },
	/* grid-k520-driver-352-v7dtd.xml (352.99) */
	{ "GRID K520", 4095, GPU_SRC_CAPTURE },
	/* gtx1070-x6-driver-384-v9dtd-processes.xml (384.66; boards in the
	 * same host report 8112 and 8114 MiB; the larger is kept) */
	{ "GeForce GTX 1070", 8114, GPU_SRC_CAPTURE },
	/* gt730-driver-440-v10dtd-processes-na.xml (440.59) */
	{ "GeForce GT 730", 2001, GPU_SRC_CAPTURE },
	/* quadro-p2200-driver-450-v11dtd-processes.xml (450.80.02) */
	{ "Quadro P2200", 5058, GPU_SRC_CAPTURE },
	/* rtx-a5000-x2-driver-590-v13dtd-processes.xml (590.44.01) */
	{ "NVIDIA RTX A5000", 24564, GPU_SRC_CAPTURE },
	/* rtx-pro-6000-blackwell-driver-590-v13dtd-processes.xml */
	{ "NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition", 97887,
	  GPU_SRC_CAPTURE },
	/* rtx3080-windows-wddm-driver-536-v12dtd.xml (536.40) */
	{ "NVIDIA GeForce RTX 3080", 10240, GPU_SRC_CAPTURE },
	/* rtx4000-sff-ada-driver-595-v13dtd-processes.xml (595.84) */
	{ "NVIDIA RTX 4000 SFF Ada Generation", 20475, GPU_SRC_CAPTURE },

	/* nvidia-smi's total for these boards; no capture in this tree. */
	{ "NVIDIA H100 80GB HBM3", 81559, GPU_SRC_REPORTED },
	{ "NVIDIA H200", 143771, GPU_SRC_REPORTED },

	/* Vendor data sheets: capacity in GB, read as GiB. */
	{ "Tesla V100-SXM2-16GB", 16 * 1024, GPU_SRC_DATASHEET },
	{ "Tesla V100-SXM2-32GB", 32 * 1024, GPU_SRC_DATASHEET },
	{ "Tesla V100-PCIE-16GB", 16 * 1024, GPU_SRC_DATASHEET },
	{ "Tesla V100-PCIE-32GB", 32 * 1024, GPU_SRC_DATASHEET },
	{ "NVIDIA A100-SXM4-40GB", 40 * 1024, GPU_SRC_DATASHEET },
	{ "NVIDIA A100-PCIE-40GB", 40 * 1024, GPU_SRC_DATASHEET },
	{ "NVIDIA A100 80GB PCIe", 80 * 1024, GPU_SRC_DATASHEET },
	{ "NVIDIA A30", 24 * 1024, GPU_SRC_DATASHEET },
	{ "NVIDIA A40", 48 * 1024, GPU_SRC_DATASHEET },
	{ "NVIDIA L4", 24 * 1024, GPU_SRC_DATASHEET },
	{ "NVIDIA L40", 48 * 1024, GPU_SRC_DATASHEET },
	{ "NVIDIA L40S", 48 * 1024, GPU_SRC_DATASHEET },
	{ "NVIDIA H100 PCIe", 80 * 1024, GPU_SRC_DATASHEET },
	{ "NVIDIA H100 NVL", 94 * 1024, GPU_SRC_DATASHEET },
};

#define NMODELS	(sizeof(models) / sizeof(models[0]))
#define NORM_MAX	128

static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int
is_sep(int c)
{
	return c == ' ' || c == '\t' || c == '-' || c == '_';
}

static const char *
skip_prefix(const char *s, const char *pfx)
{
	size_t	n = strlen(pfx);

	for (size_t i = 0; i < n; i++)
		if (lower((unsigned char)s[i]) != pfx[i])
			return s;
	return s + n;
}

/*
 * Normalise s into out (NUL-terminated). Returns -1 when s does not fit,
 * so an overlong name never matches by its prefix alone.
 */
static int
normalise(const char *s, char out[NORM_MAX])
{
	size_t	n = 0;
	int	sep = 0;

	while (is_sep((unsigned char)*s))
		s++;
	s = skip_prefix(s, "nvidia ");
	s = skip_prefix(s, "tesla ");
	for (; *s != '\0'; s++) {
		if (is_sep((unsigned char)*s)) {
			sep = 1;
			continue;
		}
		if (n + 2 >= NORM_MAX)
			return -1;
		if (sep && n > 0)
			out[n++] = ' ';
		sep = 0;
		out[n++] = (char)lower((unsigned char)*s);
	}
	out[n] = '\0';
	return 0;
}

const struct gpu_model *
gpu_model_find(const char *product)
{
	char	want[NORM_MAX], have[NORM_MAX];

	if (product == NULL)
		return NULL;
	for (size_t i = 0; i < NMODELS; i++)
		if (strcmp(models[i].name, product) == 0)
			return &models[i];
	if (normalise(product, want) == -1 || want[0] == '\0')
		return NULL;
	for (size_t i = 0; i < NMODELS; i++) {
		if (normalise(models[i].name, have) == 0 &&
		    strcmp(have, want) == 0)
			return &models[i];
	}
	return NULL;
}

int
gpu_nominal_bytes(const char *product, int64_t *bytes)
{
	const struct gpu_model	*m;

	if ((m = gpu_model_find(product)) == NULL)
		return -1;
	*bytes = m->mib * MIB;
	return 0;
}
