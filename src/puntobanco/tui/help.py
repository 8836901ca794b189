"""The help screen (``?`` or F1 on a game screen): the keys valid there and the rules;
and what the table screens share (their panels' colours, their help)."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from puntobanco.tui.base import GameScreen
from puntobanco.tui.render import coloured, coloured_roads

#: The keys that open the help, on every game screen.
HELP_KEYS = {"question_mark": "help", "f1": "help"}


class TextScreen(GameScreen):
    """A title over text that scrolls (up, down) and the keys that go back: the help
    (``?`` or F1: the keys of the screen it was opened from, then the rules) and the
    roads at full size (R)."""

    def __init__(
        self, title: str, text: str, hints: str, back: Iterable[str], text_id: str
    ) -> None:
        super().__init__()
        self.title_key = title
        self.text = text
        self.hints_key = hints
        self.back = tuple(back)
        self.text_id = text_id

    def compose(self) -> ComposeResult:
        yield Static(self.tr(self.title_key), id="title", markup=False)
        with VerticalScroll():
            yield Static(self.text, id=self.text_id, markup=False)
        yield from self.footer()

    def on_mount(self) -> None:
        self.refresh_all()

    def keys(self) -> dict[str, str]:
        return {"up": "up", "down": "down", **dict.fromkeys(self.back, "back")}

    def hints(self) -> str:
        return self.tr(self.hints_key)

    def act(self, action: str) -> None:
        scroll = self.query_one(VerticalScroll)
        if action == "up":
            scroll.scroll_up()
        elif action == "down":
            scroll.scroll_down()
        else:
            self.app.pop_screen()


class TableScreen(GameScreen):
    """A table's screen (the session, the casino): its panels in their colours, its help."""

    def paint(self, widget_id: str, text: str) -> None:
        """A panel's text with its meaningful colours (the roads by letter)."""
        paint = coloured_roads if widget_id == "roads" else coloured
        self.query_one(f"#{widget_id}", Static).update(paint(text, self.lang))

    def help(self) -> None:
        """The keys of this screen and the rules (``?``, F1)."""
        keys, always, rules = (self.tr(f"tui.help.{k}") for k in ("keys", "always", "rules"))
        text = "\n".join([keys, self.hints(), always, "", rules])
        back = ("escape", "q", "enter", "space", *HELP_KEYS)
        self.app.push_screen(TextScreen("tui.help.title", text, "tui.help.back", back, "help_text"))
