/* Exact trick solver for the whist family (family.h): alpha-beta with null
 * windows (MTD(f): "does the side take at least k tricks?"); a transposition
 * table at trick boundaries keyed by the relative ranks of the cards still
 * out, whose entries hold for every position that differs only in cards
 * below the lowest rank that decided a trick (partition search); the quick
 * tricks of the leader (or of a friend it can reach) as a bound; one card
 * per run of equivalent cards; and cheap move ordering (the table's best lead
 * first, cash winners when the trick is wanted, lead low to a friend's
 * winner, low under a friend's sure winner, the cheapest sure winner over an
 * enemy's card). A killer move per depth searched more nodes, not fewer
 * (bench/RESULTS.md).
 *
 * Layout: each card gets a position 0..63 by how it ranks in this hand.
 * Suit s is the 16-bit lane s, its cards at bits 0..12 from the weakest to
 * the strongest (uptown, downtown, ace low: only this mapping changes). At
 * a suit contract the jokers are bits 13 (little) and 14 (big) of the trump
 * lane, the two top trumps; at no trump they are bits 13 and 14 of lane 0,
 * outside every suit's mask: no suit, never winning. So "beats" is a
 * comparison of positions and "follows" a mask.
 */
/* clock_gettime for the time limit (POSIX; plain C99 falls back to clock()) */
#define _POSIX_C_SOURCE 200112L
#include "family.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

typedef uint64_t u64;
typedef uint32_t u32;
typedef uint8_t u8;

#define NT 4
#define LJ 52
#define BJ 53
#define BUCKET 8
#define NOKEY (-1)

#if defined(__GNUC__) || defined(__clang__)
static inline int ctz64(u64 x) { return __builtin_ctzll(x); }
static inline int hib64(u64 x) { return 63 - __builtin_clzll(x); }
static inline int popc64(u64 x) { return __builtin_popcountll(x); }
#else
static inline int hib64(u64 x) {
    int n = -1;
    while (x) { x >>= 1; n++; }
    return n;
}
static inline int ctz64(u64 x) {
    int n = 0;
    while (!(x & 1)) { x >>= 1; n++; }
    return n;
}
static inline int popc64(u64 x) {
    int n = 0;
    while (x) { x &= x - 1; n++; }
    return n;
}
#endif

/* A position's bounds for every position that matches it: the same leader,
   the same number of cards of each suit in every hand, and the same owners
   of the cards in `zone` (relative ranks: for each suit, its cards from the
   lowest one whose rank decided a trick up to the top). Also the lead that
   decided the bounds (as a relative rank, NOMOVE if none). */
#define NOMOVE 255
typedef struct {
    uint16_t gen;
    u8 leader, lo, hi, n, best, pad;
    u64 lens; /* a hash of the suit lengths of every hand */
    u64 zone;
    u64 key[WF_MAX_SEATS]; /* the hands by relative rank */
} Entry;

struct wf_ctx {
    Entry *table;
    u64 *info;       /* per slot: a tag of the hash, the generation, the cards left */
    size_t nbuckets; /* a power of two; BUCKET entries each */
    uint16_t gen;    /* entries of another generation are empty */
    u64 config;      /* order, seats, side and goal the table's entries belong to */
    unsigned long long nodes;
    unsigned long long node_limit;
    double time_limit;
};

/* One search: the rules of this hand as masks, and the position. */
typedef struct {
    wf_ctx *c;
    int seats;
    unsigned side;    /* seats whose tricks count */
    unsigned wants;   /* seats playing for the side's most tricks */
    u64 suitmask[4];  /* the cards that count as each suit */
    u64 trumpmask;    /* the trumps (jokers included at a suit contract), 0 at no trump */
    u64 freejok;      /* jokers that fix no suit when led (no trump, or a free lead) */
    u64 deadjok;      /* jokers that never win (no trump) */
    u64 grp[64];      /* for each position: the cards it ranks against (its group) */
    u64 gmask[6];
    int ngroups;
    int owner[64];    /* the seat holding each position when the search began */
    int card_at[64];  /* position -> card int */
    /* the position */
    u64 hands[WF_MAX_SEATS];
    u64 played;       /* the cards of the trick in progress */
    int leader, count, led, win_key, win_seat, n, ply;
    unsigned long long node_end;
    double deadline;
    jmp_buf stop;
} S;

static double now_s(void) {
#if defined(CLOCK_MONOTONIC)
    struct timespec t;
    if (clock_gettime(CLOCK_MONOTONIC, &t) == 0) return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
#endif
    return (double)clock() / CLOCKS_PER_SEC;
}

/* --- contexts -------------------------------------------------------------- */

wf_ctx *wf_ctx_new(size_t tt_bytes) {
    if (tt_bytes == 0) tt_bytes = WF_DEFAULT_TT_BYTES;
    size_t nb = 1;
    while (nb * 2 * BUCKET * (sizeof(Entry) + sizeof(u64)) <= tt_bytes) nb *= 2;
    wf_ctx *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    /* calloc: pages are touched only as the search fills them */
    c->table = calloc(nb * BUCKET, sizeof(Entry));
    c->info = calloc(nb * BUCKET, sizeof(u64));
    if (!c->table || !c->info) {
        free(c->table);
        free(c->info);
        free(c);
        return NULL;
    }
    c->nbuckets = nb;
    c->gen = 1;
    c->config = ~(u64)0;
    return c;
}

