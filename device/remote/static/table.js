// Shared by the phone's and the watchers' page: the table's state drawn from the JSON the
// table sends (docs/observation.md), the same way for every game.
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

function cardText(code) {
  if (code === "BJ") return "Big \u2605";
  if (code === "LJ") return "Little \u2605";
  const rank = code[1] === "T" ? "10" : code[1];
  return rank + SUITS[code[0]];
}

function cardNode(code, tag) {
  const node = el(tag || "span", { class: "card", "data-card": code }, cardText(code));
  if (RED.has(code[0]) || code === "BJ") node.classList.add("red");
  return node;
}

function strainText(t) { return t === "N" ? "no trumps" : SUITS[t] || t; }

function nameOf(seat, me, names) {
  if (seat === me) return "you";
  return names && names[seat] ? names[seat] + " (" + seat + ")" : seat;
}

function actionText(a) {
  switch (a.type) {
    case "play": return cardText(a.card);
    case "pass": return "Pass";
    case "bid": {
      if (a.call != null) return a.call.length === 2 && SUITS[a.call[0]] ? cardText(a.call) : a.call[0].toUpperCase() + a.call.slice(1);
      if (a.tricks != null) return String(a.tricks);
      return [a.level, a.mode].filter((x) => x != null).join(" ");
    }
    case "declare": return [a.trump != null ? strainText(a.trump) : null, a.order].filter((x) => x != null).join(", ");
    case "exchange": return "Lay away " + a.discard.map(cardText).join(" ");
    default: return a.type;
  }
}

function header(o, me, names) {
  const c = o.contract;
  // trumps are named once the hand's contract (or a turned card) settles them
  const bits = [o.game];
  if (c || o.trump_card || o.phase === "play") bits.push("trumps " + strainText(o.trump));
  if (o.order !== "uptown") bits.push(o.order);
  if (c && (c.call || c.declarer)) bits.push([c.call, c.declarer ? "by " + nameOf(c.declarer, me, names) : ""].filter(Boolean).join(" "));
  if (o.trump_card) bits.push("turned " + cardText(o.trump_card));
  return bits.join(" \u00b7 ");
}

function trickBox(o, me, names) {
  const box = el("div", { class: "trick" });
  let trick = o.trick, title = "";
  if (!trick.cards.length && o.tricks.length) { trick = o.tricks[o.tricks.length - 1]; title = "last trick, won by " + nameOf(trick.winner, me, names); }
  const ring = trick.ring || ringFrom(o.seats, trick.leader);
  trick.cards.forEach((code, i) => {
    box.append(el("div", { class: "play" }, cardNode(code), el("span", { class: "who" }, nameOf(ring[i % ring.length], me, names))));
  });
  return [box, title];
}

function ringFrom(seats, leader) {
  const i = Math.max(0, seats.indexOf(leader));
  return seats.slice(i).concat(seats.slice(0, i));
}

function scoreTable(o, me, names) {
  const t = el("table");
  const sides = o.scores ? Object.keys(o.scores.game) : [];
  if (sides.length) {
    t.append(el("tr", {}, el("th", {}, "score"), ...sides.map((s) => el("th", {}, s.length === 2 ? s : nameOf(s, me, names)))));
    t.append(el("tr", {}, el("td", {}, "game"), ...sides.map((s) => el("td", {}, String(o.scores.game[s])))));
    if (o.scores.games_won) t.append(el("tr", {}, el("td", {}, "games"), ...sides.map((s) => el("td", {}, String(o.scores.games_won[s])))));
  }
  t.append(el("tr", {}, el("th", {}, "tricks"), ...o.seats.map((s) => el("th", {}, nameOf(s, me, names)))));
  t.append(el("tr", {}, el("td", {}, "won"), ...o.seats.map((s) => el("td", {}, String(o.won[s])))));
  if (o.bids) t.append(el("tr", {}, el("td", {}, "bid"), ...o.seats.map((s) => el("td", {}, o.bids[s] != null ? String(o.bids[s]) : "-"))));
  return t;
}

function auctionLine(o, me, names) {
  return o.auction.map((a) => nameOf(a.seat, me, names) + ": " + actionText(a).toLowerCase()).join(", ");
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
