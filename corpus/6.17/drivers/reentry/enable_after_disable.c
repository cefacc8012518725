// SPDX-License-Identifier: GPL-2.0
/*
 * Condition 3 kept by the enable idiom (6.10+): the refill item is
 * initialised and disabled at set-up, so the queueing of put_buffer() does
 * nothing until the connection is up, where INIT_WORK() enables the item
 * again (smb's transport_rdma.c does this with its refill and immediate
 * items). INIT_* after a queueing in the same function is a warning
 * elsewhere; here the file disables the item, so a note that says why.
 */
#include <linux/smp.h>
#include <linux/workqueue.h>

struct ead_conn {
	struct workqueue_struct *wq;
	unsigned long credits;
	struct work_struct refill;
};

static void ead_refill(struct work_struct *work)
{
	struct ead_conn *c = container_of(work, struct ead_conn, refill);

	c->credits++;
}

static void ead_put_buffer(struct ead_conn *c)
{
	c->credits--;
	queue_work(c->wq, &c->refill);
}

void ead_connected(struct ead_conn *c)
{
	ead_put_buffer(c);
	INIT_WORK(&c->refill, ead_refill);
}

void ead_setup(struct ead_conn *c)
{
	INIT_WORK(&c->refill, ead_refill);
	disable_work(&c->refill);
}

/*
 * check-name: INIT_* that enables an item the file disabled: a note, not a warning
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/reentry/enable_after_disable.c:35:9: note: INIT_WORK re-initialises &c->refill after queue_work() queued it at line 34 of the same function (on c->wq): the item may still be pending there (line 41 disables the item: if it is still disabled here, that queueing did nothing and this INIT_* enables it again, which is safe): INIT_* clears the pending bit and the list head of an item that may be on a worklist (list corruption, a lost or doubled run), whatever lock the work takes; initialise it once where it is set up, requeue it without INIT_*, and cancel_*_sync() it before any re-initialisation [WQ015]
drivers/reentry/enable_after_disable.c:29:9: note: &c->refill is queued here with queue_work()
 * check-output-end
 */
