/* Paiyou play table: small enhancements on top of plain forms (everything works without it).
   - htmx swaps the table in place also for 400/409/422 answers (they carry the table and the
     reason), then focus goes to the status line;
   - while you select tiles, the page says whether the selection is a play you may make, marks
     the matching "plays you may make" button and dims tiles that cannot join it;
   - the buttons wait until the computer's moves have been shown (the reveal animation);
   - a request that fails (no network, 5xx, 429) says so in the page's language and offers a
     retry, never a silent dead button. */
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

  // -- a failed request: say so, offer a retry ----------------------------------------------
  var lastSubmit = null; // {form, submitter} of the table's last htmx request

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (!form || form.id !== "play-form") return;
    var trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    lastSubmit = { form: form, submitter: trigger && trigger.submitter ? trigger.submitter : null };
    clearFailure();
  });

  function clearFailure() {
    var old = document.getElementById("play-failure");
    if (old) old.remove();
  }

  function showFailure(kind) {
    var form = document.getElementById("play-form");
    if (!form) return;
    clearFailure();
    var box = document.createElement("div");
    box.id = "play-failure";
    box.className = "alert alert--error failure";
    box.setAttribute("role", "alert");
    var text = document.createElement("span");
    text.textContent = form.dataset["msg" + kind] || form.dataset.msgServer || "";
    var retry = document.createElement("button");
    retry.type = "button";
    retry.className = "button button--quiet failure__retry";
    retry.textContent = form.dataset.msgRetry || "";
    retry.addEventListener("click", function () {
      clearFailure();
      var target = lastSubmit && lastSubmit.form.isConnected ? lastSubmit : { form: form, submitter: null };
      if (target.submitter && target.submitter.isConnected) {
        target.submitter.click(); // a click, so htmx sends the button's name and value again
      } else {
        window.location.reload();
      }
    });
    box.appendChild(text);
    box.appendChild(document.createTextNode(" "));
    box.appendChild(retry);
    var status = document.getElementById("status");
    (status && status.parentNode ? status.parentNode : form).insertBefore(box, status ? status.nextSibling : form.firstChild);
    retry.focus();
  }

  document.addEventListener("htmx:sendError", function () { showFailure("Network"); });
  document.addEventListener("htmx:timeout", function () { showFailure("Network"); });
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (SWAP_STATUSES.indexOf(status) !== -1) return;
    showFailure(status === 429 ? "Busy" : "Server");
  });

  // -- the buttons wait for the computer's moves to be shown ---------------------------------
  var REVEAL_STEP_MS = 450; // the CSS reveal-N delays: .1s + (N - 1) × .45s, then .3s to land

  function waitForReveal(table) {
    if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    var last = 0;
    table.querySelectorAll("[class*='reveal-']").forEach(function (el) {
      var m = /(?:^|\s)reveal-(\d+)/.exec(el.className);
      if (m) last = Math.max(last, parseInt(m[1], 10));
    });
    if (!last) return;
    var buttons = Array.prototype.slice.call(table.querySelectorAll("#play-form button:not([disabled])"));
    buttons.forEach(function (b) { b.disabled = true; b.dataset.waiting = "1"; });
    window.setTimeout(function () {
      buttons.forEach(function (b) { if (b.dataset.waiting) { b.disabled = false; delete b.dataset.waiting; } });
    }, 100 + (last - 1) * REVEAL_STEP_MS + 300);
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var table = document.getElementById("table");
    if (!table || !table.isConnected) return;
    if (event.detail.target && event.detail.target.id !== "table" && !table.contains(event.detail.target)) return;
    var status = document.getElementById("status");
    if (status) status.focus({ preventScroll: false });
    waitForReveal(table);
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

  // -- the review: arrow keys step back and forth (the links work without JavaScript) --------
  document.addEventListener("keydown", function (event) {
    if (!document.querySelector("[data-review]") || event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    var rtl = document.documentElement.dir === "rtl";
    var key = event.key;
    var which = key === "ArrowRight" ? (rtl ? "prev" : "next") : key === "ArrowLeft" ? (rtl ? "next" : "prev") : null;
    if (!which) return;
    var link = document.querySelector('[data-review] [data-key="' + which + '"]');
    if (link) { event.preventDefault(); link.click(); }
  });

  function start() {
    var table = document.getElementById("table");
    if (table) waitForReveal(table);
    setup();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
