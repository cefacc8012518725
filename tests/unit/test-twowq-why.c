/* Unit tests of WQ014's fix's reasons (products/series/series-fix-twowq-why.c):
 * which workqueues it moves queueings onto or between, and that each reason
 * for moving none is true of the workqueue it names: system_nrt_wq,
 * system_nrt_freezable_wq and system_percpu_wq are per-CPU system
 * workqueues, and "this series" is said only of a rename the series makes. */
#include "products/series/series-fix-twowq.h"
#include "analysis/model/workitem-queueing.h"
#include "test-lib.h"

#include <stdarg.h>
#include <stdlib.h>

static const struct twowq_renames all = { true, true, true }, none = { 0 };

static struct wq_ref ref(const char *id)
{
	struct wq_ref r = { 0 };

	r.kind = WQ_REF_NAMED;
	r.id = (char *)id;
	r.text = (char *)id;
	return r;
}

/* Whether s holds every one of the NULL-ended words, and not bad. */
static bool says(const char *s, const char *bad, ...)
{
	va_list ap;
	const char *w;
	bool ok = s != NULL;

	va_start(ap, bad);
	while ((w = va_arg(ap, const char *)))
		ok = ok && strstr(s, w);
	va_end(ap);
	if (ok && bad && strstr(s, bad))
		ok = false;
	if (!ok)
		printf("    reason: %s\n", s ? s : "(none)");
	return ok;
}

static void onto(const char *name, const char *other, const char *implied,
		 const struct twowq_renames *rn, const char *bad, const char *w1,
		 const char *w2, const char *w3)
{
	struct wq_ref r = ref(other);
	char *why = twowq_why_not_onto(&r, implied, rn);

	CHECK(name, says(why, bad, w1, w2, w3, NULL));
	free(why);
}

static void between(const char *name, const char *a, const char *b, const char *implied,
		    const struct twowq_renames *rn, const char *bad, const char *w1,
		    const char *w2, const char *w3)
{
	struct wq_ref ra = ref(a), rb = ref(b);
	char *why = twowq_why_not_between(&ra, &rb, implied, rn);

	CHECK(name, says(why, bad, w1, w2, w3, NULL));
	free(why);
}

static void test_onto(void)
{
	static const char *const taken[] = {
		"system_long_wq", "system_highpri_wq", "system_freezable_wq",
		"system_bh_wq", "system_bh_highpri_wq",
	};
	const char *per_cpu = "not a per-CPU";
	size_t i;
	bool moved = true;

	for (i = 0; i < sizeof(taken) / sizeof(taken[0]); i++) {
		struct wq_ref r = ref(taken[i]);
		char *why = twowq_why_not_onto(&r, "system_percpu_wq", &all);

		moved = moved && !why;
		free(why);
	}
	CHECK("onto: schedule_*() calls move onto a per-CPU system workqueue of any "
	      "priority or context", moved);
	onto("onto: system_nrt_wq (legacy): a per-CPU one 3.7 made redundant, whose "
	     "conversion in this series puts the item on schedule_*()'s",
	     "system_nrt_wq", "system_wq", &all, per_cpu, "3.7 made redundant",
	     "this series converts it to system_wq (WQ003)",
	     "puts the item on one workqueue, system_wq");
	onto("onto: system_nrt_wq, its conversion not in the series: not \"this series "
	     "converts\"", "system_nrt_wq", "system_wq", &none, "this series converts",
	     "3.7 made redundant", "not in this series", "puts the item on one workqueue");
	onto("onto: system_nrt_freezable_wq: converted to system_freezable_wq, the item "
	     "is still on two: run again", "system_nrt_freezable_wq", "system_wq", &all,
	     per_cpu, "converts it to system_freezable_wq (WQ004)",
	     "on system_freezable_wq and system_wq", "run the series again");
	onto("onto: system_nrt_freezable_wq, its conversion not in the series: it comes "
	     "first", "system_nrt_freezable_wq", "system_wq", &none, "one workqueue",
	     "not in this series", "comes first", "system_freezable_wq");
	onto("onto: system_percpu_wq beside schedule_*()'s system_wq (6.17): a workqueue "
	     "of its own, not \"not per-CPU\"", "system_percpu_wq", "system_wq", &all,
	     per_cpu, "system_percpu_wq, which this tree allocates beside system_wq",
	     "schedule_*()'s", "driver's choice");
	onto("onto: system_wq on a 6.17+ tree: the series' rename ends it",
	     "system_wq", "system_percpu_wq", &all, per_cpu,
	     "rename of its system_wq queueing to system_percpu_wq, in this series",
	     "one workqueue", NULL);
	onto("onto: system_wq, the rename not in the series: said so", "system_wq",
	     "system_percpu_wq", &none, "in this series,", "WQ020",
	     "is not in this series", NULL);
	onto("onto: an unbound one: its CPU is the question", "system_dfl_wq",
	     "system_percpu_wq", &all, per_cpu, "system_dfl_wq, is unbound",
	     "leave its CPU", NULL);
	onto("onto: a power-efficient one: per-CPU unless the boot says otherwise",
	     "system_power_efficient_wq", "system_percpu_wq", &all, NULL,
	     "per-CPU unless workqueue.power_efficient", NULL, NULL);
	onto("onto: a driver's own: none of the kernel's", "my_wq", "system_percpu_wq",
	     &all, NULL, "my_wq, is none of the kernel's per-CPU system workqueues",
	     NULL, NULL);
}

