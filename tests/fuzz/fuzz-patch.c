/* Fuzz target: the patch reader (a format-patch file, a mailbox of several
 * or a plain unified diff), as check-patch and validate read a series. */
#include "products/review/patch-parse.h"
#include "lib/usage.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xmalloc(size + 1);
	struct patch_series ps = { 0 };
	const char *why = NULL;
	unsigned line;

	memcpy(text, data, size);
	text[size] = '\0';
	/* the series takes text over */
	if (patch_series_parse(&ps, "fuzz.patch", text, size, &why) == 0)
		for (line = 1; line <= ps.nr_lines && line < 64; line++)
			free(patch_input_line(&ps, line));
	patch_series_release(&ps);
	return 0;
}
