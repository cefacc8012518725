#include "lib/regex-size.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>

#define REGEX_TAME_ATOMS 65536
#define REGEX_MAX_DEPTH 64

static size_t add_sat(size_t a, size_t b)
{
	return a > SIZE_MAX - b ? SIZE_MAX : a + b;
}

static size_t mul_sat(size_t a, size_t b)
{
	return b && a > SIZE_MAX / b ? SIZE_MAX : a * b;
}

/* Past a bracket expression that starts at s ('['): "[]a]" and "[^]a]" hold
 * a literal ']', "[[:alpha:]]" a class. Returns where it ends (after ']'),
 * or the string's end when it is unterminated. */
static const char *skip_bracket(const char *s)
{
	s++;
	if (*s == '^')
		s++;
	if (*s == ']')
		s++;
	while (*s && *s != ']') {
		if (*s == '[' && (s[1] == ':' || s[1] == '.' || s[1] == '=')) {
			char close = s[1];

			for (s += 2; *s && !(s[0] == close && s[1] == ']'); s++)
				;
			if (*s)
				s += 2;
			continue;
		}
		s++;
	}
	return *s ? s + 1 : s;
}

/* The copies "{n}", "{n,}" or "{n,m}" at s makes (at most); *end is set past
 * it. Not a valid interval: 0, and *end == s. */
static size_t interval_copies(const char *s, const char **end)
{
	unsigned long lo, hi;
	char *p;

	*end = s;
	if (!isdigit((unsigned char)s[1]))
		return 0;
	lo = strtoul(s + 1, &p, 10);
	hi = lo;
	if (*p == ',') {
		p++;
		/* "{n,}" is n copies and a star. */
		hi = isdigit((unsigned char)*p) ? strtoul(p, &p, 10) : lo + 1;
	}
	if (*p != '}')
		return 0;
	*end = p + 1;
	return (hi > lo ? hi : lo) + 1;
}

/* What the two walks below tell apart; a ')' with no '(' open is a token
 * of its own, which they take as an atom. */
enum regex_token_kind {
	REGEX_ATOM,		/* a character, a bracket or an escape */
	REGEX_OPEN,		/* '(' */
	REGEX_CLOSE,		/* ')' */
	REGEX_BAR,		/* '|' */
	REGEX_QUANTIFIER,	/* '*', '+', '?' or a valid interval */
};

struct regex_token {
	enum regex_token_kind kind;
	/* a quantifier's copies of what it applies to (at most) */
	size_t copies;
};

/* The token at *s (not at the string's end); *s is set past it. */
static struct regex_token next_regex_token(const char **s)
{
	struct regex_token tok = { REGEX_ATOM, 0 };
	const char *p = *s, *end;

	switch (*p) {
	case '(':
		tok.kind = REGEX_OPEN;
		break;
	case ')':
		tok.kind = REGEX_CLOSE;
		break;
	case '|':
		tok.kind = REGEX_BAR;
		break;
	case '*':
	case '+':
	case '?':
		/* glibc makes "a+" as "aa*": one more copy each. */
		tok.kind = REGEX_QUANTIFIER;
		tok.copies = 2;
		break;
	case '{':
		/* not a valid interval: a literal '{' */
		tok.copies = interval_copies(p, &end);
		if (tok.copies) {
			tok.kind = REGEX_QUANTIFIER;
			*s = end;
			return tok;
		}
		break;
	case '[':
		*s = skip_bracket(p);
		return tok;
	case '\\':
		*s = p + (p[1] ? 2 : 1);
		return tok;
	}
	*s = p + 1;
	return tok;
}

size_t regex_expanded_size(const char *ere)
{
	/* Per open group: the size so far and the size of its last atom. */
	size_t total[REGEX_MAX_DEPTH + 1] = { 0 }, last[REGEX_MAX_DEPTH + 1] = { 0 };
	int depth = 0;
	const char *s = ere;

	while (*s) {
		struct regex_token tok = next_regex_token(&s);
		size_t atom = 1;

		switch (tok.kind) {
		case REGEX_OPEN:
			if (depth == REGEX_MAX_DEPTH)
				return SIZE_MAX;
			depth++;
			total[depth] = last[depth] = 0;
			continue;
		case REGEX_CLOSE:
			/* An unbalanced ')' is a plain atom. */
			if (depth) {
				atom = add_sat(total[depth], 1);
				depth--;
			}
			break;
		case REGEX_BAR:
			last[depth] = 0;
			continue;
		case REGEX_QUANTIFIER:
			total[depth] = add_sat(total[depth] - last[depth],
					       mul_sat(last[depth], tok.copies));
			last[depth] = mul_sat(last[depth], tok.copies);
			continue;
		case REGEX_ATOM:
			break;
		}
		last[depth] = atom;
		total[depth] = add_sat(total[depth], atom);
	}
	/* An unclosed group still counts. */
	while (depth > 0) {
		total[depth - 1] = add_sat(total[depth - 1], total[depth]);
		depth--;
	}
	return total[0];
}

/*
 * Does a quantifier apply to what is quantified already: one right after
 * another (".*+"), or one after a group that holds one ("(.*)+")? glibc's
 * regcomp() takes time far beyond the atoms it copies on those (measured,
 * glibc 2.36: ".*" and 11 '+' 2.3 s, "^(((((.*)+)+)+)+)+" 22 s); no real
 * MAINTAINERS pattern has one.
 */
static bool nested_quantifier(const char *ere)
{
	/* per open group: whether it holds a quantifier */
	bool holds[REGEX_MAX_DEPTH + 1] = { false };
	/* the last atom: quantified, or a group that holds a quantifier */
	bool last_quantified = false, last_holds = false;
	int depth = 0;
	const char *s = ere;

	while (*s) {
		switch (next_regex_token(&s).kind) {
		case REGEX_OPEN:
			if (depth == REGEX_MAX_DEPTH)
				return true;
			holds[++depth] = false;
			break;
		case REGEX_CLOSE:
			/* An unbalanced ')' is a plain atom. */
			if (depth) {
				last_holds = holds[depth];
				depth--;
				holds[depth] |= last_holds;
				last_quantified = false;
				continue;
			}
			break;
		case REGEX_BAR:
		case REGEX_ATOM:
			break;
		case REGEX_QUANTIFIER:
			if (last_quantified || last_holds)
				return true;
			last_quantified = true;
			holds[depth] = true;
			continue;
		}
		last_quantified = last_holds = false;
	}
	return false;
}

bool regex_is_tame(const char *ere)
{
	return regex_expanded_size(ere) <= REGEX_TAME_ATOMS && !nested_quantifier(ere);
}
