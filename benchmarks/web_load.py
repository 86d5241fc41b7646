"""Load test of `regalia serve`: many concurrent games played by scripted HTTP clients against
bots, on the loopback interface only; prints moves per second and the latency of a move.

    python benchmarks/web_load.py --games 200 --seconds 60 [--think 2] [--game palais-royal]

It starts a server of its own (`regalia serve` on a free port, a fresh SQLite file in a
temporary folder) unless `--url http://127.0.0.1:PORT` names one already running (loopback
only). Each game seats one scripted client and one `random` bot; the client reads its seat's
state, plays a random legal move, and waits for its next turn. A move's latency is the time of
its `POST /api/seat/act` (the bot thinks after the move is committed and acknowledged, so its
thinking is not in the figure). Bounded: `--seconds` of play, at most `--games` clients.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    src = Path(__file__).resolve().parent.parent / "src"
    env = dict(os.environ, PYTHONPATH=f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}")
    process = subprocess.Popen(
        [sys.executable, "-m", "regalia", "serve", "--port", str(port),
         "--db", f"sqlite:///{folder / 'load.db'}"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 30
    while True:
        try:
            httpx.get(url + "/api/games", timeout=1)
            return process, url
        except httpx.TransportError:
            if time.monotonic() > end or process.poll() is not None:
                process.kill()
                raise SystemExit("the server did not start") from None
            time.sleep(0.1)


async def updates(client: httpx.AsyncClient, game_id: str, changed: asyncio.Event) -> None:
    """Follow the game's server-sent events, as a browser's table does."""
    while True:
        with contextlib.suppress(httpx.TransportError):
            async with client.stream("GET", f"/events/{game_id}") as stream:
                async for line in stream.aiter_lines():
                    if line.startswith("data:"):
                        changed.set()
        await asyncio.sleep(0.5)  # the line broke: follow again


async def play(client: httpx.AsyncClient, game: str, rng: random.Random, until: float,
               latencies: list[float], errors: list[str], think: float = 0.0) -> int:
    """One scripted client: create a game against a bot and move until time is up, waiting
    for the bot's moves on the game's live updates (no polling)."""
    try:
        response = await client.post("/api/games", json={"game": game, "players": 2,
                                                         "seats": ["me", "random"]})
    except httpx.TransportError as err:
        errors.append(f"create: {err!r}")
        return 0
    if response.status_code != 201:
        errors.append(f"create: {response.status_code} {response.text[:100]}")
        return 0
    created = response.json()
    headers = {"X-Seat-Token": created["seats"][0]["token"]}
    changed = asyncio.Event()
    follower = asyncio.create_task(updates(client, created["game_id"], changed))
    moves = 0
    try:
        while time.monotonic() < until:
            changed.clear()
            try:
                state: dict[str, Any] = (await client.get("/api/seat?svg=false",
                                                          headers=headers)).json()
            except httpx.TransportError as err:  # a keep-alive line closed: try again
                errors.append(f"read: {err!r}")
                continue
            if state["over"]:
                return moves
            if not state["legal"]:  # the bot's turn: wait for its move
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), 5)
                continue
            action = rng.choice(state["legal"])["action"]
            if think:  # a person reads the table first: 0 to twice the mean
                await asyncio.sleep(rng.uniform(0, 2 * think))
            started = time.perf_counter()
            try:
                response = await client.post("/api/seat/act", headers=headers,
                                             json={"action": action,
                                                   "turn": state["decisions"]})
            except httpx.TransportError as err:
                errors.append(f"act: {err!r}")
                continue
            latencies.append(time.perf_counter() - started)
            if response.status_code != 200:
                errors.append(f"act: {response.status_code} {response.text[:100]}")
            moves += 1
    finally:
        follower.cancel()
        with contextlib.suppress(asyncio.CancelledError, httpx.HTTPError, RuntimeError):
            await follower
    return moves


def server_cpu(process: subprocess.Popen[bytes] | None) -> float:
    """CPU seconds (user + system) the server process has used so far (Linux)."""
    if process is None:
        return 0.0
    try:
        fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


async def run(url: str, games: int, seconds: float, game: str, seed: int,
              think: float = 0.0) -> dict[str, Any]:
    latencies: list[float] = []
    errors: list[str] = []
    limits = httpx.Limits(max_connections=2 * games, max_keepalive_connections=2 * games)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        started = time.monotonic()
        until = started + seconds
        counts = await asyncio.gather(*(
            play(client, game, random.Random(seed + i), until, latencies, errors, think)
            for i in range(games)), return_exceptions=True)
        elapsed = time.monotonic() - started
    errors += [f"client: {c!r}" for c in counts if isinstance(c, BaseException)]
    moves = sum(c for c in counts if isinstance(c, int))
    return {"game": game, "games": games, "think": think, "seconds": round(elapsed, 1),
            "moves": moves,
            "moves_per_second": round(moves / elapsed, 1),
            "p50_ms": round(1000 * percentile(latencies, 0.50), 1),
            "p99_ms": round(1000 * percentile(latencies, 0.99), 1),
            "errors": len(errors), "first_errors": errors[:3]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (max 1000)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long (max 600)")
    parser.add_argument("--game", default="palais-royal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.0,
                        help="a client's mean pause before each move, in seconds (default 0: "
                             "as fast as the server answers)")
    parser.add_argument("--url", help="a server already running on the loopback interface")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    if not 1 <= args.games <= 1000 or not 0 < args.seconds <= 600:
        parser.error("between 1 and 1000 games, and at most 600 seconds")
    process = None
    with tempfile.TemporaryDirectory() as folder:
        if args.url:
            if urlparse(args.url).hostname not in ("127.0.0.1", "localhost", "::1"):
                parser.error("the load test runs against the loopback interface only")
            url = args.url
        else:
            process, url = start_server(Path(folder))
        try:
            cpu = server_cpu(process)
            result = asyncio.run(run(url, args.games, args.seconds, args.game, args.seed,
                                     args.think))
            if process is not None and result["moves"]:
                # The server's own CPU time a move (the client's and the bot's move included):
                # unlike latency, it does not depend on how busy the machine is.
                result["server_cpu_ms_per_move"] = round(
                    1000 * (server_cpu(process) - cpu) / result["moves"], 1)
            result["load_average"] = round(os.getloadavg()[0], 1)
        finally:
            if process is not None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(10)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['games']} games of {result['game']} (think {args.think:g} s) for "
              f"{result['seconds']} s: "
              f"{result['moves']} moves, {result['moves_per_second']} moves/s; a move's "
              f"latency p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms; server CPU "
              f"{result.get('server_cpu_ms_per_move', '?')} ms a move; load average "
              f"{result['load_average']}; "
              f"{result['errors']} errors {result['first_errors']}")


if __name__ == "__main__":
    main()
