/*
 * verify: before/after comparison of one workload.
 *
 * "Fixed" needs the before run's cause and initiating signature (its
 * event kind, and for host OOMs any host OOM kill; for a leak, any
 * series still growing in a line on that boundary) to be absent after,
 * with the after run analysed to a conclusion. The other boundary is compared on
 * what the evidence records: for a host fix the GPUs (model, count) and
 * the device memory asked must not change; for a device fix the job's
 * memory request (ReqMem) must not change.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "verify.h"

static void __attribute__((format(printf, 3, 4)))
say(struct verify_result *r, struct arena *a, const char *fmt, ...)
{
	char	line[512];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (r->nlines < 16)
		r->lines[r->nlines++] = arena_strdup(a, line);
}

static int
has_kind(const struct analysis *an, const char *kind)
{
	for (size_t i = 0; i < an->timeline.n; i++)
		if (an->timeline.v[i].kind != NULL &&
		    strcmp(an->timeline.v[i].kind, kind) == 0)
			return 1;
	return 0;
}

/* A verdict on host memory or cores: the fix is on the host side. */
static int
is_host(const struct verdict *v)
{
	return strcmp(v->cause, "host_oom") == 0 ||
	    strcmp(v->cause, "memory_stall") == 0 ||
	    strcmp(v->cause, "cpu_limited") == 0 ||
	    (strcmp(v->cause, "memory_leak") == 0 && v->boundary != NULL &&
	    strcmp(v->boundary, "host") == 0);
}

/* Is a series of the after run still a leak on this boundary? */
static int
still_leaking(const struct analysis *a, const char *boundary)
{
	for (size_t i = 0; i < a->nseries; i++)
		if (a->series[i].shape != NULL && boundary != NULL &&
		    a->series[i].boundary != NULL &&
		    strcmp(a->series[i].boundary, boundary) == 0 &&
		    strncmp(a->series[i].shape, "leak", 4) == 0)
			return 1;
	return 0;
}

static int
is_device(const char *b)
{
	return b != NULL && strcmp(b, "device") == 0;
}

static int64_t
job_req_mem(const struct analysis *an)
{
	for (size_t i = 0; i < an->nhost; i++)
		if (an->host[i].step != NULL &&
		    strchr(an->host[i].step, '.') == NULL)
			return an->host[i].req_mem_bytes;
	return -1;
}

static int
gpus_same(const struct analysis *b, const struct analysis *a)
{
	if (b->ndevice != a->ndevice)
		return 0;
	for (size_t i = 0; i < b->ndevice; i++) {
		const char *pb = b->device[i].product, *pa = a->device[i].product;

		if ((pb == NULL) != (pa == NULL) ||
		    (pb != NULL && strcmp(pb, pa) != 0))
			return 0;
	}
	return 1;
}

/* Host fix: the device side must stay the same; device fix: ReqMem. */
static int
other_boundary(const struct analysis *b, const struct analysis *a,
    struct verify_result *r)
{
	int64_t	mb, ma;

	if (is_host(&b->verdict)) {
		if (b->ndevice == 0 && a->ndevice == 0) {
			say(r, a->arena, "device side: no GPU evidence in either "
			    "run");
			return -1;
		}
		if (!gpus_same(b, a)) {
			say(r, a->arena, "device side CHANGED: the GPUs differ "
			    "between the runs");
			return 0;
		}
		say(r, a->arena, "device side held constant: same GPU models "
		    "and count");
		return 1;
	}
	if (is_device(b->verdict.boundary)) {
		mb = job_req_mem(b);
		ma = job_req_mem(a);
		if (mb < 0 || ma < 0) {
			say(r, a->arena, "host side: ReqMem unknown in %s",
			    mb < 0 ? "the before run" : "the after run");
			return -1;
		}
		if (mb != ma) {
			say(r, a->arena, "host side CHANGED: ReqMem %" PRId64
			    " -> %" PRId64 " bytes", mb, ma);
			return 0;
		}
		say(r, a->arena, "host side held constant: ReqMem %" PRId64
		    " bytes", mb);
		return 1;
	}
	return -1;
}

static int
signature_gone(const struct analysis *b, const struct analysis *a,
    struct verify_result *r)
{
	const char	*kind = b->verdict.initiating != NULL ?
			    b->verdict.initiating->kind : NULL;

	if (kind != NULL && has_kind(a, kind)) {
		say(r, a->arena, "initiating signature still present after: "
		    "%s (%s)", kind, a->verdict.cause);
		return 0;
	}
	/* Causes decided from state records (a cpuset, a device probe)
	 * have no line to vanish: the cause itself must. */
	if (strcmp(a->verdict.cause, b->verdict.cause) == 0) {
		say(r, a->arena, "the after run is still a %s (%s)",
		    a->verdict.cause, a->verdict.rule);
		return 0;
	}
	if (strcmp(b->verdict.cause, "memory_leak") == 0 &&
	    still_leaking(a, b->verdict.boundary)) {
		say(r, a->arena, "no failure after, but memory still grows "
		    "in a line on the %s boundary", b->verdict.boundary);
		return 0;
	}
	if (kind == NULL)
		return -1;
	if (is_host(&b->verdict) && strcmp(a->verdict.cause,
	    "host_oom") == 0) {
		say(r, a->arena, "signature %s gone, but the after run is "
		    "still a %s", kind, a->verdict.cause);
		return 0;
	}
	say(r, a->arena, "initiating signature %s is gone; after: %s", kind,
	    a->verdict.cause);
	return 1;
}

void
verify_compare(const struct analysis *b, const struct analysis *a,
    struct verify_result *r)
{
	memset(r, 0, sizeof(*r));
	say(r, a->arena, "before: %s (%s)", b->verdict.cause,
	    b->verdict.rule);
	say(r, a->arena, "after: %s (%s)", a->verdict.cause, a->verdict.rule);
	r->outcome = VERIFY_INCONCLUSIVE;
	if (strcmp(b->verdict.cause, "no_incident") == 0 ||
	    strcmp(b->verdict.cause, "inconclusive") == 0) {
		say(r, a->arena, "the before run shows no conclusive failure "
		    "(%s); nothing to verify", b->verdict.cause);
		r->signature_gone = r->other_constant = -1;
		return;
	}
	r->signature_gone = signature_gone(b, a, r);
	r->other_constant = other_boundary(b, a, r);
	if (r->signature_gone == 0)
		r->outcome = VERIFY_NOT_FIXED;
	else if (r->signature_gone == 1 &&
	    strcmp(a->verdict.cause, "inconclusive") != 0 &&
	    r->other_constant != 0)
		r->outcome = VERIFY_FIXED;
	if (r->outcome == VERIFY_INCONCLUSIVE && r->other_constant == 0)
		say(r, a->arena, "both boundaries changed: the control does "
		    "not prove which one fixed it");
}

void
verify_print(const struct verify_result *r, FILE *fp)
{
	static const char *const names[] = { [VERIFY_FIXED] = "FIXED",
	    [VERIFY_NOT_FIXED] = "NOT FIXED",
	    [VERIFY_INCONCLUSIVE] = "INCONCLUSIVE" };

	fprintf(fp, "verify: %s\n", names[r->outcome]);
	for (int i = 0; i < r->nlines; i++)
		fprintf(fp, "  %s\n", r->lines[i]);
}
