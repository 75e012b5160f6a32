/* Kaskade's compiled core: the board a search plays on, its cascade, random playouts, the
 * classical evaluation and the level searches' alpha-beta, in C for speed. The pure-Python engine (controller/games/kaskade and
 * controller/ai/kaskade/board.py) is the reference: tests/controller/ai/test_core.py plays
 * many random games through both and requires the same positions, counts and winners, and
 * tests/controller/ai/test_core_search.py holds the search to what the Python search finds.
 *
 * Built at install where a C compiler is present (setup.py marks it optional); without it the
 * package runs on the Python engine alone. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "../_budget.h"

#define MAX_CELLS 256
#define MAX_UNDO 4096
#define MAX_PLY 128
#define WIN 1000000
#define INFINITE (WIN + 1)
#define PROVEN (WIN - 1000) /* scores beyond this are a win or a loss in so many plies */
#define TABLE_BITS 20
#define TABLE_SIZE (1u << TABLE_BITS)
#define EXACT 0
#define LOWER 1
#define UPPER 2

static uint64_t zobrist[MAX_CELLS][16]; /* a key per cell and ball count (count & 15) */
static uint64_t zobrist_mover;           /* Black to move */

typedef struct {
    PyObject_HEAD
    int width, height, size;
    int plies;
    int won;
    int counts[2];
    int8_t cells[MAX_CELLS];
    uint64_t hash; /* Zobrist key of cells and mover, kept up to date as cells change */
    uint8_t critical[MAX_CELLS];
    uint8_t degree[MAX_CELLS];
    int16_t neighbours[MAX_CELLS][4];
    /* undo: a snapshot per move (cells, counts, won); small boards, so a copy is cheap */
    int depth;
    int8_t *saved;
    int saved_counts[MAX_UNDO][2];
    uint64_t saved_hash[MAX_UNDO];
    uint64_t rng;
    uint32_t mark;
    uint32_t marks[MAX_CELLS];
    /* which cells joined the next generation already: stamped with ``mark``, one per
     * generation, so nothing is cleared between generations */
} CoreBoard;

static inline void set_cell(CoreBoard *b, int cell, int value) {
    b->hash ^= zobrist[cell][b->cells[cell] & 15] ^ zobrist[cell][value & 15];
    b->cells[cell] = (int8_t)value;
}

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
        set_cell(b, cell, rest * sign);
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
            set_cell(b, n, balls * sign);
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
    set_cell(b, cell, balls * sign);
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

