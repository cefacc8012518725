// SPDX-License-Identifier: GPL-2.0
/*
 * An event queue whose event work hands its buffer back by kicking it
 * again, and the kick re-initialises the work: the item is re-initialised
 * by its own work function while it runs (virtio_scsi's shape before its
 * INIT_WORK moved to probe).
 */
#include <linux/smp.h>
#include <linux/workqueue.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define EV_LEN 4

struct ev_host;

struct ev_node {
	struct ev_host *host;
	int event;
	struct work_struct work;
};

struct ev_host {
	int stop;
	int nr;
	struct ev_node list[EV_LEN];
};

void *ev_priv(void *dev);
int ev_add_inbuf(struct ev_node *node);

static void ev_handle(struct work_struct *work);

static int ev_kick(struct ev_host *host, struct ev_node *node)
{
	INIT_WORK(&node->work, ev_handle);
	return host->stop ? 0 : ev_add_inbuf(node);
}

static void ev_handle(struct work_struct *work)
{
	struct ev_node *node = container_of(work, struct ev_node, work);

	node->event = 0;
	ev_kick(node->host, node);
}

/* an event arrived in node's buffer */
void ev_done(struct ev_node *node)
{
	queue_work(system_percpu_wq, &node->work);
}

static void ev_kick_all(struct ev_host *host)
{
	int i;

	for (i = 0; i < EV_LEN; i++) {
		host->list[i].host = host;
		ev_kick(host, &host->list[i]);
	}
}

static void ev_cancel_all(struct ev_host *host)
{
	int i;

	host->stop = 1;
	for (i = 0; i < EV_LEN; i++)
		cancel_work_sync(&host->list[i].work);
}

int ev_probe(void *dev)
{
	struct ev_host *host;

	host = ev_priv(dev);
	if (!host)
		return -ENOMEM;
	host->stop = 0;
	host->nr = EV_LEN;
	ev_kick_all(host);
	return 0;
}

void ev_remove(void *dev)
{
	ev_cancel_all(ev_priv(dev));
}
