/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _AFF_SLAB_H
#define _AFF_SLAB_H

#include <linux/percpu.h>

struct aff_array_cache {
	unsigned int avail;
	unsigned int limit;
};

struct aff_kmem_cache {
	struct aff_array_cache __percpu *cpu_cache;
	struct aff_kmem_cache *next;
};

/* The calling CPU's object cache: only meaningful on that CPU. */
static inline struct aff_array_cache *aff_cpu_cache_get(struct aff_kmem_cache *c)
{
	return this_cpu_ptr(c->cpu_cache);
}

#endif /* _AFF_SLAB_H */
