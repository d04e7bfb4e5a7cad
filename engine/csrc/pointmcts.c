/* The standard ISMCTS for point-scored trick play: see pointmcts.h. */
#include "pointmcts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"

#define PM_REJECTIONS 32 /* uniform layouts drawn whole before the card-by-card fill */
#define PM_FILLS 200     /* card-by-card fills tried before giving up */

void pm_prepare(pm_game *g) {
    for (int suit = 0; suit < 4; suit++) g->suit_masks[suit] = 0;
    for (int c = 0; c < PM_CARDS; c++)
        if (g->suit[c] >= 0) g->suit_masks[g->suit[c]] |= (uint64_t)1 << c;
}

/* the suit the trick was led in: the first card's that fixes one, -1 while none has */
static int led_suit(const pm_game *g, const pm_state *st) {
    for (int i = 0; i < st->ntrick; i++) {
        int c = st->trick[i];
        if (g->suit[c] >= 0 && !(g->free_leads >> c & 1)) return g->suit[c];
    }
    return -1;
}

/* -- the forward model --------------------------------------------------------------- */
int pm_over(const pm_game *g, const pm_state *st) {
    for (int s = 0; s < g->players; s++)
        if (st->hands[s]) return 0;
    return 1;
}

int pm_legal(const pm_game *g, const pm_state *st, int32_t *out) {
    uint64_t options = st->hands[st->turn];
    int leading = st->ntrick == 0;
    if (!leading && g->must_follow) {
        int led = led_suit(g, st);
        uint64_t follow = led >= 0 ? options & g->suit_masks[led] : 0;
        if (follow) options = follow;
    }
    if (st->tricks == 0) {
        if (leading) {
            if (g->first_lead >= 0 && (options >> g->first_lead & 1)) options = (uint64_t)1 << g->first_lead;
        } else if (options & ~g->first_barred) {
            options &= ~g->first_barred;
        }
    } else if (leading && g->unbroken >= 0 && !st->broken && (options & ~g->suit_masks[g->unbroken])) {
        options &= ~g->suit_masks[g->unbroken];
    }
    int n = 0;
    for (; options; options &= options - 1) out[n++] = lowest(options);
    return n;
}

/* a card's strength in a trick: trumps above the led suit, anything else nothing */
static int card_key(const pm_game *g, int card, int led) {
    int s = g->suit[card];
    return s < 0 ? -1 : s == g->trump ? 1000 + g->power[card] : s == led ? g->power[card] : -1;
}

void pm_apply(const pm_game *g, pm_state *st, int card) {
    st->hands[st->turn] &= ~((uint64_t)1 << card);
    if (st->under[card] >= 0) { /* a layout's face-up card: the one under it is turned */
        st->hands[st->turn] |= (uint64_t)1 << st->under[card];
        st->under[card] = -1;
    }
    st->trick[st->ntrick++] = card;
    if (g->breakers >> card & 1) st->broken = 1;
    if (st->ntrick < g->trick_size) {
        st->turn = (st->turn + 1) % g->players;
        return;
    }
    int led = led_suit(g, st), best = 0, best_key = -1;
    uint64_t cards = 0;
    for (int i = 0; i < st->ntrick; i++) {
        int key = card_key(g, st->trick[i], led);
        if (key > best_key) best = i, best_key = key;
        cards |= (uint64_t)1 << st->trick[i];
    }
    int winner = (st->leader + best) % g->players;
    if (!st->nstock || g->stock_scores) st->won[winner] |= cards;
    for (int i = 0; i < g->players && st->nstock; i++) /* the winner the top card, the others the next */
        st->hands[(winner + i) % g->players] |= (uint64_t)1 << st->stock[--st->nstock];
    st->leader = st->turn = winner;
    st->ntrick = 0;
    st->tricks++;
}

