"""Load test of `regalia serve`: many concurrent games played by scripted HTTP clients against
bots, on the loopback interface only; prints moves per second and the latency of a move.

    python benchmarks/web_load.py --games 200 --seconds 60 [--think 2] [--game palais-royal]

It starts a server of its own (`regalia serve` on a free port, a fresh SQLite file in a
temporary folder) unless `--url http://127.0.0.1:PORT` names one already running (loopback
only). Each game seats one scripted client and one `random` bot; the client reads its seat's
state, plays a random legal move, and waits for its next turn. A move's latency is the time of
its `POST /api/seat/act` (the bot thinks after the move is committed and acknowledged, so its
thinking is not in the figure). Bounded: `--seconds` of play, at most `--games` clients.

`--bots-only N` adds N tables of bots only (`--bots-only-bot`, default `hard`), created before
the clients' games: their searches run all through the run, as strangers' bot tables would,
and what they cost the people's moves shows in the same figures (off by default).
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
import threading
import time
from concurrent.futures import ProcessPoolExecutor
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
    env = dict(os.environ, PYTHONPATH=f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
               REGALIA_SERVER_TIMING="1")  # each answer says how long the server took
    # The server's guards on, as `regalia serve` has them (the bots' caps, the per-visitor
    # limits' bookkeeping), with limits no run reaches: every client here is one address.
    process = subprocess.Popen(
        [sys.executable, "-m", "regalia", "serve", "--port", str(port),
         "--db", f"sqlite:///{folder / 'load.db'}",
         "--games-per-hour", "1000000", "--requests-per-minute", "100000000"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 120  # (a machine busy with other work starts it slowly)
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
               latencies: list[float], errors: list[str], think: float = 0.0,
               server_times: list[dict[str, float]] | None = None,
               start_at: float = 0.0) -> int:
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
        # Every game is created before the first move is timed: 200 creations in one second
        # are no steady load, and the moves made during them measured that burst.
        await asyncio.sleep(max(0.0, start_at - time.monotonic()))
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
            phases = server_phases(response.headers.get("server-timing", ""))
            if server_times is not None and "app" in phases:
                server_times.append(phases)
            if response.status_code != 200:
                errors.append(f"act: {response.status_code} {response.text[:100]}")
            moves += 1
    finally:
        follower.cancel()
        with contextlib.suppress(asyncio.CancelledError, httpx.HTTPError, RuntimeError):
            await follower
    return moves


def server_phases(header: str) -> dict[str, float]:
    """The phases of a ``Server-Timing`` header, in seconds: ``app`` (the server's whole time
    of the request) and what it spent where (:mod:`regalia.server.timing`)."""
    phases: dict[str, float] = {}
    for part in header.split(","):
        name, _sep, rest = part.strip().partition(";dur=")
        with contextlib.suppress(ValueError):
            phases[name] = float(rest) / 1000
    return phases


def slowest_phases(server_times: list[dict[str, float]], share: float) -> dict[str, float]:
    """The mean of each phase (ms) over the slowest ``share`` of the moves by server time:
    what the tail waited on."""
    ordered = sorted(server_times, key=lambda p: p["app"], reverse=True)
    tail = ordered[:max(1, int(share * len(ordered)))] if ordered else []
    names = sorted({name for p in tail for name in p})
    return {name: round(1000 * sum(p.get(name, 0.0) for p in tail) / len(tail), 1)
            for name in names}


def server_cpu(process: subprocess.Popen[bytes] | None) -> float:
    """CPU seconds (user + system) the server process has used so far (Linux)."""
    if process is None:
        return 0.0
    try:
        fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Switches:
    """The server's context switches (every thread's, from ``/proc``, Linux), sampled twice a
    second so that the worker threads that end meanwhile are counted too. A voluntary switch
    is a thread going to sleep: waiting for the interpreter lock, a lock, a queue or the
    network, so switches a move count the handovers a move's requests cost; unlike latency
    they hardly depend on how busy the machine is (involuntary ones do: the machine's other
    work preempts the server)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.first: dict[str, tuple[int, int]] = {}
        self.last: dict[str, tuple[int, int]] = {}
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def sample(self) -> dict[str, tuple[int, int]]:
        counts: dict[str, tuple[int, int]] = {}
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{self.pid}/task").iterdir():
                with contextlib.suppress(OSError, ValueError):
                    fields = dict(line.split(":", 1) for line in
                                  (task / "status").read_text().splitlines() if ":" in line)
                    counts[task.name] = (int(fields["voluntary_ctxt_switches"]),
                                         int(fields["nonvoluntary_ctxt_switches"]))
        return counts

    def start(self) -> None:
        self.first = self.sample()
        self.last = dict(self.first)
        self.thread.start()

    def _run(self) -> None:
        while not self.stopping.wait(0.5):
            self.last.update(self.sample())

    def stop(self) -> tuple[int, int]:
        """(voluntary, involuntary) switches since :meth:`start`."""
        self.stopping.set()
        self.thread.join()
        self.last.update(self.sample())
        totals = [0, 0]
        for tid, counts in self.last.items():
            before = self.first.get(tid, (0, 0))
            totals[0] += counts[0] - before[0]
            totals[1] += counts[1] - before[1]
        return totals[0], totals[1]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


