#include "output/baseline.h"
#include "output/report.h"
#include "lib/usage.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_file(struct baseline *b, const char *file, size_t *alloc)
{
	size_t i;

	for (i = 0; i < b->nr_files; i++)
		if (!strcmp(b->files[i], file))
			return;
	ALLOC_GROW(b->files, b->nr_files, *alloc);
	b->files[b->nr_files++] = xstrdup(file);
}

/*
 * One finding's fingerprint from its fingerprints object (SARIF's
 * partialFingerprints, JSON's fingerprints): 0, or -1 with err saying what
 * it has instead.
 */
static int take_fingerprint(struct baseline *b, json_t *fingerprints,
			    size_t *alloc, struct strbuf *err)
{
	json_t *fp = json_object_get(fingerprints, FINGERPRINT_KEY);
	const char *other = NULL;
	void *iter;

	if (!json_is_string(fp)) {
		iter = json_is_object(fingerprints) ?
			json_object_iter(fingerprints) : NULL;
		if (iter)
			other = json_object_iter_key(iter);
		strbuf_addf(err, "%s: fingerprints this wqcheck cannot read (%s%s); "
			    "make the baseline again with this version", b->path,
			    other ? "it has " : "none", other ? other : "");
		return -1;
	}
	ALLOC_GROW(b->fingerprints, b->nr, *alloc);
	b->fingerprints[b->nr++] = xstrdup(json_string_value(fp));
	return 0;
}

/* wqcheck's SARIF: runs[0].results[], by partialFingerprints. */
static int read_sarif(struct baseline *b, json_t *doc, struct strbuf *err)
{
	json_t *run = json_array_get(json_object_get(doc, "runs"), 0);
	json_t *driver = json_object_get(json_object_get(run, "tool"), "driver");
	json_t *results = json_object_get(run, "results"), *r;
	const char *name = json_string_value(json_object_get(driver, "name"));
	size_t i, alloc = 0, files_alloc = 0;

	if (!name || strcmp(name, "wqcheck") || !json_is_array(results)) {
		strbuf_addf(err, "%s: a SARIF log, but not of wqcheck (tool %s)",
			    b->path, name ? name : "unnamed");
		return -1;
	}
	json_array_foreach(results, i, r) {
		const char *file = json_string_value(json_object_get(json_object_get(
			json_object_get(json_array_get(json_object_get(r, "locations"), 0),
					"physicalLocation"), "artifactLocation"), "uri"));

		if (take_fingerprint(b, json_object_get(r, "partialFingerprints"),
				     &alloc, err) < 0)
			return -1;
		if (file)
			add_file(b, file, &files_alloc);
	}
	return 0;
}

/* wqcheck scan --format=json: findings[], by fingerprints. */
static int read_json(struct baseline *b, json_t *doc, struct strbuf *err)
{
	json_t *findings = json_object_get(doc, "findings"), *f;
	size_t i, alloc = 0, files_alloc = 0;

	json_array_foreach(findings, i, f) {
		const char *file = json_string_value(json_object_get(f, "file"));

		if (take_fingerprint(b, json_object_get(f, "fingerprints"), &alloc,
				     err) < 0)
			return -1;
		if (file)
			add_file(b, file, &files_alloc);
	}
	return 0;
}

/*
 * A baseline of this tree names files that are still in it: a tree keeps
 * most of its files from one run to the next. One whose files are mostly
 * missing (fewer than half there) was made of another tree.
 */
static int check_tree(const struct baseline *b, const char *root, struct strbuf *err)
{
	struct strbuf path = STRBUF_INIT;
	const char *missing = NULL;
	struct stat st;
	size_t i, present = 0;

	for (i = 0; i < b->nr_files; i++) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", root, b->files[i]);
		if (!stat(path.buf, &st))
			present++;
		else if (!missing)
			missing = b->files[i];
	}
	strbuf_release(&path);
	if (present * 2 < b->nr_files) {
		strbuf_addf(err, "%s: a baseline of another tree: %zu of its %zu "
			    "files are not in %s (%s, ...)", b->path,
			    b->nr_files - present, b->nr_files, root, missing);
		return -1;
	}
	return 0;
}

int baseline_load(struct baseline *b, const char *path, const char *root,
		  struct strbuf *err)
{
	json_error_t jerr;
	json_t *doc;
	int rc;

	memset(b, 0, sizeof(*b));
	b->path = path;
	doc = json_load_file(path, 0, &jerr);
	if (!doc) {
		strbuf_addf(err, "%s: not a JSON or SARIF file wqcheck wrote: %s",
			    path, jerr.text);
		return -1;
	}
	if (json_object_get(doc, "runs")) {
		rc = read_sarif(b, doc, err);
	} else if (json_is_array(json_object_get(doc, "findings"))) {
		rc = read_json(b, doc, err);
	} else {
		strbuf_addf(err, "%s: neither wqcheck's JSON (findings) nor SARIF (runs)",
			    path);
		rc = -1;
	}
	json_decref(doc);
	if (!rc)
		rc = check_tree(b, root, err);
	if (rc < 0) {
		baseline_release(b);
		return -1;
	}
	qsort(b->fingerprints, b->nr, sizeof(*b->fingerprints), compare_strings);
	return 0;
}

bool baseline_has(const struct baseline *b, const char *fp)
{
	return b->nr && bsearch(&fp, b->fingerprints, b->nr,
				sizeof(*b->fingerprints), compare_strings);
}

size_t baseline_mark(const struct baseline *b, struct scan_result *res)
{
	size_t nr, i, matched = 0;
	struct finding **all = scan_result_findings(res, &nr);

	for (i = 0; i < nr; i++) {
		char *fp = finding_fingerprint(all, nr, i);

		all[i]->in_baseline = baseline_has(b, fp);
		matched += all[i]->in_baseline;
		free(fp);
	}
	free(all);
	res->baseline = b->path;
	res->baseline_matched = matched;
	res->baseline_new = nr - matched;
	return matched;
}

void baseline_release(struct baseline *b)
{
	size_t i;

	for (i = 0; i < b->nr; i++)
		free(b->fingerprints[i]);
	for (i = 0; i < b->nr_files; i++)
		free(b->files[i]);
	free(b->fingerprints);
	free(b->files);
	b->fingerprints = b->files = NULL;
	b->nr = b->nr_files = 0;
}
