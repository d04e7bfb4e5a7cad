/* Exact double-dummy solver: alpha-beta with null windows ("can the side
 * to move take k tricks?"), a transposition table at trick boundaries whose
 * entries carry the set of ranks that mattered (so one entry answers for
 * every position that differs only in irrelevant low cards), quick-trick
 * cut-offs, one card per run of equivalent cards and cheap move ordering
 * (among leads, those that leave the opponents fewest cards to answer with
 * come first: small trees before large ones, an idea DDS's move generator
 * uses).
 *
 * Layout: hands are 13-bit masks per (seat, suit), bit i = rank i + 2. The
 * table of seats (NSEAT, partner = seat ^ 2 via side = seat & 1) and suits
 * (NSUIT) is data; ranks are compared as bits, so a different ranking only
 * changes how cards map to bits.
 */
/* clock_gettime for the per-call time limit (POSIX; plain C99 falls back
   to clock()) and, on Linux, mmap and madvise for the table (elsewhere calloc) */
#define _POSIX_C_SOURCE 200112L
#if defined(__linux__)
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise(MADV_HUGEPAGE) */
#endif
#include "solver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef uint8_t u8;

#define NSEAT 4
#define NSUIT 4
#define NRANK 13
#define NT 4
#define NIL 0xFFFFFFFFu
#define ABOVE_ACE ((u16)(1u << NRANK))

static int popc_ready = 0;

static int popc_slow(u32 x) {
    int n = 0;
    while (x) { x &= x - 1; n++; }
    return n;
}

/* Suit masks are 13 bits: a table beats a libgcc call on CPUs built for
   without a popcount instruction. Where the build targets one (x86's POPCNT,
   which -march=native turns on) the instruction is quicker than the table's
   load (bench/RESULTS.md); elsewhere, the Pi's ARM cores among them, the
   table stays. */
#if defined(__POPCNT__)
#define popc(x) __builtin_popcount((u32)(x) & 0x1FFFu)
#else
static u8 popc_table[1 << 13];
#define popc(x) ((int)popc_table[(x) & 0x1FFF])
#endif

/* x's bits at the positions of m's set bits, packed to the bottom (a
   13-bit "parallel extract" from two small tables, portable to any CPU). */
static u8 pext_lo[128][128], pext_hi[64][64];

static u32 pext_slow(u32 x, u32 m) {
    u32 r = 0;
    int k = 0;
    for (int i = 0; i < 13; i++)
        if (m >> i & 1) {
            if (x >> i & 1) r |= 1u << k;
            k++;
        }
    return r;
}

static inline u32 pext13(u32 x, u32 m) {
    return pext_lo[m & 127][x & 127] | (u32)pext_hi[m >> 7][(x >> 7) & 63] << popc(m & 127);
}

#if defined(__GNUC__) || defined(__clang__)
static inline int hibit(u32 x) { return 31 - __builtin_clz(x); }
#else
static inline int hibit(u32 x) {
    int b = -1;
    while (x) { x >>= 1; b++; }
    return b;
}
#endif

/* Every bit at or below the highest of x (a 13-bit mask; 0 for 0), without
   a branch: in the move generator a mispredicted test cost more (bench/RESULTS.md). */
static inline u32 smear_down(u32 x) {
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    return x;
}

typedef struct {
    u64 key;  /* suit lengths of every hand, 4 bits each */
    u32 gen;  /* valid only when equal to the context's generation */
    u32 head; /* first entry of this node's list */
    u32 lt;   /* leader | trump << 2 */
    u32 pad;
} TTNode;

/* Who holds each remaining card, as two bit planes per suit (bit i = the
   i-th lowest remaining card: plane 0 set for East/West, plane 1 for
   South/West), 26 bits a suit, two suits a word. An entry keeps the planes
   of the top k[s] cards of each suit; all entries of a node share the suit
   lengths, so the mask of those bits follows from k alone (topm) and is
   kept in the block with the pattern: a probe tests an entry with no table
   lookups.

   Entries of one node live in blocks, stored field by field: a probe
   rejects most entries on the first word (the patterns and masks of suits
   0 and 1 of the whole block, tested together), so it reads about three
   cache lines a block instead of every entry whole. A probe is bound by memory
   latency (perf: the loads of the block header and the first word), so it
   asks for the next block while it scans this one. */
#ifndef BLK
#define BLK 10
#endif
#if BLK > 31
#error "BLK: a probe keeps a block's matches as bits of one 32-bit word"
#endif
/* Bonus for the card that last cut off at the same depth ("killer"). A lead
   that refuted a sibling's line usually refutes this one too, at no trump
   above all (bench/RESULTS.md; a lead's bonus is in OrderWeights); later in
   the trick the cheap heuristics know better. */
#ifndef KILLER
#define KILLER 25
#endif
#ifndef KILLER2
#define KILLER2 25
#endif
/* Penalty for a lead into a suit whose top or second card the fourth hand
   holds (see order_moves). */
#ifndef RHO_HIGH
#define RHO_HIGH 25
#endif
#ifndef NMEMO
#define NMEMO 8
#endif
#ifndef MAXBLK
#define MAXBLK 1000000
#endif
typedef struct {
    u32 next, n;
    u64 p0[BLK], m0[BLK]; /* owners the bound depends on, suits 0 and 1: pattern and mask */
    u64 p1[BLK], m1[BLK]; /* suits 2 and 3 */
    u8 lb[BLK], ub[BLK]; /* bounds on North-South's tricks from here */
    u16 best[BLK];     /* best move found: suit << 8 | rank index + 1 */
} TTBlock;

/* topm[s & 1][n][k]: the owner bits of the top k of n remaining cards of a
   suit, placed where suit s sits in its word. */
static u64 topm[2][NRANK + 1][NRANK + 1];

typedef struct {
    u16 bit;
    u16 seq; /* the run of equivalent cards this move stands for */
    u8 suit;
    int score;
} Move;

/* Testing only: bit 0 switches off quick tricks, 1 the table, 2 low-card pruning. */
int ws_debug_flags = 0;

typedef struct {
    int valid, flags, width, plies, trump, leader, ntrick, out;
    u64 hands[NSEAT];
    int trick[NSEAT - 1];
    int cards[NRANK], values[NRANK];
} Memo;

struct ws_ctx {
    TTNode *nodes;
    u32 nmask, nused, nlimit;
    TTBlock *ents;
    u64 *used;        /* one bit per block: in use */
    u32 nblk, entcap; /* blocks in use, blocks in all */
    u32 cursor, hiblk; /* allocation starts looking at cursor; no block at or above hiblk is used */
    u32 gen;
    size_t bytes;
    unsigned long long nodecount;
    unsigned long long tricknodes; /* nodes at the start of a trick (DDS counts these) */
    /* a call gives up once nodecount passes stopAt (0 = never); aborted
       then unwinds the search without storing anything it did not prove */
    unsigned long long nodeLimit, stopAt;
    double timeLimit, deadline; /* seconds; 0 = none */
    int guess;                  /* first guess of the value, -1 = none */
    int width;                  /* moves searched per node below the root, 0 = all (exact) */
    int plies;                  /* narrow: plies below the root searched at width, one move deeper (0: all) */
    int aborted;
    u64 lastDeal[NSEAT]; /* the cards of the deal the table was last used for */
    int lastWidth, lastPlies; /* the width and plies the table's entries were found with */
    /* The last NMEMO complete answers of ws_solve_moves, kept whole: the
       very same position asked again (a hint, then the move; DDS's
       largest.txt lists some positions twice) is answered without a search,
       even when the table had to be emptied since. */
    Memo memo[NMEMO];
    int memoNext;

    /* search state */
    u16 h[NSEAT][NSUIT];
    u16 rem[NSUIT]; /* cards still in hands, per suit */
    u64 lkey;       /* length_key of the hands, kept up to date move by move */
    int trump, maxSide, tricksLeft, leader, tn, depth;
    int tsuit[NSEAT];
    u16 tbit[NSEAT];
    u16 killer[64][2]; /* per depth: the last two cards that gave a cut-off there (killer_context) */
};

/* ------------------------------------------------------------------ */
/* Transposition table                                                 */

static void nodes_reset(ws_ctx *c) {
    c->gen++;
    if (c->gen == 0) { /* wrapped: stale stamps could look valid */
        memset(c->nodes, 0, sizeof(TTNode) * (size_t)(c->nmask + 1));
        c->gen = 1;
    }
    c->nused = 0;
}

static void blocks_reset(ws_ctx *c) {
    c->nblk = 0;
    memset(c->used, 0, sizeof(u64) * (size_t)((c->hiblk + 63) / 64));
    c->cursor = 0;
    c->hiblk = 0;
}

static void tt_clear(ws_ctx *c) {
    nodes_reset(c);
    blocks_reset(c);
}

static inline void blk_mark(ws_ctx *c, u32 b) {
    c->used[b >> 6] |= (u64)1 << (b & 63);
    c->nblk++;
    if (b >= c->hiblk) c->hiblk = b + 1;
}

/* The first free block at or after b (entcap if none). */
static u32 next_free(const ws_ctx *c, u32 b) {
    while (b < c->entcap && (c->used[b >> 6] >> (b & 63) & 1)) b++;
    return b;
}

/* A free block, NIL when there is none. The cursor only moves forward
   until the next clear or harvest, so the scans add up to one pass. */
static u32 blk_alloc(ws_ctx *c) {
    u32 b = next_free(c, c->cursor);
    if (b >= c->entcap) return NIL;
    blk_mark(c, b);
    c->cursor = b + 1;
    return b;
}

/* The table's memory is zero-filled and mapped page by page as the search
   first writes to it (a fresh anonymous mapping, or calloc's), so a context
   costs only what its searches have used: a table no game is solving with
   holds nothing, and a small board is not charged for the whole table up
   front. The table is probed at random: on 4 KiB pages nearly every probe
   also misses the TLB. Where the kernel offers transparent huge pages
   (Linux, "madvise" mode, the default on Raspberry Pi OS too) the table asks
   for them. */
static void *table_alloc(size_t n) {
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
#if defined(MADV_HUGEPAGE)
    if (n >= ((size_t)2 << 20)) (void)madvise(p, n, MADV_HUGEPAGE); /* advice only: failure is harmless */
#endif
    return p;
#else
    return calloc(1, n);
#endif
}

static void table_free(void *p, size_t n) {
    if (!p) return;
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    (void)munmap(p, n);
#else
    (void)n;
    free(p);
#endif
}

static void ctx_free_tables(ws_ctx *c, size_t nn, size_t ne) {
    table_free(c->nodes, nn * sizeof(TTNode));
    table_free(c->ents, ne * sizeof(TTBlock));
    free(c->used);
    free(c);
}

