#ifndef _LINUX_ATOMIC_H
#define _LINUX_ATOMIC_H

#include <linux/types.h>

#define atomic_read(v)		ACCESS_ONCE((v)->counter)
#define atomic_set(v, i)	(((v)->counter) = (i))
extern void atomic_inc(atomic_t *v);
extern void atomic_dec(atomic_t *v);
extern int atomic_inc_return(atomic_t *v);
extern int atomic_dec_and_test(atomic_t *v);
extern int atomic_xchg(atomic_t *v, int new);

#define atomic_long_read(v)	ACCESS_ONCE((v)->counter)
#define atomic_long_set(v, i)	(((v)->counter) = (i))

#endif /* _LINUX_ATOMIC_H */
