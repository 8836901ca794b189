"""Events in sentences, as a table shows them to its players (three languages).

>>> from puntobanco.table.config import TableConfig
>>> from puntobanco.table.events import ShoeHolderChanged
>>> describe(ShoeHolderChanged("Ana"), TableConfig.casino(), "fr")
'Le sabot passe à Ana.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Final

import puntobanco.fair as fair
from puntobanco.cards import format_cards
from puntobanco.explain import bet_name, outcome_name
from puntobanco.i18n import Lang, current_language, t
from puntobanco.paytable import Amount
from puntobanco.table.config import TableConfig
from puntobanco.table.events import (
    AnswerShown,
    BetCollected,
    BetPaid,
    BetPlaced,
    BetReturned,
    BetsClosed,
    BetsOpened,
    BetWithdrawn,
    CardPlaced,
    CardUndone,
    ContributionCommitted,
    ContributionRevealed,
    ContributionsClosed,
    CoupAnnounced,
    CoupDealt,
    CoupRetracted,
    CoupSettled,
    Event,
    JoinAsked,
    JoinRefused,
    JoinsSet,
    NextShoeCommitted,
    NextShoeHidden,
    PlayerLeft,
    PlayerReady,
    PlayerRebought,
    PlayerRemoved,
    PlayerRenamed,
    PlayerSeated,
    PlayersSkipped,
    PredictionTimeSet,
    PuntoCardsHanded,
    PuntoCardsTurned,
    QuestionAnswered,
    QuestionPut,
    RebuyAsked,
    RebuyRefused,
    RematchOpened,
    RevealsOpened,
    SeedContributed,
    ShoeBurned,
    ShoeCalled,
    ShoeFinished,
    ShoeHidden,
    ShoeHolderChanged,
    ShoePassed,
    ShoeRevealed,
    ShoeShuffled,
    TableClosed,
    TableOpened,
    TablePaused,
    TableResumed,
)
from puntobanco.table.values import Money

#: The events whose sentence is their message filled with their own fields.
_PLAIN: Final[Mapping[type[Event], str]] = {
    TableOpened: "table.event.opened",
    PlayerSeated: "table.event.seated",
    BetsClosed: "table.event.closed",
    NextShoeHidden: "table.event.next_committed",
    SeedContributed: "table.event.contributed",
    ContributionCommitted: "table.event.contribution_committed",
    ShoeCalled: "table.event.shoe_called",
    RevealsOpened: "table.event.reveals_opened",
    ContributionRevealed: "table.event.contribution_revealed",
    ShoePassed: "table.event.shoe_passed",
    RebuyRefused: "table.event.rebuy_refused",
    TablePaused: "table.event.paused",
    TableResumed: "table.event.resumed",
    CoupSettled: "table.event.settled",
    ShoeFinished: "table.event.shoe_finished",
    BetsOpened: "table.event.opened_bets",
    PlayerRenamed: "table.event.renamed",
    JoinAsked: "table.event.join_asked",
    JoinRefused: "table.event.join_refused",
    PlayerReady: "table.event.ready",
    RematchOpened: "table.event.rematch",
    QuestionPut: "table.event.question_put",
    QuestionAnswered: "table.event.question_answered",
}


def describe(event: Event, config: TableConfig, lang: Lang | None = None) -> str:
    """One sentence for ``event`` at a table with ``config``."""
    lang = lang or current_language()

    def money(value: Amount) -> str:  # as the reader's language writes numbers
        return Money(value, config.money).words(lang)

    key = _PLAIN.get(type(event))
    if key is not None:
        return t(key, lang, **{f.name: getattr(event, f.name) for f in fields(event)})
    match event:
        case PlayerLeft():
            return t("table.event.left", lang, name=event.name, amount=money(event.bankroll))
        case BetPlaced():
            box = bet_name(event.box, lang)
            return t("table.event.bet", lang, name=event.name, box=box, amount=money(event.stake))
        case BetWithdrawn():
            box = bet_name(event.box, lang)
            return t("table.event.withdrawn", lang, name=event.name, box=box)
        case ShoeShuffled():
            return t("table.event.shuffled", lang, shoe=event.shoe, cards=len(event.order))
        case ShoeRevealed():
            return t("table.event.revealed", lang, shoe=event.shoe, seed=event.server_seed)
        case ShoeHidden():
            return t("table.event.hidden", lang, shoe=event.shoe, cards=len(event.dealt))
        case NextShoeCommitted():
            commitment = fair.commitment(bytes.fromhex(event.server_seed))
            return t("table.event.next_committed", lang, shoe=event.shoe, commitment=commitment)
        case ContributionsClosed():
            names = ", ".join(event.excluded) or "-"
            return t("table.event.contributions_closed", lang, shoe=event.shoe, names=names)
        case ShoeBurned():
            return t(
                "table.event.burned",
                lang,
                card=event.turned.shown(lang),
                count=len(event.burned),
            )
        case PuntoCardsHanded():
            if event.name is None:
                return t("table.event.handed_croupier", lang)
            if config.turn_seconds is not None:
                return t("table.event.handed_face_down", lang, name=event.name)
            return t("table.event.handed", lang, name=event.name)
        case PuntoCardsTurned():
            if event.name is None:
                return t("table.event.turned_by_dealer", lang)
            return t("table.event.turned", lang, name=event.name)
        case CoupDealt():
            return t(
                "table.event.dealt",
                lang,
                coup=event.coup,
                cards=format_cards(event.cards, lang=lang),
            )
        case CardPlaced():
            return t("table.event.card_placed", lang, coup=event.coup, card=event.card.shown(lang))
        case CardUndone():
            return t("table.event.card_undone", lang, coup=event.coup, card=event.card.shown(lang))
        case CoupRetracted():
            return t(
                "table.event.coup_retracted", lang, coup=event.coup, card=event.card.shown(lang)
            )
        case PlayerRebought():
            return t("table.event.rebought", lang, name=event.name, amount=money(event.amount))
        case RebuyAsked():
            return t("table.event.rebuy_asked", lang, name=event.name, amount=money(event.amount))
        case CoupAnnounced():
            winner = (
                t("coup.tie", lang)
                if event.winner.value == "egalite"
                else t("coup.wins", lang, outcome=outcome_name(event.winner, lang))
            )
            return t("coup.announce", lang, banco=event.banco, punto=event.punto, winner=winner)
        case BetCollected():
            box = bet_name(event.box, lang)
            return t(
                "table.event.collected", lang, name=event.name, box=box, amount=money(event.stake)
            )
        case BetReturned():
            box = bet_name(event.box, lang)
            return t(
                "table.event.returned", lang, name=event.name, box=box, amount=money(event.stake)
            )
        case BetPaid():
            box = bet_name(event.box, lang)
            return t("table.event.paid", lang, name=event.name, box=box, amount=money(event.win))
        case ShoeHolderChanged():
            if event.name is None:
                return t("table.event.holder_none", lang)
            return t("table.event.holder", lang, name=event.name)
        case PlayerRemoved():
            if event.reason:
                return t("table.event.removed_why", lang, name=event.name, said=event.reason)
            return t("table.event.removed", lang, name=event.name)
        case JoinsSet():
            return t(f"table.event.joins.{event.mode}", lang)
        case PredictionTimeSet():
            if event.seconds is None:
                return t("table.event.prediction_time_off", lang)
            return t("table.event.prediction_time", lang, seconds=event.seconds)
        case PlayersSkipped():
            return t(
                "table.event.skipped",
                lang,
                coup=event.coup,
                names=", ".join(event.names),
            )
        case TableClosed():
            if event.winners:
                return t(
                    "table.event.winners",
                    lang,
                    names=", ".join(event.winners),
                    count=len(event.winners),
                )
            return t("table.event.table_closed", lang)
        case AnswerShown():
            return t("table.event.answer_shown", lang, number=event.number, right=len(event.right))
    raise TypeError(f"no sentence for {type(event).__name__}")  # every event has one (tests)
