/* CPython binding for the trick evaluator: checks every argument, then
 * releases the GIL for the search. Each call borrows a solver context from
 * a small pool (taken and returned while holding the GIL), so concurrent
 * calls from several threads each search with their own table. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "deals.h"
#include "pyargs.h"
#include "solver.h"

#define POOL_MAX 8

static ws_ctx *pool[POOL_MAX];
static int pool_n = 0;
static size_t tt_bytes = WS_DEFAULT_TT_BYTES;

/* A new context. Its table is only mapped, not touched, but mapping a large
   one is still a system call or two: the GIL is released meanwhile, so the
   screen's thread keeps drawing. */
static ws_ctx *ctx_new(size_t bytes) {
    ws_ctx *c;
    Py_BEGIN_ALLOW_THREADS
    c = ws_ctx_new(bytes);
    Py_END_ALLOW_THREADS
    return c;
}

static ws_ctx *ctx_take(void) {
    if (pool_n > 0) return pool[--pool_n];
    ws_ctx *c = ctx_new(tt_bytes);
    if (!c) PyErr_NoMemory();
    return c;
}

static void ctx_give(ws_ctx *c) {
    if (pool_n < POOL_MAX && ws_ctx_bytes(c) >= tt_bytes / 2 && ws_ctx_bytes(c) <= tt_bytes * 2)
        pool[pool_n++] = c;
    else
        ws_ctx_free(c);
}

static int parse_hands(PyObject *o, uint64_t *hands) {
    PyObject *seq = PySequence_Fast(o, "hands must be a sequence of 4 card masks");
    if (!seq) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "hands must be a sequence of 4 card masks (N, E, S, W)");
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(seq) != 4) {
        PyErr_Format(PyExc_ValueError, "hands must hold 4 masks (N, E, S, W), not %zd",
                     PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return -1;
    }
    for (int i = 0; i < 4; i++) {
        PyObject *x = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyLong_Check(x) || PyBool_Check(x)) {
            PyErr_Format(PyExc_ValueError, "hand mask %d must be an int", i);
            Py_DECREF(seq);
            return -1;
        }
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(x, &overflow);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (overflow || v < 0 || v >= (1LL << 52)) {
            PyErr_Format(PyExc_ValueError, "hand mask %d must be a 52-bit mask (0 <= m < 2**52)", i);
            Py_DECREF(seq);
            return -1;
        }
        hands[i] = (uint64_t)v;
    }
    Py_DECREF(seq);
    return 0;
}

static int parse_trick(PyObject *o, int *trick, int *ntrick) {
    PyObject *seq = PySequence_Fast(o, "trick must be a sequence of card ints");
    if (!seq) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "trick must be a sequence of card ints");
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > 3) {
        PyErr_Format(PyExc_ValueError, "a trick in progress has 0 to 3 cards, not %zd", n);
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v;
        if (pyargs_long(PySequence_Fast_GET_ITEM(seq, i), "a trick card", 0, 51, &v)) {
            Py_DECREF(seq);
            return -1;
        }
        trick[i] = (int)v;
    }
    *ntrick = (int)n;
    Py_DECREF(seq);
    return 0;
}

static int parse_limit(PyObject *o, unsigned long long *out) {
    *out = 0;
    if (!o || o == Py_None) return 0;
    if (!PyLong_Check(o) || PyBool_Check(o)) {
        PyErr_Format(PyExc_ValueError, "node_limit must be an int, not %.50s", Py_TYPE(o)->tp_name);
        return -1;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow || v < 0) {
        PyErr_SetString(PyExc_ValueError, "node_limit must be 0 (no limit) or a positive int");
        return -1;
    }
    *out = (unsigned long long)v;
    return 0;
}

