// Runs MicroPython's rp2 image on an emulated Pico (pico.mjs), its USB serial line on standard
// input and output: what arrives on stdin goes down the CDC line, what the Pico sends comes out
// on stdout. Events ("usb: CDC connected", the flash work) and the emulator's errors go to
// stderr, one line each, prefixed "silicon: ".
//
//   node run.mjs --bootrom ROM.bin --firmware FIRMWARE.bin [--flash FILE] [--pull-up 4,5,...]
//                [--board BOARD.json [--seed N]] [--control FD] [--stamp-lines] [--fast] [--verbose]
//   node run.mjs --bootrom ROM.bin --lookup func:IF,data:CR,...
//
// --flash keeps the whole 2 MB flash in FILE between runs (the filesystem, an updated
// firmware); without it every run starts from a freshly written image. --pull-up names the
// GPIOs the board pulls up (an I2C bus's SDA and SCL). --fast runs simulated
// time as fast as the host allows instead of keeping to the wall clock (but never more than a
// minute ahead of it: Pico.start). --board wires the touch
// chips that the firmware's config BOARD.json names to the Pico (devices.mjs; --seed picks their
// pads' spread and noise). --control reads commands, one JSON object a line, on file descriptor
// FD (see control() below); what they did is reported on stderr. --stamp-lines reports each line
// the Pico sends with the simulated time its last byte left: "silicon: line NANOS TEXT". --lookup calls the
// ROM's table lookup on the emulated core for each code and prints the answers as JSON.
// The run ends when stdin closes (exit 0, after a summary: the flash work, the simulated time and
// the cycles the core was busy) or the chip stops on a fault (exit 1).
import fs from "node:fs";
import readline from "node:readline";
import { sensorResponseMs, wireBoard } from "./devices.mjs";
import { FLASH_SIZE, Pico, romLookup, SiliconError } from "./pico.mjs";

function usage(message) {
  process.stderr.write(`run.mjs: ${message}\nusage: node run.mjs --bootrom ROM.bin --firmware FIRMWARE.bin [--flash FILE] [--pull-up N,...] [--fast] [--verbose]\n       node run.mjs --bootrom ROM.bin --lookup func:IF,data:CR,...\n`);
  process.exit(2);
}

const options = { fast: false, verbose: false, pullUps: [], control: false, stampLines: false, seed: 1 };

function gpio(text) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 29) usage(`--pull-up takes GPIO numbers 0-29, not ${text}`);
  return n;
}
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  const value = () => args[++i] ?? usage(`${arg} needs a value`);
  if (arg === "--bootrom") options.bootrom = value();
  else if (arg === "--firmware") options.firmware = value();
  else if (arg === "--flash") options.flash = value();
  else if (arg === "--lookup") options.lookup = value();
  else if (arg === "--pull-up") options.pullUps = value().split(",").map((n) => gpio(n));
  else if (arg === "--board") options.board = value();
  else if (arg === "--seed") options.seed = Number(value());
  else if (arg === "--control") options.control = Number(value());
  else if (arg === "--stamp-lines") options.stampLines = true;
  else if (arg === "--fast") options.fast = true;
  else if (arg === "--verbose") options.verbose = true;
  else usage(`unknown argument ${arg}`);
}
if (!options.bootrom) usage("--bootrom is required");
if (!options.lookup && !options.firmware) usage("--firmware is required");

function readFile(what, file) {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    process.stderr.write(`run.mjs: cannot read the ${what} ${file}: ${error.message}\n`);
    process.exit(2);
  }
}

const report = (line) => process.stderr.write(`silicon: ${line}\n`);
const WATCHDOG = 0x40058; // the watchdog's block in rp2040js's peripherals
const RESET = "the watchdog reset the chip";
const rom = readFile("boot ROM", options.bootrom);
const image = options.lookup ? new Uint8Array(0) : readFile("image", options.firmware);
const config = options.board ? readFile("board config", options.board) : null;
let pico;
let board = null;
let line = [];

/**
 * A Pico powered on with `flash` (the image at first, else the whole flash as the last chip
 * left it) and the board's chips wired to it. A watchdog reset (machine.reset(), or the
 * watchdog's timeout) stops the chip; run() then boots a fresh one from the same flash, as the
 * RP2040 resets every block but the watchdog's reason: rp2040js resets only the core.
 */
function boot(flash, reason = 0) {
  try {
    pico = new Pico({
      bootrom: rom,
      firmware: flash,
      flashFile: options.flash ?? null,
      report,
      verbose: options.verbose,
      pullUps: options.pullUps,
    });
  } catch (error) {
    if (!(error instanceof SiliconError)) throw error;
    process.stderr.write(`run.mjs: ${error.message}\n`);
    process.exit(2);
  }
  const watchdog = pico.mcu.peripherals[WATCHDOG];
  watchdog.reason = reason;
  watchdog.onWatchdogTrigger = () => {
    pico.stop(RESET);
    // rp2040js's periodic alarm would fire again at once, for ever, once the count is down:
    // the chip resets here, so the count stops.
    watchdog.alarm.enable = false;
    watchdog.timer.enable = false;
  };
  if (config !== null) {
    try {
      board = wireBoard(pico, JSON.parse(config), options.seed);
    } catch (error) {
      process.stderr.write(`run.mjs: the board config ${options.board} cannot be wired: ${error.message}\n`);
      process.exit(2);
    }
  }
  line = [];
  pico.onSerial = (data) => {
    process.stdout.write(data);
    if (!options.stampLines) return;
    for (const byte of data) {
      if (byte === 10) {
        report(`line ${Math.round(pico.nanos)} ${Buffer.from(line).toString("latin1").replace(/\r$/, "")}`);
        line = [];
      } else if (line.length < 1024) line.push(byte);
    }
  };
}

