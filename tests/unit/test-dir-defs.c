/* Unit tests of dir_defs: the files of a directory that may define a name
 * or set a member are those whose own definitions list says so, in the
 * directory's order, with the files whose pass lost track among them; a
 * file known by its summary's names counts the same. Compared with asking
 * each file's list (definitions_may_define()) on random directories. */
#include "analysis/model/dir-defs.h"
#include "test-lib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FILES 40
#define NAMES 12

static int hash_compare(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static const char *name(int k)
{
	static char buf[NAMES][16];

	snprintf(buf[k], sizeof(buf[k]), "fn_%d", k);
	return buf[k];
}

int main(void)
{
	struct definitions d[FILES];
	int ok = 1, i, k, r, asked = 0, found = 0;

	srand(1);
	for (r = 0; r < 300; r++) {
		struct dir_defs *dd = dir_defs_new();
		int nr = rand() % FILES;

		memset(d, 0, sizeof(d));
		for (i = 0; i < nr; i++) {
			int kind = rand() % 10;

			if (kind == 0) {
				d[i].unknown = true;
			} else if (kind == 1) {
				/* by a summary's names: the same names, exactly */
				const char *names[NAMES], *members[NAMES];
				int n = 0, m = 0;

				for (k = 0; k < NAMES; k++) {
					if (rand() % 4 == 0)
						names[n++] = name(k);
					if (rand() % 5 == 0)
						members[m++] = name(k);
				}
				/* a name twice: one definition per #if branch */
				if (n)
					names[n++] = names[0];
				d[i].defs = calloc(NAMES + 1, sizeof(*d[i].defs));
				d[i].members = calloc(NAMES + 1, sizeof(*d[i].members));
				for (k = 0; k < n; k++)
					d[i].defs[d[i].nr_defs++] =
						definitions_hash(names[k], strlen(names[k]));
				for (k = 0; k < m; k++)
					d[i].members[d[i].nr_members++] =
						definitions_hash(members[k], strlen(members[k]));
				/* the reference list sorted, as a pass's is */
				qsort(d[i].defs, d[i].nr_defs, sizeof(*d[i].defs), hash_compare);
				qsort(d[i].members, d[i].nr_members, sizeof(*d[i].members),
				      hash_compare);
				dir_defs_add_names(dd, (uint32_t)i, names, (size_t)n, members,
						   (size_t)m);
				continue;
			} else {
				const char *src[] = { "int fn_%d(void) { return 0; }\n",
						      "static struct ops o = { .fn_%d = f };\n" };
				char text[4096] = "";

				for (k = 0; k < NAMES; k++)
					if (rand() % 5 == 0)
						snprintf(text + strlen(text), sizeof(text) - strlen(text),
							 src[rand() % 2], k);
				definitions_scan(text, strlen(text), &d[i]);
			}
			dir_defs_add(dd, (uint32_t)i, &d[i]);
		}
		dir_defs_finish(dd);
		for (k = 0; k < NAMES; k++) {
			int member;

			for (member = 0; member < 2; member++) {
				uint32_t *files;
				size_t n = dir_defs_files(dd, name(k), member, &files), at = 0;

				for (i = 0; i < nr; i++) {
					bool may = d[i].unknown ||
						   (member ? definitions_may_set_member(&d[i], name(k)) :
							     definitions_may_define(&d[i], name(k)));

					if (!may)
						continue;
					ok &= at < n && files[at] == (uint32_t)i;
					at++;
				}
				ok &= at == n;
				asked++;
				found += (int)n;
				free(files);
			}
		}
		for (i = 0; i < nr; i++)
			definitions_release(&d[i]);
		dir_defs_free(dd);
	}
	CHECK("dir defs: the files each one's own list names, in order, on 300 directories", ok);
	CHECK("dir defs: the names were found often enough to tell", found > asked);
	return test_failures ? 1 : 0;
}
