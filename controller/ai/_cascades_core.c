/* Chang's Cascades solved exactly, in C: the value of a position for the side to move (+1 a
 * win, 0 a draw, -1 a loss) with perfect play. controller/ai/cascades_solve.py is the same
 * game in Python — the reference this one is tested against on random positions, and the path
 * where no C compiler was present at install. Standard options only: the widening board, each
 * stone checked as placed, the bottom row deciding.
 *
 * A position is two masks per row (the mover's stones, the other side's; bit i of row r is
 * cell i, whose cells below are bits i and i+1 of row r+1) and whether the other side just
 * passed. A turn is a pass, one stone, or two (the second may hang below the first); a pass
 * after a pass ends the game on the bottom row's count. Turns add stones and a pass cannot
 * follow a pass twice, so the game is a finite DAG and a value is exact once searched.
 *
 * The search is alpha-beta over whole turns on the values -1, 0, +1, with a table of solved
 * positions holding each position's bounds. What makes it short is a fact of the board: stones
 * never move, so a bottom cell only one side can still reach (every way down to it from the
 * other side's stones runs into this side's stones) is that side's for good, and a cell a side
 * cannot reach it never gets. The side to move can always fill its sure cells (a stone may
 * always be placed on the way down to one, and it need never pass before they are filled), so
 * it wins once its sure cells outnumber every cell the other side can still reach; the other
 * side likewise, unless the side to move just saw a pass and can end the game at once by
 * passing too. Equal counts bound the value at a draw. Turns are tried in the order of the
 * sure cells they leave the mover over the other side.
 *
 * The table is a hash table of 16-byte entries in buckets of four (a new entry replaces the
 * one of the bucket whose search cost least). Up to top width 6 an entry holds the whole
 * position (its 51 cells per side fit a word each), so the table never confuses two
 * positions; on larger boards it holds a 116-bit Zobrist fingerprint (a random 128-bit word
 * per cell and side, the words of the stones exclusive-or'd), kept up to date as a turn adds
 * its stones rather than computed anew from every row: on top 8 computing it anew was nearly
 * a third of the proof-number search's time. A position and its mirror image (left and right
 * swapped, which the rules do not tell apart) are one entry.
 *
 * Beside the values, a proof-number search (wins(), below) proves or refutes one side's win:
 * on the larger boards it reaches a proof where alpha-beta, bound to finish each turn it
 * tries, is lost in the first hard one. Its table is its own. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "_budget.h"
#include "_mix.h"

#define MAX_TOP 13
#define MAX_CELLS (MAX_TOP * (3 * MAX_TOP - 1) / 2)
#define EXACT_TOP 6        /* up to this top width an entry holds the whole position */
#define MAX_TURNS 8192     /* turns of one position: at most (places + 1)^2 / 2 */
#define BUCKET 4
#define DATA_SHIFT 52      /* an entry's second word: key below, data above */
#define KEY_LOW ((1ull << DATA_SHIFT) - 1)

typedef struct {
    uint64_t k0, k1; /* k1's top 12 bits: valid (1), lower bound + 1 (2), upper + 1 (2), work */
} Entry;

typedef struct {
    uint64_t k0, k1; /* as Entry's (see pn_key); k1's top bits: valid (1), work */
    uint32_t pn, dn; /* proof and disproof numbers: 0 proved, PN_INF the other way */
} PnEntry;

_Static_assert(sizeof(Entry) == 16 && sizeof(PnEntry) == 24, "entries are whole words");

typedef struct {
    uint16_t first, second; /* a cell as row << 5 | index; second 0xffff: none */
    int32_t score;
    uint8_t short_mine, short_theirs; /* sure cells the mover, the other side, lacks to win */
} Turn;

typedef struct {
    /* A position's fingerprints, kept through a search as turns add stones: w[m][r] for the
     * board as it is (m 0) and mirrored (m 1), with the sides' roles as they are (r 0: the
     * mover's stones hashed as the mover's) and swapped (r 1: the position after a pass), so
     * that a turn's child is the swapped one plus its new stones. Two words each. */
    uint64_t w[2][2][2];
} Hash;

typedef struct {
    int n, need, greedy, narrow, aborted, failed;
    int start[MAX_TOP];     /* each row's first cell, numbered row by row */
    Entry *table;
    uint64_t buckets;       /* a power of two */
    Turn *turns;            /* MAX_TURNS per ply */
    int max_ply, cells;
    uint64_t zobrist[2][2][MAX_CELLS][2]; /* per mirror, role (mover's, other's), cell: a word */
    uint32_t *killers;      /* per ply, the last two turns that cut the search off */
    uint32_t *history;      /* per pair of cells, how often that turn cut the search off */
    uint64_t nodes, positions, limit;
    PnEntry *proofs;        /* the proof-number search's table, made at its first call */
    uint64_t proof_buckets, table_bytes;
    uint32_t *numbers;      /* per ply, each turn's proof and disproof numbers */
    uint64_t *keys;         /* the keys of one position's turns, while their numbers are read */
    PyObject *check;
    PyThreadState *thread;
    long pending, every;
} Solver;

static inline int count(uint32_t x) { return __builtin_popcount(x); }

