"""Regalia's message catalogs, kept with Babel (a development tool, not a run-time dependency).

    python tools/catalogs.py update [--also OTHER.po ...]
        extract every marked message of src/regalia into locale/regalia.pot, bring each
        language's regalia.po up to it (new messages untranslated, gone ones dropped; ``--also``
        fills untranslated messages from other copies of a catalog, e.g. both sides of a merge),
        and compile the .mo files
    python tools/catalogs.py check
        exit 1, listing the problems, if a message of the sources is missing from a catalog or
        untranslated or fuzzy there, a translation drops or adds a placeholder, or a .mo file
        is not the compilation of its .po (the tests run this)
    python tools/catalogs.py init LANG
        start the catalog of a new language (then add it to locale/languages.toml)

Messages are marked in the sources with ``_``, ``N_``, ``ngettext``, ``pgettext`` and
``npgettext`` of :mod:`regalia.engine.i18n` (Python) and ``_``/``gettext``/``ngettext`` in the
web server's Jinja2 templates. Placeholders are ``str.format`` fields (``{who}``): a translation
must keep exactly the fields of its message, in any order.
"""

from __future__ import annotations

import argparse
import io
import string
import sys
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "src" / "regalia"
LOCALE = SOURCES / "locale"
TEMPLATE = LOCALE / "regalia.pot"
DOMAIN = "regalia"
KEYWORDS = {
    "_": None, "N_": None, "gettext": None,
    "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
}
METHODS = [
    ("**.py", "python"),
    ("**/templates/**.html", "jinja2"),
]
OPTIONS = {"**/templates/**.html": {"extensions": "jinja2.ext.i18n"}}


# Fixed header fields: an update that finds nothing new rewrites the files byte for byte, and
# two branches' catalogs differ only where their messages do.
STAMP = datetime(2026, 11, 23, tzinfo=UTC)
HEADER = {"version": "", "msgid_bugs_address": "", "copyright_holder": "Regalia developers",
          "last_translator": "Regalia developers", "language_team": ""}


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> Catalog:
    """The template catalog of everything the sources mark, with where each message is used."""
    catalog = Catalog(project="regalia", domain=DOMAIN, charset="utf-8", fuzzy=False,
                      creation_date=STAMP, revision_date=STAMP, **HEADER)
    found = extract_from_dir(str(SOURCES), method_map=METHODS, options_map=OPTIONS,
                             keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
                             strip_comment_tags=True)
    for filename, line, message, comments, context in found:
        catalog.add(message, None, [(f"regalia/{filename}", line)],
                    auto_comments=comments, context=context)
    return catalog


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def write(catalog: Catalog, path: Path) -> None:
    """Written whole to a temporary file and moved into place: never half a catalog."""
    buffer = io.BytesIO()
    # no line numbers: they change with every edit of a source file and would make every
    # change of code a change of the catalogs (the check names the lines, from the sources)
    write_po(buffer, catalog, width=100, sort_by_file=True, omit_header=False,
             include_previous=False, include_lineno=False)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(buffer.getvalue())
    tmp.replace(path)


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return bool(strings) and all(strings) and not message.fuzzy


def update(also: Iterable[Path] = ()) -> None:
    template = extract()
    write(template, TEMPLATE)
    others = [read(p) for p in also]
    for lang in languages():
        catalog = read(po_path(lang), lang)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()  # a message no source uses is gone, not kept commented out
        for message in catalog:
            if not message.id or translated(message):
                continue
            for other in others:
                found = other.get(message.id, message.context)
                if found is not None and translated(found):
                    message.string = found.string
                    message.flags.discard("fuzzy")
                    break
        write(catalog, po_path(lang))
        po_path(lang).with_suffix(".mo").write_bytes(compiled(catalog))


def fields(text: str) -> set[str]:
    """The ``str.format`` fields of ``text`` (``{who}``, ``{n:>3}`` → who, n)."""
    try:
        return {name for _lit, name, _spec, _conv in string.Formatter().parse(text)
                if name is not None}
    except ValueError:
        return {"<not a format string>"}


def problems() -> Iterator[str]:
    template = extract()
    for lang in languages():
        catalog = read(po_path(lang), lang)
        for wanted in template:
            if not wanted.id:
                continue
            where = ", ".join(f"{f}:{n}" for f, n in wanted.locations[:2])
            message = catalog.get(wanted.id, wanted.context)
            label = wanted.id if isinstance(wanted.id, str) else wanted.id[0]
            if message is None:
                yield f"{lang}: not in the catalog: {label!r} ({where}); run update"
                continue
            if not translated(message):
                yield f"{lang}: untranslated or fuzzy: {label!r} ({where})"
                continue
            yield from _placeholders(lang, message, label)
        unused = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog
                  if m.id} - {(m.id if isinstance(m.id, str) else m.id[0], m.context)
                              for m in template if m.id}
        for label, _context in sorted(unused, key=str):
            yield f"{lang}: in the catalog but used nowhere: {label!r}; run update"
        mo = po_path(lang).with_suffix(".mo")
        if not mo.exists():
            yield f"{lang}: {mo.name} is missing; run update"
        else:
            with mo.open("rb") as handle:
                shipped = read_mo(handle)
            # plural ids are tuples in a .po and lists in a .mo: compare them as tuples
            want = {(_norm(m.id), m.context): m.string for m in catalog
                    if m.id and translated(m)}
            have = {(_norm(m.id), m.context): m.string for m in shipped if m.id}
            if {k: _norm(v) for k, v in want.items()} != {k: _norm(v) for k, v in have.items()}:
                yield (f"{lang}: {mo.name} is not the compilation of {po_path(lang).name}; "
                       "run update")


def _norm(value: object) -> object:
    return tuple(value) if isinstance(value, (list, tuple)) else value


def _placeholders(lang: str, message: Message, label: str) -> Iterator[str]:
    if isinstance(message.id, str):
        pairs = [(message.id, message.string)]
    else:  # plural: every form keeps the plural message's fields (the count may be dropped)
        forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        pairs = [(message.id[1], form) for form in forms]
    for source, target in pairs:
        want, have = fields(source), fields(str(target))
        if isinstance(message.id, tuple):
            want = want | fields(message.id[0])
            extra, missing = have - want, want - have - {"n", "count"}
        else:
            extra, missing = have - want, want - have
        if missing or extra:
            yield (f"{lang}: placeholders differ in {label!r}: "
                   f"missing {sorted(missing)}, unknown {sorted(extra)}")


def init(lang: str) -> None:
    path = po_path(lang)
    if path.exists():
        raise SystemExit(f"{path} exists already")
    path.parent.mkdir(parents=True)
    catalog = Catalog(locale=lang, project="regalia", domain=DOMAIN, charset="utf-8",
                      fuzzy=False, creation_date=STAMP, revision_date=STAMP, **HEADER)
    write(catalog, path)
    update()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    up = sub.add_parser("update")
    up.add_argument("--also", nargs="*", type=Path, default=[])
    sub.add_parser("check")
    start = sub.add_parser("init")
    start.add_argument("lang")
    args = parser.parse_args(argv)
    if args.command == "update":
        update(args.also)
        return 0
    if args.command == "init":
        init(args.lang)
        return 0
    found = list(problems())
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
