// Shared by the host screen and the phone: words, cards, amounts, the socket.
// Every name and every text from the server goes into the page with
// textContent, never as HTML.
"use strict";

const PB = (() => {
  // The languages the server speaks, as it wrote them on the page.
  const LANGS = (document.documentElement.dataset.langs || "en").split(",");
  let words = {};
  let lang = "en";

  function pickLang() {
    const saved = localStorage.getItem("pb-lang");
    if (LANGS.includes(saved)) return saved;
    for (const l of navigator.languages || []) {
      const code = l.slice(0, 2).toLowerCase();
      if (LANGS.includes(code)) return code;
    }
    return "en";
  }

  async function setLang(next) {
    lang = LANGS.includes(next) ? next : "en";
    localStorage.setItem("pb-lang", lang);
    const r = await fetch(`/api/i18n/${lang}`);
    words = await r.json();
    document.documentElement.lang = lang;
    for (const node of document.querySelectorAll("[data-i18n]")) {
      node.textContent = w(node.dataset.i18n);
    }
    for (const node of document.querySelectorAll("[data-i18n-label]")) {
      node.setAttribute("aria-label", w(node.dataset.i18nLabel));
    }
    return lang;
  }

  // A word of the catalogue; a plural message gives its most general form (see `wn`).
  function w(key) {
    const found = words[key];
    if (found === undefined) return key;
    return Array.isArray(found) ? found[found.length - 1] : found;
  }

  // A catalogue message with its {placeholders} filled (`{name}` only: the pages
  // format numbers before they pass them).
  function fmt(key, params) {
    return w(key).replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
  }

  // A plural message's form for `n`: the language's CLDR category (Intl.PluralRules),
  // in the order the catalogue gives its forms (`_plural`).
  function wn(key, n) {
    const found = words[key];
    if (!Array.isArray(found)) return w(key);
    const index = (words._plural || []).indexOf(new Intl.PluralRules(lang).select(n));
    return found[index >= 0 && index < found.length ? index : found.length - 1];
  }

  // Numbers as the page's language writes them (CLDR through Intl: 1 000,00 in
  // French, 1000,00 and 10.000,00 in Spanish, 1,000.00 in English).
  const formats = new Map();
  function numberFormat(options) {
    const id = `${lang}|${JSON.stringify(options)}`;
    if (!formats.has(id)) formats.set(id, new Intl.NumberFormat(lang, options));
    return formats.get(id);
  }

  function count(n) {
    return numberFormat({}).format(n);
  }

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : String(v));
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }

  const SUITS = { H: "♥", D: "♦", C: "♣", S: "♠" };

  // A card as its face shows it in the page's language: "R♣" in French (the
  // catalogue's card.letter.*), "K♣" in English and Spanish; the code stays "KC".
  function cardText(code) {
    return rankText(code.slice(0, -1)) + SUITS[code.slice(-1)];
  }

  // A rank alone ("A", "10", "R"), and the catalogue key of its letter when the
  // language has one (null for the ranks every language writes alike).
  function rankKey(rank) {
    return words[`card.letter.${rank}`] === undefined ? null : `card.letter.${rank}`;
  }
  function rankText(rank) {
    const key = rankKey(rank);
    return key === null ? rank : w(key);
  }

  // A card as a person says it, in the page's language: "roi de trèfle", "4 of hearts".
  function cardName(code) {
    const rank = code.slice(0, -1);
    const word = words[`rank.${rank}`] !== undefined ? w(`rank.${rank}`) : rank;
    return fmt("card_name", { rank: word, suit: w(`suit.${code.slice(-1)}`) });
  }

  function cardNode(code, hidden = false) {
    const suit = code.slice(-1);
    const red = suit === "H" || suit === "D";
    return el("span", {
      class: `card ${red ? "red" : "black"}${hidden ? " back" : ""}`,
      role: "img",
      "aria-label": hidden ? "?" : cardName(code),
      text: hidden ? "" : cardText(code),
    });
  }

  // An amount of the view (whole cents, or exact decimal text of cents such as
  // "950.5") as exact decimal text of units: 100050 -> "1000.50". A fraction
  // that has no decimal form ("1/3") is left as it is (null).
  function units(value) {
    const text = String(value);
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
    if (!match) return null;
    const digits = match[2].padStart(3, "0");
    return `${match[1]}${digits.slice(0, -2)}.${digits.slice(-2)}${match[3] || ""}`;
  }

  // Money (or a session's points) as the page's language writes it; Intl reads
  // the decimal text exactly, so no amount goes through a float.
  function money(view, value, options = {}) {
    if (!view.config.money) {
      return typeof value === "number" ? numberFormat(options).format(value) : String(value);
    }
    const exact = units(value);
    if (exact === null) return String(value);
    return numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 20, ...options }).format(exact);
  }

  function signed(view, value) {
    return money(view, value, { signDisplay: "exceptZero" });
  }

  // Whether the view offers a command of this type (its `commands`: the engine's
  // command names, "Bet", "Deal"...): the pages offer what the view offers.
  function offers(view, type) {
    return view.commands.some((c) => c.type === type);
  }

  // A box's name: Punto, Banco, Égalité, or a side bet's (`punto_pair`: Punto pair).
  function box(name) {
    return words[`outcome.${name}`] !== undefined ? w(`outcome.${name}`) : w(`bet.${name}`);
  }

  // The croupier's announcements as the views go by, each said once and in the
  // table's order: bets closed, Punto's cards handed face down (seed 002), who
  // turned them over, the coup's result, bets open. The first view says nothing:
  // a page opened or reloaded does not repeat what was said before it. Returns
  // a function of each view that gives the parts to say, each `{kind, text}`
  // (kind: closed, handed, turned, result, open), in the page's language.
  function announcer() {
    let seen = null;
    const CLOSED = ["bets_closed", "dealt", "settled"];
    return (v) => {
      const closed = CLOSED.includes(v.phase);
      const lastCoup = v.last ? v.last.coup : null;
      if (seen === null) {
        seen = { closed: closed ? v.coup : null, open: v.phase === "bets_open" ? v.coup : null,
                 turn: v.turn ? v.coup : null, last: lastCoup };
        return [];
      }
      const parts = [];
      // A coup settled since the last view (a coup taken back is not news).
      const fresh = lastCoup !== null && (seen.last === null || lastCoup > seen.last);
      const closing = closed ? v.coup : (fresh ? lastCoup : null);
      if (closing !== null && seen.closed !== closing) {
        parts.push({ kind: "closed", text: w("say.bets_closed") });
        seen.closed = closing;
      }
      if (v.turn && seen.turn !== v.coup) {
        const mine = v.me && v.me.name === v.turn.name;
        parts.push({ kind: "handed", text: mine ? w("turn.yours") : fmt("turn.handed", { name: v.turn.name }) });
        seen.turn = v.coup;
      }
      if (fresh) {
        const turned = v.last.turned;
        if (turned) {
          parts.push({ kind: "turned", text: turned.name === null ? w("turn.dealer") : fmt("turn.turned", { name: turned.name }) });
        }
        parts.push({ kind: "result", text: v.last.announce });
      }
      seen.last = lastCoup;
      if (v.phase === "bets_open" && seen.open !== v.coup) {
        parts.push({ kind: "open", text: w("say.bets_open") });
        seen.open = v.coup;
      }
      return parts;
    };
  }

  // The page's one polite status region (role=status): written only with news,
  // so a screen reader says each thing once. The same words again are cleared
  // first, or the reader would not say them.
  function tell(node, text) {
    if (!text) return;
    if (node.textContent !== text) { node.textContent = text; return; }
    node.textContent = "";
    setTimeout(() => { node.textContent = text; }, 150);
  }

  const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  // A socket that comes back by itself; `onView` receives every view.
  function connect(table, role, handlers) {
    let socket = null;
    let closedByUs = false;
    let retry = 500;
    const pending = new Map();
    let counter = 0;
    let timer = null;

    function open() {
      timer = null;
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${location.host}/api/tables/${encodeURIComponent(table)}/ws`);
      socket.addEventListener("open", () => {
        retry = 500;
        // `role`: "host" or "player" (the cookie's), or { watch: join code } (a spectator's).
        const hello = typeof role === "string" ? { role } : role;
        socket.send(JSON.stringify({ type: "hello", ...hello, lang }));
        handlers.onStatus && handlers.onStatus("online");
      });
      socket.addEventListener("message", (event) => {
        const msg = JSON.parse(event.data);
        if (msg.type === "view") handlers.onView(msg.view);
        else if (msg.type === "welcome") handlers.onWelcome && handlers.onWelcome(msg);
        else if (msg.type === "ack" || msg.type === "error") {
          const done = pending.get(msg.id);
          if (done) { pending.delete(msg.id); done(msg); }
          if (msg.type === "error") {
            if (msg.id === null && msg.error.code.startsWith("web.error.") &&
                ["web.error.no_token", "web.error.bad_token"].includes(msg.error.code)) {
              closedByUs = true;
              handlers.onUnknown && handlers.onUnknown(msg.error);
            } else handlers.onError && handlers.onError(msg.error);
          }
        }
      });
      socket.addEventListener("close", () => {
        if (closedByUs) return;
        handlers.onStatus && handlers.onStatus("offline");
        // Commands sent on the lost socket get no answer: say so (the server
        // acts at most once per id, so the person may simply try again).
        for (const done of pending.values()) done({ type: "error", error: { code: "offline", message: w("offline") } });
        pending.clear();
        if (timer === null) timer = setTimeout(open, retry);
        retry = Math.min(retry * 2, 5000);
      });
    }
    // A phone that loses its network knows it before the socket times out:
    // say so and drop the socket at once (its closing handshake may never get
    // through), and come back as soon as the network does.
    window.addEventListener("offline", () => {
      if (!socket || closedByUs) return;
      handlers.onStatus && handlers.onStatus("offline");
      socket.close();
    });
    window.addEventListener("online", () => {
      if (closedByUs || (socket && socket.readyState === WebSocket.OPEN)) return;
      if (timer !== null) { clearTimeout(timer); open(); }
    });
    open();
    return {
      send(command) {
        const id = `c${Date.now().toString(36)}${(counter++).toString(36)}`;
        return new Promise((resolve) => {
          if (!socket || socket.readyState !== WebSocket.OPEN) {
            resolve({ type: "error", id, error: { code: "offline", message: w("offline") } });
            return;
          }
          pending.set(id, resolve);
          socket.send(JSON.stringify({ id, ...command }));
        });
      },
      lang(next) {
        if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "lang", lang: next }));
      },
      close() { closedByUs = true; socket && socket.close(); },
    };
  }

  // A language's own name ("Français"), or its code where the picker is short.
  function langName(code, short) {
    if (short) return code.toUpperCase();
    const name = new Intl.DisplayNames([code], { type: "language" }).of(code) || code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  }

  function langPicker(node, onChange) {
    const short = node.dataset.short !== undefined;
    node.replaceChildren(...LANGS.map((code) => el("option", { value: code, text: langName(code, short) })));
    node.value = lang;
    node.addEventListener("change", async () => {
      await setLang(node.value);
      onChange(node.value);
    });
  }

  return { pickLang, setLang, w, wn, fmt, el, cardNode, cardText, cardName, rankText, rankKey, count, money, signed, box, offers, connect, langPicker, reducedMotion, announcer, tell, get lang() { return lang; } };
})();
