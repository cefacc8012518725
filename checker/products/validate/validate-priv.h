/* What the validate-*.c files share: the series, the objects, the build. */
#ifndef WQCHECK_VALIDATE_PRIV_H
#define WQCHECK_VALIDATE_PRIV_H

#include "lib/strbuf.h"
#include "products/validate/validate-run.h"
#include "products/validate/validate.h"

#include <stdbool.h>
#include <stddef.h>

/* validate-series.c: the series directory. */
struct vobject;

/* How the code after a patch compares with the code before it. */
enum code_verdict {
	CODE_DIFFERENT,
	CODE_EQUAL,			/* the same instructions */
	CODE_EQUAL_UP_TO_CONVERSION,	/* differing only as the conversion
					 * must: renamed symbols, WQ_PERCPU
					 * added, or the 3.7 identities */
	CODE_CHANGED_AS_NAMED,		/* a fix (its log: "This patch changes
					 * behavior:"): differing only in the
					 * functions its log names, or in a
					 * function of the file that calls one
					 * (inlined) */
};

struct vpatch_object {
	struct vobject *obj;
	bool built;			/* compiled in this state */
	char *reason;			/* why not */
	bool code_equal;		/* equal, or equal up to the conversion */
	enum code_verdict verdict;
	struct strlist diff_functions;
	struct strlist diff_excerpts;	/* one per diff_functions item, code_excerpt() */
	bool percpu_held;		/* equal only with WQ_PERCPU as 0 on both sides */
	struct strlist conversion_differences;	/* "f(): system_wq -> system_percpu_wq" */
	struct strlist new_warnings;
	struct strlist new_sparse_warnings;
	const struct vpatch *patch;	/* the patch that touched it */
};

struct vpatch {
	char *path;			/* the .patch file */
	char *name;			/* its basename */
	char *subject;
	struct strlist files;		/* touched, relative to the git top level */
	bool applied;
	char *apply_error;		/* the failing file:line and hunk */
	struct vpatch_object *objects;
	size_t nr_objects;
	bool fix;			/* its log says it changes behaviour */
	struct strlist named;		/* the functions its log names: "f()" */
};

struct vseries {
	char *dir;
	char *base;			/* base-commit: of the cover letter, or NULL */
	struct vpatch *patches;
	size_t nr_patches;
	struct strbuf removed;		/* every '-' line of every patch */
	struct strbuf added;		/* every '+' line */
	struct strlist identity_files;	/* files whose change needs the identities
					 * (WQ_NON_REENTRANT dropped, schedule_*work added) */
	struct strlist percpu_files;	/* files a '+' line of which says WQ_PERCPU */
};

int series_read(const char *dir, struct vseries *s);	/* -1 with a message */
/* The cache of validate's kept state (WQCHECK_CACHE, XDG, ~/.cache), or NULL. */
char *vcache_root(void);
void series_release(struct vseries *s);
/* The hunk header of patch whose old range starts at line of file. */
char *series_find_hunk(const char *patch_path, const char *file, unsigned line);

/* validate-tree.c: the scratch worktree, configuration and build dirs. */
struct kconfig_db;

/* validate-distcc.c: the objects' compiles through distcc, and where they
 * ran, read from distcc's log. */
struct vdistcc {
	char *hosts;			/* distcc's own syntax (DISTCC_HOSTS) */
	char *log;			/* DISTCC_LOG, in the scratch dir */
	size_t log_read;		/* how far vdistcc_account() read it */
	int slots;			/* distcc -j */
	size_t remote, local, fallbacks;	/* compiles of touched objects */
};

/* validate-trust.c: bubblewrap around every make and compiler. */
struct vsandbox {
	bool on;
	char *why_not;			/* when off: --sandbox=never, no bwrap, ... */
	bool network;			/* kept: distcc must reach its hosts */
	struct strlist writable;	/* bound read-write */
	struct strlist readable;	/* bound read-only under a hidden home */
	struct strlist hidden;		/* a fresh tmpfs over each: home, /root */
};

