#include "products/series/series-deprecate.h"
#include "products/series/series-message.h"
#include "lib/usage.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

/* Finds the first match of re (POSIX extended, ^ and $ at lines) in sb from
 * offset from; sets [*start, *end) to the whole lines it covers. */
static bool find_lines(const struct strbuf *sb, size_t from, const char *re,
		       size_t *start, size_t *end)
{
	regex_t preg;
	regmatch_t m;
	bool found;

	if (!sb->len || from >= sb->len)
		return false;
	if (regcomp(&preg, re, REG_EXTENDED | REG_NEWLINE))
		die("bad regex %s", re);
	found = !regexec(&preg, sb->buf + from, 1, &m,
			 from && sb->buf[from - 1] != '\n' ? REG_NOTBOL : 0);
	regfree(&preg);
	if (!found)
		return false;
	*start = from + (size_t)m.rm_so;
	*end = from + (size_t)m.rm_eo;
	while (*start > 0 && sb->buf[*start - 1] != '\n')
		(*start)--;
	if (*end > *start && sb->buf[*end - 1] == '\n')
		return true;
	while (*end < sb->len && sb->buf[*end] != '\n')
		(*end)++;
	if (*end < sb->len)
		(*end)++;
	return true;
}

static void splice(struct strbuf *sb, size_t start, size_t end,
		   const char *with)
{
	struct strbuf out = STRBUF_INIT;

	strbuf_add(&out, sb->buf, start);
	strbuf_addstr(&out, with);
	strbuf_add(&out, sb->buf + end, sb->len - end);
	strbuf_release(sb);
	*sb = out;
}

static bool line_is_blank(const struct strbuf *sb, size_t at)
{
	return at < sb->len && sb->buf[at] == '\n';
}

/* Removes the lines of the first match of re, and a blank line that would
 * be left doubled. */
static bool remove_lines(struct strbuf *sb, const char *re)
{
	size_t start, end;

	if (!find_lines(sb, 0, re, &start, &end))
		return false;
	if (line_is_blank(sb, end) &&
	    (start == 0 || line_is_blank(sb, start - 1)))
		end++;
	splice(sb, start, end, "");
	return true;
}

/*
 * Removes a function definition whose first line matches head_re: its
 * kernel-doc or one-line comment just above, the body up to the "}" that
 * starts a line, its EXPORT_SYMBOL, and one blank line.
 */
static bool remove_function(struct strbuf *sb, const char *head_re,
			    const char *name)
{
	size_t start, end, p;
	char *close;
	struct strbuf export = STRBUF_INIT;

	if (!find_lines(sb, 0, head_re, &start, &end))
		return false;
	close = strstr(sb->buf + start, "\n}\n");
	if (!close)
		return false;
	end = (size_t)(close - sb->buf) + 3;
	strbuf_addf(&export, "EXPORT_SYMBOL(_GPL)?\\(%s\\);", name);
	{
		size_t es, ee;

		if (find_lines(sb, end, export.buf, &es, &ee) && es == end)
			end = ee;
	}
	strbuf_release(&export);
	/* The comment right above: from a line ending in "*" "/" back to its
	 * opening line. */
	if (start >= 4 && !strncmp(sb->buf + start - 4, " */\n", 4)) {
		p = start - 4;
		while (p > 0) {
			size_t line = p;

			while (line > 0 && sb->buf[line - 1] != '\n')
				line--;
			if (!strncmp(sb->buf + line, "/*", 2)) {
				start = line;
				break;
			}
			if (line == 0)
				break;
			p = line - 1;
		}
	} else if (start >= 3 && !strncmp(sb->buf + start - 3, "*/\n", 3)) {
		p = start - 3;
		while (p > 0 && sb->buf[p - 1] != '\n')
			p--;
		if (!strncmp(sb->buf + p, "/*", 2))
			start = p;
	}
	if (line_is_blank(sb, end) &&
	    (start == 0 || line_is_blank(sb, start - 1)))
		end++;
	splice(sb, start, end, "");
	return true;
}

