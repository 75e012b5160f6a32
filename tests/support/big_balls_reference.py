"""Big Balls written from the original text (``big-balls.de.txt``) alone, to check the engine
against: holes named as the seed names them, pieces as strings, every rule a few plain lines.

Slow and literal on purpose. It shares nothing with ``controller.games.big_balls`` but the
notation of moves (the seed's: ``x`` a capture, ``-`` a move without, ``BB`` a big ball, the die
before a stone's step), so the two can be compared move by move.
"""

from __future__ import annotations

FILES = "abcdefg"
# "Das Brett hat 28 Mulden in sieben Reihen: 7 Mulden in der Grundreihe, 6 Mulden in der zweiten
#  Reihe, … schliesslich 1 Mulde ganz oben." Rank r has 8 - r holes, a to the (8-r)th file.
HOLES = [f"{FILES[f]}{r}" for r in range(1, 8) for f in range(8 - r)]
BLACK_START = ["a1", "b1", "c1", "a2", "b2", "a3"]
WHITE_START = ["e1", "f1", "g1", "e2", "f2", "e3"]
BALL_START = ["a7", "a6", "b6", "a5", "b5", "c5"]
COLOUR = {"black": "B", "white": "W"}


def hole(file: int, rank: int) -> str | None:
    """The hole at 0-based ``file`` and 1-based ``rank``, or ``None`` off the board."""
    if 1 <= rank <= 7 and 0 <= file < 8 - rank:
        return f"{FILES[file]}{rank}"
    return None


def toward(name: str, direction: str) -> str | None:
    """ "Im Uhrzeigersinn sind diese Richtungen: NordOst, Ost, SüdOst, SüdWest, West, NordWest."
    On the triangle drawn with the apex up, north-east keeps the file and climbs a rank."""
    f, r = FILES.index(name[0]), int(name[1])
    df, dr = {"NO": (0, 1), "O": (1, 0), "SO": (1, -1), "SW": (0, -1), "W": (-1, 0),
              "NW": (-1, 1)}[direction]
    return hole(f + df, r + dr)


class ReferenceBigBalls:
    """A game from the seed's text; moves are the seed's notation as single tokens."""

    def __init__(self, first: str = "black") -> None:
        self.board: dict[str, str | None] = dict.fromkeys(HOLES)
        for name in BALL_START:
            self.board[name] = "O"
        self.to_move = first
        self.dealt: list[str] = []
        self.die: int | None = None
        self.throwing = False
        self.result: str | None = None
        """``black``, ``white`` or ``draw`` once over."""

    # -- what may happen -----------------------------------------------------------------------

    def own(self, player: str) -> dict[int, str]:
        return {int(p[1]): name for name, p in self.board.items()
                if p is not None and p[0] == COLOUR[player]}

    def ball_moves(self) -> list[str]:
        # "Entweder rollt er eine der dicken Kugeln ein Feld abwärts (in Richtung SüdWest oder
        #  SüdOst). Solch ein "Big Ball-Zug" ist nur dann verboten, wenn in der betroffenen
        #  Ziel-Mulde eine andere dicke Kugel liegt."
        moves = []
        for name, piece in self.board.items():
            if piece != "O":
                continue
            for direction in ("SW", "SO"):
                target = toward(name, direction)
                if target is not None and self.board[target] != "O":
                    sign = "-" if self.board[target] is None else "x"
                    moves.append(f"BB:{name}{sign}{target}")
        return moves

    def may_move(self, die: int) -> list[int]:
        # "die gewürfelte Nummer, oder wenn dieser eigene Stein schon draussen ist, die
        #  nächstkleinere oder nächstgrössere noch vorhandene eigene Nummer auf dem Brett"
        numbers = self.own(self.to_move)
        if die in numbers:
            return [die]
        lower = [n for n in numbers if n < die]
        higher = [n for n in numbers if n > die]
        return ([max(lower)] if lower else []) + ([min(higher)] if higher else [])

    def legal(self) -> list[str]:
        """The moves open now; at a chance step, its outcomes."""
        if self.result is not None:
            return []
        if len(self.dealt) < 2:
            return ["deal"]
        if self.throwing:
            return [str(n) for n in range(1, 7)]
        if self.die is not None:
            # "Zulässige Züge sind Einzelschritte nach oben oder zur Seite, also in eine der vier
            #  Richtungen NordWest, NordOst, West, Ost." Whatever stands there is captured.
            moves = []
            for number in self.may_move(self.die):
                origin = self.own(self.to_move)[number]
                for direction in ("NW", "NO", "W", "O"):
                    target = toward(origin, direction)
                    if target is not None:
                        sign = "-" if self.board[target] is None else "x"
                        moves.append(f"{origin}{sign}{target}")
            return moves
        # "Oder er entscheidet sich für einen Zug mit einem seiner Steine. In diesem Fall muss er
        #  zunächst den Würfel werfen." Without a stone there is nothing to throw for.
        return self.ball_moves() + (["throw"] if self.own(self.to_move) else [])

    # -- playing -------------------------------------------------------------------------------

    def play(self, move: str) -> None:
        assert self.result is None, "the game is over"
        if len(self.dealt) < 2:
            # "Die schwarzen Steine werden gemischt und dann in den sechs Mulden in der linken
            #  unteren Ecke platziert" — the numbers in the order a1 b1 c1 a2 b2 a3 (Black's
            #  deal first, then White's e1 f1 g1 e2 f2 e3).
            player = "black" if not self.dealt else "white"
            start = BLACK_START if player == "black" else WHITE_START
            for name, number in zip(start, move):
                self.board[name] = COLOUR[player] + number
            self.dealt.append(move)
            return
        assert move in self.legal(), f"{move} is not legal here"
        if move == "throw":
            self.throwing = True
            return
        if self.throwing:
            self.throwing, self.die = False, int(move)
            return
        mover = move[3:] if move.startswith("BB:") else move
        origin, target = mover[:2], mover[3:]
        self.board[target], self.board[origin] = self.board[origin], None
        self.die = None
        self.to_move = "white" if self.to_move == "black" else "black"
        self.result = self.ending()

    def ending(self) -> str | None:
        """ "Eine Partie kann auf drei verschiedene Weisen enden", checked in the seed's order."""
        # "(1) Ein Spieler hat einen seiner Steine in die oberste Mulde (a7) gezogen. Dieser
        #  Spieler ist sofortiger Sieger."
        top = self.board["a7"]
        if top is not None and top != "O":
            return "black" if top[0] == "B" else "white"
        # "(2) Es gibt keinen legalen Zug mehr für den Spieler, der am Zug ist. Dann hat dieser
        #  Spieler verloren (und sein Gegner gewonnen)."
        if not self.legal():
            return "white" if self.to_move == "black" else "black"
        # "(3) Es sind nur noch dicke Kugeln auf dem Brett, und mindestens eine von ihnen kann
        #  noch ziehen. Dann gibt es keinen Sieger: das Ergebnis ist ein Unentschieden."
        if all(p in (None, "O") for p in self.board.values()) and self.ball_moves():
            return "draw"
        return None