static uint32_t mirror_row(uint32_t x, int width) {
    /* The row's cells left to right swapped. */
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    x = (x >> 16) | (x << 16);
    return x >> (32 - width);
}

static void *table_alloc(size_t count, size_t size) {
    /* A zeroed table, on huge pages where the system lends them: the searches read it at
     * random, and with small pages nearly every read would miss the address cache too. */
    void *table = calloc(count, size);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t huge = 2u << 20;
    uintptr_t start = ((uintptr_t)table + huge - 1) & ~(huge - 1);
    uintptr_t end = ((uintptr_t)table + count * size) & ~(huge - 1);
    if (table && end > start) madvise((void *)start, end - start, MADV_HUGEPAGE);
#endif
    return table;
}

static uint32_t reach(const Solver *s, const uint32_t *own, const uint32_t *other) {
    /* The bottom cells own holds or can still reach through cells other does not hold. */
    uint32_t found = own[0];
    for (int r = 1; r < s->n; r++) found = own[r] | ((found | found << 1) & ~other[r]);
    return found;
}

static int can_place(const Solver *s, const uint32_t *own, const uint32_t *other) {
    for (int r = 1; r < s->n; r++)
        if ((own[r - 1] | own[r - 1] << 1) & ~(own[r] | other[r])) return 1;
    return 0;
}

static int by_score(const Solver *s, const uint32_t *own, const uint32_t *other) {
    /* The end without a majority, for own: +1, 0 or -1. */
    int mine = count(own[s->n - 1]), theirs = count(other[s->n - 1]);
    return (mine > theirs) - (mine < theirs);
}

typedef struct {
    int my_sure, my_max, their_sure, their_max;
} Reach;

static Reach reaches(const Solver *s, const uint32_t *own, const uint32_t *other) {
    uint32_t mine = reach(s, own, other), theirs = reach(s, other, own);
    Reach r = {count(mine & ~theirs), count(mine), count(theirs & ~mine), count(theirs)};
    return r;
}

static void seed_zobrist(Solver *s) {
    /* Each cell's random words (a fixed sequence: a table's keys do not change between
     * runs); a mirrored cell's are its mirror image's. */
    uint64_t state = 0x6a09e667f3bcc909ull;
    for (int role = 0; role < 2; role++)
        for (int c = 0; c < s->cells; c++)
            for (int w = 0; w < 2; w++) {
                state += 0x9e3779b97f4a7c15ull;
                s->zobrist[0][role][c][w] = mix(state);
            }
    for (int r = 0; r < s->n; r++)
        for (int i = 0; i < s->n + r; i++) {
            int cell = s->start[r] + i, mirrored = s->start[r] + s->n + r - 1 - i;
            for (int role = 0; role < 2; role++)
                memcpy(s->zobrist[1][role][cell], s->zobrist[0][role][mirrored],
                       sizeof s->zobrist[0][role][mirrored]);
        }
}

static void hash_cell(const Solver *s, Hash *h, int cell, int mover) {
    /* A stone of the mover (or of the other side) on cell, into both roles' fingerprints. */
    for (int m = 0; m < 2; m++)
        for (int w = 0; w < 2; w++) {
            h->w[m][0][w] ^= s->zobrist[m][!mover][cell][w];
            h->w[m][1][w] ^= s->zobrist[m][mover][cell][w];
        }
}

static void hash_of(const Solver *s, const uint32_t *own, const uint32_t *other, Hash *h) {
    /* A position's fingerprints from its stones (a search's first position). The small tops,
     * keyed by the position itself, keep none: upkeep cost a fifth of top 6's search. */
    memset(h, 0, sizeof *h);
    if (s->n <= EXACT_TOP) return;
    for (int r = 0; r < s->n; r++) {
        for (uint32_t x = own[r]; x; x &= x - 1)
            hash_cell(s, h, s->start[r] + __builtin_ctz(x), 1);
        for (uint32_t x = other[r]; x; x &= x - 1)
            hash_cell(s, h, s->start[r] + __builtin_ctz(x), 0);
    }
}

static void hash_pass(const Solver *s, const Hash *h, Hash *after) {
    /* The fingerprints after a pass: the same stones, the roles swapped. */
    if (s->n <= EXACT_TOP) return;
    for (int m = 0; m < 2; m++) {
        memcpy(after->w[m][0], h->w[m][1], sizeof h->w[m][1]);
        memcpy(after->w[m][1], h->w[m][0], sizeof h->w[m][0]);
    }
}

static int cell_of(const Solver *s, uint16_t code) {
    /* A turn's cell as a number, the turn's second "none" as s->cells. */
    return code == 0xffff ? s->cells : s->start[code >> 5] + (code & 31);
}

static void hash_turn(const Solver *s, const Hash *h, const Turn *t, Hash *after) {
    /* The fingerprints after the mover's turn: the roles swapped, its stones (now the other
     * side's) added. */
    if (s->n <= EXACT_TOP) return;
    hash_pass(s, h, after);
    hash_cell(s, after, cell_of(s, t->first), 0);
    if (t->second != 0xffff) hash_cell(s, after, cell_of(s, t->second), 0);
}

