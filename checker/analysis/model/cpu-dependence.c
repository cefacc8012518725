#include "analysis/model/cpu-dependence.h"
#include "front/definitions.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const accessors[] = {
	"smp_processor_id", "raw_smp_processor_id", "get_cpu", "get_cpu_var",
	"__get_cpu_var", "get_cpu_ptr", "this_cpu_ptr", "numa_node_id", "numa_mem_id",
	"debug_smp_processor_id", NULL
};
static const char *const accessor_prefixes[] = { "this_cpu_", "__this_cpu_", "raw_cpu_", NULL };

/* Services whose own CPU reads say nothing about their caller's assumptions. */
static const char *const not_followed[] = {
	"spin_", "raw_spin_", "_raw_", "read_lock", "write_lock", "read_unlock",
	"write_unlock", "mutex_", "down_", "up_read", "up_write", "rcu_", "srcu_", "preempt_", "local_irq_",
	"local_bh_", "local_lock", "local_unlock", "lockdep_", "might_", "cond_resched",
	"in_", "irq_count", "softirq_count", "hardirq_count", "printk", "pr_", "dev_",
	"netdev_", "net_", "WARN", "BUG", "trace_", "__trace", "queue_", "schedule",
	"mod_delayed_work", "mod_timer", "cancel_", "flush_", "kmalloc", "kzalloc", "kcalloc",
	"kfree", "kvfree", "kvmalloc", "kvzalloc", "kmem_cache_", "vmalloc", "vzalloc",
	"vfree", "alloc_", "__alloc_", "free_", "__free_", "__get_free", "get_zeroed_page",
	"atomic_", "refcount_", "kref_", "wake_up", "complete", "wait_", "init_waitqueue",
	"add_timer", "del_timer", "timer_", "count_vm_", "__count_vm_", "inc_zone_",
	"dec_zone_", "inc_node_", "dec_node_", "mod_zone_", "mod_node_", "__inc_", "__dec_",
	"__mod_", "percpu_counter_", "u64_stats_", "get_current", "kmap", "kunmap",
	"smp_call_function", "on_each_cpu", "stop_machine", "cpus_read_", "get_online_cpus",
	"put_online_cpus", "cpu_online", "memcpy", "memset", "strcpy", "strlcpy", "sprintf",
	"snprintf", "scnprintf", "ktime_", "jiffies", "msecs_to_jiffies", "usleep_range",
	"msleep", "udelay", "mdelay", "ndelay", "napi_", "__napi_", "dev_kfree_skb",
	"kfree_skb", "consume_skb", "skb_", "__skb_", "netif_", "blk_", "__blk_", "bio_",
	"put_page", "get_page", "folio_", "page_", "set_bit", "clear_bit", "test_bit",
	"test_and_", "__set_bit", "__clear_bit", "list_", "hlist_", "llist_", "xa_", "idr_",
	"radix_tree_", "rb_", "synchronize_", "call_rcu", "kthread_", "wake_up_process",
	"send_sig", "signal_", "get_random", "prandom_", "random", "ratelimit",
	"__ratelimit", "dump_stack", "panic", "copy_to_user", "copy_from_user",
	"get_user", "put_user", "lock_", "unlock_", "try_", "irq_work_", "tasklet_",
	"raise_softirq", "__raise_softirq", "smp_mb", "smp_wmb", "smp_rmb", "barrier",
	"READ_ONCE", "WRITE_ONCE", "sched_clock", "local_clock", "cpu_clock",
	"get_cpu_device", "cpumask_", "for_each_", "stats_", "u64_stats",
	NULL
};

static const char *const keywords[] = {
	"if", "for", "while", "switch", "return", "sizeof", "typeof", "__typeof__",
	"__builtin_expect", "likely", "unlikely", "container_of", "defined", "__attribute__",
	"ARRAY_SIZE", "min", "max", "min_t", "max_t", "do", NULL
};

/* One answer, for one definition and one depth: the answer at a depth
 * does not depend on which questions came before, so several threads (each
 * with its own struct cpu_dependence) give the answers one thread would. */
struct memo {
	bool yes;
	struct cpu_chain chain;
};

/* The names filters of the files, shared by the cpu_dependence objects of
 * several threads (cpu_dependence_new_sharing()): what a file's text holds
 * does not change, and building a filter reads the whole file. */
struct names_store {
	pthread_mutex_t lock;
	struct strmap texts;	/* path -> struct names_filter * */
	int refs;
};

