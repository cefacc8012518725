/* Child processes for validate (git, make, objdump) and string lists. */
#include "lib/usage.h"
#include "products/validate-priv.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile pid_t running_child;

void run_kill_child(int sig)
{
	pid_t pid = running_child;

	/* make runs its compilers in our process group; they get the signal
	 * from the terminal anyway, SIGTERM sent to us alone must reach them. */
	if (pid > 0) {
		kill(pid, sig);
		/* make passes the signal on and reaps its compilers: then
		 * nothing writes into the scratch dir being removed */
		waitpid(pid, NULL, 0);
	}
}

int run_command(const char *dir, const char *const *argv, struct strbuf *out)
{
	int fds[2], status;
	pid_t pid;
	char buf[65536];
	ssize_t n;

	if (pipe(fds) < 0)
		return -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (!pid) {
		int devnull = open("/dev/null", O_RDONLY);

		if (devnull >= 0)
			dup2(devnull, 0);
		dup2(fds[1], 1);
		dup2(fds[1], 2);
		close(fds[0]);
		close(fds[1]);
		if (dir && chdir(dir) < 0) {
			fprintf(stderr, "cannot chdir to %s: %s\n", dir, strerror(errno));
			_exit(127);
		}
		/* messages in English: warnings are compared as text */
		setenv("LC_ALL", "C", 1);
		execvp(argv[0], (char *const *)argv);
		fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	running_child = pid;
	close(fds[1]);
	while ((n = read(fds[0], buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (out)
			strbuf_add(out, buf, (size_t)n);
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			running_child = 0;
			return -1;
		}
	running_child = 0;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return -1;
}

int run_commandv(const char *dir, struct strbuf *out, ...)
{
	const char *argv[64];
	size_t n = 0;
	va_list ap;

	va_start(ap, out);
	while (n < 63 && (argv[n] = va_arg(ap, const char *)))
		n++;
	va_end(ap);
	argv[n] = NULL;
	return run_command(dir, argv, out);
}

void strlist_add_nodup(struct strlist *l, char *s)
{
	ALLOC_GROW(l->items, l->nr, l->alloc);
	l->items[l->nr++] = s;
}

void strlist_add(struct strlist *l, const char *s)
{
	strlist_add_nodup(l, xstrdup(s));
}

bool strlist_has(const struct strlist *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (!strcmp(l->items[i], s))
			return true;
	return false;
}

void strlist_release(struct strlist *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		free(l->items[i]);
	free(l->items);
	l->items = NULL;
	l->nr = l->alloc = 0;
}

void strlist_subtract(const struct strlist *after, const struct strlist *before,
		      struct strlist *out)
{
	bool *used = xcalloc(before->nr + 1, sizeof(*used));
	size_t i, j;

	for (i = 0; i < after->nr; i++) {
		for (j = 0; j < before->nr; j++)
			if (!used[j] && !strcmp(after->items[i], before->items[j]))
				break;
		if (j < before->nr)
			used[j] = true;
		else
			strlist_add(out, after->items[i]);
	}
	free(used);
}
