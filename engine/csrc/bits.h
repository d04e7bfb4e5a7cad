/* Card sets as 64-bit masks: the two helpers the searches share (ismcts.c, pointmcts.c),
 * static so each extension module carries its own copy. Plain C99. */
#ifndef WI_BITS_H
#define WI_BITS_H

#include <stdint.h>

/* the cards in a set */
static int popcount64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#else
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
#endif
}

/* the lowest card of a non-empty set (de Bruijn: no compiler builtins needed) */
static int lowest(uint64_t x) {
    static const int8_t index[64] = {
        0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,  62, 55, 59, 36, 53, 51,
        43, 22, 45, 39, 33, 30, 24, 18, 12, 5,  63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21,
        44, 32, 23, 11, 46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};
    return index[((x & (~x + 1)) * 0x03F79D71B4CB0A89ULL) >> 58];
}

#endif
