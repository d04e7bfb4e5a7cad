// The watchers' page: the trick, the scores and the auction; no hands until the hand is over.
"use strict";
connect("/ws/watch", null, (msg) => {
  const o = msg.view, names = msg.names;
  fill("facts", header(o, null, names));
  fill("status", o.phase === "over" ? "The hand is over" : o.turn == null ? "" : nameOf(o.turn, null, names) + " to play");
  const [trick, title] = trickBox(o, null, names);
  fill("trick", trick);
  fill("trick-title", title);
  fill("scores", scoreTable(o, null, names));
  fill("auction", auctionLine(o, null, names));
  const hands = Object.entries(o.hands || {}).map(([seat, cards]) => el("div", {}, el("div", { class: "small" }, nameOf(seat, null, names)),
    el("div", { class: "row" }, ...cards.map((c) => cardNode(c)))));
  document.getElementById("hands-box").hidden = hands.length === 0;
  fill("hands", ...hands);
}, () => {});
