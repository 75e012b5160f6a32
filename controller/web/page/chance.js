// The page's side of remote chance, exactly as the boards do it (controller/remote/chance.py):
// the page's own chain of hashes (its secret hashed 4097 times; the anchor goes in its hello,
// the half of the step at ply p is the secret hashed 4096 - p times), the offering board's
// chain checked half by half against the anchor in that board's hello, and each step's outcome
// derived from both halves with Python's own generator (random.Random seeded with the step's
// seed), so the page can tell that the board, which referees, did not bend a die. Needs sha2.js;
// nothing here touches the page, so the tests run it under node as well.
"use strict";

const CHAIN = 4097;  // hashes from a secret to its anchor: one per ply a game may reach, and one
const CHECKPOINT_EVERY = 64;

function hashTimes(bytes, times) {
  let value = bytes;
  for (let i = 0; i < times; i++) value = sha256(value);
  return value;
}

// The page's own chain: hashed through once when the game is taken (or the page opened again),
// keeping every 64th link, so that a half costs at most 63 hashes and the page keeps 2 KB.
class OwnChain {
  constructor(secret) {
    this.checkpoints = [];
    let value = secret;
    for (let link = 0; link < CHAIN; link++) {
      if (link % CHECKPOINT_EVERY === 0) this.checkpoints.push(value);
      value = sha256(value);
    }
    this.anchor = bytesHex(value);
  }

  // This side's half of the chance step at ply (hex).
  half(ply) {
    if (!(ply >= 0 && ply < CHAIN)) throw new Error(`no half for ply ${ply}`);
    const link = CHAIN - 1 - ply;
    const from = Math.floor(link / CHECKPOINT_EVERY);
    return bytesHex(hashTimes(this.checkpoints[from], link - from * CHECKPOINT_EVERY));
  }
}

// The other side's chain as far as it has shown it (chance.py's Chain): a half is taken when
// hashing it up to the nearest half shown below it, or the anchor, gives that.
class TheirChain {
  constructor(anchor) {
    this.anchor = anchor;
    this.known = new Map();
  }

  // Whether value is the half of ply on this chain (kept when it is).
  check(ply, value) {
    if (!(Number.isInteger(ply) && ply >= 0 && ply < CHAIN) || !/^[0-9a-f]{64}$/.test(value)) {
      return false;
    }
    if (this.known.get(ply) === value) return true;
    const below = [...this.known.keys()].filter((p) => p < ply);
    const start = below.length ? Math.max(...below) : -1;
    const target = below.length ? this.known.get(start) : this.anchor;
    if (bytesHex(hashTimes(hexBytes(value), ply - start)) !== target) return false;
    this.known.set(ply, value);
    return true;
  }
}

// chance.seed: the seed of the step at ply of the game gameId (its 16 hexadecimal digits) from
// both halves, the offering board's first.
function chanceSeed(gameId, ply, hostHalf, guestHalf) {
  return bytesHex(sha256(new TextEncoder().encode(`kaskade-chance:${gameId}:${ply}:${hostHalf}:${guestHalf}`)));
}

// Python's random.Random(text): the Mersenne Twister seeded as CPython seeds it with a string
// (the text's bytes and their SHA-512, read as one big number, in 32-bit words from the least
// significant), giving random() as CPython does (53 bits from two draws).
class PythonRandom {
  constructor(text) {
    const encoded = new TextEncoder().encode(text);
    const number = new Uint8Array(encoded.length + 64);
    number.set(encoded);
    number.set(sha512(encoded), encoded.length);
    let top = 0;
    while (top < number.length && number[top] === 0) top++;
    const words = Math.max(1, Math.ceil((number.length - top) / 4));
    const key = new Uint32Array(words);
    for (let i = 0; i < words; i++) {
      for (let j = 3; j >= 0; j--) {
        const at = number.length - 1 - 4 * i - j;
        key[i] = (key[i] << 8) | (at >= top ? number[at] : 0);
      }
    }
    this.seed(key);
  }

  seed(key) {
    const mt = new Uint32Array(624);
    mt[0] = 19650218;
    for (let i = 1; i < 624; i++) {
      mt[i] = Math.imul(1812433253, mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
    }
    let i = 1, j = 0;
    for (let k = Math.max(624, key.length); k; k--) {
      mt[i] = (mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1664525)) + key[j] + j;
      i++; j++;
      if (i >= 624) { mt[0] = mt[623]; i = 1; }
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k; k--) {
      mt[i] = (mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1566083941)) - i;
      i++;
      if (i >= 624) { mt[0] = mt[623]; i = 1; }
    }
    mt[0] = 0x80000000;
    this.mt = mt;
    this.index = 624;
  }

  uint32() {
    const mt = this.mt;
    if (this.index >= 624) {
      for (let k = 0; k < 624; k++) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7fffffff);
        mt[k] = mt[(k + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  random() {
    const a = this.uint32() >>> 5, b = this.uint32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }
}

const DIE = (rng) => 1 + Math.floor(rng.random() * 6);

// Each game's chance steps as its sample_chance draws them, by the shape of the outcome's name
// (which step it was is the referee's to say: the page has no rules). Each gives the name the
// generator draws for a step of that shape, or null for a name that is no step of the game.
const DRAWS = {
  // a die (BigBallsState.sample_chance: DICE[int(random() * 6)]), or a deal of the six stones
  // (a Fisher-Yates shuffle of 1-6)
  "big-balls": (name, rng) => {
    if (/^[1-6]$/.test(name)) return String(DIE(rng));
    if (!/^[1-6]{6}$/.test(name)) return null;
    const numbers = [1, 2, 3, 4, 5, 6];
    for (let index = numbers.length - 1; index > 0; index--) {
      const other = Math.floor(rng.random() * (index + 1));
      [numbers[index], numbers[other]] = [numbers[other], numbers[index]];
    }
    return numbers.join("");
  },
  // a throw of one to five dice into the hand, highest first
  "colliding-circles": (name, rng) => {
    if (!/^[1-6]{1,5}$/.test(name)) return null;
    return Array.from(name, () => DIE(rng)).sort((a, b) => b - a).join("");
  },
};

// The outcome both halves give for the step at ply of a game of `game` (its short name) whose
// id is gameId, where the referee named the outcome `name`.
function drawnOutcome(game, gameId, ply, hostHalf, guestHalf, name) {
  const draw = Object.hasOwn(DRAWS, game) ? DRAWS[game] : null;
  return draw ? draw(name, new PythonRandom(chanceSeed(gameId, ply, hostHalf, guestHalf))) : null;
}
