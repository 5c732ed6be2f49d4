// ludus: the one hand-written script. A click on a board element that carries
// data-action posts that action (htmx does the rest); an element several actions act on
// opens a chooser listing them with their labels. Deadlines count down.
(function () {
  "use strict";
  function post(action) {
    var live = document.getElementById("live");
    if (!live || !live.dataset.act || live.dataset.act === "/act") return;
    htmx.ajax("POST", live.dataset.act, {target: "#live", swap: "outerHTML", values: {action: action}});
  }
  function choose(actions) {
    var dialog = document.getElementById("chooser");
    var box = dialog.querySelector(".choices");
    box.innerHTML = "";
    actions.forEach(function (notation) {
      var source = document.querySelector('#actions [data-notation="' + CSS.escape(notation) + '"]');
      var button = document.createElement("button");
      button.type = "button";
      button.className = "action";
      button.dataset.notation = notation;
      button.textContent = source ? source.textContent : notation;
      button.addEventListener("click", function () { dialog.close(); post(notation); });
      box.appendChild(button);
    });
    dialog.showModal();
  }
  document.addEventListener("click", function (event) {
    if (event.target.closest("#chooser .cancel")) { document.getElementById("chooser").close(); return; }
    var element = event.target.closest("#board [data-action]");
    if (!element) return;
    var actions = element.getAttribute("data-action").split(",").filter(Boolean);
    if (actions.length === 1) post(actions[0]);
    else if (actions.length > 1) choose(actions);
  });
  function tick() {
    document.querySelectorAll("time[data-deadline]").forEach(function (time) {
      var left = Math.max(0, Math.round((Date.parse(time.dataset.deadline) - Date.now()) / 1000));
      time.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      time.classList.toggle("late", left === 0);
    });
  }
  setInterval(tick, 1000);
  document.addEventListener("htmx:load", tick);
})();
