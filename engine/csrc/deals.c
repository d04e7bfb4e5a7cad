/* Uniform layouts of the unseen cards: see deals.h. */
#include "deals.h"

/* xoshiro256** seeded by splitmix64: fast, and 2^256 - 1 states is plenty */
static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void wd_seed(wd_rng *rng, uint64_t seed) {
    for (int i = 0; i < 4; i++) rng->s[i] = splitmix(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t wd_next(wd_rng *r) {
    uint64_t *s = r->s;
    uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

/* Uniform in 0..n-1 (n > 0): draws that would favour the low values are
   thrown back, so every value is exactly as likely. */
uint64_t wd_below(wd_rng *r, uint64_t n) {
    for (;;) {
        uint64_t x = wd_next(r);
        /* the floor (2^64 mod n) is below n, so a draw of n or more passes without the
           division that finds it: the same draws kept, one division fewer nearly always */
        if (x >= n || x >= (0 - n) % n) return x % n;
    }
}

/* The cards of a mask, lowest first, appended to cards[m..]; the new count. */
static int card_list(uint64_t bits, int *cards, int m) {
    for (; bits && m < 52; bits &= bits - 1) {
        int c = 0;
        while (!(bits >> c & 1)) c++;
        cards[m++] = c;
    }
    return m;
}

/* cards[0..m) in a random order as far as it matters (Fisher-Yates over the
   first a + b places), then the first a to others[0], the next b to
   others[1], the rest to others[2]. */
static void deal_out(int *cards, int m, int a, int b, const int others[3], wd_rng *rng,
                     uint64_t out[4]) {
    for (int i = 0; i < a + b; i++) {
        int j = i + (int)wd_below(rng, (uint64_t)(m - i));
        int t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
    for (int i = 0; i < m; i++) out[others[i < a ? 0 : i < a + b ? 1 : 2]] |= (uint64_t)1 << cards[i];
}

int wd_deal(const wd_plan *plan, const uint64_t base[4], const uint64_t suit_cards[4],
            const int others[3], int r0, int r1, wd_rng *rng, uint64_t out[4]) {
    uint64_t cum[WD_MAXSPLIT];
    for (int s = 0; s < 4; s++) out[s] = base[s];
    for (int k = 0; k < 4; k++) {
        uint64_t acc = 0;
        int n = (int)plan->nsplit[k];
        if (n > WD_MAXSPLIT) return -1;
        for (int i = 0; i < n; i++) {
            const uint64_t *sp = plan->split[k][i];
            uint64_t rest = 0;
            if ((int)sp[0] <= r0 && (int)sp[1] <= r1)
                rest = plan->after[k][r0 - (int)sp[0]][r1 - (int)sp[1]];
            acc += sp[3] * rest;
            cum[i] = acc;
        }
        if (acc == 0) return -1;
        uint64_t x = wd_below(rng, acc);
        int pick = 0;
        while (cum[pick] <= x) pick++;
        const uint64_t *sp = plan->split[k][pick];
        int a = (int)sp[0], b = (int)sp[1];
        int cards[52];
        int m = card_list(suit_cards[k], cards, 0);
        if (a + b > m) return -1;
        deal_out(cards, m, a, b, others, rng, out);
        r0 -= a;
        r1 -= b;
    }
    return r0 == 0 && r1 == 0 ? 0 : -1;
}

int wd_deal_free(const uint64_t base[4], const uint64_t suit_cards[4], const int others[3], int r0,
                 int r1, wd_rng *rng, uint64_t out[4]) {
    int cards[52], m = 0;
    for (int s = 0; s < 4; s++) out[s] = base[s];
    for (int k = 0; k < 4; k++) m = card_list(suit_cards[k], cards, m);
    if (r0 < 0 || r1 < 0 || r0 + r1 > m) return -1;
    deal_out(cards, m, r0, r1, others, rng, out);
    return 0;
}
