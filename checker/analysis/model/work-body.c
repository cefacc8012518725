#include "analysis/model/work-body.h"
#include "analysis/model/work-body-priv.h"
#include "analysis/model/lock-calls.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The guard classes of <linux/cleanup.h> users that exclude each other. */
static const char *const exclusive_guards[] = {
	"mutex", "spinlock", "spinlock_irq", "spinlock_irqsave", "spinlock_bh",
	"raw_spinlock", "raw_spinlock_irq", "raw_spinlock_irqsave", "rwsem_write",
	"write_lock", "write_lock_irq", "write_lock_irqsave", NULL
};

/* The text of argument k of the call whose name is token i, or NULL. */
static char *argument_text(const struct lexed_file *lf, long i, size_t k)
{
	size_t first[4], last[4];
	long open = token_next_code(lf, i);

	if (!tok_is_punct(lf, open, "(") || call_arguments(lf, (size_t)open, first, last, 4) <= k ||
	    first[k] > last[k])
		return NULL;
	return expression_text(lf, first[k], last[k]);
}

/* How the body's lock is given back: one of lock_releases, or the helper
 * paired with the lock helper that took it (namespace_unlock()). */
struct release {
	const char *helper;	/* NULL: one of lock_releases */
	const char *lock;	/* the argument as written; NULL: none */
};

static bool is_release_call(const struct lexed_file *lf, long i, const struct release *r)
{
	return r->helper ? tok_is_ident(lf, i, r->helper) : body_is_one_of(lf, i, lock_releases);
}

/* Statement s is `RELEASE(lock...);` of the lock named by r->lock. */
static bool releases_lock(const struct source_file *f, const struct stmt *s,
			  const struct release *r)
{
	const struct lexed_file *lf = &f->lex;
	char *arg;
	bool same;

	if (!is_release_call(lf, s->first, r))
		return false;
	arg = argument_text(lf, s->first, 0);
	same = r->lock ? arg && !strcmp(arg, r->lock) : !arg;
	free(arg);
	return same;
}

/* Every other release of the lock in [from, to] is followed by a return
 * or a goto: the lock is given back only on the way out. */
static bool released_only_leaving(const struct source_file *f, const struct release *r,
				  long from, long to)
{
	const struct lexed_file *lf = &f->lex;
	long i;

	for (i = from; i >= 0 && i <= to; i = body_next_code(f, i)) {
		struct stmt s;
		long semi, after;

		if (!is_release_call(lf, i, r))
			continue;
		s.first = i;
		for (semi = i; semi >= 0 && semi <= to && !tok_is_punct(lf, semi, ";");)
			semi = body_next_code(f, semi);
		s.last = semi;
		if (!releases_lock(f, &s, r))
			continue;
		after = body_next_code(f, semi);
		if (!(tok_is_ident(lf, after, "return") || tok_is_ident(lf, after, "goto")))
			return false;
	}
	return true;
}

/* fn only gives back a value: `return EXPR;` that assigns nothing (an
 * accessor such as snd_soc_card_to_dapm()). */
static bool is_accessor(const struct source_file *f, const struct source_function *fn)
{
	const struct lexed_file *lf = &f->lex;
	long i = body_next_code(f, (long)fn->body_open);

	if (fn->is_macro || !tok_is_ident(lf, i, "return"))
		return false;
	for (; i >= 0 && i < (long)fn->body_close; i = body_next_code(f, i)) {
		if (body_is_write(lf, i))
			return false;
		if (tok_is_punct(lf, i, ";"))
			return body_next_code(f, i) == (long)fn->body_close;
	}
	return false;
}

/* The calls of statement s (from its first token) are accessors: the
 * kernel's conversions (to_*(), *_to_*(), named so by convention, as
 * container_of() wrappers are), or functions whose body is one return. */
static bool calls_only_accessors(const struct lock_reader *r, const struct source_file *f,
				 const struct stmt *s)
{
	const struct lexed_file *lf = &f->lex;
	long i;

	for (i = s->first; i >= 0 && i <= s->last; i = body_next_code(f, i)) {
		const struct source_function *g;
		struct source_file *w = NULL;
		char *name;
		bool ok;

		if (lf->tokens[i].kind != TOK_IDENT || !tok_is_punct(lf, body_next_code(f, i), "("))
			continue;
		name = tok_text(lf, (size_t)i);
		ok = !strncmp(name, "to_", 3) || strstr(name, "_to_");
		if (!ok) {
			g = lock_reader_resolve(r, f, name, &w);
			ok = g && w && is_accessor(w, g);
		}
		free(name);
		if (!ok)
			return false;
	}
	return true;
}

