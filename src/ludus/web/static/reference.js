// The rules reference's search box: shows only the entries whose words hold every word typed
// (case and accents ignored). No framework; the page works without it (every entry shown).
(function () {
  "use strict";
  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  function filter() {
    var box = document.getElementById("reference-search");
    var words = fold(box.value).split(/\s+/).filter(Boolean);
    var shown = 0;
    document.querySelectorAll("#reference .entry").forEach(function (entry) {
      var text = fold(entry.textContent);
      var match = words.every(function (w) { return text.indexOf(w) >= 0; });
      entry.hidden = !match;
      if (match) shown += 1;
    });
    document.getElementById("reference-none").hidden = shown > 0;
  }
  document.addEventListener("DOMContentLoaded", function () {
    var box = document.getElementById("reference-search");
    if (!box) return;
    box.addEventListener("input", filter);
    if (location.hash) {
      var entry = document.getElementById(location.hash.slice(1));
      if (entry) entry.classList.add("target");
    }
  });
})();
