#ifndef __LINUX_PERCPU_H
#define __LINUX_PERCPU_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/smp.h>

/*
 * Per-CPU variables the way the 3.x kernel spells them.  Under sparse the
 * variables live in address space 3, so every accessor goes through
 * SHIFT_PERCPU_PTR(), which strips it with __force.
 */
extern unsigned long __per_cpu_offset[NR_CPUS];

#define per_cpu_offset(x)	(__per_cpu_offset[x])
#define my_cpu_offset		per_cpu_offset(smp_processor_id())
#define raw_cpu_offset		per_cpu_offset(raw_smp_processor_id())

#define SHIFT_PERCPU_PTR(__p, __offset)					\
	((typeof(*(__p)) __kernel __force *)				\
	 ((__force unsigned long)(__p) + (__offset)))

#define DECLARE_PER_CPU(type, name)	extern __percpu typeof(type) name
#define DEFINE_PER_CPU(type, name)					\
	__attribute__((__section__(".data..percpu")))			\
	__percpu typeof(type) name

#define per_cpu_ptr(ptr, cpu)	SHIFT_PERCPU_PTR((ptr), per_cpu_offset((cpu)))
#define per_cpu(var, cpu)	(*per_cpu_ptr(&(var), (cpu)))
#define this_cpu_ptr(ptr)	SHIFT_PERCPU_PTR((ptr), my_cpu_offset)
#define __this_cpu_ptr(ptr)	SHIFT_PERCPU_PTR((ptr), raw_cpu_offset)
#define raw_cpu_ptr(ptr)	__this_cpu_ptr(ptr)
#define __get_cpu_var(var)	(*this_cpu_ptr(&(var)))

#define get_cpu_var(var)	(*({ preempt_disable(); this_cpu_ptr(&(var)); }))
#define put_cpu_var(var)	do { (void)&(var); preempt_enable(); } while (0)
#define get_cpu_ptr(var)	({ preempt_disable(); this_cpu_ptr(var); })
#define put_cpu_ptr(var)	do { (void)(var); preempt_enable(); } while (0)

#define this_cpu_read(pcp)		(*this_cpu_ptr(&(pcp)))
#define this_cpu_write(pcp, val)	(*this_cpu_ptr(&(pcp)) = (val))
#define this_cpu_add(pcp, val)		(*this_cpu_ptr(&(pcp)) += (val))
#define this_cpu_inc(pcp)		this_cpu_add((pcp), 1)
#define this_cpu_dec(pcp)		this_cpu_add((pcp), -1)
#define __this_cpu_read(pcp)		(*__this_cpu_ptr(&(pcp)))
#define __this_cpu_write(pcp, val)	(*__this_cpu_ptr(&(pcp)) = (val))
#define __this_cpu_add(pcp, val)	(*__this_cpu_ptr(&(pcp)) += (val))
#define __this_cpu_inc(pcp)		__this_cpu_add((pcp), 1)
#define raw_cpu_read(pcp)		__this_cpu_read(pcp)
#define raw_cpu_inc(pcp)		__this_cpu_inc(pcp)

extern void __percpu *__alloc_percpu(size_t size, size_t align);
extern void free_percpu(void __percpu *ptr);

#define alloc_percpu(type)						\
	((typeof(type) __percpu *)__alloc_percpu(sizeof(type),		\
						 __alignof__(type)))

#endif /* __LINUX_PERCPU_H */
