/* Exact trick solver for the whist family: 2 to 7 seats, hands of any size,
 * the 54-card pack with jokers, uptown or downtown, and a side of any seats
 * playing for the most or the fewest tricks against all the others.
 *
 * Cards are ints 0..53: suit * 13 + (rank - 2) for suits S H D C (0..3),
 * 52 the little joker, 53 the big joker; a hand is a 64-bit mask of card
 * bits. Seats 0..seats-1 play in that order. The rules are those of
 * engine/order.py's Order, exactly (tests/engine/test_family_solver.py
 * checks this core against a search that asks Order for every rule).
 * No dependencies beyond libc; a context owns its transposition table, so
 * one context per thread is all the thread safety needed.
 */
#ifndef WF_FAMILY_H
#define WF_FAMILY_H

#include <stddef.h>
#include <stdint.h>

#define WF_MIN_SEATS 2
#define WF_MAX_SEATS 7
#define WF_MAX_HAND 27 /* 54 cards between two seats */
#define WF_DEFAULT_TT_BYTES ((size_t)64 << 20)
#define WF_ERRLEN 200
#define WF_LIMIT (-2)

/* How the cards rank in a hand (engine.order.Order). */
typedef struct {
    int trump;      /* 0..3 a suit (S H D C), 4 no trump */
    int downtown;   /* low cards win */
    int ace_low;    /* downtown with the ace lowest (else the ace stays highest) */
    int free_joker; /* a led joker leaves the suit to the next card (joker_lead "free") */
} wf_order;

/* A position and whose tricks are counted. */
typedef struct {
    int seats;                       /* 2..7 */
    uint64_t hands[WF_MAX_SEATS];    /* cards still held (not those of the trick) */
    int leader;                      /* who led the current trick */
    int trick[WF_MAX_SEATS - 1];     /* its cards so far, in order */
    int ntrick;
    unsigned side;                   /* bit s: seat s's tricks are counted */
    int maximise;                    /* 1: the side wants the most tricks, 0: the fewest */
} wf_position;

typedef struct wf_ctx wf_ctx;

/* A context with a transposition table of about tt_bytes (0 = default);
 * NULL when out of memory. The table is kept between calls with the same
 * order, seats, side and goal, never grown. */
wf_ctx *wf_ctx_new(size_t tt_bytes);
void wf_ctx_free(wf_ctx *ctx);
size_t wf_ctx_bytes(const wf_ctx *ctx);
/* Search nodes visited since the context was made (benchmarks). */
unsigned long long wf_ctx_nodes(const wf_ctx *ctx);
/* Forget every stored position. */
void wf_ctx_clear(wf_ctx *ctx);
/* Stop later calls past `nodes` search nodes or `seconds` of wall-clock time
 * (0 = no limit): such a call returns WF_LIMIT. A stopped search stores only
 * what it proved, so later calls stay exact. */
void wf_ctx_set_limits(wf_ctx *ctx, unsigned long long nodes, double seconds);

/* 0 when the position can be, else -1 with the reason in err. */
int wf_validate(const wf_position *pos, const wf_order *order, char *err, size_t errlen);

/* For every legal card of the player to move: cards[i] the card, values[i]
 * the side's tricks from here (current trick included) after it, with best
 * play after. Returns how many cards (arrays of WF_MAX_HAND), -1 with err
 * set, or WF_LIMIT. */
int wf_solve_moves(wf_ctx *ctx, const wf_position *pos, const wf_order *order, int *cards, int *values,
                   char *err, size_t errlen);

/* The side's tricks from here (current trick included) with best play by
 * every seat; -1 with err set, or WF_LIMIT. */
int wf_solve(wf_ctx *ctx, const wf_position *pos, const wf_order *order, char *err, size_t errlen);

/* Whether the side takes at least k tricks from here with best play by every
 * seat: 1 or 0; -1 with err set, or WF_LIMIT. One null-window search. */
int wf_at_least(wf_ctx *ctx, const wf_position *pos, const wf_order *order, int k, char *err, size_t errlen);

#endif
