// An emulated Raspberry Pi Pico: rp2040js's RP2040 with the project's boot ROM, a flash image,
// and a USB host on its USB port that opens the CDC serial line. Where the emulator falls short
// of the chip or of a host, this module makes up the difference (each noted where it is done):
//
//   - the ROM's flash routines are breakpoints (bootrom.S) carried out here on the emulated
//     flash, which is otherwise read-only (rp2040js ignores flash commands on the SSI);
//   - the CDC host holds an OUT transfer until it has data, as a host does (rp2040js's answers
//     at once with an empty packet, which costs thousands of interrupts);
//   - with the core asleep and nothing scheduled, rp2040js's nanosToNextAlarm is 0 — a "skip to
//     the next alarm" loop would spin: the run loop sleeps until the host sends something;
//   - after an abort (an address or data NAK) rp2040js's I2C flushes its TX FIFO but never
//     raises TX_EMPTY, so the pico-sdk waits out its timeout (ETIMEDOUT after 50 ms) where
//     silicon reports the NAK at once (EIO): the flushed FIFO raises TX_EMPTY here;
//   - rp2040js reads a pin as whatever was last set from outside (0 from the start), even where
//     the chip drives it or its pad, or the board, pulls it up: here a pin reads its own drive
//     when it is an output, else its pull (the pad's, or a pull-up on the board such as an I2C
//     bus's), else 0;
//   - rp2040js takes a write of IC_FS_SPKLEN only when the value is even (it tests the value's
//     bit 0 where the block's enable bit is meant): the spike filter's length is kept here;
//   - rp2040js counts the instructions' cycles only. Here an exception's entry and return cost
//     the core what a Cortex-M0+'s do (COST), and the flash takes its time to erase and
//     program (the core waits in the ROM's routine, its interrupts off, as on the chip).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const { GPIOPinState, RP2040, USBCDC } = await import(
  path.join(process.env.KASKADE_SILICON_DIR ?? here, "node_modules/rp2040js/dist/esm/index.js"));

// The breakpoint numbers of bootrom.S.
export const TRAP = Object.freeze({
  CONNECT_INTERNAL_FLASH: 0x10,
  FLASH_EXIT_XIP: 0x11,
  FLASH_RANGE_ERASE: 0x12,
  FLASH_RANGE_PROGRAM: 0x13,
  FLASH_FLUSH_CACHE: 0x14,
  FLASH_ENTER_CMD_XIP: 0x15,
  FAULT: 0xf0,
});

export const ROM_SIZE = 16 * 1024;
export const FAST_LEAD_MS = 60_000; // how far ahead of the wall clock a fast run may go
export const FLASH_SIZE = 2 * 1024 * 1024; // a Pico's W25Q16JV
const I2C_TX_EMPTY = 1 << 4; // IC_RAW_INTR_STAT
const IC_ENABLE = 0x6c;
const IC_FS_SPKLEN = 0xa0;
const FLASH_SECTOR = 4096;
const FLASH_PAGE = 256;

/**
 * What the core and the flash take that rp2040js does not count:
 *   - an exception's entry: 15 cycles, the Cortex-M0+'s worst-case interrupt latency with
 *     zero wait states (its Technical Reference Manual, 3.6.1);
 *   - an exception's return: 12 cycles, the eight words of its frame taken off the stack and
 *     the pipeline filled again;
 *   - the Pico's flash (Winbond W25Q16JV, its datasheet's typical times): 45 ms to erase a
 *     4 kB sector, 120 ms a 32 kB block, 150 ms a 64 kB block, 0.4 ms to program a 256-byte
 *     page (a worn or hot part may take up to 400 ms, 1.6 s, 2 s and 3 ms).
 */
export const COST = Object.freeze({
  exceptionEntryCycles: 15,
  exceptionReturnCycles: 12,
  sectorEraseNanos: 45e6,
  blockEraseNanos: Object.freeze({ [32 * 1024]: 120e6, [64 * 1024]: 150e6 }),
  pageProgramNanos: 0.4e6,
});

/** An error of the emulated chip that ends the run (a fault, a stray breakpoint, a bad ROM call). */
export class SiliconError extends Error {}

