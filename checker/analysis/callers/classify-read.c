/* Reading the files that mention the names, each lexed on its own on one
 * of -j threads, and their rows and sites merged in the order of the
 * files. */
#include "analysis/callers/classify-priv.h"
#include "front/parallel.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* The file lexed on its own, outside the analysis' cache (which its own
 * thread may be filling meanwhile): most are read once. */
static struct source_file *lex_alone(const char *root, const char *path)
{
	struct strbuf text = STRBUF_INIT, abs = STRBUF_INIT;
	size_t len;

	strbuf_addf(&abs, "%s/%s", root, path);
	if (strbuf_read_file(&text, abs.buf) < 0 || !text.buf ||
	    memchr(text.buf, '\0', text.len)) {
		strbuf_release(&text);
		strbuf_release(&abs);
		return NULL;
	}
	strbuf_release(&abs);
	len = text.len;
	return source_file_new(path, strbuf_detach(&text), len);
}

/* One file's rows and sites, read on a thread. */
struct file_sites {
	struct audit rows;
	struct collected col;
};

struct file_pass {
	const struct lexical_pass *lp;
	const char *root;
	const size_t *files; /* indexes into a->all */
	struct file_sites *out; /* one per file */
	size_t nr;
	atomic_size_t next;
};

/* The work-item index, the file list and the era are only read here. */
static void *file_worker(void *arg)
{
	struct file_pass *p = arg;

	for (;;) {
		size_t k = atomic_fetch_add(&p->next, 1);
		struct lexical_pass lp;
		struct source_file *f;

		if (k >= p->nr)
			break;
		lp = *p->lp;
		lp.rows = &p->out[k].rows;
		f = lex_alone(p->root, lp.a->all.paths[p->files[k]]);
		if (!f)
			continue;
		scan_file(&lp, f, &p->out[k].col);
		source_file_free(f);
	}
	return NULL;
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

/* What each file that mentions the names says, on -j threads, in the order
 * of the files. */
void read_files(struct lexical_pass *lp, const bool *mentions, int jobs,
		       struct collected *col)
{
	struct tree_reading *a = lp->a;
	struct file_pass p = { .lp = lp, .root = a->sc.root };
	size_t *files = xcalloc(a->all.nr + 1, sizeof(*files)), i;

	for (i = 0; i < a->all.nr; i++)
		if (mentions[i] && !audit_is_api_file(a->all.paths[i]))
			files[p.nr++] = i;
	p.files = files;
	p.out = xcalloc(p.nr + 1, sizeof(*p.out));
	atomic_init(&p.next, 0);
	parallel_run(jobs, file_worker, &p);
	for (i = 0; i < p.nr; i++)
		merge_file(lp->rows, col, &p.out[i]);
	free(p.out);
	free(files);
}
