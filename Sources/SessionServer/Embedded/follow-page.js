// The served page's script (FollowPage writes it into the page; the build embeds this file in
// vmsh, so the page stays one self-contained file). It follows `/follow` and lays each message
// (FeedMessage in Sources/SessionWire) out as `export html` lays out a lesson (MarblePage):
// consecutive lines of one kind in one block, narration set apart, each diagram a numbered figure
// in place of its text drawing, a repeated one a reference. Text goes in as text, never as markup;
// a diagram is an image (a `data:` URL), inert; long output is folded as there. It keeps the view
// at the newest line while the student is there, and leaves it alone while they read further up.
// A lost connection (or a full class) is tried again; the history comes whole each time, so the
// page starts afresh. It keeps every message, so a student can look back: the page drawn again
// from the first message up to a command or a `say`, then live again (below the questions' part).
"use strict";
const feed = document.getElementById("feed"), live = document.getElementById("live");
const heading = document.querySelector("h1");
const groups = {command: 0, comment: 1, narration: 2, output: 3, error: 3};
let block = null, group = -1, lines = new Map(), drawn = [], clock = "", status = "", retries = 0, received = 0;
// Every message of the session so far; `upTo` is how many are drawn while looking back (null: live).
// `pausedAt`: how many were drawn when the student paused the live log (null: not paused), so
// that a reader (or a screen reader) can stop the updates and take them all on resuming.
let messages = [], upTo = null, socket = null, pausedAt = null;

function reset() {
  messages = []; upTo = null; pausedAt = null; clock = ""; received = 0;
  clear();
}

// Empties the page, to draw it again (from the start, or up to where the student looks back).
function clear() {
  feed.replaceChildren();
  block = null; group = -1; lines = new Map(); drawn = []; questions = new Map(); openQuestion = null;
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
  // Its size before it loads, so the page does not grow under a reader who has reached the end.
  const size = /<svg[^>]*\swidth="(\d+)"[^>]*\sheight="(\d+)"/.exec(m.svg);
  if (size) { picture.width = Number(size[1]); picture.height = Number(size[2]); }
  picture.onload = () => { if (following && upTo === null) toEnd(); };
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
  switch (m.kind) {
    case "figure": return figure(m);
    case "rewind": return note("rewind", "⟲ " + m.text + ": the session goes on from there.");
    case "missed": return note("missed", "The session's first " + m.count + " messages are no longer kept here.");
    case "clock": clock = m.text; return say(status, live.className === "off");
    case "title": heading.textContent = document.title = m.text; return;
    case "question": return question(m);
    case "answers": return answers(m);
    default: return line(m);
  }
}

// A message from the feed: kept, and drawn unless the student is looking back. What is said to
// this page alone (its answer taken or refused) is not the session's, and is not kept.
function take(m) {
  received++;
  if (m.kind === "received" || m.kind === "refused") return told(m);
  if (m.kind === "forked") return forked(m);
  if (m.kind === "voter") return kept(m.id);
  messages.push(m);
  if (upTo === null && pausedAt === null) show(m);
  else if (upTo === null) pauserSays();
  else lookBar();
}

// The pause button, one for the page's life (a student's focus stays on it as lines arrive).
const pauser = document.createElement("button"), where = document.createElement("span");
pauser.id = "pause"; pauser.onclick = () => pause();
function pauserSays() {
  const waiting = pausedAt === null ? 0 : messages.length - pausedAt;
  pauser.textContent = pausedAt === null ? "pause" : "resume (" + waiting + " new line" + (waiting === 1 ? ")" : "s)");
  pauser.setAttribute("aria-pressed", pausedAt === null ? "false" : "true");
}

// Pause (WCAG 2.2.2): the live log holds still while messages go on arriving; resuming draws
// every one of them, in order, and follows live again.
function pause() {
  if (upTo !== null) return;
  const focused = document.activeElement === pauser;
  if (pausedAt === null) {
    pausedAt = messages.length;
  } else {
    messages.slice(pausedAt).forEach(show);
    pausedAt = null;
    following = true;
    toEnd();
  }
  feed.setAttribute("aria-busy", pausedAt === null ? "false" : "true");
  lookBar();
  if (focused) pauser.focus();
}

