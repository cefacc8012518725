#include "front/flags.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void arg_list_add(struct arg_list *al, const char *arg)
{
	ALLOC_GROW(al->args, al->nr, al->alloc);
	al->args[al->nr++] = xstrdup(arg);
}

void arg_list_release(struct arg_list *al)
{
	int i;

	for (i = 0; i < al->nr; i++)
		free(al->args[i]);
	free(al->args);
	memset(al, 0, sizeof(*al));
}

/* Options GCC takes and clang 14 rejects ("unknown argument") or misreads.
 * An entry ending in '=' or ',' matches as a prefix. */
static const char *const gcc_only[] = {
	"-fconserve-stack", "-fno-allow-store-data-races", "-mrecord-mcount",
	"-mindirect-branch=", "-mindirect-branch-register", "-mindirect-branch-cs-prefix",
	"-mfunction-return=", "-mskip-rax-setup", "-mpreferred-stack-boundary=",
	"-falign-jumps=", "-falign-loops=", "-falign-labels=", "-ftrivial-auto-var-init=",
	"-fno-code-hoisting", "-fno-var-tracking-assignments", "-fno-ipa-sra",
	"-fno-partial-inlining", "-fsched-pressure", "-fno-inline-functions-called-once",
	"-fmin-function-alignment=", "-mno-fp-ret-in-387", "-fno-tree-loop-im",
	"-fno-reorder-blocks", "-fno-ipa-cp-clone", "-fno-tree-vectorize",
	"-fno-tree-loop-vectorize", "-fno-tree-slp-vectorize",
	"-fplugin=", "-fplugin-arg-",
	"-fzero-call-used-regs=", "-fstrict-flex-arrays=",
	 "-mno-sse2avx",
	"-fconserve-stack", "-mno-fp-ret-in-387", "-mharden-sls=",
	
	"-fno-allow-store-data-races", "-fasan-shadow-offset=",
	"-Werror", "-Werror=", "--param=", "-Wp,-MD,", "-Wp,-MMD,",
	NULL
};

bool gcc_only_flag(const char *arg, bool *takes_value)
{
	size_t i;

	*takes_value = false;
	if (!strcmp(arg, "--param")) {
		*takes_value = true;
		return true;
	}
	for (i = 0; gcc_only[i]; i++) {
		size_t n = strlen(gcc_only[i]);
		char last = gcc_only[i][n - 1];

		if (last == '=' || last == ',' || last == '-') {
			if (!strncmp(arg, gcc_only[i], n))
				return true;
		} else if (!strcmp(arg, gcc_only[i])) {
			return true;
		}
	}
	return false;
}

static const char *const path_options[] = {
	"-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros", NULL
};

static void add_absolute(struct arg_list *out, const char *opt, const char *path,
			 const char *directory)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, opt);
	if (path[0] != '/' && directory) {
		strbuf_addstr(&sb, directory);
		strbuf_addch(&sb, '/');
	}
	strbuf_addstr(&sb, path);
	arg_list_add(out, sb.buf);
	strbuf_release(&sb);
}

static bool same_source(const char *arg, const char *source, const char *directory)
{
	size_t dl;

	if (!source)
		return false;
	if (!strcmp(arg, source))
		return true;
	if (directory && arg[0] != '/') {
		dl = strlen(directory);
		if (!strncmp(source, directory, dl) && source[dl] == '/') {
			const char *rel = source + dl + 1;

			while (!strncmp(arg, "./", 2))
				arg += 2;
			return !strcmp(arg, rel);
		}
	}
	return false;
}

void clean_compile_args(const char *const *argv, int argc, const char *directory,
			const char *source, struct arg_list *out)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		bool takes_value;
		size_t p;

		if (!strcmp(a, "-c") || !strcmp(a, "-MD") || !strcmp(a, "-MMD") ||
		    !strcmp(a, "-M") || !strcmp(a, "-MM") || !strcmp(a, "-MP"))
			continue;
		if (!strcmp(a, "-o") || !strcmp(a, "-MF") || !strcmp(a, "-MT") ||
		    !strcmp(a, "-MQ")) {
			i++;
			continue;
		}
		if (gcc_only_flag(a, &takes_value)) {
			if (takes_value)
				i++;
			continue;
		}
		if (same_source(a, source, directory))
			continue;
		for (p = 0; path_options[p]; p++) {
			size_t n = strlen(path_options[p]);

			if (!strcmp(a, path_options[p]) && i + 1 < argc) {
				arg_list_add(out, a);
				add_absolute(out, "", argv[++i], directory);
				break;
			}
			if (!strncmp(a, path_options[p], n) && a[n] &&
			    !strcmp(path_options[p], "-I")) {
				add_absolute(out, "-I", a + n, directory);
				break;
			}
		}
		if (path_options[p])
			continue;
		arg_list_add(out, a);
	}
}

