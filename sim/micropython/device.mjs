// A MicroPython board on this computer: the real interpreter (the WebAssembly port) in a worker
// thread, its flash file system kept in a host folder, its USB serial line on stdin/stdout.
//
//   node device.mjs FLASH_DIR EMULATOR_DIR
//
// FLASH_DIR holds the board's files (main.py, the firmware sets); EMULATOR_DIR the modules that
// stand in for the board's hardware (machine.py), importable but not part of the flash. The
// interpreter's npm package is found in $KASKADE_MICROPYTHON_DIR/node_modules, else beside this.
//
// Like a board it boots (runs boot.py and main.py), stops the running program on Ctrl-C,
// offers the friendly and the raw REPL, and soft-resets on Ctrl-D: a fresh interpreter that
// boots again from the flash. It has no raw-paste mode, and answers the request for it as a
// board without it does. Every change to the file system is written to FLASH_DIR as soon as
// the input that caused it has been handled, each file replaced in one step, so killing this
// process at any byte is a power cut: the flash keeps what was written up to then.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, isMainThread, workerData } from "node:worker_threads";

const RING = 1 << 20;

if (isMainThread) {
  const [flash, emulator] = process.argv.slice(2);
  if (!flash || !emulator) {
    process.stderr.write("usage: node device.mjs FLASH_DIR EMULATOR_DIR\n");
    process.exit(2);
  }
  fs.mkdirSync(flash, { recursive: true });
  // The input ring: [0] bytes written so far, [1] bytes read so far, then the bytes.
  const shared = new SharedArrayBuffer(8 + RING);
  const counts = new Int32Array(shared, 0, 2);
  const bytes = new Uint8Array(shared, 8);
  const pending = [];
  const pump = () => {
    while (pending.length) {
      const chunk = pending[0];
      const written = Atomics.load(counts, 0);
      const room = RING - (written - Atomics.load(counts, 1));
      if (room < chunk.length) { setTimeout(pump, 1); return; }
      for (let i = 0; i < chunk.length; i++) bytes[(written + i) % RING] = chunk[i];
      Atomics.store(counts, 0, written + chunk.length);
      Atomics.notify(counts, 0);
      pending.shift();
    }
  };
  process.stdin.on("data", (chunk) => { pending.push(chunk); pump(); });
  process.stdin.on("end", () => process.exit(0));
  const worker = new Worker(fileURLToPath(import.meta.url),
    { workerData: { flash: path.resolve(flash), emulator: path.resolve(emulator), shared } });
  worker.on("error", (error) => { process.stderr.write(`device: ${error.stack ?? error}\n`); process.exit(1); });
  worker.on("exit", (code) => process.exit(code));
} else {
  await runBoard(workerData);
}

