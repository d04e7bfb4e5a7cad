/* CPython binding for the family solver (family.h): checks every argument,
 * then releases the GIL for the search. Each call borrows a context from a
 * small pool (taken and returned while holding the GIL), so calls from
 * several threads at once each search with their own table. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "family.h"
#include "pyargs.h"

#define POOL_MAX 8

static wf_ctx *pool[POOL_MAX];
static int pool_n = 0;
static size_t tt_bytes = WF_DEFAULT_TT_BYTES;

static wf_ctx *ctx_take(void) {
    if (pool_n > 0) return pool[--pool_n];
    wf_ctx *c = wf_ctx_new(tt_bytes);
    if (!c) PyErr_NoMemory();
    return c;
}

/* A context made before the size changed is freed, not kept. */
static void ctx_give(wf_ctx *c) {
    if (pool_n < POOL_MAX && wf_ctx_bytes(c) <= tt_bytes && wf_ctx_bytes(c) * 2 > tt_bytes) pool[pool_n++] = c;
    else wf_ctx_free(c);
}

/* hands, order (trump, downtown, ace_low, free_joker), leader, trick, side, maximise */
static int parse_position(PyObject *ho, PyObject *oo, PyObject *lo, PyObject *tro, PyObject *so, PyObject *mo,
                          wf_position *pos, wf_order *order) {
    PyObject *seq = PySequence_Fast(ho, "hands must be a sequence of card masks");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < WF_MIN_SEATS || n > WF_MAX_SEATS) {
        PyErr_Format(PyExc_ValueError, "hands must hold 2 to 7 masks, not %zd", n);
        Py_DECREF(seq);
        return -1;
    }
    pos->seats = (int)n;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *x = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyLong_Check(x) || PyBool_Check(x)) {
            PyErr_Format(PyExc_ValueError, "hand mask %zd must be an int", i);
            Py_DECREF(seq);
            return -1;
        }
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(x, &overflow);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (overflow || v < 0 || v >= (1LL << 54)) {
            PyErr_Format(PyExc_ValueError, "hand mask %zd must be a 54-bit mask", i);
            Py_DECREF(seq);
            return -1;
        }
        pos->hands[i] = (uint64_t)v;
    }
    Py_DECREF(seq);
    long v[4];
    seq = PySequence_Fast(oo, "order must be (trump, downtown, ace_low, free_joker)");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != 4) {
        PyErr_SetString(PyExc_ValueError, "order must be (trump, downtown, ace_low, free_joker)");
        Py_DECREF(seq);
        return -1;
    }
    static const char *names[] = {"trump", "downtown", "ace_low", "free_joker"};
    for (int i = 0; i < 4; i++)
        if (pyargs_long(PySequence_Fast_GET_ITEM(seq, i), names[i], 0, i ? 1 : 4, &v[i])) {
            Py_DECREF(seq);
            return -1;
        }
    Py_DECREF(seq);
    order->trump = (int)v[0];
    order->downtown = (int)v[1];
    order->ace_low = (int)v[2];
    order->free_joker = (int)v[3];
    long leader, side;
    if (pyargs_long(lo, "leader", 0, pos->seats - 1, &leader)) return -1;
    pos->leader = (int)leader;
    seq = PySequence_Fast(tro, "trick must be a sequence of card ints");
    if (!seq) return -1;
    n = PySequence_Fast_GET_SIZE(seq);
    if (n >= pos->seats) {
        PyErr_Format(PyExc_ValueError, "a trick in progress has fewer cards than seats, not %zd", n);
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long card;
        if (pyargs_long(PySequence_Fast_GET_ITEM(seq, i), "a trick card", 0, 53, &card)) {
            Py_DECREF(seq);
            return -1;
        }
        pos->trick[i] = (int)card;
    }
    pos->ntrick = (int)n;
    Py_DECREF(seq);
    if (pyargs_long(so, "side", 0, (1L << pos->seats) - 1, &side)) return -1;
    pos->side = (unsigned)side;
    int m = PyObject_IsTrue(mo);
    if (m < 0) return -1;
    pos->maximise = m;
    return 0;
}

static int parse_limits(PyObject *nl, PyObject *tl, unsigned long long *nodes, double *seconds) {
    if (!PyLong_Check(nl) || PyBool_Check(nl)) {
        PyErr_SetString(PyExc_ValueError, "node_limit must be an int");
        return -1;
    }
    *nodes = PyLong_AsUnsignedLongLong(nl);
    if (PyErr_Occurred()) return -1;
    *seconds = PyFloat_AsDouble(tl);
    if (*seconds == -1.0 && PyErr_Occurred()) return -1;
    if (!(*seconds >= 0) || *seconds > 1e9) {
        PyErr_SetString(PyExc_ValueError, "time_limit must be 0 (none) or a positive number of seconds");
        return -1;
    }
    return 0;
}

