"""The simulator's window: the board as it looks, played with the mouse.

* Each LED glows in its real place and colour (after gamma and the current limiter).
* Click a pad to touch it; hold the mouse button to hold the pad. Shift-click keeps a pad
  touched (outlined) until it is shift-clicked again, so several pads can be down at once.
* The Menu and Undo buttons (or the M and U keys) are the board's buttons; Q or Esc quits.
* A sound indicator shows what the buzzer would play; the side pane shows the screen, the
  estimated LED current, frames sent and the latest input.

The app runs on its own thread through the same real-time loop as on the Pi; this window only
reads frames from the simulated LEDs and sends touches to the simulated pads.
"""

from __future__ import annotations

import functools
import threading
import time
import tkinter as tk
from collections import deque

from controller.app.driver import Driver
from controller.app.loop import run as run_loop
from controller.devices.interfaces import Sound
from controller.profile.firmware import default_thresholds
from controller.render.heatmap import readings_map
from sim.board import sim_parts
from sim.leds import FrameReader
from sim.raster import Raster

BOARD_PIXELS = 640
"""About how large the board is drawn, in screen pixels."""
POLL_MS = 15
SHORTEST_TAP_MS = 80
"""How long a click holds a pad at least: about the shortest tap of a finger."""
TRAFFIC_LINES = 14
SOUND_SHOWN = 0.6
"""Seconds the sound indicator stays lit."""
SHIFT = 0x0001
TITLE = "Kaskade Board"


