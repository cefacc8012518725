/* Building blocks rules use to describe their fixes in terms of tokens. */
#ifndef WQCHECK_FIX_BUILD_H
#define WQCHECK_FIX_BUILD_H

#include "analysis/finding.h"
#include "front/lexer.h"

void fix_replace_token(struct finding *f, const struct lexed_file *lf, size_t tok,
		       const char *text);
/* Marks the call whose name is token ident for reflowing after the edits. */
void fix_reflow_call(struct finding *f, const struct lexed_file *lf, size_t ident);
/* Marks the innermost call whose argument list holds token tok. */
void fix_reflow_enclosing_call(struct finding *f, const struct lexed_file *lf, size_t tok);
/* Renames old to new in the comments of tok's statement and in the comment
 * block directly above it, as upstream did when it converted users. */
void fix_rename_in_comments(struct finding *f, const struct lexed_file *lf, size_t tok,
			    const char *old_name, const char *new_name);
/* Index of the identifier that names the call whose '(' directly precedes
 * token tok (as in `name(tok, ...`), or -1. */
long call_of_first_argument(const struct lexed_file *lf, size_t tok);

#endif
