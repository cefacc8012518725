// SPDX-License-Identifier: GPL-2.0
/*
 * Acme 10/100 Ethernet: the driver's private workqueue.
 */
#include <linux/workqueue.h>
#include "acme.h"

int acme_wq_init(struct acme_priv *priv, const char *name)
{
	priv->wq = alloc_workqueue("acme-%s", WQ_NON_REENTRANT | WQ_MEM_RECLAIM,
				   0, name);
	if (!priv->wq)
		return -ENOMEM;
	return 0;
}

void acme_wq_exit(struct acme_priv *priv)
{
	flush_workqueue(priv->wq);
	destroy_workqueue(priv->wq);
	priv->wq = NULL;
}

/*
 * check-name: WQ_NON_REENTRANT first in a chain, call rejoined after the fix
 * check-command: wqcheck scan $file
 * check-command: wqcheck scan --diff $file
 */
