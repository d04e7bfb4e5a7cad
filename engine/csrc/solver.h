/* Exact double-dummy trick evaluator for four-hand trick-taking games.
 *
 * Cards are ints 0..51: suit * 13 + (rank - 2), suits S H D C (0..3).
 * A hand is a 64-bit mask of such card bits. Seats 0..3 are N E S W,
 * clockwise; seats 0/2 and 1/3 are partners. Trump 0..3 is a suit, 4 is no
 * trump. No dependencies beyond libc; a context owns its transposition
 * table, so one context per thread is all the thread safety needed.
 */
#ifndef WS_SOLVER_H
#define WS_SOLVER_H

#include <stddef.h>
#include <stdint.h>

#define WS_DEFAULT_TT_BYTES ((size_t)64 << 20)
#define WS_ERRLEN 200

typedef struct ws_ctx ws_ctx;

/* A context with a transposition table of about tt_bytes (0 = default).
 * NULL when out of memory. The table is reused across calls, never grown. */
ws_ctx *ws_ctx_new(size_t tt_bytes);
void ws_ctx_free(ws_ctx *ctx);
/* Bytes the context's table occupies. */
size_t ws_ctx_bytes(const ws_ctx *ctx);
/* Search nodes visited since the context was made (for benchmarks). */
unsigned long long ws_ctx_nodes(const ws_ctx *ctx);
/* Of those, the nodes at the start of a trick: the positions a search
 * reaches, comparable with the node count DDS reports. */
unsigned long long ws_ctx_trick_nodes(const ws_ctx *ctx);

/* Stop any later call of this context once it has visited more than `limit`
 * search nodes (0 = no limit, the default); such a call returns WS_LIMIT.
 * The table stays sound: a stopped search stores only what it proved. */
#define WS_LIMIT (-2)
void ws_ctx_set_node_limit(ws_ctx *ctx, unsigned long long limit);

/* Also stop a call once it has run `seconds` of wall-clock time (0 = no limit,
 * the default); such a call returns WS_LIMIT like the node limit. */
void ws_ctx_set_time_limit(ws_ctx *ctx, double seconds);

/* A first guess of the answer for later calls (tricks for the side to move,
 * -1 = none, the default): a guess near the value saves searches. Answers
 * never depend on it. */
void ws_ctx_set_guess(ws_ctx *ctx, int tricks);

/* Approximate answers for later calls, much sooner: below the root moves,
 * search only the first `width` moves of each node in the solver's own order
 * and take the others to fail (0 = every move: exact, the default). Early in
 * a hand, where an exact answer is slow, width 2 or 3 is many times quicker
 * and usually picks the same card (bench/RESULTS.md). */
void ws_ctx_set_width(ws_ctx *ctx, int width);
/* With a width: search only `plies` plies below the root at that width and one
 * move at each position deeper, many times sooner again (0 = every ply at the
 * width, the default). For bench/narrow_tune.py: the AI does not use it, having
 * played worse with it (bench/RESULTS.md, 2026-12-07, afternoon). */
void ws_ctx_set_plies(ws_ctx *ctx, int plies);

/* Forget every stored position (the next call starts from an empty table). */
void ws_ctx_clear(ws_ctx *ctx);

/* Check a position; 0 when valid, else -1 with a message in err. */
int ws_validate(const uint64_t hands[4], int trump, int leader, const int *trick, int ntrick,
                char *err, size_t errlen);

/* Value of every legal card of the player to move: cards[i] gets the card,
 * values[i] the tricks the mover's side takes from here (current trick
 * included). Returns the number of cards (1..13), -1 with err set, or
 * WS_LIMIT when the node limit was hit. */
int ws_solve_moves(ws_ctx *ctx, const uint64_t hands[4], int trump, int leader, const int *trick,
                   int ntrick, int *cards, int *values, char *err, size_t errlen);

/* Tricks the leader's side takes from the start of a trick; -1 on error,
 * WS_LIMIT when the node limit was hit. */
int ws_solve(ws_ctx *ctx, const uint64_t hands[4], int trump, int leader, char *err,
             size_t errlen);

/* Whether the side of the player to move takes at least `need` tricks from
 * here (current trick included): 1 or 0, -1 with err set, WS_LIMIT when a
 * limit was hit. One search of one target, for benchmarks that compare
 * single proofs (bench/dds_proofs.c); ws_ctx_clear first for a fresh one. */
int ws_solve_target(ws_ctx *ctx, const uint64_t hands[4], int trump, int leader, const int *trick,
                    int ntrick, int need, char *err, size_t errlen);

#endif
