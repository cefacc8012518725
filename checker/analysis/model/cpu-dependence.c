#include "analysis/model/cpu-dependence.h"
#include "analysis/model/cpu-summary.h"
#include "analysis/model/dir-defs.h"
#include "front/definitions.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What is learnt of the files, shared by the cpu_dependence objects of
 * several threads (cpu_dependence_new_sharing()): what a file's text holds
 * does not change, nor what it defines, nor where a name seen from a file
 * is defined, nor the answers; building any of them reads or lexes a file.
 * Built outside the lock; when two threads build one, the first stored
 * wins, and once stored nothing of it changes but the memo slots. */
struct names_store {
	pthread_mutex_t lock;
	struct strmap texts;	/* path -> struct names_filter * */
	/* "\ndir\nname" -> struct resolved * (and in each summary, name ->
	 * struct resolved *): a callee is looked for again and again (each
	 * work function, each of its callers), and a miss costs a search of
	 * every header and file of a directory. */
	struct strmap resolved;
	struct strmap dirs;	/* dir -> struct dir_entry * */
	/* the tree's root, opened once: a file is opened by its path from it
	 * (a lookup of the root's own path a file less, for 27,000 files) */
	int root_fd;
	bool root_opened;
	pthread_cond_t built;	/* a summary or dir_entry being built is done */
	int refs;
	int depths;		/* the memo slots of a function: max_depth + 1 */
};

struct cpu_dependence {
	struct source_cache *sc;	/* this thread's: lexes the files */
	/* Summaries lexed through sc and left in it, for the callers who
	 * want the tokens of what they resolve too (the rules); without, a
	 * file is lexed, summarised and let go (the audit's judging). */
	bool keep_sources;
	int max_depth;
	struct names_store *names;
};

struct resolved {
	struct file_summary *where;	/* NULL: not found */
	const struct fn_summary *fn;
};

static struct names_store *names_store_new(int max_depth)
{
	struct names_store *store = xcalloc(1, sizeof(*store));

	pthread_mutex_init(&store->lock, NULL);
	pthread_cond_init(&store->built, NULL);
	store->refs = 1;
	store->depths = max_depth + 1;
	return store;
}

struct cpu_dependence *cpu_dependence_new(struct source_cache *sc, int max_depth)
{
	struct cpu_dependence *cd = xcalloc(1, sizeof(*cd));

	cd->sc = sc;
	cd->keep_sources = true;
	cd->max_depth = max_depth;
	cd->names = names_store_new(max_depth);
	return cd;
}

struct cpu_dependence *cpu_dependence_new_sharing(struct cpu_dependence *other,
						  struct source_cache *sc)
{
	struct cpu_dependence *cd = xcalloc(1, sizeof(*cd));

