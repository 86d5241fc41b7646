"""The analysis report as one self-contained HTML page: summary, graph, and every marked move
with the board as that seat saw it (the game's ``render_svg`` of ``view(seat)``)."""

from __future__ import annotations

import base64
from collections.abc import Mapping
from html import escape
from typing import Any

from regalia.analysis.graph import MARK_COLOURS, mark_name, win_chance_svg
from regalia.analysis.run import Cursor, seat_names
from regalia.engine.errors import RegaliaError
from regalia.engine.i18n import _, language, pgettext
from regalia.engine.phone_board import text_picture
from regalia.engine.record import Record
from regalia.engine.registry import get_game

STYLE = """
body { font-family: system-ui, 'Noto Sans CJK SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei',
       'Microsoft YaHei', sans-serif; margin: 1.5em auto; max-width: 960px; color: #222; }
table { border-collapse: collapse; margin: 0.8em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.move { border-top: 1px solid #ddd; padding: 0.6em 0; }
.badge { color: #fff; border-radius: 3px; padding: 0 0.4em; font-weight: bold; }
.board { max-width: 100%; height: auto; border: 1px solid #eee; }
picture { display: block; }
.note { color: #666; font-size: 0.9em; }
/* A phone: nothing wider than the screen (the graph shrinks to it, a wide table scrolls in
   its own box), and the words keep off the screen's edges. */
body { padding: 0 0.5em; }
p, h1, h2, h3 { overflow-wrap: anywhere; }
.win-chance-graph { max-width: 100%; height: auto; }
table { display: block; max-width: 100%; overflow-x: auto; }
"""

# The widest screen shown the phone drawings (as the web table's style sheet does).
NARROW = 1199


def boards_for(record: Record, report: Mapping[str, Any], *,
               phone: bool = False) -> dict[int, str]:
    """The board before every marked move, as the moving seat saw it, as SVG by step;
    ``phone``: the game's drawing for a phone's screen (its own, else its terminal board as
    a picture), which the page shows instead on a narrow screen."""
    info = get_game(record.game)
    draw = info.render_svg
    if phone:
        draw = info.render_phone_svg or (text_picture(info.render_text)
                                         if info.render_text is not None else None)
    if draw is None:
        return {}
    cursor = Cursor(record)
    out: dict[int, str] = {}
    for move in report["moves"]:
        if move.get("mark"):
            view = cursor.before(move["step"]).view(move["seat"])
            out[move["step"]] = draw(dict(view, legal=[]) if phone else view)
    return out


def localized(record: Record, report: Mapping[str, Any]) -> dict[str, Any]:
    """``report`` with its words (title, seat names, the moves' descriptions) made again in
    the current language from ``record``; keys, notation and numbers unchanged. A report
    is data: its words are those of the language it was computed in, and a reader may read
    another."""
    out = dict(report)
    names = seat_names(record)
    if len(names) == len(report["seat_names"]):
        out["seat_names"] = names
        out["summary"] = [{**s, "name": names[s["seat"]]} for s in report["summary"]]
    out["title"] = _(str(report["title"]))
    cursor = Cursor(record)
    moves = []
    for move in report["moves"]:
        state = cursor.before(move["step"])
        worded = dict(move)
        try:
            worded["description"] = state.describe(state.parse_action(move["action"]))
            if "best" in move:  # (a forced move has no other)
                worded["best_description"] = state.describe(state.parse_action(move["best"]))
        except RegaliaError:
            pass  # keeps the words it came with
        moves.append(worded)
    out["moves"] = moves
    return out


