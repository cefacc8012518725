// SPDX-License-Identifier: GPL-2.0
/*
 * Sound timer: deferred tick delivery to slave timers.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <sound/core.h>
#include "timer_wq.h"

#define SNDRV_TIMER_SLAVES	4

/* Wait for the tick work on every CPU it may still be running on. */
#define snd_timer_sync_ticks(t)	flush_work_sync(&(t)->tick_work)

#define snd_timer_sync_all(t)					\
	do {							\
		snd_timer_sync_ticks(t);			\
		flush_work_sync(&(t)->slave_work);		\
	} while (0)

struct snd_timer {
	struct snd_card *card;
	spinlock_t lock;
	unsigned long ticks;
	unsigned int running;
	struct work_struct tick_work;
	struct work_struct slave_work;
};

static void snd_timer_tick_work(struct work_struct *work)
{
	struct snd_timer *timer = container_of(work, struct snd_timer,
					       tick_work);
	unsigned long flags;

	spin_lock_irqsave(&timer->lock, flags);
	timer->ticks++;
	spin_unlock_irqrestore(&timer->lock, flags);
}

static void snd_timer_slave_work(struct work_struct *work)
{
	struct snd_timer *timer = container_of(work, struct snd_timer,
					       slave_work);

	spin_lock_irq(&timer->lock);
	timer->running = SNDRV_TIMER_SLAVES;
	spin_unlock_irq(&timer->lock);
}

struct snd_timer *snd_timer_new(struct snd_card *card)
{
	struct snd_timer *timer;

	timer = kzalloc(sizeof(*timer), GFP_KERNEL);
	if (!timer)
		return NULL;
	timer->card = card;
	spin_lock_init(&timer->lock);
	INIT_WORK(&timer->tick_work, snd_timer_tick_work);
	INIT_WORK(&timer->slave_work, snd_timer_slave_work);
	return timer;
}

void snd_timer_interrupt(struct snd_timer *timer)
{
	schedule_work(&timer->tick_work);
	if (timer->running)
		schedule_work(&timer->slave_work);
}

int snd_timer_stop(struct snd_timer *timer)
{
	timer->running = 0;
	snd_timer_sync_ticks(timer);
	return 0;
}

void snd_timer_free(struct snd_timer *timer)
{
	snd_timer_sync_all(timer);
	if (flush_work_sync(&timer->tick_work))
		snd_printd("snd_timer: tick was still pending\n");
	kfree(timer);
}

/*
 * check-name: flush_work_sync inside #define bodies and in a condition
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
sound/core/timer_wq.c:16:33: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
sound/core/timer_wq.c:21:17: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
sound/core/timer_wq.c:85:13: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/sound/core/timer_wq.c b/sound/core/timer_wq.c
--- a/sound/core/timer_wq.c
+++ b/sound/core/timer_wq.c
@@ -13,12 +13,12 @@
 #define SNDRV_TIMER_SLAVES	4

 /\* Wait for the tick work on every CPU it may still be running on. *\/
-#define snd_timer_sync_ticks(t)	flush_work_sync(&(t)->tick_work)
+#define snd_timer_sync_ticks(t)	flush_work(&(t)->tick_work)

 #define snd_timer_sync_all(t)					\
 	do {							\
 		snd_timer_sync_ticks(t);			\
-		flush_work_sync(&(t)->slave_work);		\
+		flush_work(&(t)->slave_work);			\
 	} while (0)

 struct snd_timer {
@@ -82,7 +82,7 @@ int snd_timer_stop(struct snd_timer *timer)
 void snd_timer_free(struct snd_timer *timer)
 {
 	snd_timer_sync_all(timer);
-	if (flush_work_sync(&timer->tick_work))
+	if (flush_work(&timer->tick_work))
 		snd_printd("snd_timer: tick was still pending\n");
 	kfree(timer);
 }
 * check-output-end
 */