/** rp2040js logs on the console; this sends its warnings and errors to a callback instead. */
function makeLogger(report, verbose) {
  const drop = () => {};
  const say = (level) => (component, message) => report(`${level} ${component}: ${message}`);
  return {
    debug: drop,
    info: verbose ? say("info") : drop,
    warn: verbose ? say("warn") : drop,
    error: say("error"),
  };
}

/** USB CDC host that holds each OUT transfer until it has bytes to send. */
class HoldingCDC extends USBCDC {
  constructor(usb) {
    super(usb);
    this.pending = [];      // bytes from the host not yet taken by the device
    this.heldSize = null;   // the size of the OUT transfer the device is waiting on, if any
    this.usb.onEndpointRead = (endpoint, size) => {
      if (endpoint !== this.outEndpoint) return;
      this.heldSize = size;
      this.release();
    };
  }

  send(bytes) {
    for (const b of bytes) this.pending.push(b);
    this.release();
  }

  release() {
    if (this.heldSize === null || this.pending.length === 0) return;
    const chunk = Uint8Array.from(this.pending.splice(0, this.heldSize));
    this.heldSize = null;
    this.usb.endpointReadDone(this.outEndpoint, chunk);
  }
}

export class Pico {
  /**
   * @param {object} options
   * @param {Uint8Array} options.bootrom  the boot ROM (at most 16 kB)
   * @param {Uint8Array} options.firmware the image to place at the start of flash (.bin)
   * @param {string} [options.flashFile]  a file that keeps the whole flash between runs: read
   *   at start when it exists (then `firmware` is not written), updated on every erase/program
   * @param {(line: string) => void} [options.report] where events and emulator messages go
   * @param {boolean} [options.verbose]   pass on rp2040js's warnings too
   * @param {number[]} [options.pullUps]  GPIOs pulled up on the board (an I2C bus's SDA, SCL)
   */
  constructor({ bootrom, firmware, flashFile = null, report = () => {}, verbose = false,
                pullUps = [] }) {
    if (bootrom.length > ROM_SIZE) throw new SiliconError(`the boot ROM is ${bootrom.length} bytes; the RP2040's ROM holds ${ROM_SIZE}`);
    this.report = report;
    this.mcu = new RP2040();
    this.mcu.logger = makeLogger(report, verbose);
    const rom = new Uint8Array(ROM_SIZE);
    rom.set(bootrom);
    this.mcu.loadBootrom(new Uint32Array(rom.buffer)); // also resets, filling flash with 0xFF
    this.flashFd = null;
    if (flashFile && fs.existsSync(flashFile)) {
      const kept = fs.readFileSync(flashFile);
      if (kept.length !== FLASH_SIZE) throw new SiliconError(`${flashFile} is not a kept flash (${kept.length} bytes, not ${FLASH_SIZE}): name a new file, or one an earlier run kept`);
      this.mcu.flash.set(kept);
    } else {
      if (firmware.length > FLASH_SIZE) throw new SiliconError(`the image (${firmware.length} bytes) does not fit the ${FLASH_SIZE}-byte flash`);
      this.mcu.flash.set(firmware);
      if (flashFile) fs.writeFileSync(flashFile, this.mcu.flash.subarray(0, FLASH_SIZE));
    }
    if (flashFile) this.flashFd = fs.openSync(flashFile, "r+");
    this.mcu.onBreak = (code) => this.trap(code);
    this.pullUps = new Set(pullUps);
    this.drivers = new Map(); // GPIO -> what a device on the board drives onto it
    this.scans = null;        // the firmware's scans, while counted (countScans)
    for (const pin of this.mcu.gpio) {
      pin.addListener(() => this.settle(pin));
      this.settle(pin);
    }
    for (const i2c of this.mcu.i2c) {
      const abort = i2c.abort.bind(i2c);
      i2c.abort = (reason) => { abort(reason); i2c.setInterrupts(I2C_TX_EMPTY); };
      const write = i2c.writeUint32.bind(i2c);
      i2c.writeUint32 = (offset, value) => {
        if (offset === IC_FS_SPKLEN && !(i2c.enable & 1) && (value & 0xff) > 0) {
          i2c.spikelen = value & 0xff; // writable while the block is disabled (IC_ENABLE 0)
          return;
        }
        write(offset, value);
      };
      if (!Object.hasOwn(i2c, "enable")) throw new SiliconError(`rp2040js's I2C no longer keeps IC_ENABLE (${hex(IC_ENABLE)}) as "enable"`);
    }
    const { core } = this.mcu;
    const entry = core.exceptionEntry.bind(core);
    core.exceptionEntry = (exception) => { entry(exception); this.extraCycles += COST.exceptionEntryCycles; };
    const back = core.exceptionReturn.bind(core);
    core.exceptionReturn = (excReturn) => { back(excReturn); this.extraCycles += COST.exceptionReturnCycles; };
    this.extraCycles = 0;   // cycles the core spent that the instruction it runs did not count
    this.stallNanos = 0;    // time the core waits on the flash, from the ROM routine just called
    this.cdc = new HoldingCDC(this.mcu.usbCtrl);
    this.cdc.onDeviceConnected = () => { this.report("usb: CDC connected"); this.onConnected?.(); };
    this.cdc.onSerialData = (data) => this.onSerial?.(data);
    this.stopped = null;    // why the chip stopped: a SiliconError, or the reason given to stop()
    this.flashOps = { erase: 0, program: 0 };
    this.busyCycles = 0;    // cycles the core executed instructions, not asleep
  }

