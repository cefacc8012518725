// SPDX-License-Identifier: GPL-2.0
/* Input for flush_work_sync.cocci; the expected result is flush_work_sync.res. */
#include <linux/jiffies.h>
#include <linux/printk.h>
#include <linux/workqueue.h>

#define foo_sync_ticks(t)	flush_work_sync(&(t)->tick_work)

struct foo {
	struct work_struct tick_work;
	struct delayed_work poll_work;
	int pending;
};

static void foo_stop(struct foo *f)
{
	flush_work_sync(&f->tick_work);
	flush_delayed_work_sync(&f->poll_work);
	foo_sync_ticks(f);
}

static bool foo_idle(struct foo *f)
{
	if (flush_work_sync(&f->tick_work) || f->pending)
		return false;
	return !flush_delayed_work_sync(&f->poll_work);
}

static int foo_wait(struct foo *f, int timeout)
{
	/* only the renamed call is reformatted: this one keeps its layout */
	return foo_account(f, flush_delayed_work_sync(&f->poll_work),
			   timeout);
}

static void foo_wait_port(struct foo *f, int port)
{
	/* the renamed call is rejoined: it fits in 80 columns */
	flush_delayed_work_sync(foo_port_work(f,
					      port));
}

static int foo_wait_long(struct foo *f, int port_offset)
{
	/* too long to rejoin: continuation lines follow their parenthesis */
	return flush_delayed_work_sync(foo_port_stats_work(f, FOO_PORT_PRIMARY +
							   port_offset)) +
	       flush_work_sync(&f->tick_work);
}

/* Not workqueue calls: a member and a comment naming flush_work_sync(). */
static void foo_ops(struct foo_ops *ops, struct foo *f)
{
	ops->flush_work_sync(f);
}
