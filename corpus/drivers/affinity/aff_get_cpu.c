// SPDX-License-Identifier: GPL-2.0
/*
 * A device's event work queued on the CPU that took the event, through
 * get_cpu() and through smp_processor_id(); its work function reads the
 * current CPU to pick the per-CPU statistics slot.
 */
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

struct aff_evdev {
	unsigned long events[NR_CPUS];
	struct work_struct event_work;
	struct work_struct flush_work;
	struct workqueue_struct *wq;
};

static DEFINE_PER_CPU(unsigned long, aff_ev_last);

static void aff_ev_event(struct work_struct *work)
{
	struct aff_evdev *dev = container_of(work, struct aff_evdev, event_work);

	dev->events[smp_processor_id()]++;
}

static void aff_ev_flush(struct work_struct *work)
{
	unsigned long *last = this_cpu_ptr(&aff_ev_last);

	*last = 0;
}

void aff_ev_irq(struct aff_evdev *dev)
{
	queue_work_on(get_cpu(), dev->wq, &dev->event_work);
	put_cpu();
}

void aff_ev_flush_here(struct aff_evdev *dev)
{
	queue_work_on(smp_processor_id(), dev->wq, &dev->flush_work);
}

void aff_ev_setup(struct aff_evdev *dev)
{
	INIT_WORK(&dev->event_work, aff_ev_event);
	INIT_WORK(&dev->flush_work, aff_ev_flush);
	dev->wq = alloc_workqueue("aff_ev", WQ_MEM_RECLAIM, 0);
}

/*
 * check-name: queue_work_on(get_cpu()) and queue_work_on(smp_processor_id()) of a shared item
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/affinity/aff_get_cpu.c:36:9: warning: queue_work_on() asks for CPU `get_cpu()`, but since 3.7 an item still running on another CPU is queued there instead, and aff_ev_event() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_get_cpu.c:47:9: note: aff_ev_event() is the work function of &dev->event_work (INIT_WORK, item struct aff_evdev.event_work)
drivers/affinity/aff_get_cpu.c:24:21: note: aff_ev_event() reads the current CPU: smp_processor_id()
drivers/affinity/aff_get_cpu.c:42:9: warning: queue_work_on() asks for CPU `smp_processor_id()`, but since 3.7 an item still running on another CPU is queued there instead, and aff_ev_flush() reads the current CPU (see the notes), so it can act for the wrong CPU; pass the CPU in the item instead of reading it, or use one item per CPU queued only on its own CPU [WQ010]
drivers/affinity/aff_get_cpu.c:48:9: note: aff_ev_flush() is the work function of &dev->flush_work (INIT_WORK, item struct aff_evdev.flush_work)
drivers/affinity/aff_get_cpu.c:29:31: note: aff_ev_flush() reads the current CPU: this_cpu_ptr()
 * check-output-end
 */
