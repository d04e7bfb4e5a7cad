/* Information-set Monte Carlo tree search for the games where each plays
 * alone for a count of tricks (Oh Hell, Knockout whist): the forward model of
 * a hand, the textbook player, a sampler of the unseen cards and the search.
 *
 * Cards are engine.cards.Card ints (suit * 13 + rank - 2), a hand a 64-bit
 * set of them. Actions are codes: a card, IS_BID + tricks bid, IS_DECLARE +
 * strain named (0-3 a suit, 4 no trumps). engine.search.ismcts_py is the same in
 * Python, the reference the tests hold this to. Plain C99.
 */
#ifndef WI_ISMCTS_H
#define WI_ISMCTS_H

#include <stdint.h>

#define IS_SEATS 7
#define IS_BID 100
#define IS_DECLARE 200
#define IS_MAX_ACTIONS 64

/* how the search models the other seats' choices: in the tree by UCB1 on their own results
 * (single-observer ISMCTS), or as chance nodes, at random or by the play-outs' player */
enum { IS_OPP_TREE = 0, IS_OPP_RANDOM = 1, IS_OPP_POLICY = 2 };

enum { IS_PH_BID = 0, IS_PH_DECLARE = 1, IS_PH_PLAY = 2, IS_PH_OVER = 3 };

/* one hand with every card placed (a determinization) */
typedef struct {
    int32_t players;
    int32_t nring;
    int32_t ring[IS_SEATS]; /* seats in play order, the out ones left out */
    int32_t dealer;
    int32_t hook;    /* the dealer may not bid to make the bids add up */
    int32_t strains; /* strains a chooser may name: 4, or 5 with no trumps */
    int32_t trump;   /* 0-3 a suit, 4 no trumps */
    int32_t phase;
    int32_t turn;
    int32_t leader;
    int32_t ntrick;
    int32_t trick[IS_SEATS];
    int32_t bids[IS_SEATS]; /* -1: none (yet, or Knockout's) */
    int32_t taken[IS_SEATS];
    uint64_t hands[IS_SEATS];
} is_state;

/* what a hand is worth: Oh Hell's scheme, or Knockout's (in, then tricks) */
typedef struct {
    int32_t knockout;
    int32_t exact_bonus;
    int32_t trick_value;
    int32_t always; /* tricks score even when the bid is missed */
    int32_t miss_penalty;
    int32_t size; /* cards each held at the start of the hand */
} is_goal;

/* what the searching seat knows: the state with only its own hand filled in */
typedef struct {
    is_state root;
    int32_t seat;
    int32_t norder;
    int32_t order[IS_SEATS]; /* the other seats, most voids first (the sampler's order) */
    int32_t counts[IS_SEATS];
    int32_t voids[IS_SEATS]; /* bit s: shown out of suit s */
    uint64_t unseen;
} is_knowledge;

typedef struct {
    int32_t iterations;
    int32_t textbook;   /* play-outs by the textbook player (0: at random) */
    double epsilon;     /* in a textbook play-out, the share of moves made at random */
    double explore;     /* UCB1's exploration constant */
    int32_t opponents;  /* the other seats' choices: IS_OPP_TREE, _RANDOM or _POLICY */
} is_options;

int is_winning_index(const int32_t *cards, int n, int trump);
int is_legal(const is_state *st, int32_t *out);
void is_apply(is_state *st, int action);
int is_points(const is_goal *g, int bid, int tricks);
double is_estimate(uint64_t hand, int trump, int players);
int is_textbook(const is_state *st);

/* The action to take after the options' simulations (the root's most visited);
 * -1 when the tree could not be allocated. */
int is_search(const is_knowledge *k, const is_goal *g, const is_options *o, uint64_t seed);

#endif
