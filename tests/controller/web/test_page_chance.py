"""The page's side of remote chance (``controller/web/page/chance.js``, run under node) against
the boards' own (``controller/remote/chance.py``): the same anchor and halves from a secret,
the other side's halves checked the same way, Python's generator reproduced from its seed, and
every die, deal and throw of Big Balls and Colliding Circles derived as the boards draw it."""

from __future__ import annotations

import random
import secrets
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import CHANCE, get_game
from controller.remote import chance
from tests.support.page_js import run_page_js

FILES = ["sha2.js", "chance.js"]


@settings(max_examples=5)
@given(st.binary(min_size=32, max_size=32), st.lists(st.integers(0, 4096), min_size=1,
                                                     max_size=8))
def test_the_pages_chain_is_the_boards(secret: bytes, plies: list[int]) -> None:
    other = secrets.token_bytes(32)
    script = """
    const own = new OwnChain(hexBytes(INPUT.secret));
    const theirs = new TheirChain(INPUT.anchor);
    OUTPUT = {anchor: own.anchor, halves: INPUT.plies.map((p) => own.half(p)),
              taken: INPUT.theirs.map(([p, half]) => theirs.check(p, half))};
    """
    theirs = [[ply, chance.half(other, ply)] for ply in plies]
    wrong = [[ply, chance.half(secret, ply)] for ply in plies]  # not the other's chain
    bent = [[plies[0], "0" * 64], [plies[0], "not hexadecimal"], [4097, "0" * 64]]
    out = run_page_js(FILES, script, {"secret": secret.hex(), "anchor": chance.anchor(other),
                                      "plies": plies, "theirs": theirs + wrong + bent})
    assert out["anchor"] == chance.anchor(secret)
    assert out["halves"] == [chance.half(secret, ply) for ply in plies]
    assert out["taken"] == [True] * len(theirs) + [False] * (len(wrong) + len(bent))


def test_pythons_generator_from_a_seed() -> None:
    seeds = [chance.seed("0123456789abcdef", ply, secrets.token_hex(32), secrets.token_hex(32))
             for ply in range(20)] + ["", "a", "kaskade", "\u00e9\u00e8 unicode \u2603"]
    script = """
    OUTPUT = INPUT.map((text) => { const rng = new PythonRandom(text);
                                   return Array.from({length: 30}, () => rng.random()); });
    """
    out = run_page_js(FILES, script, seeds)
    for text, values in zip(seeds, out, strict=True):
        rng = random.Random(text)
        assert values == [rng.random() for _ in range(30)], text


def draws(game: str, plies: int, rng: random.Random) -> list[dict[str, Any]]:
    """Every chance step of random games of ``game`` up to ``plies`` steps in all: the halves,
    and the outcome the boards draw from them."""
    found: list[dict[str, Any]] = []
    state = get_game(game).new({})
    for ply in range(plies):
        if state.is_over():
            state = get_game(game).new({})
        if state.to_move == CHANCE:
            host, guest = rng.randbytes(32).hex(), rng.randbytes(32).hex()
            move = state.sample_chance(chance.generator(chance.seed("feed", ply, host, guest)))
            found.append({"game": game, "ply": ply, "host": host, "guest": guest,
                          "name": state.move_name(move)})
        else:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
        state.play(move)
    return found


def test_every_die_deal_and_throw_as_the_boards_draw_it() -> None:
    rng = random.Random(7)
    steps = draws("big-balls", 1500, rng) + draws("colliding-circles", 1500, rng)
    shapes = {(step["game"], len(step["name"])) for step in steps}
    assert {("big-balls", 1), ("big-balls", 6)} <= shapes
    assert {("colliding-circles", n) for n in (1, 2, 5)} <= shapes
    script = """
    OUTPUT = INPUT.map((s) => [drawnOutcome(s.game, "feed", s.ply, s.host, s.guest, s.name),
                               drawnOutcome(s.game, "feed", s.ply, s.host, s.guest, s.bent)]);
    """
    for step in steps:  # another outcome of the same shape: what a bent board would claim
        name = step["name"]
        step["bent"] = name[::-1] if name != name[::-1] else "".join(
            str(int(c) % 6 + 1) for c in name)
    # and names that are no step of the game
    steps.append({"game": "big-balls", "ply": 3, "host": "0" * 64, "guest": "0" * 64,
                  "name": "throw", "bent": "1234567"})
    steps.append({"game": "cascades", "ply": 3, "host": "0" * 64, "guest": "0" * 64,
                  "name": "1", "bent": "2"})
    out = run_page_js(FILES, script, steps)
    for step, (drawn, bent) in zip(steps[:-2], out[:-2], strict=True):
        assert drawn == step["name"], step
        assert bent == step["name"] != step["bent"], step  # the true one, whatever is claimed
    assert out[-2:] == [[None, None], [None, None]]
