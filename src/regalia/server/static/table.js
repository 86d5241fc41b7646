// The table: clicks on the board or the action list make moves; server-sent events tell when
// the game changed, and the table's body is fetched again (rendered on the server).
"use strict";
(function () {
  const table = document.getElementById("table");
  const token = table.dataset.token;
  const game = table.dataset.game;
  const boardUrl = token ? `/play/${token}/board` : `/watch/${game}/board`;
  let busy = false;
  // Words from the server's catalog in the page's language (the page embeds them: #messages).
  const MESSAGES = JSON.parse((document.getElementById("messages") || {}).textContent || "{}");
  function t(message, fields) {
    const text = MESSAGES[message] || message;
    return text.replace(/\{(\w+)\}/g, (whole, name) =>
      fields && name in fields ? String(fields[name]) : whole);
  }

  function body() { return document.getElementById("body"); }
  function showError(text) { document.getElementById("error").textContent = text || ""; }

  if (token) {
    // A seat link opened here is this browser's seat: the lobby lists it under "your games".
    try {
      const list = JSON.parse(localStorage.getItem("regalia.seats") || "[]");
      if (!list.some((e) => e.token === token)) {
        list.unshift({ token, game: table.dataset.title, seat: Number(table.dataset.seat) });
        localStorage.setItem("regalia.seats", JSON.stringify(list.slice(0, 50)));
        fetch("/api/seat/join", { method: "POST", headers: { "X-Seat-Token": token,
          "Content-Type": "application/json" }, body: "{}" });
      }
    } catch (e) { /* private browsing: no storage, the link still works */ }
  }

  async function refresh() {
    const response = await fetch(boardUrl, { cache: "no-store" });
    if (!response.ok) return;
    const html = await response.text();
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const fresh = holder.querySelector("#body");
    if (fresh) {
      body().replaceWith(fresh);
      if (window.regaliaBoard) window.regaliaBoard.layout();
      showKey(); tick();
    }
  }

  // The key under the board stays as its reader left it across the table's updates: open at
  // first on a desktop's screen, one tap away on a phone's.
  // So does the whole table's picture under a desktop's board (closed at first).
  let keyOpen = window.matchMedia("(min-width: 900px)").matches;
  let wholeOpen = false;
  function showKey() {
    const key = document.getElementById("key");
    if (key) key.open = keyOpen;
    const whole = document.getElementById("whole");
    if (whole) whole.open = wholeOpen;
  }
  document.addEventListener("toggle", (event) => {
    if (event.target.id === "key") keyOpen = event.target.open;
    if (event.target.id === "whole") wholeOpen = event.target.open;
  }, true);
  showKey();

  async function post(path, payload) {
    const response = await fetch(path, { method: "POST", headers: { "X-Seat-Token": token,
      "Content-Type": "application/json" }, body: JSON.stringify(payload) });
    if (!response.ok) {
      const data = await response.json().catch(() => ({ detail: t("the server did not answer") }));
      showError(data.detail);
      return false;
    }
    return true;
  }

  async function act(action) {
    if (busy) return;
    busy = true;
    try {
      const turn = Number(body().dataset.decisions);
      const ok = await post("/api/seat/act", { action, turn });
      const error = document.getElementById("error").textContent;
      await refresh();
      if (!ok) showError(error);
    } finally { busy = false; }
    if (again) update();
  }

  // The hint: the server thinks (a second or so) and answers the top three; each line is
  // the action's button, so a hint is one click from a move.
  async function showHints() {
    const button = document.getElementById("hint");
    const list = document.getElementById("hints");
    if (!button || !list) return;
    button.disabled = true;
    button.textContent = t("Thinking…");
    try {
      const response = await fetch("/api/seat/hint", { method: "POST",
        headers: { "X-Seat-Token": token } });
      const data = await response.json().catch(() => ({ detail: t("the server did not answer") }));
      if (!response.ok) { showError(data.detail); return; }
      list.replaceChildren(...data.hints.map((h) => {
        const li = document.createElement("li");
        const act = document.createElement("button");
        act.className = "act";
        act.dataset.action = h.action;
        act.textContent = h.description;
        const figures = document.createElement("span");
        figures.className = "dim";
        figures.textContent = " " + t(
          "{share}% of the search · estimated win chance {win}% · expected place {place}",
          { share: Math.round(100 * h.share), win: Math.round(100 * h.win_chance),
            place: h.expected_place.toFixed(1) });
        li.append(act, figures);
        return li;
      }));
      list.hidden = false;
    } finally {
      const still = document.getElementById("hint");
      if (still) { still.disabled = false; still.textContent = t("Hint"); }
    }
  }

  // One click on the board may mean several actions (joined with "|"): then only those stay
  // in the list below, to pick from.
  function choose(actions) {
    const buttons = [...document.querySelectorAll("#actions li")];
    if (actions.length === 1) { act(actions[0]); return; }
    for (const li of buttons) {
      li.classList.toggle("hidden", !actions.includes(li.firstChild.dataset.action));
    }
    const note = document.getElementById("filter-note");
    if (note) note.hidden = false;
    // On a phone the list is below a tall board: bring the narrowed list to the finger.
    const list = document.getElementById("actions");
    if (list && list.getBoundingClientRect().top > window.innerHeight) {
      list.scrollIntoView({ block: "start" });
    }
  }

  // A long press (touch, or a held mouse button) on an action or a board component shows the
  // texts of the cards and spaces it names, as hovering shows its title; it then plays nothing.
  let pressTimer = null;
  let pressed = false;
  // On the board every card, tile, room and space that has a text carries it in its
  // <title>, a move now or not: the nearest one around the finger is shown.
  function aboutOf(element) {
    const button = element.closest("button.act");
    if (button) return button.dataset.about || "";
    for (let at = element; at && at.closest("#board svg") && at.tagName.toLowerCase() !== "svg";
      at = at.parentElement) {
      const title = at.querySelector(":scope > title");
      if (title) return title.textContent;
    }
    return "";
  }
  function showAbout(text, hover) {
    let box = document.getElementById("about");
    if (!box) {
      box = document.createElement("div");
      box.id = "about";
      box.setAttribute("role", "tooltip");
      document.body.appendChild(box);
    }
    box.textContent = text;
    box.classList.toggle("hover", Boolean(hover));  // a hover's box lets clicks through
    box.hidden = false;
  }
  document.addEventListener("pointerdown", (event) => {
    pressed = false;
    clearTimeout(pressTimer);
    const text = aboutOf(event.target);
    if (text) pressTimer = setTimeout(() => { pressed = true; showAbout(text); }, 500);
  });
  for (const type of ["pointerup", "pointercancel", "scroll"]) {
    document.addEventListener(type, () => clearTimeout(pressTimer), true);
  }
  // A mouse resting on an action or a target shows the same box (the title shows it too,
  // but late and small); leaving for anything without a text hides it.
  let hoverTimer = null;
  document.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse" || event.target.closest("#about")) return;
    clearTimeout(hoverTimer);
    const text = aboutOf(event.target);
    const box = document.getElementById("about");
    if (text) hoverTimer = setTimeout(() => showAbout(text, true), 400);
    else if (box) box.hidden = true;
  });
  document.addEventListener("contextmenu", (event) => {
    if (aboutOf(event.target)) event.preventDefault();  // the long press is ours, not a menu
  });

  document.addEventListener("click", (event) => {
    const box = document.getElementById("about");
    if (box && !box.hidden && !pressed) box.hidden = true;
    if (pressed) { pressed = false; event.preventDefault(); return; }
    if (!token) return;
    const button = event.target.closest("button.act");
    if (button) { act(button.dataset.action); return; }
    if (event.target.closest("#hand-over")) {
      post("/api/seat/bot", { bot: "easy" }).then(refresh); return;
    }
    if (event.target.closest("#rematch")) {
      fetch("/api/seat/rematch", { method: "POST", headers: { "X-Seat-Token": token } })
        .then((r) => r.json().then((data) => {
          if (!r.ok) { showError(data.detail); return; }
          location.href = data.url;
        }));
      return;
    }
    if (event.target.closest("#hint")) { showHints(); return; }
    if (event.target.closest("#take-back")) {
      post("/api/seat/bot", { bot: null }).then(refresh); return;
    }
    const target = event.target.closest("#board [data-action]");
    if (target) {
      const legal = new Set([...document.querySelectorAll("button.act")].map((b) => b.dataset.action));
      const actions = target.getAttribute("data-action").split("|").filter((a) => legal.has(a));
      if (actions.length) choose(actions);
    }
  });

  // Every change of the game (a move, a seat taken) fetches the table again; changes that
  // come while a refresh is on its way are folded into one more refresh after it.
  let refreshing = false;
  let again = false;
  async function update() {
    if (refreshing) { again = true; return; }
    refreshing = true;
    try {
      do { again = false; await refresh(); } while (again);
    } finally { refreshing = false; }
  }
  // The clocks, counted down here; the server keeps the time. A per-move clock has one
  // deadline; a time bank is the seconds left when the seat's turn began (data-since).
  function duration(seconds) {
    const left = Math.max(0, Math.round(seconds));
    const h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    return (h ? t("{h} h", { h }) + " " : "") + (h || m ? t("{m} min", { m }) + " " : "") +
      t("{s} s", { s });
  }
  function tick() {
    const now = Date.now() / 1000;
    const clock = document.getElementById("clock");
    if (clock) clock.textContent = duration(Number(clock.dataset.deadline) - now);
    for (const bank of document.querySelectorAll(".bank")) {
      const since = bank.dataset.since ? Number(bank.dataset.since) : now;
      bank.textContent = duration(Number(bank.dataset.left) - (now - since));
      bank.classList.toggle("running", Boolean(bank.dataset.since));
    }
  }
  setInterval(tick, 1000);
  tick();

  const events = new EventSource(`/events/${game}`);
  events.addEventListener("update", () => { if (!busy) update(); else again = true; });
})();
