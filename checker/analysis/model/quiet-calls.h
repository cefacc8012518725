/*
 * Calls that change nothing two runs of a work item share, so that a lock
 * reading may let them pass outside the lock: a print (printk(), pr_*(),
 * dev_*(), netdev_*(), a driver's DPRINTK()-style debug macro) writes only
 * the kernel log, which printk() serialises itself, and the run's own
 * message; a wait or sleep (wait_event*(), msleep(), usleep_range())
 * writes nothing at all. Either is quiet only with arguments that write
 * nothing and call nothing but what is quiet or converts a value
 * (msecs_to_jiffies()): a print of `x++` is not.
 */
#ifndef WQCHECK_QUIET_CALLS_H
#define WQCHECK_QUIET_CALLS_H

#include "front/source-cache.h"

#include <stdbool.h>

/* name is a print or a wait by the kernel's naming. */
bool quiet_call_name(const char *name);
/* Tokens [first, last] (a statement, its `;` included or not) are one
 * quiet call with quiet arguments, alone or under an `if` whose condition
 * writes nothing (`if (!status) netdev_warn(...)`). The caller tells
 * whether `local = wait_event_timeout(...)` writes only a local and asks
 * about what follows the `=`. dead marks the tokens of #if 0 (may be
 * NULL). */
bool quiet_statement(const struct lexed_file *lf, const bool *dead, long first, long last);

#endif
