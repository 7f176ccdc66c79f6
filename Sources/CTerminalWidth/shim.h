// glibc's wcwidth, which Swift's Glibc module does not export: the columns a character takes at
// a terminal in the process's locale.
#ifndef VMSH_CTERMINALWIDTH_SHIM_H
#define VMSH_CTERMINALWIDTH_SHIM_H

#include <wchar.h>

// Declared here rather than through _XOPEN_SOURCE, which would make this module's C types differ
// from the ones Swift's Glibc module sees.
extern int wcwidth(wchar_t c);

static inline int vmsh_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

#endif
