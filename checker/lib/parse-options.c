#include "lib/parse-options.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Where the option names end and their help begins in --help. */
#define USAGE_HELP_COLUMN 24

/* The command being parsed, for usage_die()'s message. */
static const char *command_name;

void usage_die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s %s: ", progname, command_name ? command_name : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (command_name)
		fprintf(stderr, "; see '%s %s --help'", progname, command_name);
	fputc('\n', stderr);
	exit(EXIT_USAGE);
}

const char *usage_one_operand(int nr, char **operands, const char *what)
{
	if (!nr)
		usage_die("no %s given", what);
	if (nr > 1)
		usage_die("one %s only, not also '%s'", what, operands[1]);
	return operands[0];
}

void string_list_append(struct string_list *list, const char *item)
{
	ALLOC_GROW(list->items, list->nr, list->alloc);
	list->items[list->nr++] = item;
}

void string_list_clear(struct string_list *list)
{
	free(list->items);
	list->items = NULL;
	list->nr = list->alloc = 0;
}

void parse_opt_jobs(const struct option *opt, const char *arg)
{
	int jobs = jobs_option(arg);

	if (jobs < 0)
		usage_die("-j needs a number from 1 to 256, not '%s'", arg);
	*(long *)opt->value = jobs;
}

static bool takes_value(const struct option *o)
{
	switch (o->type) {
	case OPTION_STRING:
	case OPTION_STRING_LIST:
		return true;
	case OPTION_CALLBACK:
		return !(o->flags & PARSE_OPT_NOARG);
	default:
		return false;
	}
}

/* How the option is named in a message: as the user wrote it. */
static void describe(struct strbuf *sb, const struct option *o, bool as_short)
{
	strbuf_reset(sb);
	if (as_short)
		strbuf_addf(sb, "-%c", o->short_name);
	else
		strbuf_addf(sb, "--%s", o->long_name);
}

static void apply(const struct option *o, const char *arg)
{
	switch (o->type) {
	case OPTION_BOOL:
		*(bool *)o->value = true;
		break;
	case OPTION_SET_INT:
		*(int *)o->value = (int)o->defval;
		break;
	case OPTION_STRING:
		*(const char **)o->value = arg;
		break;
	case OPTION_STRING_LIST:
		string_list_append(o->value, arg);
		break;
	case OPTION_CALLBACK:
		o->callback(o, arg);
		break;
	case OPTION_END:
		break;
	}
}

/* The option whose long name is name (name_len bytes): the exact one, else
 * the only one it begins. NULL when none; dies when it is ambiguous. */
static const struct option *find_long(const struct option *opts,
				      const char *name, size_t name_len,
				      bool exact)
{
	const struct option *o, *found = NULL, *other = NULL;

	for (o = opts; o->type != OPTION_END; o++) {
		if (!o->long_name || strncmp(o->long_name, name, name_len))
			continue;
		if (!o->long_name[name_len])
			return o;
		if (exact)
			continue;
		if (found)
			other = o;
		else
			found = o;
	}
	if (other)
		usage_die("ambiguous option '--%.*s' (--%s, --%s, ...)", (int)name_len,
			  name, found->long_name, other->long_name);
	return found;
}

static const struct option *find_short(const struct option *opts, int c)
{
	const struct option *o;

	for (o = opts; o->type != OPTION_END; o++)
		if (o->short_name == c)
			return o;
	return NULL;
}

/* argv[*i] is "--something". Returns false when it is unknown. */
static bool parse_long(const struct option *opts, int argc, char **argv, int *i,
		       bool exact)
{
	const char *name = argv[*i] + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const struct option *o = find_long(opts, name, len, exact);
	struct strbuf sb = STRBUF_INIT;

	if (!o)
		return false;
	describe(&sb, o, false);
	if (!takes_value(o)) {
		if (eq)
			usage_die("%s takes no value", sb.buf);
		apply(o, NULL);
	} else if (eq) {
		apply(o, eq + 1);
	} else if (*i + 1 < argc) {
		apply(o, argv[++*i]);
	} else {
		usage_die("%s needs a value", sb.buf);
	}
	strbuf_release(&sb);
	return true;
}

/* argv[*i] is "-xyz": flags, the last may take a value (the rest of the
 * word or the next word). Returns false when a letter is unknown (before
 * anything was applied, so the word can be kept whole). */
static bool parse_short(const struct option *opts, int argc, char **argv, int *i)
{
	const char *p;
	struct strbuf sb = STRBUF_INIT;

	for (p = argv[*i] + 1; *p; p++) {
		const struct option *o = find_short(opts, *p);

		if (!o)
			return false;
		if (takes_value(o))
			break;
	}
	for (p = argv[*i] + 1; *p; p++) {
		const struct option *o = find_short(opts, *p);

		if (!takes_value(o)) {
			apply(o, NULL);
			continue;
		}
		describe(&sb, o, true);
		if (p[1])
			apply(o, p + 1);
		else if (*i + 1 < argc)
			apply(o, argv[++*i]);
		else
			usage_die("%s needs a value", sb.buf);
		break;
	}
	strbuf_release(&sb);
	return true;
}

static bool is_help(const char *arg)
{
	return !strcmp(arg, "--help") || !strcmp(arg, "-h");
}

