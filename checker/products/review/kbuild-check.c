/* The engine of wqcheck check: kbuild's $(CHECK), the way sparse is one.
 *
 * kbuild runs `$(CHECK) $(CHECKFLAGS) $(c_flags) file.c` in the object tree
 * after compiling (C=1) or for every file (C=2): CHECKFLAGS are sparse's
 * (-D__linux__ ... -Wbitwise --arch=x86 -mlittle-endian -m64), c_flags the
 * compiler's. The preprocessor options and the -m/-f/-std options clang also
 * takes become the file's flags; everything else is ignored, as sparse
 * ignores what it does not know. Findings go to stderr in sparse's format,
 * with paths as kbuild spelled them, and the exit status is sparse's: 0 even
 * with warnings, because kbuild stops the build (and deletes the object) when
 * $(CHECK) fails; -Wsparse-error or --fail-on=LEVEL make findings fail it.
 *
 * The file is scanned in a scratch overlay of its tree (patch-apply.h) so
 * that the whole-tree passes of the affinity rules see this file and the
 * .c/.h files of its directory, not all 70,000: a work item bound (INIT_WORK)
 * in another directory is not resolved by default.
 * With --index (patch-index.h: the binding index of a full run), the files
 * binding the items its *_on() calls name are copied in too. */
#include "products/review/kbuild-check.h"
#include "output/baseline.h"
#include "front/flags.h"
#include "products/review/patch-apply.h"
#include "products/review/patch-index.h"
#include "analysis/scan.h"
#include "lib/strbuf.h"
#include "lib/tempdir.h"
#include "front/tree.h"
#include "lib/usage.h"
#include "output/columns.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const separate_value[] = {
	"-D", "-U", "-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros", NULL
};

static bool is_source(const char *a)
{
	size_t n = strlen(a);

	return a[0] != '-' && n > 2 && a[n - 2] == '.' && (a[n - 1] == 'c' || a[n - 1] == 'h');
}

/* -Wp,-MMD,dep.d,-MT,x.o: only the preprocessor definitions survive. */
static void add_wp(struct kbuild_check *ca, const char *list)
{
	char *copy = xstrdup(list), *tok, *save = NULL;

	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		if (!strncmp(tok, "-D", 2) || !strncmp(tok, "-U", 2) || !strncmp(tok, "-I", 2))
			arg_list_add(&ca->cc, tok);
	free(copy);
}

void kbuild_check_take_words(struct kbuild_check *ca, char **words, int nr)
{
	int i, k;

	if (!ca->cc.nr)
		arg_list_add(&ca->cc, "cc");
	for (i = 0; i < nr; i++) {
		const char *a = words[i];

		if (!strcmp(a, "-Wsparse-error")) {
			ca->fail = true;
			ca->fail_on = SEVERITY_WARNING;
			continue;
		}
		if (ca->save_index && a[0] != '-') {
			arg_list_add(&ca->files, a);	/* the tree */
			continue;
		}
		for (k = 0; separate_value[k]; k++)
			if (!strcmp(a, separate_value[k]))
				break;
		if (separate_value[k]) {
			if (i + 1 < nr) {
				arg_list_add(&ca->cc, a);
				arg_list_add(&ca->cc, words[++i]);
			}
			continue;
		}
		if (!strncmp(a, "-Wp,", 4)) {
			add_wp(ca, a + 4);
			continue;
		}
		if (!strncmp(a, "-D", 2) || !strncmp(a, "-U", 2) || !strncmp(a, "-I", 2) ||
		    !strcmp(a, "-nostdinc") || !strncmp(a, "-std=", 5) ||
		    !strncmp(a, "-f", 2) || !strcmp(a, "-m64") || !strcmp(a, "-m32") ||
		    !strcmp(a, "-mx32") || !strncmp(a, "-mcmodel=", 9) ||
		    !strncmp(a, "-mno-", 5) || !strncmp(a, "-march=", 7) ||
		    !strncmp(a, "-mabi=", 6)) {
			arg_list_add(&ca->cc, a);
			continue;
		}
		if (is_source(a)) {
			arg_list_add(&ca->files, a);
			continue;
		}
		/* -W..., -O2, -g, -mlittle-endian, sparse's own flags, and the rest:
		 * nothing the parse needs, and clang may reject some. */
	}
}