static int parse_time(PyObject *o, double *out) {
    *out = 0;
    if (!o || o == Py_None) return 0;
    if ((!PyFloat_Check(o) && !PyLong_Check(o)) || PyBool_Check(o)) {
        PyErr_Format(PyExc_ValueError, "time_limit must be a number of seconds, not %.50s",
                     Py_TYPE(o)->tp_name);
        return -1;
    }
    double v = PyFloat_AsDouble(o);
    if (v == -1.0 && PyErr_Occurred()) return -1;
    if (!(v >= 0) || v > 1e9) { /* also refuses NaN */
        PyErr_SetString(PyExc_ValueError, "time_limit must be 0 (no limit) or a positive number of seconds");
        return -1;
    }
    *out = v;
    return 0;
}

static PyObject *py_solve_moves_masks(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"hands", "trump", "leader", "trick", "node_limit", "time_limit", "guess",
                             "width", NULL};
    PyObject *ho, *to, *lo, *tr = NULL, *nl = NULL, *tl = NULL, *go = NULL, *wo = NULL;
    unsigned long long limit;
    double seconds;
    long guess = -1, width = 0;
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO|OOOOO:solve_moves_masks", kwlist, &ho, &to, &lo,
                                     &tr, &nl, &tl, &go, &wo))
        return NULL;
    if (go && go != Py_None && pyargs_long(go, "guess", -1, 13, &guess)) return NULL;
    if (wo && wo != Py_None && pyargs_long(wo, "width", 0, 13, &width)) return NULL;
    if (parse_limit(nl, &limit)) return NULL;
    if (parse_time(tl, &seconds)) return NULL;
    uint64_t hands[4];
    int trick[3], ntrick = 0;
    long trump, leader;
    if (parse_hands(ho, hands)) return NULL;
    if (pyargs_long(to, "trump", 0, 4, &trump)) return NULL;
    if (pyargs_long(lo, "leader", 0, 3, &leader)) return NULL;
    if (tr && parse_trick(tr, trick, &ntrick)) return NULL;
    char err[WS_ERRLEN];
    if (ws_validate(hands, (int)trump, (int)leader, trick, ntrick, err, sizeof err)) {
        PyErr_SetString(PyExc_ValueError, err);
        return NULL;
    }
    ws_ctx *c = ctx_take();
    if (!c) return NULL;
    int cards[13], values[13], n;
    ws_ctx_set_node_limit(c, limit);
    ws_ctx_set_time_limit(c, seconds);
    ws_ctx_set_guess(c, (int)guess);
    ws_ctx_set_width(c, (int)width);
    Py_BEGIN_ALLOW_THREADS
    n = ws_solve_moves(c, hands, (int)trump, (int)leader, trick, ntrick, cards, values, err,
                       sizeof err);
    Py_END_ALLOW_THREADS
    ctx_give(c);
    if (n == WS_LIMIT) Py_RETURN_NONE;
    if (n < 0) {
        PyErr_SetString(PyExc_ValueError, err);
        return NULL;
    }
    PyObject *d = PyDict_New();
    if (!d) return NULL;
    for (int i = 0; i < n; i++) {
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

static PyObject *py_solve_masks(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"hands", "trump", "leader", "node_limit", "time_limit", NULL};
    PyObject *ho, *to, *lo, *nl = NULL, *tl = NULL;
    unsigned long long limit;
    double seconds;
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO|OO:solve_masks", kwlist, &ho, &to, &lo, &nl, &tl))
        return NULL;
    if (parse_limit(nl, &limit)) return NULL;
    if (parse_time(tl, &seconds)) return NULL;
    uint64_t hands[4];
    long trump, leader;
    if (parse_hands(ho, hands)) return NULL;
    if (pyargs_long(to, "trump", 0, 4, &trump)) return NULL;
    if (pyargs_long(lo, "leader", 0, 3, &leader)) return NULL;
    char err[WS_ERRLEN];
    if (ws_validate(hands, (int)trump, (int)leader, NULL, 0, err, sizeof err)) {
        PyErr_SetString(PyExc_ValueError, err);
        return NULL;
    }
    ws_ctx *c = ctx_take();
    if (!c) return NULL;
    int r;
    ws_ctx_set_node_limit(c, limit);
    ws_ctx_set_time_limit(c, seconds);
    ws_ctx_set_guess(c, -1);
    ws_ctx_set_width(c, 0);
    Py_BEGIN_ALLOW_THREADS
    r = ws_solve(c, hands, (int)trump, (int)leader, err, sizeof err);
    Py_END_ALLOW_THREADS
    ctx_give(c);
    if (r == WS_LIMIT) Py_RETURN_NONE;
    if (r < 0) {
        PyErr_SetString(PyExc_ValueError, err);
        return NULL;
    }
    return PyLong_FromLong(r);
}

