/* Unit tests for the patch reader: mailboxes, subjects, paths, hunks and
 * the input lines of the lines a patch adds. */
#include "products/review/patch-parse.h"
#include "products/review/patch-pick.h"
#include "test-lib.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char mbox[] =
	"From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001\n"	/* 1 */
	"From: A <a@invalid>\n"
	"Subject: [PATCH 1/2] tty: a subject folded\n"
	" over two lines\n"
	"\n"										/* 5 */
	"Body. From here on\n"
	"---\n"
	" drivers/x.c | 2 +-\n"
	"\n"
	"diff --git a/drivers/x.c b/drivers/x.c\n"					/* 10 */
	"index 0123456789ab..ba9876543210 100644\n"
	"--- a/drivers/x.c\n"
	"+++ b/drivers/x.c\n"
	"@@ -10,4 +10,5 @@ void f(void)\n"
	" a\n"										/* 15 */
	"-b\n"
	"+B\n"
	"\n"
	"+C\n"
	" d\n"										/* 20 */
	"-- \n"
	"2.39.2\n"
	"\n"
	"From 2222222222222222222222222222222222222222 Mon Sep 17 00:00:00 2001\n"
	"From: A <a@invalid>\n"							/* 25 */
	"Subject: [PATCH 2/2] move\n"
	"\n"
	"---\n"
	"diff --git a/old/y.c b/new/y.c\n"
	"similarity index 90%\n"							/* 30 */
	"rename from old/y.c\n"
	"rename to new/y.c\n"
	"index 0123456..7654321 100644\n"
	"--- a/old/y.c\n"
	"+++ b/new/y.c\n"								/* 35 */
	"@@ -1 +1,2 @@\n"
	" x\n"
	"+y\n"
	"diff --git a/z.c b/z.c\n"
	"new file mode 100644\n"							/* 40 */
	"index 0000000..1234567\n"
	"--- /dev/null\n"
	"+++ b/z.c\n"
	"@@ -0,0 +1 @@\n"
	"+int z;\n";									/* 45 */

static void test_mailbox(void)
{
	struct patch_series ps;
	const char *why;
	const struct patch_file *f;
	const struct patch_hunk *h;

	CHECK("patch: a two-mail mailbox parses",
	      patch_series_parse(&ps, "m", xstrdup(mbox), sizeof(mbox) - 1, &why) == 0);
	CHECK("patch: two patches", ps.nr == 2);
	if (ps.nr != 2)
		return;
	CHECK_STR("patch: folded subject unfolded", ps.patches[0].subject,
		  "[PATCH 1/2] tty: a subject folded over two lines");
	CHECK_STR("patch: second subject", ps.patches[1].subject, "[PATCH 2/2] move");
	CHECK("patch: patch lines", ps.patches[0].first_line == 1 && ps.patches[1].first_line == 24);
	f = &ps.patches[0].files[0];
	CHECK_STR("patch: path without a/", f->new_path, "drivers/x.c");
	CHECK_STR("patch: pre-image blob", f->old_blob, "0123456789ab");
	CHECK("patch: one hunk", f->nr_hunks == 1);
	h = &f->hunks[0];
	CHECK("patch: hunk header", h->old_start == 10 && h->old_count == 4 && h->new_start == 10 &&
	      h->new_count == 5 && h->input_line == 14);
	CHECK("patch: added lines, an empty context line counted",
	      h->nr_added == 2 && h->added[0].new_line == 11 && h->added[0].input_line == 17 &&
	      h->added[1].new_line == 13 && h->added[1].input_line == 19);
	CHECK("patch: the signature is not part of the hunk", ps.patches[1].nr_files == 2);
	f = &ps.patches[1].files[0];
	CHECK("patch: rename paths", f->old_path && f->new_path &&
	      !strcmp(f->old_path, "old/y.c") && !strcmp(f->new_path, "new/y.c"));
	f = &ps.patches[1].files[1];
	CHECK("patch: new file has no pre-image", !f->old_path && !f->old_blob &&
	      !strcmp(patch_file_path(f), "z.c"));
	CHECK("patch: new file's line", f->nr_hunks == 1 && f->hunks[0].nr_added == 1 &&
	      f->hunks[0].added[0].new_line == 1 && f->hunks[0].added[0].input_line == 45);
	{
		char *l = patch_input_line(&ps, 17);

		CHECK_STR("patch: input line", l, "+B");
		free(l);
	}
	patch_series_release(&ps);
}

