/* Colliding Circles' playout in C: playout.py's random_playout, the same actions drawn in the
 * same order, some thirty times faster. The search plays a playout for every step it takes, and
 * in Python the playout was three quarters of a step: compiled, a Raspberry Pi core plays
 * several times the steps in its second, and the computer thinks deeper in the same time.
 * playout.py is the reference this is tested against (the same random numbers give the same
 * end, on random positions, greedy and not) and the path where no C compiler was present at
 * install.
 *
 * The board's geometry is not written here: configure() takes it from board.py once, at import.
 * A playout draws its random numbers from a splitmix64 generator seeded by the caller, or, to
 * be compared with the reference, from a Python callable (random.Random.random). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define MAX_FIELDS 64
#define MAX_NEIGHBOURS 8
#define MAX_CIRCLES 64
#define CIRCLE_FIELDS 6
#define MAX_CIRCLES_OF 8
#define MAX_HAND 32
#define ALL_VALUES 0x7e /* bits 1 to 6 */

/* How a playout ends, as playout.py words it. */
enum { HOLES = 0, LAST_DIE = 1, IDLE = 2, NO_END = 3 };

typedef struct {
    int fields;
    int neighbour_count[MAX_FIELDS];
    int neighbours[MAX_FIELDS][MAX_NEIGHBOURS];
    int printed[MAX_FIELDS]; /* the number printed on a field, 0 for none */
    int circles;
    int circle[MAX_CIRCLES][CIRCLE_FIELDS];
    int circles_of_count[MAX_FIELDS];
    int circles_of[MAX_FIELDS][MAX_CIRCLES_OF];
    int wolf, fox, goose;
    int hand_size;
    int idle_turns; /* turns in a row without a die placed that end the game */
    int fit[7]; /* for a value, the bits (1 << v) of the values that may stand next to it */
} Geometry;

static Geometry g;       /* the board, once configure() has taken it */
static int configured;

typedef struct {
    uint64_t state;
    PyObject *source; /* a callable giving floats in [0, 1), or NULL for splitmix64 */
    int failed;       /* the callable raised */
} Rng;

