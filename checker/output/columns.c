#include "output/columns.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define TAB_STOP 8	/* gcc's -ftabstop default, sparse's too */
#define FILES_KEPT 8

static bool utf8_continuation(unsigned char c)
{
	return (c & 0xc0) == 0x80;
}

unsigned column_display(const char *text, size_t len, unsigned byte_col)
{
	unsigned col = 0;
	size_t i;

	for (i = 0; i + 1 < byte_col && i < len && text[i] != '\n'; i++) {
		if (text[i] == '\t')
			col = (col / TAB_STOP + 1) * TAB_STOP;
		else if (!utf8_continuation((unsigned char)text[i]))
			col++;
	}
	/* past the line's end (a finding at its newline): bytes as they are */
	return col + 1 + (unsigned)(byte_col - 1 > i ? byte_col - 1 - i : 0);
}

unsigned column_utf16(const char *text, size_t len, unsigned byte_col)
{
	unsigned col = 0;
	size_t i;

	for (i = 0; i + 1 < byte_col && i < len && text[i] != '\n'; i++) {
		unsigned char c = (unsigned char)text[i];

		if (utf8_continuation(c))
			continue;
		/* a 4-byte sequence is outside the BMP: a surrogate pair */
		col += (c & 0xf8) == 0xf0 ? 2 : 1;
	}
	return col + 1 + (unsigned)(byte_col - 1 > i ? byte_col - 1 - i : 0);
}

struct column_file {
	char *path;
	struct strbuf text;
	bool readable;
	size_t *starts;		/* starts[n]: offset of line n + 1 */
	size_t nr_lines;
	unsigned long used;
};

struct column_files {
	char *root;
	struct column_file files[FILES_KEPT];
	unsigned long clock;
};

struct column_files *column_files_new(const char *root)
{
	struct column_files *cf = xcalloc(1, sizeof(*cf));

	cf->root = root ? xstrdup(root) : NULL;
	return cf;
}

static void file_release(struct column_file *f)
{
	free(f->path);
	strbuf_release(&f->text);
	free(f->starts);
	memset(f, 0, sizeof(*f));
}

void column_files_free(struct column_files *cf)
{
	size_t i;

	if (!cf)
		return;
	for (i = 0; i < FILES_KEPT; i++)
		file_release(&cf->files[i]);
	free(cf->root);
	free(cf);
}

static struct column_file *file_of(struct column_files *cf, const char *path)
{
	struct column_file *f = NULL;
	struct strbuf full = STRBUF_INIT;
	size_t i, alloc = 0;

	for (i = 0; i < FILES_KEPT; i++)
		if (cf->files[i].path && !strcmp(cf->files[i].path, path)) {
			cf->files[i].used = ++cf->clock;
			return &cf->files[i];
		}
	for (i = 0; i < FILES_KEPT; i++)
		if (!f || cf->files[i].used < f->used)
			f = &cf->files[i];
	file_release(f);
	f->path = xstrdup(path);
	f->used = ++cf->clock;
	if (cf->root && path[0] != '/')
		strbuf_addf(&full, "%s/%s", cf->root, path);
	else
		strbuf_addstr(&full, path);
	f->readable = strbuf_read_file(&f->text, full.buf) == 0 && f->text.buf;
	strbuf_release(&full);
	if (!f->readable)
		return f;
	ALLOC_GROW(f->starts, f->nr_lines, alloc);
	f->starts[f->nr_lines++] = 0;
	for (i = 0; i < f->text.len; i++)
		if (f->text.buf[i] == '\n') {
			ALLOC_GROW(f->starts, f->nr_lines, alloc);
			f->starts[f->nr_lines++] = i + 1;
		}
	return f;
}

static unsigned convert(struct column_files *cf, const char *path, unsigned line,
			unsigned byte_col, unsigned (*fn)(const char *, size_t, unsigned))
{
	struct column_file *f;

	if (!cf || !path || !line || !byte_col)
		return byte_col;
	f = file_of(cf, path);
	if (!f->readable || line > f->nr_lines)
		return byte_col;
	return fn(f->text.buf + f->starts[line - 1], f->text.len - f->starts[line - 1], byte_col);
}

unsigned column_files_display(struct column_files *cf, const char *path, unsigned line,
			      unsigned byte_col)
{
	return convert(cf, path, line, byte_col, column_display);
}

unsigned column_files_utf16(struct column_files *cf, const char *path, unsigned line,
			    unsigned byte_col)
{
	return convert(cf, path, line, byte_col, column_utf16);
}
