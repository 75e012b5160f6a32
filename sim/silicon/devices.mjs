// The touch board's chips around the emulated Pico, at register and wire level, as the board's
// config (board.json, the firmware's own) wires them: MPR121 capacitive sensors on the I2C
// blocks, a chain of 74HC165 shift registers with a TTP223 module on each input, or pads charged
// through a pull-up on a GPIO each. Fingers come and go in simulated time (`Pads`), so what the
// firmware measures, and how long it takes to report a touch, does not depend on how fast or
// busy the machine running the emulator is.
//
// The models follow the datasheets as far as the firmware can tell:
//   - MPR121 (NXP, rev. 4): register pointer with auto-increment on reads and writes, soft reset
//     (0x63 to 0x80) back to the defaults (0x5C = 0x10, 0x5D = 0x24), registers other than ECR
//     read-only in run mode, 10-bit filtered data at 0x04-0x1B averaged over the second filter's
//     samples (SFI samples, one every ESI, from register 0x5D), the chip's own baselines at
//     0x1E-0x2A and touch status at 0x00-0x01; an absent chip NAKs its address. Every step on
//     the wire takes its time at the bus's clock (9 bit times a byte).
//     The chip samples every ESI, runs its second filter (SFI samples) and its own baseline
//     filter and touch status with the parameters the firmware writes (see Mpr121).
//   - 74HC165: a low latch (PL) loads every input, each rising clock (CP) with the latch high
//     moves the chain one bit towards the data pin; the farthest register's serial input is tied
//     low, and a broken chain leaves the data line to its pull-up. Each TTP223's output follows
//     the finger after the module's response time (TTP223).
//   - charge-time pads: a pad on a pin with a 1 MOhm pull-up rises, once the pin lets go, in
//     R * C * ln(Vdd / (Vdd - Vih)); a finger adds capacitance at once.
//   - TCA9548A I2C mux: its control byte connects its channels, each a bus of up to four
//     MPR121s; a chip answers only while its channel is connected.
//     Its IRQ output (open-drain, active low) goes low when an electrode's touch status changes
//     and lets go when the status is read (register 0x00 or 0x01); a bus's chips wired together
//     to one pin (`irq` in the config) hold it low while any of them does, as the firmware reads
//     it (the line is worked out whenever the core reads the GPIO inputs).
// Not modelled: electrical noise beyond a Gaussian per reading, the MPR121's first filter (its
// FFI samples take microseconds), its over-current and out-of-range flags (which also assert
// its IRQ), clock stretching.

// One RP2040 GPIO function table fact: I2C0 has its SDA on GPIO 0, 4, 8, ..., I2C1 on 2, 6, 10, ...
const i2cBlockOf = (sda) => (sda >> 1) & 1;
const GPIO_FUNCTION_SPI = 1;

/** A small seeded generator (mulberry32) and Gaussian noise, so a run repeats exactly. */
class Noise {
  constructor(seed) {
    this.state = seed >>> 0;
  }

  uniform() {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  gauss(sigma) {
    const u = Math.max(this.uniform(), 1e-12);
    return sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.uniform());
  }
}

/** The pads and the fingers on them: each pad keeps its recent changes, so a sensor that
 *  averages over time (the MPR121's filter) can ask whether it was touched at a moment past. */
export class Pads {
  constructor(count, seed = 1) {
    this.count = count;
    this.noise = new Noise(seed);
    this.history = Array.from({ length: count }, () => [[-Infinity, false]]);
    this.stuck = new Uint8Array(count);
  }

  check(pad) {
    if (!Number.isInteger(pad) || pad < 0 || pad >= this.count) {
      throw new RangeError(`no pad ${pad}: the board has pads 0-${this.count - 1}`);
    }
  }

  set(pad, touched, nanos) {
    this.check(pad);
    const changes = this.history[pad];
    changes.push([nanos, touched]);
    if (changes.length > 64) changes.splice(0, changes.length - 64);
  }

  touchedAt(pad, nanos) {
    const changes = this.history[pad];
    for (let i = changes.length - 1; i >= 0; i--) {
      if (changes[i][0] <= nanos) return changes[i][1];
    }
    return false;
  }

