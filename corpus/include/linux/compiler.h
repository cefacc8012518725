#ifndef __LINUX_COMPILER_H
#define __LINUX_COMPILER_H

/*
 * Annotations for sparse (make C=1/C=2 defines __CHECKER__) and the
 * few GCC attributes the corpus uses.  Under gcc they vanish.
 */
#ifdef __CHECKER__
# define __user		__attribute__((noderef, address_space(1)))
# define __kernel	__attribute__((address_space(0)))
# define __iomem	__attribute__((noderef, address_space(2)))
# define __percpu	__attribute__((noderef, address_space(3)))
# define __force	__attribute__((force))
# define __must_hold(x)	__attribute__((context(x, 1, 1)))
# define __acquires(x)	__attribute__((context(x, 0, 1)))
# define __releases(x)	__attribute__((context(x, 1, 0)))
# define __acquire(x)	__context__(x, 1)
# define __release(x)	__context__(x, -1)
#else
# define __user
# define __kernel
# define __iomem
# define __percpu
# define __force
# define __must_hold(x)
# define __acquires(x)
# define __releases(x)
# define __acquire(x)	(void)0
# define __release(x)	(void)0
#endif

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

#define __always_inline	inline __attribute__((__always_inline__))
#define noinline	__attribute__((__noinline__))
#define __packed	__attribute__((__packed__))
#define __aligned(x)	__attribute__((__aligned__(x)))
#define __printf(a, b)	__attribute__((__format__(printf, a, b)))
#define __must_check	__attribute__((__warn_unused_result__))
#define __maybe_unused	__attribute__((__unused__))
#define __used		__attribute__((__used__))
#define __deprecated	__attribute__((__deprecated__))
#define __read_mostly	__attribute__((__section__(".data..read_mostly")))

#define barrier()	__asm__ __volatile__("" : : : "memory")

#define ACCESS_ONCE(x)	(*(volatile typeof(x) *)&(x))

#define __stringify_1(x...)	#x
#define __stringify(x...)	__stringify_1(x)

#endif /* __LINUX_COMPILER_H */
