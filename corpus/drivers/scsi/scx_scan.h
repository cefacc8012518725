/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DRIVERS_SCSI_SCX_SCAN_H_
#define _DRIVERS_SCSI_SCX_SCAN_H_

#include <linux/types.h>

struct scx_scan_req;

int scx_scan_sync(unsigned int channel);
void scx_scan_async(struct scx_scan_req *req);

#endif /* _DRIVERS_SCSI_SCX_SCAN_H_ */
