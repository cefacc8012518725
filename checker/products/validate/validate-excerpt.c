/* What a maintainer reads when validate says a function's code differs:
 * the stretch of its normalised disassembly between the first and the last
 * instruction that differ, before ("-") and after ("+"), as short as the
 * common beginning and end allow. Without it, "differs in crypt_ctr()" sends
 * them to objdump by hand, and a false difference (the compiler moving an
 * instruction) looks like a real one. */
#include "lib/usage.h"
#include "products/validate/validate-priv.h"

#include <stdlib.h>
#include <string.h>

/* How many lines of each side an excerpt shows: a scheduling difference
 * fits, a rewritten function is cut short. */
#define EXCERPT_LINES 16
/* The largest table the diff of a window may take (its cells): a few
 * thousand lines on each side, 32 MiB on a 64-bit machine. */
#define LCS_MAX (4u << 20)

static const struct vfunction *function_named(const struct vobject_state *st, const char *name)
{
	size_t i, len = strlen(name);

	for (i = 0; i < st->nr_functions; i++) {
		const char *key = st->functions[i].name;
		const char *colon = strrchr(key, ':');
		const char *bare = colon ? colon + 1 : key;

		if (strlen(bare) == len && !memcmp(bare, name, len))
			return &st->functions[i];
	}
	return NULL;
}

/* The lines of code, pointing into it. */
static size_t split_lines(const char *code, const char ***out)
{
	const char **l = NULL;
	size_t n = 0, alloc = 0;

	while (code && *code) {
		ALLOC_GROW(l, n, alloc);
		l[n++] = code;
		code += strcspn(code, "\n");
		if (*code)
			code++;
	}
	*out = l;
	return n;
}

/* Lines equal but for the numbers of local branch targets ("jne <#822>"):
 * one instruction more early in a function renumbers every later target,
 * which says nothing a maintainer needs to read. */
static bool same_line(const char *a, const char *b)
{
	while (*a == *b && *a && *a != '\n') {
		if (a[0] == '<' && a[1] == '#') {
			a += 2 + strspn(a + 2, "0123456789");
			b += 1;
			if (*b != '#')
				return false;
			b += 1 + strspn(b + 1, "0123456789");
			continue;
		}
		a++;
		b++;
	}
	return (!*a || *a == '\n') && (!*b || *b == '\n');
}

/* The window's lines in a longest common subsequence, as a diff: "-" for
 * a line only before, "+" only after, "@@ line N" where a run of changes
 * starts after common lines. Windows too long for the table are listed
 * whole, each side under the other. */
static void add_diff(struct strbuf *out, const char **lb, size_t nb, const char **la, size_t na,
		     size_t first)
{
	size_t i, j, shown = 0, *len;
	bool gap = true;

	if (nb > LCS_MAX / (na + 1)) {
		for (i = 0; i < nb && shown < EXCERPT_LINES; i++, shown++)
			strbuf_addf(out, "- %.*s\n", (int)strcspn(lb[i], "\n"), lb[i]);
		for (j = 0; j < na && shown < 2 * EXCERPT_LINES; j++, shown++)
			strbuf_addf(out, "+ %.*s\n", (int)strcspn(la[j], "\n"), la[j]);
		if (nb + na > shown)
			strbuf_addf(out, "(%zu more lines)\n", nb + na - shown);
		return;
	}
	/* len[i * (na + 1) + j]: the LCS of lb[i..] and la[j..] */
	len = xcalloc((nb + 1) * (na + 1), sizeof(*len));
	for (i = nb; i-- > 0;)
		for (j = na; j-- > 0;)
			len[i * (na + 1) + j] = same_line(lb[i], la[j]) ?
				len[(i + 1) * (na + 1) + j + 1] + 1 :
				len[(i + 1) * (na + 1) + j] > len[i * (na + 1) + j + 1] ?
				len[(i + 1) * (na + 1) + j] : len[i * (na + 1) + j + 1];
	for (i = j = 0; i < nb || j < na;) {
		char mark;
		const char *line;

		if (i < nb && j < na && same_line(lb[i], la[j])) {
			i++;
			j++;
			gap = true;
			continue;
		}
		if (j == na || (i < nb && len[(i + 1) * (na + 1) + j] >= len[i * (na + 1) + j + 1])) {
			mark = '-';
			line = lb[i++];
		} else {
			mark = '+';
			line = la[j++];
		}
		if (shown++ == 2 * EXCERPT_LINES) {
			strbuf_addstr(out, "(more differences)\n");
			break;
		}
		if (gap)
			strbuf_addf(out, "@@ line %zu\n", first + i);
		gap = false;
		strbuf_addf(out, "%c %.*s\n", mark, (int)strcspn(line, "\n"), line);
	}
	free(len);
}

void code_excerpt(const struct vobject_state *before, const struct vobject_state *after,
		  const char *function, struct strbuf *out)
{
	const struct vfunction *fb = function_named(before, function);
	const struct vfunction *fa = function_named(after, function);
	const char **lb, **la;
	size_t nb, na, head = 0, tail = 0;

	strbuf_reset(out);
	if (!fb || !fa) {
		strbuf_addf(out, "%s(): %s\n", function, fb ? "only before the patch" :
			    fa ? "only after the patch" : "on neither side");
		return;
	}
	nb = split_lines(fb->code, &lb);
	na = split_lines(fa->code, &la);
	while (head < nb && head < na && same_line(lb[head], la[head]))
		head++;
	while (tail < nb - head && tail < na - head &&
	       same_line(lb[nb - 1 - tail], la[na - 1 - tail]))
		tail++;
	strbuf_addf(out, "%s(), %zu lines of code before:\n", function, nb);
	add_diff(out, lb + head, nb - tail - head, la + head, na - tail - head, head);
	free(lb);
	free(la);
}
