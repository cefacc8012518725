/* Every rule, one line each: RULE(x) refers to `const struct rule rule_x`. */
RULE(flush_work_sync)
RULE(flush_delayed_work_sync)
RULE(system_nrt_wq)
RULE(system_nrt_freezable_wq)
RULE(wq_non_reentrant)
RULE(affinity_cpu_read)
RULE(shared_item_on_cpus)
RULE(self_requeue_other_cpu)