ws_ctx *ws_ctx_new(size_t tt_bytes) {
    if (!popc_ready) {
#if !defined(__POPCNT__)
        for (u32 i = 0; i < (1u << 13); i++) popc_table[i] = (u8)popc_slow(i);
#endif
        for (u32 m = 0; m < 128; m++)
            for (u32 x = 0; x < 128; x++) {
                pext_lo[m][x] = (u8)pext_slow(x, m);
                if (m < 64 && x < 64) pext_hi[m][x] = (u8)pext_slow(x, m);
            }
        for (int half = 0; half < 2; half++)
            for (int n = 0; n <= NRANK; n++)
                for (int k = 0; k <= n; k++) {
                    u64 m = (((u64)1 << n) - 1) & ~(((u64)1 << (n - k)) - 1);
                    topm[half][n][k] = (m | m << 13) << (26 * half);
                }
        popc_ready = 1;
    }
    if (tt_bytes == 0) tt_bytes = WS_DEFAULT_TT_BYTES;
    if (tt_bytes < ((size_t)1 << 16)) tt_bytes = (size_t)1 << 16;
    ws_ctx *c = (ws_ctx *)calloc(1, sizeof(ws_ctx));
    if (!c) return NULL;
    /* a quarter of the bytes for nodes (power of two), the rest for entries */
    size_t nn = 1;
    while (nn * 2 * sizeof(TTNode) <= tt_bytes / 4) nn *= 2;
    /* each block also takes a bit of the in-use map */
    size_t ne = (tt_bytes - nn * sizeof(TTNode) - 64) * 8 / (8 * sizeof(TTBlock) + 1);
    if (ne > 0xFFFFFFF0u) ne = 0xFFFFFFF0u;
    size_t nw = (ne + 63) / 64;
    c->nodes = (TTNode *)table_alloc(nn * sizeof(TTNode));
    c->ents = (TTBlock *)table_alloc(ne * sizeof(TTBlock));
    c->used = (u64 *)calloc(nw, sizeof(u64));
    if (!c->nodes || !c->ents || !c->used) {
        ctx_free_tables(c, nn, ne);
        return NULL;
    }
    /* zero-filled: generation 0, every node slot free */
    c->guess = -1;
    c->nmask = (u32)(nn - 1);
    c->nlimit = (u32)(nn / 10 * 7);
    c->entcap = (u32)ne;
    c->gen = 1;
    c->bytes = nn * sizeof(TTNode) + ne * sizeof(TTBlock) + nw * sizeof(u64);
    return c;
}

void ws_ctx_free(ws_ctx *c) {
    if (!c) return;
    ctx_free_tables(c, (size_t)c->nmask + 1, c->entcap);
}

size_t ws_ctx_bytes(const ws_ctx *c) { return c ? c->bytes + sizeof(ws_ctx) : 0; }
unsigned long long ws_ctx_nodes(const ws_ctx *c) { return c ? c->nodecount : 0; }
unsigned long long ws_ctx_trick_nodes(const ws_ctx *c) { return c ? c->tricknodes : 0; }

static double now_s(void) {
#if defined(CLOCK_MONOTONIC)
    struct timespec t;
    if (clock_gettime(CLOCK_MONOTONIC, &t) == 0) return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
#endif
    return (double)clock() / CLOCKS_PER_SEC;
}

static inline u32 hash_key(u64 k, u32 lt) {
    k ^= (u64)(lt + 1) * 0x9E3779B97F4A7C15ULL;
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return (u32)k;
}

static void tt_harvest(ws_ctx *c);

static TTNode *tt_find(ws_ctx *c, u64 key, u32 lt, int create) {
    u32 i = hash_key(key, lt) & c->nmask;
    for (;;) {
        TTNode *n = &c->nodes[i];
        if (n->gen != c->gen) {
            if (!create) return NULL;
            if (c->nused >= c->nlimit) {
                tt_harvest(c);
                return tt_find(c, key, lt, 1);
            }
            n->gen = c->gen;
            n->key = key;
            n->lt = lt;
            n->head = NIL;
            c->nused++;
            return n;
        }
        if (n->key == key && n->lt == lt) return n;
        i = (i + 1) & c->nmask;
    }
}

/* Tricks left at a node: its hands' lengths add up to four cards a trick. */
static inline int node_tricks(u64 key) {
    const u64 lo = 0x0F0F0F0F0F0F0F0FULL;
    u64 x = (key & lo) + ((key >> 4) & lo);
    return (int)((x * 0x0101010101010101ULL) >> 56) / 4;
}

#ifndef KEEP
#define KEEP 4
#endif
/* The table is full. Emptying it whole would throw away the positions that
   cost most to find again, those with many tricks left, which are also the
   ones a later call on the same deal (another leader or trump, later in the
   play) shares. So the nodes with the most tricks left are kept, as many
   whole trick levels as fit in 1/KEEP of the nodes and of the blocks, and the
   rest is freed. */
static void tt_harvest(ws_ctx *c) {
    u32 nodes[NRANK + 1] = {0}, blocks[NRANK + 1] = {0};
    u32 size = c->nmask + 1;
    for (u32 i = 0; i < size; i++) {
        const TTNode *n = &c->nodes[i];
        if (n->gen != c->gen) continue;
        int t = node_tricks(n->key);
        nodes[t]++;
        for (u32 b = n->head; b != NIL; b = c->ents[b].next) blocks[t]++;
    }
    u32 kn = 0, kb = 0;
    int lowest = NRANK + 1;
    for (int t = NRANK; t >= 1; t--) {
        if (kn + nodes[t] > c->nlimit / KEEP || kb + blocks[t] > c->entcap / KEEP) break;
        kn += nodes[t];
        kb += blocks[t];
        lowest = t;
    }
    blocks_reset(c);
    for (u32 i = 0; i < size; i++) {
        const TTNode *n = &c->nodes[i];
        if (n->gen == c->gen && node_tricks(n->key) >= lowest)
            for (u32 b = n->head; b != NIL; b = c->ents[b].next) blk_mark(c, b);
    }
    /* The kept nodes wait in blocks that are now free (at least three
       quarters of them are, room for many more nodes than kept) while the
       node index is emptied, then go back in. No memory beyond the table. */
    const u32 per = (u32)(sizeof(TTBlock) / sizeof(TTNode));
    u32 cnt = 0, b = 0;
    char *spot = NULL;
    for (u32 i = 0; i < size; i++) {
        const TTNode *n = &c->nodes[i];
        if (n->gen != c->gen || node_tricks(n->key) < lowest) continue;
        if (cnt % per == 0) {
            b = next_free(c, b);
            if (b >= c->entcap) { /* cannot happen (see above), but never write past the table */
                tt_clear(c);
                return;
            }
            spot = (char *)&c->ents[b++];
        }
        memcpy(spot + sizeof(TTNode) * (cnt % per), n, sizeof(TTNode));
        cnt++;
    }
    nodes_reset(c);
    /* the bitmap is unchanged meanwhile, so the same walk finds the same blocks */
    b = 0;
    for (u32 k = 0; k < cnt; k++) {
        if (k % per == 0) {
            b = next_free(c, b);
            spot = (char *)&c->ents[b++];
        }
        TTNode kp;
        memcpy(&kp, spot + sizeof(TTNode) * (k % per), sizeof kp);
        tt_find(c, kp.key, kp.lt, 1)->head = kp.head;
    }
}

/* The k highest cards of a suit mask. */
static inline u16 top_cards(u16 m, int k) {
    u16 r = 0;
    while (k-- > 0 && m) {
        u16 t = (u16)(1u << hibit(m));
        r |= t;
        m ^= t;
    }
    return r;
}

/* One hand holds every card left of suit s: no two of them can meet in a
 * trick, so a value never depends on their ranks, only on the suit lengths
 * the table is keyed by, and a result need not rely on them. Exact searches
 * only: a narrow search's move order, and so its value, can depend on them. */
static inline int held_by_one(const ws_ctx *c, int s) {
    u16 r = c->rem[s];
    return r == c->h[0][s] || r == c->h[1][s] || r == c->h[2][s] || r == c->h[3][s];
}

static u64 length_key(const ws_ctx *c) {
    u64 k = 0;
    for (int h = 0; h < NSEAT; h++)
        for (int s = 0; s < NSUIT; s++) k = (k << 4) | (u64)popc(c->h[h][s]);
    return k;
}

static void owners(const ws_ctx *c, u64 *own) {
    own[0] = own[1] = 0;
    for (int s = 0; s < NSUIT; s++) {
        u16 r = c->rem[s];
        u64 p0 = pext13(c->h[1][s] | c->h[3][s], r), p1 = pext13(c->h[2][s] | c->h[3][s], r);
        own[s >> 1] |= (p0 | p1 << 13) << (26 * (s & 1));
    }
}

/* Entries a probe found matching the position without deciding it: the only
   ones a store at the same position can find equal to its own (positions
   below it have fewer cards, so its list gains no entry for it meanwhile). */
#define NCAND 4
typedef struct {
    u32 gen; /* table generation of the probe; a cleared table has no equal */
    int n;   /* NCAND + 1: too many to keep, look through the whole list */
    u32 blk[NCAND];
    u8 ent[NCAND];
} Cand;

/* 1 / 0 when a stored bound decides "max side takes >= need", -1 if none. */
static int tt_probe(ws_ctx *c, const TTNode *nd, const u64 *own, int need, u16 *wr, u16 *best,
                    Cand *cd) {
    int tl = c->tricksLeft;
    u64 o0 = own[0], o1 = own[1];
    for (u32 bi = nd->head; bi != NIL; bi = c->ents[bi].next) {
        const TTBlock *blk = &c->ents[bi];
#if defined(__GNUC__) || defined(__clang__)
        if (blk->next != NIL) {
            const char *p = (const char *)&c->ents[blk->next];
            __builtin_prefetch(p);
            __builtin_prefetch(p + 64);
            __builtin_prefetch(p + 128);
        }
#endif
        /* the first word of every entry at once, without a branch an entry;
           then the matches, newest first */
        u32 hit = 0;
        for (u32 j = 0; j < BLK; j++) hit |= (u32)((o0 & blk->m0[j]) == blk->p0[j]) << j;
        hit &= (1u << blk->n) - 1u;
        while (hit) {
            u32 j = (u32)hibit(hit);
            hit ^= 1u << j;
            if ((o1 & blk->m1[j]) != blk->p1[j]) continue;
            if (!*best) *best = blk->best[j];
            int r;
            if (c->maxSide == 0) {
                if (blk->lb[j] >= need) r = 1;
                else if (blk->ub[j] < need) r = 0;
                else r = -1;
            } else {
                if (blk->ub[j] <= tl - need) r = 1;
                else if (blk->lb[j] > tl - need) r = 0;
                else r = -1;
            }
            if (r < 0) {
                if (cd->n < NCAND) {
                    cd->blk[cd->n] = bi;
                    cd->ent[cd->n] = (u8)j;
                }
                if (cd->n <= NCAND) cd->n++;
                continue;
            }
            for (int s = 0; s < NSUIT; s++) {
                /* the mask's plane-0 bits of the suit count its top cards */
                u64 m = s < 2 ? blk->m0[j] : blk->m1[j];
                wr[s] = top_cards(c->rem[s], popc((u32)(m >> (26 * (s & 1)))));
            }
            return r;
        }
    }
    return -1;
}