void wf_ctx_free(wf_ctx *c) {
    if (!c) return;
    free(c->table);
    free(c->info);
    free(c);
}

size_t wf_ctx_bytes(const wf_ctx *c) { return c ? c->nbuckets * BUCKET * (sizeof(Entry) + sizeof(u64)) : 0; }

unsigned long long wf_ctx_nodes(const wf_ctx *c) { return c ? c->nodes : 0; }

static void next_gen(wf_ctx *c) {
    if (++c->gen == 0) { /* wrapped: old generations could come back */
        memset(c->table, 0, c->nbuckets * BUCKET * sizeof(Entry));
        memset(c->info, 0, c->nbuckets * BUCKET * sizeof(u64));
        c->gen = 1;
    }
}

void wf_ctx_clear(wf_ctx *c) {
    if (c) next_gen(c);
}

void wf_ctx_set_limits(wf_ctx *c, unsigned long long nodes, double seconds) {
    if (!c) return;
    c->node_limit = nodes;
    c->time_limit = seconds > 0 ? seconds : 0;
}

/* --- the rules as masks ------------------------------------------------------ */

/* Order.power for a card of a suit: higher beats lower. */
static int power(const wf_order *o, int rank) {
    if (!o->downtown) return rank;
    if (rank == 14) return o->ace_low ? 1 : 15;
    return 16 - rank;
}

/* Positions of every card for this order; the masks of the rules. */
static void setup_rules(S *s, const wf_order *o, int card_pos[54]) {
    memset(s->suitmask, 0, sizeof s->suitmask);
    for (int p = 0; p < 64; p++) s->card_at[p] = -1;
    for (int suit = 0; suit < 4; suit++) {
        /* rank the 13 cards by power: the weakest at bit 0 */
        int order[13];
        for (int r = 0; r < 13; r++) order[r] = r + 2;
        for (int i = 1; i < 13; i++)
            for (int j = i; j > 0 && power(o, order[j]) < power(o, order[j - 1]); j--) {
                int t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
            }
        for (int i = 0; i < 13; i++) {
            int card = suit * 13 + order[i] - 2, p = 16 * suit + i;
            card_pos[card] = p;
            s->card_at[p] = card;
        }
        s->suitmask[suit] = (u64)0x1FFF << (16 * suit);
    }
    int lane = o->trump < NT ? o->trump : 0;
    card_pos[LJ] = 16 * lane + 13;
    card_pos[BJ] = 16 * lane + 14;
    s->card_at[16 * lane + 13] = LJ;
    s->card_at[16 * lane + 14] = BJ;
    u64 jok = (u64)3 << (16 * lane + 13);
    s->trumpmask = 0;
    s->deadjok = 0;
    if (o->trump < NT) {
        s->suitmask[o->trump] |= jok;
        s->trumpmask = s->suitmask[o->trump];
    } else {
        s->deadjok = jok;
    }
    s->freejok = (o->trump == NT || o->free_joker) ? jok : 0;
    /* groups: cards whose order against each other is all that matters. A
       joker led free acts unlike any trump, so then the jokers are a group
       of their own; led as a trump they are simply the top two trumps. */
    s->ngroups = 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 g = (u64)0x1FFF << (16 * suit);
        if (suit == o->trump && !o->free_joker) g |= jok;
        s->gmask[s->ngroups++] = g;
    }
    if (o->trump == NT || o->free_joker) s->gmask[s->ngroups++] = jok;
    for (int p = 0; p < 64; p++) s->grp[p] = 0;
    for (int g = 0; g < s->ngroups; g++)
        for (u64 x = s->gmask[g]; x; x &= x - 1) s->grp[ctz64(x)] = s->gmask[g];
}

/* The suit led once `b` (a position's bit) is played to a trick whose suit is `led` (-1: none yet). */
static inline int led_after(const S *s, int led, u64 b, int p) {
    if (led < 0 && !(b & s->freejok)) return p >> 4;
    return led;
}

/* What a card is worth in the trick: trumps above the suit led, else nothing. */
static inline int card_key(const S *s, int led, u64 b, int p) {
    if (b & s->trumpmask) return 128 + p;
    if (led >= 0 && (b & s->suitmask[led])) return 64 + p;
    return NOKEY;
}

static inline u64 legal_of(const S *s, u64 hand, int led) {
    if (led < 0) return hand;
    u64 f = hand & s->suitmask[led];
    return f ? f : hand;
}

/* --- validation ---------------------------------------------------------------- */

static void card_text(int card, char *out) {
    static const char suits[] = "SHDC", ranks[] = "23456789TJQKA";
    if (card == LJ) strcpy(out, "LJ");
    else if (card == BJ) strcpy(out, "BJ");
    else {
        out[0] = suits[card / 13];
        out[1] = ranks[card % 13];
        out[2] = 0;
    }
}

