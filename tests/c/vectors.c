/* Test driver for the C core without Python: reads positions on stdin, one
 * a line, and prints the solver's answer to each, so the core can be run
 * under an emulator for another CPU (tests/engine/test_solver_cross.py).
 *
 *   moves N E S W trump leader [trick cards...]  ->  card=value card=value ...
 *   tricks N E S W trump leader                  ->  tricks for the leader's side
 *   deal seed                                    ->  N E S W: the sampler's layout
 *   positions                                    ->  trick-start positions the
 *                                                    solver has reached so far
 *
 * Hands are hex card masks (card = suit * 13 + rank - 2, suits S H D C),
 * without the cards already in the current trick; seats N E S W = 0..3;
 * trump 0..3 a suit, 4 no trump. An answer is printed for every line read
 * (blank lines give blank lines); a bad line stops the run with its number.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "deals.h"
#include "driver.h"
#include "solver.h"

/* hands, trump and leader from tok[1..6]; 0 or -1 */
static int read_position(char **tok, int ntok, uint64_t hands[4], int *trump, int *leader) {
    if (ntok < 7) return -1;
    for (int i = 0; i < 4; i++)
        if (drv_u64(tok[1 + i], 16, &hands[i])) return -1;
    return drv_int(tok[5], 0, 4, trump) || drv_int(tok[6], 0, 3, leader) ? -1 : 0;
}

/* The sampler's deal of the cards N cannot see (N holds the spades here): a
   seed must give the same layout on every CPU, since a kept game replays its
   AI's moves from seeds. */
static void print_deal(uint64_t seed) {
    const uint64_t base[4] = {0x1FFFULL, 0, 0, 0};
    const uint64_t unseen[4] = {0, 0x1FFFULL << 13, 0x1FFFULL << 26, 0x1FFFULL << 39};
    const int others[3] = {1, 2, 3};
    uint64_t out[4];
    wd_rng rng;
    wd_seed(&rng, seed);
    wd_deal_free(base, unseen, others, 13, 13, &rng, out);
    printf("%llx %llx %llx %llx\n", (unsigned long long)out[0], (unsigned long long)out[1],
           (unsigned long long)out[2], (unsigned long long)out[3]);
}

/* Answers one line on stdout (drv_answer). */
static const char *answer(void *state, char **tok, int ntok, char *err, size_t errlen) {
    ws_ctx *ctx = state;
    uint64_t hands[4];
    int trump, leader;
    if (strcmp(tok[0], "moves") == 0) {
        int trick[3], ntrick = ntok - 7, cards[13], values[13];
        if (read_position(tok, ntok, hands, &trump, &leader) || ntrick > 3)
            return "expected: moves N E S W trump leader [up to 3 cards]";
        for (int i = 0; i < ntrick; i++)
            if (drv_int(tok[7 + i], 0, 51, &trick[i])) return "trick cards are 0..51";
        int n = ws_solve_moves(ctx, hands, trump, leader, trick, ntrick, cards, values, err, errlen);
        if (n < 0) return err;
        for (int i = 0; i < n; i++) printf(i ? " %d=%d" : "%d=%d", cards[i], values[i]);
        putchar('\n');
    } else if (strcmp(tok[0], "tricks") == 0) {
        if (ntok != 7 || read_position(tok, ntok, hands, &trump, &leader))
            return "expected: tricks N E S W trump leader";
        int v = ws_solve(ctx, hands, trump, leader, err, errlen);
        if (v < 0) return err;
        printf("%d\n", v);
    } else if (strcmp(tok[0], "positions") == 0) {
        if (ntok != 1) return "expected: positions";
        printf("%llu\n", ws_ctx_trick_nodes(ctx));
    } else if (strcmp(tok[0], "deal") == 0) {
        uint64_t seed;
        if (ntok != 2 || drv_u64(tok[1], 10, &seed)) return "expected: deal SEED (a decimal number)";
        print_deal(seed);
    } else {
        return "expected a line starting moves, tricks, positions or deal";
    }
    return NULL;
}

int main(void) {
    ws_ctx *ctx = ws_ctx_new(0);
    if (!ctx) {
        fprintf(stderr, "vectors: out of memory for the solver's table\n");
        return 1;
    }
    int status = drv_run("vectors", answer, ctx);
    ws_ctx_free(ctx);
    return status;
}