  /** Whether the chip drives `pin` (an output), rather than reading it. */
  driven(pin) {
    const state = pin.value;
    return state === GPIOPinState.High || state === GPIOPinState.Low;
  }

  /**
   * The level a pin reads: its own drive when it is an output, else what a device on the board
   * drives onto it, else its pull (the pad's, or the board's), else 0.
   */
  level(pin) {
    const state = pin.value;
    if (state === GPIOPinState.High || state === GPIOPinState.Low) return state === GPIOPinState.High;
    const outside = this.drivers.get(pin.index)?.();
    if (outside === true || outside === false) return outside;
    if (state === GPIOPinState.InputBusKeeper) return pin.rawInputValue;
    return state === GPIOPinState.InputPullUp || this.pullUps.has(pin.index);
  }

  settle(pin) {
    const level = this.level(pin);
    if (pin.rawInputValue !== level) pin.setInputValue(level);
  }

  /** A device on the board drives GPIO `index`: `level()` says how (true, false, or null: not). */
  drive(index, level) {
    this.drivers.set(index, level);
    this.settle(this.mcu.gpio[index]);
  }

  /** The board pulls these GPIOs up. */
  pullUp(...indices) {
    for (const index of indices) {
      this.pullUps.add(index);
      this.settle(this.mcu.gpio[index]);
    }
  }

  /**
   * From now on, time each scan of the firmware's main loop. A turn of the loop scans, feeds
   * the watchdog (`WDT.feed`, the C function at `feedAddress`) and sleeps what is left of its
   * period (`time.sleep_ms`, at `sleepAddress`), unless it fell behind. A scan runs from the
   * return of the turn before's sleep, or of its feed when it did not sleep, to this turn's
   * feed; it is timed in simulated time and in the cycles the core was busy meanwhile
   * (interrupts and flash waits included). `scansSince()` hands over what was counted.
   */
  countScans(sleepAddress, feedAddress) {
    this.scans = { sleep: sleepAddress & ~1, feed: feedAddress & ~1, back: null, backSP: 0,
                   start: null, startBusy: 0, done: [], fromNanos: this.nanos,
                   fromBusy: this.busyCycles };
  }

  /** The scans counted since countScans, each [start ns, length ns, busy cycles], and the
   *  core's busy cycles and the simulated time over the whole span; counting stops. */
  scansSince() {
    const scans = this.scans;
    this.scans = null;
    if (scans === null) return { scans: [], busy_cycles: 0, nanos: 0 };
    return { scans: scans.done, busy_cycles: this.busyCycles - scans.fromBusy,
             nanos: Math.round(this.nanos - scans.fromNanos) };
  }

