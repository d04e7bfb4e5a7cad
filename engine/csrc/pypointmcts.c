/* CPython binding for the point games' standard ISMCTS (pointmcts.h): every argument
 * checked (a wrong index would read outside the state), then the GIL released for
 * the search. The values are the tuples engine.search.pointmcts builds:
 *   game: (players, side, trump, power, must_follow, first_lead, unbroken, breakers,
 *          first_barred, values, over, dealt, moon, moon_mode, moon_points, before,
 *          target, lowest_wins, low, high, stock_scores, suit, free_leads, trick_size): power, values
 *          and suit one int a card of the 54 (the jokers 52 and 53), suit -1 for a card of no suit
 *   state: (turn, leader, tricks, broken, trick, hands, won, stock, under): the stock its top first,
 *          under a (card, card face down under it) pair for each layout card with one, -1 unseen
 *   knowledge: (state, seat, counts, voids, known, unseen, caps, barred): the state's stock with -1
 *          for each card the seat has not seen, caps each seat's most cards of each suit (4 ints),
 *          barred the cards each seat may not hold and then those that are not out of play */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "pointmcts.h"
#include "pyargs.h"



/* exactly ``count`` ints in lo..hi (count < 0: up to -count of them) into out[]; their number */
static int int_list(PyObject *o, const char *what, int count, long lo, long hi, int32_t *out) {
    PyObject *seq = PySequence_Fast(o, what);
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (count >= 0 ? n != count : n > -count) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd values, not %s%d", what, n, count >= 0 ? "" : "at most ",
                     count >= 0 ? count : -count);
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v;
        if (pyargs_long(PySequence_Fast_GET_ITEM(seq, i), what, lo, hi, &v) < 0) {
            Py_DECREF(seq);
            return -1;
        }
        out[i] = (int32_t)v;
    }
    Py_DECREF(seq);
    return (int)n;
}


static int parse_game(PyObject *o, pm_game *g) {
    memset(g, 0, sizeof *g);
    PyObject *side_o, *power_o, *values_o, *dealt_o, *before_o, *suit_o;
    int players, trump, must_follow, first_lead, unbroken, over, moon_mode, moon_points, target, lowest_wins,
        stock_scores;
    unsigned long long breakers, first_barred, moon, free_leads;
    if (!PyTuple_Check(o) ||
        !PyArg_ParseTuple(o, "iOiOiiiKKOiOKiiOiiddiOKi;a game is a tuple of 24 fields", &players, &side_o,
                          &trump, &power_o, &must_follow, &first_lead, &unbroken, &breakers, &first_barred,
                          &values_o, &over, &dealt_o, &moon, &moon_mode, &moon_points, &before_o, &target,
                          &lowest_wins, &g->low, &g->high, &stock_scores, &suit_o, &free_leads,
                          &g->trick_size)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a game is a tuple of 24 fields");
        return -1;
    }
    g->stock_scores = stock_scores != 0;
    if (players < 2 || players > PM_SEATS) {
        PyErr_Format(PyExc_ValueError, "players must be in 2..%d", PM_SEATS);
        return -1;
    }
    g->players = players;
    if (g->trick_size < players || g->trick_size > PM_SEATS || g->trick_size % players) {
        PyErr_Format(PyExc_ValueError, "a trick is the seats' cards in turn, round once or more: %d..%d cards",
                     players, PM_SEATS);
        return -1;
    }
    if (int_list(side_o, "side", players, 0, players - 1, g->side) < 0) return -1;
    int nsides = 0;
    for (int s = 0; s < players; s++)
        if (g->side[s] + 1 > nsides) nsides = g->side[s] + 1;
    g->nsides = nsides;
    if (trump < 0 || trump > 4 || first_lead < -1 || first_lead >= PM_CARDS || unbroken < -1 || unbroken > 3 ||
        moon_mode < 0 || moon_mode > PM_MOON_CHOICE || (breakers | first_barred | moon | free_leads) >> PM_CARDS ||
        !(g->high > g->low)) {
        PyErr_SetString(PyExc_ValueError, "game: trump 0..4, first_lead -1..53, unbroken -1..3, moon_mode 0..2, "
                                          "54-bit masks, high above low");
        return -1;
    }
    g->trump = trump;
    g->must_follow = must_follow != 0;
    g->first_lead = first_lead;
    g->unbroken = unbroken;
    g->breakers = breakers;
    g->first_barred = first_barred;
    g->over = over;
    g->moon = moon;
    g->moon_mode = moon_mode;
    g->moon_points = moon_points;
    g->target = target;
    g->lowest_wins = lowest_wins != 0;
    g->free_leads = free_leads;
    if (int_list(suit_o, "suit", PM_CARDS, -1, 3, g->suit) < 0 ||
        int_list(power_o, "power", PM_CARDS, 0, 100, g->power) < 0 ||
        int_list(values_o, "values", PM_CARDS, -1000, 1000, g->values) < 0 ||
        int_list(dealt_o, "dealt", nsides, 0, PM_CARDS, g->dealt) < 0 ||
        int_list(before_o, "before", nsides, -100000, 100000, g->before) < 0)
        return -1;
    pm_prepare(g);
    return 0;
}

