// Preloaded into `touchbridge` under valgrind (scripts/profile-server.sh). Valgrind 3.19 (Debian 12)
// clears SIGKILL and SIGSTOP in the mask that sigsuspend(2) is given, in place; libdispatch's main
// thread, parked by an async main (`_dispatch_sig_thread`), passes a mask in read-only memory, so
// valgrind faults on it and aborts the whole run. This sigsuspend passes a writable copy instead.
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, sizeof(unsigned long));
}
