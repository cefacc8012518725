#include "front/maintainers.h"
#include "front/maintainers-index.h"
#include "lib/regex-size.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

static size_t count_slashes(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '/';
	return n;
}

static bool is_directory(const char *root, const char *rel)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	bool ok;

	if (!root)
		return false;
	strbuf_addf(&sb, "%s/%s", root, rel);
	ok = stat(sb.buf, &st) == 0 && S_ISDIR(st.st_mode);
	strbuf_release(&sb);
	return ok;
}

/* The first (at most) 16 bytes of a string as two words, zeros past its
 * end: the same bytes of a path and of a pattern are one comparison. */
static void key_of(const char *s, size_t len, uint64_t w[2])
{
	unsigned char b[16] = { 0 };

	memcpy(b, s, len < 16 ? len : 16);
	memcpy(w, b, 16);
}

static void set_key(struct maint_pattern *p)
{
	unsigned char m[16] = { 0 };
	size_t n = p->literal_len < 16 ? p->literal_len : 16;

	key_of(p->text, n, p->key);
	memset(m, 0xff, n);
	memcpy(p->key_mask, m, 16);
}

/*
 * get_maintainer.pl turns a glob into a regex anchored at the start: '.' is
 * literal, '*' is ".*" (it crosses '/'), '?' is '.', anything else is taken
 * as regex syntax. A pattern naming an existing directory gets a trailing '/'.
 */
static bool compile_file_pattern(struct maint_pattern *p, const char *value,
				 const char *root)
{
	struct strbuf re = STRBUF_INIT;
	const char *s;
	size_t converted_start;

	strbuf_addch(&re, '^');
	converted_start = re.len;
	for (s = value; *s; s++) {
		if (*s == '.')
			strbuf_addstr(&re, "\\.");
		else if (*s == '*')
			strbuf_addstr(&re, ".*");
		else if (*s == '?')
			strbuf_addch(&re, '.');
		else
			strbuf_addch(&re, *s);
	}
	if (re.len > converted_start && re.buf[re.len - 1] != '/' &&
	    is_directory(root, value))
		strbuf_addch(&re, '/');
	p->is_dir = re.buf[re.len - 1] == '/';
	/* value_pd: the pattern's depth, one more for a file than a directory. */
	p->depth = (int)count_slashes(re.buf + converted_start) + !p->is_dir;
	if (!strncmp(re.buf + converted_start, ".*", 2))
		p->depth = -1;
	/* The regex is anchored: its bytes up to the first wildcard or regex
	 * syntax must begin the path. */
	p->literal_len = strcspn(value, "*?[](){}+|^$\\");
	p->literal = !value[p->literal_len];
	/* A literal pattern is matched by its bytes alone: no regcomp() for
	 * most of a MAINTAINERS' thousands of patterns (its regex, '.'
	 * escaped and nothing else special, always compiles). */
	p->has_re = !p->literal;
	if (!regex_is_tame(re.buf) ||
	    (p->has_re && regcomp(&p->re, re.buf, REG_EXTENDED | REG_NOSUB))) {
		strbuf_release(&re);
		return false;
	}
	p->text = xstrdup(value);
	p->slash_added = p->is_dir && value[0] && value[strlen(value) - 1] != '/';
	set_key(p);
	strbuf_release(&re);
	return true;
}

/*
 * The bytes every string an unanchored regex matches holds, or NULL: the
 * run of plain characters it starts with, less the last one when a '*', '?'
 * or '{' follows (that one may be absent). Only for a regex with no '|' or
 * group, which every match must then read from its start: "bcm[9]?6878"
 * needs "bcm", "sun[x456789]i" "sun", "[^a-z]tegra" gets nothing. A path
 * without those bytes is not matched, so regexec() need not be asked: N:
 * is asked of every path of an audit, for every one of its 100 sections.
 */
static char *required_literal(const char *re)
{
	size_t n = 0;

	if (strpbrk(re, "|()"))
		return NULL;
	while (isalnum((unsigned char)re[n]) || re[n] == '_' || re[n] == '-' ||
	       re[n] == '/')
		n++;
	if (n && (re[n] == '*' || re[n] == '?' || re[n] == '{'))
		n--;
	return n ? xstrndup(re, n) : NULL;
}

/* N: and K: are Perl regexes used with /x: unescaped whitespace means nothing. */
static bool compile_regex(struct maint_pattern *p, const char *value, int flags)
{
	struct strbuf re = STRBUF_INIT;
	const char *s;
	bool ok;

	for (s = value; *s; s++) {
		if (*s == '\\' && s[1]) {
			strbuf_add(&re, s, 2);
			s++;
		} else if (!isspace((unsigned char)*s)) {
			strbuf_addch(&re, *s);
		}
	}
	ok = re.len && regex_is_tame(re.buf) &&
	     !regcomp(&p->re, re.buf, REG_EXTENDED | REG_NOSUB | flags);
	if (ok) {
		p->text = xstrdup(value);
		p->depth = 0;
		p->has_re = true;
		p->required = required_literal(re.buf);
	}
	strbuf_release(&re);
	return ok;
}

