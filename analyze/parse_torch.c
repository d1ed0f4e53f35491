/*
 * parse_torch: a PyTorch CUDA allocator snapshot (the pickle that
 * torch.cuda.memory._dump_snapshot() writes) as an input's member.
 *
 * The pickle is read by the safe reader (common/pickle.h) into a tree in
 * an arena of its own, summarised (common/torch_snap.h) and dropped: the
 * input keeps one EV_ALLOC_SNAPSHOT event per device with the numbers
 * the device rules measure fragmentation with (free blocks, the largest
 * of them, the OOM entry of the trace ring and the allocations before
 * it, the allocator settings). A pickle that asks to import or call
 * anything, or that is not a snapshot, gives a note naming the file, the
 * opcode and its offset, and nothing else: it is never executed.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "pickle.h"
#include "torch_snap.h"

static const char *const before_size[TSNAP_RECENT] = {
	"before_oom_0_bytes", "before_oom_1_bytes", "before_oom_2_bytes",
	"before_oom_3_bytes", "before_oom_4_bytes", "before_oom_5_bytes",
	"before_oom_6_bytes", "before_oom_7_bytes",
};
static const char *const before_action[TSNAP_RECENT] = {
	"before_oom_0_action", "before_oom_1_action", "before_oom_2_action",
	"before_oom_3_action", "before_oom_4_action", "before_oom_5_action",
	"before_oom_6_action", "before_oom_7_action",
};

static int
set_nums(struct event *ev, struct arena *a, const struct tsnap *s,
    const struct tsnap_device *d)
{
	int	rc = 0;

	rc |= ev_set_num(ev, a, "gpu", d->device);
	rc |= ev_set_num(ev, a, "segments", d->segments);
	rc |= ev_set_num(ev, a, "reserved_bytes", d->total_size);
	rc |= ev_set_num(ev, a, "allocated_bytes", d->allocated);
	rc |= ev_set_num(ev, a, "active_bytes", d->active);
	rc |= ev_set_num(ev, a, "blocks", d->blocks);
	rc |= ev_set_num(ev, a, "free_blocks", d->free_blocks);
	rc |= ev_set_num(ev, a, "free_bytes", d->free_total);
	rc |= ev_set_num(ev, a, "largest_free_block_bytes", d->largest_free);
	rc |= ev_set_num(ev, a, "inactive_split_bytes", d->inactive_split);
	rc |= ev_set_num(ev, a, "expandable_segment_count", d->expandable);
	rc |= ev_set_num(ev, a, "trace_entries", d->trace_entries);
	rc |= ev_set_num(ev, a, "expandable_segments",
	    s->expandable_segments);
	rc |= ev_set_num(ev, a, "max_split_size_bytes", s->max_split_size);
	rc |= ev_set_num(ev, a, "gc_threshold_permille",
	    s->gc_threshold < 0 ? -1 : (int64_t)(s->gc_threshold * 1000 + .5));
	rc |= ev_set_num(ev, a, "truncated", s->truncated);
	rc |= ev_set_num(ev, a, "oom", d->has_oom);
	if (d->has_oom) {
		rc |= ev_set_num(ev, a, "oom_requested_bytes", d->oom_size);
		rc |= ev_set_num(ev, a, "oom_device_free_bytes",
		    d->oom_device_free);
	}
	rc |= ev_set_num(ev, a, "before_oom", d->nrecent);
	for (int i = 0; i < d->nrecent; i++) {
		rc |= ev_set_num(ev, a, before_size[i], d->recent[i].size);
		rc |= ev_set_str(ev, a, before_action[i],
		    str_cstr(d->recent[i].action));
	}
	return rc;
}

static enum err_code
device_event(struct input *in, int file_id, const struct tsnap *s,
    const struct tsnap_device *d, struct err *e)
{
	struct arena	*a = in->arena;
	struct event	*ev = evlist_add(&in->ev, a, EV_ALLOC_SNAPSHOT);
	char		*t;

	if (ev == NULL)
		return ERR(e, ERR_NOMEM, "snapshot event");
	/* No line to quote in a pickle: the cited text is our summary. */
	t = arena_printf(a, "allocator snapshot, device %d: %" PRId64
	    " segments, %" PRId64 " bytes reserved, %" PRId64 " bytes free in "
	    "%" PRId64 " blocks, largest %" PRId64 "%s", d->device,
	    d->segments, d->total_size, d->free_total, d->free_blocks,
	    d->largest_free, d->has_oom ? "; OOM in the trace" : "");
	if (t == NULL)
		return ERR(e, ERR_NOMEM, "snapshot event");
	ev->sig = "torch.snapshot";
	ev->ref = (struct evref){ file_id, 0, 0, 0 };
	ev->text = str_cstr(t);
	ev->node = in->node;
	if (set_nums(ev, a, s, d) != 0)
		return ERR(e, ERR_NOMEM, "snapshot event");
	return ERR_OK;
}

enum err_code
input_torch(struct input *in, int file_id, const char *path,
    const char *data, size_t n, struct err *e)
{
	struct arena	*ta = arena_new(1u << 20);
	struct pk_node	*root;
	struct tsnap	*s = NULL;
	struct err	 pe = { 0 };
	enum err_code	 rc = ERR_OK;

	if (ta == NULL || (s = arena_alloc(ta, sizeof(*s))) == NULL) {
		arena_free(ta);
		return ERR(e, ERR_NOMEM, "%s", path);
	}
	if (pickle_read(data, n, NULL, ta, &root, &pe) != ERR_OK ||
	    tsnap_read(root, s, &pe) != ERR_OK) {
		if (pe.code == ERR_NOMEM)
			rc = ERR(e, ERR_NOMEM, "%s", path);
		else
			input_add_note(in, "%s: not read as an allocator "
			    "snapshot (never executed): %s", path, pe.msg);
		goto out;
	}
	if (s->truncated)
		input_add_note(in, "%s: allocator snapshot read in part (more "
		    "than %d devices or %u blocks and trace entries)", path,
		    TSNAP_MAX_DEV, TSNAP_WORK);
	for (int i = 0; i < s->ndev && rc == ERR_OK; i++)
		rc = device_event(in, file_id, s, &s->dev[i], e);
out:
	arena_free(ta);
	return rc;
}
