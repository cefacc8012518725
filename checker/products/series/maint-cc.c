#include "products/series/maint-cc.h"
#include "lib/usage.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define CHIEF_PENGUIN "Linus Torvalds <torvalds@linux-foundation.org>"

struct emails {
	char **items;
	size_t nr, alloc;
};

static void emails_add(struct emails *e, char *email)
{
	ALLOC_GROW(e->items, e->nr, e->alloc);
	e->items[e->nr++] = email;
}

/* The script compares names and addresses by lc(): maps keyed by the
 * lowercased key. */
static char *lowercase(const char *s)
{
	char *copy = xstrdup(s), *p;

	for (p = copy; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return copy;
}

static void *lc_get(const struct strmap *map, const char *key)
{
	char *lc = lowercase(key);
	void *value = strmap_get(map, lc);

	free(lc);
	return value;
}

/* Returns the previous value. */
static void *lc_put(struct strmap *map, const char *key, void *value)
{
	char *lc = lowercase(key);
	void *old = strmap_put(map, lc, value);

	free(lc);
	return old;
}

static void add_section(const struct maint_section ***list, size_t *nr,
			size_t *alloc, const struct maint_section *s)
{
	size_t i;

	for (i = 0; i < *nr; i++)
		if ((*list)[i] == s)
			return;
	ALLOC_GROW(*list, *nr, *alloc);
	(*list)[(*nr)++] = s;
}

/* push_email_address(): a person already in by name or by address is not
 * added again. */
static void push_person(struct emails *to, struct strmap *names,
			struct strmap *addresses, const char *line)
{
	char *name, *address;

	email_parse(line, &name, &address);
	if (*address && !(*name && lc_get(names, name)) &&
	    !lc_get(addresses, address)) {
		emails_add(to, email_format(name, address));
		if (*name)
			lc_put(names, name, (void *)1);
		lc_put(addresses, address, (void *)1);
	}
	free(name);
	free(address);
}

struct dedup {
	struct strmap names, addresses; /* lowercased -> "Name <addr>" */
};

/* deduplicate_email(): mapped by .mailmap, then the first entry with the
 * same name, or else the same address, stands for it. */
static char *deduplicate(struct dedup *d, const struct mailmap *mm,
			 const char *line)
{
	char *email = mailmap_email(mm, line), *name, *address, *result;
	const char *first;

	email_parse(email, &name, &address);
	first = *name ? lc_get(&d->names, name) : NULL;
	if (!first)
		first = lc_get(&d->addresses, address);
	if (first) {
		result = mailmap_email(mm, first);
	} else {
		char *formatted = email_format(name, address);

		free(lc_put(&d->names, name, xstrdup(formatted)));
		free(lc_put(&d->addresses, address, xstrdup(formatted)));
		result = mailmap_email(mm, formatted);
		free(formatted);
	}
	free(email);
	free(name);
	free(address);
	return result;
}

void maint_cc(const struct maintainers *m, const struct mailmap *mm,
	      const char *const *files, size_t nr, const char *diff,
	      struct strbuf *cc)
{
	const struct maint_section **sections = NULL;
	size_t nr_sections = 0, alloc_sections = 0, i, j;
	struct emails to = { 0 };
	struct strmap names = { 0 }, addresses = { 0 }, lists = { 0 },
		      printed = { 0 };
	struct dedup d = { 0 };

	for (i = 0; i < nr; i++) {
		size_t n = maintainers_match(m, files[i], NULL, 0);
		struct maint_match *match = xcalloc(n ? n : 1, sizeof(*match));

		maintainers_match(m, files[i], match, n);
		for (j = 0; j < n; j++)
			add_section(&sections, &nr_sections, &alloc_sections,
				    match[j].section);
		free(match);
	}
	for (i = 0; i < m->nr; i++)
		if (maint_section_keyword_matches(&m->sections[i], diff))
			add_section(&sections, &nr_sections, &alloc_sections,
				    &m->sections[i]);
	for (i = 0; i < nr_sections; i++)
		for (j = 0; j < sections[i]->nr_people; j++)
			push_person(&to, &names, &addresses,
				    sections[i]->people[j]);
	for (i = 0; i < nr_sections; i++)
		for (j = 0; j < sections[i]->nr_lists; j++)
			if (!sections[i]->subscribers_only[j] &&
			    !lc_put(&lists, sections[i]->lists[j], (void *)1))
				emails_add(&to, xstrdup(sections[i]->lists[j]));
	for (i = 0; i < to.nr; i++) {
		char *email = deduplicate(&d, mm, to.items[i]);

		/* The script's chief penguin is a name and address of its
		 * own, left out wherever they come from; merge_email(): the
		 * same line once. */
		if (!strstr(email, CHIEF_PENGUIN) &&
		    !strmap_get(&printed, email)) {
			strmap_put(&printed, email, (void *)1);
			strbuf_addf(cc, "Cc: %s\n", email);
		}
		free(email);
		free(to.items[i]);
	}
	free(to.items);
	free(sections);
	strmap_release(&names, NULL);
	strmap_release(&addresses, NULL);
	strmap_release(&lists, NULL);
	strmap_release(&printed, NULL);
	strmap_release(&d.names, free);
	strmap_release(&d.addresses, free);
}
