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
 *    an upper bound. Far fewer positions; for boards too large for exact. The proof makes the
 *    most of that: a move that wins at once or leads to a position the table knows is lost is
 *    taken before any search; the other moves are tried best first by the classical evaluation
 *    (a proof's cost is how soon it finds a winning move); and a position and its mirror
 *    images and rotations are one entry of the table (the board's symmetries).
 *
 * analyse() solves with a table of its own; a prover() keeps its proof table between its
 * prove() calls, which find one winning move each: a strategy table's generation proves every
 * position of the winning seat with one table, at about the cost of the first proof.
 *
 * The table is one byte per position indexed directly by the position's mixed-radix number
 * where that fits in memory, else a hash table of 64-bit entries (plies << 56 | (index + 1)
 * << 8 | value) where a new entry replaces, among its probes, the one nearest the end of the
 * game (the cheapest to solve again). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../_budget.h"
#include "../_mix.h"

#define MAX_CELLS 25
#define MAX_SYMMETRIES 8
#define KEY_BITS 48 /* a hashed position's index + 1; the plies above it */
#define KEY_MASK ((1ull << KEY_BITS) - 1)
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
    int symmetries;                     /* 1 in exact mode (every position counted) */
    int image[MAX_SYMMETRIES][MAX_CELLS]; /* where each symmetry takes each cell */
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
    /* The position's number: the least of its symmetric images' (its own in exact mode). */
    uint64_t least = UINT64_MAX;
    for (int t = 0; t < s->symmetries; t++) {
        uint64_t index = 0;
        for (int i = 0; i < s->n; i++)
            index += (uint64_t)(cells[i] + s->critical[i] - 1) * s->weight[s->image[t][i]];
        if (index < least) least = index;
    }
    return least;
}

static int lookup(const Solver *s, uint64_t index) {
    if (s->direct) return s->direct[index];
    uint64_t slot = mix(index) & s->mask;
    for (int k = 0; k < PROBES; k++) {
        uint64_t entry = s->hash[(slot + k) & s->mask];
        if (!entry) return 0;
        if ((entry >> 8 & KEY_MASK) == index + 1) return (int)(entry & 0xff);
    }
    return 0;
}

static void store(Solver *s, uint64_t index, int plies, int value) {
    s->positions++;
    if (s->direct) {
        s->direct[index] = (uint8_t)value;
        return;
    }
    uint64_t slot = mix(index) & s->mask;
    uint64_t entry = (uint64_t)plies << 56 | (index + 1) << 8 | (uint64_t)value;
    uint64_t *latest = &s->hash[slot];
    for (int k = 0; k < PROBES; k++) {
        uint64_t *at = &s->hash[(slot + k) & s->mask];
        if (!*at || (*at >> 8 & KEY_MASK) == index + 1) {
            *at = entry;
            return;
        }
        if (*at >> 56 > *latest >> 56) latest = at;
    }
    *latest = entry; /* full: replace the entry nearest the end of its game */
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

static int judge(const Solver *s, const int8_t *cells, int sign) {
    /* The classical evaluation for the side sign, the proof's move order: per cell its balls;
     * a cell next to an enemy cell one ball from overflowing loses 5 minus its critical mass,
     * one without such a threat gains 3 in a corner, 2 on an edge and 2 more if it is itself
     * one ball from overflowing; the opponent's cells count against. */
    int score = 0;
    for (int i = 0; i < s->n; i++) {
        int owned = cells[i] * sign;
        if (!owned) continue;
        int side = owned > 0 ? 1 : -1, balls = owned * side, critical = s->critical[i];
        int threatened = 0;
        for (int k = 0; k < s->degree[i]; k++) {
            int m = s->neighbours[i][k], held = cells[m] * sign * side;
            if (held < 0 && -held == s->critical[m] - 1) threatened = 1;
        }
        int value = balls;
        if (threatened)
            value -= 5 - critical;
        else
            value += (critical == 2 ? 3 : critical == 3 ? 2 : 0) + (balls == critical - 1 ? 2 : 0);
        score += side * value;
    }
    return score;
}

static int solve(Solver *s, const int8_t *cells, int plies, uint64_t index) {
    /* The value of a position that is not over, index its number (0 when the node limit or
     * the check stopped the search). */
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
    int win = 0, loss = 0, count = 0;
    int8_t next[MAX_CELLS][MAX_CELLS];
    uint64_t keys[MAX_CELLS];
    int order[MAX_CELLS], score[MAX_CELLS];
    for (int m = 0; m < s->n; m++) {
        if (cells[m] * sign < 0) continue;
        memcpy(next[count], cells, (size_t)s->n);
        if (place(s, next[count], m, plies)) {
            win = 1;
            if (!s->exact) break;
            continue; /* exact: every reachable position is visited, whatever the order */
        }
        keys[count] = index_of(s, next[count]);
        score[count] = s->exact ? 0 : judge(s, next[count], sign);
        order[count] = count;
        count++;
    }
    for (int k = 0; k < count && !s->exact && !win; k++) { /* a move into a known loss */
        int value = lookup(s, keys[k]);
        if (value && !(value & WON)) win = (value & 0x7f) + 1;
    }
    for (int k = 1; k < count && !s->exact; k++) { /* best first: a proof stops at a win */
        int moved = order[k], j = k;
        for (; j > 0 && score[order[j - 1]] < score[moved]; j--) order[j] = order[j - 1];
        order[j] = moved;
    }
    for (int k = 0; k < count && (s->exact || !win); k++) {
        int value = solve(s, next[order[k]], plies + 1, keys[order[k]]);
        if (!value) return 0;
        int d = (value & 0x7f) + 1;
        if (!(value & WON)) {
            if (!win || d < win) win = d;
        } else if (d > loss) {
            loss = d;
        }
    }
    int value = win ? (WON | win) : loss;
    store(s, index, plies, value);
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
    s->symmetries = exact ? 1 : width == height ? 8 : 4;
    for (int t = 0; t < s->symmetries; t++) { /* mirror x (1), mirror y (2), transpose (4) */
        for (int i = 0; i < s->n; i++) {
            int x = i % width, y = i / width;
            if (t & 1) x = width - 1 - x;
            if (t & 2) y = height - 1 - y;
            s->image[t][i] = t & 4 ? x * width + y : y * width + x;
        }
    }
    if (overflow) return -1;
    if (space <= DIRECT_LIMIT) {
        s->direct = calloc(space, 1);
        return s->direct ? 0 : -2;
    }
    if (space >= KEY_MASK) return -1;
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

static Solver *create(int width, int height, int exact, uint64_t limit, uint64_t table) {
    /* A solver of the board, or NULL with the error set. */
    if (width < 1 || height < 1 || width * height > MAX_CELLS) {
        PyErr_Format(PyExc_ValueError, "the exact solver takes boards of at most %d cells",
                     MAX_CELLS);
        return NULL;
    }
    Solver *s = malloc(sizeof *s);
    if (!s) return (Solver *)PyErr_NoMemory();
    int status = setup(s, width, height, exact, limit, table);
    if (status) {
        release(s);
        if (status == -2) return (Solver *)PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, "the board has too many positions to number");
        return NULL;
    }
    return s;
}

static int read_cells(const Solver *s, PyObject *list, int8_t *cells) {
    /* A position's signed ball counts into cells; -1 with the error set. */
    PyObject *seq = PySequence_Fast(list, "cells must be a sequence");
    if (!seq || PySequence_Fast_GET_SIZE(seq) != s->n) {
        Py_XDECREF(seq);
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "cells must hold one count per cell");
        return -1;
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
    return PyErr_Occurred() ? -1 : 0;
}

static int read_order(const Solver *s, PyObject *order, int *roots) {
    /* The moves to try into roots: how many, or -1 with the error set. */
    int tried = 0;
    PyObject *seq = PySequence_Fast(order, "order must be a sequence");
    if (!seq) return -1;
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
    return PyErr_Occurred() ? -1 : tried;
}

static int root(Solver *s, const int8_t *cells, int plies, int *roots, int tried, int first,
                int *moves, int *values) {
    /* The values of the legal moves among roots, in that order (up to the first win, with
     * first): how many; run without the interpreter's lock. */
    int count = 0, sign = (plies & 1) ? -1 : 1;
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
            int child = solve(s, next, plies + 1, index_of(s, next));
            int d = (child & 0x7f) + 1;
            value = !child ? 0 : (child & WON) ? -d : d;
        }
        moves[count] = m;
        values[count++] = value;
        if (first && value > 0) break;
    }
    return count;
}

