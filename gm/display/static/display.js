// The table's view of gm: server-sent events in, taps out. EventSource reconnects by itself.
"use strict";

const $ = (id) => document.getElementById(id);
let listen = null; // the listen now open: {listen, offers, free, step}
let deadline = null; // performance.now() at which the players' time runs out
let votes = null; // the count tapped first, for a vote result in two taps

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, attrs || {});
  for (const child of children) node.append(child);
  return node;
}

function seatName(seat) { return "Player " + seat; }

function show(message) {
  const handler = { state, listen: opened, heard, decision, say, game_over: over }[message.type];
  if (handler) handler(message);
}

function state(message) {
  const s = message.state || {};
  if (message.title) $("game").textContent = message.title;
  $("phase").textContent = (s.phase || "").replace(/_/g, " ");
  $("round").textContent = s.round ? "Round " + s.round + (s.rounds ? " of " + s.rounds : "") : "";
  $("turn").textContent = s.active_seat ? seatName(s.active_seat) + "'s turn" : "";
  const topic = s.city ? s.city + ": " + (s.theme || "") : s.theme || s.question || "";
  $("topic").textContent = topic;
  const draw = { funocracy: funocracy, who_the_f: whoTheF, what_the_fake: whatTheFake }[message.game];
  $("board").replaceChildren(...(draw ? draw(s) : []));
}

function funocracy(s) {
  const tiles = (s.face_up || []).map((l) =>
    el("div", { className: "tile letter" }, el("b", {}, l.letter), el("small", {}, "★".repeat(l.stars))));
  const parts = [el("div", { className: "row letters" }, ...tiles),
    el("div", { className: "fact" }, "Pile: ", el("b", {}, String(s.pile_left ?? "")))];
  if (s.pending) {
    parts.push(el("div", { className: "fact" }, seatName(s.pending.seat) + ": ",
      el("b", {}, (s.pending.word || "").toUpperCase()), s.pending.letter ? " for " + s.pending.letter : ""));
  }
  parts.push(scoreTable(s.scores, (v) => v.reduce((a, b) => a + b, 0), "Stars"));
  return parts;
}

function whoTheF(s) {
  const facts = [["Tokens", s.tokens], ["Zigotos elected", s.elected], ["Questions", s.questions_used]];
  const parts = facts.filter(([, v]) => v !== null && v !== undefined).map(([k, v]) =>
    el("div", { className: "fact" }, k + ": ", el("b", {}, String(v))));
  if (s.places && s.places.length) {
    parts.push(el("div", { className: "fact" }, "Places: ", el("b", {}, s.places.join(", "))));
  }
  return parts;
}

function whatTheFake(s) {
  const parts = [];
  if (s.shouts) parts.push(el("div", { className: "fact" }, "Done: ", el("b", {}, String(s.shouts))));
  const seats = Object.keys(s.scores || {});
  if (seats.length) {
    const rows = seats.map((seat) => el("tr", {},
      el("td", {}, seat),
      el("td", {}, s.roles ? s.roles[seat] : "?"),
      el("td", {}, ((s.drawings || {})[seat] || []).join(", ")),
      el("td", {}, String(s.scores[seat]))));
    parts.push(el("table", { className: "scores" },
      el("tr", {}, el("th", {}, "Player"), el("th", {}, "Role"), el("th", {}, "Drawings"), el("th", {}, "Points")),
      ...rows));
  }
  return parts;
}

function scoreTable(scores, total, title) {
  const seats = Object.keys(scores || {});
  const rows = seats.map((seat) =>
    el("tr", {}, el("td", {}, seat), el("td", {}, String(total(scores[seat])))));
  return el("table", { className: "scores" }, el("tr", {}, el("th", {}, "Player"), el("th", {}, title)), ...rows);
}

function opened(message) {
  listen = message;
  votes = null;
  deadline = message.left === null ? null : performance.now() + message.left * 1000;
  $("clock").classList.toggle("held", message.step === "paused");
  if (message.step === "paused") $("clock").textContent = "Paused";
  else if (deadline === null) $("clock").textContent = "";
  drawTaps();
}

