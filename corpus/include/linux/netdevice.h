#ifndef _LINUX_NETDEVICE_H
#define _LINUX_NETDEVICE_H

#include <linux/types.h>
#include <linux/device.h>

#define IFNAMSIZ	16

struct sk_buff {
	struct sk_buff *next;
	unsigned int len;
	unsigned char *data;
};

typedef enum netdev_tx {
	NETDEV_TX_OK	= 0x00,
	NETDEV_TX_BUSY	= 0x10,
} netdev_tx_t;

struct net_device;

struct net_device_ops {
	int (*ndo_open)(struct net_device *dev);
	int (*ndo_stop)(struct net_device *dev);
	netdev_tx_t (*ndo_start_xmit)(struct sk_buff *skb,
				      struct net_device *dev);
	void (*ndo_tx_timeout)(struct net_device *dev);
};

struct net_device_stats {
	unsigned long rx_packets;
	unsigned long tx_packets;
	unsigned long rx_errors;
	unsigned long tx_errors;
};

struct net_device {
	char name[IFNAMSIZ];
	const struct net_device_ops *netdev_ops;
	struct net_device_stats stats;
	unsigned int flags;
	int irq;
	struct device dev;
	void *priv;
};

static inline void *netdev_priv(const struct net_device *dev)
{
	return dev->priv;
}

extern struct net_device *alloc_etherdev(int sizeof_priv);
extern void free_netdev(struct net_device *dev);
extern int register_netdev(struct net_device *dev);
extern void unregister_netdev(struct net_device *dev);
extern void netif_carrier_on(struct net_device *dev);
extern void netif_carrier_off(struct net_device *dev);
extern void netif_stop_queue(struct net_device *dev);
extern void netif_wake_queue(struct net_device *dev);
extern void dev_kfree_skb(struct sk_buff *skb);

#define netdev_err(dev, fmt, ...)	\
	printk(KERN_ERR "%s: " fmt, (dev)->name, ##__VA_ARGS__)
#define netdev_info(dev, fmt, ...)	\
	printk(KERN_INFO "%s: " fmt, (dev)->name, ##__VA_ARGS__)

#endif /* _LINUX_NETDEVICE_H */
