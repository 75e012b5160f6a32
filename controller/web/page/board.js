// The web companion's page: the live board from /api/stream, touches and buttons, a new game,
// the settings and the history, over the JSON API (docs/web.md). No build step, no library.
"use strict";

const $ = (id) => document.getElementById(id);
const canvas = $("leds");
let board = null;        // the board's size, from the state
let token = localStorage.getItem("kaskade-token");
let reading = "open";    // who may see the board: "open" or "paired" (a setting of the board)

function say(text) {
  const message = $("message");
  message.textContent = text;
  message.classList.add("shown");
  clearTimeout(say.timer);
  say.timer = setTimeout(() => message.classList.remove("shown"), 3000);
}

async function api(method, path, body, tries = 5) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const answer = response.headers.get("Content-Type")?.includes("json") ? await response.json() : await response.text();
  if (response.status === 429 && method === "GET" && tries > 1) {
    // the board is busy (replays): wait as long as it asks, then ask again
    const seconds = Number(response.headers.get("Retry-After")) || 1;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return api(method, path, body, tries - 1);
  }
  if (response.status === 401 || response.status === 403) {
    if (path !== "/api/pair") {
      const had = token;
      token = null; localStorage.removeItem("kaskade-token"); showPaired();
      if (had && reading === "paired") location.reload();  // forgotten: back to the welcome
    }
  }
  if (!response.ok) throw new Error(answer.error || response.statusText);
  return answer;
}

// A stream's address: a browser's EventSource sends no headers, so the token goes along.
function withToken(path) {
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}

// -- the LEDs ------------------------------------------------------------------------------------

function show(state) {
  board = state.board;
  hear(state.spoken);
  $("board-name").textContent = board.name;
  // A change the board could not save is not shown: the last saved picture stays, and why.
  $("description").textContent = state.unsaved ? `${state.description} · ${state.unsaved}` : state.description;
  showResult(state.game);
  showMoves(state.game);
  // a hint and resigning are for a game being played on the board, not the home menu
  const playing = Boolean(state.game && state.game.playing);
  $("hint").hidden = !playing;
  $("resign").hidden = !playing;
  paint(canvas, state.leds, state.brightness);
  if (state.covered) cover(canvas);
  canvas.dataset.version = state.version;
  canvas.dataset.screen = state.screen;
  canvas.dataset.covered = state.covered;
}

// While a pairing code is on the LEDs, a device not paired sees a blank board and says why.
function cover(target) {
  const draw = target.getContext("2d");
  draw.fillStyle = "rgba(16,16,19,0.85)";
  draw.fillRect(0, 0, target.width, target.height);
  draw.fillStyle = "#f0f0f4";
  draw.textAlign = "center";
  draw.textBaseline = "middle";
  draw.font = `${Math.floor(target.width / 22)}px system-ui, sans-serif`;
  draw.fillText("A pairing code is on the board:", target.width / 2, target.height / 2 - target.width / 30);
  draw.fillText("read it there.", target.width / 2, target.height / 2 + target.width / 30);
}

// Draws LEDs (six hex digits each, the bottom row first) as glowing spots in their pads.
function paint(target, leds, brightness, shape = board) {
  const draw = target.getContext("2d");
  const k = shape.per_pad, width = shape.led_width, height = shape.led_height;
  const size = Math.floor(Math.min(target.width / width, target.height / height));
  // LEDs look brighter than their drive value: a person sees about the square root of dim light
  const level = Math.pow(brightness, 1 / 2.2);
  draw.fillStyle = "#101013";
  draw.fillRect(0, 0, target.width, target.height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const hex = leds[y * width + x];
      const [r, g, b] = [0, 2, 4].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * level));
      const cx = x * size + size / 2, cy = (height - 1 - y) * size + size / 2;
      const glow = draw.createRadialGradient(cx, cy, 0, cx, cy, size * 0.6);
      glow.addColorStop(0, `rgb(${Math.min(255, r * 1.6)},${Math.min(255, g * 1.6)},${Math.min(255, b * 1.6)})`);
      glow.addColorStop(0.3, `rgb(${Math.min(255, r * 1.2)},${Math.min(255, g * 1.2)},${Math.min(255, b * 1.2)})`);
      glow.addColorStop(0.6, `rgb(${Math.round(r * 0.5)},${Math.round(g * 0.5)},${Math.round(b * 0.5)})`);
      glow.addColorStop(1, "rgb(16,16,19)");
      draw.fillStyle = glow;
      draw.fillRect(x * size, (height - 1 - y) * size, size, size);
    }
  }
  draw.strokeStyle = "#050506";
  draw.lineWidth = 2;
  const line = (x1, y1, x2, y2) => { draw.beginPath(); draw.moveTo(x1, y1); draw.lineTo(x2, y2); draw.stroke(); };
  for (let i = 0; i <= width; i += k) line(i * size, 0, i * size, height * size);
  for (let i = 0; i <= height; i += k) line(0, i * size, width * size, i * size);
}