function heard(message) {
  $("heard").replaceChildren("Heard: ", el("b", {}, message.text || "(nothing it listens for)"),
    message.via === "tap" ? el("span", { className: "tapped" }, " (tapped)") : "");
  // gm stops the players' clock to act on a phrase it understood; the next listen brings the time
  // left. Talk it did not understand leaves the clock running, here as in gm.
  if (message.intent) deadline = null;
}

function decision(message) {
  if (!message.decision) return;
  const mark = message.kind === "undo" ? "Undone: " : message.accepted ? "Decided: " : "Refused: ";
  $("decision").replaceChildren(mark, el("b", {}, message.decision));
}

function say(message) { $("said").textContent = "gm: " + message.text; }

function over(message) {
  state({ game: null, state: message.state });
  const winners = message.winners || [];
  $("turn").textContent = winners.length ? "Winner: " + winners.map(seatName).join(", ") : "Game over";
  listen = null;
  drawTaps();
}

// -- taps ---------------------------------------------------------------------------------

function isVote(value) {
  return value && typeof value === "object" && Object.keys(value).sort().join() === "count,place";
}

function drawTaps() {
  const box = $("taps");
  box.replaceChildren();
  box.dataset.step = listen ? listen.step : "";
  box.dataset.listen = listen ? listen.listen : "";
  if (!listen || !listen.offers) return;
  const offers = listen.offers;
  const pairs = offers.filter((o) => isVote(o.value));
  const single = (o) => !o.command && !isVote(o.value) &&
    !(o.value && typeof o.value === "object" && Object.keys(o.value).length > 1);
  if (pairs.length) box.append(...voteTaps(pairs), el("h3", {}, "Or"));
  for (const offer of offers.filter(single)) box.append(tapButton(offer.phrase, offer.phrase));
  if (listen.free) {
    const input = el("input", { type: "text", maxLength: 64, placeholder: "type the answer" });
    const send = el("button", { className: "send" }, "Send");
    send.onclick = () => input.value.trim() && tap(input.value.trim());
    box.append(el("h3", {}, "Or type it"), input, send);
  }
  const commands = offers.filter((o) => o.command);
  if (commands.length) box.append(el("h3", {}, "At any time"));
  for (const offer of commands) box.append(tapButton(offer.command, offer.phrase, "command"));
}

function voteTaps(pairs) {
  const counts = [...new Set(pairs.map((o) => o.value.count))].sort((a, b) => a - b);
  const parts = [el("h3", {}, votes === null ? "Votes" : votes + " votes for number")];
  if (votes === null) {
    for (const count of counts) {
      const button = el("button", { className: "count" }, String(count));
      button.onclick = () => { votes = count; drawTaps(); };
      parts.push(button);
    }
  } else {
    for (const o of pairs.filter((p) => p.value.count === votes)) {
      parts.push(tapButton(String(o.value.place), o.phrase, "place"));
    }
    const back = el("button", { className: "command" }, "Back");
    back.onclick = () => { votes = null; drawTaps(); };
    parts.push(back);
  }
  return parts;
}

function tapButton(label, phrase, kind) {
  const button = el("button", { className: kind || "choice" }, label);
  button.dataset.phrase = phrase;
  button.onclick = () => tap(phrase);
  return button;
}

async function tap(phrase) {
  if (!listen) return;
  const response = await fetch("/tap", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ listen: listen.listen, phrase }),
  });
  if (response.status !== 202) {
    $("taps").append(el("div", { className: "note" }, "Too late: gm has moved on."));
  }
}

// -- the countdown, counted here from the time left that gm sent ----------------------------

function tick() {
  if (deadline !== null) {
    const left = Math.max(0, (deadline - performance.now()) / 1000);
    $("clock").textContent = (Math.ceil(left * 10) / 10).toFixed(1); // 0.0 when time is up
    $("clock").classList.toggle("low", left <= 10);
  }
}

function connect() {
  const source = new EventSource("/events");
  source.onopen = () => $("link").classList.remove("lost");
  source.onerror = () => $("link").classList.add("lost");
  source.onmessage = (e) => show(JSON.parse(e.data));
}

connect();
setInterval(tick, 20);