static uint64_t next_random(uint64_t *state) {
    /* splitmix64: small, fast, and the same on every machine */
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int legal(CoreBoard *b, int cell) {
    int sign = 1 - 2 * (b->plies & 1);
    return b->cells[cell] * sign >= 0;
}

static uint64_t full_hash(CoreBoard *b) {
    uint64_t hash = (b->plies & 1) ? zobrist_mover : 0;
    for (int c = 0; c < b->size; c++) hash ^= zobrist[c][b->cells[c] & 15];
    return hash;
}

static int do_play(CoreBoard *b, int cell) {
    /* Play a legal move, keeping what undo needs (a snapshot: a cascade can touch any cell). */
    memcpy(b->saved + (size_t)b->depth * (size_t)b->size, b->cells, (size_t)b->size);
    b->saved_counts[b->depth][0] = b->counts[0];
    b->saved_counts[b->depth][1] = b->counts[1];
    b->saved_hash[b->depth] = b->hash;
    b->depth++;
    b->won = place(b, cell);
    b->plies++;
    b->hash ^= zobrist_mover;
    return b->won;
}

static void do_undo(CoreBoard *b) {
    b->depth--;
    memcpy(b->cells, b->saved + (size_t)b->depth * (size_t)b->size, (size_t)b->size);
    b->counts[0] = b->saved_counts[b->depth][0];
    b->counts[1] = b->saved_counts[b->depth][1];
    b->hash = b->saved_hash[b->depth];
    b->plies--;
    b->won = 0;
}

/* -- the classical evaluation ---------------------------------------------------------------- */

static void classical_both(CoreBoard *b, int score[2]) {
    /* The classical heuristic (controller/ai/kaskade/evaluate.py) for both players in one pass:
     * per own cell its balls, a penalty of 5 - critical mass per critical enemy neighbour, or
     * else +3 a corner, +2 an edge, +2 one ball from critical; +2 per cell in a chain of two
     * or more critical cells of one colour. A critical cell is in such a chain exactly when a
     * neighbour of its colour is critical too, so the chains need no search of their own: the
     * one look at the neighbours that finds the threats finds them (it is most of a search's
     * time, at every leaf). */
    score[0] = score[1] = 0;
    for (int cell = 0; cell < b->size; cell++) {
        int value = b->cells[cell];
        if (!value) continue;
        int player = value < 0, sign = player ? -1 : 1;
        int balls = value * sign, mass = b->critical[cell], points = balls;
        int critical = balls == mass - 1, threats = 0, twin = 0;
        /* counted rather than branched on: which neighbours threaten is as good as random */
        for (int k = 0; k < b->degree[cell]; k++) {
            int n = b->neighbours[cell][k];
            int near = b->cells[n] * sign, short_of = b->critical[n] - 1;
            threats += near == -short_of; /* an enemy cell one ball from overflowing */
            twin |= near == short_of;     /* a cell of its own one ball from overflowing */
        }
        points -= threats * (5 - mass);
        if (!threats) {
            if (mass == 3) points += 2;
            else if (mass == 2) points += 3;
            if (critical) points += 2;
        }
        if (critical && twin) points += 2;
        score[player] += points;
    }
}

/* -- the search -------------------------------------------------------------------------------- */

typedef struct {
    uint64_t key;
    int32_t value;
    int8_t depth;
    uint8_t kind;
    int16_t move;
} Entry;

typedef struct {
    CoreBoard *board;
    Entry *table;
    int16_t killers[MAX_PLY][2];
    int32_t history[MAX_CELLS];
    long nodes, pending, every;
    int stop, failed;
    PyObject *check;       /* check(nodes) -> whether to stop; called every ``every`` nodes */
    PyThreadState *thread; /* the GIL is released while searching, taken back to check */
} Search;

static void ask(Search *s) {
    ask_budget(s->check, &s->pending, &s->thread, &s->stop, &s->failed);
}

static int to_table(int value, int ply) {
    /* A win or loss is stored as plies from the stored position, not from the root. */
    if (value >= PROVEN) return value + ply;
    if (value <= -PROVEN) return value - ply;
    return value;
}

static int from_table(int value, int ply) {
    if (value >= PROVEN) return value - ply;
    if (value <= -PROVEN) return value + ply;
    return value;
}

static int next_best(int *moves, int *order, int i, int count) {
    /* The best-ranked of moves[i..count) swapped to i and returned: picked one at a time, so a
     * cut-off spares sorting the rest. */
    int top = i;
    for (int j = i + 1; j < count; j++)
        if (order[j] > order[top]) top = j;
    int move = moves[top], rank = order[top];
    moves[top] = moves[i];
    order[top] = order[i];
    moves[i] = move;
    order[i] = rank;
    return move;
}

static int negamax(Search *s, int depth, int ply, int alpha, int beta) {
    CoreBoard *b = s->board;
    s->nodes++;
    if (++s->pending >= s->every) ask(s);
    if (s->stop) return 0;
    if (b->won) return -(WIN - ply);
    if (depth <= 0 || ply >= MAX_PLY - 1) {
        int score[2], mover = b->plies & 1;
        classical_both(b, score);
        return score[mover] - score[1 - mover];
    }
    Entry *entry = &s->table[b->hash & (TABLE_SIZE - 1)];
    int first = -1;
    if (entry->key == b->hash) {
        first = entry->move;
        if (entry->depth >= depth) {
            int value = from_table(entry->value, ply);
            if (entry->kind == EXACT) return value;
            if (entry->kind == LOWER && value >= beta) return value;
            if (entry->kind == UPPER && value <= alpha) return value;
        }
    }
    int moves[MAX_CELLS], order[MAX_CELLS], count = 0;
    int sign = 1 - 2 * (b->plies & 1);
    for (int c = 0; c < b->size; c++) {
        int balls = b->cells[c] * sign;
        if (balls < 0) continue;
        int rank;
        if (c == first) rank = 1 << 30;
        else if (c == s->killers[ply][0]) rank = (1 << 29) + 1;
        else if (c == s->killers[ply][1]) rank = 1 << 29;
        else rank = (balls + 1 >= b->critical[c] ? 1 << 28 : 0) + s->history[c];
        moves[count] = c;
        order[count++] = rank;
    }
    int start_alpha = alpha, best = -INFINITE, best_move = -1;
    for (int i = 0; i < count; i++) {
        int move = next_best(moves, order, i, count);
        int score;
        do_play(b, move);
        if (i == 0) {
            score = -negamax(s, depth - 1, ply + 1, -beta, -alpha);
        } else { /* principal variation search: prove the move worse with a null window */
            score = -negamax(s, depth - 1, ply + 1, -alpha - 1, -alpha);
            if (score > alpha && score < beta && !s->stop)
                score = -negamax(s, depth - 1, ply + 1, -beta, -alpha);
        }
        do_undo(b);
        if (s->stop) return 0;
        if (score > best) {
            best = score;
            best_move = move;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) {
                    if (s->killers[ply][0] != move) {
                        s->killers[ply][1] = s->killers[ply][0];
                        s->killers[ply][0] = (int16_t)move;
                    }
                    s->history[move] += depth * depth;
                    if (s->history[move] > (1 << 26))
                        for (int c = 0; c < b->size; c++) s->history[c] /= 2;
                    break;
                }
            }
        }
    }
    entry->key = b->hash;
    entry->value = to_table(best, ply);
    entry->depth = (int8_t)depth;
    entry->kind = best >= beta ? LOWER : best > start_alpha ? EXACT : UPPER;
    entry->move = (int16_t)best_move;
    return best;
}

