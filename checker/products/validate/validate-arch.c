/* The touched objects of other architectures: which arch each needs, which
 * defconfigs of that arch build them, and the builds (one prepared O=
 * directory per arch and defconfig, beside the host's) that validate
 * compares them in with that arch's cross compiler. */
#include "lib/usage.h"
#include "products/validate/validate-arch.h"
#include "products/validate/validate-config.h"
#include "products/validate/validate-priv.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

/* A build of another arch validates at most this many defconfigs: each
 * costs a configuration and a make prepare. */
#define MAX_DEFCONFIGS_PER_ARCH 6

char *object_foreign_arch(struct kconfig_db *host_kc, const char *srcdir,
			  const char *host_arch, const char *object)
{
	struct strlist gates = { 0 }, arches = { 0 };
	char *r = NULL;
	size_t i;

	if (!strncmp(object, "arch/", 5)) {
		size_t n = strcspn(object + 5, "/");

		if (object[5 + n] == '/' && (strlen(host_arch) != n ||
					     strncmp(object + 5, host_arch, n)))
			return xstrndup(object + 5, n);
		return NULL;
	}
	if (!host_kc || !makefile_gates(srcdir, object, host_kc, &gates))
		return NULL;
	for (i = 0; i < gates.nr; i++) {
		const char *v = kconfig_value(host_kc, gates.items[i]);

		if (v && (!strcmp(v, "y") || !strcmp(v, "m")))
			continue;
		if (!kconfig_feasible(host_kc, gates.items[i]))
			free(kconfig_explain_arches(host_kc, gates.items[i], &arches));
	}
	for (i = 0; i < arches.nr && !r; i++)
		if (strcmp(arches.items[i], host_arch) && cross_compile_prefix(arches.items[i]))
			r = xstrdup(arches.items[i]);
	for (i = 0; i < arches.nr && !r; i++)
		if (strcmp(arches.items[i], host_arch))
			r = xstrdup(arches.items[i]);
	strlist_release(&gates);
	strlist_release(&arches);
	return r;
}

