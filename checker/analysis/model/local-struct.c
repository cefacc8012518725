#include "analysis/model/local-struct.h"
#include "lib/strbuf.h"

#include <string.h>

char *local_struct_names(const struct source_file *f)
{
	const struct lexed_file *lf = &f->lex;
	struct strbuf sb = STRBUF_INIT;
	size_t i, n = strlen(f->path);

	if (n < 2 || strcmp(f->path + n - 2, ".c"))
		return NULL;
	strbuf_addch(&sb, '\n');
	for (i = 0; i + 2 < lf->nr_tokens; i++) {
		const struct token *t = &lf->tokens[i];

		if (t->kind != TOK_IDENT || t->len != 6 || t[1].kind != TOK_IDENT ||
		    memcmp(lf->text + t->offset, "struct", 6) || t->in_directive ||
		    !tok_is_punct(lf, token_next_code(lf, (long)i + 1), "{"))
			continue;
		strbuf_addf(&sb, "%.*s\n", (int)t[1].len, lf->text + t[1].offset);
	}
	return strbuf_detach(&sb);
}

bool local_struct_key(const char *names, const char *key)
{
	struct strbuf needle = STRBUF_INIT;
	size_t n;
	bool found;

	if (!names || strncmp(key, "struct ", 7))
		return false;
	key += 7;
	n = strcspn(key, ".[");
	if (!n)
		return false;
	strbuf_addf(&needle, "\n%.*s\n", (int)n, key);
	found = strstr(names, needle.buf) != NULL;
	strbuf_release(&needle);
	return found;
}