int wf_validate(const wf_position *pos, const wf_order *o, char *err, size_t errlen) {
    char a[4], b[4];
    int seats = pos->seats;
    if (o->trump < 0 || o->trump > NT) {
        snprintf(err, errlen, "trump %d is not a strain: 0..3 for a suit, 4 for no trump", o->trump);
        return -1;
    }
    if (seats < WF_MIN_SEATS || seats > WF_MAX_SEATS) {
        snprintf(err, errlen, "%d seats: the family solver takes 2 to 7", seats);
        return -1;
    }
    if (pos->leader < 0 || pos->leader >= seats) {
        snprintf(err, errlen, "leader %d is out of range: seats are 0..%d", pos->leader, seats - 1);
        return -1;
    }
    if (pos->ntrick < 0 || pos->ntrick >= seats) {
        snprintf(err, errlen, "a trick in progress at %d seats has 0 to %d cards, not %d", seats, seats - 1,
                 pos->ntrick);
        return -1;
    }
    if (pos->side >= (1u << seats)) {
        snprintf(err, errlen, "side %u is not a set of seats 0..%d", pos->side, seats - 1);
        return -1;
    }
    u64 all = 0;
    for (int i = 0; i < seats; i++) {
        if (pos->hands[i] >> 54) {
            snprintf(err, errlen, "hand mask %d must be a 54-bit mask", i);
            return -1;
        }
        if (all & pos->hands[i]) {
            card_text(ctz64(all & pos->hands[i]), a);
            snprintf(err, errlen, "%s is in two hands", a);
            return -1;
        }
        all |= pos->hands[i];
    }
    for (int i = 0; i < pos->ntrick; i++) {
        int card = pos->trick[i];
        if (card < 0 || card > 53) {
            snprintf(err, errlen, "trick card %d is out of range 0..53", card);
            return -1;
        }
        card_text(card, a);
        if (all >> card & 1) {
            snprintf(err, errlen, "%s is played to the trick but still in a hand", a);
            return -1;
        }
        all |= (u64)1 << card;
    }
    int mover = (pos->leader + pos->ntrick) % seats;
    int n = popc64(pos->hands[mover]);
    if (n < 1) {
        snprintf(err, errlen, "seat %d is to play but holds no cards", mover);
        return -1;
    }
    for (int i = 0; i < seats; i++) {
        int seat = (pos->leader + i) % seats, want = i < pos->ntrick ? n - 1 : n;
        if (popc64(pos->hands[seat]) != want) {
            snprintf(err, errlen, "seat %d holds %d cards but should hold %d", seat,
                     popc64(pos->hands[seat]), want);
            return -1;
        }
    }
    /* revokes, by the order's own suits */
    S s;
    int card_pos[54];
    setup_rules(&s, o, card_pos);
    int led = -1;
    for (int i = 0; i < pos->ntrick; i++) {
        int p = card_pos[pos->trick[i]];
        u64 bit = (u64)1 << p;
        if (led >= 0 && !(bit & s.suitmask[led])) {
            int seat = (pos->leader + i) % seats;
            for (u64 x = pos->hands[seat]; x; x &= x - 1)
                if (s.suitmask[led] >> card_pos[ctz64(x)] & 1) {
                    card_text(pos->trick[i], a);
                    card_text(ctz64(x), b);
                    snprintf(err, errlen, "seat %d played %s while holding %s of the suit led (revoke)", seat,
                             a, b);
                    return -1;
                }
        }
        led = led_after(&s, led, bit, p);
    }
    return 0;
}

/* --- the table ------------------------------------------------------------------- */

/* The hands by relative rank: the k-th weakest card still out in a group
   goes to the group's k-th bit, whoever holds it. Only at trick starts,
   where every card out is in a hand. */
static void table_key(const S *s, u64 all, u64 key[WF_MAX_SEATS]) {
    for (int i = 0; i < WF_MAX_SEATS; i++) key[i] = 0;
    for (int g = 0; g < s->ngroups; g++) {
        u64 rest = all & s->gmask[g];
        int k = ctz64(s->gmask[g]);
#if defined(__BMI2__)
        for (int i = 0; i < s->seats; i++) key[i] |= _pext_u64(s->hands[i], rest) << k;
#else
        for (; rest; rest &= rest - 1) key[s->owner[ctz64(rest)]] |= (u64)1 << k++;
#endif
    }
}

/* A hash of every hand's suit lengths and of who holds the top card of each
   suit (so that the many positions of one pattern of lengths spread over the
   table; an entry is found only from positions with the same top cards,
   a small loss), and whether two keys have the same lengths. */
static u64 lens_hash(const S *s, const u64 key[WF_MAX_SEATS], u64 all, int leader) {
    u64 h = (u64)(leader + 1) * 0x9E3779B97F4A7C15ull;
    for (int g = 0; g < s->ngroups; g++) {
        u64 r = all & s->gmask[g];
        h ^= r ? (u64)s->owner[hib64(r)] + 1 : 0;
        h *= 0xBF58476D1CE4E5B9ull;
        for (int i = 0; i < s->seats; i++) {
            h ^= (u64)popc64(key[i] & s->gmask[g]) << (4 * i);
        }
        h *= 0x94D049BB133111EBull;
        h ^= h >> 29;
    }
    return h;
}

static int same_lens(const S *s, const u64 *a, const u64 *b) {
    for (int i = 0; i < s->seats; i++)
        for (int g = 0; g < s->ngroups; g++)
            if (popc64(a[i] & s->gmask[g]) != popc64(b[i] & s->gmask[g])) return 0;
    return 1;
}

/* What the table knows of a position: every matching entry's bounds, the
   best of each with the zone it holds for, and a lead to try first. */
typedef struct {
    int lo, hi, best;
    u64 zlo, zhi;
} Known;

