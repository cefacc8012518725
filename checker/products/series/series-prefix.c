/*
 * The subject prefixes of one phase's patches. Where TREE's history
 * touches a patch's files, the prefix its subjects use most; otherwise one
 * guessed from the paths ("usb: host"), or from the MAINTAINERS section
 * when the paths share no more than a top-level directory. Then no two
 * patches of the phase keep the same prefix (and so the same subject): a
 * patch that shares one gets the next path component, the stem its files
 * share, or its section's own word.
 */
#include "products/series/series-priv.h"
#include "products/series/series-message.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The most common prefix of the last 100 subjects touching the files, or
 * NULL when TREE has no history for them. */
static char *history_prefix(struct series *s, char *const *files, size_t nr)
{
	struct strbuf out = STRBUF_INIT;
	char *prefix;

	if (!s->git)
		return NULL;
	series_history_subjects(&s->history, (const char *const *)files, nr,
				100, &out);
	prefix = series_common_prefix(out.buf ? out.buf : "");
	strbuf_release(&out);
	return prefix;
}

static bool is_filler(const char *w)
{
	static const char *const fillers[] = {
		"and", "or", "of", "the", "for", "a", "an", "to", "in", "on",
		"driver", "drivers", "support", "subsystem", "layer", "core",
		"device", "devices", "interface", "framework", "linux",
		"generic", "common", "maintainers", NULL
	};
	const char *const *f;

	for (f = fillers; *f; f++)
		if (!strcmp(*f, w))
			return true;
	return false;
}

/* Whether prefix already holds word w as one of its ": "-separated words. */
static bool prefix_has_word(const char *prefix, const char *w)
{
	size_t n = strlen(w);
	const char *p = prefix;

	while (p && *p) {
		if (!strncmp(p, w, n) && (!p[n] || p[n] == ':'))
			return true;
		p = strstr(p, ": ");
		if (p)
			p += 2;
	}
	return false;
}

/* The first word of a section's name that says something and that prefix
 * lacks, lowercased: "nfc" of "NFC SUBSYSTEM", "char" of "CHAR and MISC
 * DRIVERS"; NULL when none. */
static char *section_word(const struct maint_section *section,
			  const char *prefix)
{
	const char *p = section ? section->name : NULL;

	while (p && *p) {
		size_t n = 0, i;
		char *w;

		while (*p && !isalnum((unsigned char)*p))
			p++;
		while (isalnum((unsigned char)p[n]))
			n++;
		if (!n)
			break;
		w = xstrndup(p, n);
		for (i = 0; i < n; i++)
			w[i] = (char)tolower((unsigned char)w[i]);
		p += n;
		if (!is_filler(w) && !(prefix && prefix_has_word(prefix, w)))
			return w;
		free(w);
	}
	return NULL;
}

/* A path prefix that is "treewide", or a top-level directory that only
 * holds others ("drivers", "arch", "include"), says nothing a maintainer
 * can route by ("block", "mm" or "net" do). */
static bool says_too_little(const char *prefix)
{
	static const char *const holders[] = {
		"treewide", "drivers", "arch", "include", "tools", NULL
	};
	const char *const *h;

	for (h = holders; *h; h++)
		if (!strcmp(prefix, *h))
			return true;
	return false;
}

static char *stem_of(const char *path)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	const char *dot = strrchr(base, '.');

	return xstrndup(base, dot ? (size_t)(dot - base) : strlen(base));
}

static size_t dir_len(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? (size_t)(slash - path) : 0;
}

/* The longest leading directory of every file of the groups given. */
static size_t common_dir(const struct series_prefix_group *g, const size_t *which,
			 size_t nr)
{
	const char *first = g[which[0]].files[0];
	size_t len = dir_len(first), i, j;

	for (i = 0; i < nr; i++)
		for (j = 0; j < g[which[i]].nr_files; j++) {
			const char *f = g[which[i]].files[j];

			while (len && (strncmp(f, first, len) || f[len] != '/')) {
				while (len && first[len - 1] != '/')
					len--;
				if (len)
					len--;
			}
		}
	return len;
}

/* What tells group g apart from the others under the directory they share
 * (its first len bytes): the component after it when all of g's files lie
 * in one deeper directory, else the stem its files' names share, cut at a
 * '-' or '_' ("dm" of dm.c and dm-crypt.c, "pci-epf" of pci-epf-ntb.c and
 * pci-epf-vntb.c). NULL when there is none. */
