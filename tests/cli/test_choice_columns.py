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
    assert "Play power card 1" in lines[0].plain


def test_the_prompt_help_fits_an_80_column_terminal() -> None:
    from regalia.cli.play import HELP
    from regalia.engine.markup import strip_markup

    lines = strip_markup(HELP).splitlines()
    assert len(lines) > 5
    assert max(len(line) for line in lines) <= 80
