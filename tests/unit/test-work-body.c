/* Unit tests of the lock a work function's whole body runs under
 * (analysis/model/work-body.h): each taken form, and the bodies that
 * only look locked. */
#include "analysis/model/work-body.h"
#include "test-lib.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

/* The body lock of function fn in text, or NULL. */
static char *lock_of(const char *text, const char *fn)
{
	struct source_file *f = source_file_new("drivers/x/x.c", xstrdup(text), strlen(text));
	const struct source_function *sf = source_find_function(f, fn);
	char *lock = sf ? work_body_lock(NULL, f, sf) : xstrdup("(no function)");

	source_file_free(f);
	return lock;
}

static void expect(const char *name, const char *text, const char *want)
{
	char *got = lock_of(text, "w");

	if (want)
		CHECK_STR(name, got, want);
	else
		CHECK(name, got == NULL);
	if (want == NULL && got)
		printf("    got: [%s]\n", got);
	free(got);
}

int main(void)
{
	expect("mutex_lock first, mutex_unlock last",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tstruct dev *d = container_of(work, struct dev, work);\n"
	       "\tint i;\n\n"
	       "\tmutex_lock(&d->lock);\n\td->n++;\n\tif (d->n > 3)\n\t\td->m = 0;\n"
	       "\tmutex_unlock(&d->lock);\n}\n", "mutex_lock(&d->lock)");
	expect("an early exit that unlocks first is still held across",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tstruct dev *d = container_of(work, struct dev, work);\n"
	       "\tspin_lock_irqsave(&d->lock, flags);\n"
	       "\tif (!d->on) {\n\t\tspin_unlock_irqrestore(&d->lock, flags);\n\t\treturn;\n\t}\n"
	       "\td->n++;\n\tspin_unlock_irqrestore(&d->lock, flags);\n}\n",
	       "spin_lock_irqsave(&d->lock)");
	expect("a label before the unlock and a return after",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tstruct dev *d = to_dev(work);\n\tint ret;\n"
	       "\tmutex_lock(&d->lock);\n\tret = f(d);\n\tif (ret)\n\t\tgoto out;\n\tg(d);\n"
	       "out:\n\tmutex_unlock(&d->lock);\n\treturn;\n}\n", "mutex_lock(&d->lock)");
	expect("guard(mutex) at the top",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tstruct dev *d = container_of(work, struct dev, work);\n"
	       "\tguard(mutex)(&d->lock);\n\td->n++;\n}\n", "guard(mutex)(&d->lock)");
	expect("scoped_guard around the whole body",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tstruct dev *d = container_of(work, struct dev, work);\n"
	       "\tscoped_guard(mutex, &d->lock) {\n\t\td->n++;\n\t}\n}\n",
	       "scoped_guard(mutex, &d->lock)");
	expect("rtnl_lock() takes no argument",
	       "static void w(struct work_struct *work)\n{\n"
	       "\trtnl_lock();\n\tdo_it();\n\trtnl_unlock();\n}\n", "rtnl_lock()");
	expect("if (!mutex_trylock()) return; lets one run in",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tstruct dev *d = container_of(work, struct dev, work);\n"
	       "\tif (!mutex_trylock(&d->lock))\n\t\treturn;\n\td->n++;\n"
	       "\tmutex_unlock(&d->lock);\n}\n", "mutex_trylock(&d->lock)");
	expect("a test that only leaves may come before the lock",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tstruct port *ap = container_of(work, struct port, hotplug.work);\n"
	       "\tif (ap->pflags & UNLOADING)\n\t\treturn;\n"
	       "\tmutex_lock(&ap->scan_mutex);\n\tscan(ap);\n"
	       "\tmutex_unlock(&ap->scan_mutex);\n}\n", "mutex_lock(&ap->scan_mutex)");
	expect("a guard class the file defines around a mutex",
	       "DEFINE_GUARD(mvm, struct mvm *, mutex_lock(&_T->mutex), mutex_unlock(&_T->mutex))\n"
	       "static void w(struct work_struct *work)\n{\n"
	       "\tstruct mvm *mvm = container_of(work, struct mvm, cs.work);\n"
	       "\tguard(mvm)(mvm);\n\tswitch_channel(mvm);\n}\n", "guard(mvm)(mvm)");
	expect("re-queueing after the unlock touches nothing the runs share",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tmutex_lock(&state_mutex);\n\tadjust();\n\tmutex_unlock(&state_mutex);\n"
	       "\tschedule_delayed_work(&cap_work, HZ);\n}\n", "mutex_lock(&state_mutex)");
	expect("a local taking its object before the lock",
	       "static void w(struct work_struct *work)\n{\n\tstruct dev *d;\n\n"
	       "\td = container_of(work, struct dev, work);\n\tmutex_lock(&d->lock);\n"
	       "\td->n++;\n\tmutex_unlock(&d->lock);\n}\n", "mutex_lock(&d->lock)");
	expect("a test that queues the item again and leaves, before the lock",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tstruct dev *d = container_of(work, struct dev, work.work);\n\n"
	       "\tif (!d->ready) {\n\t\t/* try later */\n"
	       "\t\tmod_delayed_work(system_wq, &d->work, 15);\n\t\treturn;\n\t}\n"
	       "\tmutex_lock(&d->lock);\n\td->n++;\n\tmutex_unlock(&d->lock);\n}\n",
	       "mutex_lock(&d->lock)");
	expect("a tracepoint before the lock, a conditional re-arm after the unlock",
	       "static void w(struct work_struct *work)\n{\n"
	       "\ttrace_dev_work(d);\n\tmutex_lock(&d->lock);\n\td->n++;\n"
	       "\tmutex_unlock(&d->lock);\n\tif (d->n)\n"
	       "\t\tschedule_delayed_work(&d->work, HZ);\n\telse\n"
	       "\t\tcancel_delayed_work_sync(&d->other);\n}\n", "mutex_lock(&d->lock)");
	expect("a re-arm through a wrapper of the file that only computes the delay",
	       "static void rearm(unsigned long interval)\n{\n\tunsigned long iv;\n\n"
	       "\tiv = interval * HZ;\n\tmod_delayed_work(system_wq, &w_work, iv);\n}\n"
	       "static void w(struct work_struct *work)\n{\n"
	       "\tmutex_lock(&m);\n\tclean();\n\tmutex_unlock(&m);\n\n"
	       "\trearm(interval);\n}\n", "mutex_lock(&m)");
	/* the negatives */
	expect("a wrapper that also writes a global is work after the unlock",
	       "static void rearm(unsigned long interval)\n{\n\tunsigned long iv;\n\n"
	       "\tiv = interval * HZ;\n\tlast = iv;\n"
	       "\tmod_delayed_work(system_wq, &w_work, iv);\n}\n"
	       "static void w(struct work_struct *work)\n{\n"
	       "\tmutex_lock(&m);\n\tclean();\n\tmutex_unlock(&m);\n\n"
	       "\trearm(interval);\n}\n", NULL);
	expect("a test that queues and goes on (no return) is work before the lock",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tif (!d->ready)\n\t\tschedule_work(&d->other);\n"
	       "\tmutex_lock(&d->lock);\n\td->n++;\n"
	       "\tmutex_unlock(&d->lock);\n}\n", NULL);
	expect("without a reader, a body of one call is not looked through",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tstruct dev *d = container_of(work, struct dev, work);\n\n"
	       "\tdev_update(d);\n}\n", NULL);
	expect("a test that writes before the lock",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tif (d->n++ > 3)\n\t\treturn;\n\tmutex_lock(&d->lock);\n\td->m++;\n"
	       "\tmutex_unlock(&d->lock);\n}\n", NULL);
	expect("a guard class the tree does not define",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tguard(rcu)();\n\td->m++;\n}\n", NULL);
	expect("work before the lock: not across the body",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tstruct dev *d = container_of(work, struct dev, work);\n"
	       "\td->count++;\n\tmutex_lock(&d->lock);\n\td->n++;\n"
	       "\tmutex_unlock(&d->lock);\n}\n", NULL);
	expect("work after the unlock: not across the body",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tmutex_lock(&d->lock);\n\td->n++;\n\tmutex_unlock(&d->lock);\n"
	       "\td->done = true;\n}\n", NULL);
	expect("unlocked and locked again in the middle",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tmutex_lock(&d->lock);\n\td->n++;\n\tmutex_unlock(&d->lock);\n"
	       "\tmsleep(10);\n\tmutex_lock(&d->lock);\n\td->n--;\n"
	       "\tmutex_unlock(&d->lock);\n}\n", NULL);
	expect("another lock released last",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tmutex_lock(&d->a);\n\td->n++;\n\tmutex_unlock(&d->b);\n}\n", NULL);
	expect("a shared lock lets two runs in",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tdown_read(&d->sem);\n\td->n++;\n\tup_read(&d->sem);\n}\n", NULL);
	expect("a guard of a shared class lets two runs in",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tguard(rwsem_read)(&d->sem);\n\td->n++;\n}\n", NULL);
	expect("scoped_guard followed by more work",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tscoped_guard(mutex, &d->lock) {\n\t\td->n++;\n\t}\n\tkick(d);\n}\n", NULL);
	/* the v5.15 reading: prints and waits beside the lock, the trylock
	 * forms (libata's DPRINTK(), iavf's reset task and close) */
	expect("debug prints in the leaving test, before the lock and after the unlock",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tstruct port *ap = container_of(work, struct port, hotplug.work);\n"
	       "\tif (ap->pflags & UNLOADING) {\n\t\tDPRINTK(\"unloading\\n\");\n\t\treturn;\n\t}\n"
	       "\tDPRINTK(\"ENTER\\n\");\n\tmutex_lock(&ap->scan_mutex);\n\tscan(ap);\n"
	       "\tmutex_unlock(&ap->scan_mutex);\n\tdev_err(ap->dev, \"done %d\\n\", ap->n);\n}\n",
	       "mutex_lock(&ap->scan_mutex)");
	expect("a print whose argument writes, after the unlock: not across the body",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tmutex_lock(&ap->scan_mutex);\n\tscan(ap);\n"
	       "\tmutex_unlock(&ap->scan_mutex);\n\tDPRINTK(\"EXIT %d\\n\", ap->n++);\n}\n", NULL);
	expect("a trylock that requeues the item and leaves",
	       "static void w(struct work_struct *work)\n{\n"
	       "\tif (!mutex_trylock(&d->lock)) {\n\t\tschedule_work(&d->work);\n\t\treturn;\n\t}\n"
	       "\td->n++;\n\tmutex_unlock(&d->lock);\n}\n", "mutex_trylock(&d->lock)");
	expect("a helper of the file that tries the mutex until a deadline, then a spin",
	       "static int lock_timeout(struct mutex *lock, unsigned int ms)\n{\n"
	       "\tunsigned int t;\n\n\tfor (t = 0; t < ms; t += 10) {\n"
	       "\t\tif (mutex_trylock(lock))\n\t\t\treturn 0;\n\t\tmsleep(10);\n\t}\n"
	       "\treturn -EBUSY;\n}\n"
	       "static void w(struct work_struct *work)\n{\n"
	       "\tif (lock_timeout(&d->crit, 200)) {\n\t\tschedule_work(&d->work);\n\t\treturn;\n\t}\n"
	       "\twhile (!mutex_trylock(&d->client))\n\t\tusleep_range(500, 1000);\n"
	       "\td->n++;\n\tmutex_unlock(&d->client);\n\tmutex_unlock(&d->crit);\n}\n",
	       "lock_timeout(&d->crit) (mutex_trylock() inside; the run leaves when it fails)");
	expect("a helper that also says 0 without the mutex: no lock",
	       "static int lock_timeout(struct mutex *lock, unsigned int ms)\n{\n"
	       "\tif (!ms)\n\t\treturn 0;\n"
	       "\tif (mutex_trylock(lock))\n\t\treturn 0;\n\treturn -1;\n}\n"
	       "static void w(struct work_struct *work)\n{\n"
	       "\tif (lock_timeout(&d->crit, 200))\n\t\treturn;\n"
	       "\td->n++;\n\tmutex_unlock(&d->crit);\n}\n", NULL);
	expect("a spin on mutex_trylock() is the lock",
	       "static void w(struct work_struct *work)\n{\n"
	       "\twhile (!mutex_trylock(&d->lock))\n\t\tusleep_range(500, 1000);\n"
	       "\td->n++;\n\tmutex_unlock(&d->lock);\n}\n",
	       "mutex_trylock(&d->lock), tried until it holds it");
	expect("an empty body", "static void w(struct work_struct *work)\n{\n}\n", NULL);
	return test_failures ? 1 : 0;
}
