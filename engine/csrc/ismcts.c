/* Information-set MCTS for Oh Hell and Knockout: see ismcts.h. */
#include "ismcts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "deals.h"

/* -- cards and sets ------------------------------------------------------------------ */
static uint64_t suit_mask(int suit) { return ((uint64_t)0x1FFF) << (13 * suit); }

static double uniform(wd_rng *r) { return (double)(wd_next(r) >> 11) * (1.0 / 9007199254740992.0); }

/* -- the forward model --------------------------------------------------------------- */
static int ring_index(const is_state *st, int seat) {
    for (int i = 0; i < st->nring; i++)
        if (st->ring[i] == seat) return i;
    return 0;
}

/* the first seat after the dealer still in: it bids first and leads */
static int eldest(const is_state *st) {
    for (int i = 1; i <= st->players; i++) {
        int s = (st->dealer + i) % st->players;
        for (int j = 0; j < st->nring; j++)
            if (st->ring[j] == s) return s;
    }
    return st->ring[0];
}

/* a card's strength in a trick: trumps above the led suit, anything else nothing */
static int card_key(int card, int led, int trump) {
    int s = card / 13;
    return s == trump ? 100 + card % 13 : s == led ? card % 13 : -1;
}

int is_winning_index(const int32_t *cards, int n, int trump) {
    int led = cards[0] / 13, best = 0, best_key = -1;
    for (int i = 0; i < n; i++) {
        int key = card_key(cards[i], led, trump);
        if (key > best_key) {
            best = i;
            best_key = key;
        }
    }
    return best;
}

/* the actions legal now, in ascending code order; their count */
int is_legal(const is_state *st, int32_t *out) {
    int n = 0;
    if (st->phase == IS_PH_BID) {
        int k = popcount64(st->hands[st->turn]), barred = -1;
        if (st->hook && st->turn == st->dealer) {
            int sum = 0;
            for (int s = 0; s < st->players; s++)
                if (st->bids[s] >= 0) sum += st->bids[s];
            barred = k - sum;
        }
        for (int b = 0; b <= k; b++)
            if (b != barred) out[n++] = IS_BID + b;
        return n;
    }
    if (st->phase == IS_PH_DECLARE) {
        for (int s = 0; s < st->strains; s++) out[n++] = IS_DECLARE + s;
        return n;
    }
    if (st->phase != IS_PH_PLAY) return 0;
    uint64_t hand = st->hands[st->turn], options = hand;
    if (st->ntrick > 0) {
        uint64_t follow = hand & suit_mask(st->trick[0] / 13);
        if (follow) options = follow;
    }
    for (; options; options &= options - 1) out[n++] = lowest(options);
    return n;
}

void is_apply(is_state *st, int action) {
    if (st->phase == IS_PH_BID) {
        st->bids[st->turn] = action - IS_BID;
        int all = 1;
        for (int i = 0; i < st->nring; i++)
            if (st->bids[st->ring[i]] < 0) all = 0;
        if (all) {
            st->phase = IS_PH_PLAY;
            st->turn = st->leader = eldest(st);
        } else {
            st->turn = st->ring[(ring_index(st, st->turn) + 1) % st->nring];
        }
        return;
    }
    if (st->phase == IS_PH_DECLARE) {
        st->trump = action - IS_DECLARE;
        st->phase = IS_PH_PLAY;
        st->turn = st->leader = eldest(st);
        return;
    }
    st->hands[st->turn] &= ~((uint64_t)1 << action);
    st->trick[st->ntrick++] = action;
    if (st->ntrick == st->nring) {
        int i = ring_index(st, st->leader);
        int winner = st->ring[(i + is_winning_index(st->trick, st->ntrick, st->trump)) % st->nring];
        st->taken[winner]++;
        st->leader = st->turn = winner;
        st->ntrick = 0;
        if (!st->hands[winner]) st->phase = IS_PH_OVER;
    } else {
        st->turn = st->ring[(ring_index(st, st->turn) + 1) % st->nring];
    }
}

int is_points(const is_goal *g, int bid, int tricks) {
    if (g->knockout) return (tricks ? 1000 : 0) + tricks;
    if (tricks == bid) return g->exact_bonus + g->trick_value * tricks;
    int off = tricks > bid ? tricks - bid : bid - tricks;
    return (g->always ? g->trick_value * tricks : 0) - g->miss_penalty * off;
}

/* every seat's result scaled to 0..1: Oh Hell's points between the worst and the best a
 * hand of this size can score; Knockout's staying in first, then the tricks */
static void rewards(const is_state *st, const is_goal *g, double *out) {
    int size = g->size > 0 ? g->size : 1;
    for (int s = 0; s < st->players; s++) {
        if (g->knockout) {
            int in = 0;
            for (int i = 0; i < st->nring; i++)
                if (st->ring[i] == s) in = 1;
            out[s] = !in ? 0.0 : (st->taken[s] ? 0.8 : 0.0) + 0.2 * st->taken[s] / size;
            continue;
        }
        double low = -(double)g->miss_penalty * size;
        double high = g->exact_bonus + (double)g->trick_value * size;
        int bid = st->bids[s] >= 0 ? st->bids[s] : 0;
        out[s] = (is_points(g, bid, st->taken[s]) - low) / (high - low);
    }
}