static void search_root(Search *s, int *moves, int count, int max_depth, int result[3]) {
    /* Iterative deepening over the root moves in the given order (the caller's shuffle breaks
     * ties): each depth tries the moves best first by the depth before. result: the move, its
     * score, the deepest depth finished. */
    CoreBoard *b = s->board;
    int scores[MAX_CELLS];
    int best_move = moves[0], best_score = -INFINITE, done = 0;
    for (int i = 0; i < count; i++) {
        scores[i] = 0;
        if (do_play(b, moves[i])) { /* a move that wins at once needs no search */
            do_undo(b);
            result[0] = moves[i];
            result[1] = WIN - 1;
            result[2] = 1;
            return;
        }
        do_undo(b);
    }
    for (int depth = 1; depth <= max_depth && depth < MAX_PLY - 1; depth++) {
        for (int i = 1; i < count; i++) { /* stable: equal scores keep the caller's order */
            int move = moves[i], score = scores[i], j = i;
            for (; j > 0 && scores[j - 1] < score; j--) {
                moves[j] = moves[j - 1];
                scores[j] = scores[j - 1];
            }
            moves[j] = move;
            scores[j] = score;
        }
        memset(s->killers, 0xff, sizeof s->killers);
        int alpha = -INFINITE, best_here = moves[0];
        for (int i = 0; i < count; i++) {
            int score;
            do_play(b, moves[i]);
            if (i == 0) {
                score = -negamax(s, depth - 1, 1, -INFINITE, -alpha);
            } else {
                score = -negamax(s, depth - 1, 1, -alpha - 1, -alpha);
                if (score > alpha && !s->stop) score = -negamax(s, depth - 1, 1, -INFINITE, -alpha);
            }
            do_undo(b);
            if (s->stop) break;
            scores[i] = score;
            if (score > alpha) {
                alpha = score;
                best_here = moves[i];
            }
        }
        if (s->stop) {
            if (alpha > best_score) { /* the unfinished depth already found something better */
                best_move = best_here;
                best_score = alpha;
            }
            break;
        }
        best_move = best_here;
        best_score = alpha;
        done = depth;
        if (best_score >= PROVEN || best_score <= -PROVEN) break;
        ask(s); /* between depths, the budget may be spent */
        if (s->stop) break;
    }
    result[0] = best_move;
    result[1] = best_score;
    result[2] = done;
}

/* -- the classic bot's fixed-depth minimax ---------------------------------------------------- */

#define CLASSIC_WIN 10000

typedef struct {
    CoreBoard *board;
    int me;
    long nodes;
    int16_t killers[MAX_PLY][2];
} Classic;

static int classic_value(Classic *c, int depth, int ply, int alpha, int beta) {
    /* The classic bot's minimax (controller/ai/kaskade/classic.py) from ``me``'s side, with
     * alpha-beta: the same value as the Python one, found sooner by trying the moves that
     * overflow and the killers first (the order changes what is pruned, never the value). */
    CoreBoard *b = c->board;
    c->nodes++;
    if (depth == 0) {
        int score[2];
        classical_both(b, score);
        return score[c->me];
    }
    int maximising = (b->plies & 1) == c->me;
    int sign = 1 - 2 * (b->plies & 1);
    int moves[MAX_CELLS], order[MAX_CELLS], count = 0;
    for (int cell = 0; cell < b->size; cell++) {
        int balls = b->cells[cell] * sign;
        if (balls < 0) continue;
        int rank = cell == c->killers[ply][0] ? 3 : cell == c->killers[ply][1] ? 2
                   : balls + 1 >= b->critical[cell] ? 1 : 0;
        moves[count] = cell;
        order[count++] = rank;
    }
    for (int i = 0; i < count; i++) {
        int move = next_best(moves, order, i, count);
        int value;
        if (do_play(b, move)) value = maximising ? CLASSIC_WIN : -CLASSIC_WIN;
        else value = classic_value(c, depth - 1, ply + 1, alpha, beta);
        do_undo(b);
        if (maximising) {
            if (value > alpha) alpha = value;
        } else if (value < beta) {
            beta = value;
        }
        if (alpha >= beta) {
            if (c->killers[ply][0] != move) {
                c->killers[ply][1] = c->killers[ply][0];
                c->killers[ply][0] = (int16_t)move;
            }
            break;
        }
    }
    return maximising ? alpha : beta;
}

