// A spectator's page (/w/CODE): the table's roads, odds and results, followed live,
// with no seat and no bet. It says hello with the join code, holds no token, and
// sends no command: the server sends it the view anyone watching may see.
"use strict";

(() => {
  const { el, w } = PB;
  const $ = (id) => document.getElementById(id);
  const { statusText, hands } = PBBoard;
  const announce = PB.announcer();
  let conn = null;
  let view = null;
  let askedOdds = null;

  function render(v) {
    view = v;
    $("status").textContent = statusText(v);
    const last = v.last;
    $("punto-cards").replaceChildren(...(last ? last.punto.cards.map((c) => PB.cardNode(c)) : []));
    $("banco-cards").replaceChildren(...(last ? last.banco.cards.map((c) => PB.cardNode(c)) : []));
    $("punto-total").textContent = last ? String(last.punto.total) : "";
    $("banco-total").textContent = last ? String(last.banco.total) : "";
    $("announce").textContent = last ? last.announce : "";
    PBBoard.renderFairFlag(v, $("fair-flag"));
    PBBoard.renderStats(v, $("stats-title"), $("stats"), $("stats-note"));
    PBBoard.renderOdds(v, $("odds-body"), $("odds-note"));
    $("roads").replaceChildren(PBBoard.roadsNode(v.roads, v.host));
    PBBoard.scrollRoads($("roads"));
    $("history").replaceChildren(...[...v.history].reverse().map((h) => el("li", { class: `w-${h.winner}` },
      el("span", { class: "coup-no", text: PB.fmt("coup", { n: PB.count(h.coup) }) }),
      el("span", { class: "winner", text: PB.box(h.winner) }),
      ...hands(h))));
    const parts = announce(v).map((p) => p.text);
    if (parts.length) PB.tell($("live"), parts.join(" "));
    // A pushed view carries the odds once computed; a view asked for (the same
    // language again) computes them.
    if (v.host && v.host.odds_pending && askedOdds !== v.seq) { askedOdds = v.seq; conn.lang(PB.lang); }
  }

  document.addEventListener("DOMContentLoaded", async () => {
    await PB.setLang(PB.pickLang());
    PB.langPicker($("lang"), (lang) => { $("live").textContent = ""; conn && conn.lang(lang); });
    const code = decodeURIComponent(location.pathname.split("/")[2] || "");
    const r = await fetch(`/api/codes/${encodeURIComponent(code)}?lang=${PB.lang}`);
    const found = await r.json();
    if (!r.ok) { $("error").textContent = found.error ? found.error.message : String(r.status); return; }
    new ResizeObserver(() => PBBoard.scrollRoads($("roads"))).observe($("roads"));
    conn = PB.connect(found.table, { watch: code }, {
      onView: render,
      onError: (error) => { $("error").textContent = error.message; },
      onUnknown: (error) => { $("error").textContent = error.message; },
      onStatus: (status) => { document.body.classList.toggle("offline", status === "offline"); },
    });
  });
})();
