/*
 * For `faketime -m -f +30d npm test` only (README "Test it"; scripts/test.mjs builds this).
 *
 * libfaketime wraps epoll_wait and epoll_pwait and restarts them when a signal interrupts them.
 * PostgreSQL's lock_timeout and statement_timeout are a SIGALRM that must interrupt the
 * backend's epoll wait, so under libfaketime a lock wait never times out. Preloaded before
 * libfaketime, these two go straight to the C library: a shifted clock (no speed-up) needs no
 * change to a relative wait.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <sys/epoll.h>

static void *libc(void) {
  static void *handle;
  if (!handle) handle = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD);
  return handle;
}

int epoll_wait(int fd, struct epoll_event *events, int max, int timeout) {
  static int (*real)(int, struct epoll_event *, int, int);
  if (!real) real = (int (*)(int, struct epoll_event *, int, int))dlsym(libc(), "epoll_wait");
  return real(fd, events, max, timeout);
}

int epoll_pwait(int fd, struct epoll_event *events, int max, int timeout, const sigset_t *mask) {
  static int (*real)(int, struct epoll_event *, int, int, const sigset_t *);
  if (!real) real = (int (*)(int, struct epoll_event *, int, int, const sigset_t *))dlsym(libc(), "epoll_pwait");
  return real(fd, events, max, timeout, mask);
}
