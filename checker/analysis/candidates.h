/* The lexical half of the scan: which identifier tokens name an API a rule is
 * about and are real uses of it. Comments and strings are not identifiers;
 * members (.x, ->x), macro parameters, names a directive defines or tests, and
 * declarations of the name are not uses. A name the file itself declares
 * (a static function, a local variable) shadows the API in this file: clang
 * resolves that precisely in compiled code, this decides where clang cannot. */
#ifndef WQCHECK_CANDIDATES_H
#define WQCHECK_CANDIDATES_H

#include "front/lexer.h"
#include "analysis/rules/rule.h"

struct candidate {
	size_t token;
	const struct rule *rule;
	bool shadowed;		/* the file declares a name spelled like the API */
	bool in_implementation;	/* the file exports the API: the core itself */
};

struct candidate_list {
	struct candidate *items;
	size_t nr, alloc;
};

void find_candidates(const struct lexed_file *lf, const struct rule *const *rules,
		     size_t nr_rules, struct candidate_list *out);
void candidate_list_release(struct candidate_list *cl);

#endif