void parse_options_print_completion(const struct option *opts, FILE *fp)
{
	const struct option *o;
	const char *sep = "";

	for (o = opts; o->type != OPTION_END; o++) {
		if (o->flags & PARSE_OPT_HIDDEN)
			continue;
		if (o->long_name)
			fprintf(fp, "%s--%s%s", sep, o->long_name,
				takes_value(o) ? "=" : "");
		else
			fprintf(fp, "%s-%c", sep, o->short_name);
		sep = " ";
	}
	fprintf(fp, "%s--help\n", sep);
}

void parse_options_print_words(const struct option *opts, const char *name, FILE *fp)
{
	const struct option *o;

	for (o = opts; o->type != OPTION_END; o++)
		if (o->long_name && !strcmp(o->long_name, name) && o->words) {
			fprintf(fp, "%s\n", o->words);
			return;
		}
	fputc('\n', fp);
}

int parse_options(int argc, char **argv, const struct option *opts,
		  const struct command_usage *usage, int flags)
{
	int i, nr = 0;

	command_name = usage->name;
	for (i = 1; i < argc; i++) {
		char *arg = argv[i];
		bool known;

		if (!strcmp(arg, "--")) {
			while (++i < argc)
				argv[nr++] = argv[i];
			break;
		}
		if (arg[0] != '-' || !arg[1]) {
			argv[nr++] = arg;	/* an operand; "-" is stdin */
			continue;
		}
		if (is_help(arg)) {
			parse_options_usage(opts, usage, stdout);
			exit(EXIT_CLEAN);
		}
		/* As git's --git-completion-helper: the shell completion asks
		 * the table, so a new option completes with no script edited. */
		if (!strcmp(arg, PARSE_OPT_COMPLETION_HELPER)) {
			parse_options_print_completion(opts, stdout);
			exit(EXIT_CLEAN);
		}
		if (!strncmp(arg, PARSE_OPT_COMPLETION_HELPER "=",
			     strlen(PARSE_OPT_COMPLETION_HELPER "="))) {
			parse_options_print_words(opts, arg + strlen(PARSE_OPT_COMPLETION_HELPER "="),
						  stdout);
			exit(EXIT_CLEAN);
		}
		/* With unknown options kept (a compiler's), a prefix of ours
		 * may be one of theirs: only whole names are ours. */
		known = arg[1] == '-' ? parse_long(opts, argc, argv, &i,
						   flags & PARSE_OPT_KEEP_UNKNOWN)
				      : parse_short(opts, argc, argv, &i);
		if (known)
			continue;
		if (!(flags & PARSE_OPT_KEEP_UNKNOWN))
			usage_die("unknown option '%s'", arg);
		argv[nr++] = arg;
	}
	argv[nr] = NULL;
	return nr;
}

/* "  -q, --quiet", "  --format=FMT", "  -j N", "  -o, --output=FILE" */
static void option_names(struct strbuf *sb, const struct option *o)
{
	strbuf_addstr(sb, "  ");
	if (o->short_name)
		strbuf_addf(sb, "-%c", o->short_name);
	if (o->short_name && o->long_name)
		strbuf_addstr(sb, ", ");
	if (o->long_name)
		strbuf_addf(sb, "--%s", o->long_name);
	if (takes_value(o))
		strbuf_addf(sb, o->long_name ? "=%s" : " %s", o->argh ? o->argh : "VALUE");
}

/* text, each line after the first indented by indent. */
static void print_indented(FILE *fp, const char *text, int indent)
{
	const char *nl;

	while ((nl = strchr(text, '\n'))) {
		fprintf(fp, "%.*s\n%*s", (int)(nl - text), text, indent, "");
		text = nl + 1;
	}
	fprintf(fp, "%s\n", text);
}

void parse_options_usage(const struct option *opts,
			 const struct command_usage *usage, FILE *fp)
{
	const struct option *o;
	struct strbuf sb = STRBUF_INIT;
	const char *line = usage->synopsis, *nl;
	bool first = true;

	do {
		nl = strchr(line, '\n');
		fprintf(fp, "%s%s %.*s\n", first ? "usage: " : "   or: ", progname,
			nl ? (int)(nl - line) : (int)strlen(line), line);
		first = false;
		line = nl + 1;
	} while (nl);
	if (usage->about)
		fprintf(fp, "\n%s", usage->about);
	if (usage->more) {
		fputc('\n', fp);
		usage->more(fp);
	}
	fputc('\n', fp);
	for (o = opts; o->type != OPTION_END; o++) {
		if (o->flags & PARSE_OPT_HIDDEN)
			continue;
		strbuf_reset(&sb);
		option_names(&sb, o);
		if (sb.len + 1 > USAGE_HELP_COLUMN)
			fprintf(fp, "%s\n%*s", sb.buf, USAGE_HELP_COLUMN, "");
		else
			fprintf(fp, "%-*s", USAGE_HELP_COLUMN, sb.buf);
		print_indented(fp, o->help ? o->help : "", USAGE_HELP_COLUMN);
	}
	fprintf(fp, "  -h, --help%*sthis text\n", USAGE_HELP_COLUMN - 12, "");
	if (usage->after)
		fprintf(fp, "\n%s", usage->after);
	strbuf_release(&sb);
}
