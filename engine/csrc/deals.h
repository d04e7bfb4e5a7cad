/* Uniform layouts of the unseen cards (the AI's sampler, engine.search.sampling).
 *
 * The counting is done once per position by the caller (Python): for each
 * suit, every split (a, b, c) of its unseen cards among the three other
 * seats with its number of ways, and for each later suit a table of how many
 * layouts remain for every pair of needs. A layout then picks each suit's
 * split in proportion to the layouts it leaves and shuffles the suit's cards
 * into it: exactly uniform over the consistent layouts, with no rejection.
 * Plain C99, no dependencies beyond <stdint.h>.
 */
#ifndef WD_DEALS_H
#define WD_DEALS_H

#include <stdint.h>

#define WD_MAXSPLIT 105 /* splits of 13 cards among three seats */
#define WD_MAXNEED 13

/* Every field a uint64_t, so the caller can fill it as a flat array. */
typedef struct {
    uint64_t nsplit[4];
    uint64_t split[4][WD_MAXSPLIT][4]; /* a, b, c, ways */
    /* after[k][r0][r1]: layouts of the suits after suit k that give the first
       two seats exactly r0 and r1 cards (the third takes the rest) */
    uint64_t after[4][WD_MAXNEED + 1][WD_MAXNEED + 1];
} wd_plan;

typedef struct {
    uint64_t s[4];
} wd_rng;

void wd_seed(wd_rng *rng, uint64_t seed);

/* The next 64 random bits; a number uniform in 0..n-1 (n > 0), unbiased. */
uint64_t wd_next(wd_rng *rng);
uint64_t wd_below(wd_rng *rng, uint64_t n);

/* One layout: base[] (the cards already known) plus suit_cards[k] (the
 * unseen cards of suit k, as card bits) dealt to seats others[0..2], the
 * first two needing r0 and r1 cards. 0, or -1 when the plan has no layout
 * for these needs (the caller's counts do not fit). */
int wd_deal(const wd_plan *plan, const uint64_t base[4], const uint64_t suit_cards[4],
            const int others[3], int r0, int r1, wd_rng *rng, uint64_t out[4]);

/* The same without voids (no plan needed): the unseen cards shuffled and
 * dealt, r0 to others[0], r1 to others[1], the rest to others[2]. */
int wd_deal_free(const uint64_t base[4], const uint64_t suit_cards[4], const int others[3], int r0,
                 int r1, wd_rng *rng, uint64_t out[4]);

#endif