static void tt_store(ws_ctx *c, u64 key, u32 lt, const u64 *own, const u16 *wr, int res,
                     int need, u16 best, const Cand *cd) {
    u8 k[NSUIT];
    for (int s = 0; s < NSUIT; s++) {
        if (!wr[s]) {
            k[s] = 0;
            continue;
        }
        u16 thr = (u16)(wr[s] & (u16)(0u - wr[s]));
        k[s] = (u8)popc(c->rem[s] & (u16) ~(thr - 1u));
    }
    u64 mk0 = topm[0][popc(c->rem[0])][k[0]] | topm[1][popc(c->rem[1])][k[1]];
    u64 mk1 = topm[0][popc(c->rem[2])][k[2]] | topm[1][popc(c->rem[3])][k[3]];
    u64 o0 = own[0] & mk0, o1 = own[1] & mk1;
    if (c->nblk + 1 >= c->entcap) tt_harvest(c);
    TTNode *nd = tt_find(c, key, lt, 1);
    int tl = c->tricksLeft;
    TTBlock *eb = NULL;
    u32 ej = 0;
#define SAME(b, j) ((b)->p0[j] == o0 && (b)->p1[j] == o1 && (b)->m0[j] == mk0 && (b)->m1[j] == mk1)
    if (cd->gen != c->gen) {
        /* the table was cleared since the probe: nothing to update */
    } else if (cd->n <= NCAND) {
        for (int i = 0; i < cd->n && !eb; i++) {
            TTBlock *blk = &c->ents[cd->blk[i]];
            if (SAME(blk, cd->ent[i])) {
                eb = blk;
                ej = cd->ent[i];
            }
        }
    } else {
        for (u32 bi = nd->head; bi != NIL && !eb; bi = c->ents[bi].next) {
            TTBlock *blk = &c->ents[bi];
            for (u32 j = 0; j < blk->n; j++) {
                if (SAME(blk, j)) {
                    eb = blk;
                    ej = j;
                    break;
                }
            }
        }
    }
#undef SAME
    if (!eb) {
        TTBlock *blk = nd->head == NIL ? NULL : &c->ents[nd->head];
        if (!blk || blk->n == BLK) {
            /* a node keeps at most MAXBLK blocks: the oldest is recycled, so
               probes never scan long lists */
            u32 idx = NIL, prev = NIL, cur = nd->head;
            int depth = 0;
            while (cur != NIL && depth < MAXBLK - 1) {
                prev = cur;
                cur = c->ents[cur].next;
                depth++;
            }
            if (cur != NIL && prev != NIL) {
                idx = cur;
                c->ents[prev].next = c->ents[cur].next;
            } else {
                idx = blk_alloc(c); /* never NIL: a block was kept free above */
            }
            blk = &c->ents[idx];
            blk->n = 0;
            blk->next = nd->head;
            nd->head = idx;
        }
        eb = blk;
        ej = blk->n++;
        eb->p0[ej] = o0;
        eb->m0[ej] = mk0;
        eb->p1[ej] = o1;
        eb->m1[ej] = mk1;
        eb->lb[ej] = 0;
        eb->ub[ej] = (u8)tl;
        eb->best[ej] = 0;
    }
    int lb = eb->lb[ej], ub = eb->ub[ej];
    if (c->maxSide == 0) {
        if (res) { if (need > lb) lb = need; }
        else { if (need - 1 < ub) ub = need - 1; }
    } else {
        if (res) { if (tl - need < ub) ub = tl - need; }
        else { if (tl - need + 1 > lb) lb = tl - need + 1; }
    }
    eb->lb[ej] = (u8)lb;
    eb->ub[ej] = (u8)ub;
    if (best) eb->best[ej] = best;
}

/* ------------------------------------------------------------------ */
/* Search                                                              */

static inline int trick_winner(const ws_ctx *c, int n) {
    int best = 0;
    for (int i = 1; i < n; i++) {
        if (c->tsuit[i] == c->tsuit[best]) {
            if (c->tbit[i] > c->tbit[best]) best = i;
        } else if (c->tsuit[i] == c->trump) {
            best = i;
        }
    }
    return best;
}

/* The top cards of a suit held by one hand, counted from the very top. */
static inline int top_run(u16 rem, u16 mine, u16 *bits) {
    u16 other = (u16)(rem & ~mine); /* the run stops at the best card of another hand */
    u16 b = (u16)(rem & ~smear_down(other));
    *bits = b;
    return popc(b);
}

/* Trumps drawn from X's lead: the leader of each round leads his highest
 * trump and his partner plays his lowest (or discards), so the lead passes
 * to partner only when partner's lowest is higher. A round is the side's
 * when its best trump beats every trump the opponents started with, or both
 * opponents are out of trumps. Returns the rounds won, at most limit; *kx
 * gets the rounds won before the lead first left X (X is on lead after
 * them), *bits the trumps led in all the rounds won, *xbits those led in the
 * first *kx. */
static int draw_trumps(const ws_ctx *c, int X, int limit, int *kx, u16 *bits, u16 *xbits) {
    int t = c->trump, P = X ^ 2;
    u16 hx = c->h[X][t], hp = c->h[P][t];
    u16 opp = (u16)(c->h[(X + 1) & 3][t] | c->h[(X + 3) & 3][t]);
    u16 otop = opp ? (u16)(1u << hibit(opp)) : 0;
    int la = popc(c->h[(X + 1) & 3][t]), lb = popc(c->h[(X + 3) & 3][t]);
    int k = 0, onX = 1;
    u16 b = 0;
    *kx = 0;
    *xbits = 0;
    while ((onX ? hx : hp) && k < limit) {
        u16 *hl = onX ? &hx : &hp, *hq = onX ? &hp : &hx;
        if (!c->width && k >= la && k >= lb && !*hq) {
            /* the opponents and the leader's partner are out of trumps: each
               trump the leader holds wins a round, whatever its rank (exact
               searches; a narrow search keeps the counts it was measured with) */
            int more = popc(*hl);
            if (k + more > limit) more = limit - k;
            k += more;
            if (onX && *kx == k - more) {
                *kx = k;
                *xbits = b;
            }
            break;
        }
        u16 cl = (u16)(1u << hibit(*hl)), cq = (u16)(*hq & (u16)(0u - *hq));
        u16 top = cl > cq ? cl : cq;
        if (top < otop && (k < la || k < lb)) break;
        k++;
        /* partner's cards below the lowest of these compare the same way; an
           exact search relies on the round's best trump alone, which pins
           every card above it: whichever of the two plays lower keeps doing
           so wherever the count is reused */
        b |= c->width ? cl : top;
        *hl ^= cl;
        *hq ^= cq;
        if (cq > cl) onX = !onX;
        if (onX && *kx == k - 1) { /* every round so far led by X */
            *kx = k;
            *xbits = b;
        }
    }
    *bits = b;
    return k;
}

/* Tricks hand X can cash from the top while on lead (trumps first, then
 * side suits as long as no opponent holding trumps can ruff); wr gets the
 * cards the count relies on, per (if not NULL) the tricks of each suit. */
static int cash_run(const ws_ctx *c, int X, u16 *wr, int enough, int *per) {
    int A = (X + 1) & 3, B = (X + 3) & 3, t = c->trump, q = 0, ta = 0, tb = 0;
    for (int s = 0; s < NSUIT; s++) {
        wr[s] = 0;
        if (per) per[s] = 0;
    }
    if (t != NT) {
        u16 bits, xbits;
        /* no more rounds than needed, so the count relies on no more trumps
           (exact searches) */
        int kt, all = draw_trumps(c, X, c->width ? NRANK + 1 : enough, &kt, &bits, &xbits);
        if (all >= enough) {
            wr[t] = bits;
            return all;
        }
        q = kt;
        wr[t] = xbits; /* only the rounds X led count on */
        if (per) per[t] = kt;
        if (q >= enough) return q;
        ta = popc(c->h[A][t]) - kt;
        tb = popc(c->h[B][t]) - kt;
    }
    int P = X ^ 2;
    for (int s = 0; s < NSUIT; s++) {
        if (s == t) continue;
        u16 bits;
        int k = top_run(c->rem[s], c->h[X][s], &bits);
        if (!k) continue;
        int la = popc(c->h[A][s]), lb = popc(c->h[B][s]);
        if (ta > 0 && la < k) k = la;
        if (tb > 0 && lb < k) k = lb;
        if (ta <= 0 && tb <= 0 && k >= la && k >= lb && (t == NT || !c->h[P][t])) {
            /* long cards: once the top run has drawn every other hand's cards
               of the suit (and nobody can ruff), every card X holds in it wins */
            if (k >= popc(c->h[P][s])) k = popc(c->h[X][s]);
        }
        if (k > 0) {
            /* rely on no more cards than needed: the top ones of the run
               when they are enough */
            int use = q + k > enough ? enough - q : k;
            if (use <= popc(bits)) bits = top_cards(bits, use);
            q += k;
            wr[s] |= bits;
            if (per) per[s] = k;
            if (q >= enough) return q;
        }
    }
    return q;
}

/* The opponents hold no trumps: every trick in which the side plays one is
 * the side's. After the leader has cashed cut[s] rounds of each side suit
 * (partner following, or discarding side cards: -1 when he cannot), the side
 * takes at least as many tricks as the longer trump holding, and one more
 * when partner can ruff a suit the leader still holds (the leader keeping
 * his trumps), or, with nothing cashed, when each can ruff a suit the other
 * leads. Only suit lengths matter. */
static int ruff_tricks(const ws_ctx *c, int L, const int *cut) {
    int P = L ^ 2, t = c->trump;
    int tl = popc(c->h[L][t]), tp = popc(c->h[P][t]), best = tl > tp ? tl : tp;
    int ruffP = 0, ruffL = 0, spare = 0, cashed = 0;
    for (int s = 0; s < NSUIT; s++) {
        if (s == t) continue;
        int lp = popc(c->h[P][s]), l = popc(c->h[L][s]) - cut[s];
        int p = lp > cut[s] ? lp - cut[s] : 0;
        spare += lp;
        cashed += cut[s];
        if (l > 0 && p == 0) ruffP = 1;
        if (l == 0 && p > 0) ruffL = 1;
    }
    if (spare < cashed) return -1; /* partner would have to ruff the leader's winners */
    if (ruffP && tp > 0) {
        int one = 1 + (tl > tp - 1 ? tl : tp - 1);
        if (one > best) best = one;
        if (cashed == 0 && ruffL && tl > 0) {
            int two = 1 + (tl > tp ? tl : tp);
            if (two > best) best = two;
        }
    }
    return best;
}

/* Trump contract, after the leader has cashed what cash_run counted (per:
 * its rounds a suit): he leads suit e to partner's top card of it, and
 * partner cashes his top cards of the side suits the leader did not cash.
 * Returns partner's tricks (0 when the crossing is not sure), wr gets the
 * cards they rely on. Partner must keep those suits whole while the leader
 * cashes, discarding only side cards he can spare (a trump played on a side
 * suit would take the lead from the leader), and the leader must not be made
 * to ruff partner's winners in turn. Opponents who keep trumps follow every
 * round counted, so they never discard and the suits' lengths hold. */
static int cross_trump(const ws_ctx *c, int L, const int *per, int e, u16 *wr) {
    int P = L ^ 2, A = (L + 1) & 3, B = (L + 3) & 3, t = c->trump, kt = per[t];
    int ta = popc(c->h[A][t]) - kt, tb = popc(c->h[B][t]) - kt;
    if ((!c->h[A][e] && ta > 0) || (!c->h[B][e] && tb > 0)) return 0; /* the entry could be ruffed */
    int qp = 0, spare = 0, discards = 0, lside = -1;
    for (int s = 0; s < NSUIT; s++) {
        wr[s] = 0;
        int lp = popc(c->h[P][s]);
        if (s == t) {
            if (kt > lp) discards += kt - lp;
            continue;
        }
        lside += popc(c->h[L][s]) - per[s]; /* the leader's side cards left after the entry */
        if (per[s] > 0) {
            if (per[s] > lp) discards += per[s] - lp;
            else spare += lp - per[s];
            continue;
        }
        u16 bits;
        int k = top_run(c->rem[s], c->h[P][s], &bits);
        if (ta > 0 && popc(c->h[A][s]) < k) k = popc(c->h[A][s]);
        if (tb > 0 && popc(c->h[B][s]) < k) k = popc(c->h[B][s]);
        if (k <= 0) {
            spare += lp;
            continue;
        }
        qp += k;
        wr[s] = top_cards(bits, k);
    }
    if (spare < discards) return 0;
    if (popc(c->h[L][t]) > kt && lside < qp - 1) return 0;
    return qp;
}

