"""The record format: what it reads, what it refuses (with the line), and that writing then
reading gives back the same tags and moves."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.games.record import RecordError, format_record, parse_moves, parse_record

EXAMPLE = """\
[Game "kaskade"]
[Size "6x9"]
[White "Ann \\"the wall\\" Lee"]
[Black "Ben"]

; a comment line
1. c3 d4 2. c3 {a comment
over two lines} e5
3.b2 3... a1 ; the rest of this line is a comment
"""


def test_a_record_gives_its_tags_in_order_and_its_moves():
    record = parse_record(EXAMPLE)
    assert record.tags == {
        "Game": "kaskade", "Size": "6x9", "White": 'Ann "the wall" Lee', "Black": "Ben",
    }
    assert record.moves == ["c3", "d4", "c3", "e5", "b2", "a1"]
    assert record.lines == [7, 7, 7, 8, 9, 9]
    assert record.game == "kaskade"
    assert record.tag("size") == "6x9"
    assert record.tag("Date") is None


def test_tag_names_are_matched_without_regard_to_case():
    assert parse_record('[game "kaskade"]\n').game == "kaskade"


def test_a_record_without_moves_is_a_game_not_begun():
    assert parse_record('[Game "kaskade"]\n[Size "3x3"]').moves == []


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ("", 1, "needs a [Game"),
        ("c3 d4", 1, "needs a [Game"),
        ('[Game "kaskade"]\nc3\n[Size "6x9"]', 3, "a tag after the moves"),
        ('[Game "kaskade"]\n[Game "other"]', 2, "appears twice"),
        ('[Game "kaskade"]\n[Size 6x9]', 2, "malformed tag"),
        ('[Game "kaskade"]\n[Size "6x9"', 2, "malformed tag"),
        ('[Game "kaskade"]\n[ "x"]', 2, "malformed tag"),
        ('[Game "kaskade"]\n\nc3 {never closed\nd4', 3, "never closed"),
    ],
)
def test_malformed_records_name_the_line_and_the_reason(text, line, reason):
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    assert caught.value.line == line
    assert reason in caught.value.reason
    assert str(caught.value).startswith(f"line {line}: ")


def test_a_move_list_reads_like_the_movetext_of_a_record():
    assert parse_moves("1. c3 d4 2. c3") == ["c3", "d4", "c3"]
    assert parse_moves("  ") == []
    with pytest.raises(RecordError, match="cannot contain tags"):
        parse_moves('[Size "6x9"] c3')


def test_written_records_number_the_turns_and_wrap_long_lines():
    moves = [f"{f}{r}" for r in range(1, 10) for f in "abcdef"]
    text = format_record({"Size": "6x9", "Game": "kaskade"}, moves,
                         [i % 2 for i in range(len(moves))], 2)
    lines = text.splitlines()
    assert lines[:3] == ['[Game "kaskade"]', '[Size "6x9"]', ""]
    assert lines[3].startswith("1. a1 b1 2. c1 d1 3. e1 f1")
    assert all(len(line) <= 79 for line in lines)
    assert text.endswith("\n")


def test_a_record_starting_with_the_second_player_numbers_it_as_a_continuation():
    text = format_record({"Game": "kaskade"}, ["c3", "d4", "e5"], [1, 0, 1], 2)
    assert text.splitlines()[-1] == "1... c3 2. d4 e5"


def test_one_player_games_number_every_move():
    text = format_record({"Game": "solo"}, ["x", "y"], [0, 0], 1)
    assert text.splitlines()[-1] == "1. x 2. y"


tag_names = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,10}", fullmatch=True).filter(
    lambda name: name.lower() != "game")
tag_values = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=30)
move_texts = st.from_regex(r"[a-p](1[0-6]|[1-9])", fullmatch=True)


@given(
    st.dictionaries(tag_names, tag_values, max_size=6).filter(
        lambda tags: len({k.lower() for k in tags}) == len(tags)),
    st.lists(move_texts, max_size=120),
)
def test_writing_then_reading_gives_back_the_tags_and_moves(tags, moves):
    text = format_record({"Game": "kaskade", **tags}, moves, [i % 2 for i in range(len(moves))],
                         2)
    record = parse_record(text)
    assert record.tags == {"Game": "kaskade", **tags}
    assert record.moves == moves


@given(st.text(max_size=300))
def test_any_text_either_reads_or_fails_with_a_record_error(text):
    lines = max(1, len(text.splitlines()))
    try:
        record = parse_record(text)
    except RecordError as error:
        failure = error
    else:
        assert record.game is not None
        return
    assert 1 <= failure.line <= lines


def test_a_record_is_read_in_one_pass_over_each_line(monkeypatch):
    """20,000 tags and a million moves on one line once took minutes: a tokenizer that cut the
    line again after every move. Now each word and each tag is matched once, in the line itself
    (never a copy of what is left of it), each further along than the one before; a record of
    any length reads in time proportional to it."""
    from controller.games import record as records

    class Counted:
        def __init__(self, pattern: re.Pattern[str]) -> None:
            self.pattern, self.calls = pattern, []

        def match(self, text: str, at: int = 0) -> re.Match[str] | None:
            self.calls.append((id(text), at))
            return self.pattern.match(text, at)

    words, tags = Counted(records._WORD), Counted(records._TAG)
    monkeypatch.setattr(records, "_WORD", words)
    monkeypatch.setattr(records, "_TAG", tags)
    text = '[Game "kaskade"]\n' + "".join(f'[T{i} "x"]\n' for i in range(2_000)) + "\n" + \
        " ".join(["a1", "b2"] * 50_000)
    record = parse_record(text)
    assert len(record.moves) == 100_000
    assert len(tags.calls) == 2_001
    assert len(words.calls) == 100_000
    assert len({line for line, _ in words.calls}) == 1, "the moves' line was never cut again"
    places = [at for _, at in words.calls]
    assert places == sorted(set(places)), "each word matched once, each after the last"


def test_a_line_break_in_a_tag_value_cannot_add_a_tag():
    from controller.games.record import format_record

    text = format_record({"Game": "kaskade", "Size": "2x2", "White": 'Ann\n[Result "black"]'},
                         ["a1"], [0], 2)
    record = parse_record(text)
    assert record.tags["White"] == 'Ann [Result "black"]'
    assert record.tag("Result") is None
