#include "front/parallel.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
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
			if (strbuf_read_file_at(&text, p->root_fd, p->files->paths[i], flags) < 0 ||
			    !text.buf)
				continue;
		} else {
			strbuf_reset(&path);
			strbuf_addf(&path, "%s/%s", p->root, p->files->paths[i]);
			if (strbuf_read_file_at(&text, AT_FDCWD, path.buf, flags) < 0 ||
			    !text.buf)
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