/* A sure lower bound on the leader's side's tricks: the leader cashes his
 * own top cards, or leads a low card to partner's top cards and partner
 * cashes his. */
static int quick_tricks(const ws_ctx *c, int L, u16 *wr, int enough) {
    int P = (L + 2) & 3, A = (L + 1) & 3, B = (L + 3) & 3, t = c->trump;
    int per[NSUIT], none[NSUIT] = {0, 0, 0, 0};
    /* the opponents hold no trumps: the side's trump tricks without the
       leader's side winners, which rely on suit lengths only */
    int noTrumps = t != NT && !c->h[A][t] && !c->h[B][t] && (c->h[L][t] | c->h[P][t]);
    int alone = noTrumps ? ruff_tricks(c, L, none) : 0;
    if (noTrumps && !c->width && alone >= enough) {
        /* enough by themselves: counted before the cash below, which would
           rely on ranks (exact searches) */
        for (int s = 0; s < NSUIT; s++) wr[s] = 0;
        return alone > c->tricksLeft ? c->tricksLeft : alone;
    }
    int q = cash_run(c, L, wr, enough, per);
    if (q >= enough) return q > c->tricksLeft ? c->tricksLeft : q;
    if (noTrumps) {
        /* then the same after the leader's side winners */
        int qs = q - per[t], best = alone;
        if (qs > 0) {
            int after = ruff_tricks(c, L, per);
            if (after >= 0 && qs + after > best) best = qs + after;
            else qs = 0;
        }
        if (best > c->tricksLeft) best = c->tricksLeft;
        if (best >= enough) {
            /* the count relies on the leader's winners only when cashed */
            if (qs == 0)
                for (int s = 0; s < NSUIT; s++) wr[s] = 0;
            return best;
        }
    }
    if (q + 1 == enough && q + 1 <= c->tricksLeft) {
        /* Ax opposite Kx, played last: the leader cashes his other winners
           and the ace (partner keeps two cards of the suit: he can, since he
           has one card for each earlier round besides them), then leads low
           to partner's king */
        int ta = t == NT ? 0 : popc(c->h[A][t]) - per[t];
        int tb = t == NT ? 0 : popc(c->h[B][t]) - per[t];
        for (int s = 0; s < NSUIT; s++) {
            if (s == t || per[s] != 1) continue;
            u16 rs = c->rem[s], top = (u16)(1u << hibit(rs)), second;
            if (!(c->h[L][s] & top) || rs == top) continue;
            second = (u16)(1u << hibit(rs ^ top));
            if (!(c->h[P][s] & second) || popc(c->h[L][s]) < 2 || popc(c->h[P][s]) < 2) continue;
            if ((ta > 0 && popc(c->h[A][s]) < 2) || (tb > 0 && popc(c->h[B][s]) < 2)) continue;
            wr[s] |= (u16)(top | second);
            return q + 1;
        }
    }
    if (q == 0 && enough == 1 && t != NT && c->h[P][t]) {
        /* one trick: a suit partner ruffs while both opponents must follow
           (or have no trumps to beat him with) */
        for (int s = 0; s < NSUIT; s++) {
            if (s == t || !c->h[L][s] || c->h[P][s]) continue;
            if ((!c->h[A][s] && c->h[A][t]) || (!c->h[B][s] && c->h[B][t])) continue;
            return 1; /* wr stays empty: only who is void matters */
        }
    }
    for (int s = 0; s < NSUIT; s++) {
        u16 rs = c->rem[s];
        if (!c->h[L][s] || !(c->h[P][s] & rs & (u16)(1u << hibit(rs)))) continue;
        if (t != NT && s != t &&
            ((!c->h[A][s] && c->h[A][t]) || (!c->h[B][s] && c->h[B][t])))
            continue; /* the entry could be ruffed */
        u16 pw[NSUIT], pw2[NSUIT];
        if (t == NT) {
            /* no trump: the leader cashes his winners, then crosses to
               partner's; partner must keep his winners while discarding.
               Partner's are counted only as far as needed, and the entry
               is kept (and relied on) even when that count stops short of
               its suit; a narrow search counts them all (trick_quick) */
            int pp[NSUIT];
            int qp = cash_run(c, P, pw, c->width ? NRANK + 1 : enough - q, pp), d = 0;
            pw[s] |= (u16)(1u << hibit(rs));
            for (int x = 0; x < NSUIT; x++) {
                /* partner discards on every round of the leader's beyond his length */
                int lp = popc(c->h[P][x]);
                if (per[x] > lp) d += per[x] - lp;
            }
            int idle = -qp - (pp[s] == 0);
            for (int x = 0; x < NSUIT; x++) idle += popc(c->h[P][x]);
            if (idle >= d && q + qp > q) {
                u16 lw2[NSUIT];
                cash_run(c, L, lw2, NRANK + 1, NULL);
                for (int x = 0; x < NSUIT; x++) wr[x] = lw2[x] | pw[x];
                q += qp;
            }
            break;
        }
        int qp = cash_run(c, P, pw, enough, NULL);
        int qc = s == t ? 0 : cross_trump(c, L, per, s, pw2);
        if (qc > 0 && q + qc > qp) {
            u16 lw2[NSUIT];
            cash_run(c, L, lw2, NRANK + 1, NULL);
            for (int x = 0; x < NSUIT; x++) wr[x] = lw2[x] | pw2[x];
            q += qc;
        } else if (qp > q) {
            u16 entry;
            top_run(rs, c->h[P][s], &entry);
            pw[s] |= entry; /* the count relies on partner winning the first round */
            q = qp;
            memcpy(wr, pw, sizeof pw);
        }
        break;
    }
    return q > c->tricksLeft ? c->tricksLeft : q;
}

/* Mid-trick: hand hh will win this trick (playing a card of suit `plays`,
 * its top card of the led suit or a trump to ruff, now; -1 when its card is
 * already in the trick) and then leads its top cards, sure winners: of every
 * suit when nobody else can ruff, else (`only`) of the trump suit alone.
 * q: tricks counted so far. */
static int cash_after(const ws_ctx *c, int hh, int plays, int only, int q, int enough, u16 *wr) {
    for (int s = 0; s < NSUIT && q < enough; s++) {
        if (only >= 0 && s != only) continue;
        u16 bits;
        int drop = s == plays;
        int k = top_run(c->rem[s], c->h[hh][s], &bits) - drop;
        if (k <= 0) continue;
        if (!(c->rem[s] & (u16)~c->h[hh][s])) {
            k = popc(c->h[hh][s]) - drop; /* nobody else holds the suit */
            bits = 0;
        } else if (q + k > enough && !c->width) {
            k = enough - q; /* rely on no more cards than needed (exact searches: trick_quick) */
            bits = top_cards(bits, k + drop);
        }
        q += k;
        wr[s] |= bits;
    }
    return q;
}

/* Mid-trick, second or third hand to play: tricks its side is sure of when
 * it can win this trick whatever the hands still to play do (the best card
 * of the led suit, or a ruff nobody after can beat), and at no trump (or
 * when the opponents hold no trumps) the top cards the winning hand then
 * leads. wr gets the cards the count relies on. */
static int trick_quick(const ws_ctx *c, int hand, int enough, u16 *wr) {
    int tn = c->tn, ss = c->tsuit[0], t = c->trump, P = hand ^ 2, O = (hand + 1) & 3;
    for (int s = 0; s < NSUIT; s++) wr[s] = 0;
    int sideSuit = t != NT && ss != t;
    int lastRuffs = sideSuit && !c->h[O][ss] && c->h[O][t]; /* the next hand, an opponent */
    u16 against = 0; /* the opponents' best card of the led suit played so far */
    if (tn == 1) {
        against = c->tbit[0];
    } else {
        if (c->tsuit[1] != ss && c->tsuit[1] == t) return 0; /* second hand ruffed */
        if (c->tsuit[1] == ss) against = c->tbit[1];
    }
    /* the side's cards of the led suit that are still to come (or the lead) */
    u16 side = c->h[hand][ss];
    if (tn == 1) side |= c->h[P][ss];
    else side |= c->tbit[0];
    int ruff = sideSuit && ((!c->h[hand][ss] && c->h[hand][t]) || (tn == 1 && !c->h[P][ss] && c->h[P][t]));
    int hh = hand, plays = ss;
    if (ruff) {
        if (lastRuffs) return 0; /* a ruff the next hand could beat: only voids matter otherwise */
        if (c->h[hand][ss] || !c->h[hand][t]) hh = P;
        plays = t;
    } else {
        if (!side || lastRuffs) return 0;
        u16 top = (u16)(1u << hibit(side));
        if (top < against || top < c->h[O][ss]) return 0;
        wr[ss] = top;
        if (tn == 1) {
            hh = (c->h[hand][ss] & top) ? hand : P;
        } else if (!(c->h[hand][ss] & top)) {
            hh = P; /* partner's lead wins */
            plays = -1;
        }
    }
    if (1 >= enough) return 1;
    /* a narrow search keeps the counts the AI's strength was measured with:
       its values are estimates, and these later counts made hard's play
       worse there (bench/RESULTS.md); so do cash_after and quick_tricks */
    if (t != NT && c->width) return 1;
    /* with trumps, the winner cashes as at no trump once the opponents hold
       none (that they hold none is in the suit lengths the table is keyed
       by, so the count relies on no trump's rank); while they keep some,
       only its top trumps */
    int only = t != NT && (c->h[O][t] || c->h[(hand + 3) & 3][t]) ? t : -1;
    return cash_after(c, hh, plays, only, 1, enough, wr);
}

/* At a trick's start: side X holds the second best trump in a hand hh
 * that has another trump to play under the top one. It wins a trick when
 * the top trump sits just before hh (hh sees it played first) or when the
 * side also holds the third best (the top trump can take only one of
 * them). Not when hh is on lead: he could be made to lead into the top
 * trump before his side has won a trick. */
static int second_trump(const ws_ctx *c, int X, u16 *bits) {
    int t = c->trump;
    u16 rs = c->rem[t], side = (u16)(c->h[X][t] | c->h[X ^ 2][t]);
    if (popc(rs) < 3) return 0;
    u16 top = (u16)(1u << hibit(rs)), second = (u16)(1u << hibit(rs ^ top));
    if (!(side & second)) return 0;
    int hh = (c->h[X][t] & second) ? X : X ^ 2;
    if (popc(c->h[hh][t]) < 2 || hh == c->leader) return 0;
    if (c->h[(hh + 3) & 3][t] & top) {
        *bits = second;
        return 1;
    }
    u16 third = (u16)(1u << hibit(rs ^ top ^ second));
    if (side & third) {
        *bits = third;
        return 1;
    }
    return 0;
}

/* Tricks hand H is sure to win with its trumps: it plays every one of them,
 * each in a trick of its own, and loses such a trick only to a higher trump
 * of an opponent, each of which can beat one of them at most (the most they
 * can beat: each opponent's trump, lowest first, taken against H's lowest
 * trump below it). bits: the trumps from H's lowest up. */
