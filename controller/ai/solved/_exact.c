/* The exact solver of small Kaskade boards, in C: who wins a position with perfect play, and in
 * how many plies. It shares no code with the game's engine or its searches (an independent
 * check of both); controller/ai/solved/exact.py is the same algorithm in Python, the reference
 * it is tested against, and the path where no C compiler was present at install.
 *
 * A position is the signed ball count of every cell (White positive) and the number of balls,
 * which is the number of plies played. Every move adds a ball and a position that is not over
 * holds fewer balls than critical mass in every cell, so a game is a walk through a finite DAG:
 * a depth-first search with a table of solved positions visits each reachable position once.
 *
 * Two modes:
 *  - exact: every move of every position is searched, so every reachable position is visited;
 *    a position's value is "the mover wins in d plies" (the fewest, as a winner plays) or
 *    "loses in d" (the most, as a loser plays).
 *  - proof: a position is won as soon as one winning move is found; who wins is exact, d only
 *    an upper bound. Far fewer positions; for boards too large for exact.
 *
 * The table is one byte per position indexed directly by the position's mixed-radix number
 * where that fits in memory, else a hash table of 64-bit entries (index << 8 | value) whose
 * colliding entries are replaced (a lost entry is only solved again). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../_budget.h"

#define MAX_CELLS 25
#define WON 0x80 /* the value's bit: the side to move wins; the low 7 bits: plies to the end */
#define DIRECT_LIMIT (1ull << 27) /* positions: a direct table of at most 128 MiB */
#define PROBES 8
#define CHECK_EVERY 65536 /* positions between calls of the caller's check (a few ms) */

typedef struct {
    int n, exact, aborted;
    int critical[MAX_CELLS];
    int degree[MAX_CELLS];
    int neighbours[MAX_CELLS][4];
    uint64_t weight[MAX_CELLS];
    uint8_t *direct;
    uint64_t *hash;
    uint64_t mask;
    uint64_t positions, nodes, limit;
    PyObject *check; /* called every CHECK_EVERY positions with the GIL; true: stop */
    PyThreadState *thread;
    long pending;
    int failed;
} Solver;

static uint64_t index_of(const Solver *s, const int8_t *cells) {
    uint64_t index = 0;
    for (int i = 0; i < s->n; i++)
        index += (uint64_t)(cells[i] + s->critical[i] - 1) * s->weight[i];
    return index;
}

static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    return x ^ (x >> 33);
}

static int lookup(const Solver *s, uint64_t index) {
    if (s->direct) return s->direct[index];
    uint64_t slot = mix(index) & s->mask;
    for (int k = 0; k < PROBES; k++) {
        uint64_t entry = s->hash[(slot + k) & s->mask];
        if (!entry) return 0;
        if (entry >> 8 == index + 1) return (int)(entry & 0xff);
    }
    return 0;
}

static void store(Solver *s, uint64_t index, int value) {
    s->positions++;
    if (s->direct) {
        s->direct[index] = (uint8_t)value;
        return;
    }
    uint64_t slot = mix(index) & s->mask;
    uint64_t entry = ((index + 1) << 8) | (uint64_t)value;
    for (int k = 0; k < PROBES; k++) {
        uint64_t *at = &s->hash[(slot + k) & s->mask];
        if (!*at || *at >> 8 == index + 1) {
            *at = entry;
            return;
        }
    }
    s->hash[slot] = entry; /* full: replace the first */
}

static int place(const Solver *s, int8_t *cells, int cell, int plies) {
    /* Play a ball on cell at ply plies (White on even plies); returns whether it won: the
     * cascade runs generation by generation and stops once the opponent owns no cell (from
     * ply 1 on, when both have placed). */
    int sign = (plies & 1) ? -1 : 1;
    int balls = cells[cell] * sign + 1;
    cells[cell] = (int8_t)(balls * sign);
    if (balls < s->critical[cell]) return 0;
    int due[MAX_CELLS], count = 1;
    due[0] = cell;
    while (count) {
        for (int i = 0; i < count; i++) {
            int c = due[i];
            cells[c] = (int8_t)((cells[c] * sign - s->critical[c]) * sign);
            for (int k = 0; k < s->degree[c]; k++) {
                int m = s->neighbours[c][k];
                int held = cells[m] * sign;
                if (held < 0) held = -held;
                cells[m] = (int8_t)((held + 1) * sign);
            }
        }
        if (plies >= 1) {
            int opponent = 0;
            for (int i = 0; i < s->n && !opponent; i++) opponent = cells[i] * sign < 0;
            if (!opponent) return 1;
        }
        count = 0;
        for (int i = 0; i < s->n; i++)
            if (cells[i] * sign >= s->critical[i]) due[count++] = i;
    }
    return 0;
}

