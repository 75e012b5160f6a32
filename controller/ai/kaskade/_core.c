/* Kaskade's compiled core: the board a search plays on, its cascade, random playouts and the
 * classical evaluation, in C for speed. The pure-Python engine (controller/games/kaskade and
 * controller/ai/kaskade/board.py) is the reference: tests/controller/ai/test_core.py plays
 * many random games through both and requires the same positions, counts and winners.
 *
 * Built at install where a C compiler is present (setup.py marks it optional); without it the
 * package runs on the Python engine alone. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAX_CELLS 256
#define MAX_UNDO 4096

typedef struct {
    PyObject_HEAD
    int width, height, size;
    int plies;
    int won;
    int counts[2];
    int8_t cells[MAX_CELLS];
    uint8_t critical[MAX_CELLS];
    uint8_t degree[MAX_CELLS];
    int16_t neighbours[MAX_CELLS][4];
    /* undo: a snapshot per move (cells, counts, won); small boards, so a copy is cheap */
    int depth;
    int8_t *saved;
    int saved_counts[MAX_UNDO][2];
    uint64_t rng;
    uint32_t mark;
    uint32_t marks[MAX_CELLS];
    /* which cells joined the next generation already: stamped with ``mark``, one per
     * generation, so nothing is cleared between generations */
} CoreBoard;

static int fire_all(CoreBoard *b, int *queue, int count, int sign) {
    /* Overflow the cells in queue[0..count) as one generation; the next generation (the cells
     * now at or above critical mass, each once) goes back into queue; returns its length. The
     * order within a generation does not matter: gains and losses only add up. */
    int mover = sign > 0 ? 0 : 1, opponent = 1 - mover;
    int candidates[MAX_CELLS * 4];
    int found = 0;
    for (int i = 0; i < count; i++) {
        int cell = queue[i];
        int rest = b->cells[cell] * sign - b->critical[cell];
        b->cells[cell] = (int8_t)(rest * sign);
        if (!rest) b->counts[mover]--;
        for (int k = 0; k < b->degree[cell]; k++) {
            int n = b->neighbours[cell][k];
            int balls = b->cells[n] * sign;
            if (balls < 0) {
                b->counts[opponent]--;
                b->counts[mover]++;
                balls = 1 - balls;
            } else {
                if (!balls) b->counts[mover]++;
                balls += 1;
            }
            b->cells[n] = (int8_t)(balls * sign);
            if (balls >= b->critical[n]) candidates[found++] = n;
        }
    }
    if (++b->mark == 0) {  /* wrapped: forget every old mark */
        memset(b->marks, 0, sizeof b->marks);
        b->mark = 1;
    }
    int next = 0;
    for (int i = 0; i < found; i++) {
        int c = candidates[i];
        if (b->marks[c] != b->mark && b->cells[c] * sign >= b->critical[c]) {
            b->marks[c] = b->mark;
            queue[next++] = c;
        }
    }
    return next;
}

static int place(CoreBoard *b, int cell) {
    /* Play a legal move for the side to move; returns whether it won. */
    int mover = b->plies & 1;
    int sign = 1 - 2 * mover;
    int balls = b->cells[cell] * sign + 1;
    b->cells[cell] = (int8_t)(balls * sign);
    if (balls == 1) {
        b->counts[mover]++;
        return 0;
    }
    if (balls < b->critical[cell]) return 0;
    int queue[MAX_CELLS];
    int count = 1;
    queue[0] = cell;
    while (count) {
        count = fire_all(b, queue, count, sign);
        if (!b->counts[1 - mover] && b->plies >= 1) return 1;
    }
    return 0;
}

static uint64_t next_random(CoreBoard *b) {
    /* splitmix64: small, fast, and the same on every machine */
    uint64_t z = (b->rng += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int legal(CoreBoard *b, int cell) {
    int sign = 1 - 2 * (b->plies & 1);
    return b->cells[cell] * sign >= 0;
}

/* -- the Python type ------------------------------------------------------------------------- */

static void CoreBoard_dealloc(CoreBoard *self) {
    PyMem_Free(self->saved);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int CoreBoard_init(CoreBoard *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"width", "height", "cells", "plies", NULL};
    int width, height, plies;
    PyObject *cells;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiOi", names, &width, &height, &cells, &plies))
        return -1;
    if (width < 2 || height < 2 || width * height > MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "a board of 2x2 to 256 cells");
        return -1;
    }
    PyObject *seq = PySequence_Fast(cells, "cells: a sequence of ball counts");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != width * height) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "cells: one count per cell");
        return -1;
    }
    self->width = width;
    self->height = height;
    self->size = width * height;
    self->plies = plies;
    self->counts[0] = self->counts[1] = 0;
    for (int c = 0; c < self->size; c++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, c));
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (value < -100 || value > 100) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "cells: ball counts out of range");
            return -1;
        }
        self->cells[c] = (int8_t)value;
        if (value > 0) self->counts[0]++;
        if (value < 0) self->counts[1]++;
        int x = c % width, y = c / width, k = 0;
        if (x > 0) self->neighbours[c][k++] = (int16_t)(c - 1);
        if (x < width - 1) self->neighbours[c][k++] = (int16_t)(c + 1);
        if (y > 0) self->neighbours[c][k++] = (int16_t)(c - width);
        if (y < height - 1) self->neighbours[c][k++] = (int16_t)(c + width);
        self->degree[c] = (uint8_t)k;
        self->critical[c] = (uint8_t)k;
    }
    Py_DECREF(seq);
    self->won = 0;
    self->depth = 0;
    PyMem_Free(self->saved);
    self->saved = PyMem_Malloc((size_t)MAX_UNDO * (size_t)self->size);
    if (!self->saved) {
        PyErr_NoMemory();
        return -1;
    }
    self->rng = 0;
    self->mark = 0;
    memset(self->marks, 0, sizeof self->marks);
    return 0;
}

