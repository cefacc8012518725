/*
 * One option parser for every command, after git's parse-options.c: a
 * command declares its options in a table, and the parser does the rest --
 * long and short forms, --opt=value and --opt value, -j4 and -j 4, bundled
 * short flags (-qj4), unique prefixes of long names, repeatable options,
 * options after operands, `--`, and the --help text, generated from the
 * same table so it cannot drift from what is accepted.
 */
#ifndef WQCHECK_LIB_PARSE_OPTIONS_H
#define WQCHECK_LIB_PARSE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct option;
/* Called with the option's value (NULL for one without). May call
 * usage_die() for a value it cannot take. */
typedef void parse_opt_cb(const struct option *opt, const char *arg);

enum parse_opt_type {
	OPTION_END,
	OPTION_BOOL,		/* bool *: set to true */
	OPTION_SET_INT,		/* int *: set to defval */
	OPTION_STRING,		/* const char **: the last value given */
	OPTION_STRING_LIST,	/* struct string_list *: every value, in order */
	OPTION_CALLBACK,	/* callback(opt, value) */
};

/* Flags of one option. */
#define PARSE_OPT_NOARG	(1 << 0)	/* a callback that takes no value */
#define PARSE_OPT_HIDDEN (1 << 1)	/* accepted, not in --help */

struct option {
	enum parse_opt_type type;
	int short_name;			/* 0: none */
	const char *long_name;		/* NULL: none */
	void *value;
	const char *argh;		/* the value's name in --help ("DIR") */
	const char *help;		/* '\n' starts a continuation line */
	int flags;
	parse_opt_cb *callback;
	intptr_t defval;
	/* The values it takes, space-separated, for the shell completion
	 * (--wqcheck-completion-helper=NAME); NULL: any (a file). Its
	 * callback refuses the others: t-install proves they agree. */
	const char *words;
};

struct string_list {
	const char **items;
	size_t nr, alloc;
};

#define OPT_END()	{ .type = OPTION_END }
#define OPT_BOOL(s, l, v, h) \
	{ .type = OPTION_BOOL, .short_name = (s), .long_name = (l), .value = (v), .help = (h) }
#define OPT_SET_INT(s, l, v, h, i) \
	{ .type = OPTION_SET_INT, .short_name = (s), .long_name = (l), .value = (v), \
	  .help = (h), .defval = (i) }
#define OPT_STRING(s, l, v, a, h) \
	{ .type = OPTION_STRING, .short_name = (s), .long_name = (l), .value = (v), \
	  .argh = (a), .help = (h) }
#define OPT_STRING_LIST(s, l, v, a, h) \
	{ .type = OPTION_STRING_LIST, .short_name = (s), .long_name = (l), \
	  .value = (v), .argh = (a), .help = (h) }
#define OPT_CALLBACK(s, l, v, a, h, cb) \
	{ .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), .value = (v), \
	  .argh = (a), .help = (h), .callback = (cb) }
#define OPT_CALLBACK_WORDS(s, l, v, a, h, cb, w) \
	{ .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), .value = (v), \
	  .argh = (a), .help = (h), .callback = (cb), .words = (w) }
#define OPT_CALLBACK_NOARG(s, l, v, h, cb) \
	{ .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), .value = (v), \
	  .help = (h), .callback = (cb), .flags = PARSE_OPT_NOARG }
#define OPT_HIDDEN_BOOL(l, v) \
	{ .type = OPTION_BOOL, .long_name = (l), .value = (v), .flags = PARSE_OPT_HIDDEN }
/* -j N into a long: a number from 1 to 256. */
#define OPT_JOBS(v, h)	OPT_CALLBACK('j', NULL, (v), "N", (h), parse_opt_jobs)

/* What --help prints around the options: the synopsis lines ("wqcheck scan
 * [options] PATH..."; '\n' between forms), the text before the options and
 * the text after them (exit status, other forms). */
struct command_usage {
	const char *name;		/* "scan": for messages */
	const char *synopsis;
	const char *about;
	const char *after;
	/* Printed after about, before the options: what a table of the
	 * program has to say (the rules a command runs, from the registry,
	 * commands/options.h); NULL: nothing. */
	void (*more)(FILE *fp);
};

/* Flags of a parse. */
#define PARSE_OPT_KEEP_UNKNOWN	(1 << 0)	/* leave unknown options as operands */

/*
 * Parses argv[1..argc-1] (argv[0] is the command's name) against opts.
 * Operands, and with PARSE_OPT_KEEP_UNKNOWN unknown options, are moved to
 * the front of argv in their order; their number is returned. --help (and
 * -h) prints the usage and exits 0; a bad option prints one line and exits
 * with EXIT_USAGE.
 */
int parse_options(int argc, char **argv, const struct option *opts,
		  const struct command_usage *usage, int flags);

/*
 * The hidden option every command takes for shell completion (as git's
 * --git-completion-helper): it prints the command's options on one line,
 * "--name=" for one that takes a value, "-c" for one with only a short
 * name, and exits 0. --wqcheck-completion-helper=NAME prints the values
 * option --NAME takes (its words; an empty line: any) and exits 0.
 */
#define PARSE_OPT_COMPLETION_HELPER "--wqcheck-completion-helper"
void parse_options_print_completion(const struct option *opts, FILE *fp);
void parse_options_print_words(const struct option *opts, const char *name, FILE *fp);

/* The --help text: what parse_options() prints. */
void parse_options_usage(const struct option *opts,
			 const struct command_usage *usage, FILE *fp);

/* "wqcheck NAME: message; see 'wqcheck NAME --help'" and exit EXIT_USAGE:
 * for bad values and operands found after the parse, too. */
__attribute__((noreturn, format(printf, 1, 2)))
void usage_die(const char *fmt, ...);

/* The one operand of a command that takes exactly one (what names it in
 * the message: "TREE"); dies with a usage line for none or more. */
const char *usage_one_operand(int nr, char **operands, const char *what);

void parse_opt_jobs(const struct option *opt, const char *arg);
void string_list_append(struct string_list *list, const char *item);
void string_list_clear(struct string_list *list);

#endif
