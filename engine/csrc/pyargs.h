/* Argument checks the CPython bindings share (pysolver.c, pyfamily.c, pyismcts.c, pypointmcts.c): a
 * header of static functions, so each extension module carries its own copy and none
 * needs another's symbols. Include after <Python.h>. */
#ifndef WI_PYARGS_H
#define WI_PYARGS_H

/* ``o`` as a long in lo..hi, or -1 with a ValueError naming ``what`` */
static int pyargs_long(PyObject *o, const char *what, long lo, long hi, long *out) {
    if (!PyLong_Check(o) || PyBool_Check(o)) {
        PyErr_Format(PyExc_ValueError, "%s must be an int, not %.50s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    int overflow = 0;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s must be in %ld..%ld", what, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* ``o`` as a transposition table size in bytes (64 KiB .. 16 GiB), or -1 with a ValueError */
static int pyargs_table_bytes(PyObject *o, size_t *out) {
    long long v = PyLong_AsLongLong(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < (1LL << 16) || v > (1LL << 34)) {
        PyErr_SetString(PyExc_ValueError, "table size must be 64 KiB .. 16 GiB");
        return -1;
    }
    *out = (size_t)v;
    return 0;
}

static int count_cards(uint64_t m) {
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

/* ``o`` as a set of cards 0..bits-1 (52, or 54 with the jokers) */
static int as_mask(PyObject *o, const char *what, int bits, uint64_t *out) {
    if (!PyLong_Check(o) || PyBool_Check(o)) {
        PyErr_Format(PyExc_ValueError, "%s must be an int card mask", what);
        return -1;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    if (v >> bits) {
        PyErr_Format(PyExc_ValueError, "%s must be a %d-bit card mask", what, bits);
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

static int mask_list(PyObject *o, const char *what, int count, int bits, uint64_t *out) {
    PyObject *seq = PySequence_Fast(o, what);
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != count) {
        PyErr_Format(PyExc_ValueError, "%s must hold %d masks", what, count);
        Py_DECREF(seq);
        return -1;
    }
    for (int i = 0; i < count; i++)
        if (as_mask(PySequence_Fast_GET_ITEM(seq, i), what, bits, &out[i]) < 0) {
            Py_DECREF(seq);
            return -1;
        }
    Py_DECREF(seq);
    return 0;
}

#endif
