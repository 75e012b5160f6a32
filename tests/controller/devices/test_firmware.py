"""How a board's firmware stands against the bundled one: by content first (the bundled
content, as .py or compiled, is current whatever it says), then by version."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.devices.firmware import (
    Bundled,
    ReleasesError,
    Standing,
    bundled,
    compare,
    parse_version,
    releases,
)
from firmware.identity import VERSION, content_hash
from firmware.identity import __file__ as identity_file

OURS = Bundled("0.3.0", "AAAAAAAA", frozenset({"AAAAAAAA", "BBBBBBBB"}))
versions = st.lists(st.integers(0, 30), min_size=1, max_size=4).map(
    lambda parts: ".".join(map(str, parts)))


def test_the_bundled_firmware_is_this_installations_files():
    ours = bundled()
    assert ours.version == VERSION
    assert ours.content_hash == content_hash(identity_file.rsplit("/", 1)[0])
    assert ours.content_hash in ours.hashes


def test_the_bundled_versions_recorded_compiled_form_is_current_too():
    compiled = releases()[VERSION]["compiled"]
    assert compiled, "firmware/releases.toml records the compiled hash of the bundled version"
    assert compare(VERSION, compiled[0]).standing is Standing.CURRENT


@pytest.mark.parametrize(("version", "said", "standing"), [
    ("0.3.0", "AAAAAAAA", Standing.CURRENT),
    ("0.3.0", "BBBBBBBB", Standing.CURRENT),
    ("anything", "BBBBBBBB", Standing.CURRENT),
    ("0.2.9", "CCCCCCCC", Standing.OLDER),
    ("0.3", "CCCCCCCC", Standing.MODIFIED),
    ("0.3.0", "CCCCCCCC", Standing.MODIFIED),
    ("0.3.0.1", "CCCCCCCC", Standing.NEWER),
    ("0.10.0", "CCCCCCCC", Standing.NEWER),
    ("0.3.0-dev", "CCCCCCCC", Standing.FOREIGN),
    ("", "CCCCCCCC", Standing.FOREIGN),
    ("0.²", "CCCCCCCC", Standing.FOREIGN),  # a digit to str.isdigit, not to int
])
def test_standing_by_content_then_version(version, said, standing):
    found = compare(version, said, OURS)
    assert found.standing is standing
    assert found.differs is (standing is not Standing.CURRENT)


def test_each_standing_in_words():
    assert compare("0.2.0", "CCCCCCCC", OURS).words() == (
        "the touch board has firmware 0.2.0 (CCCCCCCC), older than this program's 0.3.0 "
        "(AAAAAAAA): update it")
    assert compare("0.4.0", "CCCCCCCC", OURS).words().startswith(
        "the touch board has firmware 0.4.0 (CCCCCCCC), newer than this program's 0.3.0 "
        "(AAAAAAAA): update to the bundled one only if")
    assert compare("0.3.0", "CCCCCCCC", OURS).words().startswith(
        "the touch board has firmware of the same version 0.3.0 but other content (CCCCCCCC, "
        "this program's is AAAAAAAA)")
    assert compare("mine", "CCCCCCCC", OURS).words().startswith(
        "the touch board has firmware 'mine' (CCCCCCCC), not this board's firmware")
    assert compare("0.3.0", "AAAAAAAA", OURS).words().endswith("the one this program brings")


@given(versions, versions)
def test_other_content_is_older_newer_or_modified_as_the_versions_order(mine, theirs):
    ours = Bundled(theirs, "AAAAAAAA", frozenset({"AAAAAAAA"}))
    standing = compare(mine, "CCCCCCCC", ours).standing
    a, b = parse_version(mine), parse_version(theirs)
    assert a is not None
    assert b is not None
    width = max(len(a), len(b))
    a, b = a + (0,) * (width - len(a)), b + (0,) * (width - len(b))
    assert standing is (Standing.OLDER if a < b else Standing.NEWER if a > b else
                        Standing.MODIFIED)


@given(st.text())
def test_any_version_text_compares_without_error(text):
    assert compare(text, "CCCCCCCC", OURS).differs


@pytest.mark.parametrize(("text", "error"), [
    (None, "No such file"),
    ("versions = [", "not a firmware record"),
    ("[other]\n", "not a firmware record ('versions')"),
    ('versions = "0.3.0"\n', "not a firmware record"),
])
def test_an_unreadable_record_is_a_clear_error(tmp_path, text, error):
    path = tmp_path / "releases.toml"
    if text is not None:
        path.write_text(text)
    with pytest.raises(ReleasesError, match=error.replace("(", r"\(").replace(")", r"\)")):
        releases(path)
