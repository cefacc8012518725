/* Reading patches: a git format-patch file, a mailbox of several, or a plain
 * unified diff. For each patch: its subject, the files it touches and, per
 * hunk, the lines it adds (post-image line and line of the input), so that
 * a finding on the post-image can be traced back to the patch line that
 * added it, the way checkpatch.pl numbers its reports. Applying is git's
 * job (patch-apply.c); this only reads. */
#ifndef WQCHECK_PATCH_PARSE_H
#define WQCHECK_PATCH_PARSE_H

#include <stdbool.h>
#include <stddef.h>

struct patch_added_line {
	unsigned new_line;		/* post-image line, from the hunk header */
	unsigned input_line;		/* 1-based line of the input holding "+..." */
};

struct patch_hunk {
	unsigned old_start, old_count, new_start, new_count;
	unsigned input_line;		/* of the "@@" line */
	struct patch_added_line *added;
	size_t nr_added, alloc_added;
};

struct patch_file {
	char *old_path, *new_path;	/* without a/ b/; NULL for /dev/null */
	char *old_blob;			/* the pre-image blob of "index" lines, or NULL */
	bool binary;
	unsigned input_line;		/* of "diff --git" (or "---") */
	struct patch_hunk *hunks;
	size_t nr_hunks, alloc_hunks;
};

/* What a subject's bracketed prefix says, "[PATCH net-next v3 1/3]" as
 * git format-patch and b4 write it: the version (1 when none is given), the
 * counter and the total (0 when not numbered), and whether it is a reply
 * ("Re: [PATCH ...]"). */
struct subject_prefix {
	unsigned version, counter, total;
	bool reply;
	const char *title;		/* the subject after the prefix (points into it) */
};

void subject_prefix_parse(const char *subject, struct subject_prefix *out);

struct patch {
	char *subject;			/* the Subject: header, unfolded; NULL for a bare diff */
	char *message_id;		/* without <>; NULL when the mail has none */
	char *in_reply_to;		/* In-Reply-To, else the last of References */
	struct subject_prefix prefix;
	unsigned first_line, last_line;	/* input lines of this patch */
	bool encoded;			/* base64 or quoted-printable body */
	/* Set by patch-pick.c: skipped (a reply, a cover letter, another
	 * version), and the number the report gives it, as the sender did. */
	bool skip;
	unsigned number, of;
	size_t thread;			/* patch_pick_threads(): its thread, 0 before */
	struct patch_file *files;
	size_t nr_files, alloc_files;
};

struct patch_series {
	char *name;			/* the input as named by the user ("-": stdin) */
	char *text;			/* the whole input */
	size_t len;
	size_t *line_starts;		/* offset of each input line (index = line - 1) */
	size_t nr_lines;
	struct patch *patches;
	size_t nr, alloc;
	bool no_diff;			/* parse failed: no diff at all (a cover letter) */
};

/* Parses text (taken over: freed with the series) as a mailbox of patches or
 * one diff. Returns -1 and sets *why when the input holds no diff at all or a
 * malformed hunk (no_diff tells the two apart). */
int patch_series_parse(struct patch_series *out, const char *name, char *text, size_t len,
		       const char **why);
void patch_series_release(struct patch_series *ps);

/* Input line (1-based) as a NUL-terminated copy, without its newline. */
char *patch_input_line(const struct patch_series *ps, unsigned line);

/* The post-image path of f (the pre-image path of a deletion). */
const char *patch_file_path(const struct patch_file *f);

/* Parses a "@@ -a[,b] +c[,d] @@" line. */
bool patch_parse_hunk_header(const char *line, struct patch_hunk *h);

#endif
