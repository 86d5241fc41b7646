"""``python -m regalia``: the same command line as ``regalia``."""

from regalia.cli.main import app

app(prog_name="regalia")
