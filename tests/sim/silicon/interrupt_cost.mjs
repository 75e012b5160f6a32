// One interrupt on the emulated Pico's core, counted: prints the cycles the harness charged
// beyond what the instructions themselves cost (rp2040js's own count), as JSON.
//   node interrupt_cost.mjs PICO_MJS
const { Pico } = await import(process.argv[2]);

const SOFTWARE_IRQ = 26; // IRQs 26-31 have no peripheral: taking one clears it
const TABLE = 0x20000000;
const HANDLER = 0x20000100;
const CODE = 0x20000200;

function run(pend) {
  const pico = new Pico({ bootrom: new Uint8Array(256), firmware: new Uint8Array(256) });
  const { mcu } = pico;
  const { core } = mcu;
  mcu.writeUint16(HANDLER, 0x4770); // bx lr: the exception returns at once
  for (let i = 0; i < 8; i++) mcu.writeUint16(CODE + 2 * i, 0xbf00); // nop
  mcu.writeUint16(CODE + 16, 0xe7fe); // b .
  mcu.writeUint32(TABLE + 4 * (16 + SOFTWARE_IRQ), HANDLER | 1);
  mcu.writeUint32(0xe000ed08, TABLE); // VTOR
  mcu.writeUint32(0xe000e100, 1 << SOFTWARE_IRQ); // NVIC_ISER
  core.SP = 0x20001000;
  core.PC = CODE;
  if (pend) mcu.writeUint32(0xe000e200, 1 << SOFTWARE_IRQ); // NVIC_ISPR
  const busy = pico.busyCycles;
  const own = core.cycles;
  for (let i = 0; i < 12; i++) pico.run(Infinity, 1);
  return { charged: pico.busyCycles - busy - (core.cycles - own), pc: core.PC };
}

process.stdout.write(JSON.stringify({ plain: run(false), interrupted: run(true) }) + "\n");
