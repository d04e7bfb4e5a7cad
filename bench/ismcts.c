/* The forward model and search of bench/ismcts.py in plain C99: the same
 * single-observer information-set MCTS (UCB1 with availability counts, one
 * node added a simulation, random play-outs, every seat's result backed up to
 * the nodes where that seat chose), so the baseline's 1,000 simulations a move
 * cost milliseconds instead of the Python reference's 0.3-0.4 s. No Python
 * API: bench/ismcts.py loads it with ctypes (built by `make bench/_ismcts.so`).
 *
 * Cards are engine.cards.Card ints (suit * 13 + rank - 2), a hand a 64-bit
 * set of them. Action codes as in the Python: a card, 100 + tricks bid,
 * 200 + strain named. tests/bench/test_ismcts_c.py checks legal actions,
 * trick winners and points against the engine on random hands. */

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ISM_SEATS 7
#define ISM_BID 100
#define ISM_DECLARE 200
#define ISM_MAX_ACTIONS 64

enum { PH_BID = 0, PH_DECLARE = 1, PH_PLAY = 2, PH_OVER = 3 };

/* one determinized hand; the layout is shared with bench/ismcts.py (ctypes) */
typedef struct {
    int32_t players;
    int32_t nring;
    int32_t ring[ISM_SEATS]; /* seats in play order, the out ones left out */
    int32_t dealer;
    int32_t hook;
    int32_t strains; /* strains a chooser may name: 4, or 5 with no trumps */
    int32_t trump;   /* 0-3 a suit, 4 no trumps */
    int32_t phase;
    int32_t turn;
    int32_t leader;
    int32_t ntrick;
    int32_t trick[ISM_SEATS];
    int32_t bids[ISM_SEATS]; /* -1: none yet */
    int32_t taken[ISM_SEATS];
    uint64_t hands[ISM_SEATS];
} ism_state;

typedef struct {
    int32_t knockout;
    int32_t exact_bonus;
    int32_t trick_value;
    int32_t always;
    int32_t miss_penalty;
    int32_t size; /* the observer's cards at the start of the hand */
} ism_goal;

/* what the observer knows: its state with only its own hand filled in, the
 * unseen cards, how many each other seat holds, the suits each has shown out of */
typedef struct {
    ism_state root;
    int32_t seat;
    int32_t norder;
    int32_t order[ISM_SEATS]; /* the other seats, most voids first (the sampler's order) */
    int32_t counts[ISM_SEATS];
    int32_t voids[ISM_SEATS]; /* bit s: shown out of suit s */
    uint64_t unseen;
} ism_knowledge;

