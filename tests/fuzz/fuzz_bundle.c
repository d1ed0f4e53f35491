/*
 * fuzz_bundle: the bundle reader on an untrusted archive.
 *
 * The bytes are written to a temporary file named like a bundle
 * (".tar.zst"), opened with small caps, and every member is read to the
 * end. Invariants: every member path is relative and clean (no "..", no
 * empty or "." parts, no control characters) and unique, no member and
 * no bundle exceeds its cap (members past max_members: at most as many
 * again), the verdict is one of the four, and every
 * note has a message. A refused open returns no reader.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bundle.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define REQUIRE(c)	do { if (!(c)) abort(); } while (0)

static const struct bundle_limits lim = {
	.max_members = 64,
	.max_member_bytes = 1u << 20,
	.max_total_bytes = 4u << 20,
	.max_ratio = 200,
};

static void
check_path(const char *p)
{
	const char	*c;

	REQUIRE(p[0] != '\0' && p[0] != '/');
	REQUIRE(strstr(p, "//") == NULL && p[strlen(p) - 1] != '/');
	REQUIRE(strcmp(p, "..") != 0 && strncmp(p, "../", 3) != 0 &&
	    strstr(p, "/../") == NULL && strcmp(p, ".") != 0);
	for (c = p; *c != '\0'; c++)
		REQUIRE((unsigned char)*c >= 0x20 && *c != 0x7f);
}

static uint64_t
drain(struct bundle_reader *r)
{
	static char	blk[8192];
	struct err	e = { 0 };
	uint64_t	n = 0;
	ssize_t		k;

	while ((k = bundle_read(r, blk, sizeof(blk), &e)) > 0)
		n += (uint64_t)k;
	REQUIRE(k == 0 || k == -1);
	REQUIRE(n <= lim.max_member_bytes);
	return n;
}

static void
walk(struct bundle_reader *r)
{
	struct bundle_member		 mb;
	const struct bundle_note	*notes;
	struct err			 e = { 0 };
	uint64_t			 total = 0;
	size_t				 nn;
	int				 rc, count = 0;

	while ((rc = bundle_next(r, &mb, &e)) == 1) {
		check_path(mb.path);
		REQUIRE(mb.index == count++);
		/* past max_members, up to as many again (and the manifest) */
		REQUIRE(count <= 2 * (int)lim.max_members + 1);
		total += drain(r);
		REQUIRE(total <= lim.max_total_bytes);
	}
	REQUIRE(rc == 0 || rc == -1);
	REQUIRE(bundle_next(r, &mb, &e) == rc);
	REQUIRE((unsigned)bundle_integrity(r) <= INTEGRITY_DAMAGED);
	REQUIRE(rc == 0 || bundle_integrity(r) == INTEGRITY_DAMAGED);
	notes = bundle_notes(r, &nn);
	for (size_t i = 0; i < nn; i++)
		REQUIRE(notes[i].msg != NULL);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bundle_reader	*r = NULL;
	struct err		 e = { 0 };
	char			 path[] = "/tmp/fuzz_bundle-XXXXXX.tar.zst";
	int			 fd;

	if ((fd = mkstemps(path, 8)) == -1)
		return 0;
	if (write(fd, data, size) != (ssize_t)size) {
		close(fd);
		unlink(path);
		return 0;
	}
	close(fd);
	if (bundle_reader_open(&r, path, &lim, &e) == ERR_OK) {
		REQUIRE(bundle_reader_kind(r) == BUNDLE_ARCHIVE);
		walk(r);
		bundle_reader_close(r);
	} else
		REQUIRE(r == NULL && e.code != ERR_OK);
	unlink(path);
	return 0;
}
