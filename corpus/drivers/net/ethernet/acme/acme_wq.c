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
 * check-exit: 1
 * check-output-start
drivers/net/ethernet/acme/acme_wq.c:10:47: warning: WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]
 * check-output-end
 *
 * check-command: wqcheck scan --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/net/ethernet/acme/acme_wq.c b/drivers/net/ethernet/acme/acme_wq.c
--- a/drivers/net/ethernet/acme/acme_wq.c
+++ b/drivers/net/ethernet/acme/acme_wq.c
@@ -7,8 +7,7 @@

 int acme_wq_init(struct acme_priv *priv, const char *name)
 {
-	priv->wq = alloc_workqueue("acme-%s", WQ_NON_REENTRANT | WQ_MEM_RECLAIM,
-				   0, name);
+	priv->wq = alloc_workqueue("acme-%s", WQ_MEM_RECLAIM, 0, name);
 	if (!priv->wq)
 		return -ENOMEM;
 	return 0;
 * check-output-end
 */
