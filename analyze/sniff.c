/*
 * sniff: which parser reads a member. With a manifest the bundle path
 * decides (docs/bundle-format.md); for loose files and bare logs the
 * content decides, using each parser's own sniffer on the first bytes.
 * Anything unrecognised is a log, scanned with the whole catalog.
 */
#include <string.h>

#include "internal.h"
#include "parse.h"
#include "scan.h"

static const struct {
	const char	*prefix;
	const char	*suffix;
	enum file_kind	 kind;
} path_rules[] = {
	{ "manifest.json", "", FK_MANIFEST },
	{ "slurm/cgroup.conf", "", FK_SLURM_CONF },
	{ "slurm/gres.conf", "", FK_SLURM_CONF },
	{ "gpu/dev-access.txt", "", FK_DEV_ACCESS },
	{ "host/job-env.txt", "", FK_JOB_ENV },
	{ "watch/", "", FK_SERIES },
	{ "slurm/markers/", ".step", FK_HOST },	/* SPANK step records */
	{ "slurm/sacct", "", FK_SACCT },
	{ "slurm/scontrol", "", FK_SCONTROL },
	{ "kernel/", "", FK_KERNEL },
	{ "cgroup/", "", FK_CGROUP },
	{ "gpu/dcgmi", "", FK_DCGMI },
	{ "gpu/amd-smi-", ".json", FK_AMDSMI },
	{ "gpu/rocm-smi", ".json", FK_AMDSMI },
	{ "gpu/", ".xml", FK_NVSMI_XML },
	{ "gpu/", ".csv", FK_NVSMI_CSV },
	{ "gpu/", "", FK_SKIP },
	{ "host/", "", FK_HOST },
	{ "logs/", "", FK_LOG },
	{ "attach/", ".summary.json", FK_TORCH_SUMMARY },	/* --redact */
	{ "attach/", ".pickle", FK_TORCH_SNAPSHOT },	/* --attach */
	{ "attach/", ".pkl", FK_TORCH_SNAPSHOT },
};

enum file_kind
sniff_path(const char *path)
{
	struct str	p = str_cstr(path);

	for (size_t i = 0; i < sizeof(path_rules) / sizeof(path_rules[0]);
	    i++) {
		if (!str_starts(p, path_rules[i].prefix) ||
		    !str_ends(p, path_rules[i].suffix))
			continue;
		if (path_rules[i].kind == FK_CGROUP) {
			/* Memory files and cgroup.procs (which step a pid
			 * was in); others are kept in the bundle only. */
			const char *base = strrchr(path, '/');

			base = base == NULL ? path : base + 1;
			if (parse_cpu_known(base))
				return FK_CGROUP_CPU;
			return strncmp(base, "memory.", 7) == 0 ||
			    strcmp(base, "cgroup.procs") == 0 ? FK_CGROUP :
			    FK_SKIP;
		}
		return path_rules[i].kind;
	}
	return FK_LOG;
}

static const char *
base_of(const char *path)
{
	const char	*base = strrchr(path, '/');

	return base == NULL ? path : base + 1;
}

static int
looks_like_cgroup_file(const char *path)
{
	const char	*base = strrchr(path, '/');

	base = base == NULL ? path : base + 1;
	return (strncmp(base, "memory.", 7) == 0 && strchr(base, ' ') ==
	    NULL) || strcmp(base, "cgroup.procs") == 0;
}

enum file_kind
sniff_content(const char *path, const char *p, size_t n)
{
	static const struct {
		int		(*fn)(const char *, size_t);
		enum file_kind	 kind;
	} sniffers[] = {
		{ sniff_nvsmi_xml, FK_NVSMI_XML },
		{ sniff_sacct, FK_SACCT },
		{ sniff_scontrol, FK_SCONTROL },
		{ sniff_nvsmi_csv, FK_NVSMI_CSV },
		{ sniff_nvsmi_table, FK_NVSMI_TABLE },
		{ sniff_amdsmi, FK_AMDSMI },
		{ sniff_kernel, FK_KERNEL },
		{ sniff_dcgmi, FK_DCGMI },
	};
	/* The collector's own files, by name (a bundle unpacked without its
	 * manifest, or copied by hand). */
	static const struct {
		const char	*base;
		enum file_kind	 kind;
	} named[] = {
		{ "job-env.txt", FK_JOB_ENV },
		{ "procs.tsv", FK_HOST },
		{ "dev-access.txt", FK_DEV_ACCESS },
		{ "cgroup.conf", FK_SLURM_CONF },
		{ "gres.conf", FK_SLURM_CONF },
	};
	int		 best = 0, s;
	enum file_kind	 kind = FK_LOG;

	if (strcmp(path, "manifest.json") == 0)
		return FK_MANIFEST;
	if (looks_like_cgroup_file(path))
		return FK_CGROUP;
	if (strncmp(path, "slurm/markers/", 14) == 0 && strlen(path) > 19 &&
	    strcmp(path + strlen(path) - 5, ".step") == 0)
		return FK_HOST;
	if (n >= 18 && memcmp(p, "H oomtrail-series ", 18) == 0)
		return FK_SERIES;
	/* A pickle of protocol 2 to 5 (PROTO opcode first): an allocator
	 * snapshot, or a note that says what it was instead. */
	if (n >= 2 && (unsigned char)p[0] == 0x80 && p[1] >= 2 && p[1] <= 5)
		return FK_TORCH_SNAPSHOT;
	if (n >= 43 && memcmp(p, "{\"format\":\"oomtrail-torch-snapshot-"
	    "summary\"", 43) == 0)
		return FK_TORCH_SUMMARY;
	/* a Flight Recorder dump's summary: read by the same path */
	if (n >= 44 && memcmp(p, "{\"format\":\"oomtrail-flight-recorder-"
	    "summary\"", 44) == 0)
		return FK_TORCH_SUMMARY;
	if (parse_cpu_known(base_of(path)))
		return FK_CGROUP_CPU;
	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (strcmp(base_of(path), named[i].base) == 0)
			return named[i].kind;
	for (size_t i = 0; i < sizeof(sniffers) / sizeof(sniffers[0]); i++) {
		s = sniffers[i].fn(p, n);
		if (s > best) {
			best = s;
			kind = sniffers[i].kind;
		}
	}
	/* A weak guess is still read as a log: the catalog sees it all. */
	return best >= 50 ? kind : FK_LOG;
}
