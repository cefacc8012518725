/* Unit tests of the system workqueues' pools (analysis/model/wq-pools.h):
 * which share a CPU's pool, which only at some boots, which never; the
 * high-priority and freezable ones. */
#include "analysis/model/wq-pools.h"
#include "test-lib.h"

static void test_sharing(void)
{
	CHECK("pools: system_percpu_wq and system_long_wq share each CPU's normal pool",
	      system_wqs_share_pool("system_percpu_wq", "system_long_wq") == WQ_POOLS_SHARED);
	CHECK("pools: the nrt and freezable ones too",
	      system_wqs_share_pool("system_nrt_freezable_wq", "system_wq") == WQ_POOLS_SHARED);
	CHECK("pools: a power-efficient one shares unless the boot makes it unbound",
	      system_wqs_share_pool("system_wq", "system_power_efficient_wq") ==
	      WQ_POOLS_SHARED_UNLESS_POWER_EFFICIENT);
	CHECK("pools: two power-efficient ones likewise",
	      system_wqs_share_pool("system_freezable_power_efficient_wq",
				    "system_power_efficient_wq") ==
	      WQ_POOLS_SHARED_UNLESS_POWER_EFFICIENT);
	CHECK("pools: the high-priority pool is another",
	      system_wqs_share_pool("system_wq", "system_highpri_wq") == WQ_POOLS_APART);
	CHECK("pools: the BH pools are others",
	      system_wqs_share_pool("system_bh_wq", "system_wq") == WQ_POOLS_APART &&
	      system_wqs_share_pool("system_bh_wq", "system_bh_highpri_wq") == WQ_POOLS_APART);
	CHECK("pools: unbound and a driver's own are not known to share",
	      system_wqs_share_pool("system_unbound_wq", "system_wq") == WQ_POOLS_APART &&
	      system_wqs_share_pool("fnic_event_queue", "system_wq") == WQ_POOLS_APART &&
	      system_wqs_share_pool(NULL, "system_wq") == WQ_POOLS_APART);
}

static void test_kinds(void)
{
	CHECK("pools: the BH ones are per-CPU at every boot",
	      system_wq_always_per_cpu("system_bh_wq") &&
	      system_wq_always_per_cpu("system_bh_highpri_wq"));
	CHECK("pools: a power-efficient one is not per-CPU at every boot",
	      !system_wq_always_per_cpu("system_power_efficient_wq"));
	CHECK("pools: neither is an unknown name nor NULL",
	      !system_wq_always_per_cpu("system_unbound_wq") && !system_wq_always_per_cpu(NULL));
	CHECK("pools: high priority: system_highpri_wq and system_bh_highpri_wq only",
	      system_wq_high_priority("system_highpri_wq") &&
	      system_wq_high_priority("system_bh_highpri_wq") &&
	      !system_wq_high_priority("system_bh_wq") &&
	      !system_wq_high_priority("system_long_wq") && !system_wq_high_priority(NULL));
	CHECK("pools: freezable: the three freezable ones",
	      system_wq_freezable("system_freezable_wq") &&
	      system_wq_freezable("system_nrt_freezable_wq") &&
	      system_wq_freezable("system_freezable_power_efficient_wq") &&
	      !system_wq_freezable("system_wq") && !system_wq_freezable(NULL));
	CHECK("pools: schedule_*()'s workqueues of each era",
	      system_wq_lookup("system_wq")->schedule_default &&
	      system_wq_lookup("system_percpu_wq")->schedule_default &&
	      !system_wq_lookup("system_long_wq")->schedule_default);
}

int main(void)
{
	test_sharing();
	test_kinds();
	return test_failures ? 1 : 0;
}
