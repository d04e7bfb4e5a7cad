// The watchers' page: the trick, the scores and the auction; no hands until the hand is over.
"use strict";
connect("/ws/watch", null, (msg) => {
  const o = msg.view, w = msg.words;
  fill("title", w.title);
  fill("facts", w.facts);
  fill("status", statusText(o, msg));
  const [trick, title] = trickBox(o, msg);
  fill("trick", trick);
  fill("trick-title", title);
  fill("scores", scoreTable(o, msg));
  fill("auction", w.auction);
  const hands = Object.entries(o.hands || {}).map(([seat, cards]) => el("div", {}, el("div", { class: "small" }, who(seat, msg)),
    el("div", { class: "row" }, ...cards.map((c) => cardNode(c)))));
  document.getElementById("hands-box").hidden = hands.length === 0;
  fill("hands", ...hands);
}, () => {});