	cd->sc = sc;
	cd->keep_sources = true;
	cd->max_depth = other->max_depth;
	cd->names = other->names;
	pthread_mutex_lock(&cd->names->lock);
	cd->names->refs++;
	pthread_mutex_unlock(&cd->names->lock);
	return cd;
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
 * definition needs the name as an identifier. Once the file is lexed, its
 * summary answers exactly and the filter is not asked again.
 */
struct names_filter {
	struct definitions d;
	uint64_t *bits;		/* only when d.unknown */
	size_t mask;	/* the number of bits, a power of two, less one */
	bool texted;	/* d and bits are built */
	bool summarised;	/* sum is built (NULL: the file cannot be read) */
	bool building;		/* by some thread, now */
	struct file_summary *sum;
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

static void free_text_of(struct names_filter *nf, int depths)
{
	file_summary_free(nf->sum, depths);
	free(nf->bits);
	definitions_release(&nf->d);
	free(nf);
}

void cpu_dependence_empty_sources(struct cpu_dependence *cd)
{
	const char *root = cd->sc->root, *arch = cd->sc->arch;

	source_cache_release(cd->sc);
	source_cache_init(cd->sc, root, arch);
}

/* Nothing learnt points into a source cache any more (the summaries are
 * the store's): what is kept across an emptied cache is everything. */
void cpu_dependence_forget_sources(struct cpu_dependence *cd)
{
	(void)cd;
}

/* A directory as its searches see it: its .c and .h files in order, each
 * one's filter, and their definitions as one list. */
struct dir_entry {
	char **files;
	struct names_filter **nf;
	size_t nr;
	struct dir_defs *defs;
	bool built;
	bool building;		/* by some thread, now */
};

static void dir_entry_free(void *p)
{
	struct dir_entry *de = p;
	size_t i;

	for (i = 0; i < de->nr; i++)
		free(de->files[i]);
	free(de->files);
	free(de->nf);
	dir_defs_free(de->defs);
	free(de);
}

static void names_store_put(struct names_store *store)
{
	size_t i;
	int refs;

	pthread_mutex_lock(&store->lock);
	refs = --store->refs;
	pthread_mutex_unlock(&store->lock);
	if (refs)
		return;
	for (i = 0; i < store->texts.alloc; i++)
		if (store->texts.slots[i].key && store->texts.slots[i].value)
			free_text_of(store->texts.slots[i].value, store->depths);
	strmap_release(&store->texts, NULL);
	strmap_release(&store->resolved, free);
	strmap_release(&store->dirs, dir_entry_free);
	if (store->root_opened && store->root_fd >= 0)
		close(store->root_fd);
	pthread_cond_destroy(&store->built);
	pthread_mutex_destroy(&store->lock);
	free(store);
}

void cpu_dependence_keep_sources(struct cpu_dependence *cd, bool keep)
{
	cd->keep_sources = keep;
}

void cpu_dependence_free(struct cpu_dependence *cd)
{
	if (!cd)
		return;
	names_store_put(cd->names);
	free(cd);
}

/* The store's entry of path, made empty when there is none. */
static struct names_filter *entry_of(struct names_store *store, const char *path)
{
	struct names_filter *nf = strmap_get(&store->texts, path);

