#include "products/review/mail-inbox.h"
#include "lib/cleanup.h"
#include "lib/series-run.h"
#include "lib/tempdir.h"
#include "lib/usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The git directory of path: path itself (bare, as public-inbox keeps its
 * epochs), else path/.git. */
static char *git_dir_of(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;

	strbuf_addf(&sb, "%s/.git", path);
	if (!stat(sb.buf, &st) && S_ISDIR(st.st_mode))
		return strbuf_detach(&sb);
	strbuf_release(&sb);
	return xstrdup(path);
}

static int inbox_git(const char *git_dir, struct strbuf *out, struct strbuf *err,
		     const char *input, const char *const *args)
{
	const char *argv[16] = { "git", "--git-dir", git_dir };
	size_t i;

	for (i = 0; args[i] && i + 4 < sizeof(argv) / sizeof(argv[0]); i++)
		argv[3 + i] = args[i];
	argv[3 + i] = NULL;
	return input ? series_run_input(argv, NULL, NULL, input, out, err)
		     : series_run(argv, NULL, NULL, out, err);
}

bool mail_inbox_is(const char *path)
{
	struct stat st;
	char *git_dir;
	const char *args[] = { "rev-parse", "--verify", "-q", "HEAD:m", NULL };
	int rc;

	if (stat(path, &st) || !S_ISDIR(st.st_mode))
		return false;
	git_dir = git_dir_of(path);
	rc = inbox_git(git_dir, NULL, NULL, NULL, args);
	free(git_dir);
	return rc == 0;
}

/* Adds one mail as an mbox message: the "From " line, the mail, an empty
 * line. A body line "From ..." becomes ">From ..." (mboxrd), so that it
 * does not start a message. */
static void add_mail(struct strbuf *mbox, const char *text, size_t len)
{
	size_t i = 0;

	strbuf_addstr(mbox, "From mboxrd@z Thu Jan  1 00:00:00 1970\n");
	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - text) + 1 : len;

		if (i && len - i >= 5 && !memcmp(text + i, "From ", 5))
			strbuf_addch(mbox, '>');
		strbuf_add(mbox, text + i, end - i);
		i = end;
	}
	if (len && text[len - 1] != '\n')
		strbuf_addch(mbox, '\n');
	strbuf_addch(mbox, '\n');
}

size_t mail_inbox_read(const char *path, const char *revs, struct strbuf *mbox)
{
	char *git_dir = git_dir_of(path);
	struct strbuf list = STRBUF_INIT, err = STRBUF_INIT, batch = STRBUF_INIT;
	struct strbuf input = STRBUF_INIT;
	const char *rev_args[] = { "rev-list", "--reverse", revs ? revs : "HEAD", "--", NULL };
	const char *cat_args[] = { "cat-file", "--batch", NULL };
	const char *dir, *s, *end;
	size_t nr = 0;
	FILE *fp;

	if (inbox_git(git_dir, &list, &err, NULL, rev_args))
		die("%s: cannot list the mails %s: %s", path, revs ? revs : "HEAD",
		    series_first_line(&err));
	dir = tempdir_create("inbox");
	strbuf_addf(&input, "%s/commits", dir);
	fp = fopen(input.buf, "w");
	if (!fp)
		die_errno("cannot write %s", input.buf);
	for (s = list.buf ? list.buf : ""; *s; s = end + (*end == '\n')) {
		end = strchrnul(s, '\n');
		if (end > s)
			fprintf(fp, "%.*s:m\n", (int)(end - s), s);
	}
	if (fclose(fp))
		die_errno("cannot write %s", input.buf);
	strbuf_reset(&err);
	if (inbox_git(git_dir, &batch, &err, input.buf, cat_args))
		die("%s: cannot read the mails: %s", path, series_first_line(&err));
	/* "<oid> blob <size>\n<content>\n", or "<name> missing\n" for a
	 * commit without an m (public-inbox's deletions). */
	for (s = batch.buf ? batch.buf : ""; *s;) {
		const char *nl = strchr(s, '\n'), *sp;
		unsigned long size;

		if (!nl)
			break;
		sp = memchr(s, ' ', (size_t)(nl - s));
		if (sp && !strncmp(sp, " blob ", 6)) {
			size = strtoul(sp + 6, NULL, 10);
			if (size > batch.len - (size_t)(nl + 1 - batch.buf))
				die("%s: git cat-file gave a short mail", path);
			add_mail(mbox, nl + 1, size);
			nr++;
			s = nl + 1 + size + 1;
		} else {
			s = nl + 1;
		}
	}
	tempdir_remove(dir);
	strbuf_release(&input);
	strbuf_release(&list);
	strbuf_release(&err);
	strbuf_release(&batch);
	free(git_dir);
	return nr;
}
