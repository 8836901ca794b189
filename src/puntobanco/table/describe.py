"""Events in sentences, as a table shows them to its players (three languages).

>>> from puntobanco.table.config import TableConfig
>>> from puntobanco.table.events import ShoeHolderChanged
>>> describe(ShoeHolderChanged("Ana"), TableConfig.casino(), "fr")
'Le sabot passe à Ana.'
"""

from __future__ import annotations

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


def describe(event: Event, config: TableConfig, lang: Lang | None = None) -> str:
    """One sentence for ``event`` at a table with ``config``."""
    lang = lang or current_language()

    def money(value: Amount) -> str:  # as the reader's language writes numbers
        return Money(value, config.money).words(lang)

    match event:
        case TableOpened():
            return t("table.event.opened", lang, table=event.table)
        case PlayerSeated():
            return t("table.event.seated", lang, name=event.name, seat=event.seat)
        case PlayerLeft():
            return t("table.event.left", lang, name=event.name, amount=money(event.bankroll))
        case BetPlaced():
            box = bet_name(event.box, lang)
            return t("table.event.bet", lang, name=event.name, box=box, amount=money(event.stake))
        case BetWithdrawn():
            box = bet_name(event.box, lang)
            return t("table.event.withdrawn", lang, name=event.name, box=box)
        case BetsClosed():
            return t("table.event.closed", lang, coup=event.coup)
        case ShoeShuffled():
            return t("table.event.shuffled", lang, shoe=event.shoe, cards=len(event.order))
        case ShoeRevealed():
            return t("table.event.revealed", lang, shoe=event.shoe, seed=event.server_seed)
        case ShoeHidden():
            return t("table.event.hidden", lang, shoe=event.shoe, cards=len(event.dealt))
        case NextShoeCommitted():
            commitment = fair.commitment(bytes.fromhex(event.server_seed))
            return t("table.event.next_committed", lang, shoe=event.shoe, commitment=commitment)
        case NextShoeHidden():
            return t(
                "table.event.next_committed", lang, shoe=event.shoe, commitment=event.commitment
            )
        case SeedContributed():
            return t(
                "table.event.contributed", lang, name=event.name, text=event.text, shoe=event.shoe
            )
        case ContributionCommitted():
            return t("table.event.contribution_committed", lang, name=event.name, shoe=event.shoe)
        case ShoeCalled():
            return t("table.event.shoe_called", lang, shoe=event.shoe, seconds=event.seconds)
        case RevealsOpened():
            return t("table.event.reveals_opened", lang, shoe=event.shoe, seconds=event.seconds)
        case ContributionRevealed():
            return t(
                "table.event.contribution_revealed",
                lang,
                name=event.name,
                shoe=event.shoe,
                value=event.value,
            )
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
        case ShoePassed():
            return t("table.event.shoe_passed", lang, name=event.name, to=event.to)
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
        case RebuyRefused():
            return t("table.event.rebuy_refused", lang, name=event.name)
        case TablePaused():
            return t("table.event.paused", lang, coup=event.coup)
        case TableResumed():
            return t("table.event.resumed", lang, coup=event.coup)
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
        case CoupSettled():
            return t("table.event.settled", lang, coup=event.coup)
        case ShoeHolderChanged():
            if event.name is None:
                return t("table.event.holder_none", lang)
            return t("table.event.holder", lang, name=event.name)
        case ShoeFinished():
            return t("table.event.shoe_finished", lang, shoe=event.shoe)
        case BetsOpened():
            return t("table.event.opened_bets", lang, coup=event.coup)
        case PlayerRemoved():
            if event.reason:
                return t("table.event.removed_why", lang, name=event.name, said=event.reason)
            return t("table.event.removed", lang, name=event.name)
        case PlayerRenamed():
            return t("table.event.renamed", lang, name=event.name, new_name=event.new_name)
        case JoinsSet():
            return t(f"table.event.joins.{event.mode}", lang)
        case JoinAsked():
            return t("table.event.join_asked", lang, name=event.name)
        case JoinRefused():
            return t("table.event.join_refused", lang, name=event.name)
        case PredictionTimeSet():
            if event.seconds is None:
                return t("table.event.prediction_time_off", lang)
            return t("table.event.prediction_time", lang, seconds=event.seconds)
        case PlayerReady():
            return t("table.event.ready", lang, name=event.name, coup=event.coup)
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
        case RematchOpened():
            return t("table.event.rematch", lang, table=event.table)
        case QuestionPut():
            return t("table.event.question_put", lang, number=event.number)
        case QuestionAnswered():
            return t("table.event.question_answered", lang, name=event.name, number=event.number)
        case AnswerShown():
            return t("table.event.answer_shown", lang, number=event.number, right=len(event.right))
