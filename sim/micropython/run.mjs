// Runs a Python script on MicroPython (the WebAssembly port, under node), with host folders
// copied into its file system first.
//
//   node run.mjs [--copy HOST_DIR=/DEVICE_DIR ...] SCRIPT.py
//
// The script's output goes to stdout; an uncaught Python exception prints its traceback on
// stderr and exits with status 1. The interpreter's npm package is found in
// $KASKADE_MICROPYTHON_DIR/node_modules, else in node_modules beside this file.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const { loadMicroPython } = await import(
  path.join(process.env.KASKADE_MICROPYTHON_DIR ?? here,
    "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"));

function usage(message) {
  process.stderr.write(`run.mjs: ${message}\nusage: node run.mjs [--copy HOST_DIR=/DEVICE_DIR ...] SCRIPT.py\n`);
  process.exit(2);
}

const copies = [];
let script = null;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--copy") {
    const spec = args[++i] ?? usage("--copy needs HOST_DIR=/DEVICE_DIR");
    const [host, device] = spec.split("=");
    if (!host || !device || !device.startsWith("/")) usage(`bad --copy ${spec}`);
    copies.push([host, device]);
  } else if (script === null) {
    script = args[i];
  } else {
    usage(`unexpected argument ${args[i]}`);
  }
}
if (script === null) usage("no script given");

const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
  linebuffer: true,
  heapsize: 4 * 1024 * 1024,
});

function makeDirs(device) {
  let sofar = "";
  for (const part of device.split("/").filter(Boolean)) {
    sofar += "/" + part;
    try { mp.FS.mkdir(sofar); } catch { /* already there */ }
  }
}

function copyTree(host, device) {
  makeDirs(device);
  for (const entry of fs.readdirSync(host, { withFileTypes: true })) {
    if (entry.name === "__pycache__" || entry.name.startsWith(".")) continue;
    const from = path.join(host, entry.name);
    const to = device.replace(/\/$/, "") + "/" + entry.name;
    if (entry.isDirectory()) copyTree(from, to);
    else mp.FS.writeFile(to, fs.readFileSync(from));
  }
}

for (const [host, device] of copies) copyTree(host, device);
try {
  mp.runPython(fs.readFileSync(script, "utf8"));
} catch (error) {
  process.stderr.write(String(error.message ?? error) + "\n");
  process.exit(1);
}