/* -- random numbers (xoshiro256**) -------------------------------------------------- */
typedef struct {
    uint64_t s[4];
} rng_t;

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void rng_seed(rng_t *r, uint64_t seed) {
    for (int i = 0; i < 4; i++) r->s[i] = splitmix(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t rng_next(rng_t *r) {
    uint64_t *s = r->s;
    uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

/* uniform in 0..n-1 (n small: the bias of the modulo is below 2^-50) */
static int rng_below(rng_t *r, int n) { return (int)(rng_next(r) % (uint64_t)n); }

/* -- the forward model --------------------------------------------------------------- */
static int popcount64(uint64_t x) {
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

/* the lowest card of a non-empty set (de Bruijn: no compiler builtins in C99) */
static int lowest(uint64_t x) {
    static const int8_t index[64] = {
        0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,  62, 55, 59, 36, 53, 51,
        43, 22, 45, 39, 33, 30, 24, 18, 12, 5,  63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21,
        44, 32, 23, 11, 46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};
    return index[((x & (~x + 1)) * 0x03F79D71B4CB0A89ULL) >> 58];
}

static uint64_t suit_mask(int suit) { return ((uint64_t)0x1FFF) << (13 * suit); }

static int ring_index(const ism_state *st, int seat) {
    for (int i = 0; i < st->nring; i++)
        if (st->ring[i] == seat) return i;
    return 0;
}

static int eldest(const ism_state *st) {
    for (int i = 1; i <= st->players; i++) {
        int s = (st->dealer + i) % st->players;
        for (int j = 0; j < st->nring; j++)
            if (st->ring[j] == s) return s;
    }
    return st->ring[0];
}

/* the index in cards[0..n) of the card winning the trick */
int ism_winning_index(const int32_t *cards, int n, int trump) {
    int led = cards[0] / 13, best = 0, best_key = -1;
    for (int i = 0; i < n; i++) {
        int s = cards[i] / 13;
        int key = s == trump ? 100 + cards[i] % 13 : s == led ? cards[i] % 13 : -1;
        if (key > best_key) {
            best = i;
            best_key = key;
        }
    }
    return best;
}

/* the actions legal now, in ascending code order; their count */
int ism_legal(const ism_state *st, int32_t *out) {
    int n = 0;
    if (st->phase == PH_BID) {
        int k = popcount64(st->hands[st->turn]), barred = -1;
        if (st->hook && st->turn == st->dealer) {
            int sum = 0;
            for (int s = 0; s < st->players; s++)
                if (st->bids[s] >= 0) sum += st->bids[s];
            barred = k - sum;
        }
        for (int b = 0; b <= k; b++)
            if (b != barred) out[n++] = ISM_BID + b;
        return n;
    }
    if (st->phase == PH_DECLARE) {
        for (int s = 0; s < st->strains; s++) out[n++] = ISM_DECLARE + s;
        return n;
    }
    if (st->phase != PH_PLAY) return 0;
    uint64_t hand = st->hands[st->turn], options = hand;
    if (st->ntrick > 0) {
        uint64_t follow = hand & suit_mask(st->trick[0] / 13);
        if (follow) options = follow;
    }
    while (options) {
        int c = lowest(options);
        out[n++] = c;
        options &= options - 1;
    }
    return n;
}

void ism_apply(ism_state *st, int action) {
    if (st->phase == PH_BID) {
        st->bids[st->turn] = action - ISM_BID;
        int all = 1;
        for (int i = 0; i < st->nring; i++)
            if (st->bids[st->ring[i]] < 0) all = 0;
        if (all) {
            st->phase = PH_PLAY;
            st->turn = st->leader = eldest(st);
        } else {
            st->turn = st->ring[(ring_index(st, st->turn) + 1) % st->nring];
        }
        return;
    }
    if (st->phase == PH_DECLARE) {
        st->trump = action - ISM_DECLARE;
        st->phase = PH_PLAY;
        st->turn = st->leader = eldest(st);
        return;
    }
    st->hands[st->turn] &= ~((uint64_t)1 << action);
    st->trick[st->ntrick++] = action;
    if (st->ntrick == st->nring) {
        int i = ring_index(st, st->leader);
        int winner = st->ring[(i + ism_winning_index(st->trick, st->ntrick, st->trump)) % st->nring];
        st->taken[winner]++;
        st->leader = st->turn = winner;
        st->ntrick = 0;
        if (!st->hands[winner]) st->phase = PH_OVER;
    } else {
        st->turn = st->ring[(ring_index(st, st->turn) + 1) % st->nring];
    }
}

/* a seat's points for the hand (Oh Hell's scheme; Knockout: 1000 to stay in plus its tricks) */
int ism_points(const ism_goal *g, int bid, int tricks) {
    if (g->knockout) return (tricks ? 1000 : 0) + tricks;
    if (tricks == bid) return g->exact_bonus + g->trick_value * tricks;
    int off = tricks > bid ? tricks - bid : bid - tricks;
    return (g->always ? g->trick_value * tricks : 0) - g->miss_penalty * off;
}

/* every seat's result scaled to 0..1, as the Python reference scales it */
static void rewards(const ism_state *st, const ism_goal *g, double *out) {
    int size = g->size > 0 ? g->size : 1;
    for (int s = 0; s < st->players; s++) {
        if (g->knockout) {
            int in = 0;
            for (int i = 0; i < st->nring; i++)
                if (st->ring[i] == s) in = 1;
            out[s] = !in ? 0.0 : (st->taken[s] ? 0.8 : 0.0) + 0.2 * st->taken[s] / size;
            continue;
        }
        double low = -(double)g->miss_penalty * g->size;
        double high = g->exact_bonus + (double)g->trick_value * g->size;
        int bid = st->bids[s] >= 0 ? st->bids[s] : 0;
        out[s] = (ism_points(g, bid, st->taken[s]) - low) / (high - low);
    }
}

/* -- one layout of the unseen cards (engine.ai.solo.sample's method) ---------------------- */
static void sample(const ism_knowledge *k, rng_t *r, ism_state *st) {
    int32_t pool[52], npool = 0, rest[52];
    for (uint64_t u = k->unseen; u; u &= u - 1) pool[npool++] = lowest(u);
    for (int attempt = 0; attempt <= 20; attempt++) {
        int strict = attempt < 20; /* the last deal ignores the voids, as the Python's does */
        for (int i = npool - 1; i > 0; i--) {
            int j = rng_below(r, i + 1), t = pool[i];
            pool[i] = pool[j];
            pool[j] = t;
        }
        int32_t left[52], nleft = npool, ok = 1;
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
            if (got < want) ok = 0;
            st->hands[s] = hand;
            memcpy(left, rest, sizeof(int32_t) * (size_t)nrest);
            nleft = nrest;
        }
        if (ok) return;
    }
}

/* -- the tree ------------------------------------------------------------------------ */
typedef struct {
    int32_t mover; /* the seat that chose the action leading here */
    int32_t action;
    int32_t visits;
    int32_t available;
    double total;
    int32_t child;   /* first child, -1 none */
    int32_t sibling; /* next child of the same parent, -1 none */
} node_t;

#define EXPLORE 0.7

static int find_child(const node_t *nodes, int parent, int action) {
    for (int c = nodes[parent].child; c >= 0; c = nodes[c].sibling)
        if (nodes[c].action == action) return c;
    return -1;
}

/* the action the observer should take after ``iterations`` simulations; -1 if none */
int ism_search(const ism_knowledge *k, const ism_goal *g, int iterations, uint64_t seed) {
    if (iterations < 1) iterations = 1;
    node_t *nodes = malloc(sizeof(node_t) * (size_t)(iterations + 1));
    if (!nodes) return -1;
    int nnodes = 1;
    nodes[0] = (node_t){-1, -1, 0, 0, 0.0, -1, -1};
    rng_t r;
    rng_seed(&r, seed);
    int32_t legal[ISM_MAX_ACTIONS], untried[ISM_MAX_ACTIONS], path[64 * ISM_SEATS + 8];
    double result[ISM_SEATS];
    for (int it = 0; it < iterations; it++) {
        ism_state st = k->root;
        sample(k, &r, &st);
        int node = 0, depth = 0;
        path[depth++] = 0;
        /* selection and expansion */
        while (st.phase != PH_OVER) {
            int n = ism_legal(&st, legal), nu = 0;
            for (int i = 0; i < n; i++) {
                int c = find_child(nodes, node, legal[i]);
                if (c >= 0)
                    nodes[c].available++;
                else
                    untried[nu++] = legal[i];
            }
            if (nu) {
                int a = untried[rng_below(&r, nu)];
                int c = nnodes++;
                nodes[c] = (node_t){st.turn, a, 0, 1, 0.0, -1, nodes[node].child};
                nodes[node].child = c;
                ism_apply(&st, a);
                path[depth++] = c;
                break;
            }
            int best = -1;
            double best_u = -1.0;
            for (int i = 0; i < n; i++) {
                int c = find_child(nodes, node, legal[i]);
                double u = nodes[c].total / nodes[c].visits +
                           EXPLORE * sqrt(log((double)nodes[c].available) / nodes[c].visits);
                if (u > best_u) {
                    best = c;
                    best_u = u;
                }
            }
            ism_apply(&st, nodes[best].action);
            node = best;
            path[depth++] = node;
        }
        /* a random play-out */
        while (st.phase != PH_OVER) {
            int n = ism_legal(&st, legal);
            ism_apply(&st, legal[rng_below(&r, n)]);
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
        if (nodes[c].visits >= best_visits) {
            best = nodes[c].action;
            best_visits = nodes[c].visits;
        }
    free(nodes);
    return best;
}
