// SPDX-License-Identifier: GPL-2.0
/*
 * WM-style codec: headphone detection and DC servo calibration.
 * Both must stop while the system is suspending, so they run on a
 * freezable workqueue.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

struct wm_codec {
	struct device *dev;
	struct mutex lock;
	int hp_state;
	int servo_offset;
	struct workqueue_struct *detect_wq;
	struct delayed_work hp_work;
	struct work_struct servo_work;
};

static void wm_codec_servo(struct work_struct *work)
{
	struct wm_codec *wm = container_of(work, struct wm_codec, servo_work);

	mutex_lock(&wm->lock);
	wm->servo_offset = 0;
	mutex_unlock(&wm->lock);
}

static void wm_codec_hp_detect(struct work_struct *work)
{
	struct wm_codec *wm = container_of(to_delayed_work(work),
					   struct wm_codec, hp_work);

	mutex_lock(&wm->lock);
	wm->hp_state ^= 1;
	mutex_unlock(&wm->lock);
	/* recalibrate after a plug event; system_nrt_freezable_wq as above */
	queue_work(system_nrt_freezable_wq, &wm->servo_work);
}

static int wm_codec_probe(struct platform_device *pdev)
{
	struct wm_codec *wm;

	wm = devm_kzalloc(&pdev->dev, sizeof(*wm), GFP_KERNEL);
	if (!wm)
		return -ENOMEM;
	wm->dev = &pdev->dev;
	mutex_init(&wm->lock);
	INIT_DELAYED_WORK(&wm->hp_work, wm_codec_hp_detect);
	INIT_WORK(&wm->servo_work, wm_codec_servo);
	wm->detect_wq = system_nrt_freezable_wq;
	queue_delayed_work(wm->detect_wq, &wm->hp_work,
			   msecs_to_jiffies(250));
	platform_set_drvdata(pdev, wm);
	return 0;
}

static int wm_codec_remove(struct platform_device *pdev)
{
	struct wm_codec *wm = platform_get_drvdata(pdev);

	cancel_delayed_work_sync(&wm->hp_work);
	cancel_work_sync(&wm->servo_work);
	flush_workqueue(system_freezable_wq);
	return 0;
}

static struct platform_driver wm_codec_driver = {
	.probe	= wm_codec_probe,
	.remove	= wm_codec_remove,
	.driver	= {
		.name	= "wm-codec",
	},
};
module_platform_driver(wm_codec_driver);

MODULE_LICENSE("GPL");

/*
 * check-name: system_nrt_freezable_wq queued on and assigned
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
sound/soc/codecs/wm_codec.c:43:20: warning: system_nrt_freezable_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_freezable_wq gives the same guarantee; use system_freezable_wq [WQ004]
sound/soc/codecs/wm_codec.c:57:25: warning: system_nrt_freezable_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_freezable_wq gives the same guarantee; use system_freezable_wq [WQ004]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/sound/soc/codecs/wm_codec.c b/sound/soc/codecs/wm_codec.c
--- a/sound/soc/codecs/wm_codec.c
+++ b/sound/soc/codecs/wm_codec.c
@@ -39,8 +39,8 @@ static void wm_codec_hp_detect(struct work_struct *work)
 	mutex_lock(&wm->lock);
 	wm->hp_state ^= 1;
 	mutex_unlock(&wm->lock);
-	/\* recalibrate after a plug event; system_nrt_freezable_wq as above *\/
-	queue_work(system_nrt_freezable_wq, &wm->servo_work);
+	/\* recalibrate after a plug event; system_freezable_wq as above *\/
+	queue_work(system_freezable_wq, &wm->servo_work);
 }

 static int wm_codec_probe(struct platform_device *pdev)
@@ -54,7 +54,7 @@ static int wm_codec_probe(struct platform_device *pdev)
 	mutex_init(&wm->lock);
 	INIT_DELAYED_WORK(&wm->hp_work, wm_codec_hp_detect);
 	INIT_WORK(&wm->servo_work, wm_codec_servo);
-	wm->detect_wq = system_nrt_freezable_wq;
+	wm->detect_wq = system_freezable_wq;
 	queue_delayed_work(wm->detect_wq, &wm->hp_work,
 			   msecs_to_jiffies(250));
 	platform_set_drvdata(pdev, wm);
 * check-output-end
 */
