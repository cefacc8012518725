/* Which functions a C file may define and which members its initialisers
 * may set, from its bytes alone: a pass that finds comments, literals and
 * directives as lex_file() does but lexes no identifier and keeps no token,
 * for a search that asks "is NAME defined here?" of every
 * file of a directory (analysis/model/cpu-dependence.h). Lexing a file to
 * learn that it does not define a name cost a whole-tree audit more than
 * its judging of the work functions itself.
 *
 * Both lists are supersets: every name source_file's function finder
 * (front/source-cache.h: `name(...) {` and `#define name(...)`) takes is
 * in defs, whatever the braces around it, and every identifier between a
 * `.` and a `=` (comments aside), as in `.member = fn`, is in members. A
 * name in a list may still not be there: lex the file to know. */
#ifndef WQCHECK_DEFINITIONS_H
#define WQCHECK_DEFINITIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct definitions {
	uint64_t *defs, *members;	/* definitions_hash() of each, sorted */
	size_t nr_defs, nr_members;
	/* the pass could not follow the file (a parenthesis it lost track
	 * of): the lists say nothing, ask the file's text */
	bool unknown;
};

void definitions_scan(const char *text, size_t len, struct definitions *out);
bool definitions_may_define(const struct definitions *d, const char *name);
bool definitions_may_set_member(const struct definitions *d, const char *name);
void definitions_release(struct definitions *d);

uint64_t definitions_hash(const char *s, size_t len);

#endif
