// The served page's script (FollowPage writes it into the page; the build embeds this file in
// vmsh, so the page stays one self-contained file). It follows `/follow` and lays each message
// (FeedMessage in Sources/SessionWire) out as `export html` lays out a lesson (MarblePage):
// consecutive lines of one kind in one block, narration set apart, each diagram a numbered figure
// in place of its text drawing, a repeated one a reference. Text goes in as text, never as markup;
// a diagram is an image (a `data:` URL), inert; long output is folded as there. It keeps the view
// at the newest line while the student is there, and leaves it alone while they read further up.
// A lost connection (or a full class) is tried again; the history comes whole each time, so the
// page starts afresh.
"use strict";
const feed = document.getElementById("feed"), live = document.getElementById("live");
const heading = document.querySelector("h1");
const groups = {command: 0, comment: 1, narration: 2, output: 3, error: 3};
let block = null, group = -1, lines = new Map(), drawn = [], clock = "", status = "", retries = 0, received = 0;

function reset() {
  feed.replaceChildren();
  block = null; group = -1; lines = new Map(); drawn = []; clock = ""; received = 0;
  heading.textContent = document.title = "vmsh session";
}

function say(text, off) {
  status = text;
  live.textContent = clock ? text + " · clock " + clock : text;
  live.className = off ? "off" : "";
}

// As on the exported page: an output block past foldAfter lines shows its first
// shownOfFolded, the rest folded. The page writes MarblePage's own numbers on its body.
const foldAfter = Number(document.body.dataset.foldAfter), shownOfFolded = Number(document.body.dataset.shownOfFolded);

function appendLine(pre, element) {
  element.block = pre;
  const target = pre.fold ? pre.fold.inner : pre;
  if (target.firstChild) target.append("\n");
  target.append(element);
  if (pre.fold) pre.fold.summary.textContent = pre.fold.inner.children.length + " more lines";
  else if (pre.className === "output" && pre.children.length > foldAfter) layout(pre);
}

// Lays a block's lines out again, folded or not, after lines were added or taken out.
function layout(pre) {
  const spans = [...pre.children, ...(pre.fold ? pre.fold.inner.children : [])];
  const folds = pre.className === "output" && spans.length > foldAfter;
  const shown = folds ? shownOfFolded : spans.length;
  pre.replaceChildren();
  spans.slice(0, shown).forEach((span, i) => { if (i) pre.append("\n"); pre.append(span); });
  if (!folds) {
    if (pre.fold) { pre.fold.details.remove(); pre.fold = null; }
    return;
  }
  if (!pre.fold) {
    const details = document.createElement("details"), summary = document.createElement("summary");
    const inner = document.createElement("pre");
    inner.className = "output";
    details.append(summary, inner);
    pre.after(details);
    pre.fold = {details, summary, inner};
  }
  pre.fold.inner.replaceChildren();
  spans.slice(shown).forEach((span, i) => { if (i) pre.fold.inner.append("\n"); pre.fold.inner.append(span); });
  pre.fold.summary.textContent = (spans.length - shown) + " more lines";
}

function removeLine(element) {
  const pre = element.block;
  element.remove();
  if (!pre) return;
  if (pre.querySelector("span") || (pre.fold && pre.fold.inner.querySelector("span"))) return layout(pre);
  if (pre.fold) pre.fold.details.remove();
  pre.remove();
  if (block === pre) { block = null; group = -1; }
}

function line(m) {
  // As on the exported page: a first line that is a comment is the title.
  if (m.n === 0 && m.kind === "comment") {
    const title = m.text.replace(/^[#\s]+/, "");
    if (title) { heading.textContent = document.title = title; return; }
  }
  if (m.n !== undefined && lines.has(m.n)) removeLine(lines.get(m.n));
  let element;
  if (m.kind === "narration") {
    element = document.createElement("p");
    element.className = "narration";
    feed.append(element);
    block = null; group = 2;
  } else {
    const g = groups[m.kind] ?? 3;
    if (!block || group !== g) {
      block = document.createElement("pre");
      block.className = g === 3 ? "output" : m.kind;
      feed.append(block);
      group = g;
    }
    element = document.createElement("span");
    if (m.kind === "error") element.className = "error";
    appendLine(block, element);
  }
  element.textContent = m.text;
  if (m.n !== undefined) lines.set(m.n, element);
}

function figure(m) {
  if (m.lines) {
    for (let n = m.lines[0]; n < m.lines[1]; n++) {
      if (lines.has(n)) { removeLine(lines.get(n)); lines.delete(n); }
    }
  }
  block = null; group = -1;
  const earlier = drawn.findIndex(svg => svg === m.svg);
  if (earlier >= 0) {
    const same = document.createElement("p");
    same.className = "same";
    same.textContent = "The same diagram as figure " + (earlier + 1) + " (" + m.caption + ").";
    feed.append(same);
    return;
  }
  drawn.push(m.svg);
  const element = document.createElement("figure");
  element.id = "figure-" + drawn.length;
  const caption = document.createElement("figcaption"), number = document.createElement("span");
  const code = document.createElement("code");
  number.className = "number";
  number.textContent = "Figure " + drawn.length + ".";
  code.textContent = m.caption;
  caption.append(number, " " + m.title + " ", code);
  // An image, not the page's own markup: nothing in a diagram can run or reach the page.
  const picture = document.createElement("img");
  picture.alt = m.title;
  picture.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(m.svg);
  element.append(caption, picture);
  feed.append(element);
}

function note(className, text) {
  const element = document.createElement("p");
  element.className = className;
  element.textContent = text;
  feed.append(element);
  block = null; group = -1;
}

function show(m) {
  received++;
  switch (m.kind) {
    case "figure": return figure(m);
    case "rewind": return note("rewind", "⟲ " + m.text + ": the session goes on from there.");
    case "missed": return note("missed", "The session's first " + m.count + " messages are no longer kept here.");
    case "clock": clock = m.text; return say(status, live.className === "off");
    default: return line(m);
  }
}

function follow() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const socket = new WebSocket(scheme + location.host + "/follow" + location.search);
  socket.onopen = () => { retries = 0; reset(); say("following the session live"); };
  socket.onmessage = event => {
    const atEnd = innerHeight + scrollY >= document.documentElement.scrollHeight - 40;
    for (const text of event.data.split("\n")) if (text) show(JSON.parse(text));
    document.body.dataset.received = received;
    if (atEnd) scrollTo(0, document.documentElement.scrollHeight);
  };
  socket.onclose = event => {
    const ended = event.code === 1000 || event.code === 1001;
    say(ended ? (event.reason || "the session ended") + "; this page follows again if it comes back"
              : event.code === 1013 ? event.reason : "the connection was lost; trying again", true);
    setTimeout(follow, ended ? 5000 : Math.min(1000 * 2 ** retries++, 10000));
  };
}

follow();