/* the (card, card under it) pairs of ``o`` into st->under; ``unknown``: -1 under allowed (unseen) */
static int parse_under(PyObject *o, pm_state *st, int unknown) {
    memset(st->under, -1, sizeof st->under);
    PyObject *seq = PySequence_Fast(o, "under");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int ok = n <= PM_CARDS;
    for (Py_ssize_t i = 0; i < n && ok; i++) {
        int32_t pair[2];
        if (int_list(PySequence_Fast_GET_ITEM(seq, i), "under's pair", 2, -1, PM_CARDS - 1, pair) < 0) {
            Py_DECREF(seq);
            return -1;
        }
        ok = pair[0] >= 0 && (pair[1] >= 0 || unknown) && st->under[pair[0]] == -1;
        st->under[pair[0]] = (int8_t)(pair[1] >= 0 ? pair[1] : PM_UNSEEN);
    }
    Py_DECREF(seq);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "under: one (card, card under it) pair a layout card, the card under "
                                          "it -1 only where the seat has not seen it");
        return -1;
    }
    return 0;
}

/* ``unknown``: the stock and the layouts may hold -1, a card the seat has not seen (a knowledge's root) */
static int parse_state(PyObject *o, const pm_game *g, pm_state *st, int unknown) {
    memset(st, 0, sizeof *st);
    PyObject *trick_o, *hands_o, *won_o, *stock_o, *under_o;
    int turn, leader, tricks, broken;
    if (!PyTuple_Check(o) || !PyArg_ParseTuple(o, "iiiiOOOOO;a state is a tuple of 9 fields", &turn, &leader,
                                               &tricks, &broken, &trick_o, &hands_o, &won_o, &stock_o,
                                               &under_o)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a state is a tuple of 9 fields");
        return -1;
    }
    if (parse_under(under_o, st, unknown) < 0) return -1;
    int32_t stock[PM_CARDS];
    int nstock = int_list(stock_o, "stock", -PM_CARDS, unknown ? -1 : 0, PM_CARDS - 1, stock);
    if (nstock < 0) return -1;
    st->nstock = nstock;
    for (int i = 0; i < nstock; i++) st->stock[nstock - 1 - i] = stock[i];
    if (turn < 0 || turn >= g->players || leader < 0 || leader >= g->players || tricks < 0 || tricks > PM_CARDS) {
        PyErr_SetString(PyExc_ValueError, "state: turn and leader are seats, tricks 0..54");
        return -1;
    }
    st->turn = turn;
    st->leader = leader;
    st->tricks = tricks;
    st->broken = broken != 0;
    int n = int_list(trick_o, "trick", -(g->trick_size - 1), 0, PM_CARDS - 1, st->trick);
    if (n < 0) return -1;
    st->ntrick = n;
    if ((leader + n) % g->players != turn) {
        PyErr_SetString(PyExc_ValueError, "state: the seat to play is not the one after the trick's cards");
        return -1;
    }
    if (mask_list(hands_o, "hands", g->players, PM_CARDS, st->hands) < 0 ||
        mask_list(won_o, "won", g->players, PM_CARDS, st->won) < 0)
        return -1;
    uint64_t seen = 0;
    for (int i = 0; i < n; i++) seen |= (uint64_t)1 << st->trick[i];
    for (int i = 0; i < nstock; i++) {
        if (st->stock[i] < 0) continue;
        if (seen >> st->stock[i] & 1) {
            PyErr_SetString(PyExc_ValueError, "state: a card is in two places");
            return -1;
        }
        seen |= (uint64_t)1 << st->stock[i];
    }
    for (int s = 0; s < g->players; s++) {
        if ((seen & st->hands[s]) || (seen & st->won[s])) {
            PyErr_SetString(PyExc_ValueError, "state: a card is in two places");
            return -1;
        }
        seen |= st->hands[s] | st->won[s];
    }
    /* a layout card in a hand (in a knowledge's root, where only the seat's own hand is
     * filled in, anywhere but played), the one under it nowhere else */
    for (int c = 0; c < PM_CARDS; c++) {
        if (st->under[c] == -1) continue;
        int held = 0;
        for (int s = 0; s < g->players; s++) held |= (int)(st->hands[s] >> c & 1);
        if (unknown) held = !(seen >> c & 1) || held;
        if (!held || (st->under[c] >= 0 && (seen >> st->under[c] & 1))) {
            PyErr_SetString(PyExc_ValueError,
                            "state: a layout card is in no hand, or a card under it is in two places");
            return -1;
        }
        if (st->under[c] >= 0) seen |= (uint64_t)1 << st->under[c];
    }
    return 0;
}

