/*
 * torch_snap: summarise an allocator snapshot's tree (torch_snap.h).
 * The walk only follows the keys PyTorch writes and stops after
 * TSNAP_WORK blocks and trace entries, so a snapshot that shares one
 * long list under many parents (the memo allows it) costs a bounded
 * walk, never the product of the lists.
 */
#include <stdlib.h>
#include <string.h>

#include "fr_snap.h"
#include "torch_snap.h"

const struct pk_limits	tsnap_limits = {
	.max_input = 256u << 20,
	.max_nodes = 16u << 20,
	.max_depth = 64,
	.max_str = 16u << 20,
	.max_memo = 16u << 20,
};

static int64_t
num_or(const struct pk_node *d, const char *key, int64_t dflt)
{
	int64_t	v;

	return pk_int(pk_get(d, key), &v) == 0 ? v : dflt;
}

static struct tsnap_device *
dev_of(struct tsnap *s, int64_t device)
{
	int	i;

	if (device < 0 || device > 1023) {
		s->truncated = 1;
		return NULL;
	}
	for (i = 0; i < s->ndev; i++)
		if (s->dev[i].device == device)
			return &s->dev[i];
	if (s->ndev == TSNAP_MAX_DEV) {
		s->truncated = 1;
		return NULL;
	}
	/* Keep the devices in number order. */
	for (i = s->ndev; i > 0 && s->dev[i - 1].device > device; i--)
		s->dev[i] = s->dev[i - 1];
	memset(&s->dev[i], 0, sizeof(s->dev[i]));
	s->dev[i].device = (int)device;
	s->dev[i].oom_size = -1;
	s->dev[i].oom_device_free = -1;
	s->ndev++;
	return &s->dev[i];
}

/* A block on the segment's map; past the room, merged into the last. */
static void
map_block(struct tsnap_seg *m, int64_t size, int state)
{
	if (m->nblocks < TSNAP_SEG_BLOCKS) {
		m->b[m->nblocks].size = size;
		m->b[m->nblocks++].state = state;
		return;
	}
	m->b[TSNAP_SEG_BLOCKS - 1].size += size;
	if (m->b[TSNAP_SEG_BLOCKS - 1].state != state)
		m->b[TSNAP_SEG_BLOCKS - 1].state = TSB_MIXED;
}

static void
read_blocks(struct tsnap *s, struct tsnap_device *d,
    const struct pk_node *blocks, size_t *work, struct tsnap_seg *m)
{
	int64_t	 sz, freed = 0;
	int	 live = 0, fr;

	for (size_t j = 0; j < pk_len(blocks); j++) {
		const struct pk_node *b = pk_item(blocks, j);

		if (++*work > TSNAP_WORK) {
			s->truncated = 1;
			break;
		}
		sz = num_or(b, "size", 0);
		d->blocks++;
		fr = pk_str_is(pk_get(b, "state"), "inactive");
		if (m != NULL)
			map_block(m, sz, fr ? TSB_FREE : TSB_ALLOCATED);
		if (fr) {
			d->free_blocks++;
			d->free_total += sz;
			freed += sz;
			if (sz > d->largest_free)
				d->largest_free = sz;
		} else
			live = 1;
	}
	if (live)
		d->inactive_split += freed;
}

static void
read_segments(struct tsnap *s, const struct pk_node *segs, size_t *work)
{
	for (size_t i = 0; i < pk_len(segs); i++) {
		const struct pk_node	*g = pk_item(segs, i);
		struct tsnap_device	*d;
		struct tsnap_seg	*m;
		int64_t			 v;

		if (++*work > TSNAP_WORK) {
			s->truncated = 1;
			return;
		}
		if (g == NULL || g->type != PK_DICT ||
		    (d = dev_of(s, num_or(g, "device", 0))) == NULL)
			continue;
		d->segments++;
		d->total_size += num_or(g, "total_size", 0);
		d->allocated += num_or(g, "allocated_size", 0);
		d->active += num_or(g, "active_size", 0);
		d->requested += num_or(g, "requested_size", 0);
		if (pk_int(pk_get(g, "is_expandable"), &v) == 0 && v)
			d->expandable++;
		if (d->nsegmap < TSNAP_SEGS) {
			m = &d->segmap[d->nsegmap++];
			m->size = num_or(g, "total_size", 0);
		} else
			m = NULL;
		read_blocks(s, d, pk_get(g, "blocks"), work, m);
	}
}