static int matches(const S *s, const Entry *e, const u64 key[WF_MAX_SEATS], int leader, u64 lh) {
    if (e->gen != s->c->gen || e->lens != lh || e->leader != leader) return 0;
    for (int j = 0; j < s->seats; j++)
        if ((e->key[j] ^ key[j]) & e->zone) return 0;
    return same_lens(s, e->key, key);
}

/* The slot's info word: a probe reads the bucket's words (one cache line)
   and an entry only when its tag and generation match. */
#define INFO_MASK (((u64)1 << 48) - 1)
static inline u64 info_of(u64 lh, uint16_t gen) { return (lh >> 32) | (u64)gen << 32; }

static void probe(const S *s, const u64 key[WF_MAX_SEATS], int leader, u64 lh, Known *k) {
    size_t at = (lh & (s->c->nbuckets - 1)) * BUCKET;
    Entry *b = s->c->table + at;
    const u64 *info = s->c->info + at, want = info_of(lh, s->c->gen);
    k->lo = 0;
    k->hi = s->n;
    k->best = NOMOVE;
    k->zlo = k->zhi = 0;
    for (int i = 0; i < BUCKET; i++) {
        Entry *e = &b[i];
        if ((info[i] & INFO_MASK) != want || !matches(s, e, key, leader, lh)) continue;
        if (e->lo > k->lo) {
            k->lo = e->lo;
            k->zlo = e->zone;
        }
        if (e->hi < k->hi) {
            k->hi = e->hi;
            k->zhi = e->zone;
        }
        if (k->best == NOMOVE) k->best = e->best;
    }
}

/* Store bounds that hold in `zone`: in the entry of the same zone and
   pattern if there is one (refining it), else in a new slot. */
static void store(const S *s, const u64 key[WF_MAX_SEATS], int leader, u64 lh, u64 zone, int lo, int hi,
                  int best) {
    wf_ctx *c = s->c;
    size_t at = (lh & (c->nbuckets - 1)) * BUCKET;
    Entry *b = c->table + at, *e = NULL;
    u64 *info = c->info + at, want = info_of(lh, c->gen);
    int slot = -1;
    for (int i = 0; i < BUCKET; i++)
        if ((info[i] & INFO_MASK) == want && b[i].zone == zone && matches(s, &b[i], key, leader, lh)) {
            slot = i;
            e = &b[i];
            if (e->lo > lo) lo = e->lo;
            if (e->hi < hi) hi = e->hi;
            break;
        }
    if (!e) {
        /* an empty slot, else the one with the fewest cards left (cheapest to find again) */
        for (int i = 0; i < BUCKET; i++) {
            if ((info[i] >> 32 & 0xFFFF) != c->gen) {
                slot = i;
                break;
            }
            if (slot < 0 || (info[i] >> 48) < (info[slot] >> 48)) slot = i;
        }
        e = &b[slot];
        e->gen = c->gen;
        e->leader = (u8)leader;
        e->lens = lh;
        e->zone = zone;
        memcpy(e->key, key, sizeof e->key);
    }
    e->lo = (u8)lo;
    e->hi = (u8)hi;
    e->n = (u8)s->n;
    e->best = (u8)best;
    info[slot] = want | (u64)s->n << 48;
}

/* A card's relative rank (its bit in the table's key) and back, at a trick start. */
static int to_rel(const S *s, u64 all, int p) {
    u64 g = s->grp[p];
    return ctz64(g) + popc64(all & g & (((u64)1 << p) - 1));
}

static int from_rel(const S *s, u64 all, int r) {
    u64 g = s->grp[r];
    if (!g) return -1;
    u64 rest = all & g;
    for (int k = r - ctz64(g); k > 0 && rest; k--) rest &= rest - 1;
    return rest ? ctz64(rest) : -1;
}

/* The zone of relevant cards (positions) as relative ranks: in each group,
   from the lowest relevant card up. And back: the cards of a position in a zone. */
static u64 zone_of(const S *s, u64 all, u64 rel) {
    u64 z = 0;
    for (int g = 0; g < s->ngroups; g++) {
        u64 r = rel & all & s->gmask[g];
        if (!r) continue;
        int base = ctz64(s->gmask[g]), n = popc64(all & s->gmask[g]), lo = to_rel(s, all, ctz64(r));
        z |= ((((u64)1 << (base + n - 1)) << 1) - ((u64)1 << lo));
    }
    return z;
}

static u64 cards_in_zone(const S *s, u64 all, u64 zone) {
    u64 out = 0;
    for (int g = 0; g < s->ngroups; g++) {
        int t = popc64(zone & s->gmask[g]);
        u64 rest = all & s->gmask[g];
        for (int k = popc64(rest) - t; k > 0; k--) rest &= rest - 1;
        out |= rest;
    }
    return out;
}

/* --- the search ------------------------------------------------------------------ */

static int ab(S *s, int alpha, int beta, u64 *rel);

/* The trick's winning card, when its rank decided the trick (another card of
   its kind was played to it), else 0. */
static inline u64 ranked_winner(const S *s, u64 played, int led, int win_key) {
    if (win_key == NOKEY) return 0;
    u64 w = (u64)1 << (win_key & 63);
    u64 kind = win_key >= 128 ? s->trumpmask : s->suitmask[led];
    return (played & kind & ~w) ? w : 0;
}