void defconfig_choice_release(struct defconfig_choice *c)
{
	free(c->name);
	strlist_release(&c->objects);
	memset(c, 0, sizeof(*c));
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The defconfig files of arch, sorted by name. */
static void list_defconfigs(const char *srcdir, const char *arch, struct strlist *out)
{
	struct strbuf dir = STRBUF_INIT;
	struct dirent *de;
	DIR *d;

	strbuf_addf(&dir, "%s/arch/%s/configs", srcdir, arch);
	d = opendir(dir.buf);
	while (d && (de = readdir(d))) {
		size_t n = strlen(de->d_name);

		if (de->d_name[0] != '.' && n >= 9 && !strcmp(de->d_name + n - 9, "defconfig"))
			strlist_add(out, de->d_name);
	}
	if (d)
		closedir(d);
	if (out->nr)
		qsort(out->items, out->nr, sizeof(*out->items), compare_names);
	strbuf_release(&dir);
}

/* Under kc's current values: can object be built (every Makefile gate set
 * or plannable)? Adds how many of its gates are set and how many symbols
 * the plan would enable. */
static bool object_buildable(struct kconfig_db *kc, const char *srcdir, const char *object,
			     size_t *set, size_t *to_enable)
{
	struct strlist gates = { 0 }, enable = { 0 };
	bool ok = true;
	size_t i;

	if (!strncmp(object, "arch/", 5) && !makefile_gates(srcdir, object, kc, &gates)) {
		/* arch/arm/kernel/x.o listed through core-y: the arch's own */
		strlist_release(&gates);
		return true;
	}
	if (!gates.nr && !makefile_gates(srcdir, object, kc, &gates)) {
		strlist_release(&gates);
		return false;
	}
	for (i = 0; i < gates.nr && ok; i++) {
		const char *v = kconfig_value(kc, gates.items[i]);

		if (v && (!strcmp(v, "y") || !strcmp(v, "m")))
			(*set)++;
		else
			ok = kconfig_plan(kc, gates.items[i], &enable);
	}
	*to_enable += enable.nr;
	strlist_release(&gates);
	strlist_release(&enable);
	return ok;
}

struct candidate {
	size_t objects, set, to_enable;
	bool is_default;
};

static bool better(const struct candidate *a, const struct candidate *b)
{
	if (a->objects != b->objects)
		return a->objects > b->objects;
	if (a->set != b->set)
		return a->set > b->set;
	if (a->to_enable != b->to_enable)
		return a->to_enable < b->to_enable;
	return a->is_default && !b->is_default;
}

/* What one object needs under one defconfig. */
struct fit {
	bool buildable;
	size_t set, to_enable;
};

size_t choose_defconfigs(struct kconfig_db *kc, const char *srcdir, const char *arch,
			 const struct strlist *objects, const struct strlist *exclude,
			 size_t max, struct defconfig_choice **out, struct strlist *left)
{
	struct strlist names = { 0 };
	struct defconfig_choice *choices = NULL;
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	size_t nr = 0, alloc = 0, i, j, n = objects->nr;
	struct fit *fit;
	bool *done = xcalloc(n + 1, sizeof(*done)), *chosen;

	list_defconfigs(srcdir, arch, &names);
	chosen = xcalloc(names.nr + 1, sizeof(*chosen));
	/* how each object fits each defconfig: the same whatever else is
	 * chosen, so read once */
	fit = xcalloc(names.nr * n + 1, sizeof(*fit));
	kconfig_fix_choices(kc, true);
	for (i = 0; i < names.nr; i++) {
		strbuf_reset(&path);
		strbuf_reset(&text);
		strbuf_addf(&path, "%s/arch/%s/configs/%s", srcdir, arch, names.items[i]);
		if (exclude && strlist_has(exclude, names.items[i])) {
			chosen[i] = true;	/* tried already */
			continue;
		}
		if (strbuf_read_file(&text, path.buf) < 0) {
			chosen[i] = true;	/* unreadable: never a candidate */
			continue;
		}
		kconfig_set_defconfig(kc, text.buf);
		for (j = 0; j < n; j++) {
			struct fit *f = &fit[i * n + j];

			f->buildable = object_buildable(kc, srcdir, objects->items[j], &f->set,
							&f->to_enable);
		}
	}
	kconfig_fix_choices(kc, false);
	while (nr < max) {
		struct candidate best = { 0 };
		size_t best_i = names.nr;

		for (i = 0; i < names.nr; i++) {
			struct candidate c = { 0 };

			if (chosen[i])
				continue;
			for (j = 0; j < n; j++)
				if (!done[j] && fit[i * n + j].buildable) {
					c.objects++;
					c.set += fit[i * n + j].set;
					c.to_enable += fit[i * n + j].to_enable;
				}
			c.is_default = !strcmp(names.items[i], "defconfig");
			if (c.objects && (best_i == names.nr || better(&c, &best))) {
				best = c;
				best_i = i;
			}
		}
		if (best_i == names.nr)
			break;
		ALLOC_GROW(choices, nr, alloc);
		memset(&choices[nr], 0, sizeof(choices[nr]));
		choices[nr].name = xstrdup(names.items[best_i]);
		choices[nr].symbols_set = best.set;
		for (j = 0; j < n; j++)
			if (!done[j] && fit[best_i * n + j].buildable) {
				strlist_add(&choices[nr].objects, objects->items[j]);
				done[j] = true;
			}
		chosen[best_i] = true;
		nr++;
	}
	for (j = 0; j < n; j++)
		if (!done[j])
			strlist_add(left, objects->items[j]);
	free(fit);
	free(done);
	free(chosen);
	strlist_release(&names);
	strbuf_release(&path);
	strbuf_release(&text);
	*out = choices;
	return nr;
}

/* --- the builds of other arches ---------------------------------------- */

/* A build of another arch whose configuration or make prepare fails tries
 * at most this many other defconfigs for the objects it had. */
#define MAX_FALLBACKS_PER_ARCH 3

/* The first line of make's output that says what failed, for a reason: a
 * compiler's or make's error, or the linker's (its "multiple definition
 * of" line rather than collect2's "ld returned 1 exit status"). */
static char *first_error(const char *out)
{
	static const char *const needles[] = {
		"error: ", "multiple definition of", "undefined reference to", "Error ",
	};
	const char *e = NULL, *bol, *nl;
	size_t i;

	for (i = 0; out && i < sizeof(needles) / sizeof(needles[0]); i++) {
		const char *p;

		for (p = strstr(out, needles[i]); p; p = strstr(p + 1, needles[i])) {
			for (bol = p; bol > out && bol[-1] != '\n'; bol--)
				;
			if (strncmp(bol, "collect2: ", 10))
				break;
		}
		if (p && (!e || p < e) && (i < 3 || !e))
			e = p;
	}
	if (!e)
		return xstrdup("make failed");
	for (bol = e; bol > out && bol[-1] != '\n'; bol--)
		;
	nl = strchr(bol, '\n');
	return xstrndup(bol, nl ? (size_t)(nl - bol) : strlen(bol));
}

bool host_link_needs_fcommon(const char *out)
{
	const char *p;

	/* gcc 10 and later compile with -fno-common: a global a header
	 * defines without extern (3.6's dtc: yylloc) is then defined in
	 * every host object that includes it, and the host program does not
	 * link; its recipe is scripts/Makefile.host's */
	if (!out || !strstr(out, "multiple definition of"))
		return false;
	for (p = strstr(out, "***"); p; p = strstr(p + 3, "***")) {
		const char *nl = strchr(p, '\n');
		const char *host = strstr(p, "Makefile.host:");

		if (host && (!nl || host < nl))
			return true;
	}
	return strstr(out, "HOSTLD") != NULL;
}

static struct vtree *add_target(struct vtree *host, const char *arch, const char *prefix,
				const char *defconfig)
{
	struct vtree *t = xcalloc(1, sizeof(*t));

	vtree_open_target(t, host, arch, prefix, defconfig);
	ALLOC_GROW(host->targets, host->nr_targets, host->alloc_targets);
	host->targets[host->nr_targets++] = t;
	return t;
}

/* make scripts: the host programs every object's build needs (scripts/
 * and, with device trees, dtc), which 3.6's make prepare leaves to the
 * first object. Built here, their failure is the configuration's, told
 * once, and not the first object's "make did not build it". */
static int make_scripts(struct vtree *t, struct strbuf *out)
{
	const char *targets[] = { "scripts", NULL };

	vtree_progress(t, "make scripts for ARCH=%s", t->arch);
	return run_make_targets(t, targets, out) ? -1 : 0;
}

/* One attempt: configures and prepares target for objects; on failure
 * says why in *why, with make's first error line, and leaves make's
 * output in out. */
static int try_target(struct vtree *t, const char *base, const struct strlist *objects,
		      struct strbuf *out, char **why)
{
	struct strbuf sb = STRBUF_INIT;
	char *e = NULL;

	if (vtree_configure_target(t, base, out) < 0) {
		e = first_error(out->buf);
		strbuf_addf(&sb, "make ARCH=%s %s fails: %s", t->arch, t->defconfig, e);
	} else if (vconfig_cover(t, base, objects) < 0) {
		strbuf_addf(&sb, "configuring ARCH=%s %s for the touched objects fails", t->arch,
			    t->defconfig);
	} else {
		strbuf_reset(out);
		if (vtree_prepare_out(t, base, out) < 0) {
			e = first_error(out->buf);
			strbuf_addf(&sb, "does not compile at the base: make prepare for ARCH=%s "
				    "(%s) fails: %s", t->arch, t->defconfig, e);
		} else {
			strbuf_reset(out);
			if (make_scripts(t, out) < 0) {
				e = first_error(out->buf);
				strbuf_addf(&sb, "does not compile at the base: make scripts for "
					    "ARCH=%s (%s) fails: %s", t->arch, t->defconfig, e);
			}
		}
	}
	free(e);
	*why = sb.len ? strbuf_detach(&sb) : NULL;
	strbuf_release(&sb);
	return *why ? -1 : 0;
}

/* Configures and prepares target for objects; on failure says why in
 * target->failed. When a host program does not link for a symbol defined
 * twice (host_link_needs_fcommon), tries again with HOSTCFLAGS=-fcommon,
 * and the configuration's description says so. */
static void set_up_target(struct vtree *t, const char *base, const struct strlist *objects)
{
	struct strbuf out = STRBUF_INIT, desc = STRBUF_INIT;
	char *why = NULL;

	if (try_target(t, base, objects, &out, &why) < 0 && host_link_needs_fcommon(out.buf) &&
	    !strlist_has(&t->make_args, "HOSTCFLAGS=-fcommon")) {
		char *e = first_error(out.buf);

		vtree_progress(t, "ARCH=%s %s: a host program does not link (%s): again with "
			       "HOSTCFLAGS=-fcommon", t->arch, t->defconfig, e);
		strbuf_addf(&desc, "HOSTCFLAGS=-fcommon (without it: %s)", e);
		free(e);
		free(why);
		why = NULL;
		/* the first attempt's configuration goes */
		kconfig_db_free(t->kconfig);
		t->kconfig = NULL;
		free(t->config_desc);
		t->config_desc = NULL;
		t->prepared_from_cache = false;
		strlist_add(&t->make_args, "HOSTCFLAGS=-fcommon");
		strbuf_reset(&out);
		try_target(t, base, objects, &out, &why);
	}
	if (desc.len) {
		struct strbuf sb = STRBUF_INIT;

		/* "omap2plus_defconfig + 4 symbols ..., HOSTCFLAGS=-fcommon
		 * (without it: ... multiple definition of `yylloc'; ...)" */
		strbuf_addf(&sb, "%s, %s", t->config_desc ? t->config_desc : t->defconfig,
			    desc.buf);
		free(t->config_desc);
		t->config_desc = strbuf_detach(&sb);
	}
	t->failed = why;
	strbuf_release(&out);
	strbuf_release(&desc);
}

/* The defconfigs an arch's objects are built from: those chosen first, then
 * any tried when one fails. */
struct arch_plan {
	struct defconfig_choice *choices;
	struct vtree **targets;		/* targets[i] built from choices[i] */
	size_t nr, alloc;
	struct strlist names;		/* every defconfig chosen or tried */
};

static void plan_add(struct arch_plan *p, struct defconfig_choice *c)
{
	size_t alloc = p->alloc;

	ALLOC_GROW(p->choices, p->nr, p->alloc);
	if (p->alloc != alloc)
		p->targets = xrealloc(p->targets, p->alloc * sizeof(*p->targets));
	p->choices[p->nr] = *c;
	p->targets[p->nr] = NULL;
	strlist_add(&p->names, c->name);
	p->nr++;
}

/* Why object is built by none of plan's builds: each that had it failed. */
static char *failures_of(const struct arch_plan *p, const char *object)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, n = 0;

	for (i = 0; i < p->nr; i++)
		if (p->targets[i] && p->targets[i]->failed &&
		    strlist_has(&p->choices[i].objects, object))
			strbuf_addf(&sb, "%s%s", n++ ? "; then " : "", p->targets[i]->failed);
	return strbuf_detach(&sb);
}

