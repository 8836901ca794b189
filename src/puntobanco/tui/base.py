"""What every screen of the terminal game shares: words, keys, messages, saving."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from puntobanco.coup import Coup
from puntobanco.errors import PuntoBancoError
from puntobanco.fair.witness import ShoeWitness
from puntobanco.i18n import Lang, t
from puntobanco.paytable import Amount
from puntobanco.table.events import Event
from puntobanco.tui.games import SessionView, TableCasino


@runtime_checkable
class GameApp(Protocol):
    """What the screens ask of the app (``tui.app.PuntoBancoApp`` provides it).

    Declared here so that the screens' module never imports the app's.
    """

    lang: Lang
    card_delay: float
    #: The dealer's assistant: the names screen comes first and new sessions take
    #: the host's cards.
    assist: bool

    def start(self, game: SessionView | TableCasino, *, new: bool = True) -> None: ...
    def new_session(self, names: Sequence[str]) -> SessionView: ...
    def new_casino(self, person: str, *, bots: int, croupier: bool) -> TableCasino: ...
    def save(self, *, finished: bool) -> None: ...
    def show_roads(self, coups: Sequence[Coup]) -> None: ...
    def show_ranking(
        self,
        scores: Mapping[str, Amount],
        *,
        money: Callable[[Amount], str] | None = None,
        coups: Sequence[tuple[int, Coup]] = (),
    ) -> None: ...


#: The hex digits of a shoe's commitment shown under the coup (the host screen's
#: chain head has as many): enough to recognise it in ``puntobanco shoes``.
COMMITMENT_DIGITS = 16
#: Keys Textual keeps for itself (focus, quitting, the command palette).
PASS_THROUGH: frozenset[str] = frozenset({"tab", "shift+tab", "ctrl+q", "ctrl+c", "ctrl+p"})
#: Keys whose name is said in the player's language when they do nothing.
KEY_NAMES: frozenset[str] = frozenset(
    {"enter", "space", "backspace", "escape", "up", "down", "left", "right", "delete"}
)
#: Keys that are no keys at all (modifiers alone).
IGNORED: frozenset[str] = frozenset({"shift", "ctrl", "alt", "meta"})


def panel(widget_id: str, title: str = "", classes: str = "") -> Static:
    """A bordered block of plain text (markup off: ``[P]`` stays ``[P]``)."""
    box = Static("", id=widget_id, markup=False, classes=classes)
    if title:
        box.border_title = title
    return box


class GameScreen(Screen[None]):
    """A screen driven by single keys, with a prompt, a message line and key hints.

    Subclasses fill ``keys()`` with the keys valid now; any other key shows a
    message instead of doing something unexpected.
    """

    AUTO_FOCUS = ""  # each screen focuses its input field itself, when it has one
    #: The screen's own check of the shoes it shows (``show_shoe_check``).
    witness: ShoeWitness | None = None

    @property
    def game_app(self) -> GameApp:
        """The app, typed."""
        app = self.app
        assert isinstance(app, GameApp), "the screens run inside PuntoBancoApp"
        return app

    @property
    def lang(self) -> Lang:
        """The language of every word on screen."""
        return self.game_app.lang

    def tr(self, key: str, /, **params: object) -> str:
        """``t(key)`` in the game's language."""
        return t(key, self.lang, **params)

    def footer(self) -> ComposeResult:
        """The prompt, the message and the key hints: the last three lines."""
        with Vertical(id="footer"):
            yield Static("", id="prompt", markup=False)
            yield Static("", id="message", markup=False)
            yield Static("", id="hints", markup=False)

    def set_text(self, widget_id: str, text: str) -> None:
        """Replace a block's text."""
        self.query_one(f"#{widget_id}", Static).update(text)

    def show_commitment(self, seed: int | None, commitment: str | None) -> None:
        """The shoe's commitment under the coup, where the shoes are provably fair
        (a seeded game's title shows its seed instead): what a player notes to
        check the shoe once its server seed is revealed (``puntobanco shoes``)."""
        shown = ""
        if seed is None and commitment is not None:
            shown = self.tr("tui.commitment", commitment=commitment[:COMMITMENT_DIGITS])
        self.query_one("#coup", Static).border_subtitle = shown

    def show_shoe_check(self, events: Sequence[Event] | None, seed: int | None) -> None:
        """The screen's own check of each fair shoe it showed, in one line above the
        coup ("Shoe 3: checked ✓"), the fault named when one fails (``fair.witness``,
        the check every phone makes): noted as the coups are dealt, checked once the
        shoe's server seed is revealed. A seeded game has no secret shoe to check."""
        if events is None or seed is not None:
            return
        if self.witness is None:
            self.witness = ShoeWitness()
        self.witness.observe(events)
        status = self.witness.status()
        shown = ""
        if status is not None:
            shoe, fault = status
            shown = (
                self.tr("tui.fair.checked", shoe=shoe)
                if fault is None
                else self.tr("tui.fair.failed", shoe=shoe, reason=fault.message(self.lang))
            )
        title = self.tr("tui.panel.coup")
        self.query_one("#coup", Static).border_title = f"{title} · {shown}" if shown else title

    def say(self, text: str) -> None:
        """Show a message (an error, a confirmation) on the message line."""
        self.set_text("message", text)

    def refuse(self, error: PuntoBancoError) -> None:
        """A refused action: its reason on the message line, never a traceback."""
        self.say("! " + error.message(self.lang))

    def keys(self) -> dict[str, str]:
        """Valid keys now, mapped to the action name that ``act`` carries out."""
        return {}

    def hints(self) -> str:
        """The key hints line."""
        return ""

    def act(self, action: str) -> None:
        """Carry out a key's action."""

    def refresh_all(self) -> None:
        """Redraw every panel from the game state."""
        self.set_text("hints", self.hints())

    def on_key(self, event: events.Key) -> None:
        """Dispatch a key, or say that it does nothing here."""
        if event.key in PASS_THROUGH or event.key in IGNORED:
            return
        if isinstance(self.focused, Input):
            return  # the input field and its own submit/backspace handle it
        event.stop()
        event.prevent_default()
        keys = self.keys()
        key = event.key
        if key not in keys and event.character and event.character.lower() in keys:
            key = event.character.lower()
        if key in keys:
            try:
                self.act(keys[key])
            except PuntoBancoError as error:
                self.refuse(error)
            return
        if event.character and event.character.isprintable() and event.character != " ":
            shown = event.character
        elif key in KEY_NAMES:
            shown = self.tr(f"tui.keyname.{key}")
        else:
            shown = key
        self.say("! " + self.tr("tui.error.key", key=shown))