/* The side's tricks when the last trick is played out (one card each: no choice). */
static int last_trick(const S *s, u64 *rel) {
    int led = -1, best = NOKEY, winner = s->leader;
    u64 played = 0;
    for (int i = 0; i < s->seats; i++) {
        int m = (s->leader + i) % s->seats;
        u64 b = s->hands[m];
        int p = ctz64(b);
        played |= b;
        led = led_after(s, led, b, p);
        int k = card_key(s, led, b, p);
        if (k > best) {
            best = k;
            winner = m;
        }
    }
    *rel = ranked_winner(s, played, led, best);
    return (int)(s->side >> winner & 1);
}

/* How many of `mine` stand at the top of `all`, one above the other; `run` gets them. */
static inline int top_run(u64 mine, u64 all, u64 *run) {
    int k = 0;
    while (all) {
        u64 b = (u64)1 << hib64(all);
        if (!(mine & b)) break;
        *run |= b;
        k++;
        all ^= b;
    }
    return k;
}

/* Tricks the leader takes for certain by leading its top cards, at the start
   of a trick: its top trumps, and once they have drawn every other trump (or
   there is none out) its top cards of the other suits; at no trump its top
   cards of every suit. A joker led free draws no trump. `run`: the cards
   counted (what the count depends on, beside the suit lengths). */
static int quick_tricks(const S *s, int leader, u64 *run) {
    u64 mine = s->hands[leader], others = 0;
    for (int i = 0; i < s->seats; i++)
        if (i != leader) others |= s->hands[i];
    u64 all = mine | others;
    int q = 0, sides = 1;
    *run = 0;
    if (s->trumpmask) {
        int k = top_run(mine, all & s->trumpmask, run), draws = k;
        if (s->freejok) { /* a conservative count: the leader's jokers draw nothing */
            draws -= popc64(mine & s->freejok);
            if (draws < 0) draws = 0;
        }
        q += k;
        for (int i = 0; i < s->seats && sides; i++)
            if (i != leader && popc64(s->hands[i] & s->trumpmask) > draws) sides = 0;
    }
    if (sides)
        for (int suit = 0; suit < 4; suit++) {
            u64 m = s->suitmask[suit] & ~s->trumpmask & ~s->deadjok;
            if (m) q += top_run(mine & m, all & m, run);
        }
    return q < s->n ? q : s->n;
}

/* The quick tricks of a friend of the leader (a seat on its side) that the
   leader can reach: the leader leads a low card of a suit whose top card the
   friend holds, which no enemy can ruff, and the friend cashes its quick
   tricks from there (that trick the first of them). The better of these and
   `q`, the leader's own; `run` gets the cards the count rests on. */
static int friends_quick(const S *s, int leader, int q, u64 *run) {
    u64 all = 0;
    for (int i = 0; i < s->seats; i++) all |= s->hands[i];
    for (int f = 0; f < s->seats; f++) {
        if (f == leader || (s->side >> f & 1) != (s->side >> leader & 1)) continue;
        for (int suit = 0; suit < 4; suit++) {
            u64 sm = s->suitmask[suit] & ~s->deadjok, in_suit = all & sm;
            if (!in_suit || !(s->hands[leader] & sm & ~s->freejok)) continue;
            u64 top = (u64)1 << hib64(in_suit);
            if (!(s->hands[f] & top)) continue;
            int ruffed = 0;
            if (s->trumpmask && !(sm & s->trumpmask))
                for (int e = 0; e < s->seats; e++)
                    if ((s->side >> e & 1) != (s->side >> leader & 1) && !(s->hands[e] & sm) &&
                        (s->hands[e] & s->trumpmask))
                        ruffed = 1;
            if (ruffed) continue;
            u64 frun;
            int qf = quick_tricks(s, f, &frun);
            if (qf > q) {
                q = qf;
                *run = frun | top;
            }
            break; /* the friend's count is the same whichever suit reaches it */
        }
    }
    return q;
}

/* The side's tricks (this trick included) after the player to move plays p;
   `rel` gets the cards whose ranks decided it. */
static int child(S *s, int p, int alpha, int beta, u64 *rel) {
    int m = (s->leader + s->count) % s->seats;
    u64 b = (u64)1 << p;
    int led = s->led, wk = s->win_key, wseat = s->win_seat, leader = s->leader, count = s->count;
    u64 played = s->played;
    s->hands[m] ^= b;
    s->played |= b;
    s->led = led_after(s, led, b, p);
    int k = card_key(s, s->led, b, p);
    if (k > s->win_key) {
        s->win_key = k;
        s->win_seat = m;
    }
    s->count++;
    s->ply++;
    int v;
    if (s->count == s->seats) {
        int w = s->win_seat, won = (int)(s->side >> w & 1);
        u64 rw = ranked_winner(s, s->played, s->led, s->win_key);
        s->leader = w;
        s->count = 0;
        s->led = -1;
        s->win_key = NOKEY;
        s->win_seat = w;
        s->played = 0;
        s->n--;
        v = won + ab(s, alpha - won, beta - won, rel);
        *rel |= rw;
        s->n++;
    } else {
        v = ab(s, alpha, beta, rel);
    }
    s->ply--;
    s->hands[m] ^= b;
    s->played = played;
    s->led = led;
    s->win_key = wk;
    s->win_seat = wseat;
    s->leader = leader;
    s->count = count;
    return v;
}

/* Whether seat m is glad when seat w wins a trick. */
static inline int glad(const S *s, int m, int w) { return (int)(s->side >> w & 1) == (int)(s->wants >> m & 1); }