struct cpu_dependence {
	struct source_cache *sc;
	int max_depth;
	/* "path:offset:depth" of a definition -> struct memo * */
	struct strmap memo;
	struct names_store *names;
	/* "from\nname" and "\ndir\nname" -> struct resolved *: a callee is
	 * looked for again and again (each work function, each of its callers),
	 * and a miss costs a search of every header and file of a directory. */
	struct strmap resolved;
};

struct resolved {
	struct source_file *where;	/* NULL: not found */
	const struct source_function *fn;
};

void cpu_chain_add(struct cpu_chain *c, const char *file, unsigned line, unsigned column,
		   const char *message)
{
	struct cpu_step *s;

	ALLOC_GROW(c->steps, c->nr, c->alloc);
	s = &c->steps[c->nr++];
	s->file = xstrdup(file);
	s->line = line;
	s->column = column;
	s->message = xstrdup(message);
}

void cpu_chain_release(struct cpu_chain *c)
{
	size_t i;

	for (i = 0; i < c->nr; i++) {
		free(c->steps[i].file);
		free(c->steps[i].message);
	}
	free(c->steps);
	memset(c, 0, sizeof(*c));
}

void cpu_chain_append(struct cpu_chain *to, const struct cpu_chain *from)
{
	size_t i;

	for (i = 0; i < from->nr; i++)
		cpu_chain_add(to, from->steps[i].file, from->steps[i].line, from->steps[i].column,
			      from->steps[i].message);
}

struct cpu_dependence *cpu_dependence_new(struct source_cache *sc, int max_depth)
{
	struct cpu_dependence *cd = xcalloc(1, sizeof(*cd));

	cd->sc = sc;
	cd->max_depth = max_depth;
	cd->names = xcalloc(1, sizeof(*cd->names));
	pthread_mutex_init(&cd->names->lock, NULL);
	cd->names->refs = 1;
	return cd;
}

struct cpu_dependence *cpu_dependence_new_sharing(struct cpu_dependence *other,
						  struct source_cache *sc)
{
	struct cpu_dependence *cd = xcalloc(1, sizeof(*cd));

	cd->sc = sc;
	cd->max_depth = other->max_depth;
	cd->names = other->names;
	pthread_mutex_lock(&cd->names->lock);
	cd->names->refs++;
	pthread_mutex_unlock(&cd->names->lock);
	return cd;
}

static void free_memo(void *p)
{
	struct memo *m = p;

	cpu_chain_release(&m->chain);
	free(m);
}

/*
 * What a file may define, so that "is a function called name defined in
 * it?" needs no lexing of it: a callee not defined where it is called is
 * looked for in every header the file includes and every file of its
 * directory, hundreds of thousands of searches over a whole tree, and
 * lexing each file that holds the name only to learn that it does not
 * define it cost a whole-tree audit more than its judging. The file's
 * definitions and `.member =` initialisers (front/definitions.h, a
 * superset of what its lexing finds); a hit is checked by lexing. Where
 * that pass cannot follow the file, the identifiers it holds: a Bloom
 * filter of one bit per byte of text (an identifier every few bytes:
 * several bits each) and three probes; a miss is certain, since the
 * definition needs the name as an identifier.
 */
struct names_filter {
	struct definitions d;
	uint64_t *bits;		/* only when d.unknown */
	size_t mask;	/* the number of bits, a power of two, less one */
	/* The functions and macros the file defines, sorted, once it has
	 * been lexed: the source cache forgets the lexed file, this stays,
	 * so a file is lexed again only when it holds the definition. */
	char **defs;
	size_t nr_defs;
	bool lexed;
};

/* FNV-1a, a byte at a time: names_filter_build() hashes a name as it
 * scans it, name_hash() a whole name. */
#define NAME_HASH_START 0xcbf29ce484222325ull

static inline uint64_t name_hash_add(uint64_t h, unsigned char c)
{
	return (h ^ c) * 0x100000001b3ull;
}

static uint64_t name_hash(const char *s, size_t len)
{
	uint64_t h = NAME_HASH_START;
	size_t i;

	for (i = 0; i < len; i++)
		h = name_hash_add(h, (unsigned char)s[i]);
	return h;
}

#define NAME_PROBES 3

static size_t probe(uint64_t h, unsigned k, size_t mask)
{
	return ((uint32_t)h + k * ((uint32_t)(h >> 32) | 1)) & mask;
}

/* 1: a byte of a name, 2: a digit (a name does not start with one). */
static const unsigned char name_byte[256] = {
	['a' ... 'z'] = 1, ['A' ... 'Z'] = 1, ['_'] = 1, ['0' ... '9'] = 2,
};

