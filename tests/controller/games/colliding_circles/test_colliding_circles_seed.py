"""The example game of the original rules (``colliding-circles.de.txt``), as far as its text
tells it: every move it names is played, and every claim it makes about the positions is
checked — legal and illegal moves, paths, holes, owners and worths of circles, the score. Each
test quotes the sentence it checks.

The text gives the opening hands and a few throws; the throws it leaves out are chosen so that
every sentence stays true: after Red's second turn Red holds no 6 ("daß er als einziger eine 6
hat") but the 5 he plays next turn; Black's second refill brings the 3 he later fails to put on
B7; Red's third refill brings the 6 of his fourth turn. Black's third turn is not told (only what
he missed): he passes. The later pictures are not reproduced move by move; their positions are
built from what the text says lies where, and only those dice.
"""

from __future__ import annotations

import pytest

from controller.games import IllegalMoveError
from controller.games.colliding_circles import CollidingCirclesState
from controller.games.colliding_circles.board import CIRCLE_INDEX, INDEX, NAMES
from controller.games.colliding_circles.pieces import (
    BLACK,
    DICE,
    RED,
    Manoeuvre,
    Place,
    die,
)
from controller.games.colliding_circles.rules import (
    FOX,
    GOOSE,
    WOLF,
    allowed,
    circle_value,
    reach,
)

F = INDEX


def play(state: CollidingCirclesState, *moves: str) -> None:
    for move in moves:
        state.play_text(move)


def names(moves) -> set[str]:
    return {NAMES[m.origin] + "-" + NAMES[m.target] + f"={m.value}" for m in moves}


def position(red: dict[str, int], black: dict[str, int], hands: tuple[str, str],
             to_move: str, plies: int = 40) -> CollidingCirclesState:
    """A position with these dice (field -> value) and hands; the pools hold the rest."""
    pools = [DICE - len(dice) - len(hand) for dice, hand in ((red, hands[0]), (black, hands[1]))]
    dice = [",".join(f"{v}{f}" for f, v in side.items()) or "-" for side in (red, black)]
    return CollidingCirclesState.from_position(
        f"red:{dice[0]} black:{dice[1]} hands={hands[0]}/{hands[1]} "
        f"pools={pools[0]}/{pools[1]} {to_move} manoeuvre plies={plies}")


def board_of(dice: dict[str, tuple[int, int]]) -> list[int]:
    board = [0] * len(NAMES)
    for name, (player, value) in dice.items():
        board[F[name]] = die(player, value)
    return board


# -- the opening --------------------------------------------------------------------------------

def opened() -> CollidingCirclesState:
    """ "Im Beispiel-Spiel hat Rot 5, 5, 4, 2, 1 als Eröffnungshand geworfen, Schwarz 6, 4, 4, 3,
    1" … "Im Beispiel entscheidet er sich für eine 5 und legt sie auf das entsprechende Feld
    (C6)" … "er wirft eine 1, seine Hand besteht jetzt aus 5, 4, 2, 1, 1"."""
    state = CollidingCirclesState.new()
    play(state, "55421", "64431", "5*C6", "1")
    return state


def test_red_opens_only_by_attracting_a_die_to_its_printed_number():
    # "Er muß einen seiner roten Würfel in den Mittelkreis (CD6) setzen und zwar so, daß die
    #  Augenzahl, mit der Feldnummer übereinstimmt." … "ist als einziger Zug Pflicht."
    state = CollidingCirclesState.new()
    play(state, "55421", "64431")
    assert {state.move_name(m) for m in state.legal_moves()} == {"5*C6", "4*C5", "2*D6",
                                                                 "1*D7"}
    with pytest.raises(IllegalMoveError, match="printed"):
        state.play_text("5*C5")
    with pytest.raises(IllegalMoveError):
        state.play_text("end")


def test_after_the_opening_the_hands_are_as_the_seed_gives_them():
    state = opened()
    assert state.hands == [(5, 4, 2, 1, 1), (6, 4, 4, 3, 1)]
    assert state.pools == [22, 23]
    assert state.to_move == BLACK


