#ifndef _PLATFORM_DEVICE_H_
#define _PLATFORM_DEVICE_H_

#include <linux/device.h>

struct platform_device {
	const char *name;
	int id;
	struct device dev;
};

struct platform_driver {
	int (*probe)(struct platform_device *);
	int (*remove)(struct platform_device *);
	struct device_driver driver;
};

static inline void *platform_get_drvdata(const struct platform_device *pdev)
{
	return dev_get_drvdata(&pdev->dev);
}

static inline void platform_set_drvdata(struct platform_device *pdev,
					void *data)
{
	dev_set_drvdata(&pdev->dev, data);
}

extern int platform_get_irq(struct platform_device *pdev, unsigned int num);
extern int platform_driver_register(struct platform_driver *drv);
extern void platform_driver_unregister(struct platform_driver *drv);

#define module_platform_driver(__drv)				\
static int __init __drv##_init(void)				\
{								\
	return platform_driver_register(&(__drv));		\
}								\
module_init(__drv##_init);					\
static void __exit __drv##_exit(void)				\
{								\
	platform_driver_unregister(&(__drv));			\
}								\
module_exit(__drv##_exit)

#endif /* _PLATFORM_DEVICE_H_ */
