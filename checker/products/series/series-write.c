/*
 * The patch files: git format-patch of the finished commits (with the cover
 * letter, filled in by series-cover.c, and addressed to everyone a patch is:
 * the union of their Cc: trailers, as b4 prep --auto-to-cc does), written in
 * the scratch directory and then moved into -o DIR, replacing the numbered
 * patches a previous run left there.
 */
#include "products/series/series-priv.h"
#include "lib/strbuf.h"
#include "lib/tempdir.h"
#include "lib/usage.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_patch_name(const char *name)
{
	size_t n = strlen(name);

	return n > 11 && strspn(name, "0123456789") == 4 && name[4] == '-' &&
	       !strcmp(name + n - 6, ".patch");
}

/* Moves the series from the scratch directory into dir, replacing the
 * numbered patches a previous run left there; prints the paths. */
static void publish(struct series *s, const char *from, const char *dir)
{
	struct strbuf path = STRBUF_INIT, data = STRBUF_INIT;
	struct dirent **names;
	DIR *d;
	int n, i;

	strbuf_addf(&path, "%s/x", dir);
	if (make_parent_dirs(path.buf) < 0)
		die_errno("cannot create %s", dir);
	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		die_errno("cannot create %s", dir);
	d = opendir(dir);
	if (!d)
		die_errno("cannot open %s", dir);
	{
		struct dirent *de;

		while ((de = readdir(d))) {
			if (!is_patch_name(de->d_name))
				continue;
			strbuf_reset(&path);
			strbuf_addf(&path, "%s/%s", dir, de->d_name);
			unlink(path.buf);
		}
	}
	closedir(d);
	n = scandir(from, &names, NULL, alphasort);
	if (n < 0)
		die_errno("cannot read %s", from);
	for (i = 0; i < n; i++) {
		if (is_patch_name(names[i]->d_name)) {
			series_read_or_die(&data, from, names[i]->d_name);
			series_write_or_die(dir, names[i]->d_name, data.buf,
					    data.len);
			printf("%s/%s\n", dir, names[i]->d_name);
		}
		free(names[i]);
	}
	free(names);
	(void)s;
	strbuf_release(&path);
	strbuf_release(&data);
}

/* The mail address of a recipient ("Name <a@b>" or "a@b"), for telling two
 * spellings of one recipient apart from two recipients. */
static void address_of(struct strbuf *out, const char *who, size_t n)
{
	const char *lt = memchr(who, '<', n), *gt;
	size_t i;

	if (lt && (gt = memchr(lt, '>', n - (size_t)(lt - who)))) {
		who = lt + 1;
		n = (size_t)(gt - who);
	}
	strbuf_reset(out);
	strbuf_addstr(out, "");
	for (i = 0; i < n; i++)
		strbuf_addch(out, (char)tolower((unsigned char)who[i]));
}

/* Adds the Cc: trailers of a patch's log (up to its "---") to list, one a
 * line, each recipient once. */
static void add_recipients(struct strbuf *list, const char *patch)
{
	const char *line = strstr(patch, "\n\n");
	struct strbuf addr = STRBUF_INIT, known = STRBUF_INIT;

	while (line && *line) {
		size_t n;

		line++;
		n = strcspn(line, "\n");
		if (n == 3 && !strncmp(line, "---", 3))
			break;
		if (n > 4 && !strncmp(line, "Cc: ", 4)) {
			const char *l;

			address_of(&addr, line + 4, n - 4);
			/* the addresses already listed, each checked */
			for (l = list->buf ? list->buf : ""; *l;) {
				size_t m = strcspn(l, "\n");

				address_of(&known, l, m);
				if (!strcmp(known.buf, addr.buf))
					break;
				l += m + (l[m] == '\n');
			}
			if (!list->buf || !*l) {
				strbuf_add(list, line + 4, n - 4);
				strbuf_addch(list, '\n');
			}
		}
		line += n;
	}
	strbuf_release(&addr);
	strbuf_release(&known);
}

/* The cover letter's Cc: header, folded: everyone the patches are Cc'd to,
 * so that git send-email sends it where its patches go. Inserted at the end
 * of its mail header. */
static void address_cover(struct strbuf *cover, const char *dir)
{
	struct strbuf list = STRBUF_INIT, data = STRBUF_INIT, out = STRBUF_INIT;
	struct dirent **names;
	const char *end, *l;
	int n, i;

	n = scandir(dir, &names, NULL, alphasort);
	if (n < 0)
		die_errno("cannot read %s", dir);
	for (i = 0; i < n; i++) {
		if (is_patch_name(names[i]->d_name) &&
		    strncmp(names[i]->d_name, "0000-", 5)) {
			series_read_or_die(&data, dir, names[i]->d_name);
			add_recipients(&list, data.buf);
		}
		free(names[i]);
	}
	free(names);
	end = cover->buf ? strstr(cover->buf, "\n\n") : NULL;
	if (list.len && end) {
		strbuf_add(&out, cover->buf, (size_t)(end - cover->buf) + 1);
		strbuf_addstr(&out, "Cc: ");
		for (l = list.buf; *l;) {
			size_t m = strcspn(l, "\n");

			strbuf_add(&out, l, m);
			l += m + (l[m] == '\n');
			strbuf_addstr(&out, *l ? ",\n    " : "\n");
		}
		strbuf_addstr(&out, end + 1);
		strbuf_release(cover);
		*cover = out;
	} else {
		strbuf_release(&out);
	}
	strbuf_release(&list);
	strbuf_release(&data);
}

void series_write_patches(struct series *s, const char *dir, const char *tip)
{
	struct strbuf out = STRBUF_INIT, range = STRBUF_INIT,
		      base = STRBUF_INIT;
	struct strbuf cover = STRBUF_INIT, cover_path = STRBUF_INIT;
	const char *args[16];
	size_t n = 0;

	strbuf_addf(&out, "%s/out", s->scratch);
	strbuf_addf(&range, "%s..%s", s->repo.base, tip);
	strbuf_addf(&base, "--base=%s", s->base);
	args[n++] = "format-patch";
	args[n++] = "--cover-letter";
	args[n++] = "--no-numbered-files";
	/* A temporary repository's base means nothing to a reader. */
	if (s->git)
		args[n++] = base.buf;
	args[n++] = "-o";
	args[n++] = out.buf;
	args[n++] = range.buf;
	args[n] = NULL;
	series_repo_git(&s->repo, "git format-patch", args);

	strbuf_addf(&cover_path, "%s/0000-cover-letter.patch", out.buf);
	if (strbuf_read_file(&cover, cover_path.buf) < 0)
		die_errno("cannot read %s", cover_path.buf);
	s->summary.nr_patches = s->nr_patches;
	s->summary.nr_fixes = s->nr_fixes;
	series_cover_fill(&cover, &s->summary, s->rules, s->nr_rules);
	address_cover(&cover, out.buf);
	if (write_whole_file(cover_path.buf, cover.buf, cover.len, 0644) < 0)
		die_errno("cannot write %s", cover_path.buf);
	publish(s, out.buf, dir);
	strbuf_release(&out);
	strbuf_release(&range);
	strbuf_release(&base);
	strbuf_release(&cover);
	strbuf_release(&cover_path);
}
