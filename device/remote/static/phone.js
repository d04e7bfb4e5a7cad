// The phone's seat: pair with the table's code, then draw the seat's observation and offer
// its legal actions as buttons; the table checks every action.
"use strict";
const KEY = "whist-table-seat";
let token = localStorage.getItem(KEY);
let picked = new Set();
let raised = null; // the card chosen by a first tap: a second tap plays it, a tap elsewhere lowers it
let last = null;
window.taps = []; // {action, at}: when each tap was sent (the browser test measures with it)

function show(id, on) { document.getElementById(id).hidden = !on; }

function pairing(message) {
  ["game-box", "steps-box", "hand-box", "trick-box", "piles-box", "score-box"].forEach((id) => show(id, false));
  show("pair-box", true);
  document.getElementById("pair-note").textContent = message || "";
  document.getElementById("name").value = localStorage.getItem(KEY + "-name") || "";
}

async function pair(code, name) {
  const answer = await fetch("/pair", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code: code, name: name }) });
  const data = await answer.json();
  if (!answer.ok) { pairing(data.error + (data.retry_after ? " (try again in " + Math.ceil(data.retry_after) + " s)" : "")); return; }
  token = data.token;
  localStorage.setItem(KEY, token);
  localStorage.setItem(KEY + "-name", name);
  history.replaceState(null, "", "/");
  show("pair-box", false);
  start();
}

function send(action) {
  window.taps.push({ action: action, at: performance.timeOrigin + performance.now() });
  window.socket.send(JSON.stringify({ type: "act", token: token, action: action }));
  document.querySelectorAll("#steps button, #hand button").forEach((b) => { b.disabled = true; });
}

function draw(msg) {
  const o = msg.observation, w = msg.words;
  last = msg;
  ["game-box", "hand-box", "trick-box", "score-box"].forEach((id) => show(id, true));
  fill("title", w.title);
  fill("facts", w.facts);
  const status = document.getElementById("status");
  status.className = o.legal.length > 0 || (o.discard || 0) > 0 ? "turn" : "";
  status.textContent = statusText(o, msg);
  fill("note", msg.refusal || "");
  fill("hand-title", w.hand);
  // the hand: a card is a button, lit when playing it is legal, or picked when cards are laid away
  const plays = new Map(o.legal.filter((a) => a.type === "play").map((a) => [a.card, a]));
  const laying = (o.discard || 0) > 0 && o.legal.length === 0;
  if (!laying) picked = new Set();
  if (!plays.has(raised)) raised = null;
  // a card is played by two taps, as on the table's screen: the first raises it, so a stray
  // tap on a phone plays nothing
  function choose(code) {
    if (raised === code) { raised = null; send(plays.get(code)); return; }
    raised = code;
    draw(last);
  }
  const hand = o.hand.map((code) => {
    const b = cardNode(code, "button");
    b.disabled = !(plays.has(code) || laying);
    if (picked.has(code)) b.classList.add("picked");
    if (raised === code) b.classList.add("raised");
    b.onclick = () => {
      if (laying) { picked.has(code) ? picked.delete(code) : picked.add(code); draw(last); return; }
      choose(code);
    };
    return b;
  });
  fill("hand", ...hand);
  // every other legal action (bids, passes, declarations, exchanges, a card from the table)
  const steps = o.legal.map((a, i) => [a, w.actions[i]]).filter(([a]) => a.type !== "play" || !o.hand.includes(a.card)).map(([a, said]) => {
    const b = a.type === "play" ? cardNode(a.card, "button") : el("button", { class: "step" }, said);
    b.setAttribute("data-type", a.type);
    if (a.type === "play" && raised === a.card) b.classList.add("raised");
    b.onclick = () => (a.type === "play" ? choose(a.card) : send(a));
    return b;
  });
  if (laying) {
    const b = el("button", { class: "step", id: "lay-away" }, "Lay away " + picked.size + " of " + o.discard);
    b.disabled = picked.size !== o.discard;
    b.setAttribute("data-type", "exchange");
    b.onclick = () => send({ type: "exchange", seat: o.seat, discard: Array.from(picked) });
    steps.push(b);
  }
  show("steps-box", steps.length > 0);
  fill("steps", ...steps);
  const [trick, title] = trickBox(o, msg);
  fill("trick", trick);
  fill("trick-title", title);
  const piles = Object.entries(o.piles).map(([name, cards]) => el("div", {}, el("div", { class: "small" }, w.piles[name]),
    el("div", { class: "row" }, ...cards.map((c) => cardNode(c)))));
  show("piles-box", piles.length > 0);
  fill("piles", ...piles);
  fill("scores", scoreTable(o, msg));
  fill("auction", w.auction);
}

// while the page is open and in sight it beats, so the table waits for a person thinking; out
// of sight it says so once, and the table's wait for it starts
let beating = null;
function beat() {
  if (window.socket && window.socket.readyState === WebSocket.OPEN && token) {
    window.socket.send(JSON.stringify({ type: "beat", token: token, visible: document.visibilityState === "visible" }));
  }
}
document.addEventListener("visibilitychange", beat);

function start() {
  connect("/ws", () => ({ type: "hello", token: token }), (msg, ws) => {
    if (msg.type === "state" && beating === null) {
      beating = setInterval(() => { if (document.visibilityState === "visible") beat(); }, msg.beat * 1000);
    }
    if (msg.type === "state") draw(msg);
    else if (msg.type === "refused") { if (last) draw(last); fill("note", msg.reason); } // buttons lit again
    else if (msg.type === "unpaired") { ws.stopped = true; localStorage.removeItem(KEY); token = null; pairing(msg.reason); }
  }, (open) => { if (!open && token) fill("note", "Connection lost: trying again\u2026"); else if (open) fill("note", ""); });
}

document.addEventListener("click", (ev) => {
  if (raised !== null && !ev.target.closest("button.card")) { raised = null; draw(last); }
});

document.getElementById("pair-form").onsubmit = (ev) => {
  ev.preventDefault();
  pair(document.getElementById("code").value.trim(), document.getElementById("name").value.trim());
};
const given = new URLSearchParams(location.search).get("code");
if (given) { pairing(""); document.getElementById("code").value = given; document.getElementById("name").focus(); }
else if (token) start();
else pairing("");