def test_black_can_only_raise_the_red_five_by_one_field():
    # "Deswegen kann Schwarz diesen Würfel nur um 1 erhöhen und ihn deswegen nur um ein Feld
    #  bewegen. Wir sehen, daß es drei freie Felder gibt, die an C6 angrenzen (B6, C5 und C7)."
    state = opened()
    manoeuvres = [m for m in state.legal_moves() if isinstance(m, Manoeuvre)]
    assert names(manoeuvres) == {"C6-B6=6", "C6-C5=6", "C6-C7=6"}
    assert state.move_name(Manoeuvre(F["C6"], F["C5"], 6)) == "C6-C5"


def test_black_could_attract_twice_and_start_three_growth_areas():
    # "Er hätte sogar zweimal anziehen können in einem Zug. Mit seiner 1 auf D7 und seiner 3 auf
    #  D5 hätte er dann insgesamt drei 'Wachstumsgebiete' geschaffen."
    state = opened()
    play(state, "1*D7", "3*D5")
    assert state.board[F["D7"]] == die(BLACK, 1)
    assert state.board[F["D5"]] == die(BLACK, 3)


def test_a_printed_three_next_to_a_six_is_no_place_for_a_three():
    # "Wenn z. B. eine 6 auf C5 liegt dürfen sie keine 3 auf D5 daneben legen (obwohl die 3 dort
    #  aufgedruckt ist)" … "Schwarz hätte also mit seiner 1 auf D7 anziehen können".
    state = opened()
    play(state, "6*C5")
    assert not state.is_legal(Place(3, F["D5"]))
    with pytest.raises(IllegalMoveError, match=r"a 3 may not stand next to 6$"):
        state.play_text("3*D5")
    assert state.is_legal(Place(1, F["D7"])), "the 1 could still be attracted to D7"


# -- the first four turns, played -----------------------------------------------------------

def black_first() -> CollidingCirclesState:
    """ "Er setzt seine 6 auf C5 und eine 4 auf C7" … "Schwarz würfelt eine 6 und eine 2"."""
    state = opened()
    play(state, "6*C5", "4*C7", "62")
    return state


def red_second() -> CollidingCirclesState:
    """ "Rot antwortet in seinem zweiten Zug mit einer 5 auf D7 und einer 1 auf D5"; he throws
    a 5 (played next turn) and a 3 — no 6."""
    state = black_first()
    play(state, "5*D7", "1*D5", "53")
    return state


def black_second() -> CollidingCirclesState:
    """ "Schwarz droht in seinem zweiten Zug mit einem weiteren Wolf auf Kreis BC7 mit einer 3 auf
    C8 und einer 2 auf B8"; he throws the 3 he will miss placing on B7."""
    state = red_second()
    play(state, "3*C8", "2*B8", "53")
    return state


def red_third() -> CollidingCirclesState:
    """ "Rot durchkreuzt diesen Plan mit einer 4 auf B6 und einer 5 auf B5"; he throws the 6 of
    his fourth turn. Black's third turn is not told: he passes."""
    state = black_second()
    play(state, "4*B6", "5*B5", "64")
    play(state, "end")
    return state


def test_blacks_refill_leaves_the_pool_at_21():
    # "Der Wurf dieser beiden Würfel verringert den schwarzen Vorrat auf 21"
    state = black_first()
    assert state.pools[BLACK] == 21
    assert state.hands[BLACK] == (6, 4, 3, 2, 1)


def test_after_reds_second_turn_black_alone_has_a_six():
    # "Da Schwarz aber weiss, daß er als einziger eine 6 hat"
    state = red_second()
    assert 6 not in state.hands[RED]
    assert 6 in state.hands[BLACK]