static PyObject *py_set_tt_bytes(PyObject *self, PyObject *arg) {
    (void)self;
    if (pyargs_table_bytes(arg, &tt_bytes) < 0) return NULL;
    while (pool_n > 0) ws_ctx_free(pool[--pool_n]); /* rebuilt at the new size on next use */
    Py_RETURN_NONE;
}

static PyObject *py_get_tt_bytes(PyObject *self, PyObject *noargs) {
    (void)self;
    (void)noargs;
    return PyLong_FromSize_t(tt_bytes);
}

static PyObject *py_clear_tables(PyObject *self, PyObject *noargs) {
    (void)self;
    (void)noargs;
    for (int i = 0; i < pool_n; i++) ws_ctx_clear(pool[i]);
    Py_RETURN_NONE;
}

static PyObject *py_reserve(PyObject *self, PyObject *arg) {
    (void)self;
    long n = PyLong_AsLong(arg);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n < 0 || n > POOL_MAX) {
        PyErr_Format(PyExc_ValueError, "contexts to reserve must be in 0..%d, not %ld", POOL_MAX, n);
        return NULL;
    }
    /* allocated now (each table is touched page by page, ~0.1 s for 64 MiB)
       so that threads solving at once never pay for it inside a move */
    while (pool_n < n) {
        size_t bytes = tt_bytes;
        ws_ctx *c = ctx_new(bytes);
        if (!c) return PyErr_NoMemory();
        if (pool_n >= POOL_MAX || bytes != tt_bytes) { /* the pool changed meanwhile */
            ws_ctx_free(c);
            if (pool_n >= POOL_MAX) break;
            continue;
        }
        pool[pool_n++] = c;
    }
    return PyLong_FromLong(pool_n);
}

static PyObject *pool_sum(unsigned long long (*count)(const ws_ctx *)) {
    unsigned long long n = 0;
    for (int i = 0; i < pool_n; i++) n += count(pool[i]);
    return PyLong_FromUnsignedLongLong(n);
}

static PyObject *py_nodes(PyObject *self, PyObject *noargs) {
    (void)self;
    (void)noargs;
    return pool_sum(ws_ctx_nodes);
}

static PyObject *py_trick_nodes(PyObject *self, PyObject *noargs) {
    (void)self;
    (void)noargs;
    return pool_sum(ws_ctx_trick_nodes);
}

extern int ws_debug_flags;
static PyObject *py_debug_flags(PyObject *self, PyObject *arg) {
    (void)self;
    long v = PyLong_AsLong(arg);
    if (v == -1 && PyErr_Occurred()) return NULL;
    ws_debug_flags = (int)v;
    while (pool_n > 0) ws_ctx_free(pool[--pool_n]);
    Py_RETURN_NONE;
}

