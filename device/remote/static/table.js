// Shared by the phone's and the watchers' page: the table's state drawn from the JSON the
// table sends (docs/observation.md) and the words it sends with it, the same way for every game.
"use strict";
const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const RED = new Set(["H", "D"]);

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("data-")) node.setAttribute(k, v);
    else node[k] = v;
  }
  for (const kid of kids) node.append(kid);
  return node;
}

// a card's face: suit then rank (docs/vocabulary.md), the jokers by their codes
function cardText(code) {
  if (!SUITS[code[0]]) return code;
  return SUITS[code[0]] + (code[1] === "T" ? "10" : code[1]);
}

function cardNode(code, tag) {
  const node = el(tag || "span", { class: "card", "data-card": code }, cardText(code));
  if (RED.has(code[0]) || code === "BJ") node.classList.add("red");
  return node;
}

// a seat in the table's words (sent with each message); a phone's name beside the word on a
// phone's page, in its place on the watchers' (docs/vocabulary.md: a name replaces the word)
function who(seat, msg) {
  const word = msg.words.seats[seat];
  const name = msg.names && msg.names[seat];
  if (!name || seat === msg.seat) return word;
  return msg.seat ? name + " (" + word + ")" : name;
}

// whose turn: the table's sentence, or a phone's name before what it is to do
function statusText(o, msg) {
  const named = o.turn != null && o.phase !== "over" && o.turn !== msg.seat && msg.names && msg.names[o.turn];
  return named ? who(o.turn, msg) + " " + msg.words.doing : msg.words.status;
}

function trickBox(o, msg) {
  const box = el("div", { class: "trick" });
  let trick = o.trick, title = "";
  if (!trick.cards.length && o.tricks.length) { trick = o.tricks[o.tricks.length - 1]; title = "last trick, won by " + who(trick.winner, msg); }
  const ring = trick.ring || ringFrom(o.seats, trick.leader);
  trick.cards.forEach((code, i) => {
    box.append(el("div", { class: "play" }, cardNode(code), el("span", { class: "who" }, who(ring[i % ring.length], msg))));
  });
  return [box, title];
}

function ringFrom(seats, leader) {
  const i = Math.max(0, seats.indexOf(leader));
  return seats.slice(i).concat(seats.slice(0, i));
}

function scoreTable(o, msg) {
  const t = el("table");
  const sides = o.scores ? Object.keys(o.scores.game) : [];
  if (sides.length) {
    t.append(el("tr", {}, el("th", {}, "score"), ...sides.map((s) => el("th", { "data-side": s }, msg.words.sides[s]))));
    t.append(el("tr", {}, el("td", {}, "game"), ...sides.map((s) => el("td", { "data-side": s }, String(o.scores.game[s])))));
    if (o.scores.games_won) t.append(el("tr", {}, el("td", {}, "games"), ...sides.map((s) => el("td", {}, String(o.scores.games_won[s])))));
  }
  t.append(el("tr", {}, el("th", {}, "tricks"), ...o.seats.map((s) => el("th", {}, who(s, msg)))));
  t.append(el("tr", {}, el("td", {}, "won"), ...o.seats.map((s) => el("td", {}, String(o.won[s])))));
  if (o.bids) t.append(el("tr", {}, el("td", {}, "bids"), ...o.seats.map((s) => el("td", {}, o.bids[s] != null ? String(o.bids[s]) : "\u2013"))));
  return t;
}

function fill(id, ...kids) {
  const node = document.getElementById(id);
  node.replaceChildren(...kids);
  return node;
}

function connect(path, first, onMessage, onState) {
  let delay = 500;
  function open() {
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + path);
    ws.onopen = () => { delay = 500; onState(true); if (first) ws.send(JSON.stringify(first())); };
    ws.onmessage = (ev) => onMessage(JSON.parse(ev.data), ws);
    ws.onclose = () => { onState(false); if (!ws.stopped) setTimeout(open, delay); delay = Math.min(5000, delay * 2); };
    window.socket = ws;
  }
  open();
}