function padAt(event) {
  const box = canvas.getBoundingClientRect();
  const size = Math.floor(Math.min(canvas.width / board.led_width, canvas.height / board.led_height));
  const x = (event.clientX - box.left) * (canvas.width / box.width);
  const y = (event.clientY - box.top) * (canvas.height / box.height);
  const column = Math.floor(x / (size * board.per_pad));
  const row = board.rows - 1 - Math.floor(y / (size * board.per_pad));
  if (column < 0 || row < 0 || column >= board.columns || row >= board.rows) return null;
  return row * board.columns + column;
}

function follow() {
  const stream = new EventSource(withToken("/api/stream"));
  follow.stream = stream;
  stream.addEventListener("state", (event) => {
    $("link").textContent = token ? "live · paired" : "live";
    $("link").className = token ? "badge paired" : "badge live";
    const state = JSON.parse(event.data);
    const ended = Boolean(state.game && state.game.finished);
    // a game is in the history as soon as it ends (and one left unfinished is not)
    if ((ended && !follow.ended) || (follow.inGame && !state.game)) loadHistory().catch((error) => say(error.message));
    follow.ended = ended;
    if (follow.screen !== state.screen) loadHealth().catch((error) => say(error.message));
    follow.screen = state.screen;
    follow.inGame = Boolean(state.game);
    show(state);
    showUpdate(state.update);
    showWaiting(state.waiting.filter((name) => !state.game || name !== state.game.name || state.screen === "HomeScreen"));
  });
  stream.onerror = () => {
    $("link").textContent = "reconnecting…"; $("link").className = "badge";
    // refused (this device was forgotten, or reading became paired-only): start again
    if (stream.readyState === EventSource.CLOSED) setTimeout(() => location.reload(), 3000);
  };
}

// -- the moves of the game on the board ----------------------------------------------------------

// Who sits in a seat, in words: a person's name, "level 3" for the computer, "" for a person
// not named.
function seatWho(seat) {
  if (!seat || seat === "human") return "";
  const level = /^computer (\d+)$/.exec(seat);
  return level ? `level ${level[1]}` : seat;
}

function capital(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

// Who made a move, in words: "Anna (White)", "level 3 (Black)", "White", or the chance step.
function moverWords(game, mover) {
  if (mover === "chance") return "chance";
  const who = seatWho(game.seats[mover]);
  return who ? `${who} (${capital(mover)})` : capital(mover);
}

// A move of a list: its number (drawn by the list), the move as people read it — a throw or
// a deal in words, marked as chance's — and who made it.
function moveItem(said, mover, who) {
  const item = document.createElement("li");
  const move = document.createElement("span");
  move.className = "move";
  move.textContent = said;
  item.append(move);
  if (mover === "chance") item.className = "chance";
  else if (who) {
    const by = document.createElement("span");
    by.className = "who";
    by.textContent = who;
    item.append(by);
  }
  return item;
}

function showMoves(game) {
  $("moves-panel").hidden = !game;
  if (!game) { showMoves.shown = null; return; }
  const key = `${game.lesson}:${game.id}:${game.moves.length}`;
  if (showMoves.shown === key) return;  // drawn again only when a move was made or taken back
  showMoves.shown = key;
  $("moves-title").textContent = game.lesson ? "The lesson's moves" : "Moves";
  $("moves-count").textContent = game.moves.length ? `(${game.moves.length})` : "(none yet)";
  $("moves").replaceChildren(...game.said.map((said, index) =>
    moveItem(said, game.movers[index], moverWords(game, game.movers[index]))));
  $("moves").scrollTop = $("moves").scrollHeight;
}

// -- touching and controlling ------------------------------------------------------------------------

async function needsPairing(action) {
  if (!token) { await startPairing(); return; }
  try { await action(); } catch (error) { say(error.message); }
}

canvas.addEventListener("click", (event) => {
  if (!board) return;
  const pad = padAt(event);
  if (pad !== null) needsPairing(() => api("POST", "/api/touch", { pad }));
});
$("menu").onclick = () => needsPairing(() => api("POST", "/api/button", { button: "menu" }));
$("undo").onclick = () => needsPairing(() => api("POST", "/api/button", { button: "undo" }));
$("hint").onclick = () => needsPairing(() => api("POST", "/api/game/hint"));
$("resign").onclick = () => {
  if (confirm("Give up the game?")) needsPairing(() => api("POST", "/api/game/resign"));
};

function showWaiting(names) {
  $("waiting").replaceChildren(...(names.length ? ["Waiting to be continued: "] : []), ...names.map((name) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "small";
    button.textContent = name;
    button.onclick = () => needsPairing(() => api("POST", `/api/games/${name}/continue`));
    return button;
  }));
}

