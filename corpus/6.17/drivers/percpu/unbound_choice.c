// SPDX-License-Identifier: GPL-2.0
/*
 * --prefer-unbound cases: which system_wq users and alloc_workqueue()
 * workqueues may leave the CPU that queues their work. Unbound where every
 * work function queued there is known, reads no CPU (directly, two calls
 * deep, or through a static const ops table) and is never queued on a
 * chosen CPU; per-CPU, naming the reason, everywhere else.
 */
#include <linux/smp.h>
#include <linux/workqueue.h>

struct unb;

struct unb_ops {
	unsigned long (*read)(struct unb *s);
};

struct unb {
	const struct unb_ops *ops;
	unsigned long sum, seen[NR_CPUS];
	struct work_struct pack_work;		/* reads no CPU */
	struct work_struct tick_work;		/* reads the CPU directly */
	struct work_struct deep_work;		/* two calls deep */
	struct work_struct sample_work;		/* through an ops table */
	struct work_struct spread_work;		/* also queued on a chosen CPU */
	struct work_struct bh_work;		/* reads no CPU, on a BH workqueue */
	struct work_struct batch_work;		/* reads no CPU, on its own workqueue */
};

static struct workqueue_struct *unb_wq;
static struct workqueue_struct *unb_bh_wq;
static struct workqueue_struct *unb_tick_wq;

static void unb_pack(struct work_struct *work)
{
	struct unb *s = container_of(work, struct unb, pack_work);

	s->sum = 0;
}

static void unb_tick(struct work_struct *work)
{
	struct unb *s = container_of(work, struct unb, tick_work);

	s->seen[smp_processor_id()]++;
}

static void unb_note(struct unb *s)
{
	s->seen[raw_smp_processor_id()] = s->sum;
}

static void unb_account(struct unb *s)
{
	unb_note(s);
}

static void unb_deep(struct work_struct *work)
{
	unb_account(container_of(work, struct unb, deep_work));
}

static unsigned long unb_local_read(struct unb *s)
{
	return s->seen[smp_processor_id()];
}

static const struct unb_ops unb_local_ops = {
	.read = unb_local_read,
};

static void unb_sample(struct work_struct *work)
{
	struct unb *s = container_of(work, struct unb, sample_work);

	s->sum += s->ops->read(s);
}

static void unb_spread(struct work_struct *work)
{
	struct unb *s = container_of(work, struct unb, spread_work);

	s->sum++;
}

static void unb_bh(struct work_struct *work)
{
	struct unb *s = container_of(work, struct unb, bh_work);

	s->sum--;
}

static void unb_batch(struct work_struct *work)
{
	struct unb *s = container_of(work, struct unb, batch_work);

	s->sum <<= 1;
}

int unb_init(struct unb *s)
{
	s->ops = &unb_local_ops;
	INIT_WORK(&s->pack_work, unb_pack);
	INIT_WORK(&s->tick_work, unb_tick);
	INIT_WORK(&s->deep_work, unb_deep);
	INIT_WORK(&s->sample_work, unb_sample);
	INIT_WORK(&s->spread_work, unb_spread);
	INIT_WORK(&s->bh_work, unb_bh);
	INIT_WORK(&s->batch_work, unb_batch);
	unb_wq = alloc_workqueue("unb", WQ_MEM_RECLAIM, 0);
	unb_bh_wq = alloc_workqueue("unb_bh", WQ_BH, 0);
	unb_tick_wq = alloc_workqueue("unb_tick", 0, 0);
	return unb_wq && unb_bh_wq && unb_tick_wq ? 0 : -ENOMEM;
}

void unb_kick(struct unb *s, int cpu)
{
	queue_work(system_wq, &s->pack_work);
	queue_work(system_wq, &s->tick_work);
	queue_work(system_wq, &s->deep_work);
	queue_work(system_wq, &s->sample_work);
	queue_work(system_wq, &s->spread_work);
	queue_work_on(cpu, system_percpu_wq, &s->spread_work);
	queue_work(unb_wq, &s->batch_work);
	queue_work(unb_bh_wq, &s->bh_work);
	queue_work(unb_tick_wq, &s->tick_work);
}