static void make_key(const Solver *s, const uint32_t *own, const uint32_t *other, int passed,
                     const Hash *h, uint64_t *k0, uint64_t *k1) {
    /* The position's key, the same for its mirror image: on the small tops the position
     * itself, on the others the smaller of its two fingerprints. */
    if (s->n > EXACT_TOP) {
        int t = h->w[1][0][0] < h->w[0][0][0];
        *k0 = h->w[t][0][0] ^ (passed ? 0x3c6ef372fe94f82bull : 0);
        *k1 = (h->w[t][0][1] ^ (passed ? 0xa54ff53a5f1d36f1ull : 0)) & KEY_LOW;
        return;
    }
    uint64_t a = 0, b = 0, ma = 0, mb = 0;
    for (int r = 0; r < s->n; r++) {
        a |= (uint64_t)own[r] << s->start[r];
        b |= (uint64_t)other[r] << s->start[r];
        ma |= (uint64_t)mirror_row(own[r], s->n + r) << s->start[r];
        mb |= (uint64_t)mirror_row(other[r], s->n + r) << s->start[r];
    }
    if (ma < a || (ma == a && mb < b)) {
        a = ma;
        b = mb;
    }
    *k0 = a | (uint64_t)passed << 63;
    *k1 = b;
}

static Entry *find(const Solver *s, uint64_t k0, uint64_t k1) {
    Entry *bucket = s->table + (mix(k0 ^ k1 * 0x9e3779b97f4a7c15ull) & (s->buckets - 1)) * BUCKET;
    for (int i = 0; i < BUCKET; i++)
        if (bucket[i].k0 == k0 && (bucket[i].k1 & KEY_LOW) == k1 && bucket[i].k1 >> DATA_SHIFT)
            return &bucket[i];
    return NULL;
}

static int cost_of(uint64_t work) {
    /* A search's cost as kept in an entry: the log of its positions, at most 127. */
    int cost = 0;
    while (work > 1 && cost < 127) {
        work >>= 1;
        cost++;
    }
    return cost;
}

static int choose_slot(Solver *s, const uint64_t *bucket, size_t stride, uint64_t k0,
                       uint64_t k1, int cost_shift) {
    /* Where in a bucket (entries of stride words, each beginning with k0 and k1) a position
     * goes: its own entry, else a free one, else the one whose search cost least (its cost
     * kept above cost_shift in k1). */
    for (int i = 0; i < BUCKET; i++) {
        const uint64_t *e = bucket + i * stride;
        if (e[0] == k0 && (e[1] & KEY_LOW) == k1 && e[1] >> DATA_SHIFT) return i;
    }
    for (int i = 0; i < BUCKET; i++)
        if (!(bucket[i * stride + 1] >> DATA_SHIFT)) {
            s->positions++;
            return i;
        }
    int cheapest = 0;
    for (int i = 1; i < BUCKET; i++)
        if (bucket[i * stride + 1] >> cost_shift < bucket[cheapest * stride + 1] >> cost_shift)
            cheapest = i;
    return cheapest;
}

static void store(Solver *s, uint64_t k0, uint64_t k1, int low, int high, uint64_t work) {
    Entry *bucket = s->table + (mix(k0 ^ k1 * 0x9e3779b97f4a7c15ull) & (s->buckets - 1)) * BUCKET;
    uint64_t data = 1 | (uint64_t)(low + 1) << 1 | (uint64_t)(high + 1) << 3 |
                    (uint64_t)cost_of(work) << 5;
    Entry *slot = &bucket[choose_slot(s, (const uint64_t *)bucket, sizeof(Entry) / 8, k0, k1,
                                      DATA_SHIFT + 5)];
    slot->k0 = k0;
    slot->k1 = k1 | data << DATA_SHIFT;
}

static int gen_turns(Solver *s, const uint32_t *own, const uint32_t *other, int greedy,
                     Turn *turns, int *won, int *lost) {
    /* The turns of stones into turns, each scored for the order; how many. *won: one wins at
     * once (the mover's sure cells outnumber all the other side can reach); *lost: one or more
     * leaves the other side such a win (those are not listed). -1: too many turns. */
    int n = s->n, total = 0;
    uint32_t places[MAX_TOP], taken[MAX_TOP];
    places[0] = 0;
    for (int r = 0; r < n; r++) taken[r] = own[r] | other[r];
    for (int r = 1; r < n; r++) places[r] = (own[r - 1] | own[r - 1] << 1) & ~taken[r];
    uint32_t after[MAX_TOP];
    memcpy(after, own, sizeof(uint32_t) * (size_t)n);
    *won = *lost = 0;
    for (int r = 1; r < n; r++) {
        for (uint32_t left = places[r]; left; left &= left - 1) {
            int i = __builtin_ctz(left);
            uint32_t bit = 1u << i;
            after[r] |= bit;
            uint32_t second[MAX_TOP];
            int any = 0;
            for (int q = 1; q < n; q++) {
                second[q] = places[q];
                if (q == r) second[q] &= ~bit;
                if (q == r + 1) second[q] |= (bit | bit << 1) & ~taken[q];
                any |= second[q] != 0;
            }
            for (int stones = 1; stones <= 2; stones++) {
                for (int q = stones == 1 ? 0 : 1; q < (stones == 1 ? 1 : n); q++) {
                    uint32_t options = stones == 1 ? 1 : second[q];
                    if (stones == 2) /* a pair of first places is listed once */
                        options &= ~(places[q] & (q < r ? ~0u : q == r ? (bit << 1) - 1 : 0));
                    for (; options; options &= options - 1) {
                        int j = __builtin_ctz(options);
                        if (stones == 1 && greedy && any) break;
                        if (stones == 2) after[q] |= 1u << j;
                        Reach e = reaches(s, after, other);
                        if (stones == 2) after[q] &= ~(1u << j);
                        if (e.my_sure > e.their_max) {
                            *won = 1;
                            after[r] &= ~bit;
                            return total;
                        }
                        if (e.their_sure > e.my_max) {
                            *lost = 1;
                            continue;
                        }
                        if (total >= MAX_TURNS) return -1;
                        Turn *t = &turns[total++];
                        t->first = (uint16_t)(r << 5 | i);
                        t->second = stones == 2 ? (uint16_t)(q << 5 | j) : 0xffff;
                        t->score = 64 * (e.my_sure - e.their_sure) +
                                   2 * (e.my_max - e.their_max) + stones;
                        t->short_mine = (uint8_t)(e.their_max - e.my_sure + 1);
                        t->short_theirs = (uint8_t)(e.my_max - e.their_sure + 1);
                    }
                }
            }
            after[r] &= ~bit;
        }
    }
    return total;
}

