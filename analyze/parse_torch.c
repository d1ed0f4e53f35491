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
 * opcode and its offset, and nothing else: it is never executed. The
 * numeric summary the collector stores instead of the pickle under
 * --redact (attach/NAME.summary.json, torch_snap.h's tsnap_json) gives
 * the same events. A pickle that is a Flight Recorder dump, and the
 * summary kept in its place, go to flight_recorder.c instead.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "fr_snap.h"
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

/*
 * The segment map as one string field: "SIZE:" and the blocks of each
 * segment ("a" allocated, "f" free, "m" merged, then the size), segments
 * separated by ";" (rules.c reads it back into the model).
 */
static char *
segmap_text(struct arena *a, const struct tsnap_device *d)
{
	size_t	 cap = (size_t)d->nsegmap * (TSNAP_SEG_BLOCKS + 1) * 22 + 1;
	size_t	 k = 0;
	char	*t = arena_alloc(a, cap);

	if (t == NULL)
		return NULL;
	t[0] = '\0';
	for (int i = 0; i < d->nsegmap; i++) {
		const struct tsnap_seg *m = &d->segmap[i];

		k += (size_t)snprintf(t + k, cap - k, "%s%" PRId64 ":",
		    i ? ";" : "", m->size);
		for (int j = 0; j < m->nblocks && k < cap; j++)
			k += (size_t)snprintf(t + k, cap - k, "%s%c%" PRId64,
			    j ? "," : "", m->b[j].state == TSB_FREE ? 'f' :
			    m->b[j].state == TSB_MIXED ? 'm' : 'a',
			    m->b[j].size);
	}
	return t;
}

static int
set_nums(struct event *ev, struct arena *a, const struct tsnap *s,
    const struct tsnap_device *d)
{
	char	*map;
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
	if (d->nsegmap > 0) {
		if ((map = segmap_text(a, d)) == NULL)
			return -1;
		rc |= ev_set_str(ev, a, "segment_map", str_cstr(map));
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
	if (pickle_read(data, n, &tsnap_limits, ta, &root, &pe) == ERR_OK &&
	    fr_is_dump(root)) {	/* a Flight Recorder dump (issue 18) */
		rc = input_flight(in, file_id, path, root, e);
		goto out;
	}
	if (pe.code != ERR_OK || tsnap_read(root, s, &pe) != ERR_OK) {
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

/* ---- the collector's numeric summary (--redact) ---- */

static int64_t
jnum(json_t *o, const char *k, int64_t dflt)
{
	json_t	*v = json_object_get(o, k);

	return json_is_integer(v) ? (int64_t)json_integer_value(v) : dflt;
}

/* The summary's segment map (at most what torch_snap keeps). */
static void
summary_segmap(json_t *arr, struct tsnap_device *d)
{
	json_t	*g, *bl, *x, *st;

	for (size_t i = 0; json_is_array(arr) && i < json_array_size(arr) &&
	    d->nsegmap < TSNAP_SEGS; i++) {
		struct tsnap_seg *m = &d->segmap[d->nsegmap];

		g = json_array_get(arr, i);
		bl = json_object_get(g, "blocks");
		if (!json_is_object(g) || !json_is_array(bl))
			continue;
		memset(m, 0, sizeof(*m));
		m->size = jnum(g, "size", 0);
		for (size_t j = 0; j < json_array_size(bl) &&
		    m->nblocks < TSNAP_SEG_BLOCKS; j++) {
			x = json_array_get(bl, j);
			st = json_object_get(x, "state");
			m->b[m->nblocks].size = jnum(x, "size", 0);
			m->b[m->nblocks++].state = !json_is_string(st) ?
			    TSB_ALLOCATED : strcmp(json_string_value(st),
			    "free") == 0 ? TSB_FREE : strcmp(
			    json_string_value(st), "mixed") == 0 ? TSB_MIXED :
			    TSB_ALLOCATED;
		}
		d->nsegmap++;
	}
}

/* One "devices" entry; 0, or -1 when it is not an object. */
static int
summary_device(json_t *o, struct tsnap_device *d)
{
	json_t	*oom = json_object_get(o, "oom");
	json_t	*b = json_object_get(o, "before_oom"), *x, *act;

	if (!json_is_object(o))
		return -1;
	memset(d, 0, sizeof(*d));
	d->device = (int)jnum(o, "device", 0);
	d->segments = jnum(o, "segments", 0);
	d->total_size = jnum(o, "total_size", 0);
	d->allocated = jnum(o, "allocated", 0);
	d->active = jnum(o, "active", 0);
	d->requested = jnum(o, "requested", 0);
	d->expandable = jnum(o, "expandable_segment_count", 0);
	d->blocks = jnum(o, "blocks", 0);
	d->free_blocks = jnum(o, "free_blocks", 0);
	d->free_total = jnum(o, "free_total", 0);
	d->largest_free = jnum(o, "largest_free_block", 0);
	d->inactive_split = jnum(o, "inactive_split", 0);
	d->trace_entries = jnum(o, "trace_entries", 0);
	d->oom_size = d->oom_device_free = -1;
	if (json_is_object(oom)) {
		d->has_oom = 1;
		d->oom_size = jnum(oom, "size", -1);
		d->oom_device_free = jnum(oom, "device_free", -1);
	}
	for (size_t i = 0; json_is_array(b) && i < json_array_size(b) &&
	    d->nrecent < TSNAP_RECENT; i++) {
		x = json_array_get(b, i);
		act = json_object_get(x, "action");
		/* The action names are the summary's fixed words. */
		d->recent[d->nrecent].action = json_is_string(act) &&
		    strcmp(json_string_value(act), "segment_alloc") == 0 ?
		    "segment_alloc" : "alloc";
		d->recent[d->nrecent++].size = jnum(x, "size", 0);
	}
	summary_segmap(json_object_get(o, "segment_map"), d);
	return 0;
}

static int
summary_read(json_t *root, struct tsnap *s)
{
	json_t	*devs = json_object_get(root, "devices");
	json_t	*st = json_object_get(root, "allocator_settings"), *v;

	memset(s, 0, sizeof(*s));
	s->expandable_segments = -1;
	s->max_split_size = -1;
	s->gc_threshold = -1;
	if (!json_is_object(root) || !json_is_array(devs))
		return -1;
	for (size_t i = 0; i < json_array_size(devs) && s->ndev <
	    TSNAP_MAX_DEV; i++)
		if (summary_device(json_array_get(devs, i),
		    &s->dev[s->ndev]) == 0)
			s->ndev++;
	if (json_is_object(st)) {
		s->has_settings = 1;
		v = json_object_get(st, "expandable_segments");
		s->expandable_segments = json_is_boolean(v) ? json_is_true(v) :
		    -1;
		s->max_split_size = jnum(st, "max_split_size", -1);
		v = json_object_get(st, "garbage_collection_threshold");
		s->gc_threshold = json_is_number(v) ? json_number_value(v) : -1;
	}
	s->truncated = json_is_true(json_object_get(root, "truncated"));
	return 0;
}

enum err_code
input_torch_summary(struct input *in, int file_id, const char *path,
    const char *data, size_t n, struct err *e)
{
	json_error_t	 je;
	json_t		*root;
	struct tsnap	*s;
	enum err_code	 rc = ERR_OK;

	root = json_loadb(data, n, JSON_REJECT_DUPLICATES, &je);
	if (json_is_object(root) && json_is_string(json_object_get(root,
	    "format")) && strcmp(json_string_value(json_object_get(root,
	    "format")), FR_SUMMARY_FORMAT) == 0) {
		rc = input_flight_summary(in, file_id, path, root, e);
		json_decref(root);
		return rc;
	}
	if (root == NULL || !json_is_object(root) ||
	    !json_is_string(json_object_get(root, "format")) ||
	    strcmp(json_string_value(json_object_get(root, "format")),
	    "oomtrail-torch-snapshot-summary") != 0) {
		input_add_note(in, "%s: not an allocator snapshot summary%s%s",
		    path, root == NULL ? ": " : "", root == NULL ? je.text : "");
		json_decref(root);
		return ERR_OK;
	}
	if ((s = arena_alloc(in->arena, sizeof(*s))) == NULL) {
		json_decref(root);
		return ERR(e, ERR_NOMEM, "%s", path);
	}
	if (summary_read(root, s) == -1)
		input_add_note(in, "%s: allocator snapshot summary without "
		    "devices", path);
	for (int i = 0; i < s->ndev && rc == ERR_OK; i++)
		rc = device_event(in, file_id, s, &s->dev[i], e);
	json_decref(root);
	return rc;
}
