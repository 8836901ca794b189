// The phone: join with a name, predict or bet, follow the table.
"use strict";

(() => {
  const { el, w } = PB;
  const $ = (id) => document.getElementById(id);
  let table = null;
  let conn = null;
  let view = null;
  let chip = null;
  let countdownTimer = null;
  let turnTimer = null;
  let shownLast;  // the last coup whose result this page showed (undefined: no view yet)
  const announce = PB.announcer();
  // Punto's cards on this phone: the cards drawn (so a view that changes nothing
  // keeps a squeeze going), and whether the turn has been sent.
  let squeezeFor = "";
  let turning = false;
  // How far (in card heights) a squeeze drags a card up to lift it whole.
  const SQUEEZE_REACH = 1.25;

  function show(section) {
    for (const id of ["find", "join", "play", "lesson-phone", "gone"]) $(id).hidden = id !== section;
  }

  function error(message) { $("error").textContent = message || ""; }

  async function resolveCode(code) {
    const r = await fetch(`/api/codes/${encodeURIComponent(code)}?lang=${PB.lang}`);
    const data = await r.json();
    if (!r.ok) { error(data.error.message); show("find"); return null; }
    joining = { ...data, code: code.toUpperCase() };
    aboutTable();
    return data.table;
  }

  // The join page says which table one joins: its code, its format and its stakes.
  let joining = null;
  function aboutTable() {
    if (!joining) return;
    $("join-title").textContent = PB.fmt("join.title", { code: joining.code });
    const money = { config: { money: true } };
    const parts = [w(`format.${joining.format}`)];
    if (joining.minimum !== null && joining.minimum !== undefined) {
      parts.push(PB.fmt("join.limits", { minimum: PB.money(money, joining.minimum), maximum: PB.money(money, joining.maximum) }));
    }
    if (joining.deals) parts.push(PB.fmt("join.deals", { deals: PB.count(joining.deals) }));
    parts.push(PB.fmt("join.players", { players: PB.count(joining.players), seats: PB.count(joining.seats) }));
    $("join-about").textContent = parts.join(" · ");
  }

  // The chips: one radio group, one tab stop (the chosen chip); the arrow keys,
  // Home and End move and choose, Enter and Space choose. The buttons are made
  // again only when the values or the language change, so the focus stays.
  let chipsMade = "";
  function chips(v) {
    const min = v.config.minimum;
    const values = [1, 2.5, 10, 50].map((k) => Math.round(min * k)).filter((s) => s <= v.config.maximum);
    if (chip === null || !values.includes(chip)) chip = values[0];
    const row = $("chips");
    const made = `${PB.lang}|${values.join(",")}`;
    if (made !== chipsMade) {
      const focused = row.contains(document.activeElement);
      chipsMade = made;
      row.replaceChildren(...values.map((s) => el("button", {
        type: "button", class: "chip", role: "radio", "data-stake": s, text: PB.money(v, s),
        onclick: () => chooseChip(s, false),
      })));
      markChips();
      if (focused) row.querySelector('[aria-checked="true"]').focus();
    } else markChips();
  }

  // A chip larger than what the player has left to bet is shown disabled; the chip
  // chosen is the largest one left when the chosen one no longer is.
  let left = Infinity;
  function markChips() {
    const usable = [...$("chips").children].filter((b) => Number(b.dataset.stake) <= left);
    if (!usable.some((b) => Number(b.dataset.stake) === chip) && usable.length) chip = Number(usable[usable.length - 1].dataset.stake);
    for (const b of $("chips").children) {
      const stake = Number(b.dataset.stake);
      const on = stake === chip;
      b.className = on ? "chip on" : "chip";
      b.disabled = stake > left;
      b.setAttribute("aria-checked", on ? "true" : "false");
      b.tabIndex = on && !b.disabled ? 0 : -1;
    }
  }

  function chooseChip(stake, focus) {
    chip = stake;
    markChips();
    if (focus) $("chips").querySelector('[aria-checked="true"]').focus();
  }

  function chipKeys(event) {
    const buttons = [...$("chips").children].filter((b) => !b.disabled);
    const at = buttons.findIndex((b) => Number(b.dataset.stake) === chip);
    const last = buttons.length - 1;
    const to = {
      ArrowRight: at < last ? at + 1 : 0, ArrowDown: at < last ? at + 1 : 0,
      ArrowLeft: at > 0 ? at - 1 : last, ArrowUp: at > 0 ? at - 1 : last,
      Home: 0, End: last,
    }[event.key];
    if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    chooseChip(Number(buttons[to].dataset.stake), true);
  }

  // The bet bar is fixed at the bottom while it takes at most BAR_SHARE of the
  // screen; past that (page zoom, large text, a small phone on its side) it
  // takes its place in the page. `--bar` keeps its height free under the page
  // and scrolls a control that gets the focus above it.
  const BAR_SHARE = 1 / 3;
  function fitBar() {
    const bar = $("actions");
    const root = document.documentElement;
    if (bar.hidden || $("play").hidden) { root.style.setProperty("--bar", "0px"); return; }
    document.body.classList.remove("bar-inline");
    const height = bar.getBoundingClientRect().height;
    const inline = height > window.innerHeight * BAR_SHARE;
    document.body.classList.toggle("bar-inline", inline);
    // A phone on its side keeps the bar in its own column (app.css): nothing to keep free.
    const fixed = getComputedStyle(bar).position === "fixed";
    root.style.setProperty("--bar", inline || !fixed ? "0px" : `${Math.ceil(height)}px`);
  }

  // The side bets the table offers, each a box with its name and its limits.
  function sideBoxes(v, session) {
    const offered = session ? [] : (v.config.side_bets || []);
    const row = $("side-boxes");
    row.hidden = !offered.length;
    const made = `${PB.lang}|${offered.map((s) => s.box).join()}`;
    if (row.dataset.made !== made) {  // made again only when they change: the focus stays
      row.dataset.made = made;
      row.replaceChildren(...offered.map((s) => el("button", {
        type: "button", class: "box side", "data-box": s.box,
        onclick: () => bet(s.box),
      }, el("span", { class: "box-name", text: PB.box(s.box) }),
        el("span", { class: "side-limits", text: `${PB.money(v, s.minimum)} – ${PB.money(v, s.maximum)}` }))));
    }
  }

  // The virtual croupier deals when its countdown ends, or once every seated
  // player has said they are ready (the Ready button): how many are.
  function renderReady(v) {
    const counting = v.rules.countdown && v.phase === "bets_open" && v.players.length > 0;
    const ready = v.players.filter((p) => p.ready).length;
    $("ready-line").textContent = counting
      ? PB.fmt("ready_count", { n: PB.count(ready), count: PB.count(v.players.length) }) : "";
  }

  function renderCountdown(v) {
    renderReady(v);
    clearInterval(countdownTimer);
    const node = $("countdown");
    if (v.countdown === null || v.countdown === undefined || v.phase !== "bets_open") { node.textContent = ""; return; }
    const end = Date.now() + v.countdown * 1000;
    const tick = () => { node.textContent = PB.fmt("countdown_left", { seconds: Math.max(0, Math.ceil((end - Date.now()) / 1000)) }); };
    tick();
    countdownTimer = setInterval(tick, 250);
  }

  // The shoe in this player's hands (seed 002): Deal and Pass the shoe, each
  // only when the view offers it.
  function renderShoe(v) {
    const holds = v.holder !== null && v.holder === v.me.name;
    const deal = PB.offers(v, "Deal"), pass = PB.offers(v, "PassShoe");
    $("shoe-part").hidden = !holds && !deal && !pass;
    $("shoe-text").textContent = holds ? w("shoe.yours") : "";
    $("deal-shoe").hidden = !deal;
    $("pass-shoe").hidden = !pass;
  }

  // A card lying face down under its face: the back is lifted from the bottom
  // edge as the squeeze goes (--peek, 0 to 1): the bottom corner shows first.
  function squeezeCard(code) {
    const suit = PB.cardText(code).slice(-1);
    const rank = PB.rankText(code.slice(0, -1));
    const colour = code.endsWith("H") || code.endsWith("D") ? "red" : "black";
    return el("div", { class: "sq-card" },
      el("div", { class: `sq-face ${colour}` },
        el("span", { class: "sq-corner", text: `${rank}${suit}` }),
        el("span", { class: "sq-pip", text: suit }),
        el("span", { class: "sq-corner sq-low", text: `${rank}${suit}` })),
      el("div", { class: "sq-back" }));
  }

  function setPeek(peek) {
    $("squeeze").style.setProperty("--peek", String(peek));
  }

  // Punto's cards face down: for their player, the cards, the squeeze and the
  // Turn over button (both send `turn`) with the seconds left; for everyone
  // else, who holds them and for how long.
  function renderTurn(v) {
    clearInterval(turnTimer);
    const turn = v.turn;
    const cards = v.me.punto_cards;
    const mine = Boolean(cards) && PB.offers(v, "TurnPunto");
    $("turn").hidden = !turn;
    $("squeeze").hidden = !mine;
    $("squeeze-hint").hidden = !mine;
    $("turn-button").hidden = !mine;
    if (!turn) { squeezeFor = ""; turning = false; $("turn-left").textContent = ""; return; }
    if (mine && squeezeFor !== cards.join()) {
      squeezeFor = cards.join();
      turning = false;
      $("squeeze").replaceChildren(...cards.map(squeezeCard));
      setPeek(0);
      // The cards and their button come into sight: the seconds are running (the
      // whole panel where it fits, else down to its button).
      requestAnimationFrame(() => {
        $("turn").scrollIntoView({ block: "nearest" });
        $("turn-button").scrollIntoView({ block: "nearest" });
      });
    }
    $("turn-button").disabled = turning;
    $("turn-text").textContent = mine ? w("turn.yours") : "";
    const seconds = v.turn_left !== null && v.turn_left !== undefined ? v.turn_left : turn.seconds;
    const end = Date.now() + seconds * 1000;
    const tick = () => {
      const left = PB.count(Math.max(0, Math.ceil((end - Date.now()) / 1000)));
      if (mine) $("turn-left").textContent = PB.fmt("turn.left", { seconds: left });
      else {
        $("turn-text").textContent = PB.fmt("turn.with", { name: turn.name, seconds: left });
        $("turn-left").textContent = "";
      }
    };
    tick();
    turnTimer = setInterval(tick, 250);
  }

  async function turnOver() {
    if (turning) return;
    turning = true;
    setPeek(1);
    $("turn-button").disabled = true;
    const answer = await act({ type: "TurnPunto" });
    if (answer.type === "error") {
      turning = false;
      setPeek(0);
      $("turn-button").disabled = false;
    }
  }

  // The squeeze: a card dragged up (a finger or a mouse: pointer events) shows
  // its face from the bottom edge as far as it is lifted; lifted whole, the
  // cards are turned over; let go before, it falls back face down.
  function setupSqueeze() {
    const area = $("squeeze");
    let drag = null;
    area.addEventListener("pointerdown", (event) => {
      if (turning || !view || !PB.offers(view, "TurnPunto")) return;
      const card = event.target.closest(".sq-card") || area;
      drag = { id: event.pointerId, y: event.clientY, reach: card.getBoundingClientRect().height * SQUEEZE_REACH };
      try { area.setPointerCapture(event.pointerId); } catch (e) { /* a pointer the page did not see go down */ }
      area.classList.add("squeezing");
      event.preventDefault();
    });
    area.addEventListener("pointermove", (event) => {
      if (!drag || event.pointerId !== drag.id) return;
      const peek = Math.max(0, Math.min(1, (drag.y - event.clientY) / drag.reach));
      setPeek(peek);
      if (peek >= 1) {
        drag = null;
        area.classList.remove("squeezing");
        turnOver();
      }
    });
    const letGo = (event) => {
      if (!drag || event.pointerId !== drag.id) return;
      drag = null;
      area.classList.remove("squeezing");
      if (!turning) setPeek(0);
    };
    area.addEventListener("pointerup", letGo);
    area.addEventListener("pointercancel", letGo);
  }

  // What the live region says of a view: the croupier's news, and after a
  // coup's result this player's net and balance.
  function news(v) {
    const parts = announce(v);
    return parts.map((part) => {
      if (part.kind !== "result") return part.text;
      const mine = v.last.settlements.filter((s) => s.player === v.me.name);
      const balance = PB.money(v, v.me.balance);
      const after = mine.length
        ? PB.fmt("live.settled", { net: PB.signed(v, mine.reduce((a, s) => a + Number(s.net), 0)), balance })
        : PB.fmt("live.balance", { balance });
      return `${part.text} ${after}`;
    }).join(" ");
  }

  // The fair shoe in one line ("Shoe 3: checked ✓": fair.js checks each shoe
  // once its seed is revealed), loud when a check fails; the values behind it.
  function renderFair(v) {
    const status = window.PBFair ? window.PBFair.status(v) : null;
    const state = status && status.shoe !== null && status.shoe !== undefined ? status.state : "none";
    const line = $("fair-line");
    line.textContent = state === "none" ? w("fair.details") : PB.fmt(`fair.${state}`, { shoe: PB.count(status.shoe) });
    line.dataset.state = state;
    const reason = $("fair-reason");
    const why = [status && status.reason, v.shoe && v.shoe.server_only ? w("fair.server_only") : null].filter(Boolean).join(" ");
    reason.hidden = !why;
    reason.textContent = why;
    reason.setAttribute("role", state === "failed" ? "alert" : "note");
    if (state === "failed") $("fair-details").open = true;
    const shoe = v.shoe;
    $("shoe-commitment").hidden = !(shoe && shoe.commitment);
    $("shoe-client").hidden = !(shoe && shoe.commitment);
    if (shoe && shoe.commitment) {
      $("shoe-commitment").textContent = PB.fmt("commitment", { shoe: PB.count(shoe.number), commitment: shoe.commitment });
      $("shoe-client").textContent = PB.fmt("client_seed", { seed: shoe.client_seed });
    }
  }

  // The next shoe: its commitment (drawn before any contribution) and the
  // contributions so far (the phones', entropy.js, or a table's typed texts).
  function renderSeed(v) {
    const next = v.next_shoe;
    $("seed").hidden = !next;
    if (!next) return;
    $("next-shoe").textContent = PB.fmt("commitment", { shoe: PB.count(next.shoe), commitment: next.commitment });
    $("next-client").textContent = PB.fmt("client_seed", { seed: next.client_seed });
    const listed = next.commitments
      ? next.commitments.map((c) => PB.fmt("contribution", { name: c.name, value: c.value || c.digest }))
      : next.contributions.map((c) => PB.fmt("contribution", { name: c.name, value: c.text }));
    $("contributions").replaceChildren(...listed.map((text) => el("li", { text })));
  }

  // A hand's name and its cards, kept together on one line.
  const hand = (side, cards) => el("span", { class: "hand-line" },
    el("span", { class: "hand-label", text: `${PB.box(side)} ` }), ...cards.map((c) => PB.cardNode(c)));

  function render(v) {
    let bring = null;  // what this view brings into sight, once the page is laid out
    const opened = v.phase === "bets_open" && (!view || view.phase !== "bets_open" || view.coup !== v.coup);
    view = v;
    if (v.rematch) { follow(v.rematch); return; }
    const me = v.me;
    if (!me.seated) { show("gone"); return; }
    if (v.lesson) {  // a lesson: answer the question the host puts
      show("lesson-phone");
      PBLesson.phone(v, (answer) => act({ type: "AnswerQuestion", answer }));
      return;
    }
    show("play");
    $("me-name").textContent = me.name;
    $("me-seat").textContent = `#${me.seat}`;
    const money = v.config.money;
    $("balance-label").textContent = money ? w("balance") : w("score");
    // The balance moves with each chip: what is left to bet, the chips on the boxes beside it.
    const staked = Object.values(me.bets).reduce((a, s) => a + Number(s), 0);
    const available = me.available !== undefined ? me.available : me.balance;
    $("balance").textContent = PB.money(v, money ? available : me.balance);
    $("staked").textContent = money && staked ? PB.fmt("staked", { amount: PB.money(v, staked) }) : "";
    const count = v.config.deals ? PB.fmt("of", { n: PB.count(v.coup), deals: PB.count(v.config.deals) }) : PB.fmt("coup", { n: PB.count(v.coup) });
    // Before its first coup (a shoe being shuffled) a table has no coup number to show.
    $("status").textContent = v.phase === "ended" ? w("phase.ended") : v.paused ? w("paused")
      : v.coup ? `${count} · ${w(`phase.${v.phase}`)}` : w(`phase.${v.phase}`);
    renderCountdown(v);
    renderShoe(v);
    renderTurn(v);
    PB.tell($("live"), [news(v), betNews(v)].filter(Boolean).join(" "));
    const last = v.last;
    const progress = v.in_progress;
    $("last-cards").replaceChildren();
    if (progress) {  // real cards: the coup as the host turns it
      $("last-cards").append(hand("punto", progress.punto), " ", hand("banco", progress.banco));
      $("announce").textContent = progress.steps.join(" ");
      $("my-result").textContent = progress.expects === "over" ? "" : w(`expect.${progress.expects}`);
    } else if (last) {
      $("last-cards").append(hand("punto", last.punto.cards), " ", hand("banco", last.banco.cards));
      $("announce").textContent = last.announce;
      // A new result comes into sight (on a small screen it may be under the fold).
      if (shownLast !== undefined && last.coup !== shownLast) bring = $("last");
      const net = last.settlements.filter((s) => s.player === me.name);
      $("my-result").textContent = net.length ? PB.fmt("net_amount", { amount: PB.signed(v, net.reduce((a, s) => a + Number(s.net), 0)) }) : "";
    } else { $("announce").textContent = ""; $("my-result").textContent = ""; }
    shownLast = last ? last.coup : 0;
    const session = v.rules.one_prediction;
    $("bets-title").textContent = session ? w("your_prediction") : w("your_bets");
    const bets = Object.entries(me.bets);
    const list = $("my-bets");
    list.replaceChildren();
    if (!bets.length) list.append(el("li", { class: "muted", text: w("none") }));
    for (const [box, stake] of bets) {
      list.append(el("li", {},
        el("span", { text: `${PB.box(box)} ${PB.money(v, stake)}` }),
        PB.offers(v, "Withdraw") ? el("button", { type: "button", class: "small", text: w("withdraw"),
          "aria-label": PB.fmt("withdraw_box", { box: PB.box(box) }), onclick: () => act({ type: "Withdraw", box }) }) : null));
    }
    const canBet = PB.offers(v, "Bet");
    $("actions").hidden = !canBet;
    $("chips").hidden = session;
    left = money ? Number(available) : Infinity;
    if (!session) chips(v);
    sideBoxes(v, session);
    // Each box: its name, and the chips on it with the stake (a prediction: a mark);
    // a button named with its stake, never a toggle.
    for (const b of document.querySelectorAll(".box")) {
      const stake = me.bets[b.dataset.box];
      b.querySelector(".box-name").textContent = PB.box(b.dataset.box);
      // The name is the box's content: its name, then ", your bet" and the stake
      // on the token (a prediction's mark is said as ", your prediction").
      let said = b.querySelector(".box-said"), token = b.querySelector(".box-stake");
      if (!token) {
        said = el("span", { class: "box-said sr-only" });
        token = el("span", { class: "box-stake" });
        b.append(said, token);
      }
      token.hidden = said.hidden = stake === undefined;
      said.textContent = stake === undefined ? "" : `, ${w(session ? "box.your_prediction" : "box.your_bet")} `;
      token.textContent = stake === undefined ? "" : session ? "✓" : PB.money(v, stake);
      if (session) token.setAttribute("aria-hidden", "true"); else token.removeAttribute("aria-hidden");
      b.classList.toggle("has-stake", stake !== undefined);
    }
    renderTools(v);
    renderSeed(v);
    $("entropy").textContent = PBEntropy.onView(v, (c) => conn.send(c), w);  // no action by the player
    renderFair(v);
    $("leave").hidden = !PB.offers(v, "Leave");
    fitBar();
    // Bets open: the chips and the boxes come into sight where the bar is in the page.
    if (!bring && opened && canBet && document.body.classList.contains("bar-inline")) bring = $("actions");
    if (bring) { const node = bring; requestAnimationFrame(() => node.scrollIntoView({ block: "nearest" })); }
    const recall = $("recall");
    recall.replaceChildren(...[...(v.recent || [])].reverse().map((r) => el("li", {},
      el("span", { class: "coup-no", text: `${PB.fmt("recall_coup", { n: PB.count(r.coup) })} ` }),
      el("span", { text: `${PB.box(r.winner)} · ${r.cards.map(PB.cardText).join(" ")} · ` }),
      el("span", { text: r.bets.length ? r.bets.map((b) => `${PB.box(b.box)} ${PB.money(v, b.stake)}`).join(", ") : w("none") }),
      el("span", { class: "net", text: ` · ${PB.fmt("net_amount", { amount: PB.signed(v, r.net) })}` }))));
  }

  // The bet bar's tools, each shown when the view offers it: the last coup's bets
  // again, doubled, the last chip taken back, every chip taken back; ready (the
  // croupier deals once every player is); buy in again when the balance no longer
  // covers the minimum.
  const TOOLS = [["rebet", "Rebet"], ["double", "Double"], ["undo-bet", "UndoBet"], ["clear-bets", "ClearBets"],
                 ["ready", "Ready"], ["rebuy", "Rebuy"]];
  function renderTools(v) {
    let any = false;
    for (const [id, type] of TOOLS) {
      const node = $(id);
      if (!node) continue;
      // Buying in again only when the balance no longer covers the table's minimum.
      const broke = type !== "Rebuy" || Number(v.me.available) < Number(v.config.minimum);
      node.hidden = !PB.offers(v, type) || !broke;
      any = any || !node.hidden;
    }
    $("bet-tools").hidden = !any;
    // A bankroll below the minimum: the boxes no chip can reach are disabled, and
    // the phone says why (or that the rebuy asked for waits for the host).
    const money = v.config.money, me = v.me;
    const short = money && Number(me.balance) < Number(v.config.minimum);
    const note = $("rebuy-text");
    note.hidden = !short && !me.rebuy_asked;
    note.textContent = me.rebuy_asked ? PB.fmt("rebuy.waiting", { amount: PB.money(v, me.rebuy_asked) })
      : short ? PB.fmt("rebuy.short", { minimum: PB.money(v, v.config.minimum) }) : "";
    for (const b of document.querySelectorAll(".box")) {
      const offer = v.commands.find((c) => c.type === "Bet" && c.box === b.dataset.box);
      const reach = Number(me.available) + Number(me.bets[b.dataset.box] || 0);
      b.disabled = Boolean(money && offer && offer.minimum !== undefined && reach < Number(offer.minimum));
    }
  }

  // What a bet changed, for the live region: each box whose stake this player's
  // own command changed while bets are open ("Punto: 30.00 on it").
  let betsSeen = null;
  function betNews(v) {
    const before = betsSeen;
    betsSeen = { coup: v.coup, bets: { ...v.me.bets } };
    if (!before || before.coup !== v.coup || v.phase !== "bets_open") return "";
    const boxes = new Set([...Object.keys(before.bets), ...Object.keys(v.me.bets)]);
    const said = [];
    for (const box of boxes) {
      const was = before.bets[box], now = v.me.bets[box];
      if (String(was) === String(now)) continue;
      if (now === undefined) said.push(PB.fmt("say.bet_removed", { box: PB.box(box) }));
      else if (v.rules.one_prediction) said.push(PB.fmt("box.predicted", { box: PB.box(box) }));
      else said.push(PB.fmt("say.bet_placed", { box: PB.box(box), stake: PB.money(v, now) }));
    }
    return said.join(" ");
  }

  function bet(box) {
    if (!view) return;
    if (view.rules.one_prediction) act({ type: "Bet", box });
    else act({ type: "Bet", box, stake: chip });
  }

  async function act(command) {
    error("");
    const answer = await conn.send(command);
    if (answer.type === "error") error(answer.error.message);
    return answer;
  }

  // The host opened a rematch of this ended table: this phone's old token (its
  // cookie) obtains its own seat's there, and the page goes; a phone with no seat
  // there (removed, gone) stays, and says why.
  let following = false;
  async function follow(rematch) {
    if (following) return;
    following = true;
    PB.tell($("live"), w("rematch_follow"));
    const r = await fetch(`/api/tables/${encodeURIComponent(table)}/rematch?lang=${PB.lang}`,
      { method: "POST", headers: { "X-Puntobanco-Role": "player" } });
    const data = await r.json();
    if (!r.ok) { show("gone"); error(data.error.message); return; }
    if (conn) conn.close();
    location.assign(`/p/${encodeURIComponent(data.table)}`);
  }

  function start() {
    conn = PB.connect(table, "player", {
      onView: (v) => { $("net").textContent = ""; render(v); },
      onError: (e) => { if (!PBEntropy.quiet(e)) error(e.message); },
      onUnknown: () => { show("join"); $("name-input").focus(); },
      onStatus: (s) => {
        $("net").textContent = s === "offline" ? w("offline") : "";
        if (s === "offline") PB.tell($("live"), w("offline"));
      },
    });
  }

  // The join page's other way in: watching the table without a seat (/w/CODE).
  function watchLink(code) {
    $("watch-link").href = `/w/${encodeURIComponent(code.toUpperCase())}`;
    $("watch-link").hidden = false;
  }

  function setup() {
    $("chips").addEventListener("keydown", chipKeys);
    new ResizeObserver(() => requestAnimationFrame(fitBar)).observe($("actions"));
    window.addEventListener("resize", fitBar);
    for (const b of document.querySelectorAll(".boxes:not(.side-boxes) .box")) b.addEventListener("click", () => bet(b.dataset.box));
    for (const [id, type] of TOOLS) {
      const node = $(id);
      // The command as the view offers it, with its fields (a rebuy's amount).
      if (node) node.addEventListener("click", () => {
        const offer = view && view.commands.find((c) => c.type === type);
        if (offer) act({ ...offer });
      });
    }
    window.addEventListener("pbfair", () => { if (view) renderFair(view); });
    $("deal-shoe").addEventListener("click", () => act({ type: "Deal" }));
    $("pass-shoe").addEventListener("click", () => act({ type: "PassShoe" }));
    $("turn-button").addEventListener("click", turnOver);
    setupSqueeze();
    $("leave").addEventListener("click", async () => {
      await act({ type: "Leave" });
      await fetch(`/api/tables/${encodeURIComponent(table)}/logout`, { method: "POST" });
    });
    $("find-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const code = $("code-input").value.trim();
      table = await resolveCode(code);
      if (table) { history.replaceState(null, "", `/j/${encodeURIComponent(code.toUpperCase())}`); watchLink(code); start(); }
    });
    $("join-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      error("");
      const r = await fetch(`/api/tables/${encodeURIComponent(table)}/players?lang=${PB.lang}`, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: $("name-input").value }),
      });
      const data = await r.json();
      if (!r.ok) { error(data.error.message); return; }
      if (conn) conn.close();
      start();
    });
  }

  document.addEventListener("DOMContentLoaded", async () => {
    await PB.setLang(PB.pickLang());
    PB.langPicker($("lang"), (lang) => {
      // What the live region held was said in the other language: it goes.
      $("live").textContent = "";
      aboutTable();
      conn && conn.lang(lang);
    });
    setup();
    const byTable = location.pathname.match(/^\/p\/([^/]+)$/);
    const byCode = location.pathname.match(/^\/j\/([^/]+)$/);
    if (byTable) table = decodeURIComponent(byTable[1]);
    else if (byCode) table = await resolveCode(decodeURIComponent(byCode[1]));
    if (table && byCode) watchLink(decodeURIComponent(byCode[1]));
    if (table) start();
    else if (!byCode) show("find");
  });
})();
