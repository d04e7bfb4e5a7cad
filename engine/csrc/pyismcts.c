/* CPython binding for the Oh Hell / Knockout search (ismcts.h): every argument
 * checked (a wrong index would read outside the state), then the GIL released
 * for the search. A state is the tuple engine.search.ismcts builds:
 * (players, ring, dealer, hook, strains, trump, phase, turn, leader, trick,
 *  bids, taken, hands). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "ismcts.h"
#include "pyargs.h"



/* a sequence of up to `most` ints in lo..hi into out[]; its length */
static int int_list(PyObject *o, const char *what, int most, long lo, long hi, int32_t *out) {
    PyObject *seq = PySequence_Fast(o, what);
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > most) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd values, at most %d", what, n, most);
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


static int parse_state(PyObject *o, is_state *st) {
    memset(st, 0, sizeof *st);
    PyObject *players_o, *ring_o, *dealer_o, *hook_o, *strains_o, *trump_o, *phase_o, *turn_o, *leader_o,
        *trick_o, *bids_o, *taken_o, *hands_o;
    if (!PyTuple_Check(o) || !PyArg_ParseTuple(o, "OOOOOOOOOOOOO;a state is a tuple of 13 fields", &players_o,
                                               &ring_o, &dealer_o, &hook_o, &strains_o, &trump_o, &phase_o,
                                               &turn_o, &leader_o, &trick_o, &bids_o, &taken_o, &hands_o)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a state is a tuple of 13 fields");
        return -1;
    }
    long players, v;
    if (pyargs_long(players_o, "players", 2, IS_SEATS, &players) < 0) return -1;
    st->players = (int32_t)players;
    int n = int_list(ring_o, "ring", (int)players, 0, players - 1, st->ring);
    if (n < 1) {
        if (n == 0) PyErr_SetString(PyExc_ValueError, "ring must name a seat in play");
        return -1;
    }
    st->nring = n;
    if (pyargs_long(dealer_o, "dealer", 0, players - 1, &v) < 0) return -1;
    st->dealer = (int32_t)v;
    if (pyargs_long(hook_o, "hook", 0, 1, &v) < 0) return -1;
    st->hook = (int32_t)v;
    if (pyargs_long(strains_o, "strains", 4, 5, &v) < 0) return -1;
    st->strains = (int32_t)v;
    if (pyargs_long(trump_o, "trump", 0, 4, &v) < 0) return -1;
    st->trump = (int32_t)v;
    if (pyargs_long(phase_o, "phase", IS_PH_BID, IS_PH_OVER, &v) < 0) return -1;
    st->phase = (int32_t)v;
    if (pyargs_long(turn_o, "turn", 0, players - 1, &v) < 0) return -1;
    st->turn = (int32_t)v;
    if (pyargs_long(leader_o, "leader", 0, players - 1, &v) < 0) return -1;
    st->leader = (int32_t)v;
    n = int_list(trick_o, "trick", st->nring - 1, 0, 51, st->trick);
    if (n < 0) return -1;
    st->ntrick = n;
    if (int_list(bids_o, "bids", (int)players, -1, 52, st->bids) != players ||
        int_list(taken_o, "taken", (int)players, 0, 52, st->taken) != players) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bids and taken must hold one int per seat");
        return -1;
    }
    return mask_list(hands_o, "hands", (int)players, 52, st->hands);
}

static PyObject *state_tuple(const is_state *st) {
    PyObject *ring = PyTuple_New(st->nring), *trick = PyTuple_New(st->ntrick);
    PyObject *bids = PyTuple_New(st->players), *taken = PyTuple_New(st->players);
    PyObject *hands = PyTuple_New(st->players);
    if (!ring || !trick || !bids || !taken || !hands) goto fail;
    for (int i = 0; i < st->nring; i++) PyTuple_SET_ITEM(ring, i, PyLong_FromLong(st->ring[i]));
    for (int i = 0; i < st->ntrick; i++) PyTuple_SET_ITEM(trick, i, PyLong_FromLong(st->trick[i]));
    for (int s = 0; s < st->players; s++) {
        PyTuple_SET_ITEM(bids, s, PyLong_FromLong(st->bids[s]));
        PyTuple_SET_ITEM(taken, s, PyLong_FromLong(st->taken[s]));
        PyTuple_SET_ITEM(hands, s, PyLong_FromUnsignedLongLong(st->hands[s]));
    }
    return Py_BuildValue("(iNiiiiiiiNNNN)", st->players, ring, st->dealer, st->hook, st->strains, st->trump,
                         st->phase, st->turn, st->leader, trick, bids, taken, hands);
fail:
    Py_XDECREF(ring);
    Py_XDECREF(trick);
    Py_XDECREF(bids);
    Py_XDECREF(taken);
    Py_XDECREF(hands);
    return NULL;
}

static int parse_goal(PyObject *o, is_goal *g) {
    int32_t v[6];
    if (int_list(o, "goal (knockout, exact_bonus, trick_value, always, miss_penalty, size)", 6, -1000, 1000, v) !=
        6) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "goal must hold 6 ints");
        return -1;
    }
    *g = (is_goal){v[0], v[1], v[2], v[3], v[4], v[5]};
    return 0;
}

static PyObject *py_legal(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *so;
    is_state st;
    if (!PyArg_ParseTuple(args, "O", &so) || parse_state(so, &st) < 0) return NULL;
    int32_t out[IS_MAX_ACTIONS];
    int n = is_legal(&st, out);
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(out[i]));
    return t;
}

