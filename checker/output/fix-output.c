#include "output/fix-output.h"
#include "lib/series-run.h"
#include "lib/strbuf.h"
#include "lib/tempdir.h"
#include "lib/usage.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static bool changed(const struct file_result *fr)
{
	return fr->fixed && (fr->fixed_len != fr->original_len ||
			     memcmp(fr->fixed, fr->original, fr->fixed_len));
}

/* The "index <blob>..<blob>" lines name blobs of our scratch copies: they say
 * nothing to the reader, git apply does not need them, and they would make a
 * golden test's expected diff depend on the file that holds it. */
static void write_without_index_lines(FILE *fp, const struct strbuf *diff)
{
	size_t i = 0;
	bool after_header = false;

	while (i < diff->len) {
		const char *eol = memchr(diff->buf + i, '\n', diff->len - i);
		size_t len = eol ? (size_t)(eol - diff->buf) - i + 1 : diff->len - i;
		const char *line = diff->buf + i;

		if (!(after_header && len > 6 && !memcmp(line, "index ", 6)))
			fwrite(line, 1, len, fp);
		after_header = len > 11 && !memcmp(line, "diff --git ", 11);
		i += len;
	}
}

int fixes_write_diff(FILE *fp, const struct scan_result *res)
{
	const char *dir = NULL;
	struct strbuf path = STRBUF_INIT;
	size_t i, nr = 0;
	int status;
	struct strbuf out = STRBUF_INIT;

	for (i = 0; i < res->nr_files; i++) {
		const struct file_result *fr = &res->files[i];

		if (!changed(fr))
			continue;
		if (!dir)
			dir = tempdir_create("diff");
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/a/%s", dir, fr->path);
		if (make_parent_dirs(path.buf) < 0 ||
		    write_whole_file(path.buf, fr->original, fr->original_len, 0644) < 0)
			return error("cannot write %s: %s", path.buf, strerror(errno));
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/b/%s", dir, fr->path);
		if (make_parent_dirs(path.buf) < 0 ||
		    write_whole_file(path.buf, fr->fixed, fr->fixed_len, 0644) < 0)
			return error("cannot write %s: %s", path.buf, strerror(errno));
		nr++;
	}
	strbuf_release(&path);
	if (!nr)
		return 0;
	{
		static const char *const argv[] = {
			"git", "-c", "core.quotepath=off", "diff", "--no-index", "--no-color",
			"--no-ext-diff", "--src-prefix=", "--dst-prefix=", "a", "b", NULL
		};

		status = series_run(argv, dir, NULL, &out, NULL);
	}
	write_without_index_lines(fp, &out);
	strbuf_release(&out);
	tempdir_remove(dir);
	/* git diff --no-index exits 1 when the trees differ, as they do. */
	if (status < 0 || status > 1)
		return error("git diff failed (is git installed?)");
	return 0;
}

int fixes_write_in_place(const char *root, const struct scan_result *res)
{
	struct strbuf path = STRBUF_INIT, tmp = STRBUF_INIT;
	size_t i;
	int written = 0;

	for (i = 0; i < res->nr_files; i++) {
		const struct file_result *fr = &res->files[i];
		struct stat st;

		if (!changed(fr))
			continue;
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", root, fr->path);
		strbuf_reset(&tmp);
		strbuf_addf(&tmp, "%s.wqcheck-tmp", path.buf);
		if (stat(path.buf, &st) < 0 ||
		    write_whole_file(tmp.buf, fr->fixed, fr->fixed_len, st.st_mode & 07777) < 0 ||
		    rename(tmp.buf, path.buf) < 0) {
			error("cannot rewrite %s: %s", path.buf, strerror(errno));
			unlink(tmp.buf);
			written = -1;
			break;
		}
		written++;
	}
	strbuf_release(&path);
	strbuf_release(&tmp);
	return written;
}
