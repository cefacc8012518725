/* The work-item index: for each work item of the tree, its work function.
 *
 * A work item is named by a key that does not depend on the file it is
 * spelled in, so that `&p->work` in one file finds the INIT_WORK in another:
 *   struct T.member.path     a member of a struct (through a pointer or not)
 *   struct T.pcpu[].work     through a per-CPU pointer or an array
 *   var NAME / file F var NAME   a global / a file's static variable
 *   percpu NAME.member       a DEFINE_PER_CPU variable
 * Bindings come from INIT_WORK and its relatives, PREPARE_*WORK, DECLARE_*WORK
 * and assignments of a work item's .func. Keys are lexical: the type of a
 * local or parameter comes from its declaration in the enclosing function. */
#ifndef WQCHECK_WORKITEM_INDEX_H
#define WQCHECK_WORKITEM_INDEX_H

#include "front/source-cache.h"

struct work_binding {
	char *key;
	char *function;			/* the work function's name */
	char *file;			/* where the binding is */
	unsigned line, column;
	const char *how;		/* INIT_WORK, DECLARE_DELAYED_WORK, .func = ... */
	/* Read while its file is lexed, so that a rule can see without
	 * lexing the file again that a binding has nothing to tell: */
	char *in_function;		/* the function around it (NULL: none) */
	char *in_function_callers;	/* the functions of the file that call it, */
	char *in_function_callees;	/* and the names it calls: each name
					 * followed by '\n'; NULL: none */	bool type_local;		/* its key's struct is defined in its own
					 * .c file (local-struct.h) */
};

struct workitem_index {
	struct work_binding *bindings;
	size_t nr, alloc;
	struct strmap by_key;		/* key -> struct binding_list * */
};

/* How a work item expression names its item. */
struct item_shape {
	char *key;			/* NULL: not an item we can name */
	char *alias;			/* a per-CPU variable's item by its struct type */
	bool per_cpu;			/* one item per CPU: per_cpu(), per-CPU pointer, [cpu] */
	char *cpu;			/* the expression choosing the CPU's instance:
					 * "cpu", or "@current" for this_cpu_ptr() & co */
	bool is_parameter;		/* a parameter of the function: a helper's argument */
	bool own_parameter;		/* the work_struct parameter itself: in a work
					 * function, its own item */
};

void item_shape_release(struct item_shape *s);
/* per_cpu(), per_cpu_ptr(), this_cpu_ptr() & co: a call that picks one
 * CPU's instance (*two_args: it takes the CPU as its second argument). */
bool is_cpu_instance_accessor(const char *name, bool *two_args);

/* Names the item of expression tokens [first, last] of f (the argument of
 * INIT_WORK or queue_work_on). */
void workitem_shape(const struct source_file *f, size_t first, size_t last,
		    struct item_shape *out);

/* Adds the bindings of file f. */
void workitem_index_add_file(struct workitem_index *idx, const struct source_file *f);
/* A copy of b, its place included. */
void workitem_index_add_copy(struct workitem_index *idx, const struct work_binding *b);
void workitem_index_add(struct workitem_index *idx, const char *key, const char *function,
			const char *file, unsigned line, unsigned column, const char *how);
/* Sorts the bindings and builds the key map; call once after adding. */
void workitem_index_finish(struct workitem_index *idx);
/* `&x->dw.work` is the work_struct of the delayed item x->dw: key (ending
 * in .work) is cut to x->dw when delayed(ctx, x->dw) says it is one. */
void workitem_key_to_delayed(char *key, bool (*delayed)(const void *ctx, const char *key),
			     const void *ctx);
/* Whether key is bound as a delayed item (INIT_DELAYED_WORK, ...). */
bool workitem_index_binds_delayed(const struct workitem_index *idx, const char *key);
/* The bindings of key (also tried without a trailing ".work", which names
 * the work_struct inside a delayed_work). */
struct work_binding *const *workitem_index_lookup(const struct workitem_index *idx,
						  const char *key, size_t *nr);
void workitem_index_release(struct workitem_index *idx);

/* The macros that bind an item to its function, for prefilters. */
extern const char *const workitem_binding_macros[];

#endif
