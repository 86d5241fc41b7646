"""The win-chance graph of an analysis report, as a self-contained SVG (no plotting library).

x: the game's decisions (round ticks from the report), y: each seat's estimated win chance
before its own decisions, one line per seat; marked moves are dots coloured by mark (with a
tooltip), and the fair share 1/N is a dashed line.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from regalia.engine.i18n import N_, _

# Seat colours (Okabe-Ito: told apart by colour-blind readers too).
SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
MARK_COLOURS = {"inaccuracy": "#e6b800", "mistake": "#f07000", "blunder": "#d00000"}
MARK_NAMES = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}
# Latin first, then fonts that carry Chinese (seat names and labels may be in Chinese).
FONTS = ("Helvetica,Arial,'Noto Sans CJK SC','Source Han Sans SC','WenQuanYi Micro Hei',"
         "'Microsoft YaHei',sans-serif")
WIDTH, HEIGHT = 900, 360
LEFT, RIGHT, TOP, BOTTOM = 56, 150, 24, 44


def win_chance_svg(report: Mapping[str, Any]) -> str:
    """The report's graph as an SVG document (a string)."""
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    total = max(1, report["decisions"])

    def x(step: float) -> float:
        return LEFT + plot_w * step / total

    def y(chance: float) -> float:
        return TOP + plot_h * (1.0 - chance)

    label = escape(_("Estimated win chance over the game"))
    axis, steps, fair_share = _("win chance"), _("decision (ticks: rounds)"), _("fair share")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="win-chance-graph" '
           f'width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
           f'font-family="{FONTS}" font-size="11" role="img" '
           f'aria-label="{label}">',
           f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>']
    # y axis: win chance in percent, grid every 25 points.
    for pct in range(0, 101, 25):
        yy = y(pct / 100)
        out.append(f'<line x1="{LEFT}" y1="{yy:.1f}" x2="{LEFT + plot_w}" y2="{yy:.1f}" '
                   f'stroke="#e0e0e0"/>')
        out.append(f'<text x="{LEFT - 6}" y="{yy + 4:.1f}" text-anchor="end">{pct}%</text>')
    out.append(f'<text x="14" y="{TOP + plot_h / 2:.1f}" text-anchor="middle" '
               f'transform="rotate(-90 14 {TOP + plot_h / 2:.1f})">'
               f'{escape(axis)}</text>')
    # x axis: round ticks (or plain decision counts when the game names no rounds).
    ticks = report.get("rounds") or [{"step": s, "round": None}
                                     for s in range(0, total + 1, max(1, total // 8))]
    for tick in ticks:
        xx = x(tick["step"])
        label = _("R{round}").format(round=tick["round"]) if tick["round"] is not None \
            else str(tick["step"])
        out.append(f'<line x1="{xx:.1f}" y1="{TOP}" x2="{xx:.1f}" y2="{TOP + plot_h}" '
                   f'stroke="#f0f0f0"/>')
        out.append(f'<line x1="{xx:.1f}" y1="{TOP + plot_h}" x2="{xx:.1f}" '
                   f'y2="{TOP + plot_h + 5}" stroke="#333"/>')
        out.append(f'<text x="{xx:.1f}" y="{TOP + plot_h + 17}" text-anchor="middle">'
                   f'{escape(label)}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 8}" text-anchor="middle">'
               f'{escape(steps)}</text>')
    out.append(f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{LEFT + plot_w}" '
               f'y2="{TOP + plot_h}" stroke="#333"/>')
    out.append(f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" stroke="#333"/>')
    fair = 1.0 / max(1, report["players"])
    out.append(f'<line x1="{LEFT}" y1="{y(fair):.1f}" x2="{LEFT + plot_w}" y2="{y(fair):.1f}" '
               f'stroke="#888" stroke-dasharray="4 4"/>')
    names = report["seat_names"]
    moves = [m for m in report["moves"] if not m["forced"]]
    legend_y = TOP + 6
    for entry in report["summary"]:
        seat = entry["seat"]
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        mine = [m for m in moves if m["seat"] == seat]
        if mine:
            points = " ".join(f"{x(m['step']):.1f},{y(m['win_before']):.1f}" for m in mine)
            out.append(f'<polyline class="seat-line" data-seat="{seat}" points="{points}" '
                       f'fill="none" stroke="{colour}" stroke-width="1.6"/>')
        lx = LEFT + plot_w + 14
        out.append(f'<line x1="{lx}" y1="{legend_y}" x2="{lx + 18}" y2="{legend_y}" '
                   f'stroke="{colour}" stroke-width="3"/>')
        out.append(f'<text x="{lx + 24}" y="{legend_y + 4}">{escape(str(names[seat]))}</text>')
        legend_y += 16
    legend_y += 6
    for mark, colour in MARK_COLOURS.items():
        lx = LEFT + plot_w + 23
        out.append(f'<circle cx="{lx}" cy="{legend_y}" r="4" fill="{colour}" '
                   f'stroke="#000" stroke-width="0.6"/>')
        out.append(f'<text x="{lx + 15}" y="{legend_y + 4}">{escape(mark_name(mark))}</text>')
        legend_y += 16
    out.append(f'<line x1="{LEFT + plot_w + 14}" y1="{legend_y}" x2="{LEFT + plot_w + 32}" '
               f'y2="{legend_y}" stroke="#888" stroke-dasharray="4 4"/>')
    out.append(f'<text x="{LEFT + plot_w + 38}" y="{legend_y + 4}">'
               f'{escape(fair_share)}</text>')
    for m in moves:
        if m["mark"] is None:
            continue
        tip = _("{seat}, decision {step}: {mark} ({action}; better {best}; −{loss} "
                "points)").format(seat=names[m["seat"]], step=m["step"],
                                  mark=mark_name(m["mark"]), action=m["action"],
                                  best=m["best"], loss=f"{100 * m['loss']:.1f}")
        out.append(f'<circle class="mark {m["mark"]}" cx="{x(m["step"]):.1f}" '
                   f'cy="{y(m["win_before"]):.1f}" r="4.5" fill="{MARK_COLOURS[m["mark"]]}" '
                   f'stroke="#000" stroke-width="0.6"><title>{escape(tip)}</title></circle>')
    out.append("</svg>")
    return "\n".join(out)


def mark_name(mark: str) -> str:
    """A mark (``inaccuracy``, ``mistake``, ``blunder``) in the current language."""
    return _(MARK_NAMES.get(mark, mark))
