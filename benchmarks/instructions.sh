#!/usr/bin/env bash
# Instructions per random game and per decision, counted by callgrind: steady where wall-clock
# figures on the shared VM swing by 20% or more. Only the seeded playouts are counted (the
# collection is switched on inside operator.call), not imports or the warm-up game.
#
#   benchmarks/instructions.sh GAME PLAYERS GAMES [SOURCE_TREE]
#
# SOURCE_TREE (default: this checkout) lets two commits be compared with the same games, e.g.
# a `git worktree add /tmp/base <commit>` beside this one. Writes the callgrind profile to
# $TMPDIR/callgrind.<game>.<players>p.out (or $OUT) for `callgrind_annotate`.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
game="$1"; players="$2"; games="$3"; tree="${4:-$here}"
python="${PYTHON:-python3}"
out="${OUT:-${TMPDIR:-/tmp}/callgrind.$game.${players}p.out}"
script='
import operator, sys
from regalia.engine.bench import random_playout
from regalia.engine.registry import new_game
from regalia.engine.rng import Rng
game, players, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
random_playout(new_game(game, players, seed=12345), Rng(7))  # warm-up: editions, caches
def run() -> int:
    rng = Rng(1)
    return sum(random_playout(new_game(game, players, seed=rng.next64()), rng)
               for _ in range(n))
print("decisions", operator.call(run), file=sys.stderr)
'
log="$(PYTHONPATH="$tree/src" PYTHONHASHSEED=0 valgrind --tool=callgrind \
    --toggle-collect='_operator_call*' --callgrind-out-file="$out" \
    "$python" -c "$script" "$game" "$players" "$games" 2>&1)"
decisions="$(grep -o "^decisions [0-9]*" <<<"$log" | grep -o "[0-9]*$")"
instructions="$(grep -o 'Collected : [0-9]*' <<<"$log" | grep -o '[0-9]*$')"
awk -v g="$game" -v p="$players" -v n="$games" -v d="$decisions" -v i="$instructions" 'BEGIN {
    printf "%s %sp: %d games, %d decisions, %.2f M instructions/game, %.0f/decision\n",
           g, p, n, d, i / n / 1e6, i / d }'
