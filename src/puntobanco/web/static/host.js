// The host screen: open a table, then show it to the room (laptop or TV).
"use strict";

(() => {
  const { el, w } = PB;
  const $ = (id) => document.getElementById(id);
  const { statusText, hands } = PBBoard;
  let view = null;
  // The coup the felt shows: undefined before the first view (what it shows then is
  // not turned over), "lang" after a change of language (shown again, at once).
  let shownCoup;
  let countdownTimer = null;
  let conn = null;
  let revealing = 0;
  let animating = false;  // a coup is being turned: the board waits for its end
  let tableId = null;
  let joinCode = "";  // from the welcome: the code phones type, under the QR code
  let joinOrigin = location.origin;  // from the welcome too: where phones reach the server
  let askedOdds = null;  // the seq whose odds were asked for
  let feltFocus = false;  // the focus was last on the felt
  let showHintNow = () => {};
  let turnTimer = null;
  const announce = PB.announcer();
  let toSay = [];  // the result and what follows it, said once the coup's cards are turned

  // The host's options, kept in this browser: the D key (on unless turned off)
  // and speaking the announcements (off unless turned on).
  const option = (name, fallback) => {
    const saved = localStorage.getItem(`pb-host-${name}`);
    return saved === null ? fallback : saved === "on";
  };

  // A word of the catalogue, and the node that shows it (relabelled with the language).
  const worded = (key) => el("span", { "data-i18n": key, text: w(key) });

  // The form offers the API's formats, paytables and side bets (the server writes them
  // on the form), and shows a field where the chosen format's rules say (data-when:
  // "money", or "!money" where they say no).
  function buildForm(form) {
    const formats = JSON.parse(form.dataset.formats);
    Object.keys(formats).forEach((name, i) => {
      $("formats").append(el("label", { class: "choice" },
        el("input", { type: "radio", name: "format", value: name, checked: i === 0 }), " ", worded(`format.${name}`)));
    });
    for (const name of form.dataset.paytables.split(",")) {
      form.elements.paytable.append(el("option", { value: name, "data-i18n": `paytable.${name.replaceAll("-", "_")}`,
        text: w(`paytable.${name.replaceAll("-", "_")}`) }));
    }
    for (const name of form.dataset.sideBets.split(",")) {
      $("side-bets").append(el("label", { class: "choice" },
        el("input", { type: "checkbox", name: "side_bets", value: name }), " ", worded(`bet.${name}`)));
    }
    for (const name of form.dataset.drills.split(",")) {
      $("drills").append(el("label", { class: "choice" },
        el("input", { type: "checkbox", name: "drills", value: name, checked: true }), " ", worded(`learn.name.${name.replaceAll("-", "_")}`)));
    }
    return formats;
  }

  // data-when: rules that must all hold ("countdown !lesson").
  function showFields(form, formats) {
    const rules = formats[form.elements.format.value];
    for (const node of form.querySelectorAll("[data-when]")) {
      node.hidden = !node.dataset.when.split(" ").every((when) => Boolean(rules[when.replace(/^!/, "")]) !== when.startsWith("!"));
    }
    form.elements.turn_seconds.disabled = !form.elements.punto_turn.checked;
  }

  // The settings of the fields shown, as the API names them (amounts in cents).
  function settingsOf(form) {
    const settings = { paytable: form.elements.paytable.value };
    for (const node of form.querySelectorAll("[data-setting]")) {
      if (node.hidden) continue;
      const name = node.dataset.setting;
      if (name === "side_bets") {
        const sides = [...node.querySelectorAll("input:checked")].map((box) => box.value);
        if (sides.length) settings.side_bets = sides;
      }
      else if (name === "drills") settings.drills = [...node.querySelectorAll("input:checked")].map((box) => box.value);
      else if (name === "seed") { if (form.elements.seed.value !== "") settings.seed = Number(form.elements.seed.value); }
      else if (name === "real_cards") { if (form.elements.real_cards.checked) settings.real_cards = true; }
      else if (name === "rebuy_approval") { if (form.elements.rebuy_approval.checked) settings.rebuy_approval = true; }
      // Punto's cards to the largest Punto bet's phone (seed 002), or the dealer turns them.
      else if (name === "turn_seconds") {
        settings.turn_seconds = form.elements.punto_turn.checked ? Number(form.elements.turn_seconds.value) : null;
      }
      else {
        const value = Number(form.elements[name].value);
        settings[name] = node.dataset.money !== undefined ? Math.round(value * 100) : value;
      }
    }
    return settings;
  }

  function setupCreate() {
    $("create").hidden = false;
    const form = $("create-form");
    const formats = buildForm(form);
    showFields(form, formats);
    form.addEventListener("change", () => showFields(form, formats));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const r = await fetch(`/api/tables?lang=${PB.lang}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ format: form.elements.format.value, settings: settingsOf(form) }),
      });
      const data = await r.json();
      if (!r.ok) { $("create-error").textContent = data.error.message; return; }
      location.assign(`/host/${encodeURIComponent(data.table)}`);
    });
  }

  function drawQr(url, qr = $("qr")) {
    qr.src = `/j/${encodeURIComponent(joinCode)}/qr.svg?origin=${encodeURIComponent(joinOrigin)}`;
    qr.alt = url;
  }

  // Where phones join: the server's address on the local network when it knows
  // one (the welcome's), else this page's own. An address that names this computer
  // itself (127.x, localhost) reaches no phone: the page says so.
  function joinUrl() { return `${joinOrigin}/j/${joinCode}`; }
  function renderJoin() {
    const url = joinUrl();
    if ($("join-url").textContent !== url) {
      // A narrow panel breaks the address after "/j/", never inside the code.
      $("join-url").replaceChildren(`${joinOrigin}/j/`, el("wbr"), el("span", { class: "nowrap", text: joinCode }));
      drawQr(url);
    }
    const host = new URL(joinOrigin).hostname;
    const local = /^(127\.|0\.0\.0\.0$|localhost$|\[::1\]$)/.test(host);
    $("unreachable").hidden = !local;
    $("unreachable").textContent = local ? PB.fmt("unreachable", { host }) : "";
  }
  async function copyLink() {
    const url = joinUrl();
    try {
      await navigator.clipboard.writeText(url);
    } catch {  // no clipboard (a page not served from this computer): the link selected
      const range = document.createRange();
      range.selectNodeContents($("join-url"));
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      document.execCommand("copy");
    }
    $("copied").textContent = w("copied");
    PB.tell($("live"), w("copied"));  // the page's one status region says it too
  }

  function renderPlayers(v) {
    const list = $("players");
    list.replaceChildren();
    if (!v.players.length) list.append(el("li", { class: "muted", text: w("nobody") }));
    for (const p of v.players) {
      const bets = p.bets === null
        ? (p.has_bet ? w("predicted") : w("waiting"))
        : Object.entries(p.bets).map(([b, s]) => `${PB.box(b)} ${PB.money(v, s)}`).join(", ");
      const marks = [];
      if (v.holder === p.name) marks.push(el("span", { class: "tag", text: w("holder_tag") }));
      if (p.house) marks.push(el("span", { class: "tag house", text: w("house_tag") }));
      if (p.ready) marks.push(el("span", { class: "tag ready", text: w("ready_tag") }));
      if (v.turn && v.turn.name === p.name) marks.push(el("span", { class: "tag", text: w("turn.tag") }));
      else if (v.punto_cards_to === p.name) marks.push(el("span", { class: "tag", text: PB.fmt("punto_cards", { name: p.name }) }));
      if (offered(v, "RenamePlayer", p.name)) {
        const rename = el("button", { type: "button", class: "rename", text: w("host.rename") });
        rename.setAttribute("aria-label", PB.fmt("host.rename_name", { name: p.name }));
        rename.addEventListener("click", () => {
          const name = window.prompt(PB.fmt("host.rename_to", { name: p.name }), p.name);
          if (name !== null && name.trim() !== p.name) act("RenamePlayer", { name: p.name, new_name: name.slice(0, 64) });
        });
        marks.push(rename);
      }
      if (offered(v, "Remove", p.name)) {
        const remove = el("button", { type: "button", class: "remove", text: w("host.remove") });
        remove.setAttribute("aria-label", PB.fmt("host.remove_name", { name: p.name }));
        remove.addEventListener("click", () => {
          const reason = window.prompt(PB.fmt("host.remove_why", { name: p.name }), "");
          if (reason !== null) act("Remove", { name: p.name, reason: reason.slice(0, 200) });
        });
        marks.push(remove);
      }
      list.append(el("li", { class: p.has_bet ? "player bet" : "player" },
        el("span", { class: "seat", text: String(p.seat) }),
        el("span", { class: "name", text: p.name }),
        el("span", { class: "balance", text: PB.money(v, p.balance) }),
        el("span", { class: "bets" }, bets || "—", ...marks)));
    }
    renderSeats(v);
  }

  // The command of ``type`` the view offers for player ``name``, if any.
  function offered(v, type, name) {
    return v.commands.some((c) => c.type === type && c.name === name);
  }

  // The host's hand on the seats: who asks to sit, who may join, a session's time to predict.
  function renderSeats(v) {
    const asking = $("asking");
    asking.replaceChildren(...v.asking.filter((name) => offered(v, "Admit", name)).map((name) => {
      const admit = el("button", { type: "button", class: "primary", text: w("host.admit") });
      admit.addEventListener("click", () => act("Admit", { name }));
      const refuse = el("button", { type: "button", text: w("host.refuse") });
      refuse.addEventListener("click", () => act("Refuse", { name }));
      return el("li", { class: "player asking" }, el("span", { class: "name", text: PB.fmt("host.asks", { name }) }), admit, refuse);
    }));
    // Rebuys waiting for the host (a table whose host approves them): grant or refuse.
    for (const c of v.commands.filter((c) => c.type === "Rebuy" && c.name)) {
      const grant = el("button", { type: "button", class: "primary", text: w("host.grant") });
      grant.addEventListener("click", () => act("Rebuy", { name: c.name, amount: c.amount }));
      const refuse = el("button", { type: "button", text: w("host.refuse") });
      refuse.addEventListener("click", () => act("Refuse", { name: c.name }));
      asking.append(el("li", { class: "player asking" },
        el("span", { class: "name", text: PB.fmt("host.asks_rebuy", { name: c.name, amount: PB.money(v, c.amount) }) }), grant, refuse));
    }
    asking.hidden = !asking.children.length;
    const joins = v.commands.find((c) => c.type === "SetJoins");
    $("seats").hidden = !joins;
    if (joins && document.activeElement !== $("joins")) $("joins").value = joins.mode;
    const time = v.commands.find((c) => c.type === "SetPredictionTime");
    $("predict-time").hidden = !time;
    if (time && document.activeElement !== $("predict-seconds")) $("predict-seconds").value = time.seconds === null ? "" : String(time.seconds);
    $("skip-missing").hidden = !PB.offers(v, "SkipMissing");
  }

  // The room hears the croupier: each announcement in the page's language, if
  // asked for, one after the other (the synthesis queues them).
  function speak(text) {
    if (!$("speech").checked || !("speechSynthesis" in window) || !text) return;
    const lang = document.documentElement.lang;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    const voice = speechSynthesis.getVoices().find((v) => v.lang.toLowerCase().startsWith(lang));
    if (voice) utterance.voice = voice;
    speechSynthesis.speak(utterance);
  }

  // The croupier's news (PB.announcer): aloud, and into the page's live region,
  // what one view brings written at once (a screen reader hears it whole).
  let heard = [];
  function say(parts, aloud = true) {
    if (!parts.length) return;
    // A new coup's "no more bets": what is still queued of the last one is stale.
    const stale = parts[0].kind === "closed" && $("speech").checked && "speechSynthesis" in window;
    if (aloud && stale) speechSynthesis.cancel();
    if (aloud) for (const part of parts) speak(part.text);
    if (!heard.length) queueMicrotask(() => { PB.tell($("live"), heard.join(" ")); heard = []; });
    heard.push(...parts.map((p) => p.text));
  }

  // The roads, the statistics, the odds and the last coups: drawn once the coup
  // on the felt is turned (they would tell its result before its cards).
  function renderBoard(v) {
    if (animating) return;
    PBBoard.renderStats(v, $("stats-title"), $("stats"), $("stats-note"));
    PBBoard.renderOdds(v, $("odds-body"), $("odds-note"));
    $("roads").replaceChildren(PBBoard.roadsNode(v.roads, v.host));
    PBBoard.scrollRoads($("roads"));
    const history = $("history");
    history.replaceChildren();
    for (const h of [...v.history].reverse()) {
      history.append(el("li", { class: `w-${h.winner}` },
        el("span", { class: "coup-no", text: PB.fmt("coup", { n: PB.count(h.coup) }) }),
        el("span", { class: "winner", text: PB.box(h.winner) }),
        ...hands(h)));
    }
    if (v.host && v.host.odds_pending && askedOdds !== v.seq) askOdds(v.seq);
  }

  // A coup's cards hand by hand, as the terminal writes them: "P K♣ Q♥ B 8♦ Q♦"
  // (each letter named for a screen reader: Punto, Banco).

  // Play again with the same players: the server opens the rematch once (asked
  // again, the same table), sets this browser's host cookie there, and the page goes.
  async function rematch() {
    $("error").textContent = "";
    const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/rematch?lang=${PB.lang}`,
      { method: "POST", headers: { "X-Puntobanco-Role": "host" } });
    const data = await r.json();
    if (!r.ok) { $("error").textContent = data.error.message; return; }
    location.assign(`/host/${encodeURIComponent(data.table)}`);
  }

  // A pushed view carries the odds once computed; a view asked for computes them.
  async function askOdds(seq) {
    askedOdds = seq;
    const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/view?lang=${PB.lang}`,
      { headers: { "X-Puntobanco-Role": "host" } });
    if (!r.ok) return;
    const fresh = await r.json();
    if (view && fresh.seq >= view.seq) render(fresh);
  }

  // `after`: the news to say once the cards are turned (the result, then bets open).
  function showCoup(v, animate, after) {
    const last = v.last;
    const pc = $("punto-cards"), bc = $("banco-cards");
    const steps = $("steps");
    pc.replaceChildren(); bc.replaceChildren(); steps.replaceChildren();
    $("punto-total").textContent = ""; $("banco-total").textContent = "";
    $("announce").textContent = "";
    if (!last) { animating = false; return; }
    const p = last.punto.cards, b = last.banco.cards;
    const order = [[pc, p[0]], [bc, b[0]], [pc, p[1]], [bc, b[1]], ["step", 0]];
    if (p[2]) order.push([pc, p[2]]);
    order.push(["step", 1]);
    if (b[2]) order.push([bc, b[2]]);
    order.push(["end"]);
    say(toSay);  // a coup cut short by the next one: its news still said
    toSay = after;
    const token = ++revealing;
    const delay = animate && !PB.reducedMotion() ? 650 : 0;
    animating = true;
    let i = 0;
    function next() {
      if (token !== revealing) return;
      const [target, item] = order[i++];
      if (target === "step") steps.append(el("li", { text: last.steps[item] }));
      else if (target === "end") {
        $("punto-total").textContent = String(last.punto.total);
        $("banco-total").textContent = String(last.banco.total);
        $("announce").textContent = last.announce;
        $("announce").className = `announce w-${last.winner}`;
        animating = false;
        say(after);
        toSay = [];
        $("status").textContent = statusText(view);
        renderPlayers(view);
        renderBoard(view);
      } else target.append(PB.cardNode(item));
      if (i < order.length) { if (delay) setTimeout(next, delay); else next(); }
    }
    next();
  }

  // Real cards: the coup as the host turns it, card by card (nothing to animate).
  function showProgress(v) {
    const progress = v.in_progress;
    revealing++;
    animating = false;
    const pc = $("punto-cards"), bc = $("banco-cards"), steps = $("steps");
    pc.replaceChildren(...progress.punto.map((c) => PB.cardNode(c)));
    bc.replaceChildren(...progress.banco.map((c) => PB.cardNode(c)));
    steps.replaceChildren(...progress.steps.map((text) => el("li", { text })));
    $("punto-total").textContent = ""; $("banco-total").textContent = "";
    $("announce").textContent = "";
    const expects = progress.expects === "over" ? "" : w(`expect.${progress.expects}`);
    if ($("expects").textContent !== expects) say([{ kind: "expects", text: expects }], false);
    $("expects").textContent = expects;
  }

  // Punto's cards face down with a player (seed 002): two backs on Punto's side,
  // and who holds them with the seconds left, counted down here.
  function showTurn(v) {
    say(toSay);
    toSay = [];
    revealing++;
    animating = false;
    $("punto-cards").replaceChildren(...[0, 1].map(() => el("span", { class: "card back", role: "img", "aria-label": w("turn.face_down") })));
    $("banco-cards").replaceChildren();
    $("steps").replaceChildren();
    $("punto-total").textContent = ""; $("banco-total").textContent = "";
    $("announce").textContent = "";
  }

  function renderTurn(v) {
    clearInterval(turnTimer);
    const node = $("turn");
    node.hidden = !v.turn;
    if (!v.turn) { node.textContent = ""; return; }
    const seconds = v.turn_left !== null && v.turn_left !== undefined ? v.turn_left : v.turn.seconds;
    const end = Date.now() + seconds * 1000;
    const tick = () => {
      const left = PB.count(Math.max(0, Math.ceil((end - Date.now()) / 1000)));
      node.textContent = PB.fmt("turn.with", { name: v.turn.name, seconds: left });
    };
    tick();
    turnTimer = setInterval(tick, 250);
  }

  // The fair shoe in its place: the commitment's first digits on the felt (a
  // fingerprint the room can compare), the full values and the log's chain head
  // behind it, on demand.
  function renderFair(v) {
    PBBoard.renderFairFlag(v, $("fair-flag"));
    const fair = v.phase !== "ended" && v.shoe && v.shoe.commitment;
    $("fair").hidden = !fair;
    if (!fair) return;
    const shoe = PB.count(v.shoe.number);
    $("fingerprint").textContent = PB.fmt("fair.fingerprint", { shoe, short: fingerprint(v.shoe.commitment) });
    $("commitment").textContent = PB.fmt("commitment", { shoe, commitment: v.shoe.commitment });
    $("client-seed").textContent = PB.fmt("client_seed", { seed: v.shoe.client_seed });
    $("chain-head").hidden = !v.chain_head;
    if (v.chain_head) $("chain-head").textContent = PB.fmt("fair.chain_head", { head: v.chain_head });
  }

  // A commitment's first 8 hex digits in two groups, easy to read aloud: "2450 b731".
  const fingerprint = (hex) => `${hex.slice(0, 4)} ${hex.slice(4, 8)}`;

  function renderCountdown(v) {
    clearInterval(countdownTimer);
    const node = $("countdown");
    if (v.countdown === null || v.countdown === undefined || v.phase !== "bets_open") { node.textContent = ""; return; }
    const end = Date.now() + v.countdown * 1000;
    const tick = () => {
      const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      node.textContent = PB.fmt("countdown_left", { seconds: left });
    };
    tick();
    countdownTimer = setInterval(tick, 250);
  }

  function render(v) {
    view = v;
    if (v.lesson) {  // a lesson: questions to the room, not coups
      $("table").hidden = true;
      $("options").hidden = true;  // dealing and the croupier's announcements: not a lesson's
      PBLesson.host(v, { joinCode, joinUrl, drawQr: (img) => {
        const url = joinUrl();
        if (img.alt !== url) drawQr(url, img);
      } });
      return;
    }
    $("code").textContent = joinCode;
    renderJoin();
    // The news before the result now; the result and what follows once its cards are turned.
    const news = announce(v);
    const at = news.findIndex((p) => p.kind === "result");
    say(at < 0 ? news : news.slice(0, at));
    let after = at < 0 ? [] : news.slice(at);
    const coupNo = v.last ? v.last.coup : null;
    if (v.in_progress) { showProgress(v); shownCoup = "progress"; }
    else if (v.turn) { showTurn(v); shownCoup = "turn"; }
    else if (coupNo !== shownCoup) {
      const fresh = shownCoup !== undefined && shownCoup !== "lang";
      shownCoup = coupNo;
      showCoup(v, fresh && !v.config.real_cards, after);
      after = [];
    } else if (v.last) { $("announce").textContent = v.last.announce; }
    // The balances and the status move when the felt shows the result (showCoup's end).
    if (!animating) { $("status").textContent = statusText(v); renderPlayers(v); }
    say(after);
    renderTurn(v);
    const parts = [];
    if (v.shoe && v.config.money) parts.push(`${PB.fmt("shoe", { shoe: PB.count(v.shoe.number) })} · ${PB.fmt("cards_left", { n: PB.count(v.shoe.remaining) })}`);
    if (v.holder) parts.push(PB.fmt("holder", { name: v.holder }));
    if (v.next_holder && v.next_holder !== v.holder) parts.push(PB.fmt("next_holder", { name: v.next_holder }));
    if (v.punto_cards_to) parts.push(PB.fmt("punto_cards", { name: v.punto_cards_to }));
    if (v.rules.hidden_bets && v.phase === "bets_open") parts.push(w("session_hidden"));
    $("shoe").textContent = parts.join(" · ");
    renderFair(v);
    $("close-bets").hidden = !PB.offers(v, "CloseBets");
    $("deal").hidden = !PB.offers(v, "Deal");
    $("close").hidden = !PB.offers(v, "CloseTable");
    $("pause").hidden = !PB.offers(v, "PauseTable");
    $("resume").hidden = !PB.offers(v, "ResumeTable");
    $("pause").title = w("host.pause");
    $("resume").title = w("host.resume");
    $("next").hidden = !PB.offers(v, "NextCoup");
    $("undo").hidden = !PB.offers(v, "UndoCard");
    const entry = $("card-entry");
    const entering = PB.offers(v, "PlaceCard");
    if (entry.hidden === entering) {
      entry.hidden = !entering;
      if (entering) $("card-input").focus();
    }
    renderCountdown(v);
    renderBoard(v);
    showHintNow();
    const active = document.activeElement;
    if (feltFocus && (!active || active === document.body)) $("felt").focus({ preventScroll: true });
    const closed = v.phase === "ended";
    const ended = closed && v.rules.names_winners;
    // A closed table: nobody joins any more, and there is no next coup to give odds of.
    $("join").hidden = closed;
    document.querySelector(".odds-part").hidden = closed;
    $("ranking").hidden = !ended;
    $("rematch-part").hidden = !closed;
    if (ended) {
      const list = $("ranking-list");
      list.replaceChildren(...v.ranking.map(([name, score], i) =>
        el("li", { class: v.winners.includes(name) ? "winner" : "" },
          el("span", { class: "place", text: `${PB.count(place(v.ranking, i))}.` }),
          el("span", { class: "name", text: name }), el("span", { text: PB.money(v, score) }))));
      $("winners").textContent = v.winners.length > 1
        ? PB.fmt("shared", { names: v.winners.join(", ") })
        : PB.fmt("winners", { name: v.winners[0] });
    }
  }

  // A line's place in a ranking sorted best first: tied scores share the place of
  // the first of them (1, 1, 3), as the terminal numbers them.
  function place(ranking, i) {
    const first = ranking.findIndex(([, score]) => String(score) === String(ranking[i][1]));
    return first + 1;
  }

  // TV mode: the host screen fullscreen, fitted to the screen (app.css: html.tv),
  // kept in this browser; ?tv in the address turns it on too.
  function setupTv() {
    const button = $("tv");
    button.hidden = false;
    const set = (on) => {
      document.documentElement.classList.toggle("tv", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
      localStorage.setItem("pb-host-tv", on ? "on" : "off");
      requestAnimationFrame(() => PBBoard.scrollRoads($("roads")));
    };
    set(new URLSearchParams(location.search).has("tv") || option("tv", false));
    button.addEventListener("click", () => {
      const on = !document.documentElement.classList.contains("tv");
      set(on);
      const root = document.documentElement;
      if (on && root.requestFullscreen && !document.fullscreenElement) root.requestFullscreen().catch(() => {});
      if (!on && document.fullscreenElement) document.exitFullscreen().catch(() => {});
    });
  }

  async function act(type, fields = {}) {
    $("error").textContent = "";
    const answer = await conn.send({ type, ...fields });
    if (answer.type === "error") $("error").textContent = answer.error.message;
    return answer.type !== "error";
  }

  const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  let rank = null;

  async function placeCard(code) {
    const input = $("card-input");
    if (await act("PlaceCard", { card: code })) input.value = "";
    input.focus();
  }

  function setupCardEntry() {
    const ranks = $("ranks"), suits = $("suits");
    for (const r of RANKS) {
      ranks.append(el("button", { type: "button", "aria-pressed": "false", "data-rank": r,
        "data-i18n": PB.rankKey(r), text: PB.rankText(r),
        onclick: (event) => {
          rank = r;
          for (const b of ranks.children) b.setAttribute("aria-pressed", String(b === event.currentTarget));
        } }));
    }
    for (const s of ["S", "H", "D", "C"]) {
      const button = el("button", { type: "button", "data-suit": s, class: s === "H" || s === "D" ? "red" : "black",
        text: PB.cardText(`-${s}`).slice(1),
        onclick: () => {
          if (rank === null) { $("card-input").focus(); return; }
          const code = `${rank}${s}`;
          rank = null;
          for (const b of ranks.children) b.setAttribute("aria-pressed", "false");
          placeCard(code);
        } });
      button.dataset.i18nLabel = `suit.${s}`;
      button.setAttribute("aria-label", w(`suit.${s}`));
      suits.append(button);
    }
    $("card-entry").addEventListener("submit", (event) => {
      event.preventDefault();
      const text = $("card-input").value.trim();
      if (text) placeCard(text);
    });
  }

  function setupOptions() {
    $("options").hidden = false;
    const shortcuts = $("shortcuts"), speech = $("speech");
    shortcuts.checked = option("shortcuts", true);
    const canSpeak = "speechSynthesis" in window && "SpeechSynthesisUtterance" in window;
    speech.checked = canSpeak && option("speech", false);
    speech.disabled = !canSpeak;
    $("speech-missing").hidden = canSpeak;
    const showHint = () => {
      $("felt-hint").hidden = !shortcuts.checked || !view || !PB.offers(view, "Deal");
      if (shortcuts.checked) $("felt").setAttribute("aria-keyshortcuts", "D");
      else $("felt").removeAttribute("aria-keyshortcuts");
    };
    shortcuts.addEventListener("change", () => {
      localStorage.setItem("pb-host-shortcuts", shortcuts.checked ? "on" : "off");
      showHint();
    });
    speech.addEventListener("change", () => {
      localStorage.setItem("pb-host-speech", speech.checked ? "on" : "off");
      if (!speech.checked && canSpeak) speechSynthesis.cancel();
    });
    showHintNow = showHint;
    showHint();
  }

  function setupTable(table) {
    $("table").hidden = false;
    $("deal").addEventListener("click", () => act("Deal"));
    $("close-bets").addEventListener("click", () => act("CloseBets"));
    $("close").addEventListener("click", () => act("CloseTable"));
    $("skip-missing").addEventListener("click", () => act("SkipMissing"));
    $("pause").addEventListener("click", () => act("PauseTable"));
    $("resume").addEventListener("click", () => act("ResumeTable"));
    $("copy-link").addEventListener("click", copyLink);
    $("joins").addEventListener("change", () => act("SetJoins", { mode: $("joins").value }));
    $("predict-seconds").addEventListener("change", () => {
      const text = $("predict-seconds").value.trim();
      act("SetPredictionTime", text ? { seconds: Number(text) } : {});
    });
    $("next").addEventListener("click", () => act("NextCoup"));
    $("undo").addEventListener("click", () => act("UndoCard"));
    setupCardEntry();
    setupOptions();
    setupTv();
    // D deals only while the felt (or a control on it) has focus, and only
    // while the option is on: typing elsewhere never deals (WCAG 2.1.4).
    const felt = $("felt");
    felt.addEventListener("keydown", (event) => {
      if (!$("shortcuts").checked || event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.target.closest("select,input,textarea")) return;
      if ((event.key === "d" || event.key === "D") && view && PB.offers(view, "Deal")) {
        event.preventDefault();
        act("Deal");
      }
    });
    // A control that disappears (Deal at the end of a session, Next coup...)
    // gives the focus back to the felt, not to the page.
    felt.addEventListener("focusin", () => { feltFocus = true; });
    felt.addEventListener("focusout", (event) => { if (event.relatedTarget) feltFocus = felt.contains(event.relatedTarget); });
    document.addEventListener("pointerdown", (event) => { if (!felt.contains(event.target)) feltFocus = false; });
    // The roads' column may change width after they are drawn (the odds arrive,
    // the window changes): each grid is scrolled again to whole columns.
    new ResizeObserver(() => PBBoard.scrollRoads($("roads"))).observe($("roads"));
    tableId = table;
    $("rematch").addEventListener("click", rematch);
    PBLesson.setupHost(async (type) => {
      $("lesson-error").textContent = "";
      const answer = await conn.send({ type });
      if (answer.type === "error") $("lesson-error").textContent = answer.error.message;
    });
    conn = PB.connect(table, "host", {
      onWelcome: (welcome) => { joinCode = welcome.join_code; joinOrigin = welcome.join_origin || location.origin; },
      onView: render,
      onError: (error) => { $("error").textContent = error.message; },
      onUnknown: (error) => { $("error").textContent = error.message; },
      onStatus: (status) => { document.body.classList.toggle("offline", status === "offline"); },
    });
  }

  document.addEventListener("DOMContentLoaded", async () => {
    await PB.setLang(PB.pickLang());
    PB.langPicker($("lang"), (lang) => {
      // What the live region held was said in the other language: it goes.
      $("live").textContent = "";
      conn && conn.lang(lang);
      if (view) { shownCoup = "lang"; }
    });
    const match = location.pathname.match(/^\/host\/([^/]+)$/);
    if (match) setupTable(decodeURIComponent(match[1]));
    else setupCreate();
  });
})();
