/* The part of DDS's C interface the bench programs call (endplay ships the
 * library, not its header): a deal, the answer, and the two entry points. */
#ifndef BENCH_DDS_ABI_H
#define BENCH_DDS_ABI_H

struct deal {
    int trump, first, currentTrickSuit[3], currentTrickRank[3];
    unsigned int remainCards[4][4];
};
struct futureTricks {
    int nodes, cards, suit[13], rank[13], equals[13], score[13];
};
int SolveBoard(struct deal dl, int target, int solutions, int mode, struct futureTricks *futp,
               int threadIndex);
void SetMaxThreads(int userThreads);

#endif
