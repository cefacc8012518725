#include "analysis/model/tie-names.h"
#include "lib/usage.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tie_word {
	char *name;
	size_t len;
	unsigned hash;
	bool alone;		/* an entry by itself */
	size_t *groups;		/* the groups it is the first identifier of */
	size_t nr_groups, alloc_groups;
};

/* From the first and the last eight bytes and the length: no chain of
 * multiplications a byte (the text search hashes every identifier of a
 * few thousand files). */
static inline unsigned name_hash(const char *s, size_t len)
{
	uint64_t head = 0, tail = 0;

	memcpy(&head, s, len < 8 ? len : 8);
	if (len > 8)
		memcpy(&tail, s + len - (len < 16 ? len - 8 : 8), len < 16 ? len - 8 : 8);
	head = (head ^ (tail * 0x9e3779b97f4a7c15ull) ^ len) * 0xff51afd7ed558ccdull;
	return (unsigned)(head >> 32);
}

static inline struct tie_word *slot_of(struct tie_word *slots, size_t alloc, const char *name,
				size_t len, unsigned hash)
{
	size_t mask = alloc - 1, i = hash & mask;

	for (;; i = (i + 1) & mask) {
		struct tie_word *s = &slots[i];

		if (!s->name || (s->hash == hash && s->len == len && !memcmp(s->name, name, len)))
			return s;
	}
}

/* The slot of name in a table (*slots, *nr of *alloc), added if new. */
static struct tie_word *word_in(struct tie_word **slots, size_t *nr, size_t *alloc,
				uint64_t *starts, const char *name, size_t len)
{
	if (starts)
		starts[(unsigned char)name[0]] |= 1ull << (len & 63);
	unsigned hash = name_hash(name, len);
	struct tie_word *w;

	if (2 * (*nr + 1) > *alloc) {
		size_t bigger = *alloc ? *alloc * 2 : 256, i;
		struct tie_word *to = xcalloc(bigger, sizeof(*to));

		for (i = 0; i < *alloc; i++)
			if ((*slots)[i].name)
				*slot_of(to, bigger, (*slots)[i].name, (*slots)[i].len,
					 (*slots)[i].hash) = (*slots)[i];
		free(*slots);
		*slots = to;
		*alloc = bigger;
	}
	w = slot_of(*slots, *alloc, name, len, hash);
	if (!w->name) {
		w->name = xstrndup(name, len);
		w->len = len;
		w->hash = hash;
		(*nr)++;
	}
	return w;
}

static const struct tie_word *part_of(const struct tie_names *n, const char *name, size_t len)
{
	const struct tie_word *w;

	if (!n->nr_parts)
		return NULL;
	w = slot_of(n->parts, n->alloc_parts, name, len, name_hash(name, len));
	return w->name ? w : NULL;
}

bool tie_names_add(struct tie_names *n, const char *entry)
{
	size_t len = strlen(entry), nr = 0, longest = 0, k;
	const char *p, *nl;
	struct tie_word *w;
	char **group;

	if (!len || tie_names_has(n, entry, len))
		return false;
	word_in(&n->entries, &n->nr, &n->alloc, NULL, entry, len);
	if (!strchr(entry, '\n')) {
		word_in(&n->words, &n->nr_words, &n->alloc_words, n->word_starts, entry, len)->alone = true;
		return true;
	}
	group = xcalloc(len + 2, sizeof(*group));
	for (p = entry; *p; p = nl + !!*nl) {
		nl = strchrnul(p, '\n');
		if (nl == p)
			continue;
		word_in(&n->parts, &n->nr_parts, &n->alloc_parts, n->part_starts, p, (size_t)(nl - p));
		group[nr++] = xstrndup(p, (size_t)(nl - p));
	}
	ALLOC_GROW(n->groups, n->nr_groups + 1, n->alloc_groups);
	n->groups[n->nr_groups] = group;
	/* its longest identifier, the likeliest to be rare, finds it */
	for (k = 1; k < nr; k++)
		if (strlen(group[k]) > strlen(group[longest]))
			longest = k;
	w = word_in(&n->words, &n->nr_words, &n->alloc_words, n->word_starts, group[longest],
		    strlen(group[longest]));
	ALLOC_GROW(w->groups, w->nr_groups + 1, w->alloc_groups);
	w->groups[w->nr_groups++] = n->nr_groups++;
	return true;
}