void pm_points(const pm_game *g, const pm_state *st, int32_t *out) {
    int32_t cards[PM_SEATS] = {0};
    uint64_t taken[PM_SEATS] = {0};
    for (int s = 0; s < g->nsides; s++) out[s] = 0;
    for (int s = 0; s < g->players; s++) {
        int side = g->side[s];
        taken[side] |= st->won[s];
        cards[side] += popcount64(st->won[s]);
        for (uint64_t w = st->won[s]; w; w &= w - 1) out[side] += g->values[lowest(w)];
    }
    if (g->over)
        for (int s = 0; s < g->nsides; s++)
            if (cards[s] > g->dealt[s]) out[s] += g->over * (cards[s] - g->dealt[s]);
    if (!g->moon) return;
    int shooter = -1;
    for (int s = 0; s < g->nsides && shooter < 0; s++)
        if ((taken[s] & g->moon) == g->moon) shooter = s;
    if (shooter < 0) return;
    int32_t others[PM_SEATS];
    int high = 0, low = 0;
    for (int s = 0; s < g->nsides; s++) {
        others[s] = out[s] + (s == shooter ? -g->moon_points : g->moon_points);
        int after = g->before[s] + others[s];
        if (s == 0 || after > high) high = after;
        if (s == 0 || after < low) low = after;
    }
    if (g->moon_mode == PM_MOON_CHOICE &&
        !(high >= g->target && g->before[shooter] + others[shooter] == low)) {
        out[shooter] -= 2 * g->moon_points;
        return;
    }
    for (int s = 0; s < g->nsides; s++) out[s] = others[s];
}

/* each seat's reward for a finished hand: its side's points scaled to 0..1 between the
 * worst and the best a side can score, turned round where fewer points are better */
static void rewards(const pm_game *g, const pm_state *st, double *out) {
    int32_t points[PM_SEATS];
    double side[PM_SEATS];
    pm_points(g, st, points);
    for (int s = 0; s < g->nsides; s++) {
        double r = (points[s] - g->low) / (g->high - g->low);
        r = r < 0.0 ? 0.0 : r > 1.0 ? 1.0 : r;
        side[s] = g->lowest_wins ? 1.0 - r : r;
    }
    for (int s = 0; s < g->players; s++) out[s] = side[g->side[s]];
}

/* -- layouts of the unseen cards --------------------------------------------------------- */
static void shuffle(int32_t *cards, int n, wd_rng *r) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)wd_below(r, (uint64_t)(i + 1)), t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
}

/* the cards of each suit in a set */
static void suit_counts(const pm_game *g, uint64_t h, int32_t *out) {
    for (int suit = 0; suit < 4; suit++) out[suit] = popcount64(h & g->suit_masks[suit]);
}

/* a seat showed out of the card's suit (a card of no suit: never) */
static int void_of(const pm_game *g, const pm_knowledge *k, int s, int card) {
    return g->suit[card] >= 0 && (k->voids[s] >> g->suit[card] & 1);
}

/* fits the suits' caps: the unknown cards ``h`` of a seat with caps ``caps`` */
static int within_caps(const pm_game *g, uint64_t h, const int32_t *caps) {
    int32_t n[4];
    suit_counts(g, h, n);
    for (int suit = 0; suit < 4; suit++)
        if (n[suit] > caps[suit]) return 0;
    return 1;
}

/* seat ``s`` (stock_seat: the stock's places and out of play) has room for ``card`` */
static int open_to(const pm_game *g, const pm_knowledge *k, int s, int card, const int32_t *room,
                   int32_t held[][4], int stock_seat) {
    if (room[s] <= 0 || (k->barred[s] >> card & 1)) return 0;
    int suit = g->suit[card];
    return s == stock_seat || suit < 0 || held[s][suit] < k->caps[s][suit];
}

/* Each seat (stock_seat: out of play) that may hold no more of the cards ``left`` than it
 * has room for takes them all, until none does: 0 where a seat may hold fewer, or more
 * of a suit than its caps. */
static int force(const pm_game *g, const pm_knowledge *k, int holders, int stock_seat, int32_t *room,
                 int32_t held[][4], pm_state *st, uint64_t *left, uint64_t *stocked) {
    for (int changed = 1; changed;) {
        changed = 0;
        for (int s = 0; s < holders; s++) {
            if (room[s] <= 0) continue;
            uint64_t may = *left & ~k->barred[s];
            if (s != stock_seat)
                for (int suit = 0; suit < 4; suit++)
                    if (k->voids[s] >> suit & 1) may &= ~g->suit_masks[suit];
            int count = popcount64(may);
            if (count < room[s]) return 0;
            if (count > room[s]) continue;
            for (uint64_t m = may; m; m &= m - 1) {
                int c = lowest(m), suit = g->suit[c];
                if (s == stock_seat) {
                    *stocked |= (uint64_t)1 << c;
                    continue;
                }
                if (suit >= 0 && held[s][suit]++ >= k->caps[s][suit]) return 0;
                st->hands[s] |= (uint64_t)1 << c;
            }
            room[s] = 0;
            *left &= ~may;
            changed = 1;
        }
    }
    return 1;
}

