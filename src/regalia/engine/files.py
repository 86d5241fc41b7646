"""Writing files so that nothing a user made is lost: atomically, and never over a file unasked.

A write goes to a temporary file in the target's folder, is flushed to disk, and only then takes
the target's name, so a crash or a full disk leaves either the old file or the new one, never a
truncated mix. Without ``overwrite`` the final step refuses to replace an existing file, even one
that appeared while we were writing.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from regalia.engine.errors import RegaliaError, os_reason
from regalia.engine.i18n import _


class FileExists(RegaliaError, FileExistsError):
    """The target file exists and replacing it was not asked for."""


class CannotWrite(RegaliaError, OSError):
    """The target cannot be written (no such folder, no permission, a folder in the way…)."""


def write_atomic(path: str | Path, data: str | bytes, *, overwrite: bool = False) -> Path:
    """Write ``data`` to ``path`` atomically; without ``overwrite`` an existing file stays.

    Text is written as UTF-8. Raises :class:`FileExists` or :class:`CannotWrite`.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise CannotWrite(_("cannot write {path}: it is a folder").format(path=target))
    if not overwrite and target.exists():
        raise FileExists(_exists(target))
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise CannotWrite(_cannot(target, err)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        _publish(temp, target, overwrite)
    except BaseException as err:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(err, RegaliaError):
            raise
        if isinstance(err, OSError):
            raise CannotWrite(_cannot(target, err)) from None
        raise
    _sync_folder(folder)
    return target


def _exists(target: Path) -> str:
    return _("{path} exists already (use --force to replace it)").format(path=target)


def _cannot(target: Path, err: OSError) -> str:
    return _("cannot write {path}: {reason}").format(path=target, reason=os_reason(err))


def _publish(temp: str, target: Path, overwrite: bool) -> None:
    if overwrite:
        os.replace(temp, target)
        return
    # A hard link fails if the name is taken, so a file made meanwhile is never replaced.
    try:
        os.link(temp, target)
    except FileExistsError:
        raise FileExists(_exists(target)) from None
    except OSError:
        # Filesystems without hard links: the check-then-rename window is all we can do.
        if target.exists():
            raise FileExists(_exists(target)) from None
        os.replace(temp, target)
        return
    os.unlink(temp)


def _sync_folder(folder: Path) -> None:
    # The rename is durable only once the folder's entry is on disk (POSIX).
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def check_writable(path: str | Path, *, overwrite: bool = False) -> Path:
    """Refuse now, not after an hour of play, a path that a later save could not write."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise CannotWrite(_("cannot write {path}: it is a folder").format(path=target))
    if not folder.is_dir():
        raise CannotWrite(_("cannot write {path}: there is no folder {folder}").format(
            path=target, folder=folder))
    if not overwrite and target.exists():
        raise FileExists(_exists(target))
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as err:
        raise CannotWrite(_("cannot write in {folder}: {reason}").format(
            folder=folder, reason=os_reason(err))) from None
    return target


def unused_path(name: str | Path) -> Path:
    """``name``, or ``name`` with a number added (``game-2.json``) if that file exists."""
    path = Path(name)
    n = 1
    while path.exists():
        n += 1
        path = Path(name).with_stem(f"{Path(name).stem}-{n}")
    return path
