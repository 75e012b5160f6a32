# Runs on MicroPython (see controller/bench/firmware.py): imports the firmware's modules one by
# one and prints, for each, the heap it took (bytes, after a collection) and the names it keeps
# in its globals; then the whole.
import gc
import sys

sys.path.insert(0, "/")
MODULES = ("firmware.port", "firmware.proto", "firmware.pads", "firmware.identity",
           "firmware.bootstage", "firmware.watchdog", "firmware.sensors",
           "firmware.sensors.mpr121", "firmware.sensors.charge", "firmware.sensors.shift",
           "firmware.board", "firmware.main")
gc.collect()
start = gc.mem_alloc()
for name in MODULES:
    gc.collect()
    before = gc.mem_alloc()
    __import__(name)
    gc.collect()
    names = [n for n in dir(sys.modules[name]) if not n.startswith("__")]
    print("module", name, gc.mem_alloc() - before, ",".join(names))
gc.collect()
print("total", gc.mem_alloc() - start)
