// Non-variadic wrappers around libedit's el_set / el_get / history, which Swift cannot call,
// and accessors for the C standard streams, which Swift 6 rejects as shared mutable globals.
#ifndef VMSH_CLIBEDIT_SHIM_H
#define VMSH_CLIBEDIT_SHIM_H

#include <histedit.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <wchar.h>

// Declared here rather than through _GNU_SOURCE, which would make this module's C types differ
// from the ones Swift's Glibc module sees.
extern int memfd_create(const char *name, unsigned int flags);
#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 1U
#endif

typedef char *(*vmsh_prompt_fn)(EditLine *);
typedef unsigned char (*vmsh_command_fn)(EditLine *, int);

static inline EditLine *vmsh_el_init(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}

static inline int vmsh_el_set_prompt(EditLine *el, vmsh_prompt_fn fn, char escape) {
    return el_set(el, EL_PROMPT_ESC, fn, escape);
}

static inline int vmsh_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
static inline int vmsh_el_set_unbuffered(EditLine *el, int on) { return el_set(el, EL_UNBUFFERED, on); }
static inline int vmsh_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
static inline int vmsh_el_set_prep_term(EditLine *el, int on) { return el_set(el, EL_PREP_TERM, on); }
static inline int vmsh_el_refresh(EditLine *el) { return el_set(el, EL_REFRESH); }
static inline int vmsh_el_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int vmsh_el_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
static inline void *vmsh_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}
static inline int vmsh_el_addfn(EditLine *el, const char *name, const char *help, vmsh_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int vmsh_el_bind(EditLine *el, const char *key, const char *name) {
    return el_set(el, EL_BIND, key, name, NULL);
}

static inline History *vmsh_history_init(void) { return history_init(); }
static inline void vmsh_history_end(History *h) { history_end(h); }
static inline int vmsh_history_setsize(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}
static inline int vmsh_history_setunique(History *h, int unique) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, unique);
}
static inline int vmsh_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}
static inline int vmsh_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}
/// The whole history in libedit's file format, in a buffer the caller frees; NULL on failure.
/// vmsh writes it to the file itself, through the routine every file it writes goes through.
/// libedit sets the mode of the stream it saves to, so the stream is a memory file
/// (memfd_create) rather than open_memstream, which has no descriptor.
static inline char *vmsh_history_bytes(History *h, size_t *length) {
    int fd = memfd_create("vmsh-history", MFD_CLOEXEC);
    if (fd < 0) return NULL;
    FILE *stream = fdopen(fd, "w+");
    if (stream == NULL) {
        close(fd);
        return NULL;
    }
    HistEvent ev;
    char *buffer = NULL;
    long size = -1;
    if (history(h, &ev, H_SAVE_FP, stream) >= 0 && fflush(stream) == 0) size = ftell(stream);
    if (size >= 0 && (buffer = malloc((size_t)size + 1)) != NULL) {
        rewind(stream);
        if (fread(buffer, 1, (size_t)size, stream) == (size_t)size) {
            *length = (size_t)size;
        } else {
            free(buffer);
            buffer = NULL;
        }
    }
    fclose(stream);
    return buffer;
}

static inline FILE *vmsh_stdout(void) { return stdout; }

#endif