/* Each name hashed as it is scanned (name_hash()'s hash), with a table
 * look-up a byte: this runs over every file of the directories searched. */
static void names_filter_build(struct names_filter *nf, const char *text,
			       size_t len)
{
	const unsigned char *t = (const unsigned char *)text;
	size_t bits = 512, i = 0;
	unsigned k;

	while (bits < len && bits < ((size_t)1 << 30))
		bits <<= 1;
	nf->mask = bits - 1;
	nf->bits = xcalloc(bits / 64, sizeof(*nf->bits));
	while (i < len) {
		uint64_t h = NAME_HASH_START;
		bool number;

		if (!name_byte[t[i]]) {
			i++;
			continue;
		}
		number = name_byte[t[i]] == 2; /* 0x1f, 10UL: not a name */
		while (i < len && name_byte[t[i]]) {
			h = name_hash_add(h, t[i]);
			i++;
		}
		if (number)
			continue;
		for (k = 0; k < NAME_PROBES; k++) {
			size_t bit = probe(h, k, nf->mask);

			nf->bits[bit / 64] |= (uint64_t)1 << (bit % 64);
		}
	}
}

static bool names_filter_may_hold(const struct names_filter *nf,
				  const char *name)
{
	uint64_t h = name_hash(name, strlen(name));
	unsigned k;

	if (!nf->bits)
		return false;
	for (k = 0; k < NAME_PROBES; k++) {
		size_t bit = probe(h, k, nf->mask);

		if (!(nf->bits[bit / 64] & ((uint64_t)1 << (bit % 64))))
			return false;
	}
	return true;
}

static bool names_filter_may_define(const struct names_filter *nf,
				    const char *name)
{
	return nf->d.unknown ? names_filter_may_hold(nf, name) :
			       definitions_may_define(&nf->d, name);
}

