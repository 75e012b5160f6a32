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
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "../_budget.h"

#define MAX_CELLS 256
#define MAX_UNDO 4096
#define MAX_PLY 128
#define MAX_QUIESCENCE 8 /* plies of captures past the horizon, at most */
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
} Board;

typedef struct {
    PyObject_HEAD
    Board b;
} CoreBoard;

static inline void set_cell(Board *b, int cell, int value) {
    b->hash ^= zobrist[cell][b->cells[cell] & 15] ^ zobrist[cell][value & 15];
    b->cells[cell] = (int8_t)value;
}

static int fire_all(Board *b, int *queue, int count, int sign) {
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

static int place(Board *b, int cell) {
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

static int legal(Board *b, int cell) {
    int sign = 1 - 2 * (b->plies & 1);
    return b->cells[cell] * sign >= 0;
}

static uint64_t full_hash(Board *b) {
    uint64_t hash = (b->plies & 1) ? zobrist_mover : 0;
    for (int c = 0; c < b->size; c++) hash ^= zobrist[c][b->cells[c] & 15];
    return hash;
}

static int do_play(Board *b, int cell) {
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

static void do_undo(Board *b) {
    b->depth--;
    memcpy(b->cells, b->saved + (size_t)b->depth * (size_t)b->size, (size_t)b->size);
    b->counts[0] = b->saved_counts[b->depth][0];
    b->counts[1] = b->saved_counts[b->depth][1];
    b->hash = b->saved_hash[b->depth];
    b->plies--;
    b->won = 0;
}

/* -- the classical evaluation ---------------------------------------------------------------- */

static void classical_both(Board *b, int score[2]) {
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

/* The transposition table, shared by every thread of a search (and kept between searches by a
 * caller who wants it). An entry is two 64-bit words, written and read without locks: ``data``
 * packs the value, depth, kind and move, and ``check`` is the position's key XOR ``data``, so
 * an entry torn by two threads writing at once fails its check and is simply a miss (the
 * lockless table of parallel chess engines). */
typedef struct {
    _Atomic uint64_t check;
    _Atomic uint64_t data;
} Entry;

typedef struct {
    int value, depth, kind, move;
} Found;

static uint64_t pack(int value, int depth, int kind, int move) {
    return (uint64_t)(uint32_t)value | (uint64_t)(uint8_t)depth << 32 |
           (uint64_t)(uint8_t)kind << 40 | (uint64_t)(uint16_t)(int16_t)move << 48;
}

static int probe(Entry *entry, uint64_t key, Found *found) {
    uint64_t data = atomic_load_explicit(&entry->data, memory_order_relaxed);
    uint64_t check = atomic_load_explicit(&entry->check, memory_order_relaxed);
    if ((check ^ data) != key) return 0;
    found->value = (int32_t)(uint32_t)data;
    found->depth = (int8_t)(uint8_t)(data >> 32);
    found->kind = (uint8_t)(data >> 40);
    found->move = (int16_t)(uint16_t)(data >> 48);
    return 1;
}

static void store(Entry *entry, uint64_t key, int value, int depth, int kind, int move) {
    uint64_t data = pack(value, depth, kind, move);
    atomic_store_explicit(&entry->data, data, memory_order_relaxed);
    atomic_store_explicit(&entry->check, key ^ data, memory_order_relaxed);
}

#define MAX_THREADS 64
#define FLUSH_EVERY 256 /* a helper adds its nodes to the shared count this often */

typedef struct {
    /* What the threads of one search share. */
    Entry *table;
    _Atomic long total;   /* nodes searched by every thread, as reported so far */
    _Atomic int stop;     /* set by the budget (through the main thread) or the main thread's end */
    long reported;        /* of total, what the budget has been told (main thread only) */
    long limit;           /* the budget's steps left when the search began (0: none) */
    int failed;           /* check raised: its exception goes on */
    int quiescence;       /* plies of captures past the horizon (0: none) */
    PyObject *check;       /* check(nodes) -> whether to stop; the main thread calls it */
    PyThreadState *thread; /* the GIL is released while searching, taken back to check */
} Shared;

typedef struct {
    Board *board;
    Shared *shared;
    int main;       /* the thread that asks the budget and whose search is the answer */
    int16_t killers[MAX_PLY][2];
    int32_t history[MAX_CELLS];
    long nodes, pending, every;
} Search;

static inline int stopped(Search *s) {
    return atomic_load_explicit(&s->shared->stop, memory_order_relaxed);
}

static void ask(Search *s) {
    /* The main thread: add its nodes to the shared count and report every thread's nodes since
     * the last report to the budget; stop every thread when it says so. */
    Shared *sh = s->shared;
    long total = atomic_fetch_add_explicit(&sh->total, s->pending, memory_order_relaxed) +
                 s->pending;
    long delta = total - sh->reported;
    int stop = 0;
    s->pending = 0;
    sh->reported = total;
    ask_budget(sh->check, &delta, &sh->thread, &stop, &sh->failed);
    if (stop) atomic_store_explicit(&sh->stop, 1, memory_order_relaxed);
}

static void flush(Search *s) {
    /* A helper thread: add its nodes to the shared count; past the budget's steps, stop all. */
    Shared *sh = s->shared;
    long total = atomic_fetch_add_explicit(&sh->total, s->pending, memory_order_relaxed) +
                 s->pending;
    s->pending = 0;
    if (sh->limit && total >= sh->limit) atomic_store_explicit(&sh->stop, 1, memory_order_relaxed);
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

static inline void count_node(Search *s) {
    s->nodes++;
    if (++s->pending >= s->every) {
        if (s->main) ask(s);
        else flush(s);
    }
}

static int quiesce(Search *s, int ply, int alpha, int beta, int plies) {
    /* A leaf's value once the side to move has made the best of its captures — an own cell one
     * ball from overflowing next to an enemy cell — and the other side of its answers, up to
     * ``plies`` of them: the evaluation counts what each side holds, so at a horizon where the
     * mover is about to take half the board it is wrong by half the board, and an even and an
     * odd depth disagree by hundreds. Either side may stop capturing and keep the evaluation
     * ("standing pat"), so the value is the larger of the two: a plain minimax, which the
     * pruning here finds exactly. */
    Board *b = s->board;
    int score[2], mover = b->plies & 1;
    classical_both(b, score);
    int stand = score[mover] - score[1 - mover];
    if (stand >= beta || plies <= 0 || ply >= MAX_PLY - 2) return stand;
    int best = stand, sign = 1 - 2 * mover;
    if (stand > alpha) alpha = stand;
    for (int c = 0; c < b->size; c++) {
        if (b->cells[c] * sign != b->critical[c] - 1) continue;
        int enemy = 0;
        for (int k = 0; k < b->degree[c]; k++) enemy |= b->cells[b->neighbours[c][k]] * sign < 0;
        if (!enemy) continue;
        count_node(s);
        if (stopped(s)) return 0;
        int value = do_play(b, c) ? WIN - ply - 1
                                  : -quiesce(s, ply + 1, -beta, -alpha, plies - 1);
        do_undo(b);
        if (stopped(s)) return 0;
        if (value > best) {
            best = value;
            if (value > alpha) {
                alpha = value;
                if (alpha >= beta) break;
            }
        }
    }
    return best;
}

static int negamax(Search *s, int depth, int ply, int alpha, int beta) {
    Board *b = s->board;
    count_node(s);
    if (stopped(s)) return 0;
    if (b->won) return -(WIN - ply);
    if (depth <= 0 && s->shared->quiescence)
        return quiesce(s, ply, alpha, beta, s->shared->quiescence);
    if (depth <= 0 || ply >= MAX_PLY - 1) {
        int score[2], mover = b->plies & 1;
        classical_both(b, score);
        return score[mover] - score[1 - mover];
    }
    Entry *entry = &s->shared->table[b->hash & (TABLE_SIZE - 1)];
    Found found;
    int first = -1;
    if (probe(entry, b->hash, &found)) {
        first = found.move;
        if (found.depth >= depth) {
            int value = from_table(found.value, ply);
            if (found.kind == EXACT) return value;
            if (found.kind == LOWER && value >= beta) return value;
            if (found.kind == UPPER && value <= alpha) return value;
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
            if (score > alpha && score < beta && !stopped(s))
                score = -negamax(s, depth - 1, ply + 1, -beta, -alpha);
        }
        do_undo(b);
        if (stopped(s)) return 0;
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
    store(entry, b->hash, to_table(best, ply), depth,
          best >= beta ? LOWER : best > start_alpha ? EXACT : UPPER, best_move);
    return best;
}

static void search_root(Search *s, int *moves, int count, int max_depth, int first_depth,
                        int result[3]) {
    /* Iterative deepening over the root moves in the given order (the caller's shuffle breaks
     * ties), from ``first_depth``: each depth tries the moves best first by the depth before.
     * result: the move, its score, the deepest depth finished. */
    Board *b = s->board;
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
    for (int depth = first_depth; depth <= max_depth && depth < MAX_PLY - 1; depth++) {
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
                if (score > alpha && !stopped(s))
                    score = -negamax(s, depth - 1, 1, -INFINITE, -alpha);
            }
            do_undo(b);
            if (stopped(s)) break;
            scores[i] = score;
            if (score > alpha) {
                alpha = score;
                best_here = moves[i];
            }
        }
        if (stopped(s)) {
            if (alpha > best_score) { /* the unfinished depth already found something better */
                best_move = best_here;
                best_score = alpha;
            }
            break;
        }
        best_move = best_here;
        best_score = alpha;
        done = depth;
        if (best_score >= PROVEN || best_score <= -PROVEN) {
            /* proven: a helper's deeper search may have proven it, through the table, in more
             * plies than this depth; the depth finished is the proof's (at most the deepest
             * asked for: a table kept from an earlier search may hold longer proofs) */
            int proof = WIN - (best_score > 0 ? best_score : -best_score);
            if (proof > done) done = proof < max_depth ? proof : max_depth;
            break;
        }
        if (s->main) ask(s); /* between depths, the budget may be spent */
        if (stopped(s)) break;
    }
    result[0] = best_move;
    result[1] = best_score;
    result[2] = done;
}

/* -- many threads: Lazy SMP ---------------------------------------------------------------------- */

/* Every thread searches the same root with iterative deepening, sharing the table: what one
 * finds about a position (its value, bounds and best move) answers the others, so together
 * they finish each depth sooner than one thread would. The helpers differ from the main
 * thread so that they do not all search the same moves in the same order: every other helper
 * starts a ply deeper, and each takes the root moves in an order of its own. The answer is the
 * main thread's, or a helper's that finished a deeper depth. */

typedef struct {
    Search search;
    Board board;
    int moves[MAX_CELLS], count, max_depth, first_depth;
    int result[3];
    pthread_t thread;
} Helper;

static void *helper_run(void *arg) {
    Helper *h = arg;
    search_root(&h->search, h->moves, h->count, h->max_depth, h->first_depth, h->result);
    if (h->search.pending) flush(&h->search);
    return NULL;
}

static Helper *start_helpers(Board *root, Shared *shared, const int *moves, int count,
                             int max_depth, int helpers, long every, int8_t *saved) {
    /* Start ``helpers`` threads on copies of the root (their undo snapshots in ``saved``);
     * NULL if memory or a thread could not be had (what did start is stopped and joined). */
    Helper *h = PyMem_RawCalloc((size_t)helpers, sizeof(Helper));
    if (!h) return NULL;
    for (int i = 0; i < helpers; i++) {
        Helper *one = &h[i];
        one->board = *root;
        one->board.depth = 0;
        one->board.saved = saved + (size_t)i * (MAX_PLY + 2) * (size_t)root->size;
        one->search.board = &one->board;
        one->search.shared = shared;
        one->search.every = every < FLUSH_EVERY ? every : FLUSH_EVERY;
        one->count = count;
        one->max_depth = max_depth;
        one->first_depth = 1 + (i % 2 == 0);
        memcpy(one->moves, moves, sizeof(int) * (size_t)count);
        uint64_t order = root->hash ^ (uint64_t)(i + 1) * UINT64_C(0x9E3779B97F4A7C15);
        for (int j = count - 1; j > 0; j--) { /* a shuffle of the helper's own */
            int k = (int)(next_random(&order) % (uint64_t)(j + 1)), t = one->moves[j];
            one->moves[j] = one->moves[k];
            one->moves[k] = t;
        }
        if (pthread_create(&one->thread, NULL, helper_run, one)) {
            atomic_store_explicit(&shared->stop, 1, memory_order_relaxed);
            for (int j = 0; j < i; j++) pthread_join(h[j].thread, NULL);
            PyMem_RawFree(h);
            return NULL;
        }
    }
    return h;
}

static void parallel_search(Shared *shared, Search *main, int *moves, int count, int max_depth,
                            int threads, Helper *h, int result[3]) {
    /* The main thread's search with ``threads - 1`` helpers already running in ``h``; when it
     * ends it stops them, and a helper's deeper finished depth wins. */
    search_root(main, moves, count, max_depth, 1, result);
    atomic_store_explicit(&shared->stop, 1, memory_order_relaxed);
    for (int i = 0; i < threads - 1; i++) {
        pthread_join(h[i].thread, NULL);
        main->nodes += h[i].search.nodes;
        if (h[i].result[2] > result[2] && result[1] < PROVEN) {
            result[0] = h[i].result[0];
            result[1] = h[i].result[1];
            result[2] = h[i].result[2];
        }
    }
}

/* -- the classic bot's fixed-depth minimax ---------------------------------------------------- */

#define CLASSIC_WIN 10000

typedef struct {
    Board *board;
    int me;
    long nodes;
    int16_t killers[MAX_PLY][2];
} Classic;

static int classic_value(Classic *c, int depth, int ply, int alpha, int beta) {
    /* The classic bot's minimax (controller/ai/kaskade/classic.py) from ``me``'s side, with
     * alpha-beta: the same value as the Python one, found sooner by trying the moves that
     * overflow and the killers first (the order changes what is pruned, never the value). */
    Board *b = c->board;
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

/* -- the published program's own traversal --------------------------------------------------- */

#define PUBLISHED_ILLEGAL (-20000)

/* The published Chain Reaction program's minimax, step for step, so that every number of its
 * score list comes out as it does there (controller/ai/kaskade/classic.py): the moves in cell
 * order, no ordering; the first move that wins ends a node at once (+-10,000); a node at the
 * search's end plays the opponent's replies and judges each from ``me``'s side; alpha-beta
 * returns the score it has when a cut-off comes (a bound), as there. */

static int published_min(Classic *c, int depth, int alpha, int beta);

static int published_max(Classic *c, int depth, int alpha, int beta) {
    Board *b = c->board;
    int score = -CLASSIC_WIN;
    for (int cell = 0; cell < b->size; cell++) {
        if (!legal(b, cell)) continue;
        c->nodes++;
        if (do_play(b, cell)) {
            do_undo(b);
            return CLASSIC_WIN;
        }
        int child = published_min(c, depth - 1, alpha, beta);
        do_undo(b);
        if (child > score) score = child;
        if (score > alpha) alpha = score;
        if (alpha >= beta) return score;
    }
    return score;
}

static int published_min(Classic *c, int depth, int alpha, int beta) {
    /* The opponent to move; at depth 0 each reply is judged, else searched on. */
    Board *b = c->board;
    int score = CLASSIC_WIN;
    for (int cell = 0; cell < b->size; cell++) {
        if (!legal(b, cell)) continue;
        c->nodes++;
        if (do_play(b, cell)) {
            do_undo(b);
            return -CLASSIC_WIN;
        }
        int child;
        if (depth == 0) {
            int both[2];
            classical_both(b, both);
            child = both[c->me];
        } else {
            child = published_max(c, depth, alpha, beta);
        }
        do_undo(b);
        if (child < score) score = child;
        if (score < beta) beta = score;
        if (alpha >= beta) return score;
    }
    return score;
}

static void published_scores(Board *b, int depth, int *scores, long *nodes) {
    /* The published program's score list at its ``depth`` (a move of each side per depth):
     * -20,000 on the opponent's cells, +10,000 on the first move that wins at once and 0 on
     * every cell after it (the program stops there), else each move's score; a move's score
     * after the first is a bound when it is no better than the best before it. */
    Classic c;
    memset(&c, 0, sizeof c);
    c.board = b;
    c.me = b->plies & 1;
    int alpha = -CLASSIC_WIN;
    for (int cell = 0; cell < b->size; cell++) scores[cell] = 0;
    for (int cell = 0; cell < b->size; cell++) {
        if (!legal(b, cell)) {
            scores[cell] = PUBLISHED_ILLEGAL;
            continue;
        }
        c.nodes++;
        if (do_play(b, cell)) {
            do_undo(b);
            scores[cell] = CLASSIC_WIN;
            break;
        }
        int score = published_min(&c, depth - 1, alpha, CLASSIC_WIN);
        do_undo(b);
        scores[cell] = score;
        if (score > alpha) alpha = score;
    }
    *nodes = c.nodes;
}

/* -- the Python type ------------------------------------------------------------------------- */

static void CoreBoard_dealloc(CoreBoard *self) {
    PyMem_Free(self->b.saved);
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
    self->b.width = width;
    self->b.height = height;
    self->b.size = width * height;
    self->b.plies = plies;
    self->b.counts[0] = self->b.counts[1] = 0;
    for (int c = 0; c < self->b.size; c++) {
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
        self->b.cells[c] = (int8_t)value;
        if (value > 0) self->b.counts[0]++;
        if (value < 0) self->b.counts[1]++;
        int x = c % width, y = c / width, k = 0;
        if (x > 0) self->b.neighbours[c][k++] = (int16_t)(c - 1);
        if (x < width - 1) self->b.neighbours[c][k++] = (int16_t)(c + 1);
        if (y > 0) self->b.neighbours[c][k++] = (int16_t)(c - width);
        if (y < height - 1) self->b.neighbours[c][k++] = (int16_t)(c + width);
        self->b.degree[c] = (uint8_t)k;
        self->b.critical[c] = (uint8_t)k;
    }
    Py_DECREF(seq);
    self->b.won = won;
    self->b.depth = 0;
    PyMem_Free(self->b.saved);
    self->b.saved = PyMem_Malloc((size_t)MAX_UNDO * (size_t)self->b.size);
    if (!self->b.saved) {
        PyErr_NoMemory();
        return -1;
    }
    self->b.hash = full_hash(&self->b);
    self->b.rng = 0;
    self->b.mark = 0;
    memset(self->b.marks, 0, sizeof self->b.marks);
    return 0;
}

static PyObject *CoreBoard_play(CoreBoard *self, PyObject *arg) {
    long cell = PyLong_AsLong(arg);
    if (cell == -1 && PyErr_Occurred()) return NULL;
    if (cell < 0 || cell >= self->b.size || self->b.won || !legal(&self->b, (int)cell)) {
        PyErr_Format(PyExc_ValueError, "cell %ld is not a legal move", cell);
        return NULL;
    }
    if (self->b.depth >= MAX_UNDO) {
        PyErr_SetString(PyExc_OverflowError, "too many moves to take back");
        return NULL;
    }
    return PyBool_FromLong(do_play(&self->b, (int)cell));
}

static PyObject *CoreBoard_undo(CoreBoard *self, PyObject *Py_UNUSED(ignored)) {
    if (!self->b.depth) {
        PyErr_SetString(PyExc_IndexError, "no move to take back");
        return NULL;
    }
    do_undo(&self->b);
    Py_RETURN_NONE;
}

static PyObject *CoreBoard_moves(CoreBoard *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *list = PyList_New(0);
    if (!list || self->b.won) return list;
    for (int c = 0; c < self->b.size; c++) {
        if (legal(&self->b, c)) {
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
    classical_both(&self->b, score);
    return PyLong_FromLong(score[player]);
}

static PyObject *CoreBoard_evaluate(CoreBoard *self, PyObject *Py_UNUSED(ignored)) {
    /* What the search judges a leaf by: the mover's classical score minus the opponent's. */
    if (self->b.won) return PyLong_FromLong(-WIN);
    int score[2], mover = self->b.plies & 1;
    classical_both(&self->b, score);
    return PyLong_FromLong(score[mover] - score[1 - mover]);
}

static int root_moves(CoreBoard *self, PyObject *given, int *moves) {
    /* The root moves a caller gives a search, checked legal in a game not over with room to
     * take a search's moves back: their count, or -1 with an error set. */
    if (self->b.won) {
        PyErr_SetString(PyExc_ValueError, "the game is over");
        return -1;
    }
    if (self->b.depth + MAX_PLY >= MAX_UNDO) {
        PyErr_SetString(PyExc_OverflowError, "too many moves to take back");
        return -1;
    }
    PyObject *seq = PySequence_Fast(given, "moves: a sequence of cells");
    if (!seq) return -1;
    int count = (int)PySequence_Fast_GET_SIZE(seq);
    if (count < 1 || count > self->b.size) {
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
        if (cell < 0 || cell >= self->b.size || !legal(&self->b, (int)cell)) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "cell %ld is not a legal move", cell);
            return -1;
        }
        moves[i] = (int)cell;
    }
    Py_DECREF(seq);
    return count;
}

static PyObject *CoreBoard_search(CoreBoard *self, PyObject *args, PyObject *kwds) {
    /* search(moves, max_depth, check, every, table=None, threads=1, limit=0, quiescence=0)
     *   -> (move, score, nodes, depth).
     * table: a writable buffer of TABLE_BYTES the caller keeps from move to move, so what one
     * search learnt about the positions ahead answers the next; None: a fresh table.
     * threads: threads searching together (Lazy SMP); nodes counts them all. limit: the
     * budget's steps left (0: none), where helper threads stop without waiting for check.
     * quiescence: plies of captures searched past the horizon (quiesce). */
    static char *names[] = {"moves", "max_depth", "check", "every", "table", "threads", "limit",
                            "quiescence", NULL};
    PyObject *given, *check, *kept = Py_None;
    int max_depth, threads = 1, quiescence = 0;
    long every, limit = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OiOl|Oili", names, &given, &max_depth, &check,
                                     &every, &kept, &threads, &limit, &quiescence))
        return NULL;
    if (!PyCallable_Check(check)) {
        PyErr_SetString(PyExc_TypeError, "check: a callable");
        return NULL;
    }
    if (max_depth < 1 || every < 1) {
        PyErr_SetString(PyExc_ValueError, "max_depth and every: at least 1");
        return NULL;
    }
    if (threads < 1 || threads > MAX_THREADS || limit < 0) {
        PyErr_Format(PyExc_ValueError, "threads: 1 to %d; limit: from 0", MAX_THREADS);
        return NULL;
    }
    if (quiescence < 0 || quiescence > MAX_QUIESCENCE) {
        PyErr_Format(PyExc_ValueError, "quiescence: 0 to %d plies", MAX_QUIESCENCE);
        return NULL;
    }
    int moves[MAX_CELLS];
    int count = root_moves(self, given, moves);
    if (count < 0) return NULL;
    Py_buffer view = {0};
    Entry *table = NULL;
    if (kept != Py_None) {
        if (PyObject_GetBuffer(kept, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) return NULL;
        if (view.len != (Py_ssize_t)(TABLE_SIZE * sizeof(Entry)) ||
            (uintptr_t)view.buf % sizeof(uint64_t)) {
            PyBuffer_Release(&view);
            PyErr_Format(PyExc_ValueError, "table: %zu bytes, 8-byte aligned",
                         TABLE_SIZE * sizeof(Entry));
            return NULL;
        }
        table = view.buf;
    }
    Shared *shared = PyMem_Calloc(1, sizeof(Shared));
    Search *s = PyMem_Calloc(1, sizeof(Search));
    Entry *fresh = s && shared && !table ? PyMem_Calloc(TABLE_SIZE, sizeof(Entry)) : NULL;
    int8_t *saved = threads > 1 ? PyMem_Malloc((size_t)(threads - 1) * (MAX_PLY + 2) *
                                               (size_t)self->b.size) : NULL;
    if (!s || !shared || (!table && !fresh) || (threads > 1 && !saved)) {
        PyMem_Free(s);
        PyMem_Free(shared);
        PyMem_Free(fresh);
        PyMem_Free(saved);
        if (table) PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    shared->table = table ? table : fresh;
    shared->check = check;
    shared->limit = limit;
    shared->quiescence = quiescence;
    s->board = &self->b;
    s->shared = shared;
    s->main = 1;
    s->every = every;
    int result[3], lacking = 0;
    shared->thread = PyEval_SaveThread();
    if (threads > 1) {
        Helper *h = start_helpers(&self->b, shared, moves, count, max_depth, threads - 1, every,
                                  saved);
        if (h) {
            parallel_search(shared, s, moves, count, max_depth, threads, h, result);
            PyMem_RawFree(h);
        } else {
            lacking = 1;
        }
    } else {
        search_root(s, moves, count, max_depth, 1, result);
    }
    PyEval_RestoreThread(shared->thread);
    long nodes = s->nodes, failed = shared->failed;
    PyMem_Free(fresh);
    PyMem_Free(saved);
    PyMem_Free(s);
    PyMem_Free(shared);
    if (table) PyBuffer_Release(&view);
    if (lacking) {
        PyErr_SetString(PyExc_RuntimeError, "could not start the search's threads");
        return NULL;
    }
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
    c.board = &self->b;
    c.me = self->b.plies & 1;
    int best_move = moves[0], best = -CLASSIC_WIN - 1;
    Py_BEGIN_ALLOW_THREADS
    for (int i = 0; i < count; i++) { /* in the given order: ties go to the first */
        int value = do_play(&self->b, moves[i]) ? CLASSIC_WIN
                    : classic_value(&c, depth - 1, 1, best, CLASSIC_WIN + 1);
        do_undo(&self->b);
        if (value > best) {
            best = value;
            best_move = moves[i];
        }
    }
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(iil)", best_move, best, c.nodes);
}

static PyObject *CoreBoard_published(CoreBoard *self, PyObject *args) {
    /* published(depth) -> (scores, nodes): the published program's score list */
    int depth;
    if (!PyArg_ParseTuple(args, "i", &depth)) return NULL;
    if (depth < 1 || 2 * depth >= MAX_PLY) {
        PyErr_SetString(PyExc_ValueError, "depth: 1 to 63 (a move of each side per depth)");
        return NULL;
    }
    if (self->b.won) {
        PyErr_SetString(PyExc_ValueError, "the game is over");
        return NULL;
    }
    if (self->b.depth + 2 * depth + 1 >= MAX_UNDO) {
        PyErr_SetString(PyExc_OverflowError, "too many moves to take back");
        return NULL;
    }
    int scores[MAX_CELLS];
    long nodes;
    Py_BEGIN_ALLOW_THREADS
    published_scores(&self->b, depth, scores, &nodes);
    Py_END_ALLOW_THREADS
    PyObject *list = PyList_New(self->b.size);
    if (!list) return NULL;
    for (int c = 0; c < self->b.size; c++) {
        PyObject *value = PyLong_FromLong(scores[c]);
        if (!value) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, c, value);
    }
    return Py_BuildValue("(Nl)", list, nodes);
}

static PyObject *CoreBoard_playouts(CoreBoard *self, PyObject *args) {
    /* Random playouts from this position (left unchanged): (White's wins, Black's wins). */
    long count;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "lK", &count, &seed)) return NULL;
    if (self->b.won) {
        PyErr_SetString(PyExc_ValueError, "the game is over");
        return NULL;
    }
    int8_t cells[MAX_CELLS];
    int counts[2], plies = self->b.plies;
    uint64_t hash = self->b.hash;
    long wins[2] = {0, 0};
    memcpy(cells, self->b.cells, (size_t)self->b.size);
    counts[0] = self->b.counts[0];
    counts[1] = self->b.counts[1];
    self->b.rng = seed;
    Py_BEGIN_ALLOW_THREADS
    for (long n = 0; n < count; n++) {
        memcpy(self->b.cells, cells, (size_t)self->b.size);
        self->b.counts[0] = counts[0];
        self->b.counts[1] = counts[1];
        self->b.plies = plies;
        for (;;) {
            int cell;
            do {
                cell = (int)(next_random(&self->b.rng) % (uint64_t)self->b.size);
            } while (!legal(&self->b, cell));
            if (place(&self->b, cell)) {
                wins[self->b.plies & 1]++;
                break;
            }
            self->b.plies++;
        }
    }
    Py_END_ALLOW_THREADS
    memcpy(self->b.cells, cells, (size_t)self->b.size);
    self->b.counts[0] = counts[0];
    self->b.counts[1] = counts[1];
    self->b.plies = plies;
    self->b.hash = hash;
    return Py_BuildValue("(ll)", wins[0], wins[1]);
}

static PyObject *CoreBoard_get_cells(CoreBoard *self, void *Py_UNUSED(closure)) {
    PyObject *list = PyList_New(self->b.size);
    if (!list) return NULL;
    for (int c = 0; c < self->b.size; c++) {
        PyObject *value = PyLong_FromLong(self->b.cells[c]);
        if (!value) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, c, value);
    }
    return list;
}

static PyObject *CoreBoard_get_counts(CoreBoard *self, void *Py_UNUSED(closure)) {
    return Py_BuildValue("[ii]", self->b.counts[0], self->b.counts[1]);
}

static PyObject *CoreBoard_get_plies(CoreBoard *self, void *Py_UNUSED(closure)) {
    return PyLong_FromLong(self->b.plies);
}

static PyObject *CoreBoard_get_won(CoreBoard *self, void *Py_UNUSED(closure)) {
    return PyBool_FromLong(self->b.won);
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
    {"search", (PyCFunction)(void (*)(void))CoreBoard_search, METH_VARARGS | METH_KEYWORDS,
     "search(moves, max_depth, check, every, table=None, threads=1, limit=0, quiescence=0): "
     "iterative-"
     "deepening alpha-beta over the root moves in this order; check(nodes) is called every "
     "`every` nodes with the nodes of every thread since the last call, and stops the search "
     "when true; table: a writable buffer of TABLE_BYTES kept between searches (None: a fresh "
     "one); threads: threads searching together on one table (Lazy SMP); limit: the steps "
     "left, where the helper threads stop on their own (0: none); quiescence: plies of "
     "captures past the horizon (0: none). (move, score, nodes of every thread, depth "
     "finished)."},
    {"classic", (PyCFunction)CoreBoard_classic, METH_VARARGS,
     "classic(moves, depth): the classic bot's fixed-depth minimax from the mover's side over "
     "the root moves in this order, ties to the first; (move, value, nodes)."},
    {"published", (PyCFunction)CoreBoard_published, METH_VARARGS,
     "published(depth): the published Chain Reaction program's score list at its depth (a "
     "move of each side per depth), every number as it computes it; (scores, nodes)."},
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
