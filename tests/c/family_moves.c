/* Test driver for the family solver (engine/csrc/family.c) without Python:
 * reads positions on stdin, one a line, and prints the solver's answer to
 * each, so the core can be run under an emulator for another CPU
 * (tests/engine/test_family_cross.py).
 *
 *   moves SEATS TRUMP DOWNTOWN ACE_LOW FREE_JOKER LEADER SIDE MAXIMISE H0 .. H(SEATS-1) [TRICK ...]
 *       ->  card=value card=value ...
 *   nodes  ->  search nodes visited so far
 *
 * Hands are hex card masks (card = suit * 13 + rank - 2, suits S H D C; 52
 * and 53 the jokers), without the cards of the current trick; SIDE is a
 * bit per seat; the flags are 0 or 1. An answer is printed for every line
 * read; a bad line stops the run with its number.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "driver.h"
#include "family.h"

static const char *moves(wf_ctx *ctx, char **tok, int ntok, char *err, size_t errlen) {
    static const char *usage =
        "expected: moves SEATS TRUMP DOWNTOWN ACE_LOW FREE_JOKER LEADER SIDE MAXIMISE HANDS... [TRICK...]";
    wf_position pos;
    wf_order order;
    int side;
    memset(&pos, 0, sizeof pos);
    if (ntok < 9 || drv_int(tok[1], WF_MIN_SEATS, WF_MAX_SEATS, &pos.seats)) return usage;
    if (ntok < 9 + pos.seats || ntok > 9 + 2 * pos.seats - 1) return usage;
    if (drv_int(tok[2], 0, 4, &order.trump) || drv_int(tok[3], 0, 1, &order.downtown) ||
        drv_int(tok[4], 0, 1, &order.ace_low) || drv_int(tok[5], 0, 1, &order.free_joker) ||
        drv_int(tok[6], 0, pos.seats - 1, &pos.leader) || drv_int(tok[7], 0, (1 << pos.seats) - 1, &side) ||
        drv_int(tok[8], 0, 1, &pos.maximise))
        return usage;
    pos.side = (unsigned)side;
    for (int s = 0; s < pos.seats; s++)
        if (drv_u64(tok[9 + s], 16, &pos.hands[s])) return "hands are hex card masks";
    pos.ntrick = ntok - 9 - pos.seats;
    for (int i = 0; i < pos.ntrick; i++)
        if (drv_int(tok[9 + pos.seats + i], 0, 53, &pos.trick[i])) return "trick cards are 0..53";
    int cards[WF_MAX_HAND], values[WF_MAX_HAND];
    int n = wf_solve_moves(ctx, &pos, &order, cards, values, err, errlen);
    if (n < 0) return err;
    for (int i = 0; i < n; i++) printf(i ? " %d=%d" : "%d=%d", cards[i], values[i]);
    putchar('\n');
    return NULL;
}

/* Answers one line on stdout (drv_answer). */
static const char *answer(void *state, char **tok, int ntok, char *err, size_t errlen) {
    wf_ctx *ctx = state;
    if (strcmp(tok[0], "moves") == 0) return moves(ctx, tok, ntok, err, errlen);
    if (strcmp(tok[0], "nodes") == 0 && ntok == 1) {
        printf("%llu\n", wf_ctx_nodes(ctx));
        return NULL;
    }
    return "expected a line starting moves or nodes";
}

int main(void) {
    wf_ctx *ctx = wf_ctx_new(0);
    if (!ctx) {
        fprintf(stderr, "family_moves: out of memory for the solver's table\n");
        return 1;
    }
    int status = drv_run("family_moves", answer, ctx);
    wf_ctx_free(ctx);
    return status;
}