static bool names_filter_may_set_member(const struct names_filter *nf,
					const char *name)
{
	return nf->d.unknown ? names_filter_may_hold(nf, name) :
			       definitions_may_set_member(&nf->d, name);
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The defs are learnt once, under the store's lock; the lists and bits
 * never change after raw_text() built them, so they are read without it. */
static void names_filter_learn(struct names_store *store,
			       struct names_filter *nf,
			       const struct source_file *f)
{
	char **defs;
	size_t i, nr = 0;

	pthread_mutex_lock(&store->lock);
	if (nf->lexed) {
		pthread_mutex_unlock(&store->lock);
		return;
	}
	pthread_mutex_unlock(&store->lock);
	defs = xcalloc(f->nr_funcs + 1, sizeof(*defs));
	for (i = 0; i < f->nr_funcs; i++)
		defs[nr++] = xstrdup(f->funcs[i].name);
	qsort(defs, nr, sizeof(*defs), compare_names);
	pthread_mutex_lock(&store->lock);
	if (!nf->lexed) {
		nf->defs = defs;
		nf->nr_defs = nr;
		nf->lexed = true;
		defs = NULL;
	}
	pthread_mutex_unlock(&store->lock);
	for (i = 0; defs && i < nr; i++)
		free(defs[i]);
	free(defs);
}

static bool names_filter_defines(struct names_store *store,
				 const struct names_filter *nf,
				 const char *name)
{
	bool yes;

	pthread_mutex_lock(&store->lock);
	yes = !nf->lexed || bsearch(&name, nf->defs, nf->nr_defs,
				    sizeof(*nf->defs), compare_names);
	pthread_mutex_unlock(&store->lock);
	return yes;
}

static void free_text(void *p)
{
	struct names_filter *nf = p;
	size_t i;

	for (i = 0; i < nf->nr_defs; i++)
		free(nf->defs[i]);
	free(nf->defs);
	free(nf->bits);
	definitions_release(&nf->d);
	free(nf);
}

void cpu_dependence_empty_sources(struct cpu_dependence *cd)
{
	const char *root = cd->sc->root, *arch = cd->sc->arch;

	cpu_dependence_forget_sources(cd);
	source_cache_release(cd->sc);
	source_cache_init(cd->sc, root, arch);
}

void cpu_dependence_forget_sources(struct cpu_dependence *cd)
{
	struct strmap misses = { 0 };
	size_t i;

	/* A name found nowhere points nowhere: it stays, so that the search
	 * of a directory is not done again. So do the answers, whose chains
	 * are copies and whose keys name a file and a token, the same when
	 * the file is lexed again. */
	for (i = 0; i < cd->resolved.alloc; i++) {
		struct strmap_entry *e = &cd->resolved.slots[i];
		struct resolved *r = e->value;

		if (e->key && r && !r->where) {
			strmap_put(&misses, e->key, r);
			e->value = NULL;
		}
	}
	strmap_release(&cd->resolved, free);
	cd->resolved = misses;
}

static void names_store_put(struct names_store *store)
{
	int refs;

	pthread_mutex_lock(&store->lock);
	refs = --store->refs;
	pthread_mutex_unlock(&store->lock);
	if (refs)
		return;
	strmap_release(&store->texts, free_text);
	pthread_mutex_destroy(&store->lock);
	free(store);
}

void cpu_dependence_free(struct cpu_dependence *cd)
{
	if (!cd)
		return;
	strmap_release(&cd->memo, free_memo);
	strmap_release(&cd->resolved, free);
	names_store_put(cd->names);
	free(cd);
}

static bool starts_with_any(const char *s, size_t len, const char *const *list)
{
	for (; *list; list++) {
		size_t n = strlen(*list);

		if (len >= n && !memcmp(s, *list, n))
			return true;
	}
	return false;
}

static bool equals_any(const char *s, size_t len, const char *const *list)
{
	for (; *list; list++)
		if (strlen(*list) == len && !memcmp(s, *list, len))
			return true;
	return false;
}

/* An identifier called here, `name(`, not a macro parameter: 1 by its own
 * name, 2 through a member (`d->ops->fn(d)`, `ops.fn(d)`), 0 not a call. */
static int call_kind(const struct lexed_file *lf, size_t i)
{
	const struct token *t = &lf->tokens[i];
	long prev;

	if (t->kind != TOK_IDENT || t->is_macro_param || t->is_directive_name ||
	    !tok_is_punct(lf, token_next_code(lf, (long)i), "("))
		return 0;
	prev = token_prev_code(lf, (long)i);
	return tok_is_punct(lf, prev, ".") || tok_is_punct(lf, prev, "->") ? 2 : 1;
}

static bool is_call(const struct lexed_file *lf, size_t i)
{
	return call_kind(lf, i) == 1;
}

bool is_current_cpu_accessor(const struct lexed_file *lf, size_t i)
{
	const struct token *t = &lf->tokens[i];
	const char *s = lf->text + t->offset;

	if (!is_call(lf, i))
		return false;
	return equals_any(s, t->len, accessors) || starts_with_any(s, t->len, accessor_prefixes);
}

/* this_cpu_inc(counter) and the like: a statistic summed over CPUs does not
 * care which CPU counts. */
static bool is_counter_update(const struct lexed_file *lf, size_t i)
{
	static const char *const ops[] = { "inc", "dec", "add", "sub", NULL };
	const struct token *t = &lf->tokens[i];
	const char *s = lf->text + t->offset, *op;
	const char *const *o;
	long prev;

	op = memmem(s, t->len, "cpu_", 4);
	if (!op)
		return false;
	op += 4;
	for (o = ops; *o; o++)
		if ((size_t)(s + t->len - op) == strlen(*o) && !memcmp(op, *o, strlen(*o)))
			break;
	if (!*o)
		return false;
	/* Used as a statement, not for its value. */
	prev = token_prev_code(lf, (long)i);
	return tok_is_punct(lf, prev, ";") || tok_is_punct(lf, prev, "{") ||
	       tok_is_punct(lf, prev, "}") || tok_is_punct(lf, prev, ")");
}

/* smp_processor_id() as the cpu argument of queue_work_on() & co: where to
 * queue, which WQ010-WQ012 judge on their own, not what the work does. */
static bool is_queue_cpu_argument(const struct lexed_file *lf, size_t i)
{
	long open = token_prev_code(lf, (long)i), name = token_prev_code(lf, open);
	const struct token *t;

	if (!tok_is_punct(lf, open, "(") || name < 0)
		return false;
	t = &lf->tokens[name];
	return t->kind == TOK_IDENT && t->len > 3 &&
	       !memcmp(lf->text + t->offset + t->len - 3, "_on", 3) &&
	       memmem(lf->text + t->offset, t->len, "work", 4);
}

/* Inside the arguments of printk(), pr_debug(), a trace point or a debug
 * macro: a CPU number shown to a human is not a dependence. */
static bool in_diagnostic(const struct lexed_file *lf, size_t i, size_t body_open)
{
	static const char *const names[] = { "printk", "pr_", "dev_", "netdev_", "trace_",
		"WARN", "BUG", "seq_printf", "snprintf", "sprintf", NULL };
	static const char *const parts[] = { "printk", "dbg", "DBG", "debug", "DEBUG",
		"log", "LOG", NULL };
	int depth = 0;
	long j;

	for (j = token_prev_code(lf, (long)i); j > (long)body_open; j = token_prev_code(lf, j)) {
		const struct token *t;
		const char *const *p;

		if (tok_is_punct(lf, j, ")")) {
			depth++;
		} else if (tok_is_punct(lf, j, "(")) {
			if (depth-- > 0)
				continue;
			depth = 0;
			t = &lf->tokens[token_prev_code(lf, j) >= 0 ? token_prev_code(lf, j) : 0];
			if (t->kind != TOK_IDENT)
				continue;
			if (starts_with_any(lf->text + t->offset, t->len, names))
				return true;
			for (p = parts; *p; p++)
				if (memmem(lf->text + t->offset, t->len, *p, strlen(*p)))
					return true;
		} else if (depth == 0 && (tok_is_punct(lf, j, ";") || tok_is_punct(lf, j, "{") ||
					  tok_is_punct(lf, j, "}"))) {
			return false;
		}
	}
	return false;
}

static bool is_dead(const struct source_file *f, size_t i)
{
	return f->dead[i] || f->lex.tokens[i].kind == TOK_COMMENT;
}

/* The file's names filter; one with no bits when it cannot be read. Built
 * outside the lock; when two threads build one, the first stored wins. */
static struct names_filter *raw_text(struct cpu_dependence *cd,
					   const char *path)
{
	struct names_store *store = cd->names;
	struct names_filter *nf, *known;
	struct strbuf abs = STRBUF_INIT, text = STRBUF_INIT;

	pthread_mutex_lock(&store->lock);
	nf = strmap_get(&store->texts, path);
	pthread_mutex_unlock(&store->lock);
	if (nf)
		return nf;
	nf = xcalloc(1, sizeof(*nf));
	strbuf_addf(&abs, "%s/%s", cd->sc->root, path);
	if (strbuf_read_file(&text, abs.buf) >= 0 && text.buf) {
		definitions_scan(text.buf, text.len, &nf->d);
		if (nf->d.unknown)
			names_filter_build(nf, text.buf, text.len);
	}
	strbuf_release(&text);
	strbuf_release(&abs);
	pthread_mutex_lock(&store->lock);
	known = strmap_get(&store->texts, path);
	if (!known)
		strmap_put(&store->texts, path, nf);
	pthread_mutex_unlock(&store->lock);
	if (known) {
		free_text(nf);
		nf = known;
	}
	return nf;
}

static const struct source_function *find_in(struct cpu_dependence *cd, const char *path,
					     const char *name, bool inline_only,
					     struct source_file **where)
{
	struct names_filter *names = raw_text(cd, path);
	const struct source_function *fn;
	struct source_file *f;
	size_t i;

	if (!names_filter_may_define(names, name) ||
	    !names_filter_defines(cd->names, names, name))
		return NULL;
	f = source_get(cd->sc, path);
	if (!f)
		return NULL;
	names_filter_learn(cd->names, names, f);
	for (i = 0; i < f->nr_funcs; i++) {
		fn = &f->funcs[i];
		if (strcmp(fn->name, name))
			continue;
		if (inline_only && !fn->is_inline && !fn->is_macro)
			continue;
		*where = f;
		return fn;
	}
	return NULL;
}

/* The directory's files but from, where name is not defined (else the
 * search would not get here): the same answer from every file of dir. */
static const struct source_function *resolve_in_dir(struct cpu_dependence *cd,
						    const char *from, const char *name,
						    struct source_file **where)
{
	const struct source_function *fn;
	const char *const *files;
	const char *slash;
	char *dir;
	size_t i, nr;

	slash = strrchr(from, '/');
	dir = xstrndup(from, slash ? (size_t)(slash - from) : 0);
	files = source_dir_files(cd->sc, dir, &nr);
	free(dir);
	for (i = 0; i < nr; i++) {
		size_t n = strlen(files[i]);
		bool header = files[i][n - 1] == 'h';

		if (!strcmp(files[i], from))
			continue;
		fn = find_in(cd, files[i], name, header, where);
		if (fn && (header || !fn->is_static))
			return fn;
	}
	return NULL;
}

static const struct source_function *remembered(struct cpu_dependence *cd,
						const char *key,
						struct source_file **where,
						bool *known)
{
	struct resolved *r = strmap_get(&cd->resolved, key);

	*known = r != NULL;
	if (!r || !r->where)
		return NULL;
	*where = r->where;
	return r->fn;
}

static const struct source_function *remember(struct cpu_dependence *cd,
					      const char *key,
					      struct source_file *where,
					      const struct source_function *fn)
{
	struct resolved *r = xcalloc(1, sizeof(*r));

	r->where = fn ? where : NULL;
	r->fn = fn;
	strmap_put(&cd->resolved, key, r);
	return fn;
}

const struct source_function *cpu_dependence_resolve(struct cpu_dependence *cd,
						     const char *from, const char *name,
						     struct source_file **where)
{
	struct source_file *f = source_get(cd->sc, from), *at = NULL;
	char *const *includes;
	size_t nr_includes = 0;
	const struct source_function *fn;
	struct strbuf key = STRBUF_INIT, dir_key = STRBUF_INIT;
	const char *slash;
	bool known;
	size_t i;

	if (!f)
		return NULL;
	strbuf_addf(&key, "%s\n%s", from, name);
	fn = remembered(cd, key.buf, where, &known);
	if (known)
		goto out;
	fn = find_in(cd, from, name, false, &at);
	includes = fn ? NULL : source_includes(cd->sc, f, &nr_includes);
	for (i = 0; !fn && i < nr_includes; i++)
		fn = find_in(cd, includes[i], name, true, &at);
	if (!fn) {
		slash = strrchr(from, '/');
		strbuf_addf(&dir_key, "\n%.*s\n%s",
			    slash ? (int)(slash - from) : 0, from, name);
		fn = remembered(cd, dir_key.buf, &at, &known);
		if (!known)
			fn = remember(cd, dir_key.buf, at,
				      resolve_in_dir(cd, from, name, &at));
	}
	remember(cd, key.buf, at, fn);
	if (fn)
		*where = at;
out:
	strbuf_release(&key);
	strbuf_release(&dir_key);
	return fn;
}

static void step_message(char *buf, size_t size, const struct source_function *fn,
			 const char *what)
{
	snprintf(buf, size, "%s%s %s", fn->name, fn->is_macro ? "" : "()", what);
}

/* `x != smp_processor_id()` or `smp_processor_id() == x`. */
static bool compared(const struct lexed_file *lf, size_t i)
{
	long prev = token_prev_code(lf, (long)i), open = token_next_code(lf, (long)i);
	long close = open >= 0 ? token_match_bracket(lf, (size_t)open) : -1;
	long next = close >= 0 ? token_next_code(lf, close) : -1;

	return tok_is_punct(lf, prev, "!=") || tok_is_punct(lf, prev, "==") ||
	       tok_is_punct(lf, next, "!=") || tok_is_punct(lf, next, "==");
}

static bool analyse(struct cpu_dependence *cd, struct source_file *f,
		    const struct source_function *fn, int depth_left, struct cpu_chain *out);

static bool direct_read(struct source_file *f, const struct source_function *fn,
			struct cpu_chain *out)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;
	char buf[512];

	for (i = fn->body_open; i <= fn->body_close && i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		char *name;

		if (is_dead(f, i) || !is_current_cpu_accessor(lf, i) || is_counter_update(lf, i) ||
		    is_queue_cpu_argument(lf, i) || in_diagnostic(lf, i, fn->body_open))
			continue;
		name = tok_text(lf, i);
		if (compared(lf, i)) {
			char what[256];

			snprintf(what, sizeof(what),
				 "compares a stored CPU with the current one (%s())", name);
			step_message(buf, sizeof(buf), fn, what);
		} else {
			char what[256];

			snprintf(what, sizeof(what), "reads the current CPU: %s()", name);
			step_message(buf, sizeof(buf), fn, what);
		}
		free(name);
		cpu_chain_add(out, f->path, t->line, t->column, buf);
		return true;
	}
	return false;
}

