// GLib's main loop and Unix sources, plus the private libdispatch hooks that let a GLib main
// loop drain the main dispatch queue. Only the GLibMainLoop target imports this: the engine
// needs neither a GLib loop nor these symbols.
#ifndef VIDEOWALL_CGLIBLOOP_SHIM_H
#define VIDEOWALL_CGLIBLOOP_SHIM_H

#include <glib.h>
#include <glib-unix.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

// Private libdispatch hooks (the ones CoreFoundation's run loop uses) to drain the main
// dispatch queue from a GLib main loop, so @MainActor work runs while gtk_main/g_main_loop_run
// owns the main thread.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);
static inline int vw_dispatch_main_queue_fd(void) { return _dispatch_get_main_queue_handle_4CF(); }
static inline void vw_dispatch_drain_main_queue(void) { _dispatch_main_queue_callback_4CF(NULL); }
// The handle is an eventfd: read it back to zero before draining, or it stays readable and
// the GLib source fires in a busy loop (starving GTK's lower-priority redraw source).
static inline void vw_dispatch_acknowledge_and_drain(int fd) {
    uint64_t count;
    ssize_t ignored = read(fd, &count, sizeof count);
    (void)ignored;
    _dispatch_main_queue_callback_4CF(NULL);
}

// A signal g_unix_signal_add does not take (SIGQUIT): a plain handler writes the signal's
// number to a pipe that the main loop watches. write() is async-signal-safe; errno is kept.
static int vw_signal_pipe_write_end = -1;
static void vw_signal_to_pipe(int signum) {
    int saved = errno;
    unsigned char byte = (unsigned char)signum;
    ssize_t ignored = write(vw_signal_pipe_write_end, &byte, 1);
    (void)ignored;
    errno = saved;
}
static inline int vw_forward_signal_to_pipe(int signum, int write_end) {
    vw_signal_pipe_write_end = write_end;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = vw_signal_to_pipe;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    return sigaction(signum, &action, NULL);
}

#endif