/* moves: 1 solve_moves, 0 solve, 2 at_least (one more argument, the tricks k, after maximise) */
static PyObject *call(PyObject *args, int moves) {
    PyObject *ho, *oo, *lo, *tro, *so, *mo, *nl, *tl;
    int k = 0;
    if (moves == 2) {
        if (!PyArg_ParseTuple(args, "OOOOOOiOO", &ho, &oo, &lo, &tro, &so, &mo, &k, &nl, &tl)) return NULL;
    } else if (!PyArg_ParseTuple(args, "OOOOOOOO", &ho, &oo, &lo, &tro, &so, &mo, &nl, &tl)) {
        return NULL;
    }
    wf_position pos;
    wf_order order;
    unsigned long long nodes;
    double seconds;
    if (parse_position(ho, oo, lo, tro, so, mo, &pos, &order)) return NULL;
    if (parse_limits(nl, tl, &nodes, &seconds)) return NULL;
    char err[WF_ERRLEN];
    if (wf_validate(&pos, &order, err, sizeof err)) {
        PyErr_SetString(PyExc_ValueError, err);
        return NULL;
    }
    wf_ctx *c = ctx_take();
    if (!c) return NULL;
    int cards[WF_MAX_HAND], values[WF_MAX_HAND], r;
    wf_ctx_set_limits(c, nodes, seconds);
    Py_BEGIN_ALLOW_THREADS
    r = moves == 1 ? wf_solve_moves(c, &pos, &order, cards, values, err, sizeof err)
        : moves == 2 ? wf_at_least(c, &pos, &order, k, err, sizeof err)
                     : wf_solve(c, &pos, &order, err, sizeof err);
    Py_END_ALLOW_THREADS
    ctx_give(c);
    if (r == WF_LIMIT) Py_RETURN_NONE;
    if (r < 0) {
        PyErr_SetString(PyExc_ValueError, err);
        return NULL;
    }
    if (moves == 2) return PyBool_FromLong(r);
    if (!moves) return PyLong_FromLong(r);
    PyObject *d = PyDict_New();
    if (!d) return NULL;
    for (int i = 0; i < r; i++) {
        PyObject *k = PyLong_FromLong(cards[i]), *v = PyLong_FromLong(values[i]);
        if (!k || !v || PyDict_SetItem(d, k, v)) {
            Py_XDECREF(k);
            Py_XDECREF(v);
            Py_DECREF(d);
            return NULL;
        }
        Py_DECREF(k);
        Py_DECREF(v);
    }
    return d;
}

static PyObject *py_solve_moves(PyObject *self, PyObject *args) {
    (void)self;
    return call(args, 1);
}

static PyObject *py_solve(PyObject *self, PyObject *args) {
    (void)self;
    return call(args, 0);
}

static PyObject *py_at_least(PyObject *self, PyObject *args) {
    (void)self;
    return call(args, 2);
}

static PyObject *py_nodes(PyObject *self, PyObject *noargs) {
    (void)self;
    (void)noargs;
    unsigned long long n = 0;
    for (int i = 0; i < pool_n; i++) n += wf_ctx_nodes(pool[i]);
    return PyLong_FromUnsignedLongLong(n);
}

static PyObject *py_clear_tables(PyObject *self, PyObject *noargs) {
    (void)self;
    (void)noargs;
    for (int i = 0; i < pool_n; i++) wf_ctx_clear(pool[i]);
    Py_RETURN_NONE;
}

static PyObject *py_set_tt_bytes(PyObject *self, PyObject *arg) {
    (void)self;
    if (pyargs_table_bytes(arg, &tt_bytes) < 0) return NULL;
    while (pool_n > 0) wf_ctx_free(pool[--pool_n]); /* made at the new size on next use */
    Py_RETURN_NONE;
}

static PyObject *py_get_tt_bytes(PyObject *self, PyObject *noargs) {
    (void)self;
    (void)noargs;
    return PyLong_FromSize_t(tt_bytes);
}

static PyMethodDef methods[] = {
    {"solve_moves", py_solve_moves, METH_VARARGS,
     "solve_moves(hands, order, leader, trick, side, maximise, node_limit, time_limit) -> {card: tricks} or None"},
    {"solve", py_solve, METH_VARARGS,
     "solve(hands, order, leader, trick, side, maximise, node_limit, time_limit) -> tricks or None"},
    {"at_least", py_at_least, METH_VARARGS,
     "at_least(hands, order, leader, trick, side, maximise, k, node_limit, time_limit) -> bool or None"},
    {"nodes", py_nodes, METH_NOARGS, "Search nodes visited by pooled contexts (benchmarks)."},
    {"clear_tables", py_clear_tables, METH_NOARGS, "Forget every stored position (pooled contexts)."},
    {"set_tt_bytes", py_set_tt_bytes, METH_O, "Set the transposition table size in bytes (at most)."},
    {"get_tt_bytes", py_get_tt_bytes, METH_NOARGS, "The transposition table size in bytes (at most)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "engine._family", "Exact trick solver for the whist family (C core).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__family(void) { return PyModule_Create(&module); }
