/*
 * buildinfo: what `oomtrail --version` prints after the version: how the
 * binary was linked, the versions of the libraries in it, and which
 * optional features the build left out (a release's static binary links
 * only what Debian ships as .a archives; see scripts/release.sh).
 */
#include <stdio.h>

#include <archive.h>
#include <jansson.h>
#include <libxml/xmlversion.h>
#include <nettle/version.h>
#include <yaml.h>
#include <zstd.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "buildinfo.h"
#ifdef OOMTRAIL_HAVE_PQ
#include <libpq-fe.h>
#endif

#ifndef OOMTRAIL_LINKAGE
#define OOMTRAIL_LINKAGE "dynamic"
#endif
#ifndef OOMTRAIL_LEFT_OUT
#define OOMTRAIL_LEFT_OUT "none"
#endif

void
buildinfo_print(FILE *f)
{
	char		pcre[32] = "?";
	uint32_t	jit = 0;

	(void)pcre2_config(PCRE2_CONFIG_VERSION, pcre);
	(void)pcre2_config(PCRE2_CONFIG_JIT, &jit);
	fprintf(f, "linked: %s\n", OOMTRAIL_LINKAGE);
	fprintf(f, "libraries: %s, zstd %s, pcre2 %s (JIT %s), libxml2 %s, "
	    "jansson %s, nettle %d.%d, libyaml %s\n", archive_version_string(),
	    ZSTD_versionString(), pcre, jit ? "on" : "off",
	    LIBXML_DOTTED_VERSION, JANSSON_VERSION, nettle_version_major(),
	    nettle_version_minor(), yaml_get_version_string());
#ifdef OOMTRAIL_HAVE_PQ
	fprintf(f, "postgresql: libpq %d (fleet --db postgresql://)\n",
	    PQlibVersion());
#else
	fprintf(f, "postgresql: not in this build (fleet --db postgresql:// "
	    "needs a dynamic build with libpq)\n");
#endif
	fprintf(f, "left out: %s\n", OOMTRAIL_LEFT_OUT);
}
