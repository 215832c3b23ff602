// glibc's allocator tuning (mallopt and its M_* parameters), which Swift's Glibc module does
// not import. Only the videowall executable uses it.
#ifndef VIDEOWALL_CMALLOC_SHIM_H
#define VIDEOWALL_CMALLOC_SHIM_H
#include <malloc.h>
#endif