static PyObject *CoreBoard_play(CoreBoard *self, PyObject *arg) {
    long cell = PyLong_AsLong(arg);
    if (cell == -1 && PyErr_Occurred()) return NULL;
    if (cell < 0 || cell >= self->size || self->won || !legal(self, (int)cell)) {
        PyErr_Format(PyExc_ValueError, "cell %ld is not a legal move", cell);
        return NULL;
    }
    if (self->depth >= MAX_UNDO) {
        PyErr_SetString(PyExc_OverflowError, "too many moves to take back");
        return NULL;
    }
    memcpy(self->saved + (size_t)self->depth * (size_t)self->size, self->cells,
           (size_t)self->size);
    self->saved_counts[self->depth][0] = self->counts[0];
    self->saved_counts[self->depth][1] = self->counts[1];
    self->depth++;
    self->won = place(self, (int)cell);
    self->plies++;
    return PyBool_FromLong(self->won);
}

static PyObject *CoreBoard_undo(CoreBoard *self, PyObject *Py_UNUSED(ignored)) {
    if (!self->depth) {
        PyErr_SetString(PyExc_IndexError, "no move to take back");
        return NULL;
    }
    self->depth--;
    memcpy(self->cells, self->saved + (size_t)self->depth * (size_t)self->size,
           (size_t)self->size);
    self->counts[0] = self->saved_counts[self->depth][0];
    self->counts[1] = self->saved_counts[self->depth][1];
    self->plies--;
    self->won = 0;
    Py_RETURN_NONE;
}

static PyObject *CoreBoard_moves(CoreBoard *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *list = PyList_New(0);
    if (!list || self->won) return list;
    for (int c = 0; c < self->size; c++) {
        if (legal(self, c)) {
            PyObject *value = PyLong_FromLong(c);
            if (!value || PyList_Append(list, value) < 0) {
                Py_XDECREF(value);
                Py_DECREF(list);
                return NULL;
            }
            Py_DECREF(value);
        }
    }
    return list;
}

static int chained(CoreBoard *b, const uint8_t *critical_cell) {
    /* How many critical cells lie in chains of two or more. */
    uint8_t seen[MAX_CELLS];
    int stack[MAX_CELLS];
    int total = 0;
    memset(seen, 0, (size_t)b->size);
    for (int start = 0; start < b->size; start++) {
        if (!critical_cell[start] || seen[start]) continue;
        int top = 0, size = 0;
        stack[top++] = start;
        seen[start] = 1;
        while (top) {
            int cell = stack[--top];
            size++;
            for (int k = 0; k < b->degree[cell]; k++) {
                int n = b->neighbours[cell][k];
                if (critical_cell[n] && !seen[n]) {
                    seen[n] = 1;
                    stack[top++] = n;
                }
            }
        }
        if (size > 1) total += size;
    }
    return total;
}

static int classical(CoreBoard *b, int player) {
    int sign = 1 - 2 * player, score = 0;
    uint8_t critical_cell[MAX_CELLS];
    memset(critical_cell, 0, (size_t)b->size);
    for (int cell = 0; cell < b->size; cell++) {
        int balls = b->cells[cell] * sign;
        if (balls <= 0) continue;
        int mass = b->critical[cell], safe = 1;
        score += balls;
        for (int k = 0; k < b->degree[cell]; k++) {
            int n = b->neighbours[cell][k];
            int enemy = -b->cells[n] * sign;
            if (enemy > 0 && enemy == b->critical[n] - 1) {
                score -= 5 - mass;
                safe = 0;
            }
        }
        if (safe) {
            if (mass == 3) score += 2;
            else if (mass == 2) score += 3;
            if (balls == mass - 1) score += 2;
        }
        if (balls == mass - 1) critical_cell[cell] = 1;
    }
    return score + 2 * chained(b, critical_cell);
}

