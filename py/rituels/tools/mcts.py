"""A generic search to measure our bots against (issue 27): plain UCT in max^n form over the
game's own protocol (``legal_actions``, ``apply``, ``clone``, chance tables, ``returns``).

It knows nothing of any game: at a player's node it picks the child that maximises that
player's mean return plus ``c * sqrt(ln N / n)`` (UCB1), expands one untried action per
simulation, samples chance outcomes with their exact probabilities (one child per outcome
drawn, so the tree is closed-loop), plays the rest of the game uniformly at random and backs
up every player's return. The move played is the root's most visited child. It is the same
method as OpenSpiel's ``MCTSBot`` with its random rollout evaluator (which does not install
here: no wheel for this Python), written over our API. A bench tool: never shipped.
"""

from __future__ import annotations

import math

from rituels.engine.bots import Bot, Deadline, Think
from rituels.engine.state import CHANCE, sample_chance, sample_uniform

UCT_C = 1.4       # exploration constant on returns in [0, 1] (OpenSpiel's default ``uct_c=2``
                  # is for returns in [-1, 1]: the same width relative to the range)


class _Node:
    __slots__ = ("visits", "total", "children", "untried", "player")

    def __init__(self, players: int):
        self.visits = 0
        self.total = [0.0] * players      # summed returns, per player
        self.children: dict = {}
        self.untried: list | None = None  # actions not yet expanded (decision nodes)
        self.player = CHANCE


class MCTSBot(Bot):
    """UCT with random rollouts. ``budget_s`` of ``clock`` per decision, or exactly
    ``simulations`` per decision when given (reproducible)."""

    level = "mcts"

    def __init__(self, seed: int = 0, budget_s: float = 0.1, simulations: int | None = None,
                 c: float = UCT_C):
        super().__init__(seed)
        self.budget_s = budget_s
        self.simulations = simulations
        self.c = c
        self.last_simulations = 0

    def think(self, state, player: int) -> Think:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        deadline = Deadline(self.budget_s, clock=self.clock)
        n = state.num_players
        root = _Node(n)
        sims = 0
        while True:
            if self.simulations is not None:
                if sims >= self.simulations:
                    break
            elif sims >= 2 and deadline.over():
                break
            self._simulate(state.clone(), root, n)
            sims += 1
            if deadline.yield_due():
                yield
        self.last_simulations = sims
        best = max(root.children.items(), key=lambda kv: kv[1].visits)
        return best[0]

    def _simulate(self, st, root: _Node, n: int) -> None:
        rng, c, log = self.rng, self.c, math.log
        node, path = root, [root]
        while not st.is_terminal():
            p = st.current_player()
            if p == CHANCE:
                a = sample_chance(st, rng)
                child = node.children.get(a)
                if child is None:
                    child = node.children[a] = _Node(n)
                st.apply(a)
                node = child
                path.append(node)
                continue
            if node.untried is None:
                node.player = p
                node.untried = list(st.legal_actions())
                rng.shuffle(node.untried)
            if node.untried:
                a = node.untried.pop()
                child = node.children[a] = _Node(n)
                st.apply(a)
                path.append(child)
                break
            scale = c * math.sqrt(log(node.visits))
            best, best_v = None, -1.0
            for a, ch in node.children.items():
                v = ch.total[p] / ch.visits + scale / math.sqrt(ch.visits)
                if v > best_v:
                    best, best_v = a, v
            node = node.children[best]
            st.apply(best)
            path.append(node)
        # Rollout: uniformly random play to the end.
        while not st.is_terminal():
            if st.current_player() == CHANCE:
                st.apply(sample_chance(st, rng))
            else:
                st.apply(sample_uniform(st.legal_actions(), rng))
        ret = st.returns()
        for nd in path:
            nd.visits += 1
            tot = nd.total
            for i in range(n):
                tot[i] += ret[i]
