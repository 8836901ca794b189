"""The terminal trainer (``puntobanco learn``) driven by Textual's pilot at 80x24:
its menu in three languages, a round answered by keys and by typing, a wrong
answer explained, the time running out, a dealer's round, and the review."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot  # noqa: E402
from textual.widgets import Input, Static  # noqa: E402

from puntobanco.i18n import LANGS, t  # noqa: E402
from puntobanco.learn import KINDS  # noqa: E402
from puntobanco.learn.count import Count  # noqa: E402
from puntobanco.learn.hands import Call, ThirdCard, Totals, Winner  # noqa: E402
from puntobanco.learn.pay import Dealer, Payout  # noqa: E402
from puntobanco.tui.drilling import QuestionScreen  # noqa: E402
from puntobanco.tui.learn import LearnApp, MenuScreen, ReviewScreen  # noqa: E402

Script = Callable[[Pilot[None], LearnApp], Awaitable[None]]


class Clock:
    """A clock the test moves by hand: the trainer's seconds never depend on the machine."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def screen_text(app: LearnApp) -> str:
    return "\n".join(str(w.content) for w in app.screen.query(Static))


def visible(widget: Static) -> str:
    """What a panel shows on the screen, its lines joined, spaces collapsed."""
    lines = widget.render_lines(widget.region.reset_offset)
    text = " ".join("".join(segment.text for segment in line).strip(" │╭╮╰╯─") for line in lines)
    return " ".join(text.split())


def shows_all(widget: Static) -> bool:
    """Whether the panel shows every word of its text, in order: nothing cut."""
    return " ".join(str(widget.content).split()) in visible(widget)


def fits(app: LearnApp) -> None:
    """Every panel, prompt and key hint of the screen shows whole at 80x24."""
    for name in ("menu", "question", "title", "prompt", "hints"):
        for widget in app.screen.query(f"#{name}").results(Static):
            assert shows_all(widget), (name, visible(widget))


def drive(app: LearnApp, script: Script) -> None:
    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await script(pilot, app)

    asyncio.run(main())


def question_screen(app: LearnApp) -> QuestionScreen:
    screen = app.screen
    assert isinstance(screen, QuestionScreen), screen
    return screen


