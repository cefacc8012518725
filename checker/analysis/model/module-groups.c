#include "analysis/model/module-groups.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void module_groups_init(struct module_groups *g, const char *root)
{
	memset(g, 0, sizeof(*g));
	g->root = root;
}

static void put_group(struct module_groups *g, const char *dir, const char *word,
		      size_t len, const char *group)
{
	struct strbuf key = STRBUF_INIT;

	if (len < 3 || strncmp(word + len - 2, ".o", 2))
		return;
	strbuf_addf(&key, "%s/%.*s", dir, (int)len, word);
	/* The first list that names an object says where it goes. */
	if (!strmap_get(&g->by_object, key.buf))
		strmap_put(&g->by_object, key.buf, xstrdup(group));
	strbuf_release(&key);
}

/* One logical line: `NAME-SUFFIX [:+]= words`. */
static void read_line(struct module_groups *g, const char *dir, char *line)
{
	char *eq = strchr(line, '='), *dash, *name = line, *words;
	struct strbuf group = STRBUF_INIT;

	if (!eq || eq == line)
		return;
	words = eq + 1;
	if (eq[-1] == ':' || eq[-1] == '+' || eq[-1] == '?')
		eq--;
	*eq = '\0';
	while (isspace((unsigned char)*name))
		name++;
	while (eq > name && isspace((unsigned char)eq[-1]))
		*--eq = '\0';
	/* snd-soc-wm8350-objs, libata-$(CONFIG_ATA_SFF), obj-y */
	dash = strrchr(name, '-');
	if (!dash)
		return;
	*dash = '\0';
	if (!strcmp(name, "obj")) {
		if (!strcmp(dash + 1, "y"))
			strbuf_addstr(&group, "built-in");
		else
			strbuf_addstr(&group, "module");
	} else if (strncmp(name, "ccflags", 7) && strncmp(name, "subdir", 6) &&
		   strncmp(name, "CFLAGS", 6) && strncmp(name, "always", 6)) {
		strbuf_addf(&group, "object %s", name);
	} else {
		return;
	}
	while (*words) {
		size_t n;

		while (isspace((unsigned char)*words))
			words++;
		n = strcspn(words, " \t\n");
		if (!n)
			break;
		if (!strcmp(group.buf, "module")) {
			/* a module of its own: its own group */
			struct strbuf own = STRBUF_INIT;

			strbuf_addf(&own, "module %.*s", (int)n, words);
			put_group(g, dir, words, n, own.buf);
			strbuf_release(&own);
		} else {
			put_group(g, dir, words, n, group.buf);
		}
		words += n;
	}
	strbuf_release(&group);
}

static void read_makefile(struct module_groups *g, const char *dir, const char *name)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	char *p, *line;

	strbuf_addf(&path, "%s/%s/%s", g->root, dir, name);
	if (strbuf_read_file(&text, path.buf) < 0 || !text.buf) {
		strbuf_release(&path);
		strbuf_release(&text);
		return;
	}
	/* Join continued lines. */
	for (p = text.buf; (p = strstr(p, "\\\n")); )
		p[0] = p[1] = ' ';
	for (line = text.buf; line && *line; ) {
		char *nl = strchr(line, '\n'), *hash;

		if (nl)
			*nl = '\0';
		hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		read_line(g, dir, line);
		line = nl ? nl + 1 : NULL;
	}
	strbuf_release(&path);
	strbuf_release(&text);
}

static const char *group_of(struct module_groups *g, const char *path)
{
	const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
	struct strbuf key = STRBUF_INIT;
	char *dir;
	const char *group;

	if (!slash || !dot || dot < slash || strcmp(dot, ".c"))
		return NULL;
	dir = xstrndup(path, (size_t)(slash - path));
	if (!strmap_get(&g->dirs_read, dir)) {
		strmap_put(&g->dirs_read, dir, (void *)1);
		read_makefile(g, dir, "Makefile");
		read_makefile(g, dir, "Kbuild");
	}
	strbuf_addf(&key, "%s/%.*s.o", dir, (int)(dot - slash - 1), slash + 1);
	group = strmap_get(&g->by_object, key.buf);
	strbuf_release(&key);
	free(dir);
	return group;
}

bool module_groups_linked_together(struct module_groups *g, const char *a,
				   const char *b)
{
	const char *ga, *gb;

	if (!strcmp(a, b))
		return true;
	ga = group_of(g, a);
	gb = group_of(g, b);
	if (!ga || !gb)
		return true;
	return !strcmp(ga, gb) || (!strcmp(ga, "built-in") && !strcmp(gb, "built-in"));
}

void module_groups_release(struct module_groups *g)
{
	strmap_release(&g->by_object, free);
	strmap_release(&g->dirs_read, NULL);
}
