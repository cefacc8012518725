/* Unit tests for the option parser every command uses: the forms it
 * accepts, what it leaves as operands, and the --help it generates. Errors
 * exit, so they are checked in a child. */
#include "lib/parse-options.h"
#include "lib/usage.h"
#include "test-lib.h"

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static bool quiet, in_place;
static const char *format, *tree;
static struct string_list make_args;
static long jobs;
static int split;
static int called;

static void count_call(const struct option *opt, const char *arg)
{
	(void)opt;
	(void)arg;
	called++;
}

static const struct option opts[] = {
	OPT_STRING(0, "format", &format, "FMT", "the output format"),
	OPT_STRING('t', "tree", &tree, "TREE", "the tree\nsecond line"),
	OPT_STRING_LIST(0, "make-arg", &make_args, "ARG", "repeatable"),
	OPT_BOOL('q', "quiet", &quiet, "no progress"),
	OPT_BOOL(0, "in-place", &in_place, "write the files"),
	OPT_SET_INT(0, "split-rule", &split, "by rule", 2),
	OPT_JOBS(&jobs, "parallel jobs"),
	OPT_CALLBACK_NOARG(0, "count", NULL, "count calls", count_call),
	OPT_HIDDEN_BOOL("mailback", &quiet),
	OPT_END(),
};

static const struct command_usage usage = {
	.name = "test",
	.synopsis = "test [options] PATH...\ntest --other",
	.about = "About text.\n",
	.after = "Exit status: 0.\n",
};

static void reset(void)
{
	quiet = in_place = false;
	format = tree = NULL;
	string_list_clear(&make_args);
	jobs = 0;
	split = 0;
	called = 0;
}

/* Parses the words (NULL-terminated) with flags; returns the operand count. */
static int parse(char **words, int flags)
{
	int argc = 0;

	reset();
	while (words[argc])
		argc++;
	return parse_options(argc, words, opts, &usage, flags);
}

/* Runs the parse in a child with stderr to a pipe: its exit status and the
 * first line it printed. */
static int parse_in_child(char **words, char *line, size_t size)
{
	int fd[2], status;
	ssize_t n;
	pid_t pid;

	if (pipe(fd) < 0)
		return -1;
	fflush(stdout);
	pid = fork();
	if (!pid) {
		dup2(fd[1], 2);
		dup2(fd[1], 1);
		parse(words, 0);
		exit(99);
	}
	close(fd[1]);
	size--;
	while (size && (n = read(fd[0], line, size)) > 0) {
		line += n;
		size -= (size_t)n;
	}
	*line = '\0';
	close(fd[0]);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main(void)
{
	char line[4096];
	int n;

	{
		char *w[] = { "test", "--format=json", "a", "--tree", "T", "b", NULL };

		n = parse(w, 0);
		CHECK_STR("--opt=value", format, "json");
		CHECK_STR("--opt value", tree, "T");
		CHECK("operands kept in order, options between them",
		      n == 2 && !strcmp(w[0], "a") && !strcmp(w[1], "b") && !w[2]);
	}
	{
		char *w[] = { "test", "-tT", "-j4", "-q", NULL };

		n = parse(w, 0);
		CHECK("short with the value attached", tree && !strcmp(tree, "T"));
		CHECK("-j4", jobs == 4);
		CHECK("short flag", quiet && n == 0);
	}
	{
		char *w[] = { "test", "-qj", "3", "x", NULL };

		n = parse(w, 0);
		CHECK("bundled flags, the last takes the next word",
		      quiet && jobs == 3 && n == 1 && !strcmp(w[0], "x"));
	}
	{
		char *w[] = { "test", "--make-arg", "A=1", "--make-arg=B=2", NULL };

		parse(w, 0);
		CHECK("a repeatable option keeps every value in order",
		      make_args.nr == 2 && !strcmp(make_args.items[0], "A=1") &&
		      !strcmp(make_args.items[1], "B=2"));
	}
	{
		char *w[] = { "test", "--form=text", "--in", "--split-rule", "--count",
			      "--count", NULL };

		parse(w, 0);
		CHECK("a unique prefix names the option",
		      format && !strcmp(format, "text") && in_place);
		CHECK("set-int", split == 2);
		CHECK("a callback runs once per use", called == 2);
	}
	{
		char *w[] = { "test", "--", "--format=x", "-q", NULL };

		n = parse(w, 0);
		CHECK("after -- everything is an operand",
		      n == 2 && !format && !quiet && !strcmp(w[0], "--format=x"));
	}
	{
		char *w[] = { "test", "-", NULL };

		CHECK("- alone is an operand", parse(w, 0) == 1 && !strcmp(w[0], "-"));
	}
	{
		char *w[] = { "test", "-DFOO", "-I", "inc", "--notes", "-q", "x.c", NULL };

		n = parse(w, PARSE_OPT_KEEP_UNKNOWN);
		CHECK("unknown options kept whole with KEEP_UNKNOWN, known ones taken",
		      n == 5 && !strcmp(w[0], "-DFOO") && !strcmp(w[1], "-I") &&
		      !strcmp(w[2], "inc") && !strcmp(w[3], "--notes") &&
		      !strcmp(w[4], "x.c") && quiet);
	}
	{
		char *w[] = { "test", "--frobnicate", NULL };

		CHECK("unknown option: exit 2", parse_in_child(w, line, sizeof(line)) ==
		      EXIT_USAGE);
		CHECK_STR("unknown option: one line naming it", line,
			  "wqcheck test: unknown option '--frobnicate'; see 'wqcheck test --help'\n");
	}
	{
		char *w[] = { "test", "--tree", NULL };

		CHECK("missing value: exit 2", parse_in_child(w, line, sizeof(line)) ==
		      EXIT_USAGE && strstr(line, "--tree needs a value"));
	}
	{
		char *w[] = { "test", "--quiet=yes", NULL };

		CHECK("a value for a flag: exit 2", parse_in_child(w, line, sizeof(line)) ==
		      EXIT_USAGE && strstr(line, "--quiet takes no value"));
	}
	{
		char *w[] = { "test", "--ma", NULL };

		CHECK("an ambiguous prefix: exit 2", parse_in_child(w, line, sizeof(line)) ==
		      EXIT_USAGE && strstr(line, "ambiguous option '--ma'"));
	}
	{
		char *w[] = { "test", "-j", "0", NULL };

		CHECK("-j out of range: exit 2", parse_in_child(w, line, sizeof(line)) ==
		      EXIT_USAGE && strstr(line, "-j needs a number"));
	}
	{
		char *w[] = { "test", "--help", NULL };

		CHECK("--help exits 0", parse_in_child(w, line, sizeof(line)) == 0);
		CHECK_STR("--help is generated from the table", line,
			  "usage: wqcheck test [options] PATH...\n"
			  "   or: wqcheck test --other\n"
			  "\n"
			  "About text.\n"
			  "\n"
			  "  --format=FMT          the output format\n"
			  "  -t, --tree=TREE       the tree\n"
			  "                        second line\n"
			  "  --make-arg=ARG        repeatable\n"
			  "  -q, --quiet           no progress\n"
			  "  --in-place            write the files\n"
			  "  --split-rule          by rule\n"
			  "  -j N                  parallel jobs\n"
			  "  --count               count calls\n"
			  "  -h, --help            this text\n"
			  "\n"
			  "Exit status: 0.\n");
	}
	string_list_clear(&make_args);
	return test_failures ? 1 : 0;
}
