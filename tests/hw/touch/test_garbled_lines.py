"""Lines garbled on the way — bytes changed, lost, or two lines spliced — whose CRC-8 still
passes (one in 256 does: these tests give every garbled line its right checksum, to look at
that case alone). Neither side crashes, and the worst each can do is what docs/protocol.md
says: on the Pi, one touch on a wrong pad (a state line only when the Pi asked for one), a
request for the full state, the thresholds set back, a fault in the log, or a reconnection;
on the board, an error answer, a state or hello, thresholds the Pi then sets back, a
calibration, the diagnostic stream switched, or a restart."""

from __future__ import annotations

from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from controller.devices.interfaces import PadDown, PadUp, SensorsFault, SensorsRestarted
from controller.profile import load_profile
from controller.profile.firmware import default_thresholds
from firmware import proto
from hw.touch.connection import BOARD_KINDS, Message
from hw.touch.errors import LinkError
from hw.touch.link import TouchLink
from sim.touch_board.device import SimulatedMicrocontroller

PROFILE = load_profile("kaskade-8x8")
PADS = PROFILE.pads
WANTED = list(default_thresholds(PROFILE))
PRINTABLE = st.integers(0x20, 0x7E)
SEQ = st.integers(0, proto.SEQUENCES - 1)
SMALL = st.integers(0, 99999)

BOARD_LINES = st.one_of(
    st.builds(lambda s, d, p: proto.encode(proto.TOUCH, s, [d, p]), SEQ,
              st.sampled_from("DU"), st.integers(0, PADS - 1)),
    st.builds(lambda s, bits: proto.encode(proto.STATE, s, [f"{bits:X}"]), SEQ,
              st.integers(0, 2 ** PADS - 1)),
    st.builds(lambda s, a, b: proto.encode(proto.BEAT, s, [a, b]), SEQ, SMALL, SMALL),
    st.builds(lambda s: proto.encode(proto.HELLO, s, [1, "0.2.0", "FCDDFA47", "kaskade-8x8",
                                                      PADS, *WANTED]), SEQ),
    st.builds(lambda s, p: proto.encode(proto.FAULT, s, ["pad-stuck", p]), SEQ,
              st.integers(0, PADS - 1)),
    st.builds(lambda s, c: proto.encode(proto.ANSWER, s, [c, "ok"]), SEQ, SEQ),
    st.builds(lambda s, t, r: proto.encode(proto.LEVELS, s, [t, r]), SEQ, SMALL, SMALL),
    st.builds(lambda s, p, r: proto.encode(proto.READINGS, s, [f"{p}:{r}:3"]), SEQ,
              st.integers(0, PADS - 1), SMALL),
)
PI_LINES = st.one_of(
    st.builds(lambda s: proto.encode(proto.QUERY, s), SEQ),
    st.builds(lambda s: proto.encode(proto.RESYNC, s), SEQ),
    st.builds(lambda s: proto.encode(proto.CALIBRATE, s), SEQ),
    st.builds(lambda s, t, r: proto.encode(proto.THRESHOLDS, s, [t, r]), SEQ, SMALL, SMALL),
    st.builds(lambda s, on: proto.encode(proto.DIAGNOSE, s, [on]), SEQ, st.sampled_from("01")),
    st.builds(lambda s: proto.encode(proto.REBOOT, s), SEQ),
)


@st.composite
def garbled(draw: Any, lines: st.SearchStrategy[bytes]) -> bytes:
    """A line with one to three bytes changed, a stretch lost, or another line's tail spliced
    on — and a checksum that passes."""
    body = bytearray(draw(lines)[:-5])  # without " *XX\n"
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["change", "lose", "splice", "insert"]))
        at = draw(st.integers(0, max(0, len(body) - 1)))
        if how == "change" and body:
            body[at] = draw(PRINTABLE)
        elif how == "lose":
            del body[at:at + draw(st.integers(1, 6))]
        elif how == "insert":
            body[at:at] = bytes([draw(PRINTABLE)])
        else:
            other = draw(lines)[:-5]
            body[at:] = other[draw(st.integers(0, len(other) - 1)):]
    return bytes(body) + b" *%02X\n" % proto.crc8(body)


