#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/types.h>

#define GFP_ATOMIC	0x20u
#define GFP_KERNEL	0xd0u

extern void *kmalloc(size_t size, gfp_t flags);
extern void *kzalloc(size_t size, gfp_t flags);
extern void *kcalloc(size_t n, size_t size, gfp_t flags);
extern void kfree(const void *objp);

#endif /* _LINUX_SLAB_H */
