#!/bin/bash
# A written series as git send-email sends it (--dry-run, a sendmail that
# is /bin/true: no network): the cover letter goes to everyone its patches
# go to (the union of their Cc: trailers, as b4 prep --auto-to-cc gives
# it), each recipient once, on the legacy corpus and on the 6.17 one.
# timeout: 300
set -u
: "${WQCHECK:?}" "${TOP:?}"
. "$TOP/tests/lib/git-home.sh" t-series-send "Series Sender" sender@example.org
if ! git send-email --help >/dev/null 2>&1 && ! git send-email -h 2>&1 | grep -q usage; then
	echo "skip - series-send: git send-email not installed (Debian's git-email; make check installs it)"
	exit 0
fi

# The envelope recipients of each mail, one line a mail, in order.
recipients() {
	(cd "$1" && git send-email --dry-run --confirm=never --to=list@example.org \
		--smtp-server=/bin/true "$2"/*.patch 2>&1) |
		sed -n 's/^Sendmail: \/bin\/true -i //p'
}

for corpus in legacy 6.17; do
	tree=$T/$corpus
	mkdir -p "$tree"
	if [ "$corpus" = legacy ]; then
		cp -r "$TOP/corpus/." "$tree/" && rm -rf "$tree/6.17"
	else
		cp -r "$TOP/corpus/6.17/." "$tree/"
	fi
	(cd "$tree" && git init -q && git add -A && git commit -qm base) ||
		{ not_ok "$corpus: setup"; continue; }
	"$WQCHECK" series -q --cc=maintainers -o "$T/$corpus-out" "$tree" >/dev/null 2>"$T/$corpus.err" ||
		{ not_ok "$corpus: series" "$(head -3 "$T/$corpus.err")"; continue; }
	recipients "$tree" "$T/$corpus-out" >"$T/$corpus.rcpt"
	n=$(ls "$T/$corpus-out"/*.patch | wc -l)
	if [ "$(wc -l <"$T/$corpus.rcpt")" -ne "$n" ]; then
		not_ok "$corpus: git send-email --dry-run sends all $n mails" "$(wc -l <"$T/$corpus.rcpt") sent"
		continue
	fi
	ok "$corpus: git send-email --dry-run sends all $n mails"
	head -1 "$T/$corpus.rcpt" | tr ' ' '\n' | sort -u >"$T/$corpus.cover"
	tail -n +2 "$T/$corpus.rcpt" | tr ' ' '\n' | sort -u >"$T/$corpus.patches"
	missing=$(comm -13 "$T/$corpus.cover" "$T/$corpus.patches")
	extra=$(comm -23 "$T/$corpus.cover" "$T/$corpus.patches")
	np=$(wc -l <"$T/$corpus.patches")
	if [ -z "$missing" ] && [ -z "$extra" ] && [ "$np" -gt 3 ]; then
		ok "$corpus: the cover letter goes to all $np recipients of its patches, and to no one else"
	else
		not_ok "$corpus: the cover letter goes to all $np recipients of its patches, and to no one else" \
			"missing: $(echo $missing)" "extra: $(echo $extra)"
	fi
	dups=$(sed -n '/^Cc: /,/^[^ ]/p' "$T/$corpus-out/0000-cover-letter.patch" |
		grep -o '[^< ,]*@[^> ,]*' | sort | uniq -d)
	if [ -z "$dups" ]; then
		ok "$corpus: the cover letter's Cc: names each recipient once"
	else
		not_ok "$corpus: the cover letter's Cc: names each recipient once" "$dups"
	fi
done