// Whether the reader follows the newest line: true until they scroll up to read, again once they
// scroll back to the end. Kept apart from where the page stands, which grows between messages.
let following = true;
const atEnd = () => innerHeight + scrollY >= document.documentElement.scrollHeight - 40;
const toEnd = () => scrollTo(0, document.documentElement.scrollHeight);
addEventListener("scroll", () => { following = atEnd(); });

function follow() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  // The id the server gave this tab, if it gave one: the same student again, whose answer and
  // fork are kept (a page that reconnects in a loop is refused, and waits longer each time).
  const voter = sessionStorage.getItem("vmsh-voter");
  socket = new WebSocket(scheme + location.host + "/follow" + location.search
    + (voter ? "&voter=" + encodeURIComponent(voter) : ""));
  socket.onopen = () => { retries = 0; reset(); lookBar(); say("following the session live"); };
  socket.onmessage = event => {
    for (const text of event.data.split("\n")) if (text) take(JSON.parse(text));
    document.body.dataset.received = received;
    if (following && upTo === null) toEnd();
  };
  socket.onclose = event => {
    const ended = event.code === 1000 || event.code === 1001;
    say(ended ? (event.reason || "the session ended") + "; this page follows again if it comes back"
              : event.code === 1013 ? event.reason : "the connection was lost; trying again", true);
    setTimeout(follow, ended ? 5000 : Math.min(1000 * 2 ** retries++, 10000));
  };
}

// The class's questions. Each question is a box: its text, and while it is open and the page is
// live, an answer box (a marble string is checked as it is typed, in expect-marbles' notation) or
// the choices; once it closes, how the class answered. An answer goes as one frame,
// {"answer": TEXT} with "name" if the student gave one; the latest counts until it closes.
let questions = new Map(), openQuestion = null;
const teacher = document.body.dataset.teacher === "1";
// The id the server gives this connection, kept while the tab is open and given back when it
// follows again: the page cannot choose it, so one tab answers once.
const kept = id => { if (typeof id === "string") sessionStorage.setItem("vmsh-voter", id); };
const nameBox = document.createElement("input");
nameBox.id = "name"; nameBox.placeholder = "your name (optional)"; nameBox.maxLength = 40;
nameBox.setAttribute("aria-label", "your name (optional), shown with your answer");

// Why a marble string would not be read, or "" when it would: groups not nested and not empty,
// nothing after |, # or ! (the lane has ended).
function marbleProblem(text) {
  let inGroup = false, ended = false, groupEvents = 0;
  for (const c of text) {
    if (c === " ") continue;
    if (ended && !(inGroup && c === ")")) return "nothing may follow |, # or !";
    if (c === "(") { if (inGroup) return "( inside ( )"; inGroup = true; groupEvents = 0; continue; }
    if (c === ")") { if (!inGroup || !groupEvents) return "a ) without a ( and an event"; inGroup = false; continue; }
    if (c === "-") { if (inGroup) return "- inside ( )"; continue; }
    if ("|#!".includes(c)) ended = true;
    if (inGroup) groupEvents++;
  }
  return inGroup ? "a ( without its )" : text.trim() ? "" : "empty";
}

// A question asked again (`ask again`) is a box of its own for each round after the first.
const roundOf = m => m.round > 1 ? m.question + "-" + m.round : String(m.question);

function question(m) {
  // Said again for a page that joined late (a lasting message): one box a question.
  const key = roundOf(m);
  if (questions.has(key)) return;
  block = null; group = -1;
  const box = document.createElement("section"), title = document.createElement("h2");
  const text = document.createElement("p"), state = document.createElement("p");
  box.className = "question"; box.id = "question-" + key;
  title.textContent = "Question " + m.question + (m.round > 1 ? ", round " + m.round : "");
  text.textContent = m.text;
  state.className = "state";
  box.append(title, text);
  feed.append(box);
  const entry = {box, state, m};
  questions.set(key, entry);
  // Its result, if it closed already (looking back, or a student who came late).
  const result = messages.find(later => later.kind === "answers" && roundOf(later) === key);
  if (result) return closed(entry, result);
  box.append(state);
  if (upTo !== null) { state.textContent = "open now: go live to answer"; return; }
  openQuestion = key;
  // Kept in view under the page's bar while it is open, wherever the reader is.
  box.classList.add("open");
  state.textContent = "open: your answer counts once; a later one replaces it until the teacher closes it";
  answerBox(entry);
}