async def run_share(url: str, numbers: list[int], start_at: float, until: float, game: str,
                    seed: int, think: float) -> dict[str, Any]:
    """The clients of one process: games ``numbers`` (each seeded by its number)."""
    latencies: list[float] = []
    server_times: list[dict[str, float]] = []
    errors: list[str] = []
    count = len(numbers)
    limits = httpx.Limits(max_connections=2 * count, max_keepalive_connections=2 * count)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        counts = await asyncio.gather(*(
            play(client, game, random.Random(seed + i), until, latencies, errors, think,
                 server_times, start_at)
            for i in numbers), return_exceptions=True)
    errors += [f"client: {c!r}" for c in counts if isinstance(c, BaseException)]
    return {"moves": sum(c for c in counts if isinstance(c, int)), "latencies": latencies,
            "server_times": server_times, "errors": errors}


def share(job: tuple[str, list[int], float, float, str, int, float]) -> dict[str, Any]:
    return asyncio.run(run_share(*job))


def start_bots_only(url: str, tables: int, bot: str, game: str) -> None:
    """Create ``tables`` games of bots only (their bots move on their own till the end)."""
    for _ in range(tables):
        response = httpx.post(url + "/api/games", timeout=60,
                              json={"game": game, "players": 3, "seats": [bot] * 3})
        if response.status_code != 201:
            raise SystemExit(f"a bots-only table was refused: {response.text[:200]}")


def run(url: str, games: int, seconds: float, game: str, seed: int,
        think: float = 0.0, processes: int = 2, warmup: float = 10.0) -> dict[str, Any]:
    """``games`` clients spread over ``processes`` client processes: one event loop serving
    200 clients (httpx parses every answer and every live update) takes a whole core, and a
    busy client loop would add its own lag to every latency it measures."""
    start_at = time.monotonic() + warmup  # (CLOCK_MONOTONIC: one clock for every process)
    until = start_at + seconds
    jobs = [(url, list(range(k, games, processes)), start_at, until, game, seed, think)
            for k in range(processes)]
    with ProcessPoolExecutor(processes) as pool:
        parts = list(pool.map(share, jobs))
    elapsed = time.monotonic() - start_at
    latencies = [t for part in parts for t in part["latencies"]]
    phases = [t for part in parts for t in part["server_times"]]
    server_times = [p["app"] for p in phases]
    errors = [e for part in parts for e in part["errors"]]
    moves = sum(part["moves"] for part in parts)
    return {"game": game, "games": games, "think": think, "seconds": round(elapsed, 1),
            "client_processes": processes, "moves": moves,
            "moves_per_second": round(moves / elapsed, 1),
            "p50_ms": round(1000 * percentile(latencies, 0.50), 1),
            "p99_ms": round(1000 * percentile(latencies, 0.99), 1),
            "server_p50_ms": round(1000 * percentile(server_times, 0.50), 1),
            "server_p99_ms": round(1000 * percentile(server_times, 0.99), 1),
            # what the slowest 1% of moves (by the server's time) spent their time on, and
            # every move on average (ms; `regalia.server.timing` names the phases)
            "slowest_1pct_phases_ms": slowest_phases(phases, 0.01),
            "mean_phases_ms": slowest_phases(phases, 1.0),
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
    parser.add_argument("--client-processes", type=int, default=2,
                        help="processes the clients are spread over (default 2)")
    parser.add_argument("--warmup", type=float, default=10.0,
                        help="seconds to create every game before moves are timed (default 10)")
    parser.add_argument("--bots-only", type=int, default=0,
                        help="tables of bots only thinking all through the run (default 0)")
    parser.add_argument("--bots-only-bot", default="hard",
                        help="the bots of those tables (default hard)")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    if not 1 <= args.games <= 1000 or not 0 < args.seconds <= 600 or \
            not 1 <= args.client_processes <= 16 or not 0 <= args.bots_only <= 20:
        parser.error("between 1 and 1000 games, at most 600 seconds, 1 to 16 client processes, "
                     "at most 20 bots-only tables")
    process = None
    with tempfile.TemporaryDirectory() as folder:
        if args.url:
            if urlparse(args.url).hostname not in ("127.0.0.1", "localhost", "::1"):
                parser.error("the load test runs against the loopback interface only")
            url = args.url
        else:
            process, url = start_server(Path(folder))
        try:
            start_bots_only(url, args.bots_only, args.bots_only_bot, args.game)
            load_before = os.getloadavg()[0]
            cpu = server_cpu(process)
            switches = Switches(process.pid) if process is not None else None
            if switches is not None:
                switches.start()
            result = run(url, args.games, args.seconds, args.game, args.seed, args.think,
                         args.client_processes, args.warmup)
            if process is not None and switches is not None and result["moves"]:
                # The server's own CPU time a move (the client's and the bot's move included):
                # unlike latency, it does not depend on how busy the machine is.
                result["server_cpu_ms_per_move"] = round(
                    1000 * (server_cpu(process) - cpu) / result["moves"], 1)
                voluntary, involuntary = switches.stop()
                result["server_switches_per_move"] = {
                    "voluntary": round(voluntary / result["moves"], 1),
                    "involuntary": round(involuntary / result["moves"], 1)}
            if args.bots_only:
                result["bots_only_tables"] = f"{args.bots_only} x {args.bots_only_bot}"
            result["load_average_start"] = round(load_before, 1)
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
              f"latency p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms (in the server: "
              f"p50 {result['server_p50_ms']} ms, p99 {result['server_p99_ms']} ms); server CPU "
              f"{result.get('server_cpu_ms_per_move', '?')} ms a move, context switches a move "
              f"{result.get('server_switches_per_move', '?')}; load average "
              f"{result['load_average']}; the slowest 1% of moves spent (ms) "
              f"{result['slowest_1pct_phases_ms']}, every move {result['mean_phases_ms']}; "
              f"{result['errors']} errors {result['first_errors']}")


if __name__ == "__main__":
    main()