static void test_between(void)
{
	struct wq_ref a = ref("system_long_wq"), b = ref("system_power_efficient_wq");
	struct wq_ref c = ref("system_bh_wq"), d = ref("system_bh_highpri_wq");
	char *ab = twowq_why_not_between(&a, &b, "system_percpu_wq", &all);
	char *cd = twowq_why_not_between(&c, &d, "system_percpu_wq", &all);

	CHECK("between: two per-CPU ones of process context, or two BH ones: moved",
	      !ab && !cd);
	free(ab);
	free(cd);
	between("between: BH beside process context: the two contexts named",
		"system_long_wq", "system_bh_wq", "system_percpu_wq", &all, NULL,
		"system_long_wq runs its work in process context",
		"system_bh_wq in softirq (BH) context", NULL);
	between("between: system_wq beside system_percpu_wq (6.17+): the rename ends it",
		"system_wq", "system_percpu_wq", "system_percpu_wq", &all, NULL,
		"in this series, puts it on one workqueue", NULL, NULL);
	between("between: system_wq beside system_long_wq (6.17+): renamed, then run "
		"again", "system_long_wq", "system_wq", "system_percpu_wq", &all,
		"one workqueue", "renames to system_percpu_wq (WQ020)",
		"on system_percpu_wq and system_long_wq", "run the series again");
	between("between: system_wq on a legacy tree: schedule_*()'s by name",
		"system_wq", "system_long_wq", "system_wq", &all, "rename",
		"system_wq, schedule_*()'s in this tree", "driver's choice", NULL);
	between("between: system_nrt_wq beside system_wq (legacy): WQ003 ends it",
		"system_wq", "system_nrt_wq", "system_wq", &all, "not a per-CPU",
		"system_nrt_wq, is one of the workqueues 3.7 made redundant",
		"puts the item on one workqueue, system_wq", NULL);
	between("between: system_nrt_freezable_wq beside system_long_wq: converted, "
		"then run again", "system_nrt_freezable_wq", "system_long_wq", "system_wq",
		&all, "not a per-CPU", "converts it to system_freezable_wq (WQ004)",
		"on system_freezable_wq and system_long_wq", "run the series again");
	between("between: a freezable one beside one that is not: suspend named",
		"system_long_wq", "system_freezable_wq", "system_percpu_wq", &all,
		"not a per-CPU", "system_freezable_wq, is frozen during suspend",
		"the other, system_long_wq, is not", NULL);
	between("between: two freezable ones: not \"the other is not\"",
		"system_freezable_wq", "system_freezable_power_efficient_wq",
		"system_percpu_wq", &all, "the other,", "both frozen during suspend",
		NULL, NULL);
	between("between: an unbound one", "system_unbound_wq", "system_long_wq",
		"system_percpu_wq", &all, NULL, "system_unbound_wq, is unbound", NULL,
		NULL);
	between("between: a driver's own beside a system one: the driver's named",
		"system_wq", "my_wq", "system_wq", &all, NULL,
		"my_wq, is none of the kernel's", NULL, NULL);
}

int main(void)
{
	test_onto();
	test_between();
	return test_failures ? 1 : 0;
}
