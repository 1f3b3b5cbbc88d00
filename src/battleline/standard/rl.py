"""A PettingZoo AEC environment (``pip install battleline[rl]``).

Agents ``north`` and ``south`` take turns by the engine's turn flow (a turn is
several moves: claims, a card, a draw). Observations are dictionaries with the
seat's ``observation`` vector and an ``action_mask`` over all
``MOVE_COUNT`` encoded moves. The winner gets +1, the loser -1, a draw 0.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .encoding import MOVE_COUNT, OBSERVATION_SIZE, decode_move, legal_mask, observation_vector
from ..errors import shorten
from .game import PLAYER_NAMES, Game

__all__ = ["BattleLineEnv", "env"]


class BattleLineEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "battleline_v0", "is_parallelizable": False}

    def __init__(self, rules: str = "standard", render_mode: str | None = None):
        super().__init__()
        self.rules = rules
        self.render_mode = render_mode
        self.possible_agents = list(PLAYER_NAMES)
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (MOVE_COUNT,), dtype=np.int8),
        })
        self._act_space = spaces.Discrete(MOVE_COUNT)
        self.game: Game | None = None

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))):
            raise ValueError(f"the seed is a whole number or None, not {shorten(seed)}")
        self.game = Game(seed=None if seed is None else int(seed), rules=self.rules)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = PLAYER_NAMES[self.game.to_move]

    def observe(self, agent):
        seat = PLAYER_NAMES.index(agent)
        obs = np.asarray(observation_vector(self.game.observation(seat)), dtype=np.float32)
        if self.game.to_move == seat and not self.game.is_over():
            mask = np.asarray(legal_mask(self.game), dtype=np.int8)
        else:
            mask = np.zeros(MOVE_COUNT, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"an action is a move number from 0 to {MOVE_COUNT - 1}, not {shorten(action)}")
        self.game.play(decode_move(int(action)))      # a bad move raises before anything changes
        self._cumulative_rewards[agent] = 0
        self.rewards = {a: 0 for a in self.agents}
        if self.game.is_over():
            winner = self.game.outcome().winner
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = 0 if winner is None else (1 if i == winner else -1)
                self.terminations[a] = True
        else:
            self.agent_selection = PLAYER_NAMES[self.game.to_move]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        return str(self.game)

    def close(self) -> None:
        pass


def env(**kwargs) -> BattleLineEnv:
    """The environment, as PettingZoo's conventions name it."""
    return BattleLineEnv(**kwargs)
