#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/compiler.h>
#include <linux/printk.h>

#define ARRAY_SIZE(arr)	(sizeof(arr) / sizeof((arr)[0]))

#define container_of(ptr, type, member) ({			\
	const typeof(((type *)0)->member) *__mptr = (ptr);	\
	(type *)((char *)__mptr - offsetof(type, member)); })

#define min(x, y)	((x) < (y) ? (x) : (y))
#define max(x, y)	((x) > (y) ? (x) : (y))
#define min_t(type, x, y)	min((type)(x), (type)(y))
#define max_t(type, x, y)	max((type)(x), (type)(y))

/*
 * As 3.6's asm-generic/bug.h has them: the line number is an argument, so
 * it is in the code, and a patch that joins two lines above a WARN_ON()
 * changes the code of the function below (what validate neutralises).
 */
extern void warn_slowpath_null(const char *file, const int line);
extern void panic(const char *fmt, ...) __attribute__((noreturn)) __printf(1, 2);

#define __WARN()	warn_slowpath_null(__FILE__, __LINE__)
#define BUG() do {							\
	printk("BUG: failure at %s:%d/%s()!\n", __FILE__, __LINE__, __func__); \
	panic("BUG!");							\
} while (0)
#define BUG_ON(condition)	do { if (unlikely(condition)) BUG(); } while (0)
#define WARN_ON(condition) ({						\
	int __ret_warn_on = !!(condition);				\
	if (unlikely(__ret_warn_on))					\
		__WARN();						\
	unlikely(__ret_warn_on);					\
})
#define WARN_ON_ONCE(cond)	WARN_ON(cond)

#define IS_ERR_VALUE(x)	unlikely((unsigned long)(x) >= (unsigned long)-4095)

static inline void *ERR_PTR(long error)
{
	return (void *)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline bool IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

#define EPERM		1
#define ENOENT		2
#define EIO		5
#define EAGAIN		11
#define ENOMEM		12
#define EBUSY		16
#define ENODEV		19
#define EINVAL		22
#define ENOSPC		28
#define ETIMEDOUT	110

extern int snprintf(char *buf, size_t size, const char *fmt, ...)
	__printf(3, 4);
extern void *memset(void *s, int c, size_t n);
extern void *memcpy(void *dst, const void *src, size_t n);
extern size_t strlen(const char *s);

extern void msleep(unsigned int msecs);
extern void might_sleep(void);
extern void cpu_relax(void);

#endif /* _LINUX_KERNEL_H */
