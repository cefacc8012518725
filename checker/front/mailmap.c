#include "front/mailmap.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static char *trimmed(const char *start, const char *end)
{
	while (start < end && isspace((unsigned char)*start))
		start++;
	while (end > start && isspace((unsigned char)end[-1]))
		end--;
	return xstrndup(start, (size_t)(end - start));
}

void email_parse(const char *line, char **name, char **address)
{
	const char *lt = strchr(line, '<'), *gt = lt ? strchr(lt, '>') : NULL;
	char *n;

	if (lt && gt && memchr(lt, '@', (size_t)(gt - lt))) {
		n = trimmed(line, lt);
		*address = trimmed(lt + 1, gt);
	} else {
		size_t len = strcspn(line, " \t");

		n = xstrdup("");
		*address = strchr(line, '@') ? trimmed(line, line + len) :
					       xstrdup("");
	}
	/* The script strips one double quote at each end. */
	if (n[0] == '"')
		memmove(n, n + 1, strlen(n));
	if (*n && n[strlen(n) - 1] == '"')
		n[strlen(n) - 1] = '\0';
	*name = n;
}

char *email_format(const char *name, const char *address)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;
	bool quote = false;

	/* [^\w \-] on bytes: anything beyond ASCII letters and digits, '_',
	 * ' ' and '-' (the script reads MAINTAINERS as bytes). */
	for (p = name; *p; p++)
		if (!(isascii((unsigned char)*p) && isalnum((unsigned char)*p)) &&
		    *p != '_' && *p != ' ' && *p != '-')
			quote = true;
	if (quote) {
		strbuf_addch(&sb, '"');
		for (p = name; *p; p++) {
			if (*p == '"' && (p == name || p[-1] != '\\'))
				strbuf_addch(&sb, '\\');
			strbuf_addch(&sb, *p);
		}
		strbuf_addch(&sb, '"');
	} else {
		strbuf_addstr(&sb, name);
	}
	if (*name)
		strbuf_addf(&sb, " <%s>", address);
	else
		strbuf_addstr(&sb, address);
	return strbuf_detach(&sb);
}

static void put(struct strmap *map, const char *key, const char *value)
{
	free(strmap_put(map, key, xstrdup(value)));
}

/* One .mailmap line, in the four forms git-shortlog(1) documents. */
static void add_line(struct mailmap *m, const char *line)
{
	const char *lt1 = strchr(line, '<'), *gt1, *lt2, *gt2;
	char *name, *address, *wrong_name, *wrong_address, *key;
	struct strbuf sb = STRBUF_INIT;

	if (!lt1 || !(gt1 = strchr(lt1, '>')))
		return;
	lt2 = strchr(gt1, '<');
	gt2 = lt2 ? strchr(lt2, '>') : NULL;
	strbuf_add(&sb, line, (size_t)(gt1 + 1 - line));
	email_parse(sb.buf, &name, &address);
	if (!lt2 || !gt2) {
		/* name1 <mail1> */
		if (*name)
			put(&m->names, address, name);
	} else if (lt1 == line) {
		/* <mail1> <mail2> */
		key = trimmed(lt2 + 1, gt2);
		put(&m->addresses, key, address);
		free(key);
	} else {
		char *between = trimmed(gt1 + 1, lt2);

		if (!*between) {
			/* name1 <mail1> <mail2> */
			key = trimmed(lt2 + 1, gt2);
			put(&m->names, key, name);
			put(&m->addresses, key, address);
			free(key);
		} else {
			/* name1 <mail1> name2 <mail2> */
			strbuf_reset(&sb);
			strbuf_add(&sb, gt1 + 1, (size_t)(gt2 + 1 - gt1 - 1));
			email_parse(sb.buf, &wrong_name, &wrong_address);
			key = email_format(wrong_name, wrong_address);
			put(&m->names, key, name);
			put(&m->addresses, key, address);
			free(key);
			free(wrong_name);
			free(wrong_address);
		}
		free(between);
	}
	free(name);
	free(address);
	strbuf_release(&sb);
}

void mailmap_load(struct mailmap *m, const char *root)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	char *line, *next;

	memset(m, 0, sizeof(*m));
	strbuf_addf(&path, "%s/.mailmap", root);
	if (strbuf_read_file(&text, path.buf) == 0 && text.buf) {
		for (line = text.buf; line; line = next) {
			next = strchr(line, '\n');
			if (next)
				*next++ = '\0';
			*strchrnul(line, '#') = '\0';
			add_line(m, line);
		}
	}
	strbuf_release(&path);
	strbuf_release(&text);
}

char *mailmap_email(const struct mailmap *m, const char *line)
{
	char *name, *address, *email, *result;
	const char *real_name, *real_address;
	const char *key;

	email_parse(line, &name, &address);
	email = email_format(name, address);
	key = strmap_get(&m->names, email) || strmap_get(&m->addresses, email) ?
		      email : address;
	real_name = strmap_get(&m->names, key);
	real_address = strmap_get(&m->addresses, key);
	result = email_format(real_name ? real_name : name,
			      real_address ? real_address : address);
	free(name);
	free(address);
	free(email);
	return result;
}

void mailmap_release(struct mailmap *m)
{
	strmap_release(&m->names, free);
	strmap_release(&m->addresses, free);
}
