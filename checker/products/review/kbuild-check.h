/*
 * wqcheck check's engine: one file at a time as kbuild's $(CHECK) hands it
 * over (make C=1/C=2), scanned with the compiler flags kbuild passed, the
 * findings on stderr in sparse's format; and the binding index a full run
 * saves so that such single-file runs resolve items bound elsewhere.
 */
#ifndef WQCHECK_PRODUCTS_KBUILD_CHECK_H
#define WQCHECK_PRODUCTS_KBUILD_CHECK_H

#include "analysis/finding.h"
#include "analysis/rules/rule.h"
#include "front/flags.h"

#include <stdbool.h>
#include <stddef.h>

struct binding_index;

struct baseline;

struct kbuild_check {
	struct arg_list cc;		/* a compiler command line for the database */
	struct arg_list files;		/* the sources (--save-index: the tree) */
	const char *arch;
	bool fail, notes;
	enum severity fail_on;
	const char *index_path, *save_index;
	struct binding_index *index;
	const struct rule *const *rules;
	size_t nr_rules;
	/* --baseline: the findings of an earlier run are not printed (nor
	 * counted for --fail-on); read from the tree of the first file */
	const char *baseline_path;
	struct baseline *baseline;
};

/* kbuild's words that are not wqcheck's own options: the preprocessor and
 * -m/-f/-std options clang also takes are kept for the file's flags, the
 * sources collected, -Wsparse-error makes warnings fail; the rest is
 * ignored, as sparse ignores what it does not know. */
void kbuild_check_take_words(struct kbuild_check *kc, char **words, int nr);

/* Checks every file; returns the exit status (sparse's: 0 with findings
 * unless fail is set). */
int kbuild_check_run(struct kbuild_check *kc);

/* Writes the binding index of the tree holding files.args[0] (else ".") to
 * save_index. */
int kbuild_check_save_index(struct kbuild_check *kc);

void kbuild_check_release(struct kbuild_check *kc);

#endif
