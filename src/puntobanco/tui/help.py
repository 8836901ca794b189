"""The help screen (``?`` or F1 on a game screen): the keys valid there and the rules;
and what the table screens share (their panels' colours, their help)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from puntobanco.tui.base import GameScreen
from puntobanco.tui.render import coloured, coloured_roads

#: The keys that open the help, on every game screen.
HELP_KEYS = {"question_mark": "help", "f1": "help"}


class HelpScreen(GameScreen):
    """The keys of the screen it was opened from, then the rules of the coup."""

    def __init__(self, keys: str) -> None:
        super().__init__()
        self.key_text = keys

    def compose(self) -> ComposeResult:
        yield Static(self.tr("tui.help.title"), id="title", markup=False)
        with VerticalScroll():
            text = "\n".join(
                [
                    self.tr("tui.help.keys"),
                    self.key_text,
                    self.tr("tui.help.always"),
                    "",
                    self.tr("tui.help.rules"),
                ]
            )
            yield Static(text, id="help_text", markup=False)
        yield from self.footer()

    def on_mount(self) -> None:
        self.refresh_all()

    def keys(self) -> dict[str, str]:
        back = ("escape", "q", "enter", "space", "question_mark", "f1")
        return {"up": "up", "down": "down", **dict.fromkeys(back, "back")}

    def hints(self) -> str:
        return self.tr("tui.help.back")

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
        self.app.push_screen(HelpScreen(self.hints()))