static void apply_turn(const Solver *s, const uint32_t *own, const Turn *t, uint32_t *after) {
    /* own's rows with the turn's stones added, into after. */
    memcpy(after, own, sizeof(uint32_t) * (size_t)s->n);
    after[t->first >> 5] |= 1u << (t->first & 31);
    if (t->second != 0xffff) after[t->second >> 5] |= 1u << (t->second & 31);
}

static int count_node(Solver *s) {
    /* Count a position searched; whether the budget says stop (s->aborted set). */
    s->nodes++;
    if (s->limit && s->nodes > s->limit) s->aborted = 1;
    else if (s->check && ++s->pending >= s->every)
        ask_budget(s->check, &s->pending, &s->thread, &s->aborted, &s->failed);
    return s->aborted;
}

static int by_order(const void *a, const void *b) {
    /* Best score first; equal scores in the order listed (the cells' order). */
    const Turn *x = a, *y = b;
    if (x->score != y->score) return y->score - x->score;
    return (x->first - y->first) * 0x10000 + (x->second - y->second);
}

static inline uint32_t turn_id(const Turn *t) { return (uint32_t)t->first << 16 | t->second; }


static uint32_t *history_of(Solver *s, const Turn *t) {
    return &s->history[cell_of(s, t->first) * (s->cells + 1) + cell_of(s, t->second)];
}

static void rank(Solver *s, Turn *turns, int total, int ply) {
    /* Order the turns: the ply's killers first, then by the sure cells they leave, then by
     * history. */
    uint32_t *killer = s->killers + 2 * (size_t)ply;
    for (int k = 0; k < total; k++) {
        uint32_t id = turn_id(&turns[k]), seen = *history_of(s, &turns[k]);
        turns[k].score = turns[k].score * 4096 + (int32_t)(seen > 4095 ? 4095 : seen);
        if (id == killer[0]) turns[k].score += 1 << 28;
        else if (id == killer[1]) turns[k].score += 1 << 27;
    }
    qsort(turns, (size_t)total, sizeof(Turn), by_order);
}

static void cut_by(Solver *s, const Turn *t, int ply) {
    uint32_t *killer = s->killers + 2 * (size_t)ply, id = turn_id(t);
    if (killer[0] != id) {
        killer[1] = killer[0];
        killer[0] = id;
    }
    uint32_t *seen = history_of(s, t);
    if (*seen < UINT32_MAX) ++*seen;
}

static void rule_bounds(const Solver *s, const uint32_t *own, const uint32_t *other, int passed,
                        int *low, int *high) {
    /* The bounds on the value for the side to move that the rules give without a search (the
     * sure cells against the reachable ones, the end by passes or by a full board); equal
     * bounds are the value. */
    Reach e = reaches(s, own, other);
    *low = -1;
    *high = 1;
    if (e.my_sure > e.their_max) {
        *low = 1;
    } else if (!passed && e.their_sure > e.my_max) {
        *high = -1;
    } else if ((passed && e.their_sure >= s->need) ||
               (!can_place(s, own, other) && !can_place(s, other, own))) {
        *low = *high = by_score(s, own, other);
    } else {
        if (e.my_sure == e.their_max) *low = 0;
        if (!passed && e.their_sure == e.my_max) *high = 0;
    }
}

