// The page as the other player of a board elsewhere, or as a watcher (docs/remote.md, "A phone
// as the other player"): through the broker over WebSockets (mqtt.js), speaking the boards'
// messages. The page has no game engine: the board that offered the game is the referee, and
// the page shows only the view that board publishes and sends moves for it to check.
"use strict";

const remote = { client: null, game: "", host: "", user: "", role: "", hello: null, view: null,
  said: false, invite: "", url: "" };
const HEX = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

function remoteSay(text) { $("remote-error").textContent = text; }

async function loadRemote(tries = 10) {
  try {
    remote.url = (await api("GET", "/api/remote/broker")).websocket;
  } catch (error) {
    remote.url = "";  // a busy board, or a page not yet paired: asked again a few times
    if (tries > 1) setTimeout(() => loadRemote(tries - 1), 1000);
  }
  $("remote-url").textContent = remote.url || "none set";
  $("remote-go").disabled = !remote.url;
  if (!remote.url) remoteSay("No broker for pages is set on this board: kaskade remote setup --websocket URL (docs/remote.md).");
}

$("remote-form").onsubmit = (event) => {
  event.preventDefault();
  remoteSay("");
  startRemote().catch((error) => { remoteSay(error.message); leaveRemote(false); });
};
$("remote-leave").onclick = () => leaveRemote(true);
$("remote-move-form").onsubmit = (event) => {
  event.preventDefault();
  const move = $("remote-move").value.trim();
  if (move) sendRemote("move", { ply: remote.view.ply, move });
  $("remote-move").value = "";
};
$("remote-resign").onclick = () => {
  if (confirm("Resign this game?")) sendRemote("resign", {});
};

async function startRemote() {
  const role = $("remote-role").value, code = $("remote-code").value.trim().toLowerCase();
  const typed = $("remote-code").value.trim();
  const user = $("remote-user").value.trim(), password = $("remote-password").value;
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(user)) throw new Error("Your user at the broker: 1-32 letters, digits, - or _.");
  if (role === "play" && !/^\d{6}$/.test(code)) throw new Error("An invite code is six digits (the offering board's LEDs show it).");
  if (role === "watch" && !/^[0-9a-f]{16}\/[A-Za-z0-9_-]{1,32}$/.test(typed)) throw new Error("A game to watch is given as its id and the offering board's user, as a playing page shows it (0123456789abcdef/anna).");
  const name = $("remote-name").value.trim() || user;
  if (!/^[^\x00-\x1f\x7f]{1,24}$/.test(name)) throw new Error("Your name: 1-24 printable characters.");
  Object.assign(remote, { role, user, password, name, hello: null, view: null, said: false, sent: 0 });
  if (role === "play") {
    // a code this page took before stands for its game still: the page plays on
    const kept = JSON.parse(localStorage.getItem("kaskade-remote") || "{}");
    const again = kept.code === code && kept.user === user;
    const invite = again ? kept : await lookUp(code);
    const secret = seatSecret(again ? kept : {});
    Object.assign(remote, { game: invite.game, host: invite.host, invite: code });
    localStorage.setItem("kaskade-remote", JSON.stringify({ code, user, game: invite.game, host: invite.host, secret }));
    seatBegin(secret);
  } else {
    [remote.game, remote.host] = typed.split("/");
  }
  await joinRemote();  // remote_link.js
  $("remote-form").hidden = true;
  $("remote-view").hidden = false;
  $("remote-view").dataset.role = role;
  $("remote-controls").hidden = true;  // until the view says it is this page's move
  $("remote-id").textContent = `${remote.game}/${remote.host}`;
  $("remote-status").textContent = "reading the game from the broker…";
}

async function connectRemote(will, clientId) {
  const client = new MqttClient(remote.url, { user: remote.user, password: remote.password, clientId, will });
  client.onmessage = heard;
  client.onclose = (reason) => remoteDropped(client, reason);  // remote_link.js: it comes back
  await client.connect();
  return client;
}

async function subscribeAll(topics) {
  const granted = await remote.client.subscribe(topics);
  if (granted.some((code) => code === 0x80)) throw new Error("The broker does not let this user read that game.");
}

// The game an invite code stands for (invite.js: the code is never sent; only a board that
// proves it is believed).
async function lookUp(code) {
  const client = new MqttClient(remote.url, { user: remote.user, password: remote.password,
    clientId: `${remote.user}-${HEX(crypto.getRandomValues(new Uint8Array(6)))}` });
  await client.connect();
  try {
    return await inviteLookUp(client, code, remote.user);
  } finally {
    client.close();
  }
}

function heard(topic, text) {
  const parts = topic.split("/");
  let data;
  try { data = JSON.parse(text); } catch (error) { return; }
  if (!data || data.v !== 1) return;
  if (parts[3] === "log" && parts[4] === "1" && data.kind === "hello") {
    remote.hello = data;
    seatHello(data);
  } else if (parts[3] === "view") {
    remote.view = data;
    showRemote(data);
  }
  if (remote.role === "play" && !remote.said && remote.hello && remote.view) sayHello();
}

