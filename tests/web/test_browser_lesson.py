"""A classroom's lesson in a real browser: the host's screen (French, 1920x1080) puts
the questions, three phones answer them in French, English and Spanish (one of them
320 px wide), each reads the answer and why in its own language, and the lesson ends
on its scoreboard and each student's weak cells. The host works it from the keyboard."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from puntobanco.i18n import Lang
from puntobanco.learn.lesson import ROOM_KINDS, lesson_questions
from puntobanco.learn.question import Question
from tests.web.conftest import PHONE, FakeClock, LiveServer
from tests.web.test_browser import TIMEOUT, axe_violations

SEED = 2024
SECONDS = 20
STUDENTS = (("Ana", "fr-FR", PHONE), ("Bruno", "en-GB", PHONE))
NARROW: dict[str, Any] = {**PHONE, "viewport": {"width": 320, "height": 568}}
#: Who answers right: Ana every question, Bruno the first three, Chloé never.
RIGHT = {"Ana": range(1, 6), "Bruno": range(1, 4), "Chloé": range(0)}


def host_screen(browser: Browser, live: LiveServer) -> Page:
    context = browser.new_context(
        viewport={"width": 1920, "height": 1080},
        locale="fr-FR",
        reduced_motion="reduce",
        bypass_csp=True,  # axe is injected below
    )
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    page.goto(live.url + "/")
    return page


def student(
    browser: Browser, live: LiveServer, code: str, name: str, locale: str, device: dict[str, Any]
) -> Page:
    context = browser.new_context(**device, locale=locale, reduced_motion="reduce", bypass_csp=True)
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    page.goto(f"{live.url}/j/{code}")
    page.fill("#name-input", name)
    page.press("#name-input", "Enter")
    expect(page.locator("#lesson-phone")).to_be_visible()
    expect(page.locator("#lesson-phone-wait")).to_be_visible()
    return page


def typed(question: Question, answer: str) -> str:
    """What a student types: an amount in units (cents as the drill reads them), a count."""
    if question.kind != "payout":
        return answer
    cents = int(answer)
    return f"{'-' if cents < 0 else ''}{abs(cents) // 100},{abs(cents) % 100:02d}"


def answer(page: Page, question: Question, right: bool) -> None:
    """Answer from the phone: a tap on a choice (the keyboard on one of them), or a
    typed amount or count sent with Enter."""
    expected = str(question.expected("en"))
    if question.kind in ("payout", "count"):
        given = (
            expected if right else str(int(expected) + (100 if question.kind == "payout" else 1))
        )
        page.fill("#lesson-input", typed(question, given))
        page.press("#lesson-input", "Enter")
        return
    buttons = page.locator("#lesson-answers [data-answer]")
    values = buttons.evaluate_all("(nodes) => nodes.map((n) => n.dataset.answer)")
    given = expected if right else next(v for v in values if v != expected)
    button = page.locator(f"#lesson-answers [data-answer='{given}']")
    button.focus()
    page.keyboard.press("Enter")


def press(host: Page, selector: str) -> None:
    """The host works the lesson from the keyboard."""
    host.focus(selector)
    host.keyboard.press("Enter")


def fits(page: Page, width: int, height: int | None = None) -> bool:
    size = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    return bool(size[0] <= width and (height is None or size[1] <= height))


def test_a_lesson_with_a_host_and_three_phones_in_three_languages_to_its_scoreboard(
    browser: Browser, live: LiveServer, clock: FakeClock
) -> None:
    host = host_screen(browser, live)
    host.check("input[name=format][value=classroom]")
    for kind in ROOM_KINDS:
        expect(host.locator(f"input[name=drills][value={kind}]")).to_be_checked()
    host.fill("[name=questions]", "5")
    host.fill("[name=seconds]", str(SECONDS))
    host.fill("[name=seed]", str(SEED))
    host.click("#create-form button[type=submit]")
    host.wait_for_url("**/host/*")
    expect(host.locator("#lesson-code")).not_to_be_empty()
    code = host.inner_text("#lesson-code")
    questions = lesson_questions(ROOM_KINDS, count=5, seed=SEED, paytable="standard")
    assert [q.kind for q in questions] == list(ROOM_KINDS)  # each kind of answer once

    phones = {
        name: student(browser, live, code, name, locale, device)
        for name, locale, device in STUDENTS
    }
    phones["Chloé"] = student(browser, live, code, "Chloé", "es-ES", NARROW)
    langs: dict[str, Lang] = {"Ana": "fr", "Bruno": "en", "Chloé": "es"}
    expect(host.locator("#lesson-students-count")).to_have_text("3")
    expect(host.locator("#lesson-scores li")).to_have_count(3)
    assert axe_violations(host) == []

    for number, question in enumerate(questions, start=1):
        press(host, "#lesson-next")
        expect(host.locator("#lesson-title")).to_contain_text(f"Question {number} sur 5")
        expect(host.locator("#lesson-text")).to_have_text(question.text("fr"))
        expect(host.locator("#lesson-hands .card").first).to_be_visible()
        expect(host.locator("#lesson-count")).to_have_text(f"{SECONDS} s pour répondre")
        for name, page in phones.items():
            expect(page.locator("#lesson-phone-text")).to_have_text(question.text(langs[name]))
        # Ana and Bruno answer every question; Chloé the first three only: the host
        # shows the fourth's answer, and the clock closes the fifth.
        answering = [n for n in phones if n != "Chloé" or number <= 3]
        for name in answering:
            answer(phones[name], question, number in RIGHT[name])
        if number == 4:
            expect(host.locator("#lesson-answered")).to_have_text("Ont répondu : 2 sur 3")
            expect(host.locator("#lesson-show")).to_be_focused()  # in place of Next question
            host.keyboard.press("Enter")
            expect(host.locator("#lesson-next")).to_be_focused()
        elif number == 5:
            expect(phones["Bruno"].locator("#lesson-mine")).to_contain_text("Your answer:")
            expect(host.locator("#lesson-answered")).to_have_text("Ont répondu : 2 sur 3")
            clock.advance(SECONDS)  # the server's clock closes the question
        expect(host.locator("#lesson-shown")).to_be_visible()
        expect(host.locator(".lesson-expected")).to_have_text(
            f"La réponse : {question.shown('fr')}"
        )
        expect(host.locator("#lesson-shown .lesson-why")).to_have_text(question.why("fr"))
        rights = sum(number in RIGHT[n] for n in answering)
        expect(host.locator("#lesson-shown h3")).to_have_text(
            f"Réponses justes : {rights} sur {len(answering)}"
        )
        for name, page in phones.items():
            expect(page.locator("#lesson-phone-why")).to_have_text(question.why(langs[name]))
        expect(phones["Ana"].locator("#lesson-verdict")).to_have_text("Juste !")
        verdict = (
            "Correcto!"
            if number in RIGHT["Chloé"]
            else f"Esta vez no: la respuesta era {question.shown('es')}."
        )
        expect(phones["Chloé"].locator("#lesson-verdict")).to_have_text(verdict)
        scores = [
            f"{n} {sum(k <= number for k in RIGHT[n])} sur {number}"
            for n in ("Ana", "Bruno", "Chloé")
        ]
        expect(host.locator("#lesson-scores li")).to_have_text(scores)
        if number == 1:
            assert fits(host, 1920, 1080), "the host's screen scrolls at 1920x1080"
            assert fits(phones["Chloé"], 320), "the 320 px phone scrolls sideways"
            assert axe_violations(host) == []
            assert axe_violations(phones["Chloé"]) == []

    expect(host.locator("#lesson-next")).to_have_text("Terminer la leçon : les scores")
    press(host, "#lesson-next")
    expect(host.locator("#lesson-title")).to_have_text("La leçon est terminée.")
    expect(host.locator("#lesson-winners")).to_have_text("Meilleur score : Ana")
    expect(host.locator("#lesson-scores li")).to_have_text(
        ["Ana 5 sur 5", "Bruno 3 sur 5", "Chloé 0 sur 5"]
    )
    weak = host.locator("#lesson-weak > li")
    expect(weak).to_have_count(3)
    expect(weak.nth(0)).to_contain_text("Aucune erreur.")
    expect(weak.nth(1).locator(".lesson-weak-cells li")).to_have_count(2)  # Bruno: the last two
    expect(weak.nth(2).locator(".lesson-weak-cells li")).to_have_count(5)  # Chloé: every one
    expect(phones["Bruno"].locator("#lesson-phone-end")).to_be_visible()
    expect(phones["Bruno"].locator("#lesson-phone-weak li")).to_have_count(2)
    expect(phones["Chloé"].locator("#lesson-phone-title")).to_have_text("La lección ha terminado.")
    expect(phones["Chloé"].locator("#lesson-phone-score")).to_have_text("Sus puntos: 0 de 5")
    expect(host.locator("#lesson-title")).to_be_focused()
    assert fits(host, 1920, 1080)
    assert axe_violations(host) == []
    assert axe_violations(phones["Chloé"]) == []