def html_report(report: Mapping[str, Any], boards: Mapping[int, str],
                phone_boards: Mapping[int, str] | None = None) -> str:
    """The page (a string), worded in the current language (:func:`localized` words the
    report's own words in it). ``boards``: SVG of the position before each marked move;
    ``phone_boards``: the same drawn for a phone, shown instead on a screen up to
    :data:`NARROW` px wide, as the web table does (the desktop drawing shrunk to the page's
    width is unreadable)."""
    names = report["seat_names"]
    title = _("{title} · analysis").format(title=_(str(report["title"])))
    settings = report["settings"]
    thresholds = report["thresholds"]
    intro = _("{players} players, {decisions} decisions; judged by {bot} from each seat's own "
              "information (seed {seed}). Marks by lost win chance: inaccuracy from "
              "{inaccuracy}, mistake from {mistake}, blunder from {blunder} points.").format(
        players=report["players"], decisions=report["decisions"],
        bot=f"\x00{settings['bot']}\x01", seed=settings["seed"],
        inaccuracy=_pct(thresholds["inaccuracy"]), mistake=_pct(thresholds["mistake"]),
        blunder=_pct(thresholds["blunder"]))
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{language()}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="note">{_code(intro)}</p>',
    ]
    if report["over"]:
        final = pgettext("analysis", ", ").join(
            _("{seat} {score} (place {place})").format(
                seat=escape(str(names[s])), score=report["scores"][s],
                place=report["ranking"][s])
            for s in range(report["players"]))
        parts.append("<p>" + _("Final: {results}").format(results=final) + "</p>")
    parts.append("<h2>" + escape(_("Summary")) + "</h2>" + summary_table(report))
    parts.append("<h2>" + escape(_("Win chance")) + "</h2>")
    parts.append(win_chance_svg(report))
    marked = [m for m in report["moves"] if m.get("mark")]
    parts.append("<h2>" + escape(_("Marked moves ({n})").format(n=len(marked))) + "</h2>")
    if not marked:
        parts.append("<p>" + escape(_("No move lost enough to be marked.")) + "</p>")
    for m in marked:
        colour = MARK_COLOURS[m["mark"]]
        heading = escape(_("Decision {step}: {seat}").format(step=m["step"],
                                                             seat=names[m["seat"]]))
        played = (_("Played {move} {notation}: win chance {win}%, expected place {place} "
                    "after it (never played out by the search).") if m["unexplored"] else
                  _("Played {move} {notation}: win chance {win}%, expected place {place} "
                    "after it.")).format(
            move=f"\x02{m['description']}\x03", notation=f"\x00{m['action']}\x01",
            win=_pct(m["win_after"]), place=f"{m['place_after']:.1f}")
        better = _("Better: {move} {notation}: {win}%, expected place {place}. Lost {loss} "
                   "points.").format(
            move=f"\x02{m['best_description']}\x03", notation=f"\x00{m['best']}\x01",
            win=_pct(m["win_before"]), place=f"{m['place_before']:.1f}",
            loss=_pct(m["loss"]))
        if m.get("margin_loss"):
            better += " " + _("It gave away {margin} points of the evaluation's margin (what "
                              "decides the loss where the win chance no longer moves).").format(
                margin=f"{m['margin_loss']:.1f}")
        parts.append(
            f'<div class="move" id="step-{m["step"]}"><h3>{heading} '
            f'<span class="badge" style="background:{colour}">'
            f"{escape(mark_name(m['mark']))}</span></h3>"
            f"<p>{_code(played)}<br>{_code(better)}</p>")
        svg = boards.get(m["step"])
        if svg is not None:
            # As an image: each game's SVG keeps its own ids, and several on one page clash.
            data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
            alt = escape(_("the board before the move, as {seat} saw it").format(
                seat=names[m["seat"]]))
            narrow = (phone_boards or {}).get(m["step"])
            source = ""
            if narrow is not None:
                small = base64.b64encode(narrow.encode("utf-8")).decode("ascii")
                source = (f'<source media="(max-width: {NARROW}px)" '
                          f'srcset="data:image/svg+xml;base64,{small}">')
            parts.append(f'<picture>{source}<img class="board" alt="{alt}" '
                         f'src="data:image/svg+xml;base64,{data}"></picture>')
        parts.append("</div>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _code(text: str) -> str:
    """``text`` escaped, its notation (between \\x00 and \\x01) in ``<code>`` and its
    moves (between \\x02 and \\x03) in bold: the markup stays out of the catalog."""
    return (escape(text).replace("\x00", "<code>").replace("\x01", "</code>")
            .replace("\x02", "<b>").replace("\x03", "</b>"))


def summary_table(report: Mapping[str, Any]) -> str:
    heads = [_("Seat"), _("Judged"), _("Forced"), _("Average loss"), _("Inaccuracies"),
             _("Mistakes"), _("Blunders"), _("Accuracy")]
    rows = ["<table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr>"]
    for s in report["summary"]:
        loss = "–" if s["average_loss"] is None else \
            _("{n} points").format(n=f"{100 * s['average_loss']:.1f}")
        accuracy = "–" if s["accuracy"] is None else f"{s['accuracy']:.1f}"
        rows.append(f"<tr><td>{escape(str(s['name']))}</td><td>{s['judged']}</td>"
                    f"<td>{s['forced']}</td><td>{escape(loss)}</td><td>{s['inaccuracies']}</td>"
                    f"<td>{s['mistakes']}</td><td>{s['blunders']}</td><td>{accuracy}</td></tr>")
    rows.append("</table>")
    return "".join(rows)


def _pct(value: float) -> str:
    return f"{100 * value:.1f}".rstrip("0").rstrip(".")
