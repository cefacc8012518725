// SPDX-License-Identifier: GPL-2.0
/*
 * WQ015 on an object reused from a free list: the event work copies its
 * event and puts its own object back on the free list under the id's lock
 * as it starts, and the event handler takes an object off that list,
 * re-initialises its item and queues it on pe_wq, the one ordered
 * workqueue every event goes to. The object is reused only after its run
 * released it, nothing queues it between, and a new run on an ordered
 * workqueue waits for the one still running: no finding (iwcm's
 * cm_event_handler() and cm_work_handler() on v7.0). The same pool on a
 * workqueue that is not ordered stays a note (tests/t-reentry.sh flips it).
 */
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

static struct workqueue_struct *pe_wq;

struct pe_id {
	spinlock_t lock;
	struct list_head work_free_list;
	int events;
};

struct pe_work {
	struct work_struct work;
	struct pe_id *id;
	struct list_head free_list;
	int event;
};

static struct pe_work *pe_get_work(struct pe_id *id)
{
	struct pe_work *work;

	if (list_empty(&id->work_free_list))
		return NULL;
	work = list_first_entry(&id->work_free_list, struct pe_work, free_list);
	list_del_init(&work->free_list);
	return work;
}

static void pe_put_work(struct pe_work *work)
{
	list_add(&work->free_list, &work->id->work_free_list);
}

static void pe_work_handler(struct work_struct *_work)
{
	struct pe_work *work = container_of(_work, struct pe_work, work);
	struct pe_id *id = work->id;
	unsigned long flags;
	int event;

	spin_lock_irqsave(&id->lock, flags);
	event = work->event;
	pe_put_work(work);
	spin_unlock_irqrestore(&id->lock, flags);
	id->events += event;
}

int pe_event_handler(struct pe_id *id, int event)
{
	struct pe_work *work;
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&id->lock, flags);
	work = pe_get_work(id);
	if (!work) {
		ret = -ENOMEM;
		goto out;
	}
	INIT_WORK(&work->work, pe_work_handler);
	work->id = id;
	work->event = event;
	queue_work(pe_wq, &work->work);
out:
	spin_unlock_irqrestore(&id->lock, flags);
	return ret;
}

int pe_init(void)
{
	pe_wq = alloc_ordered_workqueue("pe_wq", WQ_MEM_RECLAIM);
	return pe_wq ? 0 : -ENOMEM;
}

/*
 * check-name: WQ015 on a free-list object its own run put back, queued on one ordered workqueue: no finding
 * check-command: wqcheck scan --rules=WQ013,WQ014,WQ015 $file
 * check-exit: 0
 */
