/* Growable strings, after git's strbuf: always NUL-terminated, len excludes it. */
#ifndef WQCHECK_STRBUF_H
#define WQCHECK_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

struct strbuf {
	char *buf;
	size_t len;
	size_t alloc;
};

#define STRBUF_INIT { NULL, 0, 0 }

void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
__attribute__((format(printf, 2, 3)))
void strbuf_addf(struct strbuf *sb, const char *fmt, ...);
void strbuf_reset(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
char *strbuf_detach(struct strbuf *sb);
/* Writes len bytes to path (created with mode, truncated); -1 with errno set. */
int write_whole_file(const char *path, const char *data, size_t len, unsigned mode);
/* Reads a whole file; returns -1 with errno set on failure. */
int strbuf_read_file(struct strbuf *sb, const char *path);
/* The same for path relative to the directory dirfd (AT_FDCWD: as open()
 * takes it), without an fstat(): for a pass that reads a whole tree, one
 * lookup of the tree's own path and one system call less a file. flags:
 * more open() flags (O_NOFOLLOW...), or 0. */
int strbuf_read_file_at(struct strbuf *sb, int dirfd, const char *path, int flags);
/* Line line (1-based; below 1 the first) of text, without the blanks at its
 * ends (spaces, tabs, a trailing '\r'), allocated: what a finding keeps of
 * its line for its fingerprint. "" when text has fewer lines. */
char *text_line_trimmed(const char *text, size_t len, long line);
/* The same of the line that starts at offset start of text. */
char *text_line_trimmed_at(const char *text, size_t len, size_t start);
/* Whether str ends with suffix (git's ends_with()). */
bool ends_with(const char *str, const char *suffix);

#endif
