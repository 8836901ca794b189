// The phone checks every shoe it played, by itself (docs/fair.md, "What a phone
// checks"). While the shoe is played it notes, in the browser's storage, the
// commitment it was shown before the shoe was shuffled, the chain heads of the
// log, its own contribution and the cards it saw dealt. Once the shoe's server
// seed is revealed it fetches the shoe's record and checks: the seed against the
// commitment it noted, each revealed value against its commitment, its own value
// used or its name left out, the client seed, and the order derived from the
// seeds (the same HMAC-SHA256 stream, rejection and Fisher-Yates as the Python)
// against every card dealt and every card it saw. SHA-256 is entropy.js's own
// (phones join over plain http://, where crypto.subtle does not exist).
"use strict";

const PBFair = (() => {
  const enc = new TextEncoder();
  const { sha256, hex, fromHex } = PBEntropy;
  const SUITS = ["S", "H", "D", "C"];
  const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  const HEX64 = /^[0-9a-f]{64}$/;
  const KEEP_HEADS = 64;

  function concat(...parts) {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) { out.set(p, at); at += p.length; }
    return out;
  }

  // HMAC-SHA256 (RFC 2104) of `message` under `key` (both Uint8Array).
  function hmac(key, message) {
    const block = new Uint8Array(64);
    block.set(key.length > 64 ? sha256(key) : key);
    const inner = block.map((b) => b ^ 0x36);
    const outer = block.map((b) => b ^ 0x5c);
    return sha256(concat(outer, sha256(concat(inner, message))));
  }

  // The shoe's order: the HMAC stream read as 32-bit big-endian words, a uniform
  // draw in [0, m) rejecting u >= 2^32 - (2^32 mod m), Fisher-Yates from the end.
  function order(seedHex, client, nonce, decks) {
    const key = fromHex(seedHex);
    let words = [];
    let k = 0;
    const next = () => {
      if (!words.length) {
        const block = hmac(key, enc.encode(`${client}:${nonce}:${k++}`));
        const view = new DataView(block.buffer);
        words = Array.from({ length: 8 }, (_, i) => view.getUint32(i * 4));
      }
      return words.shift();
    };
    const below = (m) => {
      const limit = 4294967296 - (4294967296 % m);
      let u = next();
      while (u >= limit) u = next();
      return u % m;
    };
    const cards = [];
    for (let d = 0; d < decks; d++) for (const s of SUITS) for (const r of RANKS) cards.push(r + s);
    for (let i = cards.length - 1; i > 0; i--) {
      const j = below(i + 1);
      [cards[i], cards[j]] = [cards[j], cards[i]];
    }
    return cards;
  }

  // Checks one shoe's record (the table's /shoes answer) against what this phone
  // noted (`noted`: {commitment, name, value, coups: {coup: [cards]}}, any part may
  // be missing). Returns null when all is well, else {key, params}: the first fault.
  function check(record, noted) {
    const n = record.shoe;
    const fault = (key, params) => ({ key, params: { shoe: n, ...params } });
    const seed = record.server_seed;
    if (typeof seed !== "string" || !HEX64.test(seed)) return fault("bad.seed", {});
    const found = hex(sha256(fromHex(seed)));
    const promised = (noted && noted.commitment) || record.commitment;
    if (found !== promised || found !== record.commitment) {
      return fault("bad.commitment", { noted: promised.slice(0, 12), found: found.slice(0, 12) });
    }
    if (record.nonce !== n) return fault("bad.client", {});
    for (const r of record.reveals || []) {
      const c = (record.commitments || []).find((x) => x.name === r.name);
      if (!c || !HEX64.test(r.value) || PBEntropy.digest(record.table, n, r.name, fromHex(r.value)) !== c.digest) {
        return fault("bad.reveal", { name: r.name });
      }
    }
    const revealed = new Set((record.reveals || []).map((r) => r.name));
    const silent = (record.commitments || []).map((c) => c.name).filter((x) => !revealed.has(x));
    if (JSON.stringify(silent) !== JSON.stringify(record.excluded || [])) return fault("bad.excluded", {});
    const values = (record.commitments || []).filter((c) => revealed.has(c.name))
      .map((c) => record.reveals.find((r) => r.name === c.name).value);
    if (record.scheme === 2 && JSON.stringify(values) !== JSON.stringify(record.contributions)) return fault("bad.client", {});
    const client = [`${record.table}/${n}`, ...record.contributions].join("|");
    if (client !== record.client_seed) return fault("bad.client", {});
    if (noted && noted.value && noted.name) {
      const mine = (record.reveals || []).find((r) => r.name === noted.name);
      const used = mine && mine.value === noted.value && record.contributions.includes(noted.value);
      if (!used && !(record.excluded || []).includes(noted.name)) return fault("bad.mine", {});
    }
    const cards = order(seed, record.client_seed, n, record.decks);
    for (let i = 0; i < record.dealt.length; i++) {
      if (record.dealt[i] !== null && record.dealt[i] !== cards[i]) {  // null: a burned card unseen
        return fault("bad.order", { position: i + 1, card: record.dealt[i], expected: cards[i] || "-" });
      }
    }
    let from = 0;
    const coups = (noted && noted.coups) || {};
    for (const coup of Object.keys(coups).map(Number).sort((a, b) => a - b)) {
      const seen = coups[coup];
      let at = -1;
      for (let i = from; i + seen.length <= record.dealt.length && at < 0; i++) {
        if (seen.every((c, k) => record.dealt[i + k] === c)) at = i;
      }
      if (at < 0) return fault("bad.seen", { coup, cards: seen.join(" ") });
      from = at + seen.length;
    }
    return null;
  }

  // -- what this phone notes, per table, in localStorage ---------------------------
  const storeKey = (table) => `pb-fair/${table}`;
  function load(table) {
    try {
      return JSON.parse(localStorage.getItem(storeKey(table))) || { shoes: {}, heads: [], results: {} };
    } catch (e) {
      return { shoes: {}, heads: [], results: {} };
    }
  }
  const save = (table, notes) => localStorage.setItem(storeKey(table), JSON.stringify(notes));
  const fetching = new Set();

  function say(key, params) {
    return PB.fmt(`fair.${key}`, params);
  }

  function announce(status) {
    window.dispatchEvent(new CustomEvent("pbfair", { detail: status }));
    const line = document.getElementById("fair-line");
    if (line && line.dataset.owner === "fair") paint(line, status);
  }

  function paint(line, status) {
    line.hidden = status.shoe === null;
    line.dataset.state = status.state;
    line.setAttribute("role", status.state === "failed" ? "alert" : "status");
    line.className = status.state === "failed" ? "fair-line error" : "fair-line";
    if (status.shoe === null) { line.textContent = ""; return; }
    const head = PB.fmt(`fair.${status.state}`, { shoe: status.shoe });
    line.textContent = status.reason ? `${head} ${status.reason}` : head;
  }

  async function verify(table, shoe) {
    const tag = `${table}/${shoe}`;
    if (fetching.has(tag)) return;
    fetching.add(tag);
    try {
      const r = await fetch(`/api/tables/${encodeURIComponent(table)}/shoes`, { credentials: "same-origin" });
      if (!r.ok) return;
      const records = await r.json();
      const notes = load(table);
      const record = records.find((x) => x.shoe === shoe);
      if (!record) {
        notes.results[shoe] = { state: "failed", reason: say("bad.missing", { shoe }) };
      } else if (record.server_seed === null) {
        return;  // not revealed yet: checked at a later view
      } else {
        const fault = check(record, notes.shoes[shoe]);
        notes.results[shoe] = fault ? { state: "failed", reason: say(fault.key, fault.params) } : { state: "checked", reason: null };
      }
      save(table, notes);
      announce(status(null, table));
    } catch (e) {
      // offline: checked at a later view
    } finally {
      fetching.delete(tag);
    }
  }

  // Called with every view (from entropy.js): notes what the view shows, and checks
  // each shoe this phone played once the table has moved past it.
  function observe(v) {
    if (!v || !v.table) return;
    const table = v.table;
    const notes = load(table);
    const note = (n) => (notes.shoes[n] = notes.shoes[n] || { coups: {} });
    const next = v.next_shoe;
    if (next && next.commitment && next.secret !== false) {
      const s = note(next.shoe);
      if (!s.commitment) s.commitment = next.commitment;
      else if (s.commitment !== next.commitment) {
        notes.results[next.shoe] = { state: "failed", reason: say("bad.changed", { shoe: next.shoe, noted: s.commitment.slice(0, 12), found: next.commitment.slice(0, 12) }) };
      }
      const name = v.me && v.me.name;
      const mine = name && (next.commitments || []).find((c) => c.name === name);
      const held = name && localStorage.getItem(`pb-contribution/${table}/${next.shoe}/${name}`);
      if (mine && held) { s.name = name; s.value = held; }
    }
    const shoe = v.shoe;
    if (shoe && shoe.commitment && shoe.secret) {
      const s = note(shoe.number);
      if (!s.commitment) s.commitment = shoe.commitment;  // joined while it was dealt
      else if (s.commitment !== shoe.commitment) {
        notes.results[shoe.number] = { state: "failed", reason: say("bad.changed", { shoe: shoe.number, noted: s.commitment.slice(0, 12), found: shoe.commitment.slice(0, 12) }) };
      }
      s.played = s.played || Boolean(v.me && v.me.seated);
    }
    if (v.last && v.last.shoe && notes.shoes[v.last.shoe]) notes.shoes[v.last.shoe].coups[v.last.coup] = v.last.cards;
    if (v.chain_head && (!notes.heads.length || notes.heads[notes.heads.length - 1].seq !== v.seq)) {
      notes.heads.push({ seq: v.seq, head: v.chain_head });
      if (notes.heads.length > KEEP_HEADS) notes.heads.splice(0, notes.heads.length - KEEP_HEADS);
    }
    notes.current = shoe ? shoe.number : null;
    notes.closed = v.phase === "ended";
    save(table, notes);
    const current = shoe ? shoe.number : Infinity;
    const closed = notes.closed;
    for (const n of Object.keys(notes.shoes).map(Number)) {
      if (notes.shoes[n].played && (n < current || closed) && !notes.results[n]) verify(table, n);
    }
    let line = document.getElementById("fair-line");
    if (!line) {  // a page without a place for it: the line goes under the phone's status
      const after = document.getElementById("entropy");
      if (after) {
        line = document.createElement("p");
        line.id = "fair-line";
        line.dataset.owner = "fair";
        after.after(line);
      }
    }
    if (line && line.dataset.owner === "fair") paint(line, status(v));
  }

  // The shoe the phone's one line speaks of: a shoe whose check failed (loud, and
  // it stays), else the latest shoe checked or being checked; {shoe: null} when none.
  function status(v, tableId) {
    const table = tableId || (v && v.table);
    if (!table) return { shoe: null, state: "none", reason: null };
    const notes = load(table);
    const failed = Object.keys(notes.results).map(Number).filter((n) => notes.results[n].state === "failed");
    if (failed.length) {
      const n = Math.min(...failed);
      return { shoe: n, state: "failed", reason: notes.results[n].reason };
    }
    // The shoe in play (from this view, else the last one seen): never "being checked".
    const current = v ? (v.shoe ? v.shoe.number : Infinity) : (notes.current || Infinity);
    const closed = v ? v.phase === "ended" : Boolean(notes.closed);
    const played = Object.keys(notes.shoes).map(Number)
      .filter((n) => notes.shoes[n].played && (n < current || closed || notes.results[n]));
    if (!played.length) return { shoe: null, state: "none", reason: null };
    const n = Math.max(...played);
    return { shoe: n, state: notes.results[n] ? notes.results[n].state : "checking", reason: null };
  }

  // What this phone noted, for `puntobanco verify --heads FILE`.
  function exportHeads(table) {
    const notes = load(table);
    const commitments = {};
    for (const [n, s] of Object.entries(notes.shoes)) if (s.commitment) commitments[n] = s.commitment;
    return JSON.stringify({ table, heads: notes.heads, commitments }, null, 1);
  }

  // Saves exportHeads as a file (the "Save what this phone noted" link, `fair.export`).
  function download(table) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([exportHeads(table)], { type: "application/json" }));
    link.download = `puntobanco-${table}-noted.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  const results = (table) => load(table).results;

  return { hmac, order, check, observe, status, exportHeads, download, results };
})();
window.PBFair = PBFair;
