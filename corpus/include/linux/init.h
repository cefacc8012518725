#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#include <linux/compiler.h>

#define __init		__attribute__((__section__(".init.text")))
#define __exit		__attribute__((__section__(".exit.text")))
#define __initdata	__attribute__((__section__(".init.data")))

typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);

#define __define_initcall(fn, id)					\
	static initcall_t __initcall_##fn##id __used			\
	__attribute__((__section__(".initcall" #id ".init"))) = fn

#define core_initcall(fn)	__define_initcall(fn, 1)
#define subsys_initcall(fn)	__define_initcall(fn, 4)
#define fs_initcall(fn)		__define_initcall(fn, 5)
#define device_initcall(fn)	__define_initcall(fn, 6)
#define late_initcall(fn)	__define_initcall(fn, 7)

#endif /* _LINUX_INIT_H */