static PyObject *pairs(const int *moves, const int *values, int count) {
    /* [(move, value), ...] */
    PyObject *result = PyList_New(count);
    for (int i = 0; result && i < count; i++) {
        PyObject *pair = Py_BuildValue("(ii)", moves[i], values[i]);
        if (!pair) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, i, pair);
    }
    return result;
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
    Solver *s = create(width, height, exact, limit, table);
    if (!s) return NULL;
    int8_t cells[MAX_CELLS];
    int roots[MAX_CELLS], moves[MAX_CELLS], values[MAX_CELLS];
    int tried = read_cells(s, list, cells) ? -1 : read_order(s, order, roots);
    if (tried < 0) {
        release(s);
        return NULL;
    }
    s->check = check == Py_None ? NULL : check;
    s->thread = PyEval_SaveThread();
    int count = root(s, cells, plies, roots, tried, first, moves, values);
    PyEval_RestoreThread(s->thread);
    PyObject *result = s->failed ? NULL : pairs(moves, values, count);
    PyObject *answer = result ? Py_BuildValue("(KKON)", (unsigned long long)s->positions,
                                              (unsigned long long)s->nodes,
                                              s->aborted ? Py_False : Py_True, result)
                              : NULL;
    release(s);
    return answer;
}

static PyObject *analyse_many(PyObject *self, PyObject *args) {
    /* analyse_many(width, height, [(cells, plies), ...], exact, table_bytes) -> (positions,
     * [[(move, value), ...], ...]): every legal move of every position, as analyse gives them,
     * with one table for all (a position solved for one is known to the next). */
    int width, height, exact;
    unsigned long long table;
    PyObject *list;
    if (!PyArg_ParseTuple(args, "iiOpK", &width, &height, &list, &exact, &table)) return NULL;
    PyObject *seq = PySequence_Fast(list, "positions must be a sequence");
    if (!seq) return NULL;
    Solver *s = create(width, height, exact, 0, table);
    PyObject *results = s ? PyList_New(0) : NULL;
    int roots[MAX_CELLS], moves[MAX_CELLS], values[MAX_CELLS];
    for (Py_ssize_t i = 0; results && i < PySequence_Fast_GET_SIZE(seq); i++) {
        int8_t cells[MAX_CELLS];
        PyObject *cells_list;
        int plies;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "Oi", &cells_list, &plies) ||
            read_cells(s, cells_list, cells)) {
            Py_CLEAR(results);
            break;
        }
        for (int m = 0; m < s->n; m++) roots[m] = m;
        s->thread = PyEval_SaveThread();
        int count = root(s, cells, plies, roots, s->n, 0, moves, values);
        PyEval_RestoreThread(s->thread);
        PyObject *result = pairs(moves, values, count);
        if (!result || PyList_Append(results, result)) Py_CLEAR(results);
        Py_XDECREF(result);
    }
    Py_DECREF(seq);
    PyObject *answer = results ? Py_BuildValue("(KN)", (unsigned long long)s->positions, results)
                               : NULL;
    if (s) release(s);
    return answer;
}

