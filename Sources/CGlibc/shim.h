// What PlacesCore needs of glibc beyond Swift's Glibc module (part of libc: nothing to link):
// gettext for translations, malloc_trim to give memory freed after a large import back, the
// calling thread's id, whose CPU priority background work lowers, and a SIGBUS handler for a
// mapped file cut short (in C: a signal handler may call only async-signal-safe functions).
#ifndef PLACES_CGLIBC_SHIM_H
#define PLACES_CGLIBC_SHIM_H
#include <libintl.h>
#include <locale.h>
#include <malloc.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline int places_thread_id(void) { return (int)syscall(SYS_gettid); }

// What the SIGBUS handler needs, kept where a function's own static storage is (header statics
// are not emitted for Swift).
struct places_lost_pages {
    const char *message;
    size_t length;
    uintptr_t start, end;
};

static inline struct places_lost_pages *places_lost_pages_state(void) {
    static struct places_lost_pages state;
    return &state;
}

static void places_lost_pages_handler(int number, siginfo_t *info, void *context) {
    (void)context;
    struct places_lost_pages *state = places_lost_pages_state();
    uintptr_t address = (uintptr_t)info->si_addr;
    if (address >= state->start && address < state->end) {
        ssize_t written = write(STDERR_FILENO, state->message, state->length);
        (void)written;
        _exit(1);
    }
    // Not ours: back to the default, and the fault, happening again on return, ends the process.
    signal(number, SIG_DFL);
}

// From now on a SIGBUS at an address in [start, start + length) (a mapped file's pages lost because
// the file became shorter) writes `message` to standard error and ends the process with status 1.
static inline void places_exit_on_sigbus_in(const void *start, size_t length, const char *message) {
    struct places_lost_pages *state = places_lost_pages_state();
    state->message = strdup(message);
    state->length = strlen(message);
    state->start = (uintptr_t)start;
    state->end = (uintptr_t)start + length;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = places_lost_pages_handler;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, NULL);
}
#endif
