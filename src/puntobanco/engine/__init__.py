"""The table engine: one service, every format, commands in, events out, a view per viewer.

>>> from puntobanco.engine import Bet, Deal, Engine, Viewer
>>> engine = Engine(clock=lambda: 0.0)
>>> _ = engine.open("demo", "session", settings={"seed": 7}, players=["Ana", "Bruno"])
>>> _ = engine.do("demo", Bet("Ana", "banco"), by=Viewer.player("Ana"))
>>> _ = engine.do("demo", Bet("Bruno", "punto"), by=Viewer.player("Bruno"))
>>> engine.do("demo", Deal()).seq
17
>>> engine.view("demo", Viewer.player("Ana"))["last"]["nets"]
{'Ana': 19, 'Bruno': -20}
"""

from puntobanco.engine.bots import STYLES, decide
from puntobanco.engine.commands import (
    COMMANDS,
    AnswerQuestion,
    Bet,
    ClearBets,
    CloseBets,
    CloseTable,
    Command,
    CommitContribution,
    Contribute,
    Deal,
    Double,
    Leave,
    NextCoup,
    NextQuestion,
    PassShoe,
    PlaceCard,
    Ready,
    Rebet,
    Rebuy,
    RevealContribution,
    ShowAnswer,
    Sit,
    Tick,
    TurnPunto,
    UndoBet,
    UndoCard,
    Withdraw,
    command_of,
)
from puntobanco.engine.service import Committed, Engine, Job, TableInfo
from puntobanco.engine.viewers import Role, Viewer
from puntobanco.engine.views import offered, rules_of
from puntobanco.engine.words import error_json, words
from puntobanco.fair.contributor import Contributor
from puntobanco.table.formats import RULES, CardSource, Format, FormatRules
from puntobanco.table.state import Phase

__all__ = [
    "COMMANDS",
    "RULES",
    "STYLES",
    "AnswerQuestion",
    "Bet",
    "CardSource",
    "ClearBets",
    "CloseBets",
    "CloseTable",
    "Command",
    "CommitContribution",
    "Committed",
    "Contribute",
    "Contributor",
    "Deal",
    "Double",
    "Engine",
    "Format",
    "FormatRules",
    "Job",
    "Leave",
    "NextCoup",
    "NextQuestion",
    "PassShoe",
    "Phase",
    "PlaceCard",
    "Ready",
    "Rebet",
    "Rebuy",
    "RevealContribution",
    "Role",
    "ShowAnswer",
    "Sit",
    "TableInfo",
    "Tick",
    "TurnPunto",
    "UndoBet",
    "UndoCard",
    "Viewer",
    "Withdraw",
    "command_of",
    "decide",
    "error_json",
    "offered",
    "rules_of",
    "words",
]