static int search(Solver *s, const uint32_t *own, const uint32_t *other, int passed,
                  const Hash *h, int alpha, int beta, int ply) {
    /* The value for the side to move (own), within the window: a result <= alpha is an upper
     * bound, >= beta a lower one. 0 with s->aborted set when stopped. */
    int low, high;
    rule_bounds(s, own, other, passed, &low, &high);
    if (low == high) return low;

    uint64_t k0, k1;
    make_key(s, own, other, passed, h, &k0, &k1);
    Entry *known = find(s, k0, k1);
    if (known) {
        int data = (int)(known->k1 >> DATA_SHIFT);
        int lower = (data >> 1 & 3) - 1, upper = (data >> 3 & 3) - 1;
        if (lower > low) low = lower;
        if (upper < high) high = upper;
    }
    if (low == high || low >= beta) return low;
    if (high <= alpha) return high;
    if (low > alpha) alpha = low;
    if (high < beta) beta = high;

    if (count_node(s)) return 0;
    if (ply >= s->max_ply) { /* cannot happen: a game has fewer turns than that */
        s->aborted = s->failed = 1;
        return 0;
    }
    uint64_t before = s->nodes;
    Turn *turns = s->turns + (size_t)ply * MAX_TURNS;
    int won, lost;
    int total = gen_turns(s, own, other, s->greedy, turns, &won, &lost);
    if (total < 0) {
        s->aborted = s->failed = 1;
        return 0;
    }
    int best = -2;
    if (won) {
        best = 1;
    } else {
        if (lost) best = -1;
        rank(s, turns, total, ply);
        uint32_t after[MAX_TOP];
        Hash next;
        for (int k = 0; k < total && best < beta; k++) {
            apply_turn(s, own, &turns[k], after);
            hash_turn(s, h, &turns[k], &next);
            int bar = best > alpha ? best : alpha;
            int v = -search(s, other, after, 0, &next, -beta, -bar, ply + 1);
            if (s->aborted) return 0;
            if (v > best) best = v;
            if (best >= beta) cut_by(s, &turns[k], ply);
        }
        int turned = total || lost;
        if (best < beta && (!turned || !s->greedy)) { /* a pass */
            int v;
            if (passed) {
                v = by_score(s, own, other);
            } else {
                int bar = best > alpha ? best : alpha;
                Hash next;
                hash_pass(s, h, &next);
                v = -search(s, other, own, 1, &next, -beta, -bar, ply + 1);
                if (s->aborted) return 0;
            }
            if (v > best) best = v;
        }
    }
    int lower = low, upper = high;
    if (best <= alpha) {
        upper = best;
    } else if (best >= beta) {
        lower = best;
    } else {
        lower = upper = best;
    }
    store(s, k0, k1, lower, upper, s->nodes - before + 1);
    return best;
}

/* Proof-number search (depth-first, Nagai's df-pn, with Pawlewicz and Lew's 1 + epsilon
 * thresholds): whether one side, the attacker, wins (+1) rather than draws or loses. Where
 * alpha-beta must finish the first turn it tries before it may try another, this search
 * follows the turns whose proof looks cheapest so far (the fewest positions left to prove),
 * and leaves a hard line for an easy one as soon as the hard one grows. On the slope most of
 * the defender's turns lose quickly and a few are hard, which is what it is made for.
 * Numbers are the attacker's: a proof number 0 is a win proved, a disproof number 0 a win
 * refuted. A turn not yet searched starts with the sure cells each side still lacks to win as
 * its numbers (on top 7 that alone cut a proof five-fold against starting every turn at one).
 * Narrowed (s->narrow), the attacker may place two stones where two fit and pass only to end
 * the game: a proof still, as every turn of the defender is answered, but a refutation then
 * refutes only the narrowed game, so its entries are kept apart. */

#define PN_INF 0x7fffffffu
#define PN_ATTACKER_BIT (1ull << 51)
#define PN_NARROW_BIT (1ull << 62)

static uint32_t pn_add(uint32_t a, uint32_t b) {
    uint64_t sum = (uint64_t)a + b;
    return sum >= PN_INF ? PN_INF : (uint32_t)sum;
}

static PnEntry *pn_bucket(const Solver *s, uint64_t k0, uint64_t k1) {
    return s->proofs + (mix(k0 ^ k1 * 0x9e3779b97f4a7c15ull) & (s->proof_buckets - 1)) * BUCKET;
}

static int pn_find(const Solver *s, uint64_t k0, uint64_t k1, uint32_t *pn, uint32_t *dn) {
    PnEntry *bucket = pn_bucket(s, k0, k1);
    for (int i = 0; i < BUCKET; i++)
        if (bucket[i].k0 == k0 && (bucket[i].k1 & KEY_LOW) == k1 && bucket[i].k1 >> DATA_SHIFT) {
            *pn = bucket[i].pn;
            *dn = bucket[i].dn;
            return 1;
        }
    return 0;
}

static void pn_store(Solver *s, uint64_t k0, uint64_t k1, uint32_t pn, uint32_t dn,
                     uint64_t work) {
    /* As store(): a full bucket gives up the entry that cost least. */
    PnEntry *bucket = pn_bucket(s, k0, k1);
    PnEntry *slot = &bucket[choose_slot(s, (const uint64_t *)bucket, sizeof(PnEntry) / 8, k0,
                                        k1, DATA_SHIFT + 1)];
    slot->k0 = k0;
    slot->k1 = k1 | (1ull | (uint64_t)cost_of(work) << 1) << DATA_SHIFT;
    slot->pn = pn;
    slot->dn = dn;
}

