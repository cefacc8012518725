/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DRIVERS_GPU_DRM_VIDX_VIDX_IRQ_H_
#define _DRIVERS_GPU_DRM_VIDX_VIDX_IRQ_H_

#include <linux/types.h>

struct vidx_device;

int vidx_irq_install(struct vidx_device *vdev, int irq);
void vidx_irq_uninstall(struct vidx_device *vdev, int irq);

#endif /* _DRIVERS_GPU_DRM_VIDX_VIDX_IRQ_H_ */