// The page's hello takes the seat the offering board left, with the anchor of its chance chain
// (seat.js): only in a game whose draws the page can check.
function sayHello() {
  const view = remote.view;
  if (!seatPlays(view)) {
    remoteSay(`${view.title} has dice or shuffles this page cannot check: a page cannot take a seat in it (a board can). The invite is left for a board.`);
    leaveRemote(false);
    return;
  }
  if (view.seats.guest && view.seats.guest.name === remote.name && view.next > 1) {
    remote.said = true;  // this page's seat, taken before: it plays on
    return;
  }
  if (view.seats.guest) {
    remoteSay("Someone has taken that seat already.");
    leaveRemote(false);
    return;
  }
  remote.said = true;
  const mine = [0, 1].filter((p) => !remote.hello.players.includes(p));
  publishRemote({ kind: "hello", seq: 1, ack: view.ack, game: remote.hello.game, options: remote.hello.options,
    players: mine, name: remote.name, anchor: seat.own.anchor });
}

// The page's next message: numbered after those the view does not show played yet (a person
// may act again before the board's view comes back), or under the number of the last one sent
// when the board refused it (a refused message's number is free again).
function sendRemote(kind, body) {
  const view = remote.view;
  const refusedLast = view.refused && view.refused.seq === remote.sent;
  let seq = remote.sent >= view.next && !refusedLast ? remote.sent + 1 : view.next;
  seq += kind === "move" ? seatDeclineFirst(view, seq) : 0;
  remote.sent = seq;
  publishRemote({ kind, seq, ack: view.ack, ...body });
}

function publishRemote(message) {
  const payload = JSON.stringify({ v: 1, ...message });
  remote.client.publish(`kaskade/${remote.game}/${remote.user}/log/${message.seq}`, payload, { retain: true })
    .catch((error) => remoteSay(`not sent: ${error.message}`));
}

function showRemote(view) {
  const names = { host: view.seats.host ? view.seats.host.name : "", guest: view.seats.guest ? view.seats.guest.name : "" };
  $("remote-title").textContent = `${view.title}: ${names.host || "?"} against ${names.guest || "nobody yet"}`;
  paintRemote(view);
  const mine = remote.role === "play" && view.seats.guest && view.seats.guest.name === remote.name;
  const myMove = mine && view.waiting === "guest" && !view.finished && view.to_move !== null;
  let words;
  if (view.finished) words = view.outcome;
  else if (myMove) words = `your move (${view.to_move})`;
  else if (view.waiting && view.to_move === null) words = "chance: both sides show their half";
  else if (view.waiting) words = `${names[view.waiting] || "the other side"} to move (${view.to_move})`;
  else words = "";
  $("remote-status").textContent = `${words}${view.last ? ` · last move ${view.last}` : ""}`;
  const refused = view.refused && mine && view.refused.seq === remote.sent ? view.refused : null;
  if (refused) remoteSay(`${names.host}'s board refused it: ${refused.reason}`);
  else if (myMove) remoteSay("");
  $("remote-view").dataset.ply = view.ply;
  $("remote-view").dataset.turn = myMove ? "mine" : "theirs";
  $("remote-view").dataset.finished = view.finished;
  // a watcher never gets the controls; a player only on its own move, while linked
  $("remote-controls").hidden = !myMove || !remoteLinkUp();
  remoteTapShown(view);  // remote_tap.js
  if (view.finished) remoteGameEnded(view);  // remote_link.js
  const legal = $("remote-legal");
  legal.replaceChildren(...(myMove ? view.legal : []).map((move) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "small";
    button.textContent = move;
    button.dataset.move = move;
    button.onclick = () => sendRemote("move", { ply: view.ply, move });
    return button;
  }));
  seatView(view, mine);
}

// The offering board's LEDs (three bytes each, the bottom row first) as squares.
function paintRemote(view) {
  const target = $("remote-leds"), draw = target.getContext("2d");
  const width = view.board.led_width, height = view.board.led_height;
  const size = Math.floor(Math.min(target.width / width, target.height / height));
  draw.fillStyle = "#101013";
  draw.fillRect(0, 0, target.width, target.height);
  for (let i = 0; i < width * height; i++) {
    const colour = view.leds.slice(i * 6, i * 6 + 6);
    if (colour === "000000") continue;
    const x = i % width, y = height - 1 - Math.floor(i / width);
    draw.fillStyle = `#${colour}`;
    draw.fillRect(x * size + 1, y * size + 1, size - 2, size - 2);
  }
}

function leaveRemote(byHand) {
  closeRemoteLink(byHand);  // remote_link.js
  $("remote-form").hidden = false;
  $("remote-view").hidden = true;
}

loadRemote();