static int parse_knowledge(PyObject *o, const pm_game *g, pm_knowledge *k) {
    memset(k, 0, sizeof *k);
    PyObject *so, *counts_o, *voids_o, *known_o, *caps_o, *barred_o;
    int seat;
    unsigned long long unseen;
    if (!PyTuple_Check(o) || !PyArg_ParseTuple(o, "OiOOOKOO;knowledge is a tuple of 8 fields", &so, &seat,
                                               &counts_o, &voids_o, &known_o, &unseen, &caps_o, &barred_o)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "knowledge is a tuple of 8 fields");
        return -1;
    }
    if (parse_state(so, g, &k->root, 1) < 0) return -1;
    if (seat < 0 || seat >= g->players || unseen >> PM_CARDS) {
        PyErr_SetString(PyExc_ValueError, "knowledge: seat a seat, unseen a 54-bit mask");
        return -1;
    }
    k->seat = seat;
    k->unseen = unseen;
    if (int_list(counts_o, "counts", g->players, 0, PM_CARDS, k->counts) < 0 ||
        int_list(voids_o, "voids", g->players, 0, 15, k->voids) < 0 ||
        mask_list(known_o, "known", g->players, PM_CARDS, k->known) < 0 ||
        mask_list(barred_o, "barred", g->players + 1, PM_CARDS, k->barred) < 0)
        return -1;
    PyObject *caps = PySequence_Fast(caps_o, "caps");
    if (!caps) return -1;
    if (PySequence_Fast_GET_SIZE(caps) != g->players) {
        PyErr_Format(PyExc_ValueError, "caps must hold 4 numbers per seat (%d)", g->players);
        Py_DECREF(caps);
        return -1;
    }
    for (int s = 0; s < g->players; s++) {
        if (int_list(PySequence_Fast_GET_ITEM(caps, s), "caps", 4, 0, 13, k->caps[s]) < 0) {
            Py_DECREF(caps);
            return -1;
        }
        for (int suit = 0; suit < 4; suit++) /* a suit shown out of: none at all */
            if (k->voids[s] >> suit & 1) k->caps[s][suit] = 0;
    }
    Py_DECREF(caps);
    int dealt = 0;
    uint64_t placed = 0;
    for (int s = 0; s < g->players; s++) {
        if (s == seat) continue;
        dealt += k->counts[s];
        if ((k->known[s] & ~k->unseen) || count_cards(k->known[s]) > k->counts[s] || (k->known[s] & placed)) {
            PyErr_SetString(PyExc_ValueError,
                            "knowledge: a seat's known cards must be unseen, no more than it holds, in one hand");
            return -1;
        }
        placed |= k->known[s];
    }
    uint64_t stocked = 0;
    for (int i = 0; i < k->root.nstock; i++) {
        if (k->root.stock[i] < 0)
            dealt++;
        else
            stocked |= (uint64_t)1 << k->root.stock[i];
    }
    for (int c = 0; c < PM_CARDS; c++) {
        if (k->root.under[c] == PM_UNSEEN)
            dealt++;
        else if (k->root.under[c] >= 0)
            stocked |= (uint64_t)1 << k->root.under[c];
    }
    /* more unseen cards than places: the rest are out of play (a dead hand) */
    if (dealt > count_cards(k->unseen) || (k->unseen & (k->root.hands[seat] | stocked))) {
        PyErr_SetString(PyExc_ValueError,
                        "knowledge: the other seats and the stock's unseen places hold more cards than are unseen");
        return -1;
    }
    return 0;
}