function answerBox(entry) {
  const form = document.createElement("form");
  form.className = "answer";
  const send = text => {
    if (!socket || socket.readyState !== 1) return;
    const frame = {answer: text};
    if (nameBox.value.trim()) frame.name = nameBox.value.trim();
    socket.send(JSON.stringify(frame));
  };
  if (entry.m.choices) {
    for (const choice of entry.m.choices) {
      const button = document.createElement("button");
      button.type = "button"; button.textContent = choice;
      button.onclick = () => send(choice);
      form.append(button);
    }
  } else {
    const input = document.createElement("input"), check = document.createElement("span");
    const button = document.createElement("button");
    input.className = "marbles"; input.placeholder = "a marble string, such as --a--|"; input.maxLength = 200;
    input.setAttribute("aria-label", "your answer, a marble string"); check.setAttribute("aria-live", "polite");
    check.className = "check"; button.textContent = "answer";
    input.oninput = () => { const problem = marbleProblem(input.value); check.textContent = problem; button.disabled = !!problem; };
    input.oninput();
    form.onsubmit = event => { event.preventDefault(); if (!marbleProblem(input.value)) send(input.value.trim()); };
    form.append(input, button, check);
  }
  form.append(nameBox);
  entry.box.append(form);
}

function closed(entry, m) {
  entry.box.querySelector("form")?.remove();
  entry.box.classList.remove("open");
  entry.box.classList.add("closed");
  if (openQuestion === roundOf(m)) openQuestion = null;
  entry.state.textContent = "closed: " + m.answered + " answered, " + m.right + " of " + m.answered + " right";
  entry.box.append(entry.state);
  const pre = document.createElement("pre");
  pre.className = "answers";
  pre.textContent = m.lines.join("\n");
  entry.box.append(pre);
}

function answers(m) {
  block = null; group = -1;
  // A page that joined after its question left the history: the box from the result alone.
  if (!questions.has(roundOf(m))) return question({question: m.question, round: m.round, text: m.text});
  const entry = questions.get(roundOf(m));
  if (!entry.box.classList.contains("closed")) closed(entry, m);
}

// This page's own answer taken, or refused (and why).
function told(m) {
  const entry = questions.get(openQuestion);
  if (!entry) return;
  entry.state.textContent = m.kind === "received"
    ? "your answer counts; you may change it until the teacher closes the question"
    : "not taken: " + m.text;
}

// Try it: this student's own fork of the session (once the teacher has run class fork on), in
// which a few commands run (pipeline, set pipeline, compare, marbles, why, stats, code, predict),
// each sent as {"fork": LINE}; what it printed comes back to this page alone.
const tryIt = document.createElement("details"), forkLine = document.createElement("input");
const forkForm = document.createElement("form"), forkOut = document.createElement("pre");
tryIt.id = "try"; forkOut.className = "fork"; forkOut.setAttribute("role", "log");
tryIt.append(Object.assign(document.createElement("summary"), {textContent: "try it: your own fork of the session"}));
forkLine.placeholder = "pipeline mine = isVisible | filter true | delay 1s | takeUntil hidden | flattenMap metadata";
forkLine.setAttribute("aria-label", "a command for your fork");
forkForm.onsubmit = event => {
  event.preventDefault();
  if (!forkLine.value.trim() || !socket || socket.readyState !== 1) return;
  socket.send(JSON.stringify({fork: forkLine.value}));
  forkLine.value = "";
};
forkForm.append(forkLine, Object.assign(document.createElement("button"), {textContent: "run"}));
tryIt.append(forkForm, forkOut);
function forked(m) {
  forkOut.textContent += "> " + m.line + "\n" + m.lines.map(text => text + "\n").join("");
  forkOut.scrollTop = forkOut.scrollHeight;
  tryIt.open = true;
}

