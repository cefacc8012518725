#!/bin/bash
# The C unit tests (tests/unit/test-*.c): the flag filter, the lexer and the fix
# formatter, plain and under ASan+UBSan.
cd "$TOP/tests/unit" || exit 1
for t in test-*; do
	case "$t" in *.c|*.h|*-asan) continue ;; esac
	[ -x "$t" ] || continue
	./"$t" || true
	if [ -x "$t-asan" ]; then
		ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 ./"$t-asan" 2>&1 |
			sed -e 's/^ok - /ok - asan: /' -e 's/^not ok - /not ok - asan: /' |
			grep -E '^(ok|not ok)|ERROR|runtime error' |
			sed -E 's/^(.*(ERROR|runtime error).*)$/not ok - asan: '"$t"': \1/'
	else
		echo "skip - asan: $t: tests/unit/$t-asan not built (make check builds it)"
	fi
done