static int long_trumps(const ws_ctx *c, int H, u16 *bits) {
    int t = c->trump;
    u16 mine = c->h[H][t], opp = (u16)(c->h[(H + 1) & 3][t] | c->h[(H + 3) & 3][t]);
    *bits = 0;
    if (!mine) return 0;
    u16 m = mine;
    int lost = 0;
    while (opp) {
        u16 lo = (u16)(opp & (u16)(0u - opp)), below = (u16)(m & (lo - 1u));
        opp ^= lo;
        if (below) {
            m ^= (u16)(below & (u16)(0u - below));
            lost++;
        }
    }
    *bits = (u16)(c->rem[t] & (u16) ~((mine & (u16)(0u - mine)) - 1u));
    return popc(mine) - lost;
}

/* Tricks side X is sure to take with its top trumps: every trick in which
 * one of the side's unbeatable trumps is played is the side's (a trump is
 * never a mere discard), and each hand plays one card a trick, so the side
 * wins at least as many tricks as either hand holds of those trumps. With
 * no top trump, a guarded second best may still be worth one (second_trump).
 * A long holding may be worth more (long_trumps). */
static int sure_trumps(const ws_ctx *c, int X, u16 *bits, int enough) {
    int t = c->trump;
    *bits = 0;
    /* the count never exceeds the side's trumps: where they are fewer than
       enough, it is not worked out (0) */
    if (t == NT || popc((u16)(c->h[X][t] | c->h[X ^ 2][t])) < enough) return 0;
    u16 run, lb;
    int k = 0;
    top_run(c->rem[t], c->h[X][t] | c->h[X ^ 2][t], &run);
    if (!run) {
        k = second_trump(c, X, bits);
    } else {
        int k1 = popc(run & c->h[X][t]), k2 = popc(run & c->h[X ^ 2][t]);
        *bits = run;
        /* When one hand holds enough lower trumps to play under each of its
           partner's top trumps, no two top trumps ever share a trick: each
           wins one. */
        int l1 = popc(c->h[X][t]), l2 = popc(c->h[X ^ 2][t]);
        if (k1 && k2 && (l1 >= k1 + k2 || l2 >= k1 + k2)) k = k1 + k2 < c->tricksLeft ? k1 + k2 : c->tricksLeft;
        else k = k1 > k2 ? k1 : k2;
    }
    for (int h = X; h <= X + 2; h += 2) {
        int kl = long_trumps(c, h & 3, &lb);
        if (kl > k) {
            k = kl;
            *bits = lb;
        }
    }
    /* with the opponents out of trumps, every count above is of lengths
       (exact searches only, as held_by_one) */
    if (!c->width && !(c->h[(X + 1) & 3][t] | c->h[(X + 3) & 3][t])) *bits = 0;
    return k;
}

/* Whether the side on lead must lose the current trick: in every suit the
 * leader holds, the top card is an opponent's and the leader's partner
 * cannot ruff it. wr gets those top cards. */
static int must_lose(const ws_ctx *c, int L, u16 *wr) {
    int P = (L + 2) & 3, t = c->trump;
    for (int s = 0; s < NSUIT; s++) {
        wr[s] = 0;
        if (!c->h[L][s]) continue;
        u16 top = (u16)(1u << hibit(c->rem[s]));
        if ((c->h[L][s] | c->h[P][s]) & top) return 0;
        if (t != NT && s != t && !c->h[P][s] && c->h[P][t]) return 0;
        wr[s] = top;
    }
    return 1;
}

/* At no trump (or with no trumps left), side X can take every remaining
 * trick only if its longer holding of each suit whose top card it holds adds
 * up to that many tricks: any other trick would have to come in a suit whose
 * top card an opponent holds, and he plays it or keeps it (an idea of DDS's
 * "later tricks"). wr gets those top cards of the opponents, where another
 * hand holds the suit too (else the suit lengths say who holds it). */
static int cannot_take_all(const ws_ctx *c, int X, u16 *wr) {
    int t = c->trump, sum = 0;
    if (t != NT && c->rem[t]) return 0;
    for (int s = 0; s < NSUIT; s++) {
        wr[s] = 0;
        u16 rs = c->rem[s];
        if (!rs) continue;
        u16 top = (u16)(1u << hibit(rs));
        if ((c->h[X][s] | c->h[X + 2][s]) & top) {
            int a = popc(c->h[X][s]), b = popc(c->h[X + 2][s]);
            sum += a > b ? a : b;
        } else {
            int o = (c->h[X ^ 1][s] & top) ? X ^ 1 : (X ^ 1) ^ 2;
            if (rs != c->h[o][s]) wr[s] = top;
        }
    }
    return sum < c->tricksLeft;
}

static int last_trick(ws_ctx *c, u16 *wr) {
    int ts[NSEAT];
    u16 tb[NSEAT];
    for (int i = 0; i < NSEAT; i++) {
        int h = (c->leader + i) & 3;
        for (int s = 0; s < NSUIT; s++)
            if (c->h[h][s]) {
                ts[i] = s;
                tb[i] = c->h[h][s];
                break;
            }
    }
    int best = 0, same = 0;
    for (int i = 1; i < NSEAT; i++) {
        if (ts[i] == ts[best]) {
            if (tb[i] > tb[best]) best = i;
        } else if (ts[i] == c->trump) {
            best = i;
        }
    }
    for (int i = 0; i < NSEAT; i++) same += ts[i] == ts[best];
    if (same > 1) wr[ts[best]] |= tb[best];
    return (((c->leader + best) & 1) == c->maxSide);
}

static int search(ws_ctx *c, int need, u16 *wr);
#ifdef STATS
static unsigned long long st_cut[4][8], st_all[4];
__attribute__((destructor)) static void st_dump(void) {
    for (int t = 0; t < 4; t++) {
        fprintf(stderr, "tn=%d fail-all %llu cuts:", t, st_all[t]);
        for (int i = 0; i < 8; i++) fprintf(stderr, " %llu", st_cut[t][i]);
        fprintf(stderr, "\n");
    }
}
#endif

/* Play one card, search the rest, take it back. */
static int play_child(ws_ctx *c, int hand, int s, u16 bit, int need, u16 *cw) {
    int tn = c->tn, r;
    u64 unit = (u64)1 << (4 * (15 - (hand * 4 + s)));
    c->h[hand][s] ^= bit;
    c->rem[s] ^= bit;
    c->lkey -= unit;
    c->tsuit[tn] = s;
    c->tbit[tn] = bit;
    c->depth++;
    if (tn < NSEAT - 1) {
        c->tn = tn + 1;
        r = search(c, need, cw);
        c->tn = tn;
    } else {
        int w = trick_winner(c, NSEAT);
        int wh = (c->leader + w) & 3;
        int oldLeader = c->leader;
        int ts[NSEAT];
        u16 tb[NSEAT];
        memcpy(ts, c->tsuit, sizeof ts); /* the next trick reuses these slots */
        memcpy(tb, c->tbit, sizeof tb);
        c->leader = wh;
        c->tn = 0;
        c->tricksLeft--;
        r = search(c, need - ((wh & 1) == c->maxSide), cw);
        if (!c->width)
            for (int x = 0; x < NSUIT; x++)
                if (held_by_one(c, x)) cw[x] = 0;
        c->leader = oldLeader;
        c->tn = tn;
        c->tricksLeft++;
        memcpy(c->tsuit, ts, sizeof ts);
        memcpy(c->tbit, tb, sizeof tb);
        int ws = c->tsuit[w], same = 0;
        for (int i = 0; i < NSEAT; i++) same += c->tsuit[i] == ws;
        if (same > 1) cw[ws] |= c->tbit[w];
    }
    c->depth--;
    c->h[hand][s] ^= bit;
    c->rem[s] ^= bit;
    c->lkey += unit;
    return r;
}

static int gen_moves(const ws_ctx *c, int hand, Move *mv) {
    int n = 0, lo = 0, hi = NSUIT - 1;
    u16 intrick[NSUIT] = {0, 0, 0, 0};
    for (int i = 0; i < c->tn; i++) intrick[c->tsuit[i]] |= c->tbit[i];
    if (c->tn > 0 && c->h[hand][c->tsuit[0]]) lo = hi = c->tsuit[0];
    for (int s = lo; s <= hi; s++) {
        u16 hs = c->h[hand][s];
        u16 others = (u16)((c->rem[s] | intrick[s]) & ~hs);
        while (hs) {
            /* the run down from the top card: this hand's cards above the
               best card of another hand (or one in the trick) below it */
            u16 top = (u16)(1u << hibit(hs));
            u16 seq = (u16)(hs & ~smear_down(others & (top - 1u)));
            mv[n].suit = (u8)s;
            /* play the run's lowest card: when it wins by rank, the cards
               above it are in the stored pattern anyway */
            mv[n].bit = (u16)(seq & (u16)(0u - seq));
            mv[n].seq = seq;
            mv[n].score = 0;
            n++;
            hs &= (u16)~seq;
        }
    }
    return n;
}

/* A killer is kept with the suit led to the trick it cut off in (top four
 * bits; 0 for a lead): a card that won a trick by following suit says little
 * about a discard on another suit at the same depth, where the other root
 * moves' killers used to send the search down the wrong discard first
 * (bench/RESULTS.md). */
static inline u16 killer_context(const ws_ctx *c) {
    return (u16)(c->tn ? (c->tsuit[0] + 1) << 12 : 0);
}

/* The weights of move ordering that differ between the two kinds of search.
 * An exact search's order changes only how many positions it reaches: its
 * weights were tuned on that count beside DDS's, deal by deal, by a
 * coordinate search over every weight of order_moves (bench/order_tune.py;
 * bench/RESULTS.md, 2026-12-06, night). A narrow search searches only its
 * first few moves, so its order is its play: it keeps the weights the AI's
 * strength was measured with. */
typedef struct {
    int free;             /* lead: nobody can beat the side's card */
    int top_ruffed;       /* lead of the side's top card that an opponent can ruff */
    int to_partner;       /* lead that partner's cards alone beat, or towards his top card */
    int through_partner;  /* lead through the second hand's top card, partner holding the suit */
    int through;          /* the same, partner void */
    int answers;          /* penalty a card the opponents can answer a lead with */
    int trump_more;       /* trump lead, the side holding more trumps */
    int nt_length;        /* no trump: a card the side holds in the suit led */
    int keep_winner;      /* penalty for discarding a winner */
    int killer_lead_nt;   /* a killer lead at no trump */
    int killer_lead;      /* a killer lead in a trump contract */
    int seq_through;      /* a lead through the second hand's top card from a sequence (SEQ_LOW) */
    int seq_lead;         /* a lead from such a sequence where no other rule placed it */
    int under_partner;    /* trump contracts: a lead below partner's best card, his beating the opponents' */
    int under_partner_nt; /* the same at no trump */
    int through_partner_nt; /* through_partner at no trump (bench/RESULTS.md, 2026-12-07, night) */
    int tt_lead_nt;       /* the table's stored best lead at no trump (40 in trump contracts) */
    int second_through;   /* a lead through the top card to partner's guarded second card */
    int tenace;           /* penalty: cashing a tenace's top card while the fourth hand guards the second */
} OrderWeights;

/* A sequence worth leading from: two or more touching cards, the lowest the
   nine or higher (rank index 7), as QJ or T9; it sets up tricks without
   giving one away (bench/RESULTS.md, 2026-12-07, later). */
#define SEQ_LOW 7

#ifdef ORDER_EXACT /* bench/order_tune.py tries other weights this way */
static const OrderWeights EXACT = {ORDER_EXACT};
#else
static const OrderWeights EXACT = {28, 20, 80, 16, 3, 16, 2, 4, 21, 260, 78, 15, 10, 80, 60, 50, 100, 45, 40};
#endif
#ifdef ORDER_NARROW /* bench/narrow_tune.py tries other weights this way */
static const OrderWeights NARROW = {ORDER_NARROW};
#else
static const OrderWeights NARROW = {70, 12, 50, 38, 24, 10, 4, 1, 30, 200, 60, 0, 0, 0, 0, 38, 400, 0, 0};
#endif

