/* Addresses the way scripts/get_maintainer.pl handles them: parse_email(),
 * format_email() and the tree's .mailmap (mailmap_email()), so that a Cc
 * made from MAINTAINERS here is the one the script would print. */
#ifndef WQCHECK_MAILMAP_H
#define WQCHECK_MAILMAP_H

#include "front/source-cache.h"

/* "Name <addr>", "<addr>" or "addr" into its parts (name may be ""). */
void email_parse(const char *line, char **name, char **address);
/* "Name <addr>" (or "addr" without a name); a name with characters beyond
 * [A-Za-z0-9_ -] is double-quoted, as the script does. */
char *email_format(const char *name, const char *address);

struct mailmap {
	struct strmap names;	 /* key -> real name */
	struct strmap addresses; /* key -> real address */
};

/* Reads root/.mailmap; a tree without one gives an empty map. */
void mailmap_load(struct mailmap *m, const char *root);
/* The formatted email line maps to: by its whole "Name <addr>", else by
 * its address. */
char *mailmap_email(const struct mailmap *m, const char *line);
void mailmap_release(struct mailmap *m);

#endif
