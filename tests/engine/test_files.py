"""Atomic, no-clobber file writes: nothing a user made is lost to a failed or unasked save."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from regalia.engine import files
from regalia.engine.files import CannotWrite, FileExists, check_writable, unused_path, write_atomic


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_writes_new_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = write_atomic(tmp_path / "r.json", "{}\n")
    assert target.read_text() == "{}\n"
    assert leftovers(tmp_path) == []


def test_existing_file_is_kept_unless_overwrite(tmp_path: Path) -> None:
    target = tmp_path / "r.json"
    target.write_text("mine")
    with pytest.raises(FileExists, match="exists already"):
        write_atomic(target, "theirs")
    assert target.read_text() == "mine"
    write_atomic(target, "theirs", overwrite=True)
    assert target.read_text() == "theirs"
    assert leftovers(tmp_path) == []


def test_failed_write_leaves_the_old_file_whole(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "r.json"
    target.write_text("the old record")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full_disk)
    with pytest.raises(CannotWrite, match="No space left"):
        write_atomic(target, "x" * 10_000, overwrite=True)
    assert target.read_text() == "the old record"
    assert leftovers(tmp_path) == []


def test_file_appearing_during_the_write_is_not_replaced(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "r.json"
    real_fsync = os.fsync

    def someone_else_saves(fd: int) -> None:
        real_fsync(fd)
        target.write_text("someone else's")

    monkeypatch.setattr(files.os, "fsync", someone_else_saves)
    with pytest.raises(FileExists):
        write_atomic(target, "ours")
    assert target.read_text() == "someone else's"
    assert leftovers(tmp_path) == []


def test_check_writable_refuses_missing_folder_existing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(CannotWrite, match="no folder"):
        check_writable(tmp_path / "nowhere" / "r.json")
    (tmp_path / "d").mkdir()
    with pytest.raises(CannotWrite, match="is a folder"):
        check_writable(tmp_path / "d")
    (tmp_path / "r.json").write_text("x")
    with pytest.raises(FileExists):
        check_writable(tmp_path / "r.json")
    assert check_writable(tmp_path / "r.json", overwrite=True) == tmp_path / "r.json"
    assert leftovers(tmp_path) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_check_writable_refuses_a_read_only_folder(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(CannotWrite, match="cannot write in"):
            check_writable(folder / "r.json")
    finally:
        folder.chmod(0o700)


def test_unused_path_numbers_taken_names(tmp_path: Path) -> None:
    first = tmp_path / "game.json"
    assert unused_path(first) == first
    first.write_text("x")
    assert unused_path(first) == tmp_path / "game-2.json"
    (tmp_path / "game-2.json").write_text("x")
    assert unused_path(first) == tmp_path / "game-3.json"
