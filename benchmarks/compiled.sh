#!/usr/bin/env bash
# Compiled against pure Python, side by side on one core (benchmarks/README.md, "Compiled"):
# for every game at 4 players (2 where 4 is impossible), `regalia bench --compare-pure`, which
# alternates a pure-Python subprocess of the same installation and the compiled process, ROUNDS
# times, each measuring random games/s and ISMCTS iterations/s (CPU time) for SECONDS.
# Columns: game, players, pure games/s, compiled games/s, ratio, pure ISMCTS it/s, compiled
# it/s, ratio, compiled decisions/s (issue 37 asks for 450k in every game).
# Usage: benchmarks/compiled.sh PYTHON_OF_A_COMPILED_VENV [ROUNDS] [SECONDS]
set -euo pipefail
python="${1:?the python of a venv with the compiled build (docs/compiled.md)}"
rounds="${2:-3}"
seconds="${3:-2}"
cd /tmp  # the CLI autosaves into the working folder on a hang-up
for game in el-grande castles-of-burgundy-cards palais-royal shadow-of-the-emperor ming-dynasty; do
    players=$("$python" -c "import regalia, sys; i = regalia.get_game(sys.argv[1]); \
print(max(i.min_players, min(4, i.max_players)))" "$game")
    nice -n 19 "$python" -m regalia bench "$game" -p "$players" -t "$seconds" --compare-pure \
        --rounds "$rounds" --json | "$python" -c "
import json, sys
[pair] = json.load(sys.stdin)
p, c = pair['pure'], pair['compiled']
print(f\"| $game | {p['players']} | {p['games_per_second']:,.1f} | {c['games_per_second']:,.1f} | \"
      f\"{c['games_per_second'] / p['games_per_second']:.2f}× | {p['iterations_per_second']:,.0f} | \"
      f\"{c['iterations_per_second']:,.0f} | \"
      f\"{c['iterations_per_second'] / p['iterations_per_second']:.2f}× | \"
      f\"{c['decisions_per_second'] / 1000:,.0f}k |\")"
done
