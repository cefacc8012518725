#include "series-run.h"
#include "usage.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile pid_t current_child;

static void drain(int fd, struct strbuf *sb, bool *open_)
{
	char buf[65536];
	ssize_t n = read(fd, buf, sizeof(buf));

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n <= 0) {
		*open_ = false;
		return;
	}
	if (sb)
		strbuf_add(sb, buf, (size_t)n);
}

int series_run(const char *const *argv, const char *dir, const char *const *env,
	       struct strbuf *out, struct strbuf *err)
{
	return series_run_input(argv, dir, env, NULL, out, err);
}

int series_run_input(const char *const *argv, const char *dir,
		     const char *const *env, const char *input,
		     struct strbuf *out, struct strbuf *err)
{
	int outp[2], errp[2], status;
	bool out_open = true, err_open = true;
	pid_t pid;

	if (pipe(outp) < 0)
		return -1;
	if (pipe(errp) < 0) {
		close(outp[0]);
		close(outp[1]);
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		close(outp[0]);
		close(outp[1]);
		close(errp[0]);
		close(errp[1]);
		return -1;
	}
	if (pid == 0) {
		int devnull = open(input ? input : "/dev/null", O_RDONLY);

		/* The parent cleans up on signals; the child just dies. */
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		if (devnull >= 0)
			dup2(devnull, 0);
		dup2(outp[1], 1);
		dup2(errp[1], 2);
		close(outp[0]);
		close(outp[1]);
		close(errp[0]);
		close(errp[1]);
		if (dir && chdir(dir) < 0) {
			dprintf(2, "cannot change to %s: %s\n", dir,
				strerror(errno));
			_exit(127);
		}
		for (; env && *env; env++)
			putenv((char *)*env);
		execvp(argv[0], (char *const *)argv);
		dprintf(2, "cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	current_child = pid;
	close(outp[1]);
	close(errp[1]);
	while (out_open || err_open) {
		struct pollfd fds[2] = {
			{ .fd = out_open ? outp[0] : -1, .events = POLLIN },
			{ .fd = err_open ? errp[0] : -1, .events = POLLIN },
		};

		if (poll(fds, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (fds[0].revents)
			drain(outp[0], out, &out_open);
		if (fds[1].revents)
			drain(errp[0], err, &err_open);
	}
	close(outp[0]);
	close(errp[0]);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			current_child = 0;
			return -1;
		}
	}
	current_child = 0;
	if (!WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

int series_git_va(const char *dir, const char *const *env, struct strbuf *out,
		  struct strbuf *err, va_list ap)
{
	const char *argv[64];
	size_t n = 0;

	argv[n++] = "git";
	while (n < 63 && (argv[n] = va_arg(ap, const char *)))
		n++;
	argv[n] = NULL;
	return series_run(argv, dir, env, out, err);
}

int series_git(const char *dir, const char *const *env, struct strbuf *out,
	       struct strbuf *err, ...)
{
	va_list ap;
	int status;

	va_start(ap, err);
	status = series_git_va(dir, env, out, err, ap);
	va_end(ap);
	return status;
}

void series_stop_child(void)
{
	pid_t pid = current_child;
	int status;

	if (pid <= 0)
		return;
	kill(pid, SIGTERM);
	waitpid(pid, &status, 0);
	current_child = 0;
}

const char *series_first_line(struct strbuf *err)
{
	char *nl;

	if (!err->len)
		return "no message";
	nl = strchr(err->buf, '\n');
	if (nl)
		*nl = '\0';
	return err->buf;
}