static int solve(Solver *s, const int8_t *cells, int plies) {
    /* The value of a position that is not over (0 when the node limit stopped the search). */
    uint64_t index = index_of(s, cells);
    int known = lookup(s, index);
    if (known) return known;
    if (++s->nodes > s->limit && s->limit) {
        s->aborted = 1;
        return 0;
    }
    if (s->check && ++s->pending >= CHECK_EVERY) {
        ask_budget(s->check, &s->pending, &s->thread, &s->aborted, &s->failed);
        if (s->aborted) return 0;
    }
    int sign = (plies & 1) ? -1 : 1;
    int win = 0, loss = 0;
    int8_t next[MAX_CELLS];
    int order[MAX_CELLS], count = 0;
    /* Overflowing moves first (they capture, and a proof stops at the first win), then the
     * rest; every one is searched in exact mode, so the order changes only the proof's cost. */
    for (int m = 0; m < s->n; m++)
        if (cells[m] * sign == s->critical[m] - 1) order[count++] = m;
    for (int m = 0; m < s->n; m++)
        if (cells[m] * sign >= 0 && cells[m] * sign < s->critical[m] - 1) order[count++] = m;
    for (int k = 0; k < count; k++) {
        int m = order[k];
        memcpy(next, cells, (size_t)s->n);
        if (place(s, next, m, plies)) {
            win = 1;
            if (!s->exact) break;
            continue; /* exact: every reachable position is visited, whatever the order */
        }
        int value = solve(s, next, plies + 1);
        if (!value) return 0;
        int d = (value & 0x7f) + 1;
        if (!(value & WON)) {
            if (!win || d < win) win = d;
            if (!s->exact) break;
        } else if (d > loss) {
            loss = d;
        }
    }
    int value = win ? (WON | win) : loss;
    store(s, index, value);
    return value;
}

static int setup(Solver *s, int width, int height, int exact, uint64_t limit, uint64_t table) {
    memset(s, 0, sizeof *s);
    s->n = width * height;
    s->exact = exact;
    s->limit = limit;
    uint64_t space = 1;
    int overflow = 0;
    for (int i = 0; i < s->n; i++) {
        int x = i % width, y = i / width;
        int d = 0;
        if (x > 0) s->neighbours[i][d++] = i - 1;
        if (x < width - 1) s->neighbours[i][d++] = i + 1;
        if (y > 0) s->neighbours[i][d++] = i - width;
        if (y < height - 1) s->neighbours[i][d++] = i + width;
        s->degree[i] = s->critical[i] = d;
        s->weight[i] = space;
        uint64_t radix = (uint64_t)(2 * d - 1);
        if (space > (UINT64_MAX >> 9) / radix) overflow = 1;
        space *= radix;
    }
    if (overflow) return -1;
    if (space <= DIRECT_LIMIT) {
        s->direct = calloc(space, 1);
        return s->direct ? 0 : -2;
    }
    uint64_t slots = 1;
    while (slots * 2 * sizeof(uint64_t) <= table) slots *= 2;
    s->mask = slots - 1;
    s->hash = calloc(slots, sizeof(uint64_t));
    return s->hash ? 0 : -2;
}

static void release(Solver *s) {
    free(s->direct);
    free(s->hash);
    free(s);
}

