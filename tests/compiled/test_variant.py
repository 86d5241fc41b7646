"""Which variant runs, and that the compiled build compiles what docs/compiled.md says."""

from __future__ import annotations

import importlib
import importlib.machinery
import sys

from typer.testing import CliRunner

from regalia.cli.bench import build_variant
from regalia.cli.main import app
from tests.compiled.variants import ROOT, in_pure

sys.path.insert(0, str(ROOT / "build_backend"))
from regalia_modules import compile_requested, compiled_paths


def _module(path: str) -> str:
    name = path.removeprefix("src/").removesuffix(".py").replace("/", ".")
    return name.removesuffix(".__init__")


def _is_extension(name: str) -> bool:
    file = importlib.import_module(name).__file__ or ""
    return file.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_the_compiled_list_holds_every_rules_core_and_no_front_end() -> None:
    modules = {_module(p) for p in compiled_paths(ROOT)}
    for game in ("el_grande", "castles_of_burgundy_cards", "palais_royal",
                 "shadow_of_the_emperor", "ming_dynasty"):
        assert f"regalia.games.{game}.state" in modules
    for bot in ("ismcts", "greedy", "evaluations.el_grande", "evaluations.ming_dynasty"):
        assert f"regalia.bots.{bot}" in modules
    assert "regalia.engine.state" in modules and "regalia.engine.playout" in modules
    assert not any(m.startswith(("regalia.cli", "regalia.server", "regalia.rl")) for m in modules)


def test_only_an_explicit_yes_asks_for_the_compiled_build() -> None:
    assert compile_requested({"REGALIA_COMPILE": "1"})
    assert not compile_requested({}) and not compile_requested({"REGALIA_COMPILE": "0"})


def test_the_variant_is_what_is_loaded() -> None:
    modules = sorted(_module(p) for p in compiled_paths(ROOT))
    loaded = {name: _is_extension(name) for name in modules}
    if build_variant() == "compiled":
        assert all(loaded.values()), [m for m, ext in loaded.items() if not ext]
    else:
        assert not any(loaded.values()), [m for m, ext in loaded.items() if ext]


def test_version_names_the_variant() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip().endswith(f"({build_variant()})")


def test_pure_python_hides_every_compiled_module() -> None:
    code = ("import json, importlib, importlib.machinery as m\n"
            "import regalia.games.el_grande.state, regalia.bots.ismcts, regalia.engine.state\n"
            "from regalia.cli.bench import build_variant\n"
            "names = ['regalia.games.el_grande.state', 'regalia.bots.ismcts', "
            "'regalia.engine.state']\n"
            "print(json.dumps([build_variant()] + [importlib.import_module(n).__file__ "
            "for n in names]))\n")
    variant, *files = in_pure(code)
    assert variant == "pure" and all(f.endswith(".py") for f in files)


def test_compare_pure_refuses_without_a_compiled_build_or_compares() -> None:
    result = CliRunner().invoke(app, ["bench", "el-grande", "-p", "3", "--seconds", "0.2",
                                      "--compare-pure", "--json"])
    if build_variant() == "pure":
        assert result.exit_code != 0 and "not compiled" in result.output
    else:
        import json

        assert result.exit_code == 0, result.output
        [pair] = json.loads(result.stdout)
        assert pair["pure"]["variant"] == "pure" and pair["compiled"]["variant"] == "compiled"
        assert pair["pure"]["games_per_second"] > 0 and pair["compiled"]["games_per_second"] > 0