  /** After each instruction while scans are counted: entering the feed ends a scan; the
   *  return from the feed or from the sleep (the same stack depth as the call: a call of the
   *  same site deeper in, such as a callback run while sleeping, is not it) starts one. */
  followScans(scans) {
    const { core } = this.mcu;
    const pc = core.PC;
    if (pc === scans.feed || pc === scans.sleep) {
      if (pc === scans.feed && scans.start !== null) {
        scans.done.push([Math.round(scans.start), Math.round(this.nanos - scans.start),
                         this.busyCycles - scans.startBusy]);
        scans.start = null;
      }
      scans.back = core.LR & ~1;
      scans.backSP = core.SP;
    } else if (pc === scans.back && core.SP === scans.backSP) {
      scans.back = null;
      scans.start = this.nanos;
      scans.startBusy = this.busyCycles;
    }
  }

  /** Bytes from the host down the CDC line. */
  send(bytes) {
    this.cdc.send(typeof bytes === "string" ? Buffer.from(bytes, "latin1") : bytes);
    this.wake?.();
  }

  trap(code) {
    const r = this.mcu.core.registers;
    switch (code) {
      case TRAP.CONNECT_INTERNAL_FLASH:
      case TRAP.FLASH_EXIT_XIP:
      case TRAP.FLASH_FLUSH_CACHE:
      case TRAP.FLASH_ENTER_CMD_XIP:
        return; // the emulated flash is always mapped and has no cache to flush
      case TRAP.FLASH_RANGE_ERASE:
        return this.erase(r[0] >>> 0, r[1] >>> 0, r[2] >>> 0);
      case TRAP.FLASH_RANGE_PROGRAM:
        return this.program(r[0] >>> 0, r[1] >>> 0, r[2] >>> 0);
      case TRAP.FAULT:
        return this.stop(new SiliconError(`fault before the image's own vectors (pc ${hex(r[15])})`));
      default:
        return this.stop(new SiliconError(`breakpoint ${code} at ${hex(this.mcu.core.PC - 2)}`));
    }
  }

  checkRange(what, offset, count, unit) {
    if (offset % unit !== 0 || count % unit !== 0) {
      this.stop(new SiliconError(`${what} of ${count} bytes at flash offset ${hex(offset)} is not in whole ${unit}-byte units`));
      return false;
    }
    if (offset + count > FLASH_SIZE) {
      this.stop(new SiliconError(`${what} of ${count} bytes at flash offset ${hex(offset)} runs past the ${FLASH_SIZE}-byte flash`));
      return false;
    }
    return true;
  }

  /** The ROM's flash_range_erase(offset, count, block_size, block_cmd): whole blocks where
   *  the range is aligned to them (the block command), 4 kB sectors elsewhere, each taking
   *  its erase time. */
  erase(offset, count, blockSize) {
    if (!this.checkRange("flash erase", offset, count, FLASH_SECTOR)) return;
    this.mcu.flash.fill(0xff, offset, offset + count);
    const blockNanos = COST.blockEraseNanos[blockSize];
    for (let at = offset; at < offset + count;) {
      if (blockNanos !== undefined && at % blockSize === 0 && offset + count - at >= blockSize) {
        this.stallNanos += blockNanos;
        at += blockSize;
      } else {
        this.stallNanos += COST.sectorEraseNanos;
        at += FLASH_SECTOR;
      }
    }
    this.flashOps.erase++;
    this.persist(offset, count);
  }

  program(offset, source, count) {
    if (!this.checkRange("flash program", offset, count, FLASH_PAGE)) return;
    const { flash } = this.mcu;
    for (let i = 0; i < count; i++) flash[offset + i] &= this.mcu.readUint8(source + i); // NOR: bits only clear
    this.stallNanos += (count / FLASH_PAGE) * COST.pageProgramNanos;
    this.flashOps.program++;
    this.persist(offset, count);
  }

  persist(offset, count) {
    if (this.flashFd !== null) fs.writeSync(this.flashFd, this.mcu.flash, offset, count, offset);
  }

  /** Stop the chip: with a SiliconError when it failed, with a plain reason otherwise. */
  stop(reason) {
    if (!this.stopped) this.stopped = reason;
  }

  /** Simulated time, in nanoseconds since reset. */
  get nanos() {
    return this.mcu.clock.nanos;
  }