static PyObject *CoreBoard_classical(CoreBoard *self, PyObject *arg) {
    long player = PyLong_AsLong(arg);
    if (player == -1 && PyErr_Occurred()) return NULL;
    if (player != 0 && player != 1) {
        PyErr_SetString(PyExc_ValueError, "player: 0 (White) or 1 (Black)");
        return NULL;
    }
    return PyLong_FromLong(classical(self, (int)player));
}

static PyObject *CoreBoard_playouts(CoreBoard *self, PyObject *args) {
    /* Random playouts from this position (left unchanged): (White's wins, Black's wins). */
    long count;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "lK", &count, &seed)) return NULL;
    if (self->won) {
        PyErr_SetString(PyExc_ValueError, "the game is over");
        return NULL;
    }
    int8_t cells[MAX_CELLS];
    int counts[2], plies = self->plies;
    long wins[2] = {0, 0};
    memcpy(cells, self->cells, (size_t)self->size);
    counts[0] = self->counts[0];
    counts[1] = self->counts[1];
    self->rng = seed;
    Py_BEGIN_ALLOW_THREADS
    for (long n = 0; n < count; n++) {
        memcpy(self->cells, cells, (size_t)self->size);
        self->counts[0] = counts[0];
        self->counts[1] = counts[1];
        self->plies = plies;
        for (;;) {
            int cell;
            do {
                cell = (int)(next_random(self) % (uint64_t)self->size);
            } while (!legal(self, cell));
            if (place(self, cell)) {
                wins[self->plies & 1]++;
                break;
            }
            self->plies++;
        }
    }
    Py_END_ALLOW_THREADS
    memcpy(self->cells, cells, (size_t)self->size);
    self->counts[0] = counts[0];
    self->counts[1] = counts[1];
    self->plies = plies;
    return Py_BuildValue("(ll)", wins[0], wins[1]);
}

static PyObject *CoreBoard_get_cells(CoreBoard *self, void *Py_UNUSED(closure)) {
    PyObject *list = PyList_New(self->size);
    if (!list) return NULL;
    for (int c = 0; c < self->size; c++) {
        PyObject *value = PyLong_FromLong(self->cells[c]);
        if (!value) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, c, value);
    }
    return list;
}

static PyObject *CoreBoard_get_counts(CoreBoard *self, void *Py_UNUSED(closure)) {
    return Py_BuildValue("[ii]", self->counts[0], self->counts[1]);
}

static PyObject *CoreBoard_get_plies(CoreBoard *self, void *Py_UNUSED(closure)) {
    return PyLong_FromLong(self->plies);
}

static PyObject *CoreBoard_get_won(CoreBoard *self, void *Py_UNUSED(closure)) {
    return PyBool_FromLong(self->won);
}

static PyMethodDef CoreBoard_methods[] = {
    {"play", (PyCFunction)CoreBoard_play, METH_O,
     "Play a legal move for the side to move; whether it won."},
    {"undo", (PyCFunction)CoreBoard_undo, METH_NOARGS, "Take back the last move."},
    {"moves", (PyCFunction)CoreBoard_moves, METH_NOARGS,
     "The legal moves (none once the game is over)."},
    {"classical", (PyCFunction)CoreBoard_classical, METH_O,
     "The classical heuristic for a player (0 White, 1 Black)."},
    {"playouts", (PyCFunction)CoreBoard_playouts, METH_VARARGS,
     "playouts(count, seed): random games from here; (White's wins, Black's wins)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef CoreBoard_getset[] = {
    {"cells", (getter)CoreBoard_get_cells, NULL, "Signed ball counts (White positive).", NULL},
    {"counts", (getter)CoreBoard_get_counts, NULL, "Cells owned by White and by Black.", NULL},
    {"plies", (getter)CoreBoard_get_plies, NULL, "Moves played so far.", NULL},
    {"won", (getter)CoreBoard_get_won, NULL, "Whether the last move won.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreBoardType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "controller.ai.kaskade._core.CoreBoard",
    .tp_doc = PyDoc_STR("CoreBoard(width, height, cells, plies): a Kaskade position in C."),
    .tp_basicsize = sizeof(CoreBoard),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)CoreBoard_init,
    .tp_dealloc = (destructor)CoreBoard_dealloc,
    .tp_methods = CoreBoard_methods,
    .tp_getset = CoreBoard_getset,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_core",
    .m_doc = "Kaskade's compiled core.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&CoreBoardType) < 0) return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (!module) return NULL;
    Py_INCREF(&CoreBoardType);
    if (PyModule_AddObject(module, "CoreBoard", (PyObject *)&CoreBoardType) < 0) {
        Py_DECREF(&CoreBoardType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