/* The hand's top trumps alone draw every trump the opponents hold. */
static inline int draws_all(const ws_ctx *c, int hand) {
    int t = c->trump, l = popc(c->h[(hand + 1) & 3][t]), r = popc(c->h[(hand + 3) & 3][t]);
    u16 bits;
    return top_run(c->rem[t], c->h[hand][t], &bits) >= (l > r ? l : r);
}

/* bench/narrow_tune.py orders a narrow search as an exact one this way, to compare. */
#ifdef NARROW_AS_EXACT
#define ORDER_NARROWLY(c) 0
#else
#define ORDER_NARROWLY(c) ((c)->width)
#endif

/* Cheap heuristics: cash winners, lead towards partner's winners, win
 * cheaply when it matters, play low when partner has the trick. Scores the
 * moves, and sorts them best first when `sort`. */
static void order_moves(const ws_ctx *c, int hand, Move *mv, int n, u16 ttbest, int sort) {
    const int narrowly = ORDER_NARROWLY(c);
    int t = c->trump, tn = c->tn;
    const OrderWeights *w = narrowly ? &NARROW : &EXACT;
    int under = t == NT ? w->under_partner_nt : w->under_partner; /* 0: no such rule */
    u16 kill = c->killer[c->depth & 63][0], kill2 = c->killer[c->depth & 63][1];
    u16 ctx = killer_context(c);
    kill = (kill & 0xF000) == ctx ? (u16)(kill & 0x0FFF) : 0;
    kill2 = (kill2 & 0xF000) == ctx ? (u16)(kill2 & 0x0FFF) : 0;
    int partner = (hand + 2) & 3, lho = (hand + 1) & 3, rho = (hand + 3) & 3;
    int ws = 0, wh = 0, partnerWins = 0, ls = 0;
    /* second hand: partner, last to play, takes the trick whatever this hand
       plays (his best card beats the lead and all the third hand holds, and
       the third hand cannot ruff), or he cannot take it at all */
    int partnerTop = 0, partnerOut = 0;
    u16 wb = 0;
    u16 later = 0, force = 0; /* the opponents' cards of the led suit still to play; see outgunned */
    int outgunned = 0;
    if (tn > 0) {
        int w = trick_winner(c, tn);
        ws = c->tsuit[w];
        wb = c->tbit[w];
        wh = (c->leader + w) & 3;
        ls = c->tsuit[0];
        partnerWins = (wh & 1) == (hand & 1);
        for (int j = tn + 1; j < NSEAT; j++) {
            int hj = (c->leader + j) & 3;
            if ((hj & 1) != (hand & 1)) later |= c->h[hj][ls];
        }
        /* third hand, the fourth hand beats the trick's best card and all of
           this hand's: the cheapest card that makes it spend its top run is
           worth trying first (an idea of DDS's third-hand weights). In exact
           searches the run is its best card's, whether or not another hand
           holds a higher one: a king behind the ace is forced out too */
        u16 ltop = later ? (u16)(1u << hibit(later)) : 0, mine = c->h[hand][ls];
        outgunned = tn == 2 && mine && ws == ls && ltop > wb && ltop > (u16)(1u << hibit(mine));
        if (outgunned) {
            u16 top;
            if (narrowly) top_run(c->rem[ls], later, &top);
            else top = (u16)(later & ~smear_down(c->rem[ls] & ~later & (ltop - 1u)));
            u16 below = (u16)(later & ~top), second = below ? (u16)(1u << hibit(below)) : 0;
            u16 over = second > wb ? (u16)(mine & ~((second << 1) - 1u)) : 0;
            force = (u16)(over & (u16)(0u - over));
        }
    }
    if (tn == 1) { /* the third hand is this hand's left-hand opponent */
        u16 pc = c->h[partner][ls], th = c->h[lho][ls];
        u16 ptop = pc ? (u16)(1u << hibit(pc)) : 0;
        int sideSuit = t != NT && ls != t;
        partnerTop = ptop > wb && ptop > th && !(sideSuit && !th && c->h[lho][t]);
        /* the opponents hold no trumps and partner can ruff: his trump takes
           the trick, so this hand's need not (discard rather than ruff); in
           exact searches only, like the lead towards partner's top card */
        if (!narrowly && sideSuit && !pc && c->h[partner][t] && !c->h[lho][t] && !c->h[rho][t])
            partnerTop = 1;
        /* a third hand's single card above this hand's falls anyway: no need
           to force it out */
        partnerOut = ptop < wb && !(sideSuit && !pc && c->h[partner][t]) && popc(th) != 1;
    }
    for (int i = 0; i < n; i++) {
        Move *m = &mv[i];
        int s = m->suit, rank = hibit(m->bit), sc;
        u16 b = m->bit;
        u16 above = c->rem[s] & (u16) ~((u16)((b << 1) - 1u));
        if (tn == 0) {
            u16 opp = c->h[lho][s] | c->h[rho][s];
            u16 rs = c->rem[s];
            u16 topc = (u16)(1u << hibit(rs));
            u16 pc = c->h[partner][s], pbest = pc ? (u16)(1u << hibit(pc)) : 0; /* partner's best card */
            u16 rest = (u16)(rs & ~topc), second = rest ? (u16)(1u << hibit(rest)) : 0; /* its 2nd card */
            int lhoRuff = t != NT && s != t && !c->h[lho][s] && c->h[lho][t];
            int rhoRuff = t != NT && s != t && !c->h[rho][s] && c->h[rho][t];
            if (!opp && !(t != NT && s != t && (c->h[lho][t] | c->h[rho][t]))) {
                sc = w->free - rank; /* nobody can beat the side: any card wins */
            } else if (!(above & (opp | c->h[partner][s]))) {
                sc = (lhoRuff || rhoRuff) ? w->top_ruffed : 60 + popc(m->seq);
                /* the top card of a tenace (AQ) over the fourth hand's
                   guarded second card (Kx): cashing it sets that card up,
                   where partner's lead through it would make both (seed 5
                   deal 26; bench/RESULTS.md, 2026-12-07, day) */
                u16 r3 = (u16)(rest & ~second);
                if (pc && (c->h[rho][s] & second) && popc(c->h[rho][s]) >= 2 && r3 &&
                    (c->h[hand][s] & (u16)(1u << hibit(r3))))
                    sc -= w->tenace;
            } else if (!(above & opp) || (!narrowly && (c->h[partner][s] & topc))) {
                /* partner's cards alone beat it, or it goes towards his top
                   card (the lead stays with the side whatever the
                   opponents play); not in a narrow search, which searches
                   only its first few leads and played weaker with it */
                sc = (lhoRuff ? 6 : rhoRuff ? 20 : w->to_partner) - rank;
            } else if (under && pbest > opp && !(s == t && draws_all(c, hand))) {
                /* this hand holds the suit's top card, and partner's best
                   beats every card the opponents hold: a lead below it
                   keeps the trick with the side and the top card as a way
                   back. At no trump weighed below the top card's own cash:
                   above it the typical deal gained but the worst grew
                   (bench/RESULTS.md, 2026-12-07, night). Not in trumps the
                   hand's top cards draw from the opponents: drawing them
                   comes first (seed 1 deal 22; 2026-12-07, morning) */
                sc = (lhoRuff ? 6 : rhoRuff ? 20 : under) - rank;
            } else {
                int run = popc(m->seq) >= 2, fromSeq = run && rank >= SEQ_LOW;
                /* a lead through the second hand's top card helps partner
                   only if his best card beats that hand's next one; in exact
                   searches, where it sent seed 1 deal 18's defence down a
                   diamond lead through AKQ8 to partner's 7532 first
                   (bench/RESULTS.md, 2026-12-07, morning) */
                u16 lrest = (u16)(c->h[lho][s] & ~topc);
                if ((c->h[lho][s] & topc) && (narrowly || !pc || pbest > lrest)) {
                    /* through the second hand's top card towards partner */
                    sc = (pc ? (t == NT ? w->through_partner_nt : w->through_partner) : w->through) - rank;
                    if (fromSeq) sc += w->seq_through;
                    /* partner holds the suit's second card, guarded, behind
                       the top one: it makes a trick now or once the top card
                       falls, whichever the second hand plays, unless ruffed
                       (bench/RESULTS.md, 2026-12-07, morning) */
                    if ((pc & second) && popc(pc) >= 2) sc += w->second_through;
                } else if (run && b > rest >> 2 &&
                           (narrowly || !((c->h[rho][s] & topc) && popc(c->h[rho][s]) == 1))) {
                    /* a sequence forces out the top card; a bare one falls
                       to any card, and the low lead keeps the sequence as
                       winners (exact searches: seed 1 deal 114, KQT974
                       against a bare ace; bench/RESULTS.md, 2026-12-07,
                       morning) */
                    sc = 32 + rank;
                } else {
                    sc = 18 - rank;
                    if (fromSeq) sc += w->seq_lead;
                }
                if (t != NT && s != t && !c->h[partner][s] && c->h[partner][t] && !lhoRuff)
                    sc += 30;
            }
            {
                /* the fourth hand holds the top or second card of the suit
                   (and a card to spare): it sits over the side's honours and
                   plays last, so such a lead seldom refutes; tried later (an
                   idea of DDS's lead weights; bench/RESULTS.md) */
                if ((c->h[rho][s] & (topc | second)) && popc(c->h[rho][s]) > 1) sc -= RHO_HIGH;
            }
            {
                /* smaller trees first: the fewer cards the opponents can
                   answer a lead with, the fewer lines there are to refute
                   (a void can answer with any card) */
                int cl = popc(c->h[lho][s]), cr = popc(c->h[rho][s]);
                sc -= w->answers * ((cl ? cl : c->tricksLeft) + (cr ? cr : c->tricksLeft));
            }
            if (t != NT && s != t && popc(c->h[hand][s]) == 1 && c->h[hand][t] &&
                popc(c->h[partner][s]) > 1 && (c->h[partner][s] & topc))
                sc += 19; /* a singleton to partner's winner: he can return it for a ruff */
            if (t != NT && s == t) {
                int ours = popc(c->h[hand][t]) + popc(c->h[partner][t]);
                int theirs = popc(c->h[lho][t]) + popc(c->h[rho][t]);
                sc += ours > theirs ? w->trump_more : -12;
            } else if (t == NT) {
                sc += w->nt_length * (popc(c->h[hand][s]) + popc(c->h[partner][s])) - popc(opp) / 2;
            }
        } else if (s == ls) {
            int beats = ws == ls && b > wb;
            int sure = beats && b > later;
            int partnerSure = partnerTop || (partnerWins && (ws != ls || wb > later));
            int forces = (m->seq & force) ? 20 : 0;
            if (partnerSure) sc = 60 - rank;
            else if (sure) sc = 70 - rank;
            else if (outgunned && partnerWins)
                /* partner's card: play low, unless forcing (bench/RESULTS.md) */
                sc = 30 - rank + forces;
            else if (beats && tn == 2 && popc(later) == 1 && later > b)
                sc = 10 - rank; /* the fourth hand's single card wins anyway: keep ours */
            else if (outgunned && beats)
                /* over second hand, and forcing if it can (bench/RESULTS.md) */
                sc = 44 - rank + forces;
            else if (beats) sc = (tn == 1 ? (partnerOut ? 60 : 24) : 44) - rank;
            else sc = 30 - rank;
        } else if (s == t) {
            int beats = ws != t || b > wb;
            if (!narrowly && partnerWins && tn == 2 && ws == ls && later > wb)
                sc = 65 - rank; /* the fourth hand beats partner's card: ruff as over an opponent's */
            else if (partnerWins && tn == 3) sc = -rank;
            else if (beats) sc = (partnerWins ? 20 : partnerTop ? 50 : 65) - rank;
            else sc = -rank;
        } else {
            sc = 20 - rank;
            if (!(above & ~c->h[hand][s])) sc -= w->keep_winner; /* keep winners */
            sc += popc(c->h[hand][s]) * 3;
        }
        if (ttbest && (ttbest >> 8) == s && (m->seq & (1u << ((ttbest & 0xFF) - 1))))
            /* a stored best lead is one hint among the others: weighed
               lower, fewer positions are searched (measured; at no trump
               in exact searches, bench/RESULTS.md, 2026-12-07, morning) */
            sc += tn ? 400 : t == NT ? w->tt_lead_nt : 40;
        else if (kill && (kill >> 8) == s && (m->seq & (1u << ((kill & 0xFF) - 1))))
            sc += tn ? KILLER : t == NT ? w->killer_lead_nt : w->killer_lead;
        else if (KILLER2 && kill2 && (kill2 >> 8) == s && (m->seq & (1u << ((kill2 & 0xFF) - 1))))
            sc += KILLER2;
        m->score = sc;
    }
    if (!sort) return; /* the search picks them best first as it goes (next_move) */
    for (int i = 1; i < n; i++) {
        Move x = mv[i];
        int j = i - 1;
        while (j >= 0 && mv[j].score < x.score) {
            mv[j + 1] = mv[j];
            j--;
        }
        mv[j + 1] = x;
    }
}

