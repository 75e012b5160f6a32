"""The simulator's window: the board as it looks, played with the mouse.

* Each LED glows in its real place and colour (after gamma and the current limiter); the
  window can be resized and the LEDs scale with it.
* Under the board, the screen says in words what it shows and what a touch would do; the side
  panel names the pad under the mouse (in the game's notation) and what touching it would do.
* Click a pad to touch it; hold the mouse button to hold the pad. Shift-click keeps a pad
  touched (outlined) until it is shift-clicked again, so several pads can be down at once.
* Without a mouse: the arrow keys move a cursor (an outline) and Space or Enter touches its
  pad. C shows the rows' numbers and the columns' letters along the edges.
* The Menu and Undo buttons (or the M and U keys) are the board's buttons; Q or Esc quits.
* D opens the debug pane: the estimated LED current, frames sent, the latest input and, with
  the simulated touch board, its readings and the wire traffic.

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
from controller.app.loop import Companion
from controller.app.loop import run as run_loop
from controller.devices.interfaces import Sound
from controller.profile.firmware import default_thresholds
from controller.render.heatmap import readings_map
from sim.board import sim_parts
from sim.front.finger_time import Taps
from sim.front.pad_caption import pad_caption
from sim.front.raster import Raster
from sim.leds import FrameReader

BOARD_PIXELS = 640
"""About how large the board is drawn at first, in screen pixels."""
SMALLEST_LED = 6
"""Screen pixels per LED below which the board is not shrunk."""
EDGE = 22
"""Screen pixels left of and under the board for the coordinates."""
PADDING = 12
BOARD_OFFSET = (PADDING + EDGE, PADDING)
"""Where the board's top-left LED corner is in the window."""
KEYS = ("arrows + Space: touch · C: coordinates · M menu · U undo · D debug · Q quit")
POLL_MS = 15
SHORTEST_TAP = 0.08
"""Seconds a click holds a pad at least, on the touch board's clock (about the shortest tap of
a finger), and lets it go before the next click lands."""
TRAFFIC_LINES = 14
SOUND_SHOWN = 0.6
"""Seconds the sound indicator stays lit."""
SHIFT = 0x0001
TITLE = "Kaskade Board"


