#include "analysis/model/work-body.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* Calls that take a lock no other holder shares, and those that give it
 * back. A shared one (down_read(), read_lock()) lets two runs in. */
static const char *const acquires[] = {
	"mutex_lock", "mutex_lock_nested", "mutex_lock_io", "spin_lock",
	"spin_lock_irq", "spin_lock_irqsave", "spin_lock_bh", "raw_spin_lock",
	"raw_spin_lock_irq", "raw_spin_lock_irqsave", "raw_spin_lock_bh", "down",
	"down_write", "write_lock", "write_lock_irq", "write_lock_irqsave",
	"write_lock_bh", "rtnl_lock", NULL
};

static const char *const releases[] = {
	"mutex_unlock", "spin_unlock", "spin_unlock_irq", "spin_unlock_irqrestore",
	"spin_unlock_bh", "raw_spin_unlock", "raw_spin_unlock_irq",
	"raw_spin_unlock_irqrestore", "raw_spin_unlock_bh", "up", "up_write",
	"write_unlock", "write_unlock_irq", "write_unlock_irqrestore",
	"write_unlock_bh", "rtnl_unlock", NULL
};

/* The guard classes of <linux/cleanup.h> users that exclude each other. */
static const char *const exclusive_guards[] = {
	"mutex", "spinlock", "spinlock_irq", "spinlock_irqsave", "spinlock_bh",
	"raw_spinlock", "raw_spinlock_irq", "raw_spinlock_irqsave", "rwsem_write",
	"write_lock", "write_lock_irq", "write_lock_irqsave", NULL
};

static bool is_one_of(const struct lexed_file *lf, long i, const char *const *names)
{
	for (; *names; names++)
		if (tok_is_ident(lf, i, *names))
			return true;
	return false;
}

/* One statement of a body: its first and last code tokens. */
struct stmt {
	long first, last;
};

static long next_code(const struct source_file *f, long i)
{
	const struct lexed_file *lf = &f->lex;

	do
		i = token_next_code(lf, i);
	while (i >= 0 && (size_t)i < lf->nr_tokens && (f->dead[i] || lf->tokens[i].in_directive));
	return i;
}

/* The statements at the top level of fn's body, in order; a compound
 * statement (if/for/while with braces, a block) is one, its else part
 * included; a label is a statement of its own. */
static size_t body_statements(const struct source_file *f, const struct source_function *fn,
			      struct stmt **out)
{
	const struct lexed_file *lf = &f->lex;
	struct stmt *s = NULL;
	size_t nr = 0, alloc = 0;
	long i, first = -1, close = (long)fn->body_close;
	int paren = 0, brace = 0;

	for (i = next_code(f, (long)fn->body_open); i >= 0 && i < close; i = next_code(f, i)) {
		bool end = false;

		if (first < 0)
			first = i;
		if (tok_is_punct(lf, i, "(") || tok_is_punct(lf, i, "["))
			paren++;
		else if (tok_is_punct(lf, i, ")") || tok_is_punct(lf, i, "]"))
			paren--;
		else if (tok_is_punct(lf, i, "{"))
			brace++;
		else if (tok_is_punct(lf, i, "}")) {
			long n = next_code(f, i);

			/* `} else`, `} while (x);`, `= { ... };` go on */
			if (--brace == 0 && !paren &&
			    !(n >= 0 && (tok_is_ident(lf, n, "else") || tok_is_ident(lf, n, "while") ||
					 tok_is_punct(lf, n, ";") || tok_is_punct(lf, n, ","))))
				end = true;
		} else if (!paren && !brace && tok_is_punct(lf, i, ";"))
			end = true;
		else if (!paren && !brace && i == first && lf->tokens[i].kind == TOK_IDENT &&
			 tok_is_punct(lf, next_code(f, i), ":") &&
			 !tok_is_ident(lf, i, "default")) {
			i = next_code(f, i);	/* a label */
			end = true;
		}
		if (end) {
			ALLOC_GROW(s, nr, alloc);
			s[nr].first = first;
			s[nr++].last = i;
			first = -1;
		}
	}
	*out = s;
	return nr;
}

static const char *const type_words[] = {
	"struct", "union", "enum", "const", "volatile", "static", "unsigned", "signed",
	"int", "long", "short", "char", "bool", "void", "u8", "u16", "u32", "u64", "s8",
	"s16", "s32", "s64", "size_t", "ssize_t", "__u32", "__u64", "unsigned", "DEFINE_WAIT",
	"LIST_HEAD", NULL
};

