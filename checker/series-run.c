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

/* The children running now, for series_stop_child() in a signal handler. */
#define MAX_PARALLEL 64
static volatile pid_t running[MAX_PARALLEL];

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

/* A started job: its pid and the read ends of its stdout and stderr. */
struct child {
	struct series_job *job;
	pid_t pid;
	int out, err;
	bool out_open, err_open;
};

static void exec_child(const struct series_job *job, int outp[2], int errp[2])
{
	int in = open(job->input ? job->input : "/dev/null", O_RDONLY);
	const char *const *env;

	/* The parent cleans up on signals; the child just dies. */
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	if (in >= 0)
		dup2(in, 0);
	dup2(outp[1], 1);
	dup2(errp[1], 2);
	close(outp[0]);
	close(outp[1]);
	close(errp[0]);
	close(errp[1]);
	if (job->dir && chdir(job->dir) < 0) {
		dprintf(2, "cannot change to %s: %s\n", job->dir,
			strerror(errno));
		_exit(127);
	}
	for (env = job->env; env && *env; env++)
		putenv((char *)*env);
	execvp(job->argv[0], (char *const *)job->argv);
	dprintf(2, "cannot run %s: %s\n", job->argv[0], strerror(errno));
	_exit(127);
}

static bool start_child(struct series_job *job, struct child *c, size_t slot)
{
	int outp[2], errp[2];

	if (pipe(outp) < 0)
		return false;
	if (pipe(errp) < 0) {
		close(outp[0]);
		close(outp[1]);
		return false;
	}
	fflush(NULL);
	c->pid = fork();
	if (c->pid < 0) {
		close(outp[0]);
		close(outp[1]);
		close(errp[0]);
		close(errp[1]);
		return false;
	}
	if (c->pid == 0)
		exec_child(job, outp, errp);
	running[slot] = c->pid;
	close(outp[1]);
	close(errp[1]);
	c->job = job;
	c->out = outp[0];
	c->err = errp[0];
	c->out_open = c->err_open = true;
	return true;
}

static void reap_child(struct child *c, size_t slot)
{
	int status;

	close(c->out);
	close(c->err);
	c->job->status = -1;
	while (waitpid(c->pid, &status, 0) < 0)
		if (errno != EINTR)
			goto out;
	if (WIFEXITED(status))
		c->job->status = WEXITSTATUS(status);
out:
	running[slot] = 0;
	c->job = NULL;
}

void series_run_jobs(struct series_job *jobs, size_t nr, int parallel)
{
	struct child children[MAX_PARALLEL] = { 0 };
	struct pollfd fds[2 * MAX_PARALLEL];
	size_t next = 0, active = 0, i;

	if (parallel < 1)
		parallel = 1;
	if (parallel > MAX_PARALLEL)
		parallel = MAX_PARALLEL;
	while (next < nr || active) {
		for (i = 0; i < (size_t)parallel && next < nr; i++) {
			if (children[i].job)
				continue;
			if (start_child(&jobs[next], &children[i], i))
				active++;
			else
				jobs[next].status = -1;
			next++;
		}
		for (i = 0; i < (size_t)parallel; i++) {
			struct child *c = &children[i];

			fds[2 * i].fd = c->job && c->out_open ? c->out : -1;
			fds[2 * i + 1].fd = c->job && c->err_open ? c->err : -1;
			fds[2 * i].events = fds[2 * i + 1].events = POLLIN;
			fds[2 * i].revents = fds[2 * i + 1].revents = 0;
		}
		if (active && poll(fds, 2 * (nfds_t)parallel, -1) < 0 &&
		    errno != EINTR)
			break;
		for (i = 0; i < (size_t)parallel; i++) {
			struct child *c = &children[i];

			if (!c->job)
				continue;
			if (fds[2 * i].revents)
				drain(c->out, c->job->out, &c->out_open);
			if (fds[2 * i + 1].revents)
				drain(c->err, c->job->err, &c->err_open);
			if (!c->out_open && !c->err_open) {
				reap_child(c, i);
				active--;
			}
		}
	}
	/* Only when poll failed: whatever still runs is reaped, not left. */
	for (i = 0; i < (size_t)parallel; i++)
		if (children[i].job)
			reap_child(&children[i], i);
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
	struct series_job job = { .argv = argv, .dir = dir, .env = env,
				  .input = input, .out = out, .err = err };

	series_run_jobs(&job, 1, 1);
	return job.status;
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
	size_t i;

	for (i = 0; i < MAX_PARALLEL; i++) {
		pid_t pid = running[i];
		int status;

		if (pid <= 0)
			continue;
		kill(pid, SIGTERM);
		waitpid(pid, &status, 0);
		running[i] = 0;
	}
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