/* the cards ``cards`` face down under the layouts' places not drawn yet, in the order of the
 * cards on them */
static void turn_down(pm_state *st, const int32_t *cards) {
    for (int c = 0, i = 0; c < PM_CARDS; c++)
        if (st->under[c] == PM_UNSEEN) st->under[c] = (int8_t)cards[i++];
}

int pm_sample(const pm_game *g, const pm_knowledge *k, wd_rng *r, pm_state *st) {
    int32_t pool[PM_CARDS], order[PM_CARDS], elig[PM_CARDS], need[PM_SEATS + 1], room[PM_SEATS + 1];
    int32_t held[PM_SEATS][4];
    int n = 0, players = g->players, stock_seat = players;
    uint64_t free = k->unseen;
    for (int s = 0; s < players; s++)
        if (s != k->seat) free &= ~k->known[s];
    for (; free; free &= free - 1) pool[n++] = lowest(free);
    for (int s = 0; s < players; s++) need[s] = s == k->seat ? 0 : k->counts[s] - popcount64(k->known[s]);
    /* the stock's unseen places, the cards face down under the layouts and the unseen cards
     * dealt to no seat (out of play, as a widow's dead hand): one more "seat" takes them all */
    int placed = 0;
    for (int s = 0; s < players; s++) placed += need[s];
    need[stock_seat] = n - placed;
    /* whole layouts at random, kept when no card lies in a suit its seat showed out of (nor more
     * of a suit than its caps): uniform over the consistent layouts; the stock's unseen places
     * take the cards left, in the shuffled order. Not where some cards may lie with one seat
     * only (a kitty with its bidder): whole layouts would almost never keep them there. */
    int rejections = PM_REJECTIONS;
    for (int s = 0; s <= players; s++)
        if (k->barred[s]) rejections = 0;
    for (int t = 0; t < rejections; t++) {
        shuffle(pool, n, r);
        int i = 0, ok = 1;
        for (int s = 0; s < players && ok; s++) {
            if (s == k->seat) continue;
            uint64_t h = 0;
            for (int j = 0; j < need[s]; j++, i++) {
                if (void_of(g, k, s, pool[i])) ok = 0;
                h |= (uint64_t)1 << pool[i];
            }
            if (ok && !within_caps(g, h, k->caps[s])) ok = 0;
            st->hands[s] = h | k->known[s];
        }
        if (ok) {
            for (int j = 0; j < st->nstock; j++)
                if (st->stock[j] < 0) st->stock[j] = pool[i++];
            turn_down(st, pool + i);
            return 0;
        }
    }
    /* many voids: card by card, the cards fewest seats may hold first, each to a seat that
     * may hold it in proportion to the room it has left; where that keeps failing, first
     * each seat that may hold no more of the cards than it has room for takes them all */
    int holders = need[stock_seat] ? players + 1 : players;
    for (int t = 0; t < 2 * PM_FILLS; t++) {
        shuffle(pool, n, r);
        for (int i = 0; i < n; i++) {
            int c = pool[i], e = 0;
            for (int s = 0; s < holders; s++)
                if (need[s] > 0 && !(k->barred[s] >> c & 1) && (s == stock_seat || !void_of(g, k, s, c))) e++;
            elig[i] = e;
        }
        for (int i = 0; i < n; i++) order[i] = i;
        for (int i = 1; i < n; i++) { /* stable insertion sort by the seats a card may go to */
            int v = order[i], j = i - 1;
            while (j >= 0 && elig[order[j]] > elig[v]) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = v;
        }
        uint64_t stocked = 0;
        for (int s = 0; s < holders; s++) {
            room[s] = need[s];
            if (s < players && s != k->seat) st->hands[s] = k->known[s];
            if (s < players) memset(held[s], 0, sizeof held[s]);
        }
        uint64_t left = 0; /* the cards not placed yet */
        for (int i = 0; i < n; i++) left |= (uint64_t)1 << pool[i];
        int ok = t < PM_FILLS || force(g, k, holders, stock_seat, room, held, st, &left, &stocked);
        for (int i = 0; i < n && ok; i++) {
            if (!(left >> pool[order[i]] & 1)) continue;
            int c = pool[order[i]], suit = g->suit[c], total = 0;
            for (int s = 0; s < holders; s++)
                if (open_to(g, k, s, c, room, held, stock_seat)) total += room[s];
            if (!total) {
                ok = 0;
                break;
            }
            int x = (int)wd_below(r, (uint64_t)total);
            for (int s = 0; s < holders; s++) {
                if (!open_to(g, k, s, c, room, held, stock_seat)) continue;
                if (x < room[s]) {
                    if (s == stock_seat)
                        stocked |= (uint64_t)1 << c;
                    else {
                        st->hands[s] |= (uint64_t)1 << c;
                        if (suit >= 0) held[s][suit]++;
                    }
                    room[s]--;
                    break;
                }
                x -= room[s];
            }
        }
        if (ok) { /* the stock's cards in an order at random */
            int m = 0;
            for (; stocked; stocked &= stocked - 1) pool[m++] = lowest(stocked);
            shuffle(pool, m, r);
            int i = 0;
            for (int j = 0; j < st->nstock; j++)
                if (st->stock[j] < 0) st->stock[j] = pool[i++];
            turn_down(st, pool + i);
            return 0;
        }
    }
    return -1;
}

