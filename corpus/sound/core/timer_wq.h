/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _SOUND_CORE_TIMER_WQ_H_
#define _SOUND_CORE_TIMER_WQ_H_

#include <linux/types.h>

struct snd_timer;
struct snd_card;

struct snd_timer *snd_timer_new(struct snd_card *card);
void snd_timer_interrupt(struct snd_timer *timer);
int snd_timer_stop(struct snd_timer *timer);
void snd_timer_free(struct snd_timer *timer);

#endif /* _SOUND_CORE_TIMER_WQ_H_ */
