/* The libclang front end: one translation unit per file, asked two questions:
 * did the preprocessor skip this byte (an #if branch the configuration does
 * not build), and what does the identifier at this position refer to. */
#ifndef WQCHECK_PARSE_H
#define WQCHECK_PARSE_H

#include <stdbool.h>
#include <stddef.h>

enum ref_class {
	REF_UNKNOWN,		/* clang could not tell: unresolved, or in a macro body */
	REF_EXTERNAL,		/* a declaration outside this file: the API itself */
	REF_LOCAL,		/* a declaration of this file: parameter, local, static function */
	REF_DECLARATION,	/* the token declares the name */
};

struct parsed_file;
struct parser;

/* One parser per thread: libclang indexes are not shared between threads. */
struct parser *parser_new(void);
void parser_free(struct parser *p);

/* Parses path with args; on failure returns NULL and sets *reason. */
struct parsed_file *parse_file(struct parser *p, const char *path,
			       const char *const *args, int nr_args, char **reason);
void parsed_file_free(struct parsed_file *pf);

bool parsed_offset_is_skipped(const struct parsed_file *pf, size_t offset);
enum ref_class parsed_classify(const struct parsed_file *pf, unsigned line, unsigned column,
			       const char *name, size_t name_len);
/* The type of the expression or declaration at line:column, pointers
 * and typedefs taken off ("struct sas_phy_data"), allocated; NULL when
 * clang cannot tell (an error type, a macro it did not expand there). */
char *parsed_type_at(const struct parsed_file *pf, unsigned line, unsigned column);
/* How many error diagnostics clang gave for the file itself. */
unsigned parsed_error_count(const struct parsed_file *pf);

#endif
