/* The files that mention the names, as the tree's reading lexes them: each
 * one's rows and sites read on the thread that read it (its own slot), then
 * merged in the order of the files. Read and lexed once more after the
 * reading, they cost a tenth of a whole-tree audit. */
#include "analysis/callers/classify-priv.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* One file's rows and sites. */
struct file_sites {
	struct audit rows;
	struct collected col;
};

struct file_sites **file_sites_new(size_t nr_files)
{
	return xcalloc(nr_files + 1, sizeof(struct file_sites *));
}

/* The work-item index is not read here: the items are resolved after. */
void read_file_sites(const struct lexical_pass *lp, struct file_sites **slot,
		     const struct source_file *f)
{
	struct lexical_pass own = *lp;
	struct file_sites *fs = xcalloc(1, sizeof(*fs));

	own.rows = &fs->rows;
	own.calls_only = lp->in_scope && !lp->in_scope(f->path, lp->scope_ctx);
	scan_file(&own, f, &fs->col);
	*slot = fs;
}

/* Moves from's items to the end of list. */
#define APPEND(list, from)                                             \
	do {                                                           \
		if ((from).nr) {                                       \
			ALLOC_GROW((list).items, (list).nr + (from).nr, \
				   (list).alloc);                      \
			memcpy((list).items + (list).nr, (from).items, \
			       (from).nr * sizeof(*(from).items));     \
			(list).nr += (from).nr;                        \
		}                                                      \
		free((from).items);                                    \
	} while (0)

/* A file's rows and sites after those of the files before it. */
static void merge_file(struct audit *rows, struct collected *col,
		       struct file_sites *fs)
{
	size_t offset = rows->nr, i;

	for (i = 0; i < fs->col.systems.nr; i++)
		fs->col.systems.items[i].row += offset;
	for (i = 0; i < fs->col.allocs.nr; i++)
		fs->col.allocs.items[i].row += offset;
	if (fs->rows.nr) {
		ALLOC_GROW(rows->rows, rows->nr + fs->rows.nr, rows->alloc);
		memcpy(rows->rows + rows->nr, fs->rows.rows,
		       fs->rows.nr * sizeof(*rows->rows));
		rows->nr += fs->rows.nr;
	}
	free(fs->rows.rows);
	APPEND(col->systems, fs->col.systems);
	APPEND(col->calls, fs->col.calls);
	APPEND(col->allocs, fs->col.allocs);
}

/* Every file's sites in the order of the files, their items resolved
 * against the whole tree's work-item index; frees all. */
void merge_file_sites(struct lexical_pass *lp, struct file_sites **all,
		      size_t nr_files, struct collected *col)
{
	size_t i;

	for (i = 0; i < nr_files; i++)
		if (all[i]) {
			merge_file(lp->rows, col, all[i]);
			free(all[i]);
		}
	free(all);
	for (i = 0; i < col->systems.nr; i++)
		if (col->systems.items[i].has_item)
			pending_item_resolve(&col->systems.items[i].item,
					     &lp->a->idx);
	for (i = 0; i < col->calls.nr; i++)
		pending_item_resolve(&col->calls.items[i].item, &lp->a->idx);
}
