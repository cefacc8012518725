/*
 * The names that tie a file to a MAINTAINERS section's work items (audit
 * --subsystem): whether a file's text can add a fact about them. A file
 * that binds, queues or waits for an item spells the item's key in its
 * own tokens (workitem-index.h: the struct or variable is declared there,
 * the members are written there), so it holds every identifier of the
 * key; a file that holds none of a key's sets of identifiers, nor any
 * name that ties alone (a function, a wrapper), cannot add a fact about
 * the section and need not be lexed. section-ties.h says which names a
 * file gives.
 *
 * An entry is a name ("xe_gt_reset_worker", tied alone) or a group of
 * identifiers all of which a file must hold ("g2h_worker\nxe_guc_ct",
 * the identifiers of a key, sorted, one a line).
 */
#ifndef WQCHECK_TIE_NAMES_H
#define WQCHECK_TIE_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct tie_word;

struct tie_names {
	/* open addressing (alloc a power of two, or 0): the names tied
	 * alone and each group's longest identifier, which finds it */
	struct tie_word *words;
	size_t nr_words, alloc_words;
	struct tie_word *parts;	/* the same: every identifier of a group */
	size_t nr_parts, alloc_parts;
	/* per first byte, a bit per length (mod 64) of the words, of the
	 * parts: what the text search asks before it hashes */
	uint64_t word_starts[256], part_starts[256];
	struct tie_word *entries;	/* the same: every entry, by its text */
	size_t nr, alloc;
	char ***groups;		/* each group's identifiers, NULL-terminated */
	size_t nr_groups, alloc_groups;
};

/* Entries found while files are read, one list a reading thread. */
struct tie_list {
	char **names;
	size_t nr, alloc;
};

/* Adds entry (a name, or a group as above); false when it was there. */
bool tie_names_add(struct tie_names *n, const char *entry);
/* Whether name[0..len) is an entry (a name tied alone, or a group). */
bool tie_names_has(const struct tie_names *n, const char *name, size_t len);
void tie_names_release(struct tie_names *n);

/* Whether text holds a name of n tied alone, or every identifier of one
 * of its groups, as whole identifiers (one pass over its bytes; comments
 * and strings count too, which can only lex a file that was not needed). */
bool tie_text_holds(const struct tie_names *n, const char *text, size_t len);

void tie_list_add(struct tie_list *l, const char *name, size_t len);
/* The group of item key (workitem-index.h) into l: its identifiers but
 * the words of the key's form ("struct", "var", "percpu"), C's type
 * words and a last ".work" (the work_struct of a delayed item is looked
 * up with and without it); none for a file's static variable ("file PATH
 * var NAME"), which no other file names. */
void tie_list_add_key(struct tie_list *l, const char *key);
/* The entry tie_list_add_key() makes of key, allocated (NULL: none). */
char *tie_key_entry(const char *key);
/* Moves the entries of l that n lacks into n, and into fresh unless it
 * is NULL; empties l. Returns how many were new. */
size_t tie_list_merge(struct tie_list *l, struct tie_names *n, struct tie_names *fresh);
void tie_list_release(struct tie_list *l);
/* Each entry on a line "entry A B" (WQCHECK_DEBUG_SECTION). */
void tie_names_dump(const struct tie_names *n, FILE *out);

#endif
