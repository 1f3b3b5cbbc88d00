"""A run's save file and the saved runs read back: JSON lines, one game a line with the
match's settings on every line, plain or gzip-compressed (a name ending in ``.gz``);
:class:`SaveFile` writes them, locked, a task's results at a time, and :class:`SavedRuns`
reads them back (``resume``, ``--combine``), checking every line. See
:mod:`battleline.arena.runner`.

>>> compressed("docs/arena/hard-vs-medium-1s.jsonl.gz"), json_line({"k": 2}, {"deal": 1})
(True, '{"k": 2, "deal": 1}')
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import math
import os
import stat
import types
import typing
import zlib
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..errors import clip, shorten
from .stops import RunStopped

__all__ = ["SaveFile", "SavedRuns", "load_saved", "read_saved", "compressed", "json_line", "path_label"]


def json_line(settings: dict, result: Any) -> str:
    fields = result if isinstance(result, dict) else vars(result)
    return json.dumps({**settings, **fields})


def path_label(path: str) -> str:
    return shorten(str(path), 200)


def compressed(path: str) -> bool:
    """Whether a save file is kept gzip-compressed (its name ends in ``.gz``): the arena
    reads such files as it reads plain ones, and appends to them a gzip member at a time."""
    return str(path).endswith(".gz")


def _lines(fh, path: str) -> Iterator[bytes]:
    """The lines of an open save file; a damaged gzip file is a ValueError naming it."""
    try:
        yield from fh
    except (EOFError, OSError, zlib.error) as e:
        raise ValueError(f"{path_label(path)} is not a readable gzip file ({shorten(str(e), 60)})") from None


class SaveFile:
    r"""A run's save file, held for the whole run. It is locked (by ``FILE.lock``, which
    stays beside it) so that a second run on the same file is refused; opened for appending
    only when there is something to write (a complete, read-only file can still be resumed),
    before the first game is played; and appended a task's results at a time. A write that
    fails is taken back, so the file never holds half a line before a whole one.

    >>> import tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "run.jsonl")
    >>> with SaveFile(path) as save:
    ...     save.open_for_appending()
    ...     save.append(['{"deal": 1}'])
    >>> open(path).read(), save.written
    ('{"deal": 1}\n', 1)
    """

    def __init__(self, path: str):
        self.path = path
        self.written = 0               # lines appended by this run
        self.fd: int | None = None
        folder = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(path):
            raise ValueError(f"cannot save to {path_label(path)}: it is a folder, not a file")
        if os.path.exists(path) and not stat.S_ISREG(os.stat(path).st_mode):
            raise ValueError(f"cannot save to {path_label(path)}: it is not a regular file")
        if not os.path.isdir(folder):
            raise ValueError(f"cannot save to {path_label(path)}: the folder {path_label(folder)} does not exist")
        from filelock import FileLock, Timeout
        self.lock = FileLock(path + ".lock", timeout=0)
        self.lock_error: OSError | None = None
        try:
            self.lock.acquire()
        except Timeout:
            raise ValueError(f"{path_label(path)} is in use by another run (it holds {path_label(path + '.lock')}); "
                             "wait for that run to end, or save to another file") from None
        except OSError as e:            # a read-only folder: a complete file may still be read
            self.lock_error = e

    def open_for_appending(self, cut_at: int | None = None) -> None:
        """Open the file to append (creating it), and cut off the half-written last line of
        a stopped run, which starts at byte ``cut_at``. Call before playing: a file that
        cannot be written is a ValueError while no game has been played."""
        if self.fd is not None:
            return
        if self.lock_error is not None:
            raise ValueError(f"cannot write {path_label(self.path)}: its lock file cannot be made "
                             f"({self.lock_error.strerror or self.lock_error}); no game was played")
        try:
            self.fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
            if cut_at is not None:
                os.ftruncate(self.fd, cut_at)
        except OSError as e:
            raise ValueError(f"cannot write {path_label(self.path)} ({e.strerror or e}); no game was played") from None

    def append(self, lines: list[str]) -> None:
        """Append ``lines`` (JSON, without their newlines) in one write (to a ``.gz`` file, as
        one more gzip member). If it fails the file is cut back to where it was and the run
        stops (RunStopped)."""
        encoded = "".join(line + "\n" for line in lines).encode()
        data = memoryview(gzip.compress(encoded) if compressed(self.path) else encoded)
        size = os.fstat(self.fd).st_size
        try:
            while data:
                data = data[os.write(self.fd, data):]
        except BaseException as e:      # a full disk, or Ctrl-C between two parts of the write
            try:
                os.ftruncate(self.fd, size)
            except OSError:
                pass
            if isinstance(e, OSError):
                raise RunStopped(f"cannot write {path_label(self.path)} ({e.strerror or e})", unsaved=len(lines)) from None
            raise
        self.written += len(lines)

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        if self.lock.is_locked:
            self.lock.release()

    def __enter__(self) -> SaveFile:
        return self

    def __exit__(self, *exc) -> None:
        self.close()



def _field_types(make: Callable) -> dict | None:
    """The type of each field of the result class ``make`` (a dataclass), or None."""
    if not (isinstance(make, type) and dataclasses.is_dataclass(make)):
        return None
    hints = typing.get_type_hints(make)
    return {f.name: hints.get(f.name, Any) for f in dataclasses.fields(make)}


def _fits(value: Any, hint: Any) -> bool:
    """Whether a value read from JSON is of the type ``hint`` (True is no whole number)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, h) for h in args)
    if origin is typing.Literal:
        return any(type(value) is type(v) and value == v for v in args)
    if origin is list:
        return type(value) is list and all(_fits(v, args[0]) for v in value)
    if hint is float:
        return type(value) is int or (type(value) is float and math.isfinite(value))
    if hint is type(None):
        return value is None
    if hint in (int, str, bool, list, dict):
        return type(value) is hint
    return True                          # a type a line cannot show: make() decides