static double next_double(Rng *rng) {
    if (rng->source != NULL) {
        if (rng->failed) return 0.0;
        PyObject *drawn = PyObject_CallNoArgs(rng->source);
        if (drawn == NULL) { rng->failed = 1; return 0.0; }
        double value = PyFloat_AsDouble(drawn);
        Py_DECREF(drawn);
        if (value == -1.0 && PyErr_Occurred()) { rng->failed = 1; return 0.0; }
        return value;
    }
    uint64_t z = (rng->state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return (double)(z >> 11) * 0x1.0p-53;
}

/* int(rng.random() * n), as the reference takes an index. */
static int draw_index(Rng *rng, int n) {
    int index = (int)(next_double(rng) * n);
    return index < n ? index : n - 1;
}

static int value_of(int cell) { return cell > 6 ? cell - 6 : cell; }
static int owner_of(int cell) { return cell > 6; }

typedef struct {
    int hand[2][MAX_HAND];
    int hand_len[2];
    int pools[2];
    int board[MAX_FIELDS];
} Game;

/* Every (field, value) a hand die may be placed on, into options (field * 8 + value); -1 when
 * every free field is a hole. */
static int placements(const int *board, const int *hand, int hand_len, int opening,
                      int *options) {
    int values = 0, found = 0, open_field = 0;
    for (int i = 0; i < hand_len; i++) values |= 1 << hand[i];
    for (int field = 0; field < g.fields; field++) {
        if (board[field]) continue;
        int fits = ALL_VALUES, near = 0;
        for (int n = 0; n < g.neighbour_count[field]; n++) {
            int other = board[g.neighbours[field][n]];
            if (other) { near = 1; fits &= g.fit[value_of(other)]; }
        }
        if (!near) {
            open_field = 1;
            int number = g.printed[field];
            if (number && (values >> number & 1)) options[found++] = field * 8 + number;
            continue;
        }
        if (fits) {
            open_field = 1;
            if (!opening) {
                int usable = fits & values;
                for (int value = 1; value <= 6; value++)
                    if (usable >> value & 1) options[found++] = field * 8 + value;
            }
        }
    }
    return open_field ? found : -1;
}

/* What a die of player showing value on free field gains player in the circles it completes. */
static int completion_gain(const int *board, int field, int value, int player) {
    int gain = 0;
    for (int c = 0; c < g.circles_of_count[field]; c++) {
        const int *ring = g.circle[g.circles_of[field][c]];
        int totals[2] = {0, 0}, seen = 1 << value, complete = 1;
        for (int i = 0; i < CIRCLE_FIELDS; i++) {
            if (ring[i] == field) continue;
            int cell = board[ring[i]];
            if (!cell) { complete = 0; break; }
            totals[owner_of(cell)] += value_of(cell);
            seen |= 1 << value_of(cell);
        }
        if (!complete) continue;
        totals[player] += value;
        int kinds = __builtin_popcount(seen);
        int worth = kinds == 6 ? g.wolf : kinds == 2 ? g.fox : g.goose;
        gain += totals[player] > totals[1 - player] ? worth : -worth;
    }
    return gain;
}

/* The option completing circles with the best gain for player, else a random one of those that
 * give the opponent nothing (else any). */
static int greedy_choice(const int *board, const int *options, int count, int player,
                         Rng *rng) {
    int best = -1, best_gain = 0, safe[MAX_FIELDS * 6], safe_count = 0;
    for (int i = 0; i < count; i++) {
        int gain = completion_gain(board, options[i] / 8, options[i] % 8, player);
        if (gain > best_gain) { best = options[i]; best_gain = gain; }
        else if (gain == 0) safe[safe_count++] = options[i];
    }
    if (best >= 0) return best;
    if (safe_count) return safe[draw_index(rng, safe_count)];
    return options[draw_index(rng, count)];
}

static void refill(Game *game, int player, Rng *rng) {
    while (game->hand_len[player] < g.hand_size && game->pools[player]) {
        game->hand[player][game->hand_len[player]++] = 1 + (int)(next_double(rng) * 6);
        game->pools[player]--;
    }
}

static void remove_at(Game *game, int player, int index) {
    int *hand = game->hand[player];
    for (int i = index + 1; i < game->hand_len[player]; i++) hand[i - 1] = hand[i];
    game->hand_len[player]--;
}

static int play_out(Game *game, int player, int placed, int opening, int idle, long limit,
                    int greedy, Rng *rng) {
    int options[MAX_FIELDS * 6];
    for (long action = 0; action < limit; action++) {
        int *hand = game->hand[player];
        int count = placements(game->board, hand, game->hand_len[player], opening, options);
        if (count < 0) return HOLES;
        if (count && (placed == 0 || next_double(rng) < 0.8)) {
            int option = greedy ? greedy_choice(game->board, options, count, player, rng)
                                : options[draw_index(rng, count)];
            int field = option / 8, value = option % 8;
            game->board[field] = value + 6 * player;
            for (int i = 0; i < game->hand_len[player]; i++)
                if (hand[i] == value) { remove_at(game, player, i); break; }
            placed++;
            if (!game->hand_len[player] && !game->pools[player]) return LAST_DIE;
            if (placed < 2 && !opening) continue;
        } else if (game->hand_len[player] && !count) {
            remove_at(game, player, draw_index(rng, game->hand_len[player]));
            game->pools[player]++;
        }
        if (rng->failed) return NO_END;
        refill(game, player, rng);
        idle = placed ? 0 : idle + 1;
        if (idle >= g.idle_turns) return IDLE;
        player = 1 - player;
        opening = 0;
        placed = 0;
    }
    return NO_END;
}

/* Red's and Black's marker totals: each complete circle's worth to the player showing the
 * larger total on it. */
static void scores(const int *board, int *red, int *black) {
    int totals[2] = {0, 0};
    for (int c = 0; c < g.circles; c++) {
        int sums[2] = {0, 0}, seen = 0, complete = 1;
        for (int i = 0; i < CIRCLE_FIELDS; i++) {
            int cell = board[g.circle[c][i]];
            if (!cell) { complete = 0; break; }
            sums[owner_of(cell)] += value_of(cell);
            seen |= 1 << value_of(cell);
        }
        if (!complete) continue;
        int kinds = __builtin_popcount(seen);
        totals[sums[0] > sums[1] ? 0 : 1] += kinds == 6 ? g.wolf : kinds == 2 ? g.fox : g.goose;
    }
    *red = totals[0];
    *black = totals[1];
}

/* Reads a sequence of at most max ints in [low, high] into out; its length, or -1 with an
 * error set. */
static Py_ssize_t read_ints(PyObject *sequence, int *out, Py_ssize_t max, long low, long high,
                            const char *what) {
    PyObject *fast = PySequence_Fast(sequence, what);
    if (fast == NULL) return -1;
    Py_ssize_t length = PySequence_Fast_GET_SIZE(fast);
    if (length > max) {
        PyErr_Format(PyExc_ValueError, "%s: at most %zd, not %zd", what, max, length);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < length; i++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (value == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (value < low || value > high) {
            PyErr_Format(PyExc_ValueError, "%s: %ld is not between %ld and %ld", what, value,
                         low, high);
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)value;
    }
    Py_DECREF(fast);
    return length;
}

static PyObject *configure(PyObject *self, PyObject *args) {
    PyObject *near, *numbers, *rings, *rings_of;
    static Geometry read; /* taken whole or not at all */
    if (!PyArg_ParseTuple(args, "OOOO(iii)ii", &near, &numbers, &rings, &rings_of, &read.wolf,
                          &read.fox, &read.goose, &read.hand_size, &read.idle_turns))
        return NULL;
    Py_ssize_t count = PySequence_Length(near);
    if (count < 0) return NULL;
    if (count > MAX_FIELDS || PySequence_Length(numbers) != count ||
        PySequence_Length(rings_of) != count) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_ValueError,
                         "a board of at most %d fields, its tables one entry a field", MAX_FIELDS);
        return NULL;
    }
    if (read.hand_size < 1 || read.hand_size > MAX_HAND) {
        PyErr_Format(PyExc_ValueError, "a hand of 1 to %d dice, not %d", MAX_HAND, read.hand_size);
        return NULL;
    }
    if (read.idle_turns < 1) {
        PyErr_Format(PyExc_ValueError, "idle turns: 1 or more, not %d", read.idle_turns);
        return NULL;
    }
    read.fields = (int)count;
    if (read_ints(numbers, read.printed, MAX_FIELDS, 0, 6, "printed numbers") < 0) return NULL;
    count = PySequence_Length(rings);
    if (count < 0) return NULL;
    if (count > MAX_CIRCLES) {
        PyErr_Format(PyExc_ValueError, "at most %d circles", MAX_CIRCLES);
        return NULL;
    }
    read.circles = (int)count;
    for (int c = 0; c < read.circles; c++) {
        PyObject *item = PySequence_GetItem(rings, c);
        if (item == NULL) return NULL;
        Py_ssize_t got = read_ints(item, read.circle[c], CIRCLE_FIELDS, 0, read.fields - 1,
                                   "a circle's fields");
        Py_DECREF(item);
        if (got < 0) return NULL;
        if (got != CIRCLE_FIELDS) {
            PyErr_Format(PyExc_ValueError, "a circle has %d fields, not %zd", CIRCLE_FIELDS, got);
            return NULL;
        }
    }
    for (int field = 0; field < read.fields; field++) {
        PyObject *item = PySequence_GetItem(near, field);
        if (item == NULL) return NULL;
        Py_ssize_t got = read_ints(item, read.neighbours[field], MAX_NEIGHBOURS, 0,
                                   read.fields - 1, "a field's neighbours");
        Py_DECREF(item);
        if (got < 0) return NULL;
        read.neighbour_count[field] = (int)got;
        item = PySequence_GetItem(rings_of, field);
        if (item == NULL) return NULL;
        got = read_ints(item, read.circles_of[field], MAX_CIRCLES_OF, 0, read.circles - 1,
                        "a field's circles");
        Py_DECREF(item);
        if (got < 0) return NULL;
        read.circles_of_count[field] = (int)got;
    }
    for (int value = 1; value <= 6; value++)
        read.fit[value] = (1 << ((value % 6) + 1)) | (1 << (((value + 4) % 6) + 1));
    g = read;
    configured = 1;
    Py_RETURN_NONE;
}