/* -- the Python type ------------------------------------------------------------------------- */

static void CoreBoard_dealloc(CoreBoard *self) {
    PyMem_Free(self->saved);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int CoreBoard_init(CoreBoard *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"width", "height", "cells", "plies", "won", NULL};
    int width, height, plies, won = 0;
    PyObject *cells;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiOi|p", names, &width, &height, &cells,
                                     &plies, &won))
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
    self->won = won;
    self->depth = 0;
    PyMem_Free(self->saved);
    self->saved = PyMem_Malloc((size_t)MAX_UNDO * (size_t)self->size);
    if (!self->saved) {
        PyErr_NoMemory();
        return -1;
    }
    self->hash = full_hash(self);
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
    return PyBool_FromLong(do_play(self, (int)cell));
}

static PyObject *CoreBoard_undo(CoreBoard *self, PyObject *Py_UNUSED(ignored)) {
    if (!self->depth) {
        PyErr_SetString(PyExc_IndexError, "no move to take back");
        return NULL;
    }
    do_undo(self);
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

static PyObject *CoreBoard_classical(CoreBoard *self, PyObject *arg) {
    long player = PyLong_AsLong(arg);
    if (player == -1 && PyErr_Occurred()) return NULL;
    if (player != 0 && player != 1) {
        PyErr_SetString(PyExc_ValueError, "player: 0 (White) or 1 (Black)");
        return NULL;
    }
    int score[2];
    classical_both(self, score);
    return PyLong_FromLong(score[player]);
}

static PyObject *CoreBoard_evaluate(CoreBoard *self, PyObject *Py_UNUSED(ignored)) {
    /* What the search judges a leaf by: the mover's classical score minus the opponent's. */
    if (self->won) return PyLong_FromLong(-WIN);
    int score[2], mover = self->plies & 1;
    classical_both(self, score);
    return PyLong_FromLong(score[mover] - score[1 - mover]);
}

static int root_moves(CoreBoard *self, PyObject *given, int *moves) {
    /* The root moves a caller gives a search, checked legal in a game not over with room to
     * take a search's moves back: their count, or -1 with an error set. */
    if (self->won) {
        PyErr_SetString(PyExc_ValueError, "the game is over");
        return -1;
    }
    if (self->depth + MAX_PLY >= MAX_UNDO) {
        PyErr_SetString(PyExc_OverflowError, "too many moves to take back");
        return -1;
    }
    PyObject *seq = PySequence_Fast(given, "moves: a sequence of cells");
    if (!seq) return -1;
    int count = (int)PySequence_Fast_GET_SIZE(seq);
    if (count < 1 || count > self->size) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "moves: one or more legal moves");
        return -1;
    }
    for (int i = 0; i < count; i++) {
        long cell = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (cell == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (cell < 0 || cell >= self->size || !legal(self, (int)cell)) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "cell %ld is not a legal move", cell);
            return -1;
        }
        moves[i] = (int)cell;
    }
    Py_DECREF(seq);
    return count;
}

