// The phone's own contribution to every shoe: 32 random bytes from the browser,
// committed to as soon as the shoe's server seed is, revealed when the table
// asks, with no action by the player (docs/fair.md). Phones join over plain
// http:// on a LAN, where crypto.subtle does not exist: SHA-256 is written out
// below (FIPS 180-4), crypto.getRandomValues works everywhere.
"use strict";

const PBEntropy = (() => {
  const K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]);

  // SHA-256 of a Uint8Array, as a Uint8Array of 32 bytes.
  function sha256(bytes) {
    const length = bytes.length;
    const blocks = Math.ceil((length + 9) / 64);
    const data = new Uint8Array(blocks * 64);
    data.set(bytes);
    data[length] = 0x80;
    const view = new DataView(data.buffer);
    view.setUint32(data.length - 8, Math.floor(length / 0x20000000));  // the length in bits
    view.setUint32(data.length - 4, (length * 8) >>> 0);
    const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
    const w = new Uint32Array(64);
    const rotr = (x, n) => (x >>> n) | (x << (32 - n));
    for (let block = 0; block < blocks; block++) {
      for (let t = 0; t < 16; t++) w[t] = view.getUint32(block * 64 + t * 4);
      for (let t = 16; t < 64; t++) {
        const s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >>> 3);
        const s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >>> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
      }
      let [a, b, c, d, e, f, g, k] = h;
      for (let t = 0; t < 64; t++) {
        const t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) >>> 0;
        const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
        k = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
      }
      h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += k;
    }
    const out = new Uint8Array(32);
    const outView = new DataView(out.buffer);
    for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]);
    return out;
  }

  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  const fromHex = (text) => Uint8Array.from(text.match(/../g) || [], (pair) => parseInt(pair, 16));
  const TAG = new TextEncoder().encode("puntobanco-contribution-v1");

  function u32(n) {
    const out = new Uint8Array(4);
    new DataView(out.buffer).setUint32(0, n);
    return out;
  }

  function counted(text) {
    const data = new TextEncoder().encode(text);
    const out = new Uint8Array(4 + data.length);
    out.set(u32(data.length));
    out.set(data, 4);
    return out;
  }

  // The commitment to `value` (32 bytes) by `name` to shoe `shoe` of `table`:
  // SHA-256 of the tag, the table, the shoe, the name and the value (docs/fair.md).
  function digest(table, shoe, name, value) {
    const parts = [TAG, counted(table), u32(shoe), counted(name), value];
    const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const part of parts) { message.set(part, at); at += part.length; }
    return hex(sha256(message));
  }

  // Kept on the phone until revealed: a reload does not lose it.
  const key = (table, shoe, name) => `pb-contribution/${table}/${shoe}/${name}`;
  // What this page has sent, so that a view pushed before the answer does not send
  // it again (a command lost with the network is sent again with the next view).
  const sent = new Set();

  function forget(table, shoe) {
    const prefix = `pb-contribution/${table}/`;
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const k = localStorage.key(i);
      if (k && k.startsWith(prefix) && Number(k.slice(prefix.length).split("/")[0]) < shoe - 1) localStorage.removeItem(k);
    }
  }

  async function act(stored, command, send) {
    const done = `${stored}:${command.type}`;
    if (sent.has(done)) return;
    sent.add(done);
    const answer = await send(command);
    if (answer.type === "error" && answer.error.code === "offline") sent.delete(done);
  }

  // A table the host opened with a seed deals shoes derived from it (`secret`
  // false in the view): whoever knows the seed knows every card, and no phone
  // contributes. A table given a random source other than the operating system's
  // (`source` set) is not secret either. Said in plain sight, in the #not-fair
  // notice of the page.
  function notSecret(v) {
    return [v.shoe, v.next_shoe].find((s) => s && s.commitment && s.secret === false) || null;
  }

  function notice(v, w) {
    const node = document.getElementById("not-fair");
    if (!node) return;
    const shoe = notSecret(v);
    node.textContent = shoe ? w(shoe.source ? "entropy.injected" : "entropy.seeded") : "";
    node.hidden = !shoe;
  }

  // Called with every view: commits or reveals when the table asks, and returns
  // the status line (which shoe has this phone's contribution).
  function onView(v, send, w) {
    // The phone's own check of each shoe it plays (fair.js): a fault of its own
    // never stops the contributions.
    try { if (window.PBFair) window.PBFair.observe(v); } catch (e) { console.error(e); }
    notice(v, w);
    if (!v.me || !v.me.seated) return "";
    if (!window.crypto || !window.crypto.getRandomValues) return w("entropy.unsupported");
    const name = v.me.name;
    const next = v.next_shoe;
    if (next && next.window) {
      const stored = key(v.table, next.shoe, name);
      if (PB.offers(v, "CommitContribution")) {
        let value = localStorage.getItem(stored);
        if (!value) {
          value = hex(window.crypto.getRandomValues(new Uint8Array(32)));
          localStorage.setItem(stored, value);  // before it is sent: a reload keeps it
        }
        act(stored, { type: "CommitContribution", shoe: next.shoe, digest: digest(v.table, next.shoe, name, fromHex(value)) }, send);
        forget(v.table, next.shoe);
      } else if (PB.offers(v, "RevealContribution") && localStorage.getItem(stored)) {
        act(stored, { type: "RevealContribution", shoe: next.shoe, value: localStorage.getItem(stored) }, send);
      }
    }
    const parts = [];
    const gathered = v.shoe && v.shoe.contributions;
    if (gathered) {
      if (gathered.contributors.includes(name)) parts.push(PB.fmt("entropy.included", { shoe: v.shoe.number }));
      else if (gathered.excluded.includes(name)) parts.push(PB.fmt("entropy.excluded", { shoe: v.shoe.number }));
      else if (next) parts.push(PB.fmt("entropy.none", { shoe: next.shoe }));
    }
    const mine = next && next.commitments && next.commitments.find((c) => c.name === name);
    if (mine) {
      const held = localStorage.getItem(key(v.table, next.shoe, name));
      if (mine.value) parts.push(PB.fmt("entropy.revealed", { shoe: next.shoe }));
      else if (!held) parts.push(PB.fmt("entropy.lost", { shoe: next.shoe }));
      else parts.push(PB.fmt("entropy.committed", { shoe: next.shoe }));
    }
    return parts.join(" ");
  }

  // A refusal of one of this page's own sends, from a view overtaken by the table
  // (another page of the same phone, or the shoe shuffled meanwhile): nothing to show.
  const quiet = (error) => error.code.startsWith("entropy.") || error.code === "table.error.contribute.no_next_shoe";

  return { sha256, hex, fromHex, digest, onView, quiet, notSecret };
})();
