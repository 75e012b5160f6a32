/* The Decktet solitaire's solver in C: the same depth-first search over the same positions as
 * controller/ai/solitaire.py on controller/ai/solitaire_board.py (its reference), a hundred
 * times faster, so a lost deal can be proved lost — every reachable position searched — within
 * seconds. tests/controller/ai/test_solitaire_core.py holds it to the Python solver's verdicts
 * and to exhaustive search.
 *
 * Built at install where a C compiler is present (setup.py marks it optional). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_budget.h"

#define MAX_CARDS 44
#define RANK_SLOTS 13
#define RESERVE_PILES 3
#define ACE 1
#define CROWN 10
#define PAWN 11
#define COURT 12
#define DRAW_MOVE (-1)
#define TURN_MOVE (-2)
#define MAX_LINE 8192
#define MAX_ROUND 256 /* plays one round of the talon offers: 16 stops, 4 cards, 3 tiers */
#define MAX_STOPS 20 /* stops of a round: the talon's 44 cards, three at a time, and its end */
#define ROUND_MARK 63 /* "turned" in the key of a position known only by its round */
#define TOMBSTONE ((1ULL << 63) | (1ULL << 62)) /* a key forgotten: no real key looks like it */
#define FIRST_TABLE_BITS 16
#define MAX_TABLE_BITS 25 /* 32 M slots, 512 MB, kept half empty: 16 M positions; then "unknown" */

typedef struct {
    uint8_t talon[MAX_CARDS];
    uint8_t reserves[RESERVE_PILES][MAX_CARDS];
    uint8_t counts[3][RANK_SLOTS];
    uint64_t played;
    int8_t ends[3];
    uint8_t talon_len, turned, reserve_len[RESERVE_PILES], opened, passes, offered;
} Position;

typedef struct {
    uint64_t low, high; /* a position key; 0, 0 marks an empty slot (never a real key) */
} Key;

typedef struct {
    uint8_t ranks[MAX_CARDS], masks[MAX_CARDS], suits[3];
    int cards, ace, pass_limit; /* pass_limit < 0: unlimited */
    Key *table;
    int table_bits;
    long stored;
    long positions, pending, every, limit;
    uint64_t seed; /* non-zero: the moves are shuffled at every position (a restart's order) */
    int stop, failed, full, spent;
    int line[MAX_LINE];
    int line_len;
    Key path[MAX_LINE]; /* the positions being searched: forgotten when a restart stops */
    int path_len;
    int rounds[(MAX_CARDS + 1) * MAX_ROUND]; /* the plays of the rounds being searched */
    int rounds_len;
    Position stops[(MAX_CARDS + 1) * MAX_STOPS]; /* and the positions at their stops */
    int stops_len;
    PyObject *check;
    PyThreadState *thread;
} Solver;

static int room(int rank, int tier) {
    if (rank == ACE || rank == CROWN) return 2;
    if (rank == PAWN || rank == COURT) return tier == 0 ? 2 : 1;
    return 1;
}

static int rank_room(int rank, int tier, int here, int above, int bottom) {
    /* The rank rules: a tier holding `here` of a rank takes another while it has room, the
     * tier above holds more (above: ignored for the top tier) and, for a rank of four copies,
     * the second only once the bottom tier (holding `bottom`) has one. */
    if (here >= room(rank, tier)) return 0;
    if (tier && above <= here) return 0;
    return !(here && (rank == PAWN || rank == COURT) && !bottom);
}

static int fits(const Solver *s, const Position *p, int card, int tier) {
    int rank = s->ranks[card];
    if (!rank_room(rank, tier, p->counts[tier][rank], tier ? p->counts[tier - 1][rank] : 0,
                   p->counts[2][rank]))
        return 0;
    if (s->ace) return (s->masks[card] & s->suits[tier]) != 0;
    return p->ends[tier] < 0 || (s->masks[card] & s->masks[p->ends[tier]]) != 0;
}

static int first_card(const Solver *s, const Position *p) {
    return !s->ace && p->turned && p->ends[0] < 0 && p->ends[1] < 0 && p->ends[2] < 0;
}