  /**
   * Run until `untilNanos` of simulated time, the chip stops, or it sleeps with nothing
   * scheduled (then the answer is "idle": only the host can wake it). At most `maxCycles`.
   */
  run(untilNanos, maxCycles = 2_000_000) {
    const { core, clock } = this.mcu;
    let cycles = 0;
    while (cycles < maxCycles && !this.stopped && clock.nanos < untilNanos) {
      const cycleNanos = 1e9 / this.mcu.clkSys;
      if (core.waiting) {
        if (clock.nextAlarm == null) return "idle"; // rp2040js would answer 0 here, and spin
        const skip = Math.min(clock.nanosToNextAlarm, untilNanos - clock.nanos);
        clock.tick(Math.max(skip, 0));
        cycles += 1;
      } else {
        let spent = core.executeInstruction() + this.extraCycles;
        this.extraCycles = 0;
        clock.tick(spent * cycleNanos);
        if (this.stallNanos > 0) { // the core waits in the ROM's flash routine, busy
          const stall = this.stallNanos;
          this.stallNanos = 0;
          clock.tick(stall);
          spent += Math.round(stall / cycleNanos);
        }
        cycles += spent;
        this.busyCycles += spent;
        if (this.scans !== null) this.followScans(this.scans);
      }
    }
    return this.stopped ? "stopped" : "running";
  }

  /**
   * Run in the background of node's event loop until stop(): in real time (simulated time
   * kept to the wall clock) or as fast as the host allows — but never more than FAST_LEAD
   * ahead of the wall clock: a chip that only waits for the host, a timer set (the
   * firmware's reset of a board left at the prompt ten minutes after an update stopped it),
   * would otherwise run into it while a busy host prepares its next command. Resolves with
   * the error that stopped the chip.
   */
  async start({ realtime = true } = {}) {
    const wallStart = performance.now();
    const simStart = this.nanos;
    const slice = 2_000_000; // 2 ms of simulated time per turn of the event loop
    while (!this.stopped) {
      const state = this.run(this.nanos + slice);
      if (state === "idle") {
        await new Promise((resolve) => { this.wake = resolve; });
        this.wake = null;
        if (realtime) {
          const behind = (performance.now() - wallStart) * 1e6 - (this.nanos - simStart);
          if (behind > 0) this.mcu.clock.tick(behind);
        }
        continue;
      }
      const ahead = (this.nanos - simStart) / 1e6 - (performance.now() - wallStart);
      const lead = realtime ? 1 : FAST_LEAD_MS;
      if (ahead > lead) { await sleep(Math.min(ahead - lead + 1, 1000)); continue; }
      await new Promise((resolve) => setImmediate(resolve));
    }
    return this.stopped;
  }

  close() {
    if (this.flashFd !== null) fs.closeSync(this.flashFd);
    this.flashFd = null;
  }
}

/**
 * Call the ROM's table lookup on the emulated core, as the pico-sdk's rom_func_lookup and
 * rom_data_lookup do: read the table pointers from the ROM's header, call the routine whose
 * address is at 0x18 with (table, code), and return what it answers.
 */
export function romLookup(mcu, table, c1, c2) {
  const { core } = mcu;
  const saved = { registers: Uint32Array.from(core.registers), PC: core.PC };
  const lookup = mcu.readUint16(0x18);
  const tablePointer = mcu.readUint16(table === "data" ? 0x16 : 0x14);
  const returnAddress = 0x20040000; // any address in SRAM; reaching it ends the call
  core.registers[0] = tablePointer;
  core.registers[1] = c1.charCodeAt(0) | (c2.charCodeAt(0) << 8);
  core.LR = returnAddress | 1;
  core.PC = lookup & ~1;
  for (let steps = 0; core.PC !== returnAddress; steps++) {
    if (steps > 10_000) throw new SiliconError("the ROM's lookup did not return");
    core.executeInstruction();
  }
  const answer = core.registers[0] >>> 0;
  core.registers.set(saved.registers);
  core.PC = saved.PC;
  return answer;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function hex(n) {
  return `0x${(n >>> 0).toString(16)}`;
}