struct vtree {
	char *tree;			/* the user's tree, absolute */
	char *toplevel;			/* its git top level */
	char *prefix;			/* tree relative to the top level ("" or "corpus/") */
	char *head;			/* the user's HEAD */
	char *scratch;			/* the temp dir */
	char *worktree;			/* scratch/<scratch name> */
	char *srcdir;			/* worktree/prefix: the kernel tree to build */
	char *objdir;			/* where objects go: srcdir/.wqcheck-build or srcdir */
	char *shim;			/* the identities header, scratch/wqcheck-identities.h */
	bool kbuild;			/* a real kernel (scripts/Kbuild.include) */
	bool single_build;		/* its kbuild makes a single object from the
					 * directory that lists it (5.3 on) */
	bool worktree_added;
	char *worktree_entry;		/* <git common dir>/worktrees/<name> */
	char *worktrees_dir;		/* <git common dir>/worktrees */
	bool worktrees_dir_made;	/* it did not exist before us */
	char *config_desc;		/* what configured it, for the report */
	char *arch;			/* SRCARCH */
	struct kconfig_db *kconfig;	/* the Kconfig files of arch, for the reasons */
	bool config_default;		/* nothing given: defconfig, then the touched
					 * objects' symbols (validate-config.c) */
	size_t config_enabled;		/* how many symbols that enabled */
	bool ccache;			/* make CC="ccache gcc" */
	struct strbuf dotconfig;	/* the .config used */
	struct strlist make_args;
	char *compiler_version;		/* <cross>gcc --version, once asked */
	int jobs;
	bool progress;
	bool prepared_from_cache;
	char *builddir;			/* O=, relative to srcdir */
	/* Another arch's build (validate-arch.c) shares the host's worktree
	 * and scratch directory, with its own O= directory: */
	const struct vtree *host;	/* NULL for the host build itself */
	const char *cross_compile;	/* CROSS_COMPILE prefix, or NULL */
	char *defconfig;		/* the arch/X/configs/ file it started from */
	char *failed;			/* why it builds nothing, or NULL */
	struct vtree **targets;		/* the host's: the builds of other arches */
	size_t nr_targets, alloc_targets;
	struct vdistcc *distcc;		/* --distcc; the host's, shared */
	struct vsandbox *sandbox;	/* --sandbox; the host's, shared */
	struct strlist source_gates;	/* CONFIG_ symbols of the #if around the
					 * #include of a touched .c in another */
};

/* The first line git ARGS prints in dir (c may be NULL), or NULL when git
 * fails. */
char *git_line(const char *dir, const char *a, const char *b, const char *c);
int vtree_open(struct vtree *t, const char *tree);
int vtree_add_worktree(struct vtree *t, const char *base);
/* The worktree is added without its files: vcheckout_link() (validate-
 * checkout.c) links them from the base's checkout in the cache, made first
 * if need be, and returns -1 when it cannot; then git writes them. */
int vtree_checkout_worktree(struct vtree *t);
int vcheckout_link(struct vtree *t);
/* Then: srcdir, objdir (made), the shim's path. */
int vtree_finish_worktree(struct vtree *t);
int vtree_configure(struct vtree *t, const char *config);
int vtree_prepare(struct vtree *t, const char *base);
void vtree_remove_worktree(struct vtree *t);
/* make -C srcdir [O=...] -jN ARGS... TARGETS...; output to out. */
int run_make_targets(struct vtree *t, const char *const *targets, struct strbuf *out);
/* The same for a make of objects: through distcc with --distcc. */
int run_make_objects(struct vtree *t, const char *const *targets, struct strbuf *out);
void vtree_release(struct vtree *t);
/* NULL when the configuration builds the object (relative to the tree),
 * else why not, with what would build it. */
bool kbuild_single_build(const char *srcdir);
char *vtree_object_not_built(const struct vtree *t, const char *object);
/* make's name for object when another directory's Makefile lists it under
 * another ("arch/x86/kvm/../../../virt/kvm/eventfd.o"), else NULL. */
char *vtree_object_make_target(const struct vtree *t, const char *object);

/* validate-listing.c: an object that another directory's Makefile lists
 * (through a relative path, a variable, an included file). */