static int plays(const Solver *s, const Position *p, int *out) {
    /* Every play as card * 3 + tier: reserve cards first (each frees the card beneath), then
     * the waste's; lower tiers first (they are the hardest to feed). */
    int count = 0;
    for (int tier = 2; tier >= 0; tier--)
        for (int pile = 0; pile < p->opened && pile < RESERVE_PILES; pile++) {
            if (!p->reserve_len[pile]) continue;
            int card = p->reserves[pile][p->reserve_len[pile] - 1];
            if (fits(s, p, card, tier)) out[count++] = card * 3 + tier;
        }
    if (p->turned) {
        int card = p->talon[p->turned - 1];
        for (int tier = 2; tier >= 0; tier--)
            if (fits(s, p, card, tier)) out[count++] = card * 3 + tier;
    }
    return count;
}

static int can_turn(const Solver *s, const Position *p) {
    if (!p->talon_len && (s->ace || p->opened >= RESERVE_PILES)) return 0;
    if (s->pass_limit < 0) return p->offered;
    return p->passes < s->pass_limit;
}

static int moves(const Solver *s, const Position *p, int *out) {
    int count = plays(s, p, out);
    if (first_card(s, p)) return count;
    if (p->turned < p->talon_len) out[count++] = DRAW_MOVE;
    else if (can_turn(s, p)) out[count++] = TURN_MOVE;
    return count;
}

static void pass_ended(const Solver *s, Position *p) {
    p->passes++;
    if (!s->ace && p->opened < RESERVE_PILES) p->opened++;
}

static void play(const Solver *s, Position *p, int move) {
    if (move >= 0) {
        int card = move / 3, tier = move % 3;
        if (p->turned && p->talon[p->turned - 1] == card) {
            int index = p->turned - 1;
            memmove(p->talon + index, p->talon + index + 1, (size_t)(p->talon_len - index - 1));
            p->talon_len--;
            p->turned = (uint8_t)index;
        } else {
            for (int pile = 0; pile < RESERVE_PILES; pile++)
                if (p->reserve_len[pile] && p->reserves[pile][p->reserve_len[pile] - 1] == card) {
                    p->reserve_len[pile]--;
                    break;
                }
        }
        p->ends[tier] = (int8_t)card;
        p->counts[tier][s->ranks[card]]++;
        p->played |= 1ULL << card;
    } else if (move == DRAW_MOVE) {
        p->turned = (uint8_t)(p->turned + 3 < p->talon_len ? p->turned + 3 : p->talon_len);
        if (p->turned == p->talon_len) pass_ended(s, p);
    } else {
        p->turned = 0;
        p->offered = 0;
        if (!p->talon_len) pass_ended(s, p);
    }
    if (!p->offered) {
        int found[16];
        if (plays(s, p, found)) p->offered = 1;
    }
}

static int in_round(const Solver *s, const Position *p) {
    /* Whether the position is one stop of a round of the talon that the player may go round
     * and round without playing, so that every stop of it can reach every other: without a
     * pass limit, once every reserve pile is open (at once in the Ace version), at a stop a
     * fresh pass also makes (the talon turned a multiple of three, or to its end), with a card
     * offered in this pass (else the waste may not be turned over) or at the pass's start.
     * All the stops of a round are one position: what one can win, all can. */
    return s->pass_limit < 0 && (s->ace || p->passes >= RESERVE_PILES) &&
           (p->turned % 3 == 0 || p->turned == p->talon_len) && (p->offered || !p->turned);
}