class Sent:
    """The link's side of a connection: what it sends."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, list[Any]]] = []

    def send(self, kind: str, fields: Any = ()) -> int:
        self.lines.append((kind, list(fields)))
        return 0


@settings(max_examples=1500, deadline=None)
@given(line=garbled(BOARD_LINES), held=st.sets(st.integers(0, PADS - 1), max_size=3),
       asked=st.booleans())
def test_on_the_pi_a_garbled_line_does_at_most_one_wrong_touch(line, held, asked):
    link = TouchLink(PROFILE, lambda: "unused")
    events: list[Any] = []
    link._sink = events.append
    link.touched = set(held)
    link._states_asked = int(asked)
    sent = Sent()
    messages = proto.Decoder(BOARD_KINDS).feed(line)
    assert len(messages) <= 1
    event("dropped" if not messages else f"taken as {messages[0][0]}")
    for kind, seq, fields in messages:
        try:
            link._handle(sent, Message(kind, seq, fields))  # type: ignore[arg-type]
        except LinkError:  # a hello for another board: the link connects again
            assert kind == proto.HELLO
        touches = [event for event in events if isinstance(event, PadDown | PadUp)]
        told = [event for event in events if isinstance(event, SensorsFault | SensorsRestarted)]
        assert touches + told == events, "touches, or a fault reported, and nothing else"
        if told:
            assert kind == proto.FAULT, "only a fault line tells of a fault"
            assert not touches
        assert all(0 <= event.pad < PADS for event in touches)
        if kind != proto.STATE:
            assert len(touches) <= 1, "one line, at most one touch"
        elif not asked:
            assert touches == [], "a state line nobody asked for is not believed"
        for command, values in sent.lines:
            assert command in (proto.RESYNC, proto.THRESHOLDS), command
            if command == proto.THRESHOLDS:
                assert values == WANTED, "thresholds only ever set back to the wanted ones"


class Line:
    """The board's end of the cable: the garbled line once, then silence."""

    def __init__(self, data: bytes) -> None:
        self.data: bytes | None = data
        self.out = bytearray()
        self.resets = 0

    def read(self) -> bytes | None:
        data, self.data = self.data, None
        return data

    def write(self, buf: Any, length: int) -> None:
        self.out += bytes(buf[:length])

    def reset(self) -> None:
        self.resets += 1


@settings(max_examples=300, deadline=None)
@given(line=garbled(PI_LINES))
def test_on_the_board_a_garbled_command_does_no_more_than_one_command(line):
    cable = Line(line)
    device = SimulatedMicrocontroller(PROFILE, cable)
    device.boot()
    assert device.board is not None
    cable.out.clear()
    device.step(device.period_ms)
    pads = device.board.pads
    assert 0 <= pads.release < pads.touch <= proto.SEQUENCES - 1, "thresholds stay sane"
    replies = proto.Decoder(BOARD_KINDS).feed(bytes(cable.out))
    kinds = [kind for kind, _, _ in replies]
    event(" ".join(sorted(set(kinds))) or "ignored")
    assert kinds.count(proto.ANSWER) <= 1
    assert set(kinds) <= {proto.ANSWER, proto.LEVELS, proto.STATE, proto.HELLO, proto.BEAT,
                          proto.TOUCH, proto.READINGS}
    if proto.LEVELS in kinds:  # the Pi's link hears it, and sets back what it did not ask for
        assert [kind for kind, _, _ in replies if kind == proto.ANSWER]
    assert cable.resets <= 1


def test_a_touch_that_does_not_fit_the_held_pads_asks_for_the_full_state():
    """The case a garbled pad number leaves behind: 17 taken for 16 went down, and 16's
    release then comes for a pad the Pi never saw touched."""
    link = TouchLink(PROFILE, lambda: "unused")
    events: list[Any] = []
    link._sink = events.append
    link.touched = {17}
    sent = Sent()
    link._handle(sent, Message(proto.TOUCH, 5, ["U", "16"]))  # type: ignore[arg-type]
    link._handle(sent, Message(proto.TOUCH, 6, ["D", "17"]))  # type: ignore[arg-type]
    assert events == []
    assert sent.lines == [(proto.RESYNC, []), (proto.RESYNC, [])]
    assert link.resyncs == 2
    link._handle(sent, Message(proto.STATE, 7, ["0"]))  # type: ignore[arg-type]
    assert events == [PadUp(17)], "the answer sets the pads right"
    link._handle(sent, Message(proto.STATE, 8, ["3"]))  # type: ignore[arg-type]
    assert events == [PadUp(17), PadDown(0), PadDown(1)], "two were asked for: both believed"
    link._handle(sent, Message(proto.STATE, 9, ["0"]))  # type: ignore[arg-type]
    assert events == [PadUp(17), PadDown(0), PadDown(1)], "a third, asked by nobody, is not"
    link._handle(sent, Message(proto.TOUCH, 10, ["D", "3", "4"]))  # type: ignore[arg-type]
    assert len(events) == 3, "and a touch with a field too many is no touch"
