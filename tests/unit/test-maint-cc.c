/* Unit tests for the Cc made from MAINTAINERS and .mailmap: the addresses
 * scripts/get_maintainer.pl --no-git would print, in its order. */
#include "products/series/maint-cc.h"
#include "lib/strbuf.h"
#include "lib/tempdir.h"
#include "test-lib.h"
#include "lib/usage.h"

#include <stdlib.h>

static const char maintainers_text[] =
	"FOO DRIVER\n"
	"M:\t\"Foo J. Bar\" <foo@old.example.org>\n"
	"R:\tRe Viewer <rev@example.org>\n"
	"L:\tfoo-devel@example.org (subscribers-only)\n"
	"L:\tfoo@lists.example.org\n"
	"F:\tdrivers/foo/\n"
	"\n"
	"FOO CORE\n"
	"M:\tFoo Bar <FOO@old.example.org>\n"
	"M:\tRe Viewer <reviewer@else.example.org>\n"
	"L:\tFOO@lists.example.org\n"
	"F:\tdrivers/foo/core.c\n"
	"\n"
	"THE REST\n"
	"M:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
	"M:\tSomeone Else <else@example.org>\n"
	"L:\tlinux-kernel@example.org\n"
	"S:\tBuried alive in reporters\n"
	"F:\t*\n"
	"F:\t*/\n";

static const char mailmap_text[] =
	"# comment\n"
	"Foo J. Bar <foo@new.example.org> <foo@old.example.org>\n"
	"<rev@new.example.org> <rev@example.org>\n"
	"Proper Name <proper@example.org> Wrong Name <wrong@example.org>\n"
	"Just A Name <name@example.org>\n";

static char *last_mapped;

static char *mapped(const struct mailmap *mm, const char *line)
{
	free(last_mapped);
	last_mapped = mailmap_email(mm, line);
	return last_mapped;
}

int main(void)
{
	struct maintainers m = { 0 };
	struct mailmap mm;
	struct strbuf cc = STRBUF_INIT, path = STRBUF_INIT;
	const char *dir = tempdir_create("test-maint-cc");
	const char *files[] = { "drivers/foo/core.c" };
	char *s;

	s = email_format("David S. Miller", "davem@example.org");
	CHECK_STR("email: a name with a dot is quoted", s,
		  "\"David S. Miller\" <davem@example.org>");
	free(s);
	s = email_format("Uwe Kleine-K\xc3\xb6nig", "u@example.org");
	CHECK_STR("email: a name beyond ASCII is quoted, as the script reads bytes",
		  s, "\"Uwe Kleine-K\xc3\xb6nig\" <u@example.org>");
	free(s);
	s = email_format("Plain-Name_2", "p@example.org");
	CHECK_STR("email: [A-Za-z0-9_ -] is not quoted", s,
		  "Plain-Name_2 <p@example.org>");
	free(s);

	strbuf_addf(&path, "%s/.mailmap", dir);
	if (write_whole_file(path.buf, mailmap_text, sizeof(mailmap_text) - 1,
			     0644) < 0)
		die_errno("cannot write %s", path.buf);
	mailmap_load(&mm, dir);
	CHECK_STR("mailmap: name1 <mail1> <mail2>",
		  mapped(&mm, "Anyone <foo@old.example.org>"),
		  "\"Foo J. Bar\" <foo@new.example.org>");
	CHECK_STR("mailmap: <mail1> <mail2> keeps the name",
		  mapped(&mm, "Re Viewer <rev@example.org>"),
		  "Re Viewer <rev@new.example.org>");
	CHECK_STR("mailmap: name1 <mail1> name2 <mail2> needs both",
		  mapped(&mm, "Wrong Name <wrong@example.org>"),
		  "Proper Name <proper@example.org>");
	CHECK_STR("mailmap: ... and not the address alone",
		  mapped(&mm, "Other Name <wrong@example.org>"),
		  "Other Name <wrong@example.org>");
	CHECK_STR("mailmap: name1 <mail1> names an address",
		  mapped(&mm, "J <name@example.org>"),
		  "Just A Name <name@example.org>");

	maintainers_parse(&m, maintainers_text, sizeof(maintainers_text) - 1,
			  NULL);
	maint_cc(&m, &mm, files, 1, "", &cc);
	/* What the 6.1 script prints for this MAINTAINERS and .mailmap
	 * (checked by hand): the first Foo Bar stands for the second, whose
	 * mixed-case address .mailmap does not know. */
	CHECK_STR("cc: most specific section first, a name or address seen "
		  "is not repeated, subscribers-only lists and Linus left out",
		  cc.buf,
		  "Cc: Foo Bar <FOO@old.example.org>\n"
		  "Cc: Re Viewer <reviewer@else.example.org>\n"
		  "Cc: Someone Else <else@example.org>\n"
		  "Cc: FOO@lists.example.org\n"
		  "Cc: linux-kernel@example.org\n");
	maintainers_release(&m);
	mailmap_release(&mm);
	free(last_mapped);
	strbuf_release(&cc);
	strbuf_release(&path);
	tempdir_remove(dir);
	return test_failures ? 1 : 0;
}