/* Inserts block after the last line matching re; false when none does. */
static bool insert_after_last(struct strbuf *sb, const char *re,
			      const char *block)
{
	size_t start, end, from = 0, at = 0;
	bool found = false;

	while (find_lines(sb, from, re, &start, &end)) {
		found = true;
		at = end;
		from = end;
	}
	if (found) {
		splice(sb, at, at, block);
		/* Keep a blank line between the block and what follows. */
		at += strlen(block);
		if (at < sb->len && sb->buf[at] != '\n' &&
		    block[strlen(block) - 2] != '\n')
			splice(sb, at, at, "\n");
	}
	return found;
}

/* Removes the paragraph of a block comment whose first line matches re,
 * with the " *" line separating it from the one before. */
static bool remove_comment_paragraph(struct strbuf *sb, const char *re)
{
	size_t start, end;

	if (!find_lines(sb, 0, re, &start, &end))
		return false;
	while (end < sb->len && strncmp(sb->buf + end, " *\n", 3) &&
	       strncmp(sb->buf + end, " */", 3) &&
	       !strncmp(sb->buf + end, " * ", 3)) {
		char *nl = memchr(sb->buf + end, '\n', sb->len - end);

		end = nl ? (size_t)(nl - sb->buf) + 1 : sb->len;
	}
	if (start >= 3 && !strncmp(sb->buf + start - 3, " *\n", 3))
		start -= 3;
	else if (!strncmp(sb->buf + end, " *\n", 3))
		end += 3;
	splice(sb, start, end, "");
	return true;
}

static const char flush_wrappers[] =
	"\n"
	"/* used to be different but now identical to flush_work(), deprecated */\n"
	"static inline bool __deprecated flush_work_sync(struct work_struct *work)\n"
	"{\n"
	"\treturn flush_work(work);\n"
	"}\n"
	"\n"
	"/* used to be different but now identical to flush_delayed_work(), deprecated */\n"
	"static inline bool __deprecated flush_delayed_work_sync(struct delayed_work *dwork)\n"
	"{\n"
	"\treturn flush_delayed_work(dwork);\n"
	"}\n"
	"\n";

static const char nrt_wrappers[] =
	"\n"
	"static inline struct workqueue_struct * __deprecated __system_nrt_wq(void)\n"
	"{\n"
	"\treturn system_wq;\n"
	"}\n"
	"\n"
	"static inline struct workqueue_struct * __deprecated __system_nrt_freezable_wq(void)\n"
	"{\n"
	"\treturn system_freezable_wq;\n"
	"}\n"
	"\n"
	"/* equivalent to system_wq and system_freezable_wq, deprecated */\n"
	"#define system_nrt_wq\t\t\t__system_nrt_wq()\n"
	"#define system_nrt_freezable_wq\t\t__system_nrt_freezable_wq()\n";

static bool deprecate_flush_sync(struct strbuf *h, struct strbuf *c)
{
	if (!find_lines(h, 0, "^extern bool flush_work_sync\\(", &(size_t){ 0 },
			&(size_t){ 0 }) ||
	    !find_lines(h, 0, "^extern bool flush_delayed_work_sync\\(",
			&(size_t){ 0 }, &(size_t){ 0 }))
		return false;
	remove_lines(h, "^extern bool flush_work_sync\\(.*\\);$");
	remove_lines(h, "^extern bool flush_delayed_work_sync\\(.*\\);$");
	if (!insert_after_last(h, "^extern bool flush_delayed_work\\(.*\\);$",
			       flush_wrappers))
		insert_after_last(h, "^extern bool flush_work\\(.*\\);$",
				  flush_wrappers);
	/* The wrappers replace the implementations. */
	remove_function(c, "^bool flush_work_sync\\(", "flush_work_sync");
	remove_function(c, "^bool flush_delayed_work_sync\\(",
			"flush_delayed_work_sync");
	return true;
}

