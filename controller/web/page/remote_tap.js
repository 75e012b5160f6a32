// Tap to move on the page's picture of the offering board (docs/remote.md, section 6): on the
// page's own move, a tap on the picture finds the board's pad under it (the LEDs drawn as
// paintRemote draws them, the bottom row first) and plays the move the view says a touch on
// that pad plays on the board itself (its "taps": each move and its pads). A watcher's page,
// and a player's while it is not its move or the link is down, does nothing with a tap.
"use strict";

// The pad under a point of the picture (client coordinates), or null outside the board.
function remotePadAt(view, clientX, clientY) {
  const canvas = $("remote-leds"), box = canvas.getBoundingClientRect();
  const width = view.board.led_width, height = view.board.led_height, k = view.board.per_pad;
  const size = Math.floor(Math.min(canvas.width / width, canvas.height / height));
  const x = Math.floor((clientX - box.left) * canvas.width / box.width / size);
  const y = Math.floor((clientY - box.top) * canvas.height / box.height / size);
  if (x < 0 || y < 0 || x >= width || y >= height) return null;
  const column = Math.floor(x / k), row = Math.floor((height - 1 - y) / k);
  return row * view.board.columns + column;
}

// The move a tap on `pad` plays now, or "" when none does.
function remoteMoveAt(view, pad) {
  for (const [move, pads] of Object.entries(view.taps || {})) {
    if (pads.includes(pad)) return move;
  }
  return "";
}

function remoteMyMove(view) {
  return remote.role === "play" && Boolean(view.seats.guest) && view.seats.guest.name === remote.name &&
    view.waiting === "guest" && !view.finished && remoteLinkUp();
}

$("remote-leds").addEventListener("click", (event) => {
  const view = remote.view;
  if (!view || !remoteMyMove(view)) return;  // a watcher's tap, or not this page's move
  if (remote.sent >= view.next && !(view.refused && view.refused.seq === remote.sent)) return;  // sent: the board's answer comes
  const pad = remotePadAt(view, event.clientX, event.clientY);
  if (pad === null) return;
  const move = remoteMoveAt(view, pad);
  if (!move) {
    remoteSay("Not a move there now: tap a cell the rules allow, or pick a move below.");
    return;
  }
  remoteSay("");
  sendRemote("move", { ply: view.ply, move });
});

// The picture says by its pointer, and the status line in words, whether a tap plays.
function remoteTapShown(view) {
  const tappable = remoteMyMove(view) && Object.keys(view.taps || {}).length > 0;
  $("remote-leds").classList.toggle("tappable", tappable);
  if (tappable) $("remote-status").textContent += " · tap a cell on the picture to play it";
}
