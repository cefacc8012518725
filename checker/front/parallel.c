#include "front/parallel.h"
#include "front/unreadable.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int parallel_jobs(int jobs)
{
	return jobs < 1 ? 1 : jobs > 64 ? 64 : jobs;
}

void parallel_run(int jobs, void *(*worker)(void *), void *arg)
{
	pthread_t threads[64];
	int started = 0, i;

	jobs = parallel_jobs(jobs);
	for (i = 0; i < jobs; i++)
		if (pthread_create(&threads[i], NULL, worker, arg) == 0)
			started++;
	if (!started)
		worker(arg);
	for (i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
}

struct read_pass {
	const char *root;
	int root_fd;
	const struct file_list *files;
	void (*fn)(void *ctx, int thread, size_t index, struct strbuf *text);
	void *ctx;
	atomic_size_t next;
	atomic_int thread;
};

/* File i could not be read (err): unless it is no file to read (tree.h),
 * it is named, or the directory above it the user cannot search, and the
 * run exits 2 (front/unreadable.h). A tree pass that skipped it in silence
 * would drop what it holds: a queueing that makes a finding in another
 * file. */
static void name_unread(const struct read_pass *p, size_t i, int err)
{
	const char *path = p->files->paths[i];
	char *dir;

	if (file_list_absent_error(err))
		return;
	dir = unreadable_closed_directory(p->root, path);
	if (!dir)
		unreadable_add(path, strerror(err));
	free(dir);
}

static void *read_worker(void *arg)
{
	struct read_pass *p = arg;
	int thread = atomic_fetch_add(&p->thread, 1);
	struct strbuf text = STRBUF_INIT, path = STRBUF_INIT;
	/* A symlink or a FIFO git listed is not read (tree.h) */
	int flags = p->files->unchecked ? O_NOFOLLOW | O_NONBLOCK : 0;

	for (;;) {
		size_t i = atomic_fetch_add(&p->next, 1);

		if (i >= p->files->nr)
			break;
		strbuf_reset(&text);
		if (p->root_fd >= 0) {
			if (strbuf_read_file_at(&text, p->root_fd, p->files->paths[i], flags) < 0) {
				name_unread(p, i, errno);
				continue;
			}
			if (!text.buf)
				continue;
		} else {
			strbuf_reset(&path);
			strbuf_addf(&path, "%s/%s", p->root, p->files->paths[i]);
			if (strbuf_read_file_at(&text, AT_FDCWD, path.buf, flags) < 0) {
				name_unread(p, i, errno);
				continue;
			}
			if (!text.buf)
				continue;
		}
		p->fn(p->ctx, thread, i, &text);
	}
	strbuf_release(&text);
	strbuf_release(&path);
	return NULL;
}

void parallel_read_files(const char *root, const struct file_list *files, int jobs,
			 void (*fn)(void *ctx, int thread, size_t index,
				    struct strbuf *text),
			 void *ctx)
{
	struct read_pass p = { .root = root, .files = files, .fn = fn, .ctx = ctx };

	p.root_fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	atomic_init(&p.next, 0);
	atomic_init(&p.thread, 0);
	parallel_run(jobs, read_worker, &p);
	if (p.root_fd >= 0)
		close(p.root_fd);
}