static bool deprecate_system_nrt(struct strbuf *h, struct strbuf *c)
{
	if (!remove_lines(h,
			  "^extern struct workqueue_struct \\*system_nrt_wq;$"))
		return false;
	remove_lines(
		h,
		"^extern struct workqueue_struct \\*system_nrt_freezable_wq;$");
	insert_after_last(
		h, "^extern struct workqueue_struct \\*system_[a-z_]*wq;$",
		nrt_wrappers);
	/* Their description among the system workqueues'. */
	remove_comment_paragraph(h, "^ \\* system_nrt_wq is ");
	remove_comment_paragraph(h, "^ \\* system_nrt_freezable_wq is ");
	/* The variables, their exports, their creation, their check. */
	remove_lines(
		c,
		"^struct workqueue_struct \\*system_nrt_wq( __read_mostly)?;$");
	remove_lines(
		c,
		"^struct workqueue_struct \\*system_nrt_freezable_wq( __read_mostly)?;$");
	remove_lines(c, "^EXPORT_SYMBOL(_GPL)?\\(system_nrt_wq\\);$");
	remove_lines(c, "^EXPORT_SYMBOL(_GPL)?\\(system_nrt_freezable_wq\\);$");
	/* A statement may span lines: "[^;]" stops at a newline here. */
	remove_lines(
		c, "^[ \t]*system_nrt_wq = alloc_workqueue\\(([^;]|\n)*\\);$");
	remove_lines(
		c,
		"^[ \t]*system_nrt_freezable_wq = alloc_workqueue\\(([^;]|\n)*\\);$");
	{
		size_t start, end;
		const char *res[] = {
			"[ \t]*!system_nrt_wq[ \t]*\\|\\|",
			"[ \t]*!system_nrt_freezable_wq[ \t]*\\|\\|",
			"[ \t\n]*\\|\\|[ \t\n]*!system_nrt_wq\\)",
			"[ \t\n]*\\|\\|[ \t\n]*!system_nrt_freezable_wq\\)"
		};
		size_t i;

		/* BUG_ON(!a || !system_nrt_wq || !b): drop the term. */
		for (i = 0; i < 4; i++) {
			regex_t preg;
			regmatch_t m;

			if (regcomp(&preg, res[i], REG_EXTENDED))
				continue;
			while (c->len && !regexec(&preg, c->buf, 1, &m, 0)) {
				start = (size_t)m.rm_so;
				end = (size_t)m.rm_eo;
				splice(c, start, end, i >= 2 ? ")" : "");
			}
			regfree(&preg);
		}
	}
	return true;
}

static bool deprecate_non_reentrant(struct strbuf *h)
{
	size_t start, end;
	struct strbuf line = STRBUF_INIT;
	char *comment;

	if (!find_lines(h, 0, "^[ \t]*WQ_NON_REENTRANT[ \t]*=", &start, &end))
		return false;
	comment = strstr(h->buf + start, "DEPRECATED");
	if (comment && comment < h->buf + end)
		return false;
	strbuf_add(&line, h->buf + start, end - start);
	comment = strstr(line.buf, "/*");
	if (comment) {
		line.len = (size_t)(comment - line.buf);
		line.buf[line.len] = '\0';
		strbuf_addstr(&line, "/* DEPRECATED */\n");
	} else {
		while (line.len && (line.buf[line.len - 1] == '\n'))
			line.buf[--line.len] = '\0';
		strbuf_addstr(&line, " /* DEPRECATED */\n");
	}
	splice(h, start, end, line.buf);
	strbuf_release(&line);
	return true;
}