$("upload").onchange = () => {
  const file = $("upload").files[0];
  if (!file) return;
  needsPairing(async () => {
    const answer = await api("POST", "/api/records", { record: await file.text() });
    say(`${answer.game}: playing on after ${answer.moves} moves`);
  });
};

async function loadHealth() {
  const health = await api("GET", "/api/health");
  const firmware = health.firmware;
  const rows = [["Touch sensors", health.touches],
                ...health.updates.map((update) => [update.part === "firmware" ? "Firmware" : "Program", update.words]),
                ["Messages", health.notices.join("; ") || "none"]];
  if (health.board && health.board.restarts) rows.push(["Restarts", `${health.board.restarting}: ${health.board.last_restart}`]);
  try {
    const checks = await api("GET", "/api/doctor");
    rows.push(...checks.map((check) => [`${check.status} · ${check.name}`, check.found + (check.fix && check.status !== "ok" ? ` — ${check.fix}` : "")]));
  } catch (error) { /* not every board's machine can be checked from the page */ }
  $("health").replaceChildren(...rows.flatMap(([name, value]) => {
    const term = document.createElement("dt"); term.textContent = name;
    const detail = document.createElement("dd"); detail.textContent = value;
    return [term, detail];
  }));
  $("update-row").hidden = !firmware.update_offered || firmware.updating !== null;
  const test = health.selftest;
  if (test) $("selftest").textContent = `${test.when.replace("T", " ")} · ${test.ok ? "all good" : "problems found"}\n${test.text}`;
}

// -- a new release of the program, where the board takes uploads (kaskade install --web-upgrades) --

async function loadRelease() {
  const upgrade = await api("GET", "/api/upgrade");
  $("release-running").textContent = upgrade.running;
  $("release-row").hidden = !upgrade.uploads;
  return upgrade;
}

// The board installs the release beside the running one and restarts: follow it until it says
// how it went (the page loses the board for a moment while it restarts).
async function followRelease() {
  for (let tries = 0; tries < 120; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    try {
      const [upgrade] = await Promise.all([loadRelease(), loadHealth()]);
      if (!upgrade.waiting.length && upgrade.last && ["done", "failed"].includes(upgrade.last.state)) {
        say(upgrade.last.state === "done" ? `The board runs ${upgrade.running} now.` : `The upgrade failed: ${upgrade.last.message}`);
        return;
      }
    } catch (error) { /* restarting */ }
  }
}

