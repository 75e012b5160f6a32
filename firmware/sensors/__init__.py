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
            buses.append((number, i2c, bus["chips"]))
        return Mpr121Array(buses, report)
    if kind == "ttp223":
        from firmware.sensors.shift import ShiftChain

        chain = config["shift"]
        return ShiftChain(machine.Pin(chain["latch"], machine.Pin.OUT),
                          machine.Pin(chain["clock"], machine.Pin.OUT),
                          machine.Pin(chain["data"], machine.Pin.IN), chain["registers"], report)
    if kind == "gpio":
        from firmware.sensors.charge import ChargeTime

        return ChargeTime([machine.Pin(pin, machine.Pin.IN) for pin in config["pins"]], report)
    raise ValueError("unknown sensor " + str(kind))