/* Brings the best-scored of mv[i..n-1] to mv[i], the first of equals (the
 * order a stable sort gives). Most nodes cut off on their first move, so
 * picking as the search goes does less than sorting them all. */
static inline void next_move(Move *mv, int i, int n) {
    int j = i;
    for (int k = i + 1; k < n; k++)
        if (mv[k].score > mv[j].score) j = k;
    if (j != i) {
        Move x = mv[j];
        memmove(&mv[i + 1], &mv[i], sizeof(Move) * (size_t)(j - i));
        mv[i] = x;
    }
}

/* Can the side c->maxSide take at least `need` of the remaining tricks
 * (the current one included)? wr gets, per suit, the ranks the answer
 * depends on: every position that agrees on the owners of all cards from
 * the lowest of those ranks up (and on suit lengths) has the same answer. */
static int search(ws_ctx *c, int need, u16 *wr) {
    wr[0] = wr[1] = wr[2] = wr[3] = 0;
    if (need <= 0) return 1;
    if (need > c->tricksLeft) return 0;
    if (++c->nodecount > c->stopAt && c->stopAt) {
        c->aborted = 1;
        return 0;
    }
    /* the clock is read every 512 nodes: well under a millisecond apart */
    if (c->deadline > 0 && !(c->nodecount & 511) && now_s() > c->deadline) {
        c->aborted = 1;
        return 0;
    }
    int tn = c->tn;
    int hand = (c->leader + tn) & 3;
    int isMax = ((hand & 1) == c->maxSide);
    u64 own[2];
    u64 key = 0;
    u32 lt = 0;
    Cand cd;
    cd.gen = 0;
    cd.n = 0;
    u16 ttbest = 0, best = 0;
    if (tn == 0) {
        c->tricknodes++;
        if (c->tricksLeft == 1) return last_trick(c, wr);
        key = c->lkey;
        lt = (u32)hand | ((u32)c->trump << 2);
#if defined(__GNUC__) || defined(__clang__)
        /* the node's slot is fetched while the bounds below are worked out */
        __builtin_prefetch(&c->nodes[hash_key(key, lt) & c->nmask]);
#endif
        u16 q[NSUIT];
        int enough = isMax ? need : c->tricksLeft - need + 1;
        int qt = (ws_debug_flags & 1) ? 0 : quick_tricks(c, hand, q, enough);
        if (isMax ? qt >= need : c->tricksLeft - qt < need) {
            memcpy(wr, q, sizeof q);
            return isMax;
        }
        if (c->trump != NT) {
            u16 tb;
            int other = hand ^ 1;
            int st = sure_trumps(c, other, &tb, c->tricksLeft - enough + 1);
            if (isMax ? c->tricksLeft - st < need : st >= need) {
                wr[c->trump] = tb;
                return !isMax;
            }
            st = sure_trumps(c, hand, &tb, enough);
            if (isMax ? st >= need : c->tricksLeft - st < need) {
                wr[c->trump] = tb;
                return isMax;
            }
        }
        if (isMax ? need == c->tricksLeft : need == 1) {
            u16 lw[NSUIT];
            if (must_lose(c, hand, lw)) {
                memcpy(wr, lw, sizeof lw);
                return !isMax;
            }
        }
        if (need == c->tricksLeft || need == 1) {
            /* one side needs every trick left: whichever that is, can it? */
            u16 lw[NSUIT];
            int all = need == c->tricksLeft ? c->maxSide : !c->maxSide;
            if (cannot_take_all(c, all, lw)) {
                memcpy(wr, lw, sizeof lw);
                return all != c->maxSide;
            }
        }
        owners(c, own);
        TTNode *nd = (ws_debug_flags & 2) ? NULL : tt_find(c, key, lt, 0);
        cd.gen = c->gen;
        cd.n = (ws_debug_flags & 2) ? NCAND + 1 : 0;
        if (nd) {
            int r = tt_probe(c, nd, own, need, wr, &ttbest, &cd);
            if (r >= 0) return r;
        }
    }
    if ((tn == 1 || tn == 2) && !(ws_debug_flags & 1)) {
        int enough = isMax ? need : c->tricksLeft - need + 1;
        if (trick_quick(c, hand, enough, wr) >= enough) return isMax;
    }
    Move mv[NRANK + 1];
    int n = gen_moves(c, hand, mv);
    if (n > 1) order_moves(c, hand, mv, n, ttbest, 0);
    u16 acc[NSUIT] = {0, 0, 0, 0};
    u16 lw[NSUIT] = {0, 0, 0, 0};
    int res = !isMax;
    int tried = 0;
    /* a narrow search trusts the move ordering: the moves it ranks below the
       first `width` (one below `plies`) are taken to fail as well; 0: all */
    const int width = !c->width ? 0 : c->plies && c->depth >= c->plies ? 1 : c->width;
    for (int i = 0; i < n; i++) {
        next_move(mv, i, n);
        Move *m = &mv[i];
        int s = m->suit;
        /* the run's top card decides: the whole run below a threshold means
           every card of it is interchangeable with a low card already tried */
        u16 runTop = (u16)(1u << hibit(m->seq));
        if (runTop < lw[s] && !(ws_debug_flags & 4)) continue;
        if (width && tried++ >= width) break;
        u16 cw[NSUIT];
#ifdef ROOT_TRACE
        unsigned long long n0 = c->tricknodes;
#endif
        int r = play_child(c, hand, s, m->bit, need, cw);
#ifdef ROOT_TRACE /* bench/dds_proofs.py -D ROOT_TRACE: the root's moves in the order searched */
        if (c->depth == 0)
            fprintf(stderr, "root, the mover's side needing %d: %c%c (order score %d) %s, %llu positions\n",
                    need, "SHDC"[s], "23456789TJQKA"[hibit(m->bit)], m->score,
                    r == isMax ? "cuts off" : "fails", c->tricknodes - n0);
#endif
        if (c->aborted) return 0; /* an unproven result: store nothing */
        u16 thr = cw[s] ? (u16)(cw[s] & (u16)(0u - cw[s])) : ABOVE_ACE;
        if (r == isMax) {
            memcpy(wr, cw, sizeof cw);
            res = r;
            best = (u16)((s << 8) | (hibit(m->bit) + 1));
#ifdef STATS
            st_cut[tn][i < 7 ? i : 7]++;
#endif
            if (i > 0) {
                u16 *k = c->killer[c->depth & 63];
                u16 kb = (u16)(best | killer_context(c));
                if (k[0] != kb) {
                    k[1] = k[0];
                    k[0] = kb;
                }
            }
            goto done;
        }
        /* the other cards of the run were not searched: when this card's rank
           mattered they must stay its equals wherever the result is reused */
        if (runTop >= thr) cw[s] |= m->seq;
        for (int k = 0; k < NSUIT; k++) acc[k] |= cw[k];
        if (runTop < thr && thr > lw[s]) lw[s] = thr;
    }
#ifdef STATS
    st_all[tn]++;
#endif
    memcpy(wr, acc, sizeof acc);
done:
    if (tn == 0) tt_store(c, key, lt, own, wr, res, need, best, &cd);
    return res;
}

/* ------------------------------------------------------------------ */
/* Entry points                                                        */

static const char SEATS[] = "NESW";
static const char SUITS[] = "SHDC";
static const char RANKS[] = "23456789TJQKA";

static void card_text(int card, char *out) {
    out[0] = SUITS[card / 13];
    out[1] = RANKS[card % 13];
    out[2] = 0;
}

#define FAIL(...)                                  \
    do {                                           \
        if (err && errlen) snprintf(err, errlen, __VA_ARGS__); \
        return -1;                                 \
    } while (0)

int ws_validate(const uint64_t hands[4], int trump, int leader, const int *trick, int ntrick,
                char *err, size_t errlen) {
    const u64 all = (1ULL << 52) - 1;
    char a[3], b[3];
    if (trump < 0 || trump > 4) FAIL("trump %d is out of range: 0..3 for a suit, 4 for no trump", trump);
    if (leader < 0 || leader > 3) FAIL("leader %d is out of range: seats are 0..3 (N E S W)", leader);
    if (ntrick < 0 || ntrick > 3) FAIL("a trick in progress has 0 to 3 cards, not %d", ntrick);
    if (ntrick > 0 && !trick) FAIL("missing trick cards");
    for (int i = 0; i < 4; i++)
        if (hands[i] & ~all) FAIL("%c's hand has bits beyond card 51", SEATS[i]);
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            if (hands[i] & hands[j]) {
                u64 x = hands[i] & hands[j];
                int k = 0;
                while (!((x >> k) & 1)) k++;
                card_text(k, a);
                FAIL("%s is in both %c's and %c's hands", a, SEATS[i], SEATS[j]);
            }
    u64 seen = 0;
    for (int i = 0; i < ntrick; i++) {
        int cd = trick[i];
        if (cd < 0 || cd > 51) FAIL("trick card %d is out of range 0..51", cd);
        card_text(cd, a);
        if (seen & (1ULL << cd)) FAIL("%s is played twice in the trick", a);
        for (int h = 0; h < 4; h++)
            if (hands[h] & (1ULL << cd))
                FAIL("%s is played to the trick but still in %c's hand", a, SEATS[h]);
        seen |= 1ULL << cd;
    }
    int mover = (leader + ntrick) & 3;
    int n = popc_slow((u32)hands[mover]) + popc_slow((u32)(hands[mover] >> 32));
    if (n < 1) FAIL("%c is to play but holds no cards", SEATS[mover]);
    if (n > 13) FAIL("%c holds %d cards; a hand has at most 13", SEATS[mover], n);
    for (int i = 0; i < 4; i++) {
        int seat = (leader + i) & 3;
        int want = i < ntrick ? n - 1 : n;
        int has = popc_slow((u32)hands[seat]) + popc_slow((u32)(hands[seat] >> 32));
        if (has != want)
            FAIL("%c holds %d cards but should hold %d (%c, to play, holds %d; %d card(s) "
                 "already in the trick)",
                 SEATS[seat], has, want, SEATS[mover], n, ntrick);
    }
    if (ntrick > 0) {
        int led = trick[0] / 13;
        u64 ledMask = ((1ULL << 13) - 1) << (13 * led);
        for (int i = 1; i < ntrick; i++) {
            int seat = (leader + i) & 3;
            if (trick[i] / 13 != led && (hands[seat] & ledMask)) {
                card_text(trick[i], a);
                card_text(trick[0], b);
                FAIL("%c played %s on the lead of %s while still holding a %s card (revoke)",
                     SEATS[seat], a, b, led == 0 ? "spade" : led == 1 ? "heart"
                                                 : led == 2 ? "diamond" : "club");
            }
        }
    }
    return 0;
}