/* A declaration: a type word first, or `name *p = ...`, `name p;`. */
static bool is_declaration(const struct source_file *f, const struct stmt *s)
{
	const struct lexed_file *lf = &f->lex;
	long i = s->first;

	if (is_one_of(lf, i, type_words))
		return true;
	if (lf->tokens[i].kind != TOK_IDENT)
		return false;
	i = next_code(f, i);
	while (i >= 0 && i <= s->last && tok_is_punct(lf, i, "*"))
		i = next_code(f, i);
	return i >= 0 && i < s->last && lf->tokens[i].kind == TOK_IDENT &&
	       (tok_is_punct(lf, next_code(f, i), "=") || tok_is_punct(lf, next_code(f, i), ";") ||
		tok_is_punct(lf, next_code(f, i), "[") || tok_is_punct(lf, next_code(f, i), ","));
}

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

/* Statement s is `RELEASE(lock...);` of the lock named by text. */
static bool releases_lock(const struct source_file *f, const struct stmt *s, const char *lock)
{
	const struct lexed_file *lf = &f->lex;
	char *arg;
	bool same;

	if (!is_one_of(lf, s->first, releases))
		return false;
	arg = argument_text(lf, s->first, 0);
	same = lock ? arg && !strcmp(arg, lock) : !arg;
	free(arg);
	return same;
}

/* Every other release of lock in [from, to] is followed by a return or a
 * goto: the lock is given back only on the way out. */
static bool released_only_leaving(const struct source_file *f, const char *lock, long from,
				  long to)
{
	const struct lexed_file *lf = &f->lex;
	long i;

	for (i = from; i >= 0 && i <= to; i = next_code(f, i)) {
		struct stmt s;
		long semi, after;

		if (!is_one_of(lf, i, releases))
			continue;
		s.first = i;
		for (semi = i; semi >= 0 && semi <= to && !tok_is_punct(lf, semi, ";");)
			semi = next_code(f, semi);
		s.last = semi;
		if (!releases_lock(f, &s, lock))
			continue;
		after = next_code(f, semi);
		if (!(tok_is_ident(lf, after, "return") || tok_is_ident(lf, after, "goto")))
			return false;
	}
	return true;
}

static const char *const queueings[] = {
	"queue_work", "queue_delayed_work", "mod_delayed_work", "schedule_work",
	"schedule_delayed_work", "queue_work_on", "queue_delayed_work_on",
	"mod_delayed_work_on", "schedule_delayed_work_on", "schedule_work_on", NULL
};

/* Past the statements at the end that only leave, label, or queue work
 * again (hiperdispatch re-arms its work after the unlock: a queueing
 * touches no state the runs share): the body's last working statement. */
static size_t last_working(const struct source_file *f, const struct stmt *s, size_t nr)
{
	const struct lexed_file *lf = &f->lex;

	while (nr > 1 && (tok_is_ident(lf, s[nr - 1].first, "return") ||
			  (is_one_of(lf, s[nr - 1].first, queueings) &&
			   tok_is_punct(lf, s[nr - 1].last, ";")) ||
			  tok_is_punct(lf, s[nr - 1].last, ":") ||
			  (s[nr - 1].first == s[nr - 1].last && tok_is_punct(lf, s[nr - 1].last, ";"))))
		nr--;
	return nr - 1;
}

/* Statement s is `local = container_of(work, ...);` (or from_work(),
 * to_delayed_work()): the run finding its object, which touches no
 * state (iwlwifi's tdls work takes its mvm so, then guard(mvm)). */
static bool takes_its_object(const struct source_file *f, const struct stmt *s)
{
	static const char *const getters[] = { "container_of", "from_work", "to_delayed_work",
					       "from_timer", "timer_container_of", NULL };
	const struct lexed_file *lf = &f->lex;
	long eq = next_code(f, s->first);

	return lf->tokens[s->first].kind == TOK_IDENT && tok_is_punct(lf, eq, "=") &&
	       is_one_of(lf, next_code(f, eq), getters);
}

/* Statement s is `if (COND) return ...;` whose COND assigns nothing: a
 * look before the lock that changes no state (libata's unloading flag). */