  /** What a sensor that needs a finger (or its absence) to stay `response` ns before it
   *  believes it makes of `pad` at `nanos`: the state of the latest stretch at least that long
   *  that began `response` ns ago or earlier. A shorter tap never shows. */
  settledAt(pad, nanos, response) {
    const changes = this.history[pad];
    for (let i = changes.length - 1; i >= 0; i--) {
      const [at, touched] = changes[i];
      const end = i + 1 < changes.length ? changes[i + 1][0] : Infinity;
      if (at + response <= nanos && end - at >= response) return touched;
    }
    return false;
  }
}

const MPR121_RESET = new Map([[0x5c, 0x10], [0x5d, 0x24]]);
const MPR121_ELECTRODES = 12;
const MPR121_SFI = [4, 6, 10, 18];
const MPR121_PAD = { base: 700, spread: 40, finger: -45, noise: 1.5 };
const MPR121_UNWIRED = 720; // an electrode with no pad on it
const MPR121_CATCH_UP = 4096; // samples worked through at most when a chip is read after long
const RISING = 0x2b, FALLING = 0x2f, TOUCHED = 0x33; // each MHD (not touched), NHD, NCL, FDL

/**
 * One MPR121: `padOf[e]` is the pad on electrode `e` (undefined: none). The chip samples
 * every electrode once each ESI (register 0x5D): its data is the mean of the second filter's
 * last SFI samples, so a finger shows in full SFI x ESI after it lands (4 ms as the firmware
 * sets it up). Each sample also runs the chip's own baseline filter (registers 0x2B-0x35: a
 * change of at most MHD is followed at once, a larger one by NHD after more than NCL samples
 * in a row, the filter running every FDL + 1 samples; while an electrode is touched, the
 * touched filter, which has no MHD) and its touch status: touched once baseline - data passes
 * the electrode's touch threshold (0x41, 0x43, ...) for DT + 1 samples in a row, released
 * once it falls below the release threshold for DR + 1 (the debounce, 0x5B). On entering run
 * mode the ECR's CL bits set the first baseline: kept (00), the data's top 5 bits (10, as the
 * firmware starts it) or all of it (11). The chip works through the samples it owes whenever
 * the firmware reads it.
 */
export class Mpr121 {
  constructor(pads, padOf, name) {
    this.pads = pads;
    this.padOf = padOf;
    this.name = name;
    this.present = true;
    this.registers = new Uint8Array(256);
    this.base = padOf.map(() => MPR121_PAD.base + (pads.noise.uniform() * 2 - 1) * MPR121_PAD.spread);
    this.baseline = new Float64Array(MPR121_ELECTRODES); // 10 bits, as the chip keeps it
    this.count = new Uint16Array(MPR121_ELECTRODES);     // samples in a row beyond MHD
    this.delay = new Uint16Array(MPR121_ELECTRODES);     // samples since the filter last ran
    this.bounce = new Uint8Array(MPR121_ELECTRODES);     // samples in a row past a threshold
    this.irq = false; // its IRQ output low: the touch status changed since it was last read
    this.softReset();
  }

  softReset() {
    this.registers.fill(0);
    for (const [register, value] of MPR121_RESET) this.registers[register] = value;
    this.baseline.fill(0);
    this.sampled = null; // the last sample worked through (its index), none in stop mode
    this.loadBaseline = 0;
    this.irq = false;
  }

  /** A byte read on the wire from `register`: reading the touch status lets the IRQ go. */
  read(register) {
    if (register <= 0x01) this.irq = false;
    return this.registers[register];
  }

  get running() {
    return (this.registers[0x5e] & 0x0f) !== 0;
  }

  /** The sample interval in ns (ESI) and the second filter's samples (SFI). */
  get filter() {
    const cdt = this.registers[0x5d];
    return { interval: (1 << (cdt & 7)) * 1e6, samples: MPR121_SFI[(cdt >> 3) & 3] };
  }

  /** How long after a finger lands its data shows it in full, in ms. */
  get responseMs() {
    const { interval, samples } = this.filter;
    return interval * samples / 1e6;
  }

  write(register, value) {
    if (register === 0x80) {
      if (value === 0x63) this.softReset();
      return;
    }
    if (register === 0x5e) {
      const wasRunning = this.running;
      this.registers[0x5e] = value;
      if (!wasRunning && this.running) this.loadBaseline = (value >> 6) & 3;
      if (!this.running) this.sampled = null;
      return;
    }
    if (!this.running) this.registers[register & 0xff] = value;
    // the datasheet: in run mode only ECR (and the GPIO registers) take a write
  }