/* How promising a lead of p is, by cheap rules: cash a winner when the
   leader wants the trick, lead low towards a friend's winner, keep away
   from suits an enemy can ruff, and the other way round for a leader
   that wants to lose it. */
static int lead_score(const S *s, int m, int p, u64 present) {
    u64 b = (u64)1 << p;
    if (b & s->deadjok) return 0;
    int strength = p & 15, suit = p >> 4;
    u64 sm = s->suitmask[suit], in_suit = present & sm;
    int top = hib64(in_suit), topseat = s->owner[top];
    int self = glad(s, m, m), score;
    if (top == p) score = self ? 900 : 50;
    else if (glad(s, m, topseat)) score = 700 - strength;
    else score = self ? 400 - strength : 600 - strength;
    if (s->trumpmask && !(b & s->trumpmask))
        for (int i = 0; i < s->seats; i++)
            if (i != m && !(s->hands[i] & sm) && (s->hands[i] & s->trumpmask))
                score += glad(s, m, i) ? 150 : -250;
#ifndef SMALL_TREES
#define SMALL_TREES 60
#endif
    /* smaller trees first: the fewer cards the enemies can answer with (a
       void answers with any), the fewer lines to refute */
    for (int i = 0; i < s->seats; i++)
        if (i != m && !glad(s, m, i)) {
            int k = popc64(s->hands[i] & sm);
            score -= SMALL_TREES * (k ? k : s->n);
        }
    return score;
}

/* Whether the seats after the mover that are against it (by `glad`) can
   beat a trick whose best card has key `key`: a higher card of the suit led,
   or a trump when void in it. */
static int later_beats(const S *s, int m, int led, int key) {
    for (int j = s->count + 1; j < s->seats; j++) {
        int q = (s->leader + j) % s->seats;
        if (glad(s, m, q)) continue;
        u64 h = s->hands[q], follow = led >= 0 ? h & s->suitmask[led] : 0;
        u64 can = follow ? follow : h;
        for (u64 x = can & (s->trumpmask | (led >= 0 ? s->suitmask[led] : 0)); x; x &= x - 1) {
            int p = ctz64(x);
            if (card_key(s, led, (u64)1 << p, p) > key) return 1;
        }
    }
    return 0;
}

/* How promising p is for a seat following to the trick: as a bridge player
   would, low under a friend's sure winner, the cheapest sure winner over an
   enemy's card, else a card that makes the enemies spend theirs, and low
   discards that keep winners. */
static int follow_score(const S *s, int m, int p, u64 present) {
    u64 b = (u64)1 << p;
    int strength = (b & s->deadjok) ? -1 : (p & 15);
    int led = led_after(s, s->led, b, p);
    int key = card_key(s, led, b, p);
    int beats = key > s->win_key;
    int follows = led >= 0 && (b & s->suitmask[led]);
    int wants_win = glad(s, m, m);
    if (glad(s, m, s->win_seat)) {
        if (!later_beats(s, m, led, s->win_key)) return (beats ? 100 : 600) - strength; /* safe: low */
        if (beats && wants_win && !later_beats(s, m, led, key)) return 700 - strength;
        return (beats ? 300 : 450) - strength;
    }
    if (!beats) {
        if (follows) return 400 - strength;
        /* a discard: low, and not from a suit where it is a winner */
        u64 above = present & s->grp[p] & ~(((u64)2 << p) - 1) & ~s->hands[m];
        return (above ? 400 : 200) - strength;
    }
    if (!wants_win) return 50 - strength;
    if (!later_beats(s, m, led, key)) return 800 - strength; /* the cheapest sure winner */
    return (s->count == 1 ? 350 : 500) - strength;
}

/* The legal cards of the player to move, one per run of equivalent cards
   (the highest of the run), best first; how many. `first`: a card to try
   before all (the table's), or -1. `same`: the cards of the runs, whose
   ranks make them equivalent. */
static int gen_moves(const S *s, int *moves, int first, u64 *same) {
    int m = (s->leader + s->count) % s->seats;
    u64 hand = s->hands[m], legal = legal_of(s, hand, s->led), present = s->played;
    for (int i = 0; i < s->seats; i++) present |= s->hands[i];
    int scores[WF_MAX_HAND], n = 0;
    *same = 0;
    for (u64 x = legal; x; x &= x - 1) {
        int p = ctz64(x);
        u64 higher = present & s->grp[p] & ~(((u64)2 << p) - 1), next = higher & ~(higher - 1);
        if (next & hand) { /* the card above is ours too: the same value */
            *same |= next | ((u64)1 << p);
            continue;
        }
        int score = s->count == 0 ? lead_score(s, m, p, present) : follow_score(s, m, p, present);
        if (p == first) score += 10000;
        int j = n++;
        while (j > 0 && scores[j - 1] < score) {
            scores[j] = scores[j - 1];
            moves[j] = moves[j - 1];
            j--;
        }
        scores[j] = score;
        moves[j] = p;
    }
    return n;
}

#ifdef WF_DEBUG
unsigned long long dbg[8];
#define DBG(i) (dbg[i]++)
#else
#define DBG(i) ((void)0)
#endif

/* Fail-soft alpha-beta: the side's tricks from here (current trick included)
   if strictly between alpha and beta, else a bound on the far side of the
   window. `rel` gets the cards whose ranks decided the answer (partition
   search: every position that differs only in lower cards has the same one). */