/* -- the textbook player (engine.search.solo's, for the play-outs) ----------------------------- */
double is_estimate(uint64_t hand, int trump, int players) {
    double est = 0.0, crowd = players <= 4 ? 1.0 : 0.85;
    for (int suit = 0; suit < 4; suit++) {
        uint64_t m = hand & suit_mask(suit);
        int n = popcount64(m), ranks[13], k = 0;
        if (!n) continue;
        for (int r = 12; r >= 0; r--)
            if (m >> (suit * 13 + r) & 1) ranks[k++] = r;
        if (suit == trump) {
            for (int i = 0; i < n; i++) {
                if (ranks[i] >= 12 - i)
                    est += 1.0;
                else if (ranks[i] >= 10 && n >= 13 - ranks[i])
                    est += 0.6;
            }
            if (n > 3) est += (n - 3) * 0.6;
            continue;
        }
        if (ranks[0] == 12) est += n <= 4 ? 0.9 * crowd : 0.6;
        int king = 0;
        for (int i = 0; i < n; i++)
            if (ranks[i] == 11) king = 1;
        if (king && n >= 2 && n <= 4) est += 0.5 * crowd;
    }
    return est;
}

/* win as cheaply as the trick allows while tricks are needed, lose once the count is made */
static int textbook_card(const is_state *st, int need) {
    uint64_t hand = st->hands[st->turn];
    if (!(hand & (hand - 1))) return lowest(hand);
    if (st->ntrick == 0) {
        int best = -1, best_k = 0;
        for (uint64_t h = hand; h; h &= h - 1) {
            int c = lowest(h), k = (c / 13 == st->trump) * 100 + c % 13;
            if (best < 0 || (need > 0 ? k > best_k : k < best_k)) {
                best = c;
                best_k = k;
            }
        }
        return best;
    }
    int led = st->trick[0] / 13, top = -1;
    for (int i = 0; i < st->ntrick; i++) {
        int k = card_key(st->trick[i], led, st->trump);
        if (k > top) top = k;
    }
    uint64_t options = hand & suit_mask(led);
    if (!options) options = hand;
    int win_lo = -1, win_hi = -1, lose_lo = -1, lose_hi = -1;
    int win_lo_k = 1000, lose_lo_k = 1000, win_hi_k = -1, lose_hi_k = -1;
    for (uint64_t h = options; h; h &= h - 1) {
        int c = lowest(h), key = card_key(c, led, st->trump);
        int worth = key >= 0 ? key : c % 13; /* a card thrown: its worth to keep is its rank */
        if (key > top) {
            if (worth < win_lo_k) win_lo = c, win_lo_k = worth;
            if (worth > win_hi_k) win_hi = c, win_hi_k = worth;
        } else {
            if (worth < lose_lo_k) lose_lo = c, lose_lo_k = worth;
            if (worth > lose_hi_k) lose_hi = c, lose_hi_k = worth;
        }
    }
    int last = st->ntrick == st->nring - 1;
    if (need > 0) return win_lo >= 0 ? (last ? win_lo : win_hi) : lose_lo;
    return lose_hi >= 0 ? lose_hi : (last ? win_hi : win_lo);
}

int is_textbook(const is_state *st) {
    if (st->phase == IS_PH_PLAY) {
        /* Knockout has no bids: every seat wants every trick */
        int bid = st->bids[st->turn];
        return textbook_card(st, bid >= 0 ? bid - st->taken[st->turn] : IS_SEATS * 13);
    }
    int32_t legal[IS_MAX_ACTIONS];
    int n = is_legal(st, legal);
    if (n == 0) return -1;
    if (st->phase == IS_PH_BID) { /* the legal bid nearest the estimate, the lower on a tie */
        double est = is_estimate(st->hands[st->turn], st->trump, st->players), best_d = 1e9;
        int best = legal[0];
        for (int i = 0; i < n; i++) {
            double d = fabs((legal[i] - IS_BID) - est);
            if (d < best_d) best = legal[i], best_d = d;
        }
        return best;
    }
    if (st->phase == IS_PH_DECLARE) { /* the longest suit, honours breaking a tie */
        int best = legal[0], best_k = -1;
        for (int i = 0; i < n && legal[i] - IS_DECLARE < 4; i++) {
            uint64_t m = st->hands[st->turn] & suit_mask(legal[i] - IS_DECLARE);
            int k = 10 * popcount64(m);
            for (; m; m &= m - 1)
                if (lowest(m) % 13 > 8) k += lowest(m) % 13 - 8;
            if (k > best_k) best = legal[i], best_k = k;
        }
        return best;
    }
    return -1;
}

/* -- layouts of the unseen cards --------------------------------------------------------- */
/* the unseen cards dealt to the other seats: each its count, none of a suit it showed out
 * of (20 tries; the last deal ignores the voids, never met by a legal history) */
