#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <linux/compiler.h>

typedef signed char		s8;
typedef unsigned char		u8;
typedef signed short		s16;
typedef unsigned short		u16;
typedef signed int		s32;
typedef unsigned int		u32;
typedef signed long long	s64;
typedef unsigned long long	u64;

typedef _Bool			bool;
enum {
	false	= 0,
	true	= 1
};

typedef unsigned long		size_t;
typedef long			ssize_t;
typedef long			loff_t;
typedef unsigned int		gfp_t;
typedef u64			dma_addr_t;
typedef unsigned short		umode_t;
typedef int			pid_t;

#undef NULL
#define NULL ((void *)0)

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	long counter;
} atomic_long_t;

#define ATOMIC_INIT(i)		{ (i) }
#define ATOMIC_LONG_INIT(i)	{ (i) }

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

#endif /* _LINUX_TYPES_H */