static void test_plain_diff(void)
{
	static const char diff[] =
		"--- a/a.c\t2012-08-20\n+++ b/a.c\t2012-08-20\n@@ -1,2 +1,2 @@\n-x\n+y\n z\n"
		"--- a.h\n+++ a.h\n@@ -3 +3 @@\n-p\n+q\n";
	static const char bad[] = "--- a/a.c\n+++ b/a.c\n@@ -1,3 +1,3 @@\n-x\n+y\n";
	struct patch_series ps;
	const char *why;

	CHECK("patch: plain diff -u parses",
	      patch_series_parse(&ps, "d", xstrdup(diff), sizeof(diff) - 1, &why) == 0);
	CHECK("patch: plain diff: one patch, two files, no subject",
	      ps.nr == 1 && ps.patches[0].nr_files == 2 && !ps.patches[0].subject);
	if (ps.nr == 1 && ps.patches[0].nr_files == 2) {
		CHECK_STR("patch: the date after a tab is not the name",
			  ps.patches[0].files[0].new_path, "a.c");
		CHECK_STR("patch: -p0 name kept", ps.patches[0].files[1].new_path, "a.h");
		CHECK("patch: -U0 single-line hunk",
		      ps.patches[0].files[1].hunks[0].added[0].new_line == 3);
	}
	patch_series_release(&ps);
	CHECK("patch: a hunk shorter than its header says is an error",
	      patch_series_parse(&ps, "b", xstrdup(bad), sizeof(bad) - 1, &why) < 0 && why);
	patch_series_release(&ps);
	CHECK("patch: words without a diff are an error",
	      patch_series_parse(&ps, "w", xstrdup("hello\n"), 6, &why) < 0 && why);
	patch_series_release(&ps);
}

static void test_hunk_header(void)
{
	struct patch_hunk h;

	CHECK("patch: @@ -1 +1 @@ counts default to 1",
	      patch_parse_hunk_header("@@ -1 +1 @@", &h) && h.old_count == 1 && h.new_count == 1);
	CHECK("patch: @@ -0,0 +1,3 @@ func", patch_parse_hunk_header("@@ -0,0 +1,3 @@ f", &h) &&
	      h.old_count == 0 && h.new_start == 1 && h.new_count == 3);
	CHECK("patch: @@ garbage rejected", !patch_parse_hunk_header("@@ -x +1 @@", &h));
}

