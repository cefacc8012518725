#ifndef __LINUX_SPINLOCK_H
#define __LINUX_SPINLOCK_H

#include <linux/types.h>
#include <linux/compiler.h>

typedef struct spinlock {
	volatile unsigned int slock;
} spinlock_t;

#define __SPIN_LOCK_UNLOCKED(name)	{ .slock = 0 }
#define DEFINE_SPINLOCK(x)	spinlock_t x = __SPIN_LOCK_UNLOCKED(x)

extern void spin_lock_init(spinlock_t *lock);
extern void spin_lock(spinlock_t *lock) __acquires(lock);
extern void spin_unlock(spinlock_t *lock) __releases(lock);
extern void spin_lock_bh(spinlock_t *lock) __acquires(lock);
extern void spin_unlock_bh(spinlock_t *lock) __releases(lock);
extern void spin_lock_irq(spinlock_t *lock) __acquires(lock);
extern void spin_unlock_irq(spinlock_t *lock) __releases(lock);
extern unsigned long _spin_lock_irqsave(spinlock_t *lock) __acquires(lock);
extern void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags)
	__releases(lock);

#define spin_lock_irqsave(lock, flags)			\
	do {						\
		flags = _spin_lock_irqsave(lock);	\
	} while (0)

#endif /* __LINUX_SPINLOCK_H */
