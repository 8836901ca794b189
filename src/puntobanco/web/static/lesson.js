// A lesson's screens (a table whose rules say "lesson"): the host's, which puts one
// question at a time to the room, and a student's phone, which answers it. What a
// question shows, its answer, why, the room's answers and the scores all come from
// the view, in each viewer's language; these pages only draw them and send the
// commands the view offers.
"use strict";

const PBLesson = (() => {
  const { el, w } = PB;
  const $ = (id) => document.getElementById(id);
  let timer = null;
  let told = "";  // what the live region last said (a view that changes nothing says nothing)

  // The question's seconds left, counted down on the server's clock (the view's
  // countdown), redrawn every quarter second.
  function countdown(node, v) {
    clearInterval(timer);
    if (!v.lesson.open || v.countdown === null || v.countdown === undefined) { node.textContent = ""; return; }
    const end = Date.now() + v.countdown * 1000;
    const tick = () => {
      node.textContent = PB.fmt("lesson.left", { seconds: PB.count(Math.max(0, Math.ceil((end - Date.now()) / 1000))) });
    };
    tick();
    timer = setInterval(tick, 250);
  }

  function tell(text) {
    if (text && text !== told) { told = text; PB.tell($("live"), text); }
  }

  // The question's cards, by hand (Punto, Banco) or as one run.
  function hands(node, q) {
    node.replaceChildren(...q.hands.map((hand) => el("div", { class: `lesson-hand ${hand.side || "run"}` },
      hand.side ? el("h3", { text: w(`outcome.${hand.side}`) }) : null,
      el("div", { class: "cards" }, ...hand.cards.map((code) => PB.cardNode(code))))));
  }

  function title(v) {
    const l = v.lesson;
    if (l.ended) return w("lesson.ended");
    if (!l.question) return w("lesson.waiting");
    return `${PB.fmt("lesson.title", { n: PB.count(l.question.number), count: PB.count(l.questions) })} · ${l.question.kind_name}`;
  }

  // The right answer, why, and how the room answered (a bar for each answer given).
  function shown(node, s) {
    const most = Math.max(1, ...s.tally.map((t) => t.count));
    node.replaceChildren(
      el("p", { class: "lesson-expected", text: PB.fmt("lesson.answer", { answer: s.expected }) }),
      el("p", { class: "lesson-why", text: s.why }),
      el("h3", { text: PB.fmt("lesson.right_count", { n: PB.count(s.right), count: PB.count(s.answered) }) }),
      el("ul", { class: "lesson-tally" }, ...s.tally.map((t) => {
        const bar = el("span", { class: "tally-bar", "aria-hidden": "true" });
        bar.style.setProperty("--share", String(t.count / most));  // CSSOM: the pages allow no inline style
        return el("li", { class: t.right ? "right" : "wrong" },
          el("span", { class: "tally-answer", text: `${t.answer}${t.right ? " ✓" : ""}` }), bar,
          el("span", { class: "tally-count", text: PB.count(t.count) }));
      })),
    );
  }

  function weakList(student) {
    if (!student.weak.length) return el("p", { class: "muted", text: w("lesson.no_weak") });
    return el("ul", { class: "lesson-weak-cells" }, ...student.weak.map((c) => el("li", {
      text: PB.fmt("lesson.weak_cell", { cell: c.cell, wrong: PB.count(c.wrong), asked: PB.count(c.asked) }) })));
  }

  // -- the host's screen ---------------------------------------------------------------

  function host(v, tools) {
    const l = v.lesson;
    $("lesson").hidden = false;
    $("lesson-code").textContent = tools.joinCode;
    tools.drawQr($("lesson-qr"));
    $("lesson-url").textContent = tools.joinUrl();
    $("lesson-title").textContent = title(v);
    countdown($("lesson-count"), v);
    const q = l.question;
    $("lesson-question").hidden = !q || l.ended;
    if (q) {
      hands($("lesson-hands"), q);
      $("lesson-text").textContent = q.text;
      $("lesson-answered").textContent = l.open ? PB.fmt("lesson.answered", { n: PB.count(q.answered), count: PB.count(q.students) }) : "";
    }
    $("lesson-shown").hidden = !l.shown || l.ended;
    if (l.shown) shown($("lesson-shown"), l.shown);
    const answered = new Set((v.my_lesson.students || []).map((s) => s.name));
    const results = Object.fromEntries((v.my_lesson.students || []).map((s) => [s.name, s]));
    $("lesson-scores").replaceChildren(...l.scores.map((s) => el("li", {},
      el("span", { class: "score-name", text: s.name }), " ",
      el("strong", { class: "score-points", text: PB.fmt("lesson.score", { points: PB.count(s.points), questions: PB.count(l.done) }) }))));
    $("lesson-students-count").textContent = PB.count(l.scores.length);
    // At the end: each student's weak cells of the tableau, the best first.
    $("lesson-end").hidden = !l.ended;
    if (l.ended) {
      $("lesson-winners").textContent = v.winners.length ? PB.fmt("lesson.winners", { names: v.winners.join(", ") }) : "";
      $("lesson-weak").replaceChildren(...l.scores.filter((s) => answered.has(s.name)).map((s) => el("li", {},
        el("h3", { text: `${s.name} · ${PB.fmt("lesson.score", { points: PB.count(s.points), questions: PB.count(l.done) })}` }),
        weakList(results[s.name]))));
    }
    // A control that goes away hands the focus to the one that takes its place (Next
    // question -> Show the answer -> Next question...), or to the title at the end.
    const controls = $("lesson-controls");
    const hadFocus = controls.contains(document.activeElement);
    for (const [id, type] of [["lesson-next", "NextQuestion"], ["lesson-show", "ShowAnswer"], ["lesson-close", "CloseTable"]]) {
      $(id).hidden = !PB.offers(v, type);
    }
    $("lesson-next").textContent = w(l.put >= l.questions ? "lesson.finish" : l.put ? "lesson.next" : "lesson.first");
    // Ending the lesson early is offered between questions, not beside its last step.
    $("lesson-close").hidden = $("lesson-close").hidden || l.put >= l.questions;
    if (hadFocus && (!controls.contains(document.activeElement) || document.activeElement.hidden)) {
      const next = [...controls.querySelectorAll("button")].find((b) => !b.hidden);
      (next || $("lesson-title")).focus();
    }
    if (l.ended) tell(w("lesson.ended"));
    else if (l.open && q) tell(`${title(v)}. ${q.text}`);
    else if (l.shown) tell(`${PB.fmt("lesson.answer", { answer: l.shown.expected })} ${l.shown.why}`);
  }

  function setupHost(act) {
    $("lesson-next").addEventListener("click", () => act("NextQuestion"));
    $("lesson-show").addEventListener("click", () => act("ShowAnswer"));
    $("lesson-close").addEventListener("click", () => act("CloseTable"));
  }

  // -- a student's phone ----------------------------------------------------------------

  let shownFor = null;  // the question the answer buttons were drawn for

  function choices(v, send) {
    const q = v.lesson.question;
    const key = `${q.number}:${PB.lang}`;
    if (shownFor === key) return;
    shownFor = key;
    const area = $("lesson-answers");
    if (q.input === "choice") {
      area.replaceChildren(el("div", { class: `lesson-choices n${q.choices.length}`, role: "group", "aria-label": q.prompt },
        ...q.choices.map((c) => {
          const b = el("button", { type: "button", class: `choice-button ${c.value}`, "data-answer": c.value, text: c.label });
          b.addEventListener("click", () => send(c.value));
          return b;
        })));
      return;
    }
    const input = el("input", { id: "lesson-input", name: "answer", inputmode: q.input === "amount" ? "decimal" : "numeric",
      autocomplete: "off", required: true, maxlength: 12 });
    const form = el("form", { class: "lesson-typed" },
      el("label", { for: "lesson-input", text: w(q.input === "amount" ? "lesson.amount" : "lesson.number") }), input,
      el("button", { type: "submit", class: "primary", text: w("lesson.send") }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const value = typed(input.value, q.input);
      if (value === null) { $("error").textContent = w(q.input === "amount" ? "lesson.not_amount" : "lesson.not_number"); return; }
      send(value);
    });
    area.replaceChildren(form);
  }

  // What a student typed as the drill reads it: an amount in units ("-20", "11,87",
  // "−3" with a minus sign) as its cents, a count as a whole number; null otherwise.
  function typed(text, kind) {
    const clean = text.trim().replace(/[\u2212\u2013\u2014]/g, "-").replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
    if (kind === "number") return /^[+-]?\d+$/.test(clean) ? String(Number(clean)) : null;
    const match = clean.match(/^([+-]?)(\d*)(?:\.(\d{0,2}))?$/);
    if (!match || (match[2] === "" && !match[3])) return null;
    const cents = Number(match[2] || "0") * 100 + Number((match[3] || "").padEnd(2, "0"));
    return String(match[1] === "-" && cents ? -cents : cents);
  }

  function phone(v, send) {
    const l = v.lesson;
    const mine = v.my_lesson;
    $("lesson-phone-title").textContent = title(v);
    countdown($("lesson-phone-count"), v);
    const points = l.scores.find((s) => s.name === v.me.name);
    $("lesson-phone-score").textContent = PB.fmt("lesson.your_score", {
      points: PB.count(points ? points.points : 0), questions: PB.count(mine.results.length) });
    const q = l.question;
    const asking = Boolean(q) && l.open && PB.offers(v, "AnswerQuestion");
    $("lesson-phone-question").hidden = !asking;
    if (asking) {
      $("lesson-phone-text").textContent = q.text;
      hands($("lesson-phone-hands"), q);
      choices(v, send);
      for (const b of $("lesson-answers").querySelectorAll("[data-answer]")) {
        b.setAttribute("aria-pressed", String(b.dataset.answer === mine.answer));
      }
      $("lesson-mine").textContent = mine.answer === null ? "" : PB.fmt("lesson.your_answer", { answer: labelOf(q, mine.answer) });
    } else shownFor = null;
    // The answer shown: right or wrong, the right answer and why.
    const s = l.shown;
    const last = mine.results.length ? mine.results[mine.results.length - 1] : null;
    $("lesson-phone-shown").hidden = !s || l.open || l.ended;
    if (s && !l.open) {
      $("lesson-verdict").textContent = last ? w("lesson.right") : PB.fmt("lesson.wrong", { answer: s.expected });
      $("lesson-verdict").className = `lesson-verdict ${last ? "right" : "wrong"}`;
      $("lesson-phone-why").textContent = s.why;
    }
    $("lesson-phone-wait").hidden = asking || l.ended;
    $("lesson-phone-end").hidden = !l.ended;
    if (l.ended) $("lesson-phone-weak").replaceChildren(weakList(mine));
    if (l.ended) tell(w("lesson.ended"));
    else if (asking) tell(`${title(v)}. ${q.text}`);
    else if (s) tell(`${$("lesson-verdict").textContent} ${s.why}`);
  }

  function labelOf(q, answer) {
    const choice = (q.choices || []).find((c) => c.value === answer);
    if (choice) return choice.label;
    return q.input === "amount" ? PB.signed({ config: { money: true } }, answer) : answer;
  }

  return { host, setupHost, phone, typed };
})();
