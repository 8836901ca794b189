// The host screen's board: the five roads (with their text for screen readers),
// the shoe's statistics and the exact odds of the next coup, all from the view.
// Numbers are written by the page language's Intl.NumberFormat.
"use strict";

const PBBoard = (() => {
  const { el, w } = PB;
  const ROWS = 6;
  // Every column is drawn (at least these many, for the empty grid's look); each
  // grid is scrolled to its newest column, and shows as many as fit its width.
  const SHOWN = { bead_plate: 12, big_road: 24, derived: 24 };
  const OUTCOME = { B: "banco", P: "punto", T: "egalite" };
  const DERIVED = ["big_eye_boy", "small_road", "cockroach_pig"];
  const COLOUR = { R: "red", B: "blue" };

  // A message with its {placeholders} filled.
  const say = (key, params = {}) =>
    w(key).replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  const lang = () => document.documentElement.lang || "en";
  const int = (n) => new Intl.NumberFormat(lang()).format(n);
  const percent = (x, digits) => new Intl.NumberFormat(lang(), {
    style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits,
  }).format(x);

  // Consecutive equal keys as [key, count, items] runs: a road's logical columns.
  function runs(items, keyOf) {
    const out = [];
    for (const item of items) {
      const key = keyOf(item);
      const last = out[out.length - 1];
      if (last && last[0] === key) { last[1]++; last[2].push(item); } else out.push([key, 1, [item]]);
    }
    return out;
  }

  // A grid of 6 rows and at least `shown` columns; `cell(col, row)` draws one.
  // Two free columns follow the marks: one in sight, one for the scroll to end
  // on a whole column (scrollRoads).
  function grid(kind, columns, shown, cell) {
    const node = el("div", { class: `road-grid ${kind}`, "aria-hidden": "true", "data-columns": columns });
    for (let col = 0; col < Math.max(columns + 2, shown); col++) {
      for (let row = 0; row < ROWS; row++) node.append(cell(col, row));
    }
    return node;
  }

  // Once in the page: each grid that is too narrow for its columns shows the
  // newest ones, and one free column after them, whole columns only (the
  // oldest one in sight is never cut in half).
  function scrollRoads(root) {
    for (const node of root.querySelectorAll(".road-grid")) {
      const cell = node.firstElementChild;
      if (!cell) continue;
      const style = getComputedStyle(node);
      const gap = parseFloat(style.columnGap) || 0;
      const pitch = cell.getBoundingClientRect().width + gap;
      const room = node.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
      const fit = Math.floor((room + gap) / pitch);  // whole columns in sight
      const first = Math.max(0, Number(node.dataset.columns) + 1 - fit);
      // The column before the first in sight ends at the grid's very edge (not in its padding).
      const pad = parseFloat(style.paddingLeft) || 0;
      node.scrollLeft = first ? Math.ceil(first * pitch + pad - gap) : 0;
    }
  }

  function figure(name, visual, lines) {
    const id = `road-${name}`;
    const text = el("ol", { class: "sr-only road-text" });
    if (!lines.length) text.append(el("li", { text: w("host.road.empty") }));
    for (const line of lines) text.append(el("li", { text: line }));
    return el("section", { class: `road road-${name}`, "aria-labelledby": id },
      el("h3", { id, text: w(`host.road.${name}`) }), visual, text);
  }

  function beadPlate(roads) {
    const cells = {};
    let columns = 0;
    for (const [col, row, letter] of roads.bead_plate) {
      cells[`${col},${row}`] = letter;
      columns = Math.max(columns, col + 1);
    }
    const visual = grid("bead-plate", columns, SHOWN.bead_plate, (col, row) => {
      const letter = cells[`${col},${row}`];
      return el("span", { class: `bead ${letter ? "r" + letter : "empty"}`, text: letter ? w(`host.bead.${letter}`) : "" });
    });
    const byColumn = {};
    for (const [col, , letter] of roads.bead_plate) (byColumn[col] = byColumn[col] || []).push(PB.box(OUTCOME[letter]));
    const lines = Object.keys(byColumn).map(Number).sort((a, b) => a - b)
      .map((col) => say("host.road.column", { n: int(col + 1), marks: byColumn[col].join(", ") }));
    return figure("bead_plate", visual, lines);
  }

  function bigRoad(roads) {
    const cells = {};
    let columns = 0;
    for (const e of roads.big_road) {
      cells[`${e.col},${e.row}`] = e;
      columns = Math.max(columns, e.col + 1);
    }
    const visual = grid("big-road", columns, SHOWN.big_road, (col, row) => {
      const e = cells[`${col},${row}`];
      return el("span", { class: `ring ${e ? "r" + e.winner : "empty"}`, text: e && e.ties ? int(e.ties) : "" });
    });
    const lines = runs(roads.big_road, (e) => e.winner).map(([winner, n, entries], i) => {
      const ties = entries.reduce((sum, e) => sum + e.ties, 0);
      const parts = [say("host.road.run", { result: PB.box(OUTCOME[winner]), n: int(n) })];
      if (ties) parts.push(say("host.road.ties", { n: int(ties) }));
      return say("host.road.column", { n: int(i + 1), marks: parts.join(", ") });
    });
    return figure("big_road", visual, lines);
  }

  function derived(name, marks) {
    const cells = {};
    let columns = 0;
    for (const [col, row, mark] of marks) {
      cells[`${col},${row}`] = mark;
      columns = Math.max(columns, col + 1);
    }
    const visual = grid(`derived ${name}`, columns, SHOWN.derived, (col, row) => {
      const mark = cells[`${col},${row}`];
      return el("span", { class: mark ? `mark m${mark}` : "mark empty" });
    });
    const lines = runs(marks, (m) => m[2]).map(([mark, n], i) =>
      say("host.road.column", { n: int(i + 1), marks: say("host.road.run", { result: w(`host.road.${COLOUR[mark]}`), n: int(n) }) }));
    return figure(name, visual, lines);
  }

  // What each derived road would add if the next coup were Banco, or Punto.
  function ask(roads) {
    const list = el("ul", { class: "ask-list" });
    for (const letter of ["B", "P"]) {
      const marks = roads.ask[letter];
      const item = el("li", { class: `ask r${letter}` },
        el("span", { class: "ask-if", text: say("host.ask.if", { outcome: PB.box(OUTCOME[letter]) }) }));
      for (const name of DERIVED) {
        const mark = marks[name];
        const words = say("host.ask.mark", { road: w(`host.road.${name}`), mark: mark ? w(`host.road.${COLOUR[mark]}`) : w("host.ask.none") });
        item.append(el("span", { class: `ask-mark ${name} ${mark ? "m" + mark : "empty"}`, "aria-hidden": "true" }),
          el("span", { class: "sr-only", text: words }));
      }
      list.append(item);
    }
    return el("section", { class: "road road-ask", "aria-labelledby": "road-ask" },
      el("h3", { id: "road-ask", text: w("host.ask") }), list);
  }

  function roadsNode(roads, host) {
    const wrap = el("div", { class: "roads-board" },
      beadPlate(roads), bigRoad(roads),
      ...DERIVED.map((name) => derived(name, (host && host.derived[name]) || [])),
      ask(roads));
    return wrap;
  }

  function row(label, value, share) {
    return el("tr", {}, el("th", { scope: "row", text: label }), el("td", { text: value }),
      el("td", { class: "share", text: share === null ? "" : percent(share, 1) }));
  }

  function renderStats(v, title, table, note) {
    const stats = v.host && v.host.stats;
    if (!stats) return;
    title.textContent = stats.scope === "session" ? w("host.stats.session") : say("host.stats.shoe", { n: int(stats.shoe) });
    const share = (n) => (stats.coups ? n / stats.coups : null);
    const rows = [row(w("host.stats.coups"), int(stats.coups), null)];
    for (const outcome of ["punto", "banco", "egalite"]) rows.push(row(PB.box(outcome), int(stats.wins[outcome]), share(stats.wins[outcome])));
    rows.push(row(w("host.stats.naturals"), int(stats.naturals), share(stats.naturals)));
    for (const [box, n] of Object.entries(stats.pairs)) rows.push(row(PB.box(box), int(n), share(n)));
    if (stats.cards_left !== null) rows.push(row(w("host.stats.cards_left"), int(stats.cards_left), null));
    if (stats.burn) {
      rows.push(row(w("host.stats.turned"), PB.cardText(stats.burn.turned), null));
      rows.push(row(w("host.stats.burned"), int(stats.burn.burned), null));
    }
    table.replaceChildren(el("tbody", {}, ...rows));
    note.hidden = stats.scope !== "session" || stats.cards_left !== null;
  }

  function renderOdds(v, body, note) {
    const host = v.host;
    if (!host) return;
    const odds = host.odds;
    body.closest("table").setAttribute("aria-busy", String(host.odds_pending));
    if (!odds) {
      body.replaceChildren();
      note.textContent = host.odds_pending ? w("host.odds.pending") : "";
      return;
    }
    if (!odds.bets.length) { body.replaceChildren(); note.textContent = w("host.odds.none"); return; }
    body.replaceChildren(...odds.bets.map((b) => el("tr", { "data-bet": b.bet },
      el("th", { scope: "row", text: PB.box(b.bet) }),
      el("td", { text: percent(Number(b.probability), 6) }),
      el("td", { text: b.push === null ? "—" : percent(Number(b.push), 6) }),
      el("td", { text: percent(Number(b.house_edge), 6) }))));
    note.textContent = odds.scope === "shoe"
      ? say("host.odds.shoe", { cards: int(odds.cards), seen: int(odds.seen), burned: int(odds.burned) })
      : say("host.odds.fresh", { decks: int(odds.decks) });
  }

  // The status line: the coup (of the deals, at a session) and the phase.
  function statusText(v) {
    const phase = w(`phase.${v.phase}`);
    if (v.phase === "ended") return phase;
    if (v.paused) return w("paused");
    const count = v.config.deals ? PB.fmt("of", { n: PB.count(v.coup), deals: PB.count(v.config.deals) }) : PB.fmt("coup", { n: PB.count(v.coup) });
    return `${count} · ${phase}`;
  }

  // What the room should know of its shoes (docs/fair.md), in the phone's words:
  // their seeds are not secret (a seed the host chose, or a random source other
  // than the operating system's: the shoe in play or the one to come, as the phone
  // says), or no player's own seat contributed to the shoe in play (the server
  // alone chose it). Shown in `node`, hidden when there is nothing to say.
  function renderFairFlag(v, node) {
    const shoes = v.phase === "ended" ? [] : [v.shoe, v.next_shoe].filter((s) => s && s.commitment);
    const open = shoes.find((s) => s.secret === false);
    const alone = v.phase !== "ended" && v.shoe && v.shoe.commitment && v.shoe.server_only;
    const text = open ? w(open.source ? "entropy.injected" : "entropy.seeded") : alone ? w("fair.server_only") : "";
    node.textContent = text;
    node.hidden = !text;
    node.dataset.flag = open ? "not-secret" : alone ? "server-only" : "";
  }

  // A coup's hands, P and B each with their cards (and their names for screen readers).
  function hands(h) {
    return ["punto", "banco"].map((side) => el("span", { class: "hand-cards" },
      el("abbr", { class: `hand-tag ${side}`, title: PB.box(side), text: w(`hand_letter.${side}`) }),
      el("span", { class: "sr-only", text: `${PB.box(side)} ` }),
      el("span", { class: "cards-text", text: h[side].map(PB.cardText).join(" ") })));
  }

  return { roadsNode, scrollRoads, renderStats, renderOdds, say, statusText, hands, renderFairFlag };
})();
