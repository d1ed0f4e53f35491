/*
 * mkbundle: pack a fixture tree into a real bundle with the project's own
 * bundle writer, so tests analyse exactly what the collector would write.
 *
 *   mkbundle SCENARIO_DIR OUT_DIR NAME
 *
 * SCENARIO_DIR/scenario.json gives the manifest's header (host, node,
 * kernel, cluster, job_id, array_job_id, array_task_id, scope, created,
 * clocks); every other regular file under the
 * directory becomes a member at its relative path, in sorted order.
 * scenario.json is never packed. The keys "description" and "expect"
 * are for readers and tests, not the manifest.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bundle.h"
#include "manifest.h"
#include "units.h"

static void
die(const char *what, const char *msg)
{
	fprintf(stderr, "mkbundle: %s: %s\n", what, msg);
	exit(1);
}

static char *
jstr(json_t *o, const char *k)
{
	json_t	*v = json_object_get(o, k);

	return json_is_string(v) ? strdup(json_string_value(v)) : NULL;
}

static int64_t
jtime(json_t *o, const char *k)
{
	json_t	*v = json_object_get(o, k);
	int64_t	 ns;
	int	 tz;

	if (!json_is_string(v) || units_iso_time(str_cstr(json_string_value(v)),
	    &ns, &tz) != 0)
		return 0;
	return ns;
}

static void
header(struct manifest *m, const char *dir)
{
	char		 path[4096];
	json_error_t	 je;
	json_t		*j, *c;

	snprintf(path, sizeof(path), "%s/scenario.json", dir);
	if ((j = json_load_file(path, 0, &je)) == NULL)
		die(path, je.text);
	m->collector_version = strdup("fixture");
	m->host = jstr(j, "host");
	m->kernel = jstr(j, "kernel");
	m->cluster = jstr(j, "cluster");
	m->job_id = jstr(j, "job_id");
	m->node = jstr(j, "node");
	m->array_job_id = jstr(j, "array_job_id");
	m->array_task_id = jstr(j, "array_task_id");
	m->scope = jstr(j, "scope");
	m->cgroup_mode = jstr(j, "cgroup_mode");
	m->created_ns = jtime(j, "created");
	if ((c = json_object_get(j, "clocks")) != NULL) {
		m->clocks.realtime_ns = jtime(c, "realtime");
		m->clocks.monotonic_ns = (int64_t)(json_number_value(
		    json_object_get(c, "monotonic_s")) * 1e9 + 0.5);
		m->clocks.boottime_ns = m->clocks.monotonic_ns;
		m->clocks.has_offset = json_object_get(c, "utc_offset_s") != NULL;
		m->clocks.utc_offset_s = (int)json_integer_value(
		    json_object_get(c, "utc_offset_s"));
		m->clocks.tz = jstr(c, "tz");
	}
	json_decref(j);
}

static int
cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Collect relative paths of regular files under dir/rel, sorted. */
static void
walk(const char *root, const char *rel, char ***v, size_t *n)
{
	char		 path[8200], sub[4096];
	struct dirent	*de;
	struct stat	 st;
	DIR		*d;

	snprintf(path, sizeof(path), "%s%s%s", root, *rel ? "/" : "", rel);
	if ((d = opendir(path)) == NULL)
		die(path, strerror(errno));
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		snprintf(sub, sizeof(sub), "%s%s%s", rel, *rel ? "/" : "",
		    de->d_name);
		snprintf(path, sizeof(path), "%s/%s", root, sub);
		if (lstat(path, &st) == -1)
			die(path, strerror(errno));
		if (S_ISDIR(st.st_mode))
			walk(root, sub, v, n);
		else if (S_ISREG(st.st_mode) && strcmp(sub, "scenario.json")) {
			*v = realloc(*v, (*n + 1) * sizeof(**v));
			(*v)[(*n)++] = strdup(sub);
		}
	}
	closedir(d);
}

int
main(int argc, char *argv[])
{
	struct bundle_writer	*w;
	struct manifest		*m;
	struct manifest_item	*it;
	struct err		 e = { 0 };
	struct stat		 st;
	char			**files = NULL, path[4096], *final = NULL;
	size_t			 n = 0;
	int			 fd;

	if (argc != 4) {
		fprintf(stderr, "usage: mkbundle SCENARIO_DIR OUT_DIR NAME\n");
		return 2;
	}
	if ((m = manifest_new()) == NULL)
		die("manifest", "out of memory");
	header(m, argv[1]);
	walk(argv[1], "", &files, &n);
	qsort(files, n, sizeof(*files), cmp);
	if (bundle_writer_open(&w, argv[2], argv[3], m, &e) != ERR_OK)
		die(argv[3], e.msg);
	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", argv[1], files[i]);
		if ((fd = open(path, O_RDONLY)) == -1 || fstat(fd, &st) == -1)
			die(path, strerror(errno));
		if ((it = manifest_add_item(m)) == NULL)
			die(path, "out of memory");
		manifest_set_str(&it->source, files[i]);
		manifest_set_str(&it->kind, "file");
		it->start_ns = m->created_ns;
		it->exit_status = -1;
		it->source_bytes = (uint64_t)st.st_size;
		if (bundle_add_fd(w, it, files[i], fd, (uint64_t)st.st_size,
		    &e) != ERR_OK)
			die(path, e.msg);
		close(fd);
		free(files[i]);
	}
	free(files);
	if (bundle_writer_close(w, &final, &e) != ERR_OK)
		die(argv[3], e.msg);
	puts(final);
	free(final);
	manifest_free(m);
	return 0;
}
