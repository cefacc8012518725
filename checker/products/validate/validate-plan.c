/* The plan a validation follows, said before it builds (and all --dry-run
 * does): the patches, the objects they touch, the configuration, the
 * architectures, and what it will take. The estimate comes from the last
 * run on the same tree, kept in the validate cache: its fixed costs (the
 * worktree, configuring, preparing, the rescan) and its seconds a build of
 * an object; a first run says it has none rather than guess. */
#include "products/validate/validate-priv.h"
#include "products/validate/validate.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>

/* The file of the last run's timings for tree t. */
static char *timings_path(const struct vtree *t)
{
	char *root = vcache_root();
	struct strbuf sb = STRBUF_INIT;
	uint64_t h = 0xcbf29ce484222325ULL;
	const char *s;

	if (!root)
		return NULL;
	for (s = t->tree; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	strbuf_addf(&sb, "%s/last-run-%016llx", root, (unsigned long long)h);
	free(root);
	return strbuf_detach(&sb);
}

/* Builds a run makes: each object at the base, then again after each patch
 * that touches it; counted as every object once a patch, an upper bound. */
static double builds_of(size_t nr_objs, size_t nr_patches)
{
	return (double)nr_objs * (double)(nr_patches + 1);
}

/* The host's kernel ARCH, for the plan's line. */
static const char *host_arch(void)
{
	static struct utsname u;

	if (uname(&u) < 0)
		return "the host's";
	if (!strcmp(u.machine, "x86_64") || !strncmp(u.machine, "i", 1))
		return "x86";
	if (!strcmp(u.machine, "aarch64"))
		return "arm64";
	return u.machine;
}

static void print_estimate(FILE *fp, const struct vtree *t, size_t nr_objs, size_t nr_patches)
{
	char *path = timings_path(t);
	FILE *in = path ? fopen(path, "r") : NULL;
	double fixed = -1, per_build = -1;
	char line[128];

	while (in && fgets(line, sizeof(line), in)) {
		sscanf(line, "fixed %lf", &fixed);
		sscanf(line, "per_build %lf", &per_build);
	}
	if (in)
		fclose(in);
	if (fixed < 0 || per_build < 0)
		fprintf(fp, "  estimate: none yet (no earlier run on this tree to time "
			"from; this one will be)\n");
	else
		fprintf(fp, "  estimate: about %.0f s (the last run on this tree: %.0f s "
			"of worktree, configuration, preparation and rescan, %.1f s a "
			"build of an object, %.0f builds at most)\n",
			fixed + per_build * builds_of(nr_objs, nr_patches), fixed, per_build,
			builds_of(nr_objs, nr_patches));
	free(path);
}

void vplan_print(FILE *fp, const struct vtree *t, const struct validate_options *opts,
		 const struct vseries *series, struct vobject *const *objs, size_t nr_objs)
{
	struct strlist arches = { 0 };
	struct strbuf path = STRBUF_INIT;
	struct stat st;
	size_t i, shown = nr_objs < 8 ? nr_objs : 8;

	fprintf(fp, "wqcheck validate: plan for %s on %s\n", series->dir, t->tree);
	fprintf(fp, "  patches: %zu\n", series->nr_patches);
	fprintf(fp, "  objects: %zu", nr_objs);
	for (i = 0; i < shown; i++)
		fprintf(fp, "%s%s", i ? ", " : " (", objs[i]->object);
	if (shown)
		fprintf(fp, "%s)", nr_objs > shown ? ", ..." : "");
	fputc('\n', fp);
	strbuf_addf(&path, "%s/.config", t->tree);
	if (opts->config)
		fprintf(fp, "  configuration: %s%s\n", opts->config, opts->enable_touched ?
			", plus the Kconfig symbols that build the objects" : "");
	else if (stat(path.buf, &st) == 0)
		fprintf(fp, "  configuration: the tree's .config%s\n", opts->enable_touched ?
			", plus the Kconfig symbols that build the objects" : "");
	else
		fprintf(fp, "  configuration: defconfig, plus the Kconfig symbols that "
			"build the objects\n");
	strbuf_release(&path);
	/* an object under arch/X/ is X's; one that needs a symbol only X
	 * defines is found once configured (validate-arch.c) */
	for (i = 0; i < nr_objs; i++) {
		const char *o = objs[i]->object, *slash;
		char *arch;

		if (strncmp(o, "arch/", 5) || !(slash = strchr(o + 5, '/')))
			continue;
		arch = xstrndup(o + 5, (size_t)(slash - o - 5));
		if (strcmp(arch, host_arch()) && !strlist_has(&arches, arch))
			strlist_add(&arches, arch);
		free(arch);
	}
	fprintf(fp, "  architectures: %s (the host)", host_arch());
	for (i = 0; i < arches.nr; i++)
		fprintf(fp, ", %s (its cross compiler)", arches.items[i]);
	fputc('\n', fp);
	strlist_release(&arches);
	print_estimate(fp, t, nr_objs, series->nr_patches);
	fflush(fp);
}

void vplan_record(const struct vtree *t, const struct vreport *r, size_t nr_patches)
{
	char *path = timings_path(t), *slash;
	double builds = builds_of(r->nr_objects, nr_patches);
	FILE *out;

	if (!path || r->fatal || !r->nr_objects || builds <= 0) {
		free(path);
		return;
	}
	/* the cache's directories, made by an earlier step or now */
	for (slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0777);
		*slash = '/';
	}
	out = fopen(path, "w");
	if (out) {
		fprintf(out, "fixed %f\nper_build %f\n",
			r->t_worktree + r->t_configure + r->t_prepare + r->t_arches + r->t_rescan,
			(r->t_base + r->t_patches) / builds);
		fclose(out);
	}
	free(path);
}
