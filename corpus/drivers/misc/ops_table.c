// SPDX-License-Identifier: GPL-2.0
/*
 * A small accelerator framework: backends fill an ops table, the core
 * calls through it.  Several identifiers look like workqueue APIs and
 * are not.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include "ops_table.h"

struct accel_dev;

struct accel_ops {
	int (*submit)(struct accel_dev *adev, u32 cmd);
	/* wait until the backend's own command queue is empty */
	bool (*flush_work_sync)(struct accel_dev *adev);
	unsigned int WQ_NON_REENTRANT;	/* backend is not reentrant */
};

struct accel_dev {
	const struct accel_ops *ops;
	struct workqueue_struct *wq;
	struct work_struct submit_work;
	u32 last_cmd;
};

/* Queue on whichever workqueue the caller names. */
#define ACCEL_QUEUE(system_nrt_wq, adev)			\
	queue_work((system_nrt_wq), &(adev)->submit_work)

static void accel_submit_work(struct work_struct *work)
{
	struct accel_dev *adev = container_of(work, struct accel_dev,
					      submit_work);

	adev->ops->submit(adev, adev->last_cmd);
}

int accel_submit(struct accel_dev *adev, u32 cmd)
{
	struct workqueue_struct *system_nrt_wq = adev->wq;

	adev->last_cmd = cmd;
	if (adev->ops->WQ_NON_REENTRANT && work_pending(&adev->submit_work))
		return -EBUSY;
	return queue_work(system_nrt_wq, &adev->submit_work);
}

bool accel_quiesce(struct accel_dev *adev)
{
	bool flush_delayed_work_sync = adev->ops->flush_work_sync(adev);

	flush_work(&adev->submit_work);
	return flush_delayed_work_sync;
}

int accel_init(struct accel_dev *adev, const struct accel_ops *ops)
{
	adev->ops = ops;
	adev->wq = system_wq;
	INIT_WORK(&adev->submit_work, accel_submit_work);
	return ACCEL_QUEUE(adev->wq, adev);
}

MODULE_LICENSE("GPL");

/*
 * check-name: struct members, a macro parameter and locals named like APIs
 * check-command: wqcheck scan $file
 * check-exit: 0
 *
 * check-command: wqcheck scan --clang=always $file
 * check-exit: 0
 *
 * check-command: wqcheck scan --clang=never $file
 * check-exit: 0
 */
