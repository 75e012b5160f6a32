/* The hash finaliser the compiled solvers' tables share (solved/_exact.c, _cascades_core.c):
 * MurmurHash3's 64-bit mix, every input bit reaching every output bit. */

#ifndef KASKADE_MIX_H
#define KASKADE_MIX_H

#include <stdint.h>

static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    return x ^ (x >> 33);
}

#endif