static char *path_word(const struct series_prefix_group *g, size_t len)
{
	const char *first = g->files[0];
	size_t i, n, sub = dir_len(first);
	char *stem, *word;

	for (i = 1; i < g->nr_files; i++)
		if (dir_len(g->files[i]) != sub ||
		    strncmp(g->files[i], first, sub))
			sub = 0;
	if (sub > len) {
		const char *c = first + len + (len ? 1 : 0);

		return xstrndup(c, strcspn(c, "/"));
	}
	stem = stem_of(first);
	n = strlen(stem);
	for (i = 1; i < g->nr_files; i++) {
		char *other = stem_of(g->files[i]);
		size_t k = 0;

		while (k < n && stem[k] == other[k])
			k++;
		if (k < n && other[k])	/* neither is the whole of the other */
			while (k && stem[k - 1] != '-' && stem[k - 1] != '_')
				k--;
		n = k;
		free(other);
	}
	while (n && (stem[n - 1] == '-' || stem[n - 1] == '_'))
		n--;
	word = n ? xstrndup(stem, n) : NULL;
	free(stem);
	return word;
}

static void extend(char **prefix, const char *word)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s: %s", *prefix, word);
	free(*prefix);
	*prefix = strbuf_detach(&sb);
}

/* Indexes of the groups whose prefix equals group i's, i first. */
static size_t same_prefix(char **prefixes, size_t nr, size_t i, size_t *out)
{
	size_t j, n = 0;

	for (j = 0; j < nr; j++)
		if (j == i || !strcmp(prefixes[j], prefixes[i]))
			out[n++] = j;
	return n;
}

static bool word_taken(char **words, const size_t *set, size_t nr, size_t k)
{
	size_t j;

	for (j = 0; j < nr; j++)
		if (j != k && words[set[j]] && !strcmp(words[set[j]], words[set[k]]))
			return true;
	return false;
}

/* One set of groups sharing a prefix: each gets a word that tells it apart
 * (the path's, else its section's); one left without keeps the prefix. */
static void tell_apart(const struct series_prefix_group *g, char **prefixes,
		       const size_t *set, size_t nr)
{
	char **words = xcalloc(nr ? set[nr - 1] + 1 : 1, sizeof(*words));
	size_t len = common_dir(g, set, nr), k, without = 0;
	const char *shared = prefixes[set[0]];

	for (k = 0; k < nr; k++) {
		char *w = path_word(&g[set[k]], len);

		if (w && prefix_has_word(shared, w)) {
			free(w);
			w = NULL;
		}
		words[set[k]] = w;
	}
	for (k = 0; k < nr; k++)
		if (words[set[k]] && word_taken(words, set, nr, k)) {
			free(words[set[k]]);
			words[set[k]] = NULL;
		}
	for (k = 0; k < nr; k++)
		without += !words[set[k]];
	for (k = 0; without > 1 && k < nr; k++) {
		if (words[set[k]])
			continue;
		words[set[k]] = section_word(g[set[k]].section, shared);
		if (words[set[k]] && word_taken(words, set, nr, k)) {
			free(words[set[k]]);
			words[set[k]] = NULL;
		}
	}
	for (k = 0; k < nr; k++) {
		if (words[set[k]])
			extend(&prefixes[set[k]], words[set[k]]);
		free(words[set[k]]);
	}
	free(words);
}

char **series_phase_prefixes(struct series *s, const struct series_prefix_group *g,
			     size_t nr)
{
	char **prefixes = xcalloc(nr + 1, sizeof(*prefixes));
	size_t *set = xcalloc(nr + 1, sizeof(*set));
	size_t i, n;
	int round;

	for (i = 0; i < nr; i++) {
		char *p;

		if (g[i].treewide) {
			prefixes[i] = xstrdup("treewide");
			continue;
		}
		p = history_prefix(s, g[i].files, g[i].nr_files);
		if (p) {
			s->summary.prefixes_from_history++;
		} else {
			s->summary.prefixes_guessed++;
			p = series_path_prefix(g[i].files, g[i].nr_files);
			if (says_too_little(p)) {
				char *w = section_word(g[i].section, NULL);

				if (w) {
					free(p);
					p = w;
				}
			}
		}
		prefixes[i] = p;
	}
	/* Twice: a word added can meet another group's prefix; then the
	 * first file's stem, which no other group of the phase has. */
	for (round = 0; round < 3; round++)
		for (i = 0; i < nr; i++) {
			n = same_prefix(prefixes, nr, i, set);
			if (n < 2)
				continue;
			if (round < 2) {
				tell_apart(g, prefixes, set, n);
			} else {
				size_t k;

				for (k = 1; k < n; k++) {
					char *stem = stem_of(g[set[k]].files[0]);

					extend(&prefixes[set[k]], stem);
					free(stem);
				}
			}
		}
	free(set);
	return prefixes;
}
