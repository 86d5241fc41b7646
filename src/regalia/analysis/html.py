"""The analysis report as one self-contained HTML page: summary, graph, and every marked move
with the board as that seat saw it (the game's ``render_svg`` of ``view(seat)``)."""

from __future__ import annotations

import base64
from collections.abc import Mapping
from html import escape
from typing import Any

from regalia.analysis.graph import MARK_COLOURS, win_chance_svg
from regalia.analysis.run import Cursor
from regalia.engine.record import Record
from regalia.engine.registry import get_game

STYLE = """
body { font-family: sans-serif; margin: 1.5em auto; max-width: 960px; color: #222; }
table { border-collapse: collapse; margin: 0.8em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.move { border-top: 1px solid #ddd; padding: 0.6em 0; }
.badge { color: #fff; border-radius: 3px; padding: 0 0.4em; font-weight: bold; }
.board { max-width: 100%; border: 1px solid #eee; }
.note { color: #666; font-size: 0.9em; }
"""


def boards_for(record: Record, report: Mapping[str, Any]) -> dict[int, str]:
    """The board before every marked move, as the moving seat saw it, as SVG by step."""
    info = get_game(record.game)
    if info.render_svg is None:
        return {}
    cursor = Cursor(record)
    out: dict[int, str] = {}
    for move in report["moves"]:
        if move.get("mark"):
            view = cursor.before(move["step"]).view(move["seat"])
            out[move["step"]] = info.render_svg(view)
    return out


def html_report(report: Mapping[str, Any], boards: Mapping[int, str]) -> str:
    """The page (a string). ``boards``: SVG of the position before each marked move."""
    names = report["seat_names"]
    title = f"{report['title']} · analysis"
    settings = report["settings"]
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="note">{report["players"]} players, {report["decisions"]} decisions; '
        f"judged by <code>{escape(settings['bot'])}</code> from each seat's own information "
        f"(seed {settings['seed']}). Marks by lost win chance: inaccuracy from "
        f"{_pct(report['thresholds']['inaccuracy'])}, mistake from "
        f"{_pct(report['thresholds']['mistake'])}, blunder from "
        f"{_pct(report['thresholds']['blunder'])} points.</p>",
    ]
    if report["over"]:
        final = ", ".join(f"{escape(str(names[s]))} {report['scores'][s]} (place "
                          f"{report['ranking'][s]})" for s in range(report["players"]))
        parts.append(f"<p>Final: {final}</p>")
    parts.append("<h2>Summary</h2>" + summary_table(report))
    parts.append("<h2>Win chance</h2>")
    parts.append(win_chance_svg(report))
    marked = [m for m in report["moves"] if m.get("mark")]
    parts.append(f"<h2>Marked moves ({len(marked)})</h2>")
    if not marked:
        parts.append("<p>No move lost enough to be marked.</p>")
    for m in marked:
        colour = MARK_COLOURS[m["mark"]]
        parts.append(
            f'<div class="move" id="step-{m["step"]}"><h3>Decision {m["step"]}: '
            f"{escape(str(names[m['seat']]))} "
            f'<span class="badge" style="background:{colour}">{m["mark"]}</span></h3>'
            f"<p>Played <b>{escape(m['description'])}</b> <code>{escape(m['action'])}</code>: "
            f"win chance {_pct(m['win_after'])}%, expected place {m['place_after']:.1f} after it"
            f"{' (never played out by the search)' if m['unexplored'] else ''}.<br>"
            f"Better: <b>{escape(m['best_description'])}</b> <code>{escape(m['best'])}</code>: "
            f"{_pct(m['win_before'])}%, expected place {m['place_before']:.1f}. "
            f"Lost {_pct(m['loss'])} points.</p>")
        svg = boards.get(m["step"])
        if svg is not None:
            # As an image: each game's SVG keeps its own ids, and several on one page clash.
            data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
            parts.append(f'<img class="board" alt="the board before the move, as '
                         f'{escape(str(names[m["seat"]]))} saw it" '
                         f'src="data:image/svg+xml;base64,{data}">')
        parts.append("</div>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def summary_table(report: Mapping[str, Any]) -> str:
    rows = ["<table><tr><th>Seat</th><th>Judged</th><th>Forced</th><th>Average loss</th>"
            "<th>Inaccuracies</th><th>Mistakes</th><th>Blunders</th><th>Accuracy</th></tr>"]
    for s in report["summary"]:
        loss = "–" if s["average_loss"] is None else f"{100 * s['average_loss']:.1f} points"
        accuracy = "–" if s["accuracy"] is None else f"{s['accuracy']:.1f}"
        rows.append(f"<tr><td>{escape(str(s['name']))}</td><td>{s['judged']}</td>"
                    f"<td>{s['forced']}</td><td>{loss}</td><td>{s['inaccuracies']}</td>"
                    f"<td>{s['mistakes']}</td><td>{s['blunders']}</td><td>{accuracy}</td></tr>")
    rows.append("</table>")
    return "".join(rows)


def _pct(value: float) -> str:
    return f"{100 * value:.1f}".rstrip("0").rstrip(".")