static bool remove_deprecated(struct strbuf *h, struct strbuf *c)
{
	bool changed = false;

	changed |= remove_function(
		h, "^static inline bool __deprecated flush_work_sync\\(",
		"flush_work_sync");
	changed |= remove_function(
		h,
		"^static inline bool __deprecated flush_delayed_work_sync\\(",
		"flush_delayed_work_sync");
	changed |= remove_function(
		h,
		"^static inline struct workqueue_struct \\* __deprecated "
		"__system_nrt_wq\\(",
		"__system_nrt_wq");
	changed |= remove_function(
		h,
		"^static inline struct workqueue_struct \\* __deprecated "
		"__system_nrt_freezable_wq\\(",
		"__system_nrt_freezable_wq");
	changed |= remove_lines(
		h, "^/\\* equivalent to system_wq and system_freezable_wq, "
		   "deprecated \\*/$");
	changed |= remove_lines(h, "^#define system_nrt_wq[ \t]");
	changed |= remove_lines(h, "^#define system_nrt_freezable_wq[ \t]");
	changed |= remove_lines(h, "^[ \t]*WQ_NON_REENTRANT[ \t]*=");
	(void)c;
	return changed;
}

bool series_deprecation_apply(enum deprecation_step step, struct strbuf *header,
			      struct strbuf *impl)
{
	switch (step) {
	case DEPRECATE_FLUSH_SYNC:
		return deprecate_flush_sync(header, impl);
	case DEPRECATE_SYSTEM_NRT:
		return deprecate_system_nrt(header, impl);
	case DEPRECATE_NON_REENTRANT:
		return deprecate_non_reentrant(header);
	case REMOVE_DEPRECATED:
		return remove_deprecated(header, impl);
	default:
		return false;
	}
}

static const char cite[] =
	"commit dbf2576e37da (\"workqueue: make all workqueues non-reentrant\")";

void series_deprecation_message(enum deprecation_step step, struct strbuf *msg)
{
	struct strbuf p = STRBUF_INIT;

	switch (step) {
	case DEPRECATE_FLUSH_SYNC:
		strbuf_addstr(
			msg,
			"workqueue: deprecate flush[_delayed]_work_sync()\n\n");
		strbuf_addf(
			&p,
			"Since %s, flush[_delayed]_work_sync() are equivalent to "
			"flush[_delayed]_work(), and the previous patches converted their "
			"users.  Mark them deprecated, as inline wrappers of "
			"flush[_delayed]_work(), and drop their implementations.",
			cite);
		break;
	case DEPRECATE_SYSTEM_NRT:
		strbuf_addstr(
			msg,
			"workqueue: deprecate system_nrt[_freezable]_wq\n\n");
		strbuf_addf(
			&p,
			"Since %s, system_nrt[_freezable]_wq are equivalent to "
			"system[_freezable]_wq, and the previous patches converted their "
			"users.  Mark them deprecated, as aliases of system[_freezable]_wq, "
			"and stop creating them.",
			cite);
		break;
	case DEPRECATE_NON_REENTRANT:
		strbuf_addstr(msg, "workqueue: deprecate WQ_NON_REENTRANT\n\n");
		strbuf_addf(
			&p,
			"C%s made WQ_NON_REENTRANT a no-op, and the previous patches "
			"removed its uses.  Mark it deprecated.",
			cite + 1);
		break;
	case REMOVE_DEPRECATED:
		strbuf_addstr(
			msg,
			"workqueue: remove the APIs made redundant by non-reentrant "
			"workqueues\n\n");
		strbuf_addf(
			&p,
			"Since %s, flush[_delayed]_work_sync(), "
			"system_nrt[_freezable]_wq and WQ_NON_REENTRANT have been "
			"deprecated, and no user is left.  Remove them.",
			cite);
		break;
	default:
		break;
	}
	series_wrap(msg, p.buf ? p.buf : "", 72);
	strbuf_addstr(msg,
		      "\nThis patch doesn't introduce any behavior changes.\n");
	strbuf_release(&p);
}