async function runBoard({ flash, emulator, shared }) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const { loadMicroPython } = await import(path.join(
    process.env.KASKADE_MICROPYTHON_DIR ?? here,
    "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"));
  const counts = new Int32Array(shared, 0, 2);
  const bytes = new Uint8Array(shared, 8);
  let read = 0;
  const available = () => Atomics.load(counts, 0) - read;
  const take = () => {
    const byte = bytes[read % RING];
    read += 1;
    Atomics.store(counts, 1, read);
    return byte;
  };
  const waitForInput = (ms) => Atomics.wait(counts, 0, read, ms);
  const out = (data) => fs.writeSync(1, data);

  let mp = null;
  let interrupted = false;
  let resetRequested = false;
  const synced = new Map(); // device path -> bytes last written to the flash folder

  // -- the flash: the host folder <-> the interpreter's file system --------------------------
  const SKIP = new Set(["/dev", "/proc", "/tmp", "/home", "/.emulator"]);
  function loadFlash() {
    synced.clear();
    const walk = (host, device) => {
      for (const entry of fs.readdirSync(host, { withFileTypes: true })) {
        if (entry.name.endsWith(".sync")) continue;
        const from = path.join(host, entry.name);
        const to = `${device}/${entry.name}`;
        if (entry.isDirectory()) {
          try { mp.FS.mkdir(to); } catch { /* there */ }
          walk(from, to);
        } else {
          const data = fs.readFileSync(from);
          mp.FS.writeFile(to, data);
          synced.set(to, data);
        }
      }
    };
    walk(flash, "");
  }
  function syncFlash() {
    const seen = new Set();
    const walk = (device) => {
      for (const name of mp.FS.readdir(device || "/")) {
        if (name === "." || name === "..") continue;
        const full = `${device}/${name}`;
        if (SKIP.has(full)) continue;
        const host = path.join(flash, full);
        if (mp.FS.isDir(mp.FS.stat(full).mode)) {
          seen.add(full);
          fs.mkdirSync(host, { recursive: true });
          walk(full);
        } else {
          seen.add(full);
          const data = mp.FS.readFile(full);
          const before = synced.get(full);
          if (before && before.length === data.length && Buffer.compare(before, data) === 0) continue;
          fs.writeFileSync(host + ".sync", data);
          fs.renameSync(host + ".sync", host);
          synced.set(full, Buffer.from(data));
        }
      }
    };
    walk("");
    const removeGone = (host, device) => {
      for (const entry of fs.readdirSync(host, { withFileTypes: true })) {
        const full = `${device}/${entry.name}`;
        if (entry.name.endsWith(".sync") || seen.has(full)) continue;
        fs.rmSync(path.join(host, entry.name), { recursive: true, force: true });
        synced.delete(full);
      }
      for (const entry of fs.readdirSync(host, { withFileTypes: true })) {
        if (entry.isDirectory()) removeGone(path.join(host, entry.name), `${device}/${entry.name}`);
      }
    };
    removeGone(flash, "");
  }

  // -- the USB serial line as the running program sees it ------------------------------------
  function scanForInterrupt() {
    // Like a board's USB driver: Ctrl-C among the received bytes stops the program, and
    // what came before it is dropped.
    const written = Atomics.load(counts, 0);
    for (let at = read; at < written; at++) {
      if (bytes[at % RING] === 3) {
        read = at + 1;
        Atomics.store(counts, 1, read);
        interrupted = true;
        mp._module._mp_sched_keyboard_interrupt();
        return;
      }
    }
  }
  const stdin = () => {
    scanForInterrupt();
    return available() > 0 ? take() : null;
  };
  const hardware = {
    sleep_ms: (ms) => {
      const until = Date.now() + ms;
      for (let left = ms; left > 0; left = until - Date.now()) {
        scanForInterrupt();
        if (interrupted) return;
        waitForInput(Math.min(left, 20));
      }
    },
    reset: () => { resetRequested = true; mp._module._mp_sched_keyboard_interrupt(); },
    sync: () => syncFlash(),
  };

  function runFile(name) {
    try { mp.FS.stat(`/${name}`); } catch { return; }
    interrupted = false;
    try {
      mp.runPython(`exec(open(${JSON.stringify(name)}).read(), {"__name__": "__main__"})`);
    } catch (error) {
      if (!resetRequested) {
        out(`${String(error.message ?? error).replace(/\n/g, "\r\n")}\r\n`);
      }
    }
    syncFlash();
  }

  async function boot(soft) {
    if (soft) out("MPY: soft reboot\r\n");
    resetRequested = false;
    mp = await loadMicroPython({
      stdout: (data) => out(data), linebuffer: false, heapsize: 2 * 1024 * 1024, stdin,
    });
    loadFlash();
    try { mp.FS.mkdir("/.emulator"); } catch { /* there */ }
    for (const name of fs.readdirSync(emulator)) {
      if (name.endsWith(".py")) mp.FS.writeFile(`/.emulator/${name}`, fs.readFileSync(path.join(emulator, name)));
    }
    mp.registerJsModule("_hardware", hardware);
    mp.runPython("import sys\nsys.path.append('/.emulator')\nimport time, _hardware\n" +
                 "time.sleep_ms = _hardware.sleep_ms\ntime.sleep = lambda s: _hardware.sleep_ms(int(s * 1000))");
  }

  // -- the REPL -------------------------------------------------------------------------------
  let raw = false;
  let soft = false;
  for (;;) {
    await boot(soft);
    runFile("boot.py");
    if (!raw) runFile("main.py");
    if (resetRequested) { soft = false; raw = false; continue; } // machine.reset(): a hard reset
    mp.replInit();
    if (raw) mp.replProcessChar(1);
    let commandStart = raw;
    let reset = false;
    while (!reset) {
      if (available() === 0) waitForInput(1000);
      let handled = 0;
      while (available() > 0 && !reset) {
        const byte = take();
        handled += 1;
        if (raw && commandStart && byte === 5) {
          // The request for raw-paste mode (Ctrl-E A Ctrl-A): not supported here.
          while (available() < 2) waitForInput(100);
          const [a, b] = [take(), take()];
          if (a === 65 && b === 1) { out(Buffer.from("R\x00")); continue; }
          mp.replProcessChar(byte); mp.replProcessChar(a); mp.replProcessChar(b);
          commandStart = false;
          continue;
        }
        if (!raw && byte === 1) { raw = true; commandStart = true; }
        else if (raw && byte === 2) { raw = false; }
        const result = mp.replProcessChar(byte);
        if (raw) commandStart = byte === 4 || byte === 1 || byte === 3;
        if (result !== 0 || resetRequested) reset = true;
      }
      if (handled) syncFlash();
    }
    soft = !resetRequested;
    if (resetRequested) raw = false;
  }
}
