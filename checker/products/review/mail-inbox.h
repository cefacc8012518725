/* A list's public-inbox archive (a v2 epoch: a git repository in which each
 * commit holds one mail, as the file "m"), read as one mailbox, so that
 * check-patch's bot mode reads a list's mail as it reads a b4 thread. */
#ifndef WQCHECK_MAIL_INBOX_H
#define WQCHECK_MAIL_INBOX_H

#include "lib/strbuf.h"

#include <stdbool.h>

/* Whether path is such a repository (its git directory, or a checkout). */
bool mail_inbox_is(const char *path);

/* Appends the mails of the commits of revs (git rev-list's syntax: A..B;
 * NULL: every commit), oldest first, to mbox, each after an mbox "From "
 * line. Returns the number of mails; dies when git cannot read them. */
size_t mail_inbox_read(const char *path, const char *revs, struct strbuf *mbox);

#endif