/* -- the guided play-out ------------------------------------------------------------------ */
/* what taking ``card`` is worth to its taker's side: its points, turned round where fewer
 * points are better */
static int want(const pm_game *g, int card) { return g->lowest_wins ? -g->values[card] : g->values[card]; }

/* The play-out policy any trick-taking game scored by its cards admits, from the game's
 * description alone: lead the least card that carries no points; follow by taking a trick
 * worth having with the cheapest card that wins it now, fattening a trick the side holds
 * when the last to play, else shedding: a card that loses the trick, the costliest to be
 * left with first (penalties, then the highest), or what is least worth keeping. Where
 * the points are penalties the highest card that loses is shed, following suit too (duck
 * as high as one can, keep the low cards to duck with later). */
static int policy(const pm_game *g, const pm_state *st, const int32_t *legal, int n) {
    int best = legal[0];
    if (st->ntrick == 0) {
        int best_key = 1 << 30;
        for (int i = 0; i < n; i++) {
            int c = legal[i];
            int key = (g->values[c] != 0) * 4096 + (g->suit[c] == g->trump) * 1024 + g->power[c];
            if (key < best_key) best = c, best_key = key;
        }
        return best;
    }
    int led = led_suit(g, st), win = 0, win_key = -1, stake = 0;
    for (int i = 0; i < st->ntrick; i++) {
        int key = card_key(g, st->trick[i], led);
        if (key > win_key) win = i, win_key = key;
        stake += want(g, st->trick[i]);
    }
    int last = st->ntrick == g->trick_size - 1;
    int holder = (st->leader + win) % g->players;
    /* the seat's own card counts too, where a seat plays twice a trick */
    int ours = g->side[holder] == g->side[st->turn];
    stake += g->over * g->trick_size;
    if (ours && last) { /* fatten the side's trick */
        int best_key = -(1 << 30);
        for (int i = 0; i < n; i++) {
            int c = legal[i], key = want(g, legal[i]) * 4096 - g->power[c];
            if (key > best_key) best = c, best_key = key;
        }
        return best;
    }
    int cheapest = -1, cheapest_key = 1 << 30, losers = 0;
    for (int i = 0; i < n; i++) {
        int key = card_key(g, legal[i], led);
        if (key > win_key) {
            if (key < cheapest_key) cheapest = legal[i], cheapest_key = key;
        } else {
            losers++;
        }
    }
    if (cheapest >= 0 && !ours && stake + want(g, cheapest) > 0) return cheapest;
    int penalties = 0;
    for (int i = 0; i < n; i++)
        if (want(g, legal[i]) < 0) penalties = 1;
    int best_key = -(1 << 30);
    for (int i = 0; i < n; i++) {
        int c = legal[i], wins = card_key(g, c, led) > win_key, key;
        if (losers && wins) continue;
        if (!losers) /* the trick is taken: with the highest, the fewest points on it */
            key = want(g, c) * 4096 + card_key(g, c, led);
        else if (g->lowest_wins) /* the worst penalty that loses, else the highest such card */
            key = -want(g, c) * 4096 + g->power[c];
        else if (penalties)
            key = -want(g, c) * 4096 + card_key(g, c, led) + 2048;
        else
            key = -(want(g, c) * 4096 + (g->suit[c] == g->trump) * 1024 + g->power[c]);
        if (key > best_key) best = c, best_key = key;
    }
    return best;
}

