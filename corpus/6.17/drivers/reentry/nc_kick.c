// SPDX-License-Identifier: GPL-2.0
/*
 * ev_kick.c's event queue without a teardown that cancels the items: the
 * INIT_WORK is on the live path all the same (WQ015), but series moves it
 * only where a cancel_*_sync() stops the items on removal, so it writes no
 * fix here and says why.
 */
#include <linux/smp.h>
#include <linux/workqueue.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define NC_LEN 4

struct nc_host;

struct nc_node {
	struct nc_host *host;
	int event;
	struct work_struct work;
};

struct nc_host {
	int stop;
	int nr;
	struct nc_node list[NC_LEN];
};

void *nc_priv(void *dev);
int nc_add_inbuf(struct nc_node *node);

static void nc_handle(struct work_struct *work);

static int nc_kick(struct nc_host *host, struct nc_node *node)
{
	INIT_WORK(&node->work, nc_handle);
	return host->stop ? 0 : nc_add_inbuf(node);
}

static void nc_handle(struct work_struct *work)
{
	struct nc_node *node = container_of(work, struct nc_node, work);

	node->event = 0;
	nc_kick(node->host, node);
}

/* an event arrived in node's buffer */
void nc_done(struct nc_node *node)
{
	queue_work(system_percpu_wq, &node->work);
}

static void nc_kick_all(struct nc_host *host)
{
	int i;

	for (i = 0; i < NC_LEN; i++) {
		host->list[i].host = host;
		nc_kick(host, &host->list[i]);
	}
}

static void nc_cancel_all(struct nc_host *host)
{
	host->stop = 1;
}

int nc_probe(void *dev)
{
	struct nc_host *host;

	host = nc_priv(dev);
	if (!host)
		return -ENOMEM;
	host->stop = 0;
	host->nr = NC_LEN;
	nc_kick_all(host);
	return 0;
}

void nc_remove(void *dev)
{
	nc_cancel_all(nc_priv(dev));
}
