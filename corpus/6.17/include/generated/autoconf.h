/*
 * Automatically generated file; DO NOT EDIT.
 * Linux/x86 6.17.0-wqcheck Kernel Configuration
 */
#define CONFIG_PERCPU_STATS 1