static void sample(const is_knowledge *k, wd_rng *r, is_state *st) {
    int32_t pool[64], npool = 0, left[64], rest[64];
    for (uint64_t u = k->unseen; u; u &= u - 1) pool[npool++] = lowest(u);
    for (int attempt = 0; attempt <= 20; attempt++) {
        int strict = attempt < 20, ok = 1, nleft = npool;
        for (int i = npool - 1; i > 0; i--) {
            int j = (int)wd_below(r, (uint64_t)(i + 1)), t = pool[i];
            pool[i] = pool[j];
            pool[j] = t;
        }
        memcpy(left, pool, sizeof(int32_t) * (size_t)npool);
        for (int o = 0; o < k->norder && ok; o++) {
            int s = k->order[o], want = k->counts[s], got = 0, nrest = 0;
            uint64_t hand = 0;
            for (int i = 0; i < nleft; i++) {
                int c = left[i];
                if (got < want && !(strict && (k->voids[s] >> (c / 13) & 1))) {
                    hand |= (uint64_t)1 << c;
                    got++;
                } else {
                    rest[nrest++] = c;
                }
            }
            ok = got == want;
            st->hands[s] = hand;
            memcpy(left, rest, sizeof(int32_t) * (size_t)nrest);
            nleft = nrest;
        }
        if (ok) return;
    }
}

/* -- the search -------------------------------------------------------------------------- */
typedef struct {
    int32_t mover; /* the seat that chose the action leading here */
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

static int playout_action(const is_state *st, const is_options *o, wd_rng *r, const int32_t *legal,
                          int n) {
    if (!o->textbook || (o->epsilon > 0 && uniform(r) < o->epsilon)) return legal[wd_below(r, (uint64_t)n)];
    return is_textbook(st);
}

int is_search(const is_knowledge *k, const is_goal *g, const is_options *o, uint64_t seed) {
    int iterations = o->iterations < 1 ? 1 : o->iterations;
    node_t *nodes = malloc(sizeof(node_t) * (size_t)(iterations + 1));
    if (!nodes) return -1;
    int nnodes = 1;
    nodes[0] = (node_t){-1, -1, 0, 0, 0.0, -1, -1};
    wd_rng r;
    wd_seed(&r, seed);
    int32_t legal[IS_MAX_ACTIONS], untried[IS_MAX_ACTIONS], path[IS_SEATS * 64 + 8];
    double result[IS_SEATS];
    for (int it = 0; it < iterations; it++) {
        is_state st = k->root;
        sample(k, &r, &st);
        int node = 0, depth = 0;
        path[depth++] = 0;
        /* selection by UCB1 over the actions legal in this layout, then one node added */
        while (st.phase != IS_PH_OVER) {
            int n = is_legal(&st, legal), nu = 0;
            if (o->opponents && st.turn != k->seat) { /* another seat's choice: a chance node */
                int a = o->opponents == IS_OPP_POLICY ? playout_action(&st, o, &r, legal, n)
                                                      : legal[wd_below(&r, (uint64_t)n)];
                int c = find_child(nodes, node, a), mover = st.turn;
                is_apply(&st, a);
                if (c < 0) {
                    c = nnodes++;
                    nodes[c] = (node_t){mover, a, 0, 1, 0.0, -1, nodes[node].child};
                    nodes[node].child = c;
                    path[depth++] = c;
                    break;
                }
                node = c;
                path[depth++] = node;
                continue;
            }
            for (int i = 0; i < n; i++) {
                int c = find_child(nodes, node, legal[i]);
                if (c >= 0)
                    nodes[c].available++;
                else
                    untried[nu++] = legal[i];
            }
            if (nu) {
                int a = untried[wd_below(&r, (uint64_t)nu)], c = nnodes++;
                nodes[c] = (node_t){st.turn, a, 0, 1, 0.0, -1, nodes[node].child};
                nodes[node].child = c;
                is_apply(&st, a);
                path[depth++] = c;
                break;
            }
            int best = -1;
            double best_u = -1.0;
            for (int i = 0; i < n; i++) {
                int c = find_child(nodes, node, legal[i]);
                double u = nodes[c].total / nodes[c].visits +
                           o->explore * sqrt(log((double)nodes[c].available) / nodes[c].visits);
                if (u > best_u) best = c, best_u = u;
            }
            is_apply(&st, nodes[best].action);
            node = best;
            path[depth++] = node;
        }
        while (st.phase != IS_PH_OVER) {
            int n = is_legal(&st, legal);
            is_apply(&st, playout_action(&st, o, &r, legal, n));
        }
        rewards(&st, g, result);
        for (int i = 0; i < depth; i++) {
            node_t *p = &nodes[path[i]];
            p->visits++;
            if (p->mover >= 0) p->total += result[p->mover];
        }
    }
    /* the most visited; children are kept newest first, so a tie goes to the first tried */
    int best = -1, best_visits = -1;
    for (int c = nodes[0].child; c >= 0; c = nodes[c].sibling)
        if (nodes[c].visits >= best_visits) best = nodes[c].action, best_visits = nodes[c].visits;
    free(nodes);
    return best;
}