static void pn_key(const Solver *s, const uint32_t *own, const uint32_t *other, int passed,
                   const Hash *h, int attacking, uint64_t *k0, uint64_t *k1) {
    /* make_key's, told apart by who attacks and by a narrow search's (whose refutations are
     * not refutations of the whole game); bits no whole-position key uses. */
    make_key(s, own, other, passed, h, k0, k1);
    if (attacking) *k1 ^= PN_ATTACKER_BIT;
    if (s->narrow) *k0 ^= PN_NARROW_BIT;
}

static void pn_settled(int value, int attacking, uint32_t *pn, uint32_t *dn) {
    /* The numbers of a position whose value for the side to move is known. */
    int won = attacking ? value == 1 : value == -1;
    *pn = won ? 0 : PN_INF;
    *dn = won ? PN_INF : 0;
}

static void prove(Solver *s, const uint32_t *own, const uint32_t *other, int passed,
                  const Hash *h, int attacking, uint32_t pn_limit, uint32_t dn_limit, int ply,
                  uint32_t *pn, uint32_t *dn) {
    /* Search the position (attacking: the attacker is to move) until its proof number
     * reaches pn_limit or its disproof number dn_limit; its numbers into *pn, *dn. */
    int low, high;
    rule_bounds(s, own, other, passed, &low, &high);
    if (attacking ? low == 1 || high < 1 : high == -1 || low > -1) {
        pn_settled(attacking ? low : high, attacking, pn, dn);
        return;
    }
    uint64_t k0, k1;
    pn_key(s, own, other, passed, h, attacking, &k0, &k1);
    *pn = *dn = 1;
    if (count_node(s)) return;
    if (ply >= s->max_ply) { /* cannot happen: a game has fewer turns than that */
        s->aborted = s->failed = 1;
        return;
    }

    uint64_t before = s->nodes;
    Turn *turns = s->turns + (size_t)ply * MAX_TURNS;
    int won, lost;
    int greedy = s->greedy || (attacking && s->narrow);
    int total = gen_turns(s, own, other, greedy, turns, &won, &lost);
    if (total < 0) {
        s->aborted = s->failed = 1;
        return;
    }
    if (won) {
        pn_settled(1, attacking, pn, dn);
        pn_store(s, k0, k1, *pn, *dn, 1);
        return;
    }
    qsort(turns, (size_t)total, sizeof(Turn), by_order);
    /* The children: the turns, then a pass where one may pass (the last slot). */
    uint32_t *cpn = s->numbers + (size_t)ply * 2 * (MAX_TURNS + 1), *cdn = cpn + MAX_TURNS + 1;
    uint32_t after[MAX_TOP];
    Hash next;
    uint64_t *keys = s->keys;
    for (int k = 0; k < total; k++) { /* the keys first, their buckets fetched meanwhile */
        apply_turn(s, own, &turns[k], after);
        hash_turn(s, h, &turns[k], &next);
        pn_key(s, other, after, 0, &next, !attacking, &keys[2 * k], &keys[2 * k + 1]);
        const char *bucket = (const char *)pn_bucket(s, keys[2 * k], keys[2 * k + 1]);
        __builtin_prefetch(bucket);
        __builtin_prefetch(bucket + sizeof(PnEntry) * BUCKET - 1);
    }
    for (int k = 0; k < total; k++) {
        if (!pn_find(s, keys[2 * k], keys[2 * k + 1], &cpn[k], &cdn[k])) {
            /* Unsearched, a turn is as hard to prove as the sure cells its side lacks. */
            cpn[k] = attacking ? turns[k].short_mine : turns[k].short_theirs;
            cdn[k] = attacking ? turns[k].short_theirs : turns[k].short_mine;
        }
    }
    int children = total;
    if (!greedy || !(total || lost) || (attacking && passed && !s->greedy)) {
        if (passed) {
            pn_settled(by_score(s, own, other), attacking, &cpn[children], &cdn[children]);
        } else {
            uint64_t c0, c1;
            hash_pass(s, h, &next);
            pn_key(s, other, own, 1, &next, !attacking, &c0, &c1);
            if (!pn_find(s, c0, c1, &cpn[children], &cdn[children]))
                cpn[children] = cdn[children] = 1;
        }
        children++;
    }
    /* At the attacker's turn a child of the least proof number is followed, at the
     * defender's one of the least disproof number; "mine" is that number, "theirs" the
     * other. A side with no turn and no pass cannot be here: rule_bounds ends such games. */
    uint32_t *mine = attacking ? cpn : cdn, *theirs = attacking ? cdn : cpn;
    for (;;) {
        uint32_t least = PN_INF, second = PN_INF, sum = 0;
        int best = 0;
        for (int k = 0; k < children; k++) {
            sum = pn_add(sum, theirs[k]);
            if (mine[k] < least) {
                second = least;
                least = mine[k];
                best = k;
            } else if (mine[k] < second) {
                second = mine[k];
            }
        }
        *pn = attacking ? least : sum;
        *dn = attacking ? sum : least;
        if (*pn >= pn_limit || *dn >= dn_limit || s->aborted) break;
        uint32_t my_limit = attacking ? pn_limit : dn_limit, their_limit = attacking ? dn_limit
                                                                                    : pn_limit;
        uint32_t child_mine = second == PN_INF ? PN_INF : pn_add(second, second / 4 + 1);
        if (child_mine > my_limit) child_mine = my_limit;
        uint32_t child_theirs = their_limit >= PN_INF ? PN_INF
                                                      : their_limit - sum + theirs[best];
        uint32_t cp, cd, limit_pn = attacking ? child_mine : child_theirs,
                         limit_dn = attacking ? child_theirs : child_mine;
        if (best == total) { /* the pass */
            hash_pass(s, h, &next);
            prove(s, other, own, 1, &next, !attacking, limit_pn, limit_dn, ply + 1, &cp, &cd);
        } else {
            apply_turn(s, own, &turns[best], after);
            hash_turn(s, h, &turns[best], &next);
            prove(s, other, after, 0, &next, !attacking, limit_pn, limit_dn, ply + 1, &cp, &cd);
        }
        if (s->aborted) break;
        cpn[best] = cp;
        cdn[best] = cd;
    }
    if (!s->aborted) pn_store(s, k0, k1, *pn, *dn, s->nodes - before + 1);
}

