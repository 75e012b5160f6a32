"""How colours look to people with the common colour-vision deficiencies, and how far apart two
colours look: the simulation of Machado, Oliveira and Fernandes (2009) at full severity
(protanopia, deuteranopia, tritanopia) on linear sRGB, and the CIE 1976 colour difference in
CIELAB."""

from __future__ import annotations

Colour = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], ...]

MACHADO_2009: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("typical", *MACHADO_2009)


def _linear(value: float) -> float:
    value /= 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _encoded(value: float) -> float:
    value = min(1.0, max(0.0, value))
    return 255 * (12.92 * value if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055)


def seen(colour: Colour, vision: str) -> tuple[float, float, float]:
    """``colour`` (sRGB) as a person with ``vision`` sees it, in sRGB."""
    if vision == "typical":
        return tuple(float(c) for c in colour)  # type: ignore[return-value]
    linear = [_linear(c) for c in colour]
    matrix = MACHADO_2009[vision]
    return tuple(_encoded(sum(m * c for m, c in zip(row, linear)))  # type: ignore[return-value]
                 for row in matrix)


def lab(colour: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(c) for c in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def difference(first: Colour, second: Colour, vision: str) -> float:
    """CIE76 ΔE between two colours as a person with ``vision`` sees them."""
    a, b = lab(seen(first, vision)), lab(seen(second, vision))
    return sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5
