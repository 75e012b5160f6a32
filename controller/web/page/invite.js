// The page's side of an invite (controller/remote/invite.py says how it works): the code typed
// here is never sent. Each offer at the broker (kaskade/invite/HOST: a salt) gets a key that
// scrypt derives from the code, the host's name and the salt; a request proves the code with
// an HMAC under that key, and only an answer proven the same way is believed, so another user
// of the broker can neither learn the code from the page nor send it to a game of hers. The
// page is served over plain HTTP, where browsers give no crypto.subtle: HMAC, PBKDF2 and
// scrypt are built here on sha2.js's SHA-256.
"use strict";

const INVITE_LABEL = "kaskade invite 1\n";
const INVITE_GRACE_MS = 2000;   // a yes waits this long for the other hosts asked
const INVITE_WAIT_MS = 20000;   // then nobody offers a game under the code
const INVITE_MAX_OFFERS = 16;   // each costs a key (a fraction of a second)
const UTF8 = (text) => new TextEncoder().encode(text);

function concatBytes(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
}

function hmacSha256(key, message) {
  if (key.length > 64) key = sha256(key);
  const inner = new Uint8Array(64), outer = new Uint8Array(64);
  for (let i = 0; i < 64; i++) { inner[i] = (key[i] || 0) ^ 0x36; outer[i] = (key[i] || 0) ^ 0x5c; }
  return sha256(concatBytes(outer, sha256(concatBytes(inner, message))));
}

// PBKDF2-HMAC-SHA-256 with one iteration (all scrypt asks of it).
function pbkdf2Once(password, salt, length) {
  const out = new Uint8Array(length);
  for (let block = 1, at = 0; at < length; block++, at += 32) {
    const index = new Uint8Array([block >>> 24, block >>> 16, block >>> 8, block]);
    out.set(hmacSha256(password, concatBytes(salt, index)).slice(0, length - at), at);
  }
  return out;
}

function salsa208(b) {  // b: 16 words, in place
  const x = b.slice();
  const R = (a, n) => (a << n) | (a >>> (32 - n));
  for (let i = 0; i < 8; i += 2) {
    x[4] ^= R(x[0] + x[12], 7); x[8] ^= R(x[4] + x[0], 9); x[12] ^= R(x[8] + x[4], 13); x[0] ^= R(x[12] + x[8], 18);
    x[9] ^= R(x[5] + x[1], 7); x[13] ^= R(x[9] + x[5], 9); x[1] ^= R(x[13] + x[9], 13); x[5] ^= R(x[1] + x[13], 18);
    x[14] ^= R(x[10] + x[6], 7); x[2] ^= R(x[14] + x[10], 9); x[6] ^= R(x[2] + x[14], 13); x[10] ^= R(x[6] + x[2], 18);
    x[3] ^= R(x[15] + x[11], 7); x[7] ^= R(x[3] + x[15], 9); x[11] ^= R(x[7] + x[3], 13); x[15] ^= R(x[11] + x[7], 18);
    x[1] ^= R(x[0] + x[3], 7); x[2] ^= R(x[1] + x[0], 9); x[3] ^= R(x[2] + x[1], 13); x[0] ^= R(x[3] + x[2], 18);
    x[6] ^= R(x[5] + x[4], 7); x[7] ^= R(x[6] + x[5], 9); x[4] ^= R(x[7] + x[6], 13); x[5] ^= R(x[4] + x[7], 18);
    x[11] ^= R(x[10] + x[9], 7); x[8] ^= R(x[11] + x[10], 9); x[9] ^= R(x[8] + x[11], 13); x[10] ^= R(x[9] + x[8], 18);
    x[12] ^= R(x[15] + x[14], 7); x[13] ^= R(x[12] + x[15], 9); x[14] ^= R(x[13] + x[12], 13); x[15] ^= R(x[14] + x[13], 18);
  }
  for (let i = 0; i < 16; i++) b[i] += x[i];
}

function blockMix(b, y, r) {  // b: 32r words; y: scratch of the same
  const x = b.slice(32 * r - 16, 32 * r);
  for (let i = 0; i < 2 * r; i++) {
    for (let j = 0; j < 16; j++) x[j] ^= b[16 * i + j];
    salsa208(x);
    y.set(x, (i % 2 ? r + (i >> 1) : i >> 1) * 16);
  }
  b.set(y);
}

