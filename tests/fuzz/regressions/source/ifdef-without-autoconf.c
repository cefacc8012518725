#ifdef CONFIG_FOO
int x;
#endif
#if IS_ENABLED(CONFIG_BAR)
int y;
#endif
