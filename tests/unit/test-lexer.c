/* Unit tests of lex_file(): the tokens of small texts written out
 * (punctuators and their near misses, comments and their splices,
 * identifiers, numbers, directives), and on random texts over a C-heavy
 * alphabet the properties every lexing must have: tokens in order and not
 * overlapping, only blanks and splices between them, each token's line and
 * column from the newlines before it, an identifier that stops at the first
 * byte that cannot continue it, a punctuator as long as the longest of C's
 * that starts there, a comment that ends where C says. */
#include "front/lexer.h"
#include "lib/strbuf.h"
#include "test-lib.h"

#include <stdlib.h>
#include <string.h>

static const char *const kind_names[] = {
	[TOK_IDENT] = "id", [TOK_NUMBER] = "num", [TOK_STRING] = "str",
	[TOK_CHAR] = "chr", [TOK_PUNCT] = "p", [TOK_COMMENT] = "com",
	[TOK_DIRECTIVE_END] = "end",
};

/* "kind:text@line:column" for each token, with flags for directives. */
static char *dump(const char *text)
{
	struct strbuf sb = STRBUF_INIT;
	struct lexed_file lf;
	size_t i;

	lex_file(&lf, text, strlen(text));
	for (i = 0; i < lf.nr_tokens; i++) {
		const struct token *t = &lf.tokens[i];

		strbuf_addf(&sb, "%s%s:%.*s@%u:%u%s%s%s", i ? " " : "", kind_names[t->kind],
			    (int)t->len, text + t->offset, t->line, t->column,
			    t->is_directive_name ? "N" : "", t->is_macro_param ? "P" : "",
			    t->in_define_body ? "B" : "");
	}
	if (lf.error)
		strbuf_addf(&sb, " error:%s", lf.error);
	lexed_file_release(&lf);
	return strbuf_detach(&sb);
}

static void check_dump(const char *name, const char *text, const char *want)
{
	char *got = dump(text);

	CHECK_STR(name, got, want);
	free(got);
}

static void test_written_out(void)
{
	check_dump("punctuators, longest first", "a<<=b>>=c...d<<e>=f->g##h",
		   "id:a@1:1 p:<<=@1:2 id:b@1:5 p:>>=@1:6 id:c@1:9 p:...@1:10 id:d@1:13 "
		   "p:<<@1:14 id:e@1:16 p:>=@1:17 id:f@1:19 p:->@1:20 id:g@1:22 p:##@1:23 "
		   "id:h@1:25");
	check_dump("near misses of punctuators", "..<>=!&|^%=*=/=-- ++ &&||+-",
		   "p:.@1:1 p:.@1:2 p:<@1:3 p:>=@1:4 p:!@1:6 p:&@1:7 p:|@1:8 p:^@1:9 "
		   "p:%=@1:10 p:*=@1:12 p:/=@1:14 p:--@1:16 p:++@1:19 p:&&@1:22 p:||@1:24 "
		   "p:+@1:26 p:-@1:27");
	check_dump("a punctuator cut by the end of the text", "a<<", "id:a@1:1 p:<<@1:2");
	check_dump("identifiers with $ and digits, numbers", "$x1 _9 1e+5 0x1fUL .5 a.b",
		   "id:$x1@1:1 id:_9@1:5 num:1e+5@1:8 num:0x1fUL@1:13 num:.5@1:20 "
		   "id:a@1:23 p:.@1:24 id:b@1:25");
	check_dump("a block comment over lines", "a /* x\n y\n*/ b",
		   "id:a@1:1 com:/* x\n y\n*/@1:3 id:b@3:4");
	check_dump("an unterminated block comment", "a /* x\n",
		   "id:a@1:1 com:/* x\n@1:3 error:unterminated /* comment at line 1");
	check_dump("a line comment spliced twice, once with \\r",
		   "// a \\\n b \\\r\n c\nd", "com:// a \\\n b \\\r\n c@1:1 id:d@4:1");
	check_dump("a line comment whose backslash is not before the newline",
		   "// a \\ b\nc", "com:// a \\ b@1:1 id:c@2:1");
	check_dump("a line comment at the end of the text", "x // y", "id:x@1:1 com:// y@1:3");
	check_dump("blanks of every kind", "a \t\f\v\r b", "id:a@1:1 id:b@1:8");
	check_dump("strings and characters", "\"a\\\"b\" 'c'", "str:\"a\\\"b\"@1:1 chr:'c'@1:8");
	check_dump("a function-like #define", "#define M(a, b) a + c\nx",
		   "p:#@1:1 id:define@1:2 id:M@1:9N p:(@1:10 id:a@1:11P p:,@1:12 id:b@1:14P "
		   "p:)@1:15 id:a@1:17PB p:+@1:19B id:c@1:21B end:@1:22 id:x@2:1");
	check_dump("#if defined()", "#if defined(X) && Y\n",
		   "p:#@1:1 id:if@1:2 id:defined@1:5 p:(@1:12 id:X@1:13N p:)@1:14 "
		   "p:&&@1:16 id:Y@1:19 end:@1:20");
	check_dump("a # inside a line is no directive", "a # b\n", "id:a@1:1 p:#@1:3 id:b@1:5");
}

