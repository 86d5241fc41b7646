"""The list of choices under the board: columns, and cuts that keep choices apart."""

from __future__ import annotations

from regalia.cli.board import columns, cut_columns

MING_STEPS = [f"[bold cyan]{n:>3}[/] {text}" for n, text in enumerate(
    ["1b by horse", "1b by dragon", "1c by junk", "1c by dragon", "4a by horse",
     "4a by dragon", "stay: horse", "stay: rickshaw", "stay: junk", "stay: dragon",
     "pass (round)"], start=1)]


def test_columns_refuse_what_does_not_fit_and_lay_out_what_does() -> None:
    assert columns(MING_STEPS, 80, 2) is None  # six columns of 15 characters are too wide
    lines = columns(MING_STEPS, 80, 3)
    assert lines is not None and len(lines) == 3
    assert all(line.cell_len <= 80 for line in lines)
    assert "1b by dragon" in lines[1].plain


def test_a_cut_that_makes_two_choices_read_alike_counts_as_all_lost() -> None:
    lines, lost = cut_columns(MING_STEPS, 80, 2)
    assert lost == 1.0
    assert len(lines) == 2 and all(line.cell_len <= 80 for line in lines)


def test_a_cut_that_keeps_choices_apart_counts_only_the_letters_lost() -> None:
    cards = [f"[bold cyan]{n:>3}[/] Play power card {n} (up to {n % 6} Caballeros to your "
             "court)" for n in range(1, 14)]
    lines, lost = cut_columns(cards, 80, 5)
    assert 0 < lost < 1
    assert "Play …card 1 (up to" in lines[0].plain  # the verb stays, "power" gave way
    assert all(line.cell_len <= 80 for line in lines)


def test_wording_every_choice_shares_gives_way_before_what_tells_them_apart() -> None:
    colours = ["yellow", "orange", "red", "purple", "blue", "green"]
    items = [f"[bold cyan]{n:>3}[/] member onto space {n} ({c})"
             for n, c in enumerate(colours, start=1)]
    lines, lost = cut_columns(items, 80, 2)
    # The verb stays (it says what the choice does); the shared words after it go.
    assert [line.plain.split("   ")[0] for line in lines] == ["  1 member …1 (yellow)",
                                                              "  2 member …2 (orange)"]
    assert "member …6 (green)" in lines[1].plain and 0 < lost < 1  # "onto space" is gone
    # only as much as is needed goes: the shared text's last word stays while that fits
    items = [f"[bold cyan]{n:>3}[/] move a servant from the {c} room"
             for n, c in enumerate(colours, start=1)]
    lines, _ = cut_columns(items, 90, 2)
    assert lines[0].plain.startswith("  1 move …the yellow room")


def test_chinese_shared_wording_is_cut_by_character() -> None:
    provinces = "黄橙红紫蓝绿"
    items = [f"[bold cyan]{n:>3}[/] 皇亲放到省份区域{n}（{p}）"
             for n, p in enumerate(provinces, start=1)]
    lines, lost = cut_columns(items, 80, 2)
    assert 0 < lost < 1 and all(line.cell_len <= 80 for line in lines)
    assert all(f"区域{n}（{p}）" in "".join(line.plain for line in lines)
               for n, p in enumerate(provinces, start=1))
    assert lines[0].plain.startswith("  1 …")


def test_nothing_is_elided_from_a_list_that_fits_or_from_a_lone_choice() -> None:
    from rich.text import Text

    from regalia.cli.board import elide_shared

    short = [Text("  1 take a horse"), Text("  2 take a junk")]
    assert [t.plain for t in elide_shared(short, 20)] == ["  1 take a horse", "  2 take a junk"]
    lone = [Text("  1 member onto space 1 (yellow)")]
    assert elide_shared(lone, 10)[0].plain == "  1 member onto space 1 (yellow)"


def test_the_prompt_help_fits_an_80_column_terminal() -> None:
    from regalia.cli.play import HELP
    from regalia.engine.markup import strip_markup

    lines = strip_markup(HELP).splitlines()
    assert len(lines) > 5
    assert max(len(line) for line in lines) <= 80