// A release is its wheel and its signature (WHEEL.sig): the board installs only what a key its
// owner trusts signed, so both are chosen together.
$("release").onchange = () => needsPairing(async () => {
  const files = [...$("release").files];
  if (!files.length) return;
  const file = files.find((f) => f.name.endsWith(".whl"));
  const signature = files.find((f) => f.name.endsWith(".sig"));
  if (!file || !signature) {
    $("release").value = "";
    say("Choose the release's wheel and its signature (the .whl and the .whl.sig) together.");
    return;
  }
  if (!confirm(`Install ${file.name} on the board? It restarts with the new release, and goes back to this one on its own if the new one does not come up; the game is kept.`)) return;
  const form = new FormData();
  form.append("wheel", file, file.name);
  form.append("signature", signature, signature.name);
  const response = await fetch("/api/upgrade", { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  const answer = await response.json().catch(() => ({ error: response.statusText }));
  $("release").value = "";
  if (!response.ok) { say(answer.error); return; }
  say(`${file.name} is on the board: it is being installed.`);
  await Promise.all([loadRelease(), loadHealth()]);
  followRelease();
});

function showUpdate(share) {
  $("updating").hidden = share === null;
  if (share !== null) {
    $("update-row").hidden = true;
    $("update-progress").value = share;
    $("update-share").textContent = `${Math.round(share * 100)} %`;
  }
}

$("update").onclick = () => {
  if (confirm("Update the touch board's firmware now? It takes about a minute; the game is kept.")) {
    needsPairing(async () => { await api("POST", "/api/firmware/update"); say("The touch board is updating."); });
  }
};

// -- the touch sensors' heat map, while the panel is open ----------------------------------------

let sensors = null;

function watchSensors() {
  const stream = new EventSource(withToken("/api/sensors/stream"));
  $("sensors-state").textContent = "waiting for readings… (a touch board without readings sends none)";
  stream.addEventListener("readings", (event) => {
    const readings = JSON.parse(event.data);
    const target = $("sensors");
    paint(target, readings.leds, 1);
    labelPads(target, readings.delta);
    $("threshold").textContent = `(${readings.threshold})`;
    $("sensors-state").textContent = `reading · ${readings.delta.filter((d) => d !== null && d >= readings.threshold).length} pad(s) at the touch threshold`;
    target.dataset.version = readings.version;
  });
  stream.onerror = () => { $("sensors-state").textContent = "reconnecting…"; };
  return stream;
}

// Writes each pad's number in the middle of its pad.
function labelPads(target, values) {
  const draw = target.getContext("2d");
  const size = Math.floor(Math.min(target.width / board.led_width, target.height / board.led_height)) * board.per_pad;
  draw.font = `${Math.max(9, Math.floor(size / 3.2))}px system-ui, sans-serif`;
  draw.textAlign = "center";
  draw.textBaseline = "middle";
  values.forEach((value, pad) => {
    if (value === null) return;
    const column = pad % board.columns, row = Math.floor(pad / board.columns);
    const x = column * size + size / 2, y = (board.rows - 1 - row) * size + size / 2;
    draw.lineWidth = 3; draw.strokeStyle = "rgba(0,0,0,0.7)"; draw.fillStyle = "#fff";
    draw.strokeText(String(value), x, y);
    draw.fillText(String(value), x, y);
  });
}

$("sensors-panel").ontoggle = () => {
  if ($("sensors-panel").open && !sensors) sensors = watchSensors();
  else if (!$("sensors-panel").open && sensors) { sensors.close(); sensors = null; }
};

$("health-refresh").onclick = () => Promise.all([loadHealth(), loadRelease()]).catch((error) => say(error.message));

// -- a new game: the games that fit this board, each option a control with its allowed values --

let offers = [];  // GET /api/games: [{name, title, players, seats, options, lesson, how_to_play}]
let people = [];  // GET /api/people: the names the board knows

$("new-game").onsubmit = (event) => {
  event.preventDefault();
  const computer = {}, people = {};
  for (const select of $("seats").querySelectorAll("select")) {
    const [kind, who] = select.value.split(":");
    if (kind === "computer") computer[select.dataset.seat] = Number(who);
    else if (kind === "person") people[select.dataset.seat] = who;
  }
  const body = { game: $("game").value, options: chosenOptions(), computer, people };
  needsPairing(async () => { await api("POST", "/api/games", body); say("The game starts on the board."); });
};
$("game").onchange = fillGame;
// The chosen game's lesson on the board (as when its tile is held): its words on the line above.
$("learn").onclick = () => {
  const game = offered();
  needsPairing(async () => {
    const lesson = await api("POST", `/api/games/${game.name}/learn`);
    say(`The ${game.title} lesson starts on the board: ${lesson.steps} steps, each tried by touch.`);
  });
};

// -- joining a game a board elsewhere offers (remote play): the code its LEDs show --

$("remote-join").onsubmit = (event) => {
  event.preventDefault();
  const code = $("invite-code").value.trim();
  needsPairing(async () => {
    await api("POST", "/api/remote/join", { code });
    say(`Looking up ${code}: the game appears on the board once found.`);
  });
};

async function loadGames() {
  offers = await api("GET", "/api/games");
  $("game").replaceChildren(...offers.map((game) => new Option(game.title, game.name)));
  fillGame();
}

function offered() {
  return offers.find((game) => game.name === $("game").value);
}

// The chosen game's seats for the computer and a control for each of its options.
function fillGame() {
  const game = offered();
  if (!game) return;
  $("learn").hidden = !game.lesson;
  $("how-title").textContent = `How to play ${game.title}`;
  $("how-goal").textContent = game.how_to_play.goal;
  $("how-moves").textContent = `Moves are written so: ${game.how_to_play.moves}`;
  fillSeats();
  const controls = game.options.map(optionControl);
  $("options").replaceChildren(...(controls.length ? [legend("Options"), ...controls] : [legend("Options: none")]));
  limitOptions();
}

const LEVELS = [1, 2, 3, 4, 5];

// Who sits in each seat, in one choice per seat: a person (one the board knows by name, or
// anyone) or the computer at a level. A game for one has no seats to choose.
function fillSeats() {
  const game = offered();
  if (!game) return;
  const before = Object.fromEntries([...$("seats").querySelectorAll("select")].map((s) => [s.dataset.seat, s.value]));
  $("seats").hidden = !game.seats.length;
  $("seats").replaceChildren(legend("Who plays"), ...game.seats.map((player) => {
    const label = document.createElement("label");
    const select = document.createElement("select");
    select.dataset.seat = player;
    select.replaceChildren(
      new Option(people.length ? "a person (not named)" : "a person", ""),
      ...people.map((name) => new Option(name, `person:${name}`)),
      ...LEVELS.map((level) => new Option(`the computer, level ${level}`, `computer:${level}`)));
    if ([...select.options].some((option) => option.value === before[player])) select.value = before[player];
    label.append(`${capital(player)} `, select);
    return label;
  }));
}

function legend(text) {
  const element = document.createElement("legend");
  element.textContent = text;
  return element;
}

function numberInput(name, min, max, value, label) {
  const input = document.createElement("input");
  Object.assign(input, { type: "number", min, max, value, step: 1, required: true });
  input.dataset.option = name;
  input.setAttribute("aria-label", label);
  return input;
}

function optionControl(option) {
  const label = document.createElement("label");
  label.append(`${option.name} `);
  if (option.kind === "size") {
    const [width, height] = option.default.split("x").map(Number);
    const across = numberInput(`${option.name}:width`, option.min[0], option.max[0], width, "width");
    const up = numberInput(`${option.name}:height`, option.min[1], option.max[1], height, "height");
    label.append(across, " × ", up, ` (up to ${option.max[0]} × ${option.max[1]})`);
  } else if (option.values) {
    const select = document.createElement("select");
    select.replaceChildren(...option.values.map((value) => new Option(value, value)));
    select.value = option.default;
    select.dataset.option = option.name;
    select.onchange = limitOptions;
    label.append(select);
  } else {
    const input = numberInput(option.name, option.min, option.max, option.default, option.name);
    const limit = document.createElement("span");
    limit.className = "limit";
    label.append(input, " ", limit);
  }
  return label;
}

// A number whose largest value depends on another option (Cascades' top row on its shape).
function limitOptions() {
  const game = offered();
  if (!game) return;
  for (const option of game.options.filter((o) => o.max_by)) {
    const input = $("options").querySelector(`[data-option="${option.name}"]`);
    const [other, limits] = Object.entries(option.max_by)[0];
    const chosen = $("options").querySelector(`[data-option="${other}"]`).value;
    input.max = limits[chosen];
    if (Number(input.value) > limits[chosen]) input.value = limits[chosen];
    input.parentElement.querySelector(".limit").textContent = `(${option.min} to ${limits[chosen]} for ${chosen})`;
  }
}

function chosenOptions() {
  const options = {};
  for (const control of $("options").querySelectorAll("[data-option]")) {
    const [name, part] = control.dataset.option.split(":");
    if (part === "width") options[name] = control.value;
    else if (part === "height") options[name] += `x${control.value}`;
    else options[name] = control.value;
  }
  return options;
}

// -- the result, for the person who played it from here --------------------------------------

// The seat this device plays: the one seat a person plays against the computer (the page that
// started it asked for the computer's seat; the board's own set-up records the same). With
// two people at the board the page cannot know which of them holds it, and names the winner.
function mySeat(game) {
  const people = Object.entries(game.seats).filter(([, seat]) => !seat.startsWith("computer ")).map(([player]) => player);
  return people.length === 1 && Object.keys(game.seats).length > 1 ? people[0] : null;
}

function showResult(game) {
  const over = Boolean(game && game.finished);
  $("result").hidden = !over;
  if (!over) return;
  const mine = mySeat(game);
  const name = (player) => (/^computer /.test(game.seats[player]) ? "" : seatWho(game.seats[player])) || capital(player);
  let words;
  if (Object.keys(game.seats).length === 1) words = game.winner ? "You won" : "You lost";
  else if (!game.winner) words = "A draw";
  else if (mine) words = game.winner === mine ? `You won (${name(mine)})` : `You lost: ${name(game.winner)} won`;
  else words = `${name(game.winner)} won`;
  $("result").textContent = `${words}${game.ended ? ` · ${game.ended}` : ""}`;
  $("result").className = mine && game.winner && game.winner !== mine ? "result lost" : "result";
}

async function loadSettings() {
  const settings = await api("GET", "/api/settings");
  $("board-name").value = settings.name;
  $("brightness").value = settings.brightness;
  $("sound").checked = settings.sound;
  $("language").replaceChildren(...settings.languages.map((l) => new Option({ en: "English", de: "Deutsch" }[l] || l, l)));
  $("language").value = settings.language;
  $("sleep").value = settings.sleep_minutes;
  $("show-moves").checked = settings.show_computer_moves;
  $("speech").checked = settings.speech;
  $("reading").value = settings.reading;
}

$("settings").onsubmit = (event) => {
  event.preventDefault();
  needsPairing(async () => {
    await api("PUT", "/api/settings", { name: $("board-name").value, brightness: Number($("brightness").value), sound: $("sound").checked,
                                         language: $("language").value, sleep_minutes: Number($("sleep").value),
                                         reading: $("reading").value, show_computer_moves: $("show-moves").checked,
                                         speech: $("speech").checked });
    say("Settings saved.");
  });
};

// -- the people the board knows by name ----------------------------------------------------------

async function loadPeople() {
  const answer = await api("GET", "/api/people");
  people = answer.people;
  $("person-name").title = answer.rule;
  $("people").replaceChildren(...(people.length ? people.map((name) => {
    const item = document.createElement("li");
    const forget = document.createElement("button");
    forget.type = "button";
    forget.className = "small";
    forget.textContent = "forget";
    forget.onclick = () => {
      if (!confirm(`Forget ${name}? Their games stay in the history.`)) return;
      needsPairing(async () => { await api("DELETE", "/api/people", { name }); await loadPeople(); });
    };
    item.append(`${name} `, forget);
    return item;
  }) : [Object.assign(document.createElement("li"), { textContent: "nobody named yet" })]));
  fillSeats();
}

$("add-person").onsubmit = (event) => {
  event.preventDefault();
  $("person-error").textContent = "";
  needsPairing(async () => {
    try {
      const answer = await api("POST", "/api/people", { name: $("person-name").value });
      $("person-name").value = "";
      say(`${answer.name} can now be chosen for a seat.`);
      await loadPeople();
    } catch (error) { $("person-error").textContent = error.message; }
  });
};

// The running score: a rating per person and computer level per game, head to head, and each
// person's deals at the solitaire.
async function loadScores() {
  const scores = await api("GET", "/api/scores");
  $("scores").hidden = !scores.ratings.length && !scores.alone.length;
  $("two-player-scores").hidden = !scores.ratings.length;
  $("alone-scores").hidden = !scores.alone.length;
  $("alone").replaceChildren(...scores.alone.map((a) => {
    const left = a.best === null ? "" : `, fewest cards left ${a.best}, ${a.average} on average`;
    return Object.assign(document.createElement("li"), { textContent: `${a.title}: ${a.who}, ${a.games} deal${a.games === 1 ? "" : "s"}, ${a.wins} won${left}` });
  }));
  const cell = (tag, text, number) => Object.assign(document.createElement(tag), { textContent: text, className: number ? "number" : "" });
  const head = document.createElement("tr");
  head.append(...["game", "player", "rating", "±", "won", "lost", "drawn"].map((text) => cell("th", text)));
  $("ratings").replaceChildren(head, ...scores.ratings.map((r) => {
    const row = document.createElement("tr");
    row.append(cell("td", r.title), cell("td", r.who), cell("td", r.rating, true),
               cell("td", 2 * r.deviation, true), cell("td", r.wins, true), cell("td", r.losses, true), cell("td", r.draws, true));
    return row;
  }));
  $("head-to-head").replaceChildren(...scores.head_to_head.map((p) => {
    const drawn = p.draws ? `, ${p.draws} drawn` : "";
    return Object.assign(document.createElement("li"), { textContent: `${p.title}: ${p.first} ${p.first_wins} – ${p.second_wins} ${p.second}${drawn}` });
  }));
}

async function loadHistory() {
  loadScores().catch((error) => say(error.message));
  const games = await api("GET", "/api/history?limit=20");
  $("history").replaceChildren(...games.map((game) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = withToken(`/api/history/${game.id}/record`);
    link.textContent = "record";
    const replay = document.createElement("button");
    replay.type = "button";
    replay.className = "small replay";
    replay.textContent = "replay";
    replay.onclick = () => openReplay(game.id).catch((error) => say(error.message));
    item.append(`${game.finished.slice(0, 16).replace("T", " ")} · ${game.title} · ${game.words} `, link, " ", replay);
    return item;
  }));
}

// -- replaying a finished game -------------------------------------------------------------------

let replay = null;

async function openReplay(id) {
  replay = await api("GET", `/api/history/${id}/replay`);
  replay.id = id;
  replay.animating = 0;
  $("replay-title").textContent = `${replay.title} · ${replay.plies} moves`;
  // a game bigger than this board (one played in the terminal) is drawn as a larger build shows it
  $("replay-board").hidden = replay.board.own;
  $("replay-board").textContent = replay.board.own ? "" : `Drawn as on the ${replay.board.name}: this board is too small for the game.`;
  $("replay-ply").max = replay.plies;
  $("replay-ply").value = 0;
  $("replay-moves").replaceChildren(...replay.frames.slice(1).map((frame) => {
    const item = moveItem("", frame.chance ? "chance" : "player", "");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = frame.move;
    button.onclick = () => showPly(frame.ply);
    item.querySelector(".move").replaceChildren(button);
    return item;
  }));
  showPly(0);
  $("replay").showModal();
}

function showPly(ply) {
  replay.animating += 1;  // whatever was animating stops
  const frame = replay.frames[Math.max(0, Math.min(replay.plies, ply))];
  $("replay-ply").value = frame.ply;
  $("replay-move").textContent = frame.move ? `move ${frame.ply}: ${frame.move}` : "the start";
  $("replay-description").textContent = frame.description;
  paint($("replay-leds"), frame.leds, 1, replay.board);
  [...$("replay-moves").children].forEach((item, index) => item.classList.toggle("current", index + 1 === frame.ply));
}

// The next move as the board played it (a cascade runs its course), then the position after it.
async function playNext() {
  const ply = Number($("replay-ply").value) + 1;
  if (ply > replay.plies) return false;
  const run = ++replay.animating;  // a newer click or step stops this one
  $("replay-ply").value = ply;
  $("replay-move").textContent = `move ${ply}: ${replay.frames[ply].move}`;
  const animation = await api("GET", `/api/history/${replay.id}/replay/${ply}`);
  const started = performance.now();
  for (const frame of animation.frames) {
    const wait = started + frame.at * 1000 - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (run !== replay.animating) return false;
    paint($("replay-leds"), frame.leds, 1, replay.board);
    $("replay-leds").dataset.animated = (Number($("replay-leds").dataset.animated) || 0) + 1;
  }
  if (run !== replay.animating) return false;
  showPly(ply);
  return true;
}

async function playOn() {
  const button = $("replay-play");
  if (button.textContent === "pause") { button.textContent = "play"; replay.animating += 1; return; }
  button.textContent = "pause";
  while (button.textContent === "pause" && await playNext()) {
    const shown = replay.animating;
    await new Promise((resolve) => setTimeout(resolve, 700));
    if (shown !== replay.animating) break;  // back, the slider or pause was used meanwhile
  }
  button.textContent = "play";
}

$("replay-ply").oninput = () => showPly(Number($("replay-ply").value));
$("replay-back").onclick = () => showPly(Number($("replay-ply").value) - 1);
$("replay-next").onclick = () => playNext().catch((error) => say(error.message));
$("replay-play").onclick = () => playOn().catch((error) => say(error.message));
$("replay-close").onclick = () => { showPly(0); $("replay-play").textContent = "play"; $("replay").close(); };

// -- pairing -------------------------------------------------------------------------------------------

function showPaired() {
  $("pair").textContent = token ? "Forget this device" : "Pair this device";
  $("link").textContent = token ? "live · paired" : "live";
  $("link").className = token ? "badge paired" : "badge live";
}

// The code is asked for at the board (its pairing pad), never from here: only someone who
// stands at the board can read it.
async function startPairing() {
  $("pair-error").textContent = "";
  $("code").value = "";
  $("pairing").showModal();
  await new Promise((resolve) => $("pairing").addEventListener("close", resolve, { once: true }));
}

async function sendCode(code, name, error) {
  try {
    const answer = await api("POST", "/api/pair", { code: code.value, name: name.value || navigator.userAgent.slice(0, 60) });
    token = answer.token;
    localStorage.setItem("kaskade-token", token);
    return true;
  } catch (failure) {
    error.textContent = failure.message;
    return false;
  }
}

$("pair-form").onsubmit = async (event) => {
  event.preventDefault();
  if (!await sendCode($("code"), $("device-name"), $("pair-error"))) return;
  showPaired();
  $("pairing").close();
  say("Paired: this device may now play and change settings.");
  if (follow.stream) { follow.stream.close(); follow(); }  // the board uncovered for this device
};

$("welcome-form").onsubmit = async (event) => {
  event.preventDefault();
  if (await sendCode($("welcome-code"), $("welcome-name"), $("welcome-error"))) location.reload();
};

$("pair-another").onclick = () => needsPairing(async () => {
  await api("POST", "/api/pair/start");
  say("The board writes a code across its LEDs: type it on the other device.");
});

$("pair").onclick = async () => {
  if (!token) { await startPairing(); return; }
  try { await api("DELETE", "/api/pair"); } catch (error) { say(error.message); }
  token = null; localStorage.removeItem("kaskade-token"); showPaired();
};

// -- start -------------------------------------------------------------------------------------------

async function start() {
  const pairing = await api("GET", "/api/pair");
  reading = pairing.reading;
  if (!pairing.paired && token) { token = null; localStorage.removeItem("kaskade-token"); }
  if (!pairing.paired && reading === "paired") {
    $("main").hidden = true;
    $("pair").hidden = true;
    $("link").textContent = "not paired";
    $("welcome").hidden = false;
    return;
  }
  loadGames().then(loadPeople).catch((error) => say(error.message));
  showPaired();
  follow();
  loadSettings().catch((error) => say(error.message));
  loadHistory().catch((error) => say(error.message));
  loadRelease().catch((error) => say(error.message));
}

start().catch((error) => { $("link").textContent = "no answer"; say(error.message); });

// -- the puzzle of the day ------------------------------------------------------------------------

// The page keeps the moves made so far and sends them all each time: the board judges them
// against the puzzle and keeps nothing for the page (a reload starts afresh).
const puzzle = { moves: [] };

async function loadPuzzle() {
  puzzle.moves = [];
  showPuzzle(await api("GET", "/api/puzzle"));
}

function showPuzzle(answer) {
  puzzle.answer = answer;
  const standing = answer.standing;
  const streak = standing && standing.streak ? ` · ${standing.streak} day${standing.streak === 1 ? "" : "s"} in a row` : "";
  $("puzzle-state").textContent = `${standing && standing.solved_today ? "solved today" : "open"}${streak}`;
  $("puzzle-question").textContent = `${answer.title}: ${answer.question}`;
  paint($("puzzle-leds"), answer.position.leds, 1, answer.position.board);
  $("puzzle-leds").dataset.moves = puzzle.moves.length;
  $("puzzle-board").hidden = answer.position.board.own;
  $("puzzle-board").textContent = answer.position.board.own ? "" : `Drawn as on the ${answer.position.board.name}: this board is too small for the game.`;
  $("puzzle-text").textContent = answer.text;
  $("puzzle-answers").replaceChildren(...answer.answers.map((a) =>
    Object.assign(document.createElement("li"), { textContent: a.words, className: a.right ? "right" : "wrong" })));
  $("puzzle-how").hidden = $("puzzle-form").hidden = answer.solved;
  $("puzzle-legal").replaceChildren(...answer.legal.map((move) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = move;
    button.onclick = () => tryPuzzle(move);
    return button;
  }));
  if (answer.answers.length) speakWords(answer.answers[answer.answers.length - 1].words, "en");
}

