#ifndef _LINUX_FS_H
#define _LINUX_FS_H

#include <linux/types.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>

struct super_block;

struct inode {
	umode_t i_mode;
	unsigned long i_ino;
	loff_t i_size;
	struct super_block *i_sb;
	spinlock_t i_lock;
};

struct super_operations {
	struct inode *(*alloc_inode)(struct super_block *sb);
	void (*destroy_inode)(struct inode *);
	int (*sync_fs)(struct super_block *sb, int wait);
	void (*put_super)(struct super_block *);
};

struct super_block {
	unsigned long s_blocksize;
	unsigned long s_flags;
	const struct super_operations *s_op;
	struct mutex s_umount;
	char s_id[32];
	void *s_fs_info;
};

#define MS_RDONLY	1

struct file_system_type {
	const char *name;
	int fs_flags;
	struct module *owner;
};

extern int register_filesystem(struct file_system_type *);
extern int unregister_filesystem(struct file_system_type *);

#endif /* _LINUX_FS_H */
