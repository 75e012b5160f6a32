"""Sensor drivers. Each fills a ``Pads``'s ``raw`` readings and ``ok`` flags once per scan.

A driver has ``channels`` (how many it reads), ``polarity`` (+1 when a finger raises the
reading, -1 when it lowers it), default ``touch`` and ``release`` thresholds in its own
counts, ``start()`` and ``read(raw, ok, count)``. Faults (a chip that does not answer, a broken
chain) go to the ``report(code, detail)`` function it was given, once when they start and once
when they end, and never stop the other channels.
"""


def open_sensor(config, machine, report):
    """The driver the board's config asks for, on ``machine``'s pins and buses."""
    kind = config["sensor"]
    if kind == "mpr121":
        from firmware.sensors.mpr121 import Mpr121Array

        buses = []
        for number, bus in enumerate(config["buses"]):
            i2c = machine.I2C(number, sda=machine.Pin(bus["sda"]), scl=machine.Pin(bus["scl"]),
                              freq=400000)
            irq = bus.get("irq")
            line = None if irq is None else machine.Pin(irq, machine.Pin.IN, machine.Pin.PULL_UP)
            buses.append((number, i2c, bus["chips"], bus.get("mux"), bus.get("channels"), line))
        return Mpr121Array(buses, report)
    if kind == "ttp223":
        from firmware.sensors.shift import ShiftChain

        chain = config["shift"]
        spi = spi_for(machine, chain["clock"], chain["latch"], chain["data"])
        latch = machine.Pin(chain["latch"], machine.Pin.OUT)
        if spi is not None:  # the clock and data pins stay the SPI block's
            return ShiftChain(latch, None, None, chain["registers"], report, spi)
        return ShiftChain(latch, machine.Pin(chain["clock"], machine.Pin.OUT),
                          machine.Pin(chain["data"], machine.Pin.IN), chain["registers"], report)
    if kind == "gpio":
        from firmware.sensors.charge import ChargeTime

        return ChargeTime([machine.Pin(pin, machine.Pin.IN) for pin in config["pins"]], report,
                          getattr(machine, "time_pulse_us", None))
    raise ValueError("unknown sensor " + str(kind))


def spi_for(machine, clock, latch, data):
    """An SPI block that clocks the shift chain in hardware, where the wiring allows: on an
    RP2040 the clock on an SPI block's SCK pin (GPIO 2, 6, 18, 22 for SPI0; 10, 14, 26 for SPI1),
    the data on the same block's RX pin (0, 4, 16, 20; 8, 12, 24, 28), and the latch on the TX
    pin after SCK (which the block claims; the latch takes it back as a plain output). Else
    ``None``: the chain is bit-banged. 1 MHz: a long chain of ribbon cable still settles."""
    block = (clock >> 3) & 1
    if not hasattr(machine, "SPI") or clock % 4 != 2 or data % 4 != 0 \
            or (data >> 3) & 1 != block or latch != clock + 1:
        return None
    return machine.SPI(block, baudrate=1000000, polarity=0, phase=0, bits=8,
                       sck=machine.Pin(clock), mosi=machine.Pin(latch), miso=machine.Pin(data))
