/* A pass over many files on several threads: each thread runs the same
 * worker, which takes its next item from a shared atomic counter. */
#ifndef WQCHECK_PARALLEL_H
#define WQCHECK_PARALLEL_H

#include "lib/strbuf.h"
#include "front/tree.h"

/* How many threads parallel_run() starts for jobs: 1 to 64. */
int parallel_jobs(int jobs);

/* Runs worker(arg) on parallel_jobs(jobs) threads and waits for them;
 * when no thread can be started, runs it once on this one. */
void parallel_run(int jobs, void *(*worker)(void *), void *arg);

/* Reads every file of files (relative to root), parallel_jobs(jobs) at a
 * time, and hands each text to fn with the reading thread's number (0 to
 * parallel_jobs(jobs) - 1) and the file's index; fn may keep the text
 * (strbuf_detach). A file that cannot be read is skipped, and named
 * (front/unreadable.h) unless it is no file to read (tree.h). */
void parallel_read_files(const char *root, const struct file_list *files, int jobs,
			 void (*fn)(void *ctx, int thread, size_t index,
				    struct strbuf *text),
			 void *ctx);

#endif
