"""Train a small policy for a Regalia game against random bots, and show that it beats random.

REINFORCE (Williams, 1992) with a linear softmax policy over the legal actions, in numpy
only, through the Gymnasium adapter: the learner sits in a random seat each game, the other
seats are ``random`` bots, and the reward is the place reward at the end (1 first, -1 last).
The policy is then measured against the same opponents on fresh deals, next to a uniformly
random player on the very same deals (a paired comparison: the deal's luck cancels out).

    python examples/reinforce.py                      # Castles of Burgundy (cards), 2 players
    python examples/reinforce.py --game ming-dynasty --players 3 --episodes 1500

The defaults (1,000 training games, then 300 fresh deals each way; 6.5 minutes of training on
the project's loaded 2-core machine) gave: mean place reward +0.443 for the policy against
-0.083 for the random player on the same deals and seats, a paired difference of
+0.527 ± 0.143 (95%); first places 71.7% against 44.3%.

Needs the rl extra: pip install 'regalia[rl]'.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

import numpy as np

from regalia.rl import gymnasium_env


@dataclass
class LinearPolicy:
    """Action logits ``W @ observation + b``, softmax over the legal actions only."""

    weights: np.ndarray  # (actions, observation size)
    bias: np.ndarray  # (actions,)

    @classmethod
    def zeros(cls, actions: int, size: int) -> LinearPolicy:
        return cls(np.zeros((actions, size)), np.zeros(actions))

    def probabilities(self, observation: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """The probabilities of the ``legal`` actions (indices), in that order; only their
        rows of the weights are touched, which keeps a step cheap."""
        logits = self.weights[legal] @ observation + self.bias[legal]
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()


def play(env, policy: LinearPolicy | None, rng: np.random.Generator, seed: int,
         trace: list | None = None) -> float:
    """One game; the learner's final reward. ``policy`` None: a uniformly random player."""
    observation, info = env.reset(seed=seed)
    while True:
        legal = np.flatnonzero(info["action_mask"])
        if policy is None:
            action = int(rng.choice(legal))
        else:
            p = policy.probabilities(observation, legal)
            pick = int(rng.choice(len(p), p=p))
            action = int(legal[pick])
            if trace is not None:
                trace.append((observation, legal, pick, p))
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return float(reward)


def update(policy: LinearPolicy, trace: list, scale: float) -> None:
    """One REINFORCE step: raise the log-probability of every action taken in ``trace`` by
    ``scale`` (the learning rate times the advantage), averaged over the game's decisions."""
    step = scale / max(1, len(trace))
    for observation, legal, pick, p in trace:
        # d log pi(a|s) / d logits = onehot(a) - p over the legal actions (the others'
        # logits do not enter the softmax)
        grad = -p
        grad[pick] += 1.0
        policy.weights[legal] += step * np.outer(grad, observation)
        policy.bias[legal] += step * grad


def train(game: str, players: int, episodes: int, seed: int = 0, learning_rate: float = 0.05,
          log_every: int = 0) -> LinearPolicy:
    """REINFORCE with a running-mean baseline; one update per game."""
    env = gymnasium_env(game, players=players, seat=None, opponents="random")
    rng = np.random.default_rng(seed)
    policy = LinearPolicy.zeros(env.action_space.n, env.observation_space.shape[0])
    baseline, recent = 0.0, []
    for episode in range(episodes):
        trace: list = []
        reward = play(env, policy, rng, seed=seed * 1_000_003 + episode, trace=trace)
        advantage = reward - baseline
        baseline += 0.02 * (reward - baseline)
        update(policy, trace, learning_rate * advantage)
        recent.append(reward)
        if log_every and (episode + 1) % log_every == 0:
            print(f"  game {episode + 1:5d}: mean reward of the last {log_every} "
                  f"{np.mean(recent[-log_every:]):+.3f}")
    env.close()
    return policy


@dataclass
class Comparison:
    games: int
    policy_reward: float
    random_reward: float
    policy_wins: float  # share of games placed first (shared firsts count)
    random_wins: float
    standard_error: float  # of the paired reward difference

    @property
    def margin(self) -> float:
        return self.policy_reward - self.random_reward


def compare(policy: LinearPolicy, game: str, players: int, games: int,
            seed: int = 10_000) -> Comparison:
    """The policy and a random player, each on the same ``games`` deals and seats."""
    env = gymnasium_env(game, players=players, seat=None, opponents="random")
    rng = np.random.default_rng(seed)
    mine = np.array([play(env, policy, rng, seed + i) for i in range(games)])
    theirs = np.array([play(env, None, rng, seed + i) for i in range(games)])
    env.close()
    diff = mine - theirs
    return Comparison(games, float(mine.mean()), float(theirs.mean()),
                      float((mine == 1.0).mean()), float((theirs == 1.0).mean()),
                      float(diff.std(ddof=1) / np.sqrt(games)) if games > 1 else 0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="castles-of-burgundy-cards")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--eval-games", type=int, default=300)
    parser.add_argument("--learning-rate", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"Training on {args.game}, {args.players} players, {args.episodes} games against "
          "random bots")
    started = time.perf_counter()
    policy = train(args.game, args.players, args.episodes, args.seed, args.learning_rate,
                   log_every=max(1, args.episodes // 10))
    print(f"trained in {time.perf_counter() - started:.0f} s; measuring on "
          f"{args.eval_games} fresh deals")
    result = compare(policy, args.game, args.players, args.eval_games)
    print(f"mean place reward: policy {result.policy_reward:+.3f}, random "
          f"{result.random_reward:+.3f} (difference {result.margin:+.3f} "
          f"± {1.96 * result.standard_error:.3f}, 95%)")
    print(f"first places: policy {result.policy_wins:.1%}, random {result.random_wins:.1%}")


if __name__ == "__main__":
    main()
