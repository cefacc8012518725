/* Unit tests of site_name_tokens(): the tokens whose text holds "_work" or
 * "_wq", as a walk of every token with memmem() finds them, on texts made
 * to hold the parts at the edges of the SIMD stride, across a token's end,
 * in comments and literals, and on random texts over a small alphabet. */
#include "analysis/callers/classify-priv.h"
#include "front/lexer.h"
#include "test-lib.h"

#include <stdlib.h>
#include <string.h>

static bool holds(const struct lexed_file *lf, size_t t, const char *part)
{
	const struct token *tok = &lf->tokens[t];

	return memmem(lf->text + tok->offset, tok->len, part, strlen(part)) != NULL;
}

/* Whether site_name_tokens() gives exactly the tokens holding a part, in
 * order; *found counts them. */
static bool same(const char *text, size_t *found)
{
	struct lexed_file lf;
	size_t *got = NULL, nr, t, k = 0;
	bool ok = true;

	lex_file(&lf, text, strlen(text));
	nr = site_name_tokens(&lf, &got);
	for (t = 0; t < lf.nr_tokens; t++) {
		if (!holds(&lf, t, "_work") && !holds(&lf, t, "_wq"))
			continue;
		ok &= k < nr && got[k] == t;
		k++;
	}
	ok &= k == nr;
	*found += nr;
	free(got);
	lexed_file_release(&lf);
	return ok;
}

int main(void)
{
	static const char *const cases[] = {
		"", "_w", "_wq", "x_wq", "queue_work(wq, &w);",
		"system_wq /* a_work */ \"s_wq\" x", "a_wo rk b_w q",
		"_work_work_wq", "0123456789abcd_wq", "0123456789abcde_wq",
		"0123456789abcdef_wq", "0123456789abcdef0_work",
		"0123456789abcdefghijklmnopqrstu_w", "x = y_w;\n#define Z_wq 1\n",
		NULL
	};
	static const char alphabet[] = "_wqorkx (;/*\"\n";
	const char *const *c;
	char text[80];
	size_t found = 0, k;
	int ok = 1, i;

	for (c = cases; *c; c++)
		ok &= same(*c, &found);
	CHECK("site names: edges, literals, comments, split parts as a token walk says", ok);
	ok = 1;
	srand(1);
	for (i = 0; i < 100000; i++) {
		size_t len = (size_t)(rand() % 70);

		for (k = 0; k < len; k++)
			text[k] = alphabet[rand() % (sizeof(alphabet) - 1)];
		/* Plant a part now and then, cut at a random end. */
		if (rand() % 2 && len > 8) {
			const char *part = rand() % 2 ? "_work" : "_wq";
			size_t at = (size_t)rand() % len;

			for (k = 0; part[k] && at + k < len; k++)
				text[at + k] = part[k];
		}
		text[len] = '\0';
		ok &= same(text, &found);
	}
	CHECK("site names: 100,000 random texts as a token walk says", ok);
	CHECK("site names: the texts held site-name tokens often enough to tell", found > 10000);
	return test_failures ? 1 : 0;
}