bool tie_names_has(const struct tie_names *n, const char *name, size_t len)
{
	return n->nr && slot_of(n->entries, n->alloc, name, len, name_hash(name, len))->name;
}

void tie_names_release(struct tie_names *n)
{
	size_t i, j;

	for (i = 0; i < n->alloc_words; i++) {
		free(n->words[i].name);
		free(n->words[i].groups);
	}
	free(n->words);
	for (i = 0; i < n->alloc; i++)
		free(n->entries[i].name);
	free(n->entries);
	for (i = 0; i < n->alloc_parts; i++)
		free(n->parts[i].name);
	free(n->parts);
	for (i = 0; i < n->nr_groups; i++) {
		for (j = 0; n->groups[i][j]; j++)
			free(n->groups[i][j]);
		free(n->groups[i]);
	}
	free(n->groups);
	memset(n, 0, sizeof(*n));
}

/* 1: a byte of an identifier; 2: one that may start it. */
static unsigned char ident_class[256];

static void ident_class_init(void)
{
	int c;

	for (c = 0; c < 256; c++)
		ident_class[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ?
					 3 : c >= '0' && c <= '9' ? 1 : 0;
}

static int by_address(const void *x, const void *y)
{
	const struct tie_word *a = *(const struct tie_word *const *)x,
			      *b = *(const struct tie_word *const *)y;

	return (a > b) - (a < b);
}

/* Whether every identifier of a group is among the parts present. */
static bool group_present(const struct tie_names *n, char *const *group,
			  const struct tie_word **present, size_t nr)
{
	for (; *group; group++) {
		const struct tie_word *w = part_of(n, *group, strlen(*group));

		if (!w || !bsearch(&w, present, nr, sizeof(*present), by_address))
			return false;
	}
	return true;
}

/* Each identifier of text found in a table (slots of alloc): for each,
 * fn(ctx, its slot) until fn says stop. */
static void each_identifier(const char *text, size_t len, const struct tie_word *slots,
			    size_t alloc, const uint64_t *starts,
			    bool (*fn)(void *ctx, const struct tie_word *w), void *ctx)
{
	const unsigned char *p = (const unsigned char *)text, *end = p + len;

	while (p < end) {
		const unsigned char *start;
		const struct tie_word *w;
		unsigned h;

		while (p < end && !ident_class[*p])
			p++;
		if (p == end)
			break;
		start = p;
		/* a number's letters (0x1f, 10UL) are no identifier */
		if (!(ident_class[*p] & 2)) {
			while (p < end && ident_class[*p])
				p++;
			continue;
		}
		while (p < end && ident_class[*p])
			p++;
		/* most identifiers start with a byte and have a length no name
		 * of the table has */
		if (!(starts[*start] & (1ull << ((size_t)(p - start) & 63))))
			continue;
		h = name_hash((const char *)start, (size_t)(p - start));
		w = slot_of((struct tie_word *)slots, alloc, (const char *)start,
			    (size_t)(p - start), h);
		if (w->name && !fn(ctx, w))
			return;
	}
}

struct found_words {
	const struct tie_word **at;
	size_t nr, alloc;
	bool alone;
};

static bool note_word(void *ctx, const struct tie_word *w)
{
	struct found_words *f = ctx;

	if (w->alone) {
		f->alone = true;
		return false;
	}
	ALLOC_GROW(f->at, f->nr + 1, f->alloc);
	f->at[f->nr++] = w;
	return true;
}

/* A few names (the new ones of a later round) are looked for with
 * memmem(), many times faster a byte than the walk over identifiers:
 * false when text holds none of them anywhere. */
static bool maybe_holds(const struct tie_names *n, const char *text, size_t len)
{
	size_t i;

	if (n->nr_words > 16)
		return true;
	for (i = 0; i < n->alloc_words; i++)
		if (n->words[i].name && memmem(text, len, n->words[i].name, n->words[i].len))
			return true;
	return false;
}

bool tie_text_holds(const struct tie_names *n, const char *text, size_t len)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	struct found_words triggers = { NULL, 0, 0, false }, parts = { NULL, 0, 0, false };
	bool held;
	size_t i, j;

	if (!n->nr || !maybe_holds(n, text, len))
		return false;
	pthread_once(&once, ident_class_init);
	/* most files hold no name alone and no group's rarest identifier:
	 * one pass says so */
	each_identifier(text, len, n->words, n->alloc_words, n->word_starts, note_word,
			&triggers);
	held = triggers.alone;
	if (!held && triggers.nr) {
		each_identifier(text, len, n->parts, n->alloc_parts, n->part_starts, note_word,
				&parts);
		if (parts.nr)
			qsort(parts.at, parts.nr, sizeof(*parts.at), by_address);
		qsort(triggers.at, triggers.nr, sizeof(*triggers.at), by_address);
		for (i = 0; i < triggers.nr && !held; i++)
			for (j = 0; (!i || triggers.at[i] != triggers.at[i - 1]) &&
				    j < triggers.at[i]->nr_groups && !held; j++)
				held = group_present(n, n->groups[triggers.at[i]->groups[j]],
						     parts.at, parts.nr);
	}
	free(triggers.at);
	free(parts.at);
	return held;
}

