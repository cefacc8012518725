#!/bin/sh
# Writes the C source of rule_pages[] (checker/analysis/rule-page.h) from the
# rule pages given as arguments (Documentation/wqcheck-WQnnn.7.scd), each as
# one string literal, so the program prints the very text scdoc turns into
# the man page. Run by checker/Makefile; its output is gen/rule-pages.c.
set -eu
echo '/* Written by Documentation/embed-pages.sh from Documentation/wqcheck-WQ*.7.scd;'
echo ' * edit those pages, not this file. */'
echo '#include "analysis/rules/rule-page.h"'
echo
echo 'const struct rule_page rule_pages[] = {'
n=0
for page in "$@"; do
	id=$(basename "$page" .7.scd)
	id=${id#wqcheck-}
	printf '\t{ "%s",\n' "$id"
	# Backslashes and quotes escaped, '?' too (no trigraphs), tabs as \t.
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/	/\\t/g' \
	    -e 's/^/\t  "/' -e 's/$/\\n"/' "$page"
	printf '\t},\n'
	n=$((n + 1))
done
echo '};'
echo
echo "const size_t nr_rule_pages = $n;"