  /** The second filter's output for `electrode` at sample `index`. */
  data(electrode, index) {
    const pad = this.padOf[electrode];
    if (pad === undefined) return MPR121_UNWIRED;
    const { interval, samples } = this.filter;
    let touched = 0;
    for (let i = 0; i < samples; i++) {
      if (this.pads.touchedAt(pad, (index - i) * interval) || this.pads.stuck[pad]) touched++;
    }
    const value = this.base[electrode] + MPR121_PAD.finger * touched / samples
      + this.pads.noise.gauss(MPR121_PAD.noise);
    return Math.max(0, Math.min(1023, Math.round(value)));
  }

  /** One step of the baseline filter and the touch status of `electrode` for its `data`. */
  track(electrode, data, bit) {
    const r = this.registers;
    const touched = (this.status & bit) !== 0;
    let baseline = this.baseline[electrode];
    const delta = data - baseline;
    if (delta !== 0) {
      const set = touched ? TOUCHED - 1 : delta > 0 ? RISING : FALLING; // TOUCHED has no MHD
      const [mhd, nhd, ncl, fdl] = [touched ? -1 : r[set] & 0x3f, r[set + 1] & 0x3f, r[set + 2],
                                    r[set + 3]];
      if (++this.delay[electrode] > fdl) {
        this.delay[electrode] = 0;
        if (Math.abs(delta) <= mhd) {
          baseline = data;
          this.count[electrode] = 0;
        } else if (++this.count[electrode] > ncl) {
          this.count[electrode] = 0;
          baseline += Math.sign(delta) * Math.min(nhd, Math.abs(delta));
        }
      }
      this.baseline[electrode] = baseline;
    }
    const below = (Math.floor(baseline) & ~3) - data; // compared as the 8-bit register, x4
    const debounce = r[0x5b];
    if (!touched && below > r[0x41 + 2 * electrode]) {
      if (++this.bounce[electrode] > (debounce & 7)) {
        this.status |= bit; this.bounce[electrode] = 0; this.irq = true;
      }
    } else if (touched && below < r[0x42 + 2 * electrode]) {
      if (++this.bounce[electrode] > ((debounce >> 4) & 7)) {
        this.status &= ~bit; this.bounce[electrode] = 0; this.irq = true;
      }
    } else {
      this.bounce[electrode] = 0;
    }
  }

  /** Work through the samples the chip has taken up to `nanos`; its registers as they are
   *  then. */
  measure(nanos) {
    if (!this.running) return;
    const r = this.registers;
    const { interval } = this.filter;
    const now = Math.floor(nanos / interval);
    const enabled = Math.min(MPR121_ELECTRODES, r[0x5e] & 0x0f);
    let first = this.sampled === null ? now : this.sampled + 1;
    if (now - first >= MPR121_CATCH_UP) first = now - MPR121_CATCH_UP + 1;
    this.status = r[0x00] | (r[0x01] << 8);
    for (let index = first; index <= now; index++) {
      for (let e = 0; e < enabled; e++) {
        const data = this.data(e, index);
        if (this.sampled === null && index === first) { // the first sample of a run
          if (this.loadBaseline === 2) this.baseline[e] = data & 0x3e0;
          else if (this.loadBaseline === 3) this.baseline[e] = data;
          else this.baseline[e] = r[0x1e + e] << 2;
          this.count[e] = this.delay[e] = this.bounce[e] = 0;
        }
        if (index === now) {
          r[0x04 + 2 * e] = data & 0xff;
          r[0x05 + 2 * e] = data >> 8;
        }
        if ((r[0x5e] >> 6) !== 1) this.track(e, data, 1 << e); // CL 01: tracking off
        r[0x1e + e] = Math.floor(this.baseline[e]) >> 2;
      }
    }
    for (let e = enabled; e < MPR121_ELECTRODES; e++) { r[0x04 + 2 * e] = 0; r[0x05 + 2 * e] = 0; }
    this.sampled = now;
    this.status &= (1 << enabled) - 1;
    r[0x00] = this.status & 0xff;
    r[0x01] = (this.status >> 8) & 0x0f;
  }
}

/** A TCA9548A I2C mux at `address`: a one-byte control register whose bits connect its eight
 *  channels, each a bus of its own (`behind`: channel -> address -> chip). A read returns the
 *  register. Off the board (`present` false) it NAKs, and so does every chip behind it. */
export class Mux {
  constructor(address) {
    this.address = address;
    this.present = true;
    this.control = 0;
    this.behind = new Map();
  }