void tie_list_add(struct tie_list *l, const char *name, size_t len)
{
	if (!len)
		return;
	ALLOC_GROW(l->names, l->nr + 1, l->alloc);
	l->names[l->nr++] = xstrndup(name, len);
}

size_t tie_list_merge(struct tie_list *l, struct tie_names *n, struct tie_names *fresh)
{
	size_t i, added = 0;

	for (i = 0; i < l->nr; i++) {
		if (tie_names_add(n, l->names[i])) {
			added++;
			if (fresh)
				tie_names_add(fresh, l->names[i]);
		}
		free(l->names[i]);
	}
	l->nr = 0;
	return added;
}

void tie_list_release(struct tie_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		free(l->names[i]);
	free(l->names);
	memset(l, 0, sizeof(*l));
}

static bool is_ident_byte(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       (c >= '0' && c <= '9');
}

/* Words a key holds that say its form or a C type, not a name of code. */
static bool is_form_word(const char *s, size_t len)
{
	static const char *const words[] = {
		"struct", "union", "enum", "var", "percpu", "const", "volatile",
		"unsigned", "signed", "int", "long", "short", "char", NULL
	};
	const char *const *w;

	for (w = words; *w; w++)
		if (strlen(*w) == len && !memcmp(*w, s, len))
			return true;
	return false;
}

static int by_string(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

char *tie_key_entry(const char *key)
{
	const char *p = key;
	char *comps[32];
	size_t nr = 0, i, total = 0;
	char *entry, *at;

	/* a file's static variable: no other file's item */
	if (!strncmp(p, "file ", 5))
		return NULL;
	while (*p && nr < 32) {
		const char *start;

		while (*p && !is_ident_byte(*p))
			p++;
		start = p;
		while (is_ident_byte(*p))
			p++;
		if (p == start || is_form_word(start, (size_t)(p - start)))
			continue;
		comps[nr++] = xstrndup(start, (size_t)(p - start));
	}
	/* the .work a delayed item's key is looked up without */
	if (nr > 1 && !strcmp(comps[nr - 1], "work"))
		free(comps[--nr]);
	if (!nr)
		return NULL;
	qsort(comps, nr, sizeof(*comps), by_string);
	for (i = 0; i < nr; i++)
		total += strlen(comps[i]) + 1;
	entry = at = xcalloc(total + 1, 1);
	for (i = 0; i < nr; i++) {
		if (i && !strcmp(comps[i], comps[i - 1]))
			continue;
		if (at != entry)
			*at++ = '\n';
		at = stpcpy(at, comps[i]);
	}
	for (i = 0; i < nr; i++)
		free(comps[i]);
	return entry;
}

void tie_list_add_key(struct tie_list *l, const char *key)
{
	char *entry = key ? tie_key_entry(key) : NULL;

	if (!entry)
		return;
	ALLOC_GROW(l->names, l->nr + 1, l->alloc);
	l->names[l->nr++] = entry;
}

void tie_names_dump(const struct tie_names *n, FILE *out)
{
	size_t i;

	for (i = 0; i < n->alloc; i++)
		if (n->entries[i].name) {
			const char *p;

			fputs("entry ", out);
			for (p = n->entries[i].name; *p; p++)
				fputc(*p == '\n' ? ' ' : *p, out);
			fputc('\n', out);
		}
}