static bool only_tests_and_leaves(const struct source_file *f, const struct stmt *s)
{
	const struct lexed_file *lf = &f->lex;
	long i, open = next_code(f, s->first);
	int depth = 0;

	if (!tok_is_ident(lf, s->first, "if") || !tok_is_punct(lf, open, "("))
		return false;
	for (i = open; i >= 0 && i <= s->last; i = next_code(f, i)) {
		static const char *const writes[] = { "=", "+=", "-=", "|=", "&=", "^=", "++",
						      "--", "<<=", ">>=", NULL };
		const char *const *w;

		if (tok_is_punct(lf, i, "("))
			depth++;
		else if (tok_is_punct(lf, i, ")") && --depth == 0)
			break;
		for (w = writes; *w; w++)
			if (tok_is_punct(lf, i, *w))
				return false;
	}
	return i >= 0 && i < s->last && tok_is_ident(lf, next_code(f, i), "return");
}

/* Statement s is `if (!mutex_trylock(&x)) return ...;`: *call is then
 * the mutex_trylock token. Its runs are one at a time too: the second
 * finds the mutex taken and leaves. */
static bool trylock_or_return(const struct source_file *f, const struct stmt *s, long *call)
{
	const struct lexed_file *lf = &f->lex;
	long i = s->first, t, close;
	int depth = 0;

	if (!tok_is_ident(lf, i, "if") || !tok_is_punct(lf, next_code(f, i), "(") ||
	    !tok_is_punct(lf, next_code(f, next_code(f, i)), "!"))
		return false;
	t = next_code(f, next_code(f, next_code(f, i)));
	if (!tok_is_ident(lf, t, "mutex_trylock"))
		return false;
	for (close = next_code(f, t); close >= 0 && close <= s->last; close = next_code(f, close)) {
		if (tok_is_punct(lf, close, "("))
			depth++;
		else if (tok_is_punct(lf, close, ")") && --depth == 0)
			break;
	}
	if (close < 0 || close > s->last || !tok_is_punct(lf, next_code(f, close), ")") ||
	    !tok_is_ident(lf, next_code(f, next_code(f, close)), "return"))
		return false;
	*call = t;
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
		for (k = 0; acquires[k]; k++) {
			const char *a = memmem(p, (size_t)(stop - p), acquires[k], strlen(acquires[k]));

			if (a && a[strlen(acquires[k])] == '(')
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

char *work_body_lock(struct source_cache *sc, const struct source_file *f,
		     const struct source_function *fn)
{
	const struct lexed_file *lf = &f->lex;
	struct strbuf sb = STRBUF_INIT;
	struct stmt *s;
	size_t nr = body_statements(f, fn, &s), k = 0, last;
	char *lock = NULL, *result = NULL;
	long i;

	while (k < nr && (is_declaration(f, &s[k]) || takes_its_object(f, &s[k]) ||
			  (!trylock_or_return(f, &s[k], &i) && only_tests_and_leaves(f, &s[k]))))
		k++;
	if (k >= nr)
		goto out;
	i = s[k].first;
	last = last_working(f, s, nr);
	if (tok_is_ident(lf, i, "guard")) {
		/* guard(mutex)(&x): held until the function returns */
		long cls = next_code(f, next_code(f, i));

		if (!is_one_of(lf, cls, exclusive_guards) && !exclusive_guard_defined(sc, f, lf, cls))
			goto out;
		lock = argument_text(lf, next_code(f, cls), 0);	/* after its ")" */
		if (!lock)
			goto out;
		strbuf_addf(&sb, "guard(%.*s)(%s)", (int)lf->tokens[cls].len,
			    lf->text + lf->tokens[cls].offset, lock);
	} else if (tok_is_ident(lf, i, "scoped_guard")) {
		/* scoped_guard(mutex, &x) { ... }: its block is the body */
		char *cls = argument_text(lf, i, 0);
		bool ok = cls && k == last;
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
		bool trylock = trylock_or_return(f, &s[k], &call);

		if (!trylock && !is_one_of(lf, call, acquires))
			goto out;
		lock = argument_text(lf, call, 0);
		if (!lock && !tok_is_ident(lf, call, "rtnl_lock"))
			goto out;
		if (!releases_lock(f, &s[last], lock) || last <= k ||
		    !released_only_leaving(f, lock, s[k + 1].first, s[last].first - 1))
			goto out;
		if (trylock)
			strbuf_addf(&sb, "mutex_trylock(%s)", lock);
		else
			strbuf_addf(&sb, "%.*s(%s)", (int)lf->tokens[call].len,
				    lf->text + lf->tokens[call].offset, lock ? lock : "");
	}
	result = strbuf_detach(&sb);
out:
	strbuf_release(&sb);
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
	return fn ? work_body_lock(sc, f, fn) : NULL;
}
