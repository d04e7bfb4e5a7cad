/* Stand-alone driver for the Oh Hell / Knockout search (engine/csrc/ismcts.c),
 * for the Pi's CPUs and the sanitizers: one search a line, its action printed.
 * A line is whitespace-separated numbers (tests/engine/test_ismcts_cross.py writes them):
 *   players nring ring[nring] dealer hook strains trump phase turn leader
 *   ntrick trick[ntrick] bids[players] taken[players] hands[players] (hex)
 *   seat norder order[norder] counts[players] voids[players] unseen (hex)
 *   knockout exact_bonus trick_value always miss_penalty size
 *   iterations textbook epsilon explore seed (hex)
 * A line that cannot be read stops the driver with status 1, naming the line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ismcts.h"

static const char *cursor;

static int next_long(long *out, int base) {
    char *end;
    while (*cursor == ' ' || *cursor == '\t') cursor++;
    if (!*cursor || *cursor == '\n') return -1;
    *out = strtol(cursor, &end, base);
    if (end == cursor) return -1;
    cursor = end;
    return 0;
}

static int next_mask(uint64_t *out) {
    char *end;
    while (*cursor == ' ' || *cursor == '\t') cursor++;
    unsigned long long v = strtoull(cursor, &end, 16);
    if (end == cursor) return -1;
    cursor = end;
    *out = (uint64_t)v;
    return 0;
}

static int next_double(double *out) {
    char *end;
    *out = strtod(cursor, &end);
    if (end == cursor) return -1;
    cursor = end;
    return 0;
}

#define READ(v, lo, hi)                                          \
    do {                                                         \
        long x_;                                                 \
        if (next_long(&x_, 10) || x_ < (lo) || x_ > (hi)) return -1; \
        (v) = (int32_t)x_;                                       \
    } while (0)

static int parse(is_knowledge *k, is_goal *g, is_options *o, uint64_t *seed) {
    memset(k, 0, sizeof *k);
    is_state *st = &k->root;
    READ(st->players, 2, IS_SEATS);
    int n = st->players;
    READ(st->nring, 1, n);
    for (int i = 0; i < st->nring; i++) READ(st->ring[i], 0, n - 1);
    READ(st->dealer, 0, n - 1);
    READ(st->hook, 0, 1);
    READ(st->strains, 4, 5);
    READ(st->trump, 0, 4);
    READ(st->phase, IS_PH_BID, IS_PH_PLAY);
    READ(st->turn, 0, n - 1);
    READ(st->leader, 0, n - 1);
    READ(st->ntrick, 0, st->nring - 1);
    for (int i = 0; i < st->ntrick; i++) READ(st->trick[i], 0, 51);
    for (int s = 0; s < n; s++) READ(st->bids[s], -1, 52);
    for (int s = 0; s < n; s++) READ(st->taken[s], 0, 52);
    for (int s = 0; s < n; s++)
        if (next_mask(&st->hands[s])) return -1;
    READ(k->seat, 0, n - 1);
    READ(k->norder, 0, n);
    for (int i = 0; i < k->norder; i++) READ(k->order[i], 0, n - 1);
    for (int s = 0; s < n; s++) READ(k->counts[s], 0, 52);
    for (int s = 0; s < n; s++) READ(k->voids[s], 0, 15);
    if (next_mask(&k->unseen)) return -1;
    READ(g->knockout, 0, 1);
    READ(g->exact_bonus, -1000, 1000);
    READ(g->trick_value, -1000, 1000);
    READ(g->always, 0, 1);
    READ(g->miss_penalty, -1000, 1000);
    READ(g->size, 0, 52);
    READ(o->iterations, 1, 1000000);
    READ(o->textbook, 0, 1);
    if (next_double(&o->epsilon) || next_double(&o->explore)) return -1;
    READ(o->opponents, 0, 2);
    return next_mask(seed);
}

int main(void) {
    char line[4096];
    for (long number = 1; fgets(line, sizeof line, stdin); number++) {
        is_knowledge k;
        is_goal g;
        is_options o;
        uint64_t seed;
        cursor = line;
        if (parse(&k, &g, &o, &seed)) {
            fprintf(stderr, "line %ld cannot be read: %s", number, line);
            return 1;
        }
        printf("%d\n", is_search(&k, &g, &o, seed));
    }
    return 0;
}
