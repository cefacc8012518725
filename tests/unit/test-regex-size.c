/* Unit tests for the size bound put on regexes from input before regcomp():
 * the bound must grow with stacked and counted repetitions the way glibc's
 * compiled tree does, and stay small for every real MAINTAINERS pattern. */
#include "lib/regex-size.h"
#include "test-lib.h"

#include <regex.h>
#include <stdint.h>

int main(void)
{
	static const char *const real[] = {
		"^drivers/net/ethernet/realtek/r8169.*",
		"^Documentation/driver-api/80211/cfg80211\\.rst",
		"^.*/vdso/[^/]*getrandom[^/]+$",
		"\\b(system_nrt_wq|WQ_NON_REENTRANT)\\b",
		"^arch/arm/mach-(s3c|s5p|exynos)/.*",
		"[[:alpha:]]]{2,3}",
	};
	size_t i;
	regex_t re;

	CHECK("plain text: one atom per character",
	      regex_expanded_size("abc") == 3);
	CHECK("a+ is two copies", regex_expanded_size("a+") == 2);
	CHECK("a{10} is eleven copies at most", regex_expanded_size("a{10}") == 11);
	CHECK("a group counts its inside", regex_expanded_size("(ab)c") == 4);
	CHECK("a repeated group repeats its inside",
	      regex_expanded_size("(ab){3}") == 12);
	CHECK("a bracket is one atom", regex_expanded_size("[a-z]") == 1);
	CHECK("a bracket holding ] is one atom", regex_expanded_size("[]a]") == 1);
	CHECK("an escape is one atom", regex_expanded_size("\\.") == 1);
	CHECK("alternatives add up", regex_expanded_size("ab|cd") == 4);
	CHECK("a quantifier after | has nothing to copy",
	      regex_expanded_size("a|*") == 1);
	CHECK("unbalanced ) is an atom", regex_expanded_size("a)") == 2);
	CHECK("unclosed ( still counts", regex_expanded_size("(abc") == 3);
	CHECK("not an interval: '{' is one atom", regex_expanded_size("a{x") == 3);

	/* The fuzz find: 79 stacked '+' made glibc's regcomp grow past 24 GB. */
	CHECK("stacked + saturate", regex_expanded_size("^Docu+++++++++++++++++++++"
						     "+++++++++++++++++++++++++"
						     "+++++++++++++++++++++++++"
						     "++++++mentation") == SIZE_MAX);
	CHECK("stacked + are not tame", !regex_is_tame("u++++++++++++++++++++"));
	CHECK("nested counts multiply and are not tame",
	      !regex_is_tame("((a{200}){200}){200}"));
	CHECK("deep nesting is not tame",
	      !regex_is_tame("((((((((((((((((((((((((((((((((((((((((((((((((("
			     "((((((((((((((((((a))))))))))))))))))))))))))))))"));

	/* The fuzz find at 15:27: few atoms, but regcomp() ran for minutes. */
	CHECK("a quantifier on a star is not tame",
	      !regex_is_tame("^Documentation/clock/amlogic.*++++++++++++++"));
	CHECK("a quantifier on a group holding one is not tame",
	      !regex_is_tame("^(((((.*)+)+)+)+)+"));
	CHECK("nor an interval on a group holding a star", !regex_is_tame("(a*){2}"));
	CHECK("a quantified group of plain atoms is tame", regex_is_tame("(ab)+c*"));
	CHECK("a group holding a quantifier, not quantified, is tame",
	      regex_is_tame("(a+b|c*)d"));
	CHECK("quantifiers side by side on two atoms are tame", regex_is_tame("a+b*[c]?.*"));
	CHECK("an escaped quantifier is an atom", regex_is_tame("a+\\+"));
	CHECK("a literal '{' is an atom", regex_is_tame("a*{x"));

	/* Both walks read the regex with one tokenizer: a quantifier
	 * character in a bracket is part of one atom, an interval is a
	 * quantifier to either, a literal brace and an unbalanced ')' are
	 * atoms a quantifier may follow. */
	CHECK("quantifier characters in a bracket, quantified once, are tame",
	      regex_is_tame("[*+]+") && regex_expanded_size("[[:alpha:]*]?") == 2);
	CHECK("an interval on an interval is not tame",
	      !regex_is_tame("a{2}{3}") && regex_expanded_size("a{2}{3}") == 12);
	CHECK("nor a star on an interval", !regex_is_tame("a{2}+"));
	CHECK("a quantifier on a literal brace is tame",
	      regex_is_tame("a{x}+") && regex_expanded_size("a{x}+") == 5);
	CHECK("a quantifier on an unbalanced ')' is tame",
	      regex_is_tame("a)+") && regex_expanded_size("a)+") == 3);

	for (i = 0; i < sizeof(real) / sizeof(*real); i++) {
		CHECK(real[i], regex_is_tame(real[i]) &&
		      !regcomp(&re, real[i], REG_EXTENDED | REG_NOSUB));
		regfree(&re);
	}
	return test_failures ? 1 : 0;
}
