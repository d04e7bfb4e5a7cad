// A drive's standings for the hall's projector: the round, each table's progress, the
// leaderboard and the moves, as the hub publishes them.
"use strict";
connect("/ws/watch", null, (msg) => {
  const b = msg.view;
  fill("title", "Drive " + b.drive);
  fill("status", b.finished ? "The drive is over" : "Round " + b.round + " of " + b.rounds +
    " \u00b7 " + b.counted + " hands counted" + (b.waiting ? " \u00b7 " + b.waiting + " waiting for an earlier round" : ""));
  fill("tables", ...b.tables.map((t) => el("div", { class: "card" + (t.online ? "" : " red") },
    "Table " + t.table + ": " + t.hands + "/" + t.of + (t.online ? "" : " (offline)"))));
  const rows = b.leaderboard.map(([place, player, total, hands]) => el("tr", {}, el("td", {}, place ? String(place) : "\u2013"),
    el("td", {}, player), el("td", {}, String(total)), el("td", {}, String(hands))));
  fill("leaders", el("table", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, "player"), el("th", {}, "total"),
    el("th", {}, "hands")), ...rows));
  document.getElementById("moves-box").hidden = b.moves.length === 0;
  fill("moves", el("table", {}, ...b.moves.map(([player, table, seat, to, toSeat]) => el("tr", {},
    el("td", {}, player), el("td", {}, "table " + table + " " + seat + " \u2192 table " + to + " " + toSeat)))));
}, () => {});
