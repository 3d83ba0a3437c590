/* Paiyou play table: small enhancements on top of plain forms (everything works without it).
   - htmx swaps the table in place also for 400/409/422 answers (they carry the table and the
     reason), then focus goes to the status line;
   - while you select tiles, the page says whether the selection is a play you may make, marks
     the matching "plays you may make" button and dims tiles that cannot join it. */
(function () {
  "use strict";

  var SWAP_STATUSES = [400, 409, 422];

  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail;
    if (detail.target && detail.target.id === "table" && SWAP_STATUSES.indexOf(detail.xhr.status) !== -1) {
      detail.shouldSwap = true;
      detail.isError = false;
    }
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var table = document.getElementById("table");
    if (!table || !table.isConnected) return;
    if (event.detail.target && event.detail.target.id !== "table" && !table.contains(event.detail.target)) return;
    var status = document.getElementById("status");
    if (status) status.focus({ preventScroll: false });
    setup();
  });

  function sortedKeys(list) {
    return list.slice().sort().join(" ");
  }

  function multisetContains(big, small) {
    var counts = {};
    big.forEach(function (k) { counts[k] = (counts[k] || 0) + 1; });
    return small.every(function (k) { counts[k] = (counts[k] || 0) - 1; return counts[k] >= 0; });
  }

  function setup() {
    var form = document.getElementById("play-form");
    if (!form || form.dataset.ready) return;
    form.dataset.ready = "1";
    var legal = [];
    try { legal = JSON.parse(form.dataset.legal || "[]"); } catch (e) { legal = []; }
    var legalSorted = legal.map(sortedKeys);
    var discard = parseInt(form.dataset.discard || "0", 10);
    var boxes = Array.prototype.slice.call(form.querySelectorAll("input[name=tile]"));
    var choices = Array.prototype.slice.call(form.querySelectorAll("button[name=quick]"));
    var note = document.getElementById("selection");

    function update() {
      var chosen = boxes.filter(function (b) { return b.checked; }).map(function (b) { return b.value; });
      var key = sortedKeys(chosen);
      var match = legalSorted.indexOf(key) !== -1;
      choices.forEach(function (c) {
        c.classList.toggle("is-match", chosen.length > 0 && sortedKeys(c.value.split(" ")) === key);
      });
      // Dim tiles that cannot join the selection into a face-up play, unless the move may be a
      // face-down discard (then any tiles may go).
      if (!discard) {
        boxes.forEach(function (b) {
          if (b.checked || chosen.length === 0) { b.parentNode.classList.remove("is-dim"); return; }
          var extended = chosen.concat([b.value]);
          var possible = legal.some(function (play) { return multisetContains(play, extended); });
          b.parentNode.classList.toggle("is-dim", !possible);
        });
      }
      if (!note) return;
      if (chosen.length === 0) { note.hidden = true; note.textContent = ""; return; }
      note.hidden = false;
      note.classList.toggle("is-legal", match);
      note.classList.toggle("is-illegal", !match);
      if (match) {
        note.textContent = form.dataset.msgLegal || "";
      } else if (discard && chosen.length === discard) {
        note.textContent = form.dataset.msgDiscard || "";
        note.classList.remove("is-illegal");
      } else {
        note.textContent = form.dataset.msgIllegal || "";
      }
    }

    boxes.forEach(function (b) { b.addEventListener("change", update); });
    update();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
