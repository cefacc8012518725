#include "analysis/model/lock-calls.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* Calls that take a lock no other holder shares, and those that give it
 * back. A shared one (down_read(), read_lock()) lets two runs in. */
const char *const lock_acquires[] = {
	"mutex_lock", "mutex_lock_nested", "mutex_lock_io", "spin_lock",
	"spin_lock_irq", "spin_lock_irqsave", "spin_lock_bh", "raw_spin_lock",
	"raw_spin_lock_irq", "raw_spin_lock_irqsave", "raw_spin_lock_bh", "down",
	"down_write", "write_lock", "write_lock_irq", "write_lock_irqsave",
	"write_lock_bh", "rtnl_lock", NULL
};

const char *const lock_releases[] = {
	"mutex_unlock", "spin_unlock", "spin_unlock_irq", "spin_unlock_irqrestore",
	"spin_unlock_bh", "raw_spin_unlock", "raw_spin_unlock_irq",
	"raw_spin_unlock_irqrestore", "raw_spin_unlock_bh", "up", "up_write",
	"write_unlock", "write_unlock_irq", "write_unlock_irqrestore",
	"write_unlock_bh", "rtnl_unlock", NULL
};

static bool listed(const char *name, const char *const *names)
{
	for (; *names; names++)
		if (!strcmp(name, *names))
			return true;
	return false;
}

/* The parent directory's definition: a driver calling its subsystem's core
 * (fs/nfs/namespace.c -> fs/namespace.c). The lookup starts from one file
 * of that directory, so that cpu_dependence_resolve()'s memo and its
 * cheap per-file name filters do the searching. */
static const struct source_function *resolve_in_parent(const struct lock_reader *r,
							const char *from, const char *name,
							struct source_file **where)
{
	const struct source_function *fn = NULL;
	const char *const *files;
	const char *slash = strrchr(from, '/');
	char *dir, *up;
	size_t i, nr = 0;

	if (!slash)
		return NULL;
	dir = xstrndup(from, (size_t)(slash - from));
	slash = strrchr(dir, '/');
	up = slash ? xstrndup(dir, (size_t)(slash - dir)) : NULL;
	files = up ? source_dir_files(r->sc, up, &nr) : NULL;
	for (i = 0; i < nr; i++) {
		size_t n = strlen(files[i]);

		if (n < 2 || strcmp(files[i] + n - 2, ".c"))
			continue;
		fn = cpu_dependence_resolve(r->cd, files[i], name, where);
		/* a static function of another .c file is not the one called */
		if (fn && fn->is_static && !fn->is_inline)
			fn = NULL;
		break;
	}
	free(dir);
	free(up);
	return fn;
}

const struct source_function *lock_reader_resolve(const struct lock_reader *r,
						  const struct source_file *from,
						  const char *name, struct source_file **where)
{
	const struct source_function *fn;

	if (!r || !r->sc || !r->cd)
		return NULL;
	fn = cpu_dependence_resolve(r->cd, from->path, name, where);
	if (!fn && !strstr(from->path, "include/"))
		fn = resolve_in_parent(r, from->path, name, where);
	return fn;
}

/* A name that says it takes a lock and keeps it: not a release, a try, a
 * test, an assertion or a shared lock. */
static bool helper_name(const char *name)
{
	static const char *const not[] = { "unlock", "trylock", "lockdep", "locked", "is_lock",
					   "lock_held", "assert", "read_lock", "rcu", "lockup",
					   "blocking", "block", "clock", NULL };
	const char *const *n;

	if (!strstr(name, "lock"))
		return false;
	for (n = not; *n; n++)
		if (strstr(name, *n))
			return false;
	return true;
}

char *lock_helper_acquire(const struct lock_reader *r, const struct source_file *f,
			  const char *name, int depth)
{
	struct source_file *w = NULL;
	const struct source_function *fn;
	const struct lexed_file *lf;
	char *found = NULL;
	size_t i;

	if (!helper_name(name) || listed(name, lock_acquires))
		return NULL;
	fn = lock_reader_resolve(r, f, name, &w);
	if (!fn || !w)
		return NULL;
	lf = &w->lex;
	for (i = fn->body_open; i <= fn->body_close && i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		long next = token_next_code(lf, (long)i);
		char *id;

		if (t->kind != TOK_IDENT || w->dead[i])
			continue;
		id = tok_text(lf, i);
		if (listed(id, lock_releases)) {
			free(id);
			free(found);
			return NULL;	/* it gives back what it takes */
		}
		if (!found && listed(id, lock_acquires) && tok_is_punct(lf, next, "(")) {
			size_t first[2], last[2];
			struct strbuf sb = STRBUF_INIT;

			strbuf_addstr(&sb, id);
			if (call_arguments(lf, (size_t)next, first, last, 2) >= 1 &&
			    first[0] <= last[0]) {
				char *arg = expression_text(lf, first[0], last[0]);

				strbuf_addf(&sb, "(%s)", arg);
				free(arg);
			} else {
				strbuf_addstr(&sb, "()");
			}
			found = strbuf_detach(&sb);
		} else if (!found && depth > 0 && strcmp(id, name) &&
			   (tok_is_punct(lf, next, "(") ||
			    (fn->is_macro && (tok_is_punct(lf, next, ",") ||
					      tok_is_punct(lf, next, ")"))))) {
			/* _Generic((x), T1: helper_c, T2: helper_d)(x): either */
			found = lock_helper_acquire(r, w, id, depth - 1);
		}
		free(id);
	}
	return found;
}

char *lock_helper_release(const char *name)
{
	const char *p = name, *last = NULL;
	struct strbuf sb = STRBUF_INIT;

	while ((p = strstr(p, "lock"))) {
		last = p;
		p += 4;
	}
	if (!last)
		return xstrdup(name);
	strbuf_addf(&sb, "%.*sunlock%s", (int)(last - name), name, last + 4);
	return strbuf_detach(&sb);
}