class Window:
    """The simulator window for ``driver``'s app on a simulated board."""

    def __init__(self, driver: Driver, root: tk.Tk | None = None) -> None:
        self.driver = driver
        self.profile = driver.board.profile
        parts = sim_parts(driver.board)
        self.pixels, self.sound = parts.pixels, parts.sound
        self.touches, self.buttons = parts.touches, parts.buttons
        self.link = parts.link
        self.traffic: deque[str] = deque(maxlen=TRAFFIC_LINES)
        self.deltas: dict[int, int] = {}
        self.debugging = False
        if self.link is not None:
            self.link.listeners.append(self._wire)
            self.link.reading_listeners.append(self._readings)
        self.raster = Raster(self.profile, max(6, BOARD_PIXELS // max(
            self.profile.led_width, self.profile.led_height)))
        self.reader = FrameReader(self.profile)
        self.shown_version = -1
        self.pressed: int | None = None
        self.pressed_at = 0.0
        self.sticky: dict[int, int] = {}
        """Pads kept touched with shift-click, and their outline on the canvas."""
        self.last_sound: tuple[Sound | None, float] = (None, 0.0)
        self.sound.listeners.append(self._sound_played)
        self.inputs: deque[str] = deque(maxlen=6)
        self.stop = threading.Event()
        self.root = root or tk.Tk()
        self._build()
        self.thread = threading.Thread(target=run_loop, args=(driver, self.stop),
                                       name="board-app", daemon=True)

    # -- building -------------------------------------------------------------------------------

    def _build(self) -> None:
        root = self.root
        root.title(f"{TITLE} — {self.profile.name}")
        root.configure(background="#202024")
        root.resizable(False, False)
        self.photo = tk.PhotoImage(width=self.raster.width, height=self.raster.height)
        self.canvas = tk.Canvas(root, width=self.raster.width, height=self.raster.height,
                                highlightthickness=0, background="#000000", cursor="hand2")
        self.canvas.create_image(0, 0, image=self.photo, anchor="nw")
        self.canvas.grid(row=0, column=0, rowspan=2, padx=12, pady=12)
        self.canvas.bind("<ButtonPress-1>", self._mouse_down)
        self.canvas.bind("<ButtonRelease-1>", self._mouse_up)

        side = tk.Frame(root, background="#202024")
        side.grid(row=0, column=1, sticky="n", padx=(0, 12), pady=12)
        for name in ("menu", "undo"):
            button = tk.Button(side, text=name.capitalize(), width=10, font=("Sans", 12, "bold"))
            button.bind("<ButtonPress-1>", functools.partial(self._button_event, name, True))
            button.bind("<ButtonRelease-1>", functools.partial(self._button_event, name, False))
            button.pack(pady=4, fill="x")
        self.sound_label = tk.Label(side, text="♪", font=("Sans", 14), width=12,
                                    background="#202024", foreground="#404048")
        self.sound_label.pack(pady=(12, 4))
        self.info = tk.Label(side, justify="left", anchor="nw", font=("Monospace", 9),
                             background="#202024", foreground="#c8c8d0", width=34)
        self.info.pack(pady=4, fill="x")
        self.description = tk.Label(root, justify="left", anchor="w", font=("Sans", 15),
                                    wraplength=max(360, self.raster.width + 300),
                                    background="#202024", foreground="#f0f0f4")
        self.description.grid(row=2, column=0, columnspan=2, sticky="ew", padx=12, pady=(0, 8))
        self.notice = tk.Label(root, justify="left", anchor="w", wraplength=900,
                               background="#202024", foreground="#ffb080")
        self.notice.grid(row=3, column=0, columnspan=2, sticky="ew", padx=12)
        if self.link is not None:
            debug = tk.Button(side, text="Debug", width=10, command=self._toggle_debug)
            debug.pack(pady=4, fill="x")
            root.bind("<KeyPress-d>", lambda _e: self._toggle_debug())
        self.debug = tk.Label(root, justify="left", anchor="nw", font=("Monospace", 8),
                              background="#18181c", foreground="#a0e0a0")
        for key, name in (("m", "menu"), ("u", "undo")):
            root.bind(f"<KeyPress-{key}>", functools.partial(self._button_event, name, True))
            root.bind(f"<KeyRelease-{key}>", functools.partial(self._button_event, name, False))
        for key in ("<Escape>", "<KeyPress-q>"):
            root.bind(key, lambda _e: self.close())
        root.protocol("WM_DELETE_WINDOW", self.close)

    # -- running --------------------------------------------------------------------------------

    def run(self) -> None:
        """Show the window until it is closed."""
        self.thread.start()
        self.root.after(POLL_MS, self._poll)
        self.root.mainloop()

    def close(self) -> None:
        """Stop the app and close the window."""
        self.stop.set()
        if self.thread.is_alive():
            self.thread.join(timeout=2)
        self.driver.board.close()
        self.root.destroy()

    def _poll(self) -> None:
        version, frame = self.pixels.latest()
        if frame is not None and version != self.shown_version:
            self.shown_version = version
            rgb = self.raster.rgb(self.reader.colours(frame))
            header = f"P6 {self.raster.width} {self.raster.height} 255\n".encode()
            self.photo.configure(data=header + rgb, format="PPM")
            limit = self.profile.power.limit_amps
            self.power = f"{frame.milliamps / 1000:.2f} A of {limit:g} A" + \
                (" (limited)" if frame.limited else "")
        self._show_status()
        self.root.after(POLL_MS, self._poll)

    # -- the debug pane: per-pad readings and the wire traffic ----------------------------------

    def _wire(self, direction: str, line: bytes) -> None:
        """A line on the wire; readings are left out (the map above shows them)."""
        if self.debugging and not line.startswith(b"R "):
            self.traffic.append(("← " if direction == "in" else "→ ") + line.decode().strip())

    def _readings(self, readings: list[tuple[int, int, int]]) -> None:
        for pad, _, delta in readings:
            self.deltas[pad] = delta

    def _toggle_debug(self) -> None:
        """Show or hide the debug pane; the board streams its readings while it shows."""
        assert self.link is not None
        self.debugging = not self.debugging
        self.link.want_readings("debug pane", self.debugging)
        if self.debugging:
            self.debug.grid(row=0, column=2, rowspan=4, sticky="n", padx=(0, 12), pady=12)
        else:
            self.debug.grid_remove()

    def _show_debug(self) -> None:
        assert self.link is not None
        touch = (self.link.thresholds or default_thresholds(self.profile))[0]
        state = "connected" if self.link.connected else f"not connected: {self.link.problem}"
        faults = list(self.link.faults)[-3:]
        self.debug.configure(text="\n".join([
            f"touch board: {state}",
            f"resyncs: {self.link.resyncs}",
            *(f"fault: {fault}" for fault in faults),
            "",
            "distance from the baseline towards a touch (* touched):",
            readings_map(self.profile, self.deltas, touch),
            "",
            "wire (← from the board, → to it; readings left out):",
            *self.traffic,
        ]))

    def _show_status(self) -> None:
        if self.debugging:
            self._show_debug()
        sound, when = self.last_sound
        lit = sound is not None and time.monotonic() - when < SOUND_SHOWN
        self.sound_label.configure(text=f"♪ {sound.value}" if lit and sound else "♪",
                                   foreground="#80ff90" if lit else "#404048")
        profile = self.profile
        lines = [
            f"{profile.columns} x {profile.rows} pads, {profile.per_pad} x {profile.per_pad} "
            "LEDs each",
            f"{profile.leds} LEDs on {len(profile.channels)} channel(s)",
            f"LEDs: {getattr(self, 'power', '-')}",
            f"frames sent: {self.driver.pushed}",
            "",
            "input:",
            *self.inputs,
        ]
        self.info.configure(text="\n".join(lines))
        self.description.configure(text=self.driver.app.screen.describe(time.monotonic()))
        self.notice.configure(text="\n".join(self.driver.app.notices[-3:]))

    # -- input ----------------------------------------------------------------------------------

    def _button_event(self, name: str, down: bool, _event: object) -> None:
        self._button(name, down)

    def _mouse_down(self, event: tk.Event) -> None:
        pad = self.raster.pad_at(event.x, event.y)
        if pad < 0:
            return
        if isinstance(event.state, int) and event.state & SHIFT:
            self._toggle_sticky(pad)
            return
        self.pressed = pad
        self.pressed_at = time.monotonic()
        self._log(f"touch {self.profile.pad_name(pad)}")
        self.touches.down(pad)

    def _mouse_up(self, _event: tk.Event) -> None:
        if self.pressed is not None:
            pad, self.pressed = self.pressed, None
            self._log(f"release {self.profile.pad_name(pad)}")
            # A click is shorter than any finger's tap; the sensors need a few scans to be
            # sure of a touch, so the pad stays touched for at least a tap's time.
            held_ms = (time.monotonic() - self.pressed_at) * 1000
            self.root.after(max(0, round(SHORTEST_TAP_MS - held_ms)), self.touches.up, pad)

    def _toggle_sticky(self, pad: int) -> None:
        name = self.profile.pad_name(pad)
        if pad in self.sticky:
            self.canvas.delete(self.sticky.pop(pad))
            self._log(f"release {name} (kept)")
            self.touches.up(pad)
            return
        size = self.raster.led_px * self.profile.per_pad
        column, row = pad % self.profile.columns, pad // self.profile.columns
        left, top = column * size, (self.profile.rows - 1 - row) * size
        self.sticky[pad] = self.canvas.create_rectangle(
            left + 2, top + 2, left + size - 1, top + size - 1, outline="#ffd040", width=2)
        self._log(f"touch {name} (kept)")
        self.touches.down(pad)

    def _button(self, name: str, down: bool) -> None:
        self._log(f"{name} {'pressed' if down else 'released'}")
        if down:
            self.buttons.down(name)
        else:
            self.buttons.up(name)

    def _sound_played(self, sound: Sound) -> None:
        self.last_sound = (sound, time.monotonic())

    def _log(self, text: str) -> None:
        self.inputs.append(text)