/* A guard class the driver defines (DEFINE_GUARD(mvm, struct iwl_mvm *,
 * mutex_lock(&_T->mutex), ...)) in f or a header it includes, taking an
 * exclusive lock. */
static bool defines_exclusive_guard(const struct source_file *f, const char *pattern)
{
	const char *p = f->text, *end = f->text + f->len;

	while ((p = memmem(p, (size_t)(end - p), pattern, strlen(pattern)))) {
		const char *close = memchr(p, ')', (size_t)(end - p));
		const char *stop;
		size_t k;

		/* the lock call is the third argument: past its own ')' */
		close = close ? memchr(close + 1, ')', (size_t)(end - close - 1)) : NULL;
		stop = close ? close : end;
		for (k = 0; lock_acquires[k]; k++) {
			const char *a = memmem(p, (size_t)(stop - p), lock_acquires[k], strlen(lock_acquires[k]));

			if (a && a[strlen(lock_acquires[k])] == '(')
				return true;
		}
		p += strlen(pattern);
	}
	return false;
}

static bool exclusive_guard_defined(struct source_cache *sc, const struct source_file *f,
				    const struct lexed_file *lf, long cls)
{
	struct strbuf pattern = STRBUF_INIT;
	char *const *includes;
	size_t i, nr = 0;
	bool found;

	strbuf_addf(&pattern, "DEFINE_GUARD(%.*s,", (int)lf->tokens[cls].len,
		    lf->text + lf->tokens[cls].offset);
	found = defines_exclusive_guard(f, pattern.buf);
	if (!found && sc) {
		includes = source_includes(sc, (struct source_file *)f, &nr);
		for (i = 0; i < nr && !found; i++) {
			struct source_file *h = source_get(sc, includes[i]);

			found = h && defines_exclusive_guard(h, pattern.buf);
		}
	}
	strbuf_release(&pattern);
	return found;
}

static char *body_lock(const struct lock_reader *r, struct source_cache *sc,
		       const struct source_file *f, const struct source_function *fn, int depth);

/* The function called by statement s, `NAME(...);` or `local = NAME(...);`
 * with nothing after the call: its name, or NULL. */
static char *one_call(const struct source_file *f, const struct source_function *fn,
		      const struct stmt *s)
{
	const struct lexed_file *lf = &f->lex;
	long i = s->first, close;
	char *local = NULL;

	if (body_assigns_a_local(f, fn, s, &local)) {
		free(local);
		i = body_next_code(f, body_next_code(f, i));
	}
	if (lf->tokens[i].kind != TOK_IDENT || !tok_is_punct(lf, body_next_code(f, i), "("))
		return NULL;
	close = token_match_bracket(lf, (size_t)body_next_code(f, i));
	if (close < 0 || body_next_code(f, close) != s->last || !tok_is_punct(lf, s->last, ";"))
		return NULL;
	return tok_text(lf, (size_t)i);
}

/* The statements after the body's last working one: those that leave,
 * label, or only queue work again (hiperdispatch re-arms its work after
 * the unlock, nfs's automount work `if (...) schedule_delayed_work()`),
 * and, when r can look, calls of a function whose own body runs under a
 * lock (rt5682s reports the jack with snd_soc_jack_report(), which holds
 * jack->mutex): named in *tail. Returns the index of the last working
 * statement, first (the first working one) at the least. */
static size_t last_working(const struct lock_reader *r, struct source_cache *sc,
			   const struct source_file *f, const struct source_function *fn,
			   const struct stmt *s, size_t nr, size_t first, struct strbuf *tail)
{
	const struct lexed_file *lf = &f->lex;

	while (nr > first + 1) {
		const struct stmt *t = &s[nr - 1];
		bool leaves;
		char *callee;

		if (tok_is_ident(lf, t->first, "return") || tok_is_punct(lf, t->last, ":") ||
		    (t->first == t->last && tok_is_punct(lf, t->last, ";")) ||
		    body_only_work_calls(f, t, true, &leaves) || body_quiet(f, fn, t)) {
			nr--;
			continue;
		}
		callee = r && r->cd ? one_call(f, fn, t) : NULL;
		if (callee && !body_is_one_of(lf, t->first, lock_releases)) {
			struct source_file *w = NULL;
			const struct source_function *g = lock_reader_resolve(r, f, callee, &w);
			char *lock = g && w && !g->is_macro ? body_lock(r, sc, w, g, 0) : NULL;

			if (lock) {
				strbuf_addf(tail, "%s%s(), under %s", tail->len ? ", " : "",
					    callee, lock);
				free(lock);
				free(callee);
				nr--;
				continue;
			}
		}
		free(callee);
		break;
	}
	return nr - 1;
}