static void drop_prover(PyObject *capsule) {
    release((Solver *)PyCapsule_GetPointer(capsule, "kaskade.prover"));
}

static PyObject *prover(PyObject *self, PyObject *args) {
    /* prover(width, height, table_bytes) -> a proof solver whose table lives as long as it
     * does: every prove() on it reuses what the ones before it solved (the strategy table's
     * generation proves a hundred thousand positions so, about the cost of the first). */
    int width, height;
    unsigned long long table;
    if (!PyArg_ParseTuple(args, "iiK", &width, &height, &table)) return NULL;
    Solver *s = create(width, height, 0, 0, table);
    if (!s) return NULL;
    PyObject *capsule = PyCapsule_New(s, "kaskade.prover", drop_prover);
    if (!capsule) release(s);
    return capsule;
}

static int prove_root(Solver *s, const int8_t *cells, int plies, int *move) {
    /* A winning move of the position in *move and its value (WON | plies to the end), as the
     * proof orders its moves: a win at once, a move into a position known lost, then best first
     * by the evaluation; in a lost position the move of the longest loss found and its value;
     * 0 when stopped. Runs without the interpreter's lock. */
    int sign = (plies & 1) ? -1 : 1;
    int count = 0, moves[MAX_CELLS], order[MAX_CELLS], score[MAX_CELLS];
    int8_t next[MAX_CELLS][MAX_CELLS];
    uint64_t keys[MAX_CELLS];
    for (int m = 0; m < s->n; m++) {
        if (cells[m] * sign < 0) continue;
        memcpy(next[count], cells, (size_t)s->n);
        if (place(s, next[count], m, plies)) {
            *move = m;
            return WON | 1;
        }
        keys[count] = index_of(s, next[count]);
        score[count] = judge(s, next[count], sign);
        moves[count] = m;
        order[count] = count;
        count++;
    }
    for (int k = 0; k < count; k++) { /* a move into a known loss */
        int value = lookup(s, keys[k]);
        if (value && !(value & WON)) {
            *move = moves[k];
            return WON | ((value & 0x7f) + 1);
        }
    }
    for (int k = 1; k < count; k++) {
        int moved = order[k], j = k;
        for (; j > 0 && score[order[j - 1]] < score[moved]; j--) order[j] = order[j - 1];
        order[j] = moved;
    }
    int loss = 0;
    for (int k = 0; k < count; k++) {
        int value = solve(s, next[order[k]], plies + 1, keys[order[k]]);
        if (!value) return 0;
        int d = (value & 0x7f) + 1;
        if (!(value & WON)) {
            *move = moves[order[k]];
            return WON | d;
        }
        if (d > loss) {
            loss = d;
            *move = moves[order[k]];
        }
    }
    return loss;
}

