/* Exact trick solver for the whist family (family.h): alpha-beta with null
 * windows (MTD(f): "does the side take at least k tricks?"), a transposition
 * table at trick boundaries keyed by the relative ranks of the cards still
 * out (positions that differ only in cards already played share an entry),
 * one card per run of equivalent cards and cheap move ordering (win as
 * cheaply as possible against the other side, stay low under a friend,
 * cash top cards when the trick is wanted, plus a killer move per depth).
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

typedef uint64_t u64;
typedef uint32_t u32;
typedef uint8_t u8;

#define NT 4
#define LJ 52
#define BJ 53
#define BUCKET 4
#define NOKEY (-1)

#if defined(__GNUC__) || defined(__clang__)
static inline int ctz64(u64 x) { return __builtin_ctzll(x); }
static inline int popc64(u64 x) { return __builtin_popcountll(x); }
#else
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

/* 64 bytes: the hands of every seat (relative ranks), who leads, the bounds. */
typedef struct {
    u64 key[WF_MAX_SEATS];
    u32 gen;
    u8 leader, lo, hi, n;
} Entry;

struct wf_ctx {
    Entry *table;
    size_t nbuckets; /* a power of two; BUCKET entries each */
    u32 gen;         /* entries of another generation are empty */
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
    int killer[64];
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
    while (nb * 2 * BUCKET * sizeof(Entry) <= tt_bytes) nb *= 2;
    wf_ctx *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    /* calloc: pages are touched only as the search fills them */
    c->table = calloc(nb * BUCKET, sizeof(Entry));
    if (!c->table) {
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
    free(c);
}

size_t wf_ctx_bytes(const wf_ctx *c) { return c ? c->nbuckets * BUCKET * sizeof(Entry) : 0; }

unsigned long long wf_ctx_nodes(const wf_ctx *c) { return c ? c->nodes : 0; }

static void next_gen(wf_ctx *c) {
    if (++c->gen == 0) { /* wrapped: old generations could come back */
        memset(c->table, 0, c->nbuckets * BUCKET * sizeof(Entry));
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
static void table_key(const S *s, u64 key[WF_MAX_SEATS]) {
    u64 all = 0;
    for (int i = 0; i < s->seats; i++) {
        all |= s->hands[i];
        key[i] = 0;
    }
    for (int i = s->seats; i < WF_MAX_SEATS; i++) key[i] = 0;
    for (int g = 0; g < s->ngroups; g++) {
        u64 rest = all & s->gmask[g];
        int k = ctz64(s->gmask[g]);
        for (; rest; rest &= rest - 1) key[s->owner[ctz64(rest)]] |= (u64)1 << k++;
    }
}

static inline u64 hash_key(const u64 key[WF_MAX_SEATS], int leader) {
    u64 h = (u64)leader * 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < WF_MAX_SEATS; i++) {
        h ^= key[i];
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    return h;
}

static inline int same_key(const Entry *e, const u64 key[WF_MAX_SEATS]) {
    for (int i = 0; i < WF_MAX_SEATS; i++)
        if (e->key[i] != key[i]) return 0;
    return 1;
}

static Entry *probe(const S *s, const u64 key[WF_MAX_SEATS], int leader, u64 h) {
    Entry *b = s->c->table + (h & (s->c->nbuckets - 1)) * BUCKET;
    for (int i = 0; i < BUCKET; i++)
        if (b[i].gen == s->c->gen && b[i].leader == leader && same_key(&b[i], key)) return &b[i];
    return NULL;
}

static void store(const S *s, const u64 key[WF_MAX_SEATS], int leader, u64 h, int lo, int hi) {
    wf_ctx *c = s->c;
    Entry *b = c->table + (h & (c->nbuckets - 1)) * BUCKET, *e = NULL;
    for (int i = 0; i < BUCKET; i++)
        if (b[i].gen == c->gen && b[i].leader == leader && same_key(&b[i], key)) {
            e = &b[i];
            if (e->lo > lo) lo = e->lo;
            if (e->hi < hi) hi = e->hi;
            break;
        }
    if (!e) {
        /* an empty slot, else the one with the fewest cards left (cheapest to find again) */
        for (int i = 0; i < BUCKET; i++) {
            if (b[i].gen != c->gen) {
                e = &b[i];
                break;
            }
            if (!e || b[i].n < e->n) e = &b[i];
        }
        memcpy(e->key, key, sizeof e->key);
        e->gen = c->gen;
        e->leader = (u8)leader;
    }
    e->lo = (u8)lo;
    e->hi = (u8)hi;
    e->n = (u8)s->n;
}

/* --- the search ------------------------------------------------------------------ */

static int ab(S *s, int alpha, int beta);

/* The side's tricks when the last trick is played out (one card each: no choice). */
static int last_trick(const S *s) {
    int led = -1, best = NOKEY, winner = s->leader;
    for (int i = 0; i < s->seats; i++) {
        int m = (s->leader + i) % s->seats;
        u64 b = s->hands[m];
        int p = ctz64(b);
        led = led_after(s, led, b, p);
        int k = card_key(s, led, b, p);
        if (k > best) {
            best = k;
            winner = m;
        }
    }
    return (int)(s->side >> winner & 1);
}

/* The side's tricks (this trick included) after the player to move plays p. */
static int child(S *s, int p, int alpha, int beta) {
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
        s->leader = w;
        s->count = 0;
        s->led = -1;
        s->win_key = NOKEY;
        s->win_seat = w;
        s->played = 0;
        s->n--;
        v = won + ab(s, alpha - won, beta - won);
        s->n++;
    } else {
        v = ab(s, alpha, beta);
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

/* The legal cards of the player to move, one per run of equivalent cards
   (the highest of the run), best first by cheap rules; how many. */
static int gen_moves(const S *s, int *moves) {
    int m = (s->leader + s->count) % s->seats;
    u64 hand = s->hands[m], legal = legal_of(s, hand, s->led), present = s->played;
    for (int i = 0; i < s->seats; i++) present |= s->hands[i];
    /* a seat wants a trick when its winner's tricks are the ones it plays for */
    int wants_side = (int)(s->wants >> m & 1);
    int self_friend = (int)(s->side >> m & 1) == wants_side;
    int killer = s->killer[s->ply & 63];
    int scores[WF_MAX_HAND], n = 0;
    for (u64 x = legal; x; x &= x - 1) {
        int p = ctz64(x);
        u64 b = (u64)1 << p;
        u64 higher = present & s->grp[p] & ~(((u64)2 << p) - 1);
        if (higher & (higher & (~higher + 1)) & hand) continue; /* the card above is ours too */
        int strength = (b & s->deadjok) ? -1 : (p & 15);
        int score;
        if (s->count == 0) {
            int top = !higher && !(b & s->deadjok);
            if (self_friend) score = top ? 1000 + strength : 500 - strength - ((b & s->trumpmask) ? 20 : 0);
            else score = top ? 100 - strength : 500 - strength;
        } else {
            int led = led_after(s, s->led, b, p);
            int beats = card_key(s, led, b, p) > s->win_key;
            int friend_wins = (int)(s->side >> s->win_seat & 1) == wants_side;
            if (friend_wins) score = beats ? 100 - strength : 500 - strength;
            else score = beats ? (self_friend ? 1000 - strength : 50 - strength) : 500 - strength;
        }
        if (p == killer) score += 300;
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

static int ab(S *s, int alpha, int beta) {
    wf_ctx *c = s->c;
    if (++c->nodes >= s->node_end) longjmp(s->stop, 1);
    if (s->deadline > 0 && (c->nodes & 1023) == 0 && now_s() > s->deadline) longjmp(s->stop, 1);
    u64 key[WF_MAX_SEATS], h = 0;
    int a = alpha, b = beta;
    if (s->count == 0) {
        if (s->n == 0) return 0;
        if (s->n == 1) return last_trick(s);
        if (alpha >= s->n) return s->n;
        if (beta <= 0) return 0;
        table_key(s, key);
        h = hash_key(key, s->leader);
        Entry *e = probe(s, key, s->leader, h);
        if (e) {
            if (e->lo >= beta) return e->lo;
            if (e->hi <= alpha) return e->hi;
            if (e->lo == e->hi) return e->lo;
            if (e->lo > a) a = e->lo;
            if (e->hi < b) b = e->hi;
        }
    }
    int a0 = a, b0 = b;
    int m = (s->leader + s->count) % s->seats;
    int maxing = (int)(s->wants >> m & 1);
    int moves[WF_MAX_HAND];
    int nm = gen_moves(s, moves);
    int best = maxing ? -1 : 1000;
    for (int i = 0; i < nm; i++) {
        int v = child(s, moves[i], a, b);
        if (maxing ? v > best : v < best) {
            best = v;
            if (maxing && best > a) a = best;
            if (!maxing && best < b) b = best;
            if (a >= b) {
                s->killer[s->ply & 63] = moves[i];
                break;
            }
        }
    }
    if (s->count == 0) {
        int lo = 0, hi = s->n;
        if (best <= a0) hi = best;
        else if (best >= b0) lo = best;
        else lo = hi = best;
        store(s, key, s->leader, h, lo, hi);
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
    for (int i = 0; i < 64; i++) s->killer[i] = -1;
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
        int v = move >= 0 ? child(s, move, beta - 1, beta) : ab(s, beta - 1, beta);
        if (v >= beta) lo = v;
        else hi = v;
        g = v;
    }
    return lo;
}

int wf_solve_moves(wf_ctx *c, const wf_position *pos, const wf_order *o, int *cards, int *values, char *err,
                   size_t errlen) {
    if (wf_validate(pos, o, err, errlen)) return -1;
    S *s = malloc(sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    begin(c, s, pos, o);
    int moves[WF_MAX_HAND], vals[64];
    int nm = gen_moves(s, moves);
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
    if (wf_validate(pos, o, err, errlen)) return -1;
    S *s = malloc(sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    begin(c, s, pos, o);
    if (setjmp(s->stop)) {
        free(s);
        return WF_LIMIT;
    }
    int v = mtdf(s, -1, s->n / 2);
    free(s);
    return v;
}
