// SPDX-License-Identifier: GPL-2.0
/*
 * HD-audio jack detection: debounced unsolicited events.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>
#include <sound/core.h>
#include "hda_jack.h"

#define HDA_JACK_DEBOUNCE	msecs_to_jiffies(30)

/* Debounce an event; a jack is polled by one CPU at a time. */
#define hda_jack_defer(jack, delay)				\
	queue_delayed_work(system_nrt_wq, &(jack)->work, (delay))

struct hda_jack {
	struct snd_card *card;
	struct mutex lock;
	unsigned int nid;
	unsigned int present;
	struct delayed_work work;
	struct delayed_work poll_work;
};

static void hda_jack_work(struct work_struct *work)
{
	struct hda_jack *jack = container_of(to_delayed_work(work),
					     struct hda_jack, work);

	mutex_lock(&jack->lock);
	jack->present = !jack->present;
	mutex_unlock(&jack->lock);
}

static void hda_jack_poll(struct work_struct *work)
{
	struct hda_jack *jack = container_of(to_delayed_work(work),
					     struct hda_jack, poll_work);

	hda_jack_defer(jack, 0);
	schedule_delayed_work(&jack->poll_work, HZ);
}

void hda_jack_unsol_event(struct hda_jack *jack)
{
	hda_jack_defer(jack, HDA_JACK_DEBOUNCE);
}

struct hda_jack *hda_jack_new(struct snd_card *card, unsigned int nid)
{
	struct hda_jack *jack = kzalloc(sizeof(*jack), GFP_KERNEL);

	if (!jack)
		return NULL;
	jack->card = card;
	jack->nid = nid;
	mutex_init(&jack->lock);
	INIT_DELAYED_WORK(&jack->work, hda_jack_work);
	INIT_DEFERRABLE_WORK(&jack->poll_work, hda_jack_poll);
	return jack;
}

void hda_jack_free(struct hda_jack *jack)
{
	cancel_delayed_work_sync(&jack->poll_work);
	flush_delayed_work_sync(&jack->work);
	kfree(jack);
}

/*
 * check-name: queue_delayed_work(system_nrt_wq) in a macro body
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
sound/pci/hda/hda_jack.c:18:28: warning: queue_delayed_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_delayed_work() [WQ003]
sound/pci/hda/hda_jack.c:70:9: warning: flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work() [WQ002]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/sound/pci/hda/hda_jack.c b/sound/pci/hda/hda_jack.c
--- a/sound/pci/hda/hda_jack.c
+++ b/sound/pci/hda/hda_jack.c
@@ -15,7 +15,7 @@

 /\* Debounce an event; a jack is polled by one CPU at a time. *\/
 #define hda_jack_defer(jack, delay)				\
-	queue_delayed_work(system_nrt_wq, &(jack)->work, (delay))
+	schedule_delayed_work(&(jack)->work, (delay))

 struct hda_jack {
 	struct snd_card *card;
@@ -67,7 +67,7 @@ struct hda_jack *hda_jack_new(struct snd_card *card, unsigned int nid)
 void hda_jack_free(struct hda_jack *jack)
 {
 	cancel_delayed_work_sync(&jack->poll_work);
-	flush_delayed_work_sync(&jack->work);
+	flush_delayed_work(&jack->work);
 	kfree(jack);
 }

 * check-output-end
 */
