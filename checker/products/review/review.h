/*
 * The review of a change, for a maintainer or a CI before it is merged:
 * check-patch and diff (the findings a series or a git range adds, in
 * check-patch.h) and kbuild's $(CHECK) (one file at a time as make C=1
 * hands it over, in kbuild-check.h). This is the header the commands
 * include; patch-parse.h, patch-apply.h and patch-index.h stay inside
 * products/review/.
 */
#ifndef WQCHECK_PRODUCTS_REVIEW_H
#define WQCHECK_PRODUCTS_REVIEW_H

#include "products/review/check-patch.h"
#include "products/review/kbuild-check.h"

#endif
