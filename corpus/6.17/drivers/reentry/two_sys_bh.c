// SPDX-License-Identifier: GPL-2.0
/*
 * A card slot's cover item queued on the two BH workqueues, as omap's MMC
 * host queues its own: the cover timer and the probe queue it on
 * system_bh_wq, the board's cover notifier on system_bh_highpri_wq. A run
 * from one may overlap a run from the other on another CPU (WQ014). Both
 * run their work in softirq context and two of its three queueings name
 * system_bh_wq, so series queues the notifier's there too. The card item
 * beside it is queued once on system_highpri_wq and once on
 * system_long_wq: as many on each, so which one it wants is the driver's
 * choice, and series writes no fix for it. The banner is a line longer
 * than 100 columns that the fix does not touch, so it does not stop it.
 */
#include <linux/smp.h>
#include <linux/workqueue.h>

struct tb_slot {
	int cover_open;
	int covers;
	int cards;
	struct work_struct cover_work;
	struct work_struct card_work;
};

static const char tb_banner[] = "two_sys_bh: the cover switch and card detect of one slot, queued from its timer, its probe and the board";

static void tb_cover(struct work_struct *work)
{
	struct tb_slot *s = container_of(work, struct tb_slot, cover_work);

	s->covers++;
}

static void tb_card(struct work_struct *work)
{
	struct tb_slot *s = container_of(work, struct tb_slot, card_work);

	s->cards++;
}

void tb_notify_cover(struct tb_slot *s, int open)
{
	s->cover_open = open;
	queue_work(system_bh_highpri_wq, &s->cover_work);
}

void tb_cover_timer(struct tb_slot *s)
{
	queue_work(system_bh_wq, &s->cover_work);
}

void tb_card_irq(struct tb_slot *s)
{
	queue_work(system_highpri_wq, &s->card_work);
}

void tb_card_retry(struct tb_slot *s)
{
	queue_work(system_long_wq, &s->card_work);
}

const char *tb_probe(struct tb_slot *s)
{
	INIT_WORK(&s->cover_work, tb_cover);
	INIT_WORK(&s->card_work, tb_card);
	queue_work(system_bh_wq, &s->cover_work);
	return tb_banner;
}

void tb_remove(struct tb_slot *s)
{
	cancel_work_sync(&s->cover_work);
	cancel_work_sync(&s->card_work);
}