struct vlisting {
	char *dir;			/* the directory kbuild builds it in */
	char *makefile;			/* its Makefile (or Kbuild) */
	char *target;			/* make's name for it there:
					 * arch/x86/kvm/../../../virt/kvm/eventfd.o */
	char *list;			/* the list naming it: "kvm" for kvm-y */
	struct strlist gates;		/* CONFIG_ symbols of that list's line
					 * and of the blocks around it */
};
bool vlisting_find(const struct vtree *t, const char *object, struct vlisting *out);
void vlisting_release(struct vlisting *l);
/* vlisting_find()'s gates and its list's (the composite object's and its
 * directories'), added to gates; nothing when no Makefile lists it. */
void vlisting_gates(const struct vtree *t, const char *object, struct strlist *gates);
/* validate-includers.c: the .c files that #include source (a .c file no
 * Makefile lists), from its own directory or up to two above, added to
 * out; the CONFIG_ symbols of the #if around those #includes to gates
 * (when not NULL). False when none does. */
bool vsource_includers(const char *srcdir, const char *source, struct strlist *out,
		       struct strlist *gates);
/* "a/b/../c/./d" -> "a/c/d" */
char *vpath_normalize(const char *path);
/* The value of CONFIG_<name> in the .config used, or NULL. */
const char *vtree_config_value(const struct vtree *t, const char *symbol, char *buf, size_t len);
/* With no configuration given (after defconfig), or with
 * --enable-touched (after the configuration given): enables the gates of
 * every object in objects (and what they need) with scripts/config, then
 * olddefconfig, until nothing changes; t->dotconfig is reread. Returns the
 * number of symbols enabled, -1 on error. */
int vconfig_cover(struct vtree *t, const char *base, const struct strlist *objects);
/* The make target that fills in a copied .config: olddefconfig, or
 * oldnoconfig on trees older than 3.7. */
const char *vconfig_olddefconfig(const struct vtree *t);
/* validate-apply.c: git in the worktree sees the series' commits, which
 * live in the scratch dir's object store, between enter and leave (which
 * puts the caller's GIT_OBJECT_DIRECTORY and alternates back). */
struct vgit_objects {
	char *objects, *alt;
};
void vgit_objects_enter(const struct vtree *t, struct vgit_objects *saved);
void vgit_objects_leave(struct vgit_objects *saved);
char *vgit_head(const struct vtree *t);		/* the worktree's HEAD commit */
/* validate-apply.c: git am of patches first..last of s in t's worktree, in
 * one run; returns how many applied. When one does not, *error says why (its
 * file:line and hunk) and the ones before it stay applied. */
size_t vseries_apply(struct vtree *t, struct vseries *s, size_t first, size_t last,
		     char **error);
/* The worktree's files as commit has them (git diff HEAD commit applied;
 * the index and HEAD stay): the diff's path to give vtree_files_back(), ""
 * when they already are, NULL when they cannot be (said on stderr). */
