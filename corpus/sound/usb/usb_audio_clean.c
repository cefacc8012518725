// SPDX-License-Identifier: GPL-2.0
/*
 * USB audio: clock source validation on resume.  Clean: it already uses
 * the API every workqueue promises since 3.7.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/usb.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <sound/core.h>

struct snd_usb_audio {
	struct usb_interface *intf;
	struct snd_card *card;
	unsigned int clock_id;
	struct work_struct clock_work;
	struct delayed_work retire_work;
};

static void snd_usb_clock_work(struct work_struct *work)
{
	struct snd_usb_audio *chip = container_of(work, struct snd_usb_audio,
						  clock_work);

	chip->clock_id++;
}

static void snd_usb_retire_work(struct work_struct *work)
{
	struct delayed_work *dwork = to_delayed_work(work);
	struct snd_usb_audio *chip = container_of(dwork, struct snd_usb_audio,
						  retire_work);

	chip->clock_id = 0;
}

static int snd_usb_audio_probe(struct usb_interface *intf,
			       const struct usb_device_id *id)
{
	struct snd_usb_audio *chip;

	chip = kzalloc(sizeof(*chip), GFP_KERNEL);
	if (!chip)
		return -ENOMEM;
	chip->intf = intf;
	INIT_WORK(&chip->clock_work, snd_usb_clock_work);
	INIT_DELAYED_WORK(&chip->retire_work, snd_usb_retire_work);
	usb_set_intfdata(intf, chip);
	queue_work(system_wq, &chip->clock_work);
	return 0;
}

static void snd_usb_audio_disconnect(struct usb_interface *intf)
{
	struct snd_usb_audio *chip = usb_get_intfdata(intf);

	flush_work(&chip->clock_work);
	flush_delayed_work(&chip->retire_work);
	cancel_delayed_work_sync(&chip->retire_work);
	kfree(chip);
}

static struct usb_driver snd_usb_audio_driver = {
	.name		= "snd-usb-audio-clean",
	.probe		= snd_usb_audio_probe,
	.disconnect	= snd_usb_audio_disconnect,
};

static int __init snd_usb_audio_init(void)
{
	return usb_register(&snd_usb_audio_driver);
}

static void __exit snd_usb_audio_cleanup(void)
{
	usb_deregister(&snd_usb_audio_driver);
}

module_init(snd_usb_audio_init);
module_exit(snd_usb_audio_cleanup);
MODULE_LICENSE("GPL");

/*
 * check-name: clean sound driver; sound/ and a file elsewhere scanned together
 * check-command: wqcheck scan $file
 * check-exit: 0
 *
 * check-command: wqcheck scan corpus/sound corpus/fs/xyz/super.c
 * check-exit: 1
 * check-output-start
fs/xyz/super.c:32:52: warning: WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]
fs/xyz/super.c:60:25: warning: system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use system_wq [WQ003]
sound/core/timer_wq.c:16:33: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
sound/core/timer_wq.c:21:17: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
sound/core/timer_wq.c:85:13: warning: flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]
sound/pci/hda/hda_jack.c:18:28: warning: queue_delayed_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_delayed_work() [WQ003]
sound/pci/hda/hda_jack.c:70:9: warning: flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work() [WQ002]
sound/soc/codecs/wm_codec.c:43:20: warning: system_nrt_freezable_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_freezable_wq gives the same guarantee; use system_freezable_wq [WQ004]
sound/soc/codecs/wm_codec.c:57:25: warning: system_nrt_freezable_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_freezable_wq gives the same guarantee; use system_freezable_wq [WQ004]
 * check-output-end
 *
 * check-command: wqcheck scan --format=report corpus/sound/pci
 * check-exit: 1
 * check-output-start
sound/pci/hda/hda_jack.c:18:20-33: queue_delayed_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_delayed_work() [WQ003]
sound/pci/hda/hda_jack.c:70:1-24: flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work() [WQ002]
 * check-output-end
 */
