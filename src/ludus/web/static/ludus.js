// ludus: the one hand-written script. A click on a board element that carries
// data-action posts that action (htmx does the rest); an element several actions act on
// opens a chooser listing them with their labels. A fragment older than the one shown
// (a late answer overtaken by the WebSocket) is not swapped in; the page shows when its
// WebSocket is down and reconnects within seconds. Deadlines count down. When it is the
// seat's turn the tab's title starts with the server's translated "(Your turn)" and the
// favicon changes; a tone (Web Audio, off unless the seat page's checkbox is ticked, which
// localStorage remembers) sounds as the turn arrives; a browser notification (once allowed
// with "Notify me") says so, or that the game is over, while the page is in another tab. The
// chat has its own part at the end.
(function () {
  "use strict";
  // Reconnect after 0.5 s, 1 s, 2 s ... at most 8 s (htmx's default waits up to a minute).
  htmx.config.wsReconnectDelay = function (retries) {
    return Math.min(8000, 500 * Math.pow(2, retries)) * (0.5 + Math.random() / 2);
  };
  function post(action) {
    var live = document.getElementById("live");
    if (!live || !live.dataset.act || live.dataset.act === "/act") return;
    htmx.ajax("POST", live.dataset.act, {target: "#live", swap: "outerHTML", values: {action: action}});
  }
  // The chooser stays beside the board (not modal): a click on another element narrows its
  // choices to the actions both elements carry (a Hadrian's Wall scouting pattern is chosen
  // cell by cell this way); when one choice is left it is played.
  var pending = [];
  function unpick() {
    document.querySelectorAll("#board .picked").forEach(function (e) { e.classList.remove("picked"); });
  }
  function close() {
    var dialog = document.getElementById("chooser");
    if (dialog && dialog.open) dialog.close();
    pending = [];
    unpick();
  }
  function choose(actions) {
    var dialog = document.getElementById("chooser");
    var box = dialog.querySelector(".choices");
    pending = actions;
    box.innerHTML = "";
    actions.forEach(function (notation) {
      var source = document.querySelector('#actions [data-notation="' + CSS.escape(notation) + '"]');
      var button = document.createElement("button");
      button.type = "button";
      button.className = "action";
      button.dataset.notation = notation;
      button.textContent = source ? source.textContent : notation;
      button.addEventListener("click", function () { close(); post(notation); });
      box.appendChild(button);
    });
    if (!dialog.open) dialog.show();
  }
  document.addEventListener("click", function (event) {
    if (event.target.closest("#chooser .cancel")) { close(); return; }
    var element = event.target.closest("#board [data-action]");
    if (!element) return;
    var actions = element.getAttribute("data-action").split(",").filter(Boolean);
    var both = pending.filter(function (a) { return actions.indexOf(a) >= 0; });
    if (pending.length && both.length && both.length < pending.length) actions = both;
    else unpick();
    if (actions.length === 1) { close(); post(actions[0]); return; }
    if (actions.length > 1) { element.classList.add("picked"); choose(actions); }
  });
  // The table's position in a fragment: its data-index (-1: not a table fragment).
  function indexOf(text) {
    var found = /<div id="live"[^>]*data-index="(\d+)"/.exec(text || "");
    return found ? parseInt(found[1], 10) : -1;
  }
  function shown() {
    var live = document.getElementById("live");
    return live && live.dataset.index ? parseInt(live.dataset.index, 10) : -1;
  }
  var last = "";
  document.addEventListener("htmx:beforeSwap", function (event) {
    var text = event.detail.xhr ? event.detail.xhr.responseText : "";
    var index = indexOf(text);
    if (index >= 0 && index < shown()) event.detail.shouldSwap = false;
    else if (index >= 0) last = text;
  });
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    var text = event.detail.message;
    var index = indexOf(text);
    if (index >= 0 && (index < shown() || text === last)) { event.preventDefault(); return; }
    if (index < 0) return;  // not the table: a chat line
    last = text;
    if (index > shown()) close();
  });
  function connection(state) {
    return function (event) {
      var table = event.target.closest ? event.target.closest("#table") : null;
      if (table) table.dataset.socket = state;
    };
  }
  document.addEventListener("htmx:wsOpen", connection("open"));
  document.addEventListener("htmx:wsClose", connection("closed"));
  // The plain panel's folded sections stay as the person left them when the table changes.
  var folded = {};
  document.addEventListener("toggle", function (event) {
    var part = event.target;
    if (!part.matches || !part.matches("#board details.text-part")) return;
    folded[Array.prototype.indexOf.call(document.querySelectorAll("#board details.text-part"), part)] = part.open;
  }, true);
  document.addEventListener("htmx:load", function () {
    document.querySelectorAll("#board details.text-part").forEach(function (part, k) {
      if (k in folded && part.open !== folded[k]) part.open = folded[k];
    });
  });
  // Under an hour a deadline counts down in m:ss, under a day in h:mm:ss; further off it is the
  // moment itself, in the reader's zone and the page's language (its title always is).
  function tick() {
    document.querySelectorAll("time[data-deadline]").forEach(function (time) {
      var at = Date.parse(time.dataset.deadline);
      var left = Math.max(0, Math.round((at - Date.now()) / 1000));
      var two = function (n) { return String(n).padStart(2, "0"); };
      var moment = new Date(at).toLocaleString(document.documentElement.lang || undefined,
        {weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit"});
      if (left >= 86400) time.textContent = moment;
      else if (left >= 3600) {
        time.textContent = Math.floor(left / 3600) + ":" + two(Math.floor(left / 60) % 60) + ":" + two(left % 60);
      }
      else time.textContent = Math.floor(left / 60) + ":" + two(left % 60);
      time.title = moment;
      time.classList.toggle("late", left === 0);
    });
  }
  setInterval(tick, 1000);
  document.addEventListener("htmx:load", tick);
  // The turn notice: title, favicon and the optional tone.
  var SOUND = "ludus.turnSound";
  var audio = null;
  var wasMine = null, wasOver = null;
  function soundOn() {
    try { return window.localStorage.getItem(SOUND) === "1"; } catch (e) { return false; }
  }
  function tone() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume();
    var now = audio.currentTime;
    [[660, 0], [880, 0.18]].forEach(function (note) {  // two short rising notes
      var osc = audio.createOscillator(), gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = note[0];
      gain.gain.setValueAtTime(0.0001, now + note[1]);
      gain.gain.exponentialRampToValueAtTime(0.2, now + note[1] + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + note[1] + 0.16);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + note[1]);
      osc.stop(now + note[1] + 0.18);
    });
  }
  function turn() {
    var table = document.getElementById("table"), live = document.getElementById("live");
    if (!table || !live || !table.dataset.title) return;
    var mine = !!table.dataset.turnMark && live.dataset.myTurn === "1";
    document.title = mine ? table.dataset.turnMark + " " + table.dataset.title : table.dataset.title;
    var icon = document.getElementById("favicon");
    if (icon) icon.href = mine ? icon.dataset.turn : icon.dataset.idle;
    if (mine && wasMine === false && soundOn()) tone();
    var over = live.dataset.status !== "playing";
    if ((mine && wasMine === false) || (over && wasOver === false)) notice(over);
    wasMine = mine;
    wasOver = over;
  }
  // Browser notifications, once the person asked for them with "Notify me" (never asked on load):
  // while the page is hidden (another tab), one when it becomes the seat's turn or the game ends.
  var asker = document.getElementById("turn-notify");
  function notice(over) {
    var Shown = window.Notification;
    if (!asker || !Shown || Shown.permission !== "granted" || document.visibilityState !== "hidden") return;
    var note = new Shown(over ? asker.dataset.over : asker.dataset.turn,
                         {tag: "ludus-turn", icon: "/static/favicon-turn.svg"});
    note.onclick = function () { window.focus(); note.close(); };
  }
  function offer() {
    if (asker) asker.hidden = !window.Notification || window.Notification.permission !== "default";
  }
  if (asker) {
    asker.addEventListener("click", function () {
      window.Notification.requestPermission().then(offer);
    });
  }
  offer();
  var table = document.getElementById("table");
  if (table) new MutationObserver(turn).observe(table, {childList: true});
  var box = document.getElementById("turn-sound");
  if (box) {
    box.checked = soundOn();
    box.addEventListener("change", function () {
      try { window.localStorage.setItem(SOUND, box.checked ? "1" : "0"); } catch (e) { /* private mode */ }
      if (box.checked) tone();  // a click lets the page make sound, and lets the person hear it
    });
  }
  turn();
})();
// The board's size: at least readable (its smallest text 10 CSS px, from the server's
// data-readable; the largest this browser has seen for the game, so the board does not change
// size from one move to the next), else as wide as its column. A larger board pans in its window
// (scrollbars, a finger, the arrow keys, or dragging it with the mouse). The zoom buttons and
// Ctrl + wheel change the scale, remembered per game; "Whole board" fits it in its window. The
// board's scroll position survives every update.
(function () {
  "use strict";
  var seen = 0, drag = null, dragged = false;
  function store(kind) {
    try { return window[kind]; } catch (e) { return null; }
  }
  function board() { return document.querySelector("#board.picture"); }
  function frame(b) {
    var svg = b.querySelector("svg");
    var box = svg && svg.viewBox && svg.viewBox.baseVal;
    return box && box.width ? {svg: svg, width: box.width, height: box.height} : null;
  }
  function fitScale(b, f) {
    var high = parseFloat(getComputedStyle(b).maxHeight) || b.clientHeight;
    return Math.min(b.clientWidth / f.width, high / f.height);
  }
  function setZoom(value) {
    if (value === null) {
      delete document.body.dataset.zoom;
      document.body.style.removeProperty("--zoom");
    } else {
      document.body.dataset.zoom = "on";
      document.body.style.setProperty("--zoom", String(value));
    }
  }
  function remembered(b) {
    var local = store("localStorage");
    return local ? local.getItem("ludus.zoom." + b.dataset.game) : null;
  }
  function remember(b, value) {
    var local = store("localStorage");
    if (!local) return;
    if (value === null) local.removeItem("ludus.zoom." + b.dataset.game);
    else local.setItem("ludus.zoom." + b.dataset.game, String(value));
  }
  function saveScroll(b) {
    var session = store("sessionStorage");
    if (!session) return;
    var where = {path: location.pathname, left: b.scrollLeft, top: b.scrollTop};
    session.setItem("ludus.board", JSON.stringify(where));
  }
  // Size the board now on the page and put it back where the person had scrolled it.
  function apply() {
    var b = board(), f = b && frame(b);
    if (!f) return;
    // the largest readable scale this browser has needed for the game (Glory to Rome's fine print
    // appears with the first complete building): the board keeps one size from the first move on
    var local = store("localStorage"), key = "ludus.readable." + b.dataset.game;
    var readable = Math.max(parseFloat(b.dataset.readable) || 0,
                            parseFloat(local ? local.getItem(key) || "" : "") || 0);
    if (readable > seen) {
      seen = readable;
      document.body.style.setProperty("--readable-seen", String(seen));
      if (local) local.setItem(key, String(seen));
    }
    var chosen = remembered(b);
    setZoom(chosen === "fit" ? fitScale(b, f) : parseFloat(chosen) > 0 ? parseFloat(chosen) : null);
    var session = store("sessionStorage"), was = null;
    try {
      was = JSON.parse(session ? session.getItem("ludus.board") || "null" : "null");
    } catch (e) {
      was = null;
    }
    if (was && was.path === location.pathname) {
      b.scrollLeft = was.left;
      b.scrollTop = was.top;
    }
  }
  // Zoom in or out (by 1.25), to the whole board or back to the readable size, keeping the point
  // (x, y) of the window (its middle by default) where it was.
  function zoom(how, x, y) {
    var b = board(), f = b && frame(b);
    if (!f) return;
    var before = f.svg.getBoundingClientRect().width / f.width;
    if (x === undefined) { x = b.clientWidth / 2; y = b.clientHeight / 2; }
    var ux = (b.scrollLeft + x) / before, uy = (b.scrollTop + y) / before;
    if (how === "readable") { remember(b, null); setZoom(null); }
    else if (how === "fit") { remember(b, "fit"); setZoom(fitScale(b, f)); }
    else {
      var value = Math.min(4, Math.max(0.2, before * (how === "in" ? 1.25 : 0.8)));
      remember(b, value);
      setZoom(value);
    }
    var after = f.svg.getBoundingClientRect().width / f.width;
    b.scrollLeft = ux * after - x;
    b.scrollTop = uy * after - y;
    saveScroll(b);
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest(".board-tools [data-zoom]");
    if (button) zoom(button.dataset.zoom);
  });
  document.addEventListener("wheel", function (event) {
    var b = event.ctrlKey && event.target.closest && event.target.closest("#board.picture");
    if (!b) return;
    event.preventDefault();
    var r = b.getBoundingClientRect();
    zoom(event.deltaY < 0 ? "in" : "out", event.clientX - r.left, event.clientY - r.top);
  }, {passive: false});
  // Dragging the board with the mouse pans it; the click that ends a drag plays nothing.
  document.addEventListener("pointerdown", function (event) {
    dragged = false;
    var b = event.pointerType === "mouse" && event.button === 0 && event.target.closest("#board.picture");
    drag = b ? {board: b, x: event.clientX, y: event.clientY, left: b.scrollLeft, top: b.scrollTop} : null;
  });
  document.addEventListener("pointermove", function (event) {
    if (!drag) return;
    var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (!dragged && Math.abs(dx) + Math.abs(dy) < 6) return;
    dragged = true;
    drag.board.classList.add("panning");
    drag.board.scrollLeft = drag.left - dx;
    drag.board.scrollTop = drag.top - dy;
  });
  document.addEventListener("pointerup", function () {
    if (drag) drag.board.classList.remove("panning");
    drag = null;
  });
  document.addEventListener("click", function (event) {
    if (!dragged) return;
    dragged = false;
    event.stopPropagation();
    event.preventDefault();
  }, true);
  document.addEventListener("scroll", function (event) {
    if (event.target.id === "board") saveScroll(event.target);
  }, true);
  window.addEventListener("resize", function () {
    var b = board();
    if (b && remembered(b) === "fit") apply();
  });
  ["htmx:afterSwap", "htmx:wsAfterMessage", "htmx:load"].forEach(function (name) {
    document.addEventListener(name, apply);
  });
  apply();
})();
// The chat (issue 38): the panel stays put while the table changes around it (hx-preserve), its
// form goes over the page's WebSocket as {"chat": "..."} (htmx's ws extension). Sending empties
// the input (a refused line comes back into it, beside the reason); the list follows new lines
// when it was scrolled to its end; times are shown in the reader's zone; "Mute" (remembered in
// localStorage per table and room) hides the room's lines, those already there and those to come.
(function () {
  "use strict";
  var sent = "", atEnd = true, focused = null;
  function input() { return document.querySelector("#chat .chat-form input[name=chat]"); }
  function local() {
    try { return window.localStorage; } catch (e) { return null; }
  }
  function tidy() {
    var list = document.getElementById("chat-lines");
    if (!list) return;
    list.querySelectorAll("time[datetime]").forEach(function (time) {
      var at = new Date(time.getAttribute("datetime"));
      if (!time.textContent && !isNaN(at)) {
        time.textContent = at.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
      }
    });
    if (atEnd) list.scrollTop = list.scrollHeight;
  }
  function setUp() {
    var chat = document.getElementById("chat"), box = chat && chat.querySelector("input.mute");
    if (!box || chat.dataset.ready) return;
    chat.dataset.ready = "1";
    var store = local(), key = chat.dataset.muteKey;
    box.checked = !!store && store.getItem(key) === "1";
    chat.classList.toggle("muted", box.checked);
    box.addEventListener("change", function () {
      chat.classList.toggle("muted", box.checked);
      if (store) { if (box.checked) store.setItem(key, "1"); else store.removeItem(key); }
      tidy();
    });
    tidy();
  }
  document.addEventListener("htmx:wsConfigSend", function (event) {
    var field = input();
    if (!field || event.target !== field.form) return;
    sent = field.value;
    field.value = "";
    var error = document.getElementById("chat-error");
    if (error) error.textContent = "";
  });
  document.addEventListener("htmx:wsBeforeMessage", function () {
    var list = document.getElementById("chat-lines"), field = input();
    atEnd = !list || list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    focused = field && document.activeElement === field ? [field.selectionStart, field.selectionEnd] : null;
  });
  document.addEventListener("htmx:wsAfterMessage", function (event) {
    var field = input(), error = document.getElementById("chat-error");
    if (focused && field && document.activeElement !== field) {  // a browser that moved the panel
      field.focus();                                              // without keeping its focus
      field.setSelectionRange(focused[0], focused[1]);
    }
    if ((event.detail.message || "").indexOf('id="chat-error"') >= 0 && error && error.textContent
        && field && !field.value) {
      field.value = sent;
    }
    setUp();
    tidy();
  });
  setUp();
})();
// Rules on the board (issue 39): the toolbar's "Rules on the board" button switches the board into
// a mode where the part under the pointer (the smallest of the SVG's named regions, rect.region)
// is outlined, and a click opens its entry of the game's rules reference in a new tab (the server
// gives each region's entry: #board's data-rules) instead of playing; the click, Escape or the
// button again leave the mode. Outside the mode a click plays as always.
(function () {
  "use strict";
  function on() { return document.body.dataset.boardRules === "on"; }
  function rules(b) {
    try { return JSON.parse(b.dataset.rules || "{}"); } catch (e) { return {}; }
  }
  function unmark() {
    document.querySelectorAll("#board rect.region.rules-hover").forEach(function (r) {
      r.classList.remove("rules-hover");
    });
  }
  function sync() {
    document.querySelectorAll(".board-tools .rules-mode").forEach(function (button) {
      button.setAttribute("aria-pressed", on() ? "true" : "false");
    });
    if (!on()) unmark();
  }
  function set(value) {
    if (value) document.body.dataset.boardRules = "on";
    else delete document.body.dataset.boardRules;
    sync();
  }
  // The region under the point (x, y) that has an entry: the smallest one holding it.
  function regionAt(b, x, y) {
    var map = rules(b), best = null, area = Infinity;
    b.querySelectorAll("rect.region[data-region]").forEach(function (r) {
      var name = r.getAttribute("data-region"), box = r.getBoundingClientRect();
      if (!(name in map) || x < box.left || x > box.right || y < box.top || y > box.bottom) return;
      if (box.width * box.height < area) { area = box.width * box.height; best = name; }
    });
    return best;
  }
  document.addEventListener("click", function (event) {
    if (event.target.closest(".board-tools .rules-mode")) { set(!on()); return; }
    var b = on() && event.target.closest("#board.picture");
    if (!b || event.defaultPrevented) return;  // not in the mode, or the end of a drag
    event.preventDefault();
    event.stopPropagation();
    var name = regionAt(b, event.clientX, event.clientY);
    set(false);
    if (name) window.open(b.dataset.reference + "#" + encodeURIComponent(rules(b)[name]), "_blank", "noopener");
  }, true);
  document.addEventListener("pointermove", function (event) {
    if (!on()) return;
    var b = event.target.closest && event.target.closest("#board.picture");
    var name = b ? regionAt(b, event.clientX, event.clientY) : null;
    unmark();
    if (name) {
      b.querySelectorAll('rect.region[data-region="' + CSS.escape(name) + '"]').forEach(function (r) {
        r.classList.add("rules-hover");
      });
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && on()) set(false);
  });
  ["htmx:afterSwap", "htmx:wsAfterMessage", "htmx:load"].forEach(function (name) {
    document.addEventListener(name, sync);
  });
})();