class Window:
    """The simulator window for ``driver``'s app on a simulated board."""

    def __init__(self, driver: Driver, root: tk.Tk | None = None,
                 companion: Companion | None = None) -> None:
        self.driver = driver
        self.profile = driver.board.profile
        parts = sim_parts(driver.board)
        self.pixels, self.sound = parts.pixels, parts.sound
        self.touches, self.buttons = parts.touches, parts.buttons
        self.taps = Taps(self.touches, SHORTEST_TAP)
        self.link = parts.link
        self.traffic: deque[str] = deque(maxlen=TRAFFIC_LINES)
        self.deltas: dict[int, int] = {}
        self.debugging = False
        if self.link is not None:
            self.link.listeners.append(self._wire)
            self.link.reading_listeners.append(self._readings)
        self.raster = Raster(self.profile, max(SMALLEST_LED, BOARD_PIXELS // max(
            self.profile.led_width, self.profile.led_height)))
        self.cursor = (0, self.profile.rows - 1)
        """The keyboard's pad, as (column, row)."""
        self.keyboard = False
        """Whether the cursor shows (once an arrow key was used)."""
        self.coordinates = False
        self.hovered: int | None = None
        self.frame_drive: list[tuple[int, int, int]] | None = None
        self.reader = FrameReader(self.profile)
        self.shown_version = -1
        self.pressed: int | None = None
        """The pad the mouse or the keyboard holds."""
        self.sticky: set[int] = set()
        """Pads kept touched with shift-click (outlined on the canvas)."""
        self.last_sound: tuple[Sound | None, float] = (None, 0.0)
        self.sound.listeners.append(self._sound_played)
        self.inputs: deque[str] = deque(maxlen=6)
        self.stop = threading.Event()
        self.root = root or tk.Tk()
        self._build()
        self.thread = threading.Thread(target=run_loop, args=(driver, self.stop),
                                       kwargs={"companion": companion},
                                       name="board-app", daemon=True)

    # -- building -------------------------------------------------------------------------------

    def _build(self) -> None:
        root = self.root
        root.title(f"{TITLE} — {self.profile.name}")
        root.configure(background="#202024")
        root.columnconfigure(0, weight=1)
        root.rowconfigure(0, weight=1)
        self.photo = tk.PhotoImage(width=self.raster.width, height=self.raster.height)
        self.canvas = tk.Canvas(root, width=self.raster.width + EDGE,
                                height=self.raster.height + EDGE, highlightthickness=0,
                                background="#202024", cursor="hand2")
        self.image = self.canvas.create_image(EDGE, 0, image=self.photo, anchor="nw")
        self.canvas.grid(row=0, column=0, rowspan=2, padx=PADDING, pady=PADDING,
                         sticky="nsew")
        self.canvas.bind("<ButtonPress-1>", self._mouse_down)
        self.canvas.bind("<ButtonRelease-1>", self._mouse_up)
        self.canvas.bind("<Motion>", self._hover)
        self.canvas.bind("<Leave>", lambda _e: self._set_hover(None))
        self.canvas.bind("<Configure>", self._resized)

        side = tk.Frame(root, background="#202024")
        side.grid(row=0, column=1, sticky="n", padx=(0, 12), pady=12)
        self.hover = tk.Label(side, justify="left", anchor="nw", font=("Sans", 12),
                              wraplength=260, width=26, height=5, background="#202024",
                              foreground="#f0f0f4")
        self.hover.pack(pady=(0, 8), fill="x")
        self.sound_label = tk.Label(side, text="♪", font=("Sans", 14), width=12,
                                    background="#202024", foreground="#404048")
        self.sound_label.pack(pady=(0, 8))
        for name in ("menu", "undo"):
            button = tk.Button(side, text=name.capitalize(), width=10, font=("Sans", 12, "bold"))
            button.bind("<ButtonPress-1>", functools.partial(self._button_event, name, True))
            button.bind("<ButtonRelease-1>", functools.partial(self._button_event, name, False))
            button.pack(pady=4, fill="x")
        debug = tk.Button(side, text="Debug", width=10, command=self._toggle_debug)
        debug.pack(pady=4, fill="x")
        tk.Label(side, text=KEYS, justify="left", wraplength=260, font=("Sans", 9),
                 background="#202024", foreground="#808088").pack(pady=(12, 0), fill="x")
        self.description = tk.Label(root, justify="left", anchor="w", font=("Sans", 15),
                                    wraplength=max(360, self.raster.width + 300),
                                    background="#202024", foreground="#f0f0f4")
        self.description.grid(row=2, column=0, columnspan=2, sticky="ew", padx=12, pady=(0, 8))
        self.notice = tk.Label(root, justify="left", anchor="w", wraplength=900,
                               background="#202024", foreground="#ffb080")
        self.notice.grid(row=3, column=0, columnspan=2, sticky="ew", padx=12)
        self.debug = tk.Label(root, justify="left", anchor="nw", font=("Monospace", 8),
                              background="#18181c", foreground="#a0e0a0")
        for key, name in (("m", "menu"), ("u", "undo")):
            root.bind(f"<KeyPress-{key}>", functools.partial(self._button_event, name, True))
            root.bind(f"<KeyRelease-{key}>", functools.partial(self._button_event, name, False))
        for key, step in (("Up", (0, 1)), ("Down", (0, -1)), ("Right", (1, 0)),
                          ("Left", (-1, 0))):
            root.bind(f"<KeyPress-{key}>", functools.partial(self._move_cursor, step))
        for key in ("space", "Return"):
            root.bind(f"<KeyPress-{key}>", self._key_touch)
            root.bind(f"<KeyRelease-{key}>", self._key_release)
        root.bind("<KeyPress-c>", lambda _e: self._toggle_coordinates())
        root.bind("<KeyPress-d>", lambda _e: self._toggle_debug())
        for key in ("<Escape>", "<KeyPress-q>"):
            root.bind(key, lambda _e: self.close())
        root.protocol("WM_DELETE_WINDOW", self.close)

    # -- size, coordinates, cursor --------------------------------------------------------------

    def _resized(self, event: tk.Event) -> None:
        """Scale the LEDs to the canvas's new size."""
        led_px = max(SMALLEST_LED, min((event.width - EDGE) // self.profile.led_width,
                                       (event.height - EDGE) // self.profile.led_height))
        if led_px == self.raster.led_px:
            return
        self.raster = Raster(self.profile, led_px)
        self.photo = tk.PhotoImage(width=self.raster.width, height=self.raster.height)
        self.canvas.itemconfigure(self.image, image=self.photo)
        self.description.configure(wraplength=max(360, self.raster.width + 300))
        self._redraw()

    def _redraw(self) -> None:
        """Draw the last frame at the current size, with the overlays."""
        if self.frame_drive is not None:
            rgb = self.raster.rgb(self.frame_drive)
            header = f"P6 {self.raster.width} {self.raster.height} 255\n".encode()
            self.photo.configure(data=header + rgb, format="PPM")
        self._overlays()

    def _pad_box(self, pad: int, inset: int) -> tuple[int, int, int, int]:
        """The canvas rectangle of ``pad``, ``inset`` pixels inside its edge."""
        size = self.raster.led_px * self.profile.per_pad
        column, row = pad % self.profile.columns, pad // self.profile.columns
        left, top = EDGE + column * size, (self.profile.rows - 1 - row) * size
        return left + inset, top + inset, left + size - inset + 1, top + size - inset + 1

    def _overlays(self) -> None:
        """The kept pads' and the cursor's outlines and the coordinates, redrawn."""
        self.canvas.delete("overlay")
        for pad in self.sticky:
            self.canvas.create_rectangle(*self._pad_box(pad, 2), outline="#ffd040", width=2,
                                         tags="overlay")
        if self.keyboard:
            pad = self.cursor[1] * self.profile.columns + self.cursor[0]
            self.canvas.create_rectangle(*self._pad_box(pad, 1), outline="#40d0ff", width=2,
                                         dash=(4, 2), tags="overlay")
        if self.coordinates:
            size = self.raster.led_px * self.profile.per_pad
            bottom = self.raster.height + EDGE // 2
            for column in range(self.profile.columns):
                letter = self.profile.pad_name(column).rstrip("0123456789")
                self.canvas.create_text(EDGE + column * size + size // 2, bottom, text=letter,
                                        fill="#c8c8d0", font=("Sans", 10), tags="overlay")
            for row in range(self.profile.rows):
                self.canvas.create_text(EDGE // 2, (self.profile.rows - 1 - row) * size
                                        + size // 2, text=str(row + 1), fill="#c8c8d0",
                                        font=("Sans", 10), tags="overlay")

    def _toggle_coordinates(self) -> None:
        self.coordinates = not self.coordinates
        self._overlays()

    def _move_cursor(self, step: tuple[int, int], _event: object) -> None:
        if self.keyboard:
            column = max(0, min(self.profile.columns - 1, self.cursor[0] + step[0]))
            row = max(0, min(self.profile.rows - 1, self.cursor[1] + step[1]))
            self.cursor = (column, row)
        self.keyboard = True
        self._set_hover(self.cursor[1] * self.profile.columns + self.cursor[0])
        self._overlays()

    def _key_touch(self, _event: object) -> None:
        """Space or Enter: the cursor's pad is touched until the key is let go."""
        if self.pressed is not None:
            return  # the key repeats while held
        self.keyboard = True
        pad = self.cursor[1] * self.profile.columns + self.cursor[0]
        self.pressed = pad
        self._log(f"touch {self.profile.pad_name(pad)} (key)")
        self.taps.press(pad)
        self._overlays()

    def _key_release(self, event: tk.Event) -> None:
        self._mouse_up(event)

    def _hover(self, event: tk.Event) -> None:
        pad = self.raster.pad_at(event.x - EDGE, event.y)
        self._set_hover(pad if pad >= 0 else None)

    def _set_hover(self, pad: int | None) -> None:
        self.hovered = pad

    def _hover_text(self) -> str:
        """The pad under the mouse (or the cursor): its name and what touching it does."""
        if self.hovered is None:
            return "Point at a pad to see what it is."
        return pad_caption(self.driver.app.screen, self.profile.pad_name(self.hovered),
                           self.hovered)

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
            self.frame_drive = self.reader.colours(frame)
            self._redraw()
            limit = self.profile.power.limit_amps
            self.power = f"{frame.milliamps / 1000:.2f} A of {limit:g} A" + \
                (" (limited)" if frame.limited else "")
        self._show_status()
        self.taps.step()
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
        """Show or hide the debug pane; a simulated touch board streams its readings while
        it shows."""
        self.debugging = not self.debugging
        if self.link is not None:
            self.link.want_readings("debug pane", self.debugging)
        if self.debugging:
            self.debug.grid(row=0, column=2, rowspan=4, sticky="n", padx=(0, 12), pady=12)
        else:
            self.debug.grid_remove()

    def _show_debug(self) -> None:
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
        if self.link is not None:
            touch = (self.link.thresholds or default_thresholds(profile))[0]
            state = "connected" if self.link.connected else \
                f"not connected: {self.link.problem}"
            faults = list(self.link.faults)[-3:]
            lines += [
                "",
                f"touch board: {state}",
                f"resyncs: {self.link.resyncs}",
                *(f"fault: {fault}" for fault in faults),
                "",
                "distance from the baseline towards a touch (* touched):",
                readings_map(profile, self.deltas, touch),
                "",
                "wire (← from the board, → to it; readings left out):",
                *self.traffic,
            ]
        self.debug.configure(text="\n".join(lines))

    def _show_status(self) -> None:
        if self.debugging:
            self._show_debug()
        sound, when = self.last_sound
        lit = sound is not None and time.monotonic() - when < SOUND_SHOWN
        self.sound_label.configure(text=f"♪ {sound.value}" if lit and sound else "♪",
                                   foreground="#80ff90" if lit else "#404048")
        self.hover.configure(text=self._hover_text())
        self.description.configure(text=self.driver.app.describe(time.monotonic()))
        self.notice.configure(text="\n".join(self.driver.app.notices[-3:]))

    # -- input ----------------------------------------------------------------------------------

    def _button_event(self, name: str, down: bool, _event: object) -> None:
        self._button(name, down)

    def _mouse_down(self, event: tk.Event) -> None:
        pad = self.raster.pad_at(event.x - EDGE, event.y)
        if pad < 0:
            return
        if isinstance(event.state, int) and event.state & SHIFT:
            self._toggle_sticky(pad)
            return
        self.pressed = pad
        self._log(f"touch {self.profile.pad_name(pad)}")
        self.taps.press(pad)

    def _mouse_up(self, _event: tk.Event) -> None:
        if self.pressed is not None:
            pad, self.pressed = self.pressed, None
            self._log(f"release {self.profile.pad_name(pad)}")
            self.taps.release()

    def _toggle_sticky(self, pad: int) -> None:
        name = self.profile.pad_name(pad)
        if pad in self.sticky:
            self.sticky.discard(pad)
            self._log(f"release {name} (kept)")
            self.touches.up(pad)
        else:
            self.sticky.add(pad)
            self._log(f"touch {name} (kept)")
            self.touches.down(pad)
        self._overlays()

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
