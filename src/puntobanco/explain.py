"""Coups and outcomes in sentences, in the chosen language.

The core records *why* each hand drew or stood as data; this turns the data
into the words the terminal game, the web table and the assistant show.
"""

from __future__ import annotations

from puntobanco.coup import Coup, Expect, Outcome, Rule, Side, Step
from puntobanco.i18n import Lang, current_language, t
from puntobanco.rules import Action


def outcome_name(outcome: Outcome | Side, lang: Lang | None = None) -> str:
    """Punto, Banco, or Égalité / Tie / Igualdad."""
    return t(f"outcome.{outcome.value}", lang)


def bet_name(box: Outcome | str, lang: Lang | None = None) -> str:
    """A box's name (``outcome_name``), or a side bet's: ``"punto_pair"`` -> Punto pair."""
    if isinstance(box, Outcome):
        return outcome_name(box, lang)
    return t(f"bet.{box}", lang)


def describe_step(step: Step, lang: Lang | None = None) -> str:
    """One sentence: what a hand did and which rule made it.

    >>> from puntobanco.cards import parse_cards
    >>> from puntobanco.coup import resolve
    >>> coup = resolve(parse_cards("4h 2s 9c Ad 8d"))
    >>> describe_step(coup.steps[1], "fr")
    'Banco a 3 et la troisième carte de Punto vaut 8\\xa0: il reste.'
    """
    hand = outcome_name(step.side, lang)
    card = step.card.shown(lang or current_language()) if step.card else ""
    verb = "draw" if step.action is Action.DRAW else "stand"
    if step.rule is Rule.NATURAL:
        key = "step.natural"
    elif step.rule is Rule.OTHER_NATURAL:
        key = "step.other_natural"
    elif step.rule is Rule.PUNTO_TABLE:
        key = f"step.punto_{verb}"
    elif step.rule is Rule.BANCO_REFUS:
        key = f"step.banco_refus_{verb}"
    else:
        key = f"step.banco_table_{verb}"
    return t(key, lang, hand=hand, total=step.two_card_total, card=card, column=step.column)


def announce(coup: Coup, lang: Lang | None = None) -> str:
    """The croupier's announcement: Banco's point, then Punto's, then the winner (seed 000)."""
    outcome = coup.outcome
    winner = (
        t("coup.tie", lang)
        if outcome is Outcome.EGALITE
        else t("coup.wins", lang, outcome=outcome_name(outcome, lang))
    )
    return t("coup.announce", lang, banco=coup.banco.total, punto=coup.punto.total, winner=winner)


def describe_decision(step: Step, lang: Lang | None = None) -> str:
    """Like ``describe_step``, also for a hand that must draw but has no card yet.

    >>> from puntobanco.cards import parse_cards
    >>> from puntobanco.coup import decisions
    >>> describe_decision(decisions(parse_cards("4h 2s 9c Ad"))[0], "fr")
    'Punto a 3\\xa0: il tire (0 à 5).'
    """
    if step.action is not Action.DRAW or step.card is not None:
        return describe_step(step, lang)
    key = {
        Rule.PUNTO_TABLE: "step.punto_draw_pending",
        Rule.BANCO_REFUS: "step.banco_refus_draw_pending",
    }.get(step.rule, "step.banco_table_draw_pending")
    return t(key, lang, total=step.two_card_total, column=step.column)


def expect_sentence(expect: Expect, lang: Lang | None = None) -> str:
    """ "Card for Banco.", "Third card for Punto.", "The coup is over." ..."""
    return t(f"assist.expect.{expect.value}", lang)
