// SPDX-License-Identifier: GPL-2.0
/*
 * tty flip buffer push: defer the line discipline receive path.  The
 * push must stop across suspend, hence the freezable workqueue.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include "tty_flip_wq.h"

struct tty_bufhead {
	spinlock_t lock;
	unsigned int pending_bytes;
	unsigned long flush_interval_jiffies;
	struct work_struct work;
	struct delayed_work flush_timer_work;
};

static void flush_to_ldisc(struct work_struct *work)
{
	struct tty_bufhead *buf = container_of(work, struct tty_bufhead, work);
	unsigned long flags;

	spin_lock_irqsave(&buf->lock, flags);
	buf->pending_bytes = 0;
	spin_unlock_irqrestore(&buf->lock, flags);
}

static void tty_flush_timer(struct work_struct *work)
{
	struct tty_bufhead *buf = container_of(to_delayed_work(work),
					       struct tty_bufhead,
					       flush_timer_work);

	queue_work(system_nrt_freezable_wq, &buf->work);
	queue_delayed_work(system_nrt_freezable_wq, &buf->flush_timer_work,
			   buf->flush_interval_jiffies);
}

void tty_flip_buffer_push(struct tty_bufhead *buf)
{
	queue_work(system_nrt_freezable_wq,
		   &buf->work);
}

void tty_buffer_init(struct tty_bufhead *buf)
{
	spin_lock_init(&buf->lock);
	buf->flush_interval_jiffies = HZ / 10;
	INIT_WORK(&buf->work, flush_to_ldisc);
	INIT_DELAYED_WORK(&buf->flush_timer_work, tty_flush_timer);
}

void tty_buffer_flush_work(struct tty_bufhead *buf)
{
	cancel_delayed_work_sync(&buf->flush_timer_work);
	flush_work_sync(&buf->work);
}

MODULE_LICENSE("GPL");

/*
 * check-name: system_nrt_freezable_wq in multi-line calls
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/char/tty_flip_wq.c:37:20: warning: system_nrt_freezable_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_freezable_wq gives the same guarantee; use system_freezable_wq [WQ004]
drivers/char/tty_flip_wq.c:38:28: warning: system_nrt_freezable_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_freezable_wq gives the same guarantee; use system_freezable_wq [WQ004]
drivers/char/tty_flip_wq.c:44:20: warning: system_nrt_freezable_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_freezable_wq gives the same guarantee; use system_freezable_wq [WQ004]
drivers/char/tty_flip_wq.c:59:9: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/char/tty_flip_wq.c b/drivers/char/tty_flip_wq.c
--- a/drivers/char/tty_flip_wq.c
+++ b/drivers/char/tty_flip_wq.c
@@ -34,15 +34,14 @@ static void tty_flush_timer(struct work_struct *work)
 					       struct tty_bufhead,
 					       flush_timer_work);

-	queue_work(system_nrt_freezable_wq, &buf->work);
-	queue_delayed_work(system_nrt_freezable_wq, &buf->flush_timer_work,
+	queue_work(system_freezable_wq, &buf->work);
+	queue_delayed_work(system_freezable_wq, &buf->flush_timer_work,
 			   buf->flush_interval_jiffies);
 }

 void tty_flip_buffer_push(struct tty_bufhead *buf)
 {
-	queue_work(system_nrt_freezable_wq,
-		   &buf->work);
+	queue_work(system_freezable_wq, &buf->work);
 }

 void tty_buffer_init(struct tty_bufhead *buf)
@@ -56,7 +55,7 @@ void tty_buffer_init(struct tty_bufhead *buf)
 void tty_buffer_flush_work(struct tty_bufhead *buf)
 {
 	cancel_delayed_work_sync(&buf->flush_timer_work);
-	flush_work_sync(&buf->work);
+	flush_work(&buf->work);
 }

 MODULE_LICENSE("GPL");
 * check-output-end
 */