static PyObject *playout(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"board", "hands", "pools", "player", "placed", "opening", "idle",
                               "limit", "greedy", "seed", "source", NULL};
    PyObject *board, *hands, *pools, *source = Py_None;
    int player, placed, opening, idle, greedy;
    long limit;
    unsigned long long seed;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOiipilpK|O", keywords, &board, &hands,
                                     &pools, &player, &placed, &opening, &idle, &limit,
                                     &greedy, &seed, &source))
        return NULL;
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "configure() the board first");
        return NULL;
    }
    if (player != 0 && player != 1) {
        PyErr_Format(PyExc_ValueError, "player 0 or 1, not %d", player);
        return NULL;
    }
    if (idle < 0 || idle >= g.idle_turns) {
        PyErr_Format(PyExc_ValueError, "idle: 0 to %d turns, not %d", g.idle_turns - 1, idle);
        return NULL;
    }
    if (source != Py_None && !PyCallable_Check(source)) {
        PyErr_SetString(PyExc_TypeError, "source: a callable giving floats in [0, 1)");
        return NULL;
    }
    Game game;
    Py_ssize_t got = read_ints(board, game.board, MAX_FIELDS, 0, 12, "board");
    if (got < 0) return NULL;
    if (got != g.fields) {
        PyErr_Format(PyExc_ValueError, "board: %d fields, not %zd", g.fields, got);
        return NULL;
    }
    if (PySequence_Length(hands) != 2) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "hands: one for each player");
        return NULL;
    }
    for (int p = 0; p < 2; p++) {
        PyObject *hand = PySequence_GetItem(hands, p);
        if (hand == NULL) return NULL;
        got = read_ints(hand, game.hand[p], MAX_HAND, 1, 6, "hand");
        Py_DECREF(hand);
        if (got < 0) return NULL;
        game.hand_len[p] = (int)got;
    }
    got = read_ints(pools, game.pools, 2, 0, 1000, "pools");
    if (got < 0) return NULL;
    if (got != 2) {
        PyErr_SetString(PyExc_ValueError, "pools: one for each player");
        return NULL;
    }
    Rng rng = {seed, source == Py_None ? NULL : source, 0};
    int end = play_out(&game, player, placed, opening, idle, limit, greedy, &rng);
    if (rng.failed) return NULL;
    int red = 0, black = 0;
    if (end != NO_END) scores(game.board, &red, &black);
    return Py_BuildValue("(iii)", end, red, black);
}

static PyMethodDef methods[] = {
    {"configure", configure, METH_VARARGS,
     "configure(neighbours, printed, circles, circles_of, (wolf, fox, goose), hand, idle_turns): "
     "the board's geometry and the game's numbers, once."},
    {"playout", (PyCFunction)(void (*)(void))playout, METH_VARARGS | METH_KEYWORDS,
     "playout(board, hands, pools, player, placed, opening, idle, limit, greedy, seed, "
     "source=None) -> (end, red, black): end 0 every free field a hole, 1 the last die placed, "
     "2 idle_turns without a die placed, 3 no end within limit actions (scores 0)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_playout",
                                    "Colliding Circles' playout, compiled.", -1, methods};

PyMODINIT_FUNC PyInit__playout(void) { return PyModule_Create(&module); }
