/* A pass over many files on several threads: each thread runs the same
 * worker, which takes its next item from a shared atomic counter. */
#ifndef WQCHECK_PARALLEL_H
#define WQCHECK_PARALLEL_H

/* Runs worker(arg) on jobs threads (clamped to 1..64) and waits for them;
 * when no thread can be started, runs it once on this one. */
void parallel_run(int jobs, void *(*worker)(void *), void *arg);

#endif