def test_black_may_make_the_red_five_a_six_on_d8_but_then_no_three_on_d7():
    # "Obwohl Schwarz die 5 zu einer 6 auf D8 machen kann (außerhalb des Mittelkreises) kann er
    #  die 3, die er für den Wolf braucht nicht auf D7 setzen, weil sie nicht neben der 6 liegen
    #  darf."
    state = red_second()
    assert state.destinations(F["D7"])[F["D8"]] == [6]
    play(state, "D7-D8")
    assert state.board[F["D8"]] == die(RED, 6)
    assert not state.is_legal(Place(3, F["D7"]))
    with pytest.raises(IllegalMoveError, match=r"a 3 may not stand next to 6$"):
        state.play_text("3*D7")


def test_a_red_six_on_b6_would_win_the_wolf_even_with_a_black_one_on_b7():
    # "Rot könnte diesen Wolf gewinnen, indem er einen 6 auf B6 setzt - auch wenn Schwarz eine 1
    #  auf B7 spielte, hätte er trotzdem mit 10 Punkten weniger als Rot mit 11."
    state = black_second()
    board = state.board[:]
    board[F["B6"]], board[F["B7"]] = die(RED, 6), die(BLACK, 1)
    assert circle_value(board, CIRCLE_INDEX["BC7"]) == (RED, WOLF)
    totals = [sum(board[F[n]] for n in ("B6", "C6")),
              sum(board[F[n]] - 6 for n in ("B7", "B8", "C7", "C8"))]
    assert totals == [11, 10]


def test_without_the_red_five_on_b5_black_moves_the_four_out_and_takes_the_wolf():
    # "Wenn Rot die 5 jetzt nicht gespielt hätte, wäre es Schwarz möglich gewesen die 4 aus dem
    #  Kreis zu manövrieren (nach B5 oder weiter) und dann den Wolf wie geplant zu
    #  vervollständigen mit seiner 6 auf B6 und seiner 1 auf B7."
    state = black_second()
    play(state, "4*B6", "end", "1")                  # Red without the 5 on B5
    out = state.destinations(F["B6"])
    assert out[F["B5"]] == [5]
    assert out[F["A5"]] == [6], "or further"
    assert out[F["B4"]] == [6], "or further"
    play(state, "B6-B5", "6*B6", "1*B7")
    assert state.circle(CIRCLE_INDEX["BC7"]) == (BLACK, WOLF)
    assert state.scores() == (0, 5)


def test_a_black_three_on_b7_would_have_made_a_black_goose():
    # "Schwarz verpasst Rots Gegendrohung in dessen drittem Zug und setzt keine 3 auf B7, was ihm
    #  eine komplette Gans auf BC7 eingebracht hätte."
    state = red_third()
    assert 3 in state.hands[BLACK], "he had the 3"
    board = state.board[:]
    board[F["B7"]] = die(BLACK, 3)
    assert circle_value(board, CIRCLE_INDEX["BC7"]) == (BLACK, GOOSE)


def test_the_four_passes_b7_as_a_three_and_cannot_stop_there_as_a_one():
    # "Als Rot seine 4 in eine 2 gedreht hat, wurde sie über Feld B7 gezogen und wurde dort erst
    #  zur 3" … "In diesem Fall war eine 2 auf B8 und deshalb war eine 3 auf B7 erlaubt." …
    #  "Rot hätte also seine 4 auf B6 NICHT in einem Rutsch zu einer 1 auf B7 vermindern können."
    state = red_third()
    assert not state.is_legal(Manoeuvre(F["B6"], F["B7"], 1))
    assert state.destinations(F["B6"])[F["B7"]] == [3]
    assert state.destinations(F["B6"])[F["A7"]] == [2]


def red_fourth() -> CollidingCirclesState:
    """ "Rot vermindert seine eigene 4 von B6 zu einer 2 auf A7 und vervollständigt einen Wolf auf
    BC7 mit einer 6 und einer 1"."""
    state = red_third()
    play(state, "B6-A7", "6*B6", "1*B7", "61")
    return state


