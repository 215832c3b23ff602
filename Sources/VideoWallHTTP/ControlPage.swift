/// The web control page at `/`: plain HTML, CSS and JavaScript, all served by the program
/// (no CDN, no fonts from elsewhere). It draws the wall as its layout with a thumbnail per
/// tile about once a second, and drives the wall through the same API any client uses. The
/// token, when one is asked for, is asked once and kept in the tab's session storage; it
/// travels as `Authorization: Bearer`, never in a cookie.
enum ControlPage {
    static let policy = "default-src 'none'; img-src 'self' blob:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'"

    /// Four tiles: the page's icon, so a browser does not ask for a favicon.ico there is not.
    static let icon = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#111"/><rect x="1" y="1" width="6.5" height="6.5" fill="#4af"/><rect x="8.5" y="1" width="6.5" height="6.5" fill="#4af"/><rect x="1" y="8.5" width="6.5" height="6.5" fill="#4af"/><rect x="8.5" y="8.5" width="6.5" height="6.5" fill="#4af"/></svg>"##

    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>VideoWall</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  body { margin: 0; background: #111; color: #eee; }
  header, section { padding: 0.5rem 1rem; }
  header { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; background: #222; }
  h1 { font-size: 1.1rem; margin: 0 1rem 0 0; }
  #wall { position: relative; width: 100%; aspect-ratio: 16 / 9; background: #000; max-height: 70vh; }
  .tile { position: absolute; box-sizing: border-box; border: 1px solid #333; overflow: hidden; cursor: pointer; }
  .tile.selected { border: 2px solid #4af; }
  .tile img { width: 100%; height: 100%; object-fit: contain; display: block; }
  .tile .label { position: absolute; left: 0; bottom: 0; right: 0; background: rgba(0,0,0,0.6); font-size: 0.8rem; padding: 0.2rem 0.4rem; }
  .tile .label.failed { background: rgba(160,0,0,0.8); }
  button, select, input { font: inherit; padding: 0.3rem 0.6rem; }
  button:focus-visible, input:focus-visible, .tile:focus-visible { outline: 2px solid #4af; }
  .row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.4rem 0; }
  #seek { flex: 1 1 12rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; margin: 0; }
  #events { font-family: monospace; font-size: 0.75rem; white-space: pre-wrap; max-height: 8rem; overflow: auto; background: #000; padding: 0.3rem; }
  #message { color: #fb4; }
  h2 { font-size: 1rem; margin: 0.6rem 0 0.3rem; }
  .scroll { overflow-x: auto; }
  #playlist { border-collapse: collapse; font-size: 0.85rem; }
  #playlist td, #playlist th { padding: 0.1rem 0.2rem; text-align: left; }
  #playlist input { padding: 0.15rem 0.3rem; width: 5.5rem; }
  #playlist input.source { width: 16rem; }
  #playlist tr.current { background: #234; }
</style>
</head>
<body>
<header>
  <h1>VideoWall</h1>
  <label>Token <input id="token" type="password" autocomplete="off" size="20" aria-label="Token"></label>
  <span id="message" role="status"></span>
</header>
<section aria-label="The wall">
  <div id="wall"></div>
</section>
<section aria-label="Transport">
  <div class="row">
    <button id="play" accesskey="p">Pause</button>
    <button id="back" title="One frame back">&#x23EE; Frame</button>
    <button id="step" title="One frame on">Frame &#x23ED;</button>
    <input id="seek" type="range" min="0" max="1000" value="0" aria-label="Position">
    <span id="time">0:00 / 0:00</span>
  </div>
  <div class="row">
    <label>Speed <select id="speed"><option>0.25</option><option>0.5</option><option selected>1</option><option>1.5</option><option>2</option></select></label>
    <label><input id="loop" type="checkbox"> Loop</label>
    <button id="abA">Set A</button><button id="abB">Set B</button><button id="abClear">Clear A-B</button>
    <label>Volume <input id="volume" type="range" min="0" max="100" value="100"></label>
    <label><input id="mute" type="checkbox"> Mute</label>
  </div>
</section>
<section aria-label="Selected tile">
  <div class="row">
    <span id="selected">Tile 1</span>
    <select id="media" aria-label="Media file"></select>
    <button id="load">Play it in this tile</button>
  </div>
  <div class="row">
    <label>Tile volume <input id="tileVolume" type="range" min="0" max="130" value="100"></label>
    <label><input id="tileMute" type="checkbox"> Mute this tile</label>
  </div>
  <div id="playlistPanel" hidden>
    <h2 id="playlistTitle">Playlist</h2>
    <div class="scroll">
      <table id="playlist">
        <thead><tr><th>#</th><th>Source</th><th>In</th><th>Out</th><th>Duration</th><th>Speed</th><th>Days</th><th>From</th><th>Until</th><th>Start</th><th>End</th><th></th></tr></thead>
        <tbody></tbody>
      </table>
    </div>
    <div class="row">
      <button id="addItem">Add the chosen media</button>
      <button id="savePlaylist">Save to the layout</button>
      <span id="playlistNote" role="status"></span>
    </div>
  </div>
  <p id="playlistReason" hidden></p>
  <div class="row">
    <input id="file" type="file" accept="video/*,audio/*,image/*" aria-label="File to upload">
    <button id="upload">Upload to the media folder</button>
  </div>
</section>
<section aria-label="System">
  <dl id="system"></dl>
  <div id="events" aria-label="Events"></div>
</section>
<script>
"use strict";
const api = "/api/v1/";
let state = null, selected = 1, seeking = false, mediaFolder = "";
const $ = (id) => document.getElementById(id);
$("token").value = sessionStorage.getItem("videowall-token") || "";
$("token").addEventListener("change", () => { sessionStorage.setItem("videowall-token", $("token").value); connectEvents(); });
function headers(extra) {
  const h = Object.assign({}, extra || {});
  const token = $("token").value;
  if (token) h["Authorization"] = "Bearer " + token;
  return h;
}
function say(text) { $("message").textContent = text || ""; }
async function call(path, options) {
  const response = await fetch(api + path, Object.assign({}, options || {}, { headers: headers(options && options.headers) }));
  let body = null;
  try { body = await response.clone().json(); } catch (e) {}
  if (!response.ok) say((body && body.error) || response.statusText); else say("");
  return { ok: response.ok, body: body, response: response };
}
function command(words) {
  return call("command", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ command: words }) });
}
function clock(seconds) {
  if (typeof seconds !== "number") return "--:--";
  const s = Math.max(0, Math.floor(seconds));
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}
function regions(count) {
  if (state && state.layout && state.layout.length >= count) return state.layout;
  const columns = Math.ceil(Math.sqrt(count)), rows = Math.ceil(count / columns), list = [];
  for (let i = 0; i < count; i++) list.push([(i % columns) / columns, Math.floor(i / columns) / rows, 1 / columns, 1 / rows]);
  return list;
}
function drawWall() {
  const wall = $("wall"), tiles = state.tiles || [], frames = regions(tiles.length);
  while (wall.children.length > tiles.length) wall.removeChild(wall.lastChild);
  tiles.forEach((tile, i) => {
    let box = wall.children[i];
    if (!box) {
      box = document.createElement("div");
      box.className = "tile"; box.tabIndex = 0; box.setAttribute("role", "button");
      box.innerHTML = '<img alt=""><div class="label"></div>';
      box.addEventListener("click", () => select(i + 1));
      box.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); select(i + 1); } });
      wall.appendChild(box);
    }
    const f = frames[i];
    box.style.left = (f[0] * 100) + "%"; box.style.top = (f[1] * 100) + "%";
    box.style.width = (f[2] * 100) + "%"; box.style.height = (f[3] * 100) + "%";
    box.classList.toggle("selected", selected === i + 1);
    const name = String(tile.path || "").split("/").pop();
    const label = box.querySelector(".label");
    label.textContent = (i + 1) + " " + name + " \u00b7 " + tile.state + (tile.error ? " \u00b7 " + tile.error : "");
    label.classList.toggle("failed", !!tile.error);
    box.querySelector("img").alt = "Tile " + (i + 1) + ": " + name;
  });
}
function select(n) {
  selected = n; $("selected").textContent = "Tile " + n;
  if (state) { drawWall(); drawTile(); }
  loadPlaylist();
}
function drawTile() {
  const tile = (state.tiles || [])[selected - 1];
  if (!tile) return;
  if (document.activeElement !== $("tileVolume") && typeof tile.volume === "number") $("tileVolume").value = tile.volume;
  $("tileMute").checked = !!tile.mute;
  const rows = $("playlist").tBodies[0].rows;
  for (let i = 0; i < rows.length; i++) rows[i].classList.toggle("current", tile["item-pos"] === i + 1);
}
// The playlist editor: the selected tile's region's playlist: in the layout, one row an item.
const itemFields = ["source", "in", "out", "duration", "speed", "days", "from", "until", "start", "end"];
async function loadPlaylist() {
  const tile = selected;
  let response, body = null;
  try {
    response = await fetch(api + "tiles/" + tile + "/playlist", { headers: headers() });
    body = await response.json();
  } catch (e) { return; }
  if (tile !== selected) return;
  const editable = response.ok && body && body.editable;
  $("playlistPanel").hidden = !editable;
  $("playlistReason").hidden = !!editable;
  $("playlistReason").textContent = editable ? "" : "Playlist: " + ((body && (body.reason || body.error)) || response.statusText);
  if (!editable) return;
  $("playlistTitle").textContent = "Playlist of tile " + tile;
  $("playlistNote").textContent = "";
  drawItems(body.items || []);
  if (state) drawTile();
}
function drawItems(items) {
  const body = $("playlist").tBodies[0];
  body.innerHTML = "";
  items.forEach((item, i) => {
    const row = body.insertRow();
    row.dataset.extra = JSON.stringify(Object.fromEntries(Object.entries(item).filter(([k]) => !itemFields.includes(k))));
    row.insertCell().textContent = String(i + 1);
    for (const field of itemFields) {
      const input = document.createElement("input");
      input.value = item[field] || ""; input.dataset.field = field;
      input.setAttribute("aria-label", "Item " + (i + 1) + " " + field);
      if (field === "source") input.className = "source";
      row.insertCell().appendChild(input);
    }
    const tools = row.insertCell();
    for (const [label, name, move] of [["\u2191", "up", -1], ["\u2193", "down", 1], ["\u2715", "remove", 0]]) {
      const button = document.createElement("button");
      button.textContent = label; button.title = name; button.setAttribute("aria-label", "Item " + (i + 1) + " " + name);
      button.addEventListener("click", () => {
        const list = readItems(), [moved] = list.splice(i, 1);
        if (move !== 0) list.splice(Math.min(Math.max(i + move, 0), list.length), 0, moved);
        drawItems(list);
      });
      tools.appendChild(button);
    }
  });
}
function readItems() {
  return [...$("playlist").tBodies[0].rows].map((row) => {
    const item = JSON.parse(row.dataset.extra || "{}");
    for (const input of row.querySelectorAll("input")) if (input.value.trim()) item[input.dataset.field] = input.value.trim();
    return item;
  });
}
function drawTransport() {
  $("play").textContent = state.pause ? "Play" : "Pause";
  if (!seeking && typeof state["time-pos"] === "number" && typeof state.duration === "number" && state.duration > 0)
    $("seek").value = Math.round(1000 * state["time-pos"] / state.duration);
  $("time").textContent = clock(state["time-pos"]) + " / " + clock(state.duration);
  if (document.activeElement !== $("speed")) $("speed").value = String(state.speed);
  $("loop").checked = state.loop === "inf";
  if (document.activeElement !== $("volume")) $("volume").value = state.volume;
  $("mute").checked = !!state.mute;
}
function drawSystem() {
  const s = state.system || {}, rows = [
    ["Transport", state.transport], ["Uptime", clock(s.uptime)], ["CPU (share of a core)", s["cpu-share"]],
    ["Memory", s["memory-mib"] + " MiB"], ["Cores", s.cores], ["Version", s.version],
    ["Overload", state.overload ? Math.round(100 * state.overload["shown-fraction"]) + " % of frames shown" : "none"],
    ["Decoders in use", decoders()],
    ["Machines", 1 + (state.followers || []).length],
  ];
  $("system").innerHTML = "";
  for (const [k, v] of rows) {
    const dt = document.createElement("dt"), dd = document.createElement("dd");
    dt.textContent = k; dd.textContent = String(v); $("system").append(dt, dd);
  }
}
function decoders() {
  const counts = {};
  for (const tile of state.tiles || []) if (tile.decoder) counts[tile.decoder] = (counts[tile.decoder] || 0) + 1;
  const names = Object.keys(counts).sort();
  return names.length ? names.map((n) => n + " \u00d7 " + counts[n]).join(", ") : "none";
}
async function refresh() {
  const answer = await call("state");
  if (!answer.ok || !answer.body) return;
  state = answer.body;
  drawWall(); drawTransport(); drawSystem(); drawTile();
  $("load").disabled = $("upload").disabled = !state["media-folder"];
}
async function refreshThumbnails() {
  const boxes = $("wall").children;
  for (let i = 0; i < boxes.length; i++) {
    try {
      const response = await fetch(api + "tiles/" + (i + 1) + "/thumbnail.jpg", { headers: headers() });
      if (!response.ok) continue;
      const url = URL.createObjectURL(await response.blob()), img = boxes[i].querySelector("img");
      const old = img.src; img.src = url; if (old.startsWith("blob:")) URL.revokeObjectURL(old);
      img.dataset.loaded = String(Date.now());
    } catch (e) {}
  }
}
async function refreshMedia() {
  const answer = await call("media");
  if (!answer.ok || !answer.body) return;
  mediaFolder = answer.body.folder;
  const list = $("media"), chosen = list.value;
  list.innerHTML = "";
  for (const name of answer.body.files) { const o = document.createElement("option"); o.textContent = name; list.appendChild(o); }
  if (chosen) list.value = chosen;
}
let events = null;
async function connectEvents() {
  if (events) events.abort();
  events = new AbortController();
  try {
    const response = await fetch(api + "events", { headers: headers(), signal: events.signal });
    const reader = response.body.getReader(), decoder = new TextDecoder();
    let text = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      let end;
      while ((end = text.indexOf("\n\n")) >= 0) {
        const block = text.slice(0, end); text = text.slice(end + 2);
        for (const line of block.split("\n")) if (line.startsWith("data: ")) {
          const log = $("events"); log.textContent = (line.slice(6) + "\n" + log.textContent).slice(0, 4000);
        }
      }
    }
  } catch (e) {}
}
$("play").addEventListener("click", () => command(["set_property", "pause", !(state && state.pause)]).then(refresh));
$("back").addEventListener("click", () => command(["frame-back-step"]).then(refresh));
$("step").addEventListener("click", () => command(["frame-step"]).then(refresh));
$("seek").addEventListener("input", () => { seeking = true; });
$("seek").addEventListener("change", () => {
  seeking = false;
  if (state && state.duration) command(["seek", state.duration * $("seek").value / 1000, "absolute"]).then(refresh);
});
$("speed").addEventListener("change", () => command(["set_property", "speed", Number($("speed").value)]));
$("loop").addEventListener("change", () => command(["set_property", "loop", $("loop").checked ? "inf" : "no"]));
$("volume").addEventListener("change", () => command(["set_property", "volume", Number($("volume").value)]));
$("mute").addEventListener("change", () => command(["set_property", "mute", $("mute").checked]));
$("abA").addEventListener("click", () => state && command(["set_property", "ab-loop-a", state["time-pos"]]));
$("abB").addEventListener("click", () => state && command(["set_property", "ab-loop-b", state["time-pos"]]));
$("abClear").addEventListener("click", () => command(["set_property", "ab-loop-a", "no"]).then(() => command(["set_property", "ab-loop-b", "no"])));
$("tileVolume").addEventListener("change", () => command(["set_property", "tile/" + selected + "/volume", Number($("tileVolume").value)]));
$("tileMute").addEventListener("change", () => command(["set_property", "tile/" + selected + "/mute", $("tileMute").checked]));
$("addItem").addEventListener("click", () => {
  if (!$("media").value) { $("playlistNote").textContent = "choose a file of the media folder first"; return; }
  drawItems(readItems().concat([{ source: mediaFolder + "/" + $("media").value }]));
});
$("savePlaylist").addEventListener("click", async () => {
  $("playlistNote").textContent = "saving ...";
  const answer = await call("tiles/" + selected + "/playlist", { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ items: readItems() }) });
  $("playlistNote").textContent = answer.ok
    ? "saved to the layout: the tile plays it from its next item" + (answer.body.skipped.length ? " (left out: " + answer.body.skipped.join("; ") + ")" : "")
    : "not saved: " + ((answer.body && answer.body.error) || answer.response.statusText);
});
$("load").addEventListener("click", () => {
  if (!$("media").value) return;
  call("tiles/" + selected + "/source", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ media: $("media").value }) }).then(refresh);
});
$("upload").addEventListener("click", async () => {
  const file = $("file").files[0];
  if (!file) return;
  say("uploading " + file.name + " ...");
  const answer = await call("media?name=" + encodeURIComponent(file.name), { method: "POST", body: file });
  if (answer.ok) { say("uploaded " + file.name); refreshMedia(); }
});
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  if (e.key === " ") { e.preventDefault(); $("play").click(); }
  else if (e.key === ".") $("step").click();
  else if (e.key === ",") $("back").click();
});
refresh().then(() => { refreshThumbnails(); loadPlaylist(); if (state && state["media-folder"]) refreshMedia(); });
setInterval(refresh, 1000);
setInterval(refreshThumbnails, 1000);
connectEvents();
</script>
</body>
</html>
"""#
}
