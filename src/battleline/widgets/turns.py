"""The play machinery both games' controllers share: the log with undo's marks, whose
secrets a log line may name, and the bot's turn (at once, or in the background of a
Jupyter kernel).

- :class:`TurnLog`: the log on screen, each line marked with the number of moves played
  when it was written, and where each of the human's turns began. Undo goes back to the
  last such start, and the lines of the moves taken back go with them.
- :func:`log_reader`: the one rule for hidden information in the log.
- :class:`BotRunner`: plays the bot's turn through a controller's ``bot_*`` hooks
  (:class:`BotTurn`) and drops the work of a game that is gone (a new game, an undo, the
  editor) by its generation.

>>> log = TurnLog()
>>> log.mark(0); log.note("North played Red 7 at flag 3.", 1); log.note("South passed.", 2)
>>> log.undo_target(2)
0
>>> log.cut(0); log.lines
[]
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from ..errors import IllegalMoveError
from ..threads import threads_available
from .kernel import kernel_loop

__all__ = ["TurnLog", "log_reader", "BotTurn", "BotRunner", "warm_up", "bot_preparing",
           "refresh_when_prepared", "PREPARATION_POLL"]

#: Seconds between two looks at whether a bot's background preparation has finished.
PREPARATION_POLL = 0.5


def warm_up(bot: Any) -> None:
    """Let a bot that searches on a compiled kernel prepare it in the background now, while
    the human thinks, rather than at its first move (other bots have nothing to prepare).

    >>> warm_up(None)
    """
    prepare = getattr(bot, "prepare_in_background", None)
    if callable(prepare):
        prepare()


def bot_preparing(bot: Any) -> bool:
    """Whether ``bot``'s compiled search is still being prepared (it plays a quicker search
    meanwhile, and the status line says so).

    >>> bot_preparing(None)
    False
    """
    return bool(getattr(bot, "preparing", False))


def refresh_when_prepared(bot: Any, refresh, poll: float | None = None) -> "asyncio.Task | None":
    """In a kernel, while ``bot`` prepares its search in the background, look every ``poll``
    seconds (:data:`PREPARATION_POLL`) and call ``refresh`` once when it is done: the status line's "preparing" note
    goes then, not at the next move. Outside a kernel (or with nothing being prepared)
    there is nothing to watch: None.

    >>> refresh_when_prepared(None, lambda: None) is None
    True
    """
    loop = kernel_loop()
    if loop is None or not bot_preparing(bot):
        return None

    async def watch() -> None:
        while bot_preparing(bot):
            await asyncio.sleep(PREPARATION_POLL if poll is None else poll)
        refresh()

    return loop.create_task(watch())


class TurnLog:
    """The log on screen and the starts of the human's turns, both counted in moves played
    (a game's ``len(moves)``; an Ancient battle's ``len(actions_played)``).

    >>> log = TurnLog(marks=[0])
    >>> log.note("a", 1); log.mark(2); log.note("b", 3)
    >>> log.can_undo(3), log.undo_target(3)
    (True, 2)
    >>> log.cut(2); log.lines, log.marks
    (['a'], [0, 2])
    """

    def __init__(self, marks: list[int] | tuple[int, ...] = ()) -> None:
        self.lines: list[Any] = []     # words, or Lines to word in the language on screen
        self.written_at: list[int] = []
        self.marks: list[int] = list(marks)

    def note(self, line: Any, moves: int) -> None:
        """Add ``line``, written when ``moves`` moves had been played."""
        self.lines.append(line)
        self.written_at.append(moves)

    def mark(self, moves: int) -> None:
        """One of the human's turns begins after ``moves`` moves."""
        self.marks.append(moves)

    def can_undo(self, moves: int) -> bool:
        """Whether a turn of the human's began before now (``moves`` played)."""
        return any(m < moves for m in self.marks)

    def undo_target(self, moves: int) -> int:
        """How many moves stay when the human's last turn is taken back (``moves`` played now)."""
        earlier = [m for m in self.marks if m < moves]
        if not earlier:
            raise IllegalMoveError("there is none of your turns to undo", rule="nothing-to-undo")
        return earlier[-1]

    def cut(self, moves: int) -> None:
        """Back to ``moves`` moves: the lines and marks of the moves taken back go."""
        keep = sum(1 for at in self.written_at if at <= moves)
        del self.lines[keep:], self.written_at[keep:]
        self.marks = [m for m in self.marks if m <= moves]