def test_red_completes_the_wolf_black_planned_and_leads_five_to_nothing():
    # "Er beansprucht BC7 indem er einen Marker mit der roten 5 in die Mitte legt" … "Die roten
    #  Punkte werden immer zuerst angegeben, deswegen heißt es nun 5/0"
    state = red_fourth()
    assert state.board[F["A7"]] == die(RED, 2)
    assert state.circle(CIRCLE_INDEX["BC7"]) == (RED, WOLF)
    assert state.scores() == (5, 0)
    assert "Red 5/0 Black" in state.diagram()


def test_black_may_not_manoeuvre_a_die_out_of_the_circle_red_owns():
    # "Schwarz darf nun keinen der Würfel dieses Kreise wegmanövrieren."
    state = red_fourth()
    assert state.to_move == BLACK
    board = state.board
    assert reach(board, F["B8"], BLACK)[F["B9"]] == [1], "the path alone would allow it"
    assert not state.is_legal(Manoeuvre(F["B8"], F["B9"], 1))
    assert F["B9"] not in state.destinations(F["B8"])
    with pytest.raises(IllegalMoveError, match="belongs to a circle Red owns"):
        state.play(Manoeuvre(F["B8"], F["B9"], 1))


def test_a_rethrow_is_written_with_the_value_thrown_away_and_ends_the_turn():
    # "Diese Aktion wird als +1 in seine P2/R-Zeile eingetragen ("+" bedeutet Neuwurf)."
    state = red_third()
    play(state, "B6-A7", "6*B6", "+1")
    assert state.moves[-1] == state.parse_move("+1")
    assert state.hands[RED] == (4, 3, 2)
    assert state.throw_count() == 2


# -- the owner may break his own circle (Red's sixth turn, pictures 7 and 8) -------------------

def before_reds_sixth() -> CollidingCirclesState:
    """Picture 7 as the text describes it: Red's goose on BC5 (his 4 on B4), Black's 5 and 6 on
    C4 and C5, Red's 4 and 3 on A5 and A4 waiting for AB4."""
    return position({"B4": 4, "B5": 5, "B6": 6, "C6": 5, "A4": 3, "A5": 4},
                    {"C4": 5, "C5": 6}, ("6542", "54321"), "red")


def test_the_owner_breaks_his_goose_and_closes_it_again_as_a_fox():
    # "Das passiert dann auch im sechsten Zug von Rot, wo er seine Gans auf BC5 aufbricht (und
    #  damit einen Punkt verliert) indem er seine 4 auf B4 hinaus manövriert (zu einer 2 auf A3).
    #  Dann schließt er den Kreis mit einer 6 auf dem gleichen Feld wieder als Fuchs (und gewinnt
    #  damit drei Punkte). Ergibt einen Gewinn von zwei Punkten."
    state = before_reds_sixth()
    assert state.circle(CIRCLE_INDEX["BC5"]) == (RED, GOOSE)
    assert state.scores() == (1, 0)
    play(state, "B4-A3")
    assert state.board[F["A3"]] == die(RED, 2)
    assert state.circle(CIRCLE_INDEX["BC5"]) is None, "the marker comes off"
    assert state.scores() == (0, 0)
    play(state, "6*B4")
    assert state.circle(CIRCLE_INDEX["BC5"]) == (RED, FOX)
    assert state.scores() == (3, 0)


def test_with_a_two_and_no_one_red_closes_ab4_by_a_manoeuvre():
    # "Obwohl er keine 1 auf der Hand hat, kann er ein Manöver machen um seine 2 von A3 zu einer
    #  1 auf B3 zu vermindern und dann den Kreis mit einer 2 auf A3 zu schließen."
    state = before_reds_sixth()
    play(state, "B4-A3", "6*B4", "end", "53", "end")
    assert 1 not in state.hands[RED]
    assert 2 in state.hands[RED]
    play(state, "A3-B3", "2*A3")
    assert state.circle(CIRCLE_INDEX["AB4"]) == (RED, WOLF)


# -- one manoeuvre per turn (picture 9) ---------------------------------------------------------

