/*
 * What runs a function: a timer's callback or an interrupt handler, read
 * from its signature, or a method of an irq_chip, read from its signature
 * and the table its file sets it in. Each runs again with no regard to an
 * item it queued last time (a timer or interrupt whenever its source
 * fires; an irq_chip method for each interrupt line of the chip, each
 * time one is started, enabled or masked), so an INIT_* there meets the
 * item still pending unless something shows otherwise.
 */
#ifndef WQCHECK_CALLBACK_KIND_H
#define WQCHECK_CALLBACK_KIND_H

#include "front/source-cache.h"

#include <stdbool.h>

enum callback_kind {
	CALLBACK_NONE,
	CALLBACK_TIMER,		/* takes a struct timer_list * (or hrtimer) */
	CALLBACK_IRQ,		/* irqreturn_t f(int, void *) */
	CALLBACK_IRQ_CHIP,	/* f(struct irq_data *), set as an irq_chip's
				 * .irq_startup, .irq_unmask, ... in its file */
};

enum callback_kind function_callback_kind(const struct lexed_file *lf,
					  const struct source_function *fn);
/* The kind of the one function of f that calls fn, a static function of
 * f called nowhere else, when fn has no kind of its own (v6.19's idxd_halt(),
 * called only from the misc interrupt thread): *via names that caller. */
enum callback_kind function_callback_kind_via_caller(const struct source_file *f,
						     const struct source_function *fn,
						     const char **via);
/* fn runs once: an __init function, or one an initcall or module_init()
 * names. */
bool function_runs_once(const struct source_file *f, const struct source_function *fn);
/* "a timer callback", "an interrupt handler", "an irq_chip method" or "". */
const char *callback_kind_name(enum callback_kind k);

#endif