char *vtree_files_at(struct vtree *t, const char *commit);
/* The worktree's files as HEAD has them again. */
int vtree_files_back(struct vtree *t, const char *diff);
void vtree_progress(const struct vtree *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Another arch's build beside host: ARCH=arch CROSS_COMPILE=prefix, in its
 * own O= directory of host's worktree, from arch/<arch>/configs/defconfig. */
void vtree_open_target(struct vtree *t, const struct vtree *host, const char *arch,
		       const char *prefix, const char *defconfig);
/* make <defconfig> for it (its .config cached under the cache dir); make's
 * output to out. */
int vtree_configure_target(struct vtree *t, const char *base, struct strbuf *out);
/* vtree_prepare() with make's output to out rather than on stderr. */
int vtree_prepare_out(struct vtree *t, const char *base, struct strbuf *out);
/* objdump, or the cross binutils' one for another arch's build. */
void vtree_tool(const struct vtree *t, const char *tool, struct strbuf *sb);

/* validate-build.c: objects, their warnings and their code;
 * validate-code.c: the code read and compared. */
struct vfunction {
	char *name;			/* section:symbol */
	char *code;			/* normalised disassembly */
};

struct vobject_state {
	bool compiled;
	char *error;			/* first error line when it did not compile */
	struct strlist warnings;	/* normalised: file: warning: message */
	struct strlist sparse_warnings;
	bool sparse_checked;		/* sparse_warnings are known: sparse ran */
	struct vfunction *functions;
	size_t nr_functions;
};

/* How __LINE__ is neutralised in an object's builds (validate-build.c
 * says why): chosen at the base, kept for every patch after it. */
enum vpositions {
	POSITIONS_COUNTER,		/* __LINE__ as __COUNTER__ */
	POSITIONS_CONSTANT,		/* __LINE__ as 0 */
	POSITIONS_RAW,			/* as the compiler has it: neither compiled */
};

struct vobject {
	char *object;			/* relative to the tree: drivers/x/y.o */
	char *source;			/* drivers/x/y.c */
	char *make_target;		/* another directory's Makefile lists it:
					 * make's name for it there, else NULL */
	char *not_built;		/* the configuration does not build it: why */
	bool identities;		/* compare with the 3.7 identities header */
	bool base_failed;		/* the base does not compile it (validate.c) */
	enum vpositions positions;
	bool positions_chosen;		/* it compiled so at the base */
	struct vobject_state state;	/* the reference: base, then after each patch */
	char *state_commit;		/* the worktree's HEAD when state was built */
	char *arch;			/* another arch's object: that arch, else NULL */
	struct vtree *tree;		/* the build it is made in; NULL: the host's */
	unsigned remote_builds, local_builds, fallbacks;	/* with --distcc */
};

/* validate-distcc.c: checks distcc and HOSTS (NULL or "": DISTCC_HOSTS)
 * and sets distcc's environment; *jobs from the hosts' slots when it is 0.
 * -1 with a message. */
int vdistcc_setup(struct vtree *t, const char *hosts, int *jobs);
void vdistcc_release(struct vdistcc *d);
/* The CC= argument of a make of objects (NULL: the usual one), and the
 * environment it needs; _done() takes the environment back. */
char *vdistcc_compiler(const struct vtree *t);
void vdistcc_compiler_done(const struct vtree *t);
/* Counts the compiles of objs distcc logged since the last call. */
void vdistcc_account(struct vtree *t, struct vobject **objs, size_t nr);

/* validate-trust.c: the series' files that are not .c or .h (a build
 * change: a Makefile, Kconfig, a script), into out. */
void vtrust_build_changes(const struct vseries *s, struct strlist *out);
/* --sandbox: NULL or "auto" (bubblewrap when it is installed and works),
 * "always" (-1 with a message when it cannot), "never". */
int vsandbox_setup(struct vtree *t, const char *mode);
void vsandbox_release(struct vsandbox *sb);
/* argv run inside the sandbox (as it is when there is none): a new vector,
 * whose strings argv and the sandbox own; free() it. */
const char **vsandbox_argv(const struct vtree *t, const char *const *argv);

/* validate-arch.c: sets the arch of every object the host build leaves
 * out as another arch's; where that arch's cross compiler is on PATH,
 * adds builds of it to host->targets and moves the objects there
 * (o->tree), their not_built then from that configuration. */
void vcross_setup(struct vtree *host, const char *base, struct vobject **objs, size_t nr);

/* Builds objs (those with not_built NULL) in the worktree: code (with the
 * identities header where an object asks for it), gcc warnings, and with
 * sparse set sparse warnings. Fills states[i] for objs[i]. Returns -1 when
 * make could not run. */
int build_objects(struct vtree *t, struct vobject **objs, size_t nr,
		  struct vobject_state *states, bool sparse);
/* For each objs[i] whose state now[i] has sparse warnings and whose
 * reference objs[i]->state was built without sparse: sparse's warnings at
 * the reference, by running the command sparse had in now[i]'s build on
 * the sources of the reference's commit (restored in the worktree for it,
 * then put back). The new warnings are now's less the reference's, so an
 * object that has none now needs none at its reference. */
void sparse_references(struct vtree *host, struct vobject **objs,
		       const struct vobject_state *now, size_t nr);
void vobject_state_release(struct vobject_state *st);
/* validate-build.c: build_objects() in each build objs are made in, the
 * host's and other arches', with sparse or without it. -1 when the host's
 * make could not run. */
int build_by_tree(struct vtree *host, struct vobject **objs, size_t nr,
		  struct vobject_state *states, bool sparse);
/* validate-neutral.c: the second look at objects whose code differs after
 * a patch that adds WQ_PERCPU (validate-neutral.c says why). now[i] is
 * objs[i]'s state after the patch, verdicts[i] its verdict, changed in
 * place to equal up to the conversion where the second look says so. */
void neutral_second_look(struct vtree *t, const struct vseries *s, struct vobject **objs,
			 struct vpatch_object **verdicts, const struct vobject_state *now,
			 size_t nr);
const char *vpositions_name(enum vpositions p);

/* The tree's values of the flags the 6.17 conversion adds or checks;
 * 0 when its workqueue.h has none. */
struct conversion_flags {
	unsigned long percpu;		/* WQ_PERCPU */
	unsigned long unbound;		/* WQ_UNBOUND */
};

void conversion_flags_read(const char *srcdir, struct conversion_flags *f);
/* Whether after holds more immediates with both
 * flags->percpu and flags->unbound set than before does (WQ_PERCPU added
 * to an unbound workqueue's flags). */
bool percpu_meets_unbound(const struct vobject_state *before, const struct vobject_state *after,
			  const struct conversion_flags *flags);
/* Function names whose code differs (or exists on one side only) in more
 * than the conversion's expected differences: a relocation naming an old
 * name of identity_renames before and its new name after, an immediate
 * that gained flags->percpu (flags NULL: none). What was expected goes to
 * expected (may be NULL) as "f(): system_wq -> system_percpu_wq". */
void compare_code(const struct vobject_state *before, const struct vobject_state *after,
		  const struct conversion_flags *flags, struct strlist *differ,
		  struct strlist *expected);
/* The differing stretch of function's code before and after, as "- insn"
 * and "+ insn" lines under a heading (validate-excerpt.c). */
void code_excerpt(const struct vobject_state *before, const struct vobject_state *after,
		  const char *function, struct strbuf *out);
/* Parses objdump -dr output into functions: raw symbol names, local branch
 * targets numbered, independent constant loads in register order;
 * sections (objdump -s, or NULL) resolves string-literal relocations. */
void disasm_parse(const char *text, const char *sections, struct vfunction **out, size_t *nr);
/* Splits make output into per-object diagnostics of objs[i]: gcc's (and
 * objtool's) warnings[i] and first error errors[i], and what the checker
 * said in its CHECK section, sparse[i]. Exposed for the unit test. */
void make_output_parse(const char *output, struct vobject **objs, size_t nr,
		       struct strlist *warnings, struct strlist *sparse, char **errors);

extern const char *const identity_renames[][2];

/* validate-report.c */
struct vreport {
	const struct vseries *series;
	const struct vtree *tree;
	const char *base;
	const char *base_source;	/* "cover letter" or "TREE's HEAD" */
	struct vobject **objects;
	size_t nr_objects;
	bool rescan_done, rescan_clean;
	struct strlist rescan_rules;
	struct strlist rescan_findings;
	struct strlist rescan_unfixable;	/* found, but no fix is offered */
	bool full_done, full_ok;
	char *full_error;
	struct strlist build_changes;	/* what the series changes besides C sources */
	char *fatal;			/* why the run stopped early */
	int status;
	/* seconds per phase, for the JSON report and bench/ */
	double t_worktree, t_configure, t_prepare, t_arches, t_base, t_patches, t_rescan, t_full, t_total;
};

double validate_now(void);

void report_validate_text(FILE *fp, const struct vreport *r);
void report_validate_json(FILE *fp, const struct vreport *r);

/* validate-plan.c: what a run will cost, said before it builds. */
struct validate_options;
struct vreport;
/* The plan on fp: the patches, the objects, the configuration, the
 * architectures, and an estimate from the last run on this tree (its
 * fixed costs and seconds a build of an object), or why there is none. */
void vplan_print(FILE *fp, const struct vtree *t, const struct validate_options *opts,
		 const struct vseries *series, struct vobject *const *objs, size_t nr_objs);
/* Keeps r's timings for the next run's estimate (best effort). */
void vplan_record(const struct vtree *t, const struct vreport *r, size_t nr_patches);

#endif
