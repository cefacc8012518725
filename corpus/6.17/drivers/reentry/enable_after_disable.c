// SPDX-License-Identifier: GPL-2.0
/*
 * Condition 3 kept by the enable idiom (6.10+): the refill item is
 * initialised and disabled at set-up, so the queueing of put_buffer() does
 * nothing until the connection is up, where INIT_WORK() enables the item
 * again (smb's transport_rdma.c does this with its refill and immediate
 * items). INIT_* after a queueing in the same function is a warning
 * elsewhere; here the item is created disabled and nothing but that
 * INIT_* enables it, so the queueing did nothing: no finding (DESIGN.md
 * 1c; it was a note until the strict reading of issue 39).
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
 * check-name: INIT_* that enables an item created disabled: no finding
 * check-command: wqcheck scan $file
 * check-exit: 0
 */