char *work_body_lock(struct source_cache *sc, const struct source_file *f,
		     const struct source_function *fn)
{
	return body_lock(NULL, sc, f, fn, 0);
}

char *work_body_lock_read(const struct lock_reader *r, const struct source_file *f,
			  const struct source_function *fn)
{
	return body_lock(r, r ? r->sc : NULL, f, fn, 2);
}

/* fn's body lock; through the one function its body calls, depth levels
 * down (dm-mpath's trigger_event() is dm_table_event(), which holds
 * _event_lock). */
static char *body_lock(const struct lock_reader *r, struct source_cache *sc,
		       const struct source_file *f, const struct source_function *fn, int depth)
{
	const struct lexed_file *lf = &f->lex;
	struct strbuf sb = STRBUF_INIT, tail = STRBUF_INIT;
	struct stmt *s;
	size_t nr = body_statements(f, fn, &s), k = 0, last, p;
	char *lock = NULL, *result = NULL, *helper_acq = NULL, *helper_rel = NULL;
	char *locals[8];
	size_t nr_locals = 0;
	bool spin = false;
	long i;

	/* Before the lock: declarations, the run finding its object (or,
	 * in a local, what the lock is taken on), tracepoints, prints and
	 * waits (body_quiet()), tests that leave, maybe queueing the item again
	 * first ("card not ready, try later"). */
	while (k < nr) {
		char *local = NULL;
		bool leaves = false;

		if (body_is_declaration(f, &s[k]) || body_takes_its_object(f, &s[k]) || body_traces(f, &s[k]) ||
		    body_quiet(f, fn, &s[k]) ||
		    (!body_trylock_or_return(f, &s[k], &i, &spin) &&
		     (body_only_tests_and_leaves(f, fn, &s[k]) ||
		      (tok_is_ident(lf, s[k].first, "if") &&
		       body_only_work_calls(f, &s[k], true, &leaves) && leaves)))) {
			k++;
			continue;
		}
		if (r && nr_locals < 8 && body_assigns_a_local(f, fn, &s[k], &local)) {
			/* kept only if the lock is taken on it, or its calls
			 * are accessors (checked below) */
			if (calls_only_accessors(r, f, &s[k]))
				free(local);
			else
				locals[nr_locals++] = local;
			k++;
			continue;
		}
		break;
	}
	if (k >= nr)
		goto out;
	i = s[k].first;
	last = last_working(r, sc, f, fn, s, nr, k, &tail);
	if (last < k)
		goto out;
	if (k == last && depth > 0 && r) {
		/* the body is one call: the callee's lock */
		char *callee = one_call(f, fn, &s[k]);
		struct source_file *w = NULL;
		const struct source_function *g = callee ? lock_reader_resolve(r, f, callee, &w) : NULL;
		char *inner = g && w && !g->is_macro && g != fn ? body_lock(r, sc, w, g, depth - 1) : NULL;

		if (inner && !nr_locals) {
			strbuf_addf(&sb, "%s, taken in %s()", inner, callee);
			if (tail.len)
				strbuf_addf(&sb, " (after it only %s)", tail.buf);
			result = strbuf_detach(&sb);
		}
		free(inner);
		free(callee);
		if (result)
			goto out;
	}
	if (tok_is_ident(lf, i, "guard")) {
		/* guard(mutex)(&x): held until the function returns */
		long cls = body_next_code(f, body_next_code(f, i));

		if (nr_locals ||
		    (!body_is_one_of(lf, cls, exclusive_guards) && !exclusive_guard_defined(sc, f, lf, cls)))
			goto out;
		lock = argument_text(lf, body_next_code(f, cls), 0);	/* after its ")" */
		if (!lock)
			goto out;
		strbuf_addf(&sb, "guard(%.*s)(%s)", (int)lf->tokens[cls].len,
			    lf->text + lf->tokens[cls].offset, lock);
	} else if (tok_is_ident(lf, i, "scoped_guard")) {
		/* scoped_guard(mutex, &x) { ... }: its block is the body */
		char *cls = argument_text(lf, i, 0);
		bool ok = cls && k == last && !nr_locals;
		size_t g;

		for (g = 0; ok && exclusive_guards[g]; g++)
			if (!strcmp(cls, exclusive_guards[g]))
				break;
		ok = ok && exclusive_guards[g];
		lock = ok ? argument_text(lf, i, 1) : NULL;
		if (lock)
			strbuf_addf(&sb, "scoped_guard(%s, %s)", cls, lock);
		free(cls);
		if (!lock)
			goto out;
	} else {
		long call = i;
		bool trylock = body_trylock_or_return(f, &s[k], &call, &spin);
		struct release rel = { NULL, NULL };

		if (!trylock && !body_is_one_of(lf, call, lock_acquires)) {
			/* a helper of the driver's that takes the lock */
			char *name = lf->tokens[call].kind == TOK_IDENT ? tok_text(lf, (size_t)call) : NULL;

			helper_acq = name && r ? lock_helper_acquire(r, f, name, 3) : NULL;
			helper_rel = helper_acq ? lock_helper_release(name) : NULL;
			free(name);
			if (!helper_acq || !tok_is_punct(lf, body_next_code(f, call), "("))
				goto out;
			rel.helper = helper_rel;
		}
		lock = argument_text(lf, call, 0);
		if (!lock && !tok_is_ident(lf, call, "rtnl_lock") && !helper_acq)
			goto out;
		rel.lock = lock;
		/* locals set before the lock: only what it is taken on */
		for (p = 0; p < nr_locals; p++) {
			size_t n = strlen(locals[p]);
			const char *at = lock ? strstr(lock, locals[p]) : NULL;

			if (!at || (at > lock && (at[-1] == '_' || isalnum((unsigned char)at[-1]))) ||
			    at[n] == '_' || isalnum((unsigned char)at[n]))
				goto out;
		}
		if (!releases_lock(f, &s[last], &rel) || last <= k ||
		    !released_only_leaving(f, &rel, s[k + 1].first, s[last].first - 1))
			goto out;
		if (trylock && spin)
			strbuf_addf(&sb, "mutex_trylock(%s), tried until it holds it", lock);
		else if (trylock && !tok_is_ident(lf, call, "mutex_trylock"))
			strbuf_addf(&sb, "%.*s(%s) (mutex_trylock() inside; the run leaves "
				    "when it fails)", (int)lf->tokens[call].len,
				    lf->text + lf->tokens[call].offset, lock);
		else if (trylock)
			strbuf_addf(&sb, "mutex_trylock(%s)", lock);
		else
			strbuf_addf(&sb, "%.*s(%s)", (int)lf->tokens[call].len,
				    lf->text + lf->tokens[call].offset, lock ? lock : "");
		if (helper_acq)
			strbuf_addf(&sb, " (%s inside)", helper_acq);
	}
	if (tail.len)
		strbuf_addf(&sb, " (after it only %s)", tail.buf);
	result = strbuf_detach(&sb);
out:
	strbuf_release(&sb);
	strbuf_release(&tail);
	for (p = 0; p < nr_locals; p++)
		free(locals[p]);
	free(helper_acq);
	free(helper_rel);
	free(lock);
	free(s);
	return result;
}

