// The page's own seat in a remote game (remote.js; docs/remote.md, "A phone or computer as the
// other player"): its chance — its chain of hashes, its half of each step shown as soon as the
// offering board's view asks for it, and every draw that board reports checked against both
// halves (chance.js) — and its requests as a board makes them: take back, and agree to or
// decline the board's take-back. A board whose half or draw does not check is refused: the
// page says so and plays no further in that game.
"use strict";

const seat = { own: null, theirs: null, checked: new Set(), last: "", bent: "", revealed: 0 };
// own: OwnChain; theirs: TheirChain (from the board's hello); checked: the draws checked
// ("ply outcome half"); last: the game's latest draw in words; bent: why the board was refused;
// revealed: the message number the page's last half went out under

// The secret of the game this page takes: the one kept with it, or a new one.
function seatSecret(kept) {
  return kept.secret || bytesHex(crypto.getRandomValues(new Uint8Array(32)));
}

// Taking the seat (again): the page's chain is hashed through once, here.
function seatBegin(secret) {
  Object.assign(seat, { own: new OwnChain(hexBytes(secret)), theirs: null, checked: new Set(),
    last: "", bent: "", revealed: 0 });
  delete $("remote-view").dataset.bent;
}

function seatChecked() {
  const count = seat.checked.size;
  return `Chance: ${count} draw${count === 1 ? "" : "s"} checked`;
}

// The offering board's hello: its anchor vouches for its halves.
function seatHello(hello) {
  if (!/^[0-9a-f]{64}$/.test(hello.anchor)) return;
  seat.theirs = new TheirChain(hello.anchor);
  if (remote.view) showRemote(remote.view);  // a view read before the hello is checked now
}

// Whether the page can hold a seat in the game the view shows: one without chance, or one
// whose draws chance.js knows, offered by a board whose view lists them.
function seatPlays(view) {
  return !view.chance || (Object.hasOwn(DRAWS, view.game) && Array.isArray(view.draws));
}

// Playing on declines the board's take-back, as a move on a board does: an undo-no goes first,
// under number seq. How many messages that took.
function seatDeclineFirst(view, seq) {
  if (!view.undo || view.undo.by !== "host") return 0;
  publishRemote({ kind: "undo-no", seq, ack: view.ack, to: view.undo.to });
  return 1;
}

// Each view, for a page holding a seat (mine) or not.
function seatView(view, mine) {
  const requests = $("remote-requests");
  if (!mine || !seat.own) {
    requests.hidden = true;
    $("remote-chance").textContent = "";
    return;
  }
  const host = view.seats.host ? view.seats.host.name : "the other side";
  seatDraws(view, host);
  if (seat.bent) {
    remoteSay(seat.bent);
    $("remote-chance").textContent = `${seatChecked()}, then one refused.`;
    $("remote-controls").hidden = true;
    requests.hidden = true;
    $("remote-view").dataset.bent = "true";
    return;
  }
  if (Number.isInteger(view.half_due) && !view.finished && seat.revealed !== view.next) {
    seat.revealed = view.next;  // once per message number: the view may come again unchanged
    sendRemote("reveal", { ply: view.half_due, value: seat.own.half(view.half_due) });
  }
  $("remote-chance").textContent = view.chance
    ? `${seatChecked()} against both halves${seat.last ? ` (the last: ${seat.last})` : ""}.` : "";
  $("remote-view").dataset.checked = seat.checked.size;
  seatRequests(view, host);
}

// The board's draws not yet checked: its half on its chain, the outcome the one both halves give.
function seatDraws(view, host) {
  if (!seat.theirs || seat.bent || !Array.isArray(view.draws)) return;
  for (const draw of view.draws) {
    if (!Array.isArray(draw) || draw.length !== 3 || typeof draw[1] !== "string") {
      seat.bent = `${host}'s board listed a draw this page cannot read: refused. This page plays no further in this game.`;
      return;
    }
    const [ply, outcome, half] = draw;
    const key = `${ply} ${outcome} ${half}`;
    if (seat.checked.has(key)) continue;
    if (!seat.theirs.check(ply, half)) {
      seat.bent = `${host}'s board showed a half for ply ${ply} that is not on the chain it committed to: refused. This page plays no further in this game.`;
      return;
    }
    const drawn = drawnOutcome(view.game, remote.game, ply, half, seat.own.half(ply), outcome);
    if (drawn !== outcome) {
      seat.bent = `${host}'s board drew ${outcome} at ply ${ply}, but both halves give ${drawn === null ? `no draw of ${view.title} like it` : drawn}: refused. This page plays no further in this game.`;
      return;
    }
    seat.checked.add(key);
  }
  const latest = view.draws.at(-1);
  seat.last = latest ? `${latest[1]} at ply ${latest[0]}` : "";
}

// Take back, or the board's request to take back: agree or decline.
function seatRequests(view, host) {
  const asked = view.finished ? null : view.undo;
  const theirs = Boolean(asked && asked.by === "host");
  $("remote-requests").hidden = view.finished;
  $("remote-asked").textContent = !asked ? "" : theirs
    ? `${host} asks to take back to ply ${asked.to}: agree, or play on to decline.`
    : `You asked ${host}'s board to take back to ply ${asked.to}; playing on withdraws it.`;
  $("remote-agree").hidden = $("remote-decline").hidden = !theirs;
  $("remote-takeback").hidden = Boolean(asked) || view.takeback === null;
}

$("remote-agree").onclick = () => {
  if (remote.view && remote.view.undo) sendRemote("undo-yes", { to: remote.view.undo.to });
};
$("remote-decline").onclick = () => {
  if (remote.view && remote.view.undo) sendRemote("undo-no", { to: remote.view.undo.to });
};
$("remote-takeback").onclick = () => {
  if (remote.view && remote.view.takeback !== null) sendRemote("undo", { to: remote.view.takeback });
};