/* The Python type: a solver of one top width, its table kept between calls. */

typedef struct {
    PyObject_HEAD
    Solver s;
} SolverObject;

static int solver_init(SolverObject *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"top", "greedy", "table_bytes", NULL};
    int top, greedy = 0;
    unsigned long long table = 1ull << 26;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "i|pK", names, &top, &greedy, &table))
        return -1;
    if (top < 3 || top > MAX_TOP) {
        PyErr_Format(PyExc_ValueError, "top width %d: the compiled solver takes 3 to %d", top,
                     MAX_TOP);
        return -1;
    }
    Solver *s = &self->s;
    free(s->table);
    free(s->turns);
    free(s->killers);
    free(s->history);
    free(s->proofs);
    free(s->numbers);
    free(s->keys);
    memset(s, 0, sizeof *s);
    s->table_bytes = table;
    s->n = top;
    s->greedy = greedy;
    s->need = top; /* of 2 top - 1 bottom cells */
    int cells = 0;
    for (int r = 0; r < top; r++) {
        s->start[r] = cells;
        cells += top + r;
    }
    s->max_ply = 2 * cells + 4;
    s->cells = cells;
    seed_zobrist(s);
    uint64_t buckets = 1;
    while (buckets * 2 * BUCKET * sizeof(Entry) <= table) buckets *= 2;
    s->buckets = buckets;
    s->table = table_alloc(buckets * BUCKET, sizeof(Entry));
    s->turns = malloc((size_t)s->max_ply * MAX_TURNS * sizeof(Turn));
    s->killers = calloc(2 * (size_t)s->max_ply, sizeof(uint32_t));
    s->history = calloc((size_t)(cells + 1) * (size_t)(cells + 1), sizeof(uint32_t));
    if (!s->table || !s->turns || !s->killers || !s->history) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void solver_dealloc(SolverObject *self) {
    free(self->s.table);
    free(self->s.turns);
    free(self->s.killers);
    free(self->s.history);
    free(self->s.proofs);
    free(self->s.numbers);
    free(self->s.keys);
    PyTypeObject *type = Py_TYPE(self);
    type->tp_free((PyObject *)self);
    Py_DECREF(type);
}

static int read_rows(const Solver *s, PyObject *list, uint32_t *rows) {
    PyObject *seq = PySequence_Fast(list, "rows must be a sequence");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != s->n) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "a top %d board has %d rows", s->n, s->n);
        return -1;
    }
    for (int r = 0; r < s->n; r++) {
        unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(seq, r));
        if (v == (unsigned long)-1 && PyErr_Occurred()) break;
        if (v >> (s->n + r)) {
            PyErr_Format(PyExc_ValueError, "row %d has %d cells", r, s->n + r);
            break;
        }
        rows[r] = (uint32_t)v;
    }
    Py_DECREF(seq);
    return PyErr_Occurred() ? -1 : 0;
}

static int begin_call(Solver *s, PyObject *own_list, PyObject *other_list, uint32_t *own,
                      uint32_t *other, PyObject *check, long every, unsigned long long limit) {
    /* Read a call's position and budget into the solver; -1 with an exception set when they
     * are wrong. */
    if (read_rows(s, own_list, own) || read_rows(s, other_list, other)) return -1;
    for (int r = 0; r < s->n; r++)
        if (own[r] & other[r]) {
            PyErr_SetString(PyExc_ValueError, "a cell holds stones of both sides");
            return -1;
        }
    if (every < 1) {
        PyErr_SetString(PyExc_ValueError, "every must be 1 or more");
        return -1;
    }
    s->check = check == Py_None ? NULL : check;
    s->every = every;
    s->pending = 0;
    s->aborted = s->failed = 0;
    s->limit = limit ? s->nodes + limit : 0;
    s->thread = PyEval_SaveThread();
    return 0;
}

static int end_call(Solver *s) {
    /* Take the interpreter back after a search: -1 with an exception set when it failed. */
    PyEval_RestoreThread(s->thread);
    s->check = NULL;
    if (s->failed) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_RuntimeError, "a position has more turns than the solver holds");
        return -1;
    }
    return 0;
}

