/*
 * A .c file no Makefile lists is often compiled inside another that
 * #includes it: hostap_hw.c next to its includers, and i915's selftests,
 * which drivers/gpu/drm/i915/i915_sw_fence.c includes from the directory
 * above under #if IS_ENABLED(CONFIG_DRM_I915_SELFTEST). Such a file is
 * proved by building its includer in a configuration that compiles the
 * #include: the symbol of the #if around it is a gate like a Makefile's.
 */
#include "lib/usage.h"
#include "products/validate/validate-priv.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#define PARENT_LEVELS 2

static bool is_c_file(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && !strcmp(name + n - 2, ".c");
}

/* The start of the line that holds p */
static const char *line_start(const char *text, const char *p)
{
	while (p > text && p[-1] != '\n')
		p--;
	return p;
}

/* The CONFIG_ symbol the innermost #if around the line at pos requires:
 * #ifdef CONFIG_X, #if IS_ENABLED(CONFIG_X), #if defined(CONFIG_X),
 * IS_BUILTIN, IS_MODULE; NULL for another test or none. */
static char *enclosing_gate(const char *text, const char *pos)
{
	const char *line = line_start(text, pos);
	int depth = 0;

	while (line > text) {
		const char *p;

		line = line_start(text, line - 1);
		p = line + strspn(line, " \t");
		if (*p != '#')
			continue;
		p++;
		p += strspn(p, " \t");
		if (!strncmp(p, "endif", 5)) {
			depth++;
		} else if (!strncmp(p, "if", 2) && depth) {
			depth--;
		} else if (!strncmp(p, "if", 2)) {
			const char *eol = strchr(p, '\n'), *cfg = strstr(p, "CONFIG_");
			size_t n;

			if (!cfg || (eol && cfg > eol) || memchr(p, '!', (size_t)(cfg - p)) ||
			    !strncmp(p, "ifndef", 6))
				return NULL;
			n = strspn(cfg + 7, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"
				   "abcdefghijklmnopqrstuvwxyz");
			return n ? xstrndup(cfg + 7, n) : NULL;
		}
	}
	return NULL;
}

/* The .c files of dir (relative to srcdir) with #include "want"; adds
 * them to out and the gates of their #if to gates. */
static bool includers_in(const char *srcdir, const char *dir, const char *want,
			 struct strlist *out, struct strlist *gates)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT, quoted = STRBUF_INIT;
	struct dirent *de;
	bool any = false;
	DIR *d;

	strbuf_addf(&path, "%s/%s", srcdir, dir);
	strbuf_addf(&quoted, "\"%s\"", want);
	d = opendir(path.buf);
	while (d && (de = readdir(d))) {
		const char *hit;

		if (!is_c_file(de->d_name))
			continue;
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s/%s", srcdir, dir, de->d_name);
		strbuf_reset(&text);
		if (strbuf_read_file(&text, path.buf) < 0 || !text.buf)
			continue;
		hit = strstr(text.buf, quoted.buf);
		if (!hit || !strstr(line_start(text.buf, hit), "include"))
			continue;
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", dir, de->d_name);
		if (!strlist_has(out, path.buf))
			strlist_add(out, path.buf);
		any = true;
		if (gates) {
			char *gate = enclosing_gate(text.buf, hit);

			if (gate && !strlist_has(gates, gate))
				strlist_add(gates, gate);
			free(gate);
		}
	}
	if (d)
		closedir(d);
	strbuf_release(&path);
	strbuf_release(&text);
	strbuf_release(&quoted);
	return any;
}

bool vsource_includers(const char *srcdir, const char *source, struct strlist *out,
		       struct strlist *gates)
{
	char *dir = xstrdup(source);
	const char *want;
	bool any = false;
	int level;

	for (level = 0; level <= PARENT_LEVELS && !any; level++) {
		char *slash = strrchr(dir, '/');

		if (!slash)
			break;
		*slash = '\0';
		want = source + strlen(dir) + 1;
		any = includers_in(srcdir, dir, want, out, gates);
	}
	free(dir);
	return any;
}