/* -- the search -------------------------------------------------------------------------- */
typedef struct {
    int32_t mover; /* the seat that chose the card leading here, -1 the root */
    int32_t action;
    int32_t visits;
    int32_t available;
    double total;
    int32_t child;   /* first child, -1 none */
    int32_t sibling; /* next child of the same parent, -1 none */
} node_t;

static int find_child(const node_t *nodes, int parent, int action) {
    for (int c = nodes[parent].child; c >= 0; c = nodes[c].sibling)
        if (nodes[c].action == action) return c;
    return -1;
}

int pm_search(const pm_game *g, const pm_knowledge *k, int iterations, double explore, uint64_t seed) {
    return pm_search_guided(g, k, iterations, explore, 0, seed);
}

int pm_search_guided(const pm_game *g, const pm_knowledge *k, int iterations, double explore, int guide,
                     uint64_t seed) {
    if (iterations < 1) iterations = 1;
    node_t *nodes = malloc(sizeof(node_t) * (size_t)(iterations + 1));
    if (!nodes) return -1;
    int nnodes = 1;
    nodes[0] = (node_t){-1, -1, 0, 0, 0.0, -1, -1};
    wd_rng r;
    wd_seed(&r, seed);
    int32_t legal[PM_CARDS], untried[PM_CARDS], path[PM_CARDS + 2], child_of[PM_CARDS];
    double result[PM_SEATS];
    /* log(available) for every count the search can reach: the same values as calling log */
    double *logs = malloc(sizeof(double) * (size_t)(iterations + 2));
    if (!logs) {
        free(nodes);
        return -1;
    }
    for (int i = 1; i <= iterations + 1; i++) logs[i] = log((double)i);
    for (int it = 0; it < iterations; it++) {
        pm_state st = k->root;
        if (pm_sample(g, k, &r, &st) < 0) {
            free(nodes);
            free(logs);
            return -2;
        }
        int node = 0, depth = 0;
        path[depth++] = 0;
        /* selection by UCB1 over the cards legal in this layout, then one node added */
        while (!pm_over(g, &st)) {
            int n = pm_legal(g, &st, legal), nu = 0;
            /* the node's children by card, found in one pass over them */
            for (int i = 0; i < n; i++) child_of[legal[i]] = -1;
            for (int c = nodes[node].child; c >= 0; c = nodes[c].sibling) child_of[nodes[c].action] = c;
            for (int i = 0; i < n; i++) {
                int c = child_of[legal[i]];
                if (c >= 0)
                    nodes[c].available++;
                else
                    untried[nu++] = legal[i];
            }
            if (nu) {
                int a = untried[wd_below(&r, (uint64_t)nu)], c = nnodes++;
                nodes[c] = (node_t){st.turn, a, 0, 1, 0.0, -1, nodes[node].child};
                nodes[node].child = c;
                pm_apply(g, &st, a);
                path[depth++] = c;
                break;
            }
            int best = -1;
            double best_u = -1.0;
            for (int i = 0; i < n; i++) {
                int c = child_of[legal[i]];
                double u = nodes[c].total / nodes[c].visits +
                           explore * sqrt(logs[nodes[c].available] / nodes[c].visits);
                if (u > best_u) best = c, best_u = u;
            }
            pm_apply(g, &st, nodes[best].action);
            node = best;
            path[depth++] = node;
        }
        while (!pm_over(g, &st)) { /* the play-out: at random, or guided ``guide`` times in 100 */
            int n = pm_legal(g, &st, legal);
            if (guide > 0 && (int)wd_below(&r, 100) < guide)
                pm_apply(g, &st, policy(g, &st, legal, n));
            else
                pm_apply(g, &st, legal[wd_below(&r, (uint64_t)n)]);
        }
        rewards(g, &st, result);
        for (int i = 0; i < depth; i++) {
            node_t *p = &nodes[path[i]];
            p->visits++;
            if (p->mover >= 0) p->total += result[p->mover];
        }
    }
    /* the most visited card, the lowest on a tie */
    int n = pm_legal(g, &k->root, legal), best = -1, best_visits = -1;
    for (int i = 0; i < n; i++) {
        int c = find_child(nodes, 0, legal[i]);
        if (c >= 0 && nodes[c].visits > best_visits) best = legal[i], best_visits = nodes[c].visits;
    }
    free(nodes);
    free(logs);
    return best;
}
