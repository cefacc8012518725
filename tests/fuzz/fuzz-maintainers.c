/* Fuzz target: MAINTAINERS as get_maintainer.pl reads it (sections, F:/X:
 * globs, N: and K: regexes), matched against a few paths, and each line as
 * an email address the way .mailmap and Cc: lines are read. */
#include "front/mailmap.h"
#include "front/maintainers.h"
#include "lib/usage.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const paths[] = {
		"drivers/net/foo.c", "include/linux/workqueue.h", "MAINTAINERS",
		"a", "drivers/", "",
	};
	char *text = xmalloc(size + 1), *line, *save = NULL;
	struct maintainers m = { 0 };
	size_t i;

	memcpy(text, data, size);
	text[size] = '\0';
	maintainers_parse(&m, text, size, NULL);
	for (i = 0; i < sizeof(paths) / sizeof(*paths); i++)
		maintainers_owner(&m, paths[i]);
	maintainers_release(&m);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *name = NULL, *address = NULL, *formatted;

		email_parse(line, &name, &address);
		formatted = email_format(name, address);
		free(formatted);
		free(name);
		free(address);
	}
	free(text);
	return 0;
}