/* The longest of C's punctuators at s, as the old table said it. */
static size_t reference_punct(const char *s, size_t left)
{
	static const char *const three[] = { "<<=", ">>=", "...", NULL };
	static const char *const two[] = {
		"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
		"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##", NULL
	};
	int i;

	for (i = 0; three[i]; i++)
		if (left >= 3 && !memcmp(s, three[i], 3))
			return 3;
	for (i = 0; two[i]; i++)
		if (left >= 2 && !memcmp(s, two[i], 2))
			return 2;
	return 1;
}

static bool ident_char(char c)
{
	return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* Where a comment starting at s (size left) ends, by C's rules. */
static size_t reference_comment_end(const char *text, size_t start, size_t size)
{
	size_t p = start + 2;

	if (text[start + 1] == '*') {
		for (; p + 1 < size; p++)
			if (text[p] == '*' && text[p + 1] == '/')
				return p + 2;
		return size;
	}
	for (; p < size; p++) {
		if (text[p] != '\n')
			continue;
		if (p > start && text[p - 1] == '\\')
			continue;
		if (p > start + 1 && text[p - 1] == '\r' && text[p - 2] == '\\')
			continue;
		return p;
	}
	return size;
}

/* What may lie between two tokens: blanks, newlines, splices. */
static bool only_space(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!strchr(" \t\r\f\v\n\\", s[i]))
			return false;
	return true;
}

static bool properties_hold(const char *text, size_t size, const char **why)
{
	struct lexed_file lf;
	size_t i, end = 0, nl = 0, line_start = 0, scanned = 0;
	bool ok = true;

	lex_file(&lf, text, size);
	for (i = 0; i < lf.nr_tokens && ok; i++) {
		const struct token *t = &lf.tokens[i];
		const char *s = text + t->offset;

		if (t->kind == TOK_DIRECTIVE_END)
			continue;
		if (t->offset < end || !only_space(text + end, t->offset - end)) {
			*why = "tokens overlap or hide text between them";
			ok = false;
			break;
		}
		for (; scanned < t->offset; scanned++)
			if (text[scanned] == '\n') {
				nl++;
				line_start = scanned + 1;
			}
		if (t->line != nl + 1 || t->column != t->offset - line_start + 1) {
			*why = "a token's line or column";
			ok = false;
		} else if (t->kind == TOK_IDENT &&
			   (t->offset + t->len < size && ident_char(s[t->len]))) {
			*why = "an identifier stops early";
			ok = false;
		} else if (t->kind == TOK_PUNCT &&
			   t->len != reference_punct(s, size - t->offset)) {
			*why = "a punctuator's length";
			ok = false;
		} else if (t->kind == TOK_COMMENT &&
			   t->offset + t->len != reference_comment_end(text, t->offset, size)) {
			*why = "a comment's end";
			ok = false;
		}
		end = t->offset + t->len;
	}
	if (ok && !only_space(text + end, size - end)) {
		*why = "text after the last token";
		ok = false;
	}
	lexed_file_release(&lf);
	return ok;
}

static void test_random_texts(void)
{
	static const char *const pieces[] = {
		"a", "b_", "$", "9", ".", "e", "+", "-", "<", ">", "=", "!", "&", "|", "*",
		"/", "%", "^", "#", "\\", "\n", "\r", "\t", " ", "(", ")", ";", "define ",
		"if ", "/*", "*/", "//", "\\\n", "\\\r\n", "...", "<<=", ">>=", "##", "0x1e+5",
	};
	const size_t nr = sizeof(pieces) / sizeof(pieces[0]);
	struct strbuf sb = STRBUF_INIT;
	const char *why = NULL;
	int round, failed = -1;

	srand(29);
	for (round = 0; round < 20000 && failed < 0; round++) {
		int n = rand() % 60, k;

		strbuf_reset(&sb);
		for (k = 0; k < n; k++)
			strbuf_addstr(&sb, pieces[rand() % nr]);
		if (!properties_hold(sb.buf ? sb.buf : "", sb.len, &why))
			failed = round;
	}
	if (failed >= 0)
		printf("    round %d: %s in [%s]\n", failed, why, sb.buf);
	CHECK("20000 random texts: positions, identifiers, punctuators, comments", failed < 0);
	strbuf_release(&sb);
}

int main(void)
{
	test_written_out();
	test_random_texts();
	return test_failures ? 1 : 0;
}