static Key key_of(const Solver *s, const Position *p) {
    /* What can change what happens next: the cards played, the tiers' end cards (not in the
     * Ace version: its tiers match their Aces), the counts of the ranks a tier may hold twice,
     * the talon's turn, the passes (without a limit they only open reserve piles: beyond the
     * third, and in the Ace version at all, they change nothing) and whether this pass offered
     * a card — or, for a stop of a round, the round alone. The counts of other ranks follow
     * from the cards played. */
    int round = in_round(s, p);
    int passes = p->passes;
    if (s->pass_limit < 0) passes = s->ace ? 0 : passes < RESERVE_PILES ? passes : RESERVE_PILES;
    uint64_t high = 0;
    if (!s->ace)
        for (int tier = 0; tier < 3; tier++) high = (high << 6) | (uint64_t)(p->ends[tier] + 1);
    static const int twice[4] = {ACE, CROWN, PAWN, COURT};
    for (int tier = 0; tier < 3; tier++)
        for (int k = 0; k < 4; k++) high = (high << 2) | p->counts[tier][twice[k]];
    high = (high << 6) | (round ? ROUND_MARK : p->turned);
    high = (high << 4) | (uint64_t)passes;
    high = (high << 1) | (round ? 0 : p->offered);
    high |= 1ULL << 63; /* never 0: an empty slot is 0, 0 */
    Key key = {p->played, high};
    return key;
}