/* Per-CPU on purpose in one branch, unbound in the other (dm-crypt's
 * same_cpu_crypt): the per-CPU one is a choice, not an omission. */
struct unb_crypt {
	unsigned long blocks;
	struct work_struct work;
};

static struct workqueue_struct *unb_crypt_wq;

static void unb_crypt_fn(struct work_struct *work)
{
	struct unb_crypt *c = container_of(work, struct unb_crypt, work);

	c->blocks++;
}

int unb_crypt_init(struct unb_crypt *c, int same_cpu)
{
	INIT_WORK(&c->work, unb_crypt_fn);
	if (same_cpu)
		unb_crypt_wq = alloc_workqueue("uc", WQ_CPU_INTENSIVE, 1);
	else
		unb_crypt_wq = alloc_workqueue("uc", WQ_UNBOUND, 1);
	if (!unb_crypt_wq)
		return -ENOMEM;
	queue_work(unb_crypt_wq, &c->work);
	return 0;
}

/*
 * check-name: --prefer-unbound: unbound only where the work is proved not to need its CPU
 * check-command: wqcheck scan --prefer-unbound --diff $file
 * check-exit: 1
 * check-output-start
diff --git a/drivers/percpu/unbound_choice.c b/drivers/percpu/unbound_choice.c
--- a/drivers/percpu/unbound_choice.c
+++ b/drivers/percpu/unbound_choice.c
@@ -107,19 +107,19 @@ int unb_init(struct unb *s)
 	INIT_WORK(&s->spread_work, unb_spread);
 	INIT_WORK(&s->bh_work, unb_bh);
 	INIT_WORK(&s->batch_work, unb_batch);
-	unb_wq = alloc_workqueue("unb", WQ_MEM_RECLAIM, 0);
-	unb_bh_wq = alloc_workqueue("unb_bh", WQ_BH, 0);
-	unb_tick_wq = alloc_workqueue("unb_tick", 0, 0);
+	unb_wq = alloc_workqueue("unb", WQ_MEM_RECLAIM | WQ_UNBOUND, 0);
+	unb_bh_wq = alloc_workqueue("unb_bh", WQ_BH | WQ_PERCPU, 0);
+	unb_tick_wq = alloc_workqueue("unb_tick", WQ_PERCPU, 0);
 	return unb_wq && unb_bh_wq && unb_tick_wq ? 0 : -ENOMEM;
 }

 void unb_kick(struct unb *s, int cpu)
 {
-	queue_work(system_wq, &s->pack_work);
-	queue_work(system_wq, &s->tick_work);
-	queue_work(system_wq, &s->deep_work);
-	queue_work(system_wq, &s->sample_work);
-	queue_work(system_wq, &s->spread_work);
+	queue_work(system_dfl_wq, &s->pack_work);
+	queue_work(system_percpu_wq, &s->tick_work);
+	queue_work(system_percpu_wq, &s->deep_work);
+	queue_work(system_percpu_wq, &s->sample_work);
+	queue_work(system_percpu_wq, &s->spread_work);
 	queue_work_on(cpu, system_percpu_wq, &s->spread_work);
 	queue_work(unb_wq, &s->batch_work);
 	queue_work(unb_bh_wq, &s->bh_work);
@@ -146,7 +146,8 @@ int unb_crypt_init(struct unb_crypt *c, int same_cpu)
 {
 	INIT_WORK(&c->work, unb_crypt_fn);
 	if (same_cpu)
-		unb_crypt_wq = alloc_workqueue("uc", WQ_CPU_INTENSIVE, 1);
+		unb_crypt_wq = alloc_workqueue("uc",
+					       WQ_CPU_INTENSIVE | WQ_PERCPU, 1);
 	else
 		unb_crypt_wq = alloc_workqueue("uc", WQ_UNBOUND, 1);
 	if (!unb_crypt_wq)
 * check-output-end
 *
 * check-command: wqcheck scan --prefer-unbound $file
 * check-exit: 1
 * check-output-start
drivers/percpu/unbound_choice.c:110:18: warning: alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 unbound is to become the default, so say which; --prefer-unbound: its work (unb_batch()) was checked two calls deep and through static const ops tables: none reads the current CPU or per-CPU data, and none is queued with a *_on() call, so it may run on any CPU; add WQ_UNBOUND [WQ022]
drivers/percpu/unbound_choice.c:111:21: warning: alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 unbound is to become the default, so say which; WQ_PERCPU keeps today's per-CPU behaviour; add it (kept per-CPU: no work queued on it reads the current CPU, but it is a BH workqueue and the tree's __WQ_BH_ALLOWS admits no WQ_UNBOUND beside WQ_BH) [WQ022]
drivers/percpu/unbound_choice.c:112:23: warning: alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 unbound is to become the default, so say which; WQ_PERCPU keeps today's per-CPU behaviour; add it (kept per-CPU: unb_tick() reads the current CPU, so the work must keep running on the CPU that queued it (unb_tick() reads the current CPU: smp_processor_id() at drivers/percpu/unbound_choice.c:45)) [WQ022]
drivers/percpu/unbound_choice.c:118:20: warning: system_wq is to be removed since 6.17: --prefer-unbound: its work (unb_pack()) was checked two calls deep and through static const ops tables: none reads the current CPU or per-CPU data, and none is queued with a *_on() call, so it may run on any CPU; use system_dfl_wq [WQ020]
drivers/percpu/unbound_choice.c:119:20: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq (kept per-CPU: unb_tick() reads the current CPU, so the work must keep running on the CPU that queued it (unb_tick() reads the current CPU: smp_processor_id() at drivers/percpu/unbound_choice.c:45)) [WQ020]
drivers/percpu/unbound_choice.c:120:20: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq (kept per-CPU: unb_deep() reads the current CPU, so the work must keep running on the CPU that queued it (unb_note() reads the current CPU: raw_smp_processor_id() at drivers/percpu/unbound_choice.c:50)) [WQ020]
drivers/percpu/unbound_choice.c:121:20: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq (kept per-CPU: unb_sample() reads the current CPU, so the work must keep running on the CPU that queued it (unb_local_read() reads the current CPU: smp_processor_id() at drivers/percpu/unbound_choice.c:65)) [WQ020]
drivers/percpu/unbound_choice.c:122:20: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq (kept per-CPU: unb_spread() is also queued on a chosen CPU with queue_work_on() at drivers/percpu/unbound_choice.c:123) [WQ020]
drivers/percpu/unbound_choice.c:149:32: warning: alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 unbound is to become the default, so say which; WQ_PERCPU keeps today's per-CPU behaviour; add it (kept per-CPU: the allocation at line 151 of unb_crypt_init() for the same work says which it wants, so this one is the other branch's choice) [WQ022]
 * check-output-end
 *
 * check-command: wqcheck scan $file
 * check-exit: 1
 * check-output-start
drivers/percpu/unbound_choice.c:110:18: warning: alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 unbound is to become the default, so say which; WQ_PERCPU keeps today's per-CPU behaviour; add it [WQ022]
drivers/percpu/unbound_choice.c:111:21: warning: alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 unbound is to become the default, so say which; WQ_PERCPU keeps today's per-CPU behaviour; add it [WQ022]
drivers/percpu/unbound_choice.c:112:23: warning: alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 unbound is to become the default, so say which; WQ_PERCPU keeps today's per-CPU behaviour; add it [WQ022]
drivers/percpu/unbound_choice.c:118:20: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq [WQ020]
drivers/percpu/unbound_choice.c:119:20: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq [WQ020]
drivers/percpu/unbound_choice.c:120:20: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq [WQ020]
drivers/percpu/unbound_choice.c:121:20: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq [WQ020]
drivers/percpu/unbound_choice.c:122:20: warning: system_wq is to be removed since 6.17: system_percpu_wq, the name that stays, is a workqueue of its own with the same per-CPU flags, the one schedule_*() queues on; use system_percpu_wq [WQ020]
drivers/percpu/unbound_choice.c:149:32: warning: alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 unbound is to become the default, so say which; WQ_PERCPU keeps today's per-CPU behaviour; add it [WQ022]
 * check-output-end
 */
