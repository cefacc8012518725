#ifndef __LINUX_MUTEX_H
#define __LINUX_MUTEX_H

#include <linux/types.h>

struct mutex {
	atomic_t count;
	struct list_head wait_list;
};

#define __MUTEX_INITIALIZER(lockname)				\
	{ .count = ATOMIC_INIT(1),				\
	  .wait_list = { &(lockname).wait_list, &(lockname).wait_list } }

#define DEFINE_MUTEX(mutexname)					\
	struct mutex mutexname = __MUTEX_INITIALIZER(mutexname)

extern void mutex_init(struct mutex *lock);
extern void mutex_lock(struct mutex *lock);
extern void mutex_unlock(struct mutex *lock);
extern int mutex_trylock(struct mutex *lock);

#endif /* __LINUX_MUTEX_H */
