// The review's shuffle check, in the browser (progressive enhancement: without JavaScript, or
// without SubtleCrypto — it needs a secure context — the page's own verdict and the command stay).
// It hashes "<game>:<seed>:<salt>" with SHA-256 and compares the result with the commitment the
// record says was shown during the deal. The sentences come from the page (data-says-…).
(function () {
  "use strict";
  const section = document.querySelector("[data-shuffle-check]");
  if (!section || !window.crypto || !window.crypto.subtle || !window.TextEncoder) return;
  const wrap = section.querySelector("[data-shuffle-browser]");
  const button = section.querySelector("[data-shuffle-button]");
  const output = section.querySelector("[data-shuffle-output]");
  if (!wrap || !button || !output) return;
  wrap.hidden = false;
  button.addEventListener("click", async function () {
    const bytes = new TextEncoder().encode(section.dataset.text || "");
    const digest = await window.crypto.subtle.digest("SHA-256", bytes);
    const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
    const shown = section.dataset.shown || "";
    const says = !shown ? section.dataset.saysComputed
      : hex === shown ? section.dataset.saysMatch : section.dataset.saysMismatch;
    output.textContent = (says || "{hash}").replace("{hash}", hex);
    output.dataset.result = !shown ? "computed" : hex === shown ? "match" : "mismatch";
  });
})();