/* Token i is the `{` of an initialiser: is it a static const object's
 * (`static const struct foo_ops name = {`, maybe `name[] = {`)? Only such
 * a table says, for good, which function a member holds. */
static bool opens_static_const_table(const struct lexed_file *lf, long open,
				     long *name)
{
	long j = token_prev_code(lf, open);
	bool is_static = false, is_const = false;

	if (!tok_is_punct(lf, j, "="))
		return false;
	j = token_prev_code(lf, j);
	if (tok_is_punct(lf, j, "]"))
		for (j = token_prev_code(lf, j); j >= 0 && !tok_is_punct(lf, j, "[");
		     j = token_prev_code(lf, j))
			;
	*name = j >= 0 && tok_is_punct(lf, j, "[") ? token_prev_code(lf, j) : j;
	for (j = *name; j >= 0; j = token_prev_code(lf, j)) {
		const struct token *t = &lf->tokens[j];

		if (tok_is_punct(lf, j, ";") || tok_is_punct(lf, j, "}") ||
		    tok_is_punct(lf, j, "{") || t->kind == TOK_DIRECTIVE_END)
			break;
		if (t->kind != TOK_IDENT)
			continue;
		if (t->len == 6 && !memcmp(lf->text + t->offset, "static", 6))
			is_static = true;
		if (t->len == 5 && !memcmp(lf->text + t->offset, "const", 5))
			is_const = true;
	}
	return is_static && is_const && *name >= 0;
}

