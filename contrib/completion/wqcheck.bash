# bash completion for wqcheck(1). Installed by make install as
# PREFIX/share/bash-completion/completions/wqcheck; or source it.
#
# Everything comes from the binary being completed, as git's completion asks
# --git-completion-helper: `wqcheck --wqcheck-completion-helper` lists the
# commands, `wqcheck CMD --wqcheck-completion-helper` the options of CMD
# (from the same table its --help is written from),
# `wqcheck CMD --wqcheck-completion-helper=NAME` the values --NAME of CMD
# takes (empty: a file), and `wqcheck explain` the rules. So a new command,
# option, value or rule completes with no edit here.

# bash splits the line at the characters of COMP_WORDBREAKS, '=' among them
# by default: `--format=s` reaches us as "--format" "=" "s". As
# bash-completion's `_init_completion -n =` and git's completion do, join
# such pieces back into the words the user typed: _wqcheck_words and
# _wqcheck_cword are the reassembled COMP_WORDS and COMP_CWORD.
_wqcheck_reassemble()
{
	local i j

	_wqcheck_words=()
	_wqcheck_cword=0
	for ((i = 0, j = 0; i < ${#COMP_WORDS[@]}; i++, j++)); do
		if ((i > 1)) && [ "${COMP_WORDS[i]}" = "=" ]; then
			# "=" and the value typed after it join the option
			((j--))
			_wqcheck_words[j]+=${COMP_WORDS[i]}
			((i == COMP_CWORD)) && _wqcheck_cword=$j
			((i + 1 < ${#COMP_WORDS[@]})) || break
			((i++))
		fi
		_wqcheck_words[j]+=${COMP_WORDS[i]}
		((i == COMP_CWORD)) && _wqcheck_cword=$j
	done
}

_wqcheck()
{
	local _wqcheck_words _wqcheck_cword
	local cur prog cmd="" i words opt val done="" strip

	_wqcheck_reassemble
	cur=${_wqcheck_words[_wqcheck_cword]-}
	prog=${_wqcheck_words[0]}
	for ((i = 1; i < _wqcheck_cword; i++)); do
		case ${_wqcheck_words[i]} in
		-*) ;;
		*) cmd=${_wqcheck_words[i]}; break ;;
		esac
	done
	COMPREPLY=()
	if [ -z "$cmd" ] || [ "$cmd" = help ]; then
		words=$("$prog" --wqcheck-completion-helper 2>/dev/null)
		COMPREPLY=($(compgen -W "$words" -- "$cur"))
		return
	fi

	if [[ $cur == --*=* ]]; then
		# --opt=VALUE: the values the command's table gives for --opt
		# (its formats, levels, ...), rule ids for --rules, else files
		opt=${cur%%=*} val=${cur#*=}
		if [ "$opt" = --rules ]; then
			# a comma-separated list: complete its last element
			[[ $val == *,* ]] && done=${val%,*},
			words=$("$prog" explain 2>/dev/null | awk '{ print $1 }')
			COMPREPLY=($(compgen -P "$opt=$done" -W "$words" -- "${val##*,}"))
		else
			words=$("$prog" "$cmd" --wqcheck-completion-helper="${opt#--}" 2>/dev/null)
			if [ -n "$words" ]; then
				COMPREPLY=($(compgen -P "$opt=" -W "$words" -- "$val"))
			else
				COMPREPLY=($(compgen -P "$opt=" -f -- "$val"))
			fi
		fi
		# bash replaces only its own current word: when it split the
		# word at '=', what follows the '=' (nothing, when the cursor
		# is right after it)
		if [ "${COMP_WORDS[COMP_CWORD]-}" = "=" ]; then
			strip=$cur
		else
			strip=${cur%"${COMP_WORDS[COMP_CWORD]-}"}
		fi
		[ -n "$strip" ] && COMPREPLY=("${COMPREPLY[@]#"$strip"}")
		# a value from the table is a word, not a file name to quote
		[ -n "$words" ] && [ "$opt" != --rules ] || [ "$opt" = --rules ] &&
			type compopt >/dev/null 2>&1 && compopt +o filenames
		return
	fi
	# --opt VALUE (parse-options takes the value in the next word too)
	opt=${_wqcheck_words[_wqcheck_cword - 1]-}
	if [[ $opt == --* && $cur != -* && $opt != *=* ]] &&
	   [[ " $("$prog" "$cmd" --wqcheck-completion-helper 2>/dev/null) " == *" $opt= "* ]]; then
		if [ "$opt" = --rules ]; then
			[[ $cur == *,* ]] && done=${cur%,*},
			words=$("$prog" explain 2>/dev/null | awk '{ print $1 }')
			COMPREPLY=($(compgen -P "$done" -W "$words" -- "${cur##*,}"))
			return
		fi
		words=$("$prog" "$cmd" --wqcheck-completion-helper="${opt#--}" 2>/dev/null)
		if [ -n "$words" ]; then
			COMPREPLY=($(compgen -W "$words" -- "$cur"))
			return
		fi
	fi
	if [ "$cmd" = explain ] && [[ $cur != -* ]]; then
		words=$("$prog" explain 2>/dev/null | awk '{ print $1 }')
		COMPREPLY=($(compgen -W "$words" -- "$cur"))
		return
	fi
	if [[ $cur == -* ]]; then
		words=$("$prog" "$cmd" --wqcheck-completion-helper 2>/dev/null)
		COMPREPLY=($(compgen -W "$words" -- "$cur"))
		if type compopt >/dev/null 2>&1; then
			# an option is no file name: "--format=", not "--format\="
			compopt +o filenames
			# --name= takes its value in the same word: no space after it
			[[ ${COMPREPLY[0]-} == *= ]] && compopt -o nospace
		fi
		return
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _wqcheck wqcheck
