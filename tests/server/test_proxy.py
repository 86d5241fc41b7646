"""docs/web.md's nginx snippet, run for real in front of ``regalia serve --trust-proxy``: HTTPS
with a throwaway self-signed certificate, on loopback ports, the snippet read from the doc
(so the doc cannot drift from what is tested). Through it a game is created and played, its
live updates arrive unbuffered, the per-visitor limits count each visitor's own address (the
proxy's X-Forwarded-For, which replaces whatever a client sent), and without ``--trust-proxy``
a forged X-Forwarded-For counts for nothing. Skipped where nginx or openssl is missing (CI
installs nginx: .ci/run)."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.test_crash import free_port, serving

DOC = Path(__file__).resolve().parents[2] / "docs" / "web.md"
NGINX = shutil.which("nginx") or next(
    (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)), None)
OPENSSL = shutil.which("openssl")
HOST = "regalia.example.org"  # the doc's server name: the clients ask for it, as a browser would

pytestmark = [
    pytest.mark.skipif(NGINX is None, reason="nginx is not installed"),
    pytest.mark.skipif(OPENSSL is None, reason="openssl is not installed"),
    pytest.mark.skipif(not sys.platform.startswith("linux"),
                       reason="several loopback addresses (127.0.0.2, ...): Linux"),
]


def doc_snippet() -> str:
    """The nginx server block of docs/web.md's "Running it for real"."""
    blocks = re.findall(r"```nginx\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1, "docs/web.md should hold one nginx snippet"
    return "\n".join(line.strip() for line in blocks[0].splitlines())


def replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"the doc's nginx snippet no longer has {old!r} once"
    return text.replace(old, new)


def snippet_here(folder: Path, listen: int, upstream: int) -> str:
    """The doc's snippet with what only a real deployment has swapped for this test's: the
    listening port (on loopback), the certificate's files and the server's port. Nothing
    else is changed."""
    text = doc_snippet()
    text = replace_once(text, "listen 443 ssl;", f"listen 127.0.0.1:{listen} ssl;")
    text = re.sub(r"ssl_certificate\s+\S+;", f"ssl_certificate {folder / 'cert.pem'};", text)
    text = re.sub(r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {folder / 'key.pem'};",
                  text)
    return replace_once(text, "http://127.0.0.1:8000;", f"http://127.0.0.1:{upstream};")


def certificate(folder: Path) -> Path:
    """A throwaway self-signed certificate for the doc's name and 127.0.0.1."""
    subprocess.run(
        [OPENSSL or "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
         "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", f"/CN={HOST}",
         "-addext", f"subjectAltName=DNS:{HOST},IP:127.0.0.1",
         "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")],
        check=True, capture_output=True, timeout=60)
    return folder / "cert.pem"


