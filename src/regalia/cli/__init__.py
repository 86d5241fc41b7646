"""The ``regalia`` command line: games, play, simulate, replay, render, bench (Typer + Rich).

Everything here reaches the games through the registry only; no command names a game.
"""
