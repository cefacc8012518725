# bash completion for wqcheck(1). Installed by make install as
# PREFIX/share/bash-completion/completions/wqcheck; or source it.
#
# Everything comes from the binary being completed, as git's completion asks
# --git-completion-helper: `wqcheck --wqcheck-completion-helper` lists the
# commands, `wqcheck CMD --wqcheck-completion-helper` the options of CMD
# (from the same table its --help is written from), and `wqcheck explain`
# the rules. So a new command, option or rule completes with no edit here.

_wqcheck()
{
	local cur=${COMP_WORDS[COMP_CWORD]}
	local prog=${COMP_WORDS[0]} cmd="" i words

	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		-*) ;;
		*) cmd=${COMP_WORDS[i]}; break ;;
		esac
	done
	COMPREPLY=()
	if [ -z "$cmd" ]; then
		words=$("$prog" --wqcheck-completion-helper 2>/dev/null)
		COMPREPLY=($(compgen -W "$words" -- "$cur"))
		return
	fi
	[ "$cmd" = help ] && { words=$("$prog" --wqcheck-completion-helper 2>/dev/null)
		COMPREPLY=($(compgen -W "$words" -- "$cur")); return; }

	# --opt=VALUE: rules for --rules=, files for the rest.
	if [[ $cur == --*=* ]]; then
		local opt=${cur%%=*} val=${cur#*=}
		case $opt in
		--rules)
			# a comma-separated list: complete its last element
			local done=""
			[[ $val == *,* ]] && done=${val%,*},
			words=$("$prog" explain 2>/dev/null | awk '{ print $1 }')
			COMPREPLY=($(compgen -P "$opt=$done" -W "$words" -- "${val##*,}"))
			;;
		--format)
			COMPREPLY=($(compgen -P "$opt=" -W "text report json sarif md csv html" -- "$val"))
			;;
		*)
			COMPREPLY=($(compgen -P "$opt=" -f -- "$val"))
			;;
		esac
		return
	fi
	if [ "$cmd" = explain ] && [[ $cur != -* ]]; then
		words=$("$prog" explain 2>/dev/null | awk '{ print $1 }')
		COMPREPLY=($(compgen -W "$words" -- "$cur"))
		return
	fi
	if [[ $cur == -* ]]; then
		words=$("$prog" "$cmd" --wqcheck-completion-helper 2>/dev/null)
		COMPREPLY=($(compgen -W "$words" -- "$cur"))
		# --name= takes its value in the same word: no space after it
		[[ ${COMPREPLY[0]-} == *= ]] && type compopt >/dev/null 2>&1 &&
			compopt -o nospace
		return
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _wqcheck wqcheck