def picture_nine() -> CollidingCirclesState:
    """ "Schwarz … spielt stattdessen selbst einen listigen Angriff mit einer 1 auf D9 (Bild 9).
    Nun braucht er nur noch eine 2 auf C9 für einen Wolf auf CD8." Red's AB4 waits for its 1 on
    B3; the dice of the first four turns lie where they were played."""
    red = {"A5": 4, "A4": 3, "A3": 2, "B4": 6, "B5": 5, "B6": 6, "C6": 5, "B7": 1, "A7": 2,
           "D7": 5, "D5": 1}
    black = {"C4": 5, "C5": 6, "C7": 4, "C8": 3, "B8": 2, "D8": 6, "D9": 1}
    return position(red, black, ("6542", "54322"), "red")


def test_black_needs_only_a_two_on_c9_for_a_wolf_on_cd8():
    state = picture_nine()
    board = state.board[:]
    board[F["C9"]] = die(BLACK, 2)
    assert circle_value(board, CIRCLE_INDEX["CD8"]) == (BLACK, WOLF)


def test_red_may_make_only_one_manoeuvre_so_not_close_ab4_and_defend_cd8():
    # "Aber natürlich darf er nur EIN Manöver machen und kann deswegen nicht AB4 zumachen UND
    #  CD8 verteidigen."
    state = picture_nine()
    play(state, "A3-B3")
    assert not state.is_legal(Manoeuvre(F["D9"], F["D11"], 3))
    with pytest.raises(IllegalMoveError, match="one manoeuvre per turn"):
        state.play_text("D9-D11")
    play(state, "2*A3")
    assert state.circle(CIRCLE_INDEX["AB4"]) == (RED, WOLF)


def test_red_could_instead_move_the_black_one_away_and_replace_it():
    # "Um dies zu verhindern muss Rot die schwarze 1 von D9 wegmanövrieren (und sie ev. mit einer
    #  5 ersetzen und dann eine 4 auf C9)."
    state = picture_nine()
    play(state, "D9-D11", "5*D9", "4*C9")
    value = state.circle(CIRCLE_INDEX["CD8"])
    assert value is not None
    assert value[0] == RED, "CD8 is no black wolf but Red's"


def test_red_blocks_the_fox_on_bc9_with_a_six_on_c11():
    # "Schwarz hat nun nicht nur einen Wolf auf CD8 sicher, sondern auch noch einen Fuchs auf BC9
    #  in Aussicht. Rot muss nun eine 6 'vergeuden' um diesen Fuchs in seinen achten Zug zu
    #  blockieren (Bild 11). Er befördert die schwarze 3 von C10 zu einer 5 auf D11 und stellt
    #  seine eigene 6 auf C11."
    state = picture_nine()
    play(state, "A3-B3", "2*A3", "end", "61")        # Red closes AB4 (his seventh turn)
    play(state, "2*C9", "3*C10", "32")               # Black strengthens the upper half
    assert state.circle(CIRCLE_INDEX["CD8"]) == (BLACK, WOLF)
    fox = state.board[:]
    fox[F["B9"]], fox[F["B10"]] = die(BLACK, 3), die(BLACK, 2)
    assert circle_value(fox, CIRCLE_INDEX["BC9"]) == (BLACK, FOX), "the fox in prospect"
    assert state.move_name(Manoeuvre(F["C10"], F["D11"], 5)) == "C10-D11"
    play(state, "C10-D11", "6*C11")
    assert state.board[F["D11"]] == die(BLACK, 5)
    assert allowed(state.board, F["C10"]) == {1}, "no 3 can stand on C10: the fox is blocked"


# -- holes and the lower left (pictures 11 to 15) ---------------------------------------------

@pytest.mark.parametrize(("red", "black", "hole"), [
    ({"D5": 1, "D7": 5}, {"E6": 3}, "D6"),    # "mit einer 1, einer 3 und einer 5 belegt"
    ({"D2": 2}, {"C3": 6, "D4": 4}, "D3"),    # "oder eben von drei verschiedenen geraden"
])
def test_holes_where_the_seed_finds_them(red, black, hole):
    state = position(red, black, ("54321", "54321"), "red")
    assert hole in {NAMES[f] for f in state.holes()}
    assert all(not state.is_legal(Place(v, F[hole])) for v in range(1, 7))