// scrypt (RFC 7914) with p = 1, as Python's hashlib.scrypt computes it.
function scrypt(password, salt, n, r, length) {
  const bytes = pbkdf2Once(password, salt, 128 * r);
  const words = 32 * r, b = new Uint32Array(words), y = new Uint32Array(words);
  for (let i = 0; i < words; i++) {
    b[i] = bytes[4 * i] | (bytes[4 * i + 1] << 8) | (bytes[4 * i + 2] << 16) | (bytes[4 * i + 3] << 24);
  }
  const v = new Uint32Array(words * n);
  for (let i = 0; i < n; i++) { v.set(b, i * words); blockMix(b, y, r); }
  for (let i = 0; i < n; i++) {
    const j = b[words - 16] & (n - 1);
    for (let k = 0; k < words; k++) b[k] ^= v[j * words + k];
    blockMix(b, y, r);
  }
  const out = new Uint8Array(128 * r);
  for (let i = 0; i < words; i++) {
    out[4 * i] = b[i]; out[4 * i + 1] = b[i] >>> 8; out[4 * i + 2] = b[i] >>> 16; out[4 * i + 3] = b[i] >>> 24;
  }
  return pbkdf2Once(password, out, length);
}

function inviteKey(code, host, salt) {
  return scrypt(UTF8(code), concatBytes(UTF8(INVITE_LABEL + host + "\n"), hexBytes(salt)), 16384, 8, 32);
}

function inviteProof(key, ...fields) { return bytesHex(hmacSha256(key, UTF8(fields.join("\n")))); }

function inviteJson(data) {  // as Python's json.dumps(sort_keys=True, separators=(",", ":"))
  return JSON.stringify(Object.fromEntries(Object.entries(data).sort(([a], [b]) => (a < b ? -1 : 1))));
}

// The game the code stands for, found by asking every offer at the broker: {game, host}.
// Throws, with the reason, when no host proves the code, or two do.
async function inviteLookUp(client, code, me) {
  const nonce = bytesHex(crypto.getRandomValues(new Uint8Array(16)));
  const offers = new Map(), refusals = [];
  const answers = `kaskade/invite/+/to/${me}`;
  let yesSince = null;
  const ask = async (host, salt) => {
    await new Promise((r) => setTimeout(r, 0));  // the socket's messages first
    const key = inviteKey(code, host, salt);
    const known = offers.get(host);
    if (!known || known.salt !== salt) return;
    known.key = key;
    client.publish(`kaskade/invite/${me}/to/${host}`, inviteJson({ v: 1, kind: "request", salt, nonce,
      proof: inviteProof(key, "request", host, me, salt, nonce) }));
  };
  client.onmessage = (topic, text) => {
    const parts = topic.split("/");
    let data;
    try { data = JSON.parse(text); } catch (error) { return; }
    if (!data || data.v !== 1) return;
    if (parts.length === 3 && parts[2] !== me && data.kind === "offer" && /^[0-9a-f]{32}$/.test(data.salt)) {
      if (offers.has(parts[2]) || offers.size >= INVITE_MAX_OFFERS) return;
      offers.set(parts[2], { salt: data.salt, key: null, answer: null });
      ask(parts[2], data.salt);
    } else if (parts.length === 5 && parts[4] === me && data.kind === "answer") {
      const host = parts[2], known = offers.get(host);
      if (!known || !known.key) refusals.push(`an answer from ${host}, which this page did not ask (forged or replayed)`);
      else if (data.nonce !== nonce) refusals.push(`an answer from ${host} to another request (replayed)`);
      else if (!data.game) known.answer = known.answer || data;
      else if (data.proof !== inviteProof(known.key, "answer", host, me, known.salt, nonce, data.game)) {
        refusals.push(`an answer from ${host} that does not show the invite code (forged)`);
      } else {
        known.answer = data;
        if (yesSince === null) yesSince = Date.now();
      }
    }
  };
  await client.subscribe(["kaskade/invite/+", answers]);
  const started = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const yes = [...offers].filter(([, k]) => k.answer && k.answer.game);
    if (yes.length > 1) throw new Error(`${yes.map(([h]) => h).join(" and ")} both say yes to invite code ${code}: someone else has it too; ask for a new one.`);
    const waiting = [...offers.values()].some((k) => !k.answer);
    if (yes.length === 1 && (!waiting || Date.now() - yesSince >= INVITE_GRACE_MS)) {
      return { game: yes[0][1].answer.game, host: yes[0][0] };
    }
    if (Date.now() - started > INVITE_WAIT_MS) {
      const why = refusals.length ? ` (refused: ${refusals.join("; ")})` : "";
      throw new Error(`No game waits under invite code ${code}: the code is spent or mistyped${why}.`);
    }
  }
}