/* `.member = fn` at token i (the member's name) inside a static const
 * table: the table's name token, or -1. */
static long table_entry(const struct lexed_file *lf, size_t i)
{
	long j, name = -1;
	int depth = 0;

	if (!tok_is_punct(lf, token_prev_code(lf, (long)i), ".") ||
	    !tok_is_punct(lf, token_next_code(lf, (long)i), "="))
		return -1;
	for (j = token_prev_code(lf, (long)i); j >= 0; j = token_prev_code(lf, j)) {
		if (tok_is_punct(lf, j, "}")) {
			depth++;
		} else if (tok_is_punct(lf, j, "{")) {
			if (depth-- == 0)
				return opens_static_const_table(lf, j, &name) ? name : -1;
		} else if (tok_is_punct(lf, j, ";")) {
			return -1;
		}
	}
	return -1;
}

/* Does a function that a static const table (in from's file or directory)
 * holds in member read the current CPU? The call site is token call of f. */
static bool through_ops_table(struct cpu_dependence *cd, struct source_file *f,
			      const struct source_function *fn, size_t call,
			      int depth_left, struct cpu_chain *out)
{
	const char *slash = strrchr(f->path, '/');
	char *dir = xstrndup(f->path, slash ? (size_t)(slash - f->path) : 0);
	char *member = tok_text(&f->lex, call);
	const char *const *files;
	size_t nr, k, i;
	bool yes = false;

	files = source_dir_files(cd->sc, dir, &nr);
	for (k = 0; k < nr && !yes; k++) {
		struct source_file *tf;

		if (!names_filter_may_set_member(raw_text(cd, files[k]), member))
			continue;
		tf = source_get(cd->sc, files[k]);
		for (i = 0; tf && i < tf->lex.nr_tokens && !yes; i++) {
			const struct lexed_file *lf = &tf->lex;
			const struct token *t = &lf->tokens[i];
			const struct source_function *target;
			struct source_file *where = NULL;
			struct cpu_chain sub = { 0 };
			long table, value;
			char *table_name, *target_name, buf[512], what[384];

			if (t->kind != TOK_IDENT || tf->dead[i] ||
			    strlen(member) != t->len ||
			    memcmp(lf->text + t->offset, member, t->len))
				continue;
			table = table_entry(lf, i);
			value = token_next_code(lf, token_next_code(lf, (long)i));
			if (table < 0 || value < 0 || lf->tokens[value].kind != TOK_IDENT)
				continue;
			target_name = tok_text(lf, (size_t)value);
			target = cpu_dependence_resolve(cd, tf->path, target_name, &where);
			if (target && analyse(cd, where, target, depth_left - 1, &sub)) {
				table_name = tok_text(lf, (size_t)table);
				snprintf(what, sizeof(what),
					 "calls ->%s(), which the static const table %s (%s:%u) "
					 "sets to %s()", member, table_name, tf->path, t->line,
					 target_name);
				step_message(buf, sizeof(buf), fn, what);
				cpu_chain_add(out, f->path, f->lex.tokens[call].line,
					      f->lex.tokens[call].column, buf);
				cpu_chain_append(out, &sub);
				free(table_name);
				yes = true;
			}
			cpu_chain_release(&sub);
			free(target_name);
		}
	}
	free(member);
	free(dir);
	return yes;
}

