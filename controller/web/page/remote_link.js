// The page's connection to the broker for remote play (docs/remote.md, section 6): it says it
// is there (a retained presence that says it is a page, so the offering board publishes its
// view while it looks), comes back by itself with a growing wait when the WebSocket drops
// (and reads the game back from the retained messages: the board publishes its view again
// when the page's presence comes back), and clears the page's part of a game that has ended.
"use strict";

const REMOTE_RETRY_MS = [1000, 2000, 4000, 8000, 15000, 30000];  // then every 30 s
const REMOTE_QUIET_MS = 15000;  // no view by then: the board is away, or the game is gone

const remoteLink = { tries: 0, timer: null, closing: false, cleared: false, clientId: "" };

function presenceTopic() { return `kaskade/${remote.game}/${remote.user}/presence`; }

// Connect, say the page is here and subscribe: at the start and after every drop.
async function joinRemote() {
  if (!remoteLink.clientId) {
    // one id for the page's whole visit: a new connection takes the old one's place at once
    remoteLink.clientId = `${remote.user}-${HEX(crypto.getRandomValues(new Uint8Array(6)))}`;
  }
  Object.assign(remoteLink, { closing: false, cleared: false });
  // a player's will says it went (the board may claim the game after a while); a watcher's
  // clears its presence, so nothing of it stays at the broker
  const will = remote.role === "play"
    ? { topic: presenceTopic(), payload: '{"v":1,"online":false}', retain: true }
    : { topic: presenceTopic(), payload: "", retain: true };
  const client = await connectRemote(will, remoteLink.clientId);
  remote.client = client;
  await client.publish(presenceTopic(), '{"v":1,"online":true,"page":true}', { retain: true });
  const root = `kaskade/${remote.game}/${remote.host}`;
  await subscribeAll(remote.role === "play" ? [`${root}/log/1`, `${root}/view`] : [`${root}/view`]);
  remoteLinkShown(true, "");
  setTimeout(() => {
    if (remote.client === client && !remote.view) {
      $("remote-status").textContent = "Nothing from the offering board yet: it sends the game when it is online; a game that has ended is no longer kept at the broker.";
    }
  }, REMOTE_QUIET_MS);
}

// The WebSocket closed without the page asking: try again after a growing wait.
function remoteDropped(client, reason) {
  if (client !== remote.client || remoteLink.closing) return;
  remote.client = null;
  remoteRetry(reason);
}

function remoteRetry(reason) {
  const wait = REMOTE_RETRY_MS[Math.min(remoteLink.tries, REMOTE_RETRY_MS.length - 1)];
  remoteLink.tries += 1;
  remoteLinkShown(false, `${reason}; reconnecting… (try ${remoteLink.tries}, in ${Math.round(wait / 1000)} s)`);
  clearTimeout(remoteLink.timer);
  remoteLink.timer = setTimeout(async () => {
    if (remoteLink.closing) return;
    // what the page sent while the link was down may be lost: its next message takes the
    // number the board's view asks for, and a half still due is shown again (seat.js)
    remote.sent = 0;
    seat.revealed = 0;
    try {
      await joinRemote();
      remoteLink.tries = 0;
    } catch (error) {
      if (remote.client) remote.client.close();
      remote.client = null;
      remoteRetry(error.message);
    }
  }, wait);
}

// Whether the link is up, and what the page says while it is not; no moves meanwhile.
function remoteLinkShown(up, words) {
  const line = $("remote-link");
  line.textContent = words;
  line.hidden = up;
  $("remote-view").dataset.link = up ? "up" : "reconnecting";
  if (!up) $("remote-controls").hidden = true;
  else if (remote.view) showRemote(remote.view);
}

function remoteLinkUp() { return $("remote-view").dataset.link === "up" && remote.client !== null; }

// The page leaves: by hand it says it went (a player) or takes its presence away (a watcher).
async function closeRemoteLink(byHand) {
  remoteLink.closing = true;
  clearTimeout(remoteLink.timer);
  const client = remote.client;
  remote.client = null;
  remoteLink.clientId = "";
  remoteLink.tries = 0;
  if (!client) return;
  if (byHand) {
    const gone = remote.role === "play" && !remoteLink.cleared ? '{"v":1,"online":false}' : "";
    await client.publish(presenceTopic(), gone, { retain: true }).catch(() => {});
  }
  client.close();
}

// A game that has ended: the page clears what it kept at the broker (its log, which tells the
// offering board the page has the end, and its presence), then leaves cleanly.
async function remoteGameEnded(view) {
  if (remoteLink.cleared || !remote.client) return;
  remoteLink.cleared = true;
  const client = remote.client;
  const sent = remote.role === "play" && view.seats.guest && view.seats.guest.name === remote.name
    ? Math.max(view.next - 1, remote.sent || 0) : 0;
  try {
    for (let seq = 1; seq <= sent; seq++) {
      await client.publish(`kaskade/${remote.game}/${remote.user}/log/${seq}`, "", { retain: true });
    }
    await client.publish(presenceTopic(), "", { retain: true });
  } catch (error) {
    remoteLink.cleared = false;  // tried again with the next view
    return;
  }
  if (remote.role === "play") localStorage.removeItem("kaskade-remote");
  remoteLink.closing = true;
  remote.client = null;
  client.close();
  $("remote-view").dataset.link = "ended";
}
