#include "lib/strbuf.h"
#include "lib/usage.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	if (sb->len + extra + 1 <= sb->alloc)
		return;
	sb->alloc = (sb->len + extra + 1) * 3 / 2 + 16;
	sb->buf = xrealloc(sb->buf, sb->alloc);
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, int c)
{
	char ch = (char)c;

	strbuf_add(sb, &ch, 1);
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	strbuf_grow(sb, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

void strbuf_release(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->alloc = 0;
}

char *strbuf_detach(struct strbuf *sb)
{
	char *p = sb->buf ? sb->buf : xstrdup("");

	sb->buf = NULL;
	sb->len = sb->alloc = 0;
	return p;
}

/* Reads fd to its end into sb and closes it; -1 with errno on an error. */
static int read_to_end(struct strbuf *sb, int fd)
{
	ssize_t n;

	for (;;) {
		strbuf_grow(sb, 8192);
		n = read(fd, sb->buf + sb->len, sb->alloc - sb->len - 1);
		if (n < 0) {
			int err = errno;

			if (err == EINTR)
				continue;
			close(fd);
			errno = err;
			return -1;
		}
		if (n == 0)
			break;
		sb->len += (size_t)n;
	}
	sb->buf[sb->len] = '\0';
	close(fd);
	return 0;
}

int strbuf_read_file(struct strbuf *sb, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0) {
		int err = errno;

		close(fd);
		errno = err;
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		errno = EISDIR;
		return -1;
	}
	strbuf_grow(sb, st.st_size > 0 ? (size_t)st.st_size : 4096);
	if (!sb->len)
		sb->buf[0] = '\0';
	return read_to_end(sb, fd);
}

int strbuf_read_file_at(struct strbuf *sb, int dirfd, const char *path, int flags)
{
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC | flags);

	return fd < 0 ? -1 : read_to_end(sb, fd);
}

int write_whole_file(const char *path, const char *data, size_t len, unsigned mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, (mode_t)mode);
	size_t done = 0;

	if (fd < 0)
		return -1;
	while (done < len) {
		ssize_t n = write(fd, data + done, len - done);

		if (n < 0) {
			int err = errno;

			if (err == EINTR)
				continue;
			close(fd);
			errno = err;
			return -1;
		}
		done += (size_t)n;
	}
	return close(fd);
}

char *text_line_trimmed_at(const char *text, size_t len, size_t start)
{
	size_t end;

	while (start < len && (text[start] == ' ' || text[start] == '\t'))
		start++;
	end = start;
	while (end < len && text[end] != '\n')
		end++;
	while (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t' ||
			       text[end - 1] == '\r'))
		end--;
	return xstrndup(text + start, end - start);
}

char *text_line_trimmed(const char *text, size_t len, long line)
{
	size_t start = 0;
	long l = 1;

	while (l < line && start < len) {
		const char *nl = memchr(text + start, '\n', len - start);

		if (!nl)
			return xstrdup("");
		start = (size_t)(nl - text) + 1;
		l++;
	}
	return text_line_trimmed_at(text, len, start);
}

bool ends_with(const char *str, const char *suffix)
{
	size_t n = strlen(str), m = strlen(suffix);

	return n >= m && !strcmp(str + n - m, suffix);
}