function tryPuzzle(move) {
  needsPairing(async () => {
    const answer = await api("POST", "/api/puzzle", { moves: [...puzzle.moves, move] });
    puzzle.moves.push(move);
    showPuzzle(answer);
  });
}

$("puzzle-form").onsubmit = (event) => {
  event.preventDefault();
  const move = $("puzzle-move").value.trim();
  if (move) tryPuzzle(move);
  $("puzzle-move").value = "";
};
$("puzzle-again").onclick = () => loadPuzzle().catch((error) => say(error.message));
$("puzzle-panel").addEventListener("toggle", () => {
  if ($("puzzle-panel").open && !puzzle.answer) loadPuzzle().catch((error) => say(error.message));
});

// -- the board's words aloud on this device -------------------------------------------------------

// The board numbers the words it says (what its LEDs write, a lesson's step in full, the
// puzzle's question); this device says the new ones in the board's language, newer words
// cutting off older, as the board's own speaker does. Off until chosen here (kept on this
// device): a browser speaks only once the page has been touched.
const VOICES = { en: "en-GB", de: "de-DE" };
let saidUpTo = null;  // the number of the last words said here; null until the first state

function speaking() {
  return localStorage.getItem("kaskade-speak") === "yes" && "speechSynthesis" in window;
}

function speakWords(text, language) {
  if (!speaking()) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = VOICES[language || hear.language] || VOICES.en;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}

function hear(spoken) {
  if (!spoken) return;
  hear.language = spoken.language;
  const newest = spoken.words.length ? spoken.words[spoken.words.length - 1][0] : 0;
  if (saidUpTo === null || newest < saidUpTo) { saidUpTo = newest; return; }  // nothing said before the page came (or the board restarted)
  for (const [number, text] of spoken.words) if (number > saidUpTo) speakWords(text, spoken.language);
  saidUpTo = newest;
}

$("speak-here").checked = localStorage.getItem("kaskade-speak") === "yes";
$("speak-here").onchange = () => {
  localStorage.setItem("kaskade-speak", $("speak-here").checked ? "yes" : "no");
  if ($("speak-here").checked) speakWords(hear.language === "de" ? "Sprache an" : "speech on");
};
