/* Paiyou play table: small enhancements on top of plain forms (everything works without it).
   - htmx swaps the table in place also for 400/409/422 answers (they carry the table and the
     reason); a move never moves the page: what happened is announced in the live region (one
     element, #announce, outside the table: only its text changes), and focus stays on the
     control (or tile) you were on; when that one is gone it goes to the status line, never to
     a control that plays (a live update must not turn the next Enter into a move);
   - the computer's moves arrive one by one: while the table waits for one (#advance-form), the
     page asks for it after the chosen pause (data-delay: instant, fast or relaxed); Space or
     Escape, or the Skip button, asks for all of them up to your turn; tiles you select stay
     selected across every swap but the answer to your own move or hint (a computer's move, a
     friend's, a join, a timeout), and so does a name you are typing and have not saved. At a table with friends every seated page asks (the server
     makes one move a request, whoever asks first), so the table moves on while any of them is
     open; its button (#computer-move) asks for the next move now;
   - while you select tiles, the page says whether the selection is a play you may make, marks
     the matching "plays you may make" button and dims tiles that cannot join it;
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
    if (!form || (form.id !== "play-form" && form.id !== "advance-form")) return;
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
      } else if (target.form.id === "advance-form" && target.form.isConnected && window.htmx) {
        window.htmx.trigger(target.form, "advance");
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

  // The table's own refreshes (live.js, sent from #table) say their failures in #live-status and
  // are asked again by themselves: not the player's request, no alert, no focus taken.
  function refreshOnly(event) {
    var config = event.detail.requestConfig;
    return Boolean(config && config.elt && config.elt.id === "table");
  }
  document.addEventListener("htmx:sendError", function (event) { if (!refreshOnly(event)) showFailure("Network"); });
  document.addEventListener("htmx:timeout", function (event) { if (!refreshOnly(event)) showFailure("Network"); });
  // The review's "Try the analysis again": an answer htmx does not swap (403, 409, 429) is sent
  // again as a plain form, so the browser shows the server's page saying why.
  function retryPlainly(event) {
    var form = event.detail.elt;
    if (form && form.hasAttribute && form.hasAttribute("data-analysis-retry")) form.submit();
  }
  document.addEventListener("htmx:responseError", retryPlainly);
  document.addEventListener("htmx:sendError", retryPlainly);

  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (SWAP_STATUSES.indexOf(status) !== -1 || refreshOnly(event)) return;
    showFailure(status === 429 ? "Busy" : "Server");
  });

  // -- focus stays where the player was ------------------------------------------------------
  // A description of the focused control that survives the swap: its id, else its name and
  // value and which copy it is (two tiles of the same kind are two checkboxes of one value),
  // else its tag, class and text (a link or a summary of the table).
  var focusWas = null;
  var ownAnswer = false; // the swap answers this page's move, hint or step, not a live update
  var selectionWas = null; // the tiles selected before a swap that is not your move's answer
  var draftsWas = null; // text typed and not yet sent (your name at a friends' table), by field id

  function sameKind(d) {
    var selector = d.name ? "#table [name='" + d.name + "']" : "#table " + d.tag;
    return Array.prototype.slice.call(document.querySelectorAll(selector)).filter(function (x) {
      return d.name ? x.value === d.value : x.className === d.cls && x.textContent === d.text;
    });
  }

  function describe(el) {
    if (!el || el === document.body || !el.closest || !el.closest("#table")) return null;
    if (el.id) return { id: el.id };
    var d = el.name ? { name: el.name, value: el.value } : { tag: el.tagName.toLowerCase(), cls: el.className, text: el.textContent };
    d.nth = Math.max(0, sameKind(d).indexOf(el));
    return d;
  }

  function find(d) {
    if (d.id) return document.getElementById(d.id);
    var same = sameKind(d);
    return same[Math.min(d.nth, same.length - 1)] || null;
  }

  function usable(el) {
    return el && el.isConnected && !el.disabled && el.getClientRects().length > 0;
  }

  // The control of your hand you last used (a button with an id, a tile): focus goes back to it
  // when your turn comes again after the computer's moves. A "plays you may make" button is
  // never one (its tiles are gone: another button of that value would be another move), and a
  // live update forgets it (focus then stays where it is: only your own answers may bring it).
  var home = null;

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (!form || form.id !== "play-form") return;
    home = describe(document.activeElement);
    if (home && home.name === "quick") home = null;
  });

  // Where focus goes when the control it was on is gone: the status line (tabindex=-1), which
  // says what happens now and plays nothing; Tab goes on into your hand from there.
  function neutral() {
    return document.getElementById("status") || document.getElementById("dock");
  }

  function restoreFocus(d, own) {
    if (!d) return;
    var el = find(d);
    var parked = el && el === neutral();
    if (own && home && (parked || !usable(el)) && !document.getElementById("advance-form")) {
      var back = find(home);
      if (usable(back)) el = back;
    }
    if (!usable(el)) el = neutral();
    if (el) el.focus({ preventScroll: true });
  }

  function checkedTiles() {
    return Array.prototype.slice.call(document.querySelectorAll("#play-form input[name=tile]:checked"))
      .map(function (b) { return b.value; });
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "table") return;
    focusWas = describe(document.activeElement);
    var config = event.detail.requestConfig;
    var asker = config && config.elt && config.elt.closest ? config.elt : null;
    ownAnswer = Boolean(asker && asker.closest("#play-form, #advance-form"));
    if (!ownAnswer) home = null;
    // your move's or hint's answer brings the selection it means (none, the hint's, a refused
    // move's); any other swap keeps yours: the tiles you still hold stay ticked
    selectionWas = asker && asker.closest("#play-form") ? null : checkedTiles();
    // a live update redraws the whole table: what you are typing stays typed, unless this swap
    // answers the very form it belongs to (which shows what was kept)
    draftsWas = {};
    target.querySelectorAll("input[type=text][id]").forEach(function (field) {
      if (field.value !== field.defaultValue && !(asker && field.form && asker.closest("form") === field.form)) {
        draftsWas[field.id] = field.value;
      }
    });
  });

  function retype() {
    if (!draftsWas) return;
    Object.keys(draftsWas).forEach(function (id) {
      var field = document.getElementById(id);
      if (field && field.type === "text") field.value = draftsWas[id];
    });
  }

  // -- the computer's moves, one at a time ---------------------------------------------------
  var stepTimer = null;

  function stopStepping() {
    if (stepTimer) { window.clearTimeout(stepTimer); stepTimer = null; }
  }

  function scheduleStep() {
    stopStepping();
    var form = document.getElementById("advance-form");
    if (!form || !window.htmx) return;
    var delay = parseInt(form.dataset.delay || "0", 10) || 0;
    stepTimer = window.setTimeout(function () {
      stepTimer = null;
      if (form.isConnected) window.htmx.trigger(form, "advance");
    }, delay);
  }

  function skip() {
    var button = document.getElementById("skip-button");
    if (!button) return false;
    stopStepping();
    button.click();
    return true;
  }

  document.addEventListener("click", function (event) {
    if (event.target && event.target.closest && event.target.closest("#skip-button, #computer-move")) stopStepping();
  }, true);

  // The site's menu, folded over the table on a phone (play.css): Escape or a click elsewhere
  // closes it, as any menu; Escape then skips nothing.
  function openMenu() {
    var menu = document.querySelector(".site-nav__menu[open]");
    var toggle = menu && menu.querySelector("summary");
    return toggle && getComputedStyle(toggle).display !== "none" ? menu : null;
  }

  document.addEventListener("click", function (event) {
    var menu = openMenu();
    if (menu && !menu.contains(event.target)) menu.open = false;
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== "Escape" && event.key !== " ") return;
    var menu = event.key === "Escape" ? openMenu() : null;
    if (menu) {
      menu.open = false;
      menu.querySelector("summary").focus();
      event.preventDefault();
      return;
    }
    if (!document.getElementById("skip-button")) return;
    var target = event.target;
    // Space keeps its meaning on a control (a tile, a button); Escape skips from anywhere
    if (event.key === " " && target && target.closest && target.closest("input, button, a, select, textarea, summary, [contenteditable]")) return;
    if (skip()) event.preventDefault();
  });

  function reselect() {
    if (!selectionWas || !selectionWas.length) return;
    var left = selectionWas.slice();
    document.querySelectorAll("#play-form input[name=tile]").forEach(function (b) {
      var i = left.indexOf(b.value);
      if (i !== -1 && !b.checked) { b.checked = true; left.splice(i, 1); }
    });
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var table = document.getElementById("table");
    if (!table || !table.isConnected) return;
    if (event.detail.target && event.detail.target.id !== "table" && !table.contains(event.detail.target)) return;
    reselect();
    selectionWas = null;
    retype();
    draftsWas = null;
    setup();
    // after every handler of this swap has run (live.js shows the copy button, the timer's
    // button): a control it shows is found where it was, not skipped as hidden
    var was = focusWas;
    var own = ownAnswer;
    focusWas = null;
    Promise.resolve().then(function () { restoreFocus(was, own); });
  });

  // htmx has processed the new table (its hx- attributes work): ask for the next step
  if (window.htmx) {
    window.htmx.onLoad(function (elt) {
      if (elt && elt.querySelector && (elt.id === "advance-form" || elt.querySelector("#advance-form"))) scheduleStep();
    });
  }

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

  // The review's move list scrolls by itself: the selected move is shown inside it (the list
  // only; the page stays where the link's #review-steps put it).
  function showCurrentMove() {
    var list = document.querySelector("[data-review] .review__move-list");
    var current = list && list.querySelector('[aria-current="step"]');
    if (!current) return;
    var item = current.closest("li") || current;
    list.scrollTop = Math.max(0, item.offsetTop - list.offsetTop - (list.clientHeight - item.offsetHeight) / 2);
  }

  function start() {
    setup();
    showCurrentMove();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
