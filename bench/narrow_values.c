/* Every card's value from a narrow (or exact) search, position by position, for
 * bench/narrow_tune.py: each line on stdin is the four hands' card masks, trump,
 * leader, width, plies (ws_ctx_set_plies), a flag that empties the table first (a new
 * move), and the trick's cards so far (a count, then the cards). Each line out is the
 * search nodes it took, then card:value pairs. Built with -DORDER_NARROW=... to try
 * other weights.
 */
#include <stdio.h>

#include "solver.h"

int main(void) {
    ws_ctx *c = ws_ctx_new(0);
    unsigned long long h[4];
    int trump, leader, width, plies, fresh, ntrick;
    if (!c) return 1;
    while (scanf("%llu %llu %llu %llu %d %d %d %d %d %d", &h[0], &h[1], &h[2], &h[3], &trump, &leader,
                 &width, &plies, &fresh, &ntrick) == 10) {
        uint64_t hands[4] = {h[0], h[1], h[2], h[3]};
        int trick[3] = {0, 0, 0}, cards[13], values[13];
        char err[WS_ERRLEN];
        for (int i = 0; i < ntrick && i < 3; i++)
            if (scanf("%d", &trick[i]) != 1) return 1;
        if (fresh) ws_ctx_clear(c);
        ws_ctx_set_width(c, width);
        ws_ctx_set_plies(c, plies);
        unsigned long long n0 = ws_ctx_nodes(c);
        int n = ws_solve_moves(c, hands, trump, leader, trick, ntrick, cards, values, err, sizeof err);
        if (n < 0) {
            fprintf(stderr, "narrow_values: %s\n", err);
            return 1;
        }
        printf("%llu", ws_ctx_nodes(c) - n0);
        for (int i = 0; i < n; i++) printf(" %d:%d", cards[i], values[i]);
        printf("\n");
    }
    fflush(stdout);
    ws_ctx_free(c);
    return 0;
}
