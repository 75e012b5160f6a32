"""The LED fonts: every character the messages need, each glyph its own shape, capitals only."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.app.words import _OPTIONS, _WORDS
from controller.render.font import FONTS, LARGE, SMALL, columns, small_enough

REQUIRED = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ÄÖÜß .:!?-%")


def test_the_large_font_has_the_letters_digits_umlauts_and_signs():
    assert set(LARGE.glyphs) >= REQUIRED


def test_the_small_font_writes_numbers():
    assert set("0123456789%:-/ ") <= set(SMALL.glyphs)
    assert small_enough("45%")
    assert small_enough("5:3")
    assert not small_enough("level 3")


@pytest.mark.parametrize("font", FONTS, ids=lambda font: font.name)
def test_glyphs_are_pairwise_distinct(font):
    shapes = {char: rows for char, rows in font.glyphs.items() if char != " "}
    for (first, a), (second, b) in combinations(shapes.items(), 2):
        assert a != b, f"{first!r} and {second!r} look the same in {font.name}"


@pytest.mark.parametrize("font", FONTS, ids=lambda font: font.name)
def test_glyphs_are_the_fonts_height_and_lit(font):
    for char, rows in font.glyphs.items():
        assert len(rows) == font.height
        assert set("".join(rows)) <= {"#", "."}
        assert char == " " or "#" in "".join(rows), char


def test_every_message_of_every_language_can_be_written():
    texts = [text for table in _WORDS.values() for text in table.values()]
    texts += [word for table in _OPTIONS.values() for pair in table.items() for word in pair]
    for text in texts:
        plain = text.replace("{", "").replace("}", "")
        assert all(LARGE.covers(char) for char in plain if not char.isspace()), text


def test_lower_case_is_written_in_capitals_and_unknown_characters_as_a_question_mark():
    assert columns(LARGE, "kaskade") == columns(LARGE, "KASKADE")
    assert columns(LARGE, "ß") != columns(LARGE, "SS")
    assert columns(LARGE, "€") == columns(LARGE, "?")


@given(st.text(max_size=20))
def test_a_text_is_as_wide_as_its_glyphs_and_gaps(text):
    wide = columns(LARGE, text)
    assert len(wide) == sum(len(LARGE.glyph(c)[0]) for c in text) + max(0, len(text) - 1)
    assert all(0 <= column < 1 << LARGE.height for column in wide)


EUROPE = ("ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞŸĀĂĄĆĈĊČĎĐĒĖĘĚĜĞĠĢĤĦĪĮİĴĶĹĻĽŁŃŅŇŌŐŒŔŘŚŜŞŠŢŤŬŪŮŰŲ"
          "ŴŶŹŻŽȘȚß")
"""The capitals of the Latin alphabets of Europe's languages (Icelandic to Turkish, Maltese to
Lithuanian), and ß."""


def test_the_large_font_writes_the_latin_letters_of_europes_languages():
    lower = [char for char in EUROPE.lower() if char.isalpha()]  # İ's lower case is i + a mark
    missing = [char for char in [*EUROPE, *lower] if not LARGE.covers(char)]
    assert not missing


def test_a_marked_letter_is_its_letter_under_or_over_its_mark():
    """É is E five LEDs high under its accent; Ç is C over its cedilla; marks differ."""
    assert LARGE.glyph("É")[2:] == LARGE.glyph("Ê")[2:] == LARGE.glyph("Ë")[2:]
    assert LARGE.glyph("É")[:2] != LARGE.glyph("È")[:2]
    assert LARGE.glyph("Ç")[:5] == LARGE.glyph("Ć")[2:]
    assert LARGE.glyph("Ş")[5:] != LARGE.glyph("Ș")[5:], "a cedilla is not a comma"
    assert columns(LARGE, "Ð") == columns(LARGE, "Đ"), "the same capital, two code points"
    assert columns(LARGE, "zoë") == columns(LARGE, "ZOË")