static uint64_t next_random(uint64_t *state) {
    /* splitmix64, as controller/ai/solitaire_board.py has it */
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t mix(Key key) {
    uint64_t z = key.low * 0x9E3779B97F4A7C15ULL ^ key.high;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int grow(Solver *s) {
    /* Double the table (rehashing every key); 0 when it may not grow any more. */
    if (s->table_bits >= MAX_TABLE_BITS) return 0;
    int bits = s->table_bits + 1;
    size_t size = (size_t)1 << bits;
    Key *table = calloc(size, sizeof(Key));
    if (!table) return 0;
    size_t old = (size_t)1 << s->table_bits;
    s->stored = 0;
    for (size_t i = 0; i < old; i++) {
        Key key = s->table[i];
        if (!key.high || key.high == TOMBSTONE) continue;
        s->stored++;
        size_t slot = mix(key) & (size - 1);
        while (table[slot].high) slot = (slot + 1) & (size - 1);
        table[slot] = key;
    }
    free(s->table);
    s->table = table;
    s->table_bits = bits;
    return 1;
}

static int enter(Solver *s, Key key) {
    /* 1 if the position is new (now remembered), 0 if it was entered before, -1 if the table
     * is full. */
    size_t mask = ((size_t)1 << s->table_bits) - 1;
    size_t slot = mix(key) & mask;
    while (s->table[slot].high) {
        if (s->table[slot].low == key.low && s->table[slot].high == key.high) return 0;
        slot = (slot + 1) & mask;
    }
    if ((size_t)(s->stored + 1) * 2 > mask + 1) { /* keep it at most half full */
        if (!grow(s)) return -1;
        return enter(s, key);
    }
    s->table[slot] = key;
    s->stored++;
    return 1;
}

static int augment(int card, const int *cards, const int *slots, int slot_count, int *taken,
                   int *visited, const uint8_t *masks, const uint8_t *suits) {
    /* Find card a slot of its own in a tier sharing a suit, moving others along (the
     * augmenting paths of a bipartite matching; at most eight slots). */
    for (int i = 0; i < slot_count; i++) {
        if (visited[i] || !(masks[cards[card]] & suits[slots[i]])) continue;
        visited[i] = 1;
        if (taken[i] < 0 ||
            augment(taken[i], cards, slots, slot_count, taken, visited, masks, suits)) {
            taken[i] = card;
            return 1;
        }
    }
    return 0;
}

static int known(const Solver *s, Key key) {
    size_t mask = ((size_t)1 << s->table_bits) - 1;
    for (size_t slot = mix(key) & mask; s->table[slot].high; slot = (slot + 1) & mask)
        if (s->table[slot].low == key.low && s->table[slot].high == key.high) return 1;
    return 0;
}

static void forget(Solver *s, Key key) {
    /* Mark a remembered position as never entered (a tombstone keeps the probes going). */
    size_t mask = ((size_t)1 << s->table_bits) - 1;
    for (size_t slot = mix(key) & mask; s->table[slot].high; slot = (slot + 1) & mask)
        if (s->table[slot].low == key.low && s->table[slot].high == key.high) {
            s->table[slot].low = 0;
            s->table[slot].high = TOMBSTONE;
            return;
        }
}

static int dominated(const Solver *s, const Position *p) {
    /* Whether a position that can do all this one can, and more, was entered: the same with
     * a card offered in this pass (it may turn the waste over), or — without a pass limit —
     * with more reserve piles open. What wins from here wins from there. */
    Position better = *p;
    int most =
        (s->pass_limit < 0 && !s->ace && p->passes < RESERVE_PILES) ? RESERVE_PILES : p->passes;
    for (int passes = p->passes; passes <= most; passes++) {
        better.passes = (uint8_t)passes;
        better.opened = (uint8_t)(s->ace ? 0 : passes < RESERVE_PILES ? passes : RESERVE_PILES);
        for (int offered = p->offered; offered <= 1; offered++) {
            if (passes == p->passes && offered == p->offered) continue;
            better.offered = (uint8_t)offered;
            if (known(s, key_of(s, &better))) return 1;
        }
    }
    return 0;
}

static int matches(const int *cards, int count, const int *slots, int slot_count,
                   const uint8_t *masks, const uint8_t *suits) {
    /* Whether every card can take a slot of its own in a tier sharing a suit. */
    int taken[8];
    for (int i = 0; i < slot_count; i++) taken[i] = -1;
    for (int c = 0; c < count; c++) {
        int visited[8] = {0};
        if (!augment(c, cards, slots, slot_count, taken, visited, masks, suits)) return 0;
    }
    return 1;
}

static int orders(const Solver *s, uint8_t counts[3], const int *cards, int count, int placed,
                  const int *after) {
    /* Whether the cards (of one rank) not yet placed can all be played, in some order that
     * plays each after the cards after[i] names (bits of indexes in cards). */
    if (placed == (1 << count) - 1) return 1;
    int rank = s->ranks[cards[0]];
    for (int i = 0; i < count; i++) {
        if (placed >> i & 1 || after[i] & ~placed) continue;
        for (int tier = 0; tier < 3; tier++) {
            if (!rank_room(rank, tier, counts[tier], tier ? counts[tier - 1] : 0, counts[2]) ||
                !(s->masks[cards[i]] & s->suits[tier]))
                continue; /* the Ace version: a tier takes a card by its Aces' suits */
            counts[tier]++;
            int found = orders(s, counts, cards, count, placed | 1 << i, after);
            counts[tier]--;
            if (found) return 1;
        }
    }
    return 0;
}

static int buried(const Solver *s, const Position *p) {
    /* The talon's first cards never move while they are there, and the waste's top is the
     * third only at a stop: the first is reached only by playing the second just before it
     * (or as the talon's last card), the second only by playing the third just before it (or
     * once the talon holds two cards). So the third must be played before the second, the
     * second before the first. 1 when two of them share a rank whose rules cannot have its
     * cards played in such an order: lost. */
    if (p->talon_len < 2 || p->turned == 1) return 0;
    int front = p->talon_len >= 3 && p->turned != 2 ? 3 : 2; /* the second on top: it may go */
    for (int i = 0; i < front; i++) {
        int rank = s->ranks[p->talon[i]], sharing = 0, seen = 0;
        for (int j = 0; j < front; j++) {
            sharing += s->ranks[p->talon[j]] == rank;
            seen |= j < i && s->ranks[p->talon[j]] == rank;
        }
        if (sharing < 2 || seen) continue; /* each rank once, when two front cards share it */
        int cards[8], after[8], count = 0;
        for (int k = 0; k < p->talon_len && count < 8; k++)
            if (s->ranks[p->talon[k]] == rank) {
                after[count] = 0;
                cards[count++] = p->talon[k];
            }
        for (int m = 0; m < sharing; m++) /* the front cards come first, in talon order */
            for (int later = m + 1; later < sharing; later++) after[m] |= 1 << later;
        uint8_t counts[3];
        for (int tier = 0; tier < 3; tier++) counts[tier] = p->counts[tier][rank];
        if (!orders(s, counts, cards, count, 0, after)) return 1;
    }
    return 0;
}

static int stranded(const Solver *s, const Position *p, int only) {
    /* The Ace version's tiers never change suits: a win needs every card still out matched to
     * a tier slot of its rank that shares a suit, and the talon's front playable in the order
     * it allows (buried). 1 when not: lost. only: the rank to match (a card of it was just
     * played: the other ranks' cards and slots are as they were when they were last found
     * matched), 0 for every rank, -1 for none (no card was played). */
    if (!s->ace) return 0;
    if (buried(s, p)) return 1;
    if (only < 0) return 0; /* no card played: the cards out are matched as before */
    int out[RANK_SLOTS][8], out_count[RANK_SLOTS] = {0};
    for (int i = 0; i < p->talon_len; i++) {
        int card = p->talon[i], rank = s->ranks[card];
        if (out_count[rank] < 8 && (!only || rank == only)) out[rank][out_count[rank]++] = card;
    }
    for (int pile = 0; pile < RESERVE_PILES; pile++)
        for (int i = 0; i < p->reserve_len[pile]; i++) {
            int card = p->reserves[pile][i], rank = s->ranks[card];
            if (out_count[rank] < 8 && (!only || rank == only))
                out[rank][out_count[rank]++] = card;
        }
    for (int rank = 1; rank < RANK_SLOTS; rank++) {
        if (!out_count[rank]) continue;
        int slots[8], slot_count = 0;
        for (int tier = 0; tier < 3; tier++)
            for (int k = p->counts[tier][rank]; k < room(rank, tier) && slot_count < 8; k++)
                slots[slot_count++] = tier;
        if (out_count[rank] > slot_count) return 1;
        if (!matches(out[rank], out_count[rank], slots, slot_count, s->masks, s->suits))
            return 1;
    }
    return 0;
}

static void ask(Solver *s) {
    ask_budget(s->check, &s->pending, &s->thread, &s->stop, &s->failed);
    if (s->stop) s->spent = 1;
}

static int search(Solver *s, const Position *here, int played);

static int remember(Solver *s, const Position *here, Key key, int played) {
    /* Enter a position with a choice: 1 to search it, 0 if it needs no search (entered
     * before, or lost because a card is stranded) or the search must stop. Positions searched
     * to the end stay remembered across restarts (their answer does not depend on how they
     * were reached: no line of moves comes back to a position), those still being searched
     * when a restart stops are forgotten (s->path). */
    if (enter(s, key) < 0) {
        s->stop = s->full = 1;
        return 0;
    }
    if (stranded(s, here, played)) return 0;
    s->path[s->path_len++] = key;
    s->positions++;
    if (++s->pending >= s->every) ask(s);
    if (s->limit && s->positions >= s->limit) s->stop = 1;
    return !s->stop;
}

static void shuffle(const Solver *s, const Position *p, int *list, int count) {
    /* A restart's order of the moves here: drawn from its seed and the position (the cards
     * played, the turn) alone, not from how far the search went, so a restart that knows
     * more lost positions searches a part of the same tree a restart knowing less would. */
    uint64_t state = s->seed * 0x9E3779B97F4A7C15ULL + p->played * 0xBF58476D1CE4E5B9ULL +
                     p->turned;
    for (int i = count - 1; i > 0; i--) {
        int j = (int)(next_random(&state) % (uint64_t)(i + 1)), move = list[i];
        list[i] = list[j];
        list[j] = move;
    }
}

static int way_on(const Solver *s, const Position *p) {
    /* The draw or the turn from here, 0 if neither may be made. */
    int list[16], count = moves(s, p, list);
    return count && list[count - 1] < 0 ? list[count - 1] : 0;
}

static int search_round(Solver *s, const Position *here) {
    /* A stop of a round (see in_round), searched as the whole round: every play offered at
     * any of its stops, each after the draws and turns that reach its stop, in the order a
     * player going round meets them. Each play is kept as stops * 256 + move. */
    int *list = s->rounds + s->rounds_len, count = 0, ways[MAX_STOPS];
    Position *stops_at = s->stops + s->stops_len;
    int stops_count = 1;
    stops_at[0] = *here;
    for (int stops = 0;; stops++) {
        int found[16], plays_here = plays(s, &stops_at[stops], found);
        for (int i = 0; i < plays_here && count < MAX_ROUND; i++)
            list[count++] = stops * 256 + found[i];
        int move = way_on(s, &stops_at[stops]);
        if (!move || stops + 1 >= MAX_STOPS) break;
        stops_at[stops + 1] = stops_at[stops];
        play(s, &stops_at[stops + 1], move);
        ways[stops] = move;
        if (stops_at[stops + 1].turned == here->turned) break;
        stops_count++;
    }
    if (s->seed) shuffle(s, here, list, count);
    s->rounds_len += count;
    s->stops_len += stops_count;
    for (int i = 0; i < count; i++) {
        int stops = list[i] / 256, move = list[i] % 256, start = s->line_len;
        if (start + stops + 1 > MAX_LINE) continue;
        Position next = stops_at[stops];
        memcpy(s->line + start, ways, sizeof(int) * (size_t)stops);
        s->line_len += stops;
        play(s, &next, move);
        s->line[s->line_len++] = move;
        if (search(s, &next, s->ranks[move / 3])) return 1;
        s->line_len = start;
        if (s->stop) return 0;
    }
    s->rounds_len -= count;
    s->stops_len -= stops_count;
    return 0;
}

static int search(Solver *s, const Position *here, int played) {
    /* 1: a win was found (its moves in line); 0: none from here (or the search stopped).
     * played: the rank of the card played since the last position remembered, -1 if none
     * (draws and turns leave the cards out as they were: only the talon's front is checked
     * again), 0 to check every rank. A position with nothing to play and one way on (a
     * draw, a turn) is not remembered: the position it leads to is, so the table holds the
     * positions where there is a choice. */
    if (!here->talon_len && !here->reserve_len[0] && !here->reserve_len[1] &&
        !here->reserve_len[2])
        return 1;
    if (s->line_len >= MAX_LINE) return 0;
    if (in_round(s, here)) {
        Key key = key_of(s, here);
        if (known(s, key) || !remember(s, here, key, played)) return 0;
        if (search_round(s, here)) return 1;
        if (!s->stop) s->path_len--;
        return 0;
    }
    int list[16];
    int count = moves(s, here, list);
    if (count == 1 && list[0] < 0) { /* nothing to play, one way on: follow it, unremembered */
        Position next = *here;
        play(s, &next, list[0]);
        s->line[s->line_len++] = list[0];
        if (search(s, &next, played)) return 1;
        s->line_len--;
        return 0;
    }
    Key key = key_of(s, here);
    if (known(s, key) || dominated(s, here) || !remember(s, here, key, played)) return 0;
    if (s->seed) shuffle(s, here, list, count);
    for (int i = 0; i < count; i++) {
        Position next = *here;
        play(s, &next, list[i]);
        s->line[s->line_len++] = list[i];
        if (search(s, &next, list[i] >= 0 ? s->ranks[list[i] / 3] : -1)) return 1;
        s->line_len--;
        if (s->stop) return 0;
    }
    s->path_len--;
    return 0;
}

static int search_restarting(Solver *s, const Position *start, long first_limit,
                             long last_limit) {
    /* 1 won, 0 lost, -1 unknown. A depth-first search that takes a wrong turn early can spend
     * its whole budget below it while a win lies one choice away, so the search starts again
     * with the moves in another order whenever it has entered first_limit new positions (0: it
     * never does), twice as many each time up to last_limit, then last_limit each time (the
     * first keeps the solver's order, the others shuffle it, seeded). What a stopped search
     * searched to the end stays known, so a restart searches only what is new to it: a lost
     * deal costs one search, however many restarts it took, and its answer is final. */
    long limit = first_limit, total = 0;
    for (uint64_t seed = 0;; seed++) {
        s->seed = seed;
        s->limit = limit;
        s->positions = 0;
        s->line_len = s->path_len = s->rounds_len = s->stops_len = 0;
        int won = search(s, start, 0);
        total += s->positions;
        s->positions = total;
        if (won) return 1;
        if (!s->stop) return 0;
        if (s->spent || s->full || s->failed) return -1;
        s->stop = 0;
        for (int i = 0; i < s->path_len; i++) forget(s, s->path[i]);
        limit = limit * 2 < last_limit ? limit * 2 : last_limit;
    }
}

static int read_bytes(PyObject *seq, uint8_t *out, int limit, int *count, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return 0;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > limit) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: at most %d", what, limit);
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if ((value == -1 && PyErr_Occurred()) || value < 0 || value > 255) {
            Py_DECREF(fast);
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%s: 0 to 255", what);
            return 0;
        }
        out[i] = (uint8_t)value;
    }
    Py_DECREF(fast);
    *count = (int)n;
    return 1;
}

