/*
 * A boot ROM for the emulated RP2040, in place of the chip's mask ROM (which no package ships).
 *
 * It models only what MicroPython's rp2 port, built with the compiler's float, double, memory
 * and bit operations, asks of the ROM:
 *
 *   - the vector table (initial stack pointer, reset, NMI, HardFault);
 *   - the header at 0x10: the magic 'M' 'u' 0x01, the ROM version (3, as on an RP2040-B2), and
 *     the 16-bit pointers to the function table, the data table and the lookup routine, which
 *     the pico-sdk's rom_func_lookup and rom_data_lookup read;
 *   - the lookup: tables of (code, pointer) half-word pairs, the code two ASCII letters
 *     (ROM_TABLE_CODE(c1, c2) = c1 | c2 << 8), ended by a zero code; an unknown code answers 0;
 *   - the six flash routines the pico-sdk's flash driver calls. Each is a breakpoint the
 *     harness catches (the number below names the routine); the harness carries it out on the
 *     emulated flash, reading the arguments from r0-r3, and the routine returns;
 *   - reset on core 0: copy the image's second stage (the first 256 bytes of flash) to the top
 *     of SRAM (0x20041f00), put the stack below it, and enter it with lr = 0, so that it sets
 *     up XIP and vectors into the image through the table at 0x10000100, as on the chip.
 *     Core 1 sleeps.
 *
 * Not modelled: USB mass-storage and PICOBOOT (BOOTSEL mode, reset_to_usb_boot), the
 * second stage's CRC check, the soft-float and soft-double tables, the ROM's memory and bit
 * routines, the debug trampoline, wait_for_vector and core 1's launch protocol; any of them
 * looked up answers 0. A fault before the image installs its own vectors stops the harness.
 */

    .syntax unified
    .cpu cortex-m0plus
    .thumb

    .equ SRAM_END,        0x20042000
    .equ BOOT2_RAM,       0x20041f00
    .equ XIP_BASE,        0x10000000
    .equ SIO_CPUID,       0xd0000000

    /* The breakpoint numbers the harness answers (sim/silicon/rom.mjs has the same). */
    .equ TRAP_CONNECT_INTERNAL_FLASH, 0x10
    .equ TRAP_FLASH_EXIT_XIP,         0x11
    .equ TRAP_FLASH_RANGE_ERASE,      0x12
    .equ TRAP_FLASH_RANGE_PROGRAM,    0x13
    .equ TRAP_FLASH_FLUSH_CACHE,      0x14
    .equ TRAP_FLASH_ENTER_CMD_XIP,    0x15
    .equ TRAP_FAULT,                  0xf0

    .macro code c1, c2
    .hword \c1 | (\c2 << 8)
    .endm

    .section .text.vectors, "ax"
    /* Labels carry no function type, so every reference adds the Thumb bit itself. */
vectors:
    .word SRAM_END
    .word reset + 1
    .word fault + 1
    .word fault + 1

    .org 0x10
    .byte 'M', 'u', 0x01, 0x03
    .hword func_table
    .hword data_table
    .hword table_lookup + 1

    .section .text, "ax"
    .balign 4
reset:
    ldr r0, =SIO_CPUID
    ldr r0, [r0]
    cmp r0, #0
    bne core1_sleep
    /* Copy the second stage (256 bytes) to the top of SRAM. */
    ldr r0, =XIP_BASE
    ldr r1, =BOOT2_RAM
    movs r2, #64
copy:
    ldmia r0!, {r3}
    stmia r1!, {r3}
    subs r2, #1
    bne copy
    /* Enter it with lr = 0: it then vectors into the image instead of returning. Its stack
       starts below it, where the pushes cannot overwrite its literal pool. */
    ldr r0, =BOOT2_RAM
    mov sp, r0
    movs r0, #0
    mov lr, r0
    ldr r0, =BOOT2_RAM + 1
    bx r0

core1_sleep:
    wfi
    b core1_sleep

fault:
    bkpt #TRAP_FAULT
    b fault

    /* void *rom_table_lookup(uint16_t *table, uint32_t code) */
table_lookup:
    ldrh r2, [r0]
    cmp r2, r1
    beq found
    adds r0, #4
    cmp r2, #0
    bne table_lookup
    movs r0, #0
    bx lr
found:
    ldrh r0, [r0, #2]
    bx lr

connect_internal_flash:
    bkpt #TRAP_CONNECT_INTERNAL_FLASH
    bx lr
flash_exit_xip:
    bkpt #TRAP_FLASH_EXIT_XIP
    bx lr
flash_range_erase:          /* (uint32_t offset, size_t count, uint32_t block_size, uint8_t cmd) */
    bkpt #TRAP_FLASH_RANGE_ERASE
    bx lr
flash_range_program:        /* (uint32_t offset, const uint8_t *data, size_t count) */
    bkpt #TRAP_FLASH_RANGE_PROGRAM
    bx lr
flash_flush_cache:
    bkpt #TRAP_FLASH_FLUSH_CACHE
    bx lr
flash_enter_cmd_xip:
    bkpt #TRAP_FLASH_ENTER_CMD_XIP
    bx lr

    .pool

    .section .rodata, "a"
    .balign 2
func_table:
    code 'I', 'F'
    .hword connect_internal_flash + 1
    code 'E', 'X'
    .hword flash_exit_xip + 1
    code 'R', 'E'
    .hword flash_range_erase + 1
    code 'R', 'P'
    .hword flash_range_program + 1
    code 'F', 'C'
    .hword flash_flush_cache + 1
    code 'C', 'X'
    .hword flash_enter_cmd_xip + 1
    .hword 0, 0

data_table:
    code 'C', 'R'
    .hword copyright
    code 'G', 'R'
    .hword git_revision
    .hword 0, 0

    .balign 4
git_revision:
    .word 0
copyright:
    .asciz "Kaskade Board emulator boot ROM; not the RP2040's own"