static PyObject *CoreBoard_search(CoreBoard *self, PyObject *args) {
    /* search(moves, max_depth, check, every, table=None) -> (move, score, nodes, depth).
     * table: a writable buffer of TABLE_BYTES the caller keeps from move to move, so what one
     * search learnt about the positions ahead answers the next; None: a fresh table. */
    PyObject *given, *check, *kept = Py_None;
    int max_depth;
    long every;
    if (!PyArg_ParseTuple(args, "OiOl|O", &given, &max_depth, &check, &every, &kept))
        return NULL;
    if (!PyCallable_Check(check)) {
        PyErr_SetString(PyExc_TypeError, "check: a callable");
        return NULL;
    }
    if (max_depth < 1 || every < 1) {
        PyErr_SetString(PyExc_ValueError, "max_depth and every: at least 1");
        return NULL;
    }
    int moves[MAX_CELLS];
    int count = root_moves(self, given, moves);
    if (count < 0) return NULL;
    Py_buffer view = {0};
    Entry *table = NULL;
    if (kept != Py_None) {
        if (PyObject_GetBuffer(kept, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) return NULL;
        if (view.len != (Py_ssize_t)(TABLE_SIZE * sizeof(Entry))) {
            PyBuffer_Release(&view);
            PyErr_Format(PyExc_ValueError, "table: %zu bytes", TABLE_SIZE * sizeof(Entry));
            return NULL;
        }
        table = view.buf;
    }
    Search *s = PyMem_Calloc(1, sizeof(Search));
    Entry *fresh = s && !table ? PyMem_Calloc(TABLE_SIZE, sizeof(Entry)) : NULL;
    if (!s || (!table && !fresh)) {
        PyMem_Free(s);
        if (table) PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    s->board = self;
    s->table = table ? table : fresh;
    s->check = check;
    s->every = every;
    int result[3];
    s->thread = PyEval_SaveThread();
    search_root(s, moves, count, max_depth, result);
    PyEval_RestoreThread(s->thread);
    long nodes = s->nodes, failed = s->failed;
    PyMem_Free(fresh);
    PyMem_Free(s);
    if (table) PyBuffer_Release(&view);
    if (failed) return NULL; /* check raised: its exception goes on */
    return Py_BuildValue("(iili)", result[0], result[1], nodes, result[2]);
}

static PyObject *CoreBoard_classic(CoreBoard *self, PyObject *args) {
    /* classic(moves, depth) -> (move, value, nodes): the classic bot's choice */
    PyObject *given;
    int depth;
    if (!PyArg_ParseTuple(args, "Oi", &given, &depth)) return NULL;
    if (depth < 1 || depth >= MAX_PLY) {
        PyErr_SetString(PyExc_ValueError, "depth: 1 to 127 plies");
        return NULL;
    }
    int moves[MAX_CELLS];
    int count = root_moves(self, given, moves);
    if (count < 0) return NULL;
    Classic c;
    memset(&c, 0, sizeof c);
    memset(c.killers, 0xff, sizeof c.killers);
    c.board = self;
    c.me = self->plies & 1;
    int best_move = moves[0], best = -CLASSIC_WIN - 1;
    Py_BEGIN_ALLOW_THREADS
    for (int i = 0; i < count; i++) { /* in the given order: ties go to the first */
        int value = do_play(self, moves[i]) ? CLASSIC_WIN
                    : classic_value(&c, depth - 1, 1, best, CLASSIC_WIN + 1);
        do_undo(self);
        if (value > best) {
            best = value;
            best_move = moves[i];
        }
    }
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(iil)", best_move, best, c.nodes);
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
    uint64_t hash = self->hash;
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
                cell = (int)(next_random(&self->rng) % (uint64_t)self->size);
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
    self->hash = hash;
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
    {"evaluate", (PyCFunction)CoreBoard_evaluate, METH_NOARGS,
     "The classical heuristic of the player to move minus their opponent's."},
    {"search", (PyCFunction)CoreBoard_search, METH_VARARGS,
     "search(moves, max_depth, check, every, table=None): iterative-deepening alpha-beta "
     "over the root moves in this order; check(nodes) is called every `every` nodes and stops "
     "the search when true; table: a writable buffer of TABLE_BYTES kept between searches "
     "(None: a fresh one). (move, score, nodes, depth finished)."},
    {"classic", (PyCFunction)CoreBoard_classic, METH_VARARGS,
     "classic(moves, depth): the classic bot's fixed-depth minimax from the mover's side over "
     "the root moves in this order, ties to the first; (move, value, nodes)."},
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
    .tp_doc = PyDoc_STR("CoreBoard(width, height, cells, plies, won=False): a Kaskade position in C; won: the last move ended the game."),
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
    uint64_t keys = 0x4B61736B616465ULL; /* fixed: the same keys on every machine */
    for (int c = 0; c < MAX_CELLS; c++)
        for (int v = 0; v < 16; v++) zobrist[c][v] = next_random(&keys);
    zobrist_mover = next_random(&keys);
    if (PyType_Ready(&CoreBoardType) < 0) return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (!module) return NULL;
    Py_INCREF(&CoreBoardType);
    if (PyModule_AddIntConstant(module, "TABLE_BYTES", (long)(TABLE_SIZE * sizeof(Entry))) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    if (PyModule_AddObject(module, "CoreBoard", (PyObject *)&CoreBoardType) < 0) {
        Py_DECREF(&CoreBoardType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