boot(image);
if (options.lookup) {
  const answers = {};
  for (const spec of options.lookup.split(",")) {
    const match = /^(func|data):([\x20-\x7e])([\x20-\x7e])$/.exec(spec);
    if (!match) usage(`bad lookup ${spec}: say func:XY or data:XY`);
    answers[spec] = romLookup(pico.mcu, match[1], match[2], match[3]);
  }
  process.stdout.write(JSON.stringify(answers) + "\n");
  process.exit(0);
}

/**
 * One command from the control line:
 *   {"pad": N, "touched": true|false, "after_ms": T}  a finger on (off) pad N, T ms of simulated
 *       time from now (0 if not given); reported as "pad N down|up NANOS" when it happens
 *   {"pads": [N, ...], "touched": ..., "after_ms": T}  fingers on (off) several pads at once
 *   {"chip": "0:5A", "present": false|true}  an MPR121 unplugged (back); "chip 0:5A absent|present"
 *   {"chain": "broken"|"whole"}  the 74HC165 chain's data line cut (mended)
 *   {"pin": N, "open": true|false}  a charge-time pad's pull-up gone (back)
 *   {"scans": "start", "sleep": ADDRESS, "feed": ADDRESS} / {"scans": "stop"}  time each scan
 *       of the firmware's main loop, from the return of its sleep (time.sleep_ms, the C
 *       function at "sleep") or of its last watchdog feed (WDT.feed, at "feed") to its next
 *       feed (Pico.countScans) / report them: "scans {"scans": [[start_ns, ns, cycles], ...],
 *       "busy_cycles": ..., "nanos": ...}" (the core's busy cycles and the time over the span)
 *   {"sensor": "response"}  how long the sensors take to show a finger as set up now:
 *       "sensor {"kind": "mpr121", "response_ms": 4}"
 * A command that cannot be carried out is reported as "control: error ...", and the run goes on.
 */
function control(command) {
  const need = (what) => {
    if (board === null) throw new Error(`${what} needs a board (--board)`);
    return board;
  };
  if ("pad" in command || "pads" in command) {
    const { pads } = need("a touch");
    const which = "pads" in command ? command.pads : [command.pad];
    if (!Array.isArray(which)) throw new Error(`pads takes a list, not ${JSON.stringify(which)}`);
    for (const pad of which) pads.check(pad);
    const touched = Boolean(command.touched);
    const alarm = pico.mcu.clock.createAlarm(() => {
      for (const pad of which) {
        pads.set(pad, touched, pico.nanos);
        report(`pad ${pad} ${touched ? "down" : "up"} ${Math.round(pico.nanos)}`);
      }
    });
    alarm.schedule(Math.max(0, Number(command.after_ms ?? 0)) * 1e6);
  } else if ("chip" in command) {
    const chip = need("a chip").chips.get(command.chip);
    if (!chip) throw new Error(`no chip ${command.chip} on this board`);
    chip.present = Boolean(command.present);
    report(`chip ${command.chip} ${chip.present ? "present" : "absent"}`);
  } else if ("chain" in command) {
    const { chain } = need("a chain");
    if (!chain) throw new Error("this board has no shift register chain");
    chain.broken = command.chain === "broken";
    pico.settle(chain.data);
    report(`chain ${chain.broken ? "broken" : "whole"}`);
  } else if ("pin" in command) {
    const { charge } = need("a pad's pin");
    if (!charge) throw new Error("this board has no charge-time pads");
    charge.setOpen(command.pin, Boolean(command.open));
    report(`pin ${command.pin} ${command.open ? "open" : "closed"}`);
  } else if ("sensor" in command) {
    const wired = need("a sensor");
    report(`sensor ${JSON.stringify({ kind: wired.sensor, response_ms: sensorResponseMs(wired) })}`);
  } else if ("scans" in command) {
    if (command.scans === "start") {
      const [sleep, feed] = [Number(command.sleep), Number(command.feed)];
      for (const address of [sleep, feed]) {
        if (!Number.isInteger(address) || address <= 0) throw new Error(`not an address: ${address}`);
      }
      pico.countScans(sleep, feed);
    } else report(`scans ${JSON.stringify(pico.scansSince())}`);
  } else {
    throw new Error(`unknown command ${JSON.stringify(command)}`);
  }
  pico.wake?.();
}

if (options.control !== false) {
  const commands = readline.createInterface({ input: fs.createReadStream(null, { fd: options.control }) });
  commands.on("line", (text) => {
    try {
      control(JSON.parse(text));
    } catch (error) {
      report(`control: error ${error.message}`);
    }
  });
}
let hostClosed = false;
process.stdin.on("data", (chunk) => pico.send(chunk));
process.stdin.on("end", () => {
  hostClosed = true;
  pico.stop("the host closed the line");
  pico.wake?.();
});
const done = { erase: 0, program: 0, nanos: 0, busy: 0 };
let why;
for (;;) {
  why = await pico.start({ realtime: !options.fast });
  pico.close();
  done.erase += pico.flashOps.erase;
  done.program += pico.flashOps.program;
  done.nanos += pico.nanos;
  done.busy += pico.busyCycles;
  if (why !== RESET || hostClosed) break;
  const { reason } = pico.mcu.peripherals[WATCHDOG];
  report(`reset: ${RESET}`);
  boot(pico.mcu.flash.slice(0, FLASH_SIZE), reason);
}
if (why instanceof SiliconError) {
  report(`stopped: ${why.message}`);
  process.exit(1);
}
report(`flash: ${done.erase} erases, ${done.program} programs`);
report(`ran ${(done.nanos / 1e6).toFixed(1)} ms, ${done.busy} cycles busy`);
process.exit(0);