static PyObject *py_deal_layouts(PyObject *self, PyObject *args) {
    Py_buffer buf;
    PyObject *baseo, *cardso, *otherso;
    int r0, r1;
    Py_ssize_t n;
    unsigned long long seed;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*OOO(ii)nK:deal_layouts", &buf, &baseo, &cardso, &otherso, &r0, &r1,
                          &n, &seed))
        return NULL;
    PyObject *out = NULL;
    wd_plan *plan = NULL;
    uint64_t base[4], cards[4], o[3];
    int others[3];
    if (buf.len != 0 && buf.len != (Py_ssize_t)sizeof(wd_plan)) {
        PyErr_Format(PyExc_ValueError, "a plan is %zu bytes (or none), not %zd", sizeof(wd_plan), buf.len);
        goto done;
    }
    if (r0 < 0 || r0 > WD_MAXNEED || r1 < 0 || r1 > WD_MAXNEED || n < 0) {
        PyErr_SetString(PyExc_ValueError, "needs must be in 0..13 and the count not negative");
        goto done;
    }
    if (mask_list(baseo, "base", 4, 52, base) || mask_list(cardso, "suit cards", 4, 52, cards) ||
        mask_list(otherso, "others", 3, 52, o))
        goto done;
    for (int k = 0; k < 4; k++)
        if (cards[k] & ~((uint64_t)0x1FFF << (13 * k))) {
            PyErr_Format(PyExc_ValueError, "suit cards %d: a card of another suit", k);
            goto done;
        }
    for (int i = 0; i < 3; i++) {
        if (o[i] > 3 || (i && o[i] == o[0]) || (i == 2 && o[2] == o[1])) {
            PyErr_SetString(PyExc_ValueError, "others must be three different seats 0..3");
            goto done;
        }
        others[i] = (int)o[i];
    }
    if (buf.len) { /* without a plan: no voids, a plain shuffle */
        plan = PyMem_Malloc(sizeof(wd_plan)); /* a copy: the buffer need not be aligned */
        if (!plan) {
            PyErr_NoMemory();
            goto done;
        }
        memcpy(plan, buf.buf, sizeof(wd_plan));
    }
    out = PyList_New(n);
    if (!out) goto done;
    wd_rng rng;
    wd_seed(&rng, (uint64_t)seed);
    for (Py_ssize_t i = 0; i < n; i++) {
        uint64_t hands[4];
        if (plan ? wd_deal(plan, base, cards, others, r0, r1, &rng, hands)
                 : wd_deal_free(base, cards, others, r0, r1, &rng, hands)) {
            PyErr_SetString(PyExc_ValueError, "the plan has no layout for these needs");
            Py_CLEAR(out);
            goto done;
        }
        PyObject *t = Py_BuildValue("(KKKK)", (unsigned long long)hands[0], (unsigned long long)hands[1],
                                    (unsigned long long)hands[2], (unsigned long long)hands[3]);
        if (!t) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, i, t);
    }
done:
    PyMem_Free(plan);
    PyBuffer_Release(&buf);
    return out;
}

static PyMethodDef methods[] = {
    {"_debug_flags", py_debug_flags, METH_O, "Switch off search features (testing only)."},
    {"deal_layouts", py_deal_layouts, METH_VARARGS,
     "deal_layouts(plan, base, suit_cards, others, (r0, r1), n, seed): n uniform layouts "
     "(engine.search.sampling; plan b'' when no seat has shown out)."},
    {"solve_moves_masks", (PyCFunction)(void (*)(void))py_solve_moves_masks,
     METH_VARARGS | METH_KEYWORDS,
     "solve_moves_masks(hands, trump, leader, trick=(), node_limit=0, time_limit=0.0, guess=-1, width=0) -> {card: tricks} or None"},
    {"solve_masks", (PyCFunction)(void (*)(void))py_solve_masks, METH_VARARGS | METH_KEYWORDS,
     "solve_masks(hands, trump, leader, node_limit=0, time_limit=0.0) -> tricks or None"},
    {"set_tt_bytes", py_set_tt_bytes, METH_O, "Set the transposition table size in bytes."},
    {"get_tt_bytes", py_get_tt_bytes, METH_NOARGS, "The transposition table size in bytes."},
    {"clear_tables", py_clear_tables, METH_NOARGS, "Forget every stored position (pooled contexts)."},
    {"reserve", py_reserve, METH_O, "Keep at least n solver contexts ready (one per thread solving at once)."},
    {"nodes", py_nodes, METH_NOARGS, "Search nodes visited by pooled contexts (benchmarks)."},
    {"trick_nodes", py_trick_nodes, METH_NOARGS,
     "Of those, the nodes at the start of a trick (as DDS counts nodes; benchmarks)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "engine._solver", "Exact double-dummy trick evaluator (C core).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__solver(void) { return PyModule_Create(&module); }
