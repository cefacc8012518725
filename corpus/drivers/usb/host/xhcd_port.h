/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DRIVERS_USB_HOST_XHCD_PORT_H_
#define _DRIVERS_USB_HOST_XHCD_PORT_H_

#include <linux/types.h>

struct xhcd_hcd;

int xhcd_start(struct xhcd_hcd *hcd, int irq);
void xhcd_stop(struct xhcd_hcd *hcd, int irq);

#endif /* _DRIVERS_USB_HOST_XHCD_PORT_H_ */