def units(cents: int) -> str:
    """A net in cents as a learner types it in units: ``-2000`` -> ``-20.00``."""
    sign, whole = ("-" if cents < 0 else ""), abs(cents)
    return f"{sign}{whole // 100}.{whole % 100:02d}" if whole % 100 else str(cents // 100)


async def answer_right(pilot: Pilot[None], screen: QuestionScreen) -> None:
    """Answer the question on screen as the drill expects, by key or by typing."""
    q = screen.question
    if isinstance(q, ThirdCard):
        await pilot.press("1" if q.expected("en") == "draw" else "2")
    elif isinstance(q, Winner):
        await pilot.press({"punto": "p", "banco": "b", "egalite": "e"}[q.expected("en")])
    elif isinstance(q, Dealer):
        for net in q.nets:
            await typing(pilot, screen, units(net))
    else:
        if isinstance(q, Payout):
            text = units(q.net)
        elif isinstance(q, Call):
            text = q.shown(screen.lang)
        else:
            assert isinstance(q, Totals | Count)
            text = str(q.expected("en"))
        await typing(pilot, screen, text)


async def typing(pilot: Pilot[None], screen: QuestionScreen, text: str) -> None:
    """``text`` typed in the answer's field at once, then Enter."""
    screen.query_one("#answer", Input).value = text
    await pilot.press("enter")


@pytest.mark.parametrize("lang", LANGS)
def test_the_menu_lists_every_drill_and_fits_80_columns(lang: str) -> None:
    async def script(pilot: Pilot[None], app: LearnApp) -> None:
        text = screen_text(app)
        for kind in KINDS:
            assert t(f"learn.kind.{kind.replace('-', '_')}", app.lang) in text
        assert "Dragon 7" in text or "Dragón 7" in text
        fits(app)

    # the longest paytable's description in the menu
    drive(LearnApp(lang=lang, seed=3, paytable="ez"), script)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_round_answered_right_scores_all_and_the_review_says_so(kind: str) -> None:
    async def script(pilot: Pilot[None], app: LearnApp) -> None:
        await pilot.press(str(list(KINDS).index(kind) + 1))
        for n in range(3):
            screen = question_screen(app)
            assert screen.index == n
            fits(app)
            await answer_right(pilot, screen)
            assert "✓" in screen_text(app), screen_text(app)
            fits(app)
            await pilot.press("enter")
        assert isinstance(app.screen, ReviewScreen)
        text = screen_text(app)
        assert "Score: 3 of 3 (100%)" in text and "No mistake." in text
        fits(app)

    drive(LearnApp(lang="en", seed=21, questions=3, clock=Clock()), script)


def test_a_wrong_answer_is_explained_in_french_and_reviewed_with_its_cell() -> None:
    async def script(pilot: Pilot[None], app: LearnApp) -> None:
        await pilot.press("n", "n", "1")  # five third-card questions
        screen = question_screen(app)
        q = screen.question
        assert isinstance(q, ThirdCard)
        await pilot.press("2" if q.expected("en") == "draw" else "1")
        text = screen_text(app)
        assert "✗ Faux (vous\u00a0: " in text
        assert q.why("fr") in text.replace("\n", " ") or q.why("fr")[:40] in text
        for _ in range(4):
            await pilot.press("enter")
            await answer_right(pilot, question_screen(app))
        await pilot.press("enter")
        text = screen_text(app)
        assert "Score\u00a0: 4 sur 5 (80\u00a0%)" in text
        assert "À travailler\u00a0:" in text and q.cell_words("fr") in text
        assert "Erreurs\u00a0:" in text and f"{q.id}. " in text

    drive(LearnApp(lang="fr", seed=5, clock=Clock()), script)


def test_when_the_time_runs_out_the_question_is_lost_with_its_answer() -> None:
    clock = Clock()

    async def script(pilot: Pilot[None], app: LearnApp) -> None:
        await pilot.press("2")  # totals, 20 s a question
        screen = question_screen(app)
        clock.now += 12
        screen.tick()
        await pilot.pause()
        assert screen.query_one("#question", Static).border_subtitle == "quedan 8 s"
        clock.now += 8
        screen.tick()
        await pilot.pause()
        text = screen_text(app)
        assert "✗ Se acabó el tiempo. La respuesta: " in text
        assert screen.answered[-1].given == "" and not screen.answered[-1].result.correct

    drive(LearnApp(lang="es", seed=8, clock=clock), script)


def test_a_dealer_s_round_is_paid_bet_by_bet_and_a_wrong_bet_is_explained() -> None:
    clock = Clock()

    async def script(pilot: Pilot[None], app: LearnApp) -> None:
        await pilot.press("n", "n", "7")
        screen = question_screen(app)
        q = screen.question
        assert isinstance(q, Dealer)
        assert t(f"paytable.{q.paytable}", "en") in screen_text(app)
        # 40 s for two bets at 20 s each: the time is per bet
        clock.now += 20 * len(q.bets) - 1
        screen.tick()
        assert not screen.waiting
        for i, net in enumerate(q.nets):
            assert f"Bet {i + 1} of {len(q.bets)}" in screen_text(app)
            await pilot.press(*units(net + (100 if i == 0 else 0)), "enter")
        text = screen_text(app)
        assert f"✗ {len(q.bets) - 1} of {len(q.bets)} bets paid right" in text
        assert q.bet_why(0, "en")[:30] in text.replace("\n", " ")
        assert screen.answered[-1].bets_right == len(q.bets) - 1

    drive(LearnApp(lang="en", seed=30, clock=clock), script)


def test_a_typed_answer_that_is_no_number_is_refused_without_being_graded() -> None:
    async def script(pilot: Pilot[None], app: LearnApp) -> None:
        await pilot.press("4")  # payout
        screen = question_screen(app)
        await pilot.press(*"douze", "enter")
        assert "«\u00a0douze\u00a0» n’est pas un montant" in screen_text(app)
        assert not screen.answered and not screen.waiting
        q = screen.question
        assert isinstance(q, Payout)
        await pilot.press(*units(q.net).replace(".", ","), "enter")  # a French decimal comma
        assert screen.answered[-1].result.correct

    drive(LearnApp(lang="fr", seed=12, clock=Clock()), script)


def test_a_tie_is_answered_with_the_game_s_keys_in_spanish() -> None:
    async def script(pilot: Pilot[None], app: LearnApp) -> None:
        await pilot.press("3")
        screen = question_screen(app)
        assert "[I] Igualdad" in screen_text(app)
        await pilot.press("i")
        result = screen.answered[-1].result
        assert result.given == "egalite"
        assert result.correct == (screen.question.expected("es") == "egalite")

    drive(LearnApp(lang="es", seed=1, clock=Clock()), script)


def test_settings_rounds_and_seeds_from_the_menu() -> None:
    async def script(pilot: Pilot[None], app: LearnApp) -> None:
        await pilot.press("s", "p", "c")
        text = screen_text(app)
        assert "30 s a question" in text and "commission" not in text.lower()
        assert "Punto 1:1, Banco 0.96 to 1" in text  # the first paytable by name
        assert "Dragon 7, true count" in text
        await pilot.press("6")
        q = question_screen(app).question
        assert isinstance(q, Count) and q.cards_left is not None
        assert question_screen(app).drill.seed == 40
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        assert "Seed of the next round: 41." in screen_text(app)
        await pilot.press("q")
        assert not app.is_running

    drive(LearnApp(lang="en", seed=40, clock=Clock()), script)


def test_a_round_can_be_played_again_from_its_review() -> None:
    async def script(pilot: Pilot[None], app: LearnApp) -> None:
        await pilot.press("n", "n", "1")
        first = question_screen(app).drill
        for _ in range(5):
            await answer_right(pilot, question_screen(app))
            await pilot.press("enter")
        await pilot.press("r")
        assert question_screen(app).drill.to_json() == first.to_json()
        await pilot.press("escape", "1")
        assert question_screen(app).drill.seed == first.seed + 1

    drive(LearnApp(lang="en", seed=77, clock=Clock()), script)
