// A table with friends, live: the server's event stream (#table[data-events]) says only "the
// table is now at version N" (never a tile); when N is newer than the page's data-version, this
// seat fetches its own view of the table (data-refresh, with its own cookie) and htmx swaps it in
// place (saying how many log events the page showed, so the live region says only what is new).
// A reconnect's first event carries the current version, so a missed nudge only delays.
// While the stream is down, or says the server cannot hear moves ({"live": false}), the table is
// also fetched every few seconds. A refresh has its own time limit: one that fails or is slow
// (an app process frozen or restarting) says "Reconnecting…" and is asked again, waiting longer
// each time (nginx sends the next one to another app process). The turn timer's
// countdown and the copy button of the invite's link live here too. Without JavaScript the page
// reloads itself (a <noscript> refresh) and every control is a plain form.
(function () {
  "use strict";
  const POLL_MS = 5000; // the table's refresh while the stream is down
  const RETRY_MS = 1000; // a refresh that failed is asked again after 1, 2, 4, then every 8 s
  const RETRY_MAX_MS = 8000;
  const REFRESH_TIMEOUT_MS = 10000; // a refresh not answered by then has failed (nginx gives up on a
  // silent app process after 5 s and asks the other one)
  const SLOW_MS = 3000; // a refresh slower than this says "Reconnecting…" while it waits
  let failures = 0; // the table's refreshes failed in a row
  let slowTimer = null;
  let reconnecting = false;
  // a stream the server refused (429 over the open streams' limit, a 502 while the events process
  // restarts) is opened again after the server's Retry-After (paiyou.live.counting.RETRY_AFTER);
  // an EventSource cannot read the header, and gives up for good on any answer but a 200
  const STREAM_RETRY_MS = 15000;
  let streamRetryAt = 0;
  let streamTimer = null;
  let source = null;
  let sourceUrl = null;
  let pending = false; // a refresh asked for while a request of the table was under way
  let busy = false;
  let pollTimer = null;
  let clockTimer = null;
  let retryTimer = null;

  function table() {
    return document.getElementById("table");
  }

  function version() {
    const t = table();
    return t ? parseInt(t.dataset.version || "0", 10) : 0;
  }

  function refresh() {
    const t = table();
    if (!t || !t.dataset.refresh || !window.htmx) return;
    if (busy) { pending = true; return; }
    // the stream may have told a version this page could not fetch (the network or the app
    // process was down a moment): no event repeats it, so the page asks again until it has it
    // sent from #table itself: play.js tells these from the player's own requests
    ask("GET", t.dataset.refresh, { source: t, target: "#table", swap: "outerHTML" }).catch(retryLater);
  }

  function retryLater() {
    showReconnecting(true);
    if (retryTimer) return;
    const wait = Math.min(RETRY_MAX_MS, RETRY_MS * Math.pow(2, failures));
    failures += 1;
    retryTimer = window.setTimeout(function () { retryTimer = null; refresh(); }, wait);
  }

  // (the request's own element, by id: after a swap the events come from an ancestor, and the
  // request's element is the table that was replaced)
  function isRefresh(detail) {
    const config = detail.requestConfig;
    return Boolean(config && config.elt && config.elt.id === "table" && config.verb === "get");
  }

  // htmx.ajax's promise is rejected when the request fails (the network): handled here, never
  // left as an unhandled rejection
  function ask(verb, url, options) {
    const asked = window.htmx.ajax(verb, url, options);
    return asked && typeof asked.then === "function" ? asked : Promise.resolve();
  }

  let live = true; // what #live-status says: a swap of the table brings it back empty

  function showLive(on) {
    live = on;
    const status = document.getElementById("live-status");
    if (!status) return;
    if (reconnecting) status.textContent = status.dataset.reconnecting || "";
    else status.textContent = on ? "" : (status.dataset.lost || "");
  }

  function showReconnecting(on) {
    reconnecting = on;
    showLive(live);
  }

  function startPolling() {
    if (pollTimer) return;
    showLive(false);
    pollTimer = window.setInterval(refresh, POLL_MS);
  }

  function stopPolling() {
    if (pollTimer) { window.clearInterval(pollTimer); pollTimer = null; }
    showLive(true);
  }

  function connect() {
    const t = table();
    const url = t && t.dataset.events;
    // a stream the browser gave up on (an answer other than 200) is opened again here, at the
    // polling's next refresh once its Retry-After has passed, or by the timer set for then
    if (url === sourceUrl && source && source.readyState !== EventSource.CLOSED) return;
    if (url === sourceUrl && source && Date.now() < streamRetryAt) return;
    if (source) { source.close(); source = null; }
    sourceUrl = url || null;
    if (!url || typeof EventSource !== "function") return;
    source = new EventSource(url);
    source.addEventListener("open", stopPolling);
    source.addEventListener("error", function () {
      startPolling(); // EventSource reconnects by itself meanwhile, unless it gave up:
      if (source && source.readyState === EventSource.CLOSED && !streamTimer) {
        streamRetryAt = Date.now() + STREAM_RETRY_MS;
        streamTimer = window.setTimeout(function () { streamTimer = null; connect(); }, STREAM_RETRY_MS);
      }
    });
    source.addEventListener("message", function (event) {
      let data = null;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (data && typeof data.v === "number" && data.v > version()) refresh();
    });
    source.addEventListener("presence", function () {
      // who is connected is worth a refresh, but not a selection of tiles the player is making
      if (!document.querySelector("#play-form input[name=tile]:checked")) refresh();
    });
    source.addEventListener("live", function (event) {
      let data = null;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      // not live: the page says the table refreshes every few seconds, so it does
      if (data && data.live) stopPolling(); else startPolling();
    });
  }

  // -- the turn timer -------------------------------------------------------------------------
  function tick() {
    const form = document.getElementById("timeout-form");
    const out = document.getElementById("countdown");
    if (!form || !out) return;
    const skew = parseInt(form.dataset.now || "0", 10) * 1000 - parseInt(form.dataset.loaded || "0", 10);
    const left = Math.max(0, Math.ceil((parseInt(form.dataset.deadline, 10) * 1000 - (Date.now() + skew)) / 1000));
    const minutes = Math.floor(left / 60);
    const seconds = String(left % 60).padStart(2, "0");
    out.textContent = (form.dataset.left || "").replace("{time}", pageDigits(form, minutes + ":" + seconds));
    hurry(form, left);
    const button = document.getElementById("time-up");
    if (button) button.hidden = left > 0;
    if (left === 0 && !form.dataset.sent && window.htmx) {
      form.dataset.sent = "yes"; // the server checks the deadline: a second page's ask changes nothing
      ask("POST", form.action, { source: form, target: "#table", swap: "outerHTML" })
        .catch(function () { delete form.dataset.sent; }); // not sent: the next tick asks again
    }
  }

  // The time in the page's digits, as the server writes every number (Persian «۱:۳۲» beside
  // «۱۲۰ ثانیه», not "1:32"): the form's data-digits are 0 to 9 in the page's script.
  function pageDigits(form, text) {
    const digits = Array.from(form.dataset.digits || "0123456789");
    return text.replace(/[0-9]/g, function (d) { return digits[Number(d)]; });
  }

  function startClock() {
    const form = document.getElementById("timeout-form");
    if (form && !form.dataset.loaded) form.dataset.loaded = String(Date.now());
    if (clockTimer) window.clearInterval(clockTimer);
    clockTimer = form ? window.setInterval(tick, 1000) : null;
    tick();
  }

  // Your turn's clock about to run out is said in the live region (#announce, which stays across
  // swaps), once per turn (a turn is its deadline), at the time it gives (data-hurry-at seconds).
  let hurriedFor = null;

  function hurry(form, left) {
    const region = document.getElementById("announce");
    const at = region ? parseInt(region.dataset.hurryAt || "0", 10) : 0;
    if (!at || left > at || left === 0 || hurriedFor === form.dataset.deadline) return;
    if (!document.querySelector("#status.status--turn")) return;
    hurriedFor = form.dataset.deadline;
    const said = document.createElement("p");
    said.textContent = region.dataset.hurry || "";
    region.appendChild(said);
  }

  // -- the invite's link ----------------------------------------------------------------------
  function setupCopy() {
    const button = document.getElementById("copy-link");
    const field = document.getElementById("invite-link");
    if (!button || !field || !navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(field.value).then(function () {
        const status = document.getElementById("copy-status");
        if (status) status.textContent = button.dataset.copied || "";
      });
    });
  }

  // A seat the timer gave to the computer comes back with its player: this page is the key
  // coming back (a seat its player left with Leave waits for "Take your seat back").
  function takeBack() {
    const form = document.getElementById("return-form");
    if (!form || form.dataset.auto !== "yes" || form.dataset.sent || !window.htmx) return;
    form.dataset.sent = "yes";
    ask("POST", form.action, { source: form, target: "#table", swap: "outerHTML" })
      .catch(function () { delete form.dataset.sent; }); // not sent: asked again at the next swap
  }

  function setup() {
    showLive(live);
    takeBack();
    connect();
    startClock();
    setupCopy();
  }

  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.elt && event.detail.elt.id === "table" && event.detail.verb === "get") {
      event.detail.timeout = REFRESH_TIMEOUT_MS;
    }
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    const t = table();
    if (t && event.detail.target === t) busy = true;
    if (isRefresh(event.detail) && !slowTimer) {
      slowTimer = window.setTimeout(function () { slowTimer = null; showReconnecting(true); }, SLOW_MS);
    }
  });
  document.addEventListener("htmx:responseError", function (event) {
    // the table's refresh answered with an error (a 502 while an app process restarts, a 504)
    if (isRefresh(event.detail) && event.detail.xhr.status >= 500) retryLater();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (isRefresh(event.detail)) {
      if (slowTimer) { window.clearTimeout(slowTimer); slowTimer = null; }
      if (event.detail.successful) { failures = 0; showReconnecting(false); }
    }
    busy = false;
    // asked once htmx has let go of the request (this event comes before it does): asked now,
    // htmx would queue it, and a queued request's failure is an unhandled rejection
    if (pending) { pending = false; window.setTimeout(refresh, 0); }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "table") setup();
  });
  // a refresh of the table (a GET from here) says how many log events this page showed: the
  // answer announces only what came since (a presence change then says nothing)
  document.addEventListener("htmx:configRequest", function (event) {
    const t = table();
    const detail = event.detail;
    if (!t || detail.verb !== "get" || detail.target !== t || detail.elt !== document.body) return;
    if (t.dataset.seen) detail.parameters.seen = t.dataset.seen;
  });
  window.addEventListener("pagehide", function () { if (source) source.close(); });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
