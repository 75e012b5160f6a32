"""The cross-architecture check's own run, here: every game, every level, fixed seeds and
steps; the same run twice gives the same digests, and another seed others."""

from __future__ import annotations

from sim.pi import moves


def test_a_game_replays_to_the_same_digest_and_another_seed_differs():
    first = moves.play("kaskade", 3)
    assert first == moves.play("kaskade", 3)
    assert first.plies > 10
    assert moves.play("kaskade", 3, seed=moves.SEED + 1).digest != first.digest


def test_every_game_and_level_is_played():
    played = moves.play_all(steps=8)
    names = {(p.game, p.level) for p in played}
    assert ("cascades-decktet", 5) in names
    assert {level for game, level in names if game == "colliding-circles"} == {1, 2, 3, 4, 5}
    summary = moves.summary(played)
    assert summary["moves"] == sum(p.plies for p in played)
    assert len(summary["digest"]) == 16
