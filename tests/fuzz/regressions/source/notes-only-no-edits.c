struct workqueue_struct *alloc_workqueue(const char *, unsigned int, int);
void f(unsigned int flags)
{
	alloc_workqueue("a", flags, 0);
}
