// SPDX-License-Identifier: GPL-2.0
/* Input for wq_percpu.cocci; the expected result is wq_percpu.res. */
#include <linux/workqueue.h>

#define FOO_WQ_FLAGS (WQ_MEM_RECLAIM | WQ_FREEZABLE)
#define FOO_UNBOUND_FLAGS (WQ_UNBOUND | WQ_MEM_RECLAIM)
#define foo_alloc(name) alloc_workqueue(name, WQ_HIGHPRI, 0)

struct foo {
	struct workqueue_struct *wq, *rc_wq, *long_wq, *bh_wq, *macro_wq;
	struct workqueue_struct *var_wq, *or_wq, *cpu_wq, *unbound_wq;
	struct workqueue_struct *um_wq, *vu_wq, *ordered_wq, *legacy_wq;
	struct workqueue_struct *paren_wq;
	unsigned int flags;
	int id;
};

static int foo_init(struct foo *f)
{
	unsigned int flags = WQ_HIGHPRI;
	unsigned int unbound_flags = WQ_UNBOUND | WQ_SYSFS;
	unsigned int more = WQ_MEM_RECLAIM;

	more |= WQ_FREEZABLE;
	f->wq = alloc_workqueue("foo", 0, 0);
	f->rc_wq = alloc_workqueue("foo_rc", WQ_MEM_RECLAIM | WQ_HIGHPRI, 1);
	f->long_wq = alloc_workqueue("foo_long_%d",
				     WQ_MEM_RECLAIM | WQ_FREEZABLE |
				     WQ_CPU_INTENSIVE, 0, f->id);
	f->bh_wq = alloc_workqueue("foo_bh", WQ_BH | WQ_HIGHPRI, 0);
	f->macro_wq = alloc_workqueue("foo_macro", FOO_WQ_FLAGS, 0);
	f->var_wq = alloc_workqueue("foo_var", flags, 0);
	f->or_wq = alloc_workqueue("foo_or", more, 0);
	f->paren_wq = alloc_workqueue("foo_paren", (WQ_HIGHPRI), 0);
	f->wq = foo_alloc("foo_m");

	/* Left alone: these say which already, or are not alloc_workqueue() */
	f->cpu_wq = alloc_workqueue("foo_cpu", WQ_PERCPU | WQ_SYSFS, 0);
	f->unbound_wq = alloc_workqueue("foo_unbound", WQ_UNBOUND, 0);
	f->um_wq = alloc_workqueue("foo_um", FOO_UNBOUND_FLAGS, 0);
	f->vu_wq = alloc_workqueue("foo_vu", unbound_flags, 0);
	f->ordered_wq = alloc_ordered_workqueue("foo_ordered", WQ_MEM_RECLAIM);
	f->legacy_wq = create_singlethread_workqueue("foo_legacy");
	f->legacy_wq = create_workqueue("foo_legacy");
	return 0;
}

/* alloc_workqueue("x", 0, 0) in a comment */
static const char *foo_doc = "alloc_workqueue(\"x\", 0, 0) in a string";

/* Flags from the caller or a member: a note, no fix. */
struct workqueue_struct *foo_alloc_with(const char *name, unsigned int wq_flags)
{
	return alloc_workqueue("%s", wq_flags, 0, name);
}

struct workqueue_struct *foo_alloc_member(struct foo *f)
{
	return alloc_workqueue("foo_member", f->flags, 0);
}