static PyObject *mask_tuple(const uint64_t *m, int n) {
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(t, i, PyLong_FromUnsignedLongLong(m[i]));
    return t;
}

static PyObject *state_tuple(const pm_game *g, const pm_state *st) {
    int nunder = 0;
    for (int c = 0; c < PM_CARDS; c++) nunder += st->under[c] != -1;
    PyObject *trick = PyTuple_New(st->ntrick), *stock = PyTuple_New(st->nstock), *under = PyTuple_New(nunder);
    if (!trick || !stock || !under) {
        Py_XDECREF(trick);
        Py_XDECREF(stock);
        Py_XDECREF(under);
        return NULL;
    }
    for (int i = 0; i < st->ntrick; i++) PyTuple_SET_ITEM(trick, i, PyLong_FromLong(st->trick[i]));
    for (int i = 0; i < st->nstock; i++) PyTuple_SET_ITEM(stock, i, PyLong_FromLong(st->stock[st->nstock - 1 - i]));
    for (int c = 0, i = 0; c < PM_CARDS; c++)
        if (st->under[c] != -1)
            PyTuple_SET_ITEM(under, i++, Py_BuildValue("(ii)", c, st->under[c] >= 0 ? st->under[c] : -1));
    return Py_BuildValue("(iiiiNNNNN)", st->turn, st->leader, st->tricks, st->broken, trick,
                         mask_tuple(st->hands, g->players), mask_tuple(st->won, g->players), stock, under);
}

static PyObject *py_legal(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *go, *so;
    pm_game g;
    pm_state st;
    if (!PyArg_ParseTuple(args, "OO", &go, &so) || parse_game(go, &g) < 0 || parse_state(so, &g, &st, 0) < 0)
        return NULL;
    int32_t out[PM_CARDS];
    int n = pm_legal(&g, &st, out);
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(out[i]));
    return t;
}

static PyObject *py_apply(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *go, *so;
    int card;
    pm_game g;
    pm_state st;
    if (!PyArg_ParseTuple(args, "OOi", &go, &so, &card) || parse_game(go, &g) < 0 || parse_state(so, &g, &st, 0) < 0)
        return NULL;
    int32_t legal[PM_CARDS];
    int n = pm_legal(&g, &st, legal), ok = 0;
    for (int i = 0; i < n; i++)
        if (legal[i] == card) ok = 1;
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "card %d is not legal here", card);
        return NULL;
    }
    pm_apply(&g, &st, card);
    return state_tuple(&g, &st);
}