def test_only_black_can_move_the_red_one_that_makes_the_hole():
    # "In unserem Probespiel (Bild 11) ist nur die 1 auf D5 frei und kann wegbewegt werden
    #  (allerdings nicht von Rot weil er die 1 nicht vermindern kann). Schwarz befördert sie zur
    #  3 auf E4 in seinem neunten Zug"
    red = position({"D5": 1, "D7": 5}, {"E6": 3}, ("54321", "54321"), "red")
    assert red.destinations(F["D5"]) == {}, "Red cannot lower a 1"
    black = position({"D5": 1, "D7": 5}, {"E6": 3}, ("54321", "54321"), "black")
    assert 3 in black.destinations(F["D5"])[F["E4"]]
    black.play_text("D5-E4")
    assert black.board[F["E4"]] == die(RED, 3)
    assert F["D6"] not in black.holes()


def lower_left() -> CollidingCirclesState:
    """Picture 13 as far as the text tells: Red's 5 on C2, Black's 6 on C3 and 4 on D4, Black's
    dice beside F3."""
    return position({"C2": 5}, {"C3": 6, "D4": 4, "E3": 4, "E4": 5}, ("54321", "65432"), "red")


def test_red_makes_d3_a_hole_and_places_his_three_on_f3():
    # "er macht Feld D3 zum Loch - blockiert damit DE3 - indem er seine 5 auf C2 zu einer 2 auf
    #  D2 vermindert und dann seine 3 auf F3 platziert (Bild 14)."
    state = lower_left()
    assert state.move_name(Manoeuvre(F["C2"], F["D2"], 2)) == "C2-D2", "one path: C1, D1, D2"
    play(state, "C2-D2")
    assert state.board[F["D2"]] == die(RED, 2)
    assert F["D3"] in state.holes()
    play(state, "3*F3")
    assert state.board[F["F3"]] == die(RED, 3)


def test_black_removes_the_hole_and_makes_the_wolf_on_cd2_unavoidable():
    # "Schwarz entfernt das Loch auf D3 in seinem elften Zug indem er seine 6 auf C3 zur 5 auf C2
    #  macht und mit einer 6 auf C1 einen unvermeidbaren Wolf auf CD2 erstellt (Bild 15)." …
    #  "Rot könnte die schwarze 5 auf C2 zu einer 6 auf B2 befördern"
    state = lower_left()
    play(state, "C2-D2", "3*F3", "end", "1")
    play(state, "C3-C2")
    assert F["D3"] not in state.holes()
    play(state, "6*C1")
    assert state.board[F["C1"]] == die(BLACK, 6)
    wolf = state.board[:]
    for name, value in (("C3", 4), ("D1", 1), ("D3", 3)):
        wolf[F[name]] = die(BLACK, value)
    assert circle_value(wolf, CIRCLE_INDEX["CD2"]) == (BLACK, WOLF)
    play(state, "end", "4")
    assert state.destinations(F["C2"])[F["B2"]] == [6]


# -- writing manoeuvres -----------------------------------------------------------------------

def test_a_manoeuvre_is_qualified_only_when_a_longer_path_gives_another_value():
    # "Angenommen Schwarz hätte eine 6 auf D4 und sein nächstes Manövrieren wäre als D4-E3
    #  aufgeschrieben worden." … "D4-E3(2)" … "Bei einem angenommenen Manöver D4-E2 gäbe es auch
    #  zwei Wege … aber der Würfel wäre auf jeden Fall zur 3 geworden"
    state = position({}, {"D4": 6}, ("54321", "54321"), "black")
    assert state.destinations(F["D4"])[F["E3"]] == [4, 2]
    assert state.destinations(F["D4"])[F["E2"]] == [3]
    assert state.move_name(Manoeuvre(F["D4"], F["E3"], 4)) == "D4-E3"
    assert state.move_name(Manoeuvre(F["D4"], F["E3"], 2)) == "D4-E3(2)"
    assert state.move_name(Manoeuvre(F["D4"], F["E2"], 3)) == "D4-E2"
    assert state.parse_move("D4-E3") == Manoeuvre(F["D4"], F["E3"], 4)
    assert state.parse_move("d4-e3(4)") == Manoeuvre(F["D4"], F["E3"], 4)


