/* Our solver beside DDS, position by position, in one process: every card's
 * value (ws_solve_moves; DDS's SolveBoard, solutions 3), the positions each
 * reached (trick-start nodes) and each one's thread processor time, every
 * value checked equal. Positions come on stdin, one a line: the four hands'
 * card masks, trump, leader (bench/dds_nodes.py writes them and builds this).
 * With the argument "ours", only our solver runs and each line is the deal's
 * number and our positions.
 */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dds_abi.h"
#include "solver.h"

static double cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    int oursOnly = argc > 1 && strcmp(argv[1], "ours") == 0;
    ws_ctx *c = ws_ctx_new(0);
    unsigned long long h[4];
    int trump, leader, k = 0;
    SetMaxThreads(0);
    while (scanf("%llu %llu %llu %llu %d %d", &h[0], &h[1], &h[2], &h[3], &trump, &leader) == 6) {
        uint64_t hands[4] = {h[0], h[1], h[2], h[3]};
        int cards[13], values[13], by[52];
        char err[WS_ERRLEN];
        unsigned long long n0 = ws_ctx_trick_nodes(c);
        double t0 = cpu();
        int n = ws_solve_moves(c, hands, trump, leader, NULL, 0, cards, values, err, sizeof err);
        double t1 = cpu();
        unsigned long long ours = ws_ctx_trick_nodes(c) - n0;
        if (n < 0) {
            fprintf(stderr, "ours failed: %s\n", err);
            return 1;
        }
        if (oursOnly) { /* bench/order_tune.py: the positions alone, DDS's known */
            printf("%d %llu\n", k++, ours);
            fflush(stdout);
            continue;
        }
        struct deal dl = {0};
        dl.trump = trump;
        dl.first = leader;
        for (int p = 0; p < 4; p++)
            for (int s = 0; s < 4; s++)
                dl.remainCards[p][s] = (unsigned)((hands[p] >> (13 * s)) & 0x1FFF) << 2;
        struct futureTricks ft;
        double t2 = cpu();
        int rc = SolveBoard(dl, -1, 3, 1, &ft, 0);
        double t3 = cpu();
        if (rc != 1) {
            fprintf(stderr, "DDS failed: %d\n", rc);
            return 1;
        }
        for (int i = 0; i < 52; i++) by[i] = -1;
        int cnt = 0;
        for (int i = 0; i < ft.cards; i++) {
            int s = ft.suit[i];
            by[s * 13 + ft.rank[i] - 2] = ft.score[i];
            cnt++;
            for (int r = 0; r < 13; r++)
                if (ft.equals[i] >> (r + 2) & 1) {
                    by[s * 13 + r] = ft.score[i];
                    cnt++;
                }
        }
        int bad = cnt != n;
        for (int i = 0; i < n; i++) bad |= by[cards[i]] != values[i];
        printf("%d %llu %d %.6f %.6f %d\n", k++, ours, ft.nodes, t1 - t0, t3 - t2, bad);
        fflush(stdout);
    }
    ws_ctx_free(c);
    return 0;
}
