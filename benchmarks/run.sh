#!/usr/bin/env bash
# Speed figures for every game and player count on one core: three runs of 5 s each, the
# median kept (single runs on a shared virtual machine swing by 20%). Writes
# benchmarks/<game>.json and prints the table kept in benchmarks/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
regalia="${REGALIA:-regalia}"
python="${PYTHON:-python3}"
runs="${RUNS:-3}"
seconds="${SECONDS_PER_RUN:-5}"
tmp="$(mktemp -d)"
for game in el-grande castles-of-burgundy-cards palais-royal ming-dynasty; do
    for run in $(seq "$runs"); do
        "$regalia" bench "$game" --players all --seconds "$seconds" --seed "$run" --json \
            > "$tmp/$game.$run.json"
    done
done
"$python" - "$tmp" <<'PY'
import json, statistics, sys
from pathlib import Path
tmp = Path(sys.argv[1])
print("| game | players | games/s | decisions/s | decisions/game | clone µs |")
print("|---|---|---|---|---|---|")
for game in ("el-grande", "castles-of-burgundy-cards", "palais-royal", "ming-dynasty"):
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
    Path(f"benchmarks/{game}.json").write_text(json.dumps(rows, indent=1) + "\n")
PY