  attach(channel, address, chip) {
    if (!this.behind.has(channel)) this.behind.set(channel, new Map());
    this.behind.get(channel).set(address, chip);
  }

  /** The chip answering `address` on the connected channels (null: none). */
  reach(address) {
    if (!this.present) return null;
    for (const [channel, chips] of this.behind) {
      if (this.control & (1 << channel) && chips.has(address)) return chips.get(address);
    }
    return null;
  }

  // the face the bus talks to, as to a chip
  write(_register, value) { this.control = value & 0xff; }
  measure() {}
}

/** The chips on one I2C block, answering the block's wire steps after their time on the wire. */
export class I2CBus {
  constructor(mcu, i2c) {
    this.mcu = mcu;
    this.i2c = i2c;
    this.chips = new Map(); // address -> chip
    this.mux = null;        // a TCA9548A, if the chips are behind one
    this.chip = null;       // the chip addressed in this transaction
    this.pointerNext = false;
    this.pointer = 0;
    this.transactions = 0;
    this.alarm = mcu.clock.createAlarm(() => { const then = this.then; this.then = null; then(); });
    i2c.onStart = () => this.after(1, () => i2c.completeStart());
    i2c.onConnect = (address, mode) => this.connect(address, mode);
    i2c.onWriteByte = (value) => this.writeByte(value);
    i2c.onReadByte = () => this.readByte();
    i2c.onStop = () => this.after(1, () => i2c.completeStop());
  }

  /** Nanoseconds of one bit at the block's clock. The RP2040's I2C blocks count SCL's high and
   *  low periods in clk_sys cycles (rp2040js's own timing would take clk_peri, 48 MHz), and,
   *  as the DesignWare block does (the RP2040 datasheet, 4.3.14), hold SCL low for LCNT + 1
   *  cycles and high for HCNT + SPKLEN + 7: the spike filter's delay and the block's own
   *  latency. At 125 MHz the pico-sdk's 400 kHz setting (HCNT 126, LCNT 187, SPKLEN 11) makes
   *  a bit 332 cycles: 376.5 kHz. */
  get bitNanos() {
    const { i2c } = this;
    const cycles = (i2c.sclLowPeriod + 1) + (i2c.sclHighPeriod + i2c.spikelen + 7);
    return cycles * 1e9 / this.mcu.clkSys;
  }

  after(bits, then) {
    this.then = then;
    this.alarm.schedule(bits * this.bitNanos);
  }

  connect(address, mode) {
    const { mux } = this;
    let chip = this.chips.get(address) ?? null;
    if (mux !== null && address === mux.address) chip = mux.present ? mux : null;
    else if (chip === null && mux !== null) chip = mux.reach(address);
    this.chip = chip && chip.present ? chip : null;
    this.transactions++;
    if (this.chip && mode === 1) this.chip.measure(this.mcu.clock.nanos); // a read: one snapshot
    this.pointerNext = mode === 0 && this.chip !== mux; // a mux takes its control byte at once
    if (this.chip === mux) this.pointer = 0;
    this.after(9, () => this.i2c.completeConnect(this.chip !== null));
  }

  writeByte(value) {
    const { chip } = this;
    if (this.pointerNext) {
      this.pointer = value;
      this.pointerNext = false;
    } else if (chip) {
      chip.write(this.pointer, value);
      this.pointer = (this.pointer + 1) & 0xff;
    }
    this.after(9, () => this.i2c.completeWrite(chip !== null));
  }

  readByte() {
    const { chip } = this;
    const value = chip === null ? 0xff : chip === this.mux ? chip.control : chip.read(this.pointer);
    this.pointer = (this.pointer + 1) & 0xff;
    this.after(9, () => this.i2c.completeRead(value));
  }
}

/** A TTP223's output follows the finger once it has stayed its response time: at most about
 *  60 ms in its fast mode (the datasheet, at 3 V; 220 ms in its low-power mode), both ways.
 *  The model takes that maximum, and a tap shorter than it never shows. */
export const TTP223 = Object.freeze({ responseMs: 60 });

/** A chain of `registers` 74HC165s; input bit `i` (in the order bits come out) is the TTP223 of
 *  pad `padOf[i]` (undefined: nothing connected, reads 0). */
