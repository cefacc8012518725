#include "parallel.h"

#include <pthread.h>

void parallel_run(int jobs, void *(*worker)(void *), void *arg)
{
	pthread_t threads[64];
	int started = 0, i;

	if (jobs < 1)
		jobs = 1;
	if (jobs > 64)
		jobs = 64;
	for (i = 0; i < jobs; i++)
		if (pthread_create(&threads[i], NULL, worker, arg) == 0)
			started++;
	if (!started)
		worker(arg);
	for (i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
}