static PyObject *solve(PyObject *module, PyObject *args) {
    /* solve(ranks, masks, ace, pass_limit, talon, turned, reserves, opened, passes, offered,
     *       ends, suits, counts, check, every, first_limit, last_limit) -> (won: bool | None,
     *       line, positions) */
    PyObject *ranks, *masks, *talon, *reserves, *ends, *suits, *counts, *check;
    int ace, pass_limit, turned, opened, passes, offered;
    long every, first_limit, last_limit;
    (void)module;
    if (!PyArg_ParseTuple(args, "OOpiOiOiipOOOOlll", &ranks, &masks, &ace, &pass_limit, &talon,
                          &turned, &reserves, &opened, &passes, &offered, &ends, &suits, &counts,
                          &check, &every, &first_limit, &last_limit))
        return NULL;
    if (!PyCallable_Check(check) || every < 1 || first_limit < 0 || last_limit < 0) {
        PyErr_SetString(PyExc_ValueError,
                        "check: a callable; every: at least 1; limits: 0 (none) or more");
        return NULL;
    }
    Solver *s = PyMem_Calloc(1, sizeof(Solver));
    if (!s) return PyErr_NoMemory();
    Position start;
    memset(&start, 0, sizeof start);
    int n, cards = 0;
    uint8_t buffer[3 * RANK_SLOTS];
    int ok = read_bytes(ranks, s->ranks, MAX_CARDS, &cards, "ranks") &&
             read_bytes(masks, s->masks, MAX_CARDS, &n, "masks") &&
             read_bytes(talon, start.talon, MAX_CARDS, &n, "talon");
    start.talon_len = (uint8_t)n;
    if (ok) {
        PyObject *piles = PySequence_Fast(reserves, "reserves: three piles");
        ok = piles && PySequence_Fast_GET_SIZE(piles) == RESERVE_PILES;
        for (int pile = 0; ok && pile < RESERVE_PILES; pile++) {
            ok = read_bytes(PySequence_Fast_GET_ITEM(piles, pile), start.reserves[pile],
                            MAX_CARDS, &n, "reserves");
            start.reserve_len[pile] = (uint8_t)n;
        }
        Py_XDECREF(piles);
        if (!ok && !PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "reserves: three piles");
    }
    if (ok) ok = read_bytes(suits, s->suits, 3, &n, "suits") && n == 3;
    if (ok) ok = read_bytes(counts, buffer, 3 * RANK_SLOTS, &n, "counts") && n == 3 * RANK_SLOTS;
    if (ok) {
        PyObject *fast = PySequence_Fast(ends, "ends: three cards");
        ok = fast && PySequence_Fast_GET_SIZE(fast) == 3;
        for (int tier = 0; ok && tier < 3; tier++) {
            long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, tier));
            ok = !(card == -1 && PyErr_Occurred()) && card >= -1 && card < cards;
            start.ends[tier] = (int8_t)card;
        }
        Py_XDECREF(fast);
    }
    if (ok) ok = cards > 0 && turned >= 0 && turned <= start.talon_len && opened >= 0 &&
                 opened <= RESERVE_PILES && passes >= 0;
    if (!ok) {
        PyMem_Free(s);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "not a Cascades position");
        return NULL;
    }
    for (int tier = 0; tier < 3; tier++)
        for (int rank = 0; rank < RANK_SLOTS; rank++)
            start.counts[tier][rank] = buffer[tier * RANK_SLOTS + rank];
    uint64_t everything = cards >= 64 ? ~0ULL : (1ULL << cards) - 1;
    uint64_t out = 0;
    for (int i = 0; i < start.talon_len; i++) out |= 1ULL << start.talon[i];
    for (int pile = 0; pile < RESERVE_PILES; pile++)
        for (int i = 0; i < start.reserve_len[pile]; i++) out |= 1ULL << start.reserves[pile][i];
    start.played = everything & ~out;
    start.turned = (uint8_t)turned;
    start.opened = (uint8_t)opened;
    start.passes = (uint8_t)passes;
    start.offered = (uint8_t)offered;
    s->cards = cards;
    s->ace = ace;
    s->pass_limit = pass_limit;
    s->check = check;
    s->every = every;
    s->table_bits = FIRST_TABLE_BITS;
    s->table = calloc((size_t)1 << FIRST_TABLE_BITS, sizeof(Key));
    if (!s->table) {
        PyMem_Free(s);
        return PyErr_NoMemory();
    }
    s->thread = PyEval_SaveThread();
    int won = search_restarting(s, &start, first_limit, last_limit);
    if (s->pending && !s->failed) ask(s); /* the budget hears of every position searched */
    PyEval_RestoreThread(s->thread);
    free(s->table);
    PyObject *result = NULL;
    if (!s->failed) {
        PyObject *line = PyList_New(won > 0 ? s->line_len : 0);
        for (int i = 0; line && won > 0 && i < s->line_len; i++)
            PyList_SET_ITEM(line, i, PyLong_FromLong(s->line[i]));
        PyObject *answer = won > 0 ? Py_True : (won < 0 ? Py_None : Py_False);
        if (line) result = Py_BuildValue("(ONl)", answer, line, s->positions);
    }
    PyMem_Free(s);
    return result;
}

