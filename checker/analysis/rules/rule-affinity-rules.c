/*
 * WQ010-WQ012, the rules of the affinity analysis (rule-affinity.c, the
 * engine, which finds them among the selected rules by id). Their tree pass
 * is the work-item pass shared with WQ013-WQ015.
 */
#include "analysis/rules/rule.h"
#include "analysis/rules/workitem-pass.h"

const struct rule rule_affinity_cpu_read = {
	.id = "WQ010",
	.family = RULE_FAMILY_AFFINITY,
	.name = "queue-on-cpu-reads-cpu",
	.summary = "queue_work_on() & co of a work function that reads the current CPU",
	.help = "Since Linux 3.7 (dbf2576e37da) queue_work_on(cpu, ...) queues the item on the "
		"CPU where it is still running, whatever cpu says. A work function that reads "
		"the current CPU (smp_processor_id(), this_cpu_*(), ...) may then act for the "
		"wrong CPU. A per-CPU item only ever queued on its own CPU is fine (note).",
	.severity = SEVERITY_WARNING,
	.tree_pass = workitem_tree_pass,
	.tree_reader = &workitem_tree_reader,
};

const struct rule rule_shared_item_on_cpus = {
	.id = "WQ011",
	.family = RULE_FAMILY_AFFINITY,
	.name = "shared-item-on-many-cpus",
	.summary = "one work item queued on several CPUs expecting parallel runs",
	.help = "Since Linux 3.7 (dbf2576e37da) a work item never runs on two CPUs at once: "
		"queueing one item on every CPU of a loop gives runs one after another on one "
		"CPU, not one run per CPU. Use one item per CPU or schedule_on_each_cpu().",
	.severity = SEVERITY_WARNING,
	.tree_pass = workitem_tree_pass,
	.tree_reader = &workitem_tree_reader,
};

const struct rule rule_self_requeue_other_cpu = {
	.id = "WQ012",
	.family = RULE_FAMILY_AFFINITY,
	.name = "self-requeue-other-cpu",
	.summary = "a work function queues its own item on another CPU",
	.help = "Since Linux 3.7 (dbf2576e37da) a running work item is queued on the CPU it "
		"runs on: a work function that re-queues itself on another CPU stays on this "
		"one, and the next run starts only after this one returns.",
	.severity = SEVERITY_WARNING,
	.tree_pass = workitem_tree_pass,
	.tree_reader = &workitem_tree_reader,
};