export class ShiftChain {
  constructor(pico, pads, padOf, { latch, clock, data, registers }) {
    this.responseMs = TTP223.responseMs;
    this.pico = pico;
    this.pads = pads;
    this.padOf = padOf;
    this.bits = new Uint8Array(8 * registers);
    this.head = 0; // the bit now on the data pin
    this.broken = false;
    const gpio = pico.mcu.gpio;
    this.latch = gpio[latch];
    this.clock = gpio[clock];
    this.data = gpio[data];
    this.latchLevel = pico.level(this.latch);
    this.clockLevel = pico.level(this.clock);
    pico.drive(data, () => this.output());
    this.latch.addListener(() => this.onLatch());
    this.clock.addListener(() => this.onClock());
    // Clocked by an SPI block instead: SCK on the clock pin, RX on the data pin.
    this.spi = pico.mcu.spi[(clock >> 3) & 1];
    this.spiAlarm = pico.mcu.clock.createAlarm(() => this.spi.completeTransmit(this.spiByte));
    this.spi.onTransmit = () => this.spiFrame();
  }

  /** One SPI frame: the next bits of the chain, first out the highest; each rising clock of
   *  the frame moves the chain on, as the clock pin's own edges do. */
  spiFrame() {
    const { spi } = this;
    const wired = this.clock.functionSelect === GPIO_FUNCTION_SPI
      && this.data.functionSelect === GPIO_FUNCTION_SPI;
    let value = 0;
    for (let bit = 0; bit < spi.dataBits; bit++) {
      const level = wired ? this.output() : false;
      value = (value << 1) | (level === null || level ? 1 : 0);
      if (wired && this.latchLevel) this.head++;
    }
    this.spiByte = value;
    const hertz = spi.clockFrequency || 1;
    this.spiAlarm.schedule(spi.dataBits * 1e9 / hertz);
  }

  input(index) {
    const pad = this.padOf[index];
    if (pad === undefined) return 0;
    const sensed = this.pads.settledAt(pad, this.pico.nanos, this.responseMs * 1e6);
    return sensed || this.pads.stuck[pad] ? 1 : 0;
  }

  output() {
    if (this.broken) return null; // the line is left to its pull-up
    if (!this.latchLevel) return this.input(0) === 1;
    return this.head < this.bits.length && this.bits[this.head] === 1;
  }

  onLatch() {
    const level = this.pico.level(this.latch);
    if (level === this.latchLevel) return;
    this.latchLevel = level;
    if (!level) {
      for (let i = 0; i < this.bits.length; i++) this.bits[i] = this.input(i);
      this.head = 0;
    }
    this.pico.settle(this.data);
  }

  onClock() {
    const level = this.pico.level(this.clock);
    if (level === this.clockLevel) return;
    this.clockLevel = level;
    if (level && this.latchLevel) {
      this.head++;
      this.pico.settle(this.data);
    }
  }
}

const CHARGE = { ohms: 1e6, basePf: 40, spreadPf: 4, fingerPf: 30, noisePf: 0.5, vdd: 3.3, vih: 2.0 };

/** Pads on GPIOs, each charged through a 1 MOhm pull-up: while the pin drives it low the pad
 *  is empty; once the pin lets go it reads high after the pad's rise time. */
export class ChargePads {
  constructor(pico, pads, padOf, pins) {
    this.pico = pico;
    this.pads = pads;
    this.pins = pins;
    this.open = new Uint8Array(pins.length); // a pad whose pull-up is gone never rises
    pins.forEach((index, channel) => {
      const pin = pico.mcu.gpio[index];
      const pad = padOf[channel];
      const capacitance = CHARGE.basePf + (pads.noise.uniform() * 2 - 1) * CHARGE.spreadPf;
      const state = { high: true, driven: pico.driven(pin) };
      const alarm = pico.mcu.clock.createAlarm(() => { state.high = true; pico.settle(pin); });
      pico.drive(index, () => (this.open[channel] ? false : state.high));
      pin.addListener(() => {
        const driven = pico.driven(pin);
        if (driven === state.driven) return;
        state.driven = driven;
        if (driven) {
          alarm.cancel();
          state.high = pico.level(pin);
          return;
        }
        if (state.high) return; // it was left charged
        const touched = pad !== undefined && (pads.touchedAt(pad, pico.nanos) || pads.stuck[pad]);
        const farads = (capacitance + (touched ? CHARGE.fingerPf : 0) + pads.noise.gauss(CHARGE.noisePf)) * 1e-12;
        alarm.schedule(CHARGE.ohms * farads * Math.log(CHARGE.vdd / (CHARGE.vdd - CHARGE.vih)) * 1e9);
      });
    });
  }

