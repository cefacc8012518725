/* Columns the way each reader of the output counts them. The findings
 * carry 1-based byte columns; an editor, gcc and sparse count display
 * columns (GNU coding standards: a tab advances to the next multiple of 8,
 * one column a character, 1-based), so that `file:line:col` lands where
 * compilation-mode, vim's quickfix and GitHub's problem matchers expect;
 * SARIF counts UTF-16 code units (its default columnKind), a tab one.
 * Coccinelle's report keeps its own (0-based bytes): nothing here. */
#ifndef WQCHECK_COLUMNS_H
#define WQCHECK_COLUMNS_H

#include <stddef.h>

/* The display column of byte column byte_col (1-based) on text (the line,
 * len bytes, or more: it stops at a newline). A UTF-8 sequence is one
 * column; a tab goes to the next tab stop of 8. */
unsigned column_display(const char *text, size_t len, unsigned byte_col);
/* The same in UTF-16 code units (a 4-byte UTF-8 sequence is two). */
unsigned column_utf16(const char *text, size_t len, unsigned byte_col);

/* The lines of the files findings point into, read once each (a few kept:
 * findings come file by file, their notes point a little further). */
struct column_files;
/* root: what the paths asked about are relative to (NULL: as given). */
struct column_files *column_files_new(const char *root);
void column_files_free(struct column_files *cf);
/* column_display() or column_utf16() of line (1-based) of path; byte_col
 * itself when the file or line cannot be read. */
unsigned column_files_display(struct column_files *cf, const char *path, unsigned line,
			      unsigned byte_col);
unsigned column_files_utf16(struct column_files *cf, const char *path, unsigned line,
			    unsigned byte_col);

#endif
