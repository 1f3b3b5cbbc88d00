"""Typed messages from the browser: one handler per message kind, fields checked first.

Game-neutral machinery for any anywidget front end that sends JSON objects
``{"type": kind, ...fields}``. A :class:`MessageRouter` maps each kind to one
handler and declares the type of every field it takes; :meth:`MessageRouter.dispatch`
checks the message against those declarations before the handler runs, so a
handler receives clean Python values and a bad message (not an object, an
unknown kind, a missing or ill-typed field, an unknown field) raises a
:class:`MessageError` (a ``ValueError``) and changes nothing. :func:`answer_safely`
turns any failure into a call of the widget's error reporter, so that no
traceback reaches the notebook.

>>> class Counter:
...     messages = MessageRouter("counter")
...     def __init__(self):
...         self.total = 0
...     @messages.on("add", amount=Integer(1, 10), note=Text(optional=True))
...     def add(self, amount, note=None):
...         self.total += amount
>>> c = Counter()
>>> Counter.messages.dispatch(c, {"type": "add", "amount": 3})
>>> c.total
3
>>> try:
...     Counter.messages.dispatch(c, {"type": "add", "amount": 30})
... except ValueError as e:
...     print(e)
add: 'amount' must be a whole number from 1 to 10, not 30
>>> errors = []
>>> answer_safely(lambda: Counter.messages.dispatch(c, {"type": "fly"}), errors.append)
>>> str(errors[0]), c.total
("unknown message type 'fly'", 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ..errors import shorten

__all__ = ["MessageError", "FieldType", "Integer", "Boolean", "Text", "Choice", "IntegerList",
           "Anything", "MessageRouter", "dispatch", "answer_safely"]

_MISSING = object()


class MessageError(ValueError):
    """A message from the browser that cannot be taken: its kind or a field is wrong.

    ``rule`` is None: it is no game rule (so it is shown in the message's own words)."""

    rule = None
    params: dict = {}


class FieldType:
    """What one field of a message may hold. An ``optional`` field may be left out (the
    handler's default applies); a ``nullable`` one may be ``null``."""

    def __init__(self, *, optional: bool = False, nullable: bool = False):
        self.optional = optional
        self.nullable = nullable

    def describe(self) -> str:
        raise NotImplementedError

    def accepts(self, value: Any) -> bool:
        raise NotImplementedError

    def convert(self, value: Any) -> Any:
        return value

    def check(self, kind: str, name: str, value: Any) -> Any:
        """``value`` as the handler receives it, or a :class:`MessageError` naming the field."""
        if value is None and self.nullable:
            return None
        if not self.accepts(value):
            null = " or null" if self.nullable else ""
            raise MessageError(f"{kind}: {name!r} must be {self.describe()}{null}, not {shorten(value)}")
        return self.convert(value)


class Integer(FieldType):
    """A whole number (never a bool) from ``low`` to ``high`` (None: unbounded)."""

    def __init__(self, low: int | None = None, high: int | None = None, **kw):
        super().__init__(**kw)
        self.low, self.high = low, high

    def describe(self) -> str:
        if self.low is not None and self.high is not None:
            return f"a whole number from {self.low} to {self.high}"
        if self.low is not None:
            return f"a whole number of at least {self.low}"
        return "a whole number"

    def accepts(self, value: Any) -> bool:
        return (isinstance(value, int) and not isinstance(value, bool)
                and (self.low is None or value >= self.low) and (self.high is None or value <= self.high))


class Boolean(FieldType):
    """``true`` or ``false``."""

    def describe(self) -> str:
        return "true or false"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, bool)


class Text(FieldType):
    """A string (what it says is the handler's to judge: a move text, a card id, …)."""

    def describe(self) -> str:
        return "a text"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, str)


class Choice(FieldType):
    """One of a fixed set of strings (``choices`` may be a callable, read at each check)."""

    def __init__(self, choices: Iterable[str] | Callable[[], Iterable[str]], **kw):
        super().__init__(**kw)
        self.choices = choices if callable(choices) else tuple(choices)

    def options(self) -> tuple:
        return tuple(self.choices()) if callable(self.choices) else self.choices

    def describe(self) -> str:
        quoted = [repr(o) for o in self.options()]
        if len(quoted) <= 2:
            return " or ".join(quoted)
        return "one of " + ", ".join(quoted[:-1]) + " or " + quoted[-1]

    def accepts(self, value: Any) -> bool:
        return isinstance(value, str) and value in self.options()