static void add_entry(struct maint_section *s, char type, const char *value,
		      const char *root)
{
	struct maint_pattern p = { 0 };

	switch (type) {
	case 'M':
	case 'R':
		ALLOC_GROW(s->people, s->nr_people, s->alloc_people);
		s->people[s->nr_people++] = xstrdup(value);
		break;
	case 'L': {
		size_t n = strcspn(value, " \t");

		ALLOC_GROW(s->lists, s->nr_lists, s->alloc_lists);
		ALLOC_GROW(s->subscribers_only, s->nr_lists,
			   s->alloc_subscribers_only);
		s->subscribers_only[s->nr_lists] =
			strstr(value + n, "subscribers-only") != NULL;
		s->lists[s->nr_lists++] = xstrndup(value, n);
		break;
	}
	case 'S':
		/* "reports" until 2022, "reporters" in 6.1: what the script
		 * keys on is the chief penguin himself, left out of every Cc. */
		if (!strncasecmp(value, "Buried alive in report", 22))
			s->chief_penguin = true;
		break;
	case 'F':
		if (compile_file_pattern(&p, value, root)) {
			ALLOC_GROW(s->files, s->nr_files, s->alloc_files);
			s->files[s->nr_files++] = p;
		}
		break;
	case 'X':
		if (compile_file_pattern(&p, value, root)) {
			ALLOC_GROW(s->excludes, s->nr_excludes,
				   s->alloc_excludes);
			s->excludes[s->nr_excludes++] = p;
		}
		break;
	case 'N':
		if (compile_regex(&p, value, 0)) {
			ALLOC_GROW(s->names, s->nr_names, s->alloc_names);
			s->names[s->nr_names++] = p;
		}
		break;
	case 'K':
		/* get_maintainer.pl matches keywords case-sensitively. */
		if (compile_regex(&p, value, 0)) {
			ALLOC_GROW(s->keywords, s->nr_keywords,
				   s->alloc_keywords);
			s->keywords[s->nr_keywords++] = p;
		}
		break;
	}
}

static bool is_type_line(const char *line, size_t len)
{
	return len >= 2 && line[0] >= 'A' && line[0] <= 'Z' && line[1] == ':';
}

static bool section_is_empty(const struct maint_section *s)
{
	return !s->nr_people && !s->nr_lists && !s->nr_files && !s->nr_names &&
	       !s->nr_keywords && !s->nr_excludes;
}

static void release_patterns(struct maint_pattern *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (p[i].has_re)
			regfree(&p[i].re);
		free(p[i].text);
		free(p[i].required);
	}
	free(p);
}

static void section_release(struct maint_section *s)
{
	size_t i;

	free(s->name);
	for (i = 0; i < s->nr_people; i++)
		free(s->people[i]);
	free(s->people);
	for (i = 0; i < s->nr_lists; i++)
		free(s->lists[i]);
	free(s->lists);
	free(s->subscribers_only);
	release_patterns(s->files, s->nr_files);
	release_patterns(s->excludes, s->nr_excludes);
	release_patterns(s->names, s->nr_names);
	release_patterns(s->keywords, s->nr_keywords);
	memset(s, 0, sizeof(*s));
}

/* The F: patterns' literal bytes and the N: patterns, for the index. */
static void build_index(struct maintainers *m)
{
	struct maint_key *files = NULL;
	struct maint_ref *names = NULL;
	size_t nr_files = 0, nr_names = 0, alloc_files = 0, alloc_names = 0, i,
	       j;

	for (i = 0; i < m->nr; i++) {
		const struct maint_section *s = &m->sections[i];

		for (j = 0; j < s->nr_files; j++) {
			ALLOC_GROW(files, nr_files, alloc_files);
			files[nr_files++] = (struct maint_key){
				s->files[j].text, s->files[j].literal_len,
				{ (uint32_t)i, (uint32_t)j }
			};
		}
		for (j = 0; j < s->nr_names; j++) {
			ALLOC_GROW(names, nr_names, alloc_names);
			names[nr_names++] =
				(struct maint_ref){ (uint32_t)i, (uint32_t)j };
		}
	}
	maint_index_free(m->index);
	m->index = maint_index_build(files, nr_files, names, nr_names);
	free(files);
	free(names);
}

