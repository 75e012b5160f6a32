// Runs MicroPython's rp2 image on an emulated Pico (pico.mjs), its USB serial line on standard
// input and output: what arrives on stdin goes down the CDC line, what the Pico sends comes out
// on stdout. Events ("usb: CDC connected", the flash work) and the emulator's errors go to
// stderr, one line each, prefixed "silicon: ".
//
//   node run.mjs --bootrom ROM.bin --firmware FIRMWARE.bin [--flash FILE] [--pull-up 4,5,...]
//                [--fast] [--verbose]
//   node run.mjs --bootrom ROM.bin --lookup func:IF,data:CR,...
//
// --flash keeps the whole 2 MB flash in FILE between runs (the filesystem, an updated
// firmware); without it every run starts from a freshly written image. --pull-up names the
// GPIOs the board pulls up (an I2C bus's SDA and SCL). --fast runs simulated
// time as fast as the host allows instead of keeping to the wall clock. --lookup calls the
// ROM's table lookup on the emulated core for each code and prints the answers as JSON.
// The run ends when stdin closes (exit 0, after a summary: the flash work, the simulated time and
// the cycles the core was busy) or the chip stops on a fault (exit 1).
import fs from "node:fs";
import { Pico, romLookup, SiliconError } from "./pico.mjs";

function usage(message) {
  process.stderr.write(`run.mjs: ${message}\nusage: node run.mjs --bootrom ROM.bin --firmware FIRMWARE.bin [--flash FILE] [--pull-up N,...] [--fast] [--verbose]\n       node run.mjs --bootrom ROM.bin --lookup func:IF,data:CR,...\n`);
  process.exit(2);
}

const options = { fast: false, verbose: false, pullUps: [] };

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
let pico;
try {
  pico = new Pico({
    bootrom: readFile("boot ROM", options.bootrom),
    firmware: options.firmware ? readFile("image", options.firmware) : new Uint8Array(0),
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

pico.onSerial = (data) => process.stdout.write(data);
process.stdin.on("data", (chunk) => pico.send(chunk));
process.stdin.on("end", () => {
  pico.stop("the host closed the line");
  pico.wake?.();
});
const why = await pico.start({ realtime: !options.fast });
pico.close();
if (why instanceof SiliconError) {
  report(`stopped: ${why.message}`);
  process.exit(1);
}
report(`flash: ${pico.flashOps.erase} erases, ${pico.flashOps.program} programs`);
report(`ran ${(pico.nanos / 1e6).toFixed(1)} ms, ${pico.busyCycles} cycles busy`);
process.exit(0);