/* An allocation before the OOM: kept in a ring of TSNAP_RECENT. */
static void
remember(struct tsnap_device *d, const char *action, int64_t size)
{
	if (d->nrecent == TSNAP_RECENT) {
		memmove(d->recent, d->recent + 1,
		    (TSNAP_RECENT - 1) * sizeof(d->recent[0]));
		d->nrecent--;
	}
	d->recent[d->nrecent].action = action;
	d->recent[d->nrecent].size = size;
	d->nrecent++;
}

/* The first OOM of the ring and what was allocated before it. */
static void
read_trace(struct tsnap *s, int64_t device, const struct pk_node *tr,
    size_t *work)
{
	struct tsnap_device	*d;

	if (pk_len(tr) == 0 || (d = dev_of(s, device)) == NULL)
		return;
	for (size_t i = 0; i < pk_len(tr); i++) {
		const struct pk_node	*t = pk_item(tr, i);
		const struct pk_node	*act = pk_get(t, "action");

		if (++*work > TSNAP_WORK) {
			s->truncated = 1;
			return;
		}
		d->trace_entries++;
		if (d->has_oom)
			continue;
		if (pk_str_is(act, "oom")) {
			d->has_oom = 1;
			d->oom_size = num_or(t, "size", -1);
			d->oom_device_free = num_or(t, "device_free", -1);
		} else if (pk_str_is(act, "alloc"))
			remember(d, "alloc", num_or(t, "size", 0));
		else if (pk_str_is(act, "segment_alloc"))
			remember(d, "segment_alloc", num_or(t, "size", 0));
	}
}

static void
read_settings(struct tsnap *s, const struct pk_node *st)
{
	int64_t	v;
	double	x;

	if (st == NULL || st->type != PK_DICT)
		return;
	s->has_settings = 1;
	if (pk_int(pk_get(st, "expandable_segments"), &v) == 0)
		s->expandable_segments = v != 0;
	if (pk_int(pk_get(st, "max_split_size"), &v) == 0)
		s->max_split_size = v;
	if (pk_num(pk_get(st, "garbage_collection_threshold"), &x) == 0)
		s->gc_threshold = x;
}

enum err_code
tsnap_read(const struct pk_node *root, struct tsnap *s, struct err *e)
{
	const struct pk_node	*segs = pk_get(root, "segments");
	const struct pk_node	*traces = pk_get(root, "device_traces");
	size_t			 work = 0;

	memset(s, 0, sizeof(*s));
	s->expandable_segments = -1;
	s->max_split_size = -1;
	s->gc_threshold = -1;
	if (segs == NULL && traces == NULL)
		return ERR(e, ERR_FORMAT, "not an allocator snapshot: no "
		    "\"segments\" or \"device_traces\"");
	read_segments(s, segs, &work);
	for (size_t i = 0; i < pk_len(traces); i++)
		read_trace(s, (int64_t)i, pk_item(traces, i), &work);
	read_settings(s, pk_get(root, "allocator_settings"));
	return ERR_OK;
}

const struct tsnap_device *
tsnap_device(const struct tsnap *s, int device)
{
	for (int i = 0; i < s->ndev; i++)
		if (s->dev[i].device == device)
			return &s->dev[i];
	return NULL;
}

