#ifndef _DEVICE_H_
#define _DEVICE_H_

#include <linux/types.h>
#include <linux/printk.h>

struct device;

struct dev_pm_ops {
	int (*suspend)(struct device *dev);
	int (*resume)(struct device *dev);
};

#ifdef CONFIG_PM_SLEEP
#define SET_SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn) \
	.suspend = suspend_fn, \
	.resume = resume_fn,
#else
#define SET_SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn)
#endif

#define SIMPLE_DEV_PM_OPS(name, suspend_fn, resume_fn) \
const struct dev_pm_ops name = { \
	SET_SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn) \
}

struct device_driver {
	const char *name;
	struct module *owner;
	const struct dev_pm_ops *pm;
};

struct device {
	struct device *parent;
	const char *init_name;
	struct device_driver *driver;
	void *driver_data;
};

static inline void *dev_get_drvdata(const struct device *dev)
{
	return dev->driver_data;
}

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

extern const char *dev_name(const struct device *dev);

#define dev_err(dev, fmt, ...)	\
	printk(KERN_ERR "%s: " fmt, dev_name(dev), ##__VA_ARGS__)
#define dev_warn(dev, fmt, ...)	\
	printk(KERN_WARNING "%s: " fmt, dev_name(dev), ##__VA_ARGS__)
#define dev_info(dev, fmt, ...)	\
	printk(KERN_INFO "%s: " fmt, dev_name(dev), ##__VA_ARGS__)
#define dev_dbg(dev, fmt, ...)	\
	printk(KERN_DEBUG "%s: " fmt, dev_name(dev), ##__VA_ARGS__)

extern void *devm_kzalloc(struct device *dev, size_t size, gfp_t gfp);

#endif /* _DEVICE_H_ */
