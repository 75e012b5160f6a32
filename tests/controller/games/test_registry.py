"""The registry loads games by short name."""

import pytest

from controller.games import UnknownGameError, game_names, get_game
from controller.games.kaskade import KaskadeState


def test_kaskade_is_registered():
    assert "kaskade" in game_names()
    assert get_game("kaskade") is KaskadeState
    assert get_game(" Kaskade ") is KaskadeState


def test_an_unknown_name_is_a_lookup_error_that_lists_the_games():
    with pytest.raises(UnknownGameError) as caught:
        get_game("chain-reaction")
    assert isinstance(caught.value, LookupError)
    assert "kaskade" in str(caught.value)
