/*
 * validate --distcc=HOSTS: the objects' compiles spread over a distcc farm.
 *
 * distcc is the engine (plain mode: the preprocessor runs here, on the
 * worktree's headers, and the hosts only compile what it made, so both
 * sides of a patch see the sources they must); validate only sets it up
 * and counts. With ccache installed, ccache stays in front (CC="ccache gcc",
 * CCACHE_PREFIX=distcc): a hit compiles nowhere, a miss goes to distcc.
 * Without ccache, CC="distcc gcc". Cross arches go through the same names
 * (CC="ccache aarch64-linux-gnu-gcc"): the hosts need those compilers.
 *
 * Only the makes of the objects go through distcc: configure and prepare
 * run with the compiler they were cached with, so a prepared tree serves
 * runs with and without a farm.
 *
 * A host that fails or drops out mid-compile is distcc's business: it
 * compiles the object here instead (DISTCC_FALLBACK, its default), so what
 * validate sees, an object file or a compile error, is the same either
 * way. Which it was is read from distcc's own log (DISTCC_LOG in the
 * scratch directory): "compile SRC on HOST completed ok", HOST "localhost"
 * when it ran here; "failed to distribute SRC ..." when a host failed it.
 * DISTCC_DIR is the scratch directory too: a host distcc backs off from
 * after a failure is backed off from for this run only.
 */
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "products/validate/validate-config.h"
#include "products/validate/validate-priv.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int vdistcc_setup(struct vtree *t, const char *hosts, int *jobs)
{
	struct vdistcc *d;
	struct strbuf sb = STRBUF_INIT, out = STRBUF_INIT;

	if (!hosts || !*hosts)
		hosts = getenv("DISTCC_HOSTS");
	if (!hosts || !*hosts)
		return error("--distcc: no hosts (give --distcc=HOSTS, or set DISTCC_HOSTS)");
	if (!program_on_path("distcc"))
		return error("--distcc: distcc is not installed (Debian: apt-get install distcc)");
	d = xcalloc(1, sizeof(*d));
	d->hosts = xstrdup(hosts);
	setenv("DISTCC_HOSTS", hosts, 1);
	/* plain mode: pump mode would preprocess on the hosts */
	unsetenv("INCLUDE_SERVER_PORT");
	strbuf_addf(&sb, "%s/distcc", t->scratch);
	mkdir(sb.buf, 0777);
	setenv("DISTCC_DIR", sb.buf, 1);
	strbuf_addstr(&sb, "/distcc.log");
	d->log = strbuf_detach(&sb);
	setenv("DISTCC_LOG", d->log, 1);
	setenv("DISTCC_FALLBACK", "1", 1);
	/* distcc -j: the slots of the hosts it was given */
	if (!run_commandv(NULL, &out, "distcc", "-j", (char *)NULL) && out.buf)
		d->slots = atoi(out.buf);
	if (d->slots < 1)
		d->slots = 1;
	if (*jobs <= 0)
		*jobs = d->slots;
	strbuf_release(&out);
	t->distcc = d;
	return 0;
}

void vdistcc_release(struct vdistcc *d)
{
	if (!d)
		return;
	free(d->hosts);
	free(d->log);
	free(d);
}

/* CC for a make of objects (NULL: the one every make has) and, with
 * ccache, CCACHE_PREFIX set for it. */
char *vdistcc_compiler(const struct vtree *t)
{
	struct strbuf cc = STRBUF_INIT;
	const char *cross = t->cross_compile ? t->cross_compile : "";

	if (!t->distcc)
		return NULL;
	if (t->ccache) {
		setenv("CCACHE_PREFIX", "distcc", 1);
		return NULL;
	}
	strbuf_addf(&cc, "CC=distcc %sgcc", cross);
	return strbuf_detach(&cc);
}

void vdistcc_compiler_done(const struct vtree *t)
{
	if (t->distcc && t->ccache)
		unsetenv("CCACHE_PREFIX");
}

static struct vobject *object_of_source(struct vobject **objs, size_t nr, const char *src,
					size_t len)
{
	size_t i;

	while (len > 3 && !strncmp(src, "../", 3)) {
		src += 3;
		len -= 3;
	}
	if (len > 2 && !strncmp(src, "./", 2)) {
		src += 2;
		len -= 2;
	}
	for (i = 0; i < nr; i++)
		if (strlen(objs[i]->source) == len && !strncmp(objs[i]->source, src, len))
			return objs[i];
	return NULL;
}

/* needle in the line [line, eol), or NULL; warnings come after the name of
 * the function that logs them ("(dcc_build_somewhere) Warning: ...") */
static const char *find_in_line(const char *line, const char *eol, const char *needle)
{
	const char *p = strstr(line, needle);

	return p && p < eol ? p : NULL;
}

/*
 * What distcc wrote since the last call: each compile of an object of objs
 * counted where it ran. The log holds the prepare's and the host tools'
 * compiles too, and names sources as the compiler got them ("../drivers/
 * x.c" under O=).
 */
void vdistcc_account(struct vtree *t, struct vobject **objs, size_t nr)
{
	struct vdistcc *d = t->distcc;
	struct strbuf text = STRBUF_INIT;
	const char *line, *eol;

	if (!d || strbuf_read_file(&text, d->log) < 0 || !text.buf || text.len <= d->log_read) {
		strbuf_release(&text);
		return;
	}
	for (line = text.buf + d->log_read; *line; line = eol ? eol + 1 : line + strlen(line)) {
		const char *p, *on, *src;
		struct vobject *o;

		eol = strchr(line, '\n');
		if (!eol)
			break;		/* a line still being written: next time */
		d->log_read = (size_t)(eol + 1 - text.buf);
		p = strstr(line, "] ");
		if (!p || p > eol)
			continue;
		p += 2;
		if (!strncmp(p, "compile ", 8) && (on = strstr(p, " on ")) && on < eol &&
		    strstr(on, " completed ok") && strstr(on, " completed ok") < eol) {
			src = p + 8;
			o = object_of_source(objs, nr, src, (size_t)(on - src));
			if (!o)
				continue;
			if (!strncmp(on + 4, "localhost ", 10))
				o->local_builds++, d->local++;
			else
				o->remote_builds++, d->remote++;
		} else if ((p = find_in_line(line, eol, "failed to distribute "))) {
			/* "failed to distribute SRC to HOST, running locally instead" */
			src = p + 21;
			on = strstr(src, " to ");
			o = on && on < eol ? object_of_source(objs, nr, src, (size_t)(on - src)) : NULL;
			if (o)
				o->fallbacks++, d->fallbacks++;
		} else if ((p = find_in_line(line, eol, "remote compilation of '"))) {
			/* the host's compiler failed: distcc compiles it here again */
			src = p + 23;
			on = strchr(src, '\'');
			o = on && on < eol ? object_of_source(objs, nr, src, (size_t)(on - src)) : NULL;
			if (o)
				o->fallbacks++, d->fallbacks++;
		}
	}
	strbuf_release(&text);
}