@contextlib.contextmanager
def nginx(folder: Path, listen: int, upstream: int) -> Iterator[None]:
    """nginx in the foreground with the doc's server block, its files all in ``folder``."""
    conf = folder / "nginx.conf"
    temp = folder / "temp"
    temp.mkdir(mode=0o777)
    os.chmod(temp, 0o777)  # (its workers run as nobody when the master is root)
    server_block = snippet_here(folder, listen, upstream)
    conf.write_text(f"""
daemon off;
worker_processes 1;
pid {folder / 'nginx.pid'};
error_log {folder / 'error.log'} info;
events {{ worker_connections 256; }}
http {{
    access_log {folder / 'access.log'};
    client_body_temp_path {temp / 'body'};
    proxy_temp_path {temp / 'proxy'};
    fastcgi_temp_path {temp / 'fastcgi'};
    uwsgi_temp_path {temp / 'uwsgi'};
    scgi_temp_path {temp / 'scgi'};
{server_block}
}}
""")
    check = subprocess.run([NGINX or "nginx", "-t", "-c", str(conf), "-p", str(folder)],
                           capture_output=True, text=True, timeout=30)
    assert check.returncode == 0, check.stderr
    process = subprocess.Popen([NGINX or "nginx", "-c", str(conf), "-p", str(folder)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        end = time.monotonic() + 30
        while True:
            with contextlib.suppress(OSError), \
                    socket.create_connection(("127.0.0.1", listen), timeout=1):
                break
            if time.monotonic() > end or process.poll() is not None:
                raise RuntimeError("nginx did not start: " +
                                   (folder / "error.log").read_text(errors="replace")[-2000:])
            time.sleep(0.05)
        yield
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def visitor(cert: Path, listen: int, address: str = "127.0.0.1") -> httpx.Client:
    """A browser at ``address`` (a loopback address of its own), asking for the doc's host
    over HTTPS through the proxy, trusting the throwaway certificate only."""
    context = ssl.create_default_context(cafile=str(cert))
    return httpx.Client(base_url=f"https://127.0.0.1:{listen}", headers={"Host": HOST},
                        transport=httpx.HTTPTransport(verify=context, local_address=address),
                        timeout=httpx.Timeout(15, read=30))


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[Path, int]]:
    """``regalia serve --trust-proxy 127.0.0.1`` behind the doc's nginx: (the certificate,
    the proxy's port)."""
    cert = certificate(tmp_path)
    upstream, listen = free_port(), free_port()
    with serving(tmp_path / "games.db", upstream, "--trust-proxy", "127.0.0.1",
                 "--requests-per-minute", "0"), nginx(tmp_path, listen, upstream):
        yield cert, listen


def test_a_game_is_created_and_played_through_the_proxy_with_live_updates_unbuffered(
        proxied: tuple[Path, int]) -> None:
    cert, listen = proxied
    with visitor(cert, listen) as browser:
        created = browser.post("/api/games", json={"game": "palais-royal",
                                                   "seats": ["me", "random"]})
        assert created.status_code == 201, created.text
        data = created.json()
        # links for the visitor's address bar: the proxy's scheme and host (X-Forwarded-Proto
        # believed from the trusted proxy; Host passed on)
        assert data["spectate"] == f"https://{HOST}/watch/{data['game_id']}"
        token = data["seats"][0]["token"]
        assert data["seats"][0]["url"] == f"https://{HOST}/play/{token}"
        page = browser.get(f"/play/{token}")
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]

        updates: list[tuple[float, str]] = []
        first = threading.Event()

        def follow() -> None:  # the table's live updates, through the proxy
            with visitor(cert, listen) as table, \
                    table.stream("GET", f"/events/{data['game_id']}") as stream:
                for line in stream.iter_lines():
                    if line.startswith("data:"):
                        updates.append((time.monotonic(), line))
                        first.set()
                        if len(updates) >= 3:
                            return

        follower = threading.Thread(target=follow, daemon=True)
        follower.start()
        assert first.wait(30), "no live update came through the proxy"
        headers = {"X-Seat-Token": token}
        moves = 0
        moved_at: list[float] = []
        end = time.monotonic() + 60
        while True:  # until the bot has answered twice
            assert time.monotonic() < end, "the game did not go on through the proxy"
            state = browser.get("/api/seat?svg=false", headers=headers).json()
            assert not state["over"]
            if state["decisions"] - moves >= 2:
                break
            if not state["legal"]:  # the bot's turn
                time.sleep(0.05)
                continue
            if not moved_at:
                moved_at.append(time.monotonic())
            answer = browser.post("/api/seat/act", headers=headers, json={
                "action": state["legal"][0]["action"], "turn": state["decisions"]})
            assert answer.status_code == 200, answer.text
            moves += 1
        follower.join(30)
        # the update of the first move (and the bot's after it) came at once, not when a
        # buffer filled or the line closed: each is a few dozen bytes (at once is well under
        # a second; the bound is for a loaded machine, and a buffering proxy holds them for
        # good)
        assert len(updates) >= 3, updates
        assert updates[1][0] - moved_at[0] < 10.0, "the live update was held by the proxy"


def test_the_limits_count_each_visitor_behind_the_proxy_and_a_forged_header_is_replaced(
        tmp_path: Path) -> None:
    """3 requests a minute per visitor: each visitor (a loopback address of its own) is
    counted apart behind the proxy, and a visitor who writes X-Forwarded-For gets no fresh
    allowance by it (the doc's nginx replaces the header)."""
    cert = certificate(tmp_path)
    upstream, listen = free_port(), free_port()
    with serving(tmp_path / "games.db", upstream, "--trust-proxy", "127.0.0.1",
                 "--requests-per-minute", "3"), nginx(tmp_path, listen, upstream), \
            visitor(cert, listen, "127.0.0.2") as one, \
            visitor(cert, listen, "127.0.0.3") as other:
        got = [one.get("/api/games", headers={"X-Forwarded-For": f"198.51.100.{n}"})
               .status_code for n in range(1, 5)]
        assert got == [200, 200, 200, 429]
        assert other.get("/api/games").status_code == 200  # another visitor
        assert "Retry-After" in one.get("/api/games").headers


def test_without_trust_proxy_a_forged_forwarded_address_counts_for_nothing(
        tmp_path: Path) -> None:
    """``regalia serve`` without ``--trust-proxy``: whoever writes X-Forwarded-For or
    X-Forwarded-Proto is not believed (each of these requests names another address, all
    count against the connection's one), and its links stay ``http://``. With
    ``--trust-proxy 127.0.0.1``, a visitor connecting from elsewhere is not believed either."""
    for trust, address in ((None, "127.0.0.1"), ("127.0.0.1", "127.0.0.2")):
        port = free_port()
        extra = ["--requests-per-minute", "3"] + (["--trust-proxy", trust] if trust else [])
        with serving(tmp_path / f"games-{address}.db", port, *extra), \
                httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=15,
                             transport=httpx.HTTPTransport(local_address=address)) as direct:
            forged = [direct.post("/api/games", json={"game": "palais-royal",
                                                      "seats": ["me", "open"]},
                                  headers={"X-Forwarded-For": f"198.51.100.{n}",
                                           "X-Forwarded-Proto": "https"})
                      for n in range(1, 5)]
        statuses = [r.status_code for r in forged]
        if address == "127.0.0.1":  # (waiting for the server spent one request or more of it)
            assert statuses[-2:] == [429, 429] and set(statuses) <= {201, 429}, statuses
        else:
            assert statuses == [201, 201, 201, 429], (trust, statuses)
        created = next(r for r in forged if r.status_code == 201) if 201 in statuses else None
        if created is not None:  # the links: X-Forwarded-Proto not believed either
            assert created.json()["spectate"].startswith(f"http://127.0.0.1:{port}/"), trust
