#ifndef _LINUX_BITOPS_H
#define _LINUX_BITOPS_H

#include <linux/types.h>

#define BIT(nr)			(1UL << (nr))
#define BITS_PER_LONG		64
#define BIT_WORD(nr)		((nr) / BITS_PER_LONG)
#define BIT_MASK(nr)		(1UL << ((nr) % BITS_PER_LONG))

static inline bool test_bit(int nr, const volatile unsigned long *addr)
{
	return 1UL & (addr[BIT_WORD(nr)] >> (nr & (BITS_PER_LONG - 1)));
}

extern void set_bit(int nr, volatile unsigned long *addr);
extern void clear_bit(int nr, volatile unsigned long *addr);
extern bool test_and_set_bit(int nr, volatile unsigned long *addr);
extern bool test_and_clear_bit(int nr, volatile unsigned long *addr);

#endif /* _LINUX_BITOPS_H */