  /** The pull-up of the pad on GPIO `index` gone (`open`) or back. */
  setOpen(index, open) {
    const channel = this.pins.indexOf(index);
    if (channel < 0) throw new RangeError(`no pad on GPIO ${index}`);
    this.open[channel] = open ? 1 : 0;
    this.pico.settle(this.pico.mcu.gpio[index]);
  }
}

/**
 * Wire the board described by `config` (the firmware's board.json: `sensor`, `map` from sensor
 * channel to pad, and `buses`, `shift` or `pins`) to `pico`. Returns the board: its `pads`, its
 * MPR121 `chips` by name ("0:5A", "1:2:5C" behind a mux's channel 2; a mux as "1:mux"), its
 * `chain` and its charge pads, and the pins it pulls up.
 */
export function wireBoard(pico, config, seed = 1) {
  const pads = new Pads(config.pads, seed);
  const map = config.map;
  const padsOf = (first, count) => Array.from({ length: count }, (_, i) => map[first + i]);
  const board = { pads, chips: new Map(), buses: [], chain: null, charge: null,
                  sensor: config.sensor };
  if (config.sensor === "mpr121") {
    let channel = 0;
    const lines = [];
    config.buses.forEach((wiring, number) => {
      const bus = new I2CBus(pico.mcu, pico.mcu.i2c[i2cBlockOf(wiring.sda)]);
      board.buses.push(bus);
      pico.pullUp(wiring.sda, wiring.scl);
      if (wiring.mux !== undefined) {
        bus.mux = new Mux(wiring.mux);
        board.chips.set(`${number}:mux`, bus.mux);
      }
      const onBus = [];
      wiring.chips.forEach((address, index) => {
        const hex = address.toString(16).toUpperCase();
        const behind = bus.mux === null ? null : wiring.channels[index];
        const name = behind === null ? `${number}:${hex}` : `${number}:${behind}:${hex}`;
        const chip = new Mpr121(pads, padsOf(channel, MPR121_ELECTRODES), name);
        if (behind === null) bus.chips.set(address, chip);
        else bus.mux.attach(behind, address, chip);
        board.chips.set(name, chip);
        onBus.push(chip);
        channel += MPR121_ELECTRODES;
      });
      if (wiring.irq !== undefined) lines.push([wiring.irq, onBus]);
    });
    wireIrqLines(pico, lines);
  } else if (config.sensor === "ttp223") {
    const { shift } = config;
    pico.pullUp(shift.data);
    board.chain = new ShiftChain(pico, pads, padsOf(0, 8 * shift.registers), shift);
  } else if (config.sensor === "gpio") {
    board.charge = new ChargePads(pico, pads, padsOf(0, config.pins.length), config.pins);
  } else {
    throw new RangeError(`unknown sensor ${config.sensor}`);
  }
  return board;
}

const SIO_GPIO_IN = 0x004;

/** Each `[pin, chips]` of `lines`: the chips' IRQ outputs wired together to the GPIO, with the
 *  board's pull-up. A chip works out its samples only when asked, so the line is worked out
 *  whenever the core reads the GPIO inputs (SIO's GPIO_IN), as of that moment. */
function wireIrqLines(pico, lines) {
  if (lines.length === 0) return;
  for (const [pin, chips] of lines) {
    pico.pullUp(pin);
    pico.drive(pin, () => {
      for (const chip of chips) {
        if (!chip.present || !chip.running) continue;
        chip.measure(pico.mcu.clock.nanos);
        if (chip.irq) return false;
      }
      return null; // let go: the pull-up holds it high
    });
  }
  const { sio } = pico.mcu;
  const read = sio.readUint32.bind(sio);
  sio.readUint32 = (offset) => {
    if (offset === SIO_GPIO_IN) for (const [pin] of lines) pico.settle(pico.mcu.gpio[pin]);
    return read(offset);
  };
}

/** How long the board's sensors take to show a finger, in ms, as they are set up now: an
 *  MPR121's SFI x ESI (the first chip's, a mux passed over; 0 before the firmware starts it),
 *  a TTP223's response time, a charge-time pad's none. */
export function sensorResponseMs(board) {
  if (board.sensor === "mpr121") {
    for (const chip of board.chips.values()) {
      if (chip instanceof Mpr121) return chip.running ? chip.responseMs : 0;
    }
  }
  if (board.sensor === "ttp223") return board.chain.responseMs;
  return 0;
}
