/* wqcheck explain: a rule's page (Documentation/wqcheck-<ID>.7.scd, built
 * in), as rustc --explain and shellcheck's wiki do; without a rule, the
 * list of rules. */
#include "analysis/rules/rule-page.h"
#include "commands/builtin.h"
#include "lib/data-dir.h"
#include "lib/parse-options.h"
#include "lib/usage.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct command_usage explain_usage = {
	.name = "explain",
	.synopsis = "explain [RULE]",
	.about =
"Prints the page of RULE (an id such as WQ014, or a name such as\n"
"two-workqueues): what it finds, why it matters, a real example and its\n"
"fix, when a finding is safe to leave and how to silence it with a\n"
"baseline. The same page is the man page wqcheck-RULE(7). Without RULE,\n"
"lists the rules, one line each.\n",
	.after =
"Exit status: 0 the page or the list was printed, 2 an unknown rule, or a\n"
"rule of the table without a page (a build that lost one).\n",
};

/* The rule list: id, then the page's line ("name: what it finds"). */
static int list_rules(void)
{
	struct strbuf line = STRBUF_INIT;
	const struct rule *missing = rule_without_page();
	size_t i;

	if (missing)
		die("rule %s (%s) has no page: Documentation/%s%s.7.scd is missing",
		    missing->id, missing->name, RULE_PAGE_PREFIX, missing->id);
	for (i = 0; i < nr_all_rules; i++) {
		strbuf_reset(&line);
		rule_page_description(rule_page_find(all_rules[i]->id), &line);
		printf("%-6s %s\n", all_rules[i]->id, line.buf);
	}
	strbuf_release(&line);
	return EXIT_CLEAN;
}

static bool cocci_name_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z');
}

/* The semantic patches the page names (x.cocci), each once, with the path
 * of the installed copy: the program finds its own data. */
static void print_semantic_patches(const char *page)
{
	char *dir = data_dir_semantic_patches(), *seen[16];
	const char *p = page;
	size_t nr = 0, i;

	while ((p = strstr(p, ".cocci")) && nr < 16) {
		const char *start = p;

		while (start > page && cocci_name_char(start[-1]))
			start--;
		p += strlen(".cocci");
		if (p - start == (ptrdiff_t)strlen(".cocci"))
			continue;
		seen[nr] = xstrndup(start, (size_t)(p - start));
		for (i = 0; i < nr && strcmp(seen[i], seen[nr]); i++)
			;
		if (i < nr) {
			free(seen[nr]);
			continue;
		}
		if (dir)
			printf("Semantic patch: %s/%s\n", dir, seen[nr]);
		else
			printf("Semantic patch: %s (not found beside wqcheck)\n",
			       seen[nr]);
		nr++;
	}
	for (i = 0; i < nr; i++)
		free(seen[i]);
	free(dir);
}

int cmd_explain(int argc, char **argv)
{
	const struct option options[] = {
		OPT_END(),
	};
	const struct rule_page *page;
	const struct rule *rule;
	struct strbuf text = STRBUF_INIT;
	int n;

	n = parse_options(argc, argv, options, &explain_usage, 0);
	if (!n)
		return list_rules();
	if (n > 1)
		usage_die("one rule only, not also '%s'", argv[1]);
	rule = rule_find(argv[0]);
	page = rule_page_find(rule ? rule->id : argv[0]);
	if (!page)
		usage_die("unknown rule '%s' ('wqcheck explain' lists them)",
			  argv[0]);
	rule_page_text(page, &text);
	fputs(text.buf, stdout);
	print_semantic_patches(text.buf);
	strbuf_release(&text);
	fflush(stdout);
	if (ferror(stdout))
		die("cannot write the page");
	return EXIT_CLEAN;
}