static PyObject *py_rank_room(PyObject *module, PyObject *args) {
    /* rank_room(rank, tier, here, above, bottom) -> bool: the rank rules as this solver has
     * them, for the test that holds them to the game's own (rank 0-12, tier 0-2). */
    int rank, tier, here, above, bottom;
    (void)module;
    if (!PyArg_ParseTuple(args, "iiiii", &rank, &tier, &here, &above, &bottom)) return NULL;
    if (rank < 0 || rank >= RANK_SLOTS || tier < 0 || tier > 2) {
        PyErr_SetString(PyExc_ValueError, "rank: 0 to 12; tier: 0 to 2");
        return NULL;
    }
    return PyBool_FromLong(rank_room(rank, tier, here, above, bottom));
}

static PyMethodDef methods[] = {
    {"solve", solve, METH_VARARGS,
     "solve(ranks, masks, ace, pass_limit, talon, turned, reserves, opened, passes, offered, "
     "ends, suits, counts, check, every, first_limit, last_limit): search a dealt position, "
     "starting again in another order after first_limit new positions, twice as many each "
     "time up to last_limit, then last_limit each time (first_limit 0: no restarts); (True, line, "
     "positions) when it can be won, (False, [], positions) when not, (None, [], positions) "
     "when check stopped it or the positions filled the memory allowed."},
    {"rank_room", py_rank_room, METH_VARARGS,
     "rank_room(rank, tier, here, above, bottom): whether a tier holding `here` cards of `rank` "
     "takes another, the tier above holding `above` and the bottom tier `bottom`."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef solitaire_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_solitaire_core",
    .m_doc = "The Decktet solitaire's compiled solver.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__solitaire_core(void) {
    /* The constants this solver shares with the Python one, as attributes, so a test can hold
     * them to the Python ones. */
    PyObject *module = PyModule_Create(&solitaire_module);
    if (!module) return NULL;
    if (PyModule_AddIntMacro(module, MAX_CARDS) || PyModule_AddIntMacro(module, RANK_SLOTS) ||
        PyModule_AddIntMacro(module, RESERVE_PILES) || PyModule_AddIntMacro(module, ACE) ||
        PyModule_AddIntMacro(module, CROWN) || PyModule_AddIntMacro(module, PAWN) ||
        PyModule_AddIntMacro(module, COURT) || PyModule_AddIntMacro(module, DRAW_MOVE) ||
        PyModule_AddIntMacro(module, TURN_MOVE) || PyModule_AddIntMacro(module, MAX_LINE)) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
