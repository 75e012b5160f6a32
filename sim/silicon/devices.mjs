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
//   - 74HC165: a low latch (PL) loads every input, each rising clock (CP) with the latch high
//     moves the chain one bit towards the data pin; the farthest register's serial input is tied
//     low, and a broken chain leaves the data line to its pull-up. The TTP223 output follows the
//     finger at once: the module's own detection time is not modelled.
//   - charge-time pads: a pad on a pin with a 1 MOhm pull-up rises, once the pin lets go, in
//     R * C * ln(Vdd / (Vdd - Vih)); a finger adds capacitance.
// Not modelled: electrical noise beyond a Gaussian per reading, the MPR121's own baseline filter
// parameters, its over-current and out-of-range flags, clock stretching.

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
}

const MPR121_RESET = new Map([[0x5c, 0x10], [0x5d, 0x24]]);
const MPR121_ELECTRODES = 12;
const MPR121_SFI = [4, 6, 10, 18];
const MPR121_PAD = { base: 700, spread: 40, finger: -45, noise: 1.5 };
const MPR121_UNWIRED = 720; // an electrode with no pad on it

/** One MPR121: `padOf[e]` is the pad on electrode `e` (undefined: none). */
export class Mpr121 {
  constructor(pads, padOf, name) {
    this.pads = pads;
    this.padOf = padOf;
    this.name = name;
    this.present = true;
    this.registers = new Uint8Array(256);
    this.base = padOf.map(() => MPR121_PAD.base + (pads.noise.uniform() * 2 - 1) * MPR121_PAD.spread);
    this.softReset();
  }

  softReset() {
    this.registers.fill(0);
    for (const [register, value] of MPR121_RESET) this.registers[register] = value;
  }

  get running() {
    return (this.registers[0x5e] & 0x0f) !== 0;
  }

  write(register, value) {
    if (register === 0x80) {
      if (value === 0x63) this.softReset();
      return;
    }
    if (register === 0x5e || !this.running) this.registers[register & 0xff] = value;
    // the datasheet: in run mode only ECR (and the GPIO registers) take a write
  }

  /** The filtered data of `electrode` at `nanos`: the mean of the second filter's last samples. */
  filtered(electrode, nanos) {
    const pad = this.padOf[electrode];
    if (pad === undefined) return MPR121_UNWIRED;
    const cdt = this.registers[0x5d];
    const interval = (1 << (cdt & 7)) * 1e6;
    const samples = MPR121_SFI[(cdt >> 3) & 3];
    const last = Math.floor(nanos / interval) * interval;
    let touched = 0;
    for (let i = 0; i < samples; i++) {
      if (this.pads.touchedAt(pad, last - i * interval) || this.pads.stuck[pad]) touched++;
    }
    const value = this.base[electrode] + MPR121_PAD.finger * touched / samples
      + this.pads.noise.gauss(MPR121_PAD.noise);
    return Math.max(0, Math.min(1023, Math.round(value)));
  }

  /** Refresh data, baselines and touch status, as the chip has them at `nanos`. */
  measure(nanos) {
    if (!this.running) return;
    const r = this.registers;
    const enabled = Math.min(MPR121_ELECTRODES, r[0x5e] & 0x0f);
    let status = 0;
    for (let e = 0; e < MPR121_ELECTRODES; e++) {
      const value = e < enabled ? this.filtered(e, nanos) : 0;
      r[0x04 + 2 * e] = value & 0xff;
      r[0x05 + 2 * e] = value >> 8;
      const pad = this.padOf[e];
      const touched = pad !== undefined && this.pads.touchedAt(pad, nanos);
      if (r[0x1e + e] === 0 || !touched) r[0x1e + e] = value >> 2;
      if (e < enabled && (r[0x1e + e] << 2) - value > r[0x41 + 2 * e]) status |= 1 << e;
    }
    r[0x00] = status & 0xff;
    r[0x01] = status >> 8;
  }
}

/** The chips on one I2C block, answering the block's wire steps after their time on the wire. */
export class I2CBus {
  constructor(mcu, i2c) {
    this.mcu = mcu;
    this.i2c = i2c;
    this.chips = new Map(); // address -> chip
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

  /** Nanoseconds of one bit at the block's clock: the RP2040's I2C blocks count SCL's high and
   *  low periods in clk_sys cycles (rp2040js's own timing would take clk_peri, 48 MHz). */
  get bitNanos() {
    const { i2c } = this;
    return (i2c.sclLowPeriod + i2c.sclHighPeriod) * 1e9 / this.mcu.clkSys;
  }

  after(bits, then) {
    this.then = then;
    this.alarm.schedule(bits * this.bitNanos);
  }

  connect(address, mode) {
    const chip = this.chips.get(address);
    this.chip = chip && chip.present ? chip : null;
    this.transactions++;
    if (this.chip && mode === 1) this.chip.measure(this.mcu.clock.nanos); // a read: one snapshot
    this.pointerNext = mode === 0;
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
    const value = this.chip ? this.chip.registers[this.pointer] : 0xff;
    this.pointer = (this.pointer + 1) & 0xff;
    this.after(9, () => this.i2c.completeRead(value));
  }
}

/** A chain of `registers` 74HC165s; input bit `i` (in the order bits come out) is the TTP223 of
 *  pad `padOf[i]` (undefined: nothing connected, reads 0). */
export class ShiftChain {
  constructor(pico, pads, padOf, { latch, clock, data, registers }) {
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
    return this.pads.touchedAt(pad, this.pico.nanos) || this.pads.stuck[pad] ? 1 : 0;
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
 * MPR121 `chips` by name ("0:5A"), its `chain` and its charge pads, and the pins it pulls up.
 */
export function wireBoard(pico, config, seed = 1) {
  const pads = new Pads(config.pads, seed);
  const map = config.map;
  const padsOf = (first, count) => Array.from({ length: count }, (_, i) => map[first + i]);
  const board = { pads, chips: new Map(), buses: [], chain: null, charge: null };
  if (config.sensor === "mpr121") {
    let channel = 0;
    config.buses.forEach((wiring, number) => {
      const bus = new I2CBus(pico.mcu, pico.mcu.i2c[i2cBlockOf(wiring.sda)]);
      board.buses.push(bus);
      pico.pullUp(wiring.sda, wiring.scl);
      for (const address of wiring.chips) {
        const name = `${number}:${address.toString(16).toUpperCase()}`;
        const chip = new Mpr121(pads, padsOf(channel, MPR121_ELECTRODES), name);
        bus.chips.set(address, chip);
        board.chips.set(name, chip);
        channel += MPR121_ELECTRODES;
      }
    });
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
