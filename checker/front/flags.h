/* Compiler flags for libclang: a compile database's entries cleaned of what
 * only GCC understands, or flags inferred for a kernel tree that was never
 * configured or built. */
#ifndef WQCHECK_FLAGS_H
#define WQCHECK_FLAGS_H

#include <stdbool.h>
#include <stddef.h>

struct arg_list {
	char **args;
	int nr, alloc;
};

void arg_list_add(struct arg_list *al, const char *arg);
void arg_list_release(struct arg_list *al);

/* True when clang would reject or misread this GCC option; *takes_value is set
 * when the next argument belongs to it. */
bool gcc_only_flag(const char *arg, bool *takes_value);

/* Turns a compiler command line (argv[0] is the compiler) into libclang
 * arguments: drops GCC-only options, output and dependency options and the
 * source file, and makes relative paths absolute against directory. */
void clean_compile_args(const char *const *argv, int argc, const char *directory,
			const char *source, struct arg_list *out);

struct compile_db;

/* Loads DIR/compile_commands.json; dies with one line if it is missing,
 * unreadable or malformed. */
struct compile_db *compile_db_load(const char *dir);
void compile_db_free(struct compile_db *db);
size_t compile_db_size(const struct compile_db *db);
/* The cleaned arguments for absolute path, or false when the database has no entry. */
bool compile_db_lookup(const struct compile_db *db, const char *abs_path, struct arg_list *out);

/* Flags for a file of the tree at root (relative path rel), for arch
 * (NULL: taken from an arch/<a>/ path, else x86). */
void infer_kernel_flags(const char *root, const char *rel, const char *arch,
			struct arg_list *out);

/* Splits a shell command line (as compile_commands.json's "command"). */
int split_command(const char *cmd, struct arg_list *out);

#endif
