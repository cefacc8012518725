// SPDX-License-Identifier: GPL-2.0
/*
 * A USB driver's rx workqueues, as the 6.17 migration left some: WQ_UNBOUND
 * added to a WQ_BH workqueue (rtw88's, reverted after syzbot's report),
 * a WQ_BH workqueue with a max_active, WQ_PERCPU beside WQ_UNBOUND, and the
 * calls the core accepts. What is refused is what kernel/workqueue.c of
 * this tree tests.
 */
#include <linux/workqueue.h>

struct usb_rx {
	struct workqueue_struct *rxwq, *bhwq, *both_wq, *ok_wq, *hi_wq;
};

int usb_rx_init(struct usb_rx *r)
{
	r->rxwq = alloc_workqueue("usb: rx wq", WQ_BH | WQ_UNBOUND,
				  0);
	r->bhwq = alloc_workqueue("usb: bh wq", WQ_BH | WQ_PERCPU, 1);
	r->both_wq = alloc_workqueue("usb: both", WQ_PERCPU | WQ_UNBOUND, 0);
	/* accepted: no finding */
	r->ok_wq = alloc_workqueue("usb: ok wq", WQ_BH | WQ_PERCPU, 0);
	r->hi_wq = alloc_workqueue("usb: hi wq", WQ_BH | WQ_HIGHPRI | WQ_PERCPU, 0);
	if (!r->rxwq || !r->bhwq || !r->both_wq || !r->ok_wq || !r->hi_wq)
		return -1;
	return 0;
}

/*
 * check-name: WQ023: the flags and max_active the tree's core refuses
 * check-command: wqcheck scan --rules=WQ023 $file
 * check-exit: 1
 * check-output-start
drivers/flags/usb_rx.c:17:19: error: alloc_workqueue() with WQ_BH and WQ_UNBOUND: the tree's kernel/workqueue.c refuses it (WARN_ON_ONCE(flags & ~__WQ_BH_ALLOWS) at line 32), so the call warns and returns NULL and the caller's probe or init fails; drop WQ_UNBOUND, or WQ_BH if the work needs it [WQ023]
kernel/workqueue.c:32:21: note: __WQ_BH_ALLOWS admits only WQ_BH, WQ_HIGHPRI and WQ_PERCPU
drivers/flags/usb_rx.c:19:19: error: alloc_workqueue() with WQ_BH and a max_active of 1: the tree's kernel/workqueue.c refuses it (WARN_ON_ONCE(max_active) at line 34), so the call warns and returns NULL and the caller's probe or init fails; a WQ_BH workqueue takes 0 [WQ023]
kernel/workqueue.c:34:21: note: WARN_ON_ONCE(max_active)
drivers/flags/usb_rx.c:20:22: warning: alloc_workqueue() with WQ_PERCPU and WQ_UNBOUND: the two contradict each other, and the tree's kernel/workqueue.c never tests WQ_PERCPU, so the workqueue is unbound; keep the one meant [WQ023]
 * check-output-end
 */