/*
 * A section is a header line followed by "T:\tvalue" lines; blank lines end
 * it. The preamble (indented text, underlines) leaves sections without
 * entries, which are dropped.
 */
void maintainers_parse(struct maintainers *m, const char *text, size_t len,
		       const char *root)
{
	struct maint_section *cur = NULL;
	size_t pos = 0;

	while (pos < len) {
		const char *line = text + pos,
			   *nl = memchr(line, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - line) : len - pos;
		char *value, type;

		pos += n + (nl ? 1 : 0);
		while (n && isspace((unsigned char)line[n - 1]))
			n--;
		if (!n) {
			cur = NULL;
			continue;
		}
		if (!is_type_line(line, n)) {
			if (cur && section_is_empty(cur)) {
				free(cur->name);
				cur->name = xstrndup(line, n);
				continue;
			}
			ALLOC_GROW(m->sections, m->nr, m->alloc);
			cur = &m->sections[m->nr++];
			memset(cur, 0, sizeof(*cur));
			cur->name = xstrndup(line, n);
			continue;
		}
		if (!cur)
			continue;
		type = line[0];
		line += 2;
		n -= 2;
		while (n && isspace((unsigned char)*line)) {
			line++;
			n--;
		}
		value = xstrndup(line, n);
		add_entry(cur, type, value, root);
		free(value);
	}
	/* Drop what only looked like a section. */
	{
		size_t i, j = 0;

		for (i = 0; i < m->nr; i++) {
			if (section_is_empty(&m->sections[i])) {
				section_release(&m->sections[i]);
				continue;
			}
			m->sections[j++] = m->sections[i];
		}
		m->nr = j;
	}
	build_index(m);
}

int maintainers_load(struct maintainers *m, const char *root)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	int ret = 0;

	strbuf_addf(&path, "%s/MAINTAINERS", root);
	if (strbuf_read_file(&text, path.buf) < 0)
		ret = -1;
	else
		maintainers_parse(m, text.buf ? text.buf : "", text.len, root);
	strbuf_release(&path);
	strbuf_release(&text);
	return ret;
}

void maintainers_release(struct maintainers *m)
{
	size_t i;

	for (i = 0; i < m->nr; i++)
		section_release(&m->sections[i]);
	free(m->sections);
	maint_index_free(m->index);
	memset(m, 0, sizeof(*m));
}

/* A path as its key (key_of()) and the number of its slashes. */
struct path_key {
	const char *path;
	uint64_t w[2];
};

static struct path_key path_key(const char *path)
{
	struct path_key k = { path };

	key_of(path, strnlen(path, 16), k.w);
	return k;
}

/* get_maintainer.pl's file_match_pattern(). The keys first: a byte that
 * differs among the first 16 the regex takes literally settles it. */
static bool file_pattern_matches(const struct maint_pattern *p,
				 const struct path_key *k)
{
	const char *path = k->path;

	if (((k->w[0] ^ p->key[0]) & p->key_mask[0]) ||
	    ((k->w[1] ^ p->key[1]) & p->key_mask[1]))
		return false;
	if (strncmp(path, p->text, p->literal_len))
		return false;
	if (p->literal ? p->slash_added && path[p->literal_len] != '/' :
			 regexec(&p->re, path, 0, NULL, 0) != 0)
		return false;
	if (p->is_dir)
		return true;
	/* A file pattern matches only at its own depth: the *.c of
	 * drivers/net are not drivers/net/phy/phy.c. */
	return count_slashes(path) == count_slashes(p->text);
}

/* An N: pattern: the bytes it needs before the regex. */
static bool name_matches(const struct maint_pattern *p, const char *path)
{
	return (!p->required || strstr(path, p->required)) &&
	       !regexec(&p->re, path, 0, NULL, 0);
}

/* How specifically s claims path, or -2 when it does not. */
static int section_depth(const struct maint_section *s, const struct path_key *k)
{
	int depth = -2;
	size_t i;

	for (i = 0; i < s->nr_excludes; i++)
		if (file_pattern_matches(&s->excludes[i], k))
			return -2;
	for (i = 0; i < s->nr_files; i++)
		if (file_pattern_matches(&s->files[i], k) &&
		    s->files[i].depth > depth)
			depth = s->files[i].depth;
	for (i = 0; i < s->nr_names; i++)
		if (depth < 0 && name_matches(&s->names[i], k->path))
			depth = 0;
	return depth;
}

bool maint_section_claims(const struct maint_section *s, const char *path)
{
	struct path_key k = path_key(path);

	return section_depth(s, &k) != -2;
}

/* A section that one of a path's F: or N: patterns names: how specific
 * its most specific F: match is (-2: none), whether an N: matched. */
struct hit {
	size_t section;
	int depth;
	bool named;
};