static const char *arch_target(const char *arch, bool m32)
{
	static const struct {
		const char *arch, *target64, *target32;
	} map[] = {
		{ "x86", "x86_64-linux-gnu", "i386-linux-gnu" },
		{ "x86_64", "x86_64-linux-gnu", "i386-linux-gnu" },
		{ "i386", "i386-linux-gnu", "i386-linux-gnu" },
		{ "arm64", "aarch64-linux-gnu", "aarch64-linux-gnu" },
		{ "arm", "arm-linux-gnueabi", "arm-linux-gnueabi" },
		{ "riscv", "riscv64-linux-gnu", "riscv32-linux-gnu" },
		{ "powerpc", "powerpc64le-linux-gnu", "powerpc-linux-gnu" },
		{ "s390", "s390x-linux-gnu", "s390x-linux-gnu" },
		{ "mips", "mips64-linux-gnuabi64", "mips-linux-gnu" },
		{ "loongarch", "loongarch64-linux-gnu", "loongarch64-linux-gnu" },
		{ "sparc", "sparc64-linux-gnu", "sparc-linux-gnu" },
	};
	size_t i;

	for (i = 0; arch && i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(arch, map[i].arch))
			return m32 ? map[i].target32 : map[i].target64;
	return NULL;
}

/* A one-entry compile database: flags.c cleans it (GCC-only options, paths
 * made absolute against the directory kbuild runs in) like any other. */
static struct compile_db *write_db(struct kbuild_check *ca, const char *cwd, const char *abs)
{
	const char *dir = tempdir_create("check-db");
	json_t *entry = json_object(), *arguments = json_array(), *db = json_array();
	struct strbuf path = STRBUF_INIT;
	const char *target;
	bool m32 = false;
	struct compile_db *loaded;
	int i;

	for (i = 0; i < ca->cc.nr; i++) {
		json_array_append_new(arguments, json_string(ca->cc.args[i]));
		m32 |= !strcmp(ca->cc.args[i], "-m32");
	}
	target = arch_target(ca->arch, m32);
	if (target) {
		strbuf_addf(&path, "--target=%s", target);
		json_array_append_new(arguments, json_string(path.buf));
		strbuf_reset(&path);
	}
	json_array_append_new(arguments, json_string(abs));
	json_object_set_new(entry, "directory", json_string(cwd));
	json_object_set_new(entry, "file", json_string(abs));
	json_object_set_new(entry, "arguments", arguments);
	json_array_append_new(db, entry);
	strbuf_addf(&path, "%s/compile_commands.json", dir);
	if (json_dump_file(db, path.buf, 0) < 0)
		die("cannot write %s", path.buf);
	json_decref(db);
	loaded = compile_db_load(dir);
	tempdir_remove(dir);
	strbuf_release(&path);
	return loaded;
}

/* Paths as kbuild spelled them: the given path for the file itself, the
 * same prefix before the tree-relative path of any other file. */
static void print_finding(const struct finding *f, const char *given, const char *rel)
{
	size_t glen = strlen(given), rlen = strlen(rel), i;
	int prefix = glen >= rlen && !strcmp(given + glen - rlen, rel) ? (int)(glen - rlen) : 0;
	struct column_files *cf = column_files_new(NULL);
	struct strbuf other = STRBUF_INIT;

	/* sparse's columns, as gcc's: tab stops of 8 (output/columns.h) */
	fprintf(stderr, "%s:%u:%u: %s: %s%s [%s]\n", given, f->line,
		column_files_display(cf, given, f->line, f->column),
		severity_name(f->severity), f->message,
		finding_inactive_note(f), f->rule->id);
	/* sparse's continuation lines: the position again, the text indented. */
	for (i = 0; i < f->nr_evidence; i++) {
		const struct evidence *e = &f->evidence[i];

		if (!strcmp(e->file, rel)) {
			fprintf(stderr, "%s:%u:%u:    %s\n", given, e->line,
				column_files_display(cf, given, e->line, e->column), e->message);
			continue;
		}
		strbuf_reset(&other);
		strbuf_addf(&other, "%.*s%s", prefix, given, e->file);
		fprintf(stderr, "%s:%u:%u:    %s\n", other.buf, e->line,
			column_files_display(cf, other.buf, e->line, e->column), e->message);
	}
	strbuf_release(&other);
	column_files_free(cf);
}

/* The baseline, read once for every file of the run, from the tree of the
 * first; a bad one is one line and exit 2, as for scan. */
static struct baseline *load_baseline(const char *path, const char *root)
{
	struct baseline *b = xcalloc(1, sizeof(*b));
	struct strbuf err = STRBUF_INIT;

	if (baseline_load(b, path, root, &err) < 0)
		die("--baseline: %s", err.buf);
	strbuf_release(&err);
	return b;
}