static PyObject *py_points(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *go, *so;
    pm_game g;
    pm_state st;
    if (!PyArg_ParseTuple(args, "OO", &go, &so) || parse_game(go, &g) < 0 || parse_state(so, &g, &st, 0) < 0)
        return NULL;
    if (!pm_over(&g, &st)) {
        PyErr_SetString(PyExc_ValueError, "points: the hand is not played out");
        return NULL;
    }
    int32_t out[PM_SEATS];
    pm_points(&g, &st, out);
    PyObject *t = PyTuple_New(g.nsides);
    if (!t) return NULL;
    for (int i = 0; i < g.nsides; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(out[i]));
    return t;
}

/* one layout of the unseen cards: every seat's hand, or (``layout``) the whole state */
static PyObject *sampled(PyObject *self, PyObject *args, int layout) {
    (void)self;
    PyObject *go, *ko;
    unsigned long long seed;
    pm_game g;
    pm_knowledge k;
    if (!PyArg_ParseTuple(args, "OOK", &go, &ko, &seed) || parse_game(go, &g) < 0 ||
        parse_knowledge(ko, &g, &k) < 0)
        return NULL;
    wd_rng r;
    wd_seed(&r, (uint64_t)seed);
    pm_state st = k.root;
    if (pm_sample(&g, &k, &r, &st) < 0) {
        PyErr_SetString(PyExc_ValueError, "no layout of the unseen cards fits what the seat knows");
        return NULL;
    }
    return layout ? state_tuple(&g, &st) : mask_tuple(st.hands, g.players);
}

static PyObject *py_sample(PyObject *self, PyObject *args) { return sampled(self, args, 0); }

static PyObject *py_layout(PyObject *self, PyObject *args) { return sampled(self, args, 1); }

static PyObject *py_search(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *go, *ko;
    int iterations, guide = 0;
    double explore;
    unsigned long long seed;
    pm_game g;
    pm_knowledge k;
    if (!PyArg_ParseTuple(args, "OOidK|i", &go, &ko, &iterations, &explore, &seed, &guide) || parse_game(go, &g) < 0 ||
        parse_knowledge(ko, &g, &k) < 0)
        return NULL;
    if (iterations < 1 || iterations > 10000000 || !(explore >= 0) || guide < 0 || guide > 100) {
        PyErr_SetString(PyExc_ValueError, "iterations 1..10,000,000, explore >= 0, guide 0..100");
        return NULL;
    }
    int32_t legal[PM_CARDS];
    if (k.root.turn != k.seat || pm_legal(&g, &k.root, legal) == 0) {
        PyErr_SetString(PyExc_ValueError, "the searching seat is not the one to play, or has no card");
        return NULL;
    }
    int card;
    Py_BEGIN_ALLOW_THREADS card = pm_search_guided(&g, &k, iterations, explore, guide, (uint64_t)seed);
    Py_END_ALLOW_THREADS if (card == -1) return PyErr_NoMemory();
    if (card == -2) {
        PyErr_SetString(PyExc_ValueError, "no layout of the unseen cards fits what the seat knows");
        return NULL;
    }
    return PyLong_FromLong(card);
}

static PyMethodDef methods[] = {
    {"legal", py_legal, METH_VARARGS, "legal(game, state) -> the legal cards, ascending"},
    {"apply", py_apply, METH_VARARGS, "apply(game, state, card) -> the state after it"},
    {"points", py_points, METH_VARARGS, "points(game, state) -> each side's points for the played-out hand"},
    {"sample", py_sample, METH_VARARGS, "sample(game, knowledge, seed) -> every seat's hand in one layout"},
    {"layout", py_layout, METH_VARARGS, "layout(game, knowledge, seed) -> the state in one layout, stock and all"},
    {"search", py_search, METH_VARARGS, "search(game, knowledge, iterations, explore, seed, guide=0) -> card"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_pointmcts",
                                    "the point games' standard ISMCTS in C (use engine.search.pointmcts)", -1,
                                    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__pointmcts(void) { return PyModule_Create(&module); }