static int ab(S *s, int alpha, int beta, u64 *rel) {
    wf_ctx *c = s->c;
    if (++c->nodes >= s->node_end) longjmp(s->stop, 1);
    if (s->deadline > 0 && (c->nodes & 1023) == 0 && now_s() > s->deadline) longjmp(s->stop, 1);
    u64 key[WF_MAX_SEATS], lh = 0, all = 0, used = 0;
    int a = alpha, b = beta, first = -1, lo_known = 0, hi_known = s->n;
    *rel = 0;
    if (s->count == 0) {
        if (s->n == 0) return 0;
        if (s->n == 1) return last_trick(s, rel);
        if (alpha >= s->n) return s->n;
        if (beta <= 0) return 0;
        DBG(0);
        int ld = s->leader;
        if ((int)(s->side >> ld & 1) == (int)(s->wants >> ld & 1)) {
            /* the leader plays for its own tricks: the quick ones bound the value */
            u64 run;
            int q = quick_tricks(s, ld, &run);
            q = friends_quick(s, ld, q, &run);
            if (s->side >> ld & 1) {
                if (q >= beta) { DBG(2); *rel = run; return q; }
                if (q > a) { a = q; used |= run; }
            } else {
                if (s->n - q <= alpha) { DBG(2); *rel = run; return s->n - q; }
                if (s->n - q < b) { b = s->n - q; used |= run; }
            }
        }
        for (int i = 0; i < s->seats; i++) all |= s->hands[i];
        table_key(s, all, key);
        lh = lens_hash(s, key, all, s->leader);
        Known k;
        probe(s, key, s->leader, lh, &k);
        if (k.lo >= b) {
            DBG(1);
            *rel = used | cards_in_zone(s, all, k.zlo);
            return k.lo;
        }
        if (k.hi <= a) {
            DBG(1);
            *rel = used | cards_in_zone(s, all, k.zhi);
            return k.hi;
        }
        if (k.lo == k.hi) {
            DBG(1);
            *rel = used | cards_in_zone(s, all, k.zlo | k.zhi);
            return k.lo;
        }
        if (k.lo > a) {
            a = k.lo;
            lo_known = k.lo;
            used |= cards_in_zone(s, all, k.zlo);
        }
        if (k.hi < b) {
            b = k.hi;
            hi_known = k.hi;
            used |= cards_in_zone(s, all, k.zhi);
        }
        if (k.best != NOMOVE) first = from_rel(s, all, k.best);
    }
    int a0 = a, b0 = b;
    int m = (s->leader + s->count) % s->seats;
    int maxing = (int)(s->wants >> m & 1);
    int moves[WF_MAX_HAND];
    u64 same;
    int nm = gen_moves(s, moves, first, &same);
    int best = maxing ? -1 : 1000, bestmove = moves[0], cut = 0, i;
    u64 subs[WF_MAX_HAND];
    for (i = 0; i < nm; i++) {
        int v = child(s, moves[i], a, b, &subs[i]);
        if (maxing ? v > best : v < best) {
            best = v;
            bestmove = moves[i];
            if (maxing && best > a) a = best;
            if (!maxing && best < b) b = best;
            if (a >= b) {
#ifdef WF_DEBUG
                dbg[s->count == 0 ? 5 : 6] += (i == 0);
                dbg[7] += s->count == 0;
#endif
                cut = 1;
                break;
            }
        }
    }
    if (cut) {
        /* a cut needs only the move that made it */
        *rel = used | subs[i];
    } else {
        /* every move counted. A card left out for its equal (the next one up,
           of the same hand) has its equal's line with the two swapped: when
           the ranks of that run mattered, the run must stay whole */
        *rel = used;
        for (int j = 0; j < nm; j++) {
            u64 r = subs[j];
            if (same) {
                u64 run = (u64)1 << moves[j], present = s->played, hand = s->hands[m];
                for (int t = 0; t < s->seats; t++) present |= s->hands[t];
                for (int x = moves[j];;) {
                    u64 below = present & s->grp[x] & (((u64)1 << x) - 1);
                    if (!below) break;
                    x = hib64(below);
                    if (!(hand >> x & 1)) break;
                    run |= (u64)1 << x;
                }
                if (r & run) r |= run;
            }
            *rel |= r;
        }
    }
    if (s->count == 0) {
        /* what the table said, in the zone too now, still holds */
        int lo = lo_known, hi = hi_known;
        if (best <= a0) hi = best;
        else if (best >= b0) lo = best;
        else lo = hi = best;
#ifdef WF_DEBUG
        dbg[3] += (unsigned long long)popc64(zone_of(s, all, *rel));
        dbg[4] += (unsigned long long)popc64(all);
#endif
        store(s, key, s->leader, lh, zone_of(s, all, *rel), lo, hi, to_rel(s, all, bestmove));
    }
    return best;
}

/* --- the calls ----------------------------------------------------------------------- */

static u64 config_of(const wf_position *pos, const wf_order *o) {
    return (u64)o->trump | (u64)(o->downtown != 0) << 3 | (u64)(o->ace_low != 0) << 4 |
           (u64)(o->free_joker != 0) << 5 | (u64)pos->seats << 6 | (u64)pos->side << 10 |
           (u64)(pos->maximise != 0) << 18;
}