static PyObject *solver_value(SolverObject *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"own", "other", "passed", "alpha", "beta", "check", "every",
                            "limit", NULL};
    PyObject *own_list, *other_list, *check = Py_None;
    int passed, alpha = -1, beta = 1;
    long every = 65536;
    unsigned long long limit = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOp|iiOlK", names, &own_list, &other_list,
                                     &passed, &alpha, &beta, &check, &every, &limit))
        return NULL;
    if (alpha < -1 || beta > 1 || alpha >= beta) {
        PyErr_SetString(PyExc_ValueError, "the window must be -1 <= alpha < beta <= 1");
        return NULL;
    }
    Solver *s = &self->s;
    uint32_t own[MAX_TOP], other[MAX_TOP];
    if (begin_call(s, own_list, other_list, own, other, check, every, limit)) return NULL;
    Hash h;
    hash_of(s, own, other, &h);
    int value = search(s, own, other, passed, &h, alpha, beta, 0);
    if (end_call(s)) return NULL;
    if (s->aborted) Py_RETURN_NONE;
    return PyLong_FromLong(value);
}

static PyObject *solver_wins(SolverObject *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"own", "other", "passed", "mover", "narrow", "check", "every",
                            "limit", NULL};
    PyObject *own_list, *other_list, *check = Py_None;
    int passed, mover, narrow = 0;
    long every = 65536;
    unsigned long long limit = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOpp|pOlK", names, &own_list, &other_list,
                                     &passed, &mover, &narrow, &check, &every, &limit))
        return NULL;
    Solver *s = &self->s;
    s->narrow = narrow;
    if (!s->proofs) {
        uint64_t buckets = 1;
        while (buckets * 2 * BUCKET * sizeof(PnEntry) <= s->table_bytes) buckets *= 2;
        s->proofs = table_alloc(buckets * BUCKET, sizeof(PnEntry));
        s->numbers = malloc((size_t)s->max_ply * 2 * (MAX_TURNS + 1) * sizeof(uint32_t));
        s->keys = malloc(2 * MAX_TURNS * sizeof(uint64_t));
        if (!s->proofs || !s->numbers || !s->keys) {
            free(s->proofs);
            free(s->numbers);
            free(s->keys);
            s->proofs = NULL;
            s->numbers = NULL;
            s->keys = NULL;
            return PyErr_NoMemory();
        }
        s->proof_buckets = buckets;
    }
    uint32_t own[MAX_TOP], other[MAX_TOP];
    if (begin_call(s, own_list, other_list, own, other, check, every, limit)) return NULL;
    uint32_t pn, dn;
    Hash h;
    hash_of(s, own, other, &h);
    prove(s, own, other, passed, &h, mover, PN_INF, PN_INF, 0, &pn, &dn);
    if (end_call(s)) return NULL;
    if (s->aborted) Py_RETURN_NONE;
    if (pn && dn) { /* a sum of numbers reached the ceiling before the proof ended */
        PyErr_SetString(PyExc_OverflowError, "the proof numbers outgrew 32 bits");
        return NULL;
    }
    return PyBool_FromLong(pn == 0);
}

static PyObject *solver_nodes(SolverObject *self, void *closure) {
    return PyLong_FromUnsignedLongLong(self->s.nodes);
}

static PyObject *solver_positions(SolverObject *self, void *closure) {
    return PyLong_FromUnsignedLongLong(self->s.positions);
}

static PyMethodDef solver_methods[] = {
    {"value", (PyCFunction)(void (*)(void))solver_value, METH_VARARGS | METH_KEYWORDS,
     "value(own, other, passed, alpha=-1, beta=1, check=None, every=65536, limit=0) -> int | "
     "None: the value for the side to move (own's rows as masks) within the window, or None "
     "when check(positions) said stop or limit positions were searched."},
    {"wins", (PyCFunction)(void (*)(void))solver_wins, METH_VARARGS | METH_KEYWORDS,
     "wins(own, other, passed, mover, check=None, every=65536, limit=0) -> bool | None: "
     "whether a side wins (the side to move, own, when mover is true, else the other), by "
     "proof-number search; None when check(positions) said stop or limit positions were "
     "searched."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef solver_getset[] = {
    {"nodes", (getter)solver_nodes, NULL, "positions searched (not answered by the rules or "
     "the table)", NULL},
    {"positions", (getter)solver_positions, NULL, "entries stored in the table", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot solver_slots[] = {
    {Py_tp_doc, "Solver(top, greedy=False, table_bytes=64 MiB): Cascades of top width top "
                "solved exactly, its table kept between calls."},
    {Py_tp_init, solver_init},
    {Py_tp_new, PyType_GenericNew},
    {Py_tp_dealloc, solver_dealloc},
    {Py_tp_methods, solver_methods},
    {Py_tp_getset, solver_getset},
    {0, NULL},
};

static PyType_Spec solver_spec = {"controller.ai._cascades_core.Solver", sizeof(SolverObject), 0,
                                  Py_TPFLAGS_DEFAULT, solver_slots};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cascades_core",
                                    "Chang's Cascades solved exactly, in C.", -1, NULL};

PyMODINIT_FUNC PyInit__cascades_core(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    PyObject *type = PyType_FromSpec(&solver_spec);
    if (!type || PyModule_AddObject(m, "Solver", type)) {
        Py_XDECREF(type);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
