"""Boards: the picture of a game as SVG, drawn only from what one seat may see.

A game draws its table in its ``svg.py`` from a *board view*: ``state.view(seat)``, plus
``"actions"``, the seat's own legal actions as notation, and ``"recent"``, the events the
seat saw since its last decision (as JSON). Nothing else reaches the drawing, so a
picture can show no more than the seat may see (:func:`board_view`).

Every element a legal action acts on carries ``data-action`` with the action's notation;
an element several actions act on lists them all, separated by commas (notation never
holds a comma), and a front end offers a small chooser. Actions with no element of their
own are drawn as buttons. Elements that changed in the recent events have the class
``recent``. Sizes are in user units of the ``viewBox``: the picture scales from a phone to
a desktop.

>>> canvas = Canvas(200, 100, title="Example")
>>> canvas.rect(10, 10, 80, 40, fill="#c33", actions=["0:take 1"], tip="A red box")
>>> canvas.text(50, 35, "Rubble & Wood", size=12, anchor="middle")
>>> picture = canvas.svg()
>>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"')
True
>>> 'data-action="0:take 1"' in picture and "Rubble &amp; Wood" in picture
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ludus.core.errors import N_, LudusError
from ludus.core.events import Event
from ludus.core.i18n import PLATFORM, Lang, LangLike
from ludus.core.seat_check import check_seat

if TYPE_CHECKING:
    from ludus.core.game import State

__all__ = ["Canvas", "Svg", "actions_by", "board_view", "draw", "esc"]

K = TypeVar("K", bound=Hashable)

_NEWS = (N_("Since your last decision:"), N_("Last action:"))
"""The heading of the news box for a seat, and for a spectator (the platform's catalog)."""

STYLE = """
text { font-family: "DejaVu Sans", "Noto Sans", Arial, sans-serif; }
[data-action] { cursor: pointer; }
[data-action]:hover { filter: brightness(1.12); }
rect.playable, .playable > .frame { stroke: #1a7f37; stroke-width: 3; }
rect.recent, .recent > .frame { stroke: #e8a400; stroke-width: 4; }
rect.to-move, .to-move > .frame { stroke: #0b5cad; stroke-width: 4; }
.button rect { fill: #f4f1e8; stroke: #1a7f37; stroke-width: 2; }
.dim { opacity: 0.55; }
rect.region.lit { stroke: #d0021b; stroke-width: 6; stroke-dasharray: 14 6; }
"""


class Svg(str):
    """SVG text that a Jupyter notebook shows as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})
_KEYS: dict[str, str] = {}


def esc(text: object) -> str:
    """``text`` made safe inside SVG text and attribute values."""
    return str(text).translate(_ESCAPES)


def _key(name: str) -> str:
    """An attribute's name from a keyword (``stroke_dasharray`` → ``stroke-dasharray``,
    ``class_`` → ``class``)."""
    found = _KEYS.get(name)
    if found is None:
        found = _KEYS[name] = name.rstrip("_").replace("_", "-")
    return found


def board_view(state: State, seat: int | None, recent: Iterable[Event] = ()) -> dict[str, Any]:
    """What a board of ``seat`` (None: a spectator) is drawn from: the seat's view, its own
    legal actions as notation, and the events of ``recent`` it may see."""
    view = dict(state.view(seat))
    view["actions"] = (
        [] if seat is None or state.is_terminal() else [str(a) for a in state.legal_actions(seat)]
    )
    view["recent"] = [event.to_json() for event in recent if event.is_visible_to(seat)]
    return view


def draw(state: State, seat: int | None = None, locale: LangLike = None, recent: Iterable[Event] = ()) -> Svg:
    """The picture of ``state`` for ``seat`` (None: a spectator) in ``locale``, the events of
    ``recent`` (those the seat may see) marked; raises :class:`LudusError` for a game with no board."""
    check_seat(state, seat)
    picture = state.game.svg(board_view(state, seat, recent), seat, locale)
    if picture is None:
        raise LudusError(N_("{game} has no board picture yet"), game=state.game.info.id)
    return Svg(picture)


def actions_by(actions: Iterable[str], key: Callable[[list[str]], K | None]) -> dict[K, list[str]]:
    """Group action notations by the element they act on: ``key`` gets the notation's words
    after the seat (``["lead", "legionary"]``) and returns the element's key, or None when the
    action has no element of its own.

    >>> actions_by(["0:lead laborer", "0:follow laborer", "0:think"], lambda w: w[1] if len(w) > 1 else None)
    {'laborer': ['0:lead laborer', '0:follow laborer']}
    """
    found: dict[K, list[str]] = {}
    for notation in actions:
        words = notation.partition(":")[2].split()
        target = key(words)
        if target is not None:
            found.setdefault(target, []).append(notation)
    return found


class Canvas:
    """An SVG picture built element by element (rectangles, text, lines, groups, buttons)."""

    def __init__(self, width: float, height: float, title: str = "", background: str = "#fbf8f0") -> None:
        self.width = width
        self.height = height
        self.title = title
        self.background = background
        self.parts: list[str] = []
        self.regions: list[str] = []
        """The named parts of the board (:meth:`region`), drawn last, over everything."""

    @staticmethod
    def _attrs(values: Mapping[str, object]) -> str:
        return "".join(
            f' {_key(k)}="{v if type(v) is not str else v.translate(_ESCAPES)}"'
            for k, v in values.items()
            if v is not None
        )

    @staticmethod
    def _action(actions: Sequence[str] | None) -> str:
        return f' data-action="{esc(",".join(actions))}"' if actions else ""

    def _open(
        self,
        tag: str,
        actions: Sequence[str] | None,
        tip: str | None,
        classes: str,
        attrs: Mapping[str, object],
    ) -> None:
        css = " ".join(c for c in (classes, "playable" if actions and tag != "g" else "") if c)
        extra = self._attrs({**attrs, "class": css or None})
        if tip:
            self.parts.append(f"<{tag}{extra}{self._action(actions)}><title>{esc(tip)}</title></{tag}>")
        else:
            self.parts.append(f"<{tag}{extra}{self._action(actions)}/>")

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        rx: float = 0,
        actions: Sequence[str] | None = None,
        tip: str | None = None,
        classes: str = "",
        **attrs: object,
    ) -> None:
        """A rectangle (a card, a box, a space); ``actions`` make it clickable, ``tip`` is its hover text."""
        self._open(
            "rect",
            actions,
            tip,
            classes,
            {
                "x": _n(x),
                "y": _n(y),
                "width": _n(w),
                "height": _n(h),
                "rx": _n(rx) if rx else None,
                "fill": fill,
                "stroke": stroke,
                **attrs,
            },
        )

    def circle(
        self,
        x: float,
        y: float,
        r: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        actions: Sequence[str] | None = None,
        tip: str | None = None,
        classes: str = "",
        **attrs: object,
    ) -> None:
        """A circle (a token, a marker)."""
        self._open(
            "circle",
            actions,
            tip,
            classes,
            {"cx": _n(x), "cy": _n(y), "r": _n(r), "fill": fill, "stroke": stroke, **attrs},
        )

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        stroke: str = "#888",
        width: float = 1,
        **attrs: object,
    ) -> None:
        """A straight line (a road, a divider)."""
        values = {"x1": _n(x1), "y1": _n(y1), "x2": _n(x2), "y2": _n(y2), "stroke": stroke,
                  "stroke-width": _n(width), **attrs}
        self.parts.append(f"<line{self._attrs(values)}/>")

    def text(
        self,
        x: float,
        y: float,
        words: str,
        *,
        size: float = 12,
        anchor: str = "start",
        weight: str | None = None,
        fill: str | None = None,
        **attrs: object,
    ) -> None:
        """A line of text (its baseline at ``y``); clicks pass through it to what lies below."""
        values = {"x": _n(x), "y": _n(y), "font-size": _n(size), "text-anchor": anchor, "font-weight": weight,
                  "fill": fill or "#222", "pointer-events": "none", **attrs}
        self.parts.append(
            f"<text{self._attrs(values)}>"
            f"{esc(words)}</text>"
        )

    def group(
        self,
        *,
        actions: Sequence[str] | None = None,
        tip: str | None = None,
        classes: str = "",
        **attrs: object,
    ) -> _Group:
        """A group of elements acting as one (a card with its words): ``with canvas.group(...):``."""
        return _Group(self, actions, tip, classes, attrs)

    def button(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        label: str,
        actions: Sequence[str],
        tip: str | None = None,
    ) -> None:
        """A button for actions with no element of their own (think, end the turn)."""
        with self.group(actions=actions, tip=tip, classes="button"):
            self.rect(x, y, w, h, rx=6)
            self.text(x + w / 2, y + h / 2 + 5, label, size=14, anchor="middle", weight="bold")

    def news(self, y: float, view: Mapping[str, Any], player: int | None, domain: str, lang: Lang) -> float:
        """A box listing what happened since ``player``'s last decision (the board view's recent
        events, the last six, in ``lang``); returns the ``y`` below it (``y`` when nothing happened)."""
        lines = [Event(e["kind"], e["data"], None, domain).text_in(lang) for e in view.get("recent", ())][-6:]
        if not lines:
            return y
        heading = _NEWS[0] if player is not None else _NEWS[1]
        most = int((self.width - 48) / 7.4)
        self.rect(10, y, self.width - 20, 30 + 18 * len(lines), fill="#fff6dc", stroke="#e8a400", rx=8)
        self.text(24, y + 20, lang.gettext(heading, PLATFORM), size=13, weight="bold")
        for i, line in enumerate(lines):
            self.text(24, y + 38 + 18 * i, line if len(line) <= most else line[: most - 1] + "…", size=13)
        return y + 40 + 18 * len(lines)

    def button_row(self, y: float, buttons: Sequence[tuple[str, str]], x0: float = 20) -> float:
        """One button per ``(label, notation)``, in rows as wide as the picture; the ``y`` below them."""
        x = x0
        for label, notation in buttons:
            w = max(110.0, 8.6 * len(label) + 24)
            if x + w > self.width - 20:
                x, y = x0, y + 40
            self.button(x, y, w, 32, label, [notation])
            x += w + 10
        return y + 44

    def region(self, name: str, x: float, y: float, w: float, h: float) -> None:
        """Name a part of the board (a lesson step's region: ``"pool"``, ``"forum"``): an outline
        ``<rect class="region" data-region="NAME">``, unfilled and unstroked (it draws nothing) unless
        a page lights it (the class ``lit``); drawn over everything, clicks pass through it. The whole
        picture is the region ``"table"``. A region may have several boxes (call again with the name)."""
        self.regions.append(_region(name, x, y, w, h))

    def svg(self) -> Svg:
        """The picture: scalable (a ``viewBox``, no fixed size), with its title for screen readers."""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(self.width)} {_n(self.height)}" '
            f'role="img" preserveAspectRatio="xMidYMid meet">'
        )
        title = f"<title>{esc(self.title)}</title>" if self.title else ""
        ground = (f'<rect x="0" y="0" width="{_n(self.width)}" height="{_n(self.height)}" '
                  f'fill="{esc(self.background)}"/>')
        table = _region("table", 3, 3, self.width - 6, self.height - 6)
        return Svg(head + title + f"<style>{STYLE}</style>" + ground + "".join(self.parts)
                   + "".join(self.regions) + table + "</svg>")


class _Group:
    def __init__(
        self,
        canvas: Canvas,
        actions: Sequence[str] | None,
        tip: str | None,
        classes: str,
        attrs: Mapping[str, object],
    ) -> None:
        self.canvas, self.actions, self.tip, self.classes, self.attrs = canvas, actions, tip, classes, attrs

    def __enter__(self) -> Canvas:
        css = " ".join(c for c in (self.classes, "playable" if self.actions else "") if c)
        extra = Canvas._attrs({**self.attrs, "class": css or None})
        self.canvas.parts.append(f"<g{extra}{Canvas._action(self.actions)}>")
        if self.tip:
            self.canvas.parts.append(f"<title>{esc(self.tip)}</title>")
        return self.canvas

    def __exit__(self, *exc: object) -> None:
        self.canvas.parts.append("</g>")


def _region(name: str, x: float, y: float, w: float, h: float) -> str:
    """The outline of a named region of the board (:meth:`Canvas.region`)."""
    return (f'<rect class="region" data-region="{esc(name)}" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" '
            f'height="{_n(h)}" fill="none" pointer-events="none"/>')


def _n(value: float) -> str:
    """A coordinate, short: ``12``, ``12.5``."""
    return f"{value:.1f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)