static PyObject *py_apply(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *so;
    int action;
    is_state st;
    if (!PyArg_ParseTuple(args, "Oi", &so, &action) || parse_state(so, &st) < 0) return NULL;
    int32_t legal[IS_MAX_ACTIONS];
    int n = is_legal(&st, legal), ok = 0;
    for (int i = 0; i < n; i++)
        if (legal[i] == action) ok = 1;
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "action %d is not legal here", action);
        return NULL;
    }
    is_apply(&st, action);
    return state_tuple(&st);
}

static PyObject *py_textbook(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *so;
    is_state st;
    if (!PyArg_ParseTuple(args, "O", &so) || parse_state(so, &st) < 0) return NULL;
    return PyLong_FromLong(is_textbook(&st));
}

static PyObject *py_points(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *go;
    int bid, tricks;
    is_goal g;
    if (!PyArg_ParseTuple(args, "Oii", &go, &bid, &tricks) || parse_goal(go, &g) < 0) return NULL;
    return PyLong_FromLong(is_points(&g, bid, tricks));
}

static PyObject *py_estimate(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *ho;
    int trump, players;
    uint64_t hand;
    if (!PyArg_ParseTuple(args, "Oii", &ho, &trump, &players) || as_mask(ho, "hand", 52, &hand) < 0) return NULL;
    return PyFloat_FromDouble(is_estimate(hand, trump, players));
}

/* (state, seat, order, counts, voids, unseen): what the searching seat knows */
static int parse_knowledge(PyObject *o, is_knowledge *k) {
    memset(k, 0, sizeof *k);
    PyObject *so, *order_o, *counts_o, *voids_o, *unseen_o;
    long seat;
    PyObject *seat_o;
    if (!PyTuple_Check(o) || !PyArg_ParseTuple(o, "OOOOOO;knowledge is a tuple of 6 fields", &so, &seat_o,
                                               &order_o, &counts_o, &voids_o, &unseen_o)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "knowledge is a tuple of 6 fields");
        return -1;
    }
    if (parse_state(so, &k->root) < 0) return -1;
    int players = k->root.players;
    if (pyargs_long(seat_o, "seat", 0, players - 1, &seat) < 0) return -1;
    k->seat = (int32_t)seat;
    int n = int_list(order_o, "order", players, 0, players - 1, k->order);
    if (n < 0) return -1;
    k->norder = n;
    if (int_list(counts_o, "counts", players, 0, 52, k->counts) != players ||
        int_list(voids_o, "voids", players, 0, 15, k->voids) != players) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "counts and voids must hold one int per seat");
        return -1;
    }
    if (as_mask(unseen_o, "unseen", 52, &k->unseen) < 0) return -1;
    int dealt = 0;
    for (int i = 0; i < n; i++) dealt += k->counts[k->order[i]];
    if (dealt > count_cards(k->unseen)) {
        PyErr_SetString(PyExc_ValueError, "the other seats hold more cards than are unseen");
        return -1;
    }
    return 0;
}

static PyObject *py_search(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *ko, *go;
    int iterations, textbook, opponents;
    double epsilon, explore;
    unsigned long long seed;
    is_knowledge k;
    is_goal g;
    if (!PyArg_ParseTuple(args, "OO(iiddi)K", &ko, &go, &iterations, &textbook, &epsilon, &explore, &opponents, &seed))
        return NULL;
    if (parse_knowledge(ko, &k) < 0 || parse_goal(go, &g) < 0) return NULL;
    if (iterations < 1 || iterations > 10000000 || epsilon < 0 || epsilon > 1 || explore < 0 || opponents < 0 ||
        opponents > IS_OPP_POLICY) {
        PyErr_SetString(PyExc_ValueError,
                        "options: iterations 1..10,000,000, epsilon 0..1, explore >= 0, opponents 0..2");
        return NULL;
    }
    int32_t legal[IS_MAX_ACTIONS];
    if (k.root.phase == IS_PH_OVER || is_legal(&k.root, legal) == 0) {
        PyErr_SetString(PyExc_ValueError, "nothing to choose: the hand is over");
        return NULL;
    }
    if (k.root.turn != k.seat) {
        PyErr_SetString(PyExc_ValueError, "the searching seat is not the one to act");
        return NULL;
    }
    is_options opt = {iterations, textbook, epsilon, explore, opponents};
    int action;
    Py_BEGIN_ALLOW_THREADS action = is_search(&k, &g, &opt, (uint64_t)seed);
    Py_END_ALLOW_THREADS if (action == -1) return PyErr_NoMemory();
    return PyLong_FromLong(action);
}

static PyMethodDef methods[] = {
    {"legal", py_legal, METH_VARARGS, "legal(state) -> the legal action codes, ascending"},
    {"apply", py_apply, METH_VARARGS, "apply(state, action) -> the state after it"},
    {"textbook", py_textbook, METH_VARARGS, "textbook(state) -> the textbook player's action"},
    {"points", py_points, METH_VARARGS, "points(goal, bid, tricks) -> a seat's points for the hand"},
    {"estimate", py_estimate, METH_VARARGS, "estimate(hand, trump, players) -> the textbook's trick estimate"},
    {"search", py_search, METH_VARARGS,
     "search(knowledge, goal, (iterations, textbook, epsilon, explore), seed) -> action"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_ismcts",
                                    "Oh Hell / Knockout search in C (use engine.search.ismcts)", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__ismcts(void) { return PyModule_Create(&module); }