size_t cpu_dependence_ops_targets(struct cpu_dependence *cd, const char *from,
				  const char *member, struct ops_target *out, size_t max)
{
	const char *slash = strrchr(from, '/');
	char *dir = xstrndup(from, slash ? (size_t)(slash - from) : 0);
	const char *const *files;
	size_t nr, k, i, n = 0;
	bool full = false;

	files = source_dir_files(cd->sc, dir, &nr);
	for (k = 0; k < nr && !full; k++) {
		struct source_file *tf;

		if (!names_filter_may_set_member(raw_text(cd, files[k]), member))
			continue;
		tf = source_get(cd->sc, files[k]);
		for (i = 0; tf && i < tf->lex.nr_tokens && !full; i++) {
			const struct lexed_file *lf = &tf->lex;
			const struct token *t = &lf->tokens[i];
			long table, value;
			char *target_name;

			if (t->kind != TOK_IDENT || tf->dead[i] || strlen(member) != t->len ||
			    memcmp(lf->text + t->offset, member, t->len))
				continue;
			table = table_entry(lf, i);
			value = token_next_code(lf, token_next_code(lf, (long)i));
			if (table < 0 || value < 0 || lf->tokens[value].kind != TOK_IDENT)
				continue;
			if (n == max) {
				full = true;
				break;
			}
			target_name = tok_text(lf, (size_t)value);
			out[n].name = target_name;
			out[n].table_file = tf->path;
			out[n].line = t->line;
			out[n].where = NULL;
			out[n].fn = cpu_dependence_resolve(cd, tf->path, target_name,
							   &out[n].where);
			n++;
		}
	}
	free(dir);
	if (full) {
		for (k = 0; k < n; k++)
			free(out[k].name);
		return 0;
	}
	return n;
}