def log_reader(human: Any, actor: Any, *, against_bot: bool, screen_cover: bool) -> Any:
    """The seat whose secrets (a drawn card, a face-down card) a log line about ``actor``'s
    move may name. Against a bot only the human reads the log: the human's seat. At one
    screen for two people, the next player reads the log too: nobody's (None) where the
    view hides each hand behind a screen cover between turns, else the acting seat's,
    whose secrets are on screen anyway.

    >>> log_reader(1, 0, against_bot=True, screen_cover=True)
    1
    >>> log_reader(1, 0, against_bot=False, screen_cover=True) is None
    True
    """
    if against_bot:
        return human
    return None if screen_cover else actor


class BotTurn(Protocol):
    """What a controller gives :class:`BotRunner` to play its bot's turn."""

    #: whether the bot thinks in a worker thread (the kernel stays free meanwhile)
    bot_thinks_in_thread: bool

    def refresh(self) -> None:
        """Publish the view."""

    def bot_to_act(self) -> bool:
        """Whether the bot is (still) to act."""

    def bot_observation(self) -> Any:
        """What the bot may see now (taken in the kernel's thread)."""

    def bot_choose(self, observation: Any) -> Any:
        """The bot's choice from ``observation`` (maybe in a worker thread)."""

    def bot_apply(self, choice: Any) -> None:
        """Play the bot's ``choice`` and log it."""

    def bot_pause(self, choice: Any) -> float | None:
        """Seconds to show ``choice`` before the next (in the background): None goes on at
        once, 0 only lets the kernel send the view."""

    def bot_failed(self, error: Exception) -> None:
        """Show that the bot failed (its turn ends)."""

    def bot_done(self, played: list) -> None:
        """The bot's turn is over (``played``: its choices, in order)."""


class BotRunner:
    """Plays a bot's turn: at once outside a kernel (or without ``background``), else as a
    task of the kernel's event loop, so that the widget answers meanwhile. ``thinking`` is
    true while the turn runs; :meth:`forget` drops it (its later results are ignored).

    >>> runner = BotRunner(background=False)
    >>> runner.thinking, runner.generation
    (False, 0)
    """

    def __init__(self, background: bool) -> None:
        self.background = background
        self.thinking = False
        self.generation = 0
        self.task: asyncio.Task | None = None
        self.clock_start = 0.0

    def forget(self) -> None:
        """The game changed under the bot (new game, undo, editor): stop waiting for it."""
        self.generation += 1
        self.thinking = False

    def start(self, turn: BotTurn) -> None:
        """Play ``turn``'s bot until it is no longer to act."""
        self.thinking = True
        turn.refresh()
        loop = kernel_loop() if self.background else None
        if loop is None:
            self.play_now(turn)
        else:
            self.task = loop.create_task(self.play_in_background(turn, self.generation))

    def play_now(self, turn: BotTurn) -> None:
        played: list = []
        try:
            while turn.bot_to_act():
                choice = turn.bot_choose(turn.bot_observation())
                turn.bot_apply(choice)
                played.append(choice)
        except Exception as e:
            turn.bot_failed(e)
        self.finish(turn, played)

    async def play_in_background(self, turn: BotTurn, generation: int) -> None:
        loop = asyncio.get_running_loop()
        self.clock_start = loop.time()
        played: list = []
        try:
            while turn.bot_to_act():
                observation = turn.bot_observation()
                if turn.bot_thinks_in_thread and threads_available():
                    choice = await loop.run_in_executor(None, turn.bot_choose, observation)
                    if generation != self.generation:
                        return   # a new game, an undo or the editor happened meanwhile
                elif turn.bot_thinks_in_thread:
                    # no threads (a browser's Pyodide): the view says "thinking" before the bot
                    # holds the kernel's thread
                    await asyncio.sleep(0)
                    if generation != self.generation:
                        return
                    choice = turn.bot_choose(observation)
                else:
                    choice = turn.bot_choose(observation)
                turn.bot_apply(choice)
                played.append(choice)
                pause = turn.bot_pause(choice)
                if pause is not None:
                    await asyncio.sleep(pause)
                    if generation != self.generation:
                        return
        except Exception as e:
            if generation != self.generation:
                return   # the failure of a game that is gone
            turn.bot_failed(e)
        self.finish(turn, played)

    def finish(self, turn: BotTurn, played: list) -> None:
        self.thinking = False
        turn.bot_done(played)

    def elapsed(self) -> float:
        """Seconds since the background turn began (or :meth:`restart_clock`)."""
        return asyncio.get_running_loop().time() - self.clock_start

    def restart_clock(self) -> None:
        """Count :meth:`elapsed` from now (a new player turn of the bot's)."""
        self.clock_start = asyncio.get_running_loop().time()
