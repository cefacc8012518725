/* A main() for the fuzz targets without libFuzzer: runs each file named on
 * the command line (or each file of a directory) through
 * LLVMFuzzerTestOneInput() once. Built with gcc and ASan+UBSan, it is how
 * make check replays the seeds and every input a fuzzer ever crashed on
 * (tests/t-fuzz-regressions.sh). */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	FILE *fp = fopen(path, "rb");
	uint8_t *buf;
	long n;

	if (!fp) {
		perror(path);
		return 1;
	}
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	buf = malloc(n > 0 ? (size_t)n : 1);
	if (!buf || (n > 0 && fread(buf, 1, (size_t)n, fp) != (size_t)n)) {
		fprintf(stderr, "%s: cannot read\n", path);
		fclose(fp);
		free(buf);
		return 1;
	}
	fclose(fp);
	LLVMFuzzerTestOneInput(buf, n > 0 ? (size_t)n : 0);
	free(buf);
	return 0;
}

int main(int argc, char **argv)
{
	int i, bad = 0, runs = 0;

	for (i = 1; i < argc; i++) {
		struct stat st;
		DIR *d;
		struct dirent *e;

		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode) && (d = opendir(argv[i]))) {
			while ((e = readdir(d))) {
				char path[4096];

				if (e->d_name[0] == '.')
					continue;
				snprintf(path, sizeof(path), "%s/%s", argv[i], e->d_name);
				bad |= run_file(path);
				runs++;
			}
			closedir(d);
		} else {
			bad |= run_file(argv[i]);
			runs++;
		}
	}
	printf("replayed %d inputs\n", runs);
	return bad;
}