static bool through_callee(struct cpu_dependence *cd, struct source_file *f,
			   const struct source_function *fn, int depth_left,
			   struct cpu_chain *out)
{
	const struct lexed_file *lf = &f->lex;
	size_t i;

	for (i = fn->body_open; i <= fn->body_close && i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		const struct source_function *callee;
		struct source_file *where = NULL;
		struct cpu_chain sub = { 0 };
		const char *s = lf->text + t->offset;
		char *name, buf[512], what[256];

		if (!is_dead(f, i) && call_kind(lf, i) == 2) {
			if (through_ops_table(cd, f, fn, i, depth_left, out))
				return true;
			continue;
		}
		/* An accessor left out above (a counter update) is not followed
		 * into its definition either. */
		if (is_dead(f, i) || !is_call(lf, i) || equals_any(s, t->len, keywords) ||
		    starts_with_any(s, t->len, not_followed) || equals_any(s, t->len, accessors) ||
		    starts_with_any(s, t->len, accessor_prefixes))
			continue;
		name = tok_text(lf, i);
		if (!strcmp(name, fn->name)) {
			free(name);
			continue;
		}
		callee = cpu_dependence_resolve(cd, f->path, name, &where);
		if (callee && analyse(cd, where, callee, depth_left - 1, &sub)) {
			snprintf(what, sizeof(what), "calls %s%s", name, callee->is_macro ? "" : "()");
			step_message(buf, sizeof(buf), fn, what);
			cpu_chain_add(out, f->path, t->line, t->column, buf);
			cpu_chain_append(out, &sub);
			cpu_chain_release(&sub);
			free(name);
			return true;
		}
		cpu_chain_release(&sub);
		free(name);
	}
	return false;
}

static bool analyse(struct cpu_dependence *cd, struct source_file *f,
		    const struct source_function *fn, int depth_left, struct cpu_chain *out)
{
	char key[512];
	struct memo *m;

	/* Each question has a depth below the one that asks it, so a question
	 * never waits on itself: no cycle to break. */
	snprintf(key, sizeof(key), "%s:%zu:%d", f->path, fn->name_tok,
		 depth_left);
	m = strmap_get(&cd->memo, key);
	if (!m) {
		m = xcalloc(1, sizeof(*m));
		m->yes = direct_read(f, fn, &m->chain) ||
			 (depth_left > 0 &&
			  through_callee(cd, f, fn, depth_left, &m->chain));
		strmap_put(&cd->memo, key, m);
	}
	if (m->yes)
		cpu_chain_append(out, &m->chain);
	return m->yes;
}

bool cpu_dependence_of(struct cpu_dependence *cd, const char *from, const char *name,
		       struct cpu_chain *chain)
{
	struct source_file *where = NULL;
	const struct source_function *fn = cpu_dependence_resolve(cd, from, name, &where);

	return fn && analyse(cd, where, fn, cd->max_depth, chain);
}

bool cpu_dependence_reads_only_cpu(struct cpu_dependence *cd, const char *from,
				   const char *name)
{
	struct source_file *where = NULL;
	const struct source_function *fn = cpu_dependence_resolve(cd, from, name, &where);
	size_t i, code = 0;
	bool reads = false;

	if (!fn)
		return false;
	for (i = fn->body_open; i <= fn->body_close && i < where->lex.nr_tokens; i++) {
		if (where->lex.tokens[i].kind == TOK_COMMENT ||
		    where->lex.tokens[i].kind == TOK_DIRECTIVE_END)
			continue;
		code++;
		if (is_current_cpu_accessor(&where->lex, i))
			reads = true;
	}
	return reads && code <= 12;
}
