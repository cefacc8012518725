/*
 * scdoc's markup as plain text, for a terminal: the same page source that
 * scdoc(1) turns into a man page at build time is printed by the program
 * itself (wqcheck explain), so a page is written once.
 */
#ifndef WQCHECK_LIB_SCD_TEXT_H
#define WQCHECK_LIB_SCD_TEXT_H

#include "lib/strbuf.h"

/*
 * Appends src, a page in scdoc(5)'s syntax, to out as text: the title line
 * ("name(7)") dropped, "# HEADING" as HEADING, **bold** and _underline_
 * marks and backslash escapes removed as scdoc removes them, ``` literal
 * blocks indented, tabs as four spaces, "++" line breaks dropped.
 */
void scd_to_text(const char *src, struct strbuf *out);

/* The description of the page's NAME section ("name - description"), up to
 * the end of its line, into out; empty when the page has none. */
void scd_name_description(const char *src, struct strbuf *out);

#endif
