"""``kaskade profile new`` at the keyboard: each answer is checked as it is given and, when the
board could not be built so, refused at once — saying why and what would do — and asked again;
questions that do not apply to the answers so far are not asked."""

from __future__ import annotations

import pytest

from controller.cli import build_parser, main
from controller.cli.profile import run
from controller.cli.usage import UsageError
from controller.profile import load_profile


class Maker:
    """Answers each question by its first words (``answers``: question -> answers in turn;
    Enter for the rest) and keeps the whole conversation."""

    def __init__(self, capsys, answers: dict[str, list[str]]) -> None:
        self.capsys = capsys
        self.answers = {question: list(given) for question, given in answers.items()}
        self.said = ""
        self.asked: list[str] = []

    def readline(self) -> str:
        written = self.capsys.readouterr().out  # since the last answer: ends with a prompt
        prompt = written.rsplit("\n", 1)[-1]
        self.asked.append(prompt)
        answer = next((given.pop(0) for question, given in self.answers.items()
                       if prompt.startswith(question) and given), "")
        self.said += f"{written}{answer}\n"  # as a terminal shows it, the answer echoed
        return answer + "\n"

    def isatty(self) -> bool:
        return False

    def finish(self) -> str:
        self.said += self.capsys.readouterr().out
        return self.said


def new(tmp_path, maker: Maker, *flags: str) -> int:
    args = build_parser().parse_args(["profile", "new", str(tmp_path / "mine.toml"), "--ask",
                                      *flags])
    return run(args, maker)  # type: ignore[arg-type]


def test_thirty_pads_across_is_refused_at_once_with_the_limit_and_asked_again(tmp_path, capsys):
    maker = Maker(capsys, {"Pads across": ["30", "6"], "Pads up": ["6"]})
    assert new(tmp_path, maker) == 0
    said = maker.finish()
    assert "30 pads across: a board is 4 to 16 pads across" in said
    assert "bigger pads" in said, "and what a bigger table takes instead"
    assert [q.split(" [")[0] for q in maker.asked[1:4]] == \
        ["Pads across (4-16)", "Pads across (4-16)", "Pads up (4-16)"], "asked again at once"
    assert load_profile(str(tmp_path / "mine.toml")).columns == 6


def test_the_picos_pins_are_not_asked_for_mpr121_sensors(tmp_path, capsys):
    maker = Maker(capsys, {"Touch sensors": ["mpr121"]})
    assert new(tmp_path, maker) == 0
    assert not any(q.startswith("With gpio") for q in maker.asked)
    assert load_profile(str(tmp_path / "mine.toml")).touch.sensor == "mpr121"


def test_gpio_sensing_asks_for_the_pins_and_checks_them(tmp_path, capsys):
    pins = ",".join(str(p) for p in range(16))
    maker = Maker(capsys, {"Pads across": ["4"], "Pads up": ["4"], "Touch sensors": ["gpio"],
                           "With gpio": ["0,1,2", "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,23",
                                         "0,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14", pins]})
    assert new(tmp_path, maker) == 0
    said = maker.finish()
    assert "3 pins for 16 pads: give one pin per pad; try again" in said
    assert "GP23 is not on the Pico's header" in said
    assert "a pin is named twice" in said
    assert list(load_profile(str(tmp_path / "mine.toml")).touch.pins) == list(range(16))


def test_too_many_pads_for_the_pico_is_refused_when_the_sensor_is_chosen(tmp_path, capsys):
    maker = Maker(capsys, {"Touch sensors": ["gpio", "ttp223"]})
    assert new(tmp_path, maker) == 0
    said = maker.finish()
    assert "gpio: 64 pads need 64 pins; a Pico has 26 on its header: choose mpr121" in said
    assert load_profile(str(tmp_path / "mine.toml")).touch.sensor == "ttp223"


@pytest.mark.parametrize(("question", "wrong", "reason"), [
    ("The Pi's GPIO for the LED data", "17", "GPIO 17 cannot drive LEDs"),
    ("The Pi's GPIO for the buzzer", "18", "GPIO 18 is already the LED data's"),
    ("The Pi's GPIO for the menu button", "40", "the Pi's GPIOs are 0 to 27"),
    ("LEDs along each pad's side", "4", "1, 2 or 3"),
    ("One LED panel's size", "5x5", "5x5 panels do not tile 16 x 16 LEDs"),
    ("Where the data enters", "middle", "one of bottom-left, top-left"),
    ("The top's material", "wood", "one of acrylic"),
])
def test_each_impossible_answer_is_refused_and_asked_again(question, wrong, reason, tmp_path,
                                                           capsys):
    maker = Maker(capsys, {question: [wrong]})
    assert new(tmp_path, maker) == 0
    said = maker.finish()
    assert reason in said
    assert sum(q.startswith(question) for q in maker.asked) == 2, "asked again"


def test_a_flag_that_cannot_be_is_refused_before_any_question(tmp_path, capsys):
    maker = Maker(capsys, {})
    args = build_parser().parse_args(["profile", "new", str(tmp_path / "mine.toml"), "--ask",
                                      "--columns", "30"])
    with pytest.raises(UsageError, match="--columns: 30 pads across"):
        run(args, maker)  # type: ignore[arg-type]
    assert maker.asked == [], "nothing asked"
    assert main(["profile", "new", str(tmp_path / "x.toml"), "--sensor", "mpr121",
                 "--touch-pins", "1,2"]) == 2
    assert "--touch-pins goes with --sensor gpio" in capsys.readouterr().err
    assert not (tmp_path / "mine.toml").exists()


def test_a_top_too_thick_to_feel_a_finger_through_is_refused_when_given(tmp_path, capsys):
    maker = Maker(capsys, {"The top's thickness": ["19", "4"]})
    assert new(tmp_path, maker) == 0
    said = maker.finish()
    assert "9.8 counts, under the touch threshold of 12; use a thinner top" in said
    assert sum(q.startswith("The top's thickness") for q in maker.asked) == 2
    assert load_profile(str(tmp_path / "mine.toml")).build.top_mm == 4


def test_cells_too_small_for_the_build_are_refused_naming_their_size(tmp_path, capsys):
    maker = Maker(capsys, {"LEDs along each pad's side": ["1"],
                           "Millimetres from one LED": ["3.5", "16.6"]})
    assert new(tmp_path, maker) == 0
    assert "3.5 mm LEDs, 1 per pad side, make 3.5 mm cells: a cell is 5 to 100 mm" in \
        maker.finish()