	if (!nf) {
		nf = xcalloc(1, sizeof(*nf));
		strmap_put(&store->texts, path, nf);
	}
	return nf;
}

/* path (relative to the tree's root) into text, as strbuf_read_file(). */
static int read_tree_file(struct cpu_dependence *cd, const char *path, struct strbuf *text)
{
	struct names_store *store = cd->names;
	struct strbuf abs = STRBUF_INIT;
	int fd, ret;

	pthread_mutex_lock(&store->lock);
	if (!store->root_opened) {
		store->root_fd = open(cd->sc->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		store->root_opened = true;
	}
	fd = store->root_fd;
	pthread_mutex_unlock(&store->lock);
	if (fd >= 0)
		return strbuf_read_file_at(text, fd, path, 0);
	strbuf_addf(&abs, "%s/%s", cd->sc->root, path);
	ret = strbuf_read_file(text, abs.buf);
	strbuf_release(&abs);
	return ret;
}

/* nf, path's names filter, read once for every thread; one with no bits
 * when the file cannot be read. */
static struct names_filter *text_of(struct cpu_dependence *cd, struct names_filter *nf,
				    const char *path)
{
	struct names_store *store = cd->names;
	struct names_filter built = { 0 };
	struct strbuf text = STRBUF_INIT;
	bool texted;

	pthread_mutex_lock(&store->lock);
	texted = nf->texted;
	pthread_mutex_unlock(&store->lock);
	if (texted)
		return nf;
	if (read_tree_file(cd, path, &text) >= 0 && text.buf) {
		definitions_scan(text.buf, text.len, &built.d);
		if (built.d.unknown)
			names_filter_build(&built, text.buf, text.len);
	}
	strbuf_release(&text);
	pthread_mutex_lock(&store->lock);
	if (!nf->texted) {
		nf->d = built.d;
		nf->bits = built.bits;
		nf->mask = built.mask;
		nf->texted = true;
		built.bits = NULL;
		memset(&built.d, 0, sizeof(built.d));
	}
	pthread_mutex_unlock(&store->lock);
	free(built.bits);
	definitions_release(&built.d);
	return nf;
}

/* nf's summary if it is made (nf NULL: nothing is known of the file):
 * *known says whether it is. */
static struct file_summary *summary_in(struct names_store *store, struct names_filter *nf,
				       bool *known)
{
	struct file_summary *s = NULL;

	pthread_mutex_lock(&store->lock);
	*known = nf && nf->summarised;
	if (*known)
		s = nf->sum;
	pthread_mutex_unlock(&store->lock);
	return s;
}

/* The summary of path if it is made: *known says whether it is. */
static struct file_summary *summary_known(struct cpu_dependence *cd, const char *path,
					  bool *known)
{
	struct names_filter *nf;

	pthread_mutex_lock(&cd->names->lock);
	nf = strmap_get(&cd->names->texts, path);
	pthread_mutex_unlock(&cd->names->lock);
	return summary_in(cd->names, nf, known);
}

/* text_of() path's entry. */
static struct names_filter *raw_text(struct cpu_dependence *cd, const char *path)
{
	struct names_filter *nf;

	pthread_mutex_lock(&cd->names->lock);
	nf = entry_of(cd->names, path);
	pthread_mutex_unlock(&cd->names->lock);
	return text_of(cd, nf, path);
}

/* dir's entry: its files and their filters, found once for every thread;
 * the files are read as searches need them, in order (a search that
 * finds a definition reads no file after it), and once all are, their
 * definitions become one list (de->defs) that answers a search at once. */
static struct dir_entry *dir_entry_of(struct cpu_dependence *cd, const char *dir)
{
	struct names_store *store = cd->names;
	const char *const *files;
	struct dir_entry *de;
	size_t i, nr;

	pthread_mutex_lock(&store->lock);
	de = strmap_get(&store->dirs, dir);
	if (!de) {
		de = xcalloc(1, sizeof(*de));
		strmap_put(&store->dirs, dir, de);
	}
	/* another thread listing the directory: wait rather than list it twice */
	while (de->building)
		pthread_cond_wait(&store->built, &store->lock);
	if (de->built) {
		pthread_mutex_unlock(&store->lock);
		return de;
	}
	de->building = true;
	pthread_mutex_unlock(&store->lock);

	files = source_dir_files(cd->sc, dir, &nr);
	de->files = xcalloc(nr + 1, sizeof(*de->files));
	de->nf = xcalloc(nr + 1, sizeof(*de->nf));
	for (i = 0; i < nr; i++)
		de->files[i] = xstrdup(files[i]);

	pthread_mutex_lock(&store->lock);
	for (i = 0; i < nr; i++)
		de->nf[i] = entry_of(store, de->files[i]);
	de->nr = nr;
	de->built = true;
	de->building = false;
	pthread_cond_broadcast(&store->built);
	pthread_mutex_unlock(&store->lock);
	return de;
}

/* The entry of the directory holding path. */
static struct dir_entry *dir_entry_holding(struct cpu_dependence *cd, const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = xstrndup(path, slash ? (size_t)(slash - path) : 0);
	struct dir_entry *de = dir_entry_of(cd, dir);

	free(dir);
	return de;
}

/* File i of a directory into its one list: by its pass when it was read,
 * else by its summary's names (dir_files_may() found it made). */
static void add_to_dir_defs(struct cpu_dependence *cd, struct dir_defs *defs, uint32_t i,
			    struct names_filter *nf)
{
	const char **names, **members;
	struct file_summary *s;
	bool texted, known;
	size_t k;

	pthread_mutex_lock(&cd->names->lock);
	texted = nf->texted;
	pthread_mutex_unlock(&cd->names->lock);
	if (texted) {
		dir_defs_add(defs, i, &nf->d);
		return;
	}
	s = summary_in(cd->names, nf, &known);
	if (!s)
		return;
	names = xcalloc(s->nr_funcs + 1, sizeof(*names));
	members = xcalloc(s->nr_entries + 1, sizeof(*members));
	for (k = 0; k < s->nr_funcs; k++)
		names[k] = s->funcs[k].name;
	for (k = 0; k < s->nr_entries; k++)
		members[k] = s->entries[k].member;
	dir_defs_add_names(defs, i, names, s->nr_funcs, members, s->nr_entries);
	free(names);
	free(members);
}

/* Calls each() with the directory's files that may define name (member:
 * set the member name), in order, until one returns true; each file is
 * read when it is reached. Once every file is read or summarised, one
 * list answers. */
static void dir_files_may(struct cpu_dependence *cd, struct dir_entry *de, const char *name,
			  bool member, bool (*each)(void *ctx, const char *path), void *ctx)
{
	struct names_store *store = cd->names;
	struct dir_defs *defs;
	size_t i;

	pthread_mutex_lock(&store->lock);
	defs = de->defs;
	pthread_mutex_unlock(&store->lock);
	if (defs) {
		uint32_t *files;
		size_t k, nr = dir_defs_files(defs, name, member, &files);

		for (k = 0; k < nr; k++)
			if (each(ctx, de->files[files[k]]))
				break;
		free(files);
		return;
	}
	for (i = 0; i < de->nr; i++) {
		struct names_filter *nf;
		bool known;

		/* a summary made already answers exactly, unread (summary_if()) */
		summary_in(store, de->nf[i], &known);
		if (known) {
			if (each(ctx, de->files[i]))
				return;
			continue;
		}
		nf = text_of(cd, de->nf[i], de->files[i]);
		if ((member ? names_filter_may_set_member : names_filter_may_define)(nf, name) &&
		    each(ctx, de->files[i]))
			return;
	}
	/* every file read or summarised: the one list, for the searches to come */
	defs = dir_defs_new();
	for (i = 0; i < de->nr; i++)
		add_to_dir_defs(cd, defs, (uint32_t)i, de->nf[i]);
	dir_defs_finish(defs);
	pthread_mutex_lock(&store->lock);
	if (!de->defs) {
		de->defs = defs;
		defs = NULL;
	}
	pthread_mutex_unlock(&store->lock);
	dir_defs_free(defs);
}

/* path lexed on its own, as source_get() would: NULL when it cannot be
 * read or holds a NUL byte. */
static struct source_file *read_and_lex(struct cpu_dependence *cd, const char *path)
{
	struct strbuf text = STRBUF_INIT;
	size_t len;

	if (read_tree_file(cd, path, &text) < 0 || !text.buf ||
	    memchr(text.buf, '\0', text.len)) {
		strbuf_release(&text);
		return NULL;
	}
	len = text.len;
	return source_file_new(path, strbuf_detach(&text), len);
}

/* Under the store's lock: whether this thread is to build nf's summary
 * (marked as building); not when it is built or another thread builds it,
 * which wait waits for. */
static bool claim_summary(struct names_store *store, struct names_filter *nf, bool wait)
{
	while (wait && nf->building)
		pthread_cond_wait(&store->built, &store->lock);
	if (nf->summarised || nf->building)
		return false;
	nf->building = true;
	return true;
}

/* s (NULL: the file cannot be read) is nf's summary for every thread. */
static void publish_summary(struct names_store *store, struct names_filter *nf,
			    struct file_summary *s)
{
	pthread_mutex_lock(&store->lock);
	nf->sum = s;
	nf->summarised = true;
	nf->building = false;
	pthread_cond_broadcast(&store->built);
	pthread_mutex_unlock(&store->lock);
}

void cpu_dependence_summarise(struct cpu_dependence *cd, const struct source_file *f)
{
	struct names_store *store = cd->names;
	struct names_filter *nf;
	bool mine;

	pthread_mutex_lock(&store->lock);
	nf = entry_of(store, f->path);
	mine = claim_summary(store, nf, false);
	pthread_mutex_unlock(&store->lock);
	if (mine)
		publish_summary(store, nf, file_summary_new(f));
}

/* The files s's #include lines name, resolved once through cd's cache. */
static char *const *summary_includes(struct cpu_dependence *cd, struct file_summary *s,
				     size_t *nr)
{
	struct names_store *store = cd->names;
	char **paths = NULL;
	size_t i, n = 0;
	bool done;

	pthread_mutex_lock(&store->lock);
	done = s->includes_resolved;
	pthread_mutex_unlock(&store->lock);
	if (!done) {
		paths = xcalloc(s->nr_directives + 1, sizeof(*paths));
		for (i = 0; i < s->nr_directives; i++) {
			char *p = source_include_path(cd->sc, s->path, s->directives[i].name,
						      s->directives[i].quoted);

			if (p)
				paths[n++] = p;
		}
		pthread_mutex_lock(&store->lock);
		if (!s->includes_resolved) {
			s->includes = paths;
			s->nr_includes = n;
			s->includes_resolved = true;
			paths = NULL;
		}
		pthread_mutex_unlock(&store->lock);
		for (i = 0; paths && i < n; i++)
			free(paths[i]);
		free(paths);
	}
	*nr = s->nr_includes;
	return s->includes;
}

/* The summary of path, lexed once for every thread (through cd's cache
 * when cd keeps sources); NULL when it cannot be read. */
static struct file_summary *summary_of(struct cpu_dependence *cd, const char *path)
{
	struct names_store *store = cd->names;
	struct names_filter *nf;
	struct file_summary *s;
	struct source_file *f;
	bool known, mine;

	s = summary_known(cd, path, &known);
	if (known)
		return s;
	pthread_mutex_lock(&store->lock);
	nf = entry_of(store, path);
	/* another thread lexing it: wait rather than lex it twice */
	mine = claim_summary(store, nf, true);
	s = nf->sum;
	pthread_mutex_unlock(&store->lock);
	if (!mine)
		return s;
	f = cd->keep_sources ? source_get(cd->sc, path) : read_and_lex(cd, path);
	s = f ? file_summary_new(f) : NULL;
	if (!cd->keep_sources)
		source_file_free(f);
	publish_summary(store, nf, s);
	return s;
}

/* The file's summary if it is made, or if the file's filter says it may
 * hold what is asked (may: a definition of name, or a table entry setting
 * the member name); NULL when it cannot. */
static struct file_summary *summary_if(struct cpu_dependence *cd, const char *path,
				       const char *name,
				       bool (*may)(const struct names_filter *, const char *))
{
	bool known;
	struct file_summary *s = summary_known(cd, path, &known);

	if (known)
		return s;
	if (!may(raw_text(cd, path), name))
		return NULL;
	return summary_of(cd, path);
}

static const struct fn_summary *find_in(struct cpu_dependence *cd, const char *path,
					const char *name, bool inline_only,
					struct file_summary **where)
{
	struct file_summary *s = summary_if(cd, path, name, names_filter_may_define);
	const struct fn_summary *fn;
	size_t from = 0;

	while (s && (fn = file_summary_find(s, name, &from))) {
		if (inline_only && !fn->is_inline && !fn->is_macro)
			continue;
		*where = s;
		return fn;
	}
	return NULL;
}

struct dir_search {
	struct cpu_dependence *cd;
	const char *from, *name;
	const struct fn_summary *fn;
	struct file_summary **where;
};

static bool defines_it(void *ctx, const char *path)
{
	struct dir_search *ds = ctx;
	size_t n = strlen(path);
	bool header = path[n - 1] == 'h';

	if (!strcmp(path, ds->from))
		return false;
	ds->fn = find_in(ds->cd, path, ds->name, header, ds->where);
	if (ds->fn && (header || !ds->fn->is_static))
		return true;
	ds->fn = NULL;
	return false;
}

/* The directory's files but from, where name is not defined (else the
 * search would not get here): the same answer from every file of dir. */
static const struct fn_summary *resolve_in_dir(struct cpu_dependence *cd,
					       const char *from, const char *name,
					       struct file_summary **where)
{
	struct dir_search ds = { cd, from, name, NULL, where };

	dir_files_may(cd, dir_entry_holding(cd, from), name, false, defines_it, &ds);
	return ds.fn;
}

/* What map (the from file's own by name, or the store's by directory)
 * says of key: *known whether it says anything. */
static const struct fn_summary *remembered(struct cpu_dependence *cd, struct strmap *map,
					   const char *key, struct file_summary **where,
					   bool *known)
{
	struct resolved *r;

	pthread_mutex_lock(&cd->names->lock);
	r = strmap_get(map, key);
	pthread_mutex_unlock(&cd->names->lock);
	*known = r != NULL;
	if (!r || !r->where)
		return NULL;
	*where = r->where;
	return r->fn;
}

static const struct fn_summary *remember(struct cpu_dependence *cd, struct strmap *map,
					 const char *key, struct file_summary *where,
					 const struct fn_summary *fn)
{
	struct resolved *r = xcalloc(1, sizeof(*r));

	r->where = fn ? where : NULL;
	r->fn = fn;
	pthread_mutex_lock(&cd->names->lock);
	if (strmap_get(map, key))
		free(r);
	else
		strmap_put(map, key, r);
	pthread_mutex_unlock(&cd->names->lock);
	return fn;
}

/* The definition of name as seen from file from, and its file's summary.
 * The answer is kept in from's summary under name; a miss of the file and
 * its headers, in the store under "\ndir\nname" (the same answer from
 * every file of the directory). */
static const struct fn_summary *resolve(struct cpu_dependence *cd, const char *from,
					const char *name, struct file_summary **where)
{
	struct file_summary *f = summary_of(cd, from), *at = NULL;
	const struct fn_summary *fn;
	char *const *includes;
	size_t nr_includes = 0;
	struct strbuf dir_key = STRBUF_INIT;
	const char *slash;
	bool known;
	size_t i;

	if (!f)
		return NULL;
	fn = remembered(cd, &f->resolved, name, where, &known);
	if (known)
		return fn;
	fn = find_in(cd, from, name, false, &at);
	includes = fn ? NULL : summary_includes(cd, f, &nr_includes);
	for (i = 0; !fn && i < nr_includes; i++)
		fn = find_in(cd, includes[i], name, true, &at);
	if (!fn) {
		slash = strrchr(from, '/');
		strbuf_addf(&dir_key, "\n%.*s\n%s",
			    slash ? (int)(slash - from) : 0, from, name);
		fn = remembered(cd, &cd->names->resolved, dir_key.buf, &at, &known);
		if (!known)
			fn = remember(cd, &cd->names->resolved, dir_key.buf, at,
				      resolve_in_dir(cd, from, name, &at));
	}
	remember(cd, &f->resolved, name, at, fn);
	if (fn)
		*where = at;
	strbuf_release(&dir_key);
	return fn;
}

const struct source_function *cpu_dependence_resolve(struct cpu_dependence *cd,
						     const char *from, const char *name,
						     struct source_file **where)
{
	struct file_summary *at = NULL;
	const struct fn_summary *fn = resolve(cd, from, name, &at);
	struct source_file *f;

	if (!fn)
		return NULL;
	/* the same file the summary was made from: the same function list */
	f = source_get(cd->sc, at->path);
	if (!f || (size_t)(fn - at->funcs) >= f->nr_funcs)
		return NULL;
	*where = f;
	return &f->funcs[fn - at->funcs];
}

bool cpu_dependence_locate(struct cpu_dependence *cd, const char *from, const char *name,
			   struct cpu_definition *out)
{
	struct file_summary *at = NULL;
	const struct fn_summary *fn = resolve(cd, from, name, &at);

	if (!fn)
		return false;
	out->path = at->path;
	out->name = fn->name;
	out->line = fn->line;
	out->column = fn->column;
	return true;
}

static void step_message(char *buf, size_t size, const struct fn_summary *fn,
			 const char *what)
{
	snprintf(buf, size, "%s%s %s", fn->name, fn->is_macro ? "" : "()", what);
}

static bool analyse(struct cpu_dependence *cd, struct file_summary *f,
		    const struct fn_summary *fn, int depth_left, struct cpu_chain *out);

static bool same(const char *a, const char *b)
{
	return !strcmp(a, b);
}

struct ops_walk {
	struct cpu_dependence *cd;
	const char *member;
	bool (*each)(void *ctx, struct file_summary *tf, const struct ops_entry *e);
	void *ctx;
	bool stop;
};

static bool entries_of(void *ctx, const char *path)
{
	struct ops_walk *w = ctx;
	struct file_summary *tf = summary_if(w->cd, path, w->member,
					     names_filter_may_set_member);
	size_t i;

	for (i = 0; tf && i < tf->nr_entries && !w->stop; i++)
		if (same(tf->entries[i].member, w->member))
			w->stop = w->each(w->ctx, tf, &tf->entries[i]);
	return w->stop;
}

/* Calls each() with every entry of a static const table in from's
 * directory that sets member, until one returns true; whether one did. */
static bool each_ops_entry(struct cpu_dependence *cd, const char *from, const char *member,
			   bool (*each)(void *ctx, struct file_summary *tf,
					const struct ops_entry *e),
			   void *ctx)
{
	struct ops_walk w = { cd, member, each, ctx, false };

	dir_files_may(cd, dir_entry_holding(cd, from), member, true, entries_of, &w);
	return w.stop;
}

struct table_call {
	struct cpu_dependence *cd;
	struct file_summary *f;
	const struct fn_summary *fn;
	const struct call_step *call;
	int depth_left;
	struct cpu_chain *out;
};

/* Whether e's function reads the current CPU: then the step through the
 * table, and the function's own steps, go into the chain. */
static bool table_entry_reads(void *ctx, struct file_summary *tf, const struct ops_entry *e)
{
	struct table_call *t = ctx;
	const struct fn_summary *target;
	struct file_summary *where = NULL;
	struct cpu_chain sub = { 0 };
	char buf[512], what[384];
	bool yes = false;

	target = resolve(t->cd, tf->path, e->target, &where);
	if (target && analyse(t->cd, where, target, t->depth_left - 1, &sub)) {
		snprintf(what, sizeof(what),
			 "calls ->%s(), which the static const table %s (%s:%u) "
			 "sets to %s()", t->call->name, e->table, tf->path, e->line,
			 e->target);
		step_message(buf, sizeof(buf), t->fn, what);
		cpu_chain_add(t->out, t->f->path, t->call->line, t->call->column, buf);
		cpu_chain_append(t->out, &sub);
		yes = true;
	}
	cpu_chain_release(&sub);
	return yes;
}

/* Does a function that a static const table (in f's directory) holds in
 * the member of call read the current CPU? */
static bool through_ops_table(struct cpu_dependence *cd, struct file_summary *f,
			      const struct fn_summary *fn, const struct call_step *call,
			      int depth_left, struct cpu_chain *out)
{
	struct table_call t = { cd, f, fn, call, depth_left, out };

	return each_ops_entry(cd, f->path, call->name, table_entry_reads, &t);
}

struct table_targets {
	struct cpu_dependence *cd;
	struct ops_target *out;
	size_t n, max;
	bool full;
};

static bool add_table_target(void *ctx, struct file_summary *tf, const struct ops_entry *e)
{
	struct table_targets *t = ctx;
	struct ops_target *o = &t->out[t->n];

	if (t->n == t->max)
		return t->full = true;
	o->name = xstrdup(e->target);
	o->table_file = tf->path;
	o->line = e->line;
	o->where = NULL;
	o->fn = cpu_dependence_resolve(t->cd, tf->path, e->target, &o->where);
	t->n++;
	return false;
}

size_t cpu_dependence_ops_targets(struct cpu_dependence *cd, const char *from,
				  const char *member, struct ops_target *out, size_t max)
{
	struct table_targets t = { .cd = cd, .out = out, .max = max };
	size_t k;

	each_ops_entry(cd, from, member, add_table_target, &t);
	if (!t.full)
		return t.n;
	for (k = 0; k < t.n; k++)
		free(out[k].name);
	return 0;
}

static bool through_callee(struct cpu_dependence *cd, struct file_summary *f,
			   const struct fn_summary *fn, int depth_left,
			   struct cpu_chain *out)
{
	size_t i;

	for (i = 0; i < fn->nr_calls; i++) {
		const struct call_step *c = &fn->calls[i];
		const struct fn_summary *callee;
		struct file_summary *where = NULL;
		struct cpu_chain sub = { 0 };
		char buf[512], what[256];

		if (c->member) {
			if (through_ops_table(cd, f, fn, c, depth_left, out))
				return true;
			continue;
		}
		/* The summary holds only the calls by name that are followed
		 * (cpu_call_followed()), not the function's own: an accessor
		 * left out above (a counter update) is not followed into its
		 * definition either. */
		callee = resolve(cd, f->path, c->name, &where);
		if (callee && analyse(cd, where, callee, depth_left - 1, &sub)) {
			snprintf(what, sizeof(what), "calls %s%s", c->name,
				 callee->is_macro ? "" : "()");
			step_message(buf, sizeof(buf), fn, what);
			cpu_chain_add(out, f->path, c->line, c->column, buf);
			cpu_chain_append(out, &sub);
			cpu_chain_release(&sub);
			return true;
		}
		cpu_chain_release(&sub);
	}
	return false;
}

static bool analyse(struct cpu_dependence *cd, struct file_summary *f,
		    const struct fn_summary *fn_c, int depth_left, struct cpu_chain *out)
{
	struct fn_summary *fn = (struct fn_summary *)fn_c;
	struct names_store *store = cd->names;
	struct memo *m;

	/* Each question has a depth below the one that asks it, so a question
	 * never waits on itself: no cycle to break. */
	pthread_mutex_lock(&store->lock);
	m = fn->memo ? fn->memo[depth_left] : NULL;
	pthread_mutex_unlock(&store->lock);
	if (!m) {
		struct memo *mine = xcalloc(1, sizeof(*mine));

		if (fn->reads) {
			mine->yes = true;
			cpu_chain_append(&mine->chain, &fn->direct);
		} else {
			mine->yes = depth_left > 0 &&
				    through_callee(cd, f, fn, depth_left, &mine->chain);
		}
		pthread_mutex_lock(&store->lock);
		if (!fn->memo)
			fn->memo = xcalloc((size_t)store->depths, sizeof(*fn->memo));
		if (!fn->memo[depth_left]) {
			fn->memo[depth_left] = mine;
			mine = NULL;
		}
		m = fn->memo[depth_left];
		pthread_mutex_unlock(&store->lock);
		if (mine) {
			cpu_chain_release(&mine->chain);
			free(mine);
		}
	}
	if (m->yes)
		cpu_chain_append(out, &m->chain);
	return m->yes;
}

bool cpu_dependence_of(struct cpu_dependence *cd, const char *from, const char *name,
		       struct cpu_chain *chain)
{
	struct file_summary *where = NULL;
	const struct fn_summary *fn = resolve(cd, from, name, &where);

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