/* Every stored bound is a fact about a position, true in any deal, so the
   table never has to be cleared for correctness. A call on the same deal as
   the last (the same cards, or fewer of them: a later point of the same
   play, another trump or leader) keeps everything: most of its positions are
   already there. Any other call starts with an empty table (clearing is a
   generation count, cheap). */
static void tt_fresh(ws_ctx *c, const uint64_t hands[4], int leader, const int *trick, int ntrick) {
    u64 cur[NSEAT];
    int same = 1;
    for (int h = 0; h < NSEAT; h++) cur[h] = hands[h];
    for (int i = 0; i < ntrick; i++) cur[(leader + i) & 3] |= 1ULL << trick[i];
    for (int h = 0; h < NSEAT; h++)
        if (cur[h] & ~c->lastDeal[h]) same = 0;
    /* a narrow search's bounds are not exact ones: never mix the two */
    if (same && c->width == c->lastWidth && c->plies == c->lastPlies) return;
    memcpy(c->lastDeal, cur, sizeof cur);
    c->lastWidth = c->width;
    c->lastPlies = c->plies;
    /* another deal: its positions rarely meet the last one's, whose entries
       would only crowd the table and steer the search by another deal's best
       moves (the layouts of one PIMC move gained nothing from each other's
       entries: bench/RESULTS.md) */
    tt_clear(c);
}

static void setup(ws_ctx *c, const uint64_t hands[4], int trump, int leader, const int *trick,
                  int ntrick) {
    for (int h = 0; h < NSEAT; h++)
        for (int s = 0; s < NSUIT; s++) c->h[h][s] = (u16)((hands[h] >> (13 * s)) & 0x1FFF);
    for (int s = 0; s < NSUIT; s++) c->rem[s] = c->h[0][s] | c->h[1][s] | c->h[2][s] | c->h[3][s];
    c->lkey = length_key(c);
    c->trump = trump;
    c->leader = leader;
    c->tn = ntrick;
    for (int i = 0; i < ntrick; i++) {
        c->tsuit[i] = trick[i] / 13;
        c->tbit[i] = (u16)(1u << (trick[i] % 13));
    }
    int mover = (leader + ntrick) & 3;
    int n = 0;
    for (int s = 0; s < NSUIT; s++) n += popc(c->h[mover][s]);
    c->tricksLeft = n;
    c->depth = 0;
    c->aborted = 0;
    memset(c->killer, 0, sizeof c->killer); /* same call, same search: no history */
    c->stopAt = c->nodeLimit ? c->nodecount + c->nodeLimit : 0;
    c->deadline = c->timeLimit > 0 ? now_s() + c->timeLimit : 0;
}

void ws_ctx_set_node_limit(ws_ctx *c, unsigned long long limit) {
    if (c) c->nodeLimit = limit;
}

void ws_ctx_set_guess(ws_ctx *c, int tricks) {
    if (c) c->guess = tricks >= 0 ? tricks : -1;
}

void ws_ctx_set_width(ws_ctx *c, int width) {
    if (c) c->width = width > 0 ? width : 0;
}

void ws_ctx_set_plies(ws_ctx *c, int plies) {
    if (c) c->plies = plies > 0 ? plies : 0;
}

void ws_ctx_set_time_limit(ws_ctx *c, double seconds) {
    if (c) c->timeLimit = seconds > 0 ? seconds : 0;
}

void ws_ctx_clear(ws_ctx *c) {
    if (!c) return;
    tt_clear(c);
    memset(c->lastDeal, 0, sizeof c->lastDeal);
    for (int i = 0; i < NMEMO; i++) c->memo[i].valid = 0;
}

/* Exact value of one move: tricks for the mover's side, found by null-window
 * tests moving from a guess. */
static int value_of_move(ws_ctx *c, int hand, const Move *m, int guess, int hi, u16 *thr) {
    int lo = 0;
    u16 cw[NSUIT];
    *thr = ABOVE_ACE;
    if (guess > hi) guess = hi;
    while (lo < hi) {
        int g = guess;
        if (g <= lo) g = lo + 1;
        if (g > hi) g = hi;
        int r = play_child(c, hand, m->suit, m->bit, g, cw);
        if (c->aborted) return -1;
        u16 t = cw[m->suit] ? (u16)(cw[m->suit] & (u16)(0u - cw[m->suit])) : ABOVE_ACE;
        if (t < *thr) *thr = t;
        if (r) {
            lo = g;
            guess = g + 1;
        } else {
            hi = g - 1;
            guess = g - 1;
        }
    }
    return lo;
}

/* Tricks for the side to move (c->maxSide) from the current node. */
static int root_value(ws_ctx *c) {
    int lo = 0, hi = c->tricksLeft;
    u16 q[NSUIT], wr[NSUIT];
    int guess = (hi + 1) / 2;
    if (c->guess >= 0) {
        guess = c->guess;
    } else if (c->tn == 0) {
        int qt = quick_tricks(c, c->leader, q, hi);
        if (qt > guess) guess = qt;
    }
    while (lo < hi) {
        int g = guess;
        if (g <= lo) g = lo + 1;
        if (g > hi) g = hi;
        int r = search(c, g, wr);
        if (c->aborted) return -1;
        if (r) {
            lo = g;
            guess = g + 1;
        } else {
            hi = g - 1;
            guess = g - 1;
        }
    }
    return lo;
}

static int memo_find(const ws_ctx *c, const uint64_t hands[4], int trump, int leader,
                     const int *trick, int ntrick) {
    for (int m = 0; m < NMEMO; m++) {
        const Memo *e = &c->memo[m];
        if (!e->valid || e->flags != ws_debug_flags || e->width != c->width || e->plies != c->plies ||
            e->trump != trump || e->leader != leader || e->ntrick != ntrick)
            continue;
        int same = 1;
        for (int h = 0; h < NSEAT; h++) same &= e->hands[h] == hands[h];
        for (int i = 0; i < ntrick; i++) same &= e->trick[i] == trick[i];
        if (same) return m;
    }
    return -1;
}

static void memo_keep(ws_ctx *c, const uint64_t hands[4], int trump, int leader, const int *trick,
                      int ntrick, const int *cards, const int *values, int out) {
    if (out <= 0 || out > NRANK) return;
    Memo *e = &c->memo[c->memoNext];
    c->memoNext = (c->memoNext + 1) % NMEMO;
    e->valid = 1;
    e->flags = ws_debug_flags;
    e->width = c->width;
    e->plies = c->plies;
    e->trump = trump;
    e->leader = leader;
    e->ntrick = ntrick;
    e->out = out;
    for (int h = 0; h < NSEAT; h++) e->hands[h] = hands[h];
    for (int i = 0; i < ntrick; i++) e->trick[i] = trick[i];
    memcpy(e->cards, cards, sizeof(int) * (size_t)out);
    memcpy(e->values, values, sizeof(int) * (size_t)out);
}

int ws_solve_moves(ws_ctx *c, const uint64_t hands[4], int trump, int leader, const int *trick,
                   int ntrick, int *cards, int *values, char *err, size_t errlen) {
    if (!c) FAIL("no solver context");
    if (ws_validate(hands, trump, leader, trick, ntrick, err, errlen)) return -1;
    int mi = memo_find(c, hands, trump, leader, trick, ntrick);
    if (mi >= 0) {
        memcpy(cards, c->memo[mi].cards, sizeof(int) * (size_t)c->memo[mi].out);
        memcpy(values, c->memo[mi].values, sizeof(int) * (size_t)c->memo[mi].out);
        return c->memo[mi].out;
    }
    setup(c, hands, trump, leader, trick, ntrick);
    tt_fresh(c, hands, leader, trick, ntrick);
    int hand = (leader + ntrick) & 3;
    c->maxSide = hand & 1;
    Move mv[NRANK + 1];
    int n = gen_moves(c, hand, mv);
    order_moves(c, hand, mv, n, 0, 1);
    int out = 0, best = -1;
    /* Per suit: a card below lw[s] is worth lwv[s], like the low card whose
       searches showed that no rank below lw[s] mattered (the same rule as
       inside the search, here across every target tried). */
    u16 lw[NSUIT] = {0, 0, 0, 0};
    int lwv[NSUIT] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        int s = mv[i].suit, v;
        u16 runTop = (u16)(1u << hibit(mv[i].seq)), thr = 0;
        if (runTop < lw[s] && !(ws_debug_flags & 4)) {
            v = lwv[s];
        } else if (n == 1 && ntrick > 0) {
            v = root_value(c);
        } else {
            /* the first card starts from the caller's guess, the others from
               the best value so far */
            int g = best >= 0 ? best : (c->guess > c->tricksLeft ? c->tricksLeft : c->guess);
            /* no guess: step from the middle, one trick a search. Bisecting
               spent a search on a target far below the value, which costs
               nearly as much as one at it (bench/RESULTS.md) */
            if (g < 0) g = (c->tricksLeft + 1) / 2;
            v = value_of_move(c, hand, &mv[i], g, c->tricksLeft, &thr);
            if (!c->aborted && runTop < thr && thr > lw[s]) {
                lw[s] = thr;
                lwv[s] = v;
            }
        }
        if (c->aborted) return WS_LIMIT;
        if (v > best) best = v;
        u16 seq = mv[i].seq;
        while (seq) {
            int b = hibit(seq);
            seq ^= (u16)(1u << b);
            cards[out] = mv[i].suit * 13 + b;
            values[out] = v;
            out++;
        }
    }
    memo_keep(c, hands, trump, leader, trick, ntrick, cards, values, out);
    return out;
}

int ws_solve(ws_ctx *c, const uint64_t hands[4], int trump, int leader, char *err,
             size_t errlen) {
    if (!c) FAIL("no solver context");
    if (ws_validate(hands, trump, leader, NULL, 0, err, errlen)) return -1;
    setup(c, hands, trump, leader, NULL, 0);
    tt_fresh(c, hands, leader, NULL, 0);
    c->maxSide = leader & 1;
    int v = root_value(c);
    return c->aborted ? WS_LIMIT : v;
}

int ws_solve_target(ws_ctx *c, const uint64_t hands[4], int trump, int leader, const int *trick,
                    int ntrick, int need, char *err, size_t errlen) {
    if (!c) FAIL("no solver context");
    if (ws_validate(hands, trump, leader, trick, ntrick, err, errlen)) return -1;
    u16 wr[NSUIT];
    setup(c, hands, trump, leader, trick, ntrick);
    tt_fresh(c, hands, leader, trick, ntrick);
    c->maxSide = (leader + ntrick) & 1;
    int r = search(c, need, wr);
    return c->aborted ? WS_LIMIT : r;
}
