/*
 * Where the program's data lies: installed, under PREFIX/share/wqcheck/
 * beside PREFIX/bin/wqcheck (and the man pages under PREFIX/share/man/);
 * in the build tree, beside checker/ (../semantic-patches/,
 * ../Documentation/). Found from the running binary (/proc/self/exe), so an
 * install under any PREFIX or DESTDIR finds its own, and nothing is compiled
 * in.
 */
#ifndef WQCHECK_LIB_DATA_DIR_H
#define WQCHECK_LIB_DATA_DIR_H

/* The directory of the semantic patches (*.cocci), or NULL when there is
 * none where it should be. The caller frees it. */
char *data_dir_semantic_patches(void);

/* The path of the man page name.section (an installed page first, else the
 * build tree's generated page, else its scdoc source), or NULL. The caller
 * frees it. */
char *data_dir_man_page(const char *name, int section);

#endif
