/* Subcommands, one cmd_<name>() each, listed in wqcheck.c's commands[]. */
#ifndef WQCHECK_BUILTIN_H
#define WQCHECK_BUILTIN_H

int cmd_scan(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_check_patch(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_series(int argc, char **argv);
int cmd_audit(int argc, char **argv);
int cmd_explain(int argc, char **argv);

#endif