static int check_file(struct kbuild_check *ca, const char *given, const char *cwd)
{
	char resolved[PATH_MAX];
	char *root, *slash;
	const char *rel;
	struct strbuf text = STRBUF_INIT, abs = STRBUF_INIT;
	struct patch_scratch s;
	struct scan_options opts = { 0 };
	struct file_list files = { 0 };
	struct scan_result res = { 0 };
	struct compile_db *db;
	size_t i, j;
	int status = EXIT_CLEAN;

	if (!realpath(given, resolved) || strbuf_read_file(&text, resolved) < 0) {
		fprintf(stderr, "%s: error: cannot read: %s\n", given, strerror(errno));
		return EXIT_USAGE;
	}
	root = find_tree_root(resolved);
	if (!root) {
		root = xstrdup(resolved);
		slash = strrchr(root, '/');
		*slash = '\0';
	}
	rel = resolved + strlen(root) + 1;

	patch_scratch_init(&s, root);
	overlay_materialize(&s, rel, text.buf ? text.buf : "", text.len);
	overlay_copy_siblings(&s, rel);
	if (ca->index)
		binding_index_materialize(ca->index, &s, text.buf ? text.buf : "", text.len);
	strbuf_addf(&abs, "%s/%s", s.overlay, rel);
	db = write_db(ca, cwd, abs.buf);

	ALLOC_GROW(files.paths, files.nr, files.alloc);
	files.paths[files.nr++] = xstrdup(rel);
	opts.root = s.overlay;
	opts.rules = ca->rules;
	opts.nr_rules = ca->nr_rules;
	opts.db = db;
	opts.arch = ca->arch;
	opts.jobs = 1;
	opts.use_clang = true;
	scan_run(&opts, &files, &res);
	if (ca->baseline_path && !ca->baseline)
		ca->baseline = load_baseline(ca->baseline_path, root);
	if (ca->baseline)
		baseline_mark(ca->baseline, &res);

	for (i = 0; i < res.nr_files; i++) {
		const struct file_result *fr = &res.files[i];

		for (j = 0; j < fr->nr_findings; j++) {
			const struct finding *f = &fr->findings[j];

			if ((f->severity == SEVERITY_NOTE && !ca->notes) ||
			    f->in_baseline)
				continue;
			print_finding(f, given, rel);
			if (ca->fail && f->severity >= ca->fail_on)
				status = EXIT_FINDINGS;
		}
		if (fr->failed_reason)
			fprintf(stderr, "%s: warning: wqcheck could not analyse it fully: %s\n",
				given, fr->failed_reason);
	}
	scan_result_release(&res);
	file_list_release(&files);
	compile_db_free(db);
	patch_scratch_release(&s);
	strbuf_release(&text);
	strbuf_release(&abs);
	free(root);
	return status;
}

int kbuild_check_save_index(struct kbuild_check *ca)
{
	const char *where = ca->files.nr ? ca->files.args[0] : ".";
	char *root = find_tree_root(where);
	struct strbuf tmp = STRBUF_INIT;
	size_t lines;
	FILE *fp;

	if (!root)
		die("%s: not in a kernel tree", where);
	strbuf_addf(&tmp, "%s.tmp", ca->save_index);
	fp = fopen(tmp.buf, "w");
	if (!fp)
		die_errno("%s", tmp.buf);
	lines = binding_index_write(root, fp);
	if (fclose(fp) != 0 || rename(tmp.buf, ca->save_index) < 0)
		die_errno("cannot write %s", ca->save_index);
	fprintf(stderr, "wqcheck: %s: %zu bindings of %s\n", ca->save_index, lines, root);
	strbuf_release(&tmp);
	free(root);
	return EXIT_CLEAN;
}

int kbuild_check_run(struct kbuild_check *ca)
{
	char cwd[PATH_MAX];
	int i, status = EXIT_CLEAN;

	if (!getcwd(cwd, sizeof(cwd)))
		die_errno("getcwd");
	if (ca->index_path)
		ca->index = binding_index_load(ca->index_path);
	for (i = 0; i < ca->files.nr; i++) {
		int st = check_file(ca, ca->files.args[i], cwd);

		if (st > status)
			status = st;
	}
	return status;
}

void kbuild_check_release(struct kbuild_check *ca)
{
	binding_index_free(ca->index);
	ca->index = NULL;
	if (ca->baseline) {
		baseline_release(ca->baseline);
		free(ca->baseline);
		ca->baseline = NULL;
	}
	arg_list_release(&ca->cc);
	arg_list_release(&ca->files);
}
