/*
 * The second look at an object whose code differs after a patch that adds
 * WQ_PERCPU. The first comparison accepts the one immediate that gained
 * WQ_PERCPU, in the instruction that loaded it before. But a changed
 * constant changes gcc's liking: "xor %esi,%esi" (2 bytes, sets the flags)
 * becomes "mov $0x100,%esi" (5 bytes, does not) and the scheduler moves
 * it, and what is around it, elsewhere (shpchp_core.o, rtlwifi's base.o);
 * flags computed at run time gain an "or $0x100" (dm-crypt.o); arm64 needs
 * a mov and a movk for 0x40100 where one mov made 0x40000. Such objects are
 * built again on both sides with WQ_PERCPU held at 0: if the code is then
 * the same (renames of workqueues still accepted as in the first
 * comparison), the patch changed nothing but where WQ_PERCPU is said, and
 * the object is equal up to the conversion. What the first comparison
 * rejects besides scheduling stays rejected: WQ_PERCPU joined to WQ_UNBOUND
 * in a constant.
 *
 * Both sides are built in the worktree as it is: the state the object was
 * last built in is had back with vtree_files_at() the commit it was built
 * at (as the sparse references are), and vtree_files_back() after.
 */
#include "lib/usage.h"
#include "products/validate/validate-priv.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool wants_second_look(const struct vtree *t, const struct vseries *s,
			      const struct vobject *o, const struct vpatch_object *po)
{
	struct strbuf full = STRBUF_INIT;
	bool yes;

	if (!po->built || po->verdict != CODE_DIFFERENT || o->identities || !o->state_commit)
		return false;
	strbuf_addf(&full, "%s%s", t->prefix, o->source);
	yes = strlist_has(&s->percpu_files, full.buf);
	strbuf_release(&full);
	return yes;
}

/* path's text, its atime and mtime as they were (sb). A new file renamed
 * over it, never a write in place: the worktree's sources are hard links
 * to the cached checkout (validate-checkout.c). */
static int write_text_keeping_mtime(const char *path, const struct strbuf *text,
				    const struct stat *sb)
{
	struct timespec times[2] = { sb->st_atim, sb->st_mtim };
	struct strbuf tmp = STRBUF_INIT;
	int rc;

	strbuf_addf(&tmp, "%s.wqcheck-tmp", path);
	rc = write_whole_file(tmp.buf, text->buf, text->len, sb->st_mode & 07777) < 0 ||
	     utimensat(AT_FDCWD, tmp.buf, times, 0) < 0 || rename(tmp.buf, path) < 0 ? -1 : 0;
	if (rc)
		unlink(tmp.buf);
	strbuf_release(&tmp);
	return rc;
}

/*
 * Builds objs with the worktree's workqueue.h saying WQ_PERCPU = 0 in enum
 * wq_flags, then puts the header back. A header included first (-include)
 * cannot do it: the enumerator is defined there, and the sources that
 * define pr_fmt before their includes would see printk.h's first. The
 * header keeps its mtime, so make rebuilds nothing for it but the objects,
 * which are removed before every build anyway (ccache hashes contents).
 */
static int build_percpu_held(struct vtree *t, struct vobject **objs, size_t n,
			     struct vobject_state *st)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT, held = STRBUF_INIT;
	struct stat sb;
	const char *p, *value = NULL;
	int rc = -1;

	strbuf_addf(&path, "%s/include/linux/workqueue.h", t->srcdir);
	if (stat(path.buf, &sb) || strbuf_read_file(&text, path.buf) < 0 || !text.buf)
		goto out;
	/* "WQ_PERCPU = 1 << 8," in the enum: the value up to the comma */
	for (p = text.buf; !value && (p = strstr(p, "WQ_PERCPU")); p += 9) {
		const char *q = p + 9 + strspn(p + 9, " \t");

		if ((p == text.buf || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    q[0] == '=' && q[1] != '=')
			value = q + 1;
	}
	if (!value || !strchr(value, ','))
		goto out;
	strbuf_add(&held, text.buf, (size_t)(value - text.buf));
	strbuf_addstr(&held, " 0");
	strbuf_addstr(&held, strchr(value, ','));
	if (write_text_keeping_mtime(path.buf, &held, &sb) < 0)
		goto out;
	/* the code is all this build is for: no sparse */
	build_by_tree(t, objs, n, st, false);
	if (write_text_keeping_mtime(path.buf, &text, &sb) < 0)
		die("cannot put back %s", path.buf);
	rc = 0;
out:
	strbuf_release(&path);
	strbuf_release(&text);
	strbuf_release(&held);
	return rc;
}

