#ifndef __SOUND_CORE_H
#define __SOUND_CORE_H

#include <linux/types.h>
#include <linux/device.h>
#include <linux/mutex.h>

struct snd_card {
	int number;
	char id[16];
	char driver[16];
	char shortname[32];
	struct device *dev;
	void *private_data;
	struct mutex mutex;
};

struct snd_kcontrol;

extern int snd_card_create(int idx, const char *id, struct module *module,
			   int extra_size, struct snd_card **card_ret);
extern int snd_card_free(struct snd_card *card);
extern int snd_card_register(struct snd_card *card);

#define snd_printk(fmt, ...)	printk(fmt, ##__VA_ARGS__)
#define snd_printd(fmt, ...)	printk(KERN_DEBUG fmt, ##__VA_ARGS__)

#endif /* __SOUND_CORE_H */