/* The objects of arch (objs[i]->arch), built from its defconfigs. */
static void set_up_arch(struct vtree *host, const char *base, const char *arch,
			struct vobject **objs, size_t nr)
{
	const char *prefix = cross_compile_prefix(arch);
	struct strlist objects = { 0 }, left = { 0 };
	struct arch_plan plan = { 0 };
	struct defconfig_choice *choices = NULL;
	struct vtree *first = NULL;
	struct kconfig_db *kc;
	size_t nr_choices = 0, fallbacks = 0, i, j;

	if (!prefix) {
		/* the host's reason, with how to get the compiler when its
		 * words do not say it already ("depends on ARM || ARM64") */
		for (i = 0; i < nr; i++) {
			struct strbuf sb = STRBUF_INIT;

			if (!objs[i]->arch || strcmp(objs[i]->arch, arch) || !objs[i]->not_built ||
			    strstr(objs[i]->not_built, "CROSS_COMPILE=") ||
			    strstr(objs[i]->not_built, "make deps CROSS="))
				continue;
			strbuf_addf(&sb, "%s; it is ARCH=%s's: ", objs[i]->not_built, arch);
			cross_compile_advice(&sb, arch);
			free(objs[i]->not_built);
			objs[i]->not_built = strbuf_detach(&sb);
		}
		return;
	}
	for (i = 0; i < nr; i++)
		if (objs[i]->arch && !strcmp(objs[i]->arch, arch))
			strlist_add(&objects, objs[i]->object);
	kc = kconfig_db_read(host->srcdir, arch);
	if (kc) {
		vtree_progress(host, "choosing the defconfigs of ARCH=%s for %zu object%s", arch,
			       objects.nr, objects.nr == 1 ? "" : "s");
		nr_choices = choose_defconfigs(kc, host->srcdir, arch, &objects, NULL,
					       MAX_DEFCONFIGS_PER_ARCH, &choices, &left);
	}
	for (i = 0; i < nr_choices; i++)
		plan_add(&plan, &choices[i]);
	free(choices);
	for (i = 0; i < plan.nr; i++) {
		const struct defconfig_choice *c = &plan.choices[i];
		struct vtree *t = add_target(host, arch, prefix, c->name);
		struct strlist none = { 0 };

		plan.targets[i] = t;
		if (!first)
			first = t;
		vtree_progress(host, "ARCH=%s: %s for %zu object%s", arch, c->name,
			       c->objects.nr, c->objects.nr == 1 ? "" : "s");
		set_up_target(t, base, &c->objects);
		if (!t->failed || !kc || fallbacks >= MAX_FALLBACKS_PER_ARCH)
			continue;
		/* the next defconfig that builds them, of those not tried */
		fallbacks++;
		if (choose_defconfigs(kc, host->srcdir, arch, &c->objects, &plan.names, 1,
				      &choices, &none)) {
			vtree_progress(host, "ARCH=%s %s fails; trying %s", arch, c->name,
				       choices[0].name);
			plan_add(&plan, &choices[0]);
		}
		free(choices);
		choices = NULL;
		strlist_release(&none);
	}
	kconfig_db_free(kc);
	for (j = 0; j < nr; j++) {
		struct vobject *o = objs[j];
		struct vtree *t = NULL;
		char *why;

		if (!o->arch || strcmp(o->arch, arch))
			continue;
		/* the first build that has it and did not fail */
		for (i = 0; i < plan.nr && !t; i++)
			if (strlist_has(&plan.choices[i].objects, o->object) &&
			    !plan.targets[i]->failed)
				t = plan.targets[i];
		for (i = 0; i < plan.nr && !t; i++)
			if (strlist_has(&plan.choices[i].objects, o->object))
				t = plan.targets[i];
		if (!t) {
			/* no defconfig of the arch builds it: the reason under
			 * the first one chosen, or the host's */
			if (!first)
				continue;
			t = first;
		}
		o->tree = t;
		free(o->not_built);
		if (t->failed) {
			o->not_built = failures_of(&plan, o->object);
			if (!*o->not_built) {
				free(o->not_built);
				o->not_built = xstrdup(t->failed);
			}
			continue;
		}
		why = vtree_object_not_built(t, o->object);
		if (why && strlist_has(&left, o->object)) {
			struct strbuf sb = STRBUF_INIT;

			strbuf_addf(&sb, "%s (no arch/%s/configs/*defconfig among the %zu chosen "
				    "builds it)", why, arch, nr_choices);
			free(why);
			why = strbuf_detach(&sb);
		}
		o->not_built = why;
	}
	for (i = 0; i < plan.nr; i++)
		defconfig_choice_release(&plan.choices[i]);
	free(plan.choices);
	free(plan.targets);
	strlist_release(&plan.names);
	strlist_release(&objects);
	strlist_release(&left);
}

void vcross_setup(struct vtree *host, const char *base, struct vobject **objs, size_t nr)
{
	struct strlist arches = { 0 };
	size_t i;

	if (!host->kbuild)
		return;
	for (i = 0; i < nr; i++) {
		struct vobject *o = objs[i];

		if (!o->not_built)
			continue;
		o->arch = object_foreign_arch(host->kconfig, host->srcdir, host->arch, o->object);
		if (o->arch && !strlist_has(&arches, o->arch))
			strlist_add(&arches, o->arch);
	}
	for (i = 0; i < arches.nr; i++)
		set_up_arch(host, base, arches.items[i], objs, nr);
	strlist_release(&arches);
}
