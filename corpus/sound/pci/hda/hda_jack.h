/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _SOUND_PCI_HDA_HDA_JACK_H_
#define _SOUND_PCI_HDA_HDA_JACK_H_

#include <linux/types.h>

struct hda_jack;
struct snd_card;

void hda_jack_unsol_event(struct hda_jack *jack);
struct hda_jack *hda_jack_new(struct snd_card *card, unsigned int nid);
void hda_jack_free(struct hda_jack *jack);

#endif /* _SOUND_PCI_HDA_HDA_JACK_H_ */