class IntegerList(FieldType):
    """A list of whole numbers (at most ``most`` of them)."""

    def __init__(self, most: int = 100, **kw):
        super().__init__(**kw)
        self.most = most

    def describe(self) -> str:
        return f"a list of at most {self.most} whole numbers"

    def accepts(self, value: Any) -> bool:
        return (isinstance(value, list) and len(value) <= self.most
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value))

    def convert(self, value: Any) -> list[int]:
        return list(value)


class Anything(FieldType):
    """Any JSON value: the handler checks it itself (and says what it expected)."""

    def describe(self) -> str:
        return "a value"

    def accepts(self, value: Any) -> bool:
        return True


@dataclass(frozen=True)
class Route:
    """One message kind: its handler and its declared fields."""

    kind: str
    handler: Callable
    fields: dict


class MessageRouter:
    """The message kinds one controller answers (``scope`` names it in errors, e.g. ``"edit
    mode"``). Register handlers with :meth:`on`; run a message with :meth:`dispatch`.
    ``unavailable`` says what to do instead when a kind of another mode arrives here (e.g.
    ``"build and confirm your army first"``)."""

    def __init__(self, scope: str, unavailable: str | None = None):
        self.scope = scope
        self.unavailable = unavailable
        self.routes: dict[str, Route] = {}

    def on(self, kind: str, **fields: FieldType) -> Callable:
        """A decorator: the function (or method) answers messages of ``kind``, called with
        one keyword argument per declared field that the message holds."""
        def register(handler: Callable) -> Callable:
            if kind in self.routes:
                raise ValueError(f"{kind!r} already has a handler in {self.scope}")
            self.routes[kind] = Route(kind, handler, dict(fields))
            return handler
        return register

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.routes)

    def __contains__(self, kind: object) -> bool:
        return kind in self.routes

    def arguments(self, content: dict) -> dict:
        """The checked keyword arguments of a message of a kind this router answers."""
        route = self.routes[content["type"]]
        unknown = [k for k in content if k != "type" and k not in route.fields]
        if unknown:
            raise MessageError(f"{route.kind}: unknown field {shorten(unknown[0])}"
                               + (f" (it takes {', '.join(route.fields)})" if route.fields else ""))
        out = {}
        for name, ftype in route.fields.items():
            value = content.get(name, _MISSING)
            if value is _MISSING:
                if not ftype.optional:
                    raise MessageError(f"{route.kind}: the field {name!r} is missing ({ftype.describe()})")
                continue
            out[name] = ftype.check(route.kind, name, value)
        return out

    def dispatch(self, target: Any, content: Any) -> Any:
        """Check ``content`` and run its handler on ``target`` (None: a plain function)."""
        return dispatch(content, (self, target))


def message_kind(content: Any) -> str:
    """The ``type`` of a message, or a :class:`MessageError` when it is no message."""
    if not isinstance(content, dict) or not isinstance(content.get("type"), str):
        raise MessageError("a message must be a JSON object with a 'type'")
    return content["type"]


def dispatch(content: Any, *routes: tuple[MessageRouter, Any], elsewhere: Iterable[MessageRouter] = ()) -> Any:
    """Run ``content`` by the first router that answers its kind, on that router's target.

    ``elsewhere`` are routers of other modes: a kind only they answer is refused as "not
    available in <this scope>" rather than as unknown."""
    kind = message_kind(content)
    for router, target in routes:
        if kind in router:
            route = router.routes[kind]
            kwargs = router.arguments(content)
            return route.handler(**kwargs) if target is None else route.handler(target, **kwargs)
    if any(kind in r for r in elsewhere) and routes:
        here = routes[-1][0]
        hint = f": {here.unavailable}" if here.unavailable else ""
        raise MessageError(f"{shorten(kind)} is not available in {here.scope}{hint}")
    raise MessageError(f"unknown message type {shorten(kind)}")


def answer_safely(run: Callable[[], Any], report: Callable[[Any], None], *,
                  went_wrong: Callable[[str], Any] | None = None) -> None:
    """Run ``run()``; a ``ValueError`` goes to ``report`` as it is (the game's own words for
    it), any other failure as a short text (``went_wrong`` words it, given the failure's
    name and shortened text): never a traceback in the notebook."""
    try:
        run()
    except ValueError as e:
        report(e)
    except Exception as e:  # noqa: BLE001 (a bug must still not reach the notebook as a traceback)
        text = f"{type(e).__name__}: {shorten(str(e))}"
        report(went_wrong(text) if went_wrong is not None else f"Something went wrong: {text}")
