"""The board's voice: Debian's espeak-ng, the real program, saying what the LEDs write in
English and German — into WAV files here, whose length and loudness are measured (a voice
that says nothing, or a word cut to a click, fails); the sound cards found as the kernel lists
them; a board without a voice or a speaker mute, saying why; newer words cut off older."""

from __future__ import annotations

import array
import math
import os
import shutil
import wave
from pathlib import Path

import pytest

from controller.devices.interfaces import Mute
from hw import speech
from hw.speech import EspeakSpeech, open_speech, speakers


@pytest.fixture(scope="module")
def espeak() -> str:
    program = shutil.which("espeak-ng")
    if program is None:
        message = "espeak-ng is not installed (Debian: espeak-ng; .ci/run installs it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return program


def measured(path: Path) -> tuple[float, float]:
    """A WAV file's length in seconds and its loudness (RMS, 0-1 of full scale)."""
    with wave.open(str(path)) as sound:
        assert (sound.getnchannels(), sound.getsampwidth()) == (1, 2), "mono, 16 bits"
        samples = array.array("h", sound.readframes(sound.getnframes()))
        seconds = sound.getnframes() / sound.getframerate()
    rms = math.sqrt(sum(s * s for s in samples) / max(1, len(samples))) / 32768
    return seconds, rms


@pytest.mark.parametrize(("text", "language", "shortest", "longest"), [
    ("White to move", "en", 0.6, 2.5),
    ("Weiß am Zug", "de", 0.6, 2.5),
    ("Black wins 5 to 3. Touch anywhere to go home.", "en", 2.0, 6.0),
    ("Schwarz gewinnt 5 zu 3. Tippe irgendwo, um nach Hause zu gehen.", "de", 2.0, 7.0),
])
def test_espeak_says_the_boards_words_aloud(tmp_path, espeak, text, language, shortest, longest):
    voice = EspeakSpeech(espeak, wav_dir=tmp_path)
    voice.say(text, language)
    assert voice.wait(30) == 0
    (wav,) = tmp_path.glob("*.wav")
    seconds, loudness = measured(wav)
    assert shortest <= seconds <= longest, f"{text!r} took {seconds:.2f} s"
    assert loudness > 0.02, f"{text!r} is too quiet ({loudness:.4f} of full scale)"


def test_german_words_are_said_by_the_german_voice(tmp_path, espeak):
    """The same German sentence said by the English voice sounds different (its letters read
    as English) — the voices follow the board's language."""
    lengths = {}
    for language in ("de", "en"):
        folder = tmp_path / language
        folder.mkdir()
        voice = EspeakSpeech(espeak, wav_dir=folder)
        voice.say("Würfle und ziehe den Stein", language)
        voice.wait(30)
        lengths[language] = (folder / "said-0001.wav").read_bytes()
    assert lengths["de"] != lengths["en"]
    assert speech.command("de")[:3] == ["espeak-ng", "-v", "de"]
    assert "--stdin" in speech.command("en"), "the words never on the command line"


def test_a_text_that_looks_like_an_option_is_said_not_obeyed(tmp_path, espeak):
    voice = EspeakSpeech(espeak, wav_dir=tmp_path)
    other = tmp_path / "other.wav"
    voice.say(f"--version -w {other}", "en")
    assert voice.wait(30) == 0
    assert measured(tmp_path / "said-0001.wav")[0] > 1.0
    assert not other.exists()


def test_newer_words_cut_off_older_ones(tmp_path, espeak):
    voice = EspeakSpeech(espeak)  # to the speaker: none here, espeak-ng still runs a while
    voice.say("a long sentence " * 40, "en")
    first = voice._process
    voice.say("White to move", "en")
    assert first is not None
    assert first.poll() is not None, "the first words were stopped"
    voice.close()
    assert voice._process is None


def test_the_sound_cards_are_read_as_the_kernel_lists_them(tmp_path):
    cards = tmp_path / "cards"
    cards.write_text(" 0 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0\n"
                     "                      vc4-hdmi-0\n"
                     " 1 [Device         ]: USB-Audio - USB Audio Device\n"
                     "                      Generic USB Audio Device at usb-xhci-hcd.0-1\n")
    assert speakers(cards) == ["vc4-hdmi-0", "USB Audio Device"]
    assert speakers(tmp_path / "none") == []
    (tmp_path / "empty").write_text("--- no soundcards ---\n")
    assert speakers(tmp_path / "empty") == []


def test_a_board_without_a_voice_or_a_speaker_is_mute_and_says_why(tmp_path, monkeypatch):
    cards = tmp_path / "cards"
    cards.write_text(" 0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones\n")
    monkeypatch.setattr(shutil, "which", lambda name: None)
    mute = open_speech(cards)
    assert isinstance(mute, Mute)
    assert "sudo apt install espeak-ng" in mute.why
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/espeak-ng")
    mute = open_speech(tmp_path / "no-cards")
    assert isinstance(mute, Mute)
    assert "attach one by HDMI, USB or the jack" in mute.why
    assert "mute: no speaker" in repr(mute)
    assert isinstance(open_speech(cards), EspeakSpeech)