/* The definition of name in file rel (read and lexed through the cache),
 * or NULL. */
static const struct source_function *defined_in(struct source_cache *sc, const char *rel,
						const char *name, struct source_file **out)
{
	struct source_file *f = source_get(sc, rel);
	const struct source_function *fn = f ? source_find_function(f, name) : NULL;

	*out = f;
	return fn && !fn->is_macro ? fn : NULL;
}

char *work_binding_body_lock(const struct workitem_model *m, const struct work_binding *b)
{
	struct source_cache *sc = &m->a->sc;
	struct source_file *f;
	const struct source_function *fn = defined_in(sc, b->file, b->function, &f);
	const char *slash = strrchr(b->file, '/');
	const char *const *files;
	size_t i, nr = 0;

	/* An INIT_* in ops.c of a work function of tdls.c: the directory's
	 * other .c files, those that name it. */
	if (!fn && slash) {
		char *dir = xstrndup(b->file, (size_t)(slash - b->file));

		files = source_dir_files(sc, dir, &nr);
		for (i = 0; i < nr && !fn; i++)
			if (ends_with(files[i], ".c") && strcmp(files[i], b->file))
				fn = defined_in(sc, files[i], b->function, &f);
		free(dir);
	}
	if (fn) {
		struct lock_reader r = { sc, m->a->cd };

		return work_body_lock_read(&r, f, fn);
	}
	return NULL;
}