int split_command(const char *cmd, struct arg_list *out)
{
	struct strbuf word = STRBUF_INIT;
	bool in_word = false;
	char quote = 0;

	for (; *cmd; cmd++) {
		char c = *cmd;

		if (quote) {
			if (c == quote) {
				quote = 0;
			} else if (c == '\\' && quote == '"' && cmd[1] &&
				   strchr("\"\\$`", cmd[1])) {
				strbuf_addch(&word, *++cmd);
			} else {
				strbuf_addch(&word, c);
			}
			continue;
		}
		if (c == '\'' || c == '"') {
			quote = c;
			in_word = true;
			if (!word.buf)
				strbuf_addstr(&word, "");
			continue;
		}
		if (c == '\\' && cmd[1]) {
			strbuf_addch(&word, *++cmd);
			in_word = true;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\n') {
			if (in_word) {
				arg_list_add(out, word.buf ? word.buf : "");
				strbuf_reset(&word);
				in_word = false;
			}
			continue;
		}
		strbuf_addch(&word, c);
		in_word = true;
	}
	if (in_word)
		arg_list_add(out, word.buf ? word.buf : "");
	strbuf_release(&word);
	return quote ? -1 : 0;
}

struct compile_entry {
	char *path;		/* absolute, normalized */
	struct arg_list args;	/* cleaned */
};

struct compile_db {
	struct compile_entry *entries;
	size_t nr;
};

static int entry_compare(const void *a, const void *b)
{
	return strcmp(((const struct compile_entry *)a)->path,
		      ((const struct compile_entry *)b)->path);
}

static char *absolute_path(const char *directory, const char *file)
{
	struct strbuf sb = STRBUF_INIT;
	char resolved[PATH_MAX];

	if (file[0] != '/' && directory) {
		strbuf_addstr(&sb, directory);
		strbuf_addch(&sb, '/');
	}
	strbuf_addstr(&sb, file);
	if (realpath(sb.buf, resolved)) {
		strbuf_release(&sb);
		return xstrdup(resolved);
	}
	return strbuf_detach(&sb);
}

/* Frees what the loader holds, so that a sanitized run exits without leaks. */
__attribute__((noreturn, format(printf, 2, 3)))
static void db_die(json_t *root, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	json_decref(root);
	die("%s", buf);
}

struct compile_db *compile_db_load(const char *dir)
{
	struct strbuf path = STRBUF_INIT;
	struct compile_db *db;
	json_error_t err;
	json_t *root;
	size_t i;
	struct stat st;

	strbuf_addf(&path, "%s/compile_commands.json", dir);
	if (stat(dir, &st) < 0)
		die_errno("-p %s", dir);
	if (stat(path.buf, &st) < 0)
		die_errno("%s", path.buf);
	if (access(path.buf, R_OK) < 0)
		die_errno("%s", path.buf);
	root = json_load_file(path.buf, 0, &err);
	if (!root)
		die("%s:%d:%d: malformed compile database: %s", path.buf, err.line,
		    err.column, err.text);
	if (!json_is_array(root))
		db_die(root, "%s: malformed compile database: the top level is not an array",
		       path.buf);
	db = xcalloc(1, sizeof(*db));
	db->entries = xcalloc(json_array_size(root) + 1, sizeof(*db->entries));
	for (i = 0; i < json_array_size(root); i++) {
		json_t *e = json_array_get(root, i);
		const char *directory = json_string_value(json_object_get(e, "directory"));
		const char *file = json_string_value(json_object_get(e, "file"));
		json_t *arguments = json_object_get(e, "arguments");
		const char *command = json_string_value(json_object_get(e, "command"));
		struct arg_list argv = { 0 };
		struct compile_entry *ce;

		if (!json_is_object(e) || !directory || !file || (!arguments && !command))
			db_die(root, "%s: malformed compile database: entry %zu lacks directory, file "
			    "or a command", path.buf, i + 1);
		if (arguments) {
			size_t k;

			if (!json_is_array(arguments))
				db_die(root, "%s: malformed compile database: entry %zu: arguments is "
				    "not an array", path.buf, i + 1);
			for (k = 0; k < json_array_size(arguments); k++) {
				const char *a = json_string_value(json_array_get(arguments, k));

				if (!a)
					db_die(root, "%s: malformed compile database: entry %zu: an "
					    "argument is not a string", path.buf, i + 1);
				arg_list_add(&argv, a);
			}
		} else if (split_command(command, &argv) < 0) {
			db_die(root, "%s: malformed compile database: entry %zu: unbalanced quotes",
			    path.buf, i + 1);
		}
		ce = &db->entries[db->nr++];
		ce->path = absolute_path(directory, file);
		clean_compile_args((const char *const *)argv.args, argv.nr, directory, ce->path,
				   &ce->args);
		arg_list_release(&argv);
	}
	json_decref(root);
	qsort(db->entries, db->nr, sizeof(*db->entries), entry_compare);
	strbuf_release(&path);
	return db;
}