static void test_encoded(void)
{
	static const char qp[] =
		"From 3333333333333333333333333333333333333333 Mon Sep 17 00:00:00 2001\n"
		"From: A <a@invalid>\n"
		"Subject: [PATCH] qp\n"
		"Content-Type: text/plain; charset=UTF-8\n"
		"Content-Transfer-Encoding: quoted-printable\n"
		"\n"
		"---\n"
		"diff --git a/q.c b/q.c\n"
		"--- a/q.c\n"
		"+++ b/q.c\n"
		"@@ -1 +1,2 @@\n"
		" int a =3D 1;\n"
		"+int b =3D 2; /* a long line that the mailer bro=\n"
		"ke */\n";
	static const char b64[] =
		"From: A <a@invalid>\n"
		"Subject: [PATCH] b64\n"
		"Content-Transfer-Encoding: base64\n"
		"\n"
		/* "--- a/r.c\n+++ b/r.c\n@@ -0,0 +1 @@\n+int r;\n" */
		"LS0tIGEvci5jCisrKyBiL3IuYwpAQCAtMCwwICsxIEBACitpbnQgcjsK\n";
	struct patch_series ps;
	const char *why;

	CHECK("patch: quoted-printable mail decoded",
	      patch_series_parse(&ps, "q", xstrdup(qp), sizeof(qp) - 1, &why) == 0 &&
	      ps.nr == 1 && ps.patches[0].nr_files == 1 &&
	      ps.patches[0].files[0].hunks[0].nr_added == 1);
	if (ps.nr == 1 && ps.patches[0].nr_files == 1 &&
	    ps.patches[0].files[0].hunks[0].nr_added == 1) {
		char *l = patch_input_line(&ps, ps.patches[0].files[0].hunks[0].added[0].input_line);

		CHECK_STR("patch: =3D and soft line breaks", l,
			  "+int b = 2; /* a long line that the mailer broke */");
		free(l);
	}
	patch_series_release(&ps);
	CHECK("patch: base64 mail decoded",
	      patch_series_parse(&ps, "b", xstrdup(b64), sizeof(b64) - 1, &why) == 0 &&
	      ps.nr == 1 && ps.patches[0].nr_files == 1 &&
	      !strcmp(ps.patches[0].files[0].new_path, "r.c") &&
	      ps.patches[0].files[0].hunks[0].nr_added == 1);
	patch_series_release(&ps);
}

