#ifndef __LINUX_USB_H
#define __LINUX_USB_H

#include <linux/types.h>
#include <linux/device.h>

struct usb_device {
	int devnum;
	struct device dev;
};

struct usb_interface {
	struct device dev;
	struct usb_device *usb_dev;
	void *data;
};

struct usb_device_id {
	u16 idVendor;
	u16 idProduct;
};

struct usb_driver {
	const char *name;
	int (*probe)(struct usb_interface *intf,
		     const struct usb_device_id *id);
	void (*disconnect)(struct usb_interface *intf);
	const struct usb_device_id *id_table;
};

static inline void *usb_get_intfdata(struct usb_interface *intf)
{
	return intf->data;
}

static inline void usb_set_intfdata(struct usb_interface *intf, void *data)
{
	intf->data = data;
}

extern int usb_register(struct usb_driver *drv);
extern void usb_deregister(struct usb_driver *drv);

#endif /* __LINUX_USB_H */