void compile_db_free(struct compile_db *db)
{
	size_t i;

	if (!db)
		return;
	for (i = 0; i < db->nr; i++) {
		free(db->entries[i].path);
		arg_list_release(&db->entries[i].args);
	}
	free(db->entries);
	free(db);
}

size_t compile_db_size(const struct compile_db *db)
{
	return db->nr;
}

bool compile_db_lookup(const struct compile_db *db, const char *abs_path, struct arg_list *out)
{
	struct compile_entry key = { .path = (char *)abs_path };
	const struct compile_entry *e;
	int i;

	e = bsearch(&key, db->entries, db->nr, sizeof(*db->entries), entry_compare);
	if (!e)
		return false;
	for (i = 0; i < e->args.nr; i++)
		arg_list_add(out, e->args.args[i]);
	return true;
}

static bool exists(const char *root, const char *rel)
{
	struct strbuf sb = STRBUF_INIT;
	bool ok;

	strbuf_addf(&sb, "%s/%s", root, rel);
	ok = access(sb.buf, F_OK) == 0;
	strbuf_release(&sb);
	return ok;
}

static const struct {
	const char *arch;
	const char *target;
} arch_targets[] = {
	{ "x86", "x86_64-linux-gnu" },
	{ "arm64", "aarch64-linux-gnu" },
	{ "arm", "arm-linux-gnueabi" },
	{ "riscv", "riscv64-linux-gnu" },
	{ "powerpc", "powerpc64le-linux-gnu" },
	{ "s390", "s390x-linux-gnu" },
	{ "mips", "mips-linux-gnu" },
	{ "loongarch", "loongarch64-linux-gnu" },
	{ "sparc", "sparc64-linux-gnu" },
	{ "um", "x86_64-linux-gnu" },
};

void infer_kernel_flags(const char *root, const char *rel, const char *arch,
			struct arg_list *out)
{
	static const char *const include_dirs[] = {
		"arch/%s/include", "arch/%s/include/generated", "include",
		"arch/%s/include/uapi", "arch/%s/include/generated/uapi", "include/uapi",
		"include/generated/uapi", NULL
	};
	char arch_buf[64];
	struct strbuf sb = STRBUF_INIT;
	const char *slash;
	size_t i;

	if (!strncmp(rel, "arch/", 5) && (slash = strchr(rel + 5, '/')) &&
	    (size_t)(slash - rel - 5) < sizeof(arch_buf)) {
		memcpy(arch_buf, rel + 5, (size_t)(slash - rel - 5));
		arch_buf[slash - rel - 5] = '\0';
		arch = arch_buf;
	}
	if (!arch)
		arch = "x86";
	for (i = 0; i < sizeof(arch_targets) / sizeof(arch_targets[0]); i++)
		if (!strcmp(arch, arch_targets[i].arch)) {
			strbuf_addf(&sb, "--target=%s", arch_targets[i].target);
			arg_list_add(out, sb.buf);
			strbuf_reset(&sb);
		}
	arg_list_add(out, "-nostdinc");
	for (i = 0; include_dirs[i]; i++) {
		strbuf_reset(&sb);
		strbuf_addstr(&sb, "-I");
		strbuf_addstr(&sb, root);
		strbuf_addch(&sb, '/');
		strbuf_addf(&sb, include_dirs[i], arch);
		arg_list_add(out, sb.buf);
	}
	/* kbuild adds the object's directory for drivers that include "foo.h". */
	slash = strrchr(rel, '/');
	strbuf_reset(&sb);
	strbuf_addf(&sb, "-I%s/%.*s", root, slash ? (int)(slash - rel) : 0, rel);
	arg_list_add(out, sb.buf);
	if (exists(root, "include/linux/kconfig.h")) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s/include/linux/kconfig.h", root);
		arg_list_add(out, "-include");
		arg_list_add(out, sb.buf);
	} else if (exists(root, "include/generated/autoconf.h")) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s/include/generated/autoconf.h", root);
		arg_list_add(out, "-include");
		arg_list_add(out, sb.buf);
	}
	if (exists(root, "include/linux/compiler_types.h")) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s/include/linux/compiler_types.h", root);
		arg_list_add(out, "-include");
		arg_list_add(out, sb.buf);
	}
	arg_list_add(out, "-D__KERNEL__");
	arg_list_add(out, "-std=gnu11");
	arg_list_add(out, "-DKBUILD_MODNAME=\"wqcheck\"");
	arg_list_add(out, "-DKBUILD_BASENAME=\"wqcheck\"");
	strbuf_release(&sb);
}
