#!/usr/bin/env python3
"""Make the classroom's screenshots of ``docs/learn.md``.

    PYTHONPATH=src .venv/bin/python tools/lesson_screenshots.py [--out docs/screenshots]

The same server as ``tools/web_screenshots.py`` (127.0.0.1, the tables in memory,
its clock stopped): a lesson of five questions, one of each drill a room answers,
with six students, is played through the HTTP API, and Chromium shows

- the host screen at 1920x1080 in French: a question put (its cards, the countdown,
  how many have answered), its answer shown (why, how the room answered, the
  scoreboard), and the end (the best score, each student's weak cells);
- phones in English at 375x667 (a question to answer with a tap), in Spanish at
  320x568 (the answer shown: right or wrong, and why) and in French at 375x667 (the
  end: the score and one's weak cells).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from web_screenshots import (
    ARGS,
    CHROMIUM,
    HOST,
    OUT,
    PHONES,
    ROOT,
    TIMEOUT,
    Table,
    cookie,
    serve,
    shoot,
)

from puntobanco.learn.lesson import ROOM_KINDS, lesson_questions

SEED = 2024
STUDENTS = ("Ana", "Bruno", "Chloé", "David", "Emma", "Farid")
#: Who answers each question wrong, and how far off (the others answer it right;
#: None: no answer).
WRONG: dict[int, dict[str, int | None]] = {
    1: {"Chloé": 1, "Farid": 1},
    2: {"David": 1, "Farid": None},
    3: {"Bruno": 1, "Chloé": 1, "Farid": 2},
    4: {"Chloé": 100, "Emma": -2000, "Farid": None},
    5: {"Bruno": 1, "Chloé": -1, "Farid": 2},
}
CHOICES = {"third-card": ["draw", "stand"], "winner": ["punto", "banco", "egalite"]}


def host_screen(browser: Any, table: Table) -> Any:
    context = browser.new_context(viewport=HOST, device_scale_factor=1, locale="fr-FR",
                                  reduced_motion="reduce")  # fmt: skip
    context.set_default_timeout(TIMEOUT)
    context.add_cookies([cookie(table.url, table.id, "pb_host", table.host)])
    page = context.new_page()
    page.goto(f"{table.url}/host/{table.id}")
    page.wait_for_selector("#lesson-code:not(:empty)")
    return page


def phone_screen(browser: Any, table: Table, name: str, lang: str, size: dict[str, int]) -> Any:
    context = browser.new_context(viewport=size, device_scale_factor=1, is_mobile=True,
                                  has_touch=True, locale=lang, reduced_motion="reduce")  # fmt: skip
    context.set_default_timeout(TIMEOUT)
    context.add_cookies([cookie(table.url, table.id, "pb_player", table.tokens[name])])
    page = context.new_page()
    page.goto(f"{table.url}/p/{table.id}")
    page.wait_for_selector("#lesson-phone:not([hidden])")
    return page


def answer(table: Table, number: int, names: tuple[str, ...]) -> None:
    question = lesson_questions(ROOM_KINDS, count=5, seed=SEED, paytable="standard")[number - 1]
    right = str(question.expected("en"))
    for name in names:
        if name not in WRONG[number]:
            table.send(table.tokens[name], "AnswerQuestion", answer=right)
            continue
        off = WRONG[number][name]
        if off is None:
            continue
        if question.kind in CHOICES:  # another choice, ``off`` places on
            choices = CHOICES[question.kind]
            given = choices[(choices.index(right) + off) % len(choices)]
        else:
            given = str(int(right) + off)
        table.send(table.tokens[name], "AnswerQuestion", answer=given)


def make(out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    made: list[Path] = []
    with serve() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        table = Table(url, "classroom", STUDENTS, drills=list(ROOM_KINDS), questions=5,
                      seconds=20, seed=SEED)  # fmt: skip
        host = host_screen(browser, table)
        for number in (1, 2):
            table.send(table.host, "NextQuestion")
            answer(table, number, STUDENTS)
            if table.view()["lesson"]["open"]:
                table.send(table.host, "ShowAnswer")
        table.send(table.host, "NextQuestion")
        answer(table, 3, STUDENTS[2:5])
        host.wait_for_selector("#lesson-count:not(:empty)")
        shoot(host, out / "web-host-lesson-question-fr.png", made)
        bruno = phone_screen(browser, table, "Bruno", "en-GB", PHONES[""])
        bruno.wait_for_selector("#lesson-answers [data-answer]")
        shoot(bruno, out / "web-phone-lesson-en.png", made)
        answer(table, 3, (*STUDENTS[:2], STUDENTS[5]))
        host.wait_for_selector("#lesson-shown:not([hidden])")
        shoot(host, out / "web-host-lesson-answer-fr.png", made)
        chloe = phone_screen(browser, table, "Chloé", "es-ES", PHONES["-320"])
        chloe.wait_for_selector("#lesson-phone-shown:not([hidden])")
        shoot(chloe, out / "web-phone-lesson-es-320.png", made)
        for number in (4, 5):
            table.send(table.host, "NextQuestion")
            answer(table, number, STUDENTS)
            if table.view()["lesson"]["open"]:
                table.send(table.host, "ShowAnswer")
        table.send(table.host, "NextQuestion")  # after the last: the end
        host.wait_for_selector("#lesson-end:not([hidden])")
        shoot(host, out / "web-host-lesson-end-fr.png", made)
        farid = phone_screen(browser, table, "Farid", "fr-FR", PHONES[""])
        farid.wait_for_selector("#lesson-phone-end:not([hidden])")
        shoot(farid, out / "web-phone-lesson-end-fr.png", made)
        browser.close()
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the PNG files go")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: apt-get install -y chromium", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for path in make(args.out):
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}"
              f"  {path.stat().st_size // 1024} KiB")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
