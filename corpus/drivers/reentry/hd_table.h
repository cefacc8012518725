/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HD_TABLE_H
#define _HD_TABLE_H

#include <linux/list.h>
#include <linux/mutex.h>

struct hd_table {
	void (*event_fn)(void *context);
	void *event_context;
	int events;
};

struct hd_jack {
	struct mutex mutex;
	int status;
};

struct hd_mount {
	struct list_head expire;
	int expired;
};

void hd_table_event(struct hd_table *t);
void hd_table_event_late(struct hd_table *t);
void hd_jack_report(struct hd_jack *jack, int status);
void hd_mark_expired(struct list_head *mounts);

#endif