def _describe(hint: Any) -> str:
    """``hint`` in words, for an error message."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(h) for h in args)
    if origin is typing.Literal:
        return " or ".join(json.dumps(v) for v in args)
    if origin is list:
        return f"a list of ({_describe(args[0])})"
    words = {int: "a whole number", float: "a finite number", str: "text", bool: "true or false",
             type(None): "null", list: "a list", dict: "an object"}
    return words.get(hint, getattr(hint, "__name__", str(hint)))


class SavedRuns:
    r"""Results read back from save files, every line checked before it is used: a JSON
    object with the match's settings (``setting_keys``, of the values ``settings``, or else
    of the first line read) and exactly the fields of the result class ``make`` builds, each
    of its type; ``deal`` a whole number and ``a_seat`` 0 or 1; no game twice. A bad line is
    a ValueError naming the file and the line. A last line without its newline was cut
    short by a run that stopped (or is still writing): it is skipped, and ``cut`` says at
    which byte it starts.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Echo:
    ...     deal: int
    ...     a_seat: int
    ...     value: int
    >>> import tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "run.jsonl")
    >>> _ = open(path, "w").write('{"k": 2, "deal": 1, "a_seat": 0, "value": 2}\n{"k": 2, "deal": 1, "a_se')
    >>> reader = SavedRuns(Echo, ["k"])
    >>> list(reader.results(path)), reader.settings, reader.cut
    ([Echo(deal=1, a_seat=0, value=2)], {'k': 2}, 45)
    >>> _ = open(path, "w").write('{"k": 2, "deal": 1, "a_seat": 7, "value": 2}\n')
    >>> list(SavedRuns(Echo, ["k"]).results(path))   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: '...run.jsonl' line 1: a_seat must be 0 or 1, not 7
    """

    def __init__(self, make: Callable, setting_keys: Iterable[str], settings: dict | None = None,
                 what: str = "game"):
        self.make = make
        self.setting_keys = tuple(setting_keys)
        self.settings = None if settings is None else json.loads(json.dumps(settings))   # as saved
        self.settings_from: str | None = None      # the line the settings were read from
        self.what = what
        self.fields = _field_types(make)
        self.seen: set[int] = set()                # 2 * deal + a_seat of every game kept
        self.cut: int | None = None

    def results(self, path: str, keep: Callable[[int], bool] | None = None) -> Iterator:
        """The results saved in ``path``, in file order; only those whose deal ``keep``
        accepts (every line is checked all the same)."""
        self.cut = None
        try:
            fh = gzip.open(path, "rb") if compressed(path) else open(path, "rb")
        except OSError as e:
            raise ValueError(f"cannot read {path_label(path)} ({e.strerror or e})") from None
        with fh:
            offset = 0
            for number, raw in enumerate(_lines(fh, path), 1):
                if not raw.endswith(b"\n"):
                    if compressed(path):     # a gzip member cannot be cut back to a line
                        raise ValueError(f"{path_label(path)} line {number} is cut off: the compressed "
                                         "file is damaged")
                    self.cut = offset
                    return
                offset += len(raw)
                where = f"{path_label(path)} line {number}"
                fields = self._fields(raw, where)
                if keep is None or keep(fields["deal"]):
                    yield self._result(fields, where)

    def read(self, paths: Iterable[str], deals: tuple[int, int] | None = None) -> Iterator:
        """The results of all ``paths``, only those of ``deals=(first, last)`` if given; a
        ValueError if there is none."""
        keep = None if deals is None else (lambda deal: deals[0] <= deal <= deals[1])
        found = False
        for path in paths:
            for result in self.results(path, keep):
                found = True
                yield result
        if not found:
            raise ValueError(f"no saved {self.what} in those files" + ("" if deals is None else " and deals"))

    def _fields(self, raw: bytes, where: str) -> dict:
        """A line's result fields, the line checked; its settings checked and taken off."""
        try:
            d = json.loads(raw)
        except (ValueError, RecursionError):       # not JSON, not UTF-8, nested too deep
            raise ValueError(f"{where} is not JSON: {shorten(raw.decode(errors='replace').strip(), 80)}") from None
        if not isinstance(d, dict):
            raise ValueError(f"{where} is not a {self.what} (a JSON object): {clip(json.dumps(d), 80)}")
        mine = {}
        for k in self.setting_keys:
            if k not in d:
                raise ValueError(f"{where} has no {k!r} (a setting of the match, on every line)")
            mine[k] = d.pop(k)
        if self.settings is None:
            self.settings, self.settings_from = mine, where
        elif mine != self.settings:
            if self.settings_from is None:
                raise ValueError(f"{where} is another match ({shorten(json.dumps(mine), 120)}), "
                                 f"not {shorten(json.dumps(self.settings), 120)}")
            raise ValueError(f"the files mix different matches: {where} is {shorten(json.dumps(mine), 120)}, "
                             f"{self.settings_from} {shorten(json.dumps(self.settings), 120)}")
        self._check_types(d, where)
        return d

    def _check_types(self, d: dict, where: str) -> None:
        names = self.fields if self.fields is not None else {"deal": int, "a_seat": int}
        for name in names:
            if name not in d:
                raise ValueError(f"{where} has no {name!r} (a field of every {self.what})")
        if self.fields is not None:
            for name in d:
                if name not in self.fields:
                    raise ValueError(f"{where} has an unknown field {shorten(name)}")
        for name, hint in names.items():
            if not _fits(d[name], hint):
                raise ValueError(f"{where}: {name} must be {_describe(hint)}, not {clip(json.dumps(d[name]), 60)}")
        if d["a_seat"] not in (0, 1):
            raise ValueError(f"{where}: a_seat must be 0 or 1, not {clip(json.dumps(d['a_seat']), 60)}")

    def _result(self, fields: dict, where: str):
        key = 2 * fields["deal"] + fields["a_seat"]
        if key in self.seen:
            raise ValueError(f"{where} holds the same {self.what} twice (deal {fields['deal']}, "
                             f"seat {fields['a_seat']})")
        self.seen.add(key)
        try:
            return self.make(**fields)
        except (TypeError, ValueError) as e:
            raise ValueError(f"{where}: {shorten(str(e), 200)}") from None


def load_saved(path: str, settings: dict, make: Callable, what: str = "game") -> dict:
    """The results saved in ``path`` by an earlier run of the same job (``make(**fields)``
    builds each), by ``(deal, a_seat)``, every line checked (:class:`SavedRuns`); a last line
    cut short by a stopped run is skipped. A missing file holds nothing yet."""
    if not os.path.exists(path):
        return {}
    reader = SavedRuns(make, settings, settings, what)
    return {(r.deal, r.a_seat): r for r in reader.results(path)}


def read_saved(paths: list[str], setting_keys: tuple[str, ...], make: Callable,
               deals: tuple[int, int] | None = None, what: str = "game") -> tuple[list, dict]:
    """The results saved in ``paths`` (``make(**fields)`` builds each), and the match's
    settings, for summing up several runs. All lines must share the same ``setting_keys``
    values; no deal may be played twice from the same seat. ``deals=(first, last)`` keeps
    only those deals. To sum up without holding every result, iterate
    :meth:`SavedRuns.read` instead."""
    reader = SavedRuns(make, setting_keys, what=what)
    results = list(reader.read(paths, deals))
    return results, reader.settings
