// SPDX-License-Identifier: GPL-2.0
/* Input of wq_refused_flags.cocci: the rtw88 USB rx workqueue as the
 * reverted migration patch made it, WQ_BH with a max_active, and the calls
 * __alloc_workqueue() accepts. */
#include <linux/workqueue.h>

struct usb_rx {
	struct workqueue_struct *rxwq, *bhwq, *okwq, *hiwq;
};

int usb_rx_init(struct usb_rx *r)
{
	r->rxwq = alloc_workqueue("usb: rx wq", WQ_BH | WQ_UNBOUND,
				  0);
	r->bhwq = alloc_workqueue("usb: bh wq", WQ_BH, 1);
	r->okwq = alloc_workqueue("usb: ok wq", WQ_BH, 0);
	r->hiwq = alloc_workqueue("usb: hi wq", WQ_BH | WQ_HIGHPRI | WQ_PERCPU, 0);
	if (!r->rxwq || !r->bhwq || !r->okwq || !r->hiwq)
		return -1;
	return 0;
}
