#!/usr/bin/env bash
# Speed figures for every game and player count on one core: three runs of 5 s each, the
# median kept (single runs on a shared virtual machine swing by 20%). Writes
# benchmarks/<game>.json and prints the table kept in benchmarks/README.md.
#
# Runs at nice 10 (NICE=0 for none), as the machine is shared. To compare with another commit,
# check it out beside this one (`git worktree add /tmp/base <commit>`) and run, alternating:
#   TREE=/tmp/base OUTDIR=/tmp/base-figures benchmarks/run.sh; benchmarks/run.sh
# TREE: the source tree whose regalia is measured (default: this checkout); OUTDIR: where the
# JSON goes (default: benchmarks/ of this checkout); GAMES: the game ids (default: every game).
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-python3}"
tree="${TREE:-$PWD}"
outdir="${OUTDIR:-benchmarks}"
runs="${RUNS:-3}"
seconds="${SECONDS_PER_RUN:-5}"
games="${GAMES:-el-grande castles-of-burgundy-cards palais-royal shadow-of-the-emperor ming-dynasty}"
tmp="$(mktemp -d)"
mkdir -p "$outdir"
for game in $games; do
    for run in $(seq "$runs"); do
        PYTHONPATH="$tree/src" nice -n "${NICE:-10}" "$python" -m regalia bench "$game" \
            --players all --seconds "$seconds" --seed "$run" --json > "$tmp/$game.$run.json"
    done
done
"$python" - "$tmp" "$outdir" "$games" <<'PY'
import json, statistics, sys
from pathlib import Path
tmp, outdir, games = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3].split()
print("| game | players | games/s | decisions/s | decisions/game | clone µs |")
print("|---|---|---|---|---|---|")
for game in games:
    runs = [json.loads(p.read_text()) for p in sorted(tmp.glob(f"{game}.*.json"))]
    rows = []
    for i, first in enumerate(runs[0]):
        med = {k: statistics.median(r[i][k] for r in runs)
               for k in ("games_per_second", "decisions_per_second", "mean_decisions",
                         "clone_microseconds")}
        rows.append({"game": game, "players": first["players"], "runs": len(runs), **med})
        print(f"| {game} | {first['players']} | {med['games_per_second']:.0f} | "
              f"{med['decisions_per_second']:,.0f} | {med['mean_decisions']:.0f} | "
              f"{med['clone_microseconds']:.1f} |")
    (outdir / f"{game}.json").write_text(json.dumps(rows, indent=1) + "\n")
PY
