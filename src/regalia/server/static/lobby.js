// The lobby: the create form (seats and options follow the chosen game), open games, and the
// games this browser holds seat tokens for (kept in localStorage; no accounts).
"use strict";
(function () {
  const catalog = JSON.parse(document.getElementById("catalog").textContent);
  const byId = Object.fromEntries(catalog.map((g) => [g.id, g]));
  const $ = (id) => document.getElementById(id);
  // Words from the server's catalog in the page's language (the page embeds them: #messages).
  const MESSAGES = JSON.parse((document.getElementById("messages") || {}).textContent || "{}");
  function t(message, fields) {
    const text = MESSAGES[message] || message;
    return text.replace(/\{(\w+)\}/g, (whole, name) =>
      fields && name in fields ? String(fields[name]) : whole);
  }
  const SEAT_KINDS = [["me", t("me")], ["open", t("open seat (a link)")],
    ["random", t("bot: random")], ["greedy", t("bot: greedy")], ["easy", t("bot: easy")],
    ["medium", t("bot: medium")], ["hard", t("bot: hard")]];

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function mine() {
    try { return JSON.parse(localStorage.getItem("regalia.seats") || "[]"); }
    catch (e) { return []; }
  }
  function remember(entry) {
    const list = mine().filter((e) => e.token !== entry.token);
    list.unshift(entry);
    localStorage.setItem("regalia.seats", JSON.stringify(list.slice(0, 50)));
  }

  function fillPlayers() {
    const g = byId[$("game").value];
    const players = $("players");
    players.replaceChildren();
    for (let n = g.min_players; n <= g.max_players; n++) {
      const o = el("option", { value: n }, String(n));
      if (n === g.default_players) o.selected = true;
      players.append(o);
    }
    fillSeats();
    fillOptions();
  }

  function fillSeats() {
    const box = $("seats");
    const old = [...box.querySelectorAll("select")].map((s) => s.value);
    box.replaceChildren(el("legend", {}, t("Seats")));
    const n = Number($("players").value);
    for (let i = 0; i < n; i++) {
      const label = el("label", {}, t("Seat {n}", { n: i + 1 }) + " ");
      const sel = el("select", { name: `seat${i}`, "data-seat": i });
      for (const [value, text] of SEAT_KINDS) sel.append(el("option", { value }, text));
      sel.value = old[i] || (i === 0 ? "me" : "open");
      label.append(sel);
      box.append(label);
    }
  }

  function fillOptions() {
    const g = byId[$("game").value];
    const box = $("options");
    box.replaceChildren();
    if (!g.options.length) box.append(el("p", { class: "dim" }, t("This game has no options.")));
    for (const o of g.options) {
      const label = el("label", { title: o.help }, `${o.label || o.name} `);
      let input;
      if (o.choices) {
        input = el("select", { "data-option": o.name });
        for (const c of o.choices) {  // (the value's id submitted, its words shown)
          input.append(el("option", { value: String(c.value) }, c.label));
        }
        input.value = String(o.default);
      } else if (typeof o.default === "boolean") {
        input = el("input", { type: "checkbox", "data-option": o.name });
        input.checked = o.default;
      } else {
        input = el("input", { "data-option": o.name, value: String(o.default) });
      }
      label.append(input, el("span", { class: "dim small" }, " " + o.help));
      box.append(label);
    }
  }

  async function create(event) {
    event.preventDefault();
    $("error").textContent = "";
    const game = $("game").value;
    const g = byId[game];
    const options = {};
    for (const input of document.querySelectorAll("[data-option]")) {
      const spec = g.options.find((o) => o.name === input.dataset.option);
      const value = input.type === "checkbox" ? input.checked : input.value;
      if (String(value) !== String(spec.default)) options[spec.name] = value;
    }
    const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
    // The clock: "N" seconds a move, or "bank:BANK:INCREMENT".
    const clock = $("clock").value.split(":");
    const bank = clock[0] === "bank";
    const body = { game, players: Number($("players").value), seats, options,
      public: $("public").checked, name: $("name").value || null,
      move_seconds: clock[0] && !bank ? Number(clock[0]) : null,
      bank_seconds: bank ? Number(clock[1]) : null,
      increment_seconds: bank ? Number(clock[2]) : null };
    const response = await fetch("/api/games", { method: "POST",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const data = await response.json();
    if (!response.ok) { $("error").textContent = data.detail; return; }
    const links = $("links");
    links.replaceChildren();
    // Each link with what to do with it, and a button to copy it (or share it, on a phone)
    // for a chat message: a link someone else's seat, one's own to come back by.
    for (const link of data.seats) {
      const me = data.me.includes(link.seat);
      if (me) remember({ token: link.token, game: g.title, seat: link.seat });
      links.append(linkItem(t(me ? "Seat {n} (you):" : "Seat {n}:", { n: link.seat + 1 }),
        me ? t("your own seat: open it to play; keep the link to come back")
          : t("send it to one player (in a chat message): whoever opens it plays this seat"),
        link.url, me ? "my-seat" : "join-link"));
    }
    links.append(linkItem(t("Spectators:"), t("anyone with this link may watch, not play"),
      data.spectate, "watch-link"));
    $("created").hidden = false;
    listMine();
  }

  function linkItem(label, what, url, kind) {
    const li = el("li", { class: "seat-link" });
    li.append(el("strong", {}, label + " "), el("span", { class: "dim small" }, what));
    const row = el("div", { class: "link-row" });
    row.append(el("a", { href: url, class: kind }, url));
    const copy = el("button", { type: "button", class: "copy" }, t("Copy link"));
    copy.addEventListener("click", () => copyLink(url, copy));
    row.append(copy);
    if (navigator.share) {
      const share = el("button", { type: "button", class: "share" }, t("Share"));
      share.addEventListener("click", () => navigator.share({ url }).catch(() => {}));
      row.append(share);
    }
    li.append(row);
    return li;
  }

  async function copyLink(url, button) {
    try {
      await navigator.clipboard.writeText(url);
    } catch (e) { // no clipboard API (a page not served over HTTPS): copy from a selection
      const box = el("textarea", { readonly: "" });
      box.value = url;
      document.body.append(box);
      box.select();
      document.execCommand("copy");
      box.remove();
    }
    button.textContent = t("Copied");
    setTimeout(() => { button.textContent = t("Copy link"); }, 2000);
  }

  async function take(event) {
    const button = event.target.closest(".take");
    if (!button) return;
    const response = await fetch(`/api/games/${button.dataset.game}/take`, { method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: $("name").value || null }) });
    const data = await response.json();
    if (!response.ok) { $("error").textContent = data.detail; return; }
    remember({ token: data.token, game: button.dataset.title,
      seat: data.seat });
    location.href = data.url;
  }

  function listMine() {
    const list = mine();
    const ul = $("mine");
    if (!list.length) return;
    ul.replaceChildren();
    for (const entry of list) {
      const li = el("li");
      li.append(el("a", { href: `/play/${entry.token}` }, t("{game} · seat {n}", { game: entry.game, n: entry.seat + 1 })));
      ul.append(li);
    }
  }

  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("create").addEventListener("submit", create);
  document.addEventListener("click", take);
  fillPlayers();
  listMine();
})();
