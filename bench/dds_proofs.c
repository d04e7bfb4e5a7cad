/* Our solver beside DDS proof by proof, each from an empty table: where a deal's
 * positions go. One deal on stdin (the four hands' card masks, trump, leader,
 * as bench/dds_nodes.c reads them); the arguments are the cards played from
 * the deal's start, in order, through any number of tricks. For the position
 * they reach, and for each card the player to move may play there, prints the
 * value for the mover's side and the positions (trick-start nodes) that two
 * searches reach, ours and DDS's: the one at that value (it succeeds) and the
 * one a trick over (it fails). Those are the two proofs a value needs.
 *
 * DDS keeps its table for a deal that differs from the last in a few cards,
 * so each DDS count here follows a solve with another trump, which empties
 * it; its killer moves carry over from solve to solve whatever the deal, so
 * a DDS count can still depend on what was solved before it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dds_abi.h"
#include "solver.h"

typedef struct {
    uint64_t h[4];
    int trump, leader, len, trick[4], won[2]; /* won: tricks each side took since the start */
} Pos;

static const char SUITS[] = "SHDC", RANKS[] = "23456789TJQKA";

static int parse_card(const char *s) {
    const char *su = s[0] ? strchr(SUITS, s[0]) : NULL, *ra = s[0] && s[1] ? strchr(RANKS, s[1]) : NULL;
    if (!su || !ra || s[2]) return -1;
    return (int)(su - SUITS) * 13 + (int)(ra - RANKS);
}

static int mover(const Pos *p) { return (p->leader + p->len) & 3; }

static uint64_t legal(const Pos *p) {
    uint64_t m = p->h[mover(p)];
    if (p->len) {
        uint64_t follow = m & (0x1FFFULL << (13 * (p->trick[0] / 13)));
        if (follow) m = follow;
    }
    return m;
}

/* Plays a card; a full trick goes to its winner, who leads the next. */
static void play(Pos *p, int card) {
    p->h[mover(p)] &= ~(1ULL << card);
    p->trick[p->len++] = card;
    if (p->len < 4) return;
    int w = 0;
    for (int i = 1; i < 4; i++) {
        int a = p->trick[i], b = p->trick[w];
        if (a / 13 == b / 13 ? a > b : a / 13 == p->trump) w = i;
    }
    p->leader = (p->leader + w) & 3;
    p->won[p->leader & 1]++;
    p->len = 0;
}

static int tricks_left(const Pos *p) {
    return __builtin_popcountll(p->h[mover(p)]);
}

/* Positions our solver reaches proving or refuting: the mover's side takes `need`. */
static long ours(ws_ctx *c, const Pos *p, int need, int *res) {
    char err[WS_ERRLEN];
    ws_ctx_clear(c);
    unsigned long long n0 = ws_ctx_trick_nodes(c);
    *res = ws_solve_target(c, p->h, p->trump, p->leader, p->trick, p->len, need, err, sizeof err);
    if (*res < 0) {
        fprintf(stderr, "dds_proofs: %s\n", err);
        exit(1);
    }
    return (long)(ws_ctx_trick_nodes(c) - n0);
}

static long dds(const Pos *p, int need, int *res) {
    struct deal dl = {0};
    struct futureTricks ft;
    dl.trump = p->trump;
    dl.first = p->leader;
    for (int i = 0; i < p->len; i++) {
        dl.currentTrickSuit[i] = p->trick[i] / 13;
        dl.currentTrickRank[i] = p->trick[i] % 13 + 2;
    }
    for (int h = 0; h < 4; h++)
        for (int s = 0; s < 4; s++) dl.remainCards[h][s] = (unsigned)((p->h[h] >> (13 * s)) & 0x1FFF) << 2;
    struct deal other = dl;
    other.trump = (dl.trump + 1) % 5;
    SolveBoard(other, 0, 1, 1, &ft, 0); /* another trump: DDS empties its table */
    if (SolveBoard(dl, need, 1, 1, &ft, 0) != 1) {
        fprintf(stderr, "dds_proofs: DDS refused the position\n");
        exit(1);
    }
    *res = ft.score[0] >= need;
    return ft.nodes;
}

/* The mover's side's value, by our solver (exact, from the first target up). */
static int value(ws_ctx *c, const Pos *p) {
    int v = 0, r;
    while (v < tricks_left(p) && (ours(c, p, v + 1, &r), r)) v++;
    return v;
}

/* The two proofs of `side`'s value v at `from`, made at p (from, or a card
 * later), whoever is to move there. */
static void proofs(ws_ctx *c, const Pos *from, const Pos *p, int side, int v, const char *label) {
    printf("%-6s", label);
    for (int k = 0; k < 2; k++) {
        int need = v + k - (p->won[side] - from->won[side]), tl = tricks_left(p), ro, rd;
        if (need <= 0 || need > tl) {
            printf(" | %-24s", "-");
            continue;
        }
        int mine = (mover(p) & 1) == side, n = mine ? need : tl - need + 1;
        long o = ours(c, p, n, &ro), d = dds(p, n, &rd);
        char cell[48];
        snprintf(cell, sizeof cell, "%ld / %ld%s", o, d, ro == rd ? "" : " DIFFER");
        printf(" | %-24s", cell);
    }
    printf("\n");
}

int main(int argc, char **argv) {
    unsigned long long h[4];
    Pos p = {0};
    if (scanf("%llu %llu %llu %llu %d %d", &h[0], &h[1], &h[2], &h[3], &p.trump, &p.leader) != 6) {
        fprintf(stderr, "dds_proofs: no deal on stdin\n");
        return 1;
    }
    for (int i = 0; i < 4; i++) p.h[i] = h[i];
    SetMaxThreads(0);
    int given = -1, gside = -1;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '=') { /* =NS7: prove North-South's 7 tricks (and 8) from here */
            gside = argv[i][1] == 'E' ? 1 : 0;
            given = atoi(argv[i] + 3);
            continue;
        }
        int card = parse_card(argv[i]);
        if (card < 0 || !(legal(&p) >> card & 1)) {
            fprintf(stderr, "dds_proofs: %s is not a card the player to move may play\n", argv[i]);
            return 2;
        }
        play(&p, card);
    }
    ws_ctx *c = ws_ctx_new(0);
    int side = mover(&p) & 1, v = value(c, &p);
    if (given >= 0) {
        /* the tricks still to win from here: the given total less those won */
        side = gside;
        v = given - p.won[side];
    }
    printf("%c to play, %d tricks left; %s %d (from here, this trick included)\n",
           "NESW"[mover(&p)], tricks_left(&p), given < 0 ? "the side's value" : side ? "East-West need" : "North-South need", v);
    printf("%-6s | %-24s | %-24s\n", "card", "at the value: ours / DDS", "a trick over: ours / DDS");
    proofs(c, &p, &p, side, v, "here");
    uint64_t m = legal(&p);
    for (int card = 0; card < 52; card++) {
        if (!(m >> card & 1)) continue;
        Pos q = p;
        play(&q, card);
        char label[8];
        snprintf(label, sizeof label, "%c%c", SUITS[card / 13], RANKS[card % 13]);
        proofs(c, &p, &q, side, v, label);
    }
    ws_ctx_free(c);
    return 0;
}
