/* The standard information-set Monte Carlo tree search (single observer, Cowling,
 * Powley and Whitehouse 2012) for the play of a hand in games scored by the points
 * of the cards taken (penalties or prizes by the card, or one a trick): the forward
 * model of the play, a sampler of the unseen cards and the search with random
 * play-outs. A hand may draw from a stock: after each trick while it lasts each seat
 * from the winner round takes its top card (the first face up, the others unseen by
 * the rest). A seat may also play the face-up cards of a layout on the table, each
 * turning the card face down under it, which it may then play too.
 *
 * Nothing here names a game: the rules of the play and of the score come in a
 * pm_game the game's package describes (engine.search.pointmcts.PointPlay).
 * Cards are engine.cards.Card ints (suit * 13 + rank - 2, the jokers 52 and 53), a
 * hand a 64-bit set of them; an action is a card. The suit a card counts as in the hand
 * comes with the game (a joker is a trump, or of no suit at no trump). engine.search.pointmcts_py is the same in Python with
 * the same random numbers, the reference the tests hold this to. Plain C99.
 */
#ifndef PM_POINTMCTS_H
#define PM_POINTMCTS_H

#include <stdint.h>

#include "deals.h"

#define PM_SEATS 8
#define PM_CARDS 54

/* the rules of a hand's play and its score */
typedef struct {
    int32_t players;
    int32_t nsides;
    int32_t side[PM_SEATS];     /* each seat's side (a seat alone is its own side) */
    int32_t trump;              /* 0-3 a suit, 4 none */
    int32_t power[PM_CARDS];    /* a card's strength within its suit (jack-high trumps ...) */
    int32_t must_follow;
    int32_t first_lead;         /* the card that must lead the first trick when held, -1 none */
    int32_t unbroken;           /* a suit not led until broken (unless nothing else), -1 none */
    uint64_t breakers;          /* the cards whose play breaks it */
    uint64_t first_barred;      /* not played to the first trick while another card may be */
    int32_t values[PM_CARDS];   /* what taking a card scores */
    int32_t over;               /* points a card taken over the number dealt to the side */
    int32_t dealt[PM_SEATS];    /* cards dealt to each side */
    uint64_t moon;              /* a side taking every one of these shoots the moon (0: no moon) */
    int32_t moon_mode;          /* PM_MOON_OTHERS or PM_MOON_CHOICE */
    int32_t moon_points;
    int32_t before[PM_SEATS];   /* each side's score before the hand (the moon's choice) */
    int32_t target;             /* the score that ends the game (the moon's choice) */
    int32_t lowest_wins;        /* the points are penalties: fewer is better */
    double low, high;           /* the worst and best points a side can score: the reward's scale */
    int32_t stock_scores;       /* the tricks played while a stock lasts score their cards too */
    int32_t suit[PM_CARDS];     /* the suit each card counts as, 0-3, or -1 none (it never wins) */
    uint64_t free_leads;        /* cards that, led, fix no suit: the next card with a suit does */
    int32_t trick_size;         /* cards a trick, the seats in turn and round again (players..PM_SEATS) */
    uint64_t suit_masks[4];     /* the cards of each suit (from suit[]: pm_prepare) */
} pm_game;

/* fill in what pm_game derives from its fields (suit_masks) */
void pm_prepare(pm_game *g);

/* the moon: each other side gains its points and the shooter loses them; or with
 * the choice, that unless it ends the game with the shooter lowest, the shooter
 * loses twice its points and the others gain none */
enum { PM_MOON_OTHERS = 1, PM_MOON_CHOICE = 2 };

/* one hand with every card placed (a determinization), during the play */
typedef struct {
    int32_t turn;
    int32_t leader;
    int32_t tricks;             /* tricks played out */
    int32_t broken;
    int32_t ntrick;
    int32_t trick[PM_SEATS];
    uint64_t hands[PM_SEATS];
    uint64_t won[PM_SEATS];     /* the cards each seat has taken (in the tricks that score) */
    int32_t nstock;             /* cards left in the stock */
    int32_t stock[PM_CARDS];    /* the stock, stock[nstock - 1] its top; -1 a card the seat has not seen */
    int8_t under[PM_CARDS];     /* the card face down under each face-up layout card: played, it goes to
                                 * the hand that played its cover; -1 none, PM_UNSEEN not drawn yet */
} pm_state;

#define PM_UNSEEN (-2)

/* what the searching seat knows: the state with only its own hand filled in */
typedef struct {
    pm_state root;
    int32_t seat;
    int32_t counts[PM_SEATS];   /* cards each seat holds */
    int32_t voids[PM_SEATS];    /* bit s: shown out of suit s */
    uint64_t known[PM_SEATS];   /* cards known to be in another's hand (passed to it, turned) */
    uint64_t unseen;            /* every card in another's hand, face down in the stock, or out of
                                 * play unseen (a dead hand: those beyond the seats' counts) */
    int32_t caps[PM_SEATS][4];  /* the most cards of each suit a seat's unknown cards may hold (a void 0,
                                 * a suit shown out of before unseen draws the draws since) */
    uint64_t barred[PM_SEATS + 1]; /* cards each seat may not hold; [players]: not out of play */
} pm_knowledge;

int pm_legal(const pm_game *g, const pm_state *st, int32_t *out);
void pm_apply(const pm_game *g, pm_state *st, int card);
int pm_over(const pm_game *g, const pm_state *st);
/* each side's points for a finished hand, as the game scores them */
void pm_points(const pm_game *g, const pm_state *st, int32_t *out);

/* Fill the other seats' hands of ``st`` (a copy of k->root), the stock's unseen places
 * and the cards face down under the layouts with the unseen cards, consistent with k, the
 * cards left over out of play; 0, or -1 when no layout was found. */
int pm_sample(const pm_game *g, const pm_knowledge *k, wd_rng *r, pm_state *st);

/* The card the search chooses after ``iterations`` simulations (the root's most
 * visited); -1 when the tree could not be allocated, -2 when no layout fits. */
int pm_search(const pm_game *g, const pm_knowledge *k, int iterations, double explore, uint64_t seed);

/* pm_search with play-outs that play the game's card policy ``guide`` times in 100 (at
 * random otherwise): 0 is pm_search, the standard search, random number for number. */
int pm_search_guided(const pm_game *g, const pm_knowledge *k, int iterations, double explore, int guide,
                     uint64_t seed);

#endif
