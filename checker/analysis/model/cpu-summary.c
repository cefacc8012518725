/* Summaries of lexed files for the CPU-read analysis (cpu-summary.h): the
 * accessor tests run here, once per function, while the tokens exist. */
#include "analysis/model/cpu-summary.h"
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

/* tok_is_punct() for a length known here: every token of every body. */
static inline bool punct_is(const struct lexed_file *lf, long i, const char *p, size_t len)
{
	const struct token *t;

	if (i < 0 || (size_t)i >= lf->nr_tokens)
		return false;
	t = &lf->tokens[i];
	return t->kind == TOK_PUNCT && t->len == len && !memcmp(lf->text + t->offset, p, len);
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

/* Token i (an accessor called by name in fn) as direct_read() once took
 * the first of them: unless it only counts, says where to queue or shows
 * a CPU to a human, fn reads the current CPU here. */
static bool reads_here(const struct source_file *f, const struct source_function *fn,
		       size_t i, struct cpu_chain *out)
{
	const struct lexed_file *lf = &f->lex;
	const struct token *t = &lf->tokens[i];
	char buf[512], what[256];
	char *name;

	if (is_counter_update(lf, i) || is_queue_cpu_argument(lf, i) ||
	    in_diagnostic(lf, i, fn->body_open))
		return false;
	name = tok_text(lf, i);
	if (compared(lf, i))
		snprintf(what, sizeof(what),
			 "compares a stored CPU with the current one (%s())", name);
	else
		snprintf(what, sizeof(what), "reads the current CPU: %s()", name);
	step_message(buf, sizeof(buf), fn, what);
	free(name);
	cpu_chain_add(out, f->path, t->line, t->column, buf);
	return true;
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

/* The last entry's answer: the walk back from an entry of a table passes
 * the entry before it at depth 0, and from there goes on as that entry's
 * walk did, so a table of n entries costs n short walks, not n long ones. */
struct entry_walk {
	long member;	/* the member token of the last entry walked, or -1 */
	long table;	/* its answer */
};

/* `.member = fn` at token i (the member's name) inside a static const
 * table: the table's name token, or -1. */
static long table_entry(const struct lexed_file *lf, size_t i, struct entry_walk *w)
{
	long j, name = -1, table = -1;
	int depth = 0;

	for (j = token_prev_code(lf, (long)i); j >= 0; j = token_prev_code(lf, j)) {
		if (j == w->member && depth == 0) {
			table = w->table;
			break;
		}
		if (punct_is(lf, j, "}", 1)) {
			depth++;
		} else if (punct_is(lf, j, "{", 1)) {
			if (depth-- == 0) {
				table = opens_static_const_table(lf, j, &name) ? name : -1;
				break;
			}
		} else if (punct_is(lf, j, ";", 1)) {
			break;
		}
	}
	w->member = (long)i;
	w->table = table;
	return table;
}

/* The four lists by first byte, with their lengths: every call of every
 * summarised function is asked against some 200 prefixes. */
struct name_list {
	const char *s;
	size_t len;
	bool prefix;
	bool accessor;	/* from accessors[] or accessor_prefixes[] */
};

static struct name_list *by_first[256];
static size_t nr_by_first[256];
static pthread_once_t lists_once = PTHREAD_ONCE_INIT;

static void index_list(const char *const *list, bool prefix, bool accessor)
{
	for (; *list; list++) {
		unsigned char c = (unsigned char)**list;
		size_t n = nr_by_first[c]++;

		by_first[c] = xrealloc(by_first[c], (n + 1) * sizeof(*by_first[c]));
		by_first[c][n].s = *list;
		by_first[c][n].len = strlen(*list);
		by_first[c][n].prefix = prefix;
		by_first[c][n].accessor = accessor;
	}
}

static void index_lists(void)
{
	index_list(keywords, false, false);
	index_list(not_followed, true, false);
	index_list(accessors, false, true);
	index_list(accessor_prefixes, true, true);
}

/* A name called: 0 followed into its definition; else NOT_FOLLOWED and,
 * when it is an accessor (is_current_cpu_accessor()'s names), ACCESSOR. */
#define NOT_FOLLOWED 1
#define ACCESSOR 2

static int call_class(const char *s, size_t len)
{
	const struct name_list *l;
	size_t i, n;
	int class = 0;

	pthread_once(&lists_once, index_lists);
	l = by_first[(unsigned char)s[0]];
	n = nr_by_first[(unsigned char)s[0]];
	for (i = 0; i < n; i++)
		if ((l[i].prefix ? len >= l[i].len : len == l[i].len) &&
		    !memcmp(s, l[i].s, l[i].len))
			class |= NOT_FOLLOWED | (l[i].accessor ? ACCESSOR : 0);
	return class;
}

bool cpu_call_followed(const char *name)
{
	return !call_class(name, strlen(name));
}

/* A summary is built with its names in one buffer and its functions'
 * calls in one array (offsets until the buffer stops moving): a whole
 * tree's summaries are some million names, and a malloc() and free() of
 * each cost more than the walk that finds them. */
struct builder {
	struct strbuf strings;
	struct call_step *calls;
	size_t nr_calls, alloc_calls;
};

static char *offset_of(struct builder *b, const char *s, size_t len)
{
	size_t at = b->strings.len;

	strbuf_add(&b->strings, s, len);
	strbuf_addch(&b->strings, '\0');
	return (char *)(uintptr_t)at;
}

static char *token_name(struct builder *b, const struct lexed_file *lf, size_t i)
{
	return offset_of(b, lf->text + lf->tokens[i].offset, lf->tokens[i].len);
}

static char *at(const struct file_summary *s, char *offset)
{
	return s->strings + (uintptr_t)offset;
}

static void summarise_function(struct builder *b, const struct source_file *f,
			       const struct source_function *fn, struct fn_summary *s)
{
	const struct lexed_file *lf = &f->lex;
	size_t i, name_len = strlen(fn->name);

	s->name = offset_of(b, fn->name, name_len);
	s->line = lf->tokens[fn->name_tok].line;
	s->column = lf->tokens[fn->name_tok].column;
	s->is_static = fn->is_static;
	s->is_inline = fn->is_inline;
	s->is_macro = fn->is_macro;
	s->calls = (struct call_step *)(uintptr_t)b->nr_calls;
	/* One walk for two questions: the first accessor call that reads
	 * the current CPU (direct), and through_callee()'s list: member
	 * calls, and calls by name of what it follows, in order; not the
	 * function itself. call_kind() spelt out, as this is every token. */
	for (i = fn->body_open; i <= fn->body_close && i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		const char *name = lf->text + t->offset;
		struct call_step *c;
		long next, prev;
		bool member;

		if (t->kind != TOK_IDENT || f->dead[i] || t->is_macro_param ||
		    t->is_directive_name)
			continue;
		next = token_next_code(lf, (long)i);
		if (!punct_is(lf, next, "(", 1))
			continue;
		prev = token_prev_code(lf, (long)i);
		member = punct_is(lf, prev, ".", 1) || punct_is(lf, prev, "->", 2);
		if (!member) {
			int class = call_class(name, t->len);

			if ((class & ACCESSOR) && !s->reads)
				s->reads = reads_here(f, fn, i, &s->direct);
			if (class || (t->len == name_len && !memcmp(name, fn->name, t->len)))
				continue;
		}
		ALLOC_GROW(b->calls, b->nr_calls, b->alloc_calls);
		c = &b->calls[b->nr_calls++];
		c->name = offset_of(b, name, t->len);
		c->line = t->line;
		c->column = t->column;
		c->member = member;
		s->nr_calls++;
	}
}

/* through_ops_table()'s test of each token: an entry of a static const
 * table whose value is a name. */
static void find_entries(struct builder *b, const struct source_file *f,
			 struct file_summary *s)
{
	const struct lexed_file *lf = &f->lex;
	struct entry_walk w = { -1, -1 };
	size_t i, alloc = 0;

	for (i = 0; i < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];
		struct ops_entry *e;
		long table, value;

		/* most identifiers have a neighbour that is neither: asked
		 * first, of the next token, with no comment skipped */
		if (t->kind != TOK_IDENT || f->dead[i] ||
		    (i + 1 < lf->nr_tokens && lf->tokens[i + 1].kind != TOK_COMMENT &&
		     !punct_is(lf, (long)i + 1, "=", 1)) ||
		    !punct_is(lf, token_next_code(lf, (long)i), "=", 1) ||
		    !punct_is(lf, token_prev_code(lf, (long)i), ".", 1))
			continue;
		table = table_entry(lf, i, &w);
		if (table < 0)
			continue;
		value = token_next_code(lf, token_next_code(lf, (long)i));
		if (value < 0 || lf->tokens[value].kind != TOK_IDENT)
			continue;
		ALLOC_GROW(s->entries, s->nr_entries, alloc);
		e = &s->entries[s->nr_entries++];
		e->member = token_name(b, lf, i);
		e->target = token_name(b, lf, (size_t)value);
		e->table = token_name(b, lf, (size_t)table);
		e->line = t->line;
	}
}

static int by_name_then_index(const void *a, const void *b, void *ctx)
{
	const struct file_summary *s = ctx;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = strcmp(s->funcs[x].name, s->funcs[y].name);

	return c ? c : (x > y) - (x < y);
}

static void index_by_name(struct file_summary *s)
{
	size_t i;

	s->by_name = xcalloc(s->nr_funcs + 1, sizeof(*s->by_name));
	for (i = 0; i < s->nr_funcs; i++)
		s->by_name[i] = i;
	/* glibc's qsort_r() (the build is _GNU_SOURCE) */
	qsort_r(s->by_name, s->nr_funcs, sizeof(*s->by_name), by_name_then_index, s);
}

const struct fn_summary *file_summary_find(const struct file_summary *s, const char *name,
					   size_t *from)
{
	size_t lo = 0, hi = s->nr_funcs;

	/* the first of the name's run in by_name... */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(s->funcs[s->by_name[mid]].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* ...then the first of them at *from or later, in file order */
	for (; lo < s->nr_funcs && !strcmp(s->funcs[s->by_name[lo]].name, name); lo++)
		if (s->by_name[lo] >= *from) {
			*from = s->by_name[lo] + 1;
			return &s->funcs[s->by_name[lo]];
		}
	return NULL;
}

struct file_summary *file_summary_new(const struct source_file *f)
{
	struct file_summary *s = xcalloc(1, sizeof(*s));
	struct builder b = { STRBUF_INIT, NULL, 0, 0 };
	size_t i;

	s->path = xstrdup(f->path);
	s->funcs = xcalloc(f->nr_funcs + 1, sizeof(*s->funcs));
	s->nr_funcs = f->nr_funcs;
	for (i = 0; i < f->nr_funcs; i++)
		summarise_function(&b, f, &f->funcs[i], &s->funcs[i]);
	find_entries(&b, f, s);
	s->strings = strbuf_detach(&b.strings);
	s->calls = b.calls;
	for (i = 0; i < b.nr_calls; i++)
		b.calls[i].name = at(s, b.calls[i].name);
	for (i = 0; i < s->nr_funcs; i++) {
		s->funcs[i].name = at(s, s->funcs[i].name);
		s->funcs[i].calls = b.calls + (uintptr_t)s->funcs[i].calls;
	}
	for (i = 0; i < s->nr_entries; i++) {
		s->entries[i].member = at(s, s->entries[i].member);
		s->entries[i].target = at(s, s->entries[i].target);
		s->entries[i].table = at(s, s->entries[i].table);
	}
	index_by_name(s);
	s->nr_directives = source_include_directives(f, &s->directives);
	return s;
}

void file_summary_free(struct file_summary *s, int depths)
{
	size_t i;
	int d;

	if (!s)
		return;
	for (i = 0; i < s->nr_funcs; i++) {
		struct fn_summary *fn = &s->funcs[i];

		cpu_chain_release(&fn->direct);
		for (d = 0; fn->memo && d < depths; d++) {
			if (!fn->memo[d])
				continue;
			cpu_chain_release(&fn->memo[d]->chain);
			free(fn->memo[d]);
		}
		free(fn->memo);
	}
	free(s->funcs);
	free(s->calls);
	free(s->strings);
	free(s->by_name);
	for (i = 0; i < s->nr_includes; i++)
		free(s->includes[i]);
	free(s->includes);
	for (i = 0; i < s->nr_directives; i++)
		free(s->directives[i].name);
	free(s->directives);
	free(s->entries);
	strmap_release(&s->resolved, free);
	free(s->path);
	free(s);
}
