/* The audit as one self-contained HTML page: a summary, an inline SVG chart of
 * callers per subsystem by class, and a table of every caller that the page's
 * own script sorts and filters.  Nothing is loaded from elsewhere, so the file
 * can be mailed, attached to a CI run or opened offline. */
#ifndef WQCHECK_AUDIT_HTML_H
#define WQCHECK_AUDIT_HTML_H

#include <jansson.h>
#include <stdio.h>

/* Renders doc, the document `wqcheck audit --format=json` prints, to out.
 * Returns 0, or -1 when writing failed. */
int audit_write_html(FILE *out, json_t *doc);

#endif
