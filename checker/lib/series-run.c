#include "lib/series-run.h"
#include "lib/cleanup.h"
#include "lib/usage.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_PARALLEL 64

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

extern char **environ;

/* The environment with job's entries added (replacing those of the same
 * name): posix_spawn takes it whole. */
static char **child_environment(const struct series_job *job)
{
	size_t n = 0, extra = 0, i, j;
	char **env;

	while (environ[n])
		n++;
	while (job->env && job->env[extra])
		extra++;
	env = xcalloc(n + extra + 1, sizeof(*env));
	for (i = j = 0; i < n; i++) {
		size_t k, len = strcspn(environ[i], "=");

		for (k = 0; k < extra; k++)
			if (!strncmp(job->env[k], environ[i], len) &&
			    job->env[k][len] == '=')
				break;
		if (k == extra)
			env[j++] = environ[i];
	}
	for (i = 0; i < extra; i++)
		env[j++] = (char *)job->env[i];
	env[j] = NULL;
	return env;
}

/*
 * posix_spawn, not fork: wqcheck holds hundreds of megabytes by the time
 * series runs git, and a fork copies their page tables for each of the
 * hundreds of git processes (seconds of system time on 6.1); glibc's
 * posix_spawn shares the memory until the exec.
 */
static bool start_child(struct series_job *job, struct child *c)
{
	posix_spawn_file_actions_t actions;
	posix_spawnattr_t attr;
	sigset_t defaults, mask, unblocked;
	int outp[2], errp[2], rc;
	char **env;

	if (pipe2(outp, O_CLOEXEC) < 0)
		return false;
	if (pipe2(errp, O_CLOEXEC) < 0) {
		close(outp[0]);
		close(outp[1]);
		return false;
	}
	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_addopen(&actions, 0,
					 job->input ? job->input : "/dev/null",
					 O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&actions, outp[1], 1);
	/* err == out: one stream, in the order the child wrote it. */
	posix_spawn_file_actions_adddup2(&actions,
					 job->err && job->err == job->out ?
					 outp[1] : errp[1], 2);
	if (job->dir)
		posix_spawn_file_actions_addchdir_np(&actions, job->dir);
	/* The child starts with every signal at its default action and none
	 * blocked, whatever this process does with them: the parent cleans
	 * up on signals, a child just dies. glibc's posix_spawn also runs no
	 * handler of ours between its clone and the exec. */
	posix_spawnattr_init(&attr);
	sigfillset(&defaults);
	posix_spawnattr_setsigdefault(&attr, &defaults);
	sigemptyset(&mask);
	posix_spawnattr_setsigmask(&attr, &mask);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
	env = child_environment(job);
	fflush(NULL);
	/* A signal before the child is registered would clean up without
	 * stopping it: it would go on writing into a directory being removed.
	 * (The child's own mask is the empty one set above.) */
	cleanup_block_signals(&unblocked);
	rc = posix_spawnp(&c->pid, job->argv[0], &actions, &attr,
			  (char *const *)job->argv, env);
	if (rc == 0)
		cleanup_add_child(c->pid);
	cleanup_restore_signals(&unblocked);
	free(env);
	posix_spawn_file_actions_destroy(&actions);
	posix_spawnattr_destroy(&attr);
	close(outp[1]);
	close(errp[1]);
	if (rc != 0) {
		/* As a shell would say it, for series_first_line(). */
		if (job->err)
			strbuf_addf(job->err, "cannot run %s: %s\n",
				    job->argv[0], strerror(rc));
		close(outp[0]);
		close(errp[0]);
		return false;
	}
	c->job = job;
	c->out = outp[0];
	c->err = errp[0];
	c->out_open = c->err_open = true;
	return true;
}

static void reap_child(struct child *c)
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
	cleanup_forget_child(c->pid);
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
			if (start_child(&jobs[next], &children[i]))
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
				reap_child(c);
				active--;
			}
		}
	}
	/* Only when poll failed: whatever still runs is reaped, not left. */
	for (i = 0; i < (size_t)parallel; i++)
		if (children[i].job)
			reap_child(&children[i]);
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
