/*
 * qacct: Grid Engine's accounting record (qacct -j) read after the line
 * that says a limit ended the job but not which one: "failed 37 :
 * qmaster enforced h_rt, h_cpu, or h_vmem limit". The record's own
 * figures on the lines after it decide, and the event becomes what they
 * show:
 *
 * - the run-time limit (EV_TIME_LIMIT, what grid_engine_h_rt) when the
 *   wall clock reached the h_rt its category line names, or, with no
 *   limit named, when the job ended within a few seconds after a whole
 *   quarter hour (limits are set in round times; what
 *   grid_engine_round, read as the weaker evidence it is);
 * - the memory limit (EV_ENFORCER_KILL, what grid_engine, resource
 *   h_vmem) when maxvmem reached 90% of the h_vmem its category names;
 * - neither: the failure stays an EV_APP_ERROR (what sge_limit) that
 *   decides nothing.
 *
 * The decision is made again after every line of the record, so a
 * record cut anywhere leaves the answer its lines support.
 */
#include <stdint.h>
#include <string.h>

#include "parse_log.h"
#include "units.h"

#define ROUND_S		900	/* limits are whole quarter hours or more */
#define ROUND_SLACK_S	5	/* the kill lands this soon after it */
#define RT_SLACK_S	60	/* the wall clock against h_rt */
#define PART_MAX	100000000	/* a field of h_rt, kept from overflow */

/* "18001s", "18001", "18001.123": whole seconds, or -1. */
static int64_t
seconds(struct str v)
{
	int64_t	n = 0;
	size_t	i = 0;

	v = str_trim(v);
	for (; i < v.n && v.p[i] >= '0' && v.p[i] <= '9' && n < INT64_MAX / 10;
	    i++)
		n = n * 10 + (v.p[i] - '0');
	return i == 0 ? -1 : n;
}

/* h_rt as Grid Engine takes it: "18000" or "5:00:00" (h:m:s). */
static int64_t
hms_or_seconds(struct str v)
{
	int64_t	part = 0, total = 0;
	int	colons = 0, digits = 0;

	for (size_t i = 0; i < v.n; i++) {
		if (v.p[i] >= '0' && v.p[i] <= '9' && part < PART_MAX) {
			part = part * 10 + (v.p[i] - '0');
			digits++;
		} else if (v.p[i] == ':' && colons < 2) {
			total = (total + part) * 60;
			part = 0;
			colons++;
		} else
			break;
	}
	return digits == 0 ? -1 : total + part;
}

/* The value of "NAME=" in a category line ("-l h_rt=18000,h_vmem=4G"),
 * up to a comma or a blank. */
static struct str
request(struct str cat, const char *name)
{
	size_t		 k = strlen(name);
	const char	*p = cat.p, *e = cat.p + cat.n, *q;

	while ((size_t)(e - p) > k) {
		if ((q = str_find(str_make(p, (size_t)(e - p)), name)) == NULL)
			break;
		if ((q == cat.p || q[-1] == ',' || q[-1] == ' ') &&
		    q + k < e && q[k] == '=') {
			const char	*v = q + k + 1, *w = v;

			while (w < e && *w != ',' && *w != ' ')
				w++;
			return str_make(v, (size_t)(w - v));
		}
		p = q + k;
	}
	return str_make(NULL, 0);
}

/* The event becomes kind k, what, and the limit that ended it. */
static int
become(struct event *ev, struct arena *a, enum ev_kind k, const char *what,
    const char *resource)
{
	ev->kind = k;
	if (ev_set_str(ev, a, "what", str_cstr(what)) == -1)
		return -1;
	return resource == NULL ? 0 : ev_set_str(ev, a, "resource",
	    str_cstr(resource));
}

static int
decide(struct event *ev, struct arena *a)
{
	int64_t	w = ev_num_or(ev, "wallclock_s", -1);
	int64_t	rt = ev_num_or(ev, "h_rt_s", -1);
	int64_t	mv = ev_num_or(ev, "maxvmem_bytes", -1);
	int64_t	hv = ev_num_or(ev, "h_vmem_bytes", -1);

	if (w > 0 && rt > 0 && w + RT_SLACK_S >= rt)
		return become(ev, a, EV_TIME_LIMIT, "grid_engine_h_rt", "h_rt");
	if (mv > 0 && hv > 0 && mv >= hv / 10 * 9)
		return become(ev, a, EV_ENFORCER_KILL, "grid_engine", "h_vmem");
	if (rt < 0 && hv < 0 && w >= ROUND_S && w % ROUND_S <= ROUND_SLACK_S)
		return become(ev, a, EV_TIME_LIMIT, "grid_engine_round",
		    "h_rt");
	return become(ev, a, EV_APP_ERROR, "sge_limit", NULL);
}

int
qacct_line(struct event *ev, struct arena *a, struct str body, int *err)
{
	struct str	b = str_trim(body), k, v;
	const char	*sp;
	uint64_t	bytes;
	int64_t		n;

	if (b.n == 0 || b.p[0] == '=')
		return 1;
	if ((sp = memchr(b.p, ' ', b.n)) == NULL)
		return 0;
	k = str_make(b.p, (size_t)(sp - b.p));
	v = str_trim(str_make(sp, b.n - k.n));
	if (str_eq(k, "ru_wallclock") && (n = seconds(v)) >= 0)
		*err |= ev_set_num(ev, a, "wallclock_s", n) == -1;
	else if (str_eq(k, "maxvmem") && units_size(v, 1, &bytes) == 0 &&
	    bytes <= INT64_MAX)
		*err |= ev_set_num(ev, a, "maxvmem_bytes", (int64_t)bytes) == -1;
	else if (str_eq(k, "category")) {
		struct str	rt = request(v, "h_rt"), hv = request(v, "h_vmem");

		if (rt.n > 0 && (n = hms_or_seconds(rt)) > 0)
			*err |= ev_set_num(ev, a, "h_rt_s", n) == -1;
		if (hv.n > 0 && units_size(hv, 1, &bytes) == 0 &&
		    bytes <= INT64_MAX)
			*err |= ev_set_num(ev, a, "h_vmem_bytes",
			    (int64_t)bytes) == -1;
	} else
		return 0;
	*err |= decide(ev, a) == -1;
	return 0;
}
