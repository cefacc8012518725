/*
 * The conditions an INIT_* (or any token) sits under in its function, read
 * from the tokens: the if-statements around it, and what they test. The
 * non-reentrance rules ask whether a test keeps the item idle there: a
 * static flag that makes the block run once, a pending test that misses a
 * running item, a flag that the work function clears before it is done.
 */
#ifndef WQCHECK_INIT_GUARD_H
#define WQCHECK_INIT_GUARD_H

#include "front/source-cache.h"

#include <stdbool.h>
#include <stddef.h>

#define INIT_GUARD_MAX 16

/* One if-statement around a token: the tokens of its condition between
 * the parentheses, and whether the token is on its else side. */
struct guard_cond {
	size_t first, last;
	bool negated;
};

/* The conditions around token tok of fn, outermost first; how many (at
 * most max). An else-if or a braceless else is not followed: conditions
 * past it are left out, never guessed. */
size_t init_guard_conditions(const struct lexed_file *lf, const struct source_function *fn,
			     size_t tok, struct guard_cond *out, size_t max);
/* Whether the condition's tokens name ident. */
bool guard_cond_names(const struct lexed_file *lf, const struct guard_cond *c,
		      const char *ident);

/* tok is under `if (!x)` or `if (x == 0)` (x a variable, or a member of
 * something: p->service) whose block sets x to something else: a state
 * that keeps a second pass out until someone sets it back. x's last name
 * (allocated), *member whether it is a member, *line where it is set;
 * NULL when tok is under no such test. */
char *init_guard_state(const struct source_file *f, const struct source_function *fn,
		       size_t tok, bool *member, unsigned *line);
/* init_guard_state()'s test around tok, of a variable (not a member)
 * declared static in fn or at file scope, which nothing in f sets back
 * to 0 or false: the block runs once for the system's life (acpi's
 * video_detect.c: `static bool init_done` set in the block it guards).
 * Only f can name such a variable, so f is all there is to read. Its
 * name (allocated) and *line where it is set; NULL otherwise. */
char *init_guard_once(const struct source_file *f, const struct source_function *fn,
		      size_t tok, unsigned *line);
/* tok sits under a case label of a switch on a counter the switch steps
 * itself (`switch (++ctx->cur_step)`, or `x++`): every call moves past
 * the case that queued the running stage, so a call from that stage's run
 * never reaches the case again (ext4's bio_post_read_processing()). */
bool init_guard_stepping_switch(const struct lexed_file *lf, const struct source_function *fn,
				size_t tok);
/* The test of state x (init_guard_state()'s) around tok as written
 * (`HOSTDATA(shpnt)->service`, allocated) when it reaches x through a
 * pointer: a state of each object the function is called for, not one
 * for all; NULL otherwise. */
char *init_guard_state_per_object(const struct lexed_file *lf, const struct source_function *fn,
				  size_t tok, const char *x);
/* The line where fn (NULL: any function of f) sets state x back to 0 or
 * false, or 0; *after: the statements that follow it in that function and
 * do work (flag_cleared_in()'s count). */
unsigned state_reset_in(const struct source_file *f, const struct source_function *fn,
			const char *x, bool member, unsigned *after);
/* tok is under a test of whether the item is pending (work_pending(),
 * delayed_work_pending(), work_busy()): the line of that test, or 0. */
unsigned init_guard_pending_test(const struct lexed_file *lf,
				 const struct source_function *fn, size_t tok);
/* tok is under `!(x & FLAG)`, `!test_bit(FLAG, ...)` or
 * `!test_and_set_bit(FLAG, ...)`: FLAG (allocated), or NULL. */
char *init_guard_flag(const struct lexed_file *lf, const struct source_function *fn,
		      size_t tok);
/* Where fn clears FLAG (`&= ~FLAG`, clear_bit(FLAG, ...)): its line, or 0;
 * *before_end: how many statements follow it that are not a return or an
 * unlock (the work still runs after the flag lets another queueing in). */
unsigned flag_cleared_in(const struct lexed_file *lf, const struct source_function *fn,
			 const char *flag, unsigned *before_end);

#endif