static void test_subject_prefix(void)
{
	static const struct {
		const char *subject;
		unsigned version, counter, total;
		bool reply;
		const char *title;
	} cases[] = {
		{ "[PATCH v3 1/3] wifi: iwlwifi: x", 3, 1, 3, false, "wifi: iwlwifi: x" },
		{ "[PATCH net-next v2 02/12] net: y", 2, 2, 12, false, "net: y" },
		{ "[PATCH 0/3] replace system_unbound_wq", 1, 0, 3, false,
		  "replace system_unbound_wq" },
		{ "Re: [PATCH v2 3/3] s390: z", 2, 3, 3, true, "s390: z" },
		{ "RE: [PATCH rtw-next] Revert \"wifi: rtw88: q\"", 1, 0, 0, true,
		  "Revert \"wifi: rtw88: q\"" },
		{ "AW: Re: [RFC PATCH V4 1/1] a", 4, 1, 1, true, "a" },
		{ "[PATCH RESEND RFC 1/3] b", 1, 1, 3, false, "b" },
		{ "[PATCH] [v2] c", 2, 0, 0, false, "c" },
		{ "[PATCH 3/2] out of range", 1, 0, 0, false, "out of range" },
		{ "no prefix: v3 1/3", 1, 0, 0, false, "no prefix: v3 1/3" },
		{ "[PATCH", 1, 0, 0, false, "[PATCH" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct subject_prefix sp;
		char name[160];

		subject_prefix_parse(cases[i].subject, &sp);
		snprintf(name, sizeof(name), "patch: subject prefix of \"%s\"", cases[i].subject);
		CHECK(name, sp.version == cases[i].version && sp.counter == cases[i].counter &&
		      sp.total == cases[i].total && sp.reply == cases[i].reply &&
		      !strcmp(sp.title, cases[i].title));
	}
}

/* One mail of a thread: subject, ids, and a diff or not. */
static void add_mail(struct strbuf *sb, const char *subject, const char *id,
		     const char *parent, bool diff)
{
	strbuf_addf(sb, "From x Mon Sep 17 00:00:00 2001\nFrom: A <a@invalid>\n"
		    "Subject: %s\nMessage-ID:\n <%s>\n", subject, id);
	if (parent)
		strbuf_addf(sb, "In-Reply-To: <%s>\nReferences: <a@b>\n\t<%s>\n", parent, parent);
	strbuf_addstr(sb, "\nText.\n");
	if (diff)
		strbuf_addf(sb, "---\ndiff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n"
			    "@@ -1 +1,2 @@\n x\n+%s\n", id);
	strbuf_addch(sb, '\n');
}

static void test_pick(void)
{
	struct strbuf sb = STRBUF_INIT;
	struct patch_series ps;
	struct patch_pick pick;
	struct patch_ref *order;
	const char *why;
	size_t n;

	/* As a list archive has them: by date, v2 and v3, a cover, replies,
	 * v3's patches out of order and 2/2 sent twice. */
	add_mail(&sb, "[PATCH v2 1/2] a", "v2-1", NULL, true);
	add_mail(&sb, "[PATCH v2 2/2] b", "v2-2", "v2-1", true);
	add_mail(&sb, "Re: [PATCH v2 2/2] b", "r1", "v2-2", true);
	add_mail(&sb, "[PATCH v3 0/2] cover", "v3-0", NULL, false);
	add_mail(&sb, "[PATCH v3 2/2] b", "v3-2", "v3-0", true);
	add_mail(&sb, "[PATCH v3 1/2] a", "v3-1", "v3-0", true);
	add_mail(&sb, "[PATCH v3 2/2] b", "v3-2b", "v3-0", true);
	add_mail(&sb, "Re: [PATCH v3 0/2] cover", "r2", "v3-0", false);
	n = sb.len;
	if (patch_series_parse(&ps, "t", strbuf_detach(&sb), n, &why) < 0 || ps.nr != 8) {
		CHECK("pick: eight mails", false);
		return;
	}
	CHECK_STR("pick: a folded Message-ID", ps.patches[1].message_id, "v2-2");
	CHECK_STR("pick: In-Reply-To", ps.patches[1].in_reply_to, "v2-1");
	CHECK("pick: two threads, v2's and v3's (replies in them)",
	      patch_pick_threads(&ps, 1) == 2 && ps.patches[0].thread == 0 &&
	      ps.patches[2].thread == 0 && ps.patches[3].thread == 1 &&
	      ps.patches[5].thread == 1 && ps.patches[7].thread == 1);
	patch_pick_scan(&ps, 1, 1, &pick);
	CHECK("pick: thread 1 holds v3 only", pick.nr_versions == 1 && pick.versions[0] == 3 &&
	      pick.nr_replies == 1 && pick.nr_covers == 1);
	patch_pick_release(&pick);
	patch_pick_scan(&ps, 1, PICK_ALL_THREADS, &pick);
	CHECK("pick: versions 2 and 3, two replies, one cover, five patches",
	      pick.nr_versions == 2 && pick.versions[0] == 2 && pick.versions[1] == 3 &&
	      pick.nr_replies == 2 && pick.nr_covers == 1 && pick.nr_patches == 5);
	n = patch_pick_version(&ps, 1, PICK_ALL_THREADS, 3, true, &order);
	CHECK("pick: v3 is 1/2 then the later 2/2",
	      n == 2 && order[0].patch == 5 && order[1].patch == 6 &&
	      ps.patches[5].number == 1 && ps.patches[5].of == 2 &&
	      ps.patches[6].number == 2 && ps.patches[6].of == 2);
	CHECK("pick: the rest of the thread skipped",
	      ps.patches[0].skip && ps.patches[2].skip && ps.patches[3].skip &&
	      ps.patches[4].skip && !ps.patches[5].skip && !ps.patches[6].skip);
	free(order);
	n = patch_pick_version(&ps, 1, PICK_ALL_THREADS, 2, true, &order);
	CHECK("pick: v2 is its two patches, the reply with a diff left out",
	      n == 2 && order[0].patch == 0 && order[1].patch == 1 && ps.patches[2].skip);
	free(order);
	patch_pick_release(&pick);
	patch_series_release(&ps);
}

int main(void)
{
	test_subject_prefix();
	test_pick();
	test_encoded();
	test_mailbox();
	test_plain_diff();
	test_hunk_header();
	return test_failures ? 1 : 0;
}