static PyObject *analyse(PyObject *self, PyObject *args) {
    /* analyse(width, height, cells, plies, exact, limit, table_bytes, order, first[, check])
     * -> (positions, nodes, complete, [(move, value), ...]) for the legal moves among order, in
     * that order (the first winning one last, with first); check(positions) is called now and
     * then, and a true answer stops the search (complete false); a move's value is +d when the mover
     * wins in d plies from here (this move included), -d when the mover loses in d, 0 when the
     * node limit stopped the search first. */
    int width, height, plies, exact, first;
    unsigned long long limit, table;
    PyObject *list, *order, *check = Py_None;
    if (!PyArg_ParseTuple(args, "iiOipKKOp|O", &width, &height, &list, &plies, &exact, &limit,
                          &table, &order, &first, &check))
        return NULL;
    if (width < 1 || height < 1 || width * height > MAX_CELLS) {
        PyErr_Format(PyExc_ValueError, "the exact solver takes boards of at most %d cells",
                     MAX_CELLS);
        return NULL;
    }
    Solver *s = malloc(sizeof *s);
    if (!s) return PyErr_NoMemory();
    int status = setup(s, width, height, exact, limit, table);
    if (status) {
        release(s);
        if (status == -2) return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, "the board has too many positions to number");
        return NULL;
    }
    int8_t cells[MAX_CELLS];
    PyObject *seq = PySequence_Fast(list, "cells must be a sequence");
    if (!seq || PySequence_Fast_GET_SIZE(seq) != s->n) {
        Py_XDECREF(seq);
        release(s);
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "cells must hold one count per cell");
        return NULL;
    }
    for (int i = 0; i < s->n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) break;
        if (v <= -s->critical[i] || v >= s->critical[i]) {
            PyErr_SetString(PyExc_ValueError,
                            "a cell holds critical mass or more: the position is over");
            break;
        }
        cells[i] = (int8_t)v;
    }
    Py_DECREF(seq);
    if (PyErr_Occurred()) {
        release(s);
        return NULL;
    }
    int roots[MAX_CELLS], tried = 0;
    seq = PySequence_Fast(order, "order must be a sequence");
    if (seq) {
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq) && tried < MAX_CELLS; i++) {
            long m = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
            if (m == -1 && PyErr_Occurred()) break;
            if (m < 0 || m >= s->n) {
                PyErr_SetString(PyExc_ValueError, "order names a cell off the board");
                break;
            }
            roots[tried++] = (int)m;
        }
        Py_DECREF(seq);
    }
    if (PyErr_Occurred()) {
        release(s);
        return NULL;
    }
    int moves[MAX_CELLS], values[MAX_CELLS], count = 0;
    int sign = (plies & 1) ? -1 : 1;
    s->check = check == Py_None ? NULL : check;
    s->thread = PyEval_SaveThread();
    for (int r = 0; first && r < tried; r++) { /* with first, a win at once comes first */
        int8_t next[MAX_CELLS];
        memcpy(next, cells, (size_t)s->n);
        if (cells[roots[r]] * sign >= 0 && place(s, next, roots[r], plies)) {
            roots[0] = roots[r];
            tried = 1;
        }
    }
    for (int r = 0; r < tried && !s->aborted; r++) {
        int m = roots[r];
        if (cells[m] * sign < 0) continue;
        int8_t next[MAX_CELLS];
        memcpy(next, cells, (size_t)s->n);
        int value;
        if (place(s, next, m, plies)) {
            value = 1;
        } else {
            int child = solve(s, next, plies + 1);
            int d = (child & 0x7f) + 1;
            value = !child ? 0 : (child & WON) ? -d : d;
        }
        moves[count] = m;
        values[count++] = value;
        if (first && value > 0) break;
    }
    PyEval_RestoreThread(s->thread);
    if (s->failed) {
        release(s);
        return NULL;
    }
    PyObject *result = PyList_New(count);
    for (int i = 0; result && i < count; i++) {
        PyObject *pair = Py_BuildValue("(ii)", moves[i], values[i]);
        if (!pair) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, i, pair);
    }
    PyObject *answer = result ? Py_BuildValue("(KKON)", (unsigned long long)s->positions,
                                              (unsigned long long)s->nodes,
                                              s->aborted ? Py_False : Py_True, result)
                              : NULL;
    release(s);
    return answer;
}

static PyMethodDef methods[] = {
    {"analyse", analyse, METH_VARARGS,
     "analyse(width, height, cells, plies, exact, limit, table_bytes, order, first[, check]) -> "
     "(positions, nodes, complete, [(move, value), ...]): the legal moves' values in order "
     "(up to the first win, with first): +d a win in d plies, -d a loss in d, 0 unknown (the "
     "node limit, 0 for none, came first)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_exact",
                                    "The exact solver of small Kaskade boards.", -1, methods};

PyMODINIT_FUNC PyInit__exact(void) { return PyModule_Create(&module); }
