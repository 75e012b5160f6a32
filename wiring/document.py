"""A build's documents, from its profile: ``README.md`` (pin map, pads to sensor channels,
power budget, geometry and sensing, parts list), ``diagram.svg`` (every wire, A4) and the cut
files (``light-grid.svg``, ``pads.svg``, ``top.svg``). ``kaskade wiring`` writes them for the
reference builds into ``wiring/<build>/`` and checks that the ones there are current."""

from __future__ import annotations

from pathlib import Path

from controller.profile.firmware import default_thresholds
from controller.profile.geometry import MATERIAL_NAMES, signal
from controller.profile.model import Profile
from controller.profile.pi_setup import PWM_OR_PCM, needs_root, settings
from wiring.cuts import cut_files
from wiring.diagram import diagram
from wiring.parts import parts, total
from wiring.pinmap import injections, pad_channels, pi_connections, sensor_connections
from wiring.power import DROP, RUN_METRES, budget

HERE = Path(__file__).resolve().parent


def documents(profile: Profile) -> dict[str, str]:
    """File name -> text of every document of ``profile``: the build sheet, the wiring
    diagram and the cut files."""
    return {"README.md": readme(profile), "diagram.svg": diagram(profile),
            **cut_files(profile)}


def build_folder(name: str) -> Path:
    """Where the documents of the reference build ``name`` live."""
    return HERE / name


def _geometry(profile: Profile) -> list[str]:
    """The build's geometry, the touch signal it gives, and what to look out for."""
    g = profile.build
    found = signal(g, profile.columns, profile.rows, profile.touch.sensor)
    lines = ["## Geometry and sensing", "", "| | |", "|---|---|",
             f"| Cells | {g.pad_pitch_mm:g} mm apart ({profile.per_pad} "
             f"LED{'s' if profile.per_pad > 1 else ''} of {g.led_pitch_mm(profile.per_pad):g} "
             "mm), "
             f"{profile.columns * g.pad_pitch_mm:g} x {profile.rows * g.pad_pitch_mm:g} mm |",
             f"| Pads | {g.pad_size_mm:g} mm copper squares with a {g.pad_window_mm:g} mm window "
             f"({g.copper_mm2:g} mm² of copper) |",
             f"| Top | {g.top_mm:g} mm {MATERIAL_NAMES[g.top]} |",
             f"| Light grid | {g.gap_mm:g} mm tall, {g.sheet_mm:g} mm sheet |",
             f"| Longest pad lead | {g.longest_lead_mm(profile.columns, profile.rows):g} mm |",
             f"| A touch adds | {found.touch_pf:g} pF to {found.rest_pf:g} pF "
             f"({found.share:.1%}) |"]
    if found.counts is not None:
        lines.append(f"| MPR121 reading change | {found.counts:g} counts (touch threshold "
                     f"{default_thresholds(profile)[0]}) |")
    lines.append("")
    if profile.warnings:
        lines += [f"* **Mind**: {reason} (`{key}`)" for key, reason in profile.warnings] + [""]
    return lines


def _settings(profile: Profile) -> list[str]:
    """The lines the Pi's boot configuration needs for these LEDs, and who the board runs as."""
    found = settings(profile)
    if not found:
        return []
    lines = ["## The Pi's settings", "",
             "In `/boot/firmware/`: a line of its own in `config.txt`, a word added to "
             "`cmdline.txt`'s one line (`kaskade doctor` checks them and names what is "
             "missing):", "",
             "| Pi | File | Line | For |", "|---|---|---|---|"]
    lines += [f"| {s.pis} | `{s.file}` | `{s.line}` | {s.why} |" for s in found]
    lines.append("")
    if needs_root(profile):
        lines += ["The LEDs' pins need root on a Pi 1-4 (their DMA is set up through "
                  "`/dev/mem`): the board's service runs as root there. GPIO 10 (SPI) would "
                  "need none.", ""]
    else:
        lines += ["The board's service runs as its own user, `kaskade`, on every Pi: the LEDs "
                  "need no root.", ""]
    return lines


def readme(profile: Profile) -> str:
    """The build sheet of ``profile`` in Markdown."""
    power = budget(profile)
    out = [f"# {profile.name}", "",
           f"Generated from `{profile.source}` by `kaskade wiring`; do not edit by hand. The "
           "build guide, step by step with a check for each, is `docs/hardware.md` in Kaskade "
           "Board's source (this sheet links only to the files beside it, so it can be kept "
           "anywhere).", "",
           "![Wiring diagram](diagram.svg)", "",
           "Cut files at true scale (millimetres; red is cut, blue engraved): "
           + ", ".join(f"[{name}]({name})" for name in cut_files(profile)) + ".", "",
           *_geometry(profile),
           "## The Pi's pins", "", "| From | To | Carries |", "|---|---|---|"]
    out += [f"| {w.source} | {w.target} | {w.signal} |" for w in pi_connections(profile)]
    out += ["", *_settings(profile)]
    out += ["## The touch sensors", "", "| From | To | Carries |", "|---|---|---|"]
    out += [f"| {w.source} | {w.target} | {w.signal} |" for w in sensor_connections(profile)]
    out += ["", "Which sensor input each pad is wired to (a1 is the bottom-left cell):", "",
            "| Input | Pad | Input | Pad | Input | Pad | Input | Pad |",
            "|---|---|---|---|---|---|---|---|"]
    pairs = pad_channels(profile)
    for start in range(0, len(pairs), 4):
        cells = [f"{source} | {pad}" for source, pad in pairs[start:start + 4]]
        cells += ["|"] * (4 - len(cells))
        out.append("| " + " | ".join(cells) + " |")
    out += ["", "## LED chains and power injection", ""]
    for index, channel in enumerate(profile.channels):
        dma = f", DMA {channel.dma}" if channel.gpio in PWM_OR_PCM else ""
        out.append(f"* Data line {index}: GPIO {channel.gpio}, {len(channel.chain)} LEDs{dma}.")
    out += ["* Power in at: " + "; ".join(
        f"line {p.channel} before LED {p.led + 1} ({p.where})" for p in injections(profile))
        + "."]
    out += ["", "## Power budget", "", "| | |", "|---|---|",
            f"| LEDs | {power.leds} |",
            f"| Worst case, every LED full white | {power.worst_amps:.1f} A |",
            f"| Limiter setting (`limit_amps`): never drawn beyond | {power.limit_amps:g} A |",
            f"| Other loads on the supply | {power.other_amps:g} A |",
            f"| Supply | {power.supply_volts:g} V {power.supply_amps:g} A "
            f"({power.headroom_amps:g} A spare at the limit) |",
            f"| Main feed | {power.feed_gauge} AWG, fuse {power.fuse_amps:g} A |",
            f"| Injection feeds | {power.injection_points} × {power.injection_gauge} AWG, up to "
            f"{power.injection_amps:.1f} A each |", "",
            f"Gauges keep the drop under {DROP:.0%} of {power.supply_volts:g} V over "
            f"{RUN_METRES:g} m runs; longer runs need thicker wire.", "",
            "## Parts", "", "Typical prices in euros (hobby electronics shops, 2026): to budget "
            "the build, not a quote.", "",
            "| Qty | Part | For | Each | Total |", "|---|---|---|---:|---:|"]
    out += [f"| {part.quantity} | {part.name} | {part.note} | {part.each:.2f} | "
            f"{part.total:.2f} |" for part in parts(profile)]
    out += [f"| | **All parts** | | | **{total(profile):.2f}** |"]
    return "\n".join(out) + "\n"