# -- circles of the final picture ---------------------------------------------------------------

def test_red_breaking_his_goose_on_bc5_closes_it_as_a_fox_of_fives_and_sixes():
    # "zwei Füchse … die beide Rot gehören - rechts oben (bestehend aus 4en und 5en), sowie
    #  links unter dem Mittelkreis (aus 5en und 6en)" … "Die beiden roten Füchse sitzen somit auf
    #  den Kreisen BC5 und EF8."
    goose = {"B6": (RED, 6), "B5": (RED, 5), "B4": (RED, 4), "C4": (BLACK, 5),
             "C5": (BLACK, 6), "C6": (RED, 5)}
    assert circle_value(board_of(goose), CIRCLE_INDEX["BC5"]) == (RED, GOOSE)
    assert reach(board_of(goose), F["B4"], RED)[F["A3"]] == [2]
    fox = dict(goose, B4=(RED, 6))
    assert circle_value(board_of(fox), CIRCLE_INDEX["BC5"]) == (RED, FOX)


CENTRE = {"C7": (BLACK, 4), "C6": (RED, 5), "C5": (BLACK, 6), "D5": (BLACK, 5),
          "D6": (BLACK, 4), "D7": (RED, 5)}
"""The centre circle of the final picture: the dice of the first turns (Red's 5 on C6 and on
D7, Black's 6 on C5 and 4 on C7) and Black's 5 and 4 on D5 and D6."""
CD8 = {"C9": (BLACK, 2), "C8": (BLACK, 3), "C7": (BLACK, 4), "D7": (RED, 5),
       "D8": (BLACK, 6), "D9": (BLACK, 1)}


def test_the_centre_circle_of_the_final_picture_is_a_black_goose():
    # "daß Schwarz eine 6 eine 5 und zwei 4er (zusammen = 19) hat, wogegen Rot nur zwei 5en
    #  (= 10) setzte, also hat Schwarz den Kreis gewonnen" … "zählt … einen Punkt für Schwarz"
    assert circle_value(board_of(CENTRE), CIRCLE_INDEX["CD6"]) == (BLACK, GOOSE)
    totals = [sum(v for p, v in CENTRE.values() if p == player) for player in (RED, BLACK)]
    assert totals == [10, 19]


def test_the_wolf_above_the_centre_is_black_six_four_three_two_one_against_five():
    # "Genauso hat Schwarz den Kreis direkt darüber mit 6 + 4 + 3 + 2 + 1 (= 16) gegen Rot mit
    #  nur 5 gewonnen." … "Kombination von 1 bis 6 in aufsteigender Reihenfolge um den Kreis"
    assert circle_value(board_of(CD8), CIRCLE_INDEX["CD8"]) == (BLACK, WOLF)


def test_the_two_circles_share_their_dice_consistently():
    shared = set(CENTRE) & set(CD8)
    assert shared == {"C7", "D7"}
    assert all(CENTRE[f] == CD8[f] for f in shared)
    both = board_of({**CENTRE, **CD8})
    assert circle_value(both, CIRCLE_INDEX["CD6"]) == (BLACK, GOOSE)
    assert circle_value(both, CIRCLE_INDEX["CD8"]) == (BLACK, WOLF)


def test_the_wolf_on_ab4():
    ab4 = {"A5": (RED, 4), "A4": (RED, 3), "A3": (RED, 2), "B3": (RED, 1), "B4": (RED, 6),
           "B5": (RED, 5)}
    assert circle_value(board_of(ab4), CIRCLE_INDEX["AB4"]) == (RED, WOLF)
