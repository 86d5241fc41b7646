"""Ming Dynasty as rich text for the terminal: ``render_text(view, width=, height=)``.

A pure function of a ``view(seat)`` dict (keys: see ``view.py``), returning Rich console
markup in a plain string (nothing here imports Rich). Each province takes two lines: its
space (members per seat), the display card beside it and its tiles left; then its three
districts: open-area members per colour (the majority holder starred), the cloister, the city
houses, a prince. Below: the seats, and the viewer's reachable districts and the borders
around its prince, which players plan by. At 80 x 24 everything fits; wider screens get
longer words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.markup import esc, strip_markup

COLOUR_STYLES = ("bold yellow", "bold green", "bold blue", "bold red", "bold white")
COLOUR_MARKS = ("Y", "G", "B", "R", "N")
PHASE_TITLES = {"prince": "setup: princes", "neutral": "neutral family",
                "place": "1 place on province spaces", "take": "2 take movement cards",
                "act": "3 move prince / stay / pass", "moving": "3 moving the prince",
                "deploy": "3 deploy family members", "return": "4 scoring: return cards",
                "back": "4 scoring: members go back", "neutral-back": "4 scoring: neutral back",
                "start": "round end: choose the start player", "over": "game over"}
SHORT_CARDS = {"horse": "hrs", "rickshaw": "rik", "junk": "jnk", "barge": "brg",
               "cart": "crt", "palanquin": "plq", "dragon": "DRG"}


def mark(colour: int, text: str | None = None) -> str:
    style = COLOUR_STYLES[colour % len(COLOUR_STYLES)]
    return f"[{style}]{esc(text if text is not None else COLOUR_MARKS[colour % 5])}[/]"


def _colour_of(view: Mapping[str, Any], colour: int) -> int:
    """The style index of a colour: seats 0-3, the neutral family 4."""
    return 4 if colour >= view["players_count"] else colour


def _pad(markup: str, width: int) -> str:
    plain = strip_markup(markup)
    if len(plain) > width:
        return esc(plain[:width])
    return markup + " " * (width - len(plain))


def _counts(view: Mapping[str, Any], counts: list[int], star: list[int]) -> str:
    parts = []
    for c, n in enumerate(counts):
        if n:
            parts.append(mark(_colour_of(view, c), f"{COLOUR_MARKS[_colour_of(view, c)]}{n}"
                                                   + ("*" if c in star else "")))
    return "".join(parts) or "-"


def _district(view: Mapping[str, Any], q: int, cell: int) -> str:
    dist = view["districts"][q]
    out = f"{dist['id']} " + _counts(view, dist["open"], dist["leader"])
    if dist["cloister"] is not None:
        out += " c" + mark(dist["cloister"])
    if any(dist["city"]):
        out += " h" + _counts(view, dist["city"], [])
    if dist["prince"] is not None:
        out += " " + mark(dist["prince"], "@" + COLOUR_MARKS[dist["prince"]])
    return _pad(out, cell)


def render_text(view: Mapping[str, Any], *, width: int = 80, height: int = 24) -> str:
    n = view["players_count"]
    wide = width >= 100
    movers = ", ".join(view["players"][s]["name"] for s in view["to_move"]) or "nobody"
    title = "[bold]Ming Dynasty[/] " if wide else ""  # 80 columns: room for who moves
    head = (f"{title}round {view['round']}/{view['rounds']}  "
            f"{esc(PHASE_TITLES.get(view['phase'], view['phase']))}  "
            f"start {mark(view['start'], view['players'][view['start']]['name'])}  "
            f"to move: {esc(movers)}")
    lines: list[str] = []
    rest = 1 + n + 3 + (1 if view["over"] else 0)
    # Two lines a province when the screen has room, else one (districts cut to fit).
    two_lines = height >= rest + 12
    for i, prov in enumerate(view["map"]["provinces"]):
        info = view["provinces"][i]
        space = "".join(mark(p, f"{COLOUR_MARKS[p]}{k}") for p, k in enumerate(info["space"])
                        if k) or "-"
        card = info["display"] or "none"
        if two_lines:
            name = prov["name"] if wide else prov["name"][:6]
            cell = max(20, (width - 4) // 3)
            lines.append(f"[bold]{i + 1} {esc(name):<{10 if wide else 6}}[/] space {space}  "
                         f"card [bold]{esc(card)}[/]  tiles {info['tiles']}")
            lines.append("  " + "".join(_district(view, 3 * i + j, cell) for j in range(3)))
        else:
            lead = _pad(f"[bold]{i + 1}[/]{esc(prov['name'][:3])} {space} "
                        f"{esc(SHORT_CARDS.get(card, card))}", 17)
            cell = max(12, (width - 18) // 3)
            lines.append(lead + " " + "".join(_district(view, 3 * i + j, cell)
                                              for j in range(3)))
    for p, pl in enumerate(view["players"]):
        hand = pl["hand"]
        cards = (" ".join(f"{SHORT_CARDS.get(k, k)}x{c}" if c > 1 else SHORT_CARDS.get(k, k)
                          for k, c in hand.items()) or "no cards") if hand is not None \
            else f"{pl['hand_size']} cards"
        acting = view["phase"] in ("act", "moving", "deploy")
        # one number per province, in the provinces' order 1-6 above
        tiles = " ".join(str(t) for t in pl["tiles"])
        extra = ""
        if "sealed" in pl:
            extra = " return:" + (str(pl["return"]) if "return" in pl else
                                  ("sealed" if pl["sealed"] else "choosing"))
        elif pl["revealed"] is not None and view["scoring"]:
            extra = f" returned {pl['revealed']}"
        lines.append(f"{mark(p, pl['name'].ljust(6))} "
                     f"{pl['score']:>3} pts  supply {pl['supply']:>2}  tiles {tiles}  "
                     "hand \\[" + esc(cards) + "]"
                     + (" passed" if acting and pl["passed"] else "") + esc(extra))
    tail = f"dragons {view['dragons']}  deck {view['deck']}"
    if view["neutral"] is not None:
        tail += f"  neutral supply {view['neutral']['supply']}"
    if view.get("deploy"):
        dep = view["deploy"]
        tail += f"  deploy left {dep['left']}" + (" (cloister locked)" if dep["locked"] else "")
    lines.append(tail)
    seat = view.get("seat")
    if seat is not None and seat < n and "reachable" in view:
        here = next((q for q, dist in enumerate(view["districts"]) if dist["prince"] == seat),
                    None)
        if here is not None:
            me = view["districts"][here]["id"]
            near = [f"{b if a == me else a} {SHORT_CARDS.get(t, t)}"
                    for a, b, t in view["map"]["borders"] if me in (a, b)]
            lines.append(f"prince at {me}: " + ", ".join(near))
        lines.append("reachable: " + (" ".join(view["reachable"]) or "none"))
    if view["over"]:
        ranks = view["ranking"]
        lines.append("final: " + "  ".join(f"{view['players'][p]['name']} "
                                           f"{view['players'][p]['score']} (#{ranks[p]})"
                                           for p in range(n)))
    lines = [head, *lines]
    if len(lines) > height:  # the seats and the viewer's lines matter more than the tail
        lines = lines[:height]
    out = []
    for line in lines:
        plain = strip_markup(line)
        out.append(line if len(plain) <= width else esc(plain[:width]))
    return "\n".join(out)
