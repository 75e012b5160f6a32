// A small MQTT 3.1.1 client over WebSockets for the page's remote play (docs/remote.md):
// connect with a user, a password and a last will; subscribe; publish at QoS 0 or 1, retained
// or not; answer the broker's QoS 1 messages and keep the connection alive. Nothing else of
// MQTT is needed by the page, so nothing else is here (no QoS 2, no resending: a page that
// loses its connection connects again and reads the game back from the retained messages).
"use strict";

class MqttClient {
  // url: ws:// or wss://; options: {user, password, clientId, will: {topic, payload, retain}}
  constructor(url, options) {
    this.url = url;
    this.options = options;
    this.onmessage = () => {};   // (topic, text, retained)
    this.onclose = () => {};     // (reason)
    this.nextId = 1;
    this.waiting = new Map();    // packet id -> resolve (SUBACK, PUBACK)
    this.buffer = new Uint8Array(0);
  }

  connect() {
    return new Promise((resolve, reject) => {
      let socket;
      try {
        socket = new WebSocket(this.url, "mqtt");
      } catch (error) {
        reject(new Error(`cannot open ${this.url}: ${error.message}`));
        return;
      }
      socket.binaryType = "arraybuffer";
      this.socket = socket;
      this.connected = (code) => {
        if (code === 0) { resolve(); return; }
        const reasons = { 1: "protocol version refused", 2: "client id refused",
          3: "broker unavailable", 4: "wrong user name or password",
          5: "wrong user name or password, or this user may not connect" };
        reject(new Error(`the broker refused: ${reasons[code] || `code ${code}`}`));
      };
      socket.onopen = () => socket.send(this.connectPacket());
      socket.onerror = () => reject(new Error(`cannot reach the broker at ${this.url}`));
      socket.onclose = () => {
        clearInterval(this.pinger);
        this.onclose("the connection to the broker closed");
        reject(new Error(`the broker at ${this.url} closed the connection`));
      };
      socket.onmessage = (event) => this.received(new Uint8Array(event.data));
      this.pinger = setInterval(() => this.send(0xc0, []), 20000);
    });
  }

  close() {
    clearInterval(this.pinger);
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.send(0xe0, []);
    if (this.socket) this.socket.close();
  }

  subscribe(topics) {
    const id = this.packetId();
    const body = [...u16(id)];
    for (const topic of topics) body.push(...text(topic), 1);
    return this.request(id, 0x82, body);
  }

  // qos 1 resolves when the broker has it (PUBACK); qos 0 at once
  publish(topic, payload, { retain = false, qos = 1 } = {}) {
    const body = [...text(topic)];
    const id = qos ? this.packetId() : 0;
    if (qos) body.push(...u16(id));
    body.push(...new TextEncoder().encode(payload));
    const flags = 0x30 | (qos << 1) | (retain ? 1 : 0);
    if (!qos) { this.send(flags, body); return Promise.resolve(); }
    return this.request(id, flags, body);
  }

  // -- the wire ---------------------------------------------------------------------------------

  connectPacket() {
    const { user, password, clientId, will } = this.options;
    let flags = 0x02;  // a clean session: the game is read back from retained messages
    if (user) flags |= 0x80;
    if (password) flags |= 0x40;
    if (will) flags |= 0x04 | 0x08 | (will.retain ? 0x20 : 0);  // the will at QoS 1
    const body = [...text("MQTT"), 4, flags, ...u16(30), ...text(clientId)];
    if (will) body.push(...text(will.topic), ...text(will.payload));
    if (user) body.push(...text(user));
    if (password) body.push(...text(password));
    return packet(0x10, body);
  }

  packetId() {
    const id = this.nextId;
    this.nextId = this.nextId % 65535 + 1;
    return id;
  }

  request(id, flags, body) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error("the broker did not answer"));
      }, 30000);
      this.waiting.set(id, (value) => { clearTimeout(timer); resolve(value); });
      this.send(flags, body);
    });
  }

  send(flags, body) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(packet(flags, body));
  }

  received(bytes) {
    const joined = new Uint8Array(this.buffer.length + bytes.length);
    joined.set(this.buffer);
    joined.set(bytes, this.buffer.length);
    this.buffer = joined;
    for (;;) {
      let length = 0, shift = 0, at = 1;
      for (;;) {
        if (at >= this.buffer.length) return;  // the rest comes later
        const byte = this.buffer[at++];
        length += (byte & 0x7f) << shift;
        shift += 7;
        if (!(byte & 0x80)) break;
      }
      if (this.buffer.length < at + length) return;
      const kind = this.buffer[0];
      const body = this.buffer.slice(at, at + length);
      this.buffer = this.buffer.slice(at + length);
      this.handle(kind, body);
    }
  }

  handle(kind, body) {
    const type = kind >> 4;
    if (type === 2) {  // CONNACK
      this.connected(body[1]);
    } else if (type === 3) {  // PUBLISH
      const qos = (kind >> 1) & 3;
      const topicLength = (body[0] << 8) | body[1];
      const topic = new TextDecoder().decode(body.slice(2, 2 + topicLength));
      let at = 2 + topicLength;
      if (qos) {
        this.send(0x40, [body[at], body[at + 1]]);  // PUBACK
        at += 2;
      }
      this.onmessage(topic, new TextDecoder().decode(body.slice(at)), Boolean(kind & 1));
    } else if (type === 4 || type === 9) {  // PUBACK, SUBACK
      const id = (body[0] << 8) | body[1];
      const done = this.waiting.get(id);
      this.waiting.delete(id);
      if (done) done(type === 9 ? Array.from(body.slice(2)) : null);
    }
  }
}

function u16(value) { return [value >> 8, value & 0xff]; }

function text(value) {
  const bytes = new TextEncoder().encode(value);
  return [...u16(bytes.length), ...bytes];
}

function packet(flags, body) {
  const length = [];
  let left = body.length;
  do {
    let byte = left % 128;
    left = Math.floor(left / 128);
    if (left > 0) byte |= 0x80;
    length.push(byte);
  } while (left > 0);
  return new Uint8Array([flags, ...length, ...body]);
}