static void accept(struct vpatch_object *po, const struct strlist *why)
{
	size_t i;

	po->code_equal = true;
	po->verdict = CODE_EQUAL_UP_TO_CONVERSION;
	po->percpu_held = true;
	for (i = 0; i < po->diff_functions.nr; i++) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%s(): | WQ_PERCPU", po->diff_functions.items[i]);
		if (!strlist_has(&po->conversion_differences, sb.buf))
			strlist_add(&po->conversion_differences, sb.buf);
		strbuf_release(&sb);
	}
	for (i = 0; i < why->nr; i++)
		if (!strlist_has(&po->conversion_differences, why->items[i]))
			strlist_add(&po->conversion_differences, why->items[i]);
	strlist_release(&po->diff_functions);
	strlist_release(&po->diff_excerpts);
}

/* The objects among objs[0..n) last built at commit: both sides again,
 * with WQ_PERCPU as 0. */
static void look_again(struct vtree *t, const char *commit, struct vobject **objs,
		       struct vpatch_object **verdicts, const struct vobject_state **now, size_t n)
{
	struct vobject_state *before = xcalloc(n + 1, sizeof(*before));
	struct vobject_state *after = xcalloc(n + 1, sizeof(*after));
	struct conversion_flags flags;
	char *diff = NULL;
	size_t i;
	int held;

	vtree_progress(t, "%zu object%s differ%s after WQ_PERCPU: building both sides with "
		       "WQ_PERCPU as 0", n, n == 1 ? "" : "s", n == 1 ? "s" : "");
	if (build_percpu_held(t, objs, n, after) < 0)
		goto out;
	/* nothing changed since commit: no earlier side to build */
	diff = vtree_files_at(t, commit);
	if (!diff || !*diff)
		goto out;
	held = build_percpu_held(t, objs, n, before);
	if (vtree_files_back(t, diff) < 0)
		die("cannot restore the patched files in %s", t->worktree);
	if (held < 0)
		goto out;
	conversion_flags_read(t->srcdir, &flags);
	for (i = 0; i < n; i++) {
		struct strlist differ = { 0 }, why = { 0 };

		if (before[i].compiled && after[i].compiled) {
			compare_code(&before[i], &after[i], &flags, &differ, &why);
			if (!differ.nr && !percpu_meets_unbound(&objs[i]->state, now[i], &flags))
				accept(verdicts[i], &why);
		}
		strlist_release(&differ);
		strlist_release(&why);
	}
out:
	for (i = 0; i < n; i++) {
		vobject_state_release(&before[i]);
		vobject_state_release(&after[i]);
	}
	free(before);
	free(after);
	free(diff);
}

void neutral_second_look(struct vtree *t, const struct vseries *s, struct vobject **objs,
			 struct vpatch_object **verdicts, const struct vobject_state *now,
			 size_t nr)
{
	struct conversion_flags flags;
	bool *done = xcalloc(nr + 1, sizeof(*done));
	struct vobject **sub = xcalloc(nr + 1, sizeof(*sub));
	struct vpatch_object **sub_verdicts = xcalloc(nr + 1, sizeof(*sub_verdicts));
	const struct vobject_state **sub_now = xcalloc(nr + 1, sizeof(*sub_now));
	size_t i, j, n;

	conversion_flags_read(t->srcdir, &flags);
	for (i = 0; i < nr; i++)
		done[i] = !flags.percpu || !wants_second_look(t, s, objs[i], verdicts[i]);
	/* one look for each commit the objects were last built at */
	for (i = 0; i < nr; i++) {
		if (done[i])
			continue;
		for (j = i, n = 0; j < nr; j++)
			if (!done[j] && !strcmp(objs[j]->state_commit, objs[i]->state_commit)) {
				done[j] = true;
				sub[n] = objs[j];
				sub_verdicts[n] = verdicts[j];
				sub_now[n++] = &now[j];
			}
		look_again(t, objs[i]->state_commit, sub, sub_verdicts, sub_now, n);
	}
	free(done);
	free(sub);
	free(sub_verdicts);
	free(sub_now);
}