struct hits {
	const struct maintainers *m;
	const struct path_key *k;
	struct hit *items, few[32];
	size_t nr, alloc;
};

static void add_hit(struct hits *h, size_t section, int depth, bool named)
{
	if (h->nr == h->alloc) {
		struct hit *grown = xcalloc(2 * h->alloc, sizeof(*grown));

		memcpy(grown, h->items, h->nr * sizeof(*grown));
		if (h->items != h->few)
			free(h->items);
		h->items = grown;
		h->alloc *= 2;
	}
	h->items[h->nr++] = (struct hit){ section, depth, named };
}

static void file_hits(const struct maint_ref *refs, size_t nr, void *ctx)
{
	struct hits *h = ctx;
	size_t i;

	for (i = 0; i < nr; i++) {
		const struct maint_pattern *p =
			&h->m->sections[refs[i].section].files[refs[i].pattern];

		if (file_pattern_matches(p, h->k))
			add_hit(h, refs[i].section, p->depth, false);
	}
}

static int hit_compare(const void *a, const void *b)
{
	const struct hit *x = a, *y = b;

	return (x->section > y->section) - (x->section < y->section);
}

/* The most specific first, ties in file order; the least specific falls
 * off when out is full. */
static void keep_match(struct maint_match *out, size_t max, size_t n,
		       const struct maint_section *s, int depth)
{
	size_t kept = n < max ? n : max, j;

	for (j = kept; j > 0 && out[j - 1].depth < depth; j--)
		if (j < max)
			out[j] = out[j - 1];
	if (j < max) {
		out[j].section = s;
		out[j].depth = depth;
	}
}

/*
 * What section_depth() says of every section, asked only of the sections
 * one of path's patterns may name: the F: patterns whose literal bytes
 * begin it (the index), the N: patterns that match it; then each such
 * section's X:, in file order.
 */
size_t maintainers_match(const struct maintainers *m, const char *path,
			 struct maint_match *out, size_t max)
{
	struct path_key k = path_key(path);
	struct hits h = { .m = m, .k = &k };
	const struct maint_ref *names;
	size_t i, j, x, nr_names, n = 0;

	if (!m->index)
		return 0;
	h.items = h.few;
	h.alloc = sizeof(h.few) / sizeof(h.few[0]);
	maint_index_prefixes(m->index, path, file_hits, &h);
	names = maint_index_names(m->index, &nr_names);
	for (i = 0; i < nr_names; i++) {
		const struct maint_section *s = &m->sections[names[i].section];

		if (name_matches(&s->names[names[i].pattern], path))
			add_hit(&h, names[i].section, -2, true);
	}
	qsort(h.items, h.nr, sizeof(*h.items), hit_compare);
	for (i = 0; i < h.nr; i = j) {
		const struct maint_section *s = &m->sections[h.items[i].section];
		int depth = -2;
		bool named = false, excluded = false;

		for (j = i; j < h.nr && h.items[j].section == h.items[i].section;
		     j++) {
			if (h.items[j].depth > depth)
				depth = h.items[j].depth;
			named |= h.items[j].named;
		}
		if (named && depth < 0)
			depth = 0;
		for (x = 0; x < s->nr_excludes && !excluded; x++)
			excluded = file_pattern_matches(&s->excludes[x], &k);
		if (excluded || depth == -2)
			continue;
		if (out && max)
			keep_match(out, max, n, s, depth);
		n++;
	}
	if (h.items != h.few)
		free(h.items);
	return n;
}

const struct maint_section *maintainers_owner(const struct maintainers *m,
					      const char *path)
{
	struct maint_match best;

	if (!maintainers_match(m, path, &best, 1))
		return NULL;
	return best.section;
}

static bool keyword_in_line(const struct maint_section *s, const char *line,
			    size_t len)
{
	char *copy = xstrndup(line, len);
	bool found = false;
	size_t i;

	for (i = 0; i < s->nr_keywords && !found; i++)
		found = !regexec(&s->keywords[i].re, copy, 0, NULL, 0);
	free(copy);
	return found;
}

bool maint_section_keyword_matches(const struct maint_section *s,
				   const char *patch)
{
	bool in_diff = false;
	const char *line = patch;

	if (!s->nr_keywords)
		return false;
	while (*line) {
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);

		if (!strncmp(line, "+++ ", 4) || !strncmp(line, "--- ", 4)) {
			in_diff = true;
		} else if (!in_diff ||
			   (n && (line[0] == '+' || line[0] == '-'))) {
			if (keyword_in_line(s, in_diff ? line + 1 : line,
					    in_diff ? n - 1 : n))
				return true;
		}
		line += n + (nl ? 1 : 0);
	}
	return false;
}