static void
dev_json(const struct tsnap_device *d, FILE *fp)
{
	fprintf(fp, "{\"device\":%d,\"segments\":%lld,\"total_size\":%lld,"
	    "\"allocated\":%lld,\"active\":%lld,\"requested\":%lld,"
	    "\"expandable_segment_count\":%lld,\"blocks\":%lld,"
	    "\"free_blocks\":%lld,\"free_total\":%lld,"
	    "\"largest_free_block\":%lld,\"inactive_split\":%lld,"
	    "\"trace_entries\":%lld", d->device, (long long)d->segments,
	    (long long)d->total_size, (long long)d->allocated,
	    (long long)d->active, (long long)d->requested,
	    (long long)d->expandable, (long long)d->blocks,
	    (long long)d->free_blocks, (long long)d->free_total,
	    (long long)d->largest_free, (long long)d->inactive_split,
	    (long long)d->trace_entries);
	if (d->has_oom)
		fprintf(fp, ",\"oom\":{\"size\":%lld,\"device_free\":%lld}",
		    (long long)d->oom_size, (long long)d->oom_device_free);
	fputs(",\"before_oom\":[", fp);
	for (int i = 0; i < d->nrecent; i++)
		fprintf(fp, "%s{\"action\":\"%s\",\"size\":%lld}",
		    i ? "," : "", d->recent[i].action,
		    (long long)d->recent[i].size);
	fputs("],\"segment_map\":[", fp);
	for (int i = 0; i < d->nsegmap; i++) {
		const struct tsnap_seg *m = &d->segmap[i];

		fprintf(fp, "%s{\"size\":%lld,\"blocks\":[", i ? "," : "",
		    (long long)m->size);
		for (int j = 0; j < m->nblocks; j++)
			fprintf(fp, "%s{\"state\":\"%s\",\"size\":%lld}",
			    j ? "," : "", m->b[j].state == TSB_FREE ? "free" :
			    m->b[j].state == TSB_MIXED ? "mixed" : "allocated",
			    (long long)m->b[j].size);
		fputs("]}", fp);
	}
	fputs("]}", fp);
}

enum err_code
tsnap_json(const struct tsnap *s, FILE *fp, struct err *e)
{
	fputs("{\"format\":\"oomtrail-torch-snapshot-summary\",\"version\":1,"
	    "\"devices\":[", fp);
	for (int i = 0; i < s->ndev; i++) {
		if (i)
			fputc(',', fp);
		dev_json(&s->dev[i], fp);
	}
	fputc(']', fp);
	if (s->has_settings) {
		fputs(",\"allocator_settings\":{\"expandable_segments\":", fp);
		fputs(s->expandable_segments < 0 ? "null" :
		    s->expandable_segments ? "true" : "false", fp);
		fprintf(fp, ",\"max_split_size\":%lld",
		    (long long)s->max_split_size);
		if (s->gc_threshold >= 0)
			fprintf(fp, ",\"garbage_collection_threshold\":%.4g",
			    s->gc_threshold);
		fputc('}', fp);
	}
	fprintf(fp, ",\"truncated\":%s}\n", s->truncated ? "true" : "false");
	if (ferror(fp))
		return ERR(e, ERR_IO, "writing the snapshot summary");
	return ERR_OK;
}

enum err_code
pickle_summary_json(const char *buf, size_t n, char **json, size_t *jn,
    struct err *e)
{
	struct arena	*a = arena_new(1u << 20);
	struct pk_node	*root;
	struct tsnap	*s;
	struct fr_snap	 fr;
	FILE		*fp;
	enum err_code	 rc;
	int		 dump = 0;

	*json = NULL;
	*jn = 0;
	if (a == NULL || (s = arena_alloc(a, sizeof(*s))) == NULL) {
		arena_free(a);
		return ERR(e, ERR_NOMEM, "pickle summary");
	}
	if ((rc = pickle_read(buf, n, &tsnap_limits, a, &root, e)) == ERR_OK &&
	    (dump = fr_is_dump(root)))
		fr_read(root, &fr);	/* a Flight Recorder dump */
	else if (rc != ERR_OK || (rc = tsnap_read(root, s, e)) != ERR_OK) {
		if (rc != ERR_NOMEM) {
			char	why[sizeof(e->msg)];

			snprintf(why, sizeof(why), "%s", e->msg);
			rc = ERR(e, ERR_FORMAT, "neither an allocator snapshot "
			    "nor a Flight Recorder dump: %s", why);
		}
		arena_free(a);
		return rc;
	}
	if ((fp = open_memstream(json, jn)) == NULL) {
		arena_free(a);
		return ERR(e, ERR_NOMEM, "pickle summary");
	}
	rc = dump ? fr_json(&fr, fp, e) : tsnap_json(s, fp, e);
	if (fclose(fp) != 0 && rc == ERR_OK)
		rc = ERR(e, ERR_IO, "pickle summary");
	if (rc != ERR_OK) {
		free(*json);
		*json = NULL;
		*jn = 0;
	}
	arena_free(a);
	return rc;
}