/* Set up the search at the position: the trick so far played onto it. */
static void begin(wf_ctx *c, S *s, const wf_position *pos, const wf_order *o) {
    int card_pos[54];
    u64 conf = config_of(pos, o);
    if (conf != c->config) {
        next_gen(c);
        c->config = conf;
    }
    s->c = c;
    setup_rules(s, o, card_pos);
    s->seats = pos->seats;
    s->side = pos->side;
    s->wants = 0;
    for (int i = 0; i < pos->seats; i++)
        if ((int)(pos->side >> i & 1) == (pos->maximise != 0)) s->wants |= 1u << i;
    for (int p = 0; p < 64; p++) s->owner[p] = 0;
    for (int i = 0; i < pos->seats; i++) {
        s->hands[i] = 0;
        for (u64 x = pos->hands[i]; x; x &= x - 1) {
            int p = card_pos[ctz64(x)];
            s->hands[i] |= (u64)1 << p;
            s->owner[p] = i;
        }
    }
    s->leader = pos->leader;
    s->count = 0;
    s->led = -1;
    s->win_key = NOKEY;
    s->win_seat = pos->leader;
    s->played = 0;
    s->ply = 0;
    for (int i = 0; i < pos->ntrick; i++) {
        int p = card_pos[pos->trick[i]], m = (pos->leader + i) % pos->seats;
        u64 b = (u64)1 << p;
        s->played |= b;
        s->led = led_after(s, s->led, b, p);
        int k = card_key(s, s->led, b, p);
        if (k > s->win_key) {
            s->win_key = k;
            s->win_seat = m;
        }
        s->count++;
    }
    s->n = popc64(s->hands[(pos->leader + pos->ntrick) % pos->seats]);
    s->node_end = c->node_limit ? c->nodes + c->node_limit : ~0ull;
    s->deadline = c->time_limit > 0 ? now_s() + c->time_limit : 0;
}

/* The exact value by null-window tests, starting from a guess. */
static int mtdf(S *s, int move, int guess) {
    int lo = 0, hi = s->n, g = guess;
    while (lo < hi) {
        int beta = g;
        if (beta <= lo) beta = lo + 1;
        if (beta > hi) beta = hi;
        u64 rel;
        int v = move >= 0 ? child(s, move, beta - 1, beta, &rel) : ab(s, beta - 1, beta, &rel);
        if (v >= beta) lo = v;
        else hi = v;
        g = v;

    }
    return lo;
}

/* a search's state for a checked position, or NULL with the reason in err (the caller
 * frees it; its setjmp stays in the caller, whose frame the search jumps back to) */
static S *start(wf_ctx *c, const wf_position *pos, const wf_order *o, char *err, size_t errlen) {
    if (wf_validate(pos, o, err, errlen)) return NULL;
    S *s = malloc(sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    begin(c, s, pos, o);
    return s;
}

int wf_solve_moves(wf_ctx *c, const wf_position *pos, const wf_order *o, int *cards, int *values, char *err,
                   size_t errlen) {
    S *s = start(c, pos, o, err, errlen);
    if (!s) return -1;
    int moves[WF_MAX_HAND], vals[64];
    u64 same;
    int nm = gen_moves(s, moves, -1, &same);
    if (setjmp(s->stop)) {
        free(s);
        return WF_LIMIT;
    }
    int guess = s->n / 2;
    for (int i = 0; i < nm; i++) {
        vals[moves[i]] = mtdf(s, moves[i], guess);
        guess = vals[moves[i]];
    }
    /* every legal card: one of a run has its run's value (the highest card's) */
    int m = (s->leader + s->count) % s->seats, n = 0;
    u64 hand = s->hands[m], legal = legal_of(s, hand, s->led), present = s->played;
    for (int i = 0; i < s->seats; i++) present |= s->hands[i];
    int pos_of[WF_MAX_HAND];
    for (u64 x = legal; x; x &= x - 1) pos_of[n++] = ctz64(x);
    for (int i = n - 1; i >= 0; i--) { /* from the highest position down */
        int p = pos_of[i];
        u64 higher = present & s->grp[p] & ~(((u64)2 << p) - 1);
        u64 next = higher & (~higher + 1);
        if (next & hand) vals[p] = vals[ctz64(next)];
    }
    for (int i = 0; i < n; i++) {
        cards[i] = s->card_at[pos_of[i]];
        values[i] = vals[pos_of[i]];
    }
    free(s);
    return n;
}

int wf_solve(wf_ctx *c, const wf_position *pos, const wf_order *o, char *err, size_t errlen) {
    S *s = start(c, pos, o, err, errlen);
    if (!s) return -1;
    if (setjmp(s->stop)) {
        free(s);
        return WF_LIMIT;
    }
    int v = mtdf(s, -1, s->n / 2);
    free(s);
    return v;
}

int wf_at_least(wf_ctx *c, const wf_position *pos, const wf_order *o, int k, char *err, size_t errlen) {
    S *s = start(c, pos, o, err, errlen);
    if (!s) return -1;
    if (k <= 0 || k > s->n) {
        int r = k <= 0;
        free(s);
        return r;
    }
    if (setjmp(s->stop)) {
        free(s);
        return WF_LIMIT;
    }
    u64 rel;
    /* one null-window test: far cheaper than the exact value when the answer is clear */
    int v = ab(s, k - 1, k, &rel);
    free(s);
    return v >= k;
}
