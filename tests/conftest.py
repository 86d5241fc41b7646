"""Test-wide setup: the toy game is registered for engine, conformance and CLI tests."""

from tests.support.toy_game import install

install()