// Looking back: the page drawn again up to a command (or a `say`), as it was then; live again at the end.
const bar = document.createElement("nav");
bar.id = "look";
function stops(kind) {
  return messages.flatMap((m, i) => m.kind === kind || (kind === "narration" && m.kind === "question") ? [i] : []);
}
function lookTo(position) {
  upTo = position === null || position >= messages.length ? null : Math.max(position, 0);
  pausedAt = null;
  feed.setAttribute("aria-busy", "false");
  clear();
  messages.slice(0, upTo ?? messages.length).forEach(show);
  lookBar();
  // The view goes where the page now ends: the moment looked back to, or the live end.
  following = upTo === null;
  toEnd();
}
function back(kind) {
  const at = upTo ?? messages.length, before = stops(kind).filter(i => i < at);
  lookTo(before.length ? before[before.length - 1] : 0);
}
function forward(kind) {
  const at = upTo ?? messages.length, after = stops(kind).filter(i => i > at);
  lookTo(after.length ? after[0] : null);
}
function lookBar() {
  const buttons = [["⏮ say", () => back("narration")], ["◀ command", () => back("command")],
    ["command ▶", () => forward("command")], ["say ⏭", () => forward("narration")], ["live", () => lookTo(null)]];
  bar.replaceChildren(...buttons.map(([label, act]) => {
    const button = document.createElement("button");
    button.textContent = label; button.onclick = act;
    return button;
  }));
  if (upTo === null) bar.append(pauser);
  pauserSays();
  where.textContent = upTo !== null ? "looking back: " + upTo + " of " + messages.length + " messages"
    : pausedAt !== null ? "paused" : "live";
  bar.append(where);
  bar.className = upTo === null ? "" : "back";
}
addEventListener("keydown", event => {
  if (event.target.tagName === "INPUT") return;
  const kind = event.shiftKey ? "narration" : "command";
  if (event.key === "ArrowLeft") back(kind);
  else if (event.key === "ArrowRight") forward(kind);
  else if (event.key === "End") lookTo(null);
  else if (event.key === "p" && !event.ctrlKey && !event.metaKey && !event.altKey) pause();
  else return;
  event.preventDefault();
});
// The line that says the page follows, the look-back bar and the teacher's controls stay at the
// top of the view as the page scrolls; the open question sits just under them.
const topBar = document.createElement("div");
topBar.id = "top";
live.replaceWith(topBar);
topBar.append(live, bar);
const fitTop = () => document.documentElement.style.setProperty("--top", topBar.offsetHeight + "px");
addEventListener("resize", fitTop);

// The teacher's page (opened with the teacher's token): ask, close and answers from the browser,
// each sent as a control the shell runs as if typed.
if (teacher) {
  const controls = document.createElement("form"), line = document.createElement("input");
  controls.id = "controls";
  line.placeholder = 'ask 1 delay(1s)   or   ask "Which call is saved?" favorites *comments';
  line.setAttribute("aria-label", "a question to ask the class");
  const control = text => socket && socket.readyState === 1 && socket.send(JSON.stringify({control: text}));
  const button = (label, act) => { const b = document.createElement("button"); b.type = "button"; b.textContent = label; b.onclick = act; return b; };
  controls.onsubmit = event => { event.preventDefault(); control("ask " + line.value.replace(/^ask\s+/, "")); };
  controls.append(line, button("ask", () => controls.requestSubmit()), button("close", () => control("ask close")),
    button("answers", () => control("answers")), button("class", () => control("class")));
  bar.after(controls);
}
fitTop();
// Beside the transcript, a landmark of its own (a screen reader lists it, and finds it apart).
const aside = document.createElement("aside");
aside.id = "fork";
aside.setAttribute("aria-label", "your own fork of the session");
aside.append(tryIt);
document.body.append(aside);

follow();