static PyObject *prove(PyObject *self, PyObject *args) {
    /* prove(prover, cells, plies[, check]) -> (move, value, positions, complete): a winning
     * move and +d (the mover wins in at most d plies, this move included), or in a lost
     * position the longest loss found and -d; positions: those solved by this call; check as
     * analyse's (stopped: value 0, complete false, move -1 or the move last tried). */
    PyObject *capsule, *list, *check = Py_None;
    int plies;
    if (!PyArg_ParseTuple(args, "OOi|O", &capsule, &list, &plies, &check)) return NULL;
    Solver *s = PyCapsule_GetPointer(capsule, "kaskade.prover");
    if (!s) return NULL;
    int8_t cells[MAX_CELLS];
    if (read_cells(s, list, cells)) return NULL;
    s->check = check == Py_None ? NULL : check;
    s->aborted = s->failed = 0;
    s->pending = 0;
    s->nodes = 0;
    uint64_t before = s->positions;
    int move = -1;
    s->thread = PyEval_SaveThread();
    int value = prove_root(s, cells, plies, &move);
    PyEval_RestoreThread(s->thread);
    s->check = NULL;
    if (s->failed) return NULL;
    int d = value & 0x7f;
    return Py_BuildValue("(iiKO)", move, !value ? 0 : (value & WON) ? d : -d,
                         (unsigned long long)(s->positions - before),
                         value ? Py_True : Py_False);
}

static PyMethodDef methods[] = {
    {"analyse", analyse, METH_VARARGS,
     "analyse(width, height, cells, plies, exact, limit, table_bytes, order, first[, check]) -> "
     "(positions, nodes, complete, [(move, value), ...]): the legal moves' values in order "
     "(up to the first win, with first): +d a win in d plies, -d a loss in d, 0 unknown (the "
     "node limit, 0 for none, came first)."},
    {"analyse_many", analyse_many, METH_VARARGS,
     "analyse_many(width, height, [(cells, plies), ...], exact, table_bytes) -> (positions, "
     "[[(move, value), ...], ...]): every legal move's value in each position, one table for "
     "all."},
    {"prover", prover, METH_VARARGS,
     "prover(width, height, table_bytes) -> a proof solver whose table is kept between proofs."},
    {"prove", prove, METH_VARARGS,
     "prove(prover, cells, plies[, check]) -> (move, value, positions, complete): a winning "
     "move (+d: a win in at most d plies) or the longest loss found (-d), as the proof orders "
     "its moves."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_exact",
                                    "The exact solver of small Kaskade boards.", -1, methods};

PyMODINIT_FUNC PyInit__exact(void) { return PyModule_Create(&module); }
