#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

#include <linux/types.h>
#include <linux/init.h>

struct module;

#define THIS_MODULE	((struct module *)0)

#define module_init(initfn)					\
	static inline initcall_t __maybe_unused __inittest(void)	\
	{ return initfn; }					\
	int init_module(void) __attribute__((alias(#initfn)))

#define module_exit(exitfn)					\
	static inline exitcall_t __maybe_unused __exittest(void)	\
	{ return exitfn; }					\
	void cleanup_module(void) __attribute__((alias(#exitfn)))

#define MODULE_INFO(tag, info)						\
	static const char __UNIQUE_ID_##tag[] __used			\
	__attribute__((__section__(".modinfo"))) = #tag "=" info

#define MODULE_LICENSE(_license)	MODULE_INFO(license, _license)
#define MODULE_AUTHOR(_author)		MODULE_INFO(author, _author)
#define MODULE_DESCRIPTION(_desc)	MODULE_INFO(description, _desc)

#define EXPORT_SYMBOL(sym)		extern typeof(sym) sym
#define EXPORT_SYMBOL_GPL(sym)		extern typeof(sym) sym

#define module_param(name, type, perm)					\
	static inline void *__check_##name(void) { return &(name); }	\
	extern int __param_##name

#endif /* _LINUX_MODULE_H */
